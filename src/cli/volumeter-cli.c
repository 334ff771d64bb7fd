/* volumeter-cli.c — Volumeter without a display
 *
 *   volumeter-cli run TEST --target DIR [OPTION…]
 *   volumeter-cli show FILE…
 *   volumeter-cli cleanup DIR
 *
 * Errors are reported once, as one line on stderr, with the exit codes in
 * vol-cli.h.
 */

#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n.h>

#include "vol-chart-build.h"
#include "vol-cli.h"
#include "vol-error.h"
#include "vol-probe.h"
#include "vol-scratch.h"

typedef struct
{
  GMainLoop      *loop;
  GCancellable   *cancellable;
  VolCliProgress *progress;
  VolResult      *result;
  GError         *error;
  int             signal;   /* the signal that cancelled the run, or 0 */
} RunState;

static void
print_usage (FILE *out)
{
  vol_cli_printf (out, _("Usage:\n"
                         "  volumeter-cli run TEST --target DIR [OPTION…]   run a test; “run TEST --help” lists its options\n"
                         "  volumeter-cli run TEST --hosts H[:PORT],… | --hosts-file FILE --target DIR [OPTION…]\n"
                         "                [--port P] [--connect-timeout S] [--run-timeout S] [--print-job]\n"
                         "                [--fio-output FILE] [-o OUTDIR]\n"
                         "                                                  run a test on many hosts at once through their\n"
                         "                                                  “fio --server” (docs/hosts.md); a result per host\n"
                         "  volumeter-cli show FILE…                        print a summary of each saved result\n"
                         "  volumeter-cli export FILE… [--png OUT] [--svg OUT] [--pdf OUT] [--csv OUT] [--text OUT] [--card OUT]\n"
                         "                [--width W] [--height H] [--scale S] [--dark] [--mib] [--bars]\n"
                         "                                                  chart a result; several files: a comparison\n"
                         "  volumeter-cli compare FILE… [--by stripe|raid|scheduler|device|filesystem|label|host]\n"
                         "                [--png OUT] [--svg OUT] [--csv OUT]     compare results in a table and a chart\n"
                         "  volumeter-cli import-fio FIO.json [-o OUT]      a fio JSON output as a Volumeter result\n"
                         "  volumeter-cli fio-job RESULT [--dir DIR]        the fio job that does the run's work\n"
                         "  volumeter-cli fio-job TEST [OPTION…] --target DIR   the fio job that does the test's work\n"
                         "  volumeter-cli cleanup DIR                       remove scratch folders a killed run left in DIR\n"
                         "  volumeter-cli --help | --version\n\n"
                         "Tests:\n"));
  vol_cli_print_tests (out);
  vol_cli_printf (out, _("\nSizes are binary: 512, 4K, 32M, 1G, 2T. Throughput is shown in MB/s (10^6 bytes/s).\n"
                         "Exit status: 0 done, 1 the run failed, 2 bad usage or input, 130 cancelled (Ctrl-C).\n"));
}

static int
usage_error (const char *message)
{
  vol_cli_printf (stderr, "volumeter-cli: %s\n", message);
  return VOL_CLI_EXIT_USAGE;
}

static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             RunState          *state)
{
  vol_cli_progress_update (state->progress, progress);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  RunState *state = user_data;

  state->result = vol_runner_run_finish (VOL_RUNNER (source), res, &state->error);
  g_main_loop_quit (state->loop);
}

static gboolean
signal_cb (gpointer user_data)
{
  RunState *state = user_data;

  /* The worker sees this before its next transfer, stops, and removes
   * the scratch folder; the partial result is still saved. */
  if (state->signal == 0)
    state->signal = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (state->cancellable), "vol-signal"));
  g_cancellable_cancel (state->cancellable);
  return G_SOURCE_CONTINUE;
}

static gboolean
sigint_cb (gpointer user_data)
{
  RunState *state = user_data;
  g_object_set_data (G_OBJECT (state->cancellable), "vol-signal", GINT_TO_POINTER (SIGINT));
  return signal_cb (user_data);
}

static gboolean
sigterm_cb (gpointer user_data)
{
  RunState *state = user_data;
  g_object_set_data (G_OBJECT (state->cancellable), "vol-signal", GINT_TO_POINTER (SIGTERM));
  return signal_cb (user_data);
}

/* The run's chart beside its result; the result is saved either way. */
static gboolean
write_png (const VolResult *result,
           const char      *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolChart) chart = vol_chart_build_for_result (result, NULL, &error);
  VolCliExportFiles files;

  vol_cli_export_files_init (&files);
  files.png = path;
  if (chart == NULL || !vol_cli_export_chart (chart, &files, &error))
    {
      vol_cli_printf (stderr, "volumeter-cli: %s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Checked before the run, so a long run never ends unable to save, and
 * never ends by replacing a file the user did not ask to replace. */
static gboolean
check_output (const char  *output,
              gboolean     force,
              GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (output);

  if (g_file_test (output, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("output: %s is a folder; give a file name"), output);
      return FALSE;
    }
  if (!force && g_file_test (output, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("output: %s already exists; choose another name, or give --force to replace it"), output);
      return FALSE;
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("output: the folder %s does not exist"), dir);
      return FALSE;
    }
  if (access (dir, W_OK) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("output: cannot write to the folder %s"), dir);
      return FALSE;
    }
  return TRUE;
}

/* The application asks before filling the system or home volume, or
 * memory, or leaving a volume nearly full; the command line has no one to
 * ask, so it refuses unless the user said --yes, naming the amount. Both
 * use the engine's one decision.
 * A target the probe cannot read is left to the run, which reports it. */
static gboolean
check_target (const VolCliRunOptions  *options,
              GError                 **error)
{
  g_autoptr(VolTargetInfo) target = vol_target_probe (vol_test_spec_get_target (options->spec), NULL);
  g_autofree char *risk = NULL;

  if (target == NULL)
    return TRUE;
  risk = vol_scratch_target_risk_message (options->spec, target);
  if (risk != NULL && !options->yes)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_TARGET,
                   _("%s Pass --yes to run it anyway."), risk);
      return FALSE;
    }
  if (!options->quiet && vol_fs_type_is_ram (target->fs_type))
    vol_cli_printf (stderr, _("volumeter-cli: warning: %s is in memory (%s): the figures will be memory speed, "
                              "not a disk's, and the result says so.\n"),
                    target->path, target->fs_type);
  return TRUE;
}

/* For tests: a signal raised on purpose just before the result is saved
 * stands for a Ctrl-C that lands during the save, with no timing
 * involved. VOLUMETER_TEST_SIGNAL_AT_SAVE=INT or TERM. */
static void
test_signal_at_save (void)
{
  const char *which = g_getenv ("VOLUMETER_TEST_SIGNAL_AT_SAVE");

  if (g_strcmp0 (which, "INT") == 0)
    raise (SIGINT);
  else if (g_strcmp0 (which, "TERM") == 0)
    raise (SIGTERM);
}

/* Where the run's result goes: the -o FILE (replaced only with --force),
 * or a new name in the current folder. A FILE that appeared during the run
 * is left alone and the result saved beside it under a new name, said on
 * stderr: a finished run is never lost to a name. */
static char *
save_result (const VolResult         *result,
             const VolCliRunOptions  *options,
             GError                 **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *dir = NULL;
  char *path;

  if (options->output == NULL)
    {
      stem = vol_result_file_stem (result, NULL);
      return vol_result_save_unique (result, ".", stem, error);
    }
  if (options->force)
    return vol_result_save (result, options->output, error) ? g_strdup (options->output) : NULL;
  if (vol_result_save_new (result, options->output, &local_error))
    return g_strdup (options->output);
  if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  dir = g_path_get_dirname (options->output);
  stem = vol_result_file_stem (result, NULL);
  path = vol_result_save_unique (result, dir, stem, error);
  if (path != NULL)
    vol_cli_printf (stderr, _("volumeter-cli: %s appeared during the run and was left as it is; the result is in %s\n"),
                    options->output, path);
  return path;
}

static int
run_and_save (int        argc,
              char     **argv,
              RunState  *state)
{
  VolCliRunOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(VolRunner) runner = NULL;
  g_autofree char *path = NULL;
  int status;

  if (!vol_cli_parse_run (argc, argv, &options, &error))
    {
      vol_cli_run_options_clear (&options);
      return usage_error (error->message);
    }
  if (options.show_help)
    {
      if (options.kind)
        vol_cli_print_run_help (options.kind);
      else
        print_usage (stdout);
      vol_cli_run_options_clear (&options);
      return VOL_CLI_EXIT_OK;
    }
  if ((options.output && !check_output (options.output, options.force, &error))
      || (options.png && !check_output (options.png, TRUE, &error))
      || !check_target (&options, &error))
    {
      vol_cli_run_options_clear (&options);
      return usage_error (error->message);
    }

  runner = vol_runner_new ();
  state->progress = vol_cli_progress_new (options.quiet);
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), state);

  vol_runner_run_async (runner, options.spec, state->cancellable, run_done_cb, state);
  g_main_loop_run (state->loop);

  vol_cli_progress_finish (state->progress);
  vol_cli_progress_free (state->progress);

  if (state->result == NULL)
    {
      /* The run never started: the target or the parameters are wrong, or
       * the system would not give it a thread. */
      status = g_error_matches (state->error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
               ? (state->signal == SIGTERM ? VOL_CLI_EXIT_SIGTERM : VOL_CLI_EXIT_SIGINT)
               : g_error_matches (state->error, G_THREAD_ERROR, G_THREAD_ERROR_AGAIN)
               ? VOL_CLI_EXIT_FAILED : VOL_CLI_EXIT_USAGE;
      vol_cli_printf (stderr, "volumeter-cli: %s\n", state->error->message);
      g_clear_error (&state->error);
      vol_cli_run_options_clear (&options);
      return status;
    }

  test_signal_at_save ();
  path = save_result (state->result, &options, &error);
  if (path == NULL)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      status = VOL_CLI_EXIT_FAILED;
    }
  else
    {
      if (!options.quiet)
        vol_cli_print_summary (stdout, state->result, path);
      switch (state->result->status)
        {
        case VOL_RESULT_STATUS_COMPLETE:
          status = VOL_CLI_EXIT_OK;
          break;
        case VOL_RESULT_STATUS_CANCELLED:
          status = state->signal == SIGTERM ? VOL_CLI_EXIT_SIGTERM : VOL_CLI_EXIT_SIGINT;
          break;
        case VOL_RESULT_STATUS_FAILED:
        default:
          vol_cli_printf (stderr, "volumeter-cli: %s\n", state->result->message);
          status = VOL_CLI_EXIT_FAILED;
          break;
        }
      /* A partial run still gets its chart, marked as partial. */
      if (options.png && state->result->series->len > 0 && !write_png (state->result, options.png)
          && status == VOL_CLI_EXIT_OK)
        status = VOL_CLI_EXIT_FAILED;
    }
  vol_result_unref (state->result);
  vol_cli_run_options_clear (&options);
  return status;
}

static int
command_run (int    argc,
             char **argv)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  RunState state = { 0 };
  guint sigint_id, sigterm_id;
  int status;

  /* The signal sources are installed first and stay until the files are
   * written. While they are, a SIGINT or SIGTERM only cancels the run (the
   * worker stops before its next transfer and removes its files) or, once
   * it is over, is merely noted: it can neither kill the CLI half-way
   * through the save, leaving a temporary file beside the output, nor
   * before the run started. Removing them restores the default action. */
  state.loop = loop;
  state.cancellable = cancellable;
  sigint_id = g_unix_signal_add (SIGINT, sigint_cb, &state);
  sigterm_id = g_unix_signal_add (SIGTERM, sigterm_cb, &state);
  status = run_and_save (argc, argv, &state);
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);
  return status;
}

static int
command_show (int    argc,
              char **argv)
{
  int status = VOL_CLI_EXIT_OK;

  if (argc < 1)
    return usage_error (_("show: name at least one result file"));

  for (int i = 0; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(VolResult) result = vol_result_load (argv[i], &error);

      if (result == NULL)
        {
          vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
          status = VOL_CLI_EXIT_USAGE;
          continue;
        }
      if (i > 0)
        vol_cli_printf (stdout, "\n");
      vol_cli_print_summary (stdout, result, argv[i]);
    }
  return status;
}

static int
command_cleanup (int    argc,
                 char **argv)
{
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) in_use = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (argc != 1)
    return usage_error (_("cleanup: name one folder, such as “cleanup /mnt/raid”"));

  ok = vol_scratch_cleanup_stale (argv[0], removed, in_use, &error);
  for (guint i = 0; i < removed->len; i++)
    vol_cli_printf (stdout, _("Removed %s\n"), (char *) g_ptr_array_index (removed, i));
  for (guint i = 0; i < in_use->len; i++)
    vol_cli_printf (stdout, _("Left %s: its run is still going\n"), (char *) g_ptr_array_index (in_use, i));
  if (ok && removed->len == 0 && in_use->len == 0)
    vol_cli_printf (stdout, _("No scratch folders to remove in %s\n"), argv[0]);
  if (!ok)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)
             || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY)
             ? VOL_CLI_EXIT_USAGE : VOL_CLI_EXIT_FAILED;
    }
  return VOL_CLI_EXIT_OK;
}

int
main (int    argc,
      char **argv)
{
  const char *command;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("volumeter-cli");

  if (argc < 2)
    {
      print_usage (stderr);
      return VOL_CLI_EXIT_USAGE;
    }
  command = argv[1];
  if (g_str_equal (command, "--help") || g_str_equal (command, "-h") || g_str_equal (command, "help"))
    {
      print_usage (stdout);
      return VOL_CLI_EXIT_OK;
    }
  if (g_str_equal (command, "--version"))
    {
      vol_cli_printf (stdout, "volumeter-cli %s\n", PACKAGE_VERSION);
      return VOL_CLI_EXIT_OK;
    }
  if (g_str_equal (command, "run") && vol_cli_run_is_remote (argc - 2, argv + 2))
    return vol_cli_command_run_remote (argc - 2, argv + 2);
  if (g_str_equal (command, "run"))
    return command_run (argc - 2, argv + 2);
  if (g_str_equal (command, "show"))
    return command_show (argc - 2, argv + 2);
  if (g_str_equal (command, "compare"))
    return vol_cli_command_compare (argc - 2, argv + 2);
  if (g_str_equal (command, "import-fio"))
    return vol_cli_command_import_fio (argc - 2, argv + 2);
  if (g_str_equal (command, "fio-job"))
    return vol_cli_command_fio_job (argc - 2, argv + 2);
  if (g_str_equal (command, "export"))
    return vol_cli_command_export (argc - 2, argv + 2);
  if (g_str_equal (command, "cleanup"))
    return command_cleanup (argc - 2, argv + 2);

  {
    g_autofree char *message = g_strdup_printf (_("unknown command “%s”; see “volumeter-cli --help”"), command);
    return usage_error (message);
  }
}
