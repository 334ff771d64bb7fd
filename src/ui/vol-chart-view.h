/* vol-chart-view.h — a chart on screen
 *
 * Thin: it feeds the theme's colours (dark and high-contrast aware) to the
 * same renderer the exporters use, and draws with gtk_snapshot_append_cairo.
 */
#pragma once

#include <gtk/gtk.h>

#include "vol-chart.h"
#include "vol-chart-style.h"

G_BEGIN_DECLS

#define VOL_TYPE_CHART_VIEW (vol_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (VolChartView, vol_chart_view, VOL, CHART_VIEW, GtkWidget)

GtkWidget     *vol_chart_view_new        (void);
void           vol_chart_view_set_chart  (VolChartView *self,
                                          VolChart     *chart);
VolChart      *vol_chart_view_get_chart  (VolChartView *self);
VolChartStyle *vol_chart_view_make_style (VolChartView *self);

G_END_DECLS
