/* vol-json-writer.c — JsonNode → JSON text, exactly
 *
 * See vol-json-writer.h for why json-glib's JsonGenerator is not used.
 * The layout is made for result files that people read and diff: two
 * spaces of indent, one member per line, arrays of numbers flowing like
 * text.
 */

#include "vol-json-writer.h"

#include <math.h>
#include <string.h>

/* Where the writer wraps arrays of numbers, so that a series of 100 000
 * samples is neither 100 000 lines nor one. */
#define WRAP_COLUMN 100

static void
append_indent (GString *out,
               guint    indent)
{
  for (guint i = 0; i < indent; i++)
    g_string_append_c (out, ' ');
}

static void
append_string (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20 || *p == 0x7f)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);
          break;
        }
    }
  g_string_append_c (out, '"');
}

/* The shortest of %.15g, %.16g, %.17g that reads back to the same double
 * (%.17g always does), in the C locale, with ".0" added to integral values
 * so that they read back as doubles, not integers. */
static void
append_double (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 2];

  /* the readers refuse what JSON cannot hold and what is too large
   * (vol-json-writer.h): both are written as unknown */
  if (!isfinite (value) || fabs (value) > VOL_JSON_MAX_MAGNITUDE)
    {
      g_string_append (out, "null");
      return;
    }

  g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.15g", value);
  if (g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.16g", value);
  if (g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", value);
  if (strpbrk (buf, ".eE") == NULL)
    strcat (buf, ".0");
  g_string_append (out, buf);
}

static void
append_scalar (GString  *out,
               JsonNode *node)
{
  if (JSON_NODE_HOLDS_NULL (node))
    {
      g_string_append (out, "null");
      return;
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      break;
    case G_TYPE_DOUBLE:
      append_double (out, json_node_get_double (node));
      break;
    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
      break;
    case G_TYPE_STRING:
      append_string (out, json_node_get_string (node));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void append_node (GString  *out,
                         JsonNode *node,
                         guint     indent);

/* Arrays of scalars (sample values, member names) flow like text: on one
 * line when short, else wrapped at WRAP_COLUMN; arrays of objects get one
 * element per line. */
static void
append_array (GString   *out,
              JsonArray *array,
              guint      indent)
{
  guint n = json_array_get_length (array);
  gboolean scalars = TRUE;

  if (n == 0)
    {
      g_string_append (out, "[]");
      return;
    }

  for (guint i = 0; i < n && scalars; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      scalars = JSON_NODE_HOLDS_VALUE (element) || JSON_NODE_HOLDS_NULL (element);
    }

  if (scalars)
    {
      g_autoptr(GString) item = g_string_new (NULL);
      gsize one_line_start = out->len;
      gsize line_start = one_line_start;

      while (line_start > 0 && out->str[line_start - 1] != '\n')
        line_start--;

      /* Try one line first; start over wrapped if it gets too long. */
      g_string_append_c (out, '[');
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
          append_scalar (out, json_array_get_element (array, i));
          if (out->len + 2 - line_start > WRAP_COLUMN)
            break;
        }
      /* Room for the "]" and a "," after it. */
      if (out->len + 2 - line_start <= WRAP_COLUMN)
        {
          g_string_append_c (out, ']');
          return;
        }
      g_string_truncate (out, one_line_start);

      g_string_append (out, "[\n");
      line_start = out->len;
      append_indent (out, indent + 2);
      for (guint i = 0; i < n; i++)
        {
          g_string_truncate (item, 0);
          append_scalar (item, json_array_get_element (array, i));
          if (i > 0)
            {
              g_string_append_c (out, ',');
              /* " " + the item + the "," that may follow it */
              if (out->len - line_start + 1 + item->len + 1 > WRAP_COLUMN)
                {
                  g_string_append_c (out, '\n');
                  line_start = out->len;
                  append_indent (out, indent + 2);
                }
              else
                g_string_append_c (out, ' ');
            }
          g_string_append_len (out, item->str, item->len);
        }
      g_string_append_c (out, '\n');
      append_indent (out, indent);
      g_string_append_c (out, ']');
      return;
    }

  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    {
      append_indent (out, indent + 2);
      append_node (out, json_array_get_element (array, i), indent + 2);
      g_string_append (out, i + 1 < n ? ",\n" : "\n");
    }
  append_indent (out, indent);
  g_string_append_c (out, ']');
}

static void
append_object (GString    *out,
               JsonObject *object,
               guint       indent)
{
  g_autoptr(GList) members = json_object_get_members (object);

  if (members == NULL)
    {
      g_string_append (out, "{}");
      return;
    }

  g_string_append (out, "{\n");
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;

      append_indent (out, indent + 2);
      append_string (out, key);
      g_string_append (out, ": ");
      append_node (out, json_object_get_member (object, key), indent + 2);
      g_string_append (out, l->next != NULL ? ",\n" : "\n");
    }
  append_indent (out, indent);
  g_string_append_c (out, '}');
}

static void
append_node (GString  *out,
             JsonNode *node,
             guint     indent)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      append_object (out, json_node_get_object (node), indent);
      break;
    case JSON_NODE_ARRAY:
      append_array (out, json_node_get_array (node), indent);
      break;
    case JSON_NODE_VALUE:
    case JSON_NODE_NULL:
    default:
      append_scalar (out, node);
      break;
    }
}

/**
 * vol_json_writer_to_string:
 * @node: the root of a tree of objects, arrays and values; values hold a
 *   gint64, a double, a gboolean or a string, as json-glib's own setters
 *   make them
 * @length: (out) (optional): where to store the length in bytes
 *
 * Prints @node as pretty-printed JSON text ending in a newline. Strings are
 * copied byte for byte with quotes, backslashes and control characters
 * escaped, so give valid UTF-8. A double is the shortest text that reads
 * back to the same bits, with ".0" added to integral values so they stay
 * doubles; NaN and infinity, which JSON has no words for, and numbers
 * beyond ±VOL_JSON_MAX_MAGNITUDE, which the readers refuse, are written as
 * null. Pure; any thread.
 *
 * Use it rather than JsonGenerator, which in json-glib 1.6 prints 1e22 as
 * "1e+22.0" (not JSON) and 0.1 as "0.10000000000000001".
 *
 * Returns: (transfer full): the text
 */
char *
vol_json_writer_to_string (JsonNode *node,
                           gsize    *length)
{
  GString *out;

  g_return_val_if_fail (node != NULL, NULL);

  out = g_string_sized_new (4096);
  append_node (out, node, 0);
  g_string_append_c (out, '\n');
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
