#!/usr/bin/env bash
# vs-postmark-hdparm.sh — Volumeter's "smallfiles" and "cached" against PostMark and hdparm -tT
#
# Makes one ext4 loop volume (RAM-backed in /dev/shm by default, disk-backed
# with --disk), then, R times, alternating which tool goes first:
#
#   volumeter-cli run smallfiles   vs  postmark with the same configuration
#   volumeter-cli run cached       vs  hdparm -T, hdparm -t --direct (and plain -t)
#                                       on the loop device
#
# Prints the medians side by side with the ratio Volumeter/reference and
# PASS/MISS against the targets (within ±10 %):
#   transactions/s and files created/s   vs postmark
#   cached MB/s and device MB/s          vs hdparm -T and hdparm -t --direct
#
# postmark reports whole seconds, so its runs must last many seconds for its
# rates to mean anything: --transactions sets the length. hdparm prints
# "MB" meaning MiB (2^20); it is converted to MB (10^6) here.
#
# Needs root (losetup, mkfs, mount, hdparm on the loop device). Cleans up
# only what it made. Exit: 0 all targets met, 1 a target missed or a run
# failed, 2 bad usage or setup failure. --smoke (the bench suite, a few
# seconds): 1 run, a 512M volume, 200 files, 500 transactions; figures
# printed, not judged (exit 1 only when a run fails; 77 without root).

set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_CMD=$(printf '%q ' "$0" "$@")

SIZE=8G
RUNS=3
DISK=0
PIN=auto
FILES=5000
TRANSACTIONS=100000
MIN_SIZE=500
MAX_SIZE=500000
SUBDIRS=10
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
BACKING_DIR=
SMOKE=0

usage () {
  cat <<EOF
Usage: $0 [OPTION…]     (as root)

  --size SIZE          loop volume size (default $SIZE)
  --runs R             pairs of runs per comparison, order alternating (default $RUNS)
  --disk               back the loop with a file on disk, losetup --direct-io=on
  --pin / --no-pin     both tools on CPUs 1…N-1, the kernel's unbound workers on CPU 0
                       (bench/pin.sh; default: on for the RAM-backed loop, off with --disk)
  --files N            postmark "set number" / --files (default $FILES)
  --transactions N     postmark "set transactions" / --transactions (default $TRANSACTIONS)
  --min-size B --max-size B   file sizes in bytes (default $MIN_SIZE $MAX_SIZE)
  --subdirs N          subdirectories (default $SUBDIRS)
  --backing-dir DIR    where the backing file goes (default /dev/shm, or /var/tmp with --disk)
  --cli PATH           volumeter-cli to test (copied first)
  --smoke              a few seconds (the bench suite): --runs 1 --size 512M --files 200
                       --transactions 500 --max-size 50000; no targets judged
  -h, --help
EOF
}

die () { echo "vs-postmark-hdparm: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --size) SIZE=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --disk) DISK=1; shift ;;
    --pin) PIN=1; shift ;;
    --no-pin) PIN=0; shift ;;
    --files) FILES=$2; shift 2 ;;
    --transactions) TRANSACTIONS=$2; shift 2 ;;
    --min-size) MIN_SIZE=$2; shift 2 ;;
    --max-size) MAX_SIZE=$2; shift 2 ;;
    --subdirs) SUBDIRS=$2; shift 2 ;;
    --backing-dir) BACKING_DIR=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    --smoke) SMOKE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done
((SMOKE)) && { RUNS=1 SIZE=512M FILES=200 TRANSACTIONS=500 MAX_SIZE=50000; }

((EUID == 0)) || { echo "vs-postmark-hdparm: NOT RUN — needs root (losetup, mkfs.ext4, mount, hdparm)." >&2; ((SMOKE)) && exit 77; exit 2; }
for tool in postmark hdparm losetup mkfs.ext4 mount umount mountpoint python3 numfmt; do
  command -v "$tool" >/dev/null || die "needs $tool (apt-get install postmark hdparm)"
done
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (give --cli)"
SIZE_B=$(numfmt --from=iec "$SIZE") || die "--size: cannot read '$SIZE'"
[[ -n $BACKING_DIR ]] || { ((DISK)) && BACKING_DIR=/var/tmp || BACKING_DIR=/dev/shm; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vs-postmark-hdparm.XXXXXX")
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
  pin_restore
  [[ -n ${THP_WAS:-} ]] && echo "$THP_WAS" >/sys/kernel/mm/transparent_hugepage/enabled
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then echo "$MNT still mounted; left $WORK" >&2
  else rm -rf --one-file-system -- "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
[[ $PIN == auto ]] && PIN=$((DISK ? 0 : 1))
if ((PIN)); then pin_setup || die "--pin: see above"; fi
trap 'exit 130' INT
trap 'exit 143' TERM

VCLI="$WORK/volumeter-cli"
cp -- "$CLI" "$VCLI"

BACKING=$(mktemp "$BACKING_DIR/vs-postmark-hdparm.XXXXXX.img")
# written, not sparse: the first touch of fresh RAM (or disk blocks) would
# otherwise be measured by whichever tool goes first
dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / 4194304)) status=none $( ((DISK)) && echo oflag=direct conv=fsync)
if ((DISK)); then
  LOOP=$(losetup -f --show --direct-io=on "$BACKING"); KIND="disk-backed loop ($BACKING_DIR, --direct-io=on)"
else
  LOOP=$(losetup -f --show "$BACKING"); KIND="RAM-backed loop ($BACKING_DIR)"
fi
mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$LOOP"
mkdir -p "$MNT"
mount "$LOOP" "$MNT"

echo "# vs-postmark-hdparm — Volumeter smallfiles/cached vs postmark / hdparm -tT"
echo "command:  $ORIG_CMD"
echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:  nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), kernel $(uname -r)"
echo "volume:   $KIND, $SIZE ext4 on $LOOP"
echo "pinned:   $( ((PIN)) && echo "tools on CPUs 1-$(($(nproc) - 1)), unbound kernel workers on CPU 0" || echo no)"
echo "tools:    $(postmark </dev/null 2>/dev/null | head -1), $(hdparm -V 2>&1 | head -1), $("$VCLI" --version)"
echo "smallfiles: $FILES files of $MIN_SIZE…$MAX_SIZE bytes, $TRANSACTIONS transactions, 4096-byte I/O, $SUBDIRS subdirectories, biases 5/5"
echo

RESULTS="$WORK/results.tsv"
: >"$RESULTS"

run_volumeter_small () {
  local out="$WORK/vs-$1.json"
  sync; echo 3 >/proc/sys/vm/drop_caches
  "${TASKSET[@]}" "$VCLI" run smallfiles --target "$MNT" --files "$FILES" --transactions "$TRANSACTIONS" \
    --min-size "$MIN_SIZE" --max-size "$MAX_SIZE" --block 4096 --subdirs "$SUBDIRS" -q -o "$out"
  python3 - "$out" "$1" >>"$RESULTS" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d['status']['state'] == 'complete', d['status']
f = {x['name']: x['value'] for x in d['figures']}
tt = f['transaction-time']; tot = f['total-time']
print('\t'.join(map(str, [sys.argv[2], 'volumeter', 'small', f['transactions-per-s'], f['created-per-s'],
      f['created-alone-per-s'], tot, tt])))
EOF
}

run_postmark () {
  mkdir -p "$MNT/pm"
  sync; echo 3 >/proc/sys/vm/drop_caches
  printf 'set location %s\nset number %s\nset size %s %s\nset read 4096\nset write 4096\nset transactions %s\nset subdirectories %s\nset report terse\nrun %s\nquit\n' \
    "$MNT/pm" "$FILES" "$MIN_SIZE" "$MAX_SIZE" "$TRANSACTIONS" "$SUBDIRS" "$WORK/pm-$1.txt" >"$WORK/pm.cfg"
  "${TASKSET[@]}" postmark "$WORK/pm.cfg" >/dev/null
  rm -rf -- "$MNT/pm"
  # terse: elapsed t_elapsed tx/s created/s created-alone/s created-mixed/s read/s appended/s
  #        created/s deleted-alone/s deleted-mixed/s read-B/s written-B/s
  awk -v r="$1" '{ printf "%s\tpostmark\tsmall\t%s\t%s\t%s\t%s\t%s\n", r, $3, $4, $5, $1, $2 }' "$WORK/pm-$1.txt" >>"$RESULTS"
}

run_volumeter_cached () {
  local out="$WORK/vc-$1.json"
  "${TASKSET[@]}" "$VCLI" run cached --target "$MNT" --source device -q -o "$out"
  python3 - "$out" "$1" "$LOOP" >>"$RESULTS" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d['status']['state'] == 'complete', d['status']
assert d['test']['resolved']['source'] == 'device ' + sys.argv[3], d['test']['resolved']
f = {x['name']: x['value'] for x in d['figures']}
print('\t'.join(map(str, [sys.argv[2], 'volumeter', 'cached', f['cached-throughput'], f['device-throughput'], 0, 0, 0])))
EOF
}

# hdparm's buffer gets huge pages only with THP "always" (it does not ask
# for them): without, its 2 MiB direct reads leave as scattered 4 KiB pages,
# in twice the requests Volumeter's huge-page buffer needs (8.8 against
# 13–14 GB/s for hdparm alone on the RAM-backed loop; docs/performance.md)
THP=/sys/kernel/mm/transparent_hugepage/enabled
THP_WAS=
run_hdparm () {
  local t d b
  if [[ -w $THP ]]; then
    THP_WAS=$(sed 's/.*\[\(.*\)\].*/\1/' "$THP")
    echo always >"$THP"
  fi
  t=$("${TASKSET[@]}" hdparm -T "$LOOP" | awk '/cached reads/ { print $(NF-1) }')
  d=$("${TASKSET[@]}" hdparm -t --direct "$LOOP" | awk '/disk reads/ { print $(NF-1) }')
  b=$("${TASKSET[@]}" hdparm -t "$LOOP" | awk '/disk reads/ { print $(NF-1) }')
  if [[ -n $THP_WAS ]]; then echo "$THP_WAS" >"$THP"; THP_WAS=; fi
  # hdparm's MB are MiB
  python3 -c "import sys; m=1048576; print('\t'.join(map(str, ['$1', 'hdparm', 'cached', $t*m, $d*m, $b*m, 0, 0])))" >>"$RESULTS"
}

for ((r = 1; r <= RUNS; r++)); do
  echo "run $r/$RUNS"
  if ((r % 2)); then run_volumeter_small "$r"; run_postmark "$r"; run_volumeter_cached "$r"; run_hdparm "$r"
  else run_postmark "$r"; run_volumeter_small "$r"; run_hdparm "$r"; run_volumeter_cached "$r"; fi
  tail -n 4 "$RESULTS" | sed 's/^/  /'
done

echo
TABLE_RC=0
python3 - "$RESULTS" <<'EOF' || TABLE_RC=$?
import statistics, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
def col(tool, kind, i):
    return [float(r[3 + i]) for r in rows if r[1] == tool and r[2] == kind]
def pair(tool, kind, i):
    return {r[0]: float(r[3 + i]) for r in rows if r[1] == tool and r[2] == kind}
lines, ok = [], True
def row(name, ours, theirs, i, unit_scale=1.0, target=True):
    global ok
    v, t = col('volumeter', ours[1], i), col(theirs[0], ours[1], theirs[1])
    pv, pt = pair('volumeter', ours[1], i), pair(theirs[0], ours[1], theirs[1])
    ratios = [pv[k] / pt[k] for k in pv if k in pt and pt[k]]
    ratio = statistics.median(ratios)
    verdict = ''
    if target:
        verdict = 'PASS' if 0.9 <= ratio <= 1.1 else 'MISS'
        ok = ok and verdict == 'PASS'
    lines.append((name, '%.1f' % (statistics.median(v) / unit_scale), '%.1f' % (statistics.median(t) / unit_scale),
                  '%.3f' % ratio, '0.90–1.10' if target else '', verdict,
                  ' '.join('%.3f' % x for x in ratios)))
row('transactions/s (postmark)', ('volumeter', 'small'), ('postmark', 0), 0)
row('files created/s, whole run (postmark)', ('volumeter', 'small'), ('postmark', 1), 1)
row('files created/s, alone (postmark)', ('volumeter', 'small'), ('postmark', 2), 2, target=False)
row('total seconds (postmark: whole s)', ('volumeter', 'small'), ('postmark', 3), 3, target=False)
row('transaction seconds (postmark: whole s)', ('volumeter', 'small'), ('postmark', 4), 4, target=False)
row('cached MB/s (hdparm -T)', ('volumeter', 'cached'), ('hdparm', 0), 0, 1e6)
row('device MB/s (hdparm -t --direct)', ('volumeter', 'cached'), ('hdparm', 1), 1, 1e6)
row('device MB/s vs buffered hdparm -t', ('volumeter', 'cached'), ('hdparm', 2), 1, 1e6, target=False)
head = ('metric', 'Volumeter', 'reference', 'ratio V/ref*', 'target', '', 'per-run ratios')
w = [max(len(x[i]) for x in lines + [head]) for i in range(7)]
fmt = '| ' + ' | '.join('%%-%ds' % x for x in w) + ' |'
print(fmt % head)
print('|' + '|'.join('-' * (x + 2) for x in w) + '|')
for l in lines:
    print(fmt % l)
print('\n*median over runs of that run\'s Volumeter/reference (the two ran back to back).')
sys.exit(0 if ok else 1)
EOF
if ((SMOKE)); then echo "smoke: figures not judged"; exit 0; fi
exit "$TABLE_RC"
