/* vol-chart-surface.c — the chart of a Read across the device result
 *
 * The review graph of HD Tune and GNOME Disks: the transfer rate over the
 * device's capacity, 0 to 100 %, as a line with its mean, and the access
 * times as dots against a second axis on the right, in milliseconds. A
 * drop (the cliff finder's) and the slow spots (the dip finder's) are
 * marked where they are. The subtitle says what was read and how; the
 * summary figures are the result page's and the CLI's.
 */
#include "vol-chart-build.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

#include "vol-kinds.h"
#include "vol-size.h"

typedef struct
{
  double x, y;
} Point;

static int
compare_points (const void *a,
                const void *b)
{
  const Point *p = a, *q = b;

  return p->x < q->x ? -1 : p->x > q->x;
}

/**
 * vol_chart_add_access_dots:
 * @positions: % of capacity, in any order
 * @seconds: each read's time
 *
 * A surface scan's access times: dots in ms against the right-hand axis,
 * sorted by position (the reads were made in random order; the chart's
 * decimation and hit tests want x in order). The finished chart and the
 * live one both draw them so.
 */
void
vol_chart_add_access_dots (VolChart     *chart,
                           const double *positions,
                           const double *seconds,
                           guint         n)
{
  g_autofree Point *points = g_new (Point, MAX (n, 1));
  VolChartSeries *out;

  for (guint i = 0; i < n; i++)
    points[i] = (Point) { positions[i], seconds[i] * 1e3 };
  qsort (points, n, sizeof *points, compare_points);
  out = vol_chart_add_series (chart, _("Access time"), 4);
  out->y2 = TRUE;
  out->dots = TRUE;
  for (guint i = 0; i < n; i++)
    vol_chart_series_add (out, points[i].x, points[i].y);
  g_free (chart->y2_title);
  g_free (chart->y2_unit);
  chart->y2_title = g_strdup (_("Access time (ms)"));
  chart->y2_unit = g_strdup ("ms");
}

VolChart *
_vol_chart_build_surface (const VolResult       *result,
                          const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  g_autofree char *target = vol_chart_describe_target (result);
  double scale = _vol_chart_rate_scale (options);
  const char *unit = _vol_chart_rate_unit (options);
  const VolSeries *dips = vol_result_get_series (result, VOL_SURFACE_SERIES_DIPS);
  const VolSeries *transfer = vol_result_get_series (result, VOL_SURFACE_SERIES_TRANSFER);
  const char *device = NULL;
  GString *sub;

  if (result->resolved)
    g_variant_lookup (result->resolved, "device", "&s", &device);
  chart->title = result->label
    ? g_strdup_printf (_("%s: read across the device"), result->label)
    : g_strdup (_("Read across the device"));
  sub = g_string_new (target);
  if (device && (result->target == NULL || g_strcmp0 (device, result->target->path) != 0))
    g_string_append_printf (sub, _(" · reading %s"), device);
  if (_vol_chart_resolved_int (result, "device-size") > 0)
    {
      g_autofree char *size = vol_size_format ((guint64) _vol_chart_resolved_int (result, "device-size"));
      g_string_append_printf (sub, _(" · %s"), size);
    }
  if (transfer && _vol_chart_resolved_int (result, "sample-size") > 0)
    {
      g_autofree char *each = vol_size_format ((guint64) _vol_chart_resolved_int (result, "sample-size"));
      g_string_append_printf (sub, _(" · %u positions × %s"), vol_series_get_length (transfer), each);
    }
  g_string_append_printf (sub, " · %s · %s", result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                          _("nothing written"));
  chart->subtitle = g_string_free (sub, FALSE);
  /* xgettext:no-c-format */
  chart->x_title = g_strdup (_("Position on the device (% of capacity)"));
  chart->x_unit = g_strdup ("%");
  chart->y_title = g_strdup_printf (_("Transfer rate (%s)"), unit);
  chart->y_unit = g_strdup (unit);
  chart->footer = _vol_chart_footer_for (result);
  chart->x_min = 0;
  chart->x_max = 100;

  _vol_chart_add_result_series (chart, result, VOL_SURFACE_SERIES_TRANSFER, _("Transfer rate"), 1, options);
  {
    const VolSeries *access = vol_result_get_series (result, VOL_SURFACE_SERIES_ACCESS);
    const VolColumn *x = access ? vol_series_get_column (access, VOL_COL_POSITION) : NULL;
    const VolColumn *y = access ? vol_series_get_column (access, VOL_SURFACE_COL_LATENCY) : NULL;

    if (x != NULL && y != NULL && x->values->len > 0)
      vol_chart_add_access_dots (chart, (const double *) x->values->data, (const double *) y->values->data,
                                 MIN (x->values->len, y->values->len));
  }

  if (isfinite (_vol_chart_figure (result, VOL_SURFACE_FIG_DROP_POSITION)))
    {
      g_autofree char *text = g_strdup_printf (_("Drops at %.1f %%: %.0f → %.0f %s"), _vol_chart_figure (result, VOL_SURFACE_FIG_DROP_POSITION),
                                               _vol_chart_figure (result, VOL_SURFACE_FIG_DROP_BEFORE) / scale,
                                               _vol_chart_figure (result, VOL_SURFACE_FIG_DROP_AFTER) / scale, unit);
      vol_chart_add_marker (chart, _vol_chart_figure (result, VOL_SURFACE_FIG_DROP_POSITION), text, 4);
    }
  if (dips)
    {
      const VolColumn *from = vol_series_get_column (dips, VOL_SURFACE_COL_FROM);
      const VolColumn *to = vol_series_get_column (dips, VOL_SURFACE_COL_TO);
      const VolColumn *level = vol_series_get_column (dips, VOL_SURFACE_COL_LEVEL);
      const VolColumn *around = vol_series_get_column (dips, VOL_SURFACE_COL_AROUND);

      for (guint i = 0; from && to && level && around && i < from->values->len; i++)
        {
          double mid = (g_array_index (from->values, double, i) + g_array_index (to->values, double, i)) / 2;
          g_autofree char *text = g_strdup_printf (_("Slow spot at %.1f %%: %.0f %s among %.0f"), mid,
                                                   g_array_index (level->values, double, i) / scale, unit,
                                                   g_array_index (around->values, double, i) / scale);
          vol_chart_add_marker (chart, mid, text, 0);
        }
    }
  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
