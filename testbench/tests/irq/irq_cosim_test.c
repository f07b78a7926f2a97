/* Co-simulation mechanics of the gen11+ aggregation's RTL twin (docs/design/cosim.md): the twin's two
 * MMIO windows refuse what the model refuses with the model's status; a message steps the RTL
 * at once and the outputs follow before delivery returns, and every clock edge is stepped
 * exactly once; the lockstep compare reports a model that diverges (read data, an output
 * level after a message) with the stimulus and the time. */
#include <stdint.h>
#include <string.h>

#include "irq_gen11.h"
#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_test_util.h"
#include "cosim_irq_lockstep.h"
#include "cosim_irq_twin.h"
#include "tb_test.h"

#define PERIOD (1 * TLM_NS)

typedef struct IrqCosim {
    tlm_kernel *kernel;         /* time base */
    tlm_clock clock;            /* RTL clock, 1 GHz */
    irq_gen11 *model;           /* C model */
    cosim_irq_twin *twin;          /* RTL twin */
    cosim_irq_lockstep *lockstep;  /* compares the two */
} IrqCosim;

static void IrqCosim_SetUp(IrqCosim *self)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    tlm_clock_init(&self->clock, self->kernel, "clk", PERIOD, PERIOD);
    self->model = irq_gen11_create(self->kernel, "irq");
    self->twin = cosim_irq_twin_create(self->kernel, &self->clock, "irq_rtl");
    self->lockstep = cosim_irq_lockstep_create(self->kernel, "irq_lockstep", self->model, self->twin);
}

static void IrqCosim_TearDown(IrqCosim *self)
{
    EXPECT_EQ(cosim_irq_twin_assertion_failures(self->twin), 0u);
    cosim_irq_lockstep_destroy(self->lockstep);
    cosim_irq_twin_destroy(self->twin);
    irq_gen11_destroy(self->model);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
}

static tlm_status access(const tlm_target *target, tlm_cmd command, uint64_t address, uint32_t length)
{
    uint8_t data[8] = { 0 };
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return payload.response;
}

static void send(IrqCosim *self, irq_message_sink sink, uint8_t engine_class, uint8_t instance, uint16_t data)
{
    (void)self;
    irq_message message = { .engine_class = engine_class, .instance = instance, .data = data };
    irq_message_send(&sink, &message);
}

TEST_F(IrqCosim, TheTwinsWindowsRefuseWhatTheModelRefuses)
{
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++) {
        const tlm_target *model = irq_gen11_target(self->model, i);
        const tlm_target *twin = cosim_irq_twin_target(self->twin, i);
        static const struct {
            uint64_t address;
            uint32_t length;
        } cases[] = {
            { IRQ_GEN11_BLOCK_SIZE, 4 },     /* beyond the block (the port would reach the GuC window) */
            { 0x200, 4 },                    /* the GuC window's base, as an offset of either block */
            { IRQ_GEN11_GT_INTR_DW0_OFFSET + 2, 4 }, /* misaligned */
            { IRQ_GEN11_GT_INTR_DW0_OFFSET, 2 },     /* not 4 bytes */
            { 0x000, 4 },                    /* in the block, no register */
            { IRQ_GEN11_GT_INTR_DW1_OFFSET, 4 },     /* a register */
        };
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            EXPECT_EQ(access(twin, TLM_CMD_READ, cases[c].address, cases[c].length),
                      access(model, TLM_CMD_READ, cases[c].address, cases[c].length));
            EXPECT_EQ(access(twin, TLM_CMD_WRITE, cases[c].address, cases[c].length),
                      access(model, TLM_CMD_WRITE, cases[c].address, cases[c].length));
        }
        /* GFX_MSTR_IRQ exists in the host block only. */
        EXPECT_EQ(access(twin, TLM_CMD_READ, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 4),
                  i == IRQ_GEN11_HOST ? TLM_STATUS_OK : TLM_STATUS_ADDRESS_ERROR);
    }
}

TEST_F(IrqCosim, AMessageStepsTheRtlAtOnceAndEveryEdgeOnce)
{
    const tlm_target *host = cosim_irq_twin_target(self->twin, IRQ_GEN11_HOST);
    irq_write(host, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFF0000u);
    irq_write(host, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    irq_write(host, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
    tlm_kernel_run_for(self->kernel, 10 * PERIOD);
    uint64_t before = cosim_irq_twin_cycles(self->twin);
    EXPECT_EQ(before, tlm_clock_cycles(&self->clock)); /* caught up */
    EXPECT_EQ(tlm_signal_get(cosim_irq_twin_host_irq(self->twin)), 0u);
    send(self, cosim_irq_twin_sink(self->twin), 0, 0, 0x0001);
    EXPECT_EQ(tlm_signal_get(cosim_irq_twin_host_irq(self->twin)), 1u); /* before deliver returned */
    EXPECT_EQ(cosim_irq_twin_messages(self->twin), 1u);
    EXPECT_EQ(cosim_irq_twin_cycles(self->twin), before + 1); /* one cycle, ahead of the kernel */
    tlm_kernel_run_for(self->kernel, 5 * PERIOD);
    EXPECT_EQ(cosim_irq_twin_cycles(self->twin), tlm_clock_cycles(&self->clock)); /* never stepped twice */
    EXPECT_EQ(irq_read(host, IRQ_GEN11_GT_INTR_DW0_OFFSET), IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
    /* A message from an engine the table does not have is taken and changes nothing. */
    send(self, cosim_irq_twin_sink(self->twin), 0, 5, 0xFFFF);
    EXPECT_EQ(cosim_irq_twin_messages(self->twin), 2u);
    irq_write(host, IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
    EXPECT_EQ(irq_read(host, IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET), 0x80000001u);
}

TEST_F(IrqCosim, LockstepReportsADivergentReadWithTheTransactionAndTime)
{
    const tlm_target *host = cosim_irq_lockstep_target(self->lockstep, IRQ_GEN11_HOST);
    irq_write(host, IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET, 0x12345678u);
    EXPECT_EQ(cosim_irq_lockstep_mismatches(self->lockstep), 0u);
    /* The model alone is changed behind the compare's back. */
    irq_write(irq_gen11_target(self->model, IRQ_GEN11_HOST), IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET, 0x12345679u);
    tlm_kernel_run_for(self->kernel, 7 * PERIOD);
    EXPECT_EQ(irq_read(host, IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET), 0x12345678u); /* the RTL's answer */
    EXPECT_EQ(cosim_irq_lockstep_mismatches(self->lockstep), 1u);
    const cosim_lockstep_mismatch *first = cosim_irq_lockstep_first_mismatch(self->lockstep);
    ASSERT_TRUE(first != NULL);
    EXPECT_EQ(first->time, 7 * PERIOD);
    EXPECT_TRUE(irq_contains(first->description, "read data at byte 0: model 0x12345679, rtl 0x12345678"));
    EXPECT_TRUE(irq_contains(first->description, "after read 0x00000034 length 4"));
}

TEST_F(IrqCosim, LockstepReportsADivergentLineAfterAMessageNamingIt)
{
    irq_log_capture log = { 0 };
    irq_capture_open(&log, self->kernel);
    irq_message_sink sink = cosim_irq_lockstep_sink(self->lockstep);
    const tlm_target *host = cosim_irq_lockstep_target(self->lockstep, IRQ_GEN11_HOST);
    const tlm_target *guc = cosim_irq_lockstep_target(self->lockstep, IRQ_GEN11_GUC);
    irq_write(host, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0x0000FFFFu); /* copy */
    irq_write(host, IRQ_GEN11_BCS_RSVD_INTR_MASK_OFFSET, 0);
    irq_write(host, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
    irq_write(guc, IRQ_GUC_GUC_SG_INTR_ENABLE_OFFSET, 0xFFFF0000u); /* 'Other' GuC at the GuC */
    irq_write(guc, IRQ_GUC_GUC_SG_INTR_MASK_OFFSET, 0);
    send(self, sink, 3, 0, 0x0001);
    send(self, sink, 4, 0, 0x0001);
    EXPECT_EQ(cosim_irq_lockstep_mismatches(self->lockstep), 0u);
    EXPECT_EQ(cosim_irq_lockstep_compared(self->lockstep), 7u);
    /* Both lines off through the compare, then the model's primary enable on behind its back. */
    irq_write(host, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0);
    irq_write(irq_gen11_target(self->model, IRQ_GEN11_HOST), IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
              IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
    EXPECT_EQ(cosim_irq_lockstep_check_signals(self->lockstep), 1u); /* host_irq: model 1, rtl 0 */
    /* The model's GuC interface masks the GuC engine and clears its bit (with nothing unmasked
     * pending it stays clear): its vector 0 falls, the RTL's does not. */
    const tlm_target *model_guc = irq_gen11_target(self->model, IRQ_GEN11_GUC);
    irq_write(model_guc, IRQ_GUC_GUC_SG_INTR_MASK_OFFSET, 0xFFFF0000u);
    irq_write(model_guc, IRQ_GUC_GT_INTR_DW0_OFFSET, 0xFFFFFFFFu);
    send(self, sink, 1, 0, 0x0001); /* an engine nobody enabled: only the comparison runs */
    EXPECT_EQ(cosim_irq_lockstep_mismatches(self->lockstep), 3u); /* host_irq again, guc_vector0 */
    const cosim_lockstep_mismatch *first = cosim_irq_lockstep_first_mismatch(self->lockstep);
    ASSERT_TRUE(first != NULL);
    EXPECT_TRUE(irq_contains(first->description, "signal host_irq: model 0x1, rtl 0x0"));
    /* The reports after the message name it, in the log. */
    const char *text = irq_capture_text(&log);
    EXPECT_TRUE(irq_contains(text, "signal host_irq: model 0x1, rtl 0x0 after message 0x00010001 (vcs0, data 0x0001)"));
    EXPECT_TRUE(irq_contains(text, "signal guc_vector0: model 0x0, rtl 0x1 after message 0x00010001 (vcs0, data 0x0001)"));
    if (!irq_contains(text, "after message"))
        ADD_FAILURE("log: %s", text);
    irq_capture_close(&log);
}
