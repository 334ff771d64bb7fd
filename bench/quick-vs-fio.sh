#!/usr/bin/env bash
# quick-vs-fio.sh — every row of the Quick benchmark's Standard and NVMe
# profiles against fio doing the same work
#
#   sudo bench/quick-vs-fio.sh [--disk] [--pairs 7] [--seconds 3] [--quick-size 1G] [vs-peers options]
#
# The cases quick-standard and quick-nvme of bench/vs-peers.sh: per pair,
# one loop of the profile (every row read, then written), then the fio job
# `volumeter-cli fio-job` makes from that run's result — one section per
# measurement, the same block, iodepth and numjobs, io_uring with batched
# submission and completion, registered buffers and file, time-based, the
# writes' fdatasync inside the time, the same file laid down first — in
# alternating pairs on one loop volume. Per row it prints the median of
# the per-pair ratios (MB/s for SEQ rows, IO/s for RND rows) with the
# interquartile range, beside the device's own counters. Target: every
# row within ±5 %. Results: docs/performance.md, "Quick benchmark".
# --smoke (the bench suite, a few seconds): vs-peers.sh --smoke on these
# cases, figures printed, not judged.
set -euo pipefail
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$SCRIPT_DIR/vs-peers.sh" --cases quick-standard,quick-nvme "$@"
