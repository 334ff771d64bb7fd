/* vol-chart-smallfiles.c — the chart of a smallfiles result
 *
 * Until the test has its own chart, its series are drawn as lines.
 */
#include "vol-chart-build.h"

VolChart *
_vol_chart_build_smallfiles (const VolResult       *result,
                    const VolChartOptions *options)
{
  return _vol_chart_build_generic (result, options);
}
