/* test-fio-value.c — no text of a field or a file becomes a line of a
 * fio job
 *
 * The one check (vol-fio-value.c) on each kind of text it refuses, the
 * spec's validation and the job writer that call it, and a shared result
 * whose stored job and target carry exec_prerun=: the job made from it
 * holds no such line, or is refused.
 */
#include <string.h>

#include <glib.h>

#include "vol-error.h"
#include "vol-fio-job.h"
#include "vol-fio-value.h"
#include "vol-kinds.h"
#include "vol-result.h"
#include "vol-spec.h"

static void
assert_refused (VolFioValueKind  kind,
                const char      *value,
                const char      *why)
{
  g_autoptr(GError) error = NULL;

  if (vol_fio_value_check (kind, "target", value, &error))
    g_error ("“%s” passed", value);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  /* names the field and says why */
  g_assert_true (g_str_has_prefix (error->message, "target: "));
  if (strstr (error->message, why) == NULL)
    g_error ("“%s”: the message does not say “%s”: %s", value, why, error->message);
  /* and quotes the value with nothing a terminal would obey */
  g_assert_null (strchr (error->message, '\n'));
  g_assert_null (strchr (error->message, '\033'));
}

static void
test_refused (void)
{
  g_autofree char *long_path = g_strnfill (VOL_FIO_VALUE_MAX + 1, 'a');

  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\nexec_prerun=touch PWNED", "control character");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\rb", "control character");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\033[2J", "control character");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\177", "control character");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\302\233b", "control character"); /* U+009B, C1 CSI */
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/\377", "UTF-8");
  assert_refused (VOL_FIO_VALUE_PATH, "", "empty");
  assert_refused (VOL_FIO_VALUE_PATH, long_path, "longer");
  assert_refused (VOL_FIO_VALUE_PATH, " /mnt/a", "blank");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a ", "blank");
  assert_refused (VOL_FIO_VALUE_PATH, "-mnt", "“-”");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a;exec_prerun=x", "“;”");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a#b", "“#”");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/${HOME}", "“$”");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/$pagesize", "“$”");
  assert_refused (VOL_FIO_VALUE_PATH, "/mnt/a\\:b", "“\\”");
  assert_refused (VOL_FIO_VALUE_NAME, "qd[1]", "“[”");
  assert_refused (VOL_FIO_VALUE_LABEL, "RAID \033]0;pwned\007", "control character");
  assert_refused (VOL_FIO_VALUE_LABEL, "two\nlines", "control character");
}

static void
test_kept (void)
{
  static const char *const paths[] = {
    "/mnt/raid", "/mnt/a:b", "/mnt/a=b", "/mnt/50%", "/mnt/it's \"here\"", "/mnt/Größe 2×", "relative/-x",
  };
  static const char *const labels[] = {
    "2× X25-M RAID 0; 16 KiB stripe", "#1 drive, $5", "a\\b", "[x] = 3 %",
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      if (!vol_fio_value_check (VOL_FIO_VALUE_PATH, "target", paths[i], &error))
        g_error ("%s refused: %s", paths[i], error->message);
    }
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autoptr(GError) error = NULL;
      if (!vol_fio_value_check (VOL_FIO_VALUE_LABEL, "label", labels[i], &error))
        g_error ("%s refused: %s", labels[i], error->message);
    }
  g_assert_true (vol_fio_value_check (VOL_FIO_VALUE_LABEL, "label", NULL, NULL));
}

/* every entry builds a spec and validates it: CLI, window, scripting */
static void
test_spec (void)
{
  const VolTestInfo *info = vol_kinds_lookup ("transfer");
  g_autoptr(GVariant) params = g_variant_ref_sink (vol_test_info_default_params (info));
  g_autoptr(VolTestSpec) bad_target = NULL, bad_label = NULL, good = NULL;
  g_autoptr(GError) error = NULL;

  bad_target = vol_test_spec_new ("transfer", "/mnt/a\nexec_prerun=touch PWNED", VOL_DATA_PATTERN_RANDOM, 1,
                                  NULL, params);
  g_assert_false (vol_test_spec_validate (bad_target, info, &error));
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "target: "));
  g_clear_error (&error);

  bad_label = vol_test_spec_new ("transfer", "/mnt/a", VOL_DATA_PATTERN_RANDOM, 1, "\033[2J", params);
  g_assert_false (vol_test_spec_validate (bad_label, info, &error));
  g_assert_true (g_str_has_prefix (error->message, "label: "));
  g_clear_error (&error);

  good = vol_test_spec_new ("transfer", "/mnt/a", VOL_DATA_PATTERN_RANDOM, 1, "RAID 0; #2", params);
  g_assert_true (vol_test_spec_validate (good, info, &error));
  g_assert_no_error (error);
}

/* the writer refuses, whoever calls it */
static void
test_writer (void)
{
  const VolTestInfo *info = vol_kinds_lookup ("transfer");
  g_autoptr(GVariant) params = g_variant_ref_sink (vol_test_info_default_params (info));
  g_autoptr(GError) error = NULL;
  char *job;

  job = vol_fio_job_build ("transfer", params, NULL, VOL_DATA_PATTERN_RANDOM, VOL_CACHE_BYPASS_DIRECT, NULL,
                           VOL_IO_BUFFERS_PAGES, "/mnt/a\nexec_prerun=touch PWNED", &error);
  g_assert_null (job);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "directory: "));
  g_clear_error (&error);
  job = vol_fio_job_for_hosts ("transfer", params, VOL_DATA_PATTERN_RANDOM, "/srv/${HOME}", &error);
  g_assert_null (job);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
}

/* A shared result of a remote run: its stored job runs a command, its
 * target holds a line of its own. */
static char *
hostile_result (const char *path_json)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "data", "charts", "transfer.volumeter.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (file, &text, NULL, &error));
  s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "\"path\": \"/mnt/vol\"", path_json, 1), ==, 1);
  g_assert_cmpuint (g_string_replace (s, "\"resolved\": {",
                                      "\"resolved\": {\"remote-host\": \"db1:8765\", "
                                      "\"fio-job\": \"[global]\\nexec_prerun=touch PWNED\\n[x]\\nrw=read\\n\", ", 1),
                    ==, 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
assert_no_line_of_its_own (const char *job)
{
  g_auto(GStrv) lines = g_strsplit (job, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "exec_prerun") != NULL || strstr (lines[i], "PWNED") != NULL)
      g_error ("line %u: %s\n%s", i + 1, lines[i], job);
}

static void
test_result_stored_job (void)
{
  g_autofree char *text = hostile_result ("\"path\": \"/mnt/vol\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load_from_data (text, -1, &error);
  g_autofree char *job = NULL;

  g_assert_no_error (error);
  job = vol_fio_job_for_result (result, NULL, &error);
  g_assert_no_error (error);
  assert_no_line_of_its_own (job);
  /* the job the run sent, made again: sizes as asked, ordinary pages */
  g_assert_nonnull (strstr (job, "\ndirectory=/mnt/vol\n"));
  g_assert_null (strstr (job, "shmhuge"));
  g_assert_nonnull (strstr (job, "\n[write-1048576-0]\n"));
}

static void
test_result_target (void)
{
  g_autofree char *text = hostile_result ("\"path\": \"/mnt/vol\\nexec_prerun=touch PWNED\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = vol_result_load_from_data (text, -1, &error);
  char *job;

  /* loaded (and shown escaped), but never put in a job */
  g_assert_no_error (error);
  g_assert_nonnull (result);
  job = vol_fio_job_for_result (result, NULL, &error);
  g_assert_null (job);
  g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "target.path: "));
  g_clear_error (&error);
  /* another folder given: the job is made, in that folder */
  job = vol_fio_job_for_result (result, "/srv/x", &error);
  g_assert_no_error (error);
  assert_no_line_of_its_own (job);
  g_free (job);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/fio-value/refused", test_refused);
  g_test_add_func ("/vol/fio-value/kept", test_kept);
  g_test_add_func ("/vol/fio-value/spec", test_spec);
  g_test_add_func ("/vol/fio-value/writer", test_writer);
  g_test_add_func ("/vol/fio-value/result-stored-job", test_result_stored_job);
  g_test_add_func ("/vol/fio-value/result-target", test_result_target);
  return g_test_run ();
}
