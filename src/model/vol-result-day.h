/* vol-result-day.h — results in time: newest first, grouped by day
 *
 * History lists results by when they ran, newest first, under one heading
 * per calendar day ("Today", "Yesterday", "Monday, 30 November 2026").
 * Days are counted in the time zone of @now, so a test fixes both.
 * Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int   vol_result_day_compare (GDateTime *a,
                              GDateTime *b);
int   vol_result_day_age     (GDateTime *when,
                              GDateTime *now);
char *vol_result_day_title   (GDateTime *when,
                              GDateTime *now);

G_END_DECLS
