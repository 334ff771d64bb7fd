/* test-fio-probe.c — fio's probe, as bytes and against servers that lie
 *
 * The wire (engine/vol-fio-wire.c): fio's CRC-16 against the CRC's own
 * check value, the probe's bytes against those a Python rendering of
 * fio's server.h sent to a real fio 3.33 server (which answered it), a
 * real server's answer header, a wrong CRC, a length beyond fio's, and
 * a host's texts with escapes, bad UTF-8 and a bidirectional override.
 *
 * The probe (engine/vol-fio-probe.c) against a fake server on a thread
 * of the test, one port per way of answering: fio's answer, silence
 * after the connect, garbage, a 300 MiB length, a hang-up, a TEXT saying
 * the protocol is another, a hostile host name; a port nobody listens
 * on. Each host fails alone with a message naming it and what it did;
 * the good ones answer. Then 256 hosts whose server answers none until
 * all 256 have sent their probe: all are in flight at once, and the
 * process has far fewer than 256 threads while they are.
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "vol-error.h"
#include "vol-fio-hosts.h"
#include "vol-fio-probe.h"
#include "vol-fio-wire.h"

/* ---- the wire ------------------------------------------------------------- */

static void
test_crc (void)
{
  /* CRC-16/ARC's check value: the CRC fio's table computes */
  g_assert_cmphex (vol_fio_crc16 ("123456789", 9), ==, 0xBB3D);
  g_assert_cmphex (vol_fio_crc16 ("", 0), ==, 0);
}

static void
test_protocol_of (void)
{
  static const struct { const char *text; guint protocol; } cases[] = {
    { "fio-3.33\n", 97 }, { "fio-3.31", 97 }, { "fio-3.30", 96 }, { "fio-3.0", 65 }, { "fio-3.2", 66 },
    { "fio-3.42", 120 }, { "fio-3.33-12-gabcdef", 97 }, { "fio-3.43", 0 }, { "fio-2.21", 0 },
    { "fio-", 0 }, { "true (GNU coreutils) 9.1", 0 }, { "", 0 }, { NULL, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (vol_fio_protocol_of (cases[i].text), ==, cases[i].protocol);
}

static void
test_request (void)
{
  guint8 out[VOL_FIO_PROBE_REQUEST_SIZE];
  g_autofree char *hex = NULL;
  GString *s = g_string_new (NULL);

  vol_fio_probe_request (out, 97, 0x1234, "127.0.0.1");
  for (guint i = 0; i < VOL_FIO_NET_HEADER_SIZE; i++)
    g_string_append_printf (s, "%02x", out[i]);
  hex = g_string_free (s, FALSE);
  /* what a real fio 3.33 server answered */
  g_assert_cmpstr (hex, ==, "61000a000000000034120000000000008800000052f40729");
  g_assert_cmpint (memcmp (out + VOL_FIO_NET_HEADER_SIZE + 8, "127.0.0.1\0", 10), ==, 0);
  /* the pdu is zero beyond the name: nothing of ours leaks */
  for (guint i = VOL_FIO_NET_HEADER_SIZE + 8 + 9; i < VOL_FIO_PROBE_REQUEST_SIZE; i++)
    g_assert_cmpuint (out[i], ==, 0);
}

static void
from_hex (const char *hex,
          guint8     *out)
{
  for (guint i = 0; hex[2 * i]; i++)
    out[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) * 16 + g_ascii_xdigit_value (hex[2 * i + 1]));
}

static void
put_le (guint8 *p,
        guint64 v,
        guint   bytes)
{
  for (guint i = 0; i < bytes; i++)
    p[i] = (guint8) (v >> (8 * i));
}

/* a header as a server sends it, its CRC right */
static void
make_header (guint8  *out,
             guint    version,
             guint    opcode,
             guint64  tag,
             guint32  pdu_len,
             guint16  pdu_crc)
{
  memset (out, 0, VOL_FIO_NET_HEADER_SIZE);
  put_le (out, version, 2);
  put_le (out + 2, opcode, 2);
  put_le (out + 8, tag, 8);
  put_le (out + 16, pdu_len, 4);
  put_le (out + 20, vol_fio_crc16 (out, VOL_FIO_NET_CRC_SPAN), 2);
  put_le (out + 22, pdu_crc, 2);
}

static void
test_header (void)
{
  guint8 bytes[VOL_FIO_NET_HEADER_SIZE];
  VolFioNetHeader header;
  g_autoptr(GError) error = NULL;

  /* a real fio 3.33 server's answer to the probe above */
  from_hex ("61000a000000000034120000000000007000000063944163", bytes);
  g_assert_true (vol_fio_net_header_parse (bytes, &header, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (header.version, ==, 97);
  g_assert_cmpuint (header.opcode, ==, VOL_FIO_NET_CMD_PROBE);
  g_assert_cmpuint (header.tag, ==, 0x1234);
  g_assert_cmpuint (header.pdu_len, ==, VOL_FIO_PROBE_REPLY_SIZE);
  g_assert_cmphex (header.pdu_crc, ==, 0x6341);

  bytes[3] ^= 1;
  g_assert_false (vol_fio_net_header_parse (bytes, &header, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);

  /* right CRC, 300 MiB announced: refused before anything is read */
  make_header (bytes, 97, VOL_FIO_NET_CMD_PROBE, 1, 300u << 20, 0);
  g_assert_false (vol_fio_net_header_parse (bytes, &header, &error));
  g_assert_nonnull (strstr (error->message, "314572800 bytes"));
  g_clear_error (&error);
  make_header (bytes, 97, VOL_FIO_NET_CMD_PROBE, 1, VOL_FIO_NET_MAX_PDU, 0);
  g_assert_true (vol_fio_net_header_parse (bytes, &header, NULL));
}

/* a probe's answer: @hostname as the server sends it */
static void
make_reply (guint8     *pdu,
            const char *hostname,
            gsize       hostname_len,
            const char *version)
{
  memset (pdu, 0, VOL_FIO_PROBE_REPLY_SIZE);
  memcpy (pdu, hostname, MIN (hostname_len, 64));
  memcpy (pdu + 65, version, strlen (version));
  pdu[97] = 1;      /* Linux */
  pdu[98] = 1;      /* x86-64 */
  pdu[99] = 8;
  put_le (pdu + 100, 16, 4);
}

static void
test_reply (void)
{
  guint8 pdu[VOL_FIO_PROBE_REPLY_SIZE];
  VolFioNetHeader header = { 97, VOL_FIO_NET_CMD_PROBE, 0, 1, VOL_FIO_PROBE_REPLY_SIZE, 0 };
  g_autoptr(VolFioProbeReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  /* an escape that clears the screen, a bell, bad UTF-8, a right-to-left
   * override, and 64 bytes with no NUL: text, no more */
  static const char hostile[] = "db\x1b[2J\x07" "1\xff\xfe" "\xe2\x80\xae" "x";

  make_reply (pdu, hostile, sizeof hostile - 1, "fio-3.33");
  header.pdu_crc = vol_fio_crc16 (pdu, sizeof pdu);
  g_assert_true (vol_fio_net_pdu_check (&header, pdu, NULL));
  reply = vol_fio_probe_reply_parse (&header, pdu, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (reply->hostname, ==, "db?[2J?1\xef\xbf\xbd\xef\xbf\xbd?x");
  g_assert_true (g_utf8_validate (reply->hostname, -1, NULL));
  g_assert_cmpstr (reply->fio_version, ==, "fio-3.33");
  g_assert_cmpstr (reply->os, ==, "Linux");
  g_assert_cmpuint (reply->cpus, ==, 16);
  g_assert_cmpuint (reply->bits, ==, 64);
  g_clear_pointer (&reply, vol_fio_probe_reply_free);

  memset (pdu, 'a', 64);
  reply = vol_fio_probe_reply_parse (&header, pdu, NULL);
  g_assert_cmpuint (strlen (reply->hostname), ==, 64);
  g_clear_pointer (&reply, vol_fio_probe_reply_free);

  pdu[0] ^= 1;
  g_assert_false (vol_fio_net_pdu_check (&header, pdu, &error));
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);

  header.pdu_len = 40;
  g_assert_null (vol_fio_probe_reply_parse (&header, pdu, &error));
  g_assert_nonnull (strstr (error->message, "40 bytes"));
}

static void
test_text_pdu (void)
{
  guint8 pdu[128] = { 0 };
  static const char said[] = "fio: bad server cmd\x1b]0;owned\x07 version 96\n";
  g_autofree char *text = NULL;

  put_le (pdu, 3, 4);
  put_le (pdu + 4, sizeof said - 1, 4);
  memcpy (pdu + 24, said, sizeof said - 1);
  text = vol_fio_text_pdu (pdu, 24 + sizeof said - 1);
  g_assert_cmpstr (text, ==, "fio: bad server cmd?]0;owned? version 96");
  g_clear_pointer (&text, g_free);
  /* a length beyond the payload is cut to it */
  put_le (pdu + 4, 1000, 4);
  text = vol_fio_text_pdu (pdu, 30);
  g_assert_cmpstr (text, ==, "fio: b");
}

static void
test_same_machine (void)
{
  static const struct { const char *a, *b; gboolean same; } cases[] = {
    { "127.0.0.1", "::1", TRUE }, { "127.0.0.2", "127.0.0.1", TRUE }, { "::ffff:127.0.0.1", "::1", TRUE },
    { "0.0.0.0", "127.0.0.1", TRUE }, { "10.0.0.1", "::ffff:10.0.0.1", TRUE },
    { "10.0.0.1", "10.0.0.2", FALSE }, { "10.0.0.1", "127.0.0.1", FALSE }, { "fe80::1", "fe80::2", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GInetAddress) a = g_inet_address_new_from_string (cases[i].a);
      g_autoptr(GInetAddress) b = g_inet_address_new_from_string (cases[i].b);

      if (vol_fio_probe_same_machine (a, b) != cases[i].same)
        g_error ("%s and %s: %s the same machine", cases[i].a, cases[i].b, cases[i].same ? "not" : "");
    }
}

/* ---- a fake server ------------------------------------------------------ */

typedef enum
{
  ANSWER_FIO,        /* fio's answer */
  ANSWER_SILENT,     /* takes the probe, says nothing */
  ANSWER_GARBAGE,
  ANSWER_HUGE,       /* a right header announcing 300 MiB */
  ANSWER_HANG_UP,
  ANSWER_PROTOCOL,   /* fio's TEXT of a server of another protocol */
  ANSWER_HOSTILE,    /* fio's answer, a host name of escapes */
} Answer;

typedef struct
{
  int    fd;
  guint  port;           /* index in the server's ports */
  guint8 request[VOL_FIO_PROBE_REQUEST_SIZE];
  gsize  have;
  gboolean answered;
} Client;

typedef struct
{
  guint     n;
  int      *listen;
  guint16  *ports;
  Answer   *answers;
  guint     hold;          /* answer nothing until this many probes came */
  int       stop[2];
  GThread  *thread;
  /* read once the thread has ended */
  guint     probes;
  guint     bad_probes;
  guint     version;         /* the protocol the last probe spoke */
  guint     threads_at_hold;
} Server;

static guint
count_threads (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static gboolean
request_is_fio (const guint8 *r)
{
  VolFioNetHeader h;

  return vol_fio_net_header_parse (r, &h, NULL) && h.opcode == VOL_FIO_NET_CMD_PROBE
         && h.pdu_len == VOL_FIO_PROBE_PDU_SIZE && vol_fio_net_pdu_check (&h, r + VOL_FIO_NET_HEADER_SIZE, NULL)
         && strcmp ((const char *) r + VOL_FIO_NET_HEADER_SIZE + 8, "127.0.0.1") == 0;
}

static void
answer (Client *c,
        Answer  how)
{
  guint8 out[VOL_FIO_NET_HEADER_SIZE + VOL_FIO_PROBE_REPLY_SIZE];
  guint8 *pdu = out + VOL_FIO_NET_HEADER_SIZE;
  guint version = c->request[0] | (c->request[1] << 8);
  guint64 tag = 0;
  gsize len = sizeof out;

  for (guint i = 0; i < 8; i++)
    tag |= (guint64) c->request[8 + i] << (8 * i);
  c->answered = TRUE;
  switch (how)
    {
    case ANSWER_SILENT:
      return;
    case ANSWER_HANG_UP:
      shutdown (c->fd, SHUT_RDWR);
      return;
    case ANSWER_GARBAGE:
      memcpy (out, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", 48);
      len = 48;
      break;
    case ANSWER_HUGE:
      make_header (out, version, VOL_FIO_NET_CMD_PROBE, tag, 300u << 20, 0);
      len = VOL_FIO_NET_HEADER_SIZE;
      break;
    case ANSWER_PROTOCOL:
      {
        static const char said[] = "fio: bad server cmd version 97\n";

        memset (pdu, 0, 24);
        put_le (pdu + 4, sizeof said - 1, 4);
        memcpy (pdu + 24, said, sizeof said - 1);
        len = 24 + sizeof said - 1;
        make_header (out, version - 1, VOL_FIO_NET_CMD_TEXT, 0, (guint32) len, vol_fio_crc16 (pdu, len));
        len += VOL_FIO_NET_HEADER_SIZE;
        break;
      }
    case ANSWER_FIO:
    case ANSWER_HOSTILE:
    default:
      if (how == ANSWER_HOSTILE)
        make_reply (pdu, "evil\x1b[31m\x1b]0;title\x07", 20, "fio-3.33\x1b[0m");
      else
        make_reply (pdu, "db1", 3, "fio-3.33");
      make_header (out, version, VOL_FIO_NET_CMD_PROBE, tag, VOL_FIO_PROBE_REPLY_SIZE,
                   vol_fio_crc16 (pdu, VOL_FIO_PROBE_REPLY_SIZE));
      break;
    }
  g_assert_cmpint (write (c->fd, out, len), ==, (gssize) len);
}

static gpointer
server_thread (gpointer data)
{
  Server *s = data;
  g_autoptr(GArray) clients = g_array_new (FALSE, TRUE, sizeof (Client));
  gboolean held = s->hold > 0;

  for (;;)
    {
      g_autofree struct pollfd *fds = g_new0 (struct pollfd, 1 + s->n + clients->len);
      guint nfds = 0;

      fds[nfds++] = (struct pollfd) { s->stop[0], POLLIN, 0 };
      for (guint i = 0; i < s->n; i++)
        fds[nfds++] = (struct pollfd) { s->listen[i], POLLIN, 0 };
      for (guint i = 0; i < clients->len; i++)
        fds[nfds++] = (struct pollfd) { g_array_index (clients, Client, i).fd, POLLIN, 0 };
      if (poll (fds, nfds, -1) < 0)
        g_assert_cmpint (errno, ==, EINTR);
      if (fds[0].revents)
        break;
      for (guint i = 0; i < s->n; i++)
        if (fds[1 + i].revents & POLLIN)
          {
            Client c = { accept (s->listen[i], NULL, NULL), i, { 0 }, 0, FALSE };

            g_assert_cmpint (c.fd, >=, 0);
            g_array_append_val (clients, c);
          }
      for (guint i = 0; i < clients->len && 1 + s->n + i < nfds; i++)
        {
          Client *c = &g_array_index (clients, Client, i);
          gssize got;

          if (!(fds[1 + s->n + i].revents & (POLLIN | POLLHUP)) || c->have == sizeof c->request)
            continue;
          got = read (c->fd, c->request + c->have, sizeof c->request - c->have);
          if (got <= 0)
            continue;
          c->have += (gsize) got;
          if (c->have < sizeof c->request)
            continue;
          s->probes++;
          s->version = c->request[0] | (c->request[1] << 8);
          if (!request_is_fio (c->request))
            s->bad_probes++;
          if (!held)
            answer (c, s->answers[c->port]);
          else if (s->probes == s->hold)
            {
              /* every probe is in flight now: the prober's threads */
              s->threads_at_hold = count_threads ();
              held = FALSE;
              for (guint j = 0; j < clients->len; j++)
                if (g_array_index (clients, Client, j).have == sizeof c->request)
                  answer (&g_array_index (clients, Client, j), s->answers[g_array_index (clients, Client, j).port]);
            }
        }
    }
  for (guint i = 0; i < clients->len; i++)
    close (g_array_index (clients, Client, i).fd);
  return NULL;
}

static Server *
server_start (const Answer *answers,
              guint         n,
              guint         hold)
{
  Server *s = g_new0 (Server, 1);

  s->n = n;
  s->hold = hold;
  s->listen = g_new0 (int, n);
  s->ports = g_new0 (guint16, n);
  s->answers = g_memdup2 (answers, n * sizeof (Answer));
  for (guint i = 0; i < n; i++)
    {
      struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
      socklen_t len = sizeof a;

      s->listen[i] = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
      g_assert_cmpint (s->listen[i], >=, 0);
      g_assert_cmpint (bind (s->listen[i], (struct sockaddr *) &a, sizeof a), ==, 0);
      g_assert_cmpint (listen (s->listen[i], 16), ==, 0);
      g_assert_cmpint (getsockname (s->listen[i], (struct sockaddr *) &a, &len), ==, 0);
      s->ports[i] = ntohs (a.sin_port);
    }
  g_assert_cmpint (pipe (s->stop), ==, 0);
  s->thread = g_thread_new ("fake-fio-server", server_thread, s);
  return s;
}

/* Ends the server's thread: its counts can be read then. */
static void
server_stop (Server *s)
{
  g_assert_cmpint (write (s->stop[1], "x", 1), ==, 1);
  g_thread_join (s->thread);
  for (guint i = 0; i < s->n; i++)
    close (s->listen[i]);
  close (s->stop[0]);
  close (s->stop[1]);
}

static void
server_free (Server *s)
{
  g_free (s->listen);
  g_free (s->ports);
  g_free (s->answers);
  g_free (s);
}

/* a stand-in for this machine's fio: it says its version, no more (or,
 * given "yes", says it for ever) */
static char *
fake_fio (const char *dir,
          const char *version)
{
  char *path = g_build_filename (dir, "fio", NULL);
  g_autofree char *script = g_str_has_prefix (version, "yes ") ? g_strdup_printf ("#!/bin/sh\nexec %s\n", version)
                                                              : g_strdup_printf ("#!/bin/sh\necho %s\n", version);

  g_assert_true (g_file_set_contents (path, script, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

static GPtrArray *
hosts_on (Server     *s,
          const char *extra)
{
  g_autoptr(GString) list = g_string_new (extra);

  for (guint i = 0; i < s->n; i++)
    g_string_append_printf (list, "%s127.0.0.1:%u", list->len ? "," : "", s->ports[i]);
  return vol_fio_hosts_parse (list->str, VOL_FIO_DEFAULT_PORT, NULL);
}

static const char *
error_of (GPtrArray *results,
          guint      i)
{
  return ((VolFioProbeResult *) g_ptr_array_index (results, i))->error;
}

static void
assert_says (const char *message,
             const char *words)
{
  if (message == NULL || strstr (message, words) == NULL)
    g_error ("the message “%s” does not say “%s”", message ? message : "(none)", words);
}

static void
test_answers (void)
{
  static const Answer answers[] = {
    ANSWER_FIO, ANSWER_SILENT, ANSWER_GARBAGE, ANSWER_HUGE, ANSWER_HANG_UP, ANSWER_PROTOCOL, ANSWER_HOSTILE,
  };
  g_autofree char *dir = g_dir_make_tmp ("volumeter-probe-XXXXXX", NULL);
  g_autofree char *fio = fake_fio (dir, "fio-3.33");
  Server *s = server_start (answers, G_N_ELEMENTS (answers), 0);
  /* port 1: nobody listens */
  g_autoptr(GPtrArray) hosts = hosts_on (s, "127.0.0.1:1");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = vol_fio_probe_hosts (hosts, fio, 1, NULL, &error);
  char *name[G_N_ELEMENTS (answers)] = { NULL };
  const VolFioProbeResult *good, *hostile;

  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, G_N_ELEMENTS (answers) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    name[i] = g_strdup_printf ("127.0.0.1:%u", s->ports[i]);
  assert_says (error_of (results, 0), "cannot connect to 127.0.0.1:1: ");
  assert_says (error_of (results, 0), "refused");

  good = g_ptr_array_index (results, 1);
  g_assert_null (good->error);
  g_assert_cmpstr (good->reached->address, ==, "127.0.0.1");
  g_assert_cmpuint (good->reached->port, ==, s->ports[0]);
  g_assert_cmpstr (good->reply->hostname, ==, "db1");
  g_assert_cmpstr (good->reply->fio_version, ==, "fio-3.33");

  assert_says (error_of (results, 2), name[1]);
  assert_says (error_of (results, 2), "accepted the connection but did not answer fio's probe within 1 s");
  assert_says (error_of (results, 3), name[2]);
  assert_says (error_of (results, 3), "not fio's: the header's checksum is wrong");
  assert_says (error_of (results, 4), name[3]);
  assert_says (error_of (results, 4), "announces 314572800 bytes, more than fio sends in one piece");
  assert_says (error_of (results, 5), name[4]);
  assert_says (error_of (results, 5), "closed the connection without answering fio's probe");
  assert_says (error_of (results, 5), "fio-3.33 speaks fio's protocol 97");
  assert_says (error_of (results, 6), name[5]);
  assert_says (error_of (results, 6), "speaks fio's protocol 96, and this machine's fio-3.33 speaks fio's protocol 97");
  assert_says (error_of (results, 6), "(it said “fio: bad server cmd version 97”)");

  hostile = g_ptr_array_index (results, 7);
  g_assert_null (hostile->error);
  g_assert_cmpstr (hostile->reply->hostname, ==, "evil?[31m?]0;title?");
  g_assert_cmpstr (hostile->reply->fio_version, ==, "fio-3.33?[0m");

  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    g_free (name[i]);
  server_stop (s);
  /* every port had fio's probe, right to the byte */
  g_assert_cmpuint (s->probes, ==, G_N_ELEMENTS (answers));
  g_assert_cmpuint (s->bad_probes, ==, 0);
  g_assert_cmpuint (s->version, ==, 97);
  server_free (s);
  g_unlink (fio);
  g_rmdir (dir);
}

/* A fio this machine's probe does not know: the newest protocol spoken,
 * and a server that closes on it says so. One that prints for ever: its
 * first line read, no more, and it is stopped. */
static void
test_unknown_fio (void)
{
  static const Answer answers[] = { ANSWER_FIO, ANSWER_HANG_UP };
  static const struct { const char *says; guint protocol; const char *words; } fios[] = {
    { "fio-9.1", VOL_FIO_PROTOCOL_NEWEST, "fio-9.1 is a release Volumeter does not know, so the probe spoke fio 3.42's protocol 120" },
    { "yes fio-3.30", 96, "this machine's fio-3.30 speaks fio's protocol 96" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fios); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("volumeter-probe-XXXXXX", NULL);
      g_autofree char *fio = fake_fio (dir, fios[i].says);
      Server *s = server_start (answers, G_N_ELEMENTS (answers), 0);
      g_autoptr(GPtrArray) hosts = hosts_on (s, NULL);
      g_autoptr(GPtrArray) results = vol_fio_probe_hosts (hosts, fio, 5, NULL, NULL);

      g_assert_null (error_of (results, 0));
      assert_says (error_of (results, 1), fios[i].words);
      server_stop (s);
      g_assert_cmpuint (s->version, ==, fios[i].protocol);
      g_assert_cmpuint (s->bad_probes, ==, 0);
      server_free (s);
      g_unlink (fio);
      g_rmdir (dir);
    }
}

static void
test_twins (void)
{
  static const struct { const char *list; const char *words; } cases[] = {
    { "localhost:9000,127.0.0.1:9000", "hosts “localhost:9000” and “127.0.0.1:9000” are one host: both reach this machine at port 9000" },
    { "127.0.0.1:9000 [::1]:9000", "“127.0.0.1:9000” and “[::1]:9000” are one host" },
    { "LOCALHOST.:9000 [0:0:0:0:0:0:0:1]:9000", "“LOCALHOST.:9000” and “[0:0:0:0:0:0:0:1]:9000” are one host" },
    { "10.1.2.3:9000 ::ffff:10.1.2.3", NULL },
    { "10.1.2.3:9000 [::ffff:10.1.2.3]:9000", "both reach 10.1.2.3 at port 9000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) hosts = vol_fio_hosts_parse (cases[i].list, VOL_FIO_DEFAULT_PORT, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GCancellable) cancelled = g_cancellable_new ();
      g_autoptr(GPtrArray) results = NULL;

      g_assert_nonnull (hosts);
      /* twins are refused before any connect; the others' run is
       * cancelled, so none is tried (nobody listens at 10.1.2.3) */
      if (cases[i].words == NULL)
        g_cancellable_cancel (cancelled);
      results = vol_fio_probe_hosts (hosts, "true", 5, cancelled, &error);
      if (cases[i].words == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (results);
          assert_says (error_of (results, 0), "Cancelled");
          continue;
        }
      g_assert_null (results);
      g_assert_error (error, VOL_SPEC_ERROR, VOL_SPEC_ERROR_INVALID_VALUE);
      assert_says (error->message, cases[i].words);
      assert_says (error->message, "fio would run the job on it twice at once");
    }
}

/* 256 hosts, none answered until all have sent their probe: they are all
 * in flight at once, on a handful of threads. */
static void
test_many (void)
{
  guint n = VOL_FIO_MAX_HOSTS;
  g_autofree Answer *answers = g_new0 (Answer, n);
  g_autofree char *dir = g_dir_make_tmp ("volumeter-probe-XXXXXX", NULL);
  g_autofree char *fio = fake_fio (dir, "fio-3.33");
  struct rlimit files;
  Server *s;
  g_autoptr(GPtrArray) hosts = NULL;
  g_autoptr(GPtrArray) results = NULL;
  guint before = count_threads ();

  /* 256 listeners, 256 connections of each side */
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &files), ==, 0);
  if (files.rlim_cur < 4 * n)
    {
      files.rlim_cur = MIN (files.rlim_max, 4 * n);
      g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &files), ==, 0);
    }
  if (files.rlim_cur < 4 * n)
    {
      g_test_skip ("fewer than 1024 open files allowed");
      return;
    }
  s = server_start (answers, n, n);
  hosts = hosts_on (s, NULL);
  g_assert_cmpuint (hosts->len, ==, n);
  results = vol_fio_probe_hosts (hosts, fio, 60, NULL, NULL);
  g_assert_nonnull (results);
  for (guint i = 0; i < n; i++)
    if (error_of (results, i) != NULL)
      g_error ("host %u: %s", i, error_of (results, i));
  server_stop (s);
  g_test_message ("threads: %u before, %u with %u probes in flight", before, s->threads_at_hold, n);
  g_assert_cmpuint (s->probes, ==, n);
  g_assert_cmpuint (s->bad_probes, ==, 0);
  /* the test, the server, GLib's own few: nowhere near one per host */
  g_assert_cmpuint (s->threads_at_hold, >, 0);
  g_assert_cmpuint (s->threads_at_hold, <=, before + 8);
  server_free (s);
  g_unlink (fio);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vol/fio-probe/crc", test_crc);
  g_test_add_func ("/vol/fio-probe/protocol-of", test_protocol_of);
  g_test_add_func ("/vol/fio-probe/request", test_request);
  g_test_add_func ("/vol/fio-probe/header", test_header);
  g_test_add_func ("/vol/fio-probe/reply", test_reply);
  g_test_add_func ("/vol/fio-probe/text", test_text_pdu);
  g_test_add_func ("/vol/fio-probe/same-machine", test_same_machine);
  g_test_add_func ("/vol/fio-probe/answers", test_answers);
  g_test_add_func ("/vol/fio-probe/unknown-fio", test_unknown_fio);
  g_test_add_func ("/vol/fio-probe/twins", test_twins);
  g_test_add_func ("/vol/fio-probe/many", test_many);
  return g_test_run ();
}
