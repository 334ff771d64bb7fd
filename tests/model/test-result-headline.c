/* test-result-headline.c — the figure History shows for each result, and its day
 *
 * Results are built in memory with the series, summaries and figures each
 * test kind writes (src/model/kinds/vol-kind-*.c), so each case shows which
 * figure stands for the kind and in which unit: a random I/O run in IO/s,
 * never in MB/s. The day headings are checked in a fixed time zone.
 */
#include <string.h>

#include "vol-result-day.h"
#include "vol-result-headline.h"

/* A series @name of (x, y) with @y_unit, its summary over y. */
static void
add_series (VolResult    *result,
            const char   *name,
            const char   *title,
            const char   *y,
            const char   *y_unit,
            const double *values,
            guint         n)
{
  VolSeries *series = vol_result_add_series (result, name, title, "x", y);

  vol_series_add_column (series, "x", "");
  vol_series_add_column (series, y, y_unit);
  for (guint i = 0; i < n; i++)
    {
      double row[2] = { i, values[i] };
      vol_series_append (series, row, 2);
    }
  vol_result_add_summary (result, name, y);
}

/* The headline of @result: what, value (within 1e-6 relative), unit and text. */
static void
assert_headline (VolResult  *result,
                 const char *what,
                 double      value,
                 const char *unit,
                 const char *text)
{
  g_autoptr(VolResultHeadline) h = vol_result_headline (result);
  g_autofree char *formatted = NULL;

  g_assert_nonnull (h);
  g_assert_cmpstr (h->what, ==, what);
  g_assert_cmpfloat_with_epsilon (h->value, value, value * 1e-6);
  g_assert_cmpstr (h->unit, ==, unit);
  formatted = vol_result_headline_format (h, FALSE);
  g_assert_cmpstr (formatted, ==, text);
  vol_result_unref (result);
}

static void
test_fill (void)
{
  VolResult *r = vol_result_new ("fill");
  const double write[] = { 200e6, 210e6, 220e6 }, read[] = { 500e6, 510e6 };

  add_series (r, "write", "Write", "throughput", "B/s", write, 3);
  add_series (r, "read", "Read", "throughput", "B/s", read, 2);
  vol_result_add_figure (r, "bytes-written", "Bytes written", "B", 1e9);
  assert_headline (r, "Write, mean", 210e6, "B/s", "210.0 MB/s");
}

/* A fill stopped before its first file: no write samples, only reads
 * would be wrong; nothing at all gives no headline. */
static void
test_fill_empty (void)
{
  g_autoptr(VolResult) r = vol_result_new ("fill");
  g_autoptr(VolResultHeadline) h = NULL;

  add_series (r, "write", "Write", "throughput", "B/s", NULL, 0);
  h = vol_result_headline (r);
  g_assert_null (h);
}

static void
test_transfer (void)
{
  VolResult *r = vol_result_new ("transfer");

  /* no summaries: one mean per size, the best is the headline */
  vol_result_add_figure (r, "write-262144-mean", "Write 256 KiB", "B/s", 450e6);
  vol_result_add_figure (r, "write-262144-stddev", "σ", "B/s", 900e6);
  vol_result_add_figure (r, "write-524288-mean", "Write 512 KiB", "B/s", 895e6);
  vol_result_add_figure (r, "write-1048576-max", "max", "B/s", 2000e6);
  vol_result_add_figure (r, "read-524288-mean", "Read 512 KiB", "B/s", 1600e6);
  assert_headline (r, "Write, best at 512 KiB", 895e6, "B/s", "895.0 MB/s");
}

static void
test_random (void)
{
  VolResult *r = vol_result_new ("random");
  const double ops[] = { 18000, 18958 };

  add_series (r, "write", "Write", "ops", "ops/s", ops, 2);
  vol_result_add_figure (r, "write-average", "Write average", "ops/s", 18479);
  vol_result_add_figure (r, "write-median", "Write median", "ops/s", 18479);
  vol_result_add_figure (r, "bytes-written", "Bytes written", "B", 1e9);
  /* IO/s, not "0.02 MB/s" */
  assert_headline (r, "Writes, average", 18479, "IO/s", "18479 IO/s");

  /* an older file without the figures: the summary's mean */
  r = vol_result_new ("random");
  add_series (r, "write", "Write", "ops", "ops/s", ops, 2);
  assert_headline (r, "Writes, average", 18479, "IO/s", "18479 IO/s");
}

static void
test_queue (void)
{
  VolResult *r = vol_result_new ("queue");
  const double iops[] = { 20000, 75847.4 };

  add_series (r, "queue", "Queue", "iops", "IO/s", iops, 2);
  vol_result_add_figure (r, "ios", "I/Os completed", "", 111164);
  vol_result_add_figure (r, "iops-max", "Highest IOPS", "IO/s", 75847.4);
  vol_result_add_figure (r, "iops-max-depth", "Queue depth of the highest IOPS", "", 32);
  assert_headline (r, "Highest, at queue depth 32", 75847.4, "IO/s", "75847 IO/s");

  /* without the figure: the highest of the depths' IOPS */
  r = vol_result_new ("queue");
  add_series (r, "queue", "Queue", "iops", "IO/s", iops, 2);
  assert_headline (r, "Highest", 75847.4, "IO/s", "75847 IO/s");
}

static void
test_threads (void)
{
  VolResult *r = vol_result_new ("threads");

  vol_result_add_figure (r, "throughput-max", "Highest throughput", "B/s", 2796817326.5);
  vol_result_add_figure (r, "throughput-max-threads", "Threads", "", 4);
  assert_headline (r, "Highest, with 4 threads", 2796817326.5, "B/s", "2796.8 MB/s");

  r = vol_result_new ("threads");
  vol_result_add_figure (r, "throughput-max", "Highest throughput", "B/s", 1e8);
  vol_result_add_figure (r, "throughput-max-threads", "Threads", "", 1);
  assert_headline (r, "Highest, with 1 thread", 1e8, "B/s", "100.0 MB/s");
}

static void
test_smallfiles (void)
{
  VolResult *r = vol_result_new ("smallfiles");
  const double rate[] = { 6390.8 };

  add_series (r, "transactions", "Transactions", "rate", "/s", rate, 1);
  vol_result_add_figure (r, "created-per-s", "Created", "/s", 3388.6);
  vol_result_add_figure (r, "transactions-per-s", "Transactions", "/s", 6390.8);
  assert_headline (r, "Transactions", 6390.8, "transactions/s", "6391 transactions/s");
}

static void
test_cached (void)
{
  VolResult *r = vol_result_new ("cached");

  vol_result_add_figure (r, "cached-throughput", "Cached reads", "B/s", 4028184842.7);
  vol_result_add_figure (r, "device-throughput", "Device reads", "B/s", 187394360.4);
  /* the device's speed stands for the run, not the page cache's */
  assert_headline (r, "Device reads", 187394360.4, "B/s", "187.4 MB/s");
}

/* A kind the headline does not know (a future test, an import): its
 * first summary with samples. */
static void
test_other_kind (void)
{
  VolResult *r = vol_result_new ("something-new");
  const double empty[] = { 0 }, ops[] = { 10, 30 };

  add_series (r, "first", "First", "rate", "ops/s", empty, 0);
  add_series (r, "second", "Second", "rate", "ops/s", ops, 2);
  assert_headline (r, "Second, mean", 20, "IO/s", "20 IO/s");
}

/* binary units reach the figure; units that have no binary form keep theirs */
static void
test_binary (void)
{
  VolResultHeadline mb = { (char *) "x", 1048576.0 * 100, (char *) "B/s" };
  VolResultHeadline io = { (char *) "x", 18479, (char *) "IO/s" };
  g_autofree char *a = vol_result_headline_format (&mb, TRUE);
  g_autofree char *b = vol_result_headline_format (&io, TRUE);

  g_assert_cmpstr (a, ==, "100.0 MiB/s");
  g_assert_cmpstr (b, ==, "18479 IO/s");
}

static void
test_day (void)
{
  g_autoptr(GTimeZone) berlin = g_time_zone_new_identifier ("+01:00");
  g_autoptr(GDateTime) now = g_date_time_new (berlin, 2026, 12, 2, 0, 30, 0);
  /* 23:10 UTC on 1 December is 00:10 on 2 December in UTC+1: today */
  g_autoptr(GDateTime) late_utc = g_date_time_new_utc (2026, 12, 1, 23, 10, 0);
  g_autoptr(GDateTime) yesterday = g_date_time_new (berlin, 2026, 12, 1, 8, 0, 0);
  g_autoptr(GDateTime) earlier = g_date_time_new (berlin, 2026, 11, 30, 23, 59, 0);
  g_autoptr(GDateTime) last_year = g_date_time_new (berlin, 2025, 12, 31, 12, 0, 0);
  g_autofree char *t0 = vol_result_day_title (late_utc, now);
  g_autofree char *t1 = vol_result_day_title (yesterday, now);
  g_autofree char *t2 = vol_result_day_title (earlier, now);
  g_autofree char *t3 = vol_result_day_title (NULL, now);

  g_assert_cmpint (vol_result_day_age (late_utc, now), ==, 0);
  g_assert_cmpint (vol_result_day_age (yesterday, now), ==, 1);
  g_assert_cmpint (vol_result_day_age (earlier, now), ==, 2);
  g_assert_cmpint (vol_result_day_age (last_year, now), ==, 336);
  g_assert_cmpstr (t0, ==, "Today");
  g_assert_cmpstr (t1, ==, "Yesterday");
  g_assert_cmpstr (t2, ==, "Monday, 30 November 2026");
  g_assert_cmpstr (t3, ==, "Unknown Date");
}

/* Newest first; unknown times last; sorting a shuffled list gives it. */
static void
test_order (void)
{
  GDateTime *times[] = {
    g_date_time_new_utc (2026, 11, 30, 8, 0, 0),
    NULL,
    g_date_time_new_utc (2026, 12, 2, 1, 0, 0),
    g_date_time_new_utc (2026, 12, 1, 9, 0, 0),
    g_date_time_new_utc (2026, 12, 2, 1, 0, 1),
  };
  guint order[] = { 0, 1, 2, 3, 4 };
  const guint want[] = { 4, 2, 3, 0, 1 };

  g_assert_cmpint (vol_result_day_compare (times[2], times[0]), <, 0);
  g_assert_cmpint (vol_result_day_compare (times[0], times[2]), >, 0);
  g_assert_cmpint (vol_result_day_compare (times[1], times[0]), >, 0);
  g_assert_cmpint (vol_result_day_compare (times[0], times[1]), <, 0);
  g_assert_cmpint (vol_result_day_compare (NULL, NULL), ==, 0);
  /* a plain insertion sort with the comparison */
  for (guint i = 1; i < G_N_ELEMENTS (order); i++)
    for (guint j = i; j > 0 && vol_result_day_compare (times[order[j - 1]], times[order[j]]) > 0; j--)
      {
        guint t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpuint (order[i], ==, want[i]);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    if (times[i])
      g_date_time_unref (times[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/result-headline/fill", test_fill);
  g_test_add_func ("/vol/result-headline/fill-empty", test_fill_empty);
  g_test_add_func ("/vol/result-headline/transfer", test_transfer);
  g_test_add_func ("/vol/result-headline/random", test_random);
  g_test_add_func ("/vol/result-headline/queue", test_queue);
  g_test_add_func ("/vol/result-headline/threads", test_threads);
  g_test_add_func ("/vol/result-headline/smallfiles", test_smallfiles);
  g_test_add_func ("/vol/result-headline/cached", test_cached);
  g_test_add_func ("/vol/result-headline/other-kind", test_other_kind);
  g_test_add_func ("/vol/result-headline/binary", test_binary);
  g_test_add_func ("/vol/result-headline/day", test_day);
  g_test_add_func ("/vol/result-headline/order", test_order);
  return g_test_run ();
}
