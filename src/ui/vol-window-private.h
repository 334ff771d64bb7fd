/* vol-window-private.h — what vol-window.c and vol-window-actions.c share */
#pragma once

#include "vol-chart-build.h"
#include "vol-chart-view.h"
#include "vol-config-pane.h"
#include "vol-history.h"
#include "vol-live-chart.h"
#include "vol-remote-progress-view.h"
#include "vol-result-view.h"
#include "vol-run-controller.h"
#include "vol-window.h"

G_BEGIN_DECLS

struct _VolWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwToastOverlay      *toasts;
  AdwFlap              *flap;
  AdwViewStack         *view_stack;
  AdwViewSwitcherBar   *switcher_bar;
  GtkStack             *result_stack;
  GtkBox               *config_box;
  GtkBox               *chart_box;
  GtkBox               *result_box;
  GtkBox               *summary_box;
  GtkBox               *history_box;
  GtkRevealer          *progress_revealer;
  GtkProgressBar       *progress_bar;
  GtkLabel             *phase_label;
  GtkLabel             *rate_label;
  GtkLabel             *eta_label;
  GtkWidget            *start_button;
  GtkWidget            *stop_button;

  /* built in code */
  VolConfigPane        *config;
  VolChartView         *chart_view;
  VolResultView        *result_view;
  VolHistory           *history;

  GSettings            *settings;
  VolRunController     *run;           /* the run: runner, cancellable, inhibit, autosave, state */
  gboolean              close_when_done;
  char                 *start_when_settled;  /* the target a Start waits for, while it is probed */
  gboolean              disposed;      /* callbacks that outlive the window do nothing */
  char                 *status_phase;
  double                status_fraction;
  char                 *last_error;
  char                 *outcome;       /* how the last action ended, for app.status: "idle", "complete", … */
  char                 *final_state;   /* how the last run ended, said again once it is on screen */
  guint                 exports_pending; /* exports on a worker (app.status "exporting") */
  AdwMessageDialog     *question;      /* what the window asks (Start's confirmation, or whether
                                        * closing stops the run), or NULL (ref'd) */
  guint                 focus_moves;   /* keyboard focus changes, for app.status */

  /* VOLUMETER_MEASURE_STALLS=1: responsiveness, for bench/ui-responsiveness.sh */
  gint64                probe_last_us;
  gint64                max_stall_us;
  gint64                probe_cpu_us;    /* the main thread's CPU time at the last probe */
  gint64                max_stall_cpu_us; /* of it, during the longest stall */
  gint64                first_frame_us;  /* from process start, 0 until drawn */
  gint64                labels_us;       /* when the progress text was last set */

  GPtrArray            *results;       /* of VolResult: what is shown (1, or several compared) */
  GtkWidget            *compare_bar;   /* curves or bars, shown when comparing fill results */
  GtkWidget            *curves_button;
  gboolean              compare_bars;
  char                 *result_path;   /* where the shown result is saved, NULL if nowhere */
  VolChart             *chart;         /* the chart shown */
  VolChartOptions       chart_options; /* how it was built: a comparison's CSV is built alike */

  /* the run in progress: its samples, rebuilt into self->chart a few
   * times a second (vol-live-chart.h) */
  VolLiveChart         *live;
  guint                 live_rebuild_id;
  VolTestSpec          *pending_spec;      /* the run to start once its page is drawn */
  guint                 start_runner_id;   /* the same, should no frame come (a hidden window) */
  gint64                live_built_us;
  GtkWidget            *live_grid;     /* a quick benchmark's grid so far, or NULL */
  guint                 live_cells;    /* of its cells, those with a loop measured */
  char                 *speed_text;    /* the current speed, as shown */
  guint                 open_serial;   /* of the latest vol_window_open_files() */

  /* a remote run (vol-window-remote.c): its hosts' rows where the live
   * chart would be */
  VolRemoteProgressView *remote_view;
  GPtrArray            *pending_hosts; /* of VolFioHost: the hosts of the run to start */
};

void  _vol_window_publish_end   (VolWindow   *self,
                                 const char  *state);
void  _vol_window_note_saved    (VolWindow       *self,
                                 const VolResult *result,
                                 const char      *path);
void  _vol_window_show_results  (VolWindow   *self,
                                 GPtrArray   *results,
                                 const char  *path);
void  _vol_window_update_status (VolWindow   *self,
                                 const char  *state);
void  _vol_window_error_dialog  (VolWindow   *self,
                                 const char  *heading,
                                 const char  *body);
void  _vol_window_add_actions   (VolWindow   *self);
void  _vol_window_update_actions (VolWindow  *self);
void  _vol_window_export_async  (VolWindow           *self,
                                 const char          *format,
                                 const char          *path,
                                 gboolean             exclusive,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
gboolean _vol_window_export_finish (VolWindow    *self,
                                    GAsyncResult *result,
                                    GError      **error);
void  _vol_window_start         (VolWindow   *self,
                                 gboolean     confirmed);
gboolean _vol_window_answer     (VolWindow   *self,
                                 const char  *response,
                                 GError     **error);
void  _vol_window_file_toast     (VolWindow   *self,
                                 const char  *text,
                                 const char  *path,
                                 gboolean     folder);
gboolean _vol_window_screenshot (VolWindow   *self,
                                 const char  *path,
                                 GError     **error);
void  _vol_window_end_run       (VolWindow   *self,
                                 gboolean     saving);
void  _vol_window_remote_run    (VolWindow   *self,
                                 VolTestSpec *spec,
                                 GPtrArray   *hosts);
void  _vol_window_remote_progress (VolWindow               *self,
                                   const VolRemoteProgress *progress);

/* A run holds the window (starting, running or stopping): Start is off. */
static inline gboolean
_vol_window_running (VolWindow *self)
{
  return self->run != NULL && vol_run_controller_is_active (self->run);
}

G_END_DECLS
