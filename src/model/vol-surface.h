/* vol-surface.h — where the surface scan reads
 *
 * The positions of Read across the device (engine/vol-test-surface.c),
 * worked out in one place for the engine and for the fio job that reads
 * the same offsets (vol-fio-job.c). Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The distance between two positions: (size − sample) / (samples − 1)
 * rounded down to @grain; 0 when fewer than 2 samples fit. Position i is
 * at i · step. */
guint64 vol_surface_step (guint64 size,
                          guint64 sample,
                          guint   samples,
                          guint   grain);

G_END_DECLS
