/* vol-scratch.c — creating and safely removing scratch folders */
#include "vol-scratch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

struct _VolScratch
{
  char *target;
  char *name;     /* ".volumeter-AbC123" */
  char *path;
  int   target_fd;  /* the target, opened once; every later call is relative to it */
  int   fd;         /* the folder, holding its lock (flock LOCK_EX) until it is removed */
  dev_t dev;        /* the target's filesystem: removal never leaves it */
};

/* Who owns a scratch folder. A run is alive while it holds the folder's
 * lock: flock() on the folder's own descriptor, taken right after mkdir,
 * before the marker is written, and held until the folder is gone. The
 * kernel drops it when the process dies, however it dies, and it is the
 * same lock seen from every PID namespace (a Flatpak run is pid 1 or 2 in
 * its own). The marker says what the folder is and that its run locks it
 * ("lock=flock"). The pid, its start time (clock ticks since boot) and the
 * boot id are only the fallback for a folder whose lock says nothing: one
 * left by an older Volumeter, which did not lock, or one on a filesystem
 * without flock(). */
typedef struct
{
  int      pid;
  guint64  start;
  char    *boot_id;
  gboolean locks;    /* the marker says its run holds the folder's lock */
} Owner;

static char *
read_boot_id (void)
{
  g_autofree char *text = NULL;

  errno = 0;
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

/* The marker is written to a temporary name and renamed into place, so a
 * marker is always whole: a run killed half-way through writing it leaves
 * a folder that holds nothing but the temporary file, which cleanup
 * recognises as an unfinished creation. */
#define MARKER_TEMP VOL_SCRATCH_MARKER ".new"

static gboolean
write_marker (int        fd,
              gboolean   locked,
              GError   **error)
{
  g_autofree char *boot_id = read_boot_id ();
  guint64 start = read_start_time (getpid ());
  g_autofree char *text = NULL;
  gsize len;
  int mfd;
  int saved;
  ssize_t n;

  /* Without its boot id and start time the marker would name a run that
   * looks dead (cleanup would delete a live run's files): no marker then,
   * and no run. Both fail when descriptors run out (ulimit -n). */
  if (boot_id[0] == '\0' || start == 0)
    {
      saved = errno ? errno : EIO;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot read this process’s start time or the boot id from /proc: %s"), g_strerror (saved));
      return FALSE;
    }
  text = g_strdup_printf ("volumeter scratch folder\npid=%d\nstart=%" G_GUINT64_FORMAT "\nboot=%s\n%s",
                          (int) getpid (), start, boot_id, locked ? "lock=flock\n" : "");
  len = strlen (text);

  mfd = openat (fd, MARKER_TEMP, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (mfd < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }
  n = write (mfd, text, len);
  saved = errno;
  close (mfd);
  if (n != (ssize_t) len || renameat (fd, MARKER_TEMP, fd, VOL_SCRATCH_MARKER) != 0)
    {
      if (n == (ssize_t) len)
        saved = errno;
      else if (n >= 0)
        saved = ENOSPC;
      unlinkat (fd, MARKER_TEMP, 0);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* Opens the folder @path names by walking it one component at a time and
 * refusing symbolic links. The probe resolved @path with realpath(); if a
 * part of it is a link now, someone swapped it in since, and following it
 * would put the run's files somewhere nobody checked. From here on the run
 * only works relative to the descriptor, so later swaps cannot move it. */
static int
open_resolved_dir (const char  *path,
                   GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);
  int fd;
  int saved;

  fd = open (g_path_is_absolute (path) ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    goto fail;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      struct stat st;
      int next;

      if (parts[i][0] == '\0' || g_str_equal (parts[i], "."))
        continue;
      next = openat (fd, parts[i], O_PATH | O_NOFOLLOW | O_CLOEXEC);
      saved = errno;
      close (fd);
      fd = next;
      errno = saved;
      if (fd < 0)
        goto fail;
      if (fstat (fd, &st) != 0)
        goto fail;
      if (S_ISLNK (st.st_mode))
        {
          close (fd);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                       _("Cannot use %s: a part of its path (%s) has become a symbolic link since it was checked"),
                       path, parts[i]);
          return -1;
        }
      if (!S_ISDIR (st.st_mode))
        {
          close (fd);
          errno = ENOTDIR;
          goto fail;
        }
    }

  /* A real descriptor, not O_PATH: fstatvfs() and the tests' *at() calls
   * all work on it. Reopening through /proc would follow a link again;
   * openat (fd, ".") does not. */
  {
    int real = openat (fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    saved = errno;
    close (fd);
    errno = saved;
    fd = real;
  }
  if (fd >= 0)
    return fd;

fail:
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               saved == ENOTDIR ? _("%s is not a folder") : _("Cannot open the folder %s: %s"),
               path, g_strerror (saved));
  return -1;
}

/* ".volumeter-" and six characters from [A-Za-z0-9], as g_mkdtemp() would
 * make, but created with mkdirat() below the descriptor. */
static char *
random_name (void)
{
  static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  char suffix[7];

  for (guint i = 0; i < 6; i++)
    suffix[i] = letters[g_random_int_range (0, sizeof letters - 1)];
  suffix[6] = '\0';
  return g_strconcat (VOL_SCRATCH_PREFIX, suffix, NULL);
}

static VolScratchHook before_lock_hook;

void
_vol_scratch_set_before_lock_hook (VolScratchHook hook)
{
  before_lock_hook = hook;
}

/* Takes @fd's lock for the run's life. Returns TRUE when locked; FALSE
 * with errno when the filesystem has no flock() (ENOLCK, EOPNOTSUPP,
 * EINVAL: some network and FUSE filesystems), so the marker's pid must
 * speak for the run. It waits only while a cleanup holds the lock of this
 * very folder, which it does only to remove it (see below). */
static gboolean
lock_folder (int fd)
{
  int r;

  do
    r = flock (fd, LOCK_EX);
  while (r != 0 && errno == EINTR);
  return r == 0;
}

/* The folder @name below @target_fd is still the one @fd opened. A cleanup
 * that came between mkdirat() and the lock found an empty folder of ours
 * that no one held and removed it: then this run makes another. */
static gboolean
still_there (int         target_fd,
             const char *name,
             int         fd)
{
  struct stat by_name, by_fd;

  return fstatat (target_fd, name, &by_name, AT_SYMLINK_NOFOLLOW) == 0 && fstat (fd, &by_fd) == 0
         && by_name.st_dev == by_fd.st_dev && by_name.st_ino == by_fd.st_ino;
}

/**
 * vol_scratch_create:
 * @target: an existing folder, as the probe resolved it (no symbolic links)
 *
 * Creates the scratch folder. Errors name @target and say why it cannot
 * be written to (missing, not a folder, read-only, no permission, a part
 * of the path swapped for a symbolic link). @target is resolved exactly
 * once: everything after works from a descriptor of it.
 */
VolScratch *
vol_scratch_create (const char  *target,
                    GError     **error)
{
  g_autoptr(VolScratch) scratch = g_new0 (VolScratch, 1);
  g_autoptr(GError) local = NULL;
  struct stat st;
  int saved = 0;
  int open_errno = 0;
  gboolean locked = FALSE;

  g_return_val_if_fail (target != NULL, NULL);

  scratch->fd = -1;
  scratch->target = g_strdup (target);
  scratch->target_fd = open_resolved_dir (target, error);
  if (scratch->target_fd < 0)
    return NULL;
  if (fstat (scratch->target_fd, &st) != 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot open the folder %s: %s"), target, g_strerror (saved));
      return NULL;
    }
  scratch->dev = st.st_dev;

  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_free (scratch->name);
      scratch->name = random_name ();
      if (mkdirat (scratch->target_fd, scratch->name, 0700) != 0)
        {
          saved = errno;
          if (saved != EEXIST)
            break;
          continue;
        }
      saved = 0;
      scratch->fd = openat (scratch->target_fd, scratch->name,
                            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (scratch->fd < 0)
        {
          open_errno = errno;
          break;    /* reported below, with the folder removed */
        }
      if (G_UNLIKELY (before_lock_hook != NULL))
        {
          g_autofree char *path = g_build_filename (target, scratch->name, NULL);
          before_lock_hook (target, path);
        }
      locked = lock_folder (scratch->fd);
      if (!locked || still_there (scratch->target_fd, scratch->name, scratch->fd))
        break;
      /* removed by a cleanup before the lock was taken: another name */
      close (scratch->fd);
      scratch->fd = -1;
      saved = EEXIST;
    }
  if (saved != 0)
    {
      g_clear_pointer (&scratch->name, g_free);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   saved == EROFS ? _("Cannot write to %s: the volume is mounted read-only")
                   : (saved == EACCES || saved == EPERM) ? _("Cannot write to %s: permission denied")
                   : _("Cannot create a scratch folder in %s: %s"),
                   target, g_strerror (saved));
      return NULL;
    }
  scratch->path = g_build_filename (target, scratch->name, NULL);

  if (scratch->fd < 0 || !write_marker (scratch->fd, locked, &local))
    {
      saved = scratch->fd < 0 ? open_errno : errno;
      g_set_error (error, G_IO_ERROR, local ? local->code : (int) g_io_error_from_errno (saved),
                   _("Cannot write to %s: %s"), target,
                   local ? local->message : g_strerror (saved));
      /* The folder is empty here (write_marker removes its temporary
       * file), so it goes without opening anything: this must work when
       * the failure was running out of descriptors (ulimit -n). */
      if (scratch->fd >= 0)
        {
          close (scratch->fd);
          scratch->fd = -1;
        }
      if (unlinkat (scratch->target_fd, scratch->name, AT_REMOVEDIR) == 0)
        g_clear_pointer (&scratch->name, g_free);
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

/**
 * vol_scratch_get_target_fd:
 *
 * The target folder, opened once: fstatvfs() it for the free space
 * rather than asking by path again.
 */
int
vol_scratch_get_target_fd (VolScratch *scratch)
{
  return scratch->target_fd;
}

static void
set_remove_error (GError     **error,
                  gboolean     first,
                  int          saved,
                  const char  *name)
{
  if (first)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Cannot remove %s: %s"), name, g_strerror (saved));
}

/* Deletes the folder @name below @parent_fd and everything in it, never
 * following a symbolic link out of it (a link is removed, not its target)
 * and never entering another filesystem mounted inside it: whatever is not
 * on @dev is left alone and reported. In a scratch folder's top level
 * (@is_scratch) the marker goes last, and only when everything else has
 * gone, so a removal cut short (SIGKILL, an error) still leaves a folder
 * that cleanup recognises as ours. */
static gboolean
remove_tree_at (int          parent_fd,
                const char  *name,
                dev_t        dev,
                gboolean     is_scratch,
                GError     **error)
{
  int fd;
  DIR *dir;
  struct dirent *entry;
  struct stat st;
  gboolean ok = TRUE;
  gboolean has_marker = FALSE;

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
  if (fstat (fd, &st) != 0 || st.st_dev != dev)
    {
      close (fd);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("Did not remove %s: another filesystem is mounted there"), name);
      return FALSE;
    }
  dir = fdopendir (fd);
  if (dir == NULL)
    {
      int saved = errno;
      close (fd);
      set_remove_error (error, TRUE, saved, name);
      return FALSE;
    }
  while ((entry = readdir (dir)) != NULL)
    {
      if (g_str_equal (entry->d_name, ".") || g_str_equal (entry->d_name, ".."))
        continue;
      if (is_scratch && g_str_equal (entry->d_name, VOL_SCRATCH_MARKER))
        {
          has_marker = TRUE;
          continue;
        }
      if (fstatat (fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        {
          if (errno != ENOENT)
            {
              set_remove_error (error, ok, errno, entry->d_name);
              ok = FALSE;
            }
          continue;
        }
      if (S_ISDIR (st.st_mode))
        {
          if (st.st_dev != dev)
            {
              if (ok)
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _("Did not remove %s: another filesystem is mounted there"), entry->d_name);
              ok = FALSE;
            }
          else if (!remove_tree_at (fd, entry->d_name, dev, FALSE, ok ? error : NULL))
            ok = FALSE;
          continue;
        }
      if (unlinkat (fd, entry->d_name, 0) != 0 && errno != ENOENT)
        {
          set_remove_error (error, ok, errno, entry->d_name);
          ok = FALSE;
        }
    }

  if (ok && has_marker && unlinkat (fd, VOL_SCRATCH_MARKER, 0) != 0 && errno != ENOENT)
    {
      set_remove_error (error, ok, errno, VOL_SCRATCH_MARKER);
      ok = FALSE;
    }
  closedir (dir);
  if (!ok)
    return FALSE;

  if (unlinkat (parent_fd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
    {
      set_remove_error (error, TRUE, errno, name);
      return FALSE;
    }
  return TRUE;
}

/**
 * vol_scratch_remove:
 *
 * Removes the scratch folder and all it holds, its marker last. Safe to
 * call twice.
 */
gboolean
vol_scratch_remove (VolScratch  *scratch,
                    GError     **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (scratch != NULL, FALSE);

  if (scratch->name != NULL && scratch->target_fd >= 0)
    {
      ok = remove_tree_at (scratch->target_fd, scratch->name, scratch->dev, TRUE, error);
      if (ok)
        g_clear_pointer (&scratch->name, g_free);
    }
  /* the lock goes with the folder, not before: until then a cleanup
   * must see the run alive (closing the descriptor drops it) */
  if (scratch->fd >= 0)
    {
      close (scratch->fd);
      scratch->fd = -1;
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

typedef enum
{
  MARKER_NONE,      /* no marker, and other things in the folder: not ours */
  MARKER_OWNER,     /* a whole marker: its owner decides */
  MARKER_UNFINISHED /* nothing, or only a half-made marker: a creation cut short */
} MarkerState;

/* Reads the marker without ever blocking or following a link: a FIFO, a
 * device or a link planted under the marker's name is "not ours". */
static gboolean
read_owner (int    dir_fd,
            Owner *owner)
{
  char buf[512];
  struct stat st;
  ssize_t n;
  int fd;
  g_auto(GStrv) lines = NULL;

  fd = openat (dir_fd, VOL_SCRATCH_MARKER, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size <= 0 || st.st_size >= (off_t) sizeof buf)
    {
      close (fd);
      return FALSE;
    }
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
      else if (g_str_equal (lines[i], "lock=flock"))
        owner->locks = TRUE;
      else if (g_str_has_prefix (lines[i], "boot="))
        {
          g_free (owner->boot_id);
          owner->boot_id = g_strdup (lines[i] + 5);
        }
    }
  return owner->pid > 0;
}

/* A folder with our name and no marker may be ours when it holds nothing
 * but, at most, the marker's temporary file (a regular file):
 * vol_scratch_create() was cut short between mkdirat() and the rename of
 * the marker. Anything else in it and it is not ours to delete. */
static MarkerState
read_marker_state (int    dir_fd,
                   Owner *owner)
{
  DIR *dir;
  struct dirent *entry;
  gboolean only_temp = TRUE;
  int fd;

  if (read_owner (dir_fd, owner))
    return MARKER_OWNER;

  fd = dup (dir_fd);
  if (fd < 0)
    return MARKER_NONE;
  dir = fdopendir (fd);
  if (dir == NULL)
    {
      close (fd);
      return MARKER_NONE;
    }
  while (only_temp && (entry = readdir (dir)) != NULL)
    {
      struct stat st;

      if (g_str_equal (entry->d_name, ".") || g_str_equal (entry->d_name, ".."))
        continue;
      if (!g_str_equal (entry->d_name, MARKER_TEMP)
          || fstatat (dir_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0
          || !S_ISREG (st.st_mode))
        only_temp = FALSE;
    }
  /* fdopendir() took over @fd; rewinding shares the offset with @dir_fd */
  closedir (dir);
  return only_temp ? MARKER_UNFINISHED : MARKER_NONE;
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
 * folders named ".volumeter-XXXXXX" on @dir's own filesystem are touched,
 * and of those only the ones that hold Volumeter's marker (a regular file,
 * never opened in a way that could block) or nothing but a marker being
 * made; a folder with other things and no marker is not ours and is left
 * alone. A folder whose lock a run holds is in use, from any PID
 * namespace; a free lock means its run is gone, unless the marker does
 * not say its run locks (an older Volumeter's) and names a live process.
 * Removal never follows a link or enters another mount.
 */
gboolean
vol_scratch_cleanup_stale (const char  *dir,
                           GPtrArray   *removed,
                           GPtrArray   *in_use,
                           GError     **error)
{
  int dir_fd;
  int list_fd;
  DIR *d;
  struct dirent *entry;
  struct stat dir_st;
  gboolean ok = TRUE;

  dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0 || fstat (dir_fd, &dir_st) != 0)
    {
      int saved = errno;
      if (dir_fd >= 0)
        close (dir_fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   saved == ENOTDIR ? _("%s is not a folder") : _("Cannot open the folder %s: %s"),
                   dir, g_strerror (saved));
      return FALSE;
    }
  list_fd = openat (dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  d = list_fd >= 0 ? fdopendir (list_fd) : NULL;
  if (d == NULL)
    {
      int saved = errno;
      if (list_fd >= 0)
        close (list_fd);
      close (dir_fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot open the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }

  while ((entry = readdir (d)) != NULL)
    {
      Owner owner = { 0 };
      struct stat st;
      MarkerState state;
      enum { LOCK_FREE, LOCK_HELD, LOCK_UNKNOWN } lock;
      int fd;

      if (!g_str_has_prefix (entry->d_name, VOL_SCRATCH_PREFIX)
          || strlen (entry->d_name) != strlen (VOL_SCRATCH_PREFIX) + 6)
        continue;
      fd = openat (dir_fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0)
        continue;
      /* a filesystem mounted on a folder with our name is not ours */
      if (fstat (fd, &st) != 0 || st.st_dev != dir_st.st_dev)
        {
          close (fd);
          continue;
        }
      /* Held by its run: alive, whatever its marker says or lacks (the
       * moment between mkdir and the marker, another PID namespace).
       * Free: this cleanup holds it from here to the removal, so no run
       * can take the folder meanwhile (vol_scratch_create() checks that
       * its folder survived). Where the filesystem has no flock(), the
       * marker's owner decides, as for an older Volumeter's folder. */
      lock = flock (fd, LOCK_EX | LOCK_NB) == 0 ? LOCK_FREE
             : (errno == EWOULDBLOCK || errno == EINTR) ? LOCK_HELD : LOCK_UNKNOWN;
      state = read_marker_state (fd, &owner);
      /* An unfinished creation also has the mode vol_scratch_create()
       * gives (0700): an empty folder someone else made with our kind of
       * name (0755 by default) is theirs. */
      if (state == MARKER_UNFINISHED && (st.st_mode & 07777) != 0700)
        state = MARKER_NONE;
      if (state == MARKER_NONE)
        {
          close (fd);
          g_free (owner.boot_id);
          continue;
        }
      if (lock == LOCK_HELD
          || (state == MARKER_OWNER && !(lock == LOCK_FREE && owner.locks) && owner_alive (&owner)))
        {
          if (in_use)
            g_ptr_array_add (in_use, g_build_filename (dir, entry->d_name, NULL));
        }
      else if (remove_tree_at (dir_fd, entry->d_name, dir_st.st_dev, TRUE, ok ? error : NULL))
        {
          if (removed)
            g_ptr_array_add (removed, g_build_filename (dir, entry->d_name, NULL));
        }
      else
        ok = FALSE;
      close (fd);
      g_free (owner.boot_id);
    }
  closedir (d);
  close (dir_fd);
  return ok;
}
