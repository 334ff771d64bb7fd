#!/usr/bin/env bash
# kill-torture.sh [-n SIGNALS] [-s SEED] [VOLUMETER_CLI] — signals at random moments
#
# Starts every test kind (fill, transfer, random, queue, threads,
# smallfiles, cached) with small parameters on a fresh loop-mounted ext4
# volume, and sends SIGINT, SIGTERM or SIGKILL at a random moment of the
# run: SIGNALS in all (default 140), the kinds in turn, the signal and the
# moment drawn from the seed (default: the time; printed, so a run can be
# repeated). Each kind is first run twice without a signal to learn how
# long it takes when warm; the moment is drawn from 0 to that, so a few
# signals land before the run starts and a few after it ended.
#
# What must hold, and is counted:
#   SIGINT/SIGTERM  exit 130/143 (0 when the run had ended), nothing left in
#                   the target, and the -o result complete and loadable
#                   (`volumeter-cli show`), "cancelled" (or "complete")
#   SIGKILL         `volumeter-cli cleanup` exits 0 and leaves the target
#                   empty; the -o path holds nothing or a complete file
#   SIGINT/SIGTERM  no temporary file beside the -o path (after SIGKILL one
#                   inside the result save is possible: counted, not failed)
# Prints one line per signal and a summary table; exits 1 if anything did
# not hold. Needs root (loop device); detaches only its own device.
# --smoke (first argument; the bench suite, a few seconds): 7 signals, one
# per kind; the rules above are still checked (exit 1), 77 without root.
set -u

signals=140
seed=$(date +%s)
smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; signals=7; shift; fi
while getopts "n:s:" opt; do
  case $opt in
    n) signals=$OPTARG ;;
    s) seed=$OPTARG ;;
    *) echo "usage: $0 [--smoke] [-n SIGNALS] [-s SEED] [VOLUMETER_CLI]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
cli=$(readlink -f "${1:-$here/_build/src/cli/volumeter-cli}")
[ -x "$cli" ] || { echo "no volumeter-cli at $cli; build first or name it" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "needs root for the loop volume" >&2; [ "$smoke" = 1 ] && exit 77; exit 2; }
RANDOM=$seed

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-torture.XXXXXX")
vol="$work/vol" out="$work/out"
mkdir "$vol" "$out"
loop=""
cleanup() {
  mountpoint -q "$vol" && umount "$vol"
  [ -n "$loop" ] && losetup -d "$loop"
  rm -rf "$work"
}
trap cleanup EXIT
truncate -s 512M "$work/volume.img"
loop=$(losetup -f --show "$work/volume.img")
mkfs.ext4 -q -F -m 0 "$loop"
mount "$loop" "$vol"
rmdir "$vol/lost+found"

declare -A params=(
  [fill]="--files 16 --chunk 1M --reserve 0 --max-bytes 96M"
  [transfer]="--from 256K --to 4M --region 32M --iterations 2"
  [random]="--chunk 4K --ios 2048 --iterations 3 --file-size 64M"
  [queue]="--span 64M --depths 1,4 --seconds 1 --mode mix"
  [threads]="--threads 1,4 --bytes-per-thread 16M --seconds 1 --mode rndrw"
  [smallfiles]="--files 400 --max-size 64K --transactions 2000 --subdirs 4"
  [cached]="--cached-seconds 0.5 --device-seconds 0.5 --source file"
)
kinds=(fill transfer random queue threads smallfiles cached)

now_ms() { date +%s%3N; }

# Calibration: two undisturbed runs per kind; the second (warm) one counts.
declare -A took
for k in "${kinds[@]}"; do
  for _ in 1 2; do
    t0=$(now_ms)
    # shellcheck disable=SC2086
    "$cli" run "$k" --target "$vol" ${params[$k]} -o "$out/calibrate.json" --quiet >/dev/null 2>"$work/stderr" \
      || { echo "calibration of $k failed: $(cat "$work/stderr")" >&2; exit 1; }
    took[$k]=$(( $(now_ms) - t0 ))
    rm -f "$out/calibrate.json"
  done
done

declare -A sent failures finished_first no_handler cleaned_dirs leftover_runs temp_left
for s in INT TERM KILL; do sent[$s]=0; failures[$s]=0; finished_first[$s]=0; no_handler[$s]=0; done
cleaned_dirs=0 leftover_runs=0 temp_total=0 temp_after_kill=0 cleanup_failed=0 partial_outputs=0

echo "# kill-torture: $signals signals, seed $seed, $cli"
echo "# calibration (ms): $(for k in "${kinds[@]}"; do printf '%s=%s ' "$k" "${took[$k]}"; done)"

fail() { failures[$sig]=$((failures[$sig] + 1)); echo "FAIL $i $k SIG$sig at ${delay}ms: $*"; }

for ((i = 1; i <= signals; i++)); do
  k=${kinds[$(( (i - 1) % ${#kinds[@]} ))]}
  case $((RANDOM % 3)) in 0) sig=INT ;; 1) sig=TERM ;; 2) sig=KILL ;; esac
  max=$(( took[$k] + 1 ))
  delay=$(( (RANDOM * 32768 + RANDOM) % max ))
  o="$out/r$i.json"
  sent[$sig]=$((sent[$sig] + 1))

  # shellcheck disable=SC2086
  "$cli" run "$k" --target "$vol" ${params[$k]} -o "$o" --quiet >/dev/null 2>"$work/stderr" &
  pid=$!
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -s "$sig" "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null
  rc=$?

  temps=$(find "$out" -mindepth 1 ! -name "r$i.json" | wc -l)
  if [ "$temps" -gt 0 ]; then
    # SIGKILL inside the result save (the model's named temporary file)
    # can leave one; SIGINT and SIGTERM never may.
    if [ "$sig" = KILL ]; then
      temp_after_kill=$((temp_after_kill + temps))
      echo "NOTE $i $k SIGKILL at ${delay}ms: $temps temporary file(s) beside -o"
    else
      temp_total=$((temp_total + temps))
      fail "$temps temporary file(s) beside -o: $(ls -A "$out" | grep -v "^r$i.json$" | tr '\n' ' ')"
    fi
    find "$out" -mindepth 1 ! -name "r$i.json" -delete
  fi

  if [ "$sig" = KILL ]; then
    if [ -n "$(ls -A "$vol")" ]; then
      leftover_runs=$((leftover_runs + 1))
      cleaned=$("$cli" cleanup "$vol" 2>&1); crc=$?
      cleaned_dirs=$((cleaned_dirs + $(grep -c "^Removed" <<<"$cleaned")))
      if [ "$crc" -ne 0 ] || [ -n "$(ls -A "$vol")" ]; then
        cleanup_failed=$((cleanup_failed + 1))
        fail "cleanup exit $crc, left: $(ls -A "$vol" | tr '\n' ' ') — $cleaned"
        rm -rf "${vol:?}"/.volumeter-* "${vol:?}"/*
      fi
    fi
    if [ -e "$o" ] && ! "$cli" show "$o" >/dev/null 2>&1; then
      partial_outputs=$((partial_outputs + 1))
      fail "-o holds a file that does not load"
    elif [ -e "$o" ]; then
      finished_first[$sig]=$((finished_first[$sig] + 1))
    fi
  else
    want=$([ "$sig" = INT ] && echo 130 || echo 143)
    if [ -n "$(ls -A "$vol")" ]; then
      fail "exit $rc, left in the target: $(ls -A "$vol" | tr '\n' ' ')"
      "$cli" cleanup "$vol" >/dev/null 2>&1
      rm -rf "${vol:?}"/.volumeter-* "${vol:?}"/*
    elif [ "$rc" -eq 0 ] && "$cli" show "$o" >/dev/null 2>&1; then
      finished_first[$sig]=$((finished_first[$sig] + 1))
    elif [ "$rc" -eq "$want" ] && [ ! -e "$o" ] && [ ! -s "$work/stderr" ]; then
      # killed by the default action before main() installed the handler
      no_handler[$sig]=$((no_handler[$sig] + 1))
    elif [ "$rc" -ne "$want" ]; then
      fail "exit $rc, expected $want: $(head -c 300 "$work/stderr")"
    elif ! shown=$("$cli" show "$o" 2>&1); then
      fail "the result does not load: $shown"
    elif ! grep -qi "cancelled" <<<"$shown"; then
      fail "the result is not marked cancelled"
    fi
  fi
  echo "$i $k SIG$sig at ${delay}ms of ~${took[$k]}ms: exit $rc"
  rm -f "$o"
done

total_fail=0
echo
echo "| signal | sent | ended before the signal | died before main() | failures |"
echo "|---|---|---|---|---|"
for s in INT TERM KILL; do
  echo "| SIG$s | ${sent[$s]} | ${finished_first[$s]} | ${no_handler[$s]} | ${failures[$s]} |"
  total_fail=$((total_fail + failures[$s]))
done
echo
echo "SIGKILL runs that left files in the target: $leftover_runs; scratch folders cleanup removed: $cleaned_dirs; cleanups that failed: $cleanup_failed"
echo "-o files that did not load: $partial_outputs; temporary files beside -o: $temp_total after SIGINT/SIGTERM, $temp_after_kill after SIGKILL"
echo "seed $seed; repeat with: $0 -n $signals -s $seed $cli"
[ "$total_fail" -eq 0 ]
