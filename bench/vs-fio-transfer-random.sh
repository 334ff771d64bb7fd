#!/usr/bin/env bash
# vs-fio-transfer-random.sh — Volumeter's "Transfer size" and "Random I/O"
# tests against fio's equivalent jobs
#
# Makes one ext4 loop volume (RAM-backed in /dev/shm by default, disk-backed
# with --disk and losetup --direct-io=on, as fill-vs-fio.sh does), then, R
# times with the order alternating, runs back to back:
#
#   transfer, per size S:  volumeter-cli run transfer --from S --to S --region REGION --iterations 1
#                          fio --rw=write --bs=S --size=REGION --direct=1 --end_fsync=1 --overwrite=1
#                          fio --rw=read  --bs=S --size=REGION --direct=1
#   random:                volumeter-cli run random --chunk 32K --ios N --iterations 1 --file-size F
#                          fio --rw=randwrite --bs=32k --number_ios=N --size=F --direct=1 --end_fsync=1
#                              --overwrite=1 --norandommap --randrepeat=0
#                          fio --rw=randread  (the same, on the same file)
#
# --overwrite=1 makes fio lay the file down before the timed job, as
# Volumeter does; both then time overwrites and reads of written data.
# fio figures are jobs[0].<rw>.bw_bytes and .iops (never bw/1000).
# Prints medians side by side with the median per-run ratio Volumeter/fio
# and PASS/MISS against the target: within ±5 % (0.95 … 1.05).
#
# Needs root. Cleans up only what it made. Exit: 0 all PASS, 1 a MISS or a
# failed run, 2 bad usage or no volume.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_CMD=$(printf '%q ' "$0" "$@")
SIZE=4G
RUNS=3
DISK=0
SIZES="4K 64K 1M 32M"
REGION=512M
IOS=16384
FILE=2G
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
BACKING_DIR=
ONLY=

usage () {
  cat <<EOF
Usage: $0 [OPTION…]     (as root)
  --size SIZE        loop volume size (default $SIZE)
  --runs R           Volumeter/fio pairs, order alternating (default $RUNS)
  --disk             back the loop with a file on disk, losetup --direct-io=on
  --sizes "S …"      transfer sizes (default "$SIZES")
  --region SIZE      bytes per transfer size (default $REGION)
  --ios N            random I/Os per phase (default $IOS)
  --file SIZE        random test file size (default $FILE)
  --only transfer|random
  --backing-dir DIR  where the backing file goes (default /dev/shm, /var/tmp with --disk)
  --cli PATH         volumeter-cli to test (copied first)
EOF
}
die () { echo "vs-fio-transfer-random: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --size) SIZE=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --disk) DISK=1; shift ;;
    --sizes) SIZES=$2; shift 2 ;;
    --region) REGION=$2; shift 2 ;;
    --ios) IOS=$2; shift 2 ;;
    --file) FILE=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --backing-dir) BACKING_DIR=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

((EUID == 0)) || die "NOT RUN — needs root (losetup, mkfs.ext4, mount)"
for tool in fio losetup mkfs.ext4 mount umount mountpoint python3 numfmt; do
  command -v "$tool" >/dev/null || die "needs $tool"
done
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (give --cli)"
SIZE_B=$(numfmt --from=iec "$SIZE")
REGION_B=$(numfmt --from=iec "$REGION")
FILE_B=$(numfmt --from=iec "$FILE")
MIB=1048576
if [[ -z $BACKING_DIR ]]; then
  if ((DISK)); then BACKING_DIR=/var/tmp; else BACKING_DIR=/dev/shm; fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vs-fio-tr.XXXXXX")
MNT="$WORK/mnt"
LOOP=
BACKING=
cleanup () {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then umount "$MNT" || { sleep 1; umount "$MNT"; }; fi
  [[ -n $LOOP ]] && losetup -d "$LOOP"
  [[ -n $BACKING ]] && rm -f -- "$BACKING"
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then echo "$MNT still mounted; left $WORK" >&2; else rm -rf --one-file-system -- "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cat >"$WORK/report.py" <<'PYEOF'
import json, statistics, sys

def load(path):
    text = open(path).read()
    return json.loads(text[text.index('{'):])

def vol(path):
    d = load(path)
    if d['status']['state'] != 'complete':
        sys.exit('volumeter run ended %s: %s' % (d['status']['state'], d['status'].get('message')))
    out = {}
    for s in d['series']:
        cols = {c['name']: c['values'] for c in s['columns']}
        if 'ops' in cols:
            out[s['name']] = (sum(cols['ios']) / sum(cols['seconds']), sum(cols['bytes']) / sum(cols['seconds']))
        else:
            out[s['name']] = (0.0, sum(cols['bytes']) / sum(cols['seconds']))
    return out

def fio(path, rw):
    job = load(path)['jobs'][0]
    if job.get('error'):
        sys.exit('fio job failed: error %s' % job['error'])
    return job[rw]['iops'], job[rw]['bw_bytes'], job[rw]['io_bytes']

if __name__ == '__main__':
    cmd = sys.argv[1]
    if cmd == 'vol':
        d = vol(sys.argv[2])
        print('%r %r %r %r' % (d['write'][0], d['write'][1], d['read'][0], d['read'][1]))
    elif cmd == 'fio':
        print('%r %r %d' % fio(sys.argv[2], sys.argv[3]))
    elif cmd == 'table':
        rows = {}
        for line in open(sys.argv[2]):
            run, metric, tool, value = line.split('\t')
            rows.setdefault(metric, {}).setdefault(tool, {})[run] = float(value)
        verdicts = []
        lines = [('metric', 'Volumeter', 'fio', 'ratio V/fio*', 'per-run ratios', '')]
        for metric, tools in rows.items():
            v, f = tools.get('volumeter', {}), tools.get('fio', {})
            runs = sorted(set(v) & set(f), key=int)
            if not runs:
                continue
            ratios = [v[r] / f[r] for r in runs]
            ratio = statistics.median(ratios)
            ok = 0.95 <= ratio <= 1.05
            verdicts.append(ok)
            scale = 1e6 if 'MB/s' in metric else 1
            lines.append((metric, '%.1f' % (statistics.median(v.values()) / scale),
                          '%.1f' % (statistics.median(f.values()) / scale), '%.3f' % ratio,
                          ' '.join('%.3f' % x for x in ratios), 'PASS' if ok else 'MISS'))
        w = [max(len(l[i]) for l in lines) for i in range(6)]
        for n, l in enumerate(lines):
            print('| ' + ' | '.join(x.ljust(w[i]) if i in (0, 4) else x.rjust(w[i]) for i, x in enumerate(l)) + ' |')
            if n == 0:
                print('|-' + '-|-'.join('-' * x for x in w) + '-|')
        print('\n*median over the runs of that run\'s Volumeter/fio (the two ran back to back); target 0.95 … 1.05')
        sys.exit(0 if all(verdicts) else 1)
PYEOF
REPORT=(python3 "$WORK/report.py")
VCLI="$WORK/volumeter-cli"
cp -- "$CLI" "$VCLI"

echo "# vs-fio-transfer-random — Volumeter \"Transfer size\" and \"Random I/O\" vs fio"
echo "command:  $ORIG_CMD"
echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:  nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "kernel:   $(uname -r); fio: $(fio --version); volumeter: $("$VCLI" --version)"

BACKING=$(mktemp "$BACKING_DIR/vs-fio-tr.XXXXXX.img")
if ((DISK)); then
  dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) oflag=direct conv=fsync status=none
  LOOP=$(losetup -f --show --direct-io=on "$BACKING")
  KIND="disk-backed loop ($BACKING_DIR, --direct-io=on)"
else
  # written, not fallocated: first-touch of guest RAM is slow on this VM
  dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) status=none
  LOOP=$(losetup -f --show "$BACKING")
  KIND="RAM-backed loop ($BACKING_DIR)"
fi
mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$LOOP"
mkdir -p "$MNT"
mount "$LOOP" "$MNT"
echo "volume:   $KIND, $SIZE ext4 on $LOOP"
echo "transfer: sizes $SIZES, region $REGION, 1 iteration per run; random: 32K x $IOS over $FILE; $RUNS runs"
echo

RESULTS="$WORK/results.tsv"
: >"$RESULTS"
rec () { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$RESULTS"; }

v_transfer () {   # run size
  local out="$WORK/vt.json" w
  sync
  "$VCLI" run transfer --target "$MNT" --from "$2" --to "$2" --region "$REGION" --iterations 1 --quiet -o "$out"
  read -r _ wb _ rb < <("${REPORT[@]}" vol "$out")
  rec "$1" "transfer $2 write MB/s" volumeter "$wb"
  rec "$1" "transfer $2 read MB/s" volumeter "$rb"
  printf '  volumeter transfer %-4s write %8.1f  read %8.1f MB/s\n' "$2" "$(echo "$wb / 1000000" | bc -l)" "$(echo "$rb / 1000000" | bc -l)"
}
f_transfer () {   # run size
  local a=(--name=t --filename="$MNT/fio.dat" --bs="$2" --size="$REGION_B" --direct=1 --output-format=json)
  sync
  fio "${a[@]}" --rw=write --end_fsync=1 --overwrite=1 >"$WORK/fw.json"
  fio "${a[@]}" --rw=read >"$WORK/fr.json"
  rm -f "$MNT/fio.dat"
  read -r _ wb wio < <("${REPORT[@]}" fio "$WORK/fw.json" write)
  read -r _ rb rio < <("${REPORT[@]}" fio "$WORK/fr.json" read)
  ((wio == REGION_B && rio == REGION_B)) || { echo "fio moved $wio/$rio bytes, expected $REGION_B" >&2; exit 1; }
  rec "$1" "transfer $2 write MB/s" fio "$wb"
  rec "$1" "transfer $2 read MB/s" fio "$rb"
  printf '  fio       transfer %-4s write %8.1f  read %8.1f MB/s\n' "$2" "$(echo "$wb / 1000000" | bc -l)" "$(echo "$rb / 1000000" | bc -l)"
}
v_random () {
  local out="$WORK/vr.json"
  sync
  "$VCLI" run random --target "$MNT" --chunk 32K --ios "$IOS" --iterations 1 --file-size "$FILE" --quiet -o "$out"
  read -r wi _ ri _ < <("${REPORT[@]}" vol "$out")
  rec "$1" "random 32K write IOPS" volumeter "$wi"
  rec "$1" "random 32K read IOPS" volumeter "$ri"
  printf '  volumeter random write %8.0f  read %8.0f IOPS\n' "$wi" "$ri"
}
f_random () {
  local a=(--name=r --filename="$MNT/fio.dat" --bs=32k --number_ios="$IOS" --size="$FILE_B" --direct=1
           --norandommap --randrepeat=0 --output-format=json)
  sync
  fio "${a[@]}" --rw=randwrite --end_fsync=1 --overwrite=1 >"$WORK/frw.json"
  fio "${a[@]}" --rw=randread >"$WORK/frr.json"
  rm -f "$MNT/fio.dat"
  read -r wi _ wio < <("${REPORT[@]}" fio "$WORK/frw.json" write)
  read -r ri _ rio < <("${REPORT[@]}" fio "$WORK/frr.json" read)
  ((wio == IOS * 32768 && rio == IOS * 32768)) || { echo "fio moved $wio/$rio bytes, expected $((IOS * 32768))" >&2; exit 1; }
  rec "$1" "random 32K write IOPS" fio "$wi"
  rec "$1" "random 32K read IOPS" fio "$ri"
  printf '  fio       random write %8.0f  read %8.0f IOPS\n' "$wi" "$ri"
}

for ((r = 1; r <= RUNS; r++)); do
  echo "run $r/$RUNS: $( ((r % 2)) && echo Volumeter || echo fio) first"
  if [[ $ONLY != random ]]; then
    for s in $SIZES; do
      if ((r % 2)); then v_transfer "$r" "$s"; f_transfer "$r" "$s"; else f_transfer "$r" "$s"; v_transfer "$r" "$s"; fi
    done
  fi
  if [[ $ONLY != transfer ]]; then
    if ((r % 2)); then v_random "$r"; f_random "$r"; else f_random "$r"; v_random "$r"; fi
  fi
done
echo
"${REPORT[@]}" table "$RESULTS"
