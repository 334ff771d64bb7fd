/* vol-kind-threads.c — the threads test kind: parameters, and its
 * result's series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. Then its result: the points series (a row per thread count,
 * the 9 columns below in this order) and the over-time series, made
 * through these functions by the engine's run (vol-test-threads.c) and a
 * remote host's figures alike; vol_kind_threads_summarize() makes the
 * summaries and figures of both.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-result-table-private.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its result --------------------------------------------------------- */

/* The points series' columns: name, unit, and where the value sits in a
 * VolThreadsPoint. */
static const struct
{
  const char *name;
  const char *unit;
  gsize       offset;
} point_columns[] = {
  { VOL_THREADS_COL_THREADS, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolThreadsPoint, threads) },
  { VOL_COL_THROUGHPUT, VOL_UNIT_RATE, G_STRUCT_OFFSET (VolThreadsPoint, throughput) },
  { VOL_COL_BYTES, VOL_UNIT_BYTES, G_STRUCT_OFFSET (VolThreadsPoint, bytes) },
  { VOL_COL_SECONDS, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolThreadsPoint, seconds) },
  { VOL_COL_IOS, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolThreadsPoint, ios) },
  { VOL_THREADS_COL_PASSES, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolThreadsPoint, passes) },
  { VOL_THREADS_COL_PER_THREAD_MEAN, VOL_UNIT_RATE, G_STRUCT_OFFSET (VolThreadsPoint, per_thread_mean) },
  { VOL_THREADS_COL_PER_THREAD_MIN, VOL_UNIT_RATE, G_STRUCT_OFFSET (VolThreadsPoint, per_thread_min) },
  { VOL_THREADS_COL_PER_THREAD_MAX, VOL_UNIT_RATE, G_STRUCT_OFFSET (VolThreadsPoint, per_thread_max) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (point_columns) * sizeof (double) == sizeof (VolThreadsPoint));

/**
 * vol_kind_threads_add_points:
 *
 * Adds the empty points series (a row per thread count). Any thread.
 */
VolSeries *
vol_kind_threads_add_points (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_THREADS_SERIES_POINTS, N_("Aggregate"),
                                        VOL_THREADS_COL_THREADS, VOL_COL_THROUGHPUT);

  for (guint i = 0; i < G_N_ELEMENTS (point_columns); i++)
    vol_series_add_column (s, point_columns[i].name, point_columns[i].unit);
  return s;
}

/**
 * vol_kind_threads_add_over_time:
 *
 * Adds the empty over-time series (a row per interval of a point).
 */
VolSeries *
vol_kind_threads_add_over_time (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_THREADS_SERIES_OVER_TIME, N_("Over time"),
                                        VOL_COL_TIME, VOL_COL_THROUGHPUT);

  vol_series_add_column (s, VOL_THREADS_COL_THREADS, VOL_UNIT_NONE);
  vol_series_add_column (s, VOL_COL_TIME, VOL_UNIT_SECONDS);
  vol_series_add_column (s, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  return s;
}

void
vol_kind_threads_append_point (VolSeries             *points,
                               const VolThreadsPoint *point)
{
  double row[G_N_ELEMENTS (point_columns)];

  for (guint i = 0; i < G_N_ELEMENTS (point_columns); i++)
    row[i] = G_STRUCT_MEMBER (double, point, point_columns[i].offset);
  vol_series_append (points, row, G_N_ELEMENTS (row));
}

void
vol_kind_threads_append_interval (VolSeries *over_time,
                                  double     threads,
                                  double     time,
                                  double     throughput)
{
  double row[] = { threads, time, throughput };

  vol_series_append (over_time, row, G_N_ELEMENTS (row));
}

/**
 * vol_kind_threads_summarize:
 * @cpu_user: CPU seconds of the I/O threads (fio's: the host's job's)
 *
 * The summaries (throughput over the thread counts and over time) and the
 * figures of a local run and of a remote host's alike: totals, the number
 * of points, the highest aggregate throughput (the first count that
 * reached it) and its thread count.
 */
void
vol_kind_threads_summarize (VolResult       *result,
                            const VolSeries *points,
                            double           total_bytes,
                            double           total_ios,
                            double           cpu_user,
                            double           cpu_system)
{
  VolColumn *tp = vol_series_get_column (points, VOL_COL_THROUGHPUT);
  VolColumn *n = vol_series_get_column (points, VOL_THREADS_COL_THREADS);
  guint best = 0;

  vol_result_add_summary (result, VOL_THREADS_SERIES_POINTS, VOL_COL_THROUGHPUT);
  vol_result_add_summary (result, VOL_THREADS_SERIES_OVER_TIME, VOL_COL_THROUGHPUT);
  vol_result_add_figure (result, VOL_FIG_BYTES, N_("Bytes moved"), VOL_UNIT_BYTES, total_bytes);
  vol_result_add_figure (result, VOL_FIG_IOS, N_("I/Os completed"), VOL_UNIT_NONE, total_ios);
  vol_result_add_figure (result, VOL_FIG_POINTS, N_("Thread counts measured"), VOL_UNIT_NONE,
                         vol_series_get_length (points));
  vol_result_add_figure (result, VOL_FIG_WORKER_CPU_USER, N_("CPU of the I/O threads, user"),
                         VOL_UNIT_SECONDS, cpu_user);
  vol_result_add_figure (result, VOL_FIG_WORKER_CPU_SYSTEM, N_("CPU of the I/O threads, system"),
                         VOL_UNIT_SECONDS, cpu_system);
  for (guint i = 1; i < tp->values->len; i++)
    if (g_array_index (tp->values, double, i) > g_array_index (tp->values, double, best))
      best = i;
  if (tp->values->len > 0)
    {
      vol_result_add_figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX, N_("Highest aggregate throughput"),
                             VOL_UNIT_RATE, g_array_index (tp->values, double, best));
      vol_result_add_figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX_THREADS, N_("Threads of the highest throughput"),
                             VOL_UNIT_NONE, g_array_index (n->values, double, best));
    }
}

/* ---- what a result shows ----------------------------------------------- */

static void
threads_tables (const VolResult *result,
                GPtrArray       *tables)
{
  static const VolResultColumnSpec total[] = {
    { VOL_COL_THROUGHPUT, N_("Total") },
    { VOL_THREADS_COL_PER_THREAD_MEAN, N_("Per thread") },
  };
  static const VolResultColumnSpec each[] = {
    { VOL_THREADS_COL_PER_THREAD_MIN, N_("Slowest") },
    { VOL_THREADS_COL_PER_THREAD_MAX, N_("Fastest") },
  };
  VolResultTable *table;

  if ((table = _vol_result_point_table (result, VOL_THREADS_SERIES_POINTS, VOL_THREADS_COL_THREADS,
                                        _("Throughput per thread count"), _("Threads"), total, G_N_ELEMENTS (total))))
    g_ptr_array_add (tables, table);
  if ((table = _vol_result_point_table (result, VOL_THREADS_SERIES_POINTS, VOL_THREADS_COL_THREADS,
                                        _("Slowest and fastest thread"), _("Threads"), each, G_N_ELEMENTS (each))))
    g_ptr_array_add (tables, table);
}


static VolResultHeadline *
threads_headline (const VolResult *result)
{
  const VolFigure *count = vol_result_get_figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX_THREADS);
  char *what = count ? g_strdup_printf (ngettext ("Highest, with %.0f thread", "Highest, with %.0f threads",
                                                  (gulong) count->value), count->value)
                     : g_strdup (_("Highest"));

  return _vol_result_headline_from_figure (result, VOL_THREADS_FIG_THROUGHPUT_MAX, what);
}

/* ---- its parameters and their checks ----------------------------------- */

#define MAX_BUFFER_BYTES (G_GUINT64_CONSTANT (1) << 30)

const char *const vol_kind_thread_modes[] = { "seqwr", "seqrd", "rndwr", "rndrd", "rndrw", NULL };

const char *const vol_kind_thread_flushes[] = { "end", "pass", "requests", NULL };

static const char *const thread_mode_labels[] = {
  N_("Sequential writes"), N_("Sequential reads"), N_("Random writes"), N_("Random reads"),
  N_("Random reads and writes"), NULL,
};

static const char *const thread_flush_labels[] = {
  N_("At the end of each point"), N_("After each pass over the file"), N_("After a number of writes"), NULL,
};

static const VolParamDesc threads_params[] = {
  { "threads", VOL_PARAM_INT_LIST, N_("Thread counts"), N_("Threads at each point, each with its own file"),
    "N,N,…", "1,2,4,8,16,32,64,128", 1, 1024 },
  { "bytes-per-thread", VOL_PARAM_SIZE, N_("Bytes per thread"), N_("Size of each thread's file (scaled to fit)"),
    "SIZE", "512M", MiB, TiB, 0, MiB },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Sequential or random, reads, writes or both"),
    NULL, "seqwr", 0, 0, 0, 0, vol_kind_thread_modes, 0, thread_mode_labels },
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "1M", 512, GiB, 0, 512 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each thread count runs"),
    "S", "30", 1, 3600 },
  { "flush", VOL_PARAM_CHOICE, N_("Flush"),
    N_("When a thread's writes are flushed to the device: once at the end of the point (as fio), after each pass over its file, or every flush-requests writes (as sysbench)"),
    NULL, "end", 0, 0, 0, 0, vol_kind_thread_flushes, 0, thread_flush_labels },
  { "flush-requests", VOL_PARAM_INT, N_("Writes per flush"), N_("With flush=requests: a flush after this many writes of a thread"),
    "N", "100", 1, 1000000 },
};

/* Threads × block (a buffer each) is known from the parameters alone:
 * any volume would refuse it, so it is refused with them (a
 * VOL_SPEC_ERROR naming the parameter, before a scratch folder is made),
 * not as a lack of space. */
static gboolean
threads_check (const VolTestInfo  *info,
               const VolTestSpec  *spec,
               GError            **error)
{
  guint64 block = (guint64) vol_test_spec_get_int (spec, "block");
  guint64 wanted = (guint64) vol_test_spec_get_int (spec, "bytes-per-thread");
  guint64 max_threads = (guint64) vol_test_spec_get_list_max (spec, "threads");

  /* a block is never larger than the thread's file */
  if (max_threads * MIN (block, wanted) > MAX_BUFFER_BYTES)
    {
      g_autofree char *block_text = vol_size_format (block);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("threads: %u threads with %s blocks need more than 1 GiB of buffers; use fewer threads or a smaller block"),
                   (guint) max_threads, block_text);
      return FALSE;
    }
  return TRUE;
}

/* The files of the most threads laid down, then every point's set time;
 * the write modes write as much as the device takes in it. */
static void
threads_estimate (const VolTestInfo *info,
                  const VolTestSpec *spec,
                  guint64            free_bytes,
                  guint64            capacity,
                  VolEstimate       *out)
{
  g_autoptr(GVariant) counts = vol_test_spec_get_value (spec, "threads");
  gint64 most = vol_test_spec_get_list_max (spec, "threads");
  const char *mode = vol_test_spec_get_string (spec, "mode");
  gsize n = 0;

  if (counts != NULL && g_variant_is_of_type (counts, G_VARIANT_TYPE ("ax")))
    n = g_variant_n_children (counts);
  out->bytes_written = vol_estimate_fit ((guint64) (vol_test_spec_get_int (spec, "bytes-per-thread") * MAX (most, 1)),
                                         free_bytes, VOL_KIND_KEEP_FREE);
  out->bytes_held = out->bytes_written;   /* the most threads' files, at once */
  out->bytes_moved = out->bytes_written;
  out->timed_writes = mode != NULL && (g_str_has_suffix (mode, "wr") || g_str_equal (mode, "rndrw"));
  out->fixed_seconds = n * vol_test_spec_get_double (spec, "seconds");
}

const VolTestInfo vol_kind_threads_info = {
  .name = VOL_KIND_THREADS,
  .title = N_("Threads"),
  .description = N_("Each thread writes then reads its own file, for each thread count"),
  .params = threads_params,
  .n_params = G_N_ELEMENTS (threads_params),
  .check = threads_check,
  .estimate = threads_estimate,
  .tables = threads_tables,
  .headline = threads_headline,
};
