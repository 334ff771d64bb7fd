/* vol-chart-render.c — painting a laid-out chart with cairo and pango
 *
 * Draw order: background, plot background and grid, bands, series, mean
 * lines and markers, axes and labels, legend, warnings, table, footer —
 * so text is never under data. Long series go through the min/max pyramid
 * (one vertical stroke per pixel column), so the cost of a frame does not
 * grow with the number of samples.
 */
#include "vol-chart-render.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "vol-chart-decimate.h"

typedef struct
{
  cairo_t             *cr;
  const VolChartStyle *style;
  const VolChart      *chart;
  VolChartLayout      *layout;
  PangoLayout         *text[VOL_CHART_N_FONTS];
} Painter;

static void
set_color (cairo_t       *cr,
           const VolRgba *c,
           double         alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static PangoLayout *
make_text_layout (cairo_t             *cr,
                  const VolChartStyle *style,
                  VolChartFont         font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (style->font_family);

  /* Sizes are in chart units (1 unit = 1/96 in at scale 1), not points,
   * so the chart looks the same in a PNG, an SVG and a PDF. */
  pango_font_description_set_absolute_size (desc, style->font_size[font] * 4.0 / 3.0 * PANGO_SCALE);
  if (font == VOL_CHART_FONT_TITLE)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  if (font == VOL_CHART_FONT_WARNING || font == VOL_CHART_FONT_LEGEND)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_MEDIUM);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

static void
measure_cb (const char   *text,
            VolChartFont  font,
            double        wrap_width,
            double       *width,
            double       *height,
            gpointer      data)
{
  Painter *p = data;
  PangoLayout *layout = p->text[font];
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  if (wrap_width > 0)
    {
      pango_layout_set_width (layout, (int) (wrap_width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_get_extents (layout, NULL, &logical);
  pango_layout_set_width (layout, -1);
  *width = (double) logical.width / PANGO_SCALE;
  *height = (double) logical.height / PANGO_SCALE;
}

typedef enum { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } Align;

/* Draws @text with its top-left (or top-centre, top-right) at x, y;
 * returns its width. Ellipsized to @max_width when that is > 0. */
static double
draw_text (Painter       *p,
           VolChartFont   font,
           const char    *text,
           double         x,
           double         y,
           Align          align,
           double         max_width,
           const VolRgba *color)
{
  PangoLayout *layout = p->text[font];
  PangoRectangle logical;
  double w;

  if (text == NULL || *text == '\0')
    return 0;
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, max_width > 0 ? (int) (max_width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (layout, max_width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_get_extents (layout, NULL, &logical);
  w = (double) logical.width / PANGO_SCALE;
  if (align == ALIGN_CENTER)
    x -= w / 2;
  else if (align == ALIGN_RIGHT)
    x -= w;
  set_color (p->cr, color, 1);
  cairo_move_to (p->cr, x - (double) logical.x / PANGO_SCALE, y);
  pango_cairo_show_layout (p->cr, layout);
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  return w;
}

/* Draws @text wrapped at @width, on at most @max_lines lines (0: no
 * limit; the last line then ends in "…"); returns its height. */
static double
draw_wrapped (Painter       *p,
              VolChartFont   font,
              const char    *text,
              double         x,
              double         y,
              double         width,
              int            max_lines,
              const VolRgba *color)
{
  PangoLayout *layout = p->text[font];
  PangoRectangle logical;

  if (text == NULL || *text == '\0')
    return 0;
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) (MAX (width, 40) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (max_lines > 0)
    {
      pango_layout_set_height (layout, -max_lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_extents (layout, NULL, &logical);
  set_color (p->cr, color, 1);
  cairo_move_to (p->cr, x, y);
  pango_cairo_show_layout (p->cr, layout);
  pango_layout_set_width (layout, -1);
  pango_layout_set_height (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  return (double) logical.height / PANGO_SCALE;
}

static void
text_size (Painter      *p,
           VolChartFont  font,
           const char   *text,
           double       *w,
           double       *h)
{
  measure_cb (text, font, 0, w, h, p);
}

static void
draw_grid (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolRect *plot = &l->plot;

  set_color (cr, &p->style->plot_background, 1);
  cairo_rectangle (cr, plot->x, plot->y, plot->width, plot->height);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1);
  set_color (cr, &p->style->grid, 1);
  for (guint i = 0; i < l->y_axis.ticks->len; i++)
    {
      double y = round (vol_chart_layout_y_to_pixel (l, g_array_index (l->y_axis.ticks, VolTick, i).value)) + 0.5;
      cairo_move_to (cr, plot->x, y);
      cairo_line_to (cr, plot->x + plot->width, y);
    }
  if (p->chart->kind == VOL_CHART_KIND_CAPACITY || p->chart->kind == VOL_CHART_KIND_LINES)
    for (guint i = 0; i < l->x_axis.ticks->len; i++)
      {
        double x = round (vol_chart_layout_x_to_pixel (l, g_array_index (l->x_axis.ticks, VolTick, i).value)) + 0.5;
        cairo_move_to (cr, x, plot->y);
        cairo_line_to (cr, x, plot->y + plot->height);
      }
  cairo_stroke (cr);
}

static void
draw_axes (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolRect *plot = &l->plot;
  const VolChart *chart = p->chart;
  double w, h, tick_h;

  set_color (cr, &p->style->axis, 1);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, plot->x + 0.5, plot->y);
  cairo_line_to (cr, plot->x + 0.5, plot->y + plot->height + 0.5);
  cairo_line_to (cr, plot->x + plot->width, plot->y + plot->height + 0.5);
  cairo_stroke (cr);

  text_size (p, VOL_CHART_FONT_TICK, "0", &w, &tick_h);
  for (guint i = 0; i < l->y_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (l->y_axis.ticks, VolTick, i);
      double y = vol_chart_layout_y_to_pixel (l, t->value);
      draw_text (p, VOL_CHART_FONT_TICK, t->label, plot->x - 8, y - tick_h / 2, ALIGN_RIGHT, 0, &p->style->foreground);
    }
  for (guint i = 0; l->y2_axis.ticks && i < l->y2_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (l->y2_axis.ticks, VolTick, i);
      double y = vol_chart_layout_y2_to_pixel (l, t->value);
      draw_text (p, VOL_CHART_FONT_TICK, t->label, plot->x + plot->width + 8, y - tick_h / 2, ALIGN_LEFT, 0,
                 &p->style->foreground);
    }
  for (guint i = 0; i < l->x_axis.ticks->len; i++)
    {
      const VolTick *t = &g_array_index (l->x_axis.ticks, VolTick, i);
      double x = vol_chart_layout_x_to_pixel (l, t->value);
      double y = plot->y + plot->height + l->x_label_offset;
      if (i % l->x_label_every != 0)
        continue;
      if (l->rotate_x_labels)
        {
          double max_w = l->x_label_max_width;
          text_size (p, VOL_CHART_FONT_TICK, t->label, &w, &h);
          cairo_save (cr);
          cairo_translate (cr, x, y);
          cairo_rotate (cr, -G_PI / 4);
          draw_text (p, VOL_CHART_FONT_TICK, t->label, 0, -h / 2, ALIGN_RIGHT, max_w > 0 && w > max_w ? max_w : 0,
                     &p->style->foreground);
          cairo_restore (cr);
        }
      else
        draw_text (p, VOL_CHART_FONT_TICK, t->label, x, y, ALIGN_CENTER, 0, &p->style->foreground);
    }

  /* axis titles: x where the layout put it, y rotated on the left */
  if (l->x_title_rect.height > 0)
    draw_text (p, VOL_CHART_FONT_AXIS_TITLE, chart->x_title, l->x_title_rect.x + l->x_title_rect.width / 2,
               l->x_title_rect.y, ALIGN_CENTER, l->x_title_rect.width + 1, &p->style->muted);
  if (chart->y_title)
    {
      text_size (p, VOL_CHART_FONT_AXIS_TITLE, chart->y_title, &w, &h);
      cairo_save (cr);
      cairo_translate (cr, l->y_title_x - h / 2, plot->y + plot->height / 2);
      cairo_rotate (cr, -G_PI / 2);
      draw_text (p, VOL_CHART_FONT_AXIS_TITLE, chart->y_title, 0, 0, ALIGN_CENTER, w > l->y_title_max ? l->y_title_max : 0,
                 &p->style->muted);
      cairo_restore (cr);
    }
  if (chart->y2_title && l->y2_axis.ticks && l->y2_axis.ticks->len > 0)
    {
      /* read from the bottom up, as the left one: the same turn */
      text_size (p, VOL_CHART_FONT_AXIS_TITLE, chart->y2_title, &w, &h);
      cairo_save (cr);
      cairo_translate (cr, l->y2_title_x - h / 2, plot->y + plot->height / 2);
      cairo_rotate (cr, -G_PI / 2);
      draw_text (p, VOL_CHART_FONT_AXIS_TITLE, chart->y2_title, 0, 0, ALIGN_CENTER,
                 w > plot->height ? plot->height : 0, &p->style->muted);
      cairo_restore (cr);
    }
}

static const VolRgba *
series_color (Painter *p,
              guint    color)
{
  return &p->style->palette[color % VOL_CHART_PALETTE_SIZE];
}

static void
draw_band_and_mean (Painter              *p,
                    const VolChartSeries *series,
                    guint                 index)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolRect *plot = &l->plot;
  const VolRgba *c = series_color (p, series->color);
  g_autofree char *label = NULL;
  double y, w, h;

  if (!series->has_stats || !isfinite (series->mean))
    return;

  if (isfinite (series->stddev) && series->stddev > 0)
    {
      double top = vol_chart_layout_y_to_pixel (l, series->mean + series->stddev);
      double bottom = vol_chart_layout_y_to_pixel (l, MAX (series->mean - series->stddev, l->y_axis.min));
      set_color (cr, c, 0.13);
      cairo_rectangle (cr, plot->x, top, plot->width, bottom - top);
      cairo_fill (cr);
    }

  y = vol_chart_layout_y_to_pixel (l, series->mean);
  set_color (cr, c, 1);
  cairo_set_line_width (cr, 1.2);
  cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
  cairo_move_to (cr, plot->x, y);
  cairo_line_to (cr, plot->x + plot->width, y);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  /* "mean 258.2 MB/s ± 26.2" at the right end, above the line, on a
   * backing so it reads over the data */
  label = isfinite (series->stddev)
    ? g_strdup_printf (_("%s mean %.1f %s ± %.1f"), series->name ? series->name : "", series->mean,
                       p->chart->y_unit ? p->chart->y_unit : "", series->stddev)
    : g_strdup_printf (_("%s mean %.1f %s"), series->name ? series->name : "", series->mean,
                       p->chart->y_unit ? p->chart->y_unit : "");
  text_size (p, VOL_CHART_FONT_VALUE, g_strstrip (label), &w, &h);
  set_color (cr, &p->style->plot_background, 0.7);
  cairo_rectangle (cr, plot->x + plot->width - w - 10, y - h - 3, w + 6, h + 2);
  cairo_fill (cr);
  draw_text (p, VOL_CHART_FONT_VALUE, label, plot->x + plot->width - 7, y - h - 2, ALIGN_RIGHT, 0, c);
}

/* A series' y in pixels, on its axis. */
static double
y_px (const VolChartLayout *l,
      const VolChartSeries *series,
      double                y)
{
  return series->y2 ? vol_chart_layout_y2_to_pixel (l, y) : vol_chart_layout_y_to_pixel (l, y);
}

static void
draw_line_series (Painter              *p,
                  VolChartSeries       *series)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolRect *plot = &l->plot;
  const VolRgba *c = series_color (p, series->color);
  guint n = series->x->len;
  const double *xs = (const double *) series->x->data;
  const double *ys = (const double *) series->y->data;
  guint columns = (guint) MAX (plot->width, 1);

  cairo_save (cr);
  /* a little past the plot, so the first and last dots are whole */
  cairo_rectangle (cr, plot->x - 4, plot->y - 4, plot->width + 8, plot->height + 8);
  cairo_clip (cr);
  set_color (cr, c, 1);
  cairo_set_line_width (cr, p->style->line_width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (series->dashed)
    cairo_set_dash (cr, (double[]) { 5, 3 }, 2, 0);

  if (series->dots)
    {
      /* a point each, translucent so where they crowd shows */
      set_color (cr, c, 0.55);
      for (guint i = 0; i < n; i++)
        if (isfinite (ys[i]) && isfinite (xs[i]))
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, vol_chart_layout_x_to_pixel (l, xs[i]), y_px (l, series, ys[i]), 2.2, 0, 2 * G_PI);
          }
      cairo_fill (cr);
      cairo_restore (cr);
      return;
    }
  if (series->pyramid == NULL && n > columns)
    series->pyramid = vol_chart_pyramid_new (xs, ys, n);

  if (series->pyramid != NULL && n > columns)
    {
      /* more samples than pixels: a min–max stroke per column, joined
       * through the columns' middles */
      g_autofree double *mins = g_new (double, columns);
      g_autofree double *maxs = g_new (double, columns);
      gboolean pen_down = FALSE;

      g_autofree double *edges = g_new (double, columns + 1);

      /* columns are equal in pixels, which on a log axis are unequal in x */
      for (guint col = 0; col <= columns; col++)
        edges[col] = vol_chart_layout_pixel_to_x (l, plot->x + col);
      vol_chart_pyramid_query_edges (series->pyramid, edges, columns, mins, maxs);
      for (guint col = 0; col < columns; col++)
        {
          double x = plot->x + col + 0.5;
          double y0, y1;
          if (isnan (mins[col]))
            {
              pen_down = FALSE;
              continue;
            }
          y0 = y_px (l, series, mins[col]);
          y1 = y_px (l, series, maxs[col]);
          if (pen_down)
            cairo_line_to (cr, x, (y0 + y1) / 2);
          cairo_move_to (cr, x, y0);
          cairo_line_to (cr, x, y1 - (fabs (y1 - y0) < 1 ? 1 : 0));
          cairo_move_to (cr, x, (y0 + y1) / 2);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
    }
  else
    {
      gboolean pen_down = FALSE;
      for (guint i = 0; i < n; i++)
        {
          double x, y;
          if (!isfinite (ys[i]) || !isfinite (xs[i]) || (l->x_axis.log && xs[i] <= 0))
            {
              pen_down = FALSE;
              continue;
            }
          x = vol_chart_layout_x_to_pixel (l, xs[i]);
          y = y_px (l, series, ys[i]);
          if (pen_down)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* few enough samples to see each: mark them */
      if (n > 0 && n <= plot->width / 6)
        for (guint i = 0; i < n; i++)
          if (isfinite (ys[i]) && isfinite (xs[i]) && !(l->x_axis.log && xs[i] <= 0))
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, vol_chart_layout_x_to_pixel (l, xs[i]), y_px (l, series, ys[i]),
                         n <= plot->width / 20 ? 3.2 : 2, 0, 2 * G_PI);
              cairo_fill (cr);
            }
    }
  cairo_restore (cr);
}

/* A bar or its legend swatch, filled as @shade says; a light or outlined
 * one has its edge in the full colour, drawn inside it so bars side by
 * side keep their gap. */
static void
fill_bar (cairo_t       *cr,
          const VolRgba *c,
          guint          shade,
          double         x,
          double         y,
          double         w,
          double         h)
{
  set_color (cr, c, shade == VOL_CHART_SHADE_SOLID ? 1 : shade == VOL_CHART_SHADE_LIGHT ? 0.4 : 0.08);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  if (shade == VOL_CHART_SHADE_SOLID || w < 2 || h < 2)
    return;
  set_color (cr, c, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_rectangle (cr, x + 0.75, y + 0.75, w - 1.5, h - 1.5);
  cairo_stroke (cr);
}

static void
draw_bars (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolChart *chart = p->chart;
  guint n_series = chart->series->len;
  guint n_cat = MAX (vol_chart_get_n_categories (chart), 1);
  double slot = l->plot.width / n_cat;
  double group = slot * 0.8;
  double bar = group / MAX (n_series, 1);
  double base = vol_chart_layout_y_to_pixel (l, MAX (0, l->y_axis.min));
  double w, h;
  gboolean vertical_labels = l->bar_labels == VOL_BAR_LABELS_TURNED;

  for (guint s = 0; s < n_series; s++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, s);
      const VolRgba *c = series_color (p, series->color);
      for (guint i = 0; i < series->y->len; i++)
        {
          double v = g_array_index (series->y, double, i);
          double cx = vol_chart_layout_x_to_pixel (l, g_array_index (series->x, double, i));
          double x = cx - group / 2 + s * bar;
          double top;
          g_autofree char *text = NULL;

          if (!isfinite (v))
            continue;
          top = vol_chart_layout_y_to_pixel (l, v);
          fill_bar (cr, c, series->shade, x + 1, top, bar - 2, base - top);

          if (l->bar_labels == VOL_BAR_LABELS_NONE)
            continue;
          text = vol_chart_format_number (v, v >= 100 ? 1 : 0.1);
          text_size (p, VOL_CHART_FONT_VALUE, text, &w, &h);
          if (vertical_labels)
            {
              cairo_save (cr);
              cairo_translate (cr, x + bar / 2 - h / 2, top - 3);
              cairo_rotate (cr, -G_PI / 2);
              draw_text (p, VOL_CHART_FONT_VALUE, text, 0, 0, ALIGN_LEFT, 0, &p->style->foreground);
              cairo_restore (cr);
            }
          else
            draw_text (p, VOL_CHART_FONT_VALUE, text, x + bar / 2, top - h - 2, ALIGN_CENTER, 0, &p->style->foreground);
        }
    }
}

static void
draw_markers (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  double w, h;

  for (guint i = 0; i < p->chart->markers->len; i++)
    {
      const VolChartMarker *m = g_ptr_array_index (p->chart->markers, i);
      double x = round (vol_chart_layout_x_to_pixel (l, m->x)) + 0.5;
      const VolRgba *c = series_color (p, m->color);
      gboolean left = x > l->plot.x + l->plot.width * 0.55;

      set_color (cr, c, 1);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, (double[]) { 3, 3 }, 2, 0);
      cairo_move_to (cr, x, l->plot.y);
      cairo_line_to (cr, x, l->plot.y + l->plot.height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* the note sits beside the line, on a backing, at the first height
       * where it hides no data and no mean label */
      text_size (p, VOL_CHART_FONT_VALUE, m->text, &w, &h);
      {
        static const double heights[] = { 0.55, 0.75, 0.9, 0.35, 0.15, 0.05 };
        double tx = left ? x - 6 - w : x + 6;
        double ty = l->plot.y + l->plot.height * heights[0] + i * (h + 6);
        for (guint k = 0; k < G_N_ELEMENTS (heights); k++)
          {
            /* with a few pixels of air around it, but not counting the
             * marker's own line beside it */
            VolRect r = { tx - 3 + (left ? 0 : 6), l->plot.y + l->plot.height * heights[k] + i * (h + 6) - 8,
                          w, h + 16 };
            if (r.y + r.height <= l->plot.y + l->plot.height && !vol_chart_layout_covers_data (l, p->chart, &r))
              {
                ty = r.y + 8;
                break;
              }
          }
        set_color (cr, &p->style->plot_background, 0.9);
        cairo_rectangle (cr, tx - 3, ty - 2, w + 6, h + 4);
        cairo_fill (cr);
        draw_text (p, VOL_CHART_FONT_VALUE, m->text, tx, ty, ALIGN_LEFT, 0, c);
      }
    }
}

static void
draw_legend (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolChartLayout *l = p->layout;
  const VolRect *r = &l->legend;
  g_autoptr(GArray) entries = NULL;
  double x, y, w, h;

  if (l->legend_place == VOL_LEGEND_NONE)
    return;

  if (l->legend_place != VOL_LEGEND_ABOVE)
    {
      set_color (cr, &p->style->background, 0.92);
      cairo_rectangle (cr, r->x, r->y, r->width, r->height);
      cairo_fill_preserve (cr);
      set_color (cr, &p->style->grid, 1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }

  x = r->x + 8;
  y = r->y + 5;
  entries = vol_chart_get_legend (p->chart);
  for (guint i = 0; i < entries->len; i++)
    {
      const VolChartLegendEntry *entry = &g_array_index (entries, VolChartLegendEntry, i);
      const char *name = entry->text;
      const VolRgba *c = series_color (p, entry->color);
      gboolean flow = l->legend_place == VOL_LEGEND_ABOVE || l->legend_in_row;

      text_size (p, VOL_CHART_FONT_LEGEND, name, &w, &h);
      w = MIN (w, l->legend_entry_max_width);
      /* side by side, onto the next row exactly as the layout counted */
      if (flow && x > r->x + 8 && x - r->x - 8 + VOL_CHART_LEGEND_SWATCH + w + VOL_CHART_LEGEND_SPACING > r->width)
        {
          x = r->x + 8;
          y += l->legend_row_height;
        }
      set_color (cr, c, 1);
      if (p->chart->kind == VOL_CHART_KIND_BARS || p->chart->kind == VOL_CHART_KIND_ITERATIONS)
        {
          fill_bar (cr, c, entry->shade, x, y + h / 2 - 5, 14, 10);
        }
      else if (entry->dots)
        {
          for (guint k = 0; k < 3; k++)
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, x + 2.5 + k * 5.5, y + h / 2 + (k == 1 ? -2 : 2), 2.2, 0, 2 * G_PI);
            }
          cairo_fill (cr);
        }
      else
        {
          /* the swatch is drawn like the line: dashed when it is */
          cairo_set_line_width (cr, 3);
          if (entry->dashed)
            cairo_set_dash (cr, (double[]) { 4, 2.5 }, 2, 0);
          cairo_move_to (cr, x, y + h / 2);
          cairo_line_to (cr, x + 16, y + h / 2);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      draw_text (p, VOL_CHART_FONT_LEGEND, name, x + VOL_CHART_LEGEND_SWATCH, y, ALIGN_LEFT,
                 l->legend_entry_max_width, &p->style->foreground);
      if (flow)
        x += VOL_CHART_LEGEND_SWATCH + w + VOL_CHART_LEGEND_SPACING;
      else
        y += l->legend_row_height;
    }
}

static void
draw_warnings (Painter *p)
{
  cairo_t *cr = p->cr;
  const VolRect *r = &p->layout->warnings;
  double y = r->y + p->layout->warning_spacing;

  if (p->chart->warnings->len == 0)
    return;
  set_color (cr, &p->style->warning_background, 1);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_fill_preserve (cr);
  set_color (cr, &p->style->warning, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  for (guint i = 0; i < p->chart->warnings->len; i++)
    {
      const char *text = g_ptr_array_index (p->chart->warnings, i);
      g_autofree char *line = g_strdup_printf ("⚠ %s", text);
      y += draw_wrapped (p, VOL_CHART_FONT_WARNING, line, r->x + 10, y, r->width - 20, p->layout->warning_lines,
                         &p->style->warning) + p->layout->warning_spacing;
    }
}

static void
draw_table (Painter *p)
{
  const VolChartLayout *l = p->layout;
  const VolChart *chart = p->chart;
  g_autofree const VolChartSeries **columns = g_new0 (const VolChartSeries *, chart->series->len + 1);
  guint n_cols = vol_chart_table_columns (chart, columns);
  double label_w = l->table_label_width, col_w = l->table_column_width, y;

  /* the layout drops a table that does not fit */
  if (chart->table->len == 0 || l->table.height <= 0)
    return;
  y = l->table.y;
  for (guint c = 0; c < n_cols; c++)
    {
      const VolChartSeries *series = columns[c];
      draw_text (p, VOL_CHART_FONT_TICK, series->legend ? series->legend : series->name,
                 l->table.x + label_w + 16 + (c + 1) * col_w - 6, y,
                 ALIGN_RIGHT, col_w - 8, series_color (p, series->color));
    }
  for (guint i = 0; i < chart->table->len; i++)
    {
      const VolChartTableRow *row = g_ptr_array_index (chart->table, i);
      y += l->table_row_height;
      if (i % 2 == 0)
        {
          set_color (p->cr, &p->style->grid, 0.35);
          cairo_rectangle (p->cr, l->table.x, y - 3, l->table.width, l->table_row_height);
          cairo_fill (p->cr);
        }
      draw_text (p, VOL_CHART_FONT_TICK, row->label, l->table.x + 6, y, ALIGN_LEFT, 0, &p->style->muted);
      for (guint c = 0; row->cells && row->cells[c] && c < n_cols; c++)
        draw_text (p, VOL_CHART_FONT_TICK, row->cells[c], l->table.x + label_w + 16 + (c + 1) * col_w - 6, y,
                   ALIGN_RIGHT, 0, &p->style->foreground);
    }
}

static void
painter_init (Painter             *p,
              const VolChart      *chart,
              const VolChartStyle *style,
              cairo_t             *cr)
{
  p->cr = cr;
  p->style = style;
  p->chart = chart;
  for (guint i = 0; i < VOL_CHART_N_FONTS; i++)
    p->text[i] = make_text_layout (cr, style, i);
}

static void
painter_clear (Painter *p)
{
  for (guint i = 0; i < VOL_CHART_N_FONTS; i++)
    g_clear_object (&p->text[i]);
}

/**
 * vol_chart_layout_for_cairo:
 *
 * The layout vol_chart_render() would use on @cr: for hit-testing, and
 * for tests that check where values land.
 */
VolChartLayout *
vol_chart_layout_for_cairo (const VolChart      *chart,
                            const VolChartStyle *style,
                            cairo_t             *cr,
                            double               width,
                            double               height)
{
  Painter p = { 0 };
  VolChartLayout *layout;

  painter_init (&p, chart, style, cr);
  layout = vol_chart_layout_new (chart, width, height, measure_cb, &p);
  painter_clear (&p);
  return layout;
}

/**
 * vol_chart_render:
 *
 * Paints @chart filling width × height of @cr's user space.
 */
void
vol_chart_render (const VolChart      *chart,
                  const VolChartStyle *style,
                  cairo_t             *cr,
                  double               width,
                  double               height)
{
  Painter p = { 0 };

  g_return_if_fail (chart != NULL && style != NULL && cr != NULL);

  cairo_save (cr);
  painter_init (&p, chart, style, cr);
  p.layout = vol_chart_layout_new (chart, width, height, measure_cb, &p);

  set_color (cr, &style->background, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  draw_grid (&p);
  if (chart->kind == VOL_CHART_KIND_BARS || chart->kind == VOL_CHART_KIND_ITERATIONS)
    draw_bars (&p);
  else
    {
      for (guint i = 0; i < chart->series->len; i++)
        draw_line_series (&p, g_ptr_array_index (chart->series, i));
      for (guint i = 0; i < chart->series->len; i++)
        draw_band_and_mean (&p, g_ptr_array_index (chart->series, i), i);
    }
  draw_markers (&p);
  draw_axes (&p);
  draw_legend (&p);

  draw_text (&p, VOL_CHART_FONT_TITLE, chart->title, p.layout->title.x, p.layout->title.y, ALIGN_LEFT,
             p.layout->title.width, &style->foreground);
  if (p.layout->subtitle_lines > 0)
    draw_wrapped (&p, VOL_CHART_FONT_SUBTITLE, chart->subtitle, p.layout->subtitle.x, p.layout->subtitle.y,
                  p.layout->subtitle.width, p.layout->subtitle_lines, &style->muted);
  draw_warnings (&p);
  draw_table (&p);
  if (p.layout->footer.height > 0)
    draw_text (&p, VOL_CHART_FONT_FOOTER, chart->footer, width - p.layout->margin, p.layout->footer.y, ALIGN_RIGHT, 0,
               &style->muted);

  vol_chart_layout_free (p.layout);
  painter_clear (&p);
  cairo_restore (cr);
}
