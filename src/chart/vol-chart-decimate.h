/* vol-chart-decimate.h — drawing a million samples at the cost of a thousand
 *
 * A min/max pyramid over a series sorted by x: level k holds the minimum
 * and maximum of each aligned block of 2^k samples. The min and max of any
 * index range then take O(log n) blocks, so reducing a series to one
 * min/max pair per pixel column costs O(columns · log n) however long it
 * is. Built once per series (O(n)) and reused for every redraw.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _VolChartPyramid VolChartPyramid;

VolChartPyramid *vol_chart_pyramid_new   (const double *x,
                                          const double *y,
                                          guint         n);
void             vol_chart_pyramid_free  (VolChartPyramid *pyramid);
void             vol_chart_pyramid_query (const VolChartPyramid *pyramid,
                                          double                 x0,
                                          double                 x1,
                                          guint                  n_columns,
                                          double                *mins,
                                          double                *maxs);
void             vol_chart_pyramid_query_edges (const VolChartPyramid *pyramid,
                                                const double          *edges,
                                                guint                  n_columns,
                                                double                *mins,
                                                double                *maxs);
gboolean         vol_chart_pyramid_range (const VolChartPyramid *pyramid,
                                          guint                  first,
                                          guint                  end,
                                          double                *min,
                                          double                *max);

G_END_DECLS
