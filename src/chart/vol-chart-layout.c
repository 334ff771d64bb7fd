/* vol-chart-layout.c — ranges, ticks, labels and rectangles, as numbers
 *
 * Order of work: the vertical bands (title, subtitle, warnings, legend
 * when it must sit above, plot, x labels, table, footer) are fixed first,
 * because the y ticks depend only on the plot's height; the y labels'
 * width then fixes the plot's left edge, and the x labels are checked
 * against the category width (rotated when they do not fit, which costs
 * height, so the vertical pass runs once more).
 */
#include "vol-chart-layout.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-chart-decimate.h"

/* Linear axes end within ±1e300: far beyond any measurement, and far
 * enough from DBL_MAX (1.8e308) that whole steps around them stay finite. */
#define AXIS_LIMIT 1e300
#define GAP 8.0     /* between bands, in chart units */
/* around the chart: 18 chart units, 10 on a small canvas (the window's) */
#define MARGIN 18.0
#define SMALL_MARGIN 10.0

/**
 * vol_nice_number:
 * @round: nearest nice number rather than the next one up
 *
 * 1, 2, 2.5 or 5 times a power of ten (Heckbert's "nice numbers", with 2.5
 * so 0–10 can have five intervals).
 */
double
vol_nice_number (double   value,
                 gboolean round)
{
  double exponent, fraction, nice;

  if (!(value > 0) || !isfinite (value))
    return 1;
  exponent = floor (log10 (value));
  fraction = value / pow (10, exponent);
  if (round)
    nice = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10;
  else
    nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * pow (10, exponent);
}

/**
 * vol_chart_format_number:
 * @step: the tick step, which decides the precision
 *
 * "0", "0.1", "50", "2.5", "0.25", "4000": rounded to the precision the
 * step needs, then trailing zeros dropped, so each label has just the
 * decimals its value needs ("0", "0.5", "1", "1.5") — and "0" rather than
 * "-0" for a value that rounds to zero.
 */
char *
vol_chart_format_number (double value,
                         double step)
{
  int decimals = 0;
  char *text;
  char *dot;

  if (step > 0 && step < 1)
    decimals = (int) ceil (-log10 (step) - 1e-9);
  /* 0.25 needs two decimals, log10 alone says one */
  if (step > 0 && decimals >= 0 && fabs (step * pow (10, decimals) - round (step * pow (10, decimals))) > 1e-6)
    decimals++;
  decimals = CLAMP (decimals, 0, 15);
  if (fabs (value) < step * 1e-9)
    value = 0;
  text = g_strdup_printf ("%.*f", decimals, value);

  /* the locale's decimal point may be ',' */
  dot = strpbrk (text, ".,");
  if (dot != NULL)
    {
      char *end = text + strlen (text);
      while (end > dot + 1 && end[-1] == '0')
        *--end = '\0';
      if (end == dot + 1)
        *dot = '\0';
    }
  /* -0.04 at step 0.1 is "-0" by now */
  if (strcmp (text, "-0") == 0)
    memmove (text, text + 1, 2);
  return text;
}

/**
 * vol_chart_format_bytes:
 *
 * Transfer sizes as reviews label them: "512 B", "4 KiB", "1 MiB", "1 GiB".
 */
char *
vol_chart_format_bytes (double bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
  guint unit = 0;

  while (bytes >= 1024 && unit + 1 < G_N_ELEMENTS (units))
    {
      bytes /= 1024;
      unit++;
    }
  if (bytes == floor (bytes))
    return g_strdup_printf ("%.0f %s", bytes, units[unit]);
  return g_strdup_printf ("%.1f %s", bytes, units[unit]);
}

static void
add_tick (VolAxis    *axis,
          double      value,
          char       *label)
{
  VolTick tick = { value, label };
  g_array_append_val (axis->ticks, tick);
}

static void
tick_clear (gpointer data)
{
  g_free (((VolTick *) data)->label);
}

static void
axis_reset (VolAxis *axis)
{
  if (axis->ticks == NULL)
    {
      axis->ticks = g_array_new (FALSE, FALSE, sizeof (VolTick));
      g_array_set_clear_func (axis->ticks, tick_clear);
    }
  g_array_set_size (axis->ticks, 0);
}

/**
 * vol_axis_init_linear:
 * @max_ticks: at most this many ticks (at least 2)
 *
 * The smallest nice step (1, 2, 2.5, 5 × 10^k) that covers [lo, hi] in at
 * most @max_ticks ticks; the range is widened to whole steps. Ticks are
 * multiples of the step, so a range across 0 needs three at least: it
 * gets three when @max_ticks is 2.
 */
void
vol_axis_init_linear (VolAxis *axis,
                      double   lo,
                      double   hi,
                      guint    max_ticks)
{
  static const double nice[] = { 1, 2, 2.5, 5 };
  double step = 1, raw, magnitude, fewest = INFINITY, target;

  axis_reset (axis);
  axis->log = FALSE;
  max_ticks = MAX (max_ticks, 2);
  if (!isfinite (lo) || !isfinite (hi))
    lo = 0, hi = 1;
  /* Near DBL_MAX, widening to whole steps overflows to infinity and the
   * tick loop below would never end (a result with 9e307 in it did that).
   * The loaders refuse such values; this keeps the layout finite for any
   * caller. */
  lo = CLAMP (lo, -AXIS_LIMIT, AXIS_LIMIT);
  hi = CLAMP (hi, -AXIS_LIMIT, AXIS_LIMIT);
  if (hi < lo)
    {
      double swap = lo;
      lo = hi;
      hi = swap;
    }
  /* one value (or two a rounding error apart) */
  if (hi - lo <= fabs (lo) * 1e-12)
    hi = lo == 0 ? 1 : lo + fabs (lo) * 0.1;

  target = lo < 0 && hi > 0 ? MAX (max_ticks, 3) : max_ticks;
  raw = (hi - lo) / (target - 1);
  magnitude = pow (10, floor (log10 (raw)));
  /* Widening to whole steps can cost up to two more intervals than
   * raw promises (99.9–100.1 in two ticks needs a step of 200), so look
   * further up than the first step ≥ raw, and keep the step that gives
   * the fewest ticks in case none fits. */
  for (int k = 0; k < 40 && fewest > target; k++)
    for (guint i = 0; i < G_N_ELEMENTS (nice) && fewest > target; i++)
      {
        double candidate = nice[i] * magnitude * pow (10, k);
        double first = floor (lo / candidate + 1e-9);
        double last = ceil (hi / candidate - 1e-9);
        if (isfinite (candidate) && candidate >= raw * (1 - 1e-9) && last - first + 1 < fewest)
          {
            step = candidate;
            fewest = last - first + 1;
          }
      }

  axis->step = step;
  axis->min = floor (lo / step + 1e-9) * step;
  axis->max = ceil (hi / step - 1e-9) * step;
  /* At most max_ticks + 2 by the choice of step; the bound holds even if
   * rounding says otherwise. */
  for (guint i = 0; i <= max_ticks + 2; i++)
    {
      double v = axis->min + i * step;
      if (v > axis->max + step * 1e-6)
        break;
      add_tick (axis, v, vol_chart_format_number (v, step));
    }
}

/**
 * vol_axis_init_log2:
 * @bytes: label ticks as sizes ("4 KiB") rather than numbers
 *
 * Powers of two from below @lo to above @hi; when there are more than
 * @max_ticks, every k-th power, k chosen so they fit.
 */
void
vol_axis_init_log2 (VolAxis  *axis,
                    double    lo,
                    double    hi,
                    guint     max_ticks,
                    gboolean  bytes)
{
  int first, last, every;

  axis_reset (axis);
  axis->log = TRUE;
  if (!(lo > 0))
    lo = 1;
  /* so that the exponents below fit an int and 2^last is finite */
  lo = CLAMP (lo, 0x1p-1000, 0x1p1000);
  if (!(hi > lo))
    hi = lo * 2;
  hi = MIN (hi, 0x1p1010);
  first = (int) floor (log2 (lo) + 1e-9);
  last = (int) ceil (log2 (hi) - 1e-9);
  if (last == first)
    last++;
  max_ticks = MAX (max_ticks, 2);
  /* the smallest k with (last - first) / k intervals ≤ max_ticks - 1 */
  every = (last - first + (int) max_ticks - 2) / ((int) max_ticks - 1);
  every = MAX (every, 1);
  /* end the axis on a labelled tick, not a power past the last label */
  last = first + (last - first + every - 1) / every * every;
  axis->min = ldexp (1, first);
  axis->max = ldexp (1, last);
  axis->step = ldexp (1, every);
  for (int e = first; e <= last; e += every)
    {
      double v = ldexp (1, e);
      /* %.17g: a power of two is exact in decimal, 0.125 stays 0.125 */
      add_tick (axis, v, bytes ? vol_chart_format_bytes (v) : g_strdup_printf ("%.17g", v));
    }
}

void
vol_axis_clear (VolAxis *axis)
{
  g_clear_pointer (&axis->ticks, g_array_unref);
}

static double
axis_fraction (const VolAxis *axis,
               double         v)
{
  if (axis->log)
    return (log2 (v) - log2 (axis->min)) / (log2 (axis->max) - log2 (axis->min));
  return (v - axis->min) / (axis->max - axis->min);
}

static double
axis_value (const VolAxis *axis,
            double         f)
{
  if (axis->log)
    return exp2 (log2 (axis->min) + f * (log2 (axis->max) - log2 (axis->min)));
  return axis->min + f * (axis->max - axis->min);
}

double
vol_chart_layout_x_to_pixel (const VolChartLayout *layout,
                             double                x)
{
  return layout->plot.x + axis_fraction (&layout->x_axis, x) * layout->plot.width;
}

double
vol_chart_layout_y_to_pixel (const VolChartLayout *layout,
                             double                y)
{
  return layout->plot.y + layout->plot.height - axis_fraction (&layout->y_axis, y) * layout->plot.height;
}

double
vol_chart_layout_y2_to_pixel (const VolChartLayout *layout,
                              double                y)
{
  return layout->plot.y + layout->plot.height - axis_fraction (&layout->y2_axis, y) * layout->plot.height;
}

/* A series' y in pixels, on the axis it is drawn against. */
static double
series_y_to_pixel (const VolChartLayout *layout,
                   const VolChartSeries *series,
                   double                y)
{
  return series->y2 ? vol_chart_layout_y2_to_pixel (layout, y) : vol_chart_layout_y_to_pixel (layout, y);
}

double
vol_chart_layout_pixel_to_x (const VolChartLayout *layout,
                             double                px)
{
  return axis_value (&layout->x_axis, (px - layout->plot.x) / layout->plot.width);
}

double
vol_chart_layout_pixel_to_y (const VolChartLayout *layout,
                             double                py)
{
  return axis_value (&layout->y_axis, (layout->plot.y + layout->plot.height - py) / layout->plot.height);
}

typedef struct
{
  VolTextMeasure measure;
  gpointer       data;
} Measurer;

static void
measure (const Measurer *m,
         const char     *text,
         VolChartFont    font,
         double         *w,
         double         *h)
{
  *w = *h = 0;
  if (text && *text)
    m->measure (text, font, 0, w, h, m->data);
}

/* Text that must be read whole (subtitles, warnings) wraps, never ellipsizes. */
static void
measure_wrapped (const Measurer *m,
                 const char     *text,
                 VolChartFont    font,
                 double          wrap_width,
                 double         *w,
                 double         *h)
{
  *w = *h = 0;
  if (text && *text)
    m->measure (text, font, MAX (wrap_width, 40), w, h, m->data);
}

static gboolean
is_category_chart (const VolChart *chart)
{
  return chart->kind == VOL_CHART_KIND_BARS || chart->kind == VOL_CHART_KIND_ITERATIONS
         || (chart->kind == VOL_CHART_KIND_LINES && chart->categories != NULL);
}

static void
init_x_axis (VolChartLayout *layout,
             const VolChart *chart,
             guint           max_ticks)
{
  double lo, hi;

  if (is_category_chart (chart))
    {
      guint n = vol_chart_get_n_categories (chart);
      axis_reset (&layout->x_axis);
      layout->x_axis.log = FALSE;
      layout->x_axis.min = -0.5;
      layout->x_axis.max = MAX (n, 1) - 0.5;
      layout->x_axis.step = 1;
      for (guint i = 0; i < n; i++)
        add_tick (&layout->x_axis, i, g_strdup (chart->categories[i]));
      return;
    }

  if (isfinite (chart->x_min) && isfinite (chart->x_max))
    lo = chart->x_min, hi = chart->x_max;
  else if (!vol_chart_get_x_range (chart, &lo, &hi))
    lo = 0, hi = 1;
  if (chart->log_x)
    vol_axis_init_log2 (&layout->x_axis, lo, hi, max_ticks, TRUE);
  else
    vol_axis_init_linear (&layout->x_axis, lo, hi, max_ticks);
}

static void
init_y_axis (VolChartLayout *layout,
             const VolChart *chart,
             guint           max_ticks)
{
  double lo, hi;

  if (!vol_chart_get_y_range (chart, &lo, &hi))
    lo = 0, hi = 1;
  /* Throughput starts from 0 (a chart that starts elsewhere exaggerates
   * differences), with headroom for mean labels and bar values. */
  lo = MIN (lo, 0);
  hi = hi > 0 ? hi * (chart->kind == VOL_CHART_KIND_CAPACITY ? 1.08 : 1.15) : 1;
  vol_axis_init_linear (&layout->y_axis, MIN (lo, 0), hi, max_ticks);
}

/* The right-hand axis: from 0, as the left one, with a little headroom. */
static void
init_y2_axis (VolChartLayout *layout,
              const VolChart *chart,
              guint           max_ticks)
{
  double lo, hi;

  if (!vol_chart_get_y2_range (chart, &lo, &hi))
    lo = 0, hi = 1;
  hi = hi > 0 ? hi * 1.08 : 1;
  vol_axis_init_linear (&layout->y2_axis, MIN (lo, 0), hi, max_ticks);
}

static double
widest_tick (const Measurer *m,
             const VolAxis  *axis,
             double         *height)
{
  double widest = 0;

  *height = 0;
  for (guint i = 0; i < axis->ticks->len; i++)
    {
      double w, h;
      measure (m, g_array_index (axis->ticks, VolTick, i).label, VOL_CHART_FONT_TICK, &w, &h);
      widest = MAX (widest, w);
      *height = MAX (*height, h);
    }
  return widest;
}

/* Does the segment (x0, y0)–(x1, y1) pass through @r? (Liang–Barsky
 * clipping: the segment is inside every edge's half-plane for some t.) */
static gboolean
segment_crosses (double         x0,
                 double         y0,
                 double         x1,
                 double         y1,
                 const VolRect *r)
{
  double t0 = 0, t1 = 1;
  const double p[4] = { x0 - x1, x1 - x0, y0 - y1, y1 - y0 };
  const double q[4] = { x0 - r->x, r->x + r->width - x0, y0 - r->y, r->y + r->height - y0 };

  for (guint i = 0; i < 4; i++)
    {
      double t;
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;   /* parallel to this edge and outside it */
          continue;
        }
      t = q[i] / p[i];
      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* First index with x[i] > value (@after) or x[i] >= value, in sorted @x. */
static guint
bisect (const double *x,
        guint         n,
        double        value,
        gboolean      after)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (after ? x[mid] <= value : x[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Does the rectangle (pixels) cover any drawn data of the chart? A line
 * is drawn between samples, so the segments count, not only the samples:
 * two samples at the plot's ends make a line through both top corners. */
gboolean
vol_chart_layout_covers_data (const VolChartLayout *layout,
             const VolChart       *chart,
             const VolRect        *r)
{
  /* the line's width, the sample dots' radius */
  const VolRect padded = { r->x - 4, r->y - 4, r->width + 8, r->height + 8 };

  for (guint s = 0; s < chart->series->len; s++)
    {
      VolChartSeries *series = g_ptr_array_index (chart->series, s);
      guint n = series->x->len;
      const double *xs = (const double *) series->x->data;
      const double *ys = (const double *) series->y->data;

      if (chart->kind == VOL_CHART_KIND_BARS || chart->kind == VOL_CHART_KIND_ITERATIONS)
        {
          /* a bar fills from the baseline to its value, over its whole slot */
          double slot = layout->plot.width / MAX (vol_chart_get_n_categories (chart), 1);
          for (guint i = 0; i < n; i++)
            {
              double cx = vol_chart_layout_x_to_pixel (layout, xs[i]);
              double top = vol_chart_layout_y_to_pixel (layout, ys[i]);
              if (cx + slot / 2 >= r->x && cx - slot / 2 <= r->x + r->width
                  && top - MAX (layout->bar_label_room, 14) <= r->y + r->height)
                return TRUE;
            }
          continue;
        }

      if (series->has_stats && isfinite (series->mean))
        {
          /* the mean line's label sits at the right end, above the line */
          double py = vol_chart_layout_y_to_pixel (layout, series->mean);
          if (r->x + r->width > layout->plot.x + layout->plot.width * 0.6
              && py - 18 <= r->y + r->height && py + 4 >= r->y)
            return TRUE;
        }

      if (series->pyramid == NULL && n > 64)
        series->pyramid = vol_chart_pyramid_new (xs, ys, n);
      if (series->pyramid)
        {
          /* Sorted and long: the samples over the rectangle's columns and
           * one more on each side (the lines into the rectangle), whose
           * y range bounds every segment between them. */
          double lo, hi;
          double x0 = vol_chart_layout_pixel_to_x (layout, padded.x);
          double x1 = vol_chart_layout_pixel_to_x (layout, padded.x + padded.width);
          guint first = bisect (xs, n, x0, FALSE);
          guint end = bisect (xs, n, x1, TRUE);

          first = first > 0 ? first - 1 : 0;
          end = MIN (end + 1, n);
          if (first < end && vol_chart_pyramid_range (series->pyramid, first, end, &lo, &hi)
              && series_y_to_pixel (layout, series, lo) >= padded.y
              && series_y_to_pixel (layout, series, hi) <= padded.y + padded.height)
            return TRUE;
          continue;
        }

      {
        double px = NAN, py = NAN;
        for (guint i = 0; i < n; i++)
          {
            double x = vol_chart_layout_x_to_pixel (layout, xs[i]);
            double y = series_y_to_pixel (layout, series, ys[i]);
            if (!isfinite (x) || !isfinite (y))
              {
                /* a missing sample lifts the pen, as the renderer does */
                px = py = NAN;
                continue;
              }
            if (x >= padded.x && x <= padded.x + padded.width && y >= padded.y && y <= padded.y + padded.height)
              return TRUE;
            if (!series->dots && isfinite (px) && segment_crosses (px, py, x, y, &padded))
              return TRUE;
            px = x;
            py = y;
          }
      }
    }
  for (guint i = 0; i < chart->markers->len; i++)
    {
      const VolChartMarker *marker = g_ptr_array_index (chart->markers, i);
      double px = vol_chart_layout_x_to_pixel (layout, marker->x);
      if (px >= padded.x && px <= padded.x + padded.width)
        return TRUE;
    }
  return FALSE;
}

/* A legend name as drawn: ellipsized to the layout's limit. */
static double
legend_entry_width (const Measurer       *m,
                    const VolChartLayout *layout,
                    const char           *name,
                    double               *height)
{
  double w, h;

  measure (m, name, VOL_CHART_FONT_LEGEND, &w, &h);
  if (height)
    *height = h;
  return layout->legend_entry_max_width > 0 ? MIN (w, layout->legend_entry_max_width) : w;
}

static void
measure_legend (const Measurer       *m,
                const VolChart       *chart,
                const VolChartLayout *layout,
                double               *width,
                double               *height,
                double               *row_height)
{
  double widest = 0, h = 0;
  guint rows = 0;

  /* an unnamed series has no entry (vol_chart_get_legend) */
  g_autoptr(GArray) entries = vol_chart_get_legend (chart);

  for (guint i = 0; i < entries->len; i++)
    {
      double w, th;
      w = legend_entry_width (m, layout, g_array_index (entries, VolChartLegendEntry, i).text, &th);
      widest = MAX (widest, w);
      h = MAX (h, th);
      rows++;
    }
  *row_height = h + 6;
  *width = widest + 36;   /* swatch, gaps, padding */
  *height = rows * *row_height + 10;
}

/* The legend's entries side by side on one row, as the renderer flows
 * them: 8 before the first, each entry's spacing after it. */
static double
legend_row_width (const Measurer       *m,
                  const VolChart       *chart,
                  const VolChartLayout *layout)
{
  g_autoptr(GArray) entries = vol_chart_get_legend (chart);
  double x = 8;

  for (guint i = 0; i < entries->len; i++)
    x += VOL_CHART_LEGEND_SWATCH + legend_entry_width (m, layout, g_array_index (entries, VolChartLegendEntry, i).text, NULL)
         + VOL_CHART_LEGEND_SPACING;
  return x;
}

/* Legend entries side by side above the plot, flowing onto as many rows
 * as the width needs (the renderer flows them the same way). */
static guint
legend_above_rows (const Measurer       *m,
                   const VolChart       *chart,
                   const VolChartLayout *layout,
                   double                width)
{
  g_autoptr(GArray) entries = vol_chart_get_legend (chart);
  double x = 0;
  guint rows = 1;

  for (guint i = 0; i < entries->len; i++)
    {
      double entry = VOL_CHART_LEGEND_SWATCH
                     + legend_entry_width (m, layout, g_array_index (entries, VolChartLegendEntry, i).text, NULL)
                     + VOL_CHART_LEGEND_SPACING;
      if (x > 0 && x + entry > width)
        {
          rows++;
          x = 0;
        }
      x += entry;
    }
  return rows;
}

/* What a chart gives up, step by step, when the plot would get less than
 * half of the height: first the table (the window shows it beside the
 * chart, the CSV holds it), then the subtitle's second line, long
 * warnings, the footer, the subtitle (its full text stays in the SVG's
 * description and the CSV), and only then the legend's long names, which
 * may carry figures. A chart that needs none of it — every export at its
 * default size — is laid out at the first step. */
typedef struct
{
  gboolean table;
  int      subtitle_lines;   /* at most; 0: none */
  int      warning_lines;    /* per warning; 0: as many as it needs */
  gboolean footer;
  double   label_share;      /* of the height, for x tick labels turned 45° */
  double   legend_share;     /* of the width, for one legend name */
} Squeeze;

static const Squeeze squeezes[] = {
  { TRUE,  2, 0, TRUE,  0.25, 1.0 },
  { FALSE, 2, 0, TRUE,  0.25, 1.0 },
  { FALSE, 1, 0, TRUE,  0.2,  1.0 },
  { FALSE, 1, 2, TRUE,  0.2,  1.0 },
  { FALSE, 1, 2, FALSE, 0.15, 1.0 },
  { FALSE, 1, 1, FALSE, 0.12, 1.0 },
  { FALSE, 0, 1, FALSE, 0.1,  1.0 },
  { FALSE, 0, 1, FALSE, 0.1,  0.5 },
  { FALSE, 0, 1, FALSE, 0.1,  0.34 },
};

/* The vertical pass: everything but the plot's left edge. */
static void
layout_vertical (VolChartLayout *layout,
                 const VolChart *chart,
                 const Measurer *m,
                 const Squeeze  *sq,
                 double          legend_above,
                 double          x_label_height)
{
  double y = layout->margin, w, h, bottom;
  double tick_h, axis_title_h;

  measure (m, chart->title, VOL_CHART_FONT_TITLE, &w, &h);
  layout->title = (VolRect) { layout->margin, y, layout->width - 2 * layout->margin, h };
  y += h + (h > 0 ? 4 : 0);
  /* the subtitle wraps onto a second line, then is cut: the plot needs
   * the room more than the subtitle's tail (the full text is in the
   * SVG's description and the CSV) */
  {
    double one_w, one_h;
    measure (m, chart->subtitle, VOL_CHART_FONT_SUBTITLE, &one_w, &one_h);
    measure_wrapped (m, chart->subtitle, VOL_CHART_FONT_SUBTITLE, layout->width - 2 * layout->margin, &w, &h);
    layout->subtitle_lines = MIN (sq->subtitle_lines, layout->height >= 400 ? 2 : 1);
    h = MIN (h, layout->subtitle_lines * one_h);
  }
  layout->subtitle = (VolRect) { layout->margin, y, layout->width - 2 * layout->margin, h };
  y += h + (h > 0 || layout->subtitle_lines > 0 ? GAP : 0);

  layout->warning_lines = sq->warning_lines;
  if (chart->warnings->len > 0)
    {
      double total = 0;
      /* lines closer together once they are cut short */
      layout->warning_spacing = sq->warning_lines > 0 ? 2 : 4;
      for (guint i = 0; i < chart->warnings->len; i++)
        {
          g_autofree char *line = g_strdup_printf ("⚠ %s", (char *) g_ptr_array_index (chart->warnings, i));
          double one_w, one_h;
          measure_wrapped (m, line, VOL_CHART_FONT_WARNING, layout->width - 2 * layout->margin - 20, &w, &h);
          measure (m, line, VOL_CHART_FONT_WARNING, &one_w, &one_h);
          if (sq->warning_lines > 0)
            h = MIN (h, sq->warning_lines * one_h);
          total += h + layout->warning_spacing;
        }
      total += 2 * layout->warning_spacing;
      layout->warnings = (VolRect) { layout->margin, y, layout->width - 2 * layout->margin, total };
      y += total + GAP;
    }
  else
    layout->warnings = (VolRect) { layout->margin, y, 0, 0 };

  if (legend_above > 0)
    {
      layout->legend.y = y;
      y += legend_above + GAP;
    }

  /* from the bottom up: footer, table, axis title, tick labels */
  bottom = layout->height - layout->margin;
  measure (m, chart->footer, VOL_CHART_FONT_FOOTER, &w, &h);
  if (sq->footer && h > 0)
    {
      bottom -= h;
      layout->footer = (VolRect) { layout->margin, bottom, layout->width - 2 * layout->margin, h };
      bottom -= GAP;
    }
  else
    layout->footer = (VolRect) { layout->margin, bottom, layout->width - 2 * layout->margin, 0 };

  layout->table = (VolRect) { 0, bottom, 0, 0 };
  if (sq->table && chart->table->len > 0)
    {
      measure (m, "Ag", VOL_CHART_FONT_TICK, &w, &h);
      layout->table_row_height = h + 6;
      layout->table.height = (chart->table->len + 1) * layout->table_row_height;
      bottom -= layout->table.height;
      layout->table.y = bottom;
      bottom -= GAP;
    }

  measure (m, chart->x_title, VOL_CHART_FONT_AXIS_TITLE, &w, &axis_title_h);
  layout->x_title_rect = (VolRect) { layout->margin, bottom - axis_title_h, w, axis_title_h };
  measure (m, "0", VOL_CHART_FONT_TICK, &w, &tick_h);
  /* below the plot's corner the lowest y label hangs half its height:
   * the x labels start below it */
  layout->x_label_offset = MAX (6, tick_h / 2 + 1);
  bottom -= axis_title_h + GAP / 2 + MAX (x_label_height, tick_h) + layout->x_label_offset;

  layout->plot.y = y + 6;
  layout->plot.height = MAX (bottom - layout->plot.y, 20);
}

/* A tick label's width as drawn: turned ones are ellipsized. */
static double
x_label_width (const Measurer       *m,
               const VolChartLayout *layout,
               const char           *label,
               double               *height)
{
  double w, h;

  measure (m, label, VOL_CHART_FONT_TICK, &w, &h);
  if (height)
    *height = h;
  if (layout->rotate_x_labels && layout->x_label_max_width > 0)
    w = MIN (w, layout->x_label_max_width);
  return w;
}

/* Bars carry their values over them: level when each fits its bar, else
 * turned, else (bars thinner than a line) none; the renderer draws them
 * as decided here, and the legend keeps clear of them. */
static void
layout_bar_labels (VolChartLayout *layout,
                   const VolChart *chart,
                   const Measurer *m)
{
  guint n_series = chart->series->len;
  double slot, bar, widest = 0, h = 0;

  layout->bar_labels = VOL_BAR_LABELS_ABOVE;
  layout->bar_label_room = 0;
  if (chart->kind != VOL_CHART_KIND_BARS && chart->kind != VOL_CHART_KIND_ITERATIONS)
    return;
  slot = layout->plot.width / MAX (vol_chart_get_n_categories (chart), 1);
  bar = slot * 0.8 / MAX (n_series, 1);
  for (guint s = 0; s < n_series; s++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, s);
      for (guint i = 0; i < series->y->len; i++)
        {
          double v = g_array_index (series->y, double, i), w, th;
          g_autofree char *text = NULL;
          if (!isfinite (v))
            continue;
          text = vol_chart_format_number (v, v >= 100 ? 1 : 0.1);
          measure (m, text, VOL_CHART_FONT_VALUE, &w, &th);
          widest = MAX (widest, w);
          h = MAX (h, th);
        }
    }
  if (widest <= bar + 2)
    layout->bar_label_room = h + 2;
  else if (h <= bar + 2)
    {
      layout->bar_labels = VOL_BAR_LABELS_TURNED;
      layout->bar_label_room = widest + 3;
    }
  else
    layout->bar_labels = VOL_BAR_LABELS_NONE;
}

/* The rest of the layout at one step of squeezing. */
static void
layout_pass (VolChartLayout *layout,
             const VolChart *chart,
             const Measurer *m,
             const Squeeze  *sq,
             guint           n_named)
{
  double width = layout->width;
  double tick_w, tick_h, axis_title_w, axis_title_h, left;
  double legend_w = 0, legend_h = 0, x_label_h = 0;

  layout->rotate_x_labels = FALSE;
  layout->legend_in_row = FALSE;
  layout->x_label_every = 1;
  measure (m, "0", VOL_CHART_FONT_TICK, &tick_w, &tick_h);
  layout->x_label_max_width = MAX (64, sq->label_share * layout->height / (G_SQRT2 / 2) - tick_h);
  layout->legend_entry_max_width = MAX (40, sq->legend_share * (width - 2 * layout->margin - 16)
                                            - VOL_CHART_LEGEND_SWATCH - VOL_CHART_LEGEND_SPACING);
  if (n_named > 0)
    measure_legend (m, chart, layout, &legend_w, &legend_h, &layout->legend_row_height);
  layout->legend_place = n_named > 0 ? VOL_LEGEND_TOP_RIGHT : VOL_LEGEND_NONE;

  /* Each pass that goes round again changes something that only ever
   * goes one way (labels turned, legend moved above), so this ends; the
   * bound is a guard. */
  for (int pass = 0; pass < 8; pass++)
    {
      double above = layout->legend_place == VOL_LEGEND_ABOVE
                     ? legend_above_rows (m, chart, layout, width - 2 * layout->margin) * layout->legend_row_height + 6 : 0;
      guint y_ticks, x_ticks;

      layout_vertical (layout, chart, m, sq, above, x_label_h);
      measure (m, "0", VOL_CHART_FONT_TICK, &tick_w, &tick_h);
      y_ticks = (guint) CLAMP (layout->plot.height / (tick_h * 2.6), 3, 11);
      init_y_axis (layout, chart, y_ticks);

      /* horizontal: y tick labels and the rotated y title on the left */
      tick_w = widest_tick (m, &layout->y_axis, &tick_h);
      measure (m, chart->y_title, VOL_CHART_FONT_AXIS_TITLE, &axis_title_w, &axis_title_h);
      left = layout->margin + axis_title_h + GAP + tick_w + 8;
      layout->plot.x = left;
      /* the right-hand axis, when a series is on it: its tick labels and
       * its title turned, mirroring the left */
      layout->y2_room = 8;
      if (vol_chart_has_y2 (chart))
        {
          double w2, h2, title_w, title_h;
          init_y2_axis (layout, chart, y_ticks);
          w2 = widest_tick (m, &layout->y2_axis, &h2);
          measure (m, chart->y2_title ? chart->y2_title : "", VOL_CHART_FONT_AXIS_TITLE, &title_w, &title_h);
          layout->y2_room = 8 + w2 + GAP + title_h;
        }
      layout->plot.width = MAX (width - layout->margin - layout->y2_room - left, 20);

      x_ticks = (guint) CLAMP (layout->plot.width / 70, 3, 12);
      init_x_axis (layout, chart, x_ticks);
      /* numbers wider than the room between ticks: fewer ticks */
      while (!is_category_chart (chart) && x_ticks > 2 && layout->x_axis.ticks->len > 1)
        {
          double h;
          double widest = widest_tick (m, &layout->x_axis, &h);
          if (widest + 8 <= layout->plot.width / (layout->x_axis.ticks->len - 1))
            break;
          init_x_axis (layout, chart, --x_ticks);
        }

      /* category labels wider than their slot are drawn at 45° */
      if (is_category_chart (chart) && layout->x_axis.ticks->len > 0)
        {
          guint n = layout->x_axis.ticks->len;
          double slot = layout->plot.width / n;
          double widest = widest_tick (m, &layout->x_axis, &tick_h);
          /* once turned, they stay turned: a narrower plot would not untangle them */
          gboolean rotate = layout->rotate_x_labels || widest > slot - 6;
          double needed;

          if (rotate)
            widest = MIN (widest, layout->x_label_max_width);
          needed = rotate ? (widest + tick_h) * G_SQRT2 / 2 : tick_h;
          if (rotate != layout->rotate_x_labels || fabs (needed - x_label_h) > 0.5)
            {
              layout->rotate_x_labels = rotate;
              x_label_h = needed;
              continue;   /* the plot's height changed: lay out again */
            }

          if (rotate)
            {
              /* A label turned 45° ends at its tick and hangs down to the
               * left by (w + h/2)·√2/2, so the first ones can reach past
               * the canvas' left edge: move the plot's left edge until
               * each clears the margin. With R the plot's right edge,
               * tick i is at x + (i + ½)(R − x)/n; solved for x. */
              double right = width - layout->margin - layout->y2_room;
              double x = layout->plot.x;
              for (guint i = 0; i < n; i++)
                {
                  double h, f = (i + 0.5) / n;
                  double w = x_label_width (m, layout, g_array_index (layout->x_axis.ticks, VolTick, i).label, &h);
                  x = MAX (x, (layout->margin + (w + h / 2) * G_SQRT2 / 2 - f * right) / (1 - f));
                }
              /* labels too long for any plot: keep a sliver of plot on
               * the canvas rather than push it off */
              layout->plot.x = MIN (x, MAX (right - 20, layout->plot.x));
              layout->plot.width = MAX (right - layout->plot.x, 20);
              /* turned labels one slot apart are slot·√2/2 apart across
               * their lines: label every k-th when that is less than a line */
              slot = layout->plot.width / n;
              layout->x_label_every = (guint) MAX (1, ceil ((tick_h + 2) / (slot * G_SQRT2 / 2)));
            }
        }

      layout_bar_labels (layout, chart, m);
      if (layout->legend_place != VOL_LEGEND_NONE && layout->legend_place != VOL_LEGEND_ABOVE)
        {
          static const VolLegendPlace corners[] = {
            VOL_LEGEND_TOP_RIGHT, VOL_LEGEND_TOP_LEFT, VOL_LEGEND_BOTTOM_RIGHT, VOL_LEGEND_BOTTOM_LEFT,
          };
          gboolean placed = FALSE;
          /* a column of entries in a corner; else, in a small plot, a
           * row of them, which is lower */
          double row_w = legend_row_width (m, chart, layout);
          double row_h = layout->legend_row_height + 10;
          for (guint i = 0; i < 2 * G_N_ELEMENTS (corners) && !placed; i++)
            {
              const VolRect *p = &layout->plot;
              VolLegendPlace corner = corners[i % G_N_ELEMENTS (corners)];
              gboolean in_row = i >= G_N_ELEMENTS (corners);
              gboolean right = corner == VOL_LEGEND_TOP_RIGHT || corner == VOL_LEGEND_BOTTOM_RIGHT;
              gboolean top = corner == VOL_LEGEND_TOP_RIGHT || corner == VOL_LEGEND_TOP_LEFT;
              double lw = in_row ? row_w : legend_w, lh = in_row ? row_h : legend_h;
              VolRect r = {
                right ? p->x + p->width - lw - 8 : p->x + 8,
                top ? p->y + 8 : p->y + p->height - lh - 8,
                lw, lh,
              };
              if (in_row && n_named < 2)
                break;
              if (lw < p->width - 16 && lh < p->height - 16 && !vol_chart_layout_covers_data (layout, chart, &r))
                {
                  layout->legend = r;
                  layout->legend_place = corner;
                  layout->legend_in_row = in_row;
                  placed = TRUE;
                }
            }
          if (!placed)
            {
              /* every corner would hide data: put it above the plot */
              layout->legend_place = VOL_LEGEND_ABOVE;
              continue;
            }
        }
      break;
    }

  if (layout->legend_place == VOL_LEGEND_ABOVE)
    layout->legend = (VolRect) { layout->margin, layout->legend.y, width - 2 * layout->margin,
                                 legend_above_rows (m, chart, layout, width - 2 * layout->margin) * layout->legend_row_height + 6 };
  else if (layout->legend_place == VOL_LEGEND_NONE)
    layout->legend = (VolRect) { 0, 0, 0, 0 };
  /* the y title sits just left of the tick labels, wherever the plot's
   * left edge ended up */
  tick_w = widest_tick (m, &layout->y_axis, &tick_h);
  measure (m, chart->y_title, VOL_CHART_FONT_AXIS_TITLE, &axis_title_w, &axis_title_h);
  layout->y_title_x = MAX (layout->plot.x - 8 - tick_w - GAP - axis_title_h / 2, layout->margin + axis_title_h / 2);
  layout->y_title_max = layout->plot.height;
  if (vol_chart_has_y2 (chart))
    {
      /* the right-hand title ends the room the pass kept for it */
      double title_w, title_h;
      measure (m, chart->y2_title ? chart->y2_title : "", VOL_CHART_FONT_AXIS_TITLE, &title_w, &title_h);
      layout->y2_title_x = MIN (layout->plot.x + layout->plot.width + layout->y2_room - title_h / 2,
                                width - layout->margin - title_h / 2);
    }
  /* the x title centred under the plot, but on the canvas */
  {
    VolRect *r = &layout->x_title_rect;
    r->width = MIN (r->width, width - 2 * layout->margin);
    r->x = CLAMP (layout->plot.x + layout->plot.width / 2 - r->width / 2, layout->margin, width - layout->margin - r->width);
  }
  layout->table.x = layout->plot.x;
  layout->table.width = layout->plot.width;
}

/* The table's columns: the row labels', then one per series, each as
 * wide as its widest cell needs and at most 180 (columns sized to read,
 * not stretched across a wide chart). FALSE when it does not fit. */
static gboolean
layout_table (VolChartLayout *layout,
              const VolChart *chart,
              const Measurer *m)
{
  g_autofree const VolChartSeries **columns = g_new0 (const VolChartSeries *, chart->series->len + 1);
  guint n_cols = MAX (vol_chart_table_columns (chart, columns), 1);
  double label_w = 0, cell_w = 0, w, h;

  layout->table_label_width = layout->table_column_width = 0;
  if (layout->table.height <= 0)
    return TRUE;
  for (guint i = 0; i < chart->table->len; i++)
    {
      const VolChartTableRow *row = g_ptr_array_index (chart->table, i);
      measure (m, row->label, VOL_CHART_FONT_TICK, &w, &h);
      label_w = MAX (label_w, w);
      for (guint c = 0; row->cells && row->cells[c] && c < n_cols; c++)
        {
          measure (m, row->cells[c], VOL_CHART_FONT_TICK, &w, &h);
          cell_w = MAX (cell_w, w);
        }
    }
  /* headers (the series' names) are ellipsized to their column */
  layout->table_label_width = label_w;
  layout->table_column_width = MIN ((layout->table.width - label_w - 16) / n_cols, 180);
  return layout->table_column_width >= cell_w + 8;
}

static void
add_text (VolChartLayout   *layout,
          VolChartTextRole  role,
          const char       *text,
          double            x,
          double            y,
          double            w,
          double            h)
{
  VolChartTextBox box = { role, text, { x, x + w, x + w, x }, { y, y, y + h, y + h }, { x, y, w, h } };

  if (w > 0 && h > 0)
    g_array_append_val (layout->texts, box);
}

/* @w × @h drawn ending at (x, y) and turned 45° up to the right about
 * it, as the renderer turns x labels: its box is (-w, -h/2)–(0, h/2). */
static void
add_turned_text (VolChartLayout   *layout,
                 VolChartTextRole  role,
                 const char       *text,
                 double            x,
                 double            y,
                 double            w,
                 double            h)
{
  const double c = G_SQRT2 / 2;
  const double lx[4] = { -w, 0, 0, -w }, ly[4] = { -h / 2, -h / 2, h / 2, h / 2 };
  VolChartTextBox box = { role, text, { 0 }, { 0 }, { 0 } };
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;

  if (!(w > 0 && h > 0))
    return;
  for (guint i = 0; i < 4; i++)
    {
      /* rotation by −45°: x' = (lx + ly)·c, y' = (ly − lx)·c */
      box.qx[i] = x + (lx[i] + ly[i]) * c;
      box.qy[i] = y + (ly[i] - lx[i]) * c;
      x0 = MIN (x0, box.qx[i]);
      x1 = MAX (x1, box.qx[i]);
      y0 = MIN (y0, box.qy[i]);
      y1 = MAX (y1, box.qy[i]);
    }
  box.bounds = (VolRect) { x0, y0, x1 - x0, y1 - y0 };
  g_array_append_val (layout->texts, box);
}

/* Every text the renderer draws, where it draws it. */
static void
collect_texts (VolChartLayout *layout,
               const VolChart *chart,
               const Measurer *m)
{
  double w, h, tick_h;

  g_array_set_size (layout->texts, 0);
  measure (m, chart->title, VOL_CHART_FONT_TITLE, &w, &h);
  add_text (layout, VOL_CHART_TEXT_TITLE, chart->title, layout->title.x, layout->title.y,
            MIN (w, layout->title.width), h);
  if (layout->subtitle_lines > 0)
    {
      /* a line cut short ends in "…" further right than the wrapped
       * lines' widest: the band's width */
      add_text (layout, VOL_CHART_TEXT_SUBTITLE, chart->subtitle, layout->subtitle.x, layout->subtitle.y,
                layout->subtitle.width, layout->subtitle.height);
    }
  if (chart->warnings->len > 0)
    add_text (layout, VOL_CHART_TEXT_WARNINGS, g_ptr_array_index (chart->warnings, 0), layout->warnings.x,
              layout->warnings.y, layout->warnings.width, layout->warnings.height);
  if (layout->legend_place != VOL_LEGEND_NONE)
    add_text (layout, VOL_CHART_TEXT_LEGEND, NULL, layout->legend.x, layout->legend.y, layout->legend.width,
              layout->legend.height);

  measure (m, "0", VOL_CHART_FONT_TICK, &w, &tick_h);
  for (guint i = 0; i < layout->y_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (layout->y_axis.ticks, VolTick, i);
      double y = vol_chart_layout_y_to_pixel (layout, t->value);
      measure (m, t->label, VOL_CHART_FONT_TICK, &w, &h);
      add_text (layout, VOL_CHART_TEXT_Y_TICK, t->label, layout->plot.x - 8 - w, y - tick_h / 2, w, h);
    }
  for (guint i = 0; layout->y2_axis.ticks && i < layout->y2_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (layout->y2_axis.ticks, VolTick, i);
      double y = vol_chart_layout_y2_to_pixel (layout, t->value);
      measure (m, t->label, VOL_CHART_FONT_TICK, &w, &h);
      add_text (layout, VOL_CHART_TEXT_Y_TICK, t->label, layout->plot.x + layout->plot.width + 8, y - tick_h / 2, w, h);
    }
  for (guint i = 0; i < layout->x_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (layout->x_axis.ticks, VolTick, i);
      double x = vol_chart_layout_x_to_pixel (layout, t->value);
      double y = layout->plot.y + layout->plot.height + layout->x_label_offset;
      if (i % layout->x_label_every != 0)
        continue;
      w = x_label_width (m, layout, t->label, &h);
      if (layout->rotate_x_labels)
        add_turned_text (layout, VOL_CHART_TEXT_X_TICK, t->label, x, y, w, h);
      else
        add_text (layout, VOL_CHART_TEXT_X_TICK, t->label, x - w / 2, y, w, h);
    }
  add_text (layout, VOL_CHART_TEXT_X_TITLE, chart->x_title, layout->x_title_rect.x, layout->x_title_rect.y,
            layout->x_title_rect.width, layout->x_title_rect.height);
  measure (m, chart->y_title, VOL_CHART_FONT_AXIS_TITLE, &w, &h);
  w = MIN (w, layout->y_title_max);
  add_text (layout, VOL_CHART_TEXT_Y_TITLE, chart->y_title, layout->y_title_x - h / 2,
            layout->plot.y + layout->plot.height / 2 - w / 2, h, w);
  if (vol_chart_has_y2 (chart) && chart->y2_title)
    {
      measure (m, chart->y2_title, VOL_CHART_FONT_AXIS_TITLE, &w, &h);
      w = MIN (w, layout->plot.height);
      add_text (layout, VOL_CHART_TEXT_Y_TITLE, chart->y2_title, layout->y2_title_x - h / 2,
                layout->plot.y + layout->plot.height / 2 - w / 2, h, w);
    }
  if (layout->table.height > 0)
    {
      g_autofree const VolChartSeries **columns = g_new0 (const VolChartSeries *, chart->series->len + 1);
      guint n_cols = MAX (vol_chart_table_columns (chart, columns), 1);

      add_text (layout, VOL_CHART_TEXT_TABLE, NULL, layout->table.x, layout->table.y,
                layout->table_label_width + 16 + n_cols * layout->table_column_width,
                layout->table.height);
    }
  if (layout->footer.height > 0)
    {
      measure (m, chart->footer, VOL_CHART_FONT_FOOTER, &w, &h);
      add_text (layout, VOL_CHART_TEXT_FOOTER, chart->footer, layout->width - layout->margin - w, layout->footer.y, w, h);
    }
}

/**
 * vol_chart_layout_new:
 * @measure: measures text in one of the style's fonts
 *
 * Lays @chart out in a @width × @height area. The plot gets at least half
 * of the height where giving up secondary text can make it so (a chart
 * in the application's window is a fraction of an export's size), a third
 * when the chart keeps its table: see Squeeze for what goes first.
 * layout->texts lists every text placed.
 */
VolChartLayout *
vol_chart_layout_new (const VolChart *chart,
                      double          width,
                      double          height,
                      VolTextMeasure  measure_func,
                      gpointer        measure_data)
{
  VolChartLayout *layout;
  Measurer m = { measure_func, measure_data };
  guint n_named = 0;

  g_return_val_if_fail (chart != NULL, NULL);

  layout = g_new0 (VolChartLayout, 1);
  layout->width = width;
  layout->height = height;
  layout->margin = width < 640 || height < 480 ? SMALL_MARGIN : MARGIN;
  layout->texts = g_array_new (FALSE, TRUE, sizeof (VolChartTextBox));
  axis_reset (&layout->x_axis);
  axis_reset (&layout->y_axis);
  axis_reset (&layout->y2_axis);

  {
    g_autoptr(GArray) entries = vol_chart_get_legend (chart);
    n_named = entries->len;
  }

  for (guint level = 0; level < G_N_ELEMENTS (squeezes); level++)
    {
      gboolean table_fits;

      layout_pass (layout, chart, &m, &squeezes[level], n_named);
      table_fits = layout_table (layout, chart, &m);
      /* An export's table (the application's charts have none) stays
       * while the plot keeps a third of the height: the reviews print
       * their tables under the chart, and every export at its default
       * size keeps it as it always had. */
      if (layout->table.height > 0 ? table_fits && layout->plot.height >= VOL_CHART_TABLE_PLOT_SHARE * height
                                   : layout->plot.height >= VOL_CHART_MIN_PLOT_SHARE * height)
        break;
    }
  collect_texts (layout, chart, &m);
  return layout;
}

void
vol_chart_layout_free (VolChartLayout *layout)
{
  if (layout == NULL)
    return;
  vol_axis_clear (&layout->x_axis);
  vol_axis_clear (&layout->y_axis);
  vol_axis_clear (&layout->y2_axis);
  g_clear_pointer (&layout->texts, g_array_unref);
  g_free (layout);
}
