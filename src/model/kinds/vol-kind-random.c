/* vol-kind-random.c — the Random I/O test's result: rows and figures
 *
 * A write and a read series per I/O count ("write", or "write-1024" in a
 * sweep), a row per phase. The figures are the ones the random I/O
 * reviews print per series: slowest, fastest, average, median, range and
 * the range as a percentage of the average. A local run and a remote
 * host's figures both come through here.
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-result-table-private.h"
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
      g_autofree char *wname = sweep ? g_strdup_printf ("%s-%" G_GUINT64_FORMAT, VOL_RANDOM_SERIES_WRITE, n)
                                     : g_strdup (VOL_RANDOM_SERIES_WRITE);
      g_autofree char *rname = sweep ? g_strdup_printf ("%s-%" G_GUINT64_FORMAT, VOL_RANDOM_SERIES_READ, n)
                                     : g_strdup (VOL_RANDOM_SERIES_READ);
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

/* The figures of each series, in their names ("write-slowest",
 * "write-1024-average"); the tables read them back by the same names. */
static const char *const stat_names[] = { "slowest", "fastest", "average", "median", "range", "range-percent" };

static void
summarize_series (VolResult *result,
                  VolSeries *series)
{
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
      g_autofree char *name = g_strdup_printf ("%s-%s", series->name, stat_names[i]);
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

/* ---- what a result shows ----------------------------------------------- */

/* Iterations down, writes and reads across, then the reviews' statistics
 * (docs/tests/random.md): @suffix is "" or "-1024" for a count sweep. */
static VolResultTable *
random_iterations (const VolResult *result,
                   const char      *suffix,
                   const char      *title)
{
  /* the rows of stat_names[], in its order */
  static const struct { const char *label; const char *summary_unit; } stats[] = {
    { N_("Slowest"), NULL },
    { N_("Fastest"), NULL },
    { N_("Average"), NULL },
    { N_("Median"), NULL },
    { N_("Range"), NULL },
    { N_("Range, percent"), VOL_UNIT_PERCENT },
  };
  g_autofree char *write_name = g_strconcat (VOL_RANDOM_SERIES_WRITE, suffix, NULL);
  g_autofree char *read_name = g_strconcat (VOL_RANDOM_SERIES_READ, suffix, NULL);
  const VolSeries *series[] = { vol_result_get_series (result, write_name), vol_result_get_series (result, read_name) };
  const char *names[] = { write_name, read_name };
  const VolColumn *ops[2] = { NULL, NULL };
  guint n = 0;
  VolResultTable *table = _vol_result_table_new (title, _("Iteration"));

  /* the cells say IO/s: short headings keep the table narrow */
  _vol_result_table_add_column (table, _("Write"), VOL_UNIT_IOPS);
  _vol_result_table_add_column (table, _("Read"), VOL_UNIT_IOPS);
  for (guint d = 0; d < 2; d++)
    {
      ops[d] = series[d] ? vol_series_get_column (series[d], VOL_RANDOM_COL_OPS) : NULL;
      n = MAX (n, ops[d] ? ops[d]->values->len : 0);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strdup_printf ("%u", i + 1);
      VolResultRow *row = _vol_result_table_add_row (table, label);
      for (guint d = 0; d < 2; d++)
        if (ops[d] && i < ops[d]->values->len)
          _vol_result_row_set_cell (row, d, g_array_index (ops[d]->values, double, i), NAN, NULL);
    }
  for (guint k = 0; k < G_N_ELEMENTS (stats); k++)
    {
      VolResultRow *row = _vol_result_table_add_row (table, _(stats[k].label));

      row->rule = k == 0 && n > 0;
      for (guint d = 0; d < 2; d++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%s", names[d], stat_names[k]);
          const VolSummary *s = vol_result_get_summary (result, names[d]);
          double value = _vol_result_table_use_figure (table, result, name);

          /* a result without the figures (an older file): from the summary */
          if (!isfinite (value) && s && s->count > 0)
            {
              double fallback[] = { s->min, s->max, s->mean, s->median, s->max - s->min,
                                    s->mean != 0 ? (s->max - s->min) / s->mean * 100 : NAN };
              value = fallback[k];
            }
          _vol_result_row_set_cell (row, d, value, NAN, stats[k].summary_unit);
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

  if (vol_result_get_series (result, VOL_RANDOM_SERIES_WRITE) || vol_result_get_series (result, VOL_RANDOM_SERIES_READ))
    {
      g_ptr_array_add (tables, random_iterations (result, "", _("Per iteration")));
      return;
    }
  /* a count sweep: series write-N and read-N */
  for (guint i = 0; i < result->series->len; i++)
    {
      const VolSeries *series = g_ptr_array_index (result->series, i);
      const char *digits = g_str_has_prefix (series->name, VOL_RANDOM_SERIES_WRITE "-")
                           ? series->name + strlen (VOL_RANDOM_SERIES_WRITE "-") : NULL;
      char *end = NULL;
      guint64 count = digits ? g_ascii_strtoull (digits, &end, 10) : 0;

      if (digits && *digits && end && *end == '\0')
        g_array_append_val (counts, count);
    }
  if (counts->len == 0)
    return;
  g_array_sort (counts, compare_counts);
  sustained = _vol_result_table_new (_("Average per I/O count"), _("I/Os"));
  _vol_result_table_add_column (sustained, _("Write"), VOL_UNIT_IOPS);
  _vol_result_table_add_column (sustained, _("Read"), VOL_UNIT_IOPS);
  g_ptr_array_add (tables, sustained);
  for (guint i = 0; i < counts->len; i++)
    {
      guint64 count = g_array_index (counts, guint64, i);
      g_autofree char *label = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
      g_autofree char *suffix = g_strdup_printf ("-%" G_GUINT64_FORMAT, count);
      g_autofree char *write_avg = g_strdup_printf ("%s%s-%s", VOL_RANDOM_SERIES_WRITE, suffix, stat_names[2]);
      g_autofree char *read_avg = g_strdup_printf ("%s%s-%s", VOL_RANDOM_SERIES_READ, suffix, stat_names[2]);
      /* TRANSLATORS: %s is a number of random I/Os, "1024" */
      g_autofree char *title = g_strdup_printf (_("%s I/Os, per iteration"), label);
      VolResultRow *row = _vol_result_table_add_row (sustained, label);
      const VolFigure *w = vol_result_get_figure (result, write_avg);
      const VolFigure *r = vol_result_get_figure (result, read_avg);

      _vol_result_row_set_cell (row, 0, w ? w->value : NAN, NAN, NULL);
      _vol_result_row_set_cell (row, 1, r ? r->value : NAN, NAN, NULL);
      g_ptr_array_add (tables, random_iterations (result, suffix, title));
    }
}


static VolResultHeadline *
random_headline (const VolResult *result)
{
  VolResultHeadline *h = _vol_result_headline_from_figure (result, VOL_RANDOM_SERIES_WRITE "-average",
                                                           g_strdup (_("Writes, average")));

  if (h == NULL)
    h = _vol_result_headline_from_summary (result, VOL_RANDOM_SERIES_WRITE, _("Writes, average"));
  if (h == NULL)
    h = _vol_result_headline_from_figure (result, VOL_RANDOM_SERIES_READ "-average", g_strdup (_("Reads, average")));
  return h;
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
  .name = VOL_KIND_RANDOM,
  .title = N_("Random I/O"),
  .description = N_("Random writes then random reads of one chunk size over a large file"),
  .params = random_params,
  .n_params = G_N_ELEMENTS (random_params),
  .check = random_check,
  .estimate = random_estimate,
  .tables = random_tables,
  .headline = random_headline,
};
