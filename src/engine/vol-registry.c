/* vol-registry.c — the list of test kinds */
#include "vol-registry.h"

extern const VolTestKind vol_test_fill;
extern const VolTestKind vol_test_transfer;
extern const VolTestKind vol_test_random;
extern const VolTestKind vol_test_queue;
extern const VolTestKind vol_test_threads;
extern const VolTestKind vol_test_smallfiles;
extern const VolTestKind vol_test_cached;
extern const VolTestKind vol_test_quick;
extern const VolTestKind vol_test_surface;

/* The order of docs/architecture.md's table of test kinds. */
static const VolTestKind *const kinds[] = {
  &vol_test_quick,
  &vol_test_fill,
  &vol_test_transfer,
  &vol_test_random,
  &vol_test_queue,
  &vol_test_threads,
  &vol_test_smallfiles,
  &vol_test_cached,
  &vol_test_surface,
};

/**
 * vol_registry_list:
 *
 * Every test kind, in the order menus show them. Any thread.
 */
const VolTestKind *const *
vol_registry_list (guint *n_kinds)
{
  *n_kinds = G_N_ELEMENTS (kinds);
  return kinds;
}

const VolTestKind *
vol_registry_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (kinds[i]->info.name, name) == 0)
      return kinds[i];
  return NULL;
}
