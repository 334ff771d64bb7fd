#!/usr/bin/env bash
# hosts-scale.sh — what a remote run costs per host, against fio's client alone
#
#   sudo bench/hosts-scale.sh [--hosts-list 1,2,4,8] [--repeats 3] [--seconds 10] [--span 32M]
#                             [--size 128M] [--backing-dir /dev/shm] [--cli PATH]
#                             [--tmpfs] [--vmem SIZE]
#
# Makes one small ext4 loop volume per host (RAM-backed, in /dev/shm by
# default). For each N of the list it starts N `fio --server` on free ports
# of 127.0.0.1, each in a mount namespace of its own where its own volume is
# mounted at one path, $WORK/target — the same folder on every "host", a
# different volume behind it, as tests/cli/test-remote.sh does — and runs,
# REPEATS times in alternating order (Volumeter first in odd repeats, fio
# first in even ones):
#
#   volumeter-cli run queue --hosts H1,…,HN --target T --depths 1 --seconds S --span SPAN \
#       -o DIR --fio-output FILE
#   fio --client=H1 … --client=HN --output-format=json --output=FILE JOB
#
# where JOB is the job Volumeter sends, as `--print-job` printed it in an
# untimed first run on the N hosts (which also warms the servers and the
# volumes); the script checks that it is `volumeter-cli fio-job queue …`
# without the huge-page lines (a remote job's buffers are ordinary pages).
# fio is run as Volumeter runs it: the clients first, LC_ALL=C.
#
# Per run, each tool under `/usr/bin/time -v`, and a watcher (python3,
# ptrace) started and ready before the clock starts, which stops the tool's
# process and the fio client at their exits (PTRACE_EVENT_EXIT: the memory
# still mapped) to read their own VmHWM and utime + stime from /proc, and
# notes when the fio client started (first seen running, polled every
# 0.5 ms) and ended. Both runs carry the watcher.
#   wall     process start to end (bash's $EPOCHREALTIME around it)
#   CPU, RSS Volumeter's: the volumeter-cli process alone. /usr/bin/time -v
#            gives the whole tree, whose peak is the larger process — the fio
#            client (about 28 MiB, volumeter-cli about 12): shown too.
#            fio's: its client, /usr/bin/time -v.
# Derived, per run pair (medians over the repeats per N):
#   overhead           Volumeter wall − fio wall
#   before + after     the part of it Volumeter spends before its fio client
#                      starts and after it ends (start, probes, the job;
#                      fio's JSON, the results) less the same stretches of the
#                      plain fio run (process start, exit): measured inside
#                      each run, so without the noise of the 10 s of I/O
#   memory             volumeter-cli's own peak: the process it adds beside
#                      fio's client, which is the same in both runs (shown)
# Per added host: the least-squares slope of the medians against N.
# Targets: per added host < 50 ms of wall time and < 5 MiB of memory.
#
# Many hosts (up to 256, Volumeter's limit): --tmpfs gives each server a
# tmpfs of --size mounted at $WORK/target in its namespace instead of an
# ext4 loop volume (256 loop volumes and their backing files are more
# than a test machine has to spare; the folder is still each host's own).
# --vmem SIZE runs each tool (volumeter-cli with its fio client, and fio
# alone) under `prlimit --as=SIZE`: an address-space limit, which a thread
# per host (8 MiB of stack reserved each, and glibc's malloc arenas) runs
# into at a few hundred hosts, where Volumeter probing every host on one
# thread does not. A run that the limit stops fails, and the bench with it.
#
# Needs root (losetup, mkfs.ext4, mount namespaces, ptrace), fio, unshare,
# python3 and /usr/bin/time (Debian: time). It stops only the servers it
# started (kill -9 of each server's own session) and detaches only its own
# loop devices. Exit 0 targets met, 1 missed or a run failed, 2 bad usage or
# no set-up. --smoke (the bench suite, a few seconds): --hosts-list 1,2
# --repeats 1 --seconds 1 --span 8M --size 64M; figures printed, not judged
# (exit 1 only when a run fails; 77 without root).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_CMD="$0 $*"
HOSTS_LIST=1,2,4,8
REPEATS=3
SECONDS_PER=10
SPAN=32M
SIZE=128M
BACKING_DIR=/dev/shm
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
TARGET_MS=50
TARGET_MIB=5
SMOKE=0
TMPFS=0
VMEM=

usage () {
  cat <<EOF
Usage: $0 [--hosts-list 1,2,4,8] [--repeats N] [--seconds S] [--span SIZE] [--size SIZE]
          [--backing-dir DIR] [--cli PATH]   (as root)
  defaults: --hosts-list $HOSTS_LIST --repeats $REPEATS --seconds $SECONDS_PER --span $SPAN
            --size $SIZE (each host's loop volume) --backing-dir $BACKING_DIR
  Each repeat of N hosts takes about S + 2 s per tool; with the defaults, about 7 minutes.
  --smoke: a few seconds (the bench suite): --hosts-list 1,2 --repeats 1 --seconds 1
           --span 8M --size 64M, no targets judged
  --tmpfs: each host's folder a tmpfs of --size in its namespace, not an ext4 loop volume
           (for many hosts: up to 256)
  --vmem SIZE: each tool's run under prlimit --as=SIZE (an address-space limit)
EOF
}
die () { echo "hosts-scale: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --hosts-list) HOSTS_LIST=$2; shift 2 ;;
    --repeats|--runs) REPEATS=$2; shift 2 ;;
    --seconds) SECONDS_PER=$2; shift 2 ;;
    --span) SPAN=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --backing-dir) BACKING_DIR=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    --smoke) SMOKE=1; shift ;;
    --tmpfs) TMPFS=1; shift ;;
    --vmem) VMEM=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

[[ $HOSTS_LIST =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--hosts-list: numbers of hosts, e.g. 1,2,4,8"
[[ $REPEATS =~ ^[1-9][0-9]*$ ]] || die "--repeats must be at least 1"
[[ $SECONDS_PER =~ ^[1-9][0-9]*$ ]] || die "--seconds: a whole number of seconds"
if [[ -n $VMEM ]]; then
  VMEM_BYTES=$(numfmt --from=iec "$VMEM" 2>/dev/null) || die "--vmem: a size such as 1G"
fi
((SMOKE)) && { HOSTS_LIST=1,2 REPEATS=1 SECONDS_PER=1 SPAN=8M SIZE=64M; }
if ((EUID != 0)); then
  echo "hosts-scale: NOT RUN — needs root (losetup, mkfs.ext4, mount namespaces)" >&2
  ((SMOKE)) && exit 77   # meson's "skipped"
  exit 2
fi
for tool in fio losetup mkfs.ext4 mount unshare setsid python3; do
  command -v "$tool" >/dev/null || die "NOT RUN — $tool is missing"
done
[[ -x /usr/bin/time ]] || die "NOT RUN — /usr/bin/time is missing (Debian package: time)"
[[ -x $CLI ]] || die "NOT RUN — no volumeter-cli at $CLI (build first, or give --cli)"
FIO=$(command -v fio)
IFS=, read -r -a NS <<<"$HOSTS_LIST"
MAX_N=0
for n in "${NS[@]}"; do ((n > MAX_N)) && MAX_N=$n; done
((MAX_N <= 256)) || die "--hosts-list: at most 256 hosts (Volumeter's limit)"
((MAX_N <= 64 || TMPFS)) || die "--hosts-list: more than 64 hosts needs --tmpfs (a loop volume each is too much)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/hosts-scale.XXXXXX")
TARGET="$WORK/target"
mkdir "$TARGET"
declare -a LOOPS=() BACKINGS=() PORTS=() SPIDS=()
TOOL_PID=

stop_server () {
  local i=$1
  if [[ -n ${SPIDS[$i]:-} ]]; then
    # the server's own session: it and the job processes it forked
    kill -9 -- "-${SPIDS[$i]}" 2>/dev/null || true
    wait "${SPIDS[$i]}" 2>/dev/null || true
    SPIDS[i]=
  fi
}
cleanup () {
  set +e
  # a tool still running (Ctrl-C): /usr/bin/time's child, by its id
  if [[ -n $TOOL_PID ]]; then
    for c in $(ps -o pid= --ppid "$TOOL_PID" 2>/dev/null); do kill -TERM "$c" 2>/dev/null; done
    wait "$TOOL_PID" 2>/dev/null
  fi
  # the watcher of that run (a tracer's end detaches what it traces)
  if [[ -n $WATCH_PID ]]; then kill -TERM "$WATCH_PID" 2>/dev/null; wait "$WATCH_PID" 2>/dev/null; fi
  for i in "${!SPIDS[@]}"; do stop_server "$i"; done
  for i in "${!LOOPS[@]}"; do [[ -n ${LOOPS[$i]} ]] && losetup -d "${LOOPS[$i]}" 2>/dev/null; done
  for i in "${!BACKINGS[@]}"; do rm -f -- "${BACKINGS[$i]}"; done
  rm -rf --one-file-system -- "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The binary under test stays fixed while the tree is rebuilt.
cp -- "$CLI" "$WORK/volumeter-cli"
VCLI="$WORK/volumeter-cli"

# ---------------------------------------------------------------- the watcher
# watch.py OUT FIFO TOOL_EXE FIO_EXE: started before each run and ready (it
# has opened FIFO) before the clock starts; reads from FIFO the pid of the
# run's /usr/bin/time, finds its child running TOOL_EXE and, for Volumeter,
# that one's child running FIO_EXE (polling /proc/PID/task/*/children every
# 0.5 ms), and seizes each (PTRACE_SEIZE + PTRACE_O_TRACEEXIT: only its exit
# and the signals it receives stop it, not its system calls). At each one's
# exit, the memory still mapped, it reads VmHWM and utime + stime from /proc
# and the time. Writes JSON to OUT: per process its peak, CPU, and the
# wall-clock times it was first seen running FIO_EXE and exited.
cat >"$WORK/watch.py" <<'PY'
import ctypes, json, os, re, sys, time
out, fifo, tool_exe, fio_exe = sys.argv[1], sys.argv[2], os.path.realpath(sys.argv[3]), os.path.realpath(sys.argv[4])
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.restype = ctypes.c_long
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
PTRACE_CONT, PTRACE_DETACH, PTRACE_SEIZE, PTRACE_LISTEN = 7, 17, 0x4206, 0x4208
O_TRACEEXIT, EVENT_EXIT, EVENT_STOP, WALL, WNOHANG = 0x40, 6, 128, 0x40000000, 1
TCK = os.sysconf("SC_CLK_TCK")
found = {}    # role -> {pid, seen, exit, hwm_kib, cpu_user, cpu_sys}
done = {}

def child_running(ppid, exe):
    try:
        tasks = os.listdir(f"/proc/{ppid}/task")
    except OSError:
        return None
    for t in tasks:
        try:
            kids = open(f"/proc/{ppid}/task/{t}/children").read().split()
        except OSError:
            continue
        for k in kids:
            try:
                # the fio client, not the `fio --version` the probe asks
                # first (its arguments: empty for a moment inside execve)
                if os.path.realpath(f"/proc/{k}/exe") == exe and (exe == tool_exe or any(
                        a.startswith(b"--client") for a in open(f"/proc/{k}/cmdline", "rb").read().split(b"\0"))):
                    return int(k)
            except OSError:
                pass
    return None

def sample(pid):
    hwm = int(re.search(r"VmHWM:\s+(\d+)", open(f"/proc/{pid}/status").read()).group(1))
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return dict(hwm_kib=hwm, cpu_user=int(f[11]) / TCK, cpu_sys=int(f[12]) / TCK)

def seize(role, pid):
    found[role] = dict(pid=pid, seen=time.time())
    if libc.ptrace(PTRACE_SEIZE, pid, None, O_TRACEEXIT) != 0:
        found[role]["error"] = "PTRACE_SEIZE: " + os.strerror(ctypes.get_errno())

def handle(pid, status):
    """one wait status of a seized process; True when it has gone"""
    role = next((r for r, v in found.items() if v["pid"] == pid), None)
    if os.WIFEXITED(status) or os.WIFSIGNALED(status):
        if role and role not in done:
            found[role]["error"] = "exited unseen"
            done[role] = True
        return True
    if not os.WIFSTOPPED(status):
        return False
    event = status >> 16
    if event == EVENT_EXIT:
        found[role]["exit"] = time.time()
        try:
            found[role].update(sample(pid))
        except (OSError, AttributeError) as e:
            found[role]["error"] = str(e)
        done[role] = True
        libc.ptrace(PTRACE_DETACH, pid, None, None)
        return True
    if event == EVENT_STOP:
        libc.ptrace(PTRACE_LISTEN, pid, None, None)
    else:   # a signal for it: passed on
        libc.ptrace(PTRACE_CONT, pid, None, os.WSTOPSIG(status))
    return False

def poll_for(ppid, exe, watched=None, limit=60):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        pid = child_running(ppid, exe)
        if pid:
            return pid
        if watched:   # its parent's stops, meanwhile
            try:
                p, status = os.waitpid(watched, WALL | WNOHANG)
            except ChildProcessError:
                return None
            if p and handle(p, status):
                return None
        elif not os.path.exists(f"/proc/{ppid}"):
            return None
        time.sleep(0.0005)
    return None

with open(fifo) as f:
    parent = int(f.readline())
tool = poll_for(parent, tool_exe)
if tool:
    seize("tool", tool)
    if tool_exe == fio_exe:
        found["fio"] = found["tool"]
    else:
        fio = poll_for(tool, fio_exe, watched=tool if "error" not in found["tool"] else None)
        if fio:
            seize("fio", fio)
    while len(done) < len({v["pid"] for r, v in found.items() if "error" not in v}):
        try:
            p, status = os.waitpid(-1, WALL)
        except ChildProcessError:
            break
        handle(p, status)
json.dump(found, open(out, "w"))
PY

# ---------------------------------------------------------------- the report
# Per run pair (same N and repeat):
#   wall      t1 − t0 of each tool (bash's $EPOCHREALTIME around /usr/bin/time)
#   head      fio's client first seen running − t0; tail: t1 − its exit
#   overhead  Volumeter wall − fio wall (what the brief of this bench asks;
#             on this machine the noise of two 12 s runs of N servers)
#   around    (head + tail of Volumeter's run) − (head + tail of fio's run):
#             the time Volumeter spends before and after the fio client it
#             runs — start, probes, job, results — measured within each run
#   inside    fio's client's own time, in Volumeter's run − alone
cat >"$WORK/report.py" <<'PY'
import glob, json, statistics, sys

def time_v(path):
    t = {}
    for line in open(path):
        k, _, v = line.strip().rpartition(": ")
        t[k] = v
    return (float(t["User time (seconds)"]) + float(t["System time (seconds)"]),
            int(t["Maximum resident set size (kbytes)"]) / 1024)

def fio_hosts(path):
    """IOPS per host in fio's JSON (client_stats)"""
    text = open(path).read()
    data = json.loads(text if text.startswith("{") else text[text.index("\n{") + 1:])
    return {(e.get("hostname"), e.get("port")): e["read"]["iops"] + e["write"]["iops"]
            for e in data.get("client_stats", []) if e.get("jobname") != "All clients"}

def runs_of(work):
    runs = {}
    for line in open(f"{work}/runs.tsv"):
        tag, n, r, t0, t1, rc = line.rstrip("\n").split("\t")
        runs[tag] = (float(t0), float(t1), int(rc))
    return runs

def pair(work, runs, n, r):
    """the figures of one repeat, or a string saying what is wrong"""
    v, f = f"v-{n}-{r}", f"f-{n}-{r}"
    if v not in runs or f not in runs or runs[v][2] or runs[f][2]:
        return "a run failed"
    try:
        wv, wf = json.load(open(f"{work}/{v}.watch")), json.load(open(f"{work}/{f}.watch"))
        hv, hf = fio_hosts(f"{work}/{v}.json"), fio_hosts(f"{work}/{f}.json")
        (tree_cpu, tree_rss), (f_cpu, f_rss) = time_v(f"{work}/{v}.time"), time_v(f"{work}/{f}.time")
    except (OSError, ValueError, KeyError) as e:
        return f"unreadable output ({e})"
    for name, w in (("volumeter-cli", wv.get("tool")), ("its fio client", wv.get("fio")), ("fio", wf.get("fio"))):
        if not w or "error" in w or "exit" not in w:
            return f"{name} not followed to its exit: {w}"
    if len(hv) != n or len(hf) != n:
        return f"fio reported {len(hv)} hosts in Volumeter's run, {len(hf)} alone"
    results = len(glob.glob(f"{work}/{v}.d/*.volumeter.json"))
    if results != n + (n > 1):
        return f"{results} result files, not {n + (n > 1)}"
    (v0, v1, _), (f0, f1, _) = runs[v], runs[f]
    fv, ff, tv = wv["fio"], wf["fio"], wv["tool"]
    head_v, tail_v, head_f, tail_f = fv["seen"] - v0, v1 - fv["exit"], ff["seen"] - f0, f1 - ff["exit"]
    return dict(
        vwall=v1 - v0, fwall=f1 - f0, ovh=(v1 - v0 - (f1 - f0)) * 1000,
        around=(head_v + tail_v - head_f - tail_f) * 1000,
        head_v=head_v * 1000, tail_v=tail_v * 1000, head_f=head_f * 1000, tail_f=tail_f * 1000,
        inside=((fv["exit"] - fv["seen"]) - (ff["exit"] - ff["seen"])) * 1000,
        vcpu=tv["cpu_user"] + tv["cpu_sys"], vrss=tv["hwm_kib"] / 1024,
        fcpu=f_cpu, frss=f_rss, fcpu_in=fv["cpu_user"] + fv["cpu_sys"], frss_in=fv["hwm_kib"] / 1024,
        tree_rss=tree_rss, results=results, iops_v=sum(hv.values()), iops_f=sum(hf.values()))

def line(work, n, r):
    p = pair(work, runs_of(work), int(n), int(r))
    if isinstance(p, str):
        print(f"  repeat {r}: {p}")
        return
    print(f"  repeat {r}: wall Volumeter {p['vwall']:.3f} s, fio {p['fwall']:.3f} s ({p['ovh']:+.0f} ms;"
          f" before + after fio's client {p['around']:+.0f} ms, fio's client itself {p['inside']:+.0f} ms);"
          f" volumeter-cli CPU {p['vcpu']:.2f} s, peak {p['vrss']:.1f} MiB; fio client peak {p['frss']:.1f} MiB")

def table(work, repeats, target_ms, target_mib, hosts_list):
    repeats, target_ms, target_mib = int(repeats), float(target_ms), float(target_mib)
    runs = runs_of(work)
    rows, problems = [], []
    for n in (int(x) for x in hosts_list.split(",")):
        per = []
        for r in range(1, repeats + 1):
            p = pair(work, runs, n, r)
            if isinstance(p, str):
                problems.append(f"N={n} repeat {r}: {p}")
            else:
                per.append(p)
        if per:
            med = {k: statistics.median(p[k] for p in per) for k in per[0]}
            med.update(n=n, k=len(per))
            for k in ("ovh", "around"):
                med[k + "_lo"], med[k + "_hi"] = min(p[k] for p in per), max(p[k] for p in per)
            rows.append(med)

    def slope(key):
        if len(rows) < 2:
            return None
        xs, ys = [r["n"] for r in rows], [r[key] for r in rows]
        mx, my = statistics.mean(xs), statistics.mean(ys)
        return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)

    print("| N | fio wall (s) | Volumeter wall (s) | overhead (ms) | of which before + after fio's client (ms) "
          "| Volumeter CPU (s) | Volumeter max RSS (MiB) | fio client max RSS (MiB) | per added host, vs N=1 |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    first = rows[0] if rows else None
    for r in rows:
        if r["n"] == first["n"]:
            add = "—"
        else:
            d = r["n"] - first["n"]
            add = "%+.0f ms (before + after %+.1f ms), %+.2f MiB" % (
                (r["ovh"] - first["ovh"]) / d, (r["around"] - first["around"]) / d, (r["vrss"] - first["vrss"]) / d)
        print(f"| {r['n']} | {r['fwall']:.3f} | {r['vwall']:.3f} | {r['ovh']:+.0f} ({r['ovh_lo']:+.0f} … {r['ovh_hi']:+.0f}) "
              f"| {r['around']:+.1f} ({r['around_lo']:+.1f} … {r['around_hi']:+.1f}) "
              f"| {r['vcpu']:.2f} | {r['vrss']:.1f} | {r['frss']:.1f} | {add} |")
    print()
    print("Medians over the repeats; overheads are medians of the per-repeat differences (min … max).")
    print("Volumeter CPU and max RSS: the volumeter-cli process alone, read at its exit; its fio client is below.")
    print()
    print("| N | Volumeter: before / after fio's client (ms) | fio alone: before / after (ms) "
          "| fio's client in Volumeter's run − alone (ms) | fio client CPU alone / in Volumeter's run (s) "
          "| fio client max RSS in Volumeter's run (MiB) | /usr/bin/time -v max RSS of Volumeter's run (MiB) "
          "| IOPS, all hosts: Volumeter's run / fio's | result files |")
    print("|---:|---|---|---:|---|---:|---:|---|---:|")
    for r in rows:
        print(f"| {r['n']} | {r['head_v']:.1f} / {r['tail_v']:.1f} | {r['head_f']:.1f} / {r['tail_f']:.1f} "
              f"| {r['inside']:+.0f} | {r['fcpu']:.2f} / {r['fcpu_in']:.2f} | {r['frss_in']:.1f} | {r['tree_rss']:.1f} "
              f"| {r['iops_v']:.0f} / {r['iops_f']:.0f} | {r['results']:.0f} |")
    print()
    ok = True
    if len(rows) < 2:
        print("per added host: needs two or more N (--hosts-list)")
    else:
        sw, sa, sm, sc = slope("ovh"), slope("around"), slope("vrss"), slope("vcpu")
        pw, pa, pm = sw < target_ms, sa < target_ms, sm < target_mib
        ok = pw and pa and pm
        print(f"per added host (least-squares slope of the medians over N = {','.join(str(r['n']) for r in rows)}):")
        print(f"  wall overhead (Volumeter − fio)          {sw:+7.1f} ms   {'PASS' if pw else 'MISS'} (< {target_ms:.0f} ms)")
        print(f"    of which before + after fio's client  {sa:+7.1f} ms   {'PASS' if pa else 'MISS'} (< {target_ms:.0f} ms)")
        print(f"  memory (volumeter-cli's peak)            {sm:+7.2f} MiB  {'PASS' if pm else 'MISS'} (< {target_mib:.0f} MiB)")
        print(f"  volumeter-cli CPU                        {sc * 1000:+7.1f} ms")
        spread = statistics.median(r["ovh_hi"] - r["ovh_lo"] for r in rows)
        span = max(r["n"] for r in rows) - min(r["n"] for r in rows)
        if spread > abs(sw) * span:
            print(f"NOTE: the wall overhead spreads by {spread:.0f} ms within one N (median), more than its slope adds"
                  f" from N={min(r['n'] for r in rows)} to {max(r['n'] for r in rows)}: that slope is this machine's"
                  f" noise; the before + after figure is measured within each run and is the one to read.")
    for p in problems:
        print("FAILED:", p)
    return 0 if ok and not problems else 1

if __name__ == "__main__":
    if sys.argv[1] == "line":
        line(*sys.argv[2:])
    else:
        sys.exit(table(*sys.argv[2:]))
PY

# ---------------------------------------------------------------- servers
free_port () {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
start_server () {   # i: its volume (or tmpfs) mounted at $TARGET in a namespace of its own
  local i=$1 volume
  PORTS[i]=$(free_port)
  if ((TMPFS)); then volume="-t tmpfs -o size=$SIZE,mode=0755 hosts-scale-$i"; else volume=${LOOPS[$i]}; fi
  setsid unshare -m --propagation private \
    sh -c "mount $volume '$TARGET' && exec '$FIO' --server=127.0.0.1,${PORTS[$i]}" \
    >"$WORK/server$i.log" 2>&1 &
  SPIDS[i]=$!
  for _ in $(seq 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/${PORTS[$i]}") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  die "fio server $i did not start: $(cat "$WORK/server$i.log")"
}

for ((i = 1; i <= MAX_N && !TMPFS; i++)); do
  BACKINGS[i]=$(mktemp "$BACKING_DIR/hosts-scale.XXXXXX.img")
  # written, not sparse: no run pays for the first touch of the backing pages
  dd if=/dev/zero of="${BACKINGS[$i]}" bs=1M count=$(($(numfmt --from=iec "$SIZE") / 1048576)) status=none
  LOOPS[i]=$(losetup -f --show "${BACKINGS[$i]}") || die "losetup failed"
  mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "${LOOPS[$i]}" \
    || die "mkfs.ext4 failed on ${LOOPS[$i]}"
done

echo "# hosts-scale — a remote run's cost per host, Volumeter against fio's client alone"
echo "command:   $ORIG_CMD"
echo "date:      $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:   nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kernel:    $(uname -r); $(fio --version)"
GIT_REV=$(git -C "$SCRIPT_DIR/.." rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "volumeter: $("$VCLI" --version) ($CLI, copied; tree at git $GIT_REV)"
if ((TMPFS)); then
  echo "hosts:     fio --server on 127.0.0.1, each with its own $SIZE tmpfs at $TARGET"
else
  echo "hosts:     fio --server on 127.0.0.1, each with its own $SIZE ext4 loop volume ($BACKING_DIR) at $TARGET"
fi
[[ -n $VMEM ]] && echo "limit:     each tool under prlimit --as=$VMEM_BYTES ($VMEM of address space)"
echo "test:      queue --depths 1 --seconds $SECONDS_PER --span $SPAN; N = $HOSTS_LIST; $REPEATS repeats, alternating"
echo

V_TEST=(queue --depths 1 --seconds "$SECONDS_PER" --span "$SPAN")
RUNS="$WORK/runs.tsv"
: >"$RUNS"
FAILED=0

# measure TAG N REPEAT TOOL_EXE CMD…: wall, /usr/bin/time -v and the watcher
mkfifo "$WORK/fifo"
measure () {
  local tag=$1 n=$2 r=$3 exe=$4 t0 t1 rc=0
  shift 4
  python3 "$WORK/watch.py" "$WORK/$tag.watch" "$WORK/fifo" "$exe" "$FIO" &
  WATCH_PID=$!
  exec 7>"$WORK/fifo"   # returns once the watcher has opened it: it is ready
  t0=$EPOCHREALTIME
  # prlimit sets the limit and execs the tool: the watcher still finds it
  # as /usr/bin/time's child
  /usr/bin/time -v -o "$WORK/$tag.time" ${VMEM:+prlimit --as="$VMEM_BYTES" --} "$@" \
    >"$WORK/$tag.out" 2>"$WORK/$tag.err" 7>&- &
  TOOL_PID=$!
  echo "$TOOL_PID" >&7
  exec 7>&-
  wait "$TOOL_PID" || rc=$?
  t1=$EPOCHREALTIME
  TOOL_PID=
  wait "$WATCH_PID" || true
  WATCH_PID=
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$tag" "$n" "$r" "$t0" "$t1" "$rc" >>"$RUNS"
  return "$rc"
}

run_volumeter () {   # n repeat hosts
  local tag="v-$1-$2"
  mkdir -p "$WORK/$tag.d"
  measure "$tag" "$1" "$2" "$VCLI" "$VCLI" run "${V_TEST[@]}" --hosts "$3" --target "$TARGET" \
    -o "$WORK/$tag.d" --fio-output "$WORK/$tag.json" \
    || { echo "  volumeter-cli failed (N=$1, repeat $2): $(tail -n 3 "$WORK/$tag.err")" >&2; FAILED=$((FAILED + 1)); }
}
run_fio () {   # n repeat hosts
  local tag="f-$1-$2" clients=() hs h
  IFS=, read -r -a hs <<<"$3"
  for h in "${hs[@]}"; do clients+=("--client=${h%:*},${h##*:}"); done
  measure "$tag" "$1" "$2" "$FIO" env LC_ALL=C "$FIO" "${clients[@]}" --output-format=json \
    --output="$WORK/$tag.json" "$WORK/job-$1.fio" \
    || { echo "  fio failed (N=$1, repeat $2): $(tail -n 3 "$WORK/$tag.out")" >&2; FAILED=$((FAILED + 1)); }
}

JOB_SHOWN=0
for n in "${NS[@]}"; do
  hosts=
  for ((i = 1; i <= n; i++)); do
    start_server "$i"
    hosts+="${hosts:+,}127.0.0.1:${PORTS[$i]}"
  done
  # untimed: the job Volumeter sends, and a first run on these servers
  mkdir -p "$WORK/warm-$n.d"
  ${VMEM:+prlimit --as="$VMEM_BYTES" --} "$VCLI" run "${V_TEST[@]}" --hosts "$hosts" --target "$TARGET" \
    --print-job -o "$WORK/warm-$n.d" >"$WORK/warm-$n.out" 2>"$WORK/warm-$n.err" || die "the first run on $n hosts failed: $(tail -n 5 "$WORK/warm-$n.err")"
  # --print-job prints the job, then the run prints its table from a blank line on
  # (the job has blank lines of its own; the table's header line ends it)
  awk '/^Host +State/ { exit } { print }' "$WORK/warm-$n.out" | sed '${/^$/d}' >"$WORK/job-$n.fio"
  grep -qx '\[qd1\]' "$WORK/job-$n.fio" || die "no job in --print-job's output ($WORK/warm-$n.out)"
  "$VCLI" fio-job "${V_TEST[@]}" --target "$TARGET" | grep -v -e '^;' -e '^iomem=' -e '^hugepage-size=' \
    >"$WORK/fio-job-$n.fio"
  if ! diff <(grep -v '^;' "$WORK/job-$n.fio") "$WORK/fio-job-$n.fio" >"$WORK/job-$n.diff"; then
    echo "WARNING: the job of --print-job is not fio-job's without the huge-page lines; fio runs --print-job's:"
    sed 's/^/  /' "$WORK/job-$n.diff"
  fi
  if ((!JOB_SHOWN)); then
    JOB_SHOWN=1
    echo "job (--print-job; the same as fio-job's without iomem=shmhuge and hugepage-size):"
    grep -v '^;' "$WORK/job-$n.fio" | paste -sd' ' | fold -s -w 100 | sed 's/^/  /'
    echo
  fi
  echo "N=$n: $hosts"
  for ((r = 1; r <= REPEATS; r++)); do
    if ((r % 2)); then run_volumeter "$n" "$r" "$hosts"; run_fio "$n" "$r" "$hosts"
    else run_fio "$n" "$r" "$hosts"; run_volumeter "$n" "$r" "$hosts"; fi
    python3 "$WORK/report.py" line "$WORK" "$n" "$r" || true
  done
  for ((i = n; i >= 1; i--)); do stop_server "$i"; done
done

echo
STATUS=0
python3 "$WORK/report.py" table "$WORK" "$REPEATS" "$TARGET_MS" "$TARGET_MIB" "$HOSTS_LIST" || STATUS=1
((FAILED)) && STATUS=1
if ((SMOKE)); then
  echo "smoke: figures not judged"
  ((FAILED)) && exit 1
  exit 0
fi
exit "$STATUS"
