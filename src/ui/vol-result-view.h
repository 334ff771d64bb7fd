/* vol-result-view.h — a result's figures, in words and numbers
 *
 * The test kind's tables (vol-result-table.h), any reason to doubt the
 * numbers, the figures the tables do not hold, how the run was measured
 * and the target. The chart is beside it. It follows the binary-units
 * setting as it changes, and mirrors its tables into app.status.
 */
#pragma once

#include <adwaita.h>

#include "vol-result.h"

G_BEGIN_DECLS

#define VOL_TYPE_RESULT_VIEW (vol_result_view_get_type ())

G_DECLARE_FINAL_TYPE (VolResultView, vol_result_view, VOL, RESULT_VIEW, GtkBox)

GtkWidget *vol_result_view_new        (void);
void       vol_result_view_set_result (VolResultView   *self,
                                       const VolResult *result,
                                       gboolean         binary);

void       vol_result_view_set_comparison (VolResultView *self,
                                           GPtrArray     *results,
                                           gboolean       binary);

G_END_DECLS
