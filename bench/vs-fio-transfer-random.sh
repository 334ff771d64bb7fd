#!/usr/bin/env bash
# vs-fio-transfer-random.sh — Transfer size and Random I/O against fio
#
# A thin wrapper: the comparison is vs-peers.sh's, with its fio jobs made
# by `volumeter-cli fio-job` from each Volumeter result, so there is one
# path for one job. Options are vs-peers.sh's (--pairs, --disk, --region,
# --ios, --file, …; --runs is taken for --pairs).
# --smoke (the bench suite, a few seconds): vs-peers.sh --smoke on these
# cases, figures printed, not judged.
exec "$(dirname "$0")/vs-peers.sh" --cases transfer,random "$@"
