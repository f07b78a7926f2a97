/* Shared by the C11 side (bench_tlm_gtsim.c: gtsim runs, driver, report) and the C++17 side
 * (bench_tlm_systemc.cpp: the SystemC TLM-2.0 baseline and sc_main). Both sides take the
 * workload constants and the data/checksum functions from here, so they do the same work
 * and must end with the same checksum. */
#ifndef GTSIM_BENCH_TLM_H
#define GTSIM_BENCH_TLM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Workload: alternating 8-byte write then read of the same address, walking a 1 MiB window
 * of a memory mapped at 0x8000_0000 with a 64-byte stride, 10 ns per access, 1 us quantum. */
#define BENCH_MEMORY_BASE 0x80000000ull
#define BENCH_MEMORY_SIZE (1ull << 30)
#define BENCH_WINDOW_SIZE (1ull << 20)
#define BENCH_STRIDE 64ull
#define BENCH_ACCESS_BYTES 8u
#define BENCH_LATENCY_NS 10ull
#define BENCH_QUANTUM_NS 1000ull
#define BENCH_RUNS 3
#define BENCH_DEFAULT_TRANSACTIONS 10000000ull

/* The three decoy targets that share the router with the memory: never hit, but they make
 * the decode a real four-way one on both sides. */
#define BENCH_DECOY_COUNT 3
static const uint64_t bench_decoy_base[BENCH_DECOY_COUNT] = { 0x00000000ull, 0x10000000ull, 0x40000000ull };
static const uint64_t bench_decoy_size[BENCH_DECOY_COUNT] = { 0x00010000ull, 0x00100000ull, 0x00001000ull };

/* Transaction i is a write when even, a read of the same address when odd. */
static inline uint64_t bench_address(uint64_t transaction)
{
    return BENCH_MEMORY_BASE + (((transaction >> 1) * BENCH_STRIDE) & (BENCH_WINDOW_SIZE - 1));
}

/* Different on every pass over the window, so a read that returned stale data from an
 * earlier pass changes the checksum. */
static inline uint64_t bench_write_value(uint64_t transaction)
{
    return (transaction >> 1) * 0x9E3779B97F4A7C15ull ^ 0x5DEECE66Dull;
}

/* Order-sensitive fold of read data (FNV-1a style multiply). */
static inline uint64_t bench_checksum_step(uint64_t checksum, uint64_t value)
{
    return (checksum ^ value) * 0x100000001B3ull;
}

#define BENCH_CHECKSUM_SEED 0xCBF29CE484222325ull

/* What one timed run reports. */
typedef struct bench_run_result {
    double seconds;          /* wall time of the transaction loop (CLOCK_MONOTONIC) */
    uint64_t transactions;   /* transactions issued */
    uint64_t errors;         /* responses that were not OK, and failed synchronisations */
    uint64_t checksum;       /* fold of all read data */
    uint64_t simulated_ps;   /* simulated time the run advanced, after its final sync */
} bench_run_result;

typedef struct bench_options {
    uint64_t transactions; /* per run */
} bench_options;

/* Parses the command line. Returns -1 to go on, or the exit status to end with
 * (0 after --help, 2 after a bad option, with a message on stderr). */
int bench_parse_options(int argc, char **argv, bench_options *options);

/* One SystemC run of `transactions` transactions; false if the run could not be made. */
typedef bool (*bench_baseline_fn)(void *context, uint64_t transactions, bench_run_result *result);

/* Runs the interleaved gtsim/baseline runs and the observer-cost runs, prints the table and
 * returns the exit status (0, or 1 if any run failed its checks). */
int bench_main(const bench_options *options, bench_baseline_fn baseline, void *baseline_context);

/* Monotonic wall time in seconds. */
double bench_now(void);

#ifdef __cplusplus
}
#endif

#endif
