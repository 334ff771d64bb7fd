/* vol-scratch.h — a private folder for one run's files, removed on every path
 *
 * A run writes only inside "<target>/.volumeter-XXXXXX" (mode 0700), which
 * holds a marker naming the process that owns it. vol_scratch_remove()
 * deletes it without following symbolic links; vol_scratch_cleanup_stale()
 * finds folders a killed run left behind and removes those whose owner is
 * gone. Blocking: worker thread or CLI.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define VOL_SCRATCH_PREFIX ".volumeter-"
#define VOL_SCRATCH_MARKER ".volumeter-scratch"

typedef struct _VolScratch VolScratch;

VolScratch *vol_scratch_create        (const char  *target,
                                       GError     **error);
int         vol_scratch_get_fd        (VolScratch  *scratch);
const char *vol_scratch_get_path      (VolScratch  *scratch);
gboolean    vol_scratch_remove        (VolScratch  *scratch,
                                       GError     **error);
void        vol_scratch_free          (VolScratch  *scratch);

gboolean    vol_scratch_cleanup_stale (const char  *dir,
                                       GPtrArray   *removed,
                                       GPtrArray   *in_use,
                                       GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolScratch, vol_scratch_free)

G_END_DECLS
