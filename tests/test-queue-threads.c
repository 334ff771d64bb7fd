/* test-queue-threads.c — the Queue depth and Threads tests on a real volume
 *
 * Run by with-volume.sh, which mounts a fresh ext4 loop volume at
 * $VOL_TEST_DIR. A VolIoOps wrapped around the real calls counts what the
 * tests really issue (offsets, threads, bytes) and injects EIO.
 *
 * What the io_uring path is checked with: its I/Os bypass VolIoOps (the
 * ring talks to the kernel), so the engine counts, for every submission,
 * the offset read back from the submission queue entry handed to the
 * kernel (figures "offsets-512" and "offsets-4k"); the threads backend's
 * offsets are checked here, independently, in the wrapper.
 */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"
#include "vol-scratch.h"

static const char *test_dir;

/* ---- the wrapper: counts and faults, safe from many threads ---------- */

typedef struct
{
  VolIoOps    ops;
  GMutex      lock;
  gsize       count_size;     /* count only transfers of this size; 0 all */
  guint64     reads;
  guint64     writes;
  guint64     bytes_written;
  guint64     off_512;        /* counted transfers at offsets ≡ 512 (mod 4096) */
  guint64     off_other;
  GHashTable *tids;           /* distinct kernel thread ids seen in pread/pwrite */
  guint64     fail_read_at;   /* 1-based pread that fails; 0 none */
  guint64     fail_write_at;
  int         fail_errno;
} CountOps;

static void
count (CountOps *c,
       gboolean  is_read,
       size_t    n,
       off_t     offset,
       gboolean *fail)
{
  pid_t tid = (pid_t) syscall (SYS_gettid);

  g_mutex_lock (&c->lock);
  g_hash_table_add (c->tids, GINT_TO_POINTER (tid));
  if (is_read)
    *fail = ++c->reads == c->fail_read_at;
  else
    {
      *fail = ++c->writes == c->fail_write_at;
      c->bytes_written += n;
    }
  if (c->count_size == 0 || n == c->count_size)
    {
      if (offset % 4096 == 512)
        c->off_512++;
      else
        c->off_other++;
    }
  g_mutex_unlock (&c->lock);
}

static ssize_t
count_pread (const VolIoOps *ops, int fd, void *buf, size_t n, off_t offset)
{
  CountOps *c = (CountOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();
  gboolean fail;

  count (c, TRUE, n, offset, &fail);
  if (fail)
    {
      errno = c->fail_errno;
      return -1;
    }
  return real->pread (real, fd, buf, n, offset);
}

static ssize_t
count_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t n, off_t offset)
{
  CountOps *c = (CountOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();
  gboolean fail;

  count (c, FALSE, n, offset, &fail);
  if (fail)
    {
      errno = c->fail_errno;
      return -1;
    }
  return real->pwrite (real, fd, buf, n, offset);
}

static void
count_ops_init (CountOps *c)
{
  memset (c, 0, sizeof *c);
  c->ops = *vol_io_ops_default ();
  c->ops.pread = count_pread;
  c->ops.pwrite = count_pwrite;
  g_mutex_init (&c->lock);
  c->tids = g_hash_table_new (NULL, NULL);
  c->fail_errno = EIO;
}

static void
count_ops_clear (CountOps *c)
{
  g_mutex_clear (&c->lock);
  g_hash_table_unref (c->tids);
}

/* ---- running a spec ------------------------------------------------- */

typedef struct
{
  GMainLoop    *loop;
  GCancellable *cancellable;
  VolResult    *result;
  GError       *error;
  const char   *cancel_phase;   /* cancel after progress in this phase… */
  guint         cancel_after;   /* …has been seen this many times */
  guint         seen;
  gint64        cancelled_at;
  double        last_fraction;
  gboolean      fraction_went_back;
} Run;

static char *
find_scratch (void)
{
  g_autoptr(GDir) dir = g_dir_open (test_dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, VOL_SCRATCH_PREFIX))
      return g_build_filename (test_dir, name, NULL);
  return NULL;
}

static void
assert_no_scratch (void)
{
  g_autofree char *scratch = find_scratch ();
  g_assert_null (scratch);
}

static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             Run               *run)
{
  if (progress->fraction + 1e-9 < run->last_fraction)
    run->fraction_went_back = TRUE;
  run->last_fraction = progress->fraction;
  if (run->cancel_phase && g_strcmp0 (progress->phase, run->cancel_phase) == 0
      && ++run->seen == run->cancel_after && !run->cancelled_at)
    {
      run->cancelled_at = g_get_monotonic_time ();
      g_cancellable_cancel (run->cancellable);
    }
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;

  run->result = vol_runner_run_finish (VOL_RUNNER (source), res, &run->error);
  g_main_loop_quit (run->loop);
}

/* keys and values alternate, NULL-terminated */
static VolTestSpec *
make_spec (const char *kind_name,
           ...)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  GVariantDict dict;
  g_autoptr(GError) error = NULL;
  VolTestSpec *spec;
  const char *key;
  va_list ap;

  g_variant_dict_init (&dict, vol_test_info_default_params (&kind->info));
  va_start (ap, kind_name);
  while ((key = va_arg (ap, const char *)))
    {
      const char *value = va_arg (ap, const char *);
      GVariant *v = NULL;
      g_assert_true (vol_param_parse (vol_test_info_find_param (&kind->info, key), value, &v, &error));
      g_assert_no_error (error);
      g_variant_dict_insert_value (&dict, key, v);
      g_variant_unref (v);
    }
  va_end (ap);
  spec = vol_test_spec_new (kind_name, test_dir, VOL_DATA_PATTERN_RANDOM, 0, "test volume",
                            g_variant_dict_end (&dict));
  g_assert_true (vol_test_spec_validate (spec, &kind->info, &error));
  g_assert_no_error (error);
  return spec;
}

static void
run_spec (VolTestSpec    *spec,
          const VolIoOps *ops,
          Run            *run)
{
  g_autoptr(VolRunner) runner = vol_runner_new ();

  run->loop = g_main_loop_new (NULL, FALSE);
  run->cancellable = g_cancellable_new ();
  if (ops)
    vol_runner_set_io_ops (runner, ops);
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), run);
  vol_runner_run_async (runner, spec, run->cancellable, done_cb, run);
  g_main_loop_run (run->loop);
  g_main_loop_unref (run->loop);
  g_object_unref (run->cancellable);
}

static double
figure (const VolResult *result,
        const char      *name)
{
  const VolFigure *f = vol_result_get_figure (result, name);
  g_assert_nonnull (f);
  return f->value;
}

static gint64
resolved_int (const VolResult *result,
              const char      *key)
{
  gint64 v = -1;
  g_assert_true (g_variant_lookup (result->resolved, key, "x", &v));
  return v;
}

static double
cell (const VolResult *result,
      const char      *series,
      const char      *column,
      guint            row)
{
  VolColumn *col = vol_series_get_column (vol_result_get_series (result, series), column);
  g_assert_nonnull (col);
  g_assert_cmpuint (row, <, col->values->len);
  return g_array_index (col->values, double, row);
}

static void
check_bad_values (const char *kind_name,
                  const char *const (*cases)[2],
                  guint       n)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);

  for (guint i = 0; i < n; i++)
    {
      const VolParamDesc *desc = vol_test_info_find_param (&kind->info, cases[i][0]);
      g_autoptr(GError) error = NULL;
      GVariant *v = NULL;

      g_assert_nonnull (desc);
      g_assert_false (vol_param_parse (desc, cases[i][1], &v, &error));
      g_assert_null (v);
      g_assert_nonnull (error);
      g_test_message ("%s %s=%s: %s", kind_name, cases[i][0], cases[i][1], error->message);
      /* each message names the parameter it is about */
      g_assert_true (g_str_has_prefix (error->message, cases[i][0]));
    }
}

/* ---- queue ---------------------------------------------------------- */

static void
test_queue_spec (void)
{
  static const char *const bad[][2] = {
    { "block", "100" }, { "block", "2M" }, { "block", "4000" },
    { "span", "100K" }, { "depths", "0" }, { "depths", "1,x" }, { "depths", "" }, { "depths", "2000" },
    { "mode", "sideways" }, { "read-percent", "101" }, { "read-percent", "-1" },
    { "alignment", "offset1" }, { "seconds", "0.5" }, { "seconds", "soon" }, { "backend", "aio" },
  };
  check_bad_values ("queue", bad, G_N_ELEMENTS (bad));
}

/* The shape and honest totals of a run, whichever backend. */
static void
check_queue_result (const VolResult *r,
                    guint            n_points,
                    double           seconds)
{
  double ios = 0;

  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "queue")), ==, n_points);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "intervals")), >=, n_points);
  for (guint i = 0; i < n_points; i++)
    {
      double n = cell (r, "queue", "ios", i);
      double s = cell (r, "queue", "seconds", i);
      double iops = cell (r, "queue", "iops", i);

      /* each point ran its time (and not much longer), and its I/O count
       * is what its IOPS times its seconds make */
      g_assert_cmpfloat (s, >=, seconds);
      g_assert_cmpfloat (s, <, seconds + 0.5);
      g_assert_cmpfloat (fabs (iops * s - n), <, 0.5);
      g_assert_cmpfloat (n, >, 100);
      g_assert_cmpfloat (cell (r, "queue", "reads", i) + cell (r, "queue", "writes", i), ==, n);
      g_assert_cmpfloat (cell (r, "queue", "bytes", i), ==, n * 4096);
      g_assert_cmpfloat (fabs (cell (r, "queue", "throughput", i) - iops * 4096), <, 1e-6 * iops * 4096);
      g_assert_cmpfloat (cell (r, "queue", "lat-p50", i), >, 0);
      g_assert_cmpfloat (cell (r, "queue", "lat-p50", i), <=, cell (r, "queue", "lat-p99", i));
      g_assert_cmpfloat (cell (r, "queue", "lat-p99", i), <=, cell (r, "queue", "lat-p999", i));
      ios += n;
    }
  g_assert_cmpfloat (figure (r, "ios"), ==, ios);
  g_assert_cmpfloat (figure (r, "bytes"), ==, ios * 4096);
  g_assert_cmpfloat (figure (r, "offsets-512") + figure (r, "offsets-4k"), ==, ios);
}

static void
test_queue_uring (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "1,8", "seconds", "1",
                                           "backend", "io_uring", NULL);
  Run run = { 0 };
  VolResult *r;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "volumeter-test-queue.volumeter.json", NULL);
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "io_uring");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);
  g_assert_cmpint (resolved_int (r, "span"), ==, 64 << 20);
  check_queue_result (r, 2, 1.0);
  g_assert_cmpfloat (cell (r, "queue", "depth", 1), ==, 8);
  g_assert_cmpfloat (cell (r, "queue", "writes", 0), ==, 0);
  g_assert_cmpfloat (figure (r, "offsets-4k"), ==, figure (r, "ios"));
  g_assert_cmpfloat (r->cpu_user + r->cpu_system, >, 0);
  assert_no_scratch ();

  g_assert_true (vol_result_save (r, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->io_backend, ==, "io_uring");
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (loaded, "queue")), ==, 2);
  g_unlink (path);
  vol_result_unref (r);
}

static void
test_queue_uring_offset512 (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "4", "seconds", "1",
                                           "alignment", "offset512", "mode", "write", NULL);
  Run run = { 0 };
  VolResult *r;

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "io_uring");
  check_queue_result (r, 1, 1.0);
  /* as handed to the kernel in each submission entry */
  g_assert_cmpfloat (figure (r, "offsets-512"), ==, figure (r, "ios"));
  g_assert_cmpfloat (figure (r, "offsets-4k"), ==, 0);
  g_assert_cmpfloat (cell (r, "queue", "reads", 0), ==, 0);
  assert_no_scratch ();
  vol_result_unref (r);
}

static void
test_queue_threads_offset512 (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "3", "seconds", "1",
                                           "alignment", "offset512", "mode", "mix", "read-percent", "60",
                                           "backend", "threads", NULL);
  CountOps ops;
  Run run = { 0 };
  VolResult *r;
  double ios, reads;

  count_ops_init (&ops);
  ops.count_size = 4096;   /* the timed I/Os; the lay-down writes 1 MiB */
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "threads");
  check_queue_result (r, 1, 1.0);
  ios = figure (r, "ios");
  reads = cell (r, "queue", "reads", 0);
  /* every transfer the wrapper saw was at 512 mod 4096, and there were
   * exactly as many as the result says */
  g_assert_cmpuint (ops.off_other, ==, 0);
  g_assert_cmpfloat ((double) ops.off_512, ==, ios);
  g_assert_cmpfloat ((double) ops.reads, ==, reads);
  g_assert_cmpfloat (reads / ios, >, 0.5);
  g_assert_cmpfloat (reads / ios, <, 0.7);
  /* the 3 workers, and the run's own thread for the lay-down */
  g_assert_cmpuint (g_hash_table_size (ops.tids), ==, 4);
  g_assert_nonnull (vol_result_get_figure (r, "worker-cpu-system"));
  assert_no_scratch ();
  vol_result_unref (r);
  count_ops_clear (&ops);
}

static void
test_queue_cancel (void)
{
  const char *backends[] = { "io_uring", "threads" };

  for (guint i = 0; i < G_N_ELEMENTS (backends); i++)
    {
      g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "4,8", "seconds", "30",
                                               "backend", backends[i], NULL);
      Run run = { 0 };
      gint64 latency;

      run.cancel_phase = "read";
      run.cancel_after = g_test_rand_int_range (2, 20);
      run_spec (spec, NULL, &run);
      latency = g_get_monotonic_time () - run.cancelled_at;
      g_test_message ("%s: cancelled after %u updates, finished %.1f ms later", backends[i],
                      run.cancel_after, latency / 1000.0);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
      g_assert_nonnull (run.result->message);
      g_assert_cmpstr (run.result->io_backend, ==, backends[i]);
      /* the partial point is kept, measured over its shorter time */
      g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "queue")), ==, 1);
      g_assert_cmpfloat (cell (run.result, "queue", "seconds", 0), <, 5);
      g_assert_cmpfloat (figure (run.result, "ios"), >, 0);
      g_assert_cmpint (latency, <, G_USEC_PER_SEC / 2);
      assert_no_scratch ();
      vol_result_unref (run.result);
    }
}

static void
test_queue_eio (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "4", "seconds", "5",
                                           "backend", "threads", NULL);
  CountOps ops;
  Run run = { 0 };

  count_ops_init (&ops);
  ops.fail_read_at = 500;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "queue.dat"));
  g_assert_nonnull (strstr (run.result->message, "offset"));
  /* what was measured before the failure is kept */
  g_assert_cmpfloat (figure (run.result, "ios"), >=, 400);
  /* the other workers notice the failure within a few I/Os each */
  g_assert_cmpfloat (figure (run.result, "ios"), <, 600);
  assert_no_scratch ();
  vol_result_unref (run.result);
  count_ops_clear (&ops);
}

/* io_uring I/O does not pass the wrapper; the lay-down (pwrite) does. */
static void
test_queue_eio_lay_down (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", "span", "64M", "depths", "4", "seconds", "5", NULL);
  CountOps ops;
  Run run = { 0 };

  count_ops_init (&ops);
  ops.fail_write_at = 10;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "queue.dat"));
  g_assert_cmpfloat (figure (run.result, "ios"), ==, 0);
  assert_no_scratch ();
  vol_result_unref (run.result);
  count_ops_clear (&ops);
}

/* ---- threads -------------------------------------------------------- */

static void
test_threads_spec (void)
{
  static const char *const bad[][2] = {
    { "threads", "0" }, { "threads", "1,,2" }, { "threads", "" }, { "threads", "2000" },
    { "bytes-per-thread", "100K" }, { "bytes-per-thread", "3000000" },
    { "mode", "rndwrx" }, { "block", "100" }, { "block", "2G" }, { "seconds", "0" }, { "seconds", "x" },
  };
  check_bad_values ("threads", bad, G_N_ELEMENTS (bad));
}

static void
test_threads_complete (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", "threads", "5", "bytes-per-thread", "8M",
                                           "block", "256K", "seconds", "1", "mode", "seqwr", NULL);
  CountOps ops;
  Run run = { 0 };
  VolResult *r;
  double bytes;

  count_ops_init (&ops);
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "threads");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);

  /* really five threads did the I/O: every pwrite came from one of them */
  g_assert_cmpuint (g_hash_table_size (ops.tids), ==, 5);
  g_assert_cmpint (resolved_int (r, "bytes-per-thread"), ==, 8 << 20);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "threads")), ==, 1);
  g_assert_cmpfloat (cell (r, "threads", "threads", 0), ==, 5);
  g_assert_cmpfloat (cell (r, "threads", "seconds", 0), >=, 1.0);
  g_assert_cmpfloat (cell (r, "threads", "seconds", 0), <, 2.0);
  /* honest totals: the five 8 MiB lay-downs plus the timed writes are
   * every byte the wrapper saw written */
  bytes = figure (r, "bytes");
  g_assert_cmpfloat (bytes, ==, cell (r, "threads", "bytes", 0));
  g_assert_cmpfloat (fmod (bytes, 256 << 10), ==, 0);
  g_assert_cmpfloat ((double) ops.bytes_written, ==, bytes + 5.0 * (8 << 20));
  g_assert_cmpfloat (figure (r, "ios"), ==, bytes / (256 << 10));
  g_assert_cmpfloat (fabs (cell (r, "threads", "throughput", 0) * cell (r, "threads", "seconds", 0) - bytes), <, 1);
  g_assert_cmpfloat (cell (r, "threads", "passes", 0), >=, 5);
  g_assert_cmpfloat (figure (r, "worker-cpu-user") + figure (r, "worker-cpu-system"), >, 0);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "over-time")), >=, 1);
  assert_no_scratch ();
  vol_result_unref (r);
  count_ops_clear (&ops);
}

static guint64
free_bytes (void)
{
  struct statvfs vfs;
  g_assert_cmpint (statvfs (test_dir, &vfs), ==, 0);
  return (guint64) vfs.f_bavail * vfs.f_frsize;
}

static void
test_threads_scaled (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", "threads", "1,4", "bytes-per-thread", "1G",
                                           "seconds", "1", "mode", "rndrd", "block", "64K", NULL);
  Run run = { 0 };
  VolResult *r;
  gboolean scaled = FALSE;
  gint64 per_thread;
  guint64 free_before = free_bytes ();

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  per_thread = resolved_int (r, "bytes-per-thread");
  g_assert_true (g_variant_lookup (r->resolved, "scaled-to-fit", "b", &scaled));
  g_assert_true (scaled);
  g_assert_cmpint (per_thread % (1 << 20), ==, 0);
  g_assert_cmpint (per_thread, >, 0);
  g_assert_cmpuint (4 * (guint64) per_thread, <=, free_before);
  g_assert_cmpint (resolved_int (r, "total-bytes"), ==, 4 * per_thread);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "threads")), ==, 2);
  g_assert_cmpfloat (cell (r, "threads", "threads", 1), ==, 4);
  g_assert_cmpfloat (cell (r, "threads", "throughput", 1), >, 0);
  assert_no_scratch ();
  vol_result_unref (r);
}

static void
test_threads_cancel (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", "threads", "3,6", "bytes-per-thread", "8M",
                                           "seconds", "30", "mode", "rndrw", "block", "16K", NULL);
  Run run = { 0 };
  gint64 latency;

  run.cancel_phase = "io";
  run.cancel_after = g_test_rand_int_range (2, 20);
  run_spec (spec, NULL, &run);
  latency = g_get_monotonic_time () - run.cancelled_at;
  g_test_message ("cancelled after %u updates, finished %.1f ms later", run.cancel_after, latency / 1000.0);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "threads")), ==, 1);
  g_assert_cmpfloat (figure (run.result, "bytes"), >, 0);
  g_assert_cmpint (latency, <, G_USEC_PER_SEC / 2);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_threads_eio (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", "threads", "4", "bytes-per-thread", "4M",
                                           "seconds", "5", "mode", "seqrd", "block", "64K", NULL);
  CountOps ops;
  Run run = { 0 };

  count_ops_init (&ops);
  ops.fail_read_at = 300;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "thread-000"));
  g_assert_cmpfloat (figure (run.result, "bytes"), >, 0);
  assert_no_scratch ();
  vol_result_unref (run.result);
  count_ops_clear (&ops);
}

static void
test_threads_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", "threads", "1,1000", "seconds", "1", NULL);
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_test_message ("message: %s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "1000 threads"));
  assert_no_scratch ();
  g_clear_error (&run.error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_dir = g_getenv ("VOL_TEST_DIR");
  if (test_dir == NULL)
    {
      g_printerr ("Run me through tests/with-volume.sh\n");
      return 1;
    }

  g_test_add_func ("/vol/queue/spec", test_queue_spec);
  g_test_add_func ("/vol/queue/io-uring", test_queue_uring);
  g_test_add_func ("/vol/queue/io-uring-offset512", test_queue_uring_offset512);
  g_test_add_func ("/vol/queue/threads-offset512", test_queue_threads_offset512);
  g_test_add_func ("/vol/queue/cancel", test_queue_cancel);
  g_test_add_func ("/vol/queue/eio", test_queue_eio);
  g_test_add_func ("/vol/queue/eio-lay-down", test_queue_eio_lay_down);
  g_test_add_func ("/vol/threads/spec", test_threads_spec);
  g_test_add_func ("/vol/threads/complete", test_threads_complete);
  g_test_add_func ("/vol/threads/scaled", test_threads_scaled);
  g_test_add_func ("/vol/threads/cancel", test_threads_cancel);
  g_test_add_func ("/vol/threads/eio", test_threads_eio);
  g_test_add_func ("/vol/threads/does-not-fit", test_threads_does_not_fit);
  return g_test_run ();
}
