/* vol-json-read-private.h — typed fields out of a parsed JSON tree
 *
 * The readers behind vol-result-json.c, for the model's own files only.
 * Every reader takes the path of the object it reads from ("" for the top,
 * "series[0]") and, when the field is wrong, sets a VOL_RESULT_ERROR_FIELD
 * whose message names the field's full path ("“series[0].columns[1].name”
 * must be a string") and returns FALSE, so that reads chain with ||.
 * Absent and null are the same for optional fields. Pure; any thread.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* What can be wrong with a field; each is one translatable sentence. */
typedef enum
{
  VOL_JSON_PROBLEM_MISSING,
  VOL_JSON_PROBLEM_NOT_STRING,
  VOL_JSON_PROBLEM_NOT_NUMBER,
  VOL_JSON_PROBLEM_NOT_INTEGER,
  VOL_JSON_PROBLEM_NEGATIVE,
  VOL_JSON_PROBLEM_OUT_OF_RANGE,
  VOL_JSON_PROBLEM_NOT_BOOLEAN_OR_NULL,
  VOL_JSON_PROBLEM_NOT_STRING_ARRAY,
  VOL_JSON_PROBLEM_NOT_OBJECT,
  VOL_JSON_PROBLEM_NOT_ARRAY,
  VOL_JSON_PROBLEM_NOT_PARAMETER,
  VOL_JSON_PROBLEM_MIXED_ARRAY,
  VOL_JSON_PROBLEM_EMPTY,
  VOL_JSON_PROBLEM_NOT_DATE,
  VOL_JSON_PROBLEM_NOT_POSITIVE,
} VolJsonProblem;

char      *_vol_json_member_path         (const char     *parent,
                                          const char     *key);
gboolean   _vol_json_field_error         (GError        **error,
                                          VolJsonProblem  problem,
                                          const char     *parent,
                                          const char     *key);
gboolean   _vol_json_unknown_value_error (GError        **error,
                                          const char     *parent,
                                          const char     *key,
                                          const char     *value);

gboolean   _vol_json_node_is             (JsonNode       *node,
                                          GType           type);
JsonNode  *_vol_json_get_member          (JsonObject     *object,
                                          const char     *key);
gboolean   _vol_json_node_to_double      (JsonNode       *node,
                                          double         *out);
gboolean   _vol_json_double_in_range     (double          value);

gboolean   _vol_json_read_string         (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          gboolean        required,
                                          char          **out,
                                          GError        **error);
gboolean   _vol_json_read_double         (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          double          absent,
                                          double         *out,
                                          GError        **error);
gboolean   _vol_json_read_int            (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          gint64         *out,
                                          GError        **error);
gboolean   _vol_json_read_unsigned       (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          guint64         max,
                                          guint64        *out,
                                          GError        **error);
gboolean   _vol_json_read_uint           (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          guint          *out,
                                          GError        **error);
gboolean   _vol_json_read_strv           (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          char         ***out,
                                          GError        **error);
gboolean   _vol_json_read_object         (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          gboolean        required,
                                          JsonObject    **out,
                                          GError        **error);
gboolean   _vol_json_read_array          (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          gboolean        required,
                                          JsonArray     **out,
                                          GError        **error);
gboolean   _vol_json_read_vardict        (JsonObject     *object,
                                          const char     *parent,
                                          const char     *key,
                                          GVariant      **out,
                                          GError        **error);
gboolean   _vol_json_element_object      (JsonArray      *array,
                                          guint           index,
                                          const char     *array_path,
                                          JsonObject    **out,
                                          char          **path,
                                          GError        **error);

G_END_DECLS
