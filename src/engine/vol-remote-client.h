/* vol-remote-client.h — one host's fio client in a remote run
 *
 * A remote run (vol-remote.c) starts one `fio --client` per host, each
 * confined (vol-fio-client.h) in a private folder of its own inside the
 * run's scratch folder, all read from the run's one GMainContext: a host
 * that says nothing, floods, or sends what cannot be read fails alone.
 *
 * Everything the client prints is read through a bounded reader: at most
 * VOL_REMOTE_CLIENT_MAX_MESSAGES bytes (and VOL_REMOTE_CLIENT_MAX_LINES
 * lines) of messages before fio's JSON, VOL_REMOTE_CLIENT_MAX_OUTPUT bytes
 * in all; more, and the client is killed and the host "sent too much".
 * What the host asked the client for (a file: fio's SENDFILE; to write
 * one: IOLOG; to save verify state: VTRIGGER) is collected from fio's own
 * words and the private folder, for the run to fail the host with.
 *
 * The run's thread only, with the run's context pushed as its
 * thread-default (the reader and the exit watch attach there).
 */
#pragma once

#include <gio/gio.h>

#include "vol-fio-hosts.h"

G_BEGIN_DECLS

#define VOL_REMOTE_CLIENT_MAX_MESSAGES (1024 * 1024)
#define VOL_REMOTE_CLIENT_MAX_LINES 10000
#define VOL_REMOTE_CLIENT_MAX_OUTPUT (16 * 1024 * 1024)

typedef struct _VolRemoteClient VolRemoteClient;

/* A line the client printed (not fio's debug lines), as it comes. */
typedef void (*VolRemoteClientLineFunc) (VolRemoteClient *client,
                                         const char      *line,
                                         gpointer         user_data);

VolRemoteClient *vol_remote_client_start     (const char              *fio,
                                              const VolFioHost        *host,
                                              const char              *job_path,
                                              const char              *folder,
                                              VolRemoteClientLineFunc  on_line,
                                              gpointer                 user_data,
                                              GError                 **error);
gboolean         vol_remote_client_is_done   (VolRemoteClient         *client);
double           vol_remote_client_stopping  (VolRemoteClient         *client);
void             vol_remote_client_stop      (VolRemoteClient         *client);
void             vol_remote_client_kill      (VolRemoteClient         *client);
void             vol_remote_client_finish    (VolRemoteClient         *client);
const char      *vol_remote_client_get_output (VolRemoteClient        *client,
                                              gsize                   *length);
const char      *vol_remote_client_get_overflow (VolRemoteClient      *client);
GPtrArray       *vol_remote_client_get_requests (VolRemoteClient      *client);
void             vol_remote_client_free      (VolRemoteClient         *client);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolRemoteClient, vol_remote_client_free)

G_END_DECLS
