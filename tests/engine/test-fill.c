/* test-fill.c — the Fill volume test on a real, freshly made volume
 *
 * Run by with-volume.sh, which mounts an ext4 loop volume (or a ramfs) at
 * $VOL_TEST_DIR. Faults no real disk gives on demand (EIO, ENOSPC, short
 * writes) come from the harness's VolIoOps wrapped around the real calls.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-test-harness.h"

/* Pulls the scratch folder away under the run, right after its second
 * write (on the worker thread, so at that exact point of the run, however
 * fast the volume). */
static void
remove_scratch (ThIoOps  *ops,
                gboolean  is_read,
                guint64   nth)
{
  if (!is_read && nth == 2)
    {
      g_autofree char *scratch = th_find_scratch ();
      g_autofree char *cmd = scratch ? g_strdup_printf ("rm -rf '%s'", scratch) : NULL;
      g_assert_nonnull (scratch);
      g_assert_cmpint (system (cmd), ==, 0);
    }
}

static void
test_complete (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "20", "chunk", "1M", "reserve", "64M", NULL);
  ThRun run = { 0 };
  VolResult *r;
  VolSeries *write, *read;
  VolColumn *pos;
  gint64 file_size, total, reserve, free_before, used_before, capacity;
  g_autofree char *path = NULL;
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  guint64 free_after;
  double filled;

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  r = run.result;
  g_assert_cmpint (r->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpint (r->cache_bypass, ==, VOL_CACHE_BYPASS_DIRECT);
  g_assert_cmpstr (r->target->fs_type, ==, "ext4");
  g_assert_false (run.fraction_went_back);
  g_assert_cmpfloat (run.last_fraction, ==, 1.0);

  /* Sizes: the free space minus the reserve, in whole MiB per file. */
  file_size = th_resolved_int (r, "file-size");
  total = th_resolved_int (r, "total-bytes");
  reserve = th_resolved_int (r, "reserve");
  free_before = th_resolved_int (r, "free-before");
  used_before = th_resolved_int (r, "used-before");
  capacity = th_resolved_int (r, "capacity");
  g_assert_cmpint (reserve, ==, 64 << 20);
  g_assert_cmpint (file_size % (1 << 20), ==, 0);
  g_assert_cmpint (total, ==, 20 * file_size);
  g_assert_cmpint (total, <=, free_before - reserve);
  g_assert_cmpint (total, >, free_before - reserve - 20 * (1 << 20));

  /* Honest totals: every byte asked for was written and read back. */
  g_assert_cmpfloat (th_figure (r, "bytes-written"), ==, (double) total);
  g_assert_cmpfloat (th_figure (r, "bytes-read"), ==, (double) total);
  g_assert_cmpfloat (th_figure (r, "files-written"), ==, 20);
  g_assert_cmpfloat (th_figure (r, "files-read"), ==, 20);

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
  th_assert_no_scratch ();
  free_after = th_free_bytes ();
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
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "40", "chunk", "1M", "reserve", "64M", NULL);
  ThRun run = { 0 };
  ThIoOps ops;
  guint written;
  gint64 per_file;

  /* A random moment, an exact point: right after one of the first 120
   * writes (1 MiB each; 40 files of 4 MiB, give or take the volume). */
  th_io_ops_init (&ops);
  ops.cancel_at_write = g_test_rand_int_range (1, 121);
  th_run_spec (spec, &ops.ops, &run);
  g_test_message ("cancelled after write %" G_GUINT64_FORMAT, ops.cancel_at_write);

  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_nonnull (run.result->message);
  /* The cancel lands before the next transfer: not one more reaches the
   * kernel, and the files whose last write that was are kept. */
  g_assert_cmpuint (ops.writes, ==, ops.cancel_at_write);
  g_assert_cmpuint (ops.reads, ==, 0);
  per_file = th_resolved_int (run.result, "file-size") / th_resolved_int (run.result, "chunk");
  g_assert_cmpint (per_file * 30, >=, 120);
  written = vol_series_get_length (vol_result_get_series (run.result, "write"));
  g_assert_cmpuint (written, ==, ops.cancel_at_write / per_file);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
check_fault (int         err,
             const char *text)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "10", "chunk", "1M", "reserve", "64M", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.fail_write_at = 25;
  ops.fail_errno = err;
  th_run_spec (spec, &ops.ops, &run);

  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, text));
  g_assert_nonnull (strstr (run.result->message, "fill-0000"));
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "write")), >, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
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
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "4", "chunk", "1M", "reserve", "64M",
                                              "max-bytes", "16M", NULL);
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.short_write_at = 3;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  /* The rest of the chunk is written, and reads back intact. */
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpfloat (th_figure (run.result, "bytes-written"), ==, 16 << 20);
  g_assert_cmpint (ops.writes, ==, 17);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_vanished (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "20", "chunk", "1M", "reserve", "64M", NULL);
  ThRun run = { 0 };
  ThIoOps ops;

  th_io_ops_init (&ops);
  ops.after_transfer = remove_scratch;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, g_strerror (ENOENT)));
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
}

static void
test_does_not_fit (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "100000", "chunk", "1M", "reserve", "64M", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (run.error->message, "100000 files"));
  th_assert_no_scratch ();
  g_clear_error (&run.error);
}

static void
test_missing_target (void)
{
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GVariant) params = NULL;
  g_autofree char *missing = g_build_filename (th_test_dir, "no-such-folder", NULL);
  ThRun run = { 0 };

  params = g_variant_ref_sink (vol_test_info_default_params (&vol_registry_lookup ("fill")->info));
  spec = vol_test_spec_new ("fill", missing, VOL_DATA_PATTERN_RANDOM, 0, NULL, params);
  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (run.error->message, missing));
  g_clear_error (&run.error);
}

static void
test_ramfs_fadvise (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "8", "chunk", "1M", "reserve", "0",
                                              "max-bytes", "32M", NULL);
  ThRun run = { 0 };

  th_run_spec (spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  /* ramfs refuses O_DIRECT: the result must say the cache was only
   * dropped, never pass the number off as a device's. */
  g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_FADVISE);
  g_assert_cmpfloat (th_figure (run.result, "bytes-read"), ==, 32 << 20);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
}

/* The harness's counting wrapper, with an openat in front that fails the
 * first O_DIRECT open with @open_errno: an error other than the EINVAL
 * of a filesystem that refuses O_DIRECT, which a retry could get past. */
typedef struct
{
  ThIoOps th;             /* first: the harness's calls cast to it */
  int     open_errno;
  gint    direct_opens;   /* O_DIRECT opens seen */
  gint    opens;          /* every open */
} OpenFault;

static int
fault_openat (const VolIoOps *ops,
              int             dirfd,
              const char     *name,
              int             flags,
              mode_t          mode)
{
  OpenFault *f = (OpenFault *) ops;
  const VolIoOps *real = vol_io_ops_default ();

  g_atomic_int_inc (&f->opens);
  if ((flags & O_DIRECT) && g_atomic_int_add (&f->direct_opens, 1) == 0)
    {
      errno = f->open_errno;
      return -1;
    }
  return real->openat (real, dirfd, name, flags, mode);
}

/* The first file's O_DIRECT open fails with EMFILE: the run fails saying
 * so and naming the file. It used to open the file again, succeed, and
 * write from a data pool it had never made (a NULL dereference). */
static void
test_first_open_fails (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "4", "chunk", "1M", "reserve", "64M",
                                              "max-bytes", "16M", NULL);
  OpenFault fault;
  ThRun run = { 0 };

  th_io_ops_init (&fault.th);
  fault.th.ops.openat = fault_openat;
  fault.open_errno = EMFILE;
  fault.direct_opens = 0;
  fault.opens = 0;
  th_run_spec (spec, &fault.th.ops, &run);

  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_test_message ("message: %s", run.result->message);
  g_assert_nonnull (strstr (run.result->message, "fill-0000"));
  g_assert_nonnull (strstr (run.result->message, g_strerror (EMFILE)));
  /* reported as it came: not retried, nothing written */
  g_assert_cmpint (g_atomic_int_get (&fault.opens), ==, 1);
  g_assert_cmpuint (fault.th.writes, ==, 0);
  g_assert_cmpuint (vol_series_get_length (vol_result_get_series (run.result, "write")), ==, 0);
  th_assert_no_scratch ();
  vol_result_unref (run.result);
  th_io_ops_clear (&fault.th);
}

int
main (int argc, char **argv)
{
  const char *fstype;

  if (!th_init (&argc, &argv, &fstype))
    return 1;

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
      g_test_add_func ("/vol/fill/first-open-fails", test_first_open_fails);
    }
  return g_test_run ();
}
