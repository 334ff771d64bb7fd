/* vol-chart-layout.h — where everything of a chart goes, as numbers
 *
 * Pure: given a chart, a size and a way to measure text, it decides the
 * plot rectangle, the "nice" axis ranges and ticks and their labels, where
 * titles, legend, warnings and table sit, and maps values to pixels and
 * back (for drawing and for hover). Nothing is drawn here, so all of it is
 * tested with numbers. Main thread (or any single thread).
 */
#pragma once

#include "vol-chart.h"
#include "vol-chart-style.h"

G_BEGIN_DECLS

typedef struct
{
  double x, y, width, height;
} VolRect;

/* Legend geometry shared by layout and renderer: swatch plus gap before
 * the name, and space after an entry when entries sit side by side. */
#define VOL_CHART_LEGEND_SWATCH 22.0
#define VOL_CHART_LEGEND_SPACING 18.0

/* The plot's share of the chart's height that vol_chart_layout_new()
 * gives up secondary text for: half, or a third with a table under it. */
#define VOL_CHART_MIN_PLOT_SHARE 0.5
#define VOL_CHART_TABLE_PLOT_SHARE (1 / 3.0)

typedef struct
{
  double  value;
  char   *label;
} VolTick;

typedef struct
{
  double   min;        /* shown range, data units */
  double   max;
  double   step;       /* between ticks; for log axes the factor */
  gboolean log;        /* log2 axis */
  GArray  *ticks;      /* of VolTick */
} VolAxis;

typedef enum
{
  VOL_LEGEND_TOP_RIGHT,
  VOL_LEGEND_TOP_LEFT,
  VOL_LEGEND_BOTTOM_RIGHT,
  VOL_LEGEND_BOTTOM_LEFT,
  VOL_LEGEND_ABOVE,      /* outside the plot, when every corner would cover data */
  VOL_LEGEND_NONE,       /* one unnamed series: nothing to tell apart */
} VolLegendPlace;

/* Measures @text in @font: width and height in the chart's units. With
 * @wrap_width > 0 the text is wrapped at that width (height grows). */
typedef void (*VolTextMeasure) (const char   *text,
                                VolChartFont  font,
                                double        wrap_width,
                                double       *width,
                                double       *height,
                                gpointer      user_data);

/* What a placed text is, for tests and for anyone checking that no two
 * texts collide. */
typedef enum
{
  VOL_CHART_TEXT_TITLE,
  VOL_CHART_TEXT_SUBTITLE,
  VOL_CHART_TEXT_WARNINGS,    /* the banner, all warnings in it */
  VOL_CHART_TEXT_LEGEND,      /* the legend's box, all entries in it */
  VOL_CHART_TEXT_X_TICK,
  VOL_CHART_TEXT_Y_TICK,
  VOL_CHART_TEXT_X_TITLE,
  VOL_CHART_TEXT_Y_TITLE,
  VOL_CHART_TEXT_TABLE,       /* the table's box, header and rows */
  VOL_CHART_TEXT_FOOTER,
} VolChartTextRole;

/* One text the renderer draws, as the quadrilateral it covers (corners in
 * order round it: turned tick labels are not axis-aligned) and the
 * axis-aligned rectangle around that. */
typedef struct
{
  VolChartTextRole  role;
  const char       *text;     /* owned by the chart or the layout */
  double            qx[4];
  double            qy[4];
  VolRect           bounds;
} VolChartTextBox;

/* How bars carry their values. */
typedef enum
{
  VOL_BAR_LABELS_ABOVE,      /* level, over each bar */
  VOL_BAR_LABELS_TURNED,     /* turned 90°, the bars too narrow for them level */
  VOL_BAR_LABELS_NONE,       /* the bars too narrow for a line of text */
} VolBarLabels;

typedef struct
{
  double          width;
  double          height;
  double          margin;         /* around everything */
  VolRect         plot;
  VolRect         title;
  VolRect         subtitle;
  VolRect         warnings;     /* height 0 when there are none */
  VolRect         legend;
  VolLegendPlace  legend_place;
  gboolean        legend_in_row;  /* entries side by side (always so above the plot) */
  VolRect         table;        /* height 0 when there is none */
  VolRect         footer;
  VolAxis         x_axis;       /* for category charts: min -0.5, max n - 0.5, a tick per category */
  VolAxis         y_axis;
  VolAxis         y2_axis;      /* the right-hand axis; no ticks when no series is on it */
  double          y2_room;      /* right of the plot: its ticks and title (8 without) */
  double          y2_title_x;   /* centre of its rotated title */
  double          legend_row_height;
  double          table_row_height;
  gboolean        rotate_x_labels; /* category labels too wide to sit side by side */
  double          y_title_x;      /* centre of the rotated y axis title */
  int             subtitle_lines; /* at most this many, the last ellipsized; 0: no subtitle */
  /* What a small chart gives up so the plot keeps half the height (see
   * vol_chart_layout_new()): */
  int             warning_lines;  /* each warning on at most this many lines; 0: all it needs */
  double          warning_spacing; /* above, between and below the warnings in their banner */
  double          x_label_offset; /* from the plot's bottom edge to the x tick labels */
  double          x_label_max_width; /* tick labels ellipsized to this; 0: never */
  guint           x_label_every;  /* label every n-th category only (turned labels too dense) */
  double          legend_entry_max_width; /* legend names ellipsized to this */
  VolRect         x_title_rect;   /* height 0 when there is none */
  double          y_title_max;    /* the rotated y title ellipsized to this */
  double          table_label_width;  /* the table's first column */
  double          table_column_width; /* each further column; table.height 0: no table */
  VolBarLabels    bar_labels;
  double          bar_label_room; /* above a bar's top, what its label takes */
  GArray         *texts;          /* of VolChartTextBox: every text placed */
} VolChartLayout;

VolChartLayout *vol_chart_layout_new          (const VolChart *chart,
                                               double          width,
                                               double          height,
                                               VolTextMeasure  measure,
                                               gpointer        measure_data);
void            vol_chart_layout_free         (VolChartLayout *layout);

double          vol_chart_layout_x_to_pixel   (const VolChartLayout *layout,
                                               double                x);
double          vol_chart_layout_y_to_pixel   (const VolChartLayout *layout,
                                               double                y);
double          vol_chart_layout_pixel_to_x   (const VolChartLayout *layout,
                                               double                px);
double          vol_chart_layout_y2_to_pixel  (const VolChartLayout *layout,
                                               double                y);
double          vol_chart_layout_pixel_to_y   (const VolChartLayout *layout,
                                               double                py);

gboolean        vol_chart_layout_covers_data  (const VolChartLayout *layout,
                                               const VolChart       *chart,
                                               const VolRect        *rect);

void            vol_axis_init_linear          (VolAxis     *axis,
                                               double       lo,
                                               double       hi,
                                               guint        max_ticks);
void            vol_axis_init_log2            (VolAxis     *axis,
                                               double       lo,
                                               double       hi,
                                               guint        max_ticks,
                                               gboolean     bytes);
void            vol_axis_clear                (VolAxis     *axis);
double          vol_nice_number               (double       value,
                                               gboolean     round);
char           *vol_chart_format_number       (double       value,
                                               double       step);
char           *vol_chart_format_bytes        (double       bytes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolChartLayout, vol_chart_layout_free)

G_END_DECLS
