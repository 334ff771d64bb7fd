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
#include "vol-device-stat.h"

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

  /* the next unused stamp serial of the run (vol-datapool.h): taken
   * atomically by _vol_run_take_serials from any worker thread */
  guint64            next_serial;

  /* the device's counters when the current timed phase began */
  char              *counted_device; /* whose counters: NULL the target's (a test reading another sets it) */
  char             **counted_members; /* the devices summed (vol_device_stat_members()), found at the first phase */
  char              *counted_name;    /* them as the result names them: "loop3+loop4" */
  guint              write_copies;    /* copies of each written byte among them */
  gboolean           phase_open;
  VolDeviceStat      phase_stat;

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
/* Stamp serials for @n_blocks 4 KiB blocks about to be written: the
 * first of a range no other write of this run gets (64-bit space, never
 * restarted per point). Any thread of the run. */
guint64  _vol_run_take_serials    (VolRun      *run,
                                   guint64      n_blocks);

/* The kernel's own count of a timed phase: _begin reads the target
 * device's /sys/block stat; _end reads it again and records, in
 * result->counters, the device's figures beside the test's own (what the
 * test believes it did in the phase). Harmless where the target has no
 * block device (tmpfs, ramfs): nothing is recorded. Call both from one
 * thread, not nested. */
void     _vol_run_phase_begin     (VolRun      *run);
void     _vol_run_phase_end       (VolRun      *run,
                                   const char  *phase,
                                   guint64      reads,
                                   guint64      writes,
                                   guint64      bytes_read,
                                   guint64      bytes_written);

void     _vol_run_resolve         (VolRun      *run,
                                   GVariant    *resolved);

typedef GThread *(*VolThreadSpawnFunc) (const char   *name,
                                        GThreadFunc   func,
                                        gpointer      data,
                                        GError      **error);

void     _vol_runner_set_thread_spawn (VolRunner          *self,
                                       VolThreadSpawnFunc  spawn);
/* A test's worker thread, through the same seam. */
GThread *_vol_run_spawn_thread    (VolRun      *run,
                                   const char  *name,
                                   GThreadFunc  func,
                                   gpointer     data,
                                   GError     **error);

G_END_DECLS
