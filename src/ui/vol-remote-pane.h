/* vol-remote-pane.h — where a remote run goes: the hosts, their port, the folder there
 *
 * Shown by the configuration pane when "Remote hosts" is the target. It
 * parses the host list as the command line does (vol-fio-hosts.h) and
 * checks the folder on every change, marking the entry at fault; the
 * configuration pane shows the message with its other refusals. The
 * fio job is built there too (it needs the whole spec): this pane only
 * asks for it ("show-job") and shows it. Main thread.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VOL_TYPE_REMOTE_PANE (vol_remote_pane_get_type ())

G_DECLARE_FINAL_TYPE (VolRemotePane, vol_remote_pane, VOL, REMOTE_PANE, GtkBox)

GtkWidget  *vol_remote_pane_new               (void);
gboolean    vol_remote_pane_check             (VolRemotePane *self,
                                               GError       **error);
GPtrArray  *vol_remote_pane_get_hosts         (VolRemotePane *self,
                                               GError       **error);
const char *vol_remote_pane_get_folder        (VolRemotePane *self);
void        vol_remote_pane_set               (VolRemotePane *self,
                                               const char    *hosts,
                                               guint          port,
                                               const char    *folder);
void        vol_remote_pane_set_job_available (VolRemotePane *self,
                                               gboolean       available);
void        vol_remote_pane_show_job          (VolRemotePane *self,
                                               const char    *job);

G_END_DECLS
