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

static void
test_shapes_files (void)
{
  g_autoptr(VolResult) fill = vol_result_new (VOL_KIND_FILL);
  g_autoptr(VolResult) small = vol_result_new (VOL_KIND_SMALLFILES);
  g_autoptr(VolResult) saved_fill = load_fixture ("fill.volumeter.json");
  g_autoptr(VolResult) saved_small = load_fixture ("smallfiles.volumeter.json");

  vol_kind_fill_add_series (fill, FALSE);
  vol_kind_fill_add_series (fill, TRUE);
  assert_same_shape (fill, saved_fill, VOL_FILL_SERIES_WRITE);
  assert_same_shape (fill, saved_fill, VOL_FILL_SERIES_READ);

  for (guint p = 0; p < VOL_SMALLFILES_N_PHASES; p++)
    {
      vol_kind_smallfiles_add_series (small, p);
      assert_same_shape (small, saved_small, vol_kind_smallfiles_phases[p]);
    }
}

/* Ten files of 1 GB: six written at 1 GB/s, four at 200 MB/s. The cliff
 * is at the seventh file (index 6, at 65 %), 1 GB/s before, 200 MB/s
 * after; the overall rate is 10 GB over 26 s. The read pass measured
 * nothing: no overall read rate, none made up. */
static void
test_fill_cliff (void)
{
  g_autoptr(VolResult) result = vol_result_new (VOL_KIND_FILL);
  VolSeries *write = vol_kind_fill_add_series (result, FALSE);
  VolSeries *read = vol_kind_fill_add_series (result, TRUE);
  g_autoptr(VolResult) quick = vol_result_new (VOL_KIND_FILL);
  g_autoptr(VolResultHeadline) headline = NULL;

  for (guint i = 0; i < 10; i++)
    g_assert_cmpfloat (vol_kind_fill_append_file (write, 5.0 + 10 * i, 1e9, i < 6 ? 1 : 5, i), ==, i < 6 ? 1e9 : 2e8);
  /* a file too quick to time has no rate, not an infinite one */
  g_assert_cmpfloat (vol_kind_fill_append_file (vol_kind_fill_add_series (quick, TRUE), 5, 1e9, 0, 0), ==, 0);
  g_assert_cmpfloat (cell (write, VOL_FILL_COL_FILE, 9), ==, 9);
  g_assert_cmpfloat (cell (write, VOL_COL_POSITION, 6), ==, 65);

  vol_kind_fill_summarize (result, write, read, 1e10, 0);
  g_assert_cmpfloat (figure (result, VOL_FILL_FIG_CLIFF_POSITION), ==, 65);
  g_assert_cmpfloat (figure (result, VOL_FILL_FIG_CLIFF_FILE), ==, 6);
  g_assert_cmpfloat_with_epsilon (figure (result, VOL_FILL_FIG_CLIFF_BEFORE), 1e9, 1);
  g_assert_cmpfloat_with_epsilon (figure (result, VOL_FILL_FIG_CLIFF_AFTER), 2e8, 1);
  g_assert_cmpfloat (figure (result, "write-overall"), ==, 1e10 / 26);
  g_assert_null (vol_result_get_figure (result, "read-overall"));
  g_assert_cmpfloat (figure (result, "files-written"), ==, 10);
  g_assert_cmpfloat (figure (result, "files-read"), ==, 0);
  headline = vol_result_headline (result);
  g_assert_cmpstr (headline->what, ==, "Write, mean");
}

/* PostMark's report: 400 transactions in 4 s are 100/s, 300 files
 * created in the run's 7 s, 7 MB read in them 1 MB/s. A run stopped
 * in its first phase has no rate for the phases it never reached. */
static void
test_smallfiles_report (void)
{
  g_autoptr(VolResult) result = vol_result_new (VOL_KIND_SMALLFILES);
  g_autoptr(VolResult) stopped = vol_result_new (VOL_KIND_SMALLFILES);
  VolSmallfilesTotals t = {
    .created_alone = 200, .created_mixed = 100, .reads = 150, .appends = 250, .deleted_mixed = 100,
    .deleted_alone = 200, .transactions = 400, .files_left = 5, .bytes_read = 7000000,
    .bytes_written = 14000000, .phase_ns = { 2000000000, 4000000000, 1000000000 },
  };
  VolSmallfilesTotals first = { .created_alone = 50, .phase_ns = { 500000000 } };
  g_autoptr(VolResultHeadline) headline = NULL;
  VolSeries *series[VOL_SMALLFILES_N_PHASES];

  for (guint p = 0; p < VOL_SMALLFILES_N_PHASES; p++)
    series[p] = vol_kind_smallfiles_add_series (result, p);
  g_assert_cmpfloat (vol_kind_smallfiles_append_window (series[1], 0.5, 100, 0.5, 4096, 0), ==, 200);
  g_assert_cmpfloat (cell (series[1], "operations", 0), ==, 100);
  vol_kind_smallfiles_summarize (result, &t);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S), ==, 100);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_CREATED_ALONE_PER_S), ==, 100);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_CREATED_MIXED_PER_S), ==, 25);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_DELETED_ALONE_PER_S), ==, 200);
  g_assert_cmpfloat (figure (result, "created-per-s"), ==, 300 / 7.0);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_READ_THROUGHPUT), ==, 1e6);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_WRITE_THROUGHPUT), ==, 2e6);
  g_assert_cmpfloat (figure (result, VOL_SMALLFILES_FIG_TOTAL_TIME), ==, 7);
  g_assert_cmpfloat (figure (result, "files-left"), ==, 5);
  g_assert_cmpfloat (figure (result, "files-deleted"), ==, 300);
  headline = vol_result_headline (result);
  g_assert_cmpfloat (headline->value, ==, 100);
  g_assert_cmpstr (headline->unit, ==, "transactions/s");

  for (guint p = 0; p < VOL_SMALLFILES_N_PHASES; p++)
    vol_kind_smallfiles_add_series (stopped, p);
  vol_kind_smallfiles_summarize (stopped, &first);
  g_assert_cmpfloat (figure (stopped, VOL_SMALLFILES_FIG_CREATED_ALONE_PER_S), ==, 100);
  g_assert_null (vol_result_get_figure (stopped, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S));
  g_assert_null (vol_result_get_figure (stopped, VOL_SMALLFILES_FIG_DELETED_ALONE_PER_S));
}

/* Forty positions of a 40 MB device, 1 GB/s each but the one at 50 %
 * (100 MB/s). It is the one position to read again; left slow it is a
 * slow spot, read again at full speed it is none. */
static VolResult *
surface_with_one_slow_spot (VolSeries **transfer)
{
  VolResult *result = vol_result_new (VOL_KIND_SURFACE);
  VolSeries *access;

  *transfer = vol_kind_surface_add_series (result, FALSE);
  access = vol_kind_surface_add_series (result, TRUE);
  for (guint i = 0; i < 40; i++)
    vol_kind_surface_append_transfer (*transfer, i * 1000000, 40000000, 1000000, i == 20 ? 0.01 : 0.001);
  vol_kind_surface_append_access (access, 0, 40000000, 0.001);
  vol_kind_surface_append_access (access, 10000000, 40000000, 0.002);
  vol_kind_surface_append_access (access, 30000000, 40000000, 0.009);
  return result;
}

static void
test_surface_spots (void)
{
  VolSeries *transfer, *fixed;
  g_autoptr(VolResult) result = surface_with_one_slow_spot (&transfer);
  g_autoptr(VolResult) reread = surface_with_one_slow_spot (&fixed);
  g_autoptr(GArray) slow = vol_kind_surface_slow_positions (transfer, 8);
  g_autoptr(GArray) none = vol_kind_surface_slow_positions (transfer, 0);
  const VolSeries *dips;

  g_assert_cmpfloat (cell (transfer, VOL_COL_POSITION, 20), ==, 50);
  g_assert_cmpfloat (cell (transfer, VOL_SURFACE_COL_OFFSET, 20), ==, 20000000);
  g_assert_cmpfloat_with_epsilon (cell (transfer, VOL_COL_THROUGHPUT, 20), 1e8, 1e-3);
  g_assert_true (isnan (cell (transfer, VOL_SURFACE_COL_REREAD, 20)));
  g_assert_cmpuint (slow->len, ==, 1);
  g_assert_cmpuint (g_array_index (slow, guint, 0), ==, 20);
  g_assert_cmpuint (none->len, ==, 0);

  vol_kind_surface_summarize (result, transfer, vol_result_get_series (result, VOL_SURFACE_SERIES_ACCESS), 0, 40000000);
  g_assert_cmpfloat (figure (result, VOL_SURFACE_FIG_DIPS), ==, 1);
  dips = vol_result_get_series (result, VOL_SURFACE_SERIES_DIPS);
  g_assert_nonnull (dips);
  g_assert_cmpfloat (cell (dips, VOL_SURFACE_COL_FROM, 0), ==, 50);
  g_assert_cmpfloat (cell (dips, VOL_SURFACE_COL_TO, 0), ==, 50);
  g_assert_cmpfloat_with_epsilon (cell (dips, VOL_SURFACE_COL_AROUND, 0), 1e9, 1e-3);
  g_assert_cmpfloat_with_epsilon (figure (result, "access-mean"), 0.004, 1e-12);
  g_assert_cmpfloat (figure (result, "access-median"), ==, 0.002);
  g_assert_cmpfloat (figure (result, "device-size"), ==, 40000000);
  /* no burst measured, no drop across a flat device */
  g_assert_null (vol_result_get_figure (result, "burst"));
  g_assert_null (vol_result_get_figure (result, VOL_SURFACE_FIG_DROP_POSITION));

  vol_kind_surface_set_reread (fixed, 20, 1e9);
  vol_kind_surface_summarize (reread, fixed, vol_result_get_series (reread, VOL_SURFACE_SERIES_ACCESS), 3e9, 40000000);
  g_assert_cmpfloat (figure (reread, VOL_SURFACE_FIG_DIPS), ==, 0);
  g_assert_null (vol_result_get_series (reread, VOL_SURFACE_SERIES_DIPS));
  g_assert_cmpfloat (figure (reread, "burst"), ==, 3e9);
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
  g_test_add_func ("/vol/kinds/shapes-files", test_shapes_files);
  g_test_add_func ("/vol/kinds/fill-cliff", test_fill_cliff);
  g_test_add_func ("/vol/kinds/smallfiles-report", test_smallfiles_report);
  g_test_add_func ("/vol/kinds/surface-spots", test_surface_spots);
  g_test_add_func ("/vol/kinds/hooks", test_hooks);
  return g_test_run ();
}
