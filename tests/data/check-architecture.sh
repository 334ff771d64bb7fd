#!/usr/bin/env bash
# check-architecture.sh SRCDIR — docs/architecture.md names every source
# file under src/ and every test under tests/, so a newcomer finds
# what each one is for (docs/architecture.md, "What lives where"). A file is
# named when its base name appears in the document followed by a backtick
# (`vol-foo.c` or `src/model/vol-foo.c`). TAP output.
set -uo pipefail
src=${1:?usage: check-architecture.sh SRCDIR}
doc="$src/docs/architecture.md"
n=0 failed=0
check() {  # check DESCRIPTION FILE…
  local what=$1 missing=() f
  shift
  for f in "$@"; do
    grep -qF -- "$(basename "$f")\`" "$doc" || missing+=("${f#"$src"/}")
  done
  n=$((n + 1))
  if [ ${#missing[@]} -eq 0 ]; then
    echo "ok $n - docs/architecture.md names every $what ($# files)"
  else
    failed=1
    echo "not ok $n - docs/architecture.md does not name ${#missing[@]} $what"
    printf '#   %s\n' "${missing[@]}"
  fi
}
[ -f "$doc" ] || { echo "1..0 # SKIP no $doc"; exit 1; }
mapfile -t sources < <(find "$src/src" -name '*.c' | LC_ALL=C sort)
mapfile -t tests < <(find "$src/tests" \( -name 'test-*.c' -o -name 'test-*.sh' \) | LC_ALL=C sort)
check "file under src/ (*.c)" "${sources[@]}"
check "test under tests/ (test-*.c, test-*.sh)" "${tests[@]}"
echo "1..$n"
exit $failed
