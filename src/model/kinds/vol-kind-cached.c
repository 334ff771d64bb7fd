/* vol-kind-cached.c — the cached test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-cached.c runs it.
 */
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

static const char *const cached_sources[] = { "auto", "device", "file", NULL };

static const char *const cached_source_labels[] = {
  N_("Automatic"), N_("The block device"), N_("A test file"), NULL,
};

static const VolParamDesc cached_params[] = {
  { "cached-seconds", VOL_PARAM_DOUBLE, N_("Cached reads"), N_("Seconds of reads from the page cache"),
    "S", "2", 0.5, 600 },
  { "device-seconds", VOL_PARAM_DOUBLE, N_("Device reads"), N_("Seconds of direct reads from the device"),
    "S", "3", 0.5, 600 },
  { "source", VOL_PARAM_CHOICE, N_("Read from"), N_("The block device when it may be opened, else a test file"),
    NULL, "auto", 0, 0, 0, 0, cached_sources, 0, cached_source_labels },
  { "region", VOL_PARAM_SIZE, N_("Cached region"), N_("Bytes read again and again through the cache, in one call (hdparm: 2 MiB)"),
    "SIZE", "2M", 4096, 1073741824, 0, 4096 },
};

/* Two set times; a test file laid down unless the device is asked for
 * (auto counts it too: whether the device can be opened is known only
 * when the run starts, and the estimate errs on the side of writing). */
static void
cached_estimate (const VolTestInfo *info,
                 const VolTestSpec *spec,
                 guint64            free_bytes,
                 guint64            capacity,
                 VolEstimate       *out)
{
  if (g_strcmp0 (vol_test_spec_get_string (spec, "source"), "device") != 0)
    out->bytes_written = vol_estimate_fit (VOL_CACHED_FILE_WANTED, free_bytes, VOL_KIND_KEEP_FREE);
  out->bytes_held = out->bytes_written;
  out->bytes_moved = out->bytes_written;
  out->fixed_seconds = vol_test_spec_get_double (spec, "cached-seconds") + vol_test_spec_get_double (spec, "device-seconds");
}

const VolTestInfo vol_kind_cached_info = {
  "cached",
  N_("Cached vs device read"),
  N_("The same region read through the page cache and straight from the device"),
  cached_params, G_N_ELEMENTS (cached_params),
  NULL,
  cached_estimate,
};
