/* vol-fio-hosts.h — the hosts a remote run talks to
 *
 * A remote run (engine/vol-remote.c) sends its fio job to `fio --server`
 * on each host the user names, and to no other. The names come from
 * --hosts (comma-separated), a host-list file (one per line, # comments,
 * fio's own host-list format read too) or the app's host list.
 *
 *   host             port 8765, fio's default
 *   host:port        the way a user writes it
 *   host,port        fio's way
 *   [v6::addr]:port  an IPv6 address with a port; ::1 alone is an address
 *
 * Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define VOL_FIO_DEFAULT_PORT 8765
/* far beyond a rack; fio's client keeps a connection per host */
#define VOL_FIO_MAX_HOSTS 256

typedef struct
{
  char    *address;   /* "db1.lab", "10.0.0.7", "::1" */
  guint16  port;
} VolFioHost;

void       vol_fio_host_free         (VolFioHost       *host);
VolFioHost *vol_fio_host_parse       (const char       *text,
                                      guint16           default_port,
                                      GError          **error);
GPtrArray *vol_fio_hosts_parse       (const char       *list,
                                      guint16           default_port,
                                      GError          **error);
GPtrArray *vol_fio_hosts_load        (const char       *path,
                                      guint16           default_port,
                                      GError          **error);
char      *vol_fio_host_to_string    (const VolFioHost *host);
char      *vol_fio_host_client_arg   (const VolFioHost *host);
gboolean   vol_fio_host_is_ipv6      (const VolFioHost *host);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolFioHost, vol_fio_host_free)

G_END_DECLS
