/* vol-cli-compare.c — `volumeter-cli compare`: several results side by side
 *
 *   compare FILE… [--by stripe|raid|scheduler|device|filesystem|label|host]
 *                 [--png OUT] [--svg OUT] [--pdf OUT] [--csv OUT]
 *                 [--width W] [--height H] [--scale S] [--dark] [--mib] [--bars]
 *
 * Prints the comparison table — one column per result, one row per figure
 * (every summary's mean ± std dev, the test's own figures, the parameters
 * that differ) — and writes the comparison chart where asked. The table is
 * the model's (vol_comparison_new), the one the app shows beside its chart
 * and the CSV carries, each cell printed by the formatter `show` uses
 * ("2.00 ms", "412.3 MB/s"). Errors name the file: exit 2 for bad
 * usage or input (a file that is not a result, results of different tests,
 * a --by attribute a result lacks or that does not tell them apart), 1
 * when an output cannot be written.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-chart-build.h"
#include "vol-cli.h"
#include "vol-comparison.h"
#include "vol-result-table.h"

/* The translated name of a --by attribute, or NULL for none. */
static const char *
by_title (const char *by)
{
  return vol_comparison_attribute_title (by);
}

static void
print_help (FILE *out)
{
  vol_cli_printf (out, _("Usage: volumeter-cli compare FILE… [--by stripe|raid|scheduler|device|filesystem|label|host]\n"
                         "                     [--png OUT] [--svg OUT] [--pdf OUT] [--csv OUT]\n"
                         "                     [--width W] [--height H] [--scale S] [--dark] [--mib] [--bars]\n\n"
                         "Prints the results side by side (mean ± std dev of each figure, the test's own figures,\n"
                         "the parameters that differ) and writes the comparison chart. Results are named by what\n"
                         "differs between them (stripe size, RAID level, scheduler, device model, filesystem, label)\n"
                         "and ordered by it; --by chooses. Fill results overlay their capacity curves; --bars, or any\n"
                         "other test, compares the means as grouped bars. Only results of one test can be compared.\n"));
}

static int
fail (int         code,
      const char *message)
{
  vol_cli_printf (stderr, "volumeter-cli: compare: %s\n", message);
  return code;
}

/* --by: every result has it, and no two share it; else one line naming the files. */
static char *
check_by (GPtrArray  *results,
          char      **paths,
          const char *by)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < results->len; i++)
    {
      char *value = vol_comparison_attribute (g_ptr_array_index (results, i), by);
      if (value == NULL)
        return g_strdup_printf (_("%s has no %s to name it by (--by %s)"), paths[i], by_title (by), by);
      if (g_hash_table_contains (seen, value))
        {
          guint other = GPOINTER_TO_UINT (g_hash_table_lookup (seen, value));
          char *message = g_strdup_printf (_("%s and %s have the same %s (“%s”): --by %s cannot tell them apart"),
                                           paths[other], paths[i], by_title (by), value, by);
          g_free (value);
          return message;
        }
      g_hash_table_insert (seen, value, GUINT_TO_POINTER (i));
    }
  return NULL;
}

/* Text padded to @width characters (not bytes: "±", "Kapazität"); a
 * label's own newline escaped, so a cell stays on its row. */
static void
print_padded (FILE       *out,
              const char *raw,
              int         width,
              gboolean    right)
{
  g_autofree char *text = vol_cli_escape_line (raw);
  int pad = MAX (width - (int) g_utf8_strlen (text, -1), 0);

  if (right)
    vol_cli_printf (out, "%*s%s", pad, "", text);
  else
    vol_cli_printf (out, "%s%*s", text, pad, "");
}

/* The comparison's table: a column per result, a row per figure, then
 * the parameters that differ, the notes (quick: which differences beat
 * the loops' noise), which file is which result, and the warnings. */
static void
print_table (FILE                *out,
             const VolComparison *comparison,
             const VolChart      *chart,
             char               **paths,
             gboolean             binary)
{
  const VolResultTable *table = comparison->table;
  guint n_cols = comparison->results->len;
  guint n_rows = table->rows->len + comparison->params->len;
  g_autofree int *widths = g_new0 (int, n_cols);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autofree char *subtitle = vol_comparison_describe (comparison);
  int label_w = 0;

  /* every cell printed once, then padded to its column's width */
  for (guint r = 0; r < n_rows; r++)
    {
      char **cells = g_new0 (char *, n_cols + 1);
      const char *label;

      if (r < table->rows->len)
        {
          label = ((VolResultRow *) g_ptr_array_index (table->rows, r))->label;
          for (guint c = 0; c < n_cols; c++)
            cells[c] = vol_result_table_format_cell (table, r, c, binary);
        }
      else
        {
          const VolComparisonParam *param = g_ptr_array_index (comparison->params, r - table->rows->len);
          label = param->label;
          for (guint c = 0; c < n_cols; c++)
            cells[c] = g_strdup (param->cells[c]);
        }
      label_w = MAX (label_w, (int) g_utf8_strlen (label, -1));
      for (guint c = 0; c < n_cols; c++)
        widths[c] = MAX (widths[c], (int) g_utf8_strlen (cells[c], -1));
      g_ptr_array_add (texts, cells);
    }
  for (guint c = 0; c < n_cols; c++)
    widths[c] = MAX (widths[c], (int) g_utf8_strlen (vol_comparison_get_label_shown (comparison, c), -1));

  vol_cli_printf (out, "%s\n\n", subtitle);
  vol_cli_printf (out, "  ");
  print_padded (out, "", label_w, FALSE);
  for (guint c = 0; c < n_cols; c++)
    {
      vol_cli_printf (out, "  ");
      print_padded (out, vol_comparison_get_label_shown (comparison, c), widths[c], TRUE);
    }
  vol_cli_printf (out, "\n");
  for (guint r = 0; r < n_rows; r++)
    {
      char **cells = g_ptr_array_index (texts, r);
      const char *label = r < table->rows->len
        ? ((VolResultRow *) g_ptr_array_index (table->rows, r))->label
        : ((VolComparisonParam *) g_ptr_array_index (comparison->params, r - table->rows->len))->label;

      vol_cli_printf (out, "  ");
      print_padded (out, label, label_w, FALSE);
      for (guint c = 0; c < n_cols; c++)
        {
          vol_cli_printf (out, "  ");
          print_padded (out, cells[c], widths[c], TRUE);
        }
      vol_cli_printf (out, "\n");
    }
  for (guint i = 0; i < table->notes->len; i++)
    vol_cli_printf (out, "%s  %s\n", i == 0 ? "\n" : "", (char *) g_ptr_array_index (table->notes, i));

  /* which file is which result */
  vol_cli_printf (out, "\n");
  for (guint c = 0; c < n_cols; c++)
    {
      vol_cli_printf (out, "  ");
      print_padded (out, vol_comparison_get_label_shown (comparison, c), label_w, FALSE);
      vol_cli_printf (out, "  %s\n", paths[comparison->order[c]]);
    }
  for (guint w = 0; w < chart->warnings->len; w++)
    vol_cli_printf (out, _("%sWarning: %s\n"), w == 0 ? "\n" : "", (char *) g_ptr_array_index (chart->warnings, w));
}

int
vol_cli_command_compare (int    argc,
                         char **argv)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GPtrArray) paths = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(VolComparison) comparison = NULL;
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(VolChart) csv_chart = NULL;
  g_autofree char *problem = NULL;
  const char *by = NULL;
  VolCliExportFiles files;
  VolChartOptions options = { 0 };

  vol_cli_export_files_init (&files);
  for (int i = 0; i < argc; i++)
    {
      int taken;

      if (g_str_equal (argv[i], "--help") || g_str_equal (argv[i], "-h"))
        {
          print_help (stdout);
          return VOL_CLI_EXIT_OK;
        }
      if (g_str_equal (argv[i], "--by"))
        {
          if (i + 1 >= argc)
            return fail (VOL_CLI_EXIT_USAGE, _("--by needs a value: stripe, raid, scheduler, device, filesystem, label or host"));
          by = argv[++i];
          if (by_title (by) == NULL)
            {
              g_autofree char *message = g_strdup_printf (_("unknown --by value “%s”: use stripe, raid, scheduler, device, filesystem, label or host"), by);
              return fail (VOL_CLI_EXIT_USAGE, message);
            }
          continue;
        }
      taken = vol_cli_export_take_option (argc, argv, &i, &files, &error);
      if (taken < 0)
        return fail (VOL_CLI_EXIT_USAGE, error->message);
      if (taken > 0)
        continue;
      if (argv[i][0] == '-' && argv[i][1] != '\0')
        {
          g_autofree char *message = g_strdup_printf (_("unknown option %s"), argv[i]);
          return fail (VOL_CLI_EXIT_USAGE, message);
        }
      g_ptr_array_add (paths, argv[i]);
    }

  if (paths->len < 2)
    return fail (VOL_CLI_EXIT_USAGE, paths->len == 0
                 ? _("name the result files to compare")
                 : _("name at least two result files (for one result, use show or export)"));
  for (guint i = 0; i < paths->len; i++)
    {
      VolResult *result = vol_result_load (g_ptr_array_index (paths, i), &error);
      if (result == NULL)
        return fail (VOL_CLI_EXIT_USAGE, error->message);
      g_ptr_array_add (results, result);
    }

  /* the model's one check, naming the files as given */
  if (!vol_comparison_check_one_test ((VolResult *const *) results->pdata, results->len,
                                      (const char *const *) paths->pdata, &error))
    return fail (VOL_CLI_EXIT_USAGE, error->message);
  if (by != NULL)
    problem = check_by (results, (char **) paths->pdata, by);
  if (problem)
    return fail (VOL_CLI_EXIT_USAGE, problem);

  options.binary = files.binary;
  options.bars = files.bars;
  comparison = vol_comparison_new ((VolResult *const *) results->pdata, results->len, by, &error);
  if (comparison != NULL)
    chart = vol_chart_build_comparison_by ((VolResult *const *) results->pdata, results->len, by, &options, &error);
  if (chart == NULL)
    return fail (VOL_CLI_EXIT_USAGE, error->message);
  print_table (stdout, comparison, chart, (char **) paths->pdata, files.binary);

  if (!files.png && !files.svg && !files.pdf && !files.csv)
    return VOL_CLI_EXIT_OK;
  /* the CSV: the plotted numbers, then the whole table printed above */
  if (files.csv)
    csv_chart = vol_chart_build_comparison_export ((VolResult *const *) results->pdata, results->len, by,
                                                   &options, &error);
  if (files.csv && csv_chart == NULL)
    return fail (VOL_CLI_EXIT_USAGE, error->message);
  if (!vol_cli_export_charts (chart, csv_chart, &files, &error))
    return fail (VOL_CLI_EXIT_FAILED, error->message);
  return VOL_CLI_EXIT_OK;
}
