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
  double value = bytes_per_second / (binary ? 1048576.0 : 1e6);
  const char *unit = binary ? "MiB/s" : "MB/s";

  if (!isfinite (value))
    return g_strdup ("—");
  if (value >= 10000)
    return g_strdup_printf ("%.0f %s", value, unit);
  if (value >= 100)
    return g_strdup_printf ("%.1f %s", value, unit);
  return g_strdup_printf ("%.2f %s", value, unit);
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
  if (!isfinite (value))
    return g_strdup ("—");
  if (g_strcmp0 (unit, "B/s") == 0)
    return vol_rate_format (value, binary);
  if (g_strcmp0 (unit, "B") == 0)
    return vol_size_format_double (value);
  if (g_strcmp0 (unit, "%") == 0)
    return g_strdup_printf ("%.1f %%", value);
  if (g_strcmp0 (unit, "s") == 0)
    return fabs (value) < 1e-3 ? g_strdup_printf ("%.1f µs", value * 1e6)
         : fabs (value) < 1 ? g_strdup_printf ("%.2f ms", value * 1e3)
         : g_strdup_printf ("%.3f s", value);
  /* 23520 IO/s, not 2.352e+04 IO/s; small figures keep four digits */
  if (fabs (value) >= 1000)
    return unit && *unit ? g_strdup_printf ("%.0f %s", value, unit)
                         : g_strdup_printf ("%.0f", value);
  return unit && *unit ? g_strdup_printf ("%.4g %s", value, unit)
                       : g_strdup_printf ("%.4g", value);
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
