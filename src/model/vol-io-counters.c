/* vol-io-counters.c — judging a phase's counts against the device's */
#include "vol-io-counters.h"

#include <inttypes.h>
#include <math.h>

#include <glib/gi18n.h>

#include "vol-size.h"

/* The smallest request a filesystem writes or reads on its own account
 * (a 1 KiB ext4 block on a small filesystem): every extra byte the device
 * saw may have come as requests of this size, and no smaller. */
#define FS_BLOCK_MIN 1024

/* Copies of each written byte the counted devices hold between them: the
 * members of a mirror each get one (vol_device_stat_members()). */
static guint
copies_of (const VolIoCounters *c)
{
  return MAX (c->write_copies, 1);
}

/* The journal and metadata are written like data: once per copy. */
static double
journal_allowance (const VolIoCounters *c)
{
  return copies_of (c) * (VOL_IO_COUNTERS_JOURNAL_FIXED
         + VOL_IO_COUNTERS_JOURNAL_PER_FLUSH * (double) c->dev_flushes
         + VOL_IO_COUNTERS_JOURNAL_FRACTION * (double) c->bytes_written
         + VOL_IO_COUNTERS_PER_FILE * (double) c->files);
}

static double
read_allowance (const VolIoCounters *c)
{
  double allowance = VOL_IO_COUNTERS_METADATA_READS;

  if (c->through_cache)
    allowance += VOL_IO_COUNTERS_PER_CACHED_READ * (double) c->reads;
  return allowance;
}

/* The most requests the device may see for @count of the test's requests
 * carrying @bytes: each split at VOL_IO_COUNTERS_MIN_SPLIT at worst, plus
 * one per FS_BLOCK_MIN of what the device moved beyond the test's bytes.
 * Fewer are always fine: the scheduler merges neighbours. */
static double
most_requests (guint64 count,
               guint64 bytes,
               guint64 dev_bytes,
               double  tolerance)
{
  double per_request, pieces, extra;

  if (bytes > 0 && count == 0)
    count = 1;   /* a test that moved bytes made at least one request */
  per_request = count > 0 ? (double) bytes / (double) count : 0;
  pieces = MAX (1.0, ceil (per_request / VOL_IO_COUNTERS_MIN_SPLIT));
  extra = dev_bytes > bytes ? (double) (dev_bytes - bytes) / FS_BLOCK_MIN : 0;
  return (double) count * pieces * (1 + tolerance) + extra;
}

static gboolean
fail (char       **why,
      char        *message)
{
  if (why != NULL)
    *why = message;
  else
    g_free (message);
  return FALSE;
}

/**
 * vol_io_counters_agree:
 * @tolerance: a fraction of the test's bytes (VOL_IO_COUNTERS_TOLERANCE)
 * @why: (out) (optional): on FALSE, a sentence naming the phase and the
 *   figures that disagree; NULL on TRUE
 *
 * The rules, in the order they are checked (docs/result-format.md):
 * bytes written: the device's within @tolerance below the test's, and at
 * most @tolerance plus the journal allowance (fixed, per flush, a fraction
 * of the bytes, per file) above; bytes read: within @tolerance below, at
 * most @tolerance plus VOL_IO_COUNTERS_METADATA_READS above. Through the
 * cache there is no lower bound, and each read may add a block above.
 * On a mirror (write_copies above 1) the device figures are the sum of
 * its members, and each written byte, journal included, is expected
 * write_copies times; reads reach one copy.
 * Request counts: no lower bound (merges), at most each request
 * split at VOL_IO_COUNTERS_MIN_SPLIT plus one request per KiB of the extra
 * bytes the device moved (and, for writes, one per flush: a flush can be
 * counted as an empty write).
 */
gboolean
vol_io_counters_agree (const VolIoCounters *c,
                       double               tolerance,
                       char               **why)
{
  const char *phase, *device;
  double low, high, written;
  guint copies;

  g_return_val_if_fail (c != NULL, FALSE);

  if (why != NULL)
    *why = NULL;
  if (!(tolerance >= 0))
    tolerance = 0;
  phase = c->phase != NULL ? c->phase : "";
  device = c->device != NULL ? c->device : "";

  /* through the cache, less may reach the device: pages the cache
   * served, files deleted before they were written back */
  copies = copies_of (c);
  written = (double) c->bytes_written * copies;
  low = c->through_cache ? 0 : written * (1 - tolerance);
  high = written * (1 + tolerance) + journal_allowance (c);
  if ((double) c->dev_bytes_written < low || (double) c->dev_bytes_written > high)
    {
      g_autofree char *dev = vol_size_format (c->dev_bytes_written);
      g_autofree char *size = vol_size_format (c->bytes_written);
      g_autofree char *most = vol_size_format_double (high);
      /* a mirror's members each hold a copy: say how many were expected */
      g_autofree char *own = copies > 1 ? g_strdup_printf (_("%s × %u copies"), size, copies)
                                        : g_steal_pointer (&size);

      if ((double) c->dev_bytes_written < low)
        return fail (why, g_strdup_printf (_("Phase “%s”: device %s wrote %s, less than the %s the test wrote"),
                                           phase, device, dev, own));
      return fail (why, g_strdup_printf (_("Phase “%s”: device %s wrote %s where the test wrote %s (at most %s with the filesystem’s journal)"),
                                         phase, device, dev, own, most));
    }

  low = c->through_cache ? 0 : (double) c->bytes_read * (1 - tolerance);
  high = (double) c->bytes_read * (1 + tolerance) + read_allowance (c);
  if ((double) c->dev_bytes_read < low || (double) c->dev_bytes_read > high)
    {
      g_autofree char *dev = vol_size_format (c->dev_bytes_read);
      g_autofree char *own = vol_size_format (c->bytes_read);

      if ((double) c->dev_bytes_read < low)
        return fail (why, g_strdup_printf (_("Phase “%s”: device %s read %s, less than the %s the test read (a cache served the rest)"),
                                           phase, device, dev, own));
      return fail (why, g_strdup_printf (_("Phase “%s”: device %s read %s where the test read %s"),
                                         phase, device, dev, own));
    }

  /* a flush may reach the device as an empty write of its own */
  high = most_requests (c->writes * copies, c->bytes_written * copies, c->dev_bytes_written, tolerance)
         + (double) c->dev_flushes;
  if ((double) c->dev_writes > high)
    return fail (why, g_strdup_printf (_("Phase “%s”: device %s saw %" PRIu64 " writes where the test made %" PRIu64 " (at most %.0f from split requests and the journal)"),
                                       phase, device, (uint64_t) c->dev_writes, (uint64_t) c->writes, floor (high)));

  high = most_requests (c->reads, c->bytes_read, c->dev_bytes_read, tolerance);
  if ((double) c->dev_reads > high)
    return fail (why, g_strdup_printf (_("Phase “%s”: device %s saw %" PRIu64 " reads where the test made %" PRIu64 " (at most %.0f from split requests and metadata)"),
                                       phase, device, (uint64_t) c->dev_reads, (uint64_t) c->reads, floor (high)));
  return TRUE;
}
