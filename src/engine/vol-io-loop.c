/* vol-io-loop.c — I/Os of one size kept in flight over a file, for a time
 *
 * Offsets are multiples of the grain (the block rounded up to 4 KiB),
 * plus the shift (512 bytes for an unaligned partition's offsets):
 *
 *   offset = k · grain + shift,  k in [0, slots)
 *
 * random: k uniform; sequential: k = first_slot, first_slot + 1, …,
 * wrapping at the end of the file, in the order the I/Os are submitted.
 *
 * The io_uring loop, and what "QD in flight" means on it. The QD slots
 * are submitted together; then the loop is one io_uring_enter per batch:
 * it submits every slot refilled since the last one and waits until at
 * least one I/O has completed. Every completion ready then (the batch:
 * one, or up to QD) is reaped, checked, counted and its slot refilled at
 * once with the next I/O, which the next io_uring_enter submits. So QD
 * I/Os are in flight after each submission, and fewer only between a
 * reap and the next submission, by the batch just reaped: fio's batched
 * job (--iodepth_batch_complete_min=1, --iodepth_batch_complete_max=QD)
 * keeps its depth the same way.
 *
 * The slots' buffers are one region (vol_io_alloc_aligned: 2 MiB pages
 * from 256 KiB up), as fio's iomem=shmhuge gives its job. A buffer of its
 * own per slot was on 4 KiB pages below 256 KiB, and a 128 KiB transfer
 * then went to the device as 32 segments instead of one: fio itself,
 * given 4 KiB-page buffers (iomem=malloc), read and wrote 128 KiB at QD32
 * at 0.89–0.90 of its rate on huge pages (RAM-backed loop, 5 pairs), the
 * gap the Quick benchmark's SEQ128K Q32T1 rows had.
 *
 * The ring is made with IORING_SETUP_COOP_TASKRUN where the kernel has it
 * (vol-uring.h says why not DEFER_TASKRUN): completions then do not
 * interrupt the thread one by one. Waiting for more than one completion
 * (B of them) was measured and rejected: it leaves the device QD − B in
 * flight during the wait, and on both a RAM-backed and a disk-backed loop
 * device the IOPS fell (B = QD/8: 0.84 × fio's batched job on the
 * RAM-backed loop; B = QD/2: 0.73 × on the disk-backed one).
 *
 * Latency resolution: one CLOCK_MONOTONIC reading per reaped batch. An
 * I/O's latency runs from the reading that preceded its submission (the
 * batch that refilled its slot, a few microseconds before the
 * io_uring_enter that submits it) to the reading after the wait that
 * reaped it; I/Os reaped together share their completion time, as in fio
 * when it reaps in batches.
 *
 * Data: every write takes fresh serials from the run's counter, in
 * batches (vol-worker-pool.h), so no block written in a run, at any point
 * or by any slot or thread, carries a stamp another one had; reads check
 * the stamps the lay-down wrote (lay_serial + offset / 4 KiB) when asked.
 * Every I/O is shown to the I/O table's observer (vol_io_note_submitted)
 * before the io_uring_enter that submits it; the sync loop goes through
 * the table itself.
 */

#include "vol-io-loop.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-random.h"

void
_vol_io_tally_init (VolIoTally *t,
                    guint       reservoir,
                    guint64     seed)
{
  memset (t, 0, sizeof *t);
  t->latency = g_array_sized_new (FALSE, FALSE, sizeof (double), MIN (reservoir, 65536));
  t->reservoir = reservoir;
  t->rng = seed;
}

void
_vol_io_tally_clear (VolIoTally *t)
{
  g_clear_pointer (&t->latency, g_array_unref);
}

static inline void
tally_add (VolIoTally *t,
           gboolean    is_read,
           gsize       len,
           double      latency)
{
  t->ios++;
  if (is_read)
    t->reads++;
  else
    t->writes++;
  t->bytes += len;
  t->latency_sum += latency;
  if (t->latency->len < t->reservoir)
    g_array_append_val (t->latency, latency);
  else
    {
      /* Algorithm R: the i-th latency replaces a kept one with p = k/i. */
      guint64 j = vol_random_below (&t->rng, t->ios);
      if (j < t->reservoir)
        g_array_index (t->latency, double, j) = latency;
    }
}

static inline void
tally_offset (VolIoTally *t,
              guint64     offset)
{
  if (offset % 4096 == 512)
    t->offsets_512++;
  else if (offset % 4096 == 0)
    t->offsets_4k++;
}

void
_vol_io_tally_merge (VolIoTally       *into,
                     const VolIoTally *from)
{
  into->ios += from->ios;
  into->reads += from->reads;
  into->writes += from->writes;
  into->bytes += from->bytes;
  into->offsets_512 += from->offsets_512;
  into->offsets_4k += from->offsets_4k;
  into->latency_sum += from->latency_sum;
  g_array_append_vals (into->latency, from->latency->data, from->latency->len);
}

/* The offsets and the mix of one loop. */
typedef struct
{
  const VolIoLoop *loop;
  guint64          rng;
  guint64          next_slot;
} Picker;

static void
picker_init (Picker          *p,
             const VolIoLoop *loop)
{
  p->loop = loop;
  p->rng = loop->seed;
  p->next_slot = loop->first_slot % MAX (loop->slots, 1);
}

static inline guint64
pick_offset (Picker *p)
{
  const VolIoLoop *loop = p->loop;
  guint64 k;

  if (loop->sequential)
    {
      k = p->next_slot;
      p->next_slot = k + 1 < loop->slots ? k + 1 : 0;
    }
  else
    k = vol_random_below (&p->rng, loop->slots);
  return k * loop->grain + loop->shift;
}

static inline gboolean
pick_read (Picker *p)
{
  if (p->loop->read_percent >= 100)
    return TRUE;
  if (p->loop->read_percent == 0)
    return FALSE;
  return vol_random_below (&p->rng, 100) < p->loop->read_percent;
}

static void
set_io_error (GError     **error,
              const char  *file_name,
              int          err,
              gboolean     is_read,
              guint64      offset)
{
  if (error == NULL || *error != NULL)
    return;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err),
               is_read ? _("Reading %s at offset %" PRIu64 " failed: %s")
                       : _("Writing %s at offset %" PRIu64 " failed: %s"),
               file_name, offset, g_strerror (err));
}

static void
set_short_error (GError     **error,
                 const char  *file_name,
                 gboolean     is_read,
                 guint64      offset,
                 gssize       got,
                 gsize        len)
{
  if (error == NULL || *error != NULL)
    return;
  g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_SHORT_IO,
               is_read ? _("Reading %s at offset %" PRIu64 " returned %zd of %zu bytes")
                       : _("Writing %s at offset %" PRIu64 " returned %zd of %zu bytes"),
               file_name, offset, got, len);
}

/* TRUE when the read-back data carries the lay-down's stamps. */
static gboolean
check_read_back (const VolIoLoop  *loop,
                 VolDataPool      *pool,
                 const guint8     *buf,
                 guint64           offset,
                 GError          **error)
{
  guint64 bad;

  if (vol_data_pool_verify (pool, buf, loop->lay_serial + offset / VOL_STAMP_BLOCK, loop->block, &bad))
    return TRUE;
  if (error && *error == NULL)
    g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                 _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                 loop->file_name, offset + bad * VOL_STAMP_BLOCK);
  return FALSE;
}

static gboolean
can_verify (const VolIoLoop *loop)
{
  return loop->verify && loop->shift == 0 && loop->block % VOL_STAMP_BLOCK == 0;
}

/* ---- io_uring ---------------------------------------------------------- */

typedef struct
{
  guint64      offset;
  gint64       start_ns;
  gboolean     is_read;
  guint8      *buf;
  VolDataPool *pool;
} Slot;

static void
prep_slot (const VolIoLoop *loop,
           struct io_uring *ring,
           Slot            *slot,
           guint            index,
           gboolean         fixed,
           Picker          *picker,
           VolSerialBatch  *serials,
           gint64           now,
           VolIoTally      *issued)
{
  struct io_uring_sqe *sqe = io_uring_get_sqe (ring);

  /* QD entries, at most QD in flight: never NULL. */
  g_assert (sqe != NULL);
  slot->offset = pick_offset (picker);
  slot->is_read = pick_read (picker);
  slot->start_ns = now;
  if (!slot->is_read)
    {
      guint64 n_blocks = (loop->block + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK;
      vol_data_pool_stamp (slot->pool, _vol_serial_batch_take (serials, loop->run, n_blocks), loop->block);
    }
  if (fixed)
    {
      if (slot->is_read)
        io_uring_prep_read_fixed (sqe, 0, slot->buf, loop->block, slot->offset, index);
      else
        io_uring_prep_write_fixed (sqe, 0, slot->buf, loop->block, slot->offset, index);
      sqe->flags |= IOSQE_FIXED_FILE;
    }
  else if (slot->is_read)
    io_uring_prep_read (sqe, loop->fd, slot->buf, loop->block, slot->offset);
  else
    io_uring_prep_write (sqe, loop->fd, slot->buf, loop->block, slot->offset);
  io_uring_sqe_set_data64 (sqe, index);
  vol_io_note_submitted (loop->run->io, loop->fd, !slot->is_read, slot->buf, loop->block, (off_t) slot->offset);
  /* The debug counter: the offset as the kernel receives it, read back
   * from the submission entry, not from the generator. */
  tally_offset (issued, sqe->off);
}

/**
 * _vol_io_loop_ring:
 *
 * Runs the loop on a ring of @loop->depth entries made on the calling
 * thread, until the deadline, a tick saying stop, a failed I/O or a
 * cancel; then drains what is in flight.
 */
gboolean
_vol_io_loop_ring (const VolIoLoop   *loop,
                   VolIoTally        *tally,
                   VolIoLoopOutcome  *outcome,
                   GError           **error)
{
  guint depth = loop->depth;
  struct io_uring ring;
  g_autofree Slot *slots = g_new0 (Slot, depth);
  g_autofree struct iovec *iov = g_new0 (struct iovec, depth);
  g_autofree struct io_uring_cqe **cqes = g_new (struct io_uring_cqe *, depth);
  /* every slot's buffer in one region, stride a multiple of the alignment */
  gsize stride = (loop->block + MAX (loop->mem_align, 4096) - 1) / MAX (loop->mem_align, 4096) * MAX (loop->mem_align, 4096);
  guint8 *region;
  VolDataPattern pattern = vol_test_spec_get_pattern (loop->run->spec);
  VolSerialBatch serials = { 0, 0 };
  Picker picker;
  gboolean fixed = FALSE, stop = FALSE, verify = can_verify (loop);
  guint in_flight = 0;
  gint64 deadline = 0, now;
  VolIoTally issued = { 0 };
  double user0, system0, user1, system1;
  int ret;

  memset (outcome, 0, sizeof *outcome);
  picker_init (&picker, loop);
  ret = _vol_uring_init (depth, &ring, &outcome->uring_mode);
  if (ret < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (-ret),
                   _("io_uring is not available: %s"), g_strerror (-ret));
      return FALSE;
    }
  outcome->ring_made = TRUE;
  region = vol_io_alloc_aligned (stride * depth, MAX (loop->mem_align, 4096));

  for (guint i = 0; i < depth; i++)
    {
      slots[i].pool = vol_data_pool_new_in (pattern, loop->run->seed, region + i * stride, loop->block);
      slots[i].buf = vol_data_pool_get_data (slots[i].pool);
      iov[i].iov_base = slots[i].buf;
      iov[i].iov_len = loop->block;
    }
  /* Registered buffers and file spare the kernel a page pinning and a
   * file reference per I/O; where registration is refused (memlock
   * limits), plain reads and writes do the same job. */
  if (io_uring_register_buffers (&ring, iov, depth) == 0)
    {
      if (io_uring_register_files (&ring, &loop->fd, 1) == 0)
        fixed = TRUE;
      else
        io_uring_unregister_buffers (&ring);
    }

  if (loop->ready != NULL && (deadline = loop->ready (loop->user_data)) == 0)
    stop = TRUE;
  _vol_uring_thread_cpu (&user0, &system0);
  /* the clock starts here, and the deadline (without a pool's) is
   * counted from this very reading: a point is never shorter than asked */
  now = vol_io_now_ns ();
  outcome->start_ns = outcome->end_ns = now;
  if (loop->ready == NULL)
    deadline = now + (gint64) (loop->seconds * 1e9);
  for (guint i = 0; i < depth && !stop; i++)
    {
      if (!_vol_run_check_cancelled (loop->run, error))
        {
          stop = TRUE;
          break;
        }
      prep_slot (loop, &ring, &slots[i], i, fixed, &picker, &serials, now, &issued);
      in_flight++;
    }

  while (in_flight > 0)
    {
      guint n;

      ret = io_uring_submit_and_wait (&ring, 1);
      if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY)
        {
          /* Nothing more can be reaped from a broken ring: say why, and
           * give up on what is in flight (closing the ring cancels it).
           * The ring failed, not one I/O: there is no read or write, and
           * no offset, to name. */
          if (error && *error == NULL)
            g_set_error (error, G_IO_ERROR, g_io_error_from_errno (-ret),
                         _("Submitting I/Os on %s to io_uring failed: %s"), loop->file_name, g_strerror (-ret));
          break;
        }
      n = io_uring_peek_batch_cqe (&ring, cqes, depth);
      if (n == 0)
        continue;
      now = vol_io_now_ns ();
      if (!stop && (now >= deadline || g_cancellable_is_cancelled (loop->run->cancellable)))
        {
          stop = TRUE;
          if (now < deadline)
            _vol_run_check_cancelled (loop->run, error);
        }
      for (guint i = 0; i < n; i++)
        {
          guint index = (guint) io_uring_cqe_get_data64 (cqes[i]);
          Slot *slot = &slots[index];
          int res = cqes[i]->res;

          in_flight--;
          if (res < 0)
            {
              set_io_error (error, loop->file_name, -res, slot->is_read, slot->offset);
              stop = TRUE;
            }
          else if ((gsize) res != loop->block)
            {
              set_short_error (error, loop->file_name, slot->is_read, slot->offset, res, loop->block);
              stop = TRUE;
            }
          else
            {
              tally_add (tally, slot->is_read, loop->block, (now - slot->start_ns) / 1e9);
              if (verify && slot->is_read && !check_read_back (loop, slot->pool, slot->buf, slot->offset, error))
                stop = TRUE;
            }
          if (!stop)
            {
              prep_slot (loop, &ring, slot, index, fixed, &picker, &serials, now, &issued);
              in_flight++;
            }
        }
      io_uring_cq_advance (&ring, n);
      outcome->end_ns = now;
      if (!stop && loop->tick != NULL && !loop->tick (loop->user_data, outcome->start_ns, now, tally))
        stop = TRUE;
    }
  _vol_uring_thread_cpu (&user1, &system1);
  outcome->cpu_user = user1 - user0;
  outcome->cpu_system = system1 - system0;
  io_uring_queue_exit (&ring);
  for (guint i = 0; i < depth; i++)
    vol_data_pool_free (slots[i].pool);
  vol_io_free_aligned (region);

  /* The tally counts completed I/Os; the offsets counted are those
   * submitted (which, once all are drained, are the same I/Os). */
  tally->offsets_512 += issued.offsets_512;
  tally->offsets_4k += issued.offsets_4k;
  return error == NULL || *error == NULL;
}

/* ---- one at a time ----------------------------------------------------- */

/**
 * _vol_io_loop_sync:
 *
 * One I/O at a time through the run's I/O table, until the deadline, a
 * tick saying stop, a failed I/O or a cancel.
 */
gboolean
_vol_io_loop_sync (const VolIoLoop   *loop,
                   VolIoTally        *tally,
                   VolIoLoopOutcome  *outcome,
                   GError           **error)
{
  const VolIoOps *io = loop->run->io;
  g_autoptr(VolDataPool) pool = vol_data_pool_new (vol_test_spec_get_pattern (loop->run->spec),
                                                   loop->run->seed, loop->block, loop->mem_align);
  guint8 *buf = vol_data_pool_get_data (pool);
  gboolean verify = can_verify (loop);
  guint64 stamp_blocks = (loop->block + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK;
  VolSerialBatch serials = { 0, 0 };
  Picker picker;
  gint64 deadline = 0;

  memset (outcome, 0, sizeof *outcome);
  picker_init (&picker, loop);
  if (loop->ready != NULL && (deadline = loop->ready (loop->user_data)) == 0)
    return TRUE;
  outcome->start_ns = outcome->end_ns = vol_io_now_ns ();
  if (loop->ready == NULL)
    deadline = outcome->start_ns + (gint64) (loop->seconds * 1e9);

  for (;;)
    {
      guint64 offset = pick_offset (&picker);
      gboolean is_read = pick_read (&picker);
      gint64 start, now;
      gssize got;

      if (!_vol_run_check_cancelled (loop->run, error))
        return FALSE;
      if (!is_read)
        /* a range of the run's serials: no block of the run has its stamp */
        vol_data_pool_stamp (pool, _vol_serial_batch_take (&serials, loop->run, stamp_blocks), loop->block);
      tally_offset (tally, offset);
      start = vol_io_now_ns ();
      got = is_read ? io->pread (io, loop->fd, buf, loop->block, (off_t) offset)
                    : io->pwrite (io, loop->fd, buf, loop->block, (off_t) offset);
      now = vol_io_now_ns ();
      if (got < 0)
        {
          set_io_error (error, loop->file_name, errno, is_read, offset);
          return FALSE;
        }
      if ((gsize) got != loop->block)
        {
          set_short_error (error, loop->file_name, is_read, offset, got, loop->block);
          return FALSE;
        }
      if (verify && is_read && !check_read_back (loop, pool, buf, offset, error))
        return FALSE;
      tally_add (tally, is_read, loop->block, (now - start) / 1e9);
      outcome->end_ns = now;
      if (now >= deadline)
        break;
      if (loop->tick != NULL && !loop->tick (loop->user_data, outcome->start_ns, now, tally))
        break;
    }
  return TRUE;
}

/* ---- a worker pool's threads ------------------------------------------- */

static gint64
worker_ready (gpointer user_data)
{
  VolIoLoopWorker *w = user_data;

  w->started = _vol_worker_pool_wait_start (w->pool);
  return w->started ? _vol_worker_pool_get_deadline (w->pool) : 0;
}

static gboolean
worker_tick (gpointer          user_data,
             gint64            start_ns,
             gint64            now,
             const VolIoTally *tally)
{
  VolIoLoopWorker *w = user_data;

  __atomic_store_n (&w->done_ios, tally->ios, __ATOMIC_RELAXED);
  __atomic_store_n (&w->done_bytes, tally->bytes, __ATOMIC_RELAXED);
  return !_vol_worker_pool_stopping (w->pool);
}

/**
 * _vol_io_loop_worker_run:
 *
 * On the worker's own thread: its loop from the pool's start line to the
 * deadline. FALSE without an error when it never passed the start line
 * (the pool stopped first).
 */
gboolean
_vol_io_loop_worker_run (VolIoLoopWorker  *w,
                         VolWorkerPool    *pool,
                         GError          **error)
{
  VolIoLoopOutcome outcome;
  gboolean ok;

  w->pool = pool;
  w->loop.ready = worker_ready;
  w->loop.tick = worker_tick;
  w->loop.user_data = w;
  ok = w->ring ? _vol_io_loop_ring (&w->loop, &w->tally, &outcome, error)
               : _vol_io_loop_sync (&w->loop, &w->tally, &outcome, error);
  w->end_ns = outcome.end_ns;
  return ok && w->started;
}

void
_vol_io_loop_workers_done (VolIoLoopWorker *workers,
                           guint            n,
                           guint64         *ios,
                           guint64         *bytes)
{
  *ios = *bytes = 0;
  for (guint i = 0; i < n; i++)
    {
      *ios += __atomic_load_n (&workers[i].done_ios, __ATOMIC_RELAXED);
      *bytes += __atomic_load_n (&workers[i].done_bytes, __ATOMIC_RELAXED);
    }
}
