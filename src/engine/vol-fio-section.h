/* vol-fio-section.h — a test's result from fio's figures (remote runs)
 *
 * A remote run (vol-remote.c) sends the job of model/vol-fio-job.c to
 * fio servers; each test kind that fio can do turns one host's figures
 * back into the result its own run would make (same series, columns,
 * summaries and figures), in its own file, next to the code that builds
 * the local result: VolTestKind.from_fio. The job's sections have stable
 * names ("qd32", "write-1024-1"); a kind finds its points by them.
 */
#pragma once

#include "vol-fio-import.h"
#include "vol-result.h"
#include "vol-spec.h"

G_BEGIN_DECLS

typedef struct
{
  const char *host;       /* "db1:8765", or "All clients", for messages */
  GHashTable *by_name;    /* section name → const VolFioEntry * */
} VolFioSections;

const VolFioEntry *_vol_fio_section       (const VolFioSections *sections,
                                           GError              **error,
                                           const char           *format,
                                           ...) G_GNUC_PRINTF (3, 4);
/* Both directions of an entry as one, as vol_fio_dir_add() sums them;
 * percentiles only when one direction ran (they do not add up). */
void               _vol_fio_entry_total   (const VolFioEntry    *entry,
                                           VolFioDir            *total);

G_END_DECLS
