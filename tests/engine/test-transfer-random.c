/* test-transfer-random.c — the Transfer size and Random I/O tests on a real volume
 *
 * Run by with-volume.sh, which mounts a fresh ext4 loop volume at
 * $VOL_TEST_DIR. Every file operation of a run goes through the harness's
 * VolIoOps: it counts and records the random I/Os (so "exactly N
 * writes and N reads, each at a chunk-aligned offset inside the file" is
 * checked against what really reached the kernel) and injects EIO.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-test-harness.h"

/* Stricter than th_find_scratch_in (): the folder must be readable. */
static gboolean
find_scratch_in (const char *dir_path)
{
  gboolean opened = FALSE;
  g_autofree char *scratch = th_find_scratch_in (dir_path, &opened);

  g_assert_true (opened);
  return scratch != NULL;
}

static void
assert_no_scratch (void)
{
  g_assert_false (find_scratch_in (th_test_dir));
}

static void
expect_bad (const char *kind_name,
            const char *key,
            const char *text,
            const char *says)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  const VolParamDesc *desc = vol_test_info_find_param (&kind->info, key);
  g_autoptr(GError) error = NULL;
  GVariant *value = NULL;

  g_assert_nonnull (desc);
  g_assert_false (vol_param_parse (desc, text, &value, &error));
  g_test_message ("%s --%s %s → %s", kind_name, key, text, error->message);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, says));
}

/* A spec whose values each pass but not together: the test's own check. */
static void
expect_bad_together (const char *kind_name,
                     const char *says,
                     const char *k1, const char *v1,
                     const char *k2, const char *v2)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  GVariantDict dict;
  const char *keys[] = { k1, k2 }, *values[] = { v1, v2 };

  {
    g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (&kind->info));

    g_variant_dict_init (&dict, defaults);
  }
  for (guint i = 0; i < 2; i++)
    {
      GVariant *v = NULL;
      g_assert_true (vol_param_parse (vol_test_info_find_param (&kind->info, keys[i]), values[i], &v, NULL));
      g_variant_dict_insert_value (&dict, keys[i], v);
      g_variant_unref (v);
    }
  spec = vol_test_spec_new (kind_name, th_test_dir, VOL_DATA_PATTERN_RANDOM, 0, NULL, g_variant_dict_end (&dict));
  g_assert_false (vol_test_spec_validate (spec, &kind->info, &error));
  g_test_message ("%s %s=%s %s=%s → %s", kind_name, k1, v1, k2, v2, error->message);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, says));
}

static void
test_transfer_spec (void)
{
  expect_bad ("transfer", "from", "3000", "from: 3000 is not a power of two");
  expect_bad ("transfer", "from", "256", "from: 256 is out of range");
  expect_bad ("transfer", "to", "2G", "to: 2G is out of range; use 512 to 1G");
  expect_bad ("transfer", "to", "12K", "to: 12K is not a power of two");
  expect_bad ("transfer", "region", "100K", "region: 100K is out of range");
  expect_bad ("transfer", "region", "1536K", "region");
  expect_bad ("transfer", "iterations", "0", "iterations: 0 is out of range; use 1 to 100");
  expect_bad ("transfer", "iterations", "many", "iterations: “many” is not a whole number");
  expect_bad_together ("transfer", "to: 64 KiB is smaller than from (1 MiB)", "from", "1M", "to", "64K");
}

static void
test_random_spec (void)
{
  expect_bad ("random", "chunk", "100", "chunk");
  expect_bad ("random", "chunk", "2G", "chunk: 2G is out of range");
  expect_bad ("random", "ios", "0", "ios: 0 is out of range");
  expect_bad ("random", "iterations", "101", "iterations: 101 is out of range; use 1 to 100");
  expect_bad ("random", "file-size", "512K", "file-size: 512K is out of range");
  expect_bad ("random", "count-sweep", "1024,x", "count-sweep: “x” is not a whole number");
  expect_bad ("random", "count-sweep", "0,1024", "count-sweep: 0 is out of range");
  expect_bad ("random", "count-sweep", "", "count-sweep: at least one value is required");
  expect_bad_together ("random", "chunk: 4 MiB is larger than the file (2 MiB)", "chunk", "4M", "file-size", "2M");
}

/* ---------------------------------------------------------------- transfer */

static void
test_transfer_complete (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "4K", "to", "64K", "region", "8M",
                                              "iterations", "2", NULL);
  static const double sizes[] = { 4096, 8192, 16384, 32768, 65536 };
  const char *names[] = { "write", "read" };
  ThRun run = { 0 };
  VolResult *r;
  g_autofree char *path = NULL;
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  gint64 region;

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpstr (r->io_backend, ==, "sync");
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);

  region = th_resolved_int (r, "region");
  g_assert_cmpint (region, ==, 8 << 20);
  g_assert_cmpint (th_resolved_int (r, "sizes"), ==, 5);

  /* every (size, iteration) exactly once, in order, each moving the region */
  for (guint n = 0; n < 2; n++)
    {
      const VolSeries *s = vol_result_get_series (r, names[n]);
      g_assert_nonnull (s);
      g_assert_cmpuint (vol_series_get_length (s), ==, 10);
      for (guint i = 0; i < 10; i++)
        {
          g_assert_cmpfloat (th_cell (s, "size", i), ==, sizes[i / 2]);
          g_assert_cmpfloat (th_cell (s, "iteration", i), ==, i % 2);
          g_assert_cmpfloat (th_cell (s, "bytes", i), ==, (double) region);
          g_assert_cmpfloat (th_cell (s, "throughput", i), >, 0);
          g_assert_cmpfloat (fabs (th_cell (s, "throughput", i) * th_cell (s, "seconds", i) - region), <, 1);
        }
      for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
        {
          g_autofree char *mean = g_strdup_printf ("%s-%.0f-mean", names[n], sizes[k]);
          g_autofree char *min = g_strdup_printf ("%s-%.0f-min", names[n], sizes[k]);
          g_autofree char *max = g_strdup_printf ("%s-%.0f-max", names[n], sizes[k]);
          g_assert_cmpfloat (th_figure (r, min), <=, th_figure (r, mean));
          g_assert_cmpfloat (th_figure (r, mean), <=, th_figure (r, max));
        }
      /* only the sizes asked for */
      g_assert_null (vol_result_get_figure (r, n == 0 ? "write-2048-mean" : "read-131072-mean"));
    }
  g_assert_cmpfloat (th_figure (r, "bytes-written"), ==, 5.0 * 2 * region);
  g_assert_cmpfloat (th_figure (r, "bytes-read"), ==, 5.0 * 2 * region);
  assert_no_scratch ();

  path = g_build_filename (g_get_tmp_dir (), "volumeter-test-transfer.volumeter.json", NULL);
  g_assert_true (vol_result_save (r, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (loaded, "read")), ==, 10);
  g_unlink (path);
  vol_result_unref (r);
}

/* 512-byte transfers where the device's sectors are 512 bytes: allowed,
 * and every transfer really is 512 bytes long. */
static void
test_transfer_512 (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "512", "to", "1K", "region", "1M",
                                              "iterations", "1", NULL);
  ThIoOps spy;
  ThRun run = { 0 };

  th_io_ops_init (&spy);
  spy.watch = 512;
  th_run_spec (spec, &spy.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (th_resolved_int (run.result, "o-direct-alignment"), <=, 512);
  g_assert_cmpuint (spy.write_offsets->len, ==, 2048);
  g_assert_cmpuint (spy.read_offsets->len, ==, 2048);
  for (guint i = 0; i < spy.write_offsets->len; i++)
    g_assert_cmpuint (g_array_index (spy.write_offsets, guint64, i), ==, i * 512);
  assert_no_scratch ();
  th_io_ops_clear (&spy);
  vol_result_unref (run.result);
}

/* On a 4 KiB-sector device, O_DIRECT cannot do 512-byte transfers: the
 * run must refuse before writing anything, and say why. Makes its own
 * small loop device with 4096-byte logical sectors. */
static void
test_transfer_4k_sectors (void)
{
  g_autofree char *work = g_dir_make_tmp ("volumeter-4k-XXXXXX", NULL);
  g_autofree char *img = g_build_filename (work, "img", NULL);
  g_autofree char *mnt = g_build_filename (work, "mnt", NULL);
  g_autofree char *cmd = NULL;
  g_autofree char *loop = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  const char *saved_dir = th_test_dir;
  g_autofree char *message = NULL;
  gboolean refused = FALSE, left = TRUE, ok_4k = FALSE;
  gint64 align = 0;
  ThRun run = { 0 };
  int status;

  g_assert_nonnull (work);
  g_mkdir (mnt, 0700);
  cmd = g_strdup_printf ("sh -c \"truncate -s 160M '%s' && losetup -f --show -b 4096 '%s'\"", img, img);
  if (!g_spawn_command_line_sync (cmd, &loop, NULL, &status, NULL) || status != 0 || loop == NULL)
    {
      g_test_skip ("cannot make a 4 KiB-sector loop device here");
      return;
    }
  g_strstrip (loop);
  g_free (cmd);
  cmd = g_strdup_printf ("sh -c \"mkfs.ext4 -q -F -m 0 '%s' >/dev/null 2>&1 && mount '%s' '%s'\"", loop, loop, mnt);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL));

  /* The checks' outcomes are kept and asserted only after the device is
   * gone: an abort in between would leave it attached. */
  if (status == 0)
    {
      th_test_dir = mnt;
      spec = th_make_spec ("transfer", 0, "from", "512", "to", "8K", "region", "1M", "iterations", "1", NULL);
      th_run_spec (spec, NULL, &run);
      refused = run.result == NULL && g_error_matches (run.error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
      message = run.error ? g_strdup (run.error->message) : NULL;
      g_clear_error (&run.error);
      g_clear_pointer (&run.result, vol_result_unref);
      left = find_scratch_in (mnt);

      /* from 4K on the same volume is fine */
      g_clear_pointer (&spec, vol_test_spec_unref);
      spec = th_make_spec ("transfer", 0, "from", "4K", "to", "8K", "region", "1M", "iterations", "1", NULL);
      run = (ThRun) { 0 };
      th_run_spec (spec, NULL, &run);
      if (run.result)
        {
          ok_4k = run.result->status == VOL_RESULT_STATUS_COMPLETE;
          g_variant_lookup (run.result->resolved, "o-direct-alignment", "x", &align);
          vol_result_unref (run.result);
        }
      if (run.error)
        g_test_message ("from 4K: %s", run.error->message);
      g_clear_error (&run.error);
      th_test_dir = saved_dir;
    }
  g_free (cmd);
  cmd = g_strdup_printf ("sh -c \"umount '%s' 2>/dev/null; losetup -d '%s'; rm -rf '%s'\"", mnt, loop, work);
  g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL);

  g_assert_cmpint (status, ==, 0);
  g_test_message ("%s", message ? message : "(no error)");
  g_assert_true (refused);
  g_assert_nonnull (strstr (message, "from: 512 B transfers"));
  g_assert_nonnull (strstr (message, "multiples of 4 KiB"));
  g_assert_false (left);
  g_assert_true (ok_4k);
  g_assert_cmpint (align, ==, 4096);
}

static void
test_transfer_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "4K", "to", "1M", "region", "32M",
                                              "iterations", "2", NULL);
  ThRun run = { 0 };
  ThIoOps ops;
  guint n;

  /* An exact, random point, whatever the volume's speed: right after one
   * of the first 16000 writes (the run makes more than 16384 at 4 KiB
   * alone) the worker cancels. */
  th_io_ops_init (&ops);
  ops.cancel_at_write = g_test_rand_int_range (1, 16001);
  th_run_spec (spec, &ops.ops, &run);
  g_test_message ("cancelled after write %" G_GUINT64_FORMAT, ops.cancel_at_write);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  /* it lands before the next transfer: none reaches the kernel after it */
  g_assert_cmpuint (ops.reads + ops.writes, ==, ops.ios_at_cancel);
  n = vol_series_get_length (vol_result_get_series (run.result, "write"));
  g_assert_cmpuint (n, <, 18);
  /* what was measured is summarised */
  g_assert_cmpfloat (th_figure (run.result, "samples-written"), ==, n);
  assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_transfer_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "64K", "to", "256K", "region", "4M",
                                              "iterations", "2", NULL);
  ThIoOps spy;
  ThRun run = { 0 };

  th_io_ops_init (&spy);
  /* the lay-down is one 4 MiB write; then 64 writes of 64 KiB per iteration */
  spy.fail_write_at = 1 + 64 + 30;
  th_run_spec (spec, &spy.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "transfer-65536.dat"));
  /* the first iteration's samples are kept */
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "write")), ==, 1);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "read")), ==, 1);
  g_assert_nonnull (vol_result_get_figure (run.result, "write-65536-mean"));
  assert_no_scratch ();
  th_io_ops_clear (&spy);
  vol_result_unref (run.result);
}

/* ---------------------------------------------------------------- random */

static void
run_random (guint64  seed,
            ThIoOps *spy,
            ThRun   *run)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", seed, "chunk", "4K", "ios", "300", "iterations", "3",
                                              "file-size", "16M", NULL);
  th_io_ops_init (spy);
  spy->watch = 4096;
  th_run_spec (spec, &spy->ops, run);
  g_assert_no_error (run->error);
}

static void
test_random_complete (void)
{
  ThIoOps spy;
  ThRun run = { 0 };
  VolResult *r;
  const char *names[] = { "write", "read" };
  gint64 file_size;

  run_random (0x5eed, &spy, &run);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpuint (r->seed, ==, 0x5eed);
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);
  file_size = th_resolved_int (r, "file-size");
  g_assert_cmpint (file_size, ==, 16 << 20);
  g_assert_cmpint (th_resolved_int (r, "offset-seed"), ==, 0x5eed);

  /* exactly ios writes and ios reads per iteration reached the kernel,
   * each at a chunk-aligned offset inside the file */
  g_assert_cmpuint (spy.write_offsets->len, ==, 900);
  g_assert_cmpuint (spy.read_offsets->len, ==, 900);
  for (guint i = 0; i < 900; i++)
    {
      guint64 w = g_array_index (spy.write_offsets, guint64, i);
      guint64 rd = g_array_index (spy.read_offsets, guint64, i);
      g_assert_cmpuint (w % 4096, ==, 0);
      g_assert_cmpuint (rd % 4096, ==, 0);
      g_assert_cmpuint (w + 4096, <=, (guint64) file_size);
      g_assert_cmpuint (rd + 4096, <=, (guint64) file_size);
    }
  g_assert_cmpfloat (th_figure (r, "ios-written"), ==, 900);
  g_assert_cmpfloat (th_figure (r, "ios-read"), ==, 900);
  g_assert_cmpfloat (th_figure (r, "bytes-written"), ==, 900 * 4096);
  g_assert_cmpfloat (th_figure (r, "reads-verified"), ==, 900);

  for (guint n = 0; n < 2; n++)
    {
      const VolSeries *s = vol_result_get_series (r, names[n]);
      g_autofree char *slow = g_strdup_printf ("%s-slowest", names[n]);
      g_autofree char *fast = g_strdup_printf ("%s-fastest", names[n]);
      g_autofree char *avg = g_strdup_printf ("%s-average", names[n]);
      g_autofree char *med = g_strdup_printf ("%s-median", names[n]);
      g_autofree char *range = g_strdup_printf ("%s-range", names[n]);
      g_autofree char *pct = g_strdup_printf ("%s-range-percent", names[n]);

      g_assert_cmpuint (vol_series_get_length (s), ==, 3);
      for (guint i = 0; i < 3; i++)
        {
          g_assert_cmpfloat (th_cell (s, "iteration", i), ==, i + 1);
          g_assert_cmpfloat (th_cell (s, "ios", i), ==, 300);
          g_assert_cmpfloat (fabs (th_cell (s, "ops", i) * th_cell (s, "seconds", i) - 300), <, 1e-6);
        }
      g_assert_cmpfloat (th_figure (r, slow), <=, th_figure (r, med));
      g_assert_cmpfloat (th_figure (r, med), <=, th_figure (r, fast));
      g_assert_cmpfloat (th_figure (r, slow), <=, th_figure (r, avg));
      g_assert_cmpfloat (fabs (th_figure (r, range) - (th_figure (r, fast) - th_figure (r, slow))), <, 1e-6);
      g_assert_cmpfloat (fabs (th_figure (r, pct) - th_figure (r, range) / th_figure (r, avg) * 100), <, 1e-6);
      g_assert_cmpuint (vol_result_get_summary (r, names[n])->count, ==, 3);
    }
  assert_no_scratch ();
  th_io_ops_clear (&spy);
  vol_result_unref (r);
}

static void
test_random_seed (void)
{
  ThIoOps a, b, c;
  ThRun ra = { 0 }, rb = { 0 }, rc = { 0 };
  gboolean differ = FALSE;

  run_random (1234, &a, &ra);
  run_random (1234, &b, &rb);
  run_random (4321, &c, &rc);
  g_assert_cmpuint (a.write_offsets->len, ==, b.write_offsets->len);
  g_assert_cmpmem (a.write_offsets->data, a.write_offsets->len * 8, b.write_offsets->data, b.write_offsets->len * 8);
  g_assert_cmpmem (a.read_offsets->data, a.read_offsets->len * 8, b.read_offsets->data, b.read_offsets->len * 8);
  for (guint i = 0; i < a.write_offsets->len && !differ; i++)
    differ = g_array_index (a.write_offsets, guint64, i) != g_array_index (c.write_offsets, guint64, i);
  g_assert_true (differ);
  /* spread over the file, not bunched up: 900 draws from 4096 chunks
   * give 4096 (1 − e^(−900/4096)) ≈ 807 distinct on average */
  {
    g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
    for (guint i = 0; i < a.write_offsets->len; i++)
      g_hash_table_add (seen, &g_array_index (a.write_offsets, guint64, i));
    g_assert_cmpuint (g_hash_table_size (seen), >, 740);
  }
  th_io_ops_clear (&a);
  th_io_ops_clear (&b);
  th_io_ops_clear (&c);
  vol_result_unref (ra.result);
  vol_result_unref (rb.result);
  vol_result_unref (rc.result);
}

static void
test_random_sweep (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "4K", "iterations", "2", "file-size", "8M",
                                              "count-sweep", "16,64,256", NULL);
  ThIoOps spy;
  ThRun run = { 0 };
  const guint counts[] = { 16, 64, 256 };

  th_io_ops_init (&spy);
  spy.watch = 4096;
  th_run_spec (spec, &spy.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpuint (spy.write_offsets->len, ==, 2 * (16 + 64 + 256));
  g_assert_cmpuint (spy.read_offsets->len, ==, 2 * (16 + 64 + 256));
  g_assert_null (vol_result_get_series (run.result, "write"));
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *w = g_strdup_printf ("write-%u", counts[i]);
      g_autofree char *rd = g_strdup_printf ("read-%u", counts[i]);
      g_autofree char *avg = g_strdup_printf ("read-%u-average", counts[i]);
      const VolSeries *ws = vol_result_get_series (run.result, w);
      g_assert_nonnull (ws);
      g_assert_cmpuint (vol_series_get_length (ws), ==, 2);
      g_assert_cmpfloat (th_cell (ws, "ios", 1), ==, counts[i]);
      g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, rd)), ==, 2);
      g_assert_cmpfloat (th_figure (run.result, avg), >, 0);
    }
  assert_no_scratch ();
  th_io_ops_clear (&spy);
  vol_result_unref (run.result);
}

static void
test_random_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "4K", "ios", "20000", "iterations", "4",
                                              "file-size", "32M", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  /* an exact, random point: right after one of the first 60000 of the
   * 80000 timed writes (and the lay-down's) the worker cancels */
  th_io_ops_init (&ops);
  ops.cancel_at_write = g_test_rand_int_range (1, 60001);
  th_run_spec (spec, &ops.ops, &run);
  g_test_message ("cancelled after write %" G_GUINT64_FORMAT, ops.cancel_at_write);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpuint (ops.reads + ops.writes, ==, ops.ios_at_cancel);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "read")), <, 4);
  g_assert_cmpfloat (th_figure (run.result, "ios-written"), <, 80000);
  assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_random_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "4K", "ios", "100", "iterations", "3",
                                              "file-size", "8M", NULL);
  ThIoOps spy;
  ThRun run = { 0 };

  th_io_ops_init (&spy);
  spy.watch = 4096;
  /* one 8 MiB lay-down write, then iteration 1's 100 writes, then 50 more */
  spy.fail_write_at = 1 + 100 + 50;
  th_run_spec (spec, &spy.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "random.dat"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "write")), ==, 1);
  g_assert_cmpfloat (th_figure (run.result, "ios-written"), ==, 149);
  g_assert_cmpfloat (th_figure (run.result, "write-average"), >, 0);
  assert_no_scratch ();
  th_io_ops_clear (&spy);
  vol_result_unref (run.result);
}

static void
test_random_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "1G", "file-size", "8G", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_test_message ("%s", run.error->message);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (run.error->message, th_test_dir));
  g_clear_error (&run.error);
  assert_no_scratch ();
}

int
main (int argc, char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;

  g_test_add_func ("/vol/transfer/spec", test_transfer_spec);
  g_test_add_func ("/vol/transfer/complete", test_transfer_complete);
  g_test_add_func ("/vol/transfer/512-byte-transfers", test_transfer_512);
  g_test_add_func ("/vol/transfer/4k-sector-refusal", test_transfer_4k_sectors);
  g_test_add_func ("/vol/transfer/cancel", test_transfer_cancel);
  g_test_add_func ("/vol/transfer/eio", test_transfer_eio);
  g_test_add_func ("/vol/random/spec", test_random_spec);
  g_test_add_func ("/vol/random/complete", test_random_complete);
  g_test_add_func ("/vol/random/same-seed-same-offsets", test_random_seed);
  g_test_add_func ("/vol/random/count-sweep", test_random_sweep);
  g_test_add_func ("/vol/random/cancel", test_random_cancel);
  g_test_add_func ("/vol/random/eio", test_random_eio);
  g_test_add_func ("/vol/random/does-not-fit", test_random_does_not_fit);
  return g_test_run ();
}
