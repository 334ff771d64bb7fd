/* vol-cli-fio-job.c — `volumeter-cli fio-job`
 *
 *   fio-job RESULT.volumeter.json [--dir DIR]
 *   fio-job TEST [OPTION…] --target DIR
 *
 * Prints the fio job that does the same work as a run (from its result:
 * the sizes it really used) or as a test about to be run (its options:
 * the sizes asked for). The translation is the model's
 * (model/vol-fio-job.c); each test's doc shows the job and lists what
 * differs on purpose.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-cli.h"
#include "vol-error.h"
#include "vol-fio-job.h"
#include "vol-fio-value.h"

static void
print_help (FILE *out)
{
  vol_cli_printf (out, _("Usage:\n"
                         "  volumeter-cli fio-job RESULT.volumeter.json [--dir DIR]\n"
                         "  volumeter-cli fio-job TEST [OPTION…] --target DIR\n\n"
                         "Prints a fio job file that does the same work as the run of the result (with the\n"
                         "sizes it really used) or as the test with these options; run it with “fio FILE”.\n"
                         "fio's files go in DIR (default: the folder the run tested). The smallfiles and\n"
                         "cached tests have no fio job. Each test's documentation lists what differs.\n"));
}

static int
print_job (char   *text,
           GError *error)
{
  if (text == NULL)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return VOL_CLI_EXIT_USAGE;
    }
  fputs (text, stdout);
  g_free (text);
  return fflush (stdout) == 0 ? VOL_CLI_EXIT_OK : VOL_CLI_EXIT_FAILED;
}

static int
job_for_result (int    argc,
                char **argv)
{
  const char *path = argv[0], *dir = NULL;
  g_autoptr(VolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--dir") && i + 1 < argc)
        dir = argv[++i];
      else if (g_str_has_prefix (argv[i], "--dir="))
        dir = argv[i] + strlen ("--dir=");
      else
        {
          vol_cli_printf (stderr, _("volumeter-cli: fio-job: unexpected argument “%s”; see “fio-job --help”\n"), argv[i]);
          return VOL_CLI_EXIT_USAGE;
        }
    }
  if (dir != NULL && dir[0] == '\0')
    {
      vol_cli_printf (stderr, "%s\n", _("volumeter-cli: fio-job: --dir needs a folder"));
      return VOL_CLI_EXIT_USAGE;
    }
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "--dir", dir, &error))
    {
      vol_cli_print_error ("fio-job", error);
      return VOL_CLI_EXIT_USAGE;
    }
  result = vol_result_load (path, &error);
  if (result == NULL)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", error->message);
      return VOL_CLI_EXIT_USAGE;
    }
  /* Made from the result's parameters, never its stored text: a remote
   * run's result keeps the job it sent, but a shared file's text is
   * anyone's (vol_fio_job_for_result() makes that job again). */
  text = vol_fio_job_for_result (result, dir, &error);
  return print_job (text, error);
}

static int
job_for_test (int    argc,
              char **argv)
{
  VolCliRunOptions options;
  g_autoptr(GError) error = NULL;
  int status;

  if (!vol_cli_parse_run (argc, argv, &options, &error))
    {
      vol_cli_printf (stderr, "volumeter-cli: fio-job: %s\n", error->message);
      vol_cli_run_options_clear (&options);
      return VOL_CLI_EXIT_USAGE;
    }
  if (options.show_help)
    {
      print_help (stdout);
      vol_cli_run_options_clear (&options);
      return VOL_CLI_EXIT_OK;
    }
  {
    VolTestSpec *spec = options.spec;
    char *text = vol_fio_job_build (vol_test_spec_get_kind (spec), vol_test_spec_get_params (spec), NULL,
                                    vol_test_spec_get_pattern (spec), VOL_CACHE_BYPASS_DIRECT, NULL, VOL_IO_BUFFERS_UNKNOWN,
                                    vol_test_spec_get_target (spec), &error);
    status = print_job (text, error);
  }
  vol_cli_run_options_clear (&options);
  return status;
}

int
vol_cli_command_fio_job (int    argc,
                         char **argv)
{
  if (argc < 1)
    {
      print_help (stderr);
      return VOL_CLI_EXIT_USAGE;
    }
  if (g_str_equal (argv[0], "--help") || g_str_equal (argv[0], "-h"))
    {
      print_help (stdout);
      return VOL_CLI_EXIT_OK;
    }
  /* a test's name, or else a result file */
  if (vol_kinds_lookup (argv[0]) != NULL)
    return job_for_test (argc, argv);
  return job_for_result (argc, argv);
}
