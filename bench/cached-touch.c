/* cached-touch.c — what hdparm -T's loop does that Volumeter's cached read does not
 *
 * hdparm -T times loops of lseek(0) + read(2 MiB) on the block device and,
 * after every read, writes one byte of every 512-byte sector of its buffer
 * ("to ensure the read fully completed"): 4096 read-modify-writes per
 * 2 MiB inside the timed loop. Volumeter's cached figure times the pread
 * alone (docs/tests/cached.md). This program measures both loops on the
 * same descriptor and buffer, interleaved read by read so that a busy
 * machine slows both alike, and prints their rates and ratio.
 *
 *   sudo _build/bench/cached-touch /dev/loop0 [SECONDS]
 *   _build/bench/cached-touch --smoke [DEVICE-OR-FILE]
 *
 * --smoke (the bench suite): 0.2 seconds, on a 4 MiB temporary file of its
 * own (removed at once) unless one is named; the figures are printed only.
 *
 * Nothing is written to the device (O_RDONLY). Rates in MiB/s, as hdparm
 * prints them ("MB/sec").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define BUF_BYTES (2 * 1024 * 1024)

static double
now_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
read_once (int fd, char *buf, int touch, double *elapsed)
{
  double start = now_s ();

  if (pread (fd, buf, BUF_BYTES, 0) != BUF_BYTES)
    return -1;
  if (touch)
    for (int i = 0; i < BUF_BYTES; i += 512)
      ((volatile char *) buf)[i] &= 1;
  *elapsed += now_s () - start;
  return 0;
}

/* --smoke without a file: a 4 MiB file of its own, unlinked at once, so
 * nothing is left behind whatever happens */
static int
open_scratch (void)
{
  char path[] = "/tmp/volumeter-cached-touch.XXXXXX";
  int fd = mkstemp (path);
  static char chunk[1024 * 1024];

  if (fd < 0)
    return -1;
  unlink (path);
  memset (chunk, 0x5a, sizeof chunk);
  for (int i = 0; i < 4; i++)
    if (write (fd, chunk, sizeof chunk) != (ssize_t) sizeof chunk)
      {
        close (fd);
        return -1;
      }
  return fd;
}

int
main (int argc, char **argv)
{
  int smoke = argc > 1 && strcmp (argv[1], "--smoke") == 0;
  const char *name = smoke ? (argc > 2 ? argv[2] : "(scratch file)") : argv[1];
  double seconds = smoke ? 0.2 : argc > 2 ? atof (argv[2]) : 4.0;
  double plain = 0, touched = 0;
  long n = 0;
  char *buf;
  int fd;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s DEVICE-OR-FILE [SECONDS]\n"
               "       %s --smoke [DEVICE-OR-FILE]\n", argv[0], argv[0]);
      return 2;
    }
  fd = smoke && argc < 3 ? open_scratch () : open (name, O_RDONLY);
  if (fd < 0)
    {
      fprintf (stderr, "%s: %s\n", name, strerror (errno));
      return 1;
    }
  /* as hdparm: a locked, pre-faulted buffer, and one untimed read */
  buf = mmap (NULL, BUF_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (buf == MAP_FAILED)
    return 1;
  memset (buf, 0, BUF_BYTES);
  mlock (buf, BUF_BYTES);
  if (pread (fd, buf, BUF_BYTES, 0) != BUF_BYTES)
    {
      fprintf (stderr, "%s: the first 2 MiB could not be read\n", name);
      return 1;
    }
  while (plain + touched < seconds)
    {
      if (read_once (fd, buf, n & 1, (n & 1) ? &touched : &plain) < 0)
        {
          fprintf (stderr, "%s: read failed: %s\n", name, strerror (errno));
          return 1;
        }
      n++;
    }
  {
    double mib = BUF_BYTES / 1048576.0;
    double rate_plain = (n - n / 2) * mib / plain;
    double rate_touched = (n / 2) * mib / touched;

    printf ("reads %ld; read alone %.0f MiB/s; read + hdparm's sector touch %.0f MiB/s; "
            "ratio %.3f\n", n, rate_plain, rate_touched, rate_plain / rate_touched);
  }
  close (fd);
  return 0;
}
