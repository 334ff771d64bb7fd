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
 * belongs in devtmpfs. A folder the user cannot write to is no risk: the
 * run fails before writing anything, with the better message. Blocking
 * (stat); main thread or CLI.
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
  VolTargetRisk risk = VOL_TARGET_RISK_NONE;

  g_return_val_if_fail (spec != NULL, VOL_TARGET_RISK_NONE);

  if (bytes)
    *bytes = 0;
  {
    /* a test that only reads puts nothing anywhere: no risk to name */
    const VolTestKind *kind = vol_registry_lookup (vol_test_spec_get_kind (spec));
    if (kind != NULL && kind->info.reads_device)
      return VOL_TARGET_RISK_NONE;
  }
  if (target == NULL || target->path == NULL || stat (target->path, &here) != 0
      || access (target->path, W_OK) != 0)
    return VOL_TARGET_RISK_NONE;

  fill = g_str_equal (vol_test_spec_get_kind (spec), "fill");
  if (g_strcmp0 (target->fs_type, "devtmpfs") == 0)
    risk = VOL_TARGET_RISK_DEVICES;
  else if (!fill)
    return VOL_TARGET_RISK_NONE;
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
    case VOL_TARGET_RISK_DEVICES:
    case VOL_TARGET_RISK_NONE:
    default:
      return g_strdup_printf (_("%s holds the system's device files (devtmpfs, in memory). The test would write "
                                "up to %s there and measure memory, not a disk. "
                                "The files are removed when the test ends."), where, amount);
    }
}
