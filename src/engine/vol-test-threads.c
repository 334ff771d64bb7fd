/* vol-test-threads.c — Threads: aggregate throughput against thread count
 *
 * For each thread count T, T threads each own a file of the same size
 * and go over it again and again, in passes, until the seconds of the
 * point are up. A pass is, by mode (sysbench's names):
 *
 *   seqwr  the whole file written in order, then fdatasync
 *   seqrd  the whole file read in order
 *   rndwr  size/block writes at random blocks, then fdatasync
 *   rndrd  size/block reads at random blocks
 *   rndrw  size/block I/Os at random blocks, each a read or a write with
 *          even odds, then fdatasync
 *
 * Every file is laid down (written through once, stamped) before the
 * clock starts, by its own thread, in parallel: reads have data, and
 * timed writes overwrite allocated blocks, as on a used volume. All threads then start together, and
 *
 *   aggregate throughput = Σ bytes of all threads / (t_last_thread_done − t_start)
 *
 * where a thread is done at the first I/O (or flush) that ends past the
 * deadline, a pass cut short counting what it moved. The aggregate is
 * also sampled every half second (Σ bytes in the interval / its length).
 */
#define G_LOG_DOMAIN "vol-threads"

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-random.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-stats.h"
#include "vol-test-file.h"

#define MiB (1024.0 * 1024.0)
#define GiB (1024.0 * 1024.0 * 1024.0)
#define TiB (1024.0 * 1024.0 * 1024.0 * 1024.0)

#define KEEP_FREE (G_GUINT64_CONSTANT (64) << 20)
#define MAX_BUFFER_BYTES (G_GUINT64_CONSTANT (1) << 30)
#define INTERVAL_NS (500 * G_GINT64_CONSTANT (1000000))
#define WRITE_SERIAL_BASE (G_GUINT64_CONSTANT (1) << 52)

static const char *const thread_modes[] = { "seqwr", "seqrd", "rndwr", "rndrd", "rndrw", NULL };

static const VolParamDesc threads_params[] = {
  { "threads", VOL_PARAM_INT_LIST, N_("Thread counts"), N_("Threads at each point, each with its own file"),
    "N,N,…", "1,2,4,8,16,32,64,128", 1, 1024 },
  { "bytes-per-thread", VOL_PARAM_SIZE, N_("Bytes per thread"), N_("Size of each thread's file (scaled to fit)"),
    "SIZE", "512M", MiB, TiB, 0, MiB },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Sequential or random, reads, writes or both"),
    NULL, "seqwr", 0, 0, 0, 0, thread_modes },
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "1M", 512, GiB, 0, 512 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each thread count runs"),
    "S", "30", 1, 3600 },
};

typedef enum { MODE_SEQWR, MODE_SEQRD, MODE_RNDWR, MODE_RNDRD, MODE_RNDRW } ThreadsMode;

typedef struct
{
  guint        n_points;
  guint       *counts;
  guint        max_threads;
  guint64      file_size;
  guint64      wanted;
  gsize        block;
  ThreadsMode  mode;
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

/* Threads × block (a buffer each) is known from the parameters alone:
 * any volume would refuse it, so it is refused with them (a
 * VOL_SPEC_ERROR naming the parameter, before a scratch folder is made),
 * not as a lack of space. */
static gboolean
threads_check (const VolTestInfo  *info,
               const VolTestSpec  *spec,
               GError            **error)
{
  guint64 block = (guint64) vol_test_spec_get_int (spec, "block");
  guint64 wanted = (guint64) vol_test_spec_get_int (spec, "bytes-per-thread");
  guint64 max_threads = (guint64) vol_test_spec_get_list_max (spec, "threads");

  /* a block is never larger than the thread's file */
  if (max_threads * MIN (block, wanted) > MAX_BUFFER_BYTES)
    {
      g_autofree char *block_text = vol_size_format (block);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("threads: %u threads with %s blocks need more than 1 GiB of buffers; use fewer threads or a smaller block"),
                   (guint) max_threads, block_text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
threads_prepare (VolRun  *run,
                 GError **error)
{
  ThreadsPlan *plan = g_new0 (ThreadsPlan, 1);
  g_autoptr(GVariant) counts = vol_test_spec_get_value (run->spec, "threads");
  const char *mode = vol_test_spec_get_string (run->spec, "mode");
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
  for (guint i = 0; thread_modes[i]; i++)
    if (g_strcmp0 (thread_modes[i], mode) == 0)
      plan->mode = i;
  plan->seconds = vol_test_spec_get_double (run->spec, "seconds");
  plan->wanted = (guint64) vol_test_spec_get_int (run->spec, "bytes-per-thread");
  plan->block = (gsize) vol_test_spec_get_int (run->spec, "block");

  /* T × bytes must fit: the whole free space (less a margin) shared by
   * the most threads of any point, in whole MiB per file. */
  fit = _vol_test_file_fit (run, plan->wanted * plan->max_threads, KEEP_FREE, error);
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
  /* per point */
  guint64      bytes;        /* stored atomically for the sampler */
  guint64      ios;
  guint64      passes;
  gint64       end_ns;
  GError      *error;
  double       cpu_user;
  double       cpu_system;
} Worker;

struct _Threads
{
  VolRun      *run;
  ThreadsPlan *plan;
  gboolean     direct;
  gsize        mem_align;
  VolSeries   *points;
  VolSeries   *over_time;
  Worker      *workers;      /* max_threads of them; files opened as needed */
  guint        n_open;
  guint        point;
  guint        n;            /* threads of the running point */
  char        *text;
  /* the start line: workers lay down, then wait for go */
  GMutex       lock;
  GCond        cond;
  guint        ready;
  guint        running;
  gboolean     go;
  gint         stop;
  gint64       start_ns;
  gint64       deadline;
  guint64      write_serial_step;
  /* totals */
  guint64      total_bytes;
  guint64      total_ios;
  double       cpu_user;
  double       cpu_system;
};

static gboolean
flush (Worker  *w,
       GError **error)
{
  const VolIoOps *io = w->t->run->io;

  if (io->fdatasync (io, w->fd) == 0)
    return TRUE;
  {
    int saved = errno;
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Flushing %s to the device failed: %s"), w->name, g_strerror (saved));
  }
  return FALSE;
}

/* Before the clock: the file written through once, in the thread's own
 * blocks, so reads have data (and every byte is stamped). */
static gboolean
lay_down (Worker      *w,
          VolDataPool *pool,
          GError     **error)
{
  Threads *t = w->t;
  const VolIoOps *io = t->run->io;
  guint64 size = t->plan->file_size;
  gsize block = vol_data_pool_get_size (pool);

  for (guint64 off = 0; off < size; off += block)
    {
      gsize len = (gsize) MIN ((guint64) block, size - off);
      if (!_vol_run_check_cancelled (t->run, error) || g_atomic_int_get (&t->stop))
        return FALSE;
      vol_data_pool_stamp (pool, ((guint64) w->index << 32) + off / VOL_STAMP_BLOCK, len);
      if (!vol_io_write_all (io, w->fd, vol_data_pool_get_data (pool), len, off, w->name, error))
        return FALSE;
    }
  if (!flush (w, error))
    return FALSE;
  _vol_test_file_drop_cache (t->run, w->fd, t->direct);
  w->laid = TRUE;
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
  guint8 *buf = vol_data_pool_get_data (pool);
  guint64 rng = t->run->seed ^ (G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (w->index + 1))
                ^ (G_GUINT64_CONSTANT (0x51ed270b27ad3f5b) * (t->point + 1));
  guint64 serial = WRITE_SERIAL_BASE + ((guint64) w->index << 36);
  gboolean sequential = plan->mode == MODE_SEQWR || plan->mode == MODE_SEQRD;
  /* Content is known only where nothing but the lay-down wrote it. */
  gboolean verify = !mode_writes (plan->mode) && block % VOL_STAMP_BLOCK == 0;
  gboolean done = FALSE;

  while (!done)
    {
      gboolean wrote = FALSE;

      if (!t->direct && mode_reads (plan->mode))
        _vol_test_file_drop_cache (t->run, w->fd, t->direct);
      for (guint64 i = 0; i < n_blocks && !done; i++)
        {
          guint64 b = sequential ? i : vol_random_below (&rng, n_blocks);
          guint64 off = b * block;
          gboolean is_read = plan->mode == MODE_SEQRD || plan->mode == MODE_RNDRD
                             || (plan->mode == MODE_RNDRW && (vol_splitmix64 (&rng) & 1));
          gint64 now;

          if (!_vol_run_check_cancelled (t->run, error))
            return FALSE;
          if (g_atomic_int_get (&t->stop))
            return TRUE;
          if (is_read)
            {
              guint64 bad;
              if (!vol_io_read_all (io, w->fd, buf, block, off, w->name, error))
                return FALSE;
              if (verify && !vol_data_pool_verify (pool, buf, ((guint64) w->index << 32) + off / VOL_STAMP_BLOCK,
                                                   block, &bad))
                {
                  g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                               _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                               w->name, off + bad * VOL_STAMP_BLOCK);
                  return FALSE;
                }
            }
          else
            {
              vol_data_pool_stamp (pool, serial, block);
              serial += (block + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK;
              if (!vol_io_write_all (io, w->fd, buf, block, off, w->name, error))
                return FALSE;
              wrote = TRUE;
            }
          w->ios++;
          __atomic_store_n (&w->bytes, w->bytes + block, __ATOMIC_RELAXED);
          now = vol_io_now_ns ();
          w->end_ns = now;
          if (now >= t->deadline)
            done = TRUE;
        }
      /* A pass of writes ends durable, inside the time. */
      if (wrote)
        {
          if (!flush (w, error))
            return FALSE;
          w->end_ns = vol_io_now_ns ();
          if (w->end_ns >= t->deadline)
            done = TRUE;
        }
      if (!done)
        w->passes++;
    }
  return TRUE;
}

static gpointer
worker_main (gpointer data)
{
  Worker *w = data;
  Threads *t = w->t;
  g_autoptr(VolDataPool) pool = vol_data_pool_new (vol_test_spec_get_pattern (t->run->spec),
                                                   t->run->seed, t->plan->block, t->mem_align);
  struct rusage usage;
  gboolean ok = TRUE;

  if (!w->laid)
    ok = lay_down (w, pool, &w->error);

  g_mutex_lock (&t->lock);
  t->ready++;
  if (!ok)
    g_atomic_int_set (&t->stop, 1);
  g_cond_broadcast (&t->cond);
  while (!t->go && !g_atomic_int_get (&t->stop))
    g_cond_wait (&t->cond, &t->lock);
  g_mutex_unlock (&t->lock);

  if (ok && !g_atomic_int_get (&t->stop))
    ok = timed_passes (w, pool, &w->error);

  getrusage (RUSAGE_THREAD, &usage);
  w->cpu_user = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6;
  w->cpu_system = usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;

  g_mutex_lock (&t->lock);
  if (!ok)
    g_atomic_int_set (&t->stop, 1);
  t->running--;
  g_cond_broadcast (&t->cond);
  g_mutex_unlock (&t->lock);
  return NULL;
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
      gboolean direct = t->direct;

      w->name = file_name (t->n_open);
      w->fd = _vol_test_file_open (run, w->name, O_RDWR | O_CREAT | O_EXCL, &direct, error);
      if (w->fd < 0)
        return FALSE;
      if (t->n_open == 0 && direct)
        {
          VolDioAlign align;
          guint lbs = 512;

          for (guint i = 0; i < run->target->devices->len; i++)
            {
              const VolBlockDevice *dev = g_ptr_array_index (run->target->devices, i);
              lbs = MAX (lbs, dev->logical_block_size);
            }
          vol_io_query_dio_align (w->fd, lbs, &align);
          t->mem_align = MAX (align.mem_align, 4096);
          if (!align.direct_ok || t->plan->block % align.offset_align != 0)
            {
              run->io->close (run->io, w->fd);
              direct = FALSE;
              run->result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
              w->fd = _vol_test_file_open (run, w->name, O_RDWR, &direct, error);
              if (w->fd < 0)
                return FALSE;
            }
        }
      t->direct = direct;
    }
  return TRUE;
}

static void
report (Threads *t,
        gint64   now,
        guint64  bytes)
{
  ThreadsPlan *plan = t->plan;
  double in_point = t->go ? MIN ((now - t->start_ns) / 1e9 / plan->seconds, 1.0) : 0;

  if (t->text == NULL)
    t->text = g_strdup_printf (ngettext ("%u thread (%u of %u)", "%u threads (%u of %u)", t->n),
                               t->n, t->point + 1, plan->n_points);
  _vol_run_progress (t->run, t->go ? "io" : "prepare", t->text, t->point + 1, plan->n_points,
                     (t->point + in_point) / plan->n_points, t->total_bytes + bytes);
}

static void
add_point (Threads *t,
           double   seconds)
{
  double row[9];
  g_autofree double *per_thread = g_new0 (double, t->n);
  VolStats spread = { 0 };
  guint64 bytes = 0, ios = 0, passes = 0;

  for (guint i = 0; i < t->n; i++)
    {
      Worker *w = &t->workers[i];
      bytes += w->bytes;
      ios += w->ios;
      passes += w->passes;
      per_thread[i] = seconds > 0 ? w->bytes / seconds : 0;
    }
  vol_stats_compute (per_thread, t->n, &spread);
  row[0] = t->n;
  row[1] = seconds > 0 ? bytes / seconds : 0;
  row[2] = bytes;
  row[3] = seconds;
  row[4] = ios;
  row[5] = passes;
  row[6] = spread.mean;
  row[7] = spread.min;
  row[8] = spread.max;
  vol_series_append (t->points, row, G_N_ELEMENTS (row));
  _vol_run_sample (t->run, "threads", row[0], row[1]);
  t->total_bytes += bytes;
  t->total_ios += ios;
}

static gboolean
run_point (Threads *t,
           GError **error)
{
  ThreadsPlan *plan = t->plan;
  guint n = plan->counts[t->point];
  g_autofree GThread **threads = g_new0 (GThread *, n);
  GError *spawn_error = NULL;
  guint started = 0;
  gint64 interval_ns = 0, end_ns = 0, now;
  guint64 interval_bytes = 0;
  gboolean ok = TRUE;

  g_clear_pointer (&t->text, g_free);
  t->n = n;
  if (!open_files (t, n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      Worker *w = &t->workers[i];
      w->bytes = w->ios = w->passes = 0;
      w->end_ns = 0;
      w->cpu_user = w->cpu_system = 0;
    }
  t->ready = 0;
  t->running = 0;
  t->go = FALSE;
  t->stop = 0;

  g_mutex_lock (&t->lock);
  for (guint i = 0; i < n; i++)
    {
      threads[i] = g_thread_try_new ("vol-threads-io", worker_main, &t->workers[i], &spawn_error);
      if (threads[i] == NULL)
        {
          g_atomic_int_set (&t->stop, 1);
          g_cond_broadcast (&t->cond);
          break;
        }
      started++;
      t->running++;
    }

  /* Not a polling sleep: waits for the workers, woken every few ms to
   * count an interval, report progress and pass on a cancel. */
  while (t->running > 0)
    {
      guint64 bytes = 0;
      g_cond_wait_until (&t->cond, &t->lock, g_get_monotonic_time () + 20 * 1000);
      if (g_cancellable_is_cancelled (t->run->cancellable))
        {
          g_atomic_int_set (&t->stop, 1);
          g_cond_broadcast (&t->cond);
        }
      now = vol_io_now_ns ();
      if (!t->go && t->ready == started && !g_atomic_int_get (&t->stop))
        {
          /* every file laid down: the clock starts for all at once */
          t->go = TRUE;
          t->start_ns = interval_ns = now;
          t->deadline = now + (gint64) (plan->seconds * 1e9);
          g_cond_broadcast (&t->cond);
        }
      for (guint i = 0; i < started; i++)
        bytes += __atomic_load_n (&t->workers[i].bytes, __ATOMIC_RELAXED);
      if (t->go && now - interval_ns >= INTERVAL_NS && now < t->deadline)
        {
          double row[3] = { n, (now - t->start_ns) / 1e9, (bytes - interval_bytes) / ((now - interval_ns) / 1e9) };
          vol_series_append (t->over_time, row, G_N_ELEMENTS (row));
          interval_ns = now;
          interval_bytes = bytes;
        }
      report (t, now, t->go ? bytes : 0);
    }
  g_mutex_unlock (&t->lock);

  for (guint i = 0; i < started; i++)
    {
      Worker *w = &t->workers[i];
      g_thread_join (threads[i]);
      end_ns = MAX (end_ns, w->end_ns);
      t->cpu_user += w->cpu_user;
      t->cpu_system += w->cpu_system;
      if (w->error)
        {
          /* the first real failure wins over the cancels it caused */
          vol_error_keep_first (error, g_steal_pointer (&w->error));
          ok = FALSE;
        }
    }
  if (spawn_error)
    {
      if (ok)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("Starting thread %u of %u failed: %s"), started + 1, n, spawn_error->message);
      g_error_free (spawn_error);
      ok = FALSE;
    }
  if (ok && g_cancellable_is_cancelled (t->run->cancellable))
    ok = _vol_run_check_cancelled (t->run, error);
  if (t->go && end_ns > t->start_ns)
    add_point (t, (end_ns - t->start_ns) / 1e9);
  return ok;
}

static void
summarize (Threads *t)
{
  VolResult *result = t->run->result;
  VolColumn *tp = vol_series_get_column (t->points, "throughput");
  VolColumn *n = vol_series_get_column (t->points, "threads");
  guint best = 0;

  vol_result_add_summary (result, "threads", "throughput");
  vol_result_add_summary (result, "over-time", "throughput");
  vol_result_add_figure (result, "bytes", N_("Bytes moved"), "B", t->total_bytes);
  vol_result_add_figure (result, "ios", N_("I/Os completed"), "", t->total_ios);
  vol_result_add_figure (result, "points", N_("Thread counts measured"), "", vol_series_get_length (t->points));
  vol_result_add_figure (result, "worker-cpu-user", N_("CPU of the I/O threads, user"), "s", t->cpu_user);
  vol_result_add_figure (result, "worker-cpu-system", N_("CPU of the I/O threads, system"), "s", t->cpu_system);
  for (guint i = 1; i < tp->values->len; i++)
    if (g_array_index (tp->values, double, i) > g_array_index (tp->values, double, best))
      best = i;
  if (tp->values->len > 0)
    {
      vol_result_add_figure (result, "throughput-max", N_("Highest aggregate throughput"), "B/s",
                             g_array_index (tp->values, double, best));
      vol_result_add_figure (result, "throughput-max-threads", N_("Threads of the highest throughput"), "",
                             g_array_index (n->values, double, best));
    }
}

static gboolean
threads_run (VolRun  *run,
             GError **error)
{
  Threads t = { 0 };
  const char *columns[][2] = {
    { "threads", "" }, { "throughput", "B/s" }, { "bytes", "B" }, { "seconds", "s" }, { "ios", "" },
    { "passes", "" }, { "per-thread-mean", "B/s" }, { "per-thread-min", "B/s" }, { "per-thread-max", "B/s" },
  };
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
  g_mutex_init (&t.lock);
  g_cond_init (&t.cond);
  g_free (run->result->io_backend);
  run->result->io_backend = g_strdup ("threads");

  t.points = vol_result_add_series (run->result, "threads", N_("Aggregate"), "threads", "throughput");
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    vol_series_add_column (t.points, columns[i][0], columns[i][1]);
  t.over_time = vol_result_add_series (run->result, "over-time", N_("Over time"), "time", "throughput");
  vol_series_add_column (t.over_time, "threads", "");
  vol_series_add_column (t.over_time, "time", "s");
  vol_series_add_column (t.over_time, "throughput", "B/s");

  for (t.point = 0; ok && t.point < t.plan->n_points; t.point++)
    ok = run_point (&t, error);

  for (guint i = 0; i < t.n_open; i++)
    {
      Worker *w = &t.workers[i];
      if (w->fd >= 0 && run->io->close (run->io, w->fd) != 0 && ok)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Closing %s failed: %s"), w->name, g_strerror (saved));
          ok = FALSE;
        }
    }
  for (guint i = 0; i < t.plan->max_threads; i++)
    g_free (t.workers[i].name);
  summarize (&t);
  /* The runner counts its own thread; the workers' CPU is added here. */
  run->result->cpu_user += t.cpu_user;
  run->result->cpu_system += t.cpu_system;
  g_mutex_clear (&t.lock);
  g_cond_clear (&t.cond);
  g_free (t.workers);
  g_free (t.text);
  return ok;
}

const VolTestKind vol_test_threads = {
  {
    "threads",
    N_("Threads"),
    N_("Each thread writes then reads its own file, for each thread count"),
    threads_params, G_N_ELEMENTS (threads_params),
    threads_check,
  },
  threads_prepare,
  threads_run,
};
