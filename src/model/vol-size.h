/* vol-size.h — parsing and printing sizes and rates
 *
 * Sizes the user types are binary (4K = 4096, 1G = 2^30), as storage tools
 * use them for transfer sizes; throughput is shown in decimal MB/s (10^6
 * bytes), as the reviews print it, unless MiB/s is asked for.
 * All functions are pure and may be called from any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean vol_size_parse            (const char *text,
                                    guint64    *bytes,
                                    GError    **error);
gboolean vol_size_parse_or_percent (const char *text,
                                    guint64    *bytes,
                                    double     *percent,
                                    gboolean   *is_percent,
                                    GError    **error);
char    *vol_size_format           (guint64     bytes);
char    *vol_size_format_double    (double      bytes);
char    *vol_size_format_exact     (guint64     bytes);
char    *vol_rate_format           (double      bytes_per_second,
                                    gboolean    binary);
char    *vol_value_format          (double      value,
                                    const char *unit,
                                    gboolean    binary);
char    *vol_value_format_spread   (double      mean,
                                    double      spread,
                                    const char *unit,
                                    gboolean    binary);
char    *vol_duration_format       (double      seconds);

G_END_DECLS
