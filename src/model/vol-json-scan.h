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
  char       *overflow_path;  /* first integer json-glib would wrap: its field */
  char       *overflow_text;  /* ... and its digits */
  gssize      trailing;       /* offset of text after the document, or -1 */
  /* With VOL_JSON_SCAN_SAMPLES: every array of numbers and nulls at
   * "series[i].columns[j].values" (the samples of a result file), by
   * that path, as a GArray of doubles (null → NaN);
   * and where each one's elements are, to blank them before json-glib
   * parses the text (a JsonNode per number costs 25–50 times its text). */
  GHashTable *numbers;        /* path → GArray of double */
  GArray     *number_spans;   /* of VolJsonSpan */
  guint64     n_values;       /* values outside those arrays */
} VolJsonScanReport;

typedef struct
{
  gsize start;   /* the first byte after "[" */
  gsize end;     /* the "]" */
} VolJsonSpan;

typedef enum
{
  VOL_JSON_SCAN_DEFAULT       = 0,
  VOL_JSON_SCAN_SAMPLES = 1 << 0,
} VolJsonScanFlags;

#define VOL_JSON_SCAN_REPORT_INIT { NULL, NULL, -1, NULL, NULL, 0 }

gboolean vol_json_scan                 (const char         *data,
                                        gsize               length,
                                        VolJsonScanFlags    flags,
                                        VolJsonScanReport  *report,
                                        GError            **error);
void     vol_json_scan_blank_numbers   (char               *data,
                                        const VolJsonScanReport *report);
char    *vol_json_scan_without_numbers (const char         *data,
                                        gsize               length,
                                        const VolJsonScanReport *report,
                                        gsize              *out_length);
void     vol_json_scan_report_clear    (VolJsonScanReport  *report);
void     vol_json_scan_line_column     (const char         *data,
                                        gsize               offset,
                                        guint              *line,
                                        guint              *column);
void     vol_json_scan_set_parse_error (GError            **error,
                                        const GError       *json_error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (VolJsonScanReport, vol_json_scan_report_clear)

G_END_DECLS
