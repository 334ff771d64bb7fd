/* vol-chart-smallfiles.c — the chart of a Small files result
 *
 * PostMark's report as bars: files created, read, appended, deleted and
 * transactions per second. Two bars per category where PostMark gives two
 * figures: "alone" (the pool's creation, the final deletion) and "during
 * transactions"; reads, appends and transactions exist only during
 * transactions. The MB/s read and written (over the whole run, as
 * PostMark divides them) and the times go in the subtitle. The workload
 * is the filesystem's with its page cache, and the chart says so.
 */
#include "vol-chart-build.h"

#include <inttypes.h>
#include <math.h>

#include <glib/gi18n.h>

#include "vol-kinds.h"
#include "vol-size.h"

static gint64
param_int (const VolResult *result,
           const char      *key)
{
  gint64 v = 0;

  if (result->params)
    g_variant_lookup (result->params, key, "x", &v);
  return v;
}

VolChart *
_vol_chart_build_smallfiles (const VolResult       *result,
                             const VolChartOptions *options)
{
  static const char *const categories[] = {
    N_("Created"), N_("Read"), N_("Appended"), N_("Deleted"), N_("Transactions"), NULL
  };
  const char *translated[G_N_ELEMENTS (categories)];
  VolChart *chart = vol_chart_new (VOL_CHART_KIND_BARS);
  g_autofree char *target = vol_chart_describe_target (result);
  g_autofree char *min_size = vol_size_format ((guint64) param_int (result, "min-size"));
  g_autofree char *max_size = vol_size_format ((guint64) param_int (result, "max-size"));
  g_autofree char *block = vol_size_format ((guint64) param_int (result, "block"));
  double scale = _vol_chart_rate_scale (options);
  VolChartSeries *alone, *mixed;
  GString *sub;

  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    translated[i] = categories[i] ? _(categories[i]) : NULL;
  vol_chart_set_categories (chart, translated);

  chart->title = result->label
    ? g_strdup_printf (_("%s: small files (PostMark model)"), result->label)
    : g_strdup (_("Small files: PostMark's mail-server workload"));

  sub = g_string_new (target);
  g_string_append_printf (sub, _(" · %" PRId64 " files of %s … %s, %" PRId64 " transactions, %s I/O, %" PRId64 " subfolders"),
                          param_int (result, "files"), min_size, max_size, param_int (result, "transactions"),
                          block, param_int (result, "subdirs"));
  if (isfinite (_vol_chart_figure (result, VOL_SMALLFILES_FIG_READ_THROUGHPUT)))
    g_string_append_printf (sub, _(" · read %.2f %s, written %.2f %s over the whole run"),
                            _vol_chart_figure (result, VOL_SMALLFILES_FIG_READ_THROUGHPUT) / scale, _vol_chart_rate_unit (options),
                            _vol_chart_figure (result, VOL_SMALLFILES_FIG_WRITE_THROUGHPUT) / scale, _vol_chart_rate_unit (options));
  if (isfinite (_vol_chart_figure (result, VOL_SMALLFILES_FIG_TOTAL_TIME)))
    g_string_append_printf (sub, _(" · %.2f s in all, %.2f s of transactions"),
                            _vol_chart_figure (result, VOL_SMALLFILES_FIG_TOTAL_TIME), _vol_chart_figure (result, VOL_SMALLFILES_FIG_TRANSACTION_TIME));
  chart->subtitle = g_string_free (sub, FALSE);

  chart->x_title = g_strdup (_("Operation"));
  chart->y_title = g_strdup (_("Files or transactions per second"));
  chart->y_unit = g_strdup ("/s");
  chart->footer = _vol_chart_footer_for (result);

  alone = vol_chart_add_series (chart, _("Alone (pool creation, final deletion)"), 0);
  vol_chart_series_add (alone, 0, _vol_chart_figure (result, VOL_SMALLFILES_FIG_CREATED_ALONE_PER_S));
  vol_chart_series_add (alone, 3, _vol_chart_figure (result, VOL_SMALLFILES_FIG_DELETED_ALONE_PER_S));

  mixed = vol_chart_add_series (chart, _("During transactions"), 1);
  vol_chart_series_add (mixed, 0, _vol_chart_figure (result, VOL_SMALLFILES_FIG_CREATED_MIXED_PER_S));
  vol_chart_series_add (mixed, 1, _vol_chart_figure (result, VOL_SMALLFILES_FIG_READ_PER_S));
  vol_chart_series_add (mixed, 2, _vol_chart_figure (result, VOL_SMALLFILES_FIG_APPENDED_PER_S));
  vol_chart_series_add (mixed, 3, _vol_chart_figure (result, VOL_SMALLFILES_FIG_DELETED_MIXED_PER_S));
  vol_chart_series_add (mixed, 4, _vol_chart_figure (result, VOL_SMALLFILES_FIG_TRANSACTIONS_PER_S));

  _vol_chart_add_measurement_warnings (chart, result);
  return chart;
}
