/* vol-fio-wire.h — the few bytes of fio's client/server protocol the probe speaks
 *
 * fio's client greets a server with FIO_NET_CMD_PROBE and the server
 * answers with its name, fio version and OS (fio's server.h). The probe
 * (vol-fio-probe.c) does the same before a remote run, so a host that is
 * not a fio server of this machine's protocol fails at once, naming what
 * it answered. What is read is bounded and checked here: a header of 24
 * bytes, its CRC, a payload length within fio's own fragment limit, the
 * payload's CRC; the host's texts come back valid UTF-8 with no control
 * character. Encoding as fio's: little-endian fields, fio's CRC-16
 * (poly 0x8005, reflected, initial 0) over the header up to its CRCs and
 * over the payload.
 *
 * Pure; any thread.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define VOL_FIO_NET_HEADER_SIZE   24     /* struct fio_net_cmd */
#define VOL_FIO_NET_CRC_SPAN      20     /* FIO_NET_CMD_CRC_SZ: the header up to its CRCs */
#define VOL_FIO_NET_MAX_PDU       1024   /* FIO_SERVER_MAX_FRAGMENT_PDU: no fragment is longer */
#define VOL_FIO_NET_CMD_TEXT      5
#define VOL_FIO_NET_CMD_PROBE     10
#define VOL_FIO_NET_F_MORE        1u     /* more fragments follow */
#define VOL_FIO_PROBE_PDU_SIZE    136    /* struct cmd_client_probe_pdu */
#define VOL_FIO_PROBE_REQUEST_SIZE (VOL_FIO_NET_HEADER_SIZE + VOL_FIO_PROBE_PDU_SIZE)
#define VOL_FIO_PROBE_REPLY_SIZE  112    /* struct cmd_probe_reply_pdu */
/* fio's newest protocol Volumeter knows (fio 3.42) */
#define VOL_FIO_PROTOCOL_NEWEST   120

typedef struct
{
  guint16 version;    /* the sender's protocol (FIO_SERVER_VER) */
  guint16 opcode;
  guint32 flags;
  guint64 tag;
  guint32 pdu_len;
  guint16 pdu_crc;
} VolFioNetHeader;

typedef struct
{
  char    *hostname;     /* what the server calls itself; checked text */
  char    *fio_version;  /* "fio-3.33"; checked text */
  char    *os;           /* "Linux", or "OS 42" */
  guint    cpus;
  guint    bits;         /* 64 */
  gboolean big_endian;
} VolFioProbeReply;

guint16           vol_fio_crc16               (const void           *data,
                                               gsize                 length);
guint             vol_fio_protocol_of         (const char           *version_text);
void              vol_fio_probe_request       (guint8                out[VOL_FIO_PROBE_REQUEST_SIZE],
                                               guint16               protocol,
                                               guint64               tag,
                                               const char           *server);
gboolean          vol_fio_net_header_parse    (const guint8          bytes[VOL_FIO_NET_HEADER_SIZE],
                                               VolFioNetHeader      *header,
                                               GError              **error);
gboolean          vol_fio_net_pdu_check       (const VolFioNetHeader *header,
                                               const guint8         *pdu,
                                               GError              **error);
VolFioProbeReply *vol_fio_probe_reply_parse   (const VolFioNetHeader *header,
                                               const guint8         *pdu,
                                               GError              **error);
char             *vol_fio_text_pdu            (const guint8         *pdu,
                                               gsize                 length);
char             *vol_fio_wire_text           (const guint8         *bytes,
                                               gsize                 size);
void              vol_fio_probe_reply_free    (VolFioProbeReply     *reply);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VolFioProbeReply, vol_fio_probe_reply_free)

G_END_DECLS
