/* vol-file-write.c — a file written whole or not at all
 *
 * The text is written to an anonymous file (O_TMPFILE) in the target's
 * folder and given its name only when complete: linked under a temporary
 * name and renamed over the target at once. A failed write never leaves
 * half a file where a good one was, and a process killed at any point
 * (even by SIGKILL) leaves no temporary file behind, but for the instant
 * between the link and the rename. Where the filesystem has no O_TMPFILE,
 * a named temporary file is renamed instead.
 *
 * A new file (vol_file_write_new(), vol_file_write_unique()) is given its
 * name by linkat() alone, which fails rather than replace: two processes
 * saving in the same instant under the same name get two files, never one
 * file holding the later of them. Where there is no O_TMPFILE, O_EXCL does
 * the same job, with a half-written file visible for the duration of the
 * write (removed again if the write fails).
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


/* The exclusive write where there is no O_TMPFILE or /proc: O_EXCL refuses
 * an existing name as linkat() does; a failed write removes what it made. */
static gboolean
write_excl (const char  *path,
            const char  *data,
            gsize        len,
            GError     **error)
{
  int fd = open (path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
  int saved;

  if (fd < 0)
    {
      set_write_error (error, path, errno);
      return FALSE;
    }
  if (!write_all (fd, data, len) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      unlink (path);
      set_write_error (error, path, saved);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

/* Writes @data to a new file at @path, never replacing one: FALSE with
 * G_IO_ERROR_EXISTS when @path exists. @fd, when not -1, is an anonymous
 * file in @path's folder that already holds @data (the unique writer makes
 * it once and tries name after name); it is not closed here. */
static gboolean
link_new (int          fd,
          const char  *path,
          const char  *data,
          gsize        len,
          GError     **error)
{
  g_autofree char *proc = NULL;

  if (fd < 0)
    return write_excl (path, data, len, error);
  proc = g_strdup_printf ("/proc/self/fd/%d", fd);
  if (linkat (AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0)
    return TRUE;
  /* /proc is missing (a bare chroot) or the filesystem refuses the link
   * of an anonymous file: O_EXCL instead */
  if (errno == ENOENT || errno == EPERM || errno == EOPNOTSUPP)
    return write_excl (path, data, len, error);
  set_write_error (error, path, errno);
  return FALSE;
}

/* An anonymous file in @dir holding @data, synced; -1 where the
 * filesystem has no O_TMPFILE (the caller falls back to O_EXCL), -2 with
 * @error set when the folder cannot be written. */
static int
anonymous_with (const char  *dir,
                const char  *path,
                const char  *data,
                gsize        len,
                GError     **error)
{
  int fd = open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  int saved;

  if (fd < 0)
    {
      saved = errno;
      if (saved == EOPNOTSUPP || saved == EISDIR || saved == EINVAL)
        return -1;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot write to the folder %s: %s"), dir, g_strerror (saved));
      return -2;
    }
  if (!write_all (fd, data, len) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      set_write_error (error, path, saved);
      return -2;
    }
  return fd;
}

/**
 * vol_file_write_new:
 * @path: the file to create
 * @data: its whole contents
 * @length: the length of @data in bytes
 * @error: return location for a #G_IO_ERROR; #G_IO_ERROR_EXISTS when
 *   @path exists, which is then left as it was
 *
 * Writes @data to @path only if @path does not exist, as one step that no
 * other writer can come between (see the top of this file). The data and
 * the new name are synced before it returns. Blocking; any thread.
 */
gboolean
vol_file_write_new (const char  *path,
                    const char  *data,
                    gsize        len,
                    GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = anonymous_with (dir, path, data, len, error);
  gboolean ok;

  if (fd == -2)
    return FALSE;
  ok = link_new (fd, path, data, len, error);
  if (fd >= 0)
    close (fd);
  if (ok)
    sync_folder (dir);
  return ok;
}

/**
 * vol_file_write_unique:
 * @dir: the folder
 * @stem: the file's name without @suffix, such as "volumeter-fill-20261203-181500"
 * @suffix: what every name ends with, such as ".volumeter.json"
 * @data: the file's whole contents
 * @length: the length of @data in bytes
 * @error: return location for a #G_IO_ERROR
 *
 * Writes @data to a new file in @dir named @stem@suffix, or, when that
 * name is taken (now or by a writer in the same instant), @stem-2@suffix,
 * @stem-3@suffix and so on: never over an existing file. Blocking; any
 * thread.
 *
 * Returns: (transfer full): the path written, or %NULL with @error set
 */
char *
vol_file_write_unique (const char  *dir,
                       const char  *stem,
                       const char  *suffix,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  g_autofree char *first = g_strconcat (stem, suffix, NULL);
  g_autofree char *first_path = g_build_filename (dir, first, NULL);
  int fd = anonymous_with (dir, first_path, data, len, error);

  if (fd == -2)
    return NULL;
  /* A bound, so that a folder that refuses every name in some way this
   * code does not foresee ends in an error, not a loop. */
  for (guint n = 1; n <= 100000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup (first) : g_strdup_printf ("%s-%u%s", stem, n, suffix);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) local_error = NULL;

      if (link_new (fd, path, data, len, &local_error))
        {
          if (fd >= 0)
            close (fd);
          sync_folder (dir);
          return g_steal_pointer (&path);
        }
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          if (fd >= 0)
            close (fd);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
  if (fd >= 0)
    close (fd);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("Could not find a free name for %s in %s"), first, dir);
  return NULL;
}
