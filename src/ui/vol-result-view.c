/* vol-result-view.c — summary figures, target and caveats of a result */
#include "vol-result-view.h"

#include <glib/gi18n.h>

#include "vol-caveat.h"
#include "vol-chart-build.h"
#include "vol-io-counters.h"
#include "vol-registry.h"
#include "vol-size.h"

struct _VolResultView
{
  GtkBox     parent_instance;
  GtkWidget *content;
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

/**
 * vol_result_view_set_result:
 * @result: (nullable): what to show; NULL empties the view
 */
void
vol_result_view_set_result (VolResultView   *self,
                            const VolResult *result,
                            gboolean         binary)
{
  GtkWidget *grid, *figures, *how, *where;
  g_autoptr(GPtrArray) caveats = NULL;
  const VolTestKind *kind;
  static const char *const heads[] = { N_("Mean"), N_("Std dev"), N_("Min"), N_("Max"), N_("Median"), N_("Samples") };

  if (self->content)
    gtk_box_remove (GTK_BOX (self), self->content);
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_box_append (GTK_BOX (self), self->content);
  if (result == NULL)
    return;
  kind = vol_registry_lookup (result->kind);

  /* the summary table: every figure with its spread */
  figures = add_group (self, kind ? _(kind->info.title) : result->kind);
  if (result->label)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (figures), result->label);
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_add_css_class (grid, "card");
  gtk_widget_set_margin_top (grid, 6);
  g_object_set (grid, "margin-start", 0, NULL);
  /* statistics down, series across: narrow enough for a side pane */
  for (guint c = 0; c < G_N_ELEMENTS (heads); c++)
    gtk_grid_attach (GTK_GRID (grid), cell (_(heads[c]), FALSE, TRUE), 0, c + 1, 1, 1);
  for (guint r = 0; r < result->summaries->len; r++)
    {
      const VolSummary *s = g_ptr_array_index (result->summaries, r);
      const VolSeries *series = vol_result_get_series (result, s->series);
      double values[] = { s->mean, s->stddev, s->min, s->max, s->median };
      g_autofree char *count = g_strdup_printf ("%u", s->count);
      GtkWidget *head = cell (series ? series->title : s->series, TRUE, FALSE);

      gtk_widget_add_css_class (head, "heading");
      gtk_widget_set_hexpand (head, TRUE);
      gtk_grid_attach (GTK_GRID (grid), head, r + 1, 0, 1, 1);
      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          g_autofree char *text = s->count ? vol_value_format (values[c], s->unit, binary) : g_strdup ("—");
          gtk_grid_attach (GTK_GRID (grid), cell (text, TRUE, FALSE), r + 1, c + 1, 1, 1);
        }
      gtk_grid_attach (GTK_GRID (grid), cell (count, TRUE, FALSE), r + 1, G_N_ELEMENTS (values) + 1, 1, 1);
    }
  {
    /* the card's padding */
    GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_margin_start (grid, 12);
    gtk_widget_set_margin_end (grid, 12);
    gtk_widget_set_margin_top (grid, 12);
    gtk_widget_set_margin_bottom (grid, 12);
    gtk_widget_remove_css_class (grid, "card");
    gtk_widget_add_css_class (frame, "card");
    gtk_box_append (GTK_BOX (frame), grid);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (figures), frame);
  }
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

  /* the test's own figures in a group of their own, under the table */
  if (result->figures->len > 0)
    {
      GtkWidget *more = add_group (self, _("Figures"));
      for (guint i = 0; i < result->figures->len; i++)
        {
          const VolFigure *f = g_ptr_array_index (result->figures, i);
          g_autofree char *text = vol_value_format (f->value, f->unit, binary);
          add_row (more, _(f->title), text, NULL);
        }
    }

  how = add_group (self, _("How It Was Measured"));
  add_row (how, _("Cache bypass"), vol_cache_bypass_to_string (result->cache_bypass), NULL);
  {
    g_autofree char *seed = g_strdup_printf ("%s, seed 0x%016" G_GINT64_MODIFIER "x",
                                             vol_data_pattern_to_string (result->pattern), result->seed);
    g_autofree char *cpu = g_strdup_printf (_("%.2f s user, %.2f s system in %.1f s"),
                                            result->cpu_user, result->cpu_system, result->duration);
    add_row (how, _("Data"), seed, NULL);
    add_row (how, _("I/O backend"), result->io_backend ? result->io_backend : "—", NULL);
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
      g_autofree char *desc = vol_target_info_describe (result->target);
      g_autofree char *cap = vol_size_format (result->target->capacity_bytes);
      g_autofree char *free_text = vol_size_format (result->target->free_bytes);
      g_autofree char *space = g_strdup_printf (_("%s, %s free at the start"), cap, free_text);
      where = add_group (self, _("Target"));
      add_row (where, _("Folder"), result->target->path, NULL);
      add_row (where, _("Volume"), desc, NULL);
      add_row (where, _("Capacity"), space, NULL);
      if (result->target->scheduler)
        add_row (where, _("I/O scheduler"), result->target->scheduler, NULL);
    }
}

/**
 * vol_result_view_set_comparison:
 * @results: (element-type VolResult): two or more
 *
 * One row per result, named the way the chart names it, with each
 * summary's mean ± std dev: the comparison as text.
 */
void
vol_result_view_set_comparison (VolResultView *self,
                                GPtrArray     *results,
                                gboolean       binary)
{
  g_autofree guint *order = g_new (guint, results->len);
  g_auto(GStrv) labels = NULL;
  const char *by = NULL;
  GtkWidget *group;

  vol_result_view_set_result (self, NULL, binary);
  labels = vol_chart_comparison_labels ((VolResult *const *) results->pdata, results->len, &by, order);
  group = add_group (self, _("Compared"));
  {
    g_autofree char *desc = g_strdup_printf (_("Named by %s"), by);
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), desc);
  }
  for (guint k = 0; k < results->len; k++)
    {
      const VolResult *r = g_ptr_array_index (results, order[k]);
      GString *value = g_string_new (NULL);
      for (guint i = 0; i < r->summaries->len; i++)
        {
          const VolSummary *s = g_ptr_array_index (r->summaries, i);
          const VolSeries *series = vol_result_get_series (r, s->series);
          g_autofree char *mean = s->count ? vol_value_format (s->mean, s->unit, binary) : g_strdup ("—");
          g_autofree char *sd = s->count > 1 ? vol_value_format (s->stddev, s->unit, binary) : NULL;
          g_string_append_printf (value, "%s%s %s%s%s", value->len ? "\n" : "",
                                  series ? series->title : s->series, mean, sd ? " ± " : "", sd ? sd : "");
        }
      add_row (group, labels[order[k]], value->str, NULL);
      g_string_free (value, TRUE);
    }
}

static void
vol_result_view_class_init (VolResultViewClass *klass)
{
}

static void
vol_result_view_init (VolResultView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
}
