/* vol-result-save.c — a result saved as a new file, never over another
 *
 * Every place that saves a result the user did not name a file for (the
 * window's autosave, `volumeter-cli run` without -o, each host of a fleet
 * run, an import) comes here, so every one gets the same kind of name and
 * the same promise: five runs that end in the same second in one folder
 * leave five files (vol_file_write_unique()). A file the user named is
 * created with vol_result_save_new(), which refuses an existing one;
 * only an explicit --force replaces (vol_result_save()).
 */
#include "vol-result.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-file-write.h"

#define RESULT_SUFFIX ".volumeter.json"

static char *
result_data (const VolResult  *result,
             gsize            *length,
             GError          **error)
{
  char *data = vol_result_to_data (result, length);

  /* Never an empty file reported as saved. */
  if (data == NULL || *length == 0)
    {
      g_free (data);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("the result could not be written as JSON"));
      return NULL;
    }
  return data;
}

/* "db1:8765" → "db1-8765", "[::ffff:127.0.0.1]:8765" → "ffff-127.0.0.1-8765":
 * letters, digits, '.', '-' and '_' only, so that a host's name can never
 * make a path (no '/', no "..") or a name a shell would mangle. */
static void
append_file_part (GString    *out,
                  const char *part)
{
  gsize start = out->len;

  for (const char *p = part; *p; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '-' || *p == '_' || (*p == '.' && out->len > start))
        g_string_append_c (out, *p);
      else if (out->len > start && out->str[out->len - 1] != '-')
        g_string_append_c (out, '-');
    }
  while (out->len > start && (out->str[out->len - 1] == '-' || out->str[out->len - 1] == '.'))
    g_string_truncate (out, out->len - 1);
  if (out->len == start)
    g_string_append (out, "host");
}

/**
 * vol_result_file_stem:
 * @result: a result
 * @part: (nullable): what tells this result from its siblings, such as a
 *   host's name; only its letters, digits and '.-_' are kept
 *
 * The name a new result file gets before its suffix and any counter:
 * "volumeter-KIND-YYYYMMDD-HHMMSS[-PART]", the time being now, local.
 *
 * Returns: (transfer full): the stem
 */
char *
vol_result_file_stem (const VolResult *result,
                      const char      *part)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  GString *out = g_string_new ("volumeter-");

  append_file_part (out, result->kind ? result->kind : "result");
  g_string_append_printf (out, "-%s", stamp);
  if (part != NULL)
    {
      g_string_append_c (out, '-');
      append_file_part (out, part);
    }
  return g_string_free (out, FALSE);
}

/**
 * vol_result_save_unique:
 * @result: a result
 * @dir: the folder, which must exist
 * @stem: the name before ".volumeter.json" (vol_result_file_stem())
 * @error: return location for a #G_IO_ERROR
 *
 * Saves @result as a new file in @dir: @stem.volumeter.json, or with
 * "-2", "-3"… after @stem when that name is taken, now or by another
 * writer in the same instant. Never replaces a file. Blocking; any thread.
 *
 * Returns: (transfer full): the path saved, or %NULL with @error set
 */
char *
vol_result_save_unique (const VolResult  *result,
                        const char       *dir,
                        const char       *stem,
                        GError          **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (dir != NULL && stem != NULL, NULL);

  data = result_data (result, &length, error);
  if (data == NULL)
    return NULL;
  return vol_file_write_unique (dir, stem, RESULT_SUFFIX, data, length, error);
}

/**
 * vol_result_save_new:
 * @result: a result
 * @path: the file to create
 * @error: return location for a #G_IO_ERROR; #G_IO_ERROR_EXISTS when
 *   @path exists (which is left byte for byte as it was)
 *
 * Saves @result to @path only if no file has that name. Blocking; any
 * thread.
 */
gboolean
vol_result_save_new (const VolResult  *result,
                     const char       *path,
                     GError          **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (result != NULL && path != NULL, FALSE);

  data = result_data (result, &length, error);
  if (data == NULL)
    return FALSE;
  if (vol_file_write_new (path, data, length, &local_error))
    return TRUE;
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("%s already exists; choose another name, or give --force to replace it"), display);
      return FALSE;
    }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}
