/* vol-test-smallfiles.c — Small files: PostMark's mail-server workload
 *
 * The model of PostMark (Katcher, NetApp TR3022, 1997), step for step:
 *
 *   1. subfolders s0 … s(N−1) are made (not timed);
 *   2. "creation alone": `files` files, sizes uniform in [min-size,
 *      max-size], each in a random subfolder, written in `block`-sized
 *      calls;
 *   3. `transactions` transactions, each a pair: read a whole random file
 *      or append 1 … (max-size − its size) bytes to one (read-bias in 10),
 *      then create a new file or delete a random one (create-bias in 10);
 *   4. "deletion alone": every remaining file is deleted;
 *   5. the subfolders are removed (not timed).
 *
 * Like PostMark the pool holds at most 2 × files files (a create with the
 * pool full does nothing), an append to a file already at max-size does
 * nothing, and the run stops when the pool runs empty. Both no-ops are
 * counted, so reads + appends + skipped appends = transactions.
 *
 * This is a filesystem workload through the page cache, as PostMark's
 * default buffered I/O is: files are opened without O_DIRECT and never
 * flushed, so the result says cache_bypass "none" and the figures are the
 * filesystem's (metadata, allocation, cache), not the device's.
 *
 * Every choice comes from a Mersenne Twister (PostMark's own generator)
 * seeded from the run's seed, so a run can be repeated exactly.
 */

#include <inttypes.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-units.h"
#include "vol-estimate.h"
#include "vol-run-private.h"
#include "vol-size.h"

/* Free space kept out of reach, as the fill test does: 2 % of the
 * capacity, at least 64 MiB. */
#define RESERVE_FLOOR (G_GUINT64_CONSTANT (64) << 20)
/* A live-rate sample is taken every WINDOW_NS of a phase (and at its end). */
#define WINDOW_NS (G_GINT64_CONSTANT (100000000))

typedef struct
{
  guint   files;
  guint   transactions;
  guint   subdirs;
  guint   read_bias;
  guint   create_bias;
  guint64 min_size;
  guint64 max_size;
  gsize   block;
  guint   max_live;     /* PostMark's table: 2 × files */
  guint64 bound;        /* the most the pool can occupy */
} SmallPlan;

static guint64
round_up (guint64 v,
          guint64 to)
{
  return (v + to - 1) / to * to;
}

static gboolean
smallfiles_prepare (VolRun  *run,
                    GError **error)
{
  SmallPlan *plan = g_new0 (SmallPlan, 1);
  struct statvfs vfs;
  guint64 most_files, capacity, avail, reserve;
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = g_free;

  plan->files = (guint) vol_test_spec_get_int (run->spec, "files");
  plan->transactions = (guint) vol_test_spec_get_int (run->spec, "transactions");
  plan->subdirs = (guint) vol_test_spec_get_int (run->spec, "subdirs");
  plan->read_bias = (guint) vol_test_spec_get_int (run->spec, "read-bias");
  plan->create_bias = (guint) vol_test_spec_get_int (run->spec, "create-bias");
  plan->min_size = (guint64) vol_test_spec_get_int (run->spec, "min-size");
  plan->max_size = (guint64) vol_test_spec_get_int (run->spec, "max-size");
  plan->block = (gsize) vol_test_spec_get_int (run->spec, "block");
  plan->max_live = plan->files > G_MAXUINT / 2 ? G_MAXUINT : plan->files * 2;

  /* The pool can grow to 2 × files (fewer when there are fewer
   * transactions to create them), each appended up to max-size, each
   * taking at least whole 4 KiB blocks. That is the bound checked; the
   * usual footprint is about half of it. */
  most_files = plan->create_bias > 0 ? MIN ((guint64) plan->max_live, (guint64) plan->files + plan->transactions)
                                     : plan->files;
  plan->bound = most_files * round_up (plan->max_size, 4096) + (guint64) plan->subdirs * 4096;

  if (fstatvfs (vol_scratch_get_target_fd (run->scratch), &vfs) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot read the free space of %s: %s"), run->target->path, g_strerror (saved));
      return FALSE;
    }
  capacity = (guint64) vfs.f_blocks * vfs.f_frsize;
  avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  reserve = MAX (capacity / 50, RESERVE_FLOOR);
  /* ramfs reports no size: there is nothing to check against */
  if (capacity > 0 && plan->bound + reserve > avail)
    {
      g_autofree char *bound_text = vol_size_format (plan->bound);
      g_autofree char *avail_text = vol_size_format (avail > reserve ? avail - reserve : 0);
      g_autofree char *max_text = vol_size_format (plan->max_size);
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s: the pool can grow to %s (%" PRIu64 " files of up to %s) but %s is free after the reserve; use fewer files or a smaller max-size"),
                   run->target->path, bound_text, most_files, max_text, avail_text);
      return FALSE;
    }
  if (vfs.f_files > 0 && most_files + plan->subdirs + 16 > (guint64) vfs.f_favail)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free inodes in %s: the pool can hold %" PRIu64 " files but only %" PRIu64 " more can be made; use fewer files"),
                   run->target->path, most_files + plan->subdirs, (guint64) vfs.f_favail);
      return FALSE;
    }

  /* Buffered on purpose, as PostMark: the filesystem with its cache. */
  run->result->cache_bypass = VOL_CACHE_BYPASS_NONE;
  run->result->io_backend = (g_free (run->result->io_backend), g_strdup ("sync"));

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "max-files", g_variant_new_int64 (plan->max_live));
  g_variant_builder_add (&b, "{sv}", "space-bound", g_variant_new_int64 ((gint64) plan->bound));
  g_variant_builder_add (&b, "{sv}", "reserve", g_variant_new_int64 ((gint64) reserve));
  g_variant_builder_add (&b, "{sv}", "free-before", g_variant_new_int64 ((gint64) avail));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

typedef struct
{
  guint32 id;     /* its name: s<dir>/<id>, PostMark's sequence number */
  guint32 dir;
  guint64 size;
} SmallFile;

typedef struct
{
  VolRun      *run;
  SmallPlan   *plan;
  GRand       *rand;
  VolDataPool *pool;
  guint8      *read_buf;
  GArray      *live;          /* of SmallFile, dense: pick by index, delete by swap */
  guint32      next_id;
  guint        dirs_made;

  VolSmallfilesTotals counts;  /* PostMark's counters */

  /* the current phase's rate samples */
  int          phase;
  gint64       phase_start;
  gint64       window_start;
  guint        window_ops;
  guint64      window_read;
  guint64      window_written;
  guint64      phase_bytes;
  guint        delete_total;
  VolSeries   *series[VOL_SMALLFILES_N_PHASES];

  /* the counts when the current phase began, for the device's counters */
  guint64      phase_read_calls;
  guint64      phase_write_calls;
  guint64      phase_bytes_read;
  guint64      phase_bytes_written;
  guint64      phase_files;
} Small;

static void
file_path (const Small     *sm,
           const SmallFile *f,
           char            *buf,
           gsize            size)
{
  if (sm->plan->subdirs > 0)
    g_snprintf (buf, size, "s%u/%u", f->dir, f->id);
  else
    g_snprintf (buf, size, "%u", f->id);
}

static guint
rand_below (Small *sm,
            guint  n)
{
  return n <= 1 ? 0 : (guint) g_rand_int_range (sm->rand, 0, (gint32) n);
}

static void
take_window (Small  *sm,
             gint64  now)
{
  double seconds = (now - sm->window_start) / 1e9;
  double time = (now - sm->phase_start) / 1e9;
  double rate;

  if (sm->window_ops == 0 || seconds <= 0)
    return;
  rate = vol_kind_smallfiles_append_window (sm->series[sm->phase], time, sm->window_ops, seconds,
                                            (double) sm->window_read, (double) sm->window_written);
  _vol_run_sample (sm->run, vol_kind_smallfiles_phases[sm->phase], time, rate);
  sm->window_start = now;
  sm->window_ops = 0;
  sm->window_read = sm->window_written = 0;
}

/* Files created, appended to or deleted so far: each costs the
 * filesystem metadata writes (inode, directory entry, bitmaps) and, as
 * the data goes through the cache, a whole last block, which no byte
 * count shows. */
static guint64
files_changed (const Small *sm)
{
  const VolSmallfilesTotals *c = &sm->counts;

  return (guint64) c->created_alone + c->created_mixed + c->appends + c->deleted_mixed + c->deleted_alone;
}

static void
begin_phase (Small *sm,
             int    phase)
{
  _vol_run_phase_begin (sm->run);
  sm->phase_read_calls = sm->counts.read_calls;
  sm->phase_write_calls = sm->counts.write_calls;
  sm->phase_bytes_read = sm->counts.bytes_read;
  sm->phase_bytes_written = sm->counts.bytes_written;
  sm->phase_files = files_changed (sm);
  sm->phase = phase;
  sm->phase_start = sm->window_start = vol_io_now_ns ();
  sm->window_ops = 0;
  sm->window_read = sm->window_written = 0;
  sm->phase_bytes = 0;
}

static void
end_phase (Small *sm)
{
  VolRun *run = sm->run;
  GPtrArray *counters = run->result->counters;
  guint n_before = counters->len;
  gint64 now = vol_io_now_ns ();

  take_window (sm, now);
  sm->counts.phase_ns[sm->phase] = now - sm->phase_start;

  /* After the timing: the phase's dirty pages go to the device now, so
   * its counters hold its own writes and the next phase neither pays for
   * nor is credited with them. */
  syncfs (vol_scratch_get_fd (run->scratch));
  _vol_run_phase_end (run, vol_kind_smallfiles_phases[sm->phase],
                      sm->counts.read_calls - sm->phase_read_calls, sm->counts.write_calls - sm->phase_write_calls,
                      sm->counts.bytes_read - sm->phase_bytes_read, sm->counts.bytes_written - sm->phase_bytes_written);
  if (counters->len > n_before)
    {
      VolIoCounters *c = g_ptr_array_index (counters, counters->len - 1);

      c->through_cache = TRUE;
      c->files = files_changed (sm) - sm->phase_files;
    }
}

/* After each file operation (a create, a read, …, never per I/O call):
 * the progress and, every 100 ms, a rate sample. The progress text is a
 * constant per phase, so nothing is formatted here. */
static void
op_done (Small    *sm,
         gboolean  counted)
{
  const SmallPlan *plan = sm->plan;
  double total = 2.0 * plan->files + 2.0 * plan->transactions;
  double done;
  guint item, n_items;
  const char *text;
  gint64 now;

  /* the transactions' samples count transactions, not their halves */
  if (counted)
    sm->window_ops++;
  switch (sm->phase)
    {
    case VOL_SMALLFILES_PHASE_CREATE:
      done = sm->counts.created_alone;
      item = sm->counts.created_alone;
      n_items = plan->files;
      text = _("Creating the file pool");
      break;
    case VOL_SMALLFILES_PHASE_TRANSACTIONS:
      done = plan->files + 2.0 * sm->counts.transactions;
      item = sm->counts.transactions;
      n_items = plan->transactions;
      text = _("Running transactions");
      break;
    default:
      /* the pool's size at the end is not known in advance: the last
       * phase is weighted as `files`, whatever its count */
      done = plan->files + 2.0 * plan->transactions
             + (sm->delete_total ? (double) sm->counts.deleted_alone / sm->delete_total * plan->files : 0);
      item = sm->counts.deleted_alone;
      n_items = sm->delete_total;
      text = _("Deleting the files");
      break;
    }
  _vol_run_progress (sm->run, vol_kind_smallfiles_phases[sm->phase], text, item, n_items, done / total, sm->phase_bytes);

  now = vol_io_now_ns ();
  if (now - sm->window_start >= WINDOW_NS)
    take_window (sm, now);
}

static int
open_file (Small      *sm,
           const char *path,
           int         flags,
           GError    **error)
{
  const VolIoOps *io = sm->run->io;
  int fd = io->openat (io, vol_scratch_get_fd (sm->run->scratch), path,
                       flags | O_NOFOLLOW | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   (flags & O_CREAT) ? _("Creating %s in %s failed: %s") : _("Opening %s in %s failed: %s"),
                   path, vol_scratch_get_path (sm->run->scratch), g_strerror (saved));
    }
  return fd;
}

static gboolean
close_file (Small      *sm,
            int         fd,
            const char *path,
            GError    **error)
{
  const VolIoOps *io = sm->run->io;

  if (io->close (io, fd) == 0)
    return TRUE;
  {
    int saved = errno;
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Closing %s failed: %s"), path, g_strerror (saved));
  }
  return FALSE;
}

/* PostMark's write_blocks: whole blocks, then the remainder, each call
 * from the data pool (stamped so no two 4 KiB blocks are equal). */
static gboolean
write_blocks (Small      *sm,
              int         fd,
              const char *path,
              guint64     offset,
              guint64     amount,
              GError    **error)
{
  VolRun *run = sm->run;
  guint8 *data = vol_data_pool_get_data (sm->pool);

  for (guint64 done = 0; done < amount;)
    {
      gsize len = (gsize) MIN ((guint64) sm->plan->block, amount - done);

      if (!_vol_run_check_cancelled (run, error))
        return FALSE;
      /* a serial per 4 KiB block of the call, from the run's counter */
      vol_data_pool_stamp (sm->pool,
                           _vol_run_take_serials (run, (len + VOL_STAMP_BLOCK - 1) / VOL_STAMP_BLOCK), len);
      if (!vol_io_write_all (run->io, fd, data, len, offset + done, path, error))
        return FALSE;
      done += len;
      sm->counts.bytes_written += len;
      sm->window_written += len;
      sm->phase_bytes += len;
      sm->counts.write_calls++;
    }
  return TRUE;
}

static gboolean
create_file (Small    *sm,
             gboolean  mixed,
             GError  **error)
{
  SmallFile f;
  char path[32];
  int fd;

  if (sm->live->len >= sm->plan->max_live)
    {
      /* PostMark's table is full: the create does nothing */
      sm->counts.creates_skipped++;
      return TRUE;
    }
  f.id = ++sm->next_id;
  f.dir = rand_below (sm, sm->plan->subdirs);
  f.size = sm->plan->min_size + rand_below (sm, (guint) (sm->plan->max_size - sm->plan->min_size + 1));
  file_path (sm, &f, path, sizeof path);

  if (!_vol_run_check_cancelled (sm->run, error))
    return FALSE;
  fd = open_file (sm, path, O_WRONLY | O_CREAT | O_EXCL, error);
  if (fd < 0)
    return FALSE;
  /* counted once the name exists, so the cleanup's count is honest */
  g_array_append_val (sm->live, f);
  if (mixed)
    sm->counts.created_mixed++;
  else
    sm->counts.created_alone++;
  if (!write_blocks (sm, fd, path, 0, f.size, error))
    {
      /* what was written stays on disk as a shorter file */
      g_array_index (sm->live, SmallFile, sm->live->len - 1).size = 0;
      sm->run->io->close (sm->run->io, fd);
      return FALSE;
    }
  return close_file (sm, fd, path, error);
}

static gboolean
read_file (Small      *sm,
           SmallFile  *f,
           GError    **error)
{
  VolRun *run = sm->run;
  char path[32];
  int fd;

  file_path (sm, f, path, sizeof path);
  if (!_vol_run_check_cancelled (run, error))
    return FALSE;
  fd = open_file (sm, path, O_RDONLY, error);
  if (fd < 0)
    return FALSE;
  for (guint64 done = 0; done < f->size;)
    {
      gsize len = (gsize) MIN ((guint64) sm->plan->block, f->size - done);

      if (!_vol_run_check_cancelled (run, error)
          || !vol_io_read_all (run->io, fd, sm->read_buf, len, done, path, error))
        {
          run->io->close (run->io, fd);
          return FALSE;
        }
      done += len;
      sm->counts.bytes_read += len;
      sm->window_read += len;
      sm->phase_bytes += len;
      sm->counts.read_calls++;
    }
  sm->counts.reads++;
  return close_file (sm, fd, path, error);
}

static gboolean
append_file (Small      *sm,
             SmallFile  *f,
             GError    **error)
{
  char path[32];
  guint64 amount;
  gboolean ok;
  int fd;

  if (f->size >= sm->plan->max_size)
    {
      /* PostMark appends only below the largest size */
      sm->counts.appends_skipped++;
      return TRUE;
    }
  amount = 1 + rand_below (sm, (guint) (sm->plan->max_size - f->size));
  file_path (sm, f, path, sizeof path);
  if (!_vol_run_check_cancelled (sm->run, error))
    return FALSE;
  /* pwrite at the known end rather than O_APPEND: the same bytes land in
   * the same place, through the same table of operations */
  fd = open_file (sm, path, O_WRONLY, error);
  if (fd < 0)
    return FALSE;
  ok = write_blocks (sm, fd, path, f->size, amount, error);
  if (!ok)
    {
      sm->run->io->close (sm->run->io, fd);
      return FALSE;
    }
  f->size += amount;
  sm->counts.appends++;
  return close_file (sm, fd, path, error);
}

static gboolean
delete_file (Small    *sm,
             guint     index,
             GError  **error)
{
  SmallFile *f = &g_array_index (sm->live, SmallFile, index);
  char path[32];

  file_path (sm, f, path, sizeof path);
  if (!_vol_run_check_cancelled (sm->run, error))
    return FALSE;
  /* VolIoOps has no unlink: called directly (see the report of issue 5) */
  if (unlinkat (vol_scratch_get_fd (sm->run->scratch), path, 0) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Deleting %s in %s failed: %s"), path, vol_scratch_get_path (sm->run->scratch),
                   g_strerror (saved));
      return FALSE;
    }
  g_array_remove_index_fast (sm->live, index);
  return TRUE;
}

static gboolean
make_subdirs (Small    *sm,
              GError  **error)
{
  int dir = vol_scratch_get_fd (sm->run->scratch);
  char name[16];

  for (guint i = 0; i < sm->plan->subdirs; i++)
    {
      if (!_vol_run_check_cancelled (sm->run, error))
        return FALSE;
      g_snprintf (name, sizeof name, "s%u", i);
      if (mkdirat (dir, name, 0700) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Creating the folder %s in %s failed: %s"), name,
                       vol_scratch_get_path (sm->run->scratch), g_strerror (saved));
          return FALSE;
        }
      sm->dirs_made++;
    }
  return TRUE;
}

/* Not timed, as in PostMark. On a failed or cancelled run the runner
 * removes the whole scratch folder instead. */
static gboolean
remove_subdirs (Small    *sm,
                GError  **error)
{
  int dir = vol_scratch_get_fd (sm->run->scratch);
  char name[16];

  for (guint i = 0; i < sm->dirs_made; i++)
    {
      g_snprintf (name, sizeof name, "s%u", i);
      if (unlinkat (dir, name, AT_REMOVEDIR) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Removing the folder %s in %s failed: %s"), name,
                       vol_scratch_get_path (sm->run->scratch), g_strerror (saved));
          return FALSE;
        }
    }
  sm->dirs_made = 0;
  return TRUE;
}

static gboolean
run_transactions (Small    *sm,
                  GError  **error)
{
  const SmallPlan *plan = sm->plan;

  for (guint t = 0; t < plan->transactions; t++)
    {
      SmallFile *f;

      if (sm->live->len == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("The pool ran out of files after %u of %u transactions (PostMark stops there too); use more files, fewer transactions or a higher create bias"),
                       t, plan->transactions);
          return FALSE;
        }
      f = &g_array_index (sm->live, SmallFile, rand_below (sm, sm->live->len));
      if (rand_below (sm, 10) < plan->read_bias)
        {
          if (!read_file (sm, f, error))
            return FALSE;
        }
      else if (!append_file (sm, f, error))
        return FALSE;
      op_done (sm, FALSE);

      if (rand_below (sm, 10) < plan->create_bias)
        {
          if (!create_file (sm, TRUE, error))
            return FALSE;
        }
      else
        {
          if (!delete_file (sm, rand_below (sm, sm->live->len), error))
            return FALSE;
          sm->counts.deleted_mixed++;
        }
      sm->counts.transactions++;
      op_done (sm, TRUE);
    }
  return TRUE;
}

static gboolean
smallfiles_run (VolRun  *run,
                GError **error)
{
  Small sm = { run, run->test_data };
  guint32 seeds[2] = { (guint32) run->seed, (guint32) (run->seed >> 32) };
  gboolean ok;

  sm.rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));
  sm.pool = vol_data_pool_new (vol_test_spec_get_pattern (run->spec), run->seed,
                               round_up (sm.plan->block, 4096), 4096);
  sm.read_buf = vol_io_alloc_aligned (sm.plan->block, 4096);
  sm.live = g_array_sized_new (FALSE, FALSE, sizeof (SmallFile), MIN (sm.plan->max_live, 1u << 20));
  for (guint p = 0; p < VOL_SMALLFILES_N_PHASES; p++)
    sm.series[p] = vol_kind_smallfiles_add_series (run->result, p);

  ok = make_subdirs (&sm, error);

  if (ok)
    {
      begin_phase (&sm, VOL_SMALLFILES_PHASE_CREATE);
      for (guint i = 0; ok && i < sm.plan->files; i++)
        {
          ok = create_file (&sm, FALSE, error);
          if (ok)
            op_done (&sm, TRUE);
        }
      end_phase (&sm);
    }
  if (ok)
    {
      begin_phase (&sm, VOL_SMALLFILES_PHASE_TRANSACTIONS);
      ok = run_transactions (&sm, error);
      end_phase (&sm);
    }
  if (ok)
    {
      /* PostMark deletes in table order; the pool's order is as good */
      sm.delete_total = sm.live->len;
      begin_phase (&sm, VOL_SMALLFILES_PHASE_DELETE);
      while (ok && sm.live->len > 0)
        {
          ok = delete_file (&sm, sm.live->len - 1, error);
          if (ok)
            {
              sm.counts.deleted_alone++;
              op_done (&sm, TRUE);
            }
        }
      end_phase (&sm);
    }
  if (ok)
    ok = remove_subdirs (&sm, error);
  if (ok)
    _vol_run_progress (run, VOL_SMALLFILES_SERIES_DELETE, _("Done"), sm.delete_total, sm.delete_total, 1.0, sm.phase_bytes);

  /* what was measured is kept, whatever ended the run */
  sm.counts.files_left = sm.live->len;
  vol_kind_smallfiles_summarize (run->result, &sm.counts);
  g_array_unref (sm.live);
  vol_io_free_aligned (sm.read_buf);
  vol_data_pool_free (sm.pool);
  g_rand_free (sm.rand);
  return ok;
}

const VolTestOps vol_test_smallfiles = {
  VOL_KIND_SMALLFILES,
  smallfiles_prepare,
  smallfiles_run,
};
