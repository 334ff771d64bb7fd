/* test-chart-export.c — every chart kind, as PNG, SVG, PDF and CSV
 *
 * Charts are built from hand-made results (a fill run, four runs that
 * differ only in stripe size) and by hand for the kinds later tests will
 * produce (bars by transfer size, lines by queue depth, iterations).
 * Set VOL_CHART_GALLERY=DIR to keep the files and look at them.
 */
#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "vol-chart-build.h"
#include "vol-chart-card.h"
#include "vol-chart-export.h"
#include "vol-chart-style.h"
#include "vol-error.h"

static char *out_dir;

static VolResult *
make_fill_result (const char *label,
                  guint64     stripe,
                  double      speed,
                  guint       n,
                  gboolean    cliff)
{
  VolResult *r = vol_result_new ("fill");
  VolSeries *w, *rd;
  GVariantBuilder b;

  r->app_version = g_strdup ("0.1.0");
  r->label = g_strdup (label);
  r->target = vol_target_info_new ();
  r->target->device = g_strdup ("md0");
  r->target->fs_type = g_strdup ("ext4");
  r->target->raid_level = g_strdup ("raid0");
  r->target->stripe_bytes = stripe;
  r->target->model = g_strdup ("2 × INTEL SSDSA2M080");
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "files", g_variant_new_int64 (n));
  g_variant_builder_add (&b, "{sv}", "file-size", g_variant_new_int64 (80 << 20));
  g_variant_builder_add (&b, "{sv}", "chunk", g_variant_new_int64 (32 << 20));
  g_variant_builder_add (&b, "{sv}", "capacity", g_variant_new_int64 (G_GINT64_CONSTANT (160) << 30));
  r->resolved = g_variant_ref_sink (g_variant_builder_end (&b));
  r->params = g_variant_ref_sink (g_variant_new_parsed ("{'files': <int64 1000>, 'chunk': <int64 33554432>}"));

  w = vol_result_add_series (r, "write", "Write", "position", "throughput");
  rd = vol_result_add_series (r, "read", "Read", "position", "throughput");
  for (VolSeries **s = (VolSeries *[]) { w, rd, NULL }; *s; s++)
    {
      vol_series_add_column (*s, "position", "%");
      vol_series_add_column (*s, "throughput", "B/s");
    }
  for (guint i = 0; i < n; i++)
    {
      double pos = (i + 0.5) / n * 98;
      double row[2] = { pos, speed * (cliff && i > n * 0.97 ? 0.35 : 1) * (1 + 0.03 * sin (i * 0.7)) };
      vol_series_append (w, row, 2);
      row[1] = speed * 2.1 * (1 + 0.02 * cos (i * 1.3));
      vol_series_append (rd, row, 2);
    }
  vol_result_add_summary (r, "write", "throughput");
  vol_result_add_summary (r, "read", "throughput");
  if (cliff)
    {
      vol_result_add_figure (r, "write-cliff-position", "Write speed drops at", "%", 95.2);
      vol_result_add_figure (r, "write-cliff-before", "before", "B/s", speed);
      vol_result_add_figure (r, "write-cliff-after", "after", "B/s", speed * 0.35);
    }
  return r;
}

static VolChart *
make_bars (void)
{
  static const char *const sizes[] = { "512 B", "4 KiB", "32 KiB", "256 KiB", "1 MiB", "8 MiB", "64 MiB", "1 GiB", NULL };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  VolChartSeries *w, *r;

  chart->title = g_strdup ("Throughput by transfer size");
  chart->subtitle = g_strdup ("md0 (RAID 0, 64 KiB stripe, 2 × INTEL SSDSA2M080), ext4 · 1 GiB region · 5 iterations");
  chart->x_title = g_strdup ("Transfer size");
  chart->y_title = g_strdup ("Throughput (MB/s)");
  chart->y_unit = g_strdup ("MB/s");
  chart->footer = g_strdup ("Volumeter 0.1.0 · 2026-11-29 23:10 UTC");
  vol_chart_set_categories (chart, sizes);
  w = vol_chart_add_series (chart, "Write", 0);
  r = vol_chart_add_series (chart, "Read", 1);
  for (guint i = 0; sizes[i]; i++)
    {
      vol_chart_series_add (w, i, 12.5 * pow (1.9, i));
      vol_chart_series_add (r, i, 31.7 * pow (1.7, i));
    }
  return chart;
}

static VolChart *
make_lines (void)
{
  static const char *const depths[] = { "1", "2", "4", "8", "16", "32", NULL };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_LINES);
  VolChartSeries *a, *b;

  chart->title = g_strdup ("4 KiB random read IOPS by queue depth");
  chart->subtitle = g_strdup ("loop0, ext4 · 8 GiB span · 30 s per point · io_uring");
  chart->x_title = g_strdup ("Queue depth");
  chart->y_title = g_strdup ("IOPS (thousands)");
  chart->y_unit = g_strdup ("kIOPS");
  chart->footer = g_strdup ("Volumeter 0.1.0 · 2026-11-29 23:10 UTC");
  vol_chart_set_categories (chart, depths);
  a = vol_chart_add_series (chart, "4 KiB aligned", 0);
  b = vol_chart_add_series (chart, "offset by 512 bytes", 2);
  for (guint i = 0; depths[i]; i++)
    {
      vol_chart_series_add (a, i, 13.2 * (1 - exp (-0.35 * (1 << i))) * 5.3);
      vol_chart_series_add (b, i, 9.1 * (1 - exp (-0.3 * (1 << i))) * 4.8);
    }
  return chart;
}

static VolChart *
make_iterations (void)
{
  static const char *const its[] = { "1", "2", "3", "4", "5", NULL };
  const char *const slowest[] = { "2,871", "10,220", NULL };
  const char *const fastest[] = { "3,412", "10,990", NULL };
  const char *const average[] = { "3,101", "10,604", NULL };
  const char *const median[] = { "3,090", "10,610", NULL };
  const char *const range[] = { "541 (17 %)", "770 (7 %)", NULL };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_ITERATIONS);
  VolChartSeries *w, *r;
  const double wv[] = { 2871, 3090, 3412, 3101, 3031 }, rv[] = { 10220, 10610, 10990, 10600, 10600 };

  chart->title = g_strdup ("Random I/O, 32 KiB, 16384 I/Os per iteration");
  chart->subtitle = g_strdup ("sda1 (WDC WD5000), ext4 · file 8 GiB");
  chart->x_title = g_strdup ("Iteration");
  chart->y_title = g_strdup ("Operations per second");
  chart->y_unit = g_strdup ("ops/s");
  chart->footer = g_strdup ("Volumeter 0.1.0 · 2026-11-29 23:10 UTC");
  vol_chart_set_categories (chart, its);
  w = vol_chart_add_series (chart, "Writes/s", 0);
  r = vol_chart_add_series (chart, "Reads/s", 1);
  for (guint i = 0; i < 5; i++)
    {
      vol_chart_series_add (w, i, wv[i]);
      vol_chart_series_add (r, i, rv[i]);
    }
  vol_chart_add_table_row (chart, "Slowest", slowest);
  vol_chart_add_table_row (chart, "Fastest", fastest);
  vol_chart_add_table_row (chart, "Average", average);
  vol_chart_add_table_row (chart, "Median", median);
  vol_chart_add_table_row (chart, "Range", range);
  return chart;
}

static char *
out_path (const char *name)
{
  return g_build_filename (out_dir, name, NULL);
}

static guint
count_colours (cairo_surface_t *png)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  int w = cairo_image_surface_get_width (png), h = cairo_image_surface_get_height (png);
  int stride = cairo_image_surface_get_stride (png);
  const guint8 *data = cairo_image_surface_get_data (png);

  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      g_hash_table_add (seen, GUINT_TO_POINTER (*(const guint32 *) (data + y * stride + x * 4) & 0xffffff));
  return g_hash_table_size (seen);
}

/* Parses the SVG as XML and collects the text of <title> and <desc>. */
typedef struct
{
  GString *title;
  GString *desc;
  GString *current;
} SvgText;

static void
svg_start (GMarkupParseContext *ctx, const char *name, const char **an, const char **av, gpointer data, GError **error)
{
  SvgText *t = data;
  t->current = g_str_equal (name, "title") ? t->title : g_str_equal (name, "desc") ? t->desc : NULL;
}

static void
svg_end (GMarkupParseContext *ctx, const char *name, gpointer data, GError **error)
{
  ((SvgText *) data)->current = NULL;
}

static void
svg_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  SvgText *t = data;
  if (t->current)
    g_string_append_len (t->current, text, len);
}

static void
check_svg (const char     *path,
           const VolChart *chart)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  g_autofree char *svg = NULL;
  g_autoptr(GError) error = NULL;
  SvgText t = { g_string_new (NULL), g_string_new (NULL), NULL };
  GMarkupParseContext *ctx;
  gsize len;

  g_assert_true (g_file_get_contents (path, &svg, &len, &error));
  /* drop the XML declaration, which GMarkup does not take */
  ctx = g_markup_parse_context_new (&parser, G_MARKUP_IGNORE_QUALIFIED, &t, NULL);
  g_assert_true (g_markup_parse_context_parse (ctx, strstr (svg, "<svg"), -1, &error));
  g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (ctx);

  g_assert_cmpstr (t.title->str, ==, chart->title);
  if (chart->subtitle)
    g_assert_nonnull (strstr (t.desc->str, chart->subtitle));
  for (guint i = 0; i < chart->series->len; i++)
    g_assert_nonnull (strstr (t.desc->str, ((VolChartSeries *) g_ptr_array_index (chart->series, i))->name));
  g_string_free (t.title, TRUE);
  g_string_free (t.desc, TRUE);
}

static void
check_pdf (const char     *path,
           const VolChart *chart)
{
  g_autofree char *prefix = g_strconcat (path, "-page", NULL);
  g_autofree char *png_path = g_strconcat (prefix, "-1.png", NULL);
  g_autofree char *text = NULL;
  g_autofree char *cmd_err = NULL;
  const char *render[] = { "pdftoppm", "-png", "-r", "48", path, prefix, NULL };
  const char *extract[] = { "pdftotext", path, "-", NULL };
  g_autoptr(GError) error = NULL;
  int status;
  cairo_surface_t *png;

  g_assert_true (g_spawn_sync (NULL, (char **) render, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, &cmd_err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  png = cairo_image_surface_create_from_png (png_path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpuint (count_colours (png), >, 20);
  cairo_surface_destroy (png);
  g_unlink (png_path);

  /* the text is real text, not only outlines */
  g_assert_true (g_spawn_sync (NULL, (char **) extract, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &text, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, chart->x_title));
}

/* Every row of the CSV is one plotted point, in the chart's own numbers. */
static void
check_csv (const char     *path,
           const VolChart *chart)
{
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;
  guint row = 1;

  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_nonnull (strstr (lines[0], "series"));
  if (chart->y_unit)
    g_assert_nonnull (strstr (lines[0], chart->y_unit));
  for (guint s = 0; s < chart->series->len; s++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, s);
      for (guint i = 0; i < series->y->len; i++, row++)
        {
          const char *last = strrchr (lines[row], ',');
          double y = g_array_index (series->y, double, i);
          g_assert_nonnull (last);
          g_assert_true (g_str_has_prefix (lines[row], series->name) || lines[row][0] == '"');
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last + 1, NULL), y, fabs (y) * 1e-9 + 1e-12);
        }
    }
  g_assert_cmpstr (lines[row], ==, "");
}

static void
export_all (const char *name,
            VolChart   *chart)
{
  g_autoptr(VolChartStyle) light = vol_chart_style_new_light ();
  g_autoptr(VolChartStyle) dark = vol_chart_style_new_dark ();
  g_autoptr(GError) error = NULL;
  g_autofree char *base = out_path (name);
  g_autofree char *png = g_strconcat (base, ".png", NULL);
  g_autofree char *png_dark = g_strconcat (base, "-dark.png", NULL);
  g_autofree char *png_small = g_strconcat (base, "-small.png", NULL);
  g_autofree char *svg = g_strconcat (base, ".svg", NULL);
  g_autofree char *pdf = g_strconcat (base, ".pdf", NULL);
  g_autofree char *csv = g_strconcat (base, ".csv", NULL);
  cairo_surface_t *image;

  g_assert_true (vol_chart_export_png (chart, light, png, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT,
                                       VOL_CHART_DEFAULT_SCALE, &error));
  g_assert_no_error (error);
  g_assert_true (vol_chart_export_png (chart, dark, png_dark, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT,
                                       VOL_CHART_DEFAULT_SCALE, &error));
  g_assert_true (vol_chart_export_png (chart, light, png_small, 600, 400, 1, &error));
  g_assert_true (vol_chart_export_svg (chart, light, svg, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT, &error));
  g_assert_true (vol_chart_export_pdf (chart, light, pdf, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT, &error));
  g_assert_true (vol_chart_export_csv (chart, csv, &error));
  g_assert_no_error (error);

  /* a shareable 2× image by default */
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 2400);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 1400);
  g_assert_cmpuint (count_colours (image), >, 50);
  cairo_surface_destroy (image);

  check_svg (svg, chart);
  check_pdf (pdf, chart);
  check_csv (csv, chart);
}

static void
test_capacity (void)
{
  g_autoptr(VolResult) result = make_fill_result ("2× X25-M RAID 0, 64 KiB stripe", 65536, 240e6, 1000, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolChart) chart = vol_chart_build_for_result (result, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (chart->kind, ==, VOL_CHART_KIND_CAPACITY);
  g_assert_cmpuint (chart->series->len, ==, 2);
  g_assert_cmpuint (chart->markers->len, ==, 1);
  g_assert_nonnull (strstr (chart->subtitle, "RAID 0"));
  g_assert_nonnull (strstr (chart->subtitle, "64 KiB stripe"));
  g_assert_cmpstr (chart->y_unit, ==, "MB/s");
  export_all ("capacity", chart);
}

static void
test_capacity_mib (void)
{
  g_autoptr(VolResult) result = make_fill_result (NULL, 0, 240e6, 50, FALSE);
  VolChartOptions options = { .binary = TRUE };
  g_autoptr(VolChart) chart = vol_chart_build_for_result (result, &options, NULL);
  const VolChartSeries *w = g_ptr_array_index (chart->series, 0);

  g_assert_cmpstr (chart->y_unit, ==, "MiB/s");
  g_assert_cmpfloat_with_epsilon (g_array_index (w->y, double, 0),
                                  240e6 * (1 + 0.03 * sin (0)) / 1048576.0, 1e-9);
  g_assert_cmpuint (chart->warnings->len, ==, 0);
}

static void
test_warnings (void)
{
  g_autoptr(VolResult) result = make_fill_result (NULL, 0, 240e6, 50, FALSE);
  g_autoptr(VolChart) plain = vol_chart_build_for_result (result, NULL, NULL);
  g_autoptr(VolChart) warned = NULL;

  g_assert_cmpuint (plain->warnings->len, ==, 0);
  result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
  result->pattern = VOL_DATA_PATTERN_ZEROS;
  warned = vol_chart_build_for_result (result, NULL, NULL);
  g_assert_cmpuint (warned->warnings->len, ==, 2);
  export_all ("capacity-warnings", warned);
}

static void
test_comparison (void)
{
  /* four arrays that differ only in stripe size, given out of order */
  const guint64 stripes[] = { 65536, 16384, 131072, 32768 };
  VolResult *results[4];
  g_autoptr(VolChart) curves = NULL;
  g_autoptr(VolChart) bars = NULL;
  VolChartOptions options = { .bars = TRUE };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 4; i++)
    results[i] = make_fill_result (NULL, stripes[i], 150e6 + 40e6 * log2 (stripes[i] / 16384.0), 400, FALSE);

  curves = vol_chart_build_comparison (results, 4, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (curves->series->len, ==, 8);
  g_assert_cmpstr (((VolChartSeries *) g_ptr_array_index (curves->series, 0))->name, ==, "16 KiB stripe — write");
  g_assert_cmpstr (((VolChartSeries *) g_ptr_array_index (curves->series, 6))->name, ==, "128 KiB stripe — write");
  export_all ("compare-capacity", curves);

  bars = vol_chart_build_comparison (results, 4, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bars->kind, ==, VOL_CHART_KIND_BARS);
  g_assert_cmpuint (vol_chart_get_n_categories (bars), ==, 2);
  g_assert_cmpstr (bars->categories[0], ==, "Write mean");
  g_assert_cmpstr (((VolChartSeries *) g_ptr_array_index (bars->series, 0))->name, ==, "16 KiB stripe");
  g_assert_cmpstr (((VolChartSeries *) g_ptr_array_index (bars->series, 3))->name, ==, "128 KiB stripe");
  /* bars in stripe order: the means rise with the stripe here */
  for (guint i = 1; i < 4; i++)
    g_assert_cmpfloat (g_array_index (((VolChartSeries *) g_ptr_array_index (bars->series, i))->y, double, 0), >,
                       g_array_index (((VolChartSeries *) g_ptr_array_index (bars->series, i - 1))->y, double, 0));
  export_all ("compare-bars", bars);

  for (guint i = 0; i < 4; i++)
    vol_result_unref (results[i]);
}

static void
test_other_kinds (void)
{
  g_autoptr(VolChart) bars = make_bars ();
  g_autoptr(VolChart) lines = make_lines ();
  g_autoptr(VolChart) iterations = make_iterations ();

  export_all ("bars", bars);
  export_all ("lines", lines);
  export_all ("iterations", iterations);
  {
    /* the table under the plot is text too */
    g_autofree char *csv = vol_chart_to_csv (iterations);
    g_assert_nonnull (strstr (csv, "\r\n\r\n,Writes/s,Reads/s\r\n"));
    g_assert_nonnull (strstr (csv, "Range,541 (17 %),770 (7 %)\r\n"));
  }
}

/* The quick benchmark's share card: a 2400 × 1350 PNG, an SVG whose text
 * is the forum report; refused for a result without a grid and for an
 * unknown file type, nothing written then. */
static void
test_card (void)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "charts", "quick.volumeter.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load (source, &error);
  g_autoptr(VolResult) fill = make_fill_result ("fill", 64 << 10, 400e6, 50, FALSE);
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  g_autofree char *png = out_path ("quick-card.png");
  g_autofree char *svg = out_path ("quick-card.svg");
  g_autofree char *other = out_path ("fill-card.png");
  g_autofree char *text = NULL;
  cairo_surface_t *image;

  g_assert_no_error (error);
  g_assert_true (vol_chart_card_export (result, style, png, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 2 * VOL_CHART_CARD_WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 2 * VOL_CHART_CARD_HEIGHT);
  cairo_surface_destroy (image);

  g_assert_true (vol_chart_card_export (result, style, svg, &error));
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<desc>"));
  g_assert_nonnull (strstr (text, "SEQ1M Q8T1"));
  g_assert_nonnull (strstr (text, "MB/s = 1,000,000 bytes/s"));

  g_assert_false (vol_chart_card_export (fill, style, other, &error));
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
  g_clear_error (&error);
  g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_false (vol_chart_card_export (result, style, "/tmp/card.gif", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

static void
test_bad_outputs (void)
{
  g_autoptr(VolChart) chart = make_bars ();
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  g_autoptr(GError) error = NULL;
  g_autofree char *existing = out_path ("keep.png");

  /* an unwritable place: a clear error, nothing written */
  g_assert_false (vol_chart_export_png (chart, style, "/proc/no/such/dir/x.png", 1200, 700, 2, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* a silly size is refused before anything is drawn */
  g_assert_false (vol_chart_export_png (chart, style, existing, 10, 10, 2, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (existing, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  const char *gallery = g_getenv ("VOL_CHART_GALLERY");
  int rc;

  g_test_init (&argc, &argv, NULL);
  out_dir = gallery ? g_strdup (gallery) : g_dir_make_tmp ("volumeter-chart-XXXXXX", NULL);
  g_mkdir_with_parents (out_dir, 0755);

  g_test_add_func ("/vol/chart-export/capacity", test_capacity);
  g_test_add_func ("/vol/chart-export/capacity-mib", test_capacity_mib);
  g_test_add_func ("/vol/chart-export/warnings", test_warnings);
  g_test_add_func ("/vol/chart-export/comparison", test_comparison);
  g_test_add_func ("/vol/chart-export/other-kinds", test_other_kinds);
  g_test_add_func ("/vol/chart-export/bad-outputs", test_bad_outputs);
  g_test_add_func ("/vol/chart-export/card", test_card);
  rc = g_test_run ();

  if (gallery == NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", out_dir);
      if (system (cmd) != 0)
        g_printerr ("could not remove %s\n", out_dir);
    }
  g_free (out_dir);
  return rc;
}
