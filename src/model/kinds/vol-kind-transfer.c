/* vol-kind-transfer.c — the Transfer size test's result: rows and figures
 *
 * A "write" and a "read" series, a row per size and pass. The figures of
 * each direction and size are the mean, std dev, min and max of its
 * passes' rates (vol_stats_compute(): the one formula a local run, a
 * remote host and an imported fio file share), named
 * "<direction>-<bytes>-<stat>".
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
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

/**
 * vol_kind_transfer_add_series:
 * @write: the write series, else the read one
 *
 * Adds an empty series of the test's five columns. Any thread.
 */
VolSeries *
vol_kind_transfer_add_series (VolResult *result,
                              gboolean   write)
{
  VolSeries *series = vol_result_add_series (result,
                                             write ? VOL_TRANSFER_SERIES_WRITE : VOL_TRANSFER_SERIES_READ,
                                             write ? N_("Write") : N_("Read"),
                                             VOL_COL_SIZE, VOL_COL_THROUGHPUT);

  vol_series_add_column (series, VOL_COL_SIZE, VOL_UNIT_BYTES);
  vol_series_add_column (series, VOL_COL_ITERATION, VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  return series;
}

/* One pass of one size. */
void
vol_kind_transfer_append_row (VolSeries *series,
                              guint64    size,
                              guint      iteration,
                              double     rate,
                              double     seconds,
                              double     bytes)
{
  double row[5] = { (double) size, iteration, rate, seconds, bytes };

  vol_series_append (series, row, G_N_ELEMENTS (row));
}

/* The statistics of each direction and size, in its figures' names
 * ("write-4096-mean"); the table reads them back by the same names. */
static const char *const stat_names[] = { "mean", "stddev", "min", "max" };

/* Per size of @sizes, over that size's passes in @series: one pass over
 * the rows gathers every size's rates, so a file of many jobs costs no
 * more than its rows. */
static void
summarize_direction (VolResult       *result,
                     const GArray    *sizes,
                     const VolSeries *series,
                     const char      *title)
{
  const char *stat_titles[] = { N_("average"), N_("std dev"), N_("min"), N_("max") };
  VolColumn *size = vol_series_get_column (series, VOL_COL_SIZE);
  VolColumn *rate = vol_series_get_column (series, VOL_COL_THROUGHPUT);
  g_autoptr(GHashTable) rates = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                       (GDestroyNotify) g_array_unref);

  for (guint i = 0; i < size->values->len; i++)
    {
      gint64 key = (gint64) g_array_index (size->values, double, i);
      GArray *values = g_hash_table_lookup (rates, &key);

      if (values == NULL)
        {
          values = g_array_new (FALSE, FALSE, sizeof (double));
          g_hash_table_insert (rates, g_memdup2 (&key, sizeof key), values);
        }
      g_array_append_val (values, g_array_index (rate->values, double, i));
    }

  for (guint s = 0; s < sizes->len; s++)
    {
      guint64 want = g_array_index (sizes, guint64, s);
      gint64 key = (gint64) want;
      GArray *values = g_hash_table_lookup (rates, &key);
      g_autofree char *size_text = NULL;
      VolStats stats;

      if (values == NULL || values->len == 0)
        continue;
      vol_stats_compute ((const double *) values->data, values->len, &stats);
      size_text = vol_size_format (want);
      {
        double v[] = { stats.mean, stats.stddev, stats.min, stats.max };
        for (guint j = 0; j < G_N_ELEMENTS (v); j++)
          {
            g_autofree char *name = g_strdup_printf ("%s-%" G_GUINT64_FORMAT "-%s", series->name, want, stat_names[j]);
            g_autofree char *ftitle = g_strdup_printf ("%s %s, %s", title, size_text, _(stat_titles[j]));
            vol_result_add_figure (result, name, ftitle, VOL_UNIT_RATE, v[j]);
          }
      }
    }
}

/**
 * vol_kind_transfer_summarize:
 * @sizes: (element-type guint64): the sizes to make figures for, in order
 * @write: (nullable): the write series; NULL when there is none
 * @read: (nullable): the read series
 *
 * The figures of a transfer result: per direction and size, then the
 * bytes moved and the number of samples.
 */
void
vol_kind_transfer_summarize (VolResult               *result,
                             const GArray            *sizes,
                             const VolSeries         *write,
                             const VolSeries         *read,
                             const VolTransferTotals *totals)
{
  if (write != NULL)
    summarize_direction (result, sizes, write, _("Write"));
  if (read != NULL)
    summarize_direction (result, sizes, read, _("Read"));
  vol_result_add_figure (result, VOL_TRANSFER_FIG_BYTES_WRITTEN, N_("Bytes written (timed)"), VOL_UNIT_BYTES,
                         totals->bytes_written);
  vol_result_add_figure (result, VOL_TRANSFER_FIG_BYTES_READ, N_("Bytes read (timed)"), VOL_UNIT_BYTES,
                         totals->bytes_read);
  if (totals->has_laid)
    vol_result_add_figure (result, VOL_TRANSFER_FIG_BYTES_LAID, N_("Bytes written to prepare the files"),
                           VOL_UNIT_BYTES, totals->bytes_laid);
  vol_result_add_figure (result, "samples-written", N_("Write samples"), VOL_UNIT_NONE,
                         write ? vol_series_get_length (write) : 0);
  vol_result_add_figure (result, "samples-read", N_("Read samples"), VOL_UNIT_NONE,
                         read ? vol_series_get_length (read) : 0);
}

/* ---- what a result shows ----------------------------------------------- */

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
  double found[G_N_ELEMENTS (stat_names)];
  const VolSeries *series = vol_result_get_series (result, direction);
  const VolColumn *sizes = series ? vol_series_get_column (series, VOL_COL_SIZE) : NULL;
  const VolColumn *rates = series ? vol_series_get_column (series, VOL_COL_THROUGHPUT) : NULL;
  g_autoptr(GArray) values = NULL;
  VolStats computed;

  for (guint i = 0; i < G_N_ELEMENTS (stat_names); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%.0f-%s", direction, size, stat_names[i]);
      found[i] = _vol_result_table_use_figure (table, result, name);
    }
  if (isfinite (found[0]))
    {
      _vol_result_row_set_cell (row, column, found[0], found[1], VOL_UNIT_RATE);
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
  _vol_result_row_set_cell (row, column, computed.mean, computed.count > 1 ? computed.stddev : NAN, VOL_UNIT_RATE);
}

static void
transfer_tables (const VolResult *result,
                 GPtrArray       *tables)
{
  static const char *const directions[] = { VOL_TRANSFER_SERIES_WRITE, VOL_TRANSFER_SERIES_READ };
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (double));
  VolResultTable *table;

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    {
      const VolSeries *series = vol_result_get_series (result, directions[d]);
      const VolColumn *column = series ? vol_series_get_column (series, VOL_COL_SIZE) : NULL;
      for (guint i = 0; column && i < column->values->len; i++)
        if (!array_has (sizes, g_array_index (column->values, double, i)))
          g_array_append_val (sizes, g_array_index (column->values, double, i));
    }
  if (sizes->len == 0)
    return;
  table = _vol_result_table_new (_("Per transfer size"), C_("transfer size", "Size"));
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
    _vol_result_table_add_column (table, _vol_result_series_title (result, directions[d]), VOL_UNIT_RATE);
  for (guint i = 0; i < sizes->len; i++)
    {
      double size = g_array_index (sizes, double, i);
      g_autofree char *label = vol_size_format_double (size);
      VolResultRow *row = _vol_result_table_add_row (table, label);
      for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
        transfer_cell (table, result, row, d, directions[d], size);
    }
  g_ptr_array_add (tables, table);
}

/* History's figure: the best transfer size's writes (else reads). The
 * fastest of the "write-<bytes>-mean" figures (or read's), and its size. */
static const VolFigure *
transfer_best (const VolResult *result,
               const char      *direction,
               guint64         *best_size)
{
  g_autofree char *prefix = g_strconcat (direction, "-", NULL);
  const VolFigure *best = NULL;

  for (guint i = 0; i < result->figures->len; i++)
    {
      const VolFigure *f = g_ptr_array_index (result->figures, i);
      guint64 size;
      int end = 0;

      if (!g_str_has_prefix (f->name, prefix) || !isfinite (f->value))
        continue;
      if (sscanf (f->name + strlen (prefix), "%" SCNu64 "-mean%n", &size, &end) != 1
          || end == 0 || f->name[strlen (prefix) + end] != '\0')
        continue;
      if (best == NULL || f->value > best->value)
        {
          best = f;
          *best_size = size;
        }
    }
  return best;
}

static VolResultHeadline *
transfer_headline (const VolResult *result)
{
  guint64 size = 0;
  const VolFigure *best = transfer_best (result, VOL_TRANSFER_SERIES_WRITE, &size);
  g_autofree char *size_text = NULL;

  if (best)
    {
      size_text = vol_size_format (size);
      /* TRANSLATORS: %s is a transfer size, "512 KiB" */
      return _vol_result_headline_new (g_strdup_printf (_("Write, best at %s"), size_text),
                                       best->value, best->unit);
    }
  best = transfer_best (result, VOL_TRANSFER_SERIES_READ, &size);
  if (best == NULL)
    return NULL;
  size_text = vol_size_format (size);
  /* TRANSLATORS: %s is a transfer size, "512 KiB" */
  return _vol_result_headline_new (g_strdup_printf (_("Read, best at %s"), size_text),
                                   best->value, best->unit);
}

/* ---- its parameters and their checks ----------------------------------- */

static const VolParamDesc transfer_params[] = {
  { "from", VOL_PARAM_SIZE, N_("Smallest transfer"), N_("First transfer size; sizes double up to the largest"),
    "SIZE", "256K", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "to", VOL_PARAM_SIZE, N_("Largest transfer"), N_("Last transfer size"),
    "SIZE", "128M", 512, GiB, 0, 0, NULL, VOL_PARAM_FLAG_POWER_OF_TWO },
  { "region", VOL_PARAM_SIZE, N_("Region per size"), N_("Bytes written then read at each size (scaled down to the free space)"),
    "SIZE", "1G", MiB, TiB, 0, MiB },
  { "iterations", VOL_PARAM_INT, N_("Iterations"), N_("Repeats at each size; each one is kept"),
    "N", "5", 1, 100 },
};

static gboolean
transfer_check (const VolTestInfo  *info,
                const VolTestSpec  *spec,
                GError            **error)
{
  gint64 from = vol_test_spec_get_int (spec, "from");
  gint64 to = vol_test_spec_get_int (spec, "to");

  if (to < from)
    {
      g_autofree char *from_text = vol_size_format ((guint64) from);
      g_autofree char *to_text = vol_size_format ((guint64) to);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("to: %s is smaller than from (%s); the sizes go up from the smallest to the largest"),
                   to_text, from_text);
      return FALSE;
    }
  return TRUE;
}

/* Per size and iteration, the region written, then read. */
static void
transfer_estimate (const VolTestInfo *info,
                   const VolTestSpec *spec,
                   guint64            free_bytes,
                   guint64            capacity,
                   VolEstimate       *out)
{
  guint64 from = (guint64) vol_test_spec_get_int (spec, "from");
  guint64 to = (guint64) vol_test_spec_get_int (spec, "to");
  guint64 region = vol_estimate_fit ((guint64) vol_test_spec_get_int (spec, "region"), free_bytes, VOL_KIND_KEEP_FREE);
  guint n_sizes = 0;

  for (guint64 s = from; s > 0 && s <= to; s *= 2)
    n_sizes++;
  out->bytes_written = region * n_sizes * (guint64) vol_test_spec_get_int (spec, "iterations");
  out->bytes_held = region;   /* one region at a time: the next size reuses the space */
  out->bytes_moved = 2 * out->bytes_written;
}

const VolTestInfo vol_kind_transfer_info = {
  .name = VOL_KIND_TRANSFER,
  .title = N_("Transfer size"),
  .description = N_("Sequential write then read of a region at each transfer size"),
  .params = transfer_params,
  .n_params = G_N_ELEMENTS (transfer_params),
  .check = transfer_check,
  .estimate = transfer_estimate,
  .tables = transfer_tables,
  .headline = transfer_headline,
};
