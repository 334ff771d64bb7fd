/* vol-run-controller.h — one run of the window, from Start to saved result
 *
 * Owns what a run holds while it goes: the runner, the run's cancellable,
 * the inhibit cookie that keeps the machine awake, and the autosave of its
 * result. Its "state" property says where the run is; the window binds
 * its buttons, actions and app.status to it (notify::state) instead of
 * guessing from which fields happen to be set. Main thread only.
 *
 *   idle ──► probing ──► starting ──► running ──► saving ──► idle
 *    │  (Start waits      ▲  (page laid     │  ▲ stopping   (the result's
 *    │   for the target)  │   out first)    ▼  │ (Stop)      file written)
 *    └────────────────────┘            (never started) ──► idle
 */
#pragma once

#include <gtk/gtk.h>

#include "vol-runner.h"

G_BEGIN_DECLS

typedef enum
{
  VOL_RUN_STATE_IDLE,
  VOL_RUN_STATE_PROBING,
  VOL_RUN_STATE_STARTING,
  VOL_RUN_STATE_RUNNING,
  VOL_RUN_STATE_STOPPING,
  VOL_RUN_STATE_SAVING,
} VolRunState;

GType vol_run_state_get_type (void);
#define VOL_TYPE_RUN_STATE (vol_run_state_get_type ())

#define VOL_TYPE_RUN_CONTROLLER (vol_run_controller_get_type ())

G_DECLARE_FINAL_TYPE (VolRunController, vol_run_controller, VOL, RUN_CONTROLLER, GObject)

VolRunController *vol_run_controller_new          (void);
VolRunState       vol_run_controller_get_state    (VolRunController *self);
const char       *vol_run_state_to_string         (VolRunState       state);
gboolean          vol_run_controller_is_active    (VolRunController *self);
VolRunner        *vol_run_controller_get_runner   (VolRunController *self);
GCancellable     *vol_run_controller_get_cancellable (VolRunController *self);

void              vol_run_controller_wait_for_probe (VolRunController *self,
                                                     gboolean          waiting);
void              vol_run_controller_begin        (VolRunController *self,
                                                   GtkWindow        *window);
void              vol_run_controller_run_async    (VolRunController    *self,
                                                   VolTestSpec         *spec,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
void              vol_run_controller_run_remote_async (VolRunController    *self,
                                                       VolTestSpec         *spec,
                                                       GPtrArray           *hosts,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void              vol_run_controller_running      (VolRunController *self);
gboolean          vol_run_controller_stop         (VolRunController *self);
void              vol_run_controller_end          (VolRunController *self,
                                                   gboolean          saving);
void              vol_run_controller_save_async   (VolRunController    *self,
                                                   VolResult           *result,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
char             *vol_run_controller_save_finish  (VolRunController  *self,
                                                   GAsyncResult      *result,
                                                   GError           **error);
void              vol_run_controller_saved        (VolRunController *self);

char             *vol_run_controller_autosave     (VolResult         *result,
                                                   GError           **error);

G_END_DECLS
