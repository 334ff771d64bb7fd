/* vol-comparison.h — several results of one test, named, ordered and tabled
 *
 * The one comparison: what names each result ("16 KiB stripe", the user's
 * label, "RAID 0, 64 KiB stripe"), the order they are shown in, which
 * test parameters differ, and one table — a row per figure, a column per
 * result, each cell a number with its unit (or a parameter's value as
 * given). The app's result view and its chart (vol-chart-compare.c), the
 * CLI's `compare` and the CSV all show this table, so they list the same
 * rows; cells are printed by vol_result_table_format_cell(), that is by
 * vol_value_format(), the one formatter. No GTK, no cairo; any single
 * thread.
 */
#pragma once

#include "vol-result.h"
#include "vol-result-table.h"

G_BEGIN_DECLS

typedef struct
{
  char  *label;   /* "Parameter files" */
  char **cells;   /* one per result, in the display order; NULL-terminated */
} VolComparisonParam;

typedef struct
{
  GPtrArray      *results;   /* of VolResult, as given */
  char          **labels;    /* one per result, in the results' order; NULL-terminated */
  guint          *order;     /* the display order: order[k] is the k-th result shown */
  const char     *by;        /* interned: "stripe", "label+stripe", "raid+stripe", "order" */
  GPtrArray      *differ;    /* of const char *: the parameters that differ, then
                              * "data pattern", "cache bypass", "I/O backend" */
  VolResultTable *table;     /* columns in the display order: the figures */
  GPtrArray      *params;    /* of VolComparisonParam: a row per entry of differ */
} VolComparison;

VolComparison *vol_comparison_new             (VolResult *const    *results,
                                               guint                n_results,
                                               const char          *by,
                                               GError             **error);
void           vol_comparison_free            (VolComparison       *comparison);
VolResult     *vol_comparison_get_shown       (const VolComparison *comparison,
                                               guint                k);
const char    *vol_comparison_get_label_shown (const VolComparison *comparison,
                                               guint                k);
char          *vol_comparison_describe        (const VolComparison *comparison);
guint          vol_comparison_n_lead_rows     (const VolComparison *comparison);

gboolean       vol_comparison_check_one_test  (VolResult *const    *results,
                                               guint                n_results,
                                               const char *const   *names,
                                               GError             **error);
char          *vol_comparison_attribute       (const VolResult     *result,
                                               const char          *by);
const char    *vol_comparison_attribute_title (const char          *by);
char         **vol_comparison_labels_by       (VolResult *const    *results,
                                               guint                n_results,
                                               const char          *by,
                                               const char         **by_used,
                                               guint               *order,
                                               GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolComparison, vol_comparison_free)

G_END_DECLS
