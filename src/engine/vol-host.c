/* vol-host.c — describing the machine, and when this process started */
#include "vol-host.h"

#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static char *
cpu_model (void)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/cpuinfo", &text, NULL, NULL))
    return NULL;
  lines = g_strsplit (text, "\n", 0);
  for (guint i = 0; lines[i]; i++)
    {
      /* x86 says "model name", some ARM kernels only "Hardware"/"Processor". */
      if (g_str_has_prefix (lines[i], "model name") || g_str_has_prefix (lines[i], "Processor")
          || g_str_has_prefix (lines[i], "cpu model"))
        {
          const char *colon = strchr (lines[i], ':');
          if (colon)
            return g_strstrip (g_strdup (colon + 1));
        }
    }
  return NULL;
}

static guint64
memory_bytes (void)
{
  g_autofree char *text = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/meminfo", &text, NULL, NULL))
    return 0;
  p = strstr (text, "MemTotal:");
  if (p == NULL)
    return 0;
  return g_ascii_strtoull (p + strlen ("MemTotal:"), NULL, 10) * 1024;
}

/* os-release's PRETTY_NAME (/etc, else /usr/lib), unquoted; NULL if none. */
static char *
os_name (void)
{
  static const char *const paths[] = { "/etc/os-release", "/usr/lib/os-release" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      if (!g_file_get_contents (paths[i], &text, NULL, NULL))
        continue;
      lines = g_strsplit (text, "\n", -1);
      for (guint j = 0; lines[j]; j++)
        if (g_str_has_prefix (lines[j], "PRETTY_NAME="))
          {
            const char *value = lines[j] + strlen ("PRETTY_NAME=");
            g_autofree char *unquoted = g_shell_unquote (value, NULL);
            if (unquoted != NULL && g_utf8_validate (unquoted, -1, NULL) && *unquoted)
              return g_steal_pointer (&unquoted);
          }
    }
  return NULL;
}

/**
 * vol_host_info_probe:
 * @include_hostname: only when the user opted in
 */
VolHostInfo *
vol_host_info_probe (gboolean include_hostname)
{
  VolHostInfo *host = g_new0 (VolHostInfo, 1);
  struct utsname uts;

  if (uname (&uts) == 0)
    host->kernel = g_strdup_printf ("%s %s", uts.sysname, uts.release);
  host->cpu_model = cpu_model ();
  host->os = os_name ();
  host->cpu_count = g_get_num_processors ();
  host->memory_bytes = memory_bytes ();
  if (include_hostname)
    host->hostname = g_strdup (g_get_host_name ());
  return host;
}

/**
 * vol_host_process_start_us:
 *
 * When this process started, on the g_get_monotonic_time() clock: what a
 * "time to the first frame" is measured from. 0 when /proc cannot say.
 */
gint64
vol_host_process_start_us (void)
{
  g_autofree char *stat = NULL;
  g_autofree char *uptime = NULL;
  const char *p;
  g_auto(GStrv) fields = NULL;
  double up;

  /* starttime (field 22, clock ticks since boot) against /proc/uptime */
  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL)
      || !g_file_get_contents ("/proc/uptime", &uptime, NULL, NULL)
      || (p = strrchr (stat, ')')) == NULL)
    return 0;
  fields = g_strsplit (p + 2, " ", 0);
  if (g_strv_length (fields) < 20)
    return 0;
  up = g_ascii_strtod (uptime, NULL);
  return g_get_monotonic_time () - (gint64) ((up - g_ascii_strtod (fields[19], NULL) / sysconf (_SC_CLK_TCK)) * 1e6);
}
