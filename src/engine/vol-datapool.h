/* vol-datapool.h — what tests write: random, unique per block, or zeros
 *
 * A buffer is filled once from a seeded PRNG (xoshiro256**); before each
 * write the first 16 bytes of every 4 KiB block are stamped with a serial
 * number unique in the run, so neither compression nor deduplication in
 * the device can make the data smaller. The serial (the block's first 8
 * bytes) comes from the run's one 64-bit counter, _vol_run_take_serials
 * (vol-run-private.h), never restarted per point, file, thread or ring
 * slot; a test that checks its reads keeps the serial it wrote (a file's
 * first, a chunk's last). tests/engine/test-truth.c records every written block
 * of a run of each kind and asserts no serial repeats. Reads check the stamps of a few
 * blocks per transfer: the cost is a handful of cache lines, the benefit is
 * knowing that what came back is what was written.
 * A pool belongs to one thread.
 */
#pragma once

#include <glib.h>

#include "vol-types.h"

G_BEGIN_DECLS

#define VOL_STAMP_BLOCK 4096

typedef struct _VolDataPool VolDataPool;

VolDataPool *vol_data_pool_new      (VolDataPattern  pattern,
                                     guint64         seed,
                                     gsize           size,
                                     gsize           alignment);
VolDataPool *vol_data_pool_new_in   (VolDataPattern  pattern,
                                     guint64         seed,
                                     guint8         *data,
                                     gsize           size);
void         vol_data_pool_free     (VolDataPool    *pool);
guint8      *vol_data_pool_get_data (VolDataPool    *pool);
gsize        vol_data_pool_get_size (VolDataPool    *pool);
void         vol_data_pool_stamp    (VolDataPool    *pool,
                                     guint64         first_serial,
                                     gsize           length);
gboolean     vol_data_pool_verify   (VolDataPool    *pool,
                                     const guint8   *data,
                                     guint64         first_serial,
                                     gsize           length,
                                     guint64        *bad_block);
guint64      vol_data_pool_new_seed (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolDataPool, vol_data_pool_free)

G_END_DECLS
