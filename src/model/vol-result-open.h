/* vol-result-open.h — the files a user opens: results and fio's JSON output
 *
 * The application opens several files at once (Open, drag and drop, its
 * command line): each is a Volumeter result, or fio's JSON output, which
 * becomes one result per job group. How many files failed is counted
 * here, file by file, never worked out from the number of results: a fio
 * file gives several. Any thread.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

guint vol_result_open_paths (const char *const *paths,
                             guint              n_paths,
                             GPtrArray         *results,
                             char             **first_path,
                             GPtrArray         *problems);

G_END_DECLS
