#!/usr/bin/env bash
# test-cli.sh VOLUMETER_CLI — the command line's exit codes and messages
#
# TAP. Bad usage and bad input: exit 2 and one line on stderr that names the
# problem. Needs root for the read-only and loop-volume cases (CI is root).
# Ctrl-C, a vanishing target and a killed run are staged at a chosen I/O
# call through the test seam (tests/lib/pause.sh), never after a sleep.
set -u
cli=$(readlink -f "$1")
. "$(dirname "$(readlink -f "$0")")/../lib/pause.sh"
n=0
failed=0

if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root for loop volumes and the read-only mount; CI runs it as root"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-cli-test.XXXXXX")
chmod 755 "$work"
loop="" ro_loop="" big_loop=""
# the images in VOLUMETER_TEST_IMAGE_DIR if set (/dev/shm: RAM-backed), as in with-volume.sh
images=$work
[ -n "${VOLUMETER_TEST_IMAGE_DIR:-}" ] && images=$(mktemp -d "$VOLUMETER_TEST_IMAGE_DIR/volumeter-cli-test.XXXXXX")
cleanup() {
  for m in "$work/vol" "$work/ro" "$work/big"; do mountpoint -q "$m" && umount "$m"; done
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  [ -n "$big_loop" ] && losetup -d "$big_loop" 2>/dev/null
  [ -n "$ro_loop" ] && losetup -d "$ro_loop" 2>/dev/null
  [ "$images" != "$work" ] && rm -rf "$images"
  rm -rf "$work"
}
trap cleanup EXIT

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }

# expect CODE PATTERN DESCRIPTION -- ARGS…: exit code and a stderr line matching PATTERN
expect() {
  local code=$1 pattern=$2 desc=$3
  shift 4
  local out err rc
  out=$("$cli" "$@" 2>"$work/stderr") ; rc=$?
  err=$(cat "$work/stderr")
  if [ "$rc" -ne "$code" ]; then
    not_ok "$desc" "exit $rc, expected $code" "stderr: $err"
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" <<<"$err"; then
    not_ok "$desc" "stderr does not match /$pattern/: $err"
  elif [ "$code" -eq 2 ] && [ "$(wc -l <<<"$err")" -ne 1 ]; then
    not_ok "$desc" "expected one line on stderr, got: $err"
  else
    ok "$desc"
  fi
}

# A small ext4 volume to run on, and a read-only one.
truncate -s 192M "$images/vol.img" "$images/ro.img"
loop=$(losetup -f --show "$images/vol.img")
ro_loop=$(losetup -f --show "$images/ro.img")
# Inode tables and journal written now, not by ext4's lazy-init thread
# during the runs: its writes would land in a run's device counters.
mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "$loop" && mkfs.ext4 -q -F -m 0 "$ro_loop"
mkdir "$work/vol" "$work/ro"
mount "$loop" "$work/vol"
mount -o ro "$ro_loop" "$work/ro"
touch "$work/a-file"
mkdir -m 755 "$work/locked"

vol="$work/vol"
out="$work/out.volumeter.json"

expect 0 "" "--version" -- --version
"$cli" --version | grep -qE '^volumeter-cli [0-9]+\.[0-9]+' && ok "--version prints the version" || not_ok "--version prints the version"
"$cli" --help | grep -q "run TEST" && ok "--help shows usage" || not_ok "--help shows usage"
help=$("$cli" run fill --help)
for opt in --files --chunk --reserve --max-bytes --pattern --label --output --quiet; do
  grep -q -- "$opt" <<<"$help" && ok "run fill --help lists $opt" || not_ok "run fill --help lists $opt"
done
grep -q "default: 1000" <<<"$help" && grep -q "default: 32M" <<<"$help" && grep -q "default: 2%" <<<"$help" \
  && ok "run fill --help gives the defaults" || not_ok "run fill --help gives the defaults" "$help"
grep -qi "binary" <<<"$help" && ok "run fill --help explains binary sizes" || not_ok "run fill --help explains binary sizes"
# Every option row of every test's help has its description at one column,
# counted in characters (a value name such as "N,N,…" has more bytes than
# characters), or, when the option is too long, on the next line there.
kinds=$("$cli" --help | sed -n '/^Tests:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
for kind in $kinds; do
  bad=$("$cli" run "$kind" --help | python3 -c '
import re, sys
col = None
lines = sys.stdin.buffer.read().decode("utf-8").splitlines()
for i, line in enumerate(lines):
    if not line.startswith("  -"):
        continue
    # the option and its value name, two or more spaces, the description
    m = re.match(r"  \S+(?: \S+)*( {2,})\S", line)
    if m:
        start = m.end(1)
    else:                                # too long: the description is on the next line
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        start = len(nxt) - len(nxt.lstrip(" "))
    col = start if col is None else col
    if start != col:
        print("%r: description at character %d, not %d" % (line, start, col))
if col is None:
    print("no option rows")
')
  [ -z "$bad" ] && [ -n "$kind" ] && ok "run $kind --help: every description starts at one column" \
    || not_ok "run $kind --help: every description starts at one column" "$bad"
done
[ "$(wc -w <<<"$kinds")" -ge 9 ] && ok "--help lists the tests ($(tr '\n' ' ' <<<"$kinds"))" \
  || not_ok "--help lists the tests" "$kinds"

expect 2 "unknown command" "unknown command" -- frobnicate
expect 2 "no test called" "unknown test" -- run nosuch --target "$vol"
expect 2 "chunk: .fast. is not a size" "bad size" -- run fill --target "$vol" --chunk fast
expect 2 "chunk: 1K is out of range" "size out of range" -- run fill --target "$vol" --chunk 1K
expect 2 "chunk: 6000 is not a multiple of 4 KiB" "unaligned chunk" -- run fill --target "$vol" --chunk 6000
expect 2 "files: .ten. is not a whole number" "bad count" -- run fill --target "$vol" --files ten
expect 2 "reserve: 95% is out of range" "bad percentage" -- run fill --target "$vol" --reserve 95%
expect 2 "pattern: .ones. is not one of" "bad pattern" -- run fill --target "$vol" --pattern ones
expect 2 "--files needs a value" "missing value" -- run fill --target "$vol" --files
expect 2 "no such option" "unknown option" -- run fill --target "$vol" --speed 3
expect 2 "--target: name the folder" "no target" -- run fill
expect 2 "does not exist|No such file" "missing target" -- run fill --target "$work/missing" -o "$out"
expect 2 "is not a folder" "file instead of folder" -- run fill --target "$work/a-file" -o "$out"
expect 2 "read-only" "read-only mount" -- run fill --target "$work/ro" -o "$out"
# root may write anywhere: run the unwritable case as nobody
if command -v setpriv >/dev/null; then
  # A clone in root's home (0700, as on a CI machine) is out of nobody's
  # reach: nobody runs a copy of the CLI from $work instead.
  nobody_cli=$cli
  if ! setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$cli"; then
    cp "$cli" "$work/volumeter-cli-nobody"
    nobody_cli=$work/volumeter-cli-nobody
  fi
  err=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$nobody_cli" run fill --target "$work/locked" -o /dev/null/x 2>&1 >/dev/null); rc=$?
  err2=$(cd /tmp && setpriv --reuid=65534 --regid=65534 --clear-groups "$nobody_cli" run fill --target "$work/locked" --files 2 --max-bytes 4M -o "/tmp/volumeter-nobody-$$.json" 2>&1 >/dev/null); rc2=$?
  rm -f "/tmp/volumeter-nobody-$$.json"
  if [ "$rc2" -eq 2 ] && grep -q "permission denied" <<<"$err2"; then ok "unwritable folder (as nobody)"; else not_ok "unwritable folder (as nobody)" "exit $rc2: $err2"; fi
  if [ "$rc" -eq 2 ] && grep -q "output" <<<"$err"; then ok "unwritable output"; else not_ok "unwritable output" "exit $rc: $err"; fi
fi
expect 2 "less than 1 MiB" "does not fit" -- run fill --target "$vol" --files 100000 -o "$out"
[ -e "$out" ] && not_ok "no result for a run that never started" || ok "no result for a run that never started"

# A real run: result saved, summary printed, nothing left behind.
summary=$("$cli" run fill --target "$vol" --files 8 --chunk 1M --reserve 16M --max-bytes 64M -o "$out" --label "cli test" 2>"$work/progress"); rc=$?
if [ $rc -eq 0 ] && [ -s "$out" ]; then ok "a fill run completes and saves"; else not_ok "a fill run completes and saves" "exit $rc" "$(cat "$work/progress")"; fi
for word in "Write" "Read" "MB/s" "direct" "random" "cli test"; do
  grep -q "$word" <<<"$summary" && ok "summary shows $word" || not_ok "summary shows $word" "$summary"
done
grep -qE "^(write|read) [0-9]+/8 " "$work/progress" && ok "progress lines when not a terminal" || not_ok "progress lines when not a terminal" "$(cat "$work/progress")"
ls -a "$vol" | grep -q '^\.volumeter-' && not_ok "no scratch folder left" || ok "no scratch folder left"
"$cli" show "$out" | grep -q "Fill volume — complete" && ok "show reads the result" || not_ok "show reads the result"
# The loop device's own counters, per timed phase, beside the test's: both
# the write and the read pass of the fill, agreeing (vol-io-counters.c).
counters=$("$cli" show "$out" | sed -n '/^  Device counters of loop/,/^$/p')
n_agree=$(grep -cE "^    (write|read) .*; agree$" <<<"$counters")
[ "$n_agree" -eq 2 ] && ok "show lists the device's counters of both passes, agreeing" || not_ok "show lists the device's counters of both passes, agreeing" "$counters"

quiet=$("$cli" run fill --target "$vol" --files 2 --chunk 1M --reserve 16M --max-bytes 4M -o "$work/q.json" --quiet 2>&1); rc=$?
[ $rc -eq 0 ] && [ -z "$quiet" ] && ok "--quiet prints nothing" || not_ok "--quiet prints nothing" "exit $rc: $quiet"

# A result is never written over another (vol-result-save.c): -o of an
# existing file is refused before the run, naming it, and the file left
# byte for byte; --force replaces it; five runs started at once in one
# folder without -o leave five files (the default name is made to the
# second, so they share it and the counter tells them apart).
cp "$out" "$work/before.json"
expect 2 "out.volumeter.json already exists.*--force" "-o of an existing file is refused" -- \
  run fill --target "$vol" --files 2 --chunk 1M --reserve 16M --max-bytes 4M -o "$out" -q
cmp -s "$out" "$work/before.json" && ok "the refused -o file is left byte for byte" || not_ok "the refused -o file is left byte for byte"
"$cli" run fill --target "$vol" --files 2 --chunk 1M --reserve 16M --max-bytes 4M -o "$out" --force -q; rc=$?
[ $rc -eq 0 ] && ! cmp -s "$out" "$work/before.json" && "$cli" show "$out" >/dev/null \
  && ok "--force replaces it with the new result" || not_ok "--force replaces it with the new result" "exit $rc"
cp "$work/before.json" "$out"
mkdir "$work/five"
pids=()
for i in 1 2 3 4 5; do
  (cd "$work/five" && exec "$cli" run random --target "$vol" --file-size 8M --ios 32 --iterations 1 -q) &
  pids+=($!)
done
five_rc=0
for p in "${pids[@]}"; do wait "$p" || five_rc=$?; done
n_five=$(find "$work/five" -name 'volumeter-random-*.volumeter.json' | wc -l)
[ $five_rc -eq 0 ] && [ "$n_five" -eq 5 ] && ok "five runs at once leave five results" \
  || not_ok "five runs at once leave five results" "last failing exit $five_rc, $n_five files: $(ls "$work/five")"

# show: a malformed file is named, the good one still shown.
echo '{"format": "volumeter-result", "version": 1, "created": ' > "$work/bad.volumeter.json"
both=$("$cli" show "$work/bad.volumeter.json" "$out" 2>"$work/stderr"); rc=$?
if [ $rc -eq 2 ] && grep -q "bad.volumeter.json" "$work/stderr" && grep -q "complete" <<<"$both"; then
  ok "show names a malformed file and shows the rest"
else
  not_ok "show names a malformed file and shows the rest" "exit $rc: $(cat "$work/stderr")"
fi
expect 2 "name at least one" "show without files" -- show

# Ctrl-C, a vanished target and a killed run, each at a known point of the
# run: the seam (tests/lib/pause.sh) holds the worker before its Nth call, so
# what happens does not depend on how fast the volume is. Every write is
# one 1 MiB chunk, so the bytes written count the writes made.
figure() { python3 -c 'import json,sys; print(int(next(f["value"] for f in json.load(open(sys.argv[1]))["figures"] if f["name"] == sys.argv[2])))' "$1" "$2" 2>/dev/null; }
scratch_count() { ls -a "$vol" | grep -c '^\.volumeter-'; }
pause_init "$work/pause"

# Ctrl-C while held before the second write: exit 130, a cancelled result
# with exactly the two writes it was let make, no files left.
env $(pause_env pwrite:2) "$cli" run fill --target "$vol" --files 40 --chunk 1M --reserve 16M -o "$work/cancel.json" --quiet &
pid=$!
if where=$(pause_wait $pid); then
  ok "the run pauses where asked ($where)"
  [ "$(scratch_count)" -eq 1 ] && ok "a paused run has its scratch folder" || not_ok "a paused run has its scratch folder" "$(ls -a "$vol")"
  start=$(date +%s%N)
  kill -INT $pid
  wait $pid; rc=$?
  echo "# Ctrl-C to exit: $(( ($(date +%s%N) - start) / 1000000 )) ms"
  [ $rc -eq 130 ] && ok "Ctrl-C exits 130" || not_ok "Ctrl-C exits 130" "exit $rc"
  # the paused write goes ahead, then the check before the next one stops
  bytes=$(figure "$work/cancel.json" bytes-written)
  [ "$bytes" = $((2 << 20)) ] && ok "Ctrl-C lands within one transfer (2 MiB written)" \
    || not_ok "Ctrl-C lands within one transfer" "bytes-written: '$bytes', expected $((2 << 20))"
  [ "$(scratch_count)" -eq 0 ] && ok "Ctrl-C leaves no scratch" || not_ok "Ctrl-C leaves no scratch" "$(ls -a "$vol")"
  "$cli" show "$work/cancel.json" | grep -q "cancelled" && ok "Ctrl-C saves a cancelled result" || not_ok "Ctrl-C saves a cancelled result"
else
  kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
  not_ok "the run pauses where asked" "it ended without pausing"
fi

# The seam cannot be set off by accident: without its FIFOs it is ignored.
err=$(VOLUMETER_TEST_PAUSE=pwrite:1 VOLUMETER_TEST_PAUSE_DIR="$work/missing" \
      "$cli" run fill --target "$vol" --files 2 --chunk 1M --reserve 16M --max-bytes 4M -o "$work/q2.json" --quiet 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q "VOLUMETER_TEST_PAUSE is for tests and is ignored" <<<"$err" \
  && ok "the test seam without its FIFOs is ignored, with a warning" || not_ok "the test seam without its FIFOs is ignored, with a warning" "exit $rc: $err"

# export: charts and CSV from saved results
png_size() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]))' "$1"; }
expect 2 "name an output" "export without an output" -- export "$out"
expect 2 "name at least one result" "export without a result" -- export --png "$work/x.png"
expect 2 "missing.json" "export of a missing file" -- export "$work/missing.json" --png "$work/x.png"
expect 2 "not valid JSON|truncated|Expected" "export of a malformed file" -- export "$work/bad.volumeter.json" --png "$work/x.png"
expect 2 "--scale" "export with a bad scale" -- export "$out" --png "$work/x.png" --scale 100
"$cli" export "$out" --png "$work/one.png" --svg "$work/one.svg" --pdf "$work/one.pdf" --csv "$work/one.csv"; rc=$?
[ $rc -eq 0 ] && ok "export writes PNG, SVG, PDF and CSV" || not_ok "export writes PNG, SVG, PDF and CSV" "exit $rc"
[ "$(png_size "$work/one.png")" = "2400x1400" ] && ok "PNG is 2400x1400 by default" || not_ok "PNG is 2400x1400 by default" "$(png_size "$work/one.png")"
xmllint --noout "$work/one.svg" && grep -q "<title>cli test: throughput across the volume</title>" "$work/one.svg" \
  && ok "SVG is XML with the chart's title" || not_ok "SVG is XML with the chart's title"
head -1 "$work/one.pdf" | grep -q "^%PDF" && ok "PDF is a PDF" || not_ok "PDF is a PDF"
[ "$(grep -c '^Write,' "$work/one.csv")" -eq 8 ] && [ "$(grep -c '^Read,' "$work/one.csv")" -eq 8 ] \
  && head -1 "$work/one.csv" | grep -q "MB/s" && ok "CSV has every plotted point and its unit" || not_ok "CSV has every plotted point and its unit" "$(head -3 "$work/one.csv")"
"$cli" export "$out" --png "$work/small.png" --width 600 --height 400 --scale 1 --dark && [ "$(png_size "$work/small.png")" = "600x400" ] \
  && ok "export --width --height --scale --dark" || not_ok "export --width --height --scale --dark"
"$cli" export "$out" "$work/q.json" --png "$work/two.png" --csv "$work/two.csv" && grep -q "write" "$work/two.csv" \
  && ok "export of two results draws the comparison" || not_ok "export of two results draws the comparison"
"$cli" export "$out" "$work/q.json" --bars --csv "$work/bars.csv" && grep -q "Write mean" "$work/bars.csv" \
  && ok "export --bars compares the means" || not_ok "export --bars compares the means" "$(cat "$work/bars.csv")"
"$cli" run fill --target "$vol" --files 2 --chunk 1M --reserve 16M --max-bytes 4M -o "$work/p.json" --png "$work/p.png" --quiet \
  && [ "$(png_size "$work/p.png")" = "2400x1400" ] && ok "run --png writes the chart" || not_ok "run --png writes the chart"
expect 2 "output" "run --png into a missing folder" -- run fill --target "$vol" --files 2 --max-bytes 4M -o "$work/p2.json" --png "$work/nope/p.png"

# The target vanishes mid-run: held before creating the third file, the
# folder is deleted; creating a file in a deleted folder fails (ENOENT).
# Exit 1, a failed result naming the error.
env $(pause_env openat:3) "$cli" run fill --target "$vol" --files 40 --chunk 1M --reserve 16M -o "$work/failed.json" --quiet 2>"$work/stderr" &
pid=$!
if where=$(pause_wait $pid); then
  rm -rf "$vol"/.volumeter-*
  pause_release
  wait $pid; rc=$?
  [ $rc -eq 1 ] && ok "a failed run exits 1" || not_ok "a failed run exits 1" "exit $rc: $(cat "$work/stderr")"
  grep -q "Creating fill-000002.dat in .*: No such file or directory" "$work/stderr" && ok "a failed run names the error" \
    || not_ok "a failed run names the error" "$(cat "$work/stderr")"
  "$cli" show "$work/failed.json" | grep -q "Fill volume — failed" && ok "a failed run saves a failed result" || not_ok "a failed run saves a failed result"
else
  kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
  not_ok "a failed run exits 1" "the run ended without pausing ($where): $(cat "$work/stderr")"
fi

# cleanup: a killed run's folder goes, a live one and a stranger's stay.
env $(pause_env pwrite:2) "$cli" run fill --target "$vol" --files 40 --chunk 1M --reserve 16M -o "$work/killed.json" --quiet &
pid=$!
if where=$(pause_wait $pid); then
  msg=$("$cli" cleanup "$vol"); rc=$?
  [ $rc -eq 0 ] && [ "$(scratch_count)" -eq 1 ] && ok "cleanup leaves a live run's folder" || not_ok "cleanup leaves a live run's folder" "exit $rc: $msg"
  kill -KILL $pid; wait $pid 2>/dev/null
else
  kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
  not_ok "cleanup leaves a live run's folder" "the run ended without pausing"
fi
[ -e "$work/killed.json" ] && not_ok "a killed run saves nothing" || ok "a killed run saves nothing"

mkdir "$vol/.volumeter-NOTOUR"
left=$(scratch_count)
[ "$left" -eq 2 ] && ok "a killed run leaves its folder (set-up)" || not_ok "a killed run leaves its folder (set-up)" "$left"
msg=$("$cli" cleanup "$vol"); rc=$?
[ $rc -eq 0 ] && grep -q "Removed" <<<"$msg" && ok "cleanup removes it" || not_ok "cleanup removes it" "exit $rc: $msg"
[ -d "$vol/.volumeter-NOTOUR" ] && ok "cleanup leaves a folder without our marker" || not_ok "cleanup leaves a folder without our marker"
[ "$(scratch_count)" -eq 1 ] && ok "only the stranger is left" || not_ok "only the stranger is left"
# A run in a PID namespace of its own with its own /proc (as every Flatpak
# run is), held at a chosen write: its marker names pid 1 and that
# process's start time there; on the host pid 1 is init, started at
# another time, so the marker alone would call the run dead. cleanup on
# the host must see the run's lock and leave its folder. Then the run,
# released, finishes and removes it.
env $(pause_env pwrite:2) unshare --pid --fork --kill-child --mount-proc \
  "$cli" run fill --target "$vol" --files 4 --chunk 1M --reserve 16M --max-bytes 8M -o "$work/ns.json" --quiet &
pid=$!
if where=$(pause_wait $pid); then
  ns_marker=$(grep -l '^pid=1$' "$vol"/.volumeter-*/.volumeter-scratch 2>/dev/null | head -1)
  ns_folder=${ns_marker%/*}
  msg=$("$cli" cleanup "$vol"); rc=$?
  if [ -n "$ns_folder" ] && [ $rc -eq 0 ] && [ -e "$ns_folder" ] && grep -qF "Left $ns_folder: its run is still going" <<<"$msg"; then
    ok "cleanup on the host leaves the folder of a run in another PID namespace (its marker says pid=1)"
  else
    not_ok "cleanup on the host leaves the folder of a run in another PID namespace" "marker: ${ns_marker:-none with pid=1}" "exit $rc: $msg"
  fi
  pause_release
  wait $pid; rc=$?
  [ $rc -eq 0 ] && [ -s "$work/ns.json" ] && [ -n "$ns_marker" ] && [ ! -e "$ns_folder" ] \
    && ok "released, that run finishes, saves its result and removes its folder" \
    || not_ok "released, that run finishes, saves its result and removes its folder" "exit $rc" "$(ls -a "$vol")"
else
  kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
  not_ok "cleanup on the host leaves the folder of a run in another PID namespace" "the run ended without pausing ($where)"
fi
expect 2 "" "cleanup of a missing folder" -- cleanup "$work/missing"

# A set amount that leaves a volume nearly full: a quick benchmark asked
# for 2 GiB on a 1 GiB volume fits its file to the free space less 64 MiB,
# which is under 10 % of the volume (64 MiB is 10 % of 640 MiB: the volume
# must be larger than that). Refused without --yes (exit 2, one line
# naming the amount and what remains, nothing written); runs with it.
truncate -s 1G "$images/big.img"
big_loop=$(losetup -f --show "$images/big.img")
mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "$big_loop"
mkdir "$work/big"
mount "$big_loop" "$work/big"
expect 2 "$work/big would be nearly full: the test keeps up to [0-9.]+ MiB there while it runs, leaving 64 MiB of its [0-9.]+ (MiB|GiB) free \([0-9] %\).*Pass --yes" \
  "quick leaving under 10 % free is refused without --yes, naming the amount and what remains" \
  -- run quick --target "$work/big" --size 2G --loops 1 --seconds 0.2 -o "$work/nearly.json"
[ ! -e "$work/nearly.json" ] && [ -z "$(ls -A "$work/big" | grep -v '^lost+found$')" ] \
  && ok "the refused run wrote nothing" || not_ok "the refused run wrote nothing" "$(ls -A "$work/big")"
out=$("$cli" run quick --target "$work/big" --size 2G --loops 1 --seconds 0.2 --yes -q -o "$work/nearly.json" 2>&1); rc=$?
[ $rc -eq 0 ] && [ -s "$work/nearly.json" ] && ok "with --yes it runs" || not_ok "with --yes it runs" "exit $rc: $out"
expect 0 "" "a smaller quick on that volume needs no --yes" \
  -- run quick --target "$work/big" --size 64M --loops 1 --seconds 0.2 -q -o "$work/roomy.json"
umount "$work/big"
losetup -d "$big_loop"
big_loop=""
rm -f "$images/big.img"

echo "1..$n"
[ $failed -eq 0 ]
