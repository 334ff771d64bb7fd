/* vol-error.c — the project's own error domains */
#include "vol-error.h"

#include <gio/gio.h>

G_DEFINE_QUARK (vol-spec-error-quark, vol_spec_error)
G_DEFINE_QUARK (vol-engine-error-quark, vol_engine_error)
G_DEFINE_QUARK (vol-result-error-quark, vol_result_error)

/**
 * vol_error_keep_first:
 * @error: (inout) (optional): where the first failure is kept, or %NULL
 * @other: (transfer full) (nullable): a further failure, e.g. a worker
 *   thread's
 *
 * Merges the failures of several threads into one: the first real failure
 * wins over the cancels it caused. @other goes into @error when that is
 * still empty, or holds only a G_IO_ERROR_CANCELLED that @other is not;
 * otherwise it is freed. Like any GError out-parameter, @error may be
 * %NULL: then @other is only freed.
 */
void
vol_error_keep_first (GError **error,
                      GError  *other)
{
  if (other == NULL)
    return;
  if (error == NULL)
    {
      g_error_free (other);
      return;
    }
  if (*error != NULL && g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      && !g_error_matches (other, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_clear_error (error);
  if (*error == NULL)
    *error = other;
  else
    g_error_free (other);
}
