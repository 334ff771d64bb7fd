/* vol-scratch-file.c — opening, sizing and laying down scratch files */
#include "vol-scratch-file.h"
#include "vol-units.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-size.h"

/**
 * _vol_scratch_file_open:
 * @flags: O_RDONLY, O_WRONLY or O_RDWR, with O_CREAT | O_EXCL for a new file
 * @direct: (inout): TRUE to try O_DIRECT; set to whether it is in use
 *
 * Opens @name in the scratch folder (never following a link). Where the
 * filesystem refuses O_DIRECT (ramfs, some FUSE), opens it buffered and
 * marks the result cache_bypass "fadvise", so the number is never passed
 * off as the device's.
 */
int
_vol_scratch_file_open (VolRun      *run,
                     const char  *name,
                     int          flags,
                     gboolean    *direct,
                     GError     **error)
{
  const VolIoOps *io = run->io;
  int dir = vol_scratch_get_fd (run->scratch);
  int fd, saved;

  flags |= O_NOFOLLOW | O_CLOEXEC;
  if (*direct)
    {
      fd = io->openat (io, dir, name, flags | O_DIRECT, 0600);
      if (fd >= 0)
        return fd;
      if (errno != EINVAL)
        goto fail;
      /* the kernel may have created the file before refusing the flag */
      if (flags & O_CREAT)
        unlinkat (dir, name, 0);
      *direct = FALSE;
      run->result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
    }
  fd = io->openat (io, dir, name, flags, 0600);
  if (fd >= 0)
    return fd;

fail:
  saved = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               (flags & O_CREAT) ? _("Creating %s in %s failed: %s") : _("Opening %s in %s failed: %s"),
               name, vol_scratch_get_path (run->scratch), g_strerror (saved));
  return -1;
}

/**
 * _vol_scratch_file_fit:
 * @wanted: bytes the test would like
 * @keep_free: bytes to leave free
 *
 * @wanted, or less when the free space (minus @keep_free) is smaller,
 * rounded down to whole MiB. An error naming the target and the sizes when
 * not even 1 MiB fits.
 */
guint64
_vol_scratch_file_fit (VolRun   *run,
                    guint64   wanted,
                    guint64   keep_free,
                    GError  **error)
{
  struct statvfs vfs;
  guint64 avail, size;

  /* the descriptor opened once, not the path again: a folder swapped since
   * must not decide how much is written here */
  if (fstatvfs (vol_scratch_get_target_fd (run->scratch), &vfs) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot read the free space of %s: %s"), run->target->path, g_strerror (saved));
      return 0;
    }
  avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  /* ramfs reports nothing: take what was asked for */
  if (vfs.f_blocks == 0)
    avail = wanted + keep_free;
  avail = avail > keep_free ? avail - keep_free : 0;
  size = MIN (wanted, avail) / MiB * MiB;
  if (size == 0)
    {
      g_autofree char *free_text = vol_size_format (avail);
      g_autofree char *keep_text = vol_size_format (keep_free);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s: %s is left after keeping %s free"),
                   run->target->path, free_text, keep_text);
      return 0;
    }
  return size;
}

/**
 * _vol_scratch_file_flush:
 *
 * fdatasync through the run's I/O table; an error naming @name.
 */
gboolean
_vol_scratch_file_flush (VolRun      *run,
                      int          fd,
                      const char  *name,
                      GError     **error)
{
  const VolIoOps *io = run->io;
  int saved;

  if (io->fdatasync (io, fd) == 0)
    return TRUE;
  saved = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("Flushing %s to the device failed: %s"), name, g_strerror (saved));
  return FALSE;
}

/**
 * _vol_scratch_file_close:
 *
 * close through the run's I/O table; an error naming @name (a close can
 * report a write-back failure of a buffered file).
 */
gboolean
_vol_scratch_file_close (VolRun      *run,
                      int          fd,
                      const char  *name,
                      GError     **error)
{
  int saved;

  if (run->io->close (run->io, fd) == 0)
    return TRUE;
  saved = errno;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("Closing %s failed: %s"), name, g_strerror (saved));
  return FALSE;
}

/**
 * _vol_scratch_file_lay_down:
 * @pool: its buffer is written over and over, stamped unique per block
 * @first_serial: the stamp of the file's first 4 KiB block, taken from
 *   _vol_run_take_serials () for size / 4 KiB blocks; the block at
 *   offset o carries @first_serial + o / 4 KiB
 *
 * Writes @size bytes sequentially (in the pool's size), then fdatasync:
 * a file to read from or overwrite at random. Checks for cancel before
 * every write.
 */
gboolean
_vol_scratch_file_lay_down (VolRun       *run,
                         int           fd,
                         const char   *name,
                         guint64       size,
                         VolDataPool  *pool,
                         guint64       first_serial,
                         gboolean      direct,
                         GError      **error)
{
  return _vol_scratch_file_lay_down_with (run, fd, name, size, pool, first_serial, direct, NULL, NULL, error);
}

/**
 * _vol_scratch_file_lay_down_with:
 * @each: (nullable): called after every write with the bytes written so
 *   far (for progress); returning FALSE stops the lay-down quietly (for a
 *   worker whose pool stopped): FALSE is then returned with @error unset
 *
 * _vol_scratch_file_lay_down () with a hook.
 */
gboolean
_vol_scratch_file_lay_down_with (VolRun          *run,
                              int              fd,
                              const char      *name,
                              guint64          size,
                              VolDataPool     *pool,
                              guint64          first_serial,
                              gboolean         direct,
                              VolLayDownFunc   each,
                              gpointer         user_data,
                              GError         **error)
{
  const VolIoOps *io = run->io;
  gsize chunk = vol_data_pool_get_size (pool);

  for (guint64 offset = 0; offset < size; offset += chunk)
    {
      gsize len = (gsize) MIN ((guint64) chunk, size - offset);

      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      vol_data_pool_stamp (pool, first_serial + offset / VOL_STAMP_BLOCK, len);
      if (!vol_io_write_all (io, fd, vol_data_pool_get_data (pool), len, offset, name, error))
        return FALSE;
      if (each != NULL && !each (offset + len, user_data))
        return FALSE;
    }
  if (!_vol_scratch_file_flush (run, fd, name, error))
    return FALSE;
  _vol_scratch_file_drop_cache (run, fd, direct);
  return TRUE;
}

static guint
logical_block_size (VolRun *run)
{
  guint block = 0;

  for (guint i = 0; i < run->target->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (run->target->devices, i);
      block = MAX (block, dev->logical_block_size);
    }
  return block;
}

/**
 * _vol_scratch_file_open_aligned:
 * @must_align: every size and offset the test will transfer at, OR-ed
 *   together (the alignment is a power of two, so one test covers all)
 * @direct: (inout): TRUE to try O_DIRECT; set to whether it is in use
 * @mem_align: (out) (optional): the buffer alignment to allocate with (at
 *   least 4 KiB)
 *
 * _vol_scratch_file_open (), then the O_DIRECT alignment check: where the
 * filesystem wants a larger alignment than the test's I/Os have (a 4 KiB
 * sector under a 512-byte shift), the file is opened again buffered and
 * the result marked "fadvise" rather than failing every I/O with EINVAL.
 */
int
_vol_scratch_file_open_aligned (VolRun      *run,
                             const char  *name,
                             int          flags,
                             guint64      must_align,
                             gboolean    *direct,
                             gsize       *mem_align,
                             GError     **error)
{
  VolDioAlign align = { TRUE, 4096, 512 };
  int fd = _vol_scratch_file_open (run, name, flags, direct, error);

  if (fd < 0)
    return -1;
  if (*direct)
    {
      vol_io_query_dio_align (fd, logical_block_size (run), &align);
      if (!align.direct_ok || must_align % align.offset_align != 0)
        {
          run->io->close (run->io, fd);
          *direct = FALSE;
          run->result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
          fd = _vol_scratch_file_open (run, name, flags & ~(O_CREAT | O_EXCL), direct, error);
          if (fd < 0)
            return -1;
        }
    }
  if (mem_align != NULL)
    *mem_align = MAX (align.mem_align, 4096);
  return fd;
}

/**
 * _vol_scratch_file_probe_direct:
 * @name: a throwaway file in the scratch folder, removed again
 * @direct: (out): whether O_DIRECT works here
 * @align: (out): the alignment O_DIRECT needs; { TRUE, 4096, 512 } where
 *   it is not used
 *
 * Opens a throwaway file the way a test will, to learn whether O_DIRECT
 * works here and which alignment it needs, before anything is written.
 * Where it does not, the result is marked cache_bypass "fadvise". FALSE
 * with @error when the file cannot be created.
 */
gboolean
_vol_scratch_file_probe_direct (VolRun       *run,
                             const char   *name,
                             gboolean     *direct,
                             VolDioAlign  *align,
                             GError      **error)
{
  int fd;

  *align = (VolDioAlign) { TRUE, 4096, 512 };
  *direct = TRUE;
  fd = _vol_scratch_file_open (run, name, O_WRONLY | O_CREAT | O_EXCL, direct, error);
  if (fd < 0)
    return FALSE;
  if (*direct)
    {
      vol_io_query_dio_align (fd, logical_block_size (run), align);
      if (!align->direct_ok)
        {
          *direct = FALSE;
          run->result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
        }
    }
  run->io->close (run->io, fd);
  unlinkat (vol_scratch_get_fd (run->scratch), name, 0);
  return TRUE;
}

/**
 * _vol_scratch_file_drop_cache:
 *
 * For buffered files, drops their pages so the next read comes from the
 * device. Nothing to do under O_DIRECT.
 */
gboolean
_vol_scratch_file_drop_cache (VolRun   *run,
                           int       fd,
                           gboolean  direct)
{
  if (direct)
    return TRUE;
  return run->io->fadvise (run->io, fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
}

/**
 * _vol_scratch_file_label_ram:
 *
 * After a test ran: on tmpfs or devtmpfs O_DIRECT is accepted but there is
 * no device behind it, so a "direct" label would pass memory speed off as
 * a disk's. Such results say "none" (through the cache), which the chart
 * and the summary warn about. ramfs refuses O_DIRECT and is already
 * labelled "fadvise" by the fallback. Worker thread.
 */
void
_vol_scratch_file_label_ram (VolRun *run)
{
  if (run->target != NULL && run->result != NULL
      && run->result->cache_bypass == VOL_CACHE_BYPASS_DIRECT
      && vol_fs_type_is_ram (run->target->fs_type))
    run->result->cache_bypass = VOL_CACHE_BYPASS_NONE;
}

typedef struct
{
  VolRun     *run;
  const char *text;
  guint64     size;
  guint       n_items;
  double      rest_s;
  gint64      start;
  gint64      last;
} Reporting;

static gboolean
lay_down_report (guint64  done,
                 gpointer user_data)
{
  Reporting *r = user_data;
  gint64 now = vol_io_now_ns ();

  if (now - r->last >= 10 * G_GINT64_CONSTANT (1000000))
    {
      /* The lay-down's own length is estimated from its rate so far. */
      double t = (now - r->start) / 1e9;
      double est = t * r->size / (double) done;
      _vol_run_progress (r->run, "prepare", r->text, 0, r->n_items, t / (est + r->rest_s), done);
      r->last = now;
    }
  return TRUE;
}

/**
 * _vol_scratch_file_lay_down_reporting:
 * @n_items: the test's points, for the progress
 * @rest_s: how long the timed part after it takes, so the progress's
 *   fraction gives the lay-down its share
 * @first_serial: (out): the stamp of the file's first 4 KiB block (reads
 *   check it: block i carries first_serial + i)
 * @seconds: (out): how long it took
 *
 * The one file a time-bounded test reads and overwrites (Queue depth,
 * Quick benchmark): @size bytes in 1 MiB writes of the run's data,
 * stamped with a fresh range of the run's serials, flushed; progress in
 * phase "prepare" saying so.
 */
gboolean
_vol_scratch_file_lay_down_reporting (VolRun      *run,
                                   int          fd,
                                   const char  *name,
                                   guint64      size,
                                   gsize        mem_align,
                                   gboolean     direct,
                                   guint        n_items,
                                   double       rest_s,
                                   guint64     *first_serial,
                                   double      *seconds,
                                   GError     **error)
{
  gsize chunk = (gsize) MIN (size, G_GUINT64_CONSTANT (1) << 20);
  g_autoptr(VolDataPool) pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed, chunk, mem_align);
  g_autofree char *text = g_strdup_printf (_("Writing the %s test file"), name);
  Reporting r = { run, text, size, n_items, rest_s, vol_io_now_ns (), 0 };

  *first_serial = _vol_run_take_serials (run, (size + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK);
  if (!_vol_scratch_file_lay_down_with (run, fd, name, size, pool, *first_serial, direct, lay_down_report, &r, error))
    return FALSE;
  *seconds = (vol_io_now_ns () - r.start) / 1e9;
  return TRUE;
}
