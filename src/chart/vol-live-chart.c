/* vol-live-chart.c — the chart of a run in progress, for every test kind */
#include "vol-live-chart.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-chart-build.h"
#include "vol-quick.h"
#include "vol-kinds.h"
#include "vol-size.h"

typedef enum
{
  X_RAW,       /* the sample's x as it is */
  X_CATEGORY,  /* one category per distinct x (queue depths, thread counts) */
  X_TIME,      /* seconds since the series' phase began: phases laid end to end */
} XMode;

typedef struct
{
  const char   *kind;
  VolChartKind  chart_kind;
  XMode         x_mode;
  gboolean      log_x;
  gboolean      mean_per_x;  /* several samples at one x (iterations): their mean */
  const char   *unit;        /* of the samples' y */
  const char   *list_param;  /* X_CATEGORY: the spec's list, so the axis is whole from the start */
  const char   *x_title;
  const char   *y_title;     /* the rate unit follows in brackets when unit is B/s */
} KindLayout;

static const KindLayout layouts[] = {
  { VOL_KIND_QUICK, VOL_CHART_KIND_BARS, X_CATEGORY, FALSE, TRUE, VOL_UNIT_RATE, NULL,
    N_("Test"), N_("Throughput, mean of the loops so far") },
  { VOL_KIND_FILL, VOL_CHART_KIND_CAPACITY, X_RAW, FALSE, FALSE, VOL_UNIT_RATE, NULL,
    /* xgettext:no-c-format */
    N_("Position in the volume (% of capacity)"), N_("Throughput") },
  { VOL_KIND_SURFACE, VOL_CHART_KIND_CAPACITY, X_RAW, FALSE, FALSE, VOL_UNIT_RATE, NULL,
    /* xgettext:no-c-format */
    N_("Position on the device (% of capacity)"), N_("Transfer rate") },
  { VOL_KIND_TRANSFER, VOL_CHART_KIND_LINES, X_RAW, TRUE, TRUE, VOL_UNIT_RATE, NULL,
    N_("Transfer size"), N_("Average throughput") },
  { VOL_KIND_RANDOM, VOL_CHART_KIND_LINES, X_RAW, FALSE, FALSE, VOL_UNIT_IOPS, NULL,
    N_("Iteration"), N_("I/O operations per second") },
  { VOL_KIND_QUEUE, VOL_CHART_KIND_LINES, X_CATEGORY, FALSE, FALSE, VOL_UNIT_IOPS, "depths",
    N_("Queue depth (I/Os in flight)"), N_("I/O operations per second (IOPS)") },
  { VOL_KIND_THREADS, VOL_CHART_KIND_LINES, X_CATEGORY, FALSE, FALSE, VOL_UNIT_RATE, "threads",
    N_("Threads (one file each)"), N_("Aggregate throughput") },
  { VOL_KIND_CACHED, VOL_CHART_KIND_LINES, X_TIME, FALSE, FALSE, VOL_UNIT_RATE, NULL,
    N_("Time (s)"), N_("Throughput") },
  { VOL_KIND_SMALLFILES, VOL_CHART_KIND_LINES, X_TIME, FALSE, FALSE, "ops/s", NULL,
    N_("Time (s)"), N_("Files or transactions per second") },
};

/* Any other kind (a new test): its samples over their own x. */
static const KindLayout generic_layout = {
  NULL, VOL_CHART_KIND_LINES, X_RAW, FALSE, FALSE, VOL_UNIT_RATE, NULL, N_("Progress"), N_("Throughput")
};

typedef struct
{
  double x, y;
} Point;

typedef struct
{
  char   *name;     /* the runner's series name: "write", "read-1024", "create" */
  GArray *points;   /* of Point: x already placed (category index, time end to end) */
  double  offset;   /* X_TIME: where this phase starts on the axis */
} LiveSeries;

struct _VolLiveChart
{
  const KindLayout *layout;
  char             *title;
  char             *subtitle;
  char             *mode;         /* queue and threads: the spec's mode, for the colour */
  double            x_min, x_max; /* fixed x range, or NAN */
  GPtrArray        *series;       /* of LiveSeries */
  GArray           *categories;   /* of double, X_CATEGORY */
  GPtrArray        *labels;       /* of char *: the categories' names, or NULL for their numbers */
  double            time_end;     /* X_TIME: the latest x on the axis */
  guint             n_samples;
  const LiveSeries *last;         /* of the latest sample */
  double            last_y;
  const VolQuickRow *quick_rows;  /* quick: the profile's rows, or NULL */
  guint             n_quick_rows;
  gboolean          quick_mix;    /* quick: the 70 % mix is measured too */
};

static void
live_series_free (gpointer data)
{
  LiveSeries *s = data;

  g_free (s->name);
  g_array_unref (s->points);
  g_free (s);
}

static const KindLayout *
find_layout (const char *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    if (g_strcmp0 (layouts[i].kind, kind) == 0)
      return &layouts[i];
  return &generic_layout;
}

VolLiveChart *
vol_live_chart_new (const VolTestSpec *spec)
{
  VolLiveChart *self = g_new0 (VolLiveChart, 1);
  const char *kind = vol_test_spec_get_kind (spec);
  const VolTestInfo *test = vol_kinds_lookup (kind);
  const char *label = vol_test_spec_get_label (spec);

  self->layout = find_layout (kind);
  self->series = g_ptr_array_new_with_free_func (live_series_free);
  self->categories = g_array_new (FALSE, FALSE, sizeof (double));
  self->title = g_strdup (label && *label ? label : test ? _(test->title) : _("Measuring…"));
  self->subtitle = g_strdup (vol_test_spec_get_target (spec));
  self->x_min = self->x_max = NAN;
  if (vol_test_spec_has (spec, "mode"))
    self->mode = g_strdup (vol_test_spec_get_string (spec, "mode"));

  /* The axis the finished run will have, from the start, so the chart
   * does not jump as points arrive. */
  if (self->layout->x_mode == X_CATEGORY && self->layout->list_param)
    {
      g_autoptr(GVariant) list = vol_test_spec_get_value (spec, self->layout->list_param);
      if (list && g_variant_is_of_type (list, G_VARIANT_TYPE ("ax")))
        {
          gsize n;
          const gint64 *items = g_variant_get_fixed_array (list, &n, sizeof (gint64));
          for (gsize i = 0; i < n; i++)
            {
              double v = (double) items[i];
              g_array_append_val (self->categories, v);
            }
        }
    }
  if (g_strcmp0 (kind, VOL_KIND_QUICK) == 0 && vol_test_spec_has (spec, "profile"))
    {
      guint n;
      const VolQuickRow *rows = vol_quick_profile_rows (vol_test_spec_get_string (spec, "profile"), &n);

      self->quick_rows = rows;
      self->n_quick_rows = n;
      self->quick_mix = vol_test_spec_has (spec, "mix") && vol_test_spec_get_bool (spec, "mix");
      /* the grid's rows, whole from the start; the samples' x is the row */
      self->labels = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < n; i++)
        {
          double v = i;
          g_array_append_val (self->categories, v);
          g_ptr_array_add (self->labels, vol_quick_row_title (&rows[i]));
        }
    }
  if (g_strcmp0 (kind, VOL_KIND_FILL) == 0 || g_strcmp0 (kind, VOL_KIND_SURFACE) == 0)
    self->x_min = 0, self->x_max = 100;
  else if (g_strcmp0 (kind, VOL_KIND_TRANSFER) == 0 && vol_test_spec_has (spec, "from") && vol_test_spec_has (spec, "to"))
    {
      double from = vol_test_spec_get_int (spec, "from"), to = vol_test_spec_get_int (spec, "to");
      if (from > 0 && to > from)
        self->x_min = from, self->x_max = to;
    }
  else if (g_strcmp0 (kind, VOL_KIND_RANDOM) == 0 && vol_test_spec_has (spec, "iterations"))
    {
      gint64 n = vol_test_spec_get_int (spec, "iterations");
      if (n > 0)
        self->x_min = 0.5, self->x_max = n + 0.5;
    }
  return self;
}

void
vol_live_chart_free (VolLiveChart *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->series);
  g_array_unref (self->categories);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->mode);
  g_free (self);
}

static LiveSeries *
get_series (VolLiveChart *self,
            const char   *name)
{
  LiveSeries *s;

  for (guint i = 0; i < self->series->len; i++)
    {
      s = g_ptr_array_index (self->series, i);
      if (g_strcmp0 (s->name, name) == 0)
        return s;
    }
  s = g_new0 (LiveSeries, 1);
  s->name = g_strdup (name);
  s->points = g_array_new (FALSE, FALSE, sizeof (Point));
  /* a new phase (device reads after cached ones, deletion after the
   * transactions) starts where the previous one ended */
  s->offset = self->time_end;
  g_ptr_array_add (self->series, s);
  return s;
}

static double
category_of (VolLiveChart *self,
             double        x)
{
  for (guint i = 0; i < self->categories->len; i++)
    if (g_array_index (self->categories, double, i) == x)
      return i;
  g_array_append_val (self->categories, x);
  return self->categories->len - 1;
}

/**
 * vol_live_chart_add_samples:
 * @samples: (element-type VolLiveSample): a progress update's samples
 *
 * Returns: how many were kept (those with a finite y).
 */
guint
vol_live_chart_add_samples (VolLiveChart *self,
                            const GArray *samples)
{
  guint kept = 0;

  for (guint i = 0; samples && i < samples->len; i++)
    {
      const VolLiveSample *sample = &g_array_index (samples, VolLiveSample, i);
      LiveSeries *s;
      Point p;

      if (!isfinite (sample->x) || !isfinite (sample->y))
        continue;
      s = get_series (self, sample->series ? sample->series : "");
      p.y = sample->y;
      switch (self->layout->x_mode)
        {
        case X_CATEGORY:
          p.x = category_of (self, sample->x);
          break;
        case X_TIME:
          p.x = s->offset + sample->x;
          self->time_end = MAX (self->time_end, p.x);
          break;
        case X_RAW:
        default:
          p.x = sample->x;
          break;
        }
      g_array_append_val (s->points, p);
      self->last = s;
      self->last_y = sample->y;
      kept++;
    }
  self->n_samples += kept;
  return kept;
}

guint
vol_live_chart_get_n_samples (const VolLiveChart *self)
{
  return self->n_samples;
}

/* "B/s", "IO/s" or "ops/s": the unit of the kind's live figures */
const char *
vol_live_chart_get_unit (const VolLiveChart *self)
{
  return self->layout->unit;
}

static char *
series_title (const char *name)
{
  static const struct { const char *name; const char *title; } titles[] = {
    { "write", N_("Write") }, { "read", N_("Read") }, { "mix", N_("Mix") },
    { "transfer", N_("Transfer rate") }, { VOL_SURFACE_SERIES_ACCESS, N_("Access time") },
    { VOL_CACHED_SERIES_CACHED, N_("Cached reads") }, { VOL_CACHED_SERIES_DEVICE, N_("Device reads") },
    { VOL_SMALLFILES_SERIES_CREATE, N_("Creating the files") },
    { VOL_SMALLFILES_SERIES_TRANSACTIONS, N_("Transactions") },
    { VOL_SMALLFILES_SERIES_DELETE, N_("Deleting the files") },
    { VOL_QUEUE_SERIES_POINTS, N_("IOPS") }, { VOL_THREADS_SERIES_POINTS, N_("Total, all threads") },
  };
  const char *dash = strchr (name, '-');

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    if (g_str_equal (name, titles[i].name))
      return g_strdup (_(titles[i].title));
  /* random's count sweep: "write-1024" */
  if (dash && g_ascii_isdigit (dash[1]))
    {
      g_autofree char *head = g_strndup (name, dash - name);
      g_autofree char *title = series_title (head);
      return g_strdup_printf (_("%s, %s I/Os"), title, dash + 1);
    }
  return g_strdup (name);
}

static guint
series_color (const VolLiveChart *self,
              const LiveSeries   *s,
              guint               index)
{
  if (g_str_has_prefix (s->name, "write"))
    return 0;
  if (g_str_has_prefix (s->name, "read") || g_str_equal (s->name, "transfer"))
    return 1;   /* the surface scan's reads too, as its finished chart */
  /* one line: write-ish modes in the write colour, as the finished chart */
  if (self->series->len == 1 && self->mode)
    return g_str_equal (self->mode, "write") || g_str_has_suffix (self->mode, "wr") ? 0 : 1;
  return index;
}

/* Transfer: every iteration at a size is one sample; the line goes
 * through their mean, as the finished chart's bars do. */
static void
add_means (VolChartSeries *out,
           const GArray   *points,
           double          scale)
{
  g_autoptr(GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sums = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < points->len; i++)
    {
      const Point *p = &g_array_index (points, Point, i);
      guint j;
      for (j = 0; j < xs->len && g_array_index (xs, double, j) != p->x; j++)
        ;
      if (j == xs->len)
        {
          double zero = 0;
          guint none = 0;
          g_array_append_val (xs, p->x);
          g_array_append_val (sums, zero);
          g_array_append_val (counts, none);
        }
      g_array_index (sums, double, j) += p->y;
      g_array_index (counts, guint, j)++;
    }
  for (guint j = 0; j < xs->len; j++)
    vol_chart_series_add (out, g_array_index (xs, double, j),
                          g_array_index (sums, double, j) / g_array_index (counts, guint, j) / scale);
}

/**
 * vol_live_chart_build:
 * @binary: throughput in MiB/s instead of MB/s
 *
 * Returns: (transfer full): a new chart of the samples so far
 */
VolChart *
vol_live_chart_build (const VolLiveChart *self,
                      gboolean            binary)
{
  const KindLayout *layout = self->layout;
  gboolean rate = g_str_equal (layout->unit, VOL_UNIT_RATE);
  const char *rate_unit = binary ? "MiB/s" : "MB/s";
  double scale = rate ? (binary ? 1048576.0 : 1e6) : 1;
  VolChart *chart = vol_chart_new (layout->chart_kind);

  chart->title = g_strdup (self->title);
  chart->subtitle = g_strdup (self->subtitle);
  chart->x_title = g_strdup (_(layout->x_title));
  chart->y_title = rate ? g_strdup_printf ("%s (%s)", _(layout->y_title), rate_unit) : g_strdup (_(layout->y_title));
  chart->y_unit = g_strdup (rate ? rate_unit : layout->unit);
  chart->x_min = self->x_min;
  chart->x_max = self->x_max;
  /* time from the run's start: from 0, at least a second wide (one early
   * sample would otherwise span the whole axis) */
  if (layout->x_mode == X_TIME)
    chart->x_min = 0, chart->x_max = MAX (self->time_end, 1.0);
  chart->log_x = layout->log_x;
  if (layout->x_mode == X_CATEGORY)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < self->categories->len; i++)
        g_ptr_array_add (labels, self->labels && i < self->labels->len
                                   ? g_strdup (g_ptr_array_index (self->labels, i))
                                   : g_strdup_printf ("%.0f", g_array_index (self->categories, double, i)));
      g_ptr_array_add (labels, NULL);
      vol_chart_set_categories (chart, (const char *const *) labels->pdata);
    }

  for (guint i = 0; i < self->series->len; i++)
    {
      const LiveSeries *s = g_ptr_array_index (self->series, i);
      g_autofree char *title = series_title (s->name);
      VolChartSeries *out;

      if (g_strcmp0 (layout->kind, VOL_KIND_SURFACE) == 0 && g_str_equal (s->name, VOL_SURFACE_SERIES_ACCESS))
        {
          /* the scan's access times: dots in ms on the right, as its
           * finished chart draws them */
          g_autoptr(GArray) xs = g_array_sized_new (FALSE, FALSE, sizeof (double), s->points->len);
          g_autoptr(GArray) ys = g_array_sized_new (FALSE, FALSE, sizeof (double), s->points->len);

          for (guint j = 0; j < s->points->len; j++)
            {
              g_array_append_val (xs, g_array_index (s->points, Point, j).x);
              g_array_append_val (ys, g_array_index (s->points, Point, j).y);
            }
          vol_chart_add_access_dots (chart, (const double *) xs->data, (const double *) ys->data, xs->len);
          continue;
        }
      out = vol_chart_add_series (chart, title, series_color (self, s, i));
      if (layout->mean_per_x)
        add_means (out, s->points, scale);
      else
        for (guint j = 0; j < s->points->len; j++)
          {
            const Point *p = &g_array_index (s->points, Point, j);
            vol_chart_series_add (out, p->x, p->y / scale);
          }
    }
  return chart;
}

/**
 * vol_live_chart_quick_cells:
 * @n_cells: (out): how many: every row of the profile in every mode the
 *   run measures, 0 for a run that is not a quick benchmark
 *
 * The quick benchmark's grid so far, from the loops measured: per cell
 * the mean, interval and best of its loops' throughput, the IO/s they
 * make at the row's block size, and .loops 0 for a cell not measured
 * yet. Latencies are not in the samples: NAN until the result.
 *
 * Returns: (transfer full): the cells, rows in order, read before write
 *   before mix, as vol_quick_cells() orders a result's; free with g_free
 */
VolQuickCell *
vol_live_chart_quick_cells (const VolLiveChart *self,
                            guint              *n_cells)
{
  static const guint modes[] = { 100, 0, VOL_QUICK_MIX_READ_PERCENT };
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  VolQuickCell *cells;
  guint n = 0;

  *n_cells = 0;
  if (self->quick_rows == NULL)
    return NULL;
  cells = g_new0 (VolQuickCell, self->n_quick_rows * G_N_ELEMENTS (modes));
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      const LiveSeries *s = NULL;

      if (modes[m] == VOL_QUICK_MIX_READ_PERCENT && !self->quick_mix)
        continue;
      for (guint i = 0; i < self->series->len; i++)
        if (g_str_equal (((LiveSeries *) g_ptr_array_index (self->series, i))->name, vol_quick_mode_word (modes[m])))
          s = g_ptr_array_index (self->series, i);
      for (guint r = 0; r < self->n_quick_rows; r++)
        {
          VolQuickCell *c = &cells[n++];

          c->row = self->quick_rows[r];
          c->index = r;
          c->read_percent = modes[m];
          c->lat_mean = c->lat_p50 = c->lat_p99 = NAN;
          g_array_set_size (values, 0);
          for (guint j = 0; s != NULL && j < s->points->len; j++)
            if (g_array_index (s->points, Point, j).x == r)
              g_array_append_val (values, g_array_index (s->points, Point, j).y);
          c->loops = values->len;
          if (c->loops == 0)
            continue;
          vol_quick_over_loops ((const double *) values->data, values->len,
                                &c->throughput, &c->throughput_ci95, &c->throughput_best);
          c->iops = c->throughput / c->row.block;
          c->iops_ci95 = c->throughput_ci95 / c->row.block;
          c->iops_best = c->throughput_best / c->row.block;
        }
    }
  *n_cells = n;
  return cells;
}

/**
 * vol_live_chart_format_speed:
 * @rate: the runner's current rate in bytes per second, 0 if unknown
 *
 * The current speed in the kind's unit: the runner's rate where the kind
 * is measured in bytes per second and the rate is known, else the latest
 * sample, named by its series when there are several ("Read: 23520
 * IO/s"). Empty before anything was measured.
 */
char *
vol_live_chart_format_speed (const VolLiveChart *self,
                             double              rate,
                             gboolean            binary)
{
  g_autofree char *value = NULL;
  g_autofree char *title = NULL;

  if (g_str_equal (self->layout->unit, VOL_UNIT_RATE) && rate > 0)
    return vol_value_format (rate, VOL_UNIT_RATE, binary);
  if (self->last == NULL)
    return g_strdup ("");
  value = vol_value_format (self->last_y, self->layout->unit, binary);
  if (self->series->len < 2)
    return g_steal_pointer (&value);
  title = series_title (self->last->name);
  /* TRANSLATORS: the current speed, by the series it was measured in: "Read: 23520 IO/s" */
  return g_strdup_printf (_("%s: %s"), title, value);
}
