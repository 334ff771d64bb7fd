/* vol-run-controller.c — one run of the window, from Start to saved result
 *
 * The run's state was implicit in which of the window's fields were set
 * (a cancellable meant "running", strings in object data said how the
 * last one ended); here it is one property, changed only by the calls
 * below, so the window's buttons, actions and app.status follow it. See
 * vol-run-controller.h for the states and their order.
 */

#include "vol-run-controller.h"

#include <errno.h>

#include <glib/gi18n.h>

#include "vol-application.h"

struct _VolRunController
{
  GObject       parent_instance;

  VolRunState   state;
  VolRunner    *runner;
  GCancellable *cancellable;     /* of the run in progress, NULL otherwise */
  GtkApplication *inhibited;     /* the application holding the cookie (ref'd) */
  guint         inhibit_cookie;
  guint         saves_pending;   /* autosaves still on their worker */
};

G_DEFINE_FINAL_TYPE (VolRunController, vol_run_controller, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (VolRunState, vol_run_state,
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_PROBING, "probing"),
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_STARTING, "starting"),
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_RUNNING, "running"),
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_STOPPING, "stopping"),
                    G_DEFINE_ENUM_VALUE (VOL_RUN_STATE_SAVING, "saving"))

enum
{
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

VolRunController *
vol_run_controller_new (void)
{
  return g_object_new (VOL_TYPE_RUN_CONTROLLER, NULL);
}

static void
set_state (VolRunController *self,
           VolRunState       state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Where the controller rests when no run holds it: saving while a
 * result's file is still being written, else idle. */
static VolRunState
rest_state (VolRunController *self)
{
  return self->saves_pending > 0 ? VOL_RUN_STATE_SAVING : VOL_RUN_STATE_IDLE;
}

VolRunState
vol_run_controller_get_state (VolRunController *self)
{
  g_return_val_if_fail (VOL_IS_RUN_CONTROLLER (self), VOL_RUN_STATE_IDLE);
  return self->state;
}

/* The state's name ("idle", "running", …), as app.status shows it. */
const char *
vol_run_state_to_string (VolRunState state)
{
  GEnumClass *klass = g_type_class_ref (VOL_TYPE_RUN_STATE);
  GEnumValue *value = g_enum_get_value (klass, state);

  g_type_class_unref (klass);   /* static type: its class stays */
  return value ? value->value_nick : "idle";
}

/**
 * vol_run_controller_is_active:
 *
 * Whether a run holds the controller (starting, running or stopping):
 * Start is off, Stop is on, closing the window asks first.
 */
gboolean
vol_run_controller_is_active (VolRunController *self)
{
  g_return_val_if_fail (VOL_IS_RUN_CONTROLLER (self), FALSE);
  return self->state == VOL_RUN_STATE_STARTING || self->state == VOL_RUN_STATE_RUNNING
         || self->state == VOL_RUN_STATE_STOPPING;
}

VolRunner *
vol_run_controller_get_runner (VolRunController *self)
{
  g_return_val_if_fail (VOL_IS_RUN_CONTROLLER (self), NULL);
  return self->runner;
}

/* The cancellable of the active run, NULL when none is. */
GCancellable *
vol_run_controller_get_cancellable (VolRunController *self)
{
  g_return_val_if_fail (VOL_IS_RUN_CONTROLLER (self), NULL);
  return self->cancellable;
}

/**
 * vol_run_controller_wait_for_probe:
 * @waiting: TRUE when a Start waits for its target's probe to answer,
 *   FALSE when the wait is over (it starts, or was dropped)
 */
void
vol_run_controller_wait_for_probe (VolRunController *self,
                                   gboolean          waiting)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  if (vol_run_controller_is_active (self))
    return;
  set_state (self, waiting ? VOL_RUN_STATE_PROBING : rest_state (self));
}

/**
 * vol_run_controller_begin:
 * @window: (nullable): the window the run belongs to: the session is
 *   kept from suspending for it
 *
 * A run starts (its page is being laid out; the runner comes next): a
 * new cancellable, and the machine kept awake, since a machine that
 * sleeps mid-run spoils the run.
 */
void
vol_run_controller_begin (VolRunController *self,
                          GtkWindow        *window)
{
  GtkApplication *app = window ? gtk_window_get_application (window) : NULL;

  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  g_return_if_fail (!vol_run_controller_is_active (self));

  self->cancellable = g_cancellable_new ();
  if (app)
    {
      self->inhibited = g_object_ref (app);
      self->inhibit_cookie = gtk_application_inhibit (app, window, GTK_APPLICATION_INHIBIT_SUSPEND,
                                                      _("A disk benchmark is running"));
    }
  set_state (self, VOL_RUN_STATE_STARTING);
}

/**
 * vol_run_controller_running:
 *
 * The run's driver has started (the local runner, or a remote run's
 * task, vol-window-remote.c).
 */
void
vol_run_controller_running (VolRunController *self)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  if (self->state == VOL_RUN_STATE_STARTING)
    set_state (self, VOL_RUN_STATE_RUNNING);
}

/**
 * vol_run_controller_run_async:
 *
 * Runs @spec here with the controller's runner and cancellable (after
 * vol_run_controller_begin()); @callback gets the result through
 * vol_runner_run_finish() on its source, the runner.
 */
void
vol_run_controller_run_async (VolRunController    *self,
                              VolTestSpec         *spec,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  g_return_if_fail (self->cancellable != NULL);

  vol_run_controller_running (self);
  vol_runner_run_async (self->runner, spec, self->cancellable, callback, user_data);
}

/**
 * vol_run_controller_run_remote_async:
 * @hosts: (element-type VolFioHost): at least one
 *
 * Runs @spec on @hosts with the same runner (its fio backend) and
 * cancellable; their reports come through the runner's "progress" with
 * VolProgress.host set, and @callback gets the results through
 * vol_runner_run_remote_finish() on its source, the runner.
 */
void
vol_run_controller_run_remote_async (VolRunController    *self,
                                     VolTestSpec         *spec,
                                     GPtrArray           *hosts,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  g_return_if_fail (self->cancellable != NULL);

  vol_run_controller_running (self);
  vol_runner_run_remote_async (self->runner, spec, hosts, NULL, self->cancellable, callback, user_data);
}

/**
 * vol_run_controller_stop:
 *
 * Stops the active run: the worker sees it before its next transfer,
 * removes its files, and the partial result comes as any other.
 *
 * Returns: TRUE if a run was asked to stop
 */
gboolean
vol_run_controller_stop (VolRunController *self)
{
  g_return_val_if_fail (VOL_IS_RUN_CONTROLLER (self), FALSE);
  if (!vol_run_controller_is_active (self))
    return FALSE;
  g_cancellable_cancel (self->cancellable);
  set_state (self, VOL_RUN_STATE_STOPPING);
  return TRUE;
}

/**
 * vol_run_controller_end:
 * @saving: a result is being saved (vol_run_controller_save_async(), or
 *   a remote run's own save, ended by vol_run_controller_saved())
 *
 * The run's driver has returned: the machine may sleep again, and a new
 * run may start.
 */
void
vol_run_controller_end (VolRunController *self,
                        gboolean          saving)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));

  if (self->inhibit_cookie && self->inhibited)
    gtk_application_uninhibit (self->inhibited, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->inhibited);
  g_clear_object (&self->cancellable);
  if (saving)
    self->saves_pending++;
  set_state (self, rest_state (self));
}

/* The end of one save the controller counted (vol_run_controller_end()
 * with @saving): idle once every save is done, unless a new run holds the
 * controller meanwhile. */
void
vol_run_controller_saved (VolRunController *self)
{
  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  g_return_if_fail (self->saves_pending > 0);

  self->saves_pending--;
  if (self->state == VOL_RUN_STATE_SAVING)
    set_state (self, rest_state (self));
}

/**
 * vol_run_controller_autosave:
 *
 * Any thread: @result's new file in the results folder, never over
 * another (two windows, or a run and a host's result, in one second).
 *
 * Returns: (transfer full): the path written, or NULL with @error set
 */
char *
vol_run_controller_autosave (VolResult  *result,
                             GError    **error)
{
  g_autofree char *dir = vol_application_results_dir ();
  g_autofree char *stem = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot create %s: %s"), dir, g_strerror (saved));
      return NULL;
    }
  stem = vol_result_file_stem (result, vol_result_get_remote_host (result));
  return vol_result_save_unique (result, dir, stem, error);
}

/* The fsync'd write takes from milliseconds to seconds (a busy or slow
 * disk): on a worker, never in the main loop. */
static void
autosave_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  char *path = vol_run_controller_autosave (task_data, &error);

  if (path)
    g_task_return_pointer (task, path, g_free);
  else
    g_task_return_error (task, error);
}

/**
 * vol_run_controller_save_async:
 *
 * Saves the result of the run just ended (vol_run_controller_end() with
 * @saving) on a worker; vol_run_controller_save_finish() gives its path
 * and ends the saving state.
 */
void
vol_run_controller_save_async (VolRunController    *self,
                               VolResult           *result,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (VOL_IS_RUN_CONTROLLER (self));
  g_return_if_fail (self->saves_pending > 0);

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, vol_run_controller_save_async);
  g_task_set_task_data (task, vol_result_ref (result), (GDestroyNotify) vol_result_unref);
  g_task_run_in_thread (task, autosave_thread);
}

/* Returns: (transfer full): the path of the saved result, or NULL */
char *
vol_run_controller_save_finish (VolRunController  *self,
                                GAsyncResult      *result,
                                GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  vol_run_controller_saved (self);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
vol_run_controller_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  VolRunController *self = VOL_RUN_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vol_run_controller_dispose (GObject *object)
{
  VolRunController *self = VOL_RUN_CONTROLLER (object);

  /* a window that goes stops its run: the worker removes its files */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  if (self->inhibit_cookie && self->inhibited)
    gtk_application_uninhibit (self->inhibited, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->inhibited);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->runner);
  G_OBJECT_CLASS (vol_run_controller_parent_class)->dispose (object);
}

static void
vol_run_controller_class_init (VolRunControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = vol_run_controller_get_property;
  object_class->dispose = vol_run_controller_dispose;

  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, VOL_TYPE_RUN_STATE, VOL_RUN_STATE_IDLE,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
vol_run_controller_init (VolRunController *self)
{
  self->runner = vol_runner_new ();
}
