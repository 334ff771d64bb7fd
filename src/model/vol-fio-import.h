/* vol-fio-import.h — fio's JSON output as Volumeter results
 *
 * `fio --output-format=json` (local runs, with a "jobs" array, and
 * client/server runs, with "client_stats") becomes one or more VolResults:
 * random 4 KiB jobs become points of a "queue" result, sequential read and
 * write jobs points of a "transfer" result, anything else rows of a
 * generic "fio" result. docs/fio-import.md says how each figure is taken
 * from fio's and what is kept (fio version, job options, client host).
 *
 * The text may come from anywhere: it is checked as strictly as a result
 * file, and every error is a VOL_RESULT_ERROR whose message names the
 * field ("“jobs[2].read.bw_bytes” must be a number") or the line.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

/* One direction of one fio job: B, B/s, IO/s, s (latencies too). */
typedef struct
{
  gboolean present;
  double   io_bytes;
  double   bw;           /* B/s */
  double   iops;
  double   runtime;      /* s */
  double   ios;
  double   lat_mean;     /* s, submission to completion */
  double   p50, p99, p999;  /* s, completion latency */
  double   iops_min, iops_max, iops_stddev;
} VolFioDir;

/* One job of fio's output, its entries summed as group_reporting would. */
typedef struct
{
  char      *name;         /* the job's section name, "qd32" */
  char      *host;         /* client runs: the host fio's client named */
  gint64     port;
  gboolean   all_clients;  /* fio's aggregate of a client run */
  gint64     groupid;
  gint64     error;        /* fio's errno for the job, 0 when it ran */
  double     runtime;      /* s */
  double     cpu_user;     /* s */
  double     cpu_system;
  VolFioDir  read;
  VolFioDir  write;
} VolFioEntry;

typedef struct
{
  char      *fio_version;  /* "fio-3.33", or NULL */
  GPtrArray *entries;      /* of VolFioEntry, in fio's order */
} VolFioEntries;

GPtrArray *vol_fio_import_from_data     (const char  *data,
                                         gssize       length,
                                         GPtrArray   *warnings,
                                         GError     **error);
GPtrArray *vol_fio_import_load          (const char  *path,
                                         GPtrArray   *warnings,
                                         GError     **error);
gboolean   vol_fio_import_looks_like_fio (const char *data,
                                          gssize      length);
gboolean   vol_fio_import_file_looks_like_fio (const char *path);

VolFioEntries *vol_fio_entries_from_data (const char     *data,
                                          gssize          length,
                                          GPtrArray      *warnings,
                                          GError        **error);
void           vol_fio_entries_free      (VolFioEntries  *entries);
void           vol_fio_dir_add           (VolFioDir       *into,
                                          const VolFioDir *from);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolFioEntries, vol_fio_entries_free)

G_END_DECLS
