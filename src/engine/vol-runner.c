/* vol-runner.c — one test on a worker thread, progress on the main context
 *
 * Threading contract: the worker (run_thread) owns the VolRun and the
 * result it builds. It shares exactly one thing with the main thread, the
 * pending progress below, guarded by `lock`; at most one flush source is
 * pending at a time, so a fast test cannot flood the main loop. The result
 * crosses to the main thread once, through the GTask.
 *
 * A remote run (vol_runner_run_remote_async) is the same worker running
 * the fio backend (vol_remote_run) instead of a local test: its hosts'
 * reports are queued under the same lock and handed over by the same
 * flush, each one emitted (a host's "failed" must never be coalesced
 * away), and its results cross through the same task. This is the one
 * worker→main hand-off of a run, for the app and the CLI alike.
 */

#include "vol-runner.h"

#include <math.h>
#include <sys/resource.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-host.h"
#include "vol-probe.h"
#include "vol-run-private.h"
#include "vol-scratch-file.h"

/* ~30 emissions a second: smooth enough for a live chart, cheap enough to
 * never be the bottleneck. */
#define FLUSH_INTERVAL_US (G_USEC_PER_SEC / 30)

struct _VolRunner
{
  GObject          parent_instance;

  const VolIoOps  *io;
  gboolean         include_hostname;
  gboolean         running;
  GMainContext    *context;
  GThread         *thread;      /* the run's worker, joined when it is done */
  VolThreadSpawnFunc spawn;     /* g_thread_try_new(), or a test's stand-in */

  /* Shared with the worker, under lock. */
  GMutex           lock;
  gboolean         has_pending;
  const char      *pending_phase;
  char            *pending_text;
  guint            pending_item;
  guint            pending_n_items;
  double           pending_fraction;
  double           pending_rate;
  double           pending_eta;
  double           pending_elapsed;
  GArray          *pending_samples;
  GPtrArray       *pending_hosts;   /* of VolRemoteProgress, in the order reported */
  GSource         *flush_source;
  gint64           last_flush_us;
};

G_DEFINE_FINAL_TYPE (VolRunner, vol_runner, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum {
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
run_free (VolRun *run)
{
  if (run->test_data_free && run->test_data)
    run->test_data_free (run->test_data);
  g_clear_pointer (&run->spec, vol_test_spec_unref);
  g_clear_pointer (&run->target, vol_target_info_free);
  g_clear_pointer (&run->result, vol_result_unref);
  g_clear_pointer (&run->scratch, vol_scratch_free);
  g_free (run->counted_device);
  g_strfreev (run->counted_members);
  g_free (run->counted_name);
  g_clear_object (&run->cancellable);
  g_clear_object (&run->runner);
  g_free (run);
}

/* Main thread: hand what the worker queued to the signal's handlers. */
static gboolean
flush_progress (VolRunner *self)
{
  VolProgress progress = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(GArray) samples = NULL;
  g_autoptr(GPtrArray) hosts = NULL;
  gboolean has_pending;

  g_mutex_lock (&self->lock);
  if (self->flush_source)
    {
      g_source_destroy (self->flush_source);
      g_clear_pointer (&self->flush_source, g_source_unref);
    }
  hosts = g_steal_pointer (&self->pending_hosts);
  self->pending_hosts = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_remote_progress_free);
  has_pending = self->has_pending;
  if (!has_pending && hosts->len == 0)
    {
      g_mutex_unlock (&self->lock);
      return G_SOURCE_REMOVE;
    }
  progress.phase = self->pending_phase;
  text = g_steal_pointer (&self->pending_text);
  progress.text = text;
  progress.item = self->pending_item;
  progress.n_items = self->pending_n_items;
  progress.fraction = self->pending_fraction;
  progress.rate = self->pending_rate;
  progress.eta = self->pending_eta;
  progress.elapsed = self->pending_elapsed;
  samples = g_steal_pointer (&self->pending_samples);
  self->pending_samples = g_array_new (FALSE, FALSE, sizeof (VolLiveSample));
  self->has_pending = FALSE;
  self->last_flush_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->lock);

  for (guint i = 0; i < hosts->len; i++)
    {
      const VolRemoteProgress *p = g_ptr_array_index (hosts, i);
      VolProgress report = { 0 };

      /* fio's client reports no figures until the job ends: the time is
       * what moves, against the job's planned time when it has one */
      report.phase = "remote";
      report.elapsed = p->elapsed;
      report.fraction = p->planned > 0 ? MIN (p->elapsed / p->planned, 1.0) : 0;
      report.eta = p->planned > 0 ? MAX (p->planned - p->elapsed, 0) : -1;
      report.host = p;
      g_signal_emit (self, signals[PROGRESS], 0, &report);
    }
  if (!has_pending)
    return G_SOURCE_REMOVE;
  progress.samples = samples;
  g_signal_emit (self, signals[PROGRESS], 0, &progress);
  return G_SOURCE_REMOVE;
}

static gboolean
flush_source_cb (gpointer data)
{
  return flush_progress (VOL_RUNNER (data));
}

/* Worker thread, lock held: make sure one flush is on its way. */
static void
ensure_flush_locked (VolRunner *self)
{
  gint64 since;
  guint delay_ms;

  if (self->flush_source != NULL)
    return;
  since = g_get_monotonic_time () - self->last_flush_us;
  delay_ms = since >= FLUSH_INTERVAL_US ? 0 : (guint) ((FLUSH_INTERVAL_US - since) / 1000);
  self->flush_source = g_timeout_source_new (delay_ms);
  g_source_set_priority (self->flush_source, G_PRIORITY_DEFAULT);
  g_source_set_callback (self->flush_source, flush_source_cb, g_object_ref (self), g_object_unref);
  g_source_set_static_name (self->flush_source, "[volumeter] runner progress");
  g_source_attach (self->flush_source, self->context);
}

/* Worker thread, lock held: a local run's progress is waiting. */
static void
schedule_flush_locked (VolRunner *self)
{
  self->has_pending = TRUE;
  ensure_flush_locked (self);
}

/**
 * _vol_run_check_cancelled:
 *
 * Worker thread. Called before every I/O so a cancel lands within one
 * transfer.
 */
gboolean
_vol_run_check_cancelled (VolRun  *run,
                          GError **error)
{
  if (g_cancellable_is_cancelled (run->cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return FALSE;
    }
  return TRUE;
}

/**
 * _vol_run_progress:
 * @phase: a static machine word, "write"
 * @text: what the user reads, "Writing file 3 of 50"
 * @fraction: of the whole run, 0 … 1
 * @phase_bytes: bytes moved so far in this phase, for the current rate
 *
 * Worker thread. Cheap: call it after every transfer.
 */
void
_vol_run_progress (VolRun     *run,
                   const char *phase,
                   const char *text,
                   guint       item,
                   guint       n_items,
                   double      fraction,
                   guint64     phase_bytes)
{
  VolRunner *self = run->runner;
  gint64 now = vol_io_now_ns ();
  double elapsed = (now - run->start_ns) / 1e9;

  /* The rate over the last second or so: long enough to smooth one slow
   * transfer, short enough to show a cliff as it happens. */
  if (run->phase != phase)
    {
      run->phase = phase;
      run->window_ns = now;
      run->window_bytes = phase_bytes;
      run->rate = 0;
    }
  else if (now - run->window_ns >= 250 * G_GINT64_CONSTANT (1000000))
    {
      double window_rate = (phase_bytes - run->window_bytes) / ((now - run->window_ns) / 1e9);
      run->rate = run->rate > 0 ? 0.5 * run->rate + 0.5 * window_rate : window_rate;
      run->window_ns = now;
      run->window_bytes = phase_bytes;
    }

  g_mutex_lock (&self->lock);
  self->pending_phase = phase;
  if (g_strcmp0 (self->pending_text, text) != 0)
    {
      g_free (self->pending_text);
      self->pending_text = g_strdup (text);
    }
  self->pending_item = item;
  self->pending_n_items = n_items;
  self->pending_fraction = CLAMP (fraction, 0.0, 1.0);
  self->pending_rate = run->rate;
  self->pending_elapsed = elapsed;
  self->pending_eta = (fraction > 0.005 && fraction < 1.0) ? elapsed * (1.0 - fraction) / fraction
                    : fraction >= 1.0 ? 0 : -1;
  schedule_flush_locked (self);
  g_mutex_unlock (&self->lock);
}

/**
 * _vol_run_sample:
 * @series: a static string
 *
 * Worker thread. Queues one sample for the live chart; the test also adds
 * it to run->result itself.
 */
void
_vol_run_sample (VolRun     *run,
                 const char *series,
                 double      x,
                 double      y)
{
  VolRunner *self = run->runner;
  VolLiveSample sample = { series, x, y };

  g_mutex_lock (&self->lock);
  g_array_append_val (self->pending_samples, sample);
  schedule_flush_locked (self);
  g_mutex_unlock (&self->lock);
}

/**
 * _vol_run_resolve:
 * @resolved: a{sv} of values the test derived (sizes fitted to the volume)
 *
 * Worker thread, from prepare().
 */
void
_vol_run_resolve (VolRun   *run,
                  GVariant *resolved)
{
  g_clear_pointer (&run->result->resolved, g_variant_unref);
  run->result->resolved = g_variant_ref_sink (resolved);
}

static double
timeval_seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec / 1e6;
}

/**
 * _vol_run_take_serials:
 *
 * One counter per run, never reset, so no two written blocks of a run
 * carry the same stamp however many points, threads or ring slots wrote
 * them (64 bits: a device writing 10 GB/s would need 2^64 × 4 KiB ÷ 10 GB/s,
 * far beyond any run, to wrap).
 */
guint64
_vol_run_take_serials (VolRun  *run,
                       guint64  n_blocks)
{
  return __atomic_fetch_add (&run->next_serial, n_blocks, __ATOMIC_RELAXED);
}

/* Whose counters a phase reads: the device a test reads itself
 * (counted_device), else the leaves of the target's stack, found once. */
static gboolean
counted_members (VolRun *run)
{
  if (run->counted_members != NULL)
    return TRUE;
  run->write_copies = 1;
  if (run->counted_device != NULL)
    run->counted_members = g_strdupv ((char *[]) { run->counted_device, NULL });
  else if (run->target != NULL)
    run->counted_members = vol_device_stat_members (run->target, &run->write_copies);
  if (run->counted_members == NULL)
    return FALSE;
  run->counted_name = g_strjoinv ("+", run->counted_members);
  return TRUE;
}

/**
 * _vol_run_phase_begin:
 *
 * Reads the counters of the devices below the target
 * (vol_device_stat_members(): for a partition its own, for md, dm and a
 * btrfs over several devices the sum of the physical members).
 */
void
_vol_run_phase_begin (VolRun *run)
{
  run->phase_open = counted_members (run)
                    && vol_device_stat_read_sum (NULL, (const char * const *) run->counted_members,
                                                 &run->phase_stat);
}

void
_vol_run_phase_end (VolRun     *run,
                    const char *phase,
                    guint64     reads,
                    guint64     writes,
                    guint64     bytes_read,
                    guint64     bytes_written)
{
  VolDeviceStat after, delta;
  VolIoCounters counters = { 0 };

  if (!run->phase_open)
    return;
  run->phase_open = FALSE;
  if (!vol_device_stat_read_sum (NULL, (const char * const *) run->counted_members, &after))
    return;
  vol_device_stat_diff (&run->phase_stat, &after, &delta);
  counters.phase = (char *) phase;
  counters.device = run->counted_name;
  counters.write_copies = run->write_copies;
  counters.reads = reads;
  counters.writes = writes;
  counters.bytes_read = bytes_read;
  counters.bytes_written = bytes_written;
  counters.dev_reads = delta.reads;
  counters.dev_writes = delta.writes;
  counters.dev_bytes_read = delta.read_sectors * 512;
  counters.dev_bytes_written = delta.write_sectors * 512;
  counters.dev_flushes = delta.flushes;
  vol_result_add_counters (run->result, &counters);
}

/* Worker thread: probe, check, make the scratch folder, prepare. Any
 * failure here is about the input (target, parameters, space): no result. */
static gboolean
set_up (VolRun  *run,
        GError **error)
{
  const VolTestSpec *spec = run->spec;

  run->kind = vol_registry_lookup (vol_test_spec_get_kind (spec));
  if (run->kind == NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND,
                   _("There is no test called “%s”"), vol_test_spec_get_kind (spec));
      return FALSE;
    }
  if (!vol_test_spec_validate (spec, &run->kind->info, error))
    return FALSE;
  if (run->kind->run == NULL)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NOT_IMPLEMENTED,
                   _("The %s test is not available in this version"), run->kind->info.name);
      return FALSE;
    }

  /* a test that reads a device may be given the device itself */
  if (run->kind->info.reads_device && g_str_has_prefix (vol_test_spec_get_target (spec), "/dev/"))
    run->target = vol_target_probe_device (vol_test_spec_get_target (spec), error);
  else
    run->target = vol_target_probe (vol_test_spec_get_target (spec), error);
  if (run->target == NULL)
    return FALSE;

  run->seed = vol_test_spec_get_seed (spec);
  if (run->seed == 0)
    run->seed = vol_data_pool_new_seed ();

  run->result = vol_result_new (run->kind->info.name);
  run->result->app_name = g_strdup ("Volumeter");
  run->result->app_version = g_strdup (PACKAGE_VERSION);
  run->result->label = g_strdup (vol_test_spec_get_label (spec));
  run->result->host = vol_host_info_probe (run->include_hostname);
  run->result->target = vol_target_info_copy (run->target);
  run->result->params = g_variant_ref (vol_test_spec_get_params (spec));
  run->result->pattern = vol_test_spec_get_pattern (spec);
  run->result->seed = run->seed;
  run->result->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  run->result->io_backend = g_strdup ("sync");

  /* read-only tests write nothing anywhere, not even a folder */
  if (!run->kind->info.reads_device)
    {
      run->scratch = vol_scratch_create (run->target->path, error);
      if (run->scratch == NULL)
        return FALSE;
    }

  if (run->kind->prepare && !run->kind->prepare (run, error))
    {
      if (run->scratch)
        vol_scratch_remove (run->scratch, NULL);
      return FALSE;
    }
  return TRUE;
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  VolRun *run = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) cleanup_error = NULL;
  struct rusage before, after;
  guint huge_before, small_before, huge_after, small_after;
  VolResult *result;
  gboolean ok;

  run->start_ns = vol_io_now_ns ();
  /* The test seam (vol-pause-seam.h) ends a pause when the run is cancelled. */
  g_cancellable_push_current (run->cancellable);
  if (!set_up (run, &error))
    {
      g_cancellable_pop_current (run->cancellable);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* RUSAGE_THREAD: the CPU this test's thread used, not the GUI's. */
  getrusage (RUSAGE_THREAD, &before);
  vol_io_buffer_tally (&huge_before, &small_before);
  ok = run->kind->run (run, &error);
  vol_io_buffer_tally (&huge_after, &small_after);
  getrusage (RUSAGE_THREAD, &after);

  result = run->result;
  /* One large buffer on 4 KiB pages is enough to make the run's large
   * transfers split by luck (vol-io-buffer.c); with none of 256 KiB or
   * more, every transfer fits a request anyway. */
  result->io_buffers = small_after > small_before ? VOL_IO_BUFFERS_PAGES
                       : huge_after > huge_before ? VOL_IO_BUFFERS_HUGE_PAGES : VOL_IO_BUFFERS_SMALL;
  result->duration = (vol_io_now_ns () - run->start_ns) / 1e9;
  /* added to what the test's own worker threads reported */
  result->cpu_user += timeval_seconds (&after.ru_utime) - timeval_seconds (&before.ru_utime);
  result->cpu_system += timeval_seconds (&after.ru_stime) - timeval_seconds (&before.ru_stime);

  _vol_scratch_file_label_ram (run);

  if (ok)
    result->status = VOL_RESULT_STATUS_COMPLETE;
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      result->status = VOL_RESULT_STATUS_CANCELLED;
      result->message = g_strdup (_("Cancelled before the end; the samples so far are kept"));
    }
  else
    {
      result->status = VOL_RESULT_STATUS_FAILED;
      result->message = g_strdup (error->message);
    }

  if (run->scratch && !vol_scratch_remove (run->scratch, &cleanup_error))
    {
      /* Leftover files are the user's lost space: never let that pass as
       * a clean run. */
      g_autofree char *old = g_steal_pointer (&result->message);
      result->status = VOL_RESULT_STATUS_FAILED;
      result->message = old ? g_strdup_printf (_("%s. The scratch folder %s could not be removed: %s"),
                                               old, vol_scratch_get_path (run->scratch),
                                               cleanup_error->message)
                            : g_strdup_printf (_("The scratch folder %s could not be removed: %s"),
                                               vol_scratch_get_path (run->scratch),
                                               cleanup_error->message);
    }

  g_cancellable_pop_current (run->cancellable);
  g_task_return_pointer (task, vol_result_ref (result), (GDestroyNotify) vol_result_unref);
}

/* ---- the remote backend: fio's client against the hosts ---------------- */

typedef struct
{
  VolRunner        *runner;
  VolTestSpec      *spec;
  GPtrArray        *hosts;       /* of VolFioHost */
  VolRemoteOptions  options;     /* its strings below */
  char             *fio;
  char             *fio_output;
  guint             n_failed;    /* the worker's, read once it is done */
} RemoteJob;

static void
remote_job_free (gpointer data)
{
  RemoteJob *job = data;

  g_object_unref (job->runner);
  vol_test_spec_unref (job->spec);
  g_ptr_array_unref (job->hosts);
  g_free (job->fio);
  g_free (job->fio_output);
  g_free (job);
}

/* Worker thread: a host's report, queued for the next flush. */
static void
remote_progress_cb (const VolRemoteProgress *p,
                    gpointer                 user_data)
{
  RemoteJob *job = user_data;
  VolRunner *self = job->runner;

  g_mutex_lock (&self->lock);
  g_ptr_array_add (self->pending_hosts, vol_remote_progress_copy (p));
  ensure_flush_locked (self);
  g_mutex_unlock (&self->lock);
}

static void
remote_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  RemoteJob *job = task_data;
  GError *error = NULL;
  GPtrArray *results = vol_remote_run (job->spec, job->hosts, &job->options, remote_progress_cb, job,
                                       cancellable, &job->n_failed, &error);

  if (results != NULL)
    g_task_return_pointer (task, results, (GDestroyNotify) g_ptr_array_unref);
  else
    g_task_return_error (task, error);
}

/* The run's own thread. Not GTask's pool: a pool that cannot start a
 * thread (ulimit -v, a cgroup's pids.max) queues the task for ever, and
 * the run could then neither start nor be cancelled. A thread of its own
 * either starts or fails at once with an error to report. */
typedef struct
{
  GTask           *task;
  GTaskThreadFunc  func;   /* run_thread, or remote_thread */
} Worker;

static gpointer
worker_main (gpointer data)
{
  Worker *worker = data;

  worker->func (worker->task, g_task_get_source_object (worker->task), g_task_get_task_data (worker->task),
                g_task_get_cancellable (worker->task));
  g_object_unref (worker->task);
  g_free (worker);
  return NULL;
}

/* Main thread: deliver the last progress, then the result, in that order. */
static void
worker_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  VolRunner *self = VOL_RUNNER (source);
  g_autoptr(GTask) outer = user_data;
  GError *error = NULL;
  gpointer value;

  /* The worker returned the task and is ending: nothing left to wait for. */
  if (self->thread)
    g_thread_join (g_steal_pointer (&self->thread));
  flush_progress (self);
  self->running = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  value = g_task_propagate_pointer (G_TASK (res), &error);
  if (value == NULL)
    g_task_return_error (outer, error);
  else if (g_task_get_source_tag (outer) == vol_runner_run_remote_async)
    {
      /* read once the worker is done with it */
      const RemoteJob *job = g_task_get_task_data (G_TASK (res));

      *(guint *) g_task_get_task_data (outer) = job->n_failed;
      g_task_return_pointer (outer, value, (GDestroyNotify) g_ptr_array_unref);
    }
  else
    g_task_return_pointer (outer, value, (GDestroyNotify) vol_result_unref);
}

/* Main thread: one run on the runner's own thread, however it runs. The
 * inner task, the worker's, ends in worker_done_cb, which completes
 * @outer. */
static void
start_worker (VolRunner       *self,
              GTask           *outer,
              GCancellable    *cancellable,
              GTaskThreadFunc  func,
              gpointer         task_data,
              GDestroyNotify   task_data_free)
{
  g_autoptr(GTask) inner = NULL;
  g_autoptr(GError) spawn_error = NULL;
  Worker *worker;

  /* A cancelled run still has a result to give: the partial one. */
  g_task_set_check_cancellable (outer, FALSE);

  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  self->running = TRUE;
  self->last_flush_us = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

  inner = g_task_new (self, cancellable, worker_done_cb, g_object_ref (outer));
  g_task_set_check_cancellable (inner, FALSE);
  g_task_set_return_on_cancel (inner, FALSE);
  g_task_set_task_data (inner, task_data, task_data_free);

  worker = g_new0 (Worker, 1);
  worker->task = g_object_ref (inner);
  worker->func = func;
  self->thread = self->spawn ("volumeter-run", worker_main, worker, &spawn_error);
  if (self->thread == NULL)
    {
      g_object_unref (worker->task);
      g_free (worker);
      g_task_return_new_error (inner, G_THREAD_ERROR, G_THREAD_ERROR_AGAIN,
                               _("The test could not start: no thread could be created for it (%s). "
                                 "The system may be out of memory or processes (ulimit -v, ulimit -u, pids.max)"),
                               spawn_error->message);
    }
}

/**
 * vol_runner_run_async:
 * @spec: what to run; validated again on the worker
 * @cancellable: cancels the run; the result then says "cancelled" and keeps
 *   the samples so far
 *
 * Main thread. Completes with a result for every run that started (also
 * failed or cancelled ones) and with an error only when it could not start:
 * a bad spec, a target that is missing or not writable, a test that does
 * not fit in the free space.
 */
void
vol_runner_run_async (VolRunner           *self,
                      VolTestSpec         *spec,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  VolRun *run;

  g_return_if_fail (VOL_IS_RUNNER (self));
  g_return_if_fail (spec != NULL);
  g_return_if_fail (!self->running);

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, vol_runner_run_async);

  run = g_new0 (VolRun, 1);
  run->runner = g_object_ref (self);
  run->spec = vol_test_spec_ref (spec);
  run->io = self->io;
  run->include_hostname = self->include_hostname;
  run->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();

  start_worker (self, outer, cancellable, run_thread, run, (GDestroyNotify) run_free);
}

/**
 * vol_runner_run_remote_async:
 * @hosts: (element-type VolFioHost): at least one
 * @options: (nullable): copied
 * @cancellable: tells fio to stop the hosts' jobs; the results then say
 *   "cancelled"
 *
 * Main thread. Runs @spec on @hosts through fio's client, on the runner's
 * worker thread. Each host's report comes as a "progress" emission with
 * VolProgress.host set. Completes with one result per host and All
 * clients (failed hosts' too), or an error when nothing could be sent.
 */
void
vol_runner_run_remote_async (VolRunner              *self,
                             VolTestSpec            *spec,
                             GPtrArray              *hosts,
                             const VolRemoteOptions *options,
                             GCancellable           *cancellable,
                             GAsyncReadyCallback     callback,
                             gpointer                user_data)
{
  g_autoptr(GTask) outer = NULL;
  RemoteJob *job;

  g_return_if_fail (VOL_IS_RUNNER (self));
  g_return_if_fail (spec != NULL);
  g_return_if_fail (hosts != NULL && hosts->len > 0);
  g_return_if_fail (!self->running);

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, vol_runner_run_remote_async);
  g_task_set_task_data (outer, g_new0 (guint, 1), g_free);

  job = g_new0 (RemoteJob, 1);
  job->runner = g_object_ref (self);
  job->spec = vol_test_spec_ref (spec);
  job->hosts = g_ptr_array_ref (hosts);
  if (options)
    job->options = *options;
  job->fio = g_strdup (job->options.fio);
  job->fio_output = g_strdup (job->options.fio_output);
  job->options.fio = job->fio;
  job->options.fio_output = job->fio_output;

  start_worker (self, outer, cancellable, remote_thread, job, remote_job_free);
}

/**
 * vol_runner_run_remote_finish:
 * @n_failed: (out) (optional): hosts that gave no complete result
 *
 * Returns: (transfer full) (element-type VolResult): the hosts' results
 *   and All clients, or NULL with @error set when nothing could be sent.
 */
GPtrArray *
vol_runner_run_remote_finish (VolRunner     *self,
                              GAsyncResult  *result,
                              guint         *n_failed,
                              GError       **error)
{
  g_return_val_if_fail (VOL_IS_RUNNER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == vol_runner_run_remote_async, NULL);

  if (n_failed)
    *n_failed = *(guint *) g_task_get_task_data (G_TASK (result));
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * _vol_runner_set_thread_spawn:
 * @spawn: (nullable): stands in for g_thread_try_new(); NULL restores it
 *
 * For tests: a spawn that fails shows what a run does when the system
 * refuses it a thread. Main thread, not while running.
 */
void
_vol_runner_set_thread_spawn (VolRunner          *self,
                              VolThreadSpawnFunc  spawn)
{
  g_return_if_fail (VOL_IS_RUNNER (self));
  g_return_if_fail (!self->running);

  self->spawn = spawn ? spawn : g_thread_try_new;
}

/**
 * _vol_run_spawn_thread:
 *
 * The I/O threads of a test (vol-worker-pool.c) are made through the
 * runner's seam too, so a test can show what a run does when the system
 * will not give it the Nth thread.
 */
GThread *
_vol_run_spawn_thread (VolRun       *run,
                       const char   *name,
                       GThreadFunc   func,
                       gpointer      data,
                       GError      **error)
{
  return run->runner->spawn (name, func, data, error);
}

/**
 * vol_runner_run_finish:
 *
 * Returns: (transfer full): the result, or NULL with @error set when the
 *   run could not start.
 */
VolResult *
vol_runner_run_finish (VolRunner     *self,
                       GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (VOL_IS_RUNNER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * vol_runner_set_io_ops:
 *
 * Replaces the system calls for the next run: tests use it to inject
 * faults. Main thread, not while running.
 */
void
vol_runner_set_io_ops (VolRunner      *self,
                       const VolIoOps *ops)
{
  g_return_if_fail (VOL_IS_RUNNER (self));
  g_return_if_fail (!self->running);

  self->io = ops ? ops : vol_io_ops_default ();
}

void
vol_runner_set_include_hostname (VolRunner *self,
                                 gboolean   include)
{
  g_return_if_fail (VOL_IS_RUNNER (self));
  self->include_hostname = include;
}

gboolean
vol_runner_get_running (VolRunner *self)
{
  g_return_val_if_fail (VOL_IS_RUNNER (self), FALSE);
  return self->running;
}

VolRunner *
vol_runner_new (void)
{
  return g_object_new (VOL_TYPE_RUNNER, NULL);
}

static void
vol_runner_finalize (GObject *object)
{
  VolRunner *self = VOL_RUNNER (object);

  /* A pending flush holds a reference, so none can be left here. */
  g_assert (self->flush_source == NULL);
  /* the worker holds a reference until it is done and joined */
  g_assert (self->thread == NULL);
  g_free (self->pending_text);
  g_array_unref (self->pending_samples);
  g_ptr_array_unref (self->pending_hosts);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (vol_runner_parent_class)->finalize (object);
}

static void
vol_runner_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  VolRunner *self = VOL_RUNNER (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vol_runner_class_init (VolRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = vol_runner_finalize;
  object_class->get_property = vol_runner_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * VolRunner::progress:
   * @progress: (type gpointer): a const VolProgress*, valid during the emission
   *
   * Main context of the run, at most ~30 times a second.
   */
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
vol_runner_init (VolRunner *self)
{
  g_mutex_init (&self->lock);
  self->io = vol_io_ops_default ();
  self->spawn = g_thread_try_new;
  self->pending_samples = g_array_new (FALSE, FALSE, sizeof (VolLiveSample));
  self->pending_hosts = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_remote_progress_free);
}
