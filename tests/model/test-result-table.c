/* test-result-table.c — which rows and columns each kind's tables get
 *
 * Results are built in memory with known numbers, so every cell can be
 * checked as the page prints it: the kind's own columns, one row per
 * point, the unit in each number and never exponent notation.
 */
#include <string.h>

#include "vol-result-table.h"

static const VolResultTable *
table_at (GPtrArray *tables,
          guint      i)
{
  g_assert_cmpuint (i, <, tables->len);
  return g_ptr_array_index (tables, i);
}

static const char *
column (const VolResultTable *table,
        guint                 c)
{
  g_assert_cmpuint (c, <, table->columns->len);
  return g_ptr_array_index (table->columns, c);
}

static const char *
row_label (const VolResultTable *table,
           guint                 r)
{
  g_assert_cmpuint (r, <, table->rows->len);
  return ((VolResultRow *) g_ptr_array_index (table->rows, r))->label;
}

static void
assert_cell (const VolResultTable *table,
             guint                 r,
             guint                 c,
             gboolean              binary,
             const char           *want)
{
  g_autofree char *text = vol_result_table_format_cell (table, r, c, binary);

  g_assert_cmpstr (text, ==, want);
}

static VolResult *
queue_result (void)
{
  VolResult *result = vol_result_new ("queue");
  VolSeries *s = vol_result_add_series (result, "queue", "Per queue depth", "depth", "iops");
  static const char *const names[] = { "depth", "iops", "throughput", "lat-mean", "lat-p50", "lat-p99", "lat-p999" };
  static const char *const units[] = { "", "IO/s", "B/s", "s", "s", "s", "s" };
  const double rows[][7] = {
    { 1, 15936.9, 65277669.7, 62.7e-6, 11.4e-6, 150e-6, 1.2e-3 },
    { 32, 1016010.4, 4161578598.4, 31.5e-6, 30e-6, 88e-6, 0.4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    vol_series_add_column (s, names[i], units[i]);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    vol_series_append (s, rows[i], G_N_ELEMENTS (rows[i]));
  vol_result_add_summary (result, "queue", "iops");
  vol_result_add_summary (result, "queue", "throughput");
  return result;
}

/* Per depth: IOPS and MB/s, then the latency in µs or ms; the 1.01601e+06
 * of the old page is 1016010 IO/s. */
static void
test_queue (void)
{
  g_autoptr(VolResult) result = queue_result ();
  g_autoptr(GPtrArray) tables = vol_result_tables (result);
  const VolResultTable *rates = table_at (tables, 0), *latency = table_at (tables, 1);

  g_assert_cmpuint (tables->len, ==, 2);
  g_assert_cmpstr (rates->corner, ==, "QD");
  g_assert_cmpstr (column (rates, 0), ==, "IOPS");
  g_assert_cmpstr (column (rates, 1), ==, "Throughput");
  g_assert_cmpstr (g_ptr_array_index (rates->units, 0), ==, "IO/s");
  g_assert_cmpstr (g_ptr_array_index (rates->units, 1), ==, "B/s");
  g_assert_cmpuint (rates->rows->len, ==, 2);
  g_assert_cmpstr (row_label (rates, 1), ==, "32");
  assert_cell (rates, 1, 0, FALSE, "1016010 IO/s");
  assert_cell (rates, 0, 1, FALSE, "65.28 MB/s");

  g_assert_cmpuint (latency->columns->len, ==, 4);
  g_assert_cmpstr (column (latency, 0), ==, "Mean");
  g_assert_cmpstr (column (latency, 3), ==, "p99.9");
  assert_cell (latency, 0, 0, FALSE, "62.7 µs");
  assert_cell (latency, 0, 3, FALSE, "1.20 ms");
  assert_cell (latency, 1, 3, FALSE, "400.00 ms");
}

/* Sizes down, write and read across, mean ± std dev: from the test's own
 * figures, which then leave the page's list of figures. */
static void
test_transfer (void)
{
  g_autoptr(VolResult) result = vol_result_new ("transfer");
  const char *dirs[] = { "write", "read" };
  g_autoptr(GPtrArray) tables = NULL;
  const VolResultTable *table;

  for (guint d = 0; d < 2; d++)
    {
      VolSeries *s = vol_result_add_series (result, dirs[d], d ? "Read" : "Write", "size", "throughput");
      vol_series_add_column (s, "size", "B");
      vol_series_add_column (s, "throughput", "B/s");
      for (guint size = 4096; size <= 16384; size *= 2)
        for (guint k = 0; k < 3; k++)
          {
            double row[] = { size, (d + 1) * 100e6 + k * 10e6 };
            vol_series_append (s, row, 2);
          }
    }
  /* figures for the write side only: the read side is computed */
  vol_result_add_figure (result, "write-4096-mean", "Write 4 KiB, average", "B/s", 111e6);
  vol_result_add_figure (result, "write-4096-stddev", "Write 4 KiB, std dev", "B/s", 5e6);
  vol_result_add_figure (result, "write-4096-min", "Write 4 KiB, min", "B/s", 100e6);
  vol_result_add_figure (result, "bytes-written", "Bytes written", "B", 1e6);

  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 1);
  table = table_at (tables, 0);
  g_assert_cmpstr (table->corner, ==, "Size");
  g_assert_cmpstr (column (table, 0), ==, "Write");
  g_assert_cmpstr (column (table, 1), ==, "Read");
  g_assert_cmpuint (table->rows->len, ==, 3);
  g_assert_cmpstr (row_label (table, 0), ==, "4 KiB");
  g_assert_cmpstr (row_label (table, 2), ==, "16 KiB");
  assert_cell (table, 0, 0, FALSE, "111.0 ± 5.0 MB/s");
  /* 200, 210, 220 MB/s: mean 210, sample std dev 10 */
  assert_cell (table, 2, 1, FALSE, "210.0 ± 10.0 MB/s");
  assert_cell (table, 2, 1, TRUE, "200.3 ± 9.5 MiB/s");

  g_assert_false (vol_result_tables_show_figure (tables, "write-4096-mean"));
  g_assert_false (vol_result_tables_show_figure (tables, "write-4096-min"));
  g_assert_true (vol_result_tables_show_figure (tables, "bytes-written"));
}

static VolSeries *
random_series (VolResult    *result,
               const char   *name,
               const double *ops,
               guint         n)
{
  VolSeries *s = vol_result_add_series (result, name, name, "iteration", "ops");

  vol_series_add_column (s, "iteration", "");
  vol_series_add_column (s, "ops", "IO/s");
  for (guint i = 0; i < n; i++)
    {
      double row[] = { i + 1, ops[i] };
      vol_series_append (s, row, 2);
    }
  vol_result_add_summary (result, name, "ops");
  return s;
}

/* As the reviews print it: iterations, then slowest, fastest, average,
 * median and range (the DiskTester table of docs/tests/random.md). */
static void
test_random (void)
{
  g_autoptr(VolResult) result = vol_result_new ("random");
  const double writes[] = { 1883, 796, 767, 797, 790 }, reads[] = { 2313, 2330, 2327, 2341, 2358 };
  static const char *const stats[] = { "Slowest", "Fastest", "Average", "Median", "Range", "Range, percent" };
  g_autoptr(GPtrArray) tables = NULL;
  const VolResultTable *table;

  random_series (result, "write", writes, 5);
  random_series (result, "read", reads, 5);
  vol_result_add_figure (result, "write-slowest", "Write, slowest", "IO/s", 767);
  vol_result_add_figure (result, "write-range", "Write, range", "IO/s", 1116);
  vol_result_add_figure (result, "ios-written", "Random writes", "", 81920);

  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 1);
  table = table_at (tables, 0);
  g_assert_cmpstr (table->corner, ==, "Iteration");
  g_assert_cmpstr (column (table, 0), ==, "Write");
  g_assert_cmpstr (column (table, 1), ==, "Read");
  g_assert_cmpuint (table->rows->len, ==, 5 + G_N_ELEMENTS (stats));
  g_assert_cmpstr (row_label (table, 0), ==, "1");
  assert_cell (table, 0, 0, FALSE, "1883 IO/s");
  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    g_assert_cmpstr (row_label (table, 5 + i), ==, stats[i]);
  /* from the figures where the result has them, else from the summary */
  assert_cell (table, 5, 0, FALSE, "767 IO/s");
  assert_cell (table, 6, 0, FALSE, "1883 IO/s");
  assert_cell (table, 8, 1, FALSE, "2330 IO/s");
  assert_cell (table, 9, 1, FALSE, "45 IO/s");
  assert_cell (table, 10, 1, FALSE, "1.9 %");  /* 45 / 2334 */
  g_assert_false (vol_result_tables_show_figure (tables, "write-slowest"));
  g_assert_true (vol_result_tables_show_figure (tables, "ios-written"));
}

/* A count sweep: the averages per count first, then each count's table. */
static void
test_random_sweep (void)
{
  g_autoptr(VolResult) result = vol_result_new ("random");
  const double ops[] = { 1000, 2000, 3000 };
  g_autoptr(GPtrArray) tables = NULL;

  random_series (result, "write-2048", ops, 3);
  random_series (result, "read-2048", ops, 3);
  random_series (result, "write-1024", ops, 3);
  random_series (result, "read-1024", ops, 3);
  vol_result_add_figure (result, "write-1024-average", "Write, 1024 I/Os, average", "IO/s", 2208);
  vol_result_add_figure (result, "read-1024-average", "Read, 1024 I/Os, average", "IO/s", 2864);

  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 3);
  g_assert_cmpstr (table_at (tables, 0)->corner, ==, "I/Os");
  g_assert_cmpstr (row_label (table_at (tables, 0), 0), ==, "1024");
  g_assert_cmpstr (row_label (table_at (tables, 0), 1), ==, "2048");
  assert_cell (table_at (tables, 0), 0, 1, FALSE, "2864 IO/s");
  assert_cell (table_at (tables, 0), 1, 1, FALSE, "—");
  g_assert_cmpstr (table_at (tables, 1)->title, ==, "1024 I/Os, per iteration");
  /* 2048 has no figures: its statistics come from the summaries */
  assert_cell (table_at (tables, 2), 3 + 2, 0, FALSE, "2000 IO/s");
}

/* Other kinds: statistics down, series across; two summaries of one
 * series never share a heading. */
static void
test_summary (void)
{
  g_autoptr(VolResult) result = vol_result_new ("cached");
  VolSeries *s = vol_result_add_series (result, "cached", "Cached reads", "time", "throughput");
  g_autoptr(GPtrArray) tables = NULL;
  const VolResultTable *table;

  vol_series_add_column (s, "time", "s");
  vol_series_add_column (s, "throughput", "B/s");
  vol_series_add_column (s, "reads", "");
  for (guint i = 0; i < 4; i++)
    {
      double row[] = { i, 6.2e9, 1500 };
      vol_series_append (s, row, 3);
    }
  vol_result_add_summary (result, "cached", "throughput");
  vol_result_add_summary (result, "cached", "reads");

  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 1);
  table = table_at (tables, 0);
  g_assert_cmpuint (table->columns->len, ==, 2);
  g_assert_cmpstr (column (table, 0), ==, "Cached reads, throughput");
  g_assert_cmpstr (column (table, 1), ==, "Cached reads, reads");
  g_assert_cmpuint (table->rows->len, ==, 6);
  g_assert_cmpstr (row_label (table, 0), ==, "Mean");
  g_assert_cmpstr (row_label (table, 5), ==, "Samples");
  assert_cell (table, 0, 0, FALSE, "6200.0 MB/s");
  assert_cell (table, 0, 1, FALSE, "1500");
  assert_cell (table, 5, 0, FALSE, "4");
}

/* One column per result, as named; a figure's std dev beside its mean. */
static void
test_comparison (void)
{
  g_autoptr(VolResult) a = queue_result ();
  g_autoptr(VolResult) b = queue_result ();
  VolResult *results[] = { a, b };
  const char *labels[] = { "RAID 0", "RAID 1" };
  const guint order[] = { 1, 0 };
  g_autoptr(VolResultTable) table = NULL;
  gboolean found = FALSE;

  vol_result_add_figure (a, "write-4096-mean", "Write 4 KiB, average", "B/s", 100e6);
  vol_result_add_figure (a, "write-4096-stddev", "Write 4 KiB, std dev", "B/s", 2e6);
  vol_result_add_figure (b, "iops-max", "Highest IOPS", "IO/s", 1016010.4);

  table = vol_result_table_new_comparison (results, 2, labels, order);
  g_assert_cmpuint (table->columns->len, ==, 2);
  g_assert_cmpstr (column (table, 0), ==, "RAID 1");
  g_assert_cmpstr (column (table, 1), ==, "RAID 0");
  /* the two summaries of "queue", then the figures: std dev folded in */
  g_assert_cmpuint (table->rows->len, ==, 4);
  g_assert_cmpstr (row_label (table, 0), ==, "Per queue depth, iops");
  g_assert_cmpstr (row_label (table, 1), ==, "Per queue depth, throughput");
  for (guint r = 0; r < table->rows->len; r++)
    if (strcmp (row_label (table, r), "Write 4 KiB, average") == 0)
      {
        found = TRUE;
        assert_cell (table, r, 0, FALSE, "—");
        assert_cell (table, r, 1, FALSE, "100.0 ± 2.0 MB/s");
      }
    else
      g_assert_cmpstr (row_label (table, r), !=, "Write 4 KiB, std dev");
  g_assert_true (found);

  /* one unit for both where they share it; both where they differ */
  vol_result_add_figure (a, "lat-mean", "Latency, mean", "s", 1.2e-3);
  vol_result_add_figure (a, "lat-stddev", "Latency, std dev", "s", 800e-6);
  vol_result_add_figure (b, "lat-mean", "Latency, mean", "s", 2e-3);
  vol_result_add_figure (b, "lat-stddev", "Latency, std dev", "s", 1e-3);
  g_clear_pointer (&table, vol_result_table_free);
  table = vol_result_table_new_comparison (results, 2, labels, order);
  /* b's figures first (its column comes first), then a's not yet seen */
  g_assert_cmpstr (row_label (table, 3), ==, "Latency, mean");
  assert_cell (table, 3, 0, FALSE, "2.00 ± 1.00 ms");
  assert_cell (table, 3, 1, FALSE, "1.20 ± 0.80 ms");
  g_assert_cmpuint (table->rows->len, ==, 5);
  g_assert_cmpstr (row_label (table, 2), ==, "Highest IOPS");
  assert_cell (table, 2, 0, FALSE, "1016010 IO/s");
  assert_cell (table, 2, 1, FALSE, "—");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/result-table/queue", test_queue);
  g_test_add_func ("/vol/result-table/transfer", test_transfer);
  g_test_add_func ("/vol/result-table/random", test_random);
  g_test_add_func ("/vol/result-table/random-sweep", test_random_sweep);
  g_test_add_func ("/vol/result-table/summary", test_summary);
  g_test_add_func ("/vol/result-table/comparison", test_comparison);
  return g_test_run ();
}
