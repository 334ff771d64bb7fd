/* vol-registry.h — every test kind, with the functions that run it
 *
 * A kind's description (name, title, parameters, checks, estimate) is the
 * model's (src/model/kinds/vol-kind-KIND.c, vol_kinds_lookup()); the
 * engine adds how to run it (a VolTestOps in vol-test-KIND.c). A
 * VolTestKind is the two together, made once from the model's list, in
 * its order. Static data: any thread.
 */
#pragma once

#include "vol-kinds.h"
#include "vol-spec.h"
#include "vol-fio-section.h"

G_BEGIN_DECLS

typedef struct _VolRun VolRun;

/* How the engine runs the kind called @name. */
typedef struct
{
  const char *name;
  /* Works out sizes from the free space and checks the test fits, before
   * any data is written. A failure here is the user's input, not the
   * device's: the run does not start and no result is made. */
  gboolean (*prepare) (VolRun *run, GError **error);
  /* Does the I/O, adding samples to run->result as it goes. Returns FALSE
   * with G_IO_ERROR_CANCELLED when cancelled. NULL: not available yet. */
  gboolean (*run)     (VolRun *run, GError **error);
  /* Builds @result (series, summaries, figures, as run() would) from one
   * host's fio figures for the sections of the test's fio job
   * (model/vol-fio-job.c), for a remote run (vol-remote.c). NULL: fio
   * cannot do this test's work. */
  gboolean (*from_fio) (const VolTestSpec    *spec,
                        VolResult            *result,
                        const VolFioSections *sections,
                        GError              **error);
} VolTestOps;

typedef struct
{
  VolTestInfo info;  /* a copy of the model's description */
  gboolean (*prepare)  (VolRun *run, GError **error);
  gboolean (*run)      (VolRun *run, GError **error);
  gboolean (*from_fio) (const VolTestSpec    *spec,
                        VolResult            *result,
                        const VolFioSections *sections,
                        GError              **error);
} VolTestKind;

const VolTestKind        *vol_registry_lookup (const char *name);
const VolTestKind *const *vol_registry_list   (guint      *n_kinds);

G_END_DECLS
