#!/usr/bin/env bash
# test-ui-remote.sh BUILD_DIR SOURCE_DIR — Remote hosts in the real app
#
# TAP. The configuration pane's "Remote hosts" target (src/ui/vol-remote-pane.c)
# and a remote run from the window (src/ui/vol-window-remote.c), driven
# over D-Bus (app.set-remote) against one `fio --server` this test starts
# on 127.0.0.1 (the first process of a PID namespace of its own, so that
# it and the job processes it forks die together when the test stops it)
# and a port nobody listens on.
#
# Checked: what is typed is refused with the pane's reason and Start off
# (no host, a host named twice, a relative folder, a test fio cannot do);
# a run on the server and the dead port: the dead host fails naming the
# refused connection, the other is done, both results are saved (History)
# (All clients too) and the host that finished is shown; a Stop while fio runs: each host
# stopped, the results cancelled and saved; the server stopped, no fio
# of it is left (ps).
# No root (without root the server's PID namespace sits in a user
# namespace of its own: unshare -r). The run needs fio here, and a work folder that takes O_DIRECT
# (the job's direct=1); without it those cases are skipped, saying why.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas timeout python3 unshare; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed"; exit 1; }
done
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none GSK_RENDERER=cairo
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
work=$UI_WORK
folder="$work/hosts"
mkdir -p "$folder"
results="$XDG_DATA_HOME/volumeter/results"
n=0
failed=0
server=""

# The server is the first process of a PID namespace of its own: fio's
# job processes leave the server's session (setsid), so killing the
# session alone could leave them running; when the namespace's first
# process dies the kernel kills every process in it (--kill-child: also
# when unshare itself is killed). Returns once no fio of this port is left.
stop_server() {
  [ -n "$server" ] || return 0
  kill -9 -- "-$server" 2>/dev/null
  wait "$server" 2>/dev/null
  server=""
  for _ in $(seq 100); do
    ps -eo args= | grep -qx -- "fio --server=127.0.0.1,$port" || return 0
    sleep 0.1
  done
  return 1
}

cleanup() {
  ui_quit >/dev/null 2>&1
  stop_server
  cp "$UI_LOG" "$logs/ui-remote-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# set_remote HOSTS PORT FOLDER: as typed in the pane
set_remote() { ui_call set-remote "($(ui_str "$1"), uint32 $2, $(ui_str "$3"))" >/dev/null; }
# refused WHAT TEXT: Start is off and the pane says TEXT under the parameters
refused() {
  local s
  s=$(ui_status)
  if [ "$(jget remote "$s")" = True ] && [ "$(jget can_start "$s")" = False ] \
     && grep -qF -- "$2" <<<"$(jget refusal "$s")"; then
    ok "$1: Start is off, the pane says why ($(jget refusal "$s"))"
  else
    not_ok "$1: Start is off, the pane says why (expected “$2”)" "status: $s"
  fi
}
saved() { find "$results" -name '*.volumeter.json' 2>/dev/null | wc -l; }

can_run=""
if ! command -v fio >/dev/null; then
  can_run="fio is not installed (build-aux/debian-packages.txt)"
elif ! dd if=/dev/zero of="$folder/direct-probe" bs=4096 count=1 oflag=direct 2>/dev/null; then
  can_run="$folder does not take O_DIRECT"
fi
rm -f "$folder/direct-probe"

echo "1..13"

if ui_launch; then ok "the app starts"
else not_ok "the app starts" "$(tail -n 5 "$UI_LOG")"; echo "Bail out! no app"; exit 1; fi
ui_wait 's.get("state") == "idle"' 20 >/dev/null

# ---- what the pane refuses, as typed ------------------------------------------------
ui_call set-test "$(ui_str random)" >/dev/null
set_remote "" 0 ""
refused "no host named" "no host named"
set_remote "db1, db1" 8765 "$folder"
refused "a host named twice" "named twice"
set_remote "db1" 8765 "relative/folder"
refused "a relative folder" "absolute path"
set_remote "db1" 8765 "$folder/a;exec_prerun=touch PWNED"
refused "a folder fio would cut at “;”" "“;” or “#”"
set_remote "db1, db2:8766" 8765 "$folder"
ui_call set-test "$(ui_str smallfiles)" >/dev/null
refused "a test fio cannot do" "cannot run on remote hosts"

# ---- a run: one server, one dead port -----------------------------------------------
port=$(free_port)
dead=$(free_port)
while [ "$dead" = "$port" ]; do dead=$(free_port); done
if [ -z "$can_run" ]; then
  userns=()
  [ "$(id -u)" -ne 0 ] && userns=(-r)
  (cd "$folder" && exec setsid unshare "${userns[@]}" --pid --fork --kill-child \
     fio --server=127.0.0.1,"$port") >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
fi

if [ -n "$can_run" ]; then
  for what in "a run: the dead host fails, the other is done" "every result saved" \
              "the finished host's result is shown" "a Stop while fio runs: the hosts stopped, cancelled"; do
    ok "$what # SKIP $can_run"
  done
else
  ui_call set-test "$(ui_str random)" >/dev/null
  for kv in "file-size 16M" "ios 256" "iterations 1"; do
    set -- $kv
    ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
  done
  set_remote "127.0.0.1:$port, 127.0.0.1:$dead" 8765 "$folder"
  ui_call start >/dev/null
  s=$(ui_wait 's.get("state") in ("complete", "failed", "cancelled", "error")' 180)
  hosts=$(jget remote_hosts "$s")
  if [ "$(jget state "$s")" = complete ] \
     && python3 -c 'import ast, sys; h = ast.literal_eval(sys.argv[1]); sys.exit(not (h[0]["state"] == "done" and h[1]["state"] == "failed" and "refused" in h[1]["message"]))' "$hosts" \
     && grep -q "1 of 2 hosts failed" <<<"$(jget error "$s")"; then
    ok "a run: the dead host fails, the other is done ($(jget error "$s"))"
  else
    not_ok "a run: the dead host fails, the other is done" "status: $s" "$(tail -n 5 "$UI_LOG")"
  fi
  # the two hosts' and All clients (the engine's, for several hosts)
  s=$(ui_wait 's.get("history") >= 3' 30)
  if [ "$(saved)" = 3 ]; then ok "every result saved and in History ($(jget history "$s"))"
  else not_ok "every result saved and in History" "$(ls "$results" 2>&1)" "status: $s"; fi
  if [ "$(jget results "$s")" = 1 ] && [ "$(jget page "$s")" = run ] && [ -n "$(jget result "$s")" ]; then
    ok "the finished host's result is shown ($(jget result "$s"))"
  else
    not_ok "the finished host's result is shown" "status: $s"
  fi

  # a job bound by time, stopped once fio runs it on the host
  ui_call set-test "$(ui_str queue)" >/dev/null
  for kv in "span 16M" "depths 1,4" "seconds 60" "backend threads"; do
    set -- $kv
    ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
  done
  set_remote "127.0.0.1:$port" 8765 "$folder"
  ui_call start >/dev/null
  ui_wait 's.get("state") == "running" and s.get("remote_hosts", [{}])[0].get("state") == "running"' 30 >/dev/null
  # fio has started: its job's file is on the "host"
  for _ in $(seq 300); do
    ls "$folder" | grep -q queue && break
    sleep 0.1
  done
  ui_call stop >/dev/null
  s=$(ui_wait 's.get("state") in ("complete", "failed", "cancelled", "error")' 120)
  hosts=$(jget remote_hosts "$s")
  if [ "$(jget state "$s")" = cancelled ] \
     && python3 -c 'import ast, sys; h = ast.literal_eval(sys.argv[1]); sys.exit(not (len(h) == 1 and h[0]["state"] == "stopped"))' "$hosts" \
     && ui_wait 's.get("history") >= 4' 30 >/dev/null && [ "$(saved)" = 4 ]; then
    ok "a Stop while fio runs: the hosts stopped, cancelled, the result saved"
  else
    not_ok "a Stop while fio runs: the hosts stopped, cancelled, the result saved" "status: $s" "$(ls "$results")"
  fi
fi

if [ -n "$can_run" ]; then
  ok "the server stopped, no fio of it left # SKIP $can_run"
elif stop_server; then
  ok "the server stopped, no fio of it left (ps)"
else
  not_ok "the server stopped, no fio of it left" "$(ps -eo pid,args | grep -F -- "--server=127.0.0.1,$port")"
fi

if ui_quit; then ok "app.quit ends the process"
else not_ok "app.quit ends the process"; fi
crit=$(grep -E "CRITICAL|WARNING \*\*|Gtk-WARNING|Adwaita-WARNING" "$UI_LOG" | sort | uniq -c | head -5)
[ -z "$crit" ] && ok "no criticals or warnings in the app's output" || not_ok "no criticals or warnings in the app's output" "$crit"

[ "$failed" = 0 ]
