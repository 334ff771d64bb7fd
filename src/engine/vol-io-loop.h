/* vol-io-loop.h — I/Os of one size kept in flight over a file, for a time
 *
 * The timed loop the Queue depth test and the Quick benchmark share. Over
 * a file of slots × grain bytes (plus a shift of 0 or 512), I/Os of one
 * block at random or sequential offsets, reads or writes in a given mix:
 *
 *   _vol_io_loop_ring: QD of them at once on an io_uring ring, reaped and
 *     refilled in batches (vol-io-loop.c says exactly how);
 *   _vol_io_loop_sync: one at a time with the run's pread/pwrite, as one
 *     of a worker pool's threads (QD threads make QD in flight).
 *
 * Either counts what completed in a VolIoTally. Every write is stamped
 * with serials of the run's own counter (never repeated in a run); reads
 * can check the stamps a lay-down wrote. Engine-internal, worker thread.
 */
#pragma once

#include "vol-run-private.h"
#include "vol-uring.h"
#include "vol-worker-pool.h"

G_BEGIN_DECLS

/* What one loop (or several, merged) completed. */
typedef struct
{
  guint64  ios;
  guint64  reads;
  guint64  writes;
  guint64  bytes;
  guint64  offsets_512;    /* submitted offsets ≡ 512 (mod 4096) */
  guint64  offsets_4k;     /* submitted offsets ≡ 0 (mod 4096) */
  double   latency_sum;
  GArray  *latency;        /* of double, seconds: all, or a uniform reservoir */
  guint    reservoir;
  guint64  rng;
} VolIoTally;

void _vol_io_tally_init  (VolIoTally       *tally,
                          guint             reservoir,
                          guint64           seed);
void _vol_io_tally_merge (VolIoTally       *into,
                          const VolIoTally *from);
void _vol_io_tally_clear (VolIoTally       *tally);

typedef struct
{
  VolRun      *run;
  int          fd;
  const char  *file_name;     /* for messages */
  gsize        block;
  gsize        mem_align;     /* of the buffers, for O_DIRECT */
  guint        depth;         /* ring: I/Os in flight (sync: ignored, 1) */
  gboolean     sequential;    /* else uniform random slots */
  guint64      grain;         /* the block rounded up to 4 KiB */
  guint64      shift;         /* 0, or 512 */
  guint64      slots;
  guint64      first_slot;    /* sequential: where this loop begins */
  guint        read_percent;  /* 100 reads … 0 writes */
  gboolean     verify;        /* reads check the lay-down's stamps */
  guint64      lay_serial;    /* the stamp of the file's first block */
  guint64      seed;          /* of the offsets and the mix */
  double       seconds;       /* without @ready: from the first submission */

  /* Optional: called once the buffers (and the ring) are made, before
   * the first I/O; returns the deadline (CLOCK_MONOTONIC ns), or 0 to end
   * at once without an error (a worker pool that stopped). */
  gint64     (*ready) (gpointer user_data);
  /* Called after every reaped batch (ring) or I/O (sync) until the loop
   * stops; FALSE stops it (no error). */
  gboolean   (*tick)  (gpointer          user_data,
                       gint64            start_ns,
                       gint64            now_ns,
                       const VolIoTally *tally);
  gpointer     user_data;
} VolIoLoop;

typedef struct
{
  gint64        start_ns;     /* the first submission */
  gint64        end_ns;       /* the last completion */
  gboolean      ring_made;    /* ring: FALSE when it could not be made */
  VolUringMode  uring_mode;
  double        cpu_user;     /* ring: the thread's, around the timed loop */
  double        cpu_system;
} VolIoLoopOutcome;

/* FALSE with @error when an I/O failed, the data read back is not what
 * was written, or the run was cancelled; also when the ring cannot be
 * made, with outcome->ring_made FALSE (the caller may fall back to
 * threads). */
gboolean _vol_io_loop_ring (const VolIoLoop   *loop,
                            VolIoTally        *tally,
                            VolIoLoopOutcome  *outcome,
                            GError           **error);
gboolean _vol_io_loop_sync (const VolIoLoop   *loop,
                            VolIoTally        *tally,
                            VolIoLoopOutcome  *outcome,
                            GError           **error);

/* One thread of a worker pool running a loop: the Queue test's threads
 * backend (a sync loop each) and the Quick benchmark (a ring each, or a
 * sync loop) keep an array of these. _vol_io_loop_worker_run() is the
 * pool's VolWorkerFunc body: it sets the loop's ready (the pool's start
 * line and deadline) and tick (progress for the run's thread, the pool's
 * stop) and runs it. */
typedef struct
{
  VolIoLoop      loop;       /* filled in by the test; ready, tick and user_data are set here */
  gboolean       ring;       /* _vol_io_loop_ring, else _vol_io_loop_sync */
  VolWorkerPool *pool;
  VolIoTally     tally;
  gint64         end_ns;
  gboolean       started;    /* past the start line */
  guint64        done_ios;   /* atomically stored for the run's thread */
  guint64        done_bytes;
} VolIoLoopWorker;

gboolean _vol_io_loop_worker_run (VolIoLoopWorker  *worker,
                                  VolWorkerPool    *pool,
                                  GError          **error);
/* The run's thread: what the workers have done so far. */
void     _vol_io_loop_workers_done (VolIoLoopWorker *workers,
                                    guint            n,
                                    guint64         *ios,
                                    guint64         *bytes);

G_END_DECLS
