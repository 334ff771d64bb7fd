# pin.sh — the same CPU placement for both tools of a comparison, sourced by bench scripts
#
# On a RAM-backed loop device every I/O is a copy by the loop's kernel
# worker, and where the scheduler puts that worker against the tool decided
# the figure: fio's 1 MiB reads ran at 4.7 GB/s unpinned and 12–15 GB/s
# pinned to one CPU, Volumeter's at 10 GB/s either way (docs/performance.md).
# Pinned, every tool meets the same placement: the kernel's unbound workers
# on CPU 0, the tool on the others.
#
#   pin_setup        root; fills TASKSET=(taskset -c 1-N) and moves the
#                    unbound workqueues to CPU 0; 1 and a message if it cannot
#   pin_restore      the workqueues' CPU mask as it was
#   "${TASKSET[@]}" TOOL …   runs TOOL pinned (nothing when not set up)

TASKSET=()
PIN_WQ_MASK_WAS=
PIN_WQ_MASK=/sys/devices/virtual/workqueue/cpumask

pin_setup () {
  if (($(nproc) < 2)); then echo "pinning needs 2 CPUs or more" >&2; return 1; fi
  command -v taskset >/dev/null || { echo "pinning needs taskset (util-linux)" >&2; return 1; }
  PIN_WQ_MASK_WAS=$(cat "$PIN_WQ_MASK") || return 1
  echo 1 >"$PIN_WQ_MASK" || { echo "cannot set $PIN_WQ_MASK (root?)" >&2; PIN_WQ_MASK_WAS=; return 1; }
  TASKSET=(taskset -c "1-$(($(nproc) - 1))")
}

pin_restore () {
  if [ -n "$PIN_WQ_MASK_WAS" ]; then echo "$PIN_WQ_MASK_WAS" >"$PIN_WQ_MASK"; PIN_WQ_MASK_WAS=; fi
}
