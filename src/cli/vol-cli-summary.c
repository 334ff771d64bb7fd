/* vol-cli-summary.c — a result as a table of text
 *
 * Used at the end of `run` and by `show`: every headline figure with its
 * spread, how it was measured, and any reason to doubt it. Generic over
 * test kinds: it reads the result's summaries and figures, not a test.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-caveat.h"
#include "vol-cli.h"
#include "vol-io-counters.h"
#include "vol-kinds.h"
#include "vol-result-table.h"
#include "vol-size.h"

/**
 * vol_cli_pad:
 *
 * printf's %-14s pads bytes; a translated label ("Kapazität") or a
 * value name ("N,N,…") needs its characters counted. The one padding
 * of the CLI's columns (summaries, tables, `run --help`).
 *
 * Returns: @label padded to @width characters, in a buffer the next call
 *   reuses. Main thread.
 */
const char *
vol_cli_pad (const char *label,
             int         width)
{
  static char buf[256];
  int chars = (int) g_utf8_strlen (label, -1);

  g_snprintf (buf, sizeof buf, "%s%*s", label, MAX (width - chars, 0), "");
  return buf;
}

/* Resolved values are stored as plain integers; these name sizes. */
static gboolean
is_size_key (const VolTestInfo *kind,
             const char        *key)
{
  const VolParamDesc *desc = kind ? vol_test_info_find_param (kind, key) : NULL;

  if (desc)
    return desc->type == VOL_PARAM_SIZE || desc->type == VOL_PARAM_SIZE_OR_PERCENT;
  return g_str_has_suffix (key, "-size") || g_str_has_suffix (key, "-bytes")
         || g_str_has_suffix (key, "-before") || g_str_equal (key, "capacity")
         || g_str_equal (key, "reserve");
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (; *text; text++)
    n += *text == '\n';
  return n;
}

static void
print_dict (FILE              *out,
            const char        *title,
            GVariant          *dict,
            const VolTestInfo *kind)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;
  GString *line = g_string_new (NULL);

  if (dict == NULL || g_variant_n_children (dict) == 0)
    {
      g_string_free (line, TRUE);
      return;
    }
  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_autofree char *text = NULL;
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64) && is_size_key (kind, key))
        text = vol_size_format ((guint64) g_variant_get_int64 (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE) && is_size_key (kind, key))
        text = g_strdup_printf ("%g%%", g_variant_get_double (value));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) && strchr (g_variant_get_string (value, NULL), '\n'))
        /* a text of several lines (a remote run's fio job): its size here,
         * the text itself from `volumeter-cli fio-job FILE` */
        text = g_strdup_printf (_("(%u lines)"), count_lines (g_variant_get_string (value, NULL)));
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        text = g_variant_dup_string (value, NULL);
      else
        text = g_variant_print (value, FALSE);
      g_string_append_printf (line, "%s%s %s", line->len ? ", " : "", key, text);
      g_variant_unref (value);
    }
  vol_cli_printf (out, "  %s %s\n", vol_cli_pad (title, 14), line->str);
  g_string_free (line, TRUE);
}

/* @text in lines of at most @width characters, broken at spaces, the
 * lines after the first indented by @indent: a long path stays whole. */
static void
print_wrapped (FILE       *out,
               const char *text,
               int         width,
               int         indent)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  int column = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      int chars = (int) g_utf8_strlen (words[i], -1);

      if (column > indent && column + 1 + chars > width)
        {
          vol_cli_printf (out, "\n%*s", indent, "");
          column = indent;
        }
      else if (i > 0)
        {
          fputc (' ', out);
          column++;
        }
      vol_cli_fputs (out, words[i]);
      column += chars;
    }
  fputc ('\n', out);
}

/* The result's reasons to doubt it (vol-caveat.c decides them), most
 * serious first, after the figures they qualify. */
static void
print_caveats (FILE            *out,
               const VolResult *result)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (result);

  for (guint i = 0; i < caveats->len; i++)
    {
      const VolCaveat *caveat = g_ptr_array_index (caveats, i);
      g_autofree char *line = g_strdup_printf ("%s %s",
                                               caveat->level == VOL_CAVEAT_LEVEL_NOTE ? _("Note:") : _("Warning:"),
                                               caveat->text);

      fputc ('\n', out);
      print_wrapped (out, line, 78, 2);
    }
}

/* The quick grid's tables (vol_result_tables()), as aligned text: the
 * figures a forum post quotes, in the one formatter's words. */
static void
print_tables (FILE            *out,
              const VolResult *result)
{
  g_autoptr(GPtrArray) tables = vol_result_tables (result);

  for (guint t = 0; t < tables->len; t++)
    {
      const VolResultTable *table = g_ptr_array_index (tables, t);
      guint n_cols = table->columns->len;
      g_autofree int *width = g_new0 (int, n_cols + 1);
      GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);

      width[0] = (int) g_utf8_strlen (table->corner, -1);
      for (guint c = 0; c < n_cols; c++)
        width[c + 1] = (int) g_utf8_strlen (g_ptr_array_index (table->columns, c), -1);
      for (guint r = 0; r < table->rows->len; r++)
        {
          const VolResultRow *row = g_ptr_array_index (table->rows, r);
          width[0] = MAX (width[0], (int) g_utf8_strlen (row->label, -1));
          for (guint c = 0; c < n_cols; c++)
            {
              char *text = vol_result_table_format_cell (table, r, c, FALSE);
              width[c + 1] = MAX (width[c + 1], (int) g_utf8_strlen (text, -1));
              g_ptr_array_add (cells, text);
            }
        }
      vol_cli_printf (out, "\n  %s\n  %s", table->title, vol_cli_pad (table->corner, width[0]));
      for (guint c = 0; c < n_cols; c++)
        {
          const char *heading = g_ptr_array_index (table->columns, c);
          vol_cli_printf (out, "  %*s%s", MAX (width[c + 1] - (int) g_utf8_strlen (heading, -1), 0), "", heading);
        }
      fputc ('\n', out);
      for (guint r = 0; r < table->rows->len; r++)
        {
          const VolResultRow *row = g_ptr_array_index (table->rows, r);
          vol_cli_printf (out, "  %s", vol_cli_pad (row->label, width[0]));
          for (guint c = 0; c < n_cols; c++)
            {
              const char *text = g_ptr_array_index (cells, r * n_cols + c);
              vol_cli_printf (out, "  %*s%s", MAX (width[c + 1] - (int) g_utf8_strlen (text, -1), 0), "", text);
            }
          fputc ('\n', out);
        }
      g_ptr_array_unref (cells);
    }
}

/* "1.07 GB in 262144" */
static char *
bytes_in_requests (guint64 bytes,
                   guint64 requests)
{
  g_autofree char *size = vol_size_format_double ((double) bytes);
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, requests);

  /* TRANSLATORS: bytes, then the number of requests that moved them */
  return g_strdup_printf (_("%s in %s"), size, count);
}

/* What each timed phase did by the test's count and by the device's own
 * (/sys/class/block/DEV/stat), so a reader can see the figures rest on
 * I/O that reached the device; vol-io-counters.c judges agreement. */
static void
print_counters (FILE            *out,
                const VolResult *result)
{
  const VolIoCounters *first;

  if (result->counters->len == 0)
    return;
  first = g_ptr_array_index (result->counters, 0);
  vol_cli_printf (out, "\n  ");
  vol_cli_printf (out, _("Device counters of %s (bytes in requests: the test's count, then the device's)"),
                  first->device ? first->device : "?");
  fputc ('\n', out);
  for (guint i = 0; i < result->counters->len; i++)
    {
      const VolIoCounters *c = g_ptr_array_index (result->counters, i);
      g_autofree char *read = bytes_in_requests (c->bytes_read, c->reads);
      g_autofree char *dev_read = bytes_in_requests (c->dev_bytes_read, c->dev_reads);
      g_autofree char *written = bytes_in_requests (c->bytes_written, c->writes);
      g_autofree char *dev_written = bytes_in_requests (c->dev_bytes_written, c->dev_writes);
      gboolean agree = vol_io_counters_agree (c, VOL_IO_COUNTERS_TOLERANCE, NULL);
      g_autofree char *flushes = g_strdup_printf ("%" G_GUINT64_FORMAT, c->dev_flushes);

      vol_cli_printf (out, "    %s ", vol_cli_pad (c->phase ? c->phase : "?", 20));
      vol_cli_printf (out, _("read %s / %s; written %s / %s, %s flushes; %s\n"),
                      read, dev_read, written, dev_written, flushes,
                      agree ? _("agree") : _("differ"));
    }
}

/**
 * vol_cli_print_summary:
 * @path: (nullable): where the result is saved
 */
void
vol_cli_print_summary (FILE            *out,
                       const VolResult *result,
                       const char      *path)
{
  /* the model's description: showing a result needs no engine */
  const VolTestInfo *kind = vol_kinds_lookup (result->kind);
  g_autofree char *created = result->created ? g_date_time_format (result->created, "%Y-%m-%d %H:%M:%S UTC") : NULL;
  const VolFigure *cliff;

  vol_cli_printf (out, "%s — %s\n", kind ? _(kind->title) : result->kind,
                  vol_result_status_to_string (result->status));
  if (path)
    vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Saved as"), 14), path);
  if (result->label)
    {
      /* one line: a newline of the file's own would forge a line here */
      g_autofree char *label = vol_cli_escape_line (result->label);
      vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Label"), 14), label);
    }
  if (created)
    vol_cli_printf (out, "  %s %s (%s %s)\n", vol_cli_pad (_("Created"), 14), created,
                    result->app_name ? result->app_name : "Volumeter", result->app_version ? result->app_version : "?");
  if (result->target)
    {
      g_autofree char *desc = vol_target_info_describe (result->target);
      g_autofree char *cap = vol_size_format (result->target->capacity_bytes);
      g_autofree char *free_text = vol_size_format (result->target->free_bytes);
      g_autofree char *path_text = vol_cli_escape_line (result->target->path ? result->target->path : "?");

      vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Target"), 14), path_text);
      vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Volume"), 14), desc);
      /* an imported result may not know the volume's size */
      if (result->target->capacity_bytes > 0)
        {
          g_autofree char *space = g_strdup_printf (_("%s, %s free at the start"), cap, free_text);
          vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Capacity"), 14), space);
        }
    }
  print_dict (out, _("Parameters"), result->params, kind);
  print_dict (out, _("Resolved"), result->resolved, kind);
  vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Cache bypass"), 14), vol_cache_bypass_describe (result->cache_bypass));
  {
    g_autofree char *data = vol_data_pattern_describe (result->pattern, result->seed);
    vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Data pattern"), 14), data);
  }
  vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("I/O backend"), 14), result->io_backend ? result->io_backend : "?");
  vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("I/O buffers"), 14), vol_io_buffers_describe (result->io_buffers));
  {
    g_autofree char *duration = vol_duration_format (result->duration);
    /* an imported result may not say what the CPU did */
    if (isfinite (result->cpu_user) && isfinite (result->cpu_system))
      vol_cli_printf (out, _("  %s %s; CPU %.2f s user + %.2f s system\n"), vol_cli_pad (_("Duration"), 14), duration,
                      result->cpu_user, result->cpu_system);
    else
      vol_cli_printf (out, _("  %s %s; CPU time not recorded\n"), vol_cli_pad (_("Duration"), 14), duration);
  }

  if (g_strcmp0 (result->kind, VOL_KIND_QUICK) == 0)
    print_tables (out, result);
  if (result->summaries->len > 0)
    {
      vol_cli_printf (out, "\n  %s %14s %14s %14s %14s %14s %8s\n", vol_cli_pad ("", 10), _("mean"), _("std dev"),
                      _("min"), _("max"), _("median"), _("samples"));
      for (guint i = 0; i < result->summaries->len; i++)
        {
          const VolSummary *s = g_ptr_array_index (result->summaries, i);
          const VolSeries *series = vol_result_get_series (result, s->series);
          g_autofree char *mean = vol_value_format (s->mean, s->unit, FALSE);
          g_autofree char *sd = vol_value_format (s->stddev, s->unit, FALSE);
          g_autofree char *min = vol_value_format (s->min, s->unit, FALSE);
          g_autofree char *max = vol_value_format (s->max, s->unit, FALSE);
          g_autofree char *median = vol_value_format (s->median, s->unit, FALSE);

          if (s->count == 0)
            vol_cli_printf (out, "  %s %14s\n", vol_cli_pad (series ? _(series->title) : s->series, 10), _("no samples"));
          else
            vol_cli_printf (out, "  %s %14s %14s %14s %14s %14s %8u\n",
                            vol_cli_pad (series ? _(series->title) : s->series, 10), mean, sd, min, max, median, s->count);
        }
    }

  if (result->figures->len > 0)
    vol_cli_printf (out, "\n");
  for (guint i = 0; i < result->figures->len; i++)
    {
      const VolFigure *f = g_ptr_array_index (result->figures, i);
      g_autofree char *value = vol_value_format (f->value, f->unit, FALSE);
      vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_(f->title), 34), value);
    }
  cliff = vol_result_get_figure (result, VOL_FILL_FIG_CLIFF_POSITION);
  if (g_strcmp0 (result->kind, VOL_KIND_FILL) == 0 && cliff == NULL
      && result->status == VOL_RESULT_STATUS_COMPLETE)
    vol_cli_printf (out, "  %s %s\n", vol_cli_pad (_("Write speed drops at"), 34), _("no sustained drop found"));

  print_counters (out, result);
  print_caveats (out, result);
}
