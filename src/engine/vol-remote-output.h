/* vol-remote-output.h — the hosts' fio output, kept as one file (--fio-output)
 *
 * A remote run has one fio client per host, so one JSON document per
 * host; the file a user keeps is one document in the shape of a
 * `fio --client=A --client=B` run's: every host's "client_stats" entries
 * in one list, and (for several hosts) an "All clients" entry whose
 * total_ios and io_bytes are the sums over the hosts that finished, as
 * the run's "All clients" result counts them. Blocking; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean vol_remote_output_save (const char     *path,
                                 GPtrArray      *texts,
                                 const gboolean *finished,
                                 gboolean        all_clients,
                                 GError        **error);

G_END_DECLS
