/* vol-test-info.h — the description of one test kind
 *
 * Filled in once per test by the engine's registry (engine/vol-registry.c);
 * the model only reads it, to validate specs and label results.
 */
#pragma once

#include "vol-param.h"

G_BEGIN_DECLS

typedef struct _VolTestSpec VolTestSpec;
typedef struct _VolTestInfo VolTestInfo;

struct _VolTestInfo
{
  const char          *name;        /* "fill": CLI verb, result "test.kind" */
  const char          *title;       /* N_("Fill volume") */
  const char          *description; /* N_(one sentence) */
  const VolParamDesc  *params;
  guint                n_params;
  /* Cross-parameter checks after each value passed its own; may be NULL. */
  gboolean           (*check) (const VolTestInfo  *info,
                               const VolTestSpec  *spec,
                               GError            **error);
};

const VolParamDesc *vol_test_info_find_param (const VolTestInfo *info,
                                              const char        *key);
char               *vol_test_info_title_message (const VolTestInfo *info,
                                                 const char        *message);

G_END_DECLS
