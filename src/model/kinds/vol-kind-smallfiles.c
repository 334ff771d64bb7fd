/* vol-kind-smallfiles.c — the smallfiles test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-smallfiles.c runs it.
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

/**
 * vol_kind_smallfiles_add_series:
 * @name: the phase, VOL_SMALLFILES_SERIES_*
 *
 * Adds one phase's series: a row per interval, its operations per second
 * over time, and what it read and wrote.
 *
 * Returns: (transfer none): the series
 */
VolSeries *
vol_kind_smallfiles_add_series (VolResult  *result,
                                const char *name,
                                const char *title)
{
  VolSeries *series = vol_result_add_series (result, name, title, VOL_COL_TIME, VOL_SMALLFILES_COL_RATE);

  vol_series_add_column (series, VOL_COL_TIME, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_SMALLFILES_COL_RATE, "/s");
  vol_series_add_column (series, "operations", VOL_UNIT_NONE);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, "bytes-read", VOL_UNIT_BYTES);
  vol_series_add_column (series, "bytes-written", VOL_UNIT_BYTES);
  return series;
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
