/* vol-json-writer.h — a JsonNode tree as pretty-printed JSON text
 *
 * Why not json-glib's own JsonGenerator: in json-glib 1.6 (Debian 12, the
 * floor) it prints some doubles as invalid JSON (1e22 becomes "1e+22.0")
 * and others with %.17g noise (0.1 becomes "0.10000000000000001"). A result
 * file must read back bit for bit, in any language, so the tree is printed
 * here instead: every double as the shortest text that reads back to the
 * same bits, always with a "." or an exponent so that it reads back as a
 * double and not as an integer.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Numbers in a result stay within ±1e300, which no measurement comes near:
 * beyond it arithmetic on them (a chart's axis widened to whole steps, a
 * sum, a square) overflows to infinity. The writer writes larger ones as
 * null, like NaN, and the readers refuse them, so every number a result
 * holds after loading is one that charts and statistics can handle. */
#define VOL_JSON_MAX_MAGNITUDE 1e300

char *vol_json_writer_to_string (JsonNode *node,
                                 gsize    *length);

G_END_DECLS
