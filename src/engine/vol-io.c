/* vol-io.c — the real system calls, and the helpers every test uses */
#include "vol-io.h"

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-pause-seam.h"

static int
real_openat (const VolIoOps *ops, int dirfd, const char *name, int flags, mode_t mode)
{
  int fd;

  do
    fd = openat (dirfd, name, flags, mode);
  while (fd < 0 && errno == EINTR);
  return fd;
}

static ssize_t
real_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset)
{
  return pwrite (fd, buf, count, offset);
}

static ssize_t
real_pread (const VolIoOps *ops, int fd, void *buf, size_t count, off_t offset)
{
  return pread (fd, buf, count, offset);
}

static int
real_fdatasync (const VolIoOps *ops, int fd)
{
  return fdatasync (fd);
}

/* posix_fadvise returns the error instead of setting errno; make it look
 * like every other call here. */
static int
real_fadvise (const VolIoOps *ops, int fd, off_t offset, off_t len, int advice)
{
  int rc = posix_fadvise (fd, offset, len, advice);

  if (rc != 0)
    {
      errno = rc;
      return -1;
    }
  return 0;
}

static int
real_close (const VolIoOps *ops, int fd)
{
  return close (fd);
}

static const VolIoOps default_ops = {
  real_openat, real_pwrite, real_pread, real_fdatasync, real_fadvise, real_close, NULL,
};

/**
 * vol_io_ops_default:
 *
 * The table that calls the kernel directly. Any thread. Only when a test
 * sets VOLUMETER_TEST_PAUSE (vol-pause-seam.h) does a pausing table stand
 * in front of it; otherwise it is exactly the kernel's calls.
 */
const VolIoOps *
vol_io_ops_default (void)
{
  return _vol_pause_seam_wrap (&default_ops);
}

/**
 * vol_io_query_dio_align:
 * @fallback_block_size: the device's logical block size, or 0 for 512
 *
 * Asks the kernel (statx, Linux 6.1+) what O_DIRECT needs for @fd. Where it
 * does not say, assume the logical block size for offsets and the page
 * size for buffers, which every filesystem accepts. Any thread.
 */
void
vol_io_query_dio_align (int          fd,
                        guint        fallback_block_size,
                        VolDioAlign *align)
{
  struct statx stx = { 0 };
  guint page = (guint) sysconf (_SC_PAGESIZE);

  align->direct_ok = TRUE;
  align->mem_align = page;
  align->offset_align = fallback_block_size ? fallback_block_size : 512;

  if (statx (fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0
      && (stx.stx_mask & STATX_DIOALIGN) != 0)
    {
      if (stx.stx_dio_offset_align == 0)
        {
          align->direct_ok = FALSE;   /* the filesystem says: no O_DIRECT here */
          return;
        }
      align->mem_align = MAX (stx.stx_dio_mem_align, 1);
      align->offset_align = stx.stx_dio_offset_align;
    }
}

/* A short transfer is legal (a signal, a full device): carry on from where
 * it stopped. Zero bytes with no error means the device took no more. */
static gboolean
transfer_all (const VolIoOps *ops,
              gboolean        writing,
              int             fd,
              guint8         *buf,
              gsize           count,
              guint64         offset,
              const char     *name,
              GError        **error)
{
  gsize done = 0;

  while (done < count)
    {
      ssize_t n;
      int saved;

      if (writing)
        n = ops->pwrite (ops, fd, buf + done, count - done, (off_t) (offset + done));
      else
        n = ops->pread (ops, fd, buf + done, count - done, (off_t) (offset + done));
      saved = errno;

      if (n < 0 && saved == EINTR)
        continue;
      if (n < 0)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       writing ? _("Writing %s at offset %" PRIu64 " failed: %s")
                               : _("Reading %s at offset %" PRIu64 " failed: %s"),
                       name, offset + done, g_strerror (saved));
          return FALSE;
        }
      if (n == 0)
        {
          if (writing)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                         _("Writing %s at offset %" PRIu64 " stopped: the device accepted no more data"),
                         name, offset + done);
          else
            g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_SHORT_IO,
                         _("Reading %s at offset %" PRIu64 " stopped early: the file is shorter than written"),
                         name, offset + done);
          return FALSE;
        }
      done += (gsize) n;
    }
  return TRUE;
}

gboolean
vol_io_write_all (const VolIoOps *ops,
                  int             fd,
                  const void     *buf,
                  gsize           count,
                  guint64         offset,
                  const char     *name,
                  GError        **error)
{
  return transfer_all (ops, TRUE, fd, (guint8 *) buf, count, offset, name, error);
}

gboolean
vol_io_read_all (const VolIoOps *ops,
                 int             fd,
                 void           *buf,
                 gsize           count,
                 guint64         offset,
                 const char     *name,
                 GError        **error)
{
  return transfer_all (ops, FALSE, fd, buf, count, offset, name, error);
}

/**
 * vol_io_now_ns:
 *
 * CLOCK_MONOTONIC in nanoseconds: never steps, unlike the wall clock.
 */
gint64
vol_io_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}
