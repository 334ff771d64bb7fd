/* vol-kinds.c — the list of test kinds, in the order menus show them
 *
 * The model's list: reading, showing and comparing a result, the CLI's
 * options and fio-job need a kind's description and nothing of the
 * engine, which runs the kinds (engine/vol-registry.c).
 */
#include "vol-kinds.h"

/* The order of docs/architecture.md's table of test kinds. */
static const VolTestInfo *const kinds[] = {
  &vol_kind_quick_info,
  &vol_kind_fill_info,
  &vol_kind_transfer_info,
  &vol_kind_random_info,
  &vol_kind_queue_info,
  &vol_kind_threads_info,
  &vol_kind_smallfiles_info,
  &vol_kind_cached_info,
  &vol_kind_surface_info,
};

/**
 * vol_kinds_list:
 *
 * Every test kind's description, in the order menus show them. Any thread.
 */
const VolTestInfo *const *
vol_kinds_list (guint *n_kinds)
{
  *n_kinds = G_N_ELEMENTS (kinds);
  return kinds;
}

/**
 * vol_kinds_lookup:
 *
 * Returns: (nullable): the kind called @name ("fill"). Any thread.
 */
const VolTestInfo *
vol_kinds_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (kinds[i]->name, name) == 0)
      return kinds[i];
  return NULL;
}
