/* vol-test-catalogue.c — the test kinds that are described but not yet run
 *
 * DESIGN.md's table, parameter by parameter, so the CLI's --help, the
 * GUI's rows, spec validation and results already know their shape. Each
 * kind moves to its own vol-test-<name>.c with prepare() and run() when it
 * is implemented; until then run is NULL and the runner says the test is
 * not available, before touching the target.
 */
#include "vol-registry.h"

#include <glib/gi18n.h>

#define KiB 1024.0
#define MiB (1024.0 * KiB)
#define GiB (1024.0 * MiB)
#define TiB (1024.0 * GiB)

static const char *const queue_modes[] = { "read", "write", "mix", NULL };
static const char *const queue_alignments[] = { "4k", "offset512", NULL };
static const char *const queue_backends[] = { "auto", "io_uring", "threads", NULL };
static const char *const thread_modes[] = { "seqwr", "seqrd", "rndwr", "rndrd", "rndrw", NULL };
static const char *const cached_sources[] = { "auto", "device", "file", NULL };

static const VolParamDesc transfer_params[] = {
  { "from", VOL_PARAM_SIZE, N_("Smallest transfer"), N_("First transfer size; sizes double up to the largest"),
    "SIZE", "256K", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "to", VOL_PARAM_SIZE, N_("Largest transfer"), N_("Last transfer size"),
    "SIZE", "128M", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "region", VOL_PARAM_SIZE, N_("Region per size"), N_("Bytes written then read at each size (scaled down to the free space)"),
    "SIZE", "1G", MiB, TiB, 0, MiB },
  { "iterations", VOL_PARAM_INT, N_("Iterations"), N_("Repeats at each size; each one is kept"),
    "N", "5", 1, 100 },
};

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

static const VolParamDesc smallfiles_params[] = {
  { "files", VOL_PARAM_INT, N_("Files"), N_("Files in the initial pool"),
    "N", "5000", 1, 10000000 },
  { "min-size", VOL_PARAM_SIZE, N_("Smallest file"), N_("Lower bound of the file sizes"),
    "SIZE", "500", 1, GiB },
  { "max-size", VOL_PARAM_SIZE, N_("Largest file"), N_("Upper bound of the file sizes"),
    "SIZE", "500000", 1, GiB },
  { "transactions", VOL_PARAM_INT, N_("Transactions"), N_("Read-or-append and create-or-delete pairs"),
    "N", "10000", 1, 100000000 },
  { "block", VOL_PARAM_SIZE, N_("I/O block"), N_("Bytes per read or write call"),
    "SIZE", "4K", 1, 16 * MiB },
  { "subdirs", VOL_PARAM_INT, N_("Subfolders"), N_("Folders the files are spread over"),
    "N", "10", 0, 100000 },
  { "read-bias", VOL_PARAM_INT, N_("Read bias"), N_("Out of 10: how often a transaction reads rather than appends"),
    "N", "5", 0, 10 },
  { "create-bias", VOL_PARAM_INT, N_("Create bias"), N_("Out of 10: how often a transaction creates rather than deletes"),
    "N", "5", 0, 10 },
};

static const VolParamDesc cached_params[] = {
  { "cached-seconds", VOL_PARAM_DOUBLE, N_("Cached reads"), N_("Seconds of reads from the page cache"),
    "S", "2", 0.5, 600 },
  { "device-seconds", VOL_PARAM_DOUBLE, N_("Device reads"), N_("Seconds of direct reads from the device"),
    "S", "3", 0.5, 600 },
  { "source", VOL_PARAM_CHOICE, N_("Read from"), N_("The block device when it may be opened, else a test file"),
    NULL, "auto", 0, 0, 0, 0, cached_sources },
};

#define KIND(name, title, desc, params) \
  { { name, title, desc, params, G_N_ELEMENTS (params), NULL }, NULL, NULL }

const VolTestKind vol_test_transfer = KIND ("transfer", N_("Transfer size"),
  N_("Sequential write then read of a region at each transfer size"), transfer_params);
const VolTestKind vol_test_random = KIND ("random", N_("Random I/O"),
  N_("Random writes then random reads of one chunk size over a large file"), random_params);
const VolTestKind vol_test_queue = KIND ("queue", N_("Queue depth"),
  N_("Time-based random I/O at each queue depth, aligned or offset by 512 bytes"), queue_params);
const VolTestKind vol_test_threads = KIND ("threads", N_("Threads"),
  N_("Each thread writes then reads its own file, for each thread count"), threads_params);
const VolTestKind vol_test_smallfiles = KIND ("smallfiles", N_("Small files"),
  N_("A mail-server workload: a pool of files, then create, delete, read and append transactions"), smallfiles_params);
const VolTestKind vol_test_cached = KIND ("cached", N_("Cached vs device read"),
  N_("The same region read through the page cache and straight from the device"), cached_params);
