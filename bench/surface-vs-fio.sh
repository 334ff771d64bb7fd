#!/usr/bin/env bash
# surface-vs-fio.sh — Read across the device against fio reading the same offsets
#
#   sudo bench/surface-vs-fio.sh [--disk] [--runs 5] [--size 2G] [--samples 200]
#                                [--sample-size 8M] [--cli PATH]
#
# Makes one loop device over a file of random bytes (RAM-backed in /dev/shm
# by default; with --disk an image in /var/tmp attached with losetup
# --direct-io=on), pins both tools as bench/pin.sh does, and runs, RUNS
# times in alternating order (Volumeter first in odd runs, fio first in
# even ones):
#
#   volumeter-cli run surface --device LOOP --samples N --sample-size S --access 0
#   fio --readonly JOB   (volumeter-cli fio-job of the first run's result: rw=read:SKIP,
#                bs=S, number_ios=N from offset 0, direct=1, the
#                latency log with offsets: the same N offsets, each read timed)
#
# Per run it matches the N reads by offset and takes the median over the
# positions of the ratio Volumeter/fio of MB/s (S / the read's time; fio's
# clat), and the ratio of the whole scan's wall time (process start to
# end). Across the runs: the median of each with its interquartile range,
# beside the loop device's own counters (/sys/block/loopN/stat: reads and
# sectors read, before and after each run), which show both read the same
# bytes — Volumeter's untimed one-grain read before each position adds N
# small reads (docs/tests/surface.md).
# Targets: per-position MB/s within ±5 % of fio's; wall time ≤ fio's.
#
# Needs root. Cleans up only what it made. Exit 0 targets met, 1 missed,
# 2 bad usage or no device. --smoke (the bench suite, a few seconds): 1 run,
# a 256M device, 16 samples of 1M; figures printed, not judged (exit 1 only
# when a run fails; 77 without root).
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SIZE=2G
RUNS=5
SAMPLES=200
SAMPLE_SIZE=8M
DISK=0
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
SMOKE=0

usage () {
  cat <<EOF
Usage: $0 [--disk] [--runs N] [--size SIZE] [--samples N] [--sample-size SIZE] [--cli PATH]   (as root)
  defaults: --runs $RUNS --size $SIZE --samples $SAMPLES --sample-size $SAMPLE_SIZE; RAM-backed loop
  --smoke: a few seconds (the bench suite): --runs 1 --size 256M --samples 16 --sample-size 1M,
           no target judged
EOF
}
die () { echo "surface-vs-fio: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --disk) DISK=1; shift ;;
    --runs) RUNS=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --samples) SAMPLES=$2; shift 2 ;;
    --sample-size) SAMPLE_SIZE=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    --smoke) SMOKE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done
((SMOKE)) && { RUNS=1 SIZE=256M SAMPLES=16 SAMPLE_SIZE=1M; }

if ((EUID != 0)); then
  echo "surface-vs-fio: NOT RUN — needs root (losetup)" >&2
  ((SMOKE)) && exit 77   # meson's "skipped"
  exit 2
fi
for tool in fio losetup python3 taskset; do
  command -v "$tool" >/dev/null || die "NOT RUN — $tool is missing"
done
[[ -x $CLI ]] || die "NOT RUN — no volumeter-cli at $CLI (build first)"

. "$SCRIPT_DIR/pin.sh"
# fio's buffers on huge pages, as Volumeter's (iomem=shmhuge in the job)
. "$SCRIPT_DIR/../tests/cli/hugepages.sh"
WORK=$(mktemp -d /tmp/surface-vs-fio.XXXXXX)
BACKING_DIR=/dev/shm
((DISK)) && BACKING_DIR=/var/tmp
BACKING=$(mktemp "$BACKING_DIR/surface-vs-fio.XXXXXX.img")
LOOP=
cleanup () {
  pin_restore
  hugepages_restore
  [[ -n $LOOP ]] && losetup -d "$LOOP"
  rm -f -- "$BACKING"
  rm -rf -- "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# random bytes: nothing for a compressing or deduplicating layer to skip
head -c "$(numfmt --from=iec "$SIZE")" /dev/urandom >"$BACKING"
if ((DISK)); then LOOP=$(losetup -f --show --direct-io=on "$BACKING"); else LOOP=$(losetup -f --show "$BACKING"); fi
DEV=$(basename "$LOOP")
pin_setup || die "cannot pin"
hugepages_reserve 16 || die "fio's job needs huge pages (tests/cli/hugepages.sh)"

echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:  nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "kernel:   $(uname -r); $(fio --version); $("$CLI" --version)"
echo "device:   $LOOP over $BACKING ($SIZE, $([[ $DISK == 1 ]] && echo 'disk, direct-io' || echo 'RAM'))"
echo "scan:     $SAMPLES positions × $SAMPLE_SIZE, pinned: ${TASKSET[*]}"
echo

stat_now () { awk '{ print $1, $3 }' "/sys/block/$DEV/stat"; }
now () { date +%s.%N; }

run_volumeter () {
  local i=$1 a b
  a=$(stat_now); local t0; t0=$(now)
  "${TASKSET[@]}" "$CLI" run surface --device "$LOOP" --samples "$SAMPLES" --sample-size "$SAMPLE_SIZE" \
    --access 0 --quiet -o "$WORK/v-$i.json"
  echo "$t0 $(now)" >"$WORK/v-$i.wall"
  b=$(stat_now); echo "$a $b" >"$WORK/v-$i.stat"
}

run_fio () {
  local i=$1 a b
  mkdir -p "$WORK/f-$i"
  a=$(stat_now); local t0; t0=$(now)
  (cd "$WORK/f-$i" && "${TASKSET[@]}" fio --readonly --output-format=json --output=out.json "$WORK/job.fio" >/dev/null)
  echo "$t0 $(now)" >"$WORK/f-$i.wall"
  b=$(stat_now); echo "$a $b" >"$WORK/f-$i.stat"
}

# the job, from a first (untimed) run's result: the same offsets by construction
"$CLI" run surface --device "$LOOP" --samples "$SAMPLES" --sample-size "$SAMPLE_SIZE" --access 0 --quiet \
  -o "$WORK/first.json"
"$CLI" fio-job "$WORK/first.json" >"$WORK/job.fio"

for ((i = 1; i <= RUNS; i++)); do
  if ((i % 2)); then run_volumeter "$i"; run_fio "$i"; else run_fio "$i"; run_volumeter "$i"; fi
  echo "  run $i done"
done

TABLE_RC=0
python3 - "$WORK" "$RUNS" <<'PY' || TABLE_RC=$?
import glob, json, os, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])

def quartiles(v):
    v = sorted(v)
    q = statistics.quantiles(v, n=4) if len(v) > 1 else [v[0]] * 3
    return q[1], q[0], q[2]

def wall(path):
    a, b = open(path).read().split()
    return float(b) - float(a)

def stat(path):
    r0, s0, r1, s1 = map(int, open(path).read().split())
    return r1 - r0, (s1 - s0) * 512

rate_ratios, wall_ratios, rows = [], [], []
for i in range(1, runs + 1):
    v = json.load(open(f"{work}/v-{i}.json"))
    cols = {c["name"]: c["values"] for c in next(s for s in v["series"] if s["name"] == "transfer")["columns"]}
    vmb = dict(zip((int(o) for o in cols["offset"]), cols["throughput"]))
    logs = glob.glob(f"{work}/f-{i}/surface-transfer_clat.*.log")
    fmb = {}
    for log in logs:   # one, or one per position when positions overlap
        for line in open(log):
            f = [x.strip() for x in line.split(",")]
            ns, bs, off = int(f[1]), int(f[3]), int(f[4])
            fmb[off] = bs / (ns / 1e9)
    common = sorted(set(vmb) & set(fmb))
    ratios = [vmb[o] / fmb[o] for o in common]
    med = statistics.median(ratios)
    wv, wf = wall(f"{work}/v-{i}.wall"), wall(f"{work}/f-{i}.wall")
    rate_ratios.append(med); wall_ratios.append(wv / wf)
    sv, sf = stat(f"{work}/v-{i}.stat"), stat(f"{work}/f-{i}.stat")
    rows.append((i, len(common), statistics.median(vmb.values()) / 1e6, statistics.median(fmb.values()) / 1e6,
                 med, wv, wf, sv, sf))
    print(f"  run {i}: {len(common)} positions matched; median MB/s Volumeter {rows[-1][2]:.0f}, fio {rows[-1][3]:.0f};"
          f" per-position ratio median {med:.3f}; wall {wv:.2f} s vs {wf:.2f} s;"
          f" device reads {sv[0]} ({sv[1] / 2**20:.0f} MiB) vs {sf[0]} ({sf[1] / 2**20:.0f} MiB)")

m, lo, hi = quartiles(rate_ratios)
wm, wlo, whi = quartiles(wall_ratios)
ok_rate = 0.95 <= m <= 1.05
ok_wall = wm <= 1.0
print()
print("| metric | ratio V/fio | IQR | runs | verdict |")
print("|---|---:|---|---:|---|")
print(f"| per-position MB/s (median over positions) | {m:.3f} | {lo:.3f}–{hi:.3f} | {runs} | {'PASS' if ok_rate else 'MISS'} (±5 %) |")
print(f"| whole scan, wall time | {wm:.3f} | {wlo:.3f}–{whi:.3f} | {runs} | {'PASS' if ok_wall else 'MISS'} (≤ 1) |")
sys.exit(0 if ok_rate and ok_wall else 1)
PY
if ((SMOKE)); then echo "smoke: figures not judged"; exit 0; fi
exit "$TABLE_RC"
