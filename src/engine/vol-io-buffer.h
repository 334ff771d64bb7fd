/* vol-io-buffer.h — memory for O_DIRECT transfers */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gpointer  vol_io_alloc_aligned     (gsize     size,
                                    gsize     alignment);
void      vol_io_free_aligned      (gpointer  mem);
void      vol_io_buffer_tally      (guint    *huge,
                                    guint    *small);

G_END_DECLS
