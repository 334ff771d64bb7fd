/* vol-file-write.c — a file written whole or not at all
 *
 * The text is written to an anonymous file (O_TMPFILE) in the target's
 * folder and given its name only when complete: linked under a temporary
 * name and renamed over the target at once. A failed write never leaves
 * half a file where a good one was, and a process killed at any point
 * (even by SIGKILL) leaves no temporary file behind, but for the instant
 * between the link and the rename. Where the filesystem has no O_TMPFILE,
 * a named temporary file is renamed instead.
 */
#include "vol-file-write.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

static gboolean
write_all (int           fd,
           const char   *data,
           gsize         len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      len -= (gsize) n;
    }
  return TRUE;
}

static void
set_write_error (GError     **error,
                 const char  *path,
                 int          saved)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               _("Could not write %s: %s"), display, g_strerror (saved));
}

/* Gives the anonymous file @fd the name @path: a link under a fresh
 * temporary name beside it, then a rename over @path (link() cannot
 * replace). Through /proc/self/fd, which needs no privilege; FALSE with
 * errno when that is not possible here. */
static gboolean
link_into_place (int          fd,
                 const char  *path)
{
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%08x", base, g_random_int ());
      g_autofree char *tmp = g_build_filename (dir, name, NULL);
      int saved;

      if (linkat (AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) != 0)
        {
          if (errno == EEXIST)
            continue;
          return FALSE;
        }
      if (rename (tmp, path) == 0)
        return TRUE;
      saved = errno;
      unlink (tmp);
      errno = saved;
      return FALSE;
    }
  errno = EEXIST;
  return FALSE;
}

/* The fallback where there is no O_TMPFILE or no /proc: GLib's named
 * temporary beside @path, renamed over it. A SIGKILL between its creation
 * and the rename leaves that temporary behind; the result is still never
 * half a file. Errors in G_IO_ERROR, as every caller expects. */
static gboolean
write_named_temporary (const char  *path,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_file_set_contents_full (path, data, (gssize) len,
                                G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                0644, &local_error))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR,
                       g_io_error_from_file_error (local_error->code),
                       local_error->message);
  return FALSE;
}

/* The rename is durable only once the folder's entry is on disk; a
 * failure here loses nothing that is not already lost, so it is ignored. */
static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
}

/**
 * vol_file_write_atomic:
 * @path: the file to write
 * @data: its whole contents
 * @length: the length of @data in bytes
 * @error: return location for a #G_IO_ERROR naming @path or its folder
 *
 * Writes @data to @path atomically (see the top of this file): @path holds
 * either what it held before or all of @data, and nothing else is left in
 * its folder, whatever stops the process. The data and the new name are
 * synced before it returns. Blocking; any thread.
 */
gboolean
vol_file_write_atomic (const char  *path,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd;
  int saved;

  fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      saved = errno;
      /* no O_TMPFILE on this filesystem (or kernel): a named temporary */
      if (saved == EOPNOTSUPP || saved == EISDIR || saved == EINVAL)
        return write_named_temporary (path, data, len, error);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot write to the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  /* O_TMPFILE's mode is masked by the umask like any other creation */
  if (!write_all (fd, data, len) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      set_write_error (error, path, saved);
      return FALSE;
    }
  if (!link_into_place (fd, path))
    {
      saved = errno;
      close (fd);
      /* /proc is missing (a bare chroot): a named temporary instead */
      if (saved == ENOENT)
        return write_named_temporary (path, data, len, error);
      set_write_error (error, path, saved);
      return FALSE;
    }
  close (fd);
  sync_folder (dir);
  return TRUE;
}

