/* gtsim_bench_irq_rtl: simulated cycles per second of the Verilated gen11+ interrupt
 * aggregation (rtl/irq), three ways in one process, runs interleaved and medians compared:
 *   bare        the wrapper's own C++ loop (clock toggles and evals; no transactor, no kernel);
 *   twin        the RTL twin behind its AXI4-Lite transactor and message port, driven from
 *               the event kernel by cosim_irq_random's stimulus (messages, register accesses,
 *               service loops, idle time);
 *   lockstep    the same stimulus (same seed) on the C model and the twin in lockstep.
 * The C model alone on the same stimulus is printed for reference (operations per second).
 * A benchmark, not a test: it prints figures and ratios against the bare run. The program
 * frame and the report are bench_rtl_util.h's. */
#include <stdint.h>
#include <stdlib.h>

#include "bench_rtl_util.h"
#include "irq_gen11.h"
#include "irq_rtl.h"
#include "cosim_irq_lockstep.h"
#include "cosim_irq_random.h"
#include "cosim_irq_twin.h"
#include "gtsim_tlm.h"

#define BARE_CYCLES 5000000ull
#define PERIOD (1 * TLM_NS)
#define SEED 2024u

static double bare_run(uint64_t cycles)
{
    cosim_irq_rtl *rtl = cosim_irq_rtl_create();
    cosim_irq_rtl_reset(rtl, 4);
    double start = bench_wall_seconds();
    uint64_t stepped = cosim_irq_rtl_bare_cycles(rtl, cycles);
    double seconds = bench_wall_seconds() - start;
    cosim_irq_rtl_destroy(rtl);
    return (double)(stepped - 4) / seconds;
}

static bench_rtl_figures stimulus_run(bench_rtl_mode mode, uint64_t operations)
{
    bench_rtl_figures figures = { 0 };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT); /* misuse warnings are stimulus */
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "clk", PERIOD, PERIOD);
    irq_gen11 *model = mode != BENCH_RTL_TWIN ? irq_gen11_create(kernel, "irq") : NULL;
    cosim_irq_twin *twin = mode != BENCH_RTL_MODEL ? cosim_irq_twin_create(kernel, &clock, "irq_rtl") : NULL;
    cosim_irq_lockstep *lockstep = mode == BENCH_RTL_LOCKSTEP ? cosim_irq_lockstep_create(kernel, "lockstep", model, twin) : NULL;
    cosim_irq_random_ports ports = { .kernel = kernel, .clock_period = PERIOD };
    if (mode == BENCH_RTL_MODEL) {
        ports.host = irq_gen11_target(model, IRQ_GEN11_HOST);
        ports.guc = irq_gen11_target(model, IRQ_GEN11_GUC);
        ports.sink = irq_gen11_sink(model);
    } else if (mode == BENCH_RTL_TWIN) {
        ports.host = cosim_irq_twin_target(twin, IRQ_GEN11_HOST);
        ports.guc = cosim_irq_twin_target(twin, IRQ_GEN11_GUC);
        ports.sink = cosim_irq_twin_sink(twin);
    } else {
        ports.host = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_HOST);
        ports.guc = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_GUC);
        ports.sink = cosim_irq_lockstep_sink(lockstep);
    }
    cosim_irq_random random;
    cosim_irq_random_init(&random, SEED, &ports);
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < operations; i++)
        cosim_irq_random_step(&random);
    double seconds = bench_wall_seconds() - start;
    figures.cycles = twin ? cosim_irq_twin_cycles(twin) : tlm_clock_cycles(&clock);
    figures.cycles_per_second = (double)figures.cycles / seconds;
    figures.operations_per_second = (double)operations / seconds;
    if (lockstep)
        figures.errors += cosim_irq_lockstep_mismatches(lockstep);
    if (twin)
        figures.errors += cosim_irq_twin_assertion_failures(twin);
    cosim_irq_lockstep_destroy(lockstep);
    cosim_irq_twin_destroy(twin);
    irq_gen11_destroy(model);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
    return figures;
}


int main(int argc, char **argv)
{
    static const bench_rtl_program program = {
        .name = "gtsim_bench_irq_rtl",
        .design = "gen11+ interrupt aggregation",
        .twin_label = "twin (transactor + message port)",
        .seed = SEED,
        .bare_cycles = BARE_CYCLES,
        .bare_run = bare_run,
        .stimulus_run = stimulus_run,
    };
    return bench_rtl_main(&program, argc, argv);
}
