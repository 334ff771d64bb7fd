/* vol-comparison.c — several results of one test, named, ordered and tabled
 *
 * The reviews compare by hand what this does in one step: one array
 * rebuilt with 16, 32, 64 and 128 KiB stripes; RAID 0 against RAID 10;
 * one scheduler against another. Each result is named by the user's label
 * when every result has one of its own (the user named them: a date or
 * a stripe size would second-guess that); else by the first attribute
 * that tells them apart (stripe size, RAID level, scheduler, device
 * model, filesystem, device name, date), or by a combination of the
 * hardware attributes ("RAID 0, 16 KiB stripe") when no single one does,
 * with a result's label, if it has one, in front ("nvme (RAID 0)"); and
 * ordered by it (stripe sizes ascending, names in natural order, labels
 * as given).
 *
 * Only results of one test are compared: a fill's mean write speed and a
 * queue-depth run's are different measurements that share a name, not two
 * values of one figure.
 *
 * The table is the one every caller shows (the app beside its chart, the
 * chart under its bars, `volumeter-cli compare`, the CSV): a quick
 * benchmark's grid first, then every summary's mean ± std dev, the test's
 * own figures (a "-stddev" figure folded into its "-mean"), and the
 * parameters that differ — numbers with their unit, so that one formatter
 * prints them all.
 */
#include "vol-comparison.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-quick.h"
#include "vol-size.h"

typedef char *(*AttributeFunc) (const VolResult *result);

typedef enum
{
  SORT_TEXT,    /* natural order: "RAID 5" before "RAID 10" */
  SORT_STRIPE,  /* by size */
  SORT_GIVEN,   /* as the user gave them */
} SortKind;

static char *
attr_label (const VolResult *r)
{
  return r->label && *r->label ? g_strdup (r->label) : NULL;
}

/* the host a remote run's result is about (vol-remote.c), or the
 * machine's name when the user chose to keep it */
static char *
attr_host (const VolResult *r)
{
  const char *host = vol_result_get_remote_host (r);

  if (host != NULL)
    return g_strdup (host);
  return r->host && r->host->hostname && *r->host->hostname ? g_strdup (r->host->hostname) : NULL;
}

static char *
attr_stripe (const VolResult *r)
{
  g_autofree char *size = NULL;

  if (r->target == NULL || r->target->stripe_bytes == 0)
    return NULL;
  size = vol_size_format (r->target->stripe_bytes);
  return g_strdup_printf (_("%s stripe"), size);
}

static char *
attr_raid (const VolResult *r)
{
  if (r->target == NULL || r->target->raid_level == NULL)
    return NULL;
  return g_str_has_prefix (r->target->raid_level, "raid")
    ? g_strdup_printf ("RAID %s", r->target->raid_level + 4) : g_strdup (r->target->raid_level);
}

static char *
attr_scheduler (const VolResult *r)
{
  return r->target ? g_strdup (r->target->scheduler) : NULL;
}

static char *
attr_model (const VolResult *r)
{
  return r->target ? g_strdup (r->target->model) : NULL;
}

static char *
attr_fs (const VolResult *r)
{
  return r->target ? g_strdup (r->target->fs_type) : NULL;
}

static char *
attr_device (const VolResult *r)
{
  return r->target ? g_strdup (r->target->device) : NULL;
}

static char *
attr_date (const VolResult *r)
{
  return r->created ? g_date_time_format (r->created, "%Y-%m-%d %H:%M:%S") : NULL;
}

typedef struct
{
  const char    *name;    /* as --by names it */
  const char    *title;   /* as the subtitle names it */
  AttributeFunc  get;
  SortKind       sort;
} Attribute;

/* In the order they are tried. */
static const Attribute attributes[] = {
  { "stripe", N_("stripe size"), attr_stripe, SORT_STRIPE },
  { "raid", N_("RAID level"), attr_raid, SORT_TEXT },
  { "scheduler", N_("scheduler"), attr_scheduler, SORT_TEXT },
  { "device", N_("device model"), attr_model, SORT_TEXT },
  { "filesystem", N_("filesystem"), attr_fs, SORT_TEXT },
  { "label", N_("label"), attr_label, SORT_GIVEN },
  { "host", N_("host"), attr_host, SORT_GIVEN },
  { "device-name", N_("device name"), attr_device, SORT_TEXT },
  { "date", N_("date"), attr_date, SORT_TEXT },
};

/* When no single attribute tells the results apart, these are combined,
 * coarse to fine, as the label reads: "RAID 0, 16 KiB stripe". */
static const char *const combined_order[] = { "raid", "device", "filesystem", "scheduler", "stripe" };

static const Attribute *
find_attribute (const char *name)
{
  for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
    if (g_str_equal (attributes[a].name, name))
      return &attributes[a];
  return NULL;
}

/**
 * vol_comparison_attribute:
 * @by: "stripe", "raid", "scheduler", "device", "filesystem", "label",
 *   "device-name" or "date"
 *
 * Returns: (transfer full) (nullable): the text @result would be named by,
 * or %NULL when it lacks the attribute (or @by is no attribute). Any thread.
 */
char *
vol_comparison_attribute (const VolResult *result,
                                const char      *by)
{
  const Attribute *attr;

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (by != NULL, NULL);

  attr = find_attribute (by);
  return attr ? attr->get (result) : NULL;
}

/* What orders the results by an attribute; NULL when a result lacks it. */
static char *
sort_key (const Attribute *attr,
          const VolResult *r,
          guint            index)
{
  g_autofree char *value = NULL;

  switch (attr->sort)
    {
    case SORT_STRIPE:
      if (r->target == NULL || r->target->stripe_bytes == 0)
        return NULL;
      return g_strdup_printf ("%020" PRIu64, (guint64) r->target->stripe_bytes);
    case SORT_GIVEN:
      return g_strdup_printf ("%010u", index);
    case SORT_TEXT:
    default:
      value = attr->get (r);
      return value ? g_utf8_collate_key_for_filename (value, -1) : NULL;
    }
}

typedef struct
{
  char **keys;
} SortData;

static int
compare_keys (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const SortData *data = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;
  int c = strcmp (data->keys[x], data->keys[y]);

  /* ties keep the given order, whatever the sort's stability */
  return c != 0 ? c : (x > y) - (x < y);
}

static void
sort_order (char **keys,
            guint  n,
            guint *order)
{
  SortData data = { keys };

  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (guint), compare_keys, &data);
}

/* Labels and sort keys of @attrs joined; FALSE (and nothing set) when a
 * result lacks one of them or two results end up with the same label. */
static gboolean
label_by (VolResult *const       *results,
          guint                   n,
          const Attribute *const *attrs,
          guint                   n_attrs,
          char                  **labels,
          guint                  *order,
          guint                  *missing,
          guint                  *same_a,
          guint                  *same_b)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) texts = g_new0 (char *, n + 1);
  g_auto(GStrv) keys = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      GString *text = g_string_new (NULL);
      GString *key = g_string_new (NULL);
      gboolean complete = TRUE;

      for (guint a = 0; a < n_attrs && complete; a++)
        {
          g_autofree char *value = attrs[a]->get (results[i]);
          g_autofree char *k = value ? sort_key (attrs[a], results[i], i) : NULL;
          if (k == NULL)
            complete = FALSE;
          else
            {
              g_string_append_printf (text, "%s%s", a > 0 ? ", " : "", value);
              g_string_append_printf (key, "%s%s", a > 0 ? "\001" : "", k);
            }
        }
      texts[i] = g_string_free (text, !complete);
      keys[i] = g_string_free (key, !complete);
      if (!complete)
        {
          if (missing)
            *missing = i;
          return FALSE;
        }
      if (g_hash_table_contains (seen, texts[i]))
        {
          if (same_a)
            *same_a = GPOINTER_TO_UINT (g_hash_table_lookup (seen, texts[i]));
          if (same_b)
            *same_b = i;
          return FALSE;
        }
      g_hash_table_insert (seen, texts[i], GUINT_TO_POINTER (i));
    }

  sort_order (keys, n, order);
  for (guint i = 0; i < n; i++)
    labels[i] = g_steal_pointer (&texts[i]);
  return TRUE;
}

/* Present in every result, and not the same in all. */
static gboolean
varies (VolResult *const *results,
        guint             n,
        const Attribute  *attr)
{
  g_autofree char *first = attr->get (results[0]);
  gboolean differs = FALSE;

  if (first == NULL)
    return FALSE;
  for (guint i = 1; i < n; i++)
    {
      g_autofree char *value = attr->get (results[i]);
      if (value == NULL)
        return FALSE;
      differs |= !g_str_equal (value, first);
    }
  return differs;
}

/* The first attribute but the label that tells all @results apart, else
 * the hardware attributes that vary together, else the order given. */
static void
what_differs (VolResult *const *results,
              guint             n,
              char            **labels,
              guint            *order,
              const char      **by_used)
{
  const Attribute *attr;
  const Attribute *combined[G_N_ELEMENTS (combined_order)];
  guint n_combined = 0;

  for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
    {
      attr = &attributes[a];
      if (g_str_equal (attr->name, "label"))
        continue;
      if (label_by (results, n, &attr, 1, labels, order, NULL, NULL, NULL))
        {
          if (by_used)
            *by_used = attr->name;
          return;
        }
    }

  for (guint c = 0; c < G_N_ELEMENTS (combined_order); c++)
    {
      attr = find_attribute (combined_order[c]);
      if (varies (results, n, attr))
        combined[n_combined++] = attr;
    }
  if (n_combined >= 2 && label_by (results, n, combined, n_combined, labels, order, NULL, NULL, NULL))
    {
      GString *name = g_string_new (NULL);
      for (guint c = 0; c < n_combined; c++)
        g_string_append_printf (name, "%s%s", c ? "+" : "", combined[c]->name);
      if (by_used)
        *by_used = g_intern_string (name->str);
      g_string_free (name, TRUE);
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      order[i] = i;
      labels[i] = g_strdup_printf (_("Run %u"), i + 1);
    }
  if (by_used)
    *by_used = "order";
}

/**
 * vol_comparison_labels_by:
 * @by: (nullable): the attribute to name the results by ("stripe", "raid",
 *   "scheduler", "device", "filesystem", "label"), or %NULL to choose
 * @by_used: (out) (optional): the attribute used: one of those, "order"
 *   ("Run 1", "Run 2" when nothing tells the results apart), or several
 *   joined by "+" ("raid+stripe"; "label+date" when some results have
 *   labels but the labels do not tell them all apart)
 * @order: (out caller-allocates): @n_results indices, the display order
 *
 * Returns: (transfer full) (nullable): one label per result, in the
 * results' order; %NULL with @error set when @by is unknown, a result
 * lacks it, or two results share its value. Any thread.
 */
char **
vol_comparison_labels_by (VolResult *const *results,
                                guint             n,
                                const char       *by,
                                const char      **by_used,
                                guint            *order,
                                GError          **error)
{
  char **labels;
  const Attribute *attr;
  const char *used = NULL;
  gboolean labelled = FALSE;

  g_return_val_if_fail (results != NULL || n == 0, NULL);
  g_return_val_if_fail (order != NULL, NULL);

  labels = g_new0 (char *, n + 1);
  if (by != NULL)
    {
      guint missing = G_MAXUINT, a = 0, b = 0;

      attr = find_attribute (by);
      if (attr == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not an attribute to name results by: use stripe, raid, scheduler, device, filesystem, label or host"),
                       by);
          g_free (labels);
          return NULL;
        }
      if (!label_by (results, n, &attr, 1, labels, order, &missing, &a, &b))
        {
          if (missing != G_MAXUINT)
            g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                         _("Cannot name the results by %s: result %u has none"), _(attr->title), missing + 1);
          else
            {
              g_autofree char *value = attr->get (results[b]);
              g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                           _("Cannot name the results by %s: results %u and %u are both “%s”"),
                           _(attr->title), a + 1, b + 1, value);
            }
          g_free (labels);
          return NULL;
        }
      if (by_used)
        *by_used = attr->name;
      return labels;
    }

  /* the user's own names first, when every result has one of its own */
  attr = find_attribute ("label");
  if (label_by (results, n, &attr, 1, labels, order, NULL, NULL, NULL))
    {
      if (by_used)
        *by_used = attr->name;
      return labels;
    }

  /* else what differs, each label kept in front of it */
  what_differs (results, n, labels, order, &used);
  for (guint i = 0; i < n; i++)
    if (results[i]->label && *results[i]->label)
      {
        char *named = g_strdup_printf (_("%s (%s)"), results[i]->label, labels[i]);
        g_free (labels[i]);
        labels[i] = named;
        labelled = TRUE;
      }
  if (by_used)
    {
      g_autofree char *both = labelled ? g_strconcat ("label+", used, NULL) : NULL;
      *by_used = both ? g_intern_string (both) : used;
    }
  return labels;
}


/* "RAID level, stripe size" for "raid+stripe"; "order" names nothing. */
static char *
by_title (const char *by)
{
  g_auto(GStrv) names = g_strsplit (by, "+", -1);
  GString *s = g_string_new (NULL);

  for (guint i = 0; names[i]; i++)
    {
      const Attribute *attr = find_attribute (names[i]);
      if (g_str_equal (names[i], "order"))
        continue;
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", attr ? _(attr->title) : names[i]);
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------------ */
/* What differs besides the attribute                                        */
/* ------------------------------------------------------------------------ */

static void
collect_keys (GVariant   *dict,
              GPtrArray  *keys,
              GHashTable *seen)
{
  GVariantIter iter;
  const char *key;

  if (dict == NULL)
    return;
  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&sv}", &key, NULL))
    if (!g_hash_table_contains (seen, key))
      {
        g_hash_table_add (seen, (gpointer) key);
        g_ptr_array_add (keys, (gpointer) key);
      }
}

/* The parameter names whose values are not the same in every result (a
 * parameter one result lacks differs too), in the first result's order;
 * then how the runs were measured, when that differs. Borrowed strings. */
static GPtrArray *
differing_parameters (VolResult *const *results,
                      guint             n)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *names = g_ptr_array_new ();
  gboolean pattern = FALSE, bypass = FALSE, backend = FALSE;

  for (guint i = 0; i < n; i++)
    collect_keys (results[i]->params, keys, seen);
  for (guint k = 0; k < keys->len; k++)
    {
      const char *key = g_ptr_array_index (keys, k);
      g_autoptr(GVariant) first = results[0]->params ? g_variant_lookup_value (results[0]->params, key, NULL) : NULL;
      gboolean same = first != NULL;
      for (guint i = 1; i < n && same; i++)
        {
          g_autoptr(GVariant) other = results[i]->params ? g_variant_lookup_value (results[i]->params, key, NULL) : NULL;
          same = other != NULL && g_variant_equal (first, other);
        }
      if (!same)
        g_ptr_array_add (names, (gpointer) key);
    }
  for (guint i = 1; i < n; i++)
    {
      pattern |= results[i]->pattern != results[0]->pattern;
      bypass |= results[i]->cache_bypass != results[0]->cache_bypass;
      backend |= g_strcmp0 (results[i]->io_backend, results[0]->io_backend) != 0;
    }
  if (pattern)
    g_ptr_array_add (names, (gpointer) "data pattern");
  if (bypass)
    g_ptr_array_add (names, (gpointer) "cache bypass");
  if (backend)
    g_ptr_array_add (names, (gpointer) "I/O backend");
  return names;
}

/**
 * vol_comparison_describe:
 *
 * "4 fill results, named by stripe size · same test parameters": what is
 * compared, what names the results, which test parameters differ. The
 * chart's subtitle and the CLI's first line.
 *
 * Returns: (transfer full): the sentence
 */
char *
vol_comparison_describe (const VolComparison *comparison)
{
  const VolResult *first;
  guint n;
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (comparison != NULL, NULL);

  first = g_ptr_array_index (comparison->results, 0);
  n = comparison->results->len;
  g_string_append_printf (s, ngettext ("%u %s result", "%u %s results", n), n, first->kind);
  if (!g_str_equal (comparison->by, "label"))
    {
      g_autofree char *title = by_title (comparison->by);
      if (*title && !g_str_equal (comparison->by, "label+order"))
        g_string_append_printf (s, _(", named by %s"), title);
    }
  if (comparison->differ->len > 0)
    {
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      g_auto(GStrv) list = NULL;
      g_autofree char *joined = NULL;

      for (guint i = 0; i < comparison->differ->len; i++)
        g_strv_builder_add (names, g_ptr_array_index (comparison->differ, i));
      list = g_strv_builder_end (names);
      joined = g_strjoinv (", ", list);
      g_string_append_printf (s, _(" · parameters that differ: %s"), joined);
    }
  else
    g_string_append (s, _(" · same test parameters"));
  return g_string_free (s, FALSE);
}

/**
 * vol_comparison_check_one_test:
 * @names: (nullable) (array length=n): what to call each result in the
 *   message (the CLI's file paths), or %NULL to call them by position
 *
 * The one check, for the model's comparison and the CLI's `compare`
 * alike: results of different tests have no figure in common.
 *
 * Returns: %TRUE when all @results come from one test; else %FALSE with
 *   @error naming each test and the results that come from it
 *   ("fill (a.json, c.json); queue (b.json)"). Any thread.
 */
gboolean
vol_comparison_check_one_test (VolResult *const  *results,
                               guint              n,
                               const char *const *names,
                               GError           **error)
{
  g_autoptr(GPtrArray) kinds = NULL;
  GString *list;

  gboolean mixed = FALSE;

  for (guint i = 1; i < n; i++)
    mixed |= g_strcmp0 (results[i]->kind, results[0]->kind) != 0;
  if (!mixed)
    return TRUE;

  kinds = g_ptr_array_new ();
  list = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      gboolean seen = FALSE;
      GString *who;
      for (guint k = 0; k < kinds->len && !seen; k++)
        seen = g_strcmp0 (g_ptr_array_index (kinds, k), results[i]->kind) == 0;
      if (seen)
        continue;
      g_ptr_array_add (kinds, results[i]->kind);
      who = g_string_new (NULL);
      for (guint j = i; j < n; j++)
        if (g_strcmp0 (results[j]->kind, results[i]->kind) == 0)
          {
            if (who->len)
              g_string_append (who, ", ");
            if (names != NULL)
              g_string_append (who, names[j]);
            else
              g_string_append_printf (who, "%u", j + 1);
          }
      g_string_append_printf (list, "%s%s (%s)", list->len ? "; " : "",
                              results[i]->kind ? results[i]->kind : "?", who->str);
      g_string_free (who, TRUE);
    }
  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
               _("Only results of one test can be compared; these come from different tests: %s"), list->str);
  g_string_free (list, TRUE);
  return FALSE;
}


/**
 * vol_comparison_attribute_title:
 * @by: an attribute's name, as --by gives it
 *
 * Returns: (nullable): its translated title ("stripe size"), or %NULL
 *   when @by names no attribute
 */
const char *
vol_comparison_attribute_title (const char *by)
{
  const Attribute *attr;

  g_return_val_if_fail (by != NULL, NULL);

  attr = find_attribute (by);
  return attr ? _(attr->title) : NULL;
}

static char *
format_param (GVariant *value)
{
  if (value == NULL)
    return g_strdup ("—");
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    return g_variant_dup_string (value, NULL);
  return g_variant_print (value, FALSE);
}

static void
param_free (VolComparisonParam *param)
{
  g_free (param->label);
  g_strfreev (param->cells);
  g_free (param);
}

/* One row per differing parameter: each result's value as it was given
 * (a parameter has no unit to format it by), in the display order. */
static GPtrArray *
parameter_rows (VolResult *const *results,
                guint             n,
                const guint      *order,
                GPtrArray        *differ)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) param_free);

  for (guint d = 0; d < differ->len; d++)
    {
      const char *key = g_ptr_array_index (differ, d);
      VolComparisonParam *param = g_new0 (VolComparisonParam, 1);

      param->label = g_strdup_printf (_("Parameter %s"), key);
      param->cells = g_new0 (char *, n + 1);
      for (guint k = 0; k < n; k++)
        {
          const VolResult *r = results[order[k]];
          if (g_str_equal (key, "data pattern"))
            param->cells[k] = g_strdup (vol_data_pattern_to_string (r->pattern));
          else if (g_str_equal (key, "cache bypass"))
            param->cells[k] = g_strdup (vol_cache_bypass_to_string (r->cache_bypass));
          else if (g_str_equal (key, "I/O backend"))
            param->cells[k] = g_strdup (r->io_backend ? r->io_backend : "—");
          else
            {
              g_autoptr(GVariant) value = r->params ? g_variant_lookup_value (r->params, key, NULL) : NULL;
              param->cells[k] = format_param (value);
            }
        }
      g_ptr_array_add (rows, param);
    }
  return rows;
}

/**
 * vol_comparison_new:
 * @results: (array length=n_results): results of one test
 * @by: (nullable): the attribute to name them by, or %NULL to choose
 *
 * Names and orders @results (vol_comparison_labels_by()), finds the
 * parameters that differ and builds the one comparison table.
 *
 * Returns: (transfer full) (nullable): the comparison, or %NULL with
 * @error set: fewer than two results, results of different tests, or @by
 * unknown, missing or not telling them apart. Any single thread.
 */
VolComparison *
vol_comparison_new (VolResult *const *results,
                    guint             n,
                    const char       *by,
                    GError          **error)
{
  g_autoptr(VolComparison) comparison = NULL;

  g_return_val_if_fail (results != NULL || n == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (n < 2)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, _("A comparison needs at least two results"));
      return NULL;
    }
  if (!vol_comparison_check_one_test (results, n, NULL, error))
    return NULL;

  comparison = g_new0 (VolComparison, 1);
  comparison->results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (comparison->results, vol_result_ref (results[i]));
  comparison->order = g_new (guint, n);
  comparison->labels = vol_comparison_labels_by (results, n, by, &comparison->by, comparison->order, error);
  if (comparison->labels == NULL)
    return NULL;
  comparison->differ = differing_parameters (results, n);
  comparison->table = vol_result_table_new_comparison (results, n, (const char *const *) comparison->labels,
                                                       comparison->order);
  comparison->params = parameter_rows (results, n, comparison->order, comparison->differ);
  return g_steal_pointer (&comparison);
}

void
vol_comparison_free (VolComparison *comparison)
{
  if (comparison == NULL)
    return;
  g_clear_pointer (&comparison->results, g_ptr_array_unref);
  g_clear_pointer (&comparison->labels, g_strfreev);
  g_clear_pointer (&comparison->order, g_free);
  g_clear_pointer (&comparison->differ, g_ptr_array_unref);
  g_clear_pointer (&comparison->table, vol_result_table_free);
  g_clear_pointer (&comparison->params, g_ptr_array_unref);
  g_free (comparison);
}

/**
 * vol_comparison_get_shown:
 * @k: a position in the display order
 *
 * Returns: (transfer none): the result shown @k-th
 */
VolResult *
vol_comparison_get_shown (const VolComparison *comparison,
                          guint                k)
{
  g_return_val_if_fail (comparison != NULL && k < comparison->results->len, NULL);

  return g_ptr_array_index (comparison->results, comparison->order[k]);
}

/**
 * vol_comparison_get_label_shown:
 *
 * Returns: (transfer none): the name of the result shown @k-th
 */
const char *
vol_comparison_get_label_shown (const VolComparison *comparison,
                                guint                k)
{
  g_return_val_if_fail (comparison != NULL && k < comparison->results->len, NULL);

  return comparison->labels[comparison->order[k]];
}

/**
 * vol_comparison_n_lead_rows:
 *
 * Returns: how many of the table's rows come before the test's own
 *   figures (a quick grid's cells, the summaries): what a chart draws
 *   under its bars, where the figures would not fit
 */
guint
vol_comparison_n_lead_rows (const VolComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, 0);

  return comparison->table->rows->len - comparison->table->figures->len;
}
