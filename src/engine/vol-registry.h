/* vol-registry.h — every test kind, described once
 *
 * A test kind is its VolTestInfo (name, title, parameters — read by the
 * CLI's option parser and --help, the GUI's rows and spec validation) plus
 * the functions that run it. Adding a test means adding one VolTestKind in
 * its own file and one line in vol-registry.c. Static data: any thread.
 */
#pragma once

#include "vol-spec.h"
#include "vol-fio-section.h"

G_BEGIN_DECLS

typedef struct _VolRun VolRun;

typedef struct
{
  VolTestInfo info;
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
} VolTestKind;

const VolTestKind        *vol_registry_lookup (const char *name);
const VolTestKind *const *vol_registry_list   (guint      *n_kinds);

G_END_DECLS
