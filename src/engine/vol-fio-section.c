/* vol-fio-section.c — finding a job's sections in fio's figures */
#include "vol-fio-section.h"

#include <glib/gi18n.h>

#include "vol-error.h"

/**
 * _vol_fio_section:
 *
 * Returns: (nullable): the entry of the section named by @format, or
 *   %NULL with an error that names it and the host (fio left it out: the
 *   job stopped before it, or the server is older than the job)
 */
const VolFioEntry *
_vol_fio_section (const VolFioSections *sections,
                  GError              **error,
                  const char           *format,
                  ...)
{
  g_autofree char *name = NULL;
  const VolFioEntry *entry;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  entry = g_hash_table_lookup (sections->by_name, name);
  if (entry == NULL)
    g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE,
                 _("%s: fio's output has no figures for the job's section “%s”"), sections->host, name);
  return entry;
}

void
_vol_fio_entry_total (const VolFioEntry *entry,
                      VolFioDir         *total)
{
  /* fio prints both directions; one that did nothing adds nothing, so a
   * job of one direction keeps its percentiles */
  *total = (VolFioDir) { 0 };
  if (entry->read.present && entry->read.ios > 0)
    vol_fio_dir_add (total, &entry->read);
  if (entry->write.present && entry->write.ios > 0)
    vol_fio_dir_add (total, &entry->write);
  if (!total->present)
    *total = entry->read.present ? entry->read : entry->write;
}
