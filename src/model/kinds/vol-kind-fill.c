/* vol-kind-fill.c — the fill test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-fill.c runs it.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

static const VolParamDesc fill_params[] = {
  { "files", VOL_PARAM_INT, N_("Files"),
    N_("How many equal files fill the space; each gives one sample"),
    "N", "1000", 1, 1000000 },
  { "chunk", VOL_PARAM_SIZE, N_("Chunk size"),
    N_("Bytes per write and per read (a multiple of 4 KiB)"),
    "SIZE", "32M", 4096, 1073741824, 0, 4096 },
  { "reserve", VOL_PARAM_SIZE_OR_PERCENT, N_("Reserve"),
    N_("Free space left unwritten: bytes, or a percentage of the capacity (at least 64 MiB)"),
    "SIZE|N%", "2%", 0, 4611686018427387904.0, 90, 0, NULL, VOL_PARAM_FLAG_BELOW_FREE_SPACE },
  { "max-bytes", VOL_PARAM_SIZE, N_("Maximum bytes"),
    N_("Write at most this much in all, for a shorter run; unset fills the space"),
    "SIZE", NULL, 1048576, 4611686018427387904.0, 0, 0, NULL, VOL_PARAM_FLAG_OPTIONAL },
};

/* The free space less the reserve (or max-bytes), written and read back. */
static void
fill_estimate (const VolTestInfo *info,
               const VolTestSpec *spec,
               guint64            free_bytes,
               guint64            capacity,
               VolEstimate       *out)
{
  g_autoptr(GVariant) reserve = vol_test_spec_get_value (spec, "reserve");
  guint64 keep = 0, total;

  if (reserve != NULL && g_variant_is_of_type (reserve, G_VARIANT_TYPE_DOUBLE))
    keep = MAX ((guint64) (capacity * g_variant_get_double (reserve) / 100.0), VOL_FILL_RESERVE_FLOOR);
  else if (reserve != NULL && g_variant_is_of_type (reserve, G_VARIANT_TYPE_INT64))
    keep = (guint64) g_variant_get_int64 (reserve);
  total = free_bytes > keep ? free_bytes - keep : 0;
  if (vol_test_spec_has (spec, "max-bytes"))
    total = MIN (total, (guint64) vol_test_spec_get_int (spec, "max-bytes"));
  out->bytes_written = total;
  out->bytes_held = total;
  out->bytes_moved = 2 * total;
}

/**
 * vol_kind_fill_add_series:
 * @name: VOL_FILL_SERIES_WRITE or VOL_FILL_SERIES_READ
 *
 * Adds one direction's series: a row per file, its throughput at its
 * position on the volume.
 *
 * Returns: (transfer none): the series
 */
VolSeries *
vol_kind_fill_add_series (VolResult  *result,
                          const char *name,
                          const char *title)
{
  VolSeries *series = vol_result_add_series (result, name, title, VOL_COL_POSITION, VOL_COL_THROUGHPUT);

  vol_series_add_column (series, VOL_COL_POSITION, VOL_UNIT_PERCENT);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  vol_series_add_column (series, VOL_FILL_COL_FILE, VOL_UNIT_NONE);
  return series;
}

/* ---- what a result shows ----------------------------------------------- */

static VolResultHeadline *
fill_headline (const VolResult *result)
{
  VolResultHeadline *h = _vol_result_headline_from_summary (result, VOL_FILL_SERIES_WRITE, _("Write, mean"));

  return h ? h : _vol_result_headline_from_summary (result, VOL_FILL_SERIES_READ, _("Read, mean"));
}

const VolTestInfo vol_kind_fill_info = {
  .name = VOL_KIND_FILL,
  .title = N_("Fill volume"),
  .description = N_("Fills the free space with equal files, then reads them back: speed across the volume’s capacity"),
  .params = fill_params,
  .n_params = G_N_ELEMENTS (fill_params),
  .estimate = fill_estimate,
  .headline = fill_headline,
};
