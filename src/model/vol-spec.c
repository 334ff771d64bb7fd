/* vol-spec.c — an immutable, validated request to run one test */
#include "vol-spec.h"

#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"
#include "vol-fio-value.h"

struct _VolTestSpec
{
  char           *kind;
  char           *target;
  VolDataPattern  pattern;
  guint64         seed;
  char           *label;
  GVariant       *params;   /* a{sv}, never floating */
  GVariantDict   *lookup;   /* over params, for keyed reads */
};

G_DEFINE_BOXED_TYPE (VolTestSpec, vol_test_spec, vol_test_spec_ref, vol_test_spec_unref)

static void
spec_clear (VolTestSpec *spec)
{
  g_free (spec->kind);
  g_free (spec->target);
  g_free (spec->label);
  g_variant_unref (spec->params);
  g_variant_dict_unref (spec->lookup);
}

/**
 * vol_test_spec_new:
 * @kind: the test kind ("fill")
 * @target: the folder to test in
 * @seed: seed of the random data; 0 lets the engine pick one (and record it)
 * @label: user text, may be NULL
 * @params: (nullable): a{sv} of test parameters; a floating reference is sunk
 *
 * Main thread typically; the spec is immutable afterwards and may be read
 * from any thread.
 */
VolTestSpec *
vol_test_spec_new (const char     *kind,
                   const char     *target,
                   VolDataPattern  pattern,
                   guint64         seed,
                   const char     *label,
                   GVariant       *params)
{
  VolTestSpec *spec;

  g_return_val_if_fail (kind != NULL, NULL);
  g_return_val_if_fail (params == NULL || g_variant_is_of_type (params, G_VARIANT_TYPE_VARDICT), NULL);

  spec = g_atomic_rc_box_new0 (VolTestSpec);
  spec->kind = g_strdup (kind);
  spec->target = g_strdup (target);
  spec->pattern = pattern;
  spec->seed = seed;
  spec->label = (label && *label) ? g_strdup (label) : NULL;
  spec->params = params ? g_variant_ref_sink (params)
                        : g_variant_ref_sink (g_variant_new ("a{sv}", NULL));
  spec->lookup = g_variant_dict_new (spec->params);
  return spec;
}

VolTestSpec *
vol_test_spec_ref (VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return g_atomic_rc_box_acquire (spec);
}

void
vol_test_spec_unref (VolTestSpec *spec)
{
  g_return_if_fail (spec != NULL);
  g_atomic_rc_box_release_full (spec, (GDestroyNotify) spec_clear);
}

const char *
vol_test_spec_get_kind (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return spec->kind;
}

const char *
vol_test_spec_get_target (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return spec->target;
}

VolDataPattern
vol_test_spec_get_pattern (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, VOL_DATA_PATTERN_RANDOM);
  return spec->pattern;
}

guint64
vol_test_spec_get_seed (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, 0);
  return spec->seed;
}

const char *
vol_test_spec_get_label (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return spec->label;
}

GVariant *
vol_test_spec_get_params (const VolTestSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return spec->params;
}

gboolean
vol_test_spec_has (const VolTestSpec *spec,
                   const char        *key)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  return g_variant_dict_contains (spec->lookup, key);
}

/**
 * vol_test_spec_get_value:
 *
 * Returns: (transfer full) (nullable): the value of @key, or NULL if unset.
 */
GVariant *
vol_test_spec_get_value (const VolTestSpec *spec,
                         const char        *key)
{
  g_return_val_if_fail (spec != NULL, NULL);
  return g_variant_dict_lookup_value (spec->lookup, key, NULL);
}

/**
 * vol_test_spec_get_list_max:
 * @spec: a spec
 * @key: a parameter holding a list of integers (queue depths, thread counts)
 *
 * Returns: the largest item of the list, or 0 when the parameter is
 *   missing, empty, not a list of integers or holds only negative items.
 *   Any thread.
 */
gint64
vol_test_spec_get_list_max (const VolTestSpec *spec,
                            const char        *key)
{
  g_autoptr(GVariant) list = vol_test_spec_get_value (spec, key);
  const gint64 *items;
  gint64 max = 0;
  gsize n;

  if (list == NULL || !g_variant_is_of_type (list, G_VARIANT_TYPE ("ax")))
    return 0;
  items = g_variant_get_fixed_array (list, &n, sizeof (gint64));
  for (gsize i = 0; i < n; i++)
    max = MAX (max, items[i]);
  return max;
}

/* Reads accept both integers and doubles, since a spec read back from a
 * result file has lost the distinction JSON does not keep. */
gint64
vol_test_spec_get_int (const VolTestSpec *spec,
                       const char        *key)
{
  g_autoptr(GVariant) value = vol_test_spec_get_value (spec, key);

  if (value == NULL)
    return 0;
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    return g_variant_get_int64 (value);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    return (gint64) g_variant_get_double (value);
  return 0;
}

double
vol_test_spec_get_double (const VolTestSpec *spec,
                          const char        *key)
{
  g_autoptr(GVariant) value = vol_test_spec_get_value (spec, key);

  if (value == NULL)
    return 0;
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    return g_variant_get_double (value);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    return (double) g_variant_get_int64 (value);
  return 0;
}

/* The string lives as long as the spec: it points into spec->params. */
const char *
vol_test_spec_get_string (const VolTestSpec *spec,
                          const char        *key)
{
  const char *s = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  if (!g_variant_lookup (spec->params, key, "&s", &s))
    return NULL;
  return s;
}

/**
 * vol_test_spec_get_choice:
 * @choices: the parameter's choices, NULL-terminated (VolParamDesc.choices)
 *
 * Returns: the index of the spec's value among @choices; 0 (the first)
 *   when it is unset or not one of them
 */
guint
vol_test_spec_get_choice (const VolTestSpec  *spec,
                          const char         *key,
                          const char *const  *choices)
{
  const char *value = vol_test_spec_get_string (spec, key);

  for (guint i = 0; value && choices[i]; i++)
    if (g_str_equal (choices[i], value))
      return i;
  return 0;
}

/**
 * vol_test_spec_get_bool:
 *
 * Returns: a yes/no parameter's value; FALSE when unset
 */
gboolean
vol_test_spec_get_bool (const VolTestSpec *spec,
                        const char        *key)
{
  gboolean b = FALSE;

  g_return_val_if_fail (spec != NULL, FALSE);
  return g_variant_lookup (spec->params, key, "b", &b) && b;
}

/**
 * vol_test_spec_validate:
 *
 * Checks that @spec names @info's test, that every parameter it holds is
 * one @info knows, and that each value passes its own check, then runs the
 * test's cross-parameter check. The first problem becomes a VOL_SPEC_ERROR
 * naming the parameter. Any thread.
 */
gboolean
vol_test_spec_validate (const VolTestSpec *spec,
                        const VolTestInfo *info,
                        GError           **error)
{
  GVariantIter iter;
  const char *key;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  if (g_strcmp0 (spec->kind, info->name) != 0)
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND,
                   _("The spec is for test “%s”, not “%s”"), spec->kind, info->name);
      return FALSE;
    }

  if (spec->target == NULL || *spec->target == '\0')
    {
      g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                   _("target: a folder to test in is required"));
      return FALSE;
    }
  /* the folder goes into the test's fio job (fio-job, a remote run), the
   * label beside it: refused here, at every entry that builds a spec */
  if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "target", spec->target, error)
      || !vol_fio_value_check (VOL_FIO_VALUE_LABEL, "label", spec->label, error))
    return FALSE;

  g_variant_iter_init (&iter, spec->params);
  /* Only the keys matter here; NULL skips the values. */
  while (g_variant_iter_next (&iter, "{&sv}", &key, NULL))
    {
      if (vol_test_info_find_param (info, key) == NULL)
        {
          g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_PARAM,
                       _("%s: test “%s” has no such parameter"), key, info->name);
          return FALSE;
        }
    }

  for (guint i = 0; i < info->n_params; i++)
    {
      g_autoptr(GVariant) v = vol_test_spec_get_value (spec, info->params[i].key);
      if (!vol_param_check (&info->params[i], v, error))
        return FALSE;
    }

  if (info->check != NULL && !info->check (info, spec, error))
    return FALSE;
  return TRUE;
}

const VolParamDesc *
vol_test_info_find_param (const VolTestInfo *info,
                          const char        *key)
{
  g_return_val_if_fail (info != NULL, NULL);

  for (guint i = 0; i < info->n_params; i++)
    if (g_strcmp0 (info->params[i].key, key) == 0)
      return &info->params[i];
  return NULL;
}

/**
 * vol_test_info_title_message:
 * @message: a check's message, "to: 4 KiB is smaller than from (64 KiB)"
 *
 * The command line names parameters by key, and a check's message starts
 * with the key it is about; the window shows titles. Returns the message
 * with a leading "key: " of one of @info's parameters replaced by its
 * translated title ("Last size: …"), or a copy of @message as it is.
 */
char *
vol_test_info_title_message (const VolTestInfo *info,
                             const char        *message)
{
  const char *colon;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (message != NULL, NULL);

  colon = strstr (message, ": ");
  if (colon != NULL)
    {
      g_autofree char *key = g_strndup (message, colon - message);
      const VolParamDesc *desc = vol_test_info_find_param (info, key);

      if (desc != NULL && desc->title != NULL)
        return g_strconcat (_(desc->title), colon, NULL);
    }
  return g_strdup (message);
}

/**
 * vol_test_info_default_params:
 *
 * Returns: (transfer floating): an a{sv} with the default of every
 * parameter that has one.
 */
GVariant *
vol_test_info_default_params (const VolTestInfo *info)
{
  GVariantBuilder builder;

  g_return_val_if_fail (info != NULL, NULL);

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  for (guint i = 0; i < info->n_params; i++)
    {
      g_autoptr(GVariant) value = vol_param_default (&info->params[i]);
      if (value != NULL)
        g_variant_builder_add (&builder, "{sv}", info->params[i].key, value);
    }
  return g_variant_builder_end (&builder);
}
