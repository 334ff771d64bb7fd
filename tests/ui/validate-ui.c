/* validate-ui.c FILE.ui… — each GtkBuilder file parses, with libadwaita's types
 *
 * gtk4-builder-tool validate does not know libadwaita's types, so it
 * cannot check our files. This does what it does, with adw_init() first:
 * a template is applied to an instance of a stand-in type derived from its
 * parent, so every object, property and signal in it is checked. Needs a
 * display (run under xvfb-run).
 */
#include <adwaita.h>

static GType
stand_in_type (const char *name,
               GType       parent)
{
  GTypeQuery query;
  GType type = g_type_from_name (name);

  if (type)
    return type;
  g_type_query (parent, &query);
  return g_type_register_static_simple (parent, name, query.class_size, NULL, query.instance_size, NULL, 0);
}

static gboolean
validate (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  gsize len;
  const char *tmpl;

  if (!g_file_get_contents (path, &text, &len, &error))
    {
      g_printerr ("%s: %s\n", path, error->message);
      return FALSE;
    }
  tmpl = strstr (text, "<template ");
  if (tmpl)
    {
      g_autofree char *klass = NULL, *parent = NULL;
      const char *c = strstr (tmpl, "class=\""), *p = strstr (tmpl, "parent=\"");
      GType parent_type, type;
      GObject *object;

      if (c == NULL || p == NULL)
        {
          g_printerr ("%s: a template needs class and parent\n", path);
          return FALSE;
        }
      klass = g_strndup (c + 7, strcspn (c + 7, "\""));
      parent = g_strndup (p + 8, strcspn (p + 8, "\""));
      parent_type = g_type_from_name (parent);
      if (parent_type == 0)
        {
          g_printerr ("%s: unknown template parent %s\n", path, parent);
          return FALSE;
        }
      type = stand_in_type (klass, parent_type);
      object = g_object_new (type, NULL);
      g_object_ref_sink (object);
      if (!gtk_builder_extend_with_template (builder, object, type, text, len, &error))
        {
          g_printerr ("%s: %s\n", path, error->message);
          g_object_unref (object);
          return FALSE;
        }
      if (GTK_IS_WINDOW (object))
        gtk_window_destroy (GTK_WINDOW (object));
      g_object_unref (object);
    }
  else if (!gtk_builder_add_from_string (builder, text, len, &error))
    {
      g_printerr ("%s: %s\n", path, error->message);
      return FALSE;
    }
  g_print ("%s: valid\n", path);
  return TRUE;
}

int
main (int argc, char **argv)
{
  gboolean ok = TRUE;

  gtk_init ();
  adw_init ();
  for (int i = 1; i < argc; i++)
    ok = validate (argv[i]) && ok;
  return ok ? 0 : 1;
}
