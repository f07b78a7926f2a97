/* gtsim_bench_doorbell_rtl: simulated cycles per second of the Verilated GTI doorbell controller
 * (rtl/doorbell), three ways in one process, runs interleaved and medians compared:
 *   bare        the wrapper's own C++ loop (clock toggles and evals; no transactor, no kernel);
 *   twin        the RTL twin behind its AXI4-Lite transactor, snoop port and arming window,
 *               driven from the event kernel by cosim_doorbell_random's stimulus (installs, rings,
 *               deactivations, group reads, register reads, idle time);
 *   lockstep    the same stimulus (same seed) on the C model and the twin in lockstep.
 * The C model alone on the same stimulus is printed for reference (operations per second).
 * A benchmark, not a test: it prints figures and ratios against the bare run. The program
 * frame and the report are bench_rtl_util.h's. */
#include <stdint.h>
#include <stdlib.h>

#include "bench_rtl_util.h"
#include "doorbell.h"
#include "doorbell_rtl.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_random.h"
#include "cosim_doorbell_twin.h"
#include "gtsim_tlm.h"

#define BARE_CYCLES 2000000ull
#define PERIOD (1 * TLM_NS)
#define SEED 2024u

static double bare_run(uint64_t cycles)
{
    cosim_doorbell_rtl *rtl = cosim_doorbell_rtl_create();
    cosim_doorbell_rtl_reset(rtl, 4);
    double start = bench_wall_seconds();
    uint64_t stepped = cosim_doorbell_rtl_bare_cycles(rtl, cycles);
    double seconds = bench_wall_seconds() - start;
    cosim_doorbell_rtl_destroy(rtl);
    return (double)(stepped - 4) / seconds;
}

static doorbell_install_result model_install(void *context, unsigned bell, uint64_t line)
{
    return doorbell_install(context, bell, line);
}

static doorbell_install_result twin_install(void *context, unsigned bell, uint64_t line)
{
    return cosim_doorbell_twin_install(context, bell, line);
}

static doorbell_install_result lockstep_install(void *context, unsigned bell, uint64_t line)
{
    return cosim_doorbell_lockstep_install(context, bell, line);
}

static bench_rtl_figures stimulus_run(bench_rtl_mode mode, uint64_t operations)
{
    bench_rtl_figures figures = { 0 };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT); /* refusals are stimulus */
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "clk", PERIOD, PERIOD);
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    doorbell *model = mode != BENCH_RTL_TWIN ? doorbell_create(kernel, "doorbell", memory) : NULL;
    cosim_doorbell_twin *twin = mode != BENCH_RTL_MODEL ? cosim_doorbell_twin_create(kernel, &clock, "doorbell_rtl", memory) : NULL;
    cosim_doorbell_lockstep *lockstep =
        mode == BENCH_RTL_LOCKSTEP ? cosim_doorbell_lockstep_create(kernel, "lockstep", model, twin, memory) : NULL;
    cosim_doorbell_random_ports ports = { .kernel = kernel, .clock_period = PERIOD, .memory = tlm_memory_target(memory) };
    if (mode == BENCH_RTL_MODEL) {
        ports.mmio = doorbell_target(model);
        ports.install = model_install;
        ports.install_context = model;
    } else if (mode == BENCH_RTL_TWIN) {
        ports.mmio = cosim_doorbell_twin_target(twin);
        ports.install = twin_install;
        ports.install_context = twin;
    } else {
        ports.mmio = cosim_doorbell_lockstep_target(lockstep);
        ports.memory = cosim_doorbell_lockstep_memory(lockstep);
        ports.install = lockstep_install;
        ports.install_context = lockstep;
    }
    cosim_doorbell_random random;
    cosim_doorbell_random_init(&random, SEED, &ports);
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < operations; i++)
        cosim_doorbell_random_step(&random);
    double seconds = bench_wall_seconds() - start;
    figures.cycles = twin ? cosim_doorbell_twin_cycles(twin) : tlm_clock_cycles(&clock);
    figures.cycles_per_second = (double)figures.cycles / seconds;
    figures.operations_per_second = (double)operations / seconds;
    if (lockstep)
        figures.errors += cosim_doorbell_lockstep_mismatches(lockstep);
    if (twin)
        figures.errors += cosim_doorbell_twin_assertion_failures(twin);
    cosim_doorbell_lockstep_destroy(lockstep);
    cosim_doorbell_twin_destroy(twin);
    doorbell_destroy(model);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
    return figures;
}


int main(int argc, char **argv)
{
    static const bench_rtl_program program = {
        .name = "gtsim_bench_doorbell_rtl",
        .design = "GTI doorbell controller",
        .twin_label = "twin (transactor + snoop port)",
        .seed = SEED,
        .bare_cycles = BARE_CYCLES,
        .bare_run = bare_run,
        .stimulus_run = stimulus_run,
    };
    return bench_rtl_main(&program, argc, argv);
}
