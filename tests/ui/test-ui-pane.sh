#!/usr/bin/env bash
# test-ui-pane.sh BUILD_DIR SOURCE_DIR — the configuration pane in the real app
#
# TAP. Two things a user of the pane meets.
#
# Each test keeps its own parameters: Threads' block 1M and Transfer's
# region 1G set, then a Small files run uses its own 4 KiB block, and a
# Fill run after it its own file count, not Small files' (read back from
# the results' parameters).
#
# A target whose probe hangs does not hang the window. A dead network mount can block stat() and statvfs() for minutes;
# the configuration pane probes targets in threads, so the window must go
# on answering meanwhile. The test seam VOLUMETER_TEST_PROBE_HANG
# (src/engine/vol-pause-seam.h) makes the probe of one folder announce
# itself on a FIFO and block until released, so the test knows the probe
# is hanging (tests/lib/pause.sh) instead of sleeping and hoping. Meanwhile:
# app.status answers, Start waits for the probe (dropped when another is chosen),
# another
# target can be chosen and a short run on it completes; after the release
# the late answer does not take the choice back. Then the same at start-up,
# with the hanging folder as the saved target (a keyfile settings backend).
# No root, no loop volume.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"
. "$here/../lib/pause.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas timeout; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, coreutils)"; exit 1; }
done
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none GSK_RENDERER=cairo
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
work=$UI_WORK
hung="$work/hung"
other="$work/other"
mkdir -p "$hung" "$other"
n=0
failed=0
released=0

cleanup() {
  # a probe still held would keep the app from quitting
  [ "$released" = 1 ] || pause_release >/dev/null 2>&1
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$logs/ui-pane-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# a status call that must come back at once: a blocked main loop would not answer
quick_status() { timeout 10 bash -c '. "$1"; ui_status' _ "$here/ui-env.sh"; }
result_target() {
  "$UI_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["target"]["path"])' "$1" 2>/dev/null
}
# result_param FILE KEY: a parameter the run was given
result_param() {
  "$UI_PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["test"]["parameters"][sys.argv[2]])' "$1" "$2" 2>/dev/null
}
call() { timeout 10 bash -c '. "$1"; shift; ui_call "$@"' _ "$here/ui-env.sh" "$@" >/dev/null; }
set_param() { call set-param "($(ui_str "$1"), $(ui_str "$2"))"; }
# start; a Start asked for while the chosen target is still being probed
# waits for the probe (start_pending), then runs; prints the final status
start_run() {
  local s
  timeout 10 bash -c '. "$1"; ui_call start' _ "$here/ui-env.sh" >/dev/null || { echo "start call blocked"; return 1; }
  s=$(ui_wait 'not s.get("start_pending") and s.get("state") != "running"' 120) || { echo "$s"; return 1; }
  # a fill in a folder of the home folder's volume asks first, as a click does
  if [ "$(jget state "$s")" = asking ]; then
    call answer "$(ui_str fill)"
    s=$(ui_wait 's.get("state") not in ("asking", "running")' 120) || { echo "$s"; return 1; }
  fi
  echo "$s"
}

pause_init "$work/pause" || { echo "Bail out! mkfifo failed"; exit 1; }
echo "1..13"

if ui_launch VOLUMETER_TEST_PROBE_HANG="$hung" VOLUMETER_TEST_PAUSE_DIR="$PAUSE_DIR"; then
  ok "the app starts with a probe seam on $hung"
else
  not_ok "the app starts" "$(tail -n 5 "$UI_LOG")"; echo "Bail out! no app"; exit 1
fi
ui_wait 's.get("state") == "idle"' 20 >/dev/null

# ---- the probe of the chosen target hangs ---------------------------------------
if timeout 10 bash -c '. "$1"; ui_call set-target "$2"' _ "$here/ui-env.sh" "$(ui_str "$hung")" >/dev/null; then
  ok "set-target on the hanging folder returns at once"
else
  not_ok "set-target on the hanging folder returns at once"
fi
line=$(pause_wait "$UI_PID" 30)
if [ "$line" = "probe $hung" ]; then ok "its probe is hanging (the seam says: $line)"
else not_ok "its probe is hanging" "seam said: '$line'" "$(tail -n 5 "$UI_LOG")"; fi

s=$(quick_status)
if [ "$(jget state "$s")" = idle ]; then ok "app.status answers while the probe hangs"
else not_ok "app.status answers while the probe hangs" "status: $s"; fi

timeout 10 bash -c '. "$1"; ui_call start' _ "$here/ui-env.sh" >/dev/null
s=$(quick_status)
if [ "$(jget state "$s")" = idle ] && [ -z "$(jget error "$s")" ] \
   && [ "$(jget probing "$s")" = True ] && [ "$(jget start_pending "$s")" = True ]; then
  ok "Start waits for the chosen target's probe (probing, start pending, no error)"
else
  not_ok "Start waits for the chosen target's probe" "status: $s"
fi

# ---- another target, while the first still hangs ----------------------------------
timeout 10 bash -c '. "$1"; ui_call set-target "$2"; ui_call set-test "'"'fill'"'"' _ "$here/ui-env.sh" "$(ui_str "$other")" >/dev/null
for kv in "files 1" "chunk 1M" "max-bytes 1M" "reserve 0"; do
  set -- $kv
  timeout 10 bash -c '. "$1"; ui_call set-param "($2, $3)"' _ "$here/ui-env.sh" "$(ui_str "$1")" "$(ui_str "$2")" >/dev/null
done
s=$(start_run)
res=$(jget result "$s")
if [ "$(jget state "$s")" = complete ] && [ "$(result_target "$res")" = "$other" ]; then
  ok "another target can be chosen and a run on it completes ($other)"
else
  not_ok "another target can be chosen and a run on it completes" "status: $s" "$(tail -n 5 "$UI_LOG")"
fi

# ---- the hung probe answers late ----------------------------------------------------
pause_release && released=1
s=$(quick_status)
if [ "$released" = 1 ] && [ -n "$(jget state "$s")" ]; then ok "the hang is released and the app still answers"
else not_ok "the hang is released and the app still answers" "status: $s"; fi

s=$(start_run)
res=$(jget result "$s")
if [ "$(jget state "$s")" = complete ] && [ "$(result_target "$res")" = "$other" ]; then
  ok "the late answer does not take the choice back: the next run is on $other too"
else
  not_ok "the late answer does not take the choice back" "status: $s"
fi

# ---- each test keeps its own parameters --------------------------------------------------
call set-test "'threads'"; set_param block 1M
call set-test "'transfer'"; set_param region 1G
call set-test "'smallfiles'"
for kv in "files 10" "transactions 10" "max-size 5000" "subdirs 1"; do set_param $kv; done
s=$(start_run)
res=$(jget result "$s")
if [ "$(jget state "$s")" = complete ] && [ "$(result_param "$res" block)" = 4096 ]; then
  ok "Small files runs with its own 4 KiB block after Threads' block was set to 1M"
else
  not_ok "Small files runs with its own 4 KiB block after Threads' block was set to 1M" \
    "status: $s" "block: $(result_param "$res" block)"
fi
call set-test "'fill'"
s=$(start_run)
res=$(jget result "$s")
if [ "$(jget state "$s")" = complete ] && [ "$(result_param "$res" files)" = 1 ]; then
  ok "Fill runs with its own 1 file after Small files' files was set to 10"
else
  not_ok "Fill runs with its own 1 file after Small files' files was set to 10" \
    "status: $s" "files: $(result_param "$res" files)"
fi

# ---- at start-up: the saved target hangs ----------------------------------------------
ui_quit >/dev/null 2>&1 || not_ok "app.quit after the hang ended the app"
mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
printf '[io/github/volumeter/Volumeter]\ntarget=%s\n' "$(ui_str "$hung")" >"$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
released=0
if ui_launch GSETTINGS_BACKEND=keyfile VOLUMETER_TEST_PROBE_HANG="$hung" VOLUMETER_TEST_PAUSE_DIR="$PAUSE_DIR"; then
  ok "the app starts while the probe of its saved target $hung hangs"
else
  not_ok "the app starts while the probe of its saved target hangs" "$(tail -n 5 "$UI_LOG")"
fi
line=$(pause_wait "$UI_PID" 30)
s=$(quick_status)
if [ "$line" = "probe $hung" ] && [ "$(jget state "$s")" = idle ]; then
  ok "app.status answers while the saved target's probe hangs"
else
  not_ok "app.status answers while the saved target's probe hangs" "seam said: '$line'" "status: $s"
fi
pause_release && released=1
if ui_quit; then ok "after the release, app.quit ends the process"
else not_ok "after the release, app.quit ends the process" "had to kill it"; fi

exit $((failed > 0))
