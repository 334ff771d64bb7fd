/* vol-pause-seam.c — TEST ONLY: stop a run at a chosen system call
 *
 * See vol-pause-seam.h for the contract. The pause is a FIFO handshake, so
 * a test waits on an event (a line arrives) instead of guessing how long
 * a run takes: the same test then passes on a RAM disk and on a slow USB
 * stick alike.
 */

#include "vol-pause-seam.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>

enum {
  CALL_OPENAT,
  CALL_PWRITE,
  CALL_PREAD,
  CALL_FDATASYNC,
  CALL_FADVISE,
  CALL_CLOSE,
  N_CALLS
};

static const char *const call_names[N_CALLS] = {
  "openat", "pwrite", "pread", "fdatasync", "fadvise", "close",
};

#define MAX_POINTS 8

typedef struct
{
  int   call;
  guint n;
} PausePoint;

static const VolIoOps *real_ops;
static PausePoint points[MAX_POINTS];
static guint n_points;
static char *reached_path;
static char *release_path;
static gint counts[N_CALLS];

static int
retry_open (const char *path,
            int         flags)
{
  int fd;

  do
    fd = open (path, flags);
  while (fd < 0 && errno == EINTR);
  return fd;
}

/* Blocks until the test writes a line to DIR/release or @cancellable is
 * cancelled: a paused run must still answer Ctrl-C and Stop, which is
 * what those tests check. */
static void
wait_for_release (const char   *release,
                  int           release_fd,
                  GCancellable *cancellable)
{
  GPollFD pfd[2] = { { release_fd, G_IO_IN, 0 } };
  guint n = 1;
  gboolean watching = FALSE;

  if (cancellable && g_cancellable_make_pollfd (cancellable, &pfd[1]))
    {
      watching = TRUE;
      n = 2;
    }

  for (;;)
    {
      char c;
      ssize_t got;

      if (g_poll (pfd, n, -1) < 0)
        {
          if (errno == EINTR)
            continue;
          g_warning ("Test seam: waiting for %s failed: %s", release, g_strerror (errno));
          break;
        }
      if (n == 2 && pfd[1].revents != 0)
        break;   /* cancelled */
      if (pfd[0].revents == 0)
        continue;
      got = read (release_fd, &c, 1);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0 || c == '\n')
        break;
    }
  if (watching)
    g_cancellable_release_fd (cancellable);
}

/* Writes @line to the reached FIFO, then blocks until released. */
static void
announce_and_wait (const char *reached,
                   const char *release,
                   const char *line)
{
  int release_fd, reached_fd;

  /* Open the release end first (read-write never blocks on a FIFO), so
   * that once the test has read "reached" its write cannot block either. */
  release_fd = retry_open (release, O_RDWR | O_CLOEXEC);
  if (release_fd < 0)
    {
      g_warning ("Test seam: cannot open %s: %s", release, g_strerror (errno));
      return;
    }
  reached_fd = retry_open (reached, O_WRONLY | O_CLOEXEC);
  if (reached_fd < 0 || write (reached_fd, line, strlen (line)) != (ssize_t) strlen (line))
    g_warning ("Test seam: cannot write to %s: %s", reached, g_strerror (errno));
  if (reached_fd >= 0)
    close (reached_fd);

  wait_for_release (release, release_fd, g_cancellable_get_current ());
  close (release_fd);
}

static void
pause_here (int   call,
            guint n)
{
  g_autofree char *line = g_strdup_printf ("%s %u\n", call_names[call], n);

  announce_and_wait (reached_path, release_path, line);
}

static void
hit (int call)
{
  int saved = errno;
  guint n = (guint) g_atomic_int_add (&counts[call], 1) + 1;

  for (guint i = 0; i < n_points; i++)
    if (points[i].call == call && points[i].n == n)
      pause_here (call, n);
  errno = saved;
}

static int
seam_openat (const VolIoOps *ops, int dirfd, const char *name, int flags, mode_t mode)
{
  hit (CALL_OPENAT);
  return real_ops->openat (real_ops, dirfd, name, flags, mode);
}

static ssize_t
seam_pwrite (const VolIoOps *ops, int fd, const void *buf, size_t count, off_t offset)
{
  hit (CALL_PWRITE);
  return real_ops->pwrite (real_ops, fd, buf, count, offset);
}

static ssize_t
seam_pread (const VolIoOps *ops, int fd, void *buf, size_t count, off_t offset)
{
  hit (CALL_PREAD);
  return real_ops->pread (real_ops, fd, buf, count, offset);
}

static int
seam_fdatasync (const VolIoOps *ops, int fd)
{
  hit (CALL_FDATASYNC);
  return real_ops->fdatasync (real_ops, fd);
}

static int
seam_fadvise (const VolIoOps *ops, int fd, off_t offset, off_t len, int advice)
{
  hit (CALL_FADVISE);
  return real_ops->fadvise (real_ops, fd, offset, len, advice);
}

static int
seam_close (const VolIoOps *ops, int fd)
{
  hit (CALL_CLOSE);
  return real_ops->close (real_ops, fd);
}

static const VolIoOps seam_ops = {
  seam_openat, seam_pwrite, seam_pread, seam_fdatasync, seam_fadvise, seam_close,
};

static gboolean
parse_points (const char  *value,
              GError     **error)
{
  g_auto(GStrv) items = g_strsplit (value, ",", -1);

  n_points = 0;
  for (guint i = 0; items[i]; i++)
    {
      char *colon = strchr (items[i], ':');
      guint64 n = 0;
      int call = -1;

      if (colon)
        {
          *colon = '\0';
          for (int c = 0; c < N_CALLS; c++)
            if (g_str_equal (items[i], call_names[c]))
              call = c;
        }
      if (call < 0 || n_points == MAX_POINTS
          || !g_ascii_string_to_unsigned (colon + 1, 10, 1, G_MAXINT, &n, NULL))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "“%s” is not CALL:N[,CALL:N…] (at most %d; CALL one of openat, pwrite, pread, "
                       "fdatasync, fadvise, close; N ≥ 1)", value, MAX_POINTS);
          return FALSE;
        }
      points[n_points++] = (PausePoint) { call, (guint) n };
    }
  return n_points > 0;
}

/* A FIFO the test made for this, not a file that happens to be there. */
static gboolean
check_fifo (const char  *path,
            GError     **error)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISFIFO (st.st_mode) || st.st_uid != geteuid ())
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s is not a FIFO of this user (make it with mkfifo)", path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
configure (GError **error)
{
  const char *value = g_getenv ("VOLUMETER_TEST_PAUSE");
  const char *dir = g_getenv ("VOLUMETER_TEST_PAUSE_DIR");

  if (!parse_points (value, error))
    {
      if (error && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "it is empty");
      return FALSE;
    }
  if (dir == NULL || !g_path_is_absolute (dir))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "VOLUMETER_TEST_PAUSE_DIR must name the folder of the FIFOs, as an absolute path");
      return FALSE;
    }
  reached_path = g_build_filename (dir, "reached", NULL);
  release_path = g_build_filename (dir, "release", NULL);
  return check_fifo (reached_path, error) && check_fifo (release_path, error);
}

/**
 * _vol_pause_seam_wrap:
 * @real: the table that calls the kernel
 *
 * @real itself unless VOLUMETER_TEST_PAUSE is set and valid; then the
 * pausing table in front of it. The environment is read once. Any thread.
 */
const VolIoOps *
_vol_pause_seam_wrap (const VolIoOps *real)
{
  static const VolIoOps *chosen;

  if (g_once_init_enter (&chosen))
    {
      const VolIoOps *ops = real;

      if (g_getenv ("VOLUMETER_TEST_PAUSE") != NULL)
        {
          g_autoptr(GError) error = NULL;

          real_ops = real;
          if (configure (&error))
            ops = &seam_ops;
          else
            g_warning ("VOLUMETER_TEST_PAUSE is for tests and is ignored: %s", error->message);
        }
      g_once_init_leave (&chosen, ops);
    }
  return chosen;
}

/**
 * _vol_pause_seam_probe:
 * @path: the folder about to be probed, as given to the probe
 *
 * Blocks while VOLUMETER_TEST_PROBE_HANG names @path (see the header):
 * what a probe of a hung network mount does, for tests of whoever waits
 * on a probe. Read once; unset, it costs a string compare. Any thread.
 */
void
_vol_pause_seam_probe (const char *path)
{
  static char *hang_path;
  static char *probe_reached;
  static char *probe_release;
  static gsize configured;

  if (g_once_init_enter (&configured))
    {
      const char *value = g_getenv ("VOLUMETER_TEST_PROBE_HANG");
      const char *dir = g_getenv ("VOLUMETER_TEST_PAUSE_DIR");

      if (value != NULL)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *reached_file = dir ? g_build_filename (dir, "reached", NULL) : NULL;
          g_autofree char *release_file = dir ? g_build_filename (dir, "release", NULL) : NULL;

          if (dir == NULL || !g_path_is_absolute (dir))
            g_warning ("VOLUMETER_TEST_PROBE_HANG is for tests and is ignored: "
                       "VOLUMETER_TEST_PAUSE_DIR must name the folder of the FIFOs, as an absolute path");
          else if (!check_fifo (reached_file, &error) || !check_fifo (release_file, &error))
            g_warning ("VOLUMETER_TEST_PROBE_HANG is for tests and is ignored: %s", error->message);
          else
            {
              hang_path = g_strdup (value);
              probe_reached = g_steal_pointer (&reached_file);
              probe_release = g_steal_pointer (&release_file);
            }
        }
      g_once_init_leave (&configured, 1);
    }
  if (hang_path != NULL && g_strcmp0 (path, hang_path) == 0)
    {
      g_autofree char *line = g_strdup_printf ("probe %s\n", path);
      announce_and_wait (probe_reached, probe_release, line);
    }
}
