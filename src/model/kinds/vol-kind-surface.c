/* vol-kind-surface.c — the surface test kind: parameters, and its
 * result's series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. Then its result: a row per position read and per access time,
 * the positions worth reading again, and the figures (access times,
 * burst, the drop, the slow spots) computed over those rows. The
 * engine's vol-test-surface.c runs it and keeps only the I/O.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-size.h"
#include "vol-spec.h"
#include "vol-stats.h"

/* The slow spots kept in the result: the worst few say where to look. */
#define MAX_DIPS 10

/* ---- its result --------------------------------------------------------- */

/**
 * vol_kind_surface_add_series:
 * @access: the access times (else the transfer rates)
 *
 * Adds one phase's series: a row per position read, or per random read
 * timed. Any thread.
 *
 * Returns: (transfer none): the series
 */
VolSeries *
vol_kind_surface_add_series (VolResult *result,
                             gboolean   access)
{
  VolSeries *series;

  if (access)
    {
      series = vol_result_add_series (result, VOL_SURFACE_SERIES_ACCESS, N_("Access time"), VOL_COL_POSITION,
                                      VOL_SURFACE_COL_LATENCY);
      vol_series_add_column (series, VOL_COL_POSITION, VOL_UNIT_PERCENT);
      vol_series_add_column (series, VOL_SURFACE_COL_OFFSET, VOL_UNIT_BYTES);
      vol_series_add_column (series, VOL_SURFACE_COL_LATENCY, VOL_UNIT_SECONDS);
      return series;
    }
  series = vol_result_add_series (result, VOL_SURFACE_SERIES_TRANSFER, N_("Transfer rate"), VOL_COL_POSITION,
                                  VOL_COL_THROUGHPUT);
  vol_series_add_column (series, VOL_COL_POSITION, VOL_UNIT_PERCENT);
  vol_series_add_column (series, VOL_SURFACE_COL_OFFSET, VOL_UNIT_BYTES);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_SURFACE_COL_REREAD, VOL_UNIT_RATE);
  return series;
}

/**
 * vol_kind_surface_position:
 *
 * Returns: where @offset sits on the device, in % of @device_size
 */
double
vol_kind_surface_position (guint64 offset,
                           guint64 device_size)
{
  return 100.0 * offset / device_size;
}

/**
 * vol_kind_surface_append_transfer:
 * @seconds: the timed read of @sample_size at @offset (> 0)
 *
 * Appends one position, not re-read yet.
 *
 * Returns: its transfer rate, as appended
 */
double
vol_kind_surface_append_transfer (VolSeries *transfer,
                                  guint64    offset,
                                  guint64    device_size,
                                  guint64    sample_size,
                                  double     seconds)
{
  double row[] = {
    vol_kind_surface_position (offset, device_size), offset, sample_size / seconds, seconds,
    NAN,   /* re-read only if it looks slow (vol_kind_surface_slow_positions) */
  };

  vol_series_append (transfer, row, G_N_ELEMENTS (row));
  return row[2];
}

/**
 * vol_kind_surface_append_access:
 * @seconds: the random read's time (seek, rotation and transfer)
 */
void
vol_kind_surface_append_access (VolSeries *access,
                                guint64    offset,
                                guint64    device_size,
                                double     seconds)
{
  double row[] = { vol_kind_surface_position (offset, device_size), offset, seconds };

  vol_series_append (access, row, G_N_ELEMENTS (row));
}

/**
 * vol_kind_surface_slow_positions:
 * @budget: at most this many
 *
 * The positions under half their neighbours, slowest spot first, to be
 * read again before anything is called a slow spot: on a busy machine a
 * single slow read is the machine, not the disk.
 *
 * Returns: (transfer full): the rows' indices, of guint
 */
GArray *
vol_kind_surface_slow_positions (const VolSeries *transfer,
                                 guint            budget)
{
  const VolColumn *rates = vol_series_get_column (transfer, VOL_COL_THROUGHPUT);
  g_autoptr(GArray) dips = vol_stats_find_dips ((const double *) rates->values->data, rates->values->len, G_MAXUINT);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint d = 0; d < dips->len && out->len < budget; d++)
    {
      const VolDip *dip = &g_array_index (dips, VolDip, d);

      for (guint i = dip->first; i <= dip->last && out->len < budget; i++)
        g_array_append_val (out, i);
    }
  return out;
}

/**
 * vol_kind_surface_set_reread:
 * @rate: the best rate of the position's reads again
 */
void
vol_kind_surface_set_reread (VolSeries *transfer,
                             guint      index,
                             double     rate)
{
  VolColumn *again = vol_series_get_column (transfer, VOL_SURFACE_COL_REREAD);

  g_return_if_fail (index < again->values->len);
  g_array_index (again->values, double, index) = rate;
}

/* The rate of each position: its re-read's where it was re-read (the
 * faster of the two: a slow spot is slow every time, a hiccup of the
 * machine once). */
static GArray *
effective_rates (const VolSeries *transfer)
{
  const GArray *first = vol_series_get_column (transfer, VOL_COL_THROUGHPUT)->values;
  const GArray *again = vol_series_get_column (transfer, VOL_SURFACE_COL_REREAD)->values;
  GArray *rates = g_array_sized_new (FALSE, FALSE, sizeof (double), first->len);

  for (guint i = 0; i < first->len; i++)
    {
      double a = g_array_index (first, double, i), b = g_array_index (again, double, i);
      double r = isnan (b) ? a : MAX (a, b);
      g_array_append_val (rates, r);
    }
  return rates;
}

static GArray *
column_values (const VolSeries *series,
               const char      *name)
{
  const VolColumn *c = vol_series_get_column (series, name);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (double));

  if (c && c->values)
    g_array_append_vals (out, c->values->data, c->values->len);
  return out;
}

/**
 * vol_kind_surface_summarize:
 * @burst: the burst rate (0: not measured)
 *
 * The summaries, the access times' mean, median and 99th percentile, the
 * burst rate, where the transfer rate drops, and the slow spots (a
 * series of them when there are any), on whatever was measured.
 */
void
vol_kind_surface_summarize (VolResult       *result,
                            const VolSeries *transfer,
                            const VolSeries *access,
                            double           burst,
                            guint64          device_size)
{
  g_autoptr(GArray) rates = effective_rates (transfer);
  g_autoptr(GArray) positions = column_values (transfer, VOL_COL_POSITION);
  g_autoptr(GArray) times = column_values (access, VOL_SURFACE_COL_LATENCY);
  g_autoptr(GArray) dips = NULL;
  VolCliff cliff;

  vol_result_add_summary (result, VOL_SURFACE_SERIES_TRANSFER, VOL_COL_THROUGHPUT);
  if (times->len > 0)
    {
      static const double pcts[] = { 50, 99 };
      double out[2];
      VolStats st;

      vol_result_add_summary (result, VOL_SURFACE_SERIES_ACCESS, VOL_SURFACE_COL_LATENCY);
      vol_stats_compute ((const double *) times->data, times->len, &st);
      vol_stats_percentiles ((const double *) times->data, times->len, pcts, out, 2);
      vol_result_add_figure (result, "access-mean", N_("Access time, mean"), VOL_UNIT_SECONDS, st.mean);
      vol_result_add_figure (result, "access-median", N_("Access time, median"), VOL_UNIT_SECONDS, out[0]);
      vol_result_add_figure (result, "access-p99", N_("Access time, 99th percentile"), VOL_UNIT_SECONDS, out[1]);
    }
  if (burst > 0)
    vol_result_add_figure (result, "burst", N_("Burst rate (a region just read, from the drive's cache)"),
                           VOL_UNIT_RATE, burst);
  vol_result_add_figure (result, "device-size", N_("Device size"), VOL_UNIT_BYTES, device_size);

  if (rates->len > 0 && vol_stats_find_cliff ((const double *) rates->data, rates->len, &cliff))
    {
      /* xgettext:no-c-format */
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_POSITION, N_("Throughput drops at (% of capacity)"),
                             VOL_UNIT_PERCENT, g_array_index (positions, double, cliff.index));
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_BEFORE, N_("Throughput before the drop"), VOL_UNIT_RATE,
                             cliff.before_mean);
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_AFTER, N_("Throughput after the drop"), VOL_UNIT_RATE,
                             cliff.after_mean);
    }
  dips = vol_stats_find_dips ((const double *) rates->data, rates->len, MAX_DIPS);
  vol_result_add_figure (result, VOL_SURFACE_FIG_DIPS, N_("Slow spots (under half their neighbours)"), VOL_UNIT_NONE,
                         dips->len);
  if (dips->len > 0)
    {
      VolSeries *series = vol_result_add_series (result, VOL_SURFACE_SERIES_DIPS, N_("Slow spots"),
                                                 VOL_SURFACE_COL_FROM, VOL_SURFACE_COL_LEVEL);

      vol_series_add_column (series, VOL_SURFACE_COL_FROM, VOL_UNIT_PERCENT);
      vol_series_add_column (series, VOL_SURFACE_COL_TO, VOL_UNIT_PERCENT);
      vol_series_add_column (series, VOL_SURFACE_COL_LEVEL, VOL_UNIT_RATE);
      vol_series_add_column (series, VOL_SURFACE_COL_AROUND, VOL_UNIT_RATE);
      for (guint i = 0; i < dips->len; i++)
        {
          const VolDip *d = &g_array_index (dips, VolDip, i);
          double row[4] = {
            g_array_index (positions, double, d->first), g_array_index (positions, double, d->last),
            d->level, d->around,
          };
          vol_series_append (series, row, G_N_ELEMENTS (row));
        }
    }
}

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
