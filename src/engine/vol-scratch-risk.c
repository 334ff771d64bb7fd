/* vol-scratch-risk.c — must the user say yes before a run writes to a target?
 *
 * The one decision behind the application's question and the command
 * line's --yes (vol-scratch.h): filling the system or home volume, memory,
 * the device nodes.
 */
#include "vol-scratch.h"

#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "vol-estimate.h"
#include "vol-registry.h"
#include "vol-size.h"

static gboolean
same_filesystem (const struct stat *here,
                 const char        *other)
{
  struct stat st;

  return other != NULL && stat (other, &st) == 0 && st.st_dev == here->st_dev;
}

/**
 * vol_scratch_target_risk:
 * @target: what the probe found for @spec's target
 * @bytes: (out) (optional): how much the run would write at most
 *
 * The one decision, for the application's question and the command
 * line's --yes alike: must the user say yes before @spec runs on @target?
 * A fill test writes up to the volume's free space, which upsets the
 * programs of the system or home volume and takes RAM on tmpfs; nothing
 * belongs in devtmpfs. Every other kind that writes keeps a set amount on
 * the volume while it runs (its estimate's bytes_held, fitted to the free
 * space less 64 MiB as the run fits it): when that would leave less than
 * VOL_TARGET_NEARLY_FULL_PERCENT of the volume free, on any volume, it is
 * VOL_TARGET_RISK_NEARLY_FULL. A fill is not asked that: filling is what
 * it is for. A folder the user cannot write to is no risk: the run fails
 * before writing anything, with the better message. Blocking (stat);
 * main thread or CLI.
 */
VolTargetRisk
vol_scratch_target_risk (const VolTestSpec   *spec,
                         const VolTargetInfo *target,
                         guint64             *bytes)
{
  struct stat here;
  gboolean fill;
  gint64 max;
  guint64 amount;
  const VolTestKind *kind;
  VolTargetRisk risk = VOL_TARGET_RISK_NONE;

  g_return_val_if_fail (spec != NULL, VOL_TARGET_RISK_NONE);

  if (bytes)
    *bytes = 0;
  kind = vol_registry_lookup (vol_test_spec_get_kind (spec));
  /* a test that only reads puts nothing anywhere: no risk to name */
  if (kind != NULL && kind->info.reads_device)
    return VOL_TARGET_RISK_NONE;
  if (target == NULL || target->path == NULL || stat (target->path, &here) != 0
      || access (target->path, W_OK) != 0)
    return VOL_TARGET_RISK_NONE;

  fill = g_str_equal (vol_test_spec_get_kind (spec), "fill");
  if (g_strcmp0 (target->fs_type, "devtmpfs") == 0)
    risk = VOL_TARGET_RISK_DEVICES;
  else if (!fill)
    {
      VolEstimate estimate;
      guint64 left;

      if (kind == NULL || target->capacity_bytes == 0
          || !vol_test_info_estimate (&kind->info, spec, target->free_bytes, target->capacity_bytes, &estimate)
          || estimate.bytes_held == 0)
        return VOL_TARGET_RISK_NONE;
      left = target->free_bytes > estimate.bytes_held ? target->free_bytes - estimate.bytes_held : 0;
      /* left / capacity < 10 %, in integers */
      if (left * 100 >= (guint64) VOL_TARGET_NEARLY_FULL_PERCENT * target->capacity_bytes)
        return VOL_TARGET_RISK_NONE;
      if (bytes)
        *bytes = estimate.bytes_held;
      return VOL_TARGET_RISK_NEARLY_FULL;
    }
  else if (vol_fs_type_is_ram (target->fs_type))
    risk = VOL_TARGET_RISK_MEMORY;
  else if (same_filesystem (&here, "/"))
    risk = VOL_TARGET_RISK_SYSTEM;
  else if (same_filesystem (&here, g_get_home_dir ()))
    risk = VOL_TARGET_RISK_HOME;
  else
    return VOL_TARGET_RISK_NONE;

  amount = target->free_bytes;
  if (fill)
    {
      max = vol_test_spec_get_int (spec, "max-bytes");
      if (max > 0)
        amount = MIN ((guint64) max, amount);
    }
  if (bytes)
    *bytes = amount;
  return risk;
}

/**
 * vol_scratch_target_risk_message:
 *
 * Returns: (transfer full) (nullable): NULL when vol_scratch_target_risk()
 *   sees no risk; else one paragraph naming the place, why, and how much
 *   would be written, for a question or an error.
 */
char *
vol_scratch_target_risk_message (const VolTestSpec   *spec,
                                 const VolTargetInfo *target)
{
  guint64 bytes = 0;
  VolTargetRisk risk = vol_scratch_target_risk (spec, target, &bytes);
  g_autofree char *amount = vol_size_format (bytes);
  const char *where;

  if (risk == VOL_TARGET_RISK_NONE)
    return NULL;
  where = target->mount_point ? target->mount_point : target->path;
  switch (risk)
    {
    case VOL_TARGET_RISK_SYSTEM:
      return g_strdup_printf (_("%s holds the system. The test would write up to %s there, nearly filling it "
                                "for the length of the run; other programs may run out of space. "
                                "The files are removed when the test ends."), where, amount);
    case VOL_TARGET_RISK_HOME:
      return g_strdup_printf (_("%s holds your home folder. The test would write up to %s there, nearly filling it "
                                "for the length of the run; other programs may run out of space. "
                                "The files are removed when the test ends."), where, amount);
    case VOL_TARGET_RISK_MEMORY:
      return g_strdup_printf (_("%s is in memory (%s). The test would write up to %s there, taking that much RAM "
                                "for the length of the run, and measure memory, not a disk. "
                                "The files are removed when the test ends."),
                              where, target->fs_type, amount);
    case VOL_TARGET_RISK_NEARLY_FULL:
      {
        guint64 left = target->free_bytes > bytes ? target->free_bytes - bytes : 0;
        g_autofree char *left_text = vol_size_format (left);
        g_autofree char *capacity = vol_size_format (target->capacity_bytes);
        guint percent = (guint) (left * 100 / MAX (target->capacity_bytes, 1));

        /* TRANSLATORS: "/mnt/usb would be nearly full: the test keeps up to 900 MiB there while it runs,
         * leaving 90 MiB of its 1 GiB free (8 %). …" */
        return g_strdup_printf (_("%s would be nearly full: the test keeps up to %s there while it runs, "
                                  "leaving %s of its %s free (%u %%); other programs may run out of space. "
                                  "The files are removed when the test ends."),
                                where, amount, left_text, capacity, percent);
      }
    case VOL_TARGET_RISK_DEVICES:
    case VOL_TARGET_RISK_NONE:
    default:
      return g_strdup_printf (_("%s holds the system's device files (devtmpfs, in memory). The test would write "
                                "up to %s there and measure memory, not a disk. "
                                "The files are removed when the test ends."), where, amount);
    }
}
