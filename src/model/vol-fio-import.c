/* vol-fio-import.c — fio's JSON output as Volumeter results (issue 6)
 *
 * What fio prints is not always one clean JSON document: error lines come
 * before it, --status-interval prints a document every interval (the last
 * complete one holds the final figures), a killed run leaves the last one
 * cut short, and some fio versions print "-nan" where a number was not
 * defined. The text is first split into documents by bracket matching
 * (strings honoured), the last complete one is copied with everything
 * before it blanked out (newlines kept, so line numbers in messages are
 * the file's), and that copy goes through the same strict scan as result
 * files (vol-json-scan.c) before json-glib parses it.
 *
 * Figures: throughput is fio's "bw_bytes" (bytes/s). Only when it is
 * absent (fio 2.x) is "bw" used, as KiB/s × 1024, with a warning: fio's
 * "bw" is KiB/s, so dividing it by 1000 would be wrong by 2.4 %. Latency
 * is fio's "lat_ns" mean (submission to completion, as the queue test
 * measures it), or "lat" in microseconds from older fio; percentiles are
 * fio's completion-latency ("clat") percentiles.
 *
 * Entries of the same job (numjobs without group_reporting) are summed
 * per client, job name, group and options, as group_reporting would.
 *
 * Pure apart from the file read in vol_fio_import_load(); any thread.
 */

#include "vol-fio-import.h"
#include "vol-kinds.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-json-read-private.h"
#include "vol-json-scan.h"
#include "vol-size.h"

/* As for result files: far beyond any real fio output, and json-glib
 * needs several times the text's size to parse it. */
#define MAX_FILE_SIZE ((gsize) 256 * 1024 * 1024)
/* Bounds that keep an import linear and its output usable: fio entries
 * after summing clones, results made, jobs whose differing options are
 * listed one by one. */
#define MAX_JOBS 10000
#define MAX_RESULTS 100
#define MAX_JOINED 32
/* job names in a result's label */
#define MAX_LABEL_NAMES 8
#define MAX_WARNINGS 50
/* vol_fio_import_looks_like_fio() reads no further than this. */
#define SNIFF_SIZE ((gsize) 1024 * 1024)

/* ------------------------------------------------------------------------ */
/* Splitting the text into documents                                        */
/* ------------------------------------------------------------------------ */

typedef struct
{
  gsize    start;           /* of the last complete document */
  gsize    end;
  gboolean found;
  guint    n_complete;
  gboolean truncated;       /* a document after the last complete one never ends */
  gsize    truncated_start;
  guint    lines_before;    /* non-blank lines of text before the first document */
  char    *first_before;    /* the first of them */
  guint    lines_between;   /* ... between or after the documents */
} DocScan;

static void
doc_scan_clear (DocScan *scan)
{
  g_clear_pointer (&scan->first_before, g_free);
}

/* A document starts with "{" followed by a key or "}": fio's does, and a
 * stray brace in an error line is unlikely to. */
static gboolean
starts_document (const char *data,
                 gsize       length,
                 gsize       i)
{
  if (data[i] != '{')
    return FALSE;
  for (i++; i < length; i++)
    if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r' && data[i] != '\n')
      return data[i] == '"' || data[i] == '}';
  return FALSE;
}

/* Where the bracket opened at @start closes (the offset after it), or 0 if
 * the text ends first. Strings and their escapes are honoured. */
static gsize
document_end (const char *data,
              gsize       length,
              gsize       start)
{
  gsize depth = 0;
  gboolean in_string = FALSE, escaped = FALSE;

  for (gsize i = start; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && depth > 0 && --depth == 0)
        return i + 1;
    }
  return 0;
}

static void
note_skipped_line (DocScan    *scan,
                   const char *data,
                   gsize       from,
                   gsize       to)
{
  gboolean blank = TRUE;

  for (gsize k = from; k < to && blank; k++)
    blank = g_ascii_isspace (data[k]);
  if (blank)
    return;
  if (scan->n_complete == 0 && !scan->truncated)
    {
      scan->lines_before++;
      if (scan->first_before == NULL)
        {
          g_autofree char *line = g_strndup (data + from, MIN (to - from, 200));
          scan->first_before = g_utf8_make_valid (g_strstrip (line), -1);
        }
    }
  else
    scan->lines_between++;
}

static void
split_documents (const char *data,
                 gsize       length,
                 DocScan    *scan)
{
  gsize i = 0;
  gboolean at_line_start = TRUE;

  memset (scan, 0, sizeof *scan);
  while (i < length)
    {
      gsize p = i, line_end, end;

      /* Right after a document another may follow on the same line. */
      while (p < length && (data[p] == ' ' || data[p] == '\t' || data[p] == '\r'))
        p++;
      if (p < length && (at_line_start || scan->found) && starts_document (data, length, p))
        {
          end = document_end (data, length, p);
          if (end == 0)
            {
              scan->truncated = TRUE;
              scan->truncated_start = p;
              return;
            }
          scan->found = TRUE;
          scan->start = p;
          scan->end = end;
          scan->n_complete++;
          i = end;
          at_line_start = FALSE;
          continue;
        }
      line_end = p;
      while (line_end < length && data[line_end] != '\n')
        line_end++;
      note_skipped_line (scan, data, i, line_end);
      i = line_end < length ? line_end + 1 : length;
      at_line_start = TRUE;
    }
}

/* A bare nan, -nan, inf or -inf (some fio versions print them), outside
 * strings, is replaced with null: JSON has no such numbers. */
static gsize
non_number_length (const char *data,
                   gsize       length,
                   gsize       i)
{
  static const char *const words[] = { "-nan", "nan", "-inf", "inf", "-infinity", "infinity" };
  gsize best = 0;

  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      gsize n = strlen (words[w]);
      if (i + n <= length && g_ascii_strncasecmp (data + i, words[w], n) == 0
          && (i + n == length || !g_ascii_isalnum (data[i + n])))
        best = MAX (best, n);
    }
  return best;
}

/* The document [start, end) with everything before it blanked but its
 * newlines, so the scan and the parser count the file's lines. */
static char *
document_copy (const char *data,
               gsize       start,
               gsize       end,
               gsize      *out_length,
               guint      *n_non_numbers)
{
  GString *copy = g_string_sized_new (end + 16);
  gboolean in_string = FALSE, escaped = FALSE;

  for (gsize i = 0; i < start; i++)
    g_string_append_c (copy, data[i] == '\n' ? '\n' : ' ');
  for (gsize i = start; i < end; i++)
    {
      char c = data[i];
      gsize n;

      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if ((c == '-' || c == 'n' || c == 'N' || c == 'i' || c == 'I')
               && (i == start || !g_ascii_isalnum (data[i - 1]))
               && (n = non_number_length (data, end, i)) > 0)
        {
          g_string_append (copy, "null");
          (*n_non_numbers)++;
          i += n - 1;
          continue;
        }
      g_string_append_c (copy, c);
    }
  *out_length = copy->len;
  return g_string_free (copy, FALSE);
}

static void
add_warning (GPtrArray  *warnings,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
add_warning (GPtrArray  *warnings,
             const char *format,
             ...)
{
  va_list args;
  char *text;

  /* enough to say what is wrong; and the duplicate check stays cheap */
  if (warnings == NULL || warnings->len >= MAX_WARNINGS)
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* once is enough */
  for (guint i = 0; i < warnings->len; i++)
    if (g_strcmp0 (g_ptr_array_index (warnings, i), text) == 0)
      {
        g_free (text);
        return;
      }
  g_ptr_array_add (warnings, text);
}

/* Splits, warns about what is skipped, and parses the last complete
 * document. */
static JsonNode *
parse_last_document (const char  *data,
                     gsize        length,
                     GPtrArray   *warnings,
                     GError     **error)
{
  DocScan scan;
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) json_error = NULL;
  g_auto(VolJsonScanReport) report = VOL_JSON_SCAN_REPORT_INIT;
  g_autofree char *copy = NULL;
  gsize copy_length = 0;
  guint non_numbers = 0;
  JsonNode *root;

  split_documents (data, length, &scan);
  if (!scan.found)
    {
      if (scan.truncated)
        {
          guint line, column;

          vol_json_scan_line_column (data, scan.truncated_start, &line, &column);
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                       _("not valid JSON: the document that starts at line %u ends before it is complete (the file is truncated)"),
                       line);
        }
      else
        g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                             _("not fio output: there is no JSON object in it (fio writes one with --output-format=json)"));
      doc_scan_clear (&scan);
      return NULL;
    }

  if (scan.lines_before > 0)
    add_warning (warnings,
                 ngettext ("skipped %u line of text before the JSON (fio prints its errors there): “%s”",
                           "skipped %u lines of text before the JSON (fio prints its errors there), the first: “%s”",
                           scan.lines_before),
                 scan.lines_before, scan.first_before);
  if (scan.n_complete > 1)
    add_warning (warnings,
                 _("%u JSON documents (fio --status-interval): the last complete one holds the final figures and is imported"),
                 scan.n_complete);
  if (scan.truncated)
    {
      guint line, column;

      vol_json_scan_line_column (data, scan.truncated_start, &line, &column);
      add_warning (warnings,
                   _("the JSON document that starts at line %u is incomplete (was fio stopped?); the complete one before it is imported"),
                   line);
    }
  if (scan.lines_between > 0)
    add_warning (warnings,
                 ngettext ("skipped %u line of text between or after the JSON documents",
                           "skipped %u lines of text between or after the JSON documents",
                           scan.lines_between),
                 scan.lines_between);

  copy = document_copy (data, scan.start, scan.end, &copy_length, &non_numbers);
  doc_scan_clear (&scan);
  if (non_numbers > 0)
    add_warning (warnings,
                 ngettext ("fio printed %u value that is not a number (nan or inf); it is read as unknown",
                           "fio printed %u values that are not numbers (nan or inf); they are read as unknown",
                           non_numbers),
                 non_numbers);

  if (!vol_json_scan (copy, copy_length, VOL_JSON_SCAN_DEFAULT, &report, error))
    return NULL;
  if (report.overflow_path != NULL)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” is out of range (%s)"), report.overflow_path, report.overflow_text);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, copy, (gssize) copy_length, &json_error))
    {
      vol_json_scan_set_parse_error (error, json_error);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: the top level is not a JSON object"));
      return NULL;
    }
  return json_node_copy (root);
}

/* ------------------------------------------------------------------------ */
/* Reading the jobs                                                          */
/* ------------------------------------------------------------------------ */

enum { DIR_READ, DIR_WRITE, DIR_TRIM, N_DIRS };
static const char *const dir_keys[N_DIRS] = { "read", "write", "trim" };

/* one direction's figures: public as VolFioDir (vol-fio-import.h) */
typedef VolFioDir FioDir;

/* Options as fio printed them: names in order, and name → value. */
typedef struct
{
  GPtrArray  *keys;
  GHashTable *values;
} Options;

static void
options_init (Options *options)
{
  options->keys = g_ptr_array_new_with_free_func (g_free);
  options->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->keys, g_ptr_array_unref);
  g_clear_pointer (&options->values, g_hash_table_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

typedef struct
{
  char       *name;
  char       *path;        /* "jobs[3]": the first entry */
  char       *host;        /* client runs only */
  gint64      port;
  gboolean    all_clients;
  gint64      groupid;
  gint64      error;
  Options     own;         /* the job's own options */
  const Options *global;   /* the run's "global options", shared by every job:
                            * copied into each, 20 000 of them in 4 000 jobs
                            * took 5.8 GB */
  char       *job_options; /* the job's own options as text: clones share it */
  FioDir      dir[N_DIRS];
  double      runtime;     /* s */
  double      cpu_user;    /* s */
  double      cpu_system;
  guint       entries;     /* fio entries summed into this one */
  gboolean    direct;      /* O_DIRECT: direct=1 or buffered=0 */
} FioJob;

static void
fio_job_free (gpointer data)
{
  FioJob *job = data;

  g_free (job->name);
  g_free (job->path);
  g_free (job->host);
  options_clear (&job->own);
  g_free (job->job_options);
  g_free (job);
}

/* The job's own value, else the run's global one. */
static const char *
job_option (const FioJob *job,
            const char   *key)
{
  const char *value = g_hash_table_lookup (job->own.values, key);

  if (value == NULL && job->global != NULL)
    value = g_hash_table_lookup (job->global->values, key);
  return value;
}

/* The options object of a job or of the whole run; every value is kept as
 * text (fio writes them as strings). */
static gboolean
read_options (JsonObject  *parent,
              const char  *path,
              const char  *key,
              Options     *options,
              GString     *serial,
              GError     **error)
{
  JsonObject *object;
  g_autofree char *object_path = _vol_json_member_path (path, key);
  g_autoptr(GList) members = NULL;

  if (!_vol_json_read_object (parent, path, key, FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      JsonNode *node = json_object_get_member (object, member);
      /* option names become GVariant keys, which must be UTF-8; the scan
       * lets nothing else through, and this keeps it so */
      g_autofree char *name = g_utf8_make_valid (member, -1);
      g_autofree char *value = NULL;

      if (_vol_json_node_is (node, G_TYPE_STRING))
        value = g_utf8_make_valid (json_node_get_string (node), -1);
      else if (_vol_json_node_is (node, G_TYPE_INT64))
        value = g_strdup_printf ("%" PRId64, (int64_t) json_node_get_int (node));
      else if (_vol_json_node_is (node, G_TYPE_DOUBLE))
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          value = g_strdup (g_ascii_dtostr (buf, sizeof buf, json_node_get_double (node)));
        }
      else if (_vol_json_node_is (node, G_TYPE_BOOLEAN))
        value = g_strdup (json_node_get_boolean (node) ? "1" : "0");
      else if (JSON_NODE_HOLDS_NULL (node))
        value = g_strdup ("");
      else
        return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_STRING, object_path, name);

      if (serial != NULL)
        g_string_append_printf (serial, "%s=%s\n", name, value);
      if (!g_hash_table_contains (options->values, name))
        g_ptr_array_add (options->keys, g_strdup (name));
      g_hash_table_replace (options->values, g_strdup (name), g_steal_pointer (&value));
    }
  return TRUE;
}

static gboolean
read_non_negative (JsonObject  *object,
                   const char  *path,
                   const char  *key,
                   double      *out,
                   GError     **error)
{
  if (!_vol_json_read_double (object, path, key, NAN, out, error))
    return FALSE;
  if (*out < 0)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NEGATIVE, path, key);
  return TRUE;
}

/* The mean of a latency object ("lat_ns" in ns, or "lat" in µs), and the
 * 50th, 99th and 99.9th of its "percentile" object when it has them. */
static gboolean
read_latency (JsonObject  *dir,
              const char  *path,
              const char  *key,
              double       unit,
              double      *mean,
              double      *p50,
              double      *p99,
              double      *p999,
              GError     **error)
{
  JsonObject *object, *percentiles;
  g_autofree char *object_path = _vol_json_member_path (path, key);
  g_autofree char *percentile_path = NULL;
  g_autoptr(GList) members = NULL;
  double n = NAN;

  if (!_vol_json_read_object (dir, path, key, FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  if (mean != NULL)
    {
      if (!read_non_negative (object, object_path, "mean", mean, error)
          || !read_non_negative (object, object_path, "N", &n, error))
        return FALSE;
      /* fio prints a mean of 0 for a direction that did nothing */
      if (n == 0)
        *mean = NAN;
      *mean *= unit;
    }
  if (p50 == NULL)
    return TRUE;
  if (!_vol_json_read_object (object, object_path, "percentile", FALSE, &percentiles, error))
    return FALSE;
  if (percentiles == NULL)
    return TRUE;
  percentile_path = _vol_json_member_path (object_path, "percentile");
  members = json_object_get_members (percentiles);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      char *end = NULL;
      double at = g_ascii_strtod (name, &end);
      double value;

      if (end == name || *end != '\0')
        continue;
      if (!read_non_negative (percentiles, percentile_path, name, &value, error))
        return FALSE;
      if (fabs (at - 50) < 1e-6)
        *p50 = value * unit;
      else if (fabs (at - 99) < 1e-6)
        *p99 = value * unit;
      else if (fabs (at - 99.9) < 1e-6)
        *p999 = value * unit;
    }
  return TRUE;
}

static gboolean
read_dir (JsonObject  *job_object,
          const char  *path,
          guint        d,
          FioDir      *dir,
          GPtrArray   *warnings,
          GError     **error)
{
  JsonObject *object;
  g_autofree char *dir_path = _vol_json_member_path (path, dir_keys[d]);
  double bw_bytes, bw_kib, runtime_ms;
  gboolean old_units;

  dir->lat_mean = dir->p50 = dir->p99 = dir->p999 = NAN;
  dir->iops_min = dir->iops_max = dir->iops_stddev = NAN;
  if (!_vol_json_read_object (job_object, path, dir_keys[d], FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;
  dir->present = TRUE;

  if (!read_non_negative (object, dir_path, "bw_bytes", &bw_bytes, error)
      || !read_non_negative (object, dir_path, "bw", &bw_kib, error)
      || !read_non_negative (object, dir_path, "iops", &dir->iops, error)
      || !read_non_negative (object, dir_path, "io_bytes", &dir->io_bytes, error)
      || !read_non_negative (object, dir_path, "runtime", &runtime_ms, error)
      || !read_non_negative (object, dir_path, "total_ios", &dir->ios, error)
      || !read_non_negative (object, dir_path, "iops_min", &dir->iops_min, error)
      || !read_non_negative (object, dir_path, "iops_max", &dir->iops_max, error)
      || !read_non_negative (object, dir_path, "iops_stddev", &dir->iops_stddev, error))
    return FALSE;

  /* fio 3 has bw_bytes and io_kbytes; fio 2 gave bw and io_bytes in KiB. */
  old_units = json_object_get_member (object, "bw_bytes") == NULL
              && json_object_get_member (object, "io_kbytes") == NULL;
  if (json_object_get_member (object, "bw_bytes") != NULL && !isnan (bw_bytes))
    dir->bw = bw_bytes;
  else if (json_object_get_member (object, "bw") != NULL && !isnan (bw_kib))
    {
      dir->bw = bw_kib * 1024;
      add_warning (warnings, "%s",
                   _("fio gave no “bw_bytes” (fio before 3.0?): throughput is taken from “bw” (KiB/s) × 1024, which fio rounded to whole KiB/s"));
    }
  else
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, dir_path, "bw_bytes");
  if (json_object_get_member (object, "iops") == NULL || isnan (dir->iops))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, dir_path, "iops");
  if (old_units && !isnan (dir->io_bytes))
    dir->io_bytes *= 1024;
  dir->runtime = runtime_ms / 1000;

  /* lat_ns / clat_ns since fio 3.0; lat / clat in microseconds before */
  if (json_object_get_member (object, "lat_ns") != NULL)
    {
      if (!read_latency (object, dir_path, "lat_ns", 1e-9, &dir->lat_mean, NULL, NULL, NULL, error))
        return FALSE;
    }
  else if (!read_latency (object, dir_path, "lat", 1e-6, &dir->lat_mean, NULL, NULL, NULL, error))
    return FALSE;
  if (json_object_get_member (object, "clat_ns") != NULL)
    {
      if (!read_latency (object, dir_path, "clat_ns", 1e-9, NULL, &dir->p50, &dir->p99, &dir->p999, error))
        return FALSE;
    }
  else if (!read_latency (object, dir_path, "clat", 1e-6, NULL, &dir->p50, &dir->p99, &dir->p999, error))
    return FALSE;
  /* with lat_percentiles=1 only the total latency has them */
  if (isnan (dir->p50) && isnan (dir->p99)
      && !read_latency (object, dir_path, "lat_ns", 1e-9, NULL, &dir->p50, &dir->p99, &dir->p999, error))
    return FALSE;

  /* fio 2 had no total_ios */
  if (isnan (dir->ios))
    dir->ios = dir->runtime > 0 ? round (dir->iops * dir->runtime) : 0;
  return TRUE;
}

static gboolean
read_int (JsonObject  *object,
          const char  *path,
          const char  *key,
          gint64      *out,
          GError     **error)
{
  JsonNode *node = _vol_json_get_member (object, key);

  *out = 0;
  if (node == NULL)
    return TRUE;
  if (!_vol_json_node_is (node, G_TYPE_INT64))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_INTEGER, path, key);
  *out = json_node_get_int (node);
  return TRUE;
}

static FioJob *
read_job (JsonObject     *object,
          const char     *path,
          const Options  *global,
          gboolean        client,
          GPtrArray      *warnings,
          GError        **error)
{
  FioJob *job = g_new0 (FioJob, 1);
  g_autoptr(GString) serial = g_string_new (NULL);
  double runtime_ms, usr, sys;
  gboolean any_dir = FALSE;

  job->path = g_strdup (path);
  options_init (&job->own);
  job->global = global;
  job->entries = 1;

  if (!_vol_json_read_string (object, path, "jobname", TRUE, &job->name, error)
      || !read_int (object, path, "groupid", &job->groupid, error)
      || !read_int (object, path, "error", &job->error, error)
      || !read_options (object, path, "job options", &job->own, serial, error)
      || !read_non_negative (object, path, "job_runtime", &runtime_ms, error)
      || !read_non_negative (object, path, "usr_cpu", &usr, error)
      || !read_non_negative (object, path, "sys_cpu", &sys, error))
    goto fail;
  job->job_options = g_string_free (g_steal_pointer (&serial), FALSE);
  if (client)
    {
      if (!_vol_json_read_string (object, path, "hostname", FALSE, &job->host, error)
          || !read_int (object, path, "port", &job->port, error))
        goto fail;
      job->all_clients = g_strcmp0 (job->name, "All clients") == 0;
    }

  for (guint d = 0; d < N_DIRS; d++)
    {
      if (!read_dir (object, path, d, &job->dir[d], warnings, error))
        goto fail;
      any_dir = any_dir || job->dir[d].present;
    }
  if (!any_dir)
    {
      _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, path, "read");
      goto fail;
    }

  /* job_runtime (ms) is fio 3; before, the longest direction's runtime */
  job->runtime = runtime_ms / 1000;
  if (isnan (job->runtime))
    {
      job->runtime = 0;
      for (guint d = 0; d < N_DIRS; d++)
        if (job->dir[d].present && !isnan (job->dir[d].runtime))
          job->runtime = MAX (job->runtime, job->dir[d].runtime);
    }
  /* fio gives the CPU as a percentage of the job's run time */
  job->cpu_user = isnan (usr) ? 0 : usr / 100 * job->runtime;
  job->cpu_system = isnan (sys) ? 0 : sys / 100 * job->runtime;
  return job;

fail:
  fio_job_free (job);
  return NULL;
}

static double
nan_sum (double a,
         double b)
{
  if (isnan (a))
    return b;
  if (isnan (b))
    return a;
  return a + b;
}

/**
 * vol_fio_dir_add:
 *
 * Adds @from's figures to @into's, as fio's group_reporting sums its
 * jobs: I/Os, bytes and rates summed, the mean latency weighted by I/Os,
 * the longer runtime; percentiles and spreads dropped (those of separate
 * entries do not add up). Clones of one job here, the hosts of a remote
 * run in vol-remote.c.
 */
void
vol_fio_dir_add (VolFioDir       *into,
                 const VolFioDir *from)
{
  if (!from->present)
    return;
  if (!into->present)
    {
      *into = *from;
      return;
    }
  if (!isnan (into->lat_mean) && !isnan (from->lat_mean) && into->ios + from->ios > 0)
    into->lat_mean = (into->lat_mean * into->ios + from->lat_mean * from->ios) / (into->ios + from->ios);
  else if (isnan (into->lat_mean))
    into->lat_mean = from->lat_mean;
  into->io_bytes = nan_sum (into->io_bytes, from->io_bytes);
  into->bw += from->bw;
  into->iops += from->iops;
  into->ios = nan_sum (into->ios, from->ios);
  into->runtime = isnan (into->runtime) ? from->runtime : MAX (into->runtime, isnan (from->runtime) ? 0 : from->runtime);
  into->p50 = into->p99 = into->p999 = NAN;
  into->iops_min = into->iops_max = into->iops_stddev = NAN;
}

/* Another entry of the same job (numjobs without group_reporting): what
 * group_reporting would have printed, as far as it can be rebuilt. */
static void
merge_job (FioJob       *into,
           const FioJob *from)
{
  for (guint d = 0; d < N_DIRS; d++)
    vol_fio_dir_add (&into->dir[d], &from->dir[d]);
  into->runtime = MAX (into->runtime, from->runtime);
  into->cpu_user += from->cpu_user;
  into->cpu_system += from->cpu_system;
  if (into->error == 0)
    into->error = from->error;
  into->entries++;
}

static gboolean
same_job (const FioJob *a,
          const FioJob *b)
{
  return !a->all_clients && !b->all_clients
         && g_strcmp0 (a->name, b->name) == 0
         && g_strcmp0 (a->host, b->host) == 0 && a->port == b->port
         && a->groupid == b->groupid
         && g_strcmp0 (a->job_options, b->job_options) == 0;
}

/* What same_job() compares, as one string: entries of the same job are
 * found by a hash lookup, not by comparing each with every earlier one
 * (32 000 jobs took 126 s). */
static char *
job_identity (const FioJob *job)
{
  if (job->all_clients)
    return NULL;
  return g_strdup_printf ("%s\x1f%s\x1f%" PRId64 "\x1f%" PRId64 "\x1f%s", job->name,
                          job->host ? job->host : "\x1e", (int64_t) job->port,
                          (int64_t) job->groupid, job->job_options);
}

static gboolean
read_job_array (JsonObject     *root,
                const char     *key,
                gboolean        client,
                const Options  *global,
                GPtrArray      *jobs,
                GHashTable     *identities,
                GPtrArray      *warnings,
                GError        **error)
{
  JsonArray *array;

  if (!_vol_json_read_array (root, "", key, FALSE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object;
      g_autofree char *path = NULL;
      FioJob *job;
      gboolean merged = FALSE;

      g_autofree char *identity = NULL;
      FioJob *earlier;

      if (jobs->len >= MAX_JOBS)
        {
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                       _("fio output with more than %d jobs; the importer takes up to %d"),
                       MAX_JOBS, MAX_JOBS);
          return FALSE;
        }
      if (!_vol_json_element_object (array, i, key, &object, &path, error))
        return FALSE;
      job = read_job (object, path, global, client, warnings, error);
      if (job == NULL)
        return FALSE;
      identity = job_identity (job);
      earlier = identity != NULL ? g_hash_table_lookup (identities, identity) : NULL;
      if (earlier != NULL && same_job (earlier, job))
        {
          merge_job (earlier, job);
          merged = TRUE;
        }
      if (merged)
        fio_job_free (job);
      else
        {
          g_ptr_array_add (jobs, job);
          if (identity != NULL)
            g_hash_table_insert (identities, g_steal_pointer (&identity), job);
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* What a job is                                                             */
/* ------------------------------------------------------------------------ */

/* fio's sizes: "4k", "1M", "4KiB", "512"; k = 1024 unless kb_base=1000
 * (then only "KiB" is 1024). 0 if it is not a plain size. */
static guint64
parse_size (const char *text,
            gboolean    kb_base_1000)
{
  char *end = NULL;
  guint64 value, unit = 1;
  const char *suffixes = "kmgtp";

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return 0;
  value = g_ascii_strtoull (text, &end, 10);
  if (end == NULL || end == text)
    return 0;
  if (*end != '\0')
    {
      const char *at = strchr (suffixes, g_ascii_tolower (*end));
      gboolean binary;

      if (at == NULL)
        return 0;
      end++;
      binary = g_ascii_tolower (*end) == 'i';
      if (binary)
        end++;
      if (g_ascii_tolower (*end) == 'b')
        end++;
      if (*end != '\0')
        return 0;
      for (gsize n = 0; n <= (gsize) (at - suffixes); n++)
        unit *= (kb_base_1000 && !binary) ? 1000 : 1024;
    }
  if (value > G_MAXUINT64 / unit)
    return 0;
  return value * unit;
}

/* One block size for every direction: "4k", or "4k,4k". */
static guint64
job_block_size (const FioJob *job)
{
  const char *bs = job_option (job, "bs") ? job_option (job, "bs") : job_option (job, "blocksize");
  gboolean kb1000 = g_strcmp0 (job_option (job, "kb_base"), "1000") == 0;
  g_auto(GStrv) parts = NULL;
  guint64 size = 0;

  if (job_option (job, "bssplit") || job_option (job, "bsrange") || job_option (job, "blocksize_range"))
    return 0;
  if (bs == NULL)
    return 4096;   /* fio's default */
  parts = g_strsplit (bs, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 s;

      if (parts[i][0] == '\0')
        continue;
      s = parse_size (g_strstrip (parts[i]), kb1000);
      if (s == 0 || (size != 0 && s != size))
        return 0;
      size = s;
    }
  return size;
}

static guint64
job_uint (const FioJob *job,
          const char   *key,
          guint64       absent)
{
  const char *text = job_option (job, key);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return absent;
  return value;
}

static gboolean
job_flag (const FioJob *job,
          const char   *key)
{
  const char *text = job_option (job, key);

  /* a bare flag ("time_based") is printed with an empty value */
  return text != NULL && (text[0] == '\0' || g_strcmp0 (text, "1") == 0 || g_ascii_strcasecmp (text, "true") == 0);
}

static const char *
job_engine (const FioJob *job)
{
  const char *engine = job_option (job, "ioengine");

  /* the aggregate of a client/server run has no job options */
  if (job->all_clients && engine == NULL)
    return NULL;
  return engine ? engine : "psync";   /* fio's default on Linux */
}

/* Engines that do one I/O at a time, whatever iodepth says. */
static gboolean
engine_is_sync (const char *engine)
{
  static const char *const sync_engines[] = { "sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice" };

  for (guint i = 0; i < G_N_ELEMENTS (sync_engines); i++)
    if (g_strcmp0 (engine, sync_engines[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
job_is_direct (const FioJob *job)
{
  const char *buffered = job_option (job, "buffered");

  return job_flag (job, "direct") || g_strcmp0 (buffered, "0") == 0;
}

static const char *
job_rw (const FioJob *job)
{
  const char *rw = job_option (job, "rw") ? job_option (job, "rw") : job_option (job, "readwrite");

  return rw ? rw : "read";
}

/* Threads: numjobs, or the entries summed (they agree when fio wrote them). */
static guint64
job_threads (const FioJob *job)
{
  return MAX (job_uint (job, "numjobs", 1), job->entries);
}

/* Volumeter's queue depth: I/Os in flight over all the job's threads. */
static guint64
job_depth (const FioJob *job)
{
  guint64 iodepth = engine_is_sync (job_engine (job)) ? 1 : MAX (job_uint (job, "iodepth", 1), 1);

  return iodepth * job_threads (job);
}

/* Jobs throttled, thinking, or drawing offsets other than uniformly did
 * not measure what Volumeter's tests do. */
static gboolean
job_is_plain (const FioJob *job)
{
  static const char *const throttles[] = {
    "rate", "rate_iops", "rate_min", "rate_iops_min", "thinktime", "percentage_random",
    "bssplit", "bsrange", "blocksize_range", "zonemode", "verify",
  };
  const char *distribution = job_option (job, "random_distribution");

  for (guint i = 0; i < G_N_ELEMENTS (throttles); i++)
    if (job_option (job, throttles[i]) != NULL && g_strcmp0 (job_option (job, throttles[i]), "0") != 0)
      return FALSE;
  return distribution == NULL || g_strcmp0 (distribution, "random") == 0;
}

typedef enum { SHAPE_GENERIC, SHAPE_QUEUE, SHAPE_TRANSFER } JobShape;

static JobShape
job_shape (const FioJob *job,
           const char  **mode,
           guint        *read_percent)
{
  const char *rw = job_rw (job);
  guint64 bs = job_block_size (job);

  if (job->all_clients || !job_is_plain (job) || job->dir[DIR_TRIM].ios > 0)
    return SHAPE_GENERIC;
  if (bs == 4096 && (g_str_equal (rw, "randread") || g_str_equal (rw, "randwrite")
                     || g_str_equal (rw, "randrw")))
    {
      if (g_str_equal (rw, "randread"))
        *mode = "read", *read_percent = 100;
      else if (g_str_equal (rw, "randwrite"))
        *mode = "write", *read_percent = 0;
      else
        {
          *mode = "mix";
          *read_percent = job_option (job, "rwmixread") ? (guint) MIN (job_uint (job, "rwmixread", 50), 100)
                          : job_option (job, "rwmixwrite") ? 100 - (guint) MIN (job_uint (job, "rwmixwrite", 50), 100)
                          : 50;
        }
      return SHAPE_QUEUE;
    }
  if (bs > 0 && (g_str_equal (rw, "read") || g_str_equal (rw, "write")))
    {
      *mode = rw;
      *read_percent = g_str_equal (rw, "read") ? 100 : 0;
      return SHAPE_TRANSFER;
    }
  return SHAPE_GENERIC;
}

/* ------------------------------------------------------------------------ */
/* Building the results                                                      */
/* ------------------------------------------------------------------------ */

typedef struct
{
  JobShape   shape;
  char      *key;        /* jobs with the same key share a result */
  GPtrArray *jobs;       /* of FioJob, borrowed */
} Group;

static void
group_free (gpointer data)
{
  Group *group = data;

  g_free (group->key);
  g_ptr_array_unref (group->jobs);
  g_free (group);
}

typedef struct
{
  char      *fio_version;
  GDateTime *created;
  char      *device;       /* the one disk of "disk_util", if just one */
  GPtrArray *clients;      /* "host:port" seen */
} Context;

static double
dir_total (const FioJob *job,
           gsize         offset)
{
  double sum = 0;

  for (guint d = 0; d < N_DIRS; d++)
    if (job->dir[d].present)
      {
        double v = G_STRUCT_MEMBER (double, &job->dir[d], offset);
        if (!isnan (v))
          sum += v;
      }
  return sum;
}

/* The mean latency over the directions that did I/O, by their I/Os. */
static double
job_lat_mean (const FioJob *job)
{
  double sum = 0, n = 0;

  for (guint d = 0; d < N_DIRS; d++)
    {
      const FioDir *dir = &job->dir[d];
      if (dir->present && dir->ios > 0 && !isnan (dir->lat_mean))
        {
          sum += dir->lat_mean * dir->ios;
          n += dir->ios;
        }
    }
  return n > 0 ? sum / n : NAN;
}

/* A percentile is only kept where one direction did all the I/O. */
static double
job_percentile (const FioJob *job,
                gsize         offset)
{
  int only = -1;

  for (guint d = 0; d < N_DIRS; d++)
    if (job->dir[d].present && job->dir[d].ios > 0)
      {
        if (only >= 0)
          return NAN;
        only = (int) d;
      }
  return only < 0 ? NAN : G_STRUCT_MEMBER (double, &job->dir[only], offset);
}

static char *
job_client (const FioJob *job)
{
  if (job->host == NULL)
    return NULL;
  return g_strdup_printf ("%s:%" PRId64, job->host, (int64_t) job->port);
}

/* Every option of every job: a value all jobs agree on as it is, else
 * each job's value in row order, joined with " | ". */
static GVariant *
group_params (const Group *group,
              const char  *mode)
{
  const FioJob *first = g_ptr_array_index (group->jobs, 0);
  const Options *global = first->global;
  guint n = group->jobs->len;
  GVariantBuilder b;
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  /* option name → how many of the group's jobs have their own value */
  g_autoptr(GHashTable) own_counts = g_hash_table_new (g_str_hash, g_str_equal);

  if (global != NULL)
    for (guint k = 0; k < global->keys->len; k++)
      {
        const char *key = g_ptr_array_index (global->keys, k);
        if (g_hash_table_insert (own_counts, (gpointer) key, GUINT_TO_POINTER (0)))
          g_ptr_array_add (keys, (gpointer) key);
      }
  for (guint j = 0; j < n; j++)
    {
      const FioJob *job = g_ptr_array_index (group->jobs, j);
      for (guint k = 0; k < job->own.keys->len; k++)
        {
          const char *key = g_ptr_array_index (job->own.keys, k);
          gpointer count;

          if (!g_hash_table_lookup_extended (own_counts, key, NULL, &count))
            {
              g_ptr_array_add (keys, (gpointer) key);
              count = GUINT_TO_POINTER (0);
            }
          g_hash_table_insert (own_counts, (gpointer) key, GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
        }
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (mode != NULL)
    {
      /* what the queue chart reads */
      g_variant_builder_add (&b, "{sv}", "mode", g_variant_new_string (mode));
      g_variant_builder_add (&b, "{sv}", "alignment", g_variant_new_string ("4k"));
    }
  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      const char *value = job_option (first, key);
      guint own = GPOINTER_TO_UINT (g_hash_table_lookup (own_counts, key));
      gboolean in_global = global != NULL && g_hash_table_contains (global->values, key);
      gboolean same;

      if (mode != NULL && (g_str_equal (key, "mode") || g_str_equal (key, "alignment")))
        continue;
      /* Decided without a pass over the jobs where the counts tell: a
       * pass per option made 20 000 options × 4 000 jobs quadratic. */
      if (own == 0)
        same = TRUE;                 /* the global value, in every job */
      else if (!in_global && own < n)
        same = FALSE;                /* some jobs have it, others not */
      else
        {
          same = TRUE;
          for (guint j = 1; j < n && same; j++)
            same = g_strcmp0 (value, job_option (g_ptr_array_index (group->jobs, j), key)) == 0;
        }
      if (same)
        g_variant_builder_add (&b, "{sv}", key, g_variant_new_string (value));
      else if (n > MAX_JOINED)
        /* thousands of values joined are unreadable, and grow with
         * options × jobs; each job's row has its own figures */
        g_variant_builder_add (&b, "{sv}", key, g_variant_new_take_string (
                                 g_strdup_printf (_("(differs between the %u jobs)"), n)));
      else
        {
          GString *joined = g_string_new (NULL);
          for (guint j = 0; j < n; j++)
            {
              const char *v = job_option (g_ptr_array_index (group->jobs, j), key);
              g_string_append_printf (joined, "%s%s", j ? " | " : "", v ? v : "–");
            }
          g_variant_builder_add (&b, "{sv}", key, g_variant_new_take_string (g_string_free (joined, FALSE)));
        }
    }
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

/* What every kind of result gets: label, origin, host, target, how the
 * I/O was done, timings and status. */
static VolResult *
group_result (const Group   *group,
              const char    *kind,
              const char    *mode,
              const Context *ctx,
              GVariantBuilder *resolved)
{
  VolResult *result = vol_result_new (kind);
  const FioJob *first = g_ptr_array_index (group->jobs, 0);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) group_runtime = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GStrvBuilder) job_names = g_strv_builder_new ();
  g_auto(GStrv) names_strv = NULL;
  GString *label = g_string_new ("fio: ");
  const char *path = job_option (first, "filename") ? job_option (first, "filename") : job_option (first, "directory");
  gboolean direct = TRUE, zeros = TRUE;
  GHashTableIter iter;
  gpointer value;

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const FioJob *job = g_ptr_array_index (group->jobs, j);
      double *runtime;

      /* the first few names; the "jobs" list below has them all */
      if (g_hash_table_size (names) <= MAX_LABEL_NAMES && g_hash_table_add (names, job->name))
        {
          if (g_hash_table_size (names) > MAX_LABEL_NAMES)
            g_string_append (label, ", …");
          else
            g_string_append_printf (label, "%s%s", g_hash_table_size (names) > 1 ? ", " : "", job->name);
        }
      g_strv_builder_add (job_names, job->name);

      direct = direct && job->direct;
      zeros = zeros && job_flag (job, "zero_buffers");
      result->cpu_user += job->cpu_user;
      result->cpu_system += job->cpu_system;
      /* groups (stonewall) run one after another, jobs of a group together */
      runtime = g_hash_table_lookup (group_runtime, &job->groupid);
      if (runtime == NULL)
        {
          runtime = g_new0 (double, 1);
          g_hash_table_insert (group_runtime, g_memdup2 (&job->groupid, sizeof job->groupid), runtime);
        }
      *runtime = MAX (*runtime, job->runtime);
      if (job->error != 0 && result->status == VOL_RESULT_STATUS_COMPLETE)
        {
          result->status = VOL_RESULT_STATUS_FAILED;
          result->message = g_strdup_printf (_("fio reported error %" PRId64 " (%s) for job “%s”"),
                                             (int64_t) job->error, g_strerror ((int) job->error), job->name);
        }
      if (path != NULL)
        {
          const char *p = job_option (job, "filename") ? job_option (job, "filename") : job_option (job, "directory");
          if (g_strcmp0 (p, path) != 0)
            path = NULL;
        }
    }
  g_hash_table_iter_init (&iter, group_runtime);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    result->duration += *(double *) value;

  result->label = g_string_free (label, FALSE);
  result->app_name = g_strdup ("fio");
  /* verbatim ("fio-3.33"): whatever prints "Volumeter <version>" then
   * still shows that fio measured */
  result->app_version = g_strdup (ctx->fio_version);
  if (ctx->created != NULL)
    {
      g_date_time_unref (result->created);
      result->created = g_date_time_ref (ctx->created);
    }
  if (first->host != NULL && !first->all_clients)
    {
      /* in the output the user chose to share: fio's client names it */
      result->host = g_new0 (VolHostInfo, 1);
      result->host->hostname = g_strdup (first->host);
    }
  if (path != NULL || ctx->device != NULL)
    {
      result->target = vol_target_info_new ();
      result->target->path = g_strdup (path);
      result->target->device = g_strdup (ctx->device);
    }
  result->params = group_params (group, mode);
  result->cache_bypass = direct ? VOL_CACHE_BYPASS_DIRECT : VOL_CACHE_BYPASS_NONE;
  result->pattern = zeros ? VOL_DATA_PATTERN_ZEROS : VOL_DATA_PATTERN_RANDOM;
  {
    guint64 seed;
    if (job_option (first, "randseed")
        && g_ascii_string_to_unsigned (job_option (first, "randseed"), 10, 0, G_MAXUINT64, &seed, NULL))
      result->seed = seed;
  }
  result->io_backend = g_strdup (job_engine (first));
  for (guint j = 1; j < group->jobs->len; j++)
    if (g_strcmp0 (job_engine (g_ptr_array_index (group->jobs, j)), result->io_backend) != 0)
      {
        g_free (result->io_backend);
        result->io_backend = g_strdup (_("several"));
        break;
      }

  g_variant_builder_init (resolved, G_VARIANT_TYPE_VARDICT);
  if (ctx->fio_version)
    g_variant_builder_add (resolved, "{sv}", "fio-version", g_variant_new_string (ctx->fio_version));
  if (first->host != NULL && !first->all_clients)
    {
      g_autofree char *client = job_client (first);
      g_variant_builder_add (resolved, "{sv}", "fio-client", g_variant_new_string (client));
    }
  names_strv = g_strv_builder_end (job_names);
  g_variant_builder_add (resolved, "{sv}", "jobs", g_variant_new_strv ((const char *const *) names_strv, -1));
  return result;
}

static int
compare_depth (gconstpointer a,
               gconstpointer b)
{
  guint64 x = job_depth (*(FioJob *const *) a), y = job_depth (*(FioJob *const *) b);

  return (x > y) - (x < y);
}

static VolResult *
build_queue (Group         *group,
             const Context *ctx)
{
  const FioJob *first;
  const char *mode = NULL;
  guint read_percent = 100;
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *s;
  double total_ios = 0, total_bytes = 0;
  guint64 span = 0;

  g_ptr_array_sort (group->jobs, compare_depth);
  first = g_ptr_array_index (group->jobs, 0);
  job_shape (first, &mode, &read_percent);
  result = group_result (group, "queue", mode, ctx, &resolved);

  s = vol_kind_queue_add_points (result);

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const FioJob *job = g_ptr_array_index (group->jobs, j);
      const FioDir *only = NULL;
      VolQueuePoint p;
      double seconds = 0;

      for (guint d = 0; d < N_DIRS; d++)
        if (job->dir[d].present && job->dir[d].ios > 0)
          {
            only = only == NULL ? &job->dir[d] : NULL;
            if (!isnan (job->dir[d].runtime))
              seconds = MAX (seconds, job->dir[d].runtime);
          }
      /* one direction: fio's own spread of the IOPS over its samples */
      if (job->dir[DIR_READ].ios > 0 && job->dir[DIR_WRITE].ios > 0)
        only = NULL;

      p.depth = (double) job_depth (job);
      p.iops = dir_total (job, G_STRUCT_OFFSET (FioDir, iops));
      p.throughput = dir_total (job, G_STRUCT_OFFSET (FioDir, bw));
      p.lat_mean = job_lat_mean (job);
      p.lat_p50 = job_percentile (job, G_STRUCT_OFFSET (FioDir, p50));
      p.lat_p99 = job_percentile (job, G_STRUCT_OFFSET (FioDir, p99));
      p.lat_p999 = job_percentile (job, G_STRUCT_OFFSET (FioDir, p999));
      p.ios = dir_total (job, G_STRUCT_OFFSET (FioDir, ios));
      p.reads = job->dir[DIR_READ].present ? job->dir[DIR_READ].ios : 0;
      p.writes = job->dir[DIR_WRITE].present ? job->dir[DIR_WRITE].ios : 0;
      p.bytes = dir_total (job, G_STRUCT_OFFSET (FioDir, io_bytes));
      p.seconds = seconds > 0 ? seconds : job->runtime;
      p.iops_stddev = only ? only->iops_stddev : NAN;
      p.iops_min = only ? only->iops_min : NAN;
      p.iops_max = only ? only->iops_max : NAN;
      vol_kind_queue_append_point (s, &p);
      total_ios += p.ios;
      total_bytes += p.bytes;
      if (span == 0)
        span = parse_size (job_option (job, "size"), g_strcmp0 (job_option (job, "kb_base"), "1000") == 0);
    }

  g_variant_builder_add (&resolved, "{sv}", "block", g_variant_new_int64 (4096));
  g_variant_builder_add (&resolved, "{sv}", "read-percent", g_variant_new_int64 (read_percent));
  g_variant_builder_add (&resolved, "{sv}", "points", g_variant_new_int64 (group->jobs->len));
  if (span > 0 && span <= G_MAXINT64)
    g_variant_builder_add (&resolved, "{sv}", "span", g_variant_new_int64 ((gint64) span));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  /* the queue test's summaries and figures, as far as fio has them */
  vol_kind_queue_summarize (result, s, total_ios, total_bytes);
  return g_steal_pointer (&result);
}

static int
compare_size (gconstpointer a,
              gconstpointer b)
{
  guint64 x = job_block_size (*(FioJob *const *) a), y = job_block_size (*(FioJob *const *) b);

  return (x > y) - (x < y);
}

static VolResult *
build_transfer (Group         *group,
                const Context *ctx)
{
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *series[2] = { NULL, NULL };
  const guint dirs[2] = { DIR_WRITE, DIR_READ };
  double moved[2] = { 0, 0 };
  guint iterations = 1;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  /* per direction, size → its passes so far: the same size again is
   * another iteration */
  g_autoptr(GHashTable) write_passes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) read_passes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTable *passes_by_size[2] = { write_passes, read_passes };
  g_autoptr(GHashTable) sizes_seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  g_ptr_array_sort (group->jobs, compare_size);
  result = group_result (group, VOL_KIND_TRANSFER, NULL, ctx, &resolved);

  for (guint w = 0; w < 2; w++)
    for (guint j = 0; j < group->jobs->len; j++)
      {
        const FioJob *job = g_ptr_array_index (group->jobs, j);
        const FioDir *dir = &job->dir[dirs[w]];
        guint64 size = job_block_size (job);
        guint iteration;

        if (!dir->present || !(dir->ios > 0 || dir->io_bytes > 0))
          continue;
        if (series[w] == NULL)
          series[w] = vol_kind_transfer_add_series (result, w == 0);
        iteration = GPOINTER_TO_UINT (g_hash_table_lookup (passes_by_size[w], &size));
        g_hash_table_insert (passes_by_size[w], g_memdup2 (&size, sizeof size), GUINT_TO_POINTER (iteration + 1));
        iterations = MAX (iterations, iteration + 1);
        vol_kind_transfer_append_row (series[w], size, iteration, dir->bw,
                                      !isnan (dir->runtime) ? dir->runtime : job->runtime, dir->io_bytes);
        moved[w] += isnan (dir->io_bytes) ? 0 : dir->io_bytes;
        if (iteration == 0 && g_hash_table_add (sizes_seen, g_memdup2 (&size, sizeof size)))
          g_array_append_val (sizes, size);
      }

  g_variant_builder_add (&resolved, "{sv}", "sizes", g_variant_new_int64 (sizes->len));
  g_variant_builder_add (&resolved, "{sv}", "iterations", g_variant_new_int64 (iterations));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  /* the transfer test's figures, by its function; fio lays its files
   * down unseen: no figure for that */
  vol_kind_transfer_summarize (result, sizes, series[0], series[1],
                               &(VolTransferTotals) { moved[0], moved[1], NAN, FALSE });
  return g_steal_pointer (&result);
}

static VolResult *
build_generic (Group         *group,
               const Context *ctx)
{
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *s;
  const char *columns[][2] = {
    { "job", "#" }, { "throughput", "B/s" }, { "iops", "IO/s" }, { "lat-mean", "s" },
    { "read-throughput", "B/s" }, { "read-iops", "IO/s" }, { "read-lat-mean", "s" },
    { "write-throughput", "B/s" }, { "write-iops", "IO/s" }, { "write-lat-mean", "s" },
    { "trim-throughput", "B/s" }, { "trim-iops", "IO/s" },
    { "bytes", "B" }, { "seconds", "s" }, { "depth", "" }, { "threads", "" }, { "block", "B" },
  };
  const char *dir_titles[N_DIRS] = { N_("read"), N_("write"), N_("trim") };

  result = group_result (group, "fio", NULL, ctx, &resolved);
  if (((FioJob *) g_ptr_array_index (group->jobs, 0))->all_clients)
    g_variant_builder_add (&resolved, "{sv}", "fio-clients",
                           g_variant_new_strv ((const char *const *) ctx->clients->pdata,
                                               ctx->clients->len));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  s = vol_result_add_series (result, "jobs", N_("fio jobs"), "job", "throughput");
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    vol_series_add_column (s, columns[i][0], columns[i][1]);

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const FioJob *job = g_ptr_array_index (group->jobs, j);
      const FioDir *r = &job->dir[DIR_READ], *w = &job->dir[DIR_WRITE], *t = &job->dir[DIR_TRIM];
      double row[G_N_ELEMENTS (columns)];
      guint64 bs = job_block_size (job);

      row[0] = j + 1;
      row[1] = dir_total (job, G_STRUCT_OFFSET (FioDir, bw));
      row[2] = dir_total (job, G_STRUCT_OFFSET (FioDir, iops));
      row[3] = job_lat_mean (job);
      row[4] = r->present ? r->bw : 0;
      row[5] = r->present ? r->iops : 0;
      row[6] = r->present ? r->lat_mean : NAN;
      row[7] = w->present ? w->bw : 0;
      row[8] = w->present ? w->iops : 0;
      row[9] = w->present ? w->lat_mean : NAN;
      row[10] = t->present ? t->bw : 0;
      row[11] = t->present ? t->iops : 0;
      row[12] = dir_total (job, G_STRUCT_OFFSET (FioDir, io_bytes));
      row[13] = job->runtime;
      row[14] = job->all_clients ? NAN : (double) job_depth (job);
      row[15] = job->all_clients ? NAN : (double) job_threads (job);
      row[16] = bs > 0 && !job->all_clients ? (double) bs : NAN;
      vol_series_append (s, row, G_N_ELEMENTS (row));

      /* each job's figures, named by the job */
      for (guint d = 0; d < N_DIRS; d++)
        {
          const FioDir *dir = &job->dir[d];
          g_autofree char *name = NULL;
          g_autofree char *title = NULL;

          if (!dir->present || !(dir->ios > 0 || dir->bw > 0))
            continue;
          name = g_strdup_printf ("job-%u-%s-throughput", j + 1, dir_keys[d]);
          title = g_strdup_printf ("%s: %s", job->name, _(dir_titles[d]));
          vol_result_add_figure (result, name, title, "B/s", dir->bw);
          g_free (name);
          g_free (title);
          name = g_strdup_printf ("job-%u-%s-iops", j + 1, dir_keys[d]);
          title = g_strdup_printf (_("%s: %s IOPS"), job->name, _(dir_titles[d]));
          vol_result_add_figure (result, name, title, "IO/s", dir->iops);
          if (!isnan (dir->lat_mean))
            {
              g_free (name);
              g_free (title);
              name = g_strdup_printf ("job-%u-%s-lat-mean", j + 1, dir_keys[d]);
              title = g_strdup_printf (_("%s: %s latency, mean"), job->name, _(dir_titles[d]));
              vol_result_add_figure (result, name, title, "s", dir->lat_mean);
            }
        }
    }
  vol_result_add_summary (result, "jobs", "throughput");
  vol_result_add_summary (result, "jobs", "iops");
  return g_steal_pointer (&result);
}

/* Which result a job joins: queue and transfer points of the same kind of
 * run share one; everything else of one client shares the "fio" one. */
static char *
group_key (const FioJob *job,
           JobShape      shape,
           const char   *mode,
           guint         read_percent)
{
  g_autofree char *client = job_client (job);

  switch (shape)
    {
    case SHAPE_QUEUE:
      return g_strdup_printf ("queue|%s|%s|%u|%s|%d", client ? client : "", mode, read_percent,
                              job_engine (job), job->direct);
    case SHAPE_TRANSFER:
      return g_strdup_printf ("transfer|%s|%s|%d|%" PRIu64 "|%" PRIu64, client ? client : "",
                              job_engine (job), job->direct, job_depth (job), job_threads (job));
    case SHAPE_GENERIC:
    default:
      return g_strdup_printf ("fio|%s|%d", client ? client : "", job->all_clients);
    }
}

static void
context_clear (Context *ctx)
{
  g_free (ctx->fio_version);
  g_clear_pointer (&ctx->created, g_date_time_unref);
  g_free (ctx->device);
  g_clear_pointer (&ctx->clients, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Context, context_clear)

static gboolean
read_context (JsonObject  *root,
              Context     *ctx,
              GError     **error)
{
  gint64 timestamp = 0;
  JsonArray *disks;

  if (!_vol_json_read_string (root, "", "fio version", FALSE, &ctx->fio_version, error)
      || !read_int (root, "", "timestamp", &timestamp, error)
      || !_vol_json_read_array (root, "", "disk_util", FALSE, &disks, error))
    return FALSE;
  if (timestamp > 0)
    ctx->created = g_date_time_new_from_unix_utc (timestamp);
  if (disks != NULL && json_array_get_length (disks) == 1)
    {
      JsonObject *disk;
      g_autofree char *path = NULL;

      if (!_vol_json_element_object (disks, 0, "disk_util", &disk, &path, error)
          || !_vol_json_read_string (disk, path, "name", FALSE, &ctx->device, error))
        return FALSE;
    }
  return TRUE;
}

static GPtrArray *
results_from_json (JsonObject  *root,
                   GPtrArray   *warnings,
                   GError     **error)
{
  g_auto(Context) ctx = { NULL, NULL, NULL, NULL };
  g_autoptr(GPtrArray) jobs = g_ptr_array_new_with_free_func (fio_job_free);
  g_autoptr(GHashTable) identities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  /* group key → its groups, in order; "key|depth" → how many of them have
   * that depth (they are always the first ones) */
  g_autoptr(GHashTable) groups_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                               (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) depth_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) clients_seen = g_hash_table_new (g_str_hash, g_str_equal);
  /* every job points at these; nothing reads them once the results are
   * built, whatever order the cleanups run in */
  g_auto(Options) global = { NULL, NULL };
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  gboolean all_direct = TRUE;

  if (json_object_has_member (root, "format") && !json_object_has_member (root, "fio version"))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: it looks like a Volumeter result, which opens as it is"));
      return NULL;
    }
  if (!json_object_has_member (root, "jobs") && !json_object_has_member (root, "client_stats"))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: the JSON has neither “jobs” nor “client_stats”"));
      return NULL;
    }
  ctx.clients = g_ptr_array_new_with_free_func (g_free);
  options_init (&global);
  if (!read_context (root, &ctx, error)
      || !read_options (root, "", "global options", &global, NULL, error)
      || !read_job_array (root, "jobs", FALSE, &global, jobs, identities, warnings, error)
      || !read_job_array (root, "client_stats", TRUE, &global, jobs, identities, warnings, error))
    return NULL;

  if (ctx.fio_version == NULL)
    add_warning (warnings, "%s", _("the JSON has no “fio version”: it may not be fio's"));
  if (jobs->len == 0)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                           _("fio output with no jobs: “jobs” and “client_stats” are empty"));
      return NULL;
    }

  for (guint j = 0; j < jobs->len; j++)
    {
      FioJob *job = g_ptr_array_index (jobs, j);

      job->direct = job_is_direct (job);
      all_direct = all_direct && (job->all_clients || job->direct);
    }
  for (guint j = 0; j < jobs->len; j++)
    {
      FioJob *job = g_ptr_array_index (jobs, j);
      g_autofree char *client = job_client (job);

      /* the aggregate has no job options: it ran as its clients did */
      if (job->all_clients)
        job->direct = all_direct;
      if (!job->all_clients && client != NULL && !g_hash_table_contains (clients_seen, client))
        {
          g_hash_table_add (clients_seen, client);
          g_ptr_array_add (ctx.clients, g_steal_pointer (&client));
        }
      if (job->entries > 1)
        add_warning (warnings,
                     _("job “%s”: %u entries (numjobs without group_reporting) summed into one; their latency percentiles cannot be combined and are left out"),
                     job->name, job->entries);
    }

  for (guint j = 0; j < jobs->len; j++)
    {
      FioJob *job = g_ptr_array_index (jobs, j);
      const char *mode = NULL;
      guint read_percent = 0;
      JobShape shape;
      g_autofree char *key = NULL;
      Group *group = NULL;

      /* With one client the aggregate repeats it, summed over unlike jobs. */
      if (job->all_clients && ctx.clients->len < 2)
        continue;
      GPtrArray *same_key;
      guint index = 0;

      shape = job_shape (job, &mode, &read_percent);
      key = group_key (job, shape, mode, read_percent);
      same_key = g_hash_table_lookup (groups_by_key, key);
      if (same_key == NULL)
        {
          same_key = g_ptr_array_new ();
          g_hash_table_insert (groups_by_key, g_strdup (key), same_key);
        }
      /* A depth measured twice starts another result: the job joins the
       * first group of its key without its depth, found by counting, not
       * by looking through every group. */
      if (shape == SHAPE_QUEUE)
        {
          g_autofree char *depth_key = g_strdup_printf ("%s|%" PRIu64, key, job_depth (job));
          gpointer count;

          if (g_hash_table_lookup_extended (depth_counts, depth_key, NULL, &count))
            index = GPOINTER_TO_UINT (count);
          g_hash_table_insert (depth_counts, g_steal_pointer (&depth_key), GUINT_TO_POINTER (index + 1));
        }
      if (index < same_key->len)
        group = g_ptr_array_index (same_key, index);
      else
        {
          if (groups->len == MAX_RESULTS)
            {
              g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("this fio output would make more than %d results; the importer makes up to %d (split the runs into several files)"),
                           MAX_RESULTS, MAX_RESULTS);
              return NULL;
            }
          group = g_new0 (Group, 1);
          group->shape = shape;
          group->key = g_steal_pointer (&key);
          group->jobs = g_ptr_array_new ();
          g_ptr_array_add (groups, group);
          g_ptr_array_add (same_key, group);
        }
      g_ptr_array_add (group->jobs, job);
    }

  for (guint g = 0; g < groups->len; g++)
    {
      Group *group = g_ptr_array_index (groups, g);

      switch (group->shape)
        {
        case SHAPE_QUEUE:
          g_ptr_array_add (results, build_queue (group, &ctx));
          break;
        case SHAPE_TRANSFER:
          g_ptr_array_add (results, build_transfer (group, &ctx));
          break;
        case SHAPE_GENERIC:
        default:
          g_ptr_array_add (results, build_generic (group, &ctx));
          break;
        }
    }
  for (guint r = 0; r < results->len; r++)
    {
      VolResult *result = g_ptr_array_index (results, r);
      if (result->cache_bypass == VOL_CACHE_BYPASS_NONE)
        add_warning (warnings, _("%s: fio ran without direct=1, so the figures went through the page cache"),
                     result->label);
    }
  return g_steal_pointer (&results);
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */
/* ------------------------------------------------------------------------ */

/**
 * vol_fio_import_from_data:
 * @data: the text fio printed with --output-format=json
 * @length: its length in bytes, or -1 if it is nul-terminated
 * @warnings: (element-type utf8) (nullable): where to append, as strings
 *   freed with g_free(), what was skipped or guessed (text before the JSON,
 *   earlier --status-interval documents, "bw" used for "bw_bytes", …)
 * @error: return location for a #VOL_RESULT_ERROR
 *
 * The results in fio's output: one "queue" result per kind of random
 * 4 KiB run (one point per job and depth), one "transfer" result per kind
 * of sequential run (one point per block size), and one "fio" result with
 * a row for each other job; per client in a client/server run, plus one
 * for the "All clients" aggregate when there are several clients. Never
 * aborts on bad input. Any thread.
 *
 * Returns: (transfer full) (element-type VolResult) (nullable): the
 *   results, at least one; %NULL with @error set
 */
GPtrArray *
vol_fio_import_from_data (const char  *data,
                          gssize       length,
                          GPtrArray   *warnings,
                          GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  gsize size;

  g_return_val_if_fail (data != NULL || length <= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    data = "";
  size = length < 0 ? strlen (data) : (gsize) length;
  if (size > MAX_FILE_SIZE)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("too large to be fio output (the limit is 256 MiB)"));
      return NULL;
    }
  if (memchr (data, '\0', size) != NULL)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                           _("not fio output: it holds NUL bytes, so it is not text"));
      return NULL;
    }
  root = parse_last_document (data, size, warnings, error);
  if (root == NULL)
    return NULL;
  return results_from_json (json_node_get_object (root), warnings, error);
}

/* Reads at most @limit + 1 bytes, so a FIFO or /dev/zero cannot exhaust
 * memory. */
static char *
read_bounded (const char  *path,
              gsize        limit,
              gsize       *length,
              GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY, 0);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
      return NULL;
    }
  for (;;)
    {
      guint8 buf[65536];
      gssize n = read (fd, buf, sizeof buf);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
          g_close (fd, NULL);
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (bytes, buf, (guint) n);
      if (bytes->len > limit)
        break;
    }
  g_close (fd, NULL);
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

/**
 * vol_fio_import_load:
 * @path: a file fio wrote with --output-format=json (or its redirected
 *   output, error lines and all)
 *
 * As vol_fio_import_from_data(), for a file; every message starts with
 * the file's display name. Blocking I/O; any thread.
 *
 * Returns: (transfer full) (element-type VolResult) (nullable): the results
 */
GPtrArray *
vol_fio_import_load (const char  *path,
                     GPtrArray   *warnings,
                     GError     **error)
{
  g_autofree char *display_name = NULL;
  g_autofree char *data = NULL;
  GPtrArray *results;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_filename_display_name (path);
  data = read_bounded (path, MAX_FILE_SIZE, &length, error);
  if (data == NULL)
    {
      g_prefix_error (error, "%s: ", display_name);
      return NULL;
    }
  results = vol_fio_import_from_data (data, (gssize) length, warnings, error);
  if (results == NULL)
    g_prefix_error (error, "%s: ", display_name);
  return results;
}

/**
 * vol_fio_import_looks_like_fio:
 * @data: the start of a file (the first MiB is enough)
 * @length: its length, or -1 if nul-terminated
 *
 * Whether the text is fio's JSON output rather than a Volumeter result:
 * it has a "fio version" key (not inside a string) and no "format" of
 * "volumeter-result". For choosing the importer; the import itself says
 * what is wrong. Pure; any thread.
 */
gboolean
vol_fio_import_looks_like_fio (const char *data,
                               gssize      length)
{
  static const char key[] = "\"fio version\"";
  gsize size;
  const char *p, *end;

  if (data == NULL)
    return FALSE;
  size = length < 0 ? strlen (data) : (gsize) length;
  size = MIN (size, SNIFF_SIZE);
  end = data + size;
  if (g_strstr_len (data, (gssize) MIN (size, 4096), "\"volumeter-result\"") != NULL)
    return FALSE;
  for (p = data; (p = g_strstr_len (p, end - p, key)) != NULL; p += sizeof key - 1)
    {
      const char *q = p + sizeof key - 1;

      /* a key, not the text of a string: not escaped, followed by ":" */
      if (p > data && p[-1] == '\\')
        continue;
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n'))
        q++;
      if (q < end && *q == ':')
        return TRUE;
    }
  return FALSE;
}

/**
 * vol_fio_import_file_looks_like_fio:
 * @path: a file the user opened
 *
 * vol_fio_import_looks_like_fio() on the file's first MiB; %FALSE if it
 * cannot be read (the loader will say why). Blocking I/O; any thread.
 */
gboolean
vol_fio_import_file_looks_like_fio (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  data = read_bounded (path, SNIFF_SIZE, &length, NULL);
  return data != NULL && vol_fio_import_looks_like_fio (data, (gssize) length);
}

/* ------------------------------------------------------------------------ */
/* The entries themselves, for a remote run                                  */
/* ------------------------------------------------------------------------ */

void
vol_fio_entries_free (VolFioEntries *entries)
{
  if (entries == NULL)
    return;
  g_free (entries->fio_version);
  g_ptr_array_unref (entries->entries);
  g_free (entries);
}

static void
entry_free (gpointer data)
{
  VolFioEntry *entry = data;

  g_free (entry->name);
  g_free (entry->host);
  g_free (entry);
}

/**
 * vol_fio_entries_from_data:
 *
 * fio's JSON, read as strictly as for an import (the same document split,
 * scan and field checks), but given back entry by entry, entries of one
 * job summed as group_reporting would. A remote run
 * (engine/vol-remote.c) matches them to the sections of the job it sent.
 *
 * Returns: (transfer full) (nullable): the entries; %NULL with @error set
 */
VolFioEntries *
vol_fio_entries_from_data (const char  *data,
                           gssize       length,
                           GPtrArray   *warnings,
                           GError     **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_auto(Context) ctx = { NULL, NULL, NULL, NULL };
  g_autoptr(GPtrArray) jobs = g_ptr_array_new_with_free_func (fio_job_free);
  g_autoptr(GHashTable) identities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(Options) global = { NULL, NULL };
  JsonObject *object;
  VolFioEntries *out;
  gsize size;

  g_return_val_if_fail (data != NULL || length <= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    data = "";
  size = length < 0 ? strlen (data) : (gsize) length;
  if (size > MAX_FILE_SIZE || memchr (data, '\0', size) != NULL)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: too large, or not text"));
      return NULL;
    }
  root = parse_last_document (data, size, warnings, error);
  if (root == NULL)
    return NULL;
  object = json_node_get_object (root);
  ctx.clients = g_ptr_array_new_with_free_func (g_free);
  options_init (&global);
  if (!read_context (object, &ctx, error)
      || !read_options (object, "", "global options", &global, NULL, error)
      || !read_job_array (object, "jobs", FALSE, &global, jobs, identities, warnings, error)
      || !read_job_array (object, "client_stats", TRUE, &global, jobs, identities, warnings, error))
    return NULL;

  out = g_new0 (VolFioEntries, 1);
  out->fio_version = g_steal_pointer (&ctx.fio_version);
  out->entries = g_ptr_array_new_with_free_func (entry_free);
  for (guint i = 0; i < jobs->len; i++)
    {
      const FioJob *job = g_ptr_array_index (jobs, i);
      VolFioEntry *entry = g_new0 (VolFioEntry, 1);

      entry->name = g_strdup (job->name);
      entry->host = g_strdup (job->host);
      entry->port = job->port;
      entry->all_clients = job->all_clients;
      entry->groupid = job->groupid;
      entry->error = job->error;
      entry->runtime = job->runtime;
      entry->cpu_user = job->cpu_user;
      entry->cpu_system = job->cpu_system;
      entry->read = job->dir[DIR_READ];
      entry->write = job->dir[DIR_WRITE];
      g_ptr_array_add (out->entries, entry);
    }
  return out;
}
