#!/usr/bin/env bash
# test-hostile.sh VOLUMETER_CLI — what a shared file or a field cannot do
#
# TAP, no root. Results crafted from a real one (tests/data/charts): a
# remote run's stored job that runs a command, a target and a label that
# hold a line of their own or terminal escapes; a FIFO where a file is
# expected. Each case checks what reached stdout and what fio itself reads
# from it (fio --showcmd prints every option it parsed, one by one).
set -u
cli=$(readlink -f "$1")
src=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
n=0
failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
check() { local desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc" "stdout: $(head -c 600 "$work/out")" "stderr: $(cat "$work/err")"; fi; }
# run CODE ARGS…: exit code CODE, output in out and err
run() { local code=$1; shift; "$cli" "$@" >"$work/out" 2>"$work/err"; rc=$?; [ "$rc" -eq "$code" ]; }
no_line_of_its_own() { ! grep -qE 'exec_prerun|PWNED' "$work/out"; }
one_line_naming() { [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q -- "$1" "$work/err"; }

# craft NAME PYTHON-STATEMENTS: the transfer result with `r` changed
craft() {
  python3 - "$src/tests/data/charts/transfer.volumeter.json" "$work/$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(r, open(sys.argv[2], "w"))
PY
}
stored='[global]\nexec_prerun=touch PWNED\n[x]\nrw=read\nsize=1m\n'
craft remote.volumeter.json "r['test']['resolved'].update({'remote-host': 'db1:8765', 'fio-job': '$stored'})"
craft target.volumeter.json "r['target']['path'] = '/mnt/vol\nexec_prerun=touch PWNED'"
craft label.volumeter.json "r['label'] = '\033]0;pwned\007 \033[2J RAID 0\nexec_prerun=x'"

# 1. a field: fio-job TEST --target with a line of its own
check "fio-job TEST --target with a newline exits 2 naming --target" \
  run 2 fio-job transfer --target $'/tmp/a\nexec_prerun=touch PWNED'
check "… prints nothing on stdout and one line naming --target" eval '[ ! -s "$work/out" ] && one_line_naming "^volumeter-cli: fio-job: --target: "'
check "fio-job TEST --target with \${HOME} exits 2" run 2 fio-job transfer --target '/tmp/${HOME}'
check "run --label with ESC exits 2 naming the label, before any I/O" \
  run 2 run transfer --target "$work" --label $'\033[2J' --quiet
check "… one line naming --label, no ESC byte" eval 'one_line_naming "--label: " && ! grep -q $'"'"'\033'"'"' "$work/err"'
check "fio-job RESULT --dir with ';' exits 2 naming --dir" run 2 fio-job "$work/remote.volumeter.json" --dir '/srv/a;b'
check "… one line naming --dir" one_line_naming "fio-job: --dir: "

# 2. a remote result whose stored job runs a command: made again instead
check "the crafted result does hold exec_prerun in its stored job" grep -q exec_prerun "$work/remote.volumeter.json"
check "fio-job on it exits 0" run 0 fio-job "$work/remote.volumeter.json"
check "… and prints no exec_prerun line" no_line_of_its_own
check "… the job the run sent: its folder, ordinary pages" \
  eval 'grep -qx "directory=/mnt/vol" "$work/out" && ! grep -q shmhuge "$work/out"'
if command -v fio >/dev/null; then
  cp "$work/out" "$work/made.fio"
  printf '%b' "$stored" >"$work/stored.fio"
  # the witness: fio reads exec_prerun from the stored text itself
  check "fio --showcmd reads exec_prerun from the stored text (the check can fail)" \
    eval 'fio --showcmd "$work/stored.fio" | grep -q exec_prerun'
  check "fio --showcmd reads no exec_prerun from what fio-job printed" \
    eval 'fio --showcmd "$work/made.fio" >"$work/showcmd" && ! grep -q exec_prerun "$work/showcmd"'
  check "fio --parse-only takes the printed job, and nothing ran" \
    eval 'fio --parse-only "$work/made.fio" >/dev/null 2>&1 && [ ! -e "$work/PWNED" ]'
else
  for i in 1 2 3; do n=$((n + 1)); echo "ok $n # SKIP fio is not installed"; done
fi

# 3. a result whose target holds a line of its own
check "fio-job on a result whose target holds a newline exits 2" run 2 fio-job "$work/target.volumeter.json"
check "… naming target.path, with nothing on stdout" eval 'one_line_naming target.path && [ ! -s "$work/out" ]'
check "show loads it (exit 0)" run 0 show "$work/target.volumeter.json"
check "… and prints the target escaped on one line" \
  eval 'grep -qF "/mnt/vol\\nexec_prerun" "$work/out" && ! grep -q "^exec_prerun" "$work/out"'

# 4. terminal escapes in a label
check "show of a result whose label holds ESC ] and ESC [ exits 0" run 0 show "$work/label.volumeter.json"
check "… prints no ESC byte" eval '! grep -q $'"'"'\033'"'"' "$work/out"'
check "… shows the label escaped, on its own line" \
  eval 'grep -qF "\\x1b]0;pwned\\x07 \\x1b[2J RAID 0\\nexec_prerun=x" "$work/out" && ! grep -q "^exec_prerun" "$work/out"'
check "compare of it prints no ESC byte" \
  eval '"$cli" compare "$work/label.volumeter.json" "$src/tests/data/charts/transfer.volumeter.json" 2>&1 | { ! grep -q $'"'"'\033'"'"'; }'

# 5. a FIFO where a file is expected: refused at once, not read for ever
mkfifo "$work/pipe.json"
for cmd in show import-fio compare fio-job; do
  args=("$work/pipe.json")
  # compare takes two: the FIFO first, so nothing else is read before it
  [ $cmd = compare ] && args+=("$src/tests/data/charts/transfer.volumeter.json")
  timeout 10 "$cli" $cmd "${args[@]}" >"$work/out" 2>"$work/err"; rc=$?
  if [ "$rc" -eq 2 ] && grep -q "FIFO" "$work/err" && grep -q "pipe.json" "$work/err"; then
    ok "$cmd FIFO exits 2 at once, naming it"
  else
    not_ok "$cmd FIFO exits 2 at once, naming it" "exit $rc (124: it blocked)" "stderr: $(cat "$work/err")"
  fi
done
timeout 10 "$cli" show /dev/zero >/dev/null 2>"$work/err"; rc=$?
check "show /dev/zero exits 2, naming a device" eval '[ $rc -eq 2 ] && grep -q device "$work/err"'

echo "1..$n"
[ "$failed" -eq 0 ]
