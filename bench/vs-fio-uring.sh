#!/usr/bin/env bash
# vs-fio-uring.sh — Volumeter's Queue test on io_uring against fio's batched io_uring job
#
# Makes one ext4 loop volume (RAM-backed in /dev/shm by default; with --disk
# an image in /var/tmp attached with losetup --direct-io=on) and runs, in
# PAIRS alternating pairs (Volumeter first in odd pairs, fio first in even
# ones, so a drift of the machine's load falls on both), per case:
#
#   volumeter-cli run queue --depths QD --mode read|write --block 4K --span SPAN --seconds S
#   fio --ioengine=io_uring --iodepth=QD --iodepth_batch_submit=B --iodepth_batch_complete_max=QD
#       --fixedbufs=1 --registerfiles=1 --direct=1 --rw=randread|randwrite --bs=4k
#       --size=SPAN --time_based --runtime=S [--end_fsync=1 for writes]
#
# with B = max (1, QD/2): at QD 32 the batched job of issue 10 (docs/performance.md,
# "Queue depth on io_uring"). Cases: QD 32 randread (the target), QD 1 and
# QD 8 randread, QD 32 randwrite. Each tool works on a file of SPAN written
# afresh just before its timed part, in 1 MiB O_DIRECT writes: Volumeter's
# test lays down its own, and fio's is written by a fio job before each run.
# (A file written once at the start reads slower on a disk-backed loop after
# the other tool's lay-down has pushed it out of the host's cache: measured
# here at 0.3–0.6 × in the pairs where fio ran after Volumeter.)
#
# Per case it prints the median over the pairs of the ratio Volumeter/fio of
# IOPS and its interquartile range, the median IOPS of each tool, the median
# CPU per I/O of each:
#   Volumeter: (ring-cpu-user + ring-cpu-system figures: the ring's thread in
#              the timed point, without the lay-down) / I/Os of the point
#   fio:       (usr_cpu + sys_cpu) / 100 × job_runtime / total_ios
# and the loop device's reads and writes completed, each + those merged into
# another request (/sys/block/loopN/stat fields 1+2 and 5+6, read before and
# after each run), summed over the pairs, beside each tool's own count of
# I/Os (Volumeter's device writes include its lay-down of SPAN in 1 MiB
# writes, which the loop device takes in several requests each).
# Target, QD 32 randread: ratio ≥ 0.95 and CPU per I/O ≤ fio's.
#
# Needs root. Cleans up only what it made. Exit 0 target met, 1 missed,
# 2 bad usage or no volume. --smoke (the bench suite, a few seconds): 1
# pair, 1 s, a 32M span, the cases QD 32 randread and QD 1 randwrite;
# figures printed, not judged (exit 1 only when a run fails; 77 without root).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SIZE=3G
SPAN=1G
SECONDS_PER=5
PAIRS=7
DISK=0
CASES="32:randread 1:randread 8:randread 32:randwrite"
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
SMOKE=0

usage () {
  cat <<EOF
Usage: $0 [--disk] [--pairs N] [--seconds S] [--span SIZE] [--size SIZE] [--cases "QD:RW …"] [--cli PATH]   (as root)
  defaults: --pairs $PAIRS --seconds $SECONDS_PER --span $SPAN --size $SIZE --cases "$CASES"; RAM-backed loop
  --smoke: a few seconds (the bench suite): --pairs 1 --seconds 1 --span 32M --size 512M
           --cases "32:randread 1:randwrite", no target judged
EOF
}
die () { echo "vs-fio-uring: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --disk) DISK=1; shift ;;
    --pairs) PAIRS=$2; shift 2 ;;
    --seconds) SECONDS_PER=$2; shift 2 ;;
    --span) SPAN=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --cases) CASES=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    --smoke) SMOKE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
((SMOKE)) && { PAIRS=1 SECONDS_PER=1 SPAN=32M SIZE=512M CASES="32:randread 1:randwrite"; }
if ((EUID != 0)); then
  echo "vs-fio-uring: NOT RUN — needs root (losetup, mkfs.ext4, mount)" >&2
  ((SMOKE)) && exit 77   # meson's "skipped"
  exit 2
fi
for tool in fio losetup mkfs.ext4 mount umount python3; do command -v "$tool" >/dev/null || die "needs $tool"; done
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (give --cli)"
((PAIRS >= 1)) || die "--pairs must be at least 1"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vs-fio-uring.XXXXXX")
MNT="$WORK/mnt"; mkdir "$MNT"
BACKING_DIR=/dev/shm; ((DISK)) && BACKING_DIR=/var/tmp
BACKING=$(mktemp "$BACKING_DIR/vs-fio-uring.XXXXXX.img")
LOOP=
cleanup () {
  set +e
  mountpoint -q "$MNT" && umount "$MNT"
  [[ -n $LOOP ]] && losetup -d "$LOOP"
  rm -f -- "$BACKING"
  rm -rf --one-file-system -- "$WORK"
}
trap cleanup EXIT
# on Ctrl-C or kill, the running tool is let finish, then the EXIT trap cleans up
trap 'exit 130' INT
trap 'exit 143' TERM
cp "$CLI" "$WORK/volumeter-cli"; CLI="$WORK/volumeter-cli"

truncate -s "$SIZE" "$BACKING"
if ((DISK)); then LOOP=$(losetup -f --show --direct-io=on "$BACKING"); else LOOP=$(losetup -f --show "$BACKING"); fi
STAT=/sys/block/${LOOP#/dev/}/stat
mkfs.ext4 -q -F -m 0 "$LOOP"
mount "$LOOP" "$MNT"
mkdir "$MNT/fio" "$MNT/vol"
echo "# $(printf '%q ' "$0" "$@")"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'); volume: ext4 on $LOOP (dio $(cat /sys/block/${LOOP#/dev/}/loop/dio)) over $BACKING ($SIZE)"
echo "# fio $(fio --version), kernel $(uname -r), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $PAIRS pairs of $SECONDS_PER s"

RUNS="$WORK/runs.tsv"; : >"$RUNS"
# reads completed, reads merged, writes completed, writes merged
dev_counts () { awk '{print $1, $2, $5, $6}' "$STAT"; }

run_vol () {   # qd rw pair
  local qd=$1 rw=$2 pair=$3 mode=read before after out="$WORK/v-$1-$2-$3.json"
  [[ $rw == randwrite ]] && mode=write
  before=$(dev_counts)
  "$CLI" run queue --target "$MNT/vol" --depths "$qd" --mode "$mode" --block 4K --span "$SPAN" \
    --seconds "$SECONDS_PER" --backend io_uring -q -o "$out"
  after=$(dev_counts)
  echo -e "volumeter\t$qd\t$rw\t$pair\t$out\t$before\t$after" >>"$RUNS"
}
run_fio () {   # qd rw pair
  local qd=$1 rw=$2 pair=$3 batch=$(($1 / 2)) before after out="$WORK/f-$1-$2-$3.json" extra=()
  ((batch >= 1)) || batch=1
  [[ $rw == randwrite ]] && extra=(--end_fsync=1)
  # a file written afresh, as Volumeter's lay-down writes its own before
  # every run (untimed, outside the device counts)
  rm -f "$MNT/fio/file"
  fio --name=layout --filename="$MNT/fio/file" --size="$SPAN" --rw=write --bs=1M --direct=1 \
    --end_fsync=1 --output-format=json --output="$WORK/layout.json" >/dev/null
  before=$(dev_counts)
  fio --name="qd$qd-$rw" --filename="$MNT/fio/file" --ioengine=io_uring --iodepth="$qd" \
    --iodepth_batch_submit="$batch" --iodepth_batch_complete_max="$qd" --fixedbufs=1 --registerfiles=1 \
    --direct=1 --rw="$rw" --bs=4k --size="$SPAN" --time_based --runtime="$SECONDS_PER" "${extra[@]}" \
    --output-format=json --output="$out" >/dev/null
  after=$(dev_counts)
  echo -e "fio\t$qd\t$rw\t$pair\t$out\t$before\t$after" >>"$RUNS"
}

for case in $CASES; do
  qd=${case%%:*}; rw=${case#*:}
  for ((pair = 1; pair <= PAIRS; pair++)); do
    if ((pair % 2)); then run_vol "$qd" "$rw" "$pair"; run_fio "$qd" "$rw" "$pair"
    else run_fio "$qd" "$rw" "$pair"; run_vol "$qd" "$rw" "$pair"; fi
  done
done

TABLE_RC=0
python3 - "$RUNS" <<'PYEOF' || TABLE_RC=$?
import json, statistics, sys

def load(p):
    t = open(p).read()
    return json.loads(t[t.index('{'):])

def quartiles(xs):
    xs = sorted(xs)
    if len(xs) < 2:
        return xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method='inclusive')
    return q[0], q[2]

runs = {}
for line in open(sys.argv[1]):
    tool, qd, rw, pair, path, before, after = line.rstrip('\n').split('\t')
    b, a = [int(x) for x in before.split()], [int(x) for x in after.split()]
    d = load(path)
    if tool == 'volumeter':
        if d['status']['state'] != 'complete':
            print('Volumeter run failed: %s' % d['status'].get('message')); sys.exit(1)
        cols = {c['name']: c['values'] for c in d['series'][0]['columns']}
        figs = {x['name']: x['value'] for x in d['figures']}
        iops, ios = cols['iops'][0], figs['ios']
        cpu = (figs.get('ring-cpu-user', 0) + figs.get('ring-cpu-system', 0)) / ios
    else:
        job = d['jobs'][0]
        r = job['read'] if rw == 'randread' else job['write']
        iops, ios = r['iops'], r['total_ios']
        cpu = (job['usr_cpu'] + job['sys_cpu']) / 100.0 * job['job_runtime'] / 1000.0 / ios
    runs.setdefault((int(qd), rw), {}).setdefault(int(pair), {})[tool] = dict(
        iops=iops, cpu=cpu, ios=ios, dev_r=a[0] - b[0], dev_rm=a[1] - b[1],
        dev_w=a[2] - b[2], dev_wm=a[3] - b[3])

miss = 0
print('%-16s %5s %7s %15s %9s %9s %12s %12s   %-34s %-34s' % (
    'case', 'pairs', 'ratio', 'IQR', 'Vol IO/s', 'fio IO/s', 'Vol µs/IO', 'fio µs/IO',
    'Volumeter: I/Os; dev r+m, w+m', 'fio: I/Os; dev r+m, w+m'))
for (qd, rw), pairs in runs.items():
    done = [p for p in pairs.values() if 'volumeter' in p and 'fio' in p]
    ratios = [p['volumeter']['iops'] / p['fio']['iops'] for p in done]
    med = statistics.median(ratios)
    q1, q3 = quartiles(ratios)
    vi = statistics.median(p['volumeter']['iops'] for p in done)
    fi = statistics.median(p['fio']['iops'] for p in done)
    vc = statistics.median(p['volumeter']['cpu'] for p in done) * 1e6
    fc = statistics.median(p['fio']['cpu'] for p in done) * 1e6
    tot = lambda tool, k: sum(p[tool][k] for p in done)
    dev = lambda tool: '%d; %d+%d, %d+%d' % (tot(tool, 'ios'), tot(tool, 'dev_r'), tot(tool, 'dev_rm'),
                                            tot(tool, 'dev_w'), tot(tool, 'dev_wm'))
    print('%-16s %5d %7.3f %6.3f–%-6.3f %9.0f %9.0f %12.2f %12.2f   %-34s %-34s' % (
        'QD %d %s' % (qd, rw), len(done), med, q1, q3, vi, fi, vc, fc,
        dev('volumeter'), dev('fio')))
    if qd == 32 and rw == 'randread':
        ok = med >= 0.95 and vc <= fc
        miss |= not ok
        print('%-16s target ratio ≥ 0.95 and CPU per I/O ≤ fio: %s' % ('', 'PASS' if ok else 'MISS'))
sys.exit(1 if miss else 0)
PYEOF
if ((SMOKE)); then echo "smoke: figures not judged"; exit 0; fi
exit "$TABLE_RC"
