/* vol-text-escape.c — control characters shown, not obeyed
 *
 * Escaped, as C would write them so the text stays readable and one line:
 *   C0 (U+0000–U+001F), DEL   \n \r \t, else \xHH ("\x1b" for ESC)
 *   C1 (U+0080–U+009F)        \u0085: a terminal may read U+009B as CSI
 *   U+2028, U+2029            line and paragraph separators: new lines
 *   U+202A–U+202E, U+2066–    the bidirectional overrides and isolates,
 *   U+2069                    which reorder what follows them on screen
 *   a byte that is not UTF-8  \xHH: the text is shown, not guessed at
 * Everything else (valid UTF-8, backslashes included) is kept as it is.
 */
#include "vol-text-escape.h"

#include <string.h>

static gboolean
must_escape (gunichar           c,
             VolTextEscapeFlags flags)
{
  if (c == '\n')
    return !(flags & VOL_TEXT_ESCAPE_KEEP_NEWLINES);
  return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)
         || c == 0x2028 || c == 0x2029
         || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

static void
append_escaped (GString  *out,
                gunichar  c)
{
  switch (c)
    {
    case '\n': g_string_append (out, "\\n"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\t': g_string_append (out, "\\t"); break;
    default:
      if (c < 0x80)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_printf (out, "\\u%04x", c);
    }
}

/* Walks @text; with @out NULL only says whether anything needs escaping. */
static gboolean
escape (const char         *text,
        gsize               length,
        VolTextEscapeFlags  flags,
        GString            *out)
{
  const char *p = text, *end = text + length;
  gboolean clean = TRUE;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* not UTF-8: the byte itself */
          clean = FALSE;
          if (out == NULL)
            return FALSE;
          g_string_append_printf (out, "\\x%02x", (guint) (guchar) *p);
          p++;
          continue;
        }
      if (must_escape (c, flags))
        {
          clean = FALSE;
          if (out == NULL)
            return FALSE;
          append_escaped (out, c);
        }
      else if (out != NULL)
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return clean;
}

/**
 * vol_text_escape:
 * @text: (nullable): the text, from anywhere
 * @length: its length in bytes, or -1 if nul-terminated
 *
 * Returns: (transfer full): @text with every character a terminal could
 *   obey escaped (see the top of this file); "" for %NULL
 */
char *
vol_text_escape (const char         *text,
                 gssize              length,
                 VolTextEscapeFlags  flags)
{
  GString *out;
  gsize size;

  if (text == NULL)
    return g_strdup ("");
  size = length < 0 ? strlen (text) : (gsize) length;
  out = g_string_sized_new (size + 1);
  escape (text, size, flags, out);
  return g_string_free (out, FALSE);
}

/**
 * vol_text_is_safe:
 *
 * Whether vol_text_escape() would give @text back unchanged.
 */
gboolean
vol_text_is_safe (const char         *text,
                  gssize              length,
                  VolTextEscapeFlags  flags)
{
  if (text == NULL)
    return TRUE;
  return escape (text, length < 0 ? strlen (text) : (gsize) length, flags, NULL);
}
