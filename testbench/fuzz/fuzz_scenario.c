/* The scenario language: the parser on any bytes, and the runner on every input that parses
 * (model mode, both profiles through the `profile` statement), within a cycle budget. */
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_scenario((const char *)data, size, 200000);
    return 0;
}
