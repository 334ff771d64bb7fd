/* vol-test-smallfiles.c — the Small files test
 *
 * Described in the registry (its parameters already validate, appear in
 * --help and in the application's rows); run is NULL until it is
 * implemented, so the runner says it is not available before touching
 * the target.
 */
#include "vol-run-private.h"

#include <glib/gi18n.h>

#define MiB (1024.0 * 1024.0)
#define GiB (1024.0 * 1024.0 * 1024.0)

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

const VolTestKind vol_test_smallfiles = {
  {
    "smallfiles",
    N_("Small files"),
    N_("A mail-server workload: a pool of files, then create, delete, read and append transactions"),
    smallfiles_params, G_N_ELEMENTS (smallfiles_params),
    NULL,
  },
  NULL,
  NULL,
};
