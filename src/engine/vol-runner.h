/* vol-runner.h — running one test on a worker thread
 *
 * vol_runner_run_async() probes the target, makes a scratch folder in it,
 * runs the test on a GTask worker thread and removes the scratch folder
 * whatever happens. While it runs, the "progress" signal is emitted on the
 * main context that was thread-default when the run started, at most about
 * 30 times a second, carrying the phase, fraction, current rate, ETA and
 * the samples measured since the last emission. No worker thread ever
 * calls back into the caller.
 *
 * vol_runner_run_remote_async() is the same run on fio hosts (the backend
 * in vol-remote.c): the same worker thread, the same "progress" signal
 * (each host's report in VolProgress.host, none coalesced) and the same
 * kind of task, completing with one result per host and All clients.
 *
 * One run at a time per runner. Create, connect, run and finish on the
 * same (main) thread.
 */
#pragma once

#include <gio/gio.h>

#include "vol-io.h"
#include "vol-live-sample.h"
#include "vol-remote.h"
#include "vol-result.h"
#include "vol-spec.h"

G_BEGIN_DECLS

typedef struct
{
  const char *phase;     /* "write", "read": machine word */
  const char *text;      /* "Writing file 412 of 1000", translated */
  guint       item;      /* 1-based item of the phase, 0 if none */
  guint       n_items;
  double      fraction;  /* 0 … 1 of the whole run */
  double      rate;      /* current bytes per second, 0 unknown */
  double      eta;       /* seconds left, < 0 unknown */
  double      elapsed;   /* seconds since the run started */
  GArray     *samples;   /* of VolLiveSample, new since the last emission */
  const VolRemoteProgress *host;  /* a remote run's report, one emission each; NULL for a local run */
} VolProgress;

#define VOL_TYPE_RUNNER (vol_runner_get_type ())

G_DECLARE_FINAL_TYPE (VolRunner, vol_runner, VOL, RUNNER, GObject)

VolRunner *vol_runner_new           (void);
void       vol_runner_set_io_ops    (VolRunner            *self,
                                     const VolIoOps       *ops);
void       vol_runner_set_include_hostname (VolRunner     *self,
                                            gboolean       include);
gboolean   vol_runner_get_running   (VolRunner            *self);
void       vol_runner_run_async     (VolRunner            *self,
                                     VolTestSpec          *spec,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data);
VolResult *vol_runner_run_finish    (VolRunner            *self,
                                     GAsyncResult         *result,
                                     GError              **error);
void       vol_runner_run_remote_async  (VolRunner              *self,
                                         VolTestSpec            *spec,
                                         GPtrArray              *hosts,
                                         const VolRemoteOptions *options,
                                         GCancellable           *cancellable,
                                         GAsyncReadyCallback     callback,
                                         gpointer                user_data);
GPtrArray *vol_runner_run_remote_finish (VolRunner              *self,
                                         GAsyncResult           *result,
                                         guint                  *n_failed,
                                         GError                **error);

G_END_DECLS
