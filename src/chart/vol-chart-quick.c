/* vol-chart-quick.c — the chart of a Quick benchmark result
 *
 * Grouped bars, one group per row of the grid (SEQ1M Q8T1 …), one bar
 * for reads, one for writes (and the mix), each the mean over the loops
 * in MB/s, the unit of the desktop tools' grid. Under the plot, a row per
 * test gives what the bars cannot: IO/s, the 95 % interval of the mean,
 * the best loop and the p99 latency. The loops stay in the result.
 */
#include "vol-chart-build.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-quick.h"
#include "vol-size.h"

VolChart *
_vol_chart_build_quick (const VolResult       *result,
                        const VolChartOptions *options)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  g_autoptr(GPtrArray) titles = vol_quick_row_titles (cells, n);
  g_autofree char *target = vol_chart_describe_target (result);
  double scale = _vol_chart_rate_scale (options);
  const char *unit = _vol_chart_rate_unit (options);
  gboolean binary = options && options->binary;
  const char *profile = NULL;
  gint64 size = 0, loops = 0;
  double seconds = 0;
  VolChart *chart;
  GString *sub;

  if (n == 0)
    return _vol_chart_build_generic (result, options);
  if (result->params)
    {
      g_variant_lookup (result->params, "profile", "&s", &profile);
      g_variant_lookup (result->params, "loops", "x", &loops);
      g_variant_lookup (result->params, "seconds", "d", &seconds);
    }
  if (result->resolved)
    g_variant_lookup (result->resolved, "size", "x", &size);

  chart = vol_chart_new (VOL_CHART_KIND_BARS);
  /* TRANSLATORS: %s is the profile, "Standard" */
  chart->title = result->label
    ? g_strdup_printf (_("%s: quick benchmark (%s)"), result->label, vol_quick_profile_title (profile))
    : g_strdup_printf (_("Quick benchmark (%s)"), vol_quick_profile_title (profile));
  sub = g_string_new (target);
  if (size > 0)
    {
      g_autofree char *size_text = vol_size_format ((guint64) size);
      g_string_append_printf (sub, _(" · a %s file"), size_text);
    }
  if (loops > 0)
    g_string_append_printf (sub, ngettext (" · mean of %d loop", " · mean of %d loops", (gulong) loops), (int) loops);
  if (seconds > 0)
    g_string_append_printf (sub, _(" · %g s each"), seconds);
  g_string_append_printf (sub, " · %s · %s",
                          result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                          result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros") : _("random data"));
  chart->subtitle = g_string_free (sub, FALSE);
  chart->x_title = g_strdup (_("Test (SEQ sequential, RND random; block, Q queue depth, T threads)"));
  chart->x_unit = g_strdup ("");
  chart->y_title = g_strdup_printf (_("Mean throughput (%s)"), unit);
  chart->y_unit = g_strdup (unit);
  chart->footer = _vol_chart_footer_for (result);

  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      VolChartSeries *bars = NULL;

      for (guint i = 0; i < n; i++)
        {
          if (cells[i].read_percent != modes[m])
            continue;
          if (bars == NULL)
            bars = vol_chart_add_series (chart, vol_quick_mode_title (modes[m]), m == 0 ? 1 : m == 1 ? 0 : 2);
          vol_chart_series_add (bars, vol_quick_title_index (titles, &cells[i]), cells[i].throughput / scale);
        }
    }
  /* two rows per test, a cell per mode (the series' order): the mean
   * with its interval, then IO/s and the p99 latency, which the bars
   * cannot show */
  if (_vol_chart_wants_table (options))
    for (guint r = 0; r < titles->len; r++)
      {
        g_autoptr(GPtrArray) rates = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GPtrArray) ios = g_ptr_array_new_with_free_func (g_free);

        for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
          for (guint i = 0; i < n; i++)
            {
              g_autofree char *mean = NULL, *iops = NULL, *p99 = NULL;

              if (cells[i].read_percent != modes[m] || vol_quick_title_index (titles, &cells[i]) != r)
                continue;
              mean = cells[i].loops > 1
                ? vol_value_format_spread (cells[i].throughput, cells[i].throughput_ci95, "B/s", binary)
                : vol_value_format (cells[i].throughput, "B/s", binary);
              iops = vol_value_format (cells[i].iops, "IO/s", FALSE);
              p99 = vol_value_format (cells[i].lat_p99, "s", FALSE);
              g_ptr_array_add (rates, g_steal_pointer (&mean));
              g_ptr_array_add (ios, g_strdup_printf ("%s · %s", iops, p99));
            }
        g_ptr_array_add (rates, NULL);
        g_ptr_array_add (ios, NULL);
        vol_chart_add_table_row (chart, g_ptr_array_index (titles, r), (const char *const *) rates->pdata);
        vol_chart_add_table_row (chart, _("   IO/s, latency p99"), (const char *const *) ios->pdata);
      }
  g_ptr_array_add (titles, NULL);
  vol_chart_set_categories (chart, (const char *const *) titles->pdata);
  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
