/* vol-spec.h — an immutable, validated request to run one test
 *
 * Built on the main thread (from the configuration pane or the CLI's
 * options), then shared read-only with the worker thread: a spec is never
 * changed after vol_test_spec_new(), so it needs no lock.
 */
#pragma once

#include <glib-object.h>

#include "vol-test-info.h"
#include "vol-types.h"

G_BEGIN_DECLS

#define VOL_TYPE_TEST_SPEC (vol_test_spec_get_type ())

GType        vol_test_spec_get_type   (void) G_GNUC_CONST;

VolTestSpec *vol_test_spec_new        (const char     *kind,
                                       const char     *target,
                                       VolDataPattern  pattern,
                                       guint64         seed,
                                       const char     *label,
                                       GVariant       *params);
VolTestSpec *vol_test_spec_ref        (VolTestSpec    *spec);
void         vol_test_spec_unref      (VolTestSpec    *spec);

const char  *vol_test_spec_get_kind    (const VolTestSpec *spec);
const char  *vol_test_spec_get_target  (const VolTestSpec *spec);
VolDataPattern vol_test_spec_get_pattern (const VolTestSpec *spec);
guint64      vol_test_spec_get_seed    (const VolTestSpec *spec);
const char  *vol_test_spec_get_label   (const VolTestSpec *spec);
GVariant    *vol_test_spec_get_params  (const VolTestSpec *spec);

gboolean     vol_test_spec_has         (const VolTestSpec *spec,
                                        const char        *key);
gint64       vol_test_spec_get_int     (const VolTestSpec *spec,
                                        const char        *key);
double       vol_test_spec_get_double  (const VolTestSpec *spec,
                                        const char        *key);
const char  *vol_test_spec_get_string  (const VolTestSpec *spec,
                                        const char        *key);
GVariant    *vol_test_spec_get_value   (const VolTestSpec *spec,
                                        const char        *key);
guint        vol_test_spec_get_choice  (const VolTestSpec *spec,
                                        const char        *key,
                                        const char *const *choices);
gboolean     vol_test_spec_get_bool    (const VolTestSpec *spec,
                                        const char        *key);
gint64       vol_test_spec_get_list_max (const VolTestSpec *spec,
                                         const char        *key);

gboolean     vol_test_spec_validate    (const VolTestSpec *spec,
                                        const VolTestInfo *info,
                                        GError           **error);

GVariant    *vol_test_info_default_params (const VolTestInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolTestSpec, vol_test_spec_unref)

G_END_DECLS
