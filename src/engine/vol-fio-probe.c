/* vol-fio-probe.c — every host resolved, compared and probed at once, on one context
 *
 * Each host is a small state machine driven by GIO's async calls on the
 * probe's own GMainContext: the resolver's answer, then a connect to each
 * address in turn until one takes it, the probe written, the answer's
 * header read (24 bytes), then its payload (at most fio's fragment
 * limit). Nothing is read beyond what the header announced and fio
 * allows, and nothing waits beyond the stage's timer, which cancels what
 * is still going; the run's cancellable does the same. A stage ends when
 * no operation is in flight, so no callback outlives the probe.
 */
#include "vol-fio-probe.h"

#include <string.h>

#include <glib/gi18n.h>

#include "vol-error.h"

typedef struct Run Run;

typedef struct
{
  Run               *run;
  guint              index;
  const VolFioHost  *host;
  char              *name;          /* "db1:8765", as messages name it */
  GList             *addresses;     /* of GInetAddress, the resolver's order */
  GList             *next;          /* the next of them to try */
  GInetAddress      *address;       /* the one being tried */
  GCancellable      *cancellable;   /* this host's operations of the stage */
  gboolean           busy;          /* one in flight */
  gboolean           connected;
  GSocketConnection *connection;
  guint8             request[VOL_FIO_PROBE_REQUEST_SIZE];
  guint8             head[VOL_FIO_NET_HEADER_SIZE];
  VolFioNetHeader    header;
  guint8            *pdu;           /* header.pdu_len bytes, ≤ VOL_FIO_NET_MAX_PDU */
  VolFioProbeResult *result;
} Probe;

struct Run
{
  Probe         *probes;
  guint          n;
  guint          busy;          /* operations in flight */
  double         timeout;
  gboolean       timed_out;     /* the stage's timer fired */
  gboolean       cancelled;     /* the run's cancellable */
  GSocketClient *client;
  GSubprocess   *fio;           /* `fio --version`, while it runs */
  GCancellable  *fio_cancellable;
  char           fio_said[128]; /* the start of what it printed: a bounded read */
  guint          protocol;      /* what the probe speaks */
  gboolean       protocol_known;
  char          *fio_version;   /* this machine's, "fio-3.33" */
};

void
vol_fio_probe_result_free (VolFioProbeResult *result)
{
  if (result == NULL)
    return;
  g_free (result->error);
  vol_fio_host_free (result->reached);
  vol_fio_probe_reply_free (result->reply);
  g_free (result);
}

static void
op_start (Probe *p)
{
  g_assert (!p->busy);
  p->busy = TRUE;
  p->run->busy++;
}

static void
op_done (Probe *p)
{
  g_assert (p->busy);
  p->busy = FALSE;
  p->run->busy--;
}

/* The host cannot run: @message (taken) says why, naming it. */
static void
probe_fail (Probe *p,
            char  *message)
{
  if (p->result->error == NULL)
    p->result->error = message;
  else
    g_free (message);
  if (p->connection != NULL)
    g_io_stream_close (G_IO_STREAM (p->connection), NULL, NULL);
  g_clear_object (&p->connection);
}

/* "fio-3.33 speaks fio's protocol 97": what this machine's client speaks */
static char *
own_protocol (Run *run)
{
  const char *fio = run->fio_version && *run->fio_version ? run->fio_version : "fio";

  if (run->protocol_known)
    return g_strdup_printf (_("this machine's %s speaks fio's protocol %u"), fio, run->protocol);
  return g_strdup_printf (_("this machine's %s is a release Volumeter does not know, so the probe spoke fio 3.42's protocol %u"),
                          fio, run->protocol);
}

typedef enum
{
  STEP_RESOLVE,
  STEP_CONNECT,
  STEP_SEND,
  STEP_READ,
} Step;

/* An operation ended in @error: the stage's timer, the run's cancel, or
 * the host's own failure at @step. */
static void
fail_from (Probe  *p,
           GError *error,
           Step    step)
{
  Run *run = p->run;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && run->cancelled)
    probe_fail (p, g_strdup (_("Cancelled")));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && run->timed_out)
    {
      if (!p->connected && p->addresses == NULL)
        probe_fail (p, g_strdup_printf (_("cannot resolve %s within %.0f s"), p->name, run->timeout));
      else if (!p->connected)
        {
          g_autofree char *why = g_strdup_printf (_("no answer within %.0f s (is fio --server running there, and the port open?)"),
                                                  run->timeout);
          probe_fail (p, g_strdup_printf (_("cannot connect to %s: %s"), p->name, why));
        }
      else
        probe_fail (p, g_strdup_printf (_("%s accepted the connection but did not answer fio's probe within %.0f s: is it fio --server?"),
                                        p->name, run->timeout));
    }
  else if (step == STEP_RESOLVE)
    probe_fail (p, g_strdup_printf (_("cannot resolve %s: %s"), p->name, error->message));
  else if (step == STEP_CONNECT)
    probe_fail (p, g_strdup_printf (_("cannot connect to %s: %s"), p->name, error->message));
  else if (step == STEP_SEND)
    probe_fail (p, g_strdup_printf (_("%s took the connection, then fio's probe could not be sent: %s"),
                                    p->name, error->message));
  else
    probe_fail (p, g_strdup_printf (_("%s: its answer to fio's probe could not be read: %s"), p->name,
                                    error->message));
}

/* ---- 1. names and this machine's fio ------------------------------------ */

static void
on_resolved (GObject      *source,
             GAsyncResult *res,
             gpointer      data)
{
  Probe *p = data;
  g_autoptr(GError) error = NULL;
  GList *list = g_resolver_lookup_by_name_finish (G_RESOLVER (source), res, &error);

  op_done (p);
  if (list == NULL)
    fail_from (p, error, STEP_RESOLVE);
  p->addresses = list;
}

static void
on_fio_version (GObject      *source,
                GAsyncResult *res,
                gpointer      data)
{
  Run *run = data;
  gsize n = 0;

  run->busy--;
  if (g_input_stream_read_all_finish (G_INPUT_STREAM (source), res, &n, NULL))
    {
      char *newline = memchr (run->fio_said, '\n', n);

      run->fio_version = vol_fio_wire_text ((const guint8 *) run->fio_said, newline ? (gsize) (newline - run->fio_said) : n);
    }
  /* what it has to say is read: one that goes on printing is stopped */
  g_subprocess_force_exit (run->fio);
  run->protocol = vol_fio_protocol_of (run->fio_version);
  run->protocol_known = run->protocol != 0;
  if (!run->protocol_known)
    run->protocol = VOL_FIO_PROTOCOL_NEWEST;
}

static void
resolve (Run          *run,
         const char   *fio,
         GCancellable *stage)
{
  g_autoptr(GResolver) resolver = g_resolver_get_default ();
  const char *argv[] = { fio, "--version", NULL };

  run->fio_cancellable = g_object_ref (stage);
  run->fio = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, NULL);
  if (run->fio != NULL)
    {
      run->busy++;
      g_input_stream_read_all_async (g_subprocess_get_stdout_pipe (run->fio), run->fio_said, sizeof run->fio_said,
                                     G_PRIORITY_DEFAULT, stage, on_fio_version, run);
    }
  else
    run->protocol = VOL_FIO_PROTOCOL_NEWEST;

  for (guint i = 0; i < run->n; i++)
    {
      Probe *p = &run->probes[i];
      GInetAddress *literal = g_inet_address_new_from_string (p->host->address);

      if (literal != NULL)
        p->addresses = g_list_append (NULL, literal);
      else
        {
          op_start (p);
          g_resolver_lookup_by_name_async (resolver, p->host->address, p->cancellable, on_resolved, p);
        }
    }
}

/* ---- 2. one machine, two names --------------------------------------- */

/* An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 one;
 * every loopback address, and the "any" address a connect takes to mean
 * this machine, are this machine: NULL. */
static char *
machine_of (GInetAddress *address)
{
  const guint8 *b = g_inet_address_to_bytes (address);
  static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
  g_autoptr(GInetAddress) v4 = NULL;

  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6 && memcmp (b, mapped, 12) == 0)
    {
      v4 = g_inet_address_new_from_bytes (b + 12, G_SOCKET_FAMILY_IPV4);
      address = v4;
    }
  if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_any (address))
    return NULL;
  return g_inet_address_to_string (address);
}

/* Whether a connect to @a and one to @b reach the same machine. */
gboolean
vol_fio_probe_same_machine (GInetAddress *a,
                            GInetAddress *b)
{
  g_autofree char *ma = machine_of (a);
  g_autofree char *mb = machine_of (b);

  return g_strcmp0 (ma, mb) == 0;
}

static gboolean
find_twins (Run     *run,
            GError **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < run->n; i++)
    for (GList *l = run->probes[i].addresses; l != NULL; l = l->next)
      {
        Probe *p = &run->probes[i];
        g_autofree char *machine = machine_of (l->data);
        g_autofree char *key = g_strdup_printf ("%s|%u", machine ? machine : "", p->host->port);
        gpointer other;

        if (g_hash_table_lookup_extended (seen, key, NULL, &other) && GPOINTER_TO_UINT (other) != i)
          {
            g_set_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE,
                         _("hosts “%s” and “%s” are one host: both reach %s at port %u, and fio would run the job on it twice at once"),
                         run->probes[GPOINTER_TO_UINT (other)].host->spelling, p->host->spelling,
                         machine ? machine : _("this machine"), (guint) p->host->port);
            return FALSE;
          }
        g_hash_table_insert (seen, g_steal_pointer (&key), GUINT_TO_POINTER (i));
      }
  return TRUE;
}

/* ---- 3. fio's probe ------------------------------------------------------- */

static void connect_next (Probe *p);

static void
answered (Probe *p)
{
  Run *run = p->run;
  g_autoptr(GError) error = NULL;
  g_autofree char *ours = own_protocol (run);

  if (!vol_fio_net_pdu_check (&p->header, p->pdu, &error))
    {
      probe_fail (p, g_strdup_printf ("%s: %s", p->name, error->message));
      return;
    }
  if (p->header.opcode == VOL_FIO_NET_CMD_TEXT)
    {
      /* a server that refuses the probe says why before it hangs up */
      g_autofree char *said = vol_fio_text_pdu (p->pdu, p->header.pdu_len);

      if (p->header.version != run->protocol)
        probe_fail (p, g_strdup_printf (_("%s speaks fio's protocol %u, and %s: fio's client and server must be releases of one protocol (it said “%s”)"),
                                        p->name, (guint) p->header.version, ours, said));
      else
        probe_fail (p, g_strdup_printf (_("%s refused fio's probe: “%s”"), p->name, said));
      return;
    }
  if (p->header.version != run->protocol)
    {
      probe_fail (p, g_strdup_printf (_("%s speaks fio's protocol %u, and %s: fio's client and server must be releases of one protocol"),
                                      p->name, (guint) p->header.version, ours));
      return;
    }
  if (p->header.tag != p->index + 1u)
    {
      probe_fail (p, g_strdup_printf (_("%s answered a probe that was not ours: its answer is not fio's"), p->name));
      return;
    }
  p->result->reply = vol_fio_probe_reply_parse (&p->header, p->pdu, &error);
  if (p->result->reply == NULL)
    {
      probe_fail (p, g_strdup_printf ("%s: %s", p->name, error->message));
      return;
    }
  p->result->reached = g_new0 (VolFioHost, 1);
  p->result->reached->address = g_inet_address_to_string (p->address);
  p->result->reached->port = p->host->port;
  p->result->reached->spelling = g_strdup (p->host->spelling);
  g_io_stream_close (G_IO_STREAM (p->connection), NULL, NULL);
  g_clear_object (&p->connection);
}

static char *
closed_message (Probe *p)
{
  g_autofree char *ours = own_protocol (p->run);

  return g_strdup_printf (_("%s closed the connection without answering fio's probe: is it fio --server, of a release that speaks the protocol of this machine's fio? (%s)"),
                          p->name, ours);
}

static void
on_pdu (GObject      *source,
        GAsyncResult *res,
        gpointer      data)
{
  Probe *p = data;
  g_autoptr(GError) error = NULL;
  gsize n = 0;

  op_done (p);
  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), res, &n, &error))
    fail_from (p, error, STEP_READ);
  else if (n < p->header.pdu_len)
    probe_fail (p, closed_message (p));
  else
    answered (p);
}

static void
on_head (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  Probe *p = data;
  g_autoptr(GError) error = NULL;
  gsize n = 0;

  op_done (p);
  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), res, &n, &error))
    fail_from (p, error, STEP_READ);
  else if (n < VOL_FIO_NET_HEADER_SIZE)
    probe_fail (p, closed_message (p));
  else if (!vol_fio_net_header_parse (p->head, &p->header, &error))
    probe_fail (p, g_strdup_printf ("%s: %s", p->name, error->message));
  else if (p->header.flags & VOL_FIO_NET_F_MORE)
    probe_fail (p, g_strdup_printf (_("%s: its answer to fio's probe comes in pieces; fio's is one"), p->name));
  else if (p->header.opcode != VOL_FIO_NET_CMD_PROBE && p->header.opcode != VOL_FIO_NET_CMD_TEXT)
    probe_fail (p, g_strdup_printf (_("%s answered fio's probe with command %u, not with its answer: is it fio --server?"),
                                    p->name, (guint) p->header.opcode));
  else
    {
      /* bounded: the header's length is at most fio's fragment limit */
      p->pdu = g_malloc0 (MAX (p->header.pdu_len, 1));
      if (p->header.pdu_len == 0)
        {
          answered (p);
          return;
        }
      op_start (p);
      g_input_stream_read_all_async (G_INPUT_STREAM (source), p->pdu, p->header.pdu_len, G_PRIORITY_DEFAULT,
                                     p->cancellable, on_pdu, p);
    }
}

static void
on_sent (GObject      *source,
         GAsyncResult *res,
         gpointer      data)
{
  Probe *p = data;
  g_autoptr(GError) error = NULL;

  op_done (p);
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), res, NULL, &error))
    {
      fail_from (p, error, STEP_SEND);
      return;
    }
  op_start (p);
  g_input_stream_read_all_async (g_io_stream_get_input_stream (G_IO_STREAM (p->connection)), p->head,
                                 sizeof p->head, G_PRIORITY_DEFAULT, p->cancellable, on_head, p);
}

static void
on_connected (GObject      *source,
              GAsyncResult *res,
              gpointer      data)
{
  Probe *p = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *server = NULL;

  op_done (p);
  p->connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), res, &error);
  if (p->connection == NULL)
    {
      /* the next address, if the name has one (localhost: ::1, then
       * 127.0.0.1, where a server bound to 127.0.0.1 listens) */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && p->next != NULL)
        connect_next (p);
      else
        fail_from (p, error, STEP_CONNECT);
      return;
    }
  p->connected = TRUE;
  server = g_inet_address_to_string (p->address);
  vol_fio_probe_request (p->request, (guint16) p->run->protocol, p->index + 1u, server);
  op_start (p);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (p->connection)), p->request,
                                   sizeof p->request, G_PRIORITY_DEFAULT, p->cancellable, on_sent, p);
}

static void
connect_next (Probe *p)
{
  g_autoptr(GSocketAddress) target = NULL;

  g_set_object (&p->address, p->next->data);
  p->next = p->next->next;
  target = g_inet_socket_address_new (p->address, p->host->port);
  op_start (p);
  g_socket_client_connect_async (p->run->client, G_SOCKET_CONNECTABLE (target), p->cancellable, on_connected, p);
}

/* ---- the stages ----------------------------------------------------------- */

static gboolean
on_stage_timeout (gpointer data)
{
  Run *run = data;

  run->timed_out = TRUE;
  for (guint i = 0; i < run->n; i++)
    if (run->probes[i].busy)
      g_cancellable_cancel (run->probes[i].cancellable);
  if (run->fio_cancellable != NULL)
    g_cancellable_cancel (run->fio_cancellable);
  if (run->fio != NULL)
    g_subprocess_force_exit (run->fio);
  return G_SOURCE_REMOVE;
}

static gboolean
on_run_cancelled (GCancellable *cancellable,
                  gpointer      data)
{
  Run *run = data;

  run->cancelled = TRUE;
  for (guint i = 0; i < run->n; i++)
    g_cancellable_cancel (run->probes[i].cancellable);
  if (run->fio_cancellable != NULL)
    g_cancellable_cancel (run->fio_cancellable);
  return G_SOURCE_REMOVE;
}

/* Runs the context until every operation of the stage has ended, the
 * stage's timer cancelling what is still going at the timeout. */
static void
run_stage (Run          *run,
           GMainContext *context)
{
  g_autoptr(GSource) timer = g_timeout_source_new ((guint) MIN (run->timeout * 1000, G_MAXUINT));

  g_source_set_callback (timer, on_stage_timeout, run, NULL);
  g_source_attach (timer, context);
  while (run->busy > 0)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timer);
}

static void
new_stage (Run *run)
{
  run->timed_out = FALSE;
  for (guint i = 0; i < run->n; i++)
    {
      g_clear_object (&run->probes[i].cancellable);
      run->probes[i].cancellable = g_cancellable_new ();
      if (run->cancelled)
        g_cancellable_cancel (run->probes[i].cancellable);
    }
}

/**
 * vol_fio_probe_hosts:
 * @hosts: (element-type VolFioHost): the run's hosts, parsed
 * @fio: this machine's fio program (its `--version` says the protocol)
 * @timeout: s for the names to resolve, and again for the probes
 * @cancellable: (nullable): the run's
 *
 * Blocks its thread (see above).
 *
 * Returns: (transfer full) (element-type VolFioProbeResult) (nullable):
 *   one result per host, in @hosts' order; %NULL with a VOL_SPEC_ERROR
 *   naming both spellings when two hosts are one
 */
GPtrArray *
vol_fio_probe_hosts (GPtrArray     *hosts,
                     const char    *fio,
                     double         timeout,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GCancellable) stage = g_cancellable_new ();
  g_autoptr(GSource) cancel_source = NULL;
  GPtrArray *results = g_ptr_array_new_with_free_func ((GDestroyNotify) vol_fio_probe_result_free);
  Run run = { 0 };
  gboolean twins;

  g_return_val_if_fail (hosts != NULL && fio != NULL && timeout > 0, NULL);

  g_main_context_push_thread_default (context);
  run.n = hosts->len;
  run.timeout = timeout;
  run.probes = g_new0 (Probe, run.n);
  run.client = g_socket_client_new ();
  /* fio's client connects directly: so does the probe (a desktop's proxy
   * settings would otherwise be asked, through libproxy and dconf) */
  g_socket_client_set_enable_proxy (run.client, FALSE);
  for (guint i = 0; i < run.n; i++)
    {
      Probe *p = &run.probes[i];

      p->run = &run;
      p->index = i;
      p->host = g_ptr_array_index (hosts, i);
      p->name = vol_fio_host_to_string (p->host);
      p->result = g_new0 (VolFioProbeResult, 1);
      g_ptr_array_add (results, p->result);
    }
  if (cancellable != NULL)
    {
      cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (cancel_source, (GSourceFunc) (void (*) (void)) on_run_cancelled, &run, NULL);
      g_source_attach (cancel_source, context);
    }

  new_stage (&run);
  resolve (&run, fio, stage);
  run_stage (&run, context);
  g_clear_object (&run.fio);

  twins = find_twins (&run, error);
  if (twins)
    {
      new_stage (&run);
      for (guint i = 0; i < run.n; i++)
        {
          Probe *p = &run.probes[i];

          p->next = p->addresses;
          if (p->result->error == NULL && p->next != NULL)
            connect_next (p);
        }
      run_stage (&run, context);
    }

  if (cancel_source != NULL)
    g_source_destroy (cancel_source);
  for (guint i = 0; i < run.n; i++)
    {
      Probe *p = &run.probes[i];

      if (p->result->error == NULL && p->result->reached == NULL)
        p->result->error = g_strdup_printf (_("cannot connect to %s: it has no address"), p->name);
      g_free (p->name);
      g_list_free_full (p->addresses, g_object_unref);
      g_clear_object (&p->address);
      g_clear_object (&p->cancellable);
      g_clear_object (&p->connection);
      g_free (p->pdu);
    }
  g_free (run.probes);
  g_free (run.fio_version);
  g_clear_object (&run.fio_cancellable);
  g_object_unref (run.client);
  g_main_context_pop_thread_default (context);
  if (!twins)
    g_clear_pointer (&results, g_ptr_array_unref);
  return results;
}
