/* vol-chart-threads.c — the chart of a threads result
 *
 * A line of aggregate throughput over the thread counts measured (one
 * category each, in the order run). Under the plot, a row per count gives
 * the spread between threads (slowest – fastest thread) and the bytes
 * moved, so a count where one thread starves the others shows. The
 * half-second samples over time stay in the result for re-plotting.
 */
#include "vol-chart-build.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-chart-layout.h"
#include "vol-kinds.h"
#include "vol-size.h"

#define MAX_TABLE_ROWS 12

/* A count from a result as an integer: a file may hold NaN, a negative
 * number or 1e300, whose casts would be undefined. */
static guint64
to_count (double value)
{
  if (!(value > 0))
    return 0;
  if (value >= 0x1p64)
    return G_MAXUINT64;
  return (guint64) value;
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

static const char *
mode_title (const char *mode)
{
  if (g_strcmp0 (mode, "seqrd") == 0)
    return _("sequential reads");
  if (g_strcmp0 (mode, "rndwr") == 0)
    return _("random writes");
  if (g_strcmp0 (mode, "rndrd") == 0)
    return _("random reads");
  if (g_strcmp0 (mode, "rndrw") == 0)
    return _("random reads and writes");
  return _("sequential writes");
}

VolChart *
_vol_chart_build_threads (const VolResult       *result,
                          const VolChartOptions *options)
{
  const VolSeries *points = vol_result_get_series (result, VOL_THREADS_SERIES_POINTS);
  VolChart *chart;
  g_autofree char *target = vol_chart_describe_target (result);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  const char *mode = NULL;
  double seconds = 0;
  gint64 per_thread = _vol_chart_resolved_int (result, "bytes-per-thread");
  gint64 block = _vol_chart_resolved_int (result, "block");
  double scale = _vol_chart_rate_scale (options);
  const char *unit = _vol_chart_rate_unit (options);
  VolChartSeries *line;
  guint n;

  if (points == NULL || vol_series_get_column (points, VOL_COL_THROUGHPUT) == NULL)
    return _vol_chart_build_generic (result, options);
  if (result->params)
    {
      g_variant_lookup (result->params, "mode", "&s", &mode);
      g_variant_lookup (result->params, "seconds", "d", &seconds);
    }
  n = vol_series_get_length (points);

  chart = vol_chart_new (VOL_CHART_KIND_LINES);
  chart->title = result->label
    ? g_strdup_printf (_("%s: %s by number of threads"), result->label, mode_title (mode))
    : g_strdup_printf (_("Aggregate throughput of %s by number of threads"), mode_title (mode));
  {
    GString *sub = g_string_new (target);
    if (per_thread > 0)
      {
        g_autofree char *size = vol_size_format (to_count (per_thread));
        gboolean scaled = FALSE;
        if (result->resolved)
          g_variant_lookup (result->resolved, "scaled-to-fit", "b", &scaled);
        g_string_append_printf (sub, scaled ? _(" · a %s file per thread (scaled to fit)") : _(" · a %s file per thread"), size);
      }
    if (block > 0)
      {
        g_autofree char *block_text = vol_size_format (to_count (block));
        g_string_append_printf (sub, _(" in %s blocks"), block_text);
      }
    if (seconds > 0)
      g_string_append_printf (sub, _(" · %g s per count"), seconds);
    if (mode == NULL || g_strcmp0 (mode, "seqwr") == 0 || g_strcmp0 (mode, "rndwr") == 0
        || g_strcmp0 (mode, "rndrw") == 0)
      {
        /* The flush policy changes a write figure more than anything
         * else here: say which. A result from before the choice has no
         * "flush": it flushed after every pass. */
        const char *flush = NULL;
        gint64 every = _vol_chart_resolved_int (result, "flush-requests");

        if (result->resolved)
          g_variant_lookup (result->resolved, "flush", "&s", &flush);
        if (g_strcmp0 (flush, "end") == 0)
          g_string_append (sub, _(" · flushed once at the end"));
        else if (g_strcmp0 (flush, "requests") == 0 && every > 0)
          g_string_append_printf (sub, ngettext (" · flushed every %d write", " · flushed every %d writes",
                                                 (gulong) every), (int) every);
        else
          g_string_append (sub, _(" · flushed after each pass"));
      }
    g_string_append_printf (sub, " · %s · %s",
                            result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                            result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros") : _("random data"));
    chart->subtitle = g_string_free (sub, FALSE);
  }
  chart->x_title = g_strdup (_("Threads (one file each)"));
  chart->x_unit = g_strdup ("");
  chart->y_title = g_strdup_printf (_("Aggregate throughput (%s)"), unit);
  chart->y_unit = g_strdup (unit);
  chart->footer = _vol_chart_footer_for (result);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (categories, g_strdup_printf ("%.0f", column_at (points, VOL_THREADS_COL_THREADS, i)));
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  line = vol_chart_add_series (chart, _("Total, all threads"), g_str_has_suffix (mode ? mode : "", "wr") ? 0 : 1);
  for (guint i = 0; i < n; i++)
    vol_chart_series_add (line, i, column_at (points, VOL_COL_THROUGHPUT, i) / scale);

  if (n <= MAX_TABLE_ROWS)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *bytes = vol_size_format (to_count (column_at (points, VOL_COL_BYTES, i)));
        /* the one formatter, as everywhere a figure is shown */
        gboolean binary = options && options->binary;
        g_autofree char *value = vol_value_format (column_at (points, VOL_COL_THROUGHPUT, i), "B/s", binary);
        g_autofree char *slowest = vol_value_format (column_at (points, VOL_THREADS_COL_PER_THREAD_MIN, i), "B/s", binary);
        g_autofree char *fastest = vol_value_format (column_at (points, VOL_THREADS_COL_PER_THREAD_MAX, i), "B/s", binary);
        g_autofree char *seconds_text = vol_value_format (column_at (points, VOL_COL_SECONDS, i), "s", FALSE);
        g_autofree char *label = NULL;
        const char *cells[2] = { value, NULL };

        label = g_strdup_printf (ngettext ("%.0f thread:  per thread %s – %s · %s in %s",
                                           "%.0f threads:  per thread %s – %s · %s in %s",
                                           (gulong) to_count (column_at (points, VOL_THREADS_COL_THREADS, i))),
                                 column_at (points, VOL_THREADS_COL_THREADS, i), slowest, fastest, bytes, seconds_text);
        vol_chart_add_table_row (chart, label, cells);
      }
  else if (_vol_chart_wants_table (options))
    vol_chart_add_warning (chart, _("Too many thread counts for a table: the spread between threads is in the result"));

  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
