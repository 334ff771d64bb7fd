/* vol-test-random.c — Random I/O: IO/s of one chunk size over a big file
 *
 * One file of F bytes (8 GiB asked, fitted to the free space less 64 MiB,
 * a whole number of chunks) is laid down with random data. Then, for each
 * I/O count N (the count-sweep list, or just `ios`) and each iteration k:
 * N writes of one chunk at random chunk-aligned offsets, fdatasync, then N
 * reads of one chunk at random chunk-aligned offsets:
 *
 *   writes/s(N, k) = N / (t_after_fdatasync − t_first_write)
 *   reads/s(N, k)  = N / (t_after_last_read − t_first_read)
 *
 * Offsets come from xoshiro256** seeded (through splitmix64) with the run's
 * seed, which the result records: the same seed gives the same offsets.
 * offset = (next() mod (F / chunk)) × chunk. Queue depth 1, synchronous
 * pwrite/pread on an O_DIRECT file (buffered + fdatasync + fadvise where
 * the filesystem refuses O_DIRECT, and the result says so).
 */

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-kinds.h"
#include "vol-units.h"
#include "vol-estimate.h"
#include "vol-run-private.h"
#include "vol-size.h"
#include "vol-stats.h"
#include "vol-random.h"
#include "vol-scratch-file.h"

#define LAY_DOWN_CHUNK (8 * MiB)
/* Reads are checked against what the last write of their chunk stamped;
 * that needs the chunk's serial, 8 bytes per chunk, so beyond this many
 * chunks (64 MiB of bookkeeping) reads are not checked. */
#define MAX_TRACKED_CHUNKS (G_GUINT64_CONSTANT (1) << 23)

typedef struct
{
  guint64  chunk;
  guint64  file_size;     /* after fitting: a whole number of chunks */
  guint64  n_chunks;
  guint    iterations;
  GArray  *counts;        /* of guint64: the sweep, or just ios */
  gboolean sweep;
  gboolean direct;
  guint    mem_align;
} RandomPlan;

static void
plan_free (gpointer data)
{
  RandomPlan *plan = data;

  if (plan->counts)
    g_array_unref (plan->counts);
  g_free (plan);
}

/* The I/O counts of the spec: the sweep's, else just `ios`. */
static GArray *
spec_counts (const VolTestSpec *spec,
             gboolean          *sweep)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint64));

  *sweep = vol_test_spec_has (spec, "count-sweep");
  if (*sweep)
    {
      g_autoptr(GVariant) list = vol_test_spec_get_value (spec, "count-sweep");
      gsize n;
      const gint64 *items = g_variant_get_fixed_array (list, &n, sizeof (gint64));
      for (gsize i = 0; i < n; i++)
        {
          guint64 v = (guint64) items[i];
          g_array_append_val (counts, v);
        }
    }
  else
    {
      guint64 v = (guint64) vol_test_spec_get_int (spec, "ios");
      g_array_append_val (counts, v);
    }
  return counts;
}

static gboolean
random_prepare (VolRun  *run,
                GError **error)
{
  RandomPlan *plan = g_new0 (RandomPlan, 1);
  VolDioAlign align;
  guint64 fitted;
  gboolean direct;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = plan_free;
  plan->chunk = (guint64) vol_test_spec_get_int (run->spec, "chunk");
  plan->iterations = (guint) vol_test_spec_get_int (run->spec, "iterations");
  plan->counts = spec_counts (run->spec, &plan->sweep);

  /* O_DIRECT and its alignment, learnt on a throwaway file */
  if (!_vol_scratch_file_probe_direct (run, "random-probe.dat", &direct, &align, error))
    return FALSE;
  plan->direct = direct;
  plan->mem_align = MAX (align.mem_align, 4096);
  if (direct && plan->chunk % align.offset_align != 0)
    {
      g_autofree char *chunk_text = vol_size_format (plan->chunk);
      g_autofree char *align_text = vol_size_format (align.offset_align);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("chunk: %s I/Os cannot bypass the cache on %s, which needs O_DIRECT transfers in multiples of %s"),
                   chunk_text, run->target->path, align_text);
      return FALSE;
    }

  fitted = _vol_scratch_file_fit (run, (guint64) vol_test_spec_get_int (run->spec, "file-size"), VOL_KIND_KEEP_FREE, error);
  if (fitted == 0)
    return FALSE;
  plan->file_size = fitted / plan->chunk * plan->chunk;
  plan->n_chunks = plan->file_size / plan->chunk;
  if (plan->n_chunks < 2)
    {
      g_autofree char *chunk_text = vol_size_format (plan->chunk);
      g_autofree char *fitted_text = vol_size_format (fitted);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s for random %s I/Os: the file fits in %s, less than two chunks"),
                   run->target->path, chunk_text, fitted_text);
      return FALSE;
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "file-size", g_variant_new_int64 ((gint64) plan->file_size));
  g_variant_builder_add (&b, "{sv}", "chunks-in-file", g_variant_new_int64 ((gint64) plan->n_chunks));
  g_variant_builder_add (&b, "{sv}", "offset-seed", g_variant_new_int64 ((gint64) run->seed));
  g_variant_builder_add (&b, "{sv}", "counts", g_variant_new_int64 (plan->counts->len));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

/* ---------------------------------------------------------------- offsets */

typedef VolXoshiro Rng;

static void
rng_init (Rng     *rng,
          guint64  seed)
{
  /* a different stream from the data pool's, which uses the seed itself */
  vol_xoshiro_seed (rng, seed ^ G_GUINT64_CONSTANT (0x6f66667365747321));
}

static inline guint64
rng_next (Rng *rng)
{
  return vol_xoshiro_next (rng);
}

/* ---------------------------------------------------------------- the run */

typedef struct
{
  VolRun      *run;
  RandomPlan  *plan;
  Rng          rng;
  VolDataPool *pool;       /* written from, stamped per write */
  guint8      *read_buf;
  guint64     *serial;     /* per chunk: the stamp serial of its first block as last written; NULL: not tracked */
  guint64      blocks_per_write; /* serials one write takes: its 4 KiB blocks, at least 1 */
  int          fd;
  const char  *name;
  guint64      ios_written;
  guint64      ios_read;
  guint64      bytes_laid;
  double       total_units; /* progress: I/Os of both kinds + lay-down in chunk units */
  char        *text;
  guint        text_key;
} Random;

static void
report (Random     *r,
        const char *phase,
        guint       count_index,
        guint       iteration)
{
  RandomPlan *plan = r->plan;
  guint key = ((count_index << 8 | iteration) << 2) | (phase[0] == 'w' ? 1 : phase[0] == 'r' ? 2 : 3);
  double done = r->ios_written + r->ios_read + (double) r->bytes_laid / plan->chunk;

  if (r->text == NULL || r->text_key != key)
    {
      guint64 n = g_array_index (plan->counts, guint64, count_index);
      g_free (r->text);
      if (phase[0] == 'p')
        r->text = g_strdup (_("Laying down the test file"));
      else if (plan->sweep)
        r->text = g_strdup_printf (phase[0] == 'w' ? _("%" PRIu64 " random writes, iteration %u of %u")
                                                   : _("%" PRIu64 " random reads, iteration %u of %u"),
                                   n, iteration + 1, plan->iterations);
      else
        r->text = g_strdup_printf (phase[0] == 'w' ? _("Random writes, iteration %u of %u")
                                                   : _("Random reads, iteration %u of %u"),
                                   iteration + 1, plan->iterations);
      r->text_key = key;
    }
  _vol_run_progress (r->run, phase, r->text, iteration + 1, plan->iterations, done / r->total_units,
                     phase[0] == 'w' ? r->ios_written * plan->chunk
                     : phase[0] == 'r' ? r->ios_read * plan->chunk : r->bytes_laid);
}

static gboolean
lay_down_progress (guint64  done,
                   gpointer user_data)
{
  Random *r = user_data;

  r->bytes_laid = done;
  report (r, "prepare", 0, 0);
  return TRUE;
}

static gboolean
lay_down (Random  *r,
          GError **error)
{
  VolRun *run = r->run;
  gsize len = (gsize) MIN ((guint64) LAY_DOWN_CHUNK, r->plan->file_size);
  g_autoptr(VolDataPool) pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed,
                                                   len, r->plan->mem_align);
  guint64 first = _vol_run_take_serials (run, r->plan->file_size / VOL_STAMP_BLOCK);
  guint64 per_chunk = r->plan->chunk / VOL_STAMP_BLOCK;

  /* chunk c starts at block c × per_chunk of the lay-down */
  if (r->serial)
    for (guint64 c = 0; c < r->plan->n_chunks; c++)
      r->serial[c] = first + c * per_chunk;
  return _vol_scratch_file_lay_down_with (run, r->fd, r->name, r->plan->file_size, pool, first,
                                       r->plan->direct, lay_down_progress, r, error);
}

static void
add_sample (Random    *r,
            VolSeries *series,
            guint      iteration,
            guint64    n,
            gint64     elapsed_ns)
{
  double seconds = elapsed_ns / 1e9, bytes = (double) n * r->plan->chunk;
  double ops = seconds > 0 ? n / seconds : 0;

  vol_kind_random_append_row (series, iteration, n, bytes, seconds, ops, seconds > 0 ? bytes / seconds : 0);

  _vol_run_sample (r->run, series->name, iteration + 1, ops);
}

/* The device's counters of one timed phase, named after its series
 * ("write", "read-1024") and iteration. */
static void
end_phase (Random    *r,
           VolSeries *series,
           guint      iteration,
           guint64    reads,
           guint64    writes)
{
  g_autofree char *phase = g_strdup_printf ("%s, iteration %u", series->name, iteration + 1);

  _vol_run_phase_end (r->run, phase, reads, writes, reads * r->plan->chunk, writes * r->plan->chunk);
}

static gboolean
write_phase (Random    *r,
             VolSeries *series,
             guint      count_index,
             guint      iteration,
             GError   **error)
{
  VolRun *run = r->run;
  const VolIoOps *io = run->io;
  guint64 n = g_array_index (r->plan->counts, guint64, count_index);
  gsize chunk = (gsize) r->plan->chunk;
  guint8 *buf = vol_data_pool_get_data (r->pool);
  gint64 start;

  _vol_run_phase_begin (run);
  start = vol_io_now_ns ();
  for (guint64 i = 0; i < n; i++)
    {
      guint64 c = rng_next (&r->rng) % r->plan->n_chunks;
      /* from the run's 64-bit counter: no stamp repeats, however many
       * writes (the old 32-bit generation in the top 28 bits wrapped) */
      guint64 serial = _vol_run_take_serials (run, r->blocks_per_write);

      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      vol_data_pool_stamp (r->pool, serial, chunk);
      if (!vol_io_write_all (io, r->fd, buf, chunk, c * chunk, r->name, error))
        return FALSE;
      if (r->serial)
        r->serial[c] = serial;
      r->ios_written++;
      report (r, "write", count_index, iteration);
    }
  if (!_vol_scratch_file_flush (run, r->fd, r->name, error))
    return FALSE;
  add_sample (r, series, iteration, n, vol_io_now_ns () - start);
  end_phase (r, series, iteration, 0, n);
  return TRUE;
}

static gboolean
read_phase (Random    *r,
            VolSeries *series,
            guint      count_index,
            guint      iteration,
            GError   **error)
{
  VolRun *run = r->run;
  const VolIoOps *io = run->io;
  guint64 n = g_array_index (r->plan->counts, guint64, count_index);
  gsize chunk = (gsize) r->plan->chunk;
  gint64 start;

  _vol_scratch_file_drop_cache (run, r->fd, r->plan->direct);
  _vol_run_phase_begin (run);
  start = vol_io_now_ns ();
  for (guint64 i = 0; i < n; i++)
    {
      guint64 c = rng_next (&r->rng) % r->plan->n_chunks;
      guint64 bad;

      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      if (!vol_io_read_all (io, r->fd, r->read_buf, chunk, c * chunk, r->name, error))
        return FALSE;
      if (r->serial
          && !vol_data_pool_verify (r->pool, r->read_buf, r->serial[c], chunk, &bad))
        {
          g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_DATA_MISMATCH,
                       _("The data read back from %s at offset %" PRIu64 " is not what was written there"),
                       r->name, c * chunk + bad * VOL_STAMP_BLOCK);
          return FALSE;
        }
      r->ios_read++;
      report (r, "read", count_index, iteration);
    }
  add_sample (r, series, iteration, n, vol_io_now_ns () - start);
  end_phase (r, series, iteration, n, 0);
  return TRUE;
}

static gboolean
random_run (VolRun  *run,
            GError **error)
{
  Random r = { run, run->test_data };
  RandomPlan *plan = r.plan;
  g_autoptr(GPtrArray) writes = g_ptr_array_new ();
  g_autoptr(GPtrArray) reads = g_ptr_array_new ();
  gboolean direct = plan->direct;
  guint64 total_ios = 0;
  gboolean ok;

  /* The series exist from the start, so a cancelled run keeps the shape. */
  vol_kind_random_add_all (run->result, plan->counts, plan->sweep, writes, reads);
  for (guint i = 0; i < plan->counts->len; i++)
    total_ios += 2 * g_array_index (plan->counts, guint64, i) * plan->iterations;
  r.total_units = total_ios + (double) plan->file_size / plan->chunk;
  rng_init (&r.rng, run->seed);
  r.name = "random.dat";
  r.pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed, plan->chunk, plan->mem_align);
  r.read_buf = vol_io_alloc_aligned (plan->chunk, plan->mem_align);
  if (plan->n_chunks <= MAX_TRACKED_CHUNKS && plan->chunk >= VOL_STAMP_BLOCK
      && vol_test_spec_get_pattern (run->spec) != VOL_DATA_PATTERN_ZEROS)
    r.serial = g_new0 (guint64, plan->n_chunks);
  r.blocks_per_write = MAX (G_GUINT64_CONSTANT (1), plan->chunk / VOL_STAMP_BLOCK);

  r.fd = _vol_scratch_file_open (run, r.name, O_RDWR | O_CREAT | O_EXCL, &direct, error);
  ok = r.fd >= 0;
  ok = ok && lay_down (&r, error);
  for (guint ci = 0; ok && ci < plan->counts->len; ci++)
    for (guint k = 0; ok && k < plan->iterations; k++)
      {
        ok = write_phase (&r, g_ptr_array_index (writes, ci), ci, k, error);
        ok = ok && read_phase (&r, g_ptr_array_index (reads, ci), ci, k, error);
      }
  if (r.fd >= 0 && run->io->close (run->io, r.fd) != 0 && ok)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Closing %s failed: %s"), r.name, g_strerror (saved));
      ok = FALSE;
    }

  /* on whatever was measured, also when cancelled or failed */
  vol_kind_random_summarize (run->result, writes, reads, r.ios_written, r.ios_read, plan->chunk);
  vol_result_add_figure (run->result, "bytes-laid-down", N_("Bytes written to lay the file down"), "B", r.bytes_laid);
  vol_result_add_figure (run->result, "reads-verified", N_("Reads checked against what was written"), "",
                         r.serial ? (double) r.ios_read : 0);

  g_free (r.serial);
  vol_io_free_aligned (r.read_buf);
  vol_data_pool_free (r.pool);
  g_free (r.text);
  return ok;
}

/* One host's fio figures for build_random()'s sections ("write-N-k",
 * "read-N-k"), as random_run() records its phases: fio's I/Os, bytes,
 * runtime and rates of the direction (the write's end_fsync inside). */
static gboolean
random_from_fio (const VolTestSpec    *spec,
                 VolResult            *result,
                 const VolFioSections *sections,
                 GError              **error)
{
  gboolean sweep;
  g_autoptr(GArray) counts = spec_counts (spec, &sweep);
  g_autoptr(GPtrArray) writes = g_ptr_array_new ();
  g_autoptr(GPtrArray) reads = g_ptr_array_new ();
  guint iterations = (guint) vol_test_spec_get_int (spec, "iterations");
  double ios_written = 0, ios_read = 0;

  vol_kind_random_add_all (result, counts, sweep, writes, reads);
  for (guint i = 0; i < counts->len; i++)
    for (guint k = 0; k < iterations; k++)
      {
        guint64 n = g_array_index (counts, guint64, i);
        const VolFioEntry *w = _vol_fio_section (sections, error, "write-%" G_GUINT64_FORMAT "-%u", n, k + 1);
        const VolFioEntry *r = w ? _vol_fio_section (sections, error, "read-%" G_GUINT64_FORMAT "-%u", n, k + 1) : NULL;

        if (r == NULL)
          return FALSE;
        vol_kind_random_append_row (g_ptr_array_index (writes, i), k, w->write.ios, w->write.io_bytes,
                                    w->write.runtime, w->write.iops, w->write.bw);
        vol_kind_random_append_row (g_ptr_array_index (reads, i), k, r->read.ios, r->read.io_bytes,
                                    r->read.runtime, r->read.iops, r->read.bw);
        ios_written += w->write.ios;
        ios_read += r->read.ios;
      }
  vol_kind_random_summarize (result, writes, reads, ios_written, ios_read,
                             (guint64) vol_test_spec_get_int (spec, "chunk"));
  return TRUE;
}

const VolTestOps vol_test_random = {
  "random",
  random_prepare,
  random_run,
  random_from_fio,
};
