/* gtsim_bench_cosim: simulated cycles per second of the Verilated round-trip block, bare
 * (the wrapper's own C++ loop: clock toggles and evals, no transactor, no kernel) and through
 * the AXI4-Lite transactor with back-to-back traffic driven from the event kernel (every
 * cycle carries a transfer: a write of SCRATCH, then its read-back, checked). Runs are
 * interleaved and the medians compared, in one invocation. A benchmark, not a test. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "roundtrip_regs.h"
#include "roundtrip_rtl.h"
#include "cosim_roundtrip_twin.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define DEFAULT_CYCLES 5000000ull
#define PERIOD (1 * TLM_NS)

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

/* Cycles per second of the bare Verilated loop. */
static double bare_run(uint64_t cycles)
{
    cosim_roundtrip_rtl *rtl = cosim_roundtrip_rtl_create();
    cosim_roundtrip_rtl_reset(rtl, 4);
    double start = bench_wall_seconds();
    uint64_t stepped = cosim_roundtrip_rtl_bare_cycles(rtl, cycles);
    double seconds = bench_wall_seconds() - start;
    cosim_roundtrip_rtl_destroy(rtl);
    return (double)stepped / seconds;
}

/* Cycles per second through the transactor; *errors counts bad responses or data. */
static double transactor_run(uint64_t cycles, uint64_t *errors, uint64_t *transfers)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "clk", PERIOD, PERIOD);
    cosim_roundtrip_twin *twin = cosim_roundtrip_twin_create(kernel, &clock, "rtl");
    const tlm_target *bus = cosim_roundtrip_twin_target(twin);
    tlm_quantum_keeper keeper;
    tlm_qk_init(&keeper, kernel, 1 * TLM_US);
    uint64_t done = 0;
    double start = bench_wall_seconds();
    for (uint32_t i = 0; cosim_roundtrip_twin_cycles(twin) < cycles; i++) {
        uint32_t value = 0x9E3779B9u * i;
        tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, 4);
        /* Loosely timed host: its local offset goes in as the delay and comes back advanced
         * by the cycles the transfer took; the kernel catches up once a quantum. */
        tlm_time delay = keeper.local_offset;
        tlm_b_transport(bus, &payload, &delay);
        *errors += payload.response != TLM_STATUS_OK;
        uint32_t read_back = 0;
        payload = tlm_payload_make(TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, &read_back, 4);
        tlm_b_transport(bus, &payload, &delay);
        *errors += payload.response != TLM_STATUS_OK || read_back != value;
        done += 2;
        tlm_qk_set(&keeper, delay);
        if (tlm_qk_need_sync(&keeper))
            tlm_qk_sync(&keeper);
    }
    tlm_qk_sync(&keeper);
    double seconds = bench_wall_seconds() - start;
    uint64_t stepped = cosim_roundtrip_twin_cycles(twin);
    *errors += cosim_roundtrip_twin_assertion_failures(twin);
    *errors += stepped != tlm_clock_cycles(&clock); /* every edge exactly once */
    *transfers = done;
    cosim_roundtrip_twin_destroy(twin);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
    return (double)stepped / seconds;
}

static void usage(const bench_count_cli *cli)
{
    printf("usage: %s [--cycles N]\n\nSimulated cycles per second of the Verilated round-trip block: bare "
           "loop vs\nthrough the AXI4-Lite transactor with back-to-back traffic, %d interleaved runs each.\n",
           cli->program, RUNS);
}

int main(int argc, char **argv)
{
    bench_count_cli cli = { .program = argv[0], .option = "--cycles", .count = DEFAULT_CYCLES,
                            .parse = bench_parse_count, .usage = usage };
    int status = bench_count_arguments(&cli, argc, argv);
    if (status >= 0)
        return status;
    uint64_t cycles = cli.count;
    double bare[RUNS], transactor[RUNS];
    uint64_t errors = 0, transfers = 0;
    for (int run = 0; run < RUNS; run++) {
        bare[run] = bare_run(cycles);
        transactor[run] = transactor_run(cycles, &errors, &transfers);
    }
    printf("gtsim_bench_cosim: %" PRIu64 " cycles per run, %d runs each, interleaved\n", cycles, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                         each run M cycles/s          median\n");
    printf("bare Verilated loop                     ");
    for (int run = 0; run < RUNS; run++)
        printf(" %7.2f", bare[run] / 1e6);
    qsort(bare, RUNS, sizeof bare[0], bench_compare_doubles);
    printf("   %7.2f\n", bare[RUNS / 2] / 1e6);
    printf("transactor, back-to-back write/read    ");
    for (int run = 0; run < RUNS; run++)
        printf(" %7.2f", transactor[run] / 1e6);
    qsort(transactor, RUNS, sizeof transactor[0], bench_compare_doubles);
    printf("   %7.2f\n", transactor[RUNS / 2] / 1e6);
    printf("ratio transactor/bare (median): %.2f\n", transactor[RUNS / 2] / bare[RUNS / 2]);
    printf("transactor runs: %" PRIu64 " transfers in the last run (%.2f cycles each), %" PRIu64 " errors\n", transfers,
           (double)cycles / (double)transfers, errors);
    return errors ? 1 : 0;
}
