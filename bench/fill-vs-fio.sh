#!/usr/bin/env bash
# fill-vs-fio.sh — Volumeter's "Fill volume" test against fio's equivalent job
#
# Makes one ext4 loop volume (RAM-backed by default, disk-backed with
# --disk), then runs `volumeter-cli run fill` and the equivalent fio jobs
# back to back on it, R times, alternating which tool goes first. Prints
# the medians side by side, the ratio Volumeter/fio, and PASS/MISS against
# the targets:
#
#   write and read throughput   Volumeter/fio >= 0.97
#   CPU seconds per GB moved    Volumeter <= fio   (/usr/bin/time, whole process)
#   peak RSS, 1000-file fill    < 64 MiB           (/usr/bin/time %M)
#
# Needs root (losetup, mkfs, mount). Cleans up only what it made: its own
# loop device, mount, backing file and temp dir. See bench/README.md.
#
# Exit status: 0 every target met, 1 a target missed or a run failed,
# 2 bad usage or the volume could not be set up.
#
# --smoke (the bench suite, a few seconds): --size 256M --files 4 --runs 1
# --chunk 1M --rss-files 20; figures printed, not judged (exit 1 only when a
# run fails; 77 without root).

set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ORIG_CMD=$(printf '%q ' "$0" "$@")

SIZE=4G
FILES=64
RUNS=3
DISK=0
KEEP_GOING=0
CHUNK=32M
RSS_FILES=1000
RESERVE=64M
CLI="$SCRIPT_DIR/../_build/src/cli/volumeter-cli"
BACKING_DIR=
FIO_EXTRA=()
SMOKE=0
SMOKE=0

usage () {
  cat <<EOF
Usage: $0 [OPTION…]     (as root)

  --size SIZE        size of the loop volume (default $SIZE; binary units: 512M, 4G)
  --files N          files per fill, for both tools (default $FILES)
  --runs R           Volumeter/fio pairs, order alternating (default $RUNS)
  --disk             back the loop with a file on disk and losetup --direct-io=on
                     (default: a file in /dev/shm, which exposes per-I/O CPU overhead)
  --keep-going       carry on after a failed run instead of stopping
  --chunk SIZE       write/read size, Volumeter --chunk and fio --bs (default $CHUNK)
  --rss-files N      files in the separate peak-RSS fill (default $RSS_FILES; 0 skips it)
  --backing-dir DIR  where the backing file goes (default /dev/shm, or /var/tmp with --disk)
  --cli PATH         volumeter-cli to test (default: the build tree's; it is copied first,
                     so a rebuild during the benchmark does not change what is measured)
  --fio-arg ARG      extra argument for both fio jobs (repeatable), e.g. --fio-arg=--fallocate=none
  --smoke            a few seconds (the bench suite): --size 256M --files 4 --runs 1
                     --chunk 1M --rss-files 20; no targets judged
  -h, --help         this help

File size S is the largest multiple of the chunk with FILES x S fitting in the free
space minus a $RESERVE reserve: fio skips a tail shorter than --bs, so both tools then
move exactly the same bytes. Volumeter gets --max-bytes FILES x S.
EOF
}

die () { echo "fill-vs-fio: $*" >&2; exit 2; }

while (($#)); do
  case $1 in
    --size) SIZE=${2:?--size needs a value}; shift 2 ;;
    --size=*) SIZE=${1#*=}; shift ;;
    --files) FILES=${2:?--files needs a value}; shift 2 ;;
    --files=*) FILES=${1#*=}; shift ;;
    --runs) RUNS=${2:?--runs needs a value}; shift 2 ;;
    --runs=*) RUNS=${1#*=}; shift ;;
    --disk) DISK=1; shift ;;
    --keep-going) KEEP_GOING=1; shift ;;
    --chunk) CHUNK=${2:?--chunk needs a value}; shift 2 ;;
    --chunk=*) CHUNK=${1#*=}; shift ;;
    --rss-files) RSS_FILES=${2:?--rss-files needs a value}; shift 2 ;;
    --rss-files=*) RSS_FILES=${1#*=}; shift ;;
    --backing-dir) BACKING_DIR=${2:?--backing-dir needs a value}; shift 2 ;;
    --backing-dir=*) BACKING_DIR=${1#*=}; shift ;;
    --cli) CLI=${2:?--cli needs a value}; shift 2 ;;
    --cli=*) CLI=${1#*=}; shift ;;
    --fio-arg) FIO_EXTRA+=("${2:?--fio-arg needs a value}"); shift 2 ;;
    --fio-arg=*) FIO_EXTRA+=("${1#*=}"); shift ;;
    --smoke) SMOKE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done
((SMOKE)) && { SIZE=256M FILES=4 RUNS=1 CHUNK=1M RSS_FILES=20; }

[[ $FILES =~ ^[1-9][0-9]*$ ]] || die "--files must be a positive integer"
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer"
[[ $RSS_FILES =~ ^[0-9]+$ ]] || die "--rss-files must be an integer"
SIZE_B=$(numfmt --from=iec "$SIZE" 2>/dev/null) || die "--size: cannot read '$SIZE'"
CHUNK_B=$(numfmt --from=iec "$CHUNK" 2>/dev/null) || die "--chunk: cannot read '$CHUNK'"
RESERVE_B=$(numfmt --from=iec "$RESERVE")
MIB=1048576
((CHUNK_B % 4096 == 0 && CHUNK_B > 0)) || die "--chunk must be a multiple of 4 KiB"
((SIZE_B >= 256 * MIB)) || die "--size must be at least 256M"

if ((EUID != 0)); then
  echo "fill-vs-fio: NOT RUN — needs root (losetup, mkfs.ext4, mount)." >&2
  ((SMOKE)) && exit 77   # meson's "skipped"
  exit 2
fi
for tool in fio losetup mkfs.ext4 mount umount mountpoint python3 numfmt; do
  command -v "$tool" >/dev/null || die "needs $tool"
done
[[ -x /usr/bin/time ]] || die "needs /usr/bin/time (Debian package 'time')"
[[ -x $CLI ]] || die "no volumeter-cli at $CLI (build with ninja -C _build, or give --cli)"

if [[ -z $BACKING_DIR ]]; then
  if ((DISK)); then BACKING_DIR=/var/tmp; else BACKING_DIR=/dev/shm; fi
fi
[[ -d $BACKING_DIR ]] || die "--backing-dir $BACKING_DIR does not exist"
BACKING_FS=$(stat -f -c %T "$BACKING_DIR")
if ((DISK)) && [[ $BACKING_FS == tmpfs || $BACKING_FS == ramfs ]]; then
  die "--disk, but $BACKING_DIR is $BACKING_FS; give --backing-dir on a disk filesystem"
fi
BACKING_FREE=$(df -B1 --output=avail "$BACKING_DIR" | tail -n 1 | tr -d ' ')
((BACKING_FREE > SIZE_B + 256 * MIB)) || die "$BACKING_DIR has $BACKING_FREE bytes free; the volume needs $SIZE_B"

# ---------------------------------------------------------------- cleanup
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fill-vs-fio.XXXXXX")
MNT="$WORK/mnt"
LOOP=
BACKING=

cleanup () {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then
    umount "$MNT" || { sleep 1; umount "$MNT"; }
  fi
  if [[ -n $LOOP ]]; then
    losetup -d "$LOOP" || echo "fill-vs-fio: could not detach $LOOP; detach it by hand" >&2
  fi
  [[ -n $BACKING ]] && rm -f -- "$BACKING"
  if [[ -d $MNT ]] && mountpoint -q "$MNT"; then
    echo "fill-vs-fio: $MNT is still mounted; left $WORK in place" >&2
  else
    rm -rf --one-file-system -- "$WORK"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------- helpers
cat >"$WORK/report.py" <<'PYEOF'
import json, statistics, sys

def load(path):
    text = open(path).read()
    return json.loads(text[text.index('{'):])   # fio may print a warning first

def rusage(path):
    user, system, rss, wall = open(path).read().split()[-4:]
    return float(user), float(system), int(rss), float(wall)

def volumeter(out, timefile, expect_size):
    d = load(out)
    if d['status']['state'] != 'complete':
        sys.exit('volumeter run ended %s: %s' % (d['status']['state'], d['status'].get('message')))
    size = int(d['test']['resolved']['file-size'])
    if size != int(expect_size):
        sys.exit('volumeter chose %d-byte files, expected %s' % (size, expect_size))
    mean = {s['series']: s['mean'] for s in d['summary']}
    agg, moved = {}, {}
    for s in d['series']:
        cols = {c['name']: c['values'] for c in s['columns']}
        moved[s['name']] = sum(cols['bytes'])
        agg[s['name']] = moved[s['name']] / sum(cols['seconds'])
    user, system, rss, wall = rusage(timefile)
    own = d['status']['cpu_user_s'] + d['status']['cpu_system_s']
    print('\t'.join(map(str, [agg['write'], agg['read'], mean['write'], mean['read'],
                              moved['write'], moved['read'], user, system, rss, wall, own])))

def fio(wjson, rjson, wtime, rtime, expect_bytes):
    out = {}
    own = 0.0
    for path, rw in ((wjson, 'write'), (rjson, 'read')):
        job = load(path)['jobs'][0]
        if job.get('error'):
            sys.exit('fio %s job failed: error %s' % (rw, job['error']))
        io = job[rw]['io_bytes']
        if io != int(expect_bytes):
            sys.exit('fio %s moved %d bytes, expected %s' % (rw, io, expect_bytes))
        out[rw] = (job[rw]['bw_bytes'], io)
        own += (job['usr_cpu'] + job['sys_cpu']) / 100.0 * job['job_runtime'] / 1000.0
    wu, ws, wr, ww = rusage(wtime)
    ru, rs, rr, rw_ = rusage(rtime)
    print('\t'.join(map(str, [out['write'][0], out['read'][0], out['write'][0], out['read'][0],
                              out['write'][1], out['read'][1], wu + ru, ws + rs, max(wr, rr),
                              ww + rw_, own])))

def rss(out, timefile):
    d = load(out)
    user, system, rss_kib, wall = rusage(timefile)
    r = d['test']['resolved']
    print('\t'.join(map(str, [d['status']['state'], r['files'], r['file-size'], r['chunk'], rss_kib, wall])))

COLS = ['write', 'read', 'wmean', 'rmean', 'bw', 'br', 'user', 'sys', 'rss', 'wall', 'own']

def table(tsv, rss_file, nproc):
    rows = {'volumeter': [], 'fio': []}
    for line in open(tsv):
        f = line.rstrip('\n').split('\t')
        rec = dict(zip(['run', 'slot', 'tool'] + COLS, f))
        for k in COLS:
            rec[k] = float(rec[k])
        rows[rec['tool']].append(rec)
    if not rows['volumeter'] or not rows['fio']:
        print('Not enough completed runs for a table.')
        return 1

    def med(tool, fn):
        return statistics.median(fn(r) for r in rows[tool])

    def vals(tool, fn, fmt):
        return ' '.join(fmt % fn(r) for r in rows[tool])

    mb = lambda k: (lambda r: r[k] / 1e6)
    cpu_gb = lambda r: (r['user'] + r['sys']) / ((r['bw'] + r['br']) / 1e9)
    own_gb = lambda r: r['own'] / ((r['bw'] + r['br']) / 1e9)
    bogus = [r for t in rows for r in rows[t] if r['user'] + r['sys'] > r['wall'] * nproc * 1.05]

    lines = []   # metric, V, F, ratio, target, verdict
    verdicts = []
    # Each run's two fills ran back to back, so they shared the machine's
    # state; the median of those per-run ratios cancels drift that a ratio
    # of the two medians would keep.
    pairs = [(v, f) for v in rows['volumeter'] for f in rows['fio'] if v['run'] == f['run']]

    def pair_ratios(fn):
        return [fn(v) / fn(f) if fn(f) else float('nan') for v, f in pairs]

    def row(name, fn, fmt, target=None, better='higher'):
        v, f = med('volumeter', fn), med('fio', fn)
        ratio = statistics.median(pair_ratios(fn)) if pairs else (v / f if f else float('nan'))
        verdict = ''
        if target is not None:
            ok = ratio >= target if better == 'higher' else ratio <= target
            verdict = 'PASS' if ok else 'MISS'
            verdicts.append(verdict)
            target = ('>= %.2f' if better == 'higher' else '<= %.2f') % target
        lines.append((name, fmt % v, fmt % f, '%.3f' % ratio, target or '', verdict))

    row('write MB/s (bytes / time)', mb('write'), '%.1f', 0.97)
    row('read MB/s (bytes / time)', mb('read'), '%.1f', 0.97)
    row('write MB/s, mean of per-file rates', mb('wmean'), '%.1f')
    row('read MB/s, mean of per-file rates', mb('rmean'), '%.1f')
    row('CPU s per GB moved (/usr/bin/time)', cpu_gb, '%.4f', 1.0, 'lower')
    row('CPU s per GB, each tool\'s own count', own_gb, '%.4f')
    row('peak RSS MiB (this fill)', lambda r: r['rss'] / 1024, '%.1f')
    row('wall s per fill (process)', lambda r: r['wall'], '%.2f')

    if rss_file:
        fills = [l.rstrip('\n').split('\t') for l in open(rss_file) if l.strip()]
        for n, (state, files, fsize, chunk, rss_kib, wall) in enumerate(fills):
            name = 'peak RSS MiB, %s-file fill (%s MiB files)' % (files, int(fsize) >> 20)
            if n == 0:
                ok = state == 'complete' and int(rss_kib) < 64 * 1024
                verdicts.append('PASS' if ok else 'MISS')
                lines.append((name, '%.1f' % (int(rss_kib) / 1024), '', '', '< 64', 'PASS' if ok else 'MISS'))
            else:
                lines.append((name, '%.1f' % (int(rss_kib) / 1024), '', '', '', ''))

    head = ('metric', 'Volumeter', 'fio', 'ratio V/fio*', 'target', '')
    w = [max(len(x[i]) for x in lines + [head]) for i in range(6)]
    fmt = '| %-*s | %*s | %*s | %*s | %-*s | %-*s |'
    out = lambda t: print(fmt % (w[0], t[0], w[1], t[1], w[2], t[2], w[3], t[3], w[4], t[4], w[5], t[5]))
    out(head)
    print('|-' + '-|-'.join('-' * x for x in w) + '-|')
    for l in lines:
        out(l)
    print()
    print('Volumeter and fio columns: medians of %d and %d fills. *ratio: median over the %d runs'
          % (len(rows['volumeter']), len(rows['fio']), len(pairs)))
    print('of that run\'s Volumeter/fio (the two fills ran back to back). Per run, in run order:')
    for tool in ('volumeter', 'fio'):
        print('  %-9s write MB/s: %s' % (tool, vals(tool, mb('write'), '%.0f')))
        print('  %-9s read  MB/s: %s' % (tool, vals(tool, mb('read'), '%.0f')))
        print('  %-9s CPU s/GB:   %s' % (tool, vals(tool, cpu_gb, '%.4f')))
    for name, fn in (('write', mb('write')), ('read', mb('read')), ('CPU/GB', cpu_gb)):
        print('  ratio %-7s %s' % (name, ' '.join('%.3f' % x for x in pair_ratios(fn))))
    # A verdict is only as good as the noise allows: say so when the target
    # sits inside the middle half of the per-run ratios.
    for name, fn in (('write', mb('write')), ('read', mb('read'))):
        r = pair_ratios(fn)
        if len(r) >= 2:
            q1, _, q3 = statistics.quantiles(r, n=4, method='inclusive')
            if q1 < 0.97 < q3:
                print('NOTE: %s: 0.97 lies inside the middle half of the per-run ratios (%.3f-%.3f); '
                      'the verdict is within this machine\'s noise, use more --runs.' % (name, q1, q3))
    if bogus:
        print('WARNING: %d runs report more CPU than wall time x nproc; /usr/bin/time is unreliable here.' % len(bogus))
    return 0 if all(v == 'PASS' for v in verdicts) else 1

if __name__ == '__main__':
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == 'volumeter': volumeter(*args)
    elif cmd == 'fio': fio(*args)
    elif cmd == 'rss': rss(*args)
    elif cmd == 'table': sys.exit(table(args[0], args[1] if len(args) > 1 and args[1] else None, int(args[2])))
PYEOF
REPORT=(python3 "$WORK/report.py")

# Keep the binary under test fixed: someone may rebuild the tree meanwhile.
VCLI="$WORK/volumeter-cli"
cp -- "$CLI" "$VCLI"

# ---------------------------------------------------------------- header
echo "# fill-vs-fio — Volumeter \"Fill volume\" vs fio"
echo "command:  $ORIG_CMD"
echo "date:     $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine:  nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)"
echo "kernel:   $(uname -r)"
echo "fio:      $(fio --version)"
GIT_REV=$(git -C "$SCRIPT_DIR/.." rev-parse --short HEAD 2>/dev/null || echo unknown)
GIT_DIRTY=$(git -C "$SCRIPT_DIR/.." status --porcelain --untracked-files=no 2>/dev/null | wc -l)
echo "volumeter: $("$VCLI" --version) ($CLI, git $GIT_REV$( ((GIT_DIRTY)) && echo ", $GIT_DIRTY files modified"))"

# ---------------------------------------------------------------- volume
if ((DISK)); then
  BACKING=$(mktemp "$BACKING_DIR/fill-vs-fio.XXXXXX.img")
  # Written out once, so no run pays for the host filesystem allocating
  # the backing file's blocks (the first run would be slower otherwise).
  dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) oflag=direct conv=fsync status=none
  truncate -s "$SIZE_B" "$BACKING"
  LOOP=$(losetup -f --show --direct-io=on "$BACKING")
  KIND="disk-backed loop ($BACKING_FS file in $BACKING_DIR, --direct-io=on)"
else
  BACKING=$(mktemp "$BACKING_DIR/fill-vs-fio.XXXXXX.img")
  # Written, not fallocated: on this VM the first touch of fresh guest RAM
  # runs at ~480 MB/s against ~3.5 GB/s after (the host faults the pages
  # in), and fallocate on tmpfs does not touch them. Without this the
  # first run's writes measure the hypervisor, for whichever tool goes first.
  dd if=/dev/zero of="$BACKING" bs=4M count=$((SIZE_B / (4 * MIB))) status=none
  truncate -s "$SIZE_B" "$BACKING"
  LOOP=$(losetup -f --show "$BACKING")
  KIND="RAM-backed loop ($BACKING_FS file in $BACKING_DIR)"
fi
# nodiscard: mkfs would otherwise punch the backing file full of holes again.
# No lazy init: ext4lazyinit would otherwise zero inode tables in the
# background while the first runs measure.
mkfs.ext4 -q -F -m 0 -E nodiscard,lazy_itable_init=0,lazy_journal_init=0 "$LOOP"
mkdir -p "$MNT"
mount "$LOOP" "$MNT"

AVAIL=$(df -B1 --output=avail "$MNT" | tail -n 1 | tr -d ' ')
# Room for Volumeter's scratch folder and the directories: 1 MiB slack.
USABLE=$((AVAIL - RESERVE_B - MIB))
# A whole number of chunks (fio skips a short tail) and of MiB (Volumeter
# rounds file sizes down to MiB): a multiple of lcm(chunk, 1 MiB).
a=$CHUNK_B b=$MIB
while ((b)); do t=$((a % b)); a=$b; b=$t; done
STEP=$((CHUNK_B / a * MIB))
FILE_SIZE=$((USABLE / FILES / STEP * STEP))
((FILE_SIZE > 0)) || die "$FILES files of at least $(numfmt --to=iec "$STEP") do not fit in $SIZE; use fewer --files or a larger --size"
TOTAL=$((FILE_SIZE * FILES))

echo "volume:   $KIND, $SIZE ext4 (-m 0) on $LOOP, $(numfmt --to=iec "$AVAIL") free"
echo "job:      $FILES files x $((FILE_SIZE / MIB)) MiB = $((TOTAL / MIB)) MiB written then read, $CHUNK transfers, O_DIRECT, $RUNS runs"
echo

V_ARGS=(run fill --target "$MNT" --files "$FILES" --chunk "$CHUNK" --reserve "$RESERVE" --max-bytes "$TOTAL" --quiet)
FIO_ARGS=(--name=fill --directory="$MNT/fio" --nrfiles="$FILES" --filesize="$FILE_SIZE" --bs="$CHUNK"
          --direct=1 --fsync_on_close=1 --file_service_type=sequential --output-format=json ${FIO_EXTRA[@]+"${FIO_EXTRA[@]}"})
TIMEFMT='%U %S %M %e'
echo "volumeter-cli ${V_ARGS[*]} -o OUT.volumeter.json"
echo "fio ${FIO_ARGS[*]} --rw=write   then the same with --rw=read"
echo

RESULTS="$WORK/results.tsv"
: >"$RESULTS"
FAILED=0

run_volumeter () {   # run slot
  local out="$WORK/v-$1.volumeter.json" line
  sync
  if ! /usr/bin/time -f "$TIMEFMT" -o "$WORK/v-$1.time" "$VCLI" "${V_ARGS[@]}" -o "$out"; then
    echo "volumeter-cli failed in run $1" >&2
    return 1
  fi
  line=$("${REPORT[@]}" volumeter "$out" "$WORK/v-$1.time" "$FILE_SIZE") || return 1
  printf '%s\t%s\tvolumeter\t%s\n' "$1" "$2" "$line" >>"$RESULTS"
  tail -n 1 "$RESULTS" | awk -F'\t' '{ printf "  volumeter  write %8.1f MB/s  read %8.1f MB/s  CPU %.2f s  RSS %.1f MiB\n", $4/1e6, $5/1e6, $10+$11, $12/1024 }'
}

run_fio () {   # run slot
  local line rc=0
  rm -rf -- "$MNT/fio"
  mkdir "$MNT/fio"
  sync
  /usr/bin/time -f "$TIMEFMT" -o "$WORK/fw-$1.time" fio "${FIO_ARGS[@]}" --rw=write >"$WORK/fw-$1.json" || rc=$?
  ((rc == 0)) && { /usr/bin/time -f "$TIMEFMT" -o "$WORK/fr-$1.time" fio "${FIO_ARGS[@]}" --rw=read >"$WORK/fr-$1.json" || rc=$?; }
  rm -rf -- "$MNT/fio"   # the same free space for Volumeter's next fill
  if ((rc != 0)); then
    echo "fio failed in run $1 (exit $rc)" >&2
    return 1
  fi
  line=$("${REPORT[@]}" fio "$WORK/fw-$1.json" "$WORK/fr-$1.json" "$WORK/fw-$1.time" "$WORK/fr-$1.time" "$TOTAL") || return 1
  printf '%s\t%s\tfio\t%s\n' "$1" "$2" "$line" >>"$RESULTS"
  tail -n 1 "$RESULTS" | awk -F'\t' '{ printf "  fio        write %8.1f MB/s  read %8.1f MB/s  CPU %.2f s  RSS %.1f MiB\n", $4/1e6, $5/1e6, $10+$11, $12/1024 }'
}

attempt () {   # tool run slot
  if ! "run_$1" "$2" "$3"; then
    FAILED=$((FAILED + 1))
    ((KEEP_GOING)) || { echo "fill-vs-fio: stopping (use --keep-going to carry on)" >&2; exit 1; }
  fi
}

for ((r = 1; r <= RUNS; r++)); do
  if ((r % 2)); then
    echo "run $r/$RUNS: Volumeter first"
    attempt volumeter "$r" 1
    attempt fio "$r" 2
  else
    echo "run $r/$RUNS: fio first"
    attempt fio "$r" 1
    attempt volumeter "$r" 2
  fi
done

RSS_RESULT=
if ((RSS_FILES > 0)); then
  RSS_SIZE=$(((AVAIL - RESERVE_B - MIB) / RSS_FILES / MIB * MIB))
  if ((RSS_SIZE < MIB)); then
    echo "peak-RSS fill skipped: $RSS_FILES files of 1 MiB do not fit in $SIZE" >&2
    FAILED=$((FAILED + 1))
  else
    echo
    echo "peak-RSS fill: volumeter-cli run fill --files $RSS_FILES --max-bytes $((RSS_SIZE * RSS_FILES)) ($((RSS_SIZE / MIB)) MiB files)"
    sync
    # Then 10 files of the same size: same buffer, so the difference is
    # what Volumeter keeps per file.
    if /usr/bin/time -f "$TIMEFMT" -o "$WORK/rss.time" "$VCLI" run fill --target "$MNT" --files "$RSS_FILES" \
         --chunk "$CHUNK" --reserve "$RESERVE" --max-bytes $((RSS_SIZE * RSS_FILES)) --quiet -o "$WORK/rss.volumeter.json" \
       && "${REPORT[@]}" rss "$WORK/rss.volumeter.json" "$WORK/rss.time" >"$WORK/rss.tsv" \
       && /usr/bin/time -f "$TIMEFMT" -o "$WORK/rss10.time" "$VCLI" run fill --target "$MNT" --files 10 \
         --chunk "$CHUNK" --reserve "$RESERVE" --max-bytes $((RSS_SIZE * 10)) --quiet -o "$WORK/rss10.volumeter.json" \
       && "${REPORT[@]}" rss "$WORK/rss10.volumeter.json" "$WORK/rss10.time" >>"$WORK/rss.tsv"; then
      RSS_RESULT="$WORK/rss.tsv"
      awk -F'\t' '{ printf "  volumeter  %4d files: %s, peak RSS %.1f MiB, %.1f s\n", $2, $1, $5/1024, $6 }' "$RSS_RESULT"
    else
      echo "peak-RSS fill failed" >&2
      FAILED=$((FAILED + 1))
      ((KEEP_GOING)) || exit 1
    fi
  fi
fi

echo
STATUS=0
"${REPORT[@]}" table "$RESULTS" "$RSS_RESULT" "$(nproc)" || STATUS=1
if ((FAILED)); then
  echo "$FAILED run(s) failed; the medians are over the runs that completed."
  STATUS=1
fi
if ((SMOKE)); then
  echo "smoke: figures not judged"
  ((FAILED)) && exit 1
  exit 0
fi
exit "$STATUS"
