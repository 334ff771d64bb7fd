/* vol-window.c — the main window: a run from start to saved result
 *
 * Threading: the runner's worker never touches anything here. Progress and
 * live samples arrive through VolRunner::progress on the main context (at
 * most ~30 times a second); the live chart is rebuilt from them at most 4
 * times a second and the texts change as often, so the window stays
 * responsive through a full-speed run. Saving the result and reading
 * result files happen in GTask threads: the main loop never waits for a
 * disk.
 */

#include "vol-window-private.h"

#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include <json-glib/json-glib.h>

#include "vol-chart-build.h"
#include "vol-chart-render.h"
#include "vol-host.h"
#include "vol-quick-grid.h"
#include "vol-kinds.h"
#include "vol-scratch.h"
#include "vol-size.h"

G_DEFINE_FINAL_TYPE (VolWindow, vol_window, ADW_TYPE_APPLICATION_WINDOW)

VolWindow *
vol_window_new (VolApplication *app)
{
  return g_object_new (VOL_TYPE_WINDOW, "application", app, NULL);
}

static gboolean
binary_units (VolWindow *self)
{
  return self->settings && g_settings_get_boolean (self->settings, "binary-units");
}

/* ---- after the next frame -------------------------------------------------- */

typedef struct
{
  VolWindow   *self;
  GSourceFunc  func;
} AfterFrame;

static void
after_frame_free (gpointer  data,
                  GClosure *closure)
{
  AfterFrame *after = data;

  g_object_unref (after->self);
  g_free (after);
}

static void
after_frame_painted_cb (GdkFrameClock *clock,
                        AfterFrame    *after)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, after->func, g_object_ref (after->self), g_object_unref);
  g_signal_handlers_disconnect_by_data (clock, after);
}

/* Runs @func (with the window, ref'd) once the window has painted its
 * next frame: work that would otherwise land in the same frame as what
 * was just changed, making one long stall of two shorter ones. */
static void
after_next_frame (VolWindow   *self,
                  GSourceFunc  func)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  AfterFrame *after;

  if (clock == NULL)
    {
      g_idle_add_full (G_PRIORITY_LOW, func, g_object_ref (self), g_object_unref);
      return;
    }
  after = g_new0 (AfterFrame, 1);
  after->self = g_object_ref (self);
  after->func = func;
  g_signal_connect_data (clock, "after-paint", G_CALLBACK (after_frame_painted_cb), after, after_frame_free, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The application the window belongs to. "application" is not a
 * construct property of GtkWindow, so during constructed() the window
 * does not know it yet: fall back to the process's application. */
static VolApplication *
get_app (VolWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GApplication *fallback = g_application_get_default ();

  if (VOL_IS_APPLICATION (app))
    return VOL_APPLICATION (app);
  return VOL_IS_APPLICATION (fallback) ? VOL_APPLICATION (fallback) : NULL;
}

/* The points the chart on screen draws: for a live chart, what the
 * samples so far have become. */
static guint
chart_points (const VolChart *chart)
{
  guint n = 0;

  for (guint i = 0; chart && i < chart->series->len; i++)
    n += ((const VolChartSeries *) g_ptr_array_index (chart->series, i))->x->len;
  return n;
}

/* Where the keyboard focus is, named as a person would say it: the key
 * test (tests/ui/test-ui-keys.sh) moves it with real keys and must know
 * where each Escape lands before asserting that nothing stopped. */
static const char *
focus_place (VolWindow *self,
             GtkWidget *focus)
{
  if (focus == NULL)
    return "none";
  if (focus == self->stop_button)
    return "stop";
  if (focus == self->start_button)
    return "start";
  /* the parameters, and what holds them while a run makes them insensitive */
  if (gtk_widget_is_ancestor (focus, adw_flap_get_flap (self->flap)))
    return "pane";
  if (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->history_box)))
    return gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY) ? "history-search" : "history";
  if (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->result_stack)))
    return "run";
  if (gtk_widget_get_ancestor (focus, ADW_TYPE_HEADER_BAR))
    return "header";
  return "window";
}

/* The status mirrored into app.status for scripts and tests: JSON built
 * with json-glib, so any text (quotes, German, odd paths) stays valid. */
void
_vol_window_update_status (VolWindow  *self,
                           const char *state)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  VolApplication *app = get_app (self);
  VolRunState run_state = self->run ? vol_run_controller_get_state (self->run) : VOL_RUN_STATE_IDLE;

  /* Computed from what is so, not only from who called: a question on
   * screen is what the window is doing, whoever asked; a run that holds
   * the controller (or is being saved) is running, however it started. */
  if (state != self->outcome)
    {
      g_free (self->outcome);
      self->outcome = g_strdup (state);
    }
  if (self->question)
    state = "asking";
  else if (run_state == VOL_RUN_STATE_SAVING || _vol_window_running (self))
    state = "running";
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, state);
  json_builder_set_member_name (builder, "run_state");
  json_builder_add_string_value (builder, vol_run_state_to_string (run_state));
  json_builder_set_member_name (builder, "exporting");
  json_builder_add_int_value (builder, self->exports_pending);
  json_builder_set_member_name (builder, "question");
  json_builder_add_string_value (builder, self->question ? adw_message_dialog_get_heading (self->question) : "");
  /* what it says: the place, the amount, what would remain */
  json_builder_set_member_name (builder, "question_body");
  json_builder_add_string_value (builder, self->question ? adw_message_dialog_get_body (self->question) : "");
  json_builder_set_member_name (builder, "phase");
  json_builder_add_string_value (builder, self->status_phase ? self->status_phase : "");
  json_builder_set_member_name (builder, "fraction");
  json_builder_add_double_value (builder, self->status_fraction);
  json_builder_set_member_name (builder, "result");
  json_builder_add_string_value (builder, self->result_path ? self->result_path : "");
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, self->last_error ? self->last_error : "");
  /* what Start would run, and where */
  json_builder_set_member_name (builder, "test");
  json_builder_add_string_value (builder, self->config && vol_config_pane_get_test (self->config)
                                          ? vol_config_pane_get_test (self->config) : "");
  json_builder_set_member_name (builder, "target");
  json_builder_add_string_value (builder, self->config && vol_config_pane_get_chosen_path (self->config)
                                          ? vol_config_pane_get_chosen_path (self->config) : "");
  /* the label as typed, and the name the result would get (it, else the automatic one) */
  json_builder_set_member_name (builder, "label");
  json_builder_add_string_value (builder, self->config ? vol_config_pane_get_label (self->config) : "");
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, self->config && vol_config_pane_get_run_name (self->config)
                                          ? vol_config_pane_get_run_name (self->config) : "");
  json_builder_set_member_name (builder, "estimate");
  json_builder_add_string_value (builder, self->config && vol_config_pane_get_estimate (self->config)
                                          ? vol_config_pane_get_estimate (self->config) : "");
  json_builder_set_member_name (builder, "history");
  json_builder_add_int_value (builder, self->history ? vol_history_get_n_items (self->history) : 0);
  json_builder_set_member_name (builder, "probing");
  json_builder_add_boolean_value (builder, self->config && vol_config_pane_is_probing (self->config));
  json_builder_set_member_name (builder, "start_pending");
  json_builder_add_boolean_value (builder, run_state == VOL_RUN_STATE_PROBING);
  json_builder_set_member_name (builder, "results");
  json_builder_add_int_value (builder, self->results ? self->results->len : 0);
  json_builder_set_member_name (builder, "chart_unit");
  json_builder_add_string_value (builder, self->chart && self->chart->y_unit ? self->chart->y_unit : "");
  json_builder_set_member_name (builder, "speed");
  json_builder_add_string_value (builder, self->speed_text ? self->speed_text : "");
  json_builder_set_member_name (builder, "live_samples");
  json_builder_add_int_value (builder, self->live ? vol_live_chart_get_n_samples (self->live) : 0);
  json_builder_set_member_name (builder, "live_points");
  json_builder_add_int_value (builder, self->live ? chart_points (self->chart) : 0);
  /* a quick benchmark's grid so far: its cells, and those measured */
  json_builder_set_member_name (builder, "live_grid_cells");
  json_builder_add_int_value (builder, self->live_grid ? vol_quick_grid_get_n_cells (self->live_grid) : 0);
  json_builder_set_member_name (builder, "live_grid_filled");
  json_builder_add_int_value (builder, self->live_cells);
  /* which page shows, and whether the switcher is the bottom one (narrow) */
  json_builder_set_member_name (builder, "page");
  json_builder_add_string_value (builder, self->view_stack ? adw_view_stack_get_visible_child_name (self->view_stack) : "");
  json_builder_set_member_name (builder, "bottom_switcher");
  json_builder_add_boolean_value (builder, self->switcher_bar && adw_view_switcher_bar_get_reveal (self->switcher_bar)
                                           && gtk_widget_get_mapped (GTK_WIDGET (self->switcher_bar)));
  /* the remote hosts as target, and the rows of a remote run */
  json_builder_set_member_name (builder, "remote");
  json_builder_add_boolean_value (builder, self->config && vol_config_pane_is_remote (self->config));
  json_builder_set_member_name (builder, "can_start");
  json_builder_add_boolean_value (builder, self->config && !_vol_window_running (self) && self->question == NULL
                                           && vol_config_pane_get_valid (self->config));
  json_builder_set_member_name (builder, "refusal");
  json_builder_add_string_value (builder, self->config && vol_config_pane_get_refusal (self->config)
                                          ? vol_config_pane_get_refusal (self->config) : "");
  json_builder_set_member_name (builder, "remote_hosts");
  json_builder_begin_array (builder);
  for (guint i = 0; self->remote_view && i < vol_remote_progress_view_get_n_hosts (self->remote_view); i++)
    {
      const char *name, *message;
      VolRemoteHostState host_state;
      gboolean stopped;

      vol_remote_progress_view_get_host (self->remote_view, i, &name, &host_state, &message, &stopped);
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, name);
      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, stopped ? "stopped" : vol_remote_progress_view_state_name (host_state));
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, message ? message : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "focus");
  json_builder_add_string_value (builder, focus_place (self, gtk_root_get_focus (GTK_ROOT (self))));
  /* one more per move, even within a place: a key test waits for its Tab */
  json_builder_set_member_name (builder, "focus_moves");
  json_builder_add_int_value (builder, self->focus_moves);
  json_builder_set_member_name (builder, "max_stall_ms");
  json_builder_add_double_value (builder, self->max_stall_us / 1000.0);
  json_builder_set_member_name (builder, "max_stall_cpu_ms");
  json_builder_add_double_value (builder, self->max_stall_cpu_us / 1000.0);
  json_builder_set_member_name (builder, "first_frame_ms");
  json_builder_add_double_value (builder, self->first_frame_us / 1000.0);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  if (app)
    vol_application_set_status (app, text);
}

void
_vol_window_error_dialog (VolWindow  *self,
                          const char *heading,
                          const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
  g_free (self->last_error);
  self->last_error = g_strdup (body);
}

static gboolean
fill_result_view_cb (gpointer data)
{
  VolWindow *self = data;

  if (self->disposed || self->results == NULL || self->results->len == 0)
    return G_SOURCE_REMOVE;
  if (self->results->len == 1)
    vol_result_view_set_result (self->result_view, g_ptr_array_index (self->results, 0), binary_units (self));
  else
    vol_result_view_set_comparison (self->result_view, self->results, binary_units (self));
  return G_SOURCE_REMOVE;
}

/**
 * _vol_window_show_results:
 * @results: (transfer none) (element-type VolResult): one result, or
 *   several to compare
 * @path: where the single result is saved, or NULL
 */
void
_vol_window_show_results (VolWindow  *self,
                          GPtrArray  *results,
                          const char *path)
{
  g_autoptr(GError) error = NULL;
  VolChartOptions options = { .binary = binary_units (self), .no_table = TRUE };
  g_autoptr(VolChart) chart = NULL;

  g_clear_pointer (&self->results, g_ptr_array_unref);
  self->results = g_ptr_array_ref (results);
  g_free (self->result_path);
  self->result_path = g_strdup (path);

  if (results->len == 1)
    chart = vol_chart_build_for_result (g_ptr_array_index (results, 0), &options, &error);
  else
    {
      gboolean all_fill = TRUE;
      for (guint i = 0; i < results->len; i++)
        all_fill = all_fill && g_strcmp0 (((VolResult *) g_ptr_array_index (results, i))->kind, VOL_KIND_FILL) == 0;
      options.bars = self->compare_bars || !all_fill;
      chart = vol_chart_build_comparison ((VolResult *const *) results->pdata, results->len, &options, &error);
      gtk_widget_set_visible (self->compare_bar, all_fill);
    }
  if (results->len == 1)
    gtk_widget_set_visible (self->compare_bar, FALSE);
  if (chart == NULL && error)
    _vol_window_error_dialog (self, _("Cannot Draw These Results"), error->message);
  g_clear_pointer (&self->chart, vol_chart_unref);
  self->chart = chart ? vol_chart_ref (chart) : NULL;
  self->chart_options = options;
  vol_chart_view_set_chart (self->chart_view, chart);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_box), chart != NULL);
  /* The figures' rows are many widgets: build them after the chart has
   * been drawn, so the two do not land in one long frame. */
  vol_result_view_set_result (self->result_view, NULL, FALSE);
  after_next_frame (self, fill_result_view_cb);
  if (chart && chart->title)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart_view), GTK_ACCESSIBLE_PROPERTY_LABEL, chart->title,
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, chart->subtitle ? chart->subtitle : "", -1);
  gtk_stack_set_visible_child_name (self->result_stack, "result");
  adw_view_stack_set_visible_child_name (self->view_stack, "run");
  _vol_window_update_actions (self);
}

/* ---- the live chart ------------------------------------------------------ */

/* A quick benchmark's grid under the chart, filled as the loops end
 * (vol_live_chart_quick_cells()); the result's own grid replaces it. */
static void
live_grid_remove (VolWindow *self)
{
  if (self->live_grid)
    gtk_box_remove (self->summary_box, self->live_grid);
  self->live_grid = NULL;
  self->live_cells = 0;
}

static void
live_grid_refresh (VolWindow *self)
{
  guint n = 0;
  g_autofree VolQuickCell *cells = self->live ? vol_live_chart_quick_cells (self->live, &n) : NULL;

  if (n == 0)
    {
      live_grid_remove (self);
      return;
    }
  if (self->live_grid == NULL || !vol_quick_grid_update (self->live_grid, cells, n))
    {
      live_grid_remove (self);
      self->live_grid = vol_quick_grid_new_live (cells, n, binary_units (self));
      gtk_box_prepend (self->summary_box, self->live_grid);
    }
  self->live_cells = 0;
  for (guint i = 0; i < n; i++)
    self->live_cells += cells[i].loops > 0;
}

/* A fresh chart of the run's samples. Rebuilding costs a copy of the
 * samples; the redraw it causes is what costs (a software renderer
 * composites the whole chart), so it happens a few times a second, not
 * with each of the runner's ~30 updates. */
#define LIVE_REBUILD_US (G_USEC_PER_SEC / 4)

static void
live_rebuild (VolWindow *self)
{
  g_autoptr(VolChart) chart = NULL;

  g_clear_handle_id (&self->live_rebuild_id, g_source_remove);
  if (self->live == NULL)
    return;
  chart = vol_live_chart_build (self->live, binary_units (self));
  g_clear_pointer (&self->chart, vol_chart_unref);
  self->chart = vol_chart_ref (chart);
  vol_chart_view_set_chart (self->chart_view, chart);
  live_grid_refresh (self);
  self->live_built_us = g_get_monotonic_time ();
}

static gboolean
live_rebuild_cb (gpointer data)
{
  VolWindow *self = data;

  self->live_rebuild_id = 0;
  live_rebuild (self);
  /* a run held between updates still shows what its chart has */
  if (_vol_window_running (self))
    _vol_window_update_status (self, "running");
  return G_SOURCE_REMOVE;
}

static void
live_changed (VolWindow *self)
{
  gint64 wait = self->live_built_us + LIVE_REBUILD_US - g_get_monotonic_time ();

  if (self->live_rebuild_id != 0)
    return;
  if (wait <= 0)
    live_rebuild (self);
  else
    self->live_rebuild_id = g_timeout_add_full (G_PRIORITY_DEFAULT, wait / 1000 + 1, live_rebuild_cb,
                                                self, NULL);
}

/* ---- a run ------------------------------------------------------------ */

static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             VolWindow         *self)
{
  g_autofree char *eta = NULL;
  g_autofree char *eta_text = NULL;

  /* a remote run's report: the hosts' rows, not the live chart */
  if (progress->host != NULL)
    {
      _vol_window_remote_progress (self, progress->host);
      return;
    }
  eta = progress->eta >= 0 ? vol_duration_format (progress->eta) : g_strdup ("");
  eta_text = *eta ? g_strdup_printf (_("%s left"), eta) : g_strdup ("");

  if (self->live && progress->samples && vol_live_chart_add_samples (self->live, progress->samples) > 0)
    live_changed (self);

  /* New text re-lays out the window, which on a software renderer costs
   * more than the chart: the words change a few times a second. */
  if (g_get_monotonic_time () - self->labels_us >= G_USEC_PER_SEC / 4
      || g_strcmp0 (gtk_label_get_text (self->phase_label), progress->text ? progress->text : "") != 0)
    {
      self->labels_us = g_get_monotonic_time ();
      g_free (self->speed_text);
      self->speed_text = self->live ? vol_live_chart_format_speed (self->live, progress->rate, binary_units (self))
                                    : g_strdup ("");
      gtk_progress_bar_set_fraction (self->progress_bar, progress->fraction);
      gtk_label_set_text (self->phase_label, progress->text ? progress->text : "");
      gtk_label_set_text (self->rate_label, self->speed_text);
      gtk_label_set_text (self->eta_label, eta_text);
    }
  g_free (self->status_phase);
  self->status_phase = g_strdup (progress->text);
  self->status_fraction = progress->fraction;
  _vol_window_update_status (self, "running");
}

static gboolean
run_ended_cb (gpointer data)
{
  VolWindow *self = data;

  /* not if the window went meanwhile, or a new run has started */
  if (!self->disposed && !_vol_window_running (self))
    vol_config_pane_set_running (self->config, FALSE);
  return G_SOURCE_REMOVE;
}

/* @saving: the run's results are being saved (the controller says
 * "saving" until they are) */
void
_vol_window_end_run (VolWindow *self,
                     gboolean   saving)
{
  vol_run_controller_end (self->run, saving);
  /* the result took the label: the next run has its own (a run that
   * never started took nothing) */
  if (saving)
    vol_config_pane_label_used (self->config);
  g_clear_handle_id (&self->live_rebuild_id, g_source_remove);
  g_clear_pointer (&self->live, vol_live_chart_free);
  live_grid_remove (self);
  gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
  /* unlocking restyles every row of the pane: not in the frame that
   * shows the result */
  after_next_frame (self, run_ended_cb);
  _vol_window_update_actions (self);
}

static gboolean
republish_status_cb (gpointer data)
{
  VolWindow *self = data;
  if (!self->disposed && !_vol_window_running (self) && self->final_state)
    _vol_window_update_status (self, self->final_state);
  return G_SOURCE_REMOVE;
}

/* Once a run's results are saved: the status says how it ended, and
 * says it once more after the result is on screen, so a script reading
 * the status (and the stall probe) sees the cost of showing it too. */
void
_vol_window_publish_end (VolWindow  *self,
                         const char *state)
{
  if (_vol_window_running (self))
    return;   /* a new run started meanwhile: its status counts */
  _vol_window_update_status (self, state);
  g_free (self->final_state);
  self->final_state = g_strdup (state);
  g_idle_add_full (G_PRIORITY_LOW, republish_status_cb, g_object_ref (self), g_object_unref);
}

/* @result, saved in @path: if it is the one result shown (nothing was
 * opened meanwhile), Export and Open Folder now have its file. */
void
_vol_window_note_saved (VolWindow       *self,
                        const VolResult *result,
                        const char      *path)
{
  if (path && self->results && self->results->len == 1 && g_ptr_array_index (self->results, 0) == result)
    {
      g_free (self->result_path);
      self->result_path = g_strdup (path);
      _vol_window_update_actions (self);
    }
}

static void
saved_cb (GObject      *source,
          GAsyncResult *res,
          gpointer      user_data)
{
  g_autoptr(VolWindow) self = user_data;
  VolResult *result = g_task_get_task_data (G_TASK (res));
  g_autoptr(GError) error = NULL;
  g_autofree char *path = vol_run_controller_save_finish (VOL_RUN_CONTROLLER (source), res, &error);
  const char *state = vol_result_status_to_string (result->status);

  if (self->disposed)
    return;

  if (path == NULL)
    _vol_window_error_dialog (self, _("The Result Could Not Be Saved"), error->message);
  if (self->close_when_done)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  _vol_window_note_saved (self, result, path);
  vol_history_reload (self->history);

  if (path)
    {
      g_autofree char *text = g_strdup_printf (result->status == VOL_RESULT_STATUS_CANCELLED
                                               ? _("Stopped; the partial result is saved in %s")
                                               : _("Saved in %s"), path);
      _vol_window_file_toast (self, text, path, TRUE);
    }
  _vol_window_publish_end (self, state);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  g_autoptr(VolWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_runner_run_finish (VOL_RUNNER (source), res, &error);

  if (self->disposed)
    return;   /* the window went: its controller stopped the run */
  _vol_window_end_run (self, result != NULL);

  if (result == NULL)
    {
      /* never started: the target or the parameters are wrong */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _vol_window_error_dialog (self, _("The Test Could Not Start"), error->message);
      gtk_stack_set_visible_child_name (self->result_stack, self->results ? "result" : "empty");
      _vol_window_update_status (self, "error");
      if (self->close_when_done)
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  /* Shown at once; saved on a worker, and the status says how the run
   * ended (with the file's path) once the file is there. */
  if (!self->close_when_done)
    {
      g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
      g_ptr_array_add (results, vol_result_ref (result));
      _vol_window_show_results (self, results, NULL);
      if (result->status == VOL_RESULT_STATUS_FAILED)
        _vol_window_error_dialog (self, _("The Run Failed"), result->message);
    }
  vol_run_controller_save_async (self->run, result, saved_cb, g_object_ref (self));
}

/* The engine starts once the run's page is laid out and drawn: on two
 * CPUs a test that keeps both busy (a RAM-backed volume) made the main
 * thread wait for a CPU through that first layout, and the window froze
 * for 60-90 ms at every run's start. */
static void
start_runner (VolWindow *self)
{
  g_autoptr(VolTestSpec) spec = g_steal_pointer (&self->pending_spec);
  g_autoptr(GPtrArray) hosts = g_steal_pointer (&self->pending_hosts);

  g_clear_handle_id (&self->start_runner_id, g_source_remove);
  if (spec == NULL || self->disposed)
    return;
  if (hosts != NULL)
    _vol_window_remote_run (self, spec, hosts);
  else
    vol_run_controller_run_async (self->run, spec, run_done_cb, g_object_ref (self));
}

static gboolean
start_runner_timeout_cb (gpointer data)
{
  VolWindow *self = data;

  self->start_runner_id = 0;
  start_runner (self);
  return G_SOURCE_REMOVE;
}

/* A run's start changes much of the window: the page, the progress row,
 * the buttons, the chart and every row of the pane. In one frame that was
 * the run's longest stall; the chart and the pane come a frame later. */
static gboolean
run_started_cb (gpointer data)
{
  VolWindow *self = data;

  if (self->disposed || !_vol_window_running (self))
    return G_SOURCE_REMOVE;   /* it ended meanwhile (end_run unlocks the pane) */
  if (self->live && self->chart == NULL)
    live_rebuild (self);
  vol_config_pane_set_running (self->config, TRUE);
  start_runner (self);
  return G_SOURCE_REMOVE;
}

/* @hosts: (nullable) (element-type VolFioHost): a remote run's, or NULL
 *   for a run here */
static void
begin_run (VolWindow   *self,
           VolTestSpec *spec,
           GPtrArray   *hosts)
{
  /* the live chart, for every kind: built from the samples as they come
   * (live_rebuild), laid out as the kind's finished chart is read. A
   * remote run has no samples (fio's client reports at the end): its
   * hosts' states take the chart's place. */
  g_clear_pointer (&self->chart, vol_chart_unref);
  g_clear_pointer (&self->live, vol_live_chart_free);
  g_clear_pointer (&self->speed_text, g_free);
  self->live = hosts ? NULL : vol_live_chart_new (spec);
  live_grid_remove (self);
  vol_chart_view_set_chart (self->chart_view, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_box), hosts == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->remote_view), hosts != NULL);
  if (hosts)
    vol_remote_progress_view_reset (self->remote_view, hosts);
  gtk_widget_set_visible (self->compare_bar, FALSE);
  vol_result_view_set_result (self->result_view, NULL, FALSE);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->result_path, g_free);
  g_clear_pointer (&self->last_error, g_free);
  g_clear_pointer (&self->status_phase, g_free);

  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, NULL);
  gtk_label_set_text (self->phase_label, hosts ? _("Connecting to the hosts…") : _("Starting…"));
  gtk_label_set_text (self->rate_label, "");
  gtk_label_set_text (self->eta_label, "");
  gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
  gtk_stack_set_visible_child_name (self->result_stack, "result");
  adw_view_stack_set_visible_child_name (self->view_stack, "run");
  /* the chart and the locked pane in the next frame */
  after_next_frame (self, run_started_cb);

  /* the run's cancellable, and the machine kept awake */
  vol_run_controller_begin (self->run, GTK_WINDOW (self));
  /* the responsiveness probe measures the run, not what came before */
  self->max_stall_us = 0;
  self->max_stall_cpu_us = 0;
  self->probe_last_us = 0;
  vol_runner_set_include_hostname (vol_run_controller_get_runner (self->run), self->settings && g_settings_get_boolean (self->settings, "include-hostname"));
  g_clear_pointer (&self->pending_spec, vol_test_spec_unref);
  self->pending_spec = vol_test_spec_ref (spec);
  g_clear_pointer (&self->pending_hosts, g_ptr_array_unref);
  self->pending_hosts = hosts ? g_ptr_array_ref (hosts) : NULL;
  g_clear_handle_id (&self->start_runner_id, g_source_remove);
  self->start_runner_id = g_timeout_add_full (G_PRIORITY_DEFAULT, 250, start_runner_timeout_cb, self, NULL);
  self->status_fraction = 0;
  _vol_window_update_actions (self);
  _vol_window_update_status (self, "running");
}

static void republish_status (VolWindow *self);

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     VolWindow        *self)
{
  if (self->question != dialog)
    return;   /* answered already */
  /* our reference goes; the signal's emission holds the dialog until it returns */
  g_clear_object (&self->question);
  if (g_str_equal (response, "fill"))
    _vol_window_start (self, TRUE);
  else
    republish_status (self);
}

/**
 * _vol_window_answer:
 * @response: the id of one of the question's responses ("fill", "stop",
 *   "cancel")
 *
 * Answers the question asked (Start's, or closing's while a run goes), as
 * a click on that button would:
 * the same handler, then the dialog goes. A script's only way past it.
 */
gboolean
_vol_window_answer (VolWindow   *self,
                    const char  *response,
                    GError     **error)
{
  g_autoptr(AdwMessageDialog) dialog = NULL;

  if (self->question == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Nothing is being asked"));
      return FALSE;
    }
  if (!adw_message_dialog_has_response (self->question, response))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("“%s” is not an answer to “%s”"),
                   response, adw_message_dialog_get_heading (self->question));
      return FALSE;
    }
  dialog = g_object_ref (self->question);
  adw_message_dialog_response (dialog, response);
  if (gtk_widget_get_visible (GTK_WIDGET (dialog)))
    gtk_window_destroy (GTK_WINDOW (dialog));
  return TRUE;
}

/* Filling the volume that holds the system or the home folder, or RAM,
 * or leaving any volume nearly full, can upset running programs for the
 * length of the run: the engine decides, for the command line's --yes
 * too, and says which, how much and what remains. */
static gboolean
needs_confirmation (VolWindow           *self,
                    const VolTestSpec   *spec,
                    const VolTargetInfo *target,
                    char               **message)
{
  *message = vol_scratch_target_risk_message (spec, target);
  return *message != NULL;
}

/* A Start that waited for its target's probe goes ahead, or says why not;
 * if another target was chosen meanwhile, it is dropped. */
static void
target_settled_cb (VolWindow *self)
{
  g_autofree char *waiting = g_steal_pointer (&self->start_when_settled);

  vol_run_controller_wait_for_probe (self->run, FALSE);
  if (waiting == NULL)
    {
      /* the probe answered: the status says so (probing, the estimate) */
      republish_status (self);
      return;
    }
  if (g_strcmp0 (waiting, vol_config_pane_get_chosen_path (self->config)) == 0)
    _vol_window_start (self, FALSE);
  else
    republish_status (self);
}

void
_vol_window_start (VolWindow *self,
                   gboolean   confirmed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  g_autofree char *message = NULL;

  /* running, or already asking whether to */
  if (_vol_window_running (self) || self->question != NULL)
    return;
  spec = vol_config_pane_build_spec (self->config, &error);
  if (spec == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING))
    {
      /* Only a script gets here (the Start button is off while probing):
       * start when the probe answers, as a user would by waiting. */
      g_free (self->start_when_settled);
      self->start_when_settled = g_strdup (vol_config_pane_get_chosen_path (self->config));
      vol_run_controller_wait_for_probe (self->run, TRUE);
      republish_status (self);
      return;
    }
  if (spec == NULL)
    {
      _vol_window_error_dialog (self, _("The Test Cannot Start"), error->message);
      _vol_window_update_status (self, "error");
      return;
    }
  if (vol_config_pane_is_remote (self->config))
    {
      /* nothing is written here: no volume of this machine to ask about */
      g_autoptr(GPtrArray) hosts = vol_config_pane_get_hosts (self->config, &error);

      if (hosts == NULL)
        {
          _vol_window_error_dialog (self, _("The Test Cannot Start"), error->message);
          _vol_window_update_status (self, "error");
          return;
        }
      begin_run (self, spec, hosts);
      return;
    }
  if (!confirmed && needs_confirmation (self, spec, vol_config_pane_get_target_info (self->config), &message))
    {
      /* a set amount that leaves the volume nearly full, or a fill */
      gboolean nearly_full = vol_scratch_target_risk (spec, vol_config_pane_get_target_info (self->config), NULL)
                             == VOL_TARGET_RISK_NEARLY_FULL;
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self),
                                                  nearly_full ? _("Nearly Fill the Volume?") : _("Fill the System Volume?"),
                                                  message);
      /* the same response ids either way: a script answers 'fill' */
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                        "fill", nearly_full ? _("_Run Anyway") : _("_Fill Volume"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "fill", ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      g_signal_connect (dialog, "response", G_CALLBACK (confirm_response_cb), self);
      g_clear_object (&self->question);
      self->question = g_object_ref (ADW_MESSAGE_DIALOG (dialog));
      gtk_window_present (GTK_WINDOW (dialog));
      republish_status (self);
      return;
    }
  begin_run (self, spec, NULL);
}

/* ---- closing ------------------------------------------------------------ */

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   VolWindow        *self)
{
  if (self->question != dialog)
    return;   /* answered already */
  g_clear_object (&self->question);
  if (!g_str_equal (response, "stop") || !_vol_window_running (self))
    {
      republish_status (self);
      return;
    }
  /* the window goes once the worker has removed the scratch files */
  self->close_when_done = TRUE;
  vol_run_controller_stop (self->run);
  gtk_widget_set_sensitive (GTK_WIDGET (self), FALSE);
}

/**
 * vol_window_stop_and_close:
 *
 * Without asking: stops a run (its files are removed by the worker) and
 * closes the window when it has ended. For SIGTERM and SIGINT.
 */
void
vol_window_stop_and_close (VolWindow *self)
{
  if (!_vol_window_running (self))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  self->close_when_done = TRUE;
  vol_run_controller_stop (self->run);
}

static gboolean
vol_window_close_request (GtkWindow *window)
{
  VolWindow *self = VOL_WINDOW (window);

  if (_vol_window_running (self))
    {
      GtkWidget *dialog;
      if (self->close_when_done || self->question != NULL)
        return TRUE;
      dialog = adw_message_dialog_new (window, _("Stop the Test?"),
                                       _("A test is running. Stopping it removes its files and keeps the samples measured so far."));
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Keep Running"), "stop", _("_Stop and Close"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "stop", ADW_RESPONSE_DESTRUCTIVE);
      /* Return and Escape keep the run: only the button stops it */
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
      g_signal_connect (dialog, "response", G_CALLBACK (close_response_cb), self);
      /* asked as Start's questions are: app.status says so, app.answer answers */
      self->question = g_object_ref (ADW_MESSAGE_DIALOG (dialog));
      gtk_window_present (GTK_WINDOW (dialog));
      republish_status (self);
      return TRUE;
    }

  if (self->settings)
    {
      int width, height;
      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
    }
  return GTK_WINDOW_CLASS (vol_window_parent_class)->close_request (window);
}

/* ---- history ------------------------------------------------------------ */

static void
history_open_cb (VolHistory *history,
                 const char *path,
                 VolWindow  *self)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  vol_window_open_files (self, &file, 1);
}

typedef struct
{
  VolWindow *self;
  char      *path;
  gboolean   undone;
} PendingDelete;

static void
undo_delete_cb (AdwToast      *toast,
                PendingDelete *pending)
{
  pending->undone = TRUE;
}

static void
toast_dismissed_cb (AdwToast      *toast,
                    PendingDelete *pending)
{
  if (!pending->undone)
    g_unlink (pending->path);
  vol_history_hide (pending->self->history, pending->path, FALSE);
  _vol_window_update_status (pending->self, _vol_window_running (pending->self) ? "running" : "idle");
  g_object_unref (pending->self);
  g_free (pending->path);
  g_free (pending);
}

static void
history_delete_cb (VolHistory *history,
                   const char *path,
                   VolWindow  *self)
{
  PendingDelete *pending = g_new0 (PendingDelete, 1);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *text = g_strdup_printf (_("Deleted %s"), base);
  AdwToast *toast = adw_toast_new (text);

  /* hidden now, removed when the toast goes without an undo */
  pending->self = g_object_ref (self);
  pending->path = g_strdup (path);
  vol_history_hide (self->history, path, TRUE);
  adw_toast_set_button_label (toast, _("_Undo"));
  g_signal_connect (toast, "button-clicked", G_CALLBACK (undo_delete_cb), pending);
  g_signal_connect (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), pending);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
history_compare_cb (VolHistory  *history,
                    const char **paths,
                    VolWindow   *self)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; paths && paths[i]; i++)
    g_ptr_array_add (files, g_file_new_for_path (paths[i]));
  vol_window_open_files (self, (GFile **) files->pdata, files->len);
}

static void
curves_toggled_cb (GtkToggleButton *button,
                   VolWindow       *self)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autofree char *path = NULL;

  self->compare_bars = !gtk_toggle_button_get_active (button);
  if (self->results == NULL || self->results->len < 2)
    return;
  results = g_ptr_array_ref (self->results);
  path = g_strdup (self->result_path);
  _vol_window_show_results (self, results, path);
}

static GtkWidget *
make_compare_bar (VolWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *bars = gtk_toggle_button_new_with_mnemonic (_("Mean _Bars"));

  self->curves_button = gtk_toggle_button_new_with_mnemonic (_("_Curves"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (bars), GTK_TOGGLE_BUTTON (self->curves_button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->curves_button), TRUE);
  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), self->curves_button);
  gtk_box_append (GTK_BOX (box), bars);
  g_signal_connect (self->curves_button, "toggled", G_CALLBACK (curves_toggled_cb), self);
  gtk_widget_set_visible (box, FALSE);
  return box;
}

/* ---- drag and drop ------------------------------------------------------ */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         VolWindow     *self)
{
  GSList *files = g_value_get_boxed (value);
  g_autoptr(GPtrArray) array = g_ptr_array_new ();

  for (GSList *l = files; l; l = l->next)
    g_ptr_array_add (array, l->data);
  if (array->len == 0)
    return FALSE;
  vol_window_open_files (self, (GFile **) array->pdata, array->len);
  return TRUE;
}

/* The status again, unchanged but for what the window shows. */
static void
republish_status (VolWindow *self)
{
  _vol_window_update_status (self, self->outcome ? self->outcome : "idle");
}

static void
focus_moved_cb (VolWindow  *self,
                GParamSpec *pspec,
                gpointer    data)
{
  if (self->disposed)
    return;   /* focus leaves the widgets as they go */
  self->focus_moves++;
  republish_status (self);
}

static void
run_state_changed_cb (VolWindow *self)
{
  _vol_window_update_actions (self);
  republish_status (self);
}

/* ---- preferences ---------------------------------------------------------- */

/* MB/s or MiB/s: the chart and the figures follow at once, the run's
 * live chart included, without leaving the page the user is on. */
static void
binary_units_changed_cb (GSettings  *settings,
                         const char *key,
                         VolWindow  *self)
{
  if (self->live)
    {
      live_grid_remove (self);   /* its units are fixed when made */
      live_rebuild (self);
    }
  else if (self->results)
    {
      g_autofree char *page = g_strdup (adw_view_stack_get_visible_child_name (self->view_stack));
      g_autoptr(GPtrArray) results = g_ptr_array_ref (self->results);
      g_autofree char *path = g_strdup (self->result_path);

      _vol_window_show_results (self, results, path);
      if (page)
        adw_view_stack_set_visible_child_name (self->view_stack, page);
    }
  republish_status (self);
}

/* ---- responsiveness probe ----------------------------------------------- */

static gint64
thread_cpu_us (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_THREAD, &usage) != 0)
    return 0;
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC
         + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

/* A 1 ms timeout that notes the longest gap between its runs: any longer
 * gap is the main loop stalled by something (layout, drawing, I/O). The
 * main thread's CPU time in that gap tells the app's own work from
 * waiting (for a CPU on a busy machine, for the X server). */
static gboolean
stall_probe_cb (gpointer user_data)
{
  VolWindow *self = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_us ();

  if (self->probe_last_us > 0 && now - self->probe_last_us > self->max_stall_us)
    {
      self->max_stall_us = now - self->probe_last_us;
      self->max_stall_cpu_us = cpu - self->probe_cpu_us;
    }
  self->probe_last_us = now;
  self->probe_cpu_us = cpu;
  return G_SOURCE_CONTINUE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                VolWindow     *self)
{
  gint64 start = vol_host_process_start_us ();

  if (self->first_frame_us == 0 && start > 0)
    self->first_frame_us = g_get_monotonic_time () - start;
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, self);
  _vol_window_update_status (self, _vol_window_running (self) ? "running" : "idle");
}

static void
realize_cb (GtkWidget *widget,
            VolWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock)
    g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), self);
}

/* ---- warming up --------------------------------------------------------- */

/* The first chart a process draws loads its fonts and fills the glyph
 * caches, and the run's progress texts are shaped and styled for the
 * first time: together 50–70 ms of the main thread's time here, which
 * made the start of the first run the longest stall of a session (later
 * starts cost a fifth of it). Done once off-screen while the window is
 * idle after its first frame, most of that is paid when nobody waits. */
static gboolean
warm_up_cb (gpointer data)
{
  VolWindow *self = data;
  g_autoptr(VolChart) chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
  g_autoptr(VolChartStyle) style = vol_chart_view_make_style (self->chart_view);
  VolChartSeries *series;
  cairo_surface_t *surface;
  cairo_t *cr;

  /* every kind of text a chart has: title, subtitle, axes, legend, values */
  chart->title = g_strdup (_("Fill volume"));
  chart->subtitle = g_strdup ("/ · 0123456789");
  chart->x_title = g_strdup (_("Throughput"));
  chart->y_title = g_strdup (_("Throughput"));
  chart->footer = g_strdup ("Volumeter");
  chart->x_min = 0;
  chart->x_max = 100;
  series = vol_chart_add_series (chart, _("Write"), 0);
  vol_chart_series_add (series, 10, 100);
  vol_chart_series_add (series, 90, 200);
  series->has_stats = TRUE;
  series->mean = 150;
  series->stddev = 10;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 440);
  cr = cairo_create (surface);
  vol_chart_render (chart, style, cr, 800, 440);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* the progress row, measured with text like a run's (it is hidden) */
  if (!_vol_window_running (self))
    {
      GtkWidget *labels[] = { GTK_WIDGET (self->phase_label), GTK_WIDGET (self->rate_label),
                              GTK_WIDGET (self->eta_label), GTK_WIDGET (self->progress_bar) };
      int min, nat;

      gtk_label_set_text (self->phase_label, _("Starting…"));
      gtk_label_set_text (self->rate_label, "0123456789.5 MB/s");
      gtk_label_set_text (self->eta_label, "0:00");
      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        gtk_widget_measure (labels[i], GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      gtk_label_set_text (self->phase_label, "");
      gtk_label_set_text (self->rate_label, "");
      gtk_label_set_text (self->eta_label, "");
    }
  return G_SOURCE_REMOVE;
}

static void
first_paint_cb (GdkFrameClock *clock,
                VolWindow     *self)
{
  g_signal_handlers_disconnect_by_func (clock, first_paint_cb, self);
  g_idle_add_full (G_PRIORITY_LOW, warm_up_cb, g_object_ref (self), g_object_unref);
}

static void
warm_up_realize_cb (GtkWidget *widget,
                    VolWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (clock)
    g_signal_connect (clock, "after-paint", G_CALLBACK (first_paint_cb), self);
}

/* ---- life cycle --------------------------------------------------------- */

static void
vol_window_constructed (GObject *object)
{
  VolWindow *self = VOL_WINDOW (object);
  g_autofree char *dir = vol_application_results_dir ();
  GtkDropTarget *drop;

  G_OBJECT_CLASS (vol_window_parent_class)->constructed (object);

  self->settings = get_app (self) ? g_object_ref (vol_application_get_settings (get_app (self))) : NULL;
  if (self->settings)
    {
      gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }

  if (self->settings)
    g_signal_connect_object (self->settings, "changed::binary-units", G_CALLBACK (binary_units_changed_cb),
                             self, 0);

  self->config = VOL_CONFIG_PANE (vol_config_pane_new (self->settings));
  gtk_box_append (self->config_box, GTK_WIDGET (self->config));
  g_signal_connect_swapped (self->config, "notify::valid", G_CALLBACK (_vol_window_update_actions), self);
  g_signal_connect_swapped (self->config, "target-settled", G_CALLBACK (target_settled_cb), self);
  /* a person's typing shows in app.status as a script's does */
  g_signal_connect_swapped (self->config, "changed", G_CALLBACK (republish_status), self);

  self->chart_view = VOL_CHART_VIEW (vol_chart_view_new ());
  gtk_box_append (self->chart_box, GTK_WIDGET (self->chart_view));
  self->result_view = VOL_RESULT_VIEW (vol_result_view_new ());
  gtk_box_append (self->summary_box, GTK_WIDGET (self->result_view));
  self->history = VOL_HISTORY (vol_history_new (dir));
  gtk_box_append (self->history_box, GTK_WIDGET (self->history));
  g_signal_connect (self->history, "open", G_CALLBACK (history_open_cb), self);
  g_signal_connect (self->history, "delete", G_CALLBACK (history_delete_cb), self);
  g_signal_connect (self->history, "compare", G_CALLBACK (history_compare_cb), self);
  self->compare_bar = make_compare_bar (self);
  gtk_box_insert_child_after (self->result_box, self->compare_bar, GTK_WIDGET (self->progress_revealer));
  /* where the chart is, shown instead of it while a remote run goes */
  self->remote_view = VOL_REMOTE_PROGRESS_VIEW (vol_remote_progress_view_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->remote_view), FALSE);
  gtk_box_insert_child_after (self->result_box, GTK_WIDGET (self->remote_view), GTK_WIDGET (self->chart_box));

  self->run = vol_run_controller_new ();
  g_signal_connect (vol_run_controller_get_runner (self->run), "progress", G_CALLBACK (progress_cb), self);
  /* the buttons, the actions and app.status follow the run's state */
  g_signal_connect_swapped (self->run, "notify::state", G_CALLBACK (run_state_changed_cb), self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  /* a script sees the page and the switcher change, as a user does */
  g_signal_connect_swapped (self->view_stack, "notify::visible-child", G_CALLBACK (republish_status), self);
  g_signal_connect_swapped (self->switcher_bar, "notify::reveal", G_CALLBACK (republish_status), self);
  g_signal_connect_swapped (self->switcher_bar, "map", G_CALLBACK (republish_status), self);
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (focus_moved_cb), NULL);

  _vol_window_add_actions (self);
  _vol_window_update_actions (self);
  _vol_window_update_status (self, "idle");

  g_signal_connect (self, "realize", G_CALLBACK (warm_up_realize_cb), self);
  if (g_strcmp0 (g_getenv ("VOLUMETER_MEASURE_STALLS"), "1") == 0)
    {
      g_signal_connect (self, "realize", G_CALLBACK (realize_cb), self);
      g_timeout_add_full (G_PRIORITY_DEFAULT, 1, stall_probe_cb, g_object_ref (self), g_object_unref);
    }
}

static void
vol_window_dispose (GObject *object)
{
  VolWindow *self = VOL_WINDOW (object);

  self->disposed = TRUE;
  if (self->run)
    {
      g_signal_handlers_disconnect_by_data (vol_run_controller_get_runner (self->run), self);
      g_signal_handlers_disconnect_by_data (self->run, self);
    }
  /* stops a run still going: its worker removes the files */
  g_clear_object (&self->run);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->chart, vol_chart_unref);
  g_clear_pointer (&self->start_when_settled, g_free);
  g_clear_handle_id (&self->start_runner_id, g_source_remove);
  g_clear_pointer (&self->pending_spec, vol_test_spec_unref);
  g_clear_pointer (&self->pending_hosts, g_ptr_array_unref);
  g_clear_handle_id (&self->live_rebuild_id, g_source_remove);
  g_clear_pointer (&self->live, vol_live_chart_free);
  g_clear_pointer (&self->speed_text, g_free);
  g_clear_pointer (&self->result_path, g_free);
  g_clear_pointer (&self->status_phase, g_free);
  g_clear_pointer (&self->last_error, g_free);
  g_clear_object (&self->question);
  g_clear_pointer (&self->outcome, g_free);
  g_clear_pointer (&self->final_state, g_free);
  G_OBJECT_CLASS (vol_window_parent_class)->dispose (object);
}

static void
vol_window_class_init (VolWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = vol_window_constructed;
  object_class->dispose = vol_window_dispose;
  window_class->close_request = vol_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/volumeter/Volumeter/vol-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VolWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, result_stack);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, config_box);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, chart_box);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, result_box);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, summary_box);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, phase_label);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, rate_label);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, eta_label);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, start_button);
  gtk_widget_class_bind_template_child (widget_class, VolWindow, stop_button);
}

static void
vol_window_init (VolWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
