#!/usr/bin/env bash
# test-fio-real.sh VOLUMETER_CLI — import what the real fio writes
#
# TAP. Runs fio (the Debian package) for read, write, randread, randwrite
# and randrw, with numjobs 1 and 4 and group_reporting on and off, on small
# files in a temporary folder (no root needed), imports each JSON with
# `volumeter-cli import-fio`, and checks that the result holds fio's
# bw_bytes exactly (summed over the entries of a job, as group_reporting
# would), that `show` prints it, and that `export --png` draws it.
set -u
cli=$(readlink -f "$1")
n=0
failed=0

if ! command -v fio >/dev/null 2>&1; then
  echo "1..0 # SKIP fio is not installed (Debian package fio)"
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "1..0 # SKIP python3 is needed to read fio's JSON"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-fio-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }

# O_DIRECT where the folder takes it (not tmpfs); io_uring where the
# kernel (or a container's seccomp) allows it.
direct=1
if ! fio --name=probe --filename="$work/probe" --size=1M --bs=4k --rw=read --direct=1 \
     --output-format=json >/dev/null 2>&1; then
  direct=0
fi
aio=io_uring
if ! fio --name=probe --filename="$work/probe" --size=1M --bs=4k --rw=randread --direct=$direct \
     --ioengine=io_uring --iodepth=4 --output-format=json >/dev/null 2>&1; then
  aio=libaio
fi
rm -f "$work/probe"
echo "# direct=$direct, queued engine: $aio"

# What a result must hold, from fio's JSON: per job (entries of the same
# job summed), the bytes/s of each direction that moved data.
expect_py='
import json, sys
text = open(sys.argv[1]).read()
doc = json.loads(text[text.index("{"):])
jobs = {}
for j in doc["jobs"]:
    key = (j["jobname"], j["groupid"], json.dumps(j.get("job options", {}), sort_keys=True))
    agg = jobs.setdefault(key, {"read": 0, "write": 0})
    for d in ("read", "write"):
        agg[d] += j[d]["bw_bytes"]
for (name, _, _), agg in jobs.items():
    print(name, agg["read"], agg["write"])
'
# The throughput figures the imported result holds, per kind.
held_py='
import json, sys
r = json.load(open(sys.argv[1]))
kind = r["test"]["kind"]
cols = {s["name"]: {c["name"]: c["values"] for c in s["columns"]} for s in r["series"]}
print(kind, r["test"]["cache_bypass"], r["test"]["io_backend"])
if kind == "queue":
    for v in cols["queue"]["throughput"]:
        print("total", repr(v))
    for v in cols["queue"]["depth"]:
        print("depth", repr(v))
elif kind == "transfer":
    for d in ("read", "write"):
        for v in cols.get(d, {}).get("throughput", []):
            print(d, repr(v))
else:
    for d in ("read", "write"):
        for v in cols["jobs"][d + "-throughput"]:
            print(d, repr(v))
'
# vol_rate_format(): decimal MB/s, 0, 1 or 2 decimals by size
rate_py='
import sys
v = float(sys.argv[1]) / 1e6
print(("%.0f" if v >= 10000 else "%.1f" if v >= 100 else "%.2f") % v + " MB/s")
'

# run_case NAME KIND DEPTH FIO-OPTIONS…: KIND is the result kind expected,
# DEPTH the queue depth of a queue point (or -)
run_case() {
  local name=$1 kind=$2 depth=$3
  shift 3
  local json="$work/$name.json" out="$work/$name.volumeter.json" png="$work/$name.png"
  local rc

  if ! fio --name="$name" --directory="$work" --size=4M --runtime=1 --time_based \
       --direct=$direct "$@" --output-format=json >"$json" 2>"$work/fio.err"; then
    not_ok "$name: fio ran" "$(head -3 "$work/fio.err")"
    return
  fi

  "$cli" import-fio "$json" -o "$out" >"$work/stdout" 2>"$work/stderr"; rc=$?
  if [ "$rc" -ne 0 ] || [ ! -s "$out" ]; then
    not_ok "$name: import-fio exits 0 and writes the result" "exit $rc" "$(cat "$work/stderr")"
    return
  fi
  ok "$name: import-fio exits 0 and writes the result"

  # exactly fio's bw_bytes, summed as group_reporting would
  local expected held
  expected=$(python3 -c "$expect_py" "$json")
  held=$(python3 -c "$held_py" "$out")
  local ok_values=1 why=""
  read -r got_kind got_bypass got_backend <<<"$(head -1 <<<"$held")"
  [ "$got_kind" = "$kind" ] || { ok_values=0; why="kind $got_kind, expected $kind"; }
  if [ "$direct" = 1 ] && [ "$got_bypass" != direct ]; then ok_values=0; why="$why; cache_bypass $got_bypass"; fi
  if [ "$direct" = 0 ] && [ "$got_bypass" != none ]; then ok_values=0; why="$why; cache_bypass $got_bypass"; fi
  while read -r job rd wr; do
    case "$kind" in
      queue)
        grep -qx "total $((rd + wr)).0" <<<"$held" || { ok_values=0; why="$why; no total $((rd + wr)) for $job"; }
        [ "$depth" = - ] || grep -qx "depth $depth.0" <<<"$held" || { ok_values=0; why="$why; depth is not $depth"; } ;;
      *)
        [ "$rd" -gt 0 ] && { grep -qx "read $rd.0" <<<"$held" || { ok_values=0; why="$why; no read $rd for $job"; }; }
        [ "$wr" -gt 0 ] && { grep -qx "write $wr.0" <<<"$held" || { ok_values=0; why="$why; no write $wr for $job"; }; } ;;
    esac
  done <<<"$expected"
  if [ "$ok_values" = 1 ]; then
    ok "$name: the result holds fio's bw_bytes ($(tr '\n' ' ' <<<"$expected"))"
  else
    not_ok "$name: the result holds fio's bw_bytes" "$why" "fio: $expected" "result: $held"
  fi

  # `show` prints it
  if ! "$cli" show "$out" >"$work/show" 2>"$work/stderr"; then
    not_ok "$name: show exits 0" "$(cat "$work/stderr")"
  else
    local missing=""
    while read -r job rd wr; do
      local text
      text=$(python3 -c "$rate_py" "$((rd + wr))")
      grep -qF -- "$text" "$work/show" || missing="$missing $text"
    done <<<"$expected"
    if [ -z "$missing" ]; then
      ok "$name: show prints the throughput"
    else
      not_ok "$name: show prints the throughput" "missing:$missing" "$(cat "$work/show")"
    fi
  fi

  # and it draws
  if "$cli" export "$out" --png "$png" 2>"$work/stderr" && [ "$(head -c 4 "$png" | tail -c 3)" = PNG ]; then
    ok "$name: export --png draws it"
  else
    not_ok "$name: export --png draws it" "$(cat "$work/stderr")"
  fi
  rm -f "$work/$name".*.0 "$work/$name".[0-9]*
}

echo "1..40"
run_case seqread transfer - --rw=read --bs=1M --ioengine=psync
run_case seqwrite transfer - --rw=write --bs=1M --ioengine=psync
run_case randread queue 8 --rw=randread --bs=4k --ioengine=$aio --iodepth=8
run_case randwrite queue 1 --rw=randwrite --bs=4k --ioengine=psync
run_case randrw queue 4 --rw=randrw --bs=4k --ioengine=$aio --iodepth=4 --rwmixread=70
# numjobs 4: entries summed (group_reporting off) or one entry (on)
run_case randread-4jobs queue 4 --rw=randread --bs=4k --ioengine=psync --numjobs=4
run_case randread-4jobs-grouped queue 4 --rw=randread --bs=4k --ioengine=psync --numjobs=4 --group_reporting
run_case randrw-4jobs-grouped queue 8 --rw=randrw --bs=4k --ioengine=$aio --iodepth=2 --numjobs=4 --group_reporting
run_case seqwrite-4jobs transfer - --rw=write --bs=1M --ioengine=psync --numjobs=4
run_case seqread-4jobs-grouped transfer - --rw=read --bs=1M --ioengine=psync --numjobs=4 --group_reporting

exit $((failed > 0))
