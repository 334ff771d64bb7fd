/* vol-chart-queue.c — the chart of a queue-depth result
 *
 * A line of IOPS over the queue depths measured (one category each, in
 * the order run), as the reviews draw it. Under the plot, a row per depth
 * gives what the line cannot: MB/s and the latency (mean, p50, p99,
 * p99.9), with the IOPS in the column of the series, so every number
 * drawn is also there as text. The result keeps every column and the
 * half-second intervals for anyone re-plotting.
 */
#include "vol-chart-build.h"
#include "vol-kinds.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-chart-layout.h"
#include "vol-size.h"

/* More depths than this and the rows would squeeze the plot away. */
#define MAX_TABLE_ROWS 12

static const char *
param_string (const VolResult *result,
              const char      *key)
{
  const char *s = NULL;

  if (result->params && g_variant_lookup (result->params, key, "&s", &s))
    return s;
  return NULL;
}

static double
param_double (const VolResult *result,
              const char      *key)
{
  double d = 0;
  gint64 x;

  if (result->params && g_variant_lookup (result->params, key, "d", &d))
    return d;
  if (result->params && g_variant_lookup (result->params, key, "x", &x))
    return x;
  return 0;
}

static double
column_at (const VolSeries *series,
           const char      *name,
           guint            i)
{
  VolColumn *col = vol_series_get_column (series, name);

  if (col == NULL || i >= col->values->len)
    return NAN;
  return g_array_index (col->values, double, i);
}

VolChart *
_vol_chart_build_queue (const VolResult       *result,
                        const VolChartOptions *options)
{
  const VolSeries *points = vol_result_get_series (result, VOL_QUEUE_SERIES_POINTS);
  VolChart *chart;
  g_autofree char *target = vol_chart_describe_target (result);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  const char *mode = param_string (result, "mode");
  const char *alignment = param_string (result, "alignment");
  gint64 block = _vol_chart_resolved_int (result, "block");
  gint64 span = _vol_chart_resolved_int (result, "span");
  gint64 read_percent = _vol_chart_resolved_int (result, "read-percent");
  double seconds = param_double (result, "seconds");
  g_autofree char *block_text = block > 0 ? vol_size_format ((guint64) block) : g_strdup ("?");
  const char *what;
  g_autofree char *legend = NULL;
  VolChartSeries *line;
  guint n;

  if (points == NULL || vol_series_get_column (points, VOL_COL_IOPS) == NULL)
    return _vol_chart_build_generic (result, options);
  n = vol_series_get_length (points);

  chart = vol_chart_new (VOL_CHART_KIND_LINES);
  what = g_strcmp0 (mode, "write") == 0 ? _("writes") : g_strcmp0 (mode, "mix") == 0 ? _("mixed I/O") : _("reads");
  chart->title = result->label
    ? g_strdup_printf (_("%s: random %s %s by queue depth"), result->label, block_text, what)
    : g_strdup_printf (_("Random %s %s by queue depth"), block_text, what);
  {
    GString *sub = g_string_new (target);
    if (span > 0)
      {
        g_autofree char *span_text = vol_size_format ((guint64) span);
        g_string_append_printf (sub, _(" · over %s"), span_text);
      }
    if (g_strcmp0 (mode, "mix") == 0)
      g_string_append_printf (sub, _(" · %d %% reads"), (int) read_percent);
    g_string_append (sub, g_strcmp0 (alignment, "offset512") == 0 ? _(" · offsets 512 B past 4 KiB")
                                                                  : _(" · 4 KiB-aligned"));
    if (seconds > 0)
      g_string_append_printf (sub, _(" · %g s per depth"), seconds);
    g_string_append_printf (sub, " · %s · %s · %s", result->io_backend ? result->io_backend : "?",
                            result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                            result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros") : _("random data"));
    chart->subtitle = g_string_free (sub, FALSE);
  }
  chart->x_title = g_strdup (_("Queue depth (I/Os in flight)"));
  chart->x_unit = g_strdup ("");
  chart->y_title = g_strdup (_("I/O operations per second (IOPS)"));
  chart->y_unit = g_strdup (VOL_UNIT_IOPS);
  chart->footer = _vol_chart_footer_for (result);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (categories, g_strdup_printf ("%.0f", column_at (points, VOL_COL_DEPTH, i)));
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  legend = g_strcmp0 (mode, "write") == 0 ? g_strdup (_("Write IOPS"))
         : g_strcmp0 (mode, "mix") == 0 ? g_strdup_printf (_("IOPS, %d %% reads"), (int) read_percent)
         : g_strdup (_("Read IOPS"));
  line = vol_chart_add_series (chart, legend, g_strcmp0 (mode, "write") == 0 ? 0 : 1);
  for (guint i = 0; i < n; i++)
    vol_chart_series_add (line, i, column_at (points, VOL_COL_IOPS, i));

  if (n <= MAX_TABLE_ROWS)
    for (guint i = 0; i < n; i++)
      {
        /* the one formatter: "84.1 µs", "165800" (not 1.658e+05) */
        g_autofree char *mean = vol_value_format (column_at (points, VOL_COL_LAT_MEAN, i), VOL_UNIT_SECONDS, FALSE);
        g_autofree char *p50 = vol_value_format (column_at (points, VOL_COL_LAT_P50, i), VOL_UNIT_SECONDS, FALSE);
        g_autofree char *p99 = vol_value_format (column_at (points, VOL_COL_LAT_P99, i), VOL_UNIT_SECONDS, FALSE);
        g_autofree char *p999 = vol_value_format (column_at (points, VOL_COL_LAT_P999, i), VOL_UNIT_SECONDS, FALSE);
        g_autofree char *iops = vol_value_format (column_at (points, VOL_COL_IOPS, i), "", FALSE);
        g_autofree char *rate = vol_value_format (column_at (points, VOL_COL_THROUGHPUT, i), VOL_UNIT_RATE,
                                                  options && options->binary);
        g_autofree char *label = NULL;
        const char *cells[2] = { iops, NULL };

        label = g_strdup_printf (_("QD %.0f:  %s · latency mean %s, p50 %s, p99 %s, p99.9 %s"),
                                 column_at (points, VOL_COL_DEPTH, i), rate, mean, p50, p99, p999);
        vol_chart_add_table_row (chart, label, cells);
      }
  else if (_vol_chart_wants_table (options))
    vol_chart_add_warning (chart, _("Too many depths for a table: MB/s and latencies are in the result"));

  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
