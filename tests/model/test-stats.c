/* test-stats.c — statistics on vectors worked out by hand */
#include <math.h>

#include "vol-stats.h"

static void
test_known (void)
{
  /* mean 5, deviations -3 -1 -1 -1 0 0 2 4: Σd² = 32, /7 → sd 2.138 */
  const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
  VolStats s;

  vol_stats_compute (v, G_N_ELEMENTS (v), &s);
  g_assert_cmpuint (s.count, ==, 8);
  g_assert_cmpfloat_with_epsilon (s.mean, 5.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.stddev, sqrt (32.0 / 7.0), 1e-12);
  g_assert_cmpfloat (s.min, ==, 2);
  g_assert_cmpfloat (s.max, ==, 9);
  g_assert_cmpfloat (s.median, ==, 4.5);
}

static void
test_odd_median_unsorted (void)
{
  const double v[] = { 9, 1, 5 };
  VolStats s;

  vol_stats_compute (v, 3, &s);
  g_assert_cmpfloat (s.median, ==, 5);
  g_assert_cmpfloat_with_epsilon (s.stddev, 4.0, 1e-12);
}

static void
test_edge (void)
{
  const double one = 42;
  VolStats s;

  vol_stats_compute (NULL, 0, &s);
  g_assert_cmpuint (s.count, ==, 0);
  g_assert_cmpfloat (s.mean, ==, 0);
  vol_stats_compute (&one, 1, &s);
  g_assert_cmpfloat (s.mean, ==, 42);
  g_assert_cmpfloat (s.stddev, ==, 0);
  g_assert_cmpfloat (s.median, ==, 42);
}

static void
test_precision (void)
{
  /* A steady SSD: 500 MB/s ± 1 byte/s. The one-pass formula returns noise
   * or NaN here; two passes give the exact spread. */
  double v[1000];
  VolStats s;

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] = 5e8 + (i % 2 ? 1 : -1);
  vol_stats_compute (v, G_N_ELEMENTS (v), &s);
  g_assert_cmpfloat_with_epsilon (s.mean, 5e8, 1e-6);
  g_assert_cmpfloat_with_epsilon (s.stddev, sqrt (1000.0 / 999.0), 1e-6);
}

static void
test_percentile (void)
{
  const double v[] = { 15, 20, 35, 40, 50 };

  g_assert_cmpfloat (vol_stats_percentile (v, 5, 0), ==, 15);
  g_assert_cmpfloat (vol_stats_percentile (v, 5, 100), ==, 50);
  g_assert_cmpfloat (vol_stats_percentile (v, 5, 50), ==, 35);
  /* rank 0.4 · 4 = 1.6 → 20 + 0.6 · 15 = 29 */
  g_assert_cmpfloat_with_epsilon (vol_stats_percentile (v, 5, 40), 29, 1e-12);
  g_assert_true (isnan (vol_stats_percentile (v, 0, 50)));
  {
    static const double pcts[] = { 0, 40, 50, 100 };
    double out[4];

    vol_stats_percentiles (v, 5, pcts, out, 4);
    g_assert_cmpfloat (out[0], ==, 15);
    g_assert_cmpfloat_with_epsilon (out[1], 29, 1e-12);
    g_assert_cmpfloat (out[2], ==, 35);
    g_assert_cmpfloat (out[3], ==, 50);
  }
}

static void
test_cliff (void)
{
  double v[1000];
  VolCliff cliff;

  /* An SSD at 250 MB/s that falls to 80 MB/s for the last 1 %. */
  for (guint i = 0; i < 1000; i++)
    v[i] = (i < 990 ? 250e6 : 80e6) + (i % 7) * 1e6;
  g_assert_true (vol_stats_find_cliff (v, 1000, &cliff));
  g_assert_cmpuint (cliff.index, ==, 990);
  g_assert_cmpfloat_with_epsilon (cliff.before_mean, 253e6, 1e6);
  g_assert_cmpfloat_with_epsilon (cliff.after_mean, 83e6, 1e6);

  /* A drive's SLC cache running out a third of the way in. */
  for (guint i = 0; i < 1000; i++)
    v[i] = i < 333 ? 900e6 : 150e6;
  g_assert_true (vol_stats_find_cliff (v, 1000, &cliff));
  g_assert_cmpuint (cliff.index, ==, 333);

  /* A scan of 100 positions slower by three from the middle, with a
   * chance peak at 39–43 (a busy machine): the best split by the window
   * before it is just after the peak, at 44; the drop is at 50. */
  for (guint i = 0; i < 100; i++)
    v[i] = i < 50 ? ((i >= 39 && i <= 43) ? 160e6 : 100e6) : 33e6;
  g_assert_true (vol_stats_find_cliff (v, 100, &cliff));
  g_assert_cmpuint (cliff.index, ==, 50);
  g_assert_cmpfloat_with_epsilon (cliff.after_mean, 33e6, 1e3);
}

static void
test_no_cliff (void)
{
  double v[1000];
  VolCliff cliff;

  /* A hard disk slowing steadily from outer to inner tracks, 120 → 60:
   * half the speed by the end, but no cliff anywhere. */
  for (guint i = 0; i < 1000; i++)
    v[i] = 120e6 - 60e6 * i / 999.0;
  g_assert_false (vol_stats_find_cliff (v, 1000, &cliff));

  /* Flat with noise and two slow outliers. */
  for (guint i = 0; i < 1000; i++)
    v[i] = 400e6 + ((i * 7919) % 13) * 2e6;
  v[500] = 50e6;
  v[998] = 40e6;
  g_assert_false (vol_stats_find_cliff (v, 1000, &cliff));

  /* A chance peak, then a mild dip: the best split sits right after the
   * peak, but the level after is not far below the level before it. */
  for (guint i = 0; i < 200; i++)
    v[i] = i < 90 ? 350e6 : i < 100 ? 430e6 : 300e6;
  g_assert_false (vol_stats_find_cliff (v, 200, &cliff));

  /* Too few samples to call anything sustained. */
  g_assert_false (vol_stats_find_cliff (v, 4, &cliff));
}

static void
test_dips (void)
{
  double v[400];
  g_autoptr(GArray) dips = NULL;
  const VolDip *d;

  /* A hard disk's steady fall (outer to inner tracks) with one slow spot
   * of 6 samples at 100: one dip, where it is, the others no dip. */
  for (guint i = 0; i < 400; i++)
    v[i] = 200e6 - 100e6 * i / 399.0 + ((i * 7919) % 11) * 1e6;
  for (guint i = 150; i < 156; i++)
    v[i] = 60e6;
  dips = vol_stats_find_dips (v, 400, 10);
  g_assert_cmpuint (dips->len, ==, 1);
  d = &g_array_index (dips, VolDip, 0);
  g_assert_cmpuint (d->first, ==, 150);
  g_assert_cmpuint (d->last, ==, 155);
  g_assert_cmpfloat (d->level, ==, 60e6);
  g_assert_cmpfloat (d->around, >, 150e6);
  g_clear_pointer (&dips, g_array_unref);

  /* A step to half speed is a change of level, not a spot. */
  for (guint i = 0; i < 400; i++)
    v[i] = i < 200 ? 500e6 : 200e6;
  dips = vol_stats_find_dips (v, 400, 10);
  g_assert_cmpuint (dips->len, ==, 0);
  g_clear_pointer (&dips, g_array_unref);

  /* Many single slow samples: only the deepest kept, in their order. */
  for (guint i = 0; i < 400; i++)
    v[i] = (i % 20 == 10) ? 100e6 + i * 1e5 : 400e6;
  dips = vol_stats_find_dips (v, 400, 3);
  g_assert_cmpuint (dips->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    g_assert_cmpuint (g_array_index (dips, VolDip, k).first, ==, 10 + 20 * k);
  g_clear_pointer (&dips, g_array_unref);

  /* nothing to look at */
  dips = vol_stats_find_dips (v, 0, 3);
  g_assert_cmpuint (dips->len, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/stats/known", test_known);
  g_test_add_func ("/vol/stats/odd-median", test_odd_median_unsorted);
  g_test_add_func ("/vol/stats/edge", test_edge);
  g_test_add_func ("/vol/stats/precision", test_precision);
  g_test_add_func ("/vol/stats/percentile", test_percentile);
  g_test_add_func ("/vol/stats/cliff", test_cliff);
  g_test_add_func ("/vol/stats/no-cliff", test_no_cliff);
  g_test_add_func ("/vol/stats/dips", test_dips);
  return g_test_run ();
}
