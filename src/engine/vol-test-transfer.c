/* vol-test-transfer.c — Transfer size: MB/s by chunk size
 *
 * For each transfer size S (from … to, doubling) and each iteration k, a
 * region of R bytes is written sequentially in transfers of S bytes, then
 * read back the same way. One file per size, laid down (untimed) before
 * its first iteration so every timed write is an overwrite, as fio's
 * --overwrite=1 does; deleted after its last iteration, so only one
 * region's worth of space is ever in use:
 *
 *   write_throughput(S, k) = R / (t_after_fdatasync − t_first_write)
 *   read_throughput(S, k)  = R / (t_after_last_read − t_first_read)
 *
 * R is the region asked for, fitted to the free space (less 64 MiB) and
 * rounded down to a multiple of the largest size, so every size moves
 * exactly R bytes. Files are opened with O_DIRECT; a size below the
 * filesystem's O_DIRECT offset alignment is refused in prepare(). Where
 * O_DIRECT is refused altogether the I/O is buffered, flushed inside the
 * timing, the pages dropped before reads, and the result says "fadvise".
 */

#include <inttypes.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-kinds.h"
#include "vol-estimate.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-stats.h"
#include "vol-scratch-file.h"

/* Laying a file down in transfers smaller than this would be slow for
 * nothing: it is not timed. */
#define LAY_DOWN_CHUNK (8 * MiB)

typedef struct
{
  GArray  *sizes;        /* of guint64, from … to */
  guint64  region;       /* bytes per size and iteration, after fitting */
  guint64  region_asked;
  guint    iterations;
  gboolean direct;       /* O_DIRECT, decided in prepare() */
  guint    mem_align;
  guint    offset_align;
} TransferPlan;

static void
plan_free (gpointer data)
{
  TransferPlan *plan = data;

  if (plan->sizes)
    g_array_unref (plan->sizes);
  g_free (plan);
}

/* O_DIRECT and its alignment, learnt on a throwaway file before anything
 * is written. */
static gboolean
probe_direct (VolRun       *run,
              TransferPlan *plan,
              GError      **error)
{
  VolDioAlign align;
  gboolean direct;

  if (!_vol_scratch_file_probe_direct (run, "transfer-probe.dat", &direct, &align, error))
    return FALSE;
  plan->direct = direct;
  plan->mem_align = MAX (align.mem_align, 4096);
  plan->offset_align = direct ? align.offset_align : 1;
  return TRUE;
}

/* from, doubling, up to to */
static GArray *
spec_sizes (const VolTestSpec *spec)
{
  guint64 from = (guint64) vol_test_spec_get_int (spec, "from");
  guint64 to = (guint64) vol_test_spec_get_int (spec, "to");
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint64 s = from; s <= to && s > 0; s *= 2)
    g_array_append_val (sizes, s);
  return sizes;
}

static gboolean
transfer_prepare (VolRun  *run,
                  GError **error)
{
  TransferPlan *plan = g_new0 (TransferPlan, 1);
  guint64 from = (guint64) vol_test_spec_get_int (run->spec, "from");
  guint64 to = (guint64) vol_test_spec_get_int (run->spec, "to");
  guint64 fitted, step;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = plan_free;

  plan->iterations = (guint) vol_test_spec_get_int (run->spec, "iterations");
  plan->region_asked = (guint64) vol_test_spec_get_int (run->spec, "region");
  plan->sizes = spec_sizes (run->spec);

  if (!probe_direct (run, plan, error))
    return FALSE;
  if (plan->direct && from % plan->offset_align != 0)
    {
      g_autofree char *from_text = vol_size_format (from);
      g_autofree char *align_text = vol_size_format (plan->offset_align);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("from: %s transfers cannot bypass the cache on %s, which needs O_DIRECT transfers in multiples of %s; start at %s or more"),
                   from_text, run->target->path, align_text, align_text);
      return FALSE;
    }

  fitted = _vol_scratch_file_fit (run, plan->region_asked, VOL_KIND_KEEP_FREE, error);
  if (fitted == 0)
    return FALSE;
  /* Every size moves the same bytes: a whole number of the largest. */
  step = MAX (to, MiB);
  plan->region = fitted / step * step;
  if (plan->region == 0)
    {
      g_autofree char *fitted_text = vol_size_format (fitted);
      g_autofree char *to_text = vol_size_format (to);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s for one %s transfer: the region fits in %s; use a smaller largest transfer"),
                   run->target->path, to_text, fitted_text);
      return FALSE;
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "region", g_variant_new_int64 ((gint64) plan->region));
  g_variant_builder_add (&b, "{sv}", "sizes", g_variant_new_int64 (plan->sizes->len));
  g_variant_builder_add (&b, "{sv}", "iterations", g_variant_new_int64 (plan->iterations));
  g_variant_builder_add (&b, "{sv}", "o-direct-alignment", g_variant_new_int64 (plan->offset_align));
  g_variant_builder_add (&b, "{sv}", "total-bytes",
                         g_variant_new_int64 ((gint64) (plan->region * plan->sizes->len * plan->iterations * 2)));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct
{
  VolRun       *run;
  TransferPlan *plan;
  VolDataPool  *pool;
  VolSeries    *write;
  VolSeries    *read;
  guint64       bytes_written;   /* timed writes only */
  guint64       bytes_read;
  guint64       bytes_laid;      /* untimed lay-down, for the progress */
  guint64       pass_serial;     /* the first stamp serial of the last write pass */
  guint64       size_writes;     /* write and read calls at the current size */
  guint64       size_reads;
  double        total_bytes;
  char         *text;
  guint         text_key;
} Transfer;

/* Called after every transfer; the text is made only when it changes. */
static void
report (Transfer   *t,
        const char *phase,
        guint       size_index,
        guint       iteration)
{
  guint key = (size_index << 10 | iteration) << 2 | (phase[0] == 'w' ? 1 : phase[0] == 'r' ? 2 : 3);

  if (t->text == NULL || t->text_key != key)
    {
      g_autofree char *size = vol_size_format (g_array_index (t->plan->sizes, guint64, size_index));
      g_free (t->text);
      if (phase[0] == 'w')
        t->text = g_strdup_printf (_("Writing in %s transfers, iteration %u of %u"), size, iteration + 1,
                                   t->plan->iterations);
      else if (phase[0] == 'r')
        t->text = g_strdup_printf (_("Reading in %s transfers, iteration %u of %u"), size, iteration + 1,
                                   t->plan->iterations);
      else
        t->text = g_strdup_printf (_("Preparing the %s file"), size);
      t->text_key = key;
    }
  _vol_run_progress (t->run, phase, t->text, size_index + 1, t->plan->sizes->len,
                     (t->bytes_written + t->bytes_read + t->bytes_laid) / t->total_bytes,
                     phase[0] == 'w' ? t->bytes_written : phase[0] == 'r' ? t->bytes_read : t->bytes_laid);
}

static void
add_sample (Transfer  *t,
            VolSeries *series,
            guint64    size,
            guint      iteration,
            gint64     elapsed_ns)
{
  double seconds = elapsed_ns / 1e9;
  double rate = seconds > 0 ? t->plan->region / seconds : 0;

  vol_kind_transfer_append_row (series, size, iteration, rate, seconds, (double) t->plan->region);

  _vol_run_sample (t->run, series->name, (double) size, rate);
}

/* A transfer's stamp serial within its pass: one per 4 KiB block (or,
 * below 4 KiB, one per transfer), counted from the pass's first serial,
 * which the run's counter hands out (vol-datapool.h). */
static inline guint64
serial_of (guint64  first,
           guint64  size,
           guint64  offset)
{
  return first + offset / MIN (size, (guint64) VOL_STAMP_BLOCK);
}

/* How many serials a pass over the region takes. */
static inline guint64
serials_per_pass (Transfer *t,
                  guint64   size)
{
  return t->plan->region / MIN (size, (guint64) VOL_STAMP_BLOCK);
}

typedef struct
{
  Transfer *t;
  guint     size_index;
  guint64   laid_before;
} LayDown;

static gboolean
lay_down_progress (guint64  done,
                   gpointer user_data)
{
  LayDown *ld = user_data;

  ld->t->bytes_laid = ld->laid_before + done;
  report (ld->t, "prepare", ld->size_index, 0);
  return TRUE;
}

static gboolean
lay_down (Transfer   *t,
          int         fd,
          const char *name,
          guint       size_index,
          GError    **error)
{
  LayDown ld = { t, size_index, t->bytes_laid };
  guint64 first = _vol_run_take_serials (t->run, t->plan->region / VOL_STAMP_BLOCK);

  return _vol_scratch_file_lay_down_with (t->run, fd, name, t->plan->region, t->pool, first,
                                       t->plan->direct, lay_down_progress, &ld, error);
}

static gboolean
write_pass (Transfer   *t,
            int         fd,
            const char *name,
            guint       size_index,
            guint       iteration,
            GError    **error)
{
  VolRun *run = t->run;
  const VolIoOps *io = run->io;
  guint64 size = g_array_index (t->plan->sizes, guint64, size_index);
  guint8 *buf = vol_data_pool_get_data (t->pool);
  gint64 start;

  /* the read pass that follows checks against these */
  t->pass_serial = _vol_run_take_serials (run, serials_per_pass (t, size));
  start = vol_io_now_ns ();
  for (guint64 offset = 0; offset < t->plan->region; offset += size)
    {
      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      vol_data_pool_stamp (t->pool, serial_of (t->pass_serial, size, offset), size);
      if (!vol_io_write_all (io, fd, buf, size, offset, name, error))
        return FALSE;
      t->bytes_written += size;
      t->size_writes++;
      report (t, "write", size_index, iteration);
    }
  /* The flush is part of the write: without it the number would be the
   * page cache's or the drive's write cache's. */
  if (!_vol_scratch_file_flush (run, fd, name, error))
    return FALSE;
  add_sample (t, t->write, size, iteration, vol_io_now_ns () - start);
  return TRUE;
}

static gboolean
read_pass (Transfer   *t,
           int         fd,
           const char *name,
           guint       size_index,
           guint       iteration,
           GError    **error)
{
  VolRun *run = t->run;
  const VolIoOps *io = run->io;
  guint64 size = g_array_index (t->plan->sizes, guint64, size_index);
  guint8 *buf = vol_data_pool_get_data (t->pool);
  gint64 start;

  _vol_scratch_file_drop_cache (run, fd, t->plan->direct);
  start = vol_io_now_ns ();
  for (guint64 offset = 0; offset < t->plan->region; offset += size)
    {
      guint64 bad;

      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      if (!vol_io_read_all (io, fd, buf, size, offset, name, error))
        return FALSE;
      /* a few cache lines per transfer; below 4 KiB there is no block to check */
      if (!vol_data_pool_verify (t->pool, buf, serial_of (t->pass_serial, size, offset), size, &bad))
        {
          g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                       _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                       name, offset + bad * VOL_STAMP_BLOCK);
          return FALSE;
        }
      t->bytes_read += size;
      t->size_reads++;
      report (t, "read", size_index, iteration);
    }
  add_sample (t, t->read, size, iteration, vol_io_now_ns () - start);
  return TRUE;
}

static gboolean
run_size (Transfer *t,
          guint     size_index,
          GError  **error)
{
  VolRun *run = t->run;
  guint64 size = g_array_index (t->plan->sizes, guint64, size_index);
  g_autofree char *name = g_strdup_printf ("transfer-%" G_GUINT64_FORMAT ".dat", size);
  gboolean direct = t->plan->direct;
  gboolean ok;
  int fd;

  fd = _vol_scratch_file_open (run, name, O_RDWR | O_CREAT | O_EXCL, &direct, error);
  if (fd < 0)
    return FALSE;
  ok = lay_down (t, fd, name, size_index, error);
  if (ok)
    {
      /* The device's counters per size: its iterations' timed writes and
       * reads (the untimed lay-down is before, and not counted). */
      g_autofree char *phase = vol_size_format (size);
      guint64 written = t->bytes_written, read = t->bytes_read;

      t->size_writes = t->size_reads = 0;
      _vol_run_phase_begin (run);
      for (guint k = 0; ok && k < t->plan->iterations; k++)
        {
          ok = write_pass (t, fd, name, size_index, k, error);
          ok = ok && read_pass (t, fd, name, size_index, k, error);
        }
      _vol_run_phase_end (run, phase, t->size_reads, t->size_writes,
                          t->bytes_read - read, t->bytes_written - written);
    }
  if (run->io->close (run->io, fd) != 0 && ok)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Closing %s failed: %s"), name, g_strerror (saved));
      ok = FALSE;
    }
  /* one region at a time: the next size reuses the space */
  unlinkat (vol_scratch_get_fd (run->scratch), name, 0);
  return ok;
}

static gboolean
transfer_run (VolRun  *run,
              GError **error)
{
  Transfer t = { run, run->test_data };
  guint64 largest = g_array_index (t.plan->sizes, guint64, t.plan->sizes->len - 1);
  gboolean ok = TRUE;

  t.write = vol_kind_transfer_add_series (run->result, TRUE);
  t.read = vol_kind_transfer_add_series (run->result, FALSE);
  t.total_bytes = (double) t.plan->region * t.plan->sizes->len * (2.0 * t.plan->iterations + 1);
  /* one buffer, the largest transfer (and at least the lay-down chunk,
   * unless the region is smaller), written from and read into */
  t.pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed,
                              (gsize) MAX (largest, MIN (LAY_DOWN_CHUNK, t.plan->region)),
                              t.plan->mem_align);

  for (guint s = 0; ok && s < t.plan->sizes->len; s++)
    ok = run_size (&t, s, error);

  vol_kind_transfer_summarize (run->result, t.plan->sizes, t.write, t.read,
                               &(VolTransferTotals) { t.bytes_written, t.bytes_read, t.bytes_laid, TRUE });
  vol_data_pool_free (t.pool);
  g_free (t.text);
  return ok;
}

/* One host's fio figures for build_transfer()'s sections
 * ("write-4096-0", "read-4096-0"): a row per size and pass, from fio's
 * bytes and runtime of the direction (the write's end_fsync inside it).
 * fio lays each file down before its first write: no figure for it. */
static gboolean
transfer_from_fio (const VolTestSpec    *spec,
                   VolResult            *result,
                   const VolFioSections *sections,
                   GError              **error)
{
  g_autoptr(GArray) sizes = spec_sizes (spec);
  guint iterations = (guint) vol_test_spec_get_int (spec, "iterations");
  VolSeries *write = vol_kind_transfer_add_series (result, TRUE);
  VolSeries *read = vol_kind_transfer_add_series (result, FALSE);
  double written = 0, read_bytes = 0;

  for (guint s = 0; s < sizes->len; s++)
    for (guint k = 0; k < iterations; k++)
      {
        guint64 size = g_array_index (sizes, guint64, s);
        const VolFioEntry *w = _vol_fio_section (sections, error, "write-%" G_GUINT64_FORMAT "-%u", size, k);
        const VolFioEntry *r = w ? _vol_fio_section (sections, error, "read-%" G_GUINT64_FORMAT "-%u", size, k) : NULL;

        if (r == NULL)
          return FALSE;
        vol_kind_transfer_append_row (write, size, k, w->write.bw, w->write.runtime, w->write.io_bytes);
        vol_kind_transfer_append_row (read, size, k, r->read.bw, r->read.runtime, r->read.io_bytes);
        written += w->write.io_bytes;
        read_bytes += r->read.io_bytes;
      }
  vol_kind_transfer_summarize (result, sizes, write, read, &(VolTransferTotals) { written, read_bytes, NAN, TRUE });
  return TRUE;
}

const VolTestOps vol_test_transfer = {
  "transfer",
  transfer_prepare,
  transfer_run,
  transfer_from_fio,
};
