/* vol-random.h — the engine's pseudo-random numbers, in one place
 *
 * splitmix64 for cheap draws (offsets, choices) and for seeding;
 * xoshiro256** for streams of data. Both are fully determined by their
 * seed, so a run with the same recorded seed repeats exactly. State is
 * the caller's: any thread, one state per thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint64
vol_splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias worth speaking of: the high half
 * of a 128-bit product (Lemire). */
static inline guint64
vol_random_below (guint64 *state,
                  guint64  n)
{
  return (guint64) (((unsigned __int128) vol_splitmix64 (state) * n) >> 64);
}

typedef struct
{
  guint64 s[4];
} VolXoshiro;

/* splitmix64 spreads one seed over xoshiro's four words, as its authors
 * recommend. */
static inline void
vol_xoshiro_seed (VolXoshiro *x,
                  guint64     seed)
{
  for (guint i = 0; i < 4; i++)
    x->s[i] = vol_splitmix64 (&seed);
}

static inline guint64
vol_xoshiro_rotl (guint64 v,
                  int     k)
{
  return (v << k) | (v >> (64 - k));
}

static inline guint64
vol_xoshiro_next (VolXoshiro *x)
{
  guint64 result = vol_xoshiro_rotl (x->s[1] * 5, 7) * 9;
  guint64 t = x->s[1] << 17;

  x->s[2] ^= x->s[0];
  x->s[3] ^= x->s[1];
  x->s[1] ^= x->s[2];
  x->s[0] ^= x->s[3];
  x->s[2] ^= t;
  x->s[3] = vol_xoshiro_rotl (x->s[3], 45);
  return result;
}

G_END_DECLS
