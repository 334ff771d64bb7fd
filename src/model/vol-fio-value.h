/* vol-fio-value.h — what may go into a fio job file
 *
 * A job file is lines of "key=value" read by fio's own parser, and fio
 * reads a value as more than text: a newline ends it and starts an option
 * of the value's choosing (exec_prerun= runs a command), "${NAME}" is
 * replaced from fio's environment, ";" cuts the rest off. Every string
 * that reaches a job (the target folder, a device, a file or job name)
 * and every text shown beside one (a label) passes
 * vol_fio_value_check() where it enters: the CLI's options, the window's
 * fields, the scripting actions (all through vol_test_spec_validate()),
 * and the job writer itself (vol-fio-job.c), so a loaded result's text
 * never reaches a job either. Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* fio reads a job's lines into OPT_LEN_MAX (8192) bytes with fgets(): a
 * longer line is read as two, its rest a line of its own. A path is at
 * most PATH_MAX anyway. */
#define VOL_FIO_VALUE_MAX 4096

typedef enum
{
  VOL_FIO_VALUE_PATH,   /* directory=, filename=: a folder, a device, a file */
  VOL_FIO_VALUE_NAME,   /* a job's [section] name */
  VOL_FIO_VALUE_LABEL,  /* text shown with a job, never in it: lines only */
} VolFioValueKind;

gboolean vol_fio_value_check (VolFioValueKind   kind,
                              const char       *field,
                              const char       *value,
                              GError          **error);

G_END_DECLS
