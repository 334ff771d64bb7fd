/* vol-cli-remote.c — `run TEST --hosts …`: one test on many hosts
 *
 *   run TEST --hosts H[:PORT][,H…] | --hosts-file FILE --target DIR-ON-THE-HOSTS
 *       [--port P] [--connect-timeout S] [--run-timeout S] [--print-job] [--fio-output FILE]
 *       [TEST OPTION…] [--label TEXT] [-o OUTDIR] [-q]
 *
 * The runner's remote backend (vol_runner_run_remote_async, the fio
 * client of engine/vol-remote.c on the runner's worker) does the work;
 * this thread prints each host's state as the runner's "progress" brings
 * it, handles
 * Ctrl-C (fio is told to stop the hosts' jobs), then saves one result per
 * host and "All clients" in OUTDIR and prints the table of hosts.
 * Exit status: 0 every host finished, 1 one or more failed, 2 bad usage,
 * 130/143 cancelled.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-cli.h"
#include "vol-error.h"
#include "vol-fio-hosts.h"
#include "vol-remote.h"
#include "vol-result-headline.h"
#include "vol-runner.h"
#include "vol-size.h"

typedef struct
{
  GMainLoop        *loop;
  GCancellable     *cancellable;
  VolRemoteOptions  options;
  gboolean          quiet;
  gboolean          tty;
  int               signal;
  double            last_line;   /* elapsed at the last "running" line */
  /* from the run's task */
  GPtrArray        *results;
  guint             n_failed;
  GError           *error;
} Remote;

static const char *
state_word (VolRemoteHostState state)
{
  switch (state)
    {
    case VOL_REMOTE_HOST_CONNECTING:
      return _("connecting");
    case VOL_REMOTE_HOST_RUNNING:
      return _("running");
    case VOL_REMOTE_HOST_DONE:
      return _("done");
    case VOL_REMOTE_HOST_FAILED:
    default:
      return _("FAILED");
    }
}

/* main thread, from the runner */
static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             Remote            *r)
{
  const VolRemoteProgress *p = progress->host;

  if (p == NULL || r->quiet)
    ;
  else if (p->host != G_MAXUINT)
    {
      if (r->tty)
        fprintf (stderr, "\r\033[K");
      if (p->message != NULL)
        vol_cli_printf (stderr, "  %-24s %s: %s\n", p->name, state_word (p->state), p->message);
      else
        vol_cli_printf (stderr, "  %-24s %s\n", p->name, state_word (p->state));
    }
  else if (r->tty)
    {
      /* fio's client reports the hosts' figures only at the end: the time
       * is what there is to show meanwhile */
      fprintf (stderr, "\r\033[K");
      if (p->planned > 0)
        vol_cli_printf (stderr, _("fio running on the hosts: %.0f s of about %.0f s"), p->elapsed, p->planned);
      else
        vol_cli_printf (stderr, _("fio running on the hosts: %.0f s"), p->elapsed);
    }
  else if (p->elapsed - r->last_line >= 30)
    {
      r->last_line = p->elapsed;
      vol_cli_printf (stderr, _("fio running on the hosts: %.0f s\n"), p->elapsed);
    }
  fflush (stderr);
}

/* main thread: every report came before this */
static void
run_done_cb (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  Remote *r = user_data;

  r->results = vol_runner_run_remote_finish (VOL_RUNNER (source), res, &r->n_failed, &r->error);
  g_main_loop_quit (r->loop);
}

static gboolean
on_signal (gpointer data)
{
  Remote *r = data;

  if (r->signal == 0)
    r->signal = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (r->cancellable), "vol-signal"));
  g_cancellable_cancel (r->cancellable);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigint (gpointer data)
{
  g_object_set_data (G_OBJECT (((Remote *) data)->cancellable), "vol-signal", GINT_TO_POINTER (SIGINT));
  return on_signal (data);
}

static gboolean
on_sigterm (gpointer data)
{
  g_object_set_data (G_OBJECT (((Remote *) data)->cancellable), "vol-signal", GINT_TO_POINTER (SIGTERM));
  return on_signal (data);
}

static void
print_table (FILE      *out,
             GPtrArray *results,
             GPtrArray *paths)
{
  vol_cli_printf (out, "\n%-24s  %-9s  %s\n", _("Host"), _("State"), _("Result"));
  for (guint i = 0; i < results->len; i++)
    {
      const VolResult *result = g_ptr_array_index (results, i);
      const char *host = vol_remote_result_is_aggregate (result) ? _(VOL_REMOTE_ALL_CLIENTS)
                                                                   : vol_result_get_remote_host (result);
      g_autofree char *figure = NULL;

      if (result->status == VOL_RESULT_STATUS_COMPLETE)
        {
          g_autoptr(VolResultHeadline) headline = vol_result_headline (result);
          g_autofree char *value = headline ? vol_result_headline_format (headline, FALSE) : NULL;
          figure = headline ? g_strdup_printf ("%s: %s", headline->what, value) : g_strdup ("");
        }
      else
        figure = g_strdup (result->message ? result->message : "");
      vol_cli_printf (out, "%-24s  %-9s  %s\n", host,
                      result->status == VOL_RESULT_STATUS_COMPLETE ? _("done")
                      : result->status == VOL_RESULT_STATUS_CANCELLED ? _("cancelled") : _("FAILED"),
                      figure);
    }
  vol_cli_printf (out, "\n");
  for (guint i = 0; i < paths->len; i++)
    vol_cli_printf (out, _("Saved %s\n"), (char *) g_ptr_array_index (paths, i));
}

static int
usage (const char *message)
{
  vol_cli_printf (stderr, "volumeter-cli: %s\n", message);
  return VOL_CLI_EXIT_USAGE;
}

static gboolean
parse_seconds (const char *option,
               const char *text,
               double     *out,
               GError    **error)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !(v > 0) || v > 7 * 86400)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s: “%s” is not a number of seconds (more than 0, up to a week)"), option, text);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* Whether `run` was given hosts: then it is a remote run. */
gboolean
vol_cli_run_is_remote (int    argc,
                       char **argv)
{
  for (int i = 0; i < argc; i++)
    if (g_str_equal (argv[i], "--hosts") || g_str_has_prefix (argv[i], "--hosts=")
        || g_str_equal (argv[i], "--hosts-file") || g_str_has_prefix (argv[i], "--hosts-file="))
      return TRUE;
  return FALSE;
}

static gboolean
take (int          argc,
      char       **argv,
      int         *i,
      const char  *name,
      const char **value)
{
  gsize len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return FALSE;
  if (argv[*i][len] == '=')
    {
      *value = argv[*i] + len + 1;
      return TRUE;
    }
  if (argv[*i][len] != '\0')
    return FALSE;
  *value = *i + 1 < argc ? argv[++*i] : NULL;
  return TRUE;
}

int
vol_cli_command_run_remote (int    argc,
                            char **argv)
{
  g_autoptr(GPtrArray) rest = g_ptr_array_new ();
  const char *hosts_text = NULL, *hosts_file = NULL, *outdir = ".", *value = NULL;
  const char *connect_text = NULL, *run_text = NULL, *port_text = NULL;
  gboolean print_job = FALSE;
  guint64 port = VOL_FIO_DEFAULT_PORT;
  VolCliRunOptions options;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hosts = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(VolRunner) runner = NULL;
  Remote r = { 0 };
  guint sigint_id, sigterm_id;
  int status = VOL_CLI_EXIT_OK;

  /* the remote options out, the test's own to the usual parser */
  for (int i = 0; i < argc; i++)
    {
      if (take (argc, argv, &i, "--hosts", &value))
        hosts_text = value ? value : "";
      else if (take (argc, argv, &i, "--hosts-file", &value))
        hosts_file = value ? value : "";
      else if (take (argc, argv, &i, "--port", &value))
        port_text = value ? value : "";
      else if (take (argc, argv, &i, "--connect-timeout", &value))
        connect_text = value ? value : "";
      else if (take (argc, argv, &i, "--run-timeout", &value))
        run_text = value ? value : "";
      else if (take (argc, argv, &i, "--output", &value) || take (argc, argv, &i, "-o", &value))
        outdir = value ? value : "";
      else if (take (argc, argv, &i, "--fio-output", &value))
        r.options.fio_output = value;
      else if (g_str_equal (argv[i], "--print-job"))
        print_job = TRUE;
      else
        g_ptr_array_add (rest, argv[i]);
    }
  if ((hosts_text != NULL) == (hosts_file != NULL))
    return usage (_("run: give the hosts with --hosts or with --hosts-file, not both"));
  if (port_text && !g_ascii_string_to_unsigned (port_text, 10, 1, 65535, &port, NULL))
    return usage (_("--port: give a port number from 1 to 65535"));
  if ((connect_text && !parse_seconds ("--connect-timeout", connect_text, &r.options.connect_timeout, &error))
      || (run_text && !parse_seconds ("--run-timeout", run_text, &r.options.run_timeout, &error)))
    return usage (error->message);
  if (*outdir == '\0' || !g_file_test (outdir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *message = g_strdup_printf (_("-o: “%s” is not a folder; a remote run saves a result per host in a folder"),
                                                  outdir);
      return usage (message);
    }
  if (access (outdir, W_OK) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("-o: cannot write in the folder %s"), outdir);
      return usage (message);
    }

  if (!vol_cli_parse_run ((int) rest->len, (char **) rest->pdata, &options, &error))
    {
      vol_cli_run_options_clear (&options);
      return usage (error->message);
    }
  if (options.show_help)
    {
      vol_cli_run_options_clear (&options);
      return usage (_("run TEST --help lists the test's options; the remote ones are in “volumeter-cli --help”"));
    }
  hosts = hosts_file ? vol_fio_hosts_load (hosts_file, (guint16) port, &error)
                     : vol_fio_hosts_parse (hosts_text, (guint16) port, &error);
  if (hosts == NULL || !vol_remote_kind_supported (options.kind->name, &error))
    {
      vol_cli_run_options_clear (&options);
      return usage (error->message);
    }
  {
    /* the job is built once here too: a parameter fio's job cannot take
     * is the user's input (exit 2), found before any host is called */
    g_autofree char *job = vol_remote_job (options.spec, &error);
    if (job == NULL)
      {
        vol_cli_run_options_clear (&options);
        return usage (error->message);
      }
    if (print_job)
      {
        fputs (job, stdout);
        fflush (stdout);
      }
  }

  loop = g_main_loop_new (NULL, FALSE);
  cancellable = g_cancellable_new ();
  r.loop = loop;
  r.cancellable = cancellable;
  r.quiet = options.quiet;
  r.tty = isatty (STDERR_FILENO);
  if (!r.quiet)
    vol_cli_printf (stderr, _("%s on %u hosts, in %s there:\n"), _(options.kind->title), hosts->len,
                    vol_test_spec_get_target (options.spec));
  sigint_id = g_unix_signal_add (SIGINT, on_sigint, &r);
  sigterm_id = g_unix_signal_add (SIGTERM, on_sigterm, &r);
  runner = vol_runner_new ();
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), &r);
  vol_runner_run_remote_async (runner, options.spec, hosts, &r.options, cancellable, run_done_cb, &r);
  g_main_loop_run (loop);
  if (r.tty && !r.quiet)
    fprintf (stderr, "\r\033[K");

  if (r.results == NULL)
    {
      vol_cli_printf (stderr, "volumeter-cli: %s\n", r.error->message);
      status = g_error_matches (r.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE) ? VOL_CLI_EXIT_FAILED
                                                                                    : VOL_CLI_EXIT_USAGE;
      g_clear_error (&r.error);
    }
  else
    {
      for (guint i = 0; i < r.results->len; i++)
        {
          VolResult *result = g_ptr_array_index (r.results, i);
          /* two hosts whose names differ only in punctuation get the same
           * stem: the counter keeps them apart */
          g_autofree char *stem = vol_result_file_stem (result, vol_remote_result_is_aggregate (result)
                                                                  ? "all-clients" : vol_result_get_remote_host (result));
          g_autoptr(GError) save_error = NULL;
          char *path = vol_result_save_unique (result, outdir, stem, &save_error);

          if (path == NULL)
            {
              vol_cli_printf (stderr, "volumeter-cli: %s\n", save_error->message);
              status = VOL_CLI_EXIT_FAILED;
              continue;
            }
          g_ptr_array_add (paths, path);
        }
      if (!r.quiet)
        print_table (stdout, r.results, paths);
      if (r.signal != 0)
        status = r.signal == SIGTERM ? VOL_CLI_EXIT_SIGTERM : VOL_CLI_EXIT_SIGINT;
      else if (r.n_failed > 0)
        {
          vol_cli_printf (stderr, ngettext ("volumeter-cli: %u of %u hosts failed\n",
                                            "volumeter-cli: %u of %u hosts failed\n", hosts->len),
                          r.n_failed, hosts->len);
          status = VOL_CLI_EXIT_FAILED;
        }
      g_ptr_array_unref (r.results);
    }
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);
  vol_cli_run_options_clear (&options);
  return status;
}
