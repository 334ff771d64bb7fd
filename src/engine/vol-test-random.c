/* vol-test-random.c — the Random I/O test
 *
 * Described in the registry (its parameters already validate, appear in
 * --help and in the application's rows); run is NULL until it is
 * implemented, so the runner says it is not available before touching
 * the target.
 */
#include "vol-run-private.h"

#include <glib/gi18n.h>

#define MiB (1024.0 * 1024.0)
#define GiB (1024.0 * 1024.0 * 1024.0)
#define TiB (1024.0 * 1024.0 * 1024.0 * 1024.0)

static const VolParamDesc random_params[] = {
  { "chunk", VOL_PARAM_SIZE, N_("Chunk size"), N_("Bytes per random I/O"),
    "SIZE", "32K", 512, GiB, 0, 512 },
  { "ios", VOL_PARAM_INT, N_("I/Os"), N_("Random writes, then as many random reads, per iteration"),
    "N", "16384", 1, 100000000 },
  { "iterations", VOL_PARAM_INT, N_("Iterations"), N_("Repeats; slowest, fastest, average, median and range are reported"),
    "N", "5", 1, 100 },
  { "file-size", VOL_PARAM_SIZE, N_("File size"), N_("Span of the random offsets (fitted to the free space)"),
    "SIZE", "8G", MiB, 16 * TiB, 0, MiB },
  { "count-sweep", VOL_PARAM_INT_LIST, N_("I/O count sweep"), N_("Repeat the test for each I/O count, e.g. 1024,2048,…,65536"),
    "N,N,…", NULL, 1, 100000000, 0, 0, NULL, VOL_PARAM_FLAG_OPTIONAL },
};

const VolTestKind vol_test_random = {
  {
    "random",
    N_("Random I/O"),
    N_("Random writes then random reads of one chunk size over a large file"),
    random_params, G_N_ELEMENTS (random_params),
    NULL,
  },
  NULL,
  NULL,
};
