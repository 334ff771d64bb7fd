#!/usr/bin/env bash
# vs-fio-queue-threads.sh — Volumeter's "queue" and "threads" tests against fio
#
# Makes one ext4 loop volume (RAM-backed in /dev/shm by default, disk-backed
# with --disk and losetup --direct-io=on), then runs each Volumeter test and
# its fio equivalent back to back on it:
#
#   queue QD 1, QD 32      fio --ioengine=io_uring --iodepth=QD --rw=randread --bs=4k
#                              --time_based --runtime=S --direct=1 --size=SPAN
#   queue QD 32 offset512  the same with --offset=512 --blockalign=4k (offsets ≡ 512 mod 4096)
#   threads seqwr/seqrd,   fio --numjobs=T --group_reporting --rw=write|read --bs=1M
#     T = 1 and 4              --size=PER_THREAD --direct=1 --time_based --runtime=S
#                              (one file per job; writes --end_fsync=1)
#
# and prints the figures side by side with the ratio Volumeter/fio, and the
# CPU time per I/O at QD 32, 4K:
#   Volumeter: (cpu_user + cpu_system of the result) / I/Os of the result
#   fio:       (usr_cpu + sys_cpu) / 100 × job_runtime / total_ios
# Targets: IOPS and MB/s within ±5 % of fio; CPU per I/O no more than fio's.
#
# Needs root. Cleans up only what it made. Exit 0 all targets met, 1 a
# target missed, 2 bad usage or no volume.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SIZE=3G
SPAN=1G
PER_THREAD=256M
SECONDS_PER=5
DISK=0
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"

usage () {
  cat <<EOF
Usage: $0 [--disk] [--size SIZE] [--span SIZE] [--per-thread SIZE] [--seconds S] [--cli PATH]   (as root)
  defaults: --size $SIZE --span $SPAN --per-thread $PER_THREAD --seconds $SECONDS_PER; RAM-backed loop
EOF
}
die () { echo "vs-fio-queue-threads: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --disk) DISK=1; shift ;;
    --size) SIZE=$2; shift 2 ;;
    --span) SPAN=$2; shift 2 ;;
    --per-thread) PER_THREAD=$2; shift 2 ;;
    --seconds) SECONDS_PER=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option $1" ;;
  esac
done
((EUID == 0)) || die "NOT RUN — needs root (losetup, mkfs.ext4, mount)"
for tool in fio losetup mkfs.ext4 mount umount python3; do command -v "$tool" >/dev/null || die "needs $tool"; done
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (give --cli)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vs-fio-qt.XXXXXX")
MNT="$WORK/mnt"; mkdir "$MNT"
BACKING_DIR=/dev/shm; ((DISK)) && BACKING_DIR=/var/tmp
BACKING=$(mktemp "$BACKING_DIR/vs-fio-qt.XXXXXX.img")
LOOP=
cleanup () {
  set +e
  mountpoint -q "$MNT" && umount "$MNT"
  [[ -n $LOOP ]] && losetup -d "$LOOP"
  rm -f -- "$BACKING"
  rm -rf --one-file-system -- "$WORK"
}
trap cleanup EXIT
cp "$CLI" "$WORK/volumeter-cli"; CLI="$WORK/volumeter-cli"

truncate -s "$SIZE" "$BACKING"
if ((DISK)); then LOOP=$(losetup -f --show --direct-io=on "$BACKING"); else LOOP=$(losetup -f --show "$BACKING"); fi
mkfs.ext4 -q -F -m 0 "$LOOP"
mount "$LOOP" "$MNT"
mkdir "$MNT/fio" "$MNT/vol"
echo "# $(printf '%q ' "$0" "$@")"
echo "# volume: ext4 on $LOOP over $BACKING ($SIZE), fio $(fio --version), kernel $(uname -r), $(nproc) CPUs"

RES="$WORK/rows.tsv"; : >"$RES"

vol () {   # name, then volumeter-cli run arguments
  local name=$1; shift
  "$CLI" run "$@" --target "$MNT/vol" -q -o "$WORK/$name.volumeter.json"
}
fio_job () {   # name, then fio arguments
  local name=$1; shift
  fio --name="$name" --directory="$MNT/fio" --output-format=json --output="$WORK/$name.fio.json" "$@" >/dev/null
  rm -f "$MNT"/fio/*
}

for qd in 1 32; do
  vol "q$qd" queue --depths "$qd" --seconds "$SECONDS_PER" --span "$SPAN" --mode read --block 4K
  fio_job "q$qd" --ioengine=io_uring --iodepth="$qd" --rw=randread --bs=4k --time_based \
    --runtime="$SECONDS_PER" --direct=1 --size="$SPAN"
  echo -e "queue\tQD $qd, 4K randread\t$WORK/q$qd.volumeter.json\t$WORK/q$qd.fio.json" >>"$RES"
done
vol q32o queue --depths 32 --seconds "$SECONDS_PER" --span "$SPAN" --mode read --block 4K --alignment offset512
fio_job q32o --ioengine=io_uring --iodepth=32 --rw=randread --bs=4k --time_based \
  --runtime="$SECONDS_PER" --direct=1 --size="$SPAN" --offset=512 --blockalign=4k
echo -e "queue\tQD 32, 4K randread, offset 512\t$WORK/q32o.volumeter.json\t$WORK/q32o.fio.json" >>"$RES"

for mode in seqwr seqrd; do
  for t in 1 4; do
    rw=write; [[ $mode == seqrd ]] && rw=read
    extra=(); [[ $rw == write ]] && extra=(--end_fsync=1)
    vol "t$mode$t" threads --threads "$t" --bytes-per-thread "$PER_THREAD" --block 1M \
      --seconds "$SECONDS_PER" --mode "$mode"
    fio_job "t$mode$t" --ioengine=psync --numjobs="$t" --group_reporting --rw="$rw" --bs=1M \
      --size="$PER_THREAD" --direct=1 --time_based --runtime="$SECONDS_PER" "${extra[@]}"
    echo -e "threads\t$mode, T=$t, 1M\t$WORK/t$mode$t.volumeter.json\t$WORK/t$mode$t.fio.json" >>"$RES"
  done
done

python3 - "$RES" <<'PYEOF'
import json, sys
def load(p):
    t = open(p).read(); return json.loads(t[t.index('{'):])
miss = 0
print('%-8s %-32s %14s %14s %7s  %s' % ('test', 'case', 'Volumeter', 'fio', 'ratio', 'target'))
for line in open(sys.argv[1]):
    kind, case, vp, fp = line.rstrip('\n').split('\t')
    v, f = load(vp), load(fp)
    if v['status']['state'] != 'complete':
        print('%-8s %-32s Volumeter run %s: %s' % (kind, case, v['status']['state'], v['status']['message'])); miss = 1; continue
    job = f['jobs'][0]
    rw = 'read' if job['read']['io_bytes'] > 0 else 'write'
    cols = {c['name']: c['values'] for c in v['series'][0]['columns']}
    if kind == 'queue':
        vv, ff, unit = cols['iops'][0], job[rw]['iops'], 'IOPS'
    else:
        vv, ff, unit = cols['throughput'][0] / 1e6, job[rw]['bw_bytes'] / 1e6, 'MB/s'
    r = vv / ff
    ok = abs(r - 1) <= 0.05
    miss |= not ok
    print('%-8s %-32s %9.0f %-4s %9.0f %-4s %7.3f  %s' % (kind, case, vv, unit, ff, unit, r, 'PASS' if ok else 'MISS (±5 %)'))
    if kind == 'queue' and case.startswith('QD 32'):
        figs = {x['name']: x['value'] for x in v['figures']}
        vcpu = (v['status']['cpu_user_s'] + v['status']['cpu_system_s']) / figs['ios']
        fcpu = (job['usr_cpu'] + job['sys_cpu']) / 100.0 * job['job_runtime'] / 1000.0 / job[rw]['total_ios']
        ok = vcpu <= fcpu
        miss |= not ok
        print('%-8s %-32s %9.2f µs/IO %6.2f µs/IO %7.3f  %s' % ('', '  CPU per I/O (' + v['test']['io_backend'] + ')',
              vcpu * 1e6, fcpu * 1e6, vcpu / fcpu, 'PASS' if ok else 'MISS (<= fio)'))
sys.exit(1 if miss else 0)
PYEOF
