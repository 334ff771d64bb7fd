/* vol-live-chart.h — the chart of a run in progress, for every test kind
 *
 * Keeps the samples a run posts (VolLiveSample, from the runner's
 * progress) in their own units and builds, when asked, a chart of them laid out as the kind's
 * finished chart is read: fill over the volume's capacity, transfer size
 * and queue depth or thread count along x, iterations, or time for the
 * kinds that measure over time (cached, small files). Building is cheap
 * (a copy of the samples, no text measured), so the window rebuilds a few
 * times a second, and again when the units preference changes.
 *
 * No GTK: pure data, main thread.
 */
#pragma once

#include "vol-chart.h"
#include "vol-live-sample.h"
#include "vol-quick.h"
#include "vol-spec.h"

G_BEGIN_DECLS

typedef struct _VolLiveChart VolLiveChart;

VolLiveChart *vol_live_chart_new           (const VolTestSpec   *spec);
void          vol_live_chart_free          (VolLiveChart        *self);
guint         vol_live_chart_add_samples   (VolLiveChart        *self,
                                            const GArray        *samples);
guint         vol_live_chart_get_n_samples (const VolLiveChart  *self);
const char   *vol_live_chart_get_unit      (const VolLiveChart  *self);
VolChart     *vol_live_chart_build         (const VolLiveChart  *self,
                                            gboolean             binary);
VolQuickCell *vol_live_chart_quick_cells   (const VolLiveChart  *self,
                                            guint               *n_cells);
char         *vol_live_chart_format_speed  (const VolLiveChart  *self,
                                            double               rate,
                                            gboolean             binary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolLiveChart, vol_live_chart_free)

G_END_DECLS
