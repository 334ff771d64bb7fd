/* vol-result-headline.c — the one figure that stands for a result
 *
 * Each kind names the figure its reviews quote: the mean of a fill's
 * writes over the whole volume, the best transfer size's writes, the
 * average of the random writes, the highest IOPS over the queue depths,
 * the highest throughput over the thread counts, the transactions per
 * second, the device's (not the cache's) read speed, the quick grid's
 * first cell. Where that figure
 * is missing (a run stopped early, an older file) the next best one the
 * result holds is taken, so a row shows a number whenever there is one.
 */
#include "vol-result-headline.h"
#include "vol-kinds.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-quick.h"
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
 * still say "ops/s" (files are read as IO/s) and small files say "/s";
 * both are named here as a reader says them. */
static VolResultHeadline *
make (char       *what,
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

static VolResultHeadline *
from_summary (const VolResult *result,
              const char      *series,
              const char      *what)
{
  const VolSummary *summary = vol_result_get_summary (result, series);

  if (summary == NULL || summary->count == 0)
    return NULL;
  return make (g_strdup (what), summary->mean, summary->unit);
}

static VolResultHeadline *
from_figure (const VolResult *result,
             const char      *name,
             char            *what)
{
  const VolFigure *figure = vol_result_get_figure (result, name);

  if (figure == NULL)
    {
      g_free (what);
      return NULL;
    }
  return make (what, figure->value, figure->unit);
}

static VolResultHeadline *
fill (const VolResult *result)
{
  VolResultHeadline *h = from_summary (result, "write", _("Write, mean"));

  return h ? h : from_summary (result, "read", _("Read, mean"));
}

/* The fastest of the "write-<bytes>-mean" figures (or read's), and its size. */
static const VolFigure *
transfer_best (const VolResult *result,
               const char      *direction,
               guint64         *best_size)
{
  g_autofree char *prefix = g_strconcat (direction, "-", NULL);
  const VolFigure *best = NULL;

  for (guint i = 0; i < result->figures->len; i++)
    {
      const VolFigure *f = g_ptr_array_index (result->figures, i);
      guint64 size;
      int end = 0;

      if (!g_str_has_prefix (f->name, prefix) || !isfinite (f->value))
        continue;
      if (sscanf (f->name + strlen (prefix), "%" SCNu64 "-mean%n", &size, &end) != 1
          || end == 0 || f->name[strlen (prefix) + end] != '\0')
        continue;
      if (best == NULL || f->value > best->value)
        {
          best = f;
          *best_size = size;
        }
    }
  return best;
}

static VolResultHeadline *
transfer (const VolResult *result)
{
  guint64 size = 0;
  const VolFigure *best = transfer_best (result, "write", &size);
  g_autofree char *size_text = NULL;

  if (best)
    {
      size_text = vol_size_format (size);
      /* TRANSLATORS: %s is a transfer size, "512 KiB" */
      return make (g_strdup_printf (_("Write, best at %s"), size_text), best->value, best->unit);
    }
  best = transfer_best (result, "read", &size);
  if (best == NULL)
    return NULL;
  size_text = vol_size_format (size);
  /* TRANSLATORS: %s is a transfer size, "512 KiB" */
  return make (g_strdup_printf (_("Read, best at %s"), size_text), best->value, best->unit);
}

static VolResultHeadline *
random_io (const VolResult *result)
{
  VolResultHeadline *h = from_figure (result, "write-average", g_strdup (_("Writes, average")));

  if (h == NULL)
    h = from_summary (result, "write", _("Writes, average"));
  if (h == NULL)
    h = from_figure (result, "read-average", g_strdup (_("Reads, average")));
  return h;
}

static VolResultHeadline *
queue (const VolResult *result)
{
  const VolFigure *depth = vol_result_get_figure (result, "iops-max-depth");
  char *what = depth ? g_strdup_printf (_("Highest, at queue depth %.0f"), depth->value)
                     : g_strdup (_("Highest"));

  VolResultHeadline *h = from_figure (result, "iops-max", what);
  const VolSummary *summary = vol_result_get_summary (result, "queue");

  /* a file from before the figure was written: the highest of the depths */
  if (h == NULL && summary && summary->count > 0 && g_strcmp0 (summary->column, "iops") == 0)
    h = make (g_strdup (_("Highest")), summary->max, summary->unit);
  return h;
}

static VolResultHeadline *
threads (const VolResult *result)
{
  const VolFigure *count = vol_result_get_figure (result, "throughput-max-threads");
  char *what = count ? g_strdup_printf (ngettext ("Highest, with %.0f thread", "Highest, with %.0f threads",
                                                  (gulong) count->value), count->value)
                     : g_strdup (_("Highest"));

  return from_figure (result, "throughput-max", what);
}

static VolResultHeadline *
smallfiles (const VolResult *result)
{
  VolResultHeadline *h = from_figure (result, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S, g_strdup (_("Transactions")));

  if (h == NULL)
    h = from_summary (result, VOL_SMALLFILES_SERIES_TRANSACTIONS, _("Transactions"));
  if (h)
    {
      /* "6391 transactions/s", not "6391 /s" */
      g_free (h->unit);
      h->unit = g_strdup ("transactions/s");
    }
  return h;
}

static VolResultHeadline *
cached (const VolResult *result)
{
  VolResultHeadline *h = from_figure (result, "device-throughput", g_strdup (_("Device reads")));

  if (h == NULL)
    h = from_summary (result, "device", _("Device reads"));
  if (h == NULL)
    h = from_figure (result, "cached-throughput", g_strdup (_("Cached reads")));
  return h;
}

/* The grid's first cell, the figure the forums quote first: the
 * sequential read of the profile's first row, mean over the loops. */
static VolResultHeadline *
quick (const VolResult *result)
{
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  g_autofree char *title = NULL;

  if (n == 0)
    return NULL;
  title = vol_quick_row_title (&cells[0].row);
  /* TRANSLATORS: "SEQ1M Q8T1 Read" */
  return make (g_strdup_printf (_("%s %s"), title, vol_quick_mode_title (cells[0].read_percent)),
               cells[0].throughput, "B/s");
}

/* A kind this file does not know: the first summary that has samples. */
static VolResultHeadline *
any_summary (const VolResult *result)
{
  for (guint i = 0; i < result->summaries->len; i++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, i);
      const VolSeries *series = vol_result_get_series (result, s->series);

      if (s->count > 0)
        /* TRANSLATORS: %s is a series' title, "Write" */
        return make (g_strdup_printf (_("%s, mean"), series && series->title ? series->title : s->series),
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
  static const struct
  {
    const char *kind;
    VolResultHeadline *(*get) (const VolResult *);
  } kinds[] = {
    { "quick", quick },
    { "fill", fill },
    { "transfer", transfer },
    { "random", random_io },
    { "queue", queue },
    { "threads", threads },
    { "smallfiles", smallfiles },
    { "cached", cached },
  };
  VolResultHeadline *h = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds) && h == NULL; i++)
    if (g_strcmp0 (result->kind, kinds[i].kind) == 0)
      h = kinds[i].get (result);
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

  if (g_str_equal (headline->unit, "transactions/s"))
    /* TRANSLATORS: a unit, after a number: "6391 transactions/s" */
    return vol_value_format (headline->value, _("transactions/s"), binary);
  return vol_value_format (headline->value, headline->unit, binary);
}
