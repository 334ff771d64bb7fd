/* vol-fio-import-private.h — what the fio importer's files share
 *
 * vol-fio-parse.c splits fio's text into documents and reads the jobs,
 * vol-fio-job-shape.c reads a job's options and tells which kind it is,
 * vol-fio-build.c groups the jobs into results and vol-fio-build-KIND.c
 * builds each kind's (through the kind's schema, vol-kinds.h), and
 * vol-fio-import.c is the public API. Not installed; any thread.
 */
#pragma once

#include "vol-fio-import.h"
#include "vol-kinds.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-json-read-private.h"
#include "vol-json-scan.h"
#include "vol-size.h"

/* As for result files: far beyond any real fio output, and json-glib
 * needs several times the text's size to parse it. */
#define MAX_FILE_SIZE ((gsize) 256 * 1024 * 1024)
/* Bounds that keep an import linear and its output usable: fio entries
 * after summing clones, results made, jobs whose differing options are
 * listed one by one. */
#define MAX_JOBS 10000
/* JSON values in the document: fio prints about 250 per job (json+ a few
 * hundred more), so 4000 jobs' worth; the most json-glib can then take is
 * some 300 MB, where 16 MiB of "[{},{},…]" took 1.7 GB */
#define MAX_VALUES 1000000
#define MAX_RESULTS 100
#define MAX_JOINED 32
/* job names in a result's label */
#define MAX_LABEL_NAMES 8
#define MAX_WARNINGS 50
/* vol_fio_import_looks_like_fio() reads no further than this. */
#define SNIFF_SIZE ((gsize) 1024 * 1024)

enum { DIR_READ, DIR_WRITE, DIR_TRIM, N_DIRS };
static const char *const dir_keys[N_DIRS] = { "read", "write", "trim" };

/* A job's options as fio printed them: names in order, and name → value. */
typedef struct
{
  GPtrArray  *keys;
  GHashTable *values;
} VolFioImportOptions;

void _vol_fio_import_options_clear (VolFioImportOptions *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (VolFioImportOptions, _vol_fio_import_options_clear)

typedef struct
{
  char       *name;
  char       *path;        /* "jobs[3]": the first entry */
  char       *host;        /* client runs only */
  gint64      port;
  gboolean    all_clients;
  gint64      groupid;
  gint64      error;
  VolFioImportOptions own; /* the job's own options */
  /* the run's "global options", shared by every job: copied into each,
   * 20 000 of them in 4 000 jobs took 5.8 GB */
  const VolFioImportOptions *global;
  char       *job_options; /* the job's own options as text: clones share it */
  VolFioDir   dir[N_DIRS];
  double      runtime;     /* s */
  double      cpu_user;    /* s */
  double      cpu_system;
  guint       entries;     /* fio entries summed into this one */
  gboolean    direct;      /* O_DIRECT: direct=1 or buffered=0 */
} VolFioImportJob;

typedef enum
{
  VOL_FIO_IMPORT_SHAPE_GENERIC,
  VOL_FIO_IMPORT_SHAPE_QUEUE,
  VOL_FIO_IMPORT_SHAPE_TRANSFER,
} VolFioImportShape;

typedef struct
{
  VolFioImportShape  shape;
  char              *key;  /* jobs with the same key share a result */
  GPtrArray         *jobs; /* of VolFioImportJob, borrowed */
} VolFioImportGroup;

typedef struct
{
  char      *fio_version;
  GDateTime *created;
  char      *device;       /* the one disk of "disk_util", if just one */
  GPtrArray *clients;      /* "host:port" seen */
} VolFioImportContext;

void _vol_fio_import_context_clear (VolFioImportContext *ctx);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (VolFioImportContext, _vol_fio_import_context_clear)

void _vol_fio_import_add_warning (GPtrArray  *warnings,
                                  const char *format,
                                  ...) G_GNUC_PRINTF (2, 3);
JsonNode *_vol_fio_import_parse_last_document (const char  *data,
                                               gsize        length,
                                               GPtrArray   *warnings,
                                               GError     **error);
void _vol_fio_import_options_init (VolFioImportOptions *options);
void _vol_fio_import_job_free (gpointer data);
const char *_vol_fio_import_job_option (const VolFioImportJob *job,
                                        const char            *key);
gboolean _vol_fio_import_read_options (JsonObject           *parent,
                                       const char           *path,
                                       const char           *key,
                                       VolFioImportOptions  *options,
                                       GString              *serial,
                                       GError              **error);
gboolean _vol_fio_import_read_job_array (JsonObject                 *root,
                                         const char                 *key,
                                         gboolean                    client,
                                         const VolFioImportOptions  *global,
                                         GPtrArray                  *jobs,
                                         GHashTable                 *identities,
                                         GPtrArray                  *warnings,
                                         GError                    **error);
guint64 _vol_fio_import_parse_size (const char *text,
                                    gboolean    kb_base_1000);
guint64 _vol_fio_import_job_block_size (const VolFioImportJob *job);
gboolean _vol_fio_import_job_flag (const VolFioImportJob *job,
                                   const char            *key);
const char *_vol_fio_import_job_engine (const VolFioImportJob *job);
gboolean _vol_fio_import_job_is_direct (const VolFioImportJob *job);
guint64 _vol_fio_import_job_threads (const VolFioImportJob *job);
guint64 _vol_fio_import_job_depth (const VolFioImportJob *job);
VolFioImportShape _vol_fio_import_job_shape (const VolFioImportJob *job,
                                             const char           **mode,
                                             guint                 *read_percent);
double _vol_fio_import_dir_total (const VolFioImportJob *job,
                                  gsize                  offset);
double _vol_fio_import_job_lat_mean (const VolFioImportJob *job);
double _vol_fio_import_job_percentile (const VolFioImportJob *job,
                                       gsize                  offset);
VolResult *_vol_fio_import_group_result (const VolFioImportGroup   *group,
                                         const char                *kind,
                                         const char                *mode,
                                         const VolFioImportContext *ctx,
                                         GVariantBuilder           *resolved);
gboolean _vol_fio_import_read_context (JsonObject           *root,
                                       VolFioImportContext  *ctx,
                                       GError              **error);
GPtrArray *_vol_fio_import_results_from_json (JsonObject  *root,
                                              GPtrArray   *warnings,
                                              GError     **error);
VolResult *_vol_fio_import_build_queue (VolFioImportGroup         *group,
                                        const VolFioImportContext *ctx);
VolResult *_vol_fio_import_build_transfer (VolFioImportGroup         *group,
                                           const VolFioImportContext *ctx);
VolResult *_vol_fio_import_build_generic (VolFioImportGroup         *group,
                                          const VolFioImportContext *ctx);
