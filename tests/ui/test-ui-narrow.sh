#!/usr/bin/env bash
# test-ui-narrow.sh BUILD_DIR SOURCE_DIR — the application in a 360 px wide window
#
# TAP. Starts the real application (tests/ui/ui-env.sh: Xvfb, a private session
# bus, driven over org.gtk.Actions) with its saved window size set to 360 px
# wide, and checks what a phone-sized window needs: the view switcher moves
# from the header bar to a bar at the bottom (app.status "bottom_switcher"),
# History is reached by clicking that bar (xdotool, a real pointer click),
# the configuration pane opens over the content, a fill run shows its
# progress and live chart (held at a known point through tests/lib/pause.sh),
# and GTK never warns (no "allocate … width -31"): the app's log has no
# Gtk-WARNING or CRITICAL. The units preference applies to the chart at
# once. At 1100 px the bottom bar is hidden again.
# Screenshots: BUILD_DIR/meson-logs/ui-narrow-*.png. The run needs root (a
# tmpfs mount); without root that part is skipped. Run alone (is_parallel:
# false): xvfb-run -a.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"
. "$here/../lib/pause.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus gsettings identify glib-compile-schemas xdotool; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, imagemagick, xdotool)"; exit 1; }
done
# A private X server always: the window's size and place must be ours.
VOLUMETER_UI_XVFB=1
UI_XVFB_ARGS=(-a -s "-screen 0 1280x800x24")
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none GSK_RENDERER=cairo
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
work=$UI_WORK
vol="$work/vol"
n=0
failed=0

cleanup() {
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$logs/ui-narrow-app.log" 2>/dev/null
  mountpoint -q "$vol" 2>/dev/null && umount "$vol"
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# The window size is what the app restores at start-up (GSettings), so the
# settings live in a key file here rather than in memory.
window_size() {
  export GSETTINGS_BACKEND=keyfile
  mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
  printf '[io/github/volumeter/Volumeter]\nwindow-width=%s\nwindow-height=%s\n' "$1" "$2" \
    >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
}
# click X Y, in window coordinates (X or Y negative: from the right or bottom edge)
click() {
  local wid x=$1 y=$2 WIDTH HEIGHT
  wid=$(xdotool search --sync --onlyvisible --name '^Volumeter$' | head -1)
  eval "$(xdotool getwindowgeometry --shell "$wid" | grep -E '^(WIDTH|HEIGHT)=')"
  [ "$x" -lt 0 ] && x=$((WIDTH + x))
  [ "$y" -lt 0 ] && y=$((HEIGHT + y))
  xdotool mousemove --window "$wid" "$x" "$y" click 1
}
window_width() {
  local wid WIDTH
  wid=$(xdotool search --sync --onlyvisible --name '^Volumeter$' | head -1)
  eval "$(xdotool getwindowgeometry --shell "$wid" | grep -E '^WIDTH=')"
  echo "$WIDTH"
}

result="$UI_SRC/tests/data/compare/fill-64k.volumeter.json"
pause_init "$work/pause" || { echo "Bail out! mkfifo failed"; exit 1; }

# ---- 360 px -----------------------------------------------------------------
window_size 360 700
if ui_launch $(pause_env openat:4); then ok "the app starts with a 360 px wide window"
else not_ok "the app starts with a 360 px wide window" "$(tail -5 "$UI_LOG")"; echo "Bail out! no app"; exit 1; fi
s=$(ui_wait 's.get("state") == "idle" and s.get("bottom_switcher")' 10) \
  && ok "the bottom view switcher is shown" || not_ok "the bottom view switcher is shown" "status: $s"
ui_call open-path "$(ui_str "$result")" >/dev/null
s=$(ui_wait 's.get("results") == 1 and s.get("page") == "run"' 10) \
  && ok "a result opens on the Result page" || not_ok "a result opens on the Result page" "status: $s"
ui_shot "$logs/ui-narrow-result.png" 15 || true
# 360 px asked for; the X window adds GTK's client-side shadow (a few px a side)
width=$(ui_png_size "$logs/ui-narrow-result.png")
[ "${width%x*}" -le 360 ] 2>/dev/null && ok "the window is no wider than 360 px ($width)" \
  || not_ok "the window is no wider than 360 px" "screenshot $width, X window $(window_width)"

click -90 -20     # the right half of the bottom bar: History
s=$(ui_wait 's.get("page") == "history"' 10) \
  && ok "a click on the bottom switcher shows History" || not_ok "a click on the bottom switcher shows History" "status: $s"
ui_shot "$logs/ui-narrow-history.png" 15 || true
click 90 -20      # the left half: Result
s=$(ui_wait 's.get("page") == "run"' 10) \
  && ok "and a click on its other half the Result again" || not_ok "and a click on its other half the Result again" "status: $s"

# the configuration pane, over the content
click 28 28
ui_shot "$logs/ui-narrow-pane.png" 15 && ok "the configuration pane opens (meson-logs/ui-narrow-pane.png)" \
  || not_ok "the configuration pane opens"
click 28 28

# ---- a run, held at a known point ----------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
  skip "a fill run at 360 px" "needs root for the tmpfs volume"
else
  mkdir -p "$vol"
  mount -t tmpfs -o size=200M volumeter-narrow "$vol" || { echo "Bail out! mount failed"; exit 1; }
  ui_call set-test "'fill'" >/dev/null
  ui_call set-target "$(ui_str "$vol")" >/dev/null
  for kv in "files 8" "chunk 1M" "reserve 64M"; do
    set -- $kv
    ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
  done
  ui_call start >/dev/null
  # a fill in memory asks first, as a click does: answered as its button would
  ui_wait 's.get("state") == "asking"' 20 >/dev/null && ui_call answer "$(ui_str fill)" >/dev/null
  # held before creating its 4th file: 3 files written, each a sample
  if where=$(pause_wait "$UI_PID" 60); then
    s=$(ui_wait 's.get("state") == "running" and s.get("run_state") == "running" and s.get("live_points", 0) >= 3 and s.get("speed")' 30) \
      && ok "held at $where, the live chart has the 3 files' points and a speed ($(jget speed "$s"))" \
      || not_ok "held at $where, the live chart has the 3 files' points and a speed" "status: $s"
    ui_shot "$logs/ui-narrow-run.png" 15 || true
    pause_release
  else
    not_ok "the run pauses before its 4th file" "$(tail -5 "$UI_LOG")"
  fi
  s=$(ui_wait 's.get("state") not in ("running", "idle")' 120)
  [ "$(jget state "$s")" = complete ] && ok "the run ends complete" || not_ok "the run ends complete" "status: $s"
fi

# ---- preferences apply live ------------------------------------------------------
# the key file is the app's settings backend here: gsettings writes it, the
# app sees the change (a file monitor) and redraws the chart in MiB/s
s=$(ui_wait 's.get("chart_unit") == "MB/s"' 10) || not_ok "the chart is in MB/s before the change" "status: $s"
if gsettings set io.github.volumeter.Volumeter binary-units true 2>/dev/null; then
  s=$(ui_wait 's.get("chart_unit") == "MiB/s"' 10) \
    && ok "binary units apply to the chart shown without reopening it" \
    || not_ok "binary units apply to the chart shown without reopening it" "status: $s"
  gsettings set io.github.volumeter.Volumeter binary-units false
else
  not_ok "gsettings can set binary-units" "GSETTINGS_SCHEMA_DIR=$GSETTINGS_SCHEMA_DIR"
fi
ui_quit || not_ok "app.quit ends the process" "had to kill it"

# ---- 1100 px: the switcher goes back to the header bar --------------------------
window_size 1100 760
ui_launch || { not_ok "the app starts again, 1100 px wide" "$(tail -5 "$UI_LOG")"; echo "1..$n"; exit 1; }
# once drawn (the screenshot), the status is written again by opening a result
ui_shot "$work/wide.png" 15 || true
ui_call open-path "$(ui_str "$result")" >/dev/null
s=$(ui_wait 's.get("results") == 1 and s.get("bottom_switcher") is False' 10) \
  && ok "at 1100 px the bottom switcher is hidden" || not_ok "at 1100 px the bottom switcher is hidden" "status: $s"
ui_quit

crit=$(grep -E "CRITICAL|WARNING \*\*|Gtk-WARNING|Adwaita-WARNING" "$UI_LOG" | sort | uniq -c | head -5)
[ -z "$crit" ] && ok "no GTK warnings or criticals in the app's output" || not_ok "no GTK warnings or criticals in the app's output" "$crit"

echo "1..$n"
[ $failed -eq 0 ]
