/* vol-result.h — one run's outcome: what was measured, how, and every sample
 *
 * A VolResult is built by the engine on its worker thread, then handed whole
 * to the main thread through the GTask; from then on nobody changes it. It is
 * reference counted so the UI, history and charts can share it.
 *
 * Units: throughput in bytes per second, time in seconds, positions in
 * percent of the volume's capacity. The file format is documented in
 * docs/result-format.md.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "vol-target-info.h"
#include "vol-types.h"

G_BEGIN_DECLS

#define VOL_RESULT_FORMAT_NAME "volumeter-result"
#define VOL_RESULT_FORMAT_VERSION 1

typedef struct
{
  char    *kernel;       /* uname -sr */
  char    *os;           /* os-release's PRETTY_NAME: "Debian GNU/Linux 12 (bookworm)" */
  char    *cpu_model;
  guint    cpu_count;
  guint64  memory_bytes;
  char    *hostname;     /* only when the user opted in; else NULL */
} VolHostInfo;

/* One column of a series: a name, a unit, and one value per sample. */
typedef struct
{
  char   *name;    /* "position", "throughput", "seconds", "bytes", "file" */
  char   *unit;    /* "%", "B/s", "s", "B", "" */
  GArray *values;  /* of double */
} VolColumn;

/* A table of samples, one row per sample, with the columns to plot. */
typedef struct
{
  char      *name;     /* "write", "read" */
  char      *title;    /* "Write" */
  char      *x;        /* name of the column plotted across */
  char      *y;        /* name of the column plotted up */
  GPtrArray *columns;  /* of VolColumn */
} VolSeries;

/* Summary statistics of one column of one series. */
typedef struct
{
  char   *series;
  char   *column;
  char   *unit;
  guint   count;
  double  mean;
  double  stddev;
  double  min;
  double  max;
  double  median;
} VolSummary;

/* A test's own figure: a cliff position, files per second, ... */
typedef struct
{
  char   *name;   /* "write-cliff-position" */
  char   *title;  /* "Write cliff at" */
  char   *unit;   /* "%" */
  double  value;
} VolFigure;

/* One timed phase as the test counted it and as the device's own
 * counters (/sys/class/block/DEV/stat) saw it. docs/result-format.md
 * says what may differ and why (journal writes, split requests). */
typedef struct
{
  char    *phase;              /* "QD32", "write, 4 threads" */
  char    *device;             /* the block devices read, summed: "loop3", "sda1", "md0",
                                * "sda+sdb" for the members of a stack */
  guint    write_copies;       /* copies of each written byte among them (2 on a
                                * two-way mirror); 0 means 1, as in older files */
  /* the test's own counts */
  guint64  reads;
  guint64  writes;
  guint64  bytes_read;
  guint64  bytes_written;
  /* how far the device's counters rose */
  guint64  dev_reads;
  guint64  dev_writes;
  guint64  dev_bytes_read;
  guint64  dev_bytes_written;
  guint64  dev_flushes;
  /* set by the test after _vol_run_phase_end, for the judgement
   * (vol-io-counters.h): the phase went through the page cache, so the
   * device may see less than the test did (cache hits, files deleted
   * before writeback); and how many files it created, extended or
   * deleted, each of which costs metadata writes the test's bytes do not
   * show */
  gboolean through_cache;
  guint64  files;
} VolIoCounters;

typedef struct _VolResult VolResult;

struct _VolResult
{
  int              version;       /* format version read or written */
  char            *app_name;
  char            *app_version;
  GDateTime       *created;       /* UTC */
  char            *label;         /* user text, may be NULL */
  VolHostInfo     *host;
  VolTargetInfo   *target;

  /* test */
  char            *kind;          /* "fill" */
  GVariant        *params;        /* a{sv}: every parameter as asked */
  GVariant        *resolved;      /* a{sv}: values derived at run time (file size, ...) */
  VolDataPattern   pattern;
  guint64          seed;
  VolCacheBypass   cache_bypass;
  char            *io_backend;    /* "sync", "io_uring", "threads" */
  VolIoBuffers     io_buffers;

  /* status */
  VolResultStatus  status;
  char            *message;       /* why it was cancelled or failed, else NULL */
  double           duration;      /* seconds, wall clock, of the whole run */
  double           cpu_user;      /* seconds of CPU the run used (getrusage) */
  double           cpu_system;

  GPtrArray       *series;        /* of VolSeries */
  GPtrArray       *summaries;     /* of VolSummary */
  GPtrArray       *figures;       /* of VolFigure */
  GPtrArray       *counters;      /* of VolIoCounters, one per timed phase; empty without a block device */
};

#define VOL_TYPE_RESULT (vol_result_get_type ())

GType        vol_result_get_type    (void) G_GNUC_CONST;
VolResult   *vol_result_new         (const char *kind);
VolResult   *vol_result_ref         (VolResult  *result);
void         vol_result_unref       (VolResult  *result);

VolSeries   *vol_result_add_series  (VolResult  *result,
                                     const char *name,
                                     const char *title,
                                     const char *x,
                                     const char *y);
VolSeries   *vol_result_get_series  (const VolResult *result,
                                     const char      *name);
void         vol_result_add_summary (VolResult  *result,
                                     const char *series,
                                     const char *column);
const VolSummary *vol_result_get_summary (const VolResult *result,
                                          const char      *series);
const VolSummary *vol_result_find_summary (const VolResult *result,
                                           const char      *series,
                                           const char      *column);
void         vol_result_add_figure  (VolResult  *result,
                                     const char *name,
                                     const char *title,
                                     const char *unit,
                                     double      value);
/* The host a remote run's result is about ("db1:8765", or "All clients"
 * for the hosts together: resolved "remote-host", docs/hosts.md), or
 * NULL for a local run's. */
const char  *vol_result_get_remote_host (const VolResult *result);
const VolFigure *vol_result_get_figure (const VolResult *result,
                                        const char      *name);

void         vol_result_add_counters (VolResult          *result,
                                      const VolIoCounters *counters);

VolColumn   *vol_series_add_column  (VolSeries  *series,
                                     const char *name,
                                     const char *unit);
VolColumn   *vol_series_get_column  (const VolSeries *series,
                                     const char      *name);
guint        vol_series_get_length  (const VolSeries *series);
void         vol_series_append      (VolSeries  *series,
                                     const double *row,
                                     guint       n_values);

VolHostInfo *vol_host_info_copy     (const VolHostInfo *host);
void         vol_host_info_free     (VolHostInfo *host);

/* vol-result-json.c */
JsonNode    *vol_result_to_json     (const VolResult *result);
char        *vol_result_to_data     (const VolResult *result,
                                     gsize           *length);
gboolean     vol_result_save        (const VolResult *result,
                                     const char      *path,
                                     GError         **error);
/* vol-result-save.c */
char        *vol_result_file_stem   (const VolResult *result,
                                     const char      *part);
char        *vol_result_save_unique (const VolResult *result,
                                     const char      *dir,
                                     const char      *stem,
                                     GError         **error);
gboolean     vol_result_save_new    (const VolResult *result,
                                     const char      *path,
                                     GError         **error);
VolResult   *vol_result_load_from_data (const char  *data,
                                        gssize       length,
                                        GError     **error);
VolResult   *vol_result_load        (const char      *path,
                                     GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolResult, vol_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolHostInfo, vol_host_info_free)

G_END_DECLS
