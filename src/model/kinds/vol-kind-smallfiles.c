/* vol-kind-smallfiles.c — the smallfiles test kind: parameters, and its
 * result's series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. Then its result: a series per phase, a row per interval, and
 * PostMark's report computed from the run's counts. The engine's
 * vol-test-smallfiles.c runs it and keeps only the I/O.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

static const VolParamDesc smallfiles_params[] = {
  { "files", VOL_PARAM_INT, N_("Files"), N_("Files in the initial pool"),
    "N", "5000", 1, 10000000 },
  { "min-size", VOL_PARAM_SIZE, N_("Smallest file"), N_("Lower bound of the file sizes"),
    "SIZE", "500", 1, GiB },
  { "max-size", VOL_PARAM_SIZE, N_("Largest file"), N_("Upper bound of the file sizes"),
    "SIZE", "500000", 1, GiB },
  { "transactions", VOL_PARAM_INT, N_("Transactions"), N_("Read-or-append and create-or-delete pairs"),
    "N", "10000", 1, 100000000 },
  { "block", VOL_PARAM_SIZE, N_("I/O block"), N_("Bytes per read or write call"),
    "SIZE", "4K", 1, 16 * MiB },
  { "subdirs", VOL_PARAM_INT, N_("Subfolders"), N_("Folders the files are spread over"),
    "N", "10", 0, 100000 },
  { "read-bias", VOL_PARAM_INT, N_("Read bias"), N_("Out of 10: how often a transaction reads rather than appends"),
    "N", "5", 0, 10 },
  { "create-bias", VOL_PARAM_INT, N_("Create bias"), N_("Out of 10: how often a transaction creates rather than deletes"),
    "N", "5", 0, 10 },
};

static gboolean
smallfiles_check (const VolTestInfo  *info,
                  const VolTestSpec  *spec,
                  GError            **error)
{
  gint64 lo = vol_test_spec_get_int (spec, "min-size");
  gint64 hi = vol_test_spec_get_int (spec, "max-size");

  if (lo > hi)
    {
      g_autofree char *lo_text = vol_size_format ((guint64) lo);
      g_autofree char *hi_text = vol_size_format ((guint64) hi);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("min-size (%s) is larger than max-size (%s)"), lo_text, hi_text);
      return FALSE;
    }
  return TRUE;
}

/* The pool created, the transactions (a create or an append for each
 * one that does not read or delete), the pool deleted: small I/Os. */
static void
smallfiles_estimate (const VolTestInfo *info,
                     const VolTestSpec *spec,
                     guint64            free_bytes,
                     guint64            capacity,
                     VolEstimate       *out)
{
  guint64 files = (guint64) vol_test_spec_get_int (spec, "files");
  guint64 transactions = (guint64) vol_test_spec_get_int (spec, "transactions");
  guint64 mean = ((guint64) vol_test_spec_get_int (spec, "min-size") + (guint64) vol_test_spec_get_int (spec, "max-size")) / 2;
  guint64 writing = transactions * (10 - (guint64) MIN (vol_test_spec_get_int (spec, "read-bias"), 10)) / 10
                    + transactions * (guint64) MIN (vol_test_spec_get_int (spec, "create-bias"), 10) / 10;

  out->bytes_written = (files + writing) * mean;
  out->bytes_held = out->bytes_written;   /* at most: deletes free some of it */
  out->ios = 2 * files + 2 * transactions;
}

/* ---- its result --------------------------------------------------------- */

const char *const vol_kind_smallfiles_phases[VOL_SMALLFILES_N_PHASES] = {
  VOL_SMALLFILES_SERIES_CREATE, VOL_SMALLFILES_SERIES_TRANSACTIONS, VOL_SMALLFILES_SERIES_DELETE
};

/**
 * vol_kind_smallfiles_add_series:
 * @phase: a VolSmallfilesPhase
 *
 * Adds one phase's series: a row per interval, its operations per second
 * over time, and what it read and wrote. Any thread.
 *
 * Returns: (transfer none): the series
 */
VolSeries *
vol_kind_smallfiles_add_series (VolResult *result,
                                guint      phase)
{
  static const char *const titles[VOL_SMALLFILES_N_PHASES] = {
    N_("Creating the pool"), N_("Transactions"), N_("Deleting the pool"),
  };
  VolSeries *series;

  g_return_val_if_fail (phase < VOL_SMALLFILES_N_PHASES, NULL);
  series = vol_result_add_series (result, vol_kind_smallfiles_phases[phase], titles[phase],
                                  VOL_COL_TIME, VOL_SMALLFILES_COL_RATE);
  vol_series_add_column (series, VOL_COL_TIME, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_SMALLFILES_COL_RATE, "/s");
  vol_series_add_column (series, "operations", VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, "bytes-read", VOL_UNIT_BYTES);
  vol_series_add_column (series, "bytes-written", VOL_UNIT_BYTES);
  return series;
}

/**
 * vol_kind_smallfiles_append_window:
 * @time: seconds from the phase's start to the interval's end
 * @seconds: the interval's length (> 0)
 *
 * Returns: the interval's operations per second, as appended
 */
double
vol_kind_smallfiles_append_window (VolSeries *series,
                                   double     time,
                                   double     operations,
                                   double     seconds,
                                   double     bytes_read,
                                   double     bytes_written)
{
  double row[] = { time, operations / seconds, operations, seconds, bytes_read, bytes_written };

  vol_series_append (series, row, G_N_ELEMENTS (row));
  return row[1];
}

static void
add_rate (VolResult  *result,
          const char *name,
          const char *title,
          double      count,
          gint64      ns)
{
  if (ns > 0)
    vol_result_add_figure (result, name, title, "/s", count / (ns / 1e9));
}

/**
 * vol_kind_smallfiles_summarize:
 *
 * PostMark's report, on whatever was measured: a cancelled or failed run
 * still says what it saw (a phase that never ran has no rate).
 */
void
vol_kind_smallfiles_summarize (VolResult                 *result,
                               const VolSmallfilesTotals *t)
{
  const gint64 *ns = t->phase_ns;
  gint64 total_ns = ns[VOL_SMALLFILES_PHASE_CREATE] + ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]
                    + ns[VOL_SMALLFILES_PHASE_DELETE];
  guint created = t->created_alone + t->created_mixed;
  guint deleted = t->deleted_mixed + t->deleted_alone;

  for (guint p = 0; p < VOL_SMALLFILES_N_PHASES; p++)
    vol_result_add_summary (result, vol_kind_smallfiles_phases[p], VOL_SMALLFILES_COL_RATE);

  add_rate (result, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S, N_("Transactions per second"), t->transactions,
            ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]);
  add_rate (result, "created-per-s", N_("Files created per second"), created, total_ns);
  add_rate (result, VOL_SMALLFILES_FIG_CREATED_ALONE_PER_S, N_("Files created per second, alone"), t->created_alone,
            ns[VOL_SMALLFILES_PHASE_CREATE]);
  add_rate (result, VOL_SMALLFILES_FIG_CREATED_MIXED_PER_S, N_("Files created per second, mixed with transactions"),
            t->created_mixed, ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]);
  add_rate (result, VOL_SMALLFILES_FIG_READ_PER_S, N_("Files read per second"), t->reads,
            ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]);
  add_rate (result, VOL_SMALLFILES_FIG_APPENDED_PER_S, N_("Files appended per second"), t->appends,
            ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]);
  add_rate (result, "deleted-per-s", N_("Files deleted per second"), deleted, total_ns);
  add_rate (result, VOL_SMALLFILES_FIG_DELETED_ALONE_PER_S, N_("Files deleted per second, alone"), t->deleted_alone,
            ns[VOL_SMALLFILES_PHASE_DELETE]);
  add_rate (result, VOL_SMALLFILES_FIG_DELETED_MIXED_PER_S, N_("Files deleted per second, mixed with transactions"),
            t->deleted_mixed, ns[VOL_SMALLFILES_PHASE_TRANSACTIONS]);
  if (total_ns > 0)
    {
      vol_result_add_figure (result, VOL_SMALLFILES_FIG_READ_THROUGHPUT, N_("Read, bytes over the whole run"),
                             VOL_UNIT_RATE, t->bytes_read / (total_ns / 1e9));
      vol_result_add_figure (result, VOL_SMALLFILES_FIG_WRITE_THROUGHPUT, N_("Written, bytes over the whole run"),
                             VOL_UNIT_RATE, t->bytes_written / (total_ns / 1e9));
    }
  vol_result_add_figure (result, VOL_SMALLFILES_FIG_TOTAL_TIME, N_("Total time"), VOL_UNIT_SECONDS, total_ns / 1e9);
  vol_result_add_figure (result, "creation-time", N_("Time creating the pool"), VOL_UNIT_SECONDS,
                         ns[VOL_SMALLFILES_PHASE_CREATE] / 1e9);
  vol_result_add_figure (result, VOL_SMALLFILES_FIG_TRANSACTION_TIME, N_("Time of the transactions"), VOL_UNIT_SECONDS,
                         ns[VOL_SMALLFILES_PHASE_TRANSACTIONS] / 1e9);
  vol_result_add_figure (result, "deletion-time", N_("Time deleting the pool"), VOL_UNIT_SECONDS,
                         ns[VOL_SMALLFILES_PHASE_DELETE] / 1e9);

  vol_result_add_figure (result, "transactions", N_("Transactions"), VOL_UNIT_NONE, t->transactions);
  vol_result_add_figure (result, "files-created", N_("Files created"), VOL_UNIT_NONE, created);
  vol_result_add_figure (result, "files-created-alone", N_("Files created alone"), VOL_UNIT_NONE, t->created_alone);
  vol_result_add_figure (result, "files-created-mixed", N_("Files created in transactions"), VOL_UNIT_NONE,
                         t->created_mixed);
  vol_result_add_figure (result, "creates-skipped", N_("Creates skipped (pool full)"), VOL_UNIT_NONE, t->creates_skipped);
  vol_result_add_figure (result, "files-read", N_("Files read"), VOL_UNIT_NONE, t->reads);
  vol_result_add_figure (result, "files-appended", N_("Files appended"), VOL_UNIT_NONE, t->appends);
  vol_result_add_figure (result, "appends-skipped", N_("Appends skipped (file at max-size)"), VOL_UNIT_NONE,
                         t->appends_skipped);
  vol_result_add_figure (result, "files-deleted", N_("Files deleted"), VOL_UNIT_NONE, deleted);
  vol_result_add_figure (result, "files-deleted-mixed", N_("Files deleted in transactions"), VOL_UNIT_NONE,
                         t->deleted_mixed);
  vol_result_add_figure (result, "files-deleted-alone", N_("Files deleted alone"), VOL_UNIT_NONE, t->deleted_alone);
  vol_result_add_figure (result, "files-left", N_("Files left for the cleanup"), VOL_UNIT_NONE, t->files_left);
  vol_result_add_figure (result, "bytes-read", N_("Bytes read"), VOL_UNIT_BYTES, t->bytes_read);
  vol_result_add_figure (result, "bytes-written", N_("Bytes written"), VOL_UNIT_BYTES, t->bytes_written);
  vol_result_add_figure (result, "read-calls", N_("Read calls"), VOL_UNIT_NONE, t->read_calls);
  vol_result_add_figure (result, "write-calls", N_("Write calls"), VOL_UNIT_NONE, t->write_calls);
}

/* ---- what a result shows ----------------------------------------------- */

static VolResultHeadline *
smallfiles_headline (const VolResult *result)
{
  VolResultHeadline *h = _vol_result_headline_from_figure (result, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S,
                                                           g_strdup (_("Transactions")));

  if (h == NULL)
    h = _vol_result_headline_from_summary (result, VOL_SMALLFILES_SERIES_TRANSACTIONS, _("Transactions"));
  if (h)
    {
      /* "6391 transactions/s", not "6391 /s" */
      g_free (h->unit);
      h->unit = g_strdup ("transactions/s");
      /* TRANSLATORS: a unit, after a number: "6391 transactions/s" */
      h->unit_title = N_("transactions/s");
    }
  return h;
}

const VolTestInfo vol_kind_smallfiles_info = {
  .name = VOL_KIND_SMALLFILES,
  .title = N_("Small files"),
  .description = N_("A mail-server workload: a pool of files, then create, delete, read and append transactions"),
  .params = smallfiles_params,
  .n_params = G_N_ELEMENTS (smallfiles_params),
  .check = smallfiles_check,
  .estimate = smallfiles_estimate,
  .headline = smallfiles_headline,
};
