/* vol-history.h — the results saved so far
 *
 * One row per file in the results folder, newest first under a heading
 * per day: label, test, target, time and its headline figure
 * (vol-result-headline.h). The folder is read on a worker thread. Activating a row
 * emits "open" with the path; its delete button emits "delete" (the
 * window offers undo); "compare" the ticked paths, all of one test.
 * The rows are mirrored into app.status (vol-application.c). Main thread.
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
gboolean   vol_history_choose (VolHistory *self,
                               const char *path,
                               gboolean    chosen);

G_END_DECLS
