/* vol-cli.h — the pieces of volumeter-cli
 *
 * The CLI runs the same engine as the application, with no display. Its
 * exit codes are part of its interface (README.md, "volumeter-cli"):
 *   0 done, 1 the run failed (I/O error, vanished target), 2 bad usage or
 *   input, 130 cancelled by Ctrl-C (128 + SIGINT), 143 by SIGTERM.
 */
#pragma once

#include "vol-chart.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"

G_BEGIN_DECLS

#define VOL_CLI_EXIT_OK        0
#define VOL_CLI_EXIT_FAILED    1
#define VOL_CLI_EXIT_USAGE     2
#define VOL_CLI_EXIT_SIGINT    130
#define VOL_CLI_EXIT_SIGTERM   143

typedef struct
{
  const VolTestInfo *kind;       /* the model's: parsing needs no engine */
  VolTestSpec       *spec;
  char              *output;     /* -o FILE, or NULL: a new name here (vol_result_save_unique()) */
  char              *png;        /* --png FILE: the chart, written with the result */
  gboolean           quiet;
  gboolean           yes;        /* --yes: the user accepts a risky target */
  gboolean           force;      /* --force: -o may replace an existing file */
  gboolean           show_help;
} VolCliRunOptions;

gboolean vol_cli_parse_run        (int                argc,
                                   char             **argv,
                                   VolCliRunOptions  *options,
                                   GError           **error);
void     vol_cli_run_options_clear (VolCliRunOptions *options);
void     vol_cli_print_run_help   (const VolTestInfo *info);
void     vol_cli_print_tests      (FILE              *out);
const char *vol_cli_pad            (const char        *label,
                                   int                width);

typedef struct _VolCliProgress VolCliProgress;

VolCliProgress *vol_cli_progress_new    (gboolean          quiet);
void            vol_cli_progress_update (VolCliProgress   *progress,
                                         const VolProgress *update);
void            vol_cli_progress_finish (VolCliProgress   *progress);
void            vol_cli_progress_free   (VolCliProgress   *progress);

typedef struct
{
  const char *png;
  const char *svg;
  const char *pdf;
  const char *csv;
  const char *text;      /* export: the quick grid's forum report, "-" for stdout */
  const char *card;      /* export: the quick grid as a card to post (.png, .svg, .pdf) */
  double      width;
  double      height;
  double      scale;
  gboolean    dark;
  gboolean    binary;
  gboolean    bars;      /* comparisons as grouped bars of the means */
} VolCliExportFiles;

void     vol_cli_export_files_init  (VolCliExportFiles *files);
int      vol_cli_export_take_option (int                argc,
                                     char             **argv,
                                     int               *i,
                                     VolCliExportFiles *files,
                                     GError           **error);
gboolean vol_cli_export_charts      (const VolChart          *chart,
                                     const VolChart          *csv_chart,
                                     const VolCliExportFiles *files,
                                     GError                 **error);
gboolean vol_cli_export_chart       (const VolChart          *chart,
                                     const VolCliExportFiles *files,
                                     GError                 **error);
int      vol_cli_command_export     (int                argc,
                                     char             **argv);

int      vol_cli_command_compare    (int                argc,
                                     char             **argv);
int      vol_cli_command_import_fio (int                argc,
                                     char             **argv);
int      vol_cli_command_fio_job    (int                argc,
                                     char             **argv);
gboolean vol_cli_run_is_remote      (int                argc,
                                     char             **argv);
int      vol_cli_command_run_remote (int                argc,
                                     char             **argv);

/* vol-cli-text.c: text from a file or a host, escaped for a terminal */
void     vol_cli_fputs            (FILE              *out,
                                   const char        *text);
void     vol_cli_printf           (FILE              *out,
                                   const char        *format,
                                   ...) G_GNUC_PRINTF (2, 3);
char    *vol_cli_escape_line      (const char        *text);
void     vol_cli_print_error      (const char        *command,
                                   const GError      *error);

void     vol_cli_print_summary    (FILE              *out,
                                   const VolResult   *result,
                                   const char        *path);

G_END_DECLS
