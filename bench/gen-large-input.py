#!/usr/bin/env python3
"""bench/gen-large-input.py — large inputs for bench/loader-memory.sh

  gen-large-input.py result MIB PATH   a result of about MIB MiB: one series,
                                       three columns of random doubles
  gen-large-input.py short MIB PATH    the same with every value "1.0"
  gen-large-input.py tiny MIB PATH     the same with every value "0" and no
                                       spaces: the worst case per byte
  gen-large-input.py fio JOBS OPTIONS PATH
                                       fio output with JOBS random-read jobs
                                       (one queue result) and OPTIONS "global
                                       options"
  gen-large-input.py --smoke [CLI]     the bench suite, a second: each kind,
                                       small, in a temporary folder (removed),
                                       checked to be JSON and, given CLI (a
                                       volumeter-cli), loaded by `show` /
                                       `import-fio`; exit 1 when one fails
"""
import json
import random
import sys


def result(mib, path, short=False, tiny=False):
    rng = random.Random(42)
    target = mib * 1024 * 1024
    # about 20 bytes a value as the writer prints them ("0.123456789012345, ")
    n = max(1, target // (3 * (2 if tiny else 5 if short else 20)))
    with open(path, "w") as out:
        out.write('{\n  "format": "volumeter-result",\n  "version": 1,\n'
                  '  "created": "2026-11-30T08:00:00Z",\n'
                  '  "test": {"kind": "fill", "parameters": {}, "resolved": {}},\n'
                  '  "status": {"state": "complete", "duration_s": 1.0},\n'
                  '  "series": [{"name": "s", "x": "t", "y": "v", "columns": [\n')
        for c, name in enumerate(("t", "v", "w")):
            out.write('    {"name": "%s", "unit": "", "values": [' % name)
            chunk = []
            for i in range(n):
                chunk.append("0" if tiny else "1.0" if short else repr(rng.random() * 1000))
                if len(chunk) == 10000:
                    out.write((", " if not tiny else ",").join(chunk) + ",\n")
                    chunk = []
            chunk.append("0.5")
            out.write((", " if not tiny else ",").join(chunk) + "]}" + (",\n" if c < 2 else "\n"))
        out.write("  ]}],\n  \"summary\": [], \"figures\": []\n}\n")


def fio(jobs, options, path):
    glob = {"opt%d" % i: str(i) for i in range(options)}
    glob.update({"rw": "randread", "bs": "4k", "direct": "1", "ioengine": "libaio"})
    doc = {"fio version": "fio-3.33", "timestamp": 1764489600,
           "global options": glob, "jobs": []}
    for j in range(jobs):
        d = {"io_bytes": 4096 * 1000, "io_kbytes": 4000, "bw_bytes": 4096000, "bw": 4000,
             "iops": 1000.0, "runtime": 1000, "total_ios": 1000,
             "lat_ns": {"min": 1, "max": 2, "mean": 1000.0, "stddev": 1.0, "N": 1000},
             "clat_ns": {"percentile": {"50.000000": 900, "99.000000": 2000, "99.900000": 3000}}}
        doc["jobs"].append({"jobname": "job%d" % j, "groupid": 0, "error": 0,
                            "job options": {"iodepth": str(1 + j)},
                            "read": d, "job_runtime": 1000, "usr_cpu": 1.0, "sys_cpu": 1.0})
    with open(path, "w") as out:
        json.dump(doc, out, indent=2)


def fio_empty(mib, path):
    """fio's header, then MIB MiB of empty objects in its job list: the most
    JSON values per byte, which the importer must refuse before parsing"""
    n = mib * 1024 * 1024 // 3
    with open(path, "w") as out:
        out.write('{"fio version": "fio-3.33", "jobs": [')
        chunk = ",".join(["{}"] * 10000)
        for _ in range(n // 10000):
            out.write(chunk + ",")
        out.write("{}]}\n")


def smoke(cli):
    import os
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory(prefix="gen-large-input.") as tmp:
        made = []
        for kind in ("result", "short", "tiny"):
            path = os.path.join(tmp, kind + ".volumeter.json")
            result(1, path, kind == "short", kind == "tiny")
            made.append((kind, path, "show"))
        path = os.path.join(tmp, "fio.json")
        fio(20, 100, path)
        made.append(("fio", path, "import-fio"))
        for kind, path, command in made:
            with open(path) as f:
                json.load(f)
            args = [cli, command, path] + (["-o", os.path.join(tmp, "out.volumeter.json")]
                                           if command == "import-fio" else [])
            if cli:
                subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
            print("%-6s %8d bytes%s" % (kind, os.path.getsize(path),
                                        ", volumeter-cli %s: ok" % command if cli else ""))


if __name__ == "__main__":
    if sys.argv[1] == "--smoke":
        smoke(sys.argv[2] if len(sys.argv) > 2 else None)
    elif sys.argv[1] in ("result", "short", "tiny"):
        result(int(sys.argv[2]), sys.argv[3], sys.argv[1] == "short", sys.argv[1] == "tiny")
    elif sys.argv[1] == "fio-empty":
        fio_empty(int(sys.argv[2]), sys.argv[3])
    else:
        fio(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
