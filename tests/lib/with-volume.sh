#!/usr/bin/env bash
# with-volume.sh FSTYPE SIZE CMD [ARGS…]
#
# Runs CMD with a fresh, real volume mounted at $VOL_TEST_DIR:
#   ext4   a SIZE loop device over a file, mkfs.ext4 (-m 0: no root reserve)
#   ramfs  a ramfs mount (refuses O_DIRECT: the buffered fallback's case)
#   btrfs-raid0  two SIZE loop devices, mkfs.btrfs -d raid0 -m raid0: a
#          volume of two members (their kernel names in $VOL_TEST_MEMBERS)
# and removes it afterwards, whatever CMD did. Loop devices and mounts need
# root: without it the test reports a TAP skip that names the reason (CI
# runs as root, so there it always runs).
#
# VOLUMETER_TEST_IMAGE_DIR=DIR puts the ext4 image in DIR instead of
# $TMPDIR: /dev/shm makes the volume RAM-backed, to check that no test
# depends on the disk being slow (tests/cli/test-cli.sh and test-ui.sh read it
# too).
set -u
fstype=$1 size=$2
shift 2

if [ "$(id -u)" -ne 0 ]; then
  echo "1..0 # SKIP needs root to make a $fstype loop volume; CI runs these as root"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/volumeter-test.XXXXXX")
mnt="$work/mnt"
mkdir "$mnt"
loop=""
loop2=""
image="$work/volume.img"
image2="$work/volume2.img"
if [ -n "${VOLUMETER_TEST_IMAGE_DIR:-}" ]; then
  image=$(mktemp "$VOLUMETER_TEST_IMAGE_DIR/volumeter-test.XXXXXX.img") || { echo "Bail out! cannot make an image in $VOLUMETER_TEST_IMAGE_DIR"; exit 1; }
fi

# a folder in RAM for a test's own device images ($VOL_TEST_RAM_DIR), if
# the machine has /dev/shm
ram=""
[ -d /dev/shm ] && ram=$(mktemp -d /dev/shm/volumeter-test.XXXXXX)

cleanup() {
  # loop devices a test made over files in the volume, left attached by a
  # test that failed before detaching them, would keep it busy
  losetup -l -n -O NAME,BACK-FILE 2>/dev/null | while read -r dev back _; do
    case "$back" in "$mnt"/*|"${ram:-/nonexistent}"/*) losetup -d "$dev" ;; esac
  done
  [ -n "$ram" ] && rm -rf "$ram"
  mountpoint -q "$mnt" && umount "$mnt"
  [ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
  [ -n "$loop2" ] && losetup -d "$loop2" 2>/dev/null
  rm -f "$image" "$image2"
  rm -rf "$work"
}
trap cleanup EXIT

case "$fstype" in
  ext4)
    truncate -s "$size" "$image"
    loop=$(losetup -f --show "$image") || { echo "Bail out! losetup failed"; exit 1; }
    # Inode tables and journal written now, not by ext4lazyinit in the
    # background of the first tests (2 MiB writes the device's counters
    # would rightly hold against them: tests/engine/test-truth.c).
    mkfs.ext4 -q -F -m 0 -E lazy_itable_init=0,lazy_journal_init=0 "$loop" >&2 || { echo "Bail out! mkfs.ext4 failed"; exit 1; }
    mount "$loop" "$mnt" || { echo "Bail out! mount failed"; exit 1; }
    ;;
  btrfs-raid0)
    command -v mkfs.btrfs >/dev/null || { echo "Bail out! mkfs.btrfs missing (btrfs-progs, build-aux/debian-packages.txt)"; exit 1; }
    if [ -n "${VOLUMETER_TEST_IMAGE_DIR:-}" ]; then
      image2=$(mktemp "$VOLUMETER_TEST_IMAGE_DIR/volumeter-test.XXXXXX.img") || { echo "Bail out! cannot make an image in $VOLUMETER_TEST_IMAGE_DIR"; exit 1; }
    fi
    truncate -s "$size" "$image" "$image2"
    loop=$(losetup -f --show "$image") || { echo "Bail out! losetup failed"; exit 1; }
    loop2=$(losetup -f --show "$image2") || { echo "Bail out! losetup failed"; exit 1; }
    mkfs.btrfs -q -f -d raid0 -m raid0 "$loop" "$loop2" >&2 || { echo "Bail out! mkfs.btrfs failed"; exit 1; }
    mount "$loop" "$mnt" || { echo "Bail out! mount failed"; exit 1; }
    ;;
  ramfs)
    mount -t ramfs -o size="$size" volumeter-test "$mnt" || { echo "Bail out! ramfs mount failed"; exit 1; }
    ;;
  *)
    echo "Bail out! unknown filesystem $fstype"
    exit 1
    ;;
esac

members=""
[ -n "$loop2" ] && members="${loop#/dev/} ${loop2#/dev/}"
VOL_TEST_DIR="$mnt" VOL_TEST_FSTYPE="$fstype" VOL_TEST_DEVICE="$loop" VOL_TEST_MEMBERS="$members" \
  VOL_TEST_RAM_DIR="$ram" "$@"
