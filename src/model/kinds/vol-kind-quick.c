/* vol-kind-quick.c — the quick test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-quick.c runs it.
 */
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-quick.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

const char *const vol_kind_quick_profiles[] = { "standard", "nvme", "peak", "realworld", NULL };

static const char *const quick_profile_labels[] = {
  N_("Standard"), N_("NVMe"), N_("Peak"), N_("Real world"), NULL,
};

const char *const vol_kind_quick_backends[] = { "auto", "io_uring", "threads", NULL };

static const char *const quick_backend_labels[] = {
  N_("Automatic"), N_("io_uring"), N_("A pool of threads"), NULL,
};

static const VolParamDesc quick_params[] = {
  { "profile", VOL_PARAM_CHOICE, N_("Profile"),
    N_("The rows measured: Standard, NVMe, Peak or Real world, as the desktop benchmarks name them"),
    NULL, "standard", 0, 0, 0, 0, vol_kind_quick_profiles, 0, quick_profile_labels },
  { "size", VOL_PARAM_SIZE, N_("Test size"),
    N_("The one test file every row reads and writes (less if the volume has less free space)"),
    "SIZE", "1G", 16 * MiB, 64 * GiB, 0, MiB },
  { "loops", VOL_PARAM_INT, N_("Loops"), N_("Times every row is measured; the figure is their mean"),
    "N", "5", 1, 9 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per measurement"), N_("How long each row runs in each loop"),
    "S", "5", 0.2, 60 },
  { "pause", VOL_PARAM_DOUBLE, N_("Pause between measurements"),
    N_("Seconds of rest before each measurement, for drives that slow down when hot"),
    "S", "0", 0, 60 },
  /* xgettext:no-c-format */
  { "mix", VOL_PARAM_BOOL, N_("Mixed rows"), N_("Also measure every row with 70 % reads and 30 % writes"),
    NULL, "no" },
  { "backend", VOL_PARAM_CHOICE, N_("I/O backend"), N_("io_uring, or a pool of threads doing pread/pwrite"),
    NULL, "auto", 0, 0, 0, 0, vol_kind_quick_backends, 0, quick_backend_labels },
};

/* The file laid down, then every measurement's set time; the writes of
 * the write and mix rows are as many as the device takes in it. */
static void
quick_estimate (const VolTestInfo *info,
                const VolTestSpec *spec,
                guint64            free_bytes,
                guint64            capacity,
                VolEstimate       *out)
{
  guint n_rows, modes = vol_test_spec_get_bool (spec, "mix") ? 3 : 2;
  double seconds = vol_test_spec_get_double (spec, "seconds");
  guint64 size = vol_estimate_fit ((guint64) vol_test_spec_get_int (spec, "size"), free_bytes, VOL_KIND_KEEP_FREE);

  vol_quick_profile_rows (vol_test_spec_get_string (spec, "profile"), &n_rows);
  out->bytes_written = size;
  out->bytes_held = size;
  out->bytes_moved = size;
  out->timed_writes = TRUE;
  out->fixed_seconds = modes * (MIN (seconds, VOL_QUICK_WARM_UP_MAX_S)
                                + vol_test_spec_get_int (spec, "loops") * n_rows
                                  * (seconds + vol_test_spec_get_double (spec, "pause")));
}

const VolTestInfo vol_kind_quick_info = {
  "quick",
  N_("Quick benchmark"),
  N_("The one-click grid: sequential and random reads and writes at the classic queue depths"),
  quick_params, G_N_ELEMENTS (quick_params),
  NULL,
  quick_estimate,
};
