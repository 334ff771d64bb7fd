/* test-param-store.c — a test's parameter texts never change another test's */
#include "vol-param-store.h"
#include "vol-registry.h"

/* The text kind @info would hold for @key before the other test writes */
static char *
own_text (const VolTestInfo *info,
          const char        *key)
{
  return g_strdup_printf ("%s of %s", key, info->name);
}

/* A store where every parameter of every registered test has its own text */
static GVariant *
full_store (void)
{
  guint n_kinds;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);
  g_autoptr(GVariant) store = vol_param_store_new ();

  for (guint i = 0; i < n_kinds; i++)
    for (guint p = 0; p < kinds[i]->info.n_params; p++)
      {
        const char *key = kinds[i]->info.params[p].key;
        g_autofree char *text = own_text (&kinds[i]->info, key);
        GVariant *next = vol_param_store_set (store, kinds[i]->info.name, key, text);
        g_variant_unref (store);
        store = next;
      }
  return g_steal_pointer (&store);
}

static void
assert_text (GVariant   *store,
             const char *kind,
             const char *key,
             const char *expected)
{
  g_autofree char *text = vol_param_store_lookup (store, kind, key);
  g_assert_cmpstr (text, ==, expected);
}

/* Every ordered pair of registered tests that share a parameter name:
 * setting it for the first leaves the second's text as it was. */
static void
test_shared_names (void)
{
  guint n_kinds, n_pairs = 0;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);
  g_autoptr(GVariant) base = full_store ();
  gboolean transfer_cached = FALSE, threads_smallfiles = FALSE;

  for (guint a = 0; a < n_kinds; a++)
    for (guint b = 0; b < n_kinds; b++)
      {
        const VolTestInfo *ia = &kinds[a]->info, *ib = &kinds[b]->info;
        if (a == b)
          continue;
        for (guint p = 0; p < ia->n_params; p++)
          {
            const char *key = ia->params[p].key;
            g_autofree char *b_text = NULL;
            g_autoptr(GVariant) store = NULL;
            g_autoptr(GVariant) fresh = NULL;
            g_autoptr(GVariant) only_a = NULL;

            if (vol_test_info_find_param (ib, key) == NULL)
              continue;
            n_pairs++;
            transfer_cached |= g_str_equal (ia->name, "transfer") && g_str_equal (ib->name, "cached")
                               && g_str_equal (key, "region");
            threads_smallfiles |= g_str_equal (ia->name, "threads") && g_str_equal (ib->name, "smallfiles")
                                  && g_str_equal (key, "block");
            b_text = own_text (ib, key);

            /* both have texts: a's new one leaves b's */
            store = vol_param_store_set (base, ia->name, key, "1G");
            assert_text (store, ia->name, key, "1G");
            assert_text (store, ib->name, key, b_text);

            /* b has none yet: it still has none, so its default applies */
            fresh = vol_param_store_new ();
            only_a = vol_param_store_set (fresh, ia->name, key, "1G");
            assert_text (only_a, ia->name, key, "1G");
            assert_text (only_a, ib->name, key, NULL);
          }
      }
  g_test_message ("%u ordered pairs of tests share a parameter name", n_pairs);
  /* the two leaks the issue saw are among the pairs walked */
  g_assert_true (transfer_cached);
  g_assert_true (threads_smallfiles);
}

/* Setting any one parameter of any test changes that entry and no other */
static void
test_one_entry (void)
{
  guint n_kinds;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);
  g_autoptr(GVariant) base = full_store ();

  for (guint i = 0; i < n_kinds; i++)
    for (guint p = 0; p < kinds[i]->info.n_params; p++)
      {
        g_autoptr(GVariant) store = vol_param_store_set (base, kinds[i]->info.name,
                                                         kinds[i]->info.params[p].key, "changed");
        for (guint j = 0; j < n_kinds; j++)
          for (guint q = 0; q < kinds[j]->info.n_params; q++)
            {
              const char *key = kinds[j]->info.params[q].key;
              g_autofree char *expected = (i == j && p == q) ? g_strdup ("changed")
                                                            : own_text (&kinds[j]->info, key);
              assert_text (store, kinds[j]->info.name, key, expected);
            }
      }
}

/* An earlier version's flat "params": a name one test alone has is kept
 * for it; a shared one may have been typed for any of them and is dropped. */
static void
test_from_flat (void)
{
  guint n_kinds;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);
  g_autofree const VolTestInfo **infos = g_new (const VolTestInfo *, n_kinds);
  GVariantBuilder b;
  g_autoptr(GVariant) flat = NULL;
  g_autoptr(GVariant) store = NULL;

  for (guint i = 0; i < n_kinds; i++)
    infos[i] = &kinds[i]->info;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&b, "{ss}", "reserve", "5%");      /* fill only */
  g_variant_builder_add (&b, "{ss}", "count-sweep", "1,2"); /* random only */
  g_variant_builder_add (&b, "{ss}", "region", "1G");       /* transfer and cached */
  g_variant_builder_add (&b, "{ss}", "block", "1M");        /* queue, threads, smallfiles */
  g_variant_builder_add (&b, "{ss}", "no-such-key", "1");
  flat = g_variant_ref_sink (g_variant_builder_end (&b));

  store = vol_param_store_from_flat (flat, infos, n_kinds);
  assert_text (store, "fill", "reserve", "5%");
  assert_text (store, "random", "count-sweep", "1,2");
  for (guint i = 0; i < n_kinds; i++)
    {
      assert_text (store, infos[i]->name, "region", NULL);
      assert_text (store, infos[i]->name, "block", NULL);
      assert_text (store, infos[i]->name, "no-such-key", NULL);
      if (!g_str_equal (infos[i]->name, "fill"))
        assert_text (store, infos[i]->name, "reserve", NULL);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/param-store/shared-names", test_shared_names);
  g_test_add_func ("/vol/param-store/one-entry", test_one_entry);
  g_test_add_func ("/vol/param-store/from-flat", test_from_flat);
  return g_test_run ();
}
