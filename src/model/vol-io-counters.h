/* vol-io-counters.h — whether a phase's own counts and the device's agree
 *
 * STUB on branch "caveats" only: the real unit is written on branch
 * "counters"; the merge takes theirs. Same signature.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

/* The tolerance issue 10 asks for: 2 % of the test's own bytes. */
#define VOL_IO_COUNTERS_TOLERANCE 0.02

gboolean vol_io_counters_agree (const VolIoCounters *c,
                                double               tolerance,
                                char               **why);

G_END_DECLS
