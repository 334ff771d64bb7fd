/* test-datapool.c — written data is reproducible, unique per block, checked on read */
#include <string.h>

#include "vol-datapool.h"

#define SIZE (1 << 20)

static void
test_reproducible (void)
{
  g_autoptr(VolDataPool) a = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 42, SIZE, 4096);
  g_autoptr(VolDataPool) b = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 42, SIZE, 4096);
  g_autoptr(VolDataPool) c = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 43, SIZE, 4096);

  g_assert_cmpmem (vol_data_pool_get_data (a), SIZE, vol_data_pool_get_data (b), SIZE);
  g_assert_true (memcmp (vol_data_pool_get_data (a), vol_data_pool_get_data (c), SIZE) != 0);
  g_assert_cmpuint ((guintptr) vol_data_pool_get_data (a) % 4096, ==, 0);
}

static void
test_unique_blocks (void)
{
  g_autoptr(VolDataPool) pool = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 7, SIZE, 4096);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal, (GDestroyNotify) g_bytes_unref, NULL);
  guint blocks = SIZE / VOL_STAMP_BLOCK;

  /* The same buffer written twice under different serials: no 4 KiB
   * block may repeat, or a deduplicating device would store it once. */
  for (guint round = 0; round < 2; round++)
    {
      vol_data_pool_stamp (pool, (guint64) round << 32, SIZE);
      for (guint i = 0; i < blocks; i++)
        {
          GBytes *block = g_bytes_new (vol_data_pool_get_data (pool) + i * VOL_STAMP_BLOCK, VOL_STAMP_BLOCK);
          g_assert_false (g_hash_table_contains (seen, block));
          g_hash_table_add (seen, block);
        }
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 2 * blocks);
}

static void
test_verify (void)
{
  g_autoptr(VolDataPool) pool = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 9, SIZE, 4096);
  g_autofree guint8 *copy = NULL;
  guint64 bad = 0;

  vol_data_pool_stamp (pool, 1000, SIZE);
  copy = g_memdup2 (vol_data_pool_get_data (pool), SIZE);
  g_assert_true (vol_data_pool_verify (pool, copy, 1000, SIZE, &bad));
  /* read from the wrong place: another serial */
  g_assert_false (vol_data_pool_verify (pool, copy, 2000, SIZE, &bad));
  g_assert_cmpuint (bad, ==, 0);
  /* the last block corrupted */
  copy[SIZE - VOL_STAMP_BLOCK + 3] ^= 0xff;
  g_assert_false (vol_data_pool_verify (pool, copy, 1000, SIZE, &bad));
  g_assert_cmpuint (bad, ==, SIZE / VOL_STAMP_BLOCK - 1);
}

static void
test_zeros (void)
{
  g_autoptr(VolDataPool) pool = vol_data_pool_new (VOL_DATA_PATTERN_ZEROS, 9, SIZE, 4096);
  const guint8 *data = vol_data_pool_get_data (pool);

  /* Zeros stay zeros: stamping them would make them something else. */
  vol_data_pool_stamp (pool, 5, SIZE);
  for (guint i = 0; i < SIZE; i++)
    g_assert_cmpuint (data[i], ==, 0);
}

/* A pool in the caller's memory has the bytes a pool of its own has, and
 * leaves the memory to the caller. */
static void
test_borrowed (void)
{
  g_autoptr(VolDataPool) own = vol_data_pool_new (VOL_DATA_PATTERN_RANDOM, 99, 3 * 4096, 4096);
  g_autofree guint8 *mem = g_malloc (3 * 4096 + 16);
  VolDataPool *in;

  memset (mem, 0xAB, 3 * 4096 + 16);
  in = vol_data_pool_new_in (VOL_DATA_PATTERN_RANDOM, 99, mem, 3 * 4096);
  g_assert_true (vol_data_pool_get_data (in) == mem);
  g_assert_cmpmem (mem, 3 * 4096, vol_data_pool_get_data (own), 3 * 4096);
  /* nothing written past its size */
  g_assert_cmpuint (mem[3 * 4096], ==, 0xAB);
  vol_data_pool_stamp (in, 7, 3 * 4096);
  vol_data_pool_free (in);
  /* still ours: readable and writable after the pool is gone */
  mem[0] = 1;
  g_assert_cmpuint (mem[0], ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/datapool/reproducible", test_reproducible);
  g_test_add_func ("/vol/datapool/unique-blocks", test_unique_blocks);
  g_test_add_func ("/vol/datapool/verify", test_verify);
  g_test_add_func ("/vol/datapool/zeros", test_zeros);
  g_test_add_func ("/vol/datapool/borrowed", test_borrowed);
  return g_test_run ();
}
