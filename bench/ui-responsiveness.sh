#!/usr/bin/env bash
# ui-responsiveness.sh — how long the application's main loop stalls during a fill run
#
# Launches the real application (_build/src/ui/volumeter) with
# VOLUMETER_MEASURE_STALLS=1 under Xvfb with a private session bus, waits for
# its first frame, then drives a fill run over D-Bus (app.set-target,
# app.set-param, app.start; app.status read back) on a RAM-backed ext4 loop
# volume, so the device is never what the main loop waits for. The app's
# probe is a 1 ms timeout that records the longest gap between its runs
# (max_stall_ms, reset when a run starts), and the time from process start to
# the first painted frame (first_frame_ms). Every app.status change is also
# caught as a D-Bus signal, so the number of progress updates that reached
# the window is counted too.
#
# Each renderer gets one cold launch first (empty Mesa shader cache and a new
# process: what a first start after installation sees), reported but not in
# the medians, then R measured launches, each: launch, first frame, one fill,
# quit. Targets: no stall over 33 ms during a run (two frames at 60 Hz) and
# the first frame within 300 ms. Before each launch, bench/ui-floor (an
# almost empty libadwaita window, the same toolkit started the same way)
# gives the machine's floor for a first frame: reported beside the app's,
# with the app's own share (its first frame less the floor's).
# The main thread's CPU time during the
# longest stall is reported beside it: on a shared machine a stall can be
# mostly waiting for a CPU, and this tells the app's own work from that.
#
# Needs root (losetup, mkfs, mount). Touches only what it made: its loop
# device (detached by name), mount, backing file in /dev/shm and temp dir.
# Exit status: 0 target met in every measured run, 1 missed or a run failed,
# 2 bad usage or no volume. --smoke (the bench suite, a few seconds): one
# small launch and fill with the default renderer, to show the bench still
# works end to end; its figures are printed but, timed on a shared CI
# machine, not judged (exit 1 only when a run fails).
set -u

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BUILD="$SCRIPT_DIR/../_build"
SRC="$SCRIPT_DIR/.."
SIZE=1G
FILES=200
CHUNK=1M
RUNS=3
RENDERERS="default cairo"
TARGET_MS=33
FIRST_FRAME_MS=300
HISTORY=0
FILLS=1
APP_LOG=""
SMOKE=0

usage() {
  cat <<EOF
Usage: $0 [OPTION…]     (as root)

  --build DIR        build directory (default $BUILD)
  --size SIZE        RAM-backed loop volume, in /dev/shm (default $SIZE)
  --files N          fill: files (default $FILES)
  --chunk SIZE       fill: chunk (default $CHUNK)
  --runs R           measured launches per renderer (default $RUNS)
  --renderers LIST   GSK_RENDERER values, "default" leaves it unset (default "$RENDERERS")
  --history N        put N copies of a saved result in the history first (default $HISTORY):
                     the window reloads every saved result when a run ends
  --fills K          fills per launch (default $FILLS); the first pays for first-time work
                     (fonts, widgets shown for the first time), later ones show the steady state
  --target MS        stall target (default $TARGET_MS)
  --first-frame MS   first-frame target (default $FIRST_FRAME_MS)
  --app-log FILE     keep the application's output (all launches) in FILE
  --smoke            a few seconds: --size 256M --files 8 --runs 1 --renderers default,
                     no targets judged (does the bench still work?)
  -h, --help         this help
EOF
}

while [ $# -gt 0 ]; do
  case $1 in
    --build) BUILD=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --files) FILES=$2; shift 2 ;;
    --chunk) CHUNK=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --renderers) RENDERERS=$2; shift 2 ;;
    --history) HISTORY=$2; shift 2 ;;
    --target) TARGET_MS=$2; shift 2 ;;
    --first-frame) FIRST_FRAME_MS=$2; shift 2 ;;
    --fills) FILLS=$2; shift 2 ;;
    --app-log) APP_LOG=$(readlink -f "$2"); shift 2 ;;
    --smoke) SMOKE=1; SIZE=256M; FILES=8; RUNS=1; RENDERERS=default; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  echo "NOT RUN: needs root for the loop volume (losetup, mkfs.ext4, mount)" >&2
  # 77: meson's "skipped", for the bench suite's smoke run
  [ "$SMOKE" = 1 ] && exit 77
  exit 2
fi

. "$SCRIPT_DIR/../tests/ui/ui-env.sh"
BUILD=$(readlink -f "$BUILD")
SRC=$(readlink -f "$SRC")
ui_session "$0" --build "$BUILD" --size "$SIZE" --files "$FILES" --chunk "$CHUNK" --runs "$RUNS" \
  --renderers "$RENDERERS" --history "$HISTORY" --target "$TARGET_MS" --first-frame "$FIRST_FRAME_MS" --fills "$FILLS" \
  ${APP_LOG:+--app-log "$APP_LOG"} $([ "$SMOKE" = 1 ] && echo --smoke)

ui_env_init "$BUILD" "$SRC" || { echo "cannot set up the environment" >&2; exit 2; }
# the app's scripting actions (app.set-target, app.start…) are opt-in
export VOLUMETER_SCRIPTING=1
work=$UI_WORK
vol="$work/vol"
img=""
loop=""
cleanup() {
  ui_quit >/dev/null 2>&1
  [ -n "$APP_LOG" ] && cp "$UI_LOG" "$APP_LOG"
  ui_monitor_stop
  mountpoint -q "$vol" 2>/dev/null && umount "$vol"
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  [ -n "$img" ] && rm -f "$img"
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The binary measured is a copy: a rebuild meanwhile does not change it.
cp "$UI_APP" "$work/volumeter"
UI_APP="$work/volumeter"

# RAM-backed volume, written out first (first touch of guest RAM is slow,
# docs/performance.md), no lazy init or discard in the background.
img=$(mktemp /dev/shm/volumeter-ui-bench.XXXXXX)
mib=$(numfmt --from=iec "$SIZE")
dd if=/dev/zero of="$img" bs=1M count=$((mib / 1048576)) status=none || { echo "cannot write $img" >&2; exit 2; }
loop=$(losetup -f --show "$img") || { echo "losetup failed" >&2; exit 2; }
mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$loop" >&2 || exit 2
mkdir -p "$vol"
mount "$loop" "$vol" || exit 2

# cpu_snapshot: "tid comm-class ticks" for every thread of the app
cpu_snapshot() {
  local t
  for t in /proc/"$UI_PID"/task/*; do
    { read -r stat <"$t/stat"; } 2>/dev/null || continue
    echo "${t##*/} $(tr ' ' '_' <"$t/comm" 2>/dev/null) ${stat##*) }"
  done | awk '{ print $1, $2, $(14 + 0) + $(15 + 0) }'
}
# cpu_delta BEFORE AFTER: CPU ms of the main thread, of Mesa's threads (llvmpipe-*, the
# shader-cache thread, the GL driver's) and of the rest (the run's worker, gdbus, gmain)
cpu_delta() {
  "$UI_PYTHON" -c '
import os, sys
tick = 1000.0 / os.sysconf("SC_CLK_TCK")
def load(p):
    d = {}
    for l in open(p):
        tid, comm, t = l.split()
        d[tid] = (comm, int(t))
    return d
a, b, pid = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]
main = gl = rest = 0
for tid, (comm, t) in b.items():
    dt = t - a.get(tid, (comm, 0))[1]
    if tid == pid:
        main += dt
    elif comm.startswith("llvmpipe") or comm.startswith("volumet:") or comm == "volumeter":
        gl += dt
    else:
        rest += dt
print("%.0f %.0f %.0f" % (main * tick, gl * tick, rest * tick))' "$1" "$2" "$UI_PID"
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
field() { ui_get "$1" <<<"$2"; }

# measure RENDERER LABEL: one launch, first frame, FILLS fills, quit; a table row per fill
failed=0
rows=()
measure() {
  local r=$1 label=$2 env=(VOLUMETER_MEASURE_STALLS=1) t0 t1 s ff exec_ff set_stall k
  [ "$r" != default ] && env+=("GSK_RENDERER=$r")
  local floor
  floor=$(env "${env[@]}" "$BUILD/bench/ui-floor" 2>/dev/null | awk '/^first_frame_ms/ { print $2 }')
  floor=${floor:-0}
  t0=$(now_ms)
  if ! ui_launch "${env[@]}"; then
    echo "launch failed ($r)" >&2; tail -5 "$UI_LOG" >&2; failed=1; return
  fi
  s=$(ui_wait 's.get("first_frame_ms", 0) > 0' 60) || { echo "no first frame ($r): $s" >&2; failed=1; ui_quit; return; }
  t1=$(now_ms)
  ff=$(field first_frame_ms "$s")
  exec_ff=$((t1 - t0))
  ui_call set-target "$(ui_str "$vol")" >/dev/null
  # the test before its parameters: the default test (Quick) has no chunk
  ui_call set-test "'fill'" >/dev/null
  ui_call set-param "('files', $(ui_str "$FILES"))" >/dev/null
  ui_call set-param "('chunk', $(ui_str "$CHUNK"))" >/dev/null
  s=$(ui_status)
  set_stall=$(field max_stall_ms "$s")
  if [ -n "$(field error "$s")" ]; then echo "set-up refused: $(field error "$s")" >&2; failed=1; ui_quit; return; fi
  for k in $(seq "$FILLS"); do
    ui_monitor_start "$work/monitor.txt" >/dev/null
    cpu_snapshot >"$work/cpu0"
    t0=$(now_ms)
    ui_call start >/dev/null
    s=$(ui_wait 's.get("state") not in ("running", "idle")' 600)
    t1=$(now_ms)
    cpu_snapshot >"$work/cpu1"
    ui_monitor_stop
    local main_cpu gl_cpu rest_cpu
    read -r main_cpu gl_cpu rest_cpu < <(cpu_delta "$work/cpu0" "$work/cpu1")
    if [ "$(field state "$s")" != complete ]; then echo "run ended $(field state "$s"): $(field error "$s")" >&2; failed=1; fi
    # from the signals: progress updates that reached the window, the stall
    # so far at the first (the run's start), and the longest wait between
    # two updates after it (the runner offers one every 33 ms)
    local updates first_stall gap complete_stall end_stall write verdict
    read -r updates first_stall gap < <(ui_monitor_states "$work/monitor.txt" | "$UI_PYTHON" -c '
import json, sys
st = [json.loads(l) for l in sys.stdin]
run = [s for s in st if s["state"] == "running" and s["fraction"] > 0]
gaps = [b["t_ms"] - a["t_ms"] for a, b in zip(run, run[1:])]
print(len(run), run[0]["max_stall_ms"] if run else -1, "%.0f" % max(gaps) if gaps else -1)')
    # The "complete" status is written inside the handler that shows the
    # result, so its max_stall_ms cannot include that handler's own time:
    # one no-op scripting action later, the status is written again.
    complete_stall=$(field max_stall_ms "$s")
    ui_call set-param "('files', $(ui_str "$FILES"))" >/dev/null
    s=$(ui_status)
    end_stall=$(field max_stall_ms "$s")
    stall_cpu=$(field max_stall_cpu_ms "$s")
    write=$("$UI_CLI" show "$(field result "$s")" 2>/dev/null | awk '/Write, all bytes over all time/ { print $(NF-1) }')
    verdict=PASS
    awk -v x="$end_stall" -v t="$TARGET_MS" 'BEGIN { exit !(x > t) }' && verdict=MISS
    [ "$k" = 1 ] && awk -v x="$ff" -v t="$FIRST_FRAME_MS" 'BEGIN { exit !(x > t) }' && verdict=MISS
    [ "$label" = cold ] && verdict="($verdict)"
    rows+=("$(printf '| %-8s | %-8s | %11.0f | %11s | %10s | %12.0f | %19.0f | %16s | %18.0f | %15.1f | %12.1f | %7s | %8s | %8s | %9s | %8s | %10s | %-6s |' \
      "$r" "$label/$k" "$([ $k = 1 ] && echo "$ff" || echo 0)" "$([ $k = 1 ] && echo "$floor")" "$([ $k = 1 ] && echo "$exec_ff")" \
      "$([ $k = 1 ] && echo "$set_stall" || echo 0)" "$first_stall" "$gap" "$complete_stall" "$end_stall" "${stall_cpu:-0}" "$updates" \
      "$main_cpu" "$gl_cpu" "$rest_cpu" "$((t1 - t0))" "${write:-?}" "$verdict")")
    if [ "$label" != cold ]; then
      echo "$r $k $ff $exec_ff $end_stall $gap $main_cpu $gl_cpu $updates ${stall_cpu:-0} $floor" >>"$work/measured.txt"
      [ "$verdict" = MISS ] && [ "$SMOKE" = 0 ] && failed=1
    fi
  done
  ui_quit || echo "the app did not quit; killed" >&2
}

# --history N: N copies of one saved result, made by a first (unmeasured) run
if [ "$HISTORY" -gt 0 ]; then
  ui_launch
  ui_call set-target "$(ui_str "$vol")" >/dev/null
  ui_call set-test "'fill'" >/dev/null
  ui_call set-param "('files', $(ui_str "$FILES"))" >/dev/null
  ui_call start >/dev/null
  s=$(ui_wait 's.get("state") not in ("running", "idle")' 600)
  ui_quit
  src=$(field result "$s")
  for i in $(seq "$HISTORY"); do cp "$src" "${src%.volumeter.json}-copy$i.volumeter.json"; done
fi

{
  echo "# Volumeter UI responsiveness — $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "# $(nproc) CPU $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), kernel $(uname -r)"
  echo "# GTK $(dpkg-query -W -f '${Version}' libgtk-4-1 2>/dev/null), libadwaita $(dpkg-query -W -f '${Version}' libadwaita-1-0 2>/dev/null), Mesa $(dpkg-query -W -f '${Version}' libgl1-mesa-dri 2>/dev/null)"
  echo "# $(cd "$SRC" && git log -1 --format='commit %h %s' 2>/dev/null)"
  echo "# volume: ext4 on a $SIZE loop in /dev/shm; fill: files $FILES, chunk $CHUNK; saved results in the history: $((HISTORY > 0 ? HISTORY + 1 : 0)) + one per run"
}

for r in $RENDERERS; do
  rm -rf "$XDG_CACHE_HOME"/*   # cold: no Mesa shader cache
  # the smoke: one launch, not a cold one besides
  [ "$SMOKE" = 0 ] && measure "$r" cold
  for i in $(seq "$RUNS"); do measure "$r" "$i"; done
done

echo
echo "All times in ms. first frame: the app's own (process start → first paint); floor: bench/ui-floor's, launched"
echo "just before (an almost empty libadwaita window: what the machine and the toolkit cost); exec→frame: measured here,"
echo "launch until app.status first shows it (polling, ~30 ms coarse). set-up stall: the probe's longest main-loop"
echo "gap before the run (start-up, set-target, set-param). Per fill (the probe restarts with each): the longest"
echo "gap so far at the first progress update (the run's start); the longest time between two progress updates"
echo "after it, as seen on D-Bus (the runner offers one every 33 ms, when the worker has news); the probe's"
echo "maximum in the \"complete\" status (without showing the result) and read again after one more action (with"
echo "it: the run's maximum, judged against the target) and the main thread's CPU time within that longest stall"
echo "(the rest of it was waiting: for a CPU, for the X server); the progress updates that reached the window; CPU ms"
echo "during the fill (/proc, 10 ms ticks) of the main thread, of Mesa's threads (llvmpipe-*, shader cache) and"
echo "of the rest (mostly the run's worker); the fill's wall time (start → complete status) and write MB/s."
echo
echo "| renderer | run/fill | first frame | floor frame | exec→frame | set-up stall | stall at 1st update | max gap, updates | stall at complete | max stall (run) | its CPU time | updates | main CPU | Mesa CPU | other CPU | run wall | write MB/s | ≤ ${TARGET_MS} ms, ≤ ${FIRST_FRAME_MS} ms |"
echo "|----------|----------|------------:|------------:|-----------:|-------------:|--------------------:|-----------------:|------------------:|----------------:|-------------:|--------:|---------:|---------:|----------:|---------:|-----------:|--------|"
for row in "${rows[@]}"; do echo "$row"; done
echo
if [ -s "$work/measured.txt" ]; then
  for r in $RENDERERS; do
    for k in $(seq "$FILLS"); do
      awk -v r="$r" -v k="$k" -v t="$TARGET_MS" -v tf="$FIRST_FRAME_MS" -v nf="$FILLS" 'BEGIN { n = 0 } $1 == r && $2 == k { ff[n] = $3; fl[n] = $11; own[n] = $3 - $11; ex[n] = $4; st[n] = $5; gp[n] = $6; mc[n] = $9 ? $7 / $9 : 0; sc[n] = $10; n++; if ($5 > worst) worst = $5; if ($3 > worst_ff) worst_ff = $3 }
        function med(a, n,   i, j, x) { for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
                                         return n % 2 ? a[int(n / 2)] : (a[n / 2 - 1] + a[n / 2]) / 2 }
        END { if (n) printf "%-8s %smedian of %d: first frame %.0f ms (worst %.0f; the floor %.0f, the app'"'"'s own %.0f), exec→first frame %.0f ms, max stall %.1f ms (worst %.1f; main-thread CPU in it %.1f ms), max gap between updates %.0f ms, main-thread CPU per update %.1f ms — %s\n",
                            r, (nf > 1 ? "fill " k ", " : ""), n, med(ff, n), worst_ff, med(fl, n), med(own, n), med(ex, n), med(st, n), worst, med(sc, n), med(gp, n), med(mc, n), (worst > t || (k == 1 && worst_ff > tf) ? "MISS" : "PASS") }' "$work/measured.txt"
    done
  done
  awk '$5 > m { m = $5 } END { printf "longest stall: %.1f ms over %d measured fills\n", m, NR }' "$work/measured.txt"
else
  echo "longest stall: none measured (every run failed)"
  failed=1
fi
exit $failed
