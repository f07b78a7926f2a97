/* gtsim_bench_cs_lockstep: simulated cycles per second of the Verilated gen12 render command
 * streamer (rtl/cs), three ways in one process, runs interleaved and medians compared
 * (bench_rtl_util.h):
 *   bare        the wrapper's own C++ loop (clock toggles and evals; no transactor, no kernel);
 *   twin        the RTL twin behind its AXI4-Lite transactor and AXI4 slave transactor, driven
 *               from the event kernel by cosim_cs_random's submissions (rings, batches, stores,
 *               interrupts; each run until the engine is idle, then the registers read back);
 *   lockstep    the same submissions (same seed) on the C model and the twin in lockstep, their
 *               streams compared (cosim_cs_lockstep.h, in-order with the default tolerance).
 * The C model alone on the same submissions is printed for reference. An operation is one
 * submission. A benchmark, not a test: it prints figures and ratios against the bare run. */
#include <stdint.h>
#include <stdlib.h>

#include "bench_rtl_util.h"
#include "cosim_cs_lockstep.h"
#include "cosim_cs_random.h"
#include "cosim_cs_twin.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "cs_rtl.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#define BARE_CYCLES 2000000ull
#define PERIOD (1 * TLM_NS)
#define SEED 2024u
#define RCS_BASE 0x2000u
#define MEMORY_BYTES (16u << 20)

static double bare_run(uint64_t cycles)
{
    cosim_cs_rtl *rtl = cosim_cs_rtl_create();
    cosim_cs_rtl_reset(rtl, 4);
    double start = bench_wall_seconds();
    uint64_t stepped = cosim_cs_rtl_bare_cycles(rtl, cycles);
    double seconds = bench_wall_seconds() - start;
    cosim_cs_rtl_destroy(rtl);
    return (double)stepped / seconds;
}

/* The stimulus's view of what it drives. */
typedef struct parts {
    cs_engine_model *model;      /* model mode */
    cosim_cs_twin *twin;         /* twin mode (and the lockstep's dut) */
    cosim_cs_lockstep *lockstep; /* lockstep mode */
} parts;

static bool parts_busy(void *context)
{
    parts *p = context;
    if (p->lockstep)
        return cosim_cs_lockstep_busy(p->lockstep);
    return p->twin ? !cosim_cs_twin_idle(p->twin) : cs_engine_busy(p->model);
}

static bool twin_busy(const void *twin)
{
    return !cosim_cs_twin_idle(twin);
}

static void drop_message(void *self, const irq_message *message)
{
    (void)self, (void)message;
}

static bench_rtl_figures stimulus_run(bench_rtl_mode mode, uint64_t operations)
{
    bench_rtl_figures figures = { 0 };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT); /* parser errors are stimulus */
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "clk", PERIOD, PERIOD);
    tlm_memory *memory = tlm_memory_create(kernel, "memory", MEMORY_BYTES);
    cs_engine_config engine = { .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS, .mmio_base = RCS_BASE,
                                .clock_period = PERIOD };
    parts p = { 0 };
    cosim_cs_random_ports ports = { .kernel = kernel, .busy = parts_busy, .context = &p, .clock_period = PERIOD,
                                    .mmio_base = RCS_BASE };
    if (mode == BENCH_RTL_MODEL) {
        engine.memory = tlm_memory_target(memory);
        engine.irq = (irq_message_sink){ .deliver = drop_message };
        p.model = cs_engine_create(kernel, "rcs", &engine);
        ports.mmio = cs_engine_target(p.model);
        ports.memory = tlm_memory_target(memory);
    } else if (mode == BENCH_RTL_TWIN) {
        p.twin = cosim_cs_twin_create(kernel, &clock, "cs_rtl", tlm_memory_target(memory));
        ports.mmio = cosim_cs_twin_registers(p.twin);
        ports.memory = tlm_memory_target(memory);
    } else {
        cosim_cs_lockstep_config config = { .order = { .policy = COSIM_STREAM_IN_ORDER,
                                                       .tolerance = COSIM_STREAM_DEFAULT_TOLERANCE },
                                            .engine = engine, .memory = tlm_memory_target(memory),
                                            .image_size = MEMORY_BYTES };
        p.lockstep = cosim_cs_lockstep_create(kernel, "cs_lockstep", &config);
        p.twin = cosim_cs_twin_create(kernel, &clock, "cs_rtl", cosim_cs_lockstep_dut_memory(p.lockstep));
        cosim_cs_twin_on_message(p.twin, cosim_cs_lockstep_dut_message, p.lockstep);
        cosim_cs_lockstep_dut dut = { .registers = cosim_cs_twin_registers(p.twin), .busy = twin_busy, .self = p.twin };
        cosim_cs_lockstep_set_dut(p.lockstep, &dut);
        ports.mmio = cosim_cs_lockstep_target(p.lockstep);
        ports.memory = cosim_cs_lockstep_host_memory(p.lockstep);
    }
    /* The lockstep regression's subset (LRI to IMR and EMR, which model and twin hold). */
    cosim_cs_random_subset subset = cosim_cs_random_default_subset();
    subset.lri_offsets[0] = CS_IMR_OFFSET;
    subset.lri_masks[0] = IRQ_DATA_USER_INTERRUPT | IRQ_DATA_MASTER_ERROR;
    subset.lri_offsets[1] = CS_EMR_OFFSET;
    subset.lri_masks[1] = 0xFFu;
    subset.lri_count = 2;
    cosim_cs_random random;
    cosim_cs_random_init(&random, SEED, &ports, &subset);
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < operations; i++)
        cosim_cs_random_step(&random);
    double seconds = bench_wall_seconds() - start;
    figures.cycles = p.twin ? cosim_cs_twin_cycles(p.twin) : tlm_clock_cycles(&clock);
    figures.cycles_per_second = (double)figures.cycles / seconds;
    figures.operations_per_second = (double)operations / seconds;
    figures.errors += random.idle_timeouts;
    if (p.lockstep)
        figures.errors += cosim_cs_lockstep_mismatches(p.lockstep) + cosim_cs_lockstep_finish(p.lockstep);
    if (p.twin)
        figures.errors += cosim_cs_twin_assertion_failures(p.twin);
    cosim_cs_twin_destroy(p.twin);
    cosim_cs_lockstep_destroy(p.lockstep);
    if (p.model)
        cs_engine_destroy(p.model);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
    return figures;
}

int main(int argc, char **argv)
{
    static const bench_rtl_program program = {
        .name = "gtsim_bench_cs_lockstep",
        .design = "gen12 render command streamer",
        .twin_label = "twin (AXI4-Lite + AXI4 slave transactors)",
        .seed = SEED,
        .bare_cycles = BARE_CYCLES,
        .bare_run = bare_run,
        .stimulus_run = stimulus_run,
    };
    return bench_rtl_main(&program, argc, argv);
}
