/* vol-result-json.c — results to and from *.volumeter.json
 *
 * The format is documented field by field in docs/result-format.md; keep the
 * two in step. Writing builds a JsonNode tree and prints it with our own
 * writer (vol-json-writer.c); reading checks everything before anything is
 * trusted, because a result file may come from anywhere (a mail, a forum, a
 * fuzzer). The text is scanned strictly (vol-json-scan.c) before json-glib
 * parses it, and every field is read through the typed readers of
 * vol-json-read.c, whose errors name the field's path. The writer and the
 * scan exist because of json-glib 1.6 (Debian 12) behaviours; their headers
 * say which.
 *
 * Every function here is pure apart from the file I/O, and may be called
 * from any thread.
 */

#include "vol-result.h"
#include "vol-units.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-file-read.h"
#include "vol-file-write.h"
#include "vol-fio-import.h"
#include "vol-json-read-private.h"
#include "vol-json-scan.h"
#include "vol-json-writer.h"

/* meson passes "-include config.h"; a standalone build of the model (see
 * tests/model/test-result.c) may not. */
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* A result of a million samples in three columns is about 60 MiB; anything
 * far beyond that is not a result, and json-glib needs several times the
 * file's size in memory to parse it. */
#define MAX_FILE_SIZE ((gsize) 256 * 1024 * 1024)
/* JSON values outside the sample arrays ("series[i].columns[j].values"):
 * a result has hundreds; see load_text(). */
#define MAX_VALUES 100000

/* ------------------------------------------------------------------------ */
/* Writing: VolResult → JsonNode                                             */
/* ------------------------------------------------------------------------ */

/* Probed strings (models, paths) come from sysfs and mount tables and may
 * hold any bytes; one invalid byte would make the whole file unreadable. */
static JsonNode *
string_node (const char *value)
{
  JsonNode *node;

  if (value == NULL)
    return json_node_new (JSON_NODE_NULL);

  node = json_node_new (JSON_NODE_VALUE);
  if (g_utf8_validate (value, -1, NULL))
    json_node_set_string (node, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);
      json_node_set_string (node, valid);
    }
  return node;
}

/* JSON has no NaN or infinity: they are written as null (read back as NaN). */
static JsonNode *
double_node (double value)
{
  JsonNode *node;

  if (!isfinite (value))
    return json_node_new (JSON_NODE_NULL);
  node = json_node_new (JSON_NODE_VALUE);
  json_node_set_double (node, value);
  return node;
}

static JsonNode *
int_node (gint64 value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_int (node, value);
  return node;
}

static JsonNode *
boolean_node (gboolean value)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_boolean (node, value);
  return node;
}

/* 0 means unknown throughout VolTargetInfo and VolHostInfo. Values beyond
 * G_MAXINT64 (8 EiB) cannot be read back from a JSON integer by json-glib;
 * no real size is that big, so they are written as unknown, not as a wrong
 * number. */
static JsonNode *
size_node (guint64 value)
{
  if (value == 0 || value > G_MAXINT64)
    return json_node_new (JSON_NODE_NULL);
  return int_node ((gint64) value);
}

/* 1 / 0 / -1 → true / false / null */
static JsonNode *
tristate_node (int value)
{
  if (value < 0)
    return json_node_new (JSON_NODE_NULL);
  return boolean_node (value != 0);
}

static JsonNode *
strv_node (char **strv)
{
  JsonArray *array;
  JsonNode *node;

  if (strv == NULL)
    return json_node_new (JSON_NODE_NULL);

  array = json_array_new ();
  for (guint i = 0; strv[i] != NULL; i++)
    json_array_add_element (array, string_node (strv[i]));
  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;
}

/* A column's, summary's or figure's unit. Random I/O results made before
 * every kind wrote "IO/s" say "ops/s": read as the one spelling, so the
 * tables, charts and comparisons of old and new files agree. */
static gboolean
read_unit (JsonObject  *object,
           const char  *path,
           char       **unit,
           GError     **error)
{
  if (!_vol_json_read_string (object, path, "unit", FALSE, unit, error))
    return FALSE;
  if (g_strcmp0 (*unit, VOL_UNIT_IOPS_OLD) == 0)
    {
      g_free (*unit);
      *unit = g_strdup (VOL_UNIT_IOPS);
    }
  return TRUE;
}

static JsonNode *
object_node (JsonObject *object)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_node_take_object (node, object);
  return node;
}

static JsonNode *
array_node (JsonArray *array)
{
  JsonNode *node = json_node_new (JSON_NODE_ARRAY);

  json_node_take_array (node, array);
  return node;
}

/* One parameter value. The registry only makes x, d, s, b and ax
 * (vol-param.h); the other basic types are written by the same rules so a
 * future parameter is never lost, and anything else as its GVariant text. */
static JsonNode *
variant_node (GVariant *value)
{
  const GVariantType *type = g_variant_get_type (value);

  if (g_variant_type_equal (type, G_VARIANT_TYPE_VARIANT))
    {
      g_autoptr(GVariant) inner = g_variant_get_variant (value);
      return variant_node (inner);
    }

  switch (g_variant_classify (value))
    {
    case G_VARIANT_CLASS_BOOLEAN:
      return boolean_node (g_variant_get_boolean (value));
    case G_VARIANT_CLASS_BYTE:
      return int_node (g_variant_get_byte (value));
    case G_VARIANT_CLASS_INT16:
      return int_node (g_variant_get_int16 (value));
    case G_VARIANT_CLASS_UINT16:
      return int_node (g_variant_get_uint16 (value));
    case G_VARIANT_CLASS_INT32:
      return int_node (g_variant_get_int32 (value));
    case G_VARIANT_CLASS_UINT32:
      return int_node (g_variant_get_uint32 (value));
    case G_VARIANT_CLASS_INT64:
      return int_node (g_variant_get_int64 (value));
    case G_VARIANT_CLASS_UINT64:
      {
        guint64 v = g_variant_get_uint64 (value);
        /* A JSON integer is read back as a gint64; past that, keep the
         * magnitude rather than wrap to a negative number. */
        if (v > G_MAXINT64)
          return double_node ((double) v);
        return int_node ((gint64) v);
      }
    case G_VARIANT_CLASS_DOUBLE:
      return double_node (g_variant_get_double (value));
    case G_VARIANT_CLASS_STRING:
    case G_VARIANT_CLASS_OBJECT_PATH:
    case G_VARIANT_CLASS_SIGNATURE:
      return string_node (g_variant_get_string (value, NULL));
    case G_VARIANT_CLASS_ARRAY:
      {
        const GVariantType *element = g_variant_type_element (type);

        if (g_variant_type_is_basic (element))
          {
            JsonArray *array = json_array_new ();
            gsize n = g_variant_n_children (value);

            for (gsize i = 0; i < n; i++)
              {
                g_autoptr(GVariant) child = g_variant_get_child_value (value, i);
                json_array_add_element (array, variant_node (child));
              }
            return array_node (array);
          }
      }
      break;
    case G_VARIANT_CLASS_HANDLE:
    case G_VARIANT_CLASS_VARIANT:
    case G_VARIANT_CLASS_MAYBE:
    case G_VARIANT_CLASS_TUPLE:
    case G_VARIANT_CLASS_DICT_ENTRY:
    default:
      break;
    }

  {
    g_autofree char *text = g_variant_print (value, TRUE);
    return string_node (text);
  }
}

/* An a{sv} as a JSON object; NULL is written as {} so readers in other
 * languages always find an object. */
static JsonNode *
vardict_node (GVariant *dict)
{
  JsonObject *object = json_object_new ();

  if (dict != NULL && g_variant_is_of_type (dict, G_VARIANT_TYPE_VARDICT))
    {
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, dict);
      while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
        {
          g_autofree char *valid_key = g_utf8_make_valid (key, -1);
          json_object_set_member (object, valid_key, variant_node (value));
        }
    }
  return object_node (object);
}

static JsonNode *
host_node (const VolHostInfo *host)
{
  JsonObject *object;

  if (host == NULL)
    return json_node_new (JSON_NODE_NULL);

  object = json_object_new ();
  json_object_set_member (object, "kernel", string_node (host->kernel));
  json_object_set_member (object, "os", string_node (host->os));
  json_object_set_member (object, "cpu_model", string_node (host->cpu_model));
  json_object_set_member (object, "cpu_count", size_node (host->cpu_count));
  json_object_set_member (object, "memory_bytes", size_node (host->memory_bytes));
  /* Identifies the machine: only present when the user opted in. */
  if (host->hostname != NULL)
    json_object_set_member (object, "hostname", string_node (host->hostname));
  return object_node (object);
}

static JsonNode *
device_node (const VolBlockDevice *dev)
{
  JsonObject *object = json_object_new ();

  json_object_set_member (object, "name", string_node (dev->name));
  json_object_set_member (object, "kind", string_node (dev->kind));
  json_object_set_member (object, "parent", string_node (dev->parent));
  json_object_set_member (object, "slaves", strv_node (dev->slaves));
  json_object_set_member (object, "model", string_node (dev->model));
  json_object_set_member (object, "vendor", string_node (dev->vendor));
  json_object_set_member (object, "rotational", tristate_node (dev->rotational));
  json_object_set_member (object, "scheduler", string_node (dev->scheduler));
  json_object_set_member (object, "logical_block_size", size_node (dev->logical_block_size));
  json_object_set_member (object, "physical_block_size", size_node (dev->physical_block_size));
  json_object_set_member (object, "size_bytes", size_node (dev->size_bytes));
  json_object_set_member (object, "backing_file", string_node (dev->backing_file));
  json_object_set_member (object, "loop_direct_io", tristate_node (dev->loop_direct_io));
  json_object_set_member (object, "backing_fs_type", string_node (dev->backing_fs_type));
  json_object_set_member (object, "dm_name", string_node (dev->dm_name));
  json_object_set_member (object, "dm_uuid", string_node (dev->dm_uuid));
  json_object_set_member (object, "dm_target", string_node (dev->dm_target));
  json_object_set_member (object, "dm_stripes", size_node (dev->dm_stripes));
  json_object_set_member (object, "raid_level", string_node (dev->raid_level));
  json_object_set_member (object, "chunk_bytes", size_node (dev->chunk_bytes));
  json_object_set_member (object, "raid_disks", size_node (dev->raid_disks));
  return object_node (object);
}

static JsonNode *
target_node (const VolTargetInfo *target)
{
  JsonObject *object;
  JsonArray *devices;

  if (target == NULL)
    return json_node_new (JSON_NODE_NULL);

  object = json_object_new ();
  json_object_set_member (object, "path", string_node (target->path));
  json_object_set_member (object, "mount_point", string_node (target->mount_point));
  json_object_set_member (object, "fs_type", string_node (target->fs_type));
  json_object_set_member (object, "mount_source", string_node (target->mount_source));
  json_object_set_member (object, "mount_options", string_node (target->mount_options));
  json_object_set_member (object, "super_options", string_node (target->super_options));
  /* Major 0 is real (tmpfs, btrfs subvolumes), so these are always written. */
  json_object_set_member (object, "dev_major", int_node (target->dev_major));
  json_object_set_member (object, "dev_minor", int_node (target->dev_minor));
  json_object_set_member (object, "capacity_bytes", size_node (target->capacity_bytes));
  json_object_set_member (object, "free_bytes", size_node (target->free_bytes));
  json_object_set_member (object, "device", string_node (target->device));
  json_object_set_member (object, "model", string_node (target->model));
  json_object_set_member (object, "rotational", tristate_node (target->rotational));
  json_object_set_member (object, "scheduler", string_node (target->scheduler));
  json_object_set_member (object, "raid_level", string_node (target->raid_level));
  json_object_set_member (object, "stripe_bytes", size_node (target->stripe_bytes));
  json_object_set_member (object, "raid_members", strv_node (target->raid_members));
  json_object_set_member (object, "dm_target", string_node (target->dm_target));
  json_object_set_member (object, "btrfs_profile", string_node (target->btrfs_profile));

  devices = json_array_new ();
  if (target->devices != NULL)
    for (guint i = 0; i < target->devices->len; i++)
      json_array_add_element (devices, device_node (g_ptr_array_index (target->devices, i)));
  json_object_set_member (object, "devices", array_node (devices));
  return object_node (object);
}

static JsonNode *
series_node (const VolSeries *series)
{
  JsonObject *object = json_object_new ();
  JsonArray *columns = json_array_new ();

  json_object_set_member (object, "name", string_node (series->name));
  json_object_set_member (object, "title", string_node (series->title));
  json_object_set_member (object, "x", string_node (series->x));
  json_object_set_member (object, "y", string_node (series->y));

  for (guint i = 0; i < series->columns->len; i++)
    {
      const VolColumn *column = g_ptr_array_index (series->columns, i);
      const double *values = (const double *) column->values->data;
      JsonObject *col = json_object_new ();
      JsonArray *array = json_array_sized_new (column->values->len);

      for (guint j = 0; j < column->values->len; j++)
        json_array_add_element (array, double_node (values[j]));

      json_object_set_member (col, "name", string_node (column->name));
      json_object_set_member (col, "unit", string_node (column->unit ? column->unit : ""));
      json_object_set_member (col, "values", array_node (array));
      json_array_add_element (columns, object_node (col));
    }
  json_object_set_member (object, "columns", array_node (columns));
  return object_node (object);
}

static JsonNode *
summary_node (const VolSummary *summary)
{
  JsonObject *object = json_object_new ();

  json_object_set_member (object, "series", string_node (summary->series));
  json_object_set_member (object, "column", string_node (summary->column));
  json_object_set_member (object, "unit", string_node (summary->unit ? summary->unit : ""));
  json_object_set_member (object, "count", int_node (summary->count));
  json_object_set_member (object, "mean", double_node (summary->mean));
  json_object_set_member (object, "stddev", double_node (summary->stddev));
  json_object_set_member (object, "min", double_node (summary->min));
  json_object_set_member (object, "max", double_node (summary->max));
  json_object_set_member (object, "median", double_node (summary->median));
  return object_node (object);
}

static JsonNode *
figure_node (const VolFigure *figure)
{
  JsonObject *object = json_object_new ();

  json_object_set_member (object, "name", string_node (figure->name));
  json_object_set_member (object, "title", string_node (figure->title));
  json_object_set_member (object, "unit", string_node (figure->unit ? figure->unit : ""));
  json_object_set_member (object, "value", double_node (figure->value));
  return object_node (object);
}

/* A counter: json-glib reads integers as gint64, so a count past
 * G_MAXINT64 (none is) is written as the largest it can read back. */
static JsonNode *
count_node (guint64 value)
{
  return int_node ((gint64) MIN (value, (guint64) G_MAXINT64));
}

/* One timed phase: the test's own counts and the device's
 * (docs/result-format.md, "Device counters"). */
static JsonNode *
counters_node (const VolIoCounters *c)
{
  JsonObject *object = json_object_new ();
  JsonObject *test = json_object_new ();
  JsonObject *device = json_object_new ();

  json_object_set_member (object, "phase", string_node (c->phase));
  json_object_set_member (object, "device", string_node (c->device));
  /* absent means 1: files from before mirrors were counted */
  if (c->write_copies > 1)
    json_object_set_member (object, "write_copies", count_node (c->write_copies));
  json_object_set_member (test, "reads", count_node (c->reads));
  json_object_set_member (test, "writes", count_node (c->writes));
  json_object_set_member (test, "bytes_read", count_node (c->bytes_read));
  json_object_set_member (test, "bytes_written", count_node (c->bytes_written));
  json_object_set_member (test, "through_cache", boolean_node (c->through_cache));
  json_object_set_member (test, "files", count_node (c->files));
  json_object_set_member (object, "test", object_node (test));
  json_object_set_member (device, "reads", count_node (c->dev_reads));
  json_object_set_member (device, "writes", count_node (c->dev_writes));
  json_object_set_member (device, "bytes_read", count_node (c->dev_bytes_read));
  json_object_set_member (device, "bytes_written", count_node (c->dev_bytes_written));
  json_object_set_member (device, "flushes", count_node (c->dev_flushes));
  json_object_set_member (object, "kernel", object_node (device));
  return object_node (object);
}

/**
 * vol_result_to_json:
 * @result: a result
 *
 * The result as a JSON tree in the documented format. Print it with
 * vol_result_to_data(), not with JsonGenerator, which in json-glib 1.6 can
 * print doubles as invalid JSON. Any thread.
 *
 * Returns: (transfer full): the root object node
 */
JsonNode *
vol_result_to_json (const VolResult *result)
{
  JsonObject *root;
  JsonObject *app;
  JsonObject *test;
  JsonObject *status;
  JsonArray *array;
  g_autoptr(GDateTime) created = NULL;
  g_autofree char *created_text = NULL;
  g_autofree char *seed = NULL;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (result->kind != NULL, NULL);
  g_return_val_if_fail (result->created != NULL, NULL);

  root = json_object_new ();
  json_object_set_string_member (root, "format", VOL_RESULT_FORMAT_NAME);
  /* Always the version this code writes, whatever the result was read as:
   * the fields below are this version's. */
  json_object_set_int_member (root, "version", VOL_RESULT_FORMAT_VERSION);

  /* The application that made the result, kept when a loaded result is
   * saved again (a new label, say) so the file still says who measured. */
  app = json_object_new ();
  json_object_set_member (app, "name", string_node (result->app_name ? result->app_name : "Volumeter"));
  json_object_set_member (app, "version", string_node (result->app_version ? result->app_version : PACKAGE_VERSION));
  json_object_set_member (root, "app", object_node (app));

  created = g_date_time_to_utc (result->created);
  /* Only a date that GLib cannot hold in UTC (year 1 or 9999 in another
   * time zone) fails; the nearest instant it can hold is written, as the
   * loader would refuse anything else. */
  if (created == NULL)
    created = g_date_time_get_year (result->created) < 5000
              ? g_date_time_new_utc (1, 1, 1, 0, 0, 0)
              : g_date_time_new_utc (9999, 12, 31, 23, 59, 59);
  created_text = g_date_time_format_iso8601 (created);
  json_object_set_member (root, "created", string_node (created_text));
  json_object_set_member (root, "label", string_node (result->label));
  json_object_set_member (root, "host", host_node (result->host));
  json_object_set_member (root, "target", target_node (result->target));

  test = json_object_new ();
  json_object_set_member (test, "kind", string_node (result->kind));
  json_object_set_member (test, "parameters", vardict_node (result->params));
  json_object_set_member (test, "resolved", vardict_node (result->resolved));
  json_object_set_member (test, "data_pattern", string_node (vol_data_pattern_to_string (result->pattern)));
  /* A string: JSON numbers are doubles in JavaScript and would lose the
   * low bits of a 64-bit seed. */
  seed = g_strdup_printf ("0x%016" G_GINT64_MODIFIER "x", result->seed);
  json_object_set_member (test, "seed", string_node (seed));
  json_object_set_member (test, "cache_bypass", string_node (vol_cache_bypass_to_string (result->cache_bypass)));
  json_object_set_member (test, "io_backend", string_node (result->io_backend));
  json_object_set_member (test, "io_buffers", string_node (vol_io_buffers_to_string (result->io_buffers)));
  json_object_set_member (root, "test", object_node (test));

  status = json_object_new ();
  json_object_set_member (status, "state", string_node (vol_result_status_to_string (result->status)));
  json_object_set_member (status, "message", string_node (result->message));
  json_object_set_member (status, "duration_s", double_node (result->duration));
  json_object_set_member (status, "cpu_user_s", double_node (result->cpu_user));
  json_object_set_member (status, "cpu_system_s", double_node (result->cpu_system));
  json_object_set_member (root, "status", object_node (status));

  array = json_array_new ();
  for (guint i = 0; i < result->series->len; i++)
    json_array_add_element (array, series_node (g_ptr_array_index (result->series, i)));
  json_object_set_member (root, "series", array_node (array));

  array = json_array_new ();
  for (guint i = 0; i < result->summaries->len; i++)
    json_array_add_element (array, summary_node (g_ptr_array_index (result->summaries, i)));
  json_object_set_member (root, "summary", array_node (array));

  array = json_array_new ();
  for (guint i = 0; i < result->figures->len; i++)
    json_array_add_element (array, figure_node (g_ptr_array_index (result->figures, i)));
  json_object_set_member (root, "figures", array_node (array));

  array = json_array_new ();
  for (guint i = 0; i < result->counters->len; i++)
    json_array_add_element (array, counters_node (g_ptr_array_index (result->counters, i)));
  json_object_set_member (root, "counters", array_node (array));

  return object_node (root);
}

/**
 * vol_result_to_data:
 * @result: a result
 * @length: (out) (optional): where to store the length in bytes
 *
 * The result as pretty-printed JSON text ending in a newline: valid UTF-8,
 * no NaN or infinity (written as null), every double exactly as stored.
 * Any thread.
 *
 * Returns: (transfer full): the text
 */
char *
vol_result_to_data (const VolResult *result,
                    gsize           *length)
{
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  root = vol_result_to_json (result);
  g_return_val_if_fail (root != NULL, NULL);

  return vol_json_writer_to_string (root, length);
}

/**
 * vol_result_save:
 * @result: a result
 * @path: the file to write, usually ending in ".volumeter.json"
 * @error: return location for a #G_IO_ERROR
 *
 * Writes @result atomically (vol_file_write_atomic()): an existing file is
 * either the old or the new one, never half of each, even after a crash,
 * and a process killed while saving leaves no temporary file. Blocking
 * I/O: call it from a worker thread, or accept a short stall. Any thread.
 */
gboolean
vol_result_save (const VolResult  *result,
                 const char       *path,
                 GError          **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = vol_result_to_data (result, &length);
  /* Never an empty file reported as saved. */
  if (data == NULL || length == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("the result could not be written as JSON"));
      return FALSE;
    }
  return vol_file_write_atomic (path, data, length, error);
}

/* ------------------------------------------------------------------------ */
/* Reading: the sections of a result                                         */
/*                                                                           */
/* The generic readers are in vol-json-read.c; what is here knows the        */
/* format: which fields there are, which are required, and how they relate.  */
/* ------------------------------------------------------------------------ */

/* true / false / null → 1 / 0 / -1 */
static gboolean
read_tristate (JsonObject  *object,
               const char  *parent,
               const char  *member,
               int         *out,
               GError     **error)
{
  JsonNode *node = _vol_json_get_member (object, member);

  *out = -1;
  if (node == NULL)
    return TRUE;
  if (!_vol_json_node_is (node, G_TYPE_BOOLEAN))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_BOOLEAN_OR_NULL, parent,
                                  member);
  *out = json_node_get_boolean (node) ? 1 : 0;
  return TRUE;
}

static gboolean
read_host (JsonObject    *root,
           VolHostInfo  **out,
           GError       **error)
{
  JsonObject *object;
  g_autoptr(VolHostInfo) host = NULL;

  *out = NULL;
  if (!_vol_json_read_object (root, "", "host", FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;

  host = g_new0 (VolHostInfo, 1);
  if (!_vol_json_read_string (object, "host", "kernel", FALSE, &host->kernel, error)
      || !_vol_json_read_string (object, "host", "os", FALSE, &host->os, error)
      || !_vol_json_read_string (object, "host", "cpu_model", FALSE, &host->cpu_model, error)
      || !_vol_json_read_uint (object, "host", "cpu_count", &host->cpu_count, error)
      || !_vol_json_read_unsigned (object, "host", "memory_bytes", G_MAXINT64,
                                   &host->memory_bytes, error)
      || !_vol_json_read_string (object, "host", "hostname", FALSE, &host->hostname, error))
    return FALSE;
  *out = g_steal_pointer (&host);
  return TRUE;
}

static gboolean
read_device (JsonObject      *object,
             const char      *path,
             VolBlockDevice **out,
             GError         **error)
{
  g_autoptr(VolBlockDevice) dev = vol_block_device_new ();

  *out = NULL;
  if (!_vol_json_read_string (object, path, "name", TRUE, &dev->name, error)
      || !_vol_json_read_string (object, path, "kind", FALSE, &dev->kind, error)
      || !_vol_json_read_string (object, path, "parent", FALSE, &dev->parent, error)
      || !_vol_json_read_strv (object, path, "slaves", &dev->slaves, error)
      || !_vol_json_read_string (object, path, "model", FALSE, &dev->model, error)
      || !_vol_json_read_string (object, path, "vendor", FALSE, &dev->vendor, error)
      || !read_tristate (object, path, "rotational", &dev->rotational, error)
      || !_vol_json_read_string (object, path, "scheduler", FALSE, &dev->scheduler, error)
      || !_vol_json_read_uint (object, path, "logical_block_size", &dev->logical_block_size, error)
      || !_vol_json_read_uint (object, path, "physical_block_size",
                               &dev->physical_block_size, error)
      || !_vol_json_read_unsigned (object, path, "size_bytes", G_MAXINT64, &dev->size_bytes, error)
      || !_vol_json_read_string (object, path, "backing_file", FALSE, &dev->backing_file, error)
      || !read_tristate (object, path, "loop_direct_io", &dev->loop_direct_io, error)
      || !_vol_json_read_string (object, path, "backing_fs_type", FALSE, &dev->backing_fs_type, error)
      || !_vol_json_read_string (object, path, "dm_name", FALSE, &dev->dm_name, error)
      || !_vol_json_read_string (object, path, "dm_uuid", FALSE, &dev->dm_uuid, error)
      || !_vol_json_read_string (object, path, "dm_target", FALSE, &dev->dm_target, error)
      || !_vol_json_read_uint (object, path, "dm_stripes", &dev->dm_stripes, error)
      || !_vol_json_read_string (object, path, "raid_level", FALSE, &dev->raid_level, error)
      || !_vol_json_read_unsigned (object, path, "chunk_bytes", G_MAXINT64,
                                   &dev->chunk_bytes, error)
      || !_vol_json_read_uint (object, path, "raid_disks", &dev->raid_disks, error))
    return FALSE;
  *out = g_steal_pointer (&dev);
  return TRUE;
}

static gboolean
read_target (JsonObject     *root,
             VolTargetInfo **out,
             GError        **error)
{
  JsonObject *object;
  JsonArray *devices;
  g_autoptr(VolTargetInfo) target = NULL;

  *out = NULL;
  if (!_vol_json_read_object (root, "", "target", FALSE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;

  target = vol_target_info_new ();
  if (!_vol_json_read_string (object, "target", "path", FALSE, &target->path, error)
      || !_vol_json_read_string (object, "target", "mount_point", FALSE,
                                 &target->mount_point, error)
      || !_vol_json_read_string (object, "target", "fs_type", FALSE, &target->fs_type, error)
      || !_vol_json_read_string (object, "target", "mount_source", FALSE,
                                 &target->mount_source, error)
      || !_vol_json_read_string (object, "target", "mount_options", FALSE,
                                 &target->mount_options, error)
      || !_vol_json_read_string (object, "target", "super_options", FALSE,
                                 &target->super_options, error)
      || !_vol_json_read_uint (object, "target", "dev_major", &target->dev_major, error)
      || !_vol_json_read_uint (object, "target", "dev_minor", &target->dev_minor, error)
      || !_vol_json_read_unsigned (object, "target", "capacity_bytes", G_MAXINT64,
                                   &target->capacity_bytes, error)
      || !_vol_json_read_unsigned (object, "target", "free_bytes", G_MAXINT64,
                                   &target->free_bytes, error)
      || !_vol_json_read_string (object, "target", "device", FALSE, &target->device, error)
      || !_vol_json_read_string (object, "target", "model", FALSE, &target->model, error)
      || !read_tristate (object, "target", "rotational", &target->rotational, error)
      || !_vol_json_read_string (object, "target", "scheduler", FALSE, &target->scheduler, error)
      || !_vol_json_read_string (object, "target", "raid_level", FALSE, &target->raid_level, error)
      || !_vol_json_read_unsigned (object, "target", "stripe_bytes", G_MAXINT64,
                                   &target->stripe_bytes, error)
      || !_vol_json_read_strv (object, "target", "raid_members", &target->raid_members, error)
      || !_vol_json_read_string (object, "target", "dm_target", FALSE, &target->dm_target, error)
      || !_vol_json_read_string (object, "target", "btrfs_profile", FALSE,
                                 &target->btrfs_profile, error)
      || !_vol_json_read_array (object, "target", "devices", FALSE, &devices, error))
    return FALSE;

  if (devices != NULL)
    for (guint i = 0; i < json_array_get_length (devices); i++)
      {
        JsonObject *dev_object;
        g_autofree char *path = NULL;
        VolBlockDevice *dev;

        if (!_vol_json_element_object (devices, i, "target.devices", &dev_object, &path, error)
            || !read_device (dev_object, path, &dev, error))
          return FALSE;
        g_ptr_array_add (target->devices, dev);
      }

  *out = g_steal_pointer (&target);
  return TRUE;
}

static gboolean
read_test (JsonObject  *test,
           VolResult   *result,
           GError     **error)
{
  g_autofree char *pattern = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *bypass = NULL;
  g_autofree char *buffers = NULL;

  if (!_vol_json_read_vardict (test, "test", "parameters", &result->params, error)
      || !_vol_json_read_vardict (test, "test", "resolved", &result->resolved, error)
      || !_vol_json_read_string (test, "test", "data_pattern", FALSE, &pattern, error)
      || !_vol_json_read_string (test, "test", "seed", FALSE, &seed, error)
      || !_vol_json_read_string (test, "test", "cache_bypass", FALSE, &bypass, error)
      || !_vol_json_read_string (test, "test", "io_backend", FALSE, &result->io_backend, error)
      || !_vol_json_read_string (test, "test", "io_buffers", FALSE, &buffers, error))
    return FALSE;
  result->io_buffers = VOL_IO_BUFFERS_UNKNOWN;
  if (buffers != NULL && !vol_io_buffers_from_string (buffers, &result->io_buffers))
    return _vol_json_unknown_value_error (error, "test", "io_buffers", buffers);

  result->pattern = VOL_DATA_PATTERN_RANDOM;
  if (pattern != NULL && !vol_data_pattern_from_string (pattern, &result->pattern))
    return _vol_json_unknown_value_error (error, "test", "data_pattern", pattern);

  /* Without the field nothing says the page cache was kept out, so the
   * numbers are not claimed to be the device's. */
  result->cache_bypass = VOL_CACHE_BYPASS_NONE;
  if (bypass != NULL && !vol_cache_bypass_from_string (bypass, &result->cache_bypass))
    return _vol_json_unknown_value_error (error, "test", "cache_bypass", bypass);

  result->seed = 0;
  if (seed != NULL)
    {
      gsize n = strlen (seed);
      gboolean ok = n > 2 && n <= 18 && seed[0] == '0' && (seed[1] == 'x' || seed[1] == 'X');

      for (gsize i = 2; ok && i < n; i++)
        ok = g_ascii_isxdigit (seed[i]);
      if (!ok)
        {
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       _("“%s” must be a hexadecimal string such as “0x0123456789abcdef”"),
                       "test.seed");
          return FALSE;
        }
      result->seed = g_ascii_strtoull (seed + 2, NULL, 16);
    }
  return TRUE;
}

static gboolean
read_status (JsonObject  *root,
             VolResult   *result,
             GError     **error)
{
  JsonObject *status;
  g_autofree char *state = NULL;

  if (!_vol_json_read_object (root, "", "status", TRUE, &status, error)
      || !_vol_json_read_string (status, "status", "state", TRUE, &state, error))
    return FALSE;
  if (!vol_result_status_from_string (state, &result->status))
    return _vol_json_unknown_value_error (error, "status", "state", state);

  /* Absent timings are unknown, like null ones. */
  return _vol_json_read_string (status, "status", "message", FALSE, &result->message, error)
         && _vol_json_read_double (status, "status", "duration_s", NAN, &result->duration, error)
         && _vol_json_read_double (status, "status", "cpu_user_s", NAN, &result->cpu_user, error)
         && _vol_json_read_double (status, "status", "cpu_system_s", NAN,
                                   &result->cpu_system, error);
}

static gboolean
read_column (JsonObject               *object,
             const char               *path,
             const VolJsonScanReport  *report,
             VolSeries                *series,
             GError                  **error)
{
  g_autofree char *name = NULL;
  g_autofree char *unit = NULL;
  g_autofree char *values_path = _vol_json_member_path (path, "values");
  JsonArray *values;
  VolColumn *column;
  guint n;

  if (!_vol_json_read_string (object, path, "name", TRUE, &name, error)
      || !read_unit (object, path, &unit, error)
      || !_vol_json_read_array (object, path, "values", TRUE, &values, error))
    return FALSE;

  if (vol_series_get_column (series, name) != NULL)
    {
      g_autofree char *name_path = _vol_json_member_path (path, "name");

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” repeats the name of an earlier column"), name_path);
      return FALSE;
    }

  column = vol_series_add_column (series, name, unit);

  /* Most of a result: read by the scan, and blanked out of what json-glib
   * parsed (vol_json_scan_blank_numbers()). */
  if (report->numbers != NULL && json_array_get_length (values) == 0)
    {
      GArray *numbers = g_hash_table_lookup (report->numbers, values_path);

      if (numbers != NULL)
        {
          const double *v = (const double *) numbers->data;

          for (guint i = 0; i < numbers->len; i++)
            if (!_vol_json_double_in_range (v[i]))
              {
                g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                             _("“%s[%u]” is out of range"), values_path, i);
                return FALSE;
              }
          /* the scan's array becomes the column's: no copy */
          g_array_unref (column->values);
          column->values = g_array_ref (numbers);
          return TRUE;
        }
    }

  n = json_array_get_length (values);
  g_array_set_size (column->values, n);
  for (guint i = 0; i < n; i++)
    {
      double *value = &g_array_index (column->values, double, i);

      if (!_vol_json_node_to_double (json_array_get_element (values, i), value))
        {
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       _("“%s[%u]” must be a number"), values_path, i);
          return FALSE;
        }
      if (!_vol_json_double_in_range (*value))
        {
          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       _("“%s[%u]” is out of range"), values_path, i);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_one_series (JsonObject               *object,
                 const char               *path,
                 const VolJsonScanReport  *report,
                 VolResult                *result,
                 GError                  **error)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_autofree char *columns_path = _vol_json_member_path (path, "columns");
  JsonArray *columns;
  VolSeries *series;
  const char *axes[] = { "x", "y" };

  if (!_vol_json_read_string (object, path, "name", TRUE, &name, error)
      || !_vol_json_read_string (object, path, "title", FALSE, &title, error)
      || !_vol_json_read_string (object, path, "x", FALSE, &x, error)
      || !_vol_json_read_string (object, path, "y", FALSE, &y, error)
      || !_vol_json_read_array (object, path, "columns", TRUE, &columns, error))
    return FALSE;

  /* Charts and summaries find a series by name. */
  if (vol_result_get_series (result, name) != NULL)
    {
      g_autofree char *name_path = _vol_json_member_path (path, "name");

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” repeats the name of an earlier series"), name_path);
      return FALSE;
    }

  series = vol_result_add_series (result, name, title, x, y);
  for (guint i = 0; i < json_array_get_length (columns); i++)
    {
      JsonObject *col_object;
      g_autofree char *col_path = NULL;

      if (!_vol_json_element_object (columns, i, columns_path, &col_object, &col_path, error)
          || !read_column (col_object, col_path, report, series, error))
        return FALSE;

      /* Rows are whole: every column has one value per sample. */
      if (i > 0)
        {
          const VolColumn *first = g_ptr_array_index (series->columns, 0);
          const VolColumn *column = g_ptr_array_index (series->columns, i);

          if (column->values->len != first->values->len)
            {
              g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                           _("“%s[%u].values” has %u values but “%s[0].values” has %u"),
                           columns_path, i, column->values->len,
                           columns_path, first->values->len);
              return FALSE;
            }
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (axes); i++)
    {
      const char *column = i == 0 ? series->x : series->y;

      if (column != NULL && vol_series_get_column (series, column) == NULL)
        {
          g_autofree char *axis_path = _vol_json_member_path (path, axes[i]);

          g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       _("“%s” is “%s”, which is not a column of this series"),
                       axis_path, column);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_summary (JsonObject               *object,
              const char               *path,
              const VolJsonScanReport  *report,
              VolResult                *result,
              GError                  **error)
{
  g_autofree char *series_name = NULL;
  g_autofree char *column_name = NULL;
  g_autofree char *unit = NULL;
  const VolSeries *series;
  VolSummary *summary;
  guint count;
  double mean, stddev, min, max, median;

  if (!_vol_json_read_string (object, path, "series", TRUE, &series_name, error)
      || !_vol_json_read_string (object, path, "column", TRUE, &column_name, error)
      || !read_unit (object, path, &unit, error)
      || !_vol_json_read_uint (object, path, "count", &count, error)
      || !_vol_json_read_double (object, path, "mean", NAN, &mean, error)
      || !_vol_json_read_double (object, path, "stddev", NAN, &stddev, error)
      || !_vol_json_read_double (object, path, "min", NAN, &min, error)
      || !_vol_json_read_double (object, path, "max", NAN, &max, error)
      || !_vol_json_read_double (object, path, "median", NAN, &median, error))
    return FALSE;

  /* vol_result_add_summary() only summarises what exists. */
  series = vol_result_get_series (result, series_name);
  if (series == NULL)
    {
      g_autofree char *field = _vol_json_member_path (path, "series");

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” is “%s”, which is not a series of this result"),
                   field, series_name);
      return FALSE;
    }
  if (vol_series_get_column (series, column_name) == NULL)
    {
      g_autofree char *field = _vol_json_member_path (path, "column");

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” is “%s”, which is not a column of series “%s”"),
                   field, column_name, series_name);
      return FALSE;
    }

  /* The stored numbers are the record; they are not recomputed. */
  summary = g_new0 (VolSummary, 1);
  summary->series = g_steal_pointer (&series_name);
  summary->column = g_steal_pointer (&column_name);
  summary->unit = unit ? g_steal_pointer (&unit) : g_strdup ("");
  summary->count = count;
  summary->mean = mean;
  summary->stddev = stddev;
  summary->min = min;
  summary->max = max;
  summary->median = median;
  g_ptr_array_add (result->summaries, summary);
  return TRUE;
}

static gboolean
read_figure (JsonObject               *object,
             const char               *path,
             const VolJsonScanReport  *report,
             VolResult                *result,
             GError                  **error)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *unit = NULL;
  double value;

  if (!_vol_json_read_string (object, path, "name", TRUE, &name, error)
      || !_vol_json_read_string (object, path, "title", FALSE, &title, error)
      || !read_unit (object, path, &unit, error)
      || !_vol_json_read_double (object, path, "value", NAN, &value, error))
    return FALSE;
  vol_result_add_figure (result, name, title, unit, value);
  return TRUE;
}

/* true / false; absent or null → FALSE */
static gboolean
read_flag (JsonObject  *object,
           const char  *parent,
           const char  *key,
           gboolean    *out,
           GError     **error)
{
  JsonNode *node = _vol_json_get_member (object, key);

  *out = FALSE;
  if (node == NULL)
    return TRUE;
  if (!_vol_json_node_is (node, G_TYPE_BOOLEAN))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_BOOLEAN_OR_NULL, parent, key);
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* "counters[i]": every field optional but the phase; a count is a
 * non-negative integer, as written. */
static gboolean
read_counters (JsonObject               *object,
               const char               *path,
               const VolJsonScanReport  *report,
               VolResult                *result,
               GError                  **error)
{
  g_autofree char *phase = NULL;
  g_autofree char *device = NULL;
  g_autofree char *test_path = _vol_json_member_path (path, "test");
  g_autofree char *kernel_path = _vol_json_member_path (path, "kernel");
  JsonObject *test, *kernel;
  VolIoCounters c = { 0 };
  guint64 copies = 1;

  if (!_vol_json_read_string (object, path, "phase", TRUE, &phase, error)
      || !_vol_json_read_string (object, path, "device", FALSE, &device, error)
      || !_vol_json_read_unsigned (object, path, "write_copies", G_MAXUINT8, &copies, error)
      || !_vol_json_read_object (object, path, "test", FALSE, &test, error)
      || !_vol_json_read_object (object, path, "kernel", FALSE, &kernel, error))
    return FALSE;
  if (test != NULL
      && (!_vol_json_read_unsigned (test, test_path, "reads", G_MAXINT64, &c.reads, error)
          || !_vol_json_read_unsigned (test, test_path, "writes", G_MAXINT64, &c.writes, error)
          || !_vol_json_read_unsigned (test, test_path, "bytes_read", G_MAXINT64, &c.bytes_read, error)
          || !_vol_json_read_unsigned (test, test_path, "bytes_written", G_MAXINT64, &c.bytes_written, error)
          || !read_flag (test, test_path, "through_cache", &c.through_cache, error)
          || !_vol_json_read_unsigned (test, test_path, "files", G_MAXINT64, &c.files, error)))
    return FALSE;
  if (kernel != NULL
      && (!_vol_json_read_unsigned (kernel, kernel_path, "reads", G_MAXINT64, &c.dev_reads, error)
          || !_vol_json_read_unsigned (kernel, kernel_path, "writes", G_MAXINT64, &c.dev_writes, error)
          || !_vol_json_read_unsigned (kernel, kernel_path, "bytes_read", G_MAXINT64, &c.dev_bytes_read, error)
          || !_vol_json_read_unsigned (kernel, kernel_path, "bytes_written", G_MAXINT64,
                                       &c.dev_bytes_written, error)
          || !_vol_json_read_unsigned (kernel, kernel_path, "flushes", G_MAXINT64, &c.dev_flushes, error)))
    return FALSE;
  c.phase = phase;
  c.device = device;
  c.write_copies = (guint) MAX (copies, 1);
  vol_result_add_counters (result, &c);
  return TRUE;
}

typedef gboolean (*ReadElementFunc) (JsonObject               *object,
                                     const char               *path,
                                     const VolJsonScanReport  *report,
                                     VolResult                *result,
                                     GError                  **error);

static gboolean
read_list (JsonObject               *root,
           const char               *key,
           gboolean                  required,
           ReadElementFunc           read_element,
           const VolJsonScanReport  *report,
           VolResult                *result,
           GError                  **error)
{
  JsonArray *array;

  if (!_vol_json_read_array (root, "", key, required, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object;
      g_autofree char *path = NULL;

      if (!_vol_json_element_object (array, i, key, &object, &path, error)
          || !read_element (object, path, report, result, error))
        return FALSE;
    }
  return TRUE;
}

/* The "format" and "version" checks, in that order: a file that is not
 * ours gets FORMAT, one from the future VERSION, before any field is read. */
static gboolean
check_format (JsonNode                 *root_node,
              const VolJsonScanReport  *report,
              gint64                   *version,
              GError                  **error)
{
  JsonObject *root;
  JsonNode *node;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                           _("not a Volumeter result: the top level is not a JSON object"));
      return FALSE;
    }
  root = json_node_get_object (root_node);

  node = json_object_get_member (root, "format");
  if (node == NULL || !_vol_json_node_is (node, G_TYPE_STRING))
    {
      if (json_object_has_member (root, "fio version"))
        g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                             _("not a Volumeter result, but fio output: import it instead"));
      else
        g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                             _("not a Volumeter result: it has no “format” field"));
      return FALSE;
    }
  if (g_strcmp0 (json_node_get_string (node), VOL_RESULT_FORMAT_NAME) != 0)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                   _("not a Volumeter result: its format is “%s”"),
                   json_node_get_string (node));
      return FALSE;
    }

  node = json_object_get_member (root, "version");
  /* json-glib would have wrapped it, to anything. */
  if (g_strcmp0 (report->overflow_path, "version") == 0)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_OUT_OF_RANGE, "", "version");
  if (node == NULL)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_MISSING, "", "version");
  if (!_vol_json_node_is (node, G_TYPE_INT64))
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_INTEGER, "", "version");
  *version = json_node_get_int (node);
  if (*version < 1)
    return _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_POSITIVE, "", "version");
  if (*version > VOL_RESULT_FORMAT_VERSION)
    {
      g_autofree char *found = g_strdup_printf ("%" G_GINT64_FORMAT, *version);

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_VERSION,
                   _("written by a newer Volumeter (format version %s); this version reads up to %d"),
                   found, VOL_RESULT_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static VolResult *
result_from_json (JsonNode                 *root_node,
                  const VolJsonScanReport  *report,
                  GError                  **error)
{
  g_autoptr(VolResult) result = NULL;
  g_autofree char *created_text = NULL;
  g_autofree char *kind = NULL;
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GDateTime) created = NULL;
  JsonObject *root;
  JsonObject *app;
  JsonObject *test;
  gint64 version = 0;

  if (!check_format (root_node, report, &version, error))
    return NULL;

  if (report->overflow_path != NULL)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                   _("“%s” is out of range (%s)"),
                   report->overflow_path, report->overflow_text);
      return NULL;
    }

  root = json_node_get_object (root_node);
  if (!_vol_json_read_object (root, "", "test", TRUE, &test, error)
      || !_vol_json_read_string (test, "test", "kind", TRUE, &kind, error))
    return NULL;
  if (kind[0] == '\0')
    {
      _vol_json_field_error (error, VOL_JSON_PROBLEM_EMPTY, "test", "kind");
      return NULL;
    }
  result = vol_result_new (kind);
  result->version = (int) version;

  if (!_vol_json_read_string (root, "", "created", TRUE, &created_text, error))
    return NULL;
  utc = g_time_zone_new_utc ();
  created = g_date_time_new_from_iso8601 (created_text, utc);
  if (created == NULL)
    {
      _vol_json_field_error (error, VOL_JSON_PROBLEM_NOT_DATE, "", "created");
      return NULL;
    }
  g_date_time_unref (result->created);
  result->created = g_date_time_to_utc (created);
  /* "0001-01-01T00:00:00+01:00" is a date, but not one in UTC: left
   * NULL, it made the next save write an empty file. */
  if (result->created == NULL)
    {
      result->created = g_date_time_new_now_utc ();
      _vol_json_field_error (error, VOL_JSON_PROBLEM_OUT_OF_RANGE, "", "created");
      return NULL;
    }

  if (!_vol_json_read_object (root, "", "app", FALSE, &app, error)
      || (app != NULL && !_vol_json_read_string (app, "app", "name", FALSE,
                                                 &result->app_name, error))
      || (app != NULL && !_vol_json_read_string (app, "app", "version", FALSE,
                                                 &result->app_version, error))
      || !_vol_json_read_string (root, "", "label", FALSE, &result->label, error)
      || !read_host (root, &result->host, error)
      || !read_target (root, &result->target, error)
      || !read_test (test, result, error)
      || !read_status (root, result, error)
      || !read_list (root, "series", TRUE, read_one_series, report, result, error)
      || !read_list (root, "summary", FALSE, read_summary, report, result, error)
      || !read_list (root, "figures", FALSE, read_figure, report, result, error)
      /* optional: files from before issue 10 have none */
      || !read_list (root, "counters", FALSE, read_counters, report, result, error))
    return NULL;

  return g_steal_pointer (&result);
}

static gboolean
check_size (gsize    size,
            GError **error)
{
  if (size > MAX_FILE_SIZE)
    {
      g_autofree char *shown = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                   _("too large to be a Volumeter result (%s; the limit is 256 MiB)"),
                   shown);
      return FALSE;
    }
  return TRUE;
}

/* The text of a result: @data, or @writable when the caller lets its
 * sample arrays be blanked in place (vol_result_load() does; from_data()
 * copies what json-glib must parse). */
static VolResult *
load_text (const char  *data,
           char        *writable,
           gsize        size,
           GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) json_error = NULL;
  g_auto(VolJsonScanReport) report = VOL_JSON_SCAN_REPORT_INIT;
  g_autofree char *copy = NULL;
  gsize parse_size = size;
  const char *text = data;

  if (!check_size (size, error))
    return NULL;

  if (!vol_json_scan (data, size, VOL_JSON_SCAN_SAMPLES, &report, error))
    {
      /* fio's own output is often not valid JSON ("-nan", error lines
       * before it); what the user needs to hear is to import it. */
      if (vol_fio_import_looks_like_fio (data, (gssize) size))
        {
          g_clear_error (error);
          g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                               _("not a Volumeter result, but fio output: import it instead"));
        }
      return NULL;
    }

  /* json-glib spends 100 to 200 bytes on every value; past the samples a
   * result has a few hundred. The cap keeps a small file of a million
   * "[]" from taking gigabytes. */
  if (report.n_values > MAX_VALUES)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT,
                   _("not a Volumeter result: more than %d JSON values outside the sample arrays"),
                   MAX_VALUES);
      return NULL;
    }

  /* Only the first document goes to json-glib: given two, it parses both
   * and leaks the first. */
  if (report.trailing >= 0)
    parse_size = (gsize) report.trailing;

  /* json-glib gets the text without the samples, which the scan has read */
  if (report.number_spans != NULL)
    text = copy = vol_json_scan_without_numbers (data, parse_size, &report, &parse_size);

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, parse_size > 0 ? text : "", (gssize) parse_size, &json_error))
    {
      if (copy != NULL)
        {
          /* Columns are the file's only with the samples blanked in
           * place: parse that to say where the mistake is. */
          g_clear_pointer (&copy, g_free);
          g_clear_error (&json_error);
          g_clear_object (&parser);
          parse_size = report.trailing >= 0 ? (gsize) report.trailing : size;
          if (writable == NULL)
            writable = copy = g_memdup2 (data, parse_size);
          vol_json_scan_blank_numbers (writable, &report);
          parser = json_parser_new_immutable ();
          if (json_parser_load_from_data (parser, writable, (gssize) parse_size, &json_error))
            {
              /* cannot be: the two texts differ only in blanks */
              g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                                   _("not valid JSON"));
              return NULL;
            }
        }
      vol_json_scan_set_parse_error (error, json_error);
      return NULL;
    }
  g_clear_pointer (&copy, g_free);
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                           _("not valid JSON: there is no data"));
      return NULL;
    }
  if (report.trailing >= 0)
    {
      guint line, column;

      vol_json_scan_line_column (data, (gsize) report.trailing, &line, &column);
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                   _("not valid JSON: line %u, column %u: more text after the end of the document"),
                   line, column);
      return NULL;
    }

  return result_from_json (json_parser_get_root (parser), &report, error);
}

/**
 * vol_result_load_from_data:
 * @data: JSON text
 * @length: its length in bytes, or -1 if it is nul-terminated
 * @error: return location for a #VOL_RESULT_ERROR
 *
 * Parses and checks a result. Unknown fields are ignored, so newer files of
 * the same format version load; every other departure from the format is
 * an error whose message names the field ("“series[0].columns[1].values[3]”
 * must be a number"). Never aborts on bad input. Any thread.
 *
 * Returns: (transfer full) (nullable): the result, or %NULL with @error set
 */
VolResult *
vol_result_load_from_data (const char  *data,
                           gssize       length,
                           GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    data = "";
  return load_text (data, NULL, length < 0 ? strlen (data) : (gsize) length, error);
}

/* Only a regular file (a FIFO, a device or a socket is refused before a
 * byte is read: vol-file-read.c), and at most MAX_FILE_SIZE + 1 bytes of
 * it, so that a file growing under us cannot exhaust memory either. */
static char *
read_file (const char  *path,
           const char  *display_name,
           gsize       *length,
           GError     **error)
{
  struct stat st;
  char *data;
  int fd;

  fd = vol_file_open_regular (path, &st, error);
  if (fd < 0)
    {
      g_prefix_error (error, "%s: ", display_name);
      return NULL;
    }
  if (!check_size ((gsize) st.st_size, error))
    {
      g_prefix_error (error, "%s: ", display_name);
      g_close (fd, NULL);
      return NULL;
    }
  data = vol_file_read_fd (fd, MAX_FILE_SIZE, length, error);
  if (data != NULL && !check_size (*length, error))
    g_clear_pointer (&data, g_free);
  if (data == NULL)
    g_prefix_error (error, "%s: ", display_name);
  return data;
}

/**
 * vol_result_load:
 * @path: a *.volumeter.json file
 * @error: return location for a #VOL_RESULT_ERROR or #G_IO_ERROR
 *
 * Reads and checks a result file (see vol_result_load_from_data()). Every
 * message starts with the file's display name ("results/x.volumeter.json:
 * …"). Files over 256 MiB are refused. Blocking I/O; any thread.
 *
 * Returns: (transfer full) (nullable): the result, or %NULL with @error set
 */
VolResult *
vol_result_load (const char  *path,
                 GError     **error)
{
  g_autofree char *display_name = NULL;
  g_autofree char *data = NULL;
  VolResult *result;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_filename_display_name (path);
  data = read_file (path, display_name, &length, error);
  if (data == NULL)
    return NULL;

  result = load_text (data, data, length, error);
  if (result == NULL)
    g_prefix_error (error, "%s: ", display_name);
  return result;
}
