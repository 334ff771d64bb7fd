/* vol-test-info.h — the description of one test kind
 *
 * Filled in once per kind by its schema (src/model/kinds/vol-kind-KIND.c)
 * and listed by vol_kinds_list(): validation, labels, estimates, and what
 * a result of the kind shows (tables, headline, comparison rows) read it.
 */
#pragma once

#include "vol-param.h"

G_BEGIN_DECLS

typedef struct _VolTestSpec VolTestSpec;
typedef struct _VolTestInfo VolTestInfo;
/* vol-result.h, vol-result-table.h, vol-result-headline.h */
struct _VolResult;
struct _VolResultTable;
struct _VolResultHeadline;

/* What a run would write and roughly how long it would take, worked out
 * from its parameters and the target's space before it starts, so a user
 * knows before pressing Start (vol-estimate.c turns it into words). */
typedef struct
{
  guint64  bytes_written;  /* written for certain: files laid down, set amounts */
  guint64  bytes_held;     /* the most it keeps on the volume at once: what
                            * the free space must hold (a region rewritten
                            * counts once) */
  gboolean timed_writes;   /* and writes for set times, as many as the device takes */
  double   fixed_seconds;  /* the parts that run for a set time */
  guint64  bytes_moved;    /* reads and writes whose time depends on the device */
  guint64  ios;            /* small I/Os whose time depends on the device */
} VolEstimate;

struct _VolTestInfo
{
  const char          *name;        /* "fill": CLI verb, result "test.kind" */
  const char          *title;       /* N_("Fill volume") */
  const char          *description; /* N_(one sentence) */
  const VolParamDesc  *params;
  guint                n_params;
  /* Cross-parameter checks after each value passed its own; may be NULL. */
  gboolean           (*check) (const VolTestInfo  *info,
                               const VolTestSpec  *spec,
                               GError            **error);
  /* The estimate of a run of @spec on a volume with @free_bytes free of
   * @capacity; may be NULL (no estimate). */
  void               (*estimate) (const VolTestInfo *info,
                                  const VolTestSpec *spec,
                                  guint64            free_bytes,
                                  guint64            capacity,
                                  VolEstimate       *out);
  /* It reads a block device and writes nothing: its target may be the
   * device itself (/dev/sdb) or a folder whose device it reads, and the
   * runner makes no scratch folder for it. */
  gboolean             reads_device;
  /* What a result of the kind shows, read by vol-result-table.c and
   * vol-result-headline.c (which hold only the generic machinery).
   * tables: appends the kind's own tables (vol-result-table-private.h);
   * NULL, or none appended: the summaries' table. */
  void               (*tables) (const struct _VolResult *result,
                                GPtrArray               *tables);
  /* headline: the one figure that stands for a result (History); NULL,
   * or a NULL return: the first summary with samples. */
  struct _VolResultHeadline *(*headline) (const struct _VolResult *result);
  /* compare_rows: rows of its own at the head of the comparison table
   * (the results all of this kind, one column each in @order); may be
   * NULL. The summaries' and figures' rows follow. */
  void               (*compare_rows) (struct _VolResultTable   *table,
                                      struct _VolResult *const *results,
                                      guint                     n_results,
                                      const char *const        *labels,
                                      const guint              *order);
};

const VolParamDesc *vol_test_info_find_param (const VolTestInfo *info,
                                              const char        *key);
char               *vol_test_info_title_message (const VolTestInfo *info,
                                                 const char        *message);

G_END_DECLS
