/* vol-error.h — the project's own error domains
 *
 * Own domains only for own conditions (CONTRIBUTING.md, "Errors"); system failures travel as
 * G_IO_ERROR built with g_io_error_from_errno().
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define VOL_SPEC_ERROR (vol_spec_error_quark ())
#define VOL_ENGINE_ERROR (vol_engine_error_quark ())
#define VOL_RESULT_ERROR (vol_result_error_quark ())

/* A test specification, or one of its parameters, is not acceptable. */
typedef enum
{
  VOL_SPEC_ERROR_INVALID_VALUE,   /* a parameter is malformed or out of range */
  VOL_SPEC_ERROR_UNKNOWN_KIND,    /* no such test */
  VOL_SPEC_ERROR_UNKNOWN_PARAM,   /* no such parameter for that test */
} VolSpecError;

/* The engine could not run, or finish, a test for a reason of its own. */
typedef enum
{
  VOL_ENGINE_ERROR_TARGET,          /* target missing, not a folder, not writable */
  VOL_ENGINE_ERROR_NO_SPACE,        /* the test does not fit in the free space */
  VOL_ENGINE_ERROR_NOT_IMPLEMENTED, /* the test kind has no run function yet */
  VOL_ENGINE_ERROR_DATA_MISMATCH,   /* data read back differs from what was written */
  VOL_ENGINE_ERROR_SHORT_IO,        /* the kernel stopped transferring mid-request */
  VOL_ENGINE_ERROR_REMOTE,          /* a remote host's fio failed, or could not be reached */
} VolEngineError;

/* A result file could not be read. */
typedef enum
{
  VOL_RESULT_ERROR_PARSE,      /* not JSON, or truncated */
  VOL_RESULT_ERROR_FORMAT,     /* JSON, but not a Volumeter result */
  VOL_RESULT_ERROR_VERSION,    /* written by a newer, incompatible Volumeter */
  VOL_RESULT_ERROR_FIELD,      /* a field is missing or of the wrong type */
} VolResultError;

GQuark vol_spec_error_quark   (void);
GQuark vol_engine_error_quark (void);
GQuark vol_result_error_quark (void);

void   vol_error_keep_first   (GError **error,
                               GError  *other);

G_END_DECLS
