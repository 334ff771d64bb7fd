/* test-file-write.c — vol_file_write_atomic(): whole or nothing, no leftovers */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/stat.h>

#include "vol-file-write.h"

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/file-write/write-and-replace", test_write_and_replace);
  g_test_add_func ("/vol/file-write/missing-folder", test_missing_folder);
  g_test_add_func ("/vol/file-write/failed-rename-leaves-nothing", test_failed_rename_leaves_nothing);
  return g_test_run ();
}
