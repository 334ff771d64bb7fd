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
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-quick.h"
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

/**
 * vol_kind_quick_loop_values:
 *
 * Appends to each array the loops' figure of row @row in mode
 * @read_percent, in the order measured.
 */
void
vol_kind_quick_loop_values (const VolSeries *loops,
                            guint            row,
                            guint            read_percent,
                            GArray          *throughput,
                            GArray          *iops,
                            GArray          *ios,
                            GArray          *lat_mean)
{
  VolSeries *s = (VolSeries *) loops;
  VolColumn *c_row = vol_series_get_column (s, VOL_QUICK_COL_ROW);
  VolColumn *c_mode = vol_series_get_column (s, VOL_QUICK_COL_READ_PERCENT);
  VolColumn *c_tp = vol_series_get_column (s, VOL_COL_THROUGHPUT);
  VolColumn *c_iops = vol_series_get_column (s, VOL_COL_IOPS);
  VolColumn *c_ios = vol_series_get_column (s, VOL_COL_IOS);
  VolColumn *c_lat = vol_series_get_column (s, VOL_COL_LAT_MEAN);

  for (guint i = 0; i < vol_series_get_length (s); i++)
    if (g_array_index (c_row->values, double, i) == row
        && g_array_index (c_mode->values, double, i) == read_percent)
      {
        g_array_append_val (throughput, g_array_index (c_tp->values, double, i));
        g_array_append_val (iops, g_array_index (c_iops->values, double, i));
        g_array_append_val (ios, g_array_index (c_ios->values, double, i));
        g_array_append_val (lat_mean, g_array_index (c_lat->values, double, i));
      }
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
  out->bytes_moved = size;
  out->timed_writes = TRUE;
  out->fixed_seconds = modes * (MIN (seconds, VOL_QUICK_WARM_UP_MAX_S)
                                + vol_test_spec_get_int (spec, "loops") * n_rows
                                  * (seconds + vol_test_spec_get_double (spec, "pause")));
}

const VolTestInfo vol_kind_quick_info = {
  "quick",
  N_("Quick benchmark"),
  N_("The one-click grid: sequential and random reads and writes at the classic queue depths"),
  quick_params, G_N_ELEMENTS (quick_params),
  NULL,
  quick_estimate,
};
