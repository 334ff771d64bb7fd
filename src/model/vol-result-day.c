/* vol-result-day.c — results in time: newest first, grouped by day */
#include "vol-result-day.h"

#include <glib/gi18n.h>

/**
 * vol_result_day_compare:
 * @a: (nullable): when one result ran
 * @b: (nullable): when another ran
 *
 * A sort function's answer for newest first: negative when @a is newer.
 * A result whose time is unknown (a file that did not load) comes last.
 */
int
vol_result_day_compare (GDateTime *a,
                        GDateTime *b)
{
  if (a == NULL || b == NULL)
    return (a == NULL) - (b == NULL);
  return -g_date_time_compare (a, b);
}

/* The calendar day of @when as seen in @tz. */
static GDate *
day_in (GDateTime *when,
        GTimeZone *tz)
{
  g_autoptr(GDateTime) local = g_date_time_to_timezone (when, tz);

  return g_date_new_dmy ((GDateDay) g_date_time_get_day_of_month (local),
                         (GDateMonth) g_date_time_get_month (local),
                         (GDateYear) g_date_time_get_year (local));
}

/**
 * vol_result_day_age:
 *
 * Returns: how many calendar days before @now's day @when lies, in @now's
 * time zone: 0 for the same day, 1 for the day before, negative for a day
 * after (a clock set wrong).
 */
int
vol_result_day_age (GDateTime *when,
                    GDateTime *now)
{
  GTimeZone *tz;
  GDate *w, *n;
  int age;

  g_return_val_if_fail (when != NULL && now != NULL, 0);

  tz = g_date_time_get_timezone (now);
  w = day_in (when, tz);
  n = day_in (now, tz);
  age = g_date_days_between (w, n);
  g_date_free (w);
  g_date_free (n);
  return age;
}

/**
 * vol_result_day_title:
 * @when: (nullable)
 *
 * Returns: (transfer full): the heading of @when's day: "Today",
 * "Yesterday", else the date, with its weekday; "Unknown Date" for %NULL.
 */
char *
vol_result_day_title (GDateTime *when,
                      GDateTime *now)
{
  g_autoptr(GDateTime) local = NULL;
  int age;

  g_return_val_if_fail (now != NULL, NULL);

  if (when == NULL)
    return g_strdup (_("Unknown Date"));
  age = vol_result_day_age (when, now);
  if (age == 0)
    return g_strdup (_("Today"));
  if (age == 1)
    return g_strdup (_("Yesterday"));
  local = g_date_time_to_timezone (when, g_date_time_get_timezone (now));
  /* TRANSLATORS: a day's heading in History, a g_date_time_format() format:
   * "Monday, 30 November 2026" */
  /* xgettext:no-c-format */
  return g_date_time_format (local, _("%A, %-d %B %Y"));
}
