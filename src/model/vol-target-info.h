/* vol-target-info.h — what the probe found out about a test target
 *
 * Plain data: built by engine/vol-probe.c on any thread, stored in results,
 * read by charts for subtitles and comparison labels. Anything the probe
 * could not find stays unknown (NULL, 0 or -1) — never guessed.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* One block device in the chain below the mounted filesystem. */
typedef struct
{
  char    *name;                /* kernel name: "sda1", "md0", "loop3", "dm-0" */
  char    *kind;                /* "disk", "partition", "loop", "dm", "md" */
  char    *parent;              /* whole disk of a partition, else NULL */
  char   **slaves;              /* names of the devices below (md members, dm tables); NULL-terminated, may be NULL */
  char    *model;               /* device/model, trimmed */
  char    *vendor;              /* device/vendor, trimmed */
  int      rotational;          /* 1 spinning, 0 not, -1 unknown */
  char    *scheduler;           /* active I/O scheduler ("mq-deadline", "none") */
  guint    logical_block_size;  /* bytes, 0 unknown */
  guint    physical_block_size; /* bytes, 0 unknown */
  guint64  size_bytes;          /* 0 unknown */
  char    *backing_file;        /* loop: the file behind it */
  int      loop_direct_io;      /* loop: 1 reads and writes bypass the backing file's page cache
                                 * (loop/dio), 0 they go through it, -1 unknown */
  char    *backing_fs_type;     /* loop: filesystem of the backing file ("ext4", "tmpfs"), NULL unknown */
  char    *dm_name;             /* dm: the mapper name */
  char    *dm_uuid;             /* dm: "LVM-...", "CRYPT-..." */
  char    *dm_target;           /* dm: target type from its table: "linear", "striped", "crypt",
                                 * "raid", ...; "linear+striped" for a table mixing types;
                                 * NULL when the table could not be read */
  guint    dm_stripes;          /* dm striped: stripe count, 0 unknown */
  char    *raid_level;          /* md, dm raid: "raid0", "raid1", "raid5", "raid10", ... */
  guint64  chunk_bytes;         /* md, dm striped, dm raid: chunk (stripe unit) size, 0 unknown */
  guint    raid_disks;          /* md, dm raid: member count, 0 unknown */
} VolBlockDevice;

typedef struct
{
  char       *path;           /* the folder the user chose, made absolute */
  char       *mount_point;
  char       *fs_type;        /* "ext4", "xfs", "tmpfs" ... */
  char       *mount_source;   /* "/dev/sda1" */
  char       *mount_options;  /* per-mount options: "rw,relatime" */
  char       *super_options;  /* filesystem options: "rw,errors=remount-ro" */
  guint       dev_major;      /* st_dev of the filesystem */
  guint       dev_minor;
  guint64     capacity_bytes; /* statvfs f_blocks * f_frsize */
  guint64     free_bytes;     /* statvfs f_bavail * f_frsize: what an unprivileged writer may use */
  GPtrArray  *devices;        /* of VolBlockDevice, the mounted device first, then depth-first below it */

  /* Headline facts drawn from the chain, for labels (NULL/0/-1 unknown). */
  char       *device;         /* name of the mounted device ("md0") */
  char       *model;          /* model of the first disk found, "2 × INTEL SSD" when members agree */
  int         rotational;     /* 1 if any disk in the chain spins, 0 if none does, -1 unknown */
  char       *scheduler;      /* the disks' scheduler when every disk that names one agrees,
                               * "mixed" when they differ; with no disk, the first other device's */
  char       *raid_level;     /* "btrfs raid1" for a btrfs RAID data profile, else of the first
                               * md, dm striped or dm raid device: "raid0", "striped" ... */
  guint64     stripe_bytes;   /* that device's chunk (stripe unit) size */
  char      **raid_members;   /* its member names (btrfs: the filesystem's devices),
                               * NULL-terminated, may be NULL */
  char       *dm_target;      /* target type of the first dm device in the chain */
  char       *btrfs_profile;  /* btrfs data profile: "single", "dup", "raid1" ...;
                               * "raid1+single" while a conversion leaves both */
} VolTargetInfo;

#define VOL_TYPE_TARGET_INFO (vol_target_info_get_type ())

GType           vol_target_info_get_type (void) G_GNUC_CONST;
VolTargetInfo  *vol_target_info_new      (void);
VolTargetInfo  *vol_target_info_copy     (const VolTargetInfo *info);
void            vol_target_info_free     (VolTargetInfo       *info);
char           *vol_target_info_describe (const VolTargetInfo *info);
gboolean        vol_target_info_is_device (const VolTargetInfo *info);

gboolean        vol_fs_type_is_ram       (const char *fs_type);

VolBlockDevice *vol_block_device_new     (void);
VolBlockDevice *vol_block_device_copy    (const VolBlockDevice *dev);
void            vol_block_device_free    (VolBlockDevice       *dev);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolTargetInfo, vol_target_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolBlockDevice, vol_block_device_free)

G_END_DECLS
