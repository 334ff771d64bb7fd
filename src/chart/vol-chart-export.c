/* vol-chart-export.c — PNG, SVG, PDF and CSV files of a chart
 *
 * Every file is drawn into memory first, then handed whole to
 * vol_file_write_atomic(), so a failed or killed export never leaves half
 * a file where a good one was, nor a temporary file beside it.
 */
#include "vol-chart-export.h"

#include <errno.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-chart-render.h"
#include "vol-file-write.h"

/* Checked before drawing, so a folder that cannot be written to fails
 * fast with a message naming it. */
static gboolean
check_folder (const char  *path,
              GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);

  if (access (dir, W_OK) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot write to the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* cairo draws text as glyph outlines, which no screen reader, search or
 * copy-paste can read: give the SVG a <title> and a <desc> holding the
 * picture's text (a chart's: its warnings and every plotted number as
 * CSV). */
static GString *
add_svg_text (const char *title_text,
              const char *desc_text,
              GByteArray *bytes)
{
  g_autofree char *svg = g_strndup ((const char *) bytes->data, bytes->len);
  g_autofree char *title = NULL;
  g_autofree char *desc = NULL;
  GString *out;
  const char *open, *end;

  open = strstr (svg, "<svg");
  end = open ? strchr (open, '>') : NULL;
  if (end == NULL)
    return g_string_new_len ((const char *) bytes->data, bytes->len);

  title = g_markup_escape_text (title_text ? title_text : "", -1);
  desc = g_markup_escape_text (desc_text ? desc_text : "", -1);
  out = g_string_sized_new (bytes->len + strlen (desc) + 256);
  g_string_append_len (out, svg, end + 1 - svg);
  g_string_append_printf (out, "\n<title>%s</title>\n<desc>%s</desc>", title, desc);
  g_string_append (out, end + 1);
  return out;
}

static gboolean
check_status (cairo_surface_t *surface,
              const char      *path,
              GError         **error)
{
  cairo_status_t status = cairo_surface_status (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   path, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_size (double   width,
            double   height,
            double   scale,
            GError **error)
{
  if (!(width >= 200 && width <= 20000 && height >= 150 && height <= 20000
        && scale >= 0.25 && scale <= 8 && width * scale <= 32767 && height * scale <= 32767))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A chart must be 200 to 20000 wide and 150 to 20000 high at a scale of 0.25 to 8 (got %g × %g at %g)"),
                   width, height, scale);
      return FALSE;
    }
  return TRUE;
}

static void
paint_chart (gconstpointer        data,
             const VolChartStyle *style,
             cairo_t             *cr,
             double               width,
             double               height)
{
  vol_chart_render (data, style, cr, width, height);
}

static gboolean
write_png (VolChartPaintFunc    paint,
           gconstpointer        data,
           const VolChartStyle *style,
           const char          *path,
           double               width,
           double               height,
           double               scale,
           GError             **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (!check_size (width, height, scale, error) || !check_folder (path, error))
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale), (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  paint (data, style, cr, width, height);
  cairo_destroy (cr);
  bytes = g_byte_array_new ();
  status = cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   path, cairo_status_to_string (status));
      return FALSE;
    }
  return vol_file_write_atomic (path, (const char *) bytes->data, bytes->len, error);
}

/* @title, @desc: the SVG's <title> and <desc> (its text for readers and
 * search), the PDF's title */
static gboolean
write_vector (VolChartPaintFunc    paint,
              gconstpointer        data,
              const VolChartStyle *style,
              const char          *title,
              const char          *desc,
              const char          *path,
              double               width,
              double               height,
              gboolean             pdf,
              GError             **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GString) svg = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  if (!check_size (width, height, 1, error) || !check_folder (path, error))
    return FALSE;

  /* One chart unit is one CSS pixel (1/96 in); PDF pages are in points. */
  if (pdf)
    surface = cairo_pdf_surface_create_for_stream (append_to_bytes, bytes, width * 0.75, height * 0.75);
  else
    surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes, width, height);
  cr = cairo_create (surface);
  if (pdf)
    {
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title ? title : "");
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Volumeter " PACKAGE_VERSION);
      cairo_scale (cr, 0.75, 0.75);
    }
  else
    cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  paint (data, style, cr, width, height);
  cairo_show_page (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  ok = check_status (surface, path, error);
  cairo_surface_destroy (surface);
  if (!ok)
    return FALSE;
  if (pdf)
    return vol_file_write_atomic (path, (const char *) bytes->data, bytes->len, error);
  svg = add_svg_text (title, desc, bytes);
  return vol_file_write_atomic (path, svg->str, svg->len, error);
}

/**
 * vol_chart_export_png:
 * @width: layout width; the image is width × scale pixels wide
 * @scale: 2 for a sharp image at twice the layout size
 */
gboolean
vol_chart_export_png (const VolChart      *chart,
                      const VolChartStyle *style,
                      const char          *path,
                      double               width,
                      double               height,
                      double               scale,
                      GError             **error)
{
  return write_png (paint_chart, chart, style, path, width, height, scale, error);
}

/* The chart's text for its SVG: subtitle, warnings, every number as CSV,
 * the footer. */
static char *
chart_desc (const VolChart *chart)
{
  GString *desc = g_string_new (NULL);
  g_autofree char *csv = vol_chart_to_csv (chart);

  if (chart->subtitle)
    g_string_append_printf (desc, "%s\n", chart->subtitle);
  for (guint i = 0; i < chart->warnings->len; i++)
    g_string_append_printf (desc, "Warning: %s\n", (char *) g_ptr_array_index (chart->warnings, i));
  g_string_append (desc, csv);
  if (chart->footer)
    g_string_append_printf (desc, "%s\n", chart->footer);
  return g_string_free (desc, FALSE);
}

static gboolean
export_vector (const VolChart      *chart,
               const VolChartStyle *style,
               const char          *path,
               double               width,
               double               height,
               gboolean             pdf,
               GError             **error)
{
  g_autofree char *desc = chart_desc (chart);

  return write_vector (paint_chart, chart, style, chart->title, desc, path, width, height, pdf, error);
}

/**
 * vol_chart_export_painted:
 * @paint: draws the picture at @width × @height
 * @path: ending in .png (at @scale), .svg or .pdf
 * @title: (nullable): @desc: (nullable): the vector files' text
 *
 * Anything drawn with cairo (a share card, vol-chart-card.c), written as
 * the charts are: whole or not at all.
 */
gboolean
vol_chart_export_painted (VolChartPaintFunc    paint,
                          gconstpointer        data,
                          const VolChartStyle *style,
                          const char          *title,
                          const char          *desc,
                          const char          *path,
                          double               width,
                          double               height,
                          double               scale,
                          GError             **error)
{
  if (g_str_has_suffix (path, ".png"))
    return write_png (paint, data, style, path, width, height, scale, error);
  if (g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".pdf"))
    return write_vector (paint, data, style, title, desc, path, width, height, g_str_has_suffix (path, ".pdf"), error);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("%s: name a .png, .svg or .pdf file"), path);
  return FALSE;
}

gboolean
vol_chart_export_svg (const VolChart      *chart,
                      const VolChartStyle *style,
                      const char          *path,
                      double               width,
                      double               height,
                      GError             **error)
{
  return export_vector (chart, style, path, width, height, FALSE, error);
}

gboolean
vol_chart_export_pdf (const VolChart      *chart,
                      const VolChartStyle *style,
                      const char          *path,
                      double               width,
                      double               height,
                      GError             **error)
{
  return export_vector (chart, style, path, width, height, TRUE, error);
}

/* RFC 4180: quote when needed, double the quotes inside. */
static void
append_field (GString    *out,
              const char *text)
{
  if (text == NULL)
    text = "";
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_number (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isfinite (value))
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.10g", value));
}

static char *
with_unit (const char *title,
           const char *fallback,
           const char *unit)
{
  if (title && (unit == NULL || *unit == '\0' || strstr (title, unit) != NULL))
    return g_strdup (title);
  if (title)
    return g_strdup_printf ("%s (%s)", title, unit);
  if (unit && *unit)
    return g_strdup_printf ("%s (%s)", fallback, unit);
  return g_strdup (fallback);
}

/**
 * vol_chart_to_csv:
 *
 * The plotted numbers, one row per point: series, x, y — with the axis
 * titles (which carry the units) as the header. Category charts give the
 * category's label as x.
 */
char *
vol_chart_to_csv (const VolChart *chart)
{
  GString *out = g_string_new (NULL);
  g_autofree char *x_head = with_unit (chart->x_title, "x", chart->x_unit);
  g_autofree char *y_head = with_unit (chart->y_title, "y", chart->y_unit);
  guint n_cat = vol_chart_get_n_categories (chart);

  append_field (out, "series");
  g_string_append_c (out, ',');
  append_field (out, x_head);
  g_string_append_c (out, ',');
  append_field (out, y_head);
  g_string_append (out, "\r\n");

  for (guint s = 0; s < chart->series->len; s++)
    {
      const VolChartSeries *series = g_ptr_array_index (chart->series, s);
      for (guint i = 0; i < series->x->len; i++)
        {
          double x = g_array_index (series->x, double, i);
          append_field (out, series->name);
          g_string_append_c (out, ',');
          if (n_cat > 0 && x >= 0 && x < n_cat && x == floor (x))
            append_field (out, chart->categories[(guint) x]);
          else
            append_number (out, x);
          g_string_append_c (out, ',');
          append_number (out, g_array_index (series->y, double, i));
          g_string_append (out, "\r\n");
        }
    }

  /* the table under the plot (iteration statistics, latencies per queue
   * depth) follows as its own block: a blank line, then label and cells */
  if (chart->table->len > 0)
    {
      /* a column per cell: a comparison's results, not its series (a
       * quick comparison has one per result and mode, a fill's curves a
       * write and a read per result) */
      g_autofree const VolChartSeries **columns = g_new0 (const VolChartSeries *, chart->series->len + 1);
      guint n_columns = vol_chart_table_columns (chart, columns);

      g_string_append (out, "\r\n");
      append_field (out, "");
      for (guint c = 0; c < n_columns; c++)
        {
          const char *legend = vol_chart_series_get_legend (columns[c]);
          g_string_append_c (out, ',');
          append_field (out, n_columns < chart->series->len && legend ? legend : columns[c]->name);
        }
      g_string_append (out, "\r\n");
      for (guint r = 0; r < chart->table->len; r++)
        {
          const VolChartTableRow *row = g_ptr_array_index (chart->table, r);
          append_field (out, row->label);
          for (guint c = 0; row->cells && row->cells[c]; c++)
            {
              g_string_append_c (out, ',');
              append_field (out, row->cells[c]);
            }
          g_string_append (out, "\r\n");
        }
    }
  return g_string_free (out, FALSE);
}

gboolean
vol_chart_export_csv (const VolChart  *chart,
                      const char      *path,
                      GError         **error)
{
  g_autofree char *csv = vol_chart_to_csv (chart);

  if (!check_folder (path, error))
    return FALSE;
  return vol_file_write_atomic (path, csv, strlen (csv), error);
}
