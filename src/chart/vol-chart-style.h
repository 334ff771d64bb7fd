/* vol-chart-style.h — colours and fonts a chart is painted with
 *
 * The exporters use the light and dark presets; the application fills a
 * style from the theme's named colours (dark and high-contrast aware) and
 * hands it to the same renderer. Plain data: any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} VolRgba;

#define VOL_CHART_PALETTE_SIZE 8

typedef enum
{
  VOL_CHART_FONT_TITLE,
  VOL_CHART_FONT_SUBTITLE,
  VOL_CHART_FONT_AXIS_TITLE,
  VOL_CHART_FONT_TICK,
  VOL_CHART_FONT_VALUE,     /* bar values, mean labels, markers */
  VOL_CHART_FONT_LEGEND,
  VOL_CHART_FONT_FOOTER,
  VOL_CHART_FONT_WARNING,
  VOL_CHART_N_FONTS
} VolChartFont;

typedef struct
{
  VolRgba  background;
  VolRgba  plot_background;
  VolRgba  foreground;       /* titles, tick labels */
  VolRgba  muted;            /* subtitle, footer, axis titles */
  VolRgba  grid;
  VolRgba  axis;
  VolRgba  warning;          /* the warning banner's text and frame */
  VolRgba  warning_background;
  VolRgba  palette[VOL_CHART_PALETTE_SIZE];
  char    *font_family;      /* "Cantarell, DejaVu Sans, sans-serif" */
  double   font_size[VOL_CHART_N_FONTS];  /* points at scale 1 */
  double   line_width;       /* series lines at scale 1 */
  gboolean dark;
} VolChartStyle;

VolChartStyle *vol_chart_style_new_light (void);
VolChartStyle *vol_chart_style_new_dark  (void);
VolChartStyle *vol_chart_style_copy      (const VolChartStyle *style);
void           vol_chart_style_free      (VolChartStyle       *style);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolChartStyle, vol_chart_style_free)

G_END_DECLS
