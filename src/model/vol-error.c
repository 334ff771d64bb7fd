/* vol-error.c — the project's own error domains */
#include "vol-error.h"

G_DEFINE_QUARK (vol-spec-error-quark, vol_spec_error)
G_DEFINE_QUARK (vol-engine-error-quark, vol_engine_error)
G_DEFINE_QUARK (vol-result-error-quark, vol_result_error)
