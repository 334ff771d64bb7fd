/* vol-result-headline.h — the one figure that stands for a result
 *
 * A list of results (History) shows one number per result, in the unit
 * of its test: a fill's mean write speed in MB/s, a random I/O run's
 * average writes in IO/s, a queue-depth run's highest IOPS, a small-files
 * run's transactions per second. Which figure that is, each kind decides
 * once (VolTestInfo.headline in src/model/kinds/vol-kind-KIND.c); it is
 * formatted by vol_value_format().
 * Pure; any thread.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

typedef struct _VolResultHeadline VolResultHeadline;

struct _VolResultHeadline
{
  char   *what;   /* translated: "Write, mean", "Highest, at queue depth 32" */
  double  value;
  char   *unit;   /* as vol_value_format() takes it, never translated: "B/s", "IO/s", "transactions/s" */
  const char *unit_title;  /* N_(): the unit as printed, translated ("transactions/s"); NULL: @unit */
};

VolResultHeadline *vol_result_headline        (const VolResult         *result);
char              *vol_result_headline_format (const VolResultHeadline *headline,
                                               gboolean                 binary);
void               vol_result_headline_free   (VolResultHeadline       *headline);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolResultHeadline, vol_result_headline_free)

G_END_DECLS
