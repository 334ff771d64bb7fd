/* test-raid-counters.c — the device's counters of a volume of two members
 *
 * Run by with-volume.sh on a fresh btrfs RAID 0 over two loop devices
 * (issue 26, item 3): the counters of each timed phase must be the sum of
 * both members ($VOL_TEST_MEMBERS), agree with the test's own counts
 * within the tolerance and allowances of vol-io-counters.h, and so give
 * the result no "counters" caveat. Before the sum, only the first member
 * was read and every phase showed half the bytes.
 */
#include <string.h>

#include <glib.h>

#include "vol-caveat.h"
#include "vol-device-stat.h"
#include "vol-io-counters.h"

#include "vol-test-harness.h"

/* "loop3+loop4": how the result names the two members it summed */
static char *
members_name (void)
{
  g_auto(GStrv) members = g_strsplit (g_getenv ("VOL_TEST_MEMBERS"), " ", -1);

  g_assert_cmpuint (g_strv_length (members), ==, 2);
  return g_strjoinv ("+", members);
}

/* Each member's bytes written, now */
static void
member_writes (guint64 written[2])
{
  g_auto(GStrv) members = g_strsplit (g_getenv ("VOL_TEST_MEMBERS"), " ", -1);

  for (guint i = 0; i < 2; i++)
    {
      VolDeviceStat stat;

      g_assert_true (vol_device_stat_read (members[i], &stat));
      written[i] = stat.write_sectors * 512;
    }
}

static void
check_run (VolTestSpec *spec,
           guint64      share[2])
{
  g_autofree char *name = members_name ();
  g_autoptr(GPtrArray) caveats = NULL;
  guint64 before[2], after[2];
  guint64 test_written = 0;
  ThIoOps ops;
  ThRun run = { 0 };

  th_io_ops_init (&ops);
  member_writes (before);
  th_run_spec (spec, &ops.ops, &run);
  member_writes (after);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.result);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (run.result->target->fs_type, ==, "btrfs");
  g_assert_cmpstr (run.result->target->raid_level, ==, "btrfs raid0");

  g_assert_cmpuint (run.result->counters->len, >, 0);
  for (guint i = 0; i < run.result->counters->len; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (run.result->counters, i);
      double low = c->bytes_written * (1 - VOL_IO_COUNTERS_TOLERANCE);

      /* both members, striped: one copy of each byte between them */
      g_assert_cmpstr (c->device, ==, name);
      g_assert_cmpuint (MAX (c->write_copies, 1), ==, 1);
      g_assert_cmpfloat ((double) c->dev_bytes_written, >=, low);
      test_written += c->bytes_written;
    }
  th_assert_counters_agree (run.result);

  caveats = vol_result_get_caveats (run.result);
  for (guint i = 0; i < caveats->len; i++)
    {
      const VolCaveat *caveat = g_ptr_array_index (caveats, i);

      if (strcmp (caveat->id, "counters") == 0)
        g_error ("a counters caveat: %s", caveat->text);
    }

  for (guint i = 0; i < 2; i++)
    share[i] = after[i] - before[i];
  if (g_test_verbose ())
    g_test_message ("%s: test wrote %" G_GUINT64_FORMAT " B in its phases; members wrote %" G_GUINT64_FORMAT
                    " + %" G_GUINT64_FORMAT " B over the run",
                    run.result->kind, test_written, share[0], share[1]);

  vol_result_unref (run.result);
  th_io_ops_clear (&ops);
  th_assert_no_scratch ();
}

/* 8 files of 8 MiB, each flushed: the stripes of 64 KiB split each
 * member a share; either alone is far from the test's bytes */
static void
test_fill (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("fill", 0, "files", "8", "chunk", "1M", "reserve", "64M",
                                              "max-bytes", "64M", NULL);
  guint64 share[2];

  check_run (spec, share);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (share[i], >, 16 * 1024 * 1024);
      g_assert_cmpuint (share[i], <, 48 * 1024 * 1024);
    }
}

static void
test_transfer (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "64K", "to", "4M", "region", "8M",
                                              "iterations", "2", NULL);
  guint64 share[2];

  check_run (spec, share);
}

static void
test_random (void)
{
  g_autoptr(VolTestSpec) spec = th_make_spec ("random", 0, "chunk", "4K", "ios", "2000", "iterations", "2",
                                              "file-size", "32M", NULL);
  guint64 share[2];

  check_run (spec, share);
}

int
main (int    argc,
      char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;
  g_test_add_func ("/vol/raid-counters/fill", test_fill);
  g_test_add_func ("/vol/raid-counters/transfer", test_transfer);
  g_test_add_func ("/vol/raid-counters/random", test_random);
  return g_test_run ();
}
