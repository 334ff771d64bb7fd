/* vol-size.c — parsing and printing sizes and rates */
#include "vol-size.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"

/* Binary multipliers, as fio and dd read them: a transfer size of "4K" is
 * one 4096-byte page, never 4000 bytes. */
static gboolean
suffix_shift (const char *suffix,
              guint      *shift)
{
  static const struct { const char *names[4]; guint shift; } table[] = {
    { { "", "B", NULL }, 0 },
    { { "K", "KB", "KiB", NULL }, 10 },
    { { "M", "MB", "MiB", NULL }, 20 },
    { { "G", "GB", "GiB", NULL }, 30 },
    { { "T", "TB", "TiB", NULL }, 40 },
    { { "P", "PB", "PiB", NULL }, 50 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    for (guint j = 0; table[i].names[j] != NULL; j++)
      if (g_ascii_strcasecmp (suffix, table[i].names[j]) == 0)
        {
          *shift = table[i].shift;
          return TRUE;
        }
  return FALSE;
}

/**
 * vol_size_parse:
 * @text: "512", "4K", "32M", "1.5G", "2T" (binary units; "KiB" and "KB" too)
 *
 * Reads a size the user typed. Fractions are allowed when the result is a
 * whole number of bytes ("1.5K" = 1536). Any thread.
 */
gboolean
vol_size_parse (const char *text,
                guint64    *bytes,
                GError    **error)
{
  g_autofree char *copy = NULL;
  char *number, *end;
  double value;
  guint shift;
  long double scaled;

  g_return_val_if_fail (bytes != NULL, FALSE);

  if (text == NULL || *text == '\0')
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("A size is required, such as 4K, 32M or 1G"));
      return FALSE;
    }

  copy = g_strstrip (g_strdup (text));
  number = copy;
  if (*number == '-' || *number == '+')
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("“%s” is not a size: sizes cannot be negative"), text);
      return FALSE;
    }
  if (!g_ascii_isdigit (*number) && *number != '.')
    goto bad;

  errno = 0;
  value = g_ascii_strtod (number, &end);
  if (errno != 0 || end == number || !isfinite (value))
    goto bad;
  while (*end == ' ')
    end++;
  if (!suffix_shift (end, &shift))
    goto bad;

  scaled = (long double) value * (long double) (1ULL << shift);
  if (scaled >= 18446744073709551616.0L)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("“%s” is too large"), text);
      return FALSE;
    }
  if (scaled != floorl (scaled))
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("“%s” is not a whole number of bytes"), text);
      return FALSE;
    }
  *bytes = (guint64) scaled;
  return TRUE;

bad:
  g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
               _("“%s” is not a size; use a number with an optional binary unit: 512, 4K, 32M, 1G, 2T"),
               text);
  return FALSE;
}

/**
 * vol_size_parse_or_percent:
 *
 * Like vol_size_parse(), but "2%" or "2.5 %" reads as a percentage.
 */
gboolean
vol_size_parse_or_percent (const char *text,
                           guint64    *bytes,
                           double     *percent,
                           gboolean   *is_percent,
                           GError    **error)
{
  g_autofree char *copy = NULL;
  gsize len;

  g_return_val_if_fail (bytes != NULL && percent != NULL && is_percent != NULL, FALSE);

  copy = g_strstrip (g_strdup (text ? text : ""));
  len = strlen (copy);
  if (len > 0 && copy[len - 1] == '%')
    {
      char *end;
      double value;

      copy[len - 1] = '\0';
      g_strchomp (copy);
      errno = 0;
      value = g_ascii_strtod (copy, &end);
      if (*copy == '\0' || *end != '\0' || errno != 0 || !isfinite (value)
          || !(g_ascii_isdigit (*copy) || *copy == '.'))
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                       _("“%s” is not a percentage, such as 2%%"), text);
          return FALSE;
        }
      *percent = value;
      *bytes = 0;
      *is_percent = TRUE;
      return TRUE;
    }

  *is_percent = FALSE;
  *percent = 0;
  return vol_size_parse (text, bytes, error);
}

/**
 * vol_size_format:
 *
 * "4 KiB", "1.5 GiB", "512 B": binary units, at most three significant
 * digits, for labels of sizes the user chose.
 */
char *
vol_size_format (guint64 bytes)
{
  static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
  double value = (double) bytes;
  guint unit = 0;

  while (value >= 1024.0 && unit + 1 < G_N_ELEMENTS (units))
    {
      value /= 1024.0;
      unit++;
    }
  if (unit == 0 || value == floor (value))
    return g_strdup_printf ("%.0f %s", value, units[unit]);
  if (value < 10)
    return g_strdup_printf ("%.2f %s", value, units[unit]);
  if (value < 100)
    return g_strdup_printf ("%.1f %s", value, units[unit]);
  return g_strdup_printf ("%.0f %s", value, units[unit]);
}

/**
 * vol_size_format_double:
 *
 * vol_size_format() of a byte count held as a double (a figure read from
 * a file): NaN and negatives are 0, and values past 2^64 saturate, where a
 * plain cast would be undefined.
 */
char *
vol_size_format_double (double bytes)
{
  return vol_size_format (!(bytes > 0) ? 0 : bytes >= 0x1p64 ? G_MAXUINT64 : (guint64) bytes);
}

/**
 * vol_size_format_exact:
 *
 * The shortest form that vol_size_parse() reads back as the same number:
 * "32M", "4K", "1536K", "1000". Used for defaults in --help and the CLI.
 */
char *
vol_size_format_exact (guint64 bytes)
{
  static const char suffixes[] = { 'K', 'M', 'G', 'T', 'P' };
  int best = -1;

  if (bytes == 0)
    return g_strdup ("0");
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if ((bytes & ((1ULL << (10 * (i + 1))) - 1)) == 0)
      best = (int) i;
  if (best < 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "%c", bytes >> (10 * (best + 1)), suffixes[best]);
}

/**
 * vol_rate_format:
 * @binary: MiB/s instead of MB/s
 *
 * "412.3 MB/s": decimal megabytes, as the reviews print throughput.
 */
char *
vol_rate_format (double   bytes_per_second,
                 gboolean binary)
{
  return vol_value_format (bytes_per_second, "B/s", binary);
}

/* How a value of @unit is printed: the factor it is divided by, its
 * decimals and its printed unit. The one choice behind vol_value_format()
 * and vol_value_format_spread(), so that a spread is printed in its mean's
 * unit and with its mean's decimals ("13322 ± 3225 MB/s", not "13322 ±
 * 3224.6 MB/s"). @factor multiplies: rates are divided by 1e6 (or 2^20)
 * and seconds multiplied by 1e6 or 1e3, each as it always was, so that a
 * figure rounds the same as before. Returns FALSE for sizes and the "%.4g"
 * of small plain numbers, which have no fixed decimals. */
static gboolean
value_style (double       value,
             const char  *unit,
             gboolean     binary,
             double      *factor,
             int         *decimals,
             const char **shown_unit)
{
  double v;

  if (g_strcmp0 (unit, "B/s") == 0)
    {
      *factor = binary ? 1048576.0 : 1e6;
      *shown_unit = binary ? "MiB/s" : "MB/s";
      v = fabs (value) / *factor;
      *factor = -*factor; /* negative: divide by it */
      *decimals = v >= 10000 ? 0 : v >= 100 ? 1 : 2;
      return TRUE;
    }
  if (g_strcmp0 (unit, "%") == 0)
    {
      *factor = 1;
      *decimals = 1;
      *shown_unit = "%";
      return TRUE;
    }
  if (g_strcmp0 (unit, "s") == 0)
    {
      v = fabs (value);
      *factor = v < 1e-3 ? 1e6 : v < 1 ? 1e3 : 1;
      *decimals = v < 1e-3 ? 1 : v < 1 ? 2 : 3;
      *shown_unit = v < 1e-3 ? "µs" : v < 1 ? "ms" : "s";
      return TRUE;
    }
  if (g_strcmp0 (unit, "B") == 0 || fabs (value) < 1000)
    return FALSE;
  /* 23520 IO/s, not 2.352e+04 IO/s */
  *factor = 1;
  *decimals = 0;
  *shown_unit = unit ? unit : "";
  return TRUE;
}

static double
scaled (double value,
        double factor)
{
  return factor < 0 ? value / -factor : value * factor;
}

static char *
format_styled (double      value,
               double      factor,
               int         decimals,
               const char *shown_unit)
{
  return *shown_unit ? g_strdup_printf ("%.*f %s", decimals, scaled (value, factor), shown_unit)
                     : g_strdup_printf ("%.*f", decimals, scaled (value, factor));
}

/**
 * vol_value_format:
 * @unit: a series' or figure's unit: "B/s", "B", "s", "%", "IO/s", … or ""
 * @binary: rates in MiB/s instead of MB/s
 *
 * The one way a figure is printed, in the app, History and the CLI alike:
 * in its own unit, never in exponent notation ("23520 IO/s", "84.1 µs",
 * "412.3 MB/s"). Not a number prints "—".
 */
char *
vol_value_format (double      value,
                  const char *unit,
                  gboolean    binary)
{
  double factor;
  int decimals;
  const char *shown;

  if (!isfinite (value))
    return g_strdup ("—");
  if (value_style (value, unit, binary, &factor, &decimals, &shown))
    return format_styled (value, factor, decimals, shown);
  if (g_strcmp0 (unit, "B") == 0)
    return vol_size_format_double (value);
  /* small figures keep four digits */
  return unit && *unit ? g_strdup_printf ("%.4g %s", value, unit)
                       : g_strdup_printf ("%.4g", value);
}

/**
 * vol_value_format_spread:
 * @spread: a standard deviation or a confidence interval's half width
 *
 * "2904.5 ± 171.6 MB/s", "84.1 ± 2.3 µs": a mean and its spread in the
 * mean's unit and decimals, the unit written once. Without a finite
 * spread, vol_value_format() of @mean.
 */
char *
vol_value_format_spread (double      mean,
                         double      spread,
                         const char *unit,
                         gboolean    binary)
{
  double factor;
  int decimals;
  const char *shown;
  g_autofree char *value = NULL, *plus = NULL;

  if (!isfinite (mean) || !isfinite (spread))
    return vol_value_format (mean, unit, binary);
  if (value_style (mean, unit, binary, &factor, &decimals, &shown))
    return *shown ? g_strdup_printf ("%.*f ± %.*f %s", decimals, scaled (mean, factor), decimals,
                                     scaled (spread, factor), shown)
                  : g_strdup_printf ("%.*f ± %.*f", decimals, scaled (mean, factor), decimals, scaled (spread, factor));
  value = vol_value_format (mean, unit, binary);
  plus = vol_value_format (spread, unit, binary);
  /* "12.5 ± 1.25 IO/s": the unit once where both have the same */
  {
    const char *tail = strrchr (plus, ' ');
    gsize vlen = strlen (value);

    if (tail && g_str_has_suffix (value, tail) && vlen > strlen (tail))
      return g_strdup_printf ("%.*s ± %s", (int) (vlen - strlen (tail)), value, plus);
  }
  return g_strdup_printf ("%s ± %s", value, plus);
}

/**
 * vol_duration_format:
 *
 * "0:42", "1:02:03" for an ETA or a run time.
 */
char *
vol_duration_format (double seconds)
{
  guint64 s;

  /* past 2^64 s (from a file, not a clock) the cast would be undefined */
  if (!isfinite (seconds) || seconds < 0 || seconds >= 0x1p64)
    return g_strdup ("—");
  s = (guint64) (seconds + 0.5);
  if (s >= 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT ":%02u:%02u",
                            s / 3600, (guint) (s / 60 % 60), (guint) (s % 60));
  return g_strdup_printf ("%u:%02u", (guint) (s / 60), (guint) (s % 60));
}
