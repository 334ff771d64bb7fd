/* vol-chart-build.h — charts made from results
 *
 * Which chart a result gets is decided by its test kind; several results
 * make a comparison. Throughput is shown in MB/s (10^6 B/s) unless
 * @binary asks for MiB/s. The chart says how the numbers were measured:
 * a warning appears when the cache was not bypassed or the data was zeros.
 * Main thread (or any single thread).
 */
#pragma once

#include "vol-chart.h"
#include "vol-result.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean binary;     /* MiB/s instead of MB/s */
  gboolean bars;       /* comparisons: grouped bars of the headline figures, not overlaid curves */
  gboolean no_table;   /* no table under the plot: the application shows it beside the chart */
} VolChartOptions;

VolChart *vol_chart_build_for_result  (const VolResult       *result,
                                       const VolChartOptions *options,
                                       GError               **error);
VolChart *vol_chart_build_comparison  (VolResult *const      *results,
                                       guint                  n_results,
                                       const VolChartOptions *options,
                                       GError               **error);
char     *vol_chart_describe_target   (const VolResult       *result);
VolChart  *vol_chart_build_comparison_by    (VolResult *const      *results,
                                             guint                  n_results,
                                             const char            *by,
                                             const VolChartOptions *options,
                                             GError               **error);
VolChart  *vol_chart_build_comparison_export (VolResult *const     *results,
                                             guint                  n_results,
                                             const char            *by,
                                             const VolChartOptions *options,
                                             GError               **error);
VolChart  *vol_chart_build_comparison_table (VolResult *const      *results,
                                             guint                  n_results,
                                             const char            *by,
                                             const VolChartOptions *options,
                                             GError               **error);

/* vol-chart-build.c internals shared with vol-chart-compare.c */
double      _vol_chart_rate_scale   (const VolChartOptions *options);
gboolean    _vol_chart_wants_table  (const VolChartOptions *options);
void        _vol_chart_drop_table   (VolChart              *chart,
                                     const VolChartOptions *options);
const char *_vol_chart_rate_unit    (const VolChartOptions *options);
char       *_vol_chart_footer_for   (const VolResult       *result);
void        _vol_chart_add_measurement_warnings (VolChart        *chart,
                                                 const VolResult *result);
VolChart   *_vol_chart_build_generic (const VolResult       *result,
                                      const VolChartOptions *options);

/* One per test kind, each in vol-chart-<kind>.c */
VolChart   *_vol_chart_build_transfer (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_random (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_queue (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_threads (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_smallfiles (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_cached (const VolResult *result, const VolChartOptions *options);
VolChart   *_vol_chart_build_quick (const VolResult *result, const VolChartOptions *options);
gint64      _vol_chart_resolved_int (const VolResult *result, const char *key);
double      _vol_chart_figure (const VolResult *result, const char *name);
void        vol_chart_add_access_dots (VolChart     *chart,
                                       const double *positions,
                                       const double *seconds,
                                       guint         n);
VolChart   *_vol_chart_build_surface (const VolResult *result, const VolChartOptions *options);
/* @result's series @series_name as a line in @chart, its mean and spread
 * when the result has its summary; NULL when the result has no such
 * series. */
VolChartSeries *_vol_chart_add_result_series (VolChart              *chart,
                                              const VolResult       *result,
                                              const char            *series_name,
                                              const char            *legend,
                                              guint                  color,
                                              const VolChartOptions *options);


G_END_DECLS
