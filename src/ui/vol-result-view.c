/* vol-result-view.c — the tables, figures, target and caveats of a result */
#include "vol-result-view.h"

#include <glib/gi18n.h>

#include "vol-application.h"
#include "vol-caveat.h"
#include "vol-chart-build.h"
#include "vol-comparison.h"
#include "vol-io-counters.h"
#include "vol-result-table.h"
#include "vol-quick-grid.h"
#include "vol-result-table-widget.h"
#include "vol-size.h"

struct _VolResultView
{
  GtkBox     parent_instance;
  GtkWidget *content;
  GPtrArray *results;  /* of VolResult: what is shown, one or a comparison; NULL: nothing */
  gboolean   binary;
};

G_DEFINE_FINAL_TYPE (VolResultView, vol_result_view, GTK_TYPE_BOX)

GtkWidget *
vol_result_view_new (void)
{
  return g_object_new (VOL_TYPE_RESULT_VIEW, NULL);
}

static GtkWidget *
cell (const char *text,
      gboolean    numeric,
      gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
add_group (VolResultView *self,
           const char    *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  gtk_box_append (GTK_BOX (self->content), group);
  return group;
}

static void
add_row (GtkWidget  *group,
         const char *title,
         const char *value,
         const char *icon)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (value)
    {
      GtkWidget *label = cell (value, TRUE, FALSE);
      /* long values (paths, volume descriptions) wrap instead of widening
       * the window */
      if (g_utf8_strlen (value, -1) > 24)
        {
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
          gtk_label_set_width_chars (GTK_LABEL (label), 16);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  if (icon)
    adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

/* The tables as JSON for app.status, so a test reads what the page shows:
 * headings, units, and each cell as printed. */
static JsonNode *
tables_to_json (GPtrArray *tables,
                gboolean   binary)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint t = 0; t < tables->len; t++)
    {
      const VolResultTable *table = g_ptr_array_index (tables, t);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "title");
      json_builder_add_string_value (builder, table->title);
      json_builder_set_member_name (builder, "corner");
      json_builder_add_string_value (builder, table->corner);
      json_builder_set_member_name (builder, "columns");
      json_builder_begin_array (builder);
      for (guint c = 0; c < table->columns->len; c++)
        json_builder_add_string_value (builder, g_ptr_array_index (table->columns, c));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "units");
      json_builder_begin_array (builder);
      for (guint c = 0; c < table->units->len; c++)
        json_builder_add_string_value (builder, g_ptr_array_index (table->units, c));
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "rows");
      json_builder_begin_array (builder);
      for (guint r = 0; r < table->rows->len; r++)
        {
          const VolResultRow *row = g_ptr_array_index (table->rows, r);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "label");
          json_builder_add_string_value (builder, row->label);
          json_builder_set_member_name (builder, "cells");
          json_builder_begin_array (builder);
          for (guint c = 0; c < row->cells->len; c++)
            {
              g_autofree char *text = vol_result_table_format_cell (table, r, c, binary);
              json_builder_add_string_value (builder, text);
            }
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "notes");
      json_builder_begin_array (builder);
      for (guint i = 0; table->notes && i < table->notes->len; i++)
        json_builder_add_string_value (builder, g_ptr_array_index (table->notes, i));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return json_builder_get_root (builder);
}

static void
publish_tables (GPtrArray *tables,
                gboolean   binary)
{
  GApplication *app = g_application_get_default ();

  if (VOL_IS_APPLICATION (app))
    vol_application_set_result_tables (VOL_APPLICATION (app), tables ? tables_to_json (tables, binary) : NULL);
}

/* Each table in a group titled by it; @description (the result's label)
 * under the first. */
static void
add_tables (VolResultView *self,
            GPtrArray     *tables,
            const char    *description)
{
  for (guint t = 0; t < tables->len; t++)
    {
      const VolResultTable *table = g_ptr_array_index (tables, t);
      GtkWidget *group = add_group (self, table->title);

      if (t == 0 && description)
        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), vol_result_table_widget_new (table, self->binary));
    }
}

static void
clear (VolResultView *self)
{
  if (self->content)
    gtk_box_remove (GTK_BOX (self), self->content);
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_box_append (GTK_BOX (self), self->content);
}

static void
show_result (VolResultView   *self,
             const VolResult *result)
{
  GtkWidget *how, *where;
  g_autoptr(GPtrArray) caveats = NULL;
  g_autoptr(GPtrArray) tables = vol_result_tables (result);

  /* a quick benchmark's grid first, in big numbers, as people know it */
  {
    GtkWidget *grid = vol_quick_grid_new (result, self->binary);
    if (grid != NULL)
      {
        GtkWidget *group = add_group (self, _("Quick benchmark"));
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), grid);
      }
  }
  /* the kind's tables (vol-result-table.c decides their rows and columns);
   * the chart above names the test */
  add_tables (self, tables, result->label);
  publish_tables (tables, self->binary);

  /* reasons to doubt the numbers (vol-caveat.c decides them), right
   * under them, before the long list of figures */
  caveats = vol_result_get_caveats (result);
  if (caveats->len > 0)
    {
      GtkWidget *doubts = add_group (self, _("Caveats"));

      for (guint i = 0; i < caveats->len; i++)
        {
          const VolCaveat *caveat = g_ptr_array_index (caveats, i);
          add_row (doubts, caveat->text, NULL,
                   caveat->level == VOL_CAVEAT_LEVEL_NOTE ? "dialog-information-symbolic"
                                                          : "dialog-warning-symbolic");
        }
    }

  /* the test's own figures the tables do not already hold */
  {
    GtkWidget *more = NULL;

    for (guint i = 0; i < result->figures->len; i++)
      {
        const VolFigure *f = g_ptr_array_index (result->figures, i);
        g_autofree char *text = NULL;

        if (!vol_result_tables_show_figure (tables, f->name))
          continue;
        if (more == NULL)
          more = add_group (self, _("Figures"));
        text = vol_value_format (f->value, f->unit, self->binary);
        add_row (more, _(f->title), text, NULL);
      }
  }

  how = add_group (self, _("How It Was Measured"));
  add_row (how, _("Cache bypass"), vol_cache_bypass_describe (result->cache_bypass), NULL);
  {
    g_autofree char *seed = vol_data_pattern_describe (result->pattern, result->seed);
    g_autofree char *cpu = g_strdup_printf (_("%.2f s user, %.2f s system in %.1f s"),
                                            result->cpu_user, result->cpu_system, result->duration);
    add_row (how, _("Data"), seed, NULL);
    add_row (how, _("I/O backend"), result->io_backend ? result->io_backend : "—", NULL);
    add_row (how, _("I/O buffers"), vol_io_buffers_describe (result->io_buffers), NULL);
    add_row (how, _("CPU time"), cpu, NULL);
  }
  if (result->counters->len > 0)
    {
      const VolIoCounters *first = g_ptr_array_index (result->counters, 0);
      guint differ = 0;
      g_autofree char *text = NULL;

      for (guint i = 0; i < result->counters->len; i++)
        if (!vol_io_counters_agree (g_ptr_array_index (result->counters, i), VOL_IO_COUNTERS_TOLERANCE, NULL))
          differ++;
      /* the per-phase figures are in the file and in volumeter-cli show */
      if (differ == 0)
        text = g_strdup_printf (ngettext ("%s agrees with the test's counts in its %u timed phase",
                                             "%s agrees with the test's counts in all %u timed phases",
                                             result->counters->len),
                                first->device ? first->device : "?", result->counters->len);
      else
        text = g_strdup_printf (ngettext ("%s differs from the test's counts in %u of %u timed phases",
                                             "%s differs from the test's counts in %u of %u timed phases",
                                             differ),
                                first->device ? first->device : "?", differ, result->counters->len);
      add_row (how, _("Device counters"), text, NULL);
    }

  if (result->target)
    {
      g_autofree char *target_desc = vol_target_info_describe (result->target);
      g_autofree char *cap = vol_size_format (result->target->capacity_bytes);
      g_autofree char *free_text = vol_size_format (result->target->free_bytes);
      g_autofree char *space = g_strdup_printf (_("%s, %s free at the start"), cap, free_text);
      where = add_group (self, _("Target"));
      add_row (where, _("Folder"), result->target->path, NULL);
      add_row (where, _("Volume"), target_desc, NULL);
      add_row (where, _("Capacity"), space, NULL);
      if (result->target->scheduler)
        add_row (where, _("I/O scheduler"), result->target->scheduler, NULL);
    }
}

/* One column per result: the comparison's table, the one the chart,
 * the CLI and the CSV show. */
static void
show_comparison (VolResultView *self,
                 GPtrArray     *results)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_table_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolComparison) comparison = vol_comparison_new ((VolResult *const *) results->pdata, results->len,
                                                            NULL, &error);

  if (comparison == NULL)
    {
      /* results of different tests: the chart beside says so */
      publish_tables (NULL, self->binary);
      return;
    }
  g_ptr_array_add (tables, g_steal_pointer (&comparison->table));
  {
    g_autofree char *desc = g_strdup_printf (_("Named by %s"), comparison->by);
    add_tables (self, tables, desc);
  }
  publish_tables (tables, self->binary);
}

static void
render (VolResultView *self)
{
  clear (self);
  if (self->results == NULL || self->results->len == 0)
    publish_tables (NULL, self->binary);
  else if (self->results->len == 1)
    show_result (self, g_ptr_array_index (self->results, 0));
  else
    show_comparison (self, self->results);
}

static void
show (VolResultView *self,
      GPtrArray     *results,
      gboolean       binary)
{
  g_clear_pointer (&self->results, g_ptr_array_unref);
  self->results = results;
  self->binary = binary;
  render (self);
}

/**
 * vol_result_view_set_result:
 * @result: (nullable): what to show; NULL empties the view
 */
void
vol_result_view_set_result (VolResultView   *self,
                            const VolResult *result,
                            gboolean         binary)
{
  GPtrArray *results = NULL;

  g_return_if_fail (VOL_IS_RESULT_VIEW (self));
  if (result)
    {
      results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
      g_ptr_array_add (results, vol_result_ref ((VolResult *) result));
    }
  show (self, results, binary);
}

/**
 * vol_result_view_set_comparison:
 * @results: (element-type VolResult): two or more, of one test
 *
 * One table with a column per result, named as the chart names them, with
 * each summary's mean ± std dev and the test's own figures.
 */
void
vol_result_view_set_comparison (VolResultView *self,
                                GPtrArray     *results,
                                gboolean       binary)
{
  g_return_if_fail (VOL_IS_RESULT_VIEW (self));
  g_return_if_fail (results != NULL);
  show (self, g_ptr_array_ref (results), binary);
}

/* Preferences apply at once: MB/s or MiB/s is re-rendered, not kept until
 * the result is opened again. */
static void
binary_units_changed_cb (GSettings     *settings,
                         const char    *key,
                         VolResultView *self)
{
  gboolean binary = g_settings_get_boolean (settings, key);

  if (binary == self->binary)
    return;
  self->binary = binary;
  render (self);
}

static void
vol_result_view_dispose (GObject *object)
{
  VolResultView *self = VOL_RESULT_VIEW (object);

  g_clear_pointer (&self->results, g_ptr_array_unref);
  G_OBJECT_CLASS (vol_result_view_parent_class)->dispose (object);
}

static void
vol_result_view_class_init (VolResultViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = vol_result_view_dispose;
}

static void
vol_result_view_init (VolResultView *self)
{
  GApplication *app = g_application_get_default ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  if (VOL_IS_APPLICATION (app) && vol_application_get_settings (VOL_APPLICATION (app)))
    g_signal_connect_object (vol_application_get_settings (VOL_APPLICATION (app)), "changed::binary-units",
                             G_CALLBACK (binary_units_changed_cb), self, 0);
}
