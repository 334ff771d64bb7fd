/* vol-fio-build.c — fio's jobs grouped into results */

#include "vol-fio-import-private.h"

/* ------------------------------------------------------------------------ */
/* Building the results                                                      */
/* ------------------------------------------------------------------------ */


static void
group_free (gpointer data)
{
  VolFioImportGroup *group = data;

  g_free (group->key);
  g_ptr_array_unref (group->jobs);
  g_free (group);
}


double
_vol_fio_import_dir_total (const VolFioImportJob *job,
                           gsize                  offset)
{
  double sum = 0;

  for (guint d = 0; d < N_DIRS; d++)
    if (job->dir[d].present)
      {
        double v = G_STRUCT_MEMBER (double, &job->dir[d], offset);
        if (!isnan (v))
          sum += v;
      }
  return sum;
}

/* The mean latency over the directions that did I/O, by their I/Os. */
double
_vol_fio_import_job_lat_mean (const VolFioImportJob *job)
{
  double sum = 0, n = 0;

  for (guint d = 0; d < N_DIRS; d++)
    {
      const VolFioDir *dir = &job->dir[d];
      if (dir->present && dir->ios > 0 && !isnan (dir->lat_mean))
        {
          sum += dir->lat_mean * dir->ios;
          n += dir->ios;
        }
    }
  return n > 0 ? sum / n : NAN;
}

/* A percentile is only kept where one direction did all the I/O. */
double
_vol_fio_import_job_percentile (const VolFioImportJob *job,
                                gsize                  offset)
{
  int only = -1;

  for (guint d = 0; d < N_DIRS; d++)
    if (job->dir[d].present && job->dir[d].ios > 0)
      {
        if (only >= 0)
          return NAN;
        only = (int) d;
      }
  return only < 0 ? NAN : G_STRUCT_MEMBER (double, &job->dir[only], offset);
}

static char *
job_client (const VolFioImportJob *job)
{
  if (job->host == NULL)
    return NULL;
  return g_strdup_printf ("%s:%" PRId64, job->host, (int64_t) job->port);
}

/* Every option of every job: a value all jobs agree on as it is, else
 * each job's value in row order, joined with " | ". */
static GVariant *
group_params (const VolFioImportGroup *group,
              const char              *mode)
{
  const VolFioImportJob *first = g_ptr_array_index (group->jobs, 0);
  const VolFioImportOptions *global = first->global;
  guint n = group->jobs->len;
  GVariantBuilder b;
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  /* option name → how many of the group's jobs have their own value */
  g_autoptr(GHashTable) own_counts = g_hash_table_new (g_str_hash, g_str_equal);

  if (global != NULL)
    for (guint k = 0; k < global->keys->len; k++)
      {
        const char *key = g_ptr_array_index (global->keys, k);
        if (g_hash_table_insert (own_counts, (gpointer) key, GUINT_TO_POINTER (0)))
          g_ptr_array_add (keys, (gpointer) key);
      }
  for (guint j = 0; j < n; j++)
    {
      const VolFioImportJob *job = g_ptr_array_index (group->jobs, j);
      for (guint k = 0; k < job->own.keys->len; k++)
        {
          const char *key = g_ptr_array_index (job->own.keys, k);
          gpointer count;

          if (!g_hash_table_lookup_extended (own_counts, key, NULL, &count))
            {
              g_ptr_array_add (keys, (gpointer) key);
              count = GUINT_TO_POINTER (0);
            }
          g_hash_table_insert (own_counts, (gpointer) key, GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
        }
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (mode != NULL)
    {
      /* what the queue chart reads */
      g_variant_builder_add (&b, "{sv}", "mode", g_variant_new_string (mode));
      g_variant_builder_add (&b, "{sv}", "alignment", g_variant_new_string ("4k"));
    }
  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      const char *value = _vol_fio_import_job_option (first, key);
      guint own = GPOINTER_TO_UINT (g_hash_table_lookup (own_counts, key));
      gboolean in_global = global != NULL && g_hash_table_contains (global->values, key);
      gboolean same;

      if (mode != NULL && (g_str_equal (key, "mode") || g_str_equal (key, "alignment")))
        continue;
      /* Decided without a pass over the jobs where the counts tell: a
       * pass per option made 20 000 options × 4 000 jobs quadratic. */
      if (own == 0)
        same = TRUE;                 /* the global value, in every job */
      else if (!in_global && own < n)
        same = FALSE;                /* some jobs have it, others not */
      else
        {
          same = TRUE;
          for (guint j = 1; j < n && same; j++)
            same = g_strcmp0 (value, _vol_fio_import_job_option (g_ptr_array_index (group->jobs, j), key)) == 0;
        }
      if (same)
        g_variant_builder_add (&b, "{sv}", key, g_variant_new_string (value));
      else if (n > MAX_JOINED)
        /* thousands of values joined are unreadable, and grow with
         * options × jobs; each job's row has its own figures */
        g_variant_builder_add (&b, "{sv}", key, g_variant_new_take_string (
                                 g_strdup_printf (_("(differs between the %u jobs)"), n)));
      else
        {
          GString *joined = g_string_new (NULL);
          for (guint j = 0; j < n; j++)
            {
              const char *v = _vol_fio_import_job_option (g_ptr_array_index (group->jobs, j), key);
              g_string_append_printf (joined, "%s%s", j ? " | " : "", v ? v : "–");
            }
          g_variant_builder_add (&b, "{sv}", key, g_variant_new_take_string (g_string_free (joined, FALSE)));
        }
    }
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

/* What every kind of result gets: label, origin, host, target, how the
 * I/O was done, timings and status. */
VolResult *
_vol_fio_import_group_result (const VolFioImportGroup   *group,
                              const char                *kind,
                              const char                *mode,
                              const VolFioImportContext *ctx,
                              GVariantBuilder           *resolved)
{
  VolResult *result = vol_result_new (kind);
  const VolFioImportJob *first = g_ptr_array_index (group->jobs, 0);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) group_runtime = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GStrvBuilder) job_names = g_strv_builder_new ();
  g_auto(GStrv) names_strv = NULL;
  GString *label = g_string_new ("fio: ");
  const char *path = _vol_fio_import_job_option (first, "filename") ? _vol_fio_import_job_option (first, "filename") : _vol_fio_import_job_option (first, "directory");
  gboolean direct = TRUE, zeros = TRUE;
  GHashTableIter iter;
  gpointer value;

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const VolFioImportJob *job = g_ptr_array_index (group->jobs, j);
      double *runtime;

      /* the first few names; the "jobs" list below has them all */
      if (g_hash_table_size (names) <= MAX_LABEL_NAMES && g_hash_table_add (names, job->name))
        {
          if (g_hash_table_size (names) > MAX_LABEL_NAMES)
            g_string_append (label, ", …");
          else
            g_string_append_printf (label, "%s%s", g_hash_table_size (names) > 1 ? ", " : "", job->name);
        }
      g_strv_builder_add (job_names, job->name);

      direct = direct && job->direct;
      zeros = zeros && _vol_fio_import_job_flag (job, "zero_buffers");
      result->cpu_user += job->cpu_user;
      result->cpu_system += job->cpu_system;
      /* groups (stonewall) run one after another, jobs of a group together */
      runtime = g_hash_table_lookup (group_runtime, &job->groupid);
      if (runtime == NULL)
        {
          runtime = g_new0 (double, 1);
          g_hash_table_insert (group_runtime, g_memdup2 (&job->groupid, sizeof job->groupid), runtime);
        }
      *runtime = MAX (*runtime, job->runtime);
      if (job->error != 0 && result->status == VOL_RESULT_STATUS_COMPLETE)
        {
          result->status = VOL_RESULT_STATUS_FAILED;
          result->message = g_strdup_printf (_("fio reported error %" PRId64 " (%s) for job “%s”"),
                                             (int64_t) job->error, g_strerror ((int) job->error), job->name);
        }
      if (path != NULL)
        {
          const char *p = _vol_fio_import_job_option (job, "filename") ? _vol_fio_import_job_option (job, "filename") : _vol_fio_import_job_option (job, "directory");
          if (g_strcmp0 (p, path) != 0)
            path = NULL;
        }
    }
  g_hash_table_iter_init (&iter, group_runtime);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    result->duration += *(double *) value;

  result->label = g_string_free (label, FALSE);
  result->app_name = g_strdup ("fio");
  /* verbatim ("fio-3.33"): whatever prints "Volumeter <version>" then
   * still shows that fio measured */
  result->app_version = g_strdup (ctx->fio_version);
  if (ctx->created != NULL)
    {
      g_date_time_unref (result->created);
      result->created = g_date_time_ref (ctx->created);
    }
  if (first->host != NULL && !first->all_clients)
    {
      /* in the output the user chose to share: fio's client names it */
      result->host = g_new0 (VolHostInfo, 1);
      result->host->hostname = g_strdup (first->host);
    }
  if (path != NULL || ctx->device != NULL)
    {
      result->target = vol_target_info_new ();
      result->target->path = g_strdup (path);
      result->target->device = g_strdup (ctx->device);
    }
  result->params = group_params (group, mode);
  result->cache_bypass = direct ? VOL_CACHE_BYPASS_DIRECT : VOL_CACHE_BYPASS_NONE;
  result->pattern = zeros ? VOL_DATA_PATTERN_ZEROS : VOL_DATA_PATTERN_RANDOM;
  {
    guint64 seed;
    if (_vol_fio_import_job_option (first, "randseed")
        && g_ascii_string_to_unsigned (_vol_fio_import_job_option (first, "randseed"), 10, 0, G_MAXUINT64, &seed, NULL))
      result->seed = seed;
  }
  result->io_backend = g_strdup (_vol_fio_import_job_engine (first));
  for (guint j = 1; j < group->jobs->len; j++)
    if (g_strcmp0 (_vol_fio_import_job_engine (g_ptr_array_index (group->jobs, j)), result->io_backend) != 0)
      {
        g_free (result->io_backend);
        result->io_backend = g_strdup (_("several"));
        break;
      }

  g_variant_builder_init (resolved, G_VARIANT_TYPE_VARDICT);
  if (ctx->fio_version)
    g_variant_builder_add (resolved, "{sv}", "fio-version", g_variant_new_string (ctx->fio_version));
  if (first->host != NULL && !first->all_clients)
    {
      g_autofree char *client = job_client (first);
      g_variant_builder_add (resolved, "{sv}", "fio-client", g_variant_new_string (client));
    }
  names_strv = g_strv_builder_end (job_names);
  g_variant_builder_add (resolved, "{sv}", "jobs", g_variant_new_strv ((const char *const *) names_strv, -1));
  return result;
}

/* Which result a job joins: queue and transfer points of the same kind of
 * run share one; everything else of one client shares the "fio" one. */
static char *
group_key (const VolFioImportJob *job,
           VolFioImportShape      shape,
           const char            *mode,
           guint                  read_percent)
{
  g_autofree char *client = job_client (job);

  switch (shape)
    {
    case VOL_FIO_IMPORT_SHAPE_QUEUE:
      return g_strdup_printf ("queue|%s|%s|%u|%s|%d", client ? client : "", mode, read_percent,
                              _vol_fio_import_job_engine (job), job->direct);
    case VOL_FIO_IMPORT_SHAPE_TRANSFER:
      return g_strdup_printf ("transfer|%s|%s|%d|%" PRIu64 "|%" PRIu64, client ? client : "",
                              _vol_fio_import_job_engine (job), job->direct, _vol_fio_import_job_depth (job), _vol_fio_import_job_threads (job));
    case VOL_FIO_IMPORT_SHAPE_GENERIC:
    default:
      return g_strdup_printf ("fio|%s|%d", client ? client : "", job->all_clients);
    }
}

void
_vol_fio_import_context_clear (VolFioImportContext *ctx)
{
  g_free (ctx->fio_version);
  g_clear_pointer (&ctx->created, g_date_time_unref);
  g_free (ctx->device);
  g_clear_pointer (&ctx->clients, g_ptr_array_unref);
}

gboolean
_vol_fio_import_read_context (JsonObject           *root,
                              VolFioImportContext  *ctx,
                              GError              **error)
{
  gint64 timestamp = 0;
  JsonArray *disks;

  if (!_vol_json_read_string (root, "", "fio version", FALSE, &ctx->fio_version, error)
      || !_vol_json_read_int (root, "", "timestamp", &timestamp, error)
      || !_vol_json_read_array (root, "", "disk_util", FALSE, &disks, error))
    return FALSE;
  if (timestamp > 0)
    ctx->created = g_date_time_new_from_unix_utc (timestamp);
  if (disks != NULL && json_array_get_length (disks) == 1)
    {
      JsonObject *disk;
      g_autofree char *path = NULL;

      if (!_vol_json_element_object (disks, 0, "disk_util", &disk, &path, error)
          || !_vol_json_read_string (disk, path, "name", FALSE, &ctx->device, error))
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
_vol_fio_import_results_from_json (JsonObject  *root,
                                   GPtrArray   *warnings,
                                   GError     **error)
{
  g_auto(VolFioImportContext) ctx = { NULL, NULL, NULL, NULL };
  g_autoptr(GPtrArray) jobs = g_ptr_array_new_with_free_func (_vol_fio_import_job_free);
  g_autoptr(GHashTable) identities = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  /* group key → its groups, in order; "key|depth" → how many of them have
   * that depth (they are always the first ones) */
  g_autoptr(GHashTable) groups_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                               (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) depth_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) clients_seen = g_hash_table_new (g_str_hash, g_str_equal);
  /* every job points at these; nothing reads them once the results are
   * built, whatever order the cleanups run in */
  g_auto(VolFioImportOptions) global = { NULL, NULL };
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  gboolean all_direct = TRUE;

  if (json_object_has_member (root, "format") && !json_object_has_member (root, "fio version"))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: it looks like a Volumeter result, which opens as it is"));
      return NULL;
    }
  if (!json_object_has_member (root, "jobs") && !json_object_has_member (root, "client_stats"))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not fio output: the JSON has neither “jobs” nor “client_stats”"));
      return NULL;
    }
  ctx.clients = g_ptr_array_new_with_free_func (g_free);
  _vol_fio_import_options_init (&global);
  if (!_vol_fio_import_read_context (root, &ctx, error)
      || !_vol_fio_import_read_options (root, "", "global options", &global, NULL, error)
      || !_vol_fio_import_read_job_array (root, "jobs", FALSE, &global, jobs, identities, warnings, error)
      || !_vol_fio_import_read_job_array (root, "client_stats", TRUE, &global, jobs, identities, warnings, error))
    return NULL;

  if (ctx.fio_version == NULL)
    _vol_fio_import_add_warning (warnings, "%s", _("the JSON has no “fio version”: it may not be fio's"));
  if (jobs->len == 0)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                           _("fio output with no jobs: “jobs” and “client_stats” are empty"));
      return NULL;
    }

  for (guint j = 0; j < jobs->len; j++)
    {
      VolFioImportJob *job = g_ptr_array_index (jobs, j);

      job->direct = _vol_fio_import_job_is_direct (job);
      all_direct = all_direct && (job->all_clients || job->direct);
    }
  for (guint j = 0; j < jobs->len; j++)
    {
      VolFioImportJob *job = g_ptr_array_index (jobs, j);
      g_autofree char *client = job_client (job);

      /* the aggregate has no job options: it ran as its clients did */
      if (job->all_clients)
        job->direct = all_direct;
      if (!job->all_clients && client != NULL && !g_hash_table_contains (clients_seen, client))
        {
          g_hash_table_add (clients_seen, client);
          g_ptr_array_add (ctx.clients, g_steal_pointer (&client));
        }
      if (job->entries > 1)
        _vol_fio_import_add_warning (warnings,
                     _("job “%s”: %u entries (numjobs without group_reporting) summed into one; their latency percentiles cannot be combined and are left out"),
                     job->name, job->entries);
    }

  for (guint j = 0; j < jobs->len; j++)
    {
      VolFioImportJob *job = g_ptr_array_index (jobs, j);
      const char *mode = NULL;
      guint read_percent = 0;
      VolFioImportShape shape;
      g_autofree char *key = NULL;
      VolFioImportGroup *group = NULL;

      /* With one client the aggregate repeats it, summed over unlike jobs. */
      if (job->all_clients && ctx.clients->len < 2)
        continue;
      GPtrArray *same_key;
      guint index = 0;

      shape = _vol_fio_import_job_shape (job, &mode, &read_percent);
      key = group_key (job, shape, mode, read_percent);
      same_key = g_hash_table_lookup (groups_by_key, key);
      if (same_key == NULL)
        {
          same_key = g_ptr_array_new ();
          g_hash_table_insert (groups_by_key, g_strdup (key), same_key);
        }
      /* A depth measured twice starts another result: the job joins the
       * first group of its key without its depth, found by counting, not
       * by looking through every group. */
      if (shape == VOL_FIO_IMPORT_SHAPE_QUEUE)
        {
          g_autofree char *depth_key = g_strdup_printf ("%s|%" PRIu64, key, _vol_fio_import_job_depth (job));
          gpointer count;

          if (g_hash_table_lookup_extended (depth_counts, depth_key, NULL, &count))
            index = GPOINTER_TO_UINT (count);
          g_hash_table_insert (depth_counts, g_steal_pointer (&depth_key), GUINT_TO_POINTER (index + 1));
        }
      if (index < same_key->len)
        group = g_ptr_array_index (same_key, index);
      else
        {
          if (groups->len == MAX_RESULTS)
            {
              g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("this fio output would make more than %d results; the importer makes up to %d (split the runs into several files)"),
                           MAX_RESULTS, MAX_RESULTS);
              return NULL;
            }
          group = g_new0 (VolFioImportGroup, 1);
          group->shape = shape;
          group->key = g_steal_pointer (&key);
          group->jobs = g_ptr_array_new ();
          g_ptr_array_add (groups, group);
          g_ptr_array_add (same_key, group);
        }
      g_ptr_array_add (group->jobs, job);
    }

  for (guint g = 0; g < groups->len; g++)
    {
      VolFioImportGroup *group = g_ptr_array_index (groups, g);

      switch (group->shape)
        {
        case VOL_FIO_IMPORT_SHAPE_QUEUE:
          g_ptr_array_add (results, _vol_fio_import_build_queue (group, &ctx));
          break;
        case VOL_FIO_IMPORT_SHAPE_TRANSFER:
          g_ptr_array_add (results, _vol_fio_import_build_transfer (group, &ctx));
          break;
        case VOL_FIO_IMPORT_SHAPE_GENERIC:
        default:
          g_ptr_array_add (results, _vol_fio_import_build_generic (group, &ctx));
          break;
        }
    }
  for (guint r = 0; r < results->len; r++)
    {
      VolResult *result = g_ptr_array_index (results, r);
      if (result->cache_bypass == VOL_CACHE_BYPASS_NONE)
        _vol_fio_import_add_warning (warnings, _("%s: fio ran without direct=1, so the figures went through the page cache"),
                     result->label);
    }
  return g_steal_pointer (&results);
}
