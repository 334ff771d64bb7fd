/* vol-uring.h — an io_uring ring with the cheapest completion path the
 * kernel offers
 *
 * A ring whose completions are handed to the submitting thread as task
 * work costs a wake-up per completion unless the kernel is told that one
 * thread does all the work (IORING_SETUP_SINGLE_ISSUER |
 * IORING_SETUP_DEFER_TASKRUN, Linux 6.1): the completions then wait
 * until the thread asks for them, and a wait for N completions wakes it
 * once. Older kernels refuse those flags with EINVAL; the next best
 * (IORING_SETUP_COOP_TASKRUN, 5.19: no interrupt of the thread to run
 * the task work) is tried, then none. Only EINVAL moves down the list:
 * any other failure (ENOSYS, EPERM, ENOMEM) is the caller's to report.
 */
#pragma once

#include <glib.h>
#include <liburing.h>

G_BEGIN_DECLS

typedef enum
{
  VOL_URING_MODE_DEFER_TASKRUN,   /* single issuer, deferred task work */
  VOL_URING_MODE_COOP_TASKRUN,    /* cooperative task work */
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
