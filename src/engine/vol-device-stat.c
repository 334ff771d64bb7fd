/* vol-device-stat.c — reading /sys/class/block/NAME/stat */
#include "vol-device-stat.h"

#include <stdlib.h>
#include <string.h>

/**
 * vol_device_stat_parse:
 * @text: the stat file's one line: 11, 15 or 17 numbers
 *
 * FALSE when fewer than the 11 fields every kernel since 2.6 writes are
 * there; fields a kernel does not have stay 0.
 */
gboolean
vol_device_stat_parse (const char    *text,
                       VolDeviceStat *stat)
{
  guint64 f[17] = { 0 };
  const char *p = text;
  guint n = 0;

  memset (stat, 0, sizeof *stat);
  while (n < G_N_ELEMENTS (f))
    {
      char *end;

      while (*p == ' ' || *p == '\t')
        p++;
      if (!g_ascii_isdigit (*p))
        break;
      f[n++] = g_ascii_strtoull (p, &end, 10);
      p = end;
    }
  if (n < 11)
    return FALSE;
  stat->reads = f[0];
  stat->read_merges = f[1];
  stat->read_sectors = f[2];
  stat->writes = f[4];
  stat->write_merges = f[5];
  stat->write_sectors = f[6];
  stat->discards = f[11];
  stat->flushes = f[15];
  return TRUE;
}

/**
 * vol_device_stat_read:
 * @device: kernel name ("sda1", "dm-0", "loop3")
 *
 * FALSE when the device has no stat file (gone, or not a block device).
 */
gboolean
vol_device_stat_read (const char    *device,
                      VolDeviceStat *stat)
{
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;

  memset (stat, 0, sizeof *stat);
  if (device == NULL || *device == '\0' || strchr (device, '/') != NULL)
    return FALSE;
  path = g_strdup_printf ("/sys/class/block/%s/stat", device);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return FALSE;
  return vol_device_stat_parse (text, stat);
}

/* Counters only rise; a device reset between two reads (it vanished and a
 * new one took its name) shows as 0, not as a huge wrapped figure. */
#define RISE(field) delta->field = after->field >= before->field ? after->field - before->field : 0

void
vol_device_stat_diff (const VolDeviceStat *before,
                      const VolDeviceStat *after,
                      VolDeviceStat       *delta)
{
  RISE (reads);
  RISE (read_merges);
  RISE (read_sectors);
  RISE (writes);
  RISE (write_merges);
  RISE (write_sectors);
  RISE (discards);
  RISE (flushes);
}
