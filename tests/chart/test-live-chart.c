/* test-live-chart.c — the chart of a run in progress, for every test kind */
#include <math.h>
#include <string.h>

#include "vol-live-chart.h"

static VolTestSpec *
make_spec (const char *kind,
           GVariant   *params)
{
  if (params == NULL)
    params = g_variant_new ("a{sv}", NULL);
  return vol_test_spec_new (kind, "/mnt/test", VOL_DATA_PATTERN_RANDOM, 1, NULL, params);
}

static void
add (VolLiveChart *live,
     const char   *series,
     double        x,
     double        y)
{
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (VolLiveSample));
  VolLiveSample sample = { series, x, y };

  g_array_append_val (samples, sample);
  vol_live_chart_add_samples (live, samples);
}

static VolChartSeries *
series_at (VolChart *chart,
           guint     i)
{
  g_assert_cmpuint (i, <, chart->series->len);
  return g_ptr_array_index (chart->series, i);
}

static double
y_at (VolChartSeries *series,
      guint           i)
{
  g_assert_cmpuint (i, <, series->y->len);
  return g_array_index (series->y, double, i);
}

static double
x_at (VolChartSeries *series,
      guint           i)
{
  g_assert_cmpuint (i, <, series->x->len);
  return g_array_index (series->x, double, i);
}

/* Fill: capacity chart over 0–100 %, MB/s or MiB/s as asked. */
static void
test_fill (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("fill", NULL);
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  g_autoptr(VolChart) empty = vol_live_chart_build (live, FALSE);
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(VolChart) binary = NULL;
  g_autofree char *speed = NULL;

  /* before the first sample: a chart with its axes, no series, no speed */
  g_assert_cmpint (empty->kind, ==, VOL_CHART_KIND_CAPACITY);
  g_assert_cmpuint (empty->series->len, ==, 0);
  speed = vol_live_chart_format_speed (live, 0, FALSE);
  g_assert_cmpstr (speed, ==, "");
  g_clear_pointer (&speed, g_free);

  add (live, "write", 5, 400e6);
  add (live, "write", 10, 500e6);
  add (live, "read", 5, 800e6);
  g_assert_cmpuint (vol_live_chart_get_n_samples (live), ==, 3);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpfloat (chart->x_min, ==, 0);
  g_assert_cmpfloat (chart->x_max, ==, 100);
  g_assert_cmpstr (chart->y_unit, ==, "MB/s");
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpstr (series_at (chart, 0)->name, ==, "Write");
  g_assert_cmpuint (series_at (chart, 0)->color, ==, 0);
  g_assert_cmpuint (series_at (chart, 1)->color, ==, 1);
  g_assert_cmpfloat_with_epsilon (y_at (series_at (chart, 0), 1), 500, 1e-9);

  binary = vol_live_chart_build (live, TRUE);
  g_assert_cmpstr (binary->y_unit, ==, "MiB/s");
  g_assert_cmpfloat_with_epsilon (y_at (series_at (binary, 0), 1), 500e6 / 1048576.0, 1e-9);

  /* the runner's rate when known, else the latest sample by its series */
  speed = vol_live_chart_format_speed (live, 123.4e6, FALSE);
  g_assert_cmpstr (speed, ==, "123.4 MB/s");
  g_clear_pointer (&speed, g_free);
  speed = vol_live_chart_format_speed (live, 0, FALSE);
  g_assert_cmpstr (speed, ==, "Read: 800.0 MB/s");
}

/* Transfer: log x over the planned sizes, a point per size at the mean
 * of its iterations so far. */
static void
test_transfer (void)
{
  g_autoptr(GVariantDict) dict = g_variant_dict_new (NULL);
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(VolLiveChart) live = NULL;
  g_autoptr(VolChart) chart = NULL;
  VolChartSeries *write;

  g_variant_dict_insert (dict, "from", "x", (gint64) 4096);
  g_variant_dict_insert (dict, "to", "x", (gint64) 1048576);
  spec = make_spec ("transfer", g_variant_dict_end (dict));
  live = vol_live_chart_new (spec);
  add (live, "write", 4096, 100e6);
  add (live, "write", 4096, 300e6);
  add (live, "read", 4096, 500e6);
  add (live, "write", 8192, 400e6);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpint (chart->kind, ==, VOL_CHART_KIND_LINES);
  g_assert_true (chart->log_x);
  g_assert_cmpfloat (chart->x_min, ==, 4096);
  g_assert_cmpfloat (chart->x_max, ==, 1048576);
  write = series_at (chart, 0);
  g_assert_cmpuint (write->x->len, ==, 2);
  g_assert_cmpfloat (x_at (write, 0), ==, 4096);
  g_assert_cmpfloat_with_epsilon (y_at (write, 0), 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (y_at (write, 1), 400, 1e-9);
}

/* Queue and threads: the spec's whole list as categories from the start,
 * each sample at its category; IO/s for the queue, not bytes. */
static void
test_queue (void)
{
  static const gint64 depths[] = { 1, 4, 32 };
  g_autoptr(GVariantDict) dict = g_variant_dict_new (NULL);
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(VolLiveChart) live = NULL;
  g_autoptr(VolChart) chart = NULL;
  g_autofree char *speed = NULL;

  g_variant_dict_insert_value (dict, "depths",
                               g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, depths, G_N_ELEMENTS (depths),
                                                          sizeof (gint64)));
  g_variant_dict_insert (dict, "mode", "s", "write");
  spec = make_spec ("queue", g_variant_dict_end (dict));
  live = vol_live_chart_new (spec);
  g_assert_cmpstr (vol_live_chart_get_unit (live), ==, "IO/s");
  add (live, "queue", 4, 20000);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpuint (vol_chart_get_n_categories (chart), ==, 3);
  g_assert_cmpstr (chart->categories[2], ==, "32");
  g_assert_cmpstr (chart->y_unit, ==, "IO/s");
  g_assert_cmpfloat (x_at (series_at (chart, 0), 0), ==, 1);   /* depth 4 is the 2nd category */
  g_assert_cmpfloat (y_at (series_at (chart, 0), 0), ==, 20000);
  g_assert_cmpuint (series_at (chart, 0)->color, ==, 0);       /* write mode: the write colour */
  /* the byte rate is no IO/s: the latest point is shown */
  speed = vol_live_chart_format_speed (live, 80e6, FALSE);
  g_assert_cmpstr (speed, ==, "20000 IO/s");
}

/* Random: a count sweep's series are named by their count. */
static void
test_random (void)
{
  g_autoptr(GVariantDict) dict = g_variant_dict_new (NULL);
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(VolLiveChart) live = NULL;
  g_autoptr(VolChart) chart = NULL;

  g_variant_dict_insert (dict, "iterations", "x", (gint64) 5);
  spec = make_spec ("random", g_variant_dict_end (dict));
  live = vol_live_chart_new (spec);
  add (live, "write-1024", 1, 9000);
  add (live, "read-1024", 1, 12000);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpfloat (chart->x_min, ==, 0.5);
  g_assert_cmpfloat (chart->x_max, ==, 5.5);
  g_assert_cmpstr (series_at (chart, 0)->name, ==, "Write, 1024 I/Os");
  g_assert_cmpstr (series_at (chart, 1)->name, ==, "Read, 1024 I/Os");
  g_assert_cmpuint (series_at (chart, 1)->color, ==, 1);
}

/* Cached and small files: each phase's time starts at 0; on the chart
 * the phases follow each other. */
static void
test_time_phases (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("smallfiles", NULL);
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  g_autoptr(VolChart) chart = NULL;
  g_autofree char *speed = NULL;

  add (live, "create", 0.1, 1000);
  add (live, "create", 0.2, 1100);
  add (live, "transactions", 0.1, 500);
  add (live, "delete", 0.05, 3000);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpuint (chart->series->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (x_at (series_at (chart, 1), 0), 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (x_at (series_at (chart, 2), 0), 0.35, 1e-9);
  g_assert_cmpfloat (chart->x_min, ==, 0);
  g_assert_cmpfloat (chart->x_max, ==, 1);
  g_assert_cmpstr (chart->y_unit, ==, "ops/s");
  speed = vol_live_chart_format_speed (live, 0, FALSE);
  g_assert_cmpstr (speed, ==, "Deleting the files: 3000 ops/s");
}

/* A sample that is not a number is not drawn, nor counted. */
/* Quick: the grid so far, every cell from the start; a cell's figures
 * are its loops' mean, interval and best, its IO/s at the row's block. */
static void
test_quick_cells (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("quick", g_variant_new_parsed ("{'profile': <'realworld'>, 'mix': <true>}"));
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  g_autofree VolQuickCell *before = NULL, *cells = NULL;
  guint n, n_rows;
  const VolQuickRow *rows = vol_quick_profile_rows ("realworld", &n_rows);

  before = vol_live_chart_quick_cells (live, &n);
  g_assert_cmpuint (n, ==, n_rows * 3);   /* read, write, mix */
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (before[i].loops, ==, 0);
      g_assert_cmpuint (before[i].index, ==, i % n_rows);
      g_assert_true (isnan (before[i].lat_mean));
    }
  g_assert_cmpuint (before[0].read_percent, ==, 100);
  g_assert_cmpuint (before[n_rows].read_percent, ==, 0);
  g_assert_cmpuint (before[2 * n_rows].read_percent, ==, 70);

  /* two read loops of row 0, one write loop of row 1 */
  add (live, "read", 0, 100e6);
  add (live, "read", 0, 300e6);
  add (live, "write", 1, 8e6);
  cells = vol_live_chart_quick_cells (live, &n);
  g_assert_cmpuint (n, ==, n_rows * 3);
  g_assert_cmpuint (cells[0].loops, ==, 2);
  g_assert_cmpfloat_with_epsilon (cells[0].throughput, 200e6, 1);
  g_assert_cmpfloat_with_epsilon (cells[0].throughput_best, 300e6, 1);
  /* t(1) = 12.706, sd = 141.42 MB/s, over √2 */
  g_assert_cmpfloat_with_epsilon (cells[0].throughput_ci95, 12.706 * 100e6, 0.01e6 * 12.706);
  g_assert_cmpfloat_with_epsilon (cells[0].iops, 200e6 / rows[0].block, 1e-6);
  g_assert_cmpuint (cells[1].loops, ==, 0);
  g_assert_cmpuint (cells[n_rows + 1].loops, ==, 1);
  g_assert_cmpfloat (cells[n_rows + 1].throughput_ci95, ==, 0);
  g_assert_cmpfloat_with_epsilon (cells[n_rows + 1].iops, 8e6 / rows[1].block, 1e-6);
  g_assert_cmpuint (cells[2 * n_rows].loops, ==, 0);
}

/* Surface: the transfer line on the left axis, the access times as dots
 * in ms on the right, in the order of their place. */
static void
test_surface (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("surface", NULL);
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  g_autoptr(VolChart) chart = NULL;
  VolChartSeries *rate, *access;

  add (live, "transfer", 0, 200e6);
  add (live, "transfer", 50, 100e6);
  add (live, "access", 80, 0.012);
  add (live, "access", 10, 0.004);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpint (chart->kind, ==, VOL_CHART_KIND_CAPACITY);
  g_assert_cmpfloat (chart->x_min, ==, 0);
  g_assert_cmpfloat (chart->x_max, ==, 100);
  rate = series_at (chart, 0);
  g_assert_false (rate->y2);
  g_assert_cmpfloat (y_at (rate, 1), ==, 100);   /* MB/s */
  access = series_at (chart, 1);
  g_assert_true (access->y2);
  g_assert_true (access->dots);
  g_assert_cmpfloat (x_at (access, 0), ==, 10);
  g_assert_cmpfloat_with_epsilon (y_at (access, 0), 4, 1e-9);   /* ms */
  g_assert_cmpfloat_with_epsilon (y_at (access, 1), 12, 1e-9);
  g_assert_cmpstr (chart->y2_unit, ==, "ms");
}

/* Not a quick run: no grid. */
static void
test_no_quick_cells (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("queue", NULL);
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  guint n = 99;

  g_assert_null (vol_live_chart_quick_cells (live, &n));
  g_assert_cmpuint (n, ==, 0);
}

static void
test_not_a_number (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("threads", NULL);
  g_autoptr(VolLiveChart) live = vol_live_chart_new (spec);
  g_autoptr(VolChart) chart = NULL;

  add (live, "threads", 1, NAN);
  add (live, "threads", 2, 3e9);
  g_assert_cmpuint (vol_live_chart_get_n_samples (live), ==, 1);
  chart = vol_live_chart_build (live, FALSE);
  g_assert_cmpuint (series_at (chart, 0)->x->len, ==, 1);
  g_assert_cmpuint (vol_chart_get_n_categories (chart), ==, 1);
  g_assert_cmpstr (chart->categories[0], ==, "2");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/live-chart/fill", test_fill);
  g_test_add_func ("/vol/live-chart/transfer", test_transfer);
  g_test_add_func ("/vol/live-chart/queue", test_queue);
  g_test_add_func ("/vol/live-chart/random", test_random);
  g_test_add_func ("/vol/live-chart/time-phases", test_time_phases);
  g_test_add_func ("/vol/live-chart/not-a-number", test_not_a_number);
  g_test_add_func ("/vol/live-chart/quick-cells", test_quick_cells);
  g_test_add_func ("/vol/live-chart/no-quick-cells", test_no_quick_cells);
  g_test_add_func ("/vol/live-chart/surface", test_surface);
  return g_test_run ();
}
