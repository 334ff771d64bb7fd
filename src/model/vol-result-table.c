/* vol-result-table.c — a result's figures as tables of rows and columns
 *
 * The generic machinery: tables, rows and cells
 * (vol-result-table-private.h), the summaries' table, the comparison
 * table and the one cell formatter. Each kind's own tables and
 * comparison rows are its schema's (VolTestInfo.tables, .compare_rows in
 * src/model/kinds/vol-kind-KIND.c).
 */
#include "vol-result-table-private.h"
#include "vol-kinds.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-size.h"

static void
row_free (gpointer data)
{
  VolResultRow *row = data;

  g_free (row->label);
  g_array_unref (row->cells);
  g_free (row);
}

void
vol_result_table_free (VolResultTable *table)
{
  if (table == NULL)
    return;
  g_free (table->title);
  g_free (table->corner);
  g_ptr_array_unref (table->columns);
  g_ptr_array_unref (table->units);
  g_ptr_array_unref (table->rows);
  g_ptr_array_unref (table->figures);
  g_ptr_array_unref (table->notes);
  g_free (table);
}

VolResultTable *
_vol_result_table_new (const char *title,
                       const char *corner)
{
  VolResultTable *table = g_new0 (VolResultTable, 1);

  table->title = g_strdup (title);
  table->corner = g_strdup (corner ? corner : "");
  table->columns = g_ptr_array_new_with_free_func (g_free);
  table->units = g_ptr_array_new_with_free_func (g_free);
  table->rows = g_ptr_array_new_with_free_func (row_free);
  table->figures = g_ptr_array_new_with_free_func (g_free);
  table->notes = g_ptr_array_new_with_free_func (g_free);
  return table;
}

void
_vol_result_table_add_column (VolResultTable *table,
                              const char     *heading,
                              const char     *unit)
{
  g_ptr_array_add (table->columns, g_strdup (heading));
  g_ptr_array_add (table->units, g_strdup (unit ? unit : ""));
}

/* A row of empty cells in the columns' units: callers fill what they have. */
VolResultRow *
_vol_result_table_add_row (VolResultTable *table,
                           const char     *label)
{
  VolResultRow *row = g_new0 (VolResultRow, 1);

  row->label = g_strdup (label);
  row->cells = g_array_sized_new (FALSE, FALSE, sizeof (VolResultCell), table->columns->len);
  for (guint c = 0; c < table->columns->len; c++)
    {
      VolResultCell cell = { NAN, NAN, g_intern_string (g_ptr_array_index (table->units, c)) };
      g_array_append_val (row->cells, cell);
    }
  g_ptr_array_add (table->rows, row);
  return row;
}

void
_vol_result_row_set_cell (VolResultRow *row,
                          guint         column,
                          double        value,
                          double        spread,
                          const char   *unit)
{
  VolResultCell *cell = &g_array_index (row->cells, VolResultCell, column);

  cell->value = value;
  cell->spread = spread;
  if (unit)
    cell->unit = g_intern_string (unit);
}

/* A figure's value, remembered as shown by @table; NAN when missing. */
double
_vol_result_table_use_figure (VolResultTable  *table,
                              const VolResult *result,
                              const char      *name)
{
  const VolFigure *figure = vol_result_get_figure (result, name);

  if (figure == NULL)
    return NAN;
  g_ptr_array_add (table->figures, g_strdup (name));
  return figure->value;
}

const char *
_vol_result_series_title (const VolResult *result,
                          const char      *name)
{
  const VolSeries *series = vol_result_get_series (result, name);

  return series && series->title ? _(series->title) : name;
}

static guint
summaries_of_series (const VolResult *result,
                     const char      *series)
{
  guint n = 0;

  for (guint i = 0; i < result->summaries->len; i++)
    n += g_strcmp0 (((VolSummary *) g_ptr_array_index (result->summaries, i))->series, series) == 0;
  return n;
}

/* "Write", or "Per queue depth, throughput" where a series has several
 * summaries: two columns must never carry one heading. */
static char *
summary_heading (const VolResult  *result,
                 const VolSummary *summary)
{
  const char *title = _vol_result_series_title (result, summary->series);

  if (summaries_of_series (result, summary->series) > 1)
    return g_strdup_printf ("%s, %s", title, summary->column);
  return g_strdup (title);
}

/* Statistics down, series across: narrow enough for a side pane. */
static VolResultTable *
summary_table (const VolResult *result)
{
  static const char *const stats[] = { N_("Mean"), N_("Std dev"), N_("Min"), N_("Max"), N_("Median"), N_("Samples") };
  VolResultTable *table;

  if (result->summaries->len == 0)
    return NULL;
  table = _vol_result_table_new (_("Summary"), "");
  for (guint i = 0; i < result->summaries->len; i++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, i);
      g_autofree char *heading = summary_heading (result, s);
      _vol_result_table_add_column (table, heading, s->unit);
    }
  for (guint k = 0; k < G_N_ELEMENTS (stats); k++)
    {
      VolResultRow *row = _vol_result_table_add_row (table, _(stats[k]));
      for (guint i = 0; i < result->summaries->len; i++)
        {
          const VolSummary *s = g_ptr_array_index (result->summaries, i);
          double values[] = { s->mean, s->stddev, s->min, s->max, s->median, s->count };

          if (k == G_N_ELEMENTS (stats) - 1)
            _vol_result_row_set_cell (row, i, s->count, NAN, "");
          else if (s->count > 0)
            _vol_result_row_set_cell (row, i, values[k], NAN, NULL);
        }
    }
  return table;
}

/* One row per point of a sweep (queue depth, thread count): the series'
 * own columns, in its own units. */
VolResultTable *
_vol_result_point_table (const VolResult           *result,
                         const char                *series_name,
                         const char                *x,
                         const char                *title,
                         const char                *corner,
                         const VolResultColumnSpec *specs,
                         guint                      n_specs)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  const VolColumn *xs = series ? vol_series_get_column (series, x) : NULL;
  const VolColumn *cols[16];
  VolResultTable *table;

  g_return_val_if_fail (n_specs <= G_N_ELEMENTS (cols), NULL);
  if (xs == NULL)
    return NULL;
  table = _vol_result_table_new (title, corner);
  for (guint c = 0; c < n_specs; c++)
    {
      cols[c] = vol_series_get_column (series, specs[c].column);
      _vol_result_table_add_column (table, _(specs[c].heading), cols[c] ? cols[c]->unit : "");
    }
  for (guint i = 0; i < xs->values->len; i++)
    {
      g_autofree char *label = g_strdup_printf ("%.0f", g_array_index (xs->values, double, i));
      VolResultRow *row = _vol_result_table_add_row (table, label);
      for (guint c = 0; c < n_specs; c++)
        if (cols[c] && i < cols[c]->values->len)
          _vol_result_row_set_cell (row, c, g_array_index (cols[c]->values, double, i), NAN, NULL);
    }
  return table;
}

/**
 * vol_result_tables:
 *
 * The tables a result's page shows, in order: the kind's own (per queue
 * depth, per thread count, per transfer size, per iteration), else the
 * summaries. Each table lists the figures it shows, so a page can leave
 * them out of its list (vol_result_tables_show_figure()).
 *
 * Returns: (transfer container) (element-type VolResultTable): possibly
 *   empty
 */
GPtrArray *
vol_result_tables (const VolResult *result)
{
  GPtrArray *tables = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_table_free);
  const VolTestInfo *info;
  VolResultTable *table;

  g_return_val_if_fail (result != NULL, tables);

  info = vol_kinds_lookup (result->kind);
  if (info != NULL && info->tables != NULL)
    info->tables (result, tables);
  if (tables->len == 0 && (table = summary_table (result)))
    g_ptr_array_add (tables, table);
  return tables;
}

/* "write-4096-stddev" beside a "write-4096-mean": folded into the mean's
 * cell as its spread (min and max are left to the single result's page). */
static gboolean
is_spread_of_mean (const VolResult *result,
                   const char      *name)
{
  static const char *const suffixes[] = { "-stddev", "-min", "-max" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (name, suffixes[i]))
      {
        g_autofree char *stem = g_strndup (name, strlen (name) - strlen (suffixes[i]));
        g_autofree char *mean = g_strconcat (stem, "-mean", NULL);
        return vol_result_get_figure (result, mean) != NULL;
      }
  return FALSE;
}

/**
 * vol_result_table_new_comparison:
 * @results: (array length=n_results): results of one test kind
 * @labels: (array length=n_results): each result's name, as
 *   vol_comparison_labels_by() gives them
 * @order: (array length=n_results): the order of the columns
 *
 * One column per result: every summary's mean ± std dev, then the test's
 * own figures, "—" where a result lacks one. Its figures list names the
 * figure rows, which come last. vol_comparison_new() builds it.
 */
VolResultTable *
vol_result_table_new_comparison (VolResult *const  *results,
                                 guint              n_results,
                                 const char *const *labels,
                                 const guint       *order)
{
  VolResultTable *table = _vol_result_table_new (_("Compared"), "");
  const VolTestInfo *info = n_results > 0 ? vol_kinds_lookup (results[order[0]]->kind) : NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint k = 0; k < n_results; k++)
    _vol_result_table_add_column (table, labels[order[k]], "");

  /* the kind's own rows first (quick: its grid's cells) */
  if (info != NULL && info->compare_rows != NULL)
    info->compare_rows (table, results, n_results, labels, order);

  for (guint k = 0; k < n_results; k++)
    for (guint i = 0; i < results[order[k]]->summaries->len; i++)
      {
        const VolSummary *s = g_ptr_array_index (results[order[k]]->summaries, i);
        g_autofree char *key = g_strdup_printf ("%s\n%s", s->series, s->column);
        g_autofree char *heading = NULL;
        VolResultRow *row;

        if (g_hash_table_contains (seen, key))
          continue;
        heading = summary_heading (results[order[k]], s);
        row = _vol_result_table_add_row (table, heading);
        for (guint j = 0; j < n_results; j++)
          {
            const VolSummary *mine = vol_result_find_summary (results[order[j]], s->series, s->column);
            if (mine && mine->count > 0)
              _vol_result_row_set_cell (row, j, mine->mean, mine->count > 1 ? mine->stddev : NAN, mine->unit);
          }
        g_hash_table_add (seen, g_steal_pointer (&key));
      }

  for (guint k = 0; k < n_results; k++)
    for (guint i = 0; i < results[order[k]]->figures->len; i++)
      {
        const VolFigure *f = g_ptr_array_index (results[order[k]]->figures, i);
        g_autofree char *key = g_strconcat ("figure\n", f->name, NULL);
        VolResultRow *row;

        if (g_hash_table_contains (seen, key) || is_spread_of_mean (results[order[k]], f->name))
          continue;
        row = _vol_result_table_add_row (table, _(f->title));
        /* the figure rows come last: the figures they show, in row order */
        g_ptr_array_add (table->figures, g_strdup (f->name));
        for (guint j = 0; j < n_results; j++)
          {
            const VolResult *r = results[order[j]];
            const VolFigure *mine = vol_result_get_figure (r, f->name);
            g_autofree char *sd_name = NULL;
            const VolFigure *sd = NULL;

            if (mine == NULL)
              continue;
            if (g_str_has_suffix (f->name, "-mean"))
              {
                sd_name = g_strdup_printf ("%.*s-stddev", (int) (strlen (f->name) - strlen ("-mean")), f->name);
                sd = vol_result_get_figure (r, sd_name);
              }
            _vol_result_row_set_cell (row, j, mine->value, sd ? sd->value : NAN, mine->unit);
          }
        g_hash_table_add (seen, g_steal_pointer (&key));
      }
  return table;
}

/**
 * vol_result_table_format_cell:
 * @binary: rates in MiB/s instead of MB/s
 *
 * A cell as the user reads it: "412.3 MB/s", "84.1 µs", "1210.0 ± 80.0
 * MB/s" (vol_value_format_spread()); "—" where there is no value.
 */
char *
vol_result_table_format_cell (const VolResultTable *table,
                              guint                 row,
                              guint                 column,
                              gboolean              binary)
{
  const VolResultRow *r;
  const VolResultCell *cell;

  g_return_val_if_fail (table != NULL && row < table->rows->len, NULL);
  r = g_ptr_array_index (table->rows, row);
  g_return_val_if_fail (column < r->cells->len, NULL);
  cell = &g_array_index (r->cells, VolResultCell, column);

  return vol_value_format_spread (cell->value, cell->spread, cell->unit, binary);
}

/**
 * vol_result_tables_show_figure:
 * @tables: (element-type VolResultTable): from vol_result_tables()
 *
 * Returns: whether a page that shows @tables should still list the figure
 *   @name on its own: FALSE when a table already holds it.
 */
gboolean
vol_result_tables_show_figure (GPtrArray  *tables,
                               const char *name)
{
  for (guint t = 0; t < tables->len; t++)
    {
      const VolResultTable *table = g_ptr_array_index (tables, t);
      for (guint i = 0; i < table->figures->len; i++)
        if (g_strcmp0 (g_ptr_array_index (table->figures, i), name) == 0)
          return FALSE;
    }
  return TRUE;
}
