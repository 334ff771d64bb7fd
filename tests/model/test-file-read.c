/* test-file-read.c — every reader refuses what is not a file before
 * reading, and reads no more than its cap
 *
 * A FIFO with no writer would block read() (and open() without
 * O_NONBLOCK) for ever: each case would hang, not fail, without the
 * check, so the meson timeout is the witness. The fio importer's value
 * cap is measured on 16 MiB of "[{},{},…]": refused, and the peak memory
 * of the process grows by far less than json-glib would take.
 */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-file-read.h"
#include "vol-fio-hosts.h"
#include "vol-fio-import.h"
#include "vol-result-open.h"
#include "vol-result.h"

typedef struct
{
  char *dir;
  char *fifo;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("volumeter-file-read.XXXXXX", &error);
  g_assert_no_error (error);
  f->fifo = g_build_filename (f->dir, "pipe.volumeter.json", NULL);
  g_assert_cmpint (mkfifo (f->fifo, 0600), ==, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_unlink (f->fifo);
  g_rmdir (f->dir);
  g_free (f->fifo);
  g_free (f->dir);
}

static void
assert_not_a_file (const GError *error,
                   const char   *what)
{
  g_assert_nonnull (error);
  if (strstr (error->message, what) == NULL || strstr (error->message, "not a file") == NULL)
    g_error ("the message does not say it is %s: %s", what, error->message);
}

static void
test_fifo (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = NULL;
  g_autoptr(GPtrArray) imported = NULL;
  g_autoptr(GPtrArray) hosts = NULL;
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_result_unref);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  const char *paths[] = { f->fifo };
  gsize length;

  g_assert_null (vol_file_read_bounded (f->fifo, 1024, &length, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  assert_not_a_file (error, "FIFO");
  g_clear_error (&error);

  /* show, compare */
  result = vol_result_load (f->fifo, &error);
  g_assert_null (result);
  assert_not_a_file (error, "FIFO");
  /* the message names the file */
  g_assert_nonnull (strstr (error->message, "pipe.volumeter.json: "));
  g_clear_error (&error);

  /* import-fio */
  imported = vol_fio_import_load (f->fifo, NULL, &error);
  g_assert_null (imported);
  assert_not_a_file (error, "FIFO");
  g_clear_error (&error);

  /* the app's Open */
  g_assert_cmpuint (vol_result_open_paths (paths, 1, results, NULL, problems), ==, 1);
  g_assert_cmpuint (results->len, ==, 0);
  assert_not_a_file (&(GError) { 0, 0, g_ptr_array_index (problems, 0) }, "FIFO");

  /* a remote run's host list */
  hosts = vol_fio_hosts_load (f->fifo, VOL_FIO_DEFAULT_PORT, &error);
  g_assert_null (hosts);
  assert_not_a_file (error, "FIFO");
}

static void
test_device_and_folder (void)
{
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_null (vol_file_read_bounded ("/dev/zero", 1024, &length, &error));
  assert_not_a_file (error, "device");
  g_clear_error (&error);
  g_assert_null (vol_result_load ("/dev/null", &error));
  assert_not_a_file (error, "device");
  g_clear_error (&error);
  g_assert_null (vol_file_read_bounded ("/", 1024, &length, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  assert_not_a_file (error, "folder");
}

static void
test_bounded (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("volumeter-file-read.XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "f", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_set_contents (path, "0123456789", 10, &error));
  data = vol_file_read_bounded (path, 4, &length, &error);
  g_assert_no_error (error);
  /* the cap and one byte more: the caller sees the file is larger */
  g_assert_cmpuint (length, ==, 5);
  g_assert_cmpstr (data, ==, "01234");
  g_clear_pointer (&data, g_free);
  data = vol_file_read_bounded (path, 100, &length, &error);
  g_assert_cmpuint (length, ==, 10);
  g_unlink (path);
  g_rmdir (dir);
}

static glong
peak_kib (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &usage), ==, 0);
  return usage.ru_maxrss;
}

static void
test_fio_values (void)
{
  const gsize size = 16 * 1024 * 1024;
  g_autoptr(GString) text = g_string_sized_new (size + 64);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  glong before;

  g_string_append (text, "{\"fio version\": \"fio-3.33\", \"jobs\": [{}");
  while (text->len < size)
    g_string_append (text, ",{}");
  g_string_append (text, "]}");
  before = peak_kib ();
  results = vol_fio_import_from_data (text->str, (gssize) text->len, NULL, &error);
  g_assert_null (results);
  g_assert_error (error, VOL_RESULT_ERROR, VOL_RESULT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "JSON values"));
  /* the text and the importer's copy of it, not json-glib's 1.7 GB */
  g_test_message ("peak grew by %ld KiB", peak_kib () - before);
  g_assert_cmpint (peak_kib () - before, <, 64 * 1024);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/vol/file-read/fifo", Fixture, NULL, fixture_set_up, test_fifo, fixture_tear_down);
  g_test_add_func ("/vol/file-read/device-and-folder", test_device_and_folder);
  g_test_add_func ("/vol/file-read/bounded", test_bounded);
  g_test_add_func ("/vol/file-read/fio-values", test_fio_values);
  return g_test_run ();
}
