/* vol-chart-render.h — painting a chart onto any cairo_t
 *
 * One renderer for the widget, PNG, SVG and PDF: it lays the chart out
 * for width × height (in cairo user units; scale the context for hi-dpi),
 * then paints with the style's colours and fonts through pangocairo.
 * Main thread (or any single thread that owns @cr).
 */
#pragma once

#include <cairo.h>

#include "vol-chart.h"
#include "vol-chart-layout.h"
#include "vol-chart-style.h"

G_BEGIN_DECLS

void            vol_chart_render        (const VolChart      *chart,
                                         const VolChartStyle *style,
                                         cairo_t             *cr,
                                         double               width,
                                         double               height);
VolChartLayout *vol_chart_layout_for_cairo (const VolChart      *chart,
                                            const VolChartStyle *style,
                                            cairo_t             *cr,
                                            double               width,
                                            double               height);

G_END_DECLS
