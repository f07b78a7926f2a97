/* gtsim_bench_axi4: simulated cycles per second of the Verilated AXI4 traffic generator
 * (rtl/axi/test/, with the AXI4 protocol checker), bare (the wrapper's own C++ loop: clock
 * toggles and evals, nothing driven or sampled) and through the AXI4 slave transactor into a
 * gtsim sparse memory, with back-to-back 256-beat INCR bursts (alternating writes and reads of
 * one 2 KiB region), no delay patterns. Beats per second are reported too. Runs are interleaved
 * and the medians compared, in one invocation. A benchmark, not a test. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "axi4_tgen_rtl.h"
#include "bench_util.h"
#include "cosim_axi4_slave.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define DEFAULT_CYCLES 2000000ull

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

static double bare_run(uint64_t cycles)
{
    axi4_tgen_rtl *rtl = axi4_tgen_rtl_create();
    axi4_tgen_rtl_reset(rtl, 4);
    uint64_t before = axi4_tgen_rtl_cycles(rtl);
    double start = bench_wall_seconds();
    uint64_t stepped = axi4_tgen_rtl_bare_cycles(rtl, cycles) - before;
    double seconds = bench_wall_seconds() - start;
    axi4_tgen_rtl_destroy(rtl);
    return (double)stepped / seconds;
}

/* Cycles per second through the transactor; *beats gets the beats moved, *errors the bad
 * responses and assertion failures. */
static double transactor_run(uint64_t cycles, uint64_t *beats, uint64_t *errors)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "mem", 1u << 20);
    axi4_tgen_rtl *rtl = axi4_tgen_rtl_create();
    axi4_tgen_rtl_reset(rtl, 4);
    cosim_axi4_slave_config config = {
        .name = "axi4_slave", .kernel = kernel, .rtl = rtl, .cycle = axi4_tgen_rtl_cycle,
        .target = tlm_memory_target(memory),
    };
    cosim_axi4_slave *slave = cosim_axi4_slave_create(&config);
    double start = bench_wall_seconds();
    for (uint32_t i = 0; cosim_axi4_slave_cycles(slave) < cycles; i++) {
        /* Keep the generator's queues fed: one write and one read burst per 256 cycles. */
        while (axi4_tgen_rtl_queued(rtl) < 4) {
            axi4_tgen_command c = { (i & 1u) != 0, (uint8_t)(i & 15u), 0x800u * (i % 2u), 255, 3,
                                    COSIM_AXI4_BURST_INCR, i, 0xFF };
            axi4_tgen_rtl_push(rtl, &c);
            i++;
        }
        cosim_axi4_slave_run(slave, 64);
    }
    double seconds = bench_wall_seconds() - start;
    cosim_axi4_slave_stats stats = cosim_axi4_slave_get_stats(slave);
    *beats = stats.read_beats + stats.write_beats;
    *errors += stats.error_responses + stats.protocol_errors + axi4_tgen_rtl_assertion_failures(rtl);
    uint64_t stepped = cosim_axi4_slave_cycles(slave);
    cosim_axi4_slave_destroy(slave);
    axi4_tgen_rtl_destroy(rtl);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return (double)stepped / seconds;
}

static void usage(const bench_count_cli *cli)
{
    printf("usage: %s [--cycles N]\n\nSimulated cycles per second of the Verilated AXI4 traffic generator: bare "
           "loop vs\nthrough the AXI4 slave transactor into sparse memory, %d interleaved runs each.\n",
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
    uint64_t errors = 0, beats = 0;
    for (int run = 0; run < RUNS; run++) {
        bare[run] = bare_run(cycles);
        transactor[run] = transactor_run(cycles, &beats, &errors);
    }
    printf("gtsim_bench_axi4: %" PRIu64 " cycles per run, %d runs each, interleaved\n", cycles, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                         each run M cycles/s          median\n");
    double bare_median = bench_report_median("bare Verilated loop", 40, bare, RUNS);
    double through = bench_report_median("slave transactor, 256-beat bursts", 40, transactor, RUNS);
    printf("ratio transactor/bare (median): %.2f\n", through / bare_median);
    printf("last run: %" PRIu64 " beats (%.2f per cycle, %.2f M beats/s at the median rate), %" PRIu64 " errors\n",
           beats, (double)beats / (double)cycles, through * (double)beats / (double)cycles / 1e6, errors);
    return errors ? 1 : 0;
}
