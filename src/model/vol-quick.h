/* vol-quick.h — the Quick benchmark's rows, named as the reviews name them
 *
 * The profiles' rows (the engine measures them, vol-test-quick.c), their
 * titles in CrystalDiskMark's notation ("SEQ1M Q8T1"), and the grid read
 * back from a result for the CLI, the window, the text report and the
 * comparison alike. Pure data; any thread.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

/* The mixed rows' share of reads. */
#define VOL_QUICK_MIX_READ_PERCENT 70

typedef struct
{
  gboolean sequential;
  guint    block;     /* bytes per I/O */
  guint    depth;     /* I/Os in flight per thread */
  guint    threads;
} VolQuickRow;

const VolQuickRow *vol_quick_profile_rows (const char        *profile,
                                           guint             *n_rows);
char              *vol_quick_row_title    (const VolQuickRow *row);
const char        *vol_quick_profile_title (const char       *profile);
const char        *vol_quick_mode_title   (guint              read_percent);
const char        *vol_quick_mode_word    (guint              read_percent);

/* One cell of a result's grid: a row measured in one mode. */
typedef struct
{
  VolQuickRow row;
  guint       index;          /* the row's place in its profile (the loops' "row") */
  guint       read_percent;   /* 100 read, 0 write, 70 mix */
  double      throughput;     /* B/s, mean over the loops */
  double      throughput_ci95;
  double      throughput_best;
  double      iops;
  double      iops_ci95;
  double      iops_best;
  double      lat_mean;       /* s */
  double      lat_p50;
  double      lat_p99;
  guint       loops;
} VolQuickCell;

/* The cells of a quick result, rows in order, read before write before
 * mix; NULL (and *n_cells 0) for a result without a grid. Free with
 * g_free. */
VolQuickCell      *vol_quick_cells        (const VolResult   *result,
                                           guint             *n_cells);
/* The titles of @cells' rows, each once, in the order measured: a new
 * array of char *. */
GPtrArray         *vol_quick_row_titles   (const VolQuickCell *cells,
                                           guint               n_cells);
/* The cell of @row measured at @read_percent, or NULL. */
const VolQuickCell *vol_quick_find_cell   (const VolQuickCell *cells,
                                           guint               n_cells,
                                           const VolQuickRow  *row,
                                           guint               read_percent);
/* Which of @titles (vol_quick_row_titles()) is @cell's row. */
guint              vol_quick_title_index  (GPtrArray          *titles,
                                           const VolQuickCell *cell);

/* The loops' figures of one cell (throughput or iops), for a comparison's
 * test of significance: a new array of double. */
GArray            *vol_quick_loop_values  (const VolResult   *result,
                                           guint              row_index,
                                           guint              read_percent,
                                           const char        *column);

/* Mean over @n loops' figures, the half-width of its 95 % interval
 * (Student's t; 0 for one loop) and the best: the grid's three numbers,
 * for the engine's rows and the window's live grid alike. */
void               vol_quick_over_loops   (const double      *values,
                                           guint              n,
                                           double            *mean,
                                           double            *ci95,
                                           double            *best);

/* Two results' loops of one cell, told apart by Welch's t-test at 95 %. */
typedef struct
{
  gboolean known;        /* both had two loops or more */
  gboolean significant;  /* the difference's 95 % interval leaves out 0 */
  double   mean_a;
  double   mean_b;
  double   diff;         /* mean_b − mean_a */
  double   ci95;         /* half-width of the difference's 95 % interval */
  double   df;           /* Welch–Satterthwaite degrees of freedom */
} VolQuickDiff;

gboolean           vol_quick_welch        (const double      *a,
                                           guint              na,
                                           const double      *b,
                                           guint              nb,
                                           VolQuickDiff      *out);
char              *vol_quick_diff_describe (const VolQuickDiff *diff,
                                            const char         *name_a,
                                            const char         *name_b);
char              *vol_quick_diff_short   (const VolQuickDiff *diff);
gboolean           vol_quick_diff_of      (const VolResult    *base,
                                           const VolResult    *other,
                                           const VolQuickCell *cell,
                                           VolQuickDiff       *out);
GPtrArray         *vol_quick_compare_lines (VolResult *const  *results,
                                            guint              n,
                                            const char *const *labels,
                                            const guint       *order);

/* The plain-text report people paste into forums: declared units, the
 * setting, the machine and the grid. English and a dot for decimals
 * whatever the locale, as the desktop tools' reports are, so any reader
 * can compare two posts. NULL for a result without a grid. */
char              *vol_quick_report_text  (const VolResult   *result);

G_END_DECLS
