#!/usr/bin/env bash
# test-kill.sh VOLUMETER_CLI — signals, saves and targets of the command line
#
# TAP, run by with-volume.sh on a loop-mounted ext4 volume ($VOL_TEST_DIR).
# Nothing here waits for a moment: a signal "during the save" is raised by
# the CLI itself just before it saves (VOLUMETER_TEST_SIGNAL_AT_SAVE), an
# export "killed mid-write" is killed by the kernel at its first write past
# a file-size limit (SIGXFSZ), and a run "whose thread cannot start" gets an
# address-space limit. Needs root for the tmpfs mount (CI is root).
set -u
cli=$(readlink -f "$1")
vol=${VOL_TEST_DIR:?run me through tests/lib/with-volume.sh}
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-kill-test.XXXXXX")
tmpfs=""
cleanup() {
  [ -n "$tmpfs" ] && mountpoint -q "$tmpfs" && umount "$tmpfs"
  rm -rf "$work"
}
trap cleanup EXIT

small=(--files 2 --chunk 1M --reserve 0 --max-bytes 4M --quiet)

# only_files DIR NAME…: DIR holds exactly these names (no temporary files)
only_files() {
  local dir=$1
  shift
  [ "$(cd "$dir" && ls -A | sort | tr '\n' ' ')" = "$(for f in "$@"; do echo "$f"; done | sort | tr '\n' ' ')" ]
}

# 1-4. A signal during the save is held until the file is whole.
for sig in INT TERM; do
  out="$work/save-$sig"
  mkdir "$out"
  VOLUMETER_TEST_SIGNAL_AT_SAVE=$sig "$cli" run fill --target "$vol" "${small[@]}" -o "$out/r.json" 2>"$work/stderr"
  rc=$?
  if [ "$rc" -eq 0 ] && "$cli" show "$out/r.json" >/dev/null 2>&1 && only_files "$out" r.json; then
    ok "SIG$sig during the save: a complete result and no temporary file"
  else
    not_ok "SIG$sig during the save: a complete result and no temporary file" "exit $rc" "$(ls -A "$out")" "$(cat "$work/stderr")"
  fi
  if [ -z "$(ls -A "$vol" | grep '^\.volumeter-')" ]; then ok "SIG$sig during the save: nothing left in the target"
  else not_ok "SIG$sig during the save: nothing left in the target" "$(ls -A "$vol")"; fi
done

# 5-7. An export killed mid-write (SIGXFSZ at the first write past 1 KiB)
# leaves neither the output nor a temporary file.
result="$work/save-INT/r.json"
for kind in png svg; do
  out="$work/export-$kind"
  mkdir "$out"
  (ulimit -f 1; exec "$cli" export "$result" --"$kind" "$out/chart.$kind") 2>/dev/null
  rc=$?
  if [ "$rc" -gt 128 ] && only_files "$out"; then
    ok "export --$kind killed mid-write leaves nothing"
  else
    not_ok "export --$kind killed mid-write leaves nothing" "exit $rc" "$(ls -A "$out")"
  fi
done
"$cli" export "$result" --png "$work/export-png/chart.png" \
  && only_files "$work/export-png" chart.png \
  && ok "export --png without a limit: the file and nothing else" \
  || not_ok "export --png without a limit: the file and nothing else" "$(ls -A "$work/export-png")"

# 8-10. Filling the system volume or memory needs --yes, with the amount named;
# nothing is written without it. Each run is capped small, so that should
# the refusal ever regress, the test writes a few MiB, not the free space.
err=$("$cli" run fill --target / --max-bytes 8M -o "$work/root.json" 2>&1 >/dev/null); rc=$?
if [ "$rc" -eq 2 ] && grep -q -- "--yes" <<<"$err" && grep -q "up to 8 MiB" <<<"$err" \
   && grep -q "^volumeter-cli: / " <<<"$err" && [ ! -e "$work/root.json" ]; then
  ok "fill on / is refused without --yes, naming the amount"
else
  not_ok "fill on / is refused without --yes, naming the amount" "exit $rc: $err"
fi
if [ "$(findmnt -no FSTYPE -T /dev/shm 2>/dev/null | tail -n 1)" = tmpfs ]; then
  err=$("$cli" run fill --target /dev/shm --max-bytes 8M -o "$work/shm.json" 2>&1 >/dev/null); rc=$?
  if [ "$rc" -eq 2 ] && grep -q "in memory" <<<"$err" && grep -q -- "--yes" <<<"$err"; then ok "fill on /dev/shm is refused without --yes"
  else not_ok "fill on /dev/shm is refused without --yes" "exit $rc: $err"; fi
else
  skip "fill on /dev/shm is refused without --yes" "/dev/shm is not a tmpfs here"
fi
if [ "$(findmnt -no FSTYPE -T /dev 2>/dev/null | tail -n 1)" = devtmpfs ]; then
  err=$("$cli" run transfer --target /dev --from 1M --to 1M --region 2M --iterations 1 -o "$work/dev.json" 2>&1 >/dev/null); rc=$?
  if [ "$rc" -eq 2 ] && grep -q "devtmpfs" <<<"$err"; then ok "any test on devtmpfs /dev is refused without --yes"
  else not_ok "any test on devtmpfs /dev is refused without --yes" "exit $rc: $err"; fi
else
  skip "any test on devtmpfs /dev is refused without --yes" "/dev is not a devtmpfs here"
fi

# 11-12. tmpfs is memory: a warning, and the result does not say "direct".
tmpfs="$work/tmpfs"
mkdir "$tmpfs"
if mount -t tmpfs -o size=80m volumeter-test "$tmpfs" 2>/dev/null; then
  err=$("$cli" run transfer --target "$tmpfs" --from 1M --to 1M --region 2M --iterations 1 -o "$work/tmpfs.json" 2>&1 >/dev/null); rc=$?
  if [ "$rc" -eq 0 ] && grep -q "is in memory (tmpfs)" <<<"$err"; then ok "a run on tmpfs warns that it measures memory"
  else not_ok "a run on tmpfs warns that it measures memory" "exit $rc: $err"; fi
  shown=$("$cli" show "$work/tmpfs.json" 2>&1)
  if grep -qi "cache bypass *none" <<<"$shown" && ! grep -qi "cache bypass *direct" <<<"$shown"; then ok "a result on tmpfs says cache bypass none"
  else not_ok "a result on tmpfs says cache bypass none" "$shown"; fi
  umount "$tmpfs"
else
  skip "a run on tmpfs warns that it measures memory" "cannot mount a tmpfs"
  skip "a result on tmpfs says cache bypass none" "cannot mount a tmpfs"
fi

# 13. A run whose worker thread cannot start ends with an error instead of
# hanging. The address-space limit that leaves the CLI room to start but
# none for an 8 MiB thread stack depends on the build, so a few are tried;
# the timeout only catches the hang this guards against.
# AddressSanitizer reserves terabytes of shadow memory, so any such limit
# kills it at start; its runtime is linked in statically by clang, so the
# binary itself is searched, not ldd. (tests/engine/test-scratch.c covers the same
# failure through the runner's thread seam, sanitizer or not.)
if grep -qa '__asan_init' "$cli"; then
  skip "a run with no thread to run on fails at once" "address-space limits do not work under AddressSanitizer"
else
  seen="" hung=""
  for kb in 20000 30000 40000 60000; do
    err=$( (ulimit -v $kb; exec timeout 120 "$cli" run transfer --target "$vol" --from 1M --to 1M --region 2M \
            --iterations 1 -o "$work/thread.json" --quiet) 2>&1); rc=$?
    [ "$rc" -eq 124 ] && hung="$kb"
    if [ "$rc" -eq 1 ] && grep -q "could not start" <<<"$err"; then seen="$kb"; break; fi
  done
  if [ -n "$hung" ]; then not_ok "a run with no thread to run on fails at once" "hung with ulimit -v $hung"
  elif [ -n "$seen" ]; then
    if [ -z "$(ls -A "$vol" | grep '^\.volumeter-')" ]; then ok "a run with no thread to run on fails at once (ulimit -v $seen)"
    else not_ok "a run with no thread to run on fails at once" "left $(ls -A "$vol")"; fi
  else
    skip "a run with no thread to run on fails at once" "no address-space limit between 20 and 60 MB let the CLI start but not its thread"
  fi
fi

echo "1..$n"
[ "$failed" -eq 0 ]
