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
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
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
  g_test_add_func ("/vol/threads/spec", test_threads_spec);
  g_test_add_func ("/vol/threads/complete", test_threads_complete);
  g_test_add_func ("/vol/threads/scaled", test_threads_scaled);
  g_test_add_func ("/vol/threads/cancel", test_threads_cancel);
  g_test_add_func ("/vol/threads/eio", test_threads_eio);
  g_test_add_func ("/vol/threads/does-not-fit", test_threads_does_not_fit);
  return g_test_run ();
}
