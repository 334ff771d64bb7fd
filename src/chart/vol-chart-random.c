/* vol-chart-random.c — the chart of a random I/O result
 *
 * One I/O count: a bar per iteration for writes/s and reads/s, and under
 * it the table the random I/O reviews print — slowest, fastest, average,
 * median, range (and the range as a % of the average).
 * A count sweep: writes/s and reads/s (average over the iterations)
 * against the I/O count on a log axis — the sustained-decline table of the
 * reviews — with slowest – fastest per count in the table.
 */
#include "vol-chart-build.h"
#include "vol-kinds.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "vol-chart-layout.h"
#include "vol-size.h"
#include "vol-stats.h"

#define MAX_TABLE_ROWS 10

static gint64
param_int (const VolResult *result,
           const char      *key)
{
  gint64 v = 0;

  if (result->params && g_variant_lookup (result->params, key, "x", &v))
    return v;
  return 0;
}

/* the one formatter: "12501", "523.4" */
static char *
ops_text (double v)
{
  return vol_value_format (v, "", FALSE);
}

static char *
make_subtitle (const VolResult *result,
               gboolean         sweep)
{
  g_autofree char *target = vol_chart_describe_target (result);
  GString *sub = g_string_new (target);
  gint64 chunk = param_int (result, "chunk");
  gint64 file_size = _vol_chart_resolved_int (result, "file-size");
  gint64 ios = param_int (result, "ios");
  gint64 iterations = param_int (result, "iterations");

  if (chunk > 0)
    {
      g_autofree char *text = vol_chart_format_bytes ((double) chunk);
      g_string_append_printf (sub, _(" · %s chunks"), text);
    }
  if (file_size > 0)
    {
      g_autofree char *text = vol_size_format ((guint64) file_size);
      g_string_append_printf (sub, _(" over %s"), text);
    }
  if (!sweep && ios > 0)
    g_string_append_printf (sub, _(" · %" PRId64 " writes then %" PRId64 " reads per iteration"), ios, ios);
  if (sweep && iterations > 0)
    g_string_append_printf (sub, ngettext (" · %d iteration per count", " · %d iterations per count", (gulong) iterations),
                            (int) iterations);
  g_string_append_printf (sub, _(" · QD 1 · %s · seed 0x%016" PRIx64),
                          result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                          result->seed);
  return g_string_free (sub, FALSE);
}

static void
ops_stats (const VolSeries *series,
           VolStats        *stats)
{
  VolColumn *ops = vol_series_get_column (series, VOL_RANDOM_COL_OPS);

  memset (stats, 0, sizeof *stats);
  if (ops && ops->values->len > 0)
    vol_stats_compute ((const double *) ops->values->data, ops->values->len, stats);
}

/* Over all of a direction's iterations: bytes per second (the mean of
 * the iterations' rates, as the IO/s average is) and the time per I/O
 * (all their seconds over all their I/Os; at queue depth 1 that is the
 * mean latency, the writes' share of their flush included). FALSE when
 * the result does not have them (written before it kept them). */
static gboolean
rate_and_latency (const VolSeries *series,
                  double          *rate,
                  double          *latency)
{
  VolColumn *throughput = vol_series_get_column (series, VOL_COL_THROUGHPUT);
  VolColumn *seconds = vol_series_get_column (series, VOL_COL_SECONDS);
  VolColumn *ios = vol_series_get_column (series, VOL_RANDOM_COL_IOS);
  double sum = 0, time = 0, count = 0;
  guint n = 0;

  if (throughput == NULL || seconds == NULL || ios == NULL)
    return FALSE;
  for (guint i = 0; i < throughput->values->len; i++)
    if (isfinite (g_array_index (throughput->values, double, i)))
      {
        sum += g_array_index (throughput->values, double, i);
        n++;
      }
  for (guint i = 0; i < MIN (seconds->values->len, ios->values->len); i++)
    {
      double t = g_array_index (seconds->values, double, i), k = g_array_index (ios->values, double, i);
      if (isfinite (t) && isfinite (k) && k > 0)
        {
          time += t;
          count += k;
        }
    }
  if (n == 0 || count == 0)
    return FALSE;
  *rate = sum / n;
  *latency = time / count;
  return TRUE;
}

static VolChart *
build_iterations (const VolResult       *result,
                  const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_ITERATIONS);
  const VolSeries *in[2] = { vol_result_get_series (result, VOL_RANDOM_SERIES_WRITE), vol_result_get_series (result, VOL_RANDOM_SERIES_READ) };
  const char *legend[2] = { _("Writes/s"), _("Reads/s") };
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  VolStats stats[2];
  double rates[2] = { NAN, NAN }, latencies[2] = { NAN, NAN };
  guint n_iter = 0;
  guint n_out = 0;

  chart->title = result->label
    ? g_strdup_printf (_("%s: random I/O per iteration"), result->label)
    : g_strdup (_("Random I/O per iteration"));
  chart->subtitle = make_subtitle (result, FALSE);
  chart->x_title = g_strdup (_("Iteration"));
  chart->x_unit = g_strdup ("");
  chart->y_title = g_strdup (_("I/O operations per second"));
  chart->y_unit = g_strdup (VOL_UNIT_IOPS);
  chart->footer = _vol_chart_footer_for (result);

  for (guint d = 0; d < 2; d++)
    if (in[d])
      n_iter = MAX (n_iter, vol_series_get_length (in[d]));
  for (guint i = 0; i < n_iter; i++)
    g_ptr_array_add (categories, g_strdup_printf ("%u", i + 1));
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  for (guint d = 0; d < 2; d++)
    {
      VolChartSeries *out;
      VolColumn *ops;

      if (in[d] == NULL)
        continue;
      out = vol_chart_add_series (chart, legend[d], d);
      ops = vol_series_get_column (in[d], VOL_RANDOM_COL_OPS);
      for (guint i = 0; ops && i < ops->values->len; i++)
        vol_chart_series_add (out, i, g_array_index (ops->values, double, i));
      /* the bars are I/Os per second; what they move and how long one
       * takes go in the legend, which the window's chart keeps too */
      if (rate_and_latency (in[d], &rates[n_out], &latencies[n_out]))
        {
          g_autofree char *rate = vol_value_format (rates[n_out], "B/s", options && options->binary);
          g_autofree char *latency = vol_value_format (latencies[n_out], "s", FALSE);
          out->legend = g_strdup_printf (_("%s · %s · %s per I/O"), legend[d], rate, latency);
        }
      ops_stats (in[d], &stats[n_out++]);
    }

  /* the reviews' table: one column per direction */
  {
    static const char *const labels[] = { N_("Slowest"), N_("Fastest"), N_("Average"), N_("Median"), N_("Range") };
    for (guint row = 0; row < G_N_ELEMENTS (labels); row++)
      {
        char *cells[3] = { NULL, NULL, NULL };
        for (guint c = 0; c < n_out; c++)
          {
            const VolStats *s = &stats[c];
            if (s->count == 0)
              cells[c] = g_strdup ("—");
            else if (row == 0)
              cells[c] = ops_text (s->min);
            else if (row == 1)
              cells[c] = ops_text (s->max);
            else if (row == 2)
              cells[c] = ops_text (s->mean);
            else if (row == 3)
              cells[c] = ops_text (s->median);
            else
              {
                g_autofree char *range = ops_text (s->max - s->min);
                g_autofree char *percent = vol_value_format (s->mean > 0 ? (s->max - s->min) / s->mean * 100 : 0,
                                                             "%", FALSE);
                cells[c] = g_strdup_printf ("%s (%s)", range, percent);
              }
          }
        vol_chart_add_table_row (chart, _(labels[row]), (const char *const *) cells);
        for (guint c = 0; c < n_out; c++)
          g_free (cells[c]);
      }
    /* and, where the result has them, the averages in bytes and time */
    if (n_out > 0 && isfinite (rates[0]))
      {
        char *rate_cells[3] = { NULL, NULL, NULL }, *latency_cells[3] = { NULL, NULL, NULL };
        for (guint c = 0; c < n_out; c++)
          {
            rate_cells[c] = vol_value_format (rates[c], "B/s", options && options->binary);
            latency_cells[c] = vol_value_format (latencies[c], "s", FALSE);
          }
        vol_chart_add_table_row (chart, _("Throughput, average"), (const char *const *) rate_cells);
        vol_chart_add_table_row (chart, _("Time per I/O, average"), (const char *const *) latency_cells);
        for (guint c = 0; c < n_out; c++)
          {
            g_free (rate_cells[c]);
            g_free (latency_cells[c]);
          }
      }
  }
  return chart;
}

/* "write-1024" → 1024; 0 when the name is not of a sweep */
static guint64
sweep_count (const char *name,
             const char *prefix)
{
  gsize len = strlen (prefix);
  char *end = NULL;
  guint64 v;

  if (strncmp (name, prefix, len) != 0 || name[len] != '-')
    return 0;
  v = g_ascii_strtoull (name + len + 1, &end, 10);
  return end && *end == '\0' ? v : 0;
}

static VolChart *
build_sweep (const VolResult *result)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_LINES);
  const char *prefix[2] = { VOL_RANDOM_SERIES_WRITE, VOL_RANDOM_SERIES_READ };
  const char *legend[2] = { _("Writes/s, average"), _("Reads/s, average") };
  VolChartSeries *out[2];
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint64));

  chart->title = result->label
    ? g_strdup_printf (_("%s: random I/O against the number of I/Os"), result->label)
    : g_strdup (_("Random I/O against the number of I/Os"));
  chart->subtitle = make_subtitle (result, TRUE);
  chart->x_title = g_strdup (_("Random writes, then as many reads, per iteration"));
  chart->x_unit = g_strdup ("");
  chart->y_title = g_strdup (_("I/O operations per second"));
  chart->y_unit = g_strdup (VOL_UNIT_IOPS);
  chart->footer = _vol_chart_footer_for (result);

  /* the counts, in the order they ran */
  for (guint i = 0; i < result->series->len; i++)
    {
      const VolSeries *s = g_ptr_array_index (result->series, i);
      guint64 n = sweep_count (s->name, VOL_RANDOM_SERIES_WRITE);
      if (n > 0)
        g_array_append_val (counts, n);
    }

  /* Categories, not a numeric log axis: the counts are usually powers of
   * two, which then sit evenly spaced, and each is labelled as a count
   * (the numeric log axis labels its ticks as byte sizes). */
  {
    g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
    for (guint i = 0; i < counts->len; i++)
      g_ptr_array_add (categories, g_strdup_printf ("%" G_GUINT64_FORMAT, g_array_index (counts, guint64, i)));
    g_ptr_array_add (categories, NULL);
    vol_chart_set_categories (chart, (const char *const *) categories->pdata);
  }
  for (guint d = 0; d < 2; d++)
    out[d] = vol_chart_add_series (chart, legend[d], d);
  for (guint i = 0; i < counts->len; i++)
    {
      guint64 n = g_array_index (counts, guint64, i);
      char *cells[3] = { NULL, NULL, NULL };

      for (guint d = 0; d < 2; d++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%" G_GUINT64_FORMAT, prefix[d], n);
          const VolSeries *s = vol_result_get_series (result, name);
          VolStats st;

          if (s == NULL || vol_series_get_length (s) == 0)
            {
              cells[d] = g_strdup ("—");
              continue;
            }
          ops_stats (s, &st);
          vol_chart_series_add (out[d], i, st.mean);
          {
            g_autofree char *mean = ops_text (st.mean);
            g_autofree char *lo = ops_text (st.min);
            g_autofree char *hi = ops_text (st.max);
            cells[d] = st.count > 1 ? g_strdup_printf ("%s (%s – %s)", mean, lo, hi) : g_strdup (mean);
          }
        }
      if (counts->len <= MAX_TABLE_ROWS)
        {
          g_autofree char *label = g_strdup_printf (_("%" PRIu64 " I/Os: average (slowest – fastest)"), n);
          vol_chart_add_table_row (chart, label, (const char *const *) cells);
        }
      g_free (cells[0]);
      g_free (cells[1]);
    }
  return chart;
}

VolChart *
_vol_chart_build_random (const VolResult       *result,
                         const VolChartOptions *options)
{
  VolChart *chart;
  gboolean sweep = FALSE;

  for (guint i = 0; i < result->series->len && !sweep; i++)
    sweep = sweep_count (((const VolSeries *) g_ptr_array_index (result->series, i))->name, VOL_RANDOM_SERIES_WRITE) > 0;
  if (!sweep && vol_result_get_series (result, VOL_RANDOM_SERIES_WRITE) == NULL && vol_result_get_series (result, VOL_RANDOM_SERIES_READ) == NULL)
    return _vol_chart_build_generic (result, options);

  chart = sweep ? build_sweep (result) : build_iterations (result, options);
  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
