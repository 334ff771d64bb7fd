/* test-kinds.c — the kinds' schemas: a result's shape, rows and figures, no run
 *
 * The series a kind's functions add must be the ones its saved results
 * hold (the fixtures in tests/data/charts/ were written by real runs), so
 * a renamed column or unit fails here before it breaks files, imports and
 * charts. The rows and figures are checked against numbers worked out by
 * hand; the tables and headlines come from the kind's own hooks.
 */
#include <math.h>
#include <string.h>

#include "vol-kinds.h"
#include "vol-result-headline.h"
#include "vol-result-table.h"

static VolResult *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "charts", name, NULL);
  g_autoptr(GError) error = NULL;
  VolResult *result = vol_result_load (path, &error);

  g_assert_no_error (error);
  return result;
}

/* @made's series @name has the fixture's title, axes and columns, in
 * order, with their units. */
static void
assert_same_shape (const VolResult *made,
                   const VolResult *saved,
                   const char      *name)
{
  const VolSeries *a = vol_result_get_series (made, name);
  const VolSeries *b = vol_result_get_series (saved, name);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->x, ==, b->x);
  g_assert_cmpstr (a->y, ==, b->y);
  g_assert_cmpuint (a->columns->len, ==, b->columns->len);
  for (guint i = 0; i < a->columns->len; i++)
    {
      const VolColumn *ca = g_ptr_array_index (a->columns, i);
      const VolColumn *cb = g_ptr_array_index (b->columns, i);

      g_assert_cmpstr (ca->name, ==, cb->name);
      g_assert_cmpstr (ca->unit, ==, cb->unit);
    }
}

static double
figure (const VolResult *result,
        const char      *name)
{
  const VolFigure *f = vol_result_get_figure (result, name);

  g_assert_nonnull (f);
  return f->value;
}

static double
cell (const VolSeries *series,
      const char      *column,
      guint            row)
{
  VolColumn *c = vol_series_get_column ((VolSeries *) series, column);

  g_assert_nonnull (c);
  g_assert_cmpuint (row, <, c->values->len);
  return g_array_index (c->values, double, row);
}

static void
test_shapes (void)
{
  g_autoptr(VolResult) quick = vol_result_new (VOL_KIND_QUICK);
  g_autoptr(VolResult) threads = vol_result_new (VOL_KIND_THREADS);
  g_autoptr(VolResult) cached = vol_result_new (VOL_KIND_CACHED);
  g_autoptr(VolResult) saved_quick = load_fixture ("quick.volumeter.json");
  g_autoptr(VolResult) saved_threads = load_fixture ("threads.volumeter.json");
  g_autoptr(VolResult) saved_cached = load_fixture ("cached.volumeter.json");

  vol_kind_quick_add_loops (quick);
  vol_kind_quick_add_grid (quick);
  assert_same_shape (quick, saved_quick, VOL_QUICK_SERIES_LOOPS);
  assert_same_shape (quick, saved_quick, VOL_QUICK_SERIES_GRID);

  vol_kind_threads_add_points (threads);
  vol_kind_threads_add_over_time (threads);
  assert_same_shape (threads, saved_threads, VOL_THREADS_SERIES_POINTS);
  assert_same_shape (threads, saved_threads, VOL_THREADS_SERIES_OVER_TIME);

  vol_kind_cached_add_series (cached, FALSE);
  vol_kind_cached_add_series (cached, TRUE);
  assert_same_shape (cached, saved_cached, VOL_CACHED_SERIES_CACHED);
  assert_same_shape (cached, saved_cached, VOL_CACHED_SERIES_DEVICE);
}

/* Three loops of one cell, 100, 200 and 300 MB/s: mean 200, best 300,
 * std dev 100, so the 95 % interval is t(2) × 100 / √3 = 4.3027 × 57.735
 * = 248.41 MB/s. A loop of another mode and of another row stay out. */
static void
test_quick_cell (void)
{
  static const VolQuickRow desc = { TRUE, 1048576, 8, 1 };
  g_autoptr(VolResult) result = vol_result_new (VOL_KIND_QUICK);
  VolSeries *loops = vol_kind_quick_add_loops (result);
  VolSeries *grid = vol_kind_quick_add_grid (result);
  g_autoptr(GArray) tp = NULL;
  g_autoptr(GArray) iops = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(VolResultHeadline) headline = NULL;

  for (guint i = 0; i < 3; i++)
    vol_kind_quick_append_loop (loops, &(VolQuickLoop) { .row = 0, .read_percent = 100, .loop = i,
                                                         .throughput = (i + 1) * 1e8, .iops = (i + 1) * 100 });
  vol_kind_quick_append_loop (loops, &(VolQuickLoop) { .row = 0, .read_percent = 0, .throughput = 5e9 });
  vol_kind_quick_append_loop (loops, &(VolQuickLoop) { .row = 1, .read_percent = 100, .throughput = 7e9 });
  g_assert_cmpfloat (cell (loops, VOL_QUICK_COL_LOOP, 2), ==, 3);   /* stored from 1 */

  tp = vol_kind_quick_loop_column (loops, 0, 100, VOL_COL_THROUGHPUT);
  iops = vol_kind_quick_loop_column (loops, 0, 100, VOL_COL_IOPS);
  g_assert_cmpuint (tp->len, ==, 3);
  g_assert_cmpfloat (g_array_index (tp, double, 2), ==, 3e8);
  vol_kind_quick_append_cell (grid, 0, &desc, 100, tp, iops, 2e-3, 1e-3, 9e-3);
  g_assert_cmpfloat (cell (grid, VOL_COL_THROUGHPUT, 0), ==, 2e8);
  g_assert_cmpfloat (cell (grid, VOL_QUICK_COL_THROUGHPUT_BEST, 0), ==, 3e8);
  g_assert_cmpfloat_with_epsilon (cell (grid, VOL_QUICK_COL_THROUGHPUT_CI95, 0), 2.4841e8, 0.001e8);
  g_assert_cmpfloat (cell (grid, VOL_QUICK_COL_IOPS_BEST, 0), ==, 300);
  g_assert_cmpfloat (cell (grid, VOL_QUICK_COL_BLOCK, 0), ==, 1048576);
  g_assert_cmpfloat (cell (grid, VOL_QUICK_COL_LOOPS, 0), ==, 3);
  g_assert_cmpfloat (cell (grid, VOL_COL_LAT_P99, 0), ==, 9e-3);

  /* a loaded file's loops may lack a column: zeros, never a crash */
  g_array_set_size (vol_series_get_column (loops, VOL_COL_IOS)->values, 0);
  g_clear_pointer (&iops, g_array_unref);
  iops = vol_kind_quick_loop_column (loops, 0, 100, VOL_COL_IOS);
  g_assert_cmpuint (iops->len, ==, 3);
  g_assert_cmpfloat (g_array_index (iops, double, 0), ==, 0);
  g_clear_pointer (&iops, g_array_unref);
  iops = vol_kind_quick_loop_column (NULL, 0, 100, VOL_COL_IOPS);
  g_assert_cmpuint (iops->len, ==, 0);

  /* no CPU known (a remote host's): no CPU figures */
  vol_kind_quick_summarize (result, 6e8, 1 << 30, 0, 0);
  g_assert_cmpfloat (figure (result, VOL_FIG_BYTES), ==, 6e8);
  g_assert_cmpfloat (figure (result, VOL_QUICK_FIG_TEST_SIZE), ==, 1 << 30);
  g_assert_null (vol_result_get_figure (result, VOL_FIG_WORKER_CPU_USER));

  /* its hooks: the grid's tables, the first cell as the headline */
  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 4);
  g_assert_cmpstr (((VolResultTable *) g_ptr_array_index (tables, 0))->title, ==, "Mean over the loops ± 95 % interval");
  headline = vol_result_headline (result);
  g_assert_nonnull (headline);
  g_assert_cmpstr (headline->what, ==, "SEQ1M Q8T1 Read");
  g_assert_cmpfloat (headline->value, ==, 2e8);
}

/* Three thread counts, 100, 300 and 300 MB/s: the highest is the first
 * count that reached it. */
static void
test_threads_points (void)
{
  g_autoptr(VolResult) result = vol_result_new (VOL_KIND_THREADS);
  VolSeries *points = vol_kind_threads_add_points (result);
  VolSeries *over_time = vol_kind_threads_add_over_time (result);
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(VolResultHeadline) headline = NULL;
  const double counts[] = { 1, 2, 4 }, rates[] = { 1e8, 3e8, 3e8 };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    vol_kind_threads_append_point (points, &(VolThreadsPoint) {
                                     .threads = counts[i], .throughput = rates[i], .bytes = rates[i] * 2,
                                     .seconds = 2, .ios = 10, .passes = NAN, .per_thread_mean = rates[i] / counts[i],
                                     .per_thread_min = rates[i] / counts[i] / 2, .per_thread_max = rates[i] / counts[i] * 2 });
  vol_kind_threads_append_interval (over_time, 1, 0.5, 1e8);
  g_assert_cmpfloat (cell (points, VOL_THREADS_COL_PER_THREAD_MIN, 1), ==, 0.75e8);
  g_assert_true (isnan (cell (points, VOL_THREADS_COL_PASSES, 0)));
  g_assert_cmpfloat (cell (over_time, VOL_COL_TIME, 0), ==, 0.5);

  vol_kind_threads_summarize (result, points, 14e8, 30, 1.5, 0.5);
  g_assert_cmpfloat (figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX), ==, 3e8);
  g_assert_cmpfloat (figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX_THREADS), ==, 2);
  g_assert_cmpfloat (figure (result, VOL_FIG_POINTS), ==, 3);
  g_assert_cmpfloat (figure (result, VOL_FIG_IOS), ==, 30);
  g_assert_cmpfloat (figure (result, VOL_FIG_WORKER_CPU_USER), ==, 1.5);
  g_assert_cmpfloat_with_epsilon (vol_result_get_summary (result, VOL_THREADS_SERIES_POINTS)->mean, 7e8 / 3, 1);

  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 2);
  g_assert_cmpuint (((VolResultTable *) g_ptr_array_index (tables, 0))->rows->len, ==, 3);
  headline = vol_result_headline (result);
  g_assert_cmpstr (headline->what, ==, "Highest, with 2 threads");
}

/* 4 GB in 2 s of cached reads, 300 MB in 1 s from the device; a phase
 * that never read has no throughput figure, its bytes and time still 0. */
static void
test_cached_phases (void)
{
  g_autoptr(VolResult) result = vol_result_new (VOL_KIND_CACHED);
  VolSeries *cached = vol_kind_cached_add_series (result, FALSE);
  VolSeries *device = vol_kind_cached_add_series (result, TRUE);
  VolCachedTotals totals = { { 4e9, 0 }, { 2000, 0 }, { 2, 0 } };
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(VolResultHeadline) headline = NULL;

  g_assert_cmpfloat (vol_kind_cached_append_window (cached, 0.1, 2e8, 0.1, 100), ==, 2e9);
  g_assert_cmpfloat (cell (cached, VOL_CACHED_COL_READS, 0), ==, 100);
  g_assert_cmpfloat (cell (cached, VOL_COL_SECONDS, 0), ==, 0.1);
  g_assert_cmpuint (vol_series_get_length (device), ==, 0);

  vol_kind_cached_summarize (result, &totals);
  g_assert_cmpfloat (figure (result, VOL_CACHED_FIG_CACHED_THROUGHPUT), ==, 2e9);
  g_assert_null (vol_result_get_figure (result, VOL_CACHED_FIG_DEVICE_THROUGHPUT));
  g_assert_cmpfloat (figure (result, VOL_CACHED_FIG_DEVICE_SECONDS), ==, 0);
  headline = vol_result_headline (result);
  g_assert_cmpstr (headline->what, ==, "Cached reads");

  /* no tables of its own: the summaries' */
  tables = vol_result_tables (result);
  g_assert_cmpuint (tables->len, ==, 1);
  g_assert_cmpstr (((VolResultTable *) g_ptr_array_index (tables, 0))->title, ==, "Summary");
}

/* Every kind is listed under its own name, and a kind without a schema
 * (an import of kind "fio") gets the summaries and its first summary. */
static void
test_hooks (void)
{
  guint n;
  const VolTestInfo *const *kinds = vol_kinds_list (&n);
  g_autoptr(VolResult) other = vol_result_new ("fio");
  VolSeries *jobs = vol_result_add_series (other, "jobs", "fio jobs", "job", "throughput");
  double row[2] = { 1, 5e8 };
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(VolResultHeadline) headline = NULL;

  for (guint i = 0; i < n; i++)
    g_assert_true (vol_kinds_lookup (kinds[i]->name) == kinds[i]);
  g_assert_nonnull (vol_kinds_lookup (VOL_KIND_QUICK)->compare_rows);
  g_assert_null (vol_kinds_lookup ("fio"));

  vol_series_add_column (jobs, "job", "");
  vol_series_add_column (jobs, "throughput", "B/s");
  vol_series_append (jobs, row, 2);
  vol_result_add_summary (other, "jobs", "throughput");
  tables = vol_result_tables (other);
  g_assert_cmpuint (tables->len, ==, 1);
  g_assert_cmpstr (((VolResultTable *) g_ptr_array_index (tables, 0))->title, ==, "Summary");
  headline = vol_result_headline (other);
  g_assert_cmpstr (headline->what, ==, "fio jobs, mean");
  g_assert_cmpfloat (headline->value, ==, 5e8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/kinds/shapes", test_shapes);
  g_test_add_func ("/vol/kinds/quick-cell", test_quick_cell);
  g_test_add_func ("/vol/kinds/threads-points", test_threads_points);
  g_test_add_func ("/vol/kinds/cached-phases", test_cached_phases);
  g_test_add_func ("/vol/kinds/hooks", test_hooks);
  return g_test_run ();
}
