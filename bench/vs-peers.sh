#!/usr/bin/env bash
# vs-peers.sh — every test against its reference tool, on the same work
#
#   sudo bench/vs-peers.sh [--disk] [--pairs 7] [--cases threads,queue] [--seconds 3] [--zeros]
#
# Makes one ext4 loop volume (RAM-backed: an image in /dev/shm; or with
# --disk an image under /var/tmp, losetup --direct-io=on), then for each
# case runs PAIRS alternating pairs — Volumeter first in odd pairs, fio
# first in even ones:
#
#   Volumeter  volumeter-cli run KIND … -o R.volumeter.json
#   fio        fio JOB, where JOB = volumeter-cli fio-job R.volumeter.json
#              made from that pair's own Volumeter result, so the two tools
#              do the same work (docs/tests/KIND.md, "The same work in fio")
#              and can never drift apart
#
# and brackets every run with the loop device's /sys/block/loopN/stat, so
# the table shows what each tool really made the device do. Per metric it
# prints the median over the pairs of that pair's Volumeter/fio, the
# interquartile range of those ratios, and PASS (within ±5 %) or MISS;
# for the queue cases also the CPU time per I/O (Volumeter's process
# against fio's jobs; PASS when Volumeter's is no higher).
# The cases smallfiles and cached have no fio job: they run
# vs-postmark-hdparm.sh (PostMark, hdparm -t/-T; ±10 %) with the same
# pairs. `--list` prints the cases.
#
# Needs root. Cleans up only what it made. Exit: 0 all PASS, 1 a MISS or a
# failed run, 2 bad usage or no volume. Results: docs/performance.md.
# --smoke (the bench suite, a few seconds): 1 pair, 1 s per point (0.3 s
# per quick row), one point per queue (QD 32) and threads (T=2) case, tiny
# sizes, and unless --cases is given one case of each kind (transfer-1M,
# random, queue-read, threads-seqwr-end, fill); figures printed, not judged
# (exit 1 only when a run fails; 77 without root).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_CMD=$(printf '%q ' "$0" "$@")
SIZE=4G
PAIRS=7
DISK=0
SECONDS_PER=3
REGION=1G
IOS=32768
RFILE=1G
SPAN=1G
PER_THREAD=128M
FILL_MAX=1G
QUICK_SIZE=1G
QUICK_SECONDS=   # --seconds unless the smoke sets it
CASES=all
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
PIN=auto
BACKING_DIR=
LIST=0
ZEROS=0
SMOKE=0

# name|volumeter-cli run arguments ({S} seconds, {REGION}, … filled in)
ALL_CASES=(
  "transfer-4K|transfer --from 4K --to 4K --region {REGION} --iterations 1"
  "transfer-1M|transfer --from 1M --to 1M --region {REGION} --iterations 1"
  "random|random --chunk 32K --ios {IOS} --iterations 1 --file-size {RFILE}"
  "queue-read|queue --depths 1,32 --span {SPAN} --mode read --block 4K --seconds {S}"
  "queue-write|queue --depths 1,32 --span {SPAN} --mode write --block 4K --seconds {S}"
  "threads-seqrd|threads --threads 1,4 --bytes-per-thread {PT} --block 1M --seconds {S} --mode seqrd"
  "threads-seqwr-end|threads --threads 1,4 --bytes-per-thread {PT} --block 1M --seconds {S} --mode seqwr --flush end"
  "threads-seqwr-pass|threads --threads 1,4 --bytes-per-thread {PT} --block 1M --seconds {S} --mode seqwr --flush pass"
  "threads-seqwr-requests|threads --threads 1,4 --bytes-per-thread {PT} --block 1M --seconds {S} --mode seqwr --flush requests --flush-requests 100"
  "fill|fill --files 16 --chunk 32M --max-bytes {FILL}"
  "quick-standard|quick --profile standard --size {QSIZE} --loops 1 --seconds {QS}"
  "quick-nvme|quick --profile nvme --size {QSIZE} --loops 1 --seconds {QS}"
  "smallfiles|"
  "cached|"
)

usage () {
  cat <<EOF
Usage: $0 [OPTION…]     (as root)
  --pairs N          alternating Volumeter/fio pairs per case (default $PAIRS, at least 7 for a verdict)
  --pin / --no-pin   both tools on CPUs 1…N-1 and the kernel's unbound workers (the loop
                     device's) on CPU 0 (default: on for the RAM-backed loop, off with --disk)
  --cases LIST       comma-separated cases or prefixes (default all): transfer, random,
                     queue, threads, threads-seqwr, fill, smallfiles, cached, … (--list)
  --seconds S        seconds per point of the time-bounded tests (default $SECONDS_PER)
  --disk             image under /var/tmp, losetup --direct-io=on (default: RAM, /dev/shm)
  --size SIZE        loop volume size (default $SIZE)
  --region SIZE      transfer: bytes per size (default $REGION)
  --ios N --file SIZE  random: I/Os and file size (default $IOS, $RFILE)
  --span SIZE        queue: span (default $SPAN)
  --per-thread SIZE  threads: bytes per thread (default $PER_THREAD)
  --fill SIZE        fill: --max-bytes (default $FILL_MAX)
  --quick-size SIZE  quick: the test file (default $QUICK_SIZE); every row is a point
  --backing-dir DIR  where the image goes
  --zeros            both tools write zeros (Volumeter --pattern zeros, whose job is
                     zero_buffers=1): no per-write data work on either side, so a
                     write gap left is the engines', not the stamps' (docs/performance.md)
  --cli PATH         volumeter-cli to test (copied first)
  --list             print the cases and exit
  --smoke            a few seconds (the bench suite): --pairs 1 --seconds 1, tiny sizes,
                     one case of each kind unless --cases is given; no targets judged
EOF
}
die () { echo "vs-peers: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --pairs|--runs) PAIRS=$2; shift 2 ;;
    --cases) CASES=$2; shift 2 ;;
    --seconds) SECONDS_PER=$2; shift 2 ;;
    --disk) DISK=1; shift ;;
    --pin) PIN=1; shift ;;
    --no-pin) PIN=0; shift ;;
    --size) SIZE=$2; shift 2 ;;
    --region) REGION=$2; shift 2 ;;
    --ios) IOS=$2; shift 2 ;;
    --file) RFILE=$2; shift 2 ;;
    --span) SPAN=$2; shift 2 ;;
    --per-thread) PER_THREAD=$2; shift 2 ;;
    --fill) FILL_MAX=$2; shift 2 ;;
    --quick-size) QUICK_SIZE=$2; shift 2 ;;
    --backing-dir) BACKING_DIR=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    --list) LIST=1; shift ;;
    --zeros) ZEROS=1; shift ;;
    --smoke) SMOKE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done
if ((SMOKE)); then
  PAIRS=1 SECONDS_PER=1 QUICK_SECONDS=0.3 SIZE=512M REGION=32M IOS=512 RFILE=32M SPAN=32M PER_THREAD=16M FILL_MAX=128M QUICK_SIZE=32M
  [[ $CASES == all ]] && CASES=transfer-1M,random,queue-read,threads-seqwr-end,fill
fi
# the quick rows take fractions of a second (the smoke's); every other test whole seconds
QUICK_SECONDS=${QUICK_SECONDS:-$SECONDS_PER}

# the cases asked for, in the table's order
SELECTED=()
for entry in "${ALL_CASES[@]}"; do
  name=${entry%%|*}
  if [[ $CASES == all ]]; then SELECTED+=("$entry"); continue; fi
  IFS=, read -ra wanted <<<"$CASES"
  for w in "${wanted[@]}"; do
    if [[ $name == "$w" || $name == "$w"-* ]]; then SELECTED+=("$entry"); break; fi
  done
done
if ((LIST)); then
  for entry in "${ALL_CASES[@]}"; do
    args=${entry#*|}
    printf '%-24s %s\n' "${entry%%|*}" "${args:-vs-postmark-hdparm.sh (PostMark / hdparm -tT)}"
  done
  exit 0
fi
((${#SELECTED[@]})) || die "--cases $CASES matches no case (see --list)"
[[ $PAIRS =~ ^[0-9]+$ ]] && ((PAIRS >= 1)) || die "--pairs: a whole number, at least 1"

if ((EUID != 0)); then
  echo "vs-peers: NOT RUN — needs root (losetup, mkfs.ext4, mount)" >&2
  ((SMOKE)) && exit 77   # meson's "skipped"
  exit 2
fi
for tool in fio losetup mkfs.ext4 mount umount mountpoint python3 numfmt; do
  command -v "$tool" >/dev/null || die "needs $tool"
done
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (give --cli)"
MIB=1048576
SIZE_B=$(numfmt --from=iec "$SIZE")
if [[ -z $BACKING_DIR ]]; then
  if ((DISK)); then BACKING_DIR=/var/tmp; else BACKING_DIR=/dev/shm; fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vs-peers.XXXXXX")
MNT="$WORK/mnt"
LOOP=
BACKING=
. "$SCRIPT_DIR/pin.sh"
cleanup () {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then umount "$MNT" || { sleep 1; umount "$MNT"; }; fi
  [[ -n $LOOP ]] && losetup -d "$LOOP"
  [[ -n $BACKING ]] && rm -f -- "$BACKING"
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then echo "$MNT still mounted; left $WORK" >&2; else rm -rf --one-file-system -- "$WORK"; fi
  hugepages_restore
  pin_restore
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# fio's buffers on huge pages, as Volumeter's (iomem=shmhuge in the jobs
# volumeter-cli fio-job makes): 256 pages cover the largest case (fill's
# 32 MiB blocks, 16 pages; threads T=4, 4)
. "$SCRIPT_DIR/../tests/cli/hugepages.sh"
hugepages_reserve 256 || die "fio's jobs need huge pages (tests/cli/hugepages.sh)"

# both tools on the same CPUs, the loop device's workers on another
# (bench/pin.sh); on the RAM-backed loop by default
[[ $PIN == auto ]] && PIN=$((DISK ? 0 : 1))
if ((PIN)); then pin_setup || die "--pin: see above"; fi

VCLI="$WORK/volumeter-cli"
cp -- "$CLI" "$VCLI"

# The threads test's flush choice may be missing from an older build:
# its cases are then skipped, saying so.
HAVE_FLUSH=0
"$VCLI" run threads --help 2>/dev/null | grep -q -- '--flush' && HAVE_FLUSH=1

cat >"$WORK/peers.py" <<'PYEOF'
import json, statistics, sys

def load(path):
    text = open(path).read()
    return json.loads(text[text.index('{'):])   # fio may print a warning first

def columns(series):
    return {c['name']: c['values'] for c in series['columns']}

def fio_jobs(path):
    jobs = {}
    for job in load(path)['jobs']:
        if job.get('error'):
            sys.exit('fio job %s failed: error %s' % (job['jobname'], job['error']))
        jobs[job['jobname']] = job
    return jobs

def both(job, key):
    return job['read'][key] + job['write'][key]

def metrics(kind, vpath, fpath):
    """(metric, unit, Volumeter, fio) for each point both tools ran"""
    v = load(vpath)
    if v['status']['state'] != 'complete':
        sys.exit('volumeter run ended %s: %s' % (v['status']['state'], v['status'].get('message')))
    f = fio_jobs(fpath)
    series = {s['name']: columns(s) for s in v['series']}
    out = []
    if kind == 'transfer':
        for d in ('write', 'read'):
            c = series[d]
            for size, it, thr in zip(c['size'], c['iteration'], c['throughput']):
                job = f['%s-%d-%d' % (d, size, it)]
                out.append(('%s %s' % (d, fmt_size(size)), 'MB/s', thr / 1e6, job[d]['bw_bytes'] / 1e6))
    elif kind == 'random':
        for name, c in series.items():   # write, read; or write-N, read-N with a sweep
            d = name.split('-')[0]
            for it, ops, n in zip(c['iteration'], c['ops'], c['ios']):
                job = f['%s-%d-%d' % (d, n, it)]
                out.append(('%s 32K IOPS' % d, 'IO/s', ops, job[d]['iops']))
    elif kind == 'queue':
        c = series['queue']
        for depth, iops in zip(c['depth'], c['iops']):
            job = f['qd%d' % depth]
            out.append(('QD%d IOPS' % depth, 'IO/s', iops, job['read']['iops'] + job['write']['iops']))
        # CPU per I/O over all the depths: Volumeter's whole process (its
        # lay-down included), fio's jobs (usr + sys % of their runtime)
        vcpu = (v['status']['cpu_user_s'] + v['status']['cpu_system_s']) / sum(c['ios'])
        fsec = sum((j['usr_cpu'] + j['sys_cpu']) / 100.0 * j['job_runtime'] / 1000.0 for j in f.values())
        fios = sum(both(j, 'total_ios') for j in f.values())
        out.append(('CPU per I/O', 'µs/IO', vcpu * 1e6, fsec / fios * 1e6))
    elif kind == 'threads':
        c = series['threads']
        for t, thr in zip(c['threads'], c['throughput']):
            job = f['threads-%d' % t]
            out.append(('T=%d MB/s' % t, 'MB/s', thr / 1e6, both(job, 'bw_bytes') / 1e6))
    elif kind == 'quick':
        # every row of the grid, read and write: the test's one loop
        # against the fio section of the same name (volumeter-cli fio-job)
        grid, each = series['quick'], series['loops']
        titles = {}
        for r, sq, blk, qd, th in zip(grid['row'], grid['sequential'], grid['block'], grid['depth'], grid['threads']):
            titles[r] = '%s%s-Q%dT%d' % ('SEQ' if sq else 'RND', fmt_size(blk), qd, th)
        for r, rp, loop, thr, iops in zip(each['row'], each['read-percent'], each['loop'], each['throughput'], each['iops']):
            mode = 'read' if rp == 100 else 'write' if rp == 0 else 'mix'
            job = f['%s-%s-%d' % (titles[r], mode, loop)]
            if titles[r].startswith('SEQ'):
                out.append(('%s %s' % (titles[r], mode), 'MB/s', thr / 1e6, both(job, 'bw_bytes') / 1e6))
            else:
                out.append(('%s %s' % (titles[r], mode), 'IO/s', iops, job['read']['iops'] + job['write']['iops']))
    elif kind == 'fill':
        for d in ('write', 'read'):
            c = series[d]
            out.append(('%s MB/s' % d, 'MB/s', sum(c['bytes']) / sum(c['seconds']) / 1e6, f[d][d]['bw_bytes'] / 1e6))
    return out

def own(kind, vpath, fpath):
    """each tool's own count of its timed I/O: bytes read, written"""
    v = load(vpath)
    vr = vw = 0
    for s in v['series']:
        c = columns(s)
        if 'bytes' not in c or s['name'] in ('intervals', 'over-time'):
            continue
        if kind == 'quick':
            for b, rp in zip(c['bytes'], c['read-percent']):
                vr += b * rp / 100; vw += b * (100 - rp) / 100
        elif kind == 'queue':
            for b, r, w in zip(c['bytes'], c['reads'], c['writes']):
                vr += b * r / max(r + w, 1); vw += b * w / max(r + w, 1)
        elif s['name'] == 'read' or (kind == 'threads' and v['test']['parameters'].get('mode', '').endswith('rd')):
            vr += sum(c['bytes'])
        else:
            vw += sum(c['bytes'])
    fr = fw = 0
    for job in fio_jobs(fpath).values():
        fr += job['read']['io_bytes']; fw += job['write']['io_bytes']
    return vr, vw, fr, fw

def fmt_size(b):
    for unit, n in (('G', 1 << 30), ('M', 1 << 20), ('K', 1 << 10)):
        if b >= n and b % n == 0:
            return '%d%s' % (b // n, unit)
    return str(int(b))

def table(results, counters):
    rows, devs = {}, {}
    for line in open(results):
        pair, case, metric, unit, vv, fv = line.rstrip('\n').split('\t')
        rows.setdefault((case, metric, unit), []).append((int(pair), float(vv), float(fv)))
    for line in open(counters):
        pair, case, tool, *vals = line.rstrip('\n').split('\t')
        devs.setdefault((case, tool), []).append([float(x) for x in vals])
    lines = [('case', 'metric', 'Volumeter', 'fio', 'ratio V/fio', 'IQR', 'pairs', '')]
    verdicts = []
    for (case, metric, unit), pairs in rows.items():
        ratios = [vv / fv for _, vv, fv in pairs if fv > 0]
        if not ratios:
            continue
        med = statistics.median(ratios)
        if len(ratios) >= 2:
            q = statistics.quantiles(ratios, n=4, method='inclusive')
            iqr = '%.3f–%.3f' % (q[0], q[2])
        else:
            iqr = '-'
        # CPU per I/O: no more than fio's; every other figure within ±5 %
        ok = med <= 1.0 if unit == 'µs/IO' else 0.95 <= med <= 1.05
        verdicts.append(ok)
        digits = '%.0f' if unit == 'IO/s' else '%.2f' if unit == 'µs/IO' else '%.1f'
        lines.append((case, metric, (digits + ' %s') % (statistics.median(v for _, v, _ in pairs), unit),
                      (digits + ' %s') % (statistics.median(f for _, _, f in pairs), unit),
                      '%.3f' % med, iqr, str(len(ratios)), 'PASS' if ok else 'MISS'))
    w = [max(len(l[i]) for l in lines) for i in range(len(lines[0]))]
    for n, l in enumerate(lines):
        print('| ' + ' | '.join(x.ljust(w[i]) if i < 2 else x.rjust(w[i]) for i, x in enumerate(l)) + ' |')
        if n == 0:
            print('|-' + '-|-'.join('-' * x for x in w) + '-|')
    print('\nratio: median over the pairs of that pair\'s Volumeter/fio (run back to back on the same work);')
    print('IQR: first to third quartile of those ratios. Target: 0.95 … 1.05; CPU per I/O: at most 1.')
    print('\nWhat the device saw (/sys/block/LOOP/stat, whole run incl. files laid down; median per run)')
    print('beside each tool\'s own count of its timed I/O:')
    hdr = ('case', 'tool', 'dev reads', 'dev read MB', 'dev writes', 'dev written MB', 'dev flushes', 'own read MB', 'own written MB')
    out = [hdr]
    for (case, tool), vals in devs.items():
        med = [statistics.median(col) for col in zip(*vals)]
        out.append((case, tool, '%.0f' % med[0], '%.1f' % (med[1] / 1e6), '%.0f' % med[2], '%.1f' % (med[3] / 1e6),
                    '%.0f' % med[4], '%.1f' % (med[5] / 1e6), '%.1f' % (med[6] / 1e6)))
    w = [max(len(l[i]) for l in out) for i in range(len(hdr))]
    for n, l in enumerate(out):
        print('| ' + ' | '.join(x.ljust(w[i]) if i < 2 else x.rjust(w[i]) for i, x in enumerate(l)) + ' |')
        if n == 0:
            print('|-' + '-|-'.join('-' * x for x in w) + '-|')
    return all(verdicts)

if __name__ == '__main__':
    cmd = sys.argv[1]
    if cmd == 'metrics':
        for m in metrics(*sys.argv[2:5]):
            print('%s\t%s\t%r\t%r' % m)
    elif cmd == 'own':
        print('\t'.join('%d' % x for x in own(*sys.argv[2:5])))
    elif cmd == 'table':
        sys.exit(0 if table(sys.argv[2], sys.argv[3]) else 1)
PYEOF
PEERS=(python3 "$WORK/peers.py")

echo "# vs-peers — every Volumeter test against fio on the same work (volumeter-cli fio-job)"
echo "command:  $ORIG_CMD"
echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:  nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "kernel:   $(uname -r); fio: $(fio --version); volumeter: $("$VCLI" --version)"

NEED_VOLUME=0
for entry in "${SELECTED[@]}"; do [[ -n ${entry#*|} ]] && NEED_VOLUME=1; done
if ((NEED_VOLUME)); then
  BACKING=$(mktemp "$BACKING_DIR/vs-peers.XXXXXX.img")
  if ((DISK)); then
    dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) oflag=direct conv=fsync status=none
    LOOP=$(losetup -f --show --direct-io=on "$BACKING")
    KIND="disk-backed loop ($BACKING_DIR, --direct-io=on)"
  else
    # written, not fallocated: first-touch of guest RAM is slow on a VM
    dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) status=none
    LOOP=$(losetup -f --show "$BACKING")
    KIND="RAM-backed loop ($BACKING_DIR)"
  fi
  mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$LOOP"
  mkdir -p "$MNT"
  mount "$LOOP" "$MNT"
  # Both tools work below one folder: Volumeter's scratch folder and fio's
  # are made in it for every run. ext4 spreads folders made in the root
  # over its block groups (and puts their files near them) but places
  # deeper ones close to their parent (a few groups on each time), so the
  # two tools' files, run after run, walk through the same part of the
  # device side by side. Where a file lies changes its speed on a
  # disk-backed loop (filefrag: 132 MiB against 1.6 GiB into a 2 GiB
  # volume); 4 KiB writes compared at 0.906 x fio with the files apart and
  # at 0.973 side by side (docs/performance.md).
  TDIR="$MNT/bench"
  mkdir "$TDIR"
  STAT=/sys/block/$(basename "$LOOP")/stat
  echo "volume:   $KIND, $SIZE ext4 on $LOOP"
fi
echo "pairs:    $PAIRS (Volumeter first in odd pairs, fio first in even); $SECONDS_PER s per point"
echo "pinned:   $( ((PIN)) && echo "tools on CPUs 1-$(($(nproc) - 1)), unbound kernel workers on CPU 0" || echo no)"
echo

RESULTS="$WORK/results.tsv"
COUNTERS="$WORK/counters.tsv"
: >"$RESULTS"
: >"$COUNTERS"

# /sys/block/DEV/stat: reads, sectors read, writes, sectors written, flushes
devstat () { awk '{ printf "%.0f %.0f %.0f %.0f %.0f\n", $1, $3 * 512, $5, $7 * 512, (NF >= 17 ? $16 : 0) }' "$STAT"; }
# delta BEFORE AFTER → tab-separated differences
delta () {
  local -a a=($1) b=($2) d=()
  for i in "${!a[@]}"; do d+=($((b[i] - a[i]))); done
  (IFS=$'\t'; echo "${d[*]}")
}

# one Volumeter run; its device counters in $VDEV
run_volumeter () {   # pair case kind args…
  local pair=$1 case=$2 out="$WORK/$2-$1.volumeter.json" before after
  shift 2
  sync
  before=$(devstat)
  "${TASKSET[@]}" "$VCLI" run "$@" --target "$TDIR" --quiet -o "$out" >"$WORK/vol.log" 2>&1 \
    || { cat "$WORK/vol.log" >&2; echo "vs-peers: Volumeter run failed: $*" >&2; exit 1; }
  after=$(devstat)
  VDEV=$(delta "$before" "$after")
}
# the fio job of that pair's Volumeter result; its counters in $FDEV
run_fio () {   # pair case result
  local pair=$1 case=$2 job="$WORK/$2-$1.fio" dir="$TDIR/fio-$2-$1" before after
  # a fresh folder for every run, as Volumeter's scratch folder is
  mkdir "$dir"
  # The job as documented but for one thing: scramble_buffers=1 makes fio
  # dirty two cache lines in every 512 bytes of each write's buffer (4 096
  # per MiB) to defeat deduplication, where the test's stamps dirty one in
  # every 4 KiB (256 per MiB). On the RAM-backed loop that was 40 % of fio's
  # CPU and a fifth of its speed (docs/performance.md). A loop device
  # neither deduplicates nor compresses, so the device's work is the same
  # without it; fio then does less than Volumeter for its data, not more.
  "$VCLI" fio-job "$3" --dir "$dir" | sed 's/^scramble_buffers=1$/scramble_buffers=0/' >"$job"
  sync
  before=$(devstat)
  "${TASKSET[@]}" fio --output-format=json --output="$WORK/$case-$pair.fio.json" "$job" >/dev/null 2>"$WORK/fio.log" \
    || { cat "$WORK/fio.log" >&2; echo "vs-peers: fio failed on $job" >&2; exit 1; }
  after=$(devstat)
  rm -rf -- "$dir"
  FDEV=$(delta "$before" "$after")
}

MISS=0
for entry in "${SELECTED[@]}"; do
  case=${entry%%|*}
  args=${entry#*|}
  if [[ -z $args ]]; then
    continue   # smallfiles, cached: below
  fi
  if [[ $args == *--flush* ]] && ((!HAVE_FLUSH)); then
    if [[ $case != *-pass ]]; then
      echo "$case: skipped — this volumeter-cli has no threads --flush"
      continue
    fi
    # before the choice, a flush after every pass was the only policy
    args=${args%% --flush*}
  fi
  args=${args//\{S\}/$SECONDS_PER}
  args=${args//\{REGION\}/$REGION}
  args=${args//\{IOS\}/$IOS}
  args=${args//\{RFILE\}/$RFILE}
  args=${args//\{SPAN\}/$SPAN}
  args=${args//\{PT\}/$PER_THREAD}
  args=${args//\{FILL\}/$FILL_MAX}
  args=${args//\{QSIZE\}/$QUICK_SIZE}
  args=${args//\{QS\}/$QUICK_SECONDS}
  # the smoke: one point per queue and threads case (each point lasts a whole second)
  if ((SMOKE)); then args=${args/--depths 1,32/--depths 32}; args=${args/--threads 1,4/--threads 2}; fi
  if ((ZEROS)); then args+=" --pattern zeros"; fi
  read -ra argv <<<"$args"
  kind=${argv[0]}
  echo "$case: volumeter-cli run $args"
  for ((p = 1; p <= PAIRS; p++)); do
    if ((p % 2)); then
      run_volumeter "$p" "$case" "${argv[@]}"
      run_fio "$p" "$case" "$WORK/$case-$p.volumeter.json"
    else
      # fio first, so its job comes from the result of the pair before:
      # the same parameters on the same volume, so the same resolved
      # sizes; only the seed differs
      run_fio "$p" "$case" "$WORK/$case-$((p - 1)).volumeter.json"
      run_volumeter "$p" "$case" "${argv[@]}"
    fi
    "${PEERS[@]}" metrics "$kind" "$WORK/$case-$p.volumeter.json" "$WORK/$case-$p.fio.json" \
      | while IFS=$'\t' read -r metric unit vv fv; do
          printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$case" "$metric" "$unit" "$vv" "$fv" >>"$RESULTS"
          printf '  pair %d %-16s Volumeter %10.2f  fio %10.2f %s  ratio %.3f\n' "$p" "$metric" "$vv" "$fv" "$unit" \
            "$(python3 -c "print($vv / $fv)")"
        done
    read -r vr vw fr fw < <("${PEERS[@]}" own "$kind" "$WORK/$case-$p.volumeter.json" "$WORK/$case-$p.fio.json")
    printf '%s\t%s\tvolumeter\t%s\t%s\t%s\n' "$p" "$case" "$VDEV" "$vr" "$vw" >>"$COUNTERS"
    printf '%s\t%s\tfio\t%s\t%s\t%s\n' "$p" "$case" "$FDEV" "$fr" "$fw" >>"$COUNTERS"
  done
done

if ((NEED_VOLUME)) && [[ -s $RESULTS ]]; then
  echo
  "${PEERS[@]}" table "$RESULTS" "$COUNTERS" || MISS=1
fi

# PostMark and hdparm: their own script, the same pairs
PM=0
for entry in "${SELECTED[@]}"; do [[ ${entry%%|*} == smallfiles || ${entry%%|*} == cached ]] && PM=1; done
if ((PM)); then
  if ((NEED_VOLUME)); then umount "$MNT"; losetup -d "$LOOP"; LOOP=; rm -f -- "$BACKING"; BACKING=; fi
  echo
  echo "=== smallfiles, cached: vs-postmark-hdparm.sh (targets ±10 %)"
  pm_args=(--runs "$PAIRS" --cli "$VCLI")
  ((SMOKE)) && pm_args+=(--smoke)
  ((DISK)) && pm_args+=(--disk)
  ((PIN)) || pm_args+=(--no-pin)
  "$SCRIPT_DIR/vs-postmark-hdparm.sh" "${pm_args[@]}" || MISS=1
fi
if ((SMOKE)); then
  echo "smoke: figures not judged"
  exit 0
fi
exit $MISS
