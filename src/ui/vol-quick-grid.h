/* vol-quick-grid.h — the quick benchmark's grid, in big numbers
 *
 * What the desktop tools show and people know: a row per test (SEQ1M
 * Q8T1 …), a column per mode, each cell the mean over the loops in large
 * type with its interval and best loop under it; a switch between MB/s,
 * IO/s and the mean latency in µs. The detailed tables follow it on the
 * result page.
 */
#pragma once

#include <gtk/gtk.h>

#include "vol-result.h"

G_BEGIN_DECLS

/* NULL for a result without a grid */
GtkWidget *vol_quick_grid_new (const VolResult *result,
                               gboolean         binary);

G_END_DECLS
