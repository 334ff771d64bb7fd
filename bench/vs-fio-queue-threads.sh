#!/usr/bin/env bash
# vs-fio-queue-threads.sh — Queue depth and Threads against fio
#
# A thin wrapper: the comparison is vs-peers.sh's, with its fio jobs made
# by `volumeter-cli fio-job` from each Volumeter result (the threads
# test's flush points included), so there is one path for one job.
# Options are vs-peers.sh's (--pairs, --disk, --seconds, --span,
# --per-thread, …).
# --smoke (the bench suite, a few seconds): vs-peers.sh --smoke on these
# cases, figures printed, not judged.
exec "$(dirname "$0")/vs-peers.sh" --cases queue,threads "$@"
