/* vol-chart-card.c — a quick benchmark's grid as a card to post
 *
 * Laid out in fixed proportions of the card: the title and the device
 * line at the top, the grid filling the middle (one row per test of the
 * profile, a column per mode, each cell the mean over the loops in MB/s in
 * large type with IO/s and the 95 % interval under it), then how it was
 * measured and the date. Numbers come from the one formatter
 * (vol_value_format), so the card says what the window and the CLI say.
 */
#include "vol-chart-card.h"

#include <math.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "vol-chart-export.h"
#include "vol-error.h"
#include "vol-quick.h"
#include "vol-size.h"

static void
set_colour (cairo_t       *cr,
            const VolRgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

/* Draws @text with its left (align 0), centre (0.5) or right (1) edge at
 * @x and its top at @y, at most @max_width wide (ellipsized); returns its
 * height. */
static double
text (cairo_t             *cr,
      const VolChartStyle *style,
      const char          *str,
      double               size,
      gboolean             bold,
      const VolRgba       *colour,
      double               x,
      double               y,
      double               align,
      double               max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (style->font_family);
  PangoRectangle logical;

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_set_text (layout, str, -1);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  set_colour (cr, colour);
  cairo_move_to (cr, x - align * logical.width, y);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  return logical.height;
}

static char *
device_line (const VolResult *result)
{
  const VolTargetInfo *t = result->target;
  GString *line = g_string_new (NULL);

  if (t == NULL)
    return g_string_free (line, FALSE);
  g_string_append (line, t->model ? t->model : _("Unknown drive"));
  if (t->devices && t->devices->len > 0)
    {
      const VolBlockDevice *dev = g_ptr_array_index (t->devices, 0);
      if (dev->size_bytes > 0)
        {
          g_autofree char *size = vol_size_format (dev->size_bytes);
          g_string_append_printf (line, " · %s", size);
        }
    }
  if (t->raid_level)
    g_string_append_printf (line, " · %s", t->raid_level);
  if (t->fs_type)
    g_string_append_printf (line, " · %s", t->fs_type);
  if (t->device)
    g_string_append_printf (line, " (%s)", t->device);
  return g_string_free (line, FALSE);
}

void
vol_chart_card_render (const VolResult     *result,
                       const VolChartStyle *style,
                       cairo_t             *cr,
                       double               width,
                       double               height)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  guint n;
  g_autofree VolQuickCell *cells = vol_quick_cells (result, &n);
  g_autoptr(GPtrArray) titles = vol_quick_row_titles (cells, n);
  g_autofree char *device = device_line (result);
  g_autofree char *title = NULL;
  gboolean has_mode[G_N_ELEMENTS (modes)] = { FALSE };
  guint n_modes = 0;
  double margin = width * 0.04, y, grid_top, grid_bottom, row_h, label_w, col_w;
  const char *profile = NULL;
  gint64 loops = 0, size = 0;

  set_colour (cr, &style->background);
  cairo_paint (cr);
  if (result->params)
    {
      g_variant_lookup (result->params, "profile", "&s", &profile);
      g_variant_lookup (result->params, "loops", "x", &loops);
    }
  if (result->resolved)
    g_variant_lookup (result->resolved, "size", "x", &size);

  for (guint i = 0; i < n; i++)
    {
      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        if (cells[i].read_percent == modes[m] && !has_mode[m])
          has_mode[m] = TRUE, n_modes++;
    }

  /* the top: what and where */
  y = margin * 0.8;
  title = result->label ? g_strdup (result->label) : g_strdup (_("Quick benchmark"));
  y += text (cr, style, title, height * 0.06, TRUE, &style->foreground, margin, y, 0, width - 2 * margin);
  y += text (cr, style, device, height * 0.032, FALSE, &style->muted, margin, y + 4, 0, width - 2 * margin) + 4;
  grid_top = y + height * 0.04;
  grid_bottom = height - margin - height * 0.09;
  if (n == 0 || n_modes == 0)
    {
      text (cr, style, _("This result has no grid"), height * 0.04, FALSE, &style->muted, margin, grid_top, 0, 0);
      return;
    }

  /* the grid: headings, then a row per test */
  label_w = width * 0.26;
  col_w = (width - 2 * margin - label_w) / n_modes;
  row_h = (grid_bottom - grid_top - height * 0.06) / titles->len;
  {
    guint c = 0;
    for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
      if (has_mode[m])
        {
          /* the chart's colours: reads 1, writes 0, mix 2 */
          const VolRgba *colour = &style->palette[m == 0 ? 1 : m == 1 ? 0 : 2];
          g_autofree char *heading = g_strdup_printf ("%s (MB/s)", vol_quick_mode_title (modes[m]));
          text (cr, style, heading, height * 0.035, TRUE, colour, margin + label_w + (c + 1) * col_w - 8,
                grid_top, 1, col_w);
          c++;
        }
  }
  for (guint r = 0; r < titles->len; r++)
    {
      double ry = grid_top + height * 0.06 + r * row_h;
      guint c = 0;

      if (r % 2 == 0)
        {
          set_colour (cr, &style->plot_background);
          cairo_rectangle (cr, margin - 8, ry - 4, width - 2 * margin + 16, row_h);
          cairo_fill (cr);
        }
      text (cr, style, g_ptr_array_index (titles, r), row_h * 0.32, TRUE, &style->foreground,
            margin, ry + row_h * 0.18, 0, label_w);
      for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
        {
          if (!has_mode[m])
            continue;
          for (guint i = 0; i < n; i++)
            {
              char number[G_ASCII_DTOSTR_BUF_SIZE];
              g_autofree char *iops = NULL, *ci = NULL, *under = NULL;
              double x = margin + label_w + (c + 1) * col_w - 8;

              if (cells[i].read_percent != modes[m] || vol_quick_title_index (titles, &cells[i]) != r)
                continue;
              /* MB/s as the anchors print it: two decimals */
              g_ascii_formatd (number, sizeof number, "%.2f", cells[i].throughput / 1e6);
              text (cr, style, number, row_h * 0.42, TRUE, &style->foreground, x, ry, 1, col_w);
              iops = vol_value_format (cells[i].iops, "IO/s", FALSE);
              ci = vol_value_format (cells[i].throughput_ci95, "B/s", FALSE);
              under = cells[i].loops > 1 ? g_strdup_printf ("%s · ± %s", iops, ci) : g_strdup (iops);
              text (cr, style, under, row_h * 0.2, FALSE, &style->muted, x, ry + row_h * 0.56, 1, col_w);
            }
          c++;
        }
    }

  /* the bottom: how, and when */
  {
    GString *how = g_string_new (NULL);
    g_autofree char *date = result->created ? g_date_time_format (result->created, "%Y-%m-%d") : NULL;
    g_autofree char *made = g_strdup_printf ("Volumeter %s%s%s", result->app_version ? result->app_version : "",
                                             date ? " · " : "", date ? date : "");
    double fy = height - margin - height * 0.035;

    if (profile)
      g_string_append_printf (how, "%s · ", vol_quick_profile_title (profile));
    if (loops > 0)
      g_string_append_printf (how, ngettext ("mean of %d loop", "mean of %d loops", (gulong) loops), (int) loops);
    if (size > 0)
      {
        g_autofree char *s = vol_size_format ((guint64) size);
        g_string_append_printf (how, " · %s", s);
      }
    g_string_append_printf (how, " · %s · %s",
                            result->cache_bypass == VOL_CACHE_BYPASS_DIRECT ? "O_DIRECT" : _("buffered"),
                            result->pattern == VOL_DATA_PATTERN_ZEROS ? _("zeros: compressible") : _("random data"));
    if (result->status != VOL_RESULT_STATUS_COMPLETE)
      g_string_append_printf (how, " · %s", vol_result_status_to_string (result->status));
    text (cr, style, how->str, height * 0.028,
          result->pattern == VOL_DATA_PATTERN_ZEROS, result->pattern == VOL_DATA_PATTERN_ZEROS ? &style->warning : &style->muted,
          margin, fy, 0, width * 0.66);
    text (cr, style, made, height * 0.028, FALSE, &style->muted, width - margin, fy, 1, width * 0.3);
    g_string_free (how, TRUE);
  }
}

static void
paint_card (gconstpointer        data,
            const VolChartStyle *style,
            cairo_t             *cr,
            double               width,
            double               height)
{
  vol_chart_card_render (data, style, cr, width, height);
}

/**
 * vol_chart_card_export:
 * @path: ending in .png, .svg or .pdf
 *
 * FALSE with an error for a result that is not a quick benchmark.
 */
gboolean
vol_chart_card_export (const VolResult     *result,
                       const VolChartStyle *style,
                       const char          *path,
                       GError             **error)
{
  g_autofree char *report = vol_quick_report_text (result);

  if (report == NULL)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                           _("A share card is made from a quick benchmark result"));
      return FALSE;
    }
  return vol_chart_export_painted (paint_card, result, style, _("Quick benchmark"), report, path,
                                   VOL_CHART_CARD_WIDTH, VOL_CHART_CARD_HEIGHT, 2.0, error);
}
