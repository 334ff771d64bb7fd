/* vol-chart-decimate.c — the min/max pyramid */
#include "vol-chart-decimate.h"

#include <math.h>
#include <string.h>

struct _VolChartPyramid
{
  guint    n;
  double  *x;          /* a copy of the (sorted) positions, for binary search */
  guint    n_levels;
  double **mins;       /* mins[k][b]: min of samples b·2^k … (b+1)·2^k − 1 */
  double **maxs;
};

/**
 * vol_chart_pyramid_new:
 *
 * Returns: (nullable): a pyramid, or NULL when @x is not sorted ascending
 *   (such series are short category data and are drawn point by point).
 */
VolChartPyramid *
vol_chart_pyramid_new (const double *x,
                       const double *y,
                       guint         n)
{
  VolChartPyramid *p;
  guint len;

  for (guint i = 1; i < n; i++)
    if (!(x[i] >= x[i - 1]))
      return NULL;

  p = g_new0 (VolChartPyramid, 1);
  p->n = n;
  /* MAX (n, 1): never a zero-size block, but copy only the n there are */
  p->x = g_new0 (double, MAX (n, 1));
  if (n > 0)
    memcpy (p->x, x, sizeof (double) * n);
  p->n_levels = 1;
  for (len = n; len > 1; len = (len + 1) / 2)
    p->n_levels++;
  p->mins = g_new0 (double *, p->n_levels);
  p->maxs = g_new0 (double *, p->n_levels);

  /* Level 0 is the samples themselves; NaN never wins a comparison, so a
   * missing sample simply does not show. */
  p->mins[0] = g_new0 (double, MAX (n, 1));
  if (n > 0)
    memcpy (p->mins[0], y, sizeof (double) * n);
  p->maxs[0] = p->mins[0];
  len = n;
  for (guint k = 1; k < p->n_levels; k++)
    {
      guint next = (len + 1) / 2;
      p->mins[k] = g_new (double, MAX (next, 1));
      p->maxs[k] = g_new (double, MAX (next, 1));
      for (guint b = 0; b < next; b++)
        {
          guint i = 2 * b;
          double lo = p->mins[k - 1][i], hi = p->maxs[k - 1][i];
          if (i + 1 < len)
            {
              double lo2 = p->mins[k - 1][i + 1], hi2 = p->maxs[k - 1][i + 1];
              lo = isnan (lo) ? lo2 : (isnan (lo2) ? lo : MIN (lo, lo2));
              hi = isnan (hi) ? hi2 : (isnan (hi2) ? hi : MAX (hi, hi2));
            }
          p->mins[k][b] = lo;
          p->maxs[k][b] = hi;
        }
      len = next;
    }
  return p;
}

void
vol_chart_pyramid_free (VolChartPyramid *p)
{
  if (p == NULL)
    return;
  for (guint k = 0; k < p->n_levels; k++)
    {
      if (p->maxs[k] != p->mins[k])
        g_free (p->maxs[k]);
      g_free (p->mins[k]);
    }
  g_free (p->mins);
  g_free (p->maxs);
  g_free (p->x);
  g_free (p);
}

/**
 * vol_chart_pyramid_range:
 * @first: first sample index
 * @end: one past the last
 *
 * Min and max of y over [first, end), in O(log n). FALSE when the range
 * holds no finite value.
 */
gboolean
vol_chart_pyramid_range (const VolChartPyramid *p,
                         guint                  first,
                         guint                  end,
                         double                *min,
                         double                *max)
{
  double lo = INFINITY, hi = -INFINITY;

  end = MIN (end, p->n);
  while (first < end)
    {
      guint k = 0;
      /* the largest aligned block starting at first that fits */
      while (k + 1 < p->n_levels && (first & ((1u << (k + 1)) - 1)) == 0
             && first + (1u << (k + 1)) <= end)
        k++;
      if (!isnan (p->mins[k][first >> k]))
        {
          lo = MIN (lo, p->mins[k][first >> k]);
          hi = MAX (hi, p->maxs[k][first >> k]);
        }
      first += 1u << k;
    }
  *min = lo;
  *max = hi;
  return lo <= hi;
}

static guint
lower_bound (const double *x,
             guint         n,
             double        value)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (x[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * vol_chart_pyramid_query:
 * @mins: (out caller-allocates): @n_columns values, NAN where a column is empty
 * @maxs: (out caller-allocates): likewise
 *
 * Splits [x0, x1) into @n_columns equal columns and gives each column's
 * min and max y.
 */
void
vol_chart_pyramid_query (const VolChartPyramid *p,
                         double                 x0,
                         double                 x1,
                         guint                  n_columns,
                         double                *mins,
                         double                *maxs)
{
  g_autofree double *edges = g_new (double, n_columns + 1);
  double width = (x1 - x0) / n_columns;

  for (guint c = 0; c < n_columns; c++)
    edges[c] = x0 + c * width;
  edges[n_columns] = x1;
  vol_chart_pyramid_query_edges (p, edges, n_columns, mins, maxs);
}

/**
 * vol_chart_pyramid_query_edges:
 * @edges: @n_columns + 1 ascending column boundaries in x
 *
 * Like vol_chart_pyramid_query() for columns of any widths: on a log axis
 * equal pixel columns are unequal spans of x.
 */
void
vol_chart_pyramid_query_edges (const VolChartPyramid *p,
                               const double          *edges,
                               guint                  n_columns,
                               double                *mins,
                               double                *maxs)
{
  guint start = lower_bound (p->x, p->n, edges[0]);

  for (guint c = 0; c < n_columns; c++)
    {
      /* the last column includes its right edge itself */
      double edge = c + 1 == n_columns ? nextafter (edges[c + 1], INFINITY) : edges[c + 1];
      guint end = lower_bound (p->x, p->n, edge);

      if (end <= start || !vol_chart_pyramid_range (p, start, end, &mins[c], &maxs[c]))
        {
          mins[c] = NAN;
          maxs[c] = NAN;
        }
      start = MAX (start, end);
    }
}
