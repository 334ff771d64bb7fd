/* test-spec.c — every bad value of a test's parameters gets its own message */
#include "vol-error.h"
#include "vol-registry.h"

static const VolTestInfo *
fill_info (void)
{
  const VolTestKind *kind = vol_registry_lookup ("fill");
  g_assert_nonnull (kind);
  return &kind->info;
}

static VolTestSpec *
spec_with (const char *key,
           GVariant   *value)
{
  GVariantDict dict;

  {
    g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (fill_info ()));

    g_variant_dict_init (&dict, defaults);
  }
  if (key)
    g_variant_dict_insert_value (&dict, key, value);
  return vol_test_spec_new ("fill", "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL, g_variant_dict_end (&dict));
}

static void
test_defaults_valid (void)
{
  g_autoptr(VolTestSpec) spec = spec_with (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reserve = NULL;

  g_assert_true (vol_test_spec_validate (spec, fill_info (), &error));
  g_assert_no_error (error);
  /* The defaults docs/measurement.md gives for Fill volume */
  g_assert_cmpint (vol_test_spec_get_int (spec, "files"), ==, 1000);
  g_assert_cmpint (vol_test_spec_get_int (spec, "chunk"), ==, 32 << 20);
  reserve = vol_test_spec_get_value (spec, "reserve");
  g_assert_true (g_variant_is_of_type (reserve, G_VARIANT_TYPE_DOUBLE));
  g_assert_cmpfloat (g_variant_get_double (reserve), ==, 2.0);
  g_assert_false (vol_test_spec_has (spec, "max-bytes"));
}

static void
test_bad_values (void)
{
  static const struct { const char *key; const char *text; const char *says; } cases[] = {
    { "files", "abc", "files: “abc” is not a whole number" },
    { "files", "0", "files: 0 is out of range; use 1 to 1000000" },
    { "files", "-5", "files: -5 is out of range" },
    { "files", "2000000", "files: 2000000 is out of range" },
    { "files", "12x", "is not a whole number" },
    { "chunk", "1K", "chunk: 1K is out of range; use 4K to 1G" },
    { "chunk", "2G", "chunk: 2G is out of range" },
    { "chunk", "6000", "chunk: 6000 is not a multiple of 4 KiB" },
    { "chunk", "fast", "chunk: “fast” is not a size" },
    { "reserve", "95%", "reserve: 95% is out of range; use 0% to 90%" },
    { "reserve", "lots", "reserve: “lots” is not a size" },
    { "max-bytes", "512K", "max-bytes: 512K is out of range" },
    { "max-bytes", "-1G", "max-bytes: “-1G” is not a size: sizes cannot be negative" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const VolParamDesc *desc = vol_test_info_find_param (fill_info (), cases[i].key);
      g_autoptr(GError) error = NULL;
      GVariant *value = NULL;

      g_assert_nonnull (desc);
      g_assert_false (vol_param_parse (desc, cases[i].text, &value, &error));
      g_assert_null (value);
      g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
      g_test_message ("%s=%s → %s", cases[i].key, cases[i].text, error->message);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

static void
test_validate_rejects (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolTestSpec) wrong_type = spec_with ("files", g_variant_new_string ("ten"));
  g_autoptr(VolTestSpec) out_of_range = spec_with ("chunk", g_variant_new_int64 (100));
  g_autoptr(VolTestSpec) unknown = spec_with ("speed", g_variant_new_int64 (1));
  g_autoptr(VolTestSpec) no_target = vol_test_spec_new ("fill", NULL, VOL_DATA_PATTERN_RANDOM, 0, NULL,
                                                        vol_test_info_default_params (fill_info ()));
  g_autoptr(VolTestSpec) other_kind = vol_test_spec_new ("transfer", "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL, NULL);

  g_assert_false (vol_test_spec_validate (wrong_type, fill_info (), &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "files:"));
  g_clear_error (&error);

  g_assert_false (vol_test_spec_validate (out_of_range, fill_info (), &error));
  g_assert_nonnull (strstr (error->message, "chunk: 100 is out of range"));
  g_clear_error (&error);

  g_assert_false (vol_test_spec_validate (unknown, fill_info (), &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_PARAM);
  g_assert_nonnull (strstr (error->message, "speed"));
  g_clear_error (&error);

  g_assert_false (vol_test_spec_validate (no_target, fill_info (), &error));
  g_assert_nonnull (strstr (error->message, "target"));
  g_clear_error (&error);

  g_assert_false (vol_test_spec_validate (other_kind, fill_info (), &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_UNKNOWN_KIND);
}

static void
test_format_round_trip (void)
{
  const VolTestInfo *info = fill_info ();

  for (guint i = 0; i < info->n_params; i++)
    {
      const VolParamDesc *desc = &info->params[i];
      g_autoptr(GVariant) value = vol_param_default (desc);
      g_autofree char *text = NULL;
      g_autoptr(GVariant) back = NULL;

      if (value == NULL)
        {
          g_assert_true (desc->flags & VOL_PARAM_FLAG_OPTIONAL);
          continue;
        }
      text = vol_param_format (desc, value);
      g_assert_true (vol_param_parse (desc, text, &back, NULL));
      g_assert_true (g_variant_equal (value, back));
      g_assert_nonnull (desc->title);
      g_assert_nonnull (desc->help);
    }
}

static void
test_registry (void)
{
  guint n;
  const VolTestKind *const *kinds = vol_registry_list (&n);

  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (vol_registry_lookup (kinds[i]->info.name) == kinds[i]);
      /* Every default of every test parses and passes its own check. */
      for (guint j = 0; j < kinds[i]->info.n_params; j++)
        {
          g_autoptr(GVariant) v = vol_param_default (&kinds[i]->info.params[j]);
          g_assert_true (v != NULL || (kinds[i]->info.params[j].flags & VOL_PARAM_FLAG_OPTIONAL));
        }
    }
  g_assert_null (vol_registry_lookup ("no-such-test"));
}

/* The other kinds' parameter types: lists, choices, seconds, powers of two. */
static void
test_other_types (void)
{
  static const struct { const char *kind; const char *key; const char *text; const char *says; } bad[] = {
    { "queue", "depths", "1,x,4", "depths: “x” is not a whole number" },
    { "queue", "depths", "0", "depths: 0 is out of range; use 1 to 1024" },
    { "queue", "depths", "", "depths: at least one value is required" },
    { "queue", "mode", "sideways", "mode: “sideways” is not one of read, write, mix" },
    { "queue", "seconds", "0.5", "seconds: 0.5 is out of range; use 1 to 3600" },
    { "queue", "seconds", "soon", "seconds: “soon” is not a number" },
    { "transfer", "from", "3000", "from: 3000 is not a power of two" },
    { "transfer", "to", "2G", "to: 2G is out of range; use 512 to 1G" },
  };
  static const struct { const char *kind; const char *key; const char *text; const char *back; } good[] = {
    { "queue", "depths", "3", "3" },
    { "queue", "depths", "1, 2,4", "1,2,4" },
    { "queue", "mode", "mix", "mix" },
    { "queue", "seconds", "1.5", "1.5" },
    { "transfer", "from", "512", "512" },
    { "transfer", "to", "1G", "1G" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const VolTestKind *kind = vol_registry_lookup (bad[i].kind);
      const VolParamDesc *desc = vol_test_info_find_param (&kind->info, bad[i].key);
      g_autoptr(GError) error = NULL;
      GVariant *value = NULL;

      g_assert_false (vol_param_parse (desc, bad[i].text, &value, &error));
      g_test_message ("%s %s=%s → %s", bad[i].kind, bad[i].key, bad[i].text, error->message);
      g_assert_nonnull (strstr (error->message, bad[i].says));
    }
  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      const VolTestKind *kind = vol_registry_lookup (good[i].kind);
      const VolParamDesc *desc = vol_test_info_find_param (&kind->info, good[i].key);
      g_autoptr(GError) error = NULL;
      g_autoptr(GVariant) value = NULL;
      g_autofree char *text = NULL;

      g_assert_true (vol_param_parse (desc, good[i].text, &value, &error));
      g_assert_no_error (error);
      text = vol_param_format (desc, value);
      g_assert_cmpstr (text, ==, good[i].back);
    }
}

/* The largest item of a list parameter; 0 for anything that is not one */
static void
test_list_max (void)
{
  static const gint64 depths[] = { 4, 32, 1, 16 };
  static const gint64 negative[] = { -3, -1 };
  GVariantDict dict;
  g_autoptr(VolTestSpec) spec = NULL;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert_value (&dict, "depths",
                               g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, depths, G_N_ELEMENTS (depths), sizeof (gint64)));
  g_variant_dict_insert_value (&dict, "negative",
                               g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, negative, G_N_ELEMENTS (negative), sizeof (gint64)));
  g_variant_dict_insert_value (&dict, "empty",
                               g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, NULL, 0, sizeof (gint64)));
  g_variant_dict_insert_value (&dict, "block", g_variant_new_int64 (4096));
  spec = vol_test_spec_new ("queue", "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL, g_variant_dict_end (&dict));

  g_assert_cmpint (vol_test_spec_get_list_max (spec, "depths"), ==, 32);
  g_assert_cmpint (vol_test_spec_get_list_max (spec, "negative"), ==, 0);
  g_assert_cmpint (vol_test_spec_get_list_max (spec, "empty"), ==, 0);
  g_assert_cmpint (vol_test_spec_get_list_max (spec, "block"), ==, 0);
  g_assert_cmpint (vol_test_spec_get_list_max (spec, "missing"), ==, 0);
}

/* Every choice of every test has words for menus, one per choice */
static void
test_choice_labels (void)
{
  guint n_kinds, n_choice_params = 0;
  const VolTestKind *const *kinds = vol_registry_list (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    for (guint p = 0; p < kinds[i]->info.n_params; p++)
      {
        const VolParamDesc *desc = &kinds[i]->info.params[p];
        if (desc->type != VOL_PARAM_CHOICE)
          continue;
        n_choice_params++;
        g_assert_nonnull (desc->choice_labels);
        g_assert_cmpuint (g_strv_length ((char **) desc->choice_labels), ==,
                          g_strv_length ((char **) desc->choices));
        for (guint c = 0; desc->choices[c]; c++)
          g_assert_cmpstr (vol_param_choice_label (desc, c), ==, desc->choice_labels[c]);
      }
  g_assert_cmpuint (n_choice_params, >=, 6);
  /* the queue's modes read as words */
  g_assert_cmpstr (vol_param_choice_label (vol_test_info_find_param (&vol_registry_lookup ("queue")->info, "mode"), 0),
                   ==, "Random reads");
}

/* A row's message names its title; the command line's names the key */
static void
test_titled_message (void)
{
  const VolParamDesc *chunk = vol_test_info_find_param (fill_info (), "chunk");
  const VolParamDesc *files = vol_test_info_find_param (fill_info (), "files");
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (vol_param_parse_titled (chunk, "fast", &value, &error));
  g_assert_true (g_str_has_prefix (error->message, "Chunk size: "));
  g_clear_error (&error);
  g_assert_false (vol_param_parse (chunk, "fast", &value, &error));
  g_assert_true (g_str_has_prefix (error->message, "chunk: "));
  g_clear_error (&error);
  /* 0 files: out of range, and the message says the range */
  g_assert_false (vol_param_parse_titled (files, "0", &value, &error));
  g_assert_cmpstr (error->message, ==, "Files: 0 is out of range; use 1 to 1000000");
}

/* Fill's reserve against the target's free space: bytes and percentages */
static void
test_check_space (void)
{
  const VolParamDesc *reserve = vol_test_info_find_param (fill_info (), "reserve");
  const VolParamDesc *chunk = vol_test_info_find_param (fill_info (), "chunk");
  g_autoptr(GVariant) big = NULL;
  g_autoptr(GVariant) small = NULL;
  g_autoptr(GVariant) pct = NULL;
  g_autoptr(GError) error = NULL;
  const guint64 cap = 100ull << 30, free_bytes = 10ull << 30;

  g_assert_true (vol_param_parse (reserve, "99T", &big, NULL));
  g_assert_true (vol_param_parse (reserve, "64M", &small, NULL));
  g_assert_true (vol_param_parse (reserve, "20%", &pct, NULL));
  g_assert_false (vol_param_check_space (reserve, big, cap, free_bytes, "/mnt", &error));
  g_assert_true (g_str_has_prefix (error->message, "Reserve: 99 TiB is not less than the free space of /mnt"));
  g_clear_error (&error);
  g_assert_true (vol_param_check_space (reserve, small, cap, free_bytes, "/mnt", &error));
  g_assert_no_error (error);
  /* 20 % of 100 GiB is 20 GiB, more than the 10 GiB free */
  g_assert_false (vol_param_check_space (reserve, pct, cap, free_bytes, "/mnt", &error));
  g_assert_true (g_str_has_prefix (error->message, "Reserve: 20% (20 GiB) is not less than"));
  g_clear_error (&error);
  /* a volume without a size (ramfs) cannot be checked; others have no such range */
  g_assert_true (vol_param_check_space (reserve, big, 0, 0, "/mnt", NULL));
  g_assert_true (vol_param_check_space (chunk, big, cap, free_bytes, "/mnt", NULL));
}

/* The window names a cross-parameter check's subject by its title. */
static void
test_title_message (void)
{
  static const VolParamDesc params[] = {
    { .key = "to", .title = "Last size", .type = VOL_PARAM_SIZE },
  };
  static const VolTestInfo info = { .name = "t", .title = "T", .params = params, .n_params = 1 };
  g_autofree char *titled = vol_test_info_title_message (&info, "to: 4 KiB is smaller than from (64 KiB)");
  g_autofree char *other = vol_test_info_title_message (&info, "from: 4 KiB is odd");
  g_autofree char *plain = vol_test_info_title_message (&info, "No colon here");

  g_assert_cmpstr (titled, ==, "Last size: 4 KiB is smaller than from (64 KiB)");
  g_assert_cmpstr (other, ==, "from: 4 KiB is odd");
  g_assert_cmpstr (plain, ==, "No colon here");
}

/* A choice's index among its parameter's choices, a yes/no as a boolean;
 * unset or unknown: the first choice, FALSE. */
static void
test_choice_and_bool (void)
{
  static const char *const modes[] = { "read", "write", "mix", NULL };
  g_autoptr(VolTestSpec) spec = vol_test_spec_new ("quick", "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL,
                                                   g_variant_new_parsed ("{'mode': <'mix'>, 'other': <'nonsense'>, "
                                                                         "'mix': <true>, 'off': <false>}"));

  g_assert_cmpuint (vol_test_spec_get_choice (spec, "mode", modes), ==, 2);
  g_assert_cmpuint (vol_test_spec_get_choice (spec, "other", modes), ==, 0);
  g_assert_cmpuint (vol_test_spec_get_choice (spec, "missing", modes), ==, 0);
  g_assert_true (vol_test_spec_get_bool (spec, "mix"));
  g_assert_false (vol_test_spec_get_bool (spec, "off"));
  g_assert_false (vol_test_spec_get_bool (spec, "missing"));
  /* a string is not a yes */
  g_assert_false (vol_test_spec_get_bool (spec, "mode"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/spec/defaults-valid", test_defaults_valid);
  g_test_add_func ("/vol/spec/list-max", test_list_max);
  g_test_add_func ("/vol/spec/bad-values", test_bad_values);
  g_test_add_func ("/vol/spec/validate-rejects", test_validate_rejects);
  g_test_add_func ("/vol/spec/format-round-trip", test_format_round_trip);
  g_test_add_func ("/vol/spec/registry", test_registry);
  g_test_add_func ("/vol/spec/other-types", test_other_types);
  g_test_add_func ("/vol/spec/choice-labels", test_choice_labels);
  g_test_add_func ("/vol/spec/titled-message", test_titled_message);
  g_test_add_func ("/vol/spec/check-space", test_check_space);
  g_test_add_func ("/vol/spec/title-message", test_title_message);
  g_test_add_func ("/vol/spec/choice-and-bool", test_choice_and_bool);
  return g_test_run ();
}
