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

G_END_DECLS
