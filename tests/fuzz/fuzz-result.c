/* fuzz-result.c — libFuzzer harness for the result-file loader
 *
 * Any bytes go to vol_result_load_from_data(), from memory. A result that
 * loads is saved, loaded again and laid out as a chart
 * (fuzz_check_result()); a refusal must carry a UTF-8 message.
 */
#include "fuzz-harness.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(VolResult) result = NULL;

  result = vol_result_load_from_data ((const char *) data, (gssize) size, &error);
  if (result != NULL)
    fuzz_check_result (result);
  else
    fuzz_check_message (error->message);
  return 0;
}
