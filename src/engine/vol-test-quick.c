/* vol-test-quick.c — Quick benchmark: the one-click grid of the classic
 * desktop tools
 *
 * One file of the test size is laid down (not timed), then every row of
 * the profile is measured for reads, then for writes (and, with the mix
 * option, for 70 % reads), LOOPS times, each measurement a fixed time:
 *
 *   Standard  SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1
 *   NVMe      SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1
 *   Peak      SEQ1M Q8T1, RND4K Q32T16
 *   Real world SEQ1M Q1T1, RND4K Q1T1
 *
 * SEQ: each thread's I/Os at consecutive offsets of the block (thread t
 * of T starting at t/T of the file, wrapping at its end); RND: uniform
 * random offsets, 4 KiB-aligned. QD: I/Os in flight per thread, on one
 * io_uring ring per thread (vol-io-loop.c, the Queue depth test's loop);
 * T: threads of one worker pool (vol-worker-pool.c), started together.
 * Where io_uring is unavailable, QD × T threads each keep one pread or
 * pwrite in flight instead, and the result says so (io_backend).
 *
 * Reads come first, while the file still holds the lay-down's stamps, so
 * every read is checked against what was written; writes stamp every
 * 4 KiB block with serials never used before in the run. A write
 * measurement ends with an fdatasync inside its time. Before each mode,
 * one discarded warm-up of its first row (up to 2 s) wakes the device
 * from idle. Per row and mode, the figure is the mean over the loops with
 * its 95 % confidence interval (Student's t), beside the best loop, which
 * is what CrystalDiskMark and KDiskMark show.
 */

#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-kinds.h"
#include "vol-estimate.h"
#include "vol-io-loop.h"
#include "vol-quick.h"
#include "vol-run-private.h"
#include "vol-stats.h"
#include "vol-scratch-file.h"
#include "vol-uring.h"
#include "vol-worker-pool.h"

#define FILE_NAME "quick.dat"
/* Latencies kept per measurement and per cell of the grid (all loops):
 * uniform reservoirs beyond this; 256 Ki put 2 600 samples above a p99. */
#define LATENCY_RESERVOIR (1u << 20)
#define CELL_RESERVOIR (1u << 18)
/* Threads of the fallback: QD × T of them at most. */
#define MAX_SYNC_THREADS 512

typedef enum { BACKEND_AUTO, BACKEND_URING, BACKEND_THREADS } QuickBackend;

typedef struct
{
  guint            profile;
  const VolQuickRow *rows;
  guint            n_rows;
  guint64          size;
  guint64          size_wanted;
  guint            loops;
  double           seconds;
  double           pause;
  guint            n_modes;
  guint            read_percents[3];
  QuickBackend     backend;
} QuickPlan;

static gboolean
quick_prepare (VolRun  *run,
               GError **error)
{
  QuickPlan *plan = g_new0 (QuickPlan, 1);
  GVariantBuilder b;

  run->test_data = plan;
  run->test_data_free = g_free;

  plan->profile = vol_test_spec_get_choice (run->spec, "profile", vol_kind_quick_profiles);
  plan->rows = vol_quick_profile_rows (vol_kind_quick_profiles[plan->profile], &plan->n_rows);
  plan->loops = (guint) vol_test_spec_get_int (run->spec, "loops");
  plan->seconds = vol_test_spec_get_double (run->spec, "seconds");
  plan->pause = vol_test_spec_get_double (run->spec, "pause");
  plan->backend = vol_test_spec_get_choice (run->spec, "backend", vol_kind_quick_backends);
  plan->read_percents[plan->n_modes++] = 100;
  plan->read_percents[plan->n_modes++] = 0;
  if (vol_test_spec_get_bool (run->spec, "mix"))
    plan->read_percents[plan->n_modes++] = VOL_QUICK_MIX_READ_PERCENT;

  plan->size_wanted = (guint64) vol_test_spec_get_int (run->spec, "size");
  plan->size = _vol_scratch_file_fit (run, plan->size_wanted, VOL_KIND_KEEP_FREE, error);
  if (plan->size == 0)
    return FALSE;
  /* whole MiB, so every row's block fits a whole number of times */
  plan->size -= plan->size % (guint64) MiB;
  if (plan->size < 16 * MiB)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_NO_SPACE,
                   _("Not enough free space in %s for a 16 MiB test file"), run->target->path);
      return FALSE;
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "size", g_variant_new_int64 ((gint64) plan->size));
  g_variant_builder_add (&b, "{sv}", "size-wanted", g_variant_new_int64 ((gint64) plan->size_wanted));
  g_variant_builder_add (&b, "{sv}", "rows", g_variant_new_int64 (plan->n_rows));
  g_variant_builder_add (&b, "{sv}", "modes", g_variant_new_int64 (plan->n_modes));
  g_variant_builder_add (&b, "{sv}", "warm-up-s", g_variant_new_double (MIN (plan->seconds, VOL_QUICK_WARM_UP_MAX_S)));
  _vol_run_resolve (run, g_variant_builder_end (&b));
  return TRUE;
}

/* ---- one measurement --------------------------------------------------- */

typedef struct _Quick Quick;

struct _Quick
{
  VolRun      *run;
  QuickPlan   *plan;
  int          fd;
  gboolean     direct;
  gsize        mem_align;
  guint64      lay_serial;
  gboolean     use_ring;
  double       lay_down_s;
  double       total_s;       /* the timed part's planned length */
  double       done_s;        /* of it, finished */
  guint64      moved;
  VolSeries   *loops_series;
  VolSeries   *grid_series;
  VolIoTally  *cells;         /* per row × mode, all loops merged */
  GArray      *loop_rows;     /* of LoopFigure, per cell × loop */
  /* the measurement running */
  VolIoLoopWorker *workers;
  guint        n_workers;
  double       seconds;
  char        *text;
  guint        item;
  guint        n_items;
  gint64       last_report_ns;
  double       worker_cpu_user;
  double       worker_cpu_system;
};

static gboolean
worker_main (VolWorkerPool  *pool,
             guint           index,
             gpointer        user_data,
             GError        **error)
{
  Quick *k = user_data;

  return _vol_io_loop_worker_run (&k->workers[index], pool, error);
}

static void
report (Quick  *k,
        gint64  now,
        guint64 bytes,
        double  in_measurement_s)
{
  double timed = k->done_s + MIN (in_measurement_s, k->seconds);
  double fraction = (k->lay_down_s + timed) / (k->lay_down_s + k->total_s);

  _vol_run_progress (k->run, "io", k->text, k->item, k->n_items, MIN (fraction, 1.0), k->moved + bytes);
  k->last_report_ns = now;
}

static void
on_start (VolWorkerPool *pool,
          gint64         now,
          gpointer       user_data)
{
  Quick *k = user_data;

  _vol_run_phase_begin (k->run);
}

/* The run's thread, every few ms while the workers run. */
static void
pool_tick (VolWorkerPool *pool,
           gint64         now,
           gpointer       user_data)
{
  Quick *k = user_data;
  guint64 ios, bytes;

  if (!_vol_worker_pool_is_started (pool) || now - k->last_report_ns < 10 * G_GINT64_CONSTANT (1000000))
    return;
  _vol_io_loop_workers_done (k->workers, k->n_workers, &ios, &bytes);
  report (k, now, bytes, (now - _vol_worker_pool_get_start_ns (pool)) / 1e9);
}

/* One timed run of @row at @read_percent: T threads (QD × T without
 * io_uring), merged into @tally. */
static gboolean
measure (Quick             *k,
         const VolQuickRow *row,
         guint              read_percent,
         double             seconds,
         const char        *phase,
         guint64            seed,
         VolIoTally        *tally,
         double            *elapsed,
         GError           **error)
{
  QuickPlan *plan = k->plan;
  guint n = k->use_ring ? row->threads : MIN (row->threads * row->depth, MAX_SYNC_THREADS);
  g_autoptr(VolWorkerPool) pool = _vol_worker_pool_new (k->run, "vol-quick-io", n, seconds);
  g_autofree VolIoLoopWorker *workers = g_new0 (VolIoLoopWorker, n);
  guint64 grain = (row->block + 4095) / 4096 * 4096;
  guint64 slots = (plan->size - row->block) / grain + 1;
  gint64 end_ns = 0, start_ns;
  double user, system;
  gboolean ok;

  for (guint i = 0; i < n; i++)
    {
      VolIoLoopWorker *w = &workers[i];
      w->ring = k->use_ring;
      w->loop = (VolIoLoop) {
        .run = k->run,
        .fd = k->fd,
        .file_name = FILE_NAME,
        .block = row->block,
        .mem_align = k->mem_align,
        .depth = row->depth,
        .sequential = row->sequential,
        .grain = grain,
        .shift = 0,
        .slots = slots,
        .first_slot = slots * i / n,
        .read_percent = read_percent,
        .verify = read_percent == 100,
        .lay_serial = k->lay_serial,
        .seed = seed ^ (G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (i + 1)),
      };
      _vol_io_tally_init (&w->tally, MAX (LATENCY_RESERVOIR / n, 1024), seed + i);
    }
  k->workers = workers;
  k->n_workers = n;
  k->seconds = seconds;
  if (!k->direct)
    _vol_scratch_file_drop_cache (k->run, k->fd, k->direct);

  ok = _vol_worker_pool_run (pool, worker_main, on_start, pool_tick, 20 * 1000, k, error);
  start_ns = _vol_worker_pool_get_start_ns (pool);
  k->workers = NULL;
  for (guint i = 0; i < n; i++)
    {
      _vol_io_tally_merge (tally, &workers[i].tally);
      end_ns = MAX (end_ns, workers[i].end_ns);
      _vol_io_tally_clear (&workers[i].tally);
    }
  _vol_worker_pool_get_cpu (pool, &user, &system);
  k->worker_cpu_user += user;
  k->worker_cpu_system += system;

  /* Writes are durable at the end of the measurement, inside its time. */
  if (tally->writes > 0 && ok)
    {
      ok = _vol_scratch_file_flush (k->run, k->fd, FILE_NAME, error);
      end_ns = vol_io_now_ns ();
    }
  if (_vol_worker_pool_is_started (pool))
    _vol_run_phase_end (k->run, phase, tally->reads, tally->writes,
                        tally->reads * row->block, tally->writes * row->block);
  *elapsed = start_ns > 0 && end_ns > start_ns ? (end_ns - start_ns) / 1e9 : 0;
  k->moved += tally->bytes;
  return ok;
}

/* ---- the grid ---------------------------------------------------------- */

static void
add_grid_rows (Quick *k)
{
  QuickPlan *plan = k->plan;

  for (guint m = 0; m < plan->n_modes; m++)
    for (guint r = 0; r < plan->n_rows; r++)
      {
        static const double percentiles[] = { 50, 99 };
        VolIoTally *cell = &k->cells[m * plan->n_rows + r];
        guint rp = plan->read_percents[m];
        g_autoptr(GArray) tp = vol_kind_quick_loop_column (k->loops_series, r, rp, VOL_COL_THROUGHPUT);
        g_autoptr(GArray) iops = vol_kind_quick_loop_column (k->loops_series, r, rp, VOL_COL_IOPS);
        double p[2] = { 0, 0 };

        if (tp->len == 0)
          continue;
        if (cell->latency->len > 0)
          vol_stats_percentiles ((const double *) cell->latency->data, cell->latency->len,
                                 percentiles, p, G_N_ELEMENTS (percentiles));
        vol_kind_quick_append_cell (k->grid_series, r, &plan->rows[r], rp, tp, iops,
                                    cell->ios > 0 ? cell->latency_sum / cell->ios : 0, p[0], p[1]);
      }
}

static void
add_loop_row (Quick             *k,
              guint              r,
              guint              m,
              guint              loop,
              VolIoTally        *t,
              double             seconds)
{
  static const double p99[] = { 99 };
  QuickPlan *plan = k->plan;
  VolQuickLoop row = {
    .row = r,
    .read_percent = plan->read_percents[m],
    .loop = loop,
    .throughput = seconds > 0 ? t->bytes / seconds : 0,
    .iops = seconds > 0 ? t->ios / seconds : 0,
    .lat_mean = t->ios > 0 ? t->latency_sum / t->ios : 0,
    .ios = t->ios,
    .bytes = t->bytes,
    .seconds = seconds,
  };

  if (t->latency->len > 0)
    vol_stats_percentiles ((const double *) t->latency->data, t->latency->len, p99, &row.lat_p99, 1);
  vol_kind_quick_append_loop (k->loops_series, &row);
  /* the live chart: this loop's B/s at the row, one series per mode */
  _vol_run_sample (k->run, vol_quick_mode_word (plan->read_percents[m]), r, row.throughput);
}

/* Rests @seconds, or until the run is cancelled. */
static gboolean
rest (Quick   *k,
      double   seconds,
      GError **error)
{
  GPollFD pfd;
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  gboolean have_fd = g_cancellable_make_pollfd (k->run->cancellable, &pfd);

  while (g_get_monotonic_time () < end)
    {
      gint64 left_ms = (end - g_get_monotonic_time () + 999) / 1000;

      if (!_vol_run_check_cancelled (k->run, error))
        break;
      if (have_fd)
        g_poll (&pfd, 1, (int) MIN (left_ms, 100));
      else
        g_usleep ((gulong) MIN (left_ms, 100) * 1000);
    }
  if (have_fd)
    g_cancellable_release_fd (k->run->cancellable);
  return _vol_run_check_cancelled (k->run, error);
}

static gboolean
run_mode (Quick   *k,
          guint    m,
          GError **error)
{
  QuickPlan *plan = k->plan;
  guint rp = plan->read_percents[m];
  double warm_s = MIN (plan->seconds, VOL_QUICK_WARM_UP_MAX_S);

  /* The warm-up: not in the grid; the device's counts list it as its
   * own phase. */
  {
    VolIoTally warm;
    double elapsed;
    gboolean ok;
    g_autofree char *phase = g_strdup_printf ("warm-up-%s", vol_quick_mode_word (rp));

    g_free (k->text);
    k->text = g_strdup_printf (_("Warming up: %s"), vol_quick_mode_title (rp));
    _vol_io_tally_init (&warm, 1024, k->run->seed);
    ok = measure (k, &plan->rows[0], rp, warm_s, phase, k->run->seed ^ 0x77, &warm, &elapsed, error);
    _vol_io_tally_clear (&warm);
    k->done_s += warm_s;
    if (!ok)
      return FALSE;
  }

  for (guint loop = 0; loop < plan->loops; loop++)
    for (guint r = 0; r < plan->n_rows; r++)
      {
        const VolQuickRow *row = &plan->rows[r];
        g_autofree char *title = vol_quick_row_title (row);
        g_autofree char *phase = g_strdup_printf ("%s-%s-%u", title, vol_quick_mode_word (rp), loop + 1);
        VolIoTally t;
        double elapsed = 0;
        gboolean ok;

        if (plan->pause > 0 && !rest (k, plan->pause, error))
          return FALSE;
        k->done_s += plan->pause;
        k->item++;
        g_free (k->text);
        /* TRANSLATORS: "SEQ1M Q8T1 read, loop 2 of 5" */
        k->text = g_strdup_printf (_("%s %s, loop %u of %u"), title, vol_quick_mode_title (rp),
                                   loop + 1, plan->loops);
        for (char *p = phase; *p; p++)
          *p = g_ascii_tolower (*p == ' ' ? '-' : *p);
        _vol_io_tally_init (&t, LATENCY_RESERVOIR, k->run->seed ^ (k->item * 0x9E37u));
        ok = measure (k, row, rp, plan->seconds, phase,
                      k->run->seed ^ (G_GUINT64_CONSTANT (0x51ed270b27ad3f5b) * k->item), &t, &elapsed, error);
        if (t.ios > 0 && ok)
          {
            VolIoTally *cell = &k->cells[m * plan->n_rows + r];
            add_loop_row (k, r, m, loop, &t, elapsed);
            _vol_io_tally_merge (cell, &t);
            /* keep the cell's reservoir bounded: a uniform thinning */
            if (cell->latency->len > CELL_RESERVOIR)
              {
                guint step = (cell->latency->len + CELL_RESERVOIR - 1) / CELL_RESERVOIR;
                guint j = 0;
                for (guint i = 0; i < cell->latency->len; i += step)
                  g_array_index (cell->latency, double, j++) = g_array_index (cell->latency, double, i);
                g_array_set_size (cell->latency, j);
              }
          }
        _vol_io_tally_clear (&t);
        k->done_s += plan->seconds;
        if (!ok)
          return FALSE;
      }
  return TRUE;
}

/* ---- the run ----------------------------------------------------------- */

static gboolean
lay_down (Quick   *k,
          GError **error)
{
  return _vol_scratch_file_lay_down_reporting (k->run, k->fd, FILE_NAME, k->plan->size, k->mem_align, k->direct,
                                            k->n_items, k->total_s, &k->lay_serial, &k->lay_down_s, error);
}

/* Whether rings can be made here: decided once, so every row of a run
 * uses one backend. */
static gboolean
choose_backend (Quick   *k,
                GError **error)
{
  struct io_uring ring;
  VolUringMode mode;
  int ret;

  if (k->plan->backend == BACKEND_THREADS)
    {
      k->use_ring = FALSE;
      return TRUE;
    }
  ret = _vol_uring_init (4, &ring, &mode);
  if (ret == 0)
    {
      GVariantDict dict;

      io_uring_queue_exit (&ring);
      k->use_ring = TRUE;
      g_variant_dict_init (&dict, k->run->result->resolved);
      g_variant_dict_insert (&dict, "io-uring-setup", "s", _vol_uring_mode_name (mode));
      _vol_run_resolve (k->run, g_variant_dict_end (&dict));
      return TRUE;
    }
  if (k->plan->backend == BACKEND_URING)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (-ret),
                   _("io_uring is not available: %s"), g_strerror (-ret));
      return FALSE;
    }
  {
    GVariantDict dict;

    g_variant_dict_init (&dict, k->run->result->resolved);
    g_variant_dict_insert (&dict, "io-uring-unavailable", "s", g_strerror (-ret));
    _vol_run_resolve (k->run, g_variant_dict_end (&dict));
  }
  k->use_ring = FALSE;
  return TRUE;
}

static gboolean
quick_run (VolRun  *run,
           GError **error)
{
  Quick quick = { 0 };
  Quick *k = &quick;
  QuickPlan *plan = run->test_data;
  guint n_cells = plan->n_modes * plan->n_rows;
  gboolean ok;

  k->run = run;
  k->plan = plan;
  k->fd = -1;
  k->n_items = plan->n_modes * plan->loops * plan->n_rows;
  k->total_s = plan->n_modes * (MIN (plan->seconds, VOL_QUICK_WARM_UP_MAX_S)
                                + plan->loops * plan->n_rows * (plan->seconds + plan->pause));
  k->loops_series = vol_kind_quick_add_loops (run->result);
  k->grid_series = vol_kind_quick_add_grid (run->result);
  k->cells = g_new0 (VolIoTally, n_cells);
  for (guint i = 0; i < n_cells; i++)
    _vol_io_tally_init (&k->cells[i], CELL_RESERVOIR, run->seed + i);

  ok = choose_backend (k, error);
  g_free (run->result->io_backend);
  run->result->io_backend = g_strdup (k->use_ring ? "io_uring" : "threads");
  if (ok)
    {
      guint64 must_align = 0;
      for (guint r = 0; r < plan->n_rows; r++)
        must_align |= plan->rows[r].block;
      k->direct = TRUE;
      k->fd = _vol_scratch_file_open_aligned (run, FILE_NAME, O_RDWR | O_CREAT | O_EXCL, must_align,
                                           &k->direct, &k->mem_align, error);
      ok = k->fd >= 0;
    }
  ok = ok && lay_down (k, error);
  for (guint m = 0; ok && m < plan->n_modes; m++)
    ok = run_mode (k, m, error);
  if (k->fd >= 0 && !_vol_scratch_file_close (run, k->fd, FILE_NAME, ok ? error : NULL))
    ok = FALSE;

  /* A cancelled or failed run keeps the loops it finished, in the grid. */
  add_grid_rows (k);
  vol_kind_quick_summarize (run->result, k->moved, k->plan->size, k->worker_cpu_user, k->worker_cpu_system);
  run->result->cpu_user += k->worker_cpu_user;
  run->result->cpu_system += k->worker_cpu_system;
  for (guint i = 0; i < n_cells; i++)
    _vol_io_tally_clear (&k->cells[i]);
  g_free (k->cells);
  g_free (k->text);
  return ok;
}

/* One host's fio figures for build_quick()'s sections
 * ("SEQ1M-Q8T1-read-2"; the warm-ups are not measurements): a loops row
 * per section from fio's bytes, I/Os and runtime of the group, then the
 * grid over the loops as a local run makes it. The mean latency is
 * weighted by I/Os over the loops; the cell's percentiles are not known
 * (fio's per-section ones do not combine), its p99 per loop is. */
static gboolean
quick_from_fio (const VolTestSpec    *spec,
                VolResult            *result,
                const VolFioSections *sections,
                GError              **error)
{
  guint profile = vol_test_spec_get_choice (spec, "profile", vol_kind_quick_profiles);
  guint n_rows, n_modes = 0, percents[3];
  const VolQuickRow *rows = vol_quick_profile_rows (vol_kind_quick_profiles[profile], &n_rows);
  guint loops = (guint) vol_test_spec_get_int (spec, "loops");
  VolSeries *loops_series = vol_kind_quick_add_loops (result);
  VolSeries *grid = vol_kind_quick_add_grid (result);
  double moved = 0;

  percents[n_modes++] = 100;
  percents[n_modes++] = 0;
  if (vol_test_spec_get_bool (spec, "mix"))
    percents[n_modes++] = VOL_QUICK_MIX_READ_PERCENT;
  for (guint m = 0; m < n_modes; m++)
    for (guint loop = 0; loop < loops; loop++)
      for (guint r = 0; r < n_rows; r++)
        {
          g_autofree char *title = vol_quick_row_title (&rows[r]);
          const VolFioEntry *e;
          VolFioDir t;

          g_strdelimit (title, " ", '-');
          e = _vol_fio_section (sections, error, "%s-%s-%u", title, vol_quick_mode_word (percents[m]), loop + 1);
          if (e == NULL)
            return FALSE;
          _vol_fio_entry_total (e, &t);
          vol_kind_quick_append_loop (loops_series, &(VolQuickLoop) {
                                        .row = r, .read_percent = percents[m], .loop = loop,
                                        .throughput = t.bw, .iops = t.iops, .lat_mean = t.lat_mean,
                                        .lat_p99 = t.p99, .ios = t.ios, .bytes = t.io_bytes,
                                        .seconds = t.runtime });
          moved += t.io_bytes;
        }
  for (guint m = 0; m < n_modes; m++)
    for (guint r = 0; r < n_rows; r++)
      {
        g_autoptr(GArray) tp = vol_kind_quick_loop_column (loops_series, r, percents[m], VOL_COL_THROUGHPUT);
        g_autoptr(GArray) iops = vol_kind_quick_loop_column (loops_series, r, percents[m], VOL_COL_IOPS);
        g_autoptr(GArray) ios = vol_kind_quick_loop_column (loops_series, r, percents[m], VOL_COL_IOS);
        g_autoptr(GArray) lat = vol_kind_quick_loop_column (loops_series, r, percents[m], VOL_COL_LAT_MEAN);
        double n = 0, sum = 0;

        for (guint i = 0; i < ios->len; i++)
          {
            n += g_array_index (ios, double, i);
            sum += g_array_index (ios, double, i) * g_array_index (lat, double, i);
          }
        vol_kind_quick_append_cell (grid, r, &rows[r], percents[m], tp, iops, n > 0 ? sum / n : NAN, NAN, NAN);
      }
  /* fio's CPU is the host's processes, not I/O threads of ours: no figure */
  vol_kind_quick_summarize (result, moved, (double) vol_test_spec_get_int (spec, "size"), 0, 0);
  return TRUE;
}

const VolTestOps vol_test_quick = {
  "quick",
  quick_prepare,
  quick_run,
  quick_from_fio,
};
