/* vol-fio-client.c — fio's client, started confined (vol-fio-client.h)
 *
 * The ruleset is built in the parent (landlock_create_ruleset and
 * landlock_add_rule restrict nothing by themselves: only
 * landlock_restrict_self does, and only the caller), so the child, between
 * fork and exec, makes only async-signal-safe calls: prctl, getppid,
 * setpgid, setrlimit, the restrict syscall, close.
 *
 * The kernel's ABI version says which rights it knows; the ruleset
 * handles every one of them, so a right left out of every rule is denied.
 * Newer rights than this file knows are not asked for (best effort).
 */
#include "config.h"

#include "vol-fio-client.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "vol-error.h"

/* The syscalls have the same numbers on every architecture (Linux 5.13). */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

/* Rights newer than Debian 12's header (Linux 6.1, ABI 2) */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)   /* ABI 3 */
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)  /* ABI 5 */
#endif
#define VOL_LANDLOCK_NET_BIND_TCP (1ULL << 0)      /* ABI 4 */
#define VOL_LANDLOCK_NET_CONNECT_TCP (1ULL << 1)
#define VOL_LANDLOCK_RULE_NET_PORT 2
#define VOL_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)  /* ABI 6 */
#define VOL_LANDLOCK_SCOPE_SIGNAL (1ULL << 1)

/* The kernel's struct landlock_ruleset_attr as of ABI 6; an older kernel
 * takes the longer struct as long as the fields it does not know are 0. */
typedef struct
{
  guint64 handled_access_fs;
  guint64 handled_access_net;
  guint64 scoped;
} RulesetAttr;

typedef struct
{
  guint64 allowed_access;
  guint64 port;
} NetPortAttr;

/* the rights a rule on a file (not a folder) may hold */
#define FILE_RIGHTS (LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE \
                     | LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)
#define READ_EXEC (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_EXECUTE)
/* inside the private folder: regular files and listing, nothing else (no
 * devices, FIFOs, sockets, links, folders) */
#define PRIVATE_RIGHTS (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_DIR \
                        | LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_TRUNCATE)

/* What fio's client needs to start, and why, beside its own program (as
 * traced with strace on Debian 12's fio 3.33): the dynamic loader and the
 * shared libraries it maps (fio links some sixty), the loader's cache,
 * the CPU and NUMA layout libnuma and fio read at start-up, and the files
 * the C library's resolver reads when a host is named rather than
 * numbered. None holds a secret; everything else (the home folder, /etc,
 * /root, /tmp, every other user's files) is out of its reach. */
static const char *const read_exec_folders[] = {
  "/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32", NULL,
};
static const char *const read_files[] = {
  "/etc/ld.so.cache", "/etc/localtime",
  "/etc/hosts", "/etc/host.conf", "/etc/nsswitch.conf", "/etc/resolv.conf", "/etc/gai.conf",
  "/proc/filesystems",
  NULL,
};
static const char *const read_folders[] = {
  "/sys/devices/system/cpu", "/sys/devices/system/node", NULL,
};

/**
 * vol_fio_client_landlock_abi:
 *
 * The Landlock ABI version the kernel offers, 0 where it has none (not
 * built, not enabled at boot, or a kernel older than 5.13).
 * VOLUMETER_TEST_LANDLOCK_ABI=N makes it at most N, for the tests of an
 * older kernel's ruleset (Debian 12's 6.1 has ABI 2) or of one with none
 * (0).
 */
int
vol_fio_client_landlock_abi (void)
{
  const char *cap = g_getenv ("VOLUMETER_TEST_LANDLOCK_ABI");
  long abi = syscall (SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

  if (abi <= 0)
    return 0;
  if (cap != NULL && g_ascii_isdigit (*cap))
    abi = MIN (abi, (long) g_ascii_strtoull (cap, NULL, 10));
  return (int) abi;
}

/**
 * vol_fio_client_confinement:
 *
 * Whether fio's client can be confined here; %FALSE with @error when it
 * cannot and the run must not go (as root, with no Landlock).
 */
gboolean
vol_fio_client_confinement (VolFioClientConfinement  *confinement,
                            GError                  **error)
{
  if (vol_fio_client_landlock_abi () > 0)
    {
      *confinement = VOL_FIO_CLIENT_CONFINED;
      return TRUE;
    }
  if (geteuid () == 0)
    {
      g_set_error (error, VOL_ENGINE_ERROR, VOL_ENGINE_ERROR_REMOTE,
                   _("This kernel has no Landlock, so fio's client cannot be confined to its private folder; a host could make it send any file of this machine, and as root that is every file. Run remote runs as a normal user, or on a kernel with Landlock enabled (lsm=…,landlock)"));
      return FALSE;
    }
  *confinement = VOL_FIO_CLIENT_UNCONFINED;
  return TRUE;
}

static guint64
fs_rights (int abi)
{
  guint64 rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  /* ABI 1: bits 0 … 12 */

  if (abi >= 2)
    rights |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3)
    rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
  if (abi >= 5)
    rights |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
  return rights;
}

/* A rule for @path, if it exists (a library folder this system does not
 * have is no error). A file gets only the rights a file can hold. */
static gboolean
add_path_rule (int          ruleset,
               const char  *path,
               guint64      rights,
               guint64      handled,
               GError     **error)
{
  struct landlock_path_beneath_attr rule = { 0 };
  struct stat st;
  int fd = open (path, O_PATH | O_CLOEXEC);
  int saved;

  if (fd < 0)
    {
      if (errno == ENOENT || errno == ENOTDIR)
        return TRUE;
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot confine fio's client: cannot open %s: %s"), path, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) == 0 && !S_ISDIR (st.st_mode))
    rights &= FILE_RIGHTS;
  rule.allowed_access = rights & handled;
  rule.parent_fd = fd;
  if (syscall (SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
    {
      saved = errno;
      close (fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot confine fio's client: no Landlock rule for %s: %s"), path, g_strerror (saved));
      return FALSE;
    }
  close (fd);
  return TRUE;
}

static gboolean
add_path_rules (int                ruleset,
                const char *const *paths,
                guint64            rights,
                guint64            handled,
                GError           **error)
{
  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    if (!add_path_rule (ruleset, paths[i], rights, handled, error))
      return FALSE;
  return TRUE;
}

/* The ruleset of vol-fio-client.h, as a descriptor; -1 with @error. */
static int
make_ruleset (const VolFioClientSetup  *setup,
              int                       abi,
              GError                  **error)
{
  RulesetAttr attr = { fs_rights (abi), 0, 0 };
  int ruleset;
  int saved;

  /* TCP: connecting to the host's port only (and DNS's, for a resolver
   * that falls back to TCP); never listening */
  if (abi >= 4)
    attr.handled_access_net = VOL_LANDLOCK_NET_BIND_TCP | VOL_LANDLOCK_NET_CONNECT_TCP;
  /* no signal to a process outside, no abstract socket (a desktop's
   * D-Bus or X11 may listen on one) */
  if (abi >= 6)
    attr.scoped = VOL_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | VOL_LANDLOCK_SCOPE_SIGNAL;
  ruleset = (int) syscall (SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
  if (ruleset < 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot confine fio's client: Landlock refused the ruleset: %s"), g_strerror (saved));
      return -1;
    }

  {
    const char *const program[] = { setup->program, NULL };
    const char *const folder[] = { setup->folder, NULL };

    if (!add_path_rules (ruleset, program, READ_EXEC, attr.handled_access_fs, error)
        || !add_path_rules (ruleset, read_exec_folders, READ_EXEC, attr.handled_access_fs, error)
        || !add_path_rules (ruleset, read_files, LANDLOCK_ACCESS_FS_READ_FILE, attr.handled_access_fs, error)
        || !add_path_rules (ruleset, read_folders, LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR,
                            attr.handled_access_fs, error)
        || !add_path_rules (ruleset, setup->readable, LANDLOCK_ACCESS_FS_READ_FILE, attr.handled_access_fs, error)
        || !add_path_rules (ruleset, folder, PRIVATE_RIGHTS, attr.handled_access_fs, error))
      {
        close (ruleset);
        return -1;
      }
  }

  if (abi >= 4)
    {
      const guint64 ports[] = { setup->port, 53 };

      for (guint i = 0; i < G_N_ELEMENTS (ports); i++)
        {
          NetPortAttr rule = { VOL_LANDLOCK_NET_CONNECT_TCP, ports[i] };

          if (ports[i] == 0)
            continue;
          if (syscall (SYS_landlock_add_rule, ruleset, VOL_LANDLOCK_RULE_NET_PORT, &rule, 0) != 0)
            {
              saved = errno;
              close (ruleset);
              g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                           _("Cannot confine fio's client: no Landlock rule for port %u: %s"),
                           (guint) ports[i], g_strerror (saved));
              return -1;
            }
        }
    }
  return ruleset;
}

typedef struct
{
  pid_t   parent;
  int     ruleset;        /* -1: not confined */
  guint64 max_file_size;
} ChildSetup;

static void
child_write (const char *text)
{
  gssize ignored = write (STDERR_FILENO, text, strlen (text));
  (void) ignored;
}

/* Between fork and exec: async-signal-safe calls only. */
static void
child_setup (gpointer data)
{
  const ChildSetup *c = data;

  /* killed when the thread that started it ends, by any death of ours
   * (SIGKILL too); and if we died between fork and this line, now */
  if (prctl (PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid () != c->parent)
    _exit (126);
  /* out of the terminal's process group: a Ctrl-C is ours to handle (we
   * stop fio in order, and it reports what it has) */
  setpgid (0, 0);
  if (c->max_file_size > 0)
    {
      struct rlimit limit = { c->max_file_size, c->max_file_size };

      if (setrlimit (RLIMIT_FSIZE, &limit) != 0)
        {
          child_write ("volumeter: cannot limit the size of fio's files\n");
          _exit (126);
        }
    }
  if (c->ruleset >= 0)
    {
      if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
          || syscall (SYS_landlock_restrict_self, c->ruleset, 0) != 0)
        {
          child_write ("volumeter: cannot confine fio's client (landlock_restrict_self failed)\n");
          _exit (126);
        }
      close (c->ruleset);
    }
}

/**
 * vol_fio_client_spawn:
 * @setup: what to run, and where
 * @flags: its pipes, as g_subprocess_launcher_new() takes them
 *
 * Starts @setup's program confined (vol-fio-client.h), in the C locale,
 * its working folder @setup->folder. Where vol_fio_client_confinement()
 * says there is no Landlock (a normal user's run), it runs with the rest
 * of the box only; as root it is refused.
 *
 * Returns: (transfer full): the process, or %NULL with @error
 */
GSubprocess *
vol_fio_client_spawn (const VolFioClientSetup  *setup,
                      GSubprocessFlags          flags,
                      GError                  **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  VolFioClientConfinement confinement;
  ChildSetup child = { getpid (), -1, setup->max_file_size };
  GSubprocess *process;
  int abi;

  g_return_val_if_fail (setup != NULL && setup->program != NULL && setup->argv != NULL, NULL);
  g_return_val_if_fail (setup->folder != NULL && g_path_is_absolute (setup->program), NULL);

  if (!vol_fio_client_confinement (&confinement, error))
    return NULL;
  abi = vol_fio_client_landlock_abi ();
  if (confinement == VOL_FIO_CLIENT_CONFINED)
    {
      child.ruleset = make_ruleset (setup, abi, error);
      if (child.ruleset < 0)
        return NULL;
    }

  launcher = g_subprocess_launcher_new (flags);
  g_subprocess_launcher_set_cwd (launcher, setup->folder);
  /* fio's messages in the C locale: they are matched to hosts */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  /* the child runs before g_subprocess_launcher_spawnv returns: @child
   * may live on this stack */
  g_subprocess_launcher_set_child_setup (launcher, child_setup, &child, NULL);
  {
    /* the program whose file the ruleset lets it run, never one from PATH */
    g_autofree const char **argv = g_new0 (const char *, g_strv_length ((char **) setup->argv) + 1);

    argv[0] = setup->program;
    for (guint i = 1; setup->argv[i] != NULL; i++)
      argv[i] = setup->argv[i];
    process = g_subprocess_launcher_spawnv (launcher, argv, error);
  }
  if (child.ruleset >= 0)
    close (child.ruleset);
  return process;
}
