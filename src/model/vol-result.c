/* vol-result.c — building and sharing results
 *
 * The builders (add_series, append, ...) are used by exactly one thread while
 * a run is in progress; after the GTask hands the result over it is only
 * read, so the reference count is the only shared state.
 */
#include "vol-result.h"

#include "vol-stats.h"

G_DEFINE_BOXED_TYPE (VolResult, vol_result, vol_result_ref, vol_result_unref)

static void
column_free (gpointer data)
{
  VolColumn *column = data;

  g_free (column->name);
  g_free (column->unit);
  g_array_unref (column->values);
  g_free (column);
}

static void
series_free (gpointer data)
{
  VolSeries *series = data;

  g_free (series->name);
  g_free (series->title);
  g_free (series->x);
  g_free (series->y);
  g_ptr_array_unref (series->columns);
  g_free (series);
}

static void
summary_free (gpointer data)
{
  VolSummary *summary = data;

  g_free (summary->series);
  g_free (summary->column);
  g_free (summary->unit);
  g_free (summary);
}

static void
figure_free (gpointer data)
{
  VolFigure *figure = data;

  g_free (figure->name);
  g_free (figure->title);
  g_free (figure->unit);
  g_free (figure);
}

static void
counters_free (gpointer data)
{
  VolIoCounters *counters = data;

  g_free (counters->phase);
  g_free (counters->device);
  g_free (counters);
}

static void
result_clear (VolResult *result)
{
  g_free (result->app_name);
  g_free (result->app_version);
  g_clear_pointer (&result->created, g_date_time_unref);
  g_free (result->label);
  g_clear_pointer (&result->host, vol_host_info_free);
  g_clear_pointer (&result->target, vol_target_info_free);
  g_free (result->kind);
  g_clear_pointer (&result->params, g_variant_unref);
  g_clear_pointer (&result->resolved, g_variant_unref);
  g_free (result->io_backend);
  g_free (result->message);
  g_ptr_array_unref (result->series);
  g_ptr_array_unref (result->summaries);
  g_ptr_array_unref (result->figures);
  g_ptr_array_unref (result->counters);
}

/**
 * vol_result_new:
 * @kind: the test kind, "fill"
 *
 * A new, empty result with status complete and the current time as its
 * creation date. Any thread.
 */
VolResult *
vol_result_new (const char *kind)
{
  VolResult *result;

  g_return_val_if_fail (kind != NULL, NULL);

  result = g_atomic_rc_box_new0 (VolResult);
  result->version = VOL_RESULT_FORMAT_VERSION;
  result->kind = g_strdup (kind);
  result->created = g_date_time_new_now_utc ();
  result->series = g_ptr_array_new_with_free_func (series_free);
  result->summaries = g_ptr_array_new_with_free_func (summary_free);
  result->figures = g_ptr_array_new_with_free_func (figure_free);
  result->counters = g_ptr_array_new_with_free_func (counters_free);
  result->status = VOL_RESULT_STATUS_COMPLETE;
  return result;
}

VolResult *
vol_result_ref (VolResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);
  return g_atomic_rc_box_acquire (result);
}

void
vol_result_unref (VolResult *result)
{
  g_return_if_fail (result != NULL);
  g_atomic_rc_box_release_full (result, (GDestroyNotify) result_clear);
}

VolSeries *
vol_result_add_series (VolResult  *result,
                       const char *name,
                       const char *title,
                       const char *x,
                       const char *y)
{
  VolSeries *series;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  series = g_new0 (VolSeries, 1);
  series->name = g_strdup (name);
  series->title = g_strdup (title ? title : name);
  series->x = g_strdup (x);
  series->y = g_strdup (y);
  series->columns = g_ptr_array_new_with_free_func (column_free);
  g_ptr_array_add (result->series, series);
  return series;
}

VolSeries *
vol_result_get_series (const VolResult *result,
                       const char      *name)
{
  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < result->series->len; i++)
    {
      VolSeries *series = g_ptr_array_index (result->series, i);
      if (g_strcmp0 (series->name, name) == 0)
        return series;
    }
  return NULL;
}

/**
 * vol_result_add_summary:
 *
 * Computes and stores the statistics of @column in @series (mean, sample
 * std dev, min, max, median). Does nothing if either is missing.
 */
void
vol_result_add_summary (VolResult  *result,
                        const char *series_name,
                        const char *column_name)
{
  VolSeries *series;
  VolColumn *column;
  VolSummary *summary;
  VolStats stats;

  g_return_if_fail (result != NULL);

  series = vol_result_get_series (result, series_name);
  if (series == NULL)
    return;
  column = vol_series_get_column (series, column_name);
  if (column == NULL)
    return;

  vol_stats_compute ((const double *) column->values->data, column->values->len, &stats);
  summary = g_new0 (VolSummary, 1);
  summary->series = g_strdup (series_name);
  summary->column = g_strdup (column_name);
  summary->unit = g_strdup (column->unit);
  summary->count = stats.count;
  summary->mean = stats.mean;
  summary->stddev = stats.stddev;
  summary->min = stats.min;
  summary->max = stats.max;
  summary->median = stats.median;
  g_ptr_array_add (result->summaries, summary);
}

/* The first summary of @series. */
const VolSummary *
vol_result_get_summary (const VolResult *result,
                        const char      *series)
{
  return vol_result_find_summary (result, series, NULL);
}

/**
 * vol_result_find_summary:
 * @column: (nullable): the summarised column; NULL for any
 *
 * The summary of @series' @column (a queue run summarises the same
 * series' IOPS and throughput), or NULL.
 */
const VolSummary *
vol_result_find_summary (const VolResult *result,
                         const char      *series,
                         const char      *column)
{
  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < result->summaries->len; i++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, i);
      if (g_strcmp0 (s->series, series) == 0 && (column == NULL || g_strcmp0 (s->column, column) == 0))
        return s;
    }
  return NULL;
}

void
vol_result_add_figure (VolResult  *result,
                       const char *name,
                       const char *title,
                       const char *unit,
                       double      value)
{
  VolFigure *figure;

  g_return_if_fail (result != NULL);
  g_return_if_fail (name != NULL);

  figure = g_new0 (VolFigure, 1);
  figure->name = g_strdup (name);
  figure->title = g_strdup (title ? title : name);
  figure->unit = g_strdup (unit ? unit : "");
  figure->value = value;
  g_ptr_array_add (result->figures, figure);
}

/**
 * vol_result_add_counters:
 * @counters: copied
 *
 * One timed phase's counts, the test's and the device's.
 */
void
vol_result_add_counters (VolResult           *result,
                         const VolIoCounters *counters)
{
  VolIoCounters *copy;

  g_return_if_fail (result != NULL);
  g_return_if_fail (counters != NULL);

  copy = g_memdup2 (counters, sizeof *counters);
  copy->phase = g_strdup (counters->phase);
  copy->device = g_strdup (counters->device);
  g_ptr_array_add (result->counters, copy);
}

const char *
vol_result_get_remote_host (const VolResult *result)
{
  const char *host = NULL;

  if (result->resolved != NULL)
    g_variant_lookup (result->resolved, "remote-host", "&s", &host);
  return host;
}

const VolFigure *
vol_result_get_figure (const VolResult *result,
                       const char      *name)
{
  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < result->figures->len; i++)
    {
      const VolFigure *figure = g_ptr_array_index (result->figures, i);
      if (g_strcmp0 (figure->name, name) == 0)
        return figure;
    }
  return NULL;
}

VolColumn *
vol_series_add_column (VolSeries  *series,
                       const char *name,
                       const char *unit)
{
  VolColumn *column;

  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  column = g_new0 (VolColumn, 1);
  column->name = g_strdup (name);
  column->unit = g_strdup (unit ? unit : "");
  column->values = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (series->columns, column);
  return column;
}

VolColumn *
vol_series_get_column (const VolSeries *series,
                       const char      *name)
{
  g_return_val_if_fail (series != NULL, NULL);

  for (guint i = 0; i < series->columns->len; i++)
    {
      VolColumn *column = g_ptr_array_index (series->columns, i);
      if (g_strcmp0 (column->name, name) == 0)
        return column;
    }
  return NULL;
}

/* Rows are complete by construction, so the first column's length is the
 * series' length; loaders check that every column agrees. */
guint
vol_series_get_length (const VolSeries *series)
{
  g_return_val_if_fail (series != NULL, 0);

  if (series->columns->len == 0)
    return 0;
  return ((VolColumn *) g_ptr_array_index (series->columns, 0))->values->len;
}

/**
 * vol_series_append:
 * @row: one value per column, in column order
 *
 * Appends one sample (a row across all columns).
 */
void
vol_series_append (VolSeries    *series,
                   const double *row,
                   guint         n_values)
{
  g_return_if_fail (series != NULL);
  g_return_if_fail (n_values == series->columns->len);

  for (guint i = 0; i < n_values; i++)
    {
      VolColumn *column = g_ptr_array_index (series->columns, i);
      g_array_append_val (column->values, row[i]);
    }
}

VolHostInfo *
vol_host_info_copy (const VolHostInfo *host)
{
  VolHostInfo *copy;

  if (host == NULL)
    return NULL;
  copy = g_new0 (VolHostInfo, 1);
  copy->kernel = g_strdup (host->kernel);
  copy->os = g_strdup (host->os);
  copy->cpu_model = g_strdup (host->cpu_model);
  copy->cpu_count = host->cpu_count;
  copy->memory_bytes = host->memory_bytes;
  copy->hostname = g_strdup (host->hostname);
  return copy;
}

void
vol_host_info_free (VolHostInfo *host)
{
  if (host == NULL)
    return;
  g_free (host->kernel);
  g_free (host->os);
  g_free (host->cpu_model);
  g_free (host->hostname);
  g_free (host);
}
