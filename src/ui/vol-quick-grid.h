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

#include "vol-quick.h"
#include "vol-result.h"

G_BEGIN_DECLS

/* NULL for a result without a grid */
GtkWidget *vol_quick_grid_new      (const VolResult    *result,
                                    gboolean            binary);

/* A running benchmark's grid (vol_live_chart_quick_cells()): every cell
 * from the start, "—" until its first loop, MB/s and IO/s only (the
 * latencies come with the result). NULL for no cells. */
GtkWidget *vol_quick_grid_new_live (const VolQuickCell *cells,
                                    guint               n,
                                    gboolean            binary);
/* New figures for the same cells, keeping the unit shown; FALSE (and
 * nothing changed) when @cells are not the grid's cells. */
gboolean   vol_quick_grid_update   (GtkWidget          *grid,
                                    const VolQuickCell *cells,
                                    guint               n);
guint      vol_quick_grid_get_n_cells (GtkWidget       *grid);

G_END_DECLS
