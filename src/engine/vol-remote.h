/* vol-remote.h — one test on many hosts, through fio's client/server mode
 *
 * Volumeter grows no network protocol of its own: each host runs
 * `fio --server`, and a remote run sends it the test's fio job
 * (model/vol-fio-job.c) with one confined `fio --client` per host, all at
 * once (vol-remote-client.h, vol-fio-client.h), then turns each host's
 * figures into the result the test would have made there
 * (VolTestKind.from_fio), plus one for the hosts together ("All clients").
 * docs/hosts.md says how to set up a fleet and what it trusts.
 *
 * A host that cannot be reached, whose fio refuses or fails the job, that
 * drops out mid-run, says nothing, sends too much, or asks its client for
 * a file gets a failed result naming the error; the others' results are
 * kept. Nothing waits for ever: a connect timeout per host, fio's own
 * heartbeat for a host that stops answering, and a run timeout after
 * which the hosts still going are stopped.
 *
 * vol_remote_run() blocks its thread and calls @progress on it: it is
 * the remote backend of VolRunner (vol_runner_run_remote_async() runs it
 * on the runner's worker and hands the reports to the main context), which
 * the app and the CLI use; tests may call it directly.
 */
#pragma once

#include <gio/gio.h>

#include "vol-result.h"
#include "vol-spec.h"

G_BEGIN_DECLS

typedef enum
{
  VOL_REMOTE_HOST_CONNECTING,
  VOL_REMOTE_HOST_RUNNING,
  VOL_REMOTE_HOST_DONE,
  VOL_REMOTE_HOST_FAILED,
} VolRemoteHostState;

typedef struct
{
  guint               host;      /* index in the host list; G_MAXUINT: the run as a whole */
  const char         *name;      /* "db1:8765" */
  VolRemoteHostState  state;
  const char         *message;   /* why it failed, else NULL */
  double              elapsed;   /* s since fio started (0 before) */
  double              planned;   /* s the job's timed parts take; 0 if it is bound by bytes */
} VolRemoteProgress;

typedef void (*VolRemoteProgressFunc) (const VolRemoteProgress *progress,
                                       gpointer                 user_data);

typedef struct
{
  const char *fio;              /* the fio program; NULL: "fio" from PATH */
  double      connect_timeout;  /* s per host; 0: VOL_REMOTE_CONNECT_TIMEOUT */
  double      run_timeout;      /* s for the whole run; 0: the estimate + VOL_REMOTE_RUN_MARGIN */
  const char *fio_output;       /* keep fio's own output (its JSON) in this file; NULL: not kept */
} VolRemoteOptions;

#define VOL_REMOTE_CONNECT_TIMEOUT 10.0
#define VOL_REMOTE_RUN_MARGIN 600.0
#define VOL_REMOTE_ALL_CLIENTS "All clients"

gboolean   vol_remote_kind_supported (const char              *kind,
                                      GError                 **error);
char      *vol_remote_job            (const VolTestSpec       *spec,
                                      GError                 **error);
GPtrArray *vol_remote_run            (const VolTestSpec       *spec,
                                      GPtrArray               *hosts,
                                      const VolRemoteOptions  *options,
                                      VolRemoteProgressFunc    progress,
                                      gpointer                 user_data,
                                      GCancellable            *cancellable,
                                      guint                   *n_failed,
                                      GError                 **error);
gboolean   vol_remote_result_is_aggregate (const VolResult   *result);
VolRemoteProgress *vol_remote_progress_copy (const VolRemoteProgress *progress);
void       vol_remote_progress_free  (VolRemoteProgress       *progress);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolRemoteProgress, vol_remote_progress_free)

G_END_DECLS
