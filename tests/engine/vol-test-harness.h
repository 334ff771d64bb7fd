/* vol-test-harness.h — what the real-volume tests share
 *
 * The tests run by with-volume.sh (test-fill, test-queue-threads,
 * test-smallfiles-cached, test-transfer-random) each drive a VolRunner on
 * a main loop against $VOL_TEST_DIR. Shared here: finding that folder,
 * building a spec from text through the registry, running it with
 * progress checks and cancel hooks, checking no scratch folder is left,
 * lookups in a result, and a VolIoOps wrapped around the real calls that
 * counts what reaches the kernel, records every written block's stamp and
 * injects faults no real disk gives on demand (EIO, ENOSPC, short
 * writes); and the check that a result's device counters agree.
 */
#pragma once

#include <gio/gio.h>

#include "vol-registry.h"
#include "vol-result.h"
#include "vol-runner.h"

G_BEGIN_DECLS

/* $VOL_TEST_DIR, set by th_init (); a test may point it elsewhere for a
 * while (specs are made, and scratch folders looked for, in it). */
extern const char *th_test_dir;

gboolean th_init (int          *argc,
                  char       ***argv,
                  const char  **fstype);

/* ---- running a spec ------------------------------------------------- */

typedef struct _ThRun ThRun;

/* Called on every progress update, after the checks and cancels below. */
typedef void (*ThProgressHook) (ThRun             *run,
                                const VolProgress *progress);

struct _ThRun
{
  GMainLoop      *loop;
  GCancellable   *cancellable;
  VolResult      *result;
  GError         *error;

  /* what progress showed */
  guint           samples;              /* live samples received */
  double          last_fraction;
  gboolean        fraction_went_back;

  /* when to cancel (each 0 or NULL: never); cancelled_at is when it was */
  guint           cancel_after_samples; /* once this many live samples arrived */
  const char     *cancel_phase;         /* once progress in this phase… */
  guint           cancel_phase_after;   /* …has been seen this many times */
  guint           phase_seen;
  double          cancel_at_fraction;   /* once progress passes this fraction */
  gint64          cancelled_at;

  ThProgressHook  on_progress;          /* may clear itself */
};

/* @ops may be a ThIoOps's &ops: its cancel points then use @run's
 * cancellable. */
void         th_run_spec      (VolTestSpec    *spec,
                               const VolIoOps *ops,
                               ThRun          *run);
void         th_run_spec_on   (VolRunner      *runner,
                               VolTestSpec    *spec,
                               const VolIoOps *ops,
                               ThRun          *run);

/* Parameters as key and text value pairs, NULL-terminated, over the
 * kind's defaults; parsed and validated, asserting each step. */
VolTestSpec *th_make_spec     (const char     *kind_name,
                               guint64         seed,
                               const char     *first_key,
                               ...) G_GNUC_NULL_TERMINATED;

/* ---- the scratch folder --------------------------------------------- */

/* The path of a scratch folder in @dir_path, or NULL; @opened (may be
 * NULL) says whether @dir_path could be read at all. */
char        *th_find_scratch_in (const char   *dir_path,
                                 gboolean     *opened);
char        *th_find_scratch    (void);
void         th_assert_no_scratch (void);
guint64      th_free_bytes      (void);

/* ---- lookups in a result, asserting they are there ------------------ */

double       th_figure        (const VolResult *result,
                               const char      *name);
gint64       th_resolved_int  (const VolResult *result,
                               const char      *key);
double       th_cell          (const VolSeries *series,
                               const char      *column,
                               guint            row);

/* ---- the wrapper: counts and faults, safe from many threads ---------- */

typedef struct _ThIoOps ThIoOps;

/* Called on the worker thread right after the @nth pread (@is_read) or
 * pwrite was made: an exact point of the run, to act at. */
typedef void (*ThIoHook) (ThIoOps  *ops,
                          gboolean  is_read,
                          guint64   nth);

struct _ThIoOps
{
  VolIoOps    ops;
  GMutex      lock;

  /* every pread and pwrite, counted before any fault */
  guint64     reads;
  guint64     writes;
  guint64     bytes_written;
  GHashTable *tids;            /* distinct kernel thread ids seen */
  gsize       count_size;      /* classify only transfers of this size; 0 all */
  guint64     off_512;         /* classified transfers at offsets ≡ 512 (mod 4096) */
  guint64     off_other;

  /* offsets (guint64) of the transfers of exactly @watch bytes that were
   * passed on; @watch 0 records none */
  gsize       watch;
  GArray     *write_offsets;
  GArray     *read_offsets;

  /* faults, 1-based (0 none) */
  guint64     fail_read_at;    /* the pread that fails with fail_errno */
  guint64     fail_write_at;   /* the pwrite that fails with fail_errno */
  int         fail_errno;      /* EIO unless set */
  guint64     short_write_at;  /* the pwrite of ≥ 8 KiB that comes back half done */

  /* A cancel at an exact point of the run, whatever the volume's speed:
   * right after the Nth pwrite (or pread) is made, the worker thread that
   * made it cancels @cancellable itself (1-based, 0 never). th_run_spec ()
   * sets @cancellable; ios_at_cancel is reads + writes at that moment
   * (after the Nth call returned), so reads + writes - ios_at_cancel is
   * what got through afterwards: nothing from that thread, at most the
   * one transfer each other worker had already begun. */
  guint64       cancel_at_write;
  guint64       cancel_at_read;
  GCancellable *cancellable;
  guint64       ios_at_cancel;

  ThIoHook      after_transfer;
  gpointer      user_data;

  /* With record_stamps, the stamp serial (the first 8 bytes,
   * vol-datapool.h) of every 4 KiB block written: by pwrite, as far as it
   * got, and by every write handed to io_uring (VolIoOps.submitted). */
  gboolean      record_stamps;
  GArray       *stamps;        /* of guint64, in no particular order */
};

void         th_io_ops_init   (ThIoOps *ops);
void         th_io_ops_clear  (ThIoOps *ops);

/* No stamp recorded twice: every written block of the run was unique
 * (a random-data run; zeros carry no stamps). Fails naming the first
 * repeated serial and how many repeats there were. */
void         th_assert_stamps_unique (ThIoOps *ops);

/* ---- the device's counters ------------------------------------------ */

/* @result has device counters (one per timed phase) and every one agrees
 * with the test's counts (vol_io_counters_agree, 2 %); fails naming the
 * phase and the figures. */
void         th_assert_counters_agree (const VolResult *result);

G_END_DECLS
