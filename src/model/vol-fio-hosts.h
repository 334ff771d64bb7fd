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
 * A name is kept normalised: lower case, without the trailing dot of an
 * absolute name ("LOCALHOST." is "localhost"), an IP address in its
 * canonical text ("0:0:0:0:0:0:0:1" is "::1"); the user's own spelling is
 * kept beside it for messages. Two spellings of one address are found
 * only by resolving them (engine/vol-fio-probe.c).
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
  char    *address;   /* normalised: "db1.lab", "10.0.0.7", "::1" */
  guint16  port;
  char    *spelling;  /* as the user wrote it, blanks trimmed: "DB1.lab.:9000" */
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
