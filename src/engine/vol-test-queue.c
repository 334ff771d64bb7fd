/* vol-test-queue.c — Queue depth: random I/O with exactly QD in flight
 *
 * The test of the reviews that plot IOPS against queue depth. A file of
 * the span is laid down, then for each depth QD the test runs for a fixed
 * time, keeping exactly QD random I/Os of one block in flight:
 *
 *   io_uring (liburing): QD buffers registered with the ring, the file
 *     registered too; every completion is reaped in batches and its slot
 *     refilled at once, one io_uring_enter per batch (submit + wait);
 *     vol-io-loop.c says what "in flight" and latency mean there.
 *   threads: where io_uring is unavailable (or backend=threads), QD
 *     worker threads each keep one pread/pwrite in flight.
 *
 * Both are the loops of vol-io-loop.c, which the Quick benchmark runs too.
 *
 * Offsets are random multiples of the grain (the block rounded up to
 * 4 KiB), plus 512 bytes when the alignment is offset512:
 *
 *   offset = k · grain + shift,  k uniform in [0, slots),
 *   slots  = ⌊(span − shift − block) / grain⌋ + 1
 *
 * Per point: IOPS = I/Os / seconds, MB/s = bytes / seconds, where seconds
 * runs from the first submission to the last completion (and, for writes,
 * the fdatasync after it); latency of each I/O from just before its
 * submission to the reaping of its completion (CLOCK_MONOTONIC).
 */

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <liburing.h>

#include "vol-error.h"
#include "vol-kinds.h"
#include "vol-estimate.h"
#include "vol-random.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-stats.h"
#include "vol-scratch-file.h"
#include "vol-io-loop.h"
#include "vol-uring.h"
#include "vol-worker-pool.h"

/* Latencies kept per point for the percentiles: beyond this many, a
 * uniform reservoir sample of this size stands for all of them (the mean
 * is still over every I/O). 2 M samples put 2000 above the p99.9. */
#define LATENCY_RESERVOIR (2u << 20)
#define INTERVAL_NS (500 * G_GINT64_CONSTANT (1000000))
#define FILE_NAME "queue.dat"

typedef enum { MODE_READ, MODE_WRITE, MODE_MIX } QueueMode;
typedef enum { BACKEND_AUTO, BACKEND_URING, BACKEND_THREADS } QueueBackend;

typedef struct
{
  gsize         block;
  guint64       span;        /* file size */
  guint64       grain;
  guint64       shift;       /* 0, or 512 for offset512 */
  guint64       slots;
  guint         n_depths;
  guint        *depths;
  guint         max_depth;
  QueueMode     mode;
  guint         read_percent;
  double        seconds;
  QueueBackend  backend;
} QueuePlan;

static void
queue_plan_free (gpointer data)
{
  QueuePlan *plan = data;

  g_free (plan->depths);
  g_free (plan);
}

static gboolean
queue_prepare (VolRun  *run,
               GError **error)
{
  QueuePlan *plan = g_new0 (QueuePlan, 1);
  g_autoptr(GVariant) depths = vol_test_spec_get_value (run->spec, "depths");
  guint64 wanted;
  const gint64 *items;
  gsize n;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = queue_plan_free;

  plan->block = (gsize) vol_test_spec_get_int (run->spec, "block");
  plan->mode = vol_test_spec_get_choice (run->spec, "mode", vol_kind_queue_modes);
  plan->read_percent = plan->mode == MODE_READ ? 100 : plan->mode == MODE_WRITE ? 0
                       : (guint) vol_test_spec_get_int (run->spec, "read-percent");
  plan->shift = g_strcmp0 (vol_test_spec_get_string (run->spec, "alignment"), "offset512") == 0 ? 512 : 0;
  plan->seconds = vol_test_spec_get_double (run->spec, "seconds");
  plan->backend = vol_test_spec_get_choice (run->spec, "backend", vol_kind_queue_backends);
  plan->grain = (plan->block + 4095) / 4096 * 4096;

  items = g_variant_get_fixed_array (depths, &n, sizeof (gint64));
  plan->n_depths = (guint) n;
  plan->depths = g_new (guint, n);
  for (gsize i = 0; i < n; i++)
    {
      plan->depths[i] = (guint) items[i];
      plan->max_depth = MAX (plan->max_depth, plan->depths[i]);
    }
  wanted = (guint64) vol_test_spec_get_int (run->spec, "span");
  plan->span = _vol_scratch_file_fit (run, wanted, VOL_KIND_KEEP_FREE, error);
  if (plan->span == 0)
    return FALSE;
  if (plan->span < plan->shift + plan->block)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s for a single block"), run->target->path);
      return FALSE;
    }
  plan->slots = (plan->span - plan->shift - plan->block) / plan->grain + 1;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "span", g_variant_new_int64 ((gint64) plan->span));
  g_variant_builder_add (&b, "{sv}", "span-wanted", g_variant_new_int64 ((gint64) wanted));
  g_variant_builder_add (&b, "{sv}", "block", g_variant_new_int64 ((gint64) plan->block));
  g_variant_builder_add (&b, "{sv}", "grain", g_variant_new_int64 ((gint64) plan->grain));
  g_variant_builder_add (&b, "{sv}", "offset-shift", g_variant_new_int64 ((gint64) plan->shift));
  g_variant_builder_add (&b, "{sv}", "offset-slots", g_variant_new_int64 ((gint64) plan->slots));
  g_variant_builder_add (&b, "{sv}", "read-percent", g_variant_new_int64 (plan->read_percent));
  g_variant_builder_add (&b, "{sv}", "points", g_variant_new_int64 (plan->n_depths));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct _Threads Threads;

typedef struct
{
  VolRun        *run;
  QueuePlan     *plan;
  int            fd;
  gboolean       direct;
  gsize          mem_align;
  VolSeries     *points;
  VolSeries     *intervals;
  const char    *phase;
  char          *text;
  guint          point;        /* index of the running point */
  guint          depth;
  gint64         t0_ns;        /* the timed part began (after the lay-down) */
  double         lay_down_s;
  guint64        moved;        /* bytes of all timed points so far, for the rate */
  guint64        lay_serial;   /* the stamp of the file's first block */
  guint64        total_ios;
  guint64        total_bytes;
  guint64        total_offsets_512;
  guint64        total_offsets_4k;
  gboolean       uring_failed;
  char          *uring_error;
  double         ring_cpu_user;   /* the run's thread in io_uring points */
  double         ring_cpu_system;
  /* the interval being counted */
  gint64         point_start_ns;
  gint64         interval_start_ns;
  guint64        interval_ios;
  guint64        interval_bytes;
  gint64         last_report_ns;
  /* spread of the IOPS over the intervals of the point */
  GArray        *interval_iops;
  double         worker_cpu_user;
  double         worker_cpu_system;
  Threads       *threads;      /* the threads backend's workers of the running point */
} Queue;

static void
report (Queue   *q,
        gint64   now,
        guint64  point_bytes)
{
  double total = q->plan->n_depths * q->plan->seconds;
  double done = q->point * q->plan->seconds + (now - q->point_start_ns) / 1e9;
  double fraction = (q->lay_down_s + MIN (done, total)) / (q->lay_down_s + total);

  if (q->text == NULL)
    q->text = g_strdup_printf (_("Queue depth %u (%u of %u)"), q->depth, q->point + 1, q->plan->n_depths);
  _vol_run_progress (q->run, q->phase, q->text, q->point + 1, q->plan->n_depths, fraction, q->moved + point_bytes);
  q->last_report_ns = now;
}

/* Closes an interval of about half a second: a row of the over-time
 * series, and one value of the spread of the point's IOPS. */
static void
close_interval (Queue  *q,
                gint64  now,
                guint64 ios,
                guint64 bytes)
{
  double seconds = (now - q->interval_start_ns) / 1e9;
  double iops;

  if (seconds <= 0)
    return;
  iops = (ios - q->interval_ios) / seconds;
  vol_kind_queue_append_interval (q->intervals, q->depth, (now - q->point_start_ns) / 1e9, iops,
                                  (bytes - q->interval_bytes) / seconds);
  g_array_append_val (q->interval_iops, iops);
  q->interval_start_ns = now;
  q->interval_ios = ios;
  q->interval_bytes = bytes;
}

/* ---- the loops --------------------------------------------------------- */

/* The loop of the running point, as vol-io-loop.h takes it. */
static VolIoLoop
point_loop (Queue *q)
{
  QueuePlan *plan = q->plan;
  VolIoLoop loop = {
    .run = q->run,
    .fd = q->fd,
    .file_name = FILE_NAME,
    .block = plan->block,
    .mem_align = q->mem_align,
    .depth = q->depth,
    .sequential = FALSE,
    .grain = plan->grain,
    .shift = plan->shift,
    .slots = plan->slots,
    .read_percent = plan->read_percent,
    .verify = plan->mode == MODE_READ,
    .lay_serial = q->lay_serial,
    .seed = q->run->seed ^ (G_GUINT64_CONSTANT (0x51ed270b27ad3f5b) * (q->point + 1)),
    .seconds = plan->seconds,
  };
  return loop;
}

/* Records how the rings of the run were set up (vol-uring.h), so a
 * result from an older kernel says why it may be slower. */
static void
note_uring_mode (Queue        *q,
                 VolUringMode  mode)
{
  const char *name = _vol_uring_mode_name (mode);
  GVariantDict dict;
  const char *had = NULL;

  g_variant_dict_init (&dict, q->run->result->resolved);
  if (!g_variant_dict_lookup (&dict, "io-uring-setup", "&s", &had) || g_strcmp0 (had, name) != 0)
    {
      g_variant_dict_insert (&dict, "io-uring-setup", "s", name);
      _vol_run_resolve (q->run, g_variant_dict_end (&dict));
    }
  else
    g_variant_dict_clear (&dict);
}

/* The ring's thread (the run's), after every reaped batch. */
static gboolean
ring_tick (gpointer          user_data,
           gint64            start_ns,
           gint64            now,
           const VolIoTally *tally)
{
  Queue *q = user_data;

  if (q->point_start_ns != start_ns)
    q->point_start_ns = q->interval_start_ns = start_ns;
  if (now - q->interval_start_ns >= INTERVAL_NS)
    close_interval (q, now, tally->ios, tally->bytes);
  if (now - q->last_report_ns >= 10 * G_GINT64_CONSTANT (1000000))
    report (q, now, tally->bytes);
  return TRUE;
}

/* Runs one point on io_uring. Returns FALSE with @error set when the
 * ring cannot be made (ENOSYS, EPERM…: the caller may fall back), or when
 * an I/O failed or the run was cancelled (*started is then TRUE). */
static gboolean
run_uring (Queue      *q,
           VolIoTally *tally,
           gint64     *end_ns,
           gboolean   *started,
           GError    **error)
{
  VolIoLoop loop = point_loop (q);
  VolIoLoopOutcome outcome;
  gboolean ok;

  loop.tick = ring_tick;
  loop.user_data = q;
  q->point_start_ns = q->interval_start_ns = vol_io_now_ns ();
  ok = _vol_io_loop_ring (&loop, tally, &outcome, error);
  *started = outcome.ring_made;
  if (!outcome.ring_made)
    return FALSE;
  note_uring_mode (q, outcome.uring_mode);
  q->point_start_ns = outcome.start_ns;
  *end_ns = outcome.end_ns;
  q->ring_cpu_user += outcome.cpu_user;
  q->ring_cpu_system += outcome.cpu_system;
  return ok;
}

/* ---- threads ----------------------------------------------------------- */

struct _Threads
{
  VolIoLoopWorker *workers;
  guint            n;
  gboolean         started_seen;
};

static gboolean
worker_main (VolWorkerPool  *pool,
             guint           index,
             gpointer        user_data,
             GError        **error)
{
  Queue *q = user_data;

  return _vol_io_loop_worker_run (&q->threads->workers[index], pool, error);
}

/* The run's thread, every few ms while the workers run. */
static void
threads_tick (VolWorkerPool *pool,
              gint64         now,
              gpointer       user_data)
{
  Queue *q = user_data;
  Threads *th = q->threads;
  guint64 ios = 0, bytes = 0;

  if (!_vol_worker_pool_is_started (pool))
    return;
  if (!th->started_seen)
    {
      /* the point's time runs from the start line, where all workers
       * were there to begin */
      th->started_seen = TRUE;
      q->point_start_ns = q->interval_start_ns = _vol_worker_pool_get_start_ns (pool);
    }
  _vol_io_loop_workers_done (th->workers, th->n, &ios, &bytes);
  if (now - q->interval_start_ns >= INTERVAL_NS && now < _vol_worker_pool_get_deadline (pool))
    close_interval (q, now, ios, bytes);
  report (q, now, bytes);
}

static gboolean
run_threads (Queue       *q,
             VolIoTally  *tally,
             gint64      *end_ns,
             GError     **error)
{
  QueuePlan *plan = q->plan;
  guint depth = q->depth;
  g_autoptr(VolWorkerPool) pool = _vol_worker_pool_new (q->run, "vol-queue-io", depth, plan->seconds);
  g_autofree VolIoLoopWorker *workers = g_new0 (VolIoLoopWorker, depth);
  Threads th = { workers, depth, FALSE };
  double user, system;
  gboolean ok;

  for (guint i = 0; i < depth; i++)
    {
      /* QD threads, one synchronous I/O each, their offsets apart */
      workers[i].loop = point_loop (q);
      workers[i].loop.seed ^= G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (i + 1);
      _vol_io_tally_init (&workers[i].tally, MAX (LATENCY_RESERVOIR / depth, 1024), q->run->seed + i);
    }
  q->threads = &th;
  q->point_start_ns = q->interval_start_ns = vol_io_now_ns ();
  ok = _vol_worker_pool_run (pool, worker_main, NULL, threads_tick, 20 * 1000, q, error);
  if (_vol_worker_pool_is_started (pool))
    q->point_start_ns = _vol_worker_pool_get_start_ns (pool);
  q->threads = NULL;

  for (guint i = 0; i < depth; i++)
    {
      _vol_io_tally_merge (tally, &workers[i].tally);
      *end_ns = MAX (*end_ns, workers[i].end_ns);
      g_array_unref (workers[i].tally.latency);
    }
  _vol_worker_pool_get_cpu (pool, &user, &system);
  q->worker_cpu_user += user;
  q->worker_cpu_system += system;
  return ok;
}

/* ---- the points -------------------------------------------------------- */

static void
add_point_row (Queue      *q,
               VolIoTally *t,
               double      seconds)
{
  static const double percentiles[] = { 50, 99, 99.9 };
  VolStats spread = { 0 };
  VolQueuePoint p = { 0 };
  double lat_percentiles[G_N_ELEMENTS (percentiles)] = { 0 };
  const double *lat = (const double *) t->latency->data;
  guint n = t->latency->len;

  if (q->interval_iops->len > 0)
    vol_stats_compute ((const double *) q->interval_iops->data, q->interval_iops->len, &spread);
  if (n > 0)
    vol_stats_percentiles (lat, n, percentiles, lat_percentiles, G_N_ELEMENTS (percentiles));
  p.depth = q->depth;
  p.iops = seconds > 0 ? t->ios / seconds : 0;
  p.throughput = seconds > 0 ? t->bytes / seconds : 0;
  p.lat_mean = t->ios > 0 ? t->latency_sum / t->ios : 0;
  p.lat_p50 = lat_percentiles[0];
  p.lat_p99 = lat_percentiles[1];
  p.lat_p999 = lat_percentiles[2];
  p.ios = t->ios;
  p.reads = t->reads;
  p.writes = t->writes;
  p.bytes = t->bytes;
  p.seconds = seconds;
  p.iops_stddev = spread.stddev;
  p.iops_min = spread.count ? spread.min : p.iops;
  p.iops_max = spread.count ? spread.max : p.iops;
  vol_kind_queue_append_point (q->points, &p);
  _vol_run_sample (q->run, VOL_QUEUE_SERIES_POINTS, p.depth, p.iops);
}

static gboolean
run_point (Queue    *q,
           GError  **error)
{
  QueuePlan *plan = q->plan;
  VolIoTally tally;
  gint64 end_ns = 0;
  gboolean ok = FALSE, started = TRUE;
  g_autoptr(GError) uring_error = NULL;
  g_autofree char *phase = g_strdup_printf ("QD%u", q->depth);

  _vol_io_tally_init (&tally, LATENCY_RESERVOIR, q->run->seed ^ q->point);
  g_clear_pointer (&q->text, g_free);
  g_array_set_size (q->interval_iops, 0);
  q->interval_ios = q->interval_bytes = 0;
  if (!q->direct)
    _vol_scratch_file_drop_cache (q->run, q->fd, q->direct);

  /* The device's own counts of the point, whichever backend runs it (a
   * ring that cannot be made does no I/O before the threads stand in). */
  _vol_run_phase_begin (q->run);
  if (plan->backend != BACKEND_THREADS && !q->uring_failed)
    {
      ok = run_uring (q, &tally, &end_ns, &started, &uring_error);
      if (!ok && !started)
        {
          if (plan->backend == BACKEND_URING)
            {
              g_propagate_error (error, g_steal_pointer (&uring_error));
              ok = FALSE;
              goto out;
            }
          /* auto: the threads stand in, and the result says so */
          q->uring_failed = TRUE;
          q->uring_error = g_strdup (uring_error->message);
          g_clear_error (&uring_error);
        }
      else if (!ok)
        g_propagate_error (error, g_steal_pointer (&uring_error));
    }
  if (plan->backend == BACKEND_THREADS || q->uring_failed)
    ok = run_threads (q, &tally, &end_ns, error);

  /* Writes are durable at the end of the point, and the flush is part of
   * the point's time (end_ns moves past it). */
  if (tally.writes > 0 && !_vol_scratch_file_flush (q->run, q->fd, FILE_NAME, ok ? error : NULL))
    ok = FALSE;
  else if (tally.writes > 0)
    end_ns = vol_io_now_ns ();
  _vol_run_phase_end (q->run, phase, tally.reads, tally.writes,
                      tally.reads * plan->block, tally.writes * plan->block);

  if (tally.ios > 0)
    add_point_row (q, &tally, (end_ns - q->point_start_ns) / 1e9);
  q->total_ios += tally.ios;
  q->total_bytes += tally.bytes;
  q->total_offsets_512 += tally.offsets_512;
  q->total_offsets_4k += tally.offsets_4k;
  q->moved += tally.bytes;

out:
  g_array_unref (tally.latency);
  return ok;
}

/* The file every point reads or overwrites. */
static gboolean
lay_down (Queue   *q,
          GError **error)
{
  return _vol_scratch_file_lay_down_reporting (q->run, q->fd, FILE_NAME, q->plan->span, q->mem_align, q->direct,
                                            q->plan->n_depths, q->plan->n_depths * q->plan->seconds,
                                            &q->lay_serial, &q->lay_down_s, error);
}

/* O_DIRECT when the filesystem takes it and its alignment suits the
 * block and the 512-byte shift; else buffered, and the result says so. */
static gboolean
open_file (Queue   *q,
           GError **error)
{
  QueuePlan *plan = q->plan;

  q->direct = TRUE;
  q->fd = _vol_scratch_file_open_aligned (q->run, FILE_NAME, O_RDWR | O_CREAT | O_EXCL,
                                       plan->block | plan->shift | plan->grain,
                                       &q->direct, &q->mem_align, error);
  return q->fd >= 0;
}

static void
summarize (Queue *q)
{
  VolResult *result = q->run->result;

  vol_kind_queue_summarize (result, q->points, q->total_ios, q->total_bytes);
  vol_result_add_figure (result, "offsets-512", N_("I/Os at offsets 512 mod 4096"), "", q->total_offsets_512);
  vol_result_add_figure (result, "offsets-4k", N_("I/Os at 4 KiB-aligned offsets"), "", q->total_offsets_4k);
  if (q->worker_cpu_user + q->worker_cpu_system > 0)
    {
      vol_result_add_figure (result, VOL_FIG_WORKER_CPU_USER, N_("CPU of the I/O threads, user"), "s", q->worker_cpu_user);
      vol_result_add_figure (result, VOL_FIG_WORKER_CPU_SYSTEM, N_("CPU of the I/O threads, system"), "s", q->worker_cpu_system);
    }
  if (q->ring_cpu_user + q->ring_cpu_system > 0)
    {
      /* the timed loops alone, without the lay-down: CPU per I/O */
      vol_result_add_figure (result, "ring-cpu-user", N_("CPU of the io_uring loop, user"), "s", q->ring_cpu_user);
      vol_result_add_figure (result, "ring-cpu-system", N_("CPU of the io_uring loop, system"), "s", q->ring_cpu_system);
    }
}

static void
note_fallback (Queue *q)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, q->run->result->resolved);
  g_variant_dict_insert (&dict, "io-uring-unavailable", "s", q->uring_error);
  _vol_run_resolve (q->run, g_variant_dict_end (&dict));
}

static gboolean
queue_run (VolRun  *run,
           GError **error)
{
  Queue queue = { 0 };
  Queue *q = &queue;
  gboolean ok;

  q->run = run;
  q->plan = run->test_data;
  q->fd = -1;
  q->phase = q->plan->mode == MODE_READ ? "read" : q->plan->mode == MODE_WRITE ? "write" : "mix";
  q->interval_iops = g_array_new (FALSE, FALSE, sizeof (double));
  q->points = vol_kind_queue_add_points (run->result);
  q->intervals = vol_kind_queue_add_intervals (run->result);
  g_free (run->result->io_backend);
  run->result->io_backend = g_strdup (q->plan->backend == BACKEND_THREADS ? "threads" : "io_uring");

  ok = open_file (q, error) && lay_down (q, error);
  q->t0_ns = vol_io_now_ns ();
  for (q->point = 0; ok && q->point < q->plan->n_depths; q->point++)
    {
      q->depth = q->plan->depths[q->point];
      ok = run_point (q, error);
    }
  if (q->uring_failed)
    {
      g_free (run->result->io_backend);
      run->result->io_backend = g_strdup ("threads");
      note_fallback (q);
    }
  if (q->fd >= 0 && !_vol_scratch_file_close (run, q->fd, FILE_NAME, ok ? error : NULL))
    ok = FALSE;
  summarize (q);
  /* The runner counts its own thread; the workers' CPU is added here. */
  run->result->cpu_user += q->worker_cpu_user;
  run->result->cpu_system += q->worker_cpu_system;
  g_array_unref (q->interval_iops);
  g_free (q->text);
  g_free (q->uring_error);
  return ok;
}

/* One host's fio figures for build_queue()'s sections ("qd32"): a
 * point per depth with fio's IOPS, throughput, mean latency (submission
 * to completion, as the test's) and completion-latency percentiles (one
 * direction's; a mix has none, they do not add up), and fio's spread of
 * its per-interval IOPS. No over-time series: fio keeps that log on the
 * host. */
static gboolean
queue_from_fio (const VolTestSpec    *spec,
                VolResult            *result,
                const VolFioSections *sections,
                GError              **error)
{
  VolSeries *points = vol_kind_queue_add_points (result);
  g_autoptr(GVariant) list = vol_test_spec_get_value (spec, "depths");
  gsize n;
  const gint64 *depths = g_variant_get_fixed_array (list, &n, sizeof (gint64));
  double total_ios = 0, total_bytes = 0;

  vol_kind_queue_add_intervals (result);
  for (gsize i = 0; i < n; i++)
    {
      const VolFioEntry *e = _vol_fio_section (sections, error, "qd%" G_GINT64_FORMAT, depths[i]);
      VolFioDir t;

      if (e == NULL)
        return FALSE;
      _vol_fio_entry_total (e, &t);
      vol_kind_queue_append_point (points, &(VolQueuePoint) {
        .depth = depths[i], .iops = t.iops, .throughput = t.bw,
        .lat_mean = t.lat_mean, .lat_p50 = t.p50, .lat_p99 = t.p99, .lat_p999 = t.p999,
        .ios = t.ios, .reads = e->read.present ? e->read.ios : 0, .writes = e->write.present ? e->write.ios : 0,
        .bytes = t.io_bytes, .seconds = t.runtime,
        .iops_stddev = t.iops_stddev, .iops_min = t.iops_min, .iops_max = t.iops_max,
      });
      total_ios += t.ios;
      total_bytes += t.io_bytes;
    }
  vol_kind_queue_summarize (result, points, total_ios, total_bytes);
  return TRUE;
}

const VolTestOps vol_test_queue = {
  "queue",
  queue_prepare,
  queue_run,
  queue_from_fio,
};
