#!/bin/sh
# bench/loader-memory.sh — peak memory and time of the result loader and
# the fio importer on generated inputs of several sizes
#
#   bench/loader-memory.sh [CLI] [SIZES_MIB] [JOB_COUNTS]
#
# CLI defaults to _build/src/cli/volumeter-cli. For each size it writes a
# result with three columns of random doubles (about 20 bytes a value, as
# the writer prints them), one with every value "1.0" (5 bytes a value) and
# one with every value "0" (2 bytes, the worst case per byte), runs `volumeter-cli show` on it under
# /usr/bin/time and prints the file size, the peak RSS, their ratio and
# the time. Then the same for `import-fio` of fio output with JOB_COUNTS
# jobs, with 400 jobs sharing 5 000 global options, and 16 MiB of empty
# job objects (the importer must refuse them, exit 2). A run of the CLI
# on an empty result gives the floor (the libraries). docs/reliability.md
# has the figures.
#
#   bench/loader-memory.sh --smoke [CLI]   (the bench suite, a few seconds)
#
# --smoke: sizes of 1 MiB, 100 and 20 × 100 fio jobs; every command must
# succeed (exit 1 otherwise), the figures are printed, not judged.
set -eu

smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; fi
src=$(cd "$(dirname "$0")/.." && pwd)
cli=${1:-$src/_build/src/cli/volumeter-cli}
if [ "$smoke" = 1 ]; then
  sizes=1 job_counts=100 shared_jobs=20 shared_options=100 empty_mib=16
else
  sizes=${2:-10 50 200}
  job_counts=${3:-1000 4000 16000}
  shared_jobs=400 shared_options=5000 empty_mib=16
fi
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure () {   # label file command...
  label=$1 file=$2
  shift 2
  bytes=$(stat -c %s "$file")
  /usr/bin/time -f '%M %e %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/err" || failed=1
  read -r kb secs user sys < "$work/time"
  awk -v l="$label" -v b="$bytes" -v k="$kb" -v s="$secs" -v c="$(echo "$user $sys" | awk '{ print $1 + $2 }')" \
    -v e="$(head -c 80 "$work/err" | tr '\n' ' ')" \
    'BEGIN { printf "%-24s %9.1f MB %9.1f MB %6.1fx %8.2f s %8.2f s  %s\n", l, b / 1e6, k * 1024 / 1e6, k * 1024 / b, c, s, e }'
}

# CPU time (user + system) is the figure to compare: on a busy machine the
# elapsed time also counts the waits for a core.
printf '%-24s %12s %12s %7s %10s %10s\n' input file "peak RSS" ratio "CPU time" elapsed
measure "empty result (floor)" "$src/tests/data/compare/queue.volumeter.json" "$cli" show "$src/tests/data/compare/queue.volumeter.json"
for mib in $sizes; do
  python3 "$src/bench/gen-large-input.py" result "$mib" "$work/r.json"
  measure "result, $mib MiB" "$work/r.json" "$cli" show "$work/r.json"
  python3 "$src/bench/gen-large-input.py" short "$mib" "$work/s.json"
  measure "result 1.0s, $mib MiB" "$work/s.json" "$cli" show "$work/s.json"
  python3 "$src/bench/gen-large-input.py" tiny "$mib" "$work/t.json"
  measure "result 0s, $mib MiB" "$work/t.json" "$cli" show "$work/t.json"
  rm -f "$work/r.json" "$work/s.json" "$work/t.json"
done
for jobs in $job_counts; do
  python3 "$src/bench/gen-large-input.py" fio "$jobs" 0 "$work/f.json"
  measure "fio, $jobs jobs" "$work/f.json" "$cli" import-fio "$work/f.json" -o "$work/out.volumeter.json"
  rm -f "$work"/f.json "$work"/out*.json
done
python3 "$src/bench/gen-large-input.py" fio "$shared_jobs" "$shared_options" "$work/f.json"
measure "fio, $shared_jobs × $shared_options global" "$work/f.json" "$cli" import-fio "$work/f.json" -o "$work/out.volumeter.json"
# 16 MiB of "[{},{},…]" (5.6 million values): refused (exit 2) by the value
# cap before json-glib sees it, so the peak is the text and its copy
python3 "$src/bench/gen-large-input.py" fio-empty "$empty_mib" "$work/e.json"
measure "fio, $empty_mib MiB of {} (refused)" "$work/e.json" \
  sh -c '"$@"; [ $? -eq 2 ]' refused "$cli" import-fio "$work/e.json" -o "$work/out.volumeter.json"
rm -f "$work/e.json"
# a failed command is printed in its row; the smoke fails on it
if [ "$smoke" = 1 ] && [ "$failed" = 1 ]; then echo "smoke: a command failed" >&2; exit 1; fi
exit 0
