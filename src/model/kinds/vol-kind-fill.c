/* vol-kind-fill.c — the fill test kind: parameters, and its result's
 * series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. Then its result: a series per direction, a row per file, and
 * the figures (overall rates, the write cliff) computed over those rows.
 * The engine's vol-test-fill.c runs it and keeps only the I/O.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-size.h"
#include "vol-spec.h"
#include "vol-stats.h"

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

/* ---- its result --------------------------------------------------------- */

/**
 * vol_kind_fill_add_series:
 * @read: the read-back pass (else the write pass)
 *
 * Adds one direction's series: a row per file, its throughput at its
 * position on the volume. Any thread.
 *
 * Returns: (transfer none): the series
 */
VolSeries *
vol_kind_fill_add_series (VolResult *result,
                          gboolean   read)
{
  VolSeries *series = read
    ? vol_result_add_series (result, VOL_FILL_SERIES_READ, N_("Read"), VOL_COL_POSITION, VOL_COL_THROUGHPUT)
    : vol_result_add_series (result, VOL_FILL_SERIES_WRITE, N_("Write"), VOL_COL_POSITION, VOL_COL_THROUGHPUT);

  vol_series_add_column (series, VOL_COL_POSITION, VOL_UNIT_PERCENT);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  vol_series_add_column (series, VOL_FILL_COL_FILE, VOL_UNIT_NONE);
  return series;
}

/**
 * vol_kind_fill_append_file:
 * @position: % of the capacity the file's middle sits at
 * @seconds: the file's transfer, its flush included (0: too quick to time)
 * @file: the file's number, from 0
 *
 * Returns: the file's throughput, as appended (0 when @seconds is 0)
 */
double
vol_kind_fill_append_file (VolSeries *series,
                           double     position,
                           double     bytes,
                           double     seconds,
                           guint      file)
{
  double row[] = { position, seconds > 0 ? bytes / seconds : 0, seconds, bytes, file };

  vol_series_append (series, row, G_N_ELEMENTS (row));
  return row[1];
}

/* Σ bytes / Σ seconds: what fio reports as bandwidth. The mean of the
 * per-file rates is never below it and is what the chart's samples show;
 * both are kept so either can be compared. */
static void
add_overall (VolResult       *result,
             const VolSeries *series,
             const char      *title,
             const char      *name)
{
  const VolColumn *bytes = vol_series_get_column (series, VOL_COL_BYTES);
  const VolColumn *seconds = vol_series_get_column (series, VOL_COL_SECONDS);
  double b = 0, t = 0;

  for (guint i = 0; i < bytes->values->len; i++)
    {
      b += g_array_index (bytes->values, double, i);
      t += g_array_index (seconds->values, double, i);
    }
  if (t > 0)
    vol_result_add_figure (result, name, title, VOL_UNIT_RATE, b / t);
}

/**
 * vol_kind_fill_summarize:
 * @write: the series vol_kind_fill_add_series() made, as measured
 * @read: likewise
 *
 * The summaries of both directions, their overall rates, what was moved
 * and, when the write speed falls off a cliff, where and by how much.
 * Computed on whatever was measured, so a cancelled or failed run still
 * says what it saw.
 */
void
vol_kind_fill_summarize (VolResult       *result,
                         const VolSeries *write,
                         const VolSeries *read,
                         double           bytes_written,
                         double           bytes_read)
{
  const VolColumn *speed = vol_series_get_column (write, VOL_COL_THROUGHPUT);
  const VolColumn *where = vol_series_get_column (write, VOL_COL_POSITION);
  VolCliff cliff;

  vol_result_add_summary (result, VOL_FILL_SERIES_WRITE, VOL_COL_THROUGHPUT);
  vol_result_add_summary (result, VOL_FILL_SERIES_READ, VOL_COL_THROUGHPUT);
  add_overall (result, write, N_("Write, all bytes over all time"), "write-overall");
  add_overall (result, read, N_("Read, all bytes over all time"), "read-overall");
  vol_result_add_figure (result, "bytes-written", N_("Bytes written"), VOL_UNIT_BYTES, bytes_written);
  vol_result_add_figure (result, "bytes-read", N_("Bytes read"), VOL_UNIT_BYTES, bytes_read);
  vol_result_add_figure (result, "files-written", N_("Files written"), VOL_UNIT_NONE, vol_series_get_length (write));
  vol_result_add_figure (result, "files-read", N_("Files read"), VOL_UNIT_NONE, vol_series_get_length (read));

  if (vol_stats_find_cliff ((const double *) speed->values->data, speed->values->len, &cliff))
    {
      vol_result_add_figure (result, VOL_FILL_FIG_CLIFF_POSITION, N_("Write speed drops at"), VOL_UNIT_PERCENT,
                             g_array_index (where->values, double, cliff.index));
      vol_result_add_figure (result, VOL_FILL_FIG_CLIFF_FILE, N_("First slow file"), VOL_UNIT_NONE, cliff.index);
      vol_result_add_figure (result, VOL_FILL_FIG_CLIFF_BEFORE, N_("Write speed before the drop"), VOL_UNIT_RATE,
                             cliff.before_mean);
      vol_result_add_figure (result, VOL_FILL_FIG_CLIFF_AFTER, N_("Write speed after the drop"), VOL_UNIT_RATE,
                             cliff.after_mean);
    }
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
