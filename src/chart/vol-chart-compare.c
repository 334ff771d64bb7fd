/* vol-chart-compare.c — several results on one chart
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
 * as given). The subtitle says which test parameters differ.
 *
 * Only results of one test are compared: a fill's mean write speed and a
 * queue-depth run's are different measurements that share a name, not two
 * values of one figure. Fill results overlay their capacity curves (every
 * sample for two results; from three on, each curve's means per 1 % of
 * capacity, which reads better and keeps 20 results within 3× the
 * drawing time of one — bench/compare-bench.c); any
 * test's results compare as grouped bars, one group per figure and one bar
 * per result, with the means ± std dev (and, for the CLI, the test's own
 * figures and the differing parameters) as a table that the CSV carries
 * too, so the chart, the CSV and the printed table show the same numbers.
 */
#include "vol-chart-build.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-chart-style.h"
#include "vol-error.h"
#include "vol-quick.h"
#include "vol-size.h"

/* Beyond this many results the drawn table's columns would overlap; the
 * bars still carry their values, and the CLI prints the full table. */
#define DRAWN_TABLE_MAX_RESULTS 8

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
 * vol_chart_comparison_attribute:
 * @by: "stripe", "raid", "scheduler", "device", "filesystem", "label",
 *   "device-name" or "date"
 *
 * Returns: (transfer full) (nullable): the text @result would be named by,
 * or %NULL when it lacks the attribute (or @by is no attribute). Any thread.
 */
char *
vol_chart_comparison_attribute (const VolResult *result,
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
 * vol_chart_comparison_labels_by:
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
vol_chart_comparison_labels_by (VolResult *const *results,
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


/**
 * vol_chart_comparison_labels:
 * @by: (out): the attribute the labels come from: "stripe", "label", …
 * @order: (out caller-allocates): @n_results indices, the display order
 *
 * The automatic choice of vol_chart_comparison_labels_by().
 *
 * Returns: (transfer full): one label per result, in the results' order.
 */
char **
vol_chart_comparison_labels (VolResult *const *results,
                             guint             n,
                             const char      **by,
                             guint            *order)
{
  return vol_chart_comparison_labels_by (results, n, NULL, by, order, NULL);
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

static char *
comparison_subtitle (VolResult *const *results,
                     guint             n,
                     const char       *by)
{
  g_autoptr(GPtrArray) differ = differing_parameters (results, n);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, ngettext ("%u %s result", "%u %s results", n), n, results[0]->kind);
  if (!g_str_equal (by, "label"))
    {
      g_autofree char *title = by_title (by);
      if (*title && !g_str_equal (by, "label+order"))
        g_string_append_printf (s, _(", named by %s"), title);
    }
  if (differ->len > 0)
    {
      g_autofree char *joined = NULL;
      g_ptr_array_add (differ, NULL);
      joined = g_strjoinv (", ", (char **) differ->pdata);
      g_string_append_printf (s, _(" · parameters that differ: %s"), joined);
    }
  else
    g_string_append (s, _(" · same test parameters"));
  return g_string_free (s, FALSE);
}

/* Results of one test only, or an error naming the tests by position. */
static gboolean
check_one_test (VolResult *const *results,
                guint             n,
                GError          **error)
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
      GString *positions;
      for (guint k = 0; k < kinds->len && !seen; k++)
        seen = g_strcmp0 (g_ptr_array_index (kinds, k), results[i]->kind) == 0;
      if (seen)
        continue;
      g_ptr_array_add (kinds, results[i]->kind);
      positions = g_string_new (NULL);
      for (guint j = i; j < n; j++)
        if (g_strcmp0 (results[j]->kind, results[i]->kind) == 0)
          g_string_append_printf (positions, "%s%u", positions->len ? ", " : "", j + 1);
      g_string_append_printf (list, "%s%s (%s)", list->len ? "; " : "",
                              results[i]->kind ? results[i]->kind : "?", positions->str);
      g_string_free (positions, TRUE);
    }
  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
               _("Only results of one test can be compared; these come from different tests: %s"), list->str);
  g_string_free (list, TRUE);
  return FALSE;
}

/* ------------------------------------------------------------------------ */
/* The charts                                                                */
/* ------------------------------------------------------------------------ */

/* More results than this overlay their curves as means per 1 % of the
 * capacity: forty raw curves over each other are unreadable, and each
 * raw curve costs a thousand-vertex stroke (compare-bench). */
#define RAW_CURVES_MAX_RESULTS 2
#define CURVE_BINS 100

static void
add_curve (VolChart              *chart,
           const VolResult       *result,
           const char            *series_name,
           const char            *legend,
           guint                  color,
           gboolean               dashed,
           gboolean               binned,
           const VolChartOptions *options)
{
  const VolSeries *series = vol_result_get_series (result, series_name);
  VolColumn *x, *y;
  VolChartSeries *out;
  double scale = _vol_chart_rate_scale (options);
  guint n;

  if (series == NULL || (x = vol_series_get_column (series, series->x)) == NULL
      || (y = vol_series_get_column (series, series->y)) == NULL)
    return;
  out = vol_chart_add_series (chart, legend, color);
  out->dashed = dashed;
  n = MIN (x->values->len, y->values->len);
  if (!binned || n <= CURVE_BINS)
    {
      for (guint i = 0; i < n; i++)
        vol_chart_series_add (out, g_array_index (x->values, double, i), g_array_index (y->values, double, i) / scale);
      return;
    }

  /* each bin's point at its samples' mean position and mean speed */
  {
    double sum_x[CURVE_BINS] = { 0 }, sum_y[CURVE_BINS] = { 0 };
    guint count[CURVE_BINS] = { 0 };

    for (guint i = 0; i < n; i++)
      {
        double px = g_array_index (x->values, double, i);
        double py = g_array_index (y->values, double, i);
        guint bin;
        if (!isfinite (px) || !isfinite (py))
          continue;
        bin = (guint) CLAMP (floor (px * CURVE_BINS / 100.0), 0, CURVE_BINS - 1);
        sum_x[bin] += px;
        sum_y[bin] += py;
        count[bin]++;
      }
    for (guint b = 0; b < CURVE_BINS; b++)
      if (count[b] > 0)
        vol_chart_series_add (out, sum_x[b] / count[b], sum_y[b] / count[b] / scale);
  }
}

/* The summaries of any result, each once, in the order first met. */
static GPtrArray *
all_summaries (VolResult *const *results,
               const guint      *order,
               guint             n)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint k = 0; k < n; k++)
    for (guint s = 0; s < results[order[k]]->summaries->len; s++)
      {
        const VolSummary *summary = g_ptr_array_index (results[order[k]]->summaries, s);
        gboolean known = FALSE;
        for (guint j = 0; j < out->len && !known; j++)
          {
            const VolSummary *o = g_ptr_array_index (out, j);
            known = g_strcmp0 (o->series, summary->series) == 0 && g_strcmp0 (o->column, summary->column) == 0;
          }
        if (!known)
          g_ptr_array_add (out, (gpointer) summary);
      }
  return out;
}

static gboolean
series_has_one_summary (const VolResult *result,
                        const char      *series)
{
  guint count = 0;

  for (guint i = 0; i < result->summaries->len; i++)
    count += g_strcmp0 (((VolSummary *) g_ptr_array_index (result->summaries, i))->series, series) == 0;
  return count <= 1;
}

/* "Write", or "Per queue depth, throughput" when a series has several. */
static char *
summary_title (VolResult *const *results,
               const guint      *order,
               guint             n,
               const VolSummary *summary)
{
  const VolSeries *series = NULL;

  for (guint k = 0; k < n && series == NULL; k++)
    series = vol_result_get_series (results[order[k]], summary->series);
  if (series_has_one_summary (results[order[0]], summary->series))
    return g_strdup (series && series->title ? _(series->title) : summary->series);
  return g_strdup_printf ("%s, %s", series && series->title ? _(series->title) : summary->series, summary->column);
}

/* A value in display units, for the table; rates scaled like the bars. */
static char *
format_number (double                 value,
               const char            *unit,
               const VolChartOptions *options)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (g_strcmp0 (unit, "B/s") == 0)
    return g_strdup_printf ("%.1f", value / _vol_chart_rate_scale (options));
  if (g_strcmp0 (unit, "B") == 0)
    return vol_size_format_double (value);
  if (g_strcmp0 (unit, "%") == 0)
    return g_strdup_printf ("%.1f", value);
  if (g_strcmp0 (unit, "s") == 0)
    return g_strdup_printf ("%.3f", value);
  if (fabs (value) >= 1000 || value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.4g", value);
}

/* " (MB/s)", or nothing where the cells carry their unit or have none. */
static const char *
unit_suffix (const char            *unit,
             const VolChartOptions *options)
{
  if (g_strcmp0 (unit, "B/s") == 0)
    return _vol_chart_rate_unit (options);
  if (unit == NULL || *unit == '\0' || g_str_equal (unit, "B"))
    return NULL;
  return unit;
}

static char *
row_label (const char            *title,
           const char            *unit,
           const VolChartOptions *options)
{
  const char *suffix = unit_suffix (unit, options);

  return suffix ? g_strdup_printf ("%s (%s)", title, suffix) : g_strdup (title);
}

static void
add_row (VolChart   *chart,
         const char *label,
         GPtrArray  *cells)
{
  g_ptr_array_add (cells, NULL);
  vol_chart_add_table_row (chart, label, (const char *const *) cells->pdata);
}

static void
add_summary_rows (VolChart              *chart,
                  VolResult *const      *results,
                  const guint           *order,
                  guint                  n,
                  GPtrArray             *summaries,
                  const VolChartOptions *options)
{
  for (guint s = 0; s < summaries->len; s++)
    {
      const VolSummary *summary = g_ptr_array_index (summaries, s);
      g_autofree char *title = summary_title (results, order, n, summary);
      g_autofree char *with_sd = g_strdup_printf (_("%s mean ± std dev"), title);
      g_autofree char *label = row_label (with_sd, summary->unit, options);
      g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);

      for (guint k = 0; k < n; k++)
        {
          const VolSummary *mine = vol_result_find_summary (results[order[k]], summary->series, summary->column);
          if (mine == NULL || mine->count == 0)
            g_ptr_array_add (cells, g_strdup ("—"));
          else if (mine->count == 1 || !isfinite (mine->stddev))
            g_ptr_array_add (cells, format_number (mine->mean, mine->unit, options));
          else
            {
              g_autofree char *mean = format_number (mine->mean, mine->unit, options);
              g_autofree char *sd = format_number (mine->stddev, mine->unit, options);
              g_ptr_array_add (cells, g_strdup_printf ("%s ± %s", mean, sd));
            }
        }
      add_row (chart, label, cells);
    }
}

/* The test's own figures, each once; "—" where a result lacks one (a fill
 * without a write cliff). */
static void
add_figure_rows (VolChart              *chart,
                 VolResult *const      *results,
                 const guint           *order,
                 guint                  n,
                 const VolChartOptions *options)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint k = 0; k < n; k++)
    for (guint f = 0; f < results[order[k]]->figures->len; f++)
      {
        const VolFigure *figure = g_ptr_array_index (results[order[k]]->figures, f);
        g_autoptr(GPtrArray) cells = NULL;
        g_autofree char *label = NULL;

        if (g_hash_table_contains (seen, figure->name))
          continue;
        g_hash_table_add (seen, figure->name);
        cells = g_ptr_array_new_with_free_func (g_free);
        for (guint j = 0; j < n; j++)
          {
            const VolFigure *mine = vol_result_get_figure (results[order[j]], figure->name);
            g_ptr_array_add (cells, mine ? format_number (mine->value, mine->unit, options) : g_strdup ("—"));
          }
        label = row_label (_(figure->title), figure->unit, options);
        add_row (chart, label, cells);
      }
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

/* One row per differing parameter, with each result's value. */
static void
add_parameter_rows (VolChart         *chart,
                    VolResult *const *results,
                    const guint      *order,
                    guint             n)
{
  g_autoptr(GPtrArray) differ = differing_parameters (results, n);

  for (guint d = 0; d < differ->len; d++)
    {
      const char *key = g_ptr_array_index (differ, d);
      g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *label = g_strdup_printf (_("Parameter %s"), key);

      for (guint k = 0; k < n; k++)
        {
          const VolResult *r = results[order[k]];
          if (g_str_equal (key, "data pattern"))
            g_ptr_array_add (cells, g_strdup (vol_data_pattern_to_string (r->pattern)));
          else if (g_str_equal (key, "cache bypass"))
            g_ptr_array_add (cells, g_strdup (vol_cache_bypass_to_string (r->cache_bypass)));
          else if (g_str_equal (key, "I/O backend"))
            g_ptr_array_add (cells, g_strdup (r->io_backend ? r->io_backend : "—"));
          else
            {
              g_autoptr(GVariant) value = r->params ? g_variant_lookup_value (r->params, key, NULL) : NULL;
              g_ptr_array_add (cells, format_param (value));
            }
        }
      add_row (chart, label, cells);
    }
}

/* Grouped bars: one group per summary in the bars' unit (throughput when
 * the test has any, else the first summary's unit), one bar per result,
 * at its mean. The table under them gives every summary's mean ± std dev;
 * @full adds the test's own figures and the differing parameters. */
static VolChart *
build_bars (VolResult *const      *results,
            guint                  n,
            char                 **labels,
            const guint           *order,
            const VolChartOptions *options,
            gboolean               full)
{
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autoptr(GPtrArray) summaries = all_summaries (results, order, n);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) bars = g_ptr_array_new ();
  const char *unit = NULL;
  double scale = 1;

  for (guint s = 0; s < summaries->len && unit == NULL; s++)
    if (g_strcmp0 (((VolSummary *) g_ptr_array_index (summaries, s))->unit, "B/s") == 0)
      unit = "B/s";
  if (unit == NULL && summaries->len > 0)
    unit = ((VolSummary *) g_ptr_array_index (summaries, 0))->unit;
  if (g_strcmp0 (unit, "B/s") == 0)
    scale = _vol_chart_rate_scale (options);

  for (guint s = 0; s < summaries->len; s++)
    {
      const VolSummary *summary = g_ptr_array_index (summaries, s);
      if (g_strcmp0 (summary->unit, unit) == 0)
        {
          g_autofree char *title = summary_title (results, order, n, summary);
          g_ptr_array_add (categories, g_strdup_printf (_("%s mean"), title));
          g_ptr_array_add (bars, (gpointer) summary);
        }
    }
  g_ptr_array_add (categories, NULL);
  vol_chart_set_categories (chart, (const char *const *) categories->pdata);

  for (guint k = 0; k < n; k++)
    {
      guint r = order[k];
      VolChartSeries *out = vol_chart_add_series (chart, labels[r], k);
      for (guint c = 0; c < bars->len; c++)
        {
          const VolSummary *want = g_ptr_array_index (bars, c);
          const VolSummary *summary = vol_result_find_summary (results[r], want->series, want->column);
          vol_chart_series_add (out, c, summary && summary->count ? summary->mean / scale : NAN);
        }
    }

  if (full || n <= DRAWN_TABLE_MAX_RESULTS)
    add_summary_rows (chart, results, order, n, summaries, options);
  if (full)
    {
      add_figure_rows (chart, results, order, n, options);
      add_parameter_rows (chart, results, order, n);
    }

  if (g_strcmp0 (unit, "B/s") == 0)
    {
      chart->title = g_strdup (_("Mean throughput compared"));
      chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
    }
  else
    {
      chart->title = g_strdup (_("Means compared"));
      chart->y_title = unit && *unit ? g_strdup_printf (_("Mean (%s)"), unit) : g_strdup (_("Mean"));
      chart->y_unit = g_strdup (unit ? unit : "");
    }
  chart->x_title = g_strdup (_("Figure"));
  return chart;
}

/* Quick results: a group per row of the first result's grid (SEQ1M Q8T1
 * …), in it a bar per result and mode, each the mean over its loops: the
 * colour says the result, the fill the mode (reads solid, writes light,
 * the mix an outline; the legend has a colour per result and a key per
 * mode), so the axis names four rows, not eight "row mode" pairs that a
 * narrow window cuts. The table: each result's mean ± its interval per
 * cell, then, for every other result, whether it differs from the first
 * beyond the loops' noise (Welch's t-test, vol_quick_compare_lines()). */
static VolChart *
build_quick_bars (VolResult *const      *results,
                  guint                  n,
                  char                 **labels,
                  const guint           *order,
                  const VolChartOptions *options,
                  gboolean               full)
{
  static const struct { guint read_percent; guint shade; } modes[] = {
    { 100, VOL_CHART_SHADE_SOLID }, { 0, VOL_CHART_SHADE_LIGHT },
    { VOL_QUICK_MIX_READ_PERCENT, VOL_CHART_SHADE_OUTLINE },
  };
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  guint n_cells;
  g_autofree VolQuickCell *cells = vol_quick_cells (results[order[0]], &n_cells);
  g_autoptr(GPtrArray) titles = vol_quick_row_titles (cells, n_cells);
  g_autoptr(GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  double scale = _vol_chart_rate_scale (options);
  gboolean binary = options && options->binary;

  for (guint i = 0; i < n_cells; i++)
    {
      g_autofree char *title = vol_quick_row_title (&cells[i].row);
      g_ptr_array_add (categories, g_strdup_printf ("%s %s", title, vol_quick_mode_title (cells[i].read_percent)));
    }
  g_ptr_array_add (titles, NULL);
  vol_chart_set_categories (chart, (const char *const *) titles->pdata);
  g_ptr_array_set_size (titles, titles->len - 1);

  for (guint k = 0; k < n; k++)
    {
      guint r = order[k], m;
      g_autofree VolQuickCell *theirs = vol_quick_cells (results[r], &m);
      gboolean named = FALSE;

      for (guint mode = 0; mode < G_N_ELEMENTS (modes); mode++)
        {
          VolChartSeries *out = NULL;

          for (guint i = 0; i < n_cells; i++)
            {
              const VolQuickCell *c;

              if (cells[i].read_percent != modes[mode].read_percent)
                continue;
              if (out == NULL)
                {
                  g_autofree char *name = g_strdup_printf (_("%s — %s"), labels[r],
                                                           vol_quick_mode_title (modes[mode].read_percent));
                  out = vol_chart_add_series (chart, name, k);
                  out->shade = modes[mode].shade;
                  /* one legend entry per result; the keys say the modes */
                  if (named)
                    out->hide_in_legend = TRUE;
                  else
                    out->legend = g_strdup (labels[r]);
                  named = TRUE;
                }
              c = vol_quick_find_cell (theirs, m, &cells[i].row, cells[i].read_percent);
              vol_chart_series_add (out, vol_quick_title_index (titles, &cells[i]), c ? c->throughput / scale : NAN);
            }
        }
    }
  for (guint mode = 0; mode < G_N_ELEMENTS (modes); mode++)
    for (guint i = 0; i < n_cells; i++)
      if (cells[i].read_percent == modes[mode].read_percent)
        {
          vol_chart_add_legend_shade (chart, vol_quick_mode_title (modes[mode].read_percent),
                                      VOL_CHART_PALETTE_SIZE - 1, modes[mode].shade);
          break;
        }

  if (full || n <= DRAWN_TABLE_MAX_RESULTS)
    {
      for (guint i = 0; i < n_cells; i++)
        {
          g_autoptr(GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
          for (guint k = 0; k < n; k++)
            {
              guint m;
              g_autofree VolQuickCell *theirs = vol_quick_cells (results[order[k]], &m);
              const VolQuickCell *c = vol_quick_find_cell (theirs, m, &cells[i].row, cells[i].read_percent);
              g_autofree char *mean = c ? vol_value_format (c->throughput, "B/s", binary) : NULL;
              g_autofree char *ci = c ? vol_value_format (c->throughput_ci95, "B/s", binary) : NULL;

              g_ptr_array_add (row, c == NULL ? g_strdup ("—")
                                    : c->loops > 1 ? g_strdup_printf ("%s ± %s", mean, ci) : g_strdup (mean));
            }
          g_ptr_array_add (row, NULL);
          vol_chart_add_table_row (chart, g_ptr_array_index (categories, i), (const char *const *) row->pdata);
          if (full && n > 1)
            {
              /* each result against the first, beyond its loops' noise? */
              g_autoptr(GPtrArray) verdicts = g_ptr_array_new_with_free_func (g_free);
              g_autofree char *label = g_strdup_printf (_("   against %s"), labels[order[0]]);

              g_ptr_array_add (verdicts, g_strdup (""));
              for (guint k = 1; k < n; k++)
                {
                  VolQuickDiff d;
                  g_ptr_array_add (verdicts, vol_quick_diff_of (results[order[0]], results[order[k]], &cells[i], &d)
                                               ? vol_quick_diff_short (&d) : g_strdup ("—"));
                }
              g_ptr_array_add (verdicts, NULL);
              vol_chart_add_table_row (chart, label, (const char *const *) verdicts->pdata);
            }
        }
    }
  chart->title = g_strdup (_("Quick benchmarks compared"));
  chart->y_title = g_strdup_printf (_("Mean throughput (%s)"), _vol_chart_rate_unit (options));
  chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
  chart->x_title = g_strdup (_("Test"));
  return chart;
}

static VolChart *
build_comparison (VolResult *const      *results,
                  guint                  n,
                  const char            *by,
                  const VolChartOptions *options,
                  gboolean               table,
                  GError               **error)
{
  g_auto(GStrv) labels = NULL;
  g_autofree guint *order = NULL;
  const char *by_used = NULL;
  gboolean binned = n > RAW_CURVES_MAX_RESULTS;
  VolChart *chart;

  if (n < 2)
    {
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, _("A comparison needs at least two results"));
      return NULL;
    }
  if (!check_one_test (results, n, error))
    return NULL;
  order = g_new (guint, n);
  labels = vol_chart_comparison_labels_by (results, n, by, &by_used, order, error);
  if (labels == NULL)
    return NULL;

  if (!table && g_strcmp0 (results[0]->kind, "fill") == 0 && !(options && options->bars))
    {
      chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      chart->title = g_strdup (_("Throughput across the volume, compared"));
      /* xgettext:no-c-format */
      chart->x_title = g_strdup (_("Position in the volume (% of capacity)"));
      chart->x_unit = g_strdup ("%");
      chart->y_title = g_strdup_printf (_("Throughput (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
      chart->x_min = 0;
      chart->x_max = 100;
      for (guint k = 0; k < n; k++)
        {
          guint r = order[k];
          g_autofree char *w = g_strdup_printf (_("%s — write"), labels[r]);
          g_autofree char *rd = g_strdup_printf (_("%s — read"), labels[r]);
          add_curve (chart, results[r], "write", w, k, FALSE, binned, options);
          add_curve (chart, results[r], "read", rd, k, TRUE, binned, options);
        }
      /* The legend: a colour per result and what solid and dashed mean,
       * n + 2 entries rather than 2n (a small chart has no room for ten);
       * the curves keep their full names for the CSV. */
      for (guint s = 0; s < chart->series->len; s++)
        {
          VolChartSeries *series = g_ptr_array_index (chart->series, s);
          if (series->dashed)
            series->hide_in_legend = TRUE;
          else
            series->legend = g_strdup (labels[order[series->color]]);
        }
      vol_chart_add_legend_key (chart, _("Write"), VOL_CHART_PALETTE_SIZE - 1, FALSE);
      vol_chart_add_legend_key (chart, _("Read"), VOL_CHART_PALETTE_SIZE - 1, TRUE);
    }
  else if (!table && g_strcmp0 (results[0]->kind, "surface") == 0 && !(options && options->bars))
    {
      /* several devices or runs read across: a transfer curve each */
      chart = vol_chart_new (VOL_CHART_KIND_CAPACITY);
      chart->title = g_strdup (_("Read across the device, compared"));
      /* xgettext:no-c-format */
      chart->x_title = g_strdup (_("Position on the device (% of capacity)"));
      chart->x_unit = g_strdup ("%");
      chart->y_title = g_strdup_printf (_("Transfer rate (%s)"), _vol_chart_rate_unit (options));
      chart->y_unit = g_strdup (_vol_chart_rate_unit (options));
      chart->x_min = 0;
      chart->x_max = 100;
      for (guint k = 0; k < n; k++)
        add_curve (chart, results[order[k]], "transfer", labels[order[k]], k, FALSE, binned, options);
    }
  else if (g_strcmp0 (results[0]->kind, "quick") == 0)
    chart = build_quick_bars (results, n, labels, order, options, table);
  else
    chart = build_bars (results, n, labels, order, options, table);

  chart->subtitle = comparison_subtitle (results, n, by_used);
  if (chart->kind == VOL_CHART_KIND_CAPACITY && binned)
    {
      /* xgettext:no-c-format */
      char *text = g_strconcat (chart->subtitle, _(" · curves: mean per 1 % of capacity"), NULL);
      g_free (chart->subtitle);
      chart->subtitle = text;
    }
  chart->footer = _vol_chart_footer_for (results[order[0]]);
  {
    /* One result measured badly taints the comparison: say which. A
     * caveat of several results is said once, naming them (of all of
     * them, without names): five results on one loop device make one
     * warning, not five of the same. */
    g_autoptr(GPtrArray) texts = g_ptr_array_new ();
    g_autoptr(GHashTable) named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
    g_autoptr(GPtrArray) probes = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_chart_unref);

    for (guint k = 0; k < n; k++)
      {
        guint i = order[k];
        VolChart *probe = vol_chart_new (VOL_CHART_KIND_CAPACITY);
        g_ptr_array_add (probes, probe);
        _vol_chart_add_measurement_warnings (probe, results[i]);
        for (guint w = 0; w < probe->warnings->len; w++)
          {
            char *text = g_ptr_array_index (probe->warnings, w);
            GPtrArray *who = g_hash_table_lookup (named, text);
            if (who == NULL)
              {
                who = g_ptr_array_new ();
                g_hash_table_insert (named, g_strdup (text), who);
                g_ptr_array_add (texts, text);
              }
            if (who->len == 0 || g_ptr_array_index (who, who->len - 1) != labels[i])
              g_ptr_array_add (who, labels[i]);
          }
      }
    for (guint w = 0; w < texts->len; w++)
      {
        const char *text = g_ptr_array_index (texts, w);
        GPtrArray *who = g_hash_table_lookup (named, text);
        g_autofree char *names = NULL;
        g_autofree char *line = NULL;

        if (who->len == n)
          {
            vol_chart_add_warning (chart, text);
            continue;
          }
        g_ptr_array_add (who, NULL);
        names = g_strjoinv (", ", (char **) who->pdata);
        g_ptr_array_remove_index (who, who->len - 1);
        line = g_strdup_printf ("%s: %s", names, text);
        vol_chart_add_warning (chart, line);
      }
  }
  if (!table)
    _vol_chart_drop_table (chart, options);
  return chart;
}

/**
 * vol_chart_build_comparison_by:
 * @by: (nullable): the attribute to name the results by, or %NULL to choose
 *
 * Results of one test only. Fill results overlay their capacity curves
 * (write solid, read dashed, one colour per result); otherwise, or with
 * options->bars, the means become grouped bars, one group per figure and
 * one bar per result, in the order of @by, with the means ± std dev as a
 * table under them (up to 8 results; beyond, the columns would not fit).
 *
 * Returns: (transfer full) (nullable): the chart, or %NULL with @error
 * set: fewer than two results, results of different tests, or @by
 * unknown, missing or not telling the results apart. Main thread or any
 * single thread.
 */
VolChart *
vol_chart_build_comparison_by (VolResult *const      *results,
                               guint                  n,
                               const char            *by,
                               const VolChartOptions *options,
                               GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build_comparison (results, n, by, options, FALSE, error);
}

/**
 * vol_chart_build_comparison_table:
 *
 * The bars chart of vol_chart_build_comparison_by() with the whole
 * comparison as its table: every summary's mean ± std dev, the test's own
 * figures and the value of each differing parameter, one column per
 * result (the chart's series). The CLI prints it; its CSV holds it all.
 *
 * Returns: (transfer full) (nullable): the chart, or %NULL with @error set.
 */
VolChart *
vol_chart_build_comparison_table (VolResult *const      *results,
                                  guint                  n,
                                  const char            *by,
                                  const VolChartOptions *options,
                                  GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return build_comparison (results, n, by, options, TRUE, error);
}

/**
 * vol_chart_build_comparison:
 *
 * vol_chart_build_comparison_by() with the attribute chosen automatically.
 */
VolChart *
vol_chart_build_comparison (VolResult *const      *results,
                            guint                  n,
                            const VolChartOptions *options,
                            GError               **error)
{
  g_return_val_if_fail (results != NULL, NULL);

  return build_comparison (results, n, NULL, options, FALSE, error);
}
