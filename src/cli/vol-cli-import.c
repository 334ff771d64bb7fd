/* vol-cli-import.c — `volumeter-cli import-fio`
 *
 *   import-fio FIO.json [-o OUT.volumeter.json]
 *
 * fio's JSON output becomes Volumeter results (docs/fio-import.md). One
 * result is saved as OUT (default: FIO.volumeter.json here, from the
 * input's name); several as OUT-1.volumeter.json, OUT-2…, in the order
 * the import made them. What was skipped or guessed is printed on stderr
 * as warnings; the import still succeeds.
 */
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-cli.h"
#include "vol-error.h"
#include "vol-fio-import.h"

static void
print_help (FILE *out)
{
  vol_cli_printf (out, _("Usage:\n"
                         "  volumeter-cli import-fio FIO.json [-o OUT.volumeter.json [--force]]\n\n"
                         "Turns fio's JSON output (fio --output-format=json) into Volumeter results: random\n"
                         "4 KiB jobs become queue-depth points, sequential jobs transfer-size points, other\n"
                         "jobs a table of fio jobs. Several results are saved as OUT-1, OUT-2, …\n"
                         "Without -o they are saved here as FIO.volumeter.json (FIO-2… when taken); an\n"
                         "existing OUT is never replaced unless --force is given.\n"));
}

/* "x.volumeter.json" or "x.json" or "x" → "x" */
static char *
strip_suffix (const char *name)
{
  static const char *const suffixes[] = { ".volumeter.json", ".json" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (name, suffixes[i]) && strlen (name) > strlen (suffixes[i]))
      return g_strndup (name, strlen (name) - strlen (suffixes[i]));
  return g_strdup (name);
}

/* The stem (name before ".volumeter.json") of result @index of @count:
 * OUT or OUT-1, OUT-2… from -o, else the same from the fio file's name. */
static char *
output_stem (const char *input,
             const char *output,
             guint       index,
             guint       count)
{
  g_autofree char *stem = NULL;

  if (output != NULL)
    stem = strip_suffix (output);
  else
    {
      g_autofree char *base = g_path_get_basename (input);
      stem = strip_suffix (base);
    }
  if (count == 1)
    return g_steal_pointer (&stem);
  return g_strdup_printf ("%s-%u", stem, index + 1);
}

/* -o OUT: the files the results will have, all checked before any is
 * written, so that a refusal leaves nothing half done. */
static char *
output_path (const char *input,
             const char *output,
             guint       index,
             guint       count)
{
  g_autofree char *stem = NULL;

  if (count == 1)
    return g_strdup (output);
  stem = output_stem (input, output, index, count);
  return g_strdup_printf ("%s.volumeter.json", stem);
}

static const char *
kind_title (const VolResult *result)
{
  const VolTestInfo *kind = vol_kinds_lookup (result->kind);

  return kind ? _(kind->title) : _("fio jobs");
}

int
vol_cli_command_import_fio (int    argc,
                            char **argv)
{
  const char *input = NULL;
  const char *output = NULL;
  gboolean force = FALSE;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GError) error = NULL;
  int status = VOL_CLI_EXIT_OK;

  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];

      if (g_str_equal (arg, "-h") || g_str_equal (arg, "--help"))
        {
          print_help (stdout);
          return VOL_CLI_EXIT_OK;
        }
      if (g_str_equal (arg, "--force"))
        {
          force = TRUE;
          continue;
        }
      if (g_str_equal (arg, "-o") || g_str_equal (arg, "--output") || g_str_has_prefix (arg, "--output="))
        {
          const char *value = g_str_has_prefix (arg, "--output=") ? arg + strlen ("--output=")
                              : i + 1 < argc ? argv[++i] : NULL;
          if (value == NULL || value[0] == '\0')
            {
              vol_cli_printf (stderr, _("volumeter-cli: import-fio: %s needs a file name\n"), arg);
              return VOL_CLI_EXIT_USAGE;
            }
          output = value;
          continue;
        }
      if (arg[0] == '-' && arg[1] != '\0')
        {
          vol_cli_printf (stderr, _("volumeter-cli: import-fio: unknown option “%s”; see “import-fio --help”\n"), arg);
          return VOL_CLI_EXIT_USAGE;
        }
      if (input != NULL)
        {
          vol_cli_printf (stderr, _("volumeter-cli: import-fio: one fio file at a time (“%s” and “%s”)\n"), input, arg);
          return VOL_CLI_EXIT_USAGE;
        }
      input = arg;
    }
  if (input == NULL)
    {
      vol_cli_printf (stderr, "%s\n", _("volumeter-cli: import-fio: name the fio JSON file, such as “import-fio fio.json”"));
      return VOL_CLI_EXIT_USAGE;
    }

  results = vol_fio_import_load (input, warnings, &error);
  for (guint i = 0; i < warnings->len; i++)
    vol_cli_printf (stderr, _("volumeter-cli: warning: %s\n"), (const char *) g_ptr_array_index (warnings, i));
  if (results == NULL)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return VOL_CLI_EXIT_USAGE;
    }

  for (guint i = 0; output != NULL && !force && i < results->len; i++)
    {
      g_autofree char *path = output_path (input, output, i, results->len);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          vol_cli_printf (stderr, _("volumeter-cli: import-fio: %s already exists; choose another name, or give --force to replace it\n"), path);
          return VOL_CLI_EXIT_USAGE;
        }
    }

  for (guint i = 0; i < results->len; i++)
    {
      const VolResult *result = g_ptr_array_index (results, i);
      g_autofree char *path = NULL;
      g_autoptr(GError) save_error = NULL;
      guint points = 0;

      for (guint k = 0; k < result->series->len; k++)
        points += vol_series_get_length (g_ptr_array_index (result->series, k));

      if (output == NULL)
        {
          g_autofree char *stem = output_stem (input, NULL, i, results->len);
          path = vol_result_save_unique (result, ".", stem, &save_error);
        }
      else
        {
          path = output_path (input, output, i, results->len);
          if (!(force ? vol_result_save (result, path, &save_error) : vol_result_save_new (result, path, &save_error)))
            g_clear_pointer (&path, g_free);
        }
      if (path == NULL)
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", save_error->message);
          status = VOL_CLI_EXIT_FAILED;
          continue;
        }
      vol_cli_printf (stdout, ngettext ("Saved %s: %s — %s, %u point\n", "Saved %s: %s — %s, %u points\n", points),
                      path, result->label, kind_title (result), points);
    }
  return status;
}
