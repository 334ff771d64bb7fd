/* vol-device-stat.h — the kernel's own I/O counters of a block device
 *
 * /sys/class/block/NAME/stat (Documentation/block/stat.rst): what the
 * block layer saw, after the filesystem, before the device. A run reads
 * it around each timed phase to show, beside its own counts, what really
 * reached the device (journal writes, split or merged requests, reads the
 * page cache served and so never arrived). Any thread.
 *
 * On a stack (md, dm, a btrfs over several devices) the counters summed
 * are those of the physical leaves below the filesystem, each once, with
 * the number of copies each written byte gets on them:
 * vol_device_stat_members() (docs/result-format.md, "counters").
 */
#pragma once

#include <glib.h>

#include "vol-target-info.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 reads;          /* read requests completed */
  guint64 read_merges;
  guint64 read_sectors;   /* 512-byte units, whatever the device's block size */
  guint64 writes;
  guint64 write_merges;
  guint64 write_sectors;
  guint64 discards;
  guint64 flushes;        /* 0 on kernels before 5.5, which do not count them */
} VolDeviceStat;

gboolean vol_device_stat_read  (const char          *device,
                                VolDeviceStat       *stat);
gboolean vol_device_stat_parse (const char          *text,
                                VolDeviceStat       *stat);
void     vol_device_stat_diff  (const VolDeviceStat *before,
                                const VolDeviceStat *after,
                                VolDeviceStat       *delta);

char   **vol_device_stat_members  (const VolTargetInfo *info,
                                   guint               *write_copies);
gboolean vol_device_stat_read_sum (const char          *sysroot,
                                   const char * const  *devices,
                                   VolDeviceStat       *sum);

G_END_DECLS
