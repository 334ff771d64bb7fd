/* vol-cli-export.c — `volumeter-cli export`: results as charts and CSV
 *
 *   export FILE… [--png OUT] [--svg OUT] [--pdf OUT] [--csv OUT] [--text OUT] [--card OUT]
 *                [--width W] [--height H] [--scale S] [--dark] [--mib] [--bars]
 *
 * One file gives its test's chart; several give the comparison chart.
 * --text writes a quick benchmark's report as people paste it into a
 * forum (vol_quick_report_text(); "-" is the standard output), --card its
 * grid as a picture to post (vol-chart-card.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-chart-build.h"
#include "vol-chart-card.h"
#include "vol-chart-export.h"
#include "vol-cli.h"
#include "vol-error.h"
#include "vol-file-write.h"
#include "vol-quick.h"

static gboolean
parse_double_option (const char *name,
                     const char *text,
                     double      min,
                     double      max,
                     double     *out,
                     GError    **error)
{
  char *end = NULL;
  double v = text ? g_ascii_strtod (text, &end) : NAN;

  if (text == NULL || end == text || *end != '\0' || !(v >= min && v <= max))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s: “%s” is not a number from %g to %g"), name, text ? text : "", min, max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/**
 * vol_cli_export_charts:
 * @csv_chart: (nullable): the chart whose numbers the CSV holds, when not
 *   @chart (a comparison's CSV carries its whole table, not the part drawn)
 *
 * Writes @chart to every output asked for. Shared by `export`, `compare`
 * and `run --png`.
 */
gboolean
vol_cli_export_charts (const VolChart          *chart,
                       const VolChart          *csv_chart,
                       const VolCliExportFiles *files,
                       GError                 **error)
{
  g_autoptr(VolChartStyle) style = files->dark ? vol_chart_style_new_dark () : vol_chart_style_new_light ();

  if (files->png && !vol_chart_export_png (chart, style, files->png, files->width, files->height, files->scale, error))
    return FALSE;
  if (files->svg && !vol_chart_export_svg (chart, style, files->svg, files->width, files->height, error))
    return FALSE;
  if (files->pdf && !vol_chart_export_pdf (chart, style, files->pdf, files->width, files->height, error))
    return FALSE;
  if (files->csv && !vol_chart_export_csv (csv_chart ? csv_chart : chart, files->csv, error))
    return FALSE;
  return TRUE;
}

gboolean
vol_cli_export_chart (const VolChart          *chart,
                      const VolCliExportFiles *files,
                      GError                 **error)
{
  return vol_cli_export_charts (chart, NULL, files, error);
}

void
vol_cli_export_files_init (VolCliExportFiles *files)
{
  memset (files, 0, sizeof *files);
  files->width = VOL_CHART_DEFAULT_WIDTH;
  files->height = VOL_CHART_DEFAULT_HEIGHT;
  files->scale = VOL_CHART_DEFAULT_SCALE;
}

/**
 * vol_cli_export_take_option:
 * @i: (inout): index of the option; advanced past its value
 *
 * Returns: 1 if argv[*i] was an export option, 0 if not, -1 on error.
 */
int
vol_cli_export_take_option (int                 argc,
                            char              **argv,
                            int                *i,
                            VolCliExportFiles  *files,
                            GError            **error)
{
  const char *arg = argv[*i];
  const char **target = NULL;
  const char *value;

  if (g_str_equal (arg, "--dark"))
    {
      files->dark = TRUE;
      return 1;
    }
  if (g_str_equal (arg, "--mib"))
    {
      files->binary = TRUE;
      return 1;
    }
  if (g_str_equal (arg, "--bars"))
    {
      files->bars = TRUE;
      return 1;
    }
  if (g_str_equal (arg, "--png"))
    target = &files->png;
  else if (g_str_equal (arg, "--svg"))
    target = &files->svg;
  else if (g_str_equal (arg, "--pdf"))
    target = &files->pdf;
  else if (g_str_equal (arg, "--csv"))
    target = &files->csv;
  else if (g_str_equal (arg, "--text"))
    target = &files->text;
  else if (g_str_equal (arg, "--card"))
    target = &files->card;
  else if (!g_str_equal (arg, "--width") && !g_str_equal (arg, "--height") && !g_str_equal (arg, "--scale"))
    return 0;

  if (*i + 1 >= argc)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE, _("%s needs a value"), arg);
      return -1;
    }
  value = argv[++*i];
  if (target)
    {
      *target = value;
      return 1;
    }
  if (g_str_equal (arg, "--width"))
    return parse_double_option (arg, value, 200, 20000, &files->width, error) ? 1 : -1;
  if (g_str_equal (arg, "--height"))
    return parse_double_option (arg, value, 150, 20000, &files->height, error) ? 1 : -1;
  return parse_double_option (arg, value, 0.25, 8, &files->scale, error) ? 1 : -1;
}

int
vol_cli_command_export (int    argc,
                        char **argv)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolChart) chart = NULL;
  g_autoptr(VolChart) csv_chart = NULL;
  VolCliExportFiles files;
  VolChartOptions options = { 0 };

  vol_cli_export_files_init (&files);
  for (int i = 0; i < argc; i++)
    {
      int taken = vol_cli_export_take_option (argc, argv, &i, &files, &error);
      VolResult *result;

      if (taken < 0)
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
          return VOL_CLI_EXIT_USAGE;
        }
      if (taken > 0)
        continue;
      if (argv[i][0] == '-' && argv[i][1] != '\0')
        {
          vol_cli_printf (stderr, _("volumeter-cli: export: unknown option %s\n"), argv[i]);
          return VOL_CLI_EXIT_USAGE;
        }
      result = vol_result_load (argv[i], &error);
      if (result == NULL)
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
          return VOL_CLI_EXIT_USAGE;
        }
      g_ptr_array_add (results, result);
    }

  if (results->len == 0)
    {
      vol_cli_printf (stderr, _("volumeter-cli: export: name at least one result file\n"));
      return VOL_CLI_EXIT_USAGE;
    }
  if (!files.png && !files.svg && !files.pdf && !files.csv && !files.text && !files.card)
    {
      vol_cli_printf (stderr, _("volumeter-cli: export: name an output with --png, --svg, --pdf, --csv, --text or --card\n"));
      return VOL_CLI_EXIT_USAGE;
    }
  if (files.card)
    {
      g_autoptr(VolChartStyle) style = files.dark ? vol_chart_style_new_dark () : vol_chart_style_new_light ();

      if (results->len != 1)
        {
          vol_cli_printf (stderr, _("volumeter-cli: export: --card needs one quick benchmark result\n"));
          return VOL_CLI_EXIT_USAGE;
        }
      if (!vol_chart_card_export (g_ptr_array_index (results, 0), style, files.card, &error))
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
          return g_error_matches (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD) ? VOL_CLI_EXIT_USAGE
                                                                                   : VOL_CLI_EXIT_FAILED;
        }
      g_clear_error (&error);
    }
  if (!files.png && !files.svg && !files.pdf && !files.csv && !files.text)
    return VOL_CLI_EXIT_OK;
  if (files.text)
    {
      g_autofree char *report = NULL;

      if (results->len != 1
          || (report = vol_quick_report_text (g_ptr_array_index (results, 0))) == NULL)
        {
          vol_cli_printf (stderr, _("volumeter-cli: export: --text needs one quick benchmark result\n"));
          return VOL_CLI_EXIT_USAGE;
        }
      if (g_str_equal (files.text, "-"))
        vol_cli_fputs (stdout, report);
      else if (!vol_file_write_atomic (files.text, report, strlen (report), &error))
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
          return VOL_CLI_EXIT_FAILED;
        }
      if (!files.png && !files.svg && !files.pdf && !files.csv)
        return VOL_CLI_EXIT_OK;
    }

  options.binary = files.binary;
  options.bars = files.bars;
  chart = results->len == 1
    ? vol_chart_build_for_result (g_ptr_array_index (results, 0), &options, &error)
    : vol_chart_build_comparison ((VolResult *const *) results->pdata, results->len, &options, &error);
  /* a comparison's CSV: the whole table, the rows `compare` prints */
  if (chart != NULL && results->len > 1 && files.csv)
    csv_chart = vol_chart_build_comparison_export ((VolResult *const *) results->pdata, results->len, NULL,
                                                   &options, &error);
  if (chart == NULL || (results->len > 1 && files.csv && csv_chart == NULL))
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return VOL_CLI_EXIT_USAGE;
    }
  if (!vol_cli_export_charts (chart, csv_chart, &files, &error))
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return VOL_CLI_EXIT_FAILED;
    }
  return VOL_CLI_EXIT_OK;
}
