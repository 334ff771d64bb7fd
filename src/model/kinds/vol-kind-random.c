/* vol-kind-random.c — the Random I/O test's result: rows and figures
 *
 * A write and a read series per I/O count ("write", or "write-1024" in a
 * sweep), a row per phase. The figures are the ones the random I/O
 * reviews print per series: slowest, fastest, average, median, range and
 * the range as a percentage of the average. A local run and a remote
 * host's figures both come through here.
 */
#include <inttypes.h>

#include <glib/gi18n.h>

#include "vol-kinds.h"
#include "vol-stats.h"

VolSeries *
vol_kind_random_add_series (VolResult  *result,
                            const char *name,
                            const char *title)
{
  VolSeries *series = vol_result_add_series (result, name, title, VOL_COL_ITERATION, VOL_RANDOM_COL_OPS);

  vol_series_add_column (series, VOL_COL_ITERATION, VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_RANDOM_COL_OPS, VOL_UNIT_IOPS);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_RANDOM_COL_IOS, VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  return series;
}

/**
 * vol_kind_random_add_all:
 * @counts: (element-type guint64): the I/O counts
 * @sweep: the names carry the count
 * @writes: (element-type VolSeries): gets the write series, in order
 * @reads: (element-type VolSeries): the read series
 */
void
vol_kind_random_add_all (VolResult    *result,
                         const GArray *counts,
                         gboolean      sweep,
                         GPtrArray    *writes,
                         GPtrArray    *reads)
{
  for (guint i = 0; i < counts->len; i++)
    {
      guint64 n = g_array_index (counts, guint64, i);
      g_autofree char *wname = sweep ? g_strdup_printf ("write-%" G_GUINT64_FORMAT, n) : g_strdup ("write");
      g_autofree char *rname = sweep ? g_strdup_printf ("read-%" G_GUINT64_FORMAT, n) : g_strdup ("read");
      g_autofree char *wtitle = sweep ? g_strdup_printf (_("Write, %" PRIu64 " I/Os"), n) : g_strdup (_("Write"));
      g_autofree char *rtitle = sweep ? g_strdup_printf (_("Read, %" PRIu64 " I/Os"), n) : g_strdup (_("Read"));
      g_ptr_array_add (writes, vol_kind_random_add_series (result, wname, wtitle));
      g_ptr_array_add (reads, vol_kind_random_add_series (result, rname, rtitle));
    }
}

/* One write or read phase (@iteration counts from 0; the row from 1). */
void
vol_kind_random_append_row (VolSeries *series,
                            guint      iteration,
                            double     ios,
                            double     bytes,
                            double     seconds,
                            double     iops,
                            double     throughput)
{
  double row[6] = { iteration + 1, iops, throughput, seconds, ios, bytes };

  vol_series_append (series, row, G_N_ELEMENTS (row));
}

static void
summarize_series (VolResult *result,
                  VolSeries *series)
{
  static const char *const names[] = { "slowest", "fastest", "average", "median", "range", "range-percent" };
  const char *titles[] = { N_("slowest"), N_("fastest"), N_("average"), N_("median"), N_("range"), N_("range, % of average") };
  VolColumn *ops = vol_series_get_column (series, VOL_RANDOM_COL_OPS);
  const char *title = _(series->title);
  VolStats stats;
  double values[6];

  vol_result_add_summary (result, series->name, VOL_RANDOM_COL_OPS);
  if (ops->values->len == 0)
    return;
  vol_stats_compute ((const double *) ops->values->data, ops->values->len, &stats);
  values[0] = stats.min;
  values[1] = stats.max;
  values[2] = stats.mean;
  values[3] = stats.median;
  values[4] = stats.max - stats.min;
  values[5] = stats.mean > 0 ? (stats.max - stats.min) / stats.mean * 100.0 : 0;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%s", series->name, names[i]);
      g_autofree char *ftitle = g_strdup_printf ("%s, %s", title, _(titles[i]));
      vol_result_add_figure (result, name, ftitle, i == 5 ? VOL_UNIT_PERCENT : VOL_UNIT_IOPS, values[i]);
    }
}

/**
 * vol_kind_random_summarize:
 *
 * Every series' summary and figures, then the I/Os and bytes moved.
 */
void
vol_kind_random_summarize (VolResult *result,
                           GPtrArray *writes,
                           GPtrArray *reads,
                           double     ios_written,
                           double     ios_read,
                           guint64    chunk)
{
  for (guint i = 0; i < writes->len; i++)
    {
      summarize_series (result, g_ptr_array_index (writes, i));
      summarize_series (result, g_ptr_array_index (reads, i));
    }
  vol_result_add_figure (result, "ios-written", N_("Random writes"), VOL_UNIT_NONE, ios_written);
  vol_result_add_figure (result, "ios-read", N_("Random reads"), VOL_UNIT_NONE, ios_read);
  vol_result_add_figure (result, "bytes-written", N_("Bytes written at random"), VOL_UNIT_BYTES, ios_written * chunk);
  vol_result_add_figure (result, "bytes-read", N_("Bytes read at random"), VOL_UNIT_BYTES, ios_read * chunk);
}
