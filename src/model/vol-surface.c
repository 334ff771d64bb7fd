/* vol-surface.c — where the surface scan reads */
#include "vol-surface.h"

guint64
vol_surface_step (guint64 size,
                  guint64 sample,
                  guint   samples,
                  guint   grain)
{
  guint64 step;

  if (samples < 2 || size <= sample || grain == 0)
    return 0;
  step = (size - sample) / (samples - 1);
  return step - step % grain;
}
