/* vol-test-cached.c — Cached vs device read, as hdparm -tT measures them
 *
 * Cached reads: one region (2 MiB, hdparm's) is read once to bring it into
 * the page cache, then read again and again through the cache, one call
 * per region, for cached-seconds: the memory and copy bandwidth the system
 * gives a reader whose data is cached.
 *
 *   cached = Σ bytes / Σ seconds of the timed reads
 *
 * Device reads: sequential O_DIRECT reads of 2 MiB from offset 0 for
 * device-seconds, wrapping to the start at the end of the source:
 *
 *   device = Σ bytes / Σ seconds
 *
 * The source is the mounted block device (/dev/<top of the chain>), opened
 * O_RDONLY — never written — when the user may (root, the disk group), or
 * else a test file laid down in the scratch folder. The result says which
 * in test.resolved.source. Where the filesystem refuses O_DIRECT for the
 * test file, device reads are buffered with the file's pages dropped
 * before each read, and the result says "fadvise".
 */

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-block-open.h"
#include "vol-units.h"
#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-scratch-file.h"

/* hdparm's TIMING_BUF_BYTES: the size of each device read */
#define DEVICE_CHUNK (2 * MiB)
#define WINDOW_NS (G_GINT64_CONSTANT (100000000))

typedef struct
{
  gboolean  device;       /* reading the block device, not a file */
  char     *path;         /* /dev/loop0, or the file's name in the scratch folder */
  guint64   size;         /* bytes that may be read, a whole number of chunks */
  gsize     region;
  int       direct_fd;    /* the device, opened in prepare; -1 for a file */
  double    cached_seconds;
  double    device_seconds;
} CachedPlan;

static void
plan_free (gpointer data)
{
  CachedPlan *plan = data;

  if (plan->direct_fd >= 0)
    close (plan->direct_fd);
  g_free (plan->path);
  g_free (plan);
}

static gboolean
cached_prepare (VolRun  *run,
                GError **error)
{
  CachedPlan *plan = g_new0 (CachedPlan, 1);
  const char *source = vol_test_spec_get_string (run->spec, "source");
  g_autoptr(GError) device_error = NULL;
  GVariantBuilder b;
  g_autofree char *resolved_source = NULL;

  run->test_data = plan;
  run->test_data_free = plan_free;
  plan->direct_fd = -1;
  plan->region = (gsize) vol_test_spec_get_int (run->spec, "region");
  plan->cached_seconds = vol_test_spec_get_double (run->spec, "cached-seconds");
  plan->device_seconds = vol_test_spec_get_double (run->spec, "device-seconds");

  if (!g_str_equal (source, "file"))
    {
      VolBlockGeometry geometry = { 0 };
      guint64 bytes = 0;

      if (run->target->device == NULL)
        g_set_error (&device_error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_TARGET,
                     _("The volume of %s has no block device to read (a %s filesystem)"),
                     run->target->path, run->target->fs_type ? run->target->fs_type : "virtual");
      else
        {
          plan->path = g_strdup_printf ("/dev/%s", run->target->device);
          plan->direct_fd = _vol_block_open_read (run, plan->path, O_DIRECT, NULL, &device_error);
        }
      if (plan->direct_fd >= 0 && _vol_block_get_geometry (plan->direct_fd, plan->path, &geometry, &device_error))
        bytes = geometry.size;
      if (device_error == NULL && plan->direct_fd >= 0 && bytes / DEVICE_CHUNK * DEVICE_CHUNK < MAX (DEVICE_CHUNK, plan->region))
        g_set_error (&device_error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                     _("%s is too small to read from (%" PRIu64 " bytes)"), plan->path, bytes);
      if (device_error == NULL)
        {
          plan->device = TRUE;
          plan->size = bytes / DEVICE_CHUNK * DEVICE_CHUNK;
        }
      else
        {
          if (plan->direct_fd >= 0)
            run->io->close (run->io, plan->direct_fd);
          plan->direct_fd = -1;
          g_clear_pointer (&plan->path, g_free);
          if (g_str_equal (source, "device"))
            {
              g_propagate_error (error, g_steal_pointer (&device_error));
              return FALSE;
            }
          g_debug ("device not readable, using a file: %s", device_error->message);
        }
    }

  if (!plan->device)
    {
      guint64 size = _vol_scratch_file_fit (run, VOL_CACHED_FILE_WANTED, VOL_KIND_KEEP_FREE, error);
      if (size == 0)
        return FALSE;
      size = size / DEVICE_CHUNK * DEVICE_CHUNK;
      if (size < MAX (2 * DEVICE_CHUNK, 2 * (guint64) plan->region))
        {
          g_autofree char *size_text = vol_size_format (size);
          g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                       _("Not enough free space in %s for the test file: %s fits, twice the cached region is needed"),
                       run->target->path, size_text);
          return FALSE;
        }
      plan->size = size;
      plan->path = g_strdup ("cached.dat");
    }

  resolved_source = plan->device ? g_strdup_printf ("device %s", plan->path) : g_strdup ("file");
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "source", g_variant_new_string (resolved_source));
  g_variant_builder_add (&b, "{sv}", "source-size", g_variant_new_int64 ((gint64) plan->size));
  g_variant_builder_add (&b, "{sv}", "region", g_variant_new_int64 ((gint64) plan->region));
  g_variant_builder_add (&b, "{sv}", "chunk", g_variant_new_int64 ((gint64) DEVICE_CHUNK));
  if (!plan->device && device_error)
    g_variant_builder_add (&b, "{sv}", "device-refused", g_variant_new_string (device_error->message));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct
{
  VolRun      *run;
  CachedPlan  *plan;
  VolDataPool *pool;          /* the test file's data, to check device reads */
  guint8      *buf;
  gboolean     direct;
  int          buffered_fd;
  int          direct_fd;
  VolSeries   *cached;
  VolSeries   *device;
  guint64      bytes[2];
  guint64      calls[2];
  gint64       ns[2];
  guint64      laid_serial;   /* the stamp serial of the test file's first block */
  double       done_before;   /* fraction of the run before the current phase */
  double       phase_share;
} Cached;

static gboolean
lay_down_file (Cached  *c,
               GError **error)
{
  VolRun *run = c->run;
  CachedPlan *plan = c->plan;
  const VolIoOps *io = run->io;

  c->direct = TRUE;
  c->direct_fd = _vol_scratch_file_open (run, plan->path, O_RDWR | O_CREAT | O_EXCL, &c->direct, error);
  if (c->direct_fd < 0)
    return FALSE;
  _vol_run_progress (run, "lay-down", _("Writing the test file"), 0, 0, 0, 0);
  c->laid_serial = _vol_run_take_serials (run, plan->size / VOL_STAMP_BLOCK);
  if (!_vol_scratch_file_lay_down (run, c->direct_fd, plan->path, plan->size, c->pool, c->laid_serial,
                                c->direct, error))
    return FALSE;
  c->buffered_fd = io->openat (io, vol_scratch_get_fd (run->scratch), plan->path,
                               O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);
  if (c->buffered_fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Opening %s in %s failed: %s"),
                   plan->path, vol_scratch_get_path (run->scratch), g_strerror (saved));
      return FALSE;
    }
  /* the region comes from the device on the warm-up read, not from pages
   * left by the writes */
  _vol_scratch_file_drop_cache (run, c->buffered_fd, FALSE);
  return TRUE;
}

static void
add_window (Cached    *c,
            VolSeries *series,
            gint64     phase_start,
            gint64     now,
            guint64    bytes,
            guint64    reads,
            gint64     window_ns)
{
  double seconds = window_ns / 1e9;
  double time = (now - phase_start) / 1e9;
  double rate;

  if (reads == 0 || seconds <= 0)
    return;
  rate = vol_kind_cached_append_window (series, time, (double) bytes, seconds, (double) reads);
  _vol_run_sample (c->run, series->name, time, rate);
}

/* One phase: reads of `len` bytes until `seconds` have passed. Each read
 * is timed on its own; the window samples sum those times, so the gaps
 * between reads (progress, cancel checks) are outside every figure. */
static gboolean
timed_reads (Cached    *c,
             int        which,
             double     seconds,
             GError   **error)
{
  VolRun *run = c->run;
  CachedPlan *plan = c->plan;
  const VolIoOps *io = run->io;
  gboolean cached = which == 0;
  VolSeries *series = cached ? c->cached : c->device;
  int fd = cached ? c->buffered_fd : c->direct_fd;
  gsize len = cached ? plan->region : DEVICE_CHUNK;
  const char *phase = cached ? "cached" : "device";
  const char *text = cached ? _("Reading through the page cache") : _("Reading from the device");
  gint64 limit = (gint64) (seconds * 1e9);
  gint64 phase_start = vol_io_now_ns (), window_start = phase_start;
  guint64 offset = 0, window_bytes = 0, window_reads = 0;
  gint64 window_ns = 0;

  while (c->ns[which] < limit)
    {
      gint64 t0, t1;

      if (!_vol_run_check_cancelled (run, error))
        break;
      if (!cached && !c->direct)
        io->fadvise (io, fd, (off_t) offset, (off_t) len, POSIX_FADV_DONTNEED);
      t0 = vol_io_now_ns ();
      if (!vol_io_read_all (io, fd, c->buf, len, cached ? 0 : offset, plan->path, error))
        break;
      t1 = vol_io_now_ns ();
      c->ns[which] += t1 - t0;
      c->bytes[which] += len;
      c->calls[which]++;
      window_ns += t1 - t0;
      window_bytes += len;
      window_reads++;

      if (!cached && !plan->device && c->pool)
        {
          guint64 bad;
          if (!vol_data_pool_verify (c->pool, c->buf, c->laid_serial + offset / VOL_STAMP_BLOCK, len, &bad))
            {
              g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                           _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                           plan->path, offset + bad * VOL_STAMP_BLOCK);
              break;
            }
        }
      if (!cached)
        {
          offset += len;
          if (offset + len > plan->size)
            offset = 0;
        }
      _vol_run_progress (run, phase, text, 0, 0,
                         c->done_before + c->phase_share * MIN (1.0, c->ns[which] / (double) limit),
                         c->bytes[which]);
      if (t1 - window_start >= WINDOW_NS)
        {
          add_window (c, series, phase_start, t1, window_bytes, window_reads, window_ns);
          window_start = t1;
          window_bytes = window_reads = 0;
          window_ns = 0;
        }
    }
  add_window (c, series, phase_start, vol_io_now_ns (), window_bytes, window_reads, window_ns);
  return c->ns[which] >= limit;
}

static void
summarize (Cached *c)
{
  VolCachedTotals totals = { { 0 } };

  for (guint i = 0; i < 2; i++)
    {
      totals.bytes[i] = c->bytes[i];
      totals.calls[i] = c->calls[i];
      totals.seconds[i] = c->ns[i] / 1e9;
    }
  vol_kind_cached_summarize (c->run->result, &totals);
}

static gboolean
cached_run (VolRun  *run,
            GError **error)
{
  Cached c = { run, run->test_data };
  CachedPlan *plan = c.plan;
  const VolIoOps *io = run->io;
  gboolean ok = TRUE;
  double total = plan->cached_seconds + plan->device_seconds;

  c.buffered_fd = -1;
  c.direct_fd = -1;
  c.cached = vol_kind_cached_add_series (run->result, FALSE);
  c.device = vol_kind_cached_add_series (run->result, TRUE);
  c.buf = vol_io_alloc_aligned (MAX ((gsize) DEVICE_CHUNK, plan->region), 4096);

  if (plan->device)
    {
      c.direct = TRUE;
      c.direct_fd = plan->direct_fd;
      plan->direct_fd = -1;
      c.buffered_fd = _vol_block_open_read (run, plan->path, 0, NULL, error);
      ok = c.buffered_fd >= 0;
    }
  else
    {
      c.pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed, DEVICE_CHUNK, 4096);
      ok = lay_down_file (&c, error);
    }

  /* the warm-up read: the region enters the page cache (untimed) */
  if (ok)
    ok = _vol_run_check_cancelled (run, error)
         && vol_io_read_all (io, c.buffered_fd, c.buf, plan->region, 0, plan->path, error);

  if (ok)
    {
      c.done_before = 0;
      c.phase_share = plan->cached_seconds / total;
      ok = timed_reads (&c, 0, plan->cached_seconds, error);
    }
  if (ok)
    {
      c.done_before = plan->cached_seconds / total;
      c.phase_share = plan->device_seconds / total;
      /* The device's counters for the device reads only: the cached phase
       * is meant never to reach it. */
      _vol_run_phase_begin (run);
      ok = timed_reads (&c, 1, plan->device_seconds, error);
      _vol_run_phase_end (run, "device", c.calls[1], 0, c.bytes[1], 0);
    }
  if (ok)
    _vol_run_progress (run, "device", _("Done"), 0, 0, 1.0, c.bytes[1]);

  summarize (&c);
  if (c.buffered_fd >= 0)
    io->close (io, c.buffered_fd);
  if (c.direct_fd >= 0)
    io->close (io, c.direct_fd);
  vol_io_free_aligned (c.buf);
  if (c.pool)
    vol_data_pool_free (c.pool);
  return ok;
}

const VolTestOps vol_test_cached = {
  VOL_KIND_CACHED,
  cached_prepare,
  cached_run,
};
