/* vol-file-write.h — a file written whole or not at all
 *
 * The one way Volumeter writes a file a user asked for (a saved result, an
 * exported chart or table): vol_file_write_atomic() replaces, the other
 * two never do. Blocking I/O; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean vol_file_write_atomic (const char  *path,
                                const char  *data,
                                gsize        length,
                                GError     **error);

gboolean vol_file_write_new    (const char  *path,
                                const char  *data,
                                gsize        length,
                                GError     **error);
char    *vol_file_write_unique (const char  *dir,
                                const char  *stem,
                                const char  *suffix,
                                const char  *data,
                                gsize        length,
                                GError     **error);

G_END_DECLS
