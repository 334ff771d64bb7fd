/* test-surface.c — Read across the device, on real block devices
 *
 * Run by with-volume.sh: $VOL_TEST_DIR is a fresh ext4 loop volume. Each
 * test makes its own loop device over a file of random bytes in it and
 * scans that device (or the volume's own, through the folder). The I/O
 * table is wrapped: every call a run makes is recorded, and any write
 * fails the test; reads can be slowed over a region of the device, or
 * fail with EIO, or cancel the run at an exact read. The run times its
 * reads on the recorder's virtual clock, which a read moves on by its
 * length at 1 GB/s (slow_factor times that in a slow region): the figures
 * follow the device the test describes, not the machine's load.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-block-open.h"
#include "vol-io.h"
#include "vol-test-harness.h"

#define DEVICE_MIB 64

typedef struct
{
  VolIoOps      ops;
  GMutex        lock;
  guint         opens;
  int           open_flags;     /* of the last openat */
  guint         reads;
  guint         writes;         /* pwrite and fdatasync: must stay 0 */
  guint64       device_size;
  double        slow_from;      /* fraction of the device: reads starting in */
  double        slow_to;        /* [from, to) take slow_factor times as long */
  double        slow_factor;
  guint         fail_read_at;   /* 1-based, 0 never */
  guint         cancel_at_read;
  gboolean      refuse_open;    /* openat fails with EACCES, as for a user */
  gint64        clock_ns;       /* the virtual clock, moved on by each read */
} Recorder;

/* A read's cost on the virtual clock: 1 ns a byte (1 GB/s). */
#define NS_PER_BYTE 1

static Recorder *
recorder_of (const VolIoOps *ops)
{
  return (Recorder *) ops;
}

static int
rec_openat (const VolIoOps *ops, int dirfd, const char *name, int flags, mode_t mode)
{
  Recorder *r = recorder_of (ops);
  const VolIoOps *real = vol_io_ops_default ();

  g_mutex_lock (&r->lock);
  r->opens++;
  r->open_flags = flags;
  g_mutex_unlock (&r->lock);
  if (r->refuse_open)
    {
      errno = EACCES;
      return -1;
    }
  return real->openat (real, dirfd, name, flags, mode);
}

static ssize_t
rec_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t n, off_t offset)
{
  Recorder *r = recorder_of (ops);

  g_mutex_lock (&r->lock);
  r->writes++;
  g_mutex_unlock (&r->lock);
  /* never passed on: a scan must not write, and this one will not */
  errno = EPERM;
  return -1;
}

static int
rec_fdatasync (const VolIoOps *ops, int fd)
{
  Recorder *r = recorder_of (ops);

  g_mutex_lock (&r->lock);
  r->writes++;
  g_mutex_unlock (&r->lock);
  return 0;
}

static ssize_t
rec_pread (const VolIoOps *ops, int fd, void *buf, size_t n, off_t offset)
{
  Recorder *r = recorder_of (ops);
  const VolIoOps *real = vol_io_ops_default ();
  double where = r->device_size ? (double) offset / r->device_size : 0;
  gint64 cost;
  guint nth;
  ssize_t got;

  g_mutex_lock (&r->lock);
  nth = ++r->reads;
  g_mutex_unlock (&r->lock);
  if (nth == r->fail_read_at)
    {
      errno = EIO;
      return -1;
    }
  got = real->pread (real, fd, buf, n, offset);
  cost = (gint64) n * NS_PER_BYTE;
  if (r->slow_factor > 1 && where >= r->slow_from && where < r->slow_to)
    /* a slower stretch of the device: this read takes factor × the time */
    cost = (gint64) (cost * r->slow_factor);
  g_mutex_lock (&r->lock);
  r->clock_ns += cost;
  g_mutex_unlock (&r->lock);
  if (nth == r->cancel_at_read)
    /* the run's thread has its cancellable pushed as the current one */
    g_cancellable_cancel (g_cancellable_get_current ());
  return got;
}

static gint64
rec_now_ns (const VolIoOps *ops)
{
  Recorder *r = recorder_of (ops);
  gint64 now;

  g_mutex_lock (&r->lock);
  now = r->clock_ns;
  g_mutex_unlock (&r->lock);
  return now;
}

static int
rec_fadvise (const VolIoOps *ops, int fd, off_t offset, off_t len, int advice)
{
  const VolIoOps *real = vol_io_ops_default ();
  return real->fadvise (real, fd, offset, len, advice);
}

static int
rec_close (const VolIoOps *ops, int fd)
{
  const VolIoOps *real = vol_io_ops_default ();
  return real->close (real, fd);
}

static void
recorder_init (Recorder *r)
{
  memset (r, 0, sizeof *r);
  g_mutex_init (&r->lock);
  r->ops.openat = rec_openat;
  r->ops.pwrite = rec_pwrite;
  r->ops.pread = rec_pread;
  r->ops.fdatasync = rec_fdatasync;
  r->ops.fadvise = rec_fadvise;
  r->ops.close = rec_close;
  r->ops.now_ns = rec_now_ns;
}

/* ---- a loop device over random bytes ------------------------------------- */

typedef struct
{
  char *image;
  char *device;
} Device;

static void
device_make (Device *d)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *data = g_malloc (MiB);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  /* in RAM where there is /dev/shm (with-volume.sh's folder): a device as
   * even as can be, so the slow regions the recorder makes are the only
   * ones */
  const char *ram = g_getenv ("VOL_TEST_RAM_DIR");
  int status;
  FILE *f;

  d->image = g_build_filename (ram && *ram ? ram : th_test_dir, "surface.img", NULL);
  f = fopen (d->image, "wb");
  g_assert_nonnull (f);
  for (guint m = 0; m < DEVICE_MIB; m++)
    {
      for (gsize i = 0; i < MiB; i += 4)
        {
          guint32 v = g_rand_int (rand);
          memcpy (data + i, &v, 4);
        }
      g_assert_cmpuint (fwrite (data, 1, MiB, f), ==, MiB);
    }
  g_assert_cmpint (fclose (f), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char *[]) { "losetup", "-f", "--show", d->image, NULL }, NULL,
                               G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  d->device = g_strstrip (g_steal_pointer (&out));
  g_assert_true (g_str_has_prefix (d->device, "/dev/loop"));
}

static void
device_free (Device *d)
{
  g_spawn_sync (NULL, (char *[]) { "losetup", "-d", d->device, NULL }, NULL, G_SPAWN_SEARCH_PATH,
                NULL, NULL, NULL, NULL, NULL, NULL);
  g_unlink (d->image);
  g_free (d->image);
  g_free (d->device);
}

static char *
device_checksum (const char *path)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *buf = g_malloc (MiB);
  int fd = open (path, O_RDONLY);
  ssize_t got;

  g_assert_cmpint (fd, >=, 0);
  while ((got = read (fd, buf, MiB)) > 0)
    g_checksum_update (sum, buf, got);
  g_assert_cmpint (got, ==, 0);
  close (fd);
  return g_strdup (g_checksum_get_string (sum));
}

/* A spec scanning @target (a device or a folder). */
static VolTestSpec *
surface_spec (const char *target,
              const char *samples,
              const char *sample_size,
              const char *access)
{
  const char *saved = th_test_dir;
  VolTestSpec *spec;

  th_test_dir = target;
  spec = th_make_spec ("surface", 7, "samples", samples, "sample-size", sample_size, "access", access, NULL);
  th_test_dir = saved;
  return spec;
}

static const VolColumn *
column (const VolResult *result,
        const char      *series,
        const char      *name)
{
  const VolSeries *s = vol_result_get_series (result, series);

  g_assert_nonnull (s);
  g_assert_nonnull (vol_series_get_column (s, name));
  return vol_series_get_column (s, name);
}

static double
at (const VolColumn *c,
    guint            i)
{
  return g_array_index (c->values, double, i);
}

/* How many positions were read again as possible slow spots. */
static guint
rereads (const VolResult *result)
{
  const VolColumn *again = column (result, "transfer", "reread");
  guint n = 0;

  for (guint i = 0; i < again->values->len; i++)
    n += !isnan (at (again, i));
  return n;
}

/* ---- the tests -------------------------------------------------------------- */

/* The whole device, evenly, read-only: positions 0 … (size − S) / size in
 * equal steps, every figure positive, M access times, a burst; nothing
 * written (the recorder, the device's own counters, its checksum). */
static void
test_device (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  const VolColumn *pos, *rate, *lat;
  guint64 size = (guint64) DEVICE_MIB * MiB, sample = 256 * 1024;
  double step;

  device_make (&d);
  before = device_checksum (d.device);
  recorder_init (&rec);
  rec.device_size = size;
  spec = surface_spec (d.device, "64", "256K", "300");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_no_error (run.error);
  g_assert_nonnull (run.result);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);

  /* read-only by construction: one open, O_RDONLY | O_DIRECT, no write */
  g_assert_cmpuint (rec.opens, ==, 1);
  g_assert_cmpint (rec.open_flags & O_ACCMODE, ==, O_RDONLY);
  g_assert_true (rec.open_flags & O_DIRECT);
  g_assert_cmpuint (rec.writes, ==, 0);
  /* a first read, a seek and a sample per position, two of each per
   * position re-read, the access reads, the burst's 1 + 8 */
  g_assert_cmpuint (rec.reads, ==, 1 + 64 * 2 + 4 * rereads (run.result) + 300 + 9);
  after = device_checksum (d.device);
  g_assert_cmpstr (before, ==, after);

  g_assert_cmpint (th_resolved_int (run.result, "device-size"), ==, (gint64) size);
  pos = column (run.result, "transfer", "position");
  rate = column (run.result, "transfer", "throughput");
  g_assert_cmpuint (pos->values->len, ==, 64);
  /* evenly spaced, 4 KiB-aligned, from 0 to within 64 grains of the end */
  g_assert_cmpint (th_resolved_int (run.result, "step") % 4096, ==, 0);
  step = 100.0 * th_resolved_int (run.result, "step") / size;
  for (guint i = 0; i < pos->values->len; i++)
    {
      g_assert_cmpfloat (fabs (at (pos, i) - i * step), <=, 1e-9);
      g_assert_cmpfloat (at (rate, i), >, 0);
    }
  g_assert_cmpfloat (at (pos, 0), ==, 0);
  g_assert_cmpfloat (at (pos, 63), <=, 100.0 * (size - sample) / size);
  g_assert_cmpfloat (at (pos, 63), >=, 100.0 * (size - sample - 63 * 4096) / size);

  lat = column (run.result, "access", "latency");
  g_assert_cmpuint (lat->values->len, ==, 300);
  for (guint i = 0; i < lat->values->len; i++)
    g_assert_cmpfloat (at (lat, i), >, 0);
  g_assert_cmpfloat (th_figure (run.result, "access-mean"), >, 0);
  g_assert_cmpfloat (th_figure (run.result, "access-p99"), >=, th_figure (run.result, "access-median"));
  g_assert_cmpfloat (th_figure (run.result, "burst"), >, 0);

  /* the device's own counters: the phases' reads, and not a byte written */
  g_assert_cmpuint (run.result->counters->len, ==, 2);
  for (guint i = 0; i < run.result->counters->len; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (run.result->counters, i);
      g_autofree char *base = g_path_get_basename (d.device);

      g_assert_cmpstr (c->device, ==, base);
      g_assert_cmpuint (c->dev_bytes_written, ==, 0);
      g_assert_cmpuint (c->dev_writes, ==, 0);
      g_assert_cmpuint (c->dev_bytes_read, >=, c->bytes_read);
    }
  g_assert_true (vol_target_info_is_device (run.result->target));
  th_assert_no_scratch ();
  g_clear_pointer (&run.result, vol_result_unref);
  device_free (&d);
}

/* The device's second half three times slower: the drop is found at the
 * middle, within a step; no slow spot is made of it. */
static void
test_slow_half (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = NULL;

  device_make (&d);
  recorder_init (&rec);
  rec.device_size = (guint64) DEVICE_MIB * MiB;
  rec.slow_from = 0.5;
  rec.slow_to = 2;
  rec.slow_factor = 3;
  spec = surface_spec (d.device, "100", "256K", "0");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_test_message ("drop at %.1f %%: %.0f → %.0f MB/s", th_figure (run.result, "drop-position"),
                  th_figure (run.result, "drop-before") / 1e6, th_figure (run.result, "drop-after") / 1e6);
  g_assert_cmpfloat (fabs (th_figure (run.result, "drop-position") - 50), <=, 2);
  g_assert_cmpfloat (th_figure (run.result, "drop-after"), <, 0.75 * th_figure (run.result, "drop-before"));
  g_clear_pointer (&run.result, vol_result_unref);
  device_free (&d);
}

/* A slow spot from 40 to 45 %: a dip there (or two, on a machine noisy
 * enough to lift one position in the middle), under half its
 * neighbours'. */
static void
test_dip (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = NULL;
  const VolColumn *from, *to, *level, *around;
  gboolean found = FALSE;

  device_make (&d);
  recorder_init (&rec);
  rec.device_size = (guint64) DEVICE_MIB * MiB;
  rec.slow_from = 0.40;
  rec.slow_to = 0.45;
  rec.slow_factor = 6;
  spec = surface_spec (d.device, "100", "256K", "0");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpfloat (th_figure (run.result, "dips"), >=, 1);
  from = column (run.result, "dips", "from");
  to = column (run.result, "dips", "to");
  level = column (run.result, "dips", "level");
  around = column (run.result, "dips", "around");
  for (guint i = 0; i < from->values->len; i++)
    {
      g_test_message ("dip %.1f–%.1f %%: %.0f MB/s among %.0f", at (from, i), at (to, i),
                      at (level, i) / 1e6, at (around, i) / 1e6);
      /* in the slow stretch (a noisy machine may split it in two) */
      if (at (from, i) >= 39 && at (to, i) <= 46)
        {
          found = TRUE;
          g_assert_cmpfloat (at (level, i), <, 0.5 * at (around, i));
        }
    }
  g_assert_true (found);
  /* the slow spot was read again before being called one */
  g_assert_cmpuint (rereads (run.result), >=, 1);
  g_clear_pointer (&run.result, vol_result_unref);
  device_free (&d);
}

/* Cancelled at the 11th read (after the first read, the 5th position's
 * timed read), from the run's own thread: the run stops before the next
 * position, the five kept, nothing written. */
static void
test_cancel (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = NULL;

  device_make (&d);
  recorder_init (&rec);
  rec.device_size = (guint64) DEVICE_MIB * MiB;
  rec.cancel_at_read = 11;
  spec = surface_spec (d.device, "64", "256K", "100");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_nonnull (run.result);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_CANCELLED);
  g_assert_cmpuint (column (run.result, "transfer", "position")->values->len, ==, 5);
  g_assert_cmpuint (rec.reads, ==, 11);
  g_assert_cmpuint (rec.writes, ==, 0);
  g_clear_pointer (&run.result, vol_result_unref);
  device_free (&d);
}

/* EIO on the 8th read (the 4th position's seek): a failed result naming
 * the device and the offset, the three positions read before it kept. */
static void
test_eio (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = NULL;

  device_make (&d);
  recorder_init (&rec);
  rec.device_size = (guint64) DEVICE_MIB * MiB;
  rec.fail_read_at = 8;
  spec = surface_spec (d.device, "64", "256K", "100");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_nonnull (run.result);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_FAILED);
  g_assert_nonnull (strstr (run.result->message, d.device));
  g_assert_nonnull (strstr (run.result->message, "offset"));
  g_assert_cmpuint (column (run.result, "transfer", "position")->values->len, ==, 3);
  g_clear_pointer (&run.result, vol_result_unref);
  device_free (&d);
}

/* A partition (an MBR table written by hand: one partition from 1 MiB to
 * 63 MiB of the 64): read as itself, and with whole-disk the disk. */
static void
test_whole_disk (void)
{
  Device d;
  g_autofree char *part = NULL;
  g_autofree char *disk_name = NULL;
  guint8 mbr[512] = { 0 };
  guint32 start = 2048, count = 62 * 2048;
  int fd;

  device_make (&d);
  /* the partition table, then the device again with its partitions */
  mbr[446 + 4] = 0x83;
  memcpy (mbr + 446 + 8, &start, 4);
  memcpy (mbr + 446 + 12, &count, 4);
  mbr[510] = 0x55;
  mbr[511] = 0xaa;
  fd = open (d.image, O_WRONLY);
  g_assert_cmpint (pwrite (fd, mbr, sizeof mbr, 0), ==, (ssize_t) sizeof mbr);
  close (fd);
  g_spawn_sync (NULL, (char *[]) { "losetup", "-d", d.device, NULL }, NULL, G_SPAWN_SEARCH_PATH,
                NULL, NULL, NULL, NULL, NULL, NULL);
  g_free (d.device);
  {
    g_autofree char *out = NULL;
    int status;
    g_assert_true (g_spawn_sync (NULL, (char *[]) { "losetup", "-P", "-f", "--show", d.image, NULL }, NULL,
                                 G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status, NULL));
    g_assert_cmpint (status, ==, 0);
    d.device = g_strstrip (g_steal_pointer (&out));
  }
  part = g_strdup_printf ("%sp1", d.device);
  /* the kernel makes the node as it reads the table; a moment's grace */
  for (guint i = 0; i < 200 && !g_file_test (part, G_FILE_TEST_EXISTS); i++)
    g_usleep (10000);
  disk_name = g_path_get_basename (d.device);
  if (!g_file_test (part, G_FILE_TEST_EXISTS))
    {
      /* a kernel built without the partition tables (a micro-VM's): it
       * makes no partition to read, and this machine cannot check it */
      g_autofree char *sys = g_strdup_printf ("/sys/block/%s/%sp1", disk_name, disk_name);
      g_assert_false (g_file_test (sys, G_FILE_TEST_EXISTS));
      g_test_skip ("this kernel reads no partition table on a loop device (CONFIG_MSDOS_PARTITION off)");
      device_free (&d);
      return;
    }

  for (guint whole = 0; whole < 2; whole++)
    {
      ThRun run = { 0 };
      const char *saved = th_test_dir;
      g_autoptr(VolTestSpec) spec = NULL;
      g_autoptr(GVariant) device = NULL;

      th_test_dir = part;
      spec = th_make_spec ("surface", 7, "samples", "10", "sample-size", "64K", "access", "10",
                           "whole-disk", whole ? "yes" : "no", NULL);
      th_test_dir = saved;
      th_run_spec (spec, NULL, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
      device = g_variant_lookup_value (run.result->resolved, "device", G_VARIANT_TYPE_STRING);
      g_assert_cmpstr (g_variant_get_string (device, NULL), ==, whole ? d.device : part);
      g_assert_cmpint (th_resolved_int (run.result, "device-size"), ==,
                       whole ? (gint64) DEVICE_MIB * MiB : (gint64) count * 512);
      g_clear_pointer (&run.result, vol_result_unref);
    }
  device_free (&d);
}

/* Stands for UDisks2: opens the device with the flags it was given. */
typedef struct
{
  int   flags;
  guint calls;
} Opener;

static int
open_for_test (const char    *path,
               GCancellable  *cancellable,
               gpointer       user_data,
               GError       **error)
{
  Opener *o = user_data;
  int fd = open (path, o->flags);

  o->calls++;
  if (fd < 0)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s", g_strerror (errno));
  return fd;
}

/* The system refuses the open (a user, not root): the descriptor comes
 * from the fallback (UDisks2's OpenDevice in the application) and the scan
 * reads through it; the result says so. */
static void
test_handed_over (void)
{
  Device d;
  Recorder rec;
  ThRun run = { 0 };
  Opener opener = { O_RDONLY | O_DIRECT | O_CLOEXEC, 0 };
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GVariant) by = NULL;

  device_make (&d);
  recorder_init (&rec);
  rec.refuse_open = TRUE;
  _vol_block_set_fallback_opener (open_for_test, &opener);
  spec = surface_spec (d.device, "16", "64K", "10");
  th_run_spec (spec, &rec.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpuint (opener.calls, ==, 1);
  g_assert_cmpuint (rec.reads, ==, 1 + 16 * 2 + 4 * rereads (run.result) + 10 + 9);
  by = g_variant_lookup_value (run.result->resolved, "opened-by", G_VARIANT_TYPE_STRING);
  g_assert_cmpstr (g_variant_get_string (by, NULL), ==, "udisks2");
  g_clear_pointer (&run.result, vol_result_unref);

  /* a descriptor that could write is not used: refused before any read */
  opener.flags = O_RDWR | O_DIRECT | O_CLOEXEC;
  rec.reads = 0;
  th_run_spec (spec, &rec.ops, &run);
  g_assert_null (run.result);
  g_assert_nonnull (run.error);
  g_assert_nonnull (strstr (run.error->message, "not read-only"));
  g_assert_cmpuint (rec.reads, ==, 0);
  g_clear_error (&run.error);

  _vol_block_set_fallback_opener (NULL, NULL);
  device_free (&d);
}

/* A folder: its volume's device is read; no scratch folder is made. */
static void
test_folder (void)
{
  Recorder rec;
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = surface_spec (th_test_dir, "20", "64K", "20");
  const char *device = g_getenv ("VOL_TEST_DEVICE");
  g_autofree char *base = device ? g_path_get_basename (device) : NULL;

  recorder_init (&rec);
  th_run_spec (spec, &rec.ops, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpuint (rec.writes, ==, 0);
  g_assert_false (vol_target_info_is_device (run.result->target));
  if (device)
    {
      g_autofree char *resolved = g_strdup_printf ("/dev/%s", base);
      const VolIoCounters *c = g_ptr_array_index (run.result->counters, 0);
      GVariant *v = g_variant_lookup_value (run.result->resolved, "device", G_VARIANT_TYPE_STRING);

      g_assert_nonnull (v);
      g_assert_cmpstr (g_variant_get_string (v, NULL), ==, resolved);
      g_variant_unref (v);
      g_assert_cmpstr (c->device, ==, base);
    }
  th_assert_no_scratch ();
  g_clear_pointer (&run.result, vol_result_unref);
}

/* Not a block device, a folder without one: refused, with the reason. */
static void
test_refused (void)
{
  ThRun run = { 0 };
  g_autoptr(VolTestSpec) spec = surface_spec ("/dev/null", "20", "64K", "20");

  th_run_spec (spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_nonnull (run.error);
  g_assert_nonnull (strstr (run.error->message, "not a block device"));
  g_clear_error (&run.error);
}

int
main (int    argc,
      char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;
  g_test_add_func ("/vol/surface/device", test_device);
  g_test_add_func ("/vol/surface/slow-half", test_slow_half);
  g_test_add_func ("/vol/surface/dip", test_dip);
  g_test_add_func ("/vol/surface/cancel", test_cancel);
  g_test_add_func ("/vol/surface/eio", test_eio);
  g_test_add_func ("/vol/surface/folder", test_folder);
  g_test_add_func ("/vol/surface/handed-over", test_handed_over);
  g_test_add_func ("/vol/surface/whole-disk", test_whole_disk);
  g_test_add_func ("/vol/surface/refused", test_refused);
  return g_test_run ();
}
