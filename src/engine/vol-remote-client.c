/* vol-remote-client.c — one host's fio client in a remote run (vol-remote-client.h)
 *
 * What fio's client does with a server's requests (fio 3.33, client.c):
 *   - SENDFILE (fio_send_file): stat()s and opens the path the server
 *     names and sends the file's bytes back; it prints nothing. Confined,
 *     the open fails (EACCES) and the reply carries the error instead.
 *   - IOLOG (fio_client_handle_iolog): writes the log to "NAME.HOSTNAME",
 *     NAME as the server sent it (absolute, or relative to the client's
 *     working folder); on failure it prints "fio: open log …: …" or
 *     "fio: fopen log … : …". Confined, a name outside the private folder
 *     fails so; a name inside it is written there, and found after the run.
 *   - VTRIGGER: saves verify state into the working folder.
 * None of them is printed as it comes, so the client runs with
 * --debug=net, whose "client: got cmd op NAME from HOST" lines name every
 * command the host sent; they are read here and kept out of the output.
 * The JSON itself goes to stdout with fio's messages (its own and the
 * server's TEXT, "<host> …"); stderr is merged into the same pipe.
 */
#include "config.h"

#include "vol-remote-client.h"

#include <signal.h>
#include <string.h>

#include <glib/gi18n.h>

#include "vol-fio-client.h"

#define READ_CHUNK 65536
#define MAX_REQUESTS 8

struct _VolRemoteClient
{
  char                    *name;       /* "db1:8765" */
  char                    *folder;
  GSubprocess             *process;
  GInputStream            *pipe;
  GString                 *output;     /* all it printed but the debug lines */
  GString                 *partial;    /* a line not yet ended */
  gsize                    bytes;      /* every byte read */
  gsize                    message_bytes;
  guint                    message_lines;
  gboolean                 in_json;
  gboolean                 exited;
  gboolean                 read_done;
  gint64                   stop_us;    /* when it was told to stop; 0: not */
  char                    *overflow;   /* why it "sent too much", else NULL */
  GPtrArray               *requests;   /* what the host asked for, in words */
  gboolean                 iolog;      /* it sent an IOLOG */
  gboolean                 started;    /* it said it started the job */
  guint                    n_named;    /* requests that name a file */
  VolRemoteClientLineFunc  on_line;
  gpointer                 user_data;
};

static void
add_request (VolRemoteClient *c,
             char            *text)
{
  for (guint i = 0; i < c->requests->len; i++)
    if (g_str_equal (g_ptr_array_index (c->requests, i), text))
      {
        g_free (text);
        return;
      }
  if (c->requests->len < MAX_REQUESTS)
    g_ptr_array_add (c->requests, text);
  else
    g_free (text);
}

/* "net      29180 client: got cmd op SENDFILE from 10.0.0.7 (pdu=256)":
 * fio's debug line ("%-8s %-5u %s"), not something the host printed (a
 * host's TEXT is printed after "<name> "). */
static gboolean
is_debug_line (const char *line)
{
  const char *p = line + 3;

  if (!g_str_has_prefix (line, "net ") && !g_str_has_prefix (line, "net\t"))
    return FALSE;
  while (*p == ' ')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return *p == ' ';
}

static void
take_debug_line (VolRemoteClient *c,
                 const char      *line)
{
  const char *op = strstr (line, "client: got cmd op ");

  if (op == NULL)
    return;
  op += strlen ("client: got cmd op ");
  if (g_str_has_prefix (op, "START ") || g_str_has_prefix (op, "SERVER_START "))
    c->started = TRUE;
  else if (g_str_has_prefix (op, "SENDFILE "))
    add_request (c, g_strdup (_("a file of this machine (fio's SENDFILE)")));
  else if (g_str_has_prefix (op, "IOLOG "))
    /* said once the file's name is known, or here if it never is */
    c->iolog = TRUE;
  else if (g_str_has_prefix (op, "VTRIGGER "))
    add_request (c, g_strdup (_("to write a file here (fio's VTRIGGER)")));
}

/* fio's words when the IOLOG's file could not be made: the name it was
 * given, escaped (it is the host's text) */
static void
take_log_error (VolRemoteClient *c,
                const char      *line)
{
  const char *name = NULL, *end;

  if (g_str_has_prefix (line, "fio: open log "))
    name = line + strlen ("fio: open log ");
  else if (g_str_has_prefix (line, "fio: fopen log "))
    name = line + strlen ("fio: fopen log ");
  if (name == NULL)
    return;
  end = g_strrstr (name, ": ");
  if (end != NULL && end > name && end[-1] == ' ')
    end--;
  {
    g_autofree char *raw = g_strndup (name, end ? (gsize) (end - name) : strlen (name));
    g_autofree char *escaped = g_strescape (raw, NULL);

    add_request (c, g_strdup_printf (_("to write the file “%s” (fio's IOLOG)"), escaped));
    c->n_named++;
  }
}

static void
overflow (VolRemoteClient *c,
          char            *why)
{
  if (c->overflow == NULL)
    c->overflow = why;
  else
    g_free (why);
  /* the rest is not read: the host is not heard any more */
  vol_remote_client_kill (c);
}

static void
take_line (VolRemoteClient *c,
           const char      *line,
           gsize            length)
{
  if (is_debug_line (line))
    {
      take_debug_line (c, line);
      return;
    }
  if (!c->in_json && line[0] == '{')
    c->in_json = TRUE;
  if (!c->in_json)
    {
      c->message_bytes += length + 1;
      c->message_lines++;
      if (c->message_bytes > VOL_REMOTE_CLIENT_MAX_MESSAGES || c->message_lines > VOL_REMOTE_CLIENT_MAX_LINES)
        {
          overflow (c, g_strdup_printf (_("sent too much: more than %u lines or %u KiB of messages"),
                                        VOL_REMOTE_CLIENT_MAX_LINES, VOL_REMOTE_CLIENT_MAX_MESSAGES / 1024));
          return;
        }
      take_log_error (c, line);
      if (c->on_line)
        c->on_line (c, line, c->user_data);
    }
  g_string_append_len (c->output, line, (gssize) length);
  g_string_append_c (c->output, '\n');
}

static void on_read (GObject *source, GAsyncResult *res, gpointer data);

static void
read_more (VolRemoteClient *c)
{
  g_input_stream_read_bytes_async (c->pipe, READ_CHUNK, G_PRIORITY_DEFAULT, NULL, on_read, c);
}

static void
on_read (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  VolRemoteClient *c = data;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), res, NULL);
  gsize size = bytes ? g_bytes_get_size (bytes) : 0;
  const char *chunk = bytes ? g_bytes_get_data (bytes, NULL) : NULL;
  gsize start = 0;

  if (size == 0)
    {
      /* the end: a last line with no newline is a line too */
      if (c->partial->len > 0 && c->overflow == NULL)
        take_line (c, c->partial->str, c->partial->len);
      g_string_truncate (c->partial, 0);
      c->read_done = TRUE;
      return;
    }
  c->bytes += size;
  if (c->bytes > VOL_REMOTE_CLIENT_MAX_OUTPUT)
    {
      overflow (c, g_strdup_printf (_("sent too much: more than %u MiB of output"),
                                    VOL_REMOTE_CLIENT_MAX_OUTPUT / (1024 * 1024)));
      c->read_done = TRUE;
      return;
    }
  for (gsize i = 0; i < size && c->overflow == NULL; i++)
    if (chunk[i] == '\n')
      {
        g_string_append_len (c->partial, chunk + start, (gssize) (i - start));
        take_line (c, c->partial->str, c->partial->len);
        g_string_truncate (c->partial, 0);
        start = i + 1;
      }
  if (c->overflow != NULL)
    {
      c->read_done = TRUE;
      return;
    }
  g_string_append_len (c->partial, chunk + start, (gssize) (size - start));
  read_more (c);
}

static void
on_process_exit (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  VolRemoteClient *c = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), res, NULL);
  c->exited = TRUE;
}

/**
 * vol_remote_client_start:
 * @fio: fio's absolute path
 * @host: the one host of this client
 * @job_path: the job, a file it may read
 * @folder: its private folder, empty: its working folder
 * @on_line: (nullable): called with each line of messages as it comes
 *
 * Starts `fio --client=HOST` confined in @folder; its output is read from
 * now on. Returns: (transfer full): the client, or %NULL with @error
 */
VolRemoteClient *
vol_remote_client_start (const char              *fio,
                         const VolFioHost        *host,
                         const char              *job_path,
                         const char              *folder,
                         VolRemoteClientLineFunc  on_line,
                         gpointer                 user_data,
                         GError                 **error)
{
  g_autoptr(VolRemoteClient) c = g_new0 (VolRemoteClient, 1);
  g_autofree char *arg = vol_fio_host_client_arg (host);
  g_autofree char *client = g_strdup_printf ("--client=%s", arg);
  /* the client first: fio ties what follows a --client to that client */
  const char *const argv[] = { fio, client, "--debug=net", "--output-format=json", job_path, NULL };
  const char *const readable[] = { job_path, NULL };
  /* fio's client writes no file of its own: a log a host makes it write
   * is kept small as well as in the folder */
  VolFioClientSetup setup = { fio, argv, folder, readable, host->port, VOL_REMOTE_CLIENT_MAX_MESSAGES };

  c->name = vol_fio_host_to_string (host);
  c->folder = g_strdup (folder);
  c->output = g_string_new (NULL);
  c->partial = g_string_new (NULL);
  c->requests = g_ptr_array_new_with_free_func (g_free);
  c->on_line = on_line;
  c->user_data = user_data;
  c->process = vol_fio_client_spawn (&setup, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, error);
  if (c->process == NULL)
    {
      g_prefix_error (error, _("Cannot start fio (%s): "), fio);
      c->exited = c->read_done = TRUE;
      return NULL;
    }
  c->pipe = g_object_ref (g_subprocess_get_stdout_pipe (c->process));
  read_more (c);
  g_subprocess_wait_async (c->process, NULL, on_process_exit, c);
  return g_steal_pointer (&c);
}

/* It has exited and all it printed is read (or no more will be). */
gboolean
vol_remote_client_is_done (VolRemoteClient *c)
{
  return c->exited && c->read_done;
}

/* s since it was told to stop; a negative number if it was not */
double
vol_remote_client_stopping (VolRemoteClient *c)
{
  return c->stop_us ? (g_get_monotonic_time () - c->stop_us) / 1e6 : -1;
}

/* SIGINT: fio stops the server's job and prints what it has. A host
 * that never said it started has nothing to print, and a client waiting
 * on a silent host does not stop for SIGINT: it goes at once. */
void
vol_remote_client_stop (VolRemoteClient *c)
{
  if (c->stop_us != 0 || c->exited)
    return;
  c->stop_us = g_get_monotonic_time ();
  if (!c->started)
    vol_remote_client_kill (c);
  else
    g_subprocess_send_signal (c->process, SIGINT);
}

void
vol_remote_client_kill (VolRemoteClient *c)
{
  if (c->stop_us == 0)
    c->stop_us = g_get_monotonic_time ();
  if (!c->exited && c->process != NULL)
    g_subprocess_force_exit (c->process);
}

/* Once done: what the host left in the private folder, and an exit by
 * the file-size cap, become what it asked for and "too much". */
void
vol_remote_client_finish (VolRemoteClient *c)
{
  g_autoptr(GDir) dir = g_dir_open (c->folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *escaped = g_strescape (name, NULL);
      add_request (c, g_strdup_printf (_("to write the file “%s” (it is in its private folder, and removed)"), escaped));
      c->n_named++;
    }
  if (c->iolog && c->n_named == 0)
    add_request (c, g_strdup (_("to write a file here (fio's IOLOG)")));
  if (c->process != NULL && g_subprocess_get_if_signaled (c->process)
      && g_subprocess_get_term_sig (c->process) == SIGXFSZ && c->overflow == NULL)
    c->overflow = g_strdup_printf (_("sent too much: made fio's client write a file of more than %u KiB"),
                                   VOL_REMOTE_CLIENT_MAX_MESSAGES / 1024);
}

/* All it printed but fio's debug lines: messages, then the JSON. */
const char *
vol_remote_client_get_output (VolRemoteClient *c,
                              gsize           *length)
{
  *length = c->output->len;
  return c->output->str;
}

const char *
vol_remote_client_get_overflow (VolRemoteClient *c)
{
  return c->overflow;
}

/* (element-type utf8): what the host asked the client for; empty: nothing */
GPtrArray *
vol_remote_client_get_requests (VolRemoteClient *c)
{
  return c->requests;
}

void
vol_remote_client_free (VolRemoteClient *c)
{
  if (c == NULL)
    return;
  /* done before it is freed (the run waits for it): no callback is due */
  g_warn_if_fail (c->process == NULL || vol_remote_client_is_done (c));
  g_clear_object (&c->pipe);
  g_clear_object (&c->process);
  g_string_free (c->output, TRUE);
  g_string_free (c->partial, TRUE);
  g_ptr_array_unref (c->requests);
  g_free (c->overflow);
  g_free (c->folder);
  g_free (c->name);
  g_free (c);
}
