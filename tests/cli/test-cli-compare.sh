#!/usr/bin/env bash
# test-cli-compare.sh VOLUMETER_CLI — `volumeter-cli compare`: table, charts, errors
#
# TAP. No root: the results are tests/data/compare/fill-64k.volumeter.json
# copied and edited with python3 (stripe size, RAID level, label,
# parameters), beside a queue-depth result and a truncated file. Bad usage
# and bad input: exit 2 and one line on stderr naming the problem.
set -u
cli=$(readlink -f "$1")
data="${G_TEST_SRCDIR:-$(dirname "$(readlink -f "$0")")/..}/data/compare"
n=0
failed=0

if ! command -v python3 >/dev/null; then
  echo "1..0 # SKIP needs python3 to make the result files"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-compare-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }

# expect CODE PATTERN DESCRIPTION -- ARGS…: exit code and a stderr line matching PATTERN
expect() {
  local code=$1 pattern=$2 desc=$3
  shift 4
  local rc err
  "$cli" compare "$@" >"$work/stdout" 2>"$work/stderr"; rc=$?
  err=$(cat "$work/stderr")
  if [ "$rc" -ne "$code" ]; then
    not_ok "$desc" "exit $rc, expected $code" "stderr: $err"
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" <<<"$err"; then
    not_ok "$desc" "stderr does not match /$pattern/: $err"
  elif [ "$code" -eq 2 ] && [ "$(wc -l <<<"$err")" -ne 1 ]; then
    not_ok "$desc" "expected one line on stderr, got: $err"
  else
    ok "$desc"
  fi
}

# variant OUT KEY=VALUE…: the fixture with target fields, label or
# parameters changed; throughput scaled by speed=F (samples and summaries).
variant() {
  local out=$1
  shift
  python3 - "$data/fill-64k.volumeter.json" "$out" "$@" <<'EOF'
import json, sys
src, out, edits = sys.argv[1], sys.argv[2], sys.argv[3:]
d = json.load(open(src))
for e in edits:
    key, value = e.split("=", 1)
    if key == "speed":
        f = float(value)
        for s in d["series"]:
            for c in s["columns"]:
                if c["name"] == "throughput":
                    c["values"] = [v * f for v in c["values"]]
        for s in d["summary"]:
            for k in ("mean", "stddev", "min", "max", "median"):
                s[k] *= f
    elif key == "label":
        d["label"] = value
    elif key.startswith("param."):
        d["test"]["parameters"][key[6:]] = int(value)
    elif key == "stripe_bytes":
        d["target"][key] = int(value) if value != "null" else None
    else:
        d["target"][key] = value if value != "null" else None
json.dump(d, open(out, "w"), indent=2)
EOF
}

variant "$work/s16.json" stripe_bytes=16384 speed=1.0
variant "$work/s32.json" stripe_bytes=32768 speed=1.1
variant "$work/s64.json" stripe_bytes=65536 speed=1.2
variant "$work/s128.json" stripe_bytes=131072 speed=1.3
shuffled=("$work/s64.json" "$work/s16.json" "$work/s128.json" "$work/s32.json")

# --- four stripe sizes, given shuffled -----------------------------------
expect 0 "" "four stripe sizes compare" -- "${shuffled[@]}" --csv "$work/curves.csv" --png "$work/curves.png" --svg "$work/curves.svg"
header=$(sed -n 3p "$work/stdout")
if grep -qE '^ +16 KiB stripe +32 KiB stripe +64 KiB stripe +128 KiB stripe$' <<<"$header"; then
  ok "table columns in stripe order with stripe labels"
else
  not_ok "table columns in stripe order with stripe labels" "header: $header"
fi
grep -q "named by stripe size · same test parameters" "$work/stdout" \
  && ok "table says what names the results" || not_ok "table says what names the results" "$(head -1 "$work/stdout")"
grep -qE '^  Write +[0-9.]+ ± [0-9.]+ MB/s' "$work/stdout" \
  && ok "table row: write mean ± std dev in MB/s" || not_ok "table row: write mean ± std dev in MB/s" "$(cat "$work/stdout")"
grep -qE '^  16 KiB stripe +.*/s16\.json$' "$work/stdout" \
  && ok "table says which file is which column" || not_ok "table says which file is which column"
[ "$(head -c 8 "$work/curves.png" | od -An -tx1 | tr -d ' ')" = "89504e470d0a1a0a" ] \
  && ok "PNG written" || not_ok "PNG written"
grep -q "<svg" "$work/curves.svg" && ok "SVG written" || not_ok "SVG written"
rows=$(grep -c "stripe — " "$work/curves.csv")
[ "$rows" -eq 320 ] && ok "curves CSV: 4 results × write and read × 40 files" || not_ok "curves CSV rows" "got $rows"
first=$(sed -n 2p "$work/curves.csv")
[[ "$first" == "16 KiB stripe — write,"* ]] && ok "curves CSV starts with the smallest stripe" || not_ok "curves CSV order" "$first"

# --- bars: the CSV and the printed table hold the same numbers -----------
expect 0 "" "--bars compares the means" -- "${shuffled[@]}" --bars --csv "$work/bars.csv"
if python3 - "$work/bars.csv" "$work/stdout" <<'EOF'
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
bars = [r for r in rows[1:] if len(r) == 3 and r[1] in ("Write mean", "Read mean")]
order = []
for r in bars:
    if r[0] not in order:
        order.append(r[0])
assert order == ["16 KiB stripe", "32 KiB stripe", "64 KiB stripe", "128 KiB stripe"], order
table = open(sys.argv[2]).read()
for kind in ("Write", "Read"):
    line = next(l for l in table.splitlines() if l.startswith("  %s " % kind))
    printed = [float(m) for m in re.findall(r"([0-9.]+) ± [0-9.]+", line)]
    values = [float(r[2]) for r in bars if r[1] == kind + " mean"]
    assert len(printed) == 4 and len(values) == 4, (printed, values)
    for p, v in zip(printed, values):
        assert abs(p - v) <= 0.05 + 1e-9, (kind, p, v)
    assert values == sorted(values), values
# the table block of the CSV repeats the printed cells
cells = [r for r in rows if r and r[0] == "Write"]
assert cells and all("±" in c and c.endswith(" MB/s") for c in cells[0][1:]), cells
EOF
then ok "bars CSV, in stripe order, agrees with the printed table"; else not_ok "bars CSV agrees with the printed table"; fi

# --- the CSV's table lists the rows printed, curves or bars --------------
for mode in curves bars; do
  extra=(); [ "$mode" = bars ] && extra=(--bars)
  "$cli" compare "${shuffled[@]}" "${extra[@]}" --csv "$work/rows.csv" >"$work/rows.txt" 2>&1
  if python3 - "$work/rows.csv" "$work/rows.txt" <<'EOF'
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
blank = rows.index([])
csv_rows = [r for r in rows[blank + 2:] if r]
assert rows[blank + 1][1:] == ["16 KiB stripe", "32 KiB stripe", "64 KiB stripe", "128 KiB stripe"], rows[blank + 1]
lines = open(sys.argv[2]).read().split("\n")
printed = []
for l in lines[3:]:
    if not l.strip():
        break
    printed.append(re.split(r"  +", l.strip()))
assert [r[0] for r in csv_rows] == [p[0] for p in printed], (csv_rows, printed)
assert [r[1:] for r in csv_rows] == [p[1:] for p in printed], (csv_rows, printed)
EOF
  then ok "$mode CSV: the table printed, row for row"; else not_ok "$mode CSV: the table printed, row for row"; fi
done

# --- --by label, --by raid ------------------------------------------------
variant "$work/l1.json" stripe_bytes=16384 label="Zebra array"
variant "$work/l2.json" stripe_bytes=32768 label="Apple array"
expect 0 "" "--by label" -- "$work/l1.json" "$work/l2.json" --by label
grep -qE '^ +Zebra array +Apple array$' "$work/stdout" \
  && ok "--by label: the user's labels, in the order given" || not_ok "--by label columns" "$(sed -n 3p "$work/stdout")"
variant "$work/r10.json" raid_level=raid10 speed=1.1
variant "$work/r0.json" raid_level=raid0 speed=1.4
variant "$work/r5.json" raid_level=raid5
expect 0 "" "--by raid" -- "$work/r10.json" "$work/r0.json" "$work/r5.json" --by raid
grep -qE '^ +RAID 0 +RAID 5 +RAID 10$' "$work/stdout" \
  && ok "--by raid: RAID levels in order" || not_ok "--by raid columns" "$(sed -n 3p "$work/stdout")"
expect 2 "s16\.json and .*s32\.json have the same RAID level \(“RAID 0”\): --by raid cannot tell them apart" \
  "--by raid when the levels are the same" -- "$work/s16.json" "$work/s32.json" --by raid
variant "$work/nostripe.json" stripe_bytes=null
expect 2 "nostripe\.json has no stripe size to name it by \(--by stripe\)" \
  "--by stripe with a result that has none" -- "$work/s16.json" "$work/nostripe.json" --by stripe
expect 2 "unknown --by value “colour”: use stripe, raid, scheduler, device, filesystem, label or host" \
  "unknown --by value" -- "$work/s16.json" "$work/s32.json" --by colour
expect 2 "--by needs a value" "--by without a value" -- "$work/s16.json" "$work/s32.json" --by

# --- parameters that differ -----------------------------------------------
variant "$work/p500.json" stripe_bytes=32768 param.files=500
expect 0 "" "results with different parameters compare" -- "$work/s16.json" "$work/p500.json"
grep -q "parameters that differ: files" "$work/stdout" \
  && ok "the differing parameter is named" || not_ok "the differing parameter is named" "$(head -1 "$work/stdout")"
grep -qE '^  Parameter files +1000 +500$' "$work/stdout" \
  && ok "the differing parameter's values are listed" || not_ok "differing parameter values" "$(cat "$work/stdout")"

# --- two fio imports: latency in the unit a person reads, as `show` -----
fio_data="$(dirname "$data")/fio"
"$cli" import-fio "$fio_data/client-server.json" -o "$work/cs.volumeter.json" >/dev/null 2>&1
"$cli" import-fio "$fio_data/numjobs-generic.json" -o "$work/nj.volumeter.json" >/dev/null 2>&1
expect 0 "" "two fio imports compare" -- "$work/cs-3.volumeter.json" "$work/nj-2.volumeter.json"
grep -qE '^  All clients: read latency, mean +100\.0 µs +2\.00 ms$' "$work/stdout" \
  && ok "fio latency in µs and ms" || not_ok "fio latency in µs and ms" "$(grep -i latency "$work/stdout")"
"$cli" show "$work/nj-2.volumeter.json" >"$work/show" 2>&1
grep -qE '^  mixed: write latency, mean +3\.00 ms$' "$work/show" && grep -qE '^  mixed: write latency, mean +— +3\.00 ms$' "$work/stdout" \
  && ok "compare prints a figure as show does" || not_ok "compare prints a figure as show does" "$(grep -i latency "$work/show" "$work/stdout")"
grep -q ' (s) ' "$work/stdout" && not_ok "no seconds in raw numbers" "$(grep ' (s) ' "$work/stdout")" || ok "no seconds in raw numbers"

# --- mixed tests, bad files, bad usage -------------------------------------
expect 2 "Only results of one test can be compared.*fill \([^)]*s16\.json\); queue \([^)]*queue\.volumeter\.json\)" \
  "a fill and a queue result are refused, naming the tests" -- "$work/s16.json" "$data/queue.volumeter.json"
expect 2 "no-such\.json" "a missing file is named" -- "$work/s16.json" "$work/no-such.json"
expect 2 "truncated\.volumeter\.json" "a truncated file is named" -- "$work/s16.json" "$data/truncated.volumeter.json"
echo '{"format": "something-else", "version": 1}' >"$work/other.json"
expect 2 "other\.json" "a JSON file that is not a result is named" -- "$work/s16.json" "$work/other.json"
expect 2 "at least two result files" "a single file: a clear message" -- "$work/s16.json"
expect 2 "name the result files" "no file at all" --
expect 2 "unknown option --frobnicate" "an unknown option" -- "$work/s16.json" "$work/s32.json" --frobnicate
expect 1 "" "an output that cannot be written: exit 1" -- "$work/s16.json" "$work/s32.json" --png /proc/no/such/dir/x.png
"$cli" compare --help >"$work/stdout" 2>&1 && grep -q -- "--by stripe|raid" "$work/stdout" \
  && ok "--help" || not_ok "--help" "$(cat "$work/stdout")"

echo "1..$n"
[ "$failed" -eq 0 ]
