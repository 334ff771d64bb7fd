#!/usr/bin/env bash
# test-remote-hostile.sh VOLUMETER_CLI — remote runs against hosts that misbehave
#
# TAP. Real `fio --server`s (as in test-remote.sh) beside fake servers of our own (fake-fio-server.py, fio's protocol):
#   - one that asks the client for files (SENDFILE: a secret made outside
#     the client's private folder, /etc/shadow) and to write files (IOLOG:
#     an absolute name, ../x, and a name inside its folder): no byte of
#     the files reaches it, nothing is written outside the private folder,
#     and the host fails with a message naming it and what it asked;
#   - one that answers the probe and then says nothing: it fails alone at
#     the run timeout, the real host keeps its result, "All clients" sums
#     the real host only;
#   - one that floods 2 MiB of messages: it fails alone, "sent too much";
#   - a relay to the real server that puts a control byte in a job's
#     name: that host fails alone;
#   - SIGKILL of a run held by a silent host (the seam: the fake server
#     has the job): the fio client dies with it (the fake sees its
#     connection close), `cleanup $TMPDIR` removes the run's folder, and
#     nothing else is left in $TMPDIR;
#   - as root with no Landlock (VOLUMETER_TEST_LANDLOCK_ABI=0): refused,
#     saying why, before anything is sent; as a normal user: it runs, and
#     its result carries the "unconfined" caveat.
set -u
cli=$(readlink -f "$1")
here=$(dirname "$(readlink -f "$0")")
fake="$here/fake-fio-server.py"
n=0
failed=0

if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root for a loop volume and a PID namespace; CI runs it as root"
  exit 0
fi
for tool in fio unshare python3 mkfs.ext4; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    printf '1..1\nnot ok 1 - %s is installed (build-aux/debian-packages.txt)\n' "$tool"
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-hostile.XXXXXX")
target="$work/target"
mkdir "$target" "$work/tmp" "$work/cwd"
# the runs' $TMPDIR: what a run leaves there is seen
export TMPDIR="$work/tmp"
declare -a loops server_pids
fake_pids=()

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1" "${@:3}"; fi; }

cleanup() {
  for p in "${fake_pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  for i in 1 2; do
    if [ -n "${server_pids[$i]:-}" ]; then
      kill -9 -- "-${server_pids[$i]}" 2>/dev/null
      wait "${server_pids[$i]}" 2>/dev/null
    fi
  done
  # the namespaces' mounts go with them; then the devices are free
  for i in 1 2; do
    if [ -n "${loops[$i]:-}" ]; then
      for _ in $(seq 100); do losetup -d "${loops[$i]}" 2>/dev/null && break; sleep 0.1; done
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

# wait_for COND: polls COND for up to 30 s (a loaded machine)
wait_for() {
  for _ in $(seq 300); do eval "$1" && return 0; sleep 0.1; done
  return 1
}

# start_fake NAME MODE ARGS…: a fake server; its port in $port, its log $work/NAME.log
start_fake() {
  local name=$1
  shift
  python3 "$fake" "$1" "$work/$name.port" "$work/$name.log" "${@:2}" 2>"$work/$name.err" &
  fake_pids+=($!)
  wait_for "[ -s '$work/$name.port' ]" || { echo "Bail out! fake server $name: $(cat "$work/$name.err")"; exit 1; }
  port=$(cat "$work/$name.port")
}

# Two real servers, as in test-remote.sh: each the first process of a PID
# namespace (its job processes go with it) and of a mount namespace where
# its own ext4 volume is at $target (two hosts, the same folder named).
declare -a real_ports
for i in 1 2; do
  truncate -s 128M "$work/vol$i.img"
  loops[$i]=$(losetup -f --show "$work/vol$i.img") || { echo "Bail out! losetup"; exit 1; }
  mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "${loops[$i]}" >&2 || { echo "Bail out! mkfs"; exit 1; }
  real_ports[$i]=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  setsid unshare -m --propagation private --pid --fork --kill-child \
    sh -c "mount ${loops[$i]} '$target' && exec fio --server=127.0.0.1,${real_ports[$i]}" >"$work/server$i.log" 2>&1 &
  server_pids[$i]=$!
  wait_for "(exec 3<>/dev/tcp/127.0.0.1/${real_ports[$i]}) 2>/dev/null" ||
    { echo "Bail out! fio server $i: $(cat "$work/server$i.log")"; exit 1; }
done
real_port=${real_ports[1]}
real="127.0.0.1:$real_port"

# state FILE: the result's state and message
state() { python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["status"]; print(s["state"], s.get("message") or "")' "$1"; }
host_file() { ls "$work/$1"/volumeter-*-"127.0.0.1-$2".volumeter.json 2>/dev/null; }
aggregate_hosts() {
  python3 -c 'import json,sys,glob
for p in glob.glob(sys.argv[1] + "/*.volumeter.json"):
    r = json.load(open(p))["test"].get("resolved", {})
    if "remote-hosts" in r: print(",".join(r["remote-hosts"]))' "$work/$1"
}
tmp_empty() { [ -z "$(ls -A "$TMPDIR")" ]; }

# run NAME HOSTS ARGS…: a queue run from $work/cwd into $work/NAME/, its status in $rc
run() {
  local name=$1 hosts=$2
  shift 2
  rm -rf "${work:?}/$name"
  mkdir "$work/$name"
  (cd "$work/cwd" && "$cli" run queue --hosts "$hosts" --target "$target" --depths 1 --seconds 1 --span 16M \
     -o "$work/$name" "$@" >"$work/$name/out" 2>"$work/$name/err")
  rc=$?
}

# --- a host that asks for files ----------------------------------------------
printf 'the secret of %s\n' "$work" >"$work/secret"
start_fake ask ask "$work/secret" /etc/shadow -- "$work/pwned" ../x inside
ask_port=$port
run ask "127.0.0.1:$ask_port"
msg=$(state "$(host_file ask "$ask_port")")
check "a host that asks for files: exit 1" '[ $rc -eq 1 ]' "exit $rc" "$(cat "$work/ask/err")"
check "it fails, the message naming the host and that it asked for a file" \
  'printf "%s" "$msg" | grep -q "^failed host 127.0.0.1:$ask_port asked for a file of this machine (fio.s SENDFILE)"' "$msg"
check "the message names the files it asked to write" \
  'printf "%s" "$msg" | grep -qF "“$work/pwned.127.0.0.1”" && printf "%s" "$msg" | grep -qF "“../x.127.0.0.1”" &&
   printf "%s" "$msg" | grep -qF "“inside.127.0.0.1”"' "$msg"
check "the client answered both SENDFILEs with an error, not the file (EACCES)" \
  '[ "$(grep -c "^sendfile-reply [0-9]* 13$" "$work/ask.log")" -eq 2 ]' "$(cat "$work/ask.log")"
check "no byte of the secret reached the host" '! grep -qaF "the secret of" "$work/ask.log.received"'
check "nothing of /etc/shadow reached the host" \
  '[ ! -s /etc/shadow ] || ! grep -qaF "$(head -c 40 /etc/shadow)" "$work/ask.log.received"'
check "nothing written outside the private folder: not at the absolute name, not in the user's folder" \
  '[ ! -e "$work/pwned.127.0.0.1" ] && [ -z "$(ls -A "$work/cwd")" ] && [ ! -e "$work/x.127.0.0.1" ]' \
  "$(ls -A "$work" "$work/cwd")"
check "nothing left in \$TMPDIR (the private folder went with the run)" tmp_empty "$(ls -A "$TMPDIR")"

# --- a silent host fails alone at the run timeout ------------------------------
start_fake silent silent
silent_port=$port
start=$(date +%s)
run silent "$real,127.0.0.1:$silent_port" --run-timeout 8
took=$(( $(date +%s) - start ))
check "a silent host: exit 1" '[ $rc -eq 1 ]' "exit $rc" "$(cat "$work/silent/err")"
check "the silent host fails at the run timeout" \
  'state "$(host_file silent "$silent_port")" | grep -q "^failed .*did not finish within the run timeout of 8 s"' \
  "$(state "$(host_file silent "$silent_port")")"
check "the real host keeps its result" 'state "$(host_file silent "$real_port")" | grep -q "^complete"' \
  "$(state "$(host_file silent "$real_port")")"
check "All clients sums the real host only" '[ "$(aggregate_hosts silent)" = "$real" ]' "$(aggregate_hosts silent)"
check "done soon after the timeout: a host that never started is not given fio's grace (${took} s)" '[ "$took" -lt 20 ]'

# --- a host that floods ----------------------------------------------------------
start_fake flood flood $((2 * 1024 * 1024))
flood_port=$port
run flood "$real,127.0.0.1:$flood_port"
check "a flooding host fails alone, sent too much" \
  'state "$(host_file flood "$flood_port")" | grep -q "^failed 127.0.0.1:$flood_port sent too much"' \
  "$(state "$(host_file flood "$flood_port")")"
check "beside it the real host completes" 'state "$(host_file flood "$real_port")" | grep -q "^complete"' \
  "$(state "$(host_file flood "$real_port")")"

# --- a host that names a job with a control byte --------------------------------------
# a relay to the second real server, renaming qd1 to "qd1\a" (BEL) in its
# figures: fio writes the byte into its JSON as it is, which the importer
# refuses (were it escaped, the run's own check of section names would)
start_fake rename rename "${real_ports[2]}" 'qd1\x07'
rename_port=$port
run rename "$real,127.0.0.1:$rename_port"
check "a job name with a control byte: that host fails alone" \
  'grep -qx renamed "$work/rename.log" &&
   state "$(host_file rename "$rename_port")" | grep -q "^failed .*control character"' \
  "$(state "$(host_file rename "$rename_port")")" "$(cat "$work/rename.log")"
check "beside it the real host completes, All clients over it alone" \
  'state "$(host_file rename "$real_port")" | grep -q "^complete" && [ "$(aggregate_hosts rename)" = "$real" ]' \
  "$(state "$(host_file rename "$real_port")")" "$(aggregate_hosts rename)"

# --- SIGKILL of a run: no fio client left, cleanup finds its folder ------------------
start_fake held silent
held_port=$port
"$cli" run queue --hosts "127.0.0.1:$held_port" --target "$target" --depths 1 --seconds 1 --span 16M \
  --run-timeout 300 -o "$work" -q >"$work/kill.out" 2>&1 &
cli_pid=$!
wait_for "grep -qx job '$work/held.log'"
check "the held run's client has sent its job" 'grep -qx job "$work/held.log"' "$(cat "$work/kill.out")"
kill -9 "$cli_pid"
wait "$cli_pid" 2>/dev/null
# the client's connection closes when it dies (PR_SET_PDEATHSIG)
wait_for "grep -qx 'gone job' '$work/held.log'"
check "SIGKILL of the run: its fio client died with it" \
  'grep -qx "gone job" "$work/held.log" && ! pgrep -f -- "--client=127.0.0.1,$held_port" >/dev/null' \
  "$(cat "$work/held.log")" "$(pgrep -af -- "--client=127.0.0.1,$held_port")"
left=$(ls -A "$TMPDIR")
check "what it left is its scratch folder alone" '[[ "$left" =~ ^\.volumeter-[A-Za-z0-9]{6}$ ]]' "$left"
"$cli" cleanup "$TMPDIR" >"$work/cleanup.out" 2>&1
check "cleanup removes it" 'grep -q "^Removed $TMPDIR/.volumeter-" "$work/cleanup.out" && tmp_empty' \
  "$(cat "$work/cleanup.out")" "$(ls -A "$TMPDIR")"

# --- no Landlock, as root: refused before anything is sent ---------------------------
start_fake nolandlock silent
VOLUMETER_TEST_LANDLOCK_ABI=0 run nolandlock "127.0.0.1:$port"
check "as root with no Landlock: refused (exit 1), saying why" \
  '[ $rc -eq 1 ] && grep -q "no Landlock.*as root" "$work/nolandlock/err"' "exit $rc" "$(cat "$work/nolandlock/err")"
check "nothing was sent, nothing left" '! grep -qx job "$work/nolandlock.log" 2>/dev/null && tmp_empty' \
  "$(cat "$work/nolandlock.log" 2>/dev/null)"

# --- no Landlock, as a normal user: runs, and the result says so -----------------------
if command -v setpriv >/dev/null 2>&1; then
  chmod 0711 "$work"
  mkdir -m 0777 "$work/user" "$work/user/tmp" "$work/user/out"
  setpriv --reuid=65534 --regid=65534 --clear-groups \
    env TMPDIR="$work/user/tmp" VOLUMETER_TEST_LANDLOCK_ABI=0 \
    "$cli" run queue --hosts "$real" --target "$target" --depths 1 --seconds 1 --span 16M \
      -o "$work/user/out" >"$work/user/run.out" 2>&1
  rc=$?
  user_result=$(ls "$work"/user/out/*.volumeter.json 2>/dev/null | head -1)
  check "a normal user with no Landlock: the run goes (exit 0)" '[ $rc -eq 0 ]' "exit $rc" "$(cat "$work/user/run.out")"
  check "its result says the client ran unconfined (caveat unconfined)" \
    '[ -n "$user_result" ] && "$cli" show "$user_result" | grep -q "unconfined (this kernel has no Landlock)"' \
    "$("$cli" show "$user_result" 2>&1 | head -20)"
  check "nothing left in its \$TMPDIR" '[ -z "$(ls -A "$work/user/tmp")" ]' "$(ls -A "$work/user/tmp")"
else
  not_ok "setpriv is installed (util-linux)"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
