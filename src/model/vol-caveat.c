/* vol-caveat.c — a result's reasons to doubt its numbers
 *
 * Each check looks at facts the result file keeps (status, cache bypass,
 * data pattern, the probed target, CPU time, device counters), so a result
 * saved long ago gets the same caveats as a fresh one. A fact the result
 * does not know (a loop device's dio from before it was probed) gives no
 * caveat: a caveat states a fact, it never guesses one.
 */
#include "vol-caveat.h"

#include <glib/gi18n.h>

#include "vol-io-counters.h"
#include "vol-kinds.h"

void
vol_caveat_free (VolCaveat *caveat)
{
  if (caveat == NULL)
    return;
  g_free (caveat->text);
  g_free (caveat);
}

static void
add (GPtrArray      *caveats,
     const char     *id,
     VolCaveatLevel  level,
     char           *text)
{
  VolCaveat *caveat = g_new0 (VolCaveat, 1);

  caveat->id = id;
  caveat->level = level;
  caveat->text = text;
  g_ptr_array_add (caveats, caveat);
}

static int
more_serious_first (gconstpointer a,
                    gconstpointer b)
{
  const VolCaveat *x = *(const VolCaveat *const *) a;
  const VolCaveat *y = *(const VolCaveat *const *) b;

  return (int) y->level - (int) x->level;
}

static void
add_status (GPtrArray       *caveats,
            const VolResult *result)
{
  const char *message = result->message && *result->message ? result->message : NULL;

  if (result->status == VOL_RESULT_STATUS_CANCELLED)
    add (caveats, "cancelled", VOL_CAVEAT_LEVEL_SEVERE,
         message ? g_strdup_printf (_("The run was cancelled, so its figures cover only the part that ran: %s"), message)
                 : g_strdup (_("The run was cancelled, so its figures cover only the part that ran.")));
  else if (result->status == VOL_RESULT_STATUS_FAILED)
    add (caveats, "failed", VOL_CAVEAT_LEVEL_SEVERE,
         message ? g_strdup_printf (_("The run failed, so its figures cover only the part that ran: %s"), message)
                 : g_strdup (_("The run failed, so its figures cover only the part that ran.")));
}

/* Whether anything below the folder is memory rather than a device; adds
 * the caveats that say so. */
static gboolean
add_memory (GPtrArray       *caveats,
            const VolResult *result)
{
  const VolTargetInfo *target = result->target;
  gboolean ram = FALSE;

  if (target == NULL)
    return FALSE;
  if (vol_fs_type_is_ram (target->fs_type))
    {
      add (caveats, "ram", VOL_CAVEAT_LEVEL_SEVERE,
           g_strdup_printf (_("The folder is on %s, which keeps files in RAM: these are memory figures, not a device's."),
                            target->fs_type));
      return TRUE;
    }
  for (guint i = 0; target->devices && i < target->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (target->devices, i);
      const char *file = dev->backing_file ? dev->backing_file : "?";

      if (g_strcmp0 (dev->kind, "loop") != 0)
        continue;
      if (vol_fs_type_is_ram (dev->backing_fs_type))
        {
          add (caveats, "loop-ram", VOL_CAVEAT_LEVEL_SEVERE,
               g_strdup_printf (_("%s is a loop device over %s on %s, which is RAM: these are memory figures, not a disk's."),
                                dev->name, file, dev->backing_fs_type));
          ram = TRUE;
        }
      else if (dev->loop_direct_io == 0)
        add (caveats, "loop-cache", VOL_CAVEAT_LEVEL_SEVERE,
             g_strdup_printf (_("%s is a loop device with direct I/O off, so its file %s is read through the page cache: reads of cached data run at RAM speed, not the disk's."),
                              dev->name, file));
    }
  return ram;
}

static void
add_cache_bypass (GPtrArray       *caveats,
                  const VolResult *result)
{
  gboolean postmark = g_strcmp0 (result->kind, VOL_KIND_SMALLFILES) == 0;
  gboolean cached = g_strcmp0 (result->kind, VOL_KIND_CACHED) == 0;

  if (result->cache_bypass == VOL_CACHE_BYPASS_FADVISE)
    add (caveats, "fadvise", VOL_CAVEAT_LEVEL_WARNING,
         cached ? g_strdup (_("The filesystem refused O_DIRECT, so device reads were buffered with the file's pages dropped before each read: they may not all reach the device."))
                : g_strdup (_("The filesystem refused O_DIRECT, so I/O was buffered, flushed inside the timing and dropped from the cache before reads: close to the device's figures, but not a pure device measurement.")));
  else if (result->cache_bypass == VOL_CACHE_BYPASS_NONE)
    {
      /* PostMark's workload is the filesystem's and the cache's by design:
       * say what it is rather than that something went wrong */
      if (postmark)
        add (caveats, "page-cache", VOL_CAVEAT_LEVEL_NOTE,
             g_strdup (_("A filesystem workload through the page cache, as PostMark runs it: files are never flushed, so these are the filesystem's and the cache's figures, not the device's.")));
      else
        add (caveats, "page-cache", VOL_CAVEAT_LEVEL_SEVERE,
             g_strdup (_("The I/O went through the page cache: these are the cache's figures, not the device's.")));
    }
}

static void
add_counters (GPtrArray       *caveats,
              const VolResult *result)
{
  g_autofree char *first_why = NULL;
  guint n_bad = 0;

  /* through the cache, the device sees what the cache lets through: the
   * page-cache caveat has said so already */
  if (result->counters == NULL || result->cache_bypass == VOL_CACHE_BYPASS_NONE)
    return;
  for (guint i = 0; i < result->counters->len; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (result->counters, i);
      g_autofree char *why = NULL;

      if (vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, &why))
        continue;
      if (n_bad++ == 0)
        first_why = g_steal_pointer (&why);
    }
  if (n_bad == 0)
    return;
  /* the reason names the phase, the device and both figures */
  add (caveats, "counters", VOL_CAVEAT_LEVEL_WARNING,
       g_strdup_printf (ngettext ("The device's own counters disagree with the test's own counts in %u of %u phases (%s): the figures may not be what the device did.",
                                  "The device's own counters disagree with the test's own counts in %u of %u phases (the first: %s): the figures may not be what the device did.",
                                  n_bad),
                        n_bad, result->counters->len, first_why ? first_why : "?"));
}

/**
 * vol_result_get_caveats:
 * @result: a result, as run or as loaded
 *
 * Every reason to doubt @result's figures, the most serious first (equal
 * ones in a fixed order), for the app, History, the charts and the command
 * line alike. Any thread.
 *
 * Returns: (transfer full) (element-type VolCaveat): the caveats, empty when
 *   there is nothing to say; frees its elements
 */
GPtrArray *
vol_result_get_caveats (const VolResult *result)
{
  GPtrArray *caveats = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_caveat_free);

  g_return_val_if_fail (result != NULL, caveats);

  add_status (caveats, result);
  /* on memory, how the cache was bypassed no longer matters: there is no
   * device to reach */
  if (!add_memory (caveats, result))
    add_cache_bypass (caveats, result);
  add_counters (caveats, result);
  if (result->duration > 1 && result->cpu_user + result->cpu_system > 0.9 * result->duration)
    add (caveats, "cpu", VOL_CAVEAT_LEVEL_WARNING,
         g_strdup_printf (_("The run used a full CPU core (%.1f s of CPU in %.1f s): the figures may be the CPU's limit, not the device's."),
                          result->cpu_user + result->cpu_system, result->duration));
  if (result->io_buffers == VOL_IO_BUFFERS_PAGES)
    add (caveats, "buffers", VOL_CAVEAT_LEVEL_NOTE,
         g_strdup (_("The kernel gave the transfers' buffers no huge pages: transfers over 256 KiB may have reached the device split into more requests, differently from run to run.")));
  if (result->pattern == VOL_DATA_PATTERN_ZEROS)
    add (caveats, "zeros", VOL_CAVEAT_LEVEL_WARNING,
         g_strdup (_("The data was zeros: a compressing or deduplicating device shows more than it can do with real data.")));

  if (result->resolved != NULL)
    {
      gboolean confined = TRUE;

      /* a remote run where the kernel had no Landlock (vol-fio-client.c) */
      if (g_variant_lookup (result->resolved, "fio-client-confined", "b", &confined) && !confined)
        add (caveats, "unconfined", VOL_CAVEAT_LEVEL_WARNING,
             g_strdup (_("fio's client ran unconfined (this kernel has no Landlock): a host could have read any file of the user who ran it and written where that user may, and its figures are only as true as the host is honest.")));
    }

  /* g_ptr_array_sort is stable: equal levels keep the order above */
  g_ptr_array_sort (caveats, more_serious_first);
  return caveats;
}
