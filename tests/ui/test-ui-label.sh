#!/usr/bin/env bash
# test-ui-label.sh BUILD_DIR SOURCE_DIR — a label names one run
#
# TAP. A label typed for one run used to title every later run, whatever
# the target and test. Here the label is typed as a person types it (Alt+L
# to the label row, then the keys, through xdotool) and the target and
# test are chosen with the scripting actions, which take the same path as
# the pane's own rows. Before Start, app.status's "name" (the "Result
# name" row) is the name the result will get: the label, else the test
# and target ("Random I/O — tmpfs on vol-label-a"). Another target or
# another test empties the label and the name follows; choosing the same
# target again does not; a probe answering late does not (the probe seam
# holds it). Two runs in a row with a label typed only before the first:
# the first result's file has the label, the field is empty afterwards,
# and the second result's file has the automatic name that the status
# showed before its Start. Needs root to mount two small tmpfs volumes
# (sources vol-label-a and vol-label-b, so their names differ).
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"
. "$here/../lib/pause.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root to mount two tmpfs volumes; CI runs as root"
  exit 0
fi
for tool in gdbus glib-compile-schemas python3 xdotool mountpoint; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, python3, xdotool, util-linux)"; exit 1; }
done
# A private X server always: xdotool's keys must reach our window only.
VOLUMETER_UI_XVFB=1
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none GSK_RENDERER=cairo
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
n=0
failed=0
released=1
vol_a="$UI_WORK/vol-a"
vol_b="$UI_WORK/vol-b"
hung="$UI_WORK/hung"
mkdir -p "$vol_a" "$vol_b" "$hung"

cleanup() {
  # a probe still held would keep the app from quitting
  [ "$released" = 1 ] || pause_release >/dev/null 2>&1
  ui_quit >/dev/null 2>&1
  for m in "$vol_a" "$vol_b"; do
    mountpoint -q "$m" && umount "$m"
  done
  cp "$UI_LOG" "$logs/ui-label-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mount -t tmpfs -o size=160m vol-label-a "$vol_a" || { echo "Bail out! cannot mount a tmpfs on $vol_a"; exit 1; }
mount -t tmpfs -o size=160m vol-label-b "$vol_b" || { echo "Bail out! cannot mount a tmpfs on $vol_b"; exit 1; }
pause_init "$UI_WORK/pause" || { echo "Bail out! mkfifo failed"; exit 1; }

# the "label" of a saved result
file_label() {
  "$UI_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["label"])' "$1" 2>/dev/null
}
set_param() { ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null; }
# TEXT typed into the label row as a person does: Alt+L (the row's
# mnemonic) moves the focus there, Ctrl+A selects what it holds, the keys
# replace it; waits until the status shows it
type_label() {
  local win
  win=$(xdotool search --sync --onlyvisible --name '^Volumeter$' | head -1)
  xdotool windowfocus --sync "$win" key --clearmodifiers alt+l
  xdotool key --clearmodifiers ctrl+a
  xdotool type --delay 15 "$1"
  ui_wait "s.get('label') == $(ui_str "$1")" 20
}
auto_a="Random I/O — tmpfs on vol-label-a"
auto_b="Random I/O — tmpfs on vol-label-b"

echo "1..11"

if ! ui_launch VOLUMETER_TEST_PROBE_HANG="$hung" VOLUMETER_TEST_PAUSE_DIR="$PAUSE_DIR"; then
  not_ok "the app starts" "$(tail -n 5 "$UI_LOG")"
  echo "Bail out! no app"
  exit 1
fi
ui_wait 's.get("state") == "idle"' 20 >/dev/null

# ---- before Start: the name the result will get ------------------------------------
ui_call set-test "$(ui_str random)" >/dev/null
ui_call set-target "$(ui_str "$vol_a")" >/dev/null
if s=$(ui_wait "not s.get('probing') and s.get('name') == $(ui_str "$auto_a")" 20) && [ -z "$(jget label "$s")" ]; then
  ok "with no label, the name shown before Start is the test and target's ($auto_a)"
else
  not_ok "with no label, the name shown before Start is the test and target's" "status: $s"
fi
if s=$(type_label "RAID 0, first") && [ "$(jget name "$s")" = "RAID 0, first" ]; then
  ok "a label typed with the keyboard (Alt+L) is the name"
else
  not_ok "a label typed with the keyboard (Alt+L) is the name" "status: $s"
fi

# ---- another target, another test ------------------------------------------------------
ui_call set-target "$(ui_str "$vol_b")" >/dev/null
if s=$(ui_wait "not s.get('probing') and s.get('name') == $(ui_str "$auto_b")" 20) && [ -z "$(jget label "$s")" ]; then
  ok "another target empties the label, and the name follows the target ($auto_b)"
else
  not_ok "another target empties the label, and the name follows the target" "status: $s"
fi
type_label "kept for this target" >/dev/null
ui_call set-target "$(ui_str "$vol_b")" >/dev/null
s=$(ui_status)
if [ "$(jget label "$s")" = "kept for this target" ] && [ "$(jget name "$s")" = "kept for this target" ]; then
  ok "choosing the same target again keeps the label"
else
  not_ok "choosing the same target again keeps the label" "status: $s"
fi
ui_call set-test "$(ui_str fill)" >/dev/null
if s=$(ui_wait "s.get('name') == $(ui_str "Fill volume — tmpfs on vol-label-b")" 20) && [ -z "$(jget label "$s")" ]; then
  ok "another test empties the label, and the name follows the test ($(jget name "$s"))"
else
  not_ok "another test empties the label, and the name follows the test" "status: $s"
fi

# ---- a probe that answers after the label was typed -------------------------------------
ui_call set-test "$(ui_str random)" >/dev/null
ui_call set-target "$(ui_str "$hung")" >/dev/null
released=0
line=$(pause_wait "$UI_PID" 30)
[ "$line" = "probe $hung" ] && ok "the probe of $hung is held (the seam says: $line)" \
  || not_ok "the probe of $hung is held" "seam said: '$line'" "$(tail -n 5 "$UI_LOG")"
type_label "typed while probing" >/dev/null
pause_release && released=1
if s=$(ui_wait 'not s.get("probing")' 30) && [ "$(jget label "$s")" = "typed while probing" ] \
   && [ "$(jget name "$s")" = "typed while probing" ]; then
  ok "the probe's answer is no change: the label typed meanwhile stays"
else
  not_ok "the probe's answer is no change: the label typed meanwhile stays" "status: $s"
fi

# ---- two runs in a row, a label typed only before the first -----------------------------
ui_call set-target "$(ui_str "$vol_a")" >/dev/null
for kv in "chunk 4K" "ios 256" "iterations 1" "file-size 16M"; do
  set -- $kv
  set_param "$1" "$2"
done
type_label "only the first" >/dev/null
ui_call start >/dev/null
if s=$(ui_wait 's.get("state") not in ("running", "idle")' 120) && [ "$(jget state "$s")" = complete ]; then
  first=$(jget result "$s")
  [ "$(file_label "$first")" = "only the first" ] && ok "the first result's file has the label typed" \
    || not_ok "the first result's file has the label typed" "label: $(file_label "$first")" "status: $s"
  if [ -z "$(jget label "$s")" ] && [ "$(jget name "$s")" = "$auto_a" ]; then
    ok "after the run the label field is empty; the status names the next result $auto_a"
  else
    not_ok "after the run the label field is empty; the status names the next result" "status: $s"
  fi
else
  first=""
  not_ok "the first run completes" "status: $s" "$(tail -n 5 "$UI_LOG")"
  not_ok "after the run the label field is empty"
fi
shown=$(jget name "$(ui_status)")
ui_call start >/dev/null
if s=$(ui_wait "s.get('state') not in ('running', 'idle') and s.get('result') != $(ui_str "$first")" 120) \
   && [ "$(jget state "$s")" = complete ]; then
  second=$(jget result "$s")
  if [ "$(file_label "$second")" = "$auto_a" ] && [ "$shown" = "$auto_a" ]; then
    ok "the second result's file has the automatic name the status showed before Start ($auto_a)"
  else
    not_ok "the second result's file has the automatic name the status showed" \
      "file: $(file_label "$second")" "shown: $shown" "status: $s"
  fi
  [ "$(file_label "$first")" = "only the first" ] && ok "the first result keeps its label" \
    || not_ok "the first result keeps its label" "label: $(file_label "$first")"
else
  not_ok "the second run completes" "status: $s" "$(tail -n 5 "$UI_LOG")"
  not_ok "the first result keeps its label"
fi

[ "$failed" -eq 0 ]
