/* vol-kind-threads.c — the threads test kind: its parameters
 *
 * Its description (name, title, every parameter with its default, range
 * and help), the rules across parameters and the estimate of a run: what
 * the CLI, the app's rows, validation and a result's reader need, with no
 * engine. The engine's vol-test-threads.c runs it.
 */
#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its parameters and their checks ----------------------------------- */

#define MAX_BUFFER_BYTES (G_GUINT64_CONSTANT (1) << 30)

const char *const vol_kind_thread_modes[] = { "seqwr", "seqrd", "rndwr", "rndrd", "rndrw", NULL };

const char *const vol_kind_thread_flushes[] = { "end", "pass", "requests", NULL };

static const char *const thread_mode_labels[] = {
  N_("Sequential writes"), N_("Sequential reads"), N_("Random writes"), N_("Random reads"),
  N_("Random reads and writes"), NULL,
};

static const char *const thread_flush_labels[] = {
  N_("At the end of each point"), N_("After each pass over the file"), N_("After a number of writes"), NULL,
};

static const VolParamDesc threads_params[] = {
  { "threads", VOL_PARAM_INT_LIST, N_("Thread counts"), N_("Threads at each point, each with its own file"),
    "N,N,…", "1,2,4,8,16,32,64,128", 1, 1024 },
  { "bytes-per-thread", VOL_PARAM_SIZE, N_("Bytes per thread"), N_("Size of each thread's file (scaled to fit)"),
    "SIZE", "512M", MiB, TiB, 0, MiB },
  { "mode", VOL_PARAM_CHOICE, N_("Mode"), N_("Sequential or random, reads, writes or both"),
    NULL, "seqwr", 0, 0, 0, 0, vol_kind_thread_modes, 0, thread_mode_labels },
  { "block", VOL_PARAM_SIZE, N_("Block size"), N_("Bytes per I/O"),
    "SIZE", "1M", 512, GiB, 0, 512 },
  { "seconds", VOL_PARAM_DOUBLE, N_("Seconds per point"), N_("Time each thread count runs"),
    "S", "30", 1, 3600 },
  { "flush", VOL_PARAM_CHOICE, N_("Flush"),
    N_("When a thread's writes are flushed to the device: once at the end of the point (as fio), after each pass over its file, or every flush-requests writes (as sysbench)"),
    NULL, "end", 0, 0, 0, 0, vol_kind_thread_flushes, 0, thread_flush_labels },
  { "flush-requests", VOL_PARAM_INT, N_("Writes per flush"), N_("With flush=requests: a flush after this many writes of a thread"),
    "N", "100", 1, 1000000 },
};

/* Threads × block (a buffer each) is known from the parameters alone:
 * any volume would refuse it, so it is refused with them (a
 * VOL_SPEC_ERROR naming the parameter, before a scratch folder is made),
 * not as a lack of space. */
static gboolean
threads_check (const VolTestInfo  *info,
               const VolTestSpec  *spec,
               GError            **error)
{
  guint64 block = (guint64) vol_test_spec_get_int (spec, "block");
  guint64 wanted = (guint64) vol_test_spec_get_int (spec, "bytes-per-thread");
  guint64 max_threads = (guint64) vol_test_spec_get_list_max (spec, "threads");

  /* a block is never larger than the thread's file */
  if (max_threads * MIN (block, wanted) > MAX_BUFFER_BYTES)
    {
      g_autofree char *block_text = vol_size_format (block);
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("threads: %u threads with %s blocks need more than 1 GiB of buffers; use fewer threads or a smaller block"),
                   (guint) max_threads, block_text);
      return FALSE;
    }
  return TRUE;
}

/* The files of the most threads laid down, then every point's set time;
 * the write modes write as much as the device takes in it. */
static void
threads_estimate (const VolTestInfo *info,
                  const VolTestSpec *spec,
                  guint64            free_bytes,
                  guint64            capacity,
                  VolEstimate       *out)
{
  g_autoptr(GVariant) counts = vol_test_spec_get_value (spec, "threads");
  gint64 most = vol_test_spec_get_list_max (spec, "threads");
  const char *mode = vol_test_spec_get_string (spec, "mode");
  gsize n = 0;

  if (counts != NULL && g_variant_is_of_type (counts, G_VARIANT_TYPE ("ax")))
    n = g_variant_n_children (counts);
  out->bytes_written = vol_estimate_fit ((guint64) (vol_test_spec_get_int (spec, "bytes-per-thread") * MAX (most, 1)),
                                         free_bytes, VOL_KIND_KEEP_FREE);
  out->bytes_held = out->bytes_written;   /* the most threads' files, at once */
  out->bytes_moved = out->bytes_written;
  out->timed_writes = mode != NULL && (g_str_has_suffix (mode, "wr") || g_str_equal (mode, "rndrw"));
  out->fixed_seconds = n * vol_test_spec_get_double (spec, "seconds");
}

const VolTestInfo vol_kind_threads_info = {
  "threads",
  N_("Threads"),
  N_("Each thread writes then reads its own file, for each thread count"),
  threads_params, G_N_ELEMENTS (threads_params),
  threads_check,
  threads_estimate,
};
