#!/usr/bin/env bash
# test-ui-leak.sh BUILD_DIR SOURCE_DIR — opening results again and again does not grow the app
#
# TAP. Makes one small result of every test kind with volumeter-cli (in a
# folder of the test's own), starts the real application under Xvfb
# (tests/ui/ui-env.sh) and opens every result ROUNDS times through
# app.open-path, each time waiting until the window shows it. Each open
# builds a result view, its tables and a chart; a page that leaks any of
# them grows the process by tens of kilobytes per open. The resident set
# after the warm-up rounds (caches of fonts, glyphs and icons filled) and
# after the last round must differ by less than LIMIT_KIB in all. Counts
# opens, not time: the same on a fast or a slow machine.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin)"; exit 1; }
done
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none
export GSK_RENDERER=${VOLUMETER_UI_GSK_RENDERER:-cairo}
CLI="$UI_BUILD/src/cli/volumeter-cli"
WARM=4
ROUNDS=16
LIMIT_KIB=3072
n=0
failed=0

cleanup() {
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$UI_BUILD/meson-logs/ui-leak-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$UI_PID/status"; }

# ---- one small result of every kind --------------------------------------------
data="$UI_WORK/data"
results="$UI_WORK/results"
mkdir -p "$data" "$results"
make_result() {   # KIND ARGS…
  local kind=$1
  shift
  if "$CLI" run "$kind" --target "$data" --yes --quiet -o "$results/$kind.volumeter.json" "$@" \
       >"$UI_WORK/cli-$kind.log" 2>&1; then
    ok "volumeter-cli made a $kind result"
  else
    not_ok "volumeter-cli made a $kind result" "$(tail -n 5 "$UI_WORK/cli-$kind.log")"
  fi
}
make_result fill --files 4 --max-bytes 8M
make_result transfer --from 64K --to 256K --region 2M --iterations 2
make_result random --file-size 4M --ios 64 --iterations 2
make_result queue --depths 1,4 --span 4M --seconds 1
make_result threads --threads 1,2 --bytes-per-thread 2M --seconds 1
make_result smallfiles --files 40 --transactions 80
make_result cached --cached-seconds 0.5 --device-seconds 0.5 --source file
mapfile -t files < <(ls "$results"/*.json)

# ---- open them again and again ---------------------------------------------------
if ! ui_launch; then
  not_ok "the app starts" "$(tail -n 5 "$UI_LOG")"
  echo "1..$n"
  exit 1
fi
ui_wait 's.get("state") == "idle"' 30 >/dev/null || not_ok "the app is idle after start-up"

open_all() {
  local f s
  for f in "${files[@]}"; do
    ui_call open-path "$(ui_str "$f")" >/dev/null || return 1
    # open-path may load in the background: wait for the window to show it
    s=$(ui_wait "s.get('result') == $(printf '%s' "$f" | "$UI_PYTHON" -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" 30) \
      || { echo "$f was not shown: $s"; return 1; }
  done
}

bad=""
for r in $(seq "$WARM"); do open_all || bad="warm-up round $r"; done
before=$(rss_kib)
for r in $(seq "$ROUNDS"); do [ -z "$bad" ] && { open_all || bad="round $r"; }; done
after=$(rss_kib)
opens=$((ROUNDS * ${#files[@]}))
if [ -n "$bad" ]; then
  not_ok "every result opens, ${#files[@]} files × $((WARM + ROUNDS)) rounds" "failed in $bad"
else
  ok "every result opens, ${#files[@]} files × $((WARM + ROUNDS)) rounds"
fi
growth=$((after - before))
echo "# resident set after warm-up ${before} KiB, after $opens more opens ${after} KiB: ${growth} KiB"
if [ -n "$before" ] && [ -n "$after" ] && [ "$growth" -lt "$LIMIT_KIB" ]; then
  ok "$opens opens grow the app by less than $LIMIT_KIB KiB (grew $growth KiB, $((growth * 1024 / opens)) B per open)"
else
  not_ok "$opens opens grow the app by less than $LIMIT_KIB KiB" "grew ${growth:-?} KiB ($before → $after)"
fi
if grep -E "CRITICAL|WARNING" "$UI_LOG" | grep -v "^===" >/dev/null; then
  not_ok "the app logs no warning or critical" "$(grep -E 'CRITICAL|WARNING' "$UI_LOG" | head -n 5)"
else
  ok "the app logs no warning or critical"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
