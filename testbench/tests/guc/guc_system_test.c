/* The whole doorbell path in the bring-up system (testbench/platform, gen12): an application
 * rings a doorbell, the GTI doorbell controller messages the GuC interrupt block, the GuC
 * scheduler model reads the group registers and the work queue and submits the context through
 * the render engine's execlist submit queue, the render streamer runs its ring (a
 * MI_STORE_DATA_IMM fence and a MI_USER_INTERRUPT), the context status buffer reports the
 * completion, and the host sees and services the interrupt through the gen11+ aggregation tree.
 * Also: with the route bit clear, the doorbell interrupt reaches the host instead.
 *
 * Every test runs in three modes (GUC_SYSTEM_TEST_ALL_MODES): the blocks with an RTL twin
 * (round-trip, interrupt aggregator, doorbell controller) as C models, as RTL twins, and in
 * lockstep; tear-down fails the test on any lockstep mismatch or RTL assertion failure. */
#include <stdint.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_execlist.h"
#include "cs_regs.h"
#include "doorbell.h"
#include "doorbell_app.h"
#include "doorbell_regs.h"
#include "guc.h"
#include "guc_regs.h"
#include "guc_scheduler.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_message.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_twin.h"
#include "gtsim_system.h"
#include "tb_test.h"
#include "tb_test_modes.h"

#define RCS_BASE 0x2000u        /* i915 RENDER_RING_BASE; cs_commands_gen12.c */
#define RING 0x100000u          /* the context's ring (one page) */
#define FENCE 0x200000u         /* where MI_STORE_DATA_IMM writes */
#define HWSP 0x300000u          /* the engine's status page */
#define LRCA 0x500000u          /* the context image */
#define WQ 0x600000u            /* the doorbell's work queue */
#define DB_PAGE 0x700000u       /* the doorbell page */
#define BELL 4u
#define FENCE_VALUE 0xF00Du

typedef struct GucSystem {
    gtsim_system *system;        /* the bring-up system */
    gtsim_block_mode mode;       /* how the blocks with an RTL twin are simulated */
    const tlm_target *mmio;   /* host MMIO */
    const tlm_target *mem;    /* graphics memory */
    uint32_t program[64];     /* commands being assembled */
    uint32_t length;          /* dwords in program */
} GucSystem;

static void set_up(GucSystem *self, gtsim_block_mode mode)
{
    self->mode = mode;
    gtsim_system_config config = { .profile = "gen12", .roundtrip_mode = mode, .irq_mode = mode, .doorbell_mode = mode };
    char error[256] = "";
    self->system = gtsim_system_create(&config, error, sizeof error);
    if (!self->system)
        ADD_FAILURE("gtsim_system_create: %s", error);
    ASSERT_TRUE(self->system != NULL);
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR);
    self->mmio = gtsim_system_mmio(self->system);
    self->mem = gtsim_system_memory(self->system);
}

static void tear_down(GucSystem *self)
{
    if (!self->system)
        return;
    EXPECT_EQ(gtsim_system_mismatches(self->system), 0u);
    EXPECT_EQ(gtsim_system_rtl_assertion_failures(self->system), 0u);
    gtsim_system_destroy(self->system);
}

/* One fixture per mode; each body runs under all three. */
TB_TEST_MODES_FIXTURES(GucSystem, set_up, tear_down, GTSIM_MODE_MODEL, GTSIM_MODE_RTL, GTSIM_MODE_LOCKSTEP)

static tlm_status access(const tlm_target *target, tlm_cmd command, uint64_t address, uint32_t *value)
{
    tlm_payload payload = tlm_payload_make(command, address, value, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return payload.response;
}

static void wr(const tlm_target *target, uint64_t address, uint32_t value)
{
    EXPECT_EQ(access(target, TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

static uint32_t rd(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_EQ(access(target, TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

static void emit(GucSystem *self, const char *name, const cs_setting *settings, size_t count)
{
    const cs_command *command = cs_find_command(CS_PROFILE_GEN12, name);
    ASSERT_TRUE(command != NULL);
    cs_encode_result result;
    ASSERT_EQ(cs_encode(command, 0, settings, count, &self->program[self->length], 64 - self->length, &result),
              CS_ENCODE_OK);
    self->length += result.length;
}

/* The context's ring: the fence store and the user interrupt, padded to a qword, at RING;
 * returns the tail in bytes. */
static uint32_t place_ring(GucSystem *self)
{
    const cs_setting sdi[] = { { "address", 0, FENCE }, { "data", 0, FENCE_VALUE } };
    emit(self, "MI_STORE_DATA_IMM", sdi, 2);
    emit(self, "MI_USER_INTERRUPT", NULL, 0);
    if (self->length & 1u)
        emit(self, "MI_NOOP", NULL, 0);
    for (uint32_t i = 0; i < self->length; i++)
        wr(self->mem, RING + 4u * i, self->program[i]);
    return 4u * self->length;
}

/* The driver's side: render interrupts enabled through the tree, the engine's status page and
 * interrupt mask, the context image with an empty ring (the GuC writes the tail), the hashing
 * copy, the doorbell line initialised and the process descriptor of the doorbell. */
static void prepare(GucSystem *self, uint32_t ring_tail, uint64_t descriptor)
{
    wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFFFFFFu);
    wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GUC_SG_INTR_ENABLE_OFFSET, 0xFFFFFFFFu);
    wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GUC_SG_INTR_MASK_OFFSET, 0);
    wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0x80000000u);
    wr(self->mmio, RCS_BASE + CS_HWS_PGA_OFFSET, HWSP);
    wr(self->mmio, RCS_BASE + CS_IMR_OFFSET, ~(uint32_t)(IRQ_DATA_USER_INTERRUPT | IRQ_DATA_CONTEXT_SWITCH));
    cs_execlist_ring ring = { .mmio_base = RCS_BASE, .start = RING, .head = 0, .tail = 0,
                              .ctl = CS_RING_CTL_ENABLE_MASK };
    ASSERT_TRUE(cs_execlist_write_context_image(self->mem, LRCA, &ring));
    wr(self->mmio, GUC_MMIO_BASE + GUC_SHIM_CONTROL2_OFFSET, GUC_SHIM_CONTROL2_HASH_MODE_MASK); /* fuse is 1 */
    uint64_t line = DB_PAGE + (BELL % DOORBELL_LINES_PER_PAGE) * 64u;
    wr(self->mem, line, 1);
    wr(self->mem, line + 4, 0);
    uint64_t pd = GTSIM_SYSTEM_GUC_DESCRIPTOR_POOL + BELL * GUC_PD_SIZE;
    wr(self->mem, pd + GUC_PD_FLAGS, GUC_PD_FLAGS_VALID | (uint32_t)IRQ_CLASS_RENDER << GUC_PD_FLAGS_CLASS_SHIFT);
    wr(self->mem, pd + GUC_PD_WQ_BASE, WQ);
    wr(self->mem, pd + GUC_PD_WQ_BASE + 4, 0);
    wr(self->mem, pd + GUC_PD_WQ_SIZE, 4096);
    wr(self->mem, pd + GUC_PD_HEAD, 0);
    wr(self->mem, pd + GUC_PD_STATUS, 0);
    /* the application's work item: context descriptor and ring tail, then TAIL */
    wr(self->mem, WQ, (uint32_t)descriptor);
    wr(self->mem, WQ + 4, (uint32_t)(descriptor >> 32));
    wr(self->mem, WQ + 8, ring_tail);
    wr(self->mem, WQ + 12, 0);
    wr(self->mem, pd + GUC_PD_TAIL, GUC_WQI_SIZE);
}

/* The firmware's install through the shim (the GuC's MMIO view); returns the install status. */
static uint32_t install(GucSystem *self)
{
    const tlm_target *guc_view = gtsim_system_guc_mmio(self->system);
    wr(guc_view, DOORBELL_MMIO_BASE + BELL * DOORBELL_REGISTER_STRIDE + 4u, 0);
    wr(guc_view, DOORBELL_MMIO_BASE + BELL * DOORBELL_REGISTER_STRIDE, DB_PAGE | 1u);
    return rd(guc_view, GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET);
}

/* Services every pending GT interrupt as i915's gen11 handler does; returns the OR of the data
 * of the identities of engine (class, instance). */
static uint32_t service_all(GucSystem *self, unsigned engine_class, unsigned instance)
{
    uint32_t seen = 0;
    for (int round = 0; round < 8 && tlm_signal_get(gtsim_system_host_irq(self->system)); round++) {
        uint32_t dw0 = rd(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW0_OFFSET);
        for (uint32_t left = dw0; left; left &= left - 1) {
            wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, left & -left);
            uint32_t identity = rd(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET);
            irq_message message = irq_message_unpack(identity);
            if (message.engine_class == engine_class && message.instance == instance)
                seen |= message.data;
            wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, identity);
        }
        wr(self->mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW0_OFFSET, dw0);
    }
    return seen;
}

static void ring_runs_the_context(GucSystem *self)
{
    uint32_t tail = place_ring(self);
    uint64_t descriptor = cs_execlist_descriptor(LRCA, 1, IRQ_CLASS_RENDER, 0);
    prepare(self, tail, descriptor);
    wr(self->mmio, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET, GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK);
    ASSERT_EQ(install(self), GUC_DB_INSTALL_STATUS_DONE_MASK | BELL << GUC_DB_INSTALL_STATUS_DOORBELL_SHIFT);

    doorbell_app_client app;
    doorbell_app_client_init(&app, self->mem, DB_PAGE + BELL * 64u, 1);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    ASSERT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 10 * TLM_MS), TLM_RUN_IDLE);

    /* the GuC took the item and submitted it */
    const guc_scheduler_stats *fw = guc_scheduler_get_stats(gtsim_system_guc_scheduler(self->system));
    EXPECT_EQ(fw->submissions, 1u);
    EXPECT_EQ(fw->submit_errors, 0u);
    EXPECT_EQ(rd(self->mem, GTSIM_SYSTEM_GUC_DESCRIPTOR_POOL + BELL * GUC_PD_SIZE + GUC_PD_HEAD), GUC_WQI_SIZE);
    /* the render streamer ran the ring: the fence */
    EXPECT_EQ(rd(self->mem, FENCE), FENCE_VALUE);
    /* the CSB reports the completion */
    const cs_execlist_stats *el = cs_execlist_get_stats(cs_engine_execlist(gtsim_system_engine(self->system, CS_ENGINE_RCS)));
    EXPECT_EQ(el->loads, 1u);
    EXPECT_EQ(el->completions, 1u);
    EXPECT_GE(el->csb_entries, 2u);
    /* the host sees the interrupt and services it */
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1u);
    uint32_t render = service_all(self, IRQ_CLASS_RENDER, 0);
    EXPECT_EQ(render & (IRQ_DATA_USER_INTERRUPT | IRQ_DATA_CONTEXT_SWITCH),
              IRQ_DATA_USER_INTERRUPT | IRQ_DATA_CONTEXT_SWITCH);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0u);
    /* both doorbell stages are clear again */
    /* (read through the bus, which the model and the twin both answer: read-clear, but 0 stays 0) */
    EXPECT_EQ(rd(self->mmio, DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET), 0u);
    EXPECT_EQ(rd(self->mmio, GUC_MMIO_BASE + GUC_GUC_DB_ISR_0_OFFSET), 0u);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR), 0u);
    /* the doorbell controller of the mode was the one in the path: the twin saw the install's
     * fill and the ring as snoops, the lockstep compared them, rtl mode has no model */
    if (self->mode != GTSIM_MODE_MODEL)
        EXPECT_GE(cosim_doorbell_twin_snoops(gtsim_system_doorbell_twin(self->system)), 2u);
    if (self->mode == GTSIM_MODE_LOCKSTEP)
        EXPECT_GE(cosim_doorbell_lockstep_compared(gtsim_system_doorbell_lockstep(self->system)), 3u);
    EXPECT_EQ(gtsim_system_doorbell(self->system) == NULL, self->mode == GTSIM_MODE_RTL);
}
TB_TEST_ALL_MODES(GucSystem, ARingRunsTheContextThroughTheGucToTheRenderEngineAndTheHostServicesIt,
                          ring_runs_the_context)

static void route_bit_clear(GucSystem *self)
{
    uint32_t tail = place_ring(self);
    prepare(self, tail, cs_execlist_descriptor(LRCA, 1, IRQ_CLASS_RENDER, 0));
    ASSERT_EQ(install(self), GUC_DB_INSTALL_STATUS_DONE_MASK | BELL << GUC_DB_INSTALL_STATUS_DOORBELL_SHIFT);
    doorbell_app_client app;
    doorbell_app_client_init(&app, self->mem, DB_PAGE + BELL * 64u, 1);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    ASSERT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 10 * TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(guc_scheduler_get_stats(gtsim_system_guc_scheduler(self->system))->interrupts, 0u);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1u);
    EXPECT_EQ(service_all(self, IRQ_CLASS_OTHER, IRQ_OTHER_GUC), GUC_INTR_DOORBELL_RANG);
    /* the host driver reads the group: bit 4 of group 0 */
    EXPECT_EQ(rd(self->mmio, DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET), 1u << BELL);
    EXPECT_EQ(rd(self->mem, FENCE), 0u); /* nothing was submitted */
}
TB_TEST_ALL_MODES(GucSystem, WithTheRouteBitClearTheDoorbellInterruptReachesTheHost, route_bit_clear)

/* The doorbell lockstep's divergences are the system's: a shadow model armed behind the
 * compare's back rings on a write the twin ignores, and gtsim_system_mismatches counts it. */
TEST(GucSystemDoorbellLockstep, ADivergenceIsCountedAsASystemMismatch)
{
    gtsim_system_config config = { .profile = "gen12", .doorbell_mode = GTSIM_MODE_LOCKSTEP };
    char error[256] = "";
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(system != NULL);
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(system)), TLM_LOG_ERROR);
    doorbell *shadow = gtsim_system_doorbell(system);
    ASSERT_TRUE(shadow != NULL);
    const uint64_t line = DB_PAGE + 7u * 64u;
    wr(gtsim_system_memory(system), line, 1); /* DW0: active */
    EXPECT_EQ(doorbell_install(shadow, 7, line), DOORBELL_INSTALL_OK); /* the model only */
    EXPECT_EQ(gtsim_system_mismatches(system), 0u);
    wr(gtsim_system_memory(system), line + 4, 9); /* DW1: a new cookie: the model rings, the RTL cannot */
    EXPECT_GE(gtsim_system_mismatches(system), 1u);
    EXPECT_EQ(gtsim_system_rtl_assertion_failures(system), 0u);
    gtsim_system_destroy(system);
}

TEST(GucSystemDoorbellLockstep, Gen6RefusesAnRtlDoorbellMode)
{
    char error[256] = "";
    gtsim_system_config config = { .profile = "gen6", .doorbell_mode = GTSIM_MODE_RTL };
    EXPECT_TRUE(gtsim_system_create(&config, error, sizeof error) == NULL);
    EXPECT_TRUE(strstr(error, "profile gen6 has no doorbells") != NULL);
    config.doorbell_mode = GTSIM_MODE_LOCKSTEP;
    EXPECT_TRUE(gtsim_system_create(&config, error, sizeof error) == NULL);
    EXPECT_TRUE(strstr(error, "profile gen6 has no doorbells") != NULL);
}
