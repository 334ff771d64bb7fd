/* vol-chart-compare.c — several results on one chart
 *
 * Draws a comparison of the model (vol-comparison.c: the results' names,
 * their order, what differs and the one table). Fill results overlay
 * their capacity curves (every sample for two results; from three on,
 * each curve's means per 1 % of capacity, which reads better and keeps 20
 * results within 3× the drawing time of one — bench/compare-bench.c);
 * any test's results compare as grouped bars, one group per figure and
 * one bar per result. The table under the bars (or, for the CLI and the
 * CSV, the whole table) is the comparison's, each cell printed by the one
 * formatter, so the app, the chart, the CSV and the printed table list
 * the same rows with the same numbers.
 */
#include "vol-chart-build.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-chart-style.h"
#include "vol-comparison.h"
#include "vol-error.h"
#include "vol-quick.h"
#include "vol-kinds.h"
#include "vol-size.h"

/* Beyond this many results the drawn table's columns would overlap; the
 * bars still carry their values, and the CLI prints the full table. */
#define DRAWN_TABLE_MAX_RESULTS 8

/* ------------------------------------------------------------------------ */
/* The charts                                                                */
/* ------------------------------------------------------------------------ */

/* More results than this overlay their curves as means per 1 % of the
 * capacity: forty raw curves over each other are unreadable, and each
 * raw curve costs a thousand-vertex stroke (compare-bench). */
#define RAW_CURVES_MAX_RESULTS 2
#define CURVE_BINS 100

static void
add_curve (VolChart              *chart,
           const VolResult       *result,
           const char            *series_name,
           const char            *legend,
           guint                  color,
           gboolean               dashed,
           gboolean               binned,
           const VolChartOptions *options)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  VolColumn *x, *y;
  VolChartSeries *out;
  double scale = _vol_chart_rate_scale (options);
  guint n;

  if (series == NULL || (x = vol_series_get_column (series, series->x)) == NULL
      || (y = vol_series_get_column (series, series->y)) == NULL)
    return;
  out = vol_chart_add_series (chart, legend, color);
  out->dashed = dashed;
  n = MIN (x->values->len, y->values->len);
  if (!binned || n <= CURVE_BINS)
    {
      for (guint i = 0; i < n; i++)
        vol_chart_series_add (out, g_array_index (x->values, double, i), g_array_index (y->values, double, i) / scale);
      return;
    }

  /* each bin's point at its samples' mean position and mean speed */
  {
    double sum_x[CURVE_BINS] = { 0 }, sum_y[CURVE_BINS] = { 0 };
    guint count[CURVE_BINS] = { 0 };

    for (guint i = 0; i < n; i++)
      {
        double px = g_array_index (x->values, double, i);
        double py = g_array_index (y->values, double, i);
        guint bin;
        if (!isfinite (px) || !isfinite (py))
          continue;
        bin = (guint) CLAMP (floor (px * CURVE_BINS / 100.0), 0, CURVE_BINS - 1);
        sum_x[bin] += px;
        sum_y[bin] += py;
        count[bin]++;
      }
    for (guint b = 0; b < CURVE_BINS; b++)
      if (count[b] > 0)
        vol_chart_series_add (out, sum_x[b] / count[b], sum_y[b] / count[b] / scale);
  }
}

/* The summaries of any result, each once, in the order first met. */
static GPtrArray *
all_summaries (VolResult *const *results,
               const guint      *order,
               guint             n)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint k = 0; k < n; k++)
    for (guint s = 0; s < results[order[k]]->summaries->len; s++)
      {
        const VolSummary *summary = g_ptr_array_index (results[order[k]]->summaries, s);
        gboolean known = FALSE;
        for (guint j = 0; j < out->len && !known; j++)
          {
            const VolSummary *o = g_ptr_array_index (out, j);
            known = g_strcmp0 (o->series, summary->series) == 0 && g_strcmp0 (o->column, summary->column) == 0;
          }
        if (!known)
          g_ptr_array_add (out, (gpointer) summary);
      }
  return out;
}

static gboolean
series_has_one_summary (const VolResult *result,
                        const char      *series)
{
  guint count = 0;

  for (guint i = 0; i < result->summaries->len; i++)
    count += g_strcmp0 (((VolSummary *) g_ptr_array_index (result->summaries, i))->series, series) == 0;
  return count <= 1;
}

/* "Write", or "Per queue depth, throughput" when a series has several. */
static char *
summary_title (VolResult *const *results,
               const guint      *order,
               guint             n,
               const VolSummary *summary)
{
  const VolSeries *series = NULL;

  for (guint k = 0; k < n && series == NULL; k++)
    series = vol_result_get_series (results[order[k]], summary->series);
  if (series_has_one_summary (results[order[0]], summary->series))
    return g_strdup (series && series->title ? _(series->title) : summary->series);
  return g_strdup_printf ("%s, %s", series && series->title ? _(series->title) : summary->series, summary->column);
}

/* The comparison's table, each cell printed by the one formatter
 * (vol_result_table_format_cell()): the rows before the test's own
 * figures when drawn under the plot, every row and the parameters that
 * differ when @full (the CLI's table and the CSV's). */
static void
add_comparison_rows (VolChart              *chart,
                     const VolComparison   *comparison,
                     const VolChartOptions *options,
                     gboolean               full)
{
  const VolResultTable *table = comparison->table;
  guint n = comparison->results->len;
  guint n_rows = full ? table->rows->len : vol_comparison_n_lead_rows (comparison);
  gboolean binary = options && options->binary;

  for (guint r = 0; r < n_rows; r++)
    {
      const VolResultRow *row = g_ptr_array_index (table->rows, r);
      g_auto(GStrv) cells = g_new0 (char *, n + 1);

      for (guint k = 0; k < n; k++)
        cells[k] = vol_result_table_format_cell (table, r, k, binary);
      vol_chart_add_table_row (chart, row->label, (const char *const *) cells);
    }
  if (!full)
    return;
  for (guint p = 0; p < comparison->params->len; p++)
    {
      const VolComparisonParam *param = g_ptr_array_index (comparison->params, p);
      vol_chart_add_table_row (chart, param->label, (const char *const *) param->cells);
    }
}

/* Grouped bars: one group per summary in the bars' unit (throughput when
 * the test has any, else the first summary's unit), one bar per result,
 * at its mean. The table under them gives every summary's mean ± std dev;
 * @full adds the test's own figures and the differing parameters. */
static VolChart *
build_bars (const VolComparison   *comparison,
            const VolChartOptions *options,
            gboolean               full)
{
  VolResult *const *results = (VolResult *const *) comparison->results->pdata;
  guint n = comparison->results->len;
  char **labels = comparison->labels;
  const guint *order = comparison->order;
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autoptr(GPtrArray) summaries = all_summaries (results, order, n);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) bars = g_ptr_array_new ();
  const char *unit = NULL;
  double scale = 1;

  for (guint s = 0; s < summaries->len && unit == NULL; s++)
    if (g_strcmp0 (((VolSummary *) g_ptr_array_index (summaries, s))->unit, "B/s") == 0)
      unit = "B/s";
  if (unit == NULL && summaries->len > 0)
    unit = ((VolSummary *) g_ptr_array_index (summaries, 0))->unit;
  if (g_strcmp0 (unit, "B/s") == 0)
    scale = _vol_chart_rate_scale (options);

  for (guint s = 0; s < summaries->len; s++)
    {
      const VolSummary *summary = g_ptr_array_index (summaries, s);
      if (g_strcmp0 (summary->unit, unit) == 0)
        {
          g_autofree char *title = summary_title (results, order, n, summary);
          g_ptr_array_add (categories, g_strdup_printf (_("%s mean"), title));
          g_ptr_array_add (bars, (gpointer) summary);
        }
    }
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  for (guint k = 0; k < n; k++)
    {
      guint r = order[k];
      VolChartSeries *out = vol_chart_add_series (chart, labels[r], k);
      for (guint c = 0; c < bars->len; c++)
        {
          const VolSummary *want = g_ptr_array_index (bars, c);
          const VolSummary *summary = vol_result_find_summary (results[r], want->series, want->column);
          vol_chart_series_add (out, c, summary && summary->count ? summary->mean / scale : NAN);
        }
    }

  if (full || n <= DRAWN_TABLE_MAX_RESULTS)
    add_comparison_rows (chart, comparison, options, full);

  if (g_strcmp0 (unit, "B/s") == 0)
    {
      chart->title = g_strdup (_("Mean throughput compared"));
      chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
    }
  else
    {
      chart->title = g_strdup (_("Means compared"));
      chart->y_title = unit && *unit ? g_strdup_printf (_("Mean (%s)"), unit) : g_strdup (_("Mean"));
      chart->y_unit = g_strdup (unit ? unit : "");
    }
  chart->x_title = g_strdup (_("Figure"));
  return chart;
}

/* Quick results: a group per row of the first result's grid (SEQ1M Q8T1
 * …), in it a bar per result and mode, each the mean over its loops: the
 * colour says the result, the fill the mode (reads solid, writes light,
 * the mix an outline; the legend has a colour per result and a key per
 * mode), so the axis names four rows, not eight "row mode" pairs that a
 * narrow window cuts. The table: each result's mean ± its interval per
 * cell, then, for every other result, whether it differs from the first
 * beyond the loops' noise (Welch's t-test, vol_quick_compare_lines()). */
static VolChart *
build_quick_bars (const VolComparison   *comparison,
                  const VolChartOptions *options,
                  gboolean               full)
{
  VolResult *const *results = (VolResult *const *) comparison->results->pdata;
  guint n = comparison->results->len;
  char **labels = comparison->labels;
  const guint *order = comparison->order;
  static const struct { guint read_percent; guint shade; } modes[] = {
    { 100, VOL_CHART_SHADE_SOLID }, { 0, VOL_CHART_SHADE_LIGHT },
    { VOL_QUICK_MIX_READ_PERCENT, VOL_CHART_SHADE_OUTLINE },
  };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  guint n_cells;
  g_autofree VolQuickCell *cells = vol_quick_cells (results[order[0]], &n_cells);
  g_autoptr(GPtrArray) titles = vol_quick_row_titles (cells, n_cells);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  double scale = _vol_chart_rate_scale (options);

  for (guint i = 0; i < n_cells; i++)
    {
      g_autofree char *title = vol_quick_row_title (&cells[i].row);
      g_ptr_array_add (categories, g_strdup_printf ("%s %s", title, vol_quick_mode_title (cells[i].read_percent)));
    }
  g_ptr_array_add (titles, NULL);
  vol_chart_set_categories (chart, (const char *const *) titles->pdata);
  g_ptr_array_set_size (titles, titles->len - 1);

  for (guint k = 0; k < n; k++)
    {
      guint r = order[k], m;
      g_autofree VolQuickCell *theirs = vol_quick_cells (results[r], &m);
      gboolean named = FALSE;

      for (guint mode = 0; mode < G_N_ELEMENTS (modes); mode++)
        {
          VolChartSeries *out = NULL;

          for (guint i = 0; i < n_cells; i++)
            {
              const VolQuickCell *c;

              if (cells[i].read_percent != modes[mode].read_percent)
                continue;
              if (out == NULL)
                {
                  g_autofree char *name = g_strdup_printf (_("%s — %s"), labels[r],
                                                           vol_quick_mode_title (modes[mode].read_percent));
                  out = vol_chart_add_series (chart, name, k);
                  out->shade = modes[mode].shade;
                  /* one legend entry per result; the keys say the modes */
                  if (named)
                    out->hide_in_legend = TRUE;
                  else
                    out->legend = g_strdup (labels[r]);
                  named = TRUE;
                }
              c = vol_quick_find_cell (theirs, m, &cells[i].row, cells[i].read_percent);
              vol_chart_series_add (out, vol_quick_title_index (titles, &cells[i]), c ? c->throughput / scale : NAN);
            }
        }
    }
  for (guint mode = 0; mode < G_N_ELEMENTS (modes); mode++)
    for (guint i = 0; i < n_cells; i++)
      if (cells[i].read_percent == modes[mode].read_percent)
        {
          vol_chart_add_legend_shade (chart, vol_quick_mode_title (modes[mode].read_percent),
                                      VOL_CHART_PALETTE_SIZE - 1, modes[mode].shade);
          break;
        }

  if (full || n <= DRAWN_TABLE_MAX_RESULTS)
    add_comparison_rows (chart, comparison, options, full);
  chart->title = g_strdup (_("Quick benchmarks compared"));
  chart->y_title = g_strdup_printf (_("Mean throughput (%s)"), _vol_chart_rate_unit (options));
  chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
  chart->x_title = g_strdup (_("Test"));
  return chart;
}

static VolChart *
build_comparison (VolResult *const      *results,
                  guint                  n,
                  const char            *by,
                  const VolChartOptions *options,
                  gboolean               bars,
                  gboolean               table,
                  GError               **error)
{
  g_autoptr(VolComparison) comparison = vol_comparison_new (results, n, by, error);
  char **labels;
  const guint *order;
  gboolean binned = n > RAW_CURVES_MAX_RESULTS;
  VolChart *chart;

  if (comparison == NULL)
    return NULL;
  labels = comparison->labels;
  order = comparison->order;

  bars |= options && options->bars;
  if (!bars && g_strcmp0 (results[0]->kind, VOL_KIND_FILL) == 0)
    {
      chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      chart->title = g_strdup (_("Throughput across the volume, compared"));
      /* xgettext:no-c-format */
      chart->x_title = g_strdup (_("Position in the volume (% of capacity)"));
      chart->x_unit = g_strdup ("%");
      chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
      chart->x_min = 0;
      chart->x_max = 100;
      for (guint k = 0; k < n; k++)
        {
          guint r = order[k];
          g_autofree char *w = g_strdup_printf (_("%s — write"), labels[r]);
          g_autofree char *rd = g_strdup_printf (_("%s — read"), labels[r]);
          add_curve (chart, results[r], VOL_FILL_SERIES_WRITE, w, k, FALSE, binned, options);
          add_curve (chart, results[r], VOL_FILL_SERIES_READ, rd, k, TRUE, binned, options);
        }
      /* The legend: a colour per result and what solid and dashed mean,
       * n + 2 entries rather than 2n (a small chart has no room for ten);
       * the curves keep their full names for the CSV. */
      for (guint s = 0; s < chart->series->len; s++)
        {
          VolChartSeries *series = g_ptr_array_index (chart->series, s);
          if (series->dashed)
            series->hide_in_legend = TRUE;
          else
            series->legend = g_strdup (labels[order[series->color]]);
        }
      vol_chart_add_legend_key (chart, _("Write"), VOL_CHART_PALETTE_SIZE - 1, FALSE);
      vol_chart_add_legend_key (chart, _("Read"), VOL_CHART_PALETTE_SIZE - 1, TRUE);
    }
  else if (!bars && g_strcmp0 (results[0]->kind, VOL_KIND_SURFACE) == 0)
    {
      /* several devices or runs read across: a transfer curve each */
      chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      chart->title = g_strdup (_("Read across the device, compared"));
      /* xgettext:no-c-format */
      chart->x_title = g_strdup (_("Position on the device (% of capacity)"));
      chart->x_unit = g_strdup ("%");
      chart->y_title = g_strdup_printf (_("Transfer rate (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
      chart->x_min = 0;
      chart->x_max = 100;
      for (guint k = 0; k < n; k++)
        add_curve (chart, results[order[k]], VOL_SURFACE_SERIES_TRANSFER, labels[order[k]], k, FALSE, binned, options);
    }
  else if (g_strcmp0 (results[0]->kind, VOL_KIND_QUICK) == 0)
    chart = build_quick_bars (comparison, options, table);
  else
    chart = build_bars (comparison, options, table);
  /* the curves have no table of their own; the CSV's is the comparison's */
  if (table && chart->kind == VOL_CHART_KIND_CAPACITY)
    add_comparison_rows (chart, comparison, options, TRUE);

  chart->subtitle = vol_comparison_describe (comparison);
  if (chart->kind == VOL_CHART_KIND_CAPACITY && binned)
    {
      /* xgettext:no-c-format */
      char *text = g_strconcat (chart->subtitle, _(" · curves: mean per 1 % of capacity"), NULL);
      g_free (chart->subtitle);
      chart->subtitle = text;
    }
  chart->footer = _vol_chart_footer_for (results[order[0]]);
  {
    /* One result measured badly taints the comparison: say which. A
     * caveat of several results is said once, naming them (of all of
     * them, without names): five results on one loop device make one
     * warning, not five of the same. */
    g_autoptr(GPtrArray) texts = g_ptr_array_new ();
    g_autoptr(GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
    g_autoptr(GPtrArray) probes = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_chart_unref);

    for (guint k = 0; k < n; k++)
      {
        guint i = order[k];
        VolChart *probe = vol_chart_new (VOL_CHART_KIND_CAPACITY);
        g_ptr_array_add (probes, probe);
        _vol_chart_add_measurement_warnings (probe, results[i]);
        for (guint w = 0; w < probe->warnings->len; w++)
          {
            char *text = g_ptr_array_index (probe->warnings, w);
            GPtrArray *who = g_hash_table_lookup (named, text);
            if (who == NULL)
              {
                who = g_ptr_array_new ();
                g_hash_table_insert (named, g_strdup (text), who);
                g_ptr_array_add (texts, text);
              }
            if (who->len == 0 || g_ptr_array_index (who, who->len - 1) != labels[i])
              g_ptr_array_add (who, labels[i]);
          }
      }
    for (guint w = 0; w < texts->len; w++)
      {
        const char *text = g_ptr_array_index (texts, w);
        GPtrArray *who = g_hash_table_lookup (named, text);
        g_autofree char *names = NULL;
        g_autofree char *line = NULL;

        if (who->len == n)
          {
            vol_chart_add_warning (chart, text);
            continue;
          }
        g_ptr_array_add (who, NULL);
        names = g_strjoinv (", ", (char **) who->pdata);
        g_ptr_array_remove_index (who, who->len - 1);
        line = g_strdup_printf ("%s: %s", names, text);
        vol_chart_add_warning (chart, line);
      }
  }
  if (!table)
    _vol_chart_drop_table (chart, options);
  return chart;
}

/**
 * vol_chart_build_comparison_by:
 * @by: (nullable): the attribute to name the results by, or %NULL to choose
 *
 * Results of one test only. Fill results overlay their capacity curves
 * (write solid, read dashed, one colour per result); otherwise, or with
 * options->bars, the means become grouped bars, one group per figure and
 * one bar per result, in the order of @by, with the means ± std dev as a
 * table under them (up to 8 results; beyond, the columns would not fit).
 *
 * Returns: (transfer full) (nullable): the chart, or %NULL with @error
 * set: fewer than two results, results of different tests, or @by
 * unknown, missing or not telling the results apart. Main thread or any
 * single thread.
 */
VolChart *
vol_chart_build_comparison_by (VolResult *const      *results,
                               guint                  n,
                               const char            *by,
                               const VolChartOptions *options,
                               GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build_comparison (results, n, by, options, FALSE, FALSE, error);
}

/**
 * vol_chart_build_comparison_table:
 *
 * The bars chart of vol_chart_build_comparison_by() with the whole
 * comparison as its table: every summary's mean ± std dev, the test's own
 * figures and the value of each differing parameter, one column per
 * result (the chart's series). The CLI prints it; its CSV holds it all.
 *
 * Returns: (transfer full) (nullable): the chart, or %NULL with @error set.
 */
VolChart *
vol_chart_build_comparison_table (VolResult *const      *results,
                                  guint                  n,
                                  const char            *by,
                                  const VolChartOptions *options,
                                  GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build_comparison (results, n, by, options, TRUE, TRUE, error);
}

/**
 * vol_chart_build_comparison:
 *
 * vol_chart_build_comparison_by() with the attribute chosen automatically.
 */
VolChart *
vol_chart_build_comparison (VolResult *const      *results,
                            guint                  n,
                            const VolChartOptions *options,
                            GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);

  return build_comparison (results, n, NULL, options, FALSE, FALSE, error);
}

/**
 * vol_chart_build_comparison_export:
 * @by: (nullable): the attribute to name the results by, or %NULL to choose
 *
 * The chart of vol_chart_build_comparison_by() (curves or bars alike)
 * with the whole comparison as its table, as the CLI prints it: what its
 * CSV carries, so the CSV lists the rows the app and the CLI show.
 *
 * Returns: (transfer full) (nullable): the chart, or %NULL with @error set.
 */
VolChart *
vol_chart_build_comparison_export (VolResult *const      *results,
                                   guint                  n,
                                   const char            *by,
                                   const VolChartOptions *options,
                                   GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build_comparison (results, n, by, options, FALSE, TRUE, error);
}
