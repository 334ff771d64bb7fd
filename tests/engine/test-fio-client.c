/* test-fio-client.c — the box fio's client runs in, tried with cat, touch and cp
 *
 * engine/vol-fio-client.c starts a program confined; these cases start
 * ordinary programs through the same function (no fio needed): a file
 * outside the private folder cannot be read or made, one inside can; the
 * program has a process group of its own, dies with the thread that
 * started it, and cannot write a file larger than its cap. Without
 * Landlock (VOLUMETER_TEST_LANDLOCK_ABI=0) a root run is refused; reading
 * and writing are tried with the rulesets of every ABI from 1 (an older
 * kernel's: Debian 12's has ABI 2) to the kernel's own.
 */
#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-fio-client.h"

typedef struct
{
  char *dir;       /* the test's scratch */
  char *folder;    /* dir/private: the program's private folder */
  char *secret;    /* dir/secret: outside it */
} Box;

static void
box_init (Box *box)
{
  g_autoptr(GError) error = NULL;

  box->dir = g_dir_make_tmp ("volumeter-fio-client-XXXXXX", &error);
  g_assert_no_error (error);
  box->folder = g_build_filename (box->dir, "private", NULL);
  box->secret = g_build_filename (box->dir, "secret", NULL);
  g_assert_cmpint (g_mkdir (box->folder, 0700), ==, 0);
  g_file_set_contents (box->secret, "the secret\n", -1, &error);
  g_assert_no_error (error);
}

static void
box_clear (Box *box)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  /* two levels: the scratch, its private folder */
  dir = g_dir_open (box->folder, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (box->folder, name, NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_clear_pointer (&dir, g_dir_close);
  g_assert_cmpint (g_rmdir (box->folder), ==, 0);
  dir = g_dir_open (box->dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (box->dir, name, NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_clear_pointer (&dir, g_dir_close);
  g_assert_cmpint (g_rmdir (box->dir), ==, 0);
  g_free (box->dir);
  g_free (box->folder);
  g_free (box->secret);
}

/* Runs PROGRAM ARGS… in @box's private folder; its exit status, its
 * output and messages in @out. */
static int
run_in_box (Box         *box,
            guint64      max_file_size,
            char       **out,
            const char  *program,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *path = g_find_program_in_path (program);
  VolFioClientSetup setup = { path, NULL, box->folder, NULL, 0, max_file_size };
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  va_list args;
  const char *arg;

  g_assert_nonnull (path);
  g_ptr_array_add (argv, (gpointer) program);
  va_start (args, program);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  setup.argv = (const char *const *) argv->pdata;

  process = vol_fio_client_spawn (&setup, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, out, NULL, &error);
  g_assert_no_error (error);
  return g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process)
                                              : 128 + g_subprocess_get_term_sig (process);
}

static gboolean
skip_without_landlock (void)
{
  if (vol_fio_client_landlock_abi () > 0)
    return FALSE;
  g_test_skip ("this kernel has no Landlock; CI's has (Debian 12's kernels all do)");
  return TRUE;
}

/* Reading: a file outside the private folder (the test's own secret, by
 * its absolute and its relative name, and /etc's) is refused, one inside
 * is read. */
static void
test_read (void)
{
  Box box = { 0 };
  g_autofree char *inside = NULL, *out = NULL;
  g_autoptr(GError) error = NULL;

  if (skip_without_landlock ())
    return;
  box_init (&box);
  inside = g_build_filename (box.folder, "inside", NULL);
  g_file_set_contents (inside, "mine\n", -1, &error);
  g_assert_no_error (error);

  g_assert_cmpint (run_in_box (&box, 0, &out, "cat", box.secret, NULL), !=, 0);
  g_assert_nonnull (strstr (out, "Permission denied"));
  g_assert_null (strstr (out, "the secret"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_in_box (&box, 0, &out, "cat", "/etc/passwd", NULL), !=, 0);
  g_assert_nonnull (strstr (out, "Permission denied"));
  g_clear_pointer (&out, g_free);

  /* relative to its working folder, the private one */
  g_assert_cmpint (run_in_box (&box, 0, &out, "cat", "../secret", NULL), !=, 0);
  g_assert_nonnull (strstr (out, "Permission denied"));
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_in_box (&box, 0, &out, "cat", "inside", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "mine\n");
  box_clear (&box);
}

/* Writing: a file outside cannot be made (absolute, or ../ from its
 * working folder), one inside can. */
static void
test_write (void)
{
  Box box = { 0 };
  g_autofree char *out = NULL, *outside = NULL, *inside = NULL;

  if (skip_without_landlock ())
    return;
  box_init (&box);
  outside = g_build_filename (box.dir, "made", NULL);
  inside = g_build_filename (box.folder, "made", NULL);

  g_assert_cmpint (run_in_box (&box, 0, &out, "touch", outside, NULL), !=, 0);
  g_assert_false (g_file_test (outside, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_in_box (&box, 0, &out, "touch", "../made", NULL), !=, 0);
  g_assert_false (g_file_test (outside, G_FILE_TEST_EXISTS));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_in_box (&box, 0, &out, "touch", "made", NULL), ==, 0);
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  g_clear_pointer (&out, g_free);
  /* a file outside cannot be overwritten either: the secret stays */
  g_assert_cmpint (run_in_box (&box, 0, &out, "cp", "made", box.secret, NULL), !=, 0);
  {
    g_autofree char *text = NULL;
    g_assert_true (g_file_get_contents (box.secret, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "the secret\n");
  }
  box_clear (&box);
}

/* The cap on a file's size holds inside the folder too: cp of 8 KiB with
 * a 4 KiB cap is stopped (SIGXFSZ, or EFBIG where it is ignored). */
static void
test_file_size_cap (void)
{
  Box box = { 0 };
  g_autofree char *out = NULL, *big = NULL, *copy = NULL;
  g_autofree char *data = g_malloc0 (8192);
  g_autoptr(GError) error = NULL;
  struct stat st;

  box_init (&box);
  big = g_build_filename (box.folder, "big", NULL);
  copy = g_build_filename (box.folder, "copy", NULL);
  g_file_set_contents (big, data, 8192, &error);
  g_assert_no_error (error);
  g_assert_cmpint (run_in_box (&box, 4096, &out, "cp", "big", "copy", NULL), !=, 0);
  g_assert_cmpint (g_stat (copy, &st), ==, 0);
  g_assert_cmpint (st.st_size, <=, 4096);
  box_clear (&box);
}

/* A process group of its own; killed when the thread that started it
 * ends (PR_SET_PDEATHSIG): cat waits on its stdin for ever, and the
 * starting thread ends without a word to it. */
static gpointer
spawn_cat_thread (gpointer data)
{
  Box *box = data;
  g_autofree char *cat = g_find_program_in_path ("cat");
  const char *const argv[] = { "cat", NULL };
  VolFioClientSetup setup = { cat, argv, box->folder, NULL, 0, 0 };
  GError *error = NULL;
  GSubprocess *process = vol_fio_client_spawn (&setup, G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);

  g_assert_no_error (error);
  return process;
}

static void
test_process_group_and_death (void)
{
  Box box = { 0 };
  GThread *thread;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  pid_t pid;

  box_init (&box);
  thread = g_thread_new ("spawner", spawn_cat_thread, &box);
  process = g_thread_join (thread);
  g_assert_nonnull (process);
  /* no g_subprocess_get_identifier() here: the kill may already have
   * come and GLib's worker reaped cat, and then it is NULL */
  /* the thread is gone, so the kernel has sent SIGKILL, or will: wait
   * says which signal ended it; a cat that lived on would block here
   * (and meson's timeout would say so) */
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_term_sig (process), ==, SIGKILL);
  g_clear_object (&process);

  /* its own group: started here, on a thread that lives on */
  {
    g_autofree char *cat = g_find_program_in_path ("cat");
    const char *const argv[] = { "cat", NULL };
    VolFioClientSetup setup = { cat, argv, box.folder, NULL, 0, 0 };

    process = vol_fio_client_spawn (&setup, G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);
    g_assert_no_error (error);
    pid = (pid_t) g_ascii_strtoll (g_subprocess_get_identifier (process), NULL, 10);
    g_assert_cmpint (getpgid (pid), ==, pid);
    g_assert_cmpint (getpgid (0), !=, pid);
    g_output_stream_close (g_subprocess_get_stdin_pipe (process), NULL, &error);
    g_assert_no_error (error);
    g_subprocess_wait_check (process, NULL, &error);
    g_assert_no_error (error);
  }
  box_clear (&box);
}

/* No Landlock: root is refused, saying why; a normal user runs unconfined. */
static void
test_no_landlock (void)
{
  VolFioClientConfinement confinement = VOL_FIO_CLIENT_CONFINED;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_setenv ("VOLUMETER_TEST_LANDLOCK_ABI", "0", TRUE);
  g_assert_cmpint (vol_fio_client_landlock_abi (), ==, 0);
  ok = vol_fio_client_confinement (&confinement, &error);
  g_unsetenv ("VOLUMETER_TEST_LANDLOCK_ABI");
  if (geteuid () == 0)
    {
      g_assert_false (ok);
      g_assert_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE);
      g_assert_nonnull (strstr (error->message, "Landlock"));
      g_assert_nonnull (strstr (error->message, "root"));
    }
  else
    {
      g_assert_true (ok);
      g_assert_cmpint (confinement, ==, VOL_FIO_CLIENT_UNCONFINED);
    }
}

/* The same reads and writes with each older ABI's ruleset: the rights a
 * kernel does not know are left out, the rest still holds. */
static void
test_older_abis (void)
{
  int kernel = vol_fio_client_landlock_abi ();

  if (skip_without_landlock ())
    return;
  for (int abi = 1; abi < kernel; abi++)
    {
      g_autofree char *value = g_strdup_printf ("%d", abi);

      g_test_message ("Landlock ABI %d", abi);
      g_setenv ("VOLUMETER_TEST_LANDLOCK_ABI", value, TRUE);
      g_assert_cmpint (vol_fio_client_landlock_abi (), ==, abi);
      test_read ();
      test_write ();
    }
  g_unsetenv ("VOLUMETER_TEST_LANDLOCK_ABI");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/fio-client/read", test_read);
  g_test_add_func ("/vol/fio-client/write", test_write);
  g_test_add_func ("/vol/fio-client/older-abis", test_older_abis);
  g_test_add_func ("/vol/fio-client/file-size-cap", test_file_size_cap);
  g_test_add_func ("/vol/fio-client/process-group-and-death", test_process_group_and_death);
  g_test_add_func ("/vol/fio-client/no-landlock", test_no_landlock);
  return g_test_run ();
}
