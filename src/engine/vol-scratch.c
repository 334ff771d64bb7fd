/* vol-scratch.c — creating and safely removing scratch folders */
#include "vol-scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"

struct _VolScratch
{
  char *target;
  char *name;     /* ".volumeter-AbC123" */
  char *path;
  int   target_fd;
  int   fd;
};

/* Who owns a scratch folder: pid alone can be reused, so the process start
 * time (in clock ticks since boot) and the boot id come with it. */
typedef struct
{
  int     pid;
  guint64 start;
  char   *boot_id;
} Owner;

static char *
read_boot_id (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &text, NULL, NULL))
    return g_strdup ("");
  return g_strdup (g_strstrip (text));
}

static guint64
read_start_time (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *text = NULL;
  char *p;
  g_auto(GStrv) fields = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  /* The command name may hold spaces and parentheses: fields start after
   * the last ')'. starttime is field 22, the 20th after it. */
  p = strrchr (text, ')');
  if (p == NULL)
    return 0;
  fields = g_strsplit (p + 2, " ", 0);
  if (g_strv_length (fields) < 20)
    return 0;
  return g_ascii_strtoull (fields[19], NULL, 10);
}

static gboolean
write_marker (int      fd,
              GError **error)
{
  g_autofree char *boot_id = read_boot_id ();
  g_autofree char *text = g_strdup_printf ("volumeter scratch folder\npid=%d\nstart=%" G_GUINT64_FORMAT "\nboot=%s\n",
                                           (int) getpid (), read_start_time (getpid ()), boot_id);
  gsize len = strlen (text);
  int mfd;
  int saved;
  ssize_t n;

  mfd = openat (fd, VOL_SCRATCH_MARKER, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (mfd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }
  n = write (mfd, text, len);
  saved = errno;
  close (mfd);
  if (n != (ssize_t) len)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (n < 0 ? saved : ENOSPC),
                   "%s", g_strerror (n < 0 ? saved : ENOSPC));
      return FALSE;
    }
  return TRUE;
}

/**
 * vol_scratch_create:
 * @target: an existing folder
 *
 * Creates the scratch folder. Errors name @target and say why it cannot
 * be written to (missing, not a folder, read-only, no permission).
 */
VolScratch *
vol_scratch_create (const char  *target,
                    GError     **error)
{
  g_autoptr(VolScratch) scratch = g_new0 (VolScratch, 1);
  g_autofree char *template = NULL;
  g_autoptr(GError) local = NULL;
  int saved;

  g_return_val_if_fail (target != NULL, NULL);

  scratch->fd = -1;
  scratch->target = g_strdup (target);
  scratch->target_fd = open (target, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (scratch->target_fd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   saved == ENOTDIR ? _("%s is not a folder")
                                    : _("Cannot open the folder %s: %s"),
                   target, g_strerror (saved));
      return NULL;
    }

  template = g_build_filename (target, VOL_SCRATCH_PREFIX "XXXXXX", NULL);
  if (g_mkdtemp_full (template, 0700) == NULL)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   saved == EROFS ? _("Cannot write to %s: the volume is mounted read-only")
                   : (saved == EACCES || saved == EPERM) ? _("Cannot write to %s: permission denied")
                   : _("Cannot create a scratch folder in %s: %s"),
                   target, g_strerror (saved));
      return NULL;
    }
  scratch->path = g_steal_pointer (&template);
  scratch->name = g_path_get_basename (scratch->path);

  scratch->fd = openat (scratch->target_fd, scratch->name,
                        O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (scratch->fd < 0 || !write_marker (scratch->fd, &local))
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, local ? local->code : (int) g_io_error_from_errno (saved),
                   _("Cannot write to %s: %s"), target,
                   local ? local->message : g_strerror (saved));
      vol_scratch_remove (scratch, NULL);
      return NULL;
    }

  return g_steal_pointer (&scratch);
}

int
vol_scratch_get_fd (VolScratch *scratch)
{
  return scratch->fd;
}

const char *
vol_scratch_get_path (VolScratch *scratch)
{
  return scratch->path;
}

/* Deletes the folder @name below @parent_fd and everything in it, never
 * following a symbolic link out of it: a link is removed, not its target. */
static gboolean
remove_tree_at (int          parent_fd,
                const char  *name,
                GError     **error)
{
  int fd;
  DIR *dir;
  struct dirent *entry;
  gboolean ok = TRUE;

  fd = openat (parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    {
      int saved = errno;
      if (saved == ENOENT)
        return TRUE;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot open %s to remove it: %s"), name, g_strerror (saved));
      return FALSE;
    }
  dir = fdopendir (fd);
  if (dir == NULL)
    {
      close (fd);
      return FALSE;
    }
  while ((entry = readdir (dir)) != NULL)
    {
      if (g_str_equal (entry->d_name, ".") || g_str_equal (entry->d_name, ".."))
        continue;
      if (unlinkat (fd, entry->d_name, 0) == 0 || errno == ENOENT)
        continue;
      if (errno == EISDIR || errno == EPERM)
        {
          if (!remove_tree_at (fd, entry->d_name, ok ? error : NULL))
            ok = FALSE;
          continue;
        }
      if (ok)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Cannot remove %s: %s"), entry->d_name, g_strerror (saved));
        }
      ok = FALSE;
    }
  closedir (dir);

  if (unlinkat (parent_fd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
    {
      int saved = errno;
      if (ok)
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                     _("Cannot remove %s: %s"), name, g_strerror (saved));
      ok = FALSE;
    }
  return ok;
}

/**
 * vol_scratch_remove:
 *
 * Removes the scratch folder and all it holds. Safe to call twice.
 */
gboolean
vol_scratch_remove (VolScratch  *scratch,
                    GError     **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (scratch != NULL, FALSE);

  if (scratch->fd >= 0)
    {
      close (scratch->fd);
      scratch->fd = -1;
    }
  if (scratch->name != NULL && scratch->target_fd >= 0)
    {
      ok = remove_tree_at (scratch->target_fd, scratch->name, error);
      if (ok)
        g_clear_pointer (&scratch->name, g_free);
    }
  return ok;
}

void
vol_scratch_free (VolScratch *scratch)
{
  if (scratch == NULL)
    return;
  if (scratch->fd >= 0)
    close (scratch->fd);
  if (scratch->target_fd >= 0)
    close (scratch->target_fd);
  g_free (scratch->target);
  g_free (scratch->name);
  g_free (scratch->path);
  g_free (scratch);
}

static gboolean
read_owner (int    dir_fd,
            Owner *owner)
{
  char buf[512];
  ssize_t n;
  int fd;
  g_auto(GStrv) lines = NULL;

  fd = openat (dir_fd, VOL_SCRATCH_MARKER, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0)
    return FALSE;
  buf[n] = '\0';
  if (!g_str_has_prefix (buf, "volumeter scratch folder\n"))
    return FALSE;

  lines = g_strsplit (buf, "\n", 0);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "pid="))
        owner->pid = (int) g_ascii_strtoll (lines[i] + 4, NULL, 10);
      else if (g_str_has_prefix (lines[i], "start="))
        owner->start = g_ascii_strtoull (lines[i] + 6, NULL, 10);
      else if (g_str_has_prefix (lines[i], "boot="))
        owner->boot_id = g_strdup (lines[i] + 5);
    }
  return owner->pid > 0;
}

static gboolean
owner_alive (const Owner *owner)
{
  g_autofree char *boot_id = read_boot_id ();

  if (g_strcmp0 (boot_id, owner->boot_id) != 0)
    return FALSE;     /* written before the last boot */
  if (kill (owner->pid, 0) != 0 && errno == ESRCH)
    return FALSE;
  return read_start_time (owner->pid) == owner->start;
}

/**
 * vol_scratch_cleanup_stale:
 * @removed: (element-type utf8): gets the paths removed
 * @in_use: (element-type utf8): gets the paths left because their run is alive
 *
 * Removes the scratch folders in @dir that a killed run left behind. Only
 * folders named ".volumeter-XXXXXX" that hold Volumeter's marker are
 * touched; a folder without a marker is not ours and is left alone.
 */
gboolean
vol_scratch_cleanup_stale (const char  *dir,
                           GPtrArray   *removed,
                           GPtrArray   *in_use,
                           GError     **error)
{
  int dir_fd;
  DIR *d;
  struct dirent *entry;
  gboolean ok = TRUE;

  dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   saved == ENOTDIR ? _("%s is not a folder") : _("Cannot open the folder %s: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  d = fdopendir (dup (dir_fd));
  if (d == NULL)
    {
      close (dir_fd);
      return FALSE;
    }

  while ((entry = readdir (d)) != NULL)
    {
      Owner owner = { 0 };
      int fd;
      gboolean ours;

      if (!g_str_has_prefix (entry->d_name, VOL_SCRATCH_PREFIX)
          || strlen (entry->d_name) != strlen (VOL_SCRATCH_PREFIX) + 6)
        continue;
      fd = openat (dir_fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0)
        continue;
      ours = read_owner (fd, &owner);
      close (fd);
      if (!ours)
        {
          g_free (owner.boot_id);
          continue;
        }
      if (owner_alive (&owner))
        {
          if (in_use)
            g_ptr_array_add (in_use, g_build_filename (dir, entry->d_name, NULL));
        }
      else if (remove_tree_at (dir_fd, entry->d_name, ok ? error : NULL))
        {
          if (removed)
            g_ptr_array_add (removed, g_build_filename (dir, entry->d_name, NULL));
        }
      else
        ok = FALSE;
      g_free (owner.boot_id);
    }
  closedir (d);
  close (dir_fd);
  return ok;
}
