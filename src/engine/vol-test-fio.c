/* vol-test-fio.c — finding a job's sections in fio's figures */
#include "vol-test-fio.h"

#include <math.h>

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
  const VolFioDir *r = &entry->read, *w = &entry->write;
  double rios = r->present ? r->ios : 0, wios = w->present ? w->ios : 0;

  *total = (VolFioDir) { 0 };
  total->present = r->present || w->present;
  total->io_bytes = (r->present ? r->io_bytes : 0) + (w->present ? w->io_bytes : 0);
  total->bw = (r->present ? r->bw : 0) + (w->present ? w->bw : 0);
  total->iops = (r->present ? r->iops : 0) + (w->present ? w->iops : 0);
  total->ios = rios + wios;
  total->runtime = MAX (r->present ? r->runtime : 0, w->present ? w->runtime : 0);
  if (rios > 0 && wios > 0)
    {
      total->lat_mean = (r->lat_mean * rios + w->lat_mean * wios) / (rios + wios);
      total->p50 = total->p99 = total->p999 = NAN;
      total->iops_min = total->iops_max = total->iops_stddev = NAN;
    }
  else
    {
      const VolFioDir *one = wios > 0 ? w : r;

      total->lat_mean = one->lat_mean;
      total->p50 = one->p50;
      total->p99 = one->p99;
      total->p999 = one->p999;
      total->iops_min = one->iops_min;
      total->iops_max = one->iops_max;
      total->iops_stddev = one->iops_stddev;
    }
}
