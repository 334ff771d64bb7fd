/* test-io-counters.c — when a phase's counts agree with the device's
 *
 * vol_io_counters_agree() must accept what a filesystem and the block
 * layer legitimately add (journal writes, split and merged requests,
 * metadata reads) and refuse what would mean a figure is wrong: bytes the
 * device never saw, or far more than the test made.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "vol-io-counters.h"
#include "vol-units.h"

/* 100 writes of 1 MiB, seen by the device exactly */
static VolIoCounters
exact_writes (void)
{
  VolIoCounters c = { 0 };

  c.phase = (char *) "1 MiB";
  c.device = (char *) "loop7";
  c.writes = 100;
  c.bytes_written = 100 * (guint64) MiB;
  c.dev_writes = 100;
  c.dev_bytes_written = 100 * (guint64) MiB;
  return c;
}

static void
assert_agree (const VolIoCounters *c)
{
  g_autofree char *why = NULL;

  if (!vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, &why))
    g_error ("expected agreement: %s", why);
  g_assert_null (why);
}

/* Returns the reason, which must name the phase and the device. */
static char *
assert_disagree (const VolIoCounters *c)
{
  char *why = NULL;

  g_assert_false (vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, &why));
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, c->phase));
  g_assert_nonnull (strstr (why, c->device));
  /* and the answer is the same without asking why */
  g_assert_false (vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, NULL));
  return why;
}

static void
test_exact (void)
{
  VolIoCounters c = exact_writes ();
  VolIoCounters none = { .phase = (char *) "idle", .device = (char *) "sda1" };

  assert_agree (&c);
  assert_agree (&none);
}

/* 2 % either way of the bytes; a little more below is a miss */
static void
test_tolerance (void)
{
  VolIoCounters c = exact_writes ();
  g_autofree char *why = NULL;

  c.dev_bytes_written = c.bytes_written - c.bytes_written / 50;
  assert_agree (&c);
  c.dev_bytes_written = c.bytes_written - c.bytes_written / 40;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "less than"));

  /* a tolerance of 0 wants the bytes exactly (below; above the journal
   * allowance still applies) */
  c = exact_writes ();
  c.dev_bytes_written -= 512;
  g_assert_false (vol_io_counters_agree (&c, 0, NULL));
  c.dev_bytes_written += 1024;
  g_assert_true (vol_io_counters_agree (&c, 0, NULL));
  /* nonsense tolerances count as 0, not as "anything goes" */
  c.dev_bytes_written -= 1024;
  g_assert_false (vol_io_counters_agree (&c, -1, NULL));
  g_assert_false (vol_io_counters_agree (&c, NAN, NULL));
}

/* The journal may add its fixed part, a part per flush and a fraction of
 * the bytes written; beyond that the device wrote something the test did
 * not account for. */
static void
test_journal (void)
{
  VolIoCounters c = exact_writes ();
  guint64 allowed = c.bytes_written * (1 + VOL_IO_COUNTERS_TOLERANCE)
                    + VOL_IO_COUNTERS_JOURNAL_FIXED
                    + c.bytes_written * VOL_IO_COUNTERS_JOURNAL_FRACTION;
  g_autofree char *why = NULL;

  c.dev_bytes_written = allowed - 4096;
  c.dev_writes = 100 + (allowed - 4096 - c.bytes_written) / 4096;
  assert_agree (&c);

  c.dev_bytes_written = allowed + 4096;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "journal"));

  /* ten flushes: ten commits' worth more */
  c.dev_flushes = 10;
  assert_agree (&c);
  c.dev_bytes_written = allowed + 10 * VOL_IO_COUNTERS_JOURNAL_PER_FLUSH + 4096;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));

  /* a read-only phase may still see a commit (atime, a timer) */
  c = (VolIoCounters) { .phase = (char *) "read", .device = (char *) "loop7",
                        .reads = 10, .bytes_read = 10 * MiB,
                        .dev_reads = 10, .dev_bytes_read = 10 * MiB,
                        .dev_writes = 3, .dev_bytes_written = 12288 };
  assert_agree (&c);
}

/* Reads a cache served never reached the device: that is a disagreement
 * (the figure measured the cache); a little metadata read is not. */
static void
test_reads (void)
{
  VolIoCounters c = { .phase = (char *) "device reads", .device = (char *) "nvme0n1p2",
                      .reads = 256, .bytes_read = 256 * MiB,
                      .dev_reads = 512, .dev_bytes_read = 256 * MiB + 64 * 1024 };
  g_autofree char *why = NULL;
  g_autofree char *why2 = NULL;

  assert_agree (&c);
  c.dev_bytes_read = 0;
  c.dev_reads = 0;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "cache"));

  c.dev_bytes_read = 256 * MiB * 1.03 + VOL_IO_COUNTERS_METADATA_READS;
  c.dev_reads = 600;
  why2 = assert_disagree (&c);
  g_assert_nonnull (strstr (why2, "read"));
}

/* Fewer device requests are merges; more are splits only as far as a
 * request can be split, plus what the extra bytes could have been. */
static void
test_counts (void)
{
  VolIoCounters c = exact_writes ();
  g_autofree char *why = NULL;

  /* 1 MiB split at 512 KiB (a common max_sectors_kb) */
  c.dev_writes = 200;
  assert_agree (&c);
  /* at the smallest split assumed, and no further */
  c.dev_writes = 100 * (MiB / VOL_IO_COUNTERS_MIN_SPLIT);
  assert_agree (&c);
  c.dev_writes = 100 * (MiB / VOL_IO_COUNTERS_MIN_SPLIT) * 1.03;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "writes"));

  /* merged: one device request for eight of the test's */
  c = exact_writes ();
  c.dev_writes = 12;
  assert_agree (&c);

  /* 4 KiB random writes cannot be split: one device write each, and
   * one more per KiB of journal the device wrote besides */
  c = (VolIoCounters) { .phase = (char *) "random", .device = (char *) "loop7",
                        .writes = 1000, .bytes_written = 4096000,
                        .dev_writes = 1000, .dev_bytes_written = 4096000 };
  assert_agree (&c);
  c.dev_writes = 1100;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
  c.dev_bytes_written += 50 * 4096;
  assert_agree (&c);
  /* an empty write per flush, in a phase that wrote nothing */
  c = (VolIoCounters) { .phase = (char *) "device", .device = (char *) "loop7",
                        .reads = 10, .bytes_read = 10 * MiB, .dev_reads = 40, .dev_bytes_read = 10 * MiB,
                        .dev_writes = 1, .dev_flushes = 1 };
  assert_agree (&c);
  c.dev_writes = 2;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));

  /* bytes without a count (a hand-made file) count as one request */
  c = (VolIoCounters) { .phase = (char *) "odd", .device = (char *) "loop7",
                        .bytes_read = 4096, .dev_reads = 1, .dev_bytes_read = 4096 };
  assert_agree (&c);
  c.dev_reads = 3;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
}

/* Through the page cache the device may see less (cache hits, files
 * deleted before writeback); files created, extended or deleted bring
 * their metadata and whole last blocks. */
static void
test_through_cache (void)
{
  /* 1000 new files of 500 bytes: 1000 blocks of 4 KiB at the device */
  VolIoCounters c = { .phase = (char *) "create", .device = (char *) "loop7", .files = 1000,
                      .reads = 1000, .writes = 1000, .bytes_read = 1000 * 500, .bytes_written = 1000 * 500,
                      .dev_reads = 0, .dev_writes = 1000, .dev_bytes_read = 0, .dev_bytes_written = 1000 * 4096 };
  g_autofree char *why = NULL;

  /* without the flag the reads the cache served are a disagreement */
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "cache"));
  c.through_cache = TRUE;
  assert_agree (&c);
  /* nothing reached the device yet: still fine */
  c.dev_writes = 0;
  c.dev_bytes_written = 0;
  assert_agree (&c);
  /* but more than the files' allowance is not */
  c.dev_writes = 1000;
  c.dev_bytes_written = 1000 * 500 * 1.02 + VOL_IO_COUNTERS_JOURNAL_FIXED
                        + 1000 * VOL_IO_COUNTERS_PER_FILE + 8192;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
  /* unless there were more files */
  c.files = 1010;
  assert_agree (&c);

  /* reads may bring whole blocks in, not more */
  c = (VolIoCounters) { .phase = (char *) "transactions", .device = (char *) "loop7", .through_cache = TRUE,
                        .reads = 100, .bytes_read = 100 * 500,
                        .dev_reads = 100, .dev_bytes_read = 100 * 4096 };
  assert_agree (&c);
  c.dev_bytes_read = 100 * 500 * 1.02 + VOL_IO_COUNTERS_METADATA_READS + 100 * VOL_IO_COUNTERS_PER_CACHED_READ + 8192;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));

  /* a delete phase: no data, only metadata for its files */
  c = (VolIoCounters) { .phase = (char *) "delete", .device = (char *) "loop7", .through_cache = TRUE,
                        .files = 5000, .dev_writes = 500, .dev_bytes_written = 5000 * 4096 };
  assert_agree (&c);
  c.files = 50;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
}

/* The largest counts a file may hold: no overflow into agreement */
static void
test_extremes (void)
{
  VolIoCounters c = { .phase = (char *) "huge", .device = (char *) "md0",
                      .writes = G_MAXUINT64, .bytes_written = G_MAXUINT64,
                      .dev_writes = G_MAXUINT64, .dev_bytes_written = G_MAXUINT64 };

  assert_agree (&c);
  c.dev_bytes_written = 0;
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
  c = (VolIoCounters) { .phase = NULL, .device = NULL, .dev_bytes_written = G_MAXUINT64 };
  g_assert_false (vol_io_counters_agree (&c, VOL_IO_COUNTERS_TOLERANCE, NULL));
}

/* The members of a mirror, summed: each byte the test writes reaches
 * every copy, journal included; a read reaches one. */
static void
test_mirror (void)
{
  VolIoCounters c = exact_writes ();
  g_autofree char *why = NULL;

  c.device = (char *) "sdb+sdc";
  c.write_copies = 2;
  c.dev_writes = 200;
  c.dev_bytes_written = 200 * (guint64) MiB;
  assert_agree (&c);
  /* the journal twice over is fine too */
  c.dev_flushes = 4;
  c.dev_bytes_written += 2 * (256 * KiB + 4 * 64 * KiB);
  c.dev_writes += 8 + 2 * 512;
  assert_agree (&c);

  /* one copy's worth is the disagreement the caveat is for: a member
   * not counted, or a mirror that did not mirror */
  c = exact_writes ();
  c.device = (char *) "sdb+sdc";
  c.write_copies = 2;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "less than"));
  g_assert_nonnull (strstr (why, "× 2 copies"));
  g_clear_pointer (&why, g_free);
  /* and the same figures with one copy agree */
  c.write_copies = 1;
  assert_agree (&c);
  /* three copies where two were expected is more than any journal */
  c.write_copies = 2;
  c.dev_bytes_written = 300 * (guint64) MiB;
  c.dev_writes = 300;
  why = assert_disagree (&c);
  g_assert_nonnull (strstr (why, "where the test wrote"));
  g_clear_pointer (&why, g_free);

  /* reads reach one copy */
  c = (VolIoCounters) { .phase = (char *) "read", .device = (char *) "sdb+sdc", .write_copies = 2,
                        .reads = 100, .bytes_read = 100 * (guint64) MiB,
                        .dev_reads = 100, .dev_bytes_read = 100 * (guint64) MiB };
  assert_agree (&c);
  c.dev_bytes_read *= 2;
  g_free (assert_disagree (&c));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/io-counters/exact", test_exact);
  g_test_add_func ("/vol/io-counters/tolerance", test_tolerance);
  g_test_add_func ("/vol/io-counters/journal", test_journal);
  g_test_add_func ("/vol/io-counters/reads", test_reads);
  g_test_add_func ("/vol/io-counters/counts", test_counts);
  g_test_add_func ("/vol/io-counters/through-cache", test_through_cache);
  g_test_add_func ("/vol/io-counters/extremes", test_extremes);
  g_test_add_func ("/vol/io-counters/mirror", test_mirror);

  return g_test_run ();
}
