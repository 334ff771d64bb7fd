/* fuzz-fio.c — libFuzzer harness for the fio importer
 *
 * Any bytes go to vol_fio_import_from_data(), from memory; every result it
 * makes must save and load again and lay out as a chart, and every warning
 * and message must be UTF-8.
 */
#include "fuzz-harness.h"

#include "vol-fio-import.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);

  results = vol_fio_import_from_data ((const char *) data, (gssize) size, warnings, &error);
  if (results != NULL)
    for (guint i = 0; i < results->len; i++)
      fuzz_check_result (g_ptr_array_index (results, i));
  else
    fuzz_check_message (error->message);
  for (guint i = 0; i < warnings->len; i++)
    fuzz_check_message (g_ptr_array_index (warnings, i));
  return 0;
}
