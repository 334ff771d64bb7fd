/* vol-types.c — the stable text forms of the shared enumerations
 *
 * These strings are part of the result file format (docs/result-format.md);
 * never change one, only add.
 */
#include "vol-types.h"

#include <glib/gi18n.h>

static const char *const pattern_names[] = { "random", "zeros" };
static const char *const bypass_names[] = { "direct", "fadvise", "none" };
static const char *const status_names[] = { "complete", "cancelled", "failed" };
/* VOL_IO_BUFFERS_UNKNOWN has no word: the file holds null */
static const char *const buffers_names[] = { NULL, "huge-pages", "pages", "small" };

static gboolean
lookup (const char *const *names,
        guint              n_names,
        const char        *text,
        int               *out)
{
  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < n_names; i++)
    if (names[i] != NULL && g_str_equal (names[i], text))
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

/* NULL for VOL_IO_BUFFERS_UNKNOWN */
const char *
vol_io_buffers_to_string (VolIoBuffers buffers)
{
  g_return_val_if_fail (buffers <= VOL_IO_BUFFERS_SMALL, NULL);
  return buffers_names[buffers];
}

gboolean
vol_io_buffers_from_string (const char   *text,
                            VolIoBuffers *buffers)
{
  int v;
  if (!lookup (buffers_names, G_N_ELEMENTS (buffers_names), text, &v))
    return FALSE;
  *buffers = (VolIoBuffers) v;
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

/**
 * vol_cache_bypass_describe:
 *
 * What a cache bypass means, in words, for people (the app and the CLI
 * alike); vol_cache_bypass_to_string() is the file's word.
 */
const char *
vol_cache_bypass_describe (VolCacheBypass bypass)
{
  switch (bypass)
    {
    case VOL_CACHE_BYPASS_DIRECT:
      return _("direct (O_DIRECT: the page cache was bypassed)");
    case VOL_CACHE_BYPASS_FADVISE:
      return _("fadvise (O_DIRECT refused: buffered, fdatasync timed, cache dropped before reads)");
    case VOL_CACHE_BYPASS_NONE:
    default:
      return _("none (through the page cache)");
    }
}

/**
 * vol_io_buffers_describe:
 *
 * What the transfers' buffers were, in words; vol_io_buffers_to_string()
 * is the file's word.
 */
const char *
vol_io_buffers_describe (VolIoBuffers buffers)
{
  switch (buffers)
    {
    case VOL_IO_BUFFERS_HUGE_PAGES:
      return _("2 MiB pages (each transfer is as few requests as the device takes)");
    case VOL_IO_BUFFERS_PAGES:
      return _("4 KiB pages (transfers over 256 KiB may be split into more requests)");
    case VOL_IO_BUFFERS_SMALL:
      return _("under 256 KiB, 4 KiB pages (each transfer fits a request)");
    case VOL_IO_BUFFERS_UNKNOWN:
    default:
      return _("not recorded");
    }
}

/**
 * vol_data_pattern_describe:
 *
 * Returns: (transfer full): the data written and its seed, in words:
 * "random (incompressible), seed 0x…".
 */
char *
vol_data_pattern_describe (VolDataPattern pattern,
                           guint64        seed)
{
  g_autofree char *hex = g_strdup_printf ("0x%016" G_GINT64_MODIFIER "x", seed);

  if (pattern == VOL_DATA_PATTERN_ZEROS)
    return g_strdup_printf (_("zeros (compressible), seed %s"), hex);
  return g_strdup_printf (_("random (incompressible), seed %s"), hex);
}
