/* The interrupt aggregators in the simulated system (testbench/platform/gtsim_system.h), driven as a
 * host driver drives them: through the MMIO map at their public bases, with engine events
 * raised by gtsim_system_irq_raise and the host line observed. Both profiles: gen12 (the gen11+
 * tree) and gen6 (the GT interrupt registers).
 *
 * Every gen12 body runs in three modes (IRQ_SYSTEM_TEST_ALL_MODES): the C model, the RTL twin
 * (rtl/irq behind its transactor) and both in lockstep, the whole system in that mode (irq and
 * round-trip blocks); TearDown fails a lockstep run on any divergence and an RTL run on any
 * RTL assertion failure. gen6 has no RTL twin: its bodies run on the model only. */
#include <stdint.h>
#include <string.h>

#include "irq_gen11.h"
#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "irq_test_util.h"
#include "roundtrip_regs.h"
#include "gtsim_system.h"
#include "tb_test.h"
#include "tb_test_modes.h"

typedef struct IrqSystem {
    gtsim_system *system;  /* the system under test (created by each test for its profile) */
    gtsim_block_mode mode; /* how the blocks with RTL twins are simulated (gen12 bodies) */
} IrqSystem;

static void set_up(IrqSystem *self, gtsim_block_mode mode)
{
    self->system = NULL;
    self->mode = mode;
}

static void tear_down(IrqSystem *self)
{
    if (!self->system)
        return;
    EXPECT_EQ(gtsim_system_mismatches(self->system), 0u);
    EXPECT_EQ(gtsim_system_rtl_assertion_failures(self->system), 0u);
    gtsim_system_destroy(self->system);
}

static void IrqSystem_SetUp(IrqSystem *self) { set_up(self, GTSIM_MODE_MODEL); }
static void IrqSystem_TearDown(IrqSystem *self) { tear_down(self); }
/* One fixture per mode; each gen12 body runs under all three. */
TB_TEST_MODES_FIXTURES(IrqSystem, set_up, tear_down, GTSIM_MODE_MODEL, GTSIM_MODE_RTL, GTSIM_MODE_LOCKSTEP)

/* The system in `mode` for both blocks with an RTL twin (gen6: the model only). */
static void build(IrqSystem *self, const char *profile, gtsim_block_mode mode)
{
    char error[256] = "";
    gtsim_system_config config = { .profile = profile, .roundtrip_mode = mode, .irq_mode = mode };
    self->system = gtsim_system_create(&config, error, sizeof error);
    if (!self->system)
        ADD_FAILURE("gtsim_system_create: %s", error);
    ASSERT_TRUE(self->system != NULL);
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR);
}

static uint32_t rd(IrqSystem *self, uint64_t address)
{
    return irq_read(gtsim_system_mmio(self->system), address);
}

static void wr(IrqSystem *self, uint64_t address, uint32_t value)
{
    irq_write(gtsim_system_mmio(self->system), address, value);
}

static void raise(IrqSystem *self, unsigned engine_class, unsigned instance, unsigned data)
{
    char error[256] = "";
    ASSERT_TRUE(gtsim_system_irq_raise(self->system, engine_class, instance, data, error, sizeof error));
}

static uint64_t line(IrqSystem *self)
{
    return tlm_signal_get(gtsim_system_host_irq(self->system));
}

static uint64_t irq_log_count(IrqSystem *self, tlm_log_level level)
{
    return tlm_logger_block(tlm_kernel_logger(gtsim_system_kernel(self->system)), "irq")->counts[level];
}

/* ---- gen12: the gen11+ tree at 0x190000 ------------------------------------------------------ */

#define G11(R) (IRQ_GEN11_MMIO_BASE + IRQ_GEN11_##R##_OFFSET)
#define MASTER_ENABLE 0x80000000u
#define DATA_VALID 0x80000000u

/* i915/xe's interrupt set-up: every class enabled, every instance unmasked (docs/facts.md). */
static void gen12_open_everything(IrqSystem *self)
{
    static const uint64_t enables[] = { G11(RENDER_COPY_INTR_ENABLE), G11(VCS_VECS_INTR_ENABLE),
                                        G11(GUC_SG_INTR_ENABLE),      G11(GPM_WGBOXPERF_INTR_ENABLE),
                                        G11(CRYPTO_RSVD_INTR_ENABLE), G11(GUNIT_CSME_INTR_ENABLE),
                                        G11(CCS_RSVD_INTR_ENABLE) };
    static const uint64_t masks[] = { G11(RCS0_RSVD_INTR_MASK),   G11(BCS_RSVD_INTR_MASK),
                                      G11(VCS0_VCS1_INTR_MASK),   G11(VCS2_VCS3_INTR_MASK),
                                      G11(VCS4_VCS5_INTR_MASK),   G11(VCS6_VCS7_INTR_MASK),
                                      G11(VECS0_VECS1_INTR_MASK), G11(VECS2_VECS3_INTR_MASK),
                                      G11(GUC_SG_INTR_MASK),      G11(GPM_WGBOXPERF_INTR_MASK),
                                      G11(CRYPTO_RSVD_INTR_MASK), G11(GUNIT_CSME_INTR_MASK),
                                      G11(CCS0_CCS1_INTR_MASK),   G11(CCS2_CCS3_INTR_MASK) };
    for (size_t i = 0; i < sizeof enables / sizeof enables[0]; i++)
        wr(self, enables[i], 0xFFFFFFFFu);
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++)
        wr(self, masks[i], 0);
}

/* What the handler saw: identities by dword and bit. */
typedef struct serviced_set {
    uint32_t identity[2][32]; /* 0: not serviced */
    unsigned rounds;          /* handler invocations that found work */
} serviced_set;

typedef void (*during_fn)(IrqSystem *self);

/* The host service loop of spec 001 "Host SW Interface" / "Shared IIR, Selector", as Linux
 * xe's xelp_irq_handler does it: clear the enable, read the primary register, per dword read
 * the IIR, per bit select, poll the shared IIR's data-valid bit (bounded), clear it, then clear
 * the IIR bits read, and set the enable. `during` runs right after the IIR reads. */
static void gen12_handler(IrqSystem *self, serviced_set *seen, during_fn during)
{
    wr(self, G11(GFX_MSTR_IRQ), 0);
    uint32_t master = rd(self, G11(GFX_MSTR_IRQ));
    if (master & 0x3u)
        seen->rounds++;
    uint32_t dw[2] = { 0, 0 };
    for (unsigned bank = 0; bank < 2; bank++)
        if (master & 1u << bank)
            dw[bank] = rd(self, bank ? G11(GT_INTR_DW1) : G11(GT_INTR_DW0));
    if (during)
        during(self);
    for (unsigned bank = 0; bank < 2; bank++) {
        for (unsigned bit = 0; bit < 32; bit++) {
            if (!(dw[bank] & 1u << bit))
                continue;
            wr(self, bank ? G11(IIR_REG_SELECTOR1) : G11(IIR_REG_SELECTOR0), 1u << bit);
            uint32_t identity = 0;
            for (int poll = 0; poll < 100 && !(identity & DATA_VALID); poll++)
                identity = rd(self, bank ? G11(INTR_IDENTITY_REG1) : G11(INTR_IDENTITY_REG0));
            EXPECT_TRUE(identity & DATA_VALID);
            wr(self, bank ? G11(INTR_IDENTITY_REG1) : G11(INTR_IDENTITY_REG0), identity);
            seen->identity[bank][bit] = identity;
        }
        if (dw[bank])
            wr(self, bank ? G11(GT_INTR_DW1) : G11(GT_INTR_DW0), dw[bank]);
    }
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
}

/* Every engine of the gen12 table (spec 001 classes and instances). */
typedef struct engine_id {
    unsigned engine_class; /* ClassID */
    unsigned instance;     /* InstanceID */
} engine_id;

static const engine_id gen12_engines[] = {
    { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 6 }, { 1, 7 },
    { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 }, { 3, 0 }, { 4, 0 }, { 4, 1 }, { 4, 2 }, { 4, 3 },
    { 4, 4 }, { 4, 5 }, { 4, 6 }, { 5, 0 }, { 5, 1 }, { 5, 2 }, { 5, 3 },
};
#define GEN12_ENGINES (sizeof gen12_engines / sizeof gen12_engines[0])

static void body_Gen12AggregatorIsOnTheMmioMapAtItsPublicBase(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    EXPECT_EQ(rd(self, 0x190000u + 0x10u), 0u); /* GFX_MSTR_IRQ, public offset 0x190010 */
    wr(self, 0x190000u + 0x90u, 0); /* RCS0_RSVD_INTR_MASK, public offset 0x190090 */
    EXPECT_EQ(rd(self, G11(RCS0_RSVD_INTR_MASK)), 0u);
    /* Past the block: an unimplemented offset of the BAR (reads 0). */
    uint32_t value = 0xdeadbeef;
    EXPECT_EQ(irq_access(gtsim_system_mmio(self->system), TLM_CMD_READ, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_BLOCK_SIZE,
                         &value),
              TLM_STATUS_OK);
    EXPECT_EQ(value, 0u);
    EXPECT_EQ(rd(self, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_ID_OFFSET), 0x47540001u); /* the round-trip block */
}

static void body_IrqRaiseChecksTheProfilesEngineTable(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    char error[256];
    for (size_t i = 0; i < GEN12_ENGINES; i++)
        EXPECT_TRUE(gtsim_system_irq_raise(self->system, gen12_engines[i].engine_class, gen12_engines[i].instance, 0,
                                        error, sizeof error));
    static const engine_id unknown[] = {
        { 0, 1 }, { 1, 8 }, { 2, 4 }, { 3, 1 }, { 4, 7 }, { 5, 4 }, { 6, 0 }, { 7, 63 },
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        error[0] = 0;
        EXPECT_FALSE(gtsim_system_irq_raise(self->system, unknown[i].engine_class, unknown[i].instance, 1, error,
                                         sizeof error));
        EXPECT_TRUE(irq_contains(error, "no engine with class"));
    }
    EXPECT_FALSE(gtsim_system_irq_raise(self->system, 0, 0, 0x10000, error, sizeof error));
    EXPECT_TRUE(irq_contains(error, "does not fit 16 bits"));
    EXPECT_EQ(irq_log_count(self, TLM_LOG_ERROR), 0u); /* refused before the model saw anything */
}

static void body_Gen12HostServiceLoopOverEveryEngineClass(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    gen12_open_everything(self);
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
    EXPECT_EQ(line(self), 0u);
    for (size_t i = 0; i < GEN12_ENGINES; i++)
        raise(self, gen12_engines[i].engine_class, gen12_engines[i].instance, 0x0100 + (unsigned)i);
    EXPECT_EQ(line(self), 1u);
    serviced_set seen = { 0 };
    gen12_handler(self, &seen, NULL);
    EXPECT_EQ(line(self), 0u);
    EXPECT_EQ(seen.rounds, 1u);
    unsigned found = 0;
    for (size_t i = 0; i < GEN12_ENGINES; i++) {
        unsigned dw, bit;
        ASSERT_TRUE(irq_gen11_engine_bit(gen12_engines[i].engine_class, gen12_engines[i].instance, &dw, &bit));
        uint32_t expected = DATA_VALID | gen12_engines[i].instance << 20 | gen12_engines[i].engine_class << 16 |
                            (0x0100 + (unsigned)i);
        EXPECT_EQ(seen.identity[dw][bit], expected);
        found += seen.identity[dw][bit] != 0;
    }
    EXPECT_EQ(found, GEN12_ENGINES);
    EXPECT_EQ(rd(self, G11(GFX_MSTR_IRQ)), MASTER_ENABLE);
    EXPECT_EQ(irq_log_count(self, TLM_LOG_WARNING), 0u);
}

static void raise_during_service(IrqSystem *self)
{
    raise(self, 0, 0, 0x0002); /* the engine being serviced, after its IIR read */
    raise(self, 1, 1, 0x0004); /* another dword */
}

static void body_Gen12EventsDuringServiceInterruptAgainAfterEnable(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    gen12_open_everything(self);
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
    raise(self, 0, 0, 0x0001);
    serviced_set seen = { 0 };
    gen12_handler(self, &seen, raise_during_service);
    EXPECT_EQ(seen.identity[0][0], DATA_VALID | 0x0003u); /* raised before the selection: serviced with it */
    EXPECT_EQ(line(self), 1u);                            /* vcs1 is waiting */
    serviced_set again = { 0 };
    gen12_handler(self, &again, NULL);
    EXPECT_EQ(again.identity[1][1], DATA_VALID | 1u << 20 | 1u << 16 | 0x0004u);
    EXPECT_EQ(again.identity[0][0], 0u);
    EXPECT_EQ(line(self), 0u);
    EXPECT_EQ(irq_log_count(self, TLM_LOG_WARNING), 0u);
}

static void body_Gen12EventWhileMaskedThenUnmasked(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    gen12_open_everything(self);
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
    wr(self, G11(VECS0_VECS1_INTR_MASK), 0xFFFF0000u);
    raise(self, 2, 0, 0x0010);
    EXPECT_EQ(line(self), 0u);
    wr(self, G11(VECS0_VECS1_INTR_MASK), 0);
    EXPECT_EQ(line(self), 1u);
    serviced_set seen = { 0 };
    gen12_handler(self, &seen, NULL);
    EXPECT_EQ(seen.identity[1][31], DATA_VALID | 2u << 16 | 0x0010u);
    EXPECT_EQ(line(self), 0u);
}

static void body_HostLineIsTheOrOfTheAggregatorAndTheRoundTripBlock(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    gen12_open_everything(self);
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
    wr(self, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_INT_ENABLE_OFFSET, ROUNDTRIP_INT_ENABLE_DONE_MASK);
    wr(self, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_STATUS_SET_OFFSET, ROUNDTRIP_STATUS_DONE_MASK);
    EXPECT_EQ(line(self), 1u);
    raise(self, 3, 0, 1);
    EXPECT_EQ(line(self), 1u);
    wr(self, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_STATUS_OFFSET, ROUNDTRIP_STATUS_DONE_MASK);
    EXPECT_EQ(line(self), 1u); /* the aggregator still holds it */
    serviced_set seen = { 0 };
    gen12_handler(self, &seen, NULL);
    EXPECT_EQ(line(self), 0u);
    wr(self, GTSIM_SYSTEM_ROUNDTRIP_BASE + ROUNDTRIP_STATUS_SET_OFFSET, ROUNDTRIP_STATUS_DONE_MASK);
    EXPECT_EQ(line(self), 1u);
}

static void body_Gen12ComputeEngineRaisesAndClearsTheLine(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    gen12_open_everything(self);
    wr(self, G11(GFX_MSTR_IRQ), MASTER_ENABLE);
    raise(self, 5, 0, 1);
    EXPECT_EQ(line(self), 1u);
    serviced_set seen = { 0 };
    gen12_handler(self, &seen, NULL);
    EXPECT_EQ(seen.identity[0][4], DATA_VALID | 5u << 16 | 1u); /* ccs0: GT_INTR_DW0 bit 4 */
    EXPECT_EQ(line(self), 0u);
}

/* The GuC interface (spec 001 "Hardware Scheduler/MinIA SW Interface") through its block: its
 * own enables route an event to its tree, its vector follows its GT_INTR_DW, and it services
 * through its own selector, independently of the host interface. */
#define GUC(R) IRQ_GUC_##R##_OFFSET

static void body_Gen12GucInterfaceVectorsAndService(IrqSystem *self)
{
    build(self, "gen12", self->mode);
    const tlm_target *guc = gtsim_system_irq_guc_mmio(self->system);
    ASSERT_TRUE(guc != NULL);
    const tlm_signal *vector0 = gtsim_system_irq_guc_vector(self->system, 0);
    const tlm_signal *vector1 = gtsim_system_irq_guc_vector(self->system, 1);
    irq_write(guc, GUC(RENDER_COPY_INTR_ENABLE), 0xFFFF0000u); /* render at the GuC only */
    irq_write(guc, GUC(RCS0_RSVD_INTR_MASK), 0);
    irq_write(guc, GUC(VCS_VECS_INTR_ENABLE), 0x0000FFFFu); /* vecs at the GuC */
    irq_write(guc, GUC(VECS2_VECS3_INTR_MASK), 0x0000FFFFu); /* vecs2 unmasked, vecs3 masked */
    raise(self, 0, 0, 0x0011);
    EXPECT_EQ(tlm_signal_get(vector0), 1u);
    EXPECT_EQ(tlm_signal_get(vector1), 0u);
    EXPECT_EQ(line(self), 0u); /* the host interface enabled nothing */
    EXPECT_EQ(rd(self, G11(GT_INTR_DW0)), 0u);
    raise(self, 2, 3, 0x0001); /* masked at the GuC */
    EXPECT_EQ(tlm_signal_get(vector1), 0u);
    raise(self, 2, 2, 0x0004);
    EXPECT_EQ(tlm_signal_get(vector1), 1u);
    EXPECT_EQ(irq_read(guc, GUC(GT_INTR_DW1)), 1u << 29); /* vecs2: bit 31 - 2 */
    irq_write(guc, GUC(IIR_REG_SELECTOR1), 1u << 29);
    EXPECT_EQ(irq_read(guc, GUC(INTR_IDENTITY_REG1)), DATA_VALID | 2u << 20 | 2u << 16 | 0x0004u);
    irq_write(guc, GUC(INTR_IDENTITY_REG1), DATA_VALID);
    EXPECT_EQ(irq_read(guc, GUC(IIR_REG_SELECTOR1)), 0u);
    irq_write(guc, GUC(GT_INTR_DW1), 1u << 29);
    EXPECT_EQ(tlm_signal_get(vector1), 0u);
    EXPECT_EQ(tlm_signal_get(vector0), 1u); /* dword 0 is serviced independently */
    irq_write(guc, GUC(VECS2_VECS3_INTR_MASK), 0); /* vecs3's held event comes out */
    EXPECT_EQ(tlm_signal_get(vector1), 1u);
    EXPECT_EQ(irq_read(guc, GUC(GT_INTR_DW1)), 1u << 28);
}

TB_TEST_ALL_MODES(IrqSystem, Gen12AggregatorIsOnTheMmioMapAtItsPublicBase, body_Gen12AggregatorIsOnTheMmioMapAtItsPublicBase)
TB_TEST_ALL_MODES(IrqSystem, IrqRaiseChecksTheProfilesEngineTable, body_IrqRaiseChecksTheProfilesEngineTable)
TB_TEST_ALL_MODES(IrqSystem, Gen12HostServiceLoopOverEveryEngineClass, body_Gen12HostServiceLoopOverEveryEngineClass)
TB_TEST_ALL_MODES(IrqSystem, Gen12EventsDuringServiceInterruptAgainAfterEnable, body_Gen12EventsDuringServiceInterruptAgainAfterEnable)
TB_TEST_ALL_MODES(IrqSystem, Gen12EventWhileMaskedThenUnmasked, body_Gen12EventWhileMaskedThenUnmasked)
TB_TEST_ALL_MODES(IrqSystem, HostLineIsTheOrOfTheAggregatorAndTheRoundTripBlock, body_HostLineIsTheOrOfTheAggregatorAndTheRoundTripBlock)
TB_TEST_ALL_MODES(IrqSystem, Gen12ComputeEngineRaisesAndClearsTheLine, body_Gen12ComputeEngineRaisesAndClearsTheLine)
TB_TEST_ALL_MODES(IrqSystem, Gen12GucInterfaceVectorsAndService, body_Gen12GucInterfaceVectorsAndService)

TEST_F(IrqSystem, Gen6HasNoRtlTwinOfItsAggregator)
{
    char error[256] = "";
    gtsim_system_config config = { .profile = "gen6", .irq_mode = GTSIM_MODE_RTL };
    EXPECT_TRUE(gtsim_system_create(&config, error, sizeof error) == NULL);
    EXPECT_TRUE(irq_contains(error, "profile gen6 has no RTL twin"));
    config.irq_mode = GTSIM_MODE_LOCKSTEP;
    EXPECT_TRUE(gtsim_system_create(&config, error, sizeof error) == NULL);
}

/* ---- gen6: the GT interrupt registers at 0x44010 --------------------------------------------- */

#define G6(R) (IRQ_GEN6_MMIO_BASE + IRQ_GEN6_##R##_OFFSET)

/* Linux i915's gen6 pattern: read GTIIR, write back what was read, handle it. */
static uint32_t gen6_handler(IrqSystem *self)
{
    uint32_t iir = rd(self, G6(GTIIR));
    if (iir)
        wr(self, G6(GTIIR), iir);
    return iir;
}

TEST_F(IrqSystem, Gen6BlockIsOnTheMmioMapAtItsPublicBase)
{
    build(self, "gen6", GTSIM_MODE_MODEL);
    EXPECT_EQ(rd(self, 0x44014u), 0xFFFFFFFFu); /* GTIMR */
    wr(self, 0x4401Cu, 0x1u);                   /* GTIER */
    EXPECT_EQ(rd(self, G6(GTIER)), 0x1u);
    /* gen12's tree is not there: an unimplemented offset of the BAR (reads 0). */
    uint32_t value = 0xdeadbeef;
    EXPECT_EQ(irq_access(gtsim_system_mmio(self->system), TLM_CMD_READ, IRQ_GEN11_MMIO_BASE, &value), TLM_STATUS_OK);
    EXPECT_EQ(value, 0u);
    char error[256] = "";
    EXPECT_FALSE(gtsim_system_irq_raise(self->system, 2, 0, 1, error, sizeof error));
    EXPECT_TRUE(irq_contains(error, "in profile gen6"));
}

TEST_F(IrqSystem, Gen6HostServiceLoopOverEveryEngine)
{
    build(self, "gen6", GTSIM_MODE_MODEL);
    uint32_t wanted = IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_MASK | IRQ_GEN6_GTIIR_VIDEO_USER_INTERRUPT_MASK |
                      IRQ_GEN6_GTIIR_BLITTER_USER_INTERRUPT_MASK | IRQ_GEN6_GTIIR_BLITTER_MASTER_ERROR_MASK;
    wr(self, G6(GTIER), wanted);
    wr(self, G6(GTIMR), ~wanted);
    raise(self, 0, 0, 0x0001);
    EXPECT_EQ(line(self), 1u);
    raise(self, 1, 0, 0x0001);
    raise(self, 3, 0, 0x0009);
    EXPECT_EQ(gen6_handler(self), 0x02401001u);
    EXPECT_EQ(line(self), 0u);
    EXPECT_EQ(gen6_handler(self), 0u);
}

TEST_F(IrqSystem, Gen6EventWhileMaskedIsLostAndBackToBackEventsQueue)
{
    build(self, "gen6", GTSIM_MODE_MODEL);
    wr(self, G6(GTIER), 0xFFFFFFFFu);
    raise(self, 1, 0, 0x0001); /* masked: not reported */
    wr(self, G6(GTIMR), 0);
    EXPECT_EQ(line(self), 0u);
    raise(self, 1, 0, 0x0001);
    raise(self, 1, 0, 0x0001);
    EXPECT_EQ(gen6_handler(self), 1u << 12);
    EXPECT_EQ(line(self), 1u); /* the queued second event */
    EXPECT_EQ(gen6_handler(self), 1u << 12);
    EXPECT_EQ(line(self), 0u);
}
