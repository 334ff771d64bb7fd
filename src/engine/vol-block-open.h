/* vol-block-open.h — a block device opened for reading, never for writing
 *
 * The tests that read a device itself (Cached vs device read, Read across
 * the device) open it here, through the run's I/O table, with O_RDONLY and
 * never a write flag, and learn its size and logical block size. One path,
 * so the message a user without permission sees is the same everywhere.
 */
#pragma once

#include "vol-run-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 size;           /* bytes (BLKGETSIZE64) */
  guint   logical_block;  /* bytes (BLKSSZGET), 512 when the ioctl says nothing */
} VolBlockGeometry;

/* O_RDONLY | O_CLOEXEC | @extra (O_DIRECT or 0) on @path; -1 with an error
 * naming @path and what to do (root, the disk group). Where the system
 * refuses (EACCES, EPERM) an O_DIRECT open is asked of the fallback
 * opener, UDisks2 (vol-udisks.h), and its descriptor is used only if it
 * is read-only; *@opened_by (may be NULL) says "open" or "udisks2". */
int      _vol_block_open_read     (VolRun            *run,
                                   const char        *path,
                                   int                extra,
                                   const char       **opened_by,
                                   GError           **error);

/* TEST ONLY: what opens a device the system refused, instead of UDisks2
 * (NULL: UDisks2 again). Returns an fd or -1 with @error. */
typedef int (*VolBlockOpener) (const char    *path,
                               GCancellable  *cancellable,
                               gpointer       user_data,
                               GError       **error);
void     _vol_block_set_fallback_opener (VolBlockOpener  opener,
                                         gpointer        user_data);
/* Size and logical block size of the open device @fd, @path for the
 * message. */
gboolean _vol_block_get_geometry  (int                fd,
                                   const char        *path,
                                   VolBlockGeometry  *geometry,
                                   GError           **error);

G_END_DECLS
