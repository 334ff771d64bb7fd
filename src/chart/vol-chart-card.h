/* vol-chart-card.h — a quick benchmark's grid as a card to post
 *
 * The picture people share on a forum or a social site: the grid (a row
 * per test, reads and writes in big numbers), the device line and the
 * date, how it was measured. 1200 × 675 (16:9); PNG at twice that, SVG
 * or PDF. Main thread or a worker.
 */
#pragma once

#include <cairo.h>

#include "vol-chart-style.h"
#include "vol-result.h"

G_BEGIN_DECLS

#define VOL_CHART_CARD_WIDTH  1200
#define VOL_CHART_CARD_HEIGHT 675

void     vol_chart_card_render (const VolResult     *result,
                                const VolChartStyle *style,
                                cairo_t             *cr,
                                double               width,
                                double               height);
gboolean vol_chart_card_export (const VolResult     *result,
                                const VolChartStyle *style,
                                const char          *path,
                                GError             **error);

G_END_DECLS
