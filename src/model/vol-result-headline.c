/* vol-result-headline.c — the one figure that stands for a result
 *
 * Each kind names the figure its reviews quote, in its schema
 * (VolTestInfo.headline, src/model/kinds/vol-kind-KIND.c), built with the
 * helpers here; where that figure is missing (a run stopped early, an
 * older file) the kind takes the next best one the result holds, and a
 * kind without one (or with none of its figures) gets its first summary
 * with samples, so a row shows a number whenever there is one.
 */
#include "vol-result-headline-private.h"
#include "vol-kinds.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-size.h"

void
vol_result_headline_free (VolResultHeadline *headline)
{
  if (headline == NULL)
    return;
  g_free (headline->what);
  g_free (headline->unit);
  g_free (headline);
}

/* Takes @what. Random I/O results made in memory by an older writer may
 * still say "ops/s" (files are read as IO/s): named here as a reader
 * says them. */
VolResultHeadline *
_vol_result_headline_new (char       *what,
                          double      value,
                          const char *unit)
{
  VolResultHeadline *headline;

  if (!isfinite (value))
    {
      g_free (what);
      return NULL;
    }
  headline = g_new0 (VolResultHeadline, 1);
  headline->what = what;
  headline->value = value;
  headline->unit = g_strdup (g_strcmp0 (unit, VOL_UNIT_IOPS_OLD) == 0 ? VOL_UNIT_IOPS : unit ? unit : "");
  return headline;
}

VolResultHeadline *
_vol_result_headline_from_summary (const VolResult *result,
                                   const char      *series,
                                   const char      *what)
{
  const VolSummary *summary = vol_result_get_summary (result, series);

  if (summary == NULL || summary->count == 0)
    return NULL;
  return _vol_result_headline_new (g_strdup (what), summary->mean, summary->unit);
}

VolResultHeadline *
_vol_result_headline_from_figure (const VolResult *result,
                                  const char      *name,
                                  char            *what)
{
  const VolFigure *figure = vol_result_get_figure (result, name);

  if (figure == NULL)
    {
      g_free (what);
      return NULL;
    }
  return _vol_result_headline_new (what, figure->value, figure->unit);
}

/* A kind without a headline of its own: the first summary that has samples. */
static VolResultHeadline *
any_summary (const VolResult *result)
{
  for (guint i = 0; i < result->summaries->len; i++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, i);
      const VolSeries *series = vol_result_get_series (result, s->series);

      if (s->count > 0)
        /* TRANSLATORS: %s is a series' title, "Write" */
        return _vol_result_headline_new (g_strdup_printf (_("%s, mean"),
                                                          series && series->title ? series->title : s->series),
                                         s->mean, s->unit);
    }
  return NULL;
}

/**
 * vol_result_headline:
 *
 * Returns: (transfer full) (nullable): the figure that stands for @result,
 * or %NULL when it holds none (a run that failed before measuring).
 */
VolResultHeadline *
vol_result_headline (const VolResult *result)
{
  const VolTestInfo *info;
  VolResultHeadline *h = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  info = vol_kinds_lookup (result->kind);
  if (info != NULL && info->headline != NULL)
    h = info->headline (result);
  return h ? h : any_summary (result);
}

/**
 * vol_result_headline_format:
 *
 * "18479 IO/s", "208.6 MB/s" (MiB/s when @binary), "6391 transactions/s":
 * the figure as vol_value_format() writes it, its unit translated.
 */
char *
vol_result_headline_format (const VolResultHeadline *headline,
                            gboolean                 binary)
{
  g_return_val_if_fail (headline != NULL, NULL);

  if (headline->unit_title != NULL)
    return vol_value_format (headline->value, _(headline->unit_title), binary);
  return vol_value_format (headline->value, headline->unit, binary);
}
