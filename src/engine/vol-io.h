/* vol-io.h — the system calls a test makes, behind a table tests can wrap
 *
 * Every file operation of a test goes through a VolIoOps, so a test can
 * put a layer in front of the real calls and make the Nth write fail with
 * EIO or ENOSPC, or come back short — errors no real disk gives on demand.
 * Each function behaves like the system call it is named after: it
 * returns -1 and sets errno on failure. Called on the worker thread.
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

#include "vol-io-buffer.h"

G_BEGIN_DECLS

typedef struct _VolIoOps VolIoOps;

struct _VolIoOps
{
  int     (*openat)    (const VolIoOps *ops, int dirfd, const char *name, int flags, mode_t mode);
  ssize_t (*pwrite)    (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset);
  ssize_t (*pread)     (const VolIoOps *ops, int fd, void *buf, size_t count, off_t offset);
  int     (*fdatasync) (const VolIoOps *ops, int fd);
  int     (*fadvise)   (const VolIoOps *ops, int fd, off_t offset, off_t len, int advice);
  int     (*close)     (const VolIoOps *ops, int fd);
  /* An I/O handed to the kernel another way (io_uring), just before it
   * is submitted: for observers such as the test harness, which must see
   * every write a run makes. Optional (NULL); the real table has none. */
  void    (*submitted) (const VolIoOps *ops, int fd, gboolean is_write,
                        const void *buf, size_t count, off_t offset);
  /* The clock an I/O is timed on, in nanoseconds: a test drives a virtual
   * one, so a figure it checks follows the I/O it made and not the
   * machine's load. Optional (NULL): CLOCK_MONOTONIC, vol_io_now_ns. */
  gint64  (*now_ns)    (const VolIoOps *ops);
};

/* Calls ops->submitted when the table has one. */
static inline void
vol_io_note_submitted (const VolIoOps *ops,
                       int             fd,
                       gboolean        is_write,
                       const void     *buf,
                       size_t          count,
                       off_t           offset)
{
  if (ops->submitted != NULL)
    ops->submitted (ops, fd, is_write, buf, count, offset);
}

gint64    vol_io_now_ns          (void);

/* The table's clock: ops->now_ns when it has one, else vol_io_now_ns. */
static inline gint64
vol_io_clock_ns (const VolIoOps *ops)
{
  return ops->now_ns != NULL ? ops->now_ns (ops) : vol_io_now_ns ();
}

const VolIoOps *vol_io_ops_default (void);

/* Alignment O_DIRECT needs for an open file: statx (STATX_DIOALIGN) where
 * the kernel reports it, else the logical block size. */
typedef struct
{
  gboolean direct_ok;     /* FALSE: the filesystem refuses O_DIRECT for this file */
  guint    mem_align;     /* buffer address alignment, bytes */
  guint    offset_align;  /* file offset and length alignment, bytes */
} VolDioAlign;

void      vol_io_query_dio_align (int          fd,
                                  guint        fallback_block_size,
                                  VolDioAlign *align);

gboolean  vol_io_write_all       (const VolIoOps *ops,
                                  int             fd,
                                  const void     *buf,
                                  gsize           count,
                                  guint64         offset,
                                  const char     *name,
                                  GError        **error);
gboolean  vol_io_read_all        (const VolIoOps *ops,
                                  int             fd,
                                  void           *buf,
                                  gsize           count,
                                  guint64         offset,
                                  const char     *name,
                                  GError        **error);

G_END_DECLS
