/* vol-test-fill.c — Fill volume: speed across the whole capacity
 *
 * The test of the reviews that plot MB/s against position: N equal files
 * fill the free space (minus a reserve), each written in large chunks and
 * flushed inside its own timing, then every file is read back. A file's
 * sample sits at the point of the volume's capacity it fills:
 *
 *   position_i = (used_before + (i + ½) · file_size) / capacity · 100 %
 *   throughput_i = file_size / (t_after_fdatasync − t_first_write)
 *
 * Files are opened with O_DIRECT; where the filesystem refuses it the test
 * writes buffered, keeps fdatasync inside the timing, drops the pages with
 * POSIX_FADV_DONTNEED before reading, and the result says "fadvise".
 */

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-units.h"
#include "vol-estimate.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-scratch-file.h"

typedef struct
{
  guint   n_files;
  guint64 file_size;
  gsize   chunk;
  guint64 capacity;
  guint64 used_before;
  guint64 free_before;
  guint64 reserve;
} FillPlan;

static gboolean
fill_prepare (VolRun  *run,
              GError **error)
{
  FillPlan *plan = g_new0 (FillPlan, 1);
  struct statvfs vfs;
  g_autoptr(GVariant) reserve = vol_test_spec_get_value (run->spec, "reserve");
  guint64 avail, total;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = g_free;

  /* Fresh numbers: the probe ran a moment ago, but the scratch folder now
   * exists and someone else may be writing. */
  if (fstatvfs (vol_scratch_get_target_fd (run->scratch), &vfs) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot read the free space of %s: %s"), run->target->path, g_strerror (saved));
      return FALSE;
    }
  plan->capacity = (guint64) vfs.f_blocks * vfs.f_frsize;
  plan->free_before = (guint64) vfs.f_bavail * vfs.f_frsize;
  plan->used_before = (guint64) (vfs.f_blocks - vfs.f_bfree) * vfs.f_frsize;
  plan->n_files = (guint) vol_test_spec_get_int (run->spec, "files");

  if (g_variant_is_of_type (reserve, G_VARIANT_TYPE_DOUBLE))
    plan->reserve = MAX ((guint64) (plan->capacity * g_variant_get_double (reserve) / 100.0), VOL_FILL_RESERVE_FLOOR);
  else
    plan->reserve = (guint64) g_variant_get_int64 (reserve);

  avail = plan->free_before > plan->reserve ? plan->free_before - plan->reserve : 0;
  total = avail;
  if (plan->capacity == 0)
    {
      /* ramfs and some pseudo filesystems report no size at all: there
       * is no "full" to fill to, so the user must say how much. Positions
       * are then percentages of what was written. */
      if (!vol_test_spec_has (run->spec, "max-bytes"))
        {
          g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                       _("%s reports no capacity (a %s filesystem has no fixed size); give a maximum number of bytes to write"),
                       run->target->path, run->target->fs_type ? run->target->fs_type : "pseudo");
          return FALSE;
        }
      avail = total = (guint64) vol_test_spec_get_int (run->spec, "max-bytes");
      plan->reserve = 0;
    }
  else if (vol_test_spec_has (run->spec, "max-bytes"))
    total = MIN (total, (guint64) vol_test_spec_get_int (run->spec, "max-bytes"));

  /* Whole MiB per file: every offset then suits any O_DIRECT alignment. */
  plan->file_size = total / plan->n_files / MiB * MiB;
  if (plan->file_size == 0)
    {
      g_autofree char *avail_text = vol_size_format (avail);
      g_autofree char *total_text = vol_size_format (total);
      g_autofree char *reserve_text = vol_size_format (plan->reserve);
      if (total < avail)
        g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                     _("%s spread over %u files is less than 1 MiB per file; use fewer files or a larger maximum"),
                     total_text, plan->n_files);
      else
        g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                     _("Not enough free space in %s: %s after the %s reserve, less than 1 MiB for each of %u files; use fewer files or a smaller reserve"),
                     run->target->path, avail_text, reserve_text, plan->n_files);
      return FALSE;
    }
  plan->chunk = (gsize) MIN ((guint64) vol_test_spec_get_int (run->spec, "chunk"), plan->file_size);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "files", g_variant_new_int64 (plan->n_files));
  g_variant_builder_add (&b, "{sv}", "file-size", g_variant_new_int64 ((gint64) plan->file_size));
  g_variant_builder_add (&b, "{sv}", "chunk", g_variant_new_int64 ((gint64) plan->chunk));
  g_variant_builder_add (&b, "{sv}", "total-bytes", g_variant_new_int64 ((gint64) (plan->file_size * plan->n_files)));
  g_variant_builder_add (&b, "{sv}", "reserve", g_variant_new_int64 ((gint64) plan->reserve));
  g_variant_builder_add (&b, "{sv}", "capacity", g_variant_new_int64 ((gint64) plan->capacity));
  g_variant_builder_add (&b, "{sv}", "free-before", g_variant_new_int64 ((gint64) plan->free_before));
  g_variant_builder_add (&b, "{sv}", "used-before", g_variant_new_int64 ((gint64) plan->used_before));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

static char *
file_name (guint i)
{
  return g_strdup_printf ("fill-%06u.dat", i);
}

typedef struct
{
  VolRun      *run;
  FillPlan    *plan;
  VolDataPool *pool;
  gboolean     direct;
  VolSeries   *write;
  VolSeries   *read;
  guint64      bytes_written;
  guint64      bytes_read;
  guint64      writes;        /* write and read calls, for the device counters */
  guint64      reads;
  guint64     *serials;       /* per file: the run's stamp serial of its first block */
  char        *text;          /* the progress text of the current file */
  guint        text_key;
} Fill;

static double
position_of (const FillPlan *plan,
             guint           i)
{
  if (plan->capacity == 0)
    return (i + 0.5) / plan->n_files * 100.0;
  return (plan->used_before + (i + 0.5) * plan->file_size) / (double) plan->capacity * 100.0;
}

/* Called after every transfer, so the text is made once per file: gettext
 * and printf on each 4 KiB I/O were most of the engine's own CPU cost. */
static void
report (Fill       *fill,
        gboolean    writing,
        guint       i)
{
  FillPlan *plan = fill->plan;
  double total = 2.0 * plan->file_size * plan->n_files;
  guint key = (i << 1) | (writing ? 1 : 0);

  if (fill->text == NULL || fill->text_key != key)
    {
      g_free (fill->text);
      fill->text = writing ? g_strdup_printf (_("Writing file %u of %u"), i + 1, plan->n_files)
                           : g_strdup_printf (_("Reading file %u of %u"), i + 1, plan->n_files);
      fill->text_key = key;
    }
  _vol_run_progress (fill->run, writing ? VOL_FILL_SERIES_WRITE : VOL_FILL_SERIES_READ, fill->text,
                     i + 1, plan->n_files, (fill->bytes_written + fill->bytes_read) / total,
                     writing ? fill->bytes_written : fill->bytes_read);
}

static void
add_sample (Fill      *fill,
            VolSeries *series,
            guint      i,
            gint64     elapsed_ns)
{
  double position = position_of (fill->plan, i);
  double rate = vol_kind_fill_append_file (series, position, (double) fill->plan->file_size, elapsed_ns / 1e9, i);

  _vol_run_sample (fill->run, series->name, position, rate);
}

static int
open_file (Fill       *fill,
           const char *name,
           int         flags,
           GError    **error)
{
  const VolIoOps *io = fill->run->io;
  int fd, saved;

  fd = io->openat (io, vol_scratch_get_fd (fill->run->scratch), name,
                   flags | O_NOFOLLOW | O_CLOEXEC | (fill->direct ? O_DIRECT : 0), 0600);
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   (flags & O_CREAT) ? _("Creating %s in %s failed: %s") : _("Opening %s in %s failed: %s"),
                   name, vol_scratch_get_path (fill->run->scratch), g_strerror (saved));
    }
  return fd;
}

static gboolean
close_file (Fill       *fill,
            int         fd,
            const char *name,
            GError    **error)
{
  const VolIoOps *io = fill->run->io;
  int saved;

  if (io->close (io, fd) == 0)
    return TRUE;
  saved = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("Closing %s failed: %s"), name, g_strerror (saved));
  return FALSE;
}

/* Decides O_DIRECT once, on the first file, and sizes the buffer to what
 * the filesystem asks of it. Every way out with a file open has the
 * buffer: only the EINVAL of a filesystem that refuses O_DIRECT means
 * "write buffered"; any other failure (EMFILE, ENOSPC, EIO…) is the run's
 * error, reported as it came, not retried. */
static int
create_first_file (Fill       *fill,
                   const char *name,
                   GError    **error)
{
  VolRun *run = fill->run;
  const VolIoOps *io = run->io;
  guint block = 0;
  VolDioAlign align = { FALSE, 4096, 4096 };
  int fd;

  for (guint i = 0; i < run->target->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (run->target->devices, i);
      block = MAX (block, dev->logical_block_size);
    }

  /* ramfs, some FUSE refuse O_DIRECT: the shared opener writes buffered
   * then, and marks the result "fadvise". */
  fill->direct = TRUE;
  fd = _vol_scratch_file_open (run, name, O_WRONLY | O_CREAT | O_EXCL, &fill->direct, error);
  if (fd < 0)
    return -1;
  if (fill->direct)
    {
      vol_io_query_dio_align (fd, block, &align);
      if (!align.direct_ok || fill->plan->chunk % align.offset_align != 0)
        {
          io->close (io, fd);
          unlinkat (vol_scratch_get_fd (run->scratch), name, 0);
          fill->direct = FALSE;
          align.mem_align = 4096;
          run->result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
          fd = open_file (fill, name, O_WRONLY | O_CREAT | O_EXCL, error);
          if (fd < 0)
            return -1;
        }
    }

  fill->pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed,
                                  fill->plan->chunk, MAX (align.mem_align, 4096));
  return fd;
}

static gboolean
write_file (Fill    *fill,
            guint    i,
            GError **error)
{
  VolRun *run = fill->run;
  const VolIoOps *io = run->io;
  FillPlan *plan = fill->plan;
  g_autofree char *name = file_name (i);
  gint64 start;
  int fd;

  fd = i == 0 ? create_first_file (fill, name, error)
              : open_file (fill, name, O_WRONLY | O_CREAT | O_EXCL, error);
  if (fd < 0)
    return FALSE;

  /* one serial per 4 KiB block of the file, from the run's counter:
   * unique across files and whatever else the run writes */
  fill->serials[i] = _vol_run_take_serials (run, plan->file_size / VOL_STAMP_BLOCK);
  start = vol_io_now_ns ();
  for (guint64 offset = 0; offset < plan->file_size; offset += plan->chunk)
    {
      gsize len = (gsize) MIN (plan->chunk, plan->file_size - offset);

      if (!_vol_run_check_cancelled (run, error))
        goto fail;
      vol_data_pool_stamp (fill->pool, fill->serials[i] + offset / VOL_STAMP_BLOCK, len);
      if (!vol_io_write_all (io, fd, vol_data_pool_get_data (fill->pool), len, offset, name, error))
        goto fail;
      fill->bytes_written += len;
      fill->writes++;
      report (fill, TRUE, i);
    }
  /* The flush is part of the write: without it the number would be the
   * page cache's or the drive's write cache's, not the medium's. */
  if (!_vol_scratch_file_flush (run, fd, name, error))
    goto fail;
  add_sample (fill, fill->write, i, vol_io_now_ns () - start);

  if (!fill->direct)
    io->fadvise (io, fd, 0, 0, POSIX_FADV_DONTNEED);
  return close_file (fill, fd, name, error);

fail:
  io->close (io, fd);
  return FALSE;
}

static gboolean
read_file (Fill    *fill,
           guint    i,
           GError **error)
{
  VolRun *run = fill->run;
  const VolIoOps *io = run->io;
  FillPlan *plan = fill->plan;
  g_autofree char *name = file_name (i);
  guint8 *buf = vol_data_pool_get_data (fill->pool);
  gint64 start;
  int fd;

  fd = open_file (fill, name, O_RDONLY, error);
  if (fd < 0)
    return FALSE;
  if (!fill->direct)
    io->fadvise (io, fd, 0, 0, POSIX_FADV_DONTNEED);

  start = vol_io_now_ns ();
  for (guint64 offset = 0; offset < plan->file_size; offset += plan->chunk)
    {
      gsize len = (gsize) MIN (plan->chunk, plan->file_size - offset);
      guint64 serial = fill->serials[i] + offset / VOL_STAMP_BLOCK;
      guint64 bad;

      if (!_vol_run_check_cancelled (run, error))
        goto fail;
      if (!vol_io_read_all (io, fd, buf, len, offset, name, error))
        goto fail;
      if (!vol_data_pool_verify (fill->pool, buf, serial, len, &bad))
        {
          g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                       _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                       name, offset + bad * VOL_STAMP_BLOCK);
          goto fail;
        }
      fill->bytes_read += len;
      fill->reads++;
      report (fill, FALSE, i);
    }
  add_sample (fill, fill->read, i, vol_io_now_ns () - start);
  return close_file (fill, fd, name, error);

fail:
  io->close (io, fd);
  return FALSE;
}

static gboolean
fill_run (VolRun  *run,
          GError **error)
{
  Fill fill = { run, run->test_data };
  gboolean ok = TRUE;
  guint i;

  fill.write = vol_kind_fill_add_series (run->result, FALSE);
  fill.read = vol_kind_fill_add_series (run->result, TRUE);
  fill.serials = g_new0 (guint64, fill.plan->n_files);

  /* The device's counters per pass, not per file: a file's creation and
   * close fall between two timings but are the pass's own metadata, and
   * a thousand tiny phases would each carry a whole journal commit. */
  _vol_run_phase_begin (run);
  for (i = 0; ok && i < fill.plan->n_files; i++)
    ok = write_file (&fill, i, error);
  _vol_run_phase_end (run, VOL_FILL_SERIES_WRITE, 0, fill.writes, 0, fill.bytes_written);
  if (ok)
    {
      _vol_run_phase_begin (run);
      for (i = 0; ok && i < fill.plan->n_files; i++)
        ok = read_file (&fill, i, error);
      _vol_run_phase_end (run, VOL_FILL_SERIES_READ, fill.reads, 0, fill.bytes_read, 0);
    }

  vol_kind_fill_summarize (run->result, fill.write, fill.read, fill.bytes_written, fill.bytes_read);
  vol_data_pool_free (fill.pool);
  g_free (fill.serials);
  g_free (fill.text);
  return ok;
}

const VolTestOps vol_test_fill = {
  VOL_KIND_FILL,
  fill_prepare,
  fill_run,
};
