/* vol-live-sample.h — one point a run measures while it runs
 *
 * The engine's runner posts these (VolProgress.samples) and the live chart
 * (src/chart/vol-live-chart.c) draws them; defined in the model so the
 * chart needs no engine header.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *series;  /* "write", "read": static strings of the test */
  double      x;       /* in the series' x unit (percent of capacity for fill) */
  double      y;       /* bytes per second */
} VolLiveSample;

G_END_DECLS
