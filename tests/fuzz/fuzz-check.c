/* fuzz-check.c — the properties every loaded input must keep
 *
 * A crash, a sanitizer report or a hang is what libFuzzer looks for by
 * itself; these add what is wrong without crashing: a message that is not
 * UTF-8, and a result that, saved, would not load again (the writer must
 * never write what the reader refuses).
 */
#include "fuzz-harness.h"

#include <math.h>
#include <stdlib.h>

#include "vol-chart-build.h"
#include "vol-chart-layout.h"

void
fuzz_check_message (const char *message)
{
  if (message == NULL || !g_utf8_validate (message, -1, NULL))
    {
      g_printerr ("fuzz: a message that is not UTF-8\n");
      abort ();
    }
}

/* Every character is 7 by 14: the layout only needs a size. */
static void
measure (const char   *text,
         VolChartFont  font,
         double        wrap_width,
         double       *width,
         double       *height,
         gpointer      user_data)
{
  double w = 7.0 * (double) g_utf8_strlen (text, -1);

  (void) font;
  (void) user_data;
  *height = 14;
  if (wrap_width > 0 && w > wrap_width)
    {
      *height = 14 * MIN (ceil (w / wrap_width), 1000);
      w = wrap_width;
    }
  *width = w;
}

void
fuzz_check_result (const VolResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) again = NULL;
  g_autoptr(VolChart) chart = NULL;
  g_autofree char *text = NULL;
  VolChartOptions options = { FALSE, FALSE };
  gsize length = 0;

  text = vol_result_to_data (result, &length);
  again = vol_result_load_from_data (text, (gssize) length, &error);
  if (again == NULL)
    {
      g_printerr ("fuzz: a result that does not load once saved: %s\n", error->message);
      abort ();
    }

  /* What `export --png` and the window do with it, short of drawing. */
  chart = vol_chart_build_for_result (result, &options, &error);
  if (chart != NULL)
    {
      VolChartLayout *layout = vol_chart_layout_new (chart, 800, 500, measure, NULL);

      vol_chart_layout_free (layout);
    }
  else
    fuzz_check_message (error->message);
}
