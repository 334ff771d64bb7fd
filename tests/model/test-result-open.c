/* test-result-open.c — opening several files at once, as the app does
 *
 * The app's "A File Could Not Be Opened" / "Files Could Not Be Opened"
 * took its count from files − results, which a fio file (several results)
 * drove to zero or below: one bad file beside a two-job fio file was
 * "Files", and the count a negative number. The count now comes from the
 * loader, one per file that failed.
 */
#include <string.h>

#include <glib.h>

#include "vol-result-open.h"

static char *
data_path (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static void
test_fio_and_a_bad_file (void)
{
  g_autofree char *fio = data_path ("fio", "numjobs-generic.json");
  g_autofree char *good = data_path ("compare", "fill-64k.volumeter.json");
  g_autofree char *bad = data_path ("compare", "truncated.volumeter.json");
  const char *paths[] = { fio, bad, good };
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = NULL;
  guint n_failed;

  n_failed = vol_result_open_paths (paths, G_N_ELEMENTS (paths), results, &first, problems);
  /* the fio file gives two results, the good result one: as many results
   * as files, though one file failed */
  g_assert_cmpuint (results->len, ==, 3);
  g_assert_cmpuint (n_failed, ==, 1);
  g_assert_cmpuint (problems->len, ==, 1);
  g_test_message ("problem: %s", (char *) g_ptr_array_index (problems, 0));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "truncated.volumeter.json"));
  /* the path to point at is the Volumeter result's, never the fio file's */
  g_assert_cmpstr (first, ==, good);
  g_assert_cmpstr (((VolResult *) g_ptr_array_index (results, 2))->kind, ==, "fill");
}

static void
test_all_fail (void)
{
  g_autofree char *bad = data_path ("compare", "truncated.volumeter.json");
  g_autofree char *missing = data_path ("compare", "no-such-file.volumeter.json");
  g_autofree char *malformed = data_path ("fio", "malformed.json");
  const char *paths[] = { bad, missing, malformed };
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = NULL;
  guint n_failed;

  n_failed = vol_result_open_paths (paths, G_N_ELEMENTS (paths), results, &first, problems);
  g_assert_cmpuint (n_failed, ==, 3);
  g_assert_cmpuint (results->len, ==, 0);
  g_assert_null (first);
  for (guint i = 0; i < problems->len; i++)
    {
      g_test_message ("problem: %s", (char *) g_ptr_array_index (problems, i));
      g_assert_nonnull (strstr (g_ptr_array_index (problems, i), strrchr (paths[i], '/') + 1));
    }
}

static void
test_fio_only (void)
{
  g_autofree char *fio = data_path ("fio", "client-server.json");
  const char *paths[] = { fio };
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = NULL;

  g_assert_cmpuint (vol_result_open_paths (paths, 1, results, &first, problems), ==, 0);
  g_assert_cmpuint (results->len, ==, 3);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_null (first);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/result-open/fio-and-a-bad-file", test_fio_and_a_bad_file);
  g_test_add_func ("/vol/result-open/all-fail", test_all_fail);
  g_test_add_func ("/vol/result-open/fio-only", test_fio_only);
  return g_test_run ();
}
