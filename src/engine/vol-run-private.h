/* vol-run-private.h — what a test's run function is given
 *
 * A VolRun lives on the worker thread for the length of one run. The
 * _vol_run_* helpers are the only way a test talks to the outside: they
 * queue progress and live samples for the main context under the runner's
 * lock, and check the cancellable.
 */
#pragma once

#include "vol-datapool.h"
#include "vol-io.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"
#include "vol-scratch.h"

G_BEGIN_DECLS

struct _VolRun
{
  VolRunner         *runner;
  VolTestSpec       *spec;
  const VolTestKind *kind;
  VolTargetInfo     *target;      /* probed when the run started */
  VolResult         *result;      /* being built: the test adds series to it */
  VolScratch        *scratch;
  const VolIoOps    *io;
  GCancellable      *cancellable;
  guint64            seed;        /* the spec's, or a fresh one */
  gboolean           include_hostname;
  gint64             start_ns;

  /* the current rate, measured over a window of about a second */
  const char        *phase;
  gint64             window_ns;
  guint64            window_bytes;
  double             rate;

  gpointer           test_data;   /* from prepare() to run() */
  GDestroyNotify     test_data_free;
};

gboolean _vol_run_check_cancelled (VolRun      *run,
                                   GError     **error);
void     _vol_run_progress        (VolRun      *run,
                                   const char  *phase,
                                   const char  *text,
                                   guint        item,
                                   guint        n_items,
                                   double       fraction,
                                   guint64      phase_bytes);
void     _vol_run_sample          (VolRun      *run,
                                   const char  *series,
                                   double       x,
                                   double       y);
void     _vol_run_resolve         (VolRun      *run,
                                   GVariant    *resolved);

typedef GThread *(*VolThreadSpawnFunc) (const char   *name,
                                        GThreadFunc   func,
                                        gpointer      data,
                                        GError      **error);

void     _vol_runner_set_thread_spawn (VolRunner          *self,
                                       VolThreadSpawnFunc  spawn);

G_END_DECLS
