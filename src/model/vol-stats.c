/* vol-stats.c — mean, spread, median and the sustained-write cliff
 *
 * Formulas (docs/measurement.md):
 *   mean   = Σx / n
 *   stddev = sqrt (Σ(x - mean)² / (n - 1))      (sample std dev)
 *   median = middle value of the sorted samples, or the mean of the two
 *            middle values when n is even
 *   percentile p = linear interpolation between closest ranks on the sorted
 *            samples (the "R-7" definition spreadsheets use)
 */
#include "vol-stats.h"

#include <math.h>
#include <string.h>

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double *
sorted_copy (const double *values,
             guint         n)
{
  double *copy = g_new (double, n);

  memcpy (copy, values, n * sizeof (double));
  qsort (copy, n, sizeof (double), compare_doubles);
  return copy;
}

/**
 * vol_stats_compute:
 *
 * Fills @stats for @n values; all zero when @n is 0. Any thread.
 */
void
vol_stats_compute (const double *values,
                   guint         n,
                   VolStats     *stats)
{
  g_autofree double *sorted = NULL;
  double sum = 0, squares = 0;

  g_return_if_fail (stats != NULL);
  g_return_if_fail (n == 0 || values != NULL);

  memset (stats, 0, sizeof *stats);
  stats->count = n;
  if (n == 0)
    return;

  stats->min = stats->max = values[0];
  for (guint i = 0; i < n; i++)
    {
      sum += values[i];
      stats->min = MIN (stats->min, values[i]);
      stats->max = MAX (stats->max, values[i]);
    }
  stats->mean = sum / n;

  /* Two passes: the one-pass Σx² - n·mean² loses every digit when the
   * spread is small next to the mean, as it is for a steady SSD. */
  for (guint i = 0; i < n; i++)
    squares += (values[i] - stats->mean) * (values[i] - stats->mean);
  stats->stddev = n > 1 ? sqrt (squares / (n - 1)) : 0;

  sorted = sorted_copy (values, n);
  stats->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/* R-7 (linear between closest ranks) on sorted values. */
static double
percentile_of_sorted (const double *sorted,
                      guint         n,
                      double        percentile)
{
  double rank, lower;
  guint i;

  percentile = CLAMP (percentile, 0.0, 100.0);
  rank = percentile / 100.0 * (n - 1);
  i = (guint) floor (rank);
  lower = sorted[i];
  if (i + 1 >= n)
    return lower;
  return lower + (rank - i) * (sorted[i + 1] - lower);
}

/**
 * vol_stats_percentile:
 * @percentile: 0 … 100
 *
 * The R-7 percentile (linear between closest ranks); NAN for no values.
 */
double
vol_stats_percentile (const double *values,
                      guint         n,
                      double        percentile)
{
  double out;

  vol_stats_percentiles (values, n, &percentile, &out, 1);
  return out;
}

/**
 * vol_stats_percentiles:
 * @percentiles: (array length=n_percentiles): each 0 … 100
 * @out: (array length=n_percentiles): the R-7 percentiles, NAN for no values
 *
 * Several percentiles of the same values for one sort: a queue point's
 * p50, p99 and p99.9 are over up to a million latencies.
 */
void
vol_stats_percentiles (const double *values,
                       guint         n,
                       const double *percentiles,
                       double       *out,
                       guint         n_percentiles)
{
  g_autofree double *sorted = NULL;

  if (n == 0)
    {
      for (guint k = 0; k < n_percentiles; k++)
        out[k] = NAN;
      return;
    }
  sorted = sorted_copy (values, n);
  for (guint k = 0; k < n_percentiles; k++)
    out[k] = percentile_of_sorted (sorted, n, percentiles[k]);
}

/**
 * vol_stats_find_cliff:
 *
 * Looks for a sustained drop in a sequence of throughput samples taken in
 * order (the fill test's write speeds), such as an SSD running out of
 * fresh blocks or a drive's SLC cache filling up.
 *
 * For every split k it compares the level just before k (the mean of the
 * w = max (3, n / 20) samples before it) with the mean of everything from k
 * to the end, leaving at least max (3, n / 100) samples after k, so a drop
 * in the last 1 % — the one reviewers point out — is still seen. The split
 * with the lowest ratio is a cliff when:
 *   - the mean after is below 75 % of the level before, and
 *   - at least 80 % of the samples after lie below the midpoint of the two,
 *     so one slow file or noise cannot make a cliff, and
 *   - the mean after is also below 80 % of the mean of all samples before,
 *     so a chance peak just before the split cannot make one either.
 * Comparing with the local level before k, not the mean of everything
 * before it, keeps a hard disk's steady decline from outer to inner tracks
 * from reading as a cliff. Prefix sums keep it O(n). Any thread.
 *
 * Returns: TRUE and fills @cliff when one is found.
 */
gboolean
vol_stats_find_cliff (const double *values,
                      guint         n,
                      VolCliff     *cliff)
{
  g_autofree double *prefix = NULL;
  guint min_after, window, best = 0, below = 0;
  double best_ratio = 1.0, before, after, midpoint;

  g_return_val_if_fail (cliff != NULL, FALSE);

  min_after = MAX (3, n / 100);
  window = MAX (3, n / 20);
  if (n < window + min_after)
    return FALSE;

  /* g_new0, though the loop below sets every entry: clang's analyzer
   * follows only a few turns of a loop and then reports prefix[k] as
   * garbage. */
  prefix = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    prefix[i + 1] = prefix[i] + values[i];

  for (guint k = window; k + min_after <= n; k++)
    {
      double level_before = (prefix[k] - prefix[k - window]) / window;
      double mean_after = (prefix[n] - prefix[k]) / (n - k);
      double ratio;

      if (level_before <= 0)
        continue;
      ratio = mean_after / level_before;
      if (ratio < best_ratio)
        {
          best_ratio = ratio;
          best = k;
        }
    }

  if (best == 0 || best_ratio >= 0.75)
    return FALSE;

  /* Picking the best of many splits favours a split just after a chance
   * peak; a cliff must also be well below everything before it. */
  if ((prefix[n] - prefix[best]) / (n - best) >= 0.8 * prefix[best] / best)
    return FALSE;

  before = (prefix[best] - prefix[best - window]) / window;
  after = (prefix[n] - prefix[best]) / (n - best);
  midpoint = (before + after) / 2;
  /* The best split can fall a few samples early, just after a chance
   * peak in the window before it (a surface scan on a busy machine put a
   * drop at 50 % at 44 %): the drop starts where the values go below the
   * midpoint between the level before it and the level after. */
  {
    guint found = best;
    /* against everything before the split, not the window a peak lifts */
    double level = (prefix[best] / best + after) / 2;

    while (best + min_after < n && values[best] >= level)
      best++;
    if (best != found)
      {
        before = (prefix[best] - prefix[best - window]) / window;
        after = (prefix[n] - prefix[best]) / (n - best);
        midpoint = (before + after) / 2;
      }
  }
  for (guint i = best; i < n; i++)
    if (values[i] < midpoint)
      below++;
  if (below < 0.8 * (n - best))
    return FALSE;

  cliff->index = best;
  cliff->before_mean = before;
  cliff->after_mean = after;
  return TRUE;
}

/**
 * vol_stats_t95:
 * @df: degrees of freedom, at least 1
 *
 * The two-sided 95 % critical value of Student's t: a mean of n values
 * lies within t95(n − 1) · s / √n of the true mean with 95 % confidence.
 * Exact to three decimals from the table below; beyond 30 degrees, the
 * series t ≈ z + (z³ + z) / 4df (Cornish–Fisher, first term), within 0.001
 * of the exact value there.
 */
double
vol_stats_t95 (guint df)
{
  static const double table[] = {
    0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
  };
  const double z = 1.959964;

  if (df == 0)
    return INFINITY;
  if (df < G_N_ELEMENTS (table))
    return table[df];
  return z + (z * z * z + z) / (4.0 * df);
}

static int
compare_dip_depth (gconstpointer a,
                   gconstpointer b)
{
  const VolDip *x = a, *y = b;
  double dx = x->level / x->around, dy = y->level / y->around;

  return dx < dy ? -1 : dx > dy;
}

static int
compare_dip_place (gconstpointer a,
                   gconstpointer b)
{
  const VolDip *x = a, *y = b;

  return x->first < y->first ? -1 : x->first > y->first;
}

/**
 * vol_stats_find_dips:
 * @max_dips: how many to keep at most: the deepest
 *
 * Looks for short slow stretches in a sequence of throughput samples
 * taken across a device (the surface scan): a sample is low when it is
 * under half the median of the w = clamp (n / 20, 5, 50) samples on
 * each side of it; consecutive low samples make one dip. A stretch longer
 * than 2w is a change of level, which the median follows and
 * vol_stats_find_cliff() reports, so it makes no dip; a drive's steady
 * decline moves the median with it and makes none either. O(n · w log w).
 *
 * Returns: (transfer full) (element-type VolDip): the dips, deepest
 *   @max_dips of them, in the order of their place
 */
GArray *
vol_stats_find_dips (const double *values,
                     guint         n,
                     guint         max_dips)
{
  GArray *dips = g_array_new (FALSE, FALSE, sizeof (VolDip));
  guint w = CLAMP (n / 20, 5, 50);
  g_autofree double *window = g_new (double, 2 * w + 1);
  g_autofree double *around = g_new0 (double, MAX (n, 1));
  gboolean *low = g_new0 (gboolean, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      guint from = i > w ? i - w : 0, to = MIN (n - 1, i + w), k = 0;

      for (guint j = from; j <= to; j++)
        window[k++] = values[j];
      qsort (window, k, sizeof (double), compare_doubles);
      around[i] = k % 2 ? window[k / 2] : (window[k / 2 - 1] + window[k / 2]) / 2;
      low[i] = around[i] > 0 && values[i] < 0.5 * around[i];
    }
  for (guint i = 0; i < n; )
    {
      guint j = i;
      VolDip dip;

      if (!low[i])
        {
          i++;
          continue;
        }
      while (j + 1 < n && low[j + 1])
        j++;
      dip.first = i;
      dip.last = j;
      dip.level = values[i];
      dip.around = around[i];
      for (guint k = i; k <= j; k++)
        {
          dip.level = MIN (dip.level, values[k]);
          dip.around = MAX (dip.around, around[k]);
        }
      if (j - i + 1 <= 2 * w)
        g_array_append_val (dips, dip);
      i = j + 1;
    }
  g_free (low);
  if (dips->len > max_dips)
    {
      g_array_sort (dips, compare_dip_depth);
      g_array_set_size (dips, max_dips);
    }
  g_array_sort (dips, compare_dip_place);
  return dips;
}
