/* test-text-escape.c — what a terminal would obey is shown, not obeyed */
#include <string.h>

#include <glib.h>

#include "vol-text-escape.h"

static void
check (const char         *in,
       gssize              length,
       VolTextEscapeFlags  flags,
       const char         *expected)
{
  g_autofree char *out = vol_text_escape (in, length, flags);

  g_assert_cmpstr (out, ==, expected);
  g_assert_true (g_utf8_validate (out, -1, NULL));
  g_assert_cmpint (vol_text_is_safe (in, length, flags), ==, g_str_equal (in ? in : "", expected));
}

static void
test_escapes (void)
{
  check ("\033]0;pwned\007", -1, VOL_TEXT_ESCAPE_DEFAULT, "\\x1b]0;pwned\\x07");
  check ("\033[2J", -1, VOL_TEXT_ESCAPE_DEFAULT, "\\x1b[2J");
  check ("a\nb\rc\td", -1, VOL_TEXT_ESCAPE_DEFAULT, "a\\nb\\rc\\td");
  check ("a\nb\r", -1, VOL_TEXT_ESCAPE_KEEP_NEWLINES, "a\nb\\r");
  check ("del\177", -1, VOL_TEXT_ESCAPE_DEFAULT, "del\\x7f");
  /* C1: U+009B is CSI to some terminals */
  check ("x\302\233y", -1, VOL_TEXT_ESCAPE_DEFAULT, "x\\u009by");
  /* bidirectional override, line separator */
  check ("a\342\200\256b\342\200\250", -1, VOL_TEXT_ESCAPE_DEFAULT, "a\\u202eb\\u2028");
  /* bytes that are not UTF-8, and a NUL inside the length */
  check ("a\377b", -1, VOL_TEXT_ESCAPE_DEFAULT, "a\\xffb");
  check ("a\0b", 3, VOL_TEXT_ESCAPE_DEFAULT, "a\\x00b");
  check ("\303", -1, VOL_TEXT_ESCAPE_DEFAULT, "\\xc3");
}

static void
test_kept (void)
{
  check ("2× X25-M RAID 0, 16 KiB stripe", -1, VOL_TEXT_ESCAPE_DEFAULT, "2× X25-M RAID 0, 16 KiB stripe");
  check ("C:\\x1b is text", -1, VOL_TEXT_ESCAPE_DEFAULT, "C:\\x1b is text");
  check ("Größe 日本語 🙂", -1, VOL_TEXT_ESCAPE_DEFAULT, "Größe 日本語 🙂");
  check ("", -1, VOL_TEXT_ESCAPE_DEFAULT, "");
  check (NULL, -1, VOL_TEXT_ESCAPE_DEFAULT, "");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/text-escape/escapes", test_escapes);
  g_test_add_func ("/vol/text-escape/kept", test_kept);
  return g_test_run ();
}
