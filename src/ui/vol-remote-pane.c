/* vol-remote-pane.c — the hosts, port and folder of a remote run
 *
 * The host list is parsed by the same function as the command line's
 * --hosts (vol_fio_hosts_parse()), so the window refuses exactly what
 * volumeter-cli refuses: a host named twice (fio would run the job on it
 * twice at once), anything that is not a host name or an IP address.
 *
 * fio's server runs whatever job it is sent and has no authentication
 * (docs/hosts.md, "Security first"): the pane says so in one line, and
 * offers the exact job before anything is sent.
 */

#include "vol-remote-pane.h"

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-fio-hosts.h"

/* docs are not installed: the security notes are read where they are kept */
#define HOSTS_DOC_URL "https://github.com/volumeter/volumeter/blob/main/docs/hosts.md"

struct _VolRemotePane
{
  GtkBox         parent_instance;

  AdwEntryRow   *hosts_row;
  AdwActionRow  *port_row;
  GtkWidget     *port_spin;
  AdwEntryRow   *folder_row;
  AdwActionRow  *job_row;
  GtkWidget     *job_button;
};

G_DEFINE_FINAL_TYPE (VolRemotePane, vol_remote_pane, GTK_TYPE_BOX)

enum
{
  CHANGED,
  SHOW_JOB,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static guint16
port (VolRemotePane *self)
{
  return (guint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->port_spin));
}

/**
 * vol_remote_pane_get_hosts:
 *
 * Returns: (transfer full) (element-type VolFioHost) (nullable): the hosts
 *   as typed, with the port for those named without one; %NULL with the
 *   reason the list is refused
 */
GPtrArray *
vol_remote_pane_get_hosts (VolRemotePane  *self,
                           GError        **error)
{
  g_autoptr(GError) local = NULL;
  GPtrArray *hosts = vol_fio_hosts_parse (gtk_editable_get_text (GTK_EDITABLE (self->hosts_row)), port (self),
                                          &local);

  if (hosts == NULL)
    /* TRANSLATORS: %s says what is wrong with the host list, "host “x”: …" */
    g_set_error (error, local->domain, local->code, _("Hosts: %s"), local->message);
  return hosts;
}

/* The folder on the hosts: the same absolute path on each, as the
 * command line's --target of a remote run. */
const char *
vol_remote_pane_get_folder (VolRemotePane *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->folder_row));
}

static gboolean
check_folder (VolRemotePane  *self,
              GError        **error)
{
  const char *folder = vol_remote_pane_get_folder (self);

  if (!g_path_is_absolute (folder))
    {
      g_set_error_literal (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                           *folder == '\0'
                           ? _("Folder on the hosts: name the folder the test writes in, the same absolute path on each host, such as /srv/bench")
                           : _("Folder on the hosts: give an absolute path, such as /srv/bench; a relative one would depend on where each host’s fio server was started"));
      return FALSE;
    }
  return TRUE;
}

/* The entry at fault turns red and says why when pointed at; the
 * configuration pane shows the message under the parameters too. */
static void
mark (AdwEntryRow  *row,
      const GError *error)
{
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), error ? error->message : NULL);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
}

/**
 * vol_remote_pane_check:
 *
 * Whether the hosts and the folder can be used; else the first problem,
 * the host list's before the folder's. Marks the entries at fault.
 */
gboolean
vol_remote_pane_check (VolRemotePane  *self,
                       GError        **error)
{
  g_autoptr(GPtrArray) hosts = NULL;
  g_autoptr(GError) hosts_error = NULL;
  g_autoptr(GError) folder_error = NULL;
  gboolean folder_ok;

  g_return_val_if_fail (VOL_IS_REMOTE_PANE (self), FALSE);

  hosts = vol_remote_pane_get_hosts (self, &hosts_error);
  folder_ok = check_folder (self, &folder_error);
  mark (self->hosts_row, hosts_error);
  mark (self->folder_row, folder_error);
  if (hosts == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&hosts_error));
      return FALSE;
    }
  if (!folder_ok)
    {
      g_propagate_error (error, g_steal_pointer (&folder_error));
      return FALSE;
    }
  return TRUE;
}

/**
 * vol_remote_pane_set:
 *
 * Types the hosts, the port and the folder, as a user would (scripting).
 */
void
vol_remote_pane_set (VolRemotePane *self,
                     const char    *hosts,
                     guint          port,
                     const char    *folder)
{
  g_return_if_fail (VOL_IS_REMOTE_PANE (self));

  if (port >= 1 && port <= 65535)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->port_spin), port);
  gtk_editable_set_text (GTK_EDITABLE (self->hosts_row), hosts ? hosts : "");
  gtk_editable_set_text (GTK_EDITABLE (self->folder_row), folder ? folder : "");
}

/* The job exists only for a spec that can run: until then there is
 * nothing to show. */
void
vol_remote_pane_set_job_available (VolRemotePane *self,
                                   gboolean       available)
{
  g_return_if_fail (VOL_IS_REMOTE_PANE (self));

  gtk_widget_set_sensitive (GTK_WIDGET (self->job_row), available);
}

static void
job_response_cb (AdwMessageDialog *dialog,
                 const char       *response,
                 gpointer          user_data)
{
  if (g_str_equal (response, "copy"))
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (dialog)),
                            g_object_get_data (G_OBJECT (dialog), "vol-job"));
}

/**
 * vol_remote_pane_show_job:
 *
 * A dialog with @job as it will be sent, in monospace, to read and copy.
 */
void
vol_remote_pane_show_job (VolRemotePane *self,
                          const char    *job)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                              _("The fio Job for the Hosts"),
                                              _("Start sends this job, as it is, to the fio server of each host, "
                                                "which runs it without asking. Its files go in the folder named, "
                                                "after this computer’s address."));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), job, -1);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 12);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("fio job"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 320);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 420);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_widget_set_overflow (scrolled, GTK_OVERFLOW_HIDDEN);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "copy", _("_Copy"), "close", _("_Close"), NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_object_set_data_full (G_OBJECT (dialog), "vol-job", g_strdup (job), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (job_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
changed_cb (VolRemotePane *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
job_clicked_cb (VolRemotePane *self)
{
  g_signal_emit (self, signals[SHOW_JOB], 0);
}

GtkWidget *
vol_remote_pane_new (void)
{
  return g_object_new (VOL_TYPE_REMOTE_PANE, NULL);
}

static void
vol_remote_pane_class_init (VolRemotePaneClass *klass)
{
  /* anything typed: the configuration pane checks again */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* the user asks to see the job: whoever has the spec builds it */
  signals[SHOW_JOB] = g_signal_new ("show-job", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
vol_remote_pane_init (VolRemotePane *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *warning = gtk_label_new (NULL);
  g_autofree char *link = NULL;
  g_autofree char *markup = NULL;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Remote Hosts"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Each host runs fio --server; the test runs on all of them at once, "
                                           "through fio on this computer."));
  gtk_box_append (GTK_BOX (self), group);

  self->hosts_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  /* titles hold “ and ”, the entries anything typed: no markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->hosts_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->hosts_row), _("Hosts, e.g. “db1, db2:8766”"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->hosts_row));

  self->port_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->port_row), _("Port"));
  adw_action_row_set_subtitle (self->port_row, _("Of the hosts named without one"));
  self->port_spin = gtk_spin_button_new_with_range (1, 65535, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->port_spin), VOL_FIO_DEFAULT_PORT);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (self->port_spin), TRUE);
  gtk_widget_set_valign (self->port_spin, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->port_spin, "numeric");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->port_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Port"), -1);
  adw_action_row_add_suffix (self->port_row, self->port_spin);
  adw_action_row_set_activatable_widget (self->port_row, self->port_spin);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->port_row));

  self->folder_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->folder_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->folder_row), _("Folder on the hosts, e.g. “/srv/bench”"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->folder_row));

  self->job_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->job_row), _("Show fio Job…"));
  adw_action_row_set_subtitle (self->job_row, _("Exactly what each host’s fio server will run"));
  self->job_button = gtk_button_new_from_icon_name ("text-x-generic-symbolic");
  gtk_widget_set_valign (self->job_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->job_button, "flat");
  gtk_widget_set_tooltip_text (self->job_button, _("Show fio Job…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->job_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Show fio Job…"), -1);
  adw_action_row_add_suffix (self->job_row, self->job_button);
  adw_action_row_set_activatable_widget (self->job_row, self->job_button);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->job_row));

  /* one line, with the way to the details: it runs any job, so only a
   * trusted network may reach it */
  link = g_markup_printf_escaped ("<a href=\"%s\">docs/hosts.md</a>", HOSTS_DOC_URL);
  /* TRANSLATORS: %s is a link to the document "docs/hosts.md" */
  markup = g_strdup_printf (_("⚠ fio --server runs any job it is sent, without authentication: "
                              "let it listen on a trusted network only (%s)."), link);
  gtk_label_set_markup (GTK_LABEL (warning), markup);
  gtk_label_set_wrap (GTK_LABEL (warning), TRUE);
  gtk_label_set_xalign (GTK_LABEL (warning), 0);
  gtk_widget_set_margin_top (warning, 12);
  gtk_widget_add_css_class (warning, "caption");
  gtk_widget_add_css_class (warning, "warning");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), warning);

  g_signal_connect_swapped (self->hosts_row, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->folder_row, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->port_spin, "value-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->job_button, "clicked", G_CALLBACK (job_clicked_cb), self);
}
