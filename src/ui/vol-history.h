/* vol-history.h — the results saved so far
 *
 * One row per file in the results folder: date, label, target, test and
 * its headline figure. Activating a row emits "open" with the path;
 * its delete button emits "delete" (the window offers undo). Main thread.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VOL_TYPE_HISTORY (vol_history_get_type ())

G_DECLARE_FINAL_TYPE (VolHistory, vol_history, VOL, HISTORY, GtkBox)

GtkWidget *vol_history_new    (const char *dir);
void       vol_history_reload (VolHistory *self);
void       vol_history_hide   (VolHistory *self,
                               const char *path,
                               gboolean    hidden);
guint      vol_history_get_n_items (VolHistory *self);

G_END_DECLS
