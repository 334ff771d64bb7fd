/* compare-bench — does a comparison of many results cost much more than one?
 *
 * Builds N synthetic fill results (1000 samples per series, write and read,
 * each with its own stripe size so the comparison names and orders them),
 * once. Then times, best of FRAMES rounds, what the app and the CLI
 * do each time a chart is shown: build the chart from the results and
 * render it once at 1200×700 into a cairo image surface.
 *
 *   one      vol_chart_build_for_result (one result's capacity chart)
 *   N        vol_chart_build_comparison_by (N results, curves overlaid)
 *   N bars   the same with options.bars (grouped bars of the means, table)
 *
 * Target (issue 6): time(N = 20) / time(one) ≤ 3.
 *
 *   bench/compare-bench [FRAMES] [N]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

#include "vol-chart-build.h"
#include "vol-chart-render.h"
#include "vol-chart-style.h"

#define SAMPLES 1000

static VolResult *
make_fill (guint index)
{
  VolResult *r = vol_result_new ("fill");
  VolSeries *w, *rd;
  GRand *rand = g_rand_new_with_seed (42 + index);
  double speed = 150e6 + 10e6 * index;

  r->app_version = g_strdup ("bench");
  r->target = vol_target_info_new ();
  r->target->device = g_strdup ("md0");
  r->target->fs_type = g_strdup ("ext4");
  r->target->raid_level = g_strdup ("raid0");
  r->target->stripe_bytes = (guint64) 4096 << index;
  r->params = g_variant_ref_sink (g_variant_new_parsed ("{'files': <int64 1000>, 'chunk': <int64 33554432>}"));
  r->cache_bypass = VOL_CACHE_BYPASS_DIRECT;

  w = vol_result_add_series (r, "write", "Write", "position", "throughput");
  rd = vol_result_add_series (r, "read", "Read", "position", "throughput");
  for (VolSeries **s = (VolSeries *[]) { w, rd, NULL }; *s; s++)
    {
      vol_series_add_column (*s, "position", "%");
      vol_series_add_column (*s, "throughput", "B/s");
    }
  for (guint i = 0; i < SAMPLES; i++)
    {
      double pos = (i + 0.5) / SAMPLES * 98;
      double row[2] = { pos, speed * (1 - pos / 400) + g_rand_double_range (rand, -10e6, 10e6) };
      vol_series_append (w, row, 2);
      row[1] = 2.1 * speed * (1 - pos / 300) + g_rand_double_range (rand, -15e6, 15e6);
      vol_series_append (rd, row, 2);
    }
  vol_result_add_summary (r, "write", "throughput");
  vol_result_add_summary (r, "read", "throughput");
  g_rand_free (rand);
  return r;
}

typedef enum { ONE, TWO, CURVES, BARS, N_MODES } Mode;

/* Build the chart, render it once; milliseconds. */
static double
build_and_render_ms (VolResult *const    *results,
                     guint                n,
                     Mode                 mode,
                     const VolChartStyle *style,
                     cairo_surface_t     *surface)
{
  VolChartOptions options = { .bars = mode == BARS };
  g_autoptr(GError) error = NULL;
  g_autoptr(VolChart) chart = NULL;
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr;

  chart = mode == ONE ? vol_chart_build_for_result (results[0], &options, &error)
                      : vol_chart_build_comparison_by (results, mode == TWO ? 2 : n, NULL, &options, &error);
  if (chart == NULL)
    {
      fprintf (stderr, "compare-bench: %s\n", error->message);
      exit (1);
    }
  cr = cairo_create (surface);
  vol_chart_render (chart, style, cr, 1200, 700);
  cairo_surface_flush (surface);
  cairo_destroy (cr);
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int    argc,
      char **argv)
{
  /* --smoke (the bench suite): 1 frame, 3 results; the ratios are printed, not judged */
  gboolean smoke = argc > 1 && g_strcmp0 (argv[1], "--smoke") == 0;
  guint frames = smoke ? 1 : argc > 1 ? (guint) atoi (argv[1]) : 20;
  guint n = smoke ? 3 : argc > 2 ? (guint) atoi (argv[2]) : 20;
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 700);
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  double best[N_MODES] = { INFINITY, INFINITY, INFINITY, INFINITY };
  double one, curves, bars, two;

  if (frames < 1 || n < 2 || n > 40)
    {
      fprintf (stderr, "usage: compare-bench [FRAMES ≥ 1] [N 2…40] | --smoke\n");
      return 2;
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (results, make_fill (i));

  /* The kinds take turns within each round, so a burst of load elsewhere
   * on the machine hits them alike; each keeps its best round. Round 0
   * warms the font caches and is not counted. */
  for (guint f = 0; f <= frames; f++)
    for (Mode m = ONE; m < N_MODES; m++)
      {
        double ms = build_and_render_ms ((VolResult *const *) results->pdata, n, m, style, surface);
        if (f > 0)
          best[m] = MIN (best[m], ms);
      }
  one = best[ONE];
  two = best[TWO];
  curves = best[CURVES];
  bars = best[BARS];

  printf ("%u fill results of %u samples per series; build + render at 1200x700, best of %u\n", n, SAMPLES, frames);
  printf ("%-28s %10s %8s\n", "chart", "ms", "ratio");
  printf ("%-28s %10.2f %8.2f\n", "one result", one, 1.0);
  printf ("%-28s %10.2f %8.2f\n", "2 results, curves", two, two / one);
  printf ("%2u results, curves %9s %10.2f %8.2f\n", n, "", curves, curves / one);
  printf ("%2u results, bars %11s %10.2f %8.2f\n", n, "", bars, bars / one);
  printf ("ratio %u/1, curves: %.2f (target <= 3): %s\n", n, curves / one, curves / one <= 3 ? "PASS" : "MISS");
  printf ("ratio %u/1, bars:   %.2f (target <= 3): %s\n", n, bars / one, bars / one <= 3 ? "PASS" : "MISS");
  cairo_surface_destroy (surface);
  if (smoke)
    return 0;
  return curves / one <= 3 && bars / one <= 3 ? 0 : 1;
}
