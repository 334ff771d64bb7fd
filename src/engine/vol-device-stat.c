/* vol-device-stat.c — reading /sys/class/block/NAME/stat */
#include "vol-device-stat.h"

#include <stdlib.h>
#include <string.h>

/**
 * vol_device_stat_parse:
 * @text: the stat file's one line: 11, 15 or 17 numbers
 *
 * FALSE when fewer than the 11 fields every kernel since 2.6 writes are
 * there; fields a kernel does not have stay 0.
 */
gboolean
vol_device_stat_parse (const char    *text,
                       VolDeviceStat *stat)
{
  guint64 f[17] = { 0 };
  const char *p = text;
  guint n = 0;

  memset (stat, 0, sizeof *stat);
  while (n < G_N_ELEMENTS (f))
    {
      char *end;

      while (*p == ' ' || *p == '\t')
        p++;
      if (!g_ascii_isdigit (*p))
        break;
      f[n++] = g_ascii_strtoull (p, &end, 10);
      p = end;
    }
  if (n < 11)
    return FALSE;
  stat->reads = f[0];
  stat->read_merges = f[1];
  stat->read_sectors = f[2];
  stat->writes = f[4];
  stat->write_merges = f[5];
  stat->write_sectors = f[6];
  stat->discards = f[11];
  stat->flushes = f[15];
  return TRUE;
}

/* Reads one device's counters below @sysroot ("/" for the machine). */
static gboolean
read_in_root (const char    *sysroot,
              const char    *device,
              VolDeviceStat *stat)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  memset (stat, 0, sizeof *stat);
  if (device == NULL || *device == '\0' || strchr (device, '/') != NULL
      || strcmp (device, "..") == 0 || strcmp (device, ".") == 0)
    return FALSE;
  path = g_build_filename (sysroot, "sys/class/block", device, "stat", NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  return vol_device_stat_parse (text, stat);
}

/**
 * vol_device_stat_read:
 * @device: kernel name ("sda1", "dm-0", "loop3")
 *
 * FALSE when the device has no stat file (gone, or not a block device).
 */
gboolean
vol_device_stat_read (const char    *device,
                      VolDeviceStat *stat)
{
  return read_in_root ("/", device, stat);
}

/**
 * vol_device_stat_read_sum:
 * @sysroot: (nullable): directory standing in for "/" (a fixture tree);
 *   NULL for the machine
 * @devices: kernel names, as vol_device_stat_members() gives them
 *
 * The counters of every device in @devices added up: what a stack's
 * members did together. FALSE, and @sum zero, when one of them has no
 * stat file: a sum that misses a member would make the rest look like a
 * cache. Any thread.
 */
gboolean
vol_device_stat_read_sum (const char         *sysroot,
                          const char * const *devices,
                          VolDeviceStat      *sum)
{
  memset (sum, 0, sizeof *sum);
  if (devices == NULL || devices[0] == NULL)
    return FALSE;
  for (guint i = 0; devices[i] != NULL; i++)
    {
      VolDeviceStat one;

      if (!read_in_root (sysroot != NULL ? sysroot : "/", devices[i], &one))
        {
          memset (sum, 0, sizeof *sum);
          return FALSE;
        }
      sum->reads += one.reads;
      sum->read_merges += one.read_merges;
      sum->read_sectors += one.read_sectors;
      sum->writes += one.writes;
      sum->write_merges += one.write_merges;
      sum->write_sectors += one.write_sectors;
      sum->discards += one.discards;
      sum->flushes += one.flushes;
    }
  return TRUE;
}

/* Counters only rise; a device reset between two reads (it vanished and a
 * new one took its name) shows as 0, not as a huge wrapped figure. */
#define RISE(field) delta->field = after->field >= before->field ? after->field - before->field : 0

void
vol_device_stat_diff (const VolDeviceStat *before,
                      const VolDeviceStat *after,
                      VolDeviceStat       *delta)
{
  RISE (reads);
  RISE (read_merges);
  RISE (read_sectors);
  RISE (writes);
  RISE (write_merges);
  RISE (write_sectors);
  RISE (discards);
  RISE (flushes);
}

/* ---- which devices a stack's counters are summed over ---------------- */

/* The probe walks deeper than any real stack; so does this, no further. */
#define MAX_STACK_DEPTH 16

static const VolBlockDevice *
find_device (const VolTargetInfo *info,
             const char          *name)
{
  for (guint i = 0; i < info->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);

      if (g_strcmp0 (dev->name, name) == 0)
        return dev;
    }
  return NULL;
}

/* TRUE when another device of the chain stands on @name: it is one of
 * that device's members, or the whole disk of a partition in the chain. */
static gboolean
is_below_another (const VolTargetInfo *info,
                  const char          *name)
{
  for (guint i = 0; i < info->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);

      if (g_strcmp0 (dev->parent, name) == 0
          || (dev->slaves != NULL && g_strv_contains ((const char * const *) dev->slaves, name)))
        return TRUE;
    }
  return FALSE;
}

/* How many copies of each byte written to an md or dm device its members
 * get between them, @n_members being how many it has; 0 when that is not
 * a fixed number. Striping and linear maps split the bytes (1); a mirror
 * gives each present member a copy; md and LVM RAID 10's default layout
 * (near, 2 copies) keeps two; parity levels (raid4, raid5, raid6) write
 * parity and read back old data for partial stripes, by an amount that
 * depends on the alignment of each write: not fixed. */
static guint
level_copies (const char *level,
              guint       n_members,
              guint       raid_disks)
{
  if (level == NULL)
    return 0;
  if (strcmp (level, "raid0") == 0 || strcmp (level, "linear") == 0)
    return 1;
  if (strcmp (level, "raid1") == 0)
    return raid_disks > 0 ? raid_disks : n_members;
  if (strcmp (level, "raid10") == 0)
    return 2;
  return 0;
}

/* dm targets that hand each byte on once: a map, a stripe, a cipher. */
static gboolean
dm_target_passes_through (const char *target)
{
  g_auto(GStrv) types = NULL;

  if (target == NULL)
    return FALSE;
  types = g_strsplit (target, "+", -1);
  for (guint i = 0; types[i] != NULL; i++)
    if (strcmp (types[i], "linear") != 0 && strcmp (types[i], "striped") != 0
        && strcmp (types[i], "crypt") != 0)
      return FALSE;
  return TRUE;
}

/* Adds the physical leaves below @dev to @leaves (each once) and returns
 * how many copies of a byte written to @dev they get in all; 0 when that
 * is not known. A partition is a leaf: its disk's counters hold the
 * disk's other partitions too. */
static guint
collect_leaves (const VolTargetInfo  *info,
                const VolBlockDevice *dev,
                guint                 depth,
                GPtrArray            *leaves)
{
  guint copies, below = 0, n_members = 0;

  if (depth > MAX_STACK_DEPTH)
    return 0;
  if (g_strcmp0 (dev->kind, "md") != 0 && g_strcmp0 (dev->kind, "dm") != 0)
    {
      if (!g_ptr_array_find_with_equal_func (leaves, dev->name, g_str_equal, NULL))
        g_ptr_array_add (leaves, g_strdup (dev->name));
      return 1;
    }
  n_members = dev->slaves != NULL ? g_strv_length (dev->slaves) : 0;
  if (n_members == 0)
    return 0;   /* an array whose members could not be read */

  if (g_strcmp0 (dev->kind, "md") == 0)
    copies = level_copies (dev->raid_level, n_members, 0);
  else if (g_strcmp0 (dev->dm_target, "raid") == 0)
    copies = level_copies (dev->raid_level, n_members, dev->raid_disks);
  else
    copies = dm_target_passes_through (dev->dm_target) ? 1 : 0;
  if (copies == 0)
    return 0;

  /* each member must hand its share on the same way, or the sum of the
   * leaves is no multiple of what the filesystem wrote */
  for (guint i = 0; i < n_members; i++)
    {
      const VolBlockDevice *member = find_device (info, dev->slaves[i]);
      guint member_copies = member != NULL ? collect_leaves (info, member, depth + 1, leaves) : 0;

      if (member_copies == 0 || (below != 0 && member_copies != below))
        return 0;
      below = member_copies;
    }
  return copies * below;
}

/* Copies of each data byte a btrfs profile keeps; 0 for parity (raid5,
 * raid6) and for a filesystem holding data in two profiles at once. */
static guint
btrfs_copies (const char *profile)
{
  static const struct { const char *name; guint copies; } profiles[] = {
    { "single", 1 }, { "raid0", 1 }, { "dup", 2 }, { "raid1", 2 },
    { "raid10", 2 }, { "raid1c3", 3 }, { "raid1c4", 4 },
  };

  for (guint i = 0; profile != NULL && i < G_N_ELEMENTS (profiles); i++)
    if (strcmp (profile, profiles[i].name) == 0)
      return profiles[i].copies;
  return 0;
}

/**
 * vol_device_stat_members:
 * @info: a probed target
 * @write_copies: (out): how many times each byte the test writes should
 *   appear in the sum of the returned devices' counters
 *
 * Whose counters tell what a run on @info did: the physical leaves of its
 * stack (disks, partitions, loop devices), each once, found through the
 * probe's chain (each device's members and a partition's disk). Reads of
 * a mirror go to one copy, so the sum of reads is the test's; each
 * written byte reaches @write_copies leaves (a mirror's members, btrfs'
 * raid1 and dup copies). For btrfs the roots are its member devices and
 * its data profile the first level.
 *
 * Where the copies are not a fixed number (parity RAID, a dm target that
 * keeps its own data, a table unknown to a user who is not root), the
 * mounted device's own counters are summed instead (md0, dm-0: exactly
 * what the filesystem sent it), with 1 copy; btrfs has no such device,
 * and there the result is NULL: no counters.
 *
 * Returns: (transfer full) (nullable): kernel names, NULL-terminated;
 *   NULL when @info has no block device or nothing can be counted. Any
 *   thread.
 */
char **
vol_device_stat_members (const VolTargetInfo *info,
                         guint               *write_copies)
{
  g_autoptr(GPtrArray) leaves = g_ptr_array_new_with_free_func (g_free);
  gboolean btrfs;
  guint copies = 0, n_roots = 0;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (write_copies != NULL, NULL);

  *write_copies = 1;
  if (info->devices == NULL || info->devices->len == 0)
    return NULL;
  btrfs = g_strcmp0 (info->fs_type, "btrfs") == 0;

  /* the roots: devices nothing else in the chain stands on (the mounted
   * device; for btrfs each of its members) */
  for (guint i = 0; i < info->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);
      guint below;

      if (is_below_another (info, dev->name))
        continue;
      below = collect_leaves (info, dev, 0, leaves);
      if (below == 0 || (n_roots > 0 && below != copies))
        {
          copies = 0;
          break;
        }
      copies = below;
      n_roots++;
    }
  if (btrfs && copies != 0)
    copies *= btrfs_copies (info->btrfs_profile);

  if (copies == 0)
    {
      if (btrfs)
        return NULL;
      *write_copies = 1;
      return g_strdupv ((char *[]) { ((VolBlockDevice *) g_ptr_array_index (info->devices, 0))->name, NULL });
    }
  *write_copies = copies;
  g_ptr_array_add (leaves, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&leaves), FALSE);
}
