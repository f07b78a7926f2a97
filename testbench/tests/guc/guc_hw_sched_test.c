/* The GuC scheduler model in spec 001's hardware-scheduler mode (docs/reference/guc.md "Hardware
 * scheduling"): the GuC's interrupt vectors from the gen11+ aggregator drive it; it services the
 * render engine's context switch interrupt through the GuC's identity registers, drains the CSB
 * through the read port and submits the engine's next context only once the engine went idle,
 * so a context is never preempted by the GuC's own next submission. Without the vectors every
 * submission goes at once (and the next one preempts at an arbitration point). */
#include <stdint.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_execlist.h"
#include "cs_regs.h"
#include "guc_scheduler.h"
#include "irq_gen11.h"
#include "irq_gen11_guc_regs.h"
#include "tb_test.h"

#define RCS_BASE 0x2000u /* cs_commands_gen12.c render base */
#define HWSP 0x300000u
#define RING_A 0x100000u
#define RING_B 0x110000u
#define LRCA_A 0x500000u
#define LRCA_B 0x520000u
#define DATA 0x400000u
#define PERIOD TLM_NS

typedef struct HwSched {
    tlm_kernel *kernel;     /* time */
    tlm_memory *memory;     /* graphics memory */
    irq_gen11 *irq;         /* the aggregator (host and GuC interfaces) */
    cs_engine_model *rcs;   /* the render engine */
    tlm_router *guc_map;    /* the GuC's MMIO view */
    guc_scheduler *sched;   /* the firmware model */
    uint32_t program[256];  /* commands being assembled */
    uint32_t length;        /* dwords in program */
} HwSched;

static void HwSched_SetUp(HwSched *self)
{
    *self = (HwSched){ 0 };
}

static void HwSched_TearDown(HwSched *self)
{
    guc_scheduler_destroy(self->sched);
    cs_engine_destroy(self->rcs);
    tlm_router_destroy(self->guc_map);
    irq_gen11_destroy(self->irq);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

static void build(HwSched *self, bool hardware_scheduling)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    self->memory = tlm_memory_create(self->kernel, "mem", UINT64_C(1) << 32);
    self->irq = irq_gen11_create(self->kernel, "irq");
    cs_engine_config engine = { .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS, .mmio_base = RCS_BASE,
                                .memory = tlm_memory_target(self->memory), .irq = irq_gen11_sink(self->irq),
                                .clock_period = PERIOD };
    self->rcs = cs_engine_create(self->kernel, "rcs", &engine);
    ASSERT_TRUE(self->rcs != NULL);
    self->guc_map = tlm_router_create(self->kernel, "guc_mmio");
    ASSERT_EQ(tlm_router_map(self->guc_map, IRQ_GEN11_MMIO_BASE, IRQ_GUC_BLOCK_SIZE,
                             irq_gen11_target(self->irq, IRQ_GEN11_GUC)), 0);
    ASSERT_EQ(tlm_router_map(self->guc_map, RCS_BASE, CS_BLOCK_SIZE, cs_engine_target(self->rcs)), 0);
    guc_scheduler_config config = { .mmio = tlm_router_target(self->guc_map),
                                    .memory = tlm_memory_target(self->memory),
                                    .latency = 10 * PERIOD };
    if (hardware_scheduling) {
        config.vectors[0] = irq_gen11_guc_vector(self->irq, 0);
        config.vectors[1] = irq_gen11_guc_vector(self->irq, 1);
    }
    self->sched = guc_scheduler_create(self->kernel, "guc_fw", &config);
    guc_scheduler_boot(self->sched);
}

static void access(HwSched *self, const tlm_target *target, tlm_cmd command, uint64_t address, uint32_t *value)
{
    uint8_t bytes[4] = { (uint8_t)*value, (uint8_t)(*value >> 8), (uint8_t)(*value >> 16), (uint8_t)(*value >> 24) };
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    payload.address_space = target == tlm_memory_target(self->memory) ? TLM_SPACE_GGTT : TLM_SPACE_MMIO;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static uint32_t mem_rd(HwSched *self, uint64_t address)
{
    uint32_t value = 0;
    access(self, tlm_memory_target(self->memory), TLM_CMD_READ, address, &value);
    return value;
}

static void emit(HwSched *self, const char *name, const cs_setting *settings, size_t count)
{
    cs_encode_result result;
    ASSERT_EQ(cs_encode(cs_find_command(CS_PROFILE_GEN12, name), 0, settings, count, &self->program[self->length],
                        256u - self->length, &result),
              CS_ENCODE_OK);
    self->length += result.length;
}

static void sdi(HwSched *self, uint64_t address, uint32_t data)
{
    const cs_setting settings[] = { { "address", 0, address }, { "data", 0, data } };
    emit(self, "MI_STORE_DATA_IMM", settings, 2);
}

/* Places the program as a one-page ring with its context image; returns the descriptor. */
static uint64_t context(HwSched *self, uint64_t ring, uint64_t lrca, uint32_t id)
{
    if (self->length & 1u)
        emit(self, "MI_NOOP", NULL, 0);
    for (uint32_t i = 0; i < self->length; i++) {
        uint32_t value = self->program[i];
        access(self, tlm_memory_target(self->memory), TLM_CMD_WRITE, ring + 4u * i, &value);
    }
    cs_execlist_ring image = { .mmio_base = RCS_BASE, .start = (uint32_t)ring, .tail = 4u * self->length,
                               .ctl = CS_RING_CTL_ENABLE_MASK };
    EXPECT_TRUE(cs_execlist_write_context_image(tlm_memory_target(self->memory), lrca, &image));
    self->length = 0;
    return cs_execlist_descriptor(lrca, id, 0, 0);
}

/* A: 30 stores, each followed by MI_ARB_CHECK (preemptible everywhere); B: one fence store. */
static void two_contexts(HwSched *self, guc_submission *a, guc_submission *b)
{
    uint32_t hwsp = HWSP;
    access(self, cs_engine_target(self->rcs), TLM_CMD_WRITE, CS_HWS_PGA_OFFSET, &hwsp);
    for (uint32_t i = 0; i < 30; i++) {
        sdi(self, DATA + 4u * i, 1);
        emit(self, "MI_ARB_CHECK", NULL, 0);
    }
    *a = (guc_submission){ .engine = CS_ENGINE_RCS, .mmio_base = RCS_BASE,
                           .descriptor = context(self, RING_A, LRCA_A, 1) };
    a->ring_tail = mem_rd(self, LRCA_A + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_TAIL + 1u));
    sdi(self, DATA + 0x100u, 0xB);
    *b = (guc_submission){ .engine = CS_ENGINE_RCS, .mmio_base = RCS_BASE,
                           .descriptor = context(self, RING_B, LRCA_B, 2) };
    b->ring_tail = mem_rd(self, LRCA_B + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_TAIL + 1u));
}

TEST_F(HwSched, TheNextContextGoesOnlyOnceTheEngineIsIdle)
{
    build(self, true);
    guc_submission a, b;
    two_contexts(self, &a, &b);
    guc_scheduler_submit(self->sched, &a);
    guc_scheduler_submit(self->sched, &b);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 29u), 1u); /* A ran to its end */
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 0xBu);
    const guc_scheduler_stats *stats = guc_scheduler_get_stats(self->sched);
    EXPECT_EQ(stats->queued, 1u);
    EXPECT_EQ(stats->submissions, 2u);
    EXPECT_GE(stats->engine_interrupts, 2u);
    EXPECT_EQ(stats->csb_entries, 4u); /* idle->A, A->idle, idle->B, B->idle */
    EXPECT_EQ(cs_execlist_get_stats(cs_engine_execlist(self->rcs))->preemptions, 0u);
    EXPECT_FALSE(tlm_signal_get(irq_gen11_guc_vector(self->irq, 0))); /* serviced */
}

/* Without the vectors the model submits at once: the second context preempts the first at its
 * next MI_ARB_CHECK (what the hardware does with a new load). */
TEST_F(HwSched, WithoutTheVectorsEverySubmissionGoesAtOnce)
{
    build(self, false);
    guc_submission a, b;
    two_contexts(self, &a, &b);
    guc_scheduler_submit(self->sched, &a);
    tlm_kernel_run_for(self->kernel, 40 * PERIOD);
    guc_scheduler_submit(self->sched, &b);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 0xBu);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 29u), 0u);
    EXPECT_EQ(guc_scheduler_get_stats(self->sched)->queued, 0u);
    EXPECT_EQ(cs_execlist_get_stats(cs_engine_execlist(self->rcs))->preemptions, 1u);
}
