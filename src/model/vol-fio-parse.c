/* vol-fio-parse.c — fio's text split into documents, and its jobs read */

#include "vol-fio-import-private.h"

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

void
_vol_fio_import_add_warning (GPtrArray  *warnings,
                             const char *format,
                             ...) G_GNUC_PRINTF (2, 3);

void
_vol_fio_import_add_warning (GPtrArray  *warnings,
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
JsonNode *
_vol_fio_import_parse_last_document (const char  *data,
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
    _vol_fio_import_add_warning (warnings,
                 ngettext ("skipped %u line of text before the JSON (fio prints its errors there): “%s”",
                           "skipped %u lines of text before the JSON (fio prints its errors there), the first: “%s”",
                           scan.lines_before),
                 scan.lines_before, scan.first_before);
  if (scan.n_complete > 1)
    _vol_fio_import_add_warning (warnings,
                 _("%u JSON documents (fio --status-interval): the last complete one holds the final figures and is imported"),
                 scan.n_complete);
  if (scan.truncated)
    {
      guint line, column;

      vol_json_scan_line_column (data, scan.truncated_start, &line, &column);
      _vol_fio_import_add_warning (warnings,
                   _("the JSON document that starts at line %u is incomplete (was fio stopped?); the complete one before it is imported"),
                   line);
    }
  if (scan.lines_between > 0)
    _vol_fio_import_add_warning (warnings,
                 ngettext ("skipped %u line of text between or after the JSON documents",
                           "skipped %u lines of text between or after the JSON documents",
                           scan.lines_between),
                 scan.lines_between);

  copy = document_copy (data, scan.start, scan.end, &copy_length, &non_numbers);
  doc_scan_clear (&scan);
  if (non_numbers > 0)
    _vol_fio_import_add_warning (warnings,
                 ngettext ("fio printed %u value that is not a number (nan or inf); it is read as unknown",
                           "fio printed %u values that are not numbers (nan or inf); they are read as unknown",
                           non_numbers),
                 non_numbers);

  if (!vol_json_scan (copy, copy_length, VOL_JSON_SCAN_DEFAULT, &report, error))
    return NULL;
  /* json-glib spends 100 to 300 bytes on every value: counted by the scan,
   * before any is parsed, as the result loader counts them */
  if (report.n_values > MAX_VALUES)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                   _("not fio output: more than %d JSON values"), MAX_VALUES);
      return NULL;
    }
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



void
_vol_fio_import_options_init (VolFioImportOptions *options)
{
  options->keys = g_ptr_array_new_with_free_func (g_free);
  options->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
_vol_fio_import_options_clear (VolFioImportOptions *options)
{
  g_clear_pointer (&options->keys, g_ptr_array_unref);
  g_clear_pointer (&options->values, g_hash_table_unref);
}


void
_vol_fio_import_job_free (gpointer data)
{
  VolFioImportJob *job = data;

  g_free (job->name);
  g_free (job->path);
  g_free (job->host);
  _vol_fio_import_options_clear (&job->own);
  g_free (job->job_options);
  g_free (job);
}

/* The job's own value, else the run's global one. */
const char *
_vol_fio_import_job_option (const VolFioImportJob *job,
                            const char            *key)
{
  const char *value = g_hash_table_lookup (job->own.values, key);

  if (value == NULL && job->global != NULL)
    value = g_hash_table_lookup (job->global->values, key);
  return value;
}

/* The options object of a job or of the whole run; every value is kept as
 * text (fio writes them as strings). */
gboolean
_vol_fio_import_read_options (JsonObject           *parent,
                              const char           *path,
                              const char           *key,
                              VolFioImportOptions  *options,
                              GString              *serial,
                              GError              **error)
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
          VolFioDir   *dir,
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
      _vol_fio_import_add_warning (warnings, "%s",
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

static VolFioImportJob *
read_job (JsonObject                 *object,
          const char                 *path,
          const VolFioImportOptions  *global,
          gboolean                    client,
          GPtrArray                  *warnings,
          GError                    **error)
{
  VolFioImportJob *job = g_new0 (VolFioImportJob, 1);
  g_autoptr(GString) serial = g_string_new (NULL);
  double runtime_ms, usr, sys;
  gboolean any_dir = FALSE;

  job->path = g_strdup (path);
  _vol_fio_import_options_init (&job->own);
  job->global = global;
  job->entries = 1;

  if (!_vol_json_read_string (object, path, "jobname", TRUE, &job->name, error)
      || !_vol_json_read_int (object, path, "groupid", &job->groupid, error)
      || !_vol_json_read_int (object, path, "error", &job->error, error)
      || !_vol_fio_import_read_options (object, path, "job options", &job->own, serial, error)
      || !read_non_negative (object, path, "job_runtime", &runtime_ms, error)
      || !read_non_negative (object, path, "usr_cpu", &usr, error)
      || !read_non_negative (object, path, "sys_cpu", &sys, error))
    goto fail;
  job->job_options = g_string_free (g_steal_pointer (&serial), FALSE);
  if (client)
    {
      if (!_vol_json_read_string (object, path, "hostname", FALSE, &job->host, error)
          || !_vol_json_read_int (object, path, "port", &job->port, error))
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
  _vol_fio_import_job_free (job);
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
merge_job (VolFioImportJob       *into,
           const VolFioImportJob *from)
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
same_job (const VolFioImportJob *a,
          const VolFioImportJob *b)
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
job_identity (const VolFioImportJob *job)
{
  if (job->all_clients)
    return NULL;
  return g_strdup_printf ("%s\x1f%s\x1f%" PRId64 "\x1f%" PRId64 "\x1f%s", job->name,
                          job->host ? job->host : "\x1e", (int64_t) job->port,
                          (int64_t) job->groupid, job->job_options);
}

gboolean
_vol_fio_import_read_job_array (JsonObject                 *root,
                                const char                 *key,
                                gboolean                    client,
                                const VolFioImportOptions  *global,
                                GPtrArray                  *jobs,
                                GHashTable                 *identities,
                                GPtrArray                  *warnings,
                                GError                    **error)
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
      VolFioImportJob *job;
      gboolean merged = FALSE;

      g_autofree char *identity = NULL;
      VolFioImportJob *earlier;

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
        _vol_fio_import_job_free (job);
      else
        {
          g_ptr_array_add (jobs, job);
          if (identity != NULL)
            g_hash_table_insert (identities, g_steal_pointer (&identity), job);
        }
    }
  return TRUE;
}
