/* vol-config-pane.h — choosing what to run, where, and how
 *
 * Target volumes, the test, one row per parameter (built from the engine's
 * registry, so a new test needs no change here), data pattern and label.
 * Every row is validated on change with the spec's own message, named by
 * the row's title; "valid" says whether a run may start (not while the
 * chosen target's probe, in a thread, has not answered). What was typed
 * is kept per test (vol-param-store.h). The last target of the list is
 * "Remote hosts" (vol-remote-pane.h): then the spec's target is the folder
 * on the hosts, and Start runs it there. The label names one run: another
 * test or target, or a run that took it (vol_config_pane_label_used()),
 * empties it; without one the result gets an automatic name, shown under
 * it before Start. Main thread.
 */
#pragma once

#include <adwaita.h>

#include "vol-spec.h"
#include "vol-target-info.h"

G_BEGIN_DECLS

#define VOL_TYPE_CONFIG_PANE (vol_config_pane_get_type ())

G_DECLARE_FINAL_TYPE (VolConfigPane, vol_config_pane, VOL, CONFIG_PANE, GtkBox)

GtkWidget           *vol_config_pane_new             (GSettings     *settings);
gboolean             vol_config_pane_get_valid       (VolConfigPane *self);
VolTestSpec         *vol_config_pane_build_spec      (VolConfigPane *self,
                                                      GError       **error);
const VolTargetInfo *vol_config_pane_get_target_info (VolConfigPane *self);
gboolean             vol_config_pane_is_probing      (VolConfigPane *self);
const char          *vol_config_pane_get_chosen_path (VolConfigPane *self);
gboolean             vol_config_pane_set_target      (VolConfigPane *self,
                                                      const char    *path,
                                                      GError       **error);
const char          *vol_config_pane_get_estimate    (VolConfigPane *self);
const char          *vol_config_pane_get_refusal     (VolConfigPane *self);
const char          *vol_config_pane_get_test        (VolConfigPane *self);
gboolean             vol_config_pane_set_test        (VolConfigPane *self,
                                                      const char    *name,
                                                      GError       **error);
gboolean             vol_config_pane_set_param_text  (VolConfigPane *self,
                                                      const char    *key,
                                                      const char    *text,
                                                      GError       **error);
void                 vol_config_pane_label_used      (VolConfigPane *self);
const char          *vol_config_pane_get_label       (VolConfigPane *self);
const char          *vol_config_pane_get_run_name    (VolConfigPane *self);
void                 vol_config_pane_set_running     (VolConfigPane *self,
                                                      gboolean       running);
void                 vol_config_pane_save            (VolConfigPane *self);
gboolean             vol_config_pane_is_remote       (VolConfigPane *self);
GPtrArray           *vol_config_pane_get_hosts       (VolConfigPane *self,
                                                      GError       **error);
gboolean             vol_config_pane_set_remote      (VolConfigPane *self,
                                                      const char    *hosts,
                                                      guint          port,
                                                      const char    *folder,
                                                      GError       **error);

G_END_DECLS
