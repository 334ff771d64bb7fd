/* vol-chart-compare.c — several results on one chart
 *
 * The reviews compare by hand what this does in one step: one array
 * rebuilt with 16, 32, 64 and 128 KiB stripes; RAID 0 against RAID 10;
 * one scheduler against another. Each result is named by the first
 * attribute that tells them apart, and ordered by it (stripe sizes
 * ascending); the subtitle says what else differs.
 */
#include "vol-chart-build.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-size.h"

typedef char *(*AttributeFunc) (const VolResult *result);

static char *
attr_label (const VolResult *r)
{
  return g_strdup (r->label);
}

static char *
attr_stripe (const VolResult *r)
{
  g_autofree char *size = NULL;

  if (r->target == NULL || r->target->stripe_bytes == 0)
    return NULL;
  size = vol_size_format (r->target->stripe_bytes);
  return g_strdup_printf (_("%s stripe"), size);
}

static char *
attr_raid (const VolResult *r)
{
  if (r->target == NULL || r->target->raid_level == NULL)
    return NULL;
  return g_str_has_prefix (r->target->raid_level, "raid")
    ? g_strdup_printf ("RAID %s", r->target->raid_level + 4) : g_strdup (r->target->raid_level);
}

static char *
attr_scheduler (const VolResult *r)
{
  return r->target ? g_strdup (r->target->scheduler) : NULL;
}

static char *
attr_model (const VolResult *r)
{
  return r->target ? g_strdup (r->target->model) : NULL;
}

static char *
attr_fs (const VolResult *r)
{
  return r->target ? g_strdup (r->target->fs_type) : NULL;
}

static char *
attr_device (const VolResult *r)
{
  return r->target ? g_strdup (r->target->device) : NULL;
}

static char *
attr_date (const VolResult *r)
{
  return r->created ? g_date_time_format (r->created, "%Y-%m-%d %H:%M:%S") : NULL;
}

static const struct
{
  const char    *name;
  AttributeFunc  get;
} attributes[] = {
  { "label", attr_label },
  { "stripe", attr_stripe },
  { "raid", attr_raid },
  { "scheduler", attr_scheduler },
  { "device", attr_model },
  { "filesystem", attr_fs },
  { "device-name", attr_device },
  { "date", attr_date },
};

/* Every result has the attribute, and no two share a value. */
static gboolean
tells_apart (VolResult *const *results,
             guint             n,
             AttributeFunc     get)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n; i++)
    {
      char *value = get (results[i]);
      if (value == NULL || g_hash_table_contains (seen, value))
        {
          g_free (value);
          return FALSE;
        }
      g_hash_table_add (seen, value);
    }
  return TRUE;
}

static int
compare_stripe (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  VolResult *const *results = data;
  guint64 x = results[*(const guint *) a]->target->stripe_bytes;
  guint64 y = results[*(const guint *) b]->target->stripe_bytes;

  return (x > y) - (x < y);
}

/**
 * vol_chart_comparison_labels:
 * @by: (out): the attribute the labels come from: "label", "stripe", …
 * @order: (out caller-allocates): @n_results indices, the display order
 *
 * Returns: (transfer full): one label per result, in the results' order.
 */
char **
vol_chart_comparison_labels (VolResult *const *results,
                             guint             n,
                             const char      **by,
                             guint            *order)
{
  char **labels = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
    if (tells_apart (results, n, attributes[a].get))
      {
        for (guint i = 0; i < n; i++)
          labels[i] = attributes[a].get (results[i]);
        *by = attributes[a].name;
        if (g_str_equal (*by, "stripe"))
          g_qsort_with_data (order, n, sizeof (guint), compare_stripe, (gpointer) results);
        return labels;
      }

  for (guint i = 0; i < n; i++)
    labels[i] = g_strdup_printf (_("Run %u"), i + 1);
  *by = "order";
  return labels;
}

/* The parameter names whose values are not the same in every result. */
static char *
differing_parameters (VolResult *const *results,
                      guint             n)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GVariantIter iter;
  const char *key;
  GVariant *value;

  if (results[0]->params == NULL)
    return NULL;
  g_variant_iter_init (&iter, results[0]->params);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      gboolean same = TRUE;
      for (guint i = 1; i < n && same; i++)
        {
          g_autoptr(GVariant) other = results[i]->params ? g_variant_lookup_value (results[i]->params, key, NULL) : NULL;
          same = other != NULL && g_variant_equal (value, other);
        }
      if (!same)
        g_ptr_array_add (names, (gpointer) key);
      g_variant_unref (value);
    }
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (results[i]->kind, results[0]->kind) != 0)
      {
        g_ptr_array_add (names, (gpointer) "test");
        break;
      }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static char *
comparison_subtitle (VolResult *const *results,
                     guint             n,
                     const char       *by)
{
  g_autofree char *differ = differing_parameters (results, n);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, ngettext ("%u result", "%u results", n), n);
  if (!g_str_equal (by, "label") && !g_str_equal (by, "order"))
    g_string_append_printf (s, _(", named by %s"), by);
  if (differ)
    g_string_append_printf (s, _(" · parameters that differ: %s"), differ);
  else
    g_string_append (s, _(" · same test parameters"));
  return g_string_free (s, FALSE);
}

static gboolean
all_kind (VolResult *const *results,
          guint             n,
          const char       *kind)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (results[i]->kind, kind) != 0)
      return FALSE;
  return TRUE;
}

static void
add_curve (VolChart              *chart,
           const VolResult       *result,
           const char            *series_name,
           const char            *legend,
           guint                  color,
           gboolean               dashed,
           const VolChartOptions *options)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  VolColumn *x, *y;
  VolChartSeries *out;
  double scale = _vol_chart_rate_scale (options);

  if (series == NULL || (x = vol_series_get_column (series, series->x)) == NULL
      || (y = vol_series_get_column (series, series->y)) == NULL)
    return;
  out = vol_chart_add_series (chart, legend, color);
  out->dashed = dashed;
  for (guint i = 0; i < x->values->len && i < y->values->len; i++)
    vol_chart_series_add (out, g_array_index (x->values, double, i), g_array_index (y->values, double, i) / scale);
}

/* Summaries every result has, as the bar groups: "Write mean", "Read mean". */
static VolChart *
build_bars (VolResult *const      *results,
            guint                  n,
            char                 **labels,
            const guint           *order,
            const VolChartOptions *options)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) series_names = g_ptr_array_new ();
  double scale = _vol_chart_rate_scale (options);

  for (guint s = 0; s < results[0]->summaries->len; s++)
    {
      const VolSummary *summary = g_ptr_array_index (results[0]->summaries, s);
      gboolean everywhere = g_strcmp0 (summary->unit, "B/s") == 0;
      for (guint i = 1; i < n && everywhere; i++)
        everywhere = vol_result_get_summary (results[i], summary->series) != NULL;
      if (everywhere)
        {
          const VolSeries *series = vol_result_get_series (results[0], summary->series);
          g_ptr_array_add (categories, g_strdup_printf (_("%s mean"), series ? series->title : summary->series));
          g_ptr_array_add (series_names, summary->series);
        }
    }
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  for (guint k = 0; k < n; k++)
    {
      guint r = order[k];
      VolChartSeries *out = vol_chart_add_series (chart, labels[r], k);
      for (guint c = 0; c < series_names->len; c++)
        {
          const VolSummary *summary = vol_result_get_summary (results[r], g_ptr_array_index (series_names, c));
          vol_chart_series_add (out, c, summary && summary->count ? summary->mean / scale : NAN);
        }
    }
  chart->title = g_strdup (_("Mean throughput compared"));
  chart->x_title = g_strdup (_("Figure"));
  chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
  chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
  return chart;
}

/**
 * vol_chart_build_comparison:
 *
 * Fill results overlay their capacity curves (write solid, read dashed,
 * one colour per result); otherwise, or with options->bars, the headline
 * means become grouped bars, one group per figure and one bar per result.
 */
VolChart *
vol_chart_build_comparison (VolResult *const      *results,
                            guint                  n,
                            const VolChartOptions *options,
                            GError               **error)
{
  g_auto(GStrv) labels = NULL;
  g_autofree guint *order = NULL;
  const char *by = NULL;
  VolChart *chart;

  g_return_val_if_fail (results != NULL, NULL);

  if (n < 2)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, _("A comparison needs at least two results"));
      return NULL;
    }
  order = g_new (guint, n);
  labels = vol_chart_comparison_labels (results, n, &by, order);

  if (all_kind (results, n, "fill") && !(options && options->bars))
    {
      chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      chart->title = g_strdup (_("Throughput across the volume, compared"));
      /* xgettext:no-c-format */
      chart->x_title = g_strdup (_("Position in the volume (% of capacity)"));
      chart->x_unit = g_strdup ("%");
      chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
      chart->x_min = 0;
      chart->x_max = 100;
      for (guint k = 0; k < n; k++)
        {
          guint r = order[k];
          g_autofree char *w = g_strdup_printf (_("%s — write"), labels[r]);
          g_autofree char *rd = g_strdup_printf (_("%s — read"), labels[r]);
          add_curve (chart, results[r], "write", w, k, FALSE, options);
          add_curve (chart, results[r], "read", rd, k, TRUE, options);
        }
    }
  else
    chart = build_bars (results, n, labels, order, options);

  chart->subtitle = comparison_subtitle (results, n, by);
  chart->footer = _vol_chart_footer_for (results[order[0]]);
  for (guint i = 0; i < n; i++)
    {
      /* one result measured badly taints the comparison: say which */
      g_autoptr(VolChart) probe = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      _vol_chart_add_measurement_warnings (probe, results[i]);
      for (guint w = 0; w < probe->warnings->len; w++)
        {
          g_autofree char *text = g_strdup_printf ("%s: %s", labels[i], (char *) g_ptr_array_index (probe->warnings, w));
          vol_chart_add_warning (chart, text);
        }
    }
  return chart;
}
