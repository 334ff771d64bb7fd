/* test-truth.c — every test kind, checked against the kernel
 *
 * Run by with-volume.sh on a fresh ext4 loop volume. For each kind (and
 * each backend and mode that writes or reads differently) a small run,
 * with random data, must show
 *   (a) no stamp repeated anywhere in the run: every 4 KiB block written,
 *       by pwrite or through io_uring, carried a serial of its own
 *       (vol-datapool.h), so a deduplicating device could not shrink it;
 *   (b) the device's own counters for each timed phase, agreeing with the
 *       test's counts within 2 % and the allowances docs/result-format.md
 *       lists (journal and metadata writes, split and merged requests).
 * Sizes are small and fixed; nothing here depends on the volume's speed.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-io.h"

#include "vol-test-harness.h"

/* Runs @spec through a recording wrapper and checks (a) and (b). */
static void
check_run (VolTestSpec *spec)
{
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  ops.record_stamps = TRUE;
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.result);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);

  if (g_test_verbose ())
    g_test_message ("%s: %u blocks written, %u phases counted", run.result->kind, ops.stamps->len,
                    run.result->counters->len);
  th_assert_stamps_unique (&ops);
  th_assert_counters_agree (run.result);

  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
  th_assert_no_scratch ();
}

/* The check itself: two writes of the same stamped block are caught, and
 * a short write's rest, written again as its own call, is not counted
 * twice. */
static void
test_harness_catches_repeats (void)
{
  ThIoOps ops;
  g_autofree char *path = g_build_filename (th_test_dir, "truth-repeat.dat", NULL);
  guint8 *buf = g_malloc0 (16384);
  int fd;

  for (guint i = 0; i < 4; i++)
    {
      guint64 serial = 1000 + i;
      memcpy (buf + i * 4096, &serial, sizeof serial);
      memset (buf + i * 4096 + 8, 0xa5, 8);
    }
  th_io_ops_init (&ops);
  ops.record_stamps = TRUE;
  ops.short_write_at = 1;
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  /* the first call comes back half done; the caller writes the rest */
  g_assert_cmpint (ops.ops.pwrite (&ops.ops, fd, buf, 16384, 0), ==, 8192);
  g_assert_cmpint (ops.ops.pwrite (&ops.ops, fd, buf + 8192, 8192, 8192), ==, 8192);
  g_assert_cmpuint (ops.stamps->len, ==, 4);
  th_assert_stamps_unique (&ops);
  /* io_uring's writes count too */
  vol_io_note_submitted (&ops.ops, fd, TRUE, buf, 4096, 0);
  vol_io_note_submitted (&ops.ops, fd, FALSE, buf + 4096, 4096, 0);
  g_assert_cmpuint (ops.stamps->len, ==, 5);
  close (fd);
  g_unlink (path);
  g_free (buf);

  if (g_test_subprocess ())
    {
      th_assert_stamps_unique (&ops);
      return;
    }
  th_io_ops_clear (&ops);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*1 of 5 written blocks repeat a stamp (the first: serial 1000)*");
}

/* One pass per file, 8 files of 8 MiB, each flushed */
static void
test_fill (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "8", "chunk", "1M", "reserve", "64M",
                                              "max-bytes", "64M", NULL);

  check_run (spec);
}

/* Sizes on both sides of the loop device's largest request (1280 KiB):
 * 2 and 4 MiB transfers reach it split. */
static void
test_transfer (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "64K", "to", "4M", "region", "8M",
                                              "iterations", "2", NULL);

  check_run (spec);
}

static void
test_random (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "4K", "ios", "2000", "iterations", "2",
                                              "file-size", "32M", NULL);

  check_run (spec);
}

/* 32 KiB chunks, a count sweep: many phases */
static void
test_random_sweep (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "32K", "count-sweep", "100,1000",
                                              "iterations", "1", "file-size", "32M", NULL);

  check_run (spec);
}

static void
test_smallfiles (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("smallfiles", 0, "files", "200", "transactions", "600",
                                              "min-size", "500", "max-size", "16K", "subdirs", "5",
                                              "block", "4K", NULL);

  check_run (spec);
}

/* A test file (so it is written, and stamped), read back direct */
static void
test_cached (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("cached", 0, "cached-seconds", "0.5", "device-seconds", "0.5",
                                              "source", "file", NULL);

  check_run (spec);
}

/* Queue and threads: their phases and their stamps come with the shared
 * worker pool and the io_uring observer (issue 10, items 5 and 7). */
static void
test_queue (gconstpointer data)
{
  const char *backend = data;
  g_autoptr(VolTestSpec) spec = th_make_spec ("queue", 0, "span", "32M", "depths", "1,8", "seconds", "1",
                                              "mode", "mix", "backend", backend, NULL);

  check_run (spec);
}

static void
test_threads (gconstpointer data)
{
  const char *mode = data;
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1,2", "bytes-per-thread", "8M",
                                              "block", "256K", "seconds", "1", "mode", mode, NULL);

  check_run (spec);
}

/* Buffers on huge pages (vol-io-buffer.c): a 1 MiB read leaves as one
 * request. From 4 KiB pages the loop device (128 segments of at most
 * 64 KiB) may get it in two, as luck of the pages' placement has it, and
 * the result must then say so. */
static void
test_huge_page_buffers (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("threads", 0, "threads", "1", "bytes-per-thread", "16M",
                                              "block", "1M", "seconds", "1", "mode", "seqrd", NULL);
  g_autofree char *thp = NULL;
  ThIoOps ops;
  ThRun run = { 0 };
  guint huge0, small0, huge1, small1;
  guint8 *buf;

  /* the allocator's promise, independent of any run */
  vol_io_buffer_tally (&huge0, &small0);
  buf = vol_io_alloc_aligned (1 << 20, 4096);
  vol_io_buffer_tally (&huge1, &small1);
  g_assert_cmpuint ((guintptr) buf % (2 << 20), ==, 0);
  g_assert_cmpuint ((huge1 - huge0) + (small1 - small0), ==, 1);
  vol_io_free_aligned (buf);

  th_io_ops_init (&ops);
  th_run_spec (spec, &ops.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  /* a 1 MiB buffer: huge pages or not, never "small" or unrecorded */
  g_assert_true (run.result->io_buffers == VOL_IO_BUFFERS_HUGE_PAGES
                 || run.result->io_buffers == VOL_IO_BUFFERS_PAGES);
  if (g_file_get_contents ("/sys/kernel/mm/transparent_hugepage/enabled", &thp, NULL, NULL)
      && strstr (thp, "[never]") != NULL)
    g_assert_cmpint (run.result->io_buffers, ==, VOL_IO_BUFFERS_PAGES);
  if (run.result->io_buffers == VOL_IO_BUFFERS_HUGE_PAGES)
    {
      g_assert_cmpuint (run.result->counters->len, >=, 1);
      for (guint i = 0; i < run.result->counters->len; i++)
        {
          const VolIoCounters *c = g_ptr_array_index (run.result->counters, i);

          g_assert_cmpuint (c->reads, >, 0);
          g_assert_cmpuint (c->dev_reads, ==, c->reads);
        }
    }
  else
    g_test_message ("the kernel gave no huge pages: the one-request check was not made");
  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
  th_assert_no_scratch ();
}

int
main (int argc, char **argv)
{
  const char *fstype = NULL;

  if (!th_init (&argc, &argv, &fstype))
    return 1;
  if (g_strcmp0 (fstype, "ext4") != 0)
    {
      g_test_skip ("the device's counters need a block device: run on ext4");
      return g_test_run ();
    }

  g_test_add_func ("/vol/truth/harness-catches-repeats", test_harness_catches_repeats);
  g_test_add_func ("/vol/truth/fill", test_fill);
  g_test_add_func ("/vol/truth/transfer", test_transfer);
  g_test_add_func ("/vol/truth/random", test_random);
  g_test_add_func ("/vol/truth/random-sweep", test_random_sweep);
  g_test_add_func ("/vol/truth/smallfiles", test_smallfiles);
  g_test_add_func ("/vol/truth/cached", test_cached);
  g_test_add_data_func ("/vol/truth/queue-io-uring", "io_uring", test_queue);
  g_test_add_data_func ("/vol/truth/queue-threads", "threads", test_queue);
  g_test_add_data_func ("/vol/truth/threads-seqwr", "seqwr", test_threads);
  g_test_add_data_func ("/vol/truth/threads-seqrd", "seqrd", test_threads);
  g_test_add_data_func ("/vol/truth/threads-rndrw", "rndrw", test_threads);
  g_test_add_func ("/vol/truth/huge-page-buffers", test_huge_page_buffers);

  return g_test_run ();
}
