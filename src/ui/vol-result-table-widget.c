/* vol-result-table-widget.c — a VolResultTable as a grid of labels */
#include "vol-result-table-widget.h"

/* Every text may wrap, so a table narrower than its natural width still
 * fits the pane: headings and row labels between words, numbers only
 * before their "±" (the other spaces made unbreakable), never inside
 * "412.3 MB/s". Row labels keep a few words on a line. */
/* The card's width in the result pane of an 800×600 window (the sidebar
 * beside it): 359 px, less a little for a larger font. */
#define NARROW_PANE_WIDTH 340

typedef enum
{
  CELL_LABEL,    /* a row label, the corner: start-aligned */
  CELL_HEADING,  /* end-aligned over numbers, wraps between words */
  CELL_NUMBER,   /* end-aligned, wraps only before "±" */
} CellKind;

static GtkWidget *
cell (const char *text,
      CellKind    kind,
      const char *css)
{
  gboolean numeric = kind != CELL_LABEL;
  g_autoptr(GString) shown = g_string_new (text);
  GtkWidget *label;

  if (kind == CELL_NUMBER)
    {
      g_string_replace (shown, " ", "\u00a0", 0);
      g_string_replace (shown, "\u00a0±\u00a0", " ±\u00a0", 0);
      /* Pango would break after the slash of "MB/s": a word joiner */
      g_string_replace (shown, "/", "/\u2060", 0);
    }
  label = gtk_label_new (shown->str);
  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_justify (GTK_LABEL (label), numeric ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* selectable labels take focus; Tab through a 20-row table would be a
   * chore, and a mouse selection still works without */
  gtk_widget_set_focusable (label, FALSE);
  if (kind == CELL_NUMBER)
    gtk_widget_add_css_class (label, "numeric");
  if (kind == CELL_LABEL)
    gtk_label_set_width_chars (GTK_LABEL (label), 5);
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
  int min_width = 0;
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);

  gtk_grid_attach (GTK_GRID (grid), cell (table->corner, CELL_LABEL, "heading"), 0, 0, 1, 1);
  for (guint c = 0; c < table->columns->len; c++)
    {
      GtkWidget *head = cell (g_ptr_array_index (table->columns, c), CELL_HEADING, "heading");
      /* the numbers share the width the pane leaves; the labels keep theirs */
      gtk_widget_set_hexpand (head, TRUE);
      gtk_grid_attach (GTK_GRID (grid), head, c + 1, 0, 1, 1);
    }
  for (guint r = 0, y = 1; r < table->rows->len; r++, y++)
    {
      const VolResultRow *row = g_ptr_array_index (table->rows, r);

      if (row->rule)
        gtk_grid_attach (GTK_GRID (grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, y++, table->columns->len + 1, 1);
      gtk_grid_attach (GTK_GRID (grid), cell (row->label, CELL_LABEL, "dim-label"), 0, y, 1, 1);
      for (guint c = 0; c < row->cells->len; c++)
        {
          g_autofree char *text = vol_result_table_format_cell (table, r, c, binary);
          gtk_grid_attach (GTK_GRID (grid), cell (text, CELL_NUMBER, NULL), c + 1, y, 1, 1);
        }
    }

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_overflow (card, GTK_OVERFLOW_HIDDEN);
  /* A table whose words and numbers, wrapped, fit the result pane of an
   * 800 px window goes in as it is. A wider one (a comparison of many
   * results) must not widen the window: it scrolls sideways, unwrapped,
   * for a scrolled window measures its child's height unconstrained and
   * would cut off or pad a wrapping one. */
  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  if (min_width > NARROW_PANE_WIDTH)
    {
      GtkWidget *scroller = gtk_scrolled_window_new ();

      for (GtkWidget *child = gtk_widget_get_first_child (grid); child; child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_LABEL (child))
          gtk_label_set_wrap (GTK_LABEL (child), FALSE);
      /* sideways only: the result pane scrolls the page up and down */
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
      gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
      gtk_box_append (GTK_BOX (card), scroller);
    }
  else
    gtk_box_append (GTK_BOX (card), grid);
  /* the table's sentences (a comparison's verdicts), under its rows */
  for (guint i = 0; table->notes && i < table->notes->len; i++)
    {
      GtkWidget *note = gtk_label_new (g_ptr_array_index (table->notes, i));

      gtk_label_set_wrap (GTK_LABEL (note), TRUE);
      gtk_label_set_xalign (GTK_LABEL (note), 0);
      gtk_label_set_selectable (GTK_LABEL (note), TRUE);
      gtk_widget_set_margin_start (note, 12);
      gtk_widget_set_margin_end (note, 12);
      gtk_widget_set_margin_bottom (note, i + 1 == table->notes->len ? 12 : 4);
      gtk_widget_add_css_class (note, "caption");
      gtk_box_append (GTK_BOX (card), note);
    }
  if (table->title && *table->title)
    gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, table->title, -1);
  return card;
}
