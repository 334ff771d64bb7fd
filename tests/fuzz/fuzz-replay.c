/* fuzz-replay.c — the fuzz corpus as an ordinary test
 *
 * Built with the ordinary compiler, linked with one harness; each argument
 * is a corpus folder (or a file), and every file in it goes through the
 * harness's LLVMFuzzerTestOneInput() once, as libFuzzer would give it.
 * A crash, an abort or a sanitizer report fails the test; meson's timeout
 * catches a hang. TAP, one line per file.
 */
#include "fuzz-harness.h"

#include <stdio.h>
#include <stdlib.h>

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static void
collect (const char *path,
         GPtrArray  *files)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (files, g_strdup (path));
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (files, g_build_filename (path, name, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  for (int i = 1; i < argc; i++)
    collect (argv[i], files);
  g_ptr_array_sort (files, compare_strings);

  if (files->len == 0)
    {
      printf ("1..0 # SKIP no corpus files\n");
      return 77;
    }
  printf ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length = 0;

      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          printf ("not ok %u - %s: %s\n", i + 1, path, error->message);
          continue;
        }
      /* A copy of exactly its length, so that a read past the end is an
       * error under a sanitizer, as it is under libFuzzer. */
      {
        g_autofree uint8_t *copy = g_memdup2 (contents, length);

        LLVMFuzzerTestOneInput (copy, length);
      }
      printf ("ok %u - %s\n", i + 1, path);
      fflush (stdout);
    }
  return 0;
}
