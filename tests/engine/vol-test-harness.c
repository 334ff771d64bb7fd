/* vol-test-harness.c — what the real-volume tests share */
#include "vol-test-harness.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "vol-datapool.h"
#include "vol-io-counters.h"
#include "vol-scratch.h"

const char *th_test_dir;

/* Starts GTest and reads $VOL_TEST_DIR (and $VOL_TEST_FSTYPE when @fstype
 * is given), which with-volume.sh sets; FALSE, having said so, without. */
gboolean
th_init (int          *argc,
         char       ***argv,
         const char  **fstype)
{
  g_test_init (argc, argv, NULL);
  th_test_dir = g_getenv ("VOL_TEST_DIR");
  if (fstype)
    *fstype = g_getenv ("VOL_TEST_FSTYPE");
  if (th_test_dir == NULL || (fstype && *fstype == NULL))
    {
      g_printerr ("Run me through tests/lib/with-volume.sh\n");
      return FALSE;
    }
  return TRUE;
}

/* ---- running a spec ------------------------------------------------- */

static ssize_t th_pread  (const VolIoOps *ops, int fd, void *buf, size_t n, off_t offset);
static ssize_t th_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t n, off_t offset);

static void
cancel (ThRun *run)
{
  run->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (run->cancellable);
}

static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             ThRun             *run)
{
  if (progress->fraction + 1e-9 < run->last_fraction)
    run->fraction_went_back = TRUE;
  run->last_fraction = progress->fraction;
  run->samples += progress->samples->len;

  if (run->cancel_after_samples && run->samples >= run->cancel_after_samples && !run->cancelled_at)
    cancel (run);
  if (run->cancel_phase && g_strcmp0 (progress->phase, run->cancel_phase) == 0
      && ++run->phase_seen == run->cancel_phase_after && !run->cancelled_at)
    cancel (run);
  if (run->cancel_at_fraction > 0 && progress->fraction >= run->cancel_at_fraction && !run->cancelled_at)
    cancel (run);
  if (run->on_progress)
    run->on_progress (run, progress);
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer data)
{
  ThRun *run = data;

  run->result = vol_runner_run_finish (VOL_RUNNER (source), res, &run->error);
  g_main_loop_quit (run->loop);
}

/* Runs @spec to its end (through @ops, if given), leaving the result or
 * the error in @run. */
void
th_run_spec (VolTestSpec    *spec,
             const VolIoOps *ops,
             ThRun          *run)
{
  g_autoptr(VolRunner) runner = vol_runner_new ();

  th_run_spec_on (runner, spec, ops, run);
}

/* As th_run_spec(), on a runner the test has set up (a seam of its own). */
void
th_run_spec_on (VolRunner      *runner,
                VolTestSpec    *spec,
                const VolIoOps *ops,
                ThRun          *run)
{
  gulong handler;

  run->loop = g_main_loop_new (NULL, FALSE);
  run->cancellable = g_cancellable_new ();
  if (ops)
    vol_runner_set_io_ops (runner, ops);
  if (ops && (ops->pread == th_pread || ops->pwrite == th_pwrite))
    ((ThIoOps *) ops)->cancellable = run->cancellable;
  handler = g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), run);
  vol_runner_run_async (runner, spec, run->cancellable, done_cb, run);
  g_main_loop_run (run->loop);
  /* the runner may be run again; its next run reports to its own ThRun */
  g_signal_handler_disconnect (runner, handler);
  g_main_loop_unref (run->loop);
  g_object_unref (run->cancellable);
}

VolTestSpec *
th_make_spec (const char *kind_name,
              guint64     seed,
              const char *first_key,
              ...)
{
  const VolTestKind *kind = vol_registry_lookup (kind_name);
  GVariantDict dict;
  g_autoptr(GError) error = NULL;
  VolTestSpec *spec;
  const char *key;
  va_list ap;

  {
    g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (&kind->info));

    g_variant_dict_init (&dict, defaults);
  }
  va_start (ap, first_key);
  for (key = first_key; key != NULL; key = va_arg (ap, const char *))
    {
      const char *text = va_arg (ap, const char *);
      GVariant *v = NULL;
      g_assert_true (vol_param_parse (vol_test_info_find_param (&kind->info, key), text, &v, &error));
      g_assert_no_error (error);
      g_variant_dict_insert_value (&dict, key, v);
      g_variant_unref (v);
    }
  va_end (ap);
  spec = vol_test_spec_new (kind_name, th_test_dir, VOL_DATA_PATTERN_RANDOM, seed, "test volume",
                            g_variant_dict_end (&dict));
  g_assert_true (vol_test_spec_validate (spec, &kind->info, &error));
  g_assert_no_error (error);
  return spec;
}

/* ---- the scratch folder --------------------------------------------- */

char *
th_find_scratch_in (const char *dir_path,
                    gboolean   *opened)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (opened)
    *opened = dir != NULL;
  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, VOL_SCRATCH_PREFIX))
      return g_build_filename (dir_path, name, NULL);
  return NULL;
}

char *
th_find_scratch (void)
{
  return th_find_scratch_in (th_test_dir, NULL);
}

void
th_assert_no_scratch (void)
{
  g_autofree char *scratch = th_find_scratch ();
  g_assert_null (scratch);
}

guint64
th_free_bytes (void)
{
  struct statvfs vfs;
  g_assert_cmpint (statvfs (th_test_dir, &vfs), ==, 0);
  return (guint64) vfs.f_bavail * vfs.f_frsize;
}

/* ---- lookups in a result -------------------------------------------- */

double
th_figure (const VolResult *result,
           const char      *name)
{
  const VolFigure *f = vol_result_get_figure (result, name);
  if (f == NULL)
    g_error ("no figure %s", name);
  return f->value;
}

gint64
th_resolved_int (const VolResult *result,
                 const char      *key)
{
  gint64 v = -1;
  g_assert_true (g_variant_lookup (result->resolved, key, "x", &v));
  return v;
}

double
th_cell (const VolSeries *series,
         const char      *column,
         guint            row)
{
  VolColumn *c = vol_series_get_column (series, column);
  g_assert_nonnull (c);
  g_assert_cmpuint (row, <, c->values->len);
  return g_array_index (c->values, double, row);
}

/* ---- the wrapper ---------------------------------------------------- */

/* After the transfer that cancels: what was counted so far is what came
 * before the cancel (other threads may be past their check already). */
static void
cancel_now (ThIoOps *c)
{
  g_mutex_lock (&c->lock);
  c->ios_at_cancel = c->reads + c->writes;
  g_cancellable_cancel (c->cancellable);
  g_mutex_unlock (&c->lock);
}

/* Counts one call: whether it is the one to fail, and (for a write)
 * whether it is the one to come back half done. */
static void
count (ThIoOps  *c,
       gboolean  is_read,
       size_t    n,
       off_t     offset,
       gboolean *fail,
       gboolean *is_short,
       gboolean *cancel,
       guint64  *nth)
{
  pid_t tid = (pid_t) syscall (SYS_gettid);

  g_mutex_lock (&c->lock);
  g_hash_table_add (c->tids, GINT_TO_POINTER (tid));
  if (is_read)
    {
      *fail = ++c->reads == c->fail_read_at;
      *cancel = c->reads == c->cancel_at_read;
    }
  else
    {
      *fail = ++c->writes == c->fail_write_at;
      *is_short = c->writes == c->short_write_at && n >= 8192;
      *cancel = c->writes == c->cancel_at_write;
      c->bytes_written += n;
    }
  *nth = is_read ? c->reads : c->writes;
  if (c->count_size == 0 || n == c->count_size)
    {
      if (offset % 4096 == 512)
        c->off_512++;
      else
        c->off_other++;
    }
  if (!*fail && c->watch != 0 && n == c->watch)
    {
      guint64 off = (guint64) offset;
      g_array_append_val (is_read ? c->read_offsets : c->write_offsets, off);
    }
  g_mutex_unlock (&c->lock);
}

static ssize_t
th_pread (const VolIoOps *ops, int fd, void *buf, size_t n, off_t offset)
{
  ThIoOps *c = (ThIoOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();
  gboolean fail, cancel;
  guint64 nth;
  ssize_t done;
  int saved;

  count (c, TRUE, n, offset, &fail, NULL, &cancel, &nth);
  if (fail)
    {
      errno = c->fail_errno;
      return -1;
    }
  done = real->pread (real, fd, buf, n, offset);
  saved = errno;
  if (cancel)
    cancel_now (c);
  if (c->after_transfer)
    c->after_transfer (c, TRUE, nth);
  errno = saved;
  return done;
}

/* The stamp of every 4 KiB block of @n bytes at @buf that the data pool
 * stamped: those with room for the 16-byte stamp. */
static void
record_stamps (ThIoOps    *c,
               const void *buf,
               size_t      n)
{
  if (!c->record_stamps)
    return;
  g_mutex_lock (&c->lock);
  for (size_t off = 0; off + 16 <= n; off += VOL_STAMP_BLOCK)
    {
      guint64 serial;

      memcpy (&serial, (const guint8 *) buf + off, sizeof serial);
      g_array_append_val (c->stamps, serial);
    }
  g_mutex_unlock (&c->lock);
}

/* io_uring's writes, seen just before they are submitted */
static void
th_submitted (const VolIoOps *ops, int fd, gboolean is_write, const void *buf, size_t count, off_t offset)
{
  if (is_write)
    record_stamps ((ThIoOps *) ops, buf, count);
}

static ssize_t
th_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t n, off_t offset)
{
  ThIoOps *c = (ThIoOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();
  gboolean fail, is_short, cancel;
  guint64 nth;
  ssize_t done;
  int saved;

  count (c, FALSE, n, offset, &fail, &is_short, &cancel, &nth);
  if (fail)
    {
      errno = c->fail_errno;
      return -1;
    }
  done = real->pwrite (real, fd, buf, is_short ? n / 2 / 4096 * 4096 : n, offset);
  saved = errno;
  /* what was written: a short write's rest comes again, as its own call */
  if (done > 0)
    record_stamps (c, buf, (size_t) done);
  if (cancel)
    cancel_now (c);
  if (c->after_transfer)
    c->after_transfer (c, FALSE, nth);
  errno = saved;
  return done;
}

void
th_io_ops_init (ThIoOps *c)
{
  memset (c, 0, sizeof *c);
  c->ops = *vol_io_ops_default ();
  c->ops.pread = th_pread;
  c->ops.pwrite = th_pwrite;
  c->ops.submitted = th_submitted;
  g_mutex_init (&c->lock);
  c->stamps = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->tids = g_hash_table_new (NULL, NULL);
  c->write_offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->read_offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  c->fail_errno = EIO;
}

void
th_io_ops_clear (ThIoOps *c)
{
  g_mutex_clear (&c->lock);
  g_hash_table_unref (c->tids);
  g_array_unref (c->write_offsets);
  g_array_unref (c->read_offsets);
  g_array_unref (c->stamps);
}

static int
compare_serials (gconstpointer a,
                 gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

void
th_assert_stamps_unique (ThIoOps *c)
{
  guint64 repeats = 0, first = 0;

  g_assert_true (c->record_stamps);
  g_array_sort (c->stamps, compare_serials);
  for (guint i = 1; i < c->stamps->len; i++)
    if (g_array_index (c->stamps, guint64, i) == g_array_index (c->stamps, guint64, i - 1))
      {
        if (repeats++ == 0)
          first = g_array_index (c->stamps, guint64, i);
      }
  if (repeats > 0)
    g_error ("%" G_GUINT64_FORMAT " of %u written blocks repeat a stamp (the first: serial %" G_GUINT64_FORMAT ")",
             repeats, c->stamps->len, first);
}

/* ---- the device's counters ------------------------------------------ */

void
th_assert_counters_agree (const VolResult *result)
{
  g_assert_cmpuint (result->counters->len, >, 0);
  for (guint i = 0; i < result->counters->len; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (result->counters, i);
      g_autofree char *why = NULL;

      if (g_test_verbose ())
        g_test_message ("%s phase “%s” on %s: test %" G_GUINT64_FORMAT " reads %" G_GUINT64_FORMAT " B,"
                        " %" G_GUINT64_FORMAT " writes %" G_GUINT64_FORMAT " B%s, %" G_GUINT64_FORMAT " files;"
                        " device %" G_GUINT64_FORMAT " reads %" G_GUINT64_FORMAT " B,"
                        " %" G_GUINT64_FORMAT " writes %" G_GUINT64_FORMAT " B, %" G_GUINT64_FORMAT " flushes",
                        result->kind, c->phase, c->device, c->reads, c->bytes_read, c->writes, c->bytes_written,
                        c->through_cache ? " (through the cache)" : "", c->files,
                        c->dev_reads, c->dev_bytes_read, c->dev_writes, c->dev_bytes_written, c->dev_flushes);
      if (!vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, &why))
        g_error ("%s: %s", result->kind, why);
    }
}
