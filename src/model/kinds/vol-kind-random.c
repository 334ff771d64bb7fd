/* vol-kind-random.c — the Random I/O test's result: rows and figures
 *
 * A write and a read series per I/O count ("write", or "write-1024" in a
 * sweep), a row per phase. The figures are the ones the random I/O
 * reviews print per series: slowest, fastest, average, median, range and
 * the range as a percentage of the average. A local run and a remote
 * host's figures both come through here.
 */
#include <inttypes.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-size.h"
#include "vol-spec.h"
#include "vol-stats.h"

VolSeries *
vol_kind_random_add_series (VolResult  *result,
                            const char *name,
                            const char *title)
{
  VolSeries *series = vol_result_add_series (result, name, title, VOL_COL_ITERATION, VOL_RANDOM_COL_OPS);

  vol_series_add_column (series, VOL_COL_ITERATION, VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_RANDOM_COL_OPS, VOL_UNIT_IOPS);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_RANDOM_COL_IOS, VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  return series;
}

/**
 * vol_kind_random_add_all:
 * @counts: (element-type guint64): the I/O counts
 * @sweep: the names carry the count
 * @writes: (element-type VolSeries): gets the write series, in order
 * @reads: (element-type VolSeries): the read series
 */
void
vol_kind_random_add_all (VolResult    *result,
                         const GArray *counts,
                         gboolean      sweep,
                         GPtrArray    *writes,
                         GPtrArray    *reads)
{
  for (guint i = 0; i < counts->len; i++)
    {
      guint64 n = g_array_index (counts, guint64, i);
      g_autofree char *wname = sweep ? g_strdup_printf ("write-%" G_GUINT64_FORMAT, n) : g_strdup ("write");
      g_autofree char *rname = sweep ? g_strdup_printf ("read-%" G_GUINT64_FORMAT, n) : g_strdup ("read");
      g_autofree char *wtitle = sweep ? g_strdup_printf (_("Write, %" PRIu64 " I/Os"), n) : g_strdup (_("Write"));
      g_autofree char *rtitle = sweep ? g_strdup_printf (_("Read, %" PRIu64 " I/Os"), n) : g_strdup (_("Read"));
      g_ptr_array_add (writes, vol_kind_random_add_series (result, wname, wtitle));
      g_ptr_array_add (reads, vol_kind_random_add_series (result, rname, rtitle));
    }
}

/* One write or read phase (@iteration counts from 0; the row from 1). */
void
vol_kind_random_append_row (VolSeries *series,
                            guint      iteration,
                            double     ios,
                            double     bytes,
                            double     seconds,
                            double     iops,
                            double     throughput)
{
  double row[6] = { iteration + 1, iops, throughput, seconds, ios, bytes };

  vol_series_append (series, row, G_N_ELEMENTS (row));
}

static void
summarize_series (VolResult *result,
                  VolSeries *series)
{
  static const char *const names[] = { "slowest", "fastest", "average", "median", "range", "range-percent" };
  const char *titles[] = { N_("slowest"), N_("fastest"), N_("average"), N_("median"), N_("range"), N_("range, % of average") };
  VolColumn *ops = vol_series_get_column (series, VOL_RANDOM_COL_OPS);
  const char *title = _(series->title);
  VolStats stats;
  double values[6];

  vol_result_add_summary (result, series->name, VOL_RANDOM_COL_OPS);
  if (ops->values->len == 0)
    return;
  vol_stats_compute ((const double *) ops->values->data, ops->values->len, &stats);
  values[0] = stats.min;
  values[1] = stats.max;
  values[2] = stats.mean;
  values[3] = stats.median;
  values[4] = stats.max - stats.min;
  values[5] = stats.mean > 0 ? (stats.max - stats.min) / stats.mean * 100.0 : 0;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%s", series->name, names[i]);
      g_autofree char *ftitle = g_strdup_printf ("%s, %s", title, _(titles[i]));
      vol_result_add_figure (result, name, ftitle, i == 5 ? VOL_UNIT_PERCENT : VOL_UNIT_IOPS, values[i]);
    }
}

/**
 * vol_kind_random_summarize:
 *
 * Every series' summary and figures, then the I/Os and bytes moved.
 */
void
vol_kind_random_summarize (VolResult *result,
                           GPtrArray *writes,
                           GPtrArray *reads,
                           double     ios_written,
                           double     ios_read,
                           guint64    chunk)
{
  for (guint i = 0; i < writes->len; i++)
    {
      summarize_series (result, g_ptr_array_index (writes, i));
      summarize_series (result, g_ptr_array_index (reads, i));
    }
  vol_result_add_figure (result, "ios-written", N_("Random writes"), VOL_UNIT_NONE, ios_written);
  vol_result_add_figure (result, "ios-read", N_("Random reads"), VOL_UNIT_NONE, ios_read);
  vol_result_add_figure (result, "bytes-written", N_("Bytes written at random"), VOL_UNIT_BYTES, ios_written * chunk);
  vol_result_add_figure (result, "bytes-read", N_("Bytes read at random"), VOL_UNIT_BYTES, ios_read * chunk);
}

/* ---- its parameters and their checks ----------------------------------- */

static const VolParamDesc random_params[] = {
  { "chunk", VOL_PARAM_SIZE, N_("Chunk size"), N_("Bytes per random I/O"),
    "SIZE", "32K", 512, GiB, 0, 512 },
  { "ios", VOL_PARAM_INT, N_("I/Os"), N_("Random writes, then as many random reads, per iteration"),
    "N", "16384", 1, 100000000 },
  { "iterations", VOL_PARAM_INT, N_("Iterations"), N_("Repeats; slowest, fastest, average, median and range are reported"),
    "N", "5", 1, 100 },
  { "file-size", VOL_PARAM_SIZE, N_("File size"), N_("Span of the random offsets (fitted to the free space)"),
    "SIZE", "8G", MiB, 16 * TiB, 0, MiB },
  { "count-sweep", VOL_PARAM_INT_LIST, N_("I/O count sweep"), N_("Repeat the test for each I/O count, e.g. 1024,2048,…,65536"),
    "N,N,…", NULL, 1, 100000000, 0, 0, NULL, VOL_PARAM_FLAG_OPTIONAL },
};

static gboolean
random_check (const VolTestInfo  *info,
              const VolTestSpec  *spec,
              GError            **error)
{
  gint64 chunk = vol_test_spec_get_int (spec, "chunk");
  gint64 file_size = vol_test_spec_get_int (spec, "file-size");

  if (chunk > file_size)
    {
      g_autofree char *chunk_text = vol_size_format ((guint64) chunk);
      g_autofree char *file_text = vol_size_format ((guint64) file_size);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("chunk: %s is larger than the file (%s); random offsets need a file of several chunks"),
                   chunk_text, file_text);
      return FALSE;
    }
  return TRUE;
}

/* The file laid down, then per I/O count and iteration, N writes and N
 * reads of one chunk: small I/Os at a slow disk's pace. */
static void
random_estimate (const VolTestInfo *info,
                 const VolTestSpec *spec,
                 guint64            free_bytes,
                 guint64            capacity,
                 VolEstimate       *out)
{
  guint64 file = vol_estimate_fit ((guint64) vol_test_spec_get_int (spec, "file-size"), free_bytes, VOL_KIND_KEEP_FREE);
  guint64 chunk = (guint64) vol_test_spec_get_int (spec, "chunk");
  guint64 iterations = (guint64) vol_test_spec_get_int (spec, "iterations");
  guint64 ios = 0;
  g_autoptr(GVariant) sweep = vol_test_spec_has (spec, "count-sweep") ? vol_test_spec_get_value (spec, "count-sweep") : NULL;

  if (sweep != NULL && g_variant_is_of_type (sweep, G_VARIANT_TYPE ("ax")))
    {
      gsize n;
      const gint64 *counts = g_variant_get_fixed_array (sweep, &n, sizeof (gint64));
      for (gsize i = 0; i < n; i++)
        ios += (guint64) counts[i];
    }
  else
    ios = (guint64) vol_test_spec_get_int (spec, "ios");
  out->bytes_written = file + iterations * ios * chunk;
  out->bytes_held = file;     /* the random writes land inside the file */
  out->bytes_moved = file;
  out->ios = 2 * iterations * ios;
}

const VolTestInfo vol_kind_random_info = {
  "random",
  N_("Random I/O"),
  N_("Random writes then random reads of one chunk size over a large file"),
  random_params, G_N_ELEMENTS (random_params),
  random_check,
  random_estimate,
};
