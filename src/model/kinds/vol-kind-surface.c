/* vol-kind-surface.c — the surface test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-surface.c runs it.
 */
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

static const VolParamDesc surface_params[] = {
  { "whole-disk", VOL_PARAM_BOOL, N_("Whole disk"),
    N_("For a partition, or a folder on one, read the whole disk the partition is on"), NULL, "no" },
  { "samples", VOL_PARAM_INT, N_("Positions"),
    N_("Places read, evenly spaced from the first byte of the device to the last"), "N", "200", 10, 10000 },
  { "sample-size", VOL_PARAM_SIZE, N_("Read at each position"), N_("Bytes read and timed at each position"),
    "SIZE", "8M", 64 * 1024, 256 * 1024 * 1024, 0, 64 * 1024 },
  { "access", VOL_PARAM_INT, N_("Access time reads"),
    N_("Random 4 KiB reads over the whole device, each timed: seek and rotation"), "N", "1000", 0, 100000 },
};

static void
surface_estimate (const VolTestInfo *info,
                  const VolTestSpec *spec,
                  guint64            free_bytes,
                  guint64            capacity,
                  VolEstimate       *out)
{
  guint64 samples = (guint64) vol_test_spec_get_int (spec, "samples");
  guint64 sample = (guint64) vol_test_spec_get_int (spec, "sample-size");

  out->bytes_moved = samples * (sample + 4096);
  /* every sample and access read pays a seek on a disk that has them */
  out->ios = samples + (guint64) vol_test_spec_get_int (spec, "access");
}

const VolTestInfo vol_kind_surface_info = {
  .name = VOL_KIND_SURFACE,
  .title = N_("Read across the device"),
  .description = N_("Reads evenly spaced positions from the device's first byte to its last, and random access times; writes nothing"),
  .params = surface_params,
  .n_params = G_N_ELEMENTS (surface_params),
  .estimate = surface_estimate,
  .reads_device = TRUE,
};
