/* vol-fio-build-transfer.c — a transfer result from fio's sequential jobs */

#include "vol-fio-import-private.h"

static int
compare_size (gconstpointer a,
              gconstpointer b)
{
  guint64 x = _vol_fio_import_job_block_size (*(VolFioImportJob *const *) a), y = _vol_fio_import_job_block_size (*(VolFioImportJob *const *) b);

  return (x > y) - (x < y);
}

VolResult *
_vol_fio_import_build_transfer (VolFioImportGroup         *group,
                                const VolFioImportContext *ctx)
{
  g_autoptr(VolResult) result = NULL;
  GVariantBuilder resolved;
  VolSeries *series[2] = { NULL, NULL };
  const guint dirs[2] = { DIR_WRITE, DIR_READ };
  double moved[2] = { 0, 0 };
  guint iterations = 1;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  /* per direction, size → its passes so far: the same size again is
   * another iteration */
  g_autoptr(GHashTable) write_passes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) read_passes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTable *passes_by_size[2] = { write_passes, read_passes };
  g_autoptr(GHashTable) sizes_seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  g_ptr_array_sort (group->jobs, compare_size);
  result = _vol_fio_import_group_result (group, VOL_KIND_TRANSFER, NULL, ctx, &resolved);

  for (guint w = 0; w < 2; w++)
    for (guint j = 0; j < group->jobs->len; j++)
      {
        const VolFioImportJob *job = g_ptr_array_index (group->jobs, j);
        const VolFioDir *dir = &job->dir[dirs[w]];
        guint64 size = _vol_fio_import_job_block_size (job);
        guint iteration;

        if (!dir->present || !(dir->ios > 0 || dir->io_bytes > 0))
          continue;
        if (series[w] == NULL)
          series[w] = vol_kind_transfer_add_series (result, w == 0);
        iteration = GPOINTER_TO_UINT (g_hash_table_lookup (passes_by_size[w], &size));
        g_hash_table_insert (passes_by_size[w], g_memdup2 (&size, sizeof size), GUINT_TO_POINTER (iteration + 1));
        iterations = MAX (iterations, iteration + 1);
        vol_kind_transfer_append_row (series[w], size, iteration, dir->bw,
                                      !isnan (dir->runtime) ? dir->runtime : job->runtime, dir->io_bytes);
        moved[w] += isnan (dir->io_bytes) ? 0 : dir->io_bytes;
        if (iteration == 0 && g_hash_table_add (sizes_seen, g_memdup2 (&size, sizeof size)))
          g_array_append_val (sizes, size);
      }

  g_variant_builder_add (&resolved, "{sv}", "sizes", g_variant_new_int64 (sizes->len));
  g_variant_builder_add (&resolved, "{sv}", "iterations", g_variant_new_int64 (iterations));
  result->resolved = g_variant_ref_sink (g_variant_builder_end (&resolved));

  /* the transfer test's figures, by its function; fio lays its files
   * down unseen: no figure for that */
  vol_kind_transfer_summarize (result, sizes, series[0], series[1],
                               &(VolTransferTotals) { moved[0], moved[1], NAN, FALSE });
  return g_steal_pointer (&result);
}
