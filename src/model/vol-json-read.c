/* vol-json-read.c — typed fields out of a parsed JSON tree, with their paths
 *
 * See vol-json-read-private.h for the conventions every reader follows.
 * The checks are strict because a result file may come from anywhere (a
 * mail, a forum, a fuzzer): nothing in the tree is trusted until a reader
 * has checked its type and range.
 */

#include "vol-json-read-private.h"

#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-json-writer.h"

/* "series[0]" and "name" → "series[0].name"; "" and "version" → "version". */
char *
_vol_json_member_path (const char *parent,
                       const char *key)
{
  if (parent[0] == '\0')
    return g_strdup (key);
  return g_strconcat (parent, ".", key, NULL);
}

/* One sentence per problem, each naming the full path of the field. */
static gboolean
path_error (GError        **error,
            VolJsonProblem  problem,
            const char     *path)
{
  const char *format = NULL;

  switch (problem)
    {
    case VOL_JSON_PROBLEM_MISSING:
      format = _("“%s” is missing");
      break;
    case VOL_JSON_PROBLEM_NOT_STRING:
      format = _("“%s” must be a string");
      break;
    case VOL_JSON_PROBLEM_NOT_NUMBER:
      format = _("“%s” must be a number");
      break;
    case VOL_JSON_PROBLEM_NOT_INTEGER:
      format = _("“%s” must be an integer");
      break;
    case VOL_JSON_PROBLEM_NEGATIVE:
      format = _("“%s” must not be negative");
      break;
    case VOL_JSON_PROBLEM_OUT_OF_RANGE:
      format = _("“%s” is out of range");
      break;
    case VOL_JSON_PROBLEM_NOT_BOOLEAN_OR_NULL:
      format = _("“%s” must be true, false or null");
      break;
    case VOL_JSON_PROBLEM_NOT_STRING_ARRAY:
      format = _("“%s” must be an array of strings");
      break;
    case VOL_JSON_PROBLEM_NOT_OBJECT:
      format = _("“%s” must be an object");
      break;
    case VOL_JSON_PROBLEM_NOT_ARRAY:
      format = _("“%s” must be an array");
      break;
    case VOL_JSON_PROBLEM_NOT_PARAMETER:
      format = _("“%s” must be a number, a string, a boolean or an array");
      break;
    case VOL_JSON_PROBLEM_MIXED_ARRAY:
      format = _("“%s” must be an array of numbers, of strings or of booleans");
      break;
    case VOL_JSON_PROBLEM_EMPTY:
      format = _("“%s” must not be empty");
      break;
    case VOL_JSON_PROBLEM_NOT_DATE:
      format = _("“%s” must be a date and time in ISO 8601 format");
      break;
    case VOL_JSON_PROBLEM_NOT_POSITIVE:
      format = _("“%s” must be 1 or more");
      break;
    default:
      g_assert_not_reached ();
    }

  /* The formats are chosen above from literals, each with one %s. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, format, path);
#pragma GCC diagnostic pop
  return FALSE;
}

/* As path_error(), for the member @key of the object at @parent. */
gboolean
_vol_json_field_error (GError        **error,
                       VolJsonProblem  problem,
                       const char     *parent,
                       const char     *key)
{
  g_autofree char *path = _vol_json_member_path (parent, key);

  return path_error (error, problem, path);
}

/* A value (not null, not an object or array) of that GType. */
gboolean
_vol_json_node_is (JsonNode *node,
                   GType     type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/* Absent or null → NULL. */
JsonNode *
_vol_json_get_member (JsonObject *object,
                      const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return NULL;
  return node;
}

/* A string, copied to @out; absent or null → NULL, an error if @required. */
gboolean
_vol_json_read_string (JsonObject  *object,
                       const char  *parent,
                       const char  *key,
                       gboolean     required,
                       char       **out,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  *out = NULL;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    {
      if (!required)
        return TRUE;
      if (node == NULL)
        return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, parent, key);
      return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_STRING, parent, key);
    }
  if (!_vol_json_node_is (node, G_TYPE_STRING))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_STRING, parent, key);
  /* json-glib passes "\ud800" and other escapes of lone surrogates through
   * as invalid UTF-8; nothing that displays a result should see those. */
  *out = g_utf8_make_valid (json_node_get_string (node), -1);
  return TRUE;
}

/* A number where a double is expected: integers are accepted (a tool that
 * rewrites the file may print 2.0 as 2), null stands for a value that was
 * not finite. */
gboolean
_vol_json_node_to_double (JsonNode *node,
                          double   *out)
{
  if (JSON_NODE_HOLDS_NULL (node))
    {
      *out = NAN;
      return TRUE;
    }
  if (_vol_json_node_is (node, G_TYPE_DOUBLE))
    {
      *out = json_node_get_double (node);
      return TRUE;
    }
  if (_vol_json_node_is (node, G_TYPE_INT64))
    {
      *out = (double) json_node_get_int (node);
      return TRUE;
    }
  return FALSE;
}

/* NaN (unknown) or a number within ±VOL_JSON_MAX_MAGNITUDE: what every
 * number read from a file must be before charts and statistics see it. */
gboolean
_vol_json_double_in_range (double value)
{
  return isnan (value) || fabs (value) <= VOL_JSON_MAX_MAGNITUDE;
}

/* As _vol_json_node_to_double(); absent → @absent. */
gboolean
_vol_json_read_double (JsonObject  *object,
                       const char  *parent,
                       const char  *key,
                       double       absent,
                       double      *out,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL)
    {
      *out = absent;
      return TRUE;
    }
  if (!_vol_json_node_to_double (node, out))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_NUMBER, parent, key);
  /* 1e999 parses as infinity, 9e307 is close enough to it to overflow
   * a chart's axis; neither was written by us. */
  if (!_vol_json_double_in_range (*out))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_OUT_OF_RANGE, parent, key);
  return TRUE;
}

/* An integer of either sign; absent or null → 0. */
gboolean
_vol_json_read_int (JsonObject  *object,
                    const char  *parent,
                    const char  *key,
                    gint64      *out,
                    GError     **error)
{
  JsonNode *node = _vol_json_get_member (object, key);

  *out = 0;
  if (node == NULL)
    return TRUE;
  if (!_vol_json_node_is (node, G_TYPE_INT64))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_INTEGER, parent, key);
  *out = json_node_get_int (node);
  return TRUE;
}

/* A non-negative integer no larger than @max; absent or null → 0. */
gboolean
_vol_json_read_unsigned (JsonObject  *object,
                         const char  *parent,
                         const char  *key,
                         guint64      max,
                         guint64     *out,
                         GError     **error)
{
  JsonNode *node = _vol_json_get_member (object, key);
  gint64 value;

  *out = 0;
  if (node == NULL)
    return TRUE;
  if (!_vol_json_node_is (node, G_TYPE_INT64))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_INTEGER, parent, key);
  value = json_node_get_int (node);
  if (value < 0)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NEGATIVE, parent, key);
  if ((guint64) value > max)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_OUT_OF_RANGE, parent, key);
  *out = (guint64) value;
  return TRUE;
}

/* As _vol_json_read_unsigned(), up to G_MAXUINT. */
gboolean
_vol_json_read_uint (JsonObject  *object,
                     const char  *parent,
                     const char  *key,
                     guint       *out,
                     GError     **error)
{
  guint64 value;

  if (!_vol_json_read_unsigned (object, parent, key, G_MAXUINT, &value, error))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

/* An array of strings; absent or null → NULL, [] → an empty strv. */
gboolean
_vol_json_read_strv (JsonObject   *object,
                     const char   *parent,
                     const char   *key,
                     char       ***out,
                     GError      **error)
{
  JsonNode *node = _vol_json_get_member (object, key);
  JsonArray *array;
  GStrvBuilder *builder;
  guint n;

  *out = NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_STRING_ARRAY, parent, key);

  array = json_node_get_array (node);
  n = json_array_get_length (array);
  builder = g_strv_builder_new ();
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!_vol_json_node_is (element, G_TYPE_STRING))
        {
          g_autofree char *path = _vol_json_member_path (parent, key);

          g_strv_builder_unref (builder);
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       _("“%s[%u]” must be a string"), path, i);
          return FALSE;
        }
      {
        g_autofree char *valid = g_utf8_make_valid (json_node_get_string (element), -1);
        g_strv_builder_add (builder, valid);
      }
    }
  *out = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return TRUE;
}

/* An object member that must be an object (absent or null → NULL unless
 * @required). */
gboolean
_vol_json_read_object (JsonObject  *object,
                       const char  *parent,
                       const char  *key,
                       gboolean     required,
                       JsonObject **out,
                       GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  *out = NULL;
  if (node == NULL && required)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, parent, key);
  if (node == NULL || (JSON_NODE_HOLDS_NULL (node) && !required))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_OBJECT, parent, key);
  *out = json_node_get_object (node);
  return TRUE;
}

/* As _vol_json_read_object(), for an array. */
gboolean
_vol_json_read_array (JsonObject  *object,
                      const char  *parent,
                      const char  *key,
                      gboolean     required,
                      JsonArray  **out,
                      GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  *out = NULL;
  if (node == NULL && required)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, parent, key);
  if (node == NULL || (JSON_NODE_HOLDS_NULL (node) && !required))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_ARRAY, parent, key);
  *out = json_node_get_array (node);
  return TRUE;
}

/* An element of an array of objects, e.g. "series[2]". */
gboolean
_vol_json_element_object (JsonArray   *array,
                          guint        index,
                          const char  *array_path,
                          JsonObject **out,
                          char       **path,
                          GError     **error)
{
  JsonNode *node = json_array_get_element (array, index);

  *path = g_strdup_printf ("%s[%u]", array_path, index);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      return path_error (error, VOL_JSON_PROBLEM_NOT_OBJECT, *path);
    }
  *out = json_node_get_object (node);
  return TRUE;
}

/* For a string that must be one of a list of words ("state", "data_pattern"). */
gboolean
_vol_json_unknown_value_error (GError    **error,
                               const char *parent,
                               const char *key,
                               const char *value)
{
  g_autofree char *path = _vol_json_member_path (parent, key);

  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
               _("“%s” has an unknown value “%s”"), path, value);
  return FALSE;
}

/* A JSON parameter value back to a GVariant (the mapping is documented in
 * docs/result-format.md). */
static GVariant *
variant_from_node (JsonNode    *node,
                   const char  *path,
                   GError     **error)
{
  if (JSON_NODE_HOLDS_NULL (node))
    return g_variant_new_double (NAN);

  if (JSON_NODE_HOLDS_VALUE (node))
    {
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          return g_variant_new_int64 (json_node_get_int (node));
        case G_TYPE_DOUBLE:
          if (isinf (json_node_get_double (node)))
            break;
          return g_variant_new_double (json_node_get_double (node));
        case G_TYPE_BOOLEAN:
          return g_variant_new_boolean (json_node_get_boolean (node));
        case G_TYPE_STRING:
          return g_variant_new_take_string (g_utf8_make_valid (json_node_get_string (node), -1));
        default:
          break;
        }
      path_error (error, VOL_JSON_PROBLEM_OUT_OF_RANGE, path);
      return NULL;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      guint n = json_array_get_length (array);
      guint n_int = 0, n_double = 0, n_string = 0, n_bool = 0;
      GVariantBuilder builder;

      for (guint i = 0; i < n; i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (JSON_NODE_HOLDS_NULL (element))
            n_double++;
          else if (_vol_json_node_is (element, G_TYPE_INT64))
            n_int++;
          else if (_vol_json_node_is (element, G_TYPE_DOUBLE)
                   && !isinf (json_node_get_double (element)))
            n_double++;
          else if (_vol_json_node_is (element, G_TYPE_STRING))
            n_string++;
          else if (_vol_json_node_is (element, G_TYPE_BOOLEAN))
            n_bool++;
        }

      /* An empty list is an "ax": the only list parameters are INT_LIST
       * and SIZE_LIST (vol-param.h). */
      if (n_int == n)
        {
          g_variant_builder_init (&builder, G_VARIANT_TYPE ("ax"));
          for (guint i = 0; i < n; i++)
            g_variant_builder_add (&builder, "x", json_array_get_int_element (array, i));
          return g_variant_builder_end (&builder);
        }
      if (n_int + n_double == n)
        {
          g_variant_builder_init (&builder, G_VARIANT_TYPE ("ad"));
          for (guint i = 0; i < n; i++)
            {
              double value = 0;
              _vol_json_node_to_double (json_array_get_element (array, i), &value);
              g_variant_builder_add (&builder, "d", value);
            }
          return g_variant_builder_end (&builder);
        }
      if (n_string == n)
        {
          g_variant_builder_init (&builder, G_VARIANT_TYPE ("as"));
          for (guint i = 0; i < n; i++)
            g_variant_builder_add_value (&builder, g_variant_new_take_string (
                                           g_utf8_make_valid (json_array_get_string_element (array, i), -1)));
          return g_variant_builder_end (&builder);
        }
      if (n_bool == n)
        {
          g_variant_builder_init (&builder, G_VARIANT_TYPE ("ab"));
          for (guint i = 0; i < n; i++)
            g_variant_builder_add (&builder, "b", json_array_get_boolean_element (array, i));
          return g_variant_builder_end (&builder);
        }
      path_error (error, VOL_JSON_PROBLEM_MIXED_ARRAY, path);
      return NULL;
    }

  path_error (error, VOL_JSON_PROBLEM_NOT_PARAMETER, path);
  return NULL;
}

/* An object of parameters → a{sv}; absent or null → an empty a{sv}, so
 * that a loaded result always has both dictionaries. */
gboolean
_vol_json_read_vardict (JsonObject  *object,
                        const char  *parent,
                        const char  *key,
                        GVariant   **out,
                        GError     **error)
{
  JsonObject *dict;
  g_autofree char *path = _vol_json_member_path (parent, key);
  g_autoptr(GList) members = NULL;
  GVariantBuilder builder;

  *out = NULL;
  if (!_vol_json_read_object (object, parent, key, FALSE, &dict, error))
    return FALSE;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  if (dict != NULL)
    members = json_object_get_members (dict);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *value_path = _vol_json_member_path (path, name);
      GVariant *value;

      value = variant_from_node (json_object_get_member (dict, name), value_path, error);
      if (value == NULL)
        {
          g_variant_builder_clear (&builder);
          return FALSE;
        }
      /* The scan lets only UTF-8 through; GVariant aborts on anything
       * else, so this stays checked here too. */
      if (g_utf8_validate (name, -1, NULL))
        g_variant_builder_add (&builder, "{sv}", name, value);
      else
        {
          g_autofree char *valid = g_utf8_make_valid (name, -1);
          g_variant_builder_add (&builder, "{sv}", valid, value);
        }
    }
  *out = g_variant_ref_sink (g_variant_builder_end (&builder));
  return TRUE;
}
