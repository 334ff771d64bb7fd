/* vol-udisks.h — a block device opened read-only through UDisks2
 *
 * A desktop user is not root and not in the disk group; the surface scan
 * still needs the device. UDisks2's Block.OpenDevice ("r", flags O_DIRECT)
 * opens it in the daemon, after polkit has asked the user as GNOME Disks'
 * benchmark does, and hands the descriptor over the system bus. Blocks on
 * D-Bus (and on the user answering polkit): call it from a worker thread.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* An fd open O_RDONLY | O_DIRECT on @device (/dev/sdb), or -1 with an
 * error saying what UDisks2 answered (missing, refused, the user
 * declined), to follow the caller's own words. */
int vol_udisks_open_read (const char    *device,
                          GCancellable  *cancellable,
                          GError       **error);

G_END_DECLS
