/* vol-test-threads.c — the Threads test
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

static const char *const thread_modes[] = { "seqwr", "seqrd", "rndwr", "rndrd", "rndrw", NULL };

static const VolParamDesc threads_params[] = {
  { "threads", VOL_PARAM_INT_LIST, N_("Thread counts"), N_("Threads at each point, each with its own file"),
    "N,N,…", "1,2,4,8,16,32,64,128", 1, 1024 },
  { "bytes-per-thread", VOL_PARAM_SIZE, N_("Bytes per thread"), N_("Size of each thread's file (scaled to fit)"),
    "SIZE", "512M", MiB, TiB, 0, MiB },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Sequential or random, reads, writes or both"),
    NULL, "seqwr", 0, 0, 0, 0, thread_modes },
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "1M", 512, GiB, 0, 512 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each thread count runs"),
    "S", "30", 1, 3600 },
};

const VolTestKind vol_test_threads = {
  {
    "threads",
    N_("Threads"),
    N_("Each thread writes then reads its own file, for each thread count"),
    threads_params, G_N_ELEMENTS (threads_params),
    NULL,
  },
  NULL,
  NULL,
};
