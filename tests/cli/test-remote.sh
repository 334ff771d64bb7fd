#!/usr/bin/env bash
# test-remote.sh VOLUMETER_CLI — remote runs against three real fio servers
#
# TAP. Three `fio --server` on 127.0.0.1, each on a port of its own and in
# a mount namespace of its own, where its own ext4 loop volume is mounted
# at one path, $work/target: the folder a remote run names is the same
# path on every host, as on a real fleet, and each host writes to its own
# volume. The volumes are mounted outside too ($work/seen1…3), to look at
# what the jobs left.
#
# Checked: random and queue on the three give three host results plus
# "All clients"; each host's figures are the client_stats entries of
# fio's own JSON (kept with --fio-output), the aggregate's the sum of the
# hosts' per section and fio's "All clients" totals; the job's files are
# gone. A server stopped before the run: two results, a failed one
# naming the connection error, exit 1. A server killed mid-run (the seam:
# its job's file has appeared on its volume, and the job is bound by
# time, so it is still running): the same, well within the run timeout.
# transfer, threads and quick run on two hosts; the kinds fio cannot do,
# bad hosts and a relative folder are refused with exit 2. The probe
# (engine/vol-fio-probe.c): "localhost." runs, given to fio as the
# address that answered; spellings of one server (localhost, LOCALHOST,
# localhost., 127.0.0.1, [::1], [0:0:0:0:0:0:0:1]) are refused with exit
# 2 naming both; a fake server that takes the connection and then says
# nothing, garbage, or a 300 MiB length fails that host alone, at the
# probe, with the connect timeout, while the real one completes; 256
# silent hosts under a 1 GiB address-space limit all fail at the probe.
set -u
cli=$(readlink -f "$1")
n=0
failed=0

if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root for loop volumes and mount namespaces; CI runs it as root"
  exit 0
fi
for tool in fio unshare python3 mkfs.ext4 prlimit; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    printf '1..1\nnot ok 1 - %s is installed (build-aux/debian-packages.txt)\n' "$tool"
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-remote.XXXXXX")
target="$work/target"
mkdir "$target"
declare -a loops ports pids

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1" "${@:3}"; fi; }

# Each server is the first process of a PID namespace of its own: fio's
# job processes leave the server's session (setsid), so killing the
# session alone left them running; when the namespace's first process
# dies the kernel kills every process in it.
stop_server() {
  local i=$1
  if [ -n "${pids[$i]:-}" ]; then
    # the server's session: unshare and the namespace's first process
    kill -9 -- "-${pids[$i]}" 2>/dev/null
    wait "${pids[$i]}" 2>/dev/null
    pids[$i]=""
    # the namespace's other processes go as the kernel reaps them
    for _ in $(seq 100); do
      ps -eo args= | grep -qx -- "fio --server=127.0.0.1,${ports[$i]}" || return 0
      sleep 0.1
    done
    echo "# fio server $i (port ${ports[$i]}) still running after its namespace was killed" >&2
  fi
}

fake_pid=
cleanup() {
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null; wait "$fake_pid" 2>/dev/null; fi
  for i in 1 2 3; do stop_server "$i"; done
  for i in 1 2 3; do
    mountpoint -q "$work/seen$i" 2>/dev/null && umount "$work/seen$i"
    [ -n "${loops[$i]:-}" ] && losetup -d "${loops[$i]}" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# waits (up to 30 s, for a loaded machine) until the server accepts
start_server() {
  local i=$1
  setsid unshare -m --propagation private --pid --fork --kill-child \
    sh -c "mount ${loops[$i]} '$target' && exec fio --server=127.0.0.1,${ports[$i]}" \
    >"$work/server$i.log" 2>&1 &
  pids[$i]=$!
  for _ in $(seq 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${ports[$i]}") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "Bail out! fio server $i did not start: $(cat "$work/server$i.log")"
  exit 1
}

for i in 1 2 3; do
  truncate -s 128M "$work/vol$i.img"
  loops[$i]=$(losetup -f --show "$work/vol$i.img") || { echo "Bail out! losetup"; exit 1; }
  mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "${loops[$i]}" >&2 || { echo "Bail out! mkfs"; exit 1; }
  mkdir "$work/seen$i"
  mount "${loops[$i]}" "$work/seen$i" || { echo "Bail out! mount"; exit 1; }
  ports[$i]=$(free_port)
  start_server "$i"
done
h1="127.0.0.1:${ports[1]}" h2="127.0.0.1:${ports[2]}" h3="127.0.0.1:${ports[3]}"
all="$h1,$h2,$h3"

# volume_empty I: nothing but lost+found on host I's volume
volume_empty() { [ -z "$(ls -A "$work/seen$1" | grep -v '^lost+found$')" ]; }

# check.py KIND FIO.json RESULT… — each host's result against fio's entries
cat >"$work/check.py" <<'EOF'
import json, math, sys
kind, fio_path, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(fio_path).read()
fio = json.loads(text[text.index('\n{') + 1:] if not text.startswith('{') else text)
stats = fio['client_stats']
entries = {}
for e in stats:
    if e['jobname'] != 'All clients':
        entries[('127.0.0.1:%d' % e['port'], e['jobname'])] = e
fio_all = [e for e in stats if e['jobname'] == 'All clients']
problems = []
def close(a, b):
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1)
def column(series, name):
    return next(c['values'] for c in series['columns'] if c['name'] == name)
hosts, aggregate = [], None
for p in paths:
    r = json.load(open(p))
    res = r['test'].get('resolved', {})
    if 'remote-hosts' in res:
        aggregate = r
    else:
        hosts.append((res['remote-host'], r))
def section_rate(host, name, direction):
    e = entries[(host, name)]
    return e[direction]['iops']
def check_host(host, r, rate):
    if r['status']['state'] != 'complete':
        problems.append('%s: %s' % (host, r['status'].get('message')))
        return
    # what the host's server said of itself at the probe
    if r['host'].get('os') != 'Linux' or not r['host'].get('cpu_count'):
        problems.append('%s: host %s, not the probe answer (Linux, its CPUs)' % (host, r['host']))
    for name, direction, got in rates(r):
        want = rate(host, name, direction)
        if not close(got, want):
            problems.append('%s %s: %s, fio says %s' % (host, name, got, want))
def rates(r):
    series = {s['name']: s for s in r['series']}
    out = []
    if kind == 'queue':
        q = series['queue']
        for d, v in zip(column(q, 'depth'), column(q, 'iops')):
            out.append(('qd%d' % d, 'read', v))
    else:
        for direction in ('write', 'read'):
            s = series[direction]
            for it, v in zip(column(s, 'iteration'), column(s, 'ops')):
                ios = int(r['test']['parameters']['ios'])
                out.append(('%s-%d-%d' % (direction, ios, it), direction, v))
    return out
for host, r in hosts:
    check_host(host, r, section_rate)
if aggregate is None:
    problems.append('no All clients result')
else:
    done = [h for h, r in hosts if r['status']['state'] == 'complete']
    listed = aggregate['test']['resolved']['remote-hosts']
    if sorted(listed) != sorted(done):
        problems.append('aggregate over %s, the complete hosts are %s' % (listed, done))
    for name, direction, got in rates(aggregate):
        want = sum(entries[(h, name)][direction]['iops'] for h in done)
        if not close(got, want):
            problems.append('All clients %s: %s, the hosts sum to %s' % (name, got, want))
    figures = {f['name']: f['value'] for f in aggregate.get('figures', [])}
    if fio_all:
        a = fio_all[0]
        want = a['read']['total_ios'] + a['write']['total_ios']
        mine = sum(e['read']['total_ios'] + e['write']['total_ios'] for (h, _), e in entries.items() if h in done)
        if figures.get('fio-all-clients-ios') != want or mine != want:
            problems.append("fio's All clients: %s I/Os, kept %s, the hosts' sections sum to %s"
                            % (want, figures.get('fio-all-clients-ios'), mine))
    elif len(done) > 1:
        problems.append("fio printed no All clients")
print('\n'.join(problems))
sys.exit(1 if problems else 0)
EOF

# run NAME ARGS… — a remote run into $work/NAME/, its status in $rc
run() {
  local name=$1
  shift
  rm -rf "$work/$name"
  mkdir "$work/$name"
  "$cli" run "$@" --target "$target" -o "$work/$name" --fio-output "$work/$name/fio.json" \
    >"$work/$name/out" 2>"$work/$name/err"
  rc=$?
}

# state FILE: the result's state and message
state() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["status"]; print(s["state"], s.get("message") or "")' "$1"; }
host_file() { ls "$work/$1"/volumeter-*-"127.0.0.1-$2".volumeter.json 2>/dev/null; }

# --- random and queue on three hosts -------------------------------------
run random random --hosts "$all" --ios 300 --iterations 2 --file-size 16M --chunk 4K
check "random on three hosts: exit 0" '[ $rc -eq 0 ]' "exit $rc" "$(cat "$work/random/err")"
check "random: three host results and All clients" \
  '[ $(ls "$work"/random/*.volumeter.json | wc -l) -eq 4 ]' "$(ls "$work/random")"
py=$(python3 "$work/check.py" random "$work/random/fio.json" "$work"/random/*.volumeter.json 2>&1)
py_rc=$?
check "random: each host's IO/s is fio's client_stats entry, All clients the hosts' sum" '[ $py_rc -eq 0 ]' "$py"
check "random: the job's file is gone from every host" 'volume_empty 1 && volume_empty 2 && volume_empty 3' \
  "$(ls -A "$work"/seen*)"

run queue queue --hosts "$all" --depths 1,4 --seconds 1 --span 32M
check "queue on three hosts: exit 0" '[ $rc -eq 0 ]' "exit $rc" "$(cat "$work/queue/err")"
py=$(python3 "$work/check.py" queue "$work/queue/fio.json" "$work"/queue/*.volumeter.json 2>&1)
py_rc=$?
check "queue: each host's IOPS is fio's client_stats entry, All clients the hosts' sum and fio's totals" '[ $py_rc -eq 0 ]' "$py"
check "queue: the per-host table names every host" \
  'grep -q "$h1" "$work/queue/out" && grep -q "$h3" "$work/queue/out" && grep -q "All clients" "$work/queue/out"' \
  "$(cat "$work/queue/out")"
"$cli" compare "$work"/queue/*.volumeter.json --png "$work/queue.png" >"$work/cmp.out" 2>&1
check "compare on the host results: named by host, a chart" \
  '[ -s "$work/queue.png" ] && grep -q "named by host" "$work/cmp.out"' "$(cat "$work/cmp.out")"
check "fio-job on a host's result prints the job it was sent" \
  '"$cli" fio-job "$(host_file queue "${ports[1]}")" | grep -qx "directory=$target"'
# made again from the parameters (the stored text is never printed): the
# same bytes as the job the run sent
"$cli" fio-job "$(host_file queue "${ports[1]}")" >"$work/remade.fio"
python3 -c 'import json, sys; sys.stdout.write(json.load(open(sys.argv[1]))["test"]["resolved"]["fio-job"])' \
  "$(host_file queue "${ports[1]}")" >"$work/sent.fio"
check "fio-job makes again exactly the job the run sent" 'cmp -s "$work/remade.fio" "$work/sent.fio"' \
  "$(diff "$work/sent.fio" "$work/remade.fio" | head -20)"

# --- a host down before the run ------------------------------------------
stop_server 3
run down queue --hosts "$all" --depths 1 --seconds 1 --span 32M --connect-timeout 5
check "a host down: exit 1" '[ $rc -eq 1 ]' "exit $rc" "$(cat "$work/down/err")"
check "a host down: its result failed, naming the connection error" \
  'state "$(host_file down "${ports[3]}")" | grep -q "^failed cannot connect to $h3: .*refused"' \
  "$(state "$(host_file down "${ports[3]}")")"
# the one problem check.py finds is host 3's failure
py=$(python3 "$work/check.py" queue "$work/down/fio.json" "$work"/down/*.volumeter.json 2>&1)
check "a host down: the others complete, All clients over them" \
  '[ "$(printf "%s\n" "$py" | grep -vc "^$h3: ")" -eq 0 ] && printf "%s\n" "$py" | grep -q "^$h3: "' "$py"

# --- a host killed mid-run -------------------------------------------------
start_server 3
start=$(date +%s)
"$cli" run queue --hosts "$all" --target "$target" --depths 1,2 --seconds 4 --span 32M --run-timeout 300 \
  -o "$work" >"$work/kill.out" 2>"$work/kill.err" &
cli_pid=$!
# the seam: host 3's job has laid its file down (fio's server names it
# after the client, "127.0.0.1.queue.dat"); the job runs 8 s of timed
# points after that, so it is still running when the server dies
for _ in $(seq 600); do compgen -G "$work/seen3/*queue.dat" >/dev/null && break; sleep 0.1; done
stop_server 3
wait "$cli_pid"
rc=$? took=$(( $(date +%s) - start ))
mkdir -p "$work/kill" && mv "$work"/volumeter-queue-*.volumeter.json "$work/kill/" 2>/dev/null
check "a host killed mid-run: exit 1" '[ $rc -eq 1 ]' "exit $rc" "$(cat "$work/kill.err")"
check "a host killed mid-run: its result failed, saying fio lost it" \
  'state "$(host_file kill "${ports[3]}")" | grep -q "^failed .*$h3"' "$(state "$(host_file kill "${ports[3]}")")"
check "a host killed mid-run: the others complete" \
  'state "$(host_file kill "${ports[1]}")" | grep -q "^complete" && state "$(host_file kill "${ports[2]}")" | grep -q "^complete"'
check "a host killed mid-run: done well within the run timeout (${took} s of 300)" '[ "$took" -lt 200 ]'
check "a host killed mid-run: the others' files are gone" 'volume_empty 1 && volume_empty 2'
rm -f "$work"/seen3/*queue.dat
start_server 3

# --- Ctrl-C mid-run ------------------------------------------------------------
# the same seam: host 1's file has appeared, 8 s of timed points follow
rm -rf "$work/cancel" && mkdir "$work/cancel"
start=$(date +%s)
"$cli" run queue --hosts "$h1,$h2" --target "$target" --depths 1,2 --seconds 4 --span 32M --run-timeout 300 \
  -o "$work/cancel" >"$work/cancel/out" 2>"$work/cancel/err" &
cli_pid=$!
for _ in $(seq 600); do compgen -G "$work/seen1/*queue.dat" >/dev/null && break; sleep 0.1; done
kill -INT "$cli_pid"
wait "$cli_pid"
rc=$? took=$(( $(date +%s) - start ))
check "Ctrl-C mid-run: exit 130" '[ $rc -eq 130 ]' "exit $rc" "$(cat "$work/cancel/err")"
check "Ctrl-C mid-run: every host's result saved, cancelled" \
  'state "$(host_file cancel "${ports[1]}")" | grep -q "^cancelled" && state "$(host_file cancel "${ports[2]}")" | grep -q "^cancelled"' \
  "$(state "$(host_file cancel "${ports[1]}")")"
check "Ctrl-C mid-run: stopped in ${took} s, within fio's grace" '[ "$took" -lt 60 ]'
# what a stopped job leaves: its own files, named after the client, nothing else
check "Ctrl-C mid-run: nothing but the job's file left on the hosts" \
  '[ -z "$(ls -A "$work/seen1" "$work/seen2" | grep -v "^lost+found$\|^127\.0\.0\.1\.queue\.dat$\|^$\|:$")" ]' \
  "$(ls -A "$work"/seen1 "$work"/seen2)"
rm -f "$work"/seen1/*queue.dat "$work"/seen2/*queue.dat

# --- the other kinds on two hosts ------------------------------------------
for t in "transfer --from 64K --to 256K --region 8M --iterations 1" \
         "threads --threads 1,2 --seconds 1 --bytes-per-thread 8M" \
         "quick --size 16M --loops 1 --seconds 1"; do
  kind=${t%% *}
  # shellcheck disable=SC2086
  run "$kind" $t --hosts "$h1,$h2"
  check "$kind on two hosts: exit 0, two complete results and All clients" \
    '[ $rc -eq 0 ] && [ $(grep -l "\"state\" *: *\"complete\"" "$work/$kind"/*.volumeter.json | wc -l) -eq 3 ]' \
    "exit $rc" "$(cat "$work/$kind/err")"
done
check "the kinds' files are gone from the hosts" 'volume_empty 1 && volume_empty 2' "$(ls -A "$work"/seen*)"

# --- a host-list file, fio's "host,port" lines and comments -------------------
printf '# the rack\n127.0.0.1,%s\n\n127.0.0.1:%s  # the second\n' "${ports[1]}" "${ports[2]}" >"$work/rack.list"
run hostsfile queue --hosts-file "$work/rack.list" --depths 1 --seconds 1 --span 16M
check "--hosts-file: both hosts of the list run" \
  '[ $rc -eq 0 ] && state "$(host_file hostsfile "${ports[1]}")" | grep -q "^complete" &&
   state "$(host_file hostsfile "${ports[2]}")" | grep -q "^complete"' "exit $rc" "$(cat "$work/hostsfile/err")"

# --- refusals ----------------------------------------------------------------
"$cli" run queue --hosts "$h1" --target "$target" --print-job --depths 1 --seconds 1 --run-timeout 60 -o "$work" -q \
  >"$work/job.out" 2>&1
check "--print-job prints the job it sends" \
  'grep -qx "directory=$target" "$work/job.out" && grep -qx "\[qd1\]" "$work/job.out"' "$(head -20 "$work/job.out")"
for bad in "smallfiles --hosts $h1|cannot run on remote hosts" \
           "cached --hosts $h1|cannot run on remote hosts" \
           "fill --hosts $h1|cannot run on remote hosts" \
           "queue --hosts bad!host|is not a host name" \
           "queue --hosts $h1,$h1|named twice" \
           "queue --hosts 127.0.0.1:99999|is not a number from 1 to 65535" \
           "queue --hosts 1.2.3.4:5:6|is not a host name"; do
  args=${bad%%|*} want=${bad#*|}
  # shellcheck disable=SC2086
  "$cli" run $args --target "$target" -o "$work" >"$work/bad.out" 2>&1
  rc=$?
  check "refused: run $args (exit 2, “$want”)" '[ $rc -eq 2 ] && grep -q -- "$want" "$work/bad.out"' \
    "exit $rc" "$(cat "$work/bad.out")"
done
"$cli" run queue --hosts "$h1" --target relative/dir -o "$work" >"$work/bad.out" 2>&1
rc=$?
check "refused: a folder on the hosts that is not absolute" '[ $rc -eq 2 ] && grep -q "absolute" "$work/bad.out"' \
  "$(cat "$work/bad.out")"

# --- the probe: fio's PROBE, names normalised, one server under two names ------
p1=${ports[1]}
run dotted queue --hosts "localhost.:$p1" --depths 1 --seconds 1 --span 16M
check "localhost. (an absolute name): exit 0, its result complete" \
  '[ $rc -eq 0 ] && state "$(ls "$work"/dotted/volumeter-*-localhost-"$p1".volumeter.json)" | grep -q "^complete"' \
  "exit $rc" "$(cat "$work/dotted/err")"
check "localhost.: fio was given the address that answered, not the name" \
  'grep -q "\"hostname\" *: *\"127\.0\.0\.1\"" "$work/dotted/fio.json"' "$(grep hostname "$work/dotted/fio.json" | head -3)"
for twins in "localhost:$p1,127.0.0.1:$p1|“localhost:$p1” and “127.0.0.1:$p1” are one host" \
             "127.0.0.1:$p1,[::1]:$p1|“127.0.0.1:$p1” and “[::1]:$p1” are one host" \
             "localhost.:$p1,[0:0:0:0:0:0:0:1]:$p1|“localhost.:$p1” and “[0:0:0:0:0:0:0:1]:$p1” are one host" \
             "LOCALHOST:$p1,localhost.:$p1|named twice (“LOCALHOST:$p1” and “localhost.:$p1”)" \
             "[0:0:0:0:0:0:0:1]:$p1,[::1]:$p1|named twice (“[0:0:0:0:0:0:0:1]:$p1” and “[::1]:$p1”)"; do
  list=${twins%%|*} want=${twins#*|}
  "$cli" run queue --hosts "$list" --target "$target" --depths 1 --seconds 1 -o "$work" >"$work/bad.out" 2>&1
  rc=$?
  check "refused: --hosts $list is one server twice (exit 2, both spellings named)" \
    '[ $rc -eq 2 ] && grep -qF -- "$want" "$work/bad.out"' "exit $rc" "$(cat "$work/bad.out")"
done

# fake.py PORTS_FILE N: three ports that take fio's probe (160 bytes) and
# then say nothing, send garbage, or announce 300 MiB with a right CRC;
# then N more that say nothing
cat >"$work/fake.py" <<'PY'
import os, socket, struct, sys, threading
def crc16(b):
    c = 0
    for x in b:
        c ^= x
        for _ in range(8):
            c = (c >> 1) ^ 0xA001 if c & 1 else c >> 1
    return c
def serve(conn, how):
    req = b''
    while len(req) < 160:
        d = conn.recv(160 - len(req))
        if not d:
            return
        req += d
    if how == 'garbage':
        conn.sendall(b'SSH-2.0-OpenSSH_9.2\r\n' + bytes(range(256)))
    elif how == 'huge':
        h = struct.pack('<HHIQI', struct.unpack('<H', req[:2])[0], 10, 0, struct.unpack('<Q', req[8:16])[0], 300 << 20)
        conn.sendall(h + struct.pack('<HH', crc16(h), 0) + b'x' * 4096)
    threading.Event().wait()   # silent (and the others, after): until killed
def listen(how):
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    s.listen(8)
    def loop():
        while True:
            c, _ = s.accept()
            threading.Thread(target=serve, args=(c, how), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    return s.getsockname()[1]
ports = [listen(h) for h in ['silent', 'garbage', 'huge'] + ['silent'] * int(sys.argv[2])]
open(sys.argv[1] + '.tmp', 'w').write(' '.join(map(str, ports)) + '\n')
os.rename(sys.argv[1] + '.tmp', sys.argv[1])
threading.Event().wait()
PY
python3 "$work/fake.py" "$work/fake.ports" 255 &
fake_pid=$!
for _ in $(seq 300); do [ -s "$work/fake.ports" ] && break; sleep 0.1; done
read -r silent garbage huge more <"$work/fake.ports"
start=$(date +%s)
run fakes queue --hosts "$h1,127.0.0.1:$silent,127.0.0.1:$garbage,127.0.0.1:$huge" --depths 1 --seconds 1 --span 16M \
  --connect-timeout 3
took=$(( $(date +%s) - start ))
check "three hosts that are not fio servers: exit 1, the real one complete" \
  '[ $rc -eq 1 ] && state "$(host_file fakes "${ports[1]}")" | grep -q "^complete"' "exit $rc" "$(cat "$work/fakes/err")"
check "a host that takes the connection and says nothing fails at the probe, named, within the connect timeout" \
  'state "$(host_file fakes "$silent")" | grep -q "^failed 127.0.0.1:$silent accepted the connection but did not answer fio.s probe within 3 s"' \
  "$(state "$(host_file fakes "$silent")")"
check "a host that answers garbage fails at the probe, named" \
  'state "$(host_file fakes "$garbage")" | grep -q "^failed 127.0.0.1:$garbage: its answer is not fio.s"' \
  "$(state "$(host_file fakes "$garbage")")"
check "a host that announces 300 MiB fails at the probe, named, nothing of it read" \
  'state "$(host_file fakes "$huge")" | grep -q "^failed 127.0.0.1:$huge: its answer announces 314572800 bytes"' \
  "$(state "$(host_file fakes "$huge")")"
check "the fakes cost the run no more than the connect timeout (${took} s)" '[ "$took" -lt 60 ]'

# 256 hosts (the most a run takes) under a 1 GiB address-space limit: a
# thread per probe (8 MiB of stack reserved each) aborted here; on one
# context each silent host fails at the probe, and every result is saved
# (AddressSanitizer reserves terabytes of shadow memory: the sanitizer
# build runs the 256 hosts without the limit)
many=$(for p in $silent $more; do printf '127.0.0.1:%s,' "$p"; done)
limit=(prlimit --as=$((1024 * 1024 * 1024)) --) limited="under a 1 GiB address-space limit"
if grep -qa __asan_init "$cli"; then limit=() limited="(AddressSanitizer build: no address-space limit)"; fi
rm -rf "$work/many" && mkdir "$work/many"
"${limit[@]}" "$cli" run queue --hosts "${many%,}" --target "$target" --depths 1 --seconds 1 \
  --connect-timeout 3 -o "$work/many" >"$work/many/out" 2>"$work/many/err"
rc=$?
check "256 silent hosts $limited: exit 1, 256 failed results saved, each at the probe" \
  '[ $rc -eq 1 ] && [ "$(grep -l "did not answer fio.s probe" "$work"/many/*.volumeter.json | wc -l)" -eq 256 ]' \
  "exit $rc" "$(grep -v "^  127" "$work/many/err" | head -5)"
kill "$fake_pid" 2>/dev/null
wait "$fake_pid" 2>/dev/null
fake_pid=

echo "1..$n"
[ "$failed" -eq 0 ]
