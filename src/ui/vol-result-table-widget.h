/* vol-result-table-widget.h — a VolResultTable as a grid of labels
 *
 * The tables of vol-result-table.h as widgets: headings across, row labels
 * down, numbers right-aligned in tabular figures. A table wider than its
 * pane scrolls sideways inside its card instead of widening the window.
 */
#pragma once

#include <gtk/gtk.h>

#include "vol-result-table.h"

G_BEGIN_DECLS

GtkWidget *vol_result_table_widget_new (const VolResultTable *table,
                                        gboolean              binary);

G_END_DECLS
