/* vol-remote-private.h — a remote run's state, shared by vol-remote.c
 * (the probe, the clients) and vol-remote-results.c (their figures as
 * results, fio's output kept) */
#pragma once

#include "vol-fio-client.h"
#include "vol-fio-hosts.h"
#include "vol-fio-import.h"
#include "vol-fio-probe.h"
#include "vol-registry.h"
#include "vol-remote-client.h"
#include "vol-remote.h"
#include "vol-scratch.h"

G_BEGIN_DECLS

typedef struct
{
  const VolFioHost   *host;
  char               *name;       /* "db1:8765" */
  VolRemoteHostState  state;
  char               *error;      /* the first thing that went wrong */
  GPtrArray          *entries;    /* its VolFioEntry, borrowed from parsed */
  VolFioEntries      *parsed;     /* its client's JSON */
  VolRemoteClient    *client;     /* its fio client, once started */
  GPtrArray          *log;        /* its client's messages, in order */
  char               *stop_reason;  /* why its client was stopped: "did not finish …" */
} Host;

typedef struct
{
  const VolTestSpec     *spec;
  const VolTestKind     *kind;
  GArray                *hosts;      /* of Host */
  GPtrArray             *probes;     /* of VolFioProbeResult: each Host's host once it answered */
  VolRemoteProgressFunc  progress;
  gpointer               user_data;
  GCancellable          *cancellable;
  double                 planned;
  double                 run_timeout;
  double                 connect_timeout;
  char                  *job;
  gint64                 start_us;
  /* the clients */
  GMainContext          *context;
  VolScratch            *scratch;    /* the job and each client's private folder */
  VolFioClientConfinement confinement;
  gboolean               cancelled;
} Remote;

static inline double
_vol_remote_elapsed (Remote *r)
{
  return r->start_us ? (g_get_monotonic_time () - r->start_us) / 1e6 : 0;
}

static inline Host *
_vol_remote_host_at (Remote *r,
                     guint   i)
{
  return &g_array_index (r->hosts, Host, i);
}

void       _vol_remote_report        (Remote     *r,
                                      guint       index);
GPtrArray *_vol_remote_make_results  (Remote     *r,
                                      guint      *n_failed);
void       _vol_remote_keep_output   (Remote     *r,
                                      const char *path);

G_END_DECLS
