/* vol-fio-probe.h — is each host a fio server we can run on, and which are one?
 *
 * Before a remote run (engine/vol-remote.c) every host is, all at once on
 * one GMainContext (no thread per host):
 *   1. resolved (GResolver, async; an IP address as it is), within the
 *      connect timeout, while `fio --version` says which protocol this
 *      machine's fio client speaks;
 *   2. compared: two hosts whose names share an address, and a port, are
 *      one server, which fio would send the job twice (every loopback
 *      address is this machine: "localhost", "127.0.0.1" and "[::1]" are
 *      one host) — the whole run is refused, naming both spellings;
 *   3. probed as fio's client does (vol-fio-wire.h): connect, send
 *      FIO_NET_CMD_PROBE, read the bounded answer within the connect
 *      timeout and check it. A host that accepts and never answers,
 *      answers garbage, a length beyond fio's, or speaks another protocol
 *      fails here, with a message that names it.
 * A host that answered is handed to fio as the address that answered
 * (VolFioProbeResult.reached): fio resolves nothing, so a name only
 * Volumeter's resolver knows cannot break fio's command line.
 *
 * vol_fio_probe_hosts() blocks its thread, iterating a context of its own
 * (pushed as the thread default meanwhile): the remote run's worker.
 */
#pragma once

#include <gio/gio.h>

#include "vol-fio-hosts.h"
#include "vol-fio-wire.h"

G_BEGIN_DECLS

typedef struct
{
  char             *error;     /* why the host cannot run: a sentence naming it; NULL when it answered */
  VolFioHost       *reached;   /* the address that answered, and the port: what fio is given */
  VolFioProbeReply *reply;     /* what the server said of itself (checked text) */
} VolFioProbeResult;

GPtrArray *vol_fio_probe_hosts        (GPtrArray     *hosts,
                                       const char    *fio,
                                       double         timeout,
                                       GCancellable  *cancellable,
                                       GError       **error);
gboolean   vol_fio_probe_same_machine (GInetAddress  *a,
                                       GInetAddress  *b);
void       vol_fio_probe_result_free  (VolFioProbeResult *result);

G_END_DECLS
