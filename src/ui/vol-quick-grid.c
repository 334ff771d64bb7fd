/* vol-quick-grid.c — the quick benchmark's grid, in big numbers */
#include "vol-quick-grid.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "vol-quick.h"
#include "vol-size.h"

typedef enum { UNIT_RATE, UNIT_IOPS, UNIT_LATENCY } Unit;

typedef struct
{
  VolQuickCell *cells;
  guint         n;
  gboolean      binary;
  Unit          unit;      /* the one shown */
  GtkWidget   **numbers;   /* per cell: the big figure */
  GtkWidget   **notes;     /* per cell: its interval and best loop */
} Grid;

static void
grid_free (gpointer data)
{
  Grid *g = data;

  g_free (g->cells);
  g_free (g->numbers);
  g_free (g->notes);
  g_free (g);
}

/* The figure of @c in @unit, and the line under it; the one formatter's
 * words, so the grid says what the tables and the CLI say. */
static void
cell_texts (const Grid         *g,
            const VolQuickCell *c,
            Unit                unit,
            char              **number,
            char              **note)
{
  g_autofree char *ci = NULL, *best = NULL;

  if (c->loops == 0)
    {
      /* a live grid's cell still to come */
      *number = g_strdup ("—");
      /* TRANSLATORS: a cell of the live grid not measured yet */
      *note = g_strdup (_("to come"));
      return;
    }
  switch (unit)
    {
    case UNIT_IOPS:
      *number = vol_value_format (c->iops, "IO/s", FALSE);
      ci = vol_value_format (c->iops_ci95, "IO/s", FALSE);
      best = vol_value_format (c->iops_best, "IO/s", FALSE);
      break;
    case UNIT_LATENCY:
      *number = vol_value_format (c->lat_mean, "s", FALSE);
      ci = NULL;
      best = vol_value_format (c->lat_p99, "s", FALSE);
      /* TRANSLATORS: under a mean latency: its 99th percentile */
      *note = g_strdup_printf (_("p99 %s"), best);
      return;
    case UNIT_RATE:
    default:
      *number = vol_value_format (c->throughput, "B/s", g->binary);
      ci = vol_value_format (c->throughput_ci95, "B/s", g->binary);
      best = vol_value_format (c->throughput_best, "B/s", g->binary);
      break;
    }
  *note = c->loops > 1
    /* TRANSLATORS: under a mean: its 95 % interval, then the best loop */
    ? g_strdup_printf (_("± %s · best %s"), ci, best)
    : g_strdup (_("one loop"));
}

static void
show_unit (Grid *g,
           Unit  unit)
{
  g->unit = unit;
  for (guint i = 0; i < g->n; i++)
    {
      g_autofree char *number = NULL, *note = NULL;

      cell_texts (g, &g->cells[i], unit, &number, &note);
      gtk_label_set_text (GTK_LABEL (g->numbers[i]), number);
      gtk_label_set_text (GTK_LABEL (g->notes[i]), note);
    }
}

static void
unit_toggled_cb (GtkToggleButton *button,
                 Grid            *g)
{
  if (gtk_toggle_button_get_active (button))
    show_unit (g, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "vol-unit")));
}

/* The grid of @cells (taken), with the Latency switch unless @live: a
 * running quick benchmark's samples have no latencies. */
static GtkWidget *
grid_new (VolQuickCell *cells,
          guint         n,
          gboolean      binary,
          gboolean      live)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  static const char *const unit_names[] = { N_("MB/s"), N_("IO/s"), N_("Latency") };
  Grid *g = g_new0 (Grid, 1);
  g_autoptr(GPtrArray) titles = NULL;
  GtkWidget *box, *switcher, *grid, *card;
  GtkToggleButton *first = NULL;
  guint column = 1;

  g->cells = cells;
  g->n = n;
  if (g->n == 0)
    {
      grid_free (g);
      return NULL;
    }
  g->binary = binary;
  g->numbers = g_new0 (GtkWidget *, g->n);
  g->notes = g_new0 (GtkWidget *, g->n);
  titles = vol_quick_row_titles (g->cells, g->n);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  g_object_set_data_full (G_OBJECT (box), "vol-quick-grid", g, grid_free);

  /* MB/s · IO/s · µs */
  switcher = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (switcher, "linked");
  gtk_widget_set_halign (switcher, GTK_ALIGN_START);
  for (guint u = 0; u < (live ? UNIT_LATENCY : G_N_ELEMENTS (unit_names)); u++)
    {
      const char *name = u == 0 && binary ? "MiB/s" : _(unit_names[u]);
      GtkWidget *button = gtk_toggle_button_new_with_label (name);

      g_object_set_data (G_OBJECT (button), "vol-unit", GUINT_TO_POINTER (u));
      if (first)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), first);
      else
        first = GTK_TOGGLE_BUTTON (button);
      g_signal_connect (button, "toggled", G_CALLBACK (unit_toggled_cb), g);
      gtk_box_append (GTK_BOX (switcher), button);
    }
  gtk_box_append (GTK_BOX (box), switcher);

  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < g->n; i++)
        if (g->cells[i].read_percent == modes[m])
          {
            guint r = vol_quick_title_index (titles, &g->cells[i]);
            GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

            g->numbers[i] = gtk_label_new (NULL);
            gtk_widget_add_css_class (g->numbers[i], "title-3");
            gtk_widget_add_css_class (g->numbers[i], "numeric");
            gtk_label_set_xalign (GTK_LABEL (g->numbers[i]), 1);
            g->notes[i] = gtk_label_new (NULL);
            gtk_widget_add_css_class (g->notes[i], "caption");
            gtk_widget_add_css_class (g->notes[i], "dim-label");
            gtk_label_set_xalign (GTK_LABEL (g->notes[i]), 1);
            gtk_label_set_wrap (GTK_LABEL (g->notes[i]), FALSE);
            gtk_box_append (GTK_BOX (cell), g->numbers[i]);
            gtk_box_append (GTK_BOX (cell), g->notes[i]);
            gtk_widget_set_hexpand (cell, TRUE);
            gtk_grid_attach (GTK_GRID (grid), cell, column, r + 1, 1, 1);
            any = TRUE;
          }
      if (any)
        {
          GtkWidget *heading = gtk_label_new (vol_quick_mode_title (modes[m]));
          gtk_widget_add_css_class (heading, "heading");
          gtk_label_set_xalign (GTK_LABEL (heading), 1);
          gtk_grid_attach (GTK_GRID (grid), heading, column, 0, 1, 1);
          column++;
        }
    }
  for (guint r = 0; r < titles->len; r++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (titles, r));
      gtk_widget_add_css_class (label, "title-4");
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_grid_attach (GTK_GRID (grid), label, 0, r + 1, 1, 1);
    }
  card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_overflow (card, GTK_OVERFLOW_HIDDEN);
  {
    /* never wider than the pane: a narrow one scrolls the grid sideways
     * (the page scrolls up and down), as the wide tables do */
    GtkWidget *scroller = gtk_scrolled_window_new ();
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
    gtk_box_append (GTK_BOX (card), scroller);
  }
  gtk_box_append (GTK_BOX (box), card);
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  live ? _("The quick benchmark's grid so far") : _("The quick benchmark's grid"), -1);

  gtk_toggle_button_set_active (first, TRUE);
  show_unit (g, UNIT_RATE);
  return box;
}

GtkWidget *
vol_quick_grid_new (const VolResult *result,
                    gboolean         binary)
{
  guint n;
  VolQuickCell *cells = vol_quick_cells (result, &n);

  return grid_new (cells, n, binary, FALSE);
}

GtkWidget *
vol_quick_grid_new_live (const VolQuickCell *cells,
                         guint               n,
                         gboolean            binary)
{
  return grid_new (g_memdup2 (cells, sizeof *cells * n), n, binary, TRUE);
}

gboolean
vol_quick_grid_update (GtkWidget          *widget,
                       const VolQuickCell *cells,
                       guint               n)
{
  Grid *g = g_object_get_data (G_OBJECT (widget), "vol-quick-grid");

  if (g == NULL || n != g->n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (cells[i].index != g->cells[i].index || cells[i].read_percent != g->cells[i].read_percent)
      return FALSE;
  memcpy (g->cells, cells, sizeof *cells * n);
  show_unit (g, g->unit);
  return TRUE;
}

guint
vol_quick_grid_get_n_cells (GtkWidget *widget)
{
  Grid *g = g_object_get_data (G_OBJECT (widget), "vol-quick-grid");

  return g ? g->n : 0;
}
