/* vol-chart-threads.c — the chart of a threads result
 *
 * Until the test has its own chart, its series are drawn as lines.
 */
#include "vol-chart-build.h"

VolChart *
_vol_chart_build_threads (const VolResult       *result,
                    const VolChartOptions *options)
{
  return _vol_chart_build_generic (result, options);
}
