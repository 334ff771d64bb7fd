/* vol-chart-export.h — charts as files: PNG, SVG, PDF and CSV
 *
 * PNG is raster at @scale (2 gives a sharp 2400×1400 image from a
 * 1200×700 layout); SVG and PDF are vector; CSV holds the plotted numbers
 * with their units in the header, so every figure drawn is also text.
 * Files are written atomically. Main thread or a worker; not both at once
 * for one chart.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "vol-chart.h"
#include "vol-chart-style.h"

G_BEGIN_DECLS

#define VOL_CHART_DEFAULT_WIDTH  1200
#define VOL_CHART_DEFAULT_HEIGHT 700
#define VOL_CHART_DEFAULT_SCALE  2.0

/* Draws a picture at @width × @height (a share card, vol-chart-card.c). */
typedef void (*VolChartPaintFunc) (gconstpointer        data,
                                   const VolChartStyle *style,
                                   cairo_t             *cr,
                                   double               width,
                                   double               height);

gboolean vol_chart_export_painted (VolChartPaintFunc    paint,
                                   gconstpointer        data,
                                   const VolChartStyle *style,
                                   const char          *title,
                                   const char          *desc,
                                   const char          *path,
                                   double               width,
                                   double               height,
                                   double               scale,
                                   GError             **error);

gboolean vol_chart_export_png (const VolChart      *chart,
                               const VolChartStyle *style,
                               const char          *path,
                               double               width,
                               double               height,
                               double               scale,
                               GError             **error);
gboolean vol_chart_export_svg (const VolChart      *chart,
                               const VolChartStyle *style,
                               const char          *path,
                               double               width,
                               double               height,
                               GError             **error);
gboolean vol_chart_export_pdf (const VolChart      *chart,
                               const VolChartStyle *style,
                               const char          *path,
                               double               width,
                               double               height,
                               GError             **error);
char    *vol_chart_to_csv     (const VolChart      *chart);
gboolean vol_chart_export_csv (const VolChart      *chart,
                               const char          *path,
                               GError             **error);

G_END_DECLS
