/* vol-result-headline-private.h — the pieces a kind's headline is made of
 *
 * For the kinds' schemas (src/model/kinds/vol-kind-KIND.c, their
 * VolTestInfo.headline): a headline from a value, from a summary's mean
 * or from a figure. vol-result-headline.c holds them and the fallback
 * (the first summary); no kind's names are spelled there.
 */
#pragma once

#include "vol-result-headline.h"

G_BEGIN_DECLS

VolResultHeadline *_vol_result_headline_new          (char            *what,
                                                      double           value,
                                                      const char      *unit);
VolResultHeadline *_vol_result_headline_from_summary (const VolResult *result,
                                                      const char      *series,
                                                      const char      *what);
VolResultHeadline *_vol_result_headline_from_figure  (const VolResult *result,
                                                      const char      *name,
                                                      char            *what);

G_END_DECLS
