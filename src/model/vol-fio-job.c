/* vol-fio-job.c — a test's work as a fio job file
 *
 * Each test's source (engine/vol-test-*.c) and docs/tests/<kind>.md say
 * what the test does; this file says the same in fio's options. Where
 * fio and Volumeter can do the same thing, the job is made to match the
 * test, not the other way round:
 *
 *   files        the test's own names in the target folder (fio's
 *                filename_format where numjobs or nrfiles make several)
 *   laid down    overwrite=1 (fio writes a missing file before the timed
 *                job, as the test's untimed lay-down does)
 *   flushes      end_fsync=1 where the test flushes once at the end,
 *                fdatasync=N where it flushes every N writes
 *   offsets      norandommap=1 (draws with replacement), blockalign = the
 *                test's grain, offset=512 for the offset512 alignment
 *   data         random: scramble_buffers=1 (fio's buffers are random,
 *                and changed per I/O so dedupe cannot help, as the
 *                test's stamps); zeros: zero_buffers=1
 *   cache        direct=1; a run that fell back to fadvise: direct=0 with
 *                invalidate=1
 *   buffers      iomem=shmhuge: the test's buffers are 2 MiB pages
 *                (engine/vol-io-buffer.c), so a large transfer reaches
 *                the device in as few requests; from fio's 4 KiB pages
 *                it is split by luck of where they lie
 *
 * The rest — fio's random generator, fsync() where the test calls
 * fdatasync() at the end — is listed in each test's doc.
 */

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-fio-job.h"
#include "vol-fio-value.h"
#include "vol-units.h"
#include "vol-quick.h"
#include "vol-surface.h"

/* signed: the job file's sizes are gint64 */
#define MiB_I ((gint64) MiB)

G_DEFINE_QUARK (vol-fio-job-error-quark, vol_fio_job_error)

typedef struct
{
  const char *kind;
  GVariant   *params;
  GVariant   *resolved;  /* may be NULL: no run yet */
  gboolean    huge_pages;
  GString    *out;
  GError    **error;
} Job;

/* The value the run really used when it says (resolved), else the one
 * asked for (params). */
static GVariant *
lookup (Job        *job,
        const char *resolved_key,
        const char *param_key)
{
  GVariant *v = NULL;

  if (job->resolved != NULL && resolved_key != NULL)
    v = g_variant_lookup_value (job->resolved, resolved_key, NULL);
  if (v == NULL && job->params != NULL && param_key != NULL)
    v = g_variant_lookup_value (job->params, param_key, NULL);
  return v;
}

static gboolean
get_int (Job        *job,
         const char *resolved_key,
         const char *param_key,
         gint64     *value)
{
  g_autoptr(GVariant) v = lookup (job, resolved_key, param_key);

  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_INT64))
    {
      *value = g_variant_get_int64 (v);
      return TRUE;
    }
  g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
               _("%s: the parameter “%s” is missing or not a whole number"),
               job->kind, param_key ? param_key : resolved_key);
  return FALSE;
}

/* An optional value: FALSE, and no error, when neither has it. */
static gboolean
opt_int (Job        *job,
         const char *resolved_key,
         const char *param_key,
         gint64     *value)
{
  g_autoptr(GVariant) v = lookup (job, resolved_key, param_key);

  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE_INT64))
    return FALSE;
  *value = g_variant_get_int64 (v);
  return TRUE;
}

static gboolean
get_double (Job        *job,
            const char *param_key,
            double     *value)
{
  g_autoptr(GVariant) v = lookup (job, NULL, param_key);

  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE))
    {
      *value = g_variant_get_double (v);
      return TRUE;
    }
  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_INT64))
    {
      *value = (double) g_variant_get_int64 (v);
      return TRUE;
    }
  g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
               _("%s: the parameter “%s” is missing or not a number"), job->kind, param_key);
  return FALSE;
}

/* A choice; `fallback` when the parameter is absent (a result written
 * before the parameter existed), or NULL to require it. */
static const char *
get_string (Job        *job,
            const char *param_key,
            const char *fallback)
{
  g_autoptr(GVariant) v = lookup (job, NULL, param_key);

  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    return g_variant_get_string (v, NULL); /* owned by job->params */
  if (v == NULL && fallback != NULL)
    return fallback;
  g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
               _("%s: the parameter “%s” is missing or not text"), job->kind, param_key);
  return NULL;
}

static GArray *
get_list (Job        *job,
          const char *param_key)
{
  g_autoptr(GVariant) v = lookup (job, NULL, param_key);
  GArray *list;
  const gint64 *items;
  gsize n;

  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE ("ax")))
    {
      g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
                   _("%s: the parameter “%s” is missing or not a list of numbers"), job->kind, param_key);
      return NULL;
    }
  items = g_variant_get_fixed_array (v, &n, sizeof (gint64));
  list = g_array_sized_new (FALSE, FALSE, sizeof (gint64), (guint) n);
  g_array_append_vals (list, items, (guint) n);
  return list;
}

static void
kv (Job        *job,
    const char *key,
    const char *format,
    ...) G_GNUC_PRINTF (3, 4);

static void
kv (Job        *job,
    const char *key,
    const char *format,
    ...)
{
  va_list args;

  g_string_append_printf (job->out, "%s=", key);
  va_start (args, format);
  g_string_append_vprintf (job->out, format, args);
  va_end (args);
  g_string_append_c (job->out, '\n');
}

static void
section (Job        *job,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static void
section (Job        *job,
         const char *format,
         ...)
{
  va_list args;

  g_string_append (job->out, "\n[");
  va_start (args, format);
  g_string_append_vprintf (job->out, format, args);
  va_end (args);
  /* every point waits for the one before, as the test's points do */
  g_string_append (job->out, "]\nstonewall\n");
}

/* fio's time values are seconds unless suffixed; fractions need ms. */
static void
runtime (Job    *job,
         double  seconds)
{
  kv (job, "time_based", "1");
  if (seconds == floor (seconds))
    kv (job, "runtime", "%.0f", seconds);
  else
    kv (job, "runtime", "%.0fms", seconds * 1000.0);
}

static void
header (Job            *job,
        VolDataPattern  pattern,
        VolCacheBypass  bypass,
        const char     *directory,
        const char     *ioengine,
        const char     *what)
{
  g_string_append_printf (job->out,
                          "; The work of Volumeter's “%s” test, for fio (made by volumeter-cli fio-job).\n"
                          "; %s\n"
                          "; Deliberate differences: docs/tests/%s.md, “The same work in fio”.\n",
                          job->kind, what, job->kind);
  if (job->resolved == NULL)
    g_string_append (job->out,
                     "; Sizes as asked: a run fits them to the free space; a result file gives the exact ones.\n");
  if (job->huge_pages)
    g_string_append (job->out,
                     "; iomem=shmhuge needs huge pages reserved first, e.g. echo 256 | sudo tee /proc/sys/vm/nr_hugepages\n");
  g_string_append (job->out, "[global]\n");
  {
    /* fio splits directory= at ':' (several folders); a colon that is
     * part of the name is written "\:" */
    g_auto(GStrv) parts = g_strsplit (directory, ":", -1);
    g_autofree char *escaped = g_strjoinv ("\\:", parts);
    kv (job, "directory", "%s", escaped);
  }
  kv (job, "ioengine", "%s", ioengine);
  if (bypass == VOL_CACHE_BYPASS_FADVISE)
    {
      /* The run was buffered (the filesystem refused O_DIRECT): fio
       * would be refused too; invalidate=1 drops the pages as the test's
       * POSIX_FADV_DONTNEED does. */
      kv (job, "direct", "0");
      kv (job, "invalidate", "1");
    }
  else
    kv (job, "direct", "1");
  if (pattern == VOL_DATA_PATTERN_ZEROS)
    {
      kv (job, "zero_buffers", "1");
      kv (job, "scramble_buffers", "0");
    }
  else
    kv (job, "scramble_buffers", "1");
  if (job->huge_pages)
    {
      kv (job, "iomem", "shmhuge");
      kv (job, "hugepage-size", "2m");
    }
  /* fresh offsets each run, as the test's fresh seed gives */
  kv (job, "randrepeat", "0");
  kv (job, "group_reporting", "1");
}

/* transfer: per size, one file laid down, then per iteration a
 * sequential write of the region (fdatasync inside the timing) and a
 * sequential read of it; the file deleted after its last iteration. */
static gboolean
build_transfer (Job            *job,
                VolDataPattern  pattern,
                VolCacheBypass  bypass,
                const char     *directory)
{
  gint64 from, to, region, iterations;

  if (!get_int (job, NULL, "from", &from) || !get_int (job, NULL, "to", &to)
      || !get_int (job, "region", "region", &region)
      || !get_int (job, "iterations", "iterations", &iterations))
    return FALSE;
  if (job->resolved == NULL)
    {
      /* as prepare() rounds it: a whole number of the largest transfer */
      gint64 step = MAX (to, MiB_I);
      region = MAX (region / step, 1) * step;
    }
  header (job, pattern, bypass, directory, "psync",
          "Per transfer size: a sequential write of the region then a sequential read, per iteration.");
  for (gint64 s = from; s <= to && s > 0; s *= 2)
    for (gint64 k = 0; k < iterations; k++)
      {
        section (job, "write-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT, s, k);
        kv (job, "filename", "transfer-%" G_GINT64_FORMAT ".dat", s);
        kv (job, "rw", "write");
        kv (job, "bs", "%" G_GINT64_FORMAT, s);
        kv (job, "size", "%" G_GINT64_FORMAT, region);
        kv (job, "overwrite", "1");
        kv (job, "end_fsync", "1");
        section (job, "read-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT, s, k);
        kv (job, "filename", "transfer-%" G_GINT64_FORMAT ".dat", s);
        kv (job, "rw", "read");
        kv (job, "bs", "%" G_GINT64_FORMAT, s);
        kv (job, "size", "%" G_GINT64_FORMAT, region);
        if (k == iterations - 1)
          kv (job, "unlink", "1");
      }
  return TRUE;
}

/* random: one file laid down; per I/O count and iteration, N random
 * chunk writes then fdatasync, and N random chunk reads. */
static gboolean
build_random (Job            *job,
              VolDataPattern  pattern,
              VolCacheBypass  bypass,
              const char     *directory)
{
  gint64 chunk, file_size, iterations;
  g_autoptr(GArray) counts = NULL;
  g_autoptr(GVariant) sweep = lookup (job, NULL, "count-sweep");

  if (!get_int (job, NULL, "chunk", &chunk) || !get_int (job, "file-size", "file-size", &file_size)
      || !get_int (job, NULL, "iterations", &iterations))
    return FALSE;
  if (sweep != NULL)
    {
      counts = get_list (job, "count-sweep");
      if (counts == NULL)
        return FALSE;
    }
  else
    {
      gint64 ios;
      if (!get_int (job, NULL, "ios", &ios))
        return FALSE;
      counts = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_array_append_val (counts, ios);
    }
  if (job->resolved == NULL)
    file_size = file_size / chunk * chunk;
  header (job, pattern, bypass, directory, "psync",
          "One file; per I/O count and iteration: N random chunk writes then fdatasync, then N random chunk reads.");
  kv (job, "filename", "random.dat");
  kv (job, "size", "%" G_GINT64_FORMAT, file_size);
  kv (job, "bs", "%" G_GINT64_FORMAT, chunk);
  kv (job, "norandommap", "1");
  for (guint i = 0; i < counts->len; i++)
    {
      gint64 n = g_array_index (counts, gint64, i);
      /* iterations count from 1 here, as in the test's series */
      for (gint64 k = 1; k <= iterations; k++)
        {
          section (job, "write-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT, n, k);
          kv (job, "rw", "randwrite");
          kv (job, "number_ios", "%" G_GINT64_FORMAT, n);
          /* io_size beyond the file lets fio draw N offsets even when N
           * chunks are more than the file holds, as the test does */
          kv (job, "io_size", "%" G_GINT64_FORMAT, n * chunk);
          kv (job, "overwrite", "1");
          kv (job, "end_fsync", "1");
          section (job, "read-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT, n, k);
          kv (job, "rw", "randread");
          kv (job, "number_ios", "%" G_GINT64_FORMAT, n);
          kv (job, "io_size", "%" G_GINT64_FORMAT, n * chunk);
          if (i == counts->len - 1 && k == iterations)
            kv (job, "unlink", "1");
        }
    }
  return TRUE;
}

/* queue: one file of the span; per depth, `seconds` of random I/O with
 * exactly QD in flight. */
static gboolean
build_queue (Job            *job,
             VolDataPattern  pattern,
             VolCacheBypass  bypass,
             const char     *io_backend,
             const char     *directory)
{
  gint64 block, span, read_percent, grain, shift = 0;
  double seconds;
  const char *mode, *alignment, *backend;
  gboolean threads;
  g_autoptr(GArray) depths = NULL;

  if (!get_int (job, "block", "block", &block) || !get_int (job, "span", "span", &span)
      || !get_int (job, "read-percent", "read-percent", &read_percent)
      || !get_double (job, "seconds", &seconds))
    return FALSE;
  if ((mode = get_string (job, "mode", NULL)) == NULL
      || (alignment = get_string (job, "alignment", "4k")) == NULL
      || (backend = get_string (job, "backend", "auto")) == NULL
      || (depths = get_list (job, "depths")) == NULL)
    return FALSE;
  /* what really ran, when a result says; else what was asked */
  threads = io_backend != NULL ? g_str_equal (io_backend, "threads") : g_str_equal (backend, "threads");
  if (g_str_equal (alignment, "offset512"))
    shift = 512;
  if (!opt_int (job, "grain", NULL, &grain))
    grain = (block + 4095) / 4096 * 4096;
  opt_int (job, "offset-shift", NULL, &shift);
  header (job, pattern, bypass, directory, threads ? "psync" : "io_uring",
          threads ? "One file; per queue depth QD: QD threads, each keeping one pread/pwrite in flight, for the seconds of the point."
                  : "One file; per queue depth QD: exactly QD random I/Os in flight through io_uring, for the seconds of the point.");
  kv (job, "filename", "queue.dat");
  kv (job, "bs", "%" G_GINT64_FORMAT, block);
  if (shift != 0)
    {
      /* offset = k · grain + 512: the region starts at 512 and ends with
       * the file, as the test's slots do */
      kv (job, "offset", "%" G_GINT64_FORMAT, shift);
      kv (job, "size", "%" G_GINT64_FORMAT, span - shift);
    }
  else
    kv (job, "size", "%" G_GINT64_FORMAT, span);
  kv (job, "blockalign", "%" G_GINT64_FORMAT, grain);
  kv (job, "norandommap", "1");
  if (g_str_equal (mode, "read"))
    kv (job, "rw", "randread");
  else if (g_str_equal (mode, "write"))
    kv (job, "rw", "randwrite");
  else
    {
      kv (job, "rw", "randrw");
      kv (job, "rwmixread", "%" G_GINT64_FORMAT, read_percent);
    }
  if (!g_str_equal (mode, "read"))
    {
      /* the file is laid down before the first point; the fdatasync after
       * a point's last completion is inside its time */
      kv (job, "overwrite", "1");
      kv (job, "end_fsync", "1");
    }
  if (!threads)
    {
      kv (job, "fixedbufs", "1");
      kv (job, "registerfiles", "1");
    }
  runtime (job, seconds);
  for (guint i = 0; i < depths->len; i++)
    {
      gint64 qd = g_array_index (depths, gint64, i);

      section (job, "qd%" G_GINT64_FORMAT, qd);
      if (threads)
        {
          kv (job, "numjobs", "%" G_GINT64_FORMAT, qd);
          kv (job, "iodepth", "1");
        }
      else
        {
          /* the test submits every refill of a batch of completions in
           * one io_uring_enter and reaps whatever is ready */
          kv (job, "iodepth", "%" G_GINT64_FORMAT, qd);
          kv (job, "iodepth_batch_submit", "%" G_GINT64_FORMAT, qd);
          kv (job, "iodepth_batch_complete_min", "1");
          kv (job, "iodepth_batch_complete_max", "%" G_GINT64_FORMAT, qd);
        }
      /* the test deletes its file at the end */
      if (i == depths->len - 1)
        kv (job, "unlink", "1");
    }
  return TRUE;
}

/* threads: per thread count T, T threads each going over a file of its
 * own, pass after pass, for the seconds of the point. */
static gboolean
build_threads (Job            *job,
               VolDataPattern  pattern,
               VolCacheBypass  bypass,
               const char     *directory)
{
  gint64 file_size, block, flush_requests = 100;
  double seconds;
  const char *mode, *flush;
  g_autoptr(GArray) counts = NULL;
  gboolean writes, reads;

  if (!get_int (job, "bytes-per-thread", "bytes-per-thread", &file_size)
      || !get_int (job, "block", "block", &block)
      || !get_double (job, "seconds", &seconds))
    return FALSE;
  /* Results made before the flush parameter existed flushed after every
   * pass: that is what they did. */
  if ((mode = get_string (job, "mode", NULL)) == NULL
      || (flush = get_string (job, "flush", "pass")) == NULL
      || (counts = get_list (job, "threads")) == NULL)
    return FALSE;
  if (g_str_equal (flush, "requests") && !get_int (job, NULL, "flush-requests", &flush_requests))
    return FALSE;
  if (job->resolved == NULL)
    file_size = MAX (file_size / MiB_I, 1) * MiB_I;
  block = MIN (block, file_size);
  writes = g_str_equal (mode, "seqwr") || g_str_equal (mode, "rndwr") || g_str_equal (mode, "rndrw");
  reads = !g_str_equal (mode, "seqwr") && !g_str_equal (mode, "rndwr");

  header (job, pattern, bypass, directory, "psync",
          "Per thread count T: T threads, each going over a file of its own pass after pass, for the seconds of the point.");
  /* thread i's file; kept from point to point, as the test keeps them */
  kv (job, "filename_format", "thread-$jobnum.dat");
  kv (job, "size", "%" G_GINT64_FORMAT, file_size);
  kv (job, "bs", "%" G_GINT64_FORMAT, block);
  if (g_str_equal (mode, "seqwr"))
    kv (job, "rw", "write");
  else if (g_str_equal (mode, "seqrd"))
    kv (job, "rw", "read");
  else if (g_str_equal (mode, "rndwr"))
    kv (job, "rw", "randwrite");
  else if (g_str_equal (mode, "rndrd"))
    kv (job, "rw", "randread");
  else
    {
      kv (job, "rw", "randrw");
      kv (job, "rwmixread", "50");
    }
  if (!g_str_has_prefix (mode, "seq"))
    kv (job, "norandommap", "1");
  if (writes)
    {
      gint64 per_pass = file_size / block;

      /* reads need nothing: fio lays a missing file down before reading */
      kv (job, "overwrite", "1");
      if (g_str_equal (flush, "pass"))
        /* a pass of rndrw is half writes (even odds) */
        kv (job, "fdatasync", "%" G_GINT64_FORMAT,
            MAX (reads ? per_pass / 2 : per_pass, 1));
      else if (g_str_equal (flush, "requests"))
        kv (job, "fdatasync", "%" G_GINT64_FORMAT, flush_requests);
      /* every policy ends the point durable, inside its time */
      kv (job, "end_fsync", "1");
    }
  runtime (job, seconds);
  for (guint i = 0; i < counts->len; i++)
    {
      gint64 t = g_array_index (counts, gint64, i);

      section (job, "threads-%" G_GINT64_FORMAT, t);
      kv (job, "numjobs", "%" G_GINT64_FORMAT, t);
      /* the test deletes its files at the end; fio can only delete those
       * of the last point's jobs (all of them when the counts ascend) */
      if (i == counts->len - 1)
        kv (job, "unlink", "1");
    }
  return TRUE;
}

/* fill: N equal files written fresh, each flushed before the next, then
 * every file read back; deleted at the end. */
static gboolean
build_fill (Job            *job,
            VolDataPattern  pattern,
            VolCacheBypass  bypass,
            const char     *directory)
{
  gint64 files, file_size, chunk;

  if (!get_int (job, "files", "files", &files) || !get_int (job, "chunk", "chunk", &chunk))
    return FALSE;
  if (job->resolved == NULL)
    {
      gint64 max_bytes;
      /* the size comes from the free space at run time; without a run
       * only a maximum says how much */
      if (!opt_int (job, NULL, "max-bytes", &max_bytes))
        {
          g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
                       _("fill: the file size comes from the free space of a run; give --max-bytes, or use the run's result file"));
          return FALSE;
        }
      file_size = max_bytes / files / MiB_I * MiB_I;
      if (file_size == 0)
        {
          g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
                       _("fill: max-bytes spread over %u files is less than 1 MiB per file"), (guint) files);
          return FALSE;
        }
    }
  else if (!get_int (job, "file-size", NULL, &file_size))
    return FALSE;
  chunk = MIN (chunk, file_size);

  header (job, pattern, bypass, directory, "psync",
          "N equal files written fresh in order, each flushed before the next; then every file read back.");
  kv (job, "nrfiles", "%" G_GINT64_FORMAT, files);
  kv (job, "filesize", "%" G_GINT64_FORMAT, file_size);
  kv (job, "filename_format", "fill-$filenum.dat");
  kv (job, "file_service_type", "sequential");
  kv (job, "bs", "%" G_GINT64_FORMAT, chunk);
  /* fio otherwise lays out every job's files before the first job runs:
   * the read job's would be written once before the timed writes, which
   * would then be overwrites (the device saw twice the bytes) */
  kv (job, "create_serialize", "0");
  section (job, "write");
  kv (job, "rw", "write");
  /* written fresh, as the test creates each file: no preallocation, no
   * layout before the timed writes */
  kv (job, "create_on_open", "1");
  kv (job, "fallocate", "none");
  kv (job, "fsync_on_close", "1");
  section (job, "read");
  kv (job, "rw", "read");
  kv (job, "unlink", "1");
  return TRUE;
}

/* quick: one file of the test size laid down; per mode (reads, then
 * writes, then the 70 % mix), a warm-up of the first row, then per loop
 * every row of the profile for the seconds of a measurement: QD I/Os in
 * flight on each of T threads (sequential rows from the file's start,
 * wrapping; random rows 4 KiB-aligned anywhere in it); the writes'
 * fdatasync inside the time. */
static gboolean
build_quick (Job            *job,
             VolDataPattern  pattern,
             VolCacheBypass  bypass,
             const char     *io_backend,
             const char     *directory)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  gint64 size, loops;
  double seconds, pause = 0;
  const char *profile, *backend;
  gboolean threads, mix = FALSE;
  const VolQuickRow *rows;
  guint n_rows;

  if (!get_int (job, "size", "size", &size) || !get_int (job, NULL, "loops", &loops)
      || !get_double (job, "seconds", &seconds))
    return FALSE;
  if ((profile = get_string (job, "profile", "standard")) == NULL
      || (backend = get_string (job, "backend", "auto")) == NULL)
    return FALSE;
  {
    g_autoptr(GVariant) v = lookup (job, NULL, "mix");
    if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN))
      mix = g_variant_get_boolean (v);
    g_clear_pointer (&v, g_variant_unref);
    v = lookup (job, NULL, "pause");
    if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE))
      pause = g_variant_get_double (v);
  }
  if (job->resolved == NULL)
    size -= size % MiB_I;
  rows = vol_quick_profile_rows (profile, &n_rows);
  threads = io_backend != NULL ? g_str_equal (io_backend, "threads") : g_str_equal (backend, "threads");
  header (job, pattern, bypass, directory, threads ? "psync" : "io_uring",
          threads ? "One file; per mode and loop, every row of the profile: QD x T threads, each keeping one pread/pwrite in flight."
                  : "One file; per mode and loop, every row of the profile: T threads, each keeping QD I/Os in flight through io_uring.");
  kv (job, "filename", "quick.dat");
  kv (job, "size", "%" G_GINT64_FORMAT, size);
  /* laid down before the first measurement, as the test's file is */
  kv (job, "overwrite", "1");
  kv (job, "norandommap", "1");
  if (!threads)
    {
      kv (job, "fixedbufs", "1");
      kv (job, "registerfiles", "1");
    }
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      if (modes[m] == VOL_QUICK_MIX_READ_PERCENT && !mix)
        continue;
      for (gint64 loop = -1; loop < loops; loop++)
        for (guint r = 0; r < (loop < 0 ? 1 : n_rows); r++)
          {
            const VolQuickRow *row = &rows[r];
            g_autofree char *title = vol_quick_row_title (row);
            const char *word = vol_quick_mode_word (modes[m]);

            g_strdelimit (title, " ", '-');
            if (loop < 0)
              section (job, "warm-up-%s", word);
            else
              section (job, "%s-%s-%" G_GINT64_FORMAT, title, word, loop + 1);
            if (modes[m] == 100)
              kv (job, "rw", row->sequential ? "read" : "randread");
            else if (modes[m] == 0)
              kv (job, "rw", row->sequential ? "write" : "randwrite");
            else
              {
                kv (job, "rw", row->sequential ? "rw" : "randrw");
                kv (job, "rwmixread", "%u", modes[m]);
              }
            kv (job, "bs", "%u", row->block);
            kv (job, "blockalign", "%u", (row->block + 4095) / 4096 * 4096);
            runtime (job, loop < 0 ? MIN (seconds, 2.0) : seconds);
            if (loop >= 0 && pause > 0)
              kv (job, "startdelay", "%.0fms", pause * 1000.0);
            if (threads)
              {
                kv (job, "numjobs", "%u", row->threads * row->depth);
                kv (job, "iodepth", "1");
              }
            else
              {
                kv (job, "numjobs", "%u", row->threads);
                kv (job, "iodepth", "%u", row->depth);
                kv (job, "iodepth_batch_submit", "%u", row->depth);
                kv (job, "iodepth_batch_complete_min", "1");
                kv (job, "iodepth_batch_complete_max", "%u", row->depth);
              }
            if (row->sequential && (threads ? row->threads * row->depth : row->threads) > 1)
              {
                /* each thread's stream in its share of the file (the
                 * test's begin there too, and wrap at the file's end) */
                guint n = threads ? row->threads * row->depth : row->threads;
                kv (job, "offset_increment", "%" G_GINT64_FORMAT, size / n / MiB_I * MiB_I);
                kv (job, "size", "%" G_GINT64_FORMAT, size / n / MiB_I * MiB_I);
              }
            if (modes[m] != 100)
              kv (job, "end_fsync", "1");
          }
    }
  kv (job, "unlink", "1");
  return TRUE;
}

/* surface: the device read where the run read it, nothing written: N
 * reads of S bytes, step apart from offset 0 (rw=read:SKIP skips step − S
 * after each), each timed (the latency log: per position, S / clat);
 * then M reads of one grain at random offsets over the device. The
 * untimed one-grain read before each position (the seek) has no fio
 * equivalent and is left out: fio's first read at a position pays it. */
static gboolean
build_surface (Job *job)
{
  g_autoptr(GVariant) device = job->resolved ? g_variant_lookup_value (job->resolved, "device", G_VARIANT_TYPE_STRING)
                                             : NULL;
  gint64 size, sample, samples, access, grain, step;

  if (device == NULL)
    {
      g_set_error (job->error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
                   _("surface: the positions come from the device's size; use the run's result file"));
      return FALSE;
    }
  if (!get_int (job, "device-size", NULL, &size) || !get_int (job, "sample-size", "sample-size", &sample)
      || !get_int (job, NULL, "samples", &samples) || !get_int (job, NULL, "access", &access)
      || !get_int (job, "grain", NULL, &grain))
    return FALSE;
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "device", g_variant_get_string (device, NULL), job->error))
    return FALSE;
  step = vol_surface_step ((guint64) size, (guint64) sample, (guint) samples, (guint) grain);
  g_string_append_printf (job->out,
                          "; The work of Volumeter's “surface” test, for fio (made by volumeter-cli fio-job).\n"
                          "; Reads only: %" G_GINT64_FORMAT " positions %" G_GINT64_FORMAT " bytes apart, "
                          "then %" G_GINT64_FORMAT " random reads; per-read times in the latency logs.\n"
                          "; Deliberate differences: docs/tests/surface.md, “The same work in fio”.\n"
                          "; Run it as fio --readonly JOB: fio then refuses any write to the device.\n"
                          "%s",
                          samples, step, access,
                          job->huge_pages ? "; iomem=shmhuge needs huge pages reserved first, e.g. echo 256 | sudo tee /proc/sys/vm/nr_hugepages\n" : "");
  g_string_append (job->out, "[global]\n");
  kv (job, "filename", "%s", g_variant_get_string (device, NULL));
  kv (job, "ioengine", "psync");
  kv (job, "direct", "1");
  if (job->huge_pages)
    {
      /* buffers on 2 MiB pages as the test's: a read is as few requests
       * as the device takes, not one per 128 pages */
      kv (job, "iomem", "shmhuge");
      kv (job, "hugepage-size", "2m");
    }
  kv (job, "group_reporting", "1");
  /* every read in the logs, with its offset, not averages */
  kv (job, "log_avg_msec", "0");
  kv (job, "log_offset", "1");
  if (step >= sample)
    {
      /* one job: a read, then a skip to the next position */
      section (job, "transfer");
      if (step > sample)
        kv (job, "rw", "read:%" G_GINT64_FORMAT, step - sample);
      else
        kv (job, "rw", "read");
      kv (job, "bs", "%" G_GINT64_FORMAT, sample);
      kv (job, "offset", "0");
      kv (job, "size", "%" G_GINT64_FORMAT, size);
      kv (job, "number_ios", "%" G_GINT64_FORMAT, samples);
      kv (job, "write_lat_log", "surface-transfer");
    }
  else
    /* positions closer than a read (a small device, many positions):
     * fio cannot skip backwards, so a section per position, in order */
    for (gint64 i = 0; i < samples; i++)
      {
        section (job, "transfer-%" G_GINT64_FORMAT, i);
        kv (job, "rw", "read");
        kv (job, "bs", "%" G_GINT64_FORMAT, sample);
        kv (job, "offset", "%" G_GINT64_FORMAT, i * step);
        kv (job, "size", "%" G_GINT64_FORMAT, sample);
        kv (job, "write_lat_log", "surface-transfer");
      }
  if (access > 0)
    {
      section (job, "access");
      kv (job, "rw", "randread");
      kv (job, "bs", "%" G_GINT64_FORMAT, grain);
      kv (job, "size", "%" G_GINT64_FORMAT, size);
      kv (job, "norandommap", "1");
      kv (job, "randrepeat", "0");
      kv (job, "number_ios", "%" G_GINT64_FORMAT, access);
      kv (job, "write_lat_log", "surface-access");
    }
  return TRUE;
}

/**
 * vol_fio_job_build:
 * @params: the test's parameters, a{sv}, every one set
 * @resolved: (nullable): the run's resolved values, or NULL before a run
 * @io_backend: (nullable): the backend a run used ("threads"), or NULL
 * @io_buffers: the buffers a run had, or VOL_IO_BUFFERS_UNKNOWN for what a
 *   run asks for (huge pages)
 * @directory: where fio puts its files (the folder the test ran in)
 *
 * Returns: (transfer full): the job file's text, or NULL with
 * VOL_FIO_JOB_ERROR_UNSUPPORTED for a test fio cannot do.
 */
char *
vol_fio_job_build (const char      *kind,
                   GVariant        *params,
                   GVariant        *resolved,
                   VolDataPattern   pattern,
                   VolCacheBypass   bypass,
                   const char      *io_backend,
                   VolIoBuffers     io_buffers,
                   const char      *directory,
                   GError         **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  Job job = { kind, params, resolved,
              io_buffers == VOL_IO_BUFFERS_UNKNOWN || io_buffers == VOL_IO_BUFFERS_HUGE_PAGES, out, error };
  gboolean ok;

  g_return_val_if_fail (kind != NULL && directory != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* the last guard: whatever the caller checked, no text of a file or a
   * field goes into a job unless fio would read it as that text */
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "directory", directory, error))
    return NULL;

  if (g_str_equal (kind, "smallfiles"))
    {
      g_set_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_UNSUPPORTED,
                   _("smallfiles: fio has no mix of creates, deletes, reads and appends on a pool of files; PostMark does that work (bench/vs-peers.sh)"));
      return NULL;
    }
  if (g_str_equal (kind, "cached"))
    {
      g_set_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_UNSUPPORTED,
                   _("cached: the test reads the device's block file through the page cache and then around it; hdparm -T and -t do that work (bench/vs-peers.sh)"));
      return NULL;
    }

  if (g_str_equal (kind, "quick"))
    ok = build_quick (&job, pattern, bypass, io_backend, directory);
  else if (g_str_equal (kind, "surface"))
    ok = build_surface (&job);
  else if (g_str_equal (kind, "transfer"))
    ok = build_transfer (&job, pattern, bypass, directory);
  else if (g_str_equal (kind, "random"))
    ok = build_random (&job, pattern, bypass, directory);
  else if (g_str_equal (kind, "queue"))
    ok = build_queue (&job, pattern, bypass, io_backend, directory);
  else if (g_str_equal (kind, "threads"))
    ok = build_threads (&job, pattern, bypass, directory);
  else if (g_str_equal (kind, "fill"))
    ok = build_fill (&job, pattern, bypass, directory);
  else
    {
      g_set_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_UNSUPPORTED,
                   _("%s: there is no fio job for this kind of test"), kind);
      return NULL;
    }
  if (!ok)
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * vol_fio_job_for_result:
 * @directory: (nullable): where fio puts its files; NULL for the folder
 *   the run tested
 *
 * The job that does what the run did, with its resolved sizes.
 */
char *
vol_fio_job_for_result (const VolResult *result,
                        const char      *directory,
                        GError         **error)
{
  if (directory == NULL)
    {
      directory = result->target != NULL ? result->target->path : NULL;
      /* named as the result names it, so the message points at the file */
      if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "target.path", directory, error))
        return NULL;
    }
  if (directory == NULL)
    {
      g_set_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM,
                   _("The result names no target folder; give the folder for fio's files"));
      return NULL;
    }
  /* A remote run's result keeps the job it sent, but that text is the
   * file's: it is made again, from the test's parameters, as the run made
   * it (vol_fio_job_for_hosts()). */
  if (result->resolved != NULL && g_variant_lookup (result->resolved, "remote-host", "&s", NULL))
    return vol_fio_job_for_hosts (result->kind, result->params, result->pattern, directory, error);
  return vol_fio_job_build (result->kind, result->params, result->resolved, result->pattern,
                            result->cache_bypass, result->io_backend, result->io_buffers,
                            directory, error);
}

/**
 * vol_fio_job_for_hosts:
 * @directory: the folder on the hosts
 *
 * The job a remote run sends to fio servers (engine/vol-remote.c): the
 * sizes as asked (a host's free space is not ours to know), O_DIRECT, and
 * buffers on ordinary pages (a host's huge pages are not ours to reserve).
 */
char *
vol_fio_job_for_hosts (const char      *kind,
                       GVariant        *params,
                       VolDataPattern   pattern,
                       const char      *directory,
                       GError         **error)
{
  return vol_fio_job_build (kind, params, NULL, pattern, VOL_CACHE_BYPASS_DIRECT, NULL,
                            VOL_IO_BUFFERS_PAGES, directory, error);
}
