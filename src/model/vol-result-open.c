/* vol-result-open.c — the files a user opens: results and fio's JSON output */
#include "vol-result-open.h"

#include "vol-fio-import.h"

/**
 * vol_result_open_paths:
 * @paths: (array length=n_paths): the files, in the order given
 * @results: (element-type VolResult): where the results are appended (a
 *   reference each), in file order; a fio file adds one per job group
 * @first_path: (out) (optional) (transfer full): the first path that
 *   loaded as a Volumeter result (a fio file is no saved result to point
 *   at), or %NULL
 * @problems: (element-type utf8): where each file that did not load adds
 *   one message naming it
 *
 * Returns: how many of @paths did not load: the number of messages added
 *   to @problems. fio's warnings are not kept: the results are shown, not
 *   saved.
 */
guint
vol_result_open_paths (const char *const *paths,
                       guint              n_paths,
                       GPtrArray         *results,
                       char             **first_path,
                       GPtrArray         *problems)
{
  guint n_failed = 0;

  if (first_path)
    *first_path = NULL;
  for (guint i = 0; i < n_paths; i++)
    {
      g_autoptr(GError) error = NULL;
      VolResult *result;

      if (vol_fio_import_file_looks_like_fio (paths[i]))
        {
          g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
          g_autoptr(GPtrArray) imported = vol_fio_import_load (paths[i], warnings, &error);

          if (imported != NULL)
            {
              for (guint j = 0; j < imported->len; j++)
                g_ptr_array_add (results, vol_result_ref (g_ptr_array_index (imported, j)));
              continue;
            }
        }
      else
        {
          result = vol_result_load (paths[i], &error);
          if (result != NULL)
            {
              g_ptr_array_add (results, result);
              if (first_path && *first_path == NULL)
                *first_path = g_strdup (paths[i]);
              continue;
            }
        }
      n_failed++;
      g_ptr_array_add (problems, g_strdup (error ? error->message : paths[i]));
    }
  return n_failed;
}
