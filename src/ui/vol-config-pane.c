/* vol-config-pane.c — the test-configuration pane
 *
 * Nothing here knows a particular test: the rows come from the registry's
 * VolParamDesc, and validation is vol_param_parse_titled(), the CLI's
 * check with the row's title in the message, plus the check against the
 * chosen volume's free space that the CLI can only make after its probe.
 *
 * Probing a volume reads the mount table, /sys and the filesystem itself,
 * and a dead network mount can block any of those for minutes: every
 * probe runs in a GTask thread, the list of volumes fills in as they
 * answer, and a target still being probed says so instead of freezing
 * the window.
 *
 * The last entry of the list is not a volume: "Remote hosts" runs the test
 * on other machines through fio's client/server mode (vol-remote.h). It
 * is never probed; its hosts and folder are typed in a VolRemotePane, and
 * a test fio cannot do there is refused under the parameters, with the
 * engine's reason, like a test that cannot run on a chosen volume.
 */

#include "vol-config-pane.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-param-store.h"
#include "vol-probe.h"
#include "vol-estimate.h"
#include "vol-registry.h"
#include "vol-remote.h"
#include "vol-remote-pane.h"
#include "vol-size.h"

typedef struct
{
  const VolParamDesc *desc;
  AdwActionRow       *row;
  GtkWidget          *editor;
  GVariant           *value;     /* last valid value, NULL when unset or invalid */
  char               *error;     /* the message shown, NULL when valid */
} ParamRow;

/* One entry of the volume list. Probing while both info and error are
 * NULL. Entries are only ever added, so an index stays valid. */
typedef struct
{
  char          *path;       /* as asked for: a listed volume's folder, a chosen one */
  VolTargetInfo *info;       /* what the probe found */
  char          *error;      /* why the probe failed */
  gboolean       announce;   /* chosen by the user: a failure gets a dialog */
  int            partitions; /* a listed disk's; -1 not a listed disk */
  gboolean       remote;     /* "Remote hosts": no path, never probed, always last */
} Target;

struct _VolConfigPane
{
  GtkBox               parent_instance;

  GSettings           *settings;
  AdwComboRow         *target_row;
  AdwActionRow        *target_info_row;
  VolRemotePane       *remote_pane;  /* shown while "Remote hosts" is chosen */
  AdwComboRow         *test_row;
  AdwPreferencesGroup *params_group;
  AdwComboRow         *pattern_row;
  AdwEntryRow         *label_row;
  AdwActionRow        *name_row;     /* the name Start would give the result */
  char                *run_name;     /* its text: the label typed, else the automatic name */
  char                *label_owner;  /* the test and target the label was typed for */
  gboolean             clearing_label; /* follow_label() empties the field: no second pass */

  GPtrArray           *targets;      /* of Target*, parallel to target_row's model */
  GtkStringList       *target_names;
  guint                chosen;       /* the target meant, whatever the combo says while its list changes */
  gboolean             updating;     /* changing the list's texts: not the user choosing */
  GCancellable        *cancellable;  /* probes of a pane that has gone */
  GVariant            *store;        /* texts typed, by test and parameter (vol-param-store.h) */
  AdwActionRow        *check_row;    /* a cross-parameter problem, under the rows */
  AdwActionRow        *estimate_row; /* what Start would write, and for how long */
  char                *estimate_text;
  GPtrArray           *kinds;        /* of const VolTestKind*, runnable ones */
  GPtrArray           *rows;         /* of ParamRow* for the current test */
  GtkWidget           *choose_button;
  gboolean             valid;
  gboolean             loading;      /* restoring settings: no saving meanwhile */
  gboolean             disks_listed; /* the machine's disks asked for (a test that reads one) */
};

G_DEFINE_FINAL_TYPE (VolConfigPane, vol_config_pane, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  TARGET_SETTLED,
  CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
target_free (gpointer data)
{
  Target *target = data;

  g_free (target->path);
  g_clear_pointer (&target->info, vol_target_info_free);
  g_free (target->error);
  g_free (target);
}

static Target *
chosen_target (VolConfigPane *self)
{
  return self->chosen < self->targets->len ? g_ptr_array_index (self->targets, self->chosen) : NULL;
}

/**
 * vol_config_pane_is_remote:
 *
 * Whether "Remote hosts" is the chosen target: Start then runs the test
 * on the hosts (vol_config_pane_get_hosts()), in the spec's target folder
 * there.
 */
gboolean
vol_config_pane_is_remote (VolConfigPane *self)
{
  const Target *target = chosen_target (self);

  return target != NULL && target->remote;
}

/**
 * vol_config_pane_get_chosen_path: the chosen target's folder, probed or not
 *
 * vol_config_pane_is_probing:
 *
 * Whether the chosen target's probe has not answered yet (neither a
 * description nor an error). "target-settled" follows when it does.
 */
const char *
vol_config_pane_get_chosen_path (VolConfigPane *self)
{
  const Target *target = chosen_target (self);

  return target ? target->path : NULL;
}

gboolean
vol_config_pane_is_probing (VolConfigPane *self)
{
  const Target *target = chosen_target (self);

  return target != NULL && !target->remote && target->info == NULL && target->error == NULL;
}

static void
param_row_free (gpointer data)
{
  ParamRow *row = data;

  g_clear_pointer (&row->value, g_variant_unref);
  g_free (row->error);
  g_free (row);
}

static const VolTestKind *
current_kind (VolConfigPane *self)
{
  guint i = adw_combo_row_get_selected (self->test_row);

  return i < self->kinds->len ? g_ptr_array_index (self->kinds, i) : NULL;
}

/* ---- the label: one run's -------------------------------------------------- */

static void update_valid (VolConfigPane *self);

/* What the result is called when no label is typed: the test and where it
 * runs, as the probe found it ("Random I/O — ext4 on loop0"), so two runs
 * on two volumes never share a name no one gave them. */
static char *
automatic_name (VolConfigPane *self)
{
  const VolTestKind *kind = current_kind (self);
  const Target *target = chosen_target (self);
  const VolTargetInfo *info = target ? target->info : NULL;
  g_autoptr(GString) where = g_string_new (NULL);

  if (kind == NULL)
    return NULL;
  if (target == NULL)
    return g_strdup (_(kind->info.title));
  if (target->remote)
    {
      const char *folder = vol_remote_pane_get_folder (self->remote_pane);
      /* TRANSLATORS: a result's automatic name: the test, then the folder on the remote hosts */
      return g_strdup_printf (_("%s — remote hosts, %s"), _(kind->info.title), folder && *folder ? folder : "…");
    }
  if (info == NULL || vol_target_info_is_device (info))
    /* a device read itself, or a folder not probed yet: its path */
    g_string_append (where, info ? info->path : target->path);
  else
    {
      g_string_append (where, info->fs_type ? info->fs_type : _("unknown filesystem"));
      if (info->device || info->mount_source)
        g_string_append_printf (where, _(" on %s"), info->device ? info->device : info->mount_source);
      if (info->raid_level)
        {
          /* "btrfs on loop0, raid0", not "…, btrfs raid0" */
          const char *level = info->raid_level;
          if (info->fs_type && g_str_has_prefix (level, info->fs_type) && level[strlen (info->fs_type)] == ' ')
            level += strlen (info->fs_type) + 1;
          g_string_append_printf (where, ", %s", level);
        }
    }
  /* TRANSLATORS: a result's automatic name: the test, then the target ("Random I/O — ext4 on loop0") */
  return g_strdup_printf (_("%s — %s"), _(kind->info.title), where->str);
}

/* The one rule of the label. It belongs to one run: typed for a test on a
 * target, it is emptied when either changes (a probe answering is no
 * change) and when a run has taken it (@used), so it never titles a later
 * run somewhere else. The name the result will get, shown under it and
 * given to the spec, is the label, else automatic_name(). A label
 * restored at start-up stays with the test and target restored with it:
 * the first pair seen owns it. */
static void
follow_label (VolConfigPane *self,
              gboolean       used)
{
  const VolTestKind *kind = current_kind (self);
  const Target *target = chosen_target (self);
  g_autofree char *owner = NULL;
  g_autofree char *name = NULL;
  g_autofree char *automatic = NULL;
  const char *label;

  if (self->label_row == NULL || self->name_row == NULL)
    return;   /* still being built */
  /* nothing chosen yet (the list still filling): no owner to compare with */
  if (kind != NULL && target != NULL)
    owner = g_strconcat (kind->info.name, "\n", target->remote ? "" : target->path, NULL);
  if (owner != NULL && g_strcmp0 (owner, self->label_owner) != 0)
    {
      /* (not "loading": the rows are revalidated under it on every change) */
      used = used || self->label_owner != NULL;
      g_free (self->label_owner);
      self->label_owner = g_steal_pointer (&owner);
    }
  if (used && *gtk_editable_get_text (GTK_EDITABLE (self->label_row)) != '\0')
    {
      self->clearing_label = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->label_row), "");
      self->clearing_label = FALSE;
    }

  label = gtk_editable_get_text (GTK_EDITABLE (self->label_row));
  automatic = automatic_name (self);
  /* spaces alone name nothing */
  name = g_strstrip (g_strdup (label));
  if (*name == '\0')
    g_clear_pointer (&name, g_free);
  g_free (self->run_name);
  self->run_name = name ? g_steal_pointer (&name) : g_steal_pointer (&automatic);
  adw_action_row_set_subtitle (self->name_row, self->run_name ? self->run_name : "");
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), self->run_name != NULL);
}

/**
 * vol_config_pane_label_used:
 *
 * A run took the label (its result is saved with it): the field is
 * emptied for the next run, which gets the automatic name unless a new
 * label is typed.
 */
void
vol_config_pane_label_used (VolConfigPane *self)
{
  g_return_if_fail (VOL_IS_CONFIG_PANE (self));
  follow_label (self, TRUE);
  update_valid (self);
}

/**
 * vol_config_pane_get_label: the label as typed ("" when none)
 *
 * vol_config_pane_get_run_name:
 *
 * Returns: (nullable): the name Start would give the result: the label
 *   typed, else the test and target's automatic name; NULL with no test
 */
const char *
vol_config_pane_get_label (VolConfigPane *self)
{
  g_return_val_if_fail (VOL_IS_CONFIG_PANE (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->label_row));
}

const char *
vol_config_pane_get_run_name (VolConfigPane *self)
{
  g_return_val_if_fail (VOL_IS_CONFIG_PANE (self), NULL);
  return self->run_name;
}

/* The test's own cross-parameter check ("to" below "from"), shown under
 * the rows once each row is valid, so Start is not the first to say it. */
static void
check_params (VolConfigPane *self)
{
  const VolTestKind *kind = current_kind (self);
  const VolTargetInfo *target = vol_config_pane_get_target_info (self);
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GError) error = NULL;
  GVariantBuilder params;
  gboolean rows_valid = TRUE;
  const char *spec_target = target ? target->path : "/";

  if (kind == NULL || self->check_row == NULL)
    return;
  g_variant_builder_init (&params, G_VARIANT_TYPE_VARDICT);
  for (guint i = 0; i < self->rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->rows, i);
      rows_valid &= row->error == NULL;
      if (row->value)
        g_variant_builder_add (&params, "{sv}", row->desc->key, row->value);
    }
  if (vol_config_pane_is_remote (self))
    {
      /* the folder on the hosts, once it is one: the job names it */
      const char *folder = vol_remote_pane_get_folder (self->remote_pane);
      spec_target = g_path_is_absolute (folder) ? folder : "/";
    }
  /* the name too (the label typed, else the automatic one): a control
   * character in it is shown in the row below the values and keeps Start
   * insensitive, as a bad folder does */
  spec = vol_test_spec_new (kind->info.name, spec_target, VOL_DATA_PATTERN_RANDOM, 0, self->run_name,
                            g_variant_builder_end (&params));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->check_row),
                                 vol_config_pane_is_remote (self) ? _("Cannot run on the hosts")
                                                                  : _("These values do not go together"));
  if (vol_config_pane_is_remote (self))
    {
      /* the test first: no host or folder typed would make it run remotely */
      gboolean remote_ok = FALSE;

      if (vol_remote_kind_supported (kind->info.name, &error) && vol_remote_pane_check (self->remote_pane, &error)
          && rows_valid && vol_test_spec_validate (spec, &kind->info, &error))
        {
          /* what fio's job cannot take is found now, as the command
           * line finds it before calling any host */
          g_autofree char *job = vol_remote_job (spec, &error);
          remote_ok = job != NULL;
        }
      if (error != NULL)
        {
          g_autofree char *message = vol_test_info_title_message (&kind->info, error->message);
          adw_action_row_set_subtitle (self->check_row, message);
          gtk_widget_set_visible (GTK_WIDGET (self->check_row), TRUE);
        }
      else
        gtk_widget_set_visible (GTK_WIDGET (self->check_row), FALSE);
      vol_remote_pane_set_job_available (self->remote_pane, remote_ok);
      rows_valid = rows_valid && remote_ok;
    }
  else if (target != NULL && vol_target_info_is_device (target) && !kind->info.reads_device)
    {
      g_autofree char *message = g_strdup_printf (_("%s is a device: this test writes its files in a folder. "
                                                    "Choose a volume, or Read across the device, which reads a device itself."),
                                                  target->path);
      adw_action_row_set_subtitle (self->check_row, message);
      gtk_widget_set_visible (GTK_WIDGET (self->check_row), TRUE);
      rows_valid = FALSE;
    }
  else if (rows_valid && !vol_test_spec_validate (spec, &kind->info, &error))
    {
      g_autofree char *message = vol_test_info_title_message (&kind->info, error->message);
      adw_action_row_set_subtitle (self->check_row, message);
      gtk_widget_set_visible (GTK_WIDGET (self->check_row), TRUE);
      rows_valid = FALSE;
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->check_row), FALSE);

  /* Before Start: what the run will write and for about how long, from
   * the values as they stand and the chosen volume's free space. */
  if (self->estimate_row != NULL)
    {
      VolEstimate estimate;
      gboolean shown = rows_valid && target != NULL
                       && vol_test_info_estimate (&kind->info, spec, target->free_bytes, target->capacity_bytes, &estimate);

      g_clear_pointer (&self->estimate_text, g_free);
      if (shown)
        {
          self->estimate_text = vol_estimate_describe (&estimate);
          adw_action_row_set_subtitle (self->estimate_row, self->estimate_text);
        }
      gtk_widget_set_visible (GTK_WIDGET (self->estimate_row), shown);
    }
}

static void
update_valid (VolConfigPane *self)
{
  gboolean valid = (vol_config_pane_get_target_info (self) != NULL || vol_config_pane_is_remote (self))
                   && current_kind (self) != NULL;

  follow_label (self, FALSE);
  for (guint i = 0; i < self->rows->len && valid; i++)
    valid = ((ParamRow *) g_ptr_array_index (self->rows, i))->error == NULL;
  check_params (self);
  if (valid && self->check_row != NULL)
    valid = !gtk_widget_get_visible (GTK_WIDGET (self->check_row));
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static char *
editor_text (ParamRow *row)
{
  if (GTK_IS_SPIN_BUTTON (row->editor))
    {
      double v = gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->editor));
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      if (row->desc->type == VOL_PARAM_INT)
        return g_strdup_printf ("%.0f", v);
      return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", v));
    }
  if (GTK_IS_DROP_DOWN (row->editor))
    {
      guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->editor));
      return g_strdup (row->desc->choices[i]);
    }
  if (GTK_IS_SWITCH (row->editor))
    return g_strdup (gtk_switch_get_active (GTK_SWITCH (row->editor)) ? "yes" : "no");
  return g_strdup (gtk_editable_get_text (GTK_EDITABLE (row->editor)));
}

/* Validates one row from what its editor holds; the message goes where
 * the help text was, and the row turns red. */
static void
validate_row (VolConfigPane *self,
              ParamRow      *row)
{
  g_autofree char *text = editor_text (row);
  g_autoptr(GError) error = NULL;
  GVariant *value = NULL;

  g_clear_pointer (&row->value, g_variant_unref);
  g_clear_pointer (&row->error, g_free);
  g_strstrip (text);

  if (*text == '\0' && (row->desc->flags & VOL_PARAM_FLAG_OPTIONAL))
    ;   /* unset: the test's own default behaviour */
  else if (!vol_param_parse_titled (row->desc, text, &value, &error))
    row->error = g_strdup (error->message);
  else
    {
      const VolTargetInfo *info = vol_config_pane_get_target_info (self);
      row->value = value;
      /* a range that depends on the volume: checked now, not after Start */
      if (info != NULL
          && !vol_param_check_space (row->desc, value, info->capacity_bytes, info->free_bytes,
                                     info->mount_point ? info->mount_point : info->path, &error))
        row->error = g_strdup (error->message);
    }

  adw_action_row_set_subtitle (row->row, row->error ? row->error : _(row->desc->help));
  if (row->error)
    gtk_widget_add_css_class (GTK_WIDGET (row->row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row->row), "error");
  if (GTK_IS_ENTRY (row->editor))
    {
      if (row->error)
        gtk_widget_add_css_class (row->editor, "error");
      else
        gtk_widget_remove_css_class (row->editor, "error");
    }
  update_valid (self);
  if (!self->loading)
    vol_config_pane_save (self);
}

static void
editor_changed_cb (GObject    *editor,
                   GParamSpec *pspec,
                   gpointer    user_data)
{
  VolConfigPane *self = g_object_get_data (editor, "vol-pane");
  validate_row (self, user_data);
}

static void
entry_changed_cb (GtkEditable *editable,
                  gpointer     user_data)
{
  VolConfigPane *self = g_object_get_data (G_OBJECT (editable), "vol-pane");
  validate_row (self, user_data);
}

#define SPIN_LIMIT 1e15   /* integers a double holds exactly */

static GtkWidget *
make_editor (VolConfigPane      *self,
             ParamRow           *row,
             const char         *text)
{
  const VolParamDesc *desc = row->desc;
  GtkWidget *editor;

  switch (desc->type)
    {
    case VOL_PARAM_INT:
    case VOL_PARAM_DOUBLE:
      /* The button's own range is wider than the parameter's: a spin
       * button clamps silently (0 became 1), the row's check says the
       * range instead. */
      editor = gtk_spin_button_new_with_range (-SPIN_LIMIT, SPIN_LIMIT, desc->type == VOL_PARAM_INT ? 1 : 0.5);
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (editor), desc->type == VOL_PARAM_INT ? 0 : 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (editor), TRUE);
      gtk_editable_set_width_chars (GTK_EDITABLE (editor), 7);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (editor), text ? g_ascii_strtod (text, NULL) : desc->min);
      g_signal_connect (editor, "notify::value", G_CALLBACK (editor_changed_cb), row);
      break;

    case VOL_PARAM_CHOICE:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
        for (guint i = 0; desc->choices[i]; i++)
          gtk_string_list_append (labels, vol_param_choice_label (desc, i));
        editor = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
      }
      for (guint i = 0; desc->choices[i]; i++)
        if (g_strcmp0 (desc->choices[i], text) == 0)
          gtk_drop_down_set_selected (GTK_DROP_DOWN (editor), i);
      g_signal_connect (editor, "notify::selected", G_CALLBACK (editor_changed_cb), row);
      break;

    case VOL_PARAM_BOOL:
      editor = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (editor), g_strcmp0 (text, "yes") == 0);
      g_signal_connect (editor, "notify::active", G_CALLBACK (editor_changed_cb), row);
      break;

    default:
      editor = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (editor), text ? text : "");
      gtk_editable_set_width_chars (GTK_EDITABLE (editor), 10);
      gtk_entry_set_alignment (GTK_ENTRY (editor), 1.0);
      if (desc->flags & VOL_PARAM_FLAG_OPTIONAL)
        gtk_entry_set_placeholder_text (GTK_ENTRY (editor), _("none"));
      g_signal_connect (editor, "changed", G_CALLBACK (entry_changed_cb), row);
      break;
    }
  g_object_set_data (G_OBJECT (editor), "vol-pane", self);
  gtk_widget_set_valign (editor, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (editor, "numeric");
  gtk_accessible_update_property (GTK_ACCESSIBLE (editor), GTK_ACCESSIBLE_PROPERTY_LABEL, _(desc->title),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(desc->help), -1);
  return editor;
}

/* What was last typed for this test's parameter, else its default */
static char *
saved_text (VolConfigPane      *self,
            const VolTestKind  *kind,
            const VolParamDesc *desc)
{
  char *text = vol_param_store_lookup (self->store, kind->info.name, desc->key);

  return text ? text : g_strdup (desc->default_value);
}

static void
rebuild_params (VolConfigPane *self)
{
  const VolTestKind *kind = current_kind (self);

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->params_group,
                                  GTK_WIDGET (((ParamRow *) g_ptr_array_index (self->rows, i))->row));
  g_ptr_array_set_size (self->rows, 0);
  if (self->check_row != NULL)
    adw_preferences_group_remove (self->params_group, GTK_WIDGET (self->check_row));
  self->check_row = NULL;
  if (self->estimate_row != NULL)
    adw_preferences_group_remove (self->params_group, GTK_WIDGET (self->estimate_row));
  self->estimate_row = NULL;
  if (kind == NULL)
    return;

  adw_preferences_group_set_description (self->params_group, _(kind->info.description));
  for (guint i = 0; i < kind->info.n_params; i++)
    {
      ParamRow *row = g_new0 (ParamRow, 1);
      g_autofree char *text = NULL;

      row->desc = &kind->info.params[i];
      text = saved_text (self, kind, row->desc);
      row->row = ADW_ACTION_ROW (adw_action_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), _(row->desc->title));
      adw_action_row_set_subtitle (row->row, _(row->desc->help));
      adw_action_row_set_subtitle_lines (row->row, 3);
      row->editor = make_editor (self, row, text);
      adw_action_row_add_suffix (row->row, row->editor);
      adw_action_row_set_activatable_widget (row->row, row->editor);
      adw_preferences_group_add (self->params_group, GTK_WIDGET (row->row));
      g_ptr_array_add (self->rows, row);
      validate_row (self, row);
    }
  self->check_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->check_row), _("These values do not go together"));
  adw_action_row_set_subtitle_lines (self->check_row, 4);
  /* its messages quote what was typed ("host “a&b”…"): plain text */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->check_row), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->check_row), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->check_row), FALSE);
  adw_preferences_group_add (self->params_group, GTK_WIDGET (self->check_row));
  self->estimate_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->estimate_row), _("Before you start"));
  adw_action_row_set_subtitle_lines (self->estimate_row, 3);
  adw_action_row_add_prefix (self->estimate_row, gtk_image_new_from_icon_name ("dialog-information-symbolic"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->estimate_row),
                               _("Times that depend on the device are reckoned at 100 MB/s and 500 I/Os per second, "
                                 "a slow disk’s pace: a fast drive takes less."));
  gtk_widget_set_visible (GTK_WIDGET (self->estimate_row), FALSE);
  adw_preferences_group_add (self->params_group, GTK_WIDGET (self->estimate_row));
  update_valid (self);
}

/* The target changed or its probe answered: ranges that depend on it */
static void
revalidate_rows (VolConfigPane *self)
{
  gboolean loading = self->loading;

  self->loading = TRUE;
  for (guint i = 0; i < self->rows->len; i++)
    validate_row (self, g_ptr_array_index (self->rows, i));
  self->loading = loading;
  update_valid (self);
}

static void list_disks (VolConfigPane *self);

static void
test_selected_cb (AdwComboRow   *combo,
                  GParamSpec    *pspec,
                  VolConfigPane *self)
{
  rebuild_params (self);
  list_disks (self);
  if (!self->loading)
    vol_config_pane_save (self);
}

static char *
describe_target (const Target *target)
{
  if (target->remote)
    return g_strdup (_("Remote hosts"));
  if (target->info != NULL && vol_target_info_is_device (target->info))
    {
      const VolTargetInfo *info = target->info;
      g_autofree char *size = vol_size_format (info->capacity_bytes);
      const char *kind = info->rotational == 1 ? _("spinning disk") : info->rotational == 0 ? _("solid state") : NULL;
      GString *text = g_string_new (info->path);

      g_string_append_printf (text, " — %s", size);
      if (info->model)
        g_string_append_printf (text, ", %s", info->model);
      if (kind)
        g_string_append_printf (text, ", %s", kind);
      if (target->partitions > 0)
        g_string_append_printf (text, ngettext (", %d partition", ", %d partitions", target->partitions),
                                target->partitions);
      return g_string_free (text, FALSE);
    }
  if (target->info != NULL)
    {
      const VolTargetInfo *info = target->info;
      g_autofree char *free_text = vol_size_format (info->free_bytes);
      g_autofree char *cap = vol_size_format (info->capacity_bytes);
      /* the folder, not its mount point: a chosen folder and its volume
       * are two entries that must not read the same */
      return g_strdup_printf (_("%s — %s free of %s"), info->path, free_text, cap);
    }
  if (target->error != NULL)
    return g_strdup_printf (_("%s — cannot be used"), target->path);
  return g_strdup_printf (_("%s — finding out what it is…"), target->path);
}

/* The row under the list: what the chosen target is, or why not yet */
static void
show_chosen (VolConfigPane *self)
{
  Target *target = chosen_target (self);
  g_autofree char *title = NULL;
  g_autofree char *desc = NULL;

  /* the remote hosts' rows, only while they are the target */
  gtk_widget_set_visible (GTK_WIDGET (self->remote_pane), target != NULL && target->remote);
  if (target == NULL)
    {
      /* the list always holds "Remote hosts": volumes are the others */
      title = g_strdup (self->targets->len > 1 ? _("No volume chosen") : _("Looking for volumes…"));
      desc = g_strdup ("");
    }
  else if (target->remote)
    {
      title = g_strdup (_("Tests on remote hosts"));
      desc = g_strdup (_("The test runs on every host named below at once, in the folder named there; "
                         "nothing is written on this computer but the results."));
    }
  else if (target->info != NULL && vol_target_info_is_device (target->info))
    {
      /* TRANSLATORS: a device read by Read across the device, "Reads /dev/sda" */
      title = g_strdup_printf (_("Reads %s, writes nothing"), target->info->path);
      desc = vol_target_info_describe (target->info);
    }
  else if (target->info != NULL)
    {
      title = g_strdup_printf (_("Tests in %s"), target->info->path);
      desc = vol_target_info_describe (target->info);
    }
  else if (target->error != NULL)
    {
      title = g_strdup_printf (_("Cannot use %s"), target->path);
      desc = g_strdup (target->error);
    }
  else
    {
      title = g_strdup_printf (_("Finding out what %s is…"), target->path);
      desc = g_strdup (_("The volume has not answered yet. A network volume that does not answer keeps it waiting; choose another meanwhile."));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_info_row), title);
  adw_action_row_set_subtitle (self->target_info_row, desc);
}

/* Shows the chosen target in the combo row again after its list changed */
static void
select_chosen (VolConfigPane *self)
{
  self->updating = TRUE;
  adw_combo_row_set_selected (self->target_row,
                              self->chosen < self->targets->len ? self->chosen : GTK_INVALID_LIST_POSITION);
  self->updating = FALSE;
}

static void
target_changed (VolConfigPane *self)
{
  show_chosen (self);
  revalidate_rows (self);
  if (!self->loading)
    vol_config_pane_save (self);
  if (!vol_config_pane_is_probing (self))
    g_signal_emit (self, signals[TARGET_SETTLED], 0);
}

static void
target_selected_cb (AdwComboRow   *combo,
                    GParamSpec    *pspec,
                    VolConfigPane *self)
{
  if (self->updating)
    return;
  self->chosen = adw_combo_row_get_selected (self->target_row);
  target_changed (self);
}

static void
update_target_name (VolConfigPane *self,
                    guint          index)
{
  g_autofree char *name = describe_target (g_ptr_array_index (self->targets, index));
  const char *names[] = { name, NULL };

  self->updating = TRUE;
  gtk_string_list_splice (self->target_names, index, 1, names);
  self->updating = FALSE;
  select_chosen (self);
}

static guint
find_target (VolConfigPane *self,
             const char    *path)
{
  for (guint i = 0; i < self->targets->len; i++)
    {
      Target *target = g_ptr_array_index (self->targets, i);
      if (g_strcmp0 (target->path, path) == 0 || (target->info && g_strcmp0 (target->info->path, path) == 0))
        return i;
    }
  return G_MAXUINT;
}

/* A volume goes before "Remote hosts", which stays last; the index of
 * the entries after it (the chosen one's too) moves by one. */
static guint
add_target (VolConfigPane *self,
            Target        *target)
{
  g_autofree char *name = describe_target (target);
  const char *names[] = { name, NULL };
  guint index = self->targets->len;

  if (index > 0 && ((Target *) g_ptr_array_index (self->targets, index - 1))->remote && !target->remote)
    index--;
  g_ptr_array_insert (self->targets, (int) index, target);
  if (self->chosen != G_MAXUINT && self->chosen >= index)
    self->chosen++;
  self->updating = TRUE;
  gtk_string_list_splice (self->target_names, index, 0, names);
  self->updating = FALSE;
  select_chosen (self);
  return index;
}

/* ---- probing, off the main thread ---------------------------------------- */

static void
probe_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  /* a device chosen for a test that reads one, or a folder */
  VolTargetInfo *info = g_str_has_prefix (task_data, "/dev/") ? vol_target_probe_device (task_data, &error)
                                                               : vol_target_probe (task_data, &error);

  if (info != NULL)
    g_task_return_pointer (task, info, (GDestroyNotify) vol_target_info_free);
  else
    g_task_return_error (task, error);
}

static void
probe_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  VolConfigPane *self = VOL_CONFIG_PANE (source);
  const char *path = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  VolTargetInfo *info = g_task_propagate_pointer (G_TASK (result), &error);
  Target *target;
  guint index;

  if (g_cancellable_is_cancelled (self->cancellable))
    {
      g_clear_pointer (&info, vol_target_info_free);
      return;
    }
  for (index = 0; index < self->targets->len; index++)
    if (g_strcmp0 (((Target *) g_ptr_array_index (self->targets, index))->path, path) == 0)
      break;
  g_return_if_fail (index < self->targets->len);
  target = g_ptr_array_index (self->targets, index);
  g_clear_pointer (&target->info, vol_target_info_free);
  g_clear_pointer (&target->error, g_free);
  target->info = info;
  if (info == NULL)
    target->error = g_strdup (error->message);
  update_target_name (self, index);
  if (index == self->chosen)
    target_changed (self);

  if (info == NULL && target->announce)
    {
      GtkWidget *toplevel = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (toplevel) ? GTK_WINDOW (toplevel) : NULL,
                                                  _("Cannot Use This Folder"), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
  target->announce = FALSE;
}

static void
probe_target (VolConfigPane *self,
              Target        *target)
{
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, probe_done_cb, NULL);

  g_task_set_source_tag (task, probe_target);
  g_task_set_task_data (task, g_strdup (target->path), g_free);
  g_task_run_in_thread (task, probe_thread);
}

typedef struct
{
  VolConfigPane *self;
  VolTargetInfo *info;
} FoundVolume;

/* main thread: one listed volume answered */
static gboolean
volume_found_cb (gpointer data)
{
  FoundVolume *found = data;
  VolConfigPane *self = found->self;
  VolTargetInfo *info = g_steal_pointer (&found->info);
  Target *target;
  guint index;

  if (g_cancellable_is_cancelled (self->cancellable) || find_target (self, info->path) != G_MAXUINT)
    {
      vol_target_info_free (info);
      return G_SOURCE_REMOVE;
    }
  target = g_new0 (Target, 1);
  target->path = g_strdup (info->path);
  target->info = info;
  target->partitions = -1;
  index = add_target (self, target);
  if (self->chosen >= self->targets->len)
    {
      /* nothing chosen or restored: the first volume that answers */
      self->chosen = index;
      select_chosen (self);
      target_changed (self);
    }
  else
    show_chosen (self);
  return G_SOURCE_REMOVE;
}

static void
found_volume_free (gpointer data)
{
  FoundVolume *found = data;

  g_clear_pointer (&found->info, vol_target_info_free);
  g_object_unref (found->self);
  g_free (found);
}

/* worker thread */
static void
volume_probed (VolTargetInfo *info,
               gpointer       user_data)
{
  GTask *task = user_data;
  FoundVolume *found = g_new0 (FoundVolume, 1);

  found->self = g_object_ref (g_task_get_source_object (task));
  found->info = info;
  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, volume_found_cb, found,
                              found_volume_free);
}

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (vol_probe_list_volumes_each ("/", volume_probed, task, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
list_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  VolConfigPane *self = VOL_CONFIG_PANE (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_message ("Cannot list the mounted volumes: %s", error->message);
  if (!g_cancellable_is_cancelled (self->cancellable))
    show_chosen (self);
}

/* ---- the machine's disks, for a test that reads one ---------------------- */

static void
disks_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  g_task_return_pointer (task, vol_probe_list_disks (), (GDestroyNotify) g_ptr_array_unref);
}

static void
disks_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  VolConfigPane *self = VOL_CONFIG_PANE (source);
  g_autoptr(GPtrArray) disks = g_task_propagate_pointer (G_TASK (result), NULL);

  if (g_cancellable_is_cancelled (self->cancellable) || disks == NULL)
    return;
  for (guint i = 0; i < disks->len; i++)
    {
      VolDisk *disk = g_ptr_array_index (disks, i);
      Target *target;

      if (find_target (self, disk->path) != G_MAXUINT)
        continue;
      target = g_new0 (Target, 1);
      target->path = g_strdup (disk->path);
      target->info = g_steal_pointer (&disk->info);
      target->partitions = (int) disk->partitions;
      add_target (self, target);
    }
  show_chosen (self);
}

/* The disks join the list the first time a test that reads one is
 * chosen; a user who never does never sees them. */
static void
list_disks (VolConfigPane *self)
{
  g_autoptr(GTask) task = NULL;
  const VolTestKind *kind = current_kind (self);

  if (self->disks_listed || kind == NULL || !kind->info.reads_device)
    return;
  self->disks_listed = TRUE;
  task = g_task_new (self, self->cancellable, disks_done_cb, NULL);
  g_task_set_source_tag (task, list_disks);
  g_task_run_in_thread (task, disks_thread);
}

/**
 * vol_config_pane_set_target:
 *
 * Chooses @path as the target: one of the listed volumes, or a folder
 * added to the list. The probe runs in a thread: until it answers, the
 * pane is not valid and says it is waiting; a folder that cannot be used
 * then says why (a dialog, and the row under the list).
 */
gboolean
vol_config_pane_set_target (VolConfigPane  *self,
                            const char     *path,
                            GError        **error)
{
  guint index = find_target (self, path);
  Target *target;

  if (path == NULL || *path == '\0')
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("No folder given"));
      return FALSE;
    }
  if (index == G_MAXUINT)
    {
      target = g_new0 (Target, 1);
      target->path = g_strdup (path);
      target->partitions = -1;
      index = add_target (self, target);
      target->announce = !self->loading;
      probe_target (self, target);
    }
  else
    {
      target = g_ptr_array_index (self->targets, index);
      if (target->error != NULL)
        {
          /* it may be back: ask again */
          g_clear_pointer (&target->error, g_free);
          target->announce = !self->loading;
          update_target_name (self, index);
          probe_target (self, target);
        }
    }
  self->chosen = index;
  select_chosen (self);
  target_changed (self);
  return TRUE;
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     VolConfigPane   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = folder ? g_file_get_path (folder) : NULL;

      if (path)
        vol_config_pane_set_target (self, path, NULL);
    }
  g_object_unref (dialog);
}

static void
choose_folder_cb (GtkButton     *button,
                  VolConfigPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Choose a Folder to Test In"), GTK_WINDOW (root),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/**
 * vol_config_pane_get_target_info:
 *
 * The chosen target as probed; %NULL when none is chosen or its probe has
 * not answered (or failed).
 */
const VolTargetInfo *
vol_config_pane_get_target_info (VolConfigPane *self)
{
  Target *target = chosen_target (self);

  return target ? target->info : NULL;
}

gboolean
vol_config_pane_get_valid (VolConfigPane *self)
{
  return self->valid;
}

/**
 * vol_config_pane_set_test:
 * @name: a test kind, "fill", "queue", …
 *
 * Chooses the test, as its drop-down would.
 */
gboolean
vol_config_pane_set_test (VolConfigPane  *self,
                          const char     *name,
                          GError        **error)
{
  for (guint i = 0; i < self->kinds->len; i++)
    if (g_strcmp0 (((const VolTestKind *) g_ptr_array_index (self->kinds, i))->info.name, name) == 0)
      {
        adw_combo_row_set_selected (self->test_row, i);
        return TRUE;
      }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("There is no test called “%s”"), name);
  return FALSE;
}

/**
 * vol_config_pane_get_estimate:
 *
 * Returns: (nullable): the line under the parameters that says what a
 *   run would write and for how long, or NULL when none shows
 */
const char *
vol_config_pane_get_estimate (VolConfigPane *self)
{
  return self->estimate_row && gtk_widget_get_visible (GTK_WIDGET (self->estimate_row)) ? self->estimate_text : NULL;
}

/**
 * vol_config_pane_get_refusal:
 *
 * Returns: (nullable): the message under the parameters that says why the
 *   test cannot run as set (on this target, these hosts), or NULL
 */
const char *
vol_config_pane_get_refusal (VolConfigPane *self)
{
  return self->check_row && gtk_widget_get_visible (GTK_WIDGET (self->check_row))
         ? adw_action_row_get_subtitle (self->check_row) : NULL;
}

/**
 * vol_config_pane_get_test:
 *
 * Returns: (nullable): the chosen test kind's name, "quick", …
 */
const char *
vol_config_pane_get_test (VolConfigPane *self)
{
  const VolTestKind *kind = current_kind (self);

  return kind ? kind->info.name : NULL;
}

/**
 * vol_config_pane_set_param_text:
 *
 * Types @text into the row of @key, as a user would; the row validates it.
 * FALSE with the row's message when it is not accepted.
 */
gboolean
vol_config_pane_set_param_text (VolConfigPane  *self,
                                const char     *key,
                                const char     *text,
                                GError        **error)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->rows, i);
      if (!g_str_equal (row->desc->key, key))
        continue;
      if (GTK_IS_SPIN_BUTTON (row->editor))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->editor), g_ascii_strtod (text, NULL));
      else if (GTK_IS_DROP_DOWN (row->editor))
        {
          for (guint c = 0; row->desc->choices[c]; c++)
            if (g_str_equal (row->desc->choices[c], text))
              gtk_drop_down_set_selected (GTK_DROP_DOWN (row->editor), c);
        }
      else if (GTK_IS_SWITCH (row->editor))
        gtk_switch_set_active (GTK_SWITCH (row->editor), g_str_equal (text, "yes"));
      else
        gtk_editable_set_text (GTK_EDITABLE (row->editor), text);
      validate_row (self, row);
      if (row->error)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, row->error);
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("%s: this test has no such parameter"), key);
  return FALSE;
}

/**
 * vol_config_pane_build_spec:
 *
 * The spec the rows describe, validated as the runner will validate it.
 */
VolTestSpec *
vol_config_pane_build_spec (VolConfigPane  *self,
                            GError        **error)
{
  const VolTestKind *kind = current_kind (self);
  const VolTargetInfo *target = vol_config_pane_get_target_info (self);
  g_autoptr(VolTestSpec) spec = NULL;
  GVariantBuilder params;
  const char *spec_target = target ? target->path : NULL;

  if (vol_config_pane_is_remote (self))
    {
      /* the folder is the one on the hosts: nothing here to probe */
      if (kind == NULL || !vol_remote_kind_supported (kind->info.name, error)
          || !vol_remote_pane_check (self->remote_pane, error))
        return NULL;
      spec_target = vol_remote_pane_get_folder (self->remote_pane);
    }
  else if (target == NULL && chosen_target (self) != NULL)
    {
      const Target *chosen = chosen_target (self);
      if (chosen->error != NULL)
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, chosen->error);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                     _("Still finding out what %s is; wait until it answers, or choose another volume"),
                     chosen->path);
      return NULL;
    }
  if (kind == NULL || spec_target == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Choose a volume and a test first"));
      return NULL;
    }
  g_variant_builder_init (&params, G_VARIANT_TYPE_VARDICT);
  for (guint i = 0; i < self->rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->rows, i);
      if (row->error)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, row->error);
          return NULL;
        }
      if (row->value)
        g_variant_builder_add (&params, "{sv}", row->desc->key, row->value);
    }
  spec = vol_test_spec_new (kind->info.name, spec_target,
                            adw_combo_row_get_selected (self->pattern_row) == 1 ? VOL_DATA_PATTERN_ZEROS
                                                                                 : VOL_DATA_PATTERN_RANDOM,
                            0, self->run_name, g_variant_builder_end (&params));
  if (!vol_test_spec_validate (spec, &kind->info, error))
    {
      if (error && *error)
        {
          g_autofree char *message = vol_test_info_title_message (&kind->info, (*error)->message);
          g_free ((*error)->message);
          (*error)->message = g_steal_pointer (&message);
        }
      return NULL;
    }
  if (vol_config_pane_is_remote (self))
    {
      /* a parameter fio's job cannot take stops it here, before any host is called */
      g_autofree char *job = vol_remote_job (spec, error);
      if (job == NULL)
        return NULL;
    }
  return g_steal_pointer (&spec);
}

/**
 * vol_config_pane_get_hosts:
 *
 * Returns: (transfer full) (element-type VolFioHost) (nullable): the hosts
 *   a remote run goes to; %NULL with the reason when "Remote hosts" is
 *   not the target or the list is refused
 */
GPtrArray *
vol_config_pane_get_hosts (VolConfigPane  *self,
                           GError        **error)
{
  if (!vol_config_pane_is_remote (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Remote hosts are not the target"));
      return NULL;
    }
  return vol_remote_pane_get_hosts (self->remote_pane, error);
}

/**
 * vol_config_pane_set_remote:
 *
 * Chooses "Remote hosts" and types @hosts, @port and @folder in their
 * rows, as a user would. FALSE with the pane's message when they cannot
 * be used (the choice and the texts stay, as typed).
 */
gboolean
vol_config_pane_set_remote (VolConfigPane  *self,
                            const char     *hosts,
                            guint           port,
                            const char     *folder,
                            GError        **error)
{
  for (guint i = 0; i < self->targets->len; i++)
    if (((Target *) g_ptr_array_index (self->targets, i))->remote)
      {
        self->chosen = i;
        select_chosen (self);
      }
  vol_remote_pane_set (self->remote_pane, hosts, port, folder);
  target_changed (self);
  return vol_remote_pane_check (self->remote_pane, error);
}

/* Builds the job Start would send, from the rows as they stand, and
 * shows it; a spec that cannot run says why instead. */
static void
show_job_cb (VolRemotePane *pane,
             VolConfigPane *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolTestSpec) spec = vol_config_pane_build_spec (self, &error);
  g_autofree char *job = spec ? vol_remote_job (spec, &error) : NULL;

  if (job != NULL)
    {
      vol_remote_pane_show_job (pane, job);
      return;
    }
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                _("No Job to Show Yet"), error ? error->message : NULL);
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
    gtk_window_present (GTK_WINDOW (dialog));
  }
}

static void
remote_changed_cb (VolRemotePane *pane,
                   VolConfigPane *self)
{
  update_valid (self);
}

void
vol_config_pane_set_running (VolConfigPane *self,
                             gboolean       running)
{
  /* the configuration of a run in progress cannot change under it */
  gtk_widget_set_sensitive (GTK_WIDGET (self), !running);
}

/**
 * vol_config_pane_save:
 *
 * Remembers the configuration (GSettings) so the next start restores it.
 */
void
vol_config_pane_save (VolConfigPane *self)
{
  const Target *target = chosen_target (self);
  const VolTestKind *kind = current_kind (self);

  if (self->loading)
    return;
  /* this test's texts; every other test's stay as they are */
  for (guint i = 0; kind != NULL && i < self->rows->len; i++)
    {
      ParamRow *row = g_ptr_array_index (self->rows, i);
      g_autofree char *text = editor_text (row);
      GVariant *store = vol_param_store_set (self->store, kind->info.name, row->desc->key, text);
      g_variant_unref (self->store);
      self->store = store;
    }
  if (self->settings == NULL)
    return;
  g_settings_delay (self->settings);
  /* the last volume stays remembered while the hosts are the target */
  if (target && !target->remote)
    g_settings_set_string (self->settings, "target", target->info ? target->info->path : target->path);
  if (kind)
    g_settings_set_string (self->settings, "test", kind->info.name);
  g_settings_set_string (self->settings, "pattern",
                         adw_combo_row_get_selected (self->pattern_row) == 1 ? "zeros" : "random");
  g_settings_set_string (self->settings, "label", gtk_editable_get_text (GTK_EDITABLE (self->label_row)));
  g_settings_set_value (self->settings, "test-params", self->store);
  g_settings_apply (self->settings);
}

static void
other_changed_cb (GObject       *object,
                  GParamSpec    *pspec,
                  VolConfigPane *self)
{
  if (!self->loading)
    vol_config_pane_save (self);
  /* the label is checked with the values (check_params); when
   * follow_label() empties it, its own pass follows */
  if (object == G_OBJECT (self->label_row) && !self->clearing_label)
    update_valid (self);
}

static AdwPreferencesGroup *
add_group (VolConfigPane *self,
           const char    *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  gtk_box_append (GTK_BOX (self), group);
  return ADW_PREFERENCES_GROUP (group);
}

/* The texts by test, and once, what an earlier version kept flat
 * (vol_param_store_from_flat() says which of those are kept). */
static void
restore_store (VolConfigPane *self)
{
  g_autoptr(GVariant) flat = g_settings_get_user_value (self->settings, "params");

  g_clear_pointer (&self->store, g_variant_unref);
  self->store = g_settings_get_value (self->settings, "test-params");
  if (flat != NULL)
    {
      g_autoptr(GVariant) own = g_settings_get_user_value (self->settings, "test-params");
      g_autofree const VolTestInfo **infos = g_new (const VolTestInfo *, self->kinds->len);

      for (guint i = 0; i < self->kinds->len; i++)
        infos[i] = &((const VolTestKind *) g_ptr_array_index (self->kinds, i))->info;
      if (own == NULL)
        {
          g_variant_unref (self->store);
          self->store = vol_param_store_from_flat (flat, infos, self->kinds->len);
          g_settings_set_value (self->settings, "test-params", self->store);
        }
      g_settings_reset (self->settings, "params");
    }
}

static void
restore (VolConfigPane *self)
{
  g_autofree char *target = NULL;
  g_autofree char *test = NULL;
  g_autofree char *pattern = NULL;
  g_autofree char *label = NULL;

  if (self->settings == NULL)
    return;
  self->loading = TRUE;
  restore_store (self);
  target = g_settings_get_string (self->settings, "target");
  test = g_settings_get_string (self->settings, "test");
  pattern = g_settings_get_string (self->settings, "pattern");
  label = g_settings_get_string (self->settings, "label");

  for (guint i = 0; i < self->kinds->len; i++)
    if (g_strcmp0 (((const VolTestKind *) g_ptr_array_index (self->kinds, i))->info.name, test) == 0)
      adw_combo_row_set_selected (self->test_row, i);
  adw_combo_row_set_selected (self->pattern_row, g_strcmp0 (pattern, "zeros") == 0 ? 1 : 0);
  gtk_editable_set_text (GTK_EDITABLE (self->label_row), label);
  /* The first start offers the volume that holds the home folder: the
   * default test (Quick benchmark) writes only its test file there, in a
   * scratch folder it removes. */
  if (target && *target)
    vol_config_pane_set_target (self, target, NULL);
  else if (g_get_home_dir () != NULL)
    vol_config_pane_set_target (self, g_get_home_dir (), NULL);
  rebuild_params (self);
  self->loading = FALSE;
}

GtkWidget *
vol_config_pane_new (GSettings *settings)
{
  VolConfigPane *self = g_object_new (VOL_TYPE_CONFIG_PANE, NULL);
  AdwPreferencesGroup *target_group, *test_group, *data_group;
  g_autoptr(GtkStringList) test_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) patterns = gtk_string_list_new (NULL);
  g_autoptr(GTask) list_task = NULL;
  GtkWidget *choose_row;
  guint n_kinds;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);

  self->settings = settings ? g_object_ref (settings) : NULL;

  /* Target */
  target_group = add_group (self, _("Target"));
  self->target_names = gtk_string_list_new (NULL);
  self->target_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row), _("Volume"));
  adw_combo_row_set_model (self->target_row, G_LIST_MODEL (self->target_names));
  adw_preferences_group_add (target_group, GTK_WIDGET (self->target_row));

  choose_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (choose_row), _("Choose Folder…"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (choose_row), _("Any folder on a mounted volume"));
  self->choose_button = gtk_button_new_from_icon_name ("folder-open-symbolic");
  gtk_widget_set_valign (self->choose_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->choose_button, _("Choose Folder…"));
  gtk_widget_add_css_class (self->choose_button, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choose_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Choose Folder…"), -1);
  g_signal_connect (self->choose_button, "clicked", G_CALLBACK (choose_folder_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (choose_row), self->choose_button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (choose_row), self->choose_button);
  adw_preferences_group_add (target_group, choose_row);

  self->target_info_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_info_row), _("No volume chosen"));
  adw_action_row_set_subtitle_lines (self->target_info_row, 4);
  adw_action_row_add_prefix (self->target_info_row, gtk_image_new_from_icon_name ("drive-harddisk-symbolic"));
  adw_preferences_group_add (target_group, GTK_WIDGET (self->target_info_row));

  /* "Remote hosts", the last entry of the list whatever volumes answer */
  {
    Target *remote = g_new0 (Target, 1);
    remote->remote = TRUE;
    remote->partitions = -1;
    add_target (self, remote);
  }
  self->remote_pane = VOL_REMOTE_PANE (vol_remote_pane_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->remote_pane), FALSE);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->remote_pane));
  g_signal_connect (self->remote_pane, "changed", G_CALLBACK (remote_changed_cb), self);
  g_signal_connect (self->remote_pane, "show-job", G_CALLBACK (show_job_cb), self);

  /* Test */
  test_group = add_group (self, _("Test"));
  self->kinds = g_ptr_array_new ();
  for (guint i = 0; i < n_kinds; i++)
    if (kinds[i]->run != NULL)
      {
        g_ptr_array_add (self->kinds, (gpointer) kinds[i]);
        gtk_string_list_append (test_names, _(kinds[i]->info.title));
      }
  self->test_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->test_row), _("Test"));
  adw_combo_row_set_model (self->test_row, G_LIST_MODEL (test_names));
  adw_preferences_group_add (test_group, GTK_WIDGET (self->test_row));

  self->params_group = add_group (self, _("Parameters"));
  self->rows = g_ptr_array_new_with_free_func (param_row_free);

  /* Data */
  data_group = add_group (self, _("Data"));
  gtk_string_list_append (patterns, _("Random (incompressible)"));
  gtk_string_list_append (patterns, _("Zeros (compressible)"));
  self->pattern_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pattern_row), _("Data Pattern"));
  adw_combo_row_set_model (self->pattern_row, G_LIST_MODEL (patterns));
  adw_preferences_group_add (data_group, GTK_WIDGET (self->pattern_row));
  self->label_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->label_row), _("_Label, e.g. “RAID 0, 64 KiB stripe”"));
  /* Alt+L: a label is typed before each run, straight from the keyboard */
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->label_row), TRUE);
  adw_preferences_group_add (data_group, GTK_WIDGET (self->label_row));
  self->name_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->name_row), _("Result name"));
  adw_action_row_set_subtitle_lines (self->name_row, 3);
  /* the name holds what was typed and what the probe found: plain text */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->name_row), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_row),
                               _("The label names one run: another test or target, or a finished run, "
                                 "empties it. Without one, the result is named after its test and target."));
  adw_preferences_group_add (data_group, GTK_WIDGET (self->name_row));

  restore (self);
  show_chosen (self);
  if (self->rows->len == 0)
    rebuild_params (self);
  list_disks (self);

  /* the volumes appear as they answer; a hung one holds up only itself
   * and those after it in the mount table, never the window */
  list_task = g_task_new (self, self->cancellable, list_done_cb, NULL);
  g_task_set_source_tag (list_task, vol_config_pane_new);
  g_task_run_in_thread (list_task, list_thread);

  g_signal_connect (self->target_row, "notify::selected", G_CALLBACK (target_selected_cb), self);
  g_signal_connect (self->test_row, "notify::selected", G_CALLBACK (test_selected_cb), self);
  g_signal_connect (self->pattern_row, "notify::selected", G_CALLBACK (other_changed_cb), self);
  g_signal_connect (self->label_row, "notify::text", G_CALLBACK (other_changed_cb), self);
  return GTK_WIDGET (self);
}

static void
vol_config_pane_dispose (GObject *object)
{
  VolConfigPane *self = VOL_CONFIG_PANE (object);

  /* probes still running find it cancelled when they answer (they hold a
   * reference, so the pane outlives them) */
  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->store, g_variant_unref);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->targets, g_ptr_array_unref);
  g_clear_pointer (&self->kinds, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->target_names);
  G_OBJECT_CLASS (vol_config_pane_parent_class)->dispose (object);
}

static void
vol_config_pane_finalize (GObject *object)
{
  VolConfigPane *self = VOL_CONFIG_PANE (object);

  g_clear_object (&self->cancellable);
  g_free (self->estimate_text);
  g_free (self->run_name);
  g_free (self->label_owner);
  G_OBJECT_CLASS (vol_config_pane_parent_class)->finalize (object);
}

static void
vol_config_pane_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, VOL_CONFIG_PANE (object)->valid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
vol_config_pane_class_init (VolConfigPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = vol_config_pane_dispose;
  object_class->finalize = vol_config_pane_finalize;
  object_class->get_property = vol_config_pane_get_property;
  properties[PROP_VALID] = g_param_spec_boolean ("valid", NULL, NULL, FALSE,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The chosen target is known (or known to be unusable): a Start asked
   * for while it was still being probed can go ahead or say why not. */
  signals[TARGET_SETTLED] = g_signal_new ("target-settled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Something Start would use changed (a row typed in, another test or
   * target): what app.status says of it follows at once. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
vol_config_pane_init (VolConfigPane *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 24);
  self->targets = g_ptr_array_new_with_free_func (target_free);
  self->chosen = G_MAXUINT;
  self->cancellable = g_cancellable_new ();
  self->store = vol_param_store_new ();
}
