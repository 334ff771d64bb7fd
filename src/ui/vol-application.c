/* vol-application.c — the Volumeter application
 *
 * Started with VOLUMETER_SCRIPTING=1 in its environment (the UI tests and
 * benches set it), it also exports actions that take arguments, so the
 * real application can be driven from a shell or a test over D-Bus
 * (`gdbus call … org.gtk.Actions.Activate`), exactly as a user drives it.
 * Without it they do not exist: every process of the same user can reach
 * the session bus, and none of them should start a run or write a file
 * behind the user's back. A scripted action asks the same questions a
 * click does, and a script answers them with app.answer:
 *   app.set-target 's'      choose the folder to test
 *   app.set-remote '(sus)'  choose Remote hosts: the hosts, their port
 *                           (0: as shown) and the folder on them
 *   app.set-test   's'      choose the test ("fill", "queue", …)
 *   app.set-param  '(ss)'   type a parameter's text, as in its row
 *   app.start, app.stop     a start asks what a click asks (the status
 *                           says "asking", with the question)
 *   app.answer     's'      answer the question asked, by its response
 *                           ("fill", "cancel"; closing during a run:
 *                           "stop", "cancel"), as its button would
 *   app.open-path  's'      open a result file
 *   app.open-paths 'as'     open several, compared
 *   app.export     '(ss)'   format (json, png, svg, pdf, csv) and path;
 *                           never replaces an existing file
 *   app.screenshot 's'      the window, as a PNG
 *   app.status              state: JSON with the run's phase, fraction,
 *                           result path and last error, and History's
 *                           rows ("history_rows", see vol-history.c), and
 *                           the result page's tables ("tables": title,
 *                           columns, units, rows of label and cells as shown),
 *                           where the keyboard focus is ("focus": "pane",
 *                           "history-search", "run", …) and how often it
 *                           moved ("focus_moves")
 *   app.history-choose '(sb)'  tick or clear a History row's box, as a
 *                           click would (an insensitive box stays as it is)
 */

#include "vol-application.h"

#include <signal.h>

#include <string.h>

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "vol-history.h"
#include "vol-resources.h"
#include "vol-window.h"

struct _VolApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
  char           *window_status;  /* the window's part of app.status */
  char           *history_rows;   /* History's rows as JSON, or NULL */
  guint           history_n;
  VolHistory     *history;        /* weak: the one that sent them */
  JsonNode       *tables;         /* the result page's tables, or NULL */
};

G_DEFINE_FINAL_TYPE (VolApplication, vol_application, ADW_TYPE_APPLICATION)

VolApplication *
vol_application_new (const char        *application_id,
                     GApplicationFlags  flags)
{
  return g_object_new (VOL_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       "resource-base-path", "/io/github/volumeter/Volumeter",
                       NULL);
}

GSettings *
vol_application_get_settings (VolApplication *self)
{
  g_return_val_if_fail (VOL_IS_APPLICATION (self), NULL);
  return self->settings;
}

/**
 * vol_application_results_dir:
 *
 * Where runs are autosaved: $XDG_DATA_HOME/volumeter/results.
 */
char *
vol_application_results_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "volumeter", "results", NULL);
}

/**
 * vol_application_scripting:
 *
 * Whether the process was started with VOLUMETER_SCRIPTING=1, and so
 * exports the app.* scripting actions. Read once: a later change of the
 * environment changes nothing.
 */
gboolean
vol_application_scripting (void)
{
  static gsize once = 0;
  static gboolean on;

  if (g_once_init_enter (&once))
    {
      on = g_strcmp0 (g_getenv ("VOLUMETER_SCRIPTING"), "1") == 0;
      g_once_init_leave (&once, 1);
    }
  return on;
}

/* The stateful app.status action mirrors what the window shows, so a test
 * can read it without AT-SPI. */
static void
publish_status (VolApplication *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "status");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = NULL;
  g_autofree char *head = NULL;
  g_autofree char *text = NULL;
  JsonNode *root;

  if (action == NULL)
    return;
  if ((self->history_rows == NULL && self->tables == NULL) || self->window_status == NULL
      || !json_parser_load_from_data (parser, self->window_status, -1, NULL)
      || !JSON_NODE_HOLDS_OBJECT (root = json_parser_get_root (parser)))
    {
      g_simple_action_set_state (G_SIMPLE_ACTION (action),
                                 g_variant_new_string (self->window_status ? self->window_status : "{}"));
      return;
    }
  if (self->tables)
    json_object_set_member (json_node_get_object (root), "tables", json_node_copy (self->tables));
  /* History loads on its own thread: its count is the one it last sent */
  if (self->history_rows)
    json_object_set_int_member (json_node_get_object (root), "history", self->history_n);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  head = json_generator_to_data (generator, NULL);
  if (self->history_rows)
    {
      head[strlen (head) - 1] = '\0';   /* the closing brace */
      text = g_strdup_printf ("%s,\"history_rows\":%s}", head, self->history_rows);
    }
  else
    text = g_steal_pointer (&head);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (text));
}

void
vol_application_set_status (VolApplication *self,
                            const char     *json)
{
  g_free (self->window_status);
  self->window_status = g_strdup (json);
  publish_status (self);
}

/**
 * vol_application_set_history_status:
 * @rows: (transfer full): a JSON array, one object per row shown
 * @n_items: the results listed, whatever the search shows
 *
 * History's part of app.status; @history is the one app.history-choose
 * then acts on.
 */
void
vol_application_set_history_status (VolApplication *self,
                                    VolHistory     *history,
                                    JsonNode       *rows,
                                    guint           n_items)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  if (self->history != history)
    {
      if (self->history)
        g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
      self->history = history;
      g_object_add_weak_pointer (G_OBJECT (history), (gpointer *) &self->history);
    }
  json_generator_set_root (generator, rows);
  g_free (self->history_rows);
  self->history_rows = json_generator_to_data (generator, NULL);
  self->history_n = n_items;
  json_node_unref (rows);
  publish_status (self);
}

/**
 * vol_application_set_result_tables:
 * @tables: (transfer full) (nullable): the result page's tables as JSON
 *
 * Added to app.status as "tables" (vol-result-view.c writes them).
 */
void
vol_application_set_result_tables (VolApplication *self,
                                   JsonNode       *tables)
{
  g_clear_pointer (&self->tables, json_node_unref);
  self->tables = tables;
  publish_status (self);
}

static void
history_choose_activated (GSimpleAction *action,
                          GVariant      *param,
                          gpointer       user_data)
{
  VolApplication *self = user_data;
  const char *path;
  gboolean chosen;

  g_variant_get (param, "(&sb)", &path, &chosen);
  if (self->history)
    vol_history_choose (self->history, path, chosen);
}

static VolWindow *
get_window (VolApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    {
      window = GTK_WINDOW (vol_window_new (self));
      gtk_window_present (window);
    }
  return VOL_WINDOW (window);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  VolApplication *self = user_data;
  /* a copy: closing a window takes it out of the application's own list,
   * node and all, while this loop still walks it */
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* each window asks before stopping a run, and closes when it may */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  VolApplication *self = user_data;
  const char *developers[] = { "The Volumeter developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("Volumeter"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Volumeter developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Benchmark disks, SSDs and RAID volumes the way hardware reviewers do, "
                                      "with numbers that agree with fio."),
                        "website", "https://github.com/volumeter/volumeter",
                        "issue-url", "https://github.com/volumeter/volumeter/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  VolApplication *self = user_data;
  AdwPreferencesWindow *prefs = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *units = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwPreferencesGroup *privacy = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  struct { AdwPreferencesGroup *group; const char *key; const char *title; const char *subtitle; } rows[] = {
    { units, "binary-units", N_("Binary Units"), N_("Show throughput in MiB/s (2^20 bytes) instead of MB/s (10^6 bytes)") },
    { privacy, "include-hostname", N_("Record the Computer’s Name"), N_("Results are meant to be shared; the name identifies this computer") },
  };

  adw_preferences_group_set_title (units, _("Units"));
  adw_preferences_group_set_title (privacy, _("Results"));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *sw = gtk_switch_new ();
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(rows[i].title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(rows[i].subtitle));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL, _(rows[i].title), -1);
      g_settings_bind (self->settings, rows[i].key, sw, "active", G_SETTINGS_BIND_DEFAULT);
      adw_preferences_group_add (rows[i].group, row);
    }
  adw_preferences_page_add (page, units);
  adw_preferences_page_add (page, privacy);
  adw_preferences_window_add (prefs, page);
  gtk_window_set_transient_for (GTK_WINDOW (prefs), gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (prefs));
}

static void
forward_activated (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  VolWindow *window = get_window (VOL_APPLICATION (user_data));
  vol_window_script (window, g_action_get_name (G_ACTION (action)), param);
}

static void
status_change (GSimpleAction *action,
               GVariant      *value,
               gpointer       user_data)
{
  /* read-only: the window sets it */
}

/* Killed politely (logout, systemd, Ctrl-C in a terminal): stop any run so
 * its scratch files are removed, then go. */
static gboolean
signal_cb (gpointer user_data)
{
  VolApplication *self = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  for (GList *l = windows; l; l = l->next)
    if (VOL_IS_WINDOW (l->data))
      vol_window_stop_and_close (VOL_WINDOW (l->data));
  g_list_free (windows);
  return G_SOURCE_CONTINUE;
}

static void
vol_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (VOL_APPLICATION (app))));
}

static void
vol_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  VolWindow *window = get_window (VOL_APPLICATION (app));

  vol_window_open_files (window, files, n_files);
  gtk_window_present (GTK_WINDOW (window));
}

static void
vol_application_startup (GApplication *app)
{
  VolApplication *self = VOL_APPLICATION (app);
  static const GActionEntry entries[] = {
    { "quit", quit_activated },
    { "about", about_activated },
    { "preferences", preferences_activated },
  };
  /* only with VOLUMETER_SCRIPTING=1 (see the top of this file) */
  static const GActionEntry scripting[] = {
    { "set-target", forward_activated, "s" },
    { "set-remote", forward_activated, "(sus)" },
    { "set-test", forward_activated, "s" },
    { "set-param", forward_activated, "(ss)" },
    { "start", forward_activated },
    { "stop", forward_activated },
    { "answer", forward_activated, "s" },
    { "open-path", forward_activated, "s" },
    { "open-paths", forward_activated, "as" },
    { "export", forward_activated, "(ss)" },
    { "screenshot", forward_activated, "s" },
    { "status", NULL, NULL, "'{}'", status_change },
    { "history-choose", history_choose_activated, "(sb)" },
  };
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.export-png", { "<Control>e", NULL } },
    { "win.copy-report", { "<Control>c", NULL } },
    { "win.start", { "<Control>Return", NULL } },
    /* No key stops a run: Escape is what people press to clear a search
     * or close a popover, and a reflex must not lose hours of a fill.
     * Stop is its button; Ctrl+Q and closing the window ask first. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (vol_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  if (vol_application_scripting ())
    g_action_map_add_action_entries (G_ACTION_MAP (self), scripting, G_N_ELEMENTS (scripting), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action, accels[i].accels);
  g_set_application_name (_("Volumeter"));
  g_unix_signal_add (SIGTERM, signal_cb, self);
  g_unix_signal_add (SIGINT, signal_cb, self);
  gtk_window_set_default_icon_name (APP_ID);
}

static void
vol_application_dispose (GObject *object)
{
  VolApplication *self = VOL_APPLICATION (object);

  g_clear_object (&self->settings);
  if (self->history)
    g_object_remove_weak_pointer (G_OBJECT (self->history), (gpointer *) &self->history);
  self->history = NULL;
  g_clear_pointer (&self->window_status, g_free);
  g_clear_pointer (&self->history_rows, g_free);
  g_clear_pointer (&self->tables, json_node_unref);
  G_OBJECT_CLASS (vol_application_parent_class)->dispose (object);
}

static void
vol_application_class_init (VolApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = vol_application_dispose;
  app_class->activate = vol_application_activate;
  app_class->open = vol_application_open;
  app_class->startup = vol_application_startup;
}

static void
vol_application_init (VolApplication *self)
{
  /* The resources live in a static library: referencing them keeps the
   * linker from dropping the object whose constructor registers them. */
  (void) vol_get_resource ();
  self->settings = g_settings_new (APP_ID);
}
