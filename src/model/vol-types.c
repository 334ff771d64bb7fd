/* vol-types.c — the stable text forms of the shared enumerations
 *
 * These strings are part of the result file format (docs/result-format.md);
 * never change one, only add.
 */
#include "vol-types.h"

static const char *const pattern_names[] = { "random", "zeros" };
static const char *const bypass_names[] = { "direct", "fadvise", "none" };
static const char *const status_names[] = { "complete", "cancelled", "failed" };

static gboolean
lookup (const char *const *names,
        guint              n_names,
        const char        *text,
        int               *out)
{
  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < n_names; i++)
    if (g_str_equal (names[i], text))
      {
        *out = (int) i;
        return TRUE;
      }
  return FALSE;
}

const char *
vol_data_pattern_to_string (VolDataPattern pattern)
{
  g_return_val_if_fail (pattern <= VOL_DATA_PATTERN_ZEROS, NULL);
  return pattern_names[pattern];
}

gboolean
vol_data_pattern_from_string (const char     *text,
                              VolDataPattern *pattern)
{
  int v;
  if (!lookup (pattern_names, G_N_ELEMENTS (pattern_names), text, &v))
    return FALSE;
  *pattern = (VolDataPattern) v;
  return TRUE;
}

const char *
vol_cache_bypass_to_string (VolCacheBypass bypass)
{
  g_return_val_if_fail (bypass <= VOL_CACHE_BYPASS_NONE, NULL);
  return bypass_names[bypass];
}

gboolean
vol_cache_bypass_from_string (const char     *text,
                              VolCacheBypass *bypass)
{
  int v;
  if (!lookup (bypass_names, G_N_ELEMENTS (bypass_names), text, &v))
    return FALSE;
  *bypass = (VolCacheBypass) v;
  return TRUE;
}

const char *
vol_result_status_to_string (VolResultStatus status)
{
  g_return_val_if_fail (status <= VOL_RESULT_STATUS_FAILED, NULL);
  return status_names[status];
}

gboolean
vol_result_status_from_string (const char      *text,
                               VolResultStatus *status)
{
  int v;
  if (!lookup (status_names, G_N_ELEMENTS (status_names), text, &v))
    return FALSE;
  *status = (VolResultStatus) v;
  return TRUE;
}
