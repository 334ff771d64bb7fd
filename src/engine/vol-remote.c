/* vol-remote.c — one test on many hosts, through fio's client/server mode
 *
 * The steps of a run:
 *   1. The job: the test's fio job (vol_fio_job_build), its files in the
 *      folder named on the hosts, buffers on ordinary pages (a host's
 *      huge pages are not ours to reserve), written to a private file.
 *   2. Each host probed as fio's client does (FIO_NET_CMD_PROBE and its
 *      checked answer), all at once on one context, with the connect
 *      timeout (vol-fio-probe.c): an unreachable host, or one that is not
 *      a fio server of our protocol, fails now, in seconds, naming why,
 *      and is not handed to fio (whose own connect has no timeout we can
 *      set); two names of one server refuse the run.
 *   3. One `fio --client=H1 --client=H2 … --output-format=json` for the
 *      hosts that answered, all at once, as fio's client/server mode
 *      runs them. Its messages (stderr) are read as they come: a host
 *      fio says it lost is reported failed at once. fio's own heartbeat
 *      drops a host that stops answering; the run timeout stops fio
 *      (SIGINT, which makes it stop the servers' jobs; SIGKILL after
 *      VOL_REMOTE_STOP_GRACE) if the whole takes too long.
 *   4. fio's JSON, read as strictly as an import (vol_fio_entries_from_data),
 *      split by host; each host's entries become its result through the
 *      test's own from_fio, and the sections summed over the hosts that
 *      finished become the "All clients" result. fio's own "All clients"
 *      entry sums every section into one, so it is kept as two figures
 *      (its I/Os and bytes), which the sum over the sections must equal.
 *
 * Messages are matched to hosts by the address (and port) fio prints in
 * them; a host with no figures and no message of its own gets fio's last
 * words.
 */

#include "config.h"

#include "vol-remote.h"

#include <math.h>
#include <signal.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-fio-hosts.h"
#include "vol-fio-import.h"
#include "vol-fio-probe.h"
#include "vol-fio-job.h"
#include "vol-host.h"
#include "vol-registry.h"
#include "vol-fio-section.h"

/* after the SIGINT of a timeout or a cancel, fio's time to stop the
 * servers' jobs and print what it has */
#define VOL_REMOTE_STOP_GRACE 20.0
#define TICK_MS 200
/* messages kept per host, and of fio as a whole */
#define MAX_LOG_LINES 2000

/* ---- what fio can do ---------------------------------------------------- */

gboolean
vol_remote_kind_supported (const char  *kind_name,
                           GError     **error)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  g_autoptr(GError) job_error = NULL;

  if (kind == NULL)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND,
                   _("There is no test called “%s”"), kind_name);
      return FALSE;
    }
  if (kind->from_fio != NULL)
    return TRUE;
  if (g_str_equal (kind_name, "fill"))
    g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                 _("fill cannot run on remote hosts: its file size and its curve across the volume come from each host's free space and capacity, which fio's client does not report; run it on the host with volumeter-cli, or run transfer or threads remotely"));
  else if (kind->info.reads_device)
    g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                 _("%s cannot run on remote hosts: it reads a block device, and a remote run tests a folder on each host"),
                 kind_name);
  else
    {
      /* the job translation says why fio cannot do it */
      char *job = vol_fio_job_build (kind_name, NULL, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT,
                                     NULL, VOL_IO_BUFFERS_PAGES, "/", &job_error);
      g_free (job);
      /* its message starts "kind: " too */
      const char *why = job_error ? job_error->message : _("fio cannot do its work");
      g_autofree char *prefix = g_strdup_printf ("%s: ", kind_name);

      if (g_str_has_prefix (why, prefix))
        why += strlen (prefix);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("%s cannot run on remote hosts: %s"), kind_name, why);
    }
  return FALSE;
}

/**
 * vol_remote_job:
 *
 * The exact job a remote run of @spec sends: its files in the spec's
 * target, the folder on the hosts.
 */
char *
vol_remote_job (const VolTestSpec  *spec,
                GError            **error)
{
  const char *kind = vol_test_spec_get_kind (spec);

  if (!vol_remote_kind_supported (kind, error))
    return NULL;
  if (!g_path_is_absolute (vol_test_spec_get_target (spec)))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("--target: the folder on the hosts must be an absolute path, not “%s”"),
                   vol_test_spec_get_target (spec));
      return NULL;
    }
  return vol_fio_job_build (kind, vol_test_spec_get_params (spec), NULL, vol_test_spec_get_pattern (spec),
                            VOL_CACHE_BYPASS_DIRECT, NULL, VOL_IO_BUFFERS_PAGES,
                            vol_test_spec_get_target (spec), error);
}

/* ---- the run's state ------------------------------------------------------ */

typedef struct
{
  const VolFioHost   *host;
  char               *name;       /* "db1:8765" */
  VolRemoteHostState  state;
  char               *error;      /* the first thing that went wrong */
  GPtrArray          *entries;    /* its VolFioEntry, borrowed from the parse */
} Host;

typedef struct
{
  const VolTestSpec     *spec;
  const VolTestKind     *kind;
  GArray                *hosts;      /* of Host */
  GPtrArray             *probes;     /* of VolFioProbeResult: each Host's host once it answered */
  VolRemoteProgressFunc  progress;
  gpointer               user_data;
  GCancellable          *cancellable;
  double                 planned;
  double                 run_timeout;
  double                 connect_timeout;
  char                  *job;
  gint64                 start_us;
  /* fio */
  GMainContext          *context;
  GSubprocess           *process;
  GDataInputStream      *messages;
  GPtrArray             *log;        /* fio's lines, in order */
  gboolean               exited;
  gboolean               messages_done;
  gboolean               stopping;   /* SIGINT sent */
  gint64                 stop_us;
  char                  *stop_reason;
  gboolean               cancelled;
} Remote;

static void
host_clear (gpointer data)
{
  Host *h = data;

  g_free (h->name);
  g_free (h->error);
  g_clear_pointer (&h->entries, g_ptr_array_unref);
}

static double
elapsed (Remote *r)
{
  return r->start_us ? (g_get_monotonic_time () - r->start_us) / 1e6 : 0;
}

static Host *
host_at (Remote *r,
         guint   i)
{
  return &g_array_index (r->hosts, Host, i);
}

static void
report (Remote *r,
        guint   index)
{
  VolRemoteProgress p = { index, NULL, VOL_REMOTE_HOST_RUNNING, NULL, elapsed (r), r->planned };

  if (r->progress == NULL)
    return;
  if (index != G_MAXUINT)
    {
      Host *h = host_at (r, index);
      p.name = h->name;
      p.state = h->state;
      p.message = h->error;
    }
  r->progress (&p, r->user_data);
}

static void
host_fail (Remote     *r,
           guint       i,
           const char *message)
{
  Host *h = host_at (r, i);

  if (h->state == VOL_REMOTE_HOST_FAILED)
    return;
  h->state = VOL_REMOTE_HOST_FAILED;
  if (h->error == NULL)
    h->error = g_strdup (message);
  report (r, i);
}

/* ---- 2. probing ------------------------------------------------------------ */

/* Every host resolved, compared and probed with fio's own PROBE, all at
 * once on one context (vol-fio-probe.c); the ones that do not answer as
 * fio's server fail now. A host that answered is handed to fio as the
 * address that answered, so fio resolves no name of its own. Two hosts
 * that are one refuse the run (@error). */
static gboolean
probe_hosts (Remote      *r,
             const char  *fio,
             GError     **error)
{
  g_autoptr(GPtrArray) hosts = g_ptr_array_new ();

  for (guint i = 0; i < r->hosts->len; i++)
    {
      g_ptr_array_add (hosts, (gpointer) host_at (r, i)->host);
      host_at (r, i)->state = VOL_REMOTE_HOST_CONNECTING;
      report (r, i);
    }
  r->probes = vol_fio_probe_hosts (hosts, fio, r->connect_timeout, r->cancellable, error);
  if (r->probes == NULL)
    return FALSE;
  for (guint i = 0; i < r->hosts->len; i++)
    {
      const VolFioProbeResult *probe = g_ptr_array_index (r->probes, i);

      if (probe->error != NULL)
        host_fail (r, i, probe->error);
      else
        {
          host_at (r, i)->host = probe->reached;
          host_at (r, i)->state = VOL_REMOTE_HOST_RUNNING;
          report (r, i);
        }
    }
  return TRUE;
}

/* ---- 3. running fio ------------------------------------------------------- */

/* Whether a line of fio's is about host @h. fio names a host "ADDR:PORT"
 * ("failed to connect to db1:8765") or by its address alone ("host=db1
 * disconnected", "client <db1>: timeout on SEND_ETA"); the address with
 * another port after it, or inside a longer name, is another host. */
static gboolean
line_names_host (const char *line,
                 const Host *h)
{
  const char *address = h->host->address;
  gsize len = strlen (address);

  for (const char *p = strstr (line, address); p != NULL; p = strstr (p + 1, address))
    {
      char before = p > line ? p[-1] : ' ';
      const char *after = p + len;

      if (g_ascii_isalnum (before) || before == '.' || before == '-')
        continue;
      if (*after == ':' && g_ascii_isdigit (after[1]))
        {
          if (g_ascii_strtoull (after + 1, NULL, 10) == h->host->port)
            return TRUE;
          continue;
        }
      if (!g_ascii_isalnum (*after) && *after != '.' && *after != '-')
        return TRUE;
    }
  return FALSE;
}

/* fio says it lost a host: connect refused, disconnected, timed out */
static gboolean
line_is_loss (const char *line)
{
  return strstr (line, "failed to connect") != NULL || strstr (line, "disconnected") != NULL
         || strstr (line, "timed out") != NULL || strstr (line, "timeout on") != NULL;
}

static void
take_line (Remote     *r,
           const char *line)
{
  if (r->log->len < MAX_LOG_LINES)
    g_ptr_array_add (r->log, g_strdup (line));
  if (!line_is_loss (line))
    return;
  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = host_at (r, i);
      if (h->state == VOL_REMOTE_HOST_RUNNING && line_names_host (line, h))
        {
          g_autofree char *said = g_strstrip (g_strdup (line));
          g_autofree char *message = g_strdup_printf (_("fio lost %s: %s"), h->name, said);
          host_fail (r, i, message);
        }
    }
}

static void on_line (GObject *source, GAsyncResult *res, gpointer data);

static void
read_next_line (Remote *r)
{
  g_data_input_stream_read_line_async (r->messages, G_PRIORITY_DEFAULT, NULL, on_line, r);
}

static void
on_line (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  Remote *r = data;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), res, NULL, NULL);

  if (line == NULL)
    {
      r->messages_done = TRUE;
      return;
    }
  take_line (r, line);
  read_next_line (r);
}

static void
on_fio_exit (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  Remote *r = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), res, NULL);
  r->exited = TRUE;
}

static void
stop_fio (Remote     *r,
          const char *reason)
{
  if (r->stopping)
    return;
  r->stopping = TRUE;
  r->stop_us = g_get_monotonic_time ();
  r->stop_reason = g_strdup (reason);
  g_subprocess_send_signal (r->process, SIGINT);
}

static gboolean
on_tick (gpointer data)
{
  Remote *r = data;
  double t = elapsed (r);

  if (!r->stopping && g_cancellable_is_cancelled (r->cancellable))
    {
      r->cancelled = TRUE;
      stop_fio (r, _("cancelled"));
    }
  else if (!r->stopping && r->run_timeout > 0 && t > r->run_timeout)
    {
      g_autofree char *reason = g_strdup_printf (_("did not finish within the run timeout of %.0f s"), r->run_timeout);
      stop_fio (r, reason);
    }
  else if (r->stopping && (g_get_monotonic_time () - r->stop_us) / 1e6 > VOL_REMOTE_STOP_GRACE)
    g_subprocess_force_exit (r->process);
  report (r, G_MAXUINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
run_fio (Remote      *r,
         const char  *fio,
         const char  *job_path,
         const char  *out_path,
         GError     **error)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                       | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autoptr(GSource) tick = NULL;

  /* The clients first: fio 3.33 ties what follows a --client to that
   * client, and with the output options before them it sent the job to
   * one host only. */
  g_ptr_array_add (argv, g_strdup (fio));
  for (guint i = 0; i < r->hosts->len; i++)
    if (host_at (r, i)->state == VOL_REMOTE_HOST_RUNNING)
      {
        g_autofree char *arg = vol_fio_host_client_arg (host_at (r, i)->host);
        g_ptr_array_add (argv, g_strdup_printf ("--client=%s", arg));
      }
  g_ptr_array_add (argv, g_strdup ("--output-format=json"));
  g_ptr_array_add (argv, g_strdup_printf ("--output=%s", out_path));
  g_ptr_array_add (argv, g_strdup (job_path));
  g_ptr_array_add (argv, NULL);

  /* fio's messages in the C locale: they are matched to hosts */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  r->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
  if (r->process == NULL)
    {
      g_prefix_error (error, _("Cannot start fio (%s): "), fio);
      return FALSE;
    }
  r->start_us = g_get_monotonic_time ();
  r->messages = g_data_input_stream_new (g_subprocess_get_stdout_pipe (r->process));
  read_next_line (r);
  g_subprocess_wait_async (r->process, NULL, on_fio_exit, r);
  tick = g_timeout_source_new (TICK_MS);
  g_source_set_callback (tick, on_tick, r, NULL);
  g_source_attach (tick, r->context);
  while (!r->exited || !r->messages_done)
    g_main_context_iteration (r->context, TRUE);
  g_source_destroy (tick);
  return TRUE;
}

/* ---- 4. results ------------------------------------------------------------ */

static gboolean
entry_is_host (const VolFioEntry *e,
               const Host        *h)
{
  return !e->all_clients && e->host != NULL && e->port == h->host->port
         && g_ascii_strcasecmp (e->host, h->host->address) == 0;
}

/* Gives each host its entries; returns fio's "All clients" entry. */
static const VolFioEntry *
split_entries (Remote        *r,
               VolFioEntries *parsed)
{
  const VolFioEntry *all = NULL;

  for (guint i = 0; i < parsed->entries->len; i++)
    {
      const VolFioEntry *e = g_ptr_array_index (parsed->entries, i);

      if (e->all_clients)
        {
          all = e;
          continue;
        }
      for (guint j = 0; j < r->hosts->len; j++)
        {
          Host *h = host_at (r, j);
          if (entry_is_host (e, h))
            {
              if (h->entries == NULL)
                h->entries = g_ptr_array_new ();
              g_ptr_array_add (h->entries, (gpointer) e);
              break;
            }
        }
    }
  return all;
}

/* fio's words about a host that gave no figures: its own lines, else
 * fio's last */
static char *
host_silence (Remote *r,
              Host   *h)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < r->log->len; i++)
    {
      const char *line = g_ptr_array_index (r->log, i);
      if (line_names_host (line, h))
        g_string_append_printf (text, "%s%s", text->len ? "; " : "", line);
    }
  if (text->len == 0)
    for (guint i = r->log->len > 3 ? r->log->len - 3 : 0; i < r->log->len; i++)
      {
        const char *line = g_ptr_array_index (r->log, i);
        if (*line && !g_str_has_prefix (line, "{"))
          g_string_append_printf (text, "%s%s", text->len ? "; " : "", line);
      }
  if (text->len == 0)
    return g_strdup_printf (_("fio gave no figures for %s"), h->name);
  return g_strdup_printf (_("fio gave no figures for %s: %s"), h->name, text->str);
}

static VolResult *
new_result (Remote     *r,
            const char *host_name,
            const char *fio_version)
{
  VolResult *result = vol_result_new (r->kind->info.name);
  GVariantBuilder resolved;
  const char *label = vol_test_spec_get_label (r->spec);

  result->app_name = g_strdup ("Volumeter");
  result->app_version = g_strdup (PACKAGE_VERSION);
  result->label = g_strdup (label);
  result->host = g_new0 (VolHostInfo, 1);
  /* the user named the host: its name is what the result is about */
  result->host->hostname = g_strdup (host_name);
  result->target = vol_target_info_new ();
  result->target->path = g_strdup (vol_test_spec_get_target (r->spec));
  result->params = g_variant_ref (vol_test_spec_get_params (r->spec));
  result->pattern = vol_test_spec_get_pattern (r->spec);
  result->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  /* the hosts' buffers are fio's (iomem=malloc): not ours to know */
  result->io_buffers = VOL_IO_BUFFERS_UNKNOWN;
  /* the backend the job mirrors (io_uring rings, or threads of psync) */
  result->io_backend = g_strdup (strstr (r->job, "ioengine=io_uring") ? "io_uring"
                                 : vol_test_spec_has (r->spec, "backend")
                                   && g_str_equal (vol_test_spec_get_string (r->spec, "backend"), "threads")
                                   ? "threads" : "sync");
  result->duration = elapsed (r);
  result->cpu_user = result->cpu_system = NAN;
  g_variant_builder_init (&resolved, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&resolved, "{sv}", "remote-host", g_variant_new_string (host_name));
  if (fio_version != NULL)
    g_variant_builder_add (&resolved, "{sv}", "fio-version", g_variant_new_string (fio_version));
  g_variant_builder_add (&resolved, "{sv}", "fio-job", g_variant_new_string (r->job));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));
  return result;
}

static void
add_resolved (VolResult  *result,
              const char *key,
              GVariant   *value)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, result->resolved);
  g_variant_dict_insert_value (&dict, key, value);
  g_variant_unref (result->resolved);
  result->resolved = g_variant_ref_sink (g_variant_dict_end (&dict));
}

static void
fail_result (VolResult          *result,
             VolResultStatus     status,
             const char         *message)
{
  result->status = status;
  g_free (result->message);
  result->message = g_strdup (message);
}

static void
fill_from_entries (Remote     *r,
                   VolResult  *result,
                   const char *host_name,
                   GPtrArray  *entries)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  VolFioSections sections = { host_name, by_name };
  g_autoptr(GError) error = NULL;
  double cpu_user = 0, cpu_system = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      const VolFioEntry *e = g_ptr_array_index (entries, i);

      if (e->error != 0)
        {
          g_autofree char *message = g_strdup_printf (_("fio's job failed on %s in section “%s”: %s (error %d)"),
                                                      host_name, e->name, g_strerror ((int) e->error), (int) e->error);
          fail_result (result, VOL_RESULT_STATUS_FAILED, message);
          return;
        }
      g_hash_table_insert (by_name, e->name, (gpointer) e);
      cpu_user += e->cpu_user;
      cpu_system += e->cpu_system;
    }
  result->cpu_user = cpu_user;
  result->cpu_system = cpu_system;
  if (!r->kind->from_fio (r->spec, result, &sections, &error))
    fail_result (result, VOL_RESULT_STATUS_FAILED, error->message);
}

/* The hosts together: each section's I/Os, bytes and rates summed over
 * the hosts that finished (the fleet's rate while they ran side by
 * side), the mean latency weighted by I/Os. */
static VolResult *
aggregate (Remote            *r,
           const char        *fio_version,
           const VolFioEntry *fio_all)
{
  g_autoptr(GPtrArray) sums = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  VolResult *result = new_result (r, _(VOL_REMOTE_ALL_CLIENTS), fio_version);

  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = host_at (r, i);

      if (h->state != VOL_REMOTE_HOST_DONE)
        continue;
      g_ptr_array_add (names, g_strdup (h->name));
      for (guint j = 0; j < h->entries->len; j++)
        {
          const VolFioEntry *e = g_ptr_array_index (h->entries, j);
          VolFioEntry *sum = g_hash_table_lookup (by_name, e->name);

          if (sum == NULL)
            {
              sum = g_new0 (VolFioEntry, 1);
              sum->name = e->name;
              g_ptr_array_add (sums, sum);
              g_hash_table_insert (by_name, e->name, sum);
            }
          /* the hosts ran side by side: each section took as long as
           * the slowest host's */
          vol_fio_dir_add (&sum->read, &e->read);
          vol_fio_dir_add (&sum->write, &e->write);
          sum->runtime = MAX (sum->runtime, e->runtime);
          sum->cpu_user += e->cpu_user;
          sum->cpu_system += e->cpu_system;
        }
    }
  fill_from_entries (r, result, _(VOL_REMOTE_ALL_CLIENTS), sums);
  add_resolved (result, "remote-hosts", g_variant_new_strv ((const char *const *) names->pdata, names->len));
  if (fio_all != NULL)
    {
      vol_result_add_figure (result, "fio-all-clients-ios", N_("I/Os, fio's “All clients”"), "",
                             (fio_all->read.present ? fio_all->read.ios : 0)
                             + (fio_all->write.present ? fio_all->write.ios : 0));
      vol_result_add_figure (result, "fio-all-clients-bytes", N_("Bytes, fio's “All clients”"), "B",
                             (fio_all->read.present ? fio_all->read.io_bytes : 0)
                             + (fio_all->write.present ? fio_all->write.io_bytes : 0));
    }
  return result;
}

static GPtrArray *
make_results (Remote     *r,
              const char *out_path,
              guint      *n_failed)
{
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr(VolFioEntries) parsed = NULL;
  g_autoptr(GError) parse_error = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  const VolFioEntry *fio_all = NULL;
  guint done = 0;

  if (g_file_get_contents (out_path, &text, &length, NULL) && length > 0)
    {
      /* the text before the JSON is fio's messages too */
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL && lines[i][0] != '{'; i++)
        take_line (r, lines[i]);
      parsed = vol_fio_entries_from_data (text, (gssize) length, warnings, &parse_error);
      if (parsed != NULL)
        fio_all = split_entries (r, parsed);
    }

  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = host_at (r, i);
      VolResult *result = new_result (r, h->name, parsed ? parsed->fio_version : NULL);

      g_ptr_array_add (results, result);
      if (h->state == VOL_REMOTE_HOST_FAILED && h->entries == NULL)
        {
          fail_result (result, VOL_RESULT_STATUS_FAILED, h->error);
          continue;
        }
      if (h->entries == NULL)
        {
          g_autofree char *message = r->cancelled ? g_strdup (_("Cancelled"))
                                     : r->stop_reason ? g_strdup_printf ("%s %s", h->name, r->stop_reason)
                                     : parsed == NULL && parse_error != NULL
                                       ? g_strdup_printf (_("fio's output could not be read: %s"), parse_error->message)
                                       : host_silence (r, h);
          fail_result (result, r->cancelled ? VOL_RESULT_STATUS_CANCELLED : VOL_RESULT_STATUS_FAILED, message);
          h->state = VOL_REMOTE_HOST_FAILED;
          g_free (h->error);
          h->error = g_strdup (message);
          report (r, i);
          continue;
        }
      fill_from_entries (r, result, h->name, h->entries);
      if (r->cancelled)
        /* fio printed what the host had done when it was told to stop:
         * the sections not reached, if any, with nothing in them */
        fail_result (result, VOL_RESULT_STATUS_CANCELLED, _("Cancelled"));
      else if (result->status != VOL_RESULT_STATUS_COMPLETE && r->stop_reason != NULL)
        {
          g_autofree char *message = g_strdup_printf ("%s %s", h->name, r->stop_reason);
          fail_result (result, VOL_RESULT_STATUS_FAILED, message);
        }
      h->state = result->status == VOL_RESULT_STATUS_COMPLETE ? VOL_REMOTE_HOST_DONE : VOL_REMOTE_HOST_FAILED;
      if (h->state == VOL_REMOTE_HOST_FAILED)
        {
          g_free (h->error);
          h->error = g_strdup (result->message);
        }
      else
        done++;
      report (r, i);
    }
  if (r->hosts->len > 1 && done > 0)
    g_ptr_array_add (results, aggregate (r, parsed ? parsed->fio_version : NULL, fio_all));

  *n_failed = 0;
  for (guint i = 0; i < r->hosts->len; i++)
    if (host_at (r, i)->state != VOL_REMOTE_HOST_DONE)
      (*n_failed)++;
  return results;
}

/**
 * vol_remote_run:
 * @spec: the test; its target is the folder on the hosts
 * @hosts: (element-type VolFioHost): at least one
 * @n_failed: (out): how many hosts have no complete result
 *
 * Returns: (transfer full) (element-type VolResult) (nullable): one
 *   result per host, in @hosts' order (failed ones saying why), then
 *   "All clients" when there are several hosts and one finished; %NULL
 *   with @error when nothing could be sent (the test has no fio job, fio
 *   is missing here)
 */
GPtrArray *
vol_remote_run (const VolTestSpec       *spec,
                GPtrArray               *hosts,
                const VolRemoteOptions  *options,
                VolRemoteProgressFunc    progress,
                gpointer                 user_data,
                GCancellable            *cancellable,
                guint                   *n_failed,
                GError                 **error)
{
  Remote r = { 0 };
  g_autoptr(GCancellable) own_cancellable = NULL;
  g_autofree char *job_path = NULL, *out_path = NULL;
  g_autoptr(GError) local = NULL;
  GPtrArray *results = NULL;
  const char *fio = options && options->fio ? options->fio : "fio";
  g_autofree char *fio_path = NULL;
  VolEstimate estimate = { 0 };
  int fd;

  g_return_val_if_fail (spec != NULL && hosts != NULL && hosts->len > 0, NULL);
  g_return_val_if_fail (n_failed != NULL, NULL);

  r.job = vol_remote_job (spec, error);
  if (r.job == NULL)
    return NULL;
  fio_path = g_find_program_in_path (fio);
  if (fio_path == NULL)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE,
                   _("fio is not installed here (“%s” is not found); a remote run needs it on this machine as on the hosts"),
                   fio);
      g_free (r.job);
      return NULL;
    }

  r.spec = spec;
  r.kind = vol_registry_lookup (vol_test_spec_get_kind (spec));
  r.progress = progress;
  r.user_data = user_data;
  if (cancellable == NULL)
    {
      own_cancellable = g_cancellable_new ();
      r.cancellable = own_cancellable;
    }
  else
    r.cancellable = cancellable;
  r.connect_timeout = options && options->connect_timeout > 0 ? options->connect_timeout : VOL_REMOTE_CONNECT_TIMEOUT;
  /* the time-bound parts of the job; bytes at the estimate's slow pace */
  if (vol_test_info_estimate (&r.kind->info, spec, G_MAXUINT64 / 2, G_MAXUINT64 / 2, &estimate))
    r.planned = estimate.fixed_seconds;
  r.run_timeout = options && options->run_timeout > 0
    ? options->run_timeout : vol_estimate_seconds (&estimate) + VOL_REMOTE_RUN_MARGIN;
  r.log = g_ptr_array_new_with_free_func (g_free);
  r.hosts = g_array_new (FALSE, TRUE, sizeof (Host));
  g_array_set_clear_func (r.hosts, host_clear);
  for (guint i = 0; i < hosts->len; i++)
    {
      Host h = { g_ptr_array_index (hosts, i), NULL, VOL_REMOTE_HOST_CONNECTING, NULL, NULL };
      h.name = vol_fio_host_to_string (h.host);
      g_array_append_val (r.hosts, h);
    }

  if (!probe_hosts (&r, fio_path, error))
    goto out;

  fd = g_file_open_tmp ("volumeter-job-XXXXXX.fio", &job_path, &local);
  if (fd >= 0)
    {
      close (fd);
      fd = g_file_open_tmp ("volumeter-fio-XXXXXX.json", &out_path, &local);
      if (fd >= 0)
        close (fd);
    }
  if (fd < 0 || !g_file_set_contents (job_path, r.job, -1, &local))
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE,
                   _("Cannot write the fio job to a temporary file: %s"), local->message);
      goto out;
    }

  r.context = g_main_context_new ();
  g_main_context_push_thread_default (r.context);
  {
    gboolean any = FALSE;
    for (guint i = 0; i < r.hosts->len; i++)
      any = any || host_at (&r, i)->state == VOL_REMOTE_HOST_RUNNING;
    if (any && !g_cancellable_is_cancelled (r.cancellable) && !run_fio (&r, fio_path, job_path, out_path, error))
      {
        g_main_context_pop_thread_default (r.context);
        goto out;
      }
    r.cancelled = r.cancelled || g_cancellable_is_cancelled (r.cancellable);
  }
  g_main_context_pop_thread_default (r.context);

  results = make_results (&r, out_path, n_failed);
  if (options && options->fio_output)
    {
      g_autofree char *text = NULL;
      gsize length = 0;

      /* fio's JSON as it wrote it, for the user's own checks */
      if (!g_file_get_contents (out_path, &text, &length, &local)
          || !g_file_set_contents (options->fio_output, text, (gssize) length, &local))
        g_warning ("fio's output not kept in %s: %s", options->fio_output, local->message);
    }

out:
  if (job_path)
    g_unlink (job_path);
  if (out_path)
    g_unlink (out_path);
  g_clear_object (&r.messages);
  g_clear_object (&r.process);
  g_clear_pointer (&r.context, g_main_context_unref);
  g_clear_pointer (&r.hosts, g_array_unref);
  g_clear_pointer (&r.probes, g_ptr_array_unref);
  g_clear_pointer (&r.log, g_ptr_array_unref);
  g_free (r.stop_reason);
  g_free (r.job);
  return results;
}

/* "All clients": the result that names the hosts it sums */
gboolean
vol_remote_result_is_aggregate (const VolResult *result)
{
  g_autoptr(GVariant) hosts = result->resolved
    ? g_variant_lookup_value (result->resolved, "remote-hosts", G_VARIANT_TYPE_STRING_ARRAY) : NULL;

  return hosts != NULL;
}

/**
 * vol_remote_progress_copy:
 *
 * A report that owns its texts, for a front end to hand from the run's
 * thread to its own (the report given to the callback lives only as
 * long as the call).
 */
VolRemoteProgress *
vol_remote_progress_copy (const VolRemoteProgress *progress)
{
  VolRemoteProgress *copy = g_new (VolRemoteProgress, 1);

  *copy = *progress;
  copy->name = g_strdup (progress->name);
  copy->message = g_strdup (progress->message);
  return copy;
}

void
vol_remote_progress_free (VolRemoteProgress *progress)
{
  if (progress == NULL)
    return;
  g_free ((char *) progress->name);
  g_free ((char *) progress->message);
  g_free (progress);
}
