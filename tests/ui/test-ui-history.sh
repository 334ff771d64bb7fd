#!/usr/bin/env bash
# test-ui-history.sh BUILD_DIR SOURCE_DIR — History in the real application
#
# TAP. Puts result files of several test kinds and dates into the autosave
# folder ($XDG_DATA_HOME/volumeter/results, vol_application_results_dir()),
# named so that their file names sort in another order than their times,
# plus one file that does not load; starts the app under Xvfb (ui-env.sh)
# and reads History's rows from app.status ("history_rows", in the order
# shown): newest first, the day headings, each row's headline figure in its
# kind's unit (random I/O in IO/s, not MB/s), and that ticking results of
# two test kinds is refused (app.history-choose acts as a click on the box)
# while two of one kind may be ticked; that the CSV of two opened together
# is what `volumeter-cli export` writes for them; that switching binary
# units on re-renders the figures at once. Every wait polls app.status.
# No root needed; run it alone (is_parallel: false): xvfb-run -a.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
for tool in gdbus glib-compile-schemas python3; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, python3)"; exit 1; }
done
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
export GTK_A11Y=none
export GSK_RENDERER=${VOLUMETER_UI_GSK_RENDERER:-cairo}
[ "$GSK_RENDERER" = default ] && unset GSK_RENDERER
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
n=0
failed=0

cleanup() {
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$logs/ui-history-app.log" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM

app_log_tail() { tail -n 5 "$UI_LOG" | sed 's/^/app: /'; }

# ---- the results folder --------------------------------------------------------
results="$XDG_DATA_HOME/volumeter/results"
mkdir -p "$results"
# From the fill and queue fixtures: a random I/O run and a small-files run
# are made by replacing the test, series, summaries and figures with what
# those tests write (src/engine/vol-test-random.c, vol-test-smallfiles.c).
# Times are relative to now, so "Today" and "Yesterday" hold on any day;
# "a" names the oldest file, "e" the newest, against their times.
if ! python3 - "$UI_SRC/tests/data/compare" "$results" <<'EOF'
import copy, datetime, json, sys
src, out = sys.argv[1], sys.argv[2]
fill = json.load(open(src + "/fill-64k.volumeter.json"))
queue = json.load(open(src + "/queue.volumeter.json"))
now = datetime.datetime.now(datetime.timezone.utc)

def at(d, delta, label):
    d = copy.deepcopy(d)
    d["created"] = (now - delta).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    d["label"] = label
    return d

def series(name, title, unit, values):
    return {"name": name, "title": title, "x": "iteration", "y": "ops",
            "columns": [{"name": "iteration", "unit": "", "values": list(range(1, len(values) + 1))},
                        {"name": "ops", "unit": unit, "values": values}]}

def summary(name, unit, values):
    m = sum(values) / len(values)
    return {"series": name, "column": "ops", "unit": unit, "count": len(values), "mean": m,
            "stddev": 0.0, "min": min(values), "max": max(values), "median": m}

def random_io(delta, label, ops):
    d = at(fill, delta, label)
    d["test"]["kind"] = "random"
    d["test"]["parameters"] = {"ios": 16384, "chunk": 4096, "iterations": 2}
    d["test"]["resolved"] = {}
    d["series"] = [series("write", "Write", "ops/s", ops)]
    d["summary"] = [summary("write", "ops/s", ops)]
    d["figures"] = [{"name": "write-average", "title": "Write, average", "unit": "ops/s", "value": sum(ops) / len(ops)}]
    d["counters"] = []
    return d

def smallfiles(delta, label):
    d = at(fill, delta, label)
    d["test"]["kind"] = "smallfiles"
    d["test"]["parameters"] = {"files": 5000}
    d["test"]["resolved"] = {}
    d["series"] = []
    d["summary"] = []
    d["figures"] = [{"name": "transactions-per-s", "title": "Transactions", "unit": "/s", "value": 6390.8}]
    d["counters"] = []
    return d

day = datetime.timedelta(days=1)
files = {
    # name: result                                              (shown as)
    "a-random.volumeter.json": random_io(datetime.timedelta(0), "Random 4K", [18000.0, 18958.0]),   # 1st, today
    "e-fill.volumeter.json": at(fill, datetime.timedelta(seconds=1), None),                          # 2nd, today
    "c-queue.volumeter.json": at(queue, day, "Queue run"),                                           # 3rd, yesterday
    "d-random.volumeter.json": random_io(day + datetime.timedelta(seconds=1), None, [900.0, 1100.0]),# 4th, yesterday
    "b-smallfiles.volumeter.json": smallfiles(3 * day, "Mail spool"),                                # 5th, a date
}
for name, d in files.items():
    json.dump(d, open(out + "/" + name, "w"))
open(out + "/f-broken.volumeter.json", "w").write('{"format": "volumeter-result", "version": 1')
EOF
then
  echo "Bail out! cannot write the result files"
  exit 1
fi
ok "six result files in the autosave folder: random, fill, queue, small files, one that does not load"

# ---- the app ----------------------------------------------------------------------
# the keyfile backend, which watches its file: a setting changed from outside
# (gsettings) reaches the running app as Preferences' switch would
if ui_launch GSETTINGS_BACKEND=keyfile; then ok "the app starts and owns $UI_APP_ID on the bus"
else not_ok "the app starts and owns $UI_APP_ID on the bus" "$(app_log_tail)"; echo "Bail out! no app"; exit 1; fi

# History reads the folder on a worker thread: poll until its rows arrive
if s=$(ui_wait 'len(s.get("history_rows", [])) == 6' 30); then
  ok "History lists the six files (history = $(ui_get history <<<"$s"))"
else
  not_ok "History lists the six files" "status: $s" "$(app_log_tail)"
  echo "1..$n"
  exit 1
fi

# rows: one "path kind unit figure day chosen sensitive" line each, in order
rows() {
  python3 -c '
import json, os, sys
for r in json.loads(sys.argv[1])["history_rows"]:
    print("\t".join([os.path.basename(r["path"]), r["kind"], r["unit"], r["figure"], r["day"],
                     str(r["chosen"]).lower(), str(r["sensitive"]).lower(), r["label"]]))' "$1"
}
table=$(rows "$s")
order=$(cut -f1 <<<"$table" | tr '\n' ' ')
# the broken file has only its mtime (now), so it sits among today's
expected_loaded="a-random.volumeter.json e-fill.volumeter.json c-queue.volumeter.json d-random.volumeter.json b-smallfiles.volumeter.json "
loaded=$(grep -v '^f-broken' <<<"$table" | cut -f1 | tr '\n' ' ')
[ "$loaded" = "$expected_loaded" ] && ok "newest first, whatever the file names: $loaded" \
  || not_ok "newest first, whatever the file names" "got:  $order" "want: $expected_loaded (f-broken anywhere today)"

field() { awk -F'\t' -v f="$1" -v c="$2" '$1 == f { print $c }' <<<"$table"; }
check_row() {   # FILE KIND UNIT FIGURE-SUFFIX
  local unit figure
  unit=$(field "$1" 3)
  figure=$(field "$1" 4)
  if [ "$unit" = "$3" ] && [[ "$figure" == *" $4" ]] && [[ "$figure" =~ ^[0-9] ]]; then
    ok "$2: the headline is in $4 ($figure)"
  else
    not_ok "$2: the headline is in $4" "unit '$unit', figure '$figure'"
  fi
}
check_row a-random.volumeter.json "random I/O" IO/s "IO/s"
check_row d-random.volumeter.json "random I/O, unlabelled" IO/s "IO/s"
check_row e-fill.volumeter.json fill B/s "MB/s"
check_row c-queue.volumeter.json "queue depth" IO/s "IO/s"
check_row b-smallfiles.volumeter.json "small files" transactions/s "transactions/s"
fig=$(field a-random.volumeter.json 4)
[ "$fig" = "18479 IO/s" ] && ok "random I/O: the average of its writes, 18479 IO/s" \
  || not_ok "random I/O: the average of its writes, 18479 IO/s" "got '$fig'"
[ "$(field a-random.volumeter.json 8)" = "Random 4K" ] && ok "the row carries its label" \
  || not_ok "the row carries its label" "$(field a-random.volumeter.json 8)"

d_new=$(field a-random.volumeter.json 5)
d_fill=$(field e-fill.volumeter.json 5)
d_old=$(field c-queue.volumeter.json 5)
d_older=$(field b-smallfiles.volumeter.json 5)
if [ "$d_new" = Today ] && [ "$d_fill" = Today ] && [ "$d_old" = Yesterday ] \
   && [ -n "$d_older" ] && [ "$d_older" != Today ] && [ "$d_older" != Yesterday ]; then
  ok "grouped by day: Today, Yesterday, then \"$d_older\""
else
  not_ok "grouped by day" "random '$d_new', fill '$d_fill', queue '$d_old', small files '$d_older'"
fi
[ "$(field f-broken.volumeter.json 7)" = false ] && ok "the file that does not load is listed, without a box" \
  || not_ok "the file that does not load is listed, without a box" "$table"

# ---- ticking -------------------------------------------------------------------------
choose() {   # FILE true|false
  ui_call history-choose "($(ui_str "$results/$1"), $2)" >/dev/null
}
choose a-random.volumeter.json true
if s=$(ui_wait 'any(r["chosen"] for r in s["history_rows"] if r["path"].endswith("/a-random.volumeter.json"))' 10); then
  ok "a random I/O result is ticked"
else
  not_ok "a random I/O result is ticked" "status: $s"
fi
table=$(rows "$s")
[ "$(field e-fill.volumeter.json 7)" = false ] && [ "$(field c-queue.volumeter.json 7)" = false ] \
  && [ "$(field d-random.volumeter.json 7)" = true ] \
  && ok "the other kinds' boxes are insensitive, the other random result's is not" \
  || not_ok "the other kinds' boxes are insensitive, the other random result's is not" "$table"

choose e-fill.volumeter.json true
# the action has run once app.status answers again; the fill must not be ticked
s=$(ui_status)
table=$(rows "$s")
[ "$(field e-fill.volumeter.json 6)" = false ] && ok "ticking a fill beside a random I/O result is refused" \
  || not_ok "ticking a fill beside a random I/O result is refused" "$table"

choose d-random.volumeter.json true
if s=$(ui_wait '[r["chosen"] for r in s["history_rows"] if "-random." in r["path"]] == [True, True]' 10); then
  ok "a second random I/O result can be ticked"
else
  not_ok "a second random I/O result can be ticked" "status: $s"
fi

choose a-random.volumeter.json false
choose d-random.volumeter.json false
if s=$(ui_wait 'not any(r["chosen"] for r in s["history_rows"]) and all(r["sensitive"] for r in s["history_rows"] if not r["error"])' 10); then
  ok "cleared, every box is sensitive again"
else
  not_ok "cleared, every box is sensitive again" "status: $s"
fi

# ---- a comparison's CSV: the one table builder the CLI uses ---------------------------
# The two random results opened together, exported as CSV by the window,
# must be byte for byte what `volumeter-cli export A B --csv` writes
# (vol_chart_build_comparison_export): the whole table, not the drawn chart.
ui_call open-paths "[$(ui_str "$results/a-random.volumeter.json"), $(ui_str "$results/d-random.volumeter.json")]" >/dev/null
if ui_wait 's.get("results") == 2' 20 >/dev/null; then
  ui_call export "($(ui_str csv), $(ui_str "$UI_WORK/app-compare.csv"))" >/dev/null
  ui_wait 's.get("exporting") == 0' 30 >/dev/null
  out=$("$UI_CLI" export "$results/a-random.volumeter.json" "$results/d-random.volumeter.json" \
        --csv "$UI_WORK/cli-compare.csv" 2>&1)
  if [ -s "$UI_WORK/app-compare.csv" ] && cmp -s "$UI_WORK/app-compare.csv" "$UI_WORK/cli-compare.csv" \
     && grep -q "Write, average" "$UI_WORK/app-compare.csv"; then
    ok "a comparison's CSV from the window is the CLI's, whole table included ($(wc -l <"$UI_WORK/app-compare.csv") lines)"
  else
    not_ok "a comparison's CSV from the window is the CLI's, whole table included" "cli: $out" \
      "$(diff "$UI_WORK/app-compare.csv" "$UI_WORK/cli-compare.csv" 2>&1 | head -8)"
  fi
else
  not_ok "the two random results open as a comparison" "status: $(ui_status)"
fi

# ---- preferences apply live -----------------------------------------------------------
if GSETTINGS_BACKEND=keyfile gsettings set "$UI_APP_ID" binary-units true 2>"$UI_WORK/gsettings.err"; then
  if s=$(ui_wait 'any(r["figure"].endswith(" MiB/s") for r in s["history_rows"] if r["path"].endswith("/e-fill.volumeter.json"))' 30); then
    table=$(rows "$s")
    ok "binary units switched on: the fill's headline turns to MiB/s at once ($(field e-fill.volumeter.json 4)), IO/s stay ($(field a-random.volumeter.json 4))"
  else
    not_ok "binary units switched on: the fill's headline turns to MiB/s at once" "status: $s"
  fi
else
  not_ok "gsettings set binary-units true" "$(cat "$UI_WORK/gsettings.err")"
fi

if grep -E -q "CRITICAL|WARNING" "$UI_LOG"; then
  not_ok "no GLib criticals or warnings in the app's log" "$(grep -E "CRITICAL|WARNING" "$UI_LOG" | head -5)"
else
  ok "no GLib criticals or warnings in the app's log"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
