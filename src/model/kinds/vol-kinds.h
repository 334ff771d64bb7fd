/* vol-kinds.h — what each test kind's result is made of
 *
 * One schema per kind (src/model/kinds/vol-kind-KIND.c): the names of its
 * series, columns and figures, their units, the functions that add its
 * series, append a row and summarize it. A local run (the engine's
 * vol-test-KIND.c), a remote host's (its from_fio) and an imported fio
 * file (vol-fio-build-*.c) all build a kind's result through these, so
 * their figures come from one computation, and the tables, charts, live
 * chart and CLI read the same names. Names shared by several kinds (the
 * latency columns of queue and quick) are defined once, here.
 */
#pragma once

#include "vol-quick.h"
#include "vol-result.h"
#include "vol-test-info.h"
#include "vol-units.h"

G_BEGIN_DECLS

/* ---- every kind: its description, and what the estimates share ---------- */

/* Left free beside a kind's files: the filesystem's own metadata and the
 * scratch folder. */
#define VOL_KIND_KEEP_FREE (64 * MiB)
/* Fill: reviews kept a little space free so the filesystem does not
 * thrash at the very end; 2 % of the capacity, but never under 64 MiB. */
#define VOL_FILL_RESERVE_FLOOR (64 * MiB)
/* Cached: the test file, a good stretch of sequential reading before it
 * wraps. */
#define VOL_CACHED_FILE_WANTED (256 * MiB)
/* Quick: the warm-up before each mode's loops lasts at most this. */
#define VOL_QUICK_WARM_UP_MAX_S 2.0

/* Each kind's description (vol-kind-KIND.c): name, title, parameters,
 * checks, estimate. Static data: any thread. */
extern const VolTestInfo vol_kind_quick_info;
extern const VolTestInfo vol_kind_fill_info;
extern const VolTestInfo vol_kind_transfer_info;
extern const VolTestInfo vol_kind_random_info;
extern const VolTestInfo vol_kind_queue_info;
extern const VolTestInfo vol_kind_threads_info;
extern const VolTestInfo vol_kind_smallfiles_info;
extern const VolTestInfo vol_kind_cached_info;
extern const VolTestInfo vol_kind_surface_info;

/* The choices of parameters the engine reads back by index
 * (vol_test_spec_get_choice()). */
extern const char *const vol_kind_queue_modes[];
extern const char *const vol_kind_queue_backends[];
extern const char *const vol_kind_quick_profiles[];
extern const char *const vol_kind_quick_backends[];
extern const char *const vol_kind_thread_modes[];
extern const char *const vol_kind_thread_flushes[];

const VolTestInfo *const *vol_kinds_list   (guint      *n_kinds);
const VolTestInfo        *vol_kinds_lookup (const char *name);

/* ---- columns several kinds share -------------------------------------- */

#define VOL_COL_SIZE        "size"
#define VOL_COL_ITERATION   "iteration"
#define VOL_COL_THROUGHPUT  "throughput"
#define VOL_COL_SECONDS     "seconds"
#define VOL_COL_BYTES       "bytes"
#define VOL_COL_IOPS        "iops"
#define VOL_COL_DEPTH       "depth"
#define VOL_COL_TIME        "time"
#define VOL_COL_POSITION    "position"  /* % of the capacity (fill, surface) */
#define VOL_COL_LAT_MEAN    "lat-mean"
#define VOL_COL_LAT_P50     "lat-p50"
#define VOL_COL_LAT_P99     "lat-p99"
#define VOL_COL_LAT_P999    "lat-p999"
#define VOL_COL_IOS         "ios"       /* I/Os completed */

/* ---- figures several kinds share ---------------------------------------- */

#define VOL_FIG_BYTES             VOL_COL_BYTES  /* bytes moved in all */
#define VOL_FIG_IOS               VOL_COL_IOS
#define VOL_FIG_POINTS            "points"       /* queue depths, thread counts measured */
#define VOL_FIG_WORKER_CPU_USER   "worker-cpu-user"    /* the kind's own I/O threads */
#define VOL_FIG_WORKER_CPU_SYSTEM "worker-cpu-system"

/* ---- queue: time-based random I/O at each queue depth ------------------ */

#define VOL_KIND_QUEUE             "queue"
#define VOL_QUEUE_SERIES_POINTS    "queue"      /* a row per depth */
#define VOL_QUEUE_SERIES_INTERVALS "intervals"  /* a row per half second */
#define VOL_QUEUE_COL_IOS          VOL_COL_IOS
#define VOL_QUEUE_COL_READS        "reads"
#define VOL_QUEUE_COL_WRITES       "writes"
#define VOL_QUEUE_COL_IOPS_STDDEV  "iops-stddev"
#define VOL_QUEUE_COL_IOPS_MIN     "iops-min"
#define VOL_QUEUE_COL_IOPS_MAX     "iops-max"
#define VOL_QUEUE_FIG_IOPS_MAX       "iops-max"
#define VOL_QUEUE_FIG_IOPS_MAX_DEPTH "iops-max-depth"

/* One row of the points series: the figures of one queue depth. */
typedef struct
{
  double depth;
  double iops;
  double throughput;   /* B/s */
  double lat_mean;     /* s, submission to completion */
  double lat_p50;
  double lat_p99;
  double lat_p999;
  double ios;
  double reads;
  double writes;
  double bytes;
  double seconds;
  double iops_stddev;  /* over the point's intervals (NAN: unknown) */
  double iops_min;
  double iops_max;
} VolQueuePoint;

VolSeries *vol_kind_queue_add_points    (VolResult           *result);
VolSeries *vol_kind_queue_add_intervals (VolResult           *result);
void       vol_kind_queue_append_point  (VolSeries           *points,
                                         const VolQueuePoint *point);
void       vol_kind_queue_append_interval (VolSeries         *intervals,
                                           double             depth,
                                           double             time,
                                           double             iops,
                                           double             throughput);
void       vol_kind_queue_summarize     (VolResult           *result,
                                         const VolSeries     *points,
                                         double               total_ios,
                                         double               total_bytes);

/* ---- transfer: sequential write then read at each transfer size -------- */

#define VOL_KIND_TRANSFER          "transfer"
#define VOL_TRANSFER_SERIES_WRITE  "write"
#define VOL_TRANSFER_SERIES_READ   "read"
#define VOL_TRANSFER_FIG_BYTES_WRITTEN "bytes-written"
#define VOL_TRANSFER_FIG_BYTES_READ    "bytes-read"
#define VOL_TRANSFER_FIG_BYTES_LAID    "bytes-laid-down"

/* What a transfer run moved, for its figures. */
typedef struct
{
  double   bytes_written;
  double   bytes_read;
  double   bytes_laid;   /* NAN: the files were laid down unseen (fio's) */
  gboolean has_laid;    /* FALSE: no "bytes-laid-down" figure at all */
} VolTransferTotals;

VolSeries *vol_kind_transfer_add_series (VolResult  *result,
                                         gboolean    write);
void       vol_kind_transfer_append_row (VolSeries  *series,
                                         guint64     size,
                                         guint       iteration,
                                         double      rate,
                                         double      seconds,
                                         double      bytes);
void       vol_kind_transfer_summarize  (VolResult               *result,
                                         const GArray            *sizes,
                                         const VolSeries         *write,
                                         const VolSeries         *read,
                                         const VolTransferTotals *totals);

/* ---- random: N random writes then N random reads, several iterations --- */

#define VOL_KIND_RANDOM          "random"
#define VOL_RANDOM_SERIES_WRITE  "write"   /* "write-1024" in a count sweep */
#define VOL_RANDOM_SERIES_READ   "read"
#define VOL_RANDOM_COL_OPS       "ops"   /* I/Os per second of a phase, in IO/s */
#define VOL_RANDOM_COL_IOS       VOL_COL_IOS

VolSeries *vol_kind_random_add_series  (VolResult  *result,
                                        const char *name,
                                        const char *title);
void       vol_kind_random_add_all     (VolResult  *result,
                                        const GArray *counts,
                                        gboolean    sweep,
                                        GPtrArray  *writes,
                                        GPtrArray  *reads);
void       vol_kind_random_append_row  (VolSeries  *series,
                                        guint       iteration,
                                        double      ios,
                                        double      bytes,
                                        double      seconds,
                                        double      iops,
                                        double      throughput);
void       vol_kind_random_summarize   (VolResult  *result,
                                        GPtrArray  *writes,
                                        GPtrArray  *reads,
                                        double      ios_written,
                                        double      ios_read,
                                        guint64     chunk);

/* ---- quick: the desktop grid, every row measured LOOPS times ---------- */

#define VOL_KIND_QUICK                "quick"
#define VOL_QUICK_SERIES_LOOPS        "loops"   /* a row per measurement */
#define VOL_QUICK_SERIES_GRID         "quick"   /* a row per cell: row × mode */
#define VOL_QUICK_COL_ROW             "row"     /* the row's place in its profile */
#define VOL_QUICK_COL_READ_PERCENT    "read-percent"
#define VOL_QUICK_COL_LOOP            "loop"
#define VOL_QUICK_COL_SEQUENTIAL      "sequential"
#define VOL_QUICK_COL_BLOCK           "block"
#define VOL_QUICK_COL_THREADS         "threads"
#define VOL_QUICK_COL_THROUGHPUT_CI95 "throughput-ci95"
#define VOL_QUICK_COL_THROUGHPUT_BEST "throughput-best"
#define VOL_QUICK_COL_IOPS_CI95       "iops-ci95"
#define VOL_QUICK_COL_IOPS_BEST       "iops-best"
#define VOL_QUICK_COL_LOOPS           "loops"
#define VOL_QUICK_FIG_TEST_SIZE       "test-size"

/* One measurement: a row of the loops series. */
typedef struct
{
  guint  row;
  guint  read_percent;
  guint  loop;          /* from 0; stored from 1 */
  double throughput;    /* B/s */
  double iops;
  double lat_mean;      /* s */
  double lat_p99;
  double ios;
  double bytes;
  double seconds;
} VolQuickLoop;

VolSeries *vol_kind_quick_add_loops    (VolResult          *result);
VolSeries *vol_kind_quick_add_grid     (VolResult          *result);
void       vol_kind_quick_append_loop  (VolSeries          *loops,
                                        const VolQuickLoop *loop);
GArray    *vol_kind_quick_loop_column  (const VolSeries    *loops,
                                        guint               row,
                                        guint               read_percent,
                                        const char         *column);
void       vol_kind_quick_append_cell  (VolSeries          *grid,
                                        guint               row,
                                        const VolQuickRow  *desc,
                                        guint               read_percent,
                                        GArray             *throughput,
                                        GArray             *iops,
                                        double              lat_mean,
                                        double              lat_p50,
                                        double              lat_p99);
void       vol_kind_quick_summarize    (VolResult          *result,
                                        double              bytes_moved,
                                        double              test_size,
                                        double              cpu_user,
                                        double              cpu_system);

/* ---- threads: T threads each over its own file, for each T ------------- */

#define VOL_KIND_THREADS                 "threads"
#define VOL_THREADS_SERIES_POINTS        "threads"    /* a row per thread count */
#define VOL_THREADS_SERIES_OVER_TIME     "over-time"  /* a row per half second */
#define VOL_THREADS_COL_THREADS          "threads"
#define VOL_THREADS_COL_PASSES           "passes"
#define VOL_THREADS_COL_PER_THREAD_MEAN  "per-thread-mean"
#define VOL_THREADS_COL_PER_THREAD_MIN   "per-thread-min"
#define VOL_THREADS_COL_PER_THREAD_MAX   "per-thread-max"
#define VOL_THREADS_FIG_THROUGHPUT_MAX         "throughput-max"
#define VOL_THREADS_FIG_THROUGHPUT_MAX_THREADS "throughput-max-threads"

/* One row of the points series: the figures of one thread count. */
typedef struct
{
  double threads;
  double throughput;       /* B/s, all threads */
  double bytes;
  double seconds;
  double ios;
  double passes;           /* NAN: unknown (fio's) */
  double per_thread_mean;  /* B/s */
  double per_thread_min;
  double per_thread_max;
} VolThreadsPoint;

VolSeries *vol_kind_threads_add_points     (VolResult             *result);
VolSeries *vol_kind_threads_add_over_time  (VolResult             *result);
void       vol_kind_threads_append_point   (VolSeries             *points,
                                            const VolThreadsPoint *point);
void       vol_kind_threads_append_interval (VolSeries            *over_time,
                                             double                threads,
                                             double                time,
                                             double                throughput);
void       vol_kind_threads_summarize      (VolResult             *result,
                                            const VolSeries       *points,
                                            double                 total_bytes,
                                            double                 total_ios,
                                            double                 cpu_user,
                                            double                 cpu_system);

/* ---- cached: one region through the page cache, then from the device --- */

#define VOL_KIND_CACHED                  "cached"
#define VOL_CACHED_SERIES_CACHED         "cached"   /* a row per window of reads */
#define VOL_CACHED_SERIES_DEVICE         "device"
#define VOL_CACHED_COL_READS             "reads"
#define VOL_CACHED_FIG_CACHED_THROUGHPUT "cached-throughput"
#define VOL_CACHED_FIG_DEVICE_THROUGHPUT "device-throughput"
#define VOL_CACHED_FIG_CACHED_SECONDS    "cached-seconds"
#define VOL_CACHED_FIG_DEVICE_SECONDS    "device-seconds"

/* What each phase read: [0] the cached reads, [1] the device's. */
typedef struct
{
  double bytes[2];
  double calls[2];
  double seconds[2];   /* the reads' own time, summed */
} VolCachedTotals;

VolSeries *vol_kind_cached_add_series    (VolResult             *result,
                                          gboolean               device);
double     vol_kind_cached_append_window (VolSeries             *series,
                                          double                 time,
                                          double                 bytes,
                                          double                 seconds,
                                          double                 reads);
void       vol_kind_cached_summarize     (VolResult             *result,
                                          const VolCachedTotals *totals);

/* ---- smallfiles: a pool of files, transactions, the pool deleted ------- */

#define VOL_KIND_SMALLFILES "smallfiles"
/* a series per phase, a row per half second */
#define VOL_SMALLFILES_SERIES_CREATE       "create"
#define VOL_SMALLFILES_SERIES_TRANSACTIONS "transactions"
#define VOL_SMALLFILES_SERIES_DELETE       "delete"
#define VOL_SMALLFILES_COL_RATE            "rate"   /* operations per second */
/* figures read outside the engine (chart, headline) */
#define VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S  "transactions-per-s"
#define VOL_SMALLFILES_FIG_CREATED_ALONE_PER_S "created-alone-per-s"
#define VOL_SMALLFILES_FIG_CREATED_MIXED_PER_S "created-mixed-per-s"
#define VOL_SMALLFILES_FIG_DELETED_ALONE_PER_S "deleted-alone-per-s"
#define VOL_SMALLFILES_FIG_READ_PER_S          "read-per-s"
#define VOL_SMALLFILES_FIG_APPENDED_PER_S      "appended-per-s"
#define VOL_SMALLFILES_FIG_DELETED_MIXED_PER_S "deleted-mixed-per-s"
#define VOL_SMALLFILES_FIG_READ_THROUGHPUT     "read-throughput"
#define VOL_SMALLFILES_FIG_WRITE_THROUGHPUT    "write-throughput"
#define VOL_SMALLFILES_FIG_TOTAL_TIME          "total-time"
#define VOL_SMALLFILES_FIG_TRANSACTION_TIME    "transaction-time"

/* The phases, in their order; each has a series named
 * vol_kind_smallfiles_phases[phase]. */
typedef enum
{
  VOL_SMALLFILES_PHASE_CREATE,
  VOL_SMALLFILES_PHASE_TRANSACTIONS,
  VOL_SMALLFILES_PHASE_DELETE,
  VOL_SMALLFILES_N_PHASES
} VolSmallfilesPhase;

extern const char *const vol_kind_smallfiles_phases[VOL_SMALLFILES_N_PHASES];

/* PostMark's counts, for its report. */
typedef struct
{
  guint   created_alone;    /* the pool's */
  guint   created_mixed;    /* in transactions */
  guint   creates_skipped;  /* the pool was full */
  guint   reads;
  guint   appends;
  guint   appends_skipped;  /* the file was at max-size */
  guint   deleted_mixed;
  guint   deleted_alone;
  guint   transactions;
  guint   files_left;       /* for the cleanup */
  guint64 bytes_read;
  guint64 bytes_written;
  guint64 read_calls;
  guint64 write_calls;
  gint64  phase_ns[VOL_SMALLFILES_N_PHASES];
} VolSmallfilesTotals;

VolSeries *vol_kind_smallfiles_add_series    (VolResult                 *result,
                                              guint                      phase);
double     vol_kind_smallfiles_append_window (VolSeries                 *series,
                                              double                     time,
                                              double                     operations,
                                              double                     seconds,
                                              double                     bytes_read,
                                              double                     bytes_written);
void       vol_kind_smallfiles_summarize     (VolResult                 *result,
                                              const VolSmallfilesTotals *totals);

/* ---- surface: the whole device read, then its access times ------------ */

#define VOL_KIND_SURFACE              "surface"
#define VOL_SURFACE_SERIES_TRANSFER   "transfer"  /* a row per position */
#define VOL_SURFACE_SERIES_ACCESS     "access"    /* a row per random read */
#define VOL_SURFACE_SERIES_DIPS       "dips"      /* a row per slow spot */
#define VOL_SURFACE_COL_OFFSET        "offset"    /* bytes from the device's start */
#define VOL_SURFACE_COL_LATENCY       "latency"
#define VOL_SURFACE_COL_REREAD        "reread"
#define VOL_SURFACE_COL_FROM          "from"
#define VOL_SURFACE_COL_TO            "to"
#define VOL_SURFACE_COL_LEVEL         "level"
#define VOL_SURFACE_COL_AROUND        "around"
#define VOL_SURFACE_FIG_DIPS          "dips"
#define VOL_SURFACE_FIG_DROP_POSITION "drop-position"
#define VOL_SURFACE_FIG_DROP_BEFORE   "drop-before"
#define VOL_SURFACE_FIG_DROP_AFTER    "drop-after"

VolSeries *vol_kind_surface_add_series      (VolResult       *result,
                                             gboolean         access);
double     vol_kind_surface_position        (guint64          offset,
                                             guint64          device_size);
double     vol_kind_surface_append_transfer (VolSeries       *transfer,
                                             guint64          offset,
                                             guint64          device_size,
                                             guint64          sample_size,
                                             double           seconds);
void       vol_kind_surface_append_access   (VolSeries       *access,
                                             guint64          offset,
                                             guint64          device_size,
                                             double           seconds);
GArray    *vol_kind_surface_slow_positions  (const VolSeries *transfer,
                                             guint            budget);
void       vol_kind_surface_set_reread      (VolSeries       *transfer,
                                             guint            index,
                                             double           rate);
void       vol_kind_surface_summarize       (VolResult       *result,
                                             const VolSeries *transfer,
                                             const VolSeries *access,
                                             double           burst,
                                             guint64          device_size);

/* ---- fill: the free space written with files, then read back ---------- */

#define VOL_KIND_FILL                "fill"
#define VOL_FILL_SERIES_WRITE        "write"   /* a row per file */
#define VOL_FILL_SERIES_READ         "read"
#define VOL_FILL_COL_FILE            "file"
#define VOL_FILL_FIG_CLIFF_POSITION  "write-cliff-position"
#define VOL_FILL_FIG_CLIFF_FILE      "write-cliff-file"
#define VOL_FILL_FIG_CLIFF_BEFORE    "write-cliff-before"
#define VOL_FILL_FIG_CLIFF_AFTER     "write-cliff-after"

VolSeries *vol_kind_fill_add_series  (VolResult       *result,
                                      gboolean         read);
double     vol_kind_fill_append_file (VolSeries       *series,
                                      double           position,
                                      double           bytes,
                                      double           seconds,
                                      guint            file);
void       vol_kind_fill_summarize   (VolResult       *result,
                                      const VolSeries *write,
                                      const VolSeries *read,
                                      double           bytes_written,
                                      double           bytes_read);

G_END_DECLS
