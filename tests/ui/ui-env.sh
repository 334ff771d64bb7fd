# ui-env.sh — shared by tests/test-ui*.sh and bench/ui-responsiveness.sh (sourced, not run)
#
# Drives the real application over D-Bus (org.gtk.Actions on
# /io/github/volumeter/Volumeter, see src/ui/vol-application.c), in a
# private, throw-away environment:
#
#   ui_session "$0" "$@"   unless DISPLAY and a session bus are already set up
#                          (and no Volumeter owns the name there), run the
#                          calling script again under
#                          `xvfb-run … dbus-run-session --` and exit with its
#                          status; VOLUMETER_UI_XVFB=1 forces a private session
#   ui_env_init BUILD SRC  fresh HOME, XDG_* dirs, TMPDIR in $UI_WORK; the
#                          GSettings schema; GSETTINGS_BACKEND=memory;
#                          VOLUMETER_SCRIPTING=1 (the app.* scripting actions
#                          exist only with it; `ui_launch VOLUMETER_SCRIPTING=`
#                          starts the app as a user does)
#   ui_launch [VAR=VALUE…] start the app (env additions), wait for its bus name
#   ui_quit                app.quit, wait for the process to end (kill if it won't)
#   ui_call ACTION [GVARIANT]  org.gtk.Actions.Activate
#   ui_str TEXT            TEXT as a GVariant string literal
#   ui_status              the app.status JSON (normalised to valid JSON)
#   ui_status_strict       exit 1 and print the text if app.status is not valid JSON
#   ui_wait COND SECONDS [TRACE]  poll app.status until the Python expression
#                          COND (over the dict `s`) holds; prints the status;
#                          exit 1 on timeout; TRACE gets each distinct status
#   ui_get KEY             one field of the status JSON on stdin
#   ui_shot PATH SECONDS   app.screenshot, retried until the PNG has > 100 colours
#   ui_png_size, ui_colours, ui_mean FILE   WxH, colour count, mean brightness 0…1
#
# Everything polls; the only sleeps are poll intervals.

UI_APP_ID=io.github.volumeter.Volumeter
UI_OBJ=/io/github/volumeter/Volumeter
UI_XVFB_ARGS=(-a -s "-screen 0 1280x900x24")
if [ -x /usr/bin/python3 ]; then UI_PYTHON=/usr/bin/python3; else UI_PYTHON=python3; fi

# ---- a private X server and session bus -------------------------------------

_ui_name_owned() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || return 1
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$UI_APP_ID" 2>/dev/null | grep -q true
}

ui_session() {
  local script=$1
  shift
  if [ -n "${VOLUMETER_UI_INNER:-}" ]; then
    # our stdout came on fd 3; fd 1 (stderr) is what the bus daemon and the
    # services it starts got, so at-spi2-registryd's chatter stays out of TAP
    if [ "${VOLUMETER_UI_FD3:-}" = 1 ]; then
      exec 1>&3 3>&-
      unset VOLUMETER_UI_FD3
    fi
    return 0
  fi
  if [ -n "${DISPLAY:-}" ] && [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ "${VOLUMETER_UI_XVFB:-0}" != 1 ] \
     && ! _ui_name_owned; then
    return 0
  fi
  for tool in xvfb-run dbus-run-session; do
    if ! command -v "$tool" >/dev/null; then
      echo "Bail out! $tool is needed (apt-get install xvfb xauth dbus)"
      exit 1
    fi
  done
  # The scratch directory outlives the inner script, so that a timed-out
  # xvfb-run's /tmp/xvfb-run.* (it honours TMPDIR) goes with it.
  local work rc
  work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-ui.XXXXXX")
  # set before the bus starts: the services it activates (at-spi) inherit them
  _ui_env_paths "$work"
  VOLUMETER_UI_INNER=1 VOLUMETER_UI_FD3=1 VOLUMETER_UI_WORK="$work" \
    xvfb-run "${UI_XVFB_ARGS[@]}" dbus-run-session -- bash "$script" "$@" 3>&1 1>&2 &
  local child=$!
  # Ctrl-C or a timeout reaches the inner script too (same process group);
  # it cleans up after itself, and this waits for it before removing $work.
  trap 'kill -TERM "$child" 2>/dev/null' INT TERM
  wait "$child"
  rc=$?
  while kill -0 "$child" 2>/dev/null; do
    wait "$child"
    rc=$?
  done
  trap - INT TERM
  _ui_reclaim "$work"
  rm -rf "$work"
  exit $rc
}

# What a killed inner script may have left in WORK: mounts under it, and
# loop devices backed by its files (made by the scripts, so ours), also
# images it listed in WORK/images (those in VOLUMETER_TEST_IMAGE_DIR).
_ui_reclaim() {
  local work=$1 m f l
  [ -d "$work" ] || return 0
  for m in $(awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
  done
  for f in "$work"/*.img $(cat "$work/images" 2>/dev/null); do
    [ -e "$f" ] || continue
    for l in $(losetup -j "$f" -O NAME -n 2>/dev/null); do
      losetup -d "$l" 2>/dev/null
    done
    case $f in "$work"/*) ;; *) rm -f "$f" ;; esac
  done
}

# ---- environment ------------------------------------------------------------

# HOME, XDG_* and TMPDIR inside WORK, so a run leaves nothing in the real home (CONTRIBUTING.md, "The application under Xvfb")
_ui_env_paths() {
  local w=$1
  chmod 755 "$w"
  mkdir -p "$w/home/data" "$w/home/config" "$w/home/cache" "$w/runtime" "$w/tmp"
  chmod 700 "$w/runtime"
  export HOME="$w/home"
  export XDG_DATA_HOME="$w/home/data"
  export XDG_CONFIG_HOME="$w/home/config"
  export XDG_CACHE_HOME="$w/home/cache"
  export XDG_RUNTIME_DIR="$w/runtime"
  export TMPDIR="$w/tmp"
}

ui_env_init() {
  local build=$1 src=$2
  UI_BUILD=$(readlink -f "$build")
  UI_SRC=$(readlink -f "$src")
  UI_APP="$UI_BUILD/src/ui/volumeter"
  UI_CLI="$UI_BUILD/src/cli/volumeter-cli"
  if [ -n "${VOLUMETER_UI_WORK:-}" ] && [ -d "$VOLUMETER_UI_WORK" ]; then
    UI_WORK=$VOLUMETER_UI_WORK
    UI_WORK_OWNED=0
  else
    UI_WORK=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-ui.XXXXXX")
    UI_WORK_OWNED=1
  fi
  _ui_env_paths "$UI_WORK"
  export GSETTINGS_BACKEND=memory
  export VOLUMETER_SCRIPTING=1
  # English messages and result words ("complete"), whatever the caller's locale
  export LC_ALL=C.UTF-8
  unset LANGUAGE
  unset GTK_THEME ADW_DEBUG_COLOR_SCHEME ADW_DEBUG_HIGH_CONTRAST GSK_RENDERER GDK_SCALE
  if [ -f "$UI_BUILD/data/gschemas.compiled" ]; then
    export GSETTINGS_SCHEMA_DIR="$UI_BUILD/data"
  else
    mkdir -p "$UI_WORK/schemas"
    cp "$UI_SRC/data/io.github.volumeter.Volumeter.gschema.xml" "$UI_WORK/schemas/"
    glib-compile-schemas "$UI_WORK/schemas" || return 1
    export GSETTINGS_SCHEMA_DIR="$UI_WORK/schemas"
  fi
  UI_LOG="$UI_WORK/app.log"
  : >"$UI_LOG"
  UI_PID=""
}

# Removes $UI_WORK if ui_env_init made it (call from the script's EXIT trap,
# after unmounting anything in it).
ui_env_cleanup() {
  ui_monitor_stop
  if [ -n "${UI_PID:-}" ] && kill -0 "$UI_PID" 2>/dev/null; then
    kill "$UI_PID" 2>/dev/null
    wait "$UI_PID" 2>/dev/null
  fi
  [ "${UI_WORK_OWNED:-0}" = 1 ] && rm -rf "$UI_WORK"
}

# ---- TAP ----------------------------------------------------------------------

# ok DESC; not_ok DESC [DETAIL…]: one TAP line each, counted in the calling
# script's $n and $failed (it sets both to 0); DETAIL lines become comments.
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /'; done; }
# jget KEY JSON: one field of a status already read
jget() { ui_get "$1" <<<"$2"; }

# ---- the application ----------------------------------------------------------

ui_launch() {
  echo "=== launch $* ($(date +%T.%N))" >>"$UI_LOG"
  env "$@" "$UI_APP" >>"$UI_LOG" 2>&1 </dev/null &
  UI_PID=$!
  if ! gdbus wait --session --timeout 30 "$UI_APP_ID" >/dev/null 2>&1; then
    return 1
  fi
  kill -0 "$UI_PID" 2>/dev/null
}

# app.quit, then wait (poll) for the process to go and the name to be free.
ui_quit() {
  local i rc=0
  [ -n "${UI_PID:-}" ] || return 0
  ui_call quit >/dev/null 2>&1
  # tail returns the moment the process ends; 10 s is only a safety net
  # for an app that ignores quit (a failure, reported as such).
  if ! timeout 10 tail --pid="$UI_PID" -s 0.05 -f /dev/null; then
    kill "$UI_PID" 2>/dev/null
    rc=1
  fi
  wait "$UI_PID" 2>/dev/null
  UI_PID=""
  for i in $(seq 100); do
    _ui_name_owned || break
    sleep 0.05
  done
  return $rc
}

ui_str() {
  local s=${1//\\/\\\\}
  s=${s//\'/\\\'}
  printf "'%s'" "$s"
}

ui_call() {
  local action=$1
  if [ $# -ge 2 ]; then
    gdbus call --session --dest "$UI_APP_ID" --object-path "$UI_OBJ" \
      --method org.gtk.Actions.Activate "$action" "[<$2>]" '{}'
  else
    gdbus call --session --dest "$UI_APP_ID" --object-path "$UI_OBJ" \
      --method org.gtk.Actions.Activate "$action" '[]' '{}'
  fi
}

# The status parser. gdbus prints ((true, signature '', [<'{…}'>]),); the
# string inside is a GVariant literal, close enough to Python's. The app
# escapes its strings with g_strescape, which writes bytes >= 0x7f as octal
# (\342\200\234), not JSON: "status" undoes that, "strict" reports it.
read -r -d '' UI_PY <<'PY' || true
import ast, json, os, re, subprocess, sys, time

APP = "io.github.volumeter.Volumeter"
OBJ = "/io/github/volumeter/Volumeter"

def describe():
    out = subprocess.run(["gdbus", "call", "--session", "--dest", APP, "--object-path", OBJ,
                          "--method", "org.gtk.Actions.Describe", "status"],
                         capture_output=True, text=True, timeout=20)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip())
    m = re.search(r"\[<(.*)>\]\),\)\s*$", out.stdout, re.S)
    if not m:
        raise RuntimeError("unexpected Describe reply: " + out.stdout.strip())
    return ast.literal_eval(m.group(1))

def lenient(text):
    b = text.encode("utf-8")
    def fix(m):
        e = m.group(1)
        if e == b"\\":
            return b"\\\\"
        if e == b"v":
            return b"\\u000b"
        return bytes([int(e, 8)])
    b = re.sub(rb"\\(\\|v|[0-7]{3})", fix, b)
    return json.loads(b.decode("utf-8", "replace"))

def status():
    return lenient(describe())

cmd = sys.argv[1]
if cmd == "status":
    print(json.dumps(status()))
elif cmd == "strict":
    text = describe()
    try:
        json.loads(text)
    except ValueError as e:
        print("%s: %s" % (e, text))
        sys.exit(1)
elif cmd == "monitor":
    # every app.status a `gdbus monitor` log saw, as JSON lines; "t_ms"
    # is when it was seen (monotonic), when the log is stamped
    for line in open(sys.argv[2], errors="replace"):
        m = re.search(r"'status': <('(?:[^'\\]|\\.)*')>", line)
        if m:
            s = lenient(ast.literal_eval(m.group(1)))
            t = re.match(r"([0-9.]+) ", line)
            if t:
                s["t_ms"] = float(t.group(1))
            print(json.dumps(s))
elif cmd == "get":
    v = json.load(sys.stdin).get(sys.argv[2], "")
    print(v if not isinstance(v, float) else repr(v))
elif cmd == "wait":
    cond, timeout = sys.argv[2], float(sys.argv[3])
    trace = open(sys.argv[4], "a") if len(sys.argv) > 4 and sys.argv[4] else None
    t0 = time.monotonic()
    last, s, err = None, {}, ""
    while True:
        try:
            s = status()
            err = ""
        except Exception as e:
            err = str(e)
        if trace and not err:
            line = json.dumps(s)
            if line != last:
                trace.write("%.3f %s\n" % (time.monotonic() - t0, line))
                trace.flush()
                last = line
        if not err:
            try:
                if eval(cond, {}, {"s": s}):
                    print(json.dumps(s))
                    sys.exit(0)
            except Exception:
                pass
        if time.monotonic() - t0 > timeout:
            print(json.dumps(s) + (" (%s)" % err if err else ""))
            sys.exit(1)
        time.sleep(0.02)
PY

ui_status() { "$UI_PYTHON" -c "$UI_PY" status; }
ui_status_strict() { "$UI_PYTHON" -c "$UI_PY" strict; }
ui_wait() { "$UI_PYTHON" -c "$UI_PY" wait "$1" "$2" "${3:-}"; }
ui_get() { "$UI_PYTHON" -c "$UI_PY" get "$1"; }

# Every change of app.status is an org.gtk.Actions.Changed signal: a
# monitor sees each progress update, however fast the run, where polling
# would miss them.
ui_monitor_start() {
  UI_MON_FILE=$1
  : >"$UI_MON_FILE"
  # each line stamped with the monotonic clock, in ms
  "$UI_PYTHON" -u -c '
import signal, subprocess, sys, time
out = open(sys.argv[1], "a", buffering=1)
p = subprocess.Popen(["gdbus", "monitor", "--session", "--dest", sys.argv[2], "--object-path", sys.argv[3]],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
def stop(*_):
    p.terminate()
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
for line in p.stdout:
    out.write("%.1f %s" % (time.monotonic() * 1000, line))
' "$UI_MON_FILE" "$UI_APP_ID" "$UI_OBJ" &
  UI_MON_PID=$!
  local i
  for i in $(seq 200); do
    grep -q "is owned by" "$UI_MON_FILE" && return 0
    sleep 0.02
  done
  return 1
}
ui_monitor_stop() {
  [ -n "${UI_MON_PID:-}" ] || return 0
  kill "$UI_MON_PID" 2>/dev/null
  wait "$UI_MON_PID" 2>/dev/null
  UI_MON_PID=""
}
# ui_monitor_states FILE: the statuses seen, one JSON per line (with "t_ms")
ui_monitor_states() { "$UI_PYTHON" -c "$UI_PY" monitor "$1"; }

# ---- images -----------------------------------------------------------------

ui_png_size() {
  "$UI_PYTHON" -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%dx%d" % struct.unpack(">II", d[16:24]) if d[:8]==b"\x89PNG\r\n\x1a\n" else "not-a-png")' "$1"
}
ui_colours() { identify -format '%k' "$1" 2>/dev/null || echo 0; }
ui_mean() { identify -format '%[fx:mean]' "$1" 2>/dev/null || echo -1; }

# app.screenshot PATH until the window has been drawn (> 100 colours).
ui_shot() {
  local path=$1 timeout=${2:-15} t0 now
  t0=$(date +%s%N)
  while :; do
    rm -f "$path"
    ui_call screenshot "$(ui_str "$path")" >/dev/null 2>&1
    if [ -s "$path" ] && [ "$(ui_colours "$path")" -gt 100 ]; then
      return 0
    fi
    now=$(date +%s%N)
    [ $(( (now - t0) / 1000000000 )) -ge "$timeout" ] && return 1
    sleep 0.1
  done
}
