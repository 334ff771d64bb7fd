/* vol-io-counters.c — STUB on branch "caveats" (see the header): bytes only */
#include "vol-io-counters.h"

#include <math.h>

static gboolean
close_enough (guint64 own,
              guint64 dev,
              double  tolerance)
{
  double diff = (double) own - (double) dev;

  return fabs (diff) <= tolerance * (double) MAX (own, 1);
}

gboolean
vol_io_counters_agree (const VolIoCounters *c,
                       double               tolerance,
                       char               **why)
{
  if (why)
    *why = NULL;
  if (!close_enough (c->bytes_read, c->dev_bytes_read, tolerance))
    {
      if (why)
        *why = g_strdup_printf ("Phase “%s”: device %s read %" G_GUINT64_FORMAT " bytes where the test read %" G_GUINT64_FORMAT,
                                c->phase, c->device, c->dev_bytes_read, c->bytes_read);
      return FALSE;
    }
  if (!close_enough (c->bytes_written, c->dev_bytes_written, tolerance))
    {
      if (why)
        *why = g_strdup_printf ("Phase “%s”: device %s wrote %" G_GUINT64_FORMAT " bytes where the test wrote %" G_GUINT64_FORMAT,
                                c->phase, c->device, c->dev_bytes_written, c->bytes_written);
      return FALSE;
    }
  return TRUE;
}
