/* vol-remote-progress-view.h — a remote run's hosts while it runs
 *
 * One row per host: its name and its state (connecting, running, done,
 * failed with fio's or the system's reason), and over them the run's time
 * so far against the time its timed parts take. fio's client reports the
 * hosts' figures only when the job ends, so states and time are what there
 * is to show meanwhile. Main thread; the progress it is given has been
 * copied off the run's worker (vol-window-remote.c).
 */
#pragma once

#include <adwaita.h>

#include "vol-remote.h"

G_BEGIN_DECLS

#define VOL_TYPE_REMOTE_PROGRESS_VIEW (vol_remote_progress_view_get_type ())

G_DECLARE_FINAL_TYPE (VolRemoteProgressView, vol_remote_progress_view, VOL, REMOTE_PROGRESS_VIEW, GtkBox)

GtkWidget *vol_remote_progress_view_new         (void);
void       vol_remote_progress_view_reset       (VolRemoteProgressView   *self,
                                                 GPtrArray               *hosts);
void       vol_remote_progress_view_update      (VolRemoteProgressView   *self,
                                                 const VolRemoteProgress *progress);
void       vol_remote_progress_view_set_stopped (VolRemoteProgressView   *self,
                                                 guint                    index);
guint      vol_remote_progress_view_get_n_hosts (VolRemoteProgressView   *self);
gboolean   vol_remote_progress_view_get_host    (VolRemoteProgressView   *self,
                                                 guint                    index,
                                                 const char             **name,
                                                 VolRemoteHostState      *state,
                                                 const char             **message,
                                                 gboolean                *stopped);
const char *vol_remote_progress_view_state_name (VolRemoteHostState       state);

G_END_DECLS
