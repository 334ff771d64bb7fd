/* vol-remote-progress-view.c — one row per host of a remote run
 *
 * Shown where a local run's live chart is. A host's row changes only when
 * its state does (a few times a run); the line over the rows, the time,
 * changes with the engine's tick (5 times a second), so the rows are never
 * rebuilt while the run goes.
 */

#include "vol-remote-progress-view.h"

#include <glib/gi18n.h>

#include "vol-fio-hosts.h"

typedef struct
{
  char               *name;
  VolRemoteHostState  state;
  char               *message;
  AdwActionRow       *row;
  GtkWidget          *icon;     /* a spinner while it connects or runs, else an image */
  gboolean            stopped;  /* the user's Stop: not the host's failure */
} HostRow;

struct _VolRemoteProgressView
{
  GtkBox               parent_instance;

  AdwPreferencesGroup *group;
  GArray              *hosts;   /* of HostRow, in the run's order */
  double               elapsed;
  double               planned;
};

G_DEFINE_FINAL_TYPE (VolRemoteProgressView, vol_remote_progress_view, GTK_TYPE_BOX)

static void
host_row_clear (gpointer data)
{
  HostRow *h = data;

  g_free (h->name);
  g_free (h->message);
}

/**
 * vol_remote_progress_view_state_name:
 *
 * The state as app.status names it, untranslated: "connecting",
 * "running", "done", "failed".
 */
const char *
vol_remote_progress_view_state_name (VolRemoteHostState state)
{
  switch (state)
    {
    case VOL_REMOTE_HOST_CONNECTING:
      return "connecting";
    case VOL_REMOTE_HOST_RUNNING:
      return "running";
    case VOL_REMOTE_HOST_DONE:
      return "done";
    case VOL_REMOTE_HOST_FAILED:
    default:
      return "failed";
    }
}

static void
show_host (HostRow *h)
{
  GtkWidget *icon;
  g_autofree char *text = NULL;

  if (h->stopped)
    {
      adw_action_row_set_subtitle (h->row, _("Stopped"));
      gtk_widget_remove_css_class (GTK_WIDGET (h->row), "error");
      if (h->icon)
        adw_action_row_remove (h->row, h->icon);
      h->icon = gtk_image_new_from_icon_name ("media-playback-stop-symbolic");
      adw_action_row_add_prefix (h->row, h->icon);
      return;
    }
  switch (h->state)
    {
    case VOL_REMOTE_HOST_CONNECTING:
      text = g_strdup (_("Connecting…"));
      break;
    case VOL_REMOTE_HOST_RUNNING:
      text = g_strdup (_("Running"));
      break;
    case VOL_REMOTE_HOST_DONE:
      text = g_strdup (_("Done"));
      break;
    case VOL_REMOTE_HOST_FAILED:
    default:
      /* TRANSLATORS: a host of a remote run, and why it failed */
      text = h->message ? g_strdup_printf (_("Failed: %s"), h->message) : g_strdup (_("Failed"));
      break;
    }
  adw_action_row_set_subtitle (h->row, text);

  if (h->state == VOL_REMOTE_HOST_FAILED)
    gtk_widget_add_css_class (GTK_WIDGET (h->row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (h->row), "error");

  if (h->state == VOL_REMOTE_HOST_CONNECTING || h->state == VOL_REMOTE_HOST_RUNNING)
    {
      if (GTK_IS_SPINNER (h->icon))
        return;
      icon = gtk_spinner_new ();
      gtk_spinner_start (GTK_SPINNER (icon));
    }
  else
    icon = gtk_image_new_from_icon_name (h->state == VOL_REMOTE_HOST_DONE ? "emblem-ok-symbolic"
                                                                          : "dialog-error-symbolic");
  if (h->icon)
    adw_action_row_remove (h->row, h->icon);
  h->icon = icon;
  adw_action_row_add_prefix (h->row, icon);
}

/* "3 hosts · 12 s of about 60 s" over the rows */
static void
show_time (VolRemoteProgressView *self)
{
  guint n = self->hosts->len, failed = 0;
  g_autofree char *hosts = NULL;
  g_autofree char *time = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < n; i++)
    {
      const HostRow *h = &g_array_index (self->hosts, HostRow, i);
      failed += h->state == VOL_REMOTE_HOST_FAILED;
    }
  if (failed > 0)
    /* TRANSLATORS: "3 hosts, 1 failed" */
    hosts = g_strdup_printf (ngettext ("%u host, %u failed", "%u hosts, %u failed", n), n, failed);
  else
    hosts = g_strdup_printf (ngettext ("%u host", "%u hosts", n), n);
  if (self->elapsed <= 0)
    time = g_strdup (_("fio has not started yet"));
  else if (self->planned > 0)
    /* TRANSLATORS: the run's time so far and the time its timed parts take */
    time = g_strdup_printf (_("%.0f s of about %.0f s"), self->elapsed, self->planned);
  else
    time = g_strdup_printf (_("%.0f s"), self->elapsed);
  text = g_strdup_printf ("%s · %s", hosts, time);
  adw_preferences_group_set_description (self->group, text);
}

/**
 * vol_remote_progress_view_reset:
 * @hosts: (element-type VolFioHost): the run's hosts, in its order
 *
 * A row per host, each connecting, for a run about to start.
 */
void
vol_remote_progress_view_reset (VolRemoteProgressView *self,
                                GPtrArray             *hosts)
{
  g_return_if_fail (VOL_IS_REMOTE_PROGRESS_VIEW (self));

  for (guint i = 0; i < self->hosts->len; i++)
    adw_preferences_group_remove (self->group, GTK_WIDGET (g_array_index (self->hosts, HostRow, i).row));
  g_array_set_size (self->hosts, 0);
  self->elapsed = 0;
  self->planned = 0;
  for (guint i = 0; hosts != NULL && i < hosts->len; i++)
    {
      HostRow h = { vol_fio_host_to_string (g_ptr_array_index (hosts, i)), VOL_REMOTE_HOST_CONNECTING, NULL,
                    ADW_ACTION_ROW (adw_action_row_new ()), NULL };

      /* a host's name and fio's messages are not markup */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (h.row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (h.row), h.name);
      adw_action_row_set_subtitle_lines (h.row, 4);
      show_host (&h);
      adw_preferences_group_add (self->group, GTK_WIDGET (h.row));
      g_array_append_val (self->hosts, h);
    }
  show_time (self);
}

/**
 * vol_remote_progress_view_update:
 *
 * One report of the engine's (vol_remote_run()'s progress): a host's new
 * state, or (host G_MAXUINT) the run's time.
 */
void
vol_remote_progress_view_update (VolRemoteProgressView   *self,
                                 const VolRemoteProgress *progress)
{
  g_return_if_fail (VOL_IS_REMOTE_PROGRESS_VIEW (self));

  self->elapsed = progress->elapsed;
  self->planned = progress->planned;
  if (progress->host < self->hosts->len)
    {
      HostRow *h = &g_array_index (self->hosts, HostRow, progress->host);

      if (h->state != progress->state || g_strcmp0 (h->message, progress->message) != 0)
        {
          h->state = progress->state;
          g_free (h->message);
          h->message = g_strdup (progress->message);
          show_host (h);
        }
    }
  show_time (self);
}

/**
 * vol_remote_progress_view_set_stopped:
 *
 * The host's job was stopped by the user (its result is cancelled): it
 * says so, not that the host failed.
 */
void
vol_remote_progress_view_set_stopped (VolRemoteProgressView *self,
                                      guint                  index)
{
  HostRow *h;

  g_return_if_fail (VOL_IS_REMOTE_PROGRESS_VIEW (self));

  if (index >= self->hosts->len)
    return;
  h = &g_array_index (self->hosts, HostRow, index);
  h->stopped = TRUE;
  show_host (h);
}

guint
vol_remote_progress_view_get_n_hosts (VolRemoteProgressView *self)
{
  g_return_val_if_fail (VOL_IS_REMOTE_PROGRESS_VIEW (self), 0);

  return self->hosts->len;
}

/**
 * vol_remote_progress_view_get_host:
 *
 * A row's host, state and message (%NULL unless it failed), and whether
 * the user stopped it, as shown.
 */
gboolean
vol_remote_progress_view_get_host (VolRemoteProgressView  *self,
                                   guint                   index,
                                   const char            **name,
                                   VolRemoteHostState     *state,
                                   const char            **message,
                                   gboolean               *stopped)
{
  const HostRow *h;

  g_return_val_if_fail (VOL_IS_REMOTE_PROGRESS_VIEW (self), FALSE);

  if (index >= self->hosts->len)
    return FALSE;
  h = &g_array_index (self->hosts, HostRow, index);
  *name = h->name;
  *state = h->state;
  *message = h->stopped ? NULL : h->message;
  *stopped = h->stopped;
  return TRUE;
}

GtkWidget *
vol_remote_progress_view_new (void)
{
  return g_object_new (VOL_TYPE_REMOTE_PROGRESS_VIEW, NULL);
}

static void
vol_remote_progress_view_finalize (GObject *object)
{
  VolRemoteProgressView *self = VOL_REMOTE_PROGRESS_VIEW (object);

  g_clear_pointer (&self->hosts, g_array_unref);
  G_OBJECT_CLASS (vol_remote_progress_view_parent_class)->finalize (object);
}

static void
vol_remote_progress_view_class_init (VolRemoteProgressViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = vol_remote_progress_view_finalize;
}

static void
vol_remote_progress_view_init (VolRemoteProgressView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->hosts = g_array_new (FALSE, TRUE, sizeof (HostRow));
  g_array_set_clear_func (self->hosts, host_row_clear);
  self->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->group, _("Hosts"));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->group));
}
