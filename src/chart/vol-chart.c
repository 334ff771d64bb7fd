/* vol-chart.c — the chart model */
#include "vol-chart.h"

#include <math.h>

#include "vol-chart-decimate.h"

G_DEFINE_BOXED_TYPE (VolChart, vol_chart, vol_chart_ref, vol_chart_unref)

static void
series_free (gpointer data)
{
  VolChartSeries *series = data;

  g_free (series->name);
  g_free (series->legend);
  g_array_unref (series->x);
  g_array_unref (series->y);
  g_clear_pointer (&series->pyramid, vol_chart_pyramid_free);
  g_free (series);
}

static void
marker_free (gpointer data)
{
  VolChartMarker *marker = data;

  g_free (marker->text);
  g_free (marker);
}

static void
row_free (gpointer data)
{
  VolChartTableRow *row = data;

  g_free (row->label);
  g_strfreev (row->cells);
  g_free (row);
}

static void
legend_entry_clear (gpointer data)
{
  g_free (((VolChartLegendEntry *) data)->text);
}

static void
chart_clear (VolChart *chart)
{
  g_free (chart->title);
  g_free (chart->subtitle);
  g_free (chart->x_title);
  g_free (chart->y_title);
  g_free (chart->x_unit);
  g_free (chart->y_unit);
  g_free (chart->y2_title);
  g_free (chart->y2_unit);
  g_free (chart->footer);
  g_strfreev (chart->categories);
  g_ptr_array_unref (chart->series);
  g_ptr_array_unref (chart->markers);
  g_ptr_array_unref (chart->warnings);
  g_ptr_array_unref (chart->table);
  g_array_unref (chart->legend_keys);
}

VolChart *
vol_chart_new (VolChartKind kind)
{
  VolChart *chart = g_atomic_rc_box_new0 (VolChart);

  chart->kind = kind;
  chart->x_min = NAN;
  chart->x_max = NAN;
  chart->series = g_ptr_array_new_with_free_func (series_free);
  chart->markers = g_ptr_array_new_with_free_func (marker_free);
  chart->warnings = g_ptr_array_new_with_free_func (g_free);
  chart->table = g_ptr_array_new_with_free_func (row_free);
  chart->legend_keys = g_array_new (FALSE, TRUE, sizeof (VolChartLegendEntry));
  g_array_set_clear_func (chart->legend_keys, legend_entry_clear);
  return chart;
}

VolChart *
vol_chart_ref (VolChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return g_atomic_rc_box_acquire (chart);
}

void
vol_chart_unref (VolChart *chart)
{
  g_return_if_fail (chart != NULL);
  g_atomic_rc_box_release_full (chart, (GDestroyNotify) chart_clear);
}

/**
 * vol_chart_table_columns:
 * @columns: (out caller-allocates): room for chart->series->len series
 *
 * The series the table's columns are about: one each, or, when the rows
 * have fewer cells than the chart has series (a quick comparison: a
 * series per result and mode, a column per result), the series the
 * legend names, one per result. The header of a column is the series'
 * legend text when it has one, else its name.
 *
 * Returns: the number of columns
 */
guint
vol_chart_table_columns (const VolChart        *chart,
                         const VolChartSeries **columns)
{
  guint cells = 0, n = 0;

  if (chart->table->len > 0)
    {
      const VolChartTableRow *row = g_ptr_array_index (chart->table, 0);
      while (row->cells && row->cells[cells])
        cells++;
    }
  for (guint i = 0; i < chart->series->len; i++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, i);
      if (cells >= chart->series->len || !series->hide_in_legend)
        columns[n++] = series;
    }
  return n;
}

VolChartSeries *
vol_chart_add_series (VolChart   *chart,
                      const char *name,
                      guint       color)
{
  VolChartSeries *series = g_new0 (VolChartSeries, 1);

  series->name = g_strdup (name);
  series->color = color;
  series->x = g_array_new (FALSE, FALSE, sizeof (double));
  series->y = g_array_new (FALSE, FALSE, sizeof (double));
  series->mean = NAN;
  series->stddev = NAN;
  series->x_lo = series->y_lo = INFINITY;
  series->x_hi = series->y_hi = -INFINITY;
  g_ptr_array_add (chart->series, series);
  return series;
}

/**
 * vol_chart_series_get_legend:
 *
 * The series' entry in the legend, or %NULL when it has none (unnamed,
 * or told apart by other entries: a comparison's colours and dashes).
 */
const char *
vol_chart_series_get_legend (const VolChartSeries *series)
{
  if (series->hide_in_legend)
    return NULL;
  return series->legend ? series->legend : series->name;
}

/**
 * vol_chart_add_legend_key:
 *
 * An entry of the legend that is no series: "Read" with a dashed grey
 * swatch, where every result's read curve is dashed in its colour.
 */
void
vol_chart_add_legend_key (VolChart   *chart,
                          const char *text,
                          guint       color,
                          gboolean    dashed)
{
  VolChartLegendEntry entry = { g_strdup (text), color, dashed, VOL_CHART_SHADE_SOLID, FALSE };

  g_array_append_val (chart->legend_keys, entry);
}

/**
 * vol_chart_add_legend_shade:
 * @shade: VOL_CHART_SHADE_*
 *
 * An entry of a bar chart's legend that is no series: "Write" with a
 * light grey swatch, where every result's write bars are light.
 */
void
vol_chart_add_legend_shade (VolChart   *chart,
                            const char *text,
                            guint       color,
                            guint       shade)
{
  VolChartLegendEntry entry = { g_strdup (text), color, FALSE, shade, FALSE };

  g_array_append_val (chart->legend_keys, entry);
}

/**
 * vol_chart_get_legend:
 *
 * The legend's entries in order: the series' that have one, then the
 * keys. The texts belong to @chart.
 *
 * Returns: (transfer full) (element-type VolChartLegendEntry): the entries
 */
GArray *
vol_chart_get_legend (const VolChart *chart)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (VolChartLegendEntry));

  for (guint i = 0; i < chart->series->len; i++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, i);
      VolChartLegendEntry entry = { (char *) vol_chart_series_get_legend (series), series->color, series->dashed,
                                    series->shade, series->dots };
      if (entry.text != NULL)
        g_array_append_val (entries, entry);
    }
  for (guint i = 0; i < chart->legend_keys->len; i++)
    g_array_append_val (entries, g_array_index (chart->legend_keys, VolChartLegendEntry, i));
  return entries;
}

void
vol_chart_series_add (VolChartSeries *series,
                      double          x,
                      double          y)
{
  g_array_append_val (series->x, x);
  g_array_append_val (series->y, y);
  if (isfinite (x))
    {
      series->x_lo = MIN (series->x_lo, x);
      series->x_hi = MAX (series->x_hi, x);
    }
  if (isfinite (y))
    {
      series->y_lo = MIN (series->y_lo, y);
      series->y_hi = MAX (series->y_hi, y);
    }
  g_clear_pointer (&series->pyramid, vol_chart_pyramid_free);
}

void
vol_chart_add_marker (VolChart   *chart,
                      double      x,
                      const char *text,
                      guint       color)
{
  VolChartMarker *marker = g_new0 (VolChartMarker, 1);

  marker->x = x;
  marker->text = g_strdup (text);
  marker->color = color;
  g_ptr_array_add (chart->markers, marker);
}

void
vol_chart_add_warning (VolChart   *chart,
                       const char *text)
{
  g_ptr_array_add (chart->warnings, g_strdup (text));
}

void
vol_chart_add_table_row (VolChart          *chart,
                         const char        *label,
                         const char *const *cells)
{
  VolChartTableRow *row = g_new0 (VolChartTableRow, 1);

  row->label = g_strdup (label);
  row->cells = g_strdupv ((char **) cells);
  g_ptr_array_add (chart->table, row);
}

void
vol_chart_set_categories (VolChart          *chart,
                          const char *const *categories)
{
  g_strfreev (chart->categories);
  chart->categories = g_strdupv ((char **) categories);
}

guint
vol_chart_get_n_categories (const VolChart *chart)
{
  return chart->categories ? g_strv_length (chart->categories) : 0;
}

static gboolean
y_range_of (const VolChart *chart,
            gboolean        y2,
            double         *min,
            double         *max)
{
  gboolean any = FALSE;

  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = 0; i < chart->series->len; i++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, i);
      if (series->y2 != y2)
        continue;
      if (series->y_lo <= series->y_hi)
        {
          *min = MIN (*min, series->y_lo);
          *max = MAX (*max, series->y_hi);
          any = TRUE;
        }
      if (series->has_stats && isfinite (series->mean) && isfinite (series->stddev))
        {
          *max = MAX (*max, series->mean + series->stddev);
          *min = MIN (*min, series->mean - series->stddev);
        }
    }
  return any;
}

/**
 * vol_chart_get_y_range:
 *
 * The smallest and largest y of the series on the left-hand axis,
 * widened by ±1 std dev where a series has a band. FALSE when there is
 * no finite value.
 */
gboolean
vol_chart_get_y_range (const VolChart *chart,
                       double         *min,
                       double         *max)
{
  return y_range_of (chart, FALSE, min, max);
}

/* The same for the series on the right-hand axis. */
gboolean
vol_chart_get_y2_range (const VolChart *chart,
                        double         *min,
                        double         *max)
{
  return y_range_of (chart, TRUE, min, max);
}

/* Whether a series is drawn against the right-hand axis. */
gboolean
vol_chart_has_y2 (const VolChart *chart)
{
  for (guint i = 0; i < chart->series->len; i++)
    if (((const VolChartSeries *) g_ptr_array_index (chart->series, i))->y2)
      return TRUE;
  return FALSE;
}

gboolean
vol_chart_get_x_range (const VolChart *chart,
                       double         *min,
                       double         *max)
{
  gboolean any = FALSE;

  *min = INFINITY;
  *max = -INFINITY;
  for (guint i = 0; i < chart->series->len; i++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, i);
      if (series->x_lo <= series->x_hi)
        {
          *min = MIN (*min, series->x_lo);
          *max = MAX (*max, series->x_hi);
          any = TRUE;
        }
    }
  return any;
}
