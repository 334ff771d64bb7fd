/* vol-test-queue.c — the Queue depth test
 *
 * Described in the registry (its parameters already validate, appear in
 * --help and in the application's rows); run is NULL until it is
 * implemented, so the runner says it is not available before touching
 * the target.
 */
#include "vol-run-private.h"

#include <glib/gi18n.h>

#define KiB 1024.0
#define MiB (1024.0 * 1024.0)
#define TiB (1024.0 * 1024.0 * 1024.0 * 1024.0)

static const char *const queue_modes[] = { "read", "write", "mix", NULL };
static const char *const queue_alignments[] = { "4k", "offset512", NULL };
static const char *const queue_backends[] = { "auto", "io_uring", "threads", NULL };

static const VolParamDesc queue_params[] = {
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "4K", 512, MiB, 0, 512 },
  { "span", VOL_PARAM_SIZE, N_("Span"), N_("Region the random offsets fall in (less if the volume is smaller)"),
    "SIZE", "8G", MiB, 16 * TiB, 0, MiB },
  { "depths", VOL_PARAM_INT_LIST, N_("Queue depths"), N_("I/Os kept in flight, one point each"),
    "N,N,…", "1,2,4,8,16,32", 1, 1024 },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Random reads, writes, or a mix"),
    NULL, "read", 0, 0, 0, 0, queue_modes },
  { "read-percent", VOL_PARAM_INT, N_("Reads in a mix"), N_("Percentage of reads when the mode is mix"),
    "N", "70", 0, 100 },
  { "alignment", VOL_PARAM_CHOICE, N_("Alignment"), N_("4 KiB-aligned offsets, or offset by 512 bytes as an unaligned partition does"),
    NULL, "4k", 0, 0, 0, 0, queue_alignments },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each queue depth runs"),
    "S", "30", 1, 3600 },
  { "backend", VOL_PARAM_CHOICE, N_("I/O backend"), N_("io_uring, or a pool of threads doing pread/pwrite"),
    NULL, "auto", 0, 0, 0, 0, queue_backends },
};

const VolTestKind vol_test_queue = {
  {
    "queue",
    N_("Queue depth"),
    N_("Time-based random I/O at each queue depth, aligned or offset by 512 bytes"),
    queue_params, G_N_ELEMENTS (queue_params),
    NULL,
  },
  NULL,
  NULL,
};
