/* vol-target-info.c — copying, freeing and describing probe results */
#include "vol-target-info.h"

#include <glib/gi18n.h>

#include "vol-size.h"

G_DEFINE_BOXED_TYPE (VolTargetInfo, vol_target_info, vol_target_info_copy, vol_target_info_free)

/**
 * vol_fs_type_is_ram:
 * @fs_type: (nullable): a filesystem type as the probe reports it
 *
 * Whether files there live in memory with no device behind them: tmpfs
 * and devtmpfs (which accept O_DIRECT since Linux 6.6) and ramfs.
 */
gboolean
vol_fs_type_is_ram (const char *fs_type)
{
  return g_strcmp0 (fs_type, "tmpfs") == 0 || g_strcmp0 (fs_type, "devtmpfs") == 0
         || g_strcmp0 (fs_type, "ramfs") == 0;
}

VolBlockDevice *
vol_block_device_new (void)
{
  VolBlockDevice *dev = g_new0 (VolBlockDevice, 1);

  dev->rotational = -1;
  dev->loop_direct_io = -1;
  return dev;
}

VolBlockDevice *
vol_block_device_copy (const VolBlockDevice *dev)
{
  VolBlockDevice *copy;

  if (dev == NULL)
    return NULL;
  copy = g_new0 (VolBlockDevice, 1);
  *copy = *dev;
  copy->name = g_strdup (dev->name);
  copy->kind = g_strdup (dev->kind);
  copy->parent = g_strdup (dev->parent);
  copy->slaves = g_strdupv (dev->slaves);
  copy->model = g_strdup (dev->model);
  copy->vendor = g_strdup (dev->vendor);
  copy->scheduler = g_strdup (dev->scheduler);
  copy->backing_file = g_strdup (dev->backing_file);
  copy->backing_fs_type = g_strdup (dev->backing_fs_type);
  copy->dm_name = g_strdup (dev->dm_name);
  copy->dm_uuid = g_strdup (dev->dm_uuid);
  copy->dm_target = g_strdup (dev->dm_target);
  copy->raid_level = g_strdup (dev->raid_level);
  return copy;
}

void
vol_block_device_free (VolBlockDevice *dev)
{
  if (dev == NULL)
    return;
  g_free (dev->name);
  g_free (dev->kind);
  g_free (dev->parent);
  g_strfreev (dev->slaves);
  g_free (dev->model);
  g_free (dev->vendor);
  g_free (dev->scheduler);
  g_free (dev->backing_file);
  g_free (dev->backing_fs_type);
  g_free (dev->dm_name);
  g_free (dev->dm_uuid);
  g_free (dev->dm_target);
  g_free (dev->raid_level);
  g_free (dev);
}

VolTargetInfo *
vol_target_info_new (void)
{
  VolTargetInfo *info = g_new0 (VolTargetInfo, 1);

  info->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_block_device_free);
  info->rotational = -1;
  return info;
}

VolTargetInfo *
vol_target_info_copy (const VolTargetInfo *info)
{
  VolTargetInfo *copy;

  if (info == NULL)
    return NULL;
  copy = vol_target_info_new ();
  copy->path = g_strdup (info->path);
  copy->mount_point = g_strdup (info->mount_point);
  copy->fs_type = g_strdup (info->fs_type);
  copy->mount_source = g_strdup (info->mount_source);
  copy->mount_options = g_strdup (info->mount_options);
  copy->super_options = g_strdup (info->super_options);
  copy->dev_major = info->dev_major;
  copy->dev_minor = info->dev_minor;
  copy->capacity_bytes = info->capacity_bytes;
  copy->free_bytes = info->free_bytes;
  for (guint i = 0; i < info->devices->len; i++)
    g_ptr_array_add (copy->devices, vol_block_device_copy (g_ptr_array_index (info->devices, i)));
  copy->device = g_strdup (info->device);
  copy->model = g_strdup (info->model);
  copy->rotational = info->rotational;
  copy->scheduler = g_strdup (info->scheduler);
  copy->raid_level = g_strdup (info->raid_level);
  copy->stripe_bytes = info->stripe_bytes;
  copy->raid_members = g_strdupv (info->raid_members);
  copy->dm_target = g_strdup (info->dm_target);
  copy->btrfs_profile = g_strdup (info->btrfs_profile);
  return copy;
}

void
vol_target_info_free (VolTargetInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->mount_point);
  g_free (info->fs_type);
  g_free (info->mount_source);
  g_free (info->mount_options);
  g_free (info->super_options);
  g_ptr_array_unref (info->devices);
  g_free (info->device);
  g_free (info->model);
  g_free (info->scheduler);
  g_free (info->raid_level);
  g_strfreev (info->raid_members);
  g_free (info->dm_target);
  g_free (info->btrfs_profile);
  g_free (info);
}

/* "raid0" → "RAID 0": the form reviews print. */
static char *
pretty_raid_level (const char *level)
{
  if (g_str_has_prefix (level, "raid"))
    return g_strdup_printf ("RAID %s", level + 4);
  return g_strdup (level);
}

/**
 * vol_target_info_describe:
 *
 * One line for subtitles and summaries: "ext4 on md0 — RAID 0, 64 KiB
 * stripe, 2 members — INTEL SSDSA2M080 — SSD". Unknown facts are left out.
 */
/**
 * vol_target_info_is_device:
 *
 * Whether the target is a block device itself (/dev/sdb, read by the
 * surface scan), not a folder on a mounted volume.
 */
gboolean
vol_target_info_is_device (const VolTargetInfo *info)
{
  return info->mount_point == NULL && info->path != NULL && g_str_has_prefix (info->path, "/dev/");
}

char *
vol_target_info_describe (const VolTargetInfo *info)
{
  GString *s;

  g_return_val_if_fail (info != NULL, NULL);

  s = g_string_new (NULL);
  if (vol_target_info_is_device (info))
    /* a device read itself (the surface scan): no filesystem to name */
    g_string_append (s, info->path);
  else
    {
      g_string_append (s, info->fs_type ? info->fs_type : _("unknown filesystem"));
      if (info->device)
        g_string_append_printf (s, _(" on %s"), info->device);
      else if (info->mount_source)
        g_string_append_printf (s, _(" on %s"), info->mount_source);
    }

  if (info->raid_level)
    {
      g_autofree char *level = pretty_raid_level (info->raid_level);
      g_string_append_printf (s, " — %s", level);
      if (info->stripe_bytes > 0)
        {
          g_autofree char *stripe = vol_size_format (info->stripe_bytes);
          g_string_append_printf (s, _(", %s stripe"), stripe);
        }
      if (info->raid_members && info->raid_members[0])
        g_string_append_printf (s, ngettext (", %u member", ", %u members",
                                             g_strv_length (info->raid_members)),
                                g_strv_length (info->raid_members));
    }

  for (guint i = 0; i < info->devices->len; i++)
    {
      const VolBlockDevice *dev = g_ptr_array_index (info->devices, i);
      if (dev->backing_file)
        {
          g_string_append_printf (s, _(" — loop over %s"), dev->backing_file);
          break;
        }
    }

  if (info->model)
    g_string_append_printf (s, " — %s", info->model);
  if (info->rotational == 1)
    g_string_append (s, _(" — rotational"));
  else if (info->rotational == 0)
    g_string_append (s, _(" — non-rotational"));
  return g_string_free (s, FALSE);
}
