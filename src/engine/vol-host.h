/* vol-host.h — the machine a result was measured on
 *
 * Kernel, CPU and memory; never the host name unless asked, since results
 * get shared. Reads /proc: any thread.
 */
#pragma once

#include "vol-result.h"

G_BEGIN_DECLS

VolHostInfo *vol_host_info_probe (gboolean include_hostname);
gint64       vol_host_process_start_us (void);

G_END_DECLS
