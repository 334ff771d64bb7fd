/* vol-chart-transfer.c — the chart of a transfer-size result
 *
 * Grouped bars, one group per transfer size ("512 B" … "128 MiB"): the
 * average write and read throughput over the iterations, each bar with
 * its value. The spread across iterations sits in the table under the
 * plot (slowest – fastest per size), so a wide spread is seen, not
 * hidden behind an average; the CSV export has every iteration.
 */
#include "vol-chart-build.h"
#include "vol-kinds.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-chart-layout.h"
#include "vol-size.h"
#include "vol-stats.h"

/* Beyond this many sizes a row per size would squeeze the plot away. */
#define MAX_TABLE_ROWS 10

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The sizes present in either series, ascending. */
static GArray *
collect_sizes (const VolResult *result)
{
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (double));
  const char *names[] = { VOL_TRANSFER_SERIES_WRITE, VOL_TRANSFER_SERIES_READ };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      const VolSeries *series = vol_result_get_series (result, names[n]);
      VolColumn *col = series ? vol_series_get_column (series, VOL_COL_SIZE) : NULL;
      for (guint i = 0; col && i < col->values->len; i++)
        {
          double v = g_array_index (col->values, double, i);
          gboolean seen = FALSE;
          for (guint j = 0; j < sizes->len && !seen; j++)
            seen = g_array_index (sizes, double, j) == v;
          if (!seen)
            g_array_append_val (sizes, v);
        }
    }
  g_array_sort (sizes, compare_double);
  return sizes;
}

/* Stats of one direction's throughput at one size, in display units. */
static gboolean
stats_at (const VolSeries *series,
          double           size,
          double           scale,
          VolStats        *stats)
{
  VolColumn *sz, *rate;
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  if (series == NULL)
    return FALSE;
  sz = vol_series_get_column (series, VOL_COL_SIZE);
  rate = vol_series_get_column (series, VOL_COL_THROUGHPUT);
  if (sz == NULL || rate == NULL)
    return FALSE;
  for (guint i = 0; i < sz->values->len && i < rate->values->len; i++)
    if (g_array_index (sz->values, double, i) == size)
      {
        double v = g_array_index (rate->values, double, i) / scale;
        g_array_append_val (values, v);
      }
  if (values->len == 0)
    return FALSE;
  vol_stats_compute ((const double *) values->data, values->len, stats);
  return TRUE;
}

static char *
spread_text (const VolStats *stats,
             gint64          iterations)
{
  g_autofree char *lo = vol_chart_format_number (stats->min, stats->min >= 100 ? 1 : 0.1);
  g_autofree char *hi = vol_chart_format_number (stats->max, stats->max >= 100 ? 1 : 0.1);

  /* the count only when a partial run kept fewer than asked */
  if (stats->count < 2)
    return g_strdup_printf (_("%s (1 iteration)"), lo);
  if (stats->count != iterations)
    return g_strdup_printf (_("%s – %s (%u iterations)"), lo, hi, stats->count);
  return g_strdup_printf ("%s – %s", lo, hi);
}

VolChart *
_vol_chart_build_transfer (const VolResult       *result,
                           const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autofree char *target = vol_chart_describe_target (result);
  g_autoptr(GArray) sizes = collect_sizes (result);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  const VolSeries *in[2] = { vol_result_get_series (result, VOL_TRANSFER_SERIES_WRITE),
                               vol_result_get_series (result, VOL_TRANSFER_SERIES_READ) };
  const char *legend[2] = { _("Write"), _("Read") };
  VolChartSeries *out[2] = { NULL, NULL };
  double scale = _vol_chart_rate_scale (options);
  const char *unit = _vol_chart_rate_unit (options);
  gint64 region = _vol_chart_resolved_int (result, "region");
  gint64 iterations = _vol_chart_resolved_int (result, "iterations");

  chart->title = result->label
    ? g_strdup_printf (_("%s: throughput by transfer size"), result->label)
    : g_strdup (_("Sequential throughput by transfer size"));
  {
    GString *sub = g_string_new (target);
    if (region > 0)
      {
        g_autofree char *region_text = vol_size_format ((guint64) region);
        g_string_append_printf (sub, _(" · %s per size"), region_text);
      }
    if (iterations > 0)
      g_string_append_printf (sub, ngettext (" · %d iteration", " · %d iterations", (gulong) iterations),
                              (int) iterations);
    g_string_append_printf (sub, " · %s · %s",
                            result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                            result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros") : _("random data"));
    chart->subtitle = g_string_free (sub, FALSE);
  }
  chart->x_title = g_strdup (_("Transfer size"));
  chart->x_unit = g_strdup ("B");
  chart->y_title = g_strdup_printf (_("Average throughput (%s)"), unit);
  chart->y_unit = g_strdup (unit);
  chart->footer = _vol_chart_footer_for (result);

  for (guint i = 0; i < sizes->len; i++)
    g_ptr_array_add (categories, vol_chart_format_bytes (g_array_index (sizes, double, i)));
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  for (guint d = 0; d < 2; d++)
    if (in[d] != NULL)
      out[d] = vol_chart_add_series (chart, legend[d], d);

  for (guint i = 0; i < sizes->len; i++)
    {
      double size = g_array_index (sizes, double, i);
      char *cells[3] = { NULL, NULL, NULL };
      g_autofree char *label = NULL;
      guint c = 0;

      for (guint d = 0; d < 2; d++)
        {
          VolStats stats;
          if (out[d] == NULL)
            continue;
          if (stats_at (in[d], size, scale, &stats))
            {
              vol_chart_series_add (out[d], i, stats.mean);
              cells[c++] = spread_text (&stats, iterations);
            }
          else
            cells[c++] = g_strdup ("—");
        }
      if (sizes->len <= MAX_TABLE_ROWS)
        {
          label = g_strdup_printf (_("%s: slowest – fastest iteration, %s"),
                                   (const char *) g_ptr_array_index (categories, i), unit);
          vol_chart_add_table_row (chart, label, (const char *const *) cells);
        }
      for (guint k = 0; k < c; k++)
        g_free (cells[k]);
    }
  /* A note, not a warning: warnings are kept for doubts about the
   * measurement itself. */
  if (sizes->len > MAX_TABLE_ROWS)
    {
      char *subtitle = g_strconcat (chart->subtitle ? chart->subtitle : "",
                                    _(" · every iteration is in the CSV export"), NULL);
      g_free (chart->subtitle);
      chart->subtitle = subtitle;
    }

  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
