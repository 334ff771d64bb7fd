/* vol-kind-cached.c — the cached test kind: parameters, and its result's
 * series, rows and figures
 *
 * Its description (name, title, every parameter with its default, range
 * and help) and the estimate of a run: what the CLI, the app's rows,
 * validation and a result's reader need, with no engine. Then its
 * result: a series per phase (cached, device), a row per window of
 * reads, and the figures of both phases. The engine's vol-test-cached.c
 * runs it.
 */
#include <math.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-estimate.h"
#include "vol-kinds.h"
#include "vol-result-headline-private.h"
#include "vol-size.h"
#include "vol-spec.h"

/* ---- its result --------------------------------------------------------- */

/**
 * vol_kind_cached_add_series:
 * @device: the device's reads (else the cached reads)
 *
 * Adds one phase's series: a row per window of reads. Any thread.
 */
VolSeries *
vol_kind_cached_add_series (VolResult *result,
                            gboolean   device)
{
  VolSeries *series = device
    ? vol_result_add_series (result, VOL_CACHED_SERIES_DEVICE, N_("Device reads"), VOL_COL_TIME, VOL_COL_THROUGHPUT)
    : vol_result_add_series (result, VOL_CACHED_SERIES_CACHED, N_("Cached reads"), VOL_COL_TIME, VOL_COL_THROUGHPUT);

  vol_series_add_column (series, VOL_COL_TIME, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_COL_THROUGHPUT, VOL_UNIT_RATE);
  vol_series_add_column (series, VOL_COL_BYTES, VOL_UNIT_BYTES);
  vol_series_add_column (series, VOL_COL_SECONDS, VOL_UNIT_SECONDS);
  vol_series_add_column (series, VOL_CACHED_COL_READS, VOL_UNIT_NONE);
  return series;
}

/**
 * vol_kind_cached_append_window:
 * @time: seconds from the phase's start to the window's end
 * @seconds: the window's reads' own time, summed (> 0)
 *
 * Returns: the window's throughput, as appended
 */
double
vol_kind_cached_append_window (VolSeries *series,
                               double     time,
                               double     bytes,
                               double     seconds,
                               double     reads)
{
  double row[] = { time, bytes / seconds, bytes, seconds, reads };

  vol_series_append (series, row, G_N_ELEMENTS (row));
  return row[1];
}

/**
 * vol_kind_cached_summarize:
 *
 * The summaries of both phases, each phase's throughput (Σ bytes / Σ
 * seconds of its reads, when it read at all), bytes, calls and time.
 */
void
vol_kind_cached_summarize (VolResult             *result,
                           const VolCachedTotals *t)
{
  vol_result_add_summary (result, VOL_CACHED_SERIES_CACHED, VOL_COL_THROUGHPUT);
  vol_result_add_summary (result, VOL_CACHED_SERIES_DEVICE, VOL_COL_THROUGHPUT);
  if (t->seconds[0] > 0)
    vol_result_add_figure (result, VOL_CACHED_FIG_CACHED_THROUGHPUT, N_("Cached reads"), VOL_UNIT_RATE,
                           t->bytes[0] / t->seconds[0]);
  if (t->seconds[1] > 0)
    vol_result_add_figure (result, VOL_CACHED_FIG_DEVICE_THROUGHPUT, N_("Device reads"), VOL_UNIT_RATE,
                           t->bytes[1] / t->seconds[1]);
  vol_result_add_figure (result, "cached-bytes", N_("Bytes read from the cache"), VOL_UNIT_BYTES, t->bytes[0]);
  vol_result_add_figure (result, "device-bytes", N_("Bytes read from the device"), VOL_UNIT_BYTES, t->bytes[1]);
  vol_result_add_figure (result, "cached-reads", N_("Cached read calls"), VOL_UNIT_NONE, t->calls[0]);
  vol_result_add_figure (result, "device-reads", N_("Device read calls"), VOL_UNIT_NONE, t->calls[1]);
  vol_result_add_figure (result, VOL_CACHED_FIG_CACHED_SECONDS, N_("Time in cached reads"), VOL_UNIT_SECONDS,
                         t->seconds[0]);
  vol_result_add_figure (result, VOL_CACHED_FIG_DEVICE_SECONDS, N_("Time in device reads"), VOL_UNIT_SECONDS,
                         t->seconds[1]);
}

/* ---- its parameters and their checks ----------------------------------- */

static const char *const cached_sources[] = { "auto", "device", "file", NULL };

static const char *const cached_source_labels[] = {
  N_("Automatic"), N_("The block device"), N_("A test file"), NULL,
};

static const VolParamDesc cached_params[] = {
  { "cached-seconds", VOL_PARAM_DOUBLE, N_("Cached reads"), N_("Seconds of reads from the page cache"),
    "S", "2", 0.5, 600 },
  { "device-seconds", VOL_PARAM_DOUBLE, N_("Device reads"), N_("Seconds of direct reads from the device"),
    "S", "3", 0.5, 600 },
  { "source", VOL_PARAM_CHOICE, N_("Read from"), N_("The block device when it may be opened, else a test file"),
    NULL, "auto", 0, 0, 0, 0, cached_sources, 0, cached_source_labels },
  { "region", VOL_PARAM_SIZE, N_("Cached region"), N_("Bytes read again and again through the cache, in one call (hdparm: 2 MiB)"),
    "SIZE", "2M", 4096, 1073741824, 0, 4096 },
};

/* Two set times; a test file laid down unless the device is asked for
 * (auto counts it too: whether the device can be opened is known only
 * when the run starts, and the estimate errs on the side of writing). */
static void
cached_estimate (const VolTestInfo *info,
                 const VolTestSpec *spec,
                 guint64            free_bytes,
                 guint64            capacity,
                 VolEstimate       *out)
{
  if (g_strcmp0 (vol_test_spec_get_string (spec, "source"), "device") != 0)
    out->bytes_written = vol_estimate_fit (VOL_CACHED_FILE_WANTED, free_bytes, VOL_KIND_KEEP_FREE);
  out->bytes_held = out->bytes_written;
  out->bytes_moved = out->bytes_written;
  out->fixed_seconds = vol_test_spec_get_double (spec, "cached-seconds") + vol_test_spec_get_double (spec, "device-seconds");
}

/* ---- what a result shows ----------------------------------------------- */

static VolResultHeadline *
cached_headline (const VolResult *result)
{
  VolResultHeadline *h = _vol_result_headline_from_figure (result, VOL_CACHED_FIG_DEVICE_THROUGHPUT,
                                                           g_strdup (_("Device reads")));

  if (h == NULL)
    h = _vol_result_headline_from_summary (result, VOL_CACHED_SERIES_DEVICE, _("Device reads"));
  if (h == NULL)
    h = _vol_result_headline_from_figure (result, VOL_CACHED_FIG_CACHED_THROUGHPUT, g_strdup (_("Cached reads")));
  return h;
}

const VolTestInfo vol_kind_cached_info = {
  .name = VOL_KIND_CACHED,
  .title = N_("Cached vs device read"),
  .description = N_("The same region read through the page cache and straight from the device"),
  .params = cached_params,
  .n_params = G_N_ELEMENTS (cached_params),
  .estimate = cached_estimate,
  .headline = cached_headline,
};
