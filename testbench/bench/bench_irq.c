/* gtsim_bench_irq: interrupt events per second through the gen11+ aggregation tree
 * (models/irq/irq_gen11.h): message in -> enable -> collapsing register -> mask -> second-level
 * double-buffered IIR -> primary control -> host line, with a host service loop (the Linux xe
 * handler's steps, over MMIO through a router as in the simulated system) draining it every
 * few events and checking every identity it reads. Baselines measured in the same invocation:
 * the same messages into disabled classes (dropped at the first AND) and into masked instances
 * (first-level collapse only). Runs are interleaved and medians compared. A benchmark, not a
 * test. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "cosim_irq_registers.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define DEFAULT_EVENTS 10000000ull
#define SERVICE_EVERY 32u

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

/* The gen12 engine table (spec 001 classes and instances), in delivery order. */
static const uint8_t engine_ids[][2] = {
    { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 6 }, { 1, 7 },
    { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 }, { 3, 0 }, { 4, 0 }, { 4, 1 }, { 4, 2 }, { 4, 3 },
    { 4, 4 }, { 4, 5 }, { 4, 6 }, { 5, 0 }, { 5, 1 }, { 5, 2 }, { 5, 3 },
};
#define ENGINES (sizeof engine_ids / sizeof engine_ids[0])

typedef enum bench_mode {
    MODE_DROPPED,     /* every class disabled: the message is dropped at the enable */
    MODE_FIRST_LEVEL, /* enabled but every instance masked: collapse only */
    MODE_TREE         /* the whole tree, serviced by the host loop */
} bench_mode;

/* One run's state. */
typedef struct bench {
    tlm_kernel *kernel;          /* logger and time */
    tlm_router *router;          /* host MMIO map with the aggregator at its base */
    irq_gen11 *irq;              /* the tree */
    const tlm_target *mmio;      /* the router's target */
    uint16_t expected[ENGINES];  /* data bits delivered since the engine was last serviced */
    int8_t engine_at[2][32];     /* (dword, bit) -> engine_ids index */
    uint64_t errors;             /* wrong identities, bad responses, wrong line levels */
    uint64_t accesses;           /* MMIO accesses the service loop made */
    uint64_t services;           /* engines serviced */
    uint32_t data;               /* the host's data register of the current access */
    tlm_payload payload;         /* the host's payload, reused for every access */
} bench;

/* One host access. The loop reuses one payload, as a TLM-2.0 initiator does (tlm_payload_make
 * once, then only command, address, data and response per access). */
static uint32_t mmio(bench *b, tlm_cmd command, uint32_t offset, uint32_t value)
{
    b->data = value;
    b->payload.command = command;
    b->payload.address = IRQ_GEN11_MMIO_BASE + offset;
    b->payload.response = TLM_STATUS_INCOMPLETE;
    tlm_time delay = 0;
    tlm_b_transport(b->mmio, &b->payload, &delay);
    b->errors += b->payload.response != TLM_STATUS_OK;
    b->accesses++;
    return b->data;
}

static void set_up(bench *b, bench_mode mode)
{
    memset(b, 0, sizeof *b);
    b->kernel = tlm_kernel_create();
    b->router = tlm_router_create(b->kernel, "mmio");
    b->irq = irq_gen11_create(b->kernel, "irq");
    tlm_router_map(b->router, IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE, irq_gen11_target(b->irq, IRQ_GEN11_HOST));
    b->mmio = tlm_router_target(b->router);
    b->payload = tlm_payload_make(TLM_CMD_READ, IRQ_GEN11_MMIO_BASE, &b->data, 4);
    memset(b->engine_at, -1, sizeof b->engine_at);
    for (unsigned i = 0; i < ENGINES; i++) {
        unsigned dw = 0, bit = 0;
        if (!irq_gen11_engine_bit(engine_ids[i][0], engine_ids[i][1], &dw, &bit))
            b->errors++;
        b->engine_at[dw][bit] = (int8_t)i;
    }
    if (mode != MODE_DROPPED)
        for (size_t i = 0; i < COSIM_IRQ_ENABLE_COUNT; i++)
            mmio(b, TLM_CMD_WRITE, cosim_irq_enable_offsets[i], 0xFFFFFFFFu);
    if (mode == MODE_TREE)
        for (size_t i = 0; i < COSIM_IRQ_MASK_COUNT; i++)
            mmio(b, TLM_CMD_WRITE, cosim_irq_mask_offsets[i], 0);
    mmio(b, TLM_CMD_WRITE, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
    b->accesses = 0;
}

static void tear_down(bench *b)
{
    tlm_router_destroy(b->router);
    irq_gen11_destroy(b->irq);
    tlm_kernel_destroy(b->kernel);
}

/* The host service loop (spec 001 "Host SW Interface", "Shared IIR, Selector"), checking that
 * each engine's identity carries exactly the data bits delivered to it since its last service. */
static void service(bench *b)
{
    static const uint32_t dw_offset[2] = { IRQ_GEN11_GT_INTR_DW0_OFFSET, IRQ_GEN11_GT_INTR_DW1_OFFSET };
    static const uint32_t selector[2] = { IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET };
    static const uint32_t identity[2] = { IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET };
    mmio(b, TLM_CMD_WRITE, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0);
    uint32_t master = mmio(b, TLM_CMD_READ, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0);
    for (unsigned dw = 0; dw < 2; dw++) {
        if (!(master & (dw ? IRQ_GEN11_GFX_MSTR_IRQ_GT_DW1_MASK : IRQ_GEN11_GFX_MSTR_IRQ_GT_DW0_MASK)))
            continue;
        uint32_t bits = mmio(b, TLM_CMD_READ, dw_offset[dw], 0);
        for (uint32_t left = bits; left; left &= left - 1) {
            unsigned bit = (unsigned)__builtin_ctz(left);
            mmio(b, TLM_CMD_WRITE, selector[dw], 1u << bit);
            uint32_t id = mmio(b, TLM_CMD_READ, identity[dw], 0);
            mmio(b, TLM_CMD_WRITE, identity[dw], IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK);
            int engine = b->engine_at[dw][bit];
            uint32_t want = 0;
            if (engine >= 0)
                want = IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK |
                       (uint32_t)engine_ids[engine][1] << IRQ_GEN11_INTR_IDENTITY_REG0_INSTANCE_SHIFT |
                       (uint32_t)engine_ids[engine][0] << IRQ_GEN11_INTR_IDENTITY_REG0_CLASS_SHIFT |
                       b->expected[engine];
            b->errors += id != want;
            if (engine >= 0)
                b->expected[engine] = 0;
            b->services++;
        }
        mmio(b, TLM_CMD_WRITE, dw_offset[dw], bits);
    }
    mmio(b, TLM_CMD_WRITE, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
    b->errors += tlm_signal_get(irq_gen11_host_irq(b->irq)) != 0;
}

/* Events per second for one run of `events` messages. */
static double run(bench_mode mode, uint64_t events, bench *out)
{
    bench b;
    set_up(&b, mode);
    irq_message_sink sink = irq_gen11_sink(b.irq);
    unsigned engine = 0;
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < events; i++) {
        uint16_t data = (uint16_t)(1u << (i % 16));
        irq_message message = {
            .engine_class = engine_ids[engine][0],
            .instance = engine_ids[engine][1],
            .data = data,
        };
        irq_message_send(&sink, &message);
        if (mode == MODE_TREE) {
            b.expected[engine] |= data;
            if ((i + 1) % SERVICE_EVERY == 0)
                service(&b);
        }
        engine = engine + 1 == ENGINES ? 0 : engine + 1;
    }
    if (mode == MODE_TREE)
        service(&b);
    double seconds = bench_wall_seconds() - start;
    const irq_gen11_stats *stats = irq_gen11_get_stats(b.irq);
    b.errors += stats->messages != events;
    b.errors += stats->misuses != 0;
    if (mode == MODE_DROPPED)
        b.errors += stats->dropped != events;
    else
        b.errors += stats->dropped != 0;
    if (mode == MODE_TREE)
        for (unsigned e = 0; e < ENGINES; e++)
            b.errors += b.expected[e] != 0; /* everything delivered was serviced */
    *out = b;
    tear_down(&b);
    return (double)events / seconds;
}

static double report(const char *label, double *rates)
{
    return bench_report_median(label, 44, rates, RUNS);
}

static void usage(const bench_count_cli *cli)
{
    printf("usage: %s [--events N]\n\nInterrupt events per second through the gen11+ aggregation tree with a "
           "host\nservice loop every %u events, against messages into disabled classes and into\nmasked "
           "instances, %d interleaved runs each.\n",
           cli->program, SERVICE_EVERY, RUNS);
}

int main(int argc, char **argv)
{
    bench_count_cli cli = { .program = argv[0], .option = "--events", .count = DEFAULT_EVENTS,
                            .parse = bench_parse_count, .usage = usage };
    int status = bench_count_arguments(&cli, argc, argv);
    if (status >= 0)
        return status;
    uint64_t events = cli.count;
    double dropped[RUNS], first[RUNS], tree[RUNS];
    uint64_t errors = 0;
    bench last = { 0 };
    for (int r = 0; r < RUNS; r++) {
        dropped[r] = run(MODE_DROPPED, events, &last);
        errors += last.errors;
        first[r] = run(MODE_FIRST_LEVEL, events, &last);
        errors += last.errors;
        tree[r] = run(MODE_TREE, events, &last);
        errors += last.errors;
    }
    printf("gtsim_bench_irq: %" PRIu64 " events per run over %zu engines, service loop every %u events, %d runs "
           "each, interleaved\n",
           events, ENGINES, SERVICE_EVERY, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                             each run M events/s           median\n");
    double base = report("baseline: class disabled (dropped)", dropped);
    double collapse = report("baseline: instance masked (first level only)", first);
    double whole = report("whole tree + host service loop", tree);
    printf("ratio whole tree/dropped (median): %.2f, whole tree/first level: %.2f\n", whole / base, whole / collapse);
    printf("whole tree, last run: %" PRIu64 " engine services, %" PRIu64 " MMIO accesses (%.2f per event), "
           "%" PRIu64 " errors in all runs\n",
           last.services, last.accesses, (double)last.accesses / (double)events, errors);
    return errors ? 1 : 0;
}
