/* vol-cli-progress.c — progress on stderr
 *
 * On a terminal one line redrawn in place ("write 412/1000  41.2 %
 * 412.3 MB/s  ETA 1:23"), at most ten times a second; in a log (not a
 * terminal) one plain line per 5 % so the log stays readable.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "vol-cli.h"
#include "vol-size.h"

struct _VolCliProgress
{
  gboolean quiet;
  gboolean tty;
  gint64   last_draw_us;
  int      last_step;     /* 5 % steps printed so far, for logs */
  gsize    last_width;
};

VolCliProgress *
vol_cli_progress_new (gboolean quiet)
{
  VolCliProgress *progress = g_new0 (VolCliProgress, 1);

  progress->quiet = quiet;
  progress->tty = isatty (STDERR_FILENO);
  progress->last_step = -1;
  return progress;
}

static char *
format_line (const VolProgress *update)
{
  g_autofree char *rate = update->rate > 0 ? vol_rate_format (update->rate, FALSE) : g_strdup ("—");
  g_autofree char *eta = vol_duration_format (update->eta);
  /* the line is written with its own \r: the phase's text is escaped
   * alone (vol-cli-text.c) */
  g_autofree char *phase = vol_cli_escape_line (update->phase);

  if (update->n_items > 0)
    return g_strdup_printf ("%s %u/%u  %5.1f %%  %s  ETA %s", phase,
                            update->item, update->n_items, update->fraction * 100, rate, eta);
  return g_strdup_printf ("%s  %5.1f %%  %s  ETA %s", phase, update->fraction * 100, rate, eta);
}

void
vol_cli_progress_update (VolCliProgress    *progress,
                         const VolProgress *update)
{
  g_autofree char *line = NULL;

  if (progress->quiet || update->phase == NULL)
    return;

  if (progress->tty)
    {
      gint64 now = g_get_monotonic_time ();
      gsize width;

      if (now - progress->last_draw_us < G_USEC_PER_SEC / 10)
        return;
      progress->last_draw_us = now;
      line = format_line (update);
      width = strlen (line);
      /* pad over the tail of a longer previous line */
      fprintf (stderr, "\r%s%*s", line, (int) (progress->last_width > width ? progress->last_width - width : 0), "");
      progress->last_width = width;
      fflush (stderr);
    }
  else
    {
      int step = (int) (update->fraction * 20);
      if (step <= progress->last_step)
        return;
      progress->last_step = step;
      line = format_line (update);
      fprintf (stderr, "%s\n", line);
    }
}

/* Ends the redrawn line so what follows starts on a fresh one. */
void
vol_cli_progress_finish (VolCliProgress *progress)
{
  if (!progress->quiet && progress->tty && progress->last_width > 0)
    fprintf (stderr, "\n");
  progress->last_width = 0;
}

void
vol_cli_progress_free (VolCliProgress *progress)
{
  g_free (progress);
}
