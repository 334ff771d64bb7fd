/* test-estimate.c — what each test says it will write, and for how long,
 * before Start (VolTestInfo.estimate, vol-estimate.c): the model's kinds
 * alone, no engine
 *
 * Worked out by hand from each kind's parameters as docs/tests/<kind>.md
 * describes them, on a volume of 200 GB with 100 GB free. */
#include <string.h>

#include "vol-estimate.h"
#include "vol-kinds.h"

#define GB 1000000000ull

/* @kind's defaults with KEY, TEXT pairs over them; the estimate. */
static void
estimate (const char  *kind_name,
          guint64      free_bytes,
          VolEstimate *out,
          ...)
{
  const VolTestInfo *kind = vol_kinds_lookup (kind_name);
  GVariantDict dict;
  g_autoptr(VolTestSpec) spec = NULL;
  g_autoptr(GError) error = NULL;
  const char *key;
  va_list ap;

  g_assert_nonnull (kind);
  {
    g_autoptr(GVariant) defaults = g_variant_ref_sink (vol_test_info_default_params (kind));

    g_variant_dict_init (&dict, defaults);
  }
  va_start (ap, out);
  while ((key = va_arg (ap, const char *)) != NULL)
    {
      const char *text = va_arg (ap, const char *);
      GVariant *v = NULL;
      g_assert_true (vol_param_parse (vol_test_info_find_param (kind, key), text, &v, &error));
      g_variant_dict_insert_value (&dict, key, v);
      g_variant_unref (v);
    }
  va_end (ap);
  spec = vol_test_spec_new (kind_name, "/tmp", VOL_DATA_PATTERN_RANDOM, 0, NULL, g_variant_dict_end (&dict));
  g_assert_true (vol_test_spec_validate (spec, kind, &error));
  g_assert_true (vol_test_info_estimate (kind, spec, free_bytes, 200 * GB, out));
}

static void
test_every_kind_has_one (void)
{
  guint n;
  const VolTestInfo *const *kinds = vol_kinds_list (&n);

  for (guint i = 0; i < n; i++)
    {
      VolEstimate e;
      g_autofree char *text = NULL;

      estimate (kinds[i]->name, 100 * GB, &e, NULL);
      text = vol_estimate_describe (&e);
      g_test_message ("%s: %s", kinds[i]->name, text);
      g_assert_true (g_str_has_prefix (text, "Writes "));
      g_assert_nonnull (strstr (text, " · about "));
      g_assert_cmpfloat (vol_estimate_seconds (&e), >, 0);
    }
}

static void
test_quick (void)
{
  VolEstimate e;
  g_autofree char *text = NULL;

  /* 1 GiB laid down; 2 modes × (2 s warm-up + 5 loops × 4 rows × 5 s) */
  estimate ("quick", 100 * GB, &e, NULL);
  g_assert_cmpuint (e.bytes_written, ==, GiB);
  g_assert_true (e.timed_writes);
  g_assert_cmpfloat (e.fixed_seconds, ==, 2 * (2 + 5 * 4 * 5));
  text = vol_estimate_describe (&e);
  /* 204 s + 1 GiB (1.07 GB) at 100 MB/s = 214.7 s */
  g_assert_cmpstr (text, ==, "Writes 1 GiB and then, for set times, as much as the device takes · about 3:35");
  g_clear_pointer (&text, g_free);

  /* the mix, a pause; and a volume with less room than the test size */
  estimate ("quick", 512 * MiB, &e, "mix", "yes", "pause", "1", "loops", "1", "profile", "peak", NULL);
  g_assert_cmpuint (e.bytes_written, ==, 512 * MiB - 64 * MiB);
  g_assert_cmpfloat (e.fixed_seconds, ==, 3 * (2 + 1 * 2 * (5 + 1)));
}

static void
test_fill (void)
{
  VolEstimate e;

  /* reserve 2 % of 200 GB = 4 GB: 96 GB written, then read */
  estimate ("fill", 100 * GB, &e, NULL);
  g_assert_cmpuint (e.bytes_written, ==, 96 * GB);
  g_assert_cmpuint (e.bytes_moved, ==, 2 * 96 * GB);
  g_assert_false (e.timed_writes);
  estimate ("fill", 100 * GB, &e, "max-bytes", "1G", NULL);
  g_assert_cmpuint (e.bytes_written, ==, GiB);
  /* no room beyond the reserve: nothing */
  estimate ("fill", 1 * GB, &e, NULL);
  g_assert_cmpuint (e.bytes_written, ==, 0);
}

static void
test_timed_kinds (void)
{
  VolEstimate e;
  g_autofree char *text = NULL;

  /* transfer 4K…128M = 16 sizes, 1 GiB region, 5 iterations */
  estimate ("transfer", 100 * GB, &e, "from", "4K", "to", "128M", NULL);
  g_assert_cmpuint (e.bytes_written, ==, 16 * 5 * GiB);
  /* queue reads write only their file; writes write for their time */
  estimate ("queue", 100 * GB, &e, "span", "1G", "depths", "1,4,32", "seconds", "10", NULL);
  g_assert_cmpuint (e.bytes_written, ==, GiB);
  g_assert_false (e.timed_writes);
  g_assert_cmpfloat (e.fixed_seconds, ==, 30);
  estimate ("queue", 100 * GB, &e, "mode", "write", NULL);
  g_assert_true (e.timed_writes);
  /* threads: the most threads' files */
  estimate ("threads", 100 * GB, &e, "threads", "1,2,8", "bytes-per-thread", "64M", "seconds", "4", "mode", "seqrd", NULL);
  g_assert_cmpuint (e.bytes_written, ==, 8 * 64 * MiB);
  g_assert_false (e.timed_writes);
  g_assert_cmpfloat (e.fixed_seconds, ==, 12);
  /* cached from the device writes nothing */
  estimate ("cached", 100 * GB, &e, "source", "device", "cached-seconds", "2", "device-seconds", "3", NULL);
  g_assert_cmpuint (e.bytes_written, ==, 0);
  text = vol_estimate_describe (&e);
  g_assert_cmpstr (text, ==, "Writes nothing · about 0:05");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate/every-kind", test_every_kind_has_one);
  g_test_add_func ("/estimate/quick", test_quick);
  g_test_add_func ("/estimate/fill", test_fill);
  g_test_add_func ("/estimate/timed-kinds", test_timed_kinds);
  return g_test_run ();
}
