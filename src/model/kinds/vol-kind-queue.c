/* vol-kind-queue.c — the Queue depth test's result: columns, rows, figures
 *
 * The points series has one row per queue depth with the 15 columns
 * below, in this order; the intervals series a row per half second of a
 * point. The engine's run, a remote host's figures and an imported fio
 * file fill them through these functions, and vol_kind_queue_summarize()
 * makes the summaries and figures of all three.
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

/* The points series' columns: name, unit, and where the value sits in a
 * VolQueuePoint. */
static const struct
{
  const char *name;
  const char *unit;
  gsize       offset;
} point_columns[] = {
  { VOL_COL_DEPTH, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolQueuePoint, depth) },
  { VOL_COL_IOPS, VOL_UNIT_IOPS, G_STRUCT_OFFSET (VolQueuePoint, iops) },
  { VOL_COL_THROUGHPUT, VOL_UNIT_RATE, G_STRUCT_OFFSET (VolQueuePoint, throughput) },
  { VOL_COL_LAT_MEAN, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolQueuePoint, lat_mean) },
  { VOL_COL_LAT_P50, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolQueuePoint, lat_p50) },
  { VOL_COL_LAT_P99, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolQueuePoint, lat_p99) },
  { VOL_COL_LAT_P999, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolQueuePoint, lat_p999) },
  { VOL_QUEUE_COL_IOS, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolQueuePoint, ios) },
  { VOL_QUEUE_COL_READS, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolQueuePoint, reads) },
  { VOL_QUEUE_COL_WRITES, VOL_UNIT_NONE, G_STRUCT_OFFSET (VolQueuePoint, writes) },
  { VOL_COL_BYTES, VOL_UNIT_BYTES, G_STRUCT_OFFSET (VolQueuePoint, bytes) },
  { VOL_COL_SECONDS, VOL_UNIT_SECONDS, G_STRUCT_OFFSET (VolQueuePoint, seconds) },
  { VOL_QUEUE_COL_IOPS_STDDEV, VOL_UNIT_IOPS, G_STRUCT_OFFSET (VolQueuePoint, iops_stddev) },
  { VOL_QUEUE_COL_IOPS_MIN, VOL_UNIT_IOPS, G_STRUCT_OFFSET (VolQueuePoint, iops_min) },
  { VOL_QUEUE_COL_IOPS_MAX, VOL_UNIT_IOPS, G_STRUCT_OFFSET (VolQueuePoint, iops_max) },
};

G_STATIC_ASSERT (G_N_ELEMENTS (point_columns) * sizeof (double) == sizeof (VolQueuePoint));

/**
 * vol_kind_queue_add_points:
 *
 * Adds the empty points series ("queue", a row per depth). Any thread.
 */
VolSeries *
vol_kind_queue_add_points (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_QUEUE_SERIES_POINTS, N_("Per queue depth"),
                                        VOL_COL_DEPTH, VOL_COL_IOPS);

  for (guint i = 0; i < G_N_ELEMENTS (point_columns); i++)
    vol_series_add_column (s, point_columns[i].name, point_columns[i].unit);
  return s;
}

/**
 * vol_kind_queue_add_intervals:
 *
 * Adds the empty over-time series (a row per interval of a point).
 */
VolSeries *
vol_kind_queue_add_intervals (VolResult *result)
{
  VolSeries *s = vol_result_add_series (result, VOL_QUEUE_SERIES_INTERVALS, N_("Over time"),
                                        VOL_COL_TIME, VOL_COL_IOPS);

  vol_series_add_column (s, VOL_COL_DEPTH, VOL_UNIT_NONE);
  vol_series_add_column (s, VOL_COL_TIME, VOL_UNIT_SECONDS);
  vol_series_add_column (s, VOL_COL_IOPS, VOL_UNIT_IOPS);
  vol_series_add_column (s, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  return s;
}

void
vol_kind_queue_append_point (VolSeries           *points,
                             const VolQueuePoint *point)
{
  double row[G_N_ELEMENTS (point_columns)];

  for (guint i = 0; i < G_N_ELEMENTS (point_columns); i++)
    row[i] = G_STRUCT_MEMBER (double, point, point_columns[i].offset);
  vol_series_append (points, row, G_N_ELEMENTS (row));
}

void
vol_kind_queue_append_interval (VolSeries *intervals,
                                double     depth,
                                double     time,
                                double     iops,
                                double     throughput)
{
  double row[] = { depth, time, iops, throughput };

  vol_series_append (intervals, row, G_N_ELEMENTS (row));
}

/**
 * vol_kind_queue_summarize:
 * @total_ios: I/Os of every point
 * @total_bytes: their bytes
 *
 * The summaries (IOPS and throughput over the depths, IOPS over the
 * intervals when there is that series) and the figures every queue result
 * has: totals, the number of points, the highest IOPS (the first depth
 * that reached it) and its depth.
 */
void
vol_kind_queue_summarize (VolResult       *result,
                          const VolSeries *points,
                          double           total_ios,
                          double           total_bytes)
{
  VolColumn *iops = vol_series_get_column (points, VOL_COL_IOPS);
  VolColumn *depth = vol_series_get_column (points, VOL_COL_DEPTH);
  guint best = 0;

  vol_result_add_summary (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_IOPS);
  vol_result_add_summary (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_THROUGHPUT);
  vol_result_add_summary (result, VOL_QUEUE_SERIES_INTERVALS, VOL_COL_IOPS);
  vol_result_add_figure (result, VOL_FIG_IOS, N_("I/Os completed"), VOL_UNIT_NONE, total_ios);
  vol_result_add_figure (result, VOL_FIG_BYTES, N_("Bytes moved"), VOL_UNIT_BYTES, total_bytes);
  vol_result_add_figure (result, VOL_FIG_POINTS, N_("Queue depths measured"), VOL_UNIT_NONE,
                         vol_series_get_length (points));
  for (guint i = 1; i < iops->values->len; i++)
    if (g_array_index (iops->values, double, i) > g_array_index (iops->values, double, best))
      best = i;
  if (iops->values->len > 0)
    {
      vol_result_add_figure (result, VOL_QUEUE_FIG_IOPS_MAX, N_("Highest IOPS"), VOL_UNIT_IOPS,
                             g_array_index (iops->values, double, best));
      vol_result_add_figure (result, VOL_QUEUE_FIG_IOPS_MAX_DEPTH, N_("Queue depth of the highest IOPS"),
                             VOL_UNIT_NONE, g_array_index (depth->values, double, best));
    }
}

/* ---- what a result shows ----------------------------------------------- */

/* Two narrow tables rather than one of seven columns: each fits the
 * result pane beside the sidebar without scrolling sideways. */
static void
queue_tables (const VolResult *result,
              GPtrArray       *tables)
{
  static const VolResultColumnSpec rates[] = {
    { VOL_COL_IOPS, N_("IOPS") },
    { VOL_COL_THROUGHPUT, N_("Throughput") },
  };
  static const VolResultColumnSpec latency[] = {
    { VOL_COL_LAT_MEAN, N_("Mean") },
    { VOL_COL_LAT_P50, N_("p50") },
    { VOL_COL_LAT_P99, N_("p99") },
    { VOL_COL_LAT_P999, N_("p99.9") },
  };
  VolResultTable *table;

  if ((table = _vol_result_point_table (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_DEPTH, _("Per queue depth"),
                                        C_("queue depth", "QD"), rates, G_N_ELEMENTS (rates))))
    g_ptr_array_add (tables, table);
  if ((table = _vol_result_point_table (result, VOL_QUEUE_SERIES_POINTS, VOL_COL_DEPTH, _("Latency per queue depth"),
                                        C_("queue depth", "QD"), latency, G_N_ELEMENTS (latency))))
    g_ptr_array_add (tables, table);
}


static VolResultHeadline *
queue_headline (const VolResult *result)
{
  const VolFigure *depth = vol_result_get_figure (result, VOL_QUEUE_FIG_IOPS_MAX_DEPTH);
  char *what = depth ? g_strdup_printf (_("Highest, at queue depth %.0f"), depth->value)
                     : g_strdup (_("Highest"));

  VolResultHeadline *h = _vol_result_headline_from_figure (result, VOL_QUEUE_FIG_IOPS_MAX, what);
  const VolSummary *summary = vol_result_get_summary (result, VOL_QUEUE_SERIES_POINTS);

  /* a file from before the figure was written: the highest of the depths */
  if (h == NULL && summary && summary->count > 0 && g_strcmp0 (summary->column, VOL_COL_IOPS) == 0)
    h = _vol_result_headline_new (g_strdup (_("Highest")), summary->max, summary->unit);
  return h;
}

/* ---- its parameters and their checks ----------------------------------- */

/* Buffers for all I/Os in flight: QD × block must stay under this. */
#define MAX_BUFFER_BYTES (256.0 * MiB)

const char *const vol_kind_queue_modes[] = { "read", "write", "mix", NULL };

static const char *const queue_alignments[] = { "4k", "offset512", NULL };

const char *const vol_kind_queue_backends[] = { "auto", "io_uring", "threads", NULL };

static const char *const queue_mode_labels[] = { N_("Random reads"), N_("Random writes"), N_("A mix of both"), NULL };

static const char *const queue_alignment_labels[] = { N_("Aligned to 4 KiB"), N_("Offset by 512 bytes"), NULL };

static const char *const queue_backend_labels[] = {
  N_("Automatic"), N_("io_uring"), N_("A pool of threads"), NULL,
};

static const VolParamDesc queue_params[] = {
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "4K", 512, MiB, 0, 512 },
  { "span", VOL_PARAM_SIZE, N_("Span"), N_("Region the random offsets fall in (less if the volume is smaller)"),
    "SIZE", "8G", MiB, 16 * TiB, 0, MiB },
  { "depths", VOL_PARAM_INT_LIST, N_("Queue depths"), N_("I/Os kept in flight, one point each"),
    "N,N,…", "1,2,4,8,16,32", 1, 1024 },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Random reads, writes, or a mix"),
    NULL, "read", 0, 0, 0, 0, vol_kind_queue_modes, 0, queue_mode_labels },
  { "read-percent", VOL_PARAM_INT, N_("Reads in a mix"), N_("Percentage of reads when the mode is mix"),
    "N", "70", 0, 100 },
  { "alignment", VOL_PARAM_CHOICE, N_("Alignment"), N_("4 KiB-aligned offsets, or offset by 512 bytes as an unaligned partition does"),
    NULL, "4k", 0, 0, 0, 0, queue_alignments, 0, queue_alignment_labels },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each queue depth runs"),
    "S", "30", 1, 3600 },
  { "backend", VOL_PARAM_CHOICE, N_("I/O backend"), N_("io_uring, or a pool of threads doing pread/pwrite"),
    NULL, "auto", 0, 0, 0, 0, vol_kind_queue_backends, 0, queue_backend_labels },
};

/* The largest QD × block is known from the parameters alone: any volume
 * would refuse it, so it is refused with them (a VOL_SPEC_ERROR naming
 * the parameter, before a scratch folder is made), not as a lack of
 * space. */
static gboolean
queue_check (const VolTestInfo  *info,
             const VolTestSpec  *spec,
             GError            **error)
{
  double block = (double) vol_test_spec_get_int (spec, "block");
  gint64 max_depth = vol_test_spec_get_list_max (spec, "depths");

  if (max_depth * block > MAX_BUFFER_BYTES)
    {
      g_autofree char *block_text = vol_size_format ((guint64) block);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("depths: a queue depth of %u with %s blocks needs more than 256 MiB of buffers; use a smaller depth or block"),
                   (guint) max_depth, block_text);
      return FALSE;
    }
  return TRUE;
}

/* The file laid down, then every depth's set time; writes and mixes
 * write as much as the device takes in it. */
static void
queue_estimate (const VolTestInfo *info,
                const VolTestSpec *spec,
                guint64            free_bytes,
                guint64            capacity,
                VolEstimate       *out)
{
  g_autoptr(GVariant) depths = vol_test_spec_get_value (spec, "depths");
  gsize n = depths != NULL && g_variant_is_of_type (depths, G_VARIANT_TYPE ("ax")) ? g_variant_n_children (depths) : 0;

  out->bytes_written = vol_estimate_fit ((guint64) vol_test_spec_get_int (spec, "span"), free_bytes, VOL_KIND_KEEP_FREE);
  out->bytes_held = out->bytes_written;
  out->bytes_moved = out->bytes_written;
  out->timed_writes = g_strcmp0 (vol_test_spec_get_string (spec, "mode"), "read") != 0;
  out->fixed_seconds = n * vol_test_spec_get_double (spec, "seconds");
}

const VolTestInfo vol_kind_queue_info = {
  .name = VOL_KIND_QUEUE,
  .title = N_("Queue depth"),
  .description = N_("Time-based random I/O at each queue depth, aligned or offset by 512 bytes"),
  .params = queue_params,
  .n_params = G_N_ELEMENTS (queue_params),
  .check = queue_check,
  .estimate = queue_estimate,
  .tables = queue_tables,
  .headline = queue_headline,
};
