/* vol-test-transfer.c — the Transfer size test
 *
 * Described in the registry (its parameters already validate, appear in
 * --help and in the application's rows); run is NULL until it is
 * implemented, so the runner says it is not available before touching
 * the target.
 */
#include "vol-run-private.h"

#include <glib/gi18n.h>

#define MiB (1024.0 * 1024.0)
#define GiB (1024.0 * 1024.0 * 1024.0)
#define TiB (1024.0 * 1024.0 * 1024.0 * 1024.0)

static const VolParamDesc transfer_params[] = {
  { "from", VOL_PARAM_SIZE, N_("Smallest transfer"), N_("First transfer size; sizes double up to the largest"),
    "SIZE", "256K", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "to", VOL_PARAM_SIZE, N_("Largest transfer"), N_("Last transfer size"),
    "SIZE", "128M", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "region", VOL_PARAM_SIZE, N_("Region per size"), N_("Bytes written then read at each size (scaled down to the free space)"),
    "SIZE", "1G", MiB, TiB, 0, MiB },
  { "iterations", VOL_PARAM_INT, N_("Iterations"), N_("Repeats at each size; each one is kept"),
    "N", "5", 1, 100 },
};

const VolTestKind vol_test_transfer = {
  {
    "transfer",
    N_("Transfer size"),
    N_("Sequential write then read of a region at each transfer size"),
    transfer_params, G_N_ELEMENTS (transfer_params),
    NULL,
  },
  NULL,
  NULL,
};
