/* vol-quick.c — the Quick benchmark's rows, named as the reviews name them */
#include "vol-quick.h"
#include "vol-kinds.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-size.h"
#include "vol-stats.h"

static const VolQuickRow standard_rows[] = {
  { TRUE, MiB, 8, 1 }, { TRUE, MiB, 1, 1 }, { FALSE, 4 * KiB, 32, 1 }, { FALSE, 4 * KiB, 1, 1 },
};
static const VolQuickRow nvme_rows[] = {
  { TRUE, MiB, 8, 1 }, { TRUE, 128 * KiB, 32, 1 }, { FALSE, 4 * KiB, 32, 16 }, { FALSE, 4 * KiB, 1, 1 },
};
static const VolQuickRow peak_rows[] = {
  { TRUE, MiB, 8, 1 }, { FALSE, 4 * KiB, 32, 16 },
};
static const VolQuickRow realworld_rows[] = {
  { TRUE, MiB, 1, 1 }, { FALSE, 4 * KiB, 1, 1 },
};

/**
 * vol_quick_profile_rows:
 * @profile: "standard", "nvme", "peak" or "realworld"
 *
 * Returns: (transfer none): the profile's rows; Standard's for an unknown
 * name.
 */
const VolQuickRow *
vol_quick_profile_rows (const char *profile,
                        guint      *n_rows)
{
  if (g_strcmp0 (profile, "nvme") == 0)
    {
      *n_rows = G_N_ELEMENTS (nvme_rows);
      return nvme_rows;
    }
  if (g_strcmp0 (profile, "peak") == 0)
    {
      *n_rows = G_N_ELEMENTS (peak_rows);
      return peak_rows;
    }
  if (g_strcmp0 (profile, "realworld") == 0)
    {
      *n_rows = G_N_ELEMENTS (realworld_rows);
      return realworld_rows;
    }
  *n_rows = G_N_ELEMENTS (standard_rows);
  return standard_rows;
}

/**
 * vol_quick_profile_title:
 *
 * The profile's name in words, translated: "Standard", "Real world".
 */
const char *
vol_quick_profile_title (const char *profile)
{
  if (g_strcmp0 (profile, "nvme") == 0)
    return _("NVMe");
  if (g_strcmp0 (profile, "peak") == 0)
    return _("Peak");
  if (g_strcmp0 (profile, "realworld") == 0)
    return _("Real world");
  return _("Standard");
}

/**
 * vol_quick_row_title:
 *
 * The row in CrystalDiskMark's notation, which KDiskMark and the forums
 * share: "SEQ1M Q8T1", "RND4K Q32T16". Binary units, as theirs are. Not
 * translated: it is notation, the same in every language.
 */
char *
vol_quick_row_title (const VolQuickRow *row)
{
  g_autofree char *size = NULL;

  if (row->block >= MiB && row->block % MiB == 0)
    size = g_strdup_printf ("%uM", (guint) (row->block / MiB));
  else if (row->block >= KiB && row->block % KiB == 0)
    size = g_strdup_printf ("%uK", (guint) (row->block / KiB));
  else
    size = g_strdup_printf ("%u", row->block);
  return g_strdup_printf ("%s%s Q%uT%u", row->sequential ? "SEQ" : "RND", size, row->depth, row->threads);
}

const char *
vol_quick_mode_title (guint read_percent)
{
  if (read_percent >= 100)
    return _("Read");
  if (read_percent == 0)
    return _("Write");
  /* TRANSLATORS: 70 % reads and 30 % writes */
  return _("Mix");
}

/**
 * vol_quick_mode_word:
 *
 * "read", "write" or "mix": the mode in the names of a run's live samples
 * and of its fio job's sections ("SEQ1M-Q8T1-read-2"). Not translated.
 */
const char *
vol_quick_mode_word (guint read_percent)
{
  return read_percent >= 100 ? "read" : read_percent == 0 ? "write" : "mix";
}

static double
at (const VolSeries *s,
    const char      *column,
    guint            i)
{
  VolColumn *c = vol_series_get_column ((VolSeries *) s, column);

  if (c == NULL || i >= c->values->len)
    return 0;
  return g_array_index (c->values, double, i);
}

VolQuickCell *
vol_quick_cells (const VolResult *result,
                 guint           *n_cells)
{
  const VolSeries *grid = vol_result_get_series (result, VOL_QUICK_SERIES_GRID);
  guint n;
  VolQuickCell *cells;

  *n_cells = 0;
  if (grid == NULL || (n = vol_series_get_length (grid)) == 0)
    return NULL;
  cells = g_new0 (VolQuickCell, n);
  for (guint i = 0; i < n; i++)
    {
      VolQuickCell *c = &cells[i];
      c->row.sequential = at (grid, VOL_QUICK_COL_SEQUENTIAL, i) != 0;
      c->row.block = (guint) at (grid, VOL_QUICK_COL_BLOCK, i);
      c->row.depth = (guint) at (grid, VOL_COL_DEPTH, i);
      c->row.threads = (guint) at (grid, VOL_QUICK_COL_THREADS, i);
      c->index = (guint) at (grid, VOL_QUICK_COL_ROW, i);
      c->read_percent = (guint) at (grid, VOL_QUICK_COL_READ_PERCENT, i);
      c->throughput = at (grid, VOL_COL_THROUGHPUT, i);
      c->throughput_ci95 = at (grid, VOL_QUICK_COL_THROUGHPUT_CI95, i);
      c->throughput_best = at (grid, VOL_QUICK_COL_THROUGHPUT_BEST, i);
      c->iops = at (grid, VOL_COL_IOPS, i);
      c->iops_ci95 = at (grid, VOL_QUICK_COL_IOPS_CI95, i);
      c->iops_best = at (grid, VOL_QUICK_COL_IOPS_BEST, i);
      c->lat_mean = at (grid, VOL_COL_LAT_MEAN, i);
      c->lat_p50 = at (grid, VOL_COL_LAT_P50, i);
      c->lat_p99 = at (grid, VOL_COL_LAT_P99, i);
      c->loops = (guint) at (grid, VOL_QUICK_COL_LOOPS, i);
    }
  *n_cells = n;
  return cells;
}

GPtrArray *
vol_quick_row_titles (const VolQuickCell *cells,
                      guint               n_cells)
{
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_cells; i++)
    {
      char *title = vol_quick_row_title (&cells[i].row);
      guint r = 0;

      while (r < titles->len && g_strcmp0 (g_ptr_array_index (titles, r), title) != 0)
        r++;
      if (r == titles->len)
        g_ptr_array_add (titles, title);
      else
        g_free (title);
    }
  return titles;
}

guint
vol_quick_title_index (GPtrArray          *titles,
                       const VolQuickCell *cell)
{
  g_autofree char *title = vol_quick_row_title (&cell->row);
  guint r = 0;

  while (r < titles->len && g_strcmp0 (g_ptr_array_index (titles, r), title) != 0)
    r++;
  return r;
}

const VolQuickCell *
vol_quick_find_cell (const VolQuickCell *cells,
                     guint               n_cells,
                     const VolQuickRow  *row,
                     guint               read_percent)
{
  for (guint i = 0; i < n_cells; i++)
    if (memcmp (&cells[i].row, row, sizeof *row) == 0 && cells[i].read_percent == read_percent)
      return &cells[i];
  return NULL;
}

void
vol_quick_over_loops (const double *values,
                      guint         n,
                      double       *mean,
                      double       *ci95,
                      double       *best)
{
  VolStats st;

  vol_stats_compute (values, n, &st);
  *mean = st.mean;
  *best = st.max;
  *ci95 = n > 1 ? vol_stats_t95 (n - 1) * st.stddev / sqrt (n) : 0;
}

GArray *
vol_quick_loop_values (const VolResult *result,
                       guint            row_index,
                       guint            read_percent,
                       const char      *column)
{
  return vol_kind_quick_loop_column (vol_result_get_series (result, VOL_QUICK_SERIES_LOOPS),
                                     row_index, read_percent, column);
}


/* The index of @row in @result's profile, or -1 when it has no such row. */
static int
quick_row_index (const VolResult   *result,
                 const VolQuickRow *row)
{
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);

  for (guint i = 0; i < n; i++)
    if (memcmp (&cells[i].row, row, sizeof *row) == 0)
      return (int) cells[i].index;
  return -1;
}

/**
 * vol_quick_welch:
 * @a: (array length=na): one result's loops of a cell
 * @b: (array length=nb): another's
 *
 * Welch's t-test of the difference of the means, mean(b) − mean(a), at
 * 95 %: the difference's standard error se = √(s²a/na + s²b/nb), its
 * degrees of freedom by Welch–Satterthwaite (rounded down, which widens
 * the interval), and the half-width of its interval t95(df) · se. The
 * difference is significant when that interval leaves out 0. Unknown
 * (FALSE) with fewer than two loops on either side, as no spread can be
 * told from one.
 */
gboolean
vol_quick_welch (const double *a,
                 guint         na,
                 const double *b,
                 guint         nb,
                 VolQuickDiff *out)
{
  VolStats sa, sb;
  double va, vb, se, df;

  memset (out, 0, sizeof *out);
  if (na < 2 || nb < 2)
    return FALSE;
  vol_stats_compute (a, na, &sa);
  vol_stats_compute (b, nb, &sb);
  va = sa.stddev * sa.stddev / na;
  vb = sb.stddev * sb.stddev / nb;
  se = sqrt (va + vb);
  out->known = TRUE;
  out->mean_a = sa.mean;
  out->mean_b = sb.mean;
  out->diff = sb.mean - sa.mean;
  if (se == 0)
    {
      /* no spread at all on either side: any difference is real */
      out->df = na + nb - 2;
      out->ci95 = 0;
      out->significant = out->diff != 0;
      return TRUE;
    }
  df = (va + vb) * (va + vb) / (va * va / (na - 1) + vb * vb / (nb - 1));
  out->df = df;
  out->ci95 = vol_stats_t95 ((guint) MAX (floor (df), 1)) * se;
  out->significant = fabs (out->diff) > out->ci95;
  return TRUE;
}

/**
 * vol_quick_diff_describe:
 *
 * "B is 12 % ± 3 % faster than A", "no significant difference (+2 % ± 5 %)",
 * or why it cannot be told. Percentages of A's mean.
 */
char *
vol_quick_diff_describe (const VolQuickDiff *d,
                         const char         *name_a,
                         const char         *name_b)
{
  double pct, ci;

  if (!d->known)
    return g_strdup (_("cannot tell: a result with a single loop has no spread"));
  if (d->mean_a <= 0)
    return g_strdup (_("cannot tell: no figure to compare with"));
  pct = 100.0 * d->diff / d->mean_a;
  ci = 100.0 * d->ci95 / d->mean_a;
  if (!d->significant)
    /* TRANSLATORS: the difference and its 95 % interval, in percent */
    return g_strdup_printf (_("no significant difference (%+.1f %% ± %.1f %%)"), pct, ci);
  if (pct > 0)
    /* TRANSLATORS: "RAID 0 is 12.0 % ± 3.1 % faster than RAID 1" */
    return g_strdup_printf (_("%s is %.1f %% ± %.1f %% faster than %s"), name_b, pct, ci, name_a);
  return g_strdup_printf (_("%s is %.1f %% ± %.1f %% slower than %s"), name_b, -pct, ci, name_a);
}

/**
 * vol_quick_diff_short:
 *
 * The verdict in a table's cell: "+12.0 % ± 3.1 %, faster", "−8.0 % ±
 * 2.0 %, slower", "same (+2.0 % ± 5.0 %)", "cannot tell".
 */
char *
vol_quick_diff_short (const VolQuickDiff *d)
{
  double pct, ci;

  if (!d->known || d->mean_a <= 0)
    return g_strdup (_("cannot tell"));
  pct = 100.0 * d->diff / d->mean_a;
  ci = 100.0 * d->ci95 / d->mean_a;
  if (!d->significant)
    /* TRANSLATORS: no significant difference; the difference and its 95 % interval */
    return g_strdup_printf (_("same (%+.1f %% ± %.1f %%)"), pct, ci);
  return g_strdup_printf (pct > 0 ? _("%+.1f %% ± %.1f %%, faster") : _("%+.1f %% ± %.1f %%, slower"), pct, ci);
}

/**
 * vol_quick_diff_of:
 *
 * Welch's test of @other's loops of a cell against @base's. FALSE when
 * @other has no such cell.
 */
gboolean
vol_quick_diff_of (const VolResult    *base,
                   const VolResult    *other,
                   const VolQuickCell *cell,
                   VolQuickDiff       *out)
{
  int r = quick_row_index (other, &cell->row);
  g_autoptr(GArray) a = NULL;
  g_autoptr(GArray) b = NULL;

  memset (out, 0, sizeof *out);
  if (r < 0)
    return FALSE;
  a = vol_quick_loop_values (base, cell->index, cell->read_percent, VOL_COL_THROUGHPUT);
  b = vol_quick_loop_values (other, (guint) r, cell->read_percent, VOL_COL_THROUGHPUT);
  if (b->len == 0)
    return FALSE;
  vol_quick_welch ((const double *) a->data, a->len, (const double *) b->data, b->len, out);
  return TRUE;
}

/**
 * vol_quick_compare_lines:
 * @order: (array length=n): the results in the comparison's order; the
 *   first is the one the others are measured against
 *
 * For every cell the first result and another share, a line: the cell,
 * then vol_quick_diff_describe() of the other's throughput against the
 * first's, from the loops kept in the files.
 *
 * Returns: (transfer full) (element-type utf8): possibly empty
 */
GPtrArray *
vol_quick_compare_lines (VolResult *const  *results,
                         guint              n,
                         const char *const *labels,
                         const guint       *order)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const VolResult *base = results[order[0]];
  guint n_base;
  g_autofree VolQuickCell *cells = vol_quick_cells (base, &n_base);

  for (guint i = 0; i < n_base; i++)
    {
      g_autofree char *title = vol_quick_row_title (&cells[i].row);

      for (guint k = 1; k < n; k++)
        {
          g_autofree char *text = NULL;
          VolQuickDiff d;

          if (!vol_quick_diff_of (base, results[order[k]], &cells[i], &d))
            continue;
          text = vol_quick_diff_describe (&d, labels[order[0]], labels[order[k]]);
          g_ptr_array_add (lines, g_strdup_printf ("%s %s: %s", title, vol_quick_mode_title (cells[i].read_percent), text));
        }
    }
  return lines;
}

static void
append_fixed (GString    *out,
              const char *format,
              double      value,
              int         width)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, format, isfinite (value) ? value : 0);
  g_string_append_printf (out, "%*s", width, buf);
}

static const char *
profile_name (const VolResult *result)
{
  const char *profile = NULL;

  if (result->params)
    g_variant_lookup (result->params, "profile", "&s", &profile);
  if (g_strcmp0 (profile, "nvme") == 0)
    return "NVMe";
  if (g_strcmp0 (profile, "peak") == 0)
    return "Peak";
  if (g_strcmp0 (profile, "realworld") == 0)
    return "Real world";
  return "Standard";
}

/**
 * vol_quick_report_text:
 *
 * Returns: (transfer full) (nullable): the report, lines ending in "\n"
 */
char *
vol_quick_report_text (const VolResult *result)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  static const char *const mode_names[] = { "Read", "Write", "Mix (70 % read)" };
  const char *rule = "------------------------------------------------------------------------------\n";
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  GString *out;
  gint64 size = 0, loops = 0;
  double seconds = 0, pause = 0;
  guint max_loops = 0;

  if (n == 0)
    return NULL;
  if (result->params)
    {
      g_variant_lookup (result->params, "loops", "x", &loops);
      g_variant_lookup (result->params, "seconds", "d", &seconds);
      g_variant_lookup (result->params, "pause", "d", &pause);
    }
  if (result->resolved)
    g_variant_lookup (result->resolved, "size", "x", &size);
  for (guint i = 0; i < n; i++)
    max_loops = MAX (max_loops, cells[i].loops);

  out = g_string_new (rule);
  g_string_append_printf (out, "Volumeter %s - Quick benchmark (%s)\n",
                          result->app_version ? result->app_version : "?", profile_name (result));
  g_string_append (out, rule);
  g_string_append (out, "* MB/s = 1,000,000 bytes/s, IO/s = I/O operations per second, us = 1/1,000,000 s\n");
  g_string_append_printf (out, "* Each figure: the mean of %u loop%s", max_loops, max_loops == 1 ? "" : "s");
  if (max_loops > 1)
    g_string_append (out, " +/- its 95 % confidence interval; [the best loop]");
  g_string_append (out, "\n* Latency: mean and 99th percentile of every I/O of the row\n");

  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *title = NULL;

          if (cells[i].read_percent != modes[m])
            continue;
          if (!any)
            g_string_append_printf (out, "\n[%s]\n", mode_names[m]);
          any = TRUE;
          title = vol_quick_row_title (&cells[i].row);
          g_string_append_printf (out, "  %-14s", title);
          append_fixed (out, "%.2f", cells[i].throughput / 1e6, 10);
          if (cells[i].loops > 1)
            {
              g_string_append (out, " +/-");
              append_fixed (out, "%.2f", cells[i].throughput_ci95 / 1e6, 8);
            }
          g_string_append (out, " MB/s");
          if (cells[i].loops > 1)
            {
              g_string_append (out, " [");
              append_fixed (out, "%.2f", cells[i].throughput_best / 1e6, 9);
              g_string_append (out, "]");
            }
          append_fixed (out, "%.1f", cells[i].iops, 11);
          g_string_append (out, " IO/s");
          append_fixed (out, "%.1f", cells[i].lat_mean * 1e6, 10);
          g_string_append (out, " us (p99");
          append_fixed (out, "%.1f", cells[i].lat_p99 * 1e6, 9);
          g_string_append (out, ")\n");
        }
    }

  g_string_append_c (out, '\n');
  g_string_append_printf (out, "  Profile: %s\n", profile_name (result));
  if (size > 0)
    {
      g_autofree char *size_text = vol_size_format ((guint64) size);
      g_string_append_printf (out, "  Test: %s, %d loop%s of %g s each", size_text, (int) loops, loops == 1 ? "" : "s",
                              seconds);
      if (pause > 0)
        g_string_append_printf (out, ", %g s pause before each", pause);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "  Data: %s\n", result->pattern == VOL_DATA_PATTERN_ZEROS
                          ? "zeros (COMPRESSIBLE: a drive that compresses or deduplicates shows more than it stores)"
                          : "random, every 4 KiB block unique (incompressible)");
  g_string_append_printf (out, "  Measured: %s, %s\n",
                          result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT (page cache bypassed)"
                          : "buffered (the page cache may have served some I/O)",
                          result->io_backend ? result->io_backend : "unknown I/O backend");
  if (result->created)
    {
      g_autofree char *date = g_date_time_format (result->created, "%Y-%m-%d %H:%M:%S UTC");
      g_string_append_printf (out, "  Date: %s\n", date);
    }
  if (result->host)
    {
      g_string_append_printf (out, "  OS: %s%s%s\n", result->host->os ? result->host->os : "",
                              result->host->os && result->host->kernel ? ", " : "",
                              result->host->kernel ? result->host->kernel : (result->host->os ? "" : "unknown"));
      if (result->host->cpu_model)
        g_string_append_printf (out, "  CPU: %s\n", result->host->cpu_model);
    }
  if (result->target)
    {
      const VolTargetInfo *t = result->target;
      const VolBlockDevice *dev = t->devices && t->devices->len > 0 ? g_ptr_array_index (t->devices, 0) : NULL;

      g_string_append_printf (out, "  Device: %s", t->model ? t->model : "unknown model");
      if (t->device)
        g_string_append_printf (out, " (%s)", t->device);
      if (dev && dev->size_bytes > 0)
        {
          g_autofree char *cap = vol_size_format (dev->size_bytes);
          g_string_append_printf (out, ", %s", cap);
        }
      if (t->rotational == 1)
        g_string_append (out, ", rotational");
      else if (t->rotational == 0)
        g_string_append (out, ", solid state");
      g_string_append_c (out, '\n');
      g_string_append_printf (out, "  Filesystem: %s%s%s\n", t->fs_type ? t->fs_type : "unknown",
                              t->mount_source ? " on " : "", t->mount_source ? t->mount_source : "");
      if (t->raid_level)
        {
          g_string_append_printf (out, "  RAID: %s", t->raid_level);
          if (t->raid_members && g_strv_length (t->raid_members) > 0)
            g_string_append_printf (out, ", %u devices", g_strv_length (t->raid_members));
          if (t->stripe_bytes > 0)
            {
              g_autofree char *stripe = vol_size_format (t->stripe_bytes);
              g_string_append_printf (out, ", %s stripe", stripe);
            }
          g_string_append_c (out, '\n');
        }
    }
  if (result->label)
    g_string_append_printf (out, "  Label: %s\n", result->label);
  if (result->status != VOL_RESULT_STATUS_COMPLETE)
    g_string_append_printf (out, "  Status: %s (%s)\n", vol_result_status_to_string (result->status),
                            result->message ? result->message : "not finished");
  return g_string_free (out, FALSE);
}
