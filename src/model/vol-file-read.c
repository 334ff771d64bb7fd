/* vol-file-read.c — open only a regular file, read only so much of it */
#include "vol-file-read.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

static void
set_errno_error (GError **error,
                 int      saved_errno)
{
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
}

static const char *
describe_type (mode_t mode)
{
  if (S_ISFIFO (mode))
    return _("a named pipe (FIFO)");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("a device");
  if (S_ISSOCK (mode))
    return _("a socket");
  if (S_ISDIR (mode))
    return _("a folder");
  return _("not a regular file");
}

/**
 * vol_file_open_regular:
 * @st: (out): the file's status
 *
 * Opens @path for reading if it is a regular file. O_NONBLOCK makes the
 * open of a FIFO return at once (without it, open() waits for a writer);
 * fstat() on the descriptor then judges the file that was opened, not a
 * name that may be swapped in between. A symbolic link to a regular file
 * is followed (results are often linked); to a FIFO it is refused too.
 *
 * Returns: the descriptor (blocking again), or -1 with a G_IO_ERROR that
 *   says what the path is ("a named pipe (FIFO)…"); the caller names it
 */
int
vol_file_open_regular (const char   *path,
                       struct stat  *st,
                       GError      **error)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  int flags;

  if (fd < 0)
    {
      set_errno_error (error, errno);
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      set_errno_error (error, errno);
      g_close (fd, NULL);
      return -1;
    }
  if (!S_ISREG (st->st_mode))
    {
      g_set_error (error, G_IO_ERROR, S_ISDIR (st->st_mode) ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE,
                   _("it is %s, not a file: nothing was read from it"), describe_type (st->st_mode));
      g_close (fd, NULL);
      return -1;
    }
  /* a regular file never blocks, but a later read should not see EAGAIN */
  flags = fcntl (fd, F_GETFL);
  if (flags >= 0)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

/**
 * vol_file_read_fd:
 * @fd: (transfer full): a descriptor of vol_file_open_regular(); closed
 * @limit: read at most @limit + 1 bytes, so that a file growing under us
 *   is seen to be over the limit without being read whole
 * @length: (out): the bytes read (more than @limit: the file is larger)
 *
 * Returns: (transfer full): the bytes, nul-terminated, or %NULL with a
 *   G_IO_ERROR
 */
char *
vol_file_read_fd (int      fd,
                  gsize    limit,
                  gsize   *length,
                  GError **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  struct stat st;

  bytes = g_byte_array_sized_new (fstat (fd, &st) == 0 && st.st_size > 0
                                  ? (guint) MIN ((gsize) st.st_size, limit) + 1 : 65536);
  while (bytes->len <= limit)
    {
      guint8 buf[65536];
      gssize n = read (fd, buf, MIN (sizeof buf, limit + 1 - bytes->len));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_errno_error (error, errno);
          g_close (fd, NULL);
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (bytes, buf, (guint) n);
    }
  g_close (fd, NULL);
  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

/**
 * vol_file_read_bounded:
 *
 * vol_file_open_regular() then vol_file_read_fd(): at most @limit + 1
 * bytes of a regular file.
 */
char *
vol_file_read_bounded (const char  *path,
                       gsize        limit,
                       gsize       *length,
                       GError     **error)
{
  struct stat st;
  int fd = vol_file_open_regular (path, &st, error);

  if (fd < 0)
    return NULL;
  return vol_file_read_fd (fd, limit, length, error);
}
