/* test-probe.c — vol_target_probe() against fixture /proc and /sys trees
 *
 * Each test builds the part of /proc/self/mountinfo and /sys it needs in a
 * fresh temporary directory (laid out and linked like the kernel does it,
 * relative symlinks included) and removes it at the end: no committed
 * symlink trees, nothing shared between tests.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <gio/gio.h>

#include "vol-device-stat.h"
#include "vol-probe.h"

#define SATA_HOST0 "sys/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0"
#define SATA_HOST1 "sys/devices/pci0000:00/0000:00:1f.2/ata2/host1/target1:0:0/1:0:0:0"
#define SATA_HOST2 "sys/devices/pci0000:00/0000:00:1f.2/ata3/host2/target2:0:0/2:0:0:0"
#define SATA_HOST3 "sys/devices/pci0000:00/0000:00:1f.2/ata4/host3/target3:0:0/3:0:0:0"
#define VIRTUAL    "sys/devices/virtual/block"

/* ---- fixture tree helpers ---------------------------------------------- */

static char *
fixture_new (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("volumeter-probe-XXXXXX", &error);
  char *root;

  g_assert_no_error (error);
  /* The probe compares canonical paths; a symlinked $TMPDIR must not make
   * the fixture's mount points miss. */
  root = realpath (tmp, NULL);
  g_assert_nonnull (root);
  return root;
}

/* Removes @path and everything below it without following symlinks: the
 * fixtures are full of links pointing elsewhere in the tree and outside. */
static void
remove_tree (const char *path)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_assert_cmpint (rmdir (path), ==, 0);
    }
  else
    g_assert_cmpint (unlink (path), ==, 0);
}

static void
fixture_free (char *root)
{
  remove_tree (root);
  free (root);
}

static char *
fixture_mkdir (const char *root,
               const char *rel)
{
  char *path = g_build_filename (root, rel, NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
  return path;
}

static void
put (const char *root,
     const char *rel,
     const char *contents)
{
  g_autofree char *path = g_build_filename (root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
put_link (const char *root,
          const char *rel,
          const char *target)
{
  g_autofree char *path = g_build_filename (root, rel, NULL);
  g_autofree char *dir = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (target, path), ==, 0);
}

static void
put_attr (const char *root,
          const char *dev_dir,
          const char *attr,
          const char *contents)
{
  g_autofree char *rel = NULL;

  if (contents == NULL)
    return;
  rel = g_build_filename (dev_dir, attr, NULL);
  put (root, rel, contents);
}

typedef struct
{
  const char *dev;          /* "8:0" */
  const char *size;         /* 512-byte sectors */
  const char *rotational;
  const char *scheduler;
  const char *logical;
  const char *physical;
} QueueAttrs;

static void
put_block_attrs (const char       *root,
                 const char       *dev_dir,
                 const QueueAttrs *q)
{
  put_attr (root, dev_dir, "dev", q->dev);
  put_attr (root, dev_dir, "size", q->size);
  put_attr (root, dev_dir, "queue/rotational", q->rotational);
  put_attr (root, dev_dir, "queue/scheduler", q->scheduler);
  put_attr (root, dev_dir, "queue/logical_block_size", q->logical);
  put_attr (root, dev_dir, "queue/physical_block_size", q->physical);
}

/* A SATA disk as the kernel shows it: the block directory below its SCSI
 * device, `device` a relative link up to the SCSI device holding model and
 * vendor (space padded, as libata pads them), and a /sys/class/block link.
 * Returns the disk's directory relative to the root. */
static char *
put_sata_disk (const char       *root,
               const char       *scsi_dir,
               const char       *name,
               const char       *vendor,
               const char       *model,
               const QueueAttrs *q)
{
  char *dev_dir = g_strdup_printf ("%s/block/%s", scsi_dir, name);
  g_autofree char *device_link = g_build_filename (dev_dir, "device", NULL);
  g_autofree char *scsi_name = g_path_get_basename (scsi_dir);
  g_autofree char *device_target = g_strdup_printf ("../../../%s", scsi_name);
  g_autofree char *class_link = g_strdup_printf ("sys/class/block/%s", name);
  g_autofree char *class_target = g_strdup_printf ("../../%s", dev_dir + strlen ("sys/"));

  if (vendor != NULL)
    {
      g_autofree char *padded = g_strdup_printf ("%-8s\n", vendor);
      put_attr (root, scsi_dir, "vendor", padded);
    }
  if (model != NULL)
    {
      g_autofree char *padded = g_strdup_printf ("%-16s\n", model);
      put_attr (root, scsi_dir, "model", padded);
    }
  put_block_attrs (root, dev_dir, q);
  put_link (root, device_link, device_target);
  put_link (root, class_link, class_target);
  return dev_dir;
}

/* A link in sys/dev/block/MAJ:MIN to @dev_dir, relative as the kernel's. */
static void
put_dev_link (const char *root,
              const char *maj_min,
              const char *dev_dir)
{
  g_autofree char *rel = g_strdup_printf ("sys/dev/block/%s", maj_min);
  g_autofree char *target = g_strdup_printf ("../../%s", dev_dir + strlen ("sys/"));

  put_link (root, rel, target);
}

/* A link in @dev_dir/slaves/@name to the device directory @slave_dir
 * (both relative to the root), written as a relative link. */
static void
put_slave_link (const char *root,
                const char *dev_dir,
                const char *name,
                const char *slave_dir)
{
  g_autofree char *rel = g_build_filename (dev_dir, "slaves", name, NULL);
  g_auto(GStrv) parts = g_strsplit (dev_dir, "/", -1);
  GString *target = g_string_new ("../");

  /* Up out of slaves/ (the "../" above), then out of every component of
   * @dev_dir but the leading "sys". */
  for (guint i = 1; parts[i] != NULL; i++)
    g_string_append (target, "../");
  g_string_append (target, slave_dir + strlen ("sys/"));
  put_link (root, rel, target->str);
  g_string_free (target, TRUE);
}

/* Escapes a mount point as the kernel writes it in mountinfo. */
static char *
mountinfo_escape (const char *path)
{
  GString *s = g_string_new (NULL);

  for (const char *p = path; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\\')
        g_string_append_printf (s, "\\%03o", (unsigned char) *p);
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

static void
put_mountinfo (const char *root,
               const char *contents)
{
  put (root, "proc/self/mountinfo", contents);
}

/* A mount table with the real root and one mount at @mount_point (a
 * directory inside the fixture). */
static void
put_simple_mountinfo (const char *root,
                      const char *mount_point,
                      const char *maj_min,
                      const char *fs_type,
                      const char *source,
                      const char *options,
                      const char *super_options)
{
  g_autofree char *escaped = mountinfo_escape (mount_point);
  g_autofree char *text = g_strdup_printf (
    "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro\n"
    "23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw\n"
    "90 22 %s / %s %s shared:40 - %s %s %s\n",
    maj_min, escaped, options, fs_type, source, super_options);

  put_mountinfo (root, text);
}

static void
assert_device_names (const VolTargetInfo *info,
                     const char * const  *expected)
{
  g_assert_cmpuint (info->devices->len, ==, g_strv_length ((char **) expected));
  for (guint i = 0; expected[i] != NULL; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);

      g_assert_cmpstr (dev->name, ==, expected[i]);
    }
}

static const VolBlockDevice *
device_at (const VolTargetInfo *info,
           guint                i)
{
  g_assert_cmpuint (i, <, info->devices->len);
  return g_ptr_array_index (info->devices, i);
}

/* A device-mapper device @kname ("dm-0") named @name, with @uuid, over
 * the devices @slaves (NULL-terminated pairs of name and directory). */
static void
put_dm_device (const char        *root,
               const char        *kname,
               const char        *name,
               const char        *uuid,
               const QueueAttrs  *q,
               const char * const *slaves)
{
  g_autofree char *dm_dir = g_build_filename (VIRTUAL, kname, NULL);
  g_autofree char *name_line = g_strdup_printf ("%s\n", name);

  put_block_attrs (root, dm_dir, q);
  put_attr (root, dm_dir, "dm/name", name_line);
  if (uuid != NULL)
    {
      g_autofree char *uuid_line = g_strdup_printf ("%s\n", uuid);
      put_attr (root, dm_dir, "dm/uuid", uuid_line);
    }
  put_attr (root, dm_dir, "dm/suspended", "0\n");
  for (guint i = 0; slaves != NULL && slaves[i] != NULL; i += 2)
    put_slave_link (root, dm_dir, slaves[i], slaves[i + 1]);
  put_dev_link (root, q->dev, dm_dir);
}

/* The sysroot's stand-in for `dmsetup table`: "NAME: TABLE" per segment. */
static void
put_dm_tables (const char *root,
               const char *contents)
{
  put (root, "dm-tables", contents);
}

/* /sys/fs/btrfs/@fsid: a link in devices/ to each member's directory
 * (@members: NULL-terminated pairs of name and directory) and a directory
 * per data profile in allocation/data/, beside the attribute files the
 * kernel keeps there. */
static void
put_btrfs (const char         *root,
           const char         *fsid,
           const char * const *members,
           const char * const *profiles)
{
  g_autofree char *fs_dir = g_build_filename ("sys/fs/btrfs", fsid, NULL);

  put_attr (root, fs_dir, "label", "\n");
  put_attr (root, fs_dir, "allocation/data/total_bytes", "2147483648\n");
  put_attr (root, fs_dir, "allocation/data/bytes_used", "1048576\n");
  put_attr (root, fs_dir, "allocation/data/flags", "16\n");
  put_attr (root, fs_dir, "allocation/metadata/raid1/used_bytes", "16384\n");
  for (guint i = 0; profiles[i] != NULL; i++)
    {
      g_autofree char *rel = g_build_filename (fs_dir, "allocation/data", profiles[i],
                                               "used_bytes", NULL);
      put (root, rel, "1048576\n");
    }
  for (guint i = 0; members[i] != NULL; i += 2)
    {
      g_autofree char *rel = g_build_filename (fs_dir, "devices", members[i], NULL);
      /* Up out of devices/, FSID/, btrfs/ and fs/ to sys/. */
      g_autofree char *target = g_strdup_printf ("../../../../%s",
                                                 members[i + 1] + strlen ("sys/"));
      put_link (root, rel, target);
    }
}

/* A stat file in @dev_dir as the kernel writes it: 17 fields, of which
 * reads (1), sectors read (3), writes (5), sectors written (7) and
 * flushes (16) are set. */
static void
put_stat (const char *root,
          const char *dev_dir,
          guint64     reads,
          guint64     read_sectors,
          guint64     writes,
          guint64     write_sectors,
          guint64     flushes)
{
  g_autofree char *line = g_strdup_printf ("%8" G_GUINT64_FORMAT " 0 %8" G_GUINT64_FORMAT " 10 %8"
                                           G_GUINT64_FORMAT " 0 %8" G_GUINT64_FORMAT
                                           " 20 0 30 40 0 0 0 0 %" G_GUINT64_FORMAT " 5\n",
                                           reads, read_sectors, writes, write_sectors, flushes);

  put_attr (root, dev_dir, "stat", line);
}

/* The devices vol_device_stat_members() sums for @info, and the copies. */
static void
assert_counted (const VolTargetInfo *info,
                const char * const  *expected,
                guint                expected_copies)
{
  guint copies = 0;
  g_auto(GStrv) members = vol_device_stat_members (info, &copies);

  if (expected == NULL)
    {
      g_assert_null (members);
      return;
    }
  g_assert_nonnull (members);
  g_assert_cmpstrv (members, expected);
  g_assert_cmpuint (copies, ==, expected_copies);
}

/* ---- block device chains ----------------------------------------------- */

static void
test_md_raid0 (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt/raid");
  g_autofree char *target = fixture_mkdir (root, "mnt/raid/bench");
  g_autofree char *sda = NULL;
  g_autofree char *sdb = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const char *md0 = VIRTUAL "/md0";
  const QueueAttrs disk = { NULL, "156301488", "0", "mq-deadline [none]", "512", "512" };
  const QueueAttrs array = { "9:0", "312601600", "0", "none", "512", "512" };
  const char * const names[] = { "md0", "sda", "sdb", NULL };
  const VolBlockDevice *dev;
  QueueAttrs q;

  q = disk;
  q.dev = "8:0";
  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "INTEL SSDSA2M080", &q);
  q.dev = "8:16";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "INTEL SSDSA2M080", &q);

  put_block_attrs (root, md0, &array);
  put_attr (root, md0, "md/level", "raid0\n");
  put_attr (root, md0, "md/chunk_size", "65536\n");
  put_attr (root, md0, "md/raid_disks", "2\n");
  /* Listed in reverse to check the members come out sorted. */
  put_slave_link (root, md0, "sdb", sdb);
  put_slave_link (root, md0, "sda", sda);
  put_dev_link (root, "9:0", md0);

  put_simple_mountinfo (root, mnt, "9:0", "ext4", "/dev/md0",
                        "rw,noatime", "rw,stripe=32");

  info = vol_target_probe_with_root (target, root, &error);
  g_assert_no_error (error);
  g_assert_nonnull (info);

  g_assert_cmpstr (info->path, ==, target);
  g_assert_cmpstr (info->mount_point, ==, mnt);
  g_assert_cmpstr (info->fs_type, ==, "ext4");
  g_assert_cmpstr (info->mount_source, ==, "/dev/md0");
  g_assert_cmpstr (info->mount_options, ==, "rw,noatime");
  g_assert_cmpstr (info->super_options, ==, "rw,stripe=32");
  g_assert_cmpuint (info->dev_major, ==, 9);
  g_assert_cmpuint (info->dev_minor, ==, 0);
  /* statvfs() of the real temporary directory. */
  g_assert_cmpuint (info->capacity_bytes, >, 0);
  g_assert_cmpuint (info->free_bytes, <=, info->capacity_bytes);

  g_assert_cmpstr (info->device, ==, "md0");
  g_assert_cmpstr (info->raid_level, ==, "raid0");
  g_assert_cmpuint (info->stripe_bytes, ==, 65536);
  g_assert_nonnull (info->raid_members);
  g_assert_cmpstrv (info->raid_members, ((const char * const[]) { "sda", "sdb", NULL }));
  g_assert_cmpstr (info->model, ==, "2 × INTEL SSDSA2M080");
  g_assert_cmpint (info->rotational, ==, 0);
  g_assert_cmpstr (info->scheduler, ==, "none");

  assert_device_names (info, names);

  dev = device_at (info, 0);
  g_assert_cmpstr (dev->kind, ==, "md");
  g_assert_cmpstr (dev->raid_level, ==, "raid0");
  g_assert_cmpuint (dev->chunk_bytes, ==, 65536);
  g_assert_cmpuint (dev->raid_disks, ==, 2);
  g_assert_cmpuint (dev->size_bytes, ==, G_GUINT64_CONSTANT (312601600) * 512);
  g_assert_null (dev->parent);
  g_assert_null (dev->model);

  dev = device_at (info, 1);
  g_assert_cmpstr (dev->kind, ==, "disk");
  g_assert_cmpstr (dev->model, ==, "INTEL SSDSA2M080");
  g_assert_cmpstr (dev->vendor, ==, "ATA");
  g_assert_cmpint (dev->rotational, ==, 0);
  g_assert_cmpstr (dev->scheduler, ==, "none");
  g_assert_cmpuint (dev->logical_block_size, ==, 512);
  g_assert_cmpuint (dev->size_bytes, ==, G_GUINT64_CONSTANT (156301488) * 512);
  g_assert_null (dev->slaves);

  dev = device_at (info, 2);
  g_assert_cmpstr (dev->kind, ==, "disk");
  g_assert_cmpstr (dev->model, ==, "INTEL SSDSA2M080");

  /* the counters summed: both members, not md0 (whose own counters say
   * what the filesystem asked, not what the disks did) */
  assert_counted (info, (const char * const[]) { "sda", "sdb", NULL }, 1);
  {
    g_auto(GStrv) members = NULL;
    VolDeviceStat sum;
    guint copies;

    put_stat (root, md0, 999, 999, 999, 999, 999);
    put_stat (root, sda, 10, 2048, 20, 4096, 3);
    put_stat (root, sdb, 11, 2050, 21, 4100, 3);
    members = vol_device_stat_members (info, &copies);
    g_assert_true (vol_device_stat_read_sum (root, (const char * const *) members, &sum));
    g_assert_cmpuint (sum.reads, ==, 21);
    g_assert_cmpuint (sum.read_sectors, ==, 4098);
    g_assert_cmpuint (sum.writes, ==, 41);
    g_assert_cmpuint (sum.write_sectors, ==, 8196);
    g_assert_cmpuint (sum.flushes, ==, 6);

    /* a member whose counters are gone makes no sum: the rest alone
     * would look like a cache */
    {
      g_autofree char *stat = g_build_filename (root, sdb, "stat", NULL);

      g_assert_cmpint (unlink (stat), ==, 0);
    }
    g_assert_false (vol_device_stat_read_sum (root, (const char * const *) members, &sum));
    g_assert_cmpuint (sum.write_sectors, ==, 0);
  }

  fixture_free (root);
}

static void
test_partition (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "media/data");
  g_autofree char *sda = NULL;
  g_autofree char *sda1 = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const QueueAttrs disk = { "8:0", "976773168", "1", "[mq-deadline] none", "512", "4096" };
  const QueueAttrs part = { "8:1", "976771072", NULL, NULL, NULL, NULL };
  const char * const names[] = { "sda1", "sda", NULL };
  const VolBlockDevice *dev;

  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "WDC WD5000", &disk);
  sda1 = g_build_filename (sda, "sda1", NULL);
  put_block_attrs (root, sda1, &part);
  put_attr (root, sda1, "partition", "1\n");
  put_dev_link (root, "8:1", sda1);

  put_simple_mountinfo (root, mnt, "8:1", "xfs", "/dev/sda1",
                        "rw,relatime", "rw,attr2,inode64,noquota");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  g_assert_cmpstr (info->mount_point, ==, mnt);
  g_assert_cmpstr (info->fs_type, ==, "xfs");
  g_assert_cmpuint (info->dev_major, ==, 8);
  g_assert_cmpuint (info->dev_minor, ==, 1);

  assert_device_names (info, names);

  dev = device_at (info, 0);
  g_assert_cmpstr (dev->kind, ==, "partition");
  g_assert_cmpstr (dev->parent, ==, "sda");
  /* Partitions have no queue/ and no device/: unknown there. */
  g_assert_cmpint (dev->rotational, ==, -1);
  g_assert_null (dev->scheduler);
  g_assert_null (dev->model);
  g_assert_cmpuint (dev->logical_block_size, ==, 0);
  g_assert_cmpuint (dev->size_bytes, ==, G_GUINT64_CONSTANT (976771072) * 512);

  dev = device_at (info, 1);
  g_assert_cmpstr (dev->kind, ==, "disk");
  g_assert_null (dev->parent);
  g_assert_cmpuint (dev->logical_block_size, ==, 512);
  g_assert_cmpuint (dev->physical_block_size, ==, 4096);
  g_assert_cmpint (dev->rotational, ==, 1);
  g_assert_cmpstr (dev->scheduler, ==, "mq-deadline");

  g_assert_cmpstr (info->device, ==, "sda1");
  g_assert_cmpint (info->rotational, ==, 1);
  g_assert_cmpstr (info->model, ==, "WDC WD5000");
  g_assert_cmpstr (info->scheduler, ==, "mq-deadline");
  g_assert_null (info->raid_level);
  g_assert_null (info->raid_members);
  g_assert_cmpuint (info->stripe_bytes, ==, 0);

  fixture_free (root);
}

static void
test_loop (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt/image");
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const char *loop0 = VIRTUAL "/loop0";
  const QueueAttrs q = { "7:0", "2097152", "1", "none", "512", "512" };
  const VolBlockDevice *dev;

  put_block_attrs (root, loop0, &q);
  put_attr (root, loop0, "loop/backing_file", "/home/user/disk image.img\n");
  put_attr (root, loop0, "loop/offset", "0\n");
  put_dev_link (root, "7:0", loop0);
  put_simple_mountinfo (root, mnt, "7:0", "ext4", "/dev/loop0", "rw,relatime", "rw");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (info->devices->len, ==, 1);
  dev = device_at (info, 0);
  g_assert_cmpstr (dev->name, ==, "loop0");
  g_assert_cmpstr (dev->kind, ==, "loop");
  g_assert_cmpstr (dev->backing_file, ==, "/home/user/disk image.img");
  g_assert_cmpuint (dev->size_bytes, ==, G_GUINT64_CONSTANT (1) << 30);
  /* no loop/dio (kernels before 4.10): unknown, not "off" */
  g_assert_cmpint (dev->loop_direct_io, ==, -1);
  /* the backing file is below "/", the root's ext4 */
  g_assert_cmpstr (dev->backing_fs_type, ==, "ext4");

  g_assert_cmpstr (info->device, ==, "loop0");
  /* A loop device's rotational flag says nothing about the medium. */
  g_assert_cmpint (info->rotational, ==, -1);
  g_assert_null (info->model);
  /* No disk in the chain: the loop device's own scheduler is all there is. */
  g_assert_cmpstr (info->scheduler, ==, "none");

  fixture_free (root);
}

/* loop/dio and where the backing file lives: what tells a loop device's
 * reads served by RAM from reads of a disk. */
static void
test_loop_direct_io (void)
{
  static const struct
  {
    const char *dio;          /* loop/dio, NULL for none */
    const char *backing_file;
    int         direct_io;
    const char *fs_type;
  } cases[] = {
    { "0\n", "/var/tmp/disk.img", 0, "xfs" },
    { "1\n", "/var/tmp/disk.img", 1, "xfs" },
    { "1\n", "/dev/shm/disk.img", 1, "tmpfs" },
    { "0\n", "/dev/shm/sub/disk.img", 0, "tmpfs" },
    /* the file was deleted: its directory still tells the filesystem */
    { "0\n", "/home/user/disk.img (deleted)", 0, "ext4" },
    /* a relative path (never from a kernel): nothing is guessed */
    { "1\n", "disk.img", 1, NULL },
    { NULL, "/var/tmp/disk.img", -1, "xfs" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *root = fixture_new ();
      g_autofree char *mnt = fixture_mkdir (root, "mnt/image");
      g_autofree char *escaped = mountinfo_escape (mnt);
      g_autofree char *mountinfo = NULL;
      g_autoptr(VolTargetInfo) info = NULL;
      g_autoptr(GError) error = NULL;
      const char *loop3 = VIRTUAL "/loop3";
      const QueueAttrs q = { "7:3", "2097152", "1", "none", "512", "512" };
      const VolBlockDevice *dev;

      put_block_attrs (root, loop3, &q);
      put_attr (root, loop3, "loop/backing_file", cases[i].backing_file);
      put_attr (root, loop3, "loop/dio", cases[i].dio);
      put_dev_link (root, "7:3", loop3);
      mountinfo = g_strdup_printf (
        "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw\n"
        "24 22 0:25 / /dev/shm rw,nosuid,nodev shared:3 - tmpfs tmpfs rw\n"
        "25 22 8:3 / /var/tmp rw,relatime shared:4 - xfs /dev/sda3 rw\n"
        "90 22 7:3 / %s rw,relatime shared:40 - ext4 /dev/loop3 rw\n",
        escaped);
      put_mountinfo (root, mountinfo);

      info = vol_target_probe_with_root (mnt, root, &error);
      g_assert_no_error (error);
      dev = device_at (info, 0);
      g_assert_cmpstr (dev->kind, ==, "loop");
      g_assert_cmpint (dev->loop_direct_io, ==, cases[i].direct_io);
      g_assert_cmpstr (dev->backing_fs_type, ==, cases[i].fs_type);
      fixture_free (root);
    }
}

static void
test_dm_md_disks (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "srv");
  g_autofree char *sdc = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const char *dm0 = VIRTUAL "/dm-0";
  const char *md127 = VIRTUAL "/md127";
  const QueueAttrs disk = { NULL, "7814037168", "1", "mq-deadline kyber [bfq] none", "512", "4096" };
  const QueueAttrs array = { "9:127", "7813772288", "1", "none", "512", "4096" };
  const QueueAttrs mapper = { "253:0", "7813771264", "1", "none", "512", "4096" };
  const char * const names[] = { "dm-0", "md127", "sdc", "sdd", NULL };
  const VolBlockDevice *dev;
  QueueAttrs q;

  q = disk;
  q.dev = "8:32";
  sdc = put_sata_disk (root, SATA_HOST2, "sdc", "ATA", "ST4000DM004-2CV1", &q);
  q.dev = "8:48";
  /* sdd exists, but md127's link to it is broken below. */
  g_free (put_sata_disk (root, SATA_HOST3, "sdd", "ATA", "WDC WD40EFRX-68N", &q));

  put_block_attrs (root, md127, &array);
  put_attr (root, md127, "md/level", "raid1\n");
  put_attr (root, md127, "md/chunk_size", "0\n");
  put_attr (root, md127, "md/raid_disks", "2\n");
  put_slave_link (root, md127, "sdc", sdc);
  /* A dangling member link: the probe falls back to /sys/class/block. */
  put_link (root, VIRTUAL "/md127/slaves/sdd", "../../../no/such/device");

  put_block_attrs (root, dm0, &mapper);
  put_attr (root, dm0, "dm/name", "vg-data\n");
  put_attr (root, dm0, "dm/uuid", "LVM-Q1sLqGZ2bXkGmr4x3tYZ3xK3KhQ0ZBZ8fY2Ow1VbJ1Zu2Nq4nS5rD0Jm7Xx9pW3y\n");
  put_slave_link (root, dm0, "md127", md127);
  put_dev_link (root, "253:0", dm0);

  put_simple_mountinfo (root, mnt, "253:0", "ext4", "/dev/mapper/vg-data",
                        "rw,relatime", "rw");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  assert_device_names (info, names);

  dev = device_at (info, 0);
  g_assert_cmpstr (dev->kind, ==, "dm");
  g_assert_cmpstr (dev->dm_name, ==, "vg-data");
  g_assert_true (g_str_has_prefix (dev->dm_uuid, "LVM-"));
  g_assert_cmpstrv (dev->slaves, ((const char * const[]) { "md127", NULL }));
  /* No dm-tables in this sysroot: the target is not guessed from "LVM-". */
  g_assert_null (dev->dm_target);
  g_assert_cmpuint (dev->dm_stripes, ==, 0);
  g_assert_null (info->dm_target);
  g_assert_null (info->btrfs_profile);

  dev = device_at (info, 1);
  g_assert_cmpstr (dev->kind, ==, "md");
  g_assert_cmpstr (dev->raid_level, ==, "raid1");
  g_assert_cmpuint (dev->chunk_bytes, ==, 0);
  g_assert_cmpstrv (dev->slaves, ((const char * const[]) { "sdc", "sdd", NULL }));

  dev = device_at (info, 3);
  g_assert_cmpstr (dev->kind, ==, "disk");
  g_assert_cmpstr (dev->model, ==, "WDC WD40EFRX-68N");

  g_assert_cmpstr (info->device, ==, "dm-0");
  g_assert_cmpstr (info->raid_level, ==, "raid1");
  g_assert_cmpuint (info->stripe_bytes, ==, 0);
  g_assert_cmpstrv (info->raid_members, ((const char * const[]) { "sdc", "sdd", NULL }));
  g_assert_cmpstr (info->model, ==, "ST4000DM004-2CV1 + WDC WD40EFRX-68N");
  g_assert_cmpint (info->rotational, ==, 1);
  /* The disks' scheduler, not the "none" of the dm and md devices above. */
  g_assert_cmpstr (info->scheduler, ==, "bfq");

  /* dm-0's table unknown (no root for dmsetup): its own counters */
  assert_counted (info, (const char * const[]) { "dm-0", NULL }, 1);
  /* an LVM linear volume on the RAID 1: each disk holds a copy */
  put_dm_tables (root, "vg-data: 0 7813771264 linear 9:127 2048\n");
  {
    g_autoptr(VolTargetInfo) known = vol_target_probe_with_root (mnt, root, &error);

    g_assert_no_error (error);
    assert_counted (known, (const char * const[]) { "sdc", "sdd", NULL }, 2);
  }

  fixture_free (root);
}

/* dm striped over two whole disks (dmsetup create --table "0 N striped 2
 * 128 ..."), 64 KiB chunks; both disks on mq-deadline. */
static void
test_dm_striped (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt/stripe");
  g_autofree char *sda = NULL;
  g_autofree char *sdb = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const QueueAttrs disk = { NULL, "156301488", "0", "[mq-deadline] kyber none", "512", "512" };
  const QueueAttrs mapper = { "253:3", "312602624", "0", "none", "512", "512" };
  const char * const names[] = { "dm-3", "sda", "sdb", NULL };
  const VolBlockDevice *dev;
  QueueAttrs q;

  q = disk;
  q.dev = "8:0";
  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "INTEL SSDSA2M080", &q);
  q.dev = "8:16";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "INTEL SSDSA2M080", &q);
  put_dm_device (root, "dm-3", "fast", NULL, &mapper,
                 (const char * const[]) { "sdb", sdb, "sda", sda, NULL });
  /* Other devices' tables around it, one with a name "fast" is a prefix
   * of; the columns separated by runs of blanks as dmsetup may. */
  put_dm_tables (root,
                 "fast-meta: 0 8192 linear 8:32 2048\n"
                 "fast: 0  312602624 striped 2 128 8:0 0 8:16 0\n"
                 "other: 0 1024 striped 4 16 8:48 0 8:64 0 8:80 0 8:96 0\n");
  put_simple_mountinfo (root, mnt, "253:3", "xfs", "/dev/mapper/fast",
                        "rw,relatime", "rw,attr2,sunit=128,swidth=256");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);
  assert_device_names (info, names);

  dev = device_at (info, 0);
  g_assert_cmpstr (dev->kind, ==, "dm");
  g_assert_cmpstr (dev->dm_name, ==, "fast");
  g_assert_cmpstr (dev->dm_target, ==, "striped");
  g_assert_cmpuint (dev->dm_stripes, ==, 2);
  g_assert_cmpuint (dev->chunk_bytes, ==, 64 * 1024);
  g_assert_null (dev->raid_level);
  g_assert_cmpuint (dev->raid_disks, ==, 0);
  /* Each member has its own scheduler. */
  g_assert_cmpstr (device_at (info, 1)->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (device_at (info, 2)->scheduler, ==, "mq-deadline");

  g_assert_cmpstr (info->device, ==, "dm-3");
  g_assert_cmpstr (info->dm_target, ==, "striped");
  g_assert_cmpstr (info->raid_level, ==, "striped");
  g_assert_cmpuint (info->stripe_bytes, ==, 64 * 1024);
  g_assert_cmpstrv (info->raid_members, ((const char * const[]) { "sda", "sdb", NULL }));
  g_assert_cmpstr (info->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (info->model, ==, "2 × INTEL SSDSA2M080");
  g_assert_null (info->btrfs_profile);

  fixture_free (root);
}

/* An LVM logical volume grown across two disks: two linear segments, one
 * on a partition of a disk running bfq, one on a disk running none. A
 * linear mapping is no RAID, and the schedulers differ. */
static void
test_dm_linear_lvm (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "home");
  g_autofree char *sda = NULL;
  g_autofree char *sda2 = NULL;
  g_autofree char *sdb = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const QueueAttrs disk = { NULL, "1953525168", "1", NULL, "512", "4096" };
  const QueueAttrs mapper = { "253:1", "3907018752", "1", "none", "512", "4096" };
  const char * const names[] = { "dm-1", "sda2", "sda", "sdb", NULL };
  const VolBlockDevice *dev;
  QueueAttrs q;

  q = disk;
  q.dev = "8:0";
  q.scheduler = "mq-deadline kyber [bfq] none";
  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "ST1000DM010-2EP1", &q);
  q.dev = "8:16";
  q.scheduler = "mq-deadline kyber bfq [none]";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "ST1000DM010-2EP1", &q);
  sda2 = g_build_filename (sda, "sda2", NULL);
  put_attr (root, sda2, "partition", "2\n");
  put_dm_device (root, "dm-1", "vg0-home",
                 "LVM-Q1sLqGZ2bXkGmr4x3tYZ3xK3KhQ0ZBZ8aB3dE4fG5hI6jK7lM8nO9pQ0rS1tU2vW", &mapper,
                 (const char * const[]) { "sda2", sda2, "sdb", sdb, NULL });
  put_dm_tables (root,
                 "vg0-home: 0 1953517568 linear 8:2 2048\n"
                 "vg0-root: 0 104857600 linear 8:3 2048\n"
                 "vg0-home: 1953517568 1953501184 linear 8:16 2048\n");
  put_simple_mountinfo (root, mnt, "253:1", "ext4", "/dev/mapper/vg0-home",
                        "rw,relatime", "rw");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);
  assert_device_names (info, names);

  dev = device_at (info, 0);
  g_assert_true (g_str_has_prefix (dev->dm_uuid, "LVM-"));
  g_assert_cmpstr (dev->dm_target, ==, "linear");
  g_assert_cmpuint (dev->dm_stripes, ==, 0);
  g_assert_cmpuint (dev->chunk_bytes, ==, 0);
  g_assert_cmpstr (device_at (info, 2)->scheduler, ==, "bfq");
  g_assert_cmpstr (device_at (info, 3)->scheduler, ==, "none");

  g_assert_cmpstr (info->dm_target, ==, "linear");
  g_assert_null (info->raid_level);
  g_assert_cmpuint (info->stripe_bytes, ==, 0);
  g_assert_null (info->raid_members);
  g_assert_cmpstr (info->scheduler, ==, "mixed");
  g_assert_cmpint (info->rotational, ==, 1);

  /* the partition, not its disk (which holds other partitions too), and
   * the second disk */
  assert_counted (info, (const char * const[]) { "sda2", "sdb", NULL }, 1);

  fixture_free (root);
}

/* dm tables that are not a plain linear or striped map: an LVM RAID 5
 * volume (dm-raid), a table mixing linear and striped segments, a striped
 * map whose segments disagree on the chunk, and a line that is no table
 * line at all. */
static void
test_dm_tables_other (void)
{
  char *root = fixture_new ();
  g_autofree char *sda = NULL;
  g_autofree char *sdb = NULL;
  g_autoptr(VolTargetInfo) raid = NULL;
  g_autoptr(VolTargetInfo) mixed = NULL;
  g_autoptr(VolTargetInfo) disagree = NULL;
  g_autoptr(VolTargetInfo) broken = NULL;
  const QueueAttrs disk = { NULL, "156301488", "0", "[none]", "512", "512" };
  QueueAttrs q;
  const VolBlockDevice *dev;

  q = disk;
  q.dev = "8:0";
  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "SSD A", &q);
  q.dev = "8:16";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "SSD B", &q);
  q = (QueueAttrs) { "253:10", "1000", "0", "none", "512", "512" };
  put_dm_device (root, "dm-10", "vg-r5", "LVM-abc", &q,
                 (const char * const[]) { "sda", sda, "sdb", sdb, NULL });
  q.dev = "253:11";
  put_dm_device (root, "dm-11", "vg-mixed", "LVM-def", &q,
                 (const char * const[]) { "sda", sda, NULL });
  q.dev = "253:12";
  put_dm_device (root, "dm-12", "grown", NULL, &q,
                 (const char * const[]) { "sdb", sdb, NULL });
  q.dev = "253:13";
  put_dm_device (root, "dm-13", "broken", NULL, &q, NULL);
  put_dm_tables (root,
                 "vg-r5: 0 4194304 raid raid5_ls 3 256 region_size 4096 3 253:4 253:5 253:6 253:7 253:8 253:9\n"
                 "vg-mixed: 0 2048 linear 8:0 2048\n"
                 "vg-mixed: 2048 4096 striped 2 64 8:0 4096 8:16 2048\n"
                 "grown: 0 2048 striped 2 64 8:0 0 8:16 0\n"
                 "grown: 2048 2048 striped 2 128 8:0 1024 8:16 1024\n"
                 "broken: zero length linear\n");

  raid = vol_target_info_new ();
  vol_probe_block_chain (root, 253, 10, raid);
  dev = device_at (raid, 0);
  g_assert_cmpstr (dev->dm_target, ==, "raid");
  g_assert_cmpstr (dev->raid_level, ==, "raid5");
  g_assert_cmpuint (dev->chunk_bytes, ==, 128 * 1024);
  g_assert_cmpuint (dev->raid_disks, ==, 3);
  g_assert_cmpstr (raid->raid_level, ==, "raid5");
  g_assert_cmpuint (raid->stripe_bytes, ==, 128 * 1024);
  g_assert_cmpstrv (raid->raid_members, ((const char * const[]) { "sda", "sdb", NULL }));
  g_assert_cmpstr (raid->dm_target, ==, "raid");
  /* parity: what reaches the members depends on each write's alignment,
   * so the array's own counters are read */
  assert_counted (raid, (const char * const[]) { "dm-10", NULL }, 1);

  mixed = vol_target_info_new ();
  vol_probe_block_chain (root, 253, 11, mixed);
  dev = device_at (mixed, 0);
  g_assert_cmpstr (dev->dm_target, ==, "linear+striped");
  g_assert_cmpuint (dev->dm_stripes, ==, 2);
  g_assert_cmpuint (dev->chunk_bytes, ==, 32 * 1024);
  /* Partly striped is not a striped volume. */
  g_assert_null (mixed->raid_level);
  g_assert_cmpuint (mixed->stripe_bytes, ==, 0);
  /* but it hands each byte on once */
  assert_counted (mixed, (const char * const[]) { "sda", NULL }, 1);

  disagree = vol_target_info_new ();
  vol_probe_block_chain (root, 253, 12, disagree);
  dev = device_at (disagree, 0);
  g_assert_cmpstr (dev->dm_target, ==, "striped");
  g_assert_cmpuint (dev->dm_stripes, ==, 2);
  g_assert_cmpuint (dev->chunk_bytes, ==, 0);
  g_assert_cmpstr (disagree->raid_level, ==, "striped");
  g_assert_cmpuint (disagree->stripe_bytes, ==, 0);

  broken = vol_target_info_new ();
  vol_probe_block_chain (root, 253, 13, broken);
  dev = device_at (broken, 0);
  g_assert_cmpstr (dev->dm_name, ==, "broken");
  g_assert_null (dev->dm_target);
  g_assert_null (broken->dm_target);
  g_assert_null (broken->raid_level);

  fixture_free (root);
}

/* btrfs RAID 1 over two whole disks: no block device of its own (0:45),
 * found by its source device among the filesystems in /sys/fs/btrfs. */
static void
test_btrfs_raid1 (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt/pool");
  g_autofree char *sdb = NULL;
  g_autofree char *sdc = NULL;
  g_autofree char *sdd = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const QueueAttrs disk = { NULL, "3907029168", "1", "[mq-deadline] none", "512", "4096" };
  const char * const names[] = { "sdb", "sdc", NULL };
  QueueAttrs q;

  q = disk;
  q.dev = "8:16";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "WDC WD20EFRX-68E", &q);
  q.dev = "8:32";
  sdc = put_sata_disk (root, SATA_HOST2, "sdc", "ATA", "WDC WD20EFRX-68E", &q);
  q.dev = "8:48";
  q.scheduler = "[bfq] none";
  sdd = put_sata_disk (root, SATA_HOST3, "sdd", "ATA", "OTHER DISK", &q);
  /* Another btrfs on another disk, listed first, and the features folder
   * the kernel keeps beside the filesystems. */
  put_btrfs (root, "0a1b2c3d-0000-4000-8000-000000000001",
             (const char * const[]) { "sdd", sdd, NULL },
             (const char * const[]) { "single", NULL });
  put_btrfs (root, "5f8e4c2a-9b1d-4e7f-a3c6-2d8b0e1f4a57",
             (const char * const[]) { "sdc", sdc, "sdb", sdb, NULL },
             (const char * const[]) { "raid1", NULL });
  put (root, "sys/fs/btrfs/features/raid1c34", "0\n");
  put_simple_mountinfo (root, mnt, "0:45", "btrfs", "/dev/sdb",
                        "rw,relatime", "rw,space_cache=v2,subvolid=5,subvol=/");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (info->dev_major, ==, 0);
  assert_device_names (info, names);
  g_assert_cmpstr (device_at (info, 0)->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (device_at (info, 1)->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (info->btrfs_profile, ==, "raid1");
  g_assert_cmpstr (info->raid_level, ==, "btrfs raid1");
  /* btrfs does not publish a stripe unit. */
  g_assert_cmpuint (info->stripe_bytes, ==, 0);
  g_assert_cmpstrv (info->raid_members, ((const char * const[]) { "sdb", "sdc", NULL }));
  g_assert_cmpstr (info->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (info->model, ==, "2 × WDC WD20EFRX-68E");
  g_assert_cmpint (info->rotational, ==, 1);
  g_assert_null (info->dm_target);

  /* both members, each with a copy; not sdd, another filesystem's */
  assert_counted (info, (const char * const[]) { "sdb", "sdc", NULL }, 2);

  fixture_free (root);
}

/* btrfs over four loop devices in each data profile: every member is
 * counted, with the copies the profile keeps; parity keeps no fixed
 * number, and there btrfs has nothing else to count. */
static void
test_btrfs_profiles (void)
{
  static const struct { const char *profile; guint copies; } cases[] = {
    { "raid0", 1 }, { "single", 1 }, { "raid1", 2 }, { "raid10", 2 }, { "dup", 2 },
    { "raid1c3", 3 }, { "raid1c4", 4 }, { "raid5", 0 }, { "raid6", 0 },
  };
  const char * const loops[] = { "loop4", "loop5", "loop6", "loop7", NULL };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      char *root = fixture_new ();
      g_autofree char *mnt = fixture_mkdir (root, "mnt/pool");
      g_autoptr(VolTargetInfo) info = NULL;
      g_autoptr(GError) error = NULL;
      GPtrArray *members = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; loops[i] != NULL; i++)
        {
          char *dir = g_build_filename (VIRTUAL, loops[i], NULL);
          g_autofree char *class_link = g_strdup_printf ("sys/class/block/%s", loops[i]);
          g_autofree char *class_target = g_strdup_printf ("../../%s", dir + strlen ("sys/"));
          g_autofree char *dev = g_strdup_printf ("7:%u", 4 + i);
          const QueueAttrs q = { dev, "2097152", "0", "[none]", "512", "512" };

          put_block_attrs (root, dir, &q);
          put_attr (root, dir, "loop/backing_file", "/var/tmp/member.img\n");
          put_link (root, class_link, class_target);
          g_ptr_array_add (members, g_strdup (loops[i]));
          g_ptr_array_add (members, dir);
        }
      g_ptr_array_add (members, NULL);
      put_btrfs (root, "12345678-aaaa-4bbb-8ccc-0123456789ab",
                 (const char * const *) members->pdata,
                 (const char * const[]) { cases[c].profile, NULL });
      put_simple_mountinfo (root, mnt, "0:60", "btrfs", "/dev/loop4", "rw,relatime",
                            "rw,ssd,space_cache=v2,subvolid=5,subvol=/");

      info = vol_target_probe_with_root (mnt, root, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (info->btrfs_profile, ==, cases[c].profile);
      assert_counted (info, cases[c].copies > 0 ? loops : NULL, cases[c].copies);

      g_ptr_array_unref (members);
      fixture_free (root);
    }
}

/* btrfs "single" on dm-crypt on an md RAID 0, mounted by its mapper name,
 * during a conversion that left data in "single" and "raid1": the profile
 * says both; the RAID below is md's, as one device holds the filesystem.
 * The schedulers of the md members differ. A btrfs whose source is in no
 * /sys/fs/btrfs entry keeps its profile unknown. */
static void
test_btrfs_on_crypt_md (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt/vault");
  g_autofree char *other = fixture_mkdir (root, "mnt/other");
  g_autofree char *sda = NULL;
  g_autofree char *sdb = NULL;
  g_autofree char *mountinfo = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(VolTargetInfo) lost = NULL;
  g_autoptr(GError) error = NULL;
  const char *md0 = VIRTUAL "/md0";
  const char *dm0 = VIRTUAL "/dm-0";
  const QueueAttrs array = { "9:0", "312601600", "0", "none", "512", "512" };
  const QueueAttrs mapper = { "253:0", "312597504", "0", "none", "512", "512" };
  const char * const names[] = { "dm-0", "md0", "sda", "sdb", NULL };
  QueueAttrs q = { "8:0", "156301488", "0", "[mq-deadline] none", "512", "512" };

  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "SSD", &q);
  q.dev = "8:16";
  q.scheduler = "mq-deadline [kyber] none";
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "SSD", &q);
  put_block_attrs (root, md0, &array);
  put_attr (root, md0, "md/level", "raid0\n");
  put_attr (root, md0, "md/chunk_size", "131072\n");
  put_attr (root, md0, "md/raid_disks", "2\n");
  put_slave_link (root, md0, "sda", sda);
  put_slave_link (root, md0, "sdb", sdb);
  put_dm_device (root, "dm-0", "vault", "CRYPT-LUKS2-0123456789abcdef-vault", &mapper,
                 (const char * const[]) { "md0", md0, NULL });
  put_dm_tables (root, "vault: 0 312597504 crypt aes-xts-plain64 :64:logon:cryptsetup:0123 0 9:0 32768\n");
  put_btrfs (root, "77777777-1111-4222-8333-444444444444",
             (const char * const[]) { "dm-0", dm0, NULL },
             (const char * const[]) { "single", "raid1", NULL });
  mountinfo = g_strdup_printf (
    "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw\n"
    "90 22 0:50 / %s rw,relatime shared:40 - btrfs /dev/mapper/vault rw,ssd,subvol=/\n"
    "91 22 0:51 / %s rw,relatime shared:41 - btrfs /dev/sdz rw,ssd,subvol=/\n",
    mnt, other);
  put_mountinfo (root, mountinfo);

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);
  assert_device_names (info, names);
  g_assert_cmpstr (device_at (info, 0)->dm_target, ==, "crypt");
  g_assert_cmpstr (info->dm_target, ==, "crypt");
  g_assert_cmpstr (info->btrfs_profile, ==, "raid1+single");
  g_assert_cmpstr (info->raid_level, ==, "btrfs raid1+single");
  g_assert_cmpstrv (info->raid_members, ((const char * const[]) { "dm-0", NULL }));
  g_assert_cmpstr (info->scheduler, ==, "mixed");
  g_assert_cmpstr (device_at (info, 2)->scheduler, ==, "mq-deadline");
  g_assert_cmpstr (device_at (info, 3)->scheduler, ==, "kyber");
  /* data in two profiles at once: no fixed number of copies, and btrfs
   * has no device of its own to count instead */
  assert_counted (info, NULL, 0);

  /* Finished converting: only "single" left, on one device — the md
   * array below is the RAID. */
  {
    g_autofree char *raid1 = g_build_filename (root, "sys/fs/btrfs/77777777-1111-4222-8333-444444444444/allocation/data/raid1", NULL);
    g_autoptr(VolTargetInfo) single = NULL;

    remove_tree (raid1);
    single = vol_target_probe_with_root (mnt, root, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (single->btrfs_profile, ==, "single");
    g_assert_cmpstr (single->raid_level, ==, "raid0");
    g_assert_cmpuint (single->stripe_bytes, ==, 128 * 1024);
    g_assert_cmpstrv (single->raid_members, ((const char * const[]) { "sda", "sdb", NULL }));
    /* dm-crypt over md RAID 0: the md members, once each */
    assert_counted (single, (const char * const[]) { "sda", "sdb", NULL }, 1);
  }

  lost = vol_target_probe_with_root (other, root, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (lost->fs_type, ==, "btrfs");
  g_assert_null (lost->btrfs_profile);
  g_assert_null (lost->raid_level);
  g_assert_cmpuint (lost->devices->len, ==, 0);
  g_assert_null (lost->scheduler);

  fixture_free (root);
}

/* An md array over two partitions of one disk plus a whole second disk:
 * the shared disk is listed once, and the model count is per disk. */
static void
test_shared_disk (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "data");
  g_autofree char *sda = NULL;
  g_autofree char *sdb = NULL;
  g_autofree char *sda1 = NULL;
  g_autofree char *sda2 = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const char *md0 = VIRTUAL "/md0";
  const QueueAttrs disk = { NULL, "1000215216", "0", "[none] mq-deadline", "512", "512" };
  const char * const names[] = { "md0", "sda1", "sda", "sda2", "sdb", NULL };
  QueueAttrs q;

  q = disk;
  sda = put_sata_disk (root, SATA_HOST0, "sda", "ATA", "Samsung SSD 860", &q);
  sdb = put_sata_disk (root, SATA_HOST1, "sdb", "ATA", "Samsung SSD 860", &q);
  sda1 = g_build_filename (sda, "sda1", NULL);
  sda2 = g_build_filename (sda, "sda2", NULL);
  put_attr (root, sda1, "partition", "1\n");
  put_attr (root, sda2, "partition", "2\n");

  put_attr (root, md0, "md/level", "raid5\n");
  put_attr (root, md0, "md/chunk_size", "524288\n");
  put_slave_link (root, md0, "sda1", sda1);
  put_slave_link (root, md0, "sda2", sda2);
  put_slave_link (root, md0, "sdb", sdb);
  /* A cycle no kernel makes, but a broken tree might: md0 below itself. */
  put_link (root, VIRTUAL "/md0/slaves/md0", "../../md0");
  put_dev_link (root, "9:0", md0);
  put_simple_mountinfo (root, mnt, "9:0", "btrfs", "/dev/md0", "rw", "rw,space_cache=v2");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  /* "md0" first among the sorted slaves, but already visited. */
  assert_device_names (info, names);
  g_assert_cmpstr (device_at (info, 1)->parent, ==, "sda");
  g_assert_cmpstr (device_at (info, 3)->parent, ==, "sda");
  g_assert_cmpstrv (info->raid_members,
                    ((const char * const[]) { "md0", "sda1", "sda2", "sdb", NULL }));
  g_assert_cmpuint (info->stripe_bytes, ==, 524288);
  g_assert_cmpstr (info->model, ==, "2 × Samsung SSD 860");
  g_assert_cmpint (info->rotational, ==, 0);
  g_assert_cmpstr (info->scheduler, ==, "none");

  fixture_free (root);
}

/* Links pointing out of the sysroot — absolute, or with more ".." than
 * there are directories — are resolved as if the sysroot were "/", so a
 * file outside it is never read, and an absolute link meant for the
 * sysroot still finds its target there. */
static void
test_stays_inside_root (void)
{
  char *root = fixture_new ();
  char *outside = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt");
  g_autofree char *outside_model = g_build_filename (outside, "model", NULL);
  g_autofree char *climb = NULL;
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  const char *sdx = VIRTUAL "/sdx";
  const char *sdy = VIRTUAL "/sdy";
  const char *md0 = VIRTUAL "/md0";
  GString *ups = g_string_new (NULL);

  put (outside, "model", "LEAKED\n");
  for (int i = 0; i < 30; i++)
    g_string_append (ups, "../");
  climb = g_strdup_printf ("%s%s", ups->str, outside_model + 1);
  g_string_free (ups, TRUE);

  put_attr (root, md0, "md/level", "raid0\n");
  put_link (root, VIRTUAL "/md0/slaves/sdx", "../../sdx");
  /* Absolute, as if the sysroot were "/": must land inside it. */
  put_link (root, VIRTUAL "/md0/slaves/sdy", "/" VIRTUAL "/sdy");
  put_link (root, VIRTUAL "/sdx/device/model", outside_model);
  put_link (root, VIRTUAL "/sdy/device/model", climb);
  put_attr (root, sdx, "size", "100\n");
  put_attr (root, sdy, "size", "200\n");
  put_dev_link (root, "9:0", md0);
  put_simple_mountinfo (root, mnt, "9:0", "ext4", "/dev/md0", "rw", "rw");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);

  assert_device_names (info, ((const char * const[]) { "md0", "sdx", "sdy", NULL }));
  g_assert_null (device_at (info, 1)->model);
  g_assert_null (device_at (info, 2)->model);
  g_assert_cmpuint (device_at (info, 2)->size_bytes, ==, 200 * 512);
  g_assert_null (info->model);

  fixture_free (outside);
  fixture_free (root);
}

/* A device directory with nothing in it, a chain whose link is missing and
 * a filesystem without a block device: everything stays unknown. */
static void
test_missing_sysfs (void)
{
  char *root = fixture_new ();
  g_autofree char *mnt = fixture_mkdir (root, "mnt");
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(VolTargetInfo) no_link = NULL;
  g_autoptr(VolTargetInfo) no_dev = NULL;
  g_autoptr(GError) error = NULL;
  const VolBlockDevice *dev;

  /* The device's directory exists, empty. */
  g_free (fixture_mkdir (root, VIRTUAL "/sdz"));
  put_dev_link (root, "8:0", VIRTUAL "/sdz");
  put_simple_mountinfo (root, mnt, "8:0", "ext4", "/dev/sdz", "rw", "rw");

  info = vol_target_probe_with_root (mnt, root, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info->devices->len, ==, 1);
  dev = device_at (info, 0);
  g_assert_cmpstr (dev->name, ==, "sdz");
  g_assert_cmpstr (dev->kind, ==, "disk");
  g_assert_null (dev->model);
  g_assert_null (dev->vendor);
  g_assert_null (dev->scheduler);
  g_assert_null (dev->slaves);
  g_assert_cmpint (dev->rotational, ==, -1);
  g_assert_cmpuint (dev->logical_block_size, ==, 0);
  g_assert_cmpuint (dev->physical_block_size, ==, 0);
  g_assert_cmpuint (dev->size_bytes, ==, 0);
  g_assert_cmpstr (info->device, ==, "sdz");
  g_assert_null (info->model);
  g_assert_null (info->scheduler);
  g_assert_cmpint (info->rotational, ==, -1);

  /* No sys/dev/block/8:16 at all. */
  no_link = vol_target_info_new ();
  vol_probe_block_chain (root, 8, 16, no_link);
  g_assert_cmpuint (no_link->devices->len, ==, 0);
  g_assert_null (no_link->device);
  g_assert_cmpint (no_link->rotational, ==, -1);

  /* Major 0: tmpfs, overlay, btrfs' anonymous devices. Even a matching
   * link (which no kernel has) is not followed. */
  put_dev_link (root, "0:42", VIRTUAL "/sdz");
  no_dev = vol_target_info_new ();
  vol_probe_block_chain (root, 0, 42, no_dev);
  g_assert_cmpuint (no_dev->devices->len, ==, 0);
  g_assert_null (no_dev->device);

  fixture_free (root);
}

/* ---- mountinfo --------------------------------------------------------- */

/* Looks @path up in @mountinfo (no sysfs) and returns what was found. */
static VolTargetInfo *
probe_mount (const char  *mountinfo,
             const char  *path,
             GError     **error)
{
  char *root = fixture_new ();
  g_autoptr(VolTargetInfo) info = vol_target_info_new ();
  gboolean ok;

  if (mountinfo != NULL)
    put_mountinfo (root, mountinfo);
  ok = vol_probe_mount (root, path, info, error);
  fixture_free (root);
  return ok ? g_steal_pointer (&info) : NULL;
}

static const char mountinfo_tricky[] =
  "22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw,errors=remount-ro\n"
  "30 22 8:17 / /a rw,relatime shared:5 - ext4 /dev/sdb1 rw\n"
  "31 22 8:33 / /media/user/My\\040Disk rw,nosuid,nodev shared:1 master:2 - vfat /dev/sdc1 rw,fmask=0022\n"
  "32 22 8:49 / /mnt/tab\\011and\\134back rw - ext2 /dev/sdd1 rw\n"
  "40 22 8:65 / /mnt/over rw,relatime shared:7 - ext4 /dev/sde1 rw\n"
  "41 40 8:81 / /mnt/over rw,noatime shared:8 - xfs /dev/sdf1 rw,attr2\n"
  "50 22 0:52 /@home /home rw,relatime - btrfs /dev/nvme0n1p3 rw,ssd,subvol=/@home\n"
  "garbage line that is not mountinfo\n"
  "\n";

static void
test_mountinfo_escapes (void)
{
  g_autoptr(VolTargetInfo) spaced = NULL;
  g_autoptr(VolTargetInfo) tabbed = NULL;
  g_autoptr(GError) error = NULL;

  spaced = probe_mount (mountinfo_tricky, "/media/user/My Disk/bench", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (spaced->mount_point, ==, "/media/user/My Disk");
  g_assert_cmpstr (spaced->fs_type, ==, "vfat");

  tabbed = probe_mount (mountinfo_tricky, "/mnt/tab\tand\\back", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tabbed->mount_point, ==, "/mnt/tab\tand\\back");
  g_assert_cmpstr (tabbed->fs_type, ==, "ext2");
  /* No optional fields on that line. */
  g_assert_cmpstr (tabbed->mount_options, ==, "rw");
  g_assert_cmpstr (tabbed->mount_source, ==, "/dev/sdd1");
}

static void
test_mountinfo_longest_prefix (void)
{
  g_autoptr(VolTargetInfo) ab = NULL;
  g_autoptr(VolTargetInfo) a_b = NULL;
  g_autoptr(VolTargetInfo) a = NULL;
  g_autoptr(GError) error = NULL;

  /* "/a" is a string prefix of "/ab" but not a directory above it. */
  ab = probe_mount (mountinfo_tricky, "/ab/c", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ab->mount_point, ==, "/");
  g_assert_cmpstr (ab->mount_source, ==, "/dev/sda2");
  g_assert_cmpuint (ab->dev_major, ==, 8);
  g_assert_cmpuint (ab->dev_minor, ==, 2);

  a_b = probe_mount (mountinfo_tricky, "/a/b", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a_b->mount_point, ==, "/a");
  g_assert_cmpuint (a_b->dev_minor, ==, 17);

  a = probe_mount (mountinfo_tricky, "/a", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (a->mount_point, ==, "/a");
}

static void
test_mountinfo_overmount (void)
{
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  info = probe_mount (mountinfo_tricky, "/mnt/over/x", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->mount_point, ==, "/mnt/over");
  g_assert_cmpstr (info->fs_type, ==, "xfs");
  g_assert_cmpstr (info->mount_source, ==, "/dev/sdf1");
  g_assert_cmpstr (info->mount_options, ==, "rw,noatime");
  g_assert_cmpstr (info->super_options, ==, "rw,attr2");
  g_assert_cmpuint (info->dev_major, ==, 8);
  g_assert_cmpuint (info->dev_minor, ==, 81);
}

static void
test_mountinfo_optional_fields (void)
{
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(VolTargetInfo) btrfs = NULL;
  g_autoptr(GError) error = NULL;

  /* "shared:1 master:2" sit between the options and the "-". */
  info = probe_mount (mountinfo_tricky, "/media/user/My Disk", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->mount_options, ==, "rw,nosuid,nodev");
  g_assert_cmpstr (info->fs_type, ==, "vfat");
  g_assert_cmpstr (info->mount_source, ==, "/dev/sdc1");
  g_assert_cmpstr (info->super_options, ==, "rw,fmask=0022");
  g_assert_cmpuint (info->dev_major, ==, 8);
  g_assert_cmpuint (info->dev_minor, ==, 33);
  /* The path does not exist on this machine: no statvfs() figures. */
  g_assert_cmpuint (info->capacity_bytes, ==, 0);
  g_assert_cmpuint (info->free_bytes, ==, 0);

  btrfs = probe_mount (mountinfo_tricky, "/home/user", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (btrfs->fs_type, ==, "btrfs");
  g_assert_cmpstr (btrfs->super_options, ==, "rw,ssd,subvol=/@home");
  g_assert_cmpuint (btrfs->dev_major, ==, 0);
  g_assert_cmpuint (btrfs->dev_minor, ==, 52);
}

static void
test_mountinfo_errors (void)
{
  g_autoptr(VolTargetInfo) none = NULL;
  g_autoptr(VolTargetInfo) missing = NULL;
  g_autoptr(GError) error = NULL;

  /* A chroot's view: no entry above the path. */
  none = probe_mount ("30 22 8:17 / /a rw - ext4 /dev/sdb1 rw\n", "/b/c", &error);
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/b/c"));
  g_clear_error (&error);

  missing = probe_mount (NULL, "/b/c", &error);
  g_assert_null (missing);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* Without a mount table the folder can still be tested: the probe succeeds
 * with the mount facts unknown and the capacity still measured. */
static void
test_no_mount_table (void)
{
  char *root = fixture_new ();
  g_autofree char *dir = fixture_mkdir (root, "target");
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  g_test_expect_message ("volumeter-engine", G_LOG_LEVEL_MESSAGE, "*filesystem of*is unknown*mount table*");
  info = vol_target_probe_with_root (dir, root, &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  g_assert_cmpstr (info->path, ==, dir);
  g_assert_null (info->mount_point);
  g_assert_null (info->fs_type);
  g_assert_cmpuint (info->dev_major, ==, 0);
  g_assert_cmpuint (info->devices->len, ==, 0);
  g_assert_cmpuint (info->capacity_bytes, >, 0);

  fixture_free (root);
}

/* A chroot whose root is not a mount point: the mount table lists /proc,
 * /sys and /dev but nothing above the folder. The probe still succeeds,
 * every mount fact unknown (NULL, never a made-up string), a message says
 * why, and the one-line description says "unknown filesystem". */
static void
test_mount_not_found (void)
{
  char *root = fixture_new ();
  g_autofree char *dir = fixture_mkdir (root, "tmp/bench");
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *pattern = NULL;
  struct statvfs vfs;

  put_mountinfo (root,
                 "23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw\n"
                 "24 22 0:20 / /sys rw,nosuid,nodev,noexec,relatime - sysfs sysfs rw\n"
                 "25 22 0:5 / /dev rw,nosuid,relatime - devtmpfs udev rw,mode=755\n"
                 "26 25 0:23 / /dev/pts rw,nosuid,noexec,relatime - devpts devpts rw\n");
  /* Below a fixture the folder's real st_dev means nothing: the device
   * numbers stay unknown too. */
  pattern = g_strdup_printf ("*filesystem of “%s” is unknown: *%s*", dir, dir);
  g_test_expect_message ("volumeter-engine", G_LOG_LEVEL_MESSAGE, pattern);
  info = vol_target_probe_with_root (dir, root, &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  g_assert_nonnull (info);
  g_assert_cmpstr (info->path, ==, dir);
  g_assert_null (info->mount_point);
  g_assert_null (info->fs_type);
  g_assert_null (info->mount_source);
  g_assert_null (info->mount_options);
  g_assert_null (info->super_options);
  g_assert_cmpuint (info->dev_major, ==, 0);
  g_assert_cmpuint (info->dev_minor, ==, 0);
  g_assert_cmpuint (info->devices->len, ==, 0);
  g_assert_null (info->device);
  g_assert_cmpint (info->rotational, ==, -1);
  /* The capacity does not depend on the mount table. */
  g_assert_cmpint (statvfs (dir, &vfs), ==, 0);
  g_assert_cmpuint (info->capacity_bytes, ==, (guint64) vfs.f_blocks * vfs.f_frsize);

  description = vol_target_info_describe (info);
  g_assert_cmpstr (description, ==, "unknown filesystem");

  fixture_free (root);
}

/* ---- the target folder ------------------------------------------------- */

static void
test_missing_path (void)
{
  char *root = fixture_new ();
  g_autofree char *path = g_build_filename (root, "does-not-exist", NULL);
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  info = vol_target_probe_with_root (path, root, &error);
  g_assert_null (info);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, path));

  fixture_free (root);
}

static void
test_not_a_directory (void)
{
  char *root = fixture_new ();
  g_autofree char *path = g_build_filename (root, "file", NULL);
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  put (root, "file", "not a folder\n");
  info = vol_target_probe (path, &error);
  g_assert_null (info);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_nonnull (strstr (error->message, path));

  fixture_free (root);
}

/* The path is made canonical: "..", "." and symlinks resolved. */
static void
test_canonical_path (void)
{
  char *root = fixture_new ();
  g_autofree char *real = fixture_mkdir (root, "real/dir");
  g_autofree char *link = g_build_filename (root, "link", NULL);
  g_autofree char *messy = g_build_filename (root, "link", "..", "real", ".", "dir", NULL);
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("real", link), ==, 0);
  put_simple_mountinfo (root, root, "8:1", "ext4", "/dev/sda1", "rw", "rw");
  info = vol_target_probe_with_root (messy, root, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->path, ==, real);
  g_assert_cmpstr (info->mount_point, ==, root);

  fixture_free (root);
}

/* The running system, whatever it is: a desktop, a container, a chroot
 * whose root is not a mount point (then the mount stays unknown), a
 * $TMPDIR on ramfs (then there is no capacity). Only what holds on any
 * layout is asserted. */
static void
test_real_system (void)
{
  g_autoptr(VolTargetInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  /* Whether the mount is found depends on the machine; a message when it
   * is not is expected, a warning or critical never is (they are fatal). */
  info = vol_target_probe (g_get_tmp_dir (), &error);
  g_assert_no_error (error);
  g_assert_nonnull (info);
  g_assert_true (g_path_is_absolute (info->path));
  g_assert_cmpint (stat (info->path, &st), ==, 0);
  if (info->mount_point != NULL)
    {
      g_assert_true (g_str_has_prefix (info->path, info->mount_point));
      g_assert_nonnull (info->fs_type);
      g_assert_cmpstr (info->fs_type, !=, "");
    }
  else
    {
      /* Unknown mount: every mount fact unknown, the device numbers the
       * folder's own. */
      g_assert_null (info->fs_type);
      g_assert_null (info->mount_source);
      g_assert_cmpuint (info->dev_major, ==, major (st.st_dev));
      g_assert_cmpuint (info->dev_minor, ==, minor (st.st_dev));
    }
  g_assert_cmpuint (info->free_bytes, <=, info->capacity_bytes);
  /* Whatever the chain is, the headline matches its first device. */
  if (info->devices->len > 0)
    g_assert_cmpstr (info->device, ==, device_at (info, 0)->name);
  g_test_message ("%s: %s on %s (%u:%u), %u block devices",
                  info->path, info->fs_type ? info->fs_type : "(unknown)",
                  info->mount_point ? info->mount_point : "(unknown)",
                  info->dev_major, info->dev_minor, info->devices->len);
}

/* The volumes the GUI offers: real, writable, one per filesystem. */
static void
test_list_volumes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) volumes = vol_probe_list_volumes ("/", &error);
  g_autoptr(GHashTable) devices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_no_error (error);
  g_assert_nonnull (volumes);
  /* No count is asserted: a chroot or a container may have no volume a
   * user could test. Those listed must all qualify. */
  g_test_message ("%u volumes", volumes->len);
  for (guint i = 0; i < volumes->len; i++)
    {
      const VolTargetInfo *v = g_ptr_array_index (volumes, i);
      g_autofree char *dev = g_strdup_printf ("%u:%u", v->dev_major, v->dev_minor);
      g_assert_nonnull (v->fs_type);
      g_assert_false (g_str_equal (v->fs_type, "proc") || g_str_equal (v->fs_type, "tmpfs")
                      || g_str_equal (v->fs_type, "sysfs"));
      g_assert_cmpuint (v->capacity_bytes, >, 0);
      g_assert_false (g_str_has_prefix (v->mount_point, "/proc"));
      g_assert_cmpint (access (v->path, W_OK), ==, 0);
      g_assert_false (g_hash_table_contains (devices, dev));
      g_hash_table_add (devices, g_steal_pointer (&dev));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/probe/md-raid0", test_md_raid0);
  g_test_add_func ("/vol/probe/partition", test_partition);
  g_test_add_func ("/vol/probe/loop", test_loop);
  g_test_add_func ("/vol/probe/loop-direct-io", test_loop_direct_io);
  g_test_add_func ("/vol/probe/dm-md-disks", test_dm_md_disks);
  g_test_add_func ("/vol/probe/dm-striped", test_dm_striped);
  g_test_add_func ("/vol/probe/dm-linear-lvm", test_dm_linear_lvm);
  g_test_add_func ("/vol/probe/dm-tables-other", test_dm_tables_other);
  g_test_add_func ("/vol/probe/btrfs-raid1", test_btrfs_raid1);
  g_test_add_func ("/vol/probe/btrfs-on-crypt-md", test_btrfs_on_crypt_md);
  g_test_add_func ("/vol/probe/btrfs-profiles", test_btrfs_profiles);
  g_test_add_func ("/vol/probe/shared-disk", test_shared_disk);
  g_test_add_func ("/vol/probe/stays-inside-root", test_stays_inside_root);
  g_test_add_func ("/vol/probe/missing-sysfs", test_missing_sysfs);
  g_test_add_func ("/vol/probe/mountinfo-escapes", test_mountinfo_escapes);
  g_test_add_func ("/vol/probe/mountinfo-longest-prefix", test_mountinfo_longest_prefix);
  g_test_add_func ("/vol/probe/mountinfo-overmount", test_mountinfo_overmount);
  g_test_add_func ("/vol/probe/mountinfo-optional-fields", test_mountinfo_optional_fields);
  g_test_add_func ("/vol/probe/mountinfo-errors", test_mountinfo_errors);
  g_test_add_func ("/vol/probe/no-mount-table", test_no_mount_table);
  g_test_add_func ("/vol/probe/mount-not-found", test_mount_not_found);
  g_test_add_func ("/vol/probe/missing-path", test_missing_path);
  g_test_add_func ("/vol/probe/not-a-directory", test_not_a_directory);
  g_test_add_func ("/vol/probe/canonical-path", test_canonical_path);
  g_test_add_func ("/vol/probe/real-system", test_real_system);

  g_test_add_func ("/vol/probe/list-volumes", test_list_volumes);
  return g_test_run ();
}
