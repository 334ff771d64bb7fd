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
 * filesystem's journal and metadata: a fixed part (a journal commit and the
 * allocation it records, even for one small write), a part per flush the
 * device saw (each fdatasync commits the journal: descriptor, metadata and
 * commit blocks) and a fraction of the test's bytes (extent and bitmap
 * updates grow with what was written). Measured on ext4; see
 * docs/result-format.md. */
#define VOL_IO_COUNTERS_JOURNAL_FIXED     (1024 * 1024)
#define VOL_IO_COUNTERS_JOURNAL_PER_FLUSH (64 * 1024)
#define VOL_IO_COUNTERS_JOURNAL_FRACTION  0.02

/* Metadata a file created or deleted costs (inode, directory entry,
 * bitmaps, each journalled and later written home). */
#define VOL_IO_COUNTERS_PER_FILE          (16 * 1024)

/* Through the page cache (through_cache), each of the test's requests may
 * cost the device up to one more filesystem block: a partial block is
 * written whole, and rewritten when appended to; a read brings in the
 * whole block. */
#define VOL_IO_COUNTERS_PER_CACHED_REQUEST 4096

/* Device reads beyond the test's: metadata the filesystem had to read
 * (inodes, extent blocks, directories not in the cache). */
#define VOL_IO_COUNTERS_METADATA_READS    (1024 * 1024)

/* The smallest request size a device is assumed to split at: no block
 * device Linux drives takes less than this in one request
 * (queue/max_sectors_kb), so a test's request of size S may reach the
 * device as at most ⌈S / this⌉ requests. */
#define VOL_IO_COUNTERS_MIN_SPLIT         (64 * 1024)

gboolean vol_io_counters_agree (const VolIoCounters *c,
                                double               tolerance,
                                char               **why);

G_END_DECLS
