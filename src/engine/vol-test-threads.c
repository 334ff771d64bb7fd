/* vol-test-threads.c — Threads: aggregate throughput against thread count
 *
 * For each thread count T, T threads each own a file of the same size
 * and go over it again and again, in passes, until the seconds of the
 * point are up. A pass is, by mode (sysbench's names):
 *
 *   seqwr  the whole file written in order
 *   seqrd  the whole file read in order
 *   rndwr  size/block writes at random blocks
 *   rndrd  size/block reads at random blocks
 *   rndrw  size/block I/Os at random blocks, each a read or a write with
 *          even odds
 *
 * Writes are flushed (fdatasync of the thread's file) by the flush
 * parameter: "end", once when the thread's time is up (fio's
 * --end_fsync=1, and what CrystalDiskMark-style tools do); "pass", after
 * every pass (fio's --fsync=<writes per pass>); "requests", after every
 * flush-requests writes of the thread (sysbench fileio's
 * --file-fsync-freq, fio's --fsync=N). Under every policy a thread's
 * last writes are flushed before it is done, inside its time, so the
 * bytes counted are on the device. docs/tests/threads.md says why "end"
 * is the default.
 *
 * Every file is laid down (written through once, stamped) before the
 * clock starts, by its own thread, in parallel: reads have data, and
 * timed writes overwrite allocated blocks, as on a used volume. Every
 * written 4 KiB block carries a stamp no other block of the run has (the
 * run's serials, vol-datapool.h); reads check the lay-down's. All threads
 * then start together (vol-worker-pool.c), and
 *
 *   aggregate throughput = Σ bytes of all threads / (t_last_thread_done − t_start)
 *
 * where a thread is done at the first I/O (or flush) that ends past the
 * deadline, a pass cut short counting what it moved. The aggregate is
 * also sampled every half second (Σ bytes in the interval / its length).
 */

#include <inttypes.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-units.h"
#include "vol-estimate.h"
#include "vol-random.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-stats.h"
#include "vol-scratch-file.h"
#include "vol-worker-pool.h"

#define INTERVAL_NS (500 * G_GINT64_CONSTANT (1000000))

typedef enum { MODE_SEQWR, MODE_SEQRD, MODE_RNDWR, MODE_RNDRD, MODE_RNDRW } ThreadsMode;
typedef enum { FLUSH_END, FLUSH_PASS, FLUSH_REQUESTS } ThreadsFlush;

typedef struct
{
  guint        n_points;
  guint       *counts;
  guint        max_threads;
  guint64      file_size;
  guint64      wanted;
  gsize        block;
  ThreadsMode  mode;
  ThreadsFlush flush;
  guint64      flush_requests;
  double       seconds;
} ThreadsPlan;

static void
threads_plan_free (gpointer data)
{
  ThreadsPlan *plan = data;

  g_free (plan->counts);
  g_free (plan);
}

static gboolean
mode_reads (ThreadsMode mode)
{
  return mode == MODE_SEQRD || mode == MODE_RNDRD || mode == MODE_RNDRW;
}

static gboolean
mode_writes (ThreadsMode mode)
{
  return mode == MODE_SEQWR || mode == MODE_RNDWR || mode == MODE_RNDRW;
}

static gboolean
threads_prepare (VolRun  *run,
                 GError **error)
{
  ThreadsPlan *plan = g_new0 (ThreadsPlan, 1);
  g_autoptr(GVariant) counts = vol_test_spec_get_value (run->spec, "threads");
  const gint64 *items;
  guint64 fit;
  gsize n;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = threads_plan_free;

  items = g_variant_get_fixed_array (counts, &n, sizeof (gint64));
  plan->n_points = (guint) n;
  plan->counts = g_new (guint, n);
  for (gsize i = 0; i < n; i++)
    {
      plan->counts[i] = (guint) items[i];
      plan->max_threads = MAX (plan->max_threads, plan->counts[i]);
    }
  plan->mode = vol_test_spec_get_choice (run->spec, "mode", vol_kind_thread_modes);
  plan->flush = vol_test_spec_get_choice (run->spec, "flush", vol_kind_thread_flushes);
  plan->flush_requests = (guint64) vol_test_spec_get_int (run->spec, "flush-requests");
  plan->seconds = vol_test_spec_get_double (run->spec, "seconds");
  plan->wanted = (guint64) vol_test_spec_get_int (run->spec, "bytes-per-thread");
  plan->block = (gsize) vol_test_spec_get_int (run->spec, "block");

  /* T × bytes must fit: the whole free space (less a margin) shared by
   * the most threads of any point, in whole MiB per file. */
  fit = _vol_scratch_file_fit (run, plan->wanted * plan->max_threads, VOL_KIND_KEEP_FREE, error);
  if (fit == 0)
    return FALSE;
  plan->file_size = fit / plan->max_threads / (1 << 20) * (1 << 20);
  if (plan->file_size == 0)
    {
      g_autofree char *fit_text = vol_size_format (fit);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s: %s shared by %u threads is less than 1 MiB per thread; use fewer threads"),
                   run->target->path, fit_text, plan->max_threads);
      return FALSE;
    }
  plan->block = (gsize) MIN ((guint64) plan->block, plan->file_size);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "bytes-per-thread", g_variant_new_int64 ((gint64) plan->file_size));
  g_variant_builder_add (&b, "{sv}", "bytes-per-thread-wanted", g_variant_new_int64 ((gint64) plan->wanted));
  g_variant_builder_add (&b, "{sv}", "scaled-to-fit", g_variant_new_boolean (plan->file_size < plan->wanted));
  g_variant_builder_add (&b, "{sv}", "max-threads", g_variant_new_int64 (plan->max_threads));
  g_variant_builder_add (&b, "{sv}", "total-bytes", g_variant_new_int64 ((gint64) (plan->file_size * plan->max_threads)));
  g_variant_builder_add (&b, "{sv}", "block", g_variant_new_int64 ((gint64) plan->block));
  g_variant_builder_add (&b, "{sv}", "points", g_variant_new_int64 (plan->n_points));
  /* the flush policy in force, so a result (and its chart) says it; a
   * result without it is from before the choice, when every pass ended
   * with a flush */
  g_variant_builder_add (&b, "{sv}", "flush", g_variant_new_string (vol_kind_thread_flushes[plan->flush]));
  if (plan->flush == FLUSH_REQUESTS)
    g_variant_builder_add (&b, "{sv}", "flush-requests", g_variant_new_int64 ((gint64) plan->flush_requests));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct _Threads Threads;

typedef struct
{
  Threads     *t;
  guint        index;
  int          fd;
  char        *name;
  gboolean     laid;         /* holds data to read (kept across points) */
  guint64      lay_serial;   /* the stamp of its first block as laid down */
  /* per point */
  guint64      bytes;        /* stored atomically for the sampler */
  guint64      ios;
  guint64      reads;
  guint64      writes;
  guint64      passes;
  gint64       end_ns;
} Worker;

struct _Threads
{
  VolRun        *run;
  ThreadsPlan   *plan;
  gboolean       direct;
  gsize          mem_align;
  VolSeries     *points;
  VolSeries     *over_time;
  Worker        *workers;      /* max_threads of them; files opened as needed */
  guint          n_open;
  guint          point;
  guint          n;            /* threads of the running point */
  char          *text;
  VolWorkerPool *pool;         /* the threads of the running point */
  gint64         interval_ns;
  guint64        interval_bytes;
  /* totals */
  guint64        total_bytes;
  guint64        total_ios;
  double         cpu_user;
  double         cpu_system;
};

/* Before the clock: the file written through once, in the thread's own
 * blocks, so reads have data. Its stamps are a range of the run's
 * serials, which the reads of the timed part check against. */
static gboolean
lay_down_go_on (guint64  done,
                gpointer user_data)
{
  Worker *w = user_data;

  return !_vol_worker_pool_stopping (w->t->pool);
}

static gboolean
lay_down (Worker      *w,
          VolDataPool *pool,
          GError     **error)
{
  Threads *t = w->t;
  guint64 size = t->plan->file_size;

  w->lay_serial = _vol_run_take_serials (t->run, (size + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK);
  if (!_vol_scratch_file_lay_down_with (t->run, w->fd, w->name, size, pool, w->lay_serial, t->direct,
                                     lay_down_go_on, w, error))
    return FALSE;
  w->laid = TRUE;
  return TRUE;
}

/* A flush of the timed part, inside the time: the thread's clock moves
 * past it, and it may be the I/O that ends past the deadline. */
static gboolean
timed_flush (Worker    *w,
             gboolean  *done,
             GError   **error)
{
  if (!_vol_scratch_file_flush (w->t->run, w->fd, w->name, error))
    return FALSE;
  w->end_ns = vol_io_now_ns ();
  if (w->end_ns >= _vol_worker_pool_get_deadline (w->t->pool))
    *done = TRUE;
  return TRUE;
}

static gboolean
timed_passes (Worker      *w,
              VolDataPool *pool,
              GError     **error)
{
  Threads *t = w->t;
  ThreadsPlan *plan = t->plan;
  const VolIoOps *io = t->run->io;
  gsize block = plan->block;
  guint64 n_blocks = plan->file_size / block;
  guint64 stamp_blocks = (block + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK;
  guint8 *buf = vol_data_pool_get_data (pool);
  guint64 rng = t->run->seed ^ (G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (w->index + 1))
                ^ (G_GUINT64_CONSTANT (0x51ed270b27ad3f5b) * (t->point + 1));
  VolSerialBatch serials = { 0, 0 };
  gint64 deadline = _vol_worker_pool_get_deadline (t->pool);
  gboolean sequential = plan->mode == MODE_SEQWR || plan->mode == MODE_SEQRD;
  /* Content is known only where nothing but the lay-down wrote it. */
  gboolean verify = !mode_writes (plan->mode) && block % VOL_STAMP_BLOCK == 0;
  guint64 unflushed = 0;     /* writes since the last flush */
  gboolean done = FALSE;

  while (!done)
    {
      if (!t->direct && mode_reads (plan->mode))
        _vol_scratch_file_drop_cache (t->run, w->fd, t->direct);
      for (guint64 i = 0; i < n_blocks && !done; i++)
        {
          guint64 b = sequential ? i : vol_random_below (&rng, n_blocks);
          guint64 off = b * block;
          gboolean is_read = plan->mode == MODE_SEQRD || plan->mode == MODE_RNDRD
                             || (plan->mode == MODE_RNDRW && (vol_splitmix64 (&rng) & 1));
          gint64 now;

          if (!_vol_run_check_cancelled (t->run, error))
            return FALSE;
          if (_vol_worker_pool_stopping (t->pool))
            return TRUE;
          if (is_read)
            {
              guint64 bad;
              if (!vol_io_read_all (io, w->fd, buf, block, off, w->name, error))
                return FALSE;
              if (verify && !vol_data_pool_verify (pool, buf, w->lay_serial + off / VOL_STAMP_BLOCK,
                                                   block, &bad))
                {
                  g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                               _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                               w->name, off + bad * VOL_STAMP_BLOCK);
                  return FALSE;
                }
              w->reads++;
            }
          else
            {
              vol_data_pool_stamp (pool, _vol_serial_batch_take (&serials, t->run, stamp_blocks), block);
              if (!vol_io_write_all (io, w->fd, buf, block, off, w->name, error))
                return FALSE;
              w->writes++;
              unflushed++;
            }
          w->ios++;
          __atomic_store_n (&w->bytes, w->bytes + block, __ATOMIC_RELAXED);
          now = vol_io_now_ns ();
          w->end_ns = now;
          if (now >= deadline)
            done = TRUE;
          if (plan->flush == FLUSH_REQUESTS && unflushed == plan->flush_requests)
            {
              unflushed = 0;
              if (!timed_flush (w, &done, error))
                return FALSE;
            }
        }
      /* flush=pass: a pass of writes ends durable, inside the time */
      if (plan->flush == FLUSH_PASS && unflushed > 0)
        {
          unflushed = 0;
          if (!timed_flush (w, &done, error))
            return FALSE;
        }
      if (!done)
        w->passes++;
    }
  /* Whatever the policy, the point's writes end durable inside its time:
   * flush=end's one flush, or the rest since the last one. */
  if (unflushed > 0 && !timed_flush (w, &done, error))
    return FALSE;
  return TRUE;
}

static gboolean
worker_main (VolWorkerPool  *wp,
             guint           index,
             gpointer        user_data,
             GError        **error)
{
  Threads *t = user_data;
  Worker *w = &t->workers[index];
  g_autoptr(VolDataPool) pool = vol_data_pool_new (vol_test_spec_get_pattern (t->run->spec),
                                                   t->run->seed, t->plan->block, t->mem_align);

  if (!w->laid && !lay_down (w, pool, error))
    return FALSE;
  if (!_vol_worker_pool_wait_start (wp))
    return FALSE;
  return timed_passes (w, pool, error);
}

static char *
file_name (guint i)
{
  return g_strdup_printf ("thread-%04u.dat", i);
}

/* The files of a point's threads, opened by the run's thread so the
 * O_DIRECT decision is made once and the result marked once. */
static gboolean
open_files (Threads *t,
            guint    n,
            GError **error)
{
  VolRun *run = t->run;

  for (; t->n_open < n; t->n_open++)
    {
      Worker *w = &t->workers[t->n_open];

      w->name = file_name (t->n_open);
      w->fd = _vol_scratch_file_open_aligned (run, w->name, O_RDWR | O_CREAT | O_EXCL, t->plan->block,
                                           &t->direct, t->n_open == 0 ? &t->mem_align : NULL, error);
      if (w->fd < 0)
        return FALSE;
    }
  return TRUE;
}

static void
report (Threads *t,
        gint64   now,
        guint64  bytes)
{
  ThreadsPlan *plan = t->plan;
  gboolean go = _vol_worker_pool_is_started (t->pool);
  double in_point = go ? MIN ((now - _vol_worker_pool_get_start_ns (t->pool)) / 1e9 / plan->seconds, 1.0) : 0;

  if (t->text == NULL)
    t->text = g_strdup_printf (ngettext ("%u thread (%u of %u)", "%u threads (%u of %u)", t->n),
                               t->n, t->point + 1, plan->n_points);
  _vol_run_progress (t->run, go ? "io" : "prepare", t->text, t->point + 1, plan->n_points,
                     (t->point + in_point) / plan->n_points, t->total_bytes + bytes);
}

static void
add_point (Threads *t,
           double   seconds)
{
  g_autofree double *per_thread = g_new0 (double, t->n);
  VolStats spread = { 0 };
  guint64 bytes = 0, ios = 0, passes = 0;
  VolThreadsPoint point;

  for (guint i = 0; i < t->n; i++)
    {
      Worker *w = &t->workers[i];
      bytes += w->bytes;
      ios += w->ios;
      passes += w->passes;
      per_thread[i] = seconds > 0 ? w->bytes / seconds : 0;
    }
  vol_stats_compute (per_thread, t->n, &spread);
  point = (VolThreadsPoint) {
    .threads = t->n,
    .throughput = seconds > 0 ? bytes / seconds : 0,
    .bytes = bytes,
    .seconds = seconds,
    .ios = ios,
    .passes = passes,
    .per_thread_mean = spread.mean,
    .per_thread_min = spread.min,
    .per_thread_max = spread.max,
  };
  vol_kind_threads_append_point (t->points, &point);
  _vol_run_sample (t->run, VOL_THREADS_SERIES_POINTS, point.threads, point.throughput);
  t->total_bytes += bytes;
  t->total_ios += ios;
}

/* The run's thread, every few ms while the workers run: an interval of
 * the over-time series every half second, and progress. */
static void
tick (VolWorkerPool *pool,
      gint64         now,
      gpointer       user_data)
{
  Threads *t = user_data;
  gboolean go = _vol_worker_pool_is_started (pool);
  gint64 start_ns = _vol_worker_pool_get_start_ns (pool);
  guint64 bytes = 0;

  for (guint i = 0; i < t->n; i++)
    bytes += __atomic_load_n (&t->workers[i].bytes, __ATOMIC_RELAXED);
  if (go && t->interval_ns == 0)
    t->interval_ns = start_ns;
  if (go && now - t->interval_ns >= INTERVAL_NS && now < _vol_worker_pool_get_deadline (pool))
    {
      vol_kind_threads_append_interval (t->over_time, t->n, (now - start_ns) / 1e9,
                                        (bytes - t->interval_bytes) / ((now - t->interval_ns) / 1e9));
      t->interval_ns = now;
      t->interval_bytes = bytes;
    }
  report (t, now, go ? bytes : 0);
}

/* Every file laid down: the device's counters from here to the end of
 * the point are the timed part's alone. */
static void
on_start (VolWorkerPool *pool,
          gint64         now,
          gpointer       user_data)
{
  Threads *t = user_data;

  _vol_run_phase_begin (t->run);
}

static gboolean
run_point (Threads *t,
           GError **error)
{
  ThreadsPlan *plan = t->plan;
  guint n = plan->counts[t->point];
  g_autoptr(VolWorkerPool) pool = NULL;
  g_autofree char *phase = NULL;
  guint64 reads = 0, writes = 0;
  gint64 end_ns = 0, start_ns;
  double user, system;
  gboolean ok, started;

  g_clear_pointer (&t->text, g_free);
  t->n = n;
  if (!open_files (t, n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      Worker *w = &t->workers[i];
      w->bytes = w->ios = w->reads = w->writes = w->passes = 0;
      w->end_ns = 0;
    }
  t->interval_ns = 0;
  t->interval_bytes = 0;

  pool = _vol_worker_pool_new (t->run, "vol-threads-io", n, plan->seconds);
  t->pool = pool;
  ok = _vol_worker_pool_run (pool, worker_main, on_start, tick, 20 * 1000, t, error);
  started = _vol_worker_pool_is_started (pool);
  start_ns = _vol_worker_pool_get_start_ns (pool);
  t->pool = NULL;

  _vol_worker_pool_get_cpu (pool, &user, &system);
  t->cpu_user += user;
  t->cpu_system += system;
  for (guint i = 0; i < n; i++)
    {
      end_ns = MAX (end_ns, t->workers[i].end_ns);
      reads += t->workers[i].reads;
      writes += t->workers[i].writes;
    }
  if (started)
    {
      phase = n == 1 ? g_strdup ("1 thread") : g_strdup_printf ("%u threads", n);
      _vol_run_phase_end (t->run, phase, reads, writes, reads * plan->block, writes * plan->block);
    }
  if (started && end_ns > start_ns)
    add_point (t, (end_ns - start_ns) / 1e9);
  return ok;
}

static gboolean
threads_run (VolRun  *run,
             GError **error)
{
  Threads t = { 0 };
  gboolean ok = TRUE;

  t.run = run;
  t.plan = run->test_data;
  t.direct = TRUE;
  t.mem_align = 4096;
  t.workers = g_new0 (Worker, t.plan->max_threads);
  for (guint i = 0; i < t.plan->max_threads; i++)
    {
      t.workers[i].t = &t;
      t.workers[i].index = i;
      t.workers[i].fd = -1;
    }
  g_free (run->result->io_backend);
  run->result->io_backend = g_strdup ("threads");

  t.points = vol_kind_threads_add_points (run->result);
  t.over_time = vol_kind_threads_add_over_time (run->result);

  for (t.point = 0; ok && t.point < t.plan->n_points; t.point++)
    ok = run_point (&t, error);

  for (guint i = 0; i < t.n_open; i++)
    {
      Worker *w = &t.workers[i];
      if (w->fd >= 0 && !_vol_scratch_file_close (run, w->fd, w->name, ok ? error : NULL))
        ok = FALSE;
    }
  for (guint i = 0; i < t.plan->max_threads; i++)
    g_free (t.workers[i].name);
  vol_kind_threads_summarize (run->result, t.points, t.total_bytes, t.total_ios, t.cpu_user, t.cpu_system);
  /* The runner counts its own thread; the workers' CPU is added here. */
  run->result->cpu_user += t.cpu_user;
  run->result->cpu_system += t.cpu_system;
  g_free (t.workers);
  g_free (t.text);
  return ok;
}

/* One host's fio figures for build_threads()'s sections ("threads-4"):
 * a point per thread count from fio's rate, bytes, I/Os and runtime, all
 * threads reported as one (group_reporting), so the per-thread mean is
 * the share and the spread and the passes are not known. No over-time
 * series: fio keeps that log on the host. */
static gboolean
threads_from_fio (const VolTestSpec    *spec,
                  VolResult            *result,
                  const VolFioSections *sections,
                  GError              **error)
{
  VolSeries *points = vol_kind_threads_add_points (result);
  g_autoptr(GVariant) list = vol_test_spec_get_value (spec, "threads");
  gsize n;
  const gint64 *counts = g_variant_get_fixed_array (list, &n, sizeof (gint64));
  double bytes = 0, ios = 0, cpu_user = 0, cpu_system = 0;

  vol_kind_threads_add_over_time (result);
  for (gsize i = 0; i < n; i++)
    {
      const VolFioEntry *e = _vol_fio_section (sections, error, "threads-%" G_GINT64_FORMAT, counts[i]);
      VolFioDir t;

      if (e == NULL)
        return FALSE;
      _vol_fio_entry_total (e, &t);
      /* fio's rate of the group; its job_runtime sums the threads' */
      vol_kind_threads_append_point (points, &(VolThreadsPoint) {
                                       .threads = counts[i],
                                       .throughput = t.bw,
                                       .bytes = t.io_bytes,
                                       .seconds = t.runtime,
                                       .ios = t.ios,
                                       .passes = NAN,
                                       .per_thread_mean = t.bw / counts[i],
                                       .per_thread_min = NAN,
                                       .per_thread_max = NAN });
      bytes += t.io_bytes;
      ios += t.ios;
      cpu_user += e->cpu_user;
      cpu_system += e->cpu_system;
    }
  vol_kind_threads_summarize (result, points, bytes, ios, cpu_user, cpu_system);
  return TRUE;
}

const VolTestOps vol_test_threads = {
  VOL_KIND_THREADS,
  threads_prepare,
  threads_run,
  threads_from_fio,
};
