/* vol-block-open.c — a block device opened for reading, never for writing */

#include "vol-block-open.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-udisks.h"

static VolBlockOpener fallback_opener;
static gpointer fallback_data;

void
_vol_block_set_fallback_opener (VolBlockOpener opener,
                                gpointer       user_data)
{
  fallback_opener = opener;
  fallback_data = user_data;
}

static int
open_fallback (VolRun      *run,
               const char  *path,
               GError     **error)
{
  int fd;

  if (fallback_opener)
    fd = fallback_opener (path, run->cancellable, fallback_data, error);
  else
    fd = vol_udisks_open_read (path, run->cancellable, error);
  if (fd < 0)
    return -1;
  /* handed from elsewhere: read-only and direct, or not used at all */
  if ((fcntl (fd, F_GETFL) & O_ACCMODE) != O_RDONLY || !(fcntl (fd, F_GETFL) & O_DIRECT))
    {
      close (fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("the descriptor handed over for %s is not read-only and direct"), path);
      return -1;
    }
  return fd;
}

/* /dev/NAME missing but known to /sys: a sandbox's view (Flatpak) */
static gboolean
in_sandbox (const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *sys = g_build_filename ("/sys/class/block", name, NULL);

  return g_str_has_prefix (path, "/dev/") && g_file_test (sys, G_FILE_TEST_EXISTS);
}

int
_vol_block_open_read (VolRun      *run,
                      const char  *path,
                      int          extra,
                      const char **opened_by,
                      GError     **error)
{
  /* the only flags this file ever passes: read-only, by construction */
  int fd = run->io->openat (run->io, AT_FDCWD, path, O_RDONLY | O_CLOEXEC | extra, 0);
  int saved = errno;

  if (opened_by)
    *opened_by = "open";
  if (fd >= 0)
    return fd;
  if ((saved == EACCES || saved == EPERM || (saved == ENOENT && in_sandbox (path))) && extra == O_DIRECT)
    {
      /* not root nor in the disk group, or in a sandbox without /dev:
       * the desktop's way, UDisks2 */
      g_autoptr(GError) why = NULL;

      fd = open_fallback (run, path, &why);
      if (fd >= 0)
        {
          if (opened_by)
            *opened_by = "udisks2";
          return fd;
        }
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot open %s read-only: %s. Reading a device needs root or the disk group; %s"),
                   path, g_strerror (saved), why->message);
      return -1;
    }
  if (saved == EACCES || saved == EPERM)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Cannot open %s read-only: %s. Reading a device needs root or the disk group"),
                 path, g_strerror (saved));
  else
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Cannot open %s read-only: %s"), path, g_strerror (saved));
  return -1;
}

gboolean
_vol_block_get_geometry (int               fd,
                         const char       *path,
                         VolBlockGeometry *geometry,
                         GError          **error)
{
  guint64 bytes = 0;
  int block = 0;

  if (ioctl (fd, BLKGETSIZE64, &bytes) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot read the size of %s: %s (is it a block device?)"), path, g_strerror (saved));
      return FALSE;
    }
  if (ioctl (fd, BLKSSZGET, &block) != 0 || block <= 0)
    block = 512;
  geometry->size = bytes;
  geometry->logical_block = (guint) block;
  return TRUE;
}
