/* vol-chart-cached.c — the chart of a Cached vs device read result
 *
 * Two bars on a linear axis from zero, hdparm -tT's two lines: cached
 * reads (the page cache's bandwidth) and device reads (O_DIRECT). The
 * subtitle names what was read — the block device or a test file — and
 * the region; a warning appears when the device reads could not bypass
 * the cache.
 */
#include "vol-chart-build.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-kinds.h"
#include "vol-size.h"

VolChart *
_vol_chart_build_cached (const VolResult       *result,
                         const VolChartOptions *options)
{
  const char *categories[] = { _("Cached reads (page cache)"), _("Device reads (O_DIRECT)"), NULL };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autofree char *target = vol_chart_describe_target (result);
  double scale = _vol_chart_rate_scale (options);
  const char *source = NULL;
  gint64 region = 0;
  VolChartSeries *series;
  GString *sub;

  if (result->resolved)
    {
      g_variant_lookup (result->resolved, "source", "&s", &source);
      g_variant_lookup (result->resolved, "region", "x", &region);
    }
  if (result->cache_bypass != VOL_CACHE_BYPASS_DIRECT)
    categories[1] = _("Device reads (buffered, cache dropped)");
  vol_chart_set_categories (chart, categories);

  chart->title = result->label
    ? g_strdup_printf (_("%s: cached vs device reads"), result->label)
    : g_strdup (_("Cached vs device reads (hdparm -tT style)"));
  sub = g_string_new (target);
  if (source && g_str_has_prefix (source, "device "))
    g_string_append_printf (sub, _(" · read from the block device %s"), source + 7);
  else if (source)
    g_string_append (sub, _(" · read from a test file in the volume"));
  if (region > 0)
    {
      g_autofree char *region_text = vol_size_format ((guint64) region);
      g_string_append_printf (sub, _(" · %s region for cached reads, 2 MiB device reads"), region_text);
    }
  if (isfinite (_vol_chart_figure (result, VOL_CACHED_FIG_CACHED_SECONDS)))
    g_string_append_printf (sub, _(" · %.1f s + %.1f s"), _vol_chart_figure (result, VOL_CACHED_FIG_CACHED_SECONDS),
                            _vol_chart_figure (result, VOL_CACHED_FIG_DEVICE_SECONDS));
  chart->subtitle = g_string_free (sub, FALSE);
  chart->x_title = g_strdup (_("Read"));
  chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
  chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
  chart->footer = _vol_chart_footer_for (result);

  series = vol_chart_add_series (chart, _("All bytes over all read time"), 0);
  vol_chart_series_add (series, 0, _vol_chart_figure (result, VOL_CACHED_FIG_CACHED_THROUGHPUT) / scale);
  vol_chart_series_add (series, 1, _vol_chart_figure (result, VOL_CACHED_FIG_DEVICE_THROUGHPUT) / scale);

  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
