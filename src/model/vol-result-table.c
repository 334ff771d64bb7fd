/* vol-result-table.c — a result's figures as tables of rows and columns */
#include "vol-result-table.h"
#include "vol-kinds.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-quick.h"
#include "vol-size.h"
#include "vol-stats.h"

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

static VolResultTable *
table_new (const char *title,
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

static void
add_column (VolResultTable *table,
            const char     *heading,
            const char     *unit)
{
  g_ptr_array_add (table->columns, g_strdup (heading));
  g_ptr_array_add (table->units, g_strdup (unit ? unit : ""));
}

/* A row of empty cells in the columns' units: callers fill what they have. */
static VolResultRow *
add_row (VolResultTable *table,
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

static void
set_cell (VolResultRow *row,
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
static double
use_figure (VolResultTable  *table,
            const VolResult *result,
            const char      *name)
{
  const VolFigure *figure = vol_result_get_figure (result, name);

  if (figure == NULL)
    return NAN;
  g_ptr_array_add (table->figures, g_strdup (name));
  return figure->value;
}

static const char *
series_title (const VolResult *result,
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
  const char *title = series_title (result, summary->series);

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
  table = table_new (_("Summary"), "");
  for (guint i = 0; i < result->summaries->len; i++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, i);
      g_autofree char *heading = summary_heading (result, s);
      add_column (table, heading, s->unit);
    }
  for (guint k = 0; k < G_N_ELEMENTS (stats); k++)
    {
      VolResultRow *row = add_row (table, _(stats[k]));
      for (guint i = 0; i < result->summaries->len; i++)
        {
          const VolSummary *s = g_ptr_array_index (result->summaries, i);
          double values[] = { s->mean, s->stddev, s->min, s->max, s->median, s->count };

          if (k == G_N_ELEMENTS (stats) - 1)
            set_cell (row, i, s->count, NAN, "");
          else if (s->count > 0)
            set_cell (row, i, values[k], NAN, NULL);
        }
    }
  return table;
}

typedef struct
{
  const char *column;   /* in the series */
  const char *heading;  /* N_() */
} ColumnSpec;

/* One row per point of a sweep (queue depth, thread count): the series'
 * own columns, in its own units. */
static VolResultTable *
point_table (const VolResult  *result,
             const char       *series_name,
             const char       *x,
             const char       *title,
             const char       *corner,
             const ColumnSpec *specs,
             guint             n_specs)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  const VolColumn *xs = series ? vol_series_get_column (series, x) : NULL;
  const VolColumn *cols[16];
  VolResultTable *table;

  g_return_val_if_fail (n_specs <= G_N_ELEMENTS (cols), NULL);
  if (xs == NULL)
    return NULL;
  table = table_new (title, corner);
  for (guint c = 0; c < n_specs; c++)
    {
      cols[c] = vol_series_get_column (series, specs[c].column);
      add_column (table, _(specs[c].heading), cols[c] ? cols[c]->unit : "");
    }
  for (guint i = 0; i < xs->values->len; i++)
    {
      g_autofree char *label = g_strdup_printf ("%.0f", g_array_index (xs->values, double, i));
      VolResultRow *row = add_row (table, label);
      for (guint c = 0; c < n_specs; c++)
        if (cols[c] && i < cols[c]->values->len)
          set_cell (row, c, g_array_index (cols[c]->values, double, i), NAN, NULL);
    }
  return table;
}

/* Two narrow tables rather than one of seven columns: each fits the
 * result pane beside the sidebar without scrolling sideways. */
static void
queue_tables (const VolResult *result,
              GPtrArray       *tables)
{
  static const ColumnSpec rates[] = {
    { VOL_COL_IOPS, N_("IOPS") },
    { VOL_COL_THROUGHPUT, N_("Throughput") },
  };
  static const ColumnSpec latency[] = {
    { VOL_COL_LAT_MEAN, N_("Mean") },
    { VOL_COL_LAT_P50, N_("p50") },
    { VOL_COL_LAT_P99, N_("p99") },
    { VOL_COL_LAT_P999, N_("p99.9") },
  };
  VolResultTable *table;

  if ((table = point_table (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_DEPTH, _("Per queue depth"), C_("queue depth", "QD"), rates, G_N_ELEMENTS (rates))))
    g_ptr_array_add (tables, table);
  if ((table = point_table (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_DEPTH, _("Latency per queue depth"), C_("queue depth", "QD"), latency, G_N_ELEMENTS (latency))))
    g_ptr_array_add (tables, table);
}

static void
threads_tables (const VolResult *result,
                GPtrArray       *tables)
{
  static const ColumnSpec total[] = {
    { "throughput", N_("Total") },
    { "per-thread-mean", N_("Per thread") },
  };
  static const ColumnSpec each[] = {
    { "per-thread-min", N_("Slowest") },
    { "per-thread-max", N_("Fastest") },
  };
  VolResultTable *table;

  if ((table = point_table (result, "threads", "threads", _("Throughput per thread count"), _("Threads"), total, G_N_ELEMENTS (total))))
    g_ptr_array_add (tables, table);
  if ((table = point_table (result, "threads", "threads", _("Slowest and fastest thread"), _("Threads"), each, G_N_ELEMENTS (each))))
    g_ptr_array_add (tables, table);
}

static gboolean
array_has (GArray *values,
           double  value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, double, i) == value)
      return TRUE;
  return FALSE;
}

/* Mean ± std dev of one direction at one size: the test's own figures,
 * else (a result that lacks them) computed from its samples. */
static void
transfer_cell (VolResultTable  *table,
               const VolResult *result,
               VolResultRow    *row,
               guint            column,
               const char      *direction,
               double           size)
{
  static const char *const stats[] = { "mean", "stddev", "min", "max" };
  double found[G_N_ELEMENTS (stats)];
  const VolSeries *series = vol_result_get_series (result, direction);
  const VolColumn *sizes = series ? vol_series_get_column (series, "size") : NULL;
  const VolColumn *rates = series ? vol_series_get_column (series, "throughput") : NULL;
  g_autoptr(GArray) values = NULL;
  VolStats computed;

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%.0f-%s", direction, size, stats[i]);
      found[i] = use_figure (table, result, name);
    }
  if (isfinite (found[0]))
    {
      set_cell (row, column, found[0], found[1], "B/s");
      return;
    }
  if (sizes == NULL || rates == NULL)
    return;
  values = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < sizes->values->len && i < rates->values->len; i++)
    if (g_array_index (sizes->values, double, i) == size)
      g_array_append_val (values, g_array_index (rates->values, double, i));
  if (values->len == 0)
    return;
  vol_stats_compute ((const double *) values->data, values->len, &computed);
  set_cell (row, column, computed.mean, computed.count > 1 ? computed.stddev : NAN, "B/s");
}

static VolResultTable *
transfer_table (const VolResult *result)
{
  static const char *const directions[] = { "write", "read" };
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (double));
  VolResultTable *table;

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    {
      const VolSeries *series = vol_result_get_series (result, directions[d]);
      const VolColumn *column = series ? vol_series_get_column (series, "size") : NULL;
      for (guint i = 0; column && i < column->values->len; i++)
        if (!array_has (sizes, g_array_index (column->values, double, i)))
          g_array_append_val (sizes, g_array_index (column->values, double, i));
    }
  if (sizes->len == 0)
    return NULL;
  table = table_new (_("Per transfer size"), C_("transfer size", "Size"));
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    add_column (table, series_title (result, directions[d]), "B/s");
  for (guint i = 0; i < sizes->len; i++)
    {
      double size = g_array_index (sizes, double, i);
      g_autofree char *label = vol_size_format_double (size);
      VolResultRow *row = add_row (table, label);
      for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
        transfer_cell (table, result, row, d, directions[d], size);
    }
  return table;
}

/* Iterations down, writes and reads across, then the reviews' statistics
 * (docs/tests/random.md): @suffix is "" or "-1024" for a count sweep. */
static VolResultTable *
random_iterations (const VolResult *result,
                   const char      *suffix,
                   const char      *title)
{
  static const struct { const char *figure; const char *label; const char *summary_unit; } stats[] = {
    { "slowest", N_("Slowest"), NULL },
    { "fastest", N_("Fastest"), NULL },
    { "average", N_("Average"), NULL },
    { "median", N_("Median"), NULL },
    { "range", N_("Range"), NULL },
    { "range-percent", N_("Range, percent"), "%" },
  };
  g_autofree char *write_name = g_strconcat ("write", suffix, NULL);
  g_autofree char *read_name = g_strconcat ("read", suffix, NULL);
  const VolSeries *series[] = { vol_result_get_series (result, write_name), vol_result_get_series (result, read_name) };
  const char *names[] = { write_name, read_name };
  const VolColumn *ops[2] = { NULL, NULL };
  guint n = 0;
  VolResultTable *table = table_new (title, _("Iteration"));

  /* the cells say IO/s: short headings keep the table narrow */
  add_column (table, _("Write"), VOL_UNIT_IOPS);
  add_column (table, _("Read"), VOL_UNIT_IOPS);
  for (guint d = 0; d < 2; d++)
    {
      ops[d] = series[d] ? vol_series_get_column (series[d], VOL_RANDOM_COL_OPS) : NULL;
      n = MAX (n, ops[d] ? ops[d]->values->len : 0);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strdup_printf ("%u", i + 1);
      VolResultRow *row = add_row (table, label);
      for (guint d = 0; d < 2; d++)
        if (ops[d] && i < ops[d]->values->len)
          set_cell (row, d, g_array_index (ops[d]->values, double, i), NAN, NULL);
    }
  for (guint k = 0; k < G_N_ELEMENTS (stats); k++)
    {
      VolResultRow *row = add_row (table, _(stats[k].label));

      row->rule = k == 0 && n > 0;
      for (guint d = 0; d < 2; d++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%s", names[d], stats[k].figure);
          const VolSummary *s = vol_result_get_summary (result, names[d]);
          double value = use_figure (table, result, name);

          /* a result without the figures (an older file): from the summary */
          if (!isfinite (value) && s && s->count > 0)
            {
              double fallback[] = { s->min, s->max, s->mean, s->median, s->max - s->min,
                                    s->mean != 0 ? (s->max - s->min) / s->mean * 100 : NAN };
              value = fallback[k];
            }
          set_cell (row, d, value, NAN, stats[k].summary_unit);
        }
    }
  return table;
}

static int
compare_counts (gconstpointer a,
                gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static void
random_tables (const VolResult *result,
               GPtrArray       *tables)
{
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint64));
  VolResultTable *sustained;

  if (vol_result_get_series (result, "write") || vol_result_get_series (result, "read"))
    {
      g_ptr_array_add (tables, random_iterations (result, "", _("Per iteration")));
      return;
    }
  /* a count sweep: series write-N and read-N */
  for (guint i = 0; i < result->series->len; i++)
    {
      const VolSeries *series = g_ptr_array_index (result->series, i);
      const char *digits = g_str_has_prefix (series->name, "write-") ? series->name + 6 : NULL;
      char *end = NULL;
      guint64 count = digits ? g_ascii_strtoull (digits, &end, 10) : 0;

      if (digits && *digits && end && *end == '\0')
        g_array_append_val (counts, count);
    }
  if (counts->len == 0)
    return;
  g_array_sort (counts, compare_counts);
  sustained = table_new (_("Average per I/O count"), _("I/Os"));
  add_column (sustained, _("Write"), VOL_UNIT_IOPS);
  add_column (sustained, _("Read"), VOL_UNIT_IOPS);
  g_ptr_array_add (tables, sustained);
  for (guint i = 0; i < counts->len; i++)
    {
      guint64 count = g_array_index (counts, guint64, i);
      g_autofree char *label = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
      g_autofree char *suffix = g_strdup_printf ("-%" G_GUINT64_FORMAT, count);
      g_autofree char *write_avg = g_strdup_printf ("write%s-average", suffix);
      g_autofree char *read_avg = g_strdup_printf ("read%s-average", suffix);
      /* TRANSLATORS: %s is a number of random I/Os, "1024" */
      g_autofree char *title = g_strdup_printf (_("%s I/Os, per iteration"), label);
      VolResultRow *row = add_row (sustained, label);
      const VolFigure *w = vol_result_get_figure (result, write_avg);
      const VolFigure *r = vol_result_get_figure (result, read_avg);

      set_cell (row, 0, w ? w->value : NAN, NAN, NULL);
      set_cell (row, 1, r ? r->value : NAN, NAN, NULL);
      g_ptr_array_add (tables, random_iterations (result, suffix, title));
    }
}

/* The grid of the desktop benchmarks: a row per test (SEQ1M Q8T1 …),
 * reads, writes (and mix) across; the mean over the loops ± its 95 %
 * interval, then the same in IO/s, the best loop (what CrystalDiskMark
 * shows), and the latency. */
static void
quick_tables (const VolResult *result,
              GPtrArray       *tables)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  static const struct { const char *title; const char *unit; guint what; } grids[] = {
    /* xgettext:no-c-format */
    { N_("Mean over the loops ± 95 % interval"), "B/s", 0 },
    { N_("In I/O operations per second"), "IO/s", 1 },
    { N_("The best loop"), "B/s", 2 },
  };
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  gboolean has_mode[G_N_ELEMENTS (modes)] = { FALSE };
  g_autoptr(GPtrArray) titles = vol_quick_row_titles (cells, n);
  g_autoptr(GArray) row_of = g_array_new (FALSE, FALSE, sizeof (guint));
  VolResultTable *lat;

  if (n == 0)
    return;
  /* the rows in the order measured, each once */
  for (guint i = 0; i < n; i++)
    {
      guint r = vol_quick_title_index (titles, &cells[i]);

      g_array_append_val (row_of, r);
      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        if (cells[i].read_percent == modes[m])
          has_mode[m] = TRUE;
    }

  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    {
      VolResultTable *table = table_new (_(grids[g].title), _("Test"));

      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        if (has_mode[m])
          add_column (table, vol_quick_mode_title (modes[m]), grids[g].unit);
      for (guint r = 0; r < titles->len; r++)
        add_row (table, g_ptr_array_index (titles, r));
      for (guint i = 0; i < n; i++)
        {
          VolResultRow *row = g_ptr_array_index (table->rows, g_array_index (row_of, guint, i));
          guint column = 0;
          for (guint m = 0; m < G_N_ELEMENTS (modes) && modes[m] != cells[i].read_percent; m++)
            column += has_mode[m];
          if (grids[g].what == 0)
            set_cell (row, column, cells[i].throughput, cells[i].loops > 1 ? cells[i].throughput_ci95 : NAN, NULL);
          else if (grids[g].what == 1)
            set_cell (row, column, cells[i].iops, cells[i].loops > 1 ? cells[i].iops_ci95 : NAN, NULL);
          else
            set_cell (row, column, cells[i].throughput_best, NAN, NULL);
        }
      g_ptr_array_add (tables, table);
    }

  lat = table_new (_("Latency per I/O"), _("Test"));
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    if (has_mode[m])
      {
        /* TRANSLATORS: a column: "Read, mean" */
        g_autofree char *mean = g_strdup_printf (_("%s, mean"), vol_quick_mode_title (modes[m]));
        /* TRANSLATORS: a column: "Read, p99" (99th percentile) */
        g_autofree char *p99 = g_strdup_printf (_("%s, p99"), vol_quick_mode_title (modes[m]));
        add_column (lat, mean, "s");
        add_column (lat, p99, "s");
      }
  for (guint r = 0; r < titles->len; r++)
    add_row (lat, g_ptr_array_index (titles, r));
  for (guint i = 0; i < n; i++)
    {
      VolResultRow *row = g_ptr_array_index (lat->rows, g_array_index (row_of, guint, i));
      guint column = 0;
      for (guint m = 0; m < G_N_ELEMENTS (modes) && modes[m] != cells[i].read_percent; m++)
        column += 2 * has_mode[m];
      set_cell (row, column, cells[i].lat_mean, NAN, NULL);
      set_cell (row, column + 1, cells[i].lat_p99, NAN, NULL);
    }
  g_ptr_array_add (tables, lat);
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
  VolResultTable *table = NULL;

  g_return_val_if_fail (result != NULL, tables);

  if (g_strcmp0 (result->kind, "quick") == 0)
    quick_tables (result, tables);
  else if (g_strcmp0 (result->kind, "queue") == 0)
    queue_tables (result, tables);
  else if (g_strcmp0 (result->kind, "threads") == 0)
    threads_tables (result, tables);
  else if (g_strcmp0 (result->kind, "transfer") == 0)
    table = transfer_table (result);
  else if (g_strcmp0 (result->kind, "random") == 0)
    random_tables (result, tables);
  if (table)
    g_ptr_array_add (tables, table);
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
  VolResultTable *table = table_new (_("Compared"), "");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint k = 0; k < n_results; k++)
    add_column (table, labels[order[k]], "");

  /* quick: the grid's cells, each result's mean over its loops ± its
   * interval, then whether each differs from the first beyond its loops'
   * noise (Welch's t-test, vol_quick_compare_lines()) */
  if (g_strcmp0 (results[order[0]]->kind, "quick") == 0)
    {
      guint n;
      g_autofree VolQuickCell *cells = vol_quick_cells (results[order[0]], &n);
      g_autoptr(GPtrArray) lines = vol_quick_compare_lines (results, n_results, labels, order);

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *title = vol_quick_row_title (&cells[i].row);
          g_autofree char *heading = g_strdup_printf ("%s %s", title, vol_quick_mode_title (cells[i].read_percent));
          VolResultRow *row = add_row (table, heading);

          for (guint j = 0; j < n_results; j++)
            {
              guint m;
              g_autofree VolQuickCell *theirs = vol_quick_cells (results[order[j]], &m);
              const VolQuickCell *c = vol_quick_find_cell (theirs, m, &cells[i].row, cells[i].read_percent);

              if (c != NULL)
                set_cell (row, j, c->throughput, c->loops > 1 ? c->throughput_ci95 : NAN, "B/s");
            }
        }
      for (guint i = 0; i < lines->len; i++)
        g_ptr_array_add (table->notes, g_strdup (g_ptr_array_index (lines, i)));
    }

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
        row = add_row (table, heading);
        for (guint j = 0; j < n_results; j++)
          {
            const VolSummary *mine = vol_result_find_summary (results[order[j]], s->series, s->column);
            if (mine && mine->count > 0)
              set_cell (row, j, mine->mean, mine->count > 1 ? mine->stddev : NAN, mine->unit);
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
        row = add_row (table, _(f->title));
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
            set_cell (row, j, mine->value, sd ? sd->value : NAN, mine->unit);
          }
        g_hash_table_add (seen, g_steal_pointer (&key));
      }
  return table;
}

/**
 * vol_result_table_format_cell:
 * @binary: rates in MiB/s instead of MB/s
 *
 * A cell as the user reads it: "412.3 MB/s", "84.1 µs", "1.2 GB/s ± 80.0
 * MB/s"; "—" where there is no value.
 */
char *
vol_result_table_format_cell (const VolResultTable *table,
                              guint                 row,
                              guint                 column,
                              gboolean              binary)
{
  const VolResultRow *r;
  const VolResultCell *cell;
  g_autofree char *value = NULL;
  g_autofree char *spread = NULL;

  g_return_val_if_fail (table != NULL && row < table->rows->len, NULL);
  r = g_ptr_array_index (table->rows, row);
  g_return_val_if_fail (column < r->cells->len, NULL);
  cell = &g_array_index (r->cells, VolResultCell, column);

  value = vol_value_format (cell->value, cell->unit, binary);
  if (!isfinite (cell->value) || !isfinite (cell->spread))
    return g_steal_pointer (&value);
  spread = vol_value_format (cell->spread, cell->unit, binary);
  /* "2904.5 ± 171.6 MB/s": the unit once where both have the same */
  {
    const char *unit = strrchr (spread, ' ');
    gsize vlen = strlen (value);

    if (unit && g_str_has_suffix (value, unit) && vlen > strlen (unit))
      return g_strdup_printf ("%.*s ± %s", (int) (vlen - strlen (unit)), value, spread);
  }
  return g_strdup_printf ("%s ± %s", value, spread);
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
