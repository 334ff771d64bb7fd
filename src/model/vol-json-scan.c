/* vol-json-scan.c — the strict lexer run before json-glib's parser
 *
 * See vol-json-scan.h for why. The scan is one pass over the raw bytes with
 * a fixed stack of frames, so no input can make it recurse or allocate
 * without bound.
 */

#include "vol-json-scan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"

/* The result format nests 6 levels deep (series[i].columns[j].values);
 * the margin is for its future versions, the limit for json-glib's
 * recursion. */
#define MAX_DEPTH 64

typedef struct
{
  gboolean is_object;
  gboolean expecting_key;
  gsize    key_start;   /* offset of the current key's text */
  gsize    key_len;
  guint    index;       /* arrays: the current element */
  GArray  *numbers;     /* arrays of numbers read here, not by json-glib */
  gsize    start;       /* offset of the "[" or "{" */
} ScanFrame;

/**
 * vol_json_scan_report_clear:
 * @report: a report filled in by vol_json_scan()
 *
 * Frees what @report holds, leaving its pointers %NULL; @report itself is
 * the caller's (usually on the stack, with g_auto()). Any thread.
 */
void
vol_json_scan_report_clear (VolJsonScanReport *report)
{
  g_return_if_fail (report != NULL);

  g_clear_pointer (&report->overflow_path, g_free);
  g_clear_pointer (&report->overflow_text, g_free);
  g_clear_pointer (&report->numbers, g_hash_table_unref);
  g_clear_pointer (&report->number_spans, g_array_unref);
}

/**
 * vol_json_scan_without_numbers:
 * @data: the text vol_json_scan() read
 * @length: the length to copy (at most what was scanned)
 * @report: its report
 * @out_length: (out): the length of the copy
 *
 * A copy of @data without the elements of the arrays the scan read into
 * @report->numbers, but with their newlines, so that json-glib parses
 * them as empty arrays and counts the same lines. json-glib's scanner
 * spends a string search on every byte, blank or not: removed, they cost
 * nothing. Columns after such an array on the same line differ from the
 * file's; vol_json_scan_blank_numbers() keeps them for an error message.
 * Any thread.
 *
 * Returns: (transfer full): the copy, nul-terminated
 */
char *
vol_json_scan_without_numbers (const char              *data,
                               gsize                    length,
                               const VolJsonScanReport *report,
                               gsize                   *out_length)
{
  GString *out = g_string_sized_new (4096);
  gsize from = 0;

  g_return_val_if_fail (report != NULL, NULL);

  for (guint i = 0; report->number_spans != NULL && i < report->number_spans->len; i++)
    {
      const VolJsonSpan *span = &g_array_index (report->number_spans, VolJsonSpan, i);

      if (span->start >= length)
        break;
      g_string_append_len (out, data + from, (gssize) (span->start - from));
      for (gsize k = span->start; k < span->end; k++)
        if (data[k] == '\n')
          g_string_append_c (out, '\n');
      from = span->end;
    }
  if (from < length)
    g_string_append_len (out, data + from, (gssize) (length - from));
  *out_length = out->len;
  return g_string_free (out, FALSE);
}

/**
 * vol_json_scan_blank_numbers:
 * @data: the text vol_json_scan() read, writable
 * @report: its report
 *
 * Overwrites the elements of every array the scan read into
 * @report->numbers with spaces (newlines kept, so that json-glib's line
 * numbers stay the file's): json-glib then parses them as empty arrays,
 * and the readers take their values from @report. Any thread.
 */
void
vol_json_scan_blank_numbers (char                    *data,
                             const VolJsonScanReport *report)
{
  g_return_if_fail (report != NULL);

  if (report->number_spans == NULL)
    return;
  for (guint i = 0; i < report->number_spans->len; i++)
    {
      const VolJsonSpan *span = &g_array_index (report->number_spans, VolJsonSpan, i);

      for (gsize k = span->start; k < span->end; k++)
        if (data[k] != '\n')
          data[k] = ' ';
    }
}

/**
 * vol_json_scan_line_column:
 * @data: the text
 * @offset: a byte offset into @data
 * @line: (out): the line of @offset, from 1
 * @column: (out): its column in characters, from 1
 *
 * Where @offset is, the way an editor counts, for messages. Any thread.
 */
void
vol_json_scan_line_column (const char *data,
                           gsize       offset,
                           guint      *line,
                           guint      *column)
{
  const char *line_start = data;

  g_return_if_fail (data != NULL || offset == 0);
  g_return_if_fail (line != NULL && column != NULL);

  *line = 1;
  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      {
        (*line)++;
        line_start = data + i + 1;
      }
  *column = (guint) g_utf8_strlen (line_start, data + offset - line_start) + 1;
}

static char *
scan_path (const char      *data,
           const ScanFrame *frames,
           guint            depth)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    {
      if (frames[i].is_object)
        {
          if (path->len > 0)
            g_string_append_c (path, '.');
          g_string_append_len (path, data + frames[i].key_start, frames[i].key_len);
        }
      else
        g_string_append_printf (path, "[%u]", frames[i].index);
    }
  return g_string_free (path, FALSE);
}

static gboolean
is_token_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '+' || c == '.';
}

static gboolean
is_json_word (const char *token,
              gsize       length)
{
  return (length == 4 && memcmp (token, "true", 4) == 0)
         || (length == 5 && memcmp (token, "false", 5) == 0)
         || (length == 4 && memcmp (token, "null", 4) == 0);
}

/* The JSON number grammar exactly: json-glib also takes 0x10, 01 and +1. */
static gboolean
is_json_number (const char *token,
                gsize       length,
                gboolean   *integer)
{
  gsize p = 0;

  *integer = TRUE;
  if (p < length && token[p] == '-')
    p++;
  if (p < length && token[p] == '0')
    p++;
  else if (p < length && token[p] >= '1' && token[p] <= '9')
    while (p < length && g_ascii_isdigit (token[p]))
      p++;
  else
    return FALSE;

  if (p < length && token[p] == '.')
    {
      *integer = FALSE;
      p++;
      if (p >= length || !g_ascii_isdigit (token[p]))
        return FALSE;
      while (p < length && g_ascii_isdigit (token[p]))
        p++;
    }
  if (p < length && (token[p] == 'e' || token[p] == 'E'))
    {
      *integer = FALSE;
      p++;
      if (p < length && (token[p] == '+' || token[p] == '-'))
        p++;
      if (p >= length || !g_ascii_isdigit (token[p]))
        return FALSE;
      while (p < length && g_ascii_isdigit (token[p]))
        p++;
    }
  return p == length;
}

static gboolean
frame_has_key (const char      *data,
               const ScanFrame *frame,
               const char      *key)
{
  return frame->is_object && frame->key_len == strlen (key)
         && memcmp (data + frame->key_start, key, frame->key_len) == 0;
}

/* Whether the array opened at @i is read into doubles by the scan: it is
 * at "series[i].columns[j].values" of the document (keys without escapes,
 * so the path is the one the readers build from json-glib's decoded keys),
 * and up to its "]" there is nothing but numbers, nulls, commas and
 * spaces. Returns its number of elements, or -1. */
static gssize
number_array_length (const char      *data,
                     gsize            length,
                     gsize            i,
                     const ScanFrame *frames,
                     guint            depth)
{
  gssize commas = 0;
  gboolean any = FALSE;

  if (depth != 5 || !frame_has_key (data, &frames[0], "series") || frames[1].is_object
      || !frame_has_key (data, &frames[2], "columns") || frames[3].is_object
      || !frame_has_key (data, &frames[4], "values"))
    return -1;

  for (gsize k = i + 1; k < length; k++)
    {
      char c = data[k];

      if (c == ']')
        return any ? commas + 1 : 0;
      if (c == ',')
        commas++;
      else if (g_ascii_isdigit (c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
               || c == 'n' || c == 'u' || c == 'l')
        any = TRUE;
      else if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        return -1;
    }
  return -1;
}

/* A parse error at @offset, with its line and column. */
static gboolean
scan_error (GError     **error,
            const char  *data,
            gsize        offset,
            const char  *format,
            ...) G_GNUC_PRINTF (4, 5);

static gboolean
scan_error (GError     **error,
            const char  *data,
            gsize        offset,
            const char  *format,
            ...)
{
  g_autofree char *reason = NULL;
  va_list args;
  guint line, column;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  vol_json_scan_line_column (data, offset, &line, &column);
  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
               _("not valid JSON: line %u, column %u: %s"), line, column, reason);
  return FALSE;
}

/* The four hex digits of a \u escape at @i (the backslash), or -1. */
static int
escape_code (const char *data,
             gsize       length,
             gsize       i)
{
  int code = 0;

  if (i + 6 > length || data[i] != '\\' || data[i + 1] != 'u')
    return -1;
  for (gsize k = i + 2; k < i + 6; k++)
    {
      int digit = g_ascii_xdigit_value (data[k]);

      if (digit < 0)
        return -1;
      code = code * 16 + digit;
    }
  return code;
}

/* One escape inside a string, at @i (the backslash): exactly what JSON
 * allows, and nothing json-glib 1.6 reads differently. json-glib takes the
 * four characters after "\u" as hex whatever they are, and after a lone
 * high surrogate reads on for its partner, so "\u1" or "\ud800" would make
 * it end the string somewhere else than this scan: brackets this scan saw
 * as text would reach its recursive parser. Every such escape is refused
 * here, as is "\u0000", which no C string can hold. */
static gboolean
scan_escape (const char  *data,
             gsize        length,
             gsize        i,
             gsize       *skip,
             GError     **error)
{
  int code;
  int low;

  if (i + 1 >= length)
    return scan_error (error, data, i, "%s", _("the text ends inside a string"));

  switch (data[i + 1])
    {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
      *skip = 2;
      return TRUE;
    case 'u':
      break;
    default:
      return scan_error (error, data, i, _("“\\%c” is not a JSON escape"),
                         g_ascii_isprint (data[i + 1]) ? data[i + 1] : '?');
    }

  code = escape_code (data, length, i);
  if (code < 0)
    return scan_error (error, data, i, "%s", _("“\\u” must be followed by four hexadecimal digits"));
  if (code == 0)
    return scan_error (error, data, i, "%s", _("“\\u0000” (a NUL character) is not allowed in a string"));
  if (code >= 0xdc00 && code <= 0xdfff)
    return scan_error (error, data, i, _("“\\u%04x” is the second half of a surrogate pair without the first"),
                       (guint) code);
  if (code >= 0xd800 && code <= 0xdbff)
    {
      low = escape_code (data, length, i + 6);
      if (low < 0xdc00 || low > 0xdfff)
        return scan_error (error, data, i, _("“\\u%04x” is the first half of a surrogate pair without the second"),
                           (guint) code);
      *skip = 12;
      return TRUE;
    }
  *skip = 6;
  return TRUE;
}

/* The body of vol_json_scan(); @frames are the caller's, so that the
 * arrays of numbers still open when it returns are freed there. */
static gboolean
scan_text (const char         *data,
           gsize               length,
           VolJsonScanFlags    flags,
           VolJsonScanReport  *report,
           ScanFrame          *frames,
           GError            **error)
{
  guint depth = 0;
  gboolean in_string = FALSE;
  gboolean capturing_key = FALSE;
  gboolean done = FALSE;
  gsize i = 0;

  report->trailing = -1;
  report->n_values = 0;

  /* json-glib skips a UTF-8 byte order mark; so does this. */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;

  for (; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            {
              gsize skip = 0;

              if (!scan_escape (data, length, i, &skip, error))
                return FALSE;
              i += skip - 1;
            }
          else if ((guchar) c < 0x20)
            return scan_error (error, data, i, _("a control character (U+%04X) inside a string; JSON writes it as an escape"),
                               (guint) (guchar) c);
          else if ((guchar) c >= 0x80)
            {
              gunichar u = g_utf8_get_char_validated (data + i, (gssize) (length - i));

              if (u == (gunichar) -1 || u == (gunichar) -2)
                return scan_error (error, data, i, "%s", _("not UTF-8 text"));
              i += (gsize) g_utf8_skip[(guchar) c] - 1;
            }
          else if (c == '"')
            {
              in_string = FALSE;
              if (capturing_key)
                {
                  frames[depth - 1].key_len = i - frames[depth - 1].key_start;
                  capturing_key = FALSE;
                }
              if (depth == 0)
                done = TRUE;
            }
          continue;
        }

      if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        continue;

      if (done)
        {
          report->trailing = (gssize) i;
          return TRUE;
        }

      switch (c)
        {
        case '"':
          in_string = TRUE;
          report->n_values++;
          if (depth > 0 && frames[depth - 1].is_object && frames[depth - 1].expecting_key)
            {
              frames[depth - 1].key_start = i + 1;
              frames[depth - 1].key_len = 0;
              capturing_key = TRUE;
            }
          break;

        case '{':
        case '[':
          if (depth == MAX_DEPTH)
            {
              guint line, column;

              vol_json_scan_line_column (data, i, &line, &column);
              g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                           _("not valid JSON: line %u, column %u: nested more than %d levels deep"),
                           line, column, MAX_DEPTH);
              return FALSE;
            }
          frames[depth].is_object = (c == '{');
          frames[depth].expecting_key = TRUE;
          frames[depth].key_start = 0;
          frames[depth].key_len = 0;
          frames[depth].index = 0;
          frames[depth].start = i;
          g_clear_pointer (&frames[depth].numbers, g_array_unref);
          if (c == '[' && (flags & VOL_JSON_SCAN_SAMPLES) && depth > 0)
            {
              gssize n = number_array_length (data, length, i, frames, depth);

              if (n >= 0)
                frames[depth].numbers = g_array_sized_new (FALSE, FALSE, sizeof (double), (guint) MIN (n, G_MAXUINT));
            }
          if (frames[depth].numbers == NULL)
            report->n_values++;
          depth++;
          break;

        case '}':
        case ']':
          /* Unbalanced: json-glib will say where. */
          if (depth == 0)
            return TRUE;
          if (frames[depth - 1].numbers != NULL)
            {
              VolJsonSpan span = { frames[depth - 1].start + 1, i };

              if (c != ']' || frames[depth - 1].numbers->len == 0)
                {
                  /* "[}" is json-glib's to report; "[]" json-glib's to
                   * read, and the last of a repeated key, as json-glib
                   * keeps it: an earlier array there must not be used */
                  g_clear_pointer (&frames[depth - 1].numbers, g_array_unref);
                  report->n_values++;
                  if (report->numbers != NULL)
                    {
                      g_autofree char *path = scan_path (data, frames, depth - 1);
                      g_hash_table_remove (report->numbers, path);
                    }
                }
              else
                {
                  if (report->numbers == NULL)
                    {
                      report->numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                               (GDestroyNotify) g_array_unref);
                      report->number_spans = g_array_new (FALSE, FALSE, sizeof (VolJsonSpan));
                    }
                  /* a repeated key: json-glib keeps the last, as this does */
                  g_hash_table_replace (report->numbers, scan_path (data, frames, depth - 1),
                                        g_steal_pointer (&frames[depth - 1].numbers));
                  g_array_append_val (report->number_spans, span);
                }
            }
          depth--;
          if (depth == 0)
            done = TRUE;
          break;

        case ':':
          if (depth > 0 && frames[depth - 1].is_object)
            frames[depth - 1].expecting_key = FALSE;
          break;

        case ',':
          if (depth > 0)
            {
              if (frames[depth - 1].is_object)
                frames[depth - 1].expecting_key = TRUE;
              else
                frames[depth - 1].index++;
            }
          break;

        default:
          if (is_token_char (c))
            {
              gsize start = i;
              gboolean integer = FALSE;

              while (i < length && is_token_char (data[i]))
                i++;

              if (!is_json_word (data + start, i - start)
                  && !is_json_number (data + start, i - start, &integer))
                {
                  guint line, column;

                  vol_json_scan_line_column (data, start, &line, &column);
                  g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                               _("not valid JSON: line %u, column %u: unexpected “%.*s”"),
                               line, column, (int) MIN (i - start, 40), data + start);
                  return FALSE;
                }

              /* 18 digits always fit in a gint64; json-glib wraps the rest
               * without a word (99999999999999999999999 reads as -1). */
              if (integer && i - start >= 19 && report->overflow_path == NULL)
                {
                  g_autofree char *token = g_strndup (data + start, i - start);

                  if (!g_ascii_string_to_signed (token, 10, G_MININT64, G_MAXINT64, NULL, NULL))
                    {
                      report->overflow_path = scan_path (data, frames, depth);
                      report->overflow_text = g_steal_pointer (&token);
                    }
                }
              if (depth > 0 && frames[depth - 1].numbers != NULL)
                {
                  /* JSON's number grammar is a subset of strtod's */
                  double value = data[start] == 'n' ? NAN : g_ascii_strtod (data + start, NULL);

                  if (data[start] == 't' || data[start] == 'f')
                    {
                      /* not an array of numbers after all: json-glib reads it */
                      g_clear_pointer (&frames[depth - 1].numbers, g_array_unref);
                      report->n_values += frames[depth - 1].index + 2;
                    }
                  else
                    g_array_append_val (frames[depth - 1].numbers, value);
                }
              else
                report->n_values++;
              i--;
              if (depth == 0)
                done = TRUE;
            }
          else
            {
              guint line, column;
              gunichar u = g_utf8_get_char_validated (data + i, (gssize) (length - i));

              vol_json_scan_line_column (data, i, &line, &column);
              if (u == (gunichar) -1 || u == (gunichar) -2)
                g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                             _("not valid JSON: line %u, column %u: not UTF-8 text"),
                             line, column);
              else if (g_unichar_isgraph (u))
                g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                             _("not valid JSON: line %u, column %u: unexpected character “%.*s”"),
                             line, column, (int) g_utf8_skip[(guchar) c], data + i);
              else
                g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                             _("not valid JSON: line %u, column %u: unexpected character U+%04X"),
                             line, column, u);
              return FALSE;
            }
          break;
        }
    }
  return TRUE;
}

/**
 * vol_json_scan:
 * @data: JSON text
 * @length: its length in bytes
 * @report: a report whose pointers are %NULL; on return it holds what to
 *   check after the parse. Clear it with vol_json_scan_report_clear().
 * @error: return location for a #VOL_RESULT_ERROR_PARSE
 *
 * A lexer as strict as JSON itself, run before json-glib's parser, which
 * in 1.6 overflows its stack on deep nesting, accepts comments, single
 * quotes and hexadecimal numbers, and wraps integers past 64 bits without a
 * word (vol-json-scan.h has the details). It refuses what would crash or
 * fool the parser: nesting deeper than 64 levels, and any byte outside
 * strings that JSON does not allow (comments and single quotes would
 * otherwise hide brackets from this count), and inside strings every
 * control character, byte that is not UTF-8 and escape that is not exactly
 * JSON's (a short "\u1", a lone surrogate "\ud800"), because json-glib
 * would end such a string elsewhere and parse unchecked brackets. Only
 * text this scan has tokenized the way json-glib will reaches the parser,
 * so the depth counted here is json-glib's. It notes in @report, for
 * after the parse, the first integer beyond 64 bits (with its field path,
 * such as "series[0].columns[1].values[3]") and where text after the end of
 * the document starts. With %VOL_JSON_SCAN_SAMPLES it also reads
 * every "series[i].columns[j].values" array of numbers (the samples of a
 * result file) into @report->numbers, for
 * vol_json_scan_blank_numbers(), and counts the other values in
 * @report->n_values. Other mistakes, such as an unbalanced bracket or a
 * missing comma, are left to json-glib, which says where. Pure; any thread.
 *
 * Returns: %FALSE with @error set if the text must not be parsed
 */
gboolean
vol_json_scan (const char         *data,
               gsize               length,
               VolJsonScanFlags    flags,
               VolJsonScanReport  *report,
               GError            **error)
{
  ScanFrame frames[MAX_DEPTH];
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (frames, 0, sizeof frames);
  ok = scan_text (data, length, flags, report, frames, error);
  for (guint f = 0; f < MAX_DEPTH; f++)
    g_clear_pointer (&frames[f].numbers, g_array_unref);
  if (!ok)
    {
      g_clear_pointer (&report->numbers, g_hash_table_unref);
      g_clear_pointer (&report->number_spans, g_array_unref);
    }
  return ok;
}

/**
 * vol_json_scan_set_parse_error:
 * @error: return location for a #VOL_RESULT_ERROR_PARSE
 * @json_error: the error json_parser_load_from_data() gave
 *
 * json-glib says "<data>:3:14: Parse error: unexpected ..."; this keeps its
 * position and reason and drops the placeholder file name, so its messages
 * read like vol_json_scan()'s. Any thread.
 */
void
vol_json_scan_set_parse_error (GError       **error,
                               const GError  *json_error)
{
  g_autofree char *valid = NULL;
  const char *text;
  guint line = 0, column = 0;
  int consumed = 0;

  g_return_if_fail (json_error != NULL);

  /* json-glib quotes the text it stopped at, which need not be UTF-8. */
  valid = g_utf8_make_valid (json_error->message, -1);
  text = valid;
  if (g_str_has_prefix (text, "<data>:")
      && sscanf (text + strlen ("<data>:"), "%u:%u: %n", &line, &column, &consumed) == 2
      && consumed > 0)
    {
      const char *reason = text + strlen ("<data>:") + consumed;

      if (g_str_has_prefix (reason, "Parse error: "))
        reason += strlen ("Parse error: ");
      g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                   _("not valid JSON: line %u, column %u: %s"), line, column, reason);
    }
  else
    g_set_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE,
                 _("not valid JSON: %s"), text);
}
