/* What the libFuzzer harnesses of testbench/fuzz/ share (docs/guide/testing.md "Fuzzing"): a sink for
 * the output of the code under test, a run of a scenario text with bounded time, and the
 * entry point libFuzzer calls. */
#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* libFuzzer's entry point: one input, returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A stream that discards what is written (opened once, shared by every input). */
FILE *fuzz_null_stream(void);

/* Parses `length` bytes as a scenario; when it parses and its `run N` statements ask for at
 * most `max_cycles` cycles in all, builds its system and runs it in model mode (output
 * discarded, a second of wall time at most). Any bytes: the harness only looks for crashes, leaks and UB.
 * In fuzz_support_run.c (library fuzz_support_run, which links the simulated system). */
void fuzz_scenario(const char *text, size_t length, uint64_t max_cycles);

#endif
