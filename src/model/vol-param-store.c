/* vol-param-store.c — the parameter texts last typed, kept per test kind */
#include "vol-param-store.h"

/**
 * vol_param_store_new:
 *
 * Returns: (transfer full): an empty store, not floating.
 */
GVariant *
vol_param_store_new (void)
{
  return g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sa{ss}}"), NULL, 0));
}

/**
 * vol_param_store_lookup:
 *
 * Returns: (transfer full) (nullable): the text last set for @key of
 *   @kind, or %NULL when that test has none (its default applies).
 */
char *
vol_param_store_lookup (GVariant   *store,
                        const char *kind,
                        const char *key)
{
  g_autoptr(GVariant) texts = NULL;
  const char *text;

  g_return_val_if_fail (store != NULL && g_variant_is_of_type (store, VOL_PARAM_STORE_TYPE), NULL);

  texts = g_variant_lookup_value (store, kind, G_VARIANT_TYPE ("a{ss}"));
  if (texts != NULL && g_variant_lookup (texts, key, "&s", &text))
    return g_strdup (text);
  return NULL;
}

/* @texts with @key set to @text (or added), every other entry kept */
static GVariant *
texts_with (GVariant   *texts,
            const char *key,
            const char *text)
{
  GVariantBuilder b;
  GVariantIter iter;
  const char *k, *t;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{ss}"));
  if (texts != NULL)
    {
      g_variant_iter_init (&iter, texts);
      while (g_variant_iter_next (&iter, "{&s&s}", &k, &t))
        if (!g_str_equal (k, key))
          g_variant_builder_add (&b, "{ss}", k, t);
    }
  g_variant_builder_add (&b, "{ss}", key, text);
  return g_variant_builder_end (&b);
}

/**
 * vol_param_store_set:
 *
 * Returns: (transfer full): a new store, @store with @key of @kind set to
 *   @text; every other test's entries are copied as they were.
 */
GVariant *
vol_param_store_set (GVariant   *store,
                     const char *kind,
                     const char *key,
                     const char *text)
{
  GVariantBuilder b;
  GVariantIter iter;
  const char *k;
  GVariant *texts;
  gboolean found = FALSE;

  g_return_val_if_fail (store != NULL && g_variant_is_of_type (store, VOL_PARAM_STORE_TYPE), NULL);
  g_return_val_if_fail (kind != NULL && key != NULL && text != NULL, NULL);

  g_variant_builder_init (&b, VOL_PARAM_STORE_TYPE);
  g_variant_iter_init (&iter, store);
  while (g_variant_iter_next (&iter, "{&s@a{ss}}", &k, &texts))
    {
      if (g_str_equal (k, kind))
        {
          g_variant_builder_add (&b, "{s@a{ss}}", k, texts_with (texts, key, text));
          found = TRUE;
        }
      else
        g_variant_builder_add (&b, "{s@a{ss}}", k, texts);
      g_variant_unref (texts);
    }
  if (!found)
    g_variant_builder_add (&b, "{s@a{ss}}", kind, texts_with (NULL, key, text));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

/**
 * vol_param_store_from_flat:
 * @flat: an "a{ss}" of the earlier, flat form (key → text, any test)
 *
 * What an earlier version's single "params" dictionary may still say.
 * There a text was kept by bare key, so a key that several tests have
 * ("files", "chunk", "region", …) may have been typed for any of them:
 * such texts are dropped and those tests start from their defaults,
 * rather than a 1 GiB transfer region becoming the cached test's. A key
 * only one test in @infos has can only have come from that test, and is
 * kept for it. Keys no test has are dropped.
 *
 * Returns: (transfer full): a new store.
 */
GVariant *
vol_param_store_from_flat (GVariant                 *flat,
                           const VolTestInfo *const *infos,
                           guint                     n_infos)
{
  g_autoptr(GVariant) store = vol_param_store_new ();
  GVariantIter iter;
  const char *key, *text;

  g_return_val_if_fail (flat != NULL && g_variant_is_of_type (flat, G_VARIANT_TYPE ("a{ss}")), NULL);

  g_variant_iter_init (&iter, flat);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &text))
    {
      const VolTestInfo *owner = NULL;
      guint n_owners = 0;

      for (guint i = 0; i < n_infos; i++)
        if (vol_test_info_find_param (infos[i], key) != NULL)
          {
            owner = infos[i];
            n_owners++;
          }
      if (n_owners == 1)
        {
          GVariant *next = vol_param_store_set (store, owner->name, key, text);
          g_variant_unref (store);
          store = next;
        }
    }
  return g_steal_pointer (&store);
}
