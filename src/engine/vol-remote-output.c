/* vol-remote-output.c — the hosts' fio output, kept as one file (vol-remote-output.h) */
#include "config.h"

#include "vol-remote-output.h"

#include <string.h>

#include <json-glib/json-glib.h>

/* The JSON document of one client's output: from its first line that
 * starts with "{" to its last that starts with "}" (fio's messages may
 * come before and after). NULL if there is none that parses. */
static JsonNode *
document (const char *text)
{
  const char *start = text[0] == '{' ? text : strstr (text, "\n{");
  const char *end;
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (start == NULL)
    return NULL;
  if (start != text)
    start++;
  end = g_strrstr (start, "\n}");
  if (end == NULL)
    return NULL;
  end += 2;
  if (!json_parser_load_from_data (parser, start, end - start, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;
  return json_node_copy (json_parser_get_root (parser));
}

static gint64
direction_member (JsonObject *entry,
                  const char *direction,
                  const char *member)
{
  JsonNode *node = json_object_get_member (entry, direction);
  JsonNode *value;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return 0;
  value = json_object_get_member (json_node_get_object (node), member);
  return value != NULL && JSON_NODE_HOLDS_VALUE (value) ? json_node_get_int (value) : 0;
}

/**
 * vol_remote_output_save:
 * @texts: (element-type utf8): each client's output
 * @finished: for each text, whether its host finished
 * @all_clients: whether to add the "All clients" entry
 */
gboolean
vol_remote_output_save (const char     *path,
                        GPtrArray      *texts,
                        const gboolean *finished,
                        gboolean        all_clients,
                        GError        **error)
{
  g_autoptr(JsonArray) stats = json_array_new ();
  g_autoptr(JsonObject) root = json_object_new ();
  g_autoptr(JsonNode) root_node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  gint64 sums[2][2] = { { 0 } };  /* [read, write][total_ios, io_bytes] */
  char *version = NULL;

  for (guint i = 0; i < texts->len; i++)
    {
      g_autoptr(JsonNode) doc = document (g_ptr_array_index (texts, i));
      JsonObject *object;
      JsonArray *entries;

      if (doc == NULL)
        continue;
      object = json_node_get_object (doc);
      if (version == NULL)
        version = g_strdup (json_object_get_string_member_with_default (object, "fio version", NULL));
      if (!json_object_has_member (object, "client_stats")
          || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "client_stats")))
        continue;
      entries = json_object_get_array_member (object, "client_stats");
      for (guint j = 0; j < json_array_get_length (entries); j++)
        {
          JsonNode *entry = json_array_get_element (entries, j);
          JsonObject *e = JSON_NODE_HOLDS_OBJECT (entry) ? json_node_get_object (entry) : NULL;

          if (e == NULL || g_strcmp0 (json_object_get_string_member_with_default (e, "jobname", ""), "All clients") == 0)
            continue;
          json_array_add_element (stats, json_node_copy (entry));
          if (!finished[i])
            continue;
          for (guint d = 0; d < 2; d++)
            {
              sums[d][0] += direction_member (e, d ? "write" : "read", "total_ios");
              sums[d][1] += direction_member (e, d ? "write" : "read", "io_bytes");
            }
        }
    }
  if (all_clients)
    {
      JsonObject *all = json_object_new ();

      json_object_set_string_member (all, "jobname", "All clients");
      json_object_set_string_member (all, "summed_by", "Volumeter, over the hosts that finished");
      for (guint d = 0; d < 2; d++)
        {
          JsonObject *dir = json_object_new ();
          json_object_set_int_member (dir, "total_ios", sums[d][0]);
          json_object_set_int_member (dir, "io_bytes", sums[d][1]);
          json_object_set_object_member (all, d ? "write" : "read", dir);
        }
      json_array_add_object_element (stats, all);
    }

  if (version != NULL)
    json_object_set_string_member (root, "fio version", version);
  g_free (version);
  json_object_set_array_member (root, "client_stats", json_array_ref (stats));
  json_node_set_object (root_node, root);
  json_generator_set_root (generator, root_node);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_file (generator, path, error);
}
