/* vol-probe.h — finding out what a test target really is
 *
 * Reads /proc/self/mountinfo and /sys below a root it is given, so tests can
 * feed a fixture tree (an md RAID 0, a partition on a disk, a loop device)
 * as well as the real system. Blocking file reads only: call it from a
 * worker thread, or from the main thread for a one-off CLI probe.
 */
#pragma once

#include "vol-target-info.h"

G_BEGIN_DECLS

/* A block device the machine has, for a picker of devices to read. */
typedef struct
{
  char          *path;         /* /dev/sda */
  VolTargetInfo *info;         /* vol_target_probe_device()'s */
  guint          partitions;
} VolDisk;

typedef void (*VolProbeVolumeFunc) (VolTargetInfo *info,
                                    gpointer       user_data);

VolTargetInfo *vol_target_probe             (const char    *path,
                                             GError       **error);
VolTargetInfo *vol_target_probe_device      (const char    *path,
                                             GError       **error);
VolTargetInfo *vol_target_probe_with_root   (const char    *path,
                                             const char    *sysroot,
                                             GError       **error);
gboolean       vol_probe_mount              (const char    *sysroot,
                                             const char    *path,
                                             VolTargetInfo *info,
                                             GError       **error);
GPtrArray     *vol_probe_list_volumes       (const char    *sysroot,
                                             GError       **error);
gboolean       vol_probe_list_volumes_each  (const char    *sysroot,
                                             VolProbeVolumeFunc func,
                                             gpointer       user_data,
                                             GError       **error);
GPtrArray     *vol_probe_list_disks         (void);
void           vol_disk_free                (VolDisk       *disk);
void           vol_probe_block_chain        (const char    *sysroot,
                                             guint          major,
                                             guint          minor,
                                             VolTargetInfo *info);

G_END_DECLS
