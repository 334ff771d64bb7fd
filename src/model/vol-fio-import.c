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

#include "vol-fio-import-private.h"
#include "vol-file-read.h"

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
  root = _vol_fio_import_parse_last_document (data, size, warnings, error);
  if (root == NULL)
    return NULL;
  return _vol_fio_import_results_from_json (json_node_get_object (root), warnings, error);
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
  data = vol_file_read_bounded (path, MAX_FILE_SIZE, &length, error);
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

  data = vol_file_read_bounded (path, SNIFF_SIZE, &length, NULL);
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
  g_auto(VolFioImportContext) ctx = { NULL, NULL, NULL, NULL };
  g_autoptr(GPtrArray) jobs = g_ptr_array_new_with_free_func (_vol_fio_import_job_free);
  g_autoptr(GHashTable) identities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(VolFioImportOptions) global = { NULL, NULL };
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
  root = _vol_fio_import_parse_last_document (data, size, warnings, error);
  if (root == NULL)
    return NULL;
  object = json_node_get_object (root);
  ctx.clients = g_ptr_array_new_with_free_func (g_free);
  _vol_fio_import_options_init (&global);
  if (!_vol_fio_import_read_context (object, &ctx, error)
      || !_vol_fio_import_read_options (object, "", "global options", &global, NULL, error)
      || !_vol_fio_import_read_job_array (object, "jobs", FALSE, &global, jobs, identities, warnings, error)
      || !_vol_fio_import_read_job_array (object, "client_stats", TRUE, &global, jobs, identities, warnings, error))
    return NULL;

  out = g_new0 (VolFioEntries, 1);
  out->fio_version = g_steal_pointer (&ctx.fio_version);
  out->entries = g_ptr_array_new_with_free_func (entry_free);
  for (guint i = 0; i < jobs->len; i++)
    {
      const VolFioImportJob *job = g_ptr_array_index (jobs, i);
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
