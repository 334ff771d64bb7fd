/* test-result.c — saving and loading *.volumeter.json
 *
 * The round trip must give back every field bit for bit; every kind of bad
 * file must give one VOL_RESULT_ERROR naming the problem, and never crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-result.h"

/* Without meson's config.h, as vol-result-json.c does. */
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* Doubles that a careless writer loses: shortest forms, integral values
 * that must stay doubles, the extremes, a negative zero. */
static const double tricky[] = {
  123456789.123, 0.1, 2.0, 1e22, 5e-324, -0.0,
  1e300, -1e300, 3.0000000000000004, 1e-7,
};

/* ---------------------------------------------------------------------- */

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("volumeter-test-result-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static guint
count_dir_entries (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = g_dir_open (dir, 0, &error);
  guint n = 0;

  g_assert_no_error (error);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static VolBlockDevice *
make_device (const char *name,
             const char *kind)
{
  VolBlockDevice *dev = vol_block_device_new ();

  dev->name = g_strdup (name);
  dev->kind = g_strdup (kind);
  return dev;
}

static VolTargetInfo *
make_target (void)
{
  VolTargetInfo *target = vol_target_info_new ();
  VolBlockDevice *dev;
  const char *members[] = { "sda1", "sdb1", NULL };

  target->path = g_strdup ("/mnt/array/bench");
  target->mount_point = g_strdup ("/mnt/array");
  target->fs_type = g_strdup ("ext4");
  target->mount_source = g_strdup ("/dev/md0");
  target->mount_options = g_strdup ("rw,relatime");
  target->super_options = g_strdup ("rw,stripe=4");
  target->dev_major = 9;
  target->dev_minor = 0;
  target->capacity_bytes = G_GUINT64_CONSTANT (160000000000);
  target->free_bytes = G_GUINT64_CONSTANT (158000000000);
  target->device = g_strdup ("md0");
  target->model = g_strdup ("2 × INTEL SSDSA2M080G2GC");
  target->rotational = 0;
  target->scheduler = g_strdup ("mq-deadline");
  target->raid_level = g_strdup ("raid0");
  target->stripe_bytes = 16384;
  target->raid_members = g_strdupv ((char **) members);
  target->dm_target = g_strdup ("striped");
  target->btrfs_profile = g_strdup ("raid1+single");

  dev = make_device ("md0", "md");
  dev->slaves = g_strdupv ((char **) members);
  dev->raid_level = g_strdup ("raid0");
  dev->chunk_bytes = 16384;
  dev->raid_disks = 2;
  dev->size_bytes = G_GUINT64_CONSTANT (160031047680);
  dev->logical_block_size = 512;
  dev->physical_block_size = 4096;
  g_ptr_array_add (target->devices, dev);

  for (guint i = 0; i < 2; i++)
    {
      dev = make_device (members[i], "partition");
      dev->parent = g_strdup (i == 0 ? "sda" : "sdb");
      dev->model = g_strdup ("INTEL SSDSA2M080G2GC");
      dev->vendor = g_strdup ("ATA");
      dev->rotational = 0;
      dev->scheduler = g_strdup ("mq-deadline");
      dev->logical_block_size = 512;
      dev->physical_block_size = 512;
      dev->size_bytes = G_GUINT64_CONSTANT (80015523840);
      g_ptr_array_add (target->devices, dev);
    }

  /* Fields only other kinds of device have. */
  dev = make_device ("dm-3", "dm");
  dev->dm_name = g_strdup ("vg-bench");
  dev->dm_uuid = g_strdup ("LVM-abcdef");
  dev->dm_target = g_strdup ("striped");
  dev->dm_stripes = 2;
  dev->chunk_bytes = 65536;
  dev->slaves = g_new0 (char *, 1); /* known to have none: [] not null */
  g_ptr_array_add (target->devices, dev);

  dev = make_device ("loop3", "loop");
  dev->backing_file = g_strdup ("/var/tmp/disk \"image\".img");
  dev->rotational = 1;
  g_ptr_array_add (target->devices, dev);

  return target;
}

static GVariant *
make_params (void)
{
  GVariantBuilder b;
  const gint64 sizes[] = { 4096, 16384, G_MAXINT64 };
  const double weights[] = { 0.5, 2.0, 123456789.123 };
  const char *names[] = { "a", "ü\"b\"", NULL };

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "block-size", g_variant_new_int64 (1048576));
  g_variant_builder_add (&b, "{sv}", "max-bytes", g_variant_new_uint64 (G_GUINT64_CONSTANT (1099511627776)));
  g_variant_builder_add (&b, "{sv}", "percent", g_variant_new_double (2.0));
  g_variant_builder_add (&b, "{sv}", "ratio", g_variant_new_double (0.1));
  g_variant_builder_add (&b, "{sv}", "pattern", g_variant_new_string ("random"));
  g_variant_builder_add (&b, "{sv}", "verify", g_variant_new_boolean (TRUE));
  g_variant_builder_add (&b, "{sv}", "direct", g_variant_new_boolean (FALSE));
  g_variant_builder_add (&b, "{sv}", "sizes",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, sizes, G_N_ELEMENTS (sizes), sizeof (gint64)));
  g_variant_builder_add (&b, "{sv}", "weights",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, weights, G_N_ELEMENTS (weights), sizeof (double)));
  g_variant_builder_add (&b, "{sv}", "names", g_variant_new_strv (names, -1));
  g_variant_builder_add (&b, "{sv}", "no-sizes", g_variant_new_array (G_VARIANT_TYPE_INT64, NULL, 0));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static VolResult *
make_full_result (void)
{
  VolResult *result = vol_result_new ("fill");
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (1795993800);
  VolSeries *series;

  g_date_time_unref (result->created);
  result->created = g_date_time_add (when, 123456); /* microseconds survive */
  /* Quotes, backslash, control characters and non-ASCII must be escaped
   * or passed through correctly. */
  result->label = g_strdup ("2× X25-M RAID 0, 16 KiB stripe \"fast\" \\ \n\t\x01 end");

  result->host = g_new0 (VolHostInfo, 1);
  result->host->kernel = g_strdup ("Linux 6.1.0-13-amd64");
  result->host->os = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  result->host->cpu_model = g_strdup ("Intel(R) Core(TM) i7-2600K CPU @ 3.40GHz");
  result->host->cpu_count = 8;
  result->host->memory_bytes = G_GUINT64_CONSTANT (17179869184);
  result->host->hostname = g_strdup ("bench-box");

  result->target = make_target ();

  result->params = make_params ();
  result->resolved = g_variant_ref_sink (g_variant_new_parsed ("{'file-size': <int64 123456789>, 'estimate': <12.5>}"));
  result->pattern = VOL_DATA_PATTERN_ZEROS;
  result->seed = G_GUINT64_CONSTANT (0xfedcba9876543210); /* beyond 2^63 and 2^53 */
  result->cache_bypass = VOL_CACHE_BYPASS_FADVISE;
  result->io_backend = g_strdup ("sync");
  result->io_buffers = VOL_IO_BUFFERS_HUGE_PAGES;

  result->status = VOL_RESULT_STATUS_CANCELLED;
  result->message = g_strdup ("Cancelled by the user at 42 %");
  result->duration = 123456789.123;
  result->cpu_user = 1.5;
  result->cpu_system = 0.1;

  series = vol_result_add_series (result, "write", "Write", "position", "throughput");
  vol_series_add_column (series, "position", "%");
  vol_series_add_column (series, "throughput", "B/s");
  vol_series_add_column (series, "seconds", "s");
  for (guint i = 0; i < G_N_ELEMENTS (tricky); i++)
    {
      /* The tricky values go where no summary would overflow on them. */
      double row[3] = { i * 100.0 / G_N_ELEMENTS (tricky), 250e6 / (i + 1.0), tricky[i] };
      vol_series_append (series, row, 3);
    }

  series = vol_result_add_series (result, "read", "Read", "position", "throughput");
  vol_series_add_column (series, "position", "%");
  vol_series_add_column (series, "throughput", "B/s");
  vol_series_add_column (series, "seconds", "s");
  for (guint i = 0; i < 4; i++)
    {
      double row[3] = { i * 25.0, 250e6 - i * 1e6 + 0.123, 0.5 + i };
      vol_series_append (series, row, 3);
    }

  vol_result_add_summary (result, "write", "throughput");
  vol_result_add_summary (result, "read", "throughput");
  vol_result_add_figure (result, "write-cliff-position", "Write cliff at", "%", 37.5);
  vol_result_add_figure (result, "files-per-second", "Files per second", "1/s", 1234.5678);
  {
    VolIoCounters write = { .phase = (char *) "write", .device = (char *) "loop7",
                            .writes = 512, .bytes_written = G_GUINT64_CONSTANT (1) << 33,
                            .dev_writes = 1030, .dev_bytes_written = (G_GUINT64_CONSTANT (1) << 33) + 372736,
                            .dev_flushes = 17, .dev_reads = 2, .dev_bytes_read = 8192 };
    VolIoCounters create = { .phase = (char *) "create ü", .device = NULL, .reads = 3, .bytes_read = 1500,
                             .through_cache = TRUE, .files = 5000,
                             .dev_reads = G_MAXINT64, .dev_bytes_read = 0 };

    /* a two-way mirror's members, summed: each byte written twice */
    VolIoCounters mirror = { .phase = (char *) "write", .device = (char *) "loop3+loop4",
                             .write_copies = 2, .writes = 4, .bytes_written = 4096,
                             .dev_writes = 8, .dev_bytes_written = 8192 };

    vol_result_add_counters (result, &write);
    vol_result_add_counters (result, &create);
    vol_result_add_counters (result, &mirror);
  }
  return result;
}

/* A small, valid result whose text the error tests edit. */
static char *
make_small_data (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  VolSeries *series;
  const double rows[3][2] = { { 0.0, 1.5 }, { 50.0, 2.5 }, { 100.0, 3.5 } };

  result->target = vol_target_info_new ();
  result->target->device = g_strdup ("sda1");
  result->target->rotational = 1;
  result->target->raid_members = g_strdupv ((char *[]) { "sda", NULL });
  g_ptr_array_add (result->target->devices, make_device ("sda1", "partition"));
  result->params = g_variant_ref_sink (g_variant_new_parsed ("{'block-size': <int64 4096>}"));
  series = vol_result_add_series (result, "write", "Write", "position", "throughput");
  vol_series_add_column (series, "position", "%");
  vol_series_add_column (series, "throughput", "B/s");
  for (guint i = 0; i < 3; i++)
    vol_series_append (series, rows[i], 2);
  vol_result_add_summary (result, "write", "throughput");
  vol_result_add_figure (result, "cliff", "Cliff", "%", 50.0);
  {
    VolIoCounters c = { .phase = (char *) "read", .device = (char *) "sda1", .reads = 8, .bytes_read = 65536,
                        .dev_reads = 8, .dev_bytes_read = 65536, .dev_flushes = 1 };

    vol_result_add_counters (result, &c);
  }
  return vol_result_to_data (result, NULL);
}

/* @text with @from replaced, once, by @to; @from must occur exactly once. */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, from));
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

static void
assert_double_same (double a,
                    double b)
{
  if (isnan (a) && isnan (b))
    return;
  /* Bit for bit: -0.0 is not 0.0 here. */
  if (memcmp (&a, &b, sizeof (double)) != 0)
    g_error ("doubles differ: %.17g and %.17g", a, b);
}

static void
assert_strv_equal (char **a,
                   char **b)
{
  if (a == NULL || b == NULL)
    {
      g_assert_true (a == b);
      return;
    }
  g_assert_cmpstrv (a, b);
}

static void
assert_device_equal (const VolBlockDevice *a,
                     const VolBlockDevice *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->kind, ==, b->kind);
  g_assert_cmpstr (a->parent, ==, b->parent);
  assert_strv_equal (a->slaves, b->slaves);
  g_assert_cmpstr (a->model, ==, b->model);
  g_assert_cmpstr (a->vendor, ==, b->vendor);
  g_assert_cmpint (a->rotational, ==, b->rotational);
  g_assert_cmpstr (a->scheduler, ==, b->scheduler);
  g_assert_cmpuint (a->logical_block_size, ==, b->logical_block_size);
  g_assert_cmpuint (a->physical_block_size, ==, b->physical_block_size);
  g_assert_cmpuint (a->size_bytes, ==, b->size_bytes);
  g_assert_cmpstr (a->backing_file, ==, b->backing_file);
  g_assert_cmpstr (a->dm_name, ==, b->dm_name);
  g_assert_cmpstr (a->dm_uuid, ==, b->dm_uuid);
  g_assert_cmpstr (a->dm_target, ==, b->dm_target);
  g_assert_cmpuint (a->dm_stripes, ==, b->dm_stripes);
  g_assert_cmpstr (a->raid_level, ==, b->raid_level);
  g_assert_cmpuint (a->chunk_bytes, ==, b->chunk_bytes);
  g_assert_cmpuint (a->raid_disks, ==, b->raid_disks);
}

static void
assert_target_equal (const VolTargetInfo *a,
                     const VolTargetInfo *b)
{
  if (a == NULL || b == NULL)
    {
      g_assert_true (a == b);
      return;
    }
  g_assert_cmpstr (a->path, ==, b->path);
  g_assert_cmpstr (a->mount_point, ==, b->mount_point);
  g_assert_cmpstr (a->fs_type, ==, b->fs_type);
  g_assert_cmpstr (a->mount_source, ==, b->mount_source);
  g_assert_cmpstr (a->mount_options, ==, b->mount_options);
  g_assert_cmpstr (a->super_options, ==, b->super_options);
  g_assert_cmpuint (a->dev_major, ==, b->dev_major);
  g_assert_cmpuint (a->dev_minor, ==, b->dev_minor);
  g_assert_cmpuint (a->capacity_bytes, ==, b->capacity_bytes);
  g_assert_cmpuint (a->free_bytes, ==, b->free_bytes);
  g_assert_cmpstr (a->device, ==, b->device);
  g_assert_cmpstr (a->model, ==, b->model);
  g_assert_cmpint (a->rotational, ==, b->rotational);
  g_assert_cmpstr (a->scheduler, ==, b->scheduler);
  g_assert_cmpstr (a->raid_level, ==, b->raid_level);
  g_assert_cmpuint (a->stripe_bytes, ==, b->stripe_bytes);
  assert_strv_equal (a->raid_members, b->raid_members);
  g_assert_cmpstr (a->dm_target, ==, b->dm_target);
  g_assert_cmpstr (a->btrfs_profile, ==, b->btrfs_profile);
  g_assert_cmpuint (a->devices->len, ==, b->devices->len);
  for (guint i = 0; i < a->devices->len; i++)
    assert_device_equal (g_ptr_array_index (a->devices, i), g_ptr_array_index (b->devices, i));
}

/* Equal in every field, doubles bit for bit. @params_expected stands in for
 * @a's params where the format maps types ("t" is read back as "x"). */
static void
assert_results_equal (const VolResult *a,
                      const VolResult *b,
                      GVariant        *params_expected)
{
  GVariant *params = params_expected ? params_expected : a->params;

  g_assert_cmpint (a->version, ==, b->version);
  g_assert_true (g_date_time_equal (a->created, b->created));
  g_assert_cmpstr (a->label, ==, b->label);

  if (a->host == NULL || b->host == NULL)
    g_assert_true (a->host == b->host);
  else
    {
      g_assert_cmpstr (a->host->kernel, ==, b->host->kernel);
      g_assert_cmpstr (a->host->os, ==, b->host->os);
      g_assert_cmpstr (a->host->cpu_model, ==, b->host->cpu_model);
      g_assert_cmpuint (a->host->cpu_count, ==, b->host->cpu_count);
      g_assert_cmpuint (a->host->memory_bytes, ==, b->host->memory_bytes);
      g_assert_cmpstr (a->host->hostname, ==, b->host->hostname);
    }
  assert_target_equal (a->target, b->target);

  g_assert_cmpstr (a->kind, ==, b->kind);
  g_assert_nonnull (b->params);
  g_assert_nonnull (b->resolved);
  if (params != NULL)
    g_assert_true (g_variant_equal (params, b->params));
  if (a->resolved != NULL)
    g_assert_true (g_variant_equal (a->resolved, b->resolved));
  g_assert_cmpint (a->pattern, ==, b->pattern);
  g_assert_cmpuint (a->seed, ==, b->seed);
  g_assert_cmpint (a->cache_bypass, ==, b->cache_bypass);
  g_assert_cmpstr (a->io_backend, ==, b->io_backend);
  g_assert_cmpint (a->io_buffers, ==, b->io_buffers);

  g_assert_cmpint (a->status, ==, b->status);
  g_assert_cmpstr (a->message, ==, b->message);
  assert_double_same (a->duration, b->duration);
  assert_double_same (a->cpu_user, b->cpu_user);
  assert_double_same (a->cpu_system, b->cpu_system);

  g_assert_cmpuint (a->series->len, ==, b->series->len);
  for (guint i = 0; i < a->series->len; i++)
    {
      const VolSeries *sa = g_ptr_array_index (a->series, i);
      const VolSeries *sb = g_ptr_array_index (b->series, i);

      g_assert_cmpstr (sa->name, ==, sb->name);
      g_assert_cmpstr (sa->title, ==, sb->title);
      g_assert_cmpstr (sa->x, ==, sb->x);
      g_assert_cmpstr (sa->y, ==, sb->y);
      g_assert_cmpuint (sa->columns->len, ==, sb->columns->len);
      for (guint j = 0; j < sa->columns->len; j++)
        {
          const VolColumn *ca = g_ptr_array_index (sa->columns, j);
          const VolColumn *cb = g_ptr_array_index (sb->columns, j);

          g_assert_cmpstr (ca->name, ==, cb->name);
          g_assert_cmpstr (ca->unit, ==, cb->unit);
          g_assert_cmpuint (ca->values->len, ==, cb->values->len);
          for (guint k = 0; k < ca->values->len; k++)
            assert_double_same (g_array_index (ca->values, double, k),
                                g_array_index (cb->values, double, k));
        }
    }

  g_assert_cmpuint (a->summaries->len, ==, b->summaries->len);
  for (guint i = 0; i < a->summaries->len; i++)
    {
      const VolSummary *ma = g_ptr_array_index (a->summaries, i);
      const VolSummary *mb = g_ptr_array_index (b->summaries, i);

      g_assert_cmpstr (ma->series, ==, mb->series);
      g_assert_cmpstr (ma->column, ==, mb->column);
      g_assert_cmpstr (ma->unit, ==, mb->unit);
      g_assert_cmpuint (ma->count, ==, mb->count);
      assert_double_same (ma->mean, mb->mean);
      assert_double_same (ma->stddev, mb->stddev);
      assert_double_same (ma->min, mb->min);
      assert_double_same (ma->max, mb->max);
      assert_double_same (ma->median, mb->median);
    }

  g_assert_cmpuint (a->figures->len, ==, b->figures->len);
  for (guint i = 0; i < a->figures->len; i++)
    {
      const VolFigure *fa = g_ptr_array_index (a->figures, i);
      const VolFigure *fb = g_ptr_array_index (b->figures, i);

      g_assert_cmpstr (fa->name, ==, fb->name);
      g_assert_cmpstr (fa->title, ==, fb->title);
      g_assert_cmpstr (fa->unit, ==, fb->unit);
      assert_double_same (fa->value, fb->value);
    }

  g_assert_cmpuint (a->counters->len, ==, b->counters->len);
  for (guint i = 0; i < a->counters->len; i++)
    {
      const VolIoCounters *ca = g_ptr_array_index (a->counters, i);
      const VolIoCounters *cb = g_ptr_array_index (b->counters, i);

      g_assert_cmpstr (ca->phase, ==, cb->phase);
      g_assert_cmpstr (ca->device, ==, cb->device);
      g_assert_cmpuint (ca->reads, ==, cb->reads);
      g_assert_cmpuint (ca->writes, ==, cb->writes);
      g_assert_cmpuint (ca->bytes_read, ==, cb->bytes_read);
      g_assert_cmpuint (ca->bytes_written, ==, cb->bytes_written);
      g_assert_cmpint (ca->through_cache, ==, cb->through_cache);
      g_assert_cmpuint (ca->files, ==, cb->files);
      g_assert_cmpuint (ca->dev_reads, ==, cb->dev_reads);
      g_assert_cmpuint (ca->dev_writes, ==, cb->dev_writes);
      g_assert_cmpuint (ca->dev_bytes_read, ==, cb->dev_bytes_read);
      g_assert_cmpuint (ca->dev_bytes_written, ==, cb->dev_bytes_written);
      g_assert_cmpuint (ca->dev_flushes, ==, cb->dev_flushes);
      /* 0 and 1 both mean one copy; a file holds 1 as nothing */
      g_assert_cmpuint (MAX (ca->write_copies, 1), ==, MAX (cb->write_copies, 1));
    }
}

/* Loads @data expecting @domain/@code with a message containing @part. */
static void
assert_load_fails (const char *data,
                   gssize      length,
                   GQuark      domain,
                   int         code,
                   const char *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load_from_data (data, length, &error);

  g_assert_null (result);
  g_assert_error (error, domain, code);
  if (part != NULL && strstr (error->message, part) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, part);
}

/* ---------------------------------------------------------------------- */

static void
test_round_trip (void)
{
  g_autoptr(VolResult) result = make_full_result ();
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) expected_params = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "full.volumeter.json", NULL);
  g_autofree char *data = NULL;
  g_autofree char *expected = NULL;
  GVariant *param;

  g_assert_true (vol_result_save (result, path, &error));
  g_assert_no_error (error);

  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  /* The one documented change of type: "t" is read back as "x". */
  expected_params = g_variant_ref_sink (g_variant_new_parsed (
    "{'block-size': <int64 1048576>, 'max-bytes': <int64 1099511627776>,"
    " 'percent': <2.0>, 'ratio': <0.1>, 'pattern': <'random'>,"
    " 'verify': <true>, 'direct': <false>,"
    " 'sizes': <[int64 4096, 16384, 9223372036854775807]>,"
    " 'weights': <[0.5, 2.0, 123456789.123]>, 'names': <['a', 'ü\"b\"']>,"
    " 'no-sizes': <@ax []>}"));
  assert_results_equal (result, loaded, expected_params);

  /* An integral double stays a double. */
  param = g_variant_lookup_value (loaded->params, "percent", NULL);
  g_assert_true (g_variant_is_of_type (param, G_VARIANT_TYPE_DOUBLE));
  g_variant_unref (param);

  g_assert_cmpstr (loaded->app_name, ==, "Volumeter");
  g_assert_cmpstr (loaded->app_version, ==, PACKAGE_VERSION);

  /* Saving what was loaded gives the same bytes (the loaded result keeps
   * the app that made it). */
  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  data = vol_result_to_data (loaded, NULL);
  g_assert_cmpstr (data, ==, expected);

  /* Pretty-printed, the documented field order, the seed as hex text. */
  g_assert_true (g_str_has_prefix (data, "{\n  \"format\": \"volumeter-result\",\n  \"version\": 1,\n"));
  g_assert_nonnull (strstr (data, "\"created\": \"2026-11-29T23:10:00.123456Z\""));
  g_assert_nonnull (strstr (data, "\"seed\": \"0xfedcba9876543210\""));
  g_assert_nonnull (strstr (data, "\"percent\": 2.0,"));
  g_assert_nonnull (strstr (data, "\"hostname\": \"bench-box\""));
  g_assert_true (g_str_has_suffix (data, "}\n"));

  remove_dir (dir);
}

static void
test_doubles (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  VolSeries *series = vol_result_add_series (result, "s", NULL, "v", "v");
  VolColumn *column = vol_series_add_column (series, "v", "");
  GRand *rand = g_rand_new_with_seed (42);

  /* Random bit patterns cover subnormals, huge and tiny exponents. */
  for (guint i = 0; i < 2000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double v;

      memcpy (&v, &bits, sizeof v);
      /* beyond ±1e300 is written as null (test_too_big) */
      if (!isfinite (v) || fabs (v) > 1e300)
        v = g_rand_double (rand);
      g_array_append_val (column->values, v);
    }
  g_array_append_vals (column->values, tricky, G_N_ELEMENTS (tricky));
  g_rand_free (rand);

  data = vol_result_to_data (result, NULL);
  /* Short forms where they read back exactly. */
  g_assert_nonnull (strstr (data, "123456789.123,"));
  g_assert_nonnull (strstr (data, " 0.1,"));
  g_assert_nonnull (strstr (data, " 1e+22,"));
  g_assert_nonnull (strstr (data, " -0.0,"));

  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  assert_results_equal (result, loaded, NULL);
}

/* Random I/O results written before every kind said IO/s carry "ops/s"
 * in their columns, summaries and figures: they load, in IO/s, with
 * their values. */
static void
test_old_ops_unit (void)
{
  g_autoptr(VolResult) old = vol_result_new ("random");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  VolSeries *series = vol_result_add_series (old, "write", "Write", "iteration", "ops");
  const double rows[2][2] = { { 1, 1883 }, { 2, 796 } };
  const VolSummary *summary;
  const VolFigure *figure;

  vol_series_add_column (series, "iteration", "");
  vol_series_add_column (series, "ops", "ops/s");
  for (guint i = 0; i < 2; i++)
    vol_series_append (series, rows[i], 2);
  vol_result_add_summary (old, "write", "ops");
  vol_result_add_figure (old, "write-slowest", "Write, slowest", "ops/s", 796);
  data = vol_result_to_data (old, NULL);
  g_assert_nonnull (strstr (data, "\"ops/s\""));

  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (vol_series_get_column (vol_result_get_series (loaded, "write"), "ops")->unit, ==, "IO/s");
  summary = vol_result_get_summary (loaded, "write");
  g_assert_nonnull (summary);
  g_assert_cmpstr (summary->unit, ==, "IO/s");
  g_assert_cmpfloat (summary->max, ==, 1883);
  figure = vol_result_get_figure (loaded, "write-slowest");
  g_assert_nonnull (figure);
  g_assert_cmpstr (figure->unit, ==, "IO/s");
  g_assert_cmpfloat (figure->value, ==, 796);
}

static void
test_non_finite (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *data = NULL;
  VolSeries *series = vol_result_add_series (result, "s", NULL, "x", "y");
  const double rows[3][2] = { { 0, NAN }, { 1, INFINITY }, { 2, -INFINITY } };
  VolSummary *summary;
  GVariant *value;

  vol_series_add_column (series, "x", "");
  vol_series_add_column (series, "y", "");
  for (guint i = 0; i < 3; i++)
    vol_series_append (series, rows[i], 2);
  vol_result_add_summary (result, "s", "y");
  summary = g_ptr_array_index (result->summaries, 0);
  summary->mean = NAN;
  summary->max = INFINITY;
  vol_result_add_figure (result, "f", NULL, NULL, -INFINITY);
  result->duration = NAN;
  result->params = g_variant_ref_sink (g_variant_new_parsed ("{'d': <%d>}", NAN));

  data = vol_result_to_data (result, NULL);
  /* Valid JSON, in which nothing reads as NaN or infinity. */
  g_assert_true (json_parser_load_from_data (parser, data, -1, &error));
  g_assert_no_error (error);
  g_assert_null (strstr (data, "nan"));
  g_assert_null (strstr (data, "NaN"));
  g_assert_null (strstr (data, "inf"));
  g_assert_null (strstr (data, "Infinity"));
  g_assert_nonnull (strstr (data, "\"values\": [null, null, null]"));
  g_assert_nonnull (strstr (data, "\"value\": null"));
  g_assert_nonnull (strstr (data, "\"duration_s\": null"));

  /* null reads back as NaN, wherever a number goes. */
  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  series = g_ptr_array_index (loaded->series, 0);
  for (guint i = 0; i < 3; i++)
    g_assert_true (isnan (g_array_index (vol_series_get_column (series, "y")->values, double, i)));
  g_assert_cmpfloat (g_array_index (vol_series_get_column (series, "x")->values, double, 2), ==, 2.0);
  g_assert_true (isnan (((VolSummary *) g_ptr_array_index (loaded->summaries, 0))->mean));
  g_assert_true (isnan (((VolSummary *) g_ptr_array_index (loaded->summaries, 0))->max));
  g_assert_true (isnan (vol_result_get_figure (loaded, "f")->value));
  g_assert_true (isnan (loaded->duration));
  value = g_variant_lookup_value (loaded->params, "d", G_VARIANT_TYPE_DOUBLE);
  g_assert_nonnull (value);
  g_assert_true (isnan (g_variant_get_double (value)));
  g_variant_unref (value);
}

static void
test_strings (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  /* sysfs can hand us any bytes; the file must still be readable. */
  result->target = vol_target_info_new ();
  result->target->model = g_strdup ("WDC\xff\xfe WD20");
  result->label = g_strdup ("\x7f control \x1f");
  data = vol_result_to_data (result, NULL);
  g_assert_true (g_utf8_validate (data, -1, NULL));
  g_assert_nonnull (strstr (data, "\\u007f control \\u001f"));

  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (loaded->target->model, "WDC"));
  g_assert_true (g_str_has_suffix (loaded->target->model, " WD20"));
  g_assert_cmpstr (loaded->label, ==, result->label);
}

/* The probe's facts for comparison labels (dm target and stripes, btrfs
 * profile) are written under their names, read back, unknown (null or
 * absent, as in files written before they existed) when not known, and a
 * wrong type names the field. */
static void
test_probe_fields (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(VolResult) unknown = NULL;
  g_autoptr(VolResult) old = NULL;
  g_autoptr(VolResult) bad = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *unknown_data = NULL;
  VolBlockDevice *dev;
  const char *old_data =
    "{\"format\": \"volumeter-result\", \"version\": 1,"
    " \"created\": \"2026-11-29T23:10:00Z\","
    " \"target\": {\"raid_level\": \"raid0\", \"devices\": [{\"name\": \"dm-0\", \"kind\": \"dm\"}]},"
    " \"test\": {\"kind\": \"fill\"}, \"status\": {\"state\": \"complete\"},"
    " \"series\": []}";
  const char *bad_data =
    "{\"format\": \"volumeter-result\", \"version\": 1,"
    " \"created\": \"2026-11-29T23:10:00Z\","
    " \"target\": {\"devices\": [{\"name\": \"dm-0\", \"dm_stripes\": \"2\"}]},"
    " \"test\": {\"kind\": \"fill\"}, \"status\": {\"state\": \"complete\"},"
    " \"series\": []}";

  result->target = vol_target_info_new ();
  result->target->raid_level = g_strdup ("striped");
  result->target->stripe_bytes = 65536;
  result->target->dm_target = g_strdup ("striped");
  result->target->btrfs_profile = g_strdup ("raid1");
  dev = make_device ("dm-0", "dm");
  dev->dm_target = g_strdup ("linear+striped");
  dev->dm_stripes = 4;
  dev->chunk_bytes = 131072;
  g_ptr_array_add (result->target->devices, dev);

  data = vol_result_to_data (result, NULL);
  g_assert_nonnull (strstr (data, "\"dm_target\": \"striped\""));
  g_assert_nonnull (strstr (data, "\"btrfs_profile\": \"raid1\""));
  g_assert_nonnull (strstr (data, "\"dm_target\": \"linear+striped\""));
  g_assert_nonnull (strstr (data, "\"dm_stripes\": 4"));

  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->target->dm_target, ==, "striped");
  g_assert_cmpstr (loaded->target->btrfs_profile, ==, "raid1");
  g_assert_cmpuint (loaded->target->devices->len, ==, 1);
  dev = g_ptr_array_index (loaded->target->devices, 0);
  g_assert_cmpstr (dev->dm_target, ==, "linear+striped");
  g_assert_cmpuint (dev->dm_stripes, ==, 4);
  g_assert_cmpuint (dev->chunk_bytes, ==, 131072);

  /* Unknown is written as null and read back as unknown. */
  g_clear_pointer (&result->target->dm_target, g_free);
  g_clear_pointer (&result->target->btrfs_profile, g_free);
  dev = g_ptr_array_index (result->target->devices, 0);
  g_clear_pointer (&dev->dm_target, g_free);
  dev->dm_stripes = 0;
  unknown_data = vol_result_to_data (result, NULL);
  g_assert_nonnull (strstr (unknown_data, "\"btrfs_profile\": null"));
  g_assert_nonnull (strstr (unknown_data, "\"dm_stripes\": null"));
  unknown = vol_result_load_from_data (unknown_data, -1, &error);
  g_assert_no_error (error);
  g_assert_null (unknown->target->dm_target);
  g_assert_null (unknown->target->btrfs_profile);
  dev = g_ptr_array_index (unknown->target->devices, 0);
  g_assert_null (dev->dm_target);
  g_assert_cmpuint (dev->dm_stripes, ==, 0);

  old = vol_result_load_from_data (old_data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (old->target->raid_level, ==, "raid0");
  g_assert_null (old->target->dm_target);
  g_assert_null (old->target->btrfs_profile);
  dev = g_ptr_array_index (old->target->devices, 0);
  g_assert_null (dev->dm_target);
  g_assert_cmpuint (dev->dm_stripes, ==, 0);

  bad = vol_result_load_from_data (bad_data, -1, &error);
  g_assert_null (bad);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "target.devices[0].dm_stripes"));
}

static void
test_minimal (void)
{
  const char *data =
    "{\"format\": \"volumeter-result\", \"version\": 1,"
    " \"created\": \"2026-11-29T23:10:00Z\","
    " \"test\": {\"kind\": \"fill\"}, \"status\": {\"state\": \"complete\"},"
    " \"series\": []}";
  g_autoptr(VolResult) result = NULL;
  g_autoptr(VolResult) host_only = vol_result_new ("fill");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  result = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (result->kind, ==, "fill");
  g_assert_null (result->label);
  g_assert_null (result->host);
  g_assert_null (result->target);
  g_assert_null (result->app_name);
  g_assert_nonnull (result->params);
  g_assert_cmpuint (g_variant_n_children (result->params), ==, 0);
  g_assert_nonnull (result->resolved);
  g_assert_cmpuint (result->series->len, ==, 0);
  g_assert_cmpuint (result->summaries->len, ==, 0);
  g_assert_cmpuint (result->figures->len, ==, 0);
  /* files from before the device's counters load without them */
  g_assert_cmpuint (result->counters->len, ==, 0);
  /* No claim that the cache was bypassed when the file does not say so. */
  g_assert_cmpint (result->cache_bypass, ==, VOL_CACHE_BYPASS_NONE);
  g_assert_true (isnan (result->duration));
  g_assert_cmpint (g_date_time_to_unix (result->created), ==, 1795993800);

  /* The hostname is left out unless there is one. */
  host_only->host = g_new0 (VolHostInfo, 1);
  host_only->host->kernel = g_strdup ("Linux 6.1");
  text = vol_result_to_data (host_only, NULL);
  g_assert_null (strstr (text, "hostname"));
  g_assert_nonnull (strstr (text, "\"cpu_count\": null"));
}

static void
test_parameter_types (void)
{
  const char *data =
    "{\"format\": \"volumeter-result\", \"version\": 1,"
    " \"created\": \"2026-11-29T23:10:00Z\","
    " \"test\": {\"kind\": \"fill\", \"parameters\": {"
    "   \"i\": 5, \"d\": 2.5, \"d2\": 2.0, \"s\": \"x\", \"b\": true,"
    "   \"ax\": [1, 2], \"ad\": [1, 2.5], \"adn\": [null, 1], \"as\": [\"a\"],"
    "   \"ab\": [true, false], \"empty\": [], \"n\": null}},"
    " \"status\": {\"state\": \"complete\"}, \"series\": []}";
  const struct { const char *key; const char *type; } expected[] = {
    { "i", "x" }, { "d", "d" }, { "d2", "d" }, { "s", "s" }, { "b", "b" },
    { "ax", "ax" }, { "ad", "ad" }, { "adn", "ad" }, { "as", "as" },
    { "ab", "ab" }, { "empty", "ax" }, { "n", "d" },
  };
  g_autoptr(VolResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) ad = NULL;
  g_autoptr(GVariant) expected_ad = NULL;

  result = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_variant_n_children (result->params), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GVariant) value = g_variant_lookup_value (result->params, expected[i].key, NULL);

      g_assert_nonnull (value);
      g_assert_cmpstr (g_variant_get_type_string (value), ==, expected[i].type);
    }
  ad = g_variant_lookup_value (result->params, "ad", NULL);
  expected_ad = g_variant_ref_sink (g_variant_new_parsed ("[1.0, 2.5]"));
  g_assert_true (g_variant_equal (ad, expected_ad));
}

/* Numbers beyond ±1e300 overflow a chart's axis and sums: the writer
 * writes them as null and the loader refuses them, naming the field. */
static void
test_too_big (void)
{
  g_autoptr(VolResult) result = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  VolSeries *series = vol_result_add_series (result, "s", NULL, "x", "y");
  const double row[2] = { 9e307, -1.7976931348623157e308 };
  const char *prefix = "{\"format\":\"volumeter-result\",\"version\":1,\"created\":\"2026-11-29T23:10:00Z\","
                       "\"test\":{\"kind\":\"fill\"},";
  static const struct { const char *rest; const char *field; } cases[] = {
    { "\"status\":{\"state\":\"complete\"},\"series\":[{\"name\":\"s\",\"columns\":"
      "[{\"name\":\"v\",\"values\":[1.0, 9e307]}]}]}", "“series[0].columns[0].values[1]” is out of range" },
    { "\"status\":{\"state\":\"complete\"},\"series\":[{\"name\":\"s\",\"columns\":"
      "[{\"name\":\"v\",\"values\":[-1.1e300]}]}]}", "“series[0].columns[0].values[0]” is out of range" },
    { "\"status\":{\"state\":\"complete\",\"duration_s\":1e301},\"series\":[]}", "“status.duration_s” is out of range" },
    { "\"status\":{\"state\":\"complete\"},\"series\":[],\"figures\":[{\"name\":\"f\",\"value\":-2e300}]}",
      "“figures[0].value” is out of range" },
  };

  vol_series_add_column (series, "x", "");
  vol_series_add_column (series, "y", "");
  vol_series_append (series, row, 2);
  vol_result_add_figure (result, "f", NULL, NULL, 1e301);
  data = vol_result_to_data (result, NULL);
  g_assert_nonnull (strstr (data, "\"values\": [null]"));
  g_assert_nonnull (strstr (data, "\"value\": null"));
  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_true (isnan (g_array_index (((VolColumn *) g_ptr_array_index (
    ((VolSeries *) g_ptr_array_index (loaded->series, 0))->columns, 0))->values, double, 0)));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (prefix, cases[i].rest, NULL);

      assert_load_fails (text, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, cases[i].field);
    }
}

/* A date GLib holds in its own offset but not in UTC: the loader left
 * "created" NULL and the next save wrote an empty file, reporting
 * success. The loader refuses it; a result made in code with such a date
 * saves as the nearest instant UTC can hold. */
static void
test_created_out_of_range (void)
{
  static const char *const dates[] = { "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00" };
  static const char *const nearest[] = { "\"0001-01-01T00:00:00Z\"", "\"9999-12-31T23:59:59Z\"" };
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "date.volumeter.json", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"format\":\"volumeter-result\",\"version\":1,\"created\":\"%s\","
                                               "\"test\":{\"kind\":\"fill\"},\"status\":{\"state\":\"complete\"},"
                                               "\"series\":[]}", dates[i]);
      g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
      g_autoptr(VolResult) result = vol_result_new ("fill");
      g_autoptr(VolResult) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *saved = NULL;
      gsize length = 0;

      assert_load_fails (text, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, "“created” is out of range");

      g_date_time_unref (result->created);
      result->created = g_date_time_new_from_iso8601 (dates[i], utc);
      g_assert_nonnull (result->created);
      g_assert_true (vol_result_save (result, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &saved, &length, NULL));
      g_assert_cmpuint (length, >, 0);
      g_assert_nonnull (strstr (saved, nearest[i]));
      loaded = vol_result_load (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (loaded);
    }
  remove_dir (dir);
}

/* The samples are read by the scan, not json-glib; with a repeated key
 * the last one counts, as json-glib keeps it, even when it is empty or
 * not all numbers. */
static void
test_repeated_sample_keys (void)
{
  const char *prefix = "{\"format\":\"volumeter-result\",\"version\":1,\"created\":\"2026-11-29T23:10:00Z\","
                       "\"test\":{\"kind\":\"fill\"},\"status\":{\"state\":\"complete\"},";
  static const struct { const char *series; guint n; double first; } cases[] = {
    { "\"series\":[{\"name\":\"s\",\"columns\":[{\"name\":\"v\",\"values\":[1.0,2.0],\"values\":[3.0]}]}]}", 1, 3.0 },
    { "\"series\":[{\"name\":\"s\",\"columns\":[{\"name\":\"v\",\"values\":[1.0,2.0],\"values\":[]}]}]}", 0, 0 },
    { "\"series\":[{\"name\":\"s\",\"columns\":[{\"name\":\"v\",\"values\":[1.0]}]}],"
      "\"series\":[{\"name\":\"s\",\"columns\":[{\"name\":\"v\",\"values\":[]}]}]}", 0, 0 },
    { "\"series\":[{\"name\":\"s\",\"columns\":[{\"name\":\"v\",\"values\":[1.0],\"values\":[null, 7]}]}]}", 2, NAN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (prefix, cases[i].series, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(VolResult) result = vol_result_load_from_data (text, -1, &error);
      const VolColumn *column;

      g_assert_no_error (error);
      column = vol_series_get_column (vol_result_get_series (result, "s"), "v");
      g_assert_cmpuint (column->values->len, ==, cases[i].n);
      if (cases[i].n > 0 && isnan (cases[i].first))
        g_assert_true (isnan (g_array_index (column->values, double, 0)));
      else if (cases[i].n > 0)
        g_assert_cmpfloat (g_array_index (column->values, double, 0), ==, cases[i].first);
    }
}

static void
test_malformed (void)
{
  const char *cases[] = {
    "",
    "   \n",
    "{",
    "not json",
    "{\"format\": }",
    "{\"format\": \"volumeter-result\",}",
    "{'format': 'volumeter-result'}",       /* json-glib takes single quotes */
    "/* comment */ {\"a\": 1}",             /* ... and comments */
    "{\"a\": 0x10}",                         /* ... and hex */
    "{\"a\": 01}",
    "{\"a\": tru}",
    "{} {}",                                /* ... and ignores what follows */
    "{\"a\": 1} x",
    "\xff\xfe{}",
    "{\"a\": \"\xff\"}",
  };
  g_autofree char *deep_arrays = g_strnfill (200000, '[');
  GString *deep_objects = g_string_new (NULL);
  const char with_nul[] = "{\"a\": 1\0}";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_load_fails (cases[i], -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "not valid JSON");

  /* json-glib recurses per level; this would overflow its stack. */
  assert_load_fails (deep_arrays, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "levels deep");
  for (guint i = 0; i < 100000; i++)
    g_string_append (deep_objects, "{\"a\":");
  assert_load_fails (deep_objects->str, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "levels deep");
  g_string_free (deep_objects, TRUE);

  assert_load_fails (with_nul, sizeof with_nul - 1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, NULL);
  /* The position is given as line and column. */
  assert_load_fails ("{\n  \"a\": [1,\n  2,,\n]}", -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "line 3");
  /* ... the file's, also after samples that json-glib never saw (the scan
   * reads them and leaves them out of what json-glib parses) */
  assert_load_fails ("{\"series\": [{\"columns\": [{\"values\": [1.0, 2.0,\n 3.0, 4.0] \"unit\": \"\"}]}]}",
                     -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "line 2, column 10");
}

static void
test_truncated (void)
{
  g_autoptr(VolResult) result = make_full_result ();
  g_autofree char *data = vol_result_to_data (result, NULL);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "cut.volumeter.json", NULL);
  gsize end = strrchr (data, '}') - data;
  guint n_cuts = 0;

  /* Every cut before the closing brace is an error; none crashes. Data is
   * copied so that no read past the cut goes unnoticed under valgrind. */
  for (gsize length = 0; length <= end; length += (length < 200 || end - length < 200) ? 1 : 7)
    {
      g_autofree char *cut = g_memdup2 (data, length);
      g_autoptr(GError) error = NULL;
      g_autoptr(VolResult) loaded = vol_result_load_from_data (cut, (gssize) length, &error);

      g_assert_null (loaded);
      g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE);
      n_cuts++;
    }
  g_assert_cmpuint (n_cuts, >, 400);

  /* A truncated file says which file. */
  g_assert_true (g_file_set_contents (path, data, (gssize) end / 2, NULL));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(VolResult) loaded = vol_result_load (path, &error);
    g_autofree char *prefix = g_strconcat (path, ": not valid JSON", NULL);

    g_assert_null (loaded);
    g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, prefix));
  }
  remove_dir (dir);
}

static void
test_wrong_types (void)
{
  g_autofree char *base = make_small_data ();
  const struct { const char *from; const char *to; const char *part; } cases[] = {
    { "\"version\": 1", "\"version\": \"1\"", "“version” must be an integer" },
    { "\"version\": 1", "\"version\": 0", "“version” must be 1 or more" },
    { "\"version\": 1,", "", "“version” is missing" },
    { "\"version\": 1", "\"version\": 18446744073709551617", "“version” is out of range" },
    { "\"series\": [", "\"series\": {\"a\": 1}, \"x\": [", "“series” must be an array" },
    { "[1.5, 2.5, 3.5]", "[1.5, \"2.5\", 3.5]", "“series[0].columns[1].values[1]” must be a number" },
    { "[1.5, 2.5, 3.5]", "[1.5, 1e999, 3.5]", "“series[0].columns[1].values[1]” is out of range" },
    { "[1.5, 2.5, 3.5]", "[1.5, [2.5], 3.5]", "“series[0].columns[1].values[1]” must be a number" },
    { "\"values\": [0.0", "\"values\": {}, \"v\": [0.0", "“series[0].columns[0].values” must be an array" },
    { "\"x\": \"position\"", "\"x\": \"percent\"", "“series[0].x” is “percent”" },
    { "\"y\": \"throughput\"", "\"y\": 7", "“series[0].y” must be a string" },
    { "\"name\": \"write\"", "\"name\": null", "“series[0].name” must be a string" },
    { "\"name\": \"position\"", "\"name\": \"throughput\"", "“series[0].columns[1].name” repeats" },
    { "\"label\": null", "\"label\": 5", "“label” must be a string" },
    { "\"created\": \"", "\"created\": \"yesterday\", \"c\": \"", "“created” must be a date" },
    { "\"count\": 3", "\"count\": -3", "“summary[0].count” must not be negative" },
    { "\"count\": 3", "\"count\": 3.5", "“summary[0].count” must be an integer" },
    { "\"count\": 3", "\"count\": 99999999999999999999999", "“summary[0].count” is out of range" },
    { "\"count\": 3", "\"count\": -99999999999999999999999", "“summary[0].count” is out of range" },
    { "\"count\": 3", "\"count\": 18446744073709551617", "“summary[0].count” is out of range" },
    { "\"count\": 3", "\"count\": 4294967296", "“summary[0].count” is out of range" },
    { "\"series\": \"write\"", "\"series\": \"read\"", "“summary[0].series” is “read”" },
    { "\"column\": \"throughput\"", "\"column\": \"seconds\"", "“summary[0].column” is “seconds”" },
    { "\"value\": 50.0", "\"value\": \"50\"", "“figures[0].value” must be a number" },
    { "\"figures\": [", "\"figures\": [7, ", "“figures[0]” must be an object" },
    { "\"rotational\": true", "\"rotational\": \"yes\"", "“target.rotational” must be true, false or null" },
    { "\"raid_members\": [\"sda\"]", "\"raid_members\": [1]", "“target.raid_members[0]” must be a string" },
    { "\"devices\": [", "\"devices\": [[], ", "“target.devices[0]” must be an object" },
    { "\"name\": \"sda1\"", "\"name\": 1", "“target.devices[0].name” must be a string" },
    { "\"size_bytes\": null", "\"size_bytes\": -1", "“target.devices[0].size_bytes” must not be negative" },
    { "\"dev_major\": 0", "\"dev_major\": 4294967296", "“target.dev_major” is out of range" },
    { "\"host\": null", "\"host\": []", "“host” must be an object" },
    { "\"seed\": \"0x0000000000000000\"", "\"seed\": 12", "“test.seed” must be a string" },
    { "\"seed\": \"0x0000000000000000\"", "\"seed\": \"0x10000000000000000\"", "“test.seed” must be a hexadecimal" },
    { "\"seed\": \"0x0000000000000000\"", "\"seed\": \"12\"", "“test.seed” must be a hexadecimal" },
    { "\"data_pattern\": \"random\"", "\"data_pattern\": \"ones\"", "“test.data_pattern” has an unknown value “ones”" },
    { "\"cache_bypass\": \"direct\"", "\"cache_bypass\": \"maybe\"", "“test.cache_bypass” has an unknown value" },
    { "\"io_buffers\": null", "\"io_buffers\": \"gigantic\"", "“test.io_buffers” has an unknown value “gigantic”" },
    { "\"state\": \"complete\"", "\"state\": \"paused\"", "“status.state” has an unknown value “paused”" },
    { "\"state\": \"complete\"", "\"status2\": 1", "“status.state” is missing" },
    { "\"kind\": \"fill\"", "\"kind\": \"\"", "“test.kind” must not be empty" },
    { "\"kind\": \"fill\"", "\"kind\": [\"fill\"]", "“test.kind” must be a string" },
    { "\"block-size\": 4096", "\"block-size\": {\"a\": 1}", "“test.parameters.block-size” must be a number, a string" },
    { "\"block-size\": 4096", "\"block-size\": [1, \"a\"]", "“test.parameters.block-size” must be an array of numbers" },
    { "\"block-size\": 4096", "\"block-size\": [[1]]", "“test.parameters.block-size” must be an array of numbers" },
    { "\"parameters\": {", "\"parameters\": [], \"p\": {", "“test.parameters” must be an object" },
    { "\"test\": {\n    \"kind\"", "\"test\": 1, \"t\": {\n    \"kind\"", "“test” must be an object" },
    { "\"duration_s\": 0.0", "\"duration_s\": true", "“status.duration_s” must be a number" },
    { "\"phase\": \"read\"", "\"phase\": 1", "“counters[0].phase” must be a string" },
    { "\"phase\": \"read\",", "", "“counters[0].phase” is missing" },
    { "\"bytes_read\": 65536,\n        \"bytes_written\": 0,\n        \"through_cache\"",
      "\"bytes_read\": -1,\n        \"bytes_written\": 0,\n        \"through_cache\"",
      "“counters[0].test.bytes_read” must not be negative" },
    { "\"through_cache\": false", "\"through_cache\": 0", "“counters[0].test.through_cache” must be true, false or null" },
    { "\"flushes\": 1", "\"flushes\": 1.5", "“counters[0].kernel.flushes” must be an integer" },
    { "\"flushes\": 1", "\"flushes\": 99999999999999999999", "is out of range" },
    { "\"kernel\": {", "\"kernel\": [], \"k\": {", "“counters[0].kernel” must be an object" },
    { "\"counters\": [", "\"counters\": {}, \"c\": [", "“counters” must be an array" },
  };

  /* The edits below assume the writer's layout. */
  g_assert_nonnull (strstr (base, "\"values\": [1.5, 2.5, 3.5]"));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *data = replace_once (base, cases[i].from, cases[i].to);

      if (g_test_verbose ())
        g_test_message ("case %u: %s", i, cases[i].part);
      assert_load_fails (data, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD, cases[i].part);
    }

  /* Duplicate series names would make lookups ambiguous. */
  {
    const char *start = strstr (base, "    {\n      \"name\": \"write\"");
    const char *end = strstr (base, "\n  ],\n  \"summary\"");
    g_autofree char *one = g_strndup (start, end - start);
    g_autofree char *two = g_strconcat (one, ",\n", one, NULL);
    g_autofree char *data = replace_once (base, one, two);

    assert_load_fails (data, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                       "“series[1].name” repeats");
  }
}

static void
test_unequal_columns (void)
{
  g_autofree char *base = make_small_data ();
  g_autofree char *shorter = replace_once (base, "[1.5, 2.5, 3.5]", "[1.5, 2.5]");
  g_autofree char *longer = replace_once (base, "[1.5, 2.5, 3.5]", "[1.5, 2.5, 3.5, 4.5]");

  assert_load_fails (shorter, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                     "“series[0].columns[1].values” has 2 values but “series[0].columns[0].values” has 3");
  assert_load_fails (longer, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FIELD,
                     "has 4 values");
}

static void
test_future_version (void)
{
  g_autofree char *base = make_small_data ();
  g_autofree char *v2 = replace_once (base, "\"version\": 1", "\"version\": 2");
  g_autofree char *v3 = replace_once (base, "\"version\": 1", "\"version\": 3");
  /* A newer version may change anything: no field is looked at. */
  g_autofree char *v2_changed = replace_once (v2, "\"series\": [", "\"series\": {}, \"s\": [");

  assert_load_fails (v2, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_VERSION, "format version 2");
  assert_load_fails (v2_changed, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_VERSION, NULL);
  assert_load_fails (v3, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_VERSION,
                     "written by a newer Volumeter (format version 3); this version reads up to 1");
}

static void
test_not_volumeter (void)
{
  g_autofree char *base = make_small_data ();
  g_autofree char *fio_format = replace_once (base, "\"format\": \"volumeter-result\"", "\"format\": \"fio\"");
  g_autofree char *no_format = replace_once (base, "\"format\": \"volumeter-result\",", "");

  assert_load_fails (fio_format, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, "not a Volumeter result");
  assert_load_fails (no_format, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, "not a Volumeter result");
  assert_load_fails ("{\"fio version\": \"fio-3.33\", \"timestamp\": 1700000000, \"jobs\": []}", -1,
                     VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, "fio");
  assert_load_fails ("[1, 2, 3]", -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, "not a Volumeter result");
  assert_load_fails ("\"volumeter-result\"", -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, NULL);
  assert_load_fails ("{\"format\": 1}", -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT, NULL);
}

static void
test_missing_file (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "absent.volumeter.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load (path, &error);

  g_assert_null (result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_clear_error (&error);

  /* A folder is not a result either. */
  g_assert_null (vol_result_load (dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  remove_dir (dir);
}

static void
test_too_large (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "huge.volumeter.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = NULL;
  int fd;

  /* Sparse: refused from its size, never read. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) 257 * 1024 * 1024), ==, 0);
  g_close (fd, NULL);

  result = vol_result_load (path, &error);
  g_assert_null (result);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "256 MiB"));
  remove_dir (dir);
}

static void
test_unknown_fields (void)
{
  g_autofree char *base = make_small_data ();
  g_autoptr(VolResult) expected = vol_result_load_from_data (base, -1, NULL);
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  const char *extra = "\"future\": {\"deep\": [1, {\"x\": null}], \"n\": 99999.5}, ";
  g_autofree char *data = g_strdup (base);
  const char *anchors[] = {
    "\"format\": ",            /* top level */
    "\"kind\": \"fill\"",        /* test */
    "\"state\": ",             /* status */
    "\"dev_major\": ",         /* target */
    "\"name\": \"sda1\"",      /* a device */
    "\"name\": \"write\"",     /* a series */
    "\"name\": \"position\"",  /* a column */
    "\"column\": ",            /* a summary */
    "\"name\": \"cliff\"",     /* a figure */
    "\"phase\": \"read\"",     /* a phase's counters */
    "\"files\": ",             /* the test's counts */
    "\"flushes\": ",           /* the device's */
  };

  g_assert_nonnull (expected);
  for (guint i = 0; i < G_N_ELEMENTS (anchors); i++)
    {
      g_autofree char *to = g_strconcat (extra, anchors[i], NULL);
      g_autofree char *next = replace_once (data, anchors[i], to);

      g_free (data);
      data = g_steal_pointer (&next);
    }

  loaded = vol_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  assert_results_equal (expected, loaded, NULL);
}

static void
test_save_replaces (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "run.volumeter.json", NULL);
  g_autoptr(VolResult) first = make_full_result ();
  g_autoptr(VolResult) second = vol_result_new ("fill");
  g_autoptr(VolResult) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing_dir_path = g_build_filename (dir, "no", "such", "x.volumeter.json", NULL);
  struct stat st;
  mode_t mask;

  g_assert_true (vol_result_save (first, path, &error));
  g_assert_no_error (error);
  second->label = g_strdup ("second");
  g_assert_true (vol_result_save (second, path, &error));
  g_assert_no_error (error);

  loaded = vol_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->label, ==, "second");
  g_assert_cmpuint (loaded->series->len, ==, 0);
  g_assert_null (loaded->target);

  /* No temporary file left beside it, and the usual permissions. */
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  mask = umask (0);
  umask (mask);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644 & ~mask);

  /* Failure is a G_IO_ERROR and leaves nothing behind. */
  g_assert_false (vol_result_save (second, missing_dir_path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);
  remove_dir (dir);
}

/* A lone surrogate escape is refused: json-glib 1.6 reads on past it for
 * the second half, so it never reaches the parser. */
static void
test_lone_surrogate (void)
{
  const char *data = "{\"format\":\"volumeter-result\",\"version\":1,\"created\":\"2026-11-29T23:10:00Z\","
                     "\"label\":\"a\\ud800b\",\"test\":{\"kind\":\"fill\"},\"status\":{\"state\":\"complete\"},"
                     "\"series\":[]}";

  assert_load_fails (data, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "surrogate");
}

/* Every way a string can end in the eyes of one tokenizer and not of
 * another, each followed by 100 000 "[": had the scan and json-glib
 * disagreed on where the string ends, the brackets would have reached
 * json-glib's recursive parser and overflowed the stack (the issue's
 * `["\ud800"",[[[…` crashed `show`). Invalid forms are refused where
 * they are; valid ones leave the brackets to the depth check. */
static void
test_escapes_before_deep_nesting (void)
{
  static const char *const invalid[] = {
    "\\u1\"",              /* short */
    "\\u12\"",
    "\\u123\"",
    "\\u\"",
    "\\u12g4\"",           /* not hex */
    "\\uZZZZ\"",
    "\\ud800\"",           /* lone high surrogate */
    "\\ud800\"\"",         /* ... as in the issue */
    "\\udbff\\n\"",       /* high, then another escape */
    "\\ud800\\u0041\"",   /* high, then not a low */
    "\\ud800\\ud800\"",   /* high, high */
    "\\ud800\\u1\"",      /* high, short */
    "\\udc00\"",           /* lone low surrogate */
    "\\udfff\\udc00\"",
    "\\u0000\"",           /* NUL */
    "\\x41\"",             /* not a JSON escape */
    "\\'\"",
    "\\",                  /* a backslash at the very end */
    "a\nb\"",              /* raw control characters */
    "a\tb\"",
    "a\001b\"",
    "a\037b\"",
    "\xff\"",              /* not UTF-8 */
    "\xc3\"",              /* a cut sequence */
    "\xc0\xaf\"",          /* overlong "/" */
    "\xed\xa0\x80\"",      /* a surrogate in UTF-8 */
    "\xf4\x90\x80\x80\"",  /* past U+10FFFF */
  };
  static const char *const valid[] = {
    "\\\"\"", "\\\\\"", "\\/\"", "\\b\\f\\n\\r\\t\"",
    "\\u0041\"", "\\u00e9\"", "\\uFFFF\"", "\\ud83d\\ude00\"", "\\uDBFF\\uDFFF\"",
    "\xc3\xa9\"", "\xf0\x9f\x98\x80\"", "\x7f\"",
  };
  g_autofree char *brackets = g_strnfill (100000, '[');

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      /* in a value and in a key */
      g_autofree char *in_value = g_strconcat ("[\"", invalid[i], ",", brackets, NULL);
      g_autofree char *in_key = g_strconcat ("{\"", invalid[i], ":", brackets, NULL);

      assert_load_fails (in_value, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "line 1, column");
      assert_load_fails (in_key, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "line 1, column");
    }
  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autofree char *in_value = g_strconcat ("[\"", valid[i], ",", brackets, NULL);
      g_autofree char *in_key = g_strconcat ("{\"", valid[i], ":", brackets, NULL);

      assert_load_fails (in_value, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "levels deep");
      assert_load_fails (in_key, -1, VOL_RESULT_ERROR, VOL_RESULT_ERROR_PARSE, "levels deep");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vol/result/round-trip", test_round_trip);
  g_test_add_func ("/vol/result/doubles", test_doubles);
  g_test_add_func ("/vol/result/non-finite", test_non_finite);
  g_test_add_func ("/vol/result/old-ops-unit", test_old_ops_unit);
  g_test_add_func ("/vol/result/strings", test_strings);
  g_test_add_func ("/vol/result/minimal", test_minimal);
  g_test_add_func ("/vol/result/probe-fields", test_probe_fields);
  g_test_add_func ("/vol/result/parameter-types", test_parameter_types);
  g_test_add_func ("/vol/result/too-big", test_too_big);
  g_test_add_func ("/vol/result/created-out-of-range", test_created_out_of_range);
  g_test_add_func ("/vol/result/repeated-sample-keys", test_repeated_sample_keys);
  g_test_add_func ("/vol/result/malformed", test_malformed);
  g_test_add_func ("/vol/result/truncated", test_truncated);
  g_test_add_func ("/vol/result/wrong-types", test_wrong_types);
  g_test_add_func ("/vol/result/unequal-columns", test_unequal_columns);
  g_test_add_func ("/vol/result/future-version", test_future_version);
  g_test_add_func ("/vol/result/not-volumeter", test_not_volumeter);
  g_test_add_func ("/vol/result/missing-file", test_missing_file);
  g_test_add_func ("/vol/result/too-large", test_too_large);
  g_test_add_func ("/vol/result/unknown-fields", test_unknown_fields);
  g_test_add_func ("/vol/result/save-replaces", test_save_replaces);

  g_test_add_func ("/vol/result/lone-surrogate", test_lone_surrogate);
  g_test_add_func ("/vol/result/escapes-before-deep-nesting", test_escapes_before_deep_nesting);
  return g_test_run ();
}
