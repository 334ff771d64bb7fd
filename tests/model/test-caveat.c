/* test-caveat.c — a result's reasons to doubt its numbers
 *
 * Results are built in memory with exactly the facts of one case, so each
 * test shows which fact gives which caveat, and that a clean result gives
 * none: a caveat that appeared everywhere would teach users to ignore it.
 */
#include <string.h>

#include "vol-caveat.h"

static VolResult *
clean_result (const char *kind)
{
  VolResult *result = vol_result_new (kind);

  result->cache_bypass = VOL_CACHE_BYPASS_DIRECT;
  result->pattern = VOL_DATA_PATTERN_RANDOM;
  result->status = VOL_RESULT_STATUS_COMPLETE;
  result->duration = 20;
  result->cpu_user = 1;
  result->cpu_system = 2;
  result->target = vol_target_info_new ();
  result->target->path = g_strdup ("/mnt/test");
  result->target->fs_type = g_strdup ("ext4");
  return result;
}

static VolBlockDevice *
add_loop (VolResult  *result,
          const char *name,
          const char *backing_file,
          int         direct_io,
          const char *backing_fs_type)
{
  VolBlockDevice *dev = vol_block_device_new ();

  dev->name = g_strdup (name);
  dev->kind = g_strdup ("loop");
  dev->backing_file = g_strdup (backing_file);
  dev->loop_direct_io = direct_io;
  dev->backing_fs_type = g_strdup (backing_fs_type);
  g_ptr_array_add (result->target->devices, dev);
  return dev;
}

static void
add_phase (VolResult  *result,
           const char *phase,
           guint64     bytes_read,
           guint64     dev_bytes_read)
{
  VolIoCounters c = { 0 };

  c.phase = (char *) phase;
  c.device = (char *) "loop0";
  c.reads = bytes_read / 4096;
  c.dev_reads = dev_bytes_read / 4096;
  c.bytes_read = bytes_read;
  c.dev_bytes_read = dev_bytes_read;
  vol_result_add_counters (result, &c);
}

/* The ids in order, "a,b,c"; and every text checked for the promises the
 * header makes: one sentence, no line breaks, never empty. */
static char *
ids_of (const VolResult *result)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (result);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < caveats->len; i++)
    {
      const VolCaveat *caveat = g_ptr_array_index (caveats, i);

      g_assert_nonnull (caveat->id);
      g_assert_nonnull (caveat->text);
      g_assert_cmpuint (strlen (caveat->text), >, 20);
      g_assert_null (strchr (caveat->text, '\n'));
      if (i > 0)
        g_assert_cmpint (caveat->level, <=, ((const VolCaveat *) g_ptr_array_index (caveats, i - 1))->level);
      g_string_append_printf (ids, "%s%s", i > 0 ? "," : "", caveat->id);
    }
  return g_strdup (ids->str);
}

/* The one caveat of @result with @id; fails when there is not exactly one. */
static VolCaveat *
only_caveat (const VolResult *result,
             const char      *id)
{
  g_autoptr(GPtrArray) caveats = vol_result_get_caveats (result);
  VolCaveat *copy;
  const VolCaveat *caveat;

  g_assert_cmpuint (caveats->len, ==, 1);
  caveat = g_ptr_array_index (caveats, 0);
  g_assert_cmpstr (caveat->id, ==, id);
  copy = g_new0 (VolCaveat, 1);
  *copy = *caveat;
  copy->text = g_strdup (caveat->text);
  return copy;
}

static void
test_clean (void)
{
  g_autoptr(VolResult) result = clean_result ("fill");
  g_autofree char *ids = NULL;

  /* a loop device with dio on over a disk's filesystem is fine */
  add_loop (result, "loop0", "/var/tmp/disk.img", 1, "ext4");
  /* and counters within 2 % */
  add_phase (result, "read", 1000 * 4096, 1010 * 4096);
  ids = ids_of (result);
  g_assert_cmpstr (ids, ==, "");
}

static void
test_cache_bypass (void)
{
  g_autoptr(VolResult) result = clean_result ("fill");
  g_autoptr(VolCaveat) fadvise = NULL;
  g_autoptr(VolCaveat) none = NULL;
  g_autoptr(VolCaveat) cached = NULL;
  g_autoptr(VolCaveat) postmark = NULL;

  result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
  fadvise = only_caveat (result, "fadvise");
  g_assert_cmpint (fadvise->level, ==, VOL_CAVEAT_LEVEL_WARNING);
  g_assert_nonnull (strstr (fadvise->text, "O_DIRECT"));

  result->cache_bypass = VOL_CACHE_BYPASS_NONE;
  none = only_caveat (result, "page-cache");
  g_assert_cmpint (none->level, ==, VOL_CAVEAT_LEVEL_SEVERE);
  g_assert_nonnull (strstr (none->text, "page cache"));

  /* the cached test's device reads: said of the device reads, not of the
   * cached ones, which go through the cache by design */
  g_free (result->kind);
  result->kind = g_strdup ("cached");
  result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
  cached = only_caveat (result, "fadvise");
  g_assert_nonnull (strstr (cached->text, "device reads"));
  g_assert_cmpstr (cached->text, !=, fadvise->text);

  /* PostMark through the cache is the workload, not a fault: a note */
  g_free (result->kind);
  result->kind = g_strdup ("smallfiles");
  result->cache_bypass = VOL_CACHE_BYPASS_NONE;
  postmark = only_caveat (result, "page-cache");
  g_assert_cmpint (postmark->level, ==, VOL_CAVEAT_LEVEL_NOTE);
  g_assert_nonnull (strstr (postmark->text, "PostMark"));
}

static void
test_ram_filesystems (void)
{
  static const struct
  {
    const char    *fs_type;
    VolCacheBypass bypass;  /* what the engine labels such a run */
  } cases[] = {
    { "tmpfs", VOL_CACHE_BYPASS_NONE },
    { "ramfs", VOL_CACHE_BYPASS_FADVISE },
    { "devtmpfs", VOL_CACHE_BYPASS_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(VolResult) result = clean_result ("random");
      g_autoptr(VolCaveat) ram = NULL;

      g_free (result->target->fs_type);
      result->target->fs_type = g_strdup (cases[i].fs_type);
      result->cache_bypass = cases[i].bypass;
      /* on memory, the cache-bypass caveat would only repeat it less well */
      ram = only_caveat (result, "ram");
      g_assert_cmpint (ram->level, ==, VOL_CAVEAT_LEVEL_SEVERE);
      g_assert_nonnull (strstr (ram->text, cases[i].fs_type));
      g_assert_nonnull (strstr (ram->text, "RAM"));
    }
}

static void
test_loop (void)
{
  g_autoptr(VolResult) off = clean_result ("random");
  g_autoptr(VolResult) unknown = clean_result ("random");
  g_autoptr(VolResult) on_ram = clean_result ("random");
  g_autoptr(VolResult) off_ram = clean_result ("random");
  g_autoptr(VolCaveat) cache = NULL;
  g_autoptr(VolCaveat) ram = NULL;
  g_autoptr(VolCaveat) both = NULL;
  g_autofree char *ids = NULL;

  add_loop (off, "loop3", "/var/tmp/disk image.img", 0, "ext4");
  cache = only_caveat (off, "loop-cache");
  g_assert_cmpint (cache->level, ==, VOL_CAVEAT_LEVEL_SEVERE);
  g_assert_nonnull (strstr (cache->text, "loop3"));
  g_assert_nonnull (strstr (cache->text, "/var/tmp/disk image.img"));
  g_assert_nonnull (strstr (cache->text, "page cache"));

  /* a result from before dio was probed: nothing is known, nothing said */
  add_loop (unknown, "loop3", "/var/tmp/disk.img", -1, NULL);
  ids = ids_of (unknown);
  g_assert_cmpstr (ids, ==, "");

  /* dio on, but the file is in RAM */
  add_loop (on_ram, "loop1", "/dev/shm/disk.img", 1, "tmpfs");
  ram = only_caveat (on_ram, "loop-ram");
  g_assert_nonnull (strstr (ram->text, "loop1"));
  g_assert_nonnull (strstr (ram->text, "/dev/shm/disk.img"));
  g_assert_nonnull (strstr (ram->text, "tmpfs"));

  /* dio off over RAM: RAM is the whole story, said once */
  add_loop (off_ram, "loop1", "/dev/shm/disk.img", 0, "ramfs");
  both = only_caveat (off_ram, "loop-ram");
}

static void
test_zeros (void)
{
  g_autoptr(VolResult) result = clean_result ("fill");
  g_autoptr(VolCaveat) zeros = NULL;

  result->pattern = VOL_DATA_PATTERN_ZEROS;
  zeros = only_caveat (result, "zeros");
  g_assert_cmpint (zeros->level, ==, VOL_CAVEAT_LEVEL_WARNING);
  g_assert_nonnull (strstr (zeros->text, "zeros"));
}

/* a remote run without Landlock: said so; a confined one's says nothing */
static void
test_unconfined (void)
{
  g_autoptr(VolResult) result = clean_result ("queue");
  g_autoptr(VolCaveat) unconfined = NULL;
  g_autoptr(GPtrArray) none = NULL;
  GVariantDict dict;

  g_variant_dict_init (&dict, result->resolved);
  g_variant_dict_insert (&dict, "fio-client-confined", "b", TRUE);
  g_clear_pointer (&result->resolved, g_variant_unref);
  result->resolved = g_variant_ref_sink (g_variant_dict_end (&dict));
  none = vol_result_get_caveats (result);
  g_assert_cmpuint (none->len, ==, 0);

  g_variant_dict_init (&dict, result->resolved);
  g_variant_dict_insert (&dict, "fio-client-confined", "b", FALSE);
  g_clear_pointer (&result->resolved, g_variant_unref);
  result->resolved = g_variant_ref_sink (g_variant_dict_end (&dict));
  unconfined = only_caveat (result, "unconfined");
  g_assert_cmpint (unconfined->level, ==, VOL_CAVEAT_LEVEL_WARNING);
  g_assert_nonnull (strstr (unconfined->text, "Landlock"));
}

static void
test_buffers (void)
{
  g_autoptr(VolResult) result = clean_result ("threads");
  g_autoptr(VolCaveat) pages = NULL;
  g_autofree char *none = NULL;
  static const VolIoBuffers others[] = { VOL_IO_BUFFERS_HUGE_PAGES, VOL_IO_BUFFERS_SMALL, VOL_IO_BUFFERS_UNKNOWN };

  result->io_buffers = VOL_IO_BUFFERS_PAGES;
  pages = only_caveat (result, "buffers");
  g_assert_cmpint (pages->level, ==, VOL_CAVEAT_LEVEL_NOTE);
  g_assert_nonnull (strstr (pages->text, "huge pages"));

  /* huge pages, buffers too small to matter, or not recorded: nothing */
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      result->io_buffers = others[i];
      none = ids_of (result);
      g_assert_cmpstr (none, ==, "");
      g_clear_pointer (&none, g_free);
    }
}

static void
test_cpu (void)
{
  static const struct
  {
    double      duration, user, system;
    const char *ids;
  } cases[] = {
    { 10, 6, 3.5, "cpu" },   /* 9.5 s of 10: a full core */
    { 10, 5, 3.5, "" },      /* 8.5 s: below 90 % */
    { 10, 4.5, 4.5, "" },    /* exactly 90 %: not above it */
    { 0.5, 0.5, 0.0, "" },   /* too short to judge */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(VolResult) result = clean_result ("queue");
      g_autofree char *ids = NULL;

      result->duration = cases[i].duration;
      result->cpu_user = cases[i].user;
      result->cpu_system = cases[i].system;
      ids = ids_of (result);
      g_assert_cmpstr (ids, ==, cases[i].ids);
    }
}

static void
test_status (void)
{
  g_autoptr(VolResult) cancelled = clean_result ("fill");
  g_autoptr(VolResult) failed = clean_result ("fill");
  g_autoptr(VolCaveat) c = NULL;
  g_autoptr(VolCaveat) f = NULL;

  cancelled->status = VOL_RESULT_STATUS_CANCELLED;
  cancelled->message = g_strdup ("Cancelled before the end; the samples so far are kept");
  c = only_caveat (cancelled, "cancelled");
  g_assert_cmpint (c->level, ==, VOL_CAVEAT_LEVEL_SEVERE);
  g_assert_nonnull (strstr (c->text, cancelled->message));

  /* no message: still a sentence of its own */
  failed->status = VOL_RESULT_STATUS_FAILED;
  f = only_caveat (failed, "failed");
  g_assert_true (g_str_has_suffix (f->text, "."));

  g_clear_pointer (&f, vol_caveat_free);
  failed->message = g_strdup ("Writing /mnt/test/f1 failed: No space left on device");
  f = only_caveat (failed, "failed");
  g_assert_nonnull (strstr (f->text, failed->message));
}

static void
test_counters (void)
{
  g_autoptr(VolResult) one = clean_result ("random");
  g_autoptr(VolResult) two = clean_result ("random");
  g_autoptr(VolResult) cache = clean_result ("smallfiles");
  g_autoptr(VolCaveat) c = NULL;
  g_autoptr(VolCaveat) d = NULL;
  g_autofree char *ids = NULL;

  /* a loop device reading from the page cache: the test read 1 GiB, the
   * device saw almost nothing */
  add_phase (one, "write", 1 << 30, 1 << 30);
  add_phase (one, "read", 1 << 30, 4 << 20);
  c = only_caveat (one, "counters");
  g_assert_cmpint (c->level, ==, VOL_CAVEAT_LEVEL_WARNING);
  g_assert_nonnull (strstr (c->text, "1 of 2"));
  g_assert_nonnull (strstr (c->text, "read"));

  add_phase (two, "QD1", 1 << 30, 1 << 20);
  add_phase (two, "QD32", 1 << 30, 2 << 20);
  d = only_caveat (two, "counters");
  g_assert_nonnull (strstr (d->text, "2 of 2"));
  g_assert_nonnull (strstr (d->text, "QD1"));

  /* through the cache the device sees only what the cache lets through:
   * the page-cache note says so, not a counter caveat */
  cache->cache_bypass = VOL_CACHE_BYPASS_NONE;
  add_phase (cache, "transactions", 1 << 30, 0);
  ids = ids_of (cache);
  g_assert_cmpstr (ids, ==, "page-cache");
}

static void
test_order (void)
{
  g_autoptr(VolResult) result = clean_result ("random");
  g_autofree char *ids = NULL;

  /* every kind at once, added in no particular order */
  result->pattern = VOL_DATA_PATTERN_ZEROS;
  result->duration = 10;
  result->cpu_user = 9.9;
  add_phase (result, "read", 1 << 30, 0);
  result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
  add_loop (result, "loop0", "/var/tmp/a.img", 0, "xfs");
  result->status = VOL_RESULT_STATUS_FAILED;
  result->message = g_strdup ("Reading f1 failed: Input/output error");

  /* severe first (the run, then the device), then the warnings */
  ids = ids_of (result);
  g_assert_cmpstr (ids, ==, "failed,loop-cache,fadvise,counters,cpu,zeros");
}

/* A saved result gives the same caveats when loaded: the loop facts are
 * in the file. */
static void
test_saved (void)
{
  g_autoptr(VolResult) result = clean_result ("random");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const VolBlockDevice *dev;
  gsize length;

  add_loop (result, "loop0", "/var/tmp/a.img", 0, "ext4");
  add_loop (result, "loop1", "/dev/shm/b.img", 1, "tmpfs");
  add_loop (result, "loop2", "/var/tmp/c.img", -1, NULL);
  data = vol_result_to_data (result, &length);
  loaded = vol_result_load_from_data (data, (gssize) length, &error);
  g_assert_no_error (error);

  dev = g_ptr_array_index (loaded->target->devices, 0);
  g_assert_cmpint (dev->loop_direct_io, ==, 0);
  g_assert_cmpstr (dev->backing_fs_type, ==, "ext4");
  dev = g_ptr_array_index (loaded->target->devices, 1);
  g_assert_cmpint (dev->loop_direct_io, ==, 1);
  g_assert_cmpstr (dev->backing_fs_type, ==, "tmpfs");
  dev = g_ptr_array_index (loaded->target->devices, 2);
  g_assert_cmpint (dev->loop_direct_io, ==, -1);
  g_assert_null (dev->backing_fs_type);

  before = ids_of (result);
  after = ids_of (loaded);
  g_assert_cmpstr (before, ==, "loop-cache,loop-ram");
  g_assert_cmpstr (after, ==, before);

  /* a copy keeps the loop facts */
  {
    g_autoptr(VolBlockDevice) copy = vol_block_device_copy (g_ptr_array_index (result->target->devices, 0));

    g_assert_cmpint (copy->loop_direct_io, ==, 0);
    g_assert_cmpstr (copy->backing_fs_type, ==, "ext4");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/caveat/clean", test_clean);
  g_test_add_func ("/vol/caveat/cache-bypass", test_cache_bypass);
  g_test_add_func ("/vol/caveat/ram-filesystems", test_ram_filesystems);
  g_test_add_func ("/vol/caveat/loop", test_loop);
  g_test_add_func ("/vol/caveat/zeros", test_zeros);
  g_test_add_func ("/vol/caveat/unconfined", test_unconfined);
  g_test_add_func ("/vol/caveat/cpu", test_cpu);
  g_test_add_func ("/vol/caveat/status", test_status);
  g_test_add_func ("/vol/caveat/counters", test_counters);
  g_test_add_func ("/vol/caveat/buffers", test_buffers);
  g_test_add_func ("/vol/caveat/order", test_order);
  g_test_add_func ("/vol/caveat/saved", test_saved);
  return g_test_run ();
}
