/* ui-floor.c — the first frame of an almost empty libadwaita window
 *
 * The reference for bench/ui-responsiveness.sh's first-frame figure: the
 * same toolkit started the same way (GTK, libadwaita, their styles, the
 * renderer, fontconfig), with a window of Volumeter's size holding only a
 * header bar and a status page. What Volumeter's first frame costs above
 * this is the application's own; what this costs is the machine's and the
 * toolkit's, which no application can go under.
 *
 *   ui-floor        prints "first_frame_ms N" (process start → the first
 *                   frame painted, as Volumeter's VOLUMETER_MEASURE_STALLS
 *                   figure) and quits
 */
#include <adwaita.h>
#include <stdio.h>

#include "vol-host.h"   /* the start computed as the app computes it */

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWindow     *window)
{
  gint64 start = vol_host_process_start_us ();

  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, window);
  printf ("first_frame_ms %.0f\n", start > 0 ? (g_get_monotonic_time () - start) / 1000.0 : -1.0);
  fflush (stdout);
  gtk_window_destroy (window);
}

static void
realize_cb (GtkWidget *widget,
            gpointer   data)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (after_paint_cb), widget);
}

static void
activate_cb (GApplication *app,
             gpointer      data)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *status = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), "drive-harddisk-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), "Measure a Volume");
  adw_status_page_set_description (ADW_STATUS_PAGE (status), "The floor of a first frame.");
  gtk_widget_set_vexpand (status, TRUE);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), status);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr(AdwApplication) app = adw_application_new ("org.example.VolumeterUiFloor", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
