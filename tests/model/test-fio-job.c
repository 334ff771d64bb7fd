/* test-fio-job.c — a test's work as a fio job: the options that make it
 * the same work
 *
 * Each case builds a job from parameters (and resolved values, as a
 * result has them) and reads the options back per section, the way fio
 * reads its ini file. tests/cli/test-fio-job.sh runs produced jobs with the
 * real fio.
 */
#include <string.h>

#include <glib.h>

#include "vol-fio-job.h"

/* The value of `key` in [section] (or [global]), the last one given;
 * NULL when the section does not set it. */
static char *
job_value (const char *job,
           const char *section,
           const char *key)
{
  g_auto(GStrv) lines = g_strsplit (job, "\n", -1);
  g_autofree char *want = g_strdup_printf ("[%s]", section);
  g_autofree char *prefix = g_strdup_printf ("%s=", key);
  gboolean inside = FALSE;
  char *value = NULL;

  for (guint i = 0; lines[i]; i++)
    {
      const char *line = lines[i];
      if (line[0] == '[')
        inside = g_str_equal (line, want);
      else if (inside && g_str_has_prefix (line, prefix))
        {
          g_free (value);
          value = g_strdup (line + strlen (prefix));
        }
      else if (inside && g_str_equal (line, key))
        {
          g_free (value);
          value = g_strdup ("");
        }
    }
  return value;
}

#define assert_opt(job, section, key, expected) \
  G_STMT_START { \
    g_autofree char *v_ = job_value ((job), (section), (key)); \
    if (g_strcmp0 (v_, (expected)) != 0) \
      g_error ("[%s] %s: got %s, expected %s\n%s", (section), (key), v_ ? v_ : "(unset)", \
               (expected) ? (expected) : "(unset)", (job)); \
  } G_STMT_END

static guint
count_sections (const char *job)
{
  g_auto(GStrv) lines = g_strsplit (job, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i]; i++)
    if (lines[i][0] == '[' && !g_str_equal (lines[i], "[global]"))
      n++;
  return n;
}

static GVariant *
dict (const char *text)
{
  g_autoptr(GError) error = NULL;
  GVariant *v = g_variant_parse (G_VARIANT_TYPE_VARDICT, text, NULL, NULL, &error);

  g_assert_no_error (error);
  return v;  /* g_variant_parse() returns a full reference, not a floating one */
}

static char *
build (const char     *kind,
       const char     *params,
       const char     *resolved,
       VolDataPattern  pattern,
       VolCacheBypass  bypass,
       const char     *backend)
{
  g_autoptr(GVariant) p = dict (params);
  g_autoptr(GVariant) r = resolved ? dict (resolved) : NULL;
  g_autoptr(GError) error = NULL;
  char *job = vol_fio_job_build (kind, p, r, pattern, bypass, backend, VOL_IO_BUFFERS_UNKNOWN, "/mnt/vol", &error);

  g_assert_no_error (error);
  g_assert_nonnull (job);
  return job;
}

#define TRANSFER "{'from': <int64 4096>, 'to': <int64 8192>, 'region': <int64 1073741824>, 'iterations': <int64 2>}"

static void
test_transfer (void)
{
  /* the run fitted the region to 64 MiB: the job moves what it moved */
  g_autofree char *job = build ("transfer", TRANSFER, "{'region': <int64 67108864>, 'iterations': <int64 2>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "sync");

  g_assert_cmpuint (count_sections (job), ==, 2 * 2 * 2);
  assert_opt (job, "global", "directory", "/mnt/vol");
  assert_opt (job, "global", "ioengine", "psync");
  assert_opt (job, "global", "direct", "1");
  assert_opt (job, "global", "scramble_buffers", "1");
  assert_opt (job, "global", "randrepeat", "0");
  assert_opt (job, "write-4096-0", "stonewall", "");
  assert_opt (job, "write-4096-0", "filename", "transfer-4096.dat");
  assert_opt (job, "write-4096-0", "rw", "write");
  assert_opt (job, "write-4096-0", "bs", "4096");
  assert_opt (job, "write-4096-0", "size", "67108864");
  /* every timed write an overwrite of a laid-down file, flushed inside */
  assert_opt (job, "write-4096-0", "overwrite", "1");
  assert_opt (job, "write-4096-0", "end_fsync", "1");
  assert_opt (job, "read-4096-0", "rw", "read");
  assert_opt (job, "read-4096-0", "end_fsync", NULL);
  /* deleted after its last iteration only */
  assert_opt (job, "read-4096-0", "unlink", NULL);
  assert_opt (job, "read-4096-1", "unlink", "1");
  assert_opt (job, "write-8192-1", "filename", "transfer-8192.dat");
  assert_opt (job, "write-8192-1", "bs", "8192");
  g_assert_null (strstr (job, "Sizes as asked"));
}

static void
test_transfer_asked (void)
{
  /* before a run: the region as prepare() rounds it, and the job says so */
  g_autofree char *job = build ("transfer",
                                "{'from': <int64 4096>, 'to': <int64 4194304>, 'region': <int64 10485760>, 'iterations': <int64 1>}",
                                NULL, VOL_DATA_PATTERN_ZEROS, VOL_CACHE_BYPASS_DIRECT, NULL);

  assert_opt (job, "write-4096-0", "size", "8388608");
  assert_opt (job, "global", "zero_buffers", "1");
  assert_opt (job, "global", "scramble_buffers", "0");
  g_assert_nonnull (strstr (job, "Sizes as asked"));
}

static void
test_random (void)
{
  g_autofree char *job = build ("random",
                                "{'chunk': <int64 32768>, 'ios': <int64 16384>, 'iterations': <int64 1>, 'file-size': <int64 8589934592>,"
                                " 'count-sweep': <[int64 100, 1000]>}",
                                "{'file-size': <int64 104857600>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "sync");

  g_assert_cmpuint (count_sections (job), ==, 4);
  assert_opt (job, "global", "filename", "random.dat");
  assert_opt (job, "global", "size", "104857600");
  assert_opt (job, "global", "bs", "32768");
  /* draws with replacement, as the test's */
  assert_opt (job, "global", "norandommap", "1");
  assert_opt (job, "write-100-1", "rw", "randwrite");
  assert_opt (job, "write-100-1", "number_ios", "100");
  assert_opt (job, "write-100-1", "io_size", "3276800");
  assert_opt (job, "write-100-1", "end_fsync", "1");
  assert_opt (job, "read-1000-1", "rw", "randread");
  assert_opt (job, "read-1000-1", "number_ios", "1000");
  assert_opt (job, "read-100-1", "unlink", NULL);
  assert_opt (job, "read-1000-1", "unlink", "1");
}

static void
test_random_ios (void)
{
  g_autofree char *job = build ("random",
                                "{'chunk': <int64 4096>, 'ios': <int64 500>, 'iterations': <int64 3>, 'file-size': <int64 1048576>}",
                                NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL);

  g_assert_cmpuint (count_sections (job), ==, 6);
  assert_opt (job, "write-500-3", "number_ios", "500");
  /* more I/Os than chunks in the file: fio must not stop at the file's end */
  assert_opt (job, "write-500-3", "io_size", "2048000");
}

#define QUEUE "{'block': <int64 4096>, 'span': <int64 8589934592>, 'depths': <[int64 1, 32]>, 'mode': <'read'>," \
              " 'read-percent': <int64 70>, 'alignment': <'%s'>, 'seconds': <%s>, 'backend': <'%s'>}"

static void
test_queue_uring (void)
{
  g_autofree char *params = g_strdup_printf (QUEUE, "4k", "5.0", "auto");
  g_autofree char *job = build ("queue", params,
                                "{'span': <int64 1073741824>, 'grain': <int64 4096>, 'offset-shift': <int64 0>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "io_uring");

  g_assert_cmpuint (count_sections (job), ==, 2);
  assert_opt (job, "global", "ioengine", "io_uring");
  assert_opt (job, "global", "filename", "queue.dat");
  assert_opt (job, "global", "size", "1073741824");
  assert_opt (job, "global", "offset", NULL);
  assert_opt (job, "global", "blockalign", "4096");
  assert_opt (job, "global", "rw", "randread");
  assert_opt (job, "global", "fixedbufs", "1");
  assert_opt (job, "global", "registerfiles", "1");
  assert_opt (job, "global", "time_based", "1");
  assert_opt (job, "global", "runtime", "5");
  /* reads: no flush, nothing to lay down by hand */
  assert_opt (job, "global", "end_fsync", NULL);
  assert_opt (job, "qd32", "iodepth", "32");
  assert_opt (job, "qd32", "iodepth_batch_submit", "32");
  assert_opt (job, "qd32", "iodepth_batch_complete_min", "1");
  assert_opt (job, "qd32", "iodepth_batch_complete_max", "32");
  assert_opt (job, "qd1", "iodepth", "1");
  assert_opt (job, "qd1", "unlink", NULL);
  assert_opt (job, "qd32", "unlink", "1");
}

static void
test_queue_offset512_threads (void)
{
  /* asked for io_uring, but the run fell back to threads: the job does
   * what ran */
  g_autofree char *params = g_strdup_printf (QUEUE, "offset512", "2.5", "auto");
  g_autofree char *job = build ("queue", params,
                                "{'span': <int64 1048576>, 'grain': <int64 4096>, 'offset-shift': <int64 512>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "threads");

  assert_opt (job, "global", "ioengine", "psync");
  /* offsets 512 + k · 4096, inside the file of the span */
  assert_opt (job, "global", "offset", "512");
  assert_opt (job, "global", "size", "1048064");
  assert_opt (job, "global", "blockalign", "4096");
  assert_opt (job, "global", "fixedbufs", NULL);
  assert_opt (job, "global", "runtime", "2500ms");
  assert_opt (job, "qd32", "numjobs", "32");
  assert_opt (job, "qd32", "iodepth", "1");
  assert_opt (job, "qd32", "iodepth_batch_submit", NULL);
}

static void
test_queue_write_mix (void)
{
  const char *write_params = "{'block': <int64 6144>, 'span': <int64 8589934592>, 'depths': <[int64 1, 32]>,"
                             " 'mode': <'write'>, 'read-percent': <int64 70>, 'alignment': <'4k'>,"
                             " 'seconds': <1.0>, 'backend': <'threads'>}";
  g_autofree char *mix_params = g_strdup_printf (QUEUE, "4k", "1.0", "auto");
  g_autofree char *job = build ("queue", write_params, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL);
  g_autofree char *mix = NULL;
  char *at = strstr (mix_params, "'read'");

  /* the backend asked for, before a run */
  assert_opt (job, "global", "ioengine", "psync");
  assert_opt (job, "global", "rw", "randwrite");
  /* the grain: the block rounded up to 4 KiB */
  assert_opt (job, "global", "blockalign", "8192");
  assert_opt (job, "global", "bs", "6144");
  assert_opt (job, "global", "overwrite", "1");
  assert_opt (job, "global", "end_fsync", "1");

  memcpy (at, "'mix' ", 6);
  mix = build ("queue", mix_params, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL);
  assert_opt (mix, "global", "ioengine", "io_uring");
  assert_opt (mix, "global", "rw", "randrw");
  assert_opt (mix, "global", "rwmixread", "70");
  assert_opt (mix, "global", "end_fsync", "1");
}

#define THREADS "{'threads': <[int64 1, 4]>, 'bytes-per-thread': <int64 268435456>, 'mode': <'%s'>," \
                " 'block': <int64 1048576>, 'seconds': <4.0>%s}"

static char *
threads_job (const char *mode,
             const char *extra)
{
  g_autofree char *params = g_strdup_printf (THREADS, mode, extra);

  return build ("threads", params, "{'bytes-per-thread': <int64 134217728>, 'block': <int64 1048576>}",
                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "threads");
}

static void
test_threads_flush (void)
{
  g_autofree char *end = threads_job ("seqwr", ", 'flush': <'end'>");
  g_autofree char *pass = threads_job ("seqwr", ", 'flush': <'pass'>");
  g_autofree char *requests = threads_job ("rndwr", ", 'flush': <'requests'>, 'flush-requests': <int64 100>");
  g_autofree char *before = threads_job ("seqwr", "");
  g_autofree char *mixed = threads_job ("rndrw", ", 'flush': <'pass'>");
  g_autofree char *reads = threads_job ("seqrd", ", 'flush': <'end'>");

  g_assert_cmpuint (count_sections (end), ==, 2);
  assert_opt (end, "global", "ioengine", "psync");
  assert_opt (end, "global", "filename_format", "thread-$jobnum.dat");
  assert_opt (end, "global", "size", "134217728");
  assert_opt (end, "global", "bs", "1048576");
  assert_opt (end, "global", "rw", "write");
  assert_opt (end, "global", "overwrite", "1");
  assert_opt (end, "global", "runtime", "4");
  assert_opt (end, "threads-1", "numjobs", "1");
  assert_opt (end, "threads-4", "numjobs", "4");
  assert_opt (end, "threads-4", "unlink", "1");
  /* end: one flush at the end of the point (fio's end_fsync) */
  assert_opt (end, "global", "end_fsync", "1");
  assert_opt (end, "global", "fdatasync", NULL);
  /* pass: a flush per 128 MiB pass of 1 MiB writes */
  assert_opt (pass, "global", "fdatasync", "128");
  assert_opt (pass, "global", "end_fsync", "1");
  /* requests: every N writes, as sysbench's file-fsync-freq */
  assert_opt (requests, "global", "fdatasync", "100");
  assert_opt (requests, "global", "rw", "randwrite");
  assert_opt (requests, "global", "norandommap", "1");
  /* a result from before the choice flushed after every pass */
  assert_opt (before, "global", "fdatasync", "128");
  /* a pass of rndrw is half writes */
  assert_opt (mixed, "global", "rw", "randrw");
  assert_opt (mixed, "global", "rwmixread", "50");
  assert_opt (mixed, "global", "fdatasync", "64");
  /* reads flush nothing */
  assert_opt (reads, "global", "rw", "read");
  assert_opt (reads, "global", "end_fsync", NULL);
  assert_opt (reads, "global", "fdatasync", NULL);
  assert_opt (reads, "global", "norandommap", NULL);
}

static void
test_fill (void)
{
  const char *params = "{'files': <int64 64>, 'chunk': <int64 33554432>, 'reserve': <2.0>}";
  g_autofree char *job = build ("fill", params,
                                "{'files': <int64 64>, 'file-size': <int64 16777216>, 'chunk': <int64 16777216>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "sync");
  g_autoptr(GVariant) p = dict (params);
  g_autoptr(GError) error = NULL;
  g_autofree char *none = NULL;

  g_assert_cmpuint (count_sections (job), ==, 2);
  assert_opt (job, "global", "nrfiles", "64");
  assert_opt (job, "global", "filesize", "16777216");
  assert_opt (job, "global", "bs", "16777216");
  assert_opt (job, "global", "filename_format", "fill-$filenum.dat");
  assert_opt (job, "global", "file_service_type", "sequential");
  /* no file laid out before the write job */
  assert_opt (job, "global", "create_serialize", "0");
  assert_opt (job, "write", "rw", "write");
  /* written fresh, flushed file by file */
  assert_opt (job, "write", "create_on_open", "1");
  assert_opt (job, "write", "fallocate", "none");
  assert_opt (job, "write", "fsync_on_close", "1");
  assert_opt (job, "read", "rw", "read");
  assert_opt (job, "read", "unlink", "1");

  /* before a run, only max-bytes says how big the files are */
  none = vol_fio_job_build ("fill", p, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL, VOL_IO_BUFFERS_UNKNOWN,
                            "/mnt/vol", &error);
  g_assert_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM);
  g_assert_null (none);
  g_assert_nonnull (strstr (error->message, "max-bytes"));
}

/* surface: the same offsets (rw=read:SKIP with the engine's step), each
 * read logged with its offset, read-only on the device; before a run
 * there is no device size, so no job. */
static void
test_surface (void)
{
  const char *params = "{'samples': <int64 200>, 'sample-size': <int64 8388608>, 'access': <int64 1000>, "
                       "'whole-disk': <false>}";
  /* 4 GiB: step = (2^32 − 8 MiB) / 199 rounded down to 4 KiB = 21536768, 13148160 past a read */
  g_autofree char *job = build ("surface", params,
                                "{'device': <'/dev/loop7'>, 'device-size': <int64 4294967296>, "
                                "'grain': <int64 4096>, 'sample-size': <int64 8388608>}",
                                VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "sync");
  g_autoptr(GVariant) p = dict (params);
  g_autoptr(GError) error = NULL;
  g_autofree char *none = NULL;

  g_assert_cmpuint (count_sections (job), ==, 2);
  assert_opt (job, "global", "filename", "/dev/loop7");
  /* fio 3.33 takes --readonly on its command line only: the job says so */
  g_assert_nonnull (strstr (job, "fio --readonly"));
  assert_opt (job, "global", "direct", "1");
  assert_opt (job, "global", "log_offset", "1");
  assert_opt (job, "global", "directory", NULL);
  assert_opt (job, "transfer", "rw", "read:13148160");
  assert_opt (job, "transfer", "bs", "8388608");
  assert_opt (job, "transfer", "offset", "0");
  assert_opt (job, "transfer", "number_ios", "200");
  assert_opt (job, "access", "rw", "randread");
  assert_opt (job, "access", "bs", "4096");
  assert_opt (job, "access", "number_ios", "1000");
  g_assert_null (strstr (job, "write="));
  g_assert_null (strstr (job, "rw=write"));

  /* positions closer than a read (1 GiB, 200 × 8 MiB: they overlap): a
   * section per position at its offset, in order */
  {
    g_autofree char *close = build ("surface", params,
                                    "{'device': <'/dev/loop7'>, 'device-size': <int64 1073741824>, "
                                    "'grain': <int64 4096>, 'sample-size': <int64 8388608>}",
                                    VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, "sync");
    g_assert_cmpuint (count_sections (close), ==, 201);
    assert_opt (close, "transfer-0", "offset", "0");
    assert_opt (close, "transfer-1", "offset", "5353472");
    assert_opt (close, "transfer-199", "offset", "1065340928");
    assert_opt (close, "transfer-1", "size", "8388608");
    assert_opt (close, "transfer-1", "rw", "read");
  }

  none = vol_fio_job_build ("surface", p, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL,
                            VOL_IO_BUFFERS_UNKNOWN, "/mnt/vol", &error);
  g_assert_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM);
  g_assert_null (none);
}

static void
test_fill_max_bytes (void)
{
  g_autofree char *job = build ("fill",
                                "{'files': <int64 4>, 'chunk': <int64 33554432>, 'max-bytes': <int64 67108864>}",
                                NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL);

  assert_opt (job, "global", "filesize", "16777216");
  /* a chunk is never larger than the file */
  assert_opt (job, "global", "bs", "16777216");
}

static void
test_fadvise (void)
{
  /* a run the filesystem kept buffered: fio is told the same */
  g_autofree char *job = build ("transfer", TRANSFER, NULL, VOL_DATA_PATTERN_RANDOM,
                                VOL_CACHE_BYPASS_FADVISE, "sync");

  assert_opt (job, "global", "direct", "0");
  assert_opt (job, "global", "invalidate", "1");
}

static void
test_buffers (void)
{
  g_autoptr(GVariant) p = dict (TRANSFER);
  g_autoptr(GError) error = NULL;
  g_autofree char *asked = build ("transfer", TRANSFER, NULL, VOL_DATA_PATTERN_RANDOM,
                                  VOL_CACHE_BYPASS_DIRECT, "sync");
  g_autofree char *small = NULL;

  /* the test's buffers are huge pages: so are fio's, and the job says
   * what fio needs for them */
  assert_opt (asked, "global", "iomem", "shmhuge");
  assert_opt (asked, "global", "hugepage-size", "2m");
  g_assert_nonnull (strstr (asked, "nr_hugepages"));

  /* a run the kernel left on 4 KiB pages: fio's own buffers, the same */
  small = vol_fio_job_build ("transfer", p, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT,
                             "sync", VOL_IO_BUFFERS_PAGES, "/mnt/vol", &error);
  g_assert_no_error (error);
  g_assert_null (strstr (small, "iomem"));
  g_assert_null (strstr (small, "nr_hugepages"));
}

static void
test_unsupported (void)
{
  static const char *const kinds[] = { "smallfiles", "cached", "nonsense" };
  g_autoptr(GVariant) p = dict ("{}");

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *job = vol_fio_job_build (kinds[i], p, NULL, VOL_DATA_PATTERN_RANDOM,
                                                VOL_CACHE_BYPASS_DIRECT, NULL, VOL_IO_BUFFERS_UNKNOWN, "/mnt/vol", &error);
      g_assert_null (job);
      g_assert_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_UNSUPPORTED);
      g_assert_true (g_str_has_prefix (error->message, kinds[i]));
    }
}

static void
test_missing_param (void)
{
  g_autoptr(GVariant) p = dict ("{'from': <int64 4096>, 'to': <int64 8192>, 'iterations': <int64 1>}");
  g_autoptr(GError) error = NULL;
  g_autofree char *job = vol_fio_job_build ("transfer", p, NULL, VOL_DATA_PATTERN_RANDOM,
                                            VOL_CACHE_BYPASS_DIRECT, NULL, VOL_IO_BUFFERS_UNKNOWN, "/mnt/vol", &error);

  g_assert_null (job);
  g_assert_error (error, VOL_FIO_JOB_ERROR, VOL_FIO_JOB_ERROR_PARAM);
  g_assert_nonnull (strstr (error->message, "region"));
}

static void
test_for_result (void)
{
  g_autoptr(VolResult) result = vol_result_new ("threads");
  g_autoptr(GError) error = NULL;
  g_autofree char *job = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *params = g_strdup_printf (THREADS, "seqwr", ", 'flush': <'end'>");

  result->params = dict (params);
  result->resolved = dict ("{'bytes-per-thread': <int64 67108864>, 'block': <int64 1048576>}");
  result->pattern = VOL_DATA_PATTERN_ZEROS;
  result->target = vol_target_info_new ();
  result->target->path = g_strdup ("/srv/test");

  job = vol_fio_job_for_result (result, NULL, &error);
  g_assert_no_error (error);
  assert_opt (job, "global", "directory", "/srv/test");
  assert_opt (job, "global", "size", "67108864");
  assert_opt (job, "global", "zero_buffers", "1");
  /* fio reads ':' as a separator of folders: a colon in the name is escaped */
  moved = vol_fio_job_for_result (result, "/mnt/a:b", &error);
  g_assert_no_error (error);
  assert_opt (moved, "global", "directory", "/mnt/a\\:b");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/fio-job/transfer", test_transfer);
  g_test_add_func ("/vol/fio-job/transfer-asked", test_transfer_asked);
  g_test_add_func ("/vol/fio-job/random", test_random);
  g_test_add_func ("/vol/fio-job/random-ios", test_random_ios);
  g_test_add_func ("/vol/fio-job/queue-uring", test_queue_uring);
  g_test_add_func ("/vol/fio-job/queue-offset512-threads", test_queue_offset512_threads);
  g_test_add_func ("/vol/fio-job/queue-write-mix", test_queue_write_mix);
  g_test_add_func ("/vol/fio-job/threads-flush", test_threads_flush);
  g_test_add_func ("/vol/fio-job/fill", test_fill);
  g_test_add_func ("/vol/fio-job/fill-max-bytes", test_fill_max_bytes);
  g_test_add_func ("/vol/fio-job/surface", test_surface);
  g_test_add_func ("/vol/fio-job/fadvise", test_fadvise);
  g_test_add_func ("/vol/fio-job/buffers", test_buffers);
  g_test_add_func ("/vol/fio-job/unsupported", test_unsupported);
  g_test_add_func ("/vol/fio-job/missing-param", test_missing_param);
  g_test_add_func ("/vol/fio-job/for-result", test_for_result);
  return g_test_run ();
}
