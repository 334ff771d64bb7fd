# pause.sh — the shell side of the test seam (sourced, not run)
#
# Stops a volumeter or volumeter-cli process at a chosen I/O call, so a
# test can signal, kill or pull the target away at a known point of the
# run instead of sleeping and hoping (src/engine/vol-pause-seam.h):
#
#   pause_init DIR          make DIR/reached and DIR/release (FIFOs) and
#                           hold DIR/reached open on fd 7
#   pause_env SPEC          print the two variables for `env`, e.g.
#                           env $(pause_env pwrite:3) volumeter-cli run …
#   pause_wait PID [SECS]   block until PID announces its pause; print
#                           "CALL N"; 1 if PID ended first (or after SECS,
#                           default 120, a safety net only)
#   pause_release           let the paused call go on
#
# fd 7 is opened read-write, so neither side ever blocks opening it, and the
# announcement stays in the FIFO until it is read. Everything is event
# driven: pause_wait returns the moment the line is written; its one-second
# reads only notice a process that died without pausing.

pause_init() {
  PAUSE_DIR=$1
  mkdir -p "$PAUSE_DIR"
  rm -f "$PAUSE_DIR/reached" "$PAUSE_DIR/release"
  mkfifo -m 600 "$PAUSE_DIR/reached" "$PAUSE_DIR/release" || return 1
  exec 7<>"$PAUSE_DIR/reached"
}

pause_env() {
  printf 'VOLUMETER_TEST_PAUSE=%s VOLUMETER_TEST_PAUSE_DIR=%s\n' "$1" "$PAUSE_DIR"
}

# a child that ended but was not waited for is a zombie: kill -0 still works
_pause_alive() {
  local state
  state=$(awk '/^State:/ { print $2 }' "/proc/$1/status" 2>/dev/null)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

pause_wait() {
  local pid=$1 limit=${2:-120} line i
  for ((i = 0; i < limit; i++)); do
    if read -r -t 1 -u 7 line; then
      printf '%s\n' "$line"
      return 0
    fi
    if ! _pause_alive "$pid"; then
      # it may have paused and died in the same second: what it wrote is
      # still in the FIFO, and nothing more can come
      if read -r -t 0.01 -u 7 line; then printf '%s\n' "$line"; return 0; fi
      return 1
    fi
  done
  return 1
}

# The paused thread holds DIR/release open, so this open does not block;
# `timeout` only guards against a test that releases what is not paused.
pause_release() {
  timeout 30 bash -c 'echo go >"$1"' _ "$PAUSE_DIR/release"
}
