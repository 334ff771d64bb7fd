/* vol-result-table-widget.c — a VolResultTable as a grid of labels */
#include "vol-result-table-widget.h"

static GtkWidget *
cell (const char *text,
      gboolean    numeric,
      const char *css)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* selectable labels take focus; Tab through a 20-row table would be a
   * chore, and a mouse selection still works without */
  gtk_widget_set_focusable (label, FALSE);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (css)
    gtk_widget_add_css_class (label, css);
  return label;
}

/**
 * vol_result_table_widget_new:
 * @binary: rates in MiB/s instead of MB/s
 *
 * Returns: (transfer floating): a card holding the table
 */
GtkWidget *
vol_result_table_widget_new (const VolResultTable *table,
                             gboolean              binary)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);

  gtk_grid_attach (GTK_GRID (grid), cell (table->corner, FALSE, "heading"), 0, 0, 1, 1);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GtkWidget *head = cell (g_ptr_array_index (table->columns, c), TRUE, "heading");
      /* the numbers share the width the pane leaves; the labels keep theirs */
      gtk_widget_set_hexpand (head, TRUE);
      gtk_grid_attach (GTK_GRID (grid), head, c + 1, 0, 1, 1);
    }
  for (guint r = 0, y = 1; r < table->rows->len; r++, y++)
    {
      const VolResultRow *row = g_ptr_array_index (table->rows, r);

      if (row->rule)
        gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, y++, table->columns->len + 1, 1);
      gtk_grid_attach (GTK_GRID (grid), cell (row->label, FALSE, "dim-label"), 0, y, 1, 1);
      for (guint c = 0; c < row->cells->len; c++)
        {
          g_autofree char *text = vol_result_table_format_cell (table, r, c, binary);
          gtk_grid_attach (GTK_GRID (grid), cell (text, TRUE, NULL), c + 1, y, 1, 1);
        }
    }

  /* sideways only: the result pane scrolls the page up and down */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  /* overlay scrolling (the default): a classic scrollbar would be laid
   * over the last row, as GTK reserves no room for an automatic one; the
   * indicator fits in the grid's bottom margin */
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_overflow (card, GTK_OVERFLOW_HIDDEN);
  gtk_box_append (GTK_BOX (card), scroller);
  if (table->title && *table->title)
    gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, table->title, -1);
  return card;
}
