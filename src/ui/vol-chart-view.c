/* vol-chart-view.c — a chart on screen, in the theme's colours */
#include "vol-chart-view.h"

#include <adwaita.h>

#include "vol-chart-render.h"

struct _VolChartView
{
  GtkWidget  parent_instance;
  VolChart  *chart;
};

G_DEFINE_FINAL_TYPE (VolChartView, vol_chart_view, GTK_TYPE_WIDGET)

GtkWidget *
vol_chart_view_new (void)
{
  return g_object_new (VOL_TYPE_CHART_VIEW, NULL);
}

void
vol_chart_view_set_chart (VolChartView *self,
                          VolChart     *chart)
{
  g_return_if_fail (VOL_IS_CHART_VIEW (self));

  if (chart)
    vol_chart_ref (chart);
  g_clear_pointer (&self->chart, vol_chart_unref);
  self->chart = chart;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

VolChart *
vol_chart_view_get_chart (VolChartView *self)
{
  return self->chart;
}

static void
set_from_theme (GtkWidget  *widget,
                const char *name,
                VolRgba    *out)
{
  GdkRGBA c;

  /* gtk_style_context_lookup_color is the GTK 4.8 way to read libadwaita's
   * named colours; it is deprecated later, not here. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &c))
    *out = (VolRgba) { c.red, c.green, c.blue, c.alpha };
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/**
 * vol_chart_view_make_style:
 *
 * The chart style for the current theme: libadwaita's named colours over
 * the light or dark preset, and stronger lines in high contrast.
 */
VolChartStyle *
vol_chart_view_make_style (VolChartView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  gboolean dark = adw_style_manager_get_dark (manager);
  VolChartStyle *style = dark ? vol_chart_style_new_dark () : vol_chart_style_new_light ();
  GtkWidget *widget = GTK_WIDGET (self);

  set_from_theme (widget, "view_bg_color", &style->background);
  set_from_theme (widget, "view_bg_color", &style->plot_background);
  set_from_theme (widget, "view_fg_color", &style->foreground);
  style->muted = style->foreground;
  style->muted.a = 0.7;
  style->grid = style->foreground;
  style->grid.a = dark ? 0.12 : 0.1;
  style->axis = style->foreground;
  style->axis.a = 0.5;
  if (adw_style_manager_get_high_contrast (manager))
    {
      style->grid.a = 0.35;
      style->axis.a = 1;
      style->muted.a = 1;
      style->line_width *= 1.5;
    }
  return style;
}

static void
vol_chart_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  VolChartView *self = VOL_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(VolChartStyle) style = NULL;
  cairo_t *cr;

  if (self->chart == NULL || width < 50 || height < 50)
    return;
  style = vol_chart_view_make_style (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  vol_chart_render (self->chart, style, cr, width, height);
  cairo_destroy (cr);
}

static void
theme_changed_cb (AdwStyleManager *manager,
                  GParamSpec      *pspec,
                  VolChartView    *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
vol_chart_view_dispose (GObject *object)
{
  VolChartView *self = VOL_CHART_VIEW (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_pointer (&self->chart, vol_chart_unref);
  G_OBJECT_CLASS (vol_chart_view_parent_class)->dispose (object);
}

static void
vol_chart_view_class_init (VolChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = vol_chart_view_dispose;
  widget_class->snapshot = vol_chart_view_snapshot;
  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
vol_chart_view_init (VolChartView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  gtk_widget_set_size_request (GTK_WIDGET (self), 320, 220);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, "Chart", -1);
  g_signal_connect (manager, "notify::dark", G_CALLBACK (theme_changed_cb), self);
  g_signal_connect (manager, "notify::high-contrast", G_CALLBACK (theme_changed_cb), self);
}
