/* Registers the Linux drivers touch at bring-up, reset and hang capture, on the GT of each
 * profile (docs/reference/gt.md "GT registers", docs/reference/cs.md "Engine management"; facts and sources in
 * docs/facts.md): each test states the driver's rule and checks the model keeps it. */
#include <stdint.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_regs.h"
#include "gt.h"
#include "gt_regs.h"
#include "guc.h"
#include "guc_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "tb_test.h"

typedef struct GtRegs {
    tlm_kernel *kernel;    /* time base */
    tlm_memory *memory;    /* graphics memory */
    gt *model;             /* the GT under test */
} GtRegs;

static void build(GtRegs *self, const char *profile)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR);
    self->memory = tlm_memory_create(self->kernel, "gfx_memory", 0);
    gt_config config = { .profile = gt_profile_find(profile), .memory = self->memory, .clock_period = 1000 };
    char error[256] = "";
    self->model = gt_create(self->kernel, &config, error, sizeof error);
    if (!self->model)
        ADD_FAILURE("%s", error);
}

static void teardown(GtRegs *self)
{
    gt_destroy(self->model);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

static uint32_t rd(GtRegs *self, uint64_t offset)
{
    uint32_t data = 0xdeadbeef;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, &data, 4);
    tlm_time delay = 0;
    tlm_b_transport(gt_mmio(self->model), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    return data;
}

static void wr(GtRegs *self, uint64_t offset, uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(gt_mmio(self->model), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
}

static void mem_wr(GtRegs *self, uint64_t address, const uint32_t *dwords, uint32_t count)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, (void *)dwords, 4 * count);
    payload.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(self->memory), &payload, &delay);
}

static uint64_t unimplemented(GtRegs *self)
{
    return gt_mmio_get_stats(self->model)->unimplemented_accesses;
}

static uint64_t base(GtRegs *self, cs_engine engine)
{
    return cs_profile_get(gt_get_profile(self->model)->cs)->engines[engine].mmio_base;
}

#define MASKED_ENABLE(bits) ((bits) << 16 | (bits))
#define MASKED_DISABLE(bits) ((bits) << 16)

/* ---- force wake ------------------------------------------------------------------------------ */

TEST(GtForceWake, Gen12EachDomainAcknowledgesItsRequest)
{
    /* spec 001 force-wake table: request and acknowledge per domain; i915 fw_domain_get writes
     * _MASKED_BIT_ENABLE(FORCEWAKE_KERNEL) and waits for the ack bit, fw_domain_put clears it. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    static const struct { uint32_t request, ack; } domains[] = {
        { GT_FORCEWAKE_GT_OFFSET, GT_FORCEWAKE_ACK_GT_OFFSET },
        { GT_FORCEWAKE_RENDER_OFFSET, GT_FORCEWAKE_ACK_RENDER_OFFSET },
        { GT_FORCEWAKE_MEDIA_VDBOX0_OFFSET, GT_FORCEWAKE_ACK_VDBOX0_OFFSET },
        { GT_FORCEWAKE_MEDIA_VEBOX0_OFFSET, GT_FORCEWAKE_ACK_VEBOX0_OFFSET },
    };
    for (size_t i = 0; i < sizeof domains / sizeof domains[0]; i++) {
        EXPECT_EQ(rd(&self, domains[i].ack), 0u);
        wr(&self, domains[i].request, MASKED_ENABLE(1u));
        EXPECT_EQ(rd(&self, domains[i].ack) & 1u, 1u);
        wr(&self, domains[i].request, MASKED_ENABLE(1u << 15)); /* the fallback bit too */
        EXPECT_EQ(rd(&self, domains[i].ack), 0x8001u);
        wr(&self, domains[i].request, MASKED_DISABLE(0x8001u));
        EXPECT_EQ(rd(&self, domains[i].ack), 0u);
    }
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

TEST(GtForceWake, Gen6RequestAndAcknowledge)
{
    /* i915 (Sandy Bridge): FORCEWAKE 0xA18C bit 0, acknowledged in FORCEWAKE_ACK 0x130090. */
    GtRegs self = { 0 };
    build(&self, "gen6");
    wr(&self, GT_FORCEWAKE_GEN6_OFFSET, 1);
    EXPECT_EQ(rd(&self, GT_FORCEWAKE_ACK_GEN6_OFFSET) & 1u, 1u);
    wr(&self, GT_FORCEWAKE_GEN6_OFFSET, 0);
    EXPECT_EQ(rd(&self, GT_FORCEWAKE_ACK_GEN6_OFFSET) & 1u, 0u);
    /* gen12's domains are not there. */
    uint64_t before = unimplemented(&self);
    EXPECT_EQ(rd(&self, GT_FORCEWAKE_RENDER_OFFSET), 0u);
    EXPECT_EQ(unimplemented(&self), before + 1);
    teardown(&self);
}

static void start_ring(GtRegs *self, cs_engine engine, const uint32_t *dwords, uint32_t count);

static void check_powered_down(const char *profile)
{
    /* spec 001: cycles to a powered-down domain are completed by the message channel's
     * termination node (writes sunk, reads a dummy 0); force wake keeps a domain up. i915
     * gen6_rc6_enable / gen11_rc6_enable: RC6 is off until the driver sets GEN6_RC_CONTROL. */
    GtRegs self = { 0 };
    build(&self, profile);
    bool gen12 = strcmp(profile, "gen12") == 0;
    uint64_t rcs = base(&self, CS_ENGINE_RCS), bcs = base(&self, CS_ENGINE_BCS);
    uint32_t render_wake = gen12 ? GT_FORCEWAKE_RENDER_OFFSET : GT_FORCEWAKE_GEN6_OFFSET;
    uint32_t wake = gen12 ? MASKED_ENABLE(1u) : 1u, sleep = gen12 ? MASKED_DISABLE(1u) : 0u;
    /* RC6 off: no force wake needed. */
    wr(&self, rcs + CS_RING_START_OFFSET, 0x20000);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0x20000u);
    wr(&self, GT_RC_CONTROL_OFFSET, GT_RC_CONTROL_HW_ENABLE_MASK | GT_RC_CONTROL_RC6_ENABLE_MASK);
    EXPECT_EQ(rd(&self, GT_RC_CONTROL_OFFSET), GT_RC_CONTROL_HW_ENABLE_MASK | GT_RC_CONTROL_RC6_ENABLE_MASK);
    /* RC6 on, idle, no force wake: dummy completions, the write is lost. */
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0u);
    wr(&self, rcs + CS_RING_START_OFFSET, 0x30000);
    /* Force wake on render: the register is there again with its old value. */
    wr(&self, render_wake, wake);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0x20000u);
    wr(&self, rcs + CS_RING_START_OFFSET, 0x40000);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0x40000u);
    /* gen12: the blitter is the GT domain's, still down; gen6 has one domain. */
    wr(&self, bcs + CS_RING_START_OFFSET, 0x50000);
    EXPECT_EQ(rd(&self, bcs + CS_RING_START_OFFSET), gen12 ? 0u : 0x50000u);
    wr(&self, render_wake, sleep);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0u);
    /* A busy engine keeps the GT up: start the render ring under force wake, then release it. */
    uint32_t ring[64] = { 0 };
    wr(&self, render_wake, wake);
    start_ring(&self, CS_ENGINE_RCS, ring, 64);
    wr(&self, render_wake, sleep);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0x100000u);
    tlm_kernel_run_for(self.kernel, 100000 * TLM_NS);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0u); /* idle again: down */
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

TEST(GtForceWake, Gen12PoweredDownDomainSinksWritesAndReadsZero)
{
    check_powered_down("gen12");
}

TEST(GtForceWake, Gen6PoweredDownGtSinksWritesAndReadsZero)
{
    check_powered_down("gen6");
}

/* ---- fuses, steering, aux invalidation -------------------------------------------------------- */

TEST(GtFuses, Gen12ReflectionsAndSteering)
{
    /* spec 001: fuse_gt_dssen at 0x913C[5:0], fuse_gt_l3_disable at 0x9118[7:0]; the profile has
     * 6 dual subslices and no bank fused off. Steering (GEN8_MCR_SELECTOR) holds what is written. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    EXPECT_EQ(rd(&self, GT_DSS_ENABLE_OFFSET), 0x3Fu);
    EXPECT_EQ(rd(&self, GT_MIRROR_FUSE3_OFFSET), 0u);
    wr(&self, GT_DSS_ENABLE_OFFSET, 0); /* read only */
    EXPECT_EQ(rd(&self, GT_DSS_ENABLE_OFFSET), 0x3Fu);
    wr(&self, GT_MCR_SELECTOR_OFFSET, 1u << 31 | 2u << 27 | 3u << 24);
    EXPECT_EQ(rd(&self, GT_MCR_SELECTOR_OFFSET), 1u << 31 | 2u << 27 | 3u << 24);
    teardown(&self);
}

TEST(GtAux, Gen12InvalidationRequestIsClearedByHardware)
{
    /* i915 intel_gt_invalidate / gen12_emit_aux_table_inv: AUX_INV is set, and hardware clears it
     * when the invalidation is done (drivers poll for 0). */
    GtRegs self = { 0 };
    build(&self, "gen12");
    static const uint32_t registers[] = { GT_GFX_CCS_AUX_NV_OFFSET, GT_VD0_AUX_NV_OFFSET, GT_VE0_AUX_NV_OFFSET };
    for (size_t i = 0; i < 3; i++) {
        wr(&self, registers[i], 1);
        EXPECT_EQ(rd(&self, registers[i]), 0u);
    }
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

/* ---- domain reset ----------------------------------------------------------------------------- */

static void check_domain_reset(const char *profile, uint32_t blitter_bit)
{
    /* i915 gen6_hw_domain_reset: write the domain bits to GDRST, poll until hardware clears them;
     * the engine is back in its reset state. */
    GtRegs self = { 0 };
    build(&self, profile);
    uint64_t bcs = base(&self, CS_ENGINE_BCS), rcs = base(&self, CS_ENGINE_RCS);
    wr(&self, bcs + CS_RING_START_OFFSET, 0x10000);
    wr(&self, rcs + CS_RING_START_OFFSET, 0x20000);
    wr(&self, bcs + CS_IMR_OFFSET, 0);
    wr(&self, GT_GDRST_OFFSET, blitter_bit);
    EXPECT_EQ(rd(&self, GT_GDRST_OFFSET), 0u);
    EXPECT_EQ(rd(&self, bcs + CS_RING_START_OFFSET), 0u);
    EXPECT_EQ(rd(&self, bcs + CS_IMR_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0x20000u); /* not in the domain */
    wr(&self, GT_GDRST_OFFSET, 1); /* GRDOM_FULL: every engine */
    EXPECT_EQ(rd(&self, rcs + CS_RING_START_OFFSET), 0u);
    teardown(&self);
}

TEST(GtReset, Gen12DomainResetKeepsTheCsbFifoForTheGuc)
{
    /* spec 001 §CSB: the GuC reads context status through the engine's CSB read port and FIFO;
     * a domain reset (i915 gen11_reset_engines: GEN11_GRDOM_RENDER into GDRST) puts the engine
     * in its reset state but the FIFO keeps its unread entries. An empty context (i915 gen12
     * descriptor: valid, legacy 64-bit, privileged; HEAD = TAIL) completes at once. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    static const uint32_t image[] = {
        0x00000000u, 0x1100101Bu, 0x00002244u, 0, 0x00002034u, 0, 0x00002030u, 0,
        0x00002038u, 0x00140000u, 0x0000203Cu, 1,
    };
    mem_wr(&self, 0x501000, image, sizeof image / sizeof image[0]);
    wr(&self, rcs + CS_HWS_PGA_OFFSET, 0x300000);
    wr(&self, rcs + CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET, 0x00500119u);
    wr(&self, rcs + CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET + 4, 0x20u); /* context id 1 */
    wr(&self, rcs + CS_EXECLIST_CONTROL_OFFSET, 1);                 /* EL_CTRL_LOAD */
    tlm_kernel_run_for(self.kernel, 10000 * TLM_NS);
    uint32_t fifo = rd(&self, rcs + CS_CSB_FIFO_STATUS_OFFSET);
    EXPECT_EQ(fifo & CS_CSB_FIFO_STATUS_EMPTY_MASK, 0u); /* the context's entries wait */
    uint32_t first = rd(&self, rcs + CS_CSB_READ_PORT_OFFSET);
    fifo = rd(&self, rcs + CS_CSB_FIFO_STATUS_OFFSET);
    wr(&self, GT_GDRST_OFFSET, 1u << 1); /* GEN11_GRDOM_RENDER */
    EXPECT_EQ(rd(&self, GT_GDRST_OFFSET), 0u);
    EXPECT_EQ(rd(&self, rcs + CS_HWS_PGA_OFFSET), 0u);                  /* the engine is reset... */
    EXPECT_EQ(rd(&self, rcs + CS_CSB_FIFO_STATUS_OFFSET), fifo);        /* ...its FIFO is not */
    EXPECT_NE(rd(&self, rcs + CS_CSB_READ_PORT_OFFSET), first);         /* the entry's other half */
    teardown(&self);
}

TEST(GtEngineMgmt, MiModeResetsToTheSpecDefaultWithIdleReadOnly)
{
    /* spec 000 §1.1.4.1 MI_MODE: default 00000000h for its fields; Rings Idle is a read-only
     * status ("Writes to this bit are not allowed"): Parser Idle and Ring Arbiter Idle, which an
     * engine out of reset is (i915 ring_is_idle expects MODE_IDLE on an idle engine). A domain
     * reset returns the fields to their default. */
    static const char *const profiles[] = { "gen6", "gen12" };
    for (size_t p = 0; p < 2; p++) {
        GtRegs self = { 0 };
        build(&self, profiles[p]);
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
            if (!cs_profile_get(gt_get_profile(self.model)->cs)->engines[e].present)
                continue;
            uint64_t mi_mode = base(&self, (cs_engine)e) + CS_MI_MODE_OFFSET;
            EXPECT_EQ(rd(&self, mi_mode), CS_MI_MODE_RINGS_IDLE_MASK);
            wr(&self, mi_mode, MASKED_DISABLE(CS_MI_MODE_RINGS_IDLE_MASK)); /* not allowed: kept */
            EXPECT_EQ(rd(&self, mi_mode), CS_MI_MODE_RINGS_IDLE_MASK);
            wr(&self, mi_mode, MASKED_ENABLE(CS_MI_MODE_STOP_RINGS_MASK));
            EXPECT_EQ(rd(&self, mi_mode), CS_MI_MODE_RINGS_IDLE_MASK | CS_MI_MODE_STOP_RINGS_MASK);
        }
        wr(&self, GT_GDRST_OFFSET, 1); /* GRDOM_FULL */
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
            if (cs_profile_get(gt_get_profile(self.model)->cs)->engines[e].present)
                EXPECT_EQ(rd(&self, base(&self, (cs_engine)e) + CS_MI_MODE_OFFSET), CS_MI_MODE_RINGS_IDLE_MASK);
        teardown(&self);
    }
}

TEST(GtReset, Gen12DomainResetOfTheBlitter)
{
    check_domain_reset("gen12", 1u << 2); /* GEN11_GRDOM_BLT */
}

TEST(GtReset, Gen6DomainResetOfTheBlitter)
{
    check_domain_reset("gen6", 1u << 3); /* GEN6_GRDOM_BLT */
}

/* ---- gen6 PM interrupts ----------------------------------------------------------------------- */

TEST(GtPmIrq, Gen6PmInterruptRegisters)
{
    /* i915 gen6 PM interrupt registers: PMISR 0x44020, PMIMR 0x44024, PMIIR 0x44028 (write 1 to
     * clear), PMIER 0x4402C; the driver masks all (PMIMR = ~0) and clears PMIIR at reset. */
    GtRegs self = { 0 };
    build(&self, "gen6");
    EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIMR_OFFSET), 0xFFFFFFFFu);
    wr(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIMR_OFFSET, 0xFFFFFF00u);
    EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIMR_OFFSET), 0xFFFFFF00u);
    wr(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIER_OFFSET, 0x70);
    EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIER_OFFSET), 0x70u);
    wr(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIIR_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMIIR_OFFSET), 0u);
    EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_PMISR_OFFSET), 0u);
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

/* ---- engine management ------------------------------------------------------------------------ */

static void start_ring(GtRegs *self, cs_engine engine, const uint32_t *dwords, uint32_t count)
{
    uint64_t b = base(self, engine);
    mem_wr(self, 0x100000, dwords, count);
    wr(self, b + CS_RING_START_OFFSET, 0x100000);
    wr(self, b + CS_RING_CTL_OFFSET, 1);
    wr(self, b + CS_RING_TAIL_OFFSET, 4 * count);
}

TEST(GtEngineMgmt, ResetRequestStopsTheEngineAndSaysReady)
{
    /* i915 gen8_engine_reset_prepare: _MASKED_BIT_ENABLE(REQUEST_RESET), poll READY_TO_RESET;
     * gen8_engine_reset_cancel clears the request and the engine goes on. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    EXPECT_EQ(rd(&self, rcs + CS_RESET_CTL_OFFSET), 0u);
    uint32_t ring[16];
    for (unsigned i = 0; i < 16; i++)
        ring[i] = 0; /* MI_NOOPs */
    start_ring(&self, CS_ENGINE_RCS, ring, 16);
    wr(&self, rcs + CS_RESET_CTL_OFFSET, MASKED_ENABLE(CS_RESET_CTL_REQUEST_RESET_MASK));
    EXPECT_EQ(rd(&self, rcs + CS_RESET_CTL_OFFSET),
              CS_RESET_CTL_REQUEST_RESET_MASK | CS_RESET_CTL_READY_TO_RESET_MASK);
    uint32_t head = rd(&self, rcs + CS_RING_HEAD_OFFSET);
    tlm_kernel_run_for(self.kernel, 1000 * TLM_NS);
    EXPECT_EQ(rd(&self, rcs + CS_RING_HEAD_OFFSET), head); /* stopped */
    wr(&self, rcs + CS_RESET_CTL_OFFSET, MASKED_DISABLE(CS_RESET_CTL_REQUEST_RESET_MASK));
    EXPECT_EQ(rd(&self, rcs + CS_RESET_CTL_OFFSET), 0u);
    tlm_kernel_run_for(self.kernel, 1000 * TLM_NS);
    EXPECT_EQ(rd(&self, rcs + CS_RING_HEAD_OFFSET) & CS_RING_HEAD_HEAD_MASK, 64u); /* went on */
    teardown(&self);
}

TEST(GtEngineMgmt, StopRingMakesTheEngineIdleAtOnce)
{
    /* i915 intel_engine_stop_cs: _MASKED_BIT_ENABLE(STOP_RING) in MI_MODE, then poll MODE_IDLE;
     * spec 000 MI_MODE: "Software must read a 1 in Ring Idle bit after setting this bit". */
    GtRegs self = { 0 };
    build(&self, "gen6");
    uint64_t vcs = base(&self, CS_ENGINE_VCS);
    uint32_t ring[16] = { 0 };
    start_ring(&self, CS_ENGINE_VCS, ring, 16);
    EXPECT_EQ(rd(&self, vcs + CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u); /* busy */
    wr(&self, vcs + CS_MI_MODE_OFFSET, MASKED_ENABLE(CS_MI_MODE_STOP_RINGS_MASK));
    EXPECT_EQ(rd(&self, vcs + CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, CS_MI_MODE_RINGS_IDLE_MASK);
    uint32_t head = rd(&self, vcs + CS_RING_HEAD_OFFSET);
    tlm_kernel_run_for(self.kernel, 1000 * TLM_NS);
    EXPECT_EQ(rd(&self, vcs + CS_RING_HEAD_OFFSET), head);
    wr(&self, vcs + CS_MI_MODE_OFFSET, MASKED_DISABLE(CS_MI_MODE_STOP_RINGS_MASK));
    tlm_kernel_run_for(self.kernel, 1000 * TLM_NS);
    EXPECT_EQ(rd(&self, vcs + CS_RING_HEAD_OFFSET) & CS_RING_HEAD_HEAD_MASK, 64u);
    teardown(&self);
}

TEST(GtEngineMgmt, Gen6VideoSleepHandshake)
{
    /* i915 gen6_bsd_submit_request: PSMI_CTL _MASKED_BIT_ENABLE(SLEEP_MSG_DISABLE), RNCID = 0,
     * poll SLEEP_INDICATOR to 0, write TAIL, then re-enable sleep messages. An idle engine that
     * may sleep reads SLEEP_INDICATOR 1. */
    GtRegs self = { 0 };
    build(&self, "gen6");
    uint64_t vcs = base(&self, CS_ENGINE_VCS);
    EXPECT_EQ(rd(&self, vcs + CS_PSMI_CTL_OFFSET) & CS_PSMI_CTL_SLEEP_INDICATOR_MASK, CS_PSMI_CTL_SLEEP_INDICATOR_MASK);
    wr(&self, vcs + CS_PSMI_CTL_OFFSET, MASKED_ENABLE(CS_PSMI_CTL_SLEEP_MSG_DISABLE_MASK));
    wr(&self, vcs + CS_RNCID_OFFSET, 0);
    wr(&self, vcs + CS_RNCID_UDW_OFFSET, 0); /* the 64-bit write's upper dword */
    EXPECT_EQ(unimplemented(&self), 0u);
    EXPECT_EQ(rd(&self, vcs + CS_PSMI_CTL_OFFSET) & CS_PSMI_CTL_SLEEP_INDICATOR_MASK, 0u);
    wr(&self, vcs + CS_PSMI_CTL_OFFSET, MASKED_DISABLE(CS_PSMI_CTL_SLEEP_MSG_DISABLE_MASK));
    EXPECT_EQ(rd(&self, vcs + CS_PSMI_CTL_OFFSET) & CS_PSMI_CTL_SLEEP_INDICATOR_MASK, CS_PSMI_CTL_SLEEP_INDICATOR_MASK);
    /* RNCID is the gen6 video engine's only. */
    uint64_t before = unimplemented(&self);
    rd(&self, base(&self, CS_ENGINE_BCS) + CS_RNCID_OFFSET);
    EXPECT_EQ(unimplemented(&self), before + 1);
    teardown(&self);
}

TEST(GtEngineMgmt, ModeRegistersAreMaskedAndPerProfile)
{
    /* i915 execlists_resume / enable_execlists: RING_MODE_GEN7 = _MASKED_BIT_ENABLE(
     * GEN11_GFX_DISABLE_LEGACY_MODE) on gen11+; gen6 has GFX_MODE (0x2520) on render instead,
     * whose Replay Mode resets to 1 (spec 000 §1.1.4.2). */
    GtRegs self = { 0 };
    build(&self, "gen12");
    uint64_t bcs = base(&self, CS_ENGINE_BCS);
    wr(&self, bcs + CS_RING_MODE_OFFSET, MASKED_ENABLE(CS_RING_MODE_DISABLE_LEGACY_MODE_MASK));
    wr(&self, bcs + CS_RING_MODE_OFFSET, CS_RING_MODE_PPGTT_ENABLE_MASK); /* no enable bit: nothing */
    EXPECT_EQ(rd(&self, bcs + CS_RING_MODE_OFFSET), CS_RING_MODE_DISABLE_LEGACY_MODE_MASK);
    uint64_t before = unimplemented(&self);
    rd(&self, base(&self, CS_ENGINE_RCS) + CS_GFX_MODE_OFFSET);
    EXPECT_EQ(unimplemented(&self), before + 1);
    teardown(&self);
    build(&self, "gen6");
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    EXPECT_EQ(rd(&self, rcs + CS_GFX_MODE_OFFSET), CS_GFX_MODE_REPLAY_MODE_MASK);
    wr(&self, rcs + CS_GFX_MODE_OFFSET, MASKED_ENABLE(CS_GFX_MODE_TLB_INVALIDATE_EXPLICIT_MASK));
    EXPECT_EQ(rd(&self, rcs + CS_GFX_MODE_OFFSET),
              CS_GFX_MODE_REPLAY_MODE_MASK | CS_GFX_MODE_TLB_INVALIDATE_EXPLICIT_MASK);
    before = unimplemented(&self);
    rd(&self, rcs + CS_RING_MODE_OFFSET); /* gen7+ */
    rd(&self, rcs + CS_RESET_CTL_OFFSET); /* gen8+ */
    EXPECT_EQ(unimplemented(&self), before + 2);
    /* gen6 PPGTT directory (i915 set_pp_dir: PP_DCLV = PP_DIR_DCLV_2G, PP_DIR_BASE), EXCC masked. */
    wr(&self, rcs + CS_PP_DCLV_OFFSET, 0xFFFFFFFFu);
    wr(&self, rcs + CS_PP_DIR_BASE_OFFSET, 0x12340000u);
    EXPECT_EQ(rd(&self, rcs + CS_PP_DCLV_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(rd(&self, rcs + CS_PP_DIR_BASE_OFFSET), 0x12340000u);
    /* RING_PP_DIR_BASE_READ, the gen6 read copy, where gen8+ has submit queue element 1. */
    EXPECT_EQ(rd(&self, rcs + CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET), 0x12340000u);
    wr(&self, rcs + CS_EXCC_OFFSET, 0x00010001u);
    wr(&self, rcs + CS_EXCC_OFFSET, 0x00000002u);
    EXPECT_EQ(rd(&self, rcs + CS_EXCC_OFFSET), 1u);
    teardown(&self);
}

/* ---- hang capture ----------------------------------------------------------------------------- */

static void check_hang_capture(const char *profile)
{
    /* i915 i915_gpu_error.c engine_record_registers: after a hang ACTHD is the address of the
     * command the engine stopped at, IPEHR its header, IPEIR the error; INSTDONE has the
     * parser busy while a command waits. Here: an unknown command (header 0x3F000000) halts the
     * parser at ring offset 8. */
    GtRegs self = { 0 };
    build(&self, profile);
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    static const uint32_t ring[] = { 0, 0, 0x3F000000u, 0, 0, 0, 0, 0 };
    EXPECT_EQ(rd(&self, rcs + CS_INSTDONE_OFFSET), 0xFFFFFFFFu); /* idle */
    start_ring(&self, CS_ENGINE_RCS, ring, 8);
    tlm_kernel_run_for(self.kernel, 1000 * TLM_NS);
    EXPECT_EQ(rd(&self, rcs + CS_ACTHD_OFFSET), 0x100008u);
    EXPECT_EQ(rd(&self, rcs + CS_IPEHR_OFFSET), 0x3F000000u);
    EXPECT_EQ(rd(&self, rcs + CS_CSCMDOP_OFFSET), 0x3F000000u);
    EXPECT_EQ(rd(&self, rcs + CS_IPEIR_OFFSET), CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(rd(&self, rcs + CS_DMA_FADD_OFFSET), 0x100000u); /* the cacheline holding it */
    EXPECT_EQ(rd(&self, rcs + CS_INSTPS_OFFSET), 0u);
    EXPECT_EQ(rd(&self, rcs + CS_RING_HEAD_OFFSET) & CS_RING_HEAD_HEAD_MASK, 8u);
    /* The halted ring still has commands: the parser is not done. */
    EXPECT_EQ(rd(&self, rcs + CS_INSTDONE_OFFSET) & 1u, 0u);
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

TEST(GtHangCapture, Gen12RegistersNameTheHungCommand)
{
    check_hang_capture("gen12");
}

TEST(GtHangCapture, Gen6RegistersNameTheHungCommand)
{
    check_hang_capture("gen6");
}

static void expect_read_only(GtRegs *self, uint64_t offset, uint32_t value)
{
    EXPECT_EQ(rd(self, offset), value);
    wr(self, offset, ~value);
    EXPECT_EQ(rd(self, offset), value);
}

TEST(GtHangCapture, Gen12GlobalRegistersReadNoErrorAndEveryUnitDone)
{
    /* i915 i915_gpu_error.c gt_record_global_regs (gen12: GEN12_FAULT_TLB_DATA0/1, GEN12_AUX_ERR_DBG,
     * GEN12_SFC_DONE(0), GEN12_GAM_DONE), gt_record_global_nonguc_regs (PGTBL_ER), and
     * intel_engine_get_instdone (GEN7_SC_INSTDONE, GEN12_SC_INSTDONE_EXTRA/2, per subslice through
     * GEN8_MCR_SELECTOR: GEN8_SAMPLER_INSTDONE, GEN8_ROW_INSTDONE). Nothing is faulting or busy
     * below the command streamers: no error, every unit done; the driver cannot write them. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    expect_read_only(&self, GUC_MMIO_BASE + GUC_FAULT_TLB_DATA0_OFFSET, 0);
    expect_read_only(&self, GUC_MMIO_BASE + GUC_FAULT_TLB_DATA1_OFFSET, 0);
    expect_read_only(&self, GUC_MMIO_BASE + GUC_GAM_DONE_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, GT_AUX_ERR_DBG_OFFSET, 0);
    expect_read_only(&self, GT_SFC_DONE0_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, rcs + CS_PGTBL_ER_OFFSET, 0);
    expect_read_only(&self, GT_SC_INSTDONE_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, GT_SC_INSTDONE_EXTRA_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, GT_SC_INSTDONE_EXTRA2_OFFSET, 0xFFFFFFFFu);
    for (uint32_t subslice = 0; subslice < 6; subslice++) {
        wr(&self, GT_MCR_SELECTOR_OFFSET, subslice << 24); /* unicast to one subslice */
        EXPECT_EQ(rd(&self, GT_SAMPLER_INSTDONE_OFFSET), 0xFFFFFFFFu);
        EXPECT_EQ(rd(&self, GT_ROW_INSTDONE_OFFSET), 0xFFFFFFFFu);
    }
    /* PGTBL_ER is the render engine's only; gen6's INSTDONE_2 is not here. */
    uint64_t before = unimplemented(&self);
    rd(&self, base(&self, CS_ENGINE_BCS) + CS_PGTBL_ER_OFFSET);
    rd(&self, rcs + CS_INSTDONE_2_OFFSET);
    EXPECT_EQ(unimplemented(&self), before + 2);
    teardown(&self);
}

TEST(GtHangCapture, Gen6GlobalRegistersReadNoErrorAndEveryUnitDone)
{
    /* i915 gt_record_global_regs on gen6: ERROR_GEN6, DONE_REG, GAB_CTL, GFX_MODE, FORCEWAKE;
     * intel_engine_get_instdone: RING_INSTDONE and, on render, GEN4_INSTDONE1 ("INSTDONE_2 on SNB"). */
    GtRegs self = { 0 };
    build(&self, "gen6");
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    expect_read_only(&self, GT_ERROR_GEN6_OFFSET, 0);
    expect_read_only(&self, GT_DONE_REG_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, rcs + CS_INSTDONE_2_OFFSET, 0xFFFFFFFFu);
    expect_read_only(&self, rcs + CS_PGTBL_ER_OFFSET, 0);
    /* gen12's registers are not here. */
    uint64_t before = unimplemented(&self);
    rd(&self, GT_SC_INSTDONE_OFFSET);
    rd(&self, GT_AUX_ERR_DBG_OFFSET);
    rd(&self, base(&self, CS_ENGINE_VCS) + CS_INSTDONE_2_OFFSET); /* render only */
    rd(&self, rcs + CS_CMD_CCTL_OFFSET);                           /* gen12 only */
    EXPECT_EQ(unimplemented(&self), before + 4);
    teardown(&self);
}

TEST(GtEngineMgmt, Gen12CmdCctlIsMaskedOnEveryEngine)
{
    /* i915 gen12_ctx_gt_mocs_init: wa_masked_field_set(RING_CMD_CCTL, CMD_CCTL_MOCS_MASK,
     * CMD_CCTL_MOCS_OVERRIDE(mocs, mocs)); xe declares RING_CMD_CCTL masked. Write override 13:7,
     * read override 6:0; the hang capture reads it back. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    static const cs_engine engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS, CS_ENGINE_VECS };
    for (size_t i = 0; i < 4; i++) {
        uint64_t reg = base(&self, engines[i]) + CS_CMD_CCTL_OFFSET;
        EXPECT_EQ(rd(&self, reg), 0u);
        uint32_t mocs = 3u << 1; /* MOCS index 3, as a value: index << 1 */
        wr(&self, reg, 0x3FFFu << 16 | mocs << 7 | mocs);
        EXPECT_EQ(rd(&self, reg), mocs << 7 | mocs);
        wr(&self, reg, 0x3FFFu); /* no enable bits: nothing changes */
        EXPECT_EQ(rd(&self, reg), mocs << 7 | mocs);
        wr(&self, reg, CS_CMD_CCTL_WRITE_OVERRIDE_MASK << 16); /* clear the write override only */
        EXPECT_EQ(rd(&self, reg), mocs);
    }
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
}

TEST(GtPpgtt, Gen6EnableRegistersKeepTheDriversBits)
{
    /* i915 gen6_ppgtt.c gen6_ppgtt_enable: read-modify-write GAC_ECO_BITS |= ECOBITS_SNB_BIT (13) |
     * ECOBITS_PPGTT_CACHE64B (3 << 8), GAB_CTL |= GAB_CTL_CONT_AFTER_PAGEFAULT (8), GAM_ECOCHK |=
     * ECOCHK_SNB_BIT (10) | ECOCHK_PPGTT_CACHE64B (3 << 3); then GFX_MODE PPGTT enable (masked). */
    GtRegs self = { 0 };
    build(&self, "gen6");
    static const struct { uint32_t offset, bits; } rmw[] = {
        { GT_GAC_ECO_BITS_OFFSET, 1u << 13 | 3u << 8 },
        { GT_GAB_CTL_OFFSET, 1u << 8 },
        { GT_GAM_ECOCHK_OFFSET, 1u << 10 | 3u << 3 },
    };
    for (size_t i = 0; i < 3; i++) {
        uint32_t value = rd(&self, rmw[i].offset);
        wr(&self, rmw[i].offset, value | rmw[i].bits);
        EXPECT_EQ(rd(&self, rmw[i].offset), value | rmw[i].bits);
    }
    uint64_t rcs = base(&self, CS_ENGINE_RCS);
    wr(&self, rcs + CS_GFX_MODE_OFFSET, MASKED_ENABLE(CS_GFX_MODE_PPGTT_ENABLE_MASK));
    EXPECT_EQ(rd(&self, rcs + CS_GFX_MODE_OFFSET) & CS_GFX_MODE_PPGTT_ENABLE_MASK, CS_GFX_MODE_PPGTT_ENABLE_MASK);
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
    /* gen12 has none of the three. */
    build(&self, "gen12");
    for (size_t i = 0; i < 3; i++)
        rd(&self, rmw[i].offset);
    EXPECT_EQ(unimplemented(&self), 3u);
    teardown(&self);
}

static void check_fences(const char *profile, unsigned count)
{
    /* i915 intel_ggtt_init_fences: 16 fences on gen6, 32 on gen7+; i965_write_fence_reg writes
     * FENCE_REG_GEN6_HI(i) then _LO(i) (0x100000 + 8i), gt_record_fences reads them back. */
    GtRegs self = { 0 };
    build(&self, profile);
    for (unsigned i = 0; i < count; i++) {
        wr(&self, GT_FENCE_LO_0_OFFSET + 8 * i, 0x00100001u + (i << 12));
        wr(&self, GT_FENCE_LO_0_OFFSET + 8 * i + 4, 0x00200000u + i);
    }
    for (unsigned i = 0; i < count; i++) {
        EXPECT_EQ(rd(&self, GT_FENCE_LO_0_OFFSET + 8 * i), 0x00100001u + (i << 12));
        EXPECT_EQ(rd(&self, GT_FENCE_LO_0_OFFSET + 8 * i + 4), 0x00200000u + i);
    }
    EXPECT_EQ(unimplemented(&self), 0u);
    rd(&self, GT_FENCE_LO_0_OFFSET + 8 * count); /* one past the last */
    EXPECT_EQ(unimplemented(&self), 1u);
    teardown(&self);
}

TEST(GtFences, Gen12HasThirtyTwoFences)
{
    check_fences("gen12", 32);
}

TEST(GtFences, Gen6HasSixteenFences)
{
    check_fences("gen6", 16);
}

/* ---- host to GuC messages --------------------------------------------------------------------- */

TEST(GtGuc, Gen12HostToGucMessageRegisters)
{
    /* i915 intel_guc.c intel_guc_send_mmio (gen11+): the request goes into GEN11_SOFT_SCRATCH(0..3)
     * (0x190240), then gen11_guc_raise_irq writes GEN11_GUC_HOST_INTERRUPT (0x1901F0), which
     * interrupts the GuC like HOST2GUC_INTR (spec 001: the data lands in 0xC590). The pre-gen11
     * SOFT_SCRATCH(0..15) at 0xC180 are storage too. */
    GtRegs self = { 0 };
    build(&self, "gen12");
    for (unsigned n = 0; n < 4; n++)
        wr(&self, GT_GEN11_SOFT_SCRATCH_0_OFFSET + 4 * n, 0x50000000u + n);
    for (unsigned n = 0; n < 4; n++)
        EXPECT_EQ(rd(&self, GT_GEN11_SOFT_SCRATCH_0_OFFSET + 4 * n), 0x50000000u + n);
    wr(&self, GT_GEN11_GUC_HOST_INTERRUPT_OFFSET, 0x1234);
    EXPECT_EQ(rd(&self, GT_GEN11_GUC_HOST_INTERRUPT_OFFSET), 0u);       /* a trigger */
    EXPECT_EQ(rd(&self, GUC_MMIO_BASE + GUC_HOST2GUC_DATA_OFFSET), 0x1234u);    /* HOST2GUC_DATA */
    /* i915 engine_record_registers reads GEN12_RING_FAULT_REG (0xCEC4): no fault recorded. */
    EXPECT_EQ(rd(&self, GUC_MMIO_BASE + GUC_RING_FAULT_REG_OFFSET), 0u);
    /* i915 guc_load_done / xe guc_wait_ucode: GUC_STATUS uKernel field READY (0xF0 << 8). */
    EXPECT_EQ(rd(&self, GUC_MMIO_BASE + GUC_GUC_STATUS_OFFSET) & 0xFF01u, 0xF000u);
    wr(&self, GUC_MMIO_BASE + GUC_SOFT_SCRATCH_15_OFFSET, 0xabcd);
    EXPECT_EQ(rd(&self, GUC_MMIO_BASE + GUC_SOFT_SCRATCH_15_OFFSET), 0xabcdu);
    EXPECT_EQ(unimplemented(&self), 0u);
    teardown(&self);
    build(&self, "gen6");
    EXPECT_EQ(rd(&self, GT_GEN11_SOFT_SCRATCH_0_OFFSET), 0u);
    EXPECT_EQ(unimplemented(&self), 1u); /* no GuC on gen6 */
    teardown(&self);
}

/* ---- gen6 per-engine interrupt layouts -------------------------------------------------------- */

static uint32_t mem_rd(GtRegs *self, uint64_t address)
{
    uint32_t data = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &data, 4);
    payload.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(self->memory), &payload, &delay);
    return data;
}

TEST(GtEngineIrq, Gen6VideoAndBlitterEventsUseTheirOwnBitsEverywhere)
{
    /* spec 002 "Bit Definition for Interrupt Control Registers" (video: user interrupt 12, sync
     * status 14, master error 15, MI_FLUSH_DW notify 16, timeout 18, page fault 19, context switch
     * 20; blitter: user interrupt 22, sync status 24, master error 25, MI_FLUSH_DW notify 26, page
     * fault 29): IMR, HWSTAM, the ISR the status page receives and GTIIR all use the engine's own
     * positions (i915 gen6_irq_enable / gen5_gt_irq_postinstall: GT_BSD_USER_INTERRUPT 12,
     * GT_BLT_USER_INTERRUPT 22, GT_BSD_CS_ERROR_INTERRUPT 15, GT_BLT_CS_ERROR_INTERRUPT 25,
     * GT_BLT_FLUSHDW_NOTIFY_INTERRUPT 26). An IMR unmasking the render layout's bit masks the event. */
    static const uint32_t user[] = { 0x01000000u, 0 };               /* MI_USER_INTERRUPT */
    static const uint32_t notify[] = { 0x13000101u, 0, 0, 0 };       /* MI_FLUSH_DW, notify (8) */
    static const uint32_t error[] = { 0x3F000000u, 0 };              /* no command: parser error */
    static const struct {
        cs_engine engine;     /* which engine */
        const uint32_t *ring; /* its commands */
        uint32_t count;       /* dwords */
        uint32_t own;         /* the event's bit in the engine's layout (= GTIIR's) */
        uint32_t render;      /* the same event's bit in the render layout */
    } cases[] = {
        { CS_ENGINE_VCS, user, 2, IRQ_GEN6_GTIIR_VIDEO_USER_INTERRUPT_MASK, 1u << 0 },
        { CS_ENGINE_VCS, notify, 4, IRQ_GEN6_GTIIR_VIDEO_FLUSH_DW_NOTIFY_MASK, 1u << 4 },
        { CS_ENGINE_VCS, error, 2, IRQ_GEN6_GTIIR_VIDEO_MASTER_ERROR_MASK, 1u << 3 },
        { CS_ENGINE_BCS, user, 2, IRQ_GEN6_GTIIR_BLITTER_USER_INTERRUPT_MASK, 1u << 0 },
        { CS_ENGINE_BCS, notify, 4, IRQ_GEN6_GTIIR_BLITTER_FLUSH_DW_NOTIFY_MASK, 1u << 4 },
        { CS_ENGINE_BCS, error, 2, IRQ_GEN6_GTIIR_BLITTER_MASTER_ERROR_MASK, 1u << 3 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int own_layout = 0; own_layout < 2; own_layout++) {
            GtRegs self = { 0 };
            build(&self, "gen6");
            uint64_t b = base(&self, cases[i].engine);
            uint32_t unmasked = own_layout ? cases[i].own : cases[i].render;
            wr(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
            wr(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
            wr(&self, b + CS_GEN6_HWS_PGA_OFFSET, 0x300000);
            wr(&self, b + CS_EMR_OFFSET, 0);
            wr(&self, b + CS_IMR_OFFSET, ~unmasked);
            wr(&self, b + CS_HWSTAM_OFFSET, ~unmasked);
            start_ring(&self, cases[i].engine, cases[i].ring, cases[i].count);
            tlm_kernel_run_for(self.kernel, 10000 * TLM_NS);
            EXPECT_EQ(rd(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), own_layout ? cases[i].own : 0u);
            if (cases[i].ring == error) /* a level event: the status page's ISR copy keeps it */
                EXPECT_EQ(mem_rd(&self, 0x300000), own_layout ? cases[i].own : 0u);
            teardown(&self);
        }
    }
}

/* ---- reserved interrupt mask bits ------------------------------------------------------------ */

TEST(GtEngineIrq, Gen6ReservedImrAndHwstamBitsAreReadOnlyOnes)
{
    /* spec 000 §1.1.7.1-2: HWSTAM and IMR reset to FFFF FFFFh, "Reserved bits are RO"; the
     * defined bits are each engine's (render 8:6, 4:2, 0; video 20:18, 16:14, 12; blitter 29,
     * 26:24, 22 — spec 002). gen12's registers take every bit. */
    GtRegs self = { 0 };
    build(&self, "gen6");
    static const struct { cs_engine engine; uint32_t defined; } engines[] = {
        { CS_ENGINE_RCS, 0x000001DDu }, { CS_ENGINE_VCS, 0x001DD000u }, { CS_ENGINE_BCS, 0x27400000u },
    };
    for (size_t i = 0; i < 3; i++) {
        uint64_t b = base(&self, engines[i].engine);
        EXPECT_EQ(rd(&self, b + CS_IMR_OFFSET), 0xFFFFFFFFu);
        wr(&self, b + CS_IMR_OFFSET, 0);
        wr(&self, b + CS_HWSTAM_OFFSET, 0);
        EXPECT_EQ(rd(&self, b + CS_IMR_OFFSET), ~engines[i].defined);
        EXPECT_EQ(rd(&self, b + CS_HWSTAM_OFFSET), ~engines[i].defined);
    }
    teardown(&self);
    build(&self, "gen12");
    wr(&self, base(&self, CS_ENGINE_BCS) + CS_IMR_OFFSET, 0);
    EXPECT_EQ(rd(&self, base(&self, CS_ENGINE_BCS) + CS_IMR_OFFSET), 0u);
    teardown(&self);
}
