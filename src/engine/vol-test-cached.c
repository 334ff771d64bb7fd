/* vol-test-cached.c — the Cached vs device read test
 *
 * Described in the registry (its parameters already validate, appear in
 * --help and in the application's rows); run is NULL until it is
 * implemented, so the runner says it is not available before touching
 * the target.
 */
#include "vol-run-private.h"

#include <glib/gi18n.h>

static const char *const cached_sources[] = { "auto", "device", "file", NULL };

static const VolParamDesc cached_params[] = {
  { "cached-seconds", VOL_PARAM_DOUBLE, N_("Cached reads"), N_("Seconds of reads from the page cache"),
    "S", "2", 0.5, 600 },
  { "device-seconds", VOL_PARAM_DOUBLE, N_("Device reads"), N_("Seconds of direct reads from the device"),
    "S", "3", 0.5, 600 },
  { "source", VOL_PARAM_CHOICE, N_("Read from"), N_("The block device when it may be opened, else a test file"),
    NULL, "auto", 0, 0, 0, 0, cached_sources },
};

const VolTestKind vol_test_cached = {
  {
    "cached",
    N_("Cached vs device read"),
    N_("The same region read through the page cache and straight from the device"),
    cached_params, G_N_ELEMENTS (cached_params),
    NULL,
  },
  NULL,
  NULL,
};
