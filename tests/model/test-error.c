/* test-error.c — merging the failures of several threads into one
 *
 * The Queue depth and Threads tests join their workers and keep one error:
 * the first real failure, over the cancels it caused. Each used its own
 * copy of that logic, and the Threads copy dereferenced a NULL GError **
 * (which GLib's convention allows) once a second worker had failed.
 */
#include <gio/gio.h>

#include "vol-error.h"

static GError *
cancelled (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
}

static GError *
failed (const char *message)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, message);
}

/* The caller did not ask for the error: every worker's is freed, and
 * merging two or more must not touch *NULL. */
static void
test_null (void)
{
  vol_error_keep_first (NULL, failed ("first"));
  vol_error_keep_first (NULL, failed ("second"));
  vol_error_keep_first (NULL, cancelled ());
  vol_error_keep_first (NULL, NULL);
}

static void
test_first_real_wins (void)
{
  g_autoptr(GError) error = NULL;

  vol_error_keep_first (&error, NULL);
  g_assert_no_error (error);
  vol_error_keep_first (&error, cancelled ());
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* a real failure replaces the cancel it caused… */
  vol_error_keep_first (&error, failed ("first"));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "first");
  /* …and is kept over later ones, real or cancels */
  vol_error_keep_first (&error, failed ("second"));
  vol_error_keep_first (&error, cancelled ());
  g_assert_cmpstr (error->message, ==, "first");
}

static void
test_cancels_only (void)
{
  g_autoptr(GError) error = NULL;

  vol_error_keep_first (&error, cancelled ());
  vol_error_keep_first (&error, cancelled ());
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/error/keep-first-null", test_null);
  g_test_add_func ("/vol/error/keep-first-real-wins", test_first_real_wins);
  g_test_add_func ("/vol/error/keep-first-cancels-only", test_cancels_only);
  return g_test_run ();
}
