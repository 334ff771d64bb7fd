/* vol-io-counters.h — does a phase's count agree with the device's?
 *
 * A VolIoCounters (vol-result.h) holds what a test believes it did in one
 * timed phase beside how far the device's own counters rose. They never
 * match to the byte: the filesystem adds journal and metadata writes, the
 * block layer splits requests larger than the device takes and merges
 * neighbours. vol_io_counters_agree() allows exactly those differences, and
 * no more; docs/result-format.md ("Device counters") lists the rules and
 * where the allowances were measured. Pure; any thread.
 */
#pragma once

#include <glib.h>

#include "vol-result.h"

G_BEGIN_DECLS

/* The tolerance issue 10 asks for: 2 % of the test's own bytes. */
#define VOL_IO_COUNTERS_TOLERANCE 0.02

/* Device writes beyond the test's that a phase may show, from the
 * filesystem's journal and metadata: a fixed part (a timer's journal
 * commit, an atime or mtime update), a part per flush the device saw (each
 * fdatasync commits the journal: descriptor, metadata and commit blocks,
 * measured at 6 KiB per flush on a 1 KiB-block ext4 and 10–20 KiB on a
 * 4 KiB-block one), a fraction of the test's bytes (extent and bitmap
 * updates of newly allocated space: 0.15 % measured) and a part per file
 * created, extended or deleted (inode, directory entry, bitmaps, and
 * through the cache the whole last block: 0.6–2.7 KiB measured). About
 * three times what ext4 was seen to write; docs/result-format.md has the
 * measurements. */
#define VOL_IO_COUNTERS_JOURNAL_FIXED     (256 * 1024)
#define VOL_IO_COUNTERS_JOURNAL_PER_FLUSH (64 * 1024)
#define VOL_IO_COUNTERS_JOURNAL_FRACTION  0.005
#define VOL_IO_COUNTERS_PER_FILE          (8 * 1024)

/* Through the page cache (through_cache), each of the test's read
 * requests may bring in up to one more filesystem block than it asked
 * for (the rest of a partly read block). */
#define VOL_IO_COUNTERS_PER_CACHED_READ   4096

/* Device reads beyond the test's: metadata the filesystem had to read
 * (inodes, extent blocks, directories not in the cache). */
#define VOL_IO_COUNTERS_METADATA_READS    (256 * 1024)

/* The smallest request size a device is assumed to split at: no block
 * device Linux drives takes less than this in one request
 * (queue/max_sectors_kb), so a test's request of size S may reach the
 * device as at most ⌈S / this⌉ requests. */
#define VOL_IO_COUNTERS_MIN_SPLIT         (64 * 1024)

gboolean vol_io_counters_agree (const VolIoCounters *c,
                                double               tolerance,
                                char               **why);

G_END_DECLS
