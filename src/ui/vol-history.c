/* vol-history.c — the saved results, newest first, one heading per day
 *
 * The folder is read on a GTask thread: parsing a few hundred result files
 * takes long enough to stall the window, and a folder on a slow or hung
 * volume must not freeze it. What a row shows (test, label, target, time,
 * headline figure, caveats) is taken from each file there and kept, per
 * path and modification time, so that reloading after a run parses only
 * the new file. The list is then built on the main thread from that, and
 * rebuilt without touching the disk when the search text or the units
 * change.
 *
 * A file that does not load is listed with its problem rather than
 * hidden, so nothing vanishes silently. Only results of one test can be
 * ticked together: comparing a fill's MB/s with a queue run's IO/s is no
 * comparison (vol-chart-compare.c refuses it), so the other kinds' boxes
 * are made insensitive, with a tooltip saying why, before a user can try.
 */
#include "vol-history.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-application.h"
#include "vol-caveat.h"
#include "vol-registry.h"
#include "vol-result-day.h"
#include "vol-result-headline.h"
#include "vol-result.h"

/* What a row needs from one file; built on the loading thread, then
 * read-only and shared (reference counted) between loads. */
typedef struct
{
  char              *path;
  gint64             mtime;
  char              *error;     /* why the file did not load, or NULL */
  char              *kind;
  char              *label;
  char              *target;
  GDateTime         *when;      /* the run's start, else the file's time */
  VolResultStatus    status;
  VolResultHeadline *headline;  /* NULL when the result holds no figure */
  char              *caveats;   /* one per line, or NULL */
} Entry;

static void
entry_clear (gpointer data)
{
  Entry *e = data;

  g_free (e->path);
  g_free (e->error);
  g_free (e->kind);
  g_free (e->label);
  g_free (e->target);
  g_clear_pointer (&e->when, g_date_time_unref);
  vol_result_headline_free (e->headline);
  g_free (e->caveats);
}

static Entry *
entry_ref (Entry *e)
{
  return g_atomic_rc_box_acquire (e);
}

static void
entry_unref (Entry *e)
{
  g_atomic_rc_box_release_full (e, entry_clear);
}

/* One row on screen and the entry it shows. */
typedef struct
{
  Entry     *entry;
  GtkWidget *check;  /* NULL for a file that did not load */
} Row;

struct _VolHistory
{
  GtkBox        parent_instance;
  char         *dir;
  GSettings    *settings;
  GtkWidget    *bar;
  GtkWidget    *search;
  GtkWidget    *hint;
  GtkWidget    *compare_button;
  GtkWidget    *days;      /* one AdwPreferencesGroup per day */
  GtkWidget    *empty;
  GtkWidget    *no_match;
  GHashTable   *hidden;    /* paths being deleted, awaiting undo */
  GHashTable   *chosen;    /* paths ticked for comparing */
  GPtrArray    *entries;   /* of Entry, newest first: the folder as last read */
  GArray       *rows;      /* of Row, as shown */
  GCancellable *loading;   /* the load under way, or NULL */
  gboolean      loaded;    /* the folder has been read once */
  guint         n_items;
};

G_DEFINE_FINAL_TYPE (VolHistory, vol_history, GTK_TYPE_BOX)

enum {
  OPEN,
  DELETE,
  COMPARE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void render (VolHistory *self);

/* ---- loading, on a worker thread ------------------------------------------ */

static char *
caveats_text (const VolResult *result)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (result);
  GString *s;

  if (caveats->len == 0)
    return NULL;
  s = g_string_new (NULL);
  for (guint i = 0; i < caveats->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "\n" : "",
                            ((const VolCaveat *) g_ptr_array_index (caveats, i))->text);
  return g_string_free (s, FALSE);
}

static Entry *
entry_load (const char *path,
            gint64      mtime)
{
  Entry *e = g_atomic_rc_box_new0 (Entry);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load (path, &error);

  e->path = g_strdup (path);
  e->mtime = mtime;
  if (result == NULL)
    {
      e->error = g_strdup (error->message);
      e->when = g_date_time_new_from_unix_local (mtime);
      return e;
    }
  e->kind = g_strdup (result->kind);
  e->label = result->label && *result->label ? g_strdup (result->label) : NULL;
  e->target = g_strdup (result->target ? result->target->path : NULL);
  e->when = result->created ? g_date_time_ref (result->created) : g_date_time_new_from_unix_local (mtime);
  e->status = result->status;
  e->headline = vol_result_headline (result);
  e->caveats = caveats_text (result);
  return e;
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = *(Entry *const *) a, *y = *(Entry *const *) b;
  int c = vol_result_day_compare (x->when, y->when);

  /* same second: the names (which carry the time) decide, newest first */
  return c != 0 ? c : -g_strcmp0 (x->path, y->path);
}

typedef struct
{
  char       *dir;
  GHashTable *known;  /* path → Entry, from the last load */
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_free (job->dir);
  g_hash_table_unref (job->known);
  g_free (job);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  LoadJob *job = data;
  g_autoptr(GDir) dir = g_dir_open (job->dir, 0, NULL);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_unref);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      gint64 mtime;
      Entry *known;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (!g_str_has_suffix (name, ".volumeter.json"))
        continue;
      path = g_build_filename (job->dir, name, NULL);
      mtime = g_stat (path, &st) == 0 ? (gint64) st.st_mtime : 0;
      known = g_hash_table_lookup (job->known, path);
      g_ptr_array_add (entries, known && known->mtime == mtime ? entry_ref (known) : entry_load (path, mtime));
    }
  g_ptr_array_sort (entries, compare_entries);
  g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

static void
load_done (GObject      *source,
           GAsyncResult *res,
           gpointer      data)
{
  VolHistory *self = VOL_HISTORY (source);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));
  GPtrArray *entries = g_task_propagate_pointer (G_TASK (res), NULL);

  /* a newer load replaced this one: its answer is the one to show */
  if (g_cancellable_is_cancelled (cancellable) || entries == NULL)
    {
      g_clear_pointer (&entries, g_ptr_array_unref);
      return;
    }
  g_clear_object (&self->loading);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  self->entries = entries;
  self->loaded = TRUE;
  render (self);
}

/**
 * vol_history_reload:
 *
 * Reads the folder again, on a worker thread; the list changes when that
 * is done. A reload asked for while one is under way replaces it.
 */
void
vol_history_reload (VolHistory *self)
{
  g_autoptr(GTask) task = NULL;
  LoadJob *job = g_new0 (LoadJob, 1);

  g_return_if_fail (VOL_IS_HISTORY (self));

  if (self->loading)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  self->loading = g_cancellable_new ();

  job->dir = g_strdup (self->dir);
  job->known = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) entry_unref);
  for (guint i = 0; self->entries && i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      g_hash_table_replace (job->known, e->path, entry_ref (e));
    }
  task = g_task_new (self, self->loading, load_done, NULL);
  g_task_set_source_tag (task, vol_history_reload);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_thread);
}

/* ---- the rows ------------------------------------------------------------- */

static gboolean
binary_units (VolHistory *self)
{
  return self->settings && g_settings_get_boolean (self->settings, "binary-units");
}

static const char *
kind_title (const Entry *e)
{
  const VolTestKind *kind = e->kind ? vol_registry_lookup (e->kind) : NULL;

  return kind ? _(kind->info.title) : e->kind ? e->kind : "?";
}

/* The kind every ticked result is of, or NULL when none is ticked. */
static const char *
chosen_kind (VolHistory *self)
{
  for (guint i = 0; self->entries && i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      if (g_hash_table_contains (self->chosen, e->path))
        return e->kind;
    }
  return NULL;
}

/* Search: every word typed is found, case aside, in the label, the
 * target or the test's name (its title or its key). */
static gboolean
matches (const Entry *e,
         const char  *query)
{
  g_auto(GStrv) words = NULL;
  g_autofree char *hay = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *folded_query = NULL;

  if (query == NULL || *query == '\0')
    return TRUE;
  hay = g_strjoin ("\n", e->label ? e->label : "", e->target ? e->target : "", kind_title (e),
                   e->kind ? e->kind : "", e->error ? e->path : "", NULL);
  folded = g_utf8_casefold (hay, -1);
  folded_query = g_utf8_casefold (query, -1);
  words = g_strsplit_set (folded_query, " \t", -1);
  for (guint i = 0; words[i]; i++)
    if (*words[i] && strstr (folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
update_compare (VolHistory *self)
{
  guint n = g_hash_table_size (self->chosen);
  const char *kind = chosen_kind (self);
  g_autofree char *label = n >= 2 ? g_strdup_printf (ngettext ("_Compare %u Result", "_Compare %u Results", n), n)
                                  : g_strdup (_("_Compare Selected"));

  gtk_button_set_label (GTK_BUTTON (self->compare_button), label);
  gtk_widget_set_sensitive (self->compare_button, n >= 2);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      gboolean allowed;

      if (row->check == NULL)
        continue;
      allowed = kind == NULL || g_strcmp0 (row->entry->kind, kind) == 0;
      gtk_widget_set_sensitive (row->check, allowed);
      if (allowed)
        {
          gtk_widget_set_tooltip_text (row->check, _("Choose for Comparing"));
          gtk_widget_set_tooltip_text (gtk_widget_get_parent (row->check), NULL);
        }
      else
        {
          const Entry *other = NULL;
          g_autofree char *why = NULL;
          for (guint j = 0; j < self->entries->len && other == NULL; j++)
            if (g_hash_table_contains (self->chosen, ((Entry *) g_ptr_array_index (self->entries, j))->path))
              other = g_ptr_array_index (self->entries, j);
          /* TRANSLATORS: %s is a test's name, "Random I/O" */
          why = g_strdup_printf (_("Only results of one test can be compared: %s results are ticked"),
                                 other ? kind_title (other) : "?");
          /* on the wrapper too: it is what the pointer is over */
          gtk_widget_set_tooltip_text (row->check, why);
          gtk_widget_set_tooltip_text (gtk_widget_get_parent (row->check), why);
        }
    }
}

/* What a script reads in app.status: the rows as shown, in order. */
static void
publish (VolHistory *self)
{
  GApplication *app = g_application_get_default ();
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean binary = binary_units (self);

  if (!VOL_IS_APPLICATION (app))
    return;
  b = json_builder_new ();
  json_builder_begin_array (b);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      const Entry *e = row->entry;
      g_autofree char *figure = e->headline ? vol_result_headline_format (e->headline, binary) : NULL;
      g_autofree char *day = vol_result_day_title (e->when, now);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "path");
      json_builder_add_string_value (b, e->path);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, e->kind ? e->kind : "");
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, e->label ? e->label : "");
      json_builder_set_member_name (b, "day");
      json_builder_add_string_value (b, day);
      json_builder_set_member_name (b, "figure");
      json_builder_add_string_value (b, figure ? figure : "");
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, e->headline ? e->headline->unit : "");
      json_builder_set_member_name (b, "chosen");
      json_builder_add_boolean_value (b, g_hash_table_contains (self->chosen, e->path));
      json_builder_set_member_name (b, "sensitive");
      json_builder_add_boolean_value (b, row->check && gtk_widget_get_sensitive (row->check));
      json_builder_set_member_name (b, "error");
      json_builder_add_string_value (b, e->error ? e->error : "");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  vol_application_set_history_status (VOL_APPLICATION (app), self, json_builder_get_root (b), self->n_items);
}

static void
row_activated_cb (AdwActionRow *row,
                  VolHistory   *self)
{
  g_signal_emit (self, signals[OPEN], 0, g_object_get_data (G_OBJECT (row), "vol-path"));
}

static void
delete_clicked_cb (GtkButton  *button,
                   VolHistory *self)
{
  g_signal_emit (self, signals[DELETE], 0, g_object_get_data (G_OBJECT (button), "vol-path"));
}

static void
check_toggled_cb (GtkCheckButton *check,
                  VolHistory     *self)
{
  const char *path = g_object_get_data (G_OBJECT (check), "vol-path");

  if (gtk_check_button_get_active (check))
    g_hash_table_add (self->chosen, g_strdup (path));
  else
    g_hash_table_remove (self->chosen, path);
  update_compare (self);
  publish (self);
}

static void
compare_clicked_cb (GtkButton  *button,
                    VolHistory *self)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new ();

  /* in the order shown: newest first */
  for (guint i = 0; self->entries && i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      if (g_hash_table_contains (self->chosen, e->path))
        g_ptr_array_add (paths, e->path);
    }
  g_ptr_array_add (paths, NULL);
  g_signal_emit (self, signals[COMPARE], 0, paths->pdata);
}

static void
swallow_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkWidget       *check)
{
  /* a sensitive box takes its own clicks; claiming them here would cancel those */
  if (!gtk_widget_is_sensitive (check))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static const char *
status_words (VolResultStatus status)
{
  switch (status)
    {
    case VOL_RESULT_STATUS_CANCELLED:
      return _("stopped early");
    case VOL_RESULT_STATUS_FAILED:
      return _("failed");
    case VOL_RESULT_STATUS_COMPLETE:
    default:
      return NULL;
    }
}

/* The headline figure, right-aligned: the number, and below it what it is. */
static GtkWidget *
make_figure (const Entry *e,
             gboolean     binary)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *value = e->headline ? vol_result_headline_format (e->headline, binary) : NULL;
  GtkWidget *number = gtk_label_new (value ? value : _("No figure"));
  GtkWidget *what = gtk_label_new (e->headline ? e->headline->what : status_words (e->status));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_label_set_xalign (GTK_LABEL (what), 1);
  gtk_widget_add_css_class (number, value ? "heading" : "dim-label");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (what, "caption");
  gtk_widget_add_css_class (what, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (what), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), what);
  return box;
}

static GtkWidget *
make_row (VolHistory *self,
          Entry      *e,
          Row        *out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *del = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *time = g_date_time_format (e->when, "%H:%M");

  out->entry = e;
  out->check = NULL;
  g_object_set_data_full (G_OBJECT (row), "vol-path", g_strdup (e->path), g_free);
  g_object_set_data_full (G_OBJECT (del), "vol-path", g_strdup (e->path), g_free);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);

  if (e->error)
    {
      g_autofree char *base = g_path_get_basename (e->path);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), base);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), e->error);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
    }
  else
    {
      GString *sub = g_string_new (time);
      const char *status = status_words (e->status);
      GtkWidget *check = gtk_check_button_new ();

      /* the label names the run; the test's name is the title without one */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), e->label ? e->label : kind_title (e));
      if (e->label)
        g_string_append_printf (sub, " · %s", kind_title (e));
      if (e->target)
        g_string_append_printf (sub, " · %s", e->target);
      if (status && e->headline)
        g_string_append_printf (sub, " · %s", status);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), sub->str);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      g_string_free (sub, TRUE);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect (row, "activated", G_CALLBACK (row_activated_cb), self);

      /* ticked rows are compared together; a box made insensitive passes
       * its clicks to what is under it, and the row would open: the
       * wrapper takes them instead, so a click there does nothing */
      {
        GtkWidget *wrap = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
        GtkGesture *swallow = gtk_gesture_click_new ();

        g_signal_connect (swallow, "pressed", G_CALLBACK (swallow_pressed_cb), check);
        gtk_widget_add_controller (wrap, GTK_EVENT_CONTROLLER (swallow));
        gtk_widget_set_valign (wrap, GTK_ALIGN_CENTER);
        gtk_box_append (GTK_BOX (wrap), check);
        adw_action_row_add_prefix (ADW_ACTION_ROW (row), wrap);
      }
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_hash_table_contains (self->chosen, e->path));
      g_object_set_data_full (G_OBJECT (check), "vol-path", g_strdup (e->path), g_free);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Choose for Comparing"), -1);
      g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), self);
      out->check = check;

      if (e->caveats)
        {
          /* the texts on hover, so the list stays one line a result */
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_set_tooltip_text (icon, e->caveats);
          gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, e->caveats, -1);
          gtk_widget_add_css_class (icon, "warning");
          gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), make_figure (e, binary_units (self)));
    }

  gtk_widget_set_valign (del, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (del, "flat");
  gtk_widget_set_tooltip_text (del, _("Delete Result"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (del), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Delete Result"), -1);
  g_signal_connect (del, "clicked", G_CALLBACK (delete_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), del);
  return row;
}

/* The list from self->entries, without reading anything. */
static void
render (VolHistory *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = NULL;
  GtkWidget *list = NULL;
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (self->days)))
    gtk_box_remove (GTK_BOX (self->days), child);
  g_array_set_size (self->rows, 0);

  /* a deleted file cannot stay chosen */
  {
    GHashTableIter iter;
    const char *path;
    g_autoptr(GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; self->entries && i < self->entries->len; i++)
      {
        Entry *e = g_ptr_array_index (self->entries, i);
        if (e->error == NULL)
          g_hash_table_add (present, e->path);
      }
    g_hash_table_iter_init (&iter, self->chosen);
    while (g_hash_table_iter_next (&iter, (gpointer *) &path, NULL))
      if (!g_hash_table_contains (present, path) || g_hash_table_contains (self->hidden, path))
        g_hash_table_iter_remove (&iter);
  }

  self->n_items = 0;
  for (guint i = 0; self->entries && i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      g_autofree char *this_day = NULL;
      Row row;

      if (g_hash_table_contains (self->hidden, e->path))
        continue;
      self->n_items++;
      if (!matches (e, query))
        continue;
      this_day = vol_result_day_title (e->when, now);
      if (list == NULL || g_strcmp0 (this_day, day) != 0)
        {
          GtkWidget *group = adw_preferences_group_new ();

          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), this_day);
          list = gtk_list_box_new ();
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (list, "boxed-list");
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
          gtk_box_append (GTK_BOX (self->days), group);
          g_free (day);
          day = g_steal_pointer (&this_day);
        }
      gtk_list_box_append (GTK_LIST_BOX (list), make_row (self, e, &row));
      g_array_append_val (self->rows, row);
      shown++;
    }
  gtk_widget_set_visible (self->empty, self->loaded && self->n_items == 0);
  gtk_widget_set_visible (self->no_match, self->n_items > 0 && shown == 0);
  gtk_widget_set_visible (self->days, shown > 0);
  gtk_widget_set_visible (self->bar, self->n_items > 0);
  gtk_widget_set_visible (self->compare_button, self->n_items >= 2);
  gtk_widget_set_visible (self->hint, self->n_items >= 2);
  update_compare (self);
  publish (self);
}

/* While a delete can still be undone, the row is only hidden; once the
 * file is gone (or back), the folder is read again. */
void
vol_history_hide (VolHistory *self,
                  const char *path,
                  gboolean    hidden)
{
  if (hidden)
    {
      g_hash_table_add (self->hidden, g_strdup (path));
      render (self);
    }
  else
    {
      g_hash_table_remove (self->hidden, path);
      vol_history_reload (self);
    }
}

/**
 * vol_history_choose:
 *
 * Ticks or clears @path's box as a click would: a box that is
 * insensitive (a result of another test than those ticked) stays as it is.
 *
 * Returns: whether @path's box is now as asked.
 */
gboolean
vol_history_choose (VolHistory *self,
                    const char *path,
                    gboolean    chosen)
{
  g_return_val_if_fail (VOL_IS_HISTORY (self), FALSE);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);

      if (row->check == NULL || g_strcmp0 (row->entry->path, path) != 0)
        continue;
      if (gtk_widget_is_sensitive (row->check)
          && gtk_check_button_get_active (GTK_CHECK_BUTTON (row->check)) != chosen)
        gtk_widget_activate (row->check);
      return gtk_check_button_get_active (GTK_CHECK_BUTTON (row->check)) == chosen;
    }
  return FALSE;
}

guint
vol_history_get_n_items (VolHistory *self)
{
  return self->n_items;
}

static void
units_changed_cb (GSettings  *settings,
                  const char *key,
                  VolHistory *self)
{
  render (self);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   VolHistory     *self)
{
  render (self);
}

/* Escape in the field: GTK 4.8's entry only signals it; clearing is what
 * search fields do (GtkSearchBar's too), and all Escape does here. */
static void
search_stop_cb (GtkSearchEntry *entry,
                VolHistory     *self)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

GtkWidget *
vol_history_new (const char *dir)
{
  VolHistory *self = g_object_new (VOL_TYPE_HISTORY, NULL);
  GApplication *app = g_application_get_default ();

  self->dir = g_strdup (dir);
  /* the units apply as soon as they are switched, as everywhere */
  if (VOL_IS_APPLICATION (app) && vol_application_get_settings (VOL_APPLICATION (app)))
    {
      self->settings = g_object_ref (vol_application_get_settings (VOL_APPLICATION (app)));
      g_signal_connect_object (self->settings, "changed::binary-units", G_CALLBACK (units_changed_cb), self, 0);
    }
  vol_history_reload (self);
  return GTK_WIDGET (self);
}

static void
vol_history_dispose (GObject *object)
{
  VolHistory *self = VOL_HISTORY (object);

  if (self->loading)
    g_cancellable_cancel (self->loading);
  g_clear_object (&self->loading);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (vol_history_parent_class)->dispose (object);
}

static void
vol_history_finalize (GObject *object)
{
  VolHistory *self = VOL_HISTORY (object);

  g_free (self->dir);
  g_hash_table_unref (self->hidden);
  g_hash_table_unref (self->chosen);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_array_unref (self->rows);
  G_OBJECT_CLASS (vol_history_parent_class)->finalize (object);
}

static void
vol_history_class_init (VolHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vol_history_dispose;
  G_OBJECT_CLASS (klass)->finalize = vol_history_finalize;
  signals[OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[COMPARE] = g_signal_new ("compare", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRV);
  signals[DELETE] = g_signal_new ("delete", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
vol_history_init (VolHistory *self)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 18);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->rows = g_array_new (FALSE, FALSE, sizeof (Row));

  self->bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  self->search = gtk_search_entry_new ();
  g_object_set (self->search, "placeholder-text", _("Search label, target or test"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search the saved results"), -1);
  gtk_widget_set_hexpand (self->search, TRUE);
  g_signal_connect (self->search, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->search, "stop-search", G_CALLBACK (search_stop_cb), self);
  self->compare_button = gtk_button_new_with_mnemonic (_("_Compare Selected"));
  gtk_widget_add_css_class (self->compare_button, "suggested-action");
  g_signal_connect (self->compare_button, "clicked", G_CALLBACK (compare_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->bar), self->search);
  gtk_box_append (GTK_BOX (self->bar), self->compare_button);
  self->hint = gtk_label_new (_("Tick results of one test to compare them on one chart."));
  gtk_widget_add_css_class (self->hint, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (self->hint), 0);
  gtk_label_set_wrap (GTK_LABEL (self->hint), TRUE);
  gtk_box_append (GTK_BOX (top), self->bar);
  gtk_box_append (GTK_BOX (top), self->hint);
  gtk_box_append (GTK_BOX (self), top);

  self->days = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  self->empty = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->empty), "document-open-recent-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty), _("No Saved Results"));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->empty), _("Every run is saved here when it ends."));
  self->no_match = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->no_match), "edit-find-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (self->no_match), _("No Matching Results"));
  gtk_box_append (GTK_BOX (self), self->days);
  gtk_box_append (GTK_BOX (self), self->empty);
  gtk_box_append (GTK_BOX (self), self->no_match);
  gtk_widget_set_visible (self->empty, FALSE);
  gtk_widget_set_visible (self->no_match, FALSE);
  gtk_widget_set_visible (self->bar, FALSE);
  gtk_widget_set_visible (self->hint, FALSE);
}
