/* vol-caveat.h — a result's reasons to doubt its numbers
 *
 * The one place that decides what a reader must be told before trusting a
 * result's figures: the app's result view, History, the charts and the
 * command line all show this list and judge nothing themselves. The list
 * is docs/measurement.md's "Caveats" section.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

/* How much a caveat takes away from the figures, least first. */
typedef enum
{
  VOL_CAVEAT_LEVEL_NOTE,    /* the figures hold for what they are; read them knowing this */
  VOL_CAVEAT_LEVEL_WARNING, /* the figures may be off */
  VOL_CAVEAT_LEVEL_SEVERE,  /* the figures are not the device's, or not of a whole run */
} VolCaveatLevel;

typedef struct
{
  const char     *id;    /* stable, never translated: "loop-cache", "zeros" ...; for scripts and tests */
  char           *text;  /* translated: one sentence naming the fact and what it means */
  VolCaveatLevel  level;
} VolCaveat;

GPtrArray *vol_result_get_caveats (const VolResult *result);
void       vol_caveat_free        (VolCaveat       *caveat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolCaveat, vol_caveat_free)

G_END_DECLS
