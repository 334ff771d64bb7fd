/* test-chart-layout.c — chart geometry and decimation, as numbers
 *
 * The layout is pure, so it is tested without cairo: text is "measured"
 * by a fake that gives every character 0.6 × the font size and every line
 * 1.2 × it. Ticks are checked value by value for ranges a review meets
 * (0–0.7 ms, 0–265.8 MB/s, 0–3969 files/s) and by their invariants over
 * thousands of random ranges; the legend is checked against the pixels
 * the data is drawn on; the min/max pyramid against a brute-force scan.
 * Every test kind's chart, built from a real result (tests/data/charts),
 * and a comparison of five are laid out at the window's sizes and an
 * export's: the plot keeps its share and no text covers another or
 * leaves the canvas.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "vol-chart.h"
#include "vol-chart-build.h"
#include "vol-chart-decimate.h"
#include "vol-chart-layout.h"
#include "vol-chart-style.h"

/* ---------------------------------------------------------------------- */
/* Fake text measurement */

static const double fake_size[VOL_CHART_N_FONTS] = {
  [VOL_CHART_FONT_TITLE] = 24,
  [VOL_CHART_FONT_SUBTITLE] = 14,
  [VOL_CHART_FONT_AXIS_TITLE] = 14,
  [VOL_CHART_FONT_TICK] = 13,
  [VOL_CHART_FONT_VALUE] = 12,
  [VOL_CHART_FONT_LEGEND] = 14,
  [VOL_CHART_FONT_FOOTER] = 12,
  [VOL_CHART_FONT_WARNING] = 14,
};

static double
fake_width (const char   *text,
            VolChartFont  font)
{
  return 0.6 * fake_size[font] * g_utf8_strlen (text, -1);
}

static void
fake_measure (const char   *text,
              VolChartFont  font,
              double        wrap_width,
              double       *width,
              double       *height,
              gpointer      user_data)
{
  guint *calls = user_data;
  double lines = 1;

  g_assert_nonnull (text);
  g_assert_cmpint (font, >=, 0);
  g_assert_cmpint (font, <, VOL_CHART_N_FONTS);
  *width = fake_width (text, font);
  if (wrap_width > 0 && *width > wrap_width)
    {
      lines = ceil (*width / wrap_width);
      *width = wrap_width;
    }
  *height = 1.2 * fake_size[font] * lines;
  if (calls)
    (*calls)++;
}

static VolChartLayout *
layout_chart (const VolChart *chart,
              double          width,
              double          height)
{
  guint calls = 0;
  VolChartLayout *layout = vol_chart_layout_new (chart, width, height, fake_measure, &calls);

  g_assert_nonnull (layout);
  g_assert_cmpuint (calls, >, 0);
  return layout;
}

/* ---------------------------------------------------------------------- */
/* Helpers on axes and rectangles */

static const VolTick *
tick (const VolAxis *axis,
      guint          i)
{
  g_assert_cmpuint (i, <, axis->ticks->len);
  return &g_array_index (axis->ticks, VolTick, i);
}

/* The axis has exactly @n ticks lo, lo + step, … with these labels. */
static void
assert_ticks (const VolAxis     *axis,
              double             step,
              const char *const *labels)
{
  guint n = g_strv_length ((char **) labels);

  g_assert_cmpuint (axis->ticks->len, ==, n);
  g_assert_cmpfloat_with_epsilon (axis->step, step, step * 1e-12);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat_with_epsilon (tick (axis, i)->value, axis->min + i * step, step * 1e-9);
      g_assert_cmpstr (tick (axis, i)->label, ==, labels[i]);
    }
  g_assert_cmpfloat_with_epsilon (tick (axis, 0)->value, axis->min, step * 1e-9);
  g_assert_cmpfloat_with_epsilon (tick (axis, n - 1)->value, axis->max, step * 1e-9);
}

static gboolean
is_nice (double step)
{
  double magnitude = pow (10, floor (log10 (step) + 1e-12));
  double fraction = step / magnitude;

  return fabs (fraction - 1) < 1e-9 || fabs (fraction - 2) < 1e-9 || fabs (fraction - 2.5) < 1e-9
         || fabs (fraction - 5) < 1e-9 || fabs (fraction - 10) < 1e-9;
}

/* The nice number just below @step: 50 → 25, 25 → 20, 20 → 10, 10 → 5. */
static double
nice_below (double step)
{
  double magnitude = pow (10, floor (log10 (step) + 1e-12));
  double fraction = step / magnitude;

  if (fraction > 4.9)
    return 2.5 * magnitude;
  if (fraction > 2.4)
    return 2 * magnitude;
  if (fraction > 1.9)
    return magnitude;
  return 0.5 * magnitude;
}

static gboolean
rects_intersect (const VolRect *a,
                 const VolRect *b)
{
  return a->width > 0 && a->height > 0 && b->width > 0 && b->height > 0
         && a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

static gboolean
rect_contains (const VolRect *r,
               double         x,
               double         y)
{
  return x >= r->x && x <= r->x + r->width && y >= r->y && y <= r->y + r->height;
}

static void
assert_rect_inside (const VolRect *inner,
                    const VolRect *outer)
{
  g_assert_cmpfloat (inner->x, >=, outer->x - 1e-9);
  g_assert_cmpfloat (inner->y, >=, outer->y - 1e-9);
  g_assert_cmpfloat (inner->x + inner->width, <=, outer->x + outer->width + 1e-9);
  g_assert_cmpfloat (inner->y + inner->height, <=, outer->y + outer->height + 1e-9);
}

/* Does the segment (x0, y0)–(x1, y1) pass through @r? Liang–Barsky. */
static gboolean
segment_hits_rect (double         x0,
                   double         y0,
                   double         x1,
                   double         y1,
                   const VolRect *r)
{
  double t0 = 0, t1 = 1;
  double dx = x1 - x0, dy = y1 - y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { x0 - r->x, r->x + r->width - x0, y0 - r->y, r->y + r->height - y0 };

  for (int i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      double t = q[i] / p[i];
      if (p[i] < 0)
        t0 = MAX (t0, t);
      else
        t1 = MIN (t1, t);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* Is any drawn sample, or any line between two samples, under @r? */
static gboolean
data_under_rect (const VolChartLayout *layout,
                 const VolChart       *chart,
                 const VolRect        *r)
{
  for (guint s = 0; s < chart->series->len; s++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, s);
      double px = NAN, py = NAN;

      for (guint i = 0; i < series->x->len; i++)
        {
          double x = vol_chart_layout_x_to_pixel (layout, g_array_index (series->x, double, i));
          double y = vol_chart_layout_y_to_pixel (layout, g_array_index (series->y, double, i));

          if (!isfinite (x) || !isfinite (y))
            {
              px = py = NAN;
              continue;
            }
          if (rect_contains (r, x, y))
            return TRUE;
          if (isfinite (px) && segment_hits_rect (px, py, x, y, r))
            return TRUE;
          px = x;
          py = y;
        }
    }
  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* Numbers and labels */

static void
test_nice_number (void)
{
  /* rounding to the nearest nice number */
  g_assert_cmpfloat (vol_nice_number (1.4, TRUE), ==, 1);
  g_assert_cmpfloat (vol_nice_number (1.6, TRUE), ==, 2);
  g_assert_cmpfloat (vol_nice_number (3, TRUE), ==, 2.5);
  g_assert_cmpfloat (vol_nice_number (7, TRUE), ==, 5);
  g_assert_cmpfloat (vol_nice_number (8, TRUE), ==, 10);
  g_assert_cmpfloat_with_epsilon (vol_nice_number (0.0031, TRUE), 0.0025, 1e-15);
  /* the next one up */
  g_assert_cmpfloat (vol_nice_number (1, FALSE), ==, 1);
  g_assert_cmpfloat (vol_nice_number (1.01, FALSE), ==, 2);
  g_assert_cmpfloat (vol_nice_number (2.1, FALSE), ==, 2.5);
  g_assert_cmpfloat (vol_nice_number (2.6, FALSE), ==, 5);
  g_assert_cmpfloat (vol_nice_number (5.1, FALSE), ==, 10);
  g_assert_cmpfloat_with_epsilon (vol_nice_number (44.3, FALSE), 50, 1e-12);
  g_assert_cmpfloat_with_epsilon (vol_nice_number (992.25, FALSE), 1000, 1e-9);
  /* nonsense in, something usable out */
  g_assert_cmpfloat (vol_nice_number (0, FALSE), ==, 1);
  g_assert_cmpfloat (vol_nice_number (-3, TRUE), ==, 1);
  g_assert_cmpfloat (vol_nice_number (NAN, TRUE), ==, 1);
  g_assert_cmpfloat (vol_nice_number (INFINITY, FALSE), ==, 1);

  for (int i = 0; i < 1000; i++)
    {
      double v = pow (10, g_test_rand_double_range (-8, 12));
      double up = vol_nice_number (v, FALSE);
      double near = vol_nice_number (v, TRUE);
      g_assert_true (is_nice (up));
      g_assert_true (is_nice (near));
      g_assert_cmpfloat (up, >=, v * (1 - 1e-12));
      g_assert_cmpfloat (up, <, v * 2.5 + 1e-300);
      g_assert_cmpfloat (near, >, v / 1.5 - 1e-300);
      g_assert_cmpfloat (near, <, v * 1.5);
    }
}

static void
assert_format (double      value,
               double      step,
               const char *expected)
{
  g_autofree char *text = vol_chart_format_number (value, step);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_format_number (void)
{
  assert_format (0, 0.1, "0");
  assert_format (0.1, 0.1, "0.1");
  assert_format (0.7, 0.1, "0.7");
  assert_format (0.30000000000000004, 0.1, "0.3");
  assert_format (2.5, 2.5, "2.5");
  assert_format (5, 2.5, "5");
  assert_format (7.5, 2.5, "7.5");
  assert_format (0.25, 0.25, "0.25");
  assert_format (0.5, 0.25, "0.5");
  assert_format (0.75, 0.25, "0.75");
  assert_format (0.025, 0.025, "0.025");
  assert_format (4000, 500, "4000");
  assert_format (300, 50, "300");
  assert_format (250, 250, "250");
  assert_format (1e-4, 1e-4, "0.0001");
  assert_format (3e-4, 1e-4, "0.0003");
  assert_format (12.04, 0.1, "12");
  assert_format (12.36, 0.1, "12.4");
  /* no negative zero, from a tick computed as -1 × 0.1 + 0.1 or a tiny value */
  assert_format (-0.0, 0.1, "0");
  assert_format (-0.1 + 0.1, 0.1, "0");
  assert_format (-1e-17, 0.1, "0");
  assert_format (-0.04, 0.1, "0");
  assert_format (-0.04, 1, "0");
  assert_format (-0.0, 0, "0");
  assert_format (-2.5, 2.5, "-2.5");
  assert_format (-50, 50, "-50");
}

static void
test_format_bytes (void)
{
  static const struct { double bytes; const char *text; } cases[] = {
    { 0, "0 B" },
    { 1, "1 B" },
    { 512, "512 B" },
    { 1023, "1023 B" },
    { 1024, "1 KiB" },
    { 1536, "1.5 KiB" },
    { 4096, "4 KiB" },
    { 65536, "64 KiB" },
    { 1048576, "1 MiB" },
    { 1073741824, "1 GiB" },
    { 1099511627776.0, "1 TiB" },
    { 1125899906842624.0, "1024 TiB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = vol_chart_format_bytes (cases[i].bytes);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* ---------------------------------------------------------------------- */
/* Linear ticks */

/* Values near DBL_MAX: widening to whole steps overflowed to infinity and
 * the tick loop never ended (`export --png` of a result holding 9e307 ate
 * memory until it aborted). Every range must end in a few finite ticks. */
static void
test_linear_huge (void)
{
  static const double ranges[][2] = {
    { 0, 9e307 }, { 0, 1.7976931348623157e308 }, { -1.7976931348623157e308, 1.7976931348623157e308 },
    { 9e307, 1.7e308 }, { -9e307, 0 }, { 1e300, 1e300 }, { 5e-324, 1e308 }, { 1e308, -1e308 },
  };

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint max_ticks = 2; max_ticks <= 12; max_ticks += 5)
      {
        VolAxis axis = { 0 };

        vol_axis_init_linear (&axis, ranges[r][0], ranges[r][1], max_ticks);
        g_assert_true (isfinite (axis.min) && isfinite (axis.max) && isfinite (axis.step));
        g_assert_cmpfloat (axis.min, <, axis.max);
        g_assert_cmpuint (axis.ticks->len, >=, 2);
        g_assert_cmpuint (axis.ticks->len, <=, max_ticks + 3);
        vol_axis_clear (&axis);

        vol_axis_init_log2 (&axis, ranges[r][0], ranges[r][1], max_ticks, TRUE);
        g_assert_true (isfinite (axis.min) && isfinite (axis.max) && axis.min > 0);
        g_assert_cmpuint (axis.ticks->len, >=, 2);
        g_assert_cmpuint (axis.ticks->len, <=, max_ticks + 1);
        vol_axis_clear (&axis);
      }
}

static void
test_linear_known (void)
{
  VolAxis axis = { 0 };

  /* latency 0–0.7 ms */
  vol_axis_init_linear (&axis, 0, 0.7, 8);
  assert_ticks (&axis, 0.1,
                (const char *const[]) { "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", NULL });
  g_assert_cmpfloat (axis.min, ==, 0);
  g_assert_false (axis.log);

  vol_axis_init_linear (&axis, 0, 0.7, 11);
  assert_ticks (&axis, 0.1,
                (const char *const[]) { "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", NULL });

  /* 0.2 is a smaller step than 0.25 and fits in five */
  vol_axis_init_linear (&axis, 0, 0.7, 5);
  assert_ticks (&axis, 0.2, (const char *const[]) { "0", "0.2", "0.4", "0.6", "0.8", NULL });
  vol_axis_init_linear (&axis, 0, 0.7, 4);
  assert_ticks (&axis, 0.25, (const char *const[]) { "0", "0.25", "0.5", "0.75", NULL });

  vol_axis_init_linear (&axis, 0, 0.7, 3);
  assert_ticks (&axis, 0.5, (const char *const[]) { "0", "0.5", "1", NULL });

  /* 0–265.8 MB/s */
  vol_axis_init_linear (&axis, 0, 265.8, 7);
  assert_ticks (&axis, 50, (const char *const[]) { "0", "50", "100", "150", "200", "250", "300", NULL });
  vol_axis_init_linear (&axis, 0, 265.8, 11);
  assert_ticks (&axis, 50, (const char *const[]) { "0", "50", "100", "150", "200", "250", "300", NULL });
  vol_axis_init_linear (&axis, 0, 265.8, 6);
  assert_ticks (&axis, 100, (const char *const[]) { "0", "100", "200", "300", NULL });
  vol_axis_init_linear (&axis, 0, 265.8, 12);
  assert_ticks (&axis, 25,
                (const char *const[]) { "0", "25", "50", "75", "100", "125", "150", "175", "200", "225",
                                        "250", "275", NULL });

  /* 0–3969 files/s */
  vol_axis_init_linear (&axis, 0, 3969, 9);
  assert_ticks (&axis, 500,
                (const char *const[]) { "0", "500", "1000", "1500", "2000", "2500", "3000", "3500", "4000",
                                        NULL });
  vol_axis_init_linear (&axis, 0, 3969, 11);
  g_assert_cmpfloat (axis.step, ==, 500);
  vol_axis_init_linear (&axis, 0, 3969, 8);
  assert_ticks (&axis, 1000, (const char *const[]) { "0", "1000", "2000", "3000", "4000", NULL });
  vol_axis_init_linear (&axis, 0, 3969, 5);
  assert_ticks (&axis, 1000, (const char *const[]) { "0", "1000", "2000", "3000", "4000", NULL });
  vol_axis_init_linear (&axis, 0, 3969, 3);
  assert_ticks (&axis, 2000, (const char *const[]) { "0", "2000", "4000", NULL });
  vol_axis_init_linear (&axis, 0, 3969, 2);
  assert_ticks (&axis, 5000, (const char *const[]) { "0", "5000", NULL });

  /* a range off zero and across it */
  vol_axis_init_linear (&axis, 1003, 1047, 6);
  assert_ticks (&axis, 10, (const char *const[]) { "1000", "1010", "1020", "1030", "1040", "1050", NULL });
  vol_axis_init_linear (&axis, -0.7, 0.7, 8);
  assert_ticks (&axis, 0.25,
                (const char *const[]) { "-0.75", "-0.5", "-0.25", "0", "0.25", "0.5", "0.75", NULL });

  /* widening to whole steps costs intervals: 99.9–100.1 in two ticks
   * is 0–200, not 99–101 in three */
  vol_axis_init_linear (&axis, 99.9, 100.1, 2);
  assert_ticks (&axis, 200, (const char *const[]) { "0", "200", NULL });
  vol_axis_init_linear (&axis, 99.9, 100.1, 3);
  assert_ticks (&axis, 0.1, (const char *const[]) { "99.9", "100", "100.1", NULL });
  /* a range across 0 needs -s, 0, s: three ticks even when two are asked */
  vol_axis_init_linear (&axis, -6779525.7, 3487693.9, 2);
  assert_ticks (&axis, 1e7, (const char *const[]) { "-10000000", "0", "10000000", NULL });

  /* degenerate ranges still give a usable axis */
  vol_axis_init_linear (&axis, 0, 0, 6);
  g_assert_cmpfloat (axis.min, ==, 0);
  g_assert_cmpfloat (axis.max, >, 0);
  g_assert_cmpuint (axis.ticks->len, >=, 2);
  vol_axis_init_linear (&axis, 250, 250, 6);
  g_assert_cmpfloat (axis.min, <=, 250);
  g_assert_cmpfloat (axis.max, >, 250);
  g_assert_cmpuint (axis.ticks->len, >=, 2);
  vol_axis_init_linear (&axis, NAN, INFINITY, 6);
  g_assert_cmpfloat (axis.max, >, axis.min);
  g_assert_true (isfinite (axis.min) && isfinite (axis.max));

  vol_axis_clear (&axis);
  g_assert_null (axis.ticks);
}

/* The invariants, over random ranges of every magnitude. */
static void
check_linear (double lo,
              double hi,
              guint  max_ticks)
{
  VolAxis axis = { 0 };
  double eps;
  guint n;

  vol_axis_init_linear (&axis, lo, hi, max_ticks);
  n = axis.ticks->len;
  eps = axis.step * 1e-9;

  if (g_test_verbose ())
    g_test_message ("[%.17g, %.17g] max %u → [%g, %g] step %g, %u ticks", lo, hi, max_ticks, axis.min, axis.max,
                    axis.step, n);

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <=, MAX (max_ticks, lo < 0 && hi > 0 ? 3 : 2));
  g_assert_cmpfloat (axis.min, <=, lo + eps);
  g_assert_cmpfloat (axis.max, >=, hi - eps);
  g_assert_true (is_nice (axis.step));
  /* no wider than it has to be: less than one step of slack on each side */
  g_assert_cmpfloat (lo - axis.min, <, axis.step);
  g_assert_cmpfloat (axis.max - hi, <, axis.step);
  /* the smallest nice step that fits: the one below needs too many ticks */
  {
    double smaller = nice_below (axis.step);
    double count = ceil (hi / smaller - 1e-9) - floor (lo / smaller + 1e-9) + 1;
    g_assert_cmpfloat (count, >, MAX (max_ticks, 2));
  }

  for (guint i = 0; i < n; i++)
    {
      const VolTick *t = tick (&axis, i);
      double parsed;
      char *end = NULL;
      const char *dot;

      g_assert_cmpfloat (fabs (t->value - (axis.min + i * axis.step)), <=, eps * 10);
      g_assert_nonnull (t->label);
      parsed = g_ascii_strtod (t->label, &end);
      g_assert_true (end != NULL && *end == '\0');
      g_assert_cmpfloat (fabs (parsed - t->value), <=, axis.step * 1e-6);
      /* no "-0", no trailing zeros or point: just enough decimals */
      g_assert_false (t->label[0] == '-' && parsed == 0);
      dot = strchr (t->label, '.');
      if (dot)
        {
          g_assert_cmpint (t->label[strlen (t->label) - 1], !=, '0');
          g_assert_cmpint (t->label[strlen (t->label) - 1], !=, '.');
        }
      if (i > 0)
        g_assert_cmpstr (t->label, !=, tick (&axis, i - 1)->label);
    }
  g_assert_cmpfloat (fabs (tick (&axis, 0)->value - axis.min), <=, eps);
  g_assert_cmpfloat (fabs (tick (&axis, n - 1)->value - axis.max), <=, eps * 10);
  vol_axis_clear (&axis);
}

static void
test_linear_properties (void)
{
  static const double his[] = { 0.7, 265.8, 3969, 1, 10, 100, 99.9, 100.1, 0.001, 7.3e9, 1.2e-6, 42 };

  for (guint i = 0; i < G_N_ELEMENTS (his); i++)
    for (guint max_ticks = 2; max_ticks <= 15; max_ticks++)
      check_linear (0, his[i], max_ticks);

  for (int i = 0; i < 5000; i++)
    {
      double scale = pow (10, g_test_rand_double_range (-6, 10));
      double a = g_test_rand_double_range (-1, 1) * scale;
      double b = g_test_rand_double_range (-1, 1) * scale;
      guint max_ticks = g_test_rand_int_range (2, 16);

      if (g_test_rand_bit ())
        a = 0;   /* throughput axes start at 0 */
      if (a == b)
        continue;
      check_linear (MIN (a, b), MAX (a, b), max_ticks);
    }
}

/* ---------------------------------------------------------------------- */
/* Log ticks */

static void
test_log2_bytes (void)
{
  VolAxis axis = { 0 };
  static const char *const all[] = {
    "512 B", "1 KiB", "2 KiB", "4 KiB", "8 KiB", "16 KiB", "32 KiB", "64 KiB", "128 KiB", "256 KiB",
    "512 KiB", "1 MiB", "2 MiB", "4 MiB", "8 MiB", "16 MiB", "32 MiB", "64 MiB", "128 MiB", "256 MiB",
    "512 MiB", "1 GiB",
  };

  /* a transfer-size sweep, every power of two */
  vol_axis_init_log2 (&axis, 512, 1073741824, 22, TRUE);
  g_assert_true (axis.log);
  g_assert_cmpfloat (axis.min, ==, 512);
  g_assert_cmpfloat (axis.max, ==, 1073741824);
  g_assert_cmpuint (axis.ticks->len, ==, G_N_ELEMENTS (all));
  for (guint i = 0; i < axis.ticks->len; i++)
    {
      g_assert_cmpfloat (tick (&axis, i)->value, ==, ldexp (512, i));
      g_assert_cmpstr (tick (&axis, i)->label, ==, all[i]);
    }

  /* fewer room: every third power, still from 512 B to 1 GiB */
  vol_axis_init_log2 (&axis, 512, 1073741824, 8, TRUE);
  g_assert_cmpfloat (axis.step, ==, 8);
  {
    static const char *const third[] = {
      "512 B", "4 KiB", "32 KiB", "256 KiB", "2 MiB", "16 MiB", "128 MiB", "1 GiB",
    };
    g_assert_cmpuint (axis.ticks->len, ==, G_N_ELEMENTS (third));
    for (guint i = 0; i < axis.ticks->len; i++)
      g_assert_cmpstr (tick (&axis, i)->label, ==, third[i]);
  }

  /* any max_ticks: powers of two, evenly spaced, within the axis, not too many */
  for (guint max_ticks = 2; max_ticks <= 30; max_ticks++)
    {
      vol_axis_init_log2 (&axis, 512, 1073741824, max_ticks, TRUE);
      g_assert_cmpuint (axis.ticks->len, >=, 2);
      g_assert_cmpuint (axis.ticks->len, <=, max_ticks);
      g_assert_cmpfloat (axis.min, <=, 512);
      g_assert_cmpfloat (axis.max, >=, 1073741824);
      for (guint i = 0; i < axis.ticks->len; i++)
        {
          const VolTick *t = tick (&axis, i);
          int e;
          g_autofree char *expected = vol_chart_format_bytes (t->value);
          g_assert_cmpfloat (frexp (t->value, &e), ==, 0.5);   /* a power of two */
          g_assert_cmpfloat (t->value, >=, axis.min);
          g_assert_cmpfloat (t->value, <=, axis.max);
          g_assert_cmpstr (t->label, ==, expected);
          if (i > 0)
            g_assert_cmpfloat (t->value / tick (&axis, i - 1)->value, ==, axis.step);
        }
    }

  /* a range between powers is widened to the powers around it */
  vol_axis_init_log2 (&axis, 3000, 100000, 10, TRUE);
  g_assert_cmpfloat (axis.min, ==, 2048);
  g_assert_cmpfloat (axis.max, ==, 131072);
  g_assert_cmpstr (tick (&axis, 0)->label, ==, "2 KiB");
  g_assert_cmpstr (tick (&axis, axis.ticks->len - 1)->label, ==, "128 KiB");

  /* plain numbers: queue depths 1–32, fractions of a second */
  vol_axis_init_log2 (&axis, 1, 32, 10, FALSE);
  g_assert_cmpuint (axis.ticks->len, ==, 6);
  g_assert_cmpstr (tick (&axis, 0)->label, ==, "1");
  g_assert_cmpstr (tick (&axis, 5)->label, ==, "32");
  vol_axis_init_log2 (&axis, 0.125, 1, 10, FALSE);
  g_assert_cmpstr (tick (&axis, 0)->label, ==, "0.125");
  g_assert_cmpstr (tick (&axis, 1)->label, ==, "0.25");
  g_assert_cmpstr (tick (&axis, 2)->label, ==, "0.5");
  g_assert_cmpstr (tick (&axis, 3)->label, ==, "1");

  vol_axis_clear (&axis);
}

/* ---------------------------------------------------------------------- */
/* Value ↔ pixel */

static VolChart *
make_capacity_chart (void)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  VolChartSeries *write = vol_chart_add_series (chart, "Write", 0);
  VolChartSeries *read = vol_chart_add_series (chart, "Read", 1);

  chart->title = g_strdup ("Sequential throughput across the volume");
  chart->subtitle = g_strdup ("sdb (Samsung SSD 870 EVO 1TB), ext4 · O_DIRECT · random data");
  chart->x_title = g_strdup ("Position in the volume (% of capacity)");
  chart->y_title = g_strdup ("Throughput (MB/s)");
  chart->y_unit = g_strdup ("MB/s");
  chart->footer = g_strdup ("Volumeter 0.1.0 · 2026-11-29 23:10 UTC");
  chart->x_min = 0;
  chart->x_max = 100;
  for (int i = 0; i <= 200; i++)
    {
      vol_chart_series_add (write, i / 2.0, 200 + 50 * sin (i / 10.0));
      vol_chart_series_add (read, i / 2.0, 150 + 30 * cos (i / 7.0));
    }
  return chart;
}

static void
check_round_trip (const VolChartLayout *layout,
                  double                x,
                  double                y)
{
  double px = vol_chart_layout_x_to_pixel (layout, x);
  double py = vol_chart_layout_y_to_pixel (layout, y);
  double bx = vol_chart_layout_pixel_to_x (layout, px);
  double by = vol_chart_layout_pixel_to_y (layout, py);

  g_assert_true (isfinite (px) && isfinite (py));
  g_assert_cmpfloat (fabs (bx - x), <=, 1e-9 * MAX (fabs (x), 1e-300) + 1e-12 * (layout->x_axis.max - layout->x_axis.min) * !layout->x_axis.log);
  g_assert_cmpfloat (fabs (by - y), <=, 1e-9 * MAX (fabs (y), 1e-300) + 1e-12 * (layout->y_axis.max - layout->y_axis.min));
}

static void
test_pixel_round_trip (void)
{
  g_autoptr(VolChart) chart = make_capacity_chart ();
  g_autoptr(VolChartLayout) layout = layout_chart (chart, 960, 540);
  g_autoptr(VolChart) log_chart = vol_chart_new (VOL_CHART_KIND_LINES);
  g_autoptr(VolChartLayout) log_layout = NULL;
  VolChartSeries *series = vol_chart_add_series (log_chart, NULL, 0);
  const VolRect *plot = &layout->plot;

  /* the axis ends are the plot's edges; y grows upwards */
  g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (layout, layout->x_axis.min), plot->x, 1e-9);
  g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (layout, layout->x_axis.max), plot->x + plot->width, 1e-9);
  g_assert_cmpfloat_with_epsilon (vol_chart_layout_y_to_pixel (layout, layout->y_axis.min), plot->y + plot->height, 1e-9);
  g_assert_cmpfloat_with_epsilon (vol_chart_layout_y_to_pixel (layout, layout->y_axis.max), plot->y, 1e-9);
  g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (layout, 50), plot->x + plot->width / 2, 1e-9);
  g_assert_cmpfloat (vol_chart_layout_y_to_pixel (layout, 200), <, vol_chart_layout_y_to_pixel (layout, 100));

  for (int i = 0; i < 1000; i++)
    check_round_trip (layout, g_test_rand_double_range (-50, 150), g_test_rand_double_range (-100, 1000));

  /* a log2 x axis over transfer sizes */
  log_chart->log_x = TRUE;
  for (int e = 9; e <= 30; e++)
    vol_chart_series_add (series, ldexp (1, e), e * 10.0);
  log_layout = layout_chart (log_chart, 800, 500);
  g_assert_true (log_layout->x_axis.log);
  g_assert_cmpfloat (log_layout->x_axis.min, ==, 512);
  g_assert_cmpfloat (log_layout->x_axis.max, ==, 1073741824);
  /* each power of two is the same distance further right */
  {
    double step = vol_chart_layout_x_to_pixel (log_layout, 1024) - vol_chart_layout_x_to_pixel (log_layout, 512);
    g_assert_cmpfloat_with_epsilon (step, log_layout->plot.width / 21, 1e-9);
    g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (log_layout, 1 << 20)
                                    - vol_chart_layout_x_to_pixel (log_layout, 1 << 19), step, 1e-9);
    g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (log_layout, 512), log_layout->plot.x, 1e-9);
  }
  for (int i = 0; i < 1000; i++)
    check_round_trip (log_layout, exp2 (g_test_rand_double_range (8, 31)), g_test_rand_double_range (0, 400));
  /* the hover direction: every pixel column maps back to itself */
  for (double px = log_layout->plot.x; px <= log_layout->plot.x + log_layout->plot.width; px += 0.5)
    {
      double x = vol_chart_layout_pixel_to_x (log_layout, px);
      g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (log_layout, x), px, 1e-9);
    }
}

/* ---------------------------------------------------------------------- */
/* Whole layouts */

/* Bands do not overlap the plot or each other, everything is on the canvas. */
static void
assert_sane_layout (const VolChart       *chart,
                    const VolChartLayout *layout)
{
  const VolRect canvas = { 0, 0, layout->width, layout->height };
  const VolRect *plot = &layout->plot;

  g_assert_cmpfloat (plot->width, >, 0);
  g_assert_cmpfloat (plot->height, >, 0);
  assert_rect_inside (plot, &canvas);
  if (layout->title.height > 0)
    {
      assert_rect_inside (&layout->title, &canvas);
      g_assert_cmpfloat (layout->title.y + layout->title.height, <=, plot->y);
    }
  if (layout->subtitle.height > 0)
    {
      assert_rect_inside (&layout->subtitle, &canvas);
      g_assert_cmpfloat (layout->title.y + layout->title.height, <=, layout->subtitle.y);
      g_assert_cmpfloat (layout->subtitle.y + layout->subtitle.height, <=, plot->y);
    }
  if (layout->warnings.height > 0)
    {
      assert_rect_inside (&layout->warnings, &canvas);
      g_assert_cmpfloat (layout->subtitle.y + layout->subtitle.height, <=, layout->warnings.y);
      g_assert_cmpfloat (layout->warnings.y + layout->warnings.height, <=, plot->y);
    }
  g_assert_cmpint (layout->warnings.height > 0, ==, chart->warnings->len > 0);
  if (layout->footer.height > 0)
    {
      assert_rect_inside (&layout->footer, &canvas);
      g_assert_cmpfloat (layout->footer.y, >=, plot->y + plot->height);
    }
  if (layout->table.height > 0)
    {
      assert_rect_inside (&layout->table, &canvas);
      g_assert_cmpfloat (layout->table.y, >=, plot->y + plot->height);
      g_assert_false (rects_intersect (&layout->table, &layout->footer));
    }
  g_assert_cmpint (layout->table.height > 0, ==, chart->table->len > 0);

  switch (layout->legend_place)
    {
    case VOL_LEGEND_NONE:
      break;
    case VOL_LEGEND_ABOVE:
      assert_rect_inside (&layout->legend, &canvas);
      g_assert_cmpfloat (layout->legend.y + layout->legend.height, <=, plot->y);
      g_assert_false (rects_intersect (&layout->legend, &layout->subtitle));
      g_assert_false (rects_intersect (&layout->legend, &layout->warnings));
      break;
    default:
      assert_rect_inside (&layout->legend, plot);
      g_assert_cmpfloat (layout->legend.width, >, 0);
      g_assert_cmpfloat (layout->legend.height, >, 0);
      break;
    }

  /* y ticks fit the plot; x ticks too on a numeric axis */
  for (guint i = 0; i < layout->y_axis.ticks->len; i++)
    {
      double py = vol_chart_layout_y_to_pixel (layout, tick (&layout->y_axis, i)->value);
      g_assert_cmpfloat (py, >=, plot->y - 1e-6);
      g_assert_cmpfloat (py, <=, plot->y + plot->height + 1e-6);
    }
  for (guint i = 0; i < layout->x_axis.ticks->len; i++)
    {
      double px = vol_chart_layout_x_to_pixel (layout, tick (&layout->x_axis, i)->value);
      g_assert_cmpfloat (px, >=, plot->x - 1e-6);
      g_assert_cmpfloat (px, <=, plot->x + plot->width + 1e-6);
    }
}

static void
test_capacity_layout (void)
{
  static const double sizes[][2] = { { 640, 400 }, { 800, 500 }, { 960, 540 }, { 1600, 900 }, { 400, 300 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(VolChart) chart = make_capacity_chart ();
      g_autoptr(VolChartLayout) layout = layout_chart (chart, sizes[i][0], sizes[i][1]);

      assert_sane_layout (chart, layout);
      /* a capacity chart runs 0–100 % and starts throughput at 0 */
      g_assert_cmpfloat (layout->x_axis.min, ==, 0);
      g_assert_cmpfloat (layout->x_axis.max, ==, 100);
      g_assert_cmpfloat (layout->y_axis.min, ==, 0);
      g_assert_cmpfloat (layout->y_axis.max, >=, 250);
      g_assert_false (layout->rotate_x_labels);
      g_assert_cmpint (layout->legend_place, !=, VOL_LEGEND_NONE);
      /* the y labels fit left of the plot */
      for (guint t = 0; t < layout->y_axis.ticks->len; t++)
        g_assert_cmpfloat (fake_width (tick (&layout->y_axis, t)->label, VOL_CHART_FONT_TICK), <,
                           layout->plot.x - 18);
      /* the plot takes most of the canvas (on a small one the legend goes above) */
      g_assert_cmpfloat (layout->plot.width, >, 0.7 * sizes[i][0]);
      g_assert_cmpfloat (layout->plot.height, >, (sizes[i][1] >= 400 ? 0.4 : 0.3) * sizes[i][1]);
      /* more room, no fewer ticks */
      if (i > 0 && sizes[i][1] > sizes[i - 1][1])
        {
          g_autoptr(VolChart) smaller_chart = make_capacity_chart ();
          g_autoptr(VolChartLayout) smaller = layout_chart (smaller_chart, sizes[i - 1][0], sizes[i - 1][1]);
          g_assert_cmpuint (layout->y_axis.ticks->len, >=, smaller->y_axis.ticks->len);
        }
    }

  /* warnings and a table take room from the plot, not from each other */
  {
    g_autoptr(VolChart) chart = make_capacity_chart ();
    g_autoptr(VolChartLayout) plain = layout_chart (chart, 800, 500);
    g_autoptr(VolChartLayout) warned = NULL;

    vol_chart_add_warning (chart, "Cache not bypassed");
    vol_chart_add_warning (chart, "Zeros were written");
    warned = layout_chart (chart, 800, 500);
    assert_sane_layout (chart, warned);
    g_assert_cmpfloat (warned->warnings.height, >=, 2 * 1.2 * fake_size[VOL_CHART_FONT_WARNING]);
    g_assert_cmpfloat (warned->plot.height, <, plain->plot.height);
    g_assert_cmpfloat (warned->plot.y, >, plain->plot.y);
  }
}

/* A legend-sized box in the plot's top-right corner: one row per named
 * series, the widest name plus its swatch, 8 from the plot's edges. */
static VolRect
top_right_box (const VolChartLayout *layout,
               const VolChart       *chart)
{
  double widest = 0;
  guint rows = 0;

  for (guint i = 0; i < chart->series->len; i++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, i);
      if (series->name == NULL)
        continue;
      widest = MAX (widest, fake_width (series->name, VOL_CHART_FONT_LEGEND));
      rows++;
    }
  g_assert_cmpfloat (layout->legend_row_height, >, 0);
  return (VolRect) { layout->plot.x + layout->plot.width - 8 - (widest + 30), layout->plot.y + 8,
                     widest + 30, rows * layout->legend_row_height };
}

/* Data covering the top-right corner sends the legend elsewhere. */
static void
test_legend_avoids_data (void)
{
  g_autoptr(VolChart) chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  VolChartSeries *write = vol_chart_add_series (chart, "Write", 0);
  VolChartSeries *read = vol_chart_add_series (chart, "Read", 1);
  g_autoptr(VolChartLayout) layout = NULL;

  chart->title = g_strdup ("Top-right is taken");
  chart->x_min = 0;
  chart->x_max = 100;
  /* fast at the end of the volume, slow at the start: high on the right
   * (460 of an axis to 500), low on the left (40, 30: the bottom corners) */
  for (int i = 0; i <= 100; i++)
    {
      vol_chart_series_add (write, i, i < 50 ? 40 : 460);
      vol_chart_series_add (read, i, i < 50 ? 30 : 440);
    }
  layout = layout_chart (chart, 800, 500);
  assert_sane_layout (chart, layout);
  g_assert_cmpfloat (layout->y_axis.max, ==, 500);
  /* the top-right corner really is taken: a legend there would cover data */
  {
    VolRect tr = top_right_box (layout, chart);
    g_assert_true (data_under_rect (layout, chart, &tr));
  }
  g_assert_cmpint (layout->legend_place, ==, VOL_LEGEND_TOP_LEFT);
  g_assert_false (data_under_rect (layout, chart, &layout->legend));

  /* the same, few points: the lines between them count, not only the points */
  {
    g_autoptr(VolChart) sparse = vol_chart_new (VOL_CHART_KIND_CAPACITY);
    VolChartSeries *s = vol_chart_add_series (sparse, "Write", 0);
    VolChartSeries *low = vol_chart_add_series (sparse, "Read", 1);
    g_autoptr(VolChartLayout) l = NULL;

    sparse->x_min = 0;
    sparse->x_max = 100;
    vol_chart_series_add (s, 0, 20);
    vol_chart_series_add (s, 80, 92);
    vol_chart_series_add (s, 100, 84);
    vol_chart_series_add (low, 0, 50);
    vol_chart_series_add (low, 100, 45);
    l = layout_chart (sparse, 800, 500);
    assert_sane_layout (sparse, l);
    g_assert_cmpfloat (l->y_axis.max, ==, 100);
    /* no sample is in the top-right corner, the line from 70 % to 100 % is */
    {
      VolRect tr = top_right_box (l, sparse);
      for (guint i = 0; i < s->x->len; i++)
        g_assert_false (rect_contains (&tr, vol_chart_layout_x_to_pixel (l, g_array_index (s->x, double, i)),
                                       vol_chart_layout_y_to_pixel (l, g_array_index (s->y, double, i))));
      g_assert_true (data_under_rect (l, sparse, &tr));
    }
    g_assert_cmpint (l->legend_place, !=, VOL_LEGEND_NONE);
    g_assert_false (data_under_rect (l, sparse, &l->legend));
  }

  /* flat lines near the top and the bottom (92 and 8 of 100): two points
   * each, none in a corner, so only the lines can tell */
  {
    g_autoptr(VolChart) flat = vol_chart_new (VOL_CHART_KIND_CAPACITY);
    VolChartSeries *hi = vol_chart_add_series (flat, "Read", 0);
    VolChartSeries *lo = vol_chart_add_series (flat, "Write", 1);
    g_autoptr(VolChartLayout) l = NULL;

    vol_chart_series_add (hi, 0, 92);
    vol_chart_series_add (hi, 100, 92);
    vol_chart_series_add (lo, 0, 8);
    vol_chart_series_add (lo, 100, 8);
    l = layout_chart (flat, 800, 500);
    assert_sane_layout (flat, l);
    g_assert_cmpfloat (l->y_axis.max, ==, 100);
    {
      VolRect tr = top_right_box (l, flat);
      g_assert_true (data_under_rect (l, flat, &tr));
    }
    g_assert_cmpint (l->legend_place, ==, VOL_LEGEND_ABOVE);
  }

  /* random walks of every length: whatever the legend picks, it is clear */
  for (int trial = 0; trial < 200; trial++)
    {
      g_autoptr(VolChart) walk = vol_chart_new (g_test_rand_bit () ? VOL_CHART_KIND_CAPACITY : VOL_CHART_KIND_LINES);
      guint n = g_test_rand_int_range (2, 400);
      g_autoptr(VolChartLayout) l = NULL;

      for (guint s = 0; s < 2; s++)
        {
          VolChartSeries *series = vol_chart_add_series (walk, s ? "Read" : "Write", s);
          double y = g_test_rand_double_range (0, 500);
          for (guint i = 0; i < n; i++)
            {
              y = CLAMP (y + g_test_rand_double_range (-60, 60), 0, 500);
              vol_chart_series_add (series, 100.0 * i / (n - 1), y);
            }
        }
      l = layout_chart (walk, 800, 500);
      assert_sane_layout (walk, l);
      if (l->legend_place != VOL_LEGEND_ABOVE)
        g_assert_false (data_under_rect (l, walk, &l->legend));
    }
}

static void
test_legend_above (void)
{
  g_autoptr(VolChart) chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  VolChartSeries *write = vol_chart_add_series (chart, "Write", 0);
  VolChartSeries *read = vol_chart_add_series (chart, "Read", 1);
  g_autoptr(VolChartLayout) layout = NULL;
  g_autoptr(VolChartLayout) clear = NULL;

  chart->title = g_strdup ("No free corner");
  chart->subtitle = g_strdup ("zig-zag from 0 to the top over the whole volume");
  vol_chart_add_warning (chart, "Zeros were written");
  chart->x_min = 0;
  chart->x_max = 100;
  /* a dense zig-zag covers every corner (and takes the pyramid path),
   * up to just under the axis' end (555 × 1.08 → 600): no room for a
   * legend row over it either */
  for (int i = 0; i <= 400; i++)
    {
      vol_chart_series_add (write, i / 4.0, i % 2 ? 555 : 0);
      vol_chart_series_add (read, i / 4.0, 250);
    }
  layout = layout_chart (chart, 800, 500);
  assert_sane_layout (chart, layout);
  g_assert_cmpint (layout->legend_place, ==, VOL_LEGEND_ABOVE);
  g_assert_cmpfloat (layout->legend.height, >=, 1.2 * fake_size[VOL_CHART_FONT_LEGEND]);
  g_assert_cmpfloat (layout->legend.width, >=, fake_width ("Write", VOL_CHART_FONT_LEGEND)
                                               + fake_width ("Read", VOL_CHART_FONT_LEGEND));
  g_assert_cmpfloat (layout->legend.y, >=, layout->warnings.y + layout->warnings.height);

  /* a legend above costs the plot its height */
  g_ptr_array_remove_index (chart->series, 0);
  clear = layout_chart (chart, 800, 500);
  g_assert_cmpint (clear->legend_place, !=, VOL_LEGEND_ABOVE);
  g_assert_cmpfloat (clear->plot.height, >, layout->plot.height);
}

static void
test_legend_none (void)
{
  g_autoptr(VolChart) chart = vol_chart_new (VOL_CHART_KIND_LINES);
  VolChartSeries *series = vol_chart_add_series (chart, NULL, 0);
  g_autoptr(VolChartLayout) layout = NULL;
  g_autoptr(VolChartLayout) named = NULL;

  for (int i = 0; i < 50; i++)
    vol_chart_series_add (series, i, i * i);
  layout = layout_chart (chart, 800, 500);
  assert_sane_layout (chart, layout);
  g_assert_cmpint (layout->legend_place, ==, VOL_LEGEND_NONE);

  /* a second, named series: now there is something to tell apart */
  series = vol_chart_add_series (chart, "Read", 1);
  vol_chart_series_add (series, 0, 10);
  vol_chart_series_add (series, 49, 10);
  named = layout_chart (chart, 800, 500);
  assert_sane_layout (chart, named);
  g_assert_cmpint (named->legend_place, !=, VOL_LEGEND_NONE);
  /* one row: the unnamed series has no entry */
  g_assert_cmpfloat (named->legend.height, <, 2 * named->legend_row_height);
}

static VolChart *
make_bars_chart (guint       n_categories,
                 const char *label_prefix)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  VolChartSeries *write = vol_chart_add_series (chart, "Write", 0);
  VolChartSeries *read = vol_chart_add_series (chart, "Read", 1);

  chart->title = g_strdup ("Comparison");
  chart->subtitle = g_strdup ("Mean sequential throughput");
  chart->y_title = g_strdup ("Throughput (MB/s)");
  chart->footer = g_strdup ("Volumeter 0.1.0");
  for (guint i = 0; i < n_categories; i++)
    {
      g_ptr_array_add (labels, g_strdup_printf ("%s %u", label_prefix, i + 1));
      vol_chart_series_add (write, i, 100 + 20 * i);
      vol_chart_series_add (read, i, 150 + 10 * i);
    }
  g_ptr_array_add (labels, NULL);
  vol_chart_set_categories (chart, (const char *const *) labels->pdata);
  return chart;
}

static void
test_categories (void)
{
  /* a few short labels sit side by side */
  {
    g_autoptr(VolChart) chart = make_bars_chart (3, "sd");
    g_autoptr(VolChartLayout) layout = layout_chart (chart, 800, 500);

    assert_sane_layout (chart, layout);
    g_assert_false (layout->rotate_x_labels);
    g_assert_cmpuint (layout->x_axis.ticks->len, ==, 3);
    g_assert_cmpfloat (layout->x_axis.min, ==, -0.5);
    g_assert_cmpfloat (layout->x_axis.max, ==, 2.5);
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *expected = g_strdup_printf ("sd %u", i + 1);
        g_assert_cmpfloat (tick (&layout->x_axis, i)->value, ==, i);
        g_assert_cmpstr (tick (&layout->x_axis, i)->label, ==, expected);
        /* a category sits in the middle of its slot */
        g_assert_cmpfloat_with_epsilon (vol_chart_layout_x_to_pixel (layout, i),
                                        layout->plot.x + layout->plot.width * (i + 0.5) / 3, 1e-9);
      }
    /* bars grow from 0 */
    g_assert_cmpfloat (layout->y_axis.min, ==, 0);
  }

  /* many long labels are turned, and the plot keeps its room */
  for (guint n = 8; n <= 24; n += 8)
    {
      g_autoptr(VolChart) chart = make_bars_chart (n, "md0 RAID 0, 64 KiB stripe, 4 × Samsung 870 EVO");
      g_autoptr(VolChartLayout) layout = layout_chart (chart, 800, 600);
      g_autoptr(VolChart) short_chart = make_bars_chart (n, "sd");
      g_autoptr(VolChartLayout) short_layout = layout_chart (short_chart, 800, 600);
      /* turned labels are ellipsized to a share of the height */
      double label_w = MIN (fake_width (chart->categories[0], VOL_CHART_FONT_TICK), layout->x_label_max_width);
      double label_h = 1.2 * fake_size[VOL_CHART_FONT_TICK];
      double c = G_SQRT2 / 2;

      assert_sane_layout (chart, layout);
      g_assert_true (layout->rotate_x_labels);
      g_assert_cmpfloat (layout->plot.height, >, 100);
      g_assert_cmpfloat (layout->plot.width, >, 300);
      /* the turned labels take height, so the plot is shorter than with short ones */
      g_assert_cmpfloat (layout->plot.height, <, short_layout->plot.height);
      /* 45° labels hang down-left of their tick: they must stay on the
       * canvas and above the footer */
      for (guint i = 0; i < n; i++)
        {
          double x = vol_chart_layout_x_to_pixel (layout, i);
          double w = MIN (fake_width (chart->categories[i], VOL_CHART_FONT_TICK), layout->x_label_max_width);
          g_assert_cmpfloat (x - c * (w + label_h / 2), >=, 0);
        }
      g_assert_cmpfloat (label_w, <, fake_width (chart->categories[0], VOL_CHART_FONT_TICK));
      g_assert_cmpfloat (layout->plot.y + layout->plot.height + layout->x_label_offset + c * (label_w + label_h), <=,
                         layout->footer.y + 1e-6);
    }

  /* iterations: a table under the plot */
  {
    g_autoptr(VolChart) chart = make_bars_chart (5, "Iteration");
    g_autoptr(VolChartLayout) layout = NULL;

    chart->kind = VOL_CHART_KIND_ITERATIONS;
    vol_chart_add_table_row (chart, "Mean", (const char *const[]) { "180.0", "170.0", NULL });
    vol_chart_add_table_row (chart, "Slowest", (const char *const[]) { "100.0", "150.0", NULL });
    layout = layout_chart (chart, 800, 600);
    assert_sane_layout (chart, layout);
    g_assert_cmpfloat (layout->table.height, >=, 3 * layout->table_row_height - 1e-9);
    g_assert_cmpfloat (layout->table.x, ==, layout->plot.x);
    g_assert_cmpfloat (layout->table.width, ==, layout->plot.width);
  }
}

/* ---------------------------------------------------------------------- */
/* Decimation */

static double *
random_y (guint n)
{
  double *y = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      int kind = g_test_rand_int_range (0, 20);
      y[i] = kind == 0 ? NAN : g_test_rand_double_range (-1000, 1000);
    }
  /* a run of missing samples longer than a few blocks */
  if (n > 100)
    {
      guint start = g_test_rand_int_range (0, n - 64);
      for (guint i = start; i < start + 64; i++)
        y[i] = NAN;
    }
  return y;
}

static gboolean
brute_range (const double *y,
             guint         first,
             guint         end,
             double       *min,
             double       *max)
{
  gboolean any = FALSE;

  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = first; i < end; i++)
    {
      if (isnan (y[i]))
        continue;
      *min = MIN (*min, y[i]);
      *max = MAX (*max, y[i]);
      any = TRUE;
    }
  return any;
}

static void
test_pyramid_range (void)
{
  static const guint sizes[] = { 1, 2, 3, 7, 8, 9, 64, 65, 100, 127, 128, 129, 1000, 4097, 65537 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      guint n = sizes[s];
      g_autofree double *x = g_new (double, n);
      g_autofree double *y = random_y (n);
      VolChartPyramid *p;

      for (guint i = 0; i < n; i++)
        x[i] = i;
      p = vol_chart_pyramid_new (x, y, n);
      g_assert_nonnull (p);

      /* the whole series, every single sample, and random ranges */
      for (int trial = -1; trial < 2000; trial++)
        {
          guint first, end;
          double min, max, bmin, bmax;
          gboolean any, bany;

          if (trial == -1)
            first = 0, end = n;
          else if (trial < (int) MIN (n, 200))
            first = trial, end = trial + 1;
          else
            {
              first = g_test_rand_int_range (0, n);
              end = g_test_rand_int_range (first, n + 1);
            }
          any = vol_chart_pyramid_range (p, first, end, &min, &max);
          bany = brute_range (y, first, end, &bmin, &bmax);
          g_assert_cmpint (any, ==, bany);
          if (bany)
            {
              g_assert_cmpfloat (min, ==, bmin);
              g_assert_cmpfloat (max, ==, bmax);
            }
        }

      /* an end past the series is clamped */
      {
        double min, max, bmin, bmax;
        gboolean bany = brute_range (y, 0, n, &bmin, &bmax);
        g_assert_cmpint (vol_chart_pyramid_range (p, 0, n + 1000, &min, &max), ==, bany);
        if (bany)
          {
            g_assert_cmpfloat (min, ==, bmin);
            g_assert_cmpfloat (max, ==, bmax);
          }
        g_assert_false (vol_chart_pyramid_range (p, n, n + 5, &min, &max));
      }
      vol_chart_pyramid_free (p);
    }

  /* nothing but missing samples */
  {
    const double x[] = { 0, 1, 2, 3, 4 };
    const double y[] = { NAN, NAN, NAN, NAN, NAN };
    VolChartPyramid *p = vol_chart_pyramid_new (x, y, 5);
    double min, max;
    g_assert_nonnull (p);
    g_assert_false (vol_chart_pyramid_range (p, 0, 5, &min, &max));
    vol_chart_pyramid_free (p);
  }
}

static void
test_pyramid_query (void)
{
  for (int trial = 0; trial < 300; trial++)
    {
      guint n = g_test_rand_int_range (1, 20000);
      g_autofree double *x = g_new (double, n);
      g_autofree double *y = random_y (n);
      guint n_columns = g_test_rand_int_range (1, 700);
      g_autofree double *mins = g_new (double, n_columns);
      g_autofree double *maxs = g_new (double, n_columns);
      double pos = g_test_rand_double_range (-10, 10);
      double x0, x1, width;
      VolChartPyramid *p;

      /* sorted, uneven steps, with repeats */
      for (guint i = 0; i < n; i++)
        {
          x[i] = pos;
          if (g_test_rand_int_range (0, 10) != 0)
            pos += g_test_rand_double_range (0, 0.1);
        }
      p = vol_chart_pyramid_new (x, y, n);
      g_assert_nonnull (p);

      /* inside the data, around it, or on its exact ends */
      switch (trial % 3)
        {
        case 0:
          x0 = x[0], x1 = x[n - 1];
          break;
        case 1:
          x0 = x[0] - 1, x1 = x[n - 1] + 1;
          break;
        default:
          x0 = g_test_rand_double_range (x[0], x[n - 1] + 0.01);
          x1 = g_test_rand_double_range (x0, x[n - 1] + 1);
          break;
        }
      if (!(x1 > x0))
        x1 = x0 + 1;
      vol_chart_pyramid_query (p, x0, x1, n_columns, mins, maxs);

      width = (x1 - x0) / n_columns;
      for (guint c = 0, i = 0; c < n_columns; c++)
        {
          /* the column is [lo, hi), the last one [lo, x1] — the same
           * arithmetic as the pyramid, so edges fall the same way; a plain
           * scan of the sorted samples */
          double lo = x0 + c * width;
          double hi = c + 1 == n_columns ? x1 : x0 + (c + 1) * width;
          double bmin = INFINITY, bmax = -INFINITY;
          gboolean any = FALSE;

          while (i < n && x[i] < lo)
            i++;
          for (; i < n && (c + 1 == n_columns ? x[i] <= hi : x[i] < hi); i++)
            {
              if (isnan (y[i]))
                continue;
              bmin = MIN (bmin, y[i]);
              bmax = MAX (bmax, y[i]);
              any = TRUE;
            }
          if (any)
            {
              g_assert_cmpfloat (mins[c], ==, bmin);
              g_assert_cmpfloat (maxs[c], ==, bmax);
            }
          else
            {
              g_assert_true (isnan (mins[c]));
              g_assert_true (isnan (maxs[c]));
            }
        }
      vol_chart_pyramid_free (p);
    }
}

static void
test_pyramid_unsorted (void)
{
  const double sorted[] = { 0, 1, 1, 2, 3 };
  const double unsorted[] = { 0, 1, 3, 2, 4 };
  const double with_nan[] = { 0, 1, NAN, 3, 4 };
  const double y[] = { 5, 4, 3, 2, 1 };
  VolChartPyramid *p;

  g_assert_null (vol_chart_pyramid_new (unsorted, y, 5));
  g_assert_null (vol_chart_pyramid_new (with_nan, y, 5));
  p = vol_chart_pyramid_new (sorted, y, 5);
  g_assert_nonnull (p);
  vol_chart_pyramid_free (p);

  /* an empty series is not an error; it has nothing to show */
  p = vol_chart_pyramid_new (NULL, NULL, 0);
  if (p != NULL)
    {
      double min, max, cmin[4], cmax[4];
      g_assert_false (vol_chart_pyramid_range (p, 0, 0, &min, &max));
      vol_chart_pyramid_query (p, 0, 1, 4, cmin, cmax);
      for (guint i = 0; i < 4; i++)
        g_assert_true (isnan (cmin[i]) && isnan (cmax[i]));
      vol_chart_pyramid_free (p);
    }
}

/* ---------------------------------------------------------------------- */
/* Every kind's chart at the sizes it is shown at */

static const char *
role_name (VolChartTextRole role)
{
  static const char *const names[] = {
    "title", "subtitle", "warnings", "legend", "x tick", "y tick", "x title", "y title", "table", "footer",
  };
  return role < G_N_ELEMENTS (names) ? names[role] : "?";
}

/* Do the convex quadrilaterals @a and @b overlap by more than a rounding
 * error? Separating axis theorem: they do not when the projections on
 * some edge's normal are apart. */
static gboolean
quads_overlap (const VolChartTextBox *a,
               const VolChartTextBox *b)
{
  const VolChartTextBox *boxes[2] = { a, b };

  for (guint q = 0; q < 2; q++)
    for (guint e = 0; e < 4; e++)
      {
        const VolChartTextBox *box = boxes[q];
        double nx = -(box->qy[(e + 1) % 4] - box->qy[e]);
        double ny = box->qx[(e + 1) % 4] - box->qx[e];
        double len = hypot (nx, ny);
        double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };

        if (len == 0)
          continue;
        for (guint k = 0; k < 2; k++)
          for (guint i = 0; i < 4; i++)
            {
              double d = (boxes[k]->qx[i] * nx + boxes[k]->qy[i] * ny) / len;
              lo[k] = MIN (lo[k], d);
              hi[k] = MAX (hi[k], d);
            }
        /* touching is not overlapping */
        if (hi[0] <= lo[1] + 0.5 || hi[1] <= lo[0] + 0.5)
          return FALSE;
      }
  return TRUE;
}

/* The plot keeps its share; every text is on the canvas and clear of
 * every other; the texts the chart has are there. */
static void
assert_legible (const VolChart       *chart,
                const VolChartLayout *layout,
                gboolean              check_share,
                const char           *what)
{
  GArray *texts = layout->texts;
  double share = layout->table.height > 0 ? VOL_CHART_TABLE_PLOT_SHARE : VOL_CHART_MIN_PLOT_SHARE;
  guint n_y_ticks = 0, n_x_ticks = 0;
  gboolean has_title = FALSE;

  g_test_message ("%s: plot %.0f of %.0f high, %u texts", what, layout->plot.height, layout->height, texts->len);
  if (check_share && layout->plot.height < share * layout->height)
    g_error ("%s: the plot is %.0f of %.0f high, less than %.2f", what, layout->plot.height, layout->height, share);
  g_assert_cmpfloat (layout->plot.x, >=, 0);
  g_assert_cmpfloat (layout->plot.x + layout->plot.width, <=, layout->width);
  g_assert_cmpfloat (layout->plot.width, >=, layout->width / 2);

  for (guint i = 0; i < texts->len; i++)
    {
      const VolChartTextBox *t = &g_array_index (texts, VolChartTextBox, i);
      const VolRect *r = &t->bounds;

      if (r->x < -1e-6 || r->y < -1e-6 || r->x + r->width > layout->width + 1e-6
          || r->y + r->height > layout->height + 1e-6)
        g_error ("%s: the %s “%s” (%.1f, %.1f, %.1fx%.1f) leaves the %.0fx%.0f canvas", what,
                 role_name (t->role), t->text ? t->text : "", r->x, r->y, r->width, r->height,
                 layout->width, layout->height);
      for (guint j = i + 1; j < texts->len; j++)
        {
          const VolChartTextBox *u = &g_array_index (texts, VolChartTextBox, j);
          if (quads_overlap (t, u))
            g_error ("%s: the %s “%s” (%.1f, %.1f, %.1fx%.1f) overlaps the %s “%s” (%.1f, %.1f, %.1fx%.1f)",
                     what, role_name (t->role), t->text ? t->text : "", r->x, r->y, r->width, r->height,
                     role_name (u->role), u->text ? u->text : "", u->bounds.x, u->bounds.y, u->bounds.width,
                     u->bounds.height);
        }
      n_y_ticks += t->role == VOL_CHART_TEXT_Y_TICK;
      n_x_ticks += t->role == VOL_CHART_TEXT_X_TICK;
      has_title |= t->role == VOL_CHART_TEXT_TITLE;
    }
  /* what must never be given up: the title, the axes' labels, the legend
   * of several series, the warnings (one line each at least) */
  g_assert_true (has_title);
  g_assert_cmpuint (n_y_ticks, >=, 3);
  g_assert_cmpuint (n_x_ticks, >=, MIN (2, layout->x_axis.ticks->len));
  if (chart->series->len > 1)
    g_assert_cmpint (layout->legend_place, !=, VOL_LEGEND_NONE);
  if (chart->warnings->len > 0)
    g_assert_cmpfloat (layout->warnings.height, >=, chart->warnings->len * 1.2 * fake_size[VOL_CHART_FONT_WARNING]);
}

static VolResult *
load_chart_result (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".volumeter.json", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "charts", file, NULL);
  g_autoptr(GError) error = NULL;
  VolResult *result = vol_result_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

/* The window's result pane (560 × 400, 800 × 500) and an export's
 * (1200 × 700 at scale 2 is the 2400 × 1400 PNG); then a narrow window's,
 * where the plot cannot keep half the height but nothing may overlap. */
static const struct
{
  double   width, height;
  gboolean share;
} chart_sizes[] = {
  { 560, 400, TRUE }, { 800, 500, TRUE }, { 1200, 700, TRUE }, { 360, 300, FALSE }, { 360, 600, FALSE },
};

/* Lays @chart out at every size and checks it. */
static void
check_chart_sizes (const VolChart *chart,
                   const char     *what)
{
  for (guint s = 0; s < G_N_ELEMENTS (chart_sizes); s++)
    {
      g_autoptr(VolChartLayout) layout = layout_chart (chart, chart_sizes[s].width, chart_sizes[s].height);
      g_autofree char *where = g_strdup_printf ("%s at %.0fx%.0f", what, chart_sizes[s].width, chart_sizes[s].height);
      assert_legible (chart, layout, chart_sizes[s].share, where);
    }
}

static void
test_every_kind (void)
{
  static const char *const names[] = {
    "quick", "fill", "transfer", "random", "random-sweep", "queue", "threads", "smallfiles", "cached",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(VolResult) result = load_chart_result (names[i]);
      /* as the window builds it (its tables are widgets), and as an
       * export does, with the table under the plot */
      VolChartOptions window = { .no_table = TRUE }, export = { 0 };
      g_autoptr(VolChart) in_window = vol_chart_build_for_result (result, &window, NULL);
      g_autoptr(VolChart) exported = vol_chart_build_for_result (result, &export, NULL);
      g_autofree char *what_window = g_strdup_printf ("%s in the window", names[i]);
      g_autofree char *what_export = g_strdup_printf ("%s exported", names[i]);

      g_assert_nonnull (in_window);
      g_assert_nonnull (exported);
      g_assert_cmpuint (in_window->table->len, ==, 0);
      check_chart_sizes (in_window, what_window);
      check_chart_sizes (exported, what_export);
    }

  /* random I/O tells what its bars do not: MB/s and the time per I/O,
   * in the legend (the window's chart too) and in the export's table */
  {
    g_autoptr(VolResult) result = load_chart_result ("random");
    VolChartOptions window = { .no_table = TRUE };
    g_autoptr(VolChart) chart = vol_chart_build_for_result (result, &window, NULL);
    g_autoptr(VolChart) exported = vol_chart_build_for_result (result, NULL, NULL);
    g_autoptr(GArray) legend = vol_chart_get_legend (chart);
    gboolean rate_row = FALSE, latency_row = FALSE;

    g_assert_cmpuint (legend->len, ==, 2);
    for (guint i = 0; i < legend->len; i++)
      {
        const char *text = g_array_index (legend, VolChartLegendEntry, i).text;
        g_assert_nonnull (strstr (text, "MB/s"));
        g_assert_nonnull (strstr (text, "µs"));
      }
    for (guint i = 0; i < exported->table->len; i++)
      {
        const VolChartTableRow *row = g_ptr_array_index (exported->table, i);
        if (strstr (row->cells[0], "MB/s") && strstr (row->cells[1], "MB/s"))
          rate_row = TRUE;
        if (strstr (row->cells[0], "µs") && strstr (row->cells[1], "µs"))
          latency_row = TRUE;
      }
    g_assert_true (rate_row);
    g_assert_true (latency_row);
  }

  /* the export keeps its table where there is room, as it always had */
  {
    g_autoptr(VolResult) result = load_chart_result ("queue");
    g_autoptr(VolChart) chart = vol_chart_build_for_result (result, NULL, NULL);
    g_autoptr(VolChartLayout) layout = layout_chart (chart, 1200, 700);
    g_autoptr(VolChartLayout) small = layout_chart (chart, 560, 400);

    g_assert_cmpuint (chart->table->len, >, 0);
    g_assert_cmpfloat (layout->table.height, >, 0);
    g_assert_cmpfloat (small->table.height, ==, 0);
  }
}

static void
test_comparison_of_five (void)
{
  static const char *const labels[] = {
    "RAID 0, 64 KiB stripe", "RAID 0, 128 KiB stripe", "RAID 1 (mirror)", "Single SSD, ext4", "Single SSD, xfs",
  };
  static const char *const kinds[] = { "fill", "queue", "random" };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint bars = 0; bars < 2; bars++)
      {
        g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
        VolChartOptions options = { .bars = bars, .no_table = TRUE };
        g_autoptr(VolChart) chart = NULL;
        g_autoptr(VolChart) exported = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *what = g_strdup_printf ("five %s results compared%s", kinds[k], bars ? " in bars" : "");

        for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
          {
            VolResult *result = load_chart_result (kinds[k]);
            g_free (result->label);
            result->label = g_strdup (labels[i]);
            g_ptr_array_add (results, result);
          }
        chart = vol_chart_build_comparison ((VolResult *const *) results->pdata, results->len, &options, &error);
        g_assert_no_error (error);
        g_assert_nonnull (chart);
        check_chart_sizes (chart, what);
        options.no_table = FALSE;
        exported = vol_chart_build_comparison ((VolResult *const *) results->pdata, results->len, &options, &error);
        g_assert_no_error (error);
        check_chart_sizes (exported, what);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/chart-layout/nice-number", test_nice_number);
  g_test_add_func ("/vol/chart-layout/format-number", test_format_number);
  g_test_add_func ("/vol/chart-layout/format-bytes", test_format_bytes);
  g_test_add_func ("/vol/chart-layout/linear-known", test_linear_known);
  g_test_add_func ("/vol/chart-layout/linear-properties", test_linear_properties);
  g_test_add_func ("/vol/chart-layout/log2-bytes", test_log2_bytes);
  g_test_add_func ("/vol/chart-layout/pixel-round-trip", test_pixel_round_trip);
  g_test_add_func ("/vol/chart-layout/capacity", test_capacity_layout);
  g_test_add_func ("/vol/chart-layout/legend-avoids-data", test_legend_avoids_data);
  g_test_add_func ("/vol/chart-layout/legend-above", test_legend_above);
  g_test_add_func ("/vol/chart-layout/legend-none", test_legend_none);
  g_test_add_func ("/vol/chart-layout/categories", test_categories);
  g_test_add_func ("/vol/chart-layout/linear-huge", test_linear_huge);
  g_test_add_func ("/vol/chart-layout/decimate-range", test_pyramid_range);
  g_test_add_func ("/vol/chart-layout/decimate-query", test_pyramid_query);
  g_test_add_func ("/vol/chart-layout/decimate-unsorted", test_pyramid_unsorted);
  g_test_add_func ("/vol/chart-layout/every-kind", test_every_kind);
  g_test_add_func ("/vol/chart-layout/comparison-of-five", test_comparison_of_five);

  return g_test_run ();
}
