/* test-compare.c — several results on one chart (issue 6)
 *
 * Hand-made results: four arrays that differ only in stripe size, given
 * out of order; RAID levels; labels; a queue-depth run beside a fill.
 * Checks the names and order of the bars, that the chart, its CSV and the
 * table agree, the errors of a forced attribute, and mixed tests.
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "vol-chart-build.h"
#include "vol-comparison.h"
#include "vol-chart-export.h"
#include "vol-error.h"

static VolResult *
make_fill (guint64     stripe,
           const char *raid,
           double      speed,
           guint       n)
{
  VolResult *r = vol_result_new ("fill");
  VolSeries *w, *rd;

  r->app_version = g_strdup ("0.1.0");
  g_date_time_unref (r->created);
  r->created = g_date_time_new_utc (2026, 11, 29, 23, 10, 0);
  r->target = vol_target_info_new ();
  r->target->device = g_strdup ("md0");
  r->target->fs_type = g_strdup ("ext4");
  r->target->raid_level = g_strdup (raid);
  r->target->stripe_bytes = stripe;
  r->target->scheduler = g_strdup ("mq-deadline");
  r->target->model = g_strdup ("2 × INTEL SSDSA2M080");
  r->params = g_variant_ref_sink (g_variant_new_parsed ("{'files': <int64 1000>, 'chunk': <int64 33554432>}"));
  r->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  r->io_backend = g_strdup ("sync");

  w = vol_result_add_series (r, "write", "Write", "position", "throughput");
  rd = vol_result_add_series (r, "read", "Read", "position", "throughput");
  for (VolSeries **s = (VolSeries *[]) { w, rd, NULL }; *s; s++)
    {
      vol_series_add_column (*s, "position", "%");
      vol_series_add_column (*s, "throughput", "B/s");
    }
  for (guint i = 0; i < n; i++)
    {
      double row[2] = { (i + 0.5) / n * 98, speed * (1 + 0.03 * sin (i * 0.7)) };
      vol_series_append (w, row, 2);
      row[1] = speed * 2.1 * (1 + 0.02 * cos (i * 1.3));
      vol_series_append (rd, row, 2);
    }
  vol_result_add_summary (r, "write", "throughput");
  vol_result_add_summary (r, "read", "throughput");
  vol_result_add_figure (r, "files-written", "Files written", "", n);
  return r;
}

static VolResult *
make_queue (double iops)
{
  VolResult *r = vol_result_new ("queue");
  VolSeries *s;

  r->target = vol_target_info_new ();
  r->target->scheduler = g_strdup ("none");
  s = vol_result_add_series (r, "queue", "Per queue depth", "depth", "iops");
  vol_series_add_column (s, "depth", "");
  vol_series_add_column (s, "iops", "IO/s");
  vol_series_add_column (s, "throughput", "B/s");
  for (guint d = 1; d <= 32; d *= 2)
    {
      double row[3] = { d, iops * log2 (2 * d), iops * log2 (2 * d) * 4096 };
      vol_series_append (s, row, 3);
    }
  vol_result_add_summary (r, "queue", "iops");
  vol_result_add_summary (r, "queue", "throughput");
  return r;
}

static void
free_results (VolResult **results,
              guint       n)
{
  for (guint i = 0; i < n; i++)
    vol_result_unref (results[i]);
}

static const VolChartSeries *
series_at (const VolChart *chart,
           guint           i)
{
  g_assert_cmpuint (i, <, chart->series->len);
  return g_ptr_array_index (chart->series, i);
}

static double
y_at (const VolChart *chart,
      guint           series,
      guint           i)
{
  return g_array_index (series_at (chart, series)->y, double, i);
}

/* Four arrays rebuilt with 16, 32, 64, 128 KiB stripes, given shuffled;
 * the means rise with the stripe so the order shows in the values too. */
static void
make_stripes (VolResult **results)
{
  const guint64 stripes[] = { 65536, 16384, 131072, 32768 };

  for (guint i = 0; i < 4; i++)
    results[i] = make_fill (stripes[i], "raid0", 150e6 + 40e6 * log2 (stripes[i] / 16384.0), 200);
}

static void
test_stripes (void)
{
  static const char *const expected[] = { "16 KiB stripe", "32 KiB stripe", "64 KiB stripe", "128 KiB stripe" };
  VolResult *results[4];
  VolChartOptions options = { .bars = TRUE };
  g_autoptr(VolChart) bars = NULL;
  g_autoptr(VolChart) curves = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) labels = NULL;
  guint order[4];
  const char *by = NULL;

  make_stripes (results);
  labels = vol_comparison_labels_by (results, 4, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (by, ==, "stripe");
  /* 16 KiB is the second given, 128 KiB the third */
  g_assert_cmpuint (order[0], ==, 1);
  g_assert_cmpuint (order[1], ==, 3);
  g_assert_cmpuint (order[2], ==, 0);
  g_assert_cmpuint (order[3], ==, 2);
  g_assert_cmpstr (labels[0], ==, "64 KiB stripe");

  bars = vol_chart_build_comparison_by (results, 4, NULL, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bars->kind, ==, VOL_CHART_KIND_BARS);
  g_assert_cmpuint (vol_chart_get_n_categories (bars), ==, 2);
  g_assert_cmpstr (bars->categories[0], ==, "Write mean");
  g_assert_cmpstr (bars->categories[1], ==, "Read mean");
  g_assert_cmpuint (bars->series->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpstr (series_at (bars, i)->name, ==, expected[i]);
      g_assert_cmpuint (series_at (bars, i)->color, ==, i);
      g_assert_cmpuint (series_at (bars, i)->y->len, ==, 2);
      if (i > 0)
        {
          g_assert_cmpfloat (y_at (bars, i, 0), >, y_at (bars, i - 1, 0));
          g_assert_cmpfloat (y_at (bars, i, 1), >, y_at (bars, i - 1, 1));
        }
    }
  /* each bar is its result's mean in MB/s */
  g_assert_cmpfloat_with_epsilon (y_at (bars, 0, 0), vol_result_get_summary (results[1], "write")->mean / 1e6, 1e-9);
  g_assert_cmpfloat_with_epsilon (y_at (bars, 3, 1), vol_result_get_summary (results[2], "read")->mean / 1e6, 1e-9);
  g_assert_nonnull (strstr (bars->subtitle, "named by stripe size"));
  g_assert_nonnull (strstr (bars->subtitle, "same test parameters"));

  curves = vol_chart_build_comparison_by (results, 4, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (curves->kind, ==, VOL_CHART_KIND_CAPACITY);
  g_assert_cmpuint (curves->series->len, ==, 8);
  g_assert_cmpstr (series_at (curves, 0)->name, ==, "16 KiB stripe — write");
  g_assert_cmpstr (series_at (curves, 1)->name, ==, "16 KiB stripe — read");
  g_assert_true (series_at (curves, 1)->dashed);
  g_assert_cmpstr (series_at (curves, 6)->name, ==, "128 KiB stripe — write");
  /* more than two results: each curve is its means per 1 % of capacity */
  g_assert_cmpuint (series_at (curves, 6)->y->len, ==, 98);
  g_assert_nonnull (strstr (curves->subtitle, "mean per 1 % of capacity"));

  free_results (results, 4);
}

/* A CSV field: quoted or not (RFC 4180). */
static char *
next_field (const char **p)
{
  GString *out = g_string_new (NULL);
  const char *s = *p;

  if (*s == '"')
    {
      for (s++; *s; s++)
        {
          if (*s == '"' && s[1] == '"')
            g_string_append_c (out, *s++);
          else if (*s == '"')
            {
              s++;
              break;
            }
          else
            g_string_append_c (out, *s);
        }
    }
  else
    for (; *s && *s != ',' && *s != '\r' && *s != '\n'; s++)
      g_string_append_c (out, *s);
  if (*s == ',')
    s++;
  *p = s;
  return g_string_free (out, FALSE);
}

/* Every plotted point of @chart is a CSV row with the same series, x
 * (category label for bars) and y; no other rows come before the table. */
static void
assert_csv_agrees (const VolChart *chart)
{
  g_autofree char *csv = vol_chart_to_csv (chart);
  g_auto(GStrv) lines = g_strsplit (csv, "\r\n", -1);
  guint line = 1, points = 0;

  g_assert_true (g_str_has_prefix (lines[0], "series,"));
  for (guint s = 0; s < chart->series->len; s++)
    {
      const VolChartSeries *series = series_at (chart, s);
      for (guint i = 0; i < series->y->len; i++, line++, points++)
        {
          const char *p;
          g_autofree char *name = NULL;
          g_autofree char *x = NULL;
          g_autofree char *y = NULL;
          double want_x = g_array_index (series->x, double, i);
          double want_y = g_array_index (series->y, double, i);

          g_assert_nonnull (lines[line]);
          p = lines[line];
          name = next_field (&p);
          x = next_field (&p);
          y = next_field (&p);
          g_assert_cmpstr (name, ==, series->name);
          if (chart->kind == VOL_CHART_KIND_BARS)
            g_assert_cmpstr (x, ==, chart->categories[(guint) want_x]);
          else
            g_assert_cmpfloat_with_epsilon (g_ascii_strtod (x, NULL), want_x, fabs (want_x) * 1e-9 + 1e-12);
          if (isfinite (want_y))
            g_assert_cmpfloat_with_epsilon (g_ascii_strtod (y, NULL), want_y, fabs (want_y) * 1e-9);
          else
            g_assert_cmpstr (y, ==, "");
        }
    }
  g_assert_cmpuint (points, >, 0);
  /* then the table block (or the end) */
  g_assert_cmpstr (lines[line], ==, "");
}

static void
test_chart_and_csv_agree (void)
{
  VolResult *results[4];
  VolChartOptions bars_options = { .bars = TRUE };
  VolChartOptions mib = { .bars = TRUE, .binary = TRUE };
  g_autoptr(VolChart) bars = NULL;
  g_autoptr(VolChart) curves = NULL;
  g_autoptr(VolChart) table = NULL;
  g_autoptr(VolChart) binary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;

  make_stripes (results);
  bars = vol_chart_build_comparison_by (results, 4, NULL, &bars_options, &error);
  g_assert_no_error (error);
  curves = vol_chart_build_comparison_by (results, 4, NULL, NULL, &error);
  g_assert_no_error (error);
  table = vol_chart_build_comparison_table (results, 4, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_csv_agrees (bars);
  assert_csv_agrees (curves);
  assert_csv_agrees (table);

  /* the table's means are the bars' values, rounded to 0.1 MB/s, printed
   * by the one formatter: "200.0 ± 5.0 MB/s" */
  g_assert_cmpuint (bars->table->len, ==, 2);
  for (guint c = 0; c < 4; c++)
    for (guint row = 0; row < 2; row++)
      {
        const VolChartTableRow *r = g_ptr_array_index (bars->table, row);
        g_autofree char *mean = g_strdup_printf ("%.1f ± ", y_at (bars, c, row));
        g_assert_true (g_str_has_prefix (r->cells[c], mean));
      }
  g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (bars->table, 0))->label, ==, "Write");
  g_assert_true (g_str_has_suffix (((VolChartTableRow *) g_ptr_array_index (bars->table, 0))->cells[0], " MB/s"));

  /* the CSV carries the table too, cell for cell */
  csv = vol_chart_to_csv (bars);
  {
    const VolChartTableRow *r = g_ptr_array_index (bars->table, 1);
    g_autofree char *row = g_strjoinv (",", r->cells);
    g_autofree char *line = g_strdup_printf ("\r\n%s,%s\r\n", r->label, row);
    g_assert_nonnull (strstr (csv, ",16 KiB stripe,32 KiB stripe,64 KiB stripe,128 KiB stripe\r\n"));
    g_assert_nonnull (strstr (csv, line));
  }

  /* the full table: the summaries, then the test's own figures */
  g_assert_cmpuint (table->table->len, ==, 3);
  g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (table->table, 2))->label, ==, "Files written");
  g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (table->table, 2))->cells[3], ==, "200");

  /* MiB/s scales bars and table alike */
  binary = vol_chart_build_comparison_by (results, 4, NULL, &mib, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (y_at (binary, 0, 0) * 1048576, y_at (bars, 0, 0) * 1e6, 1e-3);
  g_assert_true (g_str_has_suffix (((VolChartTableRow *) g_ptr_array_index (binary->table, 0))->cells[0], " MiB/s"));
  assert_csv_agrees (binary);

  free_results (results, 4);
}

static void
test_by_label (void)
{
  VolResult *results[3] = {
    make_fill (65536, "raid0", 200e6, 50),
    make_fill (16384, "raid0", 150e6, 50),
    make_fill (131072, "raid0", 250e6, 50),
  };
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  VolChartOptions options = { .bars = TRUE };
  g_auto(GStrv) labels = NULL;
  guint order[3];
  const char *by = NULL;

  results[0]->label = g_strdup ("Zebra");
  results[1]->label = g_strdup ("Apple");
  results[2]->label = g_strdup ("Mango");

  /* the user's labels name them before the stripe, in the given order */
  labels = vol_comparison_labels_by (results, 3, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (by, ==, "label");
  g_assert_cmpstr (labels[0], ==, "Zebra");
  g_assert_cmpuint (order[0], ==, 0);
  g_assert_cmpuint (order[2], ==, 2);
  g_clear_pointer (&labels, g_strfreev);

  /* two alike: the stripe tells them apart, each label kept in front */
  g_free (results[2]->label);
  results[2]->label = g_strdup ("Zebra");
  labels = vol_comparison_labels_by (results, 3, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (by, ==, "label+stripe");
  g_assert_cmpstr (labels[order[0]], ==, "Apple (16 KiB stripe)");
  g_assert_cmpstr (labels[order[1]], ==, "Zebra (64 KiB stripe)");
  g_assert_cmpstr (labels[order[2]], ==, "Zebra (128 KiB stripe)");
  g_clear_pointer (&labels, g_strfreev);

  /* one without a label: named by what differs alone */
  g_clear_pointer (&results[2]->label, g_free);
  labels = vol_comparison_labels_by (results, 3, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (labels[2], ==, "128 KiB stripe");
  g_assert_cmpstr (labels[1], ==, "Apple (16 KiB stripe)");
  g_clear_pointer (&labels, g_strfreev);
  results[2]->label = g_strdup ("Mango");

  chart = vol_chart_build_comparison_by (results, 3, "label", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (series_at (chart, 0)->name, ==, "Zebra");
  g_assert_cmpstr (series_at (chart, 1)->name, ==, "Apple");
  g_assert_cmpstr (series_at (chart, 2)->name, ==, "Mango");
  g_assert_null (strstr (chart->subtitle, "named by"));

  /* a result without a label: the error names it */
  g_clear_pointer (&results[2]->label, g_free);
  g_clear_pointer (&chart, vol_chart_unref);
  chart = vol_chart_build_comparison_by (results, 3, "label", &options, &error);
  g_assert_null (chart);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "label"));
  g_assert_nonnull (strstr (error->message, "result 3"));
  g_clear_error (&error);

  /* two the same */
  results[2]->label = g_strdup ("Apple");
  labels = vol_comparison_labels_by (results, 3, "label", NULL, order, &error);
  g_assert_null (labels);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "results 2 and 3 are both “Apple”"));
  g_clear_error (&error);

  /* an attribute that does not exist */
  labels = vol_comparison_labels_by (results, 3, "colour", NULL, order, &error);
  g_assert_null (labels);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "colour"));

  free_results (results, 3);
}

static void
test_by_raid (void)
{
  VolResult *results[3] = {
    make_fill (65536, "raid10", 300e6, 50),
    make_fill (65536, "raid0", 400e6, 50),
    make_fill (65536, "raid5", 250e6, 50),
  };
  VolChartOptions options = { .bars = TRUE };
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  chart = vol_chart_build_comparison_by (results, 3, "raid", &options, &error);
  g_assert_no_error (error);
  /* natural order: 5 before 10 */
  g_assert_cmpstr (series_at (chart, 0)->name, ==, "RAID 0");
  g_assert_cmpstr (series_at (chart, 1)->name, ==, "RAID 5");
  g_assert_cmpstr (series_at (chart, 2)->name, ==, "RAID 10");
  g_assert_cmpfloat_with_epsilon (y_at (chart, 0, 0), vol_result_get_summary (results[1], "write")->mean / 1e6, 1e-9);
  g_assert_nonnull (strstr (chart->subtitle, "named by RAID level"));
  g_clear_pointer (&chart, vol_chart_unref);

  /* the automatic choice finds the same */
  chart = vol_chart_build_comparison (results, 3, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (series_at (chart, 2)->name, ==, "RAID 10");
  g_clear_pointer (&chart, vol_chart_unref);

  value = vol_comparison_attribute (results[0], "raid");
  g_assert_cmpstr (value, ==, "RAID 10");

  /* --by stripe when all stripes are the same: refused, saying so */
  chart = vol_chart_build_comparison_by (results, 3, "stripe", &options, &error);
  g_assert_null (chart);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "stripe size"));
  g_assert_nonnull (strstr (error->message, "“64 KiB stripe”"));
  g_clear_error (&error);

  /* a result with no RAID level: refused, naming it */
  g_clear_pointer (&results[2]->target->raid_level, g_free);
  chart = vol_chart_build_comparison_by (results, 3, "raid", &options, &error);
  g_assert_null (chart);
  g_assert_nonnull (strstr (error->message, "RAID level: result 3 has none"));

  free_results (results, 3);
}

/* RAID 0 and RAID 5, each with two stripe sizes: no one attribute tells
 * them apart; the two together do, coarse to fine. */
static void
test_combined (void)
{
  VolResult *results[4] = {
    make_fill (65536, "raid5", 100e6, 20),
    make_fill (16384, "raid0", 100e6, 20),
    make_fill (16384, "raid5", 100e6, 20),
    make_fill (65536, "raid0", 100e6, 20),
  };
  g_auto(GStrv) labels = NULL;
  g_autoptr(GError) error = NULL;
  guint order[4];
  const char *by = NULL;
  g_autoptr(VolChart) chart = NULL;

  labels = vol_comparison_labels_by (results, 4, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (by, ==, "raid+stripe");
  g_assert_cmpstr (labels[order[0]], ==, "RAID 0, 16 KiB stripe");
  g_assert_cmpstr (labels[order[1]], ==, "RAID 0, 64 KiB stripe");
  g_assert_cmpstr (labels[order[2]], ==, "RAID 5, 16 KiB stripe");
  g_assert_cmpstr (labels[order[3]], ==, "RAID 5, 64 KiB stripe");

  chart = vol_chart_build_comparison (results, 4, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (chart->subtitle, "named by RAID level, stripe size"));
  free_results (results, 4);
}

/* Nothing tells them apart: "Run 1", "Run 2", in the given order. */
static void
test_nothing_differs (void)
{
  VolResult *results[2] = { make_fill (65536, "raid0", 100e6, 20), make_fill (65536, "raid0", 120e6, 20) };
  g_auto(GStrv) labels = NULL;
  guint order[2];
  const char *by = NULL;

  labels = vol_comparison_labels_by (results, 2, NULL, &by, order, NULL);
  g_assert_cmpstr (by, ==, "order");
  g_assert_cmpstr (labels[0], ==, "Run 1");
  g_assert_cmpstr (labels[1], ==, "Run 2");
  g_assert_cmpuint (order[0], ==, 0);
  free_results (results, 2);
}

/* The subtitle and the table say which parameters differ. */
static void
test_differing_parameters (void)
{
  VolResult *results[2] = { make_fill (16384, "raid0", 100e6, 20), make_fill (32768, "raid0", 120e6, 20) };
  g_autoptr(VolChart) table = NULL;
  g_autoptr(GError) error = NULL;
  const VolChartTableRow *row = NULL;

  g_variant_unref (results[1]->params);
  results[1]->params = g_variant_ref_sink (g_variant_new_parsed ("{'files': <int64 500>, 'chunk': <int64 33554432>, 'cap': <int64 1073741824>}"));
  results[1]->pattern = VOL_DATA_PATTERN_ZEROS;

  table = vol_chart_build_comparison_table (results, 2, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (table->subtitle, "parameters that differ: files, cap, data pattern"));
  g_assert_null (strstr (table->subtitle, "chunk"));
  for (guint i = 0; i < table->table->len; i++)
    if (g_str_equal (((VolChartTableRow *) g_ptr_array_index (table->table, i))->label, "Parameter files"))
      row = g_ptr_array_index (table->table, i);
  g_assert_nonnull (row);
  g_assert_cmpstr (row->cells[0], ==, "1000");
  g_assert_cmpstr (row->cells[1], ==, "500");
  /* the zeros are on the chart, against the result that wrote them */
  g_assert_cmpuint (table->warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (table->warnings, 0), "32 KiB stripe: The data was zeros"));
  free_results (results, 2);
}

/* A fill and a queue run measure different things under the same names:
 * refused, naming the tests; two queue runs compare as bars. */
static void
test_mixed_tests (void)
{
  VolResult *results[3] = { make_fill (16384, "raid0", 100e6, 20), make_queue (5000), make_fill (32768, "raid0", 120e6, 20) };
  VolResult *queues[2] = { make_queue (5000), make_queue (9000) };
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(GError) error = NULL;

  chart = vol_chart_build_comparison (results, 3, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "fill (1, 3); queue (2)"));
  g_clear_error (&error);
  /* the same check names the results as the CLI does, by their files */
  {
    const char *names[3] = { "a.json", "b.json", "c.json" };
    g_assert_false (vol_comparison_check_one_test (results, 3, names, &error));
    g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);
    g_assert_nonnull (strstr (error->message, "fill (a.json, c.json); queue (b.json)"));
    g_clear_error (&error);
    g_assert_true (vol_comparison_check_one_test (queues, 2, names, &error));
    g_assert_no_error (error);
  }
  chart = vol_chart_build_comparison_table (results, 3, NULL, NULL, &error);
  g_assert_null (chart);
  g_clear_error (&error);

  /* two queue runs: the throughput summary becomes the bars, both in the table */
  g_free (queues[0]->target->scheduler);
  queues[0]->target->scheduler = g_strdup ("mq-deadline");
  chart = vol_chart_build_comparison_table (queues, 2, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (chart->kind, ==, VOL_CHART_KIND_BARS);
  g_assert_cmpuint (vol_chart_get_n_categories (chart), ==, 1);
  g_assert_cmpstr (chart->categories[0], ==, "Per queue depth, throughput mean");
  g_assert_cmpstr (series_at (chart, 0)->name, ==, "mq-deadline");
  g_assert_cmpstr (series_at (chart, 1)->name, ==, "none");
  g_assert_cmpuint (chart->table->len, ==, 2);
  g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (chart->table, 0))->label, ==, "Per queue depth, iops");
  g_assert_true (g_str_has_suffix (((VolChartTableRow *) g_ptr_array_index (chart->table, 0))->cells[0], " IO/s"));
  assert_csv_agrees (chart);

  /* fewer than two */
  g_clear_pointer (&chart, vol_chart_unref);
  chart = vol_chart_build_comparison (queues, 1, NULL, &error);
  g_assert_null (chart);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD);

  free_results (results, 3);
  free_results (queues, 2);
}

/* Twenty results: bars for all; the drawn chart leaves the table off (its
 * columns would overlap), the full table keeps every column. */
static void
test_many (void)
{
  VolResult *results[20];
  VolChartOptions options = { .bars = TRUE };
  g_autoptr(VolChart) bars = NULL;
  g_autoptr(VolChart) table = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 20; i++)
    results[i] = make_fill ((guint64) 4096 << (19 - i % 20), "raid0", 100e6 + i * 1e6, 20);
  bars = vol_chart_build_comparison_by (results, 20, NULL, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bars->series->len, ==, 20);
  g_assert_cmpuint (bars->table->len, ==, 0);
  g_assert_cmpstr (series_at (bars, 0)->name, ==, "4 KiB stripe");
  g_assert_cmpstr (series_at (bars, 19)->name, ==, "2 GiB stripe");
  table = vol_chart_build_comparison_table (results, 20, NULL, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (table->table->len, ==, 3);
  g_assert_nonnull (((VolChartTableRow *) g_ptr_array_index (table->table, 0))->cells[19]);
  assert_csv_agrees (bars);
  free_results (results, 20);
}

/* Beyond two results the curves are means per 1 % of capacity: one point
 * per bin, at the bin's mean position and speed, the same in the CSV. */
static void
test_binned_curves (void)
{
  VolResult *results[5];
  g_autoptr(VolChart) curves = NULL;
  g_autoptr(VolChart) pair = NULL;
  g_autoptr(GError) error = NULL;
  const VolColumn *x, *y;
  double sum_x = 0, sum_y = 0;
  guint count = 0;

  for (guint i = 0; i < 5; i++)
    results[i] = make_fill ((guint64) 16384 << i, "raid0", 100e6 + i * 10e6, 500);
  curves = vol_chart_build_comparison (results, 5, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (curves->series->len, ==, 10);
  g_assert_nonnull (strstr (curves->subtitle, "mean per 1 % of capacity"));
  for (guint s = 0; s < 10; s++)
    {
      g_assert_cmpuint (series_at (curves, s)->x->len, >, 90);
      g_assert_cmpuint (series_at (curves, s)->x->len, <=, 100);
    }
  /* the first bin of the first write curve, by hand */
  x = vol_series_get_column (vol_result_get_series (results[0], "write"), "position");
  y = vol_series_get_column (vol_result_get_series (results[0], "write"), "throughput");
  for (guint i = 0; i < x->values->len; i++)
    if (g_array_index (x->values, double, i) < 1)
      {
        sum_x += g_array_index (x->values, double, i);
        sum_y += g_array_index (y->values, double, i);
        count++;
      }
  g_assert_cmpuint (count, >, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (series_at (curves, 0)->x, double, 0), sum_x / count, 1e-9);
  g_assert_cmpfloat_with_epsilon (y_at (curves, 0, 0), sum_y / count / 1e6, 1e-9);
  assert_csv_agrees (curves);

  /* two results: every sample, A against B */
  pair = vol_chart_build_comparison (results, 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (series_at (pair, 0)->x->len, ==, 500);
  g_assert_null (strstr (pair->subtitle, "mean per"));
  free_results (results, 5);
}

/* A remote run's results (vol-remote.c): named by their host, in the
 * order given, and described by the host and its folder, not as an
 * unknown device. */
static void
test_by_host (void)
{
  const char *hosts[] = { "db2:8765", "db1:8765", "All clients" };
  VolResult *results[3];
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) labels = NULL;
  g_autofree char *described = NULL;
  guint order[3];
  const char *by = NULL;

  for (guint i = 0; i < 3; i++)
    {
      results[i] = make_queue (1000 * (i + 1));
      results[i]->target->path = g_strdup ("/srv/bench");
      results[i]->resolved = g_variant_ref_sink (g_variant_new_parsed ("{'remote-host': <%s>}", hosts[i]));
    }
  labels = vol_comparison_labels_by (results, 3, NULL, &by, order, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (by, ==, "host");
  g_assert_cmpstr (labels[0], ==, "db2:8765");
  g_assert_cmpstr (labels[2], ==, "All clients");
  g_assert_cmpuint (order[0], ==, 0);
  g_assert_cmpuint (order[1], ==, 1);
  described = vol_chart_describe_target (results[1]);
  g_assert_cmpstr (described, ==, "db1:8765, /srv/bench");
  for (guint i = 0; i < 3; i++)
    vol_result_unref (results[i]);
}

/* The app's table (the model's comparison, shown beside the chart) and the
 * CLI's (the chart's full table, printed and written to the CSV) list the
 * same rows with the same cells, each printed by the one formatter. */
static void
test_rows_agree (void)
{
  VolResult *results[2] = { make_fill (16384, "raid0", 100e6, 20), make_fill (32768, "raid0", 120e6, 20) };
  g_autoptr(VolComparison) comparison = NULL;
  g_autoptr(VolChart) table = NULL;
  g_autoptr(GError) error = NULL;
  guint rows;

  g_variant_unref (results[1]->params);
  results[1]->params = g_variant_ref_sink (g_variant_new_parsed ("{'files': <int64 500>, 'chunk': <int64 33554432>}"));
  vol_result_add_figure (results[0], "lat-mean", "Latency, mean", "s", 2e-3);
  vol_result_add_figure (results[1], "lat-mean", "Latency, mean", "s", 850e-6);
  comparison = vol_comparison_new (results, 2, NULL, &error);
  g_assert_no_error (error);
  table = vol_chart_build_comparison_table (results, 2, NULL, NULL, &error);
  g_assert_no_error (error);

  rows = comparison->table->rows->len;
  g_assert_cmpuint (comparison->params->len, ==, 1);
  g_assert_cmpuint (table->table->len, ==, rows + comparison->params->len);
  for (guint r = 0; r < rows; r++)
    {
      const VolResultRow *mine = g_ptr_array_index (comparison->table->rows, r);
      const VolChartTableRow *drawn = g_ptr_array_index (table->table, r);

      g_assert_cmpstr (drawn->label, ==, mine->label);
      for (guint k = 0; k < 2; k++)
        {
          g_autofree char *cell = vol_result_table_format_cell (comparison->table, r, k, FALSE);
          g_assert_cmpstr (drawn->cells[k], ==, cell);
        }
    }
  g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (table->table, rows))->label, ==,
                   ((VolComparisonParam *) g_ptr_array_index (comparison->params, 0))->label);
  /* seconds in the unit a person reads, as `show` prints them */
  {
    const VolChartTableRow *lat = NULL;
    for (guint r = 0; r < table->table->len; r++)
      if (g_str_equal (((VolChartTableRow *) g_ptr_array_index (table->table, r))->label, "Latency, mean"))
        lat = g_ptr_array_index (table->table, r);
    g_assert_nonnull (lat);
    g_assert_cmpstr (lat->cells[0], ==, "2.00 ms");
    g_assert_cmpstr (lat->cells[1], ==, "850.0 µs");
  }
  free_results (results, 2);
}

/* The CSV of a comparison holds the whole table, curves or bars: the rows
 * `compare` prints and the app shows, a column per result (a fill's curves
 * are a write and a read per result: eight series, four columns). */
static void
test_export_has_whole_table (void)
{
  VolResult *results[4];
  g_autoptr(VolComparison) comparison = NULL;
  g_autoptr(VolChart) drawn = NULL;
  g_autoptr(VolChart) exported = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;

  make_stripes (results);
  comparison = vol_comparison_new (results, 4, NULL, &error);
  g_assert_no_error (error);
  drawn = vol_chart_build_comparison_by (results, 4, NULL, NULL, &error);
  g_assert_no_error (error);
  exported = vol_chart_build_comparison_export (results, 4, NULL, NULL, &error);
  g_assert_no_error (error);

  /* the same curves, and only the export carries the table */
  g_assert_cmpint (exported->kind, ==, VOL_CHART_KIND_CAPACITY);
  g_assert_cmpuint (exported->series->len, ==, drawn->series->len);
  g_assert_cmpuint (drawn->table->len, ==, 0);
  g_assert_cmpuint (exported->table->len, ==, comparison->table->rows->len + comparison->params->len);
  for (guint r = 0; r < comparison->table->rows->len; r++)
    g_assert_cmpstr (((VolChartTableRow *) g_ptr_array_index (exported->table, r))->label, ==,
                     ((VolResultRow *) g_ptr_array_index (comparison->table->rows, r))->label);

  csv = vol_chart_to_csv (exported);
  g_assert_nonnull (strstr (csv, "\r\n,16 KiB stripe,32 KiB stripe,64 KiB stripe,128 KiB stripe\r\n"));
  g_assert_null (strstr (csv, "\r\n,16 KiB stripe — write"));
  g_assert_nonnull (strstr (csv, "\r\nFiles written,200,200,200,200\r\n"));
  free_results (results, 4);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/compare/stripes", test_stripes);
  g_test_add_func ("/vol/compare/chart-and-csv-agree", test_chart_and_csv_agree);
  g_test_add_func ("/vol/compare/by-label", test_by_label);
  g_test_add_func ("/vol/compare/by-raid", test_by_raid);
  g_test_add_func ("/vol/compare/by-host", test_by_host);
  g_test_add_func ("/vol/compare/combined", test_combined);
  g_test_add_func ("/vol/compare/nothing-differs", test_nothing_differs);
  g_test_add_func ("/vol/compare/differing-parameters", test_differing_parameters);
  g_test_add_func ("/vol/compare/mixed-tests", test_mixed_tests);
  g_test_add_func ("/vol/compare/many", test_many);
  g_test_add_func ("/vol/compare/binned-curves", test_binned_curves);
  g_test_add_func ("/vol/compare/rows-agree", test_rows_agree);
  g_test_add_func ("/vol/compare/export-has-whole-table", test_export_has_whole_table);
  return g_test_run ();
}
