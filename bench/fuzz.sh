#!/bin/sh
# bench/fuzz.sh — build the libFuzzer harnesses of tests/fuzz and run each
#
#   bench/fuzz.sh [MINUTES] [HARNESS...]     (default: 15 minutes, result fio)
#
# Builds _build-fuzz with clang, AddressSanitizer, UndefinedBehaviorSanitizer
# and libFuzzer (Debian 12: packages clang-14 and libclang-rt-14-dev), then
# runs each harness for MINUTES in turn, starting from tests/fuzz/corpus/NAME
# (the seeds; never written to) and a working corpus in
# _build-fuzz/fuzz-work/NAME (kept between runs). Crashes, timeouts and
# memory blow-ups are written to _build-fuzz/fuzz-work/NAME-findings/;
# copy each one into tests/fuzz/regressions/NAME/ with a name that says
# what it was, fix the cause, and `meson test fuzz-replay-NAME` replays it
# in every CI run. The last lines of each run (executions, coverage) are
# printed at the end; docs/reliability.md has the figures of past runs.
#
# Environment: JOBS (parallel fuzzing processes per harness, default 1),
# FUZZ_ARGS (more libFuzzer options).
#
#   bench/fuzz.sh --smoke [BUILD]            (the bench suite, a few seconds)
#
# --smoke checks what the script stands on without the minutes of a
# sanitizer build: that clang links and runs a libFuzzer program (a trivial
# one, in a temporary folder), then, in BUILD (default _build), each
# harness: run by libFuzzer for 3 s from its seeds (a temporary corpus and
# findings folder) when BUILD was set up with -Dfuzzing=true, else the
# harness's fuzz-replay program over its seeds and regressions. Exit 1 when
# any of it fails, 77 (skipped) when clang is missing.
set -eu

if [ "${1:-}" = --smoke ]; then
  src=$(cd "$(dirname "$0")/.." && pwd)
  build=${2:-$src/_build}
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-smoke.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  if ! command -v clang >/dev/null; then
    echo "fuzz.sh: NOT RUN — clang is missing (apt-get install clang-14 libclang-rt-14-dev)" >&2
    exit 77
  fi
  printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput (const uint8_t *d, size_t n) { (void) d; (void) n; return 0; }\n' >"$tmp/t.c"
  clang -fsanitize=fuzzer,address,undefined -o "$tmp/t" "$tmp/t.c" \
    || { echo "fuzz.sh: clang cannot link a libFuzzer program (libclang-rt-14-dev?)" >&2; exit 1; }
  "$tmp/t" -runs=100 >"$tmp/t.log" 2>&1 || { cat "$tmp/t.log" >&2; echo "fuzz.sh: the libFuzzer program failed" >&2; exit 1; }
  echo "clang: links and runs a libFuzzer program"
  for h in result fio; do
    if [ -x "$build/tests/fuzz/fuzz-$h" ]; then
      mkdir -p "$tmp/$h" "$tmp/$h-findings"
      "$build/tests/fuzz/fuzz-$h" "$tmp/$h" "$src/tests/fuzz/corpus/$h" -max_total_time=3 -timeout=10 \
        -max_len=65536 -dict="$src/tests/fuzz/json.dict" -artifact_prefix="$tmp/$h-findings/" \
        -print_final_stats=1 >"$tmp/$h.log" 2>&1 || { tail -n 20 "$tmp/$h.log" >&2; exit 1; }
      echo "fuzz-$h: $(grep -m1 'stat::number_of_executed_units' "$tmp/$h.log" || echo ran) in 3 s"
    elif [ -x "$build/tests/fuzz/fuzz-replay-$h" ]; then
      "$build/tests/fuzz/fuzz-replay-$h" "$src/tests/fuzz/corpus/$h" "$src/tests/fuzz/regressions/$h" >"$tmp/$h.log" 2>&1 \
        || { tail -n 20 "$tmp/$h.log" >&2; exit 1; }
      echo "fuzz-replay-$h: $(grep -c '^ok' "$tmp/$h.log") inputs replayed ($build has no -Dfuzzing)"
    else
      echo "fuzz.sh: no fuzz-$h nor fuzz-replay-$h in $build/tests/fuzz" >&2; exit 1
    fi
  done
  exit 0
fi

minutes=${1:-15}
[ $# -gt 0 ] && shift
harnesses=${*:-result fio}
src=$(cd "$(dirname "$0")/.." && pwd)
build="$src/_build-fuzz"
jobs=${JOBS:-1}

if ! command -v clang >/dev/null; then
  echo "fuzz.sh: clang is missing (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 1
fi

if [ ! -d "$build" ]; then
  CC=clang meson setup "$build" "$src" -Dui=false -Dfuzzing=true -Db_lundef=false \
    -Db_sanitize=address,undefined -Dc_args=-fsanitize=fuzzer-no-link -Dbuildtype=debugoptimized
fi
meson compile -C "$build" $(for h in $harnesses; do printf 'tests/fuzz/fuzz-%s ' "$h"; done)

# Any UBSan report is a finding, as in CI.
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1
export G_DEBUG=gc-friendly LC_ALL=C.UTF-8

for h in $harnesses; do
  work="$build/fuzz-work/$h"
  findings="$build/fuzz-work/$h-findings"
  mkdir -p "$work" "$findings"
  log="$build/fuzz-work/$h.log"
  echo "== fuzz-$h: $minutes min, log $log"
  # -fork keeps going after a finding, so one run reports all of them.
  # shellcheck disable=SC2086
  "$build/tests/fuzz/fuzz-$h" "$work" "$src/tests/fuzz/corpus/$h" \
    -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$src/tests/fuzz/json.dict" -artifact_prefix="$findings/" -print_final_stats=1 ${FUZZ_ARGS:-} \
    >"$log" 2>&1 || true
  tail -n 5 "$log"
  echo "findings: $(find "$findings" -type f | wc -l) in $findings"
done
