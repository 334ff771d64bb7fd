/* vol-stats.h — the statistics behind every headline figure
 *
 * Pure functions over arrays of doubles; thread-safe. Formulas are written
 * in docs/measurement.md so a reader can check a number by hand.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint  count;
  double mean;
  double stddev;   /* sample standard deviation (n - 1); 0 for fewer than 2 values */
  double min;
  double max;
  double median;
} VolStats;

typedef struct
{
  guint  index;        /* first sample of the slow stretch */
  double before_mean;  /* level just before it: mean of the max (3, n/20) samples before */
  double after_mean;   /* mean of the samples from it to the end */
} VolCliff;

/* A short stretch of samples well under their neighbours: a slow spot of
 * a disk (remapped sectors, a weak zone), not the steady fall from outer
 * to inner tracks. */
typedef struct
{
  guint  first;        /* its first sample */
  guint  last;         /* its last sample */
  double level;        /* the lowest sample in it */
  double around;       /* the median of the samples around it */
} VolDip;

void     vol_stats_compute     (const double *values,
                                guint         n,
                                VolStats     *stats);
double   vol_stats_percentile  (const double *values,
                                guint         n,
                                double        percentile);
void     vol_stats_percentiles (const double *values,
                                guint         n,
                                const double *percentiles,
                                double       *out,
                                guint         n_percentiles);
double   vol_stats_t95         (guint         df);
gboolean vol_stats_find_cliff  (const double *values,
                                guint         n,
                                VolCliff     *cliff);
GArray  *vol_stats_find_dips   (const double *values,
                                guint         n,
                                guint         max_dips);

G_END_DECLS
