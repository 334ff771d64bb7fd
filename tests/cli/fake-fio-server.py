#!/usr/bin/env python3
"""fake-fio-server.py MODE PORTFILE LOG [ARG...] — a hostile fio server, for test-remote.sh

Speaks fio's client/server protocol (fio's server.h: a 24-byte little-endian
struct fio_net_cmd header, version, opcode, flags, tag, pdu_len, then the
CRC-16 of the header's first 20 bytes and of the payload; payloads of more
than 1024 bytes come in fragments flagged FIO_NET_CMD_F_MORE). It answers a
client's PROBE as a server would (so the client sends its job), then, once
the job has come, does what MODE says:

  silent              nothing more: the client waits (a host that hangs)
  ask PATH... -- NAME...
                      SENDFILE of each PATH (fio's server asks the client
                      for a file so), then IOLOG of each NAME (the client
                      writes "NAME.HOSTNAME"), then QUIT
  flood BYTES         TEXT messages, BYTES in all, then QUIT
  rename PORT NAME    a relay to the real server on PORT that renames
                      every job in its figures (TS: a struct thread_stat,
                      whose first field is the job's name, char[128]) NAME
                      (Python escapes, such as qd1\x07)

It listens on 127.0.0.1, port chosen by the kernel, and writes the port to
PORTFILE once it listens (the test waits for that file). LOG gets one line
per event, flushed: "probe", "job", "sendfile-reply SIZE ERRNO", "gone job"
(the connection that sent the job closed: the client is gone); LOG.received gets every byte the client
sent back for a SENDFILE, for the test to search for the file's bytes.
"""
import os
import socket
import socketserver
import struct
import sys
import threading

HEADER = struct.Struct('<HHIQIHH')
CMD_QUIT, CMD_TEXT, CMD_JOB, CMD_TS, CMD_PROBE, CMD_IOLOG, CMD_SENDFILE = 1, 5, 3, 6, 10, 17, 21
F_MORE = 1
MAX_FRAGMENT = 1024


def crc16_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
        table.append(crc)
    return table


TABLE = crc16_table()


def crc16(data):
    crc = 0
    for b in data:
        crc = (crc >> 8) ^ TABLE[(crc ^ b) & 0xFF]
    return crc


mode, portfile, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
args = sys.argv[4:]
log_lock = threading.Lock()


def log(line):
    with log_lock, open(log_path, 'a') as f:
        f.write(line + '\n')


def received(data):
    with log_lock, open(log_path + '.received', 'ab') as f:
        f.write(data)


class Connection:
    def __init__(self, sock):
        self.sock = sock
        self.version = 97  # fio 3.33's; the client's own is echoed once seen

    def recv_exact(self, n):
        data = b''
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def recv_cmd(self):
        """One command, its fragments joined: (opcode, tag, payload)."""
        payload = b''
        while True:
            version, opcode, flags, tag, pdu_len, _, _ = HEADER.unpack(self.recv_exact(HEADER.size))
            self.version = version
            payload += self.recv_exact(pdu_len)
            if not flags & F_MORE:
                return opcode, tag, payload

    def send_cmd(self, opcode, payload=b'', tag=0):
        for start in range(0, max(len(payload), 1), MAX_FRAGMENT):
            part = payload[start:start + MAX_FRAGMENT]
            more = F_MORE if start + MAX_FRAGMENT < len(payload) else 0
            head = struct.pack('<HHIQI', self.version, opcode, more, tag, len(part))
            self.sock.sendall(head + struct.pack('<HH', crc16(head), crc16(part)) + part)


def probe_reply():
    # struct cmd_probe_reply_pdu: hostname, bigendian, fio_version, os, arch, bpp, cpus, flags
    return struct.pack('<64sB32sBBBIQ', b'fake', 0, b'fio-3.33', 1, 1, 8, 1, 0)


def text(message):
    # struct cmd_text_pdu: level, buf_len, log_sec, log_usec, buf
    data = message.encode()
    return struct.pack('<IIQQ', 0, len(data), 0, 0) + data


def iolog(name):
    # struct cmd_iolog_pdu: nr_samples, thread_number, log_type (1: latency),
    # compressed, log_offset, log_prio, log_hist_coarseness, name[256]
    return struct.pack('<QIIIIII256s', 0, 0, 1, 0, 0, 0, 0, name.encode())


def after_job(c):
    if mode == 'silent':
        return
    if mode == 'ask':
        split = args.index('--') if '--' in args else len(args)
        for path in args[:split]:
            c.send_cmd(CMD_SENDFILE, path.encode().ljust(256, b'\0'), tag=1)
            opcode, _, payload = c.recv_cmd()
            while opcode != CMD_SENDFILE:
                opcode, _, payload = c.recv_cmd()
            size, error = struct.unpack('<II', payload[:8])
            log('sendfile-reply %d %d' % (size, error))
            received(payload)
        for name in args[split + 1:]:
            c.send_cmd(CMD_IOLOG, iolog(name))
        c.send_cmd(CMD_QUIT)
    elif mode == 'flood':
        total = int(args[0])
        line = 'x' * 899 + '\n'
        for _ in range(total // len(line) + 1):
            c.send_cmd(CMD_TEXT, text(line))
        c.send_cmd(CMD_QUIT)


def recv_exact(sock, n):
    data = b''
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def relay(client):
    """The client's bytes to the real server as they are; the server's
    command by command, a TS's first fragment renamed."""
    up = socket.create_connection(('127.0.0.1', int(args[0])))
    name = args[1].encode().decode('unicode_escape').encode('latin-1')

    def pump():
        try:
            while True:
                data = client.recv(65536)
                if not data:
                    break
                up.sendall(data)
        except OSError:
            pass
        try:
            up.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    threading.Thread(target=pump, daemon=True).start()
    continuing = False
    try:
        while True:
            version, opcode, flags, tag, pdu_len, cmd_crc, pdu_crc = HEADER.unpack(recv_exact(up, HEADER.size))
            payload = recv_exact(up, pdu_len)
            if opcode == CMD_TS and not continuing:
                payload = name.ljust(128, b'\0') + payload[128:]
                pdu_crc = crc16(payload)
                log('renamed')
            continuing = bool(flags & F_MORE)
            client.sendall(HEADER.pack(version, opcode, flags, tag, pdu_len, cmd_crc, pdu_crc) + payload)
    except (EOFError, OSError):
        pass
    up.close()


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        if mode == 'rename':
            relay(self.request)
            return
        c = Connection(self.request)
        got_job = False
        try:
            while True:
                opcode, tag, _ = c.recv_cmd()
                if opcode == CMD_PROBE:
                    log('probe')
                    c.send_cmd(CMD_PROBE, probe_reply(), tag=tag)
                elif opcode == CMD_JOB:
                    log('job')
                    got_job = True
                    after_job(c)
        except (EOFError, ConnectionError):
            pass
        # a probe's bare connect closes too: the client's own says "gone job"
        log('gone job' if got_job else 'gone')


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(('127.0.0.1', 0), Handler)
with open(portfile + '.tmp', 'w') as f:
    f.write('%d\n' % server.server_address[1])
os.rename(portfile + '.tmp', portfile)
server.serve_forever()
