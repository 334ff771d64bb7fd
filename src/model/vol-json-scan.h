/* vol-json-scan.h — a strict look at JSON text before json-glib parses it
 *
 * Why: json-glib 1.6's JsonParser (Debian 12, the floor) cannot be given a
 * file from anywhere as it is. It recurses once per nesting level, so a
 * file of a million "[" overflows the stack; it accepts what JSON does not
 * (comments, single-quoted strings, 0x10, 01, +1); it ignores text after
 * the first value; and it silently wraps integers beyond 64 bits
 * (99999999999999999999999 reads as -1). vol_json_scan() runs first, over
 * the raw text, and refuses or reports all of that.
 *
 * Errors are VOL_RESULT_ERROR_PARSE, with a line and a column: the result
 * file is the only JSON the model reads.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What the scan found that only matters once the text is parsed. */
typedef struct
{
  char  *overflow_path;   /* first integer json-glib would wrap: its field */
  char  *overflow_text;   /* ... and its digits */
  gssize trailing;        /* offset of text after the document, or -1 */
} VolJsonScanReport;

gboolean vol_json_scan                 (const char         *data,
                                        gsize               length,
                                        VolJsonScanReport  *report,
                                        GError            **error);
void     vol_json_scan_report_clear    (VolJsonScanReport  *report);
void     vol_json_scan_line_column     (const char         *data,
                                        gsize               offset,
                                        guint              *line,
                                        guint              *column);
void     vol_json_scan_set_parse_error (GError            **error,
                                        const GError       *json_error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (VolJsonScanReport, vol_json_scan_report_clear)

G_END_DECLS
