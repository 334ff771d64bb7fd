/* test-quick-report.c — the Quick benchmark's model: its grid read back,
 * the forum report's format, Welch's test of two results, the compare
 * table's verdicts. Pure: results are made here, no volume. */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "vol-quick.h"
#include "vol-result-table.h"
#include "vol-stats.h"

/* A quick result of the Real world profile (SEQ1M Q1T1, RND4K Q1T1),
 * read and write, with @loops loops whose throughputs are @base × the
 * factors below. */
static VolResult *
make_quick (double      base,
            const char *label)
{
  static const double factors[] = { 0.98, 1.00, 1.02 };
  VolResult *r = vol_result_new ("quick");
  VolSeries *each = vol_result_add_series (r, "loops", "Every loop", "loop", "throughput");
  VolSeries *grid = vol_result_add_series (r, "quick", "Per row", "row", "throughput");
  const char *each_cols[] = { "row", "read-percent", "loop", "throughput", "iops", "lat-mean", "lat-p99", "ios", "bytes", "seconds" };
  const char *grid_cols[] = { "row", "read-percent", "sequential", "block", "depth", "threads", "throughput",
                              "throughput-ci95", "throughput-best", "iops", "iops-ci95", "iops-best",
                              "lat-mean", "lat-p50", "lat-p99", "loops" };
  guint n_rows;
  const VolQuickRow *rows = vol_quick_profile_rows ("realworld", &n_rows);
  GVariantDict params;

  for (guint i = 0; i < G_N_ELEMENTS (each_cols); i++)
    vol_series_add_column (each, each_cols[i], "");
  for (guint i = 0; i < G_N_ELEMENTS (grid_cols); i++)
    vol_series_add_column (grid, grid_cols[i], "");
  for (guint m = 0; m < 2; m++)
    for (guint i = 0; i < n_rows; i++)
      {
        double scale = (rows[i].sequential ? 1.0 : 0.01) * (m == 0 ? 1.0 : 0.5);
        double mean = base * scale;
        double row[16] = { i, m == 0 ? 100 : 0, rows[i].sequential, rows[i].block, rows[i].depth, rows[i].threads,
                           mean, 0.02 * mean * vol_stats_t95 (2) / sqrt (3), 1.02 * mean,
                           mean / rows[i].block, 0, 1.02 * mean / rows[i].block, 50e-6, 40e-6, 200e-6, 3 };
        for (guint l = 0; l < G_N_ELEMENTS (factors); l++)
          {
            double e[10] = { i, m == 0 ? 100 : 0, l + 1, mean * factors[l], mean * factors[l] / rows[i].block,
                             50e-6, 200e-6, 1000, 1000 * rows[i].block, 1 };
            vol_series_append (each, e, G_N_ELEMENTS (e));
          }
        vol_series_append (grid, row, G_N_ELEMENTS (row));
      }
  g_variant_dict_init (&params, NULL);
  g_variant_dict_insert (&params, "profile", "s", "realworld");
  g_variant_dict_insert (&params, "loops", "x", (gint64) 3);
  g_variant_dict_insert (&params, "seconds", "d", 5.0);
  r->params = g_variant_ref_sink (g_variant_dict_end (&params));
  r->resolved = g_variant_ref_sink (g_variant_new_parsed ("{'size': <int64 1073741824>}"));
  r->label = g_strdup (label);
  r->app_version = g_strdup ("9.9.9");
  r->status = VOL_RESULT_STATUS_COMPLETE;
  r->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  r->io_backend = g_strdup ("io_uring");
  g_date_time_unref (r->created);
  r->created = g_date_time_new_utc (2026, 12, 2, 8, 0, 0);
  r->host = g_new0 (VolHostInfo, 1);
  r->host->os = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  r->host->kernel = g_strdup ("Linux 6.1.0");
  return r;
}

static void
test_t95 (void)
{
  g_assert_cmpfloat_with_epsilon (vol_stats_t95 (1), 12.706, 1e-3);
  g_assert_cmpfloat_with_epsilon (vol_stats_t95 (4), 2.776, 1e-3);
  g_assert_cmpfloat_with_epsilon (vol_stats_t95 (30), 2.042, 1e-3);
  /* beyond the table: within 0.002 of the exact 2.021 (40) and 1.962 (1000) */
  g_assert_cmpfloat_with_epsilon (vol_stats_t95 (40), 2.021, 2e-3);
  g_assert_cmpfloat_with_epsilon (vol_stats_t95 (1000), 1.962, 2e-3);
  g_assert_true (isinf (vol_stats_t95 (0)));
}

static void
test_welch (void)
{
  const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
  const double c[] = { 1, 2, 3 }, d[] = { 1.5, 2.5, 3.5 };
  VolQuickDiff diff;
  g_autofree char *text = NULL;

  /* means 3 and 8, s² 2.5 each: se = 1, df = 8, interval 2.306 */
  g_assert_true (vol_quick_welch (a, 5, b, 5, &diff));
  g_assert_cmpfloat_with_epsilon (diff.diff, 5, 1e-12);
  g_assert_cmpfloat_with_epsilon (diff.df, 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (diff.ci95, 2.306, 1e-9);
  g_assert_true (diff.significant);
  text = vol_quick_diff_describe (&diff, "A", "B");
  g_assert_cmpstr (text, ==, "B is 166.7 % ± 76.9 % faster than A");
  g_clear_pointer (&text, g_free);

  /* a shift of 0.5 against s² 1: se √(2/3), df 4, interval 2.776 · 0.816 */
  g_assert_true (vol_quick_welch (c, 3, d, 3, &diff));
  g_assert_cmpfloat_with_epsilon (diff.df, 4, 1e-9);
  g_assert_cmpfloat_with_epsilon (diff.ci95, 2.776 * sqrt (2.0 / 3.0), 1e-9);
  g_assert_false (diff.significant);
  text = vol_quick_diff_short (&diff);
  g_assert_cmpstr (text, ==, "same (+25.0 % ± 113.3 %)");
  g_clear_pointer (&text, g_free);

  /* one loop has no spread: nothing can be said */
  g_assert_false (vol_quick_welch (a, 1, b, 5, &diff));
  g_assert_false (diff.known);
  text = vol_quick_diff_short (&diff);
  g_assert_cmpstr (text, ==, "cannot tell");
}

static void
test_row_titles (void)
{
  static const struct { const char *profile; const char *titles; } want[] = {
    { "standard", "SEQ1M Q8T1|SEQ1M Q1T1|RND4K Q32T1|RND4K Q1T1" },
    { "nvme", "SEQ1M Q8T1|SEQ128K Q32T1|RND4K Q32T16|RND4K Q1T1" },
    { "peak", "SEQ1M Q8T1|RND4K Q32T16" },
    { "realworld", "SEQ1M Q1T1|RND4K Q1T1" },
  };

  for (guint p = 0; p < G_N_ELEMENTS (want); p++)
    {
      guint n;
      const VolQuickRow *rows = vol_quick_profile_rows (want[p].profile, &n);
      GString *got = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *t = vol_quick_row_title (&rows[i]);
          g_string_append_printf (got, "%s%s", i ? "|" : "", t);
        }
      g_assert_cmpstr (got->str, ==, want[p].titles);
      g_string_free (got, TRUE);
    }
}

/* The report's lines, exactly: units declared, the grid by mode, the
 * setting, the machine; a dot for decimals in every locale. */
static void
test_report (void)
{
  g_autoptr(VolResult) r = make_quick (1e9, "NVMe drive");
  g_autofree char *text = vol_quick_report_text (r);
  g_auto(GStrv) lines = NULL;
  g_autoptr(VolResult) none = vol_result_new ("quick");

  g_assert_nonnull (text);
  g_test_message ("%s", text);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[1], ==, "Volumeter 9.9.9 - Quick benchmark (Real world)");
  g_assert_cmpstr (lines[3], ==, "* MB/s = 1,000,000 bytes/s, IO/s = I/O operations per second, us = 1/1,000,000 s");
  g_assert_cmpstr (lines[4], ==, "* Each figure: the mean of 3 loops +/- its 95 % confidence interval; [the best loop]");
  g_assert_cmpstr (lines[7], ==, "[Read]");
  /* 1000 MB/s ± 2 % · t95(2) / √3, best 1020; 953.7 IO/s of 1 MiB */
  g_assert_cmpstr (lines[8], ==, "  SEQ1M Q1T1       1000.00 +/-   49.69 MB/s [  1020.00]      953.7 IO/s      50.0 us (p99    200.0)");
  g_assert_cmpstr (lines[9], ==, "  RND4K Q1T1         10.00 +/-    0.50 MB/s [    10.20]     2441.4 IO/s      50.0 us (p99    200.0)");
  g_assert_cmpstr (lines[11], ==, "[Write]");
  g_assert_cmpstr (lines[12], ==, "  SEQ1M Q1T1        500.00 +/-   24.84 MB/s [   510.00]      476.8 IO/s      50.0 us (p99    200.0)");
  g_assert_nonnull (strstr (text, "  Profile: Real world\n"));
  g_assert_nonnull (strstr (text, "  Test: 1 GiB, 3 loops of 5 s each\n"));
  g_assert_nonnull (strstr (text, "  Data: random, every 4 KiB block unique (incompressible)\n"));
  g_assert_nonnull (strstr (text, "  Measured: O_DIRECT (page cache bypassed), io_uring\n"));
  g_assert_nonnull (strstr (text, "  Date: 2026-12-02 08:00:00 UTC\n"));
  g_assert_nonnull (strstr (text, "  OS: Debian GNU/Linux 12 (bookworm), Linux 6.1.0\n"));
  g_assert_nonnull (strstr (text, "  Label: NVMe drive\n"));

  /* zeros say so, loudly */
  r->pattern = VOL_DATA_PATTERN_ZEROS;
  g_free (text);
  text = vol_quick_report_text (r);
  g_assert_nonnull (strstr (text, "  Data: zeros (COMPRESSIBLE"));

  /* a result without a grid has no report */
  g_assert_null (vol_quick_report_text (none));
}

/* Two results compared: the window's table has a row per cell with each
 * mean ± interval, and a verdict per cell under it. */
static void
test_compare (void)
{
  VolResult *results[2] = { make_quick (1e9, "A"), make_quick (1.2e9, "B") };
  const char *labels[] = { "A", "B" };
  guint order[] = { 0, 1 };
  g_autoptr(VolResultTable) table = vol_result_table_new_comparison (results, 2, labels, order);
  g_autoptr(GPtrArray) lines = vol_quick_compare_lines (results, 2, labels, order);

  g_assert_cmpuint (table->rows->len, >=, 4);
  g_assert_cmpstr (((VolResultRow *) g_ptr_array_index (table->rows, 0))->label, ==, "SEQ1M Q1T1 Read");
  g_assert_cmpuint (lines->len, ==, 4);
  g_assert_cmpuint (table->notes->len, ==, 4);
  for (guint i = 0; i < lines->len; i++)
    {
      g_test_message ("%s", (char *) g_ptr_array_index (lines, i));
      /* B is 20 % faster, its loops within ±2 %: significant */
      g_assert_nonnull (strstr (g_ptr_array_index (lines, i), "B is 20.0 % ± "));
      g_assert_nonnull (strstr (g_ptr_array_index (lines, i), " faster than A"));
    }
  vol_result_unref (results[0]);
  vol_result_unref (results[1]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/quick/t95", test_t95);
  g_test_add_func ("/quick/welch", test_welch);
  g_test_add_func ("/quick/row-titles", test_row_titles);
  g_test_add_func ("/quick/report", test_report);
  g_test_add_func ("/quick/compare", test_compare);
  return g_test_run ();
}
