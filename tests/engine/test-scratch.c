/* test-scratch.c — the scratch folder's safety and the runner's start
 *
 * Run by with-volume.sh on a loop-mounted ext4 volume ($VOL_TEST_DIR).
 * Each case builds the situation a review found by hand (a symbolic link
 * swapped into the target's path, a FIFO planted as the marker, a
 * filesystem mounted inside a scratch folder, a removal cut short, too few
 * descriptors, a thread that cannot start) and checks the outcome; none
 * depends on timing. The cases that mount need root, as CI has.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-probe.h"
#include "vol-run-private.h"
#include "vol-scratch.h"
#include "vol-test-harness.h"

/* A fresh folder inside the volume for one case. */
static char *
make_case_dir (const char *name)
{
  g_autofree char *template = g_strdup_printf ("%s/%s-XXXXXX", th_test_dir, name);
  char *dir = g_mkdtemp (g_steal_pointer (&template));

  g_assert_nonnull (dir);
  return dir;
}

static guint
count_scratch (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, VOL_SCRATCH_PREFIX))
      n++;
  return n;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* A scratch folder as a killed run leaves it: made by a child process that
 * then exits without removing it, so its marker names a dead process. */
static char *
make_stale_scratch (const char *dir)
{
  int fds[2];
  pid_t pid;
  char buf[256] = { 0 };
  ssize_t n;
  int status;

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      GError *error = NULL;
      VolScratch *scratch = vol_scratch_create (dir, &error);
      const char *path;
      int fd;

      if (scratch == NULL)
        _exit (1);
      path = vol_scratch_get_path (scratch);
      /* some content, so removal has work to do */
      fd = openat (vol_scratch_get_fd (scratch), "data", O_WRONLY | O_CREAT, 0600);
      if (fd < 0 || write (fd, "x", 1) != 1 || mkdirat (vol_scratch_get_fd (scratch), "sub", 0700) != 0)
        _exit (1);
      if (write (fds[1], path, strlen (path)) != (ssize_t) strlen (path))
        _exit (1);
      _exit (0);
    }
  close (fds[1]);
  n = read (fds[0], buf, sizeof buf - 1);
  close (fds[0]);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_cmpint (n, >, 0);
  return g_strdup (buf);
}

/* The probe resolved the target; a part of the path that has become a
 * symbolic link since is refused, and nothing is written where it points. */
static void
test_symlink_swapped (void)
{
  g_autofree char *dir = make_case_dir ("swap");
  g_autofree char *real = g_build_filename (dir, "real", NULL);
  g_autofree char *elsewhere = g_build_filename (dir, "elsewhere", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *via_link = g_build_filename (link, "sub", NULL);
  g_autofree char *elsewhere_sub = g_build_filename (elsewhere, "sub", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolScratch) scratch = NULL;

  g_assert_cmpint (g_mkdir (real, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (elsewhere, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (elsewhere_sub, 0755), ==, 0);
  g_assert_cmpint (symlink (elsewhere, link), ==, 0);

  /* the last component a link */
  scratch = vol_scratch_create (link, &error);
  g_assert_null (scratch);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
  g_assert_nonnull (strstr (error->message, link));
  g_clear_error (&error);

  /* a link in the middle */
  scratch = vol_scratch_create (via_link, &error);
  g_assert_null (scratch);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
  g_clear_error (&error);
  g_assert_cmpuint (count_scratch (elsewhere), ==, 0);
  g_assert_cmpuint (count_scratch (elsewhere_sub), ==, 0);

  /* the resolved path itself is fine */
  scratch = vol_scratch_create (real, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (vol_scratch_get_path (scratch), real));
  g_assert_cmpuint (count_scratch (real), ==, 1);
  g_assert_true (vol_scratch_remove (scratch, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_scratch (real), ==, 0);
}

/* A run given a link runs in the folder the probe resolved, and the result
 * names that folder. */
static void
test_runner_resolves_link (void)
{
  g_autofree char *dir = make_case_dir ("resolve");
  g_autofree char *real = g_build_filename (dir, "real", NULL);
  g_autofree char *link = g_build_filename (dir, "link", NULL);
  g_autofree char *resolved = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  const char *saved_dir = th_test_dir;
  ThRun run = { 0 };

  g_assert_cmpint (g_mkdir (real, 0755), ==, 0);
  g_assert_cmpint (symlink (real, link), ==, 0);
  resolved = realpath (real, NULL);

  th_test_dir = link;
  spec = th_make_spec ("transfer", 0, "from", "1M", "to", "1M", "region", "2M", "iterations", "1", NULL);
  th_run_spec (spec, NULL, &run);
  th_test_dir = saved_dir;
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_assert_cmpstr (run.result->target->path, ==, resolved);
  g_assert_cmpuint (count_scratch (real), ==, 0);
  vol_result_unref (run.result);
}

/* A FIFO (or anything not a regular file) under the marker's name: cleanup
 * must neither block opening it nor take the folder for ours. */
static void
test_fifo_marker (void)
{
  g_autofree char *dir = make_case_dir ("fifo");
  g_autofree char *planted = g_build_filename (dir, VOL_SCRATCH_PREFIX "AAAAAA", NULL);
  g_autofree char *fifo = g_build_filename (planted, VOL_SCRATCH_MARKER, NULL);
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) in_use = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (planted, 0700), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  g_assert_true (vol_scratch_cleanup_stale (dir, removed, in_use, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 0);
  g_assert_cmpuint (in_use->len, ==, 0);
  g_assert_true (g_file_test (fifo, G_FILE_TEST_EXISTS));
}

static gboolean
is_root (void)
{
  if (geteuid () == 0)
    return TRUE;
  g_test_skip ("needs root to mount; CI runs as root");
  return FALSE;
}

/* A filesystem mounted inside a scratch folder is never entered: removal
 * fails, says why, and keeps the marker so cleanup can finish later; once
 * unmounted, cleanup removes the folder whole. */
static void
test_cross_mount_and_marker_last (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *stale = NULL;
  g_autofree char *inner = NULL;
  g_autofree char *victim = NULL;
  g_autofree char *marker = NULL;
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (!is_root ())
    return;
  dir = make_case_dir ("mount");
  stale = make_stale_scratch (dir);
  inner = g_build_filename (stale, "sub", NULL);
  victim = g_build_filename (inner, "not-ours", NULL);
  marker = g_build_filename (stale, VOL_SCRATCH_MARKER, NULL);

  g_assert_cmpint (mount ("volumeter-test", inner, "tmpfs", 0, "size=1m"), ==, 0);
  write_text (victim, "someone else's file");

  g_assert_false (vol_scratch_cleanup_stale (dir, removed, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "mounted"));
  g_clear_error (&error);
  g_assert_cmpuint (removed->len, ==, 0);
  g_assert_true (g_file_test (victim, G_FILE_TEST_IS_REGULAR));
  /* everything else went, the marker stayed */
  g_assert_true (g_file_test (marker, G_FILE_TEST_IS_REGULAR));
  {
    g_autofree char *data = g_build_filename (stale, "data", NULL);
    g_assert_false (g_file_test (data, G_FILE_TEST_EXISTS));
  }

  g_assert_cmpint (umount (inner), ==, 0);
  g_assert_true (vol_scratch_cleanup_stale (dir, removed, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 1);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
}

/* A folder with our name and nothing in it (a creation cut short between
 * mkdir and the marker, mode 0700) is ours to remove; one with other
 * things and no marker, or an empty one made by someone else, is not. */
static void
test_cleanup_unfinished (void)
{
  g_autofree char *dir = make_case_dir ("unfinished");
  g_autofree char *empty = g_build_filename (dir, VOL_SCRATCH_PREFIX "BBBBBB", NULL);
  g_autofree char *half = g_build_filename (dir, VOL_SCRATCH_PREFIX "CCCCCC", NULL);
  g_autofree char *half_marker = g_build_filename (half, VOL_SCRATCH_MARKER ".new", NULL);
  g_autofree char *foreign = g_build_filename (dir, VOL_SCRATCH_PREFIX "DDDDDD", NULL);
  g_autofree char *foreign_file = g_build_filename (foreign, "keep", NULL);
  g_autofree char *foreign_empty = g_build_filename (dir, VOL_SCRATCH_PREFIX "EEEEEE", NULL);
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (empty, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (half, 0700), ==, 0);
  write_text (half_marker, "volumeter scratch");
  g_assert_cmpint (g_mkdir (foreign, 0700), ==, 0);
  write_text (foreign_file, "not ours");
  /* made by someone else: mkdir's usual mode, not the 0700 we make */
  g_assert_cmpint (g_mkdir (foreign_empty, 0755), ==, 0);
  g_assert_cmpint (chmod (foreign_empty, 0755), ==, 0);

  g_assert_true (vol_scratch_cleanup_stale (dir, removed, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 2);
  g_assert_false (g_file_test (empty, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (half, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (foreign_file, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (foreign_empty, G_FILE_TEST_IS_DIR));
}

/* ---- the lock a run holds ------------------------------------------------ */

/* The moment between mkdir and the marker: an empty folder of ours whose
 * lock someone holds is in use; once the lock is free, it is an unfinished
 * creation and goes. A held folder that is not ours (things in it, no
 * marker) is neither. flock() locks are per open file, so this process's
 * lock stops its own cleanup as another process's would. */
static void
test_lock_held_unfinished (void)
{
  g_autofree char *dir = make_case_dir ("locked");
  g_autofree char *empty = g_build_filename (dir, VOL_SCRATCH_PREFIX "FFFFFF", NULL);
  g_autofree char *foreign = g_build_filename (dir, VOL_SCRATCH_PREFIX "JJJJJJ", NULL);
  g_autofree char *foreign_file = g_build_filename (foreign, "keep", NULL);
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) in_use = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int fd, foreign_fd;

  g_assert_cmpint (g_mkdir (empty, 0700), ==, 0);
  g_assert_cmpint (chmod (empty, 0700), ==, 0);
  fd = open (empty, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);
  g_assert_cmpint (g_mkdir (foreign, 0700), ==, 0);
  write_text (foreign_file, "not ours");
  foreign_fd = open (foreign, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_assert_cmpint (foreign_fd, >=, 0);
  g_assert_cmpint (flock (foreign_fd, LOCK_EX), ==, 0);

  g_assert_true (vol_scratch_cleanup_stale (dir, removed, in_use, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 0);
  g_assert_cmpuint (in_use->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (in_use, 0), ==, empty);
  g_assert_true (g_file_test (empty, G_FILE_TEST_IS_DIR));

  close (fd);
  g_ptr_array_set_size (in_use, 0);
  g_assert_true (vol_scratch_cleanup_stale (dir, removed, in_use, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 1);
  g_assert_cmpuint (in_use->len, ==, 0);
  g_assert_false (g_file_test (empty, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (foreign_file, G_FILE_TEST_IS_REGULAR));
  close (foreign_fd);
}

/* What a cleanup does in the moment between a run's mkdir and its lock:
 * the folder is empty and no one holds it, so it goes. */
static guint hook_calls;
static guint hook_removed;

static void
cleanup_before_lock (const char *target,
                     const char *path)
{
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  hook_calls++;
  if (hook_calls > 1)
    return;   /* only the first folder: the run's second try goes through */
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  g_assert_true (vol_scratch_cleanup_stale (target, removed, NULL, &error));
  g_assert_no_error (error);
  hook_removed = removed->len;
}

/* A cleanup that came between mkdir and the lock removed the empty folder:
 * the run sees its name no longer leads to the folder it locked and makes
 * another, locked and marked, rather than writing into a deleted one. */
static void
test_cleanup_before_lock (void)
{
  g_autofree char *dir = make_case_dir ("beforelock");
  g_autoptr(GError) error = NULL;
  g_autoptr(VolScratch) scratch = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *text = NULL;

  hook_calls = hook_removed = 0;
  _vol_scratch_set_before_lock_hook (cleanup_before_lock);
  scratch = vol_scratch_create (dir, &error);
  _vol_scratch_set_before_lock_hook (NULL);
  g_assert_no_error (error);
  g_assert_nonnull (scratch);
  g_assert_cmpuint (hook_calls, ==, 2);
  g_assert_cmpuint (hook_removed, ==, 1);
  g_assert_cmpuint (count_scratch (dir), ==, 1);
  marker = g_build_filename (vol_scratch_get_path (scratch), VOL_SCRATCH_MARKER, NULL);
  g_assert_true (g_file_get_contents (marker, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "lock=flock\n"));
  g_assert_true (vol_scratch_remove (scratch, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_scratch (dir), ==, 0);
}

/* A folder holding @marker_text as its marker, made as vol_scratch_create()
 * makes one (0700) but locked by no one. */
static char *
make_marked (const char *dir,
             const char *name,
             const char *marker_text)
{
  char *folder = g_build_filename (dir, name, NULL);
  g_autofree char *marker = g_build_filename (folder, VOL_SCRATCH_MARKER, NULL);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_cmpint (chmod (folder, 0700), ==, 0);
  write_text (marker, marker_text);
  return folder;
}

/* The lock, not the pid, says whether a run is alive: a live run's folder
 * is in use; a marker that says its run locks, naming this very (live)
 * process but with its lock free, is a dead run's (a pid from another
 * PID namespace proves nothing here). A marker without "lock=" is an
 * older Volumeter's: its pid and boot still decide, as before. */
static void
test_lock_decides (void)
{
  g_autofree char *dir = make_case_dir ("lockdecides");
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) in_use = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(VolScratch) live = vol_scratch_create (dir, &error);
  g_autofree char *live_marker = NULL;
  g_autofree char *text = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *locked_dead = NULL;
  g_autofree char *old_alive = NULL;
  g_autofree char *old_dead = NULL;
  char *lock_line;

  g_assert_no_error (error);
  live_marker = g_build_filename (vol_scratch_get_path (live), VOL_SCRATCH_MARKER, NULL);
  g_assert_true (g_file_get_contents (live_marker, &text, NULL, NULL));
  lock_line = strstr (text, "lock=flock\n");
  g_assert_nonnull (lock_line);

  locked_dead = make_marked (dir, VOL_SCRATCH_PREFIX "GGGGGG", text);
  old_text = g_strndup (text, lock_line - text);
  old_alive = make_marked (dir, VOL_SCRATCH_PREFIX "HHHHHH", old_text);
  old_dead = make_marked (dir, VOL_SCRATCH_PREFIX "IIIIII",
                          "volumeter scratch folder\npid=1\nstart=1\nboot=another-boot\n");

  g_assert_true (vol_scratch_cleanup_stale (dir, removed, in_use, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (in_use->len, ==, 2);
  g_assert_cmpuint (removed->len, ==, 2);
  g_assert_true (g_file_test (vol_scratch_get_path (live), G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (old_alive, G_FILE_TEST_IS_DIR));
  g_assert_false (g_file_test (locked_dead, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (old_dead, G_FILE_TEST_EXISTS));

  /* the run removes its folder, then lets go of the lock */
  g_assert_true (vol_scratch_remove (live, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (vol_scratch_get_path (live), G_FILE_TEST_EXISTS));
}

static int
lowest_free_fd (void)
{
  int fd = dup (0);
  g_assert_cmpint (fd, >=, 0);
  close (fd);
  return fd;
}

/* With descriptors running out at every step of the creation, a scratch
 * folder is either made whole (marker and all) or not at all. */
static void
test_few_descriptors (void)
{
  g_autofree char *dir = make_case_dir ("nofile");
  struct rlimit saved, low;
  guint made = 0;

  (void) g_random_int ();      /* GLib's generator opens /dev/urandom once */
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  for (int extra = 0; extra <= 6; extra++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(VolScratch) scratch = NULL;
      int first = lowest_free_fd ();

      low = saved;
      low.rlim_cur = (rlim_t) (first + extra);
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
      scratch = vol_scratch_create (dir, &error);
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &saved), ==, 0);

      if (scratch == NULL)
        {
          g_assert_nonnull (error);
          g_assert_cmpuint (count_scratch (dir), ==, 0);
          continue;
        }
      made++;
      {
        g_autofree char *marker = g_build_filename (vol_scratch_get_path (scratch), VOL_SCRATCH_MARKER, NULL);
        g_autofree char *text = NULL;
        g_assert_true (g_file_get_contents (marker, &text, NULL, NULL));
        g_assert_nonnull (strstr (text, "boot="));
        g_assert_null (strstr (text, "start=0\n"));
      }
      g_assert_true (vol_scratch_remove (scratch, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (count_scratch (dir), ==, 0);
    }
  /* the larger limits were enough */
  g_assert_cmpuint (made, >, 0);
}

/* ---- a run whose thread cannot start ------------------------------------ */

static GThread *
failing_spawn (const char   *name,
               GThreadFunc   func,
               gpointer      data,
               GError      **error)
{
  g_set_error_literal (error, G_THREAD_ERROR, G_THREAD_ERROR_AGAIN,
                       "Error creating thread: Resource temporarily unavailable");
  return NULL;
}

static void
test_thread_cannot_start (void)
{
  g_autoptr(VolRunner) runner = vol_runner_new ();
  g_autoptr(VolTestSpec) spec = th_make_spec ("transfer", 0, "from", "1M", "to", "1M", "region", "2M",
                                              "iterations", "1", NULL);
  ThRun run = { 0 };

  _vol_runner_set_thread_spawn (runner, failing_spawn);
  /* the answer comes without any thread: the loop ends, no hang */
  th_run_spec_on (runner, spec, NULL, &run);
  g_assert_null (run.result);
  g_assert_error (run.error, G_THREAD_ERROR, G_THREAD_ERROR_AGAIN);
  g_assert_nonnull (strstr (run.error->message, "could not start"));
  g_assert_false (vol_runner_get_running (runner));
  g_clear_error (&run.error);
  th_assert_no_scratch ();

  /* and the runner works again with real threads */
  _vol_runner_set_thread_spawn (runner, NULL);
  th_run_spec_on (runner, spec, NULL, &run);
  g_assert_no_error (run.error);
  g_assert_cmpint (run.result->status, ==, VOL_RESULT_STATUS_COMPLETE);
  g_clear_pointer (&run.result, vol_result_unref);
  th_assert_no_scratch ();
}

/* ---- targets ----------------------------------------------------------- */

static VolTargetInfo *
fake_target (const char *path,
             const char *fs_type,
             guint64     free_bytes)
{
  VolTargetInfo *info = vol_target_info_new ();

  info->path = g_strdup (path);
  info->mount_point = g_strdup (path);
  info->fs_type = g_strdup (fs_type);
  info->free_bytes = free_bytes;
  return info;
}

static void
test_target_risk (void)
{
  g_autoptr(VolTestSpec) fill = th_make_spec ("fill", 0, "files", "1000", NULL);
  g_autoptr(VolTestSpec) capped = th_make_spec ("fill", 0, "max-bytes", "1G", NULL);
  g_autoptr(VolTestSpec) transfer = th_make_spec ("transfer", 0, "iterations", "5", NULL);
  g_autoptr(VolTargetInfo) root = fake_target ("/", "ext4", G_GUINT64_CONSTANT (85) << 30);
  g_autoptr(VolTargetInfo) shm = fake_target ("/dev", "tmpfs", G_GUINT64_CONSTANT (4) << 30);
  g_autoptr(VolTargetInfo) dev = fake_target ("/dev", "devtmpfs", G_GUINT64_CONSTANT (4) << 30);
  g_autoptr(VolTargetInfo) volume = fake_target (th_test_dir, "ext4", G_GUINT64_CONSTANT (200) << 20);
  g_autofree char *message = NULL;
  guint64 bytes = 0;

  g_assert_cmpint (vol_scratch_target_risk (fill, root, &bytes), ==, VOL_TARGET_RISK_SYSTEM);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (85) << 30);
  message = vol_scratch_target_risk_message (fill, root);
  g_assert_nonnull (strstr (message, "85 GiB"));
  g_assert_true (g_str_has_prefix (message, "/ "));
  g_assert_cmpint (vol_scratch_target_risk (capped, root, &bytes), ==, VOL_TARGET_RISK_SYSTEM);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (1) << 30);
  /* only a fill fills the volume */
  g_assert_cmpint (vol_scratch_target_risk (transfer, root, NULL), ==, VOL_TARGET_RISK_NONE);
  g_assert_null (vol_scratch_target_risk_message (transfer, root));

  g_assert_cmpint (vol_scratch_target_risk (fill, shm, NULL), ==, VOL_TARGET_RISK_MEMORY);
  g_assert_cmpint (vol_scratch_target_risk (transfer, shm, NULL), ==, VOL_TARGET_RISK_NONE);
  /* nothing of ours belongs among the device nodes */
  g_assert_cmpint (vol_scratch_target_risk (fill, dev, NULL), ==, VOL_TARGET_RISK_DEVICES);
  g_assert_cmpint (vol_scratch_target_risk (transfer, dev, NULL), ==, VOL_TARGET_RISK_DEVICES);

  /* a volume of its own: no question */
  g_assert_cmpint (vol_scratch_target_risk (fill, volume, NULL), ==, VOL_TARGET_RISK_NONE);
}

/* A set amount that would leave under 10 % of a volume free asks, on any
 * volume, naming the amount kept and what remains; a fill is not asked
 * that (filling is its point), a read-only kind never. The amount is the
 * kind's estimate of what it holds at once: Transfer's region once, not
 * once per size and iteration. */
static void
test_target_nearly_full (void)
{
  g_autoptr(VolTestSpec) quick = th_make_spec ("quick", 0, "size", "900M", NULL);
  g_autoptr(VolTestSpec) small_quick = th_make_spec ("quick", 0, "size", "100M", NULL);
  g_autoptr(VolTestSpec) threads = th_make_spec ("threads", 0, "threads", "1,2", "bytes-per-thread", "450M", NULL);
  g_autoptr(VolTestSpec) transfer = th_make_spec ("transfer", 0, "from", "1M", "to", "128M", "region", "900M",
                                                  "iterations", "5", NULL);
  g_autoptr(VolTestSpec) small_transfer = th_make_spec ("transfer", 0, "from", "1M", "to", "128M", "region", "100M",
                                                        "iterations", "5", NULL);
  g_autoptr(VolTestSpec) fill = th_make_spec ("fill", 0, "files", "10", NULL);
  g_autoptr(VolTestSpec) surface = th_make_spec ("surface", 0, "samples", "10", NULL);
  /* 1000 MiB free of 1024 MiB */
  g_autoptr(VolTargetInfo) volume = fake_target (th_test_dir, "ext4", G_GUINT64_CONSTANT (1000) << 20);
  g_autoptr(VolTargetInfo) unknown = fake_target (th_test_dir, "ext4", G_GUINT64_CONSTANT (1000) << 20);
  g_autofree char *message = NULL;
  guint64 bytes = 0;

  volume->capacity_bytes = G_GUINT64_CONSTANT (1024) << 20;
  g_assert_cmpint (vol_scratch_target_risk (quick, volume, &bytes), ==, VOL_TARGET_RISK_NEARLY_FULL);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (900) << 20);
  message = vol_scratch_target_risk_message (quick, volume);
  g_assert_nonnull (message);
  g_assert_true (g_str_has_prefix (message, th_test_dir));
  g_assert_nonnull (strstr (message, "900 MiB"));
  g_assert_nonnull (strstr (message, "100 MiB of its 1 GiB free (9 %)"));
  g_assert_cmpint (vol_scratch_target_risk (small_quick, volume, NULL), ==, VOL_TARGET_RISK_NONE);
  g_assert_null (vol_scratch_target_risk_message (small_quick, volume));
  /* the two threads' files at once */
  g_assert_cmpint (vol_scratch_target_risk (threads, volume, &bytes), ==, VOL_TARGET_RISK_NEARLY_FULL);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (900) << 20);
  g_assert_cmpint (vol_scratch_target_risk (transfer, volume, &bytes), ==, VOL_TARGET_RISK_NEARLY_FULL);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (900) << 20);
  g_assert_cmpint (vol_scratch_target_risk (small_transfer, volume, NULL), ==, VOL_TARGET_RISK_NONE);
  g_assert_cmpint (vol_scratch_target_risk (fill, volume, NULL), ==, VOL_TARGET_RISK_NONE);
  g_assert_cmpint (vol_scratch_target_risk (surface, volume, NULL), ==, VOL_TARGET_RISK_NONE);
  /* the run fits its file to the free space less 64 MiB: asked for more
   * than there is, it still leaves 64 MiB, 6 % of this volume */
  g_clear_pointer (&quick, vol_test_spec_unref);
  quick = th_make_spec ("quick", 0, "size", "8G", NULL);
  g_assert_cmpint (vol_scratch_target_risk (quick, volume, &bytes), ==, VOL_TARGET_RISK_NEARLY_FULL);
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (936) << 20);
  /* no capacity known: nothing to judge by */
  g_assert_cmpint (vol_scratch_target_risk (quick, unknown, NULL), ==, VOL_TARGET_RISK_NONE);
}

/* tmpfs accepts O_DIRECT with no device behind it: the result must not
 * say "direct". */
static void
test_tmpfs_not_direct (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(VolTestSpec) spec = NULL;
  const char *saved_dir = th_test_dir;
  ThRun run = { 0 };

  if (!is_root ())
    return;
  dir = make_case_dir ("tmpfs");
  g_assert_cmpint (mount ("volumeter-test", dir, "tmpfs", 0, "size=80m"), ==, 0);
  th_test_dir = dir;
  spec = th_make_spec ("transfer", 0, "from", "1M", "to", "1M", "region", "2M", "iterations", "1", NULL);
  th_run_spec (spec, NULL, &run);
  th_test_dir = saved_dir;
  g_assert_cmpint (umount (dir), ==, 0);
  g_assert_no_error (run.error);
  g_assert_cmpstr (run.result->target->fs_type, ==, "tmpfs");
  g_assert_cmpint (run.result->cache_bypass, ==, VOL_CACHE_BYPASS_NONE);
  vol_result_unref (run.result);
}

int
main (int    argc,
      char **argv)
{
  if (!th_init (&argc, &argv, NULL))
    return 1;

  g_test_add_func ("/vol/scratch/symlink-swapped", test_symlink_swapped);
  g_test_add_func ("/vol/scratch/runner-resolves-link", test_runner_resolves_link);
  g_test_add_func ("/vol/scratch/fifo-marker", test_fifo_marker);
  g_test_add_func ("/vol/scratch/cross-mount-marker-last", test_cross_mount_and_marker_last);
  g_test_add_func ("/vol/scratch/cleanup-unfinished", test_cleanup_unfinished);
  g_test_add_func ("/vol/scratch/lock-held-unfinished", test_lock_held_unfinished);
  g_test_add_func ("/vol/scratch/lock-decides", test_lock_decides);
  g_test_add_func ("/vol/scratch/cleanup-before-lock", test_cleanup_before_lock);
  g_test_add_func ("/vol/scratch/few-descriptors", test_few_descriptors);
  g_test_add_func ("/vol/scratch/thread-cannot-start", test_thread_cannot_start);
  g_test_add_func ("/vol/scratch/target-risk", test_target_risk);
  g_test_add_func ("/vol/scratch/target-nearly-full", test_target_nearly_full);
  g_test_add_func ("/vol/scratch/tmpfs-not-direct", test_tmpfs_not_direct);
  return g_test_run ();
}
