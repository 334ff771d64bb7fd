/* vol-test-surface.c — Read across the device: the surface scan
 *
 * What HD Tune and GNOME Disks draw: throughput read at evenly spaced
 * positions from the device's first byte to its last, with access times
 * as dots, and nothing written. Three phases, each its own counted phase
 * of the device's counters:
 *
 *   transfer  N positions offset_i = i · step, step = (size − S) / (N − 1)
 *             rounded down to the grain (the logical block, at least
 *             4 KiB), S the sample size: evenly spaced from the first byte
 *             to within N grains of the last (a 200-position scan of any
 *             disk ends less than 800 KiB short), and the same offsets a
 *             fio job reading S and skipping step − S makes. At each, an
 *             untimed read of one grain moves the head there (GNOME Disks'
 *             seek), then one timed read of S: rate_i = S / t_i. The
 *             position shown is offset_i / size.
 *   access    M reads of one grain at uniformly random grain-aligned
 *             offsets over the whole device, each timed on its own:
 *             seek + rotation + transfer, what reviews call access time.
 *   burst     a region just read (512 KiB at offset 0) read again 8 times:
 *             the fastest is the burst rate, from the drive's cache.
 *
 * Read-only by construction: the device is opened through
 * vol-block-open.c (O_RDONLY | O_DIRECT, nothing else) and this file
 * makes no call that writes; tests/engine/test-surface.c records every call a
 * run makes and fails on any write. O_DIRECT keeps the page cache out of
 * every figure; a device that refuses it (none in practice) is refused
 * with a message rather than measured through the cache.
 *
 * The target is a block device (/dev/sdb, /dev/md0) or a folder, whose
 * mounted device is read (with whole-disk, the disk a partition is on).
 * No scratch folder, no file: the runner makes none for this kind.
 */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-block-open.h"
#include "vol-units.h"
#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-random.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-surface.h"

#define BURST_REGION (512 * KiB)
#define BURST_READS 8

typedef struct
{
  char    *path;           /* /dev/loop0 */
  int      fd;
  guint64  size;
  guint    grain;          /* logical block, at least 4 KiB */
  guint    samples;
  guint64  sample_size;
  guint    access;
  const char *opened_by;   /* "open", or "udisks2" for a user's run */
} SurfacePlan;

static void
plan_free (gpointer data)
{
  SurfacePlan *plan = data;

  if (plan->fd >= 0)
    close (plan->fd);
  g_free (plan->path);
  g_free (plan);
}

/* The device to read: the target itself when it is one, else the
 * folder's mounted device, or with whole-disk the disk under it. */
static char *
device_path (VolRun  *run,
             GError **error)
{
  const VolTargetInfo *t = run->target;
  const char *name = t->device;
  const VolBlockDevice *top = t->devices && t->devices->len > 0 ? g_ptr_array_index (t->devices, 0) : NULL;
  gboolean whole = vol_test_spec_get_bool (run->spec, "whole-disk") && top != NULL && top->parent != NULL;

  if (vol_target_info_is_device (t))
    return whole ? g_strdup_printf ("/dev/%s", top->parent) : g_strdup (t->path);
  if (name == NULL)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_TARGET,
                   _("The volume of %s has no block device to read (a %s filesystem)"),
                   t->path, t->fs_type ? t->fs_type : "virtual");
      return NULL;
    }
  return g_strdup_printf ("/dev/%s", whole ? top->parent : name);
}

static gboolean
surface_prepare (VolRun  *run,
                 GError **error)
{
  SurfacePlan *plan = g_new0 (SurfacePlan, 1);
  VolBlockGeometry geometry;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = plan_free;
  plan->fd = -1;
  plan->samples = (guint) vol_test_spec_get_int (run->spec, "samples");
  plan->sample_size = (guint64) vol_test_spec_get_int (run->spec, "sample-size");
  plan->access = (guint) vol_test_spec_get_int (run->spec, "access");

  plan->path = device_path (run, error);
  if (plan->path == NULL)
    return FALSE;
  {
    /* the device's own counters, of the device read (the disk, for a
     * whole-disk scan of a partition's folder) */
    g_autofree char *real = realpath (plan->path, NULL);
    run->counted_device = g_path_get_basename (real ? real : plan->path);
  }
  plan->fd = _vol_block_open_read (run, plan->path, O_DIRECT, &plan->opened_by, error);
  if (plan->fd < 0)
    return FALSE;
  if (!_vol_block_get_geometry (plan->fd, plan->path, &geometry, error))
    return FALSE;
  plan->size = geometry.size;
  plan->grain = MAX (geometry.logical_block, 4096);
  if (plan->sample_size % plan->grain != 0)
    plan->sample_size = (plan->sample_size + plan->grain - 1) / plan->grain * plan->grain;
  if (plan->size < plan->sample_size * 2)
    {
      g_autofree char *size_text = vol_size_format (plan->size);
      g_autofree char *sample_text = vol_size_format (plan->sample_size);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("%s holds %s: too small for reads of %s at several positions"),
                   plan->path, size_text, sample_text);
      return FALSE;
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "device", g_variant_new_string (plan->path));
  g_variant_builder_add (&b, "{sv}", "opened-by", g_variant_new_string (plan->opened_by));
  g_variant_builder_add (&b, "{sv}", "device-size", g_variant_new_int64 ((gint64) plan->size));
  g_variant_builder_add (&b, "{sv}", "grain", g_variant_new_int64 (plan->grain));
  g_variant_builder_add (&b, "{sv}", "sample-size", g_variant_new_int64 ((gint64) plan->sample_size));
  g_variant_builder_add (&b, "{sv}", "step",
                         g_variant_new_int64 ((gint64) vol_surface_step (plan->size, plan->sample_size,
                                                                          plan->samples, plan->grain)));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct
{
  VolRun      *run;
  SurfacePlan *plan;
  guint8      *buf;
  VolSeries   *transfer;
  VolSeries   *access;
  guint        done;       /* reads of the transfer and access phases made */
  guint        total;
} Surface;

/* One read of @len at @offset, timed when @ns is not NULL. */
static gboolean
read_at (Surface  *s,
         guint64   offset,
         gsize     len,
         gint64   *ns,
         GError  **error)
{
  const VolIoOps *io = s->run->io;
  gint64 t0 = vol_io_clock_ns (io);
  gssize got = io->pread (io, s->plan->fd, s->buf, len, (off_t) offset);
  gint64 t1 = vol_io_clock_ns (io);

  if (got < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Reading %s at offset %" PRIu64 " failed: %s"), s->plan->path, offset, g_strerror (saved));
      return FALSE;
    }
  if ((gsize) got != len)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_SHORT_IO,
                   _("Reading %s at offset %" PRIu64 " returned %zd of %zu bytes (did the device shrink or go away?)"),
                   s->plan->path, offset, got, len);
      return FALSE;
    }
  if (ns)
    *ns = MAX (t1 - t0, 1);
  return TRUE;
}

/* One position: an untimed read of a grain moves the head there (the
 * seek), then the timed read of the sample, so it measures the transfer. */
static gboolean
read_position (Surface  *s,
               guint64   offset,
               gint64   *ns,
               GError  **error)
{
  return read_at (s, offset, s->plan->grain, NULL, error)
         && read_at (s, offset, s->plan->sample_size, ns, error);
}

static void
progress (Surface    *s,
          const char *phase,
          const char *text,
          guint64     bytes)
{
  _vol_run_progress (s->run, phase, text, s->done, s->total, (double) s->done / s->total, bytes);
}

static gboolean
transfer_phase (Surface  *s,
                GError  **error)
{
  SurfacePlan *plan = s->plan;
  guint64 step = vol_surface_step (plan->size, plan->sample_size, plan->samples, plan->grain);
  guint64 bytes = 0;
  gboolean ok = TRUE;
  guint i;

  /* one untimed read first: the buffer's pages and the device's first
   * request are not the first position's time */
  if (!read_at (s, 0, plan->sample_size, NULL, error))
    return FALSE;
  _vol_run_phase_begin (s->run);
  for (i = 0; i < plan->samples && ok; i++)
    {
      guint64 offset = step * i;
      double rate;
      gint64 ns;
      g_autofree char *text = NULL;

      if (!_vol_run_check_cancelled (s->run, error))
        {
          ok = FALSE;
          break;
        }
      if (!(ok = read_position (s, offset, &ns, error)))
        break;
      rate = vol_kind_surface_append_transfer (s->transfer, offset, plan->size, plan->sample_size, ns / 1e9);
      _vol_run_sample (s->run, VOL_SURFACE_SERIES_TRANSFER, vol_kind_surface_position (offset, plan->size), rate);
      bytes += plan->sample_size + plan->grain;
      s->done++;
      /* TRANSLATORS: the surface scan's progress: "Position 12 of 200" */
      text = g_strdup_printf (_("Reading across the device: position %u of %u"), i + 1, plan->samples);
      progress (s, VOL_SURFACE_SERIES_TRANSFER, text, bytes);
    }
  _vol_run_phase_end (s->run, VOL_SURFACE_SERIES_TRANSFER, (guint64) i * 2, 0, (guint64) i * (plan->sample_size + plan->grain), 0);
  return ok;
}

/* Positions under half their neighbours are read twice more (seek,
 * timed read) before anything is called a slow spot: on a busy machine a
 * single slow read is the machine, not the disk. At most a fifth of the
 * positions are re-read. */
static gboolean
confirm_slow_spots (Surface  *s,
                    GError  **error)
{
  SurfacePlan *plan = s->plan;
  guint64 step = vol_surface_step (plan->size, plan->sample_size, plan->samples, plan->grain);
  g_autoptr(GArray) slow = vol_kind_surface_slow_positions (s->transfer, MAX (plan->samples / 5, 1));

  for (guint k = 0; k < slow->len; k++)
    {
      guint i = g_array_index (slow, guint, k);
      double best = 0;

      for (guint n = 0; n < 2; n++)
        {
          gint64 ns;

          if (!_vol_run_check_cancelled (s->run, error) || !read_position (s, step * i, &ns, error))
            return FALSE;
          best = MAX (best, plan->sample_size / (ns / 1e9));
        }
      vol_kind_surface_set_reread (s->transfer, i, best);
    }
  return TRUE;
}

static gboolean
access_phase (Surface  *s,
              GError  **error)
{
  SurfacePlan *plan = s->plan;
  guint64 slots = plan->size / plan->grain;
  guint64 rng = s->run->seed ^ G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  guint64 bytes = 0;
  gboolean ok = TRUE;
  guint i;

  if (plan->access == 0)
    return TRUE;
  _vol_run_phase_begin (s->run);
  for (i = 0; i < plan->access && ok; i++)
    {
      guint64 offset = vol_random_below (&rng, slots) * plan->grain;
      gint64 ns;

      if (!_vol_run_check_cancelled (s->run, error))
        {
          ok = FALSE;
          break;
        }
      if (!(ok = read_at (s, offset, plan->grain, &ns, error)))
        break;
      vol_kind_surface_append_access (s->access, offset, plan->size, ns / 1e9);
      /* the live chart's dots, in seconds as the series holds them */
      _vol_run_sample (s->run, VOL_SURFACE_SERIES_ACCESS, vol_kind_surface_position (offset, plan->size), ns / 1e9);
      bytes += plan->grain;
      s->done++;
      if (i % 16 == 15 || i + 1 == plan->access)
        {
          g_autofree char *text = g_strdup_printf (_("Access times: read %u of %u"), i + 1, plan->access);
          progress (s, VOL_SURFACE_SERIES_ACCESS, text, bytes);
        }
    }
  _vol_run_phase_end (s->run, VOL_SURFACE_SERIES_ACCESS, i, 0, (guint64) i * plan->grain, 0);
  return ok;
}

/* The fastest re-read of a region just read: the drive's cache. */
static gboolean
burst_phase (Surface  *s,
             double   *rate,
             GError  **error)
{
  gsize len = (gsize) MIN (BURST_REGION, s->plan->sample_size);
  gint64 best = G_MAXINT64;

  *rate = 0;
  if (!read_at (s, 0, len, NULL, error))
    return FALSE;
  for (guint i = 0; i < BURST_READS; i++)
    {
      gint64 ns;

      if (!_vol_run_check_cancelled (s->run, error) || !read_at (s, 0, len, &ns, error))
        return FALSE;
      best = MIN (best, ns);
    }
  *rate = len / (best / 1e9);
  return TRUE;
}

static gboolean
surface_run (VolRun  *run,
             GError **error)
{
  Surface s = { run, run->test_data };
  SurfacePlan *plan = s.plan;
  double burst = 0;
  gboolean ok;

  s.total = plan->samples + plan->access;
  s.transfer = vol_kind_surface_add_series (run->result, FALSE);
  s.access = vol_kind_surface_add_series (run->result, TRUE);
  run->result->io_backend = (g_free (run->result->io_backend), g_strdup ("sync"));

  s.buf = vol_io_alloc_aligned (plan->sample_size, 4096);
  ok = transfer_phase (&s, error) && confirm_slow_spots (&s, error) && access_phase (&s, error)
       && burst_phase (&s, &burst, error);
  /* what was measured is kept, whatever ended the run */
  vol_kind_surface_summarize (run->result, s.transfer, s.access, ok ? burst : 0, plan->size);
  vol_io_free_aligned (s.buf);
  return ok;
}

const VolTestOps vol_test_surface = {
  .name = VOL_KIND_SURFACE,
  .prepare = surface_prepare,
  .run = surface_run,
};
