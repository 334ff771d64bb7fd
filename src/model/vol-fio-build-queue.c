/* vol-fio-build-queue.c — a queue result from fio's random 4 KiB jobs */

#include "vol-fio-import-private.h"

static int
compare_depth (gconstpointer a,
               gconstpointer b)
{
  guint64 x = _vol_fio_import_job_depth (*(VolFioImportJob *const *) a), y = _vol_fio_import_job_depth (*(VolFioImportJob *const *) b);

  return (x > y) - (x < y);
}

VolResult *
_vol_fio_import_build_queue (VolFioImportGroup         *group,
                             const VolFioImportContext *ctx)
{
  const VolFioImportJob *first;
  const char *mode = NULL;
  guint read_percent = 100;
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *s;
  double total_ios = 0, total_bytes = 0;
  guint64 span = 0;

  g_ptr_array_sort (group->jobs, compare_depth);
  first = g_ptr_array_index (group->jobs, 0);
  _vol_fio_import_job_shape (first, &mode, &read_percent);
  result = _vol_fio_import_group_result (group, "queue", mode, ctx, &resolved);

  s = vol_kind_queue_add_points (result);

  for (guint j = 0; j < group->jobs->len; j++)
    {
      const VolFioImportJob *job = g_ptr_array_index (group->jobs, j);
      const VolFioDir *only = NULL;
      VolQueuePoint p;
      double seconds = 0;

      for (guint d = 0; d < N_DIRS; d++)
        if (job->dir[d].present && job->dir[d].ios > 0)
          {
            only = only == NULL ? &job->dir[d] : NULL;
            if (!isnan (job->dir[d].runtime))
              seconds = MAX (seconds, job->dir[d].runtime);
          }
      /* one direction: fio's own spread of the IOPS over its samples */
      if (job->dir[DIR_READ].ios > 0 && job->dir[DIR_WRITE].ios > 0)
        only = NULL;

      p.depth = (double) _vol_fio_import_job_depth (job);
      p.iops = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, iops));
      p.throughput = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, bw));
      p.lat_mean = _vol_fio_import_job_lat_mean (job);
      p.lat_p50 = _vol_fio_import_job_percentile (job, G_STRUCT_OFFSET (VolFioDir, p50));
      p.lat_p99 = _vol_fio_import_job_percentile (job, G_STRUCT_OFFSET (VolFioDir, p99));
      p.lat_p999 = _vol_fio_import_job_percentile (job, G_STRUCT_OFFSET (VolFioDir, p999));
      p.ios = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, ios));
      p.reads = job->dir[DIR_READ].present ? job->dir[DIR_READ].ios : 0;
      p.writes = job->dir[DIR_WRITE].present ? job->dir[DIR_WRITE].ios : 0;
      p.bytes = _vol_fio_import_dir_total (job, G_STRUCT_OFFSET (VolFioDir, io_bytes));
      p.seconds = seconds > 0 ? seconds : job->runtime;
      p.iops_stddev = only ? only->iops_stddev : NAN;
      p.iops_min = only ? only->iops_min : NAN;
      p.iops_max = only ? only->iops_max : NAN;
      vol_kind_queue_append_point (s, &p);
      total_ios += p.ios;
      total_bytes += p.bytes;
      if (span == 0)
        span = _vol_fio_import_parse_size (_vol_fio_import_job_option (job, "size"), g_strcmp0 (_vol_fio_import_job_option (job, "kb_base"), "1000") == 0);
    }

  g_variant_builder_add (&resolved, "{sv}", "block", g_variant_new_int64 (4096));
  g_variant_builder_add (&resolved, "{sv}", "read-percent", g_variant_new_int64 (read_percent));
  g_variant_builder_add (&resolved, "{sv}", "points", g_variant_new_int64 (group->jobs->len));
  if (span > 0 && span <= G_MAXINT64)
    g_variant_builder_add (&resolved, "{sv}", "span", g_variant_new_int64 ((gint64) span));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  /* the queue test's summaries and figures, as far as fio has them */
  vol_kind_queue_summarize (result, s, total_ios, total_bytes);
  return g_steal_pointer (&result);
}
