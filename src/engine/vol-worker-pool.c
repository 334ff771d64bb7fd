/* vol-worker-pool.c — the threads of a timed point, started together
 *
 * The start line: every worker calls _vol_worker_pool_wait_start () once
 * it is ready (its file laid down, its buffers made), which wakes the
 * run's thread. When the last is there, the run's thread starts the clock
 * for all (after the caller's on_start, which reads the device's counters
 * from that thread): start and deadline are set under the lock, before the
 * broadcast, so every worker sees the same deadline and none starts its
 * I/O while another is still laying down (which would measure the
 * lay-down too). The run's thread only waits: on the condition, woken by a
 * worker or at its tick, never sleeping a fixed time.
 */

#include "vol-worker-pool.h"

#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"

typedef struct
{
  VolWorkerPool *pool;
  guint          index;
} Slot;

struct _VolWorkerPool
{
  VolRun        *run;
  char          *thread_name;
  guint          n;
  double         seconds;
  VolWorkerFunc  work;
  gpointer       user_data;
  Slot          *slots;

  GMutex         lock;
  GCond          cond;         /* the run's thread: a worker ended */
  GCond          start_cond;   /* the workers: the clock started, or stop */
  guint          started;      /* threads spawned */
  gboolean       spawning;     /* more may come: the start line waits */
  guint          ready;
  guint          running;
  gboolean       go;
  gint           stop;
  gint64         start_ns;
  gint64         deadline;
  GError        *error;        /* the first real failure of any thread */
  double         cpu_user;
  double         cpu_system;
};

/**
 * _vol_worker_pool_new:
 * @thread_name: the name the threads get (seen in top and gdb)
 * @seconds: from the start line to the deadline
 *
 * A pool for one timed point of @n_workers threads. Run it once.
 */
VolWorkerPool *
_vol_worker_pool_new (VolRun     *run,
                      const char *thread_name,
                      guint       n_workers,
                      double      seconds)
{
  VolWorkerPool *pool = g_new0 (VolWorkerPool, 1);

  pool->run = run;
  pool->thread_name = g_strdup (thread_name);
  pool->n = n_workers;
  pool->seconds = seconds;
  pool->slots = g_new0 (Slot, n_workers);
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->cond);
  g_cond_init (&pool->start_cond);
  return pool;
}

void
_vol_worker_pool_free (VolWorkerPool *pool)
{
  if (pool == NULL)
    return;
  g_mutex_clear (&pool->lock);
  g_cond_clear (&pool->cond);
  g_cond_clear (&pool->start_cond);
  g_clear_error (&pool->error);
  g_free (pool->slots);
  g_free (pool->thread_name);
  g_free (pool);
}

/* Under the lock, on the run's thread: every spawned worker is at the
 * line, and none failed. */
static gboolean
all_ready (VolWorkerPool *pool)
{
  return !pool->go && !pool->spawning && pool->ready == pool->started && pool->started > 0
         && !g_atomic_int_get (&pool->stop);
}

static void
start_clock (VolWorkerPool *pool)
{
  pool->start_ns = vol_io_now_ns ();
  pool->deadline = pool->start_ns + (gint64) (pool->seconds * 1e9);
  pool->go = TRUE;
  g_cond_broadcast (&pool->start_cond);
  g_cond_broadcast (&pool->cond);
}

/* Under the lock: every worker stops at its next check. */
static void
stop_locked (VolWorkerPool *pool)
{
  g_atomic_int_set (&pool->stop, 1);
  g_cond_broadcast (&pool->start_cond);
  g_cond_broadcast (&pool->cond);
}

/**
 * _vol_worker_pool_wait_start:
 *
 * Worker thread, once, when it is ready for the timed part: blocks until
 * every worker is, then returns TRUE with the clock started; FALSE when
 * the pool stopped instead (a failure, a cancel, a thread that could not
 * be started).
 */
gboolean
_vol_worker_pool_wait_start (VolWorkerPool *pool)
{
  gboolean go;

  g_mutex_lock (&pool->lock);
  pool->ready++;
  g_cond_broadcast (&pool->cond);
  while (!pool->go && !g_atomic_int_get (&pool->stop))
    g_cond_wait (&pool->start_cond, &pool->lock);
  go = pool->go && !g_atomic_int_get (&pool->stop);
  g_mutex_unlock (&pool->lock);
  return go;
}

/**
 * _vol_worker_pool_stopping:
 *
 * Whether the workers should stop now (another one failed, or the run's
 * thread saw a cancel). Cheap: an atomic read, for every I/O.
 */
gboolean
_vol_worker_pool_stopping (VolWorkerPool *pool)
{
  return g_atomic_int_get (&pool->stop) != 0;
}

void
_vol_worker_pool_stop (VolWorkerPool *pool)
{
  g_mutex_lock (&pool->lock);
  stop_locked (pool);
  g_mutex_unlock (&pool->lock);
}

/* Written under the lock before the workers are let go, so a worker past
 * its start line (or the run's thread holding the lock) reads them
 * settled. */
gint64
_vol_worker_pool_get_start_ns (VolWorkerPool *pool)
{
  return pool->start_ns;
}

gint64
_vol_worker_pool_get_deadline (VolWorkerPool *pool)
{
  return pool->deadline;
}

gboolean
_vol_worker_pool_is_started (VolWorkerPool *pool)
{
  gboolean go;

  g_mutex_lock (&pool->lock);
  go = pool->go;
  g_mutex_unlock (&pool->lock);
  return go;
}

guint
_vol_worker_pool_get_n_started (VolWorkerPool *pool)
{
  return pool->started;
}

/**
 * _vol_worker_pool_get_cpu:
 *
 * The CPU time of all the pool's threads, which the runner's own
 * getrusage (RUSAGE_SELF at the end, or its thread's) does not split out.
 */
void
_vol_worker_pool_get_cpu (VolWorkerPool *pool,
                          double        *user,
                          double        *system)
{
  *user = pool->cpu_user;
  *system = pool->cpu_system;
}

static gpointer
worker_main (gpointer data)
{
  Slot *slot = data;
  VolWorkerPool *pool = slot->pool;
  GError *error = NULL;
  struct rusage usage;
  gboolean ok;

  ok = pool->work (pool, slot->index, pool->user_data, &error);
  /* This thread's CPU, which the runner's own getrusage cannot see. */
  getrusage (RUSAGE_THREAD, &usage);

  g_mutex_lock (&pool->lock);
  pool->cpu_user += usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6;
  pool->cpu_system += usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  if (!ok)
    stop_locked (pool);
  /* in the order they happened: the first real failure wins over the
   * cancels and stops it caused */
  vol_error_keep_first (&pool->error, error);
  pool->running--;
  g_cond_broadcast (&pool->cond);
  g_mutex_unlock (&pool->lock);
  return NULL;
}

/**
 * _vol_worker_pool_run:
 * @work: each worker's life; it calls _vol_worker_pool_wait_start () once
 * @on_start: (nullable): on the run's thread, when every worker is ready,
 *   just before the clock starts (e.g. _vol_run_phase_begin ())
 * @tick: (nullable): the run's thread's periodic work while it waits
 *
 * Spawns the workers, waits for all of them to end and joins them. A
 * thread that cannot be spawned stops the others (those already running
 * return from their start line) and is the run's error. A cancel seen
 * here stops the workers too. FALSE with the first real failure, or the
 * cancel.
 */
gboolean
_vol_worker_pool_run (VolWorkerPool  *pool,
                      VolWorkerFunc   work,
                      VolWorkerTick   on_start,
                      VolWorkerTick   tick,
                      gint64          tick_us,
                      gpointer        user_data,
                      GError        **error)
{
  g_autofree GThread **threads = g_new0 (GThread *, pool->n);
  VolRun *run = pool->run;

  pool->work = work;
  pool->user_data = user_data;

  /* Spawned under the lock, so none starts its clock before all exist. */
  g_mutex_lock (&pool->lock);
  pool->spawning = TRUE;
  for (guint i = 0; i < pool->n; i++)
    {
      GError *spawn_error = NULL;

      pool->slots[i] = (Slot) { pool, i };
      threads[i] = _vol_run_spawn_thread (run, pool->thread_name, worker_main, &pool->slots[i], &spawn_error);
      if (threads[i] == NULL)
        {
          GError *e = g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED,
                                   _("Starting I/O thread %u of %u failed: %s"),
                                   i + 1, pool->n, spawn_error ? spawn_error->message : "");
          g_clear_error (&spawn_error);
          vol_error_keep_first (&pool->error, e);
          stop_locked (pool);
          break;
        }
      pool->started++;
      pool->running++;
    }
  pool->spawning = FALSE;

  /* Not a polling sleep: a wait for the workers, woken at the tick for
   * the caller's samples and progress and to pass on a cancel. */
  while (pool->running > 0)
    {
      if (all_ready (pool))
        {
          if (on_start != NULL)
            on_start (pool, vol_io_now_ns (), user_data);
          start_clock (pool);
        }
      else
        g_cond_wait_until (&pool->cond, &pool->lock, g_get_monotonic_time () + tick_us);
      if (g_cancellable_is_cancelled (run->cancellable))
        stop_locked (pool);
      if (tick != NULL)
        {
          g_mutex_unlock (&pool->lock);
          tick (pool, vol_io_now_ns (), user_data);
          g_mutex_lock (&pool->lock);
        }
    }
  g_mutex_unlock (&pool->lock);

  for (guint i = 0; i < pool->started; i++)
    g_thread_join (threads[i]);

  if (pool->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&pool->error));
      return FALSE;
    }
  if (g_cancellable_is_cancelled (run->cancellable))
    return _vol_run_check_cancelled (run, error);
  return TRUE;
}
