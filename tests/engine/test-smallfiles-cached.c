/* test-smallfiles-cached.c — Small files and Cached vs device read on a real volume
 *
 * Run by with-volume.sh, which mounts an ext4 loop volume (or a ramfs) at
 * $VOL_TEST_DIR and exports the loop device as $VOL_TEST_DEVICE. Faults
 * come from the harness's VolIoOps wrapped around the real calls.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-test-harness.h"

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
  {
    g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (&kind->info));

    g_variant_dict_init (&dict, defaults);
  }
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
  double created = th_figure (r, "files-created");
  double deleted = th_figure (r, "files-deleted");
  double tx = th_figure (r, "transactions");

  /* created = the pool + creations in transactions */
  g_assert_cmpfloat (th_figure (r, "files-created-alone"), ==, files);
  g_assert_cmpfloat (created, ==, files + th_figure (r, "files-created-mixed"));
  /* deleted = deletions in transactions + the final cleanup */
  g_assert_cmpfloat (deleted, ==, th_figure (r, "files-deleted-mixed") + th_figure (r, "files-deleted-alone"));
  /* every transaction is one read or append (or an append PostMark skips
   * because the file is already at max-size) and one create or delete */
  g_assert_cmpfloat (th_figure (r, "files-read") + th_figure (r, "files-appended") + th_figure (r, "appends-skipped"), ==, tx);
  g_assert_cmpfloat (th_figure (r, "files-created-mixed") + th_figure (r, "creates-skipped")
                     + th_figure (r, "files-deleted-mixed"), ==, tx);
}

static void
test_small_complete (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "200", "transactions", "600",
                                              "min-size", "500", "max-size", "16K", "subdirs", "5",
                                              "block", "4K", NULL);
  ThRun run = { 0 };
  VolResult *r;
  g_autofree char *path = NULL;
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  double created_bytes_min;

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  /* a filesystem workload through the cache, and the result says so */
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_NONE);
  g_assert_cmpstr (r->io_backend, ==, "sync");
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);

  check_small_counts (r, 200);
  g_assert_cmpfloat (th_figure (r, "transactions"), ==, 600);
  g_assert_cmpfloat (th_figure (r, "files-created"), ==, th_figure (r, "files-deleted"));
  g_assert_cmpfloat (th_figure (r, "files-left"), ==, 0);
  g_assert_cmpfloat (th_figure (r, "files-read"), >, 0);
  g_assert_cmpfloat (th_figure (r, "files-appended"), >, 0);

  /* bytes: each created file at least min-size; calls of at most 4 KiB */
  created_bytes_min = th_figure (r, "files-created") * 500;
  g_assert_cmpfloat (th_figure (r, "bytes-written"), >=, created_bytes_min);
  g_assert_cmpfloat (th_figure (r, "write-calls"), >=, th_figure (r, "bytes-written") / 4096);
  g_assert_cmpfloat (th_figure (r, "read-calls"), >=, th_figure (r, "bytes-read") / 4096);
  g_assert_cmpfloat (th_figure (r, "read-calls"), >=, th_figure (r, "files-read"));

  /* the rates are the counts over the phase times */
  g_assert_cmpfloat_with_epsilon (th_figure (r, "transactions-per-s"),
                                  600 / th_figure (r, "transaction-time"), 1e-6 * th_figure (r, "transactions-per-s"));
  g_assert_cmpfloat_with_epsilon (th_figure (r, "created-alone-per-s"),
                                  200 / th_figure (r, "creation-time"), 1e-6 * th_figure (r, "created-alone-per-s"));
  g_assert_cmpfloat_with_epsilon (th_figure (r, "total-time"),
                                  th_figure (r, "creation-time") + th_figure (r, "transaction-time") + th_figure (r, "deletion-time"),
                                  1e-9);
  g_assert_cmpfloat (th_figure (r, "read-throughput"), >, 0);
  g_assert_cmpfloat (th_figure (r, "write-throughput"), >, 0);
  g_assert_nonnull (vol_result_get_series (r, "transactions"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "transactions")), >=, 1);
  g_assert_nonnull (vol_result_get_summary (r, "transactions"));

  /* the same seed makes the same run */
  {
    g_autoptr(VolTestSpec) again = th_make_spec ("smallfiles", 0, "files", "200", "transactions", "600",
                                                 "min-size", "500", "max-size", "16K", "subdirs", "5", NULL);
    ThRun run2 = { 0 };
    g_autoptr(GVariant) params = g_variant_ref (vol_test_spec_get_params (again));
    g_autoptr(VolTestSpec) seeded = vol_test_spec_new ("smallfiles", th_test_dir, VOL_DATA_PATTERN_RANDOM,
                                                       r->seed, NULL, params);
    th_run_spec (seeded, NULL, &run2);
    g_assert_no_error (run2.error);
    g_assert_cmpfloat (th_figure (run2.result, "bytes-written"), ==, th_figure (r, "bytes-written"));
    g_assert_cmpfloat (th_figure (run2.result, "files-read"), ==, th_figure (r, "files-read"));
    vol_result_unref (run2.result);
  }

  th_assert_no_scratch ();
  path = g_build_filename (g_get_tmp_dir (), "volumeter-test-smallfiles.volumeter.json", NULL);
  g_assert_true (vol_result_save (r, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (th_figure (loaded, "transactions"), ==, 600);
  g_unlink (path);
  vol_result_unref (r);
}

static void
test_small_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "100", "transactions", "100000000",
                                              "max-size", "8K", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  /* right after one of the first reads, which only the transactions make:
   * an exact point, whatever the volume's speed */
  th_io_ops_init (&ops);
  ops.cancel_at_read = g_test_rand_int_range (1, 51);
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  /* it lands before the next transfer: none reaches the kernel after it */
  g_assert_cmpuint (ops.reads + ops.writes, ==, ops.ios_at_cancel);
  th_io_ops_clear (&ops);
  /* what was measured is kept and adds up */
  g_assert_cmpfloat (th_figure (run.result, "files-created-alone"), ==, 100);
  g_assert_cmpfloat (th_figure (run.result, "transactions"), <, 100000000);
  g_assert_cmpfloat (th_figure (run.result, "files-deleted-alone"), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_small_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "100", "transactions", "300",
                                              "max-size", "16K", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_write_at = 150;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_cmpfloat (th_figure (run.result, "write-calls"), ==, 149);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_small_out_of_files (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "10", "transactions", "100",
                                              "max-size", "4K", "create-bias", "0", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_assert_nonnull (strstr (run.result->message, "ran out of files after 10 of 100"));
  g_assert_cmpfloat (th_figure (run.result, "transactions"), ==, 10);
  g_assert_cmpfloat (th_figure (run.result, "files-deleted-mixed"), ==, 10);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_small_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "1000", "max-size", "1M", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_test_message ("message: %s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "2000 files"));
  th_assert_no_scratch ();
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
  g_assert_cmpfloat (th_figure (r, "cached-throughput"), >, 0);
  g_assert_cmpfloat (th_figure (r, "device-throughput"), >, 0);
  /* bytes exactly as asked: whole regions and whole 2 MiB chunks */
  g_assert_cmpfloat (th_figure (r, "cached-bytes"), ==, th_figure (r, "cached-reads") * region);
  g_assert_cmpfloat (th_figure (r, "device-bytes"), ==, th_figure (r, "device-reads") * 2097152.0);
  g_assert_cmpfloat (th_figure (r, "cached-seconds"), >=, 0.5);
  g_assert_cmpfloat (th_figure (r, "device-seconds"), >=, 0.5);
  g_assert_cmpfloat_with_epsilon (th_figure (r, "cached-throughput"),
                                  th_figure (r, "cached-bytes") / th_figure (r, "cached-seconds"),
                                  1e-6 * th_figure (r, "cached-throughput"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "cached")), >=, 1);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "device")), >=, 1);
  g_assert_nonnull (vol_result_get_summary (r, "device"));
}

static void
test_cached_file (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("cached", 0, "source", "file", "cached-seconds", "0.5",
                                              "device-seconds", "0.5", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (resolved_source (run.result), ==, "file");
  g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_false (run.fraction_went_back);
  check_cached_totals (run.result);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_device (void)
{
  const char *device = g_getenv ("VOL_TEST_DEVICE");
  g_autoptr(VolTestSpec) spec = NULL;
  g_autofree char *expected = NULL;
  ThRun run = { 0 };

  if (device == NULL || *device == '\0' || geteuid () != 0)
    {
      g_test_skip ("needs root and the loop device (with-volume.sh exports VOL_TEST_DEVICE)");
      return;
    }
  spec = th_make_spec ("cached", 0, "source", "device", "cached-seconds", "0.5", "device-seconds", "0.5", NULL);
  th_run_spec (spec, NULL, &run);
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
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("cached", 0, "source", "file", "cached-seconds", "30",
                                              "device-seconds", "30", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  /* right after one of the first reads (the lay-down only writes): an
   * exact point of the cached phase, whatever the volume's speed */
  th_io_ops_init (&ops);
  ops.cancel_at_read = g_test_rand_int_range (1, 51);
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpuint (ops.reads + ops.writes, ==, ops.ios_at_cancel);
  th_io_ops_clear (&ops);
  g_assert_cmpfloat (th_figure (run.result, "device-bytes"), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_cached_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("cached", 0, "source", "file", "cached-seconds", "0.5",
                                              "device-seconds", "0.5", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_read_at = 20;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "cached.dat"));
  /* the warm-up read was the first; 18 timed reads were kept */
  g_assert_cmpfloat (th_figure (run.result, "cached-reads"), ==, 18);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

/* ---------------------------------------------------------------- ramfs */

static void
test_ramfs (void)
{
  g_autoptr(VolTestSpec) small = th_make_spec ("smallfiles", 0, "files", "100", "transactions", "300",
                                               "max-size", "8K", NULL);
  g_autoptr(VolTestSpec) cached = th_make_spec ("cached", 0, "cached-seconds", "0.5", "device-seconds", "0.5", NULL);
  ThRun run = { 0 }, run2 = { 0 };

  th_run_spec (small, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  check_small_counts (run.result, 100);
  vol_result_unref (run.result);

  /* no block device under a ramfs, and no O_DIRECT: a file, buffered,
   * and the result says so */
  th_run_spec (cached, NULL, &run2);
  g_assert_no_error (run2.error);
  g_assert_cmpint (run2.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (resolved_source (run2.result), ==, "file");
  g_assert_cmpint (run2.result->cache_bypass, ==, VOL_CACHE_BYPASS_FADVISE);
  th_assert_no_scratch ();
  vol_result_unref (run2.result);
}

int
main (int argc, char **argv)
{
  const char *fstype;

  if (!th_init (&argc, &argv, &fstype))
    return 1;

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
