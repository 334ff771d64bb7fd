/* vol-chart-build.c — which chart a result gets, and what it says
 *
 * A chart tells how its numbers were made: the subtitle names the volume
 * (device, model, filesystem, RAID level and stripe when known) and the
 * test's key parameters; the result's caveats (vol-caveat.h) are drawn on
 * the chart itself, so an exported image never loses them.
 */
#include "vol-chart-build.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-caveat.h"
#include "vol-error.h"
#include "vol-kinds.h"
#include "vol-size.h"

double
_vol_chart_rate_scale (const VolChartOptions *options)
{
  return options && options->binary ? 1048576.0 : 1e6;
}

gboolean
_vol_chart_wants_table (const VolChartOptions *options)
{
  return options == NULL || !options->no_table;
}

/* A builder fills its table whatever the options; the one table a
 * caller did not ask for goes here. */
void
_vol_chart_drop_table (VolChart              *chart,
                       const VolChartOptions *options)
{
  if (chart != NULL && !_vol_chart_wants_table (options))
    g_ptr_array_set_size (chart->table, 0);
}

const char *
_vol_chart_rate_unit (const VolChartOptions *options)
{
  return options && options->binary ? "MiB/s" : "MB/s";
}

char *
_vol_chart_footer_for (const VolResult *result)
{
  g_autofree char *date = result->created ? g_date_time_format (result->created, "%Y-%m-%d %H:%M UTC") : NULL;

  /* the program that measured: Volumeter, or fio for an imported run */
  return g_strdup_printf ("%s %s · %s", result->app_name ? result->app_name : "Volumeter",
                          result->app_version ? result->app_version : "?", date ? date : "?");
}

/**
 * vol_chart_describe_target:
 *
 * "md0 (RAID 0, 64 KiB stripe, 2 × INTEL SSDSA2M080), ext4": the volume
 * as a subtitle names it.
 */
char *
vol_chart_describe_target (const VolResult *result)
{
  const VolTargetInfo *t = result->target;
  GString *s;
  g_autoptr(GPtrArray) details = g_ptr_array_new_with_free_func (g_free);

  if (t == NULL)
    return g_strdup (_("unknown volume"));

  if (t->device == NULL && t->mount_source == NULL && vol_result_get_remote_host (result) != NULL)
    /* a remote run's: the host and the folder there, nothing probed */
    return g_strdup_printf ("%s, %s", vol_result_get_remote_host (result), t->path ? t->path : "?");
  s = g_string_new (t->device ? t->device : (t->mount_source ? t->mount_source : _("unknown device")));
  if (t->raid_level)
    g_ptr_array_add (details, g_str_has_prefix (t->raid_level, "raid")
                              ? g_strdup_printf ("RAID %s", t->raid_level + 4) : g_strdup (t->raid_level));
  if (t->stripe_bytes > 0)
    {
      g_autofree char *stripe = vol_size_format (t->stripe_bytes);
      g_ptr_array_add (details, g_strdup_printf (_("%s stripe"), stripe));
    }
  if (t->model)
    g_ptr_array_add (details, g_strdup (t->model));
  for (guint i = 0; i < t->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (t->devices, i);
      if (dev->backing_file)
        {
          g_ptr_array_add (details, g_strdup_printf (_("loop over %s"), dev->backing_file));
          break;
        }
    }
  if (details->len > 0)
    {
      g_autofree char *joined = NULL;
      g_ptr_array_add (details, NULL);
      joined = g_strjoinv (", ", (char **) details->pdata);
      g_string_append_printf (s, " (%s)", joined);
    }
  if (t->fs_type)
    g_string_append_printf (s, ", %s", t->fs_type);
  return g_string_free (s, FALSE);
}

/* Every caveat of the result (vol-caveat.c decides them), most serious
 * first, drawn on the chart where an exported image keeps them. */
void
_vol_chart_add_measurement_warnings (VolChart        *chart,
                                     const VolResult *result)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (result);

  for (guint i = 0; i < caveats->len; i++)
    vol_chart_add_warning (chart, ((const VolCaveat *) g_ptr_array_index (caveats, i))->text);
}

/* A resolved value as an integer (a "d" too, as older files have it),
 * else the parameter; 0 when the result has neither. */
gint64
_vol_chart_resolved_int (const VolResult *result,
                         const char      *key)
{
  gint64 v = 0;
  double d;

  /* what the run worked out, else what it was asked: a remote run's job
   * has the sizes given (docs/hosts.md) */
  GVariant *dicts[] = { result->resolved, result->params };

  for (guint i = 0; i < G_N_ELEMENTS (dicts); i++)
    {
      if (dicts[i] == NULL)
        continue;
      if (g_variant_lookup (dicts[i], key, "x", &v))
        return v;
      if (g_variant_lookup (dicts[i], key, "d", &d))
        return (gint64) d;
    }
  return 0;
}

/* A figure's value, NAN when the result does not have it. */
double
_vol_chart_figure (const VolResult *result,
                   const char      *name)
{
  const VolFigure *f = vol_result_get_figure (result, name);

  return f ? f->value : NAN;
}

VolChartSeries *
_vol_chart_add_result_series (VolChart              *chart,
                              const VolResult       *result,
                              const char            *series_name,
                              const char            *legend,
                              guint                  color,
                              const VolChartOptions *options)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  const VolSummary *summary = vol_result_get_summary (result, series_name);
  VolColumn *x, *y;
  VolChartSeries *out;
  double scale = _vol_chart_rate_scale (options);

  if (series == NULL)
    return NULL;
  x = vol_series_get_column (series, series->x);
  y = vol_series_get_column (series, series->y);
  if (x == NULL || y == NULL)
    return NULL;

  out = vol_chart_add_series (chart, legend, color);
  for (guint i = 0; i < x->values->len && i < y->values->len; i++)
    vol_chart_series_add (out, g_array_index (x->values, double, i), g_array_index (y->values, double, i) / scale);
  if (summary && summary->count > 0)
    {
      out->has_stats = TRUE;
      out->mean = summary->mean / scale;
      out->stddev = summary->count > 1 ? summary->stddev / scale : NAN;
    }
  return out;
}

static VolChart *
build_capacity (const VolResult       *result,
                const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  g_autofree char *target = vol_chart_describe_target (result);
  g_autofree char *file_size = vol_size_format ((guint64) _vol_chart_resolved_int (result, "file-size"));
  g_autofree char *chunk = vol_size_format ((guint64) _vol_chart_resolved_int (result, "chunk"));
  const VolFigure *cliff = vol_result_get_figure (result, VOL_FILL_FIG_CLIFF_POSITION);
  double scale = _vol_chart_rate_scale (options);

  chart->title = result->label
    ? g_strdup_printf (_("%s: throughput across the volume"), result->label)
    : g_strdup (_("Sequential throughput across the volume"));
  {
    /* what is unknown (a result without resolved sizes) is left out */
    GString *sub = g_string_new (target);
    if (_vol_chart_resolved_int (result, "files") > 0 && _vol_chart_resolved_int (result, "file-size") > 0)
      g_string_append_printf (sub, _(" · %" PRId64 " files × %s"), _vol_chart_resolved_int (result, "files"), file_size);
    if (_vol_chart_resolved_int (result, "chunk") > 0)
      g_string_append_printf (sub, _(" in %s chunks"), chunk);
    g_string_append_printf (sub, " · %s · %s", result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                            result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros") : _("random data"));
    chart->subtitle = g_string_free (sub, FALSE);
  }
  chart->x_title = g_strdup (_vol_chart_resolved_int (result, "capacity") > 0 || result->resolved == NULL
                             /* xgettext:no-c-format */
                             ? _("Position in the volume (% of capacity)")
                             : _("Position in the data written (%)"));
  chart->x_unit = g_strdup ("%");
  chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
  chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
  chart->footer = _vol_chart_footer_for (result);
  chart->x_min = 0;
  chart->x_max = 100;

  _vol_chart_add_result_series (chart, result, VOL_FILL_SERIES_WRITE, _("Write"), 0, options);
  _vol_chart_add_result_series (chart, result, VOL_FILL_SERIES_READ, _("Read"), 1, options);

  if (cliff)
    {
      const VolFigure *before = vol_result_get_figure (result, VOL_FILL_FIG_CLIFF_BEFORE);
      const VolFigure *after = vol_result_get_figure (result, VOL_FILL_FIG_CLIFF_AFTER);
      g_autofree char *text = (before && after)
        ? g_strdup_printf (_("Write drops at %.1f %%: %.0f → %.0f %s"), cliff->value,
                           before->value / scale, after->value / scale, _vol_chart_rate_unit (options))
        : g_strdup_printf (_("Write drops at %.1f %%"), cliff->value);
      vol_chart_add_marker (chart, cliff->value, text, 4);
    }
  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}

/* A test with no chart of its own yet: each series as a line over its x. */
VolChart *
_vol_chart_build_generic (const VolResult       *result,
               const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_LINES);
  g_autofree char *target = vol_chart_describe_target (result);

  chart->title = g_strdup (result->label ? result->label : result->kind);
  chart->subtitle = g_strdup (target);
  chart->footer = _vol_chart_footer_for (result);
  for (guint i = 0; i < result->series->len; i++)
    {
      const VolSeries *series = g_ptr_array_index (result->series, i);
      VolColumn *x = vol_series_get_column (series, series->x);
      VolColumn *y = vol_series_get_column (series, series->y);
      gboolean rate = y && g_strcmp0 (y->unit, "B/s") == 0;
      VolChartSeries *out;

      if (x == NULL || y == NULL)
        continue;
      if (chart->x_title == NULL)
        {
          chart->x_title = g_strdup_printf ("%s (%s)", x->name, x->unit);
          chart->x_unit = g_strdup (x->unit);
          chart->y_title = rate ? g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options))
                                : g_strdup_printf ("%s (%s)", y->name, y->unit);
          chart->y_unit = g_strdup (rate ? _vol_chart_rate_unit (options) : y->unit);
        }
      out = vol_chart_add_series (chart, series->title, i);
      for (guint j = 0; j < x->values->len && j < y->values->len; j++)
        vol_chart_series_add (out, g_array_index (x->values, double, j),
                              g_array_index (y->values, double, j) / (rate ? _vol_chart_rate_scale (options) : 1));
    }
  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}

/**
 * vol_chart_build_for_result:
 *
 * The chart a result of its test kind is published with.
 */
VolChart *
vol_chart_build_for_result (const VolResult       *result,
                            const VolChartOptions *options,
                            GError               **error)
{
  g_return_val_if_fail (result != NULL, NULL);

  if (result->series->len == 0)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("The result holds no samples to draw (%s)"),
                   result->message ? result->message : vol_result_status_to_string (result->status));
      return NULL;
    }
  {
    static const struct
    {
      const char *kind;
      VolChart *(*build) (const VolResult *, const VolChartOptions *);
    } builders[] = {
      { VOL_KIND_QUICK, _vol_chart_build_quick },
      { VOL_KIND_FILL, build_capacity },
      { VOL_KIND_TRANSFER, _vol_chart_build_transfer },
      { VOL_KIND_RANDOM, _vol_chart_build_random },
      { VOL_KIND_QUEUE, _vol_chart_build_queue },
      { VOL_KIND_THREADS, _vol_chart_build_threads },
      { VOL_KIND_SMALLFILES, _vol_chart_build_smallfiles },
      { VOL_KIND_CACHED, _vol_chart_build_cached },
      { VOL_KIND_SURFACE, _vol_chart_build_surface },
    };
    VolChart *chart = NULL;

    for (guint i = 0; i < G_N_ELEMENTS (builders) && chart == NULL; i++)
      if (g_strcmp0 (result->kind, builders[i].kind) == 0)
        chart = builders[i].build (result, options);
    if (chart == NULL)
      chart = _vol_chart_build_generic (result, options);
    _vol_chart_drop_table (chart, options);
    return chart;
  }
}
