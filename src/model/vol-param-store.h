/* vol-param-store.h — the parameter texts last typed, kept per test kind
 *
 * Tests share parameter names ("files", "chunk", "region", "block", …)
 * whose meanings and ranges differ, so what the user typed is kept under
 * the test kind first and the parameter second: setting one test's value
 * never touches another's. The store is a GVariant of type "a{sa{ss}}"
 * (kind → key → text as typed, "4G", "2%"), the form the GSettings key
 * "test-params" holds. Texts, not values: a test gets back exactly what
 * was typed, units included, and parses it as it parses any input.
 * Pure functions on immutable GVariants: any thread.
 */
#pragma once

#include "vol-test-info.h"

G_BEGIN_DECLS

#define VOL_PARAM_STORE_TYPE ((const GVariantType *) "a{sa{ss}}")

GVariant *vol_param_store_new       (void);
char     *vol_param_store_lookup    (GVariant               *store,
                                     const char             *kind,
                                     const char             *key);
GVariant *vol_param_store_set       (GVariant               *store,
                                     const char             *kind,
                                     const char             *key,
                                     const char             *text);
GVariant *vol_param_store_from_flat (GVariant               *flat,
                                     const VolTestInfo *const *infos,
                                     guint                   n_infos);

G_END_DECLS
