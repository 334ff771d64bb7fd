/* vol-chart-export.c — PNG, SVG, PDF and CSV files of a chart
 *
 * Every file is written to a temporary name beside the target and renamed
 * over it only when complete, so a failed export never leaves half a file
 * where a good one was.
 */
#include "vol-chart-export.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-chart-render.h"

static char *
temp_path_for (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.XXXXXX", base);

  return g_build_filename (dir, name, NULL);
}

/* Reserves a unique temporary file name next to @path. */
static char *
make_temp (const char  *path,
           GError     **error)
{
  char *tmp = temp_path_for (path);
  int fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644);

  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *dir = g_path_get_dirname (path);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot write to the folder %s: %s"), dir, g_strerror (saved));
      g_free (tmp);
      return NULL;
    }
  close (fd);
  return tmp;
}

/* cairo draws text as glyph outlines, which no screen reader, search or
 * copy-paste can read: give the SVG a <title> and a <desc> holding the
 * chart's text, its warnings, and every plotted number as CSV. */
static gboolean
add_svg_text (const VolChart  *chart,
              const char      *tmp,
              GError         **error)
{
  g_autofree char *svg = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GString) desc = g_string_new (NULL);
  g_autofree char *desc_text = NULL;
  g_autoptr(GString) out = NULL;
  const char *open, *end;
  gsize len;

  if (!g_file_get_contents (tmp, &svg, &len, error))
    return FALSE;
  open = strstr (svg, "<svg");
  end = open ? strchr (open, '>') : NULL;
  if (end == NULL)
    return TRUE;

  title = g_markup_escape_text (chart->title ? chart->title : "", -1);
  if (chart->subtitle)
    g_string_append_printf (desc, "%s\n", chart->subtitle);
  for (guint i = 0; i < chart->warnings->len; i++)
    g_string_append_printf (desc, "Warning: %s\n", (char *) g_ptr_array_index (chart->warnings, i));
  csv = vol_chart_to_csv (chart);
  g_string_append (desc, csv);
  if (chart->footer)
    g_string_append_printf (desc, "%s\n", chart->footer);
  desc_text = g_markup_escape_text (desc->str, -1);

  out = g_string_sized_new (len + desc->len + 256);
  g_string_append_len (out, svg, end + 1 - svg);
  g_string_append_printf (out, "\n<title>%s</title>\n<desc>%s</desc>", title, desc_text);
  g_string_append (out, end + 1);
  return g_file_set_contents (tmp, out->str, out->len, error);
}

static gboolean
finish (cairo_surface_t *surface,
        const char      *tmp,
        const char      *path,
        GError         **error)
{
  cairo_status_t status;

  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   path, cairo_status_to_string (status));
      g_unlink (tmp);
      return FALSE;
    }
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not write %s: %s"), path, g_strerror (saved));
      g_unlink (tmp);
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
  g_autofree char *tmp = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  gboolean ok;

  if (!check_size (width, height, scale, error))
    return FALSE;
  tmp = make_temp (path, error);
  if (tmp == NULL)
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (width * scale), (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  vol_chart_render (chart, style, cr, width, height);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, tmp);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"),
                   path, cairo_status_to_string (status));
      cairo_surface_destroy (surface);
      g_unlink (tmp);
      return FALSE;
    }
  ok = finish (surface, tmp, path, error);
  cairo_surface_destroy (surface);
  return ok;
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
  g_autofree char *tmp = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  if (!check_size (width, height, 1, error))
    return FALSE;
  tmp = make_temp (path, error);
  if (tmp == NULL)
    return FALSE;

  /* One chart unit is one CSS pixel (1/96 in); PDF pages are in points. */
  if (pdf)
    surface = cairo_pdf_surface_create (tmp, width * 0.75, height * 0.75);
  else
    surface = cairo_svg_surface_create (tmp, width, height);
  cr = cairo_create (surface);
  if (pdf)
    {
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, chart->title ? chart->title : "");
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Volumeter " PACKAGE_VERSION);
      cairo_scale (cr, 0.75, 0.75);
    }
  else
    cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  vol_chart_render (chart, style, cr, width, height);
  cairo_show_page (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (!pdf && cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS && !add_svg_text (chart, tmp, error))
    {
      cairo_surface_destroy (surface);
      g_unlink (tmp);
      return FALSE;
    }
  ok = finish (surface, tmp, path, error);
  cairo_surface_destroy (surface);
  return ok;
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
      g_string_append (out, "\r\n");
      append_field (out, "");
      for (guint s = 0; s < chart->series->len; s++)
        {
          g_string_append_c (out, ',');
          append_field (out, ((VolChartSeries *) g_ptr_array_index (chart->series, s))->name);
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

  if (!g_file_set_contents_full (path, csv, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    return FALSE;
  return TRUE;
}
