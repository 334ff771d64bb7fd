#!/usr/bin/env bash
# test-fio-job.sh VOLUMETER_CLI — the fio jobs of `volumeter-cli fio-job` run in fio
#
# TAP, inside tests/lib/with-volume.sh (a loop-mounted ext4 at $VOL_TEST_DIR).
# For each test fio can do, a small Volumeter run, then the job made from
# its result: fio --parse-only takes it, a real fio run finishes without
# an error, moves what the test moved where the test is bounded by bytes
# (transfer, random, fill) and runs every point where it is bounded by
# time (queue, threads), and leaves the folder as empty as the test does.
# The job made from the test's options (no run) parses too. smallfiles and
# cached, which fio cannot do, exit 2 with one line that says why.
set -u
cli=$(readlink -f "$1")
n=0
failed=0

if ! command -v fio >/dev/null 2>&1; then
  echo "1..0 # SKIP fio is not installed (Debian package fio)"
  exit 0
fi
if [ -z "${VOL_TEST_DIR:-}" ]; then
  echo "1..0 # SKIP run under tests/lib/with-volume.sh (VOL_TEST_DIR unset)"
  exit 0
fi

# the jobs' buffers are huge pages, as the test's (tests/cli/hugepages.sh)
. "$(dirname "$0")/hugepages.sh"
if ! hugepages_reserve 64; then   # not in $(…): it keeps the old size to restore
  printf '1..1\nnot ok 1 - huge pages reserved for fio\n'
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-fio-job.XXXXXX")
trap 'rm -rf "$work"; hugepages_restore' EXIT
vol=$VOL_TEST_DIR

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }

# jobs.py FIO.json → "name read_bytes write_bytes error" per job
cat >"$work/jobs.py" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
for job in json.loads(text[text.index('{'):])['jobs']:
    print(job['jobname'], job['read']['io_bytes'], job['write']['io_bytes'], job['error'])
EOF

# case NAME EXPECT -- run ARGS…   EXPECT: "name read write" lines fio must match
# exactly ("name - -" for a time-bounded point: any bytes, not none)
check() {
  local name=$1 expect=$2
  shift 3
  local result="$work/$name.volumeter.json" job="$work/$name.fio" out="$work/$name.json"
  if ! "$cli" run "$@" --target "$vol" -q -o "$result" >"$work/run.log" 2>&1; then
    not_ok "$name: the Volumeter run" "$(cat "$work/run.log")"
    return
  fi
  if ! "$cli" fio-job "$result" >"$job" 2>"$work/err"; then
    not_ok "$name: fio-job from the result" "$(cat "$work/err")"
    return
  fi
  if fio --parse-only "$job" >/dev/null 2>"$work/err"; then
    ok "$name: fio --parse-only takes the job"
  else
    not_ok "$name: fio --parse-only takes the job" "$(cat "$work/err")"
  fi
  if ! fio --output-format=json --output="$out" "$job" >/dev/null 2>"$work/err"; then
    not_ok "$name: fio runs the job" "$(cat "$work/err")" "$(cat "$job")"
    return
  fi
  local got
  got=$(python3 "$work/jobs.py" "$out")
  local bad=""
  while read -r jname r w; do
    local line
    line=$(grep -E "^$jname " <<<"$got") || { bad="$bad; no fio job $jname"; continue; }
    read -r _ gr gw gerr <<<"$line"
    [ "$gerr" = 0 ] || bad="$bad; $jname error $gerr"
    if [ "$r" = - ]; then
      [ $((gr + gw)) -gt 0 ] || bad="$bad; $jname moved nothing"
    elif [ "$gr" != "$r" ] || [ "$gw" != "$w" ]; then
      bad="$bad; $jname moved read $gr write $gw, expected $r $w"
    fi
  done <<<"$expect"
  if [ -z "$bad" ] && [ "$(wc -l <<<"$got")" -eq "$(wc -l <<<"$expect")" ]; then
    ok "$name: fio does the test's points and bytes"
  else
    not_ok "$name: fio does the test's points and bytes" "${bad:-jobs: $got}"
  fi
  if [ -z "$(ls -A "$vol" | grep -v '^lost+found$')" ]; then
    ok "$name: fio leaves the folder empty, as the test does"
  else
    not_ok "$name: fio leaves the folder empty, as the test does" "$(ls -A "$vol")"
  fi
}

M=1048576
check transfer "write-1048576-0 0 $((8 * M))
read-1048576-0 $((8 * M)) 0
write-1048576-1 0 $((8 * M))
read-1048576-1 $((8 * M)) 0
write-2097152-0 0 $((8 * M))
read-2097152-0 $((8 * M)) 0
write-2097152-1 0 $((8 * M))
read-2097152-1 $((8 * M)) 0" \
  -- transfer --from 1M --to 2M --region 8M --iterations 2
check random "write-50-1 0 $((50 * 4096))
read-50-1 $((50 * 4096)) 0
write-3000-1 0 $((3000 * 4096))
read-3000-1 $((3000 * 4096)) 0" \
  -- random --chunk 4K --file-size 8M --iterations 1 --count-sweep 50,3000
check queue "qd1 - -
qd8 - -" \
  -- queue --span 16M --depths 1,8 --seconds 1 --block 4K
check queue-write-offset512 "qd4 - -" \
  -- queue --span 16M --depths 4 --seconds 1 --block 4K --mode write --alignment offset512
check threads "threads-1 - -
threads-2 - -" \
  -- threads --threads 1,2 --bytes-per-thread 8M --block 1M --seconds 1 --mode seqwr
check threads-rndrd "threads-2 - -" \
  -- threads --threads 2 --bytes-per-thread 8M --block 4K --seconds 1 --mode rndrd
check fill "write 0 $((16 * M))
read $((16 * M)) 0" \
  -- fill --files 4 --max-bytes 16M --chunk 1M

# fill writes fresh files: the device sees each byte written once, not a
# layout first and the timed writes over it
if [ -n "${VOL_TEST_DEVICE:-}" ] && [ -f "$work/fill.fio" ]; then
  stat=/sys/block/$(basename "$VOL_TEST_DEVICE")/stat
  sync
  before=$(awk '{ printf "%.0f", $7 * 512 }' "$stat")
  fio --output=/dev/null "$work/fill.fio" 2>"$work/err"
  sync
  after=$(awk '{ printf "%.0f", $7 * 512 }' "$stat")
  written=$((after - before))
  if [ "$written" -ge $((16 * M)) ] && [ "$written" -lt $((20 * M)) ]; then
    ok "fill: the device sees the 16 MiB written once ($written bytes)"
  else
    not_ok "fill: the device sees the 16 MiB written once" "the device wrote $written bytes" "$(cat "$work/err")"
  fi
fi

# the job made from a test's options, before any run
if "$cli" fio-job queue --depths 1,32 --span 64M --target "$vol" >"$work/asked.fio" 2>"$work/err" \
   && grep -q '^Sizes as asked\|^; Sizes as asked' "$work/asked.fio" \
   && fio --parse-only "$work/asked.fio" >/dev/null 2>>"$work/err"; then
  ok "fio-job TEST --target: a job fio parses, that says its sizes are as asked"
else
  not_ok "fio-job TEST --target: a job fio parses, that says its sizes are as asked" "$(cat "$work/err")"
fi

# what fio cannot do: exit 2, one line naming the test and the reason
for kind in smallfiles cached; do
  "$cli" fio-job "$kind" --target "$vol" >"$work/out" 2>"$work/err"
  rc=$?
  if [ "$rc" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q "$kind: " "$work/err" \
     && [ ! -s "$work/out" ]; then
    ok "fio-job $kind: exit 2 and the reason"
  else
    not_ok "fio-job $kind: exit 2 and the reason" "exit $rc" "$(cat "$work/err")"
  fi
done
"$cli" fio-job "$work/no-such.volumeter.json" >/dev/null 2>"$work/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "no-such.volumeter.json" "$work/err"; then
  ok "fio-job on a missing result: exit 2 naming the file"
else
  not_ok "fio-job on a missing result: exit 2 naming the file" "exit $rc" "$(cat "$work/err")"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
