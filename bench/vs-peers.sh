#!/usr/bin/env bash
# vs-peers.sh — every test against its reference tool, one after another
#
#   sudo bench/vs-peers.sh [--disk]
#
# Runs fill-vs-fio.sh, vs-fio-transfer-random.sh, vs-fio-queue-threads.sh
# and vs-postmark-hdparm.sh, each on a loop volume of its own (RAM-backed,
# or disk-backed with --disk), and prints their tables in turn. Results
# and their reading: docs/performance.md.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rc=0
for script in fill-vs-fio.sh vs-fio-transfer-random.sh vs-fio-queue-threads.sh vs-postmark-hdparm.sh; do
  echo "=== $script $*"
  "$here/$script" "$@" || rc=1
  echo
done
exit $rc
