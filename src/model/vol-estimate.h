/* vol-estimate.h — what a run will write and how long it takes, in words
 *
 * Each test kind works out its VolEstimate from its parameters
 * (VolTestInfo.estimate, in its engine file); this turns it into the line
 * the application shows under the parameters before Start. Times that
 * depend on the device are reckoned at a slow disk's pace, so the
 * estimate errs long: VOL_ESTIMATE_RATE for sequential bytes,
 * VOL_ESTIMATE_IOPS for small I/Os. Pure; any thread.
 */
#pragma once

#include "vol-spec.h"

G_BEGIN_DECLS

#define VOL_ESTIMATE_RATE 100e6   /* bytes per second */
#define VOL_ESTIMATE_IOPS 500.0   /* small I/Os per second */

gboolean vol_test_info_estimate (const VolTestInfo *info,
                                 const VolTestSpec *spec,
                                 guint64            free_bytes,
                                 guint64            capacity,
                                 VolEstimate       *out);
/* @wanted, or what the free space leaves after @keep_free, as the tests
 * fit their files */
static inline guint64
vol_estimate_fit (guint64 wanted,
                  guint64 free_bytes,
                  guint64 keep_free)
{
  return MIN (wanted, free_bytes > keep_free ? free_bytes - keep_free : 0);
}

double   vol_estimate_seconds   (const VolEstimate *estimate);
char    *vol_estimate_describe  (const VolEstimate *estimate);

G_END_DECLS
