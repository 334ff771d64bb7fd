# hugepages.sh — 2 MiB pages for fio's buffers, sourced by tests and bench/
#
# The jobs `volumeter-cli fio-job` makes give fio huge-page buffers
# (iomem=shmhuge), as the test's own are (src/engine/vol-io-buffer.c);
# fio takes them from the kernel's reserved pool, empty by default.
#
#   hugepages_reserve N   at least N pages reserved (root); 1 and a message
#                         when the kernel cannot give them
#   hugepages_restore     the pool as it was before hugepages_reserve

hugepages_reserve () {
  local want=$1 now
  HUGEPAGES_WAS=$(cat /proc/sys/vm/nr_hugepages)
  if [ "$HUGEPAGES_WAS" -lt "$want" ]; then
    echo "$want" >/proc/sys/vm/nr_hugepages 2>/dev/null || {
      echo "cannot reserve $want huge pages (/proc/sys/vm/nr_hugepages needs root)" >&2
      return 1
    }
  fi
  now=$(cat /proc/sys/vm/nr_hugepages)
  if [ "$now" -lt "$want" ]; then
    echo "the kernel reserved $now of $want huge pages (memory too fragmented?)" >&2
    hugepages_restore
    return 1
  fi
}

hugepages_restore () {
  if [ -n "${HUGEPAGES_WAS:-}" ] && [ "$(cat /proc/sys/vm/nr_hugepages)" != "$HUGEPAGES_WAS" ]; then
    echo "$HUGEPAGES_WAS" >/proc/sys/vm/nr_hugepages 2>/dev/null || true
  fi
}
