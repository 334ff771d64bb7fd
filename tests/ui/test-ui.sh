#!/usr/bin/env bash
# test-ui.sh BUILD_DIR SOURCE_DIR — the real application, driven over D-Bus
#
# TAP. Starts _build/src/ui/volumeter under Xvfb with a private session bus
# (it runs itself again under `xvfb-run … dbus-run-session --` when DISPLAY
# or the bus is missing), and drives it through its scripting actions
# (app.set-target, app.set-param, app.start, app.stop, app.open-path,
# app.export, app.screenshot; app.status read back with Describe): a fill
# run on a fresh ext4 loop volume, exports, light and dark screenshots, Stop
# mid-run, a malformed file, a bad parameter. Needs root for the loop volume
# (CI is root). Artifacts: BUILD_DIR/meson-logs/ui-light.png, ui-dark.png and
# ui-app.log (the application's own output).
#
# Environment: VOLUMETER_UI_GSK_RENDERER (default cairo; "gl", or "default" to
# leave GSK_RENDERER unset); VOLUMETER_UI_XVFB=1 to use a private Xvfb and bus
# even when DISPLAY and a session bus are set (a desktop session, say);
# VOLUMETER_UI_A11Y=1 to leave GTK's accessibility on (default GTK_A11Y=none);
# VOLUMETER_TEST_IMAGE_DIR=/dev/shm for a RAM-backed volume.
# Takes 15-25 s; run it alone (is_parallel: false): loop devices, xvfb-run -a.
# Progress and Stop are checked at known points of a run through the test
# seam (tests/lib/pause.sh: the app holds its run before the Nth write), so the
# test passes the same on a RAM disk and on a slow disk.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"
. "$here/../lib/pause.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root for the ext4 loop volume; CI runs it as root"
  exit 0
fi
for tool in gdbus identify glib-compile-schemas losetup mkfs.ext4; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, imagemagick, util-linux, e2fsprogs)"; exit 1; }
done
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
# No accessibility bridge: this test drives the app over org.gtk.Actions,
# never AT-SPI, and whether the session has an accessibility bus
# (at-spi2-core's org.a11y.Bus) is the machine's business, not the app's:
# without one GTK warns "Unable to acquire the address of the
# accessibility bus", which the last check below would count against the
# app. VOLUMETER_UI_A11Y=1 keeps GTK's default (AT-SPI when there is a bus).
if [ "${VOLUMETER_UI_A11Y:-0}" = 1 ]; then unset GTK_A11Y; else export GTK_A11Y=none; fi
echo "# GTK_A11Y=${GTK_A11Y:-(unset)}"
# The cairo renderer by default: on a machine without a GPU the GL renderer
# runs on llvmpipe, whose first frames compile shaders on the main thread
# for about a second (bench/ui-responsiveness.sh measures it), long enough
# that a short run's progress never reaches the window. This test is about
# behaviour; VOLUMETER_UI_GSK_RENDERER=gl (or "default": unset) tests GL.
case ${VOLUMETER_UI_GSK_RENDERER:-cairo} in
  default) unset GSK_RENDERER ;;
  *) export GSK_RENDERER=${VOLUMETER_UI_GSK_RENDERER:-cairo} ;;
esac
echo "# GSK_RENDERER=${GSK_RENDERER:-(unset)}"
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
work=$UI_WORK
vol="$work/vol"
loop=""
raw_loop=""
n=0
failed=0

# the image in VOLUMETER_TEST_IMAGE_DIR if set (/dev/shm: RAM-backed), as in with-volume.sh
image="$work/vol.img"
if [ -n "${VOLUMETER_TEST_IMAGE_DIR:-}" ]; then
  image=$(mktemp "$VOLUMETER_TEST_IMAGE_DIR/volumeter-ui.XXXXXX.img") || { echo "Bail out! cannot make an image in $VOLUMETER_TEST_IMAGE_DIR"; exit 1; }
  echo "$image" >>"$work/images"   # for ui-env.sh's _ui_reclaim, should this script be killed
fi

cleanup() {
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$logs/ui-app.log" 2>/dev/null
  mountpoint -q "$vol" && umount "$vol"
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  [ -n "$raw_loop" ] && losetup -d "$raw_loop" 2>/dev/null
  [ "$image" != "$work/vol.img" ] && rm -f "$image"
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

check() { local desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }
app_log_tail() { tail -n 5 "$UI_LOG" | sed 's/^/app: /'; }
no_scratch() { ! ls -a "$vol" | grep -q '^\.volumeter-'; }
set_params() {   # KEY VALUE …; every one accepted
  local bad=""
  while [ $# -ge 2 ]; do
    ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null || bad="$bad $1(call failed)"
    s=$(ui_status)
    [ "$(jget error "$s")" = "" ] || bad="$bad $1: $(jget error "$s")"
    shift 2
  done
  [ -z "$bad" ] || { echo "$bad"; return 1; }
}

# The volume: fresh ext4, 256 MiB, ours alone.
truncate -s 256M "$image"
loop=$(losetup -f --show "$image") || { echo "Bail out! losetup failed"; exit 1; }
mkfs.ext4 -q -F -m 0 "$loop" >&2 || { echo "Bail out! mkfs.ext4 failed"; exit 1; }
mkdir "$vol"
mount "$loop" "$vol" || { echo "Bail out! mount failed"; exit 1; }

pause_init "$work/pause" || { echo "Bail out! mkfifo failed"; exit 1; }
# result_field FILE SECTION.KEY: a number from a saved result
result_field() {
  "$UI_PYTHON" -c '
import json, sys
d = json.load(open(sys.argv[1]))
sec, key = sys.argv[2].split(".")
v = d["test"]["resolved"][key] if sec == "resolved" else next(f["value"] for f in d["figures"] if f["name"] == key)
print(int(v))' "$1" "$2" 2>/dev/null
}

# ---- start-up ----------------------------------------------------------------
# the first run is held twice, before it creates its 3rd and its 9th file
if ui_launch $(pause_env openat:3,openat:9); then ok "the app starts and owns $UI_APP_ID on the bus"
else not_ok "the app starts and owns $UI_APP_ID on the bus" "$(app_log_tail)"; echo "Bail out! no app"; exit 1; fi

s=$(ui_wait 's.get("state") == "idle"' 5) && ok "app.status is idle after start-up" \
  || not_ok "app.status is idle after start-up" "status: $s"

if ui_shot "$work/first.png" 20; then
  ok "the first screenshot is drawn ($(ui_png_size "$work/first.png"), $(ui_colours "$work/first.png") colours)"
else
  not_ok "the first screenshot is drawn" "status: $(ui_status)" \
    "file: $(ls -l "$work/first.png" 2>&1), colours: $(ui_colours "$work/first.png")"
fi

# ---- the first start: the Quick benchmark on the home folder's volume -------------
s=$(ui_wait 's.get("test") == "quick" and s.get("target") == "'"$HOME"'"' 5) \
  && ok "the first start offers the Quick benchmark on the home folder ($HOME)" \
  || not_ok "the first start offers the Quick benchmark on the home folder ($HOME)" "status: $s"
# under the parameters, before Start: what it will write and for how long,
# once the home folder's probe has answered (the status follows it)
s=$(ui_wait 's.get("estimate", "").startswith("Writes ") and " · about " in s.get("estimate", "")' 10) \
  && ok "the estimate before Start: $(jget estimate "$s")" \
  || not_ok "an estimate shows before Start" "status: $s"

# ---- a fill run ----------------------------------------------------------------
ui_call set-test "'fill'" >/dev/null
ui_call set-target "$(ui_str "$vol")" >/dev/null
s=$(ui_status)
[ "$(jget state "$s")" = idle ] && [ -z "$(jget error "$s")" ] && ok "set-target accepts the loop volume" \
  || not_ok "set-target accepts the loop volume" "status: $s"
msg=$(set_params files 16 chunk 1M reserve 16M) && ok "set-param files 16, chunk 1M, reserve 16M accepted" \
  || not_ok "set-param files 16, chunk 1M, reserve 16M accepted" "$msg"
history0=$(jget history "$(ui_status)")

trace="$work/run.trace"
ui_call start >/dev/null
s=$(ui_status)
[ "$(jget state "$s")" = running ] && ok "start: the state becomes running" || not_ok "start: the state becomes running" "status: $s"
# Held before creating its 3rd and its 9th file, the run has finished 2,
# then 8 of its 16 files, and not read any back: the status comes to show
# exactly 2/32 and 8/32 of the run (polled until it does; the time limit
# is only a safety net), whatever the files' size or the volume's speed.
for point in 3:2 9:8; do
  if where=$(pause_wait "$UI_PID" 60); then
    want="${point#*:}/32"
    s=$(ui_wait "s.get('state') == 'running' and abs(s.get('fraction', 0) - $want) < 1e-9" 30 "$trace") \
      && ok "held before file ${point%:*} ($where): the status shows $want of the run" \
      || not_ok "held before file ${point%:*}: the status shows $want of the run" "status: $s"
    pause_release
  else
    not_ok "held before file ${point%:*}: the run pauses there" "$(app_log_tail)"
    break
  fi
done
s=$(ui_wait 's.get("state") not in ("running", "idle")' 180 "$trace") || true
[ "$(jget state "$s")" = complete ] && ok "the run ends complete" || not_ok "the run ends complete" "status: $s" "$(app_log_tail)"
result=$(jget result "$s")
case "$result" in
  "$XDG_DATA_HOME/volumeter/results/"*.volumeter.json) [ -s "$result" ] ;;
  *) false ;;
esac && ok "the result is autosaved in \$XDG_DATA_HOME/volumeter/results" || not_ok "the result is autosaved in \$XDG_DATA_HOME/volumeter/results" "result: '$result'"
out=$("$UI_CLI" show "$result" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q complete <<<"$out" && ok "volumeter-cli show loads the autosaved result" \
  || not_ok "volumeter-cli show loads the autosaved result" "exit $rc: $(head -3 <<<"$out")"
# History reads the folder on a worker thread: poll until it has the new file
history1=$(jget history "$(ui_wait "s.get('history', 0) > $history0" 30)")
[ "$history1" -gt "$history0" ] && ok "the history grew ($history0 → $history1)" || not_ok "the history grew" "$history0 → $history1"
[ "$(jget results "$s")" = 1 ] && ok "the finished run is shown (results=1)" || not_ok "the finished run is shown (results=1)" "status: $s"
check "no scratch folder left after the run" no_scratch

# ---- exports -----------------------------------------------------------------
for fmt in png svg csv json; do
  f="$work/export.$fmt"
  [ $fmt = json ] && f="$work/export.volumeter.json"
  ui_call export "($(ui_str $fmt), $(ui_str "$f"))" >/dev/null
  # written on a worker: the status says when it is there
  s=$(ui_wait 's.get("exporting") == 0' 30)
  if [ -s "$f" ] && [ -z "$(jget error "$s")" ]; then ok "export $fmt writes the file"; else not_ok "export $fmt writes the file" "status: $s"; fi
done
size=$(ui_png_size "$work/export.png")
[ "$size" = 2400x1400 ] && ok "the exported PNG is 2400x1400" || not_ok "the exported PNG is 2400x1400" "$size"
colours=$(ui_colours "$work/export.png")
[ "$colours" -gt 100 ] && ok "the exported PNG is not blank ($colours colours)" || not_ok "the exported PNG is not blank" "$colours colours"
if command -v xmllint >/dev/null; then
  xmllint --noout "$work/export.svg" 2>/dev/null && ok "the exported SVG is XML" || not_ok "the exported SVG is XML"
else
  grep -q '<svg' "$work/export.svg" && ok "the exported SVG is SVG" || not_ok "the exported SVG is SVG"
fi
w=$(grep -c '^Write,' "$work/export.csv"); r=$(grep -c '^Read,' "$work/export.csv")
[ "$w" -eq 16 ] && [ "$r" -eq 16 ] && ok "the exported CSV has a Write and a Read row per file" \
  || not_ok "the exported CSV has a Write and a Read row per file" "Write $w, Read $r: $(head -3 "$work/export.csv")"
out=$("$UI_CLI" show "$work/export.volumeter.json" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q complete <<<"$out" && ok "the exported JSON loads with volumeter-cli show" \
  || not_ok "the exported JSON loads with volumeter-cli show" "exit $rc: $(head -3 <<<"$out")"

# ---- light and dark ----------------------------------------------------------
rm -f "$logs/ui-light.png" "$logs/ui-dark.png"
if ui_shot "$logs/ui-light.png" 15; then ok "screenshot after the run (light): meson-logs/ui-light.png"
else not_ok "screenshot after the run (light)" "status: $(ui_status)"; fi

if ui_quit; then ok "app.quit ends the process"; else not_ok "app.quit ends the process" "had to kill it" "$(app_log_tail)"; fi

# its one run (Stop, below) is held before it creates its 21st file
if ui_launch ADW_DEBUG_COLOR_SCHEME=prefer-dark $(pause_env openat:21); then ok "the app starts again, dark (ADW_DEBUG_COLOR_SCHEME=prefer-dark)"
else not_ok "the app starts again, dark" "$(app_log_tail)"; echo "Bail out! no app"; exit 1; fi
ui_call open-path "$(ui_str "$result")" >/dev/null
s=$(ui_wait 's.get("results") == 1' 10)
[ "$(jget state "$s")" = idle ] && [ "$(jget result "$s")" = "$result" ] && ok "open-path shows the saved result" \
  || not_ok "open-path shows the saved result" "status: $s"
if ui_shot "$logs/ui-dark.png" 15; then ok "screenshot of the result (dark): meson-logs/ui-dark.png"
else not_ok "screenshot of the result (dark)" "status: $(ui_status)"; fi
light=$(ui_mean "$logs/ui-light.png"); dark=$(ui_mean "$logs/ui-dark.png")
awk -v l="$light" -v d="$dark" 'BEGIN { exit !(d >= 0 && l >= 0 && d < l) }' \
  && ok "the dark window is darker (mean $dark < $light)" || not_ok "the dark window is darker" "dark $dark, light $light"

# ---- Stop mid-run ------------------------------------------------------------
ui_call set-test "'fill'" >/dev/null
ui_call set-target "$(ui_str "$vol")" >/dev/null
msg=$(set_params files 200 chunk 1M reserve 16M) && ok "set-param files 200, chunk 1M, reserve 16M accepted" \
  || not_ok "set-param files 200, chunk 1M, reserve 16M accepted" "$msg"
trace="$work/stop.trace"
ui_call start >/dev/null
# Held before creating file 21 of 200: 20 files done, 20/400 of the run.
if where=$(pause_wait "$UI_PID" 60); then
  s=$(ui_wait "s.get('state') == 'running' and abs(s.get('fraction', 0) - 20/400) < 1e-9" 30 "$trace") \
    && ok "the larger run reports progress (held at $where: 20/400)" || not_ok "the larger run reports progress" "status: $s"
  t0=$(date +%s%N)
  # Activate returns once the action ran, so the run is cancelled by now;
  # the pause ends on the cancel, no release needed
  ui_call stop >/dev/null
  s=$(ui_wait 's.get("state") != "running"' 60 "$trace")
  echo "# stop to cancelled: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  [ "$(jget state "$s")" = cancelled ] && [ "$(jget run_state "$s")" = idle ] && ok "stop: the run ends cancelled (the controller idle)" \
    || not_ok "stop: the run ends cancelled (the controller idle)" "status: $s"
  check "stop leaves no .volumeter-* folder in the volume" no_scratch
  cancelled=$(jget result "$s")
  out=$("$UI_CLI" show "$cancelled" 2>&1); rc=$?
  [ -s "$cancelled" ] && [ $rc -eq 0 ] && grep -q cancelled <<<"$out" && ok "a cancelled result is autosaved" \
    || not_ok "a cancelled result is autosaved" "result '$cancelled', show exit $rc: $(head -2 <<<"$out")"
  # the held open goes ahead; the check before the first write stops it
  written=$(result_field "$cancelled" figure.bytes-written)
  size=$(result_field "$cancelled" resolved.file-size)
  [ -n "$written" ] && [ -n "$size" ] && [ "$written" -eq $((20 * size)) ] \
    && ok "stop lands before the next transfer (20 files written)" \
    || not_ok "stop lands before the next transfer" "bytes-written '$written', file size '$size'"
else
  not_ok "the larger run reports progress" "it did not pause: status $(ui_status)" "$(app_log_tail)"
fi

# ---- a malformed file --------------------------------------------------------
bad="$work/truncated.volumeter.json"
head -c 150 "$result" >"$bad"
ui_call open-path "$(ui_str "$bad")" >/dev/null
# files are read on a worker: the status says "loading" until they are
s=$(ui_wait 's.get("state") != "loading"' 10)
[ "$(jget state "$s")" = error ] && grep -q "truncated.volumeter.json" <<<"$(jget error "$s")" \
  && ok "a truncated file: state error, the error names the file" || not_ok "a truncated file: state error, the error names the file" "status: $s"
ui_call open-path "$(ui_str "$result")" >/dev/null
s=$(ui_wait 's.get("state") != "loading"' 10)
[ "$(jget state "$s")" = idle ] && [ "$(jget results "$s")" = 1 ] && [ "$(jget result "$s")" = "$result" ] \
  && ok "after it, the good result opens (idle, results=1)" || not_ok "after it, the good result opens (idle, results=1)" "status: $s"

# ---- a bad parameter ---------------------------------------------------------
ui_call set-param "('chunk', 'fast')" >/dev/null
s=$(ui_status)
# the row's message names the row's title, not the key the window never shows
[ "$(jget state "$s")" = error ] && grep -q "^Chunk size: " <<<"$(jget error "$s")" \
  && ok "set-param chunk fast: the error names the row, Chunk size" \
  || not_ok "set-param chunk fast: the error names the row, Chunk size" "status: $s"
msg=$(ui_status_strict) && ok "app.status is valid JSON with a non-ASCII message" \
  || not_ok "app.status is valid JSON with a non-ASCII message" "$msg"
ui_call start >/dev/null
# app.start decides before Activate returns: a run would be "running" now
s=$(ui_status)
[ "$(jget state "$s")" = error ] && ok "start is refused with a bad parameter (state error)" \
  || not_ok "start is refused with a bad parameter" "status: $s"
check "nothing was written for the refused start" no_scratch

# ---- a quick benchmark's grid, live ---------------------------------------------
# Held at its 4th fdatasync: the lay-down's is the 1st, the write warm-up's
# the 2nd, the first write row's the 3rd; so every read cell and one write
# cell are measured, the last write cell not (Real world: 2 rows, 1 loop).
if ui_quit; then ok "app.quit ends the process before the quick run"; else not_ok "app.quit ends the process before the quick run" "had to kill it"; fi
if ui_launch $(pause_env fdatasync:4); then ok "the app starts for a quick run"
else not_ok "the app starts for a quick run" "$(app_log_tail)"; echo "Bail out! no app"; exit 1; fi
ui_call set-test "'quick'" >/dev/null
ui_call set-target "$(ui_str "$vol")" >/dev/null
msg=$(set_params profile realworld size 16M loops 1 seconds 0.2) && ok "set-param profile realworld, size 16M, loops 1, seconds 0.2 accepted" \
  || not_ok "set-param profile realworld, size 16M, loops 1, seconds 0.2 accepted" "$msg"
ui_call start >/dev/null
if where=$(pause_wait "$UI_PID" 60); then
  s=$(ui_wait 's.get("state") == "running" and s.get("live_grid_filled") == 3' 30) \
    && [ "$(jget live_grid_cells "$s")" = 4 ] \
    && ok "held at $where, the live grid has 3 of its 4 cells measured" \
    || not_ok "held at $where, the live grid has 3 of its 4 cells measured" "status: $s"
  ui_shot "$logs/ui-quick-live.png" 15 || true
  pause_release
else
  not_ok "the quick run pauses at its 4th fdatasync" "$(app_log_tail)"
fi
s=$(ui_wait 's.get("state") not in ("running", "idle")' 60)
[ "$(jget state "$s")" = complete ] && [ "$(jget live_grid_cells "$s")" = 0 ] \
  && ok "the quick run ends complete, its result's grid in place of the live one" \
  || not_ok "the quick run ends complete, its result's grid in place of the live one" "status: $s"
check "the quick run left no scratch folder" no_scratch

# ---- read across a device ---------------------------------------------------------
# a loop device over 32 MiB of random bytes in the volume, read and not written
head -c 32M /dev/urandom >"$vol/raw.img"
raw_loop=$(losetup -f --show "$vol/raw.img") || { echo "Bail out! losetup failed"; exit 1; }
sum0=$(sha256sum <"$raw_loop")
ui_call set-test "'surface'" >/dev/null
ui_call set-target "$(ui_str "$raw_loop")" >/dev/null
s=$(ui_wait 's.get("test") == "surface" and s.get("target") == "'"$raw_loop"'" and not s.get("probing")' 10) \
  && msg=$(set_params samples 40 sample-size 64K access 50) \
  && ok "the device $raw_loop is chosen for Read across the device, its parameters accepted" \
  || not_ok "the device $raw_loop is chosen for Read across the device, its parameters accepted" "status: $s $msg"
s=$(ui_status)
grep -q "Writes nothing" <<<"$(jget estimate "$s")" && ok "its estimate says it writes nothing: $(jget estimate "$s")" \
  || not_ok "its estimate says it writes nothing" "status: $s"
ui_call start >/dev/null
s=$(ui_wait 's.get("state") not in ("running", "idle")' 60)
[ "$(jget state "$s")" = complete ] && [ "$(jget results "$s")" = 1 ] && [ "$(jget chart_unit "$s")" = MB/s ] \
  && ok "the scan ends complete, its chart in MB/s" || not_ok "the scan ends complete, its chart in MB/s" "status: $s" "$(app_log_tail)"
ui_shot "$logs/ui-surface.png" 15 || true
[ "$(sha256sum <"$raw_loop")" = "$sum0" ] && ok "the device's bytes are unchanged" || not_ok "the device's bytes are unchanged"
losetup -d "$raw_loop"; raw_loop=""
rm -f "$vol/raw.img"

# ---- the app's own log -----------------------------------------------------------
if ui_quit; then ok "app.quit ends the process again"; else not_ok "app.quit ends the process again" "had to kill it"; fi
crit=$(grep -E "CRITICAL|WARNING \*\*|Gtk-WARNING|Adwaita-WARNING" "$UI_LOG" | sort | uniq -c | head -5)
[ -z "$crit" ] && ok "no criticals or warnings in the app's output" || not_ok "no criticals or warnings in the app's output" "$crit"

echo "1..$n"
[ $failed -eq 0 ]
