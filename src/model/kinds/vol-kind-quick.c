/* vol-kind-quick.c — the quick test kind: parameters, and its result's
 * series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help) and the estimate of a run: what the CLI, the app's rows,
 * validation and a result's reader need, with no engine. Then its
 * result: the loops series (a row per measurement) and the grid (a row
 * per row of the profile and mode: mean over the loops, its interval,
 * the best loop, the latency), made through the functions below by the
 * engine's run (vol-test-quick.c) and by a remote host's figures alike.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-quick.h"
#include "vol-result-headline-private.h"
#include "vol-result-table-private.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its result --------------------------------------------------------- */

static const char *const loops_columns[][2] = {
  { VOL_QUICK_COL_ROW, VOL_UNIT_NONE }, { VOL_QUICK_COL_READ_PERCENT, VOL_UNIT_PERCENT },
  { VOL_QUICK_COL_LOOP, VOL_UNIT_NONE }, { VOL_COL_THROUGHPUT, VOL_UNIT_RATE }, { VOL_COL_IOPS, VOL_UNIT_IOPS },
  { VOL_COL_LAT_MEAN, VOL_UNIT_SECONDS }, { VOL_COL_LAT_P99, VOL_UNIT_SECONDS },
  { VOL_COL_IOS, VOL_UNIT_NONE }, { VOL_COL_BYTES, VOL_UNIT_BYTES }, { VOL_COL_SECONDS, VOL_UNIT_SECONDS },
};

static const char *const grid_columns[][2] = {
  { VOL_QUICK_COL_ROW, VOL_UNIT_NONE }, { VOL_QUICK_COL_READ_PERCENT, VOL_UNIT_PERCENT },
  { VOL_QUICK_COL_SEQUENTIAL, VOL_UNIT_NONE }, { VOL_QUICK_COL_BLOCK, VOL_UNIT_BYTES },
  { VOL_COL_DEPTH, VOL_UNIT_NONE }, { VOL_QUICK_COL_THREADS, VOL_UNIT_NONE },
  { VOL_COL_THROUGHPUT, VOL_UNIT_RATE }, { VOL_QUICK_COL_THROUGHPUT_CI95, VOL_UNIT_RATE },
  { VOL_QUICK_COL_THROUGHPUT_BEST, VOL_UNIT_RATE },
  { VOL_COL_IOPS, VOL_UNIT_IOPS }, { VOL_QUICK_COL_IOPS_CI95, VOL_UNIT_IOPS }, { VOL_QUICK_COL_IOPS_BEST, VOL_UNIT_IOPS },
  { VOL_COL_LAT_MEAN, VOL_UNIT_SECONDS }, { VOL_COL_LAT_P50, VOL_UNIT_SECONDS }, { VOL_COL_LAT_P99, VOL_UNIT_SECONDS },
  { VOL_QUICK_COL_LOOPS, VOL_UNIT_NONE },
};

static void
add_columns (VolSeries         *series,
             const char *const  columns[][2],
             guint              n)
{
  for (guint i = 0; i < n; i++)
    vol_series_add_column (series, columns[i][0], columns[i][1]);
}

/**
 * vol_kind_quick_add_loops:
 *
 * Adds the empty loops series: a row per measurement. Any thread.
 */
VolSeries *
vol_kind_quick_add_loops (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_QUICK_SERIES_LOOPS, N_("Every loop"),
                                        VOL_QUICK_COL_LOOP, VOL_COL_THROUGHPUT);

  add_columns (s, loops_columns, G_N_ELEMENTS (loops_columns));
  return s;
}

/**
 * vol_kind_quick_add_grid:
 *
 * Adds the empty grid: a row per cell (a row of the profile in a mode).
 */
VolSeries *
vol_kind_quick_add_grid (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_QUICK_SERIES_GRID, N_("Per row"),
                                        VOL_QUICK_COL_ROW, VOL_COL_THROUGHPUT);

  add_columns (s, grid_columns, G_N_ELEMENTS (grid_columns));
  return s;
}

/* One measurement as a row of the loops series; a local run's and a
 * remote host's (fio's rates; for "All clients" the hosts' summed)
 * alike. */
void
vol_kind_quick_append_loop (VolSeries          *loops,
                            const VolQuickLoop *loop)
{
  double row[G_N_ELEMENTS (loops_columns)] = {
    loop->row, loop->read_percent, loop->loop + 1, loop->throughput, loop->iops, loop->lat_mean,
    loop->lat_p99, loop->ios, loop->bytes, loop->seconds,
  };

  vol_series_append (loops, row, G_N_ELEMENTS (row));
}

/* Row @i of @column, 0 where a file lacks it. */
static double
value_at (const VolColumn *column,
          guint            i)
{
  return column != NULL && i < column->values->len ? g_array_index (column->values, double, i) : 0;
}

/**
 * vol_kind_quick_loop_column:
 * @loops: (nullable): the loops series (a loaded file's may lack columns)
 * @column: VOL_COL_THROUGHPUT, VOL_COL_IOPS, …
 *
 * The loops' @column of row @row in mode @read_percent, in the order
 * measured: the grid's cells, a comparison's test of significance and a
 * remote host's latency weights read them so. 0 where a row lacks it.
 *
 * Returns: (transfer full): a new array of double, empty without loops
 */
GArray *
vol_kind_quick_loop_column (const VolSeries *loops,
                            guint            row,
                            guint            read_percent,
                            const char      *column)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  VolSeries *s = (VolSeries *) loops;
  const VolColumn *c_row, *c_mode, *c_value;

  if (s == NULL)
    return values;
  c_row = vol_series_get_column (s, VOL_QUICK_COL_ROW);
  c_mode = vol_series_get_column (s, VOL_QUICK_COL_READ_PERCENT);
  c_value = vol_series_get_column (s, column);
  for (guint i = 0; i < vol_series_get_length (s); i++)
    if (value_at (c_row, i) == row && value_at (c_mode, i) == read_percent)
      {
        double v = value_at (c_value, i);
        g_array_append_val (values, v);
      }
  return values;
}

/**
 * vol_kind_quick_append_cell:
 * @throughput: the loops' throughputs (vol_kind_quick_loop_values())
 * @iops: their IOPS
 *
 * One cell of the grid from its loops (mean, interval, best) and its
 * latencies; a local run's and a remote host's alike.
 */
void
vol_kind_quick_append_cell (VolSeries         *grid,
                            guint              row,
                            const VolQuickRow *desc,
                            guint              read_percent,
                            GArray            *throughput,
                            GArray            *iops,
                            double             lat_mean,
                            double             lat_p50,
                            double             lat_p99)
{
  double cell[G_N_ELEMENTS (grid_columns)];

  cell[0] = row;
  cell[1] = read_percent;
  cell[2] = desc->sequential;
  cell[3] = desc->block;
  cell[4] = desc->depth;
  cell[5] = desc->threads;
  vol_quick_over_loops ((const double *) throughput->data, throughput->len, &cell[6], &cell[7], &cell[8]);
  vol_quick_over_loops ((const double *) iops->data, iops->len, &cell[9], &cell[10], &cell[11]);
  cell[12] = lat_mean;
  cell[13] = lat_p50;
  cell[14] = lat_p99;
  cell[15] = throughput->len;
  vol_series_append (grid, cell, G_N_ELEMENTS (cell));
}

/**
 * vol_kind_quick_summarize:
 * @cpu_user: CPU seconds of the I/O threads (0 and 0: not known, no figure)
 *
 * The grid is the result: no summary over its rows (a mean of a
 * sequential and a random row means nothing), only the totals.
 */
void
vol_kind_quick_summarize (VolResult *result,
                          double     bytes_moved,
                          double     test_size,
                          double     cpu_user,
                          double     cpu_system)
{
  vol_result_add_figure (result, VOL_FIG_BYTES, N_("Bytes moved"), VOL_UNIT_BYTES, bytes_moved);
  vol_result_add_figure (result, VOL_QUICK_FIG_TEST_SIZE, N_("Test size"), VOL_UNIT_BYTES, test_size);
  if (cpu_user + cpu_system > 0)
    {
      vol_result_add_figure (result, VOL_FIG_WORKER_CPU_USER, N_("CPU of the I/O threads, user"),
                             VOL_UNIT_SECONDS, cpu_user);
      vol_result_add_figure (result, VOL_FIG_WORKER_CPU_SYSTEM, N_("CPU of the I/O threads, system"),
                             VOL_UNIT_SECONDS, cpu_system);
    }
}

/* ---- what a result shows ----------------------------------------------- */

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
    { N_("Mean over the loops ± 95 % interval"), VOL_UNIT_RATE, 0 },
    { N_("In I/O operations per second"), VOL_UNIT_IOPS, 1 },
    { N_("The best loop"), VOL_UNIT_RATE, 2 },
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
      VolResultTable *table = _vol_result_table_new (_(grids[g].title), _("Test"));

      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        if (has_mode[m])
          _vol_result_table_add_column (table, vol_quick_mode_title (modes[m]), grids[g].unit);
      for (guint r = 0; r < titles->len; r++)
        _vol_result_table_add_row (table, g_ptr_array_index (titles, r));
      for (guint i = 0; i < n; i++)
        {
          VolResultRow *row = g_ptr_array_index (table->rows, g_array_index (row_of, guint, i));
          guint column = 0;
          for (guint m = 0; m < G_N_ELEMENTS (modes) && modes[m] != cells[i].read_percent; m++)
            column += has_mode[m];
          if (grids[g].what == 0)
            _vol_result_row_set_cell (row, column, cells[i].throughput, cells[i].loops > 1 ? cells[i].throughput_ci95 : NAN, NULL);
          else if (grids[g].what == 1)
            _vol_result_row_set_cell (row, column, cells[i].iops, cells[i].loops > 1 ? cells[i].iops_ci95 : NAN, NULL);
          else
            _vol_result_row_set_cell (row, column, cells[i].throughput_best, NAN, NULL);
        }
      g_ptr_array_add (tables, table);
    }

  lat = _vol_result_table_new (_("Latency per I/O"), _("Test"));
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    if (has_mode[m])
      {
        /* TRANSLATORS: a column: "Read, mean" */
        g_autofree char *mean = g_strdup_printf (_("%s, mean"), vol_quick_mode_title (modes[m]));
        /* TRANSLATORS: a column: "Read, p99" (99th percentile) */
        g_autofree char *p99 = g_strdup_printf (_("%s, p99"), vol_quick_mode_title (modes[m]));
        _vol_result_table_add_column (lat, mean, VOL_UNIT_SECONDS);
        _vol_result_table_add_column (lat, p99, VOL_UNIT_SECONDS);
      }
  for (guint r = 0; r < titles->len; r++)
    _vol_result_table_add_row (lat, g_ptr_array_index (titles, r));
  for (guint i = 0; i < n; i++)
    {
      VolResultRow *row = g_ptr_array_index (lat->rows, g_array_index (row_of, guint, i));
      guint column = 0;
      for (guint m = 0; m < G_N_ELEMENTS (modes) && modes[m] != cells[i].read_percent; m++)
        column += 2 * has_mode[m];
      _vol_result_row_set_cell (row, column, cells[i].lat_mean, NAN, NULL);
      _vol_result_row_set_cell (row, column + 1, cells[i].lat_p99, NAN, NULL);
    }
  g_ptr_array_add (tables, lat);
}

/* The grid's cells, each result's mean over its loops ± its interval,
 * then whether each differs from the first beyond its loops' noise
 * (Welch's t-test, vol_quick_compare_lines()). */
static void
quick_compare_rows (VolResultTable    *table,
                    VolResult *const  *results,
                    guint              n_results,
                    const char *const *labels,
                    const guint       *order)
{
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (results[order[0]], &n);
  g_autoptr(GPtrArray) lines = vol_quick_compare_lines (results, n_results, labels, order);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = vol_quick_row_title (&cells[i].row);
      g_autofree char *heading = g_strdup_printf ("%s %s", title, vol_quick_mode_title (cells[i].read_percent));
      VolResultRow *row = _vol_result_table_add_row (table, heading);

      for (guint j = 0; j < n_results; j++)
        {
          guint m;
          g_autofree VolQuickCell *theirs = vol_quick_cells (results[order[j]], &m);
          const VolQuickCell *c = vol_quick_find_cell (theirs, m, &cells[i].row, cells[i].read_percent);

          if (c != NULL)
            _vol_result_row_set_cell (row, j, c->throughput, c->loops > 1 ? c->throughput_ci95 : NAN, VOL_UNIT_RATE);
        }
    }
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (table->notes, g_strdup (g_ptr_array_index (lines, i)));
}

/* The grid's first cell, the figure the forums quote first: the
 * sequential read of the profile's first row, mean over the loops. */
static VolResultHeadline *
quick_headline (const VolResult *result)
{
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  g_autofree char *title = NULL;

  if (n == 0)
    return NULL;
  title = vol_quick_row_title (&cells[0].row);
  /* TRANSLATORS: "SEQ1M Q8T1 Read" */
  return _vol_result_headline_new (g_strdup_printf (_("%s %s"), title, vol_quick_mode_title (cells[0].read_percent)),
                                   cells[0].throughput, VOL_UNIT_RATE);
}

/* ---- its parameters and their checks ----------------------------------- */

const char *const vol_kind_quick_profiles[] = { "standard", "nvme", "peak", "realworld", NULL };

static const char *const quick_profile_labels[] = {
  N_("Standard"), N_("NVMe"), N_("Peak"), N_("Real world"), NULL,
};

const char *const vol_kind_quick_backends[] = { "auto", "io_uring", "threads", NULL };

static const char *const quick_backend_labels[] = {
  N_("Automatic"), N_("io_uring"), N_("A pool of threads"), NULL,
};

static const VolParamDesc quick_params[] = {
  { "profile", VOL_PARAM_CHOICE, N_("Profile"),
    N_("The rows measured: Standard, NVMe, Peak or Real world, as the desktop benchmarks name them"),
    NULL, "standard", 0, 0, 0, 0, vol_kind_quick_profiles, 0, quick_profile_labels },
  { "size", VOL_PARAM_SIZE, N_("Test size"),
    N_("The one test file every row reads and writes (less if the volume has less free space)"),
    "SIZE", "1G", 16 * MiB, 64 * GiB, 0, MiB },
  { "loops", VOL_PARAM_INT, N_("Loops"), N_("Times every row is measured; the figure is their mean"),
    "N", "5", 1, 9 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per measurement"), N_("How long each row runs in each loop"),
    "S", "5", 0.2, 60 },
  { "pause", VOL_PARAM_DOUBLE, N_("Pause between measurements"),
    N_("Seconds of rest before each measurement, for drives that slow down when hot"),
    "S", "0", 0, 60 },
  /* xgettext:no-c-format */
  { "mix", VOL_PARAM_BOOL, N_("Mixed rows"), N_("Also measure every row with 70 % reads and 30 % writes"),
    NULL, "no" },
  { "backend", VOL_PARAM_CHOICE, N_("I/O backend"), N_("io_uring, or a pool of threads doing pread/pwrite"),
    NULL, "auto", 0, 0, 0, 0, vol_kind_quick_backends, 0, quick_backend_labels },
};

/* The file laid down, then every measurement's set time; the writes of
 * the write and mix rows are as many as the device takes in it. */
static void
quick_estimate (const VolTestInfo *info,
                const VolTestSpec *spec,
                guint64            free_bytes,
                guint64            capacity,
                VolEstimate       *out)
{
  guint n_rows, modes = vol_test_spec_get_bool (spec, "mix") ? 3 : 2;
  double seconds = vol_test_spec_get_double (spec, "seconds");
  guint64 size = vol_estimate_fit ((guint64) vol_test_spec_get_int (spec, "size"), free_bytes, VOL_KIND_KEEP_FREE);

  vol_quick_profile_rows (vol_test_spec_get_string (spec, "profile"), &n_rows);
  out->bytes_written = size;
  out->bytes_held = size;
  out->bytes_moved = size;
  out->timed_writes = TRUE;
  out->fixed_seconds = modes * (MIN (seconds, VOL_QUICK_WARM_UP_MAX_S)
                                + vol_test_spec_get_int (spec, "loops") * n_rows
                                  * (seconds + vol_test_spec_get_double (spec, "pause")));
}

const VolTestInfo vol_kind_quick_info = {
  .name = VOL_KIND_QUICK,
  .title = N_("Quick benchmark"),
  .description = N_("The one-click grid: sequential and random reads and writes at the classic queue depths"),
  .params = quick_params,
  .n_params = G_N_ELEMENTS (quick_params),
  .estimate = quick_estimate,
  .tables = quick_tables,
  .headline = quick_headline,
  .compare_rows = quick_compare_rows,
};
