/* vol-file-read.h — the one way a file the user names is read
 *
 * Results, fio's output and host lists come from anywhere: a path may be
 * a FIFO (whose read blocks until a writer comes, for ever), a device
 * (/dev/zero never ends), a socket or a folder. Every reader opens through
 * vol_file_open_regular(), which refuses all of them before reading a
 * byte, and reads no more than its caller's limit. Blocking I/O on
 * regular files only; any thread.
 */
#pragma once

#include <sys/stat.h>

#include <gio/gio.h>

G_BEGIN_DECLS

int   vol_file_open_regular (const char   *path,
                             struct stat  *st,
                             GError      **error);
char *vol_file_read_fd      (int           fd,
                             gsize         limit,
                             gsize        *length,
                             GError      **error);
char *vol_file_read_bounded (const char   *path,
                             gsize         limit,
                             gsize        *length,
                             GError      **error);

G_END_DECLS
