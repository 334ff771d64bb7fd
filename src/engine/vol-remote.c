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
 *   3. One `fio --client=HOST --output-format=json` per host that
 *      answered, all at once from this thread's own main context, each
 *      confined in a private folder of the run's scratch folder
 *      (vol-remote-client.c, vol-fio-client.c): the job, and each
 *      client's working folder, in $TMPDIR/.volumeter-XXXXXX, so a killed
 *      run's leftovers are found by `volumeter-cli cleanup`, and the
 *      clients die with the run (PR_SET_PDEATHSIG). Each client's
 *      messages are read as they come, bounded: a host fio says it lost
 *      is reported failed at once. fio's own heartbeat drops a host that
 *      stops answering; the run timeout stops the clients still going
 *      (SIGINT, which makes each stop its server's job; SIGKILL after
 *      VOL_REMOTE_STOP_GRACE), and only those hosts fail.
 *   4. Each host's JSON, read as strictly as an import
 *      (vol_fio_entries_from_data), becomes its result through the
 *      test's own from_fio; the sections summed over the hosts that
 *      finished become the "All clients" result, with fio's own totals
 *      of I/Os and bytes over those hosts kept as two figures, which the
 *      sum over the sections must equal. A host that asked its client for
 *      a file or to write one, sent too much, or named a section with a
 *      control character fails alone, saying so.
 */

#include "config.h"

#include "vol-remote.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-fio-hosts.h"
#include "vol-fio-import.h"
#include "vol-fio-probe.h"
#include "vol-fio-job.h"
#include "vol-fio-value.h"
#include "vol-host.h"
#include "vol-registry.h"
#include "vol-fio-client.h"
#include "vol-fio-section.h"
#include "vol-remote-client.h"
#include "vol-remote-private.h"
#include "vol-scratch.h"

/* after the SIGINT of a timeout or a cancel, fio's time to stop the
 * servers' jobs and print what it has */
#define VOL_REMOTE_STOP_GRACE 20.0
#define TICK_MS 200
/* messages kept per host */
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
  /* the folder is checked as the option that named it; the job writer
   * checks it again */
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "--target", vol_test_spec_get_target (spec), error))
    return NULL;
  return vol_fio_job_for_hosts (kind, vol_test_spec_get_params (spec), vol_test_spec_get_pattern (spec),
                                vol_test_spec_get_target (spec), error);
}

static void
host_clear (gpointer data)
{
  Host *h = data;

  g_free (h->name);
  g_free (h->error);
  g_clear_pointer (&h->entries, g_ptr_array_unref);
  g_clear_pointer (&h->parsed, vol_fio_entries_free);
  g_clear_pointer (&h->client, vol_remote_client_free);
  g_clear_pointer (&h->log, g_ptr_array_unref);
  g_free (h->stop_reason);
}

static Host *
host_at (Remote *r,
         guint   i)
{
  return _vol_remote_host_at (r, i);
}

static void
report (Remote *r,
        guint   index)
{
  VolRemoteProgress p = { index, NULL, VOL_REMOTE_HOST_RUNNING, NULL, _vol_remote_elapsed (r), r->planned };

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

/* for vol-remote-results.c */
void
_vol_remote_report (Remote *r,
                    guint   index)
{
  report (r, index);
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

/* ---- 3. running the clients ------------------------------------------- */

/* fio says it lost a host: connect refused, disconnected, timed out */
static gboolean
line_is_loss (const char *line)
{
  return strstr (line, "failed to connect") != NULL || strstr (line, "disconnected") != NULL
         || strstr (line, "timed out") != NULL || strstr (line, "timeout on") != NULL;
}

typedef struct
{
  Remote *r;
  guint   index;
} LineTarget;

/* A line of one host's client: every line of it is about that host. */
static void
take_line (VolRemoteClient *client,
           const char      *line,
           gpointer         data)
{
  LineTarget *t = data;
  Host *h = host_at (t->r, t->index);

  if (h->log->len < MAX_LOG_LINES)
    g_ptr_array_add (h->log, g_strdup (line));
  if (h->state == VOL_REMOTE_HOST_RUNNING && line_is_loss (line))
    {
      g_autofree char *said = g_strstrip (g_strdup (line));
      g_autofree char *message = g_strdup_printf (_("fio lost %s: %s"), h->name, said);
      host_fail (t->r, t->index, message);
    }
}

static gboolean
all_done (Remote *r)
{
  for (guint i = 0; i < r->hosts->len; i++)
    if (host_at (r, i)->client != NULL && !vol_remote_client_is_done (host_at (r, i)->client))
      return FALSE;
  return TRUE;
}

/* Tells every client still going to stop (SIGINT), saying why. */
static void
stop_clients (Remote     *r,
              const char *reason)
{
  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = host_at (r, i);

      if (h->client == NULL || vol_remote_client_is_done (h->client) || vol_remote_client_stopping (h->client) >= 0)
        continue;
      if (h->stop_reason == NULL)
        h->stop_reason = g_strdup (reason);
      vol_remote_client_stop (h->client);
    }
}

static gboolean
on_tick (gpointer data)
{
  Remote *r = data;
  double t = _vol_remote_elapsed (r);

  if (!r->cancelled && g_cancellable_is_cancelled (r->cancellable))
    {
      r->cancelled = TRUE;
      stop_clients (r, _("cancelled"));
    }
  else if (r->run_timeout > 0 && t > r->run_timeout)
    {
      g_autofree char *reason = g_strdup_printf (_("did not finish within the run timeout of %.0f s"), r->run_timeout);
      stop_clients (r, reason);
    }
  for (guint i = 0; i < r->hosts->len; i++)
    {
      VolRemoteClient *client = host_at (r, i)->client;
      if (client != NULL && vol_remote_client_stopping (client) > VOL_REMOTE_STOP_GRACE)
        vol_remote_client_kill (client);
    }
  report (r, G_MAXUINT);
  return G_SOURCE_CONTINUE;
}

/* One client per host that answered, each in its folder "host-N" of the
 * scratch folder; returns once every one has exited and been read. */
static gboolean
run_clients (Remote      *r,
             const char  *fio,
             const char  *job_path,
             GError     **error)
{
  g_autoptr(GSource) tick = NULL;
  g_autofree LineTarget *targets = g_new0 (LineTarget, r->hosts->len);
  gboolean ok = TRUE;

  r->start_us = g_get_monotonic_time ();
  for (guint i = 0; i < r->hosts->len && ok; i++)
    {
      Host *h = host_at (r, i);
      g_autofree char *name = g_strdup_printf ("host-%u", i + 1);
      g_autofree char *folder = g_build_filename (vol_scratch_get_path (r->scratch), name, NULL);

      if (h->state != VOL_REMOTE_HOST_RUNNING)
        continue;
      if (g_mkdir (folder, 0700) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Cannot create the folder %s for fio's client: %s"), folder, g_strerror (saved));
          ok = FALSE;
          break;
        }
      targets[i] = (LineTarget) { r, i };
      h->client = vol_remote_client_start (fio, h->host, job_path, folder, take_line, &targets[i], error);
      ok = h->client != NULL;
    }
  if (!ok)
    /* the ones started go at once: nothing was sent that matters */
    for (guint i = 0; i < r->hosts->len; i++)
      if (host_at (r, i)->client != NULL)
        vol_remote_client_kill (host_at (r, i)->client);

  tick = g_timeout_source_new (TICK_MS);
  g_source_set_callback (tick, on_tick, r, NULL);
  g_source_attach (tick, r->context);
  while (!all_done (r))
    g_main_context_iteration (r->context, TRUE);
  g_source_destroy (tick);
  for (guint i = 0; i < r->hosts->len; i++)
    if (host_at (r, i)->client != NULL)
      vol_remote_client_finish (host_at (r, i)->client);
  return ok;
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
  g_autofree char *job_path = NULL;
  g_autoptr(GError) local = NULL;
  GPtrArray *results = NULL;
  const char *fio = options && options->fio ? options->fio : "fio";
  g_autofree char *fio_path = NULL;
  VolEstimate estimate = { 0 };

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
  /* before anything is sent: as root with no Landlock, nothing goes */
  if (!vol_fio_client_confinement (&r.confinement, error))
    {
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
  r.hosts = g_array_new (FALSE, TRUE, sizeof (Host));
  g_array_set_clear_func (r.hosts, host_clear);
  for (guint i = 0; i < hosts->len; i++)
    {
      Host h = { g_ptr_array_index (hosts, i), NULL, VOL_REMOTE_HOST_CONNECTING, NULL, NULL, NULL, NULL, NULL, NULL };
      h.name = vol_fio_host_to_string (h.host);
      h.log = g_ptr_array_new_with_free_func (g_free);
      g_array_append_val (r.hosts, h);
    }

  if (!probe_hosts (&r, fio_path, error))
    goto out;

  /* the run's scratch: the job, and each client's private folder; a
   * killed run's is found by `volumeter-cli cleanup` */
  r.scratch = vol_scratch_create (g_get_tmp_dir (), &local);
  if (r.scratch != NULL)
    {
      job_path = g_build_filename (vol_scratch_get_path (r.scratch), "job.fio", NULL);
      g_file_set_contents (job_path, r.job, -1, &local);
    }
  if (local != NULL)
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
    if (any && !g_cancellable_is_cancelled (r.cancellable) && !run_clients (&r, fio_path, job_path, error))
      {
        g_main_context_pop_thread_default (r.context);
        goto out;
      }
    r.cancelled = r.cancelled || g_cancellable_is_cancelled (r.cancellable);
  }
  g_main_context_pop_thread_default (r.context);

  results = _vol_remote_make_results (&r, n_failed);
  if (options && options->fio_output)
    _vol_remote_keep_output (&r, options->fio_output);

out:
  if (r.scratch != NULL && !vol_scratch_remove (r.scratch, &local))
    g_warning ("%s", local->message);
  g_clear_pointer (&r.scratch, vol_scratch_free);
  g_clear_pointer (&r.hosts, g_array_unref);
  g_clear_pointer (&r.context, g_main_context_unref);
  g_clear_pointer (&r.probes, g_ptr_array_unref);
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
