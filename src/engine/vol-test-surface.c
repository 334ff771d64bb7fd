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
#include "vol-stats.h"
#include "vol-surface.h"

#define BURST_REGION (512 * KiB)
#define BURST_READS 8
#define MAX_DIPS 10

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
      double row[5];
      gint64 ns;
      g_autofree char *text = NULL;

      if (!_vol_run_check_cancelled (s->run, error))
        {
          ok = FALSE;
          break;
        }
      if (!(ok = read_position (s, offset, &ns, error)))
        break;
      row[0] = 100.0 * offset / plan->size;
      row[1] = offset;
      row[2] = plan->sample_size / (ns / 1e9);
      row[3] = ns / 1e9;
      row[4] = NAN;   /* re-read only if it looks slow (confirm_slow_spots) */
      vol_series_append (s->transfer, row, G_N_ELEMENTS (row));
      _vol_run_sample (s->run, VOL_SURFACE_SERIES_TRANSFER, row[0], row[2]);
      bytes += plan->sample_size + plan->grain;
      s->done++;
      /* TRANSLATORS: the surface scan's progress: "Position 12 of 200" */
      text = g_strdup_printf (_("Reading across the device: position %u of %u"), i + 1, plan->samples);
      progress (s, VOL_SURFACE_SERIES_TRANSFER, text, bytes);
    }
  _vol_run_phase_end (s->run, VOL_SURFACE_SERIES_TRANSFER, (guint64) i * 2, 0, (guint64) i * (plan->sample_size + plan->grain), 0);
  return ok;
}

/* The rate of each position: its re-read's where it was re-read (the
 * faster of the two: a slow spot is slow every time, a hiccup of the
 * machine once). */
static GArray *
effective_rates (const VolSeries *transfer)
{
  const GArray *first = vol_series_get_column (transfer, VOL_COL_THROUGHPUT)->values;
  const GArray *again = vol_series_get_column (transfer, VOL_SURFACE_COL_REREAD)->values;
  GArray *rates = g_array_sized_new (FALSE, FALSE, sizeof (double), first->len);

  for (guint i = 0; i < first->len; i++)
    {
      double a = g_array_index (first, double, i), b = g_array_index (again, double, i);
      double r = isnan (b) ? a : MAX (a, b);
      g_array_append_val (rates, r);
    }
  return rates;
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
  const VolColumn *rates = vol_series_get_column (s->transfer, VOL_COL_THROUGHPUT);
  VolColumn *again = vol_series_get_column (s->transfer, VOL_SURFACE_COL_REREAD);
  g_autoptr(GArray) dips = vol_stats_find_dips ((const double *) rates->values->data, rates->values->len, G_MAXUINT);
  guint budget = MAX (plan->samples / 5, 1);

  for (guint d = 0; d < dips->len && budget > 0; d++)
    {
      const VolDip *dip = &g_array_index (dips, VolDip, d);

      for (guint i = dip->first; i <= dip->last && budget > 0; i++, budget--)
        {
          double best = 0;

          for (guint k = 0; k < 2; k++)
            {
              gint64 ns;

              if (!_vol_run_check_cancelled (s->run, error) || !read_position (s, step * i, &ns, error))
                return FALSE;
              best = MAX (best, plan->sample_size / (ns / 1e9));
            }
          g_array_index (again->values, double, i) = best;
        }
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
      double row[3];
      gint64 ns;

      if (!_vol_run_check_cancelled (s->run, error))
        {
          ok = FALSE;
          break;
        }
      if (!(ok = read_at (s, offset, plan->grain, &ns, error)))
        break;
      row[0] = 100.0 * offset / plan->size;
      row[1] = offset;
      row[2] = ns / 1e9;
      vol_series_append (s->access, row, G_N_ELEMENTS (row));
      /* the live chart's dots, in seconds as the series holds them */
      _vol_run_sample (s->run, VOL_SURFACE_SERIES_ACCESS, row[0], row[2]);
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

static void
column_values (const VolSeries *series,
               const char      *name,
               GArray         **out)
{
  const VolColumn *c = vol_series_get_column (series, name);

  *out = g_array_new (FALSE, FALSE, sizeof (double));
  if (c && c->values)
    g_array_append_vals (*out, c->values->data, c->values->len);
}

static void
summarize (Surface *s,
           double   burst)
{
  VolResult *result = s->run->result;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GArray) positions = NULL;
  g_autoptr(GArray) times = NULL;
  g_autoptr(GArray) dips = NULL;
  VolCliff cliff;

  rates = effective_rates (s->transfer);
  column_values (s->transfer, VOL_COL_POSITION, &positions);
  column_values (s->access, VOL_SURFACE_COL_LATENCY, &times);
  vol_result_add_summary (result, VOL_SURFACE_SERIES_TRANSFER, VOL_COL_THROUGHPUT);
  if (times->len > 0)
    {
      static const double pcts[] = { 50, 99 };
      double out[2];
      VolStats st;

      vol_result_add_summary (result, VOL_SURFACE_SERIES_ACCESS, VOL_SURFACE_COL_LATENCY);
      vol_stats_compute ((const double *) times->data, times->len, &st);
      vol_stats_percentiles ((const double *) times->data, times->len, pcts, out, 2);
      vol_result_add_figure (result, "access-mean", N_("Access time, mean"), "s", st.mean);
      vol_result_add_figure (result, "access-median", N_("Access time, median"), "s", out[0]);
      vol_result_add_figure (result, "access-p99", N_("Access time, 99th percentile"), "s", out[1]);
    }
  if (burst > 0)
    vol_result_add_figure (result, "burst", N_("Burst rate (a region just read, from the drive's cache)"), "B/s", burst);
  vol_result_add_figure (result, "device-size", N_("Device size"), "B", s->plan->size);

  if (rates->len > 0 && vol_stats_find_cliff ((const double *) rates->data, rates->len, &cliff))
    {
      /* xgettext:no-c-format */
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_POSITION, N_("Throughput drops at (% of capacity)"), "%",
                             g_array_index (positions, double, cliff.index));
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_BEFORE, N_("Throughput before the drop"), "B/s", cliff.before_mean);
      vol_result_add_figure (result, VOL_SURFACE_FIG_DROP_AFTER, N_("Throughput after the drop"), "B/s", cliff.after_mean);
    }
  dips = vol_stats_find_dips ((const double *) rates->data, rates->len, MAX_DIPS);
  vol_result_add_figure (result, VOL_SURFACE_FIG_DIPS, N_("Slow spots (under half their neighbours)"), "", dips->len);
  if (dips->len > 0)
    {
      VolSeries *series = vol_result_add_series (result, VOL_SURFACE_SERIES_DIPS, N_("Slow spots"), VOL_SURFACE_COL_FROM, VOL_SURFACE_COL_LEVEL);

      vol_series_add_column (series, VOL_SURFACE_COL_FROM, "%");
      vol_series_add_column (series, VOL_SURFACE_COL_TO, "%");
      vol_series_add_column (series, VOL_SURFACE_COL_LEVEL, "B/s");
      vol_series_add_column (series, VOL_SURFACE_COL_AROUND, "B/s");
      for (guint i = 0; i < dips->len; i++)
        {
          const VolDip *d = &g_array_index (dips, VolDip, i);
          double row[4] = {
            g_array_index (positions, double, d->first), g_array_index (positions, double, d->last),
            d->level, d->around,
          };
          vol_series_append (series, row, G_N_ELEMENTS (row));
        }
    }
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
  s.transfer = vol_result_add_series (run->result, VOL_SURFACE_SERIES_TRANSFER, N_("Transfer rate"), VOL_COL_POSITION, VOL_COL_THROUGHPUT);
  vol_series_add_column (s.transfer, VOL_COL_POSITION, "%");
  vol_series_add_column (s.transfer, "offset", "B");
  vol_series_add_column (s.transfer, VOL_COL_THROUGHPUT, "B/s");
  vol_series_add_column (s.transfer, VOL_COL_SECONDS, "s");
  vol_series_add_column (s.transfer, VOL_SURFACE_COL_REREAD, "B/s");
  s.access = vol_result_add_series (run->result, VOL_SURFACE_SERIES_ACCESS, N_("Access time"), VOL_COL_POSITION, VOL_SURFACE_COL_LATENCY);
  vol_series_add_column (s.access, VOL_COL_POSITION, "%");
  vol_series_add_column (s.access, "offset", "B");
  vol_series_add_column (s.access, VOL_SURFACE_COL_LATENCY, "s");
  run->result->io_backend = (g_free (run->result->io_backend), g_strdup ("sync"));

  s.buf = vol_io_alloc_aligned (plan->sample_size, 4096);
  ok = transfer_phase (&s, error) && confirm_slow_spots (&s, error) && access_phase (&s, error)
       && burst_phase (&s, &burst, error);
  /* what was measured is kept, whatever ended the run */
  summarize (&s, ok ? burst : 0);
  vol_io_free_aligned (s.buf);
  return ok;
}

const VolTestOps vol_test_surface = {
  .name = VOL_KIND_SURFACE,
  .prepare = surface_prepare,
  .run = surface_run,
};
