/* vol-worker-pool.h — the threads of a timed point, started together
 *
 * The Threads test and the Queue test's threads backend both run N
 * worker threads per point: each prepares (a lay-down, or nothing), waits
 * at a start line until every one is ready, then does I/O until a
 * deadline set when the last one got there. The pool is that one piece:
 * it spawns the threads (through the runner's spawn seam, so a test can
 * make one fail), starts the clock for all at once, lets the run's thread
 * wait for them on a condition (woken for its own periodic work: the
 * samples, progress, a cancel), keeps the first real failure of any
 * worker and adds up their CPU time. Engine-internal; the run's thread
 * owns the pool, the workers only call the worker-side functions.
 */
#pragma once

#include "vol-run-private.h"

G_BEGIN_DECLS

typedef struct _VolWorkerPool VolWorkerPool;

/* A worker's whole life, on its own thread: FALSE with @error on a
 * failure (which stops the others), FALSE without when it stopped
 * because the pool did. */
typedef gboolean (*VolWorkerFunc) (VolWorkerPool  *pool,
                                   guint           index,
                                   gpointer        user_data,
                                   GError        **error);

/* On the run's thread, every @tick_us or sooner (a worker getting ready
 * or ending wakes it), until every worker has ended. */
typedef void     (*VolWorkerTick) (VolWorkerPool  *pool,
                                   gint64          now_ns,
                                   gpointer        user_data);

VolWorkerPool *_vol_worker_pool_new   (VolRun         *run,
                                       const char     *thread_name,
                                       guint           n_workers,
                                       double          seconds);
void           _vol_worker_pool_free  (VolWorkerPool  *pool);

gboolean       _vol_worker_pool_run   (VolWorkerPool  *pool,
                                       VolWorkerFunc   work,
                                       VolWorkerTick   on_start,
                                       VolWorkerTick   tick,
                                       gint64          tick_us,
                                       gpointer        user_data,
                                       GError        **error);

/* Worker side. */
gboolean       _vol_worker_pool_wait_start (VolWorkerPool *pool);
gboolean       _vol_worker_pool_stopping   (VolWorkerPool *pool);
void           _vol_worker_pool_stop       (VolWorkerPool *pool);

/* Serials for the stamps of a worker's writes, taken from the run's
 * counter in batches: one atomic operation per batch, not per write,
 * however small the blocks. Serials left in a batch at the end are never
 * used, which costs nothing (64-bit space). */
#define VOL_SERIAL_BATCH 256

typedef struct
{
  guint64 next;
  guint64 end;
} VolSerialBatch;

static inline guint64
_vol_serial_batch_take (VolSerialBatch *batch,
                        VolRun         *run,
                        guint64         n_blocks)
{
  guint64 first;

  if (batch->end - batch->next < n_blocks)
    {
      guint64 take = MAX (n_blocks, VOL_SERIAL_BATCH);
      batch->next = _vol_run_take_serials (run, take);
      batch->end = batch->next + take;
    }
  first = batch->next;
  batch->next += n_blocks;
  return first;
}

/* Either side, once the clock started (both 0 before). */
gint64         _vol_worker_pool_get_start_ns  (VolWorkerPool *pool);
gint64         _vol_worker_pool_get_deadline  (VolWorkerPool *pool);
gboolean       _vol_worker_pool_is_started    (VolWorkerPool *pool);

/* After _vol_worker_pool_run (). */
guint          _vol_worker_pool_get_n_started (VolWorkerPool *pool);
void           _vol_worker_pool_get_cpu       (VolWorkerPool *pool,
                                               double        *user,
                                               double        *system);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolWorkerPool, _vol_worker_pool_free)

G_END_DECLS
