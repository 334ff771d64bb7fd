/* vol-probe.c — finding out what a test target really is
 *
 * Everything here is read from /proc/self/mountinfo and /sys below a
 * "sysroot", so the tests can hand us a fixture tree instead of the real
 * system. Paths inside the sysroot are resolved by hand, symlink by
 * symlink, with ".." and absolute link targets clamped to the sysroot:
 * a fixture (or an odd kernel) can never make us read a host file outside
 * it, and a symlink loop ends in a bounded number of steps.
 *
 * Unknown stays unknown: a missing or unreadable attribute leaves its field
 * NULL, 0 or -1. Nothing here is fatal except a target folder that does not
 * exist or is not a folder.
 *
 * Two facts are not in sysfs:
 * - A device-mapper table (linear, striped with its chunk, crypt, raid...)
 *   is only told by the kernel through an ioctl that needs root. On the
 *   real system, as root, we ask `dmsetup table NAME`; otherwise dm targets
 *   stay unknown. Below a fixture sysroot the tables come from the file
 *   "dm-tables" in it, in the format of `dmsetup table` with no name: one
 *   "NAME: START LENGTH TARGET ARGS..." line per segment.
 * - btrfs has no block device of its own (its st_dev is anonymous, major
 *   0): its members and data profile are found in /sys/fs/btrfs/FSID, the
 *   FSID being the one whose devices/ holds the mount's source device.
 */

#include "vol-probe.h"
#include "vol-pause-seam.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

/* Linux gives up after 40 links in one lookup (ELOOP); so do we. */
#define MAX_SYMLINKS 40

/* The deepest real stacks (dm-crypt on LVM on md on partitions) are about
 * five devices deep; anything much deeper is a cycle in a broken tree. */
#define MAX_CHAIN_DEPTH 16

/* Sector unit of the sysfs `size` attribute, whatever the logical block
 * size of the device is. */
#define SYSFS_SECTOR_BYTES 512

static gboolean
sysroot_is_host_root (const char *sysroot)
{
  while (*sysroot == '/')
    sysroot++;
  return *sysroot == '\0';
}

/* Push the components of @path (split on '/') onto the front of @pending,
 * keeping their order. */
static void
prepend_components (GQueue     *pending,
                    const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);

  for (int i = (int) g_strv_length (parts) - 1; i >= 0; i--)
    {
      if (parts[i][0] == '\0' || strcmp (parts[i], ".") == 0)
        continue;
      g_queue_push_head (pending, g_strdup (parts[i]));
    }
}

static char *
components_to_path (GPtrArray *stack)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < stack->len; i++)
    {
      g_string_append_c (s, '/');
      g_string_append (s, g_ptr_array_index (stack, i));
    }
  if (s->len == 0)
    g_string_append_c (s, '/');
  return g_string_free (s, FALSE);
}

/* Resolves @path as if @sysroot were "/": every symlink on the way is
 * followed, absolute targets restart at the sysroot and ".." never climbs
 * above it. Returns the resolved path inside the sysroot (absolute, as if
 * the sysroot were "/"), or NULL on a symlink loop. Components that do not
 * exist are kept as they are, so the caller's open() fails with ENOENT
 * like it would anyway. @mode_out receives the lstat() mode of the result,
 * 0 if it does not exist.
 */
static char *
resolve_in_root (const char *sysroot,
                 const char *path,
                 mode_t     *mode_out)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func (g_free);
  GQueue pending = G_QUEUE_INIT;
  mode_t mode = S_IFDIR; /* the sysroot itself */
  guint links = 0;
  /* Depth of the first component found missing: everything at or below
   * it is missing too, and climbing above it with ".." is solid again. */
  guint missing_at = G_MAXUINT;

  prepend_components (&pending, path);

  while (!g_queue_is_empty (&pending))
    {
      g_autofree char *component = g_queue_pop_head (&pending);
      g_autofree char *rel = NULL;
      g_autofree char *host = NULL;
      struct stat st;

      if (strcmp (component, "..") == 0)
        {
          if (stack->len > 0)
            g_ptr_array_remove_index (stack, stack->len - 1);
          if (stack->len < missing_at)
            {
              /* A directory we already went through. */
              missing_at = G_MAXUINT;
              mode = S_IFDIR;
            }
          continue;
        }

      g_ptr_array_add (stack, g_steal_pointer (&component));
      if (missing_at != G_MAXUINT)
        continue;

      rel = components_to_path (stack);
      host = g_build_filename (sysroot, rel, NULL);
      if (lstat (host, &st) != 0)
        {
          missing_at = stack->len;
          mode = 0;
          continue;
        }
      mode = st.st_mode;

      if (S_ISLNK (st.st_mode))
        {
          g_autofree char *target = NULL;

          if (++links > MAX_SYMLINKS)
            {
              g_queue_clear_full (&pending, g_free);
              return NULL;
            }
          target = g_file_read_link (host, NULL);
          if (target == NULL)
            {
              missing_at = stack->len;
              mode = 0;
              continue;
            }
          /* A relative target is relative to the directory holding the
           * link; an absolute one starts again at the sysroot. */
          g_ptr_array_remove_index (stack, stack->len - 1);
          if (g_path_is_absolute (target))
            g_ptr_array_set_size (stack, 0);
          prepend_components (&pending, target);
          mode = S_IFDIR;
        }
    }

  if (mode_out != NULL)
    *mode_out = missing_at == G_MAXUINT ? mode : 0;
  return components_to_path (stack);
}

/* Like resolve_in_root(), but the result is a path on the host, ready to
 * open. */
static char *
resolve_to_host (const char *sysroot,
                 const char *path,
                 mode_t     *mode_out)
{
  g_autofree char *inner = resolve_in_root (sysroot, path, mode_out);

  if (inner == NULL)
    return NULL;
  return g_build_filename (sysroot, inner, NULL);
}

/* Reads a small text file inside the sysroot, trimmed. NULL when it is
 * missing, unreadable, not a regular file (a FIFO in a fixture would block
 * us) or empty: sysfs prints "" for attributes that do not apply. */
static char *
read_text (const char *sysroot,
           const char *path)
{
  g_autofree char *host = NULL;
  g_autofree char *contents = NULL;
  mode_t mode = 0;

  host = resolve_to_host (sysroot, path, &mode);
  if (host == NULL || !S_ISREG (mode))
    return NULL;
  if (!g_file_get_contents (host, &contents, NULL, NULL))
    return NULL;
  g_strstrip (contents);
  if (contents[0] == '\0')
    return NULL;
  return g_steal_pointer (&contents);
}

static gboolean
read_u64 (const char *sysroot,
          const char *path,
          guint64    *value)
{
  g_autofree char *text = read_text (sysroot, path);

  if (text == NULL)
    return FALSE;
  return g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, value, NULL);
}

static gboolean
exists_in_root (const char *sysroot,
                const char *path,
                gboolean    want_dir)
{
  g_autofree char *inner = NULL;
  mode_t mode = 0;

  inner = resolve_in_root (sysroot, path, &mode);
  if (inner == NULL || mode == 0)
    return FALSE;
  return want_dir ? S_ISDIR (mode) : TRUE;
}

/* Reads one attribute of the device at @dev_path (a path inside the
 * sysroot): "queue/rotational", "md/level"... */
static char *
read_attr (const char *sysroot,
           const char *dev_path,
           const char *attr)
{
  g_autofree char *path = g_build_filename (dev_path, attr, NULL);

  return read_text (sysroot, path);
}

static gboolean
read_attr_u64 (const char *sysroot,
               const char *dev_path,
               const char *attr,
               guint64    *value)
{
  g_autofree char *path = g_build_filename (dev_path, attr, NULL);

  return read_u64 (sysroot, path, value);
}

static guint
read_attr_uint (const char *sysroot,
                const char *dev_path,
                const char *attr)
{
  guint64 value = 0;

  if (!read_attr_u64 (sysroot, dev_path, attr, &value) || value > G_MAXUINT)
    return 0;
  return (guint) value;
}

static gboolean
has_attr (const char *sysroot,
          const char *dev_path,
          const char *attr,
          gboolean    want_dir)
{
  g_autofree char *path = g_build_filename (dev_path, attr, NULL);

  return exists_in_root (sysroot, path, want_dir);
}

/* queue/scheduler lists every available scheduler with the active one in
 * brackets: "mq-deadline kyber [bfq] none". Devices without a choice (md,
 * dm, NVMe on some kernels) print just "none". */
static char *
parse_scheduler (const char *text)
{
  const char *open;
  const char *close;

  if (text == NULL)
    return NULL;
  open = strchr (text, '[');
  if (open != NULL)
    {
      close = strchr (open + 1, ']');
      if (close == NULL || close == open + 1)
        return NULL;
      return g_strndup (open + 1, close - open - 1);
    }
  /* Several names and none marked: we cannot tell which one runs. */
  if (strpbrk (text, " \t\n") != NULL)
    return NULL;
  return g_strdup (text);
}

/* Undoes the octal escapes the kernel writes in mountinfo fields for
 * space, tab, newline and backslash (\040 \011 \012 \134). */
static char *
unescape_mount_field (const char *field)
{
  GString *s = g_string_sized_new (strlen (field));

  for (const char *p = field; *p != '\0'; p++)
    {
      if (p[0] == '\\'
          && p[1] >= '0' && p[1] <= '3'
          && p[2] >= '0' && p[2] <= '7'
          && p[3] >= '0' && p[3] <= '7')
        {
          g_string_append_c (s, (char) (((p[1] - '0') << 6)
                                        | ((p[2] - '0') << 3)
                                        | (p[3] - '0')));
          p += 3;
        }
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* TRUE when @mount_point is @path or one of its ancestor directories,
 * compared by whole components: "/a" contains "/a/b" but not "/ab". */
static gboolean
mount_point_contains (const char *mount_point,
                      const char *path)
{
  gsize len = strlen (mount_point);

  /* "/" or "//" ... : everything is below the root. */
  while (len > 0 && mount_point[len - 1] == '/')
    len--;
  if (len == 0)
    return path[0] == '/';
  if (strncmp (mount_point, path, len) != 0)
    return FALSE;
  return path[len] == '\0' || path[len] == '/';
}

typedef struct
{
  char  *mount_point;
  char  *fs_type;
  char  *source;
  char  *options;
  char  *super_options;
  guint  major;
  guint  minor;
} MountEntry;

static void
mount_entry_clear (MountEntry *entry)
{
  g_clear_pointer (&entry->mount_point, g_free);
  g_clear_pointer (&entry->fs_type, g_free);
  g_clear_pointer (&entry->source, g_free);
  g_clear_pointer (&entry->options, g_free);
  g_clear_pointer (&entry->super_options, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MountEntry, mount_entry_clear)

/* One mountinfo line:
 *   36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 - ext3 /dev/root rw,errors=continue
 * id parent major:minor root mount-point options [optional...] - fstype source super-options
 * The optional fields are zero or more, so the fields after them are found
 * from the "-" separator, not by position. */
static gboolean
parse_mountinfo_line (const char *line,
                      MountEntry *entry)
{
  g_auto(GStrv) fields = g_strsplit (line, " ", -1);
  guint n = g_strv_length (fields);
  guint sep;
  guint64 major, minor;
  char *colon;

  if (n < 10)
    return FALSE;
  for (sep = 6; sep < n; sep++)
    if (strcmp (fields[sep], "-") == 0)
      break;
  /* fstype and source must follow; super options may be missing on very
   * old kernels, so they are optional here. */
  if (sep + 2 >= n)
    return FALSE;

  colon = strchr (fields[2], ':');
  if (colon == NULL)
    return FALSE;
  *colon = '\0';
  if (!g_ascii_string_to_unsigned (fields[2], 10, 0, G_MAXUINT, &major, NULL)
      || !g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT, &minor, NULL))
    return FALSE;

  entry->major = (guint) major;
  entry->minor = (guint) minor;
  entry->mount_point = unescape_mount_field (fields[4]);
  entry->options = unescape_mount_field (fields[5]);
  entry->fs_type = unescape_mount_field (fields[sep + 1]);
  entry->source = unescape_mount_field (fields[sep + 2]);
  if (sep + 3 < n)
    entry->super_options = unescape_mount_field (fields[sep + 3]);
  return TRUE;
}

/* The mount entry that holds @path: the longest mount point containing
 * it. @best stays empty (mount_point NULL) when none does; FALSE only when
 * the mount table cannot be read. */
static gboolean
find_mount (const char  *sysroot,
            const char  *path,
            MountEntry  *best,
            GError     **error)
{
  g_autofree char *host = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) lines = NULL;
  gsize best_len = 0;

  host = resolve_to_host (sysroot, "/proc/self/mountinfo", NULL);
  if (host == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                   _("Could not read the mount table below “%s”: too many symbolic links"),
                   sysroot);
      return FALSE;
    }
  if (!g_file_get_contents (host, &contents, NULL, &local_error))
    {
      /* GLib's message already names the file. */
      g_set_error (error, G_IO_ERROR, g_io_error_from_file_error (local_error->code),
                   _("Could not read the mount table: %s"), local_error->message);
      return FALSE;
    }

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(MountEntry) entry = { NULL, };
      gsize len;

      if (!parse_mountinfo_line (lines[i], &entry))
        continue;
      if (!mount_point_contains (entry.mount_point, path))
        continue;
      len = strlen (entry.mount_point);
      /* ">=": a later entry on the same mount point hides the earlier. */
      if (best->mount_point == NULL || len >= best_len)
        {
          mount_entry_clear (best);
          *best = entry;
          memset (&entry, 0, sizeof entry);
          best_len = len;
        }
    }

  return TRUE;
}

/* The filesystem type holding the backing file of a loop device, NULL when
 * no mount entry holds it. The path is the one the loop device reports,
 * which is only meaningful in the mount namespace that made the device. */
static char *
backing_fs_type (const char *sysroot,
                 const char *backing_file)
{
  g_auto(MountEntry) entry = { NULL, };

  if (backing_file == NULL || backing_file[0] != '/'
      || !find_mount (sysroot, backing_file, &entry, NULL))
    return NULL;
  return g_steal_pointer (&entry.fs_type);
}

/**
 * vol_probe_mount:
 * @sysroot: directory standing in for "/": its proc/self/mountinfo is read
 * @path: canonical absolute path of the target folder
 * @info: where the findings go
 * @error: return location for a #GError
 *
 * Fills the mount facts of @info (mount point, filesystem type, source,
 * options, device numbers) from the mountinfo entry whose mount point is
 * the longest whole-component prefix of @path; of several entries on the
 * same mount point, the last one is the visible one (it was mounted over
 * the others). Capacity and free space come from statvfs() of @path when
 * @path exists, and are filled even when the mount table cannot be read.
 *
 * Blocks on file reads: call it from a worker thread (any thread will do;
 * it touches nothing but @info).
 *
 * Returns: %FALSE with @error set (%G_IO_ERROR) when the mount table cannot
 * be read or no entry contains @path.
 */
gboolean
vol_probe_mount (const char    *sysroot,
                 const char    *path,
                 VolTargetInfo *info,
                 GError       **error)
{
  g_auto(MountEntry) best = { NULL, };
  struct statvfs vfs;

  g_return_val_if_fail (sysroot != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* f_bavail, not f_bfree: the blocks reserved for root are not ours to
   * fill, and a fill test sized on f_bfree would hit ENOSPC early. */
  if (statvfs (path, &vfs) == 0)
    {
      info->capacity_bytes = (guint64) vfs.f_blocks * vfs.f_frsize;
      info->free_bytes = (guint64) vfs.f_bavail * vfs.f_frsize;
    }

  if (!find_mount (sysroot, path, &best, error))
    return FALSE;
  if (best.mount_point == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No mounted filesystem contains “%s”"), display);
      return FALSE;
    }

  g_free (info->mount_point);
  info->mount_point = g_steal_pointer (&best.mount_point);
  g_free (info->fs_type);
  info->fs_type = g_steal_pointer (&best.fs_type);
  g_free (info->mount_source);
  info->mount_source = g_steal_pointer (&best.source);
  g_free (info->mount_options);
  info->mount_options = g_steal_pointer (&best.options);
  g_free (info->super_options);
  info->super_options = g_steal_pointer (&best.super_options);
  info->dev_major = best.major;
  info->dev_minor = best.minor;
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Sorted names of the entries of the directory @path inside the sysroot;
 * only directories (following links) when @dirs_only. NULL when it cannot
 * be read or is empty. */
static char **
list_dir_sorted (const char *sysroot,
                 const char *path,
                 gboolean    dirs_only)
{
  g_autofree char *host = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  mode_t mode = 0;
  const char *name;

  host = resolve_to_host (sysroot, path, &mode);
  if (host == NULL || !S_ISDIR (mode))
    return NULL;
  dir = g_dir_open (host, 0, NULL);
  if (dir == NULL)
    return NULL;

  names = g_ptr_array_new ();
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (dirs_only)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (!exists_in_root (sysroot, child, TRUE))
            continue;
        }
      g_ptr_array_add (names, g_strdup (name));
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/* Sorted names in the device's slaves/ directory; NULL when it has none. */
static char **
list_slaves (const char *sysroot,
             const char *dev_path)
{
  g_autofree char *rel = g_build_filename (dev_path, "slaves", NULL);

  /* Directory order is arbitrary; sorted members make results comparable. */
  return list_dir_sorted (sysroot, rel, FALSE);
}

typedef struct
{
  const char    *sysroot;
  VolTargetInfo *info;
  GHashTable    *visited;   /* device names already in info->devices */
  GHashTable    *dm_tables; /* fixture only: dm name → GPtrArray of table lines; NULL until read */
} ChainWalk;

static void
chain_walk_init (ChainWalk     *walk,
                 const char    *sysroot,
                 VolTargetInfo *info)
{
  walk->sysroot = sysroot;
  walk->info = info;
  walk->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  walk->dm_tables = NULL;
  for (guint i = 0; i < info->devices->len; i++)
    g_hash_table_add (walk->visited,
                      g_strdup (((VolBlockDevice *) g_ptr_array_index (info->devices, i))->name));
}

static void
chain_walk_clear (ChainWalk *walk)
{
  g_clear_pointer (&walk->visited, g_hash_table_unref);
  g_clear_pointer (&walk->dm_tables, g_hash_table_unref);
}

/* Splits "NAME: TABLE" lines (the output of `dmsetup table` without a
 * name) into @tables, the segments of one device in their order. */
static void
parse_named_dm_tables (const char *text,
                       GHashTable *tables)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *colon = strstr (lines[i], ": ");
      GPtrArray *segments;
      g_autofree char *name = NULL;

      if (colon == NULL || colon == lines[i])
        continue;
      name = g_strndup (lines[i], colon - lines[i]);
      segments = g_hash_table_lookup (tables, name);
      if (segments == NULL)
        {
          segments = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (tables, g_steal_pointer (&name), segments);
        }
      g_ptr_array_add (segments, g_strstrip (g_strdup (colon + 2)));
    }
}

/* `dmsetup table NAME`, run without a shell; NULL when dmsetup is missing,
 * fails (no such device, no device-mapper in the kernel) or prints nothing. */
static char **
spawn_dmsetup_table (const char *name)
{
  g_autofree char *dmsetup = g_find_program_in_path ("dmsetup");
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) segments = NULL;
  int status = 0;

  if (dmsetup == NULL)
    return NULL;
  {
    const char *argv[] = { dmsetup, "table", "--", name, NULL };

    env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
    if (!g_spawn_sync (NULL, (char **) argv, env,
                       G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_CLOEXEC_PIPES,
                       NULL, NULL, &out, NULL, &status, &error)
        || !g_spawn_check_wait_status (status, &error))
      {
        g_debug ("dmsetup table %s: %s", name, error->message);
        return NULL;
      }
  }

  segments = g_ptr_array_new_with_free_func (g_free);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0')
        g_ptr_array_add (segments, g_strdup (lines[i]));
    }
  if (segments->len == 0)
    return NULL;
  g_ptr_array_add (segments, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&segments), FALSE);
}

/* The table lines of the dm device @name, NULL when they cannot be had:
 * from the sysroot's "dm-tables" below a fixture, from dmsetup on the real
 * system when we are root (the ioctl behind it needs CAP_SYS_ADMIN; as a
 * user it would only fail). */
static char **
read_dm_table (ChainWalk  *walk,
               const char *name)
{
  GPtrArray *segments;
  GStrvBuilder *builder;

  if (name == NULL)
    return NULL;
  if (sysroot_is_host_root (walk->sysroot))
    return geteuid () == 0 ? spawn_dmsetup_table (name) : NULL;

  if (walk->dm_tables == NULL)
    {
      g_autofree char *text = read_text (walk->sysroot, "/dm-tables");

      walk->dm_tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_ptr_array_unref);
      if (text != NULL)
        parse_named_dm_tables (text, walk->dm_tables);
    }
  segments = g_hash_table_lookup (walk->dm_tables, name);
  if (segments == NULL || segments->len == 0)
    return NULL;
  builder = g_strv_builder_new ();
  for (guint i = 0; i < segments->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (segments, i));
  {
    char **lines = g_strv_builder_end (builder);

    g_strv_builder_unref (builder);
    return lines;
  }
}

/* The words of a table line: fields are separated by runs of blanks. */
static char **
split_words (const char *line)
{
  g_auto(GStrv) parts = g_strsplit_set (line, " \t", -1);
  GStrvBuilder *builder = g_strv_builder_new ();
  char **words;

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (builder, parts[i]);
  words = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return words;
}

static gboolean
parse_count (const char *text,
             guint64     max,
             guint64    *value)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL);
}

/* dm-raid names its type with the layout after an underscore ("raid5_ls",
 * "raid6_zr", "raid10_near"...); the level is what comes before it. */
static char *
dm_raid_level (const char *type)
{
  const char *underscore = strchr (type, '_');

  return underscore ? g_strndup (type, underscore - type) : g_strdup (type);
}

/* One value per segment, kept only while every segment agrees. */
typedef struct
{
  gboolean seen;
  gboolean differs;
  guint64  value;
} Agreed;

static void
agreed_add (Agreed  *agreed,
            guint64  value)
{
  if (agreed->seen && agreed->value != value)
    agreed->differs = TRUE;
  agreed->seen = TRUE;
  agreed->value = value;
}

static guint64
agreed_get (const Agreed *agreed)
{
  return agreed->seen && !agreed->differs ? agreed->value : 0;
}

/* Reads the table @segments of a dm device ("START LENGTH TARGET ARGS..."
 * per line; START and LENGTH and the chunk sizes in 512-byte sectors,
 * whatever the device's block size):
 *   striped: "#STRIPES CHUNK DEV OFFSET..." — the stripe count and chunk;
 *   raid:    "TYPE #PARAMS CHUNK [PARAMS...] #DEVS ..." — level, chunk and
 *            member count (dm-raid's table, what LVM's RAID volumes use).
 * A line that is not a table line leaves everything unknown. Several
 * segments of one target type (a grown LVM volume) give that type; mixed
 * types give "linear+striped"; a count or chunk the segments disagree on
 * stays unknown. */
static void
apply_dm_table (VolBlockDevice *dev,
                char          **segments)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *level = NULL;
  gboolean level_differs = FALSE;
  Agreed stripes = { 0, };
  Agreed chunk = { 0, };
  Agreed disks = { 0, };
  guint64 start, length, value;

  for (guint i = 0; segments[i] != NULL; i++)
    {
      g_auto(GStrv) w = split_words (segments[i]);
      guint n = g_strv_length (w);

      if (n < 3
          || !parse_count (w[0], G_MAXUINT64, &start)
          || !parse_count (w[1], G_MAXUINT64, &length))
        {
          g_debug ("dm device %s: table line “%s” not understood", dev->name, segments[i]);
          return;
        }
      if (!g_ptr_array_find_with_equal_func (targets, w[2], g_str_equal, NULL))
        g_ptr_array_add (targets, g_strdup (w[2]));

      if (strcmp (w[2], "striped") == 0)
        {
          if (n >= 5 && parse_count (w[3], G_MAXUINT, &value))
            agreed_add (&stripes, value);
          else
            stripes.differs = TRUE;
          if (n >= 5 && parse_count (w[4], G_MAXUINT64 / 512, &value))
            agreed_add (&chunk, value * 512);
          else
            chunk.differs = TRUE;
        }
      else if (strcmp (w[2], "raid") == 0)
        {
          g_autofree char *this_level = n >= 4 ? dm_raid_level (w[3]) : NULL;
          guint64 params = 0;
          /* The member count follows the parameters, so it is only found
           * when their count is. */
          gboolean params_ok = n >= 5 && parse_count (w[4], n, &params) && 5 + params < n;

          if (this_level == NULL || (level != NULL && strcmp (level, this_level) != 0))
            level_differs = TRUE;
          else if (level == NULL)
            level = g_steal_pointer (&this_level);

          if (params_ok && params >= 1 && parse_count (w[5], G_MAXUINT64 / 512, &value))
            agreed_add (&chunk, value * 512);
          else
            chunk.differs = TRUE;
          if (params_ok && parse_count (w[5 + params], G_MAXUINT, &value))
            agreed_add (&disks, value);
          else
            disks.differs = TRUE;
        }
    }

  if (targets->len == 0)
    return;
  g_ptr_array_add (targets, NULL);
  g_free (dev->dm_target);
  dev->dm_target = g_strjoinv ("+", (char **) targets->pdata);
  dev->dm_stripes = (guint) agreed_get (&stripes);
  dev->chunk_bytes = agreed_get (&chunk);
  dev->raid_disks = (guint) agreed_get (&disks);
  if (!level_differs && level != NULL)
    {
      g_free (dev->raid_level);
      dev->raid_level = g_steal_pointer (&level);
    }
}

static void walk_device (ChainWalk  *walk,
                         const char *link_path,
                         guint       depth);

/* Where the member @name of @dev_path lives: through its slaves/ symlink,
 * or failing that through /sys/class/block. */
static char *
slave_path (ChainWalk  *walk,
            const char *dev_path,
            const char *name)
{
  g_autofree char *via_slaves = g_build_filename (dev_path, "slaves", name, NULL);

  if (exists_in_root (walk->sysroot, via_slaves, TRUE))
    return g_steal_pointer (&via_slaves);
  return g_build_filename ("/sys/class/block", name, NULL);
}

/* Adds the device at @link_path (any path inside the sysroot leading to a
 * device directory) and then, depth-first, what lies below it. */
static void
walk_device (ChainWalk  *walk,
             const char *link_path,
             guint       depth)
{
  const char *sysroot = walk->sysroot;
  g_autoptr(VolBlockDevice) dev = NULL;
  g_autofree char *dev_path = NULL;
  g_autofree char *parent_path = NULL;
  g_autofree char *schedulers = NULL;
  VolBlockDevice *added;
  mode_t mode = 0;
  guint64 value;

  if (depth > MAX_CHAIN_DEPTH)
    {
      g_debug ("Block device chain deeper than %u at %s; stopping there",
               MAX_CHAIN_DEPTH, link_path);
      return;
    }

  /* From here on, work with the resolved path so that "..", "partition"
   * and the attributes all refer to the real device directory. */
  dev_path = resolve_in_root (sysroot, link_path, &mode);
  if (dev_path == NULL || !S_ISDIR (mode) || strcmp (dev_path, "/") == 0)
    return;

  dev = vol_block_device_new ();
  dev->name = g_path_get_basename (dev_path);
  /* By name: the same disk reached as a member of two arrays, or as the
   * parent of two partitions, is listed once. This also ends cycles. */
  if (g_hash_table_contains (walk->visited, dev->name))
    return;
  g_hash_table_add (walk->visited, g_strdup (dev->name));

  if (has_attr (sysroot, dev_path, "partition", FALSE))
    {
      dev->kind = g_strdup ("partition");
      parent_path = g_path_get_dirname (dev_path);
      dev->parent = g_path_get_basename (parent_path);
    }
  else if (has_attr (sysroot, dev_path, "loop", TRUE))
    {
      dev->kind = g_strdup ("loop");
      dev->backing_file = read_attr (sysroot, dev_path, "loop/backing_file");
      /* With dio off the loop driver reads its file through the page
       * cache: a result's reads may be RAM's, which only this tells. */
      if (read_attr_u64 (sysroot, dev_path, "loop/dio", &value))
        dev->loop_direct_io = value != 0;
      dev->backing_fs_type = backing_fs_type (sysroot, dev->backing_file);
    }
  else if (has_attr (sysroot, dev_path, "dm", TRUE))
    {
      dev->kind = g_strdup ("dm");
      dev->dm_name = read_attr (sysroot, dev_path, "dm/name");
      dev->dm_uuid = read_attr (sysroot, dev_path, "dm/uuid");
      {
        g_auto(GStrv) table = read_dm_table (walk, dev->dm_name);

        if (table != NULL)
          apply_dm_table (dev, table);
      }
    }
  else if (has_attr (sysroot, dev_path, "md", TRUE))
    {
      dev->kind = g_strdup ("md");
      dev->raid_level = read_attr (sysroot, dev_path, "md/level");
      /* md/chunk_size is in bytes already; RAID 1 reports 0 (no stripe). */
      if (read_attr_u64 (sysroot, dev_path, "md/chunk_size", &value))
        dev->chunk_bytes = value;
      dev->raid_disks = read_attr_uint (sysroot, dev_path, "md/raid_disks");
    }
  else
    dev->kind = g_strdup ("disk");

  dev->slaves = list_slaves (sysroot, dev_path);
  dev->model = read_attr (sysroot, dev_path, "device/model");
  dev->vendor = read_attr (sysroot, dev_path, "device/vendor");

  /* Partitions have no queue/: these stay unknown on them and are found
   * on the disk node, which is visited next. */
  if (read_attr_u64 (sysroot, dev_path, "queue/rotational", &value) && value <= 1)
    dev->rotational = (int) value;
  schedulers = read_attr (sysroot, dev_path, "queue/scheduler");
  dev->scheduler = parse_scheduler (schedulers);
  dev->logical_block_size = read_attr_uint (sysroot, dev_path, "queue/logical_block_size");
  dev->physical_block_size = read_attr_uint (sysroot, dev_path, "queue/physical_block_size");
  if (read_attr_u64 (sysroot, dev_path, "size", &value)
      && value <= G_MAXUINT64 / SYSFS_SECTOR_BYTES)
    dev->size_bytes = value * SYSFS_SECTOR_BYTES;

  added = g_steal_pointer (&dev);
  g_ptr_array_add (walk->info->devices, added);

  if (parent_path != NULL)
    walk_device (walk, parent_path, depth + 1);

  for (guint i = 0; added->slaves != NULL && added->slaves[i] != NULL; i++)
    {
      g_autofree char *path = slave_path (walk, dev_path, added->slaves[i]);

      walk_device (walk, path, depth + 1);
    }
}

static gboolean
is_disk (const VolBlockDevice *dev)
{
  return g_strcmp0 (dev->kind, "disk") == 0;
}

/* "INTEL SSDSA2M080" for one disk, "2 × INTEL SSDSA2M080" for a matched
 * pair, "A + B" for a mixed set, "2 × A + B" for both. Not translated: it
 * is stored in result files, which must read the same in every locale. */
static char *
summarize_models (GPtrArray *devices)
{
  g_autoptr(GPtrArray) models = g_ptr_array_new ();
  g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
  GString *s;

  for (guint i = 0; i < devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (devices, i);
      guint index;

      if (!is_disk (dev) || dev->model == NULL)
        continue;
      if (g_ptr_array_find_with_equal_func (models, dev->model, g_str_equal, &index))
        g_array_index (counts, guint, index)++;
      else
        {
          guint one = 1;

          g_ptr_array_add (models, dev->model);
          g_array_append_val (counts, one);
        }
    }

  if (models->len == 0)
    return NULL;

  s = g_string_new (NULL);
  for (guint i = 0; i < models->len; i++)
    {
      guint count = g_array_index (counts, guint, i);

      if (i > 0)
        g_string_append (s, " + ");
      if (count > 1)
        g_string_append_printf (s, "%u × ", count);
      g_string_append (s, g_ptr_array_index (models, i));
    }
  return g_string_free (s, FALSE);
}

/* The disks' scheduler when every disk that names one names the same,
 * "mixed" when they differ. The disk's scheduler is the one that orders the
 * I/O reaching the medium; a bio-based md/dm device above it only passes
 * requests on, so its "none" counts only when no disk says anything (a
 * loop device on its own). Not translated: it is stored in result files. */
static char *
summarize_schedulers (GPtrArray *devices)
{
  const char *disk_scheduler = NULL;
  const char *other_scheduler = NULL;

  for (guint i = 0; i < devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (devices, i);

      if (dev->scheduler == NULL)
        continue;
      if (!is_disk (dev))
        {
          if (other_scheduler == NULL)
            other_scheduler = dev->scheduler;
        }
      else if (disk_scheduler == NULL)
        disk_scheduler = dev->scheduler;
      else if (strcmp (disk_scheduler, dev->scheduler) != 0)
        return g_strdup ("mixed");
    }
  return g_strdup (disk_scheduler != NULL ? disk_scheduler : other_scheduler);
}

/* TRUE when the btrfs data profile spreads data over devices the way a
 * RAID level does: anything but "single" on one device, which is no more
 * than a plain filesystem (and then a RAID below it, if any, is the one
 * that counts). */
static gboolean
btrfs_profile_is_raid (const char *profile,
                       char      **members)
{
  if (profile == NULL)
    return FALSE;
  return strcmp (profile, "single") != 0
         || (members != NULL && g_strv_length (members) > 1);
}

/* The one-line facts a chart subtitle needs, drawn from the chain.
 * @btrfs_members: the devices of the btrfs filesystem mounted, if it is one. */
static void
fill_headline (VolTargetInfo *info,
               char         **btrfs_members)
{
  GPtrArray *devices = info->devices;
  const VolBlockDevice *first_raid = NULL;
  const VolBlockDevice *first_dm = NULL;
  gboolean any_spinning = FALSE;
  gboolean any_known = FALSE;

  if (devices->len == 0)
    return;

  g_free (info->device);
  info->device = g_strdup (((VolBlockDevice *) g_ptr_array_index (devices, 0))->name);

  for (guint i = 0; i < devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (devices, i);

      if (g_strcmp0 (dev->kind, "dm") == 0)
        {
          if (first_dm == NULL)
            first_dm = dev;
          /* A linear or crypt mapping is no RAID; striped and raid are. */
          if (first_raid == NULL
              && (g_strcmp0 (dev->dm_target, "striped") == 0
                  || g_strcmp0 (dev->dm_target, "raid") == 0))
            first_raid = dev;
        }
      else if (first_raid == NULL && g_strcmp0 (dev->kind, "md") == 0)
        first_raid = dev;

      if (is_disk (dev))
        {
          /* Only real disks say whether the medium spins: md and dm
           * report whatever their creator set, loop whatever it guessed. */
          if (dev->rotational == 1)
            any_spinning = TRUE;
          if (dev->rotational >= 0)
            any_known = TRUE;
        }
    }

  info->rotational = any_spinning ? 1 : any_known ? 0 : -1;

  g_free (info->scheduler);
  info->scheduler = summarize_schedulers (devices);

  g_free (info->model);
  info->model = summarize_models (devices);

  g_free (info->dm_target);
  info->dm_target = first_dm != NULL ? g_strdup (first_dm->dm_target) : NULL;

  /* btrfs sits on top of everything else in the chain, so its profile is
   * the layout the files see. Its stripe unit is not published: unknown. */
  if (btrfs_profile_is_raid (info->btrfs_profile, btrfs_members))
    {
      g_free (info->raid_level);
      info->raid_level = g_strdup_printf ("btrfs %s", info->btrfs_profile);
      info->stripe_bytes = 0;
      g_strfreev (info->raid_members);
      info->raid_members = g_strdupv (btrfs_members);
    }
  else if (first_raid != NULL)
    {
      g_free (info->raid_level);
      if (g_strcmp0 (first_raid->dm_target, "striped") == 0)
        info->raid_level = g_strdup ("striped");
      else
        info->raid_level = g_strdup (first_raid->raid_level);
      info->stripe_bytes = first_raid->chunk_bytes;
      g_strfreev (info->raid_members);
      info->raid_members = g_strdupv (first_raid->slaves);
    }
}

/**
 * vol_probe_block_chain:
 * @sysroot: directory standing in for "/": its sys/ is read
 * @major: major number of the mounted filesystem's device
 * @minor: minor number
 * @info: where the findings go
 *
 * Walks the block devices below the filesystem, starting at
 * sys/dev/block/@major:@minor: the mounted device first, then depth-first
 * what it is made of (a partition's whole disk, an md array's members, a
 * dm table's devices), each device once. Fills @info's devices array and
 * the headline facts drawn from it (device, model, rotational, scheduler
 * summary, dm target, RAID level, stripe size and members: md arrays and
 * dm striped or raid tables count as RAID, linear and crypt do not). A @major of 0 (tmpfs, overlay,
 * btrfs' anonymous devices) has no block device and leaves @info alone.
 * Missing sysfs files leave their fields unknown.
 *
 * Blocks on file reads: call it from a worker thread (any thread will do;
 * it touches nothing but @info).
 */
void
vol_probe_block_chain (const char    *sysroot,
                       guint          major,
                       guint          minor,
                       VolTargetInfo *info)
{
  g_autofree char *link = NULL;
  ChainWalk walk;

  g_return_if_fail (sysroot != NULL);
  g_return_if_fail (info != NULL);

  if (major == 0)
    return;

  chain_walk_init (&walk, sysroot, info);
  link = g_strdup_printf ("/sys/dev/block/%u:%u", major, minor);
  walk_device (&walk, link, 0);
  chain_walk_clear (&walk);
  fill_headline (info, NULL);
}

/* The kernel names of the mount's source device: "/dev/sdb" gives "sdb";
 * a link such as /dev/mapper/vg-data or /dev/disk/by-uuid/… also gives
 * what it points to inside the sysroot ("dm-0"). */
static char **
source_device_names (const char *sysroot,
                     const char *source)
{
  GStrvBuilder *builder;
  g_autofree char *resolved = NULL;
  g_autofree char *base = NULL;
  g_autofree char *resolved_base = NULL;
  char **names;

  if (source == NULL || !g_str_has_prefix (source, "/dev/"))
    return NULL;
  builder = g_strv_builder_new ();
  base = g_path_get_basename (source);
  g_strv_builder_add (builder, base);
  resolved = resolve_in_root (sysroot, source, NULL);
  if (resolved != NULL && g_str_has_prefix (resolved, "/dev/"))
    {
      resolved_base = g_path_get_basename (resolved);
      g_strv_builder_add (builder, resolved_base);
    }
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/* The directory /sys/fs/btrfs/FSID of the filesystem whose devices/
 * holds the mount's source device (by kernel name, or by its dm name for
 * a /dev/mapper source); NULL when none does. */
static char *
find_btrfs_fs_dir (const char *sysroot,
                   const char *source)
{
  g_auto(GStrv) wanted = source_device_names (sysroot, source);
  g_auto(GStrv) filesystems = NULL;

  if (wanted == NULL)
    return NULL;
  filesystems = list_dir_sorted (sysroot, "/sys/fs/btrfs", TRUE);
  for (guint i = 0; filesystems != NULL && filesystems[i] != NULL; i++)
    {
      g_autofree char *fs_dir = g_build_filename ("/sys/fs/btrfs", filesystems[i], NULL);
      g_autofree char *devices_dir = g_build_filename (fs_dir, "devices", NULL);
      g_auto(GStrv) devices = list_dir_sorted (sysroot, devices_dir, FALSE);

      for (guint j = 0; devices != NULL && devices[j] != NULL; j++)
        {
          g_autofree char *dev_link = g_build_filename (devices_dir, devices[j], NULL);
          g_autofree char *dm_name = read_attr (sysroot, dev_link, "dm/name");

          if (g_strv_contains ((const char * const *) wanted, devices[j])
              || (dm_name != NULL && g_strv_contains ((const char * const *) wanted, dm_name)))
            return g_steal_pointer (&fs_dir);
        }
    }
  return NULL;
}

/* For a btrfs mount: its member devices (walked like any chain, their
 * schedulers and models included) and its data profile, from
 * /sys/fs/btrfs/FSID. allocation/data/ has one directory per profile data
 * is stored in ("single", "dup", "raid0", "raid1", "raid10", "raid5",
 * "raid6", "raid1c3", "raid1c4"); more than one while a balance converts
 * it, given as "raid1+single". Unknown when the filesystem is not found. */
static void
probe_btrfs (const char    *sysroot,
             VolTargetInfo *info)
{
  g_autofree char *fs_dir = NULL;
  g_autofree char *data_dir = NULL;
  g_autofree char *devices_dir = NULL;
  g_auto(GStrv) profiles = NULL;
  g_auto(GStrv) members = NULL;
  ChainWalk walk;

  if (g_strcmp0 (info->fs_type, "btrfs") != 0)
    return;
  fs_dir = find_btrfs_fs_dir (sysroot, info->mount_source);
  if (fs_dir == NULL)
    {
      g_debug ("No /sys/fs/btrfs entry holds %s", info->mount_source);
      return;
    }

  data_dir = g_build_filename (fs_dir, "allocation", "data", NULL);
  profiles = list_dir_sorted (sysroot, data_dir, TRUE);
  g_free (info->btrfs_profile);
  info->btrfs_profile = profiles != NULL ? g_strjoinv ("+", profiles) : NULL;

  devices_dir = g_build_filename (fs_dir, "devices", NULL);
  members = list_dir_sorted (sysroot, devices_dir, FALSE);
  chain_walk_init (&walk, sysroot, info);
  for (guint i = 0; members != NULL && members[i] != NULL; i++)
    {
      g_autofree char *link = g_build_filename (devices_dir, members[i], NULL);

      walk_device (&walk, link, 0);
    }
  chain_walk_clear (&walk);
  fill_headline (info, members);
}

/**
 * vol_target_probe_with_root:
 * @path: the folder to test
 * @sysroot: directory standing in for "/" when reading /proc and /sys
 *   (a fixture tree in tests; "/" for the real system)
 * @error: return location for a #GError
 *
 * Finds out what @path is: its canonical path, the mount it lives on,
 * capacity and free space, and the chain of block devices below it (for
 * btrfs, which has no block device of its own: its member devices and its
 * data profile).
 * Facts that cannot be found stay unknown (%NULL, 0 or -1); in particular
 * an unreadable mount table (a chroot without /proc) or a table with no
 * entry containing @path (a chroot whose root is not a mount point) is not
 * an error, as the folder can still be tested: the mount facts stay
 * unknown, a g_message() says why, and on the real system the device
 * numbers come from the folder's own st_dev.
 *
 * Blocks on file reads: call it from a worker thread, or from the main
 * thread for a one-off CLI probe. Any thread may call it.
 *
 * Returns: (transfer full): a new #VolTargetInfo, or %NULL with @error set
 * (%G_IO_ERROR_NOT_FOUND, %G_IO_ERROR_NOT_DIRECTORY, ...) when @path is
 * not an existing folder.
 */
VolTargetInfo *
vol_target_probe_with_root (const char  *path,
                            const char  *sysroot,
                            GError     **error)
{
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) mount_error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *canonical = NULL;
  struct stat st;
  int saved_errno;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (sysroot != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _vol_pause_seam_probe (path);
  display = g_filename_display_name (path);

  if (stat (path, &st) != 0)
    {
      saved_errno = errno;
      if (saved_errno == ENOENT)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                     _("The folder “%s” does not exist"), display);
      else
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                     _("Could not look at the folder “%s”: %s"),
                     display, g_strerror (saved_errno));
      return NULL;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   _("“%s” is not a folder"), display);
      return NULL;
    }

  canonical = realpath (path, NULL);
  if (canonical == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not resolve the folder “%s”: %s"),
                   display, g_strerror (saved_errno));
      return NULL;
    }

  info = vol_target_info_new ();
  info->path = g_steal_pointer (&canonical);

  if (!vol_probe_mount (sysroot, info->path, info, &mount_error))
    {
      /* Not an error: the folder can still be tested. But the user should
       * know why the result names no filesystem, so say it once per probe
       * (a message, not a warning: nothing is wrong with the folder). */
      g_message (_("The filesystem of “%s” is unknown: %s"), display, mount_error->message);
      /* On the real system the folder's own st_dev names the same device
       * the mount table would have; a fixture's sysroot does not match the
       * real st_dev, so there it stays unknown. */
      if (sysroot_is_host_root (sysroot))
        {
          info->dev_major = major (st.st_dev);
          info->dev_minor = minor (st.st_dev);
        }
    }

  vol_probe_block_chain (sysroot, info->dev_major, info->dev_minor, info);
  probe_btrfs (sysroot, info);
  return g_steal_pointer (&info);
}

/**
 * vol_target_probe:
 * @path: the folder to test
 * @error: return location for a #GError
 *
 * Probes @path on the running system; see vol_target_probe_with_root().
 *
 * Blocks on file reads: call it from a worker thread, or from the main
 * thread for a one-off CLI probe.
 *
 * Returns: (transfer full): a new #VolTargetInfo, or %NULL with @error set.
 */
VolTargetInfo *
vol_target_probe (const char  *path,
                  GError     **error)
{
  return vol_target_probe_with_root (path, "/", error);
}

/* A sandbox (Flatpak) has no /dev/sdb, but it has /sys: the numbers of
 * /dev/NAME from /sys/class/block/NAME/dev. */
static gboolean
sys_block_numbers (const char *path,
                   guint      *dev_major,
                   guint      *dev_minor)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *file = g_build_filename ("/sys/class/block", name, "dev", NULL);
  g_autofree char *text = NULL;

  if (!g_str_has_prefix (path, "/dev/") || !g_file_get_contents (file, &text, NULL, NULL))
    return FALSE;
  return sscanf (text, "%u:%u", dev_major, dev_minor) == 2;
}

/**
 * vol_target_probe_device:
 * @path: a block device node: /dev/sdb, /dev/md0, /dev/mapper/…
 *
 * The target of a test that reads a device itself: its path resolved
 * (/dev/mapper/vg-x gives /dev/dm-3), the block chain below it, and its
 * size as the capacity; no mount point (vol_target_info_is_device()).
 *
 * Returns: (transfer full): a new #VolTargetInfo, or %NULL with @error set
 *   when @path is missing or not a block device.
 */
VolTargetInfo *
vol_target_probe_device (const char  *path,
                         GError     **error)
{
  g_autoptr(VolTargetInfo) info = NULL;
  g_autofree char *display = g_filename_display_name (path);
  struct stat st;

  guint dev_major, dev_minor;

  if (stat (path, &st) == 0)
    {
      if (!S_ISBLK (st.st_mode))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a block device"), display);
          return NULL;
        }
      dev_major = major (st.st_rdev);
      dev_minor = minor (st.st_rdev);
    }
  else if (!sys_block_numbers (path, &dev_major, &dev_minor))
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not look at the device “%s”: %s"), display, g_strerror (saved));
      return NULL;
    }
  info = vol_target_info_new ();
  info->path = realpath (path, NULL);
  if (info->path == NULL)
    info->path = g_strdup (path);
  info->dev_major = dev_major;
  info->dev_minor = dev_minor;
  vol_probe_block_chain ("/", info->dev_major, info->dev_minor, info);
  if (info->devices->len > 0)
    info->capacity_bytes = ((VolBlockDevice *) g_ptr_array_index (info->devices, 0))->size_bytes;
  return g_steal_pointer (&info);
}

/* Filesystems with nothing on a disk to measure, or that cannot hold a
 * scratch folder. */
static const char *const pseudo_filesystems[] = {
  "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts",
  "devtmpfs", "efivarfs", "fusectl", "hugetlbfs", "mqueue", "nsfs", "proc", "pstore",
  "ramfs", "rpc_pipefs", "securityfs", "sysfs", "tmpfs", "tracefs", "squashfs", "iso9660",
  "overlay", "fuse.portal", "fuse.gvfsd-fuse", "nfsd", NULL,
};

static gboolean
has_option (const char *options,
            const char *option)
{
  g_auto(GStrv) parts = options ? g_strsplit (options, ",", -1) : NULL;

  return parts != NULL && g_strv_contains ((const char *const *) parts, option);
}

/* System folders are mount points too; only /run/media is for users. */
static gboolean
is_system_mount_point (const char *mount_point)
{
  static const char *const system[] = { "/proc", "/sys", "/dev", "/run", "/boot/efi", NULL };

  if (g_str_has_prefix (mount_point, "/run/media/"))
    return FALSE;
  for (guint i = 0; system[i]; i++)
    if (mount_point_contains (system[i], mount_point))
      return TRUE;
  return FALSE;
}

/* Where on a volume the user can write: its root, or their home folder
 * when it lives on that volume (as / usually does for a normal user). */
static char *
writable_folder_on (const char *mount_point,
                    guint       major,
                    guint       minor)
{
  const char *home = g_get_home_dir ();
  struct stat st;

  if (access (mount_point, W_OK) == 0)
    return g_strdup (mount_point);
  if (home && stat (home, &st) == 0 && major (st.st_dev) == major && minor (st.st_dev) == minor
      && access (home, W_OK) == 0)
    return g_strdup (home);
  return NULL;
}

/**
 * vol_probe_list_volumes_each:
 * @sysroot: "/" for the real system, or a fixture tree
 * @func: called with each volume as soon as it is probed, in the calling
 *   thread; it takes the #VolTargetInfo
 *
 * The mounted volumes a user could test: real, writable filesystems, one
 * entry per filesystem (bind mounts of it are dropped), each probed like
 * a target, with @path set to the folder the user can write in on it.
 * Pseudo filesystems (proc, tmpfs, …), read-only mounts and system mount
 * points are left out. Blocking, and a hung mount blocks it: call it from
 * a worker thread; @func lets a list fill in volume by volume.
 *
 * Returns: %FALSE with @error set when the mount table cannot be read.
 */
gboolean
vol_probe_list_volumes_each (const char           *sysroot,
                             VolProbeVolumeFunc    func,
                             gpointer              user_data,
                             GError              **error)
{
  g_autofree char *path = g_build_filename (sysroot, "proc", "self", "mountinfo", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  lines = g_strsplit (text, "\n", -1);
  g_array_set_size (keys, g_strv_length (lines));

  for (guint i = 0; lines[i]; i++)
    {
      g_auto(MountEntry) entry = { 0 };
      g_autofree char *folder = NULL;
      VolTargetInfo *info;
      gint64 *key = &g_array_index (keys, gint64, i);

      if (!parse_mountinfo_line (lines[i], &entry))
        continue;
      if (g_strv_contains (pseudo_filesystems, entry.fs_type)
          || has_option (entry.options, "ro") || has_option (entry.super_options, "ro")
          || is_system_mount_point (entry.mount_point))
        continue;
      *key = ((gint64) entry.major << 32) | entry.minor;
      if (g_hash_table_contains (seen, key))
        continue;
      folder = writable_folder_on (entry.mount_point, entry.major, entry.minor);
      if (folder == NULL)
        continue;
      info = vol_target_probe_with_root (folder, sysroot, NULL);
      if (info == NULL || info->capacity_bytes == 0)
        {
          g_clear_pointer (&info, vol_target_info_free);
          continue;
        }
      g_hash_table_add (seen, key);
      func (info, user_data);
    }
  return TRUE;
}

static void
add_volume (VolTargetInfo *info,
            gpointer       user_data)
{
  g_ptr_array_add (user_data, info);
}

/**
 * vol_probe_list_volumes:
 * @sysroot: "/" for the real system, or a fixture tree
 *
 * vol_probe_list_volumes_each() gathered in a list. Blocking: call it
 * from a worker thread, or once in a command-line tool.
 *
 * Returns: (transfer full) (element-type VolTargetInfo): the volumes, in
 *   mount table order.
 */
GPtrArray *
vol_probe_list_volumes (const char  *sysroot,
                        GError     **error)
{
  g_autoptr(GPtrArray) volumes = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_target_info_free);

  if (!vol_probe_list_volumes_each (sysroot, add_volume, volumes, error))
    return NULL;
  return g_steal_pointer (&volumes);
}

void
vol_disk_free (VolDisk *disk)
{
  if (disk == NULL)
    return;
  g_free (disk->path);
  vol_target_info_free (disk->info);
  g_free (disk);
}

/* Devices no one benchmarks: RAM disks, compressed swap, an unused loop. */
static gboolean
listable (const char *name,
          guint64     size)
{
  static const char *const skip[] = { "ram", "zram", "fd", "sr", NULL };

  for (guint i = 0; skip[i]; i++)
    if (g_str_has_prefix (name, skip[i]))
      return FALSE;
  return size > 0;
}

/**
 * vol_probe_list_disks:
 *
 * The machine's block devices a surface scan can read, mounted or not:
 * each of /sys/block (whole disks, md and dm devices, loop devices with a
 * file behind them), probed as vol_target_probe_device() does, with its
 * number of partitions. Blocks on file reads: call it from a thread.
 *
 * Returns: (transfer full) (element-type VolDisk): the disks, by name
 */
GPtrArray *
vol_probe_list_disks (void)
{
  GPtrArray *disks = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_disk_free);
  g_auto(GStrv) names = list_dir_sorted ("/", "/sys/block", FALSE);

  for (guint i = 0; names && names[i]; i++)
    {
      const char *dev = names[i];
      g_autofree char *path = g_strdup_printf ("/dev/%s", dev);
      g_autofree char *sys = g_build_filename ("/sys/block", dev, NULL);
      g_autoptr(GDir) parts = g_dir_open (sys, 0, NULL);
      VolTargetInfo *info = vol_target_probe_device (path, NULL);
      const char *entry;
      VolDisk *disk;

      if (info == NULL || !listable (dev, info->capacity_bytes))
        {
          g_clear_pointer (&info, vol_target_info_free);
          continue;
        }
      disk = g_new0 (VolDisk, 1);
      disk->path = g_steal_pointer (&path);
      disk->info = info;
      /* a partition is a subfolder with a "partition" file */
      while (parts && (entry = g_dir_read_name (parts)))
        {
          g_autofree char *marker = g_build_filename (sys, entry, "partition", NULL);
          if (g_str_has_prefix (entry, dev) && g_file_test (marker, G_FILE_TEST_EXISTS))
            disk->partitions++;
        }
      g_ptr_array_add (disks, disk);
    }
  return disks;
}
