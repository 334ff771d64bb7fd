/* vol-window-actions.c — open, export, start/stop, and scripting
 *
 * The win.* actions behind the header bar, menus and shortcuts, and the
 * script entry point the app.* scripting actions forward to.
 */

#include "vol-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-chart-card.h"
#include "vol-chart-export.h"
#include "vol-file-write.h"
#include "vol-fio-value.h"
#include "vol-quick.h"
#include "vol-result-open.h"
#include "vol-chart-render.h"

static void
set_enabled (VolWindow  *self,
             const char *name,
             gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The forum report of the one quick result shown, or NULL. */
static char *
shown_report (VolWindow *self)
{
  if (self->results == NULL || self->results->len != 1)
    return NULL;
  return vol_quick_report_text (g_ptr_array_index (self->results, 0));
}

void
_vol_window_update_actions (VolWindow *self)
{
  g_autofree char *report = shown_report (self);

  gboolean running = _vol_window_running (self);
  gboolean have_chart = self->chart != NULL && self->results != NULL;
  gboolean one = self->results != NULL && self->results->len == 1;

  set_enabled (self, "start", !running && self->config && vol_config_pane_get_valid (self->config));
  set_enabled (self, "stop", running);
  /* one button at a time: Start, or Stop while a run goes */
  if (self->start_button)
    {
      gtk_widget_set_visible (self->start_button, !running);
      gtk_widget_set_visible (self->stop_button, running);
    }
  set_enabled (self, "export-png", have_chart);
  set_enabled (self, "export-svg", have_chart);
  set_enabled (self, "export-pdf", have_chart);
  set_enabled (self, "export-csv", have_chart);
  set_enabled (self, "copy-chart", have_chart);
  set_enabled (self, "export-json", one);
  set_enabled (self, "export-txt", report != NULL);
  set_enabled (self, "copy-report", report != NULL);
  set_enabled (self, "export-card", report != NULL);
}

/* ---- open --------------------------------------------------------------- */

typedef struct
{
  guint      serial;
  GPtrArray *paths;      /* of char* */
  GPtrArray *results;    /* of VolResult */
  GPtrArray *problems;   /* of char* */
  char      *single_path;
  guint      n_failed;
} OpenJob;

static void
open_job_free (gpointer data)
{
  OpenJob *job = data;

  g_ptr_array_unref (job->paths);
  g_ptr_array_unref (job->results);
  g_ptr_array_unref (job->problems);
  g_free (job->single_path);
  g_free (job);
}

/* Reading and parsing a result can take long (a large file, a slow or
 * hung network folder): on a worker, never in the main loop. */
static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenJob *job = task_data;

  /* The count of failures comes from the loader, file by file: a fio file
   * gives several results, so the results say nothing of it. */
  job->n_failed = vol_result_open_paths ((const char *const *) job->paths->pdata, job->paths->len,
                                         job->results, &job->single_path, job->problems);
  g_task_return_boolean (task, TRUE);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *res,
           gpointer      user_data)
{
  VolWindow *self = VOL_WINDOW (source);
  OpenJob *job = g_task_get_task_data (G_TASK (res));

  /* a later open replaced this one */
  if (job->serial != self->open_serial)
    return;
  if (job->n_failed > 0)
    {
      g_autofree char *body = NULL;

      g_ptr_array_add (job->problems, NULL);
      body = g_strjoinv ("\n\n", (char **) job->problems->pdata);
      _vol_window_error_dialog (self, ngettext ("A File Could Not Be Opened", "Files Could Not Be Opened", job->n_failed),
                                body);
    }
  if (job->results->len > 0)
    _vol_window_show_results (self, job->results, job->results->len == 1 ? job->single_path : NULL);
  if (job->n_failed == 0)
    g_clear_pointer (&self->last_error, g_free);
  _vol_window_update_status (self, _vol_window_running (self) ? "running" : job->n_failed > 0 ? "error" : "idle");
}

/**
 * vol_window_open_files:
 *
 * Loads each file (a result, or fio's JSON output: each job group becomes
 * a result) on a worker thread; one result is shown, several are
 * compared. A file that does not load gets a dialog naming it and its
 * problem, and nothing else changes. Until the files are read the status
 * says "loading".
 */
void
vol_window_open_files (VolWindow  *self,
                       GFile     **files,
                       int         n_files)
{
  OpenJob *job = g_new0 (OpenJob, 1);
  g_autoptr(GTask) task = NULL;

  job->serial = ++self->open_serial;
  job->paths = g_ptr_array_new_with_free_func (g_free);
  job->results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  job->problems = g_ptr_array_new_with_free_func (g_free);
  /* A file with no local path (a URI of a GVfs mount) is tried by its
   * name, and fails naming it. */
  for (int i = 0; i < n_files; i++)
    {
      char *path = g_file_get_path (files[i]);
      g_ptr_array_add (job->paths, path ? path : g_file_get_parse_name (files[i]));
    }
  if (!_vol_window_running (self))
    _vol_window_update_status (self, "loading");
  task = g_task_new (self, NULL, opened_cb, NULL);
  g_task_set_source_tag (task, vol_window_open_files);
  g_task_set_task_data (task, job, open_job_free);
  g_task_run_in_thread (task, open_thread);
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  VolWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      vol_window_open_files (self, (GFile **) array->pdata, array->len);
    }
  g_object_unref (dialog);
}

static GtkFileFilter *
results_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Volumeter Results and fio JSON"));
  gtk_file_filter_add_pattern (filter, "*.volumeter.json");
  gtk_file_filter_add_mime_type (filter, "application/x-volumeter-result");
  /* fio's --output-format=json files open too */
  gtk_file_filter_add_pattern (filter, "*.json");
  return filter;
}

static void
open_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  VolWindow *self = user_data;
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Open Results"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = results_filter ();
  g_autofree char *dir = vol_application_results_dir ();
  g_autoptr(GFile) folder = g_file_new_for_path (dir);

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (g_file_query_exists (folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- export ------------------------------------------------------------- */

/* What an export needs, taken from the window on the main thread: the
 * chart and results are immutable and atomically ref-counted, so the
 * worker reads them while the window goes on drawing them. */
typedef struct
{
  char      *format;
  char      *path;
  VolChart  *chart;
  GPtrArray *results;    /* of VolResult */
  VolChartOptions options; /* those @chart was built with */
  gboolean   exclusive;  /* never replace @path */
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_free (job->format);
  g_free (job->path);
  g_clear_pointer (&job->chart, vol_chart_unref);
  g_clear_pointer (&job->results, g_ptr_array_unref);
  g_free (job);
}

/* Any thread: @job's format written to @path (replacing it), in the light
 * style a publication wants. */
static gboolean
export_write (const ExportJob  *job,
              const char       *path,
              GError          **error)
{
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  const char *format = job->format;
  VolResult *one = job->results->len == 1 ? g_ptr_array_index (job->results, 0) : NULL;

  if (g_str_equal (format, "png"))
    return vol_chart_export_png (job->chart, style, path, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT,
                                 VOL_CHART_DEFAULT_SCALE, error);
  if (g_str_equal (format, "svg"))
    return vol_chart_export_svg (job->chart, style, path, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT, error);
  if (g_str_equal (format, "pdf"))
    return vol_chart_export_pdf (job->chart, style, path, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT, error);
  if (g_str_equal (format, "csv") && one == NULL)
    {
      /* A comparison's CSV carries its whole table, as the CLI's does:
       * the one builder both use, not the drawn chart (which leaves the
       * table to the pane beside it). */
      VolChartOptions options = job->options;
      g_autoptr(VolChart) csv_chart = NULL;

      options.no_table = FALSE;
      csv_chart = vol_chart_build_comparison_export ((VolResult *const *) job->results->pdata, job->results->len,
                                                     NULL, &options, error);
      return csv_chart != NULL && vol_chart_export_csv (csv_chart, path, error);
    }
  if (g_str_equal (format, "csv"))
    return vol_chart_export_csv (job->chart, path, error);
  if (g_str_equal (format, "json") && one)
    return vol_result_save (one, path, error);
  if (g_str_equal (format, "card") && one)
    return vol_chart_card_export (one, style, path, error);
  if (g_str_equal (format, "txt") && one)
    {
      g_autofree char *report = vol_quick_report_text (one);
      if (report != NULL)
        return vol_file_write_atomic (path, report, strlen (report), error);
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Cannot export as “%s”"), format);
  return FALSE;
}

/* Any thread: the same file, but only where none is. The writers replace
 * atomically; so the file is made in a private folder first, then linked
 * in by vol_file_write_new(), which no other writer can come between. The
 * private copy keeps @job->path's name: a card's format is its ending. */
static gboolean
export_write_new (const ExportJob  *job,
                  GError          **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = g_path_get_basename (job->path);
  g_autofree char *tmp = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize len = 0;
  gboolean ok;

  if (g_file_test (job->path, G_FILE_TEST_EXISTS))
    goto exists;   /* why render what cannot be written */
  dir = g_dir_make_tmp ("volumeter-export-XXXXXX", error);
  if (dir == NULL)
    return FALSE;
  tmp = g_build_filename (dir, base, NULL);
  ok = export_write (job, tmp, error) && g_file_get_contents (tmp, &data, &len, error)
       && vol_file_write_new (job->path, data, len, &local_error);
  g_unlink (tmp);
  g_rmdir (dir);
  if (local_error == NULL)
    return ok;
  if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
exists:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("%s already exists; an export from a script never replaces a file: remove it or choose another name"),
               job->path);
  return FALSE;
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;

  if (job->exclusive ? export_write_new (job, &error) : export_write (job, job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * _vol_window_export_async:
 * @format: "png", "svg", "pdf", "csv", "json", "txt" (a quick
 *   benchmark's report, vol_quick_report_text()) or "card" (its share
 *   card, vol-chart-card.c; PNG, or SVG or PDF by @path's ending)
 * @exclusive: fail with G_IO_ERROR_EXISTS rather than replace @path (a
 *   script's export; a person was asked by the file chooser)
 *
 * Writes what is shown to @path, in the light style a publication wants.
 * Rendering and writing take from milliseconds to seconds (a PDF of a
 * large comparison, a slow disk): on a worker, so the window stays
 * responsive; the file is the one the main thread would have written.
 */
void
_vol_window_export_async (VolWindow           *self,
                          const char          *format,
                          const char          *path,
                          gboolean             exclusive,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  ExportJob *job;

  g_task_set_source_tag (task, _vol_window_export_async);
  if (self->chart == NULL || self->results == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no result to export yet"));
      return;
    }
  job = g_new0 (ExportJob, 1);
  job->format = g_strdup (format);
  job->path = g_strdup (path);
  job->chart = vol_chart_ref (self->chart);
  job->results = g_ptr_array_ref (self->results);
  job->options = self->chart_options;
  job->exclusive = exclusive;
  g_task_set_task_data (task, job, export_job_free);
  self->exports_pending++;
  g_task_run_in_thread (task, export_thread);
}

gboolean
_vol_window_export_finish (VolWindow     *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  if (g_task_get_task_data (G_TASK (result)) != NULL && self->exports_pending > 0)
    self->exports_pending--;
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
exported_cb (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  VolWindow *self = VOL_WINDOW (source);
  g_autofree char *path = user_data;
  g_autoptr(GError) error = NULL;

  if (!_vol_window_export_finish (self, res, &error))
    _vol_window_error_dialog (self, _("Export Failed"), error->message);
  else
    {
      g_autofree char *text = g_strdup_printf (_("Exported %s"), path);
      _vol_window_file_toast (self, text, path, FALSE);
    }
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    VolWindow       *self)
{
  const char *format = g_object_get_data (G_OBJECT (dialog), "vol-format");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GFile) folder = g_file_get_parent (file);
      g_autofree char *folder_path = folder ? g_file_get_path (folder) : NULL;

      /* the next export starts here */
      if (self->settings && folder_path)
        g_settings_set_string (self->settings, "export-folder", folder_path);
      /* the chooser asked before replacing a file */
      _vol_window_export_async (self, format, path, FALSE, exported_cb, g_strdup (path));
    }
  g_object_unref (dialog);
}

/* Where an export starts: the folder of the last one, else Pictures for
 * a chart or Documents for data, else the home folder — never the
 * process's working directory, which a desktop launch makes "/". */
static GFile *
export_folder (VolWindow  *self,
               const char *format)
{
  g_autofree char *last = self->settings ? g_settings_get_string (self->settings, "export-folder") : NULL;
  gboolean chart = g_str_equal (format, "png") || g_str_equal (format, "svg") || g_str_equal (format, "pdf")
                   || g_str_equal (format, "card");
  const char *special = g_get_user_special_dir (chart ? G_USER_DIRECTORY_PICTURES : G_USER_DIRECTORY_DOCUMENTS);
  const char *candidates[] = { last, special, g_get_home_dir () };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] && *candidates[i] && g_file_test (candidates[i], G_FILE_TEST_IS_DIR))
      return g_file_new_for_path (candidates[i]);
  return NULL;
}

/**
 * _vol_window_file_toast:
 * @folder: offer to open the file's folder (a result already shown)
 *   rather than the file itself (an export)
 *
 * A toast about a file just written, with a button to open it or its
 * folder in the desktop's application for it.
 */
void
_vol_window_file_toast (VolWindow  *self,
                        const char *text,
                        const char *path,
                        gboolean    folder)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (markup);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *uri = g_file_get_uri (folder && parent ? parent : file);

  adw_toast_set_button_label (toast, folder ? _("Open _Folder") : _("_Open"));
  adw_toast_set_action_name (toast, "win.show-uri");
  adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
show_uri_activated (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  gtk_show_uri (GTK_WINDOW (user_data), g_variant_get_string (param, NULL), GDK_CURRENT_TIME);
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  VolWindow *self = user_data;
  const char *format = g_action_get_name (G_ACTION (action)) + strlen ("export-");
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Export"), GTK_WINDOW (self),
                                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  g_autofree char *base = self->result_path ? g_path_get_basename (self->result_path) : g_strdup ("volumeter-comparison");
  g_autofree char *stem = g_str_has_suffix (base, ".volumeter.json")
                          ? g_strndup (base, strlen (base) - strlen (".volumeter.json")) : g_strdup (base);
  g_autofree char *name = g_str_equal (format, "json") ? g_strdup_printf ("%s.volumeter.json", stem)
                          : g_str_equal (format, "card") ? g_strdup_printf ("%s-card.png", stem)
                          : g_strdup_printf ("%s.%s", stem, format);

  g_autoptr(GFile) folder = export_folder (self, format);

  if (folder)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), "vol-format", g_strdup (format), g_free);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
copy_chart_activated (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  VolWindow *self = user_data;
  g_autoptr(VolChartStyle) style = vol_chart_style_new_light ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w = VOL_CHART_DEFAULT_WIDTH * 2, h = VOL_CHART_DEFAULT_HEIGHT * 2;

  if (self->chart == NULL)
    return;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  cairo_scale (cr, 2, 2);
  vol_chart_render (self->chart, style, cr, VOL_CHART_DEFAULT_WIDTH, VOL_CHART_DEFAULT_HEIGHT);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) cairo_image_surface_get_stride (surface) * h);
  /* cairo's ARGB32 is premultiplied native-endian: B8G8R8A8 on little endian */
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes, cairo_image_surface_get_stride (surface));
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  cairo_surface_destroy (surface);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Chart copied")));
}

/* Ctrl+C: the quick grid as forum text. Where the focus is in text (an
 * entry, a selectable label), Ctrl+C copies that text as it always does. */
static void
copy_report_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  VolWindow *self = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  g_autofree char *report = NULL;

  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    if ((GTK_IS_EDITABLE (w) || GTK_IS_TEXT_VIEW (w) || (GTK_IS_LABEL (w) && gtk_label_get_selectable (GTK_LABEL (w))))
        && gtk_widget_activate_action (focus, "clipboard.copy", NULL))
      return;
  report = shown_report (self);
  if (report == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), report);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Report copied as text")));
}

/* ---- start and stop ----------------------------------------------------- */

static void
start_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  _vol_window_start (VOL_WINDOW (user_data), FALSE);
}

static void
stop_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  VolWindow *self = user_data;

  /* the worker sees it before its next transfer, removes its files, and
   * the partial result arrives through run_done_cb */
  if (vol_run_controller_stop (self->run))
    gtk_label_set_text (self->phase_label, _("Stopping…"));
}

/* ---- screenshot ----------------------------------------------------------- */

/**
 * _vol_window_screenshot:
 *
 * The window as it is on screen, as a PNG: the last rendered frame of
 * each widget, through the window's own renderer.
 */
gboolean
_vol_window_screenshot (VolWindow   *self,
                        const char  *path,
                        GError     **error)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (self));

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL || renderer == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("The window has not been drawn yet"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s"), path);
      return FALSE;
    }
  return TRUE;
}

/* ---- scripting ------------------------------------------------------------ */

/* A script reads how its export went in the status, once the file is
 * there (or why not). */
static void
script_exported_cb (GObject      *source,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  VolWindow *self = VOL_WINDOW (source);
  g_autoptr(GError) error = NULL;
  gboolean ok = _vol_window_export_finish (self, res, &error);

  g_free (self->last_error);
  self->last_error = ok ? NULL : g_strdup (error->message);
  _vol_window_update_status (self, _vol_window_running (self) ? "running" : (ok ? "idle" : "error"));
}

/**
 * vol_window_script:
 *
 * What the app.* scripting actions do (vol-application.c). Errors are not
 * dialogs here: they go to the status, where the script reads them.
 */
void
vol_window_script (VolWindow  *self,
                   const char *action,
                   GVariant   *param)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  /* a script's folder is refused as the CLI's --target is, before it is
   * added to the list and probed (a folder on the hosts is checked by the
   * pane with the values, as typed) */
  if (g_str_equal (action, "set-target"))
    ok = vol_fio_value_check (VOL_FIO_VALUE_PATH, "set-target", g_variant_get_string (param, NULL), &error)
         && vol_config_pane_set_target (self->config, g_variant_get_string (param, NULL), &error);
  else if (g_str_equal (action, "set-remote"))
    {
      const char *hosts, *folder;
      guint port;
      g_variant_get (param, "(&su&s)", &hosts, &port, &folder);
      /* the folder as if typed: the pane checks it with the values */
      ok = vol_config_pane_set_remote (self->config, hosts, port, folder, &error);
    }
  else if (g_str_equal (action, "set-test"))
    ok = vol_config_pane_set_test (self->config, g_variant_get_string (param, NULL), &error);
  else if (g_str_equal (action, "set-param"))
    {
      const char *key, *text;
      g_variant_get (param, "(&s&s)", &key, &text);
      ok = vol_config_pane_set_param_text (self->config, key, text, &error);
    }
  else if (g_str_equal (action, "start"))
    {
      /* what a click does, questions included (app.answer) */
      _vol_window_start (self, FALSE);
      return;
    }
  else if (g_str_equal (action, "answer"))
    ok = _vol_window_answer (self, g_variant_get_string (param, NULL), &error);
  else if (g_str_equal (action, "stop"))
    {
      g_action_group_activate_action (G_ACTION_GROUP (self), "stop", NULL);
      return;
    }
  else if (g_str_equal (action, "open-path"))
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));
      vol_window_open_files (self, &file, 1);
      return;
    }
  else if (g_str_equal (action, "open-paths"))
    {
      g_autofree const char **paths = g_variant_get_strv (param, NULL);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; paths[i]; i++)
        g_ptr_array_add (files, g_file_new_for_path (paths[i]));
      vol_window_open_files (self, (GFile **) files->pdata, files->len);
      return;
    }
  else if (g_str_equal (action, "export"))
    {
      const char *format, *path;
      g_variant_get (param, "(&s&s)", &format, &path);
      _vol_window_export_async (self, format, path, TRUE, script_exported_cb, NULL);
      _vol_window_update_status (self, _vol_window_running (self) ? "running" : "exporting");
      return;
    }
  else if (g_str_equal (action, "screenshot"))
    {
      /* looking must not change what is seen: only a failure is reported */
      if (!_vol_window_screenshot (self, g_variant_get_string (param, NULL), &error))
        {
          g_free (self->last_error);
          self->last_error = g_strdup (error->message);
          _vol_window_update_status (self, "error");
        }
      return;
    }

  g_free (self->last_error);
  self->last_error = ok ? NULL : g_strdup (error->message);
  _vol_window_update_status (self, _vol_window_running (self) ? "running" : (ok ? "idle" : "error"));
}

void
_vol_window_add_actions (VolWindow *self)
{
  static const GActionEntry entries[] = {
    { "open", open_activated },
    { "start", start_activated },
    { "stop", stop_activated },
    { "export-png", export_activated },
    { "export-svg", export_activated },
    { "export-pdf", export_activated },
    { "export-csv", export_activated },
    { "export-json", export_activated },
    { "export-txt", export_activated },
    { "export-card", export_activated },
    { "copy-chart", copy_chart_activated },
    { "copy-report", copy_report_activated },
    { "show-uri", show_uri_activated, "s" },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}
