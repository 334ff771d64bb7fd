/* test-file-write.c — vol_file_write_atomic(): whole or nothing, no leftovers;
 * vol_file_write_new/unique() and the results saved through them: never over
 * another file */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/stat.h>

#include "vol-file-write.h"
#include "vol-result.h"

static char *
make_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("vol-file-write-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_write_and_replace (void)
{
  g_autofree char *dir = make_folder ();
  g_autofree char *path = g_build_filename (dir, "out.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GStatBuf st;

  g_assert_true (vol_file_write_atomic (path, "first", 5, &error));
  g_assert_no_error (error);
  g_assert_true (vol_file_write_atomic (path, "second, longer", 14, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "second, longer");
  /* the file and nothing else: no temporary name left beside it */
  g_assert_cmpuint (count_entries (dir), ==, 1);
  /* a regular file, readable by others as saved results always were */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_missing_folder (void)
{
  g_autofree char *dir = make_folder ();
  g_autofree char *path = g_build_filename (dir, "gone", "out.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (vol_file_write_atomic (path, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "gone"));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* The write fails at its last step (the name is a folder: rename refuses
 * it, for root too): an error naming the path, the folder's contents as
 * they were, and no temporary file left beside it. */
static void
test_failed_rename_leaves_nothing (void)
{
  g_autofree char *dir = make_folder ();
  g_autofree char *path = g_build_filename (dir, "out.json", NULL);
  g_autofree char *inner = g_build_filename (path, "keep", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inner, "kept", 4, NULL));
  g_assert_false (vol_file_write_atomic (path, "new", 3, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "out.json"));
  g_assert_true (g_file_get_contents (inner, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "kept");
  g_assert_cmpuint (count_entries (dir), ==, 1);
  g_unlink (inner);
  g_rmdir (path);
  g_rmdir (dir);
}

static char *
read_text (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  return text;
}

static void
remove_all (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* An existing name is refused and left byte for byte as it was. */
static void
test_new_refuses_existing (void)
{
  g_autofree char *dir = make_folder ();
  g_autofree char *path = g_build_filename (dir, "out.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (vol_file_write_new (path, "first", 5, &error));
  g_assert_no_error (error);
  g_assert_false (vol_file_write_new (path, "second", 6, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "out.json"));
  text = read_text (dir, "out.json");
  g_assert_cmpstr (text, ==, "first");
  g_assert_cmpuint (count_entries (dir), ==, 1);
  remove_all (dir);
}

static void
test_unique_counts_on (void)
{
  g_autofree char *dir = make_folder ();
  static const char *const want[] = { "run.json", "run-2.json", "run-3.json" };

  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *data = g_strdup_printf ("run %u", i);
      g_autofree char *path = vol_file_write_unique (dir, "run", ".json", data, strlen (data), &error);
      g_autofree char *base = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      base = g_path_get_basename (path);
      g_assert_cmpstr (base, ==, want[i]);
      text = read_text (dir, want[i]);
      g_assert_cmpstr (text, ==, data);
    }
  g_assert_cmpuint (count_entries (dir), ==, G_N_ELEMENTS (want));
  remove_all (dir);
}

#define N_WRITERS 6
#define N_EACH 25

typedef struct
{
  const char *dir;
  guint       id;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;

  for (guint i = 0; i < N_EACH; i++)
    {
      g_autofree char *text = g_strdup_printf ("writer %u, file %u", w->id, i);
      g_autofree char *path = vol_file_write_unique (w->dir, "same", ".json", text, strlen (text), NULL);

      g_assert_nonnull (path);
    }
  return NULL;
}

/* Writers that all want one name at once: every write gets a file of its
 * own, holding what it wrote (the race that an existence test followed by
 * a rename loses). */
static void
test_unique_concurrent (void)
{
  g_autofree char *dir = make_folder ();
  Writer writers[N_WRITERS];
  GThread *threads[N_WRITERS];
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) d = NULL;
  const char *name;

  for (guint i = 0; i < N_WRITERS; i++)
    {
      writers[i] = (Writer) { dir, i };
      threads[i] = g_thread_new ("writer", writer_thread, &writers[i]);
    }
  for (guint i = 0; i < N_WRITERS; i++)
    g_thread_join (threads[i]);

  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *text = read_text (dir, name);

      g_assert_nonnull (text);
      /* each text once: no file was written over another */
      g_assert_false (g_hash_table_contains (seen, text));
      g_hash_table_add (seen, text);
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, N_WRITERS * N_EACH);
  remove_all (dir);
}

static VolResult *
small_result (const char *kind)
{
  VolResult *result = vol_result_new (kind);

  g_free (result->label);
  result->label = g_strdup ("x");
  return result;
}

/* A host's name becomes part of a file name: only letters, digits and
 * ".-_", nothing that could climb out of the folder. */
static void
test_result_stem (void)
{
  g_autoptr(VolResult) result = small_result ("random");
  static const struct { const char *part; const char *tail; } cases[] = {
    { NULL, "" },
    { "db1:8765", "-db1-8765" },
    { "[::ffff:127.0.0.1]:8765", "-ffff-127.0.0.1-8765" },
    { "../../etc/passwd", "-etc-passwd" },
    { "/", "-host" },
    { "a\nb\x1b[2J", "-a-b-2J" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *stem = vol_result_file_stem (result, cases[i].part);
      g_autofree char *head = NULL;

      g_assert_true (g_str_has_prefix (stem, "volumeter-random-"));
      /* volumeter-random-YYYYMMDD-HHMMSS, then the part */
      g_assert_cmpuint (strlen (stem), >=, strlen ("volumeter-random-20261203-101500"));
      head = g_strndup (stem, strlen ("volumeter-random-20261203-101500"));
      g_assert_cmpstr (stem + strlen (head), ==, cases[i].tail);
      g_assert_null (strchr (stem, '/'));
    }
}

/* Five results saved in one instant under one stem: five files; the one
 * the user named is refused when it exists and left as it was. */
static void
test_result_save_unique_and_new (void)
{
  g_autoptr(VolResult) result = small_result ("random");
  g_autofree char *dir = make_folder ();
  g_autofree char *named = g_build_filename (dir, "mine.volumeter.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *path = vol_result_save_unique (result, dir, "volumeter-random-same", &error);

      g_assert_no_error (error);
      g_assert_true (g_str_has_suffix (path, ".volumeter.json"));
    }
  g_assert_cmpuint (count_entries (dir), ==, 5);

  g_assert_true (g_file_set_contents (named, "keep me", -1, NULL));
  g_assert_false (vol_result_save_new (result, named, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "mine.volumeter.json"));
  g_assert_nonnull (strstr (error->message, "--force"));
  g_assert_true (g_file_get_contents (named, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "keep me");
  g_assert_cmpuint (count_entries (dir), ==, 6);
  remove_all (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/file-write/write-and-replace", test_write_and_replace);
  g_test_add_func ("/vol/file-write/missing-folder", test_missing_folder);
  g_test_add_func ("/vol/file-write/failed-rename-leaves-nothing", test_failed_rename_leaves_nothing);
  g_test_add_func ("/vol/file-write/new-refuses-existing", test_new_refuses_existing);
  g_test_add_func ("/vol/file-write/unique-counts-on", test_unique_counts_on);
  g_test_add_func ("/vol/file-write/unique-concurrent", test_unique_concurrent);
  g_test_add_func ("/vol/file-write/result-stem", test_result_stem);
  g_test_add_func ("/vol/file-write/result-save-unique-and-new", test_result_save_unique_and_new);
  return g_test_run ();
}
