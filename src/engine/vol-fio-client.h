/* vol-fio-client.h — fio's client, started confined
 *
 * A remote run's fio client talks to a host that may be hostile: fio's
 * protocol lets a server ask the client for any file (SENDFILE) and make
 * it write files (IOLOG). So the client is started in a box of its own
 * (vol_fio_client_spawn): its own process group, killed with the thread
 * that started it (PR_SET_PDEATHSIG), its working folder a private empty
 * one, the C locale, a cap on the size of any file it writes
 * (RLIMIT_FSIZE), and a Landlock ruleset that lets it read and run only
 * its program and the system's libraries, and read and write only inside
 * its private folder (docs/hosts.md, "How a remote run works").
 *
 * Where the kernel has no Landlock, a run as root is refused (root can
 * read every file a host would ask for); a normal user's runs without it,
 * and the caller says so in the result (vol_fio_client_confinement()).
 *
 * Any thread; the process dies with the thread that called
 * vol_fio_client_spawn(), so that thread must outlive it (a remote run's
 * worker waits for its clients).
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  const char        *program;        /* absolute path of the program (fio) */
  const char *const *argv;           /* its arguments, argv[0] first (run as @program), NULL-terminated */
  const char        *folder;         /* its private folder: working folder, the one place it may write */
  const char *const *readable;       /* NULL-terminated files it may also read (the job), or NULL */
  guint16            port;           /* the one TCP port it may connect to; 0: none */
  guint64            max_file_size;  /* the largest file it may write (RLIMIT_FSIZE); 0: no cap */
} VolFioClientSetup;

typedef enum
{
  VOL_FIO_CLIENT_CONFINED,     /* Landlock: read and write only where allowed */
  VOL_FIO_CLIENT_UNCONFINED,   /* no Landlock here: a normal user's run, with a caveat */
} VolFioClientConfinement;

int          vol_fio_client_landlock_abi (void);
gboolean     vol_fio_client_confinement  (VolFioClientConfinement  *confinement,
                                          GError                  **error);
GSubprocess *vol_fio_client_spawn        (const VolFioClientSetup  *setup,
                                          GSubprocessFlags          flags,
                                          GError                  **error);

G_END_DECLS
