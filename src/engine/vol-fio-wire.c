/* vol-fio-wire.c — fio's probe and its answer, as bytes
 *
 * Written from fio's server.h and server.c (struct fio_net_cmd,
 * cmd_client_probe_pdu, cmd_probe_reply_pdu, verify_convert_cmd); fio's
 * own client checks an answer the same way, and a server of another
 * protocol closes the connection, or first says why in a TEXT command.
 */
#include "vol-fio-wire.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

/* fio's CRC-16: the reflected form of x^16 + x^15 + x^2 + 1, from 0, as
 * fio's table computes it a byte at a time */
guint16
vol_fio_crc16 (const void *data,
               gsize       length)
{
  const guint8 *p = data;
  guint16 crc = 0;

  for (gsize i = 0; i < length; i++)
    {
      crc ^= p[i];
      for (int bit = 0; bit < 8; bit++)
        crc = (crc & 1) ? (guint16) ((crc >> 1) ^ 0xA001) : (guint16) (crc >> 1);
    }
  return crc;
}

/* FIO_SERVER_VER of each fio 3.x release where it changed (fio's git
 * history of server.h); the releases between speak the one before. */
static const struct { guint minor; guint protocol; } protocols[] = {
  { 0, 65 }, { 1, 66 }, { 3, 69 }, { 4, 70 }, { 6, 72 }, { 7, 73 }, { 9, 74 }, { 11, 77 },
  { 13, 78 }, { 16, 80 }, { 18, 82 }, { 20, 83 }, { 22, 84 }, { 23, 86 }, { 26, 88 }, { 27, 89 },
  { 28, 94 }, { 29, 95 }, { 30, 96 }, { 31, 97 }, { 34, 99 }, { 35, 100 }, { 36, 101 },
  { 37, 103 }, { 38, 107 }, { 40, 111 }, { 41, 113 }, { 42, 120 },
};

/**
 * vol_fio_protocol_of:
 * @version_text: what `fio --version` printed: "fio-3.33\n", "fio-3.33-12-gabc"
 *
 * Returns: the protocol that fio speaks; 0 when the release is not one
 *   Volumeter knows (older than 3.0, newer than the table, or no version)
 */
guint
vol_fio_protocol_of (const char *version_text)
{
  const char *p;
  guint64 major, minor;
  char *end = NULL;
  guint protocol = 0;

  if (version_text == NULL || !g_str_has_prefix (version_text, "fio-"))
    return 0;
  p = version_text + 4;
  major = g_ascii_strtoull (p, &end, 10);
  if (end == p || *end != '.' || major != 3)
    return 0;
  p = end + 1;
  minor = g_ascii_strtoull (p, &end, 10);
  if (end == p || minor > protocols[G_N_ELEMENTS (protocols) - 1].minor)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (protocols) && protocols[i].minor <= minor; i++)
    protocol = protocols[i].protocol;
  return protocol;
}

static void
put16 (guint8 *p, guint16 v)
{
  v = GUINT16_TO_LE (v);
  memcpy (p, &v, 2);
}

static void
put32 (guint8 *p, guint32 v)
{
  v = GUINT32_TO_LE (v);
  memcpy (p, &v, 4);
}

static void
put64 (guint8 *p, guint64 v)
{
  v = GUINT64_TO_LE (v);
  memcpy (p, &v, 8);
}

static guint16
get16 (const guint8 *p)
{
  guint16 v;

  memcpy (&v, p, 2);
  return GUINT16_FROM_LE (v);
}

static guint32
get32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

static guint64
get64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

/**
 * vol_fio_probe_request:
 * @server: the address the probe connects to, as fio's client sends it
 *   (the server keeps it to name verify-state files); cut to 127 bytes
 *
 * Writes FIO_NET_CMD_PROBE as fio's client sends it, without asking for
 * zlib (the probe reads nothing compressed).
 */
void
vol_fio_probe_request (guint8      out[VOL_FIO_PROBE_REQUEST_SIZE],
                       guint16     protocol,
                       guint64     tag,
                       const char *server)
{
  guint8 *pdu = out + VOL_FIO_NET_HEADER_SIZE;

  memset (out, 0, VOL_FIO_PROBE_REQUEST_SIZE);
  put16 (out, protocol);
  put16 (out + 2, VOL_FIO_NET_CMD_PROBE);
  put32 (out + 4, 0);
  put64 (out + 8, tag);
  put32 (out + 16, VOL_FIO_PROBE_PDU_SIZE);
  /* the pdu: flags (none), then the server's name, NUL-padded */
  put64 (pdu, 0);
  strncpy ((char *) pdu + 8, server, 127);
  put16 (out + 20, vol_fio_crc16 (out, VOL_FIO_NET_CRC_SPAN));
  put16 (out + 22, vol_fio_crc16 (pdu, VOL_FIO_PROBE_PDU_SIZE));
}

/**
 * vol_fio_net_header_parse:
 *
 * Returns: %FALSE with G_IO_ERROR_INVALID_DATA when the header's CRC is
 *   wrong or its payload is longer than fio ever sends in one piece
 */
gboolean
vol_fio_net_header_parse (const guint8      bytes[VOL_FIO_NET_HEADER_SIZE],
                          VolFioNetHeader  *header,
                          GError          **error)
{
  guint16 crc = get16 (bytes + 20);

  if (crc != vol_fio_crc16 (bytes, VOL_FIO_NET_CRC_SPAN))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("its answer is not fio's: the header's checksum is wrong"));
      return FALSE;
    }
  header->version = get16 (bytes);
  header->opcode = get16 (bytes + 2);
  header->flags = get32 (bytes + 4);
  header->tag = get64 (bytes + 8);
  header->pdu_len = get32 (bytes + 16);
  header->pdu_crc = get16 (bytes + 22);
  if (header->pdu_len > VOL_FIO_NET_MAX_PDU)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("its answer announces %u bytes, more than fio sends in one piece (%u)"),
                   (guint) header->pdu_len, (guint) VOL_FIO_NET_MAX_PDU);
      return FALSE;
    }
  return TRUE;
}

/* Whether the payload that followed @header is the one it announced. */
gboolean
vol_fio_net_pdu_check (const VolFioNetHeader  *header,
                       const guint8           *pdu,
                       GError                **error)
{
  if (vol_fio_crc16 (pdu, header->pdu_len) != header->pdu_crc)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("its answer is not fio's: the payload's checksum is wrong"));
      return FALSE;
    }
  return TRUE;
}

/**
 * vol_fio_wire_text:
 * @bytes: a text field of fio's, NUL-terminated within @size or not
 *
 * Returns: (transfer full): the text up to its NUL, valid UTF-8, each
 *   control or format character (escapes, bidirectional overrides) a
 *   "?": it may reach a terminal or a result file
 */
char *
vol_fio_wire_text (const guint8 *bytes,
                   gsize         size)
{
  const guint8 *nul = memchr (bytes, '\0', size);
  g_autofree char *valid = g_utf8_make_valid ((const char *) bytes, nul ? nul - bytes : (gssize) size);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || g_unichar_type (c) == G_UNICODE_FORMAT
          || c == 0x2028 || c == 0x2029)
        g_string_append_c (out, '?');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static const char *const os_names[] = {
  NULL, "Linux", "AIX", "FreeBSD", "HP-UX", "OSX", "NetBSD", "OpenBSD", "Solaris", "Windows",
  "Android", "DragonFly",
};

/**
 * vol_fio_probe_reply_parse:
 * @header: a PROBE command's, parsed
 * @pdu: its @header->pdu_len bytes, CRC checked
 *
 * Returns: (transfer full) (nullable): what the server says of itself;
 *   %NULL with G_IO_ERROR_INVALID_DATA when it is too short to be fio's
 */
VolFioProbeReply *
vol_fio_probe_reply_parse (const VolFioNetHeader  *header,
                           const guint8           *pdu,
                           GError                **error)
{
  VolFioProbeReply *reply;
  guint8 os;

  if (header->pdu_len < VOL_FIO_PROBE_REPLY_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("its answer to the probe has %u bytes, fio's has %u"),
                   (guint) header->pdu_len, (guint) VOL_FIO_PROBE_REPLY_SIZE);
      return NULL;
    }
  /* hostname[64], bigendian, fio_version[32], os, arch, bpp, cpus, flags */
  reply = g_new0 (VolFioProbeReply, 1);
  reply->hostname = vol_fio_wire_text (pdu, 64);
  reply->big_endian = pdu[64] != 0;
  reply->fio_version = vol_fio_wire_text (pdu + 65, 32);
  os = pdu[97];
  reply->os = os < G_N_ELEMENTS (os_names) && os_names[os] ? g_strdup (os_names[os])
                                                         : g_strdup_printf ("OS %u", os);
  reply->bits = pdu[99] * 8u;
  reply->cpus = get32 (pdu + 100);
  return reply;
}

/**
 * vol_fio_text_pdu:
 * @pdu: a TEXT command's payload (struct cmd_text_pdu: level, length,
 *   time, then the text), CRC checked
 *
 * Returns: (transfer full): its text, checked as vol_fio_wire_text()
 *   does, without the final newline; "" when it has none
 */
char *
vol_fio_text_pdu (const guint8 *pdu,
                  gsize         length)
{
  gsize len;
  char *text;

  if (length < 24)
    return g_strdup ("");
  len = MIN ((gsize) get32 (pdu + 4), length - 24);
  /* the newline that ends fio's message is dropped; any other is a "?" */
  while (len > 0 && (pdu[24 + len - 1] == '\n' || pdu[24 + len - 1] == '\0'))
    len--;
  text = vol_fio_wire_text (pdu + 24, len);
  return text;
}

void
vol_fio_probe_reply_free (VolFioProbeReply *reply)
{
  if (reply == NULL)
    return;
  g_free (reply->hostname);
  g_free (reply->fio_version);
  g_free (reply->os);
  g_free (reply);
}
