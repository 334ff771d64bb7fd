#!/usr/bin/env bash
# test-ui-keys.sh BUILD_DIR SOURCE_DIR — no key stops a run
#
# TAP. Real keys and clicks (xdotool, XTEST) under a window manager
# (openbox) on the real application: a fill of a folder in the home
# folder's volume (8 MiB at most, answered 'fill' as its button would) is
# held before its 4th file by the pause seam (tests/lib/pause.sh), and
# Escape is pressed with the keyboard focus in each place a person leaves
# it: nowhere (the clicked Start button went), the header bar, the
# parameter pane, the Stop button, History's search field (where Escape
# clears the typed text, and nothing else) and the live page; Alt+S, the
# mnemonic that started the run, too. After each the run is still running
# (app.status). Where the focus is comes from app.status ("focus"); a Tab
# after each key is the marker that it was handled (X delivers a client's
# events in order, and "focus_moves" counts the Tab). Then Ctrl+Q asks
# "Stop the Test?" (a dialog appears): Escape, Return and app.answer
# 'cancel' each keep the run; 'stop' stops it, removes its files and
# closes the app. No root needed; run it alone (is_parallel: false).
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"
. "$here/../lib/pause.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas python3 xdotool xprop openbox; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, python3, xdotool, x11-utils, openbox)"; exit 1; }
done
# A private X server always: the keys must reach our window only.
VOLUMETER_UI_XVFB=1
UI_XVFB_ARGS=(-a -s "-screen 0 1280x900x24")
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none GSK_RENDERER=cairo
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
n=0
failed=0

wm=""
cleanup() {
  ui_quit >/dev/null 2>&1
  [ -n "$wm" ] && kill "$wm" 2>/dev/null && wait "$wm" 2>/dev/null
  cp "$UI_LOG" "$logs/ui-keys-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

results_dir="$XDG_DATA_HOME/volumeter/results"
target="$HOME/fill-here"
mkdir -p "$target" "$results_dir"
# two saved results, so that a search can hide them and Escape bring them back
cp "$UI_SRC/tests/data/compare/fill-64k.volumeter.json" "$UI_SRC/tests/data/compare/queue.volumeter.json" "$results_dir/"
scratch_in() { find "$1" -maxdepth 1 -name '.volumeter-*' | wc -l; }
running='s.get("state") == "running" and s.get("run_state") == "running"'

# click X Y in window coordinates (negative: from the right or bottom edge)
click() {
  local x=$1 y=$2 WIDTH HEIGHT
  eval "$(xdotool getwindowgeometry --shell "$win" | grep -E '^(WIDTH|HEIGHT)=')"
  [ "$x" -lt 0 ] && x=$((WIDTH + x))
  [ "$y" -lt 0 ] && y=$((HEIGHT + y))
  xdotool mousemove --window "$win" "$x" "$y" click 1
}
half() { eval "$(xdotool getwindowgeometry --shell "$win" | grep -E '^WIDTH=')"; echo $((WIDTH / 2)); }
moves() { ui_status | ui_get focus_moves; }
# Tab, and wait until the focus has moved: every key sent before it has
# been handled by then
tab() {
  local m
  m=$(moves)
  xdotool key Tab
  ui_wait "s.get('focus_moves', 0) > $m" 10 >/dev/null
}
# Tab until the focus is in PLACE (at most 40 times)
tab_to() {
  local i
  for i in $(seq 40); do
    [ "$(ui_status | ui_get focus)" = "$1" ] && return 0
    tab || return 1
  done
  return 1
}
# press KEY with the focus where it is, then the marker; the run must go on
key_keeps_running() {
  local what=$1 key=$2 s
  xdotool key "$key"
  if tab && s=$(ui_wait "$running" 5); then
    ok "$what: the run is still running"
  else
    not_ok "$what: the run is still running" "status: $(ui_status)"
  fi
}

echo "1..17"

# ---- a window manager, then the app -------------------------------------------
openbox >>"$UI_WORK/openbox.log" 2>&1 &
wm=$!
for i in $(seq 200); do
  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && break
  sleep 0.05
done
pause_init "$UI_WORK/pause" || { echo "Bail out! mkfifo failed"; exit 1; }
if ! ui_launch $(pause_env openat:4); then
  echo "Bail out! the app does not start: $(tail -n 5 "$UI_LOG")"
  exit 1
fi
ui_wait 's.get("state") == "idle" and len(s.get("history_rows", [])) == 2' 20 >/dev/null
win=$(xdotool search --sync --onlyvisible --name '^Volumeter$' | head -1)
xdotool windowactivate --sync "$win"

ui_call set-test "$(ui_str fill)" >/dev/null
ui_call set-target "$(ui_str "$target")" >/dev/null
for kv in "files 8" "chunk 1M" "max-bytes 8M" "reserve 0"; do
  set -- $kv
  ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
done
ui_wait 's.get("can_start")' 20 >/dev/null

# a click on Start (the bottom of the pane): it asks, as on this volume it must
click "$(( $(half) / 2 ))" -46
if s=$(ui_wait 's.get("state") == "asking" and s.get("focus") == "start"' 20); then
  ui_call answer "$(ui_str fill)" >/dev/null
else
  not_ok "a click on Start asks before filling the home folder's volume" "status: $s"
  echo "Bail out! no run"
  exit 1
fi
if where=$(pause_wait "$UI_PID" 60) && s=$(ui_wait "$running" 20); then
  ok "a click on Start and 'fill': the run is held at $where"
else
  not_ok "the run is held before its 4th file" "status: $(ui_status)" "$(tail -n 5 "$UI_LOG")"
  echo "Bail out! no held run"
  exit 1
fi

# ---- Escape, wherever the focus is ------------------------------------------------
# the Start button that had it is hidden: the focus is nowhere
if s=$(ui_wait 's.get("focus") == "none"' 10); then
  key_keeps_running "Escape with the focus nowhere (the Start button went)" Escape
else
  not_ok "the focus is nowhere once Start is hidden" "status: $s"
fi
# the marker's Tab went to the header bar
if [ "$(ui_status | ui_get focus)" = header ]; then
  key_keeps_running "Escape with the focus on a header bar button" Escape
else
  not_ok "a Tab from nowhere reaches the header bar" "status: $(ui_status)"
fi
key_keeps_running "Alt+S (the mnemonic that started the run)" alt+s
if tab_to pane; then
  key_keeps_running "Escape with the focus in the parameter pane" Escape
else
  not_ok "Tab reaches the parameter pane" "status: $(ui_status)"
fi
if tab_to stop; then
  key_keeps_running "Escape with the focus on the Stop button" Escape
else
  not_ok "Tab reaches the Stop button" "status: $(ui_status)"
fi

# History: its tab right of the window's middle, its search field at the top
click "$(( $(half) + 60 ))" 27
click "$(( $(half) + 180 ))" 86
if s=$(ui_wait 's.get("page") == "history" and s.get("focus") == "history-search"' 10); then
  ok "clicks on History and its search field put the focus there"
else
  not_ok "clicks on History and its search field put the focus there" "status: $s"
fi
xdotool type --delay 20 zzzz
s=$(ui_wait 'len(s.get("history_rows", [])) == 0' 10) && ok "typed 'zzzz': no result matches" \
  || not_ok "typed 'zzzz': no result matches" "status: $s"
xdotool key Escape
if s=$(ui_wait 'len(s.get("history_rows", [])) == 2' 10) && [ "$(jget focus "$s")" = history-search ] \
   && s=$(ui_wait "$running" 5); then
  ok "Escape in the search field clears it (both results again), and the run is still running"
else
  not_ok "Escape in the search field clears it (both results again), and the run is still running" "status: $(ui_status)"
fi
xdotool key Escape
xdotool type --delay 20 q
if s=$(ui_wait '[r["kind"] for r in s.get("history_rows", [])] == ["queue"]' 10) && s=$(ui_wait "$running" 5); then
  ok "Escape in the empty search field: the run is still running (and the field takes 'q' after it)"
else
  not_ok "Escape in the empty search field: the run is still running" "status: $(ui_status)"
fi

# the live page: its tab left of the middle, then a click on the live chart
click "$(( $(half) - 60 ))" 27
ui_wait 's.get("page") == "run"' 10 >/dev/null
click -150 300
if s=$(ui_wait 's.get("page") == "run" and s.get("focus") in ("none", "run") and s.get("live_samples", 0) >= 3' 10); then
  key_keeps_running "Escape on the live page (focus: $(jget focus "$s"))" Escape
else
  not_ok "a click on the live chart shows the live page, the focus in no other place" "status: $s"
fi
ui_shot "$logs/ui-keys-live.png" 15 || true

# ---- Ctrl+Q asks -----------------------------------------------------------------
ask() {
  xdotool windowactivate --sync "$win" key ctrl+q
  ui_wait 's.get("state") == "asking" and s.get("question") == "Stop the Test?" and s.get("run_state") == "running"' 10 >/dev/null \
    && dlg=$(xdotool search --sync --onlyvisible --name '^Stop the Test' | head -1) && [ -n "$dlg" ]
}
for answer in Escape Return; do
  if ask; then
    xdotool windowactivate --sync "$dlg" key "$answer"
    if s=$(ui_wait "$running" 10); then
      ok "Ctrl+Q asks \"Stop the Test?\"; $answer on it keeps the run running"
    else
      not_ok "Ctrl+Q asks \"Stop the Test?\"; $answer on it keeps the run running" "status: $s"
    fi
  else
    not_ok "Ctrl+Q asks \"Stop the Test?\" (a dialog appears)" "status: $(ui_status)"
  fi
done
if ask; then
  ui_call answer "$(ui_str cancel)" >/dev/null
  s=$(ui_wait "$running" 10) && ok "Ctrl+Q, answered 'cancel': the run is still running" \
    || not_ok "Ctrl+Q, answered 'cancel': the run is still running" "status: $s"
else
  not_ok "Ctrl+Q asks again" "status: $(ui_status)"
fi
[ "$(scratch_in "$target")" = 1 ] && ok "the held run's scratch folder is there" \
  || not_ok "the held run's scratch folder is there" "$(ls -A "$target")"
if ask; then
  ui_call answer "$(ui_str stop)" >/dev/null
  if timeout 30 tail --pid="$UI_PID" -s 0.05 -f /dev/null && [ "$(scratch_in "$target")" = 0 ]; then
    ok "Ctrl+Q, answered 'stop': the run stops, its files go, the app ends"
  else
    not_ok "Ctrl+Q, answered 'stop': the run stops, its files go, the app ends" "$(ls -A "$target")"
  fi
  UI_PID=""
else
  not_ok "Ctrl+Q asks a last time" "status: $(ui_status)"
fi

crit=$(grep -E "CRITICAL|WARNING \*\*|Gtk-WARNING|Adwaita-WARNING" "$UI_LOG" | sort | uniq -c | head -5)
[ -z "$crit" ] && ok "no GTK warnings or criticals in the app's output" \
  || not_ok "no GTK warnings or criticals in the app's output" "$crit"

[ "$failed" -eq 0 ]
