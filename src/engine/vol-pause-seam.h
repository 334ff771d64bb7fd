/* vol-pause-seam.h — TEST ONLY: stop a run at a chosen system call
 *
 * Tests of a whole process (the command line, the application under
 * Xvfb) must stop a run at a known point to send a signal, delete the
 * target or kill it there, whatever the volume's speed. Two environment
 * variables, read once, make vol_io_ops_default() return a table that
 * pauses at the Nth call of a kind:
 *
 *   VOLUMETER_TEST_PAUSE=CALL:N[,CALL:N…]   CALL one of openat, pwrite,
 *       pread, fdatasync, fadvise, close; N ≥ 1, counted over the whole
 *       process, every thread and every run
 *   VOLUMETER_TEST_PAUSE_DIR=DIR            an absolute path holding two
 *       FIFOs the test made (mkfifo), owned by the same user:
 *       DIR/reached and DIR/release
 *
 * At the Nth call, before making it, the calling thread writes
 * "CALL N\n" to DIR/reached, then blocks until a line arrives on
 * DIR/release, or until the run is cancelled (the GCancellable current
 * in that thread, g_cancellable_push_current()), and then makes the call.
 * The test waits with a blocking read, never a sleep; tests/lib/pause.sh has
 * the shell side.
 *
 * Unset, nothing changes: vol_io_ops_default() returns the plain table
 * and no call pays for the seam. Set wrongly (a malformed value, missing
 * FIFOs, someone else's), it is ignored with a warning, so it cannot pause
 * a real run by accident: the FIFOs must have been made for it.
 *
 * A probe that hangs, as one of a dead network mount does:
 *
 *   VOLUMETER_TEST_PROBE_HANG=PATH          with VOLUMETER_TEST_PAUSE_DIR
 *       as above: the probe of the folder PATH (exactly as asked for, see
 *       vol_target_probe(); a listed volume's folder too) writes
 *       "probe PATH\n" to DIR/reached and blocks until a line arrives on
 *       DIR/release, every time PATH is probed.
 */
#pragma once

#include "vol-io.h"

G_BEGIN_DECLS

const VolIoOps *_vol_pause_seam_wrap  (const VolIoOps *real);
void            _vol_pause_seam_probe (const char     *path);

G_END_DECLS
