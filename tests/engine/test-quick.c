/* test-quick.c — the Quick benchmark on a real volume
 *
 * Run by with-volume.sh, which mounts a fresh ext4 loop volume at
 * $VOL_TEST_DIR. Every profile's grid comes out whole (each row read and
 * written, positive figures, the loops counted), on io_uring and on the
 * threads; the device's counters agree with every measurement; no stamp
 * repeats; zeros are flagged; the result saves, loads, charts and
 * reports; a cancel, an EIO and a volume too small behave as in every
 * other test: nothing left behind, a clear message, the loops done kept.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-caveat.h"
#include "vol-quick.h"
#include "vol-result-table.h"
#include "vol-test-harness.h"

/* The grid of @r: @n_rows rows × @n_modes modes, each measured @loops
 * times with positive figures that agree with each other. */
static void
check_grid (const VolResult *r,
            guint            n_rows,
            guint            n_modes,
            guint            loops)
{
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (r, &n);
  const VolSeries *each = vol_result_get_series (r, "loops");

  g_assert_cmpuint (n, ==, n_rows * n_modes);
  g_assert_nonnull (each);
  g_assert_cmpuint (vol_series_get_length (each), ==, n_rows * n_modes * loops);
  for (guint i = 0; i < n; i++)
    {
      const VolQuickCell *c = &cells[i];
      g_autofree char *title = vol_quick_row_title (&c->row);

      g_test_message ("%s %u%%: %.1f MB/s ± %.1f, best %.1f, %.0f IO/s, lat %.1f µs p99 %.1f µs",
                      title, c->read_percent, c->throughput / 1e6, c->throughput_ci95 / 1e6,
                      c->throughput_best / 1e6, c->iops, c->lat_mean * 1e6, c->lat_p99 * 1e6);
      g_assert_cmpuint (c->loops, ==, loops);
      g_assert_cmpfloat (c->throughput, >, 0);
      g_assert_cmpfloat (c->iops, >, 0);
      /* one figure in two units: bytes per second = I/Os per second × block */
      g_assert_cmpfloat (fabs (c->throughput - c->iops * c->row.block), <=, 1e-6 * c->throughput);
      g_assert_cmpfloat (c->throughput_best, >=, c->throughput);
      g_assert_cmpfloat (c->lat_mean, >, 0);
      g_assert_cmpfloat (c->lat_p99, >=, c->lat_p50);
      if (loops > 1)
        g_assert_cmpfloat (c->throughput_ci95, >=, 0);
      /* reads before writes before the mix, every row in each */
      g_assert_cmpuint (c->read_percent, ==, i / n_rows == 0 ? 100 : i / n_rows == 1 ? 0 : VOL_QUICK_MIX_READ_PERCENT);
    }
}

static void
test_profiles (void)
{
  static const struct { const char *profile; guint rows; } profiles[] = {
    { "standard", 4 }, { "nvme", 4 }, { "peak", 2 }, { "realworld", 2 },
  };

  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++)
    {
      guint n_rows;
      const VolQuickRow *rows = vol_quick_profile_rows (profiles[p].profile, &n_rows);
      g_autoptr(VolTestSpec) spec = th_make_spec ("quick", 0, "profile", profiles[p].profile, "size", "32M",
                                                  "loops", "2", "seconds", "0.2", NULL);
      ThRun run = { 0 };
      ThIoOps ops;

      g_assert_cmpuint (n_rows, ==, profiles[p].rows);
      th_io_ops_init (&ops);
      ops.record_stamps = TRUE;
      th_run_spec (spec, &ops.ops, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
      g_assert_cmpstr (run.result->io_backend, ==, "io_uring");
      g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
      g_assert_false (run.fraction_went_back);
      g_assert_cmpint (th_resolved_int (run.result, "size"), ==, 32 << 20);
      check_grid (run.result, n_rows, 2, 2);
      /* the grid's rows are the profile's, in its order */
      {
        guint n;
        g_autofree VolQuickCell *cells = vol_quick_cells (run.result, &n);
        for (guint i = 0; i < n_rows; i++)
          g_assert_true (memcmp (&cells[i].row, &rows[i], sizeof rows[i]) == 0);
      }
      th_assert_counters_agree (run.result);
      th_assert_stamps_unique (&ops);
      th_assert_no_scratch ();
      vol_result_unref (run.result);
      th_io_ops_clear (&ops);
    }
}

/* Without io_uring: QD × T threads, one I/O each, through the I/O table
 * (so the wrapper sees every transfer). */
static void
test_threads_backend (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("quick", 0, "profile", "standard", "size", "32M", "loops", "1",
                                              "seconds", "0.2", "backend", "threads", "mix", "yes", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  th_io_ops_init (&ops);
  ops.record_stamps = TRUE;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (run.result->io_backend, ==, "threads");
  check_grid (run.result, 4, 3, 1);
  /* QD32 needs 32 threads here: the wrapper saw them */
  g_assert_cmpuint (g_hash_table_size (ops.tids), >=, 32);
  /* every read of the grid's read rows (and of the warm-ups) passed the
   * I/O table, as the rows count them */
  {
    const VolSeries *each = vol_result_get_series (run.result, "loops");
    guint64 grid_reads = 0;

    for (guint i = 0; i < vol_series_get_length (each); i++)
      if (th_cell (each, "read-percent", i) == 100)
        grid_reads += (guint64) th_cell (each, "ios", i);
    g_assert_cmpuint (grid_reads, >, 0);
    g_assert_cmpuint (ops.reads, >=, grid_reads);
  }
  th_assert_counters_agree (run.result);
  th_assert_stamps_unique (&ops);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static gboolean
has_caveat (const VolResult *r,
            const char      *id)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (r);

  for (guint i = 0; i < caveats->len; i++)
    if (g_str_equal (((VolCaveat *) g_ptr_array_index (caveats, i))->id, id))
      return TRUE;
  return FALSE;
}

/* Zeros: flagged in the result, the chart and the report. Then the
 * result round-trips through its file, and charts and tables come out. */
static void
test_zeros_and_file (void)
{
  g_autoptr(VolTestSpec) spec = NULL;
  ThRun run = { 0 };
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "volumeter-test-quick.volumeter.json", NULL);
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autofree char *report = NULL;
  guint n_a, n_b;
  g_autofree VolQuickCell *a = NULL;
  g_autofree VolQuickCell *b = NULL;

  {
    /* the same parameters as a random-data spec, with zeros */
    g_autoptr(VolTestSpec) small = th_make_spec ("quick", 0, "profile", "realworld", "size", "16M",
                                                 "loops", "3", "seconds", "0.2", NULL);
    spec = vol_test_spec_new ("quick", th_test_dir, VOL_DATA_PATTERN_ZEROS, 0, "zeros",
                              vol_test_spec_get_params (small));
  }
  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (run.result->pattern, ==, VOL_DATA_PATTERN_ZEROS);
  check_grid (run.result, 2, 2, 3);
  g_assert_true (has_caveat (run.result, "zeros"));

  report = vol_quick_report_text (run.result);
  g_assert_nonnull (report);
  g_assert_nonnull (strstr (report, "COMPRESSIBLE"));
  g_assert_nonnull (strstr (report, "SEQ1M Q1T1"));
  g_assert_nonnull (strstr (report, "RND4K Q1T1"));
  /* the units are declared */
  g_assert_nonnull (strstr (report, "MB/s = 1,000,000 bytes/s"));

  tables = vol_result_tables (run.result);
  g_assert_cmpuint (tables->len, ==, 4);
  {
    const VolResultTable *grid = g_ptr_array_index (tables, 0);
    g_assert_cmpuint (grid->rows->len, ==, 2);
    g_assert_cmpuint (grid->columns->len, ==, 2);
  }

  g_assert_true (vol_result_save (run.result, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  a = vol_quick_cells (run.result, &n_a);
  b = vol_quick_cells (loaded, &n_b);
  g_assert_cmpuint (n_a, ==, n_b);
  for (guint i = 0; i < n_a; i++)
    {
      g_assert_cmpfloat (a[i].throughput, ==, b[i].throughput);
      g_assert_cmpfloat (a[i].lat_p99, ==, b[i].lat_p99);
    }
  g_assert_cmpint (loaded->pattern, ==, VOL_DATA_PATTERN_ZEROS);
  g_unlink (path);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

/* A cancel at an exact point: right after one of the reads of the first
 * measurements (threads backend: every I/O passes the wrapper). The
 * loops finished are kept; nothing is left. */
static void
test_cancel (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("quick", 0, "profile", "realworld", "size", "16M", "loops", "3",
                                              "seconds", "30", "backend", "threads", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  th_io_ops_init (&ops);
  /* the lay-down only writes: a read is inside the warm-up or the grid */
  ops.cancel_at_read = g_test_rand_int_range (1, 3001);
  th_run_spec (spec, &ops.ops, &run);
  g_test_message ("cancelled after read %" G_GUINT64_FORMAT, ops.cancel_at_read);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  /* the one thread of a Q1T1 row made no I/O after its cancel */
  g_assert_cmpuint (ops.reads + ops.writes - ops.ios_at_cancel, <, 2);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_eio (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("quick", 0, "profile", "realworld", "size", "16M", "loops", "2",
                                              "seconds", "30", "backend", "threads", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_read_at = 300;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (EIO)));
  g_assert_nonnull (strstr (run.result->message, "quick.dat"));
  g_assert_nonnull (strstr (run.result->message, "offset"));
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

/* The test size is scaled down to the free space, and a volume without
 * room for 16 MiB is refused before anything is written. */
static void
test_space (void)
{
  guint64 free_bytes = th_free_bytes ();
  g_autofree char *too_big = g_strdup_printf ("%" G_GUINT64_FORMAT "M", MIN (free_bytes / (1 << 20) + 512, 65536));
  g_autoptr(VolTestSpec) spec = th_make_spec ("quick", 0, "profile", "realworld", "size", too_big,
                                              "loops", "1", "seconds", "0.2", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (th_resolved_int (run.result, "size"), <, th_resolved_int (run.result, "size-wanted"));
  g_assert_cmpint (th_resolved_int (run.result, "size"), <=, (gint64) free_bytes);
  g_assert_cmpint (th_resolved_int (run.result, "size") % (1 << 20), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_bad_values (void)
{
  const VolTestKind *kind = vol_registry_lookup ("quick");
  static const char *const cases[][2] = {
    { "size", "8M" }, { "size", "65G" }, { "loops", "0" }, { "loops", "10" },
    { "seconds", "0.1" }, { "pause", "-1" }, { "profile", "fastest" }, { "mix", "maybe" },
  };

  g_assert_nonnull (kind);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const VolParamDesc *desc = vol_test_info_find_param (&kind->info, cases[i][0]);
      g_autoptr(GError) error = NULL;
      GVariant *v = NULL;
      gboolean ok;

      g_assert_nonnull (desc);
      ok = vol_param_parse (desc, cases[i][1], &v, &error) && vol_param_check (desc, v, &error);
      g_clear_pointer (&v, g_variant_unref);
      g_assert_false (ok);
      g_test_message ("quick %s=%s: %s", cases[i][0], cases[i][1], error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i][0]));
    }
}

int
main (int    argc,
      char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;
  g_test_add_func ("/vol/quick/bad-values", test_bad_values);
  g_test_add_func ("/vol/quick/profiles", test_profiles);
  g_test_add_func ("/vol/quick/threads-backend", test_threads_backend);
  g_test_add_func ("/vol/quick/zeros-and-file", test_zeros_and_file);
  g_test_add_func ("/vol/quick/cancel", test_cancel);
  g_test_add_func ("/vol/quick/eio", test_eio);
  g_test_add_func ("/vol/quick/space", test_space);
  return g_test_run ();
}
