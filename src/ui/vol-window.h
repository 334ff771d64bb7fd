/* vol-window.h — the main window
 *
 * Configuration on the left, the run and its results on the right, the
 * history of saved results one switch away. Main thread.
 */
#pragma once

#include <adwaita.h>

#include "vol-application.h"

G_BEGIN_DECLS

#define VOL_TYPE_WINDOW (vol_window_get_type ())

G_DECLARE_FINAL_TYPE (VolWindow, vol_window, VOL, WINDOW, AdwApplicationWindow)

VolWindow *vol_window_new        (VolApplication *app);
void       vol_window_open_files (VolWindow      *self,
                                  GFile         **files,
                                  int             n_files);
void       vol_window_stop_and_close (VolWindow  *self);
void       vol_window_script     (VolWindow      *self,
                                  const char     *action,
                                  GVariant       *param);

G_END_DECLS
