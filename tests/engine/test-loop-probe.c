/* test-loop-probe.c — the probe on a real loop device: is its dio seen?
 *
 * Run by with-volume.sh on a loop-mounted ext4 volume ($VOL_TEST_DIR over
 * $VOL_TEST_DEVICE). losetup leaves direct I/O off unless asked, so the
 * probe must say 0 and the result must carry the "loop-cache" caveat; after
 * `losetup --direct-io=on` it must say 1 and the caveat must be gone. The
 * fixture cases are in test-probe.c; this one checks the kernel agrees.
 */
#include <string.h>

#include "vol-caveat.h"
#include "vol-probe.h"

static const VolBlockDevice *
find_loop (const VolTargetInfo *info,
           const char          *name)
{
  for (guint i = 0; i < info->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);

      if (g_strcmp0 (dev->name, name) == 0)
        return dev;
    }
  return NULL;
}

static gboolean
set_direct_io (const char  *device,
               gboolean     on,
               char       **why)
{
  const char *argv[] = { "losetup", on ? "--direct-io=on" : "--direct-io=off", device, NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &err, &status, &error))
    {
      *why = g_strdup (error->message);
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, NULL))
    {
      *why = g_strdup_printf ("losetup %s %s: %s", argv[1], device, g_strstrip (err));
      return FALSE;
    }
  return TRUE;
}

/* The probe's answer for the volume's loop device, and whether a result
 * on it carries the loop-cache caveat. */
static int
probe_direct_io (const char *dir,
                 const char *name,
                 gboolean   *caveat)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolTargetInfo) info = vol_target_probe (dir, &error);
  g_autoptr(VolResult) result = vol_result_new ("random");
  g_autoptr(GPtrArray) caveats = NULL;
  const VolBlockDevice *dev;
  int dio;

  g_assert_no_error (error);
  dev = find_loop (info, name);
  g_assert_nonnull (dev);
  g_assert_cmpstr (dev->kind, ==, "loop");
  g_assert_nonnull (dev->backing_file);
  /* the image is a file on some mounted filesystem: it must be found */
  g_assert_nonnull (dev->backing_fs_type);
  g_test_message ("%s over %s on %s, dio %d", dev->name, dev->backing_file,
                  dev->backing_fs_type, dev->loop_direct_io);
  dio = dev->loop_direct_io;

  result->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  result->target = g_steal_pointer (&info);
  caveats = vol_result_get_caveats (result);
  *caveat = FALSE;
  for (guint i = 0; i < caveats->len; i++)
    *caveat |= strcmp (((VolCaveat *) g_ptr_array_index (caveats, i))->id, "loop-cache") == 0;
  return dio;
}

static void
test_direct_io (void)
{
  const char *dir = g_getenv ("VOL_TEST_DIR");
  const char *device = g_getenv ("VOL_TEST_DEVICE");
  g_autofree char *name = NULL;
  g_autofree char *why = NULL;
  gboolean caveat;

  if (dir == NULL || device == NULL || *device == '\0')
    {
      g_test_skip ("needs root and a loop volume (with-volume.sh ext4 exports VOL_TEST_DEVICE)");
      return;
    }
  name = g_path_get_basename (device);

  g_assert_cmpint (probe_direct_io (dir, name, &caveat), ==, 0);
  g_assert_true (caveat);

  if (!set_direct_io (device, TRUE, &why))
    {
      /* the image's filesystem may refuse O_DIRECT (ramfs, old tmpfs) */
      g_test_skip (why);
      return;
    }
  g_assert_cmpint (probe_direct_io (dir, name, &caveat), ==, 1);
  g_assert_false (caveat);

  g_assert_true (set_direct_io (device, FALSE, &why));
  g_assert_cmpint (probe_direct_io (dir, name, &caveat), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/loop-probe/direct-io", test_direct_io);
  return g_test_run ();
}
