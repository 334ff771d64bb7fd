/* test-smallfiles-cached.c — Small files and Cached vs device read on a real volume
 *
 * Run by with-volume.sh, which mounts an ext4 loop volume (or a ramfs) at
 * $VOL_TEST_DIR and exports the loop device as $VOL_TEST_DEVICE. Faults
 * come from a VolIoOps wrapped around the real calls.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"
#include "vol-scratch.h"

static const char *test_dir;

typedef struct
{
  VolIoOps ops;
  int      writes;
  int      reads;
  int      fail_write;   /* 1-based; 0 never */
  int      fail_read;
} FaultOps;

static ssize_t
fault_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset)
{
  FaultOps *f = (FaultOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();

  if (++f->writes == f->fail_write)
    {
      errno = EIO;
      return -1;
    }
  return real->pwrite (real, fd, buf, count, offset);
}

static ssize_t
fault_pread (const VolIoOps *ops, int fd, void *buf, size_t count, off_t offset)
{
  FaultOps *f = (FaultOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();

  if (++f->reads == f->fail_read)
    {
      errno = EIO;
      return -1;
    }
  return real->pread (real, fd, buf, count, offset);
}

static void
fault_ops_init (FaultOps *f)
{
  *f = (FaultOps) { *vol_io_ops_default () };
  f->ops.pwrite = fault_pwrite;
  f->ops.pread = fault_pread;
}

typedef struct
{
  GMainLoop    *loop;
  GCancellable *cancellable;
  VolResult    *result;
  GError       *error;
  const char   *cancel_in_phase;  /* cancel on the first progress of this phase */
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
  if (run->cancel_in_phase && !run->cancelled_at && g_strcmp0 (progress->phase, run->cancel_in_phase) == 0)
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
  while ((key = va_arg (ap, const char *)) != NULL)
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

/* ---------------------------------------------------------------- spec */

static void
expect_bad (const char *kind_name,
            const char *key,
            const char *value,
            const char *in_message)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  const VolParamDesc *desc = vol_test_info_find_param (&kind->info, key);
  g_autoptr(GError) error = NULL;
  GVariant *v = NULL;

  g_assert_nonnull (desc);
  if (vol_param_parse (desc, value, &v, &error))
    {
      g_variant_ref_sink (v);
      g_assert_false (vol_param_check (desc, v, &error));
      g_variant_unref (v);
    }
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_test_message ("%s=%s: %s", key, value, error->message);
  g_assert_nonnull (strstr (error->message, in_message));
}

static void
test_spec (void)
{
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GVariant) params = NULL;
  g_autoptr(GError) error = NULL;
  GVariantDict dict;
  const VolTestKind *kind = vol_registry_lookup ("smallfiles");

  expect_bad ("smallfiles", "files", "0", "files");
  expect_bad ("smallfiles", "transactions", "0", "transactions");
  expect_bad ("smallfiles", "min-size", "0", "min-size");
  expect_bad ("smallfiles", "max-size", "2G", "max-size");
  expect_bad ("smallfiles", "block", "32M", "block");
  expect_bad ("smallfiles", "subdirs", "-1", "subdirs");
  expect_bad ("smallfiles", "read-bias", "11", "read-bias");
  expect_bad ("smallfiles", "create-bias", "-1", "create-bias");
  expect_bad ("smallfiles", "files", "many", "files");
  expect_bad ("cached", "cached-seconds", "0.1", "cached-seconds");
  expect_bad ("cached", "device-seconds", "601", "device-seconds");
  expect_bad ("cached", "source", "disk", "source");
  expect_bad ("cached", "region", "1000", "region");

  /* across parameters: the smallest size above the largest */
  g_variant_dict_init (&dict, vol_test_info_default_params (&kind->info));
  g_variant_dict_insert (&dict, "min-size", "x", (gint64) 8192);
  g_variant_dict_insert (&dict, "max-size", "x", (gint64) 4096);
  params = g_variant_ref_sink (g_variant_dict_end (&dict));
  spec = vol_test_spec_new ("smallfiles", "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL, params);
  g_assert_false (vol_test_spec_validate (spec, &kind->info, &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "min-size"));
  g_assert_nonnull (strstr (error->message, "max-size"));
}

/* ---------------------------------------------------------------- smallfiles */

static void
check_small_counts (const VolResult *r,
                    guint            files)
{
  double created = figure (r, "files-created");
  double deleted = figure (r, "files-deleted");
  double tx = figure (r, "transactions");

  /* created = the pool + creations in transactions */
  g_assert_cmpfloat (figure (r, "files-created-alone"), ==, files);
  g_assert_cmpfloat (created, ==, files + figure (r, "files-created-mixed"));
  /* deleted = deletions in transactions + the final cleanup */
  g_assert_cmpfloat (deleted, ==, figure (r, "files-deleted-mixed") + figure (r, "files-deleted-alone"));
  /* every transaction is one read or append (or an append PostMark skips
   * because the file is already at max-size) and one create or delete */
  g_assert_cmpfloat (figure (r, "files-read") + figure (r, "files-appended") + figure (r, "appends-skipped"), ==, tx);
  g_assert_cmpfloat (figure (r, "files-created-mixed") + figure (r, "creates-skipped")
                     + figure (r, "files-deleted-mixed"), ==, tx);
}

static void
test_small_complete (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", "files", "200", "transactions", "600",
                                           "min-size", "500", "max-size", "16K", "subdirs", "5",
                                           "block", "4K", NULL);
  Run run = { 0 };
  VolResult *r;
  g_autofree char *path = NULL;
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  double created_bytes_min;

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  /* a filesystem workload through the cache, and the result says so */
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_NONE);
  g_assert_cmpstr (r->io_backend, ==, "sync");
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);

  check_small_counts (r, 200);
  g_assert_cmpfloat (figure (r, "transactions"), ==, 600);
  g_assert_cmpfloat (figure (r, "files-created"), ==, figure (r, "files-deleted"));
  g_assert_cmpfloat (figure (r, "files-left"), ==, 0);
  g_assert_cmpfloat (figure (r, "files-read"), >, 0);
  g_assert_cmpfloat (figure (r, "files-appended"), >, 0);

  /* bytes: each created file at least min-size; calls of at most 4 KiB */
  created_bytes_min = figure (r, "files-created") * 500;
  g_assert_cmpfloat (figure (r, "bytes-written"), >=, created_bytes_min);
  g_assert_cmpfloat (figure (r, "write-calls"), >=, figure (r, "bytes-written") / 4096);
  g_assert_cmpfloat (figure (r, "read-calls"), >=, figure (r, "bytes-read") / 4096);
  g_assert_cmpfloat (figure (r, "read-calls"), >=, figure (r, "files-read"));

  /* the rates are the counts over the phase times */
  g_assert_cmpfloat_with_epsilon (figure (r, "transactions-per-s"),
                                  600 / figure (r, "transaction-time"), 1e-6 * figure (r, "transactions-per-s"));
  g_assert_cmpfloat_with_epsilon (figure (r, "created-alone-per-s"),
                                  200 / figure (r, "creation-time"), 1e-6 * figure (r, "created-alone-per-s"));
  g_assert_cmpfloat_with_epsilon (figure (r, "total-time"),
                                  figure (r, "creation-time") + figure (r, "transaction-time") + figure (r, "deletion-time"),
                                  1e-9);
  g_assert_cmpfloat (figure (r, "read-throughput"), >, 0);
  g_assert_cmpfloat (figure (r, "write-throughput"), >, 0);
  g_assert_nonnull (vol_result_get_series (r, "transactions"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "transactions")), >=, 1);
  g_assert_nonnull (vol_result_get_summary (r, "transactions"));

  /* the same seed makes the same run */
  {
    g_autoptr(VolTestSpec) again = make_spec ("smallfiles", "files", "200", "transactions", "600",
                                              "min-size", "500", "max-size", "16K", "subdirs", "5", NULL);
    Run run2 = { 0 };
    g_autoptr(GVariant) params = g_variant_ref (vol_test_spec_get_params (again));
    g_autoptr(VolTestSpec) seeded = vol_test_spec_new ("smallfiles", test_dir, VOL_DATA_PATTERN_RANDOM,
                                                       r->seed, NULL, params);
    run_spec (seeded, NULL, &run2);
    g_assert_no_error (run2.error);
    g_assert_cmpfloat (figure (run2.result, "bytes-written"), ==, figure (r, "bytes-written"));
    g_assert_cmpfloat (figure (run2.result, "files-read"), ==, figure (r, "files-read"));
    vol_result_unref (run2.result);
  }

  assert_no_scratch ();
  path = g_build_filename (g_get_tmp_dir (), "volumeter-test-smallfiles.volumeter.json", NULL);
  g_assert_true (vol_result_save (r, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (figure (loaded, "transactions"), ==, 600);
  g_unlink (path);
  vol_result_unref (r);
}

static void
test_small_cancel (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", "files", "100", "transactions", "100000000",
                                           "max-size", "8K", NULL);
  Run run = { 0 };
  gint64 latency;

  run.cancel_in_phase = "transactions";
  run_spec (spec, NULL, &run);
  latency = g_get_monotonic_time () - run.cancelled_at;
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  g_assert_cmpint (latency, <, G_USEC_PER_SEC);
  /* what was measured is kept and adds up */
  g_assert_cmpfloat (figure (run.result, "files-created-alone"), ==, 100);
  g_assert_cmpfloat (figure (run.result, "transactions"), <, 100000000);
  g_assert_cmpfloat (figure (run.result, "files-deleted-alone"), ==, 0);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_small_eio (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", "files", "100", "transactions", "300",
                                           "max-size", "16K", NULL);
  FaultOps ops;
  Run run = { 0 };

  fault_ops_init (&ops);
  ops.fail_write = 150;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_cmpfloat (figure (run.result, "write-calls"), ==, 149);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_small_out_of_files (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", "files", "10", "transactions", "100",
                                           "max-size", "4K", "create-bias", "0", NULL);
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_assert_nonnull (strstr (run.result->message, "ran out of files after 10 of 100"));
  g_assert_cmpfloat (figure (run.result, "transactions"), ==, 10);
  g_assert_cmpfloat (figure (run.result, "files-deleted-mixed"), ==, 10);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_small_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", "files", "1000", "max-size", "1M", NULL);
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_test_message ("message: %s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "2000 files"));
  assert_no_scratch ();
  g_clear_error (&run.error);
}

/* ---------------------------------------------------------------- cached */

static const char *
resolved_source (const VolResult *r)
{
  const char *source = NULL;
  g_assert_true (g_variant_lookup (r->resolved, "source", "&s", &source));
  return source;
}

static void
check_cached_totals (const VolResult *r)
{
  gint64 region = 0;

  g_assert_true (g_variant_lookup (r->resolved, "region", "x", &region));
  g_assert_cmpfloat (figure (r, "cached-throughput"), >, 0);
  g_assert_cmpfloat (figure (r, "device-throughput"), >, 0);
  /* bytes exactly as asked: whole regions and whole 2 MiB chunks */
  g_assert_cmpfloat (figure (r, "cached-bytes"), ==, figure (r, "cached-reads") * region);
  g_assert_cmpfloat (figure (r, "device-bytes"), ==, figure (r, "device-reads") * 2097152.0);
  g_assert_cmpfloat (figure (r, "cached-seconds"), >=, 0.5);
  g_assert_cmpfloat (figure (r, "device-seconds"), >=, 0.5);
  g_assert_cmpfloat_with_epsilon (figure (r, "cached-throughput"),
                                  figure (r, "cached-bytes") / figure (r, "cached-seconds"),
                                  1e-6 * figure (r, "cached-throughput"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "cached")), >=, 1);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "device")), >=, 1);
  g_assert_nonnull (vol_result_get_summary (r, "device"));
}

static void
test_cached_file (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("cached", "source", "file", "cached-seconds", "0.5",
                                           "device-seconds", "0.5", NULL);
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (resolved_source (run.result), ==, "file");
  g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);
  check_cached_totals (run.result);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_device (void)
{
  const char *device = g_getenv ("VOL_TEST_DEVICE");
  g_autoptr(VolTestSpec) spec = NULL;
  g_autofree char *expected = NULL;
  Run run = { 0 };

  if (device == NULL || *device == '\0' || geteuid () != 0)
    {
      g_test_skip ("needs root and the loop device (with-volume.sh exports VOL_TEST_DEVICE)");
      return;
    }
  spec = make_spec ("cached", "source", "device", "cached-seconds", "0.5", "device-seconds", "0.5", NULL);
  run_spec (spec, NULL, &run);
  if (run.error && g_error_matches (run.error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    {
      /* some containers forbid block devices even to root */
      g_test_skip (run.error->message);
      g_clear_error (&run.error);
      return;
    }
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  expected = g_strdup_printf ("device %s", device);
  g_assert_cmpstr (resolved_source (run.result), ==, expected);
  check_cached_totals (run.result);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_cancel (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("cached", "source", "file", "cached-seconds", "30",
                                           "device-seconds", "30", NULL);
  Run run = { 0 };
  gint64 latency;

  run.cancel_in_phase = "cached";
  run_spec (spec, NULL, &run);
  latency = g_get_monotonic_time () - run.cancelled_at;
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpint (latency, <, G_USEC_PER_SEC);
  g_assert_cmpfloat (figure (run.result, "device-bytes"), ==, 0);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_eio (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("cached", "source", "file", "cached-seconds", "0.5",
                                           "device-seconds", "0.5", NULL);
  FaultOps ops;
  Run run = { 0 };

  fault_ops_init (&ops);
  ops.fail_read = 20;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "cached.dat"));
  /* the warm-up read was the first; 18 timed reads were kept */
  g_assert_cmpfloat (figure (run.result, "cached-reads"), ==, 18);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

/* ---------------------------------------------------------------- ramfs */

static void
test_ramfs (void)
{
  g_autoptr(VolTestSpec) small = make_spec ("smallfiles", "files", "100", "transactions", "300",
                                            "max-size", "8K", NULL);
  g_autoptr(VolTestSpec) cached = make_spec ("cached", "cached-seconds", "0.5", "device-seconds", "0.5", NULL);
  Run run = { 0 }, run2 = { 0 };

  run_spec (small, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  check_small_counts (run.result, 100);
  vol_result_unref (run.result);

  /* no block device under a ramfs, and no O_DIRECT: a file, buffered,
   * and the result says so */
  run_spec (cached, NULL, &run2);
  g_assert_no_error (run2.error);
  g_assert_cmpint (run2.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (resolved_source (run2.result), ==, "file");
  g_assert_cmpint (run2.result->cache_bypass, ==, VOL_CACHE_BYPASS_FADVISE);
  assert_no_scratch ();
  vol_result_unref (run2.result);
}

int
main (int argc, char **argv)
{
  const char *fstype;

  g_test_init (&argc, &argv, NULL);
  test_dir = g_getenv ("VOL_TEST_DIR");
  fstype = g_getenv ("VOL_TEST_FSTYPE");
  if (test_dir == NULL || fstype == NULL)
    {
      g_printerr ("Run me through tests/with-volume.sh\n");
      return 1;
    }

  g_test_add_func ("/vol/smallfiles-cached/spec", test_spec);
  if (g_str_equal (fstype, "ramfs"))
    g_test_add_func ("/vol/smallfiles-cached/ramfs", test_ramfs);
  else
    {
      g_test_add_func ("/vol/smallfiles/complete", test_small_complete);
      g_test_add_func ("/vol/smallfiles/cancel", test_small_cancel);
      g_test_add_func ("/vol/smallfiles/eio", test_small_eio);
      g_test_add_func ("/vol/smallfiles/out-of-files", test_small_out_of_files);
      g_test_add_func ("/vol/smallfiles/does-not-fit", test_small_does_not_fit);
      g_test_add_func ("/vol/cached/file", test_cached_file);
      g_test_add_func ("/vol/cached/device", test_cached_device);
      g_test_add_func ("/vol/cached/cancel", test_cached_cancel);
      g_test_add_func ("/vol/cached/eio", test_cached_eio);
    }
  return g_test_run ();
}
