/* fuzz-harness.h — what every fuzz harness checks of what it loaded
 *
 * The harnesses (fuzz-result.c, fuzz-fio.c) are built twice: with clang's
 * libFuzzer when meson is set up with -Dfuzzing=true (bench/fuzz.sh does
 * that), and always, with the ordinary compiler, into fuzz-replay, which
 * feeds them every file of the committed corpus so that CI replays what a
 * fuzzer once found. docs/reliability.md ("Fuzzing") has the figures.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "vol-result.h"

int  LLVMFuzzerTestOneInput (const uint8_t *data,
                             size_t         size);

void fuzz_check_result      (const VolResult *result);
void fuzz_check_message     (const char      *message);
