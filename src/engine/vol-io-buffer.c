/* vol-io-buffer.c — memory for O_DIRECT transfers
 *
 * Why huge pages: with O_DIRECT the kernel builds each request from the
 * buffer's physical pages, one segment per contiguous run. A device takes
 * a limited number of segments per request (a loop device 128, many disks
 * about as many), so a 1 MiB transfer from scattered 4 KiB pages goes out
 * as two or more requests, and from contiguous memory as one. Whether the
 * pages of an ordinary allocation happen to be contiguous is luck of the
 * process's memory: measured on a loop device, the same 1 MiB sequential
 * read ran at 1.35 GB/s from scattered pages and 3.1 GB/s from huge pages
 * (docs/performance.md). Backing every large buffer with 2 MiB pages takes
 * the luck out: each transfer leaves as few requests as the device allows,
 * every run, and the result says whether the kernel gave them.
 */
#include "vol-io-buffer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE     ((gsize) 2 << 20)
/* Below this a transfer fits in a device's segments even from 4 KiB
 * pages (64 pages; devices take at least that many): no need to spend a
 * 2 MiB page on it. */
#define HUGE_FROM     ((gsize) 256 << 10)

static gint n_huge;
static gint n_small;

/* The large buffers' mappings: address → size, for munmap */
static GMutex maps_lock;
static GHashTable *maps;

/* Whether the mapping holding @mem is backed by huge pages throughout,
 * by the kernel's own account (/proc/self/smaps). Neighbouring buffers
 * may share the mapping; they are ours too, and asked for the same. */
static gboolean
backed_by_huge_pages (gconstpointer mem,
                      gsize         size)
{
  FILE *f = fopen ("/proc/self/smaps", "re");
  char line[512];
  gboolean inside = FALSE;
  guint64 rss = 0, anon_huge = 0;
  guintptr addr = (guintptr) mem;

  if (f == NULL)
    return FALSE;
  while (fgets (line, sizeof line, f) != NULL)
    {
      unsigned long start, end;
      unsigned long long kb;

      if (sscanf (line, "%lx-%lx ", &start, &end) == 2)   /* a mapping's first line */
        {
          if (inside)
            break;
          inside = addr >= start && addr < end;
          continue;
        }
      if (!inside)
        continue;
      if (sscanf (line, "Rss: %llu kB", &kb) == 1)
        rss = kb * 1024;
      else if (sscanf (line, "AnonHugePages: %llu kB", &kb) == 1)
        anon_huge = kb * 1024;
    }
  fclose (f);
  return anon_huge >= size && anon_huge == rss;
}

/* A mapping of its own, never memory a free() gave back: recycled heap
 * pages are already faulted in as 4 KiB pages, and a long-lived process
 * (the app, a test suite) would get huge pages only for its first
 * buffers. Over-map by a huge page, keep the aligned middle. */
static gpointer
map_huge (gsize size)
{
  gsize len = size + HUGE_PAGE;
  guint8 *raw = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  guint8 *mem;
  gsize head, tail;

  if (raw == MAP_FAILED)
    g_error ("Could not map %" G_GSIZE_FORMAT " bytes for I/O buffers: %s", len, g_strerror (errno));
  mem = (guint8 *) (((guintptr) raw + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
  head = mem - raw;
  tail = len - head - size;
  if (head > 0)
    munmap (raw, head);
  if (tail > 0)
    munmap (mem + size, tail);

  /* Refused (THP "never", an old kernel): 4 KiB pages, and the tally
   * says so. */
  (void) madvise (mem, size, MADV_HUGEPAGE);
  memset (mem, 0, size);
  if (backed_by_huge_pages (mem, size))
    g_atomic_int_inc (&n_huge);
  else
    g_atomic_int_inc (&n_small);

  g_mutex_lock (&maps_lock);
  if (maps == NULL)
    maps = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (maps, mem, GSIZE_TO_POINTER (size));
  g_mutex_unlock (&maps_lock);
  return mem;
}

/**
 * vol_io_alloc_aligned:
 *
 * Memory for O_DIRECT transfers, aligned to @alignment (a power of two) and
 * at least to a page. From 256 KiB up the buffer is a mapping of whole
 * 2 MiB pages, asked of the kernel as transparent huge pages and touched
 * here, so that no timed transfer pays for faulting it in. Free with
 * vol_io_free_aligned(). Any thread.
 */
gpointer
vol_io_alloc_aligned (gsize size,
                      gsize alignment)
{
  void *mem = NULL;
  gsize page = (gsize) sysconf (_SC_PAGESIZE);
  int rc;

  if (size >= HUGE_FROM && alignment <= HUGE_PAGE)
    return map_huge ((size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE);

  alignment = MAX (alignment, page);
  rc = posix_memalign (&mem, alignment, MAX (size, 1));
  if (rc != 0)
    g_error ("Could not allocate %" G_GSIZE_FORMAT " bytes aligned to %" G_GSIZE_FORMAT,
             size, alignment);
  return mem;
}

void
vol_io_free_aligned (gpointer mem)
{
  gpointer size = NULL;
  gboolean mapped = FALSE;

  if (mem == NULL)
    return;
  g_mutex_lock (&maps_lock);
  if (maps != NULL)
    mapped = g_hash_table_steal_extended (maps, mem, NULL, &size);
  g_mutex_unlock (&maps_lock);
  if (mapped)
    munmap (mem, GPOINTER_TO_SIZE (size));
  else
    free (mem);
}

/**
 * vol_io_buffer_tally:
 * @huge: (out): large buffers made so far that the kernel backed with huge pages
 * @small: (out): large buffers it left on 4 KiB pages
 *
 * Counts since the process started; a run takes the difference between
 * its start and its end (one run at a time per process).
 */
void
vol_io_buffer_tally (guint *huge,
                     guint *small)
{
  *huge = (guint) g_atomic_int_get (&n_huge);
  *small = (guint) g_atomic_int_get (&n_small);
}
