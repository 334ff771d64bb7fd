/* vol-uring.c — an io_uring ring with the cheapest completion path the
 * kernel offers (see vol-uring.h)
 */

#include <errno.h>
#include <string.h>
#include <sys/resource.h>

#include "vol-uring.h"

static guint refused_flags;

void
_vol_uring_refuse_flags (guint flags)
{
  g_atomic_int_set (&refused_flags, flags);
}

const char *
_vol_uring_mode_name (VolUringMode mode)
{
  switch (mode)
    {
    case VOL_URING_MODE_DEFER_TASKRUN:
      return "defer-taskrun";
    case VOL_URING_MODE_COOP_TASKRUN:
      return "coop-taskrun";
    case VOL_URING_MODE_PLAIN:
    default:
      return "plain";
    }
}

int
_vol_uring_init (guint            entries,
                 struct io_uring *ring,
                 VolUringMode    *mode)
{
  static const struct { guint flags; VolUringMode mode; } tries[] = {
    { IORING_SETUP_COOP_TASKRUN, VOL_URING_MODE_COOP_TASKRUN },
    { IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN, VOL_URING_MODE_DEFER_TASKRUN },
    { 0, VOL_URING_MODE_PLAIN },
  };
  guint refused = (guint) g_atomic_int_get (&refused_flags);
  int ret = -EINVAL;

  for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
    {
      struct io_uring_params params;

      if ((tries[i].flags & refused) != 0)
        continue;
      memset (&params, 0, sizeof params);
      params.flags = tries[i].flags;
      ret = io_uring_queue_init_params (entries, ring, &params);
      if (ret == -EINVAL)
        continue;
      if (ret < 0)
        return ret;
      *mode = tries[i].mode;
      /* Spares the kernel a lookup of the ring's file on every
       * io_uring_enter (5.18); where refused, the ring works as well. */
      io_uring_register_ring_fd (ring);
      return 0;
    }
  return ret;
}

void
_vol_uring_thread_cpu (double *user,
                       double *system)
{
  struct rusage usage;

  getrusage (RUSAGE_THREAD, &usage);
  *user = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6;
  *system = usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}
