/* vol-fio-build-generic.c — the "fio" result: a row for each other job */

#include "vol-fio-import-private.h"

VolResult *
_vol_fio_import_build_generic (VolFioImportGroup         *group,
                               const VolFioImportContext *ctx)
{
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *s;
  const char *columns[][2] = {
    { "job", "#" }, { "throughput", "B/s" }, { "iops", "IO/s" }, { "lat-mean", "s" },
    { "read-throughput", "B/s" }, { "read-iops", "IO/s" }, { "read-lat-mean", "s" },
    { "write-throughput", "B/s" }, { "write-iops", "IO/s" }, { "write-lat-mean", "s" },
    { "trim-throughput", "B/s" }, { "trim-iops", "IO/s" },
    { "bytes", "B" }, { "seconds", "s" }, { "depth", "" }, { "threads", "" }, { "block", "B" },
  };
  const char *dir_titles[N_DIRS] = { N_("read"), N_("write"), N_("trim") };

  result = _vol_fio_import_group_result (group, "fio", NULL, ctx, &resolved);
  if (((VolFioImportJob *) g_ptr_array_index (group->jobs, 0))->all_clients)
    g_variant_builder_add (&resolved, "{sv}", "fio-clients",
                           g_variant_new_strv ((const char *const *) ctx->clients->pdata,
                                               ctx->clients->len));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  s = vol_result_add_series (result, "jobs", N_("fio jobs"), "job", "throughput");
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    vol_series_add_column (s, columns[i][0], columns[i][1]);

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const VolFioImportJob *job = g_ptr_array_index (group->jobs, j);
      const VolFioDir *r = &job->dir[DIR_READ], *w = &job->dir[DIR_WRITE], *t = &job->dir[DIR_TRIM];
      double row[G_N_ELEMENTS (columns)];
      guint64 bs = _vol_fio_import_job_block_size (job);

      row[0] = j + 1;
      row[1] = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, bw));
      row[2] = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, iops));
      row[3] = _vol_fio_import_job_lat_mean (job);
      row[4] = r->present ? r->bw : 0;
      row[5] = r->present ? r->iops : 0;
      row[6] = r->present ? r->lat_mean : NAN;
      row[7] = w->present ? w->bw : 0;
      row[8] = w->present ? w->iops : 0;
      row[9] = w->present ? w->lat_mean : NAN;
      row[10] = t->present ? t->bw : 0;
      row[11] = t->present ? t->iops : 0;
      row[12] = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, io_bytes));
      row[13] = job->runtime;
      row[14] = job->all_clients ? NAN : (double) _vol_fio_import_job_depth (job);
      row[15] = job->all_clients ? NAN : (double) _vol_fio_import_job_threads (job);
      row[16] = bs > 0 && !job->all_clients ? (double) bs : NAN;
      vol_series_append (s, row, G_N_ELEMENTS (row));

      /* each job's figures, named by the job */
      for (guint d = 0; d < N_DIRS; d++)
        {
          const VolFioDir *dir = &job->dir[d];
          g_autofree char *name = NULL;
          g_autofree char *title = NULL;

          if (!dir->present || !(dir->ios > 0 || dir->bw > 0))
            continue;
          name = g_strdup_printf ("job-%u-%s-throughput", j + 1, dir_keys[d]);
          title = g_strdup_printf ("%s: %s", job->name, _(dir_titles[d]));
          vol_result_add_figure (result, name, title, "B/s", dir->bw);
          g_free (name);
          g_free (title);
          name = g_strdup_printf ("job-%u-%s-iops", j + 1, dir_keys[d]);
          title = g_strdup_printf (_("%s: %s IOPS"), job->name, _(dir_titles[d]));
          vol_result_add_figure (result, name, title, "IO/s", dir->iops);
          if (!isnan (dir->lat_mean))
            {
              g_free (name);
              g_free (title);
              name = g_strdup_printf ("job-%u-%s-lat-mean", j + 1, dir_keys[d]);
              title = g_strdup_printf (_("%s: %s latency, mean"), job->name, _(dir_titles[d]));
              vol_result_add_figure (result, name, title, "s", dir->lat_mean);
            }
        }
    }
  vol_result_add_summary (result, "jobs", "throughput");
  vol_result_add_summary (result, "jobs", "iops");
  return g_steal_pointer (&result);
}
