/* vol-history.c — the saved results, newest first
 *
 * Files are small (a fill run of 1000 files is ~200 KiB), so they are read
 * when the list is shown; a file that does not load is listed with its
 * problem rather than hidden, so nothing vanishes silently.
 */
#include "vol-history.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-caveat.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-size.h"

struct _VolHistory
{
  GtkBox      parent_instance;
  char       *dir;
  GtkWidget  *list;
  GtkWidget  *empty;
  GHashTable *hidden;   /* paths being deleted, awaiting undo */
  GHashTable *chosen;   /* paths ticked for comparing */
  GHashTable *cache;    /* path → RowText: a file is read once, until it changes */
  GtkWidget  *compare_button;
  guint       n_items;
};

G_DEFINE_FINAL_TYPE (VolHistory, vol_history, GTK_TYPE_BOX)

enum {
  OPEN,
  DELETE,
  COMPARE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
update_compare_button (VolHistory *self)
{
  guint n = g_hash_table_size (self->chosen);
  g_autofree char *label = n >= 2 ? g_strdup_printf (ngettext ("_Compare %u Result", "_Compare %u Results", n), n)
                                  : g_strdup (_("_Compare Selected"));

  gtk_button_set_label (GTK_BUTTON (self->compare_button), label);
  gtk_widget_set_sensitive (self->compare_button, n >= 2);
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
  update_compare_button (self);
}

static void
compare_clicked_cb (GtkButton  *button,
                    VolHistory *self)
{
  g_autofree const char **paths = (const char **) g_hash_table_get_keys_as_array (self->chosen, NULL);

  g_signal_emit (self, signals[COMPARE], 0, paths);
}

static int
compare_names_desc (gconstpointer a,
                    gconstpointer b)
{
  return -g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static char *
headline (const VolResult *result)
{
  const VolSummary *write = vol_result_get_summary (result, "write");
  const VolSummary *read = vol_result_get_summary (result, "read");
  g_autofree char *w = write && write->count ? vol_rate_format (write->mean, FALSE) : NULL;
  g_autofree char *r = read && read->count ? vol_rate_format (read->mean, FALSE) : NULL;

  if (w && r)
    return g_strdup_printf (_("write %s, read %s"), w, r);
  if (w)
    return g_strdup_printf (_("write %s"), w);
  return g_strdup (vol_result_status_to_string (result->status));
}

/* Every caveat of @result, one per line, for a tooltip; NULL for none. */
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

/* What a row shows, kept so that reloading the list after a run parses
 * only the new file, not every saved result again. */
typedef struct
{
  gint64   mtime;
  gboolean loaded;
  char    *title;
  char    *subtitle;
  char    *caveats;  /* the result's caveats, one per line, or NULL */
} RowText;

static void
row_text_free (gpointer data)
{
  RowText *text = data;

  g_free (text->title);
  g_free (text->subtitle);
  g_free (text->caveats);
  g_free (text);
}

static RowText *
row_text_for (VolHistory *self,
              const char *path)
{
  GStatBuf st;
  RowText *text = g_hash_table_lookup (self->cache, path);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = NULL;
  gint64 mtime = g_stat (path, &st) == 0 ? (gint64) st.st_mtime : 0;

  if (text && text->mtime == mtime)
    return text;

  text = g_new0 (RowText, 1);
  text->mtime = mtime;
  result = vol_result_load (path, &error);
  if (result == NULL)
    {
      text->title = g_path_get_basename (path);
      text->subtitle = g_strdup (error->message);
    }
  else
    {
      const VolTestKind *kind = vol_registry_lookup (result->kind);
      g_autofree char *date = result->created ? g_date_time_format (result->created, "%Y-%m-%d %H:%M") : g_strdup ("?");
      g_autofree char *head = headline (result);
      g_autofree char *target = result->target && result->target->path ? g_strdup (result->target->path) : g_strdup ("?");
      text->loaded = TRUE;
      text->title = g_strdup_printf ("%s — %s", result->label ? result->label : (kind ? _(kind->info.title) : result->kind),
                                     head);
      text->subtitle = g_strdup_printf ("%s · %s · %s", date, kind ? _(kind->info.title) : result->kind, target);
      text->caveats = caveats_text (result);
    }
  g_hash_table_replace (self->cache, g_strdup (path), text);
  return text;
}

static GtkWidget *
make_row (VolHistory *self,
          const char *path)
{
  RowText *text = row_text_for (self, path);
  gboolean result = text->loaded;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *del = gtk_button_new_from_icon_name ("user-trash-symbolic");

  g_object_set_data_full (G_OBJECT (row), "vol-path", g_strdup (path), g_free);
  g_object_set_data_full (G_OBJECT (del), "vol-path", g_strdup (path), g_free);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text->title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text->subtitle);
  if (!result)
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
  else
    {
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect (row, "activated", G_CALLBACK (row_activated_cb), self);
      if (text->caveats)
        {
          /* the texts on hover, so the list stays one line a result */
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_set_tooltip_text (icon, text->caveats);
          gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          text->caveats, -1);
          gtk_widget_add_css_class (icon, "warning");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
    }

  if (result)
    {
      /* ticked rows are compared together */
      GtkWidget *check = gtk_check_button_new ();
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_hash_table_contains (self->chosen, path));
      g_object_set_data_full (G_OBJECT (check), "vol-path", g_strdup (path), g_free);
      gtk_widget_set_tooltip_text (check, _("Choose for Comparing"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Choose for Comparing"), -1);
      g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
    }

  gtk_widget_set_valign (del, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (del, "flat");
  gtk_widget_set_tooltip_text (del, _("Delete Result"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (del), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Delete Result"), -1);
  g_signal_connect (del, "clicked", G_CALLBACK (delete_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), del);
  return row;
}

void
vol_history_reload (VolHistory *self)
{
  g_autoptr(GDir) dir = g_dir_open (self->dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *child;
  const char *name;

  while ((child = gtk_widget_get_first_child (self->list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".volumeter.json"))
      g_ptr_array_add (names, g_build_filename (self->dir, name, NULL));
  /* names carry the date: newest first */
  g_ptr_array_sort (names, compare_names_desc);

  self->n_items = 0;
  for (guint i = 0; i < names->len; i++)
    {
      const char *path = g_ptr_array_index (names, i);
      if (g_hash_table_contains (self->hidden, path))
        continue;
      gtk_list_box_append (GTK_LIST_BOX (self->list), make_row (self, path));
      self->n_items++;
    }
  gtk_widget_set_visible (self->empty, self->n_items == 0);
  gtk_widget_set_visible (self->list, self->n_items > 0);
  gtk_widget_set_visible (gtk_widget_get_parent (self->compare_button), self->n_items >= 2);
  /* a deleted file cannot stay chosen */
  {
    GHashTableIter iter;
    const char *path;
    g_hash_table_iter_init (&iter, self->chosen);
    while (g_hash_table_iter_next (&iter, (gpointer *) &path, NULL))
      if (!g_file_test (path, G_FILE_TEST_EXISTS) || g_hash_table_contains (self->hidden, path))
        g_hash_table_iter_remove (&iter);
  }
  update_compare_button (self);
}

/* While a delete can still be undone, the row is only hidden. */
void
vol_history_hide (VolHistory *self,
                  const char *path,
                  gboolean    hidden)
{
  if (hidden)
    g_hash_table_add (self->hidden, g_strdup (path));
  else
    g_hash_table_remove (self->hidden, path);
  vol_history_reload (self);
}

guint
vol_history_get_n_items (VolHistory *self)
{
  return self->n_items;
}

GtkWidget *
vol_history_new (const char *dir)
{
  VolHistory *self = g_object_new (VOL_TYPE_HISTORY, NULL);

  self->dir = g_strdup (dir);
  vol_history_reload (self);
  return GTK_WIDGET (self);
}

static void
vol_history_finalize (GObject *object)
{
  VolHistory *self = VOL_HISTORY (object);

  g_free (self->dir);
  g_hash_table_unref (self->hidden);
  g_hash_table_unref (self->chosen);
  g_hash_table_unref (self->cache);
  G_OBJECT_CLASS (vol_history_parent_class)->finalize (object);
}

static void
vol_history_class_init (VolHistoryClass *klass)
{
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
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, row_text_free);
  {
    GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *hint = gtk_label_new (_("Tick results to compare them on one chart."));
    gtk_widget_add_css_class (hint, "dim-label");
    gtk_label_set_xalign (GTK_LABEL (hint), 0);
    gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
    gtk_widget_set_hexpand (hint, TRUE);
    self->compare_button = gtk_button_new_with_mnemonic (_("_Compare Selected"));
    gtk_widget_add_css_class (self->compare_button, "suggested-action");
    g_signal_connect (self->compare_button, "clicked", G_CALLBACK (compare_clicked_cb), self);
    gtk_box_append (GTK_BOX (bar), hint);
    gtk_box_append (GTK_BOX (bar), self->compare_button);
    gtk_widget_set_margin_bottom (bar, 12);
    gtk_box_append (GTK_BOX (self), bar);
  }
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  self->empty = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->empty), "document-open-recent-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty), _("No Saved Results"));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->empty), _("Every run is saved here when it ends."));
  gtk_box_append (GTK_BOX (self), self->list);
  gtk_box_append (GTK_BOX (self), self->empty);
}
