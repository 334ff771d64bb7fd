/* vol-remote-results.c — a remote run's hosts' figures as results (vol-remote.h)
 *
 * Each host's client printed its own JSON: read as strictly as an import,
 * its entries become the host's result through the kind's from_fio; the
 * hosts that finished are summed into "All clients". A host that asked
 * its client for a file or to write one, or sent too much, fails whatever
 * its figures.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-fio-section.h"
#include "vol-remote-output.h"
#include "vol-remote-private.h"

/* fio's words about a host that gave no figures: its client's last */
static char *
host_silence (Host *h)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = h->log->len > 3 ? h->log->len - 3 : 0; i < h->log->len; i++)
    {
      const char *line = g_ptr_array_index (h->log, i);
      if (*line)
        g_string_append_printf (text, "%s%s", text->len ? "; " : "", line);
    }
  if (text->len == 0)
    return g_strdup_printf (_("fio gave no figures for %s"), h->name);
  return g_strdup_printf (_("fio gave no figures for %s: %s"), h->name, text->str);
}

/* @reply: what the host's fio server said of itself at the probe
 * (checked text, vol-fio-probe.c), or NULL for "All clients" */
static VolResult *
new_result (Remote                 *r,
            const char             *host_name,
            const char             *fio_version,
            const VolFioProbeReply *reply)
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
  if (reply != NULL)
    {
      /* the host's own word, from its probe answer: its OS family and
       * CPUs (fio's server tells no more). Not the name it gives itself:
       * a result is meant to be shared, and the user's name for the host
       * is already there. */
      result->host->os = g_strdup (reply->os);
      result->host->cpu_count = reply->cpus;
      if (fio_version == NULL)
        fio_version = reply->fio_version;
    }
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
  result->duration = _vol_remote_elapsed (r);
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

      /* the host's text: no section of ours has one */
      for (const char *p = e->name; *p; p++)
        if (g_ascii_iscntrl (*p))
          {
            g_autofree char *escaped = g_strescape (e->name, NULL);
            g_autofree char *message = g_strdup_printf (_("%s named a section “%s”, with a control character: not a section of the job it was sent"),
                                                        host_name, escaped);
            fail_result (result, VOL_RESULT_STATUS_FAILED, message);
            return;
          }
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
aggregate (Remote     *r,
           const char *fio_version)
{
  double fio_ios = 0, fio_bytes = 0;
  g_autoptr(GPtrArray) sums = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  VolResult *result = new_result (r, _(VOL_REMOTE_ALL_CLIENTS), fio_version, NULL);

  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = _vol_remote_host_at (r, i);

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
          fio_ios += (e->read.present ? e->read.ios : 0) + (e->write.present ? e->write.ios : 0);
          fio_bytes += (e->read.present ? e->read.io_bytes : 0) + (e->write.present ? e->write.io_bytes : 0);
        }
    }
  fill_from_entries (r, result, _(VOL_REMOTE_ALL_CLIENTS), sums);
  add_resolved (result, "remote-hosts", g_variant_new_strv ((const char *const *) names->pdata, names->len));
  /* fio's own counts of the hosts that finished, every section of each
   * (one client per host: fio prints no "All clients" of its own), beside
   * the sections' sums through the kind's from_fio */
  vol_result_add_figure (result, "fio-all-clients-ios", N_("I/Os, fio's “All clients”"), "", fio_ios);
  vol_result_add_figure (result, "fio-all-clients-bytes", N_("Bytes, fio's “All clients”"), "B", fio_bytes);
  return result;
}

/* What went wrong with host @h that its figures cannot outweigh: what it
 * asked its client for, or too much sent; NULL if nothing. */
static char *
host_refusal (Host *h)
{
  GPtrArray *requests;

  if (h->client == NULL)
    return NULL;
  requests = vol_remote_client_get_requests (h->client);
  if (requests->len > 0)
    {
      g_autoptr(GString) asked = g_string_new (NULL);

      for (guint i = 0; i < requests->len; i++)
        g_string_append_printf (asked, "%s%s", i ? "; " : "", (char *) g_ptr_array_index (requests, i));
      return g_strdup_printf (_("host %s asked for %s: refused (fio's client is confined to a private folder), and the host failed"),
                              h->name, asked->str);
    }
  if (vol_remote_client_get_overflow (h->client) != NULL)
    return g_strdup_printf ("%s %s", h->name, vol_remote_client_get_overflow (h->client));
  return NULL;
}

/* Host @h's JSON, read as strictly as an import: its entries, or why not. */
static void
parse_host (Host  *h,
            char **parse_error)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *text;
  gsize length = 0;

  if (h->client == NULL)
    return;
  text = vol_remote_client_get_output (h->client, &length);
  if (length == 0)
    return;
  h->parsed = vol_fio_entries_from_data (text, (gssize) length, warnings, &error);
  if (h->parsed == NULL)
    {
      *parse_error = g_strdup (error->message);
      return;
    }
  /* one client, one host: every entry is this host's but fio's sum */
  for (guint i = 0; i < h->parsed->entries->len; i++)
    {
      VolFioEntry *e = g_ptr_array_index (h->parsed->entries, i);

      if (e->all_clients)
        continue;
      if (h->entries == NULL)
        h->entries = g_ptr_array_new ();
      g_ptr_array_add (h->entries, e);
    }
}

/* The probe's answer of host @i, when it answered (r->probes is in the
 * hosts' order) */
static const VolFioProbeReply *
host_reply (Remote *r,
            guint   i)
{
  const VolFioProbeResult *probe;

  if (r->probes == NULL || i >= r->probes->len)
    return NULL;
  probe = g_ptr_array_index (r->probes, i);
  return probe->error == NULL ? probe->reply : NULL;
}

GPtrArray *
_vol_remote_make_results (Remote *r,
                          guint  *n_failed)
{
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  const char *fio_version = NULL;
  guint done = 0;

  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = _vol_remote_host_at (r, i);
      g_autofree char *parse_error = NULL;
      g_autofree char *refusal = host_refusal (h);
      VolResult *result;

      parse_host (h, &parse_error);
      if (h->parsed != NULL && h->parsed->fio_version != NULL && fio_version == NULL)
        fio_version = h->parsed->fio_version;
      result = new_result (r, h->name, h->parsed ? h->parsed->fio_version : NULL, host_reply (r, i));
      g_ptr_array_add (results, result);
      if (refusal != NULL)
        {
          fail_result (result, VOL_RESULT_STATUS_FAILED, refusal);
          h->state = VOL_REMOTE_HOST_FAILED;
          g_free (h->error);
          h->error = g_strdup (refusal);
          _vol_remote_report (r, i);
          continue;
        }
      if (h->state == VOL_REMOTE_HOST_FAILED && h->entries == NULL)
        {
          fail_result (result, VOL_RESULT_STATUS_FAILED, h->error);
          continue;
        }
      if (h->entries == NULL)
        {
          g_autofree char *message = r->cancelled ? g_strdup (_("Cancelled"))
                                     : h->stop_reason ? g_strdup_printf ("%s %s", h->name, h->stop_reason)
                                     : parse_error != NULL
                                       ? g_strdup_printf (_("fio's output could not be read: %s"), parse_error)
                                       : host_silence (h);
          fail_result (result, r->cancelled ? VOL_RESULT_STATUS_CANCELLED : VOL_RESULT_STATUS_FAILED, message);
          h->state = VOL_REMOTE_HOST_FAILED;
          g_free (h->error);
          h->error = g_strdup (message);
          _vol_remote_report (r, i);
          continue;
        }
      fill_from_entries (r, result, h->name, h->entries);
      if (r->cancelled)
        /* fio printed what the host had done when it was told to stop:
         * the sections not reached, if any, with nothing in them */
        fail_result (result, VOL_RESULT_STATUS_CANCELLED, _("Cancelled"));
      else if (result->status != VOL_RESULT_STATUS_COMPLETE && h->stop_reason != NULL)
        {
          g_autofree char *message = g_strdup_printf ("%s %s", h->name, h->stop_reason);
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
      if (r->confinement == VOL_FIO_CLIENT_UNCONFINED)
        add_resolved (result, "fio-client-confined", g_variant_new_boolean (FALSE));
      _vol_remote_report (r, i);
    }
  if (r->hosts->len > 1 && done > 0)
    {
      VolResult *all = aggregate (r, fio_version);
      if (r->confinement == VOL_FIO_CLIENT_UNCONFINED)
        add_resolved (all, "fio-client-confined", g_variant_new_boolean (FALSE));
      g_ptr_array_add (results, all);
    }

  *n_failed = 0;
  for (guint i = 0; i < r->hosts->len; i++)
    if (_vol_remote_host_at (r, i)->state != VOL_REMOTE_HOST_DONE)
      (*n_failed)++;
  return results;
}

/* fio's output as the user asked to keep it (--fio-output) */
void
_vol_remote_keep_output (Remote     *r,
                         const char *path)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GArray) done = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < r->hosts->len; i++)
    {
      Host *h = _vol_remote_host_at (r, i);
      gboolean finished = h->state == VOL_REMOTE_HOST_DONE;
      gsize length = 0;

      if (h->client == NULL)
        continue;
      g_ptr_array_add (texts, (gpointer) vol_remote_client_get_output (h->client, &length));
      g_array_append_val (done, finished);
    }
  if (!vol_remote_output_save (path, texts, (const gboolean *) (gpointer) done->data, r->hosts->len > 1, &error))
    g_warning ("fio's output not kept in %s: %s", path, error->message);
}

