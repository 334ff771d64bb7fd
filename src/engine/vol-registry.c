/* vol-registry.c — the model's test kinds with the engine's runs */
#include "vol-registry.h"

extern const VolTestOps vol_test_fill;
extern const VolTestOps vol_test_transfer;
extern const VolTestOps vol_test_random;
extern const VolTestOps vol_test_queue;
extern const VolTestOps vol_test_threads;
extern const VolTestOps vol_test_smallfiles;
extern const VolTestOps vol_test_cached;
extern const VolTestOps vol_test_quick;
extern const VolTestOps vol_test_surface;

static const VolTestOps *const ops[] = {
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

static VolTestKind kinds[G_N_ELEMENTS (ops)];
static const VolTestKind *kind_list[G_N_ELEMENTS (ops)];
static guint n_kinds_made;

/* Once, on whichever thread asks first: each of the model's kinds that the
 * engine can run, in the model's order (a kind it cannot run is left out,
 * so the CLI and the app never offer it). */
static void
make_kinds (void)
{
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      guint n_infos;
      const VolTestInfo *const *infos = vol_kinds_list (&n_infos);

      for (guint i = 0; i < n_infos; i++)
        for (guint j = 0; j < G_N_ELEMENTS (ops); j++)
          if (g_str_equal (infos[i]->name, ops[j]->name) && n_kinds_made < G_N_ELEMENTS (kinds))
            {
              VolTestKind *kind = &kinds[n_kinds_made];

              kind->info = *infos[i];
              kind->prepare = ops[j]->prepare;
              kind->run = ops[j]->run;
              kind->from_fio = ops[j]->from_fio;
              kind_list[n_kinds_made++] = kind;
            }
      g_once_init_leave (&made, 1);
    }
}

/**
 * vol_registry_list:
 *
 * Every test kind, in the order menus show them. Any thread.
 */
const VolTestKind *const *
vol_registry_list (guint *n_kinds)
{
  make_kinds ();
  *n_kinds = n_kinds_made;
  return kind_list;
}

const VolTestKind *
vol_registry_lookup (const char *name)
{
  make_kinds ();
  for (guint i = 0; i < n_kinds_made; i++)
    if (g_strcmp0 (kind_list[i]->info.name, name) == 0)
      return kind_list[i];
  return NULL;
}
