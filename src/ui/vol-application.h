/* vol-application.h — the Volumeter application
 *
 * Owns the app-wide actions (quit, about, preferences, and the scripting
 * scripting actions tests drive over D-Bus, only with VOLUMETER_SCRIPTING=1)
 * and opens windows.
 * Main thread only, as everything in src/ui.
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define VOL_TYPE_APPLICATION (vol_application_get_type ())

G_DECLARE_FINAL_TYPE (VolApplication, vol_application, VOL, APPLICATION, AdwApplication)

VolApplication *vol_application_new          (const char        *application_id,
                                              GApplicationFlags  flags);
GSettings      *vol_application_get_settings (VolApplication    *self);
void            vol_application_set_status   (VolApplication    *self,
                                              const char        *json);
void            vol_application_set_result_tables (VolApplication *self,
                                                   JsonNode       *tables);
char           *vol_application_results_dir  (void);
gboolean        vol_application_scripting    (void);

typedef struct _VolHistory VolHistory;
void            vol_application_set_history_status (VolApplication *self,
                                                    VolHistory     *history,
                                                    JsonNode       *rows,
                                                    guint           n_items);

G_END_DECLS
