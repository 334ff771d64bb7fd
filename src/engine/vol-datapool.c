/* vol-datapool.c — seeded random data, stamped unique per block */
#include "vol-datapool.h"

#include <string.h>

#include "vol-io.h"
#include "vol-random.h"

struct _VolDataPool
{
  VolDataPattern pattern;
  guint64        seed;
  guint8        *data;
  gsize          size;
  gboolean       borrowed;   /* data is the caller's (vol_data_pool_new_in) */
};

static void
fill (VolDataPool *pool)
{
  if (pool->pattern == VOL_DATA_PATTERN_ZEROS)
    memset (pool->data, 0, pool->size);
  else
    {
      VolXoshiro x;
      gsize i;

      vol_xoshiro_seed (&x, pool->seed);
      for (i = 0; i + 8 <= pool->size; i += 8)
        {
          guint64 v = vol_xoshiro_next (&x);
          memcpy (pool->data + i, &v, 8);
        }
      for (; i < pool->size; i++)
        pool->data[i] = (guint8) vol_xoshiro_next (&x);
    }
}

/**
 * vol_data_pool_new:
 * @size: bytes; a multiple of VOL_STAMP_BLOCK for stamping to cover it
 * @alignment: buffer alignment for O_DIRECT
 *
 * The same seed always gives the same bytes, so a run can be repeated.
 */
VolDataPool *
vol_data_pool_new (VolDataPattern pattern,
                   guint64        seed,
                   gsize          size,
                   gsize          alignment)
{
  VolDataPool *pool = g_new0 (VolDataPool, 1);

  pool->pattern = pattern;
  pool->seed = seed;
  pool->size = size;
  pool->data = vol_io_alloc_aligned (size, alignment);
  fill (pool);
  return pool;
}

/**
 * vol_data_pool_new_in:
 * @data: @size bytes the caller owns and frees after the pool
 *
 * A pool in memory of the caller's: the slots of an io_uring ring share
 * one region, so their buffers are on 2 MiB pages together where one
 * slot's alone would be on 4 KiB pages (vol-io-loop.c says why that
 * matters).
 */
VolDataPool *
vol_data_pool_new_in (VolDataPattern pattern,
                      guint64        seed,
                      guint8        *data,
                      gsize          size)
{
  VolDataPool *pool = g_new0 (VolDataPool, 1);

  pool->pattern = pattern;
  pool->seed = seed;
  pool->size = size;
  pool->data = data;
  pool->borrowed = TRUE;
  fill (pool);
  return pool;
}

void
vol_data_pool_free (VolDataPool *pool)
{
  if (pool == NULL)
    return;
  if (!pool->borrowed)
    vol_io_free_aligned (pool->data);
  g_free (pool);
}

guint8 *
vol_data_pool_get_data (VolDataPool *pool)
{
  return pool->data;
}

gsize
vol_data_pool_get_size (VolDataPool *pool)
{
  return pool->size;
}

static inline void
stamp_words (guint64  seed,
             guint64  serial,
             guint64 *words)
{
  words[0] = serial;
  words[1] = (serial * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^ seed;
}

/**
 * vol_data_pool_stamp:
 * @first_serial: serial number of the first block; block i gets first_serial + i
 * @length: bytes from the start of the buffer about to be written
 *
 * Makes every 4 KiB block of the next write unique. Serial numbers must be
 * unique within a run: tests take them from _vol_run_take_serials(). Does
 * nothing for zeros, which are meant to be what they are.
 */
void
vol_data_pool_stamp (VolDataPool *pool,
                     guint64      first_serial,
                     gsize        length)
{
  if (pool->pattern == VOL_DATA_PATTERN_ZEROS)
    return;
  for (gsize off = 0, i = 0; off + 16 <= length; off += VOL_STAMP_BLOCK, i++)
    {
      guint64 words[2];
      stamp_words (pool->seed, first_serial + i, words);
      memcpy (pool->data + off, words, sizeof words);
    }
}

/**
 * vol_data_pool_verify:
 * @data: what was read back
 * @bad_block: (out): index of the first block that does not match
 *
 * Checks the stamps of the first, middle and last block of a transfer.
 * Always TRUE for zeros.
 */
gboolean
vol_data_pool_verify (VolDataPool  *pool,
                      const guint8 *data,
                      guint64       first_serial,
                      gsize         length,
                      guint64      *bad_block)
{
  gsize n_blocks = length / VOL_STAMP_BLOCK;
  gsize probes[3];

  if (pool->pattern == VOL_DATA_PATTERN_ZEROS || n_blocks == 0)
    return TRUE;

  probes[0] = 0;
  probes[1] = n_blocks / 2;
  probes[2] = n_blocks - 1;
  for (guint i = 0; i < G_N_ELEMENTS (probes); i++)
    {
      guint64 words[2];
      stamp_words (pool->seed, first_serial + probes[i], words);
      if (memcmp (data + probes[i] * VOL_STAMP_BLOCK, words, sizeof words) != 0)
        {
          *bad_block = probes[i];
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * vol_data_pool_new_seed:
 *
 * A fresh non-zero seed (0 means "pick one" in a spec).
 */
guint64
vol_data_pool_new_seed (void)
{
  guint64 seed;

  do
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  while (seed == 0);
  return seed;
}
