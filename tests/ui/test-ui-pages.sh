#!/usr/bin/env bash
# test-ui-pages.sh BUILD_DIR SOURCE_DIR — every test kind's result page in the real app
#
# TAP. volumeter-cli runs every test kind (fill, transfer, random, queue,
# threads, smallfiles, cached) with small, fast parameters on a fresh ext4
# loop volume; the application (tests/ui/ui-env.sh: Xvfb, a private bus) then
# opens each result, and a comparison of two labelled fills, in a window of
# 1100×760 (the default size) and of 800×600, and reads the result page's
# tables back from app.status ("tables": headings, units, rows, each cell as
# printed): the kind's own columns, one row per point, the unit in every
# cell and no exponent notation. Then it turns on binary units with
# `gsettings set` and waits for the open page to show MiB/s, no reopening.
# Screenshots of every page: BUILD_DIR/meson-logs/ui-page-KIND-WxH.png, and
# scrolled down to its tables (with xdotool) ui-page-KIND-WxH-tables.png.
# VOLUMETER_UI_GALLERY=DIR also writes the README's gallery (docs/images).
# Needs root for the loop volume (CI is root); run it alone (is_parallel:
# false). Takes about a minute. VOLUMETER_UI_GSK_RENDERER as in test-ui.sh.
set -u
here=$(dirname "$(readlink -f "$0")")
. "$here/ui-env.sh"

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR SOURCE_DIR" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root for the ext4 loop volume; CI runs it as root"
  exit 0
fi
for tool in gdbus gsettings identify losetup mkfs.ext4; do
  command -v "$tool" >/dev/null || { echo "Bail out! $tool is needed (libglib2.0-bin, imagemagick, util-linux, e2fsprogs)"; exit 1; }
done
# VOLUMETER_UI_PAGE_SIZES (below) may ask for a window taller than the
# usual screen: the screen grows with it
UI_XVFB_ARGS=(-a -s "-screen 0 1280x${VOLUMETER_UI_SCREEN_HEIGHT:-900}x24")
ui_session "$0" "$@"

ui_env_init "$1" "$2" || { echo "Bail out! cannot set up the environment (schema?)"; exit 1; }
if [ "${VOLUMETER_UI_A11Y:-0}" = 1 ]; then unset GTK_A11Y; else export GTK_A11Y=none; fi
case ${VOLUMETER_UI_GSK_RENDERER:-cairo} in
  default) unset GSK_RENDERER ;;
  *) export GSK_RENDERER=${VOLUMETER_UI_GSK_RENDERER:-cairo} ;;
esac
# The window's size comes from its settings: a key file the test writes
# before each launch, and `gsettings set` changes while the app runs.
export GSETTINGS_BACKEND=keyfile
keyfile="$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
logs="$UI_BUILD/meson-logs"
mkdir -p "$logs"
work=$UI_WORK
vol="$work/vol"
res="$work/results"
loop=""
n=0
failed=0

cleanup() {
  ui_quit >/dev/null 2>&1
  cp "$UI_LOG" "$logs/ui-pages-app.log" 2>/dev/null
  mountpoint -q "$vol" && umount "$vol"
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  ui_env_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM


truncate -s 256M "$work/vol.img"
loop=$(losetup -f --show "$work/vol.img") || { echo "Bail out! losetup failed"; exit 1; }
mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "$loop" >&2 || { echo "Bail out! mkfs.ext4 failed"; exit 1; }
mkdir -p "$vol" "$res"
mount "$loop" "$vol" || { echo "Bail out! mount failed"; exit 1; }

# ---- one result of every kind, from the command line ------------------------
declare -A args=(
  [quick]="--profile standard --size 16M --loops 2 --seconds 0.2"
  [fill]="--files 8 --chunk 1M --reserve 64M --max-bytes 32M"
  [transfer]="--from 4K --to 64K --region 4M --iterations 3"
  [random]="--chunk 4K --ios 256 --iterations 5 --file-size 16M"
  [queue]="--span 16M --depths 1,4,16 --seconds 1"
  [threads]="--threads 1,2 --bytes-per-thread 4M --seconds 1 --mode seqrd"
  [smallfiles]="--files 100 --transactions 200"
  [cached]="--cached-seconds 0.5 --device-seconds 0.5"
)
kinds="quick fill transfer random queue threads smallfiles cached"
for kind in $kinds; do
  # shellcheck disable=SC2086  # the arguments are words
  out=$("$UI_CLI" run "$kind" --target "$vol" ${args[$kind]} -q -o "$res/$kind.volumeter.json" 2>&1) \
    && ok "volumeter-cli run $kind ${args[$kind]}" \
    || not_ok "volumeter-cli run $kind ${args[$kind]}" "$out"
done
for label in "64 KiB stripe" "256 KiB stripe"; do
  f="$res/compare-${label%% *}.volumeter.json"
  out=$("$UI_CLI" run fill --target "$vol" ${args[fill]} --label "$label" -q -o "$f" 2>&1) \
    && ok "volumeter-cli run fill --label '$label'" || not_ok "volumeter-cli run fill --label '$label'" "$out"
done

# check_tables KIND ROWS < STATUS: the page's tables as the kind needs them
# (ROWS: the points the run measured); prints what is wrong, exit 1 if any
read -r -d '' CHECK_PY <<'PY'
import json, re, sys
kind, points = sys.argv[1], int(sys.argv[2])
s = json.load(sys.stdin)
tables = s.get("tables") or []
bad = []
# kind: [(corner, columns, units)], rows per table ("p": the points, "p+6": plus the statistics)
want = {
  "quick": ([("Test", ["Read", "Write"], ["B/s", "B/s"]), ("Test", ["Read", "Write"], ["IO/s", "IO/s"]),
             ("Test", ["Read", "Write"], ["B/s", "B/s"]),
             ("Test", ["Read, mean", "Read, p99", "Write, mean", "Write, p99"], ["s"] * 4)], ["p"] * 4),
  "fill": ([("", ["Write", "Read"], ["B/s", "B/s"])], [6]),
  "transfer": ([("Size", ["Write", "Read"], ["B/s", "B/s"])], ["p"]),
  "random": ([("Iteration", ["Write", "Read"], ["IO/s", "IO/s"])], ["p+6"]),
  "queue": ([("QD", ["IOPS", "Throughput"], ["IO/s", "B/s"]),
             ("QD", ["Mean", "p50", "p99", "p99.9"], ["s", "s", "s", "s"])], ["p", "p"]),
  "threads": ([("Threads", ["Total", "Per thread"], ["B/s"] * 2),
               ("Threads", ["Slowest", "Fastest"], ["B/s"] * 2)], ["p", "p"]),
  "smallfiles": ([("", ["Creating the pool", "Transactions", "Deleting the pool"], ["/s"] * 3)], [6]),
  "cached": ([("", ["Cached reads", "Device reads"], ["B/s", "B/s"])], [6]),
  "compare": ([("", ["256 KiB stripe", "64 KiB stripe"], ["", ""])], [None]),
}[kind]
if len(tables) != len(want[0]):
    bad.append("%d tables, want %d: %s" % (len(tables), len(want[0]), [t.get("title") for t in tables]))
shown = {"B/s": "MB/s", "IO/s": "IO/s", "ops/s": "ops/s", "/s": "/s"}
for t, (corner, columns, units), rows in zip(tables, want[0], want[1]):
    name = t.get("title", "?")
    # a comparison's columns come in the order of what tells them apart
    got = sorted(t["columns"]) if kind == "compare" else t["columns"]
    if t["corner"] != corner or got != columns:
        bad.append("%s: headings %r %r, want %r %r" % (name, t["corner"], t["columns"], corner, columns))
    if t["units"] != units:
        bad.append("%s: units %r, want %r" % (name, t["units"], units))
    if len(set(t["columns"])) != len(t["columns"]):
        bad.append("%s: two columns share a heading: %r" % (name, t["columns"]))
    n = {"p": points, "p+6": points + 6, None: len(t["rows"])}.get(rows, rows)
    if len(t["rows"]) != n or n == 0:
        bad.append("%s: %d rows, want %d" % (name, len(t["rows"]), n))
    for r in t["rows"]:
        if len(r["cells"]) != len(t["columns"]):
            bad.append("%s, row %s: %d cells for %d columns" % (name, r["label"], len(r["cells"]), len(t["columns"])))
        for c, (cell, unit) in enumerate(zip(r["cells"], t["units"])):
            if re.search(r"\de[+-]?\d", cell) or cell.strip() == "":
                bad.append("%s, row %s: cell %r" % (name, r["label"], cell))
            if cell == "\u2014" and kind != "compare":
                bad.append("%s, row %s, %s: no value" % (name, r["label"], t["columns"][c]))
            # the unit in every number (rows of counts and percentages aside)
            if unit in shown and r["label"] not in ("Samples", "Range, percent") and shown[unit] not in cell:
                bad.append("%s, row %s: %r lacks %s" % (name, r["label"], cell, shown[unit]))
            if unit == "s" and not re.search(r"(µs|ms| s)$", cell):
                bad.append("%s, row %s: latency %r without µs, ms or s" % (name, r["label"], cell))
if kind == "quick":
    labels = [r["label"] for r in tables[0]["rows"]]
    if labels != ["SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1"]:
        bad.append("quick: rows %r" % labels)
    if not all(" ± " in c for r in tables[0]["rows"] for c in r["cells"]):
        bad.append("quick: a mean without its interval")
if kind == "transfer":
    if not all(" ± " in c for r in tables[0]["rows"] for c in r["cells"]):
        bad.append("transfer: a cell without its ± std dev")
if kind == "random":
    labels = [r["label"] for r in tables[0]["rows"]][points:]
    if labels != ["Slowest", "Fastest", "Average", "Median", "Range", "Range, percent"]:
        bad.append("random: statistics rows %r" % labels)
if kind == "compare":
    labels = [r["label"] for r in tables[0]["rows"]]
    if "Write" not in labels or "Read" not in labels:
        bad.append("compare: no Write and Read rows: %r" % labels[:4])
print("; ".join(bad))
sys.exit(1 if bad else 0)
PY
check_tables() { "$UI_PYTHON" -c "$CHECK_PY" "$1" "$2"; }

# xdotool (XTest) scrolls the page for the screenshots of its tables
wheel=$(command -v xdotool)
[ -n "$wheel" ] || echo "# no xdotool: the screenshots show the top of each page only"

# points measured: fill 8 files, transfer 4K…64K = 5 sizes, random 5
# iterations, queue 3 depths, threads 2 counts
declare -A points=([quick]=4 [fill]=0 [transfer]=5 [random]=5 [queue]=3 [threads]=2 [smallfiles]=0 [cached]=0 [compare]=0)

# VOLUMETER_UI_PAGE_SIZES: other window sizes (a tall one shows a whole page)
for size in ${VOLUMETER_UI_PAGE_SIZES:-1100x760 800x600}; do
  w=${size%x*}; h=${size#*x}
  mkdir -p "$(dirname "$keyfile")"
  printf '[io/github/volumeter/Volumeter]\nwindow-width=%s\nwindow-height=%s\nbinary-units=false\n' "$w" "$h" >"$keyfile"
  if ui_launch; then ok "$size: the app starts"
  else not_ok "$size: the app starts" "$(tail -n 5 "$UI_LOG")"; echo "Bail out! no app"; exit 1; fi
  for kind in $kinds compare; do
    if [ $kind = compare ]; then
      ui_call open-paths "[$(ui_str "$res/compare-64.volumeter.json"), $(ui_str "$res/compare-256.volumeter.json")]" >/dev/null
      cond='s.get("results") == 2 and len(s.get("tables") or []) > 0'
    else
      f="$res/$kind.volumeter.json"
      [ -s "$f" ] || { not_ok "$size, $kind: a result to open" "no $f"; continue; }
      ui_call open-path "$(ui_str "$f")" >/dev/null
      cond="s.get('result') == $(ui_str "$f") and s.get('results') == 1 and len(s.get('tables') or []) > 0"
    fi
    # the page's tables are built just after its chart has been drawn
    if s=$(ui_wait "$cond" 20); then
      msg=$(check_tables $kind "${points[$kind]}" <<<"$s") && ok "$size, $kind: the page's tables have the kind's rows, columns and units" \
        || not_ok "$size, $kind: the page's tables have the kind's rows, columns and units" "$msg"
    else
      not_ok "$size, $kind: the page shows its tables" "status: ${s:0:400}"
    fi
    if [ $kind = quick ]; then
      # the forum report of the page, as Export → Report as Text writes it
      report="$UI_WORK/quick-$size.txt"
      ui_call export "($(ui_str txt), $(ui_str "$report"))" >/dev/null
      ui_wait 's.get("exporting") == 0' 30 >/dev/null
      grep -q "SEQ1M Q8T1" "$report" 2>/dev/null && grep -q "MB/s = 1,000,000 bytes/s" "$report" \
        && ok "$size, quick: the report as text has the grid and its units" \
        || not_ok "$size, quick: the report as text has the grid and its units" "$(head -c 400 "$report" 2>&1)"
    fi
    shot="$logs/ui-page-$kind-$size.png"
    if ui_shot "$shot" 15; then
      # the window's size less its shadow (5 px each side without a window manager)
      got=$(ui_png_size "$shot")
      [ "$got" = "$((w - 10))x$((h - 10))" ] && ok "$size, $kind: screenshot meson-logs/$(basename "$shot")" \
        || not_ok "$size, $kind: the window is $size" "the screenshot is $got"
    else
      not_ok "$size, $kind: screenshot" "status: $(ui_status)"
    fi
    # the tables are under the chart: scroll the result pane (the right
    # half of the window) down to them, shoot, and back up for the next page
    if [ -n "$wheel" ] && [ -s "$shot" ]; then
      tables="$logs/ui-page-$kind-$size-tables.png"
      xdotool mousemove $((w * 3 / 4)) $((h / 2)) click --repeat 6 --delay 20 5
      t0=$(date +%s)
      while ui_shot "$tables" 5 && cmp -s "$shot" "$tables" && [ $(($(date +%s) - t0)) -lt 10 ]; do sleep 0.1; done
      ! cmp -s "$shot" "$tables" && ok "$size, $kind: the result pane scrolls to the tables: meson-logs/$(basename "$tables")" \
        || not_ok "$size, $kind: the result pane scrolls to the tables"
      xdotool mousemove $((w * 3 / 4)) $((h / 2)) click --repeat 12 --delay 20 4
    fi
  done

  # Preferences apply live: the open page (a comparison of fills, in B/s)
  # turns to MiB/s when the setting changes, without being opened again.
  if [ $size = 1100x760 ]; then
    gsettings set io.github.volumeter.Volumeter binary-units true
    s=$(ui_wait '"MiB/s" in str(s.get("tables")) and "MB/s" not in str(s.get("tables"))' 10) \
      && ok "binary units set while a page is open: its tables turn to MiB/s" \
      || not_ok "binary units set while a page is open: its tables turn to MiB/s" "status: ${s:0:400}"
    gsettings set io.github.volumeter.Volumeter binary-units false
    s=$(ui_wait '"MB/s" in str(s.get("tables")) and "MiB/s" not in str(s.get("tables"))' 10) \
      && ok "and back to MB/s when it is turned off" || not_ok "and back to MB/s when it is turned off" "status: ${s:0:400}"
  fi
  if ui_quit; then ok "$size: app.quit ends the process"; else not_ok "$size: app.quit ends the process" "had to kill it"; fi
done

# VOLUMETER_UI_GALLERY=DIR (docs/images): the result pane of a few pages,
# scrolled to their tables, as the README's gallery (256 colours: small files)
if [ -n "${VOLUMETER_UI_GALLERY:-}" ]; then
  for pick in queue:1100x760 random:1100x760 transfer:1100x760 compare:1100x760 threads:800x600; do
    kind=${pick%%:*}; size=${pick#*:}
    from="$logs/ui-page-$kind-$size-tables.png"
    to="$VOLUMETER_UI_GALLERY/app-$kind.png"
    # the right half of the window: the result pane, without the sidebar
    [ -s "$from" ] && convert "$from" -gravity east -crop 50%x100%+0+0 +repage -strip -colors 256 "$to" \
      && ok "gallery: $to" || not_ok "gallery: $to" "from $from"
  done
fi

crit=$(grep -E "CRITICAL|WARNING \*\*|Gtk-WARNING|Adwaita-WARNING" "$UI_LOG" | sort | uniq -c | head -5)
[ -z "$crit" ] && ok "no criticals or warnings in the app's output" || not_ok "no criticals or warnings in the app's output" "$crit"

echo "1..$n"
[ $failed -eq 0 ]
