/* vol-result-table.h — a result's figures as tables of rows and columns
 *
 * Which tables a test kind gets, and what goes in their rows and columns,
 * is decided once, by the kind (VolTestInfo.tables in its
 * src/model/kinds/vol-kind-KIND.c, built with vol-result-table-private.h),
 * from the VolResult alone: the app lays the tables out as widgets, and
 * anything else (the CLI, a test) can read the same rows.
 * Cells hold numbers with their unit; vol_result_table_format_cell() prints
 * them with vol_value_format(), the one formatter. No GTK; pure.
 *
 *   queue       one row per queue depth: IOPS and throughput, then in a
 *               second table the latency: mean, p50, p99, p99.9
 *   threads     one row per thread count: total throughput and per
 *               thread, then in a second table the slowest and fastest
 *               thread
 *   transfer    one row per transfer size: write and read, mean ± std dev
 *   quick       the grid: one row per test (SEQ1M Q8T1 …), read, write
 *               and mix across, mean ± 95 % interval; then in IO/s, the
 *               best loop, and the latency (mean, p99)
 *   random      one row per iteration, then slowest, fastest, average,
 *               median and range (docs/tests/random.md); with a count
 *               sweep a table of the averages per count first
 *   the others  the summaries: mean, std dev, min, max, median, samples
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

typedef struct
{
  double      value;   /* NAN: no value ("—") */
  double      spread;  /* shown as "± spread"; NAN: none */
  const char *unit;    /* interned: "B/s", "IO/s", "s", "" */
} VolResultCell;

typedef struct
{
  char     *label;  /* "4", "4 KiB", "Slowest" */
  GArray   *cells;  /* of VolResultCell, one per column */
  gboolean  rule;   /* a line above it: statistics after the samples */
} VolResultRow;

typedef struct _VolResultTable VolResultTable;

struct _VolResultTable
{
  char      *title;    /* "Per queue depth" */
  char      *corner;   /* heading of the row labels: "Queue depth" */
  GPtrArray *columns;  /* of char *: headings */
  GPtrArray *units;    /* of char *: each column's unit, "" where cells differ */
  GPtrArray *rows;     /* of VolResultRow */
  GPtrArray *figures;  /* of char *: names of the result's figures the table shows */
  GPtrArray *notes;    /* of char *: sentences under the table ("B is 12 % ± 3 % faster than A") */
};

GPtrArray      *vol_result_tables               (const VolResult       *result);
VolResultTable *vol_result_table_new_comparison (VolResult *const      *results,
                                                 guint                  n_results,
                                                 const char *const     *labels,
                                                 const guint           *order);
char           *vol_result_table_format_cell    (const VolResultTable  *table,
                                                 guint                  row,
                                                 guint                  column,
                                                 gboolean               binary);
gboolean        vol_result_tables_show_figure   (GPtrArray             *tables,
                                                 const char            *name);
void            vol_result_table_free           (VolResultTable        *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolResultTable, vol_result_table_free)

G_END_DECLS
