/* test-size.c — sizes the user types, and how sizes and rates print */
#include <math.h>

#include "vol-error.h"
#include "vol-size.h"

static void
test_parse_ok (void)
{
  static const struct { const char *text; guint64 bytes; } cases[] = {
    { "512", 512 },
    { "0", 0 },
    { "4K", 4096 },
    { "4k", 4096 },
    { "4KiB", 4096 },
    { "4 KB", 4096 },
    { "32M", 32ULL << 20 },
    { "1G", 1ULL << 30 },
    { "2T", 2ULL << 40 },
    { "1.5K", 1536 },
    { " 64M ", 64ULL << 20 },
    { "512B", 512 },
    { "8191P", 8191ULL << 50 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      guint64 bytes = 1;
      g_assert_true (vol_size_parse (cases[i].text, &bytes, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bytes, ==, cases[i].bytes);
    }
}

static void
test_parse_bad (void)
{
  static const struct { const char *text; const char *says; } cases[] = {
    { "", "required" },
    { "abc", "is not a size" },
    { "-4K", "cannot be negative" },
    { "4X", "is not a size" },
    { "4KK", "is not a size" },
    { "0.3", "whole number of bytes" },
    { "16384P", "too large" },
    { "1e400", "is not a size" },
    { "nan", "is not a size" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      guint64 bytes = 7;
      g_assert_false (vol_size_parse (cases[i].text, &bytes, &error));
      g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
      g_test_message ("%s → %s", cases[i].text, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_cmpuint (bytes, ==, 7);
    }
}

static void
test_percent (void)
{
  g_autoptr(GError) error = NULL;
  guint64 bytes;
  double pct;
  gboolean is_pct;

  g_assert_true (vol_size_parse_or_percent ("2%", &bytes, &pct, &is_pct, &error));
  g_assert_true (is_pct);
  g_assert_cmpfloat (pct, ==, 2.0);
  g_assert_true (vol_size_parse_or_percent ("2.5 %", &bytes, &pct, &is_pct, &error));
  g_assert_cmpfloat (pct, ==, 2.5);
  g_assert_true (vol_size_parse_or_percent ("64M", &bytes, &pct, &is_pct, &error));
  g_assert_false (is_pct);
  g_assert_cmpuint (bytes, ==, 64 << 20);
  g_assert_false (vol_size_parse_or_percent ("x%", &bytes, &pct, &is_pct, &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "not a percentage"));
  g_clear_error (&error);
  g_assert_false (vol_size_parse_or_percent ("-2%", &bytes, &pct, &is_pct, &error));
  g_assert_nonnull (error);
}

static void
test_format (void)
{
  static const struct { guint64 bytes; const char *human; const char *exact; } cases[] = {
    { 0, "0 B", "0" },
    { 512, "512 B", "512" },
    { 4096, "4 KiB", "4K" },
    { 1536, "1.50 KiB", "1536" },
    { 32ULL << 20, "32 MiB", "32M" },
    { 3ULL << 29, "1.50 GiB", "1536M" },
    { 1ULL << 40, "1 TiB", "1T" },
    { 1000, "1000 B", "1000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *human = vol_size_format (cases[i].bytes);
      g_autofree char *exact = vol_size_format_exact (cases[i].bytes);
      guint64 back;
      g_assert_cmpstr (human, ==, cases[i].human);
      g_assert_cmpstr (exact, ==, cases[i].exact);
      g_assert_true (vol_size_parse (exact, &back, NULL));
      g_assert_cmpuint (back, ==, cases[i].bytes);
    }
}

static void
test_rate (void)
{
  g_autofree char *a = vol_rate_format (412.34e6, FALSE);
  g_autofree char *b = vol_rate_format (1048576 * 100.0, TRUE);
  g_autofree char *c = vol_rate_format (5.5e6, FALSE);
  g_autofree char *d = vol_duration_format (83);
  g_autofree char *e = vol_duration_format (3723);

  /* Decimal megabytes, as the reviews print them. */
  g_assert_cmpstr (a, ==, "412.3 MB/s");
  g_assert_cmpstr (b, ==, "100.0 MiB/s");
  g_assert_cmpstr (c, ==, "5.50 MB/s");
  g_assert_cmpstr (d, ==, "1:23");
  g_assert_cmpstr (e, ==, "1:02:03");
}

/* A duration from a file may be anything; past 2^64 s the cast was
 * undefined (UBSan: float-cast-overflow). */
static void
test_duration_huge (void)
{
  static const double values[] = { 1.8446744073709552e19, 1e300, 1.7976931348623157e308, -1, NAN, INFINITY };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *text = vol_duration_format (values[i]);

      g_assert_cmpstr (text, ==, "—");
    }
  {
    g_autofree char *big = vol_duration_format (1e19);

    g_assert_cmpstr (big, ==, "2777777777777777:46:40");
  }
}

/* A byte count from a file: never an undefined cast (UBSan in CI) */
static void
test_format_double (void)
{
  g_autofree char *nan_text = vol_size_format_double (NAN);
  g_autofree char *neg = vol_size_format_double (-5);
  g_autofree char *four_k = vol_size_format_double (4096);
  g_autofree char *huge = vol_size_format_double (1e300);
  g_autofree char *max = vol_size_format (G_MAXUINT64);

  g_assert_cmpstr (nan_text, ==, "0 B");
  g_assert_cmpstr (neg, ==, "0 B");
  g_assert_cmpstr (four_k, ==, "4 KiB");
  g_assert_cmpstr (huge, ==, max);
}

static void
check_value (double value, const char *unit, gboolean binary, const char *expected)
{
  g_autofree char *text = vol_value_format (value, unit, binary);

  g_assert_cmpstr (text, ==, expected);
}

/* One formatter for every figure: the figure's own unit, no exponents. */
static void
test_value (void)
{
  check_value (1016010.0, "IO/s", FALSE, "1016010 IO/s");
  check_value (18479.4, "IO/s", FALSE, "18479 IO/s");
  check_value (12.345678, "IO/s", FALSE, "12.35 IO/s");
  check_value (84.1e-6, "s", FALSE, "84.1 µs");
  check_value (0.0123, "s", FALSE, "12.30 ms");
  check_value (2.5, "s", FALSE, "2.500 s");
  check_value (412.3e6, "B/s", FALSE, "412.3 MB/s");
  check_value (1048576.0 * 3, "B/s", TRUE, "3.00 MiB/s");
  check_value (42.25, "%", FALSE, "42.2 %");
  check_value (123456.0, "", FALSE, "123456");
  check_value (NAN, "IO/s", FALSE, "—");
  check_value (INFINITY, "B/s", FALSE, "—");
}

static void
check_spread (double mean, double spread, const char *unit, gboolean binary, const char *expected)
{
  g_autofree char *text = vol_value_format_spread (mean, spread, unit, binary);

  g_assert_cmpstr (text, ==, expected);
}

/* A spread in its mean's unit and decimals: "13322 ± 3225 MB/s", not
 * "13322 ± 3224.6 MB/s"; "1.20 ± 0.80 ms", not "1.20 ms ± 800.0 µs". */
static void
test_spread (void)
{
  check_spread (13322e6, 3224.6e6, "B/s", FALSE, "13322 ± 3225 MB/s");
  check_spread (795.8e6, 161.2e6, "B/s", FALSE, "795.8 ± 161.2 MB/s");
  check_spread (45.678e6, 1.234e6, "B/s", FALSE, "45.68 ± 1.23 MB/s");
  check_spread (1.2e-3, 0.8e-3, "s", FALSE, "1.20 ± 0.80 ms");
  check_spread (84.1e-6, 2.34e-6, "s", FALSE, "84.1 ± 2.3 µs");
  check_spread (23520, 1234.4, "IO/s", FALSE, "23520 ± 1234 IO/s");
  check_spread (42.25, 3.04, "%", FALSE, "42.2 ± 3.0 %");
  /* no fixed decimals: each as vol_value_format() prints it, the unit once */
  check_spread (12.5, 1.25, "IO/s", FALSE, "12.5 ± 1.25 IO/s");
  check_spread (412.3e6, NAN, "B/s", FALSE, "412.3 MB/s");
  check_spread (NAN, 1, "B/s", FALSE, "—");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/size/parse-ok", test_parse_ok);
  g_test_add_func ("/vol/size/format-double", test_format_double);
  g_test_add_func ("/vol/size/parse-bad", test_parse_bad);
  g_test_add_func ("/vol/size/percent", test_percent);
  g_test_add_func ("/vol/size/format", test_format);
  g_test_add_func ("/vol/size/duration-huge", test_duration_huge);
  g_test_add_func ("/vol/size/rate", test_rate);
  g_test_add_func ("/vol/size/value", test_value);
  g_test_add_func ("/vol/size/spread", test_spread);
  return g_test_run ();
}
