/* vol-uring.h — an io_uring ring with the cheapest completion path the
 * kernel offers
 *
 * Completions reach the submitting thread as task work. With
 * IORING_SETUP_COOP_TASKRUN (Linux 5.19) the kernel does not interrupt
 * the thread to run it; the work runs when the thread next enters the
 * kernel, which the loop does once per batch anyway. That is tried
 * first. IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN (6.1),
 * which holds the completions until the thread asks for them, was the
 * first choice until bench/vs-peers.sh measured it: on a disk-backed
 * loop device, QD32 4 KiB random writes ran at 0.80–1.05 × fio's
 * batched job with it and 1.05–1.46 × with COOP_TASKRUN, five
 * alternating rounds (reads: the same within 3 %); docs/performance.md.
 * It stays second, then no flags. Only EINVAL (an older kernel refusing
 * a flag) moves down the list: any other failure (ENOSYS, EPERM, ENOMEM)
 * is the caller's to report.
 */
#pragma once

#include <glib.h>
#include <liburing.h>

G_BEGIN_DECLS

typedef enum
{
  VOL_URING_MODE_COOP_TASKRUN,    /* cooperative task work */
  VOL_URING_MODE_DEFER_TASKRUN,   /* single issuer, deferred task work */
  VOL_URING_MODE_PLAIN,           /* no set-up flags */
} VolUringMode;

/* 0, or a negative errno as io_uring_queue_init_params() gives. The ring
 * must be used from the calling thread only (single issuer). */
int          _vol_uring_init      (guint            entries,
                                   struct io_uring *ring,
                                   VolUringMode    *mode);
/* "defer-taskrun", "coop-taskrun", "plain": as a result records it. */
const char  *_vol_uring_mode_name (VolUringMode     mode);

/* CPU seconds of the calling thread (the ring's), user and system:
 * read around a timed loop, they give its CPU per I/O without the
 * lay-down or the statistics after it. */
void         _vol_uring_thread_cpu (double      *user,
                                    double      *system);

/* TEST ONLY: set-up flags to refuse with EINVAL as an older kernel
 * would (0: none, the default), so the fallback runs on any kernel. */
void         _vol_uring_refuse_flags (guint         flags);

G_END_DECLS
