/* vol-estimate.c — what a run will write and how long it takes, in words */
#include "vol-estimate.h"

#include <string.h>

#include <glib/gi18n.h>

#include "vol-size.h"

/**
 * vol_test_info_estimate:
 *
 * Returns: FALSE (and a zeroed @out) when the kind gives no estimate
 */
gboolean
vol_test_info_estimate (const VolTestInfo *info,
                        const VolTestSpec *spec,
                        guint64            free_bytes,
                        guint64            capacity,
                        VolEstimate       *out)
{
  memset (out, 0, sizeof *out);
  if (info == NULL || spec == NULL || info->estimate == NULL)
    return FALSE;
  info->estimate (info, spec, free_bytes, capacity, out);
  return TRUE;
}

/**
 * vol_estimate_seconds:
 *
 * The set times, plus the device-bound work at a slow disk's pace.
 */
double
vol_estimate_seconds (const VolEstimate *e)
{
  return e->fixed_seconds + e->bytes_moved / VOL_ESTIMATE_RATE + e->ios / VOL_ESTIMATE_IOPS;
}

/**
 * vol_estimate_describe:
 *
 * "Writes 1 GiB and then, for set times, as much as the device takes ·
 * about 3:35": the bytes as every size is written, the time to the
 * second.
 */
char *
vol_estimate_describe (const VolEstimate *e)
{
  g_autofree char *bytes = vol_size_format_double ((double) e->bytes_written);
  g_autofree char *duration = vol_duration_format (MAX (vol_estimate_seconds (e), 1.0));

  if (e->bytes_written == 0 && !e->timed_writes)
    /* TRANSLATORS: "Writes nothing · about 12 s" */
    return g_strdup_printf (_("Writes nothing · about %s"), duration);
  if (e->timed_writes)
    /* TRANSLATORS: "Writes 1.07 GB and then, for set times, as much as the device takes · about 3:20" */
    return g_strdup_printf (_("Writes %s and then, for set times, as much as the device takes · about %s"),
                            bytes, duration);
  /* TRANSLATORS: "Writes 1.07 GB · about 3:20" */
  return g_strdup_printf (_("Writes %s · about %s"), bytes, duration);
}
