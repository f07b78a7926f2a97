/* gtsim_bench_cs_rtl: simulated cycles per second of the Verilated gen12 render command streamer
 * (rtl/cs/cs_rcs.sv, with its AXI4 checker), running one workload two ways in one invocation:
 *
 *   bare        the wrapper's cycle function in a C loop, with a C memory responder answering the
 *               master port from an array (no kernel, no transactor): the RTL's own cost;
 *   rtl mode    the twin as `gtsim run --rtl cs` has it (cosim_cs_twin.h): the AXI4-Lite transactor
 *               owning the clock on a gtsim kernel, the AXI4 slave transactor answering from a
 *               gtsim sparse memory.
 *
 * The workload keeps the parser busy: the ring starts a batch that stores a dword, skips a 3D state
 * command and chains to itself (MI_BATCH_BUFFER_START without Second Level: a spinner), so every
 * pass fetches cachelines, writes a burst and chains. Runs are interleaved and the medians
 * compared; ratios are to the bare rate. The idle loop (nothing driven or sampled) is the floor.
 * The lockstep of model and twin has its own program, gtsim_bench_cs_lockstep (a spinner cannot
 * run in lockstep: the model runs ahead of the RTL in sim time). A benchmark, not a test. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "cosim_cs_twin.h"
#include "cs_regs.h"
#include "cs_rtl.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define DEFAULT_CYCLES 1000000ull
#define MEMORY_BYTES 0x10000u
#define RING 0x1000u
#define BATCH 0x2000u
#define DATA 0x3000u

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

/* The workload's dwords (genxml gen12 encodings) at their addresses. */
static void workload(void (*poke)(void *context, uint32_t address, uint32_t value), void *context)
{
    const uint32_t ring[] = { 0x18800001u, BATCH, 0, 0 }; /* MI_BATCH_BUFFER_START, MI_NOOP */
    const uint32_t batch[] = {
        0x10000002u, DATA, 0, 0x600D600Du,     /* MI_STORE_DATA_IMM */
        0x78120002u, 0, 0, 0,                  /* 3DSTATE_CLIP, skipped */
        0x18800001u, BATCH, 0,                 /* MI_BATCH_BUFFER_START: chains to itself */
    };
    for (unsigned i = 0; i < sizeof ring / sizeof ring[0]; i++)
        poke(context, RING + 4u * i, ring[i]);
    for (unsigned i = 0; i < sizeof batch / sizeof batch[0]; i++)
        poke(context, BATCH + 4u * i, batch[i]);
}

/* Register writes of the ring's start (i915 xcs_resume order). */
static const uint32_t setup[][2] = {
    { CS_RING_START_OFFSET, RING }, { CS_RING_HEAD_OFFSET, 0 }, { CS_RING_TAIL_OFFSET, 0 },
    { CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK }, { CS_RING_TAIL_OFFSET, 16 },
};

/* ---- bare: the wrapper and a C memory responder ------------------------------------------ */

typedef struct responder {
    uint8_t memory[MEMORY_BYTES]; /* graphics memory */
    bool reading;                 /* a read burst is being answered */
    uint32_t read_address;        /* its first beat's address */
    unsigned beat;                /* beats sent */
    bool have_aw;                 /* a write address is in */
    uint32_t write_address;       /* its first byte */
    unsigned write_beat;          /* beats taken */
    bool b_pending;               /* the write's response is owed */
} responder;

static void responder_poke(void *context, uint32_t address, uint32_t value)
{
    memcpy(((responder *)context)->memory + address, &value, 4);
}

/* One cycle: the responder's answers, the RTL's cycle, then the handshakes of its edge. */
static void bare_cycle(cosim_cs_rtl *rtl, responder *r, const cosim_axi_lite_request_pins *lite,
                       cosim_axi_lite_response_pins *lite_out)
{
    cosim_cs_rtl_inputs in = { .msg_ready = true };
    in.axi.arready = !r->reading;
    in.axi.rvalid = r->reading;
    if (r->reading) {
        uint32_t at = (r->read_address & ~7u) + 8u * r->beat;
        memcpy(&in.axi.rdata, r->memory + at % MEMORY_BYTES, 8);
        in.axi.rlast = r->beat == 7;
    }
    in.axi.awready = !r->have_aw;
    in.axi.wready = r->have_aw && !r->b_pending;
    in.axi.bvalid = r->b_pending;
    cosim_cs_rtl_outputs out;
    cosim_cs_rtl_cycle(rtl, lite, &in, lite_out, &out);
    if (out.axi.arvalid && in.axi.arready) {
        r->reading = true;
        r->read_address = out.axi.araddr;
        r->beat = 0;
    }
    if (in.axi.rvalid && out.axi.rready && r->beat++ == 7)
        r->reading = false;
    if (out.axi.awvalid && in.axi.awready) {
        r->have_aw = true;
        r->write_address = out.axi.awaddr;
        r->write_beat = 0;
    }
    if (out.axi.wvalid && in.axi.wready) {
        uint32_t base = (r->write_address & ~7u) + 8u * r->write_beat++;
        for (unsigned i = 0; i < 8; i++)
            if (out.axi.wstrb >> i & 1u)
                r->memory[(base + i) % MEMORY_BYTES] = (uint8_t)(out.axi.wdata >> (8 * i));
        if (out.axi.wlast)
            r->b_pending = true;
    }
    if (in.axi.bvalid && out.axi.bready) {
        r->b_pending = false;
        r->have_aw = false;
    }
}

static void bare_register_write(cosim_cs_rtl *rtl, responder *r, uint32_t offset, uint32_t value)
{
    cosim_axi_lite_request_pins pins = { .awvalid = true, .awaddr = offset, .wvalid = true, .wdata = value,
                                         .wstrb = 0xF, .bready = true };
    for (unsigned i = 0; i < 100; i++) {
        cosim_axi_lite_response_pins out;
        bare_cycle(rtl, r, &pins, &out);
        if (out.awready)
            pins.awvalid = false;
        if (out.wready)
            pins.wvalid = false;
        if (out.bvalid)
            return;
    }
}

/* Cycles per second; *stores gets the stores the workload made. */
static double bare_run(uint64_t cycles, uint64_t *errors)
{
    cosim_cs_rtl *rtl = cosim_cs_rtl_create();
    responder *r = calloc(1, sizeof *r);
    cosim_cs_rtl_reset(rtl, 4);
    workload(responder_poke, r);
    for (unsigned i = 0; i < sizeof setup / sizeof setup[0]; i++)
        bare_register_write(rtl, r, setup[i][0], setup[i][1]);
    uint64_t before = cosim_cs_rtl_cycles(rtl);
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < cycles; i++)
        bare_cycle(rtl, r, NULL, NULL);
    double seconds = bench_wall_seconds() - start;
    uint32_t stored;
    memcpy(&stored, r->memory + DATA, 4);
    *errors += cosim_cs_rtl_assertion_failures(rtl) + (stored != 0x600D600Du);
    uint64_t stepped = cosim_cs_rtl_cycles(rtl) - before;
    free(r);
    cosim_cs_rtl_destroy(rtl);
    return (double)stepped / seconds;
}

/* The idle floor: idle inputs, clock toggles and evals only. */
static double floor_run(uint64_t cycles)
{
    cosim_cs_rtl *rtl = cosim_cs_rtl_create();
    cosim_cs_rtl_reset(rtl, 4);
    uint64_t before = cosim_cs_rtl_cycles(rtl);
    double start = bench_wall_seconds();
    uint64_t stepped = cosim_cs_rtl_bare_cycles(rtl, cycles) - before;
    double seconds = bench_wall_seconds() - start;
    cosim_cs_rtl_destroy(rtl);
    return (double)stepped / seconds;
}

/* ---- rtl mode: the twin behind its transactors on a kernel -------------------------------- */

static void memory_poke(void *context, uint32_t address, uint32_t value)
{
    tlm_memory_write_backdoor(context, address, &value, 4);
}

static double twin_run(uint64_t cycles, uint64_t *errors, uint64_t *bursts)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "gt_clock", TLM_NS, TLM_NS);
    tlm_memory *memory = tlm_memory_create(kernel, "memory", MEMORY_BYTES);
    cosim_cs_twin *twin = cosim_cs_twin_create(kernel, &clock, "rcs_rtl", tlm_memory_target(memory));
    workload(memory_poke, memory);
    for (unsigned i = 0; i < sizeof setup / sizeof setup[0]; i++) {
        uint32_t value = setup[i][1];
        tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, setup[i][0], (uint8_t *)&value, 4);
        tlm_time delay = 0;
        tlm_b_transport(cosim_cs_twin_registers(twin), &payload, &delay);
    }
    uint64_t before = cosim_cs_twin_cycles(twin);
    double start = bench_wall_seconds();
    tlm_kernel_run_for(kernel, cycles * TLM_NS);
    double seconds = bench_wall_seconds() - start;
    uint32_t stored = 0;
    tlm_memory_read(memory, DATA, &stored, 4);
    cosim_axi4_slave_stats stats = cosim_cs_twin_bus_stats(twin);
    *bursts = stats.reads + stats.writes;
    *errors += cosim_cs_twin_assertion_failures(twin) + stats.error_responses + (stored != 0x600D600Du);
    uint64_t stepped = cosim_cs_twin_cycles(twin) - before;
    cosim_cs_twin_destroy(twin);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
    return (double)stepped / seconds;
}

static void usage(const bench_count_cli *cli)
{
    printf("usage: %s [--cycles N]\n\nSimulated cycles per second of the Verilated render command streamer on a "
           "self-chaining batch:\nbare (C memory responder) vs the twin behind its transactors (rtl mode), %d "
           "interleaved runs each.\n",
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
    double idle[RUNS], bare[RUNS], twin[RUNS];
    uint64_t errors = 0, bursts = 0;
    for (int run = 0; run < RUNS; run++) {
        idle[run] = floor_run(cycles);
        bare[run] = bare_run(cycles, &errors);
        twin[run] = twin_run(cycles, &errors, &bursts);
    }
    printf("gtsim_bench_cs_rtl: %" PRIu64 " cycles per run, %d runs each, interleaved\n", cycles, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                         each run M cycles/s          median\n");
    double floor_median = bench_report_median("idle loop (floor)", 40, idle, RUNS);
    double bare_median = bench_report_median("bare, C memory responder", 40, bare, RUNS);
    double twin_median = bench_report_median("rtl mode (transactors, kernel)", 40, twin, RUNS);
    printf("ratio rtl mode/bare (median): %.2f\n", twin_median / bare_median);
    printf("ratio bare/idle floor (median): %.2f\n", bare_median / floor_median);
    printf("last rtl-mode run: %" PRIu64 " bursts on the master port, %" PRIu64 " errors\n", bursts, errors);
    return errors ? 1 : 0;
}
