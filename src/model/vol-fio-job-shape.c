/* vol-fio-job-shape.c — a fio job's options, and which kind of run it is */

#include "vol-fio-import-private.h"

/* ------------------------------------------------------------------------ */
/* What a job is                                                             */
/* ------------------------------------------------------------------------ */

/* fio's sizes: "4k", "1M", "4KiB", "512"; k = 1024 unless kb_base=1000
 * (then only "KiB" is 1024). 0 if it is not a plain size. */
guint64
_vol_fio_import_parse_size (const char *text,
                            gboolean    kb_base_1000)
{
  char *end = NULL;
  guint64 value, unit = 1;
  const char *suffixes = "kmgtp";

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return 0;
  value = g_ascii_strtoull (text, &end, 10);
  if (end == NULL || end == text)
    return 0;
  if (*end != '\0')
    {
      const char *at = strchr (suffixes, g_ascii_tolower (*end));
      gboolean binary;

      if (at == NULL)
        return 0;
      end++;
      binary = g_ascii_tolower (*end) == 'i';
      if (binary)
        end++;
      if (g_ascii_tolower (*end) == 'b')
        end++;
      if (*end != '\0')
        return 0;
      for (gsize n = 0; n <= (gsize) (at - suffixes); n++)
        unit *= (kb_base_1000 && !binary) ? 1000 : 1024;
    }
  if (value > G_MAXUINT64 / unit)
    return 0;
  return value * unit;
}

/* One block size for every direction: "4k", or "4k,4k". */
guint64
_vol_fio_import_job_block_size (const VolFioImportJob *job)
{
  const char *bs = _vol_fio_import_job_option (job, "bs") ? _vol_fio_import_job_option (job, "bs") : _vol_fio_import_job_option (job, "blocksize");
  gboolean kb1000 = g_strcmp0 (_vol_fio_import_job_option (job, "kb_base"), "1000") == 0;
  g_auto(GStrv) parts = NULL;
  guint64 size = 0;

  if (_vol_fio_import_job_option (job, "bssplit") || _vol_fio_import_job_option (job, "bsrange") || _vol_fio_import_job_option (job, "blocksize_range"))
    return 0;
  if (bs == NULL)
    return 4096;   /* fio's default */
  parts = g_strsplit (bs, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 s;

      if (parts[i][0] == '\0')
        continue;
      s = _vol_fio_import_parse_size (g_strstrip (parts[i]), kb1000);
      if (s == 0 || (size != 0 && s != size))
        return 0;
      size = s;
    }
  return size;
}

static guint64
job_uint (const VolFioImportJob *job,
          const char            *key,
          guint64                absent)
{
  const char *text = _vol_fio_import_job_option (job, key);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return absent;
  return value;
}

gboolean
_vol_fio_import_job_flag (const VolFioImportJob *job,
                          const char            *key)
{
  const char *text = _vol_fio_import_job_option (job, key);

  /* a bare flag ("time_based") is printed with an empty value */
  return text != NULL && (text[0] == '\0' || g_strcmp0 (text, "1") == 0 || g_ascii_strcasecmp (text, "true") == 0);
}

const char *
_vol_fio_import_job_engine (const VolFioImportJob *job)
{
  const char *engine = _vol_fio_import_job_option (job, "ioengine");

  /* the aggregate of a client/server run has no job options */
  if (job->all_clients && engine == NULL)
    return NULL;
  return engine ? engine : "psync";   /* fio's default on Linux */
}

/* Engines that do one I/O at a time, whatever iodepth says. */
static gboolean
engine_is_sync (const char *engine)
{
  static const char *const sync_engines[] = { "sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice" };

  for (guint i = 0; i < G_N_ELEMENTS (sync_engines); i++)
    if (g_strcmp0 (engine, sync_engines[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
_vol_fio_import_job_is_direct (const VolFioImportJob *job)
{
  const char *buffered = _vol_fio_import_job_option (job, "buffered");

  return _vol_fio_import_job_flag (job, "direct") || g_strcmp0 (buffered, "0") == 0;
}

static const char *
job_rw (const VolFioImportJob *job)
{
  const char *rw = _vol_fio_import_job_option (job, "rw") ? _vol_fio_import_job_option (job, "rw") : _vol_fio_import_job_option (job, "readwrite");

  return rw ? rw : "read";
}

/* Threads: numjobs, or the entries summed (they agree when fio wrote them). */
guint64
_vol_fio_import_job_threads (const VolFioImportJob *job)
{
  return MAX (job_uint (job, "numjobs", 1), job->entries);
}

/* Volumeter's queue depth: I/Os in flight over all the job's threads. */
guint64
_vol_fio_import_job_depth (const VolFioImportJob *job)
{
  guint64 iodepth = engine_is_sync (_vol_fio_import_job_engine (job)) ? 1 : MAX (job_uint (job, "iodepth", 1), 1);

  return iodepth * _vol_fio_import_job_threads (job);
}

/* Jobs throttled, thinking, or drawing offsets other than uniformly did
 * not measure what Volumeter's tests do. */
static gboolean
job_is_plain (const VolFioImportJob *job)
{
  static const char *const throttles[] = {
    "rate", "rate_iops", "rate_min", "rate_iops_min", "thinktime", "percentage_random",
    "bssplit", "bsrange", "blocksize_range", "zonemode", "verify",
  };
  const char *distribution = _vol_fio_import_job_option (job, "random_distribution");

  for (guint i = 0; i < G_N_ELEMENTS (throttles); i++)
    if (_vol_fio_import_job_option (job, throttles[i]) != NULL && g_strcmp0 (_vol_fio_import_job_option (job, throttles[i]), "0") != 0)
      return FALSE;
  return distribution == NULL || g_strcmp0 (distribution, "random") == 0;
}


VolFioImportShape
_vol_fio_import_job_shape (const VolFioImportJob  *job,
                           const char            **mode,
                           guint                  *read_percent)
{
  const char *rw = job_rw (job);
  guint64 bs = _vol_fio_import_job_block_size (job);

  if (job->all_clients || !job_is_plain (job) || job->dir[DIR_TRIM].ios > 0)
    return VOL_FIO_IMPORT_SHAPE_GENERIC;
  if (bs == 4096 && (g_str_equal (rw, "randread") || g_str_equal (rw, "randwrite")
                     || g_str_equal (rw, "randrw")))
    {
      if (g_str_equal (rw, "randread"))
        *mode = "read", *read_percent = 100;
      else if (g_str_equal (rw, "randwrite"))
        *mode = "write", *read_percent = 0;
      else
        {
          *mode = "mix";
          *read_percent = _vol_fio_import_job_option (job, "rwmixread") ? (guint) MIN (job_uint (job, "rwmixread", 50), 100)
                          : _vol_fio_import_job_option (job, "rwmixwrite") ? 100 - (guint) MIN (job_uint (job, "rwmixwrite", 50), 100)
                          : 50;
        }
      return VOL_FIO_IMPORT_SHAPE_QUEUE;
    }
  if (bs > 0 && (g_str_equal (rw, "read") || g_str_equal (rw, "write")))
    {
      *mode = rw;
      *read_percent = g_str_equal (rw, "read") ? 100 : 0;
      return VOL_FIO_IMPORT_SHAPE_TRANSFER;
    }
  return VOL_FIO_IMPORT_SHAPE_GENERIC;
}
