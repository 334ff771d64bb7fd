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
 */
#define G_LOG_DOMAIN "vol-probe"

#include "vol-probe.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
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
  g_autofree char *host = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(MountEntry) best = { NULL, };
  gsize best_len = 0;
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
      if (best.mount_point == NULL || len >= best_len)
        {
          mount_entry_clear (&best);
          best = entry;
          memset (&entry, 0, sizeof entry);
          best_len = len;
        }
    }

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

/* Sorted names in the device's slaves/ directory; NULL when it has none. */
static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char **
list_slaves (const char *sysroot,
             const char *dev_path)
{
  g_autofree char *rel = g_build_filename (dev_path, "slaves", NULL);
  g_autofree char *host = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  mode_t mode = 0;
  const char *name;

  host = resolve_to_host (sysroot, rel, &mode);
  if (host == NULL || !S_ISDIR (mode))
    return NULL;
  dir = g_dir_open (host, 0, NULL);
  if (dir == NULL)
    return NULL;

  names = g_ptr_array_new ();
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  if (names->len == 0)
    return NULL;
  /* Directory order is arbitrary; sorted members make results comparable. */
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

typedef struct
{
  const char    *sysroot;
  VolTargetInfo *info;
  GHashTable    *visited;   /* device names already in info->devices */
} ChainWalk;

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
    }
  else if (has_attr (sysroot, dev_path, "dm", TRUE))
    {
      dev->kind = g_strdup ("dm");
      dev->dm_name = read_attr (sysroot, dev_path, "dm/name");
      dev->dm_uuid = read_attr (sysroot, dev_path, "dm/uuid");
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

/* The one-line facts a chart subtitle needs, drawn from the chain. */
static void
fill_headline (VolTargetInfo *info)
{
  GPtrArray *devices = info->devices;
  const VolBlockDevice *first_md = NULL;
  const char *disk_scheduler = NULL;
  const char *other_scheduler = NULL;
  gboolean any_spinning = FALSE;
  gboolean any_known = FALSE;

  if (devices->len == 0)
    return;

  g_free (info->device);
  info->device = g_strdup (((VolBlockDevice *) g_ptr_array_index (devices, 0))->name);

  for (guint i = 0; i < devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (devices, i);

      if (first_md == NULL && g_strcmp0 (dev->kind, "md") == 0)
        first_md = dev;

      if (is_disk (dev))
        {
          /* Only real disks say whether the medium spins: md and dm
           * report whatever their creator set, loop whatever it guessed. */
          if (dev->rotational == 1)
            any_spinning = TRUE;
          if (dev->rotational >= 0)
            any_known = TRUE;
          if (disk_scheduler == NULL)
            disk_scheduler = dev->scheduler;
        }
      else if (other_scheduler == NULL)
        other_scheduler = dev->scheduler;
    }

  info->rotational = any_spinning ? 1 : any_known ? 0 : -1;

  /* The disk's scheduler is the one that orders the I/O that reaches the
   * medium; a bio-based md/dm device above it only passes requests on. */
  g_free (info->scheduler);
  info->scheduler = g_strdup (disk_scheduler != NULL ? disk_scheduler : other_scheduler);

  g_free (info->model);
  info->model = summarize_models (devices);

  if (first_md != NULL)
    {
      g_free (info->raid_level);
      info->raid_level = g_strdup (first_md->raid_level);
      info->stripe_bytes = first_md->chunk_bytes;
      g_strfreev (info->raid_members);
      info->raid_members = g_strdupv (first_md->slaves);
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
 * the headline facts drawn from it (device, model, rotational, scheduler,
 * RAID level, stripe size and members). A @major of 0 (tmpfs, overlay,
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
  g_autoptr(GHashTable) visited = NULL;
  g_autofree char *link = NULL;
  ChainWalk walk;

  g_return_if_fail (sysroot != NULL);
  g_return_if_fail (info != NULL);

  if (major == 0)
    return;

  visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < info->devices->len; i++)
    g_hash_table_add (visited, g_strdup (((VolBlockDevice *) g_ptr_array_index (info->devices, i))->name));

  walk.sysroot = sysroot;
  walk.info = info;
  walk.visited = visited;

  link = g_strdup_printf ("/sys/dev/block/%u:%u", major, minor);
  walk_device (&walk, link, 0);
  fill_headline (info);
}

/**
 * vol_target_probe_with_root:
 * @path: the folder to test
 * @sysroot: directory standing in for "/" when reading /proc and /sys
 *   (a fixture tree in tests; "/" for the real system)
 * @error: return location for a #GError
 *
 * Finds out what @path is: its canonical path, the mount it lives on,
 * capacity and free space, and the chain of block devices below it.
 * Facts that cannot be found stay unknown; in particular an unreadable
 * mount table (a chroot without /proc) is not an error, as the folder can
 * still be tested.
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
      g_debug ("Mount of %s unknown: %s", info->path, mount_error->message);
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
 * vol_probe_list_volumes:
 * @sysroot: "/" for the real system, or a fixture tree
 *
 * The mounted volumes a user could test: real, writable filesystems, one
 * entry per filesystem (bind mounts of it are dropped), each probed like
 * a target, with @path set to the folder the user can write in on it.
 * Pseudo filesystems (proc, tmpfs, …), read-only mounts and system mount
 * points are left out. Blocking: call it from a worker thread, or once at
 * start-up.
 *
 * Returns: (transfer full) (element-type VolTargetInfo): the volumes, in
 *   mount table order.
 */
GPtrArray *
vol_probe_list_volumes (const char  *sysroot,
                        GError     **error)
{
  g_autofree char *path = g_build_filename (sysroot, "proc", "self", "mountinfo", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) volumes = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_target_info_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
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
      g_ptr_array_add (volumes, info);
    }
  return g_steal_pointer (&volumes);
}
