/* test-fio-import.c — fio's JSON output as results, from hand-made files
 *
 * The fixtures in tests/data/fio/ are small and made by hand to hold what
 * real fio runs rarely give on demand: error lines before the JSON,
 * --status-interval documents with a truncated last one, fio 2.x's units,
 * a client/server run with the "All clients" aggregate, malformed and
 * truncated files. tests/cli/test-fio-real.sh covers output of the real fio.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "vol-error.h"
#include "vol-fio-import.h"

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "fio", name, NULL);
}

static GPtrArray *
import_fixture (const char *name,
                GPtrArray  *warnings)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  GPtrArray *results = vol_fio_import_load (path, warnings, &error);

  g_assert_no_error (error);
  g_assert_nonnull (results);
  g_assert_cmpuint (results->len, >=, 1);
  return results;
}

static char *
fixture_text (const char *name,
              gsize      *length)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_file_get_contents (path, &data, length, &error);
  g_assert_no_error (error);
  return data;
}

static double
cell (const VolResult *result,
      const char      *series_name,
      const char      *column_name,
      guint            row)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  const VolColumn *column;

  g_assert_nonnull (series);
  column = vol_series_get_column (series, column_name);
  g_assert_nonnull (column);
  g_assert_cmpuint (row, <, column->values->len);
  return g_array_index (column->values, double, row);
}

static gboolean
has_warning (GPtrArray  *warnings,
             const char *needle)
{
  for (guint i = 0; i < warnings->len; i++)
    if (strstr (g_ptr_array_index (warnings, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

static const char *
param (const VolResult *result,
       const char      *key)
{
  const char *value = NULL;

  if (result->params == NULL || !g_variant_lookup (result->params, key, "&s", &value))
    return NULL;
  return value;
}

/* Error lines before the JSON are skipped, and said so; a random 4 KiB
 * read at iodepth 32 is a queue-depth point with fio's own figures. */
static void
test_text_before (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("text-before.json", warnings);
  const VolResult *r = g_ptr_array_index (results, 0);
  const char *version = NULL;

  g_assert_cmpuint (results->len, ==, 1);
  g_assert_true (has_warning (warnings, "skipped 2 lines of text before the JSON"));
  g_assert_true (has_warning (warnings, "err=5/file:io_u.c:1803"));
  g_assert_cmpstr (r->kind, ==, "queue");
  g_assert_cmpstr (r->label, ==, "fio: qd32");
  g_assert_cmpstr (r->io_backend, ==, "libaio");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "queue")), ==, 1);
  g_assert_cmpfloat (cell (r, "queue", "depth", 0), ==, 32);
  g_assert_cmpfloat (cell (r, "queue", "throughput", 0), ==, 409600000);
  g_assert_cmpfloat (cell (r, "queue", "iops", 0), ==, 100000);
  /* lat_ns in nanoseconds → seconds; percentiles from clat_ns */
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-mean", 0), 320e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-p99", 0), 900e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-p999", 0), 1.5e-3, 1e-12);
  /* fio's options and version are kept */
  g_assert_cmpstr (param (r, "iodepth"), ==, "32");
  g_assert_cmpstr (param (r, "filename"), ==, "/dev/nvme0n1");   /* a global option */
  g_assert_cmpstr (param (r, "mode"), ==, "read");
  g_assert_true (g_variant_lookup (r->resolved, "fio-version", "&s", &version));
  g_assert_cmpstr (version, ==, "fio-3.33");
  g_assert_cmpstr (r->app_name, ==, "fio");
  g_assert_cmpint (g_date_time_to_unix (r->created), ==, 1700000000);
  /* a local run: no host name */
  g_assert_null (r->host);
  g_assert_nonnull (r->target);
  g_assert_cmpstr (r->target->device, ==, "nvme0n1");
  g_assert_nonnull (vol_result_get_summary (r, "queue"));
}

/* --status-interval: the last complete document is the result, a cut one
 * after it is skipped with a warning. */
static void
test_status_interval (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("status-interval.json", warnings);
  const VolResult *r = g_ptr_array_index (results, 0);

  g_assert_cmpuint (results->len, ==, 1);
  g_assert_true (has_warning (warnings, "3 JSON documents"));
  g_assert_true (has_warning (warnings, "incomplete"));
  g_assert_cmpstr (r->kind, ==, "transfer");
  g_assert_null (vol_result_get_series (r, "read"));
  g_assert_cmpfloat (cell (r, "write", "size", 0), ==, 1048576);
  g_assert_cmpfloat (cell (r, "write", "throughput", 0), ==, 300000000);
  g_assert_cmpfloat (vol_result_get_figure (r, "write-1048576-mean")->value, ==, 300000000);
}

/* fio 2.x: bw in KiB/s with no bw_bytes, latencies in microseconds,
 * io_bytes in KiB. */
static void
test_old_usec (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("old-usec.json", warnings);
  const VolResult *r = g_ptr_array_index (results, 0);

  g_assert_true (has_warning (warnings, "bw_bytes"));
  g_assert_cmpstr (r->kind, ==, "queue");
  g_assert_cmpstr (param (r, "mode"), ==, "write");
  g_assert_cmpfloat (cell (r, "queue", "depth", 0), ==, 4);
  /* 40000 KiB/s × 1024, not × 1000 */
  g_assert_cmpfloat (cell (r, "queue", "throughput", 0), ==, 40000.0 * 1024);
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-mean", 0), 250e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-p50", 0), 200e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (cell (r, "queue", "lat-p99", 0), 800e-6, 1e-12);
  g_assert_cmpfloat (cell (r, "queue", "bytes", 0), ==, 10000.0 * 4 * 1024);
  g_assert_cmpstr (r->app_version, ==, "fio-2.2.10");
}

/* Two clients: a result each, with its host; and the aggregate. */
static void
test_client_server (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("client-server.json", warnings);
  const VolResult *a, *b, *all;
  const char *client = NULL;
  g_autofree const char **clients = NULL;

  g_assert_cmpuint (results->len, ==, 3);
  a = g_ptr_array_index (results, 0);
  b = g_ptr_array_index (results, 1);
  all = g_ptr_array_index (results, 2);

  g_assert_cmpstr (a->kind, ==, "queue");
  g_assert_nonnull (a->host);
  g_assert_cmpstr (a->host->hostname, ==, "server-a");
  g_assert_true (g_variant_lookup (a->resolved, "fio-client", "&s", &client));
  g_assert_cmpstr (client, ==, "server-a:8765");
  g_assert_cmpfloat (cell (a, "queue", "throughput", 0), ==, 100000000);
  g_assert_cmpfloat (cell (a, "queue", "depth", 0), ==, 16);

  g_assert_cmpstr (b->kind, ==, "queue");
  g_assert_cmpstr (b->host->hostname, ==, "server-b");
  g_assert_cmpfloat (cell (b, "queue", "throughput", 0), ==, 200000000);

  g_assert_cmpstr (all->kind, ==, "fio");
  g_assert_cmpstr (all->label, ==, "fio: All clients");
  /* the aggregate's host name is only the last client's: not kept */
  g_assert_null (all->host);
  g_assert_cmpfloat (cell (all, "jobs", "throughput", 0), ==, 300000000);
  g_assert_cmpfloat (cell (all, "jobs", "read-throughput", 0), ==, 300000000);
  g_assert_true (g_variant_lookup (all->resolved, "fio-clients", "^a&s", &clients));
  g_assert_cmpuint (g_strv_length ((char **) clients), ==, 2);
  g_assert_cmpstr (clients[0], ==, "server-a:8765");
  /* the clients ran direct=1 in their job options: so did the aggregate */
  g_assert_cmpint (all->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpstr (param (all, "size"), ==, "1G");
}

/* bw_bytes is the throughput; bw (KiB/s) is never divided by 1000. */
static void
test_bw_bytes (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("bw-bytes.json", warnings);
  const VolResult *r = g_ptr_array_index (results, 0);

  g_assert_cmpstr (r->kind, ==, "transfer");
  g_assert_null (vol_result_get_series (r, "write"));
  g_assert_cmpfloat (cell (r, "read", "size", 0), ==, 131072);
  g_assert_cmpfloat (cell (r, "read", "throughput", 0), ==, 1000000);
  g_assert_false (has_warning (warnings, "bw_bytes"));
}

/* numjobs without group_reporting: the entries are summed into one; a
 * job no Volumeter test matches becomes a row of a "fio" result; a -nan
 * reads as unknown. */
static void
test_numjobs_generic (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = import_fixture ("numjobs-generic.json", warnings);
  const VolResult *q, *g;

  g_assert_cmpuint (results->len, ==, 2);
  q = g_ptr_array_index (results, 0);
  g = g_ptr_array_index (results, 1);
  g_assert_true (has_warning (warnings, "2 entries"));
  g_assert_true (has_warning (warnings, "not a number"));
  g_assert_true (has_warning (warnings, "fio: mixed: fio ran without direct=1"));

  g_assert_cmpstr (q->kind, ==, "queue");
  g_assert_cmpfloat (cell (q, "queue", "throughput", 0), ==, 4096000 + 8192000);
  g_assert_cmpfloat (cell (q, "queue", "iops", 0), ==, 3000);
  /* psync does one I/O at a time: two threads are a depth of 2 */
  g_assert_cmpfloat (cell (q, "queue", "depth", 0), ==, 2);
  /* weighted by I/Os: (1 ms × 1000 + 4 ms × 2000) / 3000 */
  g_assert_cmpfloat_with_epsilon (cell (q, "queue", "lat-mean", 0), 3e-3, 1e-12);
  g_assert_true (isnan (cell (q, "queue", "lat-p99", 0)));

  g_assert_cmpstr (g->kind, ==, "fio");
  g_assert_cmpstr (g->label, ==, "fio: mixed");
  g_assert_cmpint (g->cache_bypass, ==, VOL_CACHE_BYPASS_NONE);
  g_assert_cmpfloat (cell (g, "jobs", "read-throughput", 0), ==, 7000000);
  g_assert_cmpfloat (cell (g, "jobs", "write-throughput", 0), ==, 3000000);
  g_assert_cmpfloat (cell (g, "jobs", "throughput", 0), ==, 10000000);
  g_assert_cmpfloat (cell (g, "jobs", "block", 0), ==, 65536);
  g_assert_cmpfloat (vol_result_get_figure (g, "job-1-read-throughput")->value, ==, 7000000);
  g_assert_cmpstr (param (g, "rwmixread"), ==, "70");
}

/* A result survives a save and a load. */
static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) results = import_fixture ("client-server.json", NULL);

  for (guint i = 0; i < results->len; i++)
    {
      const VolResult *r = g_ptr_array_index (results, i);
      g_autofree char *text = vol_result_to_data (r, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(VolResult) back = vol_result_load_from_data (text, -1, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (back->kind, ==, r->kind);
      g_assert_cmpstr (back->label, ==, r->label);
      g_assert_true (g_variant_equal (back->params, r->params));
    }
}

typedef struct
{
  const char *fixture;
  int         code;
  const char *needle;
} BadCase;

static const BadCase bad_cases[] = {
  { "malformed.json", VOL_RESULT_ERROR_FIELD, "“jobs[0].read.bw_bytes” must be a number" },
  { "truncated.json", VOL_RESULT_ERROR_PARSE, "truncated" },
  { "no-jobs.json", VOL_RESULT_ERROR_FORMAT, "neither “jobs” nor “client_stats”" },
};

static void
test_bad_files (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = fixture_path (bad_cases[i].fixture);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) results = vol_fio_import_load (path, NULL, &error);

      g_test_message ("%s: %s", bad_cases[i].fixture, error ? error->message : "(no error)");
      g_assert_null (results);
      g_assert_error (error, VOL_RESULT_ERROR, bad_cases[i].code);
      g_assert_nonnull (strstr (error->message, bad_cases[i].needle));
      /* messages name the file */
      g_assert_nonnull (strstr (error->message, bad_cases[i].fixture));
    }
}

/* Every prefix of a real-looking file: an error or results, never a crash. */
static void
test_every_truncation (void)
{
  gsize length = 0;
  g_autofree char *data = fixture_text ("client-server.json", &length);

  for (gsize n = 0; n < length; n += 7)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) results = vol_fio_import_from_data (data, (gssize) n, NULL, &error);

      g_assert_true ((results == NULL) != (error == NULL));
      if (error)
        g_assert_true (error->domain == VOL_RESULT_ERROR);
    }
}

static void
test_odd_text (void)
{
  static const struct
  {
    const char *text;
    int         code;
    const char *needle;
  } cases[] = {
    { "", VOL_RESULT_ERROR_FORMAT, "no JSON object" },
    { "fio: engine libaio not loadable\n", VOL_RESULT_ERROR_FORMAT, "no JSON object" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": []}", VOL_RESULT_ERROR_FIELD, "no jobs" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": 3}]}", VOL_RESULT_ERROR_FIELD, "“jobs[0].jobname” must be a string" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"a\"}]}", VOL_RESULT_ERROR_FIELD, "“jobs[0].read” is missing" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"a\", \"read\": {\"iops\": 1}}]}",
      VOL_RESULT_ERROR_FIELD, "“jobs[0].read.bw_bytes” is missing" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"a\", \"read\": {\"iops\": 1, \"bw_bytes\": -5}}]}",
      VOL_RESULT_ERROR_FIELD, "“jobs[0].read.bw_bytes” must not be negative" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"a\", \"job options\": {\"bs\": [1]}, \"read\": {\"iops\": 1, \"bw_bytes\": 5}}]}",
      VOL_RESULT_ERROR_FIELD, "“jobs[0].job options.bs” must be a string" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": {}}", VOL_RESULT_ERROR_FIELD, "“jobs” must be an array" },
    { "{\"fio version\": \"fio-3.33\", \"jobs\": [1,]}", VOL_RESULT_ERROR_PARSE, "line 1" },
    { "{\"format\": \"volumeter-result\", \"version\": 1}", VOL_RESULT_ERROR_FORMAT, "Volumeter result" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) results = vol_fio_import_from_data (cases[i].text, -1, NULL, &error);

      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_null (results);
      g_assert_error (error, VOL_RESULT_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
    }
}

/* Every fixture that imports saves as a result that loads again: the
 * writer must never write what the reader refuses (numjobs-generic.json
 * has fio's "-nan"). And `show` of fio's own file, which the strict scan
 * refuses for its "-nan", says to import it. */
static void
test_every_fixture_round_trips (void)
{
  static const char *const fixtures[] = {
    "bw-bytes.json", "client-server.json", "numjobs-generic.json", "old-usec.json",
    "status-interval.json", "text-before.json",
  };
  g_autofree char *path = fixture_path ("numjobs-generic.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) direct = vol_result_load (path, &error);

  g_assert_null (direct);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "fio output: import it instead"));

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(GPtrArray) results = import_fixture (fixtures[f], NULL);

      for (guint i = 0; i < results->len; i++)
        {
          g_autofree char *text = vol_result_to_data (g_ptr_array_index (results, i), NULL);
          g_autoptr(GError) load_error = NULL;
          g_autoptr(VolResult) back = vol_result_load_from_data (text, -1, &load_error);

          g_test_message ("%s, result %u: %s", fixtures[f], i, load_error ? load_error->message : "loads");
          g_assert_no_error (load_error);
          g_assert_nonnull (back);
          g_assert_null (strstr (text, "nan"));
          g_assert_null (strstr (text, "inf"));
        }
    }
}

/* fio output with @n jobs: random 4 KiB reads at depths 1..n (one queue
 * result), or with @transfer sequential reads whose depth differs, so
 * that each job is a result of its own. Every job overrides "opt0" of the
 * global options with a value of its own. */
static char *
make_jobs (guint    n,
           gboolean transfer)
{
  GString *text = g_string_new ("{\"fio version\": \"fio-3.33\", \"global options\": "
                                "{\"ioengine\": \"libaio\", \"direct\": \"1\", \"opt0\": \"g\", \"opt1\": \"g\"}, "
                                "\"jobs\": [");

  for (guint j = 0; j < n; j++)
    g_string_append_printf (text,
                            "%s{\"jobname\": \"job%u\", \"job options\": {\"rw\": \"%s\", \"bs\": \"4k\", "
                            "\"iodepth\": \"%u\", \"opt0\": \"v%u\"}, "
                            "\"read\": {\"bw_bytes\": 1000, \"iops\": 10.0, \"total_ios\": 10, \"runtime\": 1000}}",
                            j ? ", " : "", j, transfer ? "read" : "randread", j + 1, j);
  g_string_append (text, "]}");
  return g_string_free (text, FALSE);
}

/* Large runs stay linear and bounded (32 000 jobs took 126 s; 8 000 jobs
 * made 8 000 result files; global options were copied into every job):
 * a cap on results with a message, options that differ between many jobs
 * summarised, the global ones shared, and labels kept short. */
static void
test_many_jobs (void)
{
  g_autofree char *too_many = make_jobs (101, TRUE);
  g_autofree char *many = make_jobs (40, FALSE);
  g_autofree char *few = make_jobs (3, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) few_results = NULL;
  g_autoptr(GPtrArray) hundred = NULL;
  g_autofree char *hundred_text = make_jobs (100, TRUE);
  const VolResult *r;

  results = vol_fio_import_from_data (too_many, -1, NULL, &error);
  g_assert_null (results);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "more than 100 results"));
  g_clear_error (&error);

  {
    g_autofree char *jobs_text = make_jobs (10001, FALSE);
    g_autoptr(GPtrArray) none = vol_fio_import_from_data (jobs_text, -1, NULL, &error);

    g_assert_null (none);
    g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "more than 10000 jobs"));
    g_clear_error (&error);
  }

  hundred = vol_fio_import_from_data (hundred_text, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hundred->len, ==, 100);

  results = vol_fio_import_from_data (many, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 1);
  r = g_ptr_array_index (results, 0);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (r, "queue")), ==, 40);
  g_assert_cmpstr (param (r, "opt0"), ==, "(differs between the 40 jobs)");
  g_assert_cmpstr (param (r, "opt1"), ==, "g");
  g_assert_cmpstr (param (r, "ioengine"), ==, "libaio");
  g_assert_cmpstr (r->label, ==, "fio: job0, job1, job2, job3, job4, job5, job6, job7, …");
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);

  few_results = vol_fio_import_from_data (few, -1, NULL, &error);
  g_assert_no_error (error);
  r = g_ptr_array_index (few_results, 0);
  g_assert_cmpstr (param (r, "opt0"), ==, "v0 | v1 | v2");
  g_assert_cmpstr (param (r, "opt1"), ==, "g");
  g_assert_cmpstr (r->label, ==, "fio: job0, job1, job2");
}

/* An escape that json-glib reads differently from JSON (a short "\u1", a
 * lone surrogate) made it end a string elsewhere, so 100 000 "[" the scan
 * took for text reached json-glib's recursive parser and overflowed its
 * stack. Each is refused where it is; valid escapes leave the brackets to
 * the depth check. */
static void
test_escapes_before_deep_nesting (void)
{
  static const char *const invalid[] = {
    "\\u1\"", "\\u12\"", "\\u123\"", "\\uZZZZ\"", "\\ud800\"", "\\ud800\"\"",
    "\\ud800\\u0041\"", "\\udc00\"", "\\u0000\"", "\\x41\"", "a\tb\"", "\xff\"", "\xed\xa0\x80\"",
  };
  static const char *const valid[] = {
    "\\\"\"", "\\\\\"", "\\u0041\"", "\\ud83d\\ude00\"", "\xc3\xa9\"",
  };
  g_autofree char *open = g_strnfill (100000, '[');
  g_autofree char *close = g_strnfill (100000, ']');

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    for (guint ending = 0; ending < 2; ending++)
      {
        /* The document splitter ends the string before the brackets or
         * after them, depending on the escape; one of the two endings
         * makes the document complete for it, so that it reaches the
         * scan, where the crash was. */
        g_autofree char *text = g_strconcat ("{\"fio version\": \"fio-3.33\", \"jobs\": [\"",
                                             invalid[i], ",", open, ending ? close : "\"", "]}", NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) results = vol_fio_import_from_data (text, -1, NULL, &error);

        g_test_message ("invalid %u/%u: %s", i, ending, error ? error->message : "(no error)");
        g_assert_null (results);
        g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE);
      }
  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autofree char *text = g_strconcat ("{\"fio version\": \"fio-3.33\", \"jobs\": [\"",
                                           valid[i], ",", open, close, "]}", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) results = vol_fio_import_from_data (text, -1, NULL, &error);

      g_test_message ("valid %u: %s", i, error ? error->message : "(no error)");
      g_assert_null (results);
      g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "levels deep"));
    }
}

/* A result file refuses fio output with its hint; the sniffer tells them
 * apart. */
static void
test_looks_like_fio (void)
{
  gsize length = 0;
  g_autofree char *data = fixture_text ("text-before.json", &length);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = NULL;
  g_autofree char *path = fixture_path ("old-usec.json");
  g_autoptr(GPtrArray) results = import_fixture ("bw-bytes.json", NULL);
  g_autofree char *saved = vol_result_to_data (g_ptr_array_index (results, 0), NULL);

  g_assert_true (vol_fio_import_looks_like_fio (data, (gssize) length));
  g_assert_true (vol_fio_import_file_looks_like_fio (path));
  g_assert_false (vol_fio_import_looks_like_fio ("{\"label\": \"\\\"fio version\\\": x\"}", -1));
  g_assert_false (vol_fio_import_looks_like_fio ("", 0));
  /* an imported result is a Volumeter result, even with fio's version in it */
  g_assert_false (vol_fio_import_looks_like_fio (saved, -1));

  /* the JSON itself, after the error lines */
  g_assert_nonnull (strstr (data, "\n{\n"));
  result = vol_result_load_from_data (strstr (data, "\n{\n") + 1, -1, &error);
  g_assert_null (result);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "fio"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/fio-import/text-before", test_text_before);
  g_test_add_func ("/vol/fio-import/status-interval", test_status_interval);
  g_test_add_func ("/vol/fio-import/old-usec", test_old_usec);
  g_test_add_func ("/vol/fio-import/client-server", test_client_server);
  g_test_add_func ("/vol/fio-import/bw-bytes", test_bw_bytes);
  g_test_add_func ("/vol/fio-import/numjobs-generic", test_numjobs_generic);
  g_test_add_func ("/vol/fio-import/round-trip", test_round_trip);
  g_test_add_func ("/vol/fio-import/bad-files", test_bad_files);
  g_test_add_func ("/vol/fio-import/every-truncation", test_every_truncation);
  g_test_add_func ("/vol/fio-import/odd-text", test_odd_text);
  g_test_add_func ("/vol/fio-import/looks-like-fio", test_looks_like_fio);
  g_test_add_func ("/vol/fio-import/escapes-before-deep-nesting", test_escapes_before_deep_nesting);
  g_test_add_func ("/vol/fio-import/every-fixture-round-trips", test_every_fixture_round_trips);
  g_test_add_func ("/vol/fio-import/many-jobs", test_many_jobs);

  return g_test_run ();
}
