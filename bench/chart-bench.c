/* chart-bench — does drawing cost grow with the number of samples?
 *
 * Renders a capacity chart at 1200×700 into an image surface for 1e3,
 * 1e4, 1e5 and 1e6 samples per series (two series, as a fill run has),
 * best of N frames each, then a 2400×1400 PNG export. The series are built
 * once, as the app builds them once per result; the min/max pyramid is
 * built on the first frame and reused, so the steady-state frame is what a
 * redraw costs. Target: frame(1e6) / frame(1e3) ≤ 2.
 *
 *   bench/chart-bench [FRAMES]
 *   bench/chart-bench --smoke      (the bench suite: 1 frame, not judged)
 */
#include <math.h>
#include <stdio.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "vol-chart.h"
#include "vol-chart-export.h"
#include "vol-chart-render.h"
#include "vol-chart-style.h"

static VolChart *
make_chart (guint n)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  VolChartSeries *w = vol_chart_add_series (chart, "Write", 0);
  VolChartSeries *r = vol_chart_add_series (chart, "Read", 1);
  GRand *rand = g_rand_new_with_seed (42);

  chart->title = g_strdup ("Sequential throughput across the volume");
  chart->subtitle = g_strdup_printf ("bench · %u samples per series", n);
  chart->x_title = g_strdup ("Position in the volume (% of capacity)");
  chart->y_title = g_strdup ("Throughput (MB/s)");
  chart->y_unit = g_strdup ("MB/s");
  chart->footer = g_strdup ("Volumeter bench");
  chart->x_min = 0;
  chart->x_max = 100;
  for (guint i = 0; i < n; i++)
    {
      double x = (i + 0.5) / n * 100;
      vol_chart_series_add (w, x, 250 - x * 0.8 + g_rand_double_range (rand, -20, 20));
      vol_chart_series_add (r, x, 480 - x * 1.1 + g_rand_double_range (rand, -25, 25));
    }
  w->has_stats = r->has_stats = TRUE;
  w->mean = 210, w->stddev = 25;
  r->mean = 425, r->stddev = 33;
  g_rand_free (rand);
  return chart;
}

static double
frame_ms (VolChart            *chart,
          const VolChartStyle *style,
          cairo_surface_t     *surface,
          guint                frames)
{
  double best = INFINITY;

  for (guint f = 0; f < frames + 1; f++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 start = g_get_monotonic_time ();
      vol_chart_render (chart, style, cr, 1200, 700);
      cairo_surface_flush (surface);
      cairo_destroy (cr);
      /* frame 0 builds the pyramid; a redraw is what the widget repeats */
      if (f > 0)
        best = MIN (best, (g_get_monotonic_time () - start) / 1000.0);
    }
  return best;
}

int
main (int argc, char **argv)
{
  const guint sizes[] = { 1000, 10000, 100000, 1000000 };
  /* --smoke (the bench suite): one frame per size; the ratio is printed, not judged */
  gboolean smoke = argc > 1 && g_strcmp0 (argv[1], "--smoke") == 0;
  guint frames = smoke ? 1 : argc > 1 ? (guint) atoi (argv[1]) : 20;
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 700);
  double first = 0, last = 0, first_frame_1e6 = 0;

  printf ("%-12s %14s\n", "samples", "frame (ms)");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(VolChart) chart = make_chart (sizes[i]);
      double ms;
      gint64 start = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (surface);

      vol_chart_render (chart, style, cr, 1200, 700);
      cairo_destroy (cr);
      if (sizes[i] == 1000000)
        first_frame_1e6 = (g_get_monotonic_time () - start) / 1000.0;
      ms = frame_ms (chart, style, surface, frames);
      printf ("%-12u %14.2f\n", sizes[i], ms);
      if (i == 0)
        first = ms;
      last = ms;
    }
  printf ("ratio 1e6/1e3: %.2f (target <= 2)\n", last / first);
  printf ("first frame at 1e6 (builds the pyramid): %.2f ms\n", first_frame_1e6);

  {
    g_autoptr(VolChart) chart = make_chart (1000000);
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "volumeter-chart-bench.png", NULL);
    gint64 start = g_get_monotonic_time ();
    if (!vol_chart_export_png (chart, style, path, 1200, 700, 2, NULL))
      return 1;
    printf ("PNG export 2400x1400, 1e6 samples: %.1f ms\n", (g_get_monotonic_time () - start) / 1000.0);
    g_unlink (path);
  }
  cairo_surface_destroy (surface);
  return 0;
}
