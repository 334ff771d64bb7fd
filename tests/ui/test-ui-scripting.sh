#!/usr/bin/env bash
# test-ui-scripting.sh BUILD_DIR SOURCE_DIR — scripting is opt-in and asks
#
# TAP. Started as a user starts it (no VOLUMETER_SCRIPTING), the app's bus
# object lists no scripting action (org.gtk.Actions.List: no set-target,
# start or export), so no other process of the user can run a test or
# write a file through it; started with VOLUMETER_SCRIPTING=1 it lists
# them. A scripted Start of a fill on the volume that holds the home
# folder stops at "Fill the System Volume?" (the status says "asking" and
# nothing is written) and runs only after app.answer 'fill'; 'cancel'
# runs nothing; an answer the question has not is refused. A scripted
# export never replaces a file: the existing file stays byte-identical
# and the status names it. The same question comes from a real Ctrl+Return
# (xdotool), and Escape on it runs nothing. A quick benchmark that would
# leave a 1 GiB tmpfs under 10 % free asks "Nearly Fill the Volume?",
# naming the amount and what remains (needs root to mount it; skipped,
# saying so, without). A folder with a newline in it is refused by
# set-target, naming it. Every wait polls app.status.
# No root needed; run it alone (is_parallel: false): xvfb-run -a.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas python3 cmp xdotool; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, python3, diffutils, xdotool)"; exit 1; }
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

nearly=""
cleanup() {
  ui_quit >/dev/null 2>&1
  [ -n "$nearly" ] && mountpoint -q "$nearly" && umount "$nearly"
  cp "$UI_LOG" "$logs/ui-scripting-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# the app's actions as its bus object lists them, one per line
actions() {
  gdbus call --session --dest "$UI_APP_ID" --object-path "$UI_OBJ" --method org.gtk.Actions.List \
    | tr -d "()[],'" | tr ' ' '\n' | sed '/^$/d'
}
has_action() { actions | grep -qx "$1"; }
results_dir="$XDG_DATA_HOME/volumeter/results"
n_results() { find "$results_dir" -name '*.volumeter.json' 2>/dev/null | wc -l; }
# what a fill would leave in its target while it runs: the scratch folder
scratch_in() { find "$1" -maxdepth 1 -name '.volumeter-*' | wc -l; }

echo "1..18"

# ---- without VOLUMETER_SCRIPTING: as a user starts it ----------------------------
if ui_launch VOLUMETER_SCRIPTING=; then
  list=$(actions)
  if grep -qx quit <<<"$list" && ! grep -qxE 'set-target|start|export|answer|status' <<<"$list"; then
    ok "without VOLUMETER_SCRIPTING the bus lists no scripting action"
  else
    not_ok "without VOLUMETER_SCRIPTING the bus lists no scripting action" "actions: $(tr '\n' ' ' <<<"$list")"
  fi
  out=$(ui_call set-target "$(ui_str "$HOME")" 2>&1)
  [ $? -ne 0 ] && ok "set-target is refused by the bus" || not_ok "set-target is refused by the bus" "$out"
else
  not_ok "the app starts without VOLUMETER_SCRIPTING" "$(tail -n 5 "$UI_LOG")"
  not_ok "set-target is refused by the bus"
fi
ui_quit || not_ok "app.quit ends it"

# ---- with it ------------------------------------------------------------------------
if ! ui_launch; then
  not_ok "the app starts with VOLUMETER_SCRIPTING=1" "$(tail -n 5 "$UI_LOG")"
  echo "Bail out! no app"
  exit 1
fi
if has_action set-target && has_action answer && has_action export; then
  ok "with VOLUMETER_SCRIPTING=1 the bus lists set-target, answer and export"
else
  not_ok "with VOLUMETER_SCRIPTING=1 the bus lists set-target, answer and export" "actions: $(actions | tr '\n' ' ')"
fi
ui_wait 's.get("state") == "idle"' 20 >/dev/null

# a folder that would put a line of its own in the test's fio job: refused
# as the CLI's --target is (vol-fio-value.c), and not added to the list
ui_call set-target "'$UI_WORK/a\\nexec_prerun=touch PWNED'" >/dev/null
s=$(ui_status)
if [ "$(jget state "$s")" = error ] && grep -q "^set-target: .*control character" <<<"$(jget error "$s")" \
   && ! grep -q exec_prerun <<<"$(jget target "$s")"; then
  ok "set-target with a newline is refused, naming it, and the target stays the one before"
else
  not_ok "set-target with a newline is refused, naming it, and the target stays the one before" "status: $s"
fi

# a small fill in a folder of the home folder's volume: a click would ask
target="$HOME/fill-here"
mkdir -p "$target"
ui_call set-test "$(ui_str fill)" >/dev/null
ui_call set-target "$(ui_str "$target")" >/dev/null
for kv in "files 1" "chunk 1M" "max-bytes 1M" "reserve 0"; do
  set -- $kv
  ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
done
before=$(n_results)
ui_call start >/dev/null
if s=$(ui_wait 's.get("state") == "asking"' 30) && [ "$(jget question "$s")" = "Fill the System Volume?" ] \
   && [ "$(jget run_state "$s")" = idle ] && [ "$(jget can_start "$s")" = False ] \
   && [ "$(scratch_in "$target")" = 0 ]; then
  ok "a scripted start of a fill on the home folder's volume stops at the question"
else
  not_ok "a scripted start of a fill on the home folder's volume stops at the question" "status: $s"
fi
ui_call start >/dev/null
ui_call answer "$(ui_str yes)" >/dev/null
s=$(ui_status)
if [ "$(jget state "$s")" = asking ] && grep -q '“yes” is not an answer' <<<"$(jget error "$s")"; then
  ok "an answer the question has not is refused, and it still asks"
else
  not_ok "an answer the question has not is refused, and it still asks" "status: $s"
fi
ui_call answer "$(ui_str cancel)" >/dev/null
s=$(ui_wait 's.get("state") != "asking"' 10)
if [ "$(jget state "$s")" = idle ] && [ "$(n_results)" = "$before" ] && [ "$(scratch_in "$target")" = 0 ]; then
  ok "answered 'cancel', nothing runs"
else
  not_ok "answered 'cancel', nothing runs" "status: $s"
fi
out=$(ui_call answer "$(ui_str fill)" 2>&1)
s=$(ui_status)
grep -q "Nothing is being asked" <<<"$(jget error "$s")" && ok "an answer with no question is refused" \
  || not_ok "an answer with no question is refused" "status: $s"

ui_call start >/dev/null
ui_wait 's.get("state") == "asking"' 30 >/dev/null
ui_call answer "$(ui_str fill)" >/dev/null
if s=$(ui_wait 's.get("state") not in ("asking", "running", "idle")' 120) && [ "$(jget state "$s")" = complete ] \
   && [ -s "$(jget result "$s")" ] && [ "$(n_results)" -gt "$before" ]; then
  ok "answered 'fill', the run goes and its result is saved"
else
  not_ok "answered 'fill', the run goes and its result is saved" "status: $s" "$(tail -n 5 "$UI_LOG")"
fi
[ "$(scratch_in "$target")" = 0 ] && ok "no scratch folder is left in the target" \
  || not_ok "no scratch folder is left in the target" "$(ls -A "$target")"

# ---- the same through real input: Ctrl+Return, then the dialog's keys -------------------
# xdotool sends real X key events (XTEST) to the focused window: a person's
# shortcut asks the same question, and the status follows it.
win=$(xdotool search --sync --onlyvisible --name '^Volumeter$' | head -1)
xdotool windowfocus --sync "$win" key --clearmodifiers ctrl+Return
if s=$(ui_wait 's.get("state") == "asking"' 20) && [ "$(jget question "$s")" = "Fill the System Volume?" ]; then
  ok "Ctrl+Return asks the same question (status: asking)"
else
  not_ok "Ctrl+Return asks the same question (status: asking)" "status: $s"
fi
dlg=$(xdotool search --sync --onlyvisible --name '^Fill the System Volume' | head -1)
xdotool windowfocus --sync "$dlg" key Escape
if s=$(ui_wait 's.get("state") != "asking"' 20) && [ "$(jget run_state "$s")" = idle ] && [ "$(scratch_in "$target")" = 0 ]; then
  ok "Escape on the question runs nothing, and the status follows"
else
  not_ok "Escape on the question runs nothing, and the status follows" "status: $s"
fi

# ---- export never replaces a file ------------------------------------------------------
existing="$UI_WORK/existing.csv"
printf 'keep me\n' >"$existing"
cp "$existing" "$UI_WORK/existing.orig"
ui_call export "($(ui_str csv), $(ui_str "$existing"))" >/dev/null
s=$(ui_wait 's.get("exporting") == 0' 30)
if [ "$(jget state "$s")" = error ] && grep -qF "$existing already exists" <<<"$(jget error "$s")"; then
  ok "a scripted export onto an existing file fails, naming it"
else
  not_ok "a scripted export onto an existing file fails, naming it" "status: $s"
fi
cmp -s "$existing" "$UI_WORK/existing.orig" && ok "the existing file is byte-identical" \
  || not_ok "the existing file is byte-identical" "$(head -c 200 "$existing")"
fresh="$UI_WORK/fresh.csv"
ui_call export "($(ui_str csv), $(ui_str "$fresh"))" >/dev/null
s=$(ui_wait 's.get("exporting") == 0' 30)
if [ "$(jget state "$s")" = idle ] && [ -z "$(jget error "$s")" ] && grep -q '^Write,' "$fresh"; then
  ok "a scripted export to a new name writes it"
else
  not_ok "a scripted export to a new name writes it" "status: $s"
fi
leftover=$(find "$TMPDIR" -maxdepth 1 -name 'volumeter-export-*' | wc -l)
[ "$leftover" = 0 ] && ok "the exports leave no private folder in TMPDIR" \
  || not_ok "the exports leave no private folder in TMPDIR" "$(ls "$TMPDIR")"

# ---- a set amount that would leave a volume nearly full ------------------------------
# A quick benchmark asked for 2 GiB on a 1 GiB tmpfs fits its file to the
# free space less 64 MiB (960 MiB): 64 MiB of 1 GiB would remain, 6 %.
if [ "$(id -u)" -ne 0 ]; then
  ok "a quick that would leave under 10 % free asks, naming the amount # SKIP needs root to mount a tmpfs; CI runs as root"
  ok "answered 'cancel', nothing is written there # SKIP needs root"
else
  nearly="$UI_WORK/nearly"
  mkdir -p "$nearly"
  mount -t tmpfs -o size=1g volumeter-test "$nearly"
  ui_call set-test "$(ui_str quick)" >/dev/null
  ui_call set-target "$(ui_str "$nearly")" >/dev/null
  for kv in "size 2G" "loops 1" "seconds 0.2"; do
    set -- $kv
    ui_call set-param "($(ui_str "$1"), $(ui_str "$2"))" >/dev/null
  done
  ui_call start >/dev/null
  if s=$(ui_wait 's.get("state") == "asking"' 30) && [ "$(jget question "$s")" = "Nearly Fill the Volume?" ] \
     && grep -qF "keeps up to 960 MiB there while it runs, leaving 64 MiB of its 1 GiB free (6 %)" <<<"$(jget question_body "$s")" \
     && [ "$(jget run_state "$s")" = idle ] && [ "$(scratch_in "$nearly")" = 0 ]; then
    ok "a quick that would leave under 10 % free asks, naming the amount ($(jget question_body "$s"))"
  else
    not_ok "a quick that would leave under 10 % free asks, naming the amount" "status: $s"
  fi
  ui_call answer "$(ui_str cancel)" >/dev/null
  s=$(ui_wait 's.get("state") != "asking"' 10)
  if [ "$(jget state "$s")" = idle ] && [ -z "$(ls -A "$nearly")" ]; then
    ok "answered 'cancel', nothing is written there"
  else
    not_ok "answered 'cancel', nothing is written there" "status: $s" "$(ls -A "$nearly")"
  fi
  umount "$nearly"
fi

[ "$failed" -eq 0 ]
