/* vol-units.h — binary sizes and the unit strings of columns and figures
 *
 * The one place KiB, MiB, GiB and TiB are defined (as guint64: a double
 * context converts them) and the one spelling of each unit a result's
 * columns carry, so "IO/s" cannot drift to "ops/s" in one file.
 */
#pragma once

#include <glib.h>

#define KiB (G_GUINT64_CONSTANT (1) << 10)
#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)
#define TiB (G_GUINT64_CONSTANT (1) << 40)

#define VOL_UNIT_NONE    ""
#define VOL_UNIT_BYTES   "B"
#define VOL_UNIT_RATE    "B/s"    /* throughput: bytes per second */
#define VOL_UNIT_IOPS    "IO/s"   /* every kind's I/Os per second */
#define VOL_UNIT_SECONDS "s"
#define VOL_UNIT_PERCENT "%"

/* What Random I/O results said before they wrote IO/s; read as IO/s. */
#define VOL_UNIT_IOPS_OLD "ops/s"
