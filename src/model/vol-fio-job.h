/* vol-fio-job.h — a test's work as a fio job file
 *
 * One translation, used by `volumeter-cli fio-job`, by bench/vs-peers.sh
 * (through the CLI) and by whatever later sends the same work to remote
 * fio servers, so the comparison with fio never drifts from the test.
 * docs/tests/<kind>.md, "The same work in fio", shows each job and lists
 * every deliberate difference.
 *
 * The job is fio's ini format: a [global] section, then one section per
 * point of the test (a transfer size and iteration, a queue depth, a
 * thread count…), each with stonewall so the points run one after
 * another as Volumeter's do. Section names are stable (“qd32”,
 * “threads-4”, “write-4096-0”), so a script can pair fio's jobs with the
 * test's points.
 *
 * With the resolved values of a run (its result) the job does exactly
 * what that run did (file sizes after fitting to the free space, the
 * backend that really ran); without them the sizes are the ones asked
 * for, and the job says so.
 *
 * Text from a field or a file reaches a job only through
 * vol_fio_value_check() (vol-fio-value.h): the writer refuses a folder or
 * a device fio would read as more than a name.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

#define VOL_FIO_JOB_ERROR (vol_fio_job_error_quark ())

typedef enum
{
  VOL_FIO_JOB_ERROR_UNSUPPORTED, /* fio cannot do this test's work */
  VOL_FIO_JOB_ERROR_PARAM,       /* a parameter the job needs is missing */
} VolFioJobError;

GQuark  vol_fio_job_error_quark (void);

char   *vol_fio_job_build       (const char      *kind,
                                 GVariant        *params,
                                 GVariant        *resolved,
                                 VolDataPattern   pattern,
                                 VolCacheBypass   bypass,
                                 const char      *io_backend,
                                 VolIoBuffers     io_buffers,
                                 const char      *directory,
                                 GError         **error);
char   *vol_fio_job_for_result  (const VolResult *result,
                                 const char      *directory,
                                 GError         **error);
char   *vol_fio_job_for_hosts   (const char      *kind,
                                 GVariant        *params,
                                 VolDataPattern   pattern,
                                 const char      *directory,
                                 GError         **error);

G_END_DECLS
