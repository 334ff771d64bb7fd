/* vol-scratch.h — a private folder for one run's files, removed on every path
 *
 * A run writes only inside "<target>/.volumeter-XXXXXX" (mode 0700), which
 * holds a marker saying what it is and naming the process that owns it;
 * the run holds the folder's lock (flock) from its creation to its
 * removal. The target is resolved once and opened; the folder, its files
 * and the free-space query all work from that descriptor.
 * vol_scratch_remove() deletes the folder without following symbolic
 * links or entering other mounts, the marker last, then lets the lock go;
 * vol_scratch_cleanup_stale() finds folders a killed run left behind and
 * removes those whose lock no one holds. Blocking: worker thread or CLI.
 */
#pragma once

#include <glib.h>

#include "vol-spec.h"
#include "vol-target-info.h"

G_BEGIN_DECLS

#define VOL_SCRATCH_PREFIX ".volumeter-"
#define VOL_SCRATCH_MARKER ".volumeter-scratch"

typedef struct _VolScratch VolScratch;

VolScratch *vol_scratch_create        (const char  *target,
                                       GError     **error);
int         vol_scratch_get_fd        (VolScratch  *scratch);
int         vol_scratch_get_target_fd (VolScratch  *scratch);
const char *vol_scratch_get_path      (VolScratch  *scratch);
gboolean    vol_scratch_remove        (VolScratch  *scratch,
                                       GError     **error);
void        vol_scratch_free          (VolScratch  *scratch);

gboolean    vol_scratch_cleanup_stale (const char  *dir,
                                       GPtrArray   *removed,
                                       GPtrArray   *in_use,
                                       GError     **error);

/* Why a run on a target needs the user's explicit yes first. */
typedef enum
{
  VOL_TARGET_RISK_NONE,
  VOL_TARGET_RISK_SYSTEM,  /* filling the volume that holds / */
  VOL_TARGET_RISK_HOME,    /* filling the volume that holds the home folder */
  VOL_TARGET_RISK_MEMORY,  /* filling a tmpfs or ramfs: it takes RAM */
  VOL_TARGET_RISK_DEVICES, /* writing into devtmpfs, the system's device nodes */
  VOL_TARGET_RISK_NEARLY_FULL, /* a set amount that leaves < 10 % of the volume free */
} VolTargetRisk;

/* A run that would leave less than this share of the volume free asks
 * first, as filling it does. */
#define VOL_TARGET_NEARLY_FULL_PERCENT 10

VolTargetRisk vol_scratch_target_risk         (const VolTestSpec   *spec,
                                               const VolTargetInfo *target,
                                               guint64             *bytes);
char         *vol_scratch_target_risk_message (const VolTestSpec   *spec,
                                               const VolTargetInfo *target);

/* TEST ONLY: called by vol_scratch_create() between mkdirat() and taking
 * the folder's lock, with the target and the new folder's path, so a test
 * can run a cleanup in that moment. NULL (the default) for none; not
 * thread-safe: set it while no run creates a folder. */
typedef void (*VolScratchHook) (const char *target,
                                const char *path);
void          _vol_scratch_set_before_lock_hook (VolScratchHook hook);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolScratch, vol_scratch_free)

G_END_DECLS
