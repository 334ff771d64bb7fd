/* vol-chart.h — what a chart shows, before anyone decides where
 *
 * A VolChart is built from results (vol-chart-build.c), laid out for a
 * size (vol-chart-layout.c) and painted onto any cairo_t
 * (vol-chart-render.c) by the widget or the exporters. It holds values
 * already in display units (MB/s, %, …) so every consumer — renderer,
 * CSV, the CLI's table — shows the same numbers.
 *
 * Immutable once built; the main thread builds and renders it. No GTK.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  VOL_CHART_KIND_CAPACITY,    /* x: % of capacity, y from 0; lines of samples, mean lines, ±1 sd bands */
  VOL_CHART_KIND_BARS,        /* one group per category, one bar per series */
  VOL_CHART_KIND_LINES,       /* several series over categories or numbers, optional log x */
  VOL_CHART_KIND_ITERATIONS,  /* a bar per iteration and a statistics table under the plot */
} VolChartKind;

/* Per-pixel-column min/max pyramid over a series sorted by x, so drawing a
 * million samples costs what drawing a thousand does (vol-chart-decimate.c). */
typedef struct _VolChartPyramid VolChartPyramid;

typedef struct
{
  char            *name;        /* legend text: "Write", "RAID 0, 64 KiB stripe" */
  guint            color;       /* index into the style's palette */
  GArray          *x;           /* of double; for category charts the category index */
  GArray          *y;           /* of double, display units */
  gboolean         has_stats;   /* draw a dashed mean line (and a ±1 sd band) */
  double           mean;
  double           stddev;
  gboolean         dashed;      /* the series line itself dashed */
  guint            shade;       /* BARS: VOL_CHART_SHADE_*, how the bars are filled */
  gboolean         y2;          /* against the right-hand axis (y2_title), not the left */
  gboolean         dots;        /* a dot per point, no line (access times) */
  char            *legend;      /* the legend's text when not the name ("RAID 0" for "RAID 0 — write") */
  gboolean         hide_in_legend; /* named for the CSV, but the legend tells it apart otherwise */
  VolChartPyramid *pyramid;     /* built on first use, for long series */
  double           x_lo, x_hi;  /* finite extremes, kept as samples are added, */
  double           y_lo, y_hi;  /* so ranges cost nothing per frame */
} VolChartSeries;

/* A marked point: the write cliff, a note at a category. */
typedef struct
{
  double  x;      /* data units */
  char   *text;   /* "Write speed drops at 97.3 %: 450 → 120 MB/s" */
  guint   color;
} VolChartMarker;

/* How a bar is filled: a comparison of quick results tells a result by
 * its colour and the mode by this (reads solid, writes light, the mix an
 * outline), so a group needs no second legend entry per bar. */
enum
{
  VOL_CHART_SHADE_SOLID,
  VOL_CHART_SHADE_LIGHT,
  VOL_CHART_SHADE_OUTLINE,
};

/* One entry of the legend: a series', or a key (what dashed means). */
typedef struct
{
  char     *text;
  guint     color;
  gboolean  dashed;
  guint     shade;
  gboolean  dots;
} VolChartLegendEntry;

/* Rows of text under the plot (the iteration table of the random reviews). */
typedef struct
{
  char  *label;    /* "Slowest" */
  char **cells;    /* one per series, already formatted */
} VolChartTableRow;

typedef struct
{
  VolChartKind  kind;
  char         *title;
  char         *subtitle;      /* the volume and the key parameters */
  char         *x_title;       /* with unit: "Position in volume (% of capacity)" */
  char         *y_title;       /* "Throughput (MB/s)" */
  char         *x_unit;        /* for CSV headers: "%", "" */
  char         *y_unit;        /* "MB/s" */
  char         *y2_title;      /* the right-hand axis of the y2 series: "Access time (ms)"; NULL: none */
  char         *y2_unit;       /* "ms" */
  char         *footer;        /* "Volumeter 0.1.0 · 2026-11-29 23:10 UTC" */
  char        **categories;    /* BARS, LINES, ITERATIONS: NULL-terminated labels */
  gboolean      log_x;         /* LINES over numbers */
  double        x_min, x_max;  /* fixed x range, or NAN for automatic */
  GPtrArray    *series;        /* of VolChartSeries */
  GPtrArray    *markers;       /* of VolChartMarker */
  GPtrArray    *warnings;      /* of char*: shown on the chart, never only in colour */
  GPtrArray    *table;         /* of VolChartTableRow, ITERATIONS */
  GArray       *legend_keys;   /* of VolChartLegendEntry: after the series' entries */
} VolChart;

#define VOL_TYPE_CHART (vol_chart_get_type ())

GType           vol_chart_get_type     (void) G_GNUC_CONST;
VolChart       *vol_chart_new          (VolChartKind  kind);
VolChart       *vol_chart_ref          (VolChart     *chart);
void            vol_chart_unref        (VolChart     *chart);

guint           vol_chart_table_columns (const VolChart        *chart,
                                         const VolChartSeries **columns);
VolChartSeries *vol_chart_add_series   (VolChart     *chart,
                                        const char   *name,
                                        guint         color);
const char     *vol_chart_series_get_legend (const VolChartSeries *series);
void            vol_chart_add_legend_key (VolChart   *chart,
                                          const char *text,
                                          guint       color,
                                          gboolean    dashed);
void            vol_chart_add_legend_shade (VolChart   *chart,
                                            const char *text,
                                            guint       color,
                                            guint       shade);
GArray         *vol_chart_get_legend   (const VolChart *chart);
void            vol_chart_series_add   (VolChartSeries *series,
                                        double        x,
                                        double        y);
void            vol_chart_add_marker   (VolChart     *chart,
                                        double        x,
                                        const char   *text,
                                        guint         color);
void            vol_chart_add_warning  (VolChart     *chart,
                                        const char   *text);
void            vol_chart_add_table_row (VolChart    *chart,
                                         const char  *label,
                                         const char *const *cells);
void            vol_chart_set_categories (VolChart   *chart,
                                          const char *const *categories);
guint           vol_chart_get_n_categories (const VolChart *chart);
gboolean        vol_chart_get_y_range  (const VolChart *chart,
                                        double         *min,
                                        double         *max);
gboolean        vol_chart_get_y2_range (const VolChart *chart,
                                        double         *min,
                                        double         *max);
gboolean        vol_chart_has_y2       (const VolChart *chart);
gboolean        vol_chart_get_x_range  (const VolChart *chart,
                                        double         *min,
                                        double         *max);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolChart, vol_chart_unref)

G_END_DECLS
