/* test-fill.c — the Fill volume test on a real, freshly made volume
 *
 * Run by with-volume.sh, which mounts an ext4 loop volume (or a ramfs) at
 * $VOL_TEST_DIR. Faults no real disk gives on demand (EIO, ENOSPC, short
 * writes) come from a VolIoOps wrapped around the real calls.
 */
#include <errno.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"
#include "vol-scratch.h"

static const char *test_dir;

typedef struct
{
  VolIoOps  ops;
  int       writes;
  int       fail_at;      /* the write that fails, 1-based; 0 none */
  int       fail_errno;
  int       short_at;     /* the write that comes back half done */
} FaultOps;

static ssize_t
fault_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset)
{
  FaultOps *f = (FaultOps *) ops;
  const VolIoOps *real = vol_io_ops_default ();

  f->writes++;
  if (f->writes == f->fail_at)
    {
      errno = f->fail_errno;
      return -1;
    }
  if (f->writes == f->short_at && count >= 8192)
    return real->pwrite (real, fd, buf, count / 2 / 4096 * 4096, offset);
  return real->pwrite (real, fd, buf, count, offset);
}

static void
fault_ops_init (FaultOps *f)
{
  *f = (FaultOps) { *vol_io_ops_default () };
  f->ops.pwrite = fault_pwrite;
}

typedef struct
{
  GMainLoop    *loop;
  GCancellable *cancellable;
  VolResult    *result;
  GError       *error;
  guint         samples;
  guint         cancel_after;   /* cancel when this many live samples arrived; 0 never */
  gint64        cancelled_at;
  gboolean      remove_scratch; /* pull the folder away under the run */
  double        last_fraction;
  gboolean      fraction_went_back;
} Run;

static char *
find_scratch (void)
{
  g_autoptr(GDir) dir = g_dir_open (test_dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, VOL_SCRATCH_PREFIX))
      return g_build_filename (test_dir, name, NULL);
  return NULL;
}

static void
progress_cb (VolRunner         *runner,
             const VolProgress *progress,
             Run               *run)
{
  if (progress->fraction + 1e-9 < run->last_fraction)
    run->fraction_went_back = TRUE;
  run->last_fraction = progress->fraction;
  run->samples += progress->samples->len;

  if (run->cancel_after && run->samples >= run->cancel_after && !run->cancelled_at)
    {
      run->cancelled_at = g_get_monotonic_time ();
      g_cancellable_cancel (run->cancellable);
    }
  if (run->remove_scratch && run->samples >= 2)
    {
      g_autofree char *scratch = find_scratch ();
      g_autofree char *cmd = scratch ? g_strdup_printf ("rm -rf '%s'", scratch) : NULL;
      run->remove_scratch = FALSE;
      g_assert_nonnull (scratch);
      g_assert_cmpint (system (cmd), ==, 0);
    }
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer data)
{
  Run *run = data;

  run->result = vol_runner_run_finish (VOL_RUNNER (source), res, &run->error);
  g_main_loop_quit (run->loop);
}

static VolTestSpec *
make_spec (const char *files,
           const char *chunk,
           const char *reserve,
           const char *max_bytes)
{
  const VolTestKind *kind = vol_registry_lookup ("fill");
  GVariantDict dict;
  g_autoptr(GError) error = NULL;
  const char *keys[] = { "files", "chunk", "reserve", "max-bytes" };
  const char *values[] = { files, chunk, reserve, max_bytes };
  VolTestSpec *spec;

  g_variant_dict_init (&dict, vol_test_info_default_params (&kind->info));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GVariant *v = NULL;
      if (values[i] == NULL)
        continue;
      g_assert_true (vol_param_parse (vol_test_info_find_param (&kind->info, keys[i]), values[i], &v, &error));
      g_assert_no_error (error);
      g_variant_dict_insert_value (&dict, keys[i], v);
      g_variant_unref (v);
    }
  spec = vol_test_spec_new ("fill", test_dir, VOL_DATA_PATTERN_RANDOM, 0, "test volume",
                            g_variant_dict_end (&dict));
  g_assert_true (vol_test_spec_validate (spec, &kind->info, &error));
  g_assert_no_error (error);
  return spec;
}

static void
run_spec (VolTestSpec    *spec,
          const VolIoOps *ops,
          Run            *run)
{
  g_autoptr(VolRunner) runner = vol_runner_new ();

  run->loop = g_main_loop_new (NULL, FALSE);
  run->cancellable = g_cancellable_new ();
  if (ops)
    vol_runner_set_io_ops (runner, ops);
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), run);
  vol_runner_run_async (runner, spec, run->cancellable, done_cb, run);
  g_main_loop_run (run->loop);
  g_main_loop_unref (run->loop);
  g_object_unref (run->cancellable);
}

static void
assert_no_scratch (void)
{
  g_autofree char *scratch = find_scratch ();
  g_assert_null (scratch);
}

static gint64
resolved_int (const VolResult *result,
              const char      *key)
{
  gint64 v = -1;
  g_assert_true (g_variant_lookup (result->resolved, key, "x", &v));
  return v;
}

static double
figure (const VolResult *result,
        const char      *name)
{
  const VolFigure *f = vol_result_get_figure (result, name);
  g_assert_nonnull (f);
  return f->value;
}

static guint64
free_bytes (void)
{
  struct statvfs vfs;
  g_assert_cmpint (statvfs (test_dir, &vfs), ==, 0);
  return (guint64) vfs.f_bavail * vfs.f_frsize;
}

static void
test_complete (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("20", "1M", "64M", NULL);
  Run run = { 0 };
  VolResult *r;
  VolSeries *write, *read;
  VolColumn *pos;
  gint64 file_size, total, reserve, free_before, used_before, capacity;
  g_autofree char *path = NULL;
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  guint64 free_after;
  double filled;

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpstr (r->target->fs_type, ==, "ext4");
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);

  /* Sizes: the free space minus the reserve, in whole MiB per file. */
  file_size = resolved_int (r, "file-size");
  total = resolved_int (r, "total-bytes");
  reserve = resolved_int (r, "reserve");
  free_before = resolved_int (r, "free-before");
  used_before = resolved_int (r, "used-before");
  capacity = resolved_int (r, "capacity");
  g_assert_cmpint (reserve, ==, 64 << 20);
  g_assert_cmpint (file_size % (1 << 20), ==, 0);
  g_assert_cmpint (total, ==, 20 * file_size);
  g_assert_cmpint (total, <=, free_before - reserve);
  g_assert_cmpint (total, >, free_before - reserve - 20 * (1 << 20));

  /* Honest totals: every byte asked for was written and read back. */
  g_assert_cmpfloat (figure (r, "bytes-written"), ==, (double) total);
  g_assert_cmpfloat (figure (r, "bytes-read"), ==, (double) total);
  g_assert_cmpfloat (figure (r, "files-written"), ==, 20);
  g_assert_cmpfloat (figure (r, "files-read"), ==, 20);

  write = vol_result_get_series (r, "write");
  read = vol_result_get_series (r, "read");
  g_assert_cmpuint (vol_series_get_length (write), ==, 20);
  g_assert_cmpuint (vol_series_get_length (read), ==, 20);
  g_assert_cmpuint (run.samples, ==, 40);

  /* Positions rise from near the start to near the filled fraction. */
  pos = vol_series_get_column (write, "position");
  filled = (double) (used_before + total) / capacity * 100;
  g_assert_cmpfloat (g_array_index (pos->values, double, 0), <, 10);
  for (guint i = 1; i < pos->values->len; i++)
    g_assert_cmpfloat (g_array_index (pos->values, double, i), >, g_array_index (pos->values, double, i - 1));
  g_assert_cmpfloat (g_array_index (pos->values, double, 19), <, filled);
  g_assert_cmpfloat (g_array_index (pos->values, double, 19), >, filled - 5);
  g_assert_cmpfloat (filled, >, 50);

  for (guint i = 0; i < 20; i++)
    {
      g_assert_cmpfloat (g_array_index (vol_series_get_column (write, "throughput")->values, double, i), >, 0);
      g_assert_cmpfloat (g_array_index (vol_series_get_column (read, "throughput")->values, double, i), >, 0);
    }
  g_assert_nonnull (vol_result_get_summary (r, "write"));
  g_assert_cmpuint (vol_result_get_summary (r, "write")->count, ==, 20);
  g_assert_cmpfloat (vol_result_get_summary (r, "read")->mean, >, 0);
  g_assert_cmpfloat (r->cpu_user + r->cpu_system, >, 0);

  /* Nothing left behind: no folder, and the space is free again. */
  assert_no_scratch ();
  free_after = free_bytes ();
  g_assert_cmpuint (free_after + (1 << 20), >=, (guint64) free_before);

  /* The result loads back. */
  path = g_build_filename (g_get_tmp_dir (), "volumeter-test-fill.volumeter.json", NULL);
  g_assert_true (vol_result_save (r, path, &error));
  g_assert_no_error (error);
  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (loaded, "write")), ==, 20);
  g_assert_cmpuint (loaded->seed, ==, r->seed);
  g_unlink (path);
  vol_result_unref (r);
}

static void
test_cancel (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("40", "1M", "64M", NULL);
  Run run = { 0 };
  gint64 latency;
  guint written;

  /* A random moment: after 1 to 30 files of 40 written (then reading). */
  run.cancel_after = g_test_rand_int_range (1, 31);
  run_spec (spec, NULL, &run);
  latency = g_get_monotonic_time () - run.cancelled_at;
  g_test_message ("cancelled after %u samples, finished %.1f ms later", run.cancel_after, latency / 1000.0);

  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  written = vol_series_get_length (vol_result_get_series (run.result, "write"));
  g_assert_cmpuint (written, >=, MIN (run.cancel_after, 40));
  g_assert_cmpuint (written, <, 40);
  /* Within a fraction of a second, with room for a loaded CI machine. */
  g_assert_cmpint (latency, <, 2 * G_USEC_PER_SEC);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
check_fault (int         err,
             const char *text)
{
  g_autoptr(VolTestSpec) spec = make_spec ("10", "1M", "64M", NULL);
  FaultOps ops;
  Run run = { 0 };

  fault_ops_init (&ops);
  ops.fail_at = 25;
  ops.fail_errno = err;
  run_spec (spec, &ops.ops, &run);

  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, text));
  g_assert_nonnull (strstr (run.result->message, "fill-0000"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "write")), >, 0);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_enospc (void)
{
  check_fault (ENOSPC, g_strerror (ENOSPC));
}

static void
test_eio (void)
{
  check_fault (EIO, g_strerror (EIO));
}

static void
test_short_write (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("4", "1M", "64M", "16M");
  FaultOps ops;
  Run run = { 0 };

  fault_ops_init (&ops);
  ops.short_at = 3;
  run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  /* The rest of the chunk is written, and reads back intact. */
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpfloat (figure (run.result, "bytes-written"), ==, 16 << 20);
  g_assert_cmpint (ops.writes, ==, 17);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_vanished (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("20", "1M", "64M", NULL);
  Run run = { 0 };

  run.remove_scratch = TRUE;
  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (ENOENT)));
  assert_no_scratch ();
  vol_result_unref (run.result);
}

static void
test_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("100000", "1M", "64M", NULL);
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (run.error->message, "100000 files"));
  assert_no_scratch ();
  g_clear_error (&run.error);
}

static void
test_missing_target (void)
{
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GVariant) params = NULL;
  g_autofree char *missing = g_build_filename (test_dir, "no-such-folder", NULL);
  Run run = { 0 };

  params = g_variant_ref_sink (vol_test_info_default_params (&vol_registry_lookup ("fill")->info));
  spec = vol_test_spec_new ("fill", missing, VOL_DATA_PATTERN_RANDOM, 0, NULL, params);
  run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (run.error->message, missing));
  g_clear_error (&run.error);
}

static void
test_ramfs_fadvise (void)
{
  g_autoptr(VolTestSpec) spec = make_spec ("8", "1M", "0", "32M");
  Run run = { 0 };

  run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  /* ramfs refuses O_DIRECT: the result must say the cache was only
   * dropped, never pass the number off as a device's. */
  g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_FADVISE);
  g_assert_cmpfloat (figure (run.result, "bytes-read"), ==, 32 << 20);
  assert_no_scratch ();
  vol_result_unref (run.result);
}

int
main (int argc, char **argv)
{
  const char *fstype;

  g_test_init (&argc, &argv, NULL);
  test_dir = g_getenv ("VOL_TEST_DIR");
  fstype = g_getenv ("VOL_TEST_FSTYPE");
  if (test_dir == NULL || fstype == NULL)
    {
      g_printerr ("Run me through tests/with-volume.sh\n");
      return 1;
    }

  if (g_str_equal (fstype, "ramfs"))
    g_test_add_func ("/vol/fill/ramfs-fadvise", test_ramfs_fadvise);
  else
    {
      g_test_add_func ("/vol/fill/complete", test_complete);
      g_test_add_func ("/vol/fill/cancel", test_cancel);
      g_test_add_func ("/vol/fill/enospc", test_enospc);
      g_test_add_func ("/vol/fill/eio", test_eio);
      g_test_add_func ("/vol/fill/short-write", test_short_write);
      g_test_add_func ("/vol/fill/target-vanished", test_vanished);
      g_test_add_func ("/vol/fill/does-not-fit", test_does_not_fit);
      g_test_add_func ("/vol/fill/missing-target", test_missing_target);
    }
  return g_test_run ();
}
