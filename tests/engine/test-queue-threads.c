/* test-queue-threads.c — the Queue depth and Threads tests on a real volume
 *
 * Run by with-volume.sh, which mounts a fresh ext4 loop volume at
 * $VOL_TEST_DIR. The harness's VolIoOps wrapped around the real calls counts
 * what the tests really issue (offsets, threads, bytes) and injects EIO.
 *
 * What the io_uring path is checked with: its I/Os bypass VolIoOps (the
 * ring talks to the kernel), so the engine counts, for every submission,
 * the offset read back from the submission queue entry handed to the
 * kernel (figures "offsets-512" and "offsets-4k"); the threads backend's
 * offsets are checked here, independently, in the wrapper.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-datapool.h"
#include "vol-error.h"
#include "vol-run-private.h"
#include "vol-uring.h"
#include "vol-test-harness.h"

static double
cell (const VolResult *result,
      const char      *series,
      const char      *column,
      guint            row)
{
  return th_cell (vol_result_get_series (result, series), column, row);
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
  g_assert_cmpfloat (th_figure (r, "ios"), ==, ios);
  g_assert_cmpfloat (th_figure (r, "bytes"), ==, ios * 4096);
  g_assert_cmpfloat (th_figure (r, "offsets-512") + th_figure (r, "offsets-4k"), ==, ios);
}

static const char *
resolved_string (const VolResult *r,
                 const char      *key)
{
  const char *value = NULL;

  g_assert_true (g_variant_lookup (r->resolved, key, "&s", &value));
  return value;
}

static void
test_queue_uring (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "1,8", "seconds", "1",
                                              "backend", "io_uring", NULL);
  ThRun run = { 0 };
  VolResult *r;
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "volumeter-test-queue.volumeter.json", NULL);
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "io_uring");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);
  g_assert_cmpint (th_resolved_int (r, "span"), ==, 64 << 20);
  check_queue_result (r, 2, 1.0);
  g_assert_cmpfloat (cell (r, "queue", "depth", 1), ==, 8);
  g_assert_cmpfloat (cell (r, "queue", "writes", 0), ==, 0);
  g_assert_cmpfloat (th_figure (r, "offsets-4k"), ==, th_figure (r, "ios"));
  g_assert_cmpfloat (r->cpu_user + r->cpu_system, >, 0);
  g_assert_true (g_strv_contains ((const char *const[]) { "defer-taskrun", "coop-taskrun", "plain", NULL },
                                  resolved_string (r, "io-uring-setup")));
  th_assert_no_scratch ();

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
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "4", "seconds", "1",
                                              "alignment", "offset512", "mode", "write", NULL);
  ThRun run = { 0 };
  VolResult *r;

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "io_uring");
  check_queue_result (r, 1, 1.0);
  /* as handed to the kernel in each submission entry */
  g_assert_cmpfloat (th_figure (r, "offsets-512"), ==, th_figure (r, "ios"));
  g_assert_cmpfloat (th_figure (r, "offsets-4k"), ==, 0);
  g_assert_cmpfloat (cell (r, "queue", "reads", 0), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (r);
}

static void
test_queue_threads_offset512 (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "3", "seconds", "1",
                                              "alignment", "offset512", "mode", "mix", "read-percent", "60",
                                              "backend", "threads", NULL);
  ThIoOps ops;
  ThRun run = { 0 };
  VolResult *r;
  double ios, reads;

  th_io_ops_init (&ops);
  ops.count_size = 4096;   /* the timed I/Os; the lay-down writes 1 MiB */
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "threads");
  check_queue_result (r, 1, 1.0);
  ios = th_figure (r, "ios");
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
  th_assert_no_scratch ();
  vol_result_unref (r);
  th_io_ops_clear (&ops);
}

static void
test_queue_cancel (void)
{
  const char *backends[] = { "io_uring", "threads" };

  for (guint i = 0; i < G_N_ELEMENTS (backends); i++)
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "4,8", "seconds", "30",
                                                  "backend", backends[i], NULL);
      ThRun run = { 0 };
      ThIoOps ops;
      gint64 latency;

      th_io_ops_init (&ops);
      if (g_str_equal (backends[i], "threads"))
        {
          /* an exact point: right after one of the first 2000 reads (the
           * lay-down only writes), the worker that made it cancels */
          ops.cancel_at_read = g_test_rand_int_range (1, 2001);
        }
      else
        {
          /* io_uring's I/O does not pass the wrapper: cancel from the main
           * thread once progress is under way */
          run.cancel_phase = "read";
          run.cancel_phase_after = g_test_rand_int_range (2, 20);
        }
      th_run_spec (spec, &ops.ops, &run);
      latency = g_get_monotonic_time () - (run.cancelled_at ? run.cancelled_at : g_get_monotonic_time ());
      g_test_message ("%s: cancelled after %u updates or read %" G_GUINT64_FORMAT ", finished %.1f ms later",
                      backends[i], run.cancel_phase_after, ops.cancel_at_read, latency / 1000.0);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
      g_assert_nonnull (run.result->message);
      g_assert_cmpstr (run.result->io_backend, ==, backends[i]);
      /* the partial point is kept, measured over its shorter time */
      g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "queue")), ==, 1);
      g_assert_cmpfloat (cell (run.result, "queue", "seconds", 0), <, 5);
      g_assert_cmpfloat (th_figure (run.result, "ios"), >, 0);
      if (ops.cancel_at_read)
        {
          /* each of the 4 workers has at most the transfer it had begun */
          g_assert_cmpuint (ops.reads + ops.writes - ops.ios_at_cancel, <, 4);
        }
      else
        {
          /* Ignored, the cancel would leave this point 30 s to run and
           * another after it; 10 s fails that on any machine yet gives a
           * loaded 2-core runner ample room (it takes ~0.1 s here). */
          g_assert_cmpint (latency, <, 10 * G_USEC_PER_SEC);
        }
      th_assert_no_scratch ();
      vol_result_unref (run.result);
      th_io_ops_clear (&ops);
    }
}

static void
test_queue_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "4", "seconds", "5",
                                              "backend", "threads", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_read_at = 500;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "queue.dat"));
  g_assert_nonnull (strstr (run.result->message, "offset"));
  /* what was measured before the failure is kept */
  g_assert_cmpfloat (th_figure (run.result, "ios"), >=, 400);
  /* the other workers notice the failure within a few I/Os each */
  g_assert_cmpfloat (th_figure (run.result, "ios"), <, 600);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

/* io_uring I/O does not pass the wrapper; the lay-down (pwrite) does. */
static void
test_queue_eio_lay_down (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "4", "seconds", "5", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_write_at = 10;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "queue.dat"));
  g_assert_cmpfloat (th_figure (run.result, "ios"), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

/* A kernel that refuses the ring's set-up flags (EINVAL: COOP_TASKRUN
 * before Linux 5.19, DEFER_TASKRUN before 6.1) still runs the point on
 * io_uring, with the next flags down, and the result says which. The
 * refusal is the seam of vol-uring.h, so this runs on any kernel. */
static void
test_queue_uring_setup_fallback (void)
{
  static const struct { guint refuse; const char *mode; } cases[] = {
    { IORING_SETUP_COOP_TASKRUN, "defer-taskrun" },
    { IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN, "plain" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "1,8", "seconds", "1",
                                                  "backend", "io_uring", NULL);
      ThRun run = { 0 };

      _vol_uring_refuse_flags (cases[i].refuse);
      th_run_spec (spec, NULL, &run);
      _vol_uring_refuse_flags (0);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
      g_assert_cmpstr (run.result->io_backend, ==, "io_uring");
      g_assert_cmpstr (resolved_string (run.result, "io-uring-setup"), ==, cases[i].mode);
      check_queue_result (run.result, 2, 1.0);
      g_assert_cmpfloat (th_figure (run.result, "ring-cpu-user") + th_figure (run.result, "ring-cpu-system"), >, 0);
      th_assert_no_scratch ();
      vol_result_unref (run.result);
    }
}

/* What the I/O table's observer saw of the ring's writes. */
typedef struct
{
  VolIoOps        ops;
  const VolIoOps *real;
  GMutex          lock;
  GHashTable     *serials;     /* first stamp word of each written block */
  guint64         submitted;   /* writes of one 4 KiB block */
  guint64         repeats;
  guint64         other;       /* anything else submitted */
} RingObserver;

static int
ring_obs_openat (const VolIoOps *ops, int dirfd, const char *name, int flags, mode_t mode)
{
  return ((RingObserver *) ops)->real->openat (((RingObserver *) ops)->real, dirfd, name, flags, mode);
}

static ssize_t
ring_obs_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset)
{
  return ((RingObserver *) ops)->real->pwrite (((RingObserver *) ops)->real, fd, buf, count, offset);
}

static ssize_t
ring_obs_pread (const VolIoOps *ops, int fd, void *buf, size_t count, off_t offset)
{
  return ((RingObserver *) ops)->real->pread (((RingObserver *) ops)->real, fd, buf, count, offset);
}

static int
ring_obs_fdatasync (const VolIoOps *ops, int fd)
{
  return ((RingObserver *) ops)->real->fdatasync (((RingObserver *) ops)->real, fd);
}

static int
ring_obs_fadvise (const VolIoOps *ops, int fd, off_t offset, off_t len, int advice)
{
  return ((RingObserver *) ops)->real->fadvise (((RingObserver *) ops)->real, fd, offset, len, advice);
}

static int
ring_obs_close (const VolIoOps *ops, int fd)
{
  return ((RingObserver *) ops)->real->close (((RingObserver *) ops)->real, fd);
}

static void
ring_obs_submitted (const VolIoOps *ops, int fd, gboolean is_write, const void *buf, size_t count, off_t offset)
{
  RingObserver *o = (RingObserver *) ops;
  guint64 serial;

  g_mutex_lock (&o->lock);
  if (is_write && count == 4096)
    {
      memcpy (&serial, buf, sizeof serial);
      o->submitted++;
      if (!g_hash_table_add (o->serials, g_memdup2 (&serial, sizeof serial)))
        o->repeats++;
    }
  else
    o->other++;
  g_mutex_unlock (&o->lock);
}

/* Every write the ring submits is seen by the observer before it goes,
 * and no two carry the same stamp, across points too (the serials come
 * from the run's counter, never restarted). */
static void
test_queue_uring_stamps (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "2,8", "seconds", "1",
                                              "mode", "write", "backend", "io_uring", NULL);
  RingObserver o = {
    { ring_obs_openat, ring_obs_pwrite, ring_obs_pread, ring_obs_fdatasync, ring_obs_fadvise, ring_obs_close, ring_obs_submitted },
    vol_io_ops_default (),
  };
  ThRun run = { 0 };
  double writes;

  g_mutex_init (&o.lock);
  o.serials = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  th_run_spec (spec, &o.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (run.result->io_backend, ==, "io_uring");
  writes = cell (run.result, "queue", "writes", 0) + cell (run.result, "queue", "writes", 1);
  g_test_message ("%" G_GUINT64_FORMAT " writes submitted, %.0f completed", o.submitted, writes);
  /* each point drains what it submitted: every write counted was seen */
  g_assert_cmpfloat ((double) o.submitted, ==, writes);
  g_assert_cmpuint (o.other, ==, 0);
  g_assert_cmpuint (o.repeats, ==, 0);
  g_assert_cmpuint (g_hash_table_size (o.serials), ==, o.submitted);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  g_hash_table_unref (o.serials);
  g_mutex_clear (&o.lock);
}

/* ---- threads -------------------------------------------------------- */

static void
test_threads_spec (void)
{
  static const char *const bad[][2] = {
    { "threads", "0" }, { "threads", "1,,2" }, { "threads", "" }, { "threads", "2000" },
    { "bytes-per-thread", "100K" }, { "bytes-per-thread", "3000000" },
    { "mode", "rndwrx" }, { "block", "100" }, { "block", "2G" }, { "seconds", "0" }, { "seconds", "x" },
    { "flush", "always" }, { "flush-requests", "0" }, { "flush-requests", "1000001" },
  };
  check_bad_values ("threads", bad, G_N_ELEMENTS (bad));
}

static void
test_threads_complete (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "5", "bytes-per-thread", "8M",
                                              "block", "256K", "seconds", "1", "mode", "seqwr", NULL);
  ThIoOps ops;
  ThRun run = { 0 };
  VolResult *r;
  double bytes;

  th_io_ops_init (&ops);
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (r->io_backend, ==, "threads");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);

  /* really five threads did the I/O: every pwrite came from one of them */
  g_assert_cmpuint (g_hash_table_size (ops.tids), ==, 5);
  g_assert_cmpint (th_resolved_int (r, "bytes-per-thread"), ==, 8 << 20);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "threads")), ==, 1);
  g_assert_cmpfloat (cell (r, "threads", "threads", 0), ==, 5);
  g_assert_cmpfloat (cell (r, "threads", "seconds", 0), >=, 1.0);
  g_assert_cmpfloat (cell (r, "threads", "seconds", 0), <, 2.0);
  /* honest totals: the five 8 MiB lay-downs plus the timed writes are
   * every byte the wrapper saw written */
  bytes = th_figure (r, "bytes");
  g_assert_cmpfloat (bytes, ==, cell (r, "threads", "bytes", 0));
  g_assert_cmpfloat (fmod (bytes, 256 << 10), ==, 0);
  g_assert_cmpfloat ((double) ops.bytes_written, ==, bytes + 5.0 * (8 << 20));
  g_assert_cmpfloat (th_figure (r, "ios"), ==, bytes / (256 << 10));
  g_assert_cmpfloat (fabs (cell (r, "threads", "throughput", 0) * cell (r, "threads", "seconds", 0) - bytes), <, 1);
  g_assert_cmpfloat (cell (r, "threads", "passes", 0), >=, 5);
  g_assert_cmpfloat (th_figure (r, "worker-cpu-user") + th_figure (r, "worker-cpu-system"), >, 0);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "over-time")), >=, 1);
  th_assert_no_scratch ();
  vol_result_unref (r);
  th_io_ops_clear (&ops);
}

static void
test_threads_scaled (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1,4", "bytes-per-thread", "1G",
                                              "seconds", "1", "mode", "rndrd", "block", "64K", NULL);
  ThRun run = { 0 };
  VolResult *r;
  gboolean scaled = FALSE;
  gint64 per_thread;
  guint64 free_before = th_free_bytes ();

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  per_thread = th_resolved_int (r, "bytes-per-thread");
  g_assert_true (g_variant_lookup (r->resolved, "scaled-to-fit", "b", &scaled));
  g_assert_true (scaled);
  g_assert_cmpint (per_thread % (1 << 20), ==, 0);
  g_assert_cmpint (per_thread, >, 0);
  g_assert_cmpuint (4 * (guint64) per_thread, <=, free_before);
  g_assert_cmpint (th_resolved_int (r, "total-bytes"), ==, 4 * per_thread);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "threads")), ==, 2);
  g_assert_cmpfloat (cell (r, "threads", "threads", 1), ==, 4);
  g_assert_cmpfloat (cell (r, "threads", "throughput", 1), >, 0);
  th_assert_no_scratch ();
  vol_result_unref (r);
}

static void
test_threads_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "3,6", "bytes-per-thread", "8M",
                                              "seconds", "30", "mode", "rndrw", "block", "16K", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  /* an exact point of the first step (3 threads): right after one of its
   * first 2000 reads (the lay-down only writes), whatever the speed */
  th_io_ops_init (&ops);
  ops.cancel_at_read = g_test_rand_int_range (1, 2001);
  th_run_spec (spec, &ops.ops, &run);
  g_test_message ("cancelled after read %" G_GUINT64_FORMAT, ops.cancel_at_read);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "threads")), ==, 1);
  g_assert_cmpfloat (th_figure (run.result, "bytes"), >, 0);
  /* each of the 3 threads has at most the transfer it had begun */
  g_assert_cmpuint (ops.reads + ops.writes - ops.ios_at_cancel, <, 3);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_threads_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "4", "bytes-per-thread", "4M",
                                              "seconds", "5", "mode", "seqrd", "block", "64K", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_read_at = 300;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "thread-000"));
  g_assert_cmpfloat (th_figure (run.result, "bytes"), >, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_threads_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1,1000", "seconds", "1", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_test_message ("message: %s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "1000 threads"));
  th_assert_no_scratch ();
  g_clear_error (&run.error);
}

/* ---- limits and failures found by reading the code ------------------- */

/* A spec of @kind_name with @key=@value over the defaults, validated by
 * the kind's own check only: th_make_spec() asserts that validation
 * passes, which these specs must not. */
static VolTestSpec *
spec_unchecked (const char *kind_name,
                const char *const (*params)[2],
                guint       n)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (&kind->info));
  GVariantDict dict;

  g_variant_dict_init (&dict, defaults);
  for (guint i = 0; i < n; i++)
    {
      const VolParamDesc *desc = vol_test_info_find_param (&kind->info, params[i][0]);
      g_autoptr(GError) error = NULL;
      GVariant *v = NULL;

      g_assert_true (vol_param_parse (desc, params[i][1], &v, &error));
      g_assert_no_error (error);
      g_variant_dict_insert_value (&dict, params[i][0], v);
      g_variant_unref (v);
    }
  return vol_test_spec_new (kind_name, th_test_dir, VOL_DATA_PATTERN_RANDOM, 0, NULL,
                            g_variant_dict_end (&dict));
}

/* The buffers of the I/Os in flight over the engine's limit: known from
 * the parameters alone, so refused with them — a VOL_SPEC_ERROR naming
 * the parameter, from validation (the app's Start, the CLI's options)
 * and again from the runner, before any scratch folder. It used to be
 * VOL_ENGINE_ERROR_NO_SPACE from prepare(), as if the volume were full. */
static void
check_buffer_limit (const char        *kind_name,
                    const char *const (*params)[2],
                    guint              n,
                    const char        *prefix,
                    const char        *says)
{
  g_autoptr(VolTestSpec) spec = spec_unchecked (kind_name, params, n);
  g_autoptr(GError) error = NULL;
  ThRun run = { 0 };

  g_assert_false (vol_test_spec_validate (spec, &vol_registry_lookup (kind_name)->info, &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_test_message ("message: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, says));

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_cmpstr (run.error->message, ==, error->message);
  th_assert_no_scratch ();
  g_clear_error (&run.error);
}

static void
test_queue_buffer_limit (void)
{
  static const char *const over[][2] = { { "depths", "1,1024" }, { "block", "1M" } };
  static const char *const under[][2] = { { "depths", "1,256" }, { "block", "1M" } };
  g_autoptr(VolTestSpec) spec = spec_unchecked ("queue", under, G_N_ELEMENTS (under));
  g_autoptr(GError) error = NULL;

  check_buffer_limit ("queue", over, G_N_ELEMENTS (over), "depths: ", "1024");
  /* exactly at the limit (256 × 1 MiB) is allowed */
  g_assert_true (vol_test_spec_validate (spec, &vol_registry_lookup ("queue")->info, &error));
  g_assert_no_error (error);
}

static void
test_threads_buffer_limit (void)
{
  static const char *const over[][2] = { { "threads", "1,2" }, { "block", "1G" }, { "bytes-per-thread", "1G" } };
  /* the block is never larger than the thread's file: 2 × 512 MiB fits */
  static const char *const under[][2] = { { "threads", "1,2" }, { "block", "1G" }, { "bytes-per-thread", "512M" } };
  g_autoptr(VolTestSpec) spec = spec_unchecked ("threads", under, G_N_ELEMENTS (under));
  g_autoptr(GError) error = NULL;

  check_buffer_limit ("threads", over, G_N_ELEMENTS (over), "threads: ", "2 threads");
  g_assert_true (vol_test_spec_validate (spec, &vol_registry_lookup ("threads")->info, &error));
  g_assert_no_error (error);
}

/* Makes every io_uring_enter(2) of this process fail with @err, for all
 * its threads (TSYNC), while io_uring_setup and io_uring_register still
 * work: a ring that is made but whose submissions fail, which no real
 * disk gives on demand. For good: only in a subprocess. FALSE when the
 * kernel offers no seccomp filters. */
static gboolean
refuse_io_uring_enter (int err)
{
  struct sock_filter code[] = {
    BPF_STMT (BPF_LD | BPF_W | BPF_ABS, offsetof (struct seccomp_data, nr)),
    BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_enter, 0, 1),
    BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA)),
    BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog prog = { G_N_ELEMENTS (code), code };

  if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return FALSE;
  return syscall (SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) == 0;
}

/* A write run whose io_uring submission fails says so: it used to report
 * "Reading queue.dat at offset 0 failed", an I/O that never was. */
static void
test_queue_submit_fails (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "64M", "depths", "4", "seconds", "5",
                                                  "mode", "write", "backend", "io_uring", NULL);
      ThRun run = { 0 };

      if (!refuse_io_uring_enter (EIO))
        {
          g_test_skip ("no seccomp filters here");
          return;
        }
      th_run_spec (spec, NULL, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
      g_test_message ("message: %s", run.result->message);
      g_assert_nonnull (strstr (run.result->message, "io_uring"));
      g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
      g_assert_null (strstr (run.result->message, "Reading"));
      g_assert_null (strstr (run.result->message, "offset"));
      g_assert_cmpfloat (th_figure (run.result, "ios"), ==, 0);
      th_assert_no_scratch ();
      vol_result_unref (run.result);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* ---- flushes, stamps, counters, threads that cannot start ------------ */

/* The harness's wrapper, with every fdatasync counted and the stamp of
 * every 4 KiB block of every write recorded (its first 8 bytes are the
 * serial, vol-datapool.c): as ranges of consecutive serials, which a
 * write's blocks are, so a fast volume does not need a word per block. */
typedef struct
{
  guint64 first;
  guint64 n;
} Range;

typedef struct
{
  ThIoOps   th;            /* first: the harness casts to it */
  gint      syncs;
  GMutex    lock;
  GArray   *ranges;        /* of Range; NULL: not recorded */
  guint64   blocks;
  ssize_t (*pwrite) (const VolIoOps *ops, int fd, const void *buf, size_t n, off_t offset);
} Observer;

static int
observe_fdatasync (const VolIoOps *ops,
                   int             fd)
{
  Observer *o = (Observer *) ops;
  const VolIoOps *real = vol_io_ops_default ();

  g_atomic_int_inc (&o->syncs);
  return real->fdatasync (real, fd);
}

static ssize_t
observe_pwrite (const VolIoOps *ops,
                int             fd,
                const void     *buf,
                size_t          n,
                off_t           offset)
{
  Observer *o = (Observer *) ops;

  if (o->ranges != NULL)
    {
      Range r = { 0, 0 };

      g_mutex_lock (&o->lock);
      for (size_t off = 0; off + 8 <= n; off += VOL_STAMP_BLOCK)
        {
          guint64 serial;
          memcpy (&serial, (const guint8 *) buf + off, sizeof serial);
          if (r.n > 0 && serial == r.first + r.n)
            r.n++;
          else
            {
              if (r.n > 0)
                g_array_append_val (o->ranges, r);
              r = (Range) { serial, 1 };
            }
          o->blocks++;
        }
      if (r.n > 0)
        g_array_append_val (o->ranges, r);
      g_mutex_unlock (&o->lock);
    }
  return o->pwrite (ops, fd, buf, n, offset);
}

static void
observer_init (Observer *o,
               gboolean  record)
{
  memset (o, 0, sizeof *o);
  th_io_ops_init (&o->th);
  o->pwrite = o->th.ops.pwrite;
  o->th.ops.pwrite = observe_pwrite;
  o->th.ops.fdatasync = observe_fdatasync;
  g_mutex_init (&o->lock);
  if (record)
    o->ranges = g_array_new (FALSE, FALSE, sizeof (Range));
}

static void
observer_clear (Observer *o)
{
  th_io_ops_clear (&o->th);
  g_mutex_clear (&o->lock);
  g_clear_pointer (&o->ranges, g_array_unref);
}

static int
cmp_range (gconstpointer a,
           gconstpointer b)
{
  guint64 x = ((const Range *) a)->first, y = ((const Range *) b)->first;

  return x < y ? -1 : x > y;
}

/* Every written block of the run had a stamp of its own: sorted, no
 * range reaches into the next. */
static void
assert_stamps_unique (Observer *o)
{
  guint64 repeats = 0;

  g_array_sort (o->ranges, cmp_range);
  for (guint i = 1; i < o->ranges->len; i++)
    {
      const Range *prev = &g_array_index (o->ranges, Range, i - 1);
      const Range *r = &g_array_index (o->ranges, Range, i);
      if (prev->first + prev->n > r->first)
        repeats += MIN (prev->first + prev->n - r->first, r->n);
    }
  g_test_message ("%" G_GUINT64_FORMAT " blocks written in %u ranges of serials, %" G_GUINT64_FORMAT " stamps repeated",
                  o->blocks, o->ranges->len, repeats);
  g_assert_cmpuint (o->blocks, >, 0);
  g_assert_cmpuint (repeats, ==, 0);
}

/* Each flush policy makes exactly the fdatasyncs it says, inside the
 * point's time, and the result names it. */
static void
test_threads_flush (void)
{
  static const struct { const char *flush; const char *threads; } cases[] = {
    { "end", "2" }, { "pass", "2" }, { "requests", "1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", cases[i].threads,
                                                  "bytes-per-thread", "8M", "block", "256K", "seconds", "1",
                                                  "mode", "seqwr", "flush", cases[i].flush,
                                                  "flush-requests", "7", NULL);
      Observer o;
      ThRun run = { 0 };
      VolResult *r;
      const char *flush = NULL;
      double n, timed, ios, passes;

      observer_init (&o, FALSE);
      th_run_spec (spec, &o.th.ops, &run);
      g_assert_no_error (run.error);
      r = run.result;
      g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
      g_assert_true (g_variant_lookup (r->resolved, "flush", "&s", &flush));
      g_assert_cmpstr (flush, ==, cases[i].flush);
      n = cell (r, "threads", "threads", 0);
      ios = cell (r, "threads", "ios", 0);
      passes = cell (r, "threads", "passes", 0);
      /* one flush per file ends its lay-down, before the clock */
      timed = g_atomic_int_get (&o.syncs) - n;
      g_test_message ("flush=%s: %g threads, %g writes, %g passes, %g timed flushes",
                      cases[i].flush, n, ios, passes, timed);
      /* 32 writes a pass: several passes in any case */
      g_assert_cmpfloat (ios, >, 32 * n);
      if (g_str_equal (cases[i].flush, "end"))
        g_assert_cmpfloat (timed, ==, n);
      else if (g_str_equal (cases[i].flush, "pass"))
        /* one after each whole pass, and one ends the last (cut short
         * or not) */
        g_assert_cmpfloat (timed, ==, passes + n);
      else
        {
          g_assert_cmpint (th_resolved_int (r, "flush-requests"), ==, 7);
          g_assert_cmpfloat (timed, ==, ceil (ios / 7));
        }
      th_assert_no_scratch ();
      vol_result_unref (r);
      observer_clear (&o);
    }
}

/* No stamp repeats across the points of a run: the same thread count
 * twice used to restart the serials at each point. */
static void
test_threads_stamps_unique (void)
{
  static const char *const modes[] = { "seqwr", "rndrw" };

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1,1,2", "bytes-per-thread", "4M",
                                                  "block", "64K", "seconds", "1", "mode", modes[i], NULL);
      Observer o;
      ThRun run = { 0 };

      observer_init (&o, TRUE);
      th_run_spec (spec, &o.th.ops, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
      assert_stamps_unique (&o);
      vol_result_unref (run.result);
      observer_clear (&o);
    }
}

static void
test_queue_threads_stamps_unique (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "16M", "depths", "2,2", "seconds", "1",
                                              "mode", "mix", "read-percent", "30", "backend", "threads", NULL);
  Observer o;
  ThRun run = { 0 };

  observer_init (&o, TRUE);
  th_run_spec (spec, &o.th.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpfloat (cell (run.result, "queue", "writes", 1), >, 0);
  assert_stamps_unique (&o);
  vol_result_unref (run.result);
  observer_clear (&o);
}

/* Each timed point is a phase of the device's counters, with the test's
 * own counts of it beside the device's. */
static void
check_counters (const VolResult *r,
                const char      *series,
                const char      *const *phases,
                guint            n_points,
                gsize            block)
{
  if (r->counters->len == 0)
    {
      g_test_message ("no block device under the volume: no counters");
      return;
    }
  g_assert_cmpuint (r->counters->len, ==, n_points);
  for (guint i = 0; i < n_points; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (r->counters, i);
      double ios = cell (r, series, "ios", i);

      g_assert_cmpstr (c->phase, ==, phases[i]);
      g_assert_cmpfloat ((double) (c->reads + c->writes), ==, ios);
      g_assert_cmpuint (c->bytes_read, ==, c->reads * block);
      g_assert_cmpuint (c->bytes_written, ==, c->writes * block);
      g_test_message ("%s: test %" G_GUINT64_FORMAT " B read, %" G_GUINT64_FORMAT " B written; "
                      "device %" G_GUINT64_FORMAT " B read, %" G_GUINT64_FORMAT " B written, %" G_GUINT64_FORMAT " flushes",
                      c->phase, c->bytes_read, c->bytes_written, c->dev_bytes_read, c->dev_bytes_written, c->dev_flushes);
      /* O_DIRECT: everything the test moved reached the device in the
       * phase (the device may add journal and metadata writes) */
      g_assert_cmpuint (c->dev_bytes_read, >=, c->bytes_read);
      g_assert_cmpuint (c->dev_bytes_written, >=, c->bytes_written);
    }
}

static void
test_threads_counters (void)
{
  static const char *const phases[] = { "1 thread", "3 threads" };
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1,3", "bytes-per-thread", "8M",
                                              "block", "128K", "seconds", "1", "mode", "rndrw", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  check_counters (run.result, "threads", phases, 2, 128 << 10);
  vol_result_unref (run.result);
}

static void
test_queue_counters (void)
{
  static const char *const phases[] = { "QD1", "QD4" };
  const char *backends[] = { "io_uring", "threads" };

  for (guint i = 0; i < G_N_ELEMENTS (backends); i++)
    {
      g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "32M", "depths", "1,4", "seconds", "1",
                                                  "mode", "mix", "backend", backends[i], NULL);
      ThRun run = { 0 };

      th_run_spec (spec, NULL, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
      check_counters (run.result, "queue", phases, 2, 4096);
      vol_result_unref (run.result);
    }
}

/* The system refuses the third I/O thread: the run fails saying so, the
 * two started stop (one of them mid lay-down) and nothing is left. */
static gint spawn_calls;
static const char *spawn_refused;

static GThread *
third_io_thread_fails (const char   *name,
                       GThreadFunc   func,
                       gpointer      data,
                       GError      **error)
{
  if (g_strcmp0 (name, spawn_refused) == 0 && g_atomic_int_add (&spawn_calls, 1) == 2)
    {
      g_set_error (error, G_THREAD_ERROR, G_THREAD_ERROR_AGAIN, "Resource temporarily unavailable");
      return NULL;
    }
  return g_thread_try_new (name, func, data, error);
}

static void
test_spawn_fails (void)
{
  static const struct { const char *kind; const char *thread; const char *series; } cases[] = {
    { "threads", "vol-threads-io", "threads" }, { "queue", "vol-queue-io", "queue" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(VolRunner) runner = vol_runner_new ();
      g_autoptr(VolTestSpec) spec = g_str_equal (cases[i].kind, "threads")
        ? th_make_spec ("threads", 0, "threads", "4", "bytes-per-thread", "16M", "seconds", "30", NULL)
        : th_make_spec ("queue", 0, "span", "16M", "depths", "4", "seconds", "30", "backend", "threads", NULL);
      ThRun run = { 0 };
      gint64 start = g_get_monotonic_time ();

      g_atomic_int_set (&spawn_calls, 0);
      spawn_refused = cases[i].thread;
      _vol_runner_set_thread_spawn (runner, third_io_thread_fails);
      th_run_spec_on (runner, spec, NULL, &run);
      g_assert_no_error (run.error);
      g_test_message ("%s: %s", cases[i].kind, run.result->message);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
      g_assert_nonnull (strstr (run.result->message, "3 of 4"));
      g_assert_nonnull (strstr (run.result->message, "Resource temporarily unavailable"));
      /* the clock never started: no point, and not 30 s of waiting */
      g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, cases[i].series)), ==, 0);
      g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
      g_assert_cmpint (g_atomic_int_get (&spawn_calls), ==, 3);
      th_assert_no_scratch ();
      vol_result_unref (run.result);
    }
}

int
main (int argc, char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;

  g_test_add_func ("/vol/queue/spec", test_queue_spec);
  g_test_add_func ("/vol/queue/io-uring", test_queue_uring);
  g_test_add_func ("/vol/queue/io-uring-offset512", test_queue_uring_offset512);
  g_test_add_func ("/vol/queue/threads-offset512", test_queue_threads_offset512);
  g_test_add_func ("/vol/queue/cancel", test_queue_cancel);
  g_test_add_func ("/vol/queue/eio", test_queue_eio);
  g_test_add_func ("/vol/queue/eio-lay-down", test_queue_eio_lay_down);
  g_test_add_func ("/vol/queue/io-uring-setup-fallback", test_queue_uring_setup_fallback);
  g_test_add_func ("/vol/queue/io-uring-stamps", test_queue_uring_stamps);
  g_test_add_func ("/vol/threads/spec", test_threads_spec);
  g_test_add_func ("/vol/threads/complete", test_threads_complete);
  g_test_add_func ("/vol/threads/scaled", test_threads_scaled);
  g_test_add_func ("/vol/threads/cancel", test_threads_cancel);
  g_test_add_func ("/vol/threads/eio", test_threads_eio);
  g_test_add_func ("/vol/threads/does-not-fit", test_threads_does_not_fit);
  g_test_add_func ("/vol/queue/buffer-limit", test_queue_buffer_limit);
  g_test_add_func ("/vol/threads/buffer-limit", test_threads_buffer_limit);
  g_test_add_func ("/vol/queue/submit-fails", test_queue_submit_fails);
  g_test_add_func ("/vol/threads/flush", test_threads_flush);
  g_test_add_func ("/vol/threads/stamps-unique", test_threads_stamps_unique);
  g_test_add_func ("/vol/queue/threads-stamps-unique", test_queue_threads_stamps_unique);
  g_test_add_func ("/vol/threads/counters", test_threads_counters);
  g_test_add_func ("/vol/queue/counters", test_queue_counters);
  g_test_add_func ("/vol/worker-pool/spawn-fails", test_spawn_fails);
  return g_test_run ();
}
