/* vol-result-table-private.h — the pieces a kind's tables are built of
 *
 * For the kinds' schemas (src/model/kinds/vol-kind-KIND.c, their
 * VolTestInfo.tables and .compare_rows): a table, its columns and rows,
 * a cell, a figure remembered as shown, and the one-row-per-point table
 * of a sweep. vol-result-table.c holds them and the generic tables
 * (summaries, comparison); no kind's names are spelled there.
 */
#pragma once

#include "vol-result-table.h"

G_BEGIN_DECLS

/* One column of a point table: a column of the series, its heading. */
typedef struct
{
  const char *column;   /* in the series */
  const char *heading;  /* N_() */
} VolResultColumnSpec;

VolResultTable *_vol_result_table_new        (const char                *title,
                                              const char                *corner);
void            _vol_result_table_add_column (VolResultTable            *table,
                                              const char                *heading,
                                              const char                *unit);
VolResultRow   *_vol_result_table_add_row    (VolResultTable            *table,
                                              const char                *label);
void            _vol_result_row_set_cell     (VolResultRow              *row,
                                              guint                      column,
                                              double                     value,
                                              double                     spread,
                                              const char                *unit);
double          _vol_result_table_use_figure (VolResultTable            *table,
                                              const VolResult           *result,
                                              const char                *name);
const char     *_vol_result_series_title     (const VolResult           *result,
                                              const char                *name);
VolResultTable *_vol_result_point_table      (const VolResult           *result,
                                              const char                *series_name,
                                              const char                *x,
                                              const char                *title,
                                              const char                *corner,
                                              const VolResultColumnSpec *specs,
                                              guint                      n_specs);

G_END_DECLS
