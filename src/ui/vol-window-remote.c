/* vol-window-remote.c — a test on remote hosts, from Start to the comparison
 *
 * The run controller's runner runs it (its remote backend, on its worker,
 * with the controller's cancellable: Stop, closing the window), and each
 * host's report comes through the runner's "progress" as a local run's
 * progress does (vol-window.c hands it to _vol_window_remote_progress()).
 *
 * At the end every result, the failed hosts' too, is saved as a local
 * run's is (vol_run_controller_autosave(), so History lists them), and the hosts'
 * complete results are shown as a comparison (_vol_window_show_results()).
 */

#include "vol-window-private.h"

#include <glib/gi18n.h>

#include "vol-remote.h"
#include "vol-size.h"

/* ---- progress, from the runner ---------------------------------------------- */

/* The progress row over the hosts: fio's client reports no figures until
 * the job ends, so the time is what moves. */
static void
show_run_progress (VolWindow               *self,
                   const VolRemoteProgress *p)
{
  guint n = vol_remote_progress_view_get_n_hosts (self->remote_view);
  g_autofree char *phase = NULL;
  g_autofree char *eta_text = NULL;
  double fraction = 0;

  if (vol_run_controller_get_state (self->run) == VOL_RUN_STATE_STOPPING)
    return;   /* "Stopping…" stays until fio has stopped the hosts' jobs */
  if (p->elapsed <= 0)
    phase = g_strdup (_("Connecting to the hosts…"));
  else
    phase = g_strdup_printf (ngettext ("fio running on %u host", "fio running on %u hosts", n), n);
  if (p->planned > 0)
    {
      fraction = MIN (p->elapsed / p->planned, 1.0);
      if (p->elapsed < p->planned)
        {
          g_autofree char *left = vol_duration_format (p->planned - p->elapsed);
          eta_text = g_strdup_printf (_("%s left"), left);
        }
      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
    }
  else if (p->elapsed > 0)
    {
      /* a job bound by bytes: no end to reckon, only that it goes */
      gtk_progress_bar_set_text (self->progress_bar, "");
      gtk_progress_bar_pulse (self->progress_bar);
    }
  gtk_label_set_text (self->phase_label, phase);
  gtk_label_set_text (self->eta_label, eta_text ? eta_text : "");
  g_free (self->status_phase);
  self->status_phase = g_steal_pointer (&phase);
  self->status_fraction = fraction;
}

/**
 * _vol_window_remote_progress:
 *
 * One host's report (or the run's, host G_MAXUINT), from the runner's
 * "progress" on the main thread; the runner delivers every report before
 * the run's end, so none belongs to an ended run.
 */
void
_vol_window_remote_progress (VolWindow               *self,
                             const VolRemoteProgress *p)
{
  if (self->disposed || !_vol_window_running (self))
    return;
  vol_remote_progress_view_update (self->remote_view, p);
  show_run_progress (self, p);
  _vol_window_update_status (self, "running");
}

/* ---- saving ------------------------------------------------------------------ */

typedef struct
{
  GPtrArray *results;   /* of VolResult, all the run gave */
  GPtrArray *paths;     /* of char*, in the same order; NULL where it was not saved */
  char      *error;     /* the first failure to save */
  char      *final_state;
} SaveJob;

static void
save_job_free (gpointer data)
{
  SaveJob *job = data;

  g_ptr_array_unref (job->results);
  g_ptr_array_unref (job->paths);
  g_free (job->error);
  g_free (job->final_state);
  g_free (job);
}

/* Each result as a local run's, in the results folder, on a worker: a
 * slow disk times a few hundred hosts must not stall the window. */
static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveJob *job = task_data;

  for (guint i = 0; i < job->results->len; i++)
    {
      g_autoptr(GError) error = NULL;
      char *path = vol_run_controller_autosave (g_ptr_array_index (job->results, i), &error);

      if (path == NULL && job->error == NULL)
        job->error = g_strdup (error->message);
      g_ptr_array_add (job->paths, path);
    }
  g_task_return_boolean (task, TRUE);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *res,
          gpointer      user_data)
{
  VolWindow *self = VOL_WINDOW (source);
  SaveJob *job = g_task_get_task_data (G_TASK (res));
  const char *first = NULL;
  guint saved = 0;

  for (guint i = 0; i < job->paths->len; i++)
    if (g_ptr_array_index (job->paths, i) != NULL)
      {
        first = first ? first : g_ptr_array_index (job->paths, i);
        saved++;
      }
  if (self->run)
    vol_run_controller_saved (self->run);
  if (job->error != NULL)
    _vol_window_error_dialog (self, _("The Results Could Not Be Saved"), job->error);
  if (self->close_when_done)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (self->disposed)
    return;
  for (guint i = 0; i < job->results->len; i++)
    _vol_window_note_saved (self, g_ptr_array_index (job->results, i), g_ptr_array_index (job->paths, i));
  vol_history_reload (self->history);
  if (first != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (first);
      g_autofree char *text = g_strdup_printf (ngettext ("%u result saved in %s", "%u results saved in %s", saved),
                                               saved, dir);
      _vol_window_file_toast (self, text, first, TRUE);
    }
  _vol_window_publish_end (self, job->final_state);
}

/* ---- the end --------------------------------------------------------------- */

/* "db3:8765: cannot connect …", one paragraph per host that failed */
static char *
failures_text (GPtrArray *results)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < results->len; i++)
    {
      const VolResult *result = g_ptr_array_index (results, i);
      const char *host = vol_result_get_remote_host (result);

      if (result->status == VOL_RESULT_STATUS_COMPLETE || vol_remote_result_is_aggregate (result))
        continue;
      if (text->len > 0)
        g_string_append (text, "\n\n");
      g_string_append_printf (text, "%s: %s", host ? host : "?", result->message ? result->message : _("Failed"));
    }
  return g_string_free (text, FALSE);
}

static void
failures_clicked_cb (AdwToast   *toast,
                     const char *text)
{
  VolWindow *self = g_object_get_data (G_OBJECT (toast), "vol-window");
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Hosts That Failed"), text);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The hosts' rows as the results say, whatever reports were dropped. */
static void
show_final_states (VolWindow *self,
                   GPtrArray *results)
{
  for (guint i = 0; i < results->len && i < vol_remote_progress_view_get_n_hosts (self->remote_view); i++)
    {
      const VolResult *result = g_ptr_array_index (results, i);
      const char *name, *message;
      VolRemoteHostState state;
      gboolean stopped;
      VolRemoteProgress p = { 0 };

      vol_remote_progress_view_get_host (self->remote_view, i, &name, &state, &message, &stopped);
      if (result->status == VOL_RESULT_STATUS_CANCELLED)
        {
          vol_remote_progress_view_set_stopped (self->remote_view, i);
          continue;
        }
      p.host = i;
      p.name = name;
      p.state = result->status == VOL_RESULT_STATUS_COMPLETE ? VOL_REMOTE_HOST_DONE : VOL_REMOTE_HOST_FAILED;
      p.message = result->status == VOL_RESULT_STATUS_COMPLETE ? NULL : result->message;
      vol_remote_progress_view_update (self->remote_view, &p);
    }
}

static void
remote_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  g_autoptr(VolWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n_failed = 0;
  g_autoptr(GPtrArray) results = vol_runner_run_remote_finish (VOL_RUNNER (source), res, &n_failed, &error);
  guint n_hosts;
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GTask) task = NULL;
  gboolean cancelled;
  const char *first_problem = NULL;
  SaveJob *job;

  if (self->disposed)
    return;   /* the window went: its controller stopped the run */
  cancelled = vol_run_controller_get_state (self->run) == VOL_RUN_STATE_STOPPING;
  n_hosts = vol_remote_progress_view_get_n_hosts (self->remote_view);
  _vol_window_end_run (self, results != NULL);

  if (results == NULL)
    {
      /* nothing was sent: fio is missing here, the job could not be written */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _vol_window_error_dialog (self, _("The Test Could Not Start"), error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->remote_view), FALSE);
      gtk_stack_set_visible_child_name (self->result_stack, self->results ? "result" : "empty");
      _vol_window_update_status (self, "error");
      if (self->close_when_done)
        gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  show_final_states (self, results);
  for (guint i = 0; i < results->len; i++)
    {
      VolResult *result = g_ptr_array_index (results, i);

      /* a stopped run shows what the hosts had done, as a local one does */
      if (result->status == VOL_RESULT_STATUS_COMPLETE
          || (result->status == VOL_RESULT_STATUS_CANCELLED && result->summaries->len > 0))
        {
          /* All clients of one host that finished is that host again */
          if (vol_remote_result_is_aggregate (result) && shown->len < 2)
            continue;
          g_ptr_array_add (shown, vol_result_ref (result));
        }
      else if (first_problem == NULL && result->message != NULL && result->status == VOL_RESULT_STATUS_FAILED)
        first_problem = result->message;
    }

  if (!self->close_when_done)
    {
      if (shown->len > 0)
        {
          /* the hosts side by side (and All clients), as History's Compare shows them */
          gtk_widget_set_visible (GTK_WIDGET (self->remote_view), FALSE);
          _vol_window_show_results (self, shown, NULL);
        }
      else
        {
          /* no figures: the hosts' rows stay, each saying why */
          gtk_label_set_text (self->phase_label, "");
          gtk_stack_set_visible_child_name (self->result_stack, "result");
          if (!cancelled)
            _vol_window_error_dialog (self, _("The Run Failed on Every Host"),
                                      first_problem ? first_problem : _("No host gave a result"));
        }
      if (n_failed > 0 && shown->len > 0 && !cancelled)
        {
          /* TRANSLATORS: "2 of 5 hosts failed: cannot connect to db3:8765: Connection refused" */
          g_autofree char *text = g_strdup_printf (ngettext ("%u of %u host failed: %s", "%u of %u hosts failed: %s",
                                                             n_hosts),
                                                   n_failed, n_hosts,
                                                   first_problem ? first_problem : "");
          g_autofree char *markup = g_markup_escape_text (text, -1);
          AdwToast *toast = adw_toast_new (markup);

          /* the toast has room for the first reason; the dialog for every host's */
          adw_toast_set_timeout (toast, 10);
          adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
          adw_toast_set_button_label (toast, _("_Details"));
          g_signal_connect_data (toast, "button-clicked", G_CALLBACK (failures_clicked_cb),
                                 failures_text (results), (GClosureNotify) (void (*) (void)) g_free, 0);
          g_object_set_data_full (G_OBJECT (toast), "vol-window", g_object_ref (self), g_object_unref);
          adw_toast_overlay_add_toast (self->toasts, toast);
          g_free (self->last_error);
          self->last_error = g_steal_pointer (&text);
        }
    }

  job = g_new0 (SaveJob, 1);
  job->results = g_ptr_array_ref (results);
  job->paths = g_ptr_array_new_with_free_func (g_free);
  job->final_state = g_strdup (cancelled ? "cancelled" : shown->len == 0 ? "failed" : "complete");
  task = g_task_new (self, NULL, saved_cb, NULL);
  g_task_set_source_tag (task, remote_done_cb);
  g_task_set_task_data (task, job, save_job_free);
  g_task_run_in_thread (task, save_thread);
}

/**
 * _vol_window_remote_run:
 * @hosts: (element-type VolFioHost): at least one
 *
 * Starts @spec on @hosts, the window already showing a run (begin_run()
 * in vol-window.c began the controller's run and made the hosts' rows).
 */
void
_vol_window_remote_run (VolWindow   *self,
                        VolTestSpec *spec,
                        GPtrArray   *hosts)
{
  vol_run_controller_run_remote_async (self->run, spec, hosts, remote_done_cb, g_object_ref (self));
}
