/* The gen11+ interrupt aggregation's RTL (rtl/irq/irq_gen11.sv) driven pin by pin through its
 * Verilator wrapper (testbench/cosim/irq_rtl.h): reset values of both blocks through the one AXI4-Lite
 * port (host at 0, GuC at COSIM_IRQ_RTL_GUC_BASE), decode errors, the message port's ready rule
 * (low only in a cycle that executes a register access), a message's effect at its edge, dropped
 * messages, and that the RTL's assertions catch a master that breaks the message protocol.
 * Behaviour in depth is checked against the C model by the lockstep tests (testbench/tests/irq);
 * expected values here come from the generated descriptors and the C register rules. */
#include "tb_test.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_rtl.h"
#include "cosim_axi_lite_master.h"
#include "tlm_register.h"

typedef struct IrqRtl {
    cosim_irq_rtl *rtl;            /* the Verilated block */
    bool expect_assertions;     /* the test provokes assertion failures on purpose */
} IrqRtl;

static void IrqRtl_SetUp(IrqRtl *self)
{
    self->expect_assertions = false;
    self->rtl = cosim_irq_rtl_create();
    ASSERT_TRUE(self->rtl != NULL);
    cosim_irq_rtl_reset(self->rtl, 2);
}

static void IrqRtl_TearDown(IrqRtl *self)
{
    if (!self->rtl)
        return;
    if (!self->expect_assertions)
        EXPECT_EQ(cosim_irq_rtl_assertion_failures(self->rtl), 0u);
    cosim_irq_rtl_destroy(self->rtl);
}

/* One wrapper cycle with the bus pins only (cosim_axi_lite_master's cycle function). */
static void bus_cycle(void *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_irq_rtl_cycle(rtl, in, NULL, out);
}

/* One write or read as a simple master (cosim_axi_lite_master.h); the response, *rdata the read
 * data. */
static uint8_t access(IrqRtl *self, bool write, uint32_t address, uint32_t data, uint32_t *rdata)
{
    uint8_t resp = cosim_axi_lite_master_access(bus_cycle, self->rtl, write, address, data, rdata);
    if (resp == COSIM_AXI_LITE_MASTER_NO_RESPONSE)
        ADD_FAILURE("no response to %s 0x%x", write ? "write" : "read", address);
    return resp;
}

static uint32_t rd(IrqRtl *self, uint32_t address)
{
    uint32_t value = 0xEEEEEEEEu;
    EXPECT_EQ(access(self, false, address, 0, &value), COSIM_AXI_RESP_OKAY);
    return value;
}

static void wr(IrqRtl *self, uint32_t address, uint32_t value)
{
    EXPECT_EQ(access(self, true, address, value, NULL), COSIM_AXI_RESP_OKAY);
}

/* Offers `msg` for one cycle on an idle bus; returns whether it was taken. */
static bool offer(IrqRtl *self, uint8_t engine_class, uint8_t instance, uint16_t data, uint8_t vf)
{
    cosim_irq_rtl_message_pins msg = { .valid = true, .vf_id = vf, .engine_class = engine_class, .instance = instance,
                                    .data = data };
    return cosim_irq_rtl_cycle(self->rtl, NULL, &msg, NULL);
}

TEST_F(IrqRtl, BothBlocksResetToTheirDescribedValues)
{
    EXPECT_EQ(cosim_irq_rtl_planted_bug(), 0); /* the RTL as built, not the checker's variant */
    for (uint32_t i = 0; i < irq_gen11_regs.register_count; i++) {
        const tlm_register_desc *reg = &irq_gen11_regs.registers[i];
        EXPECT_EQ(rd(self, reg->offset), tlm_register_read_value(reg, reg->reset));
    }
    for (uint32_t i = 0; i < irq_gen11_guc_regs.register_count; i++) {
        const tlm_register_desc *reg = &irq_gen11_guc_regs.registers[i];
        EXPECT_EQ(rd(self, COSIM_IRQ_RTL_GUC_BASE + reg->offset), tlm_register_read_value(reg, reg->reset));
    }
    cosim_irq_rtl_outputs out = cosim_irq_rtl_outputs_now(self->rtl);
    EXPECT_FALSE(out.host_irq);
    EXPECT_FALSE(out.guc_vector[0]);
    EXPECT_FALSE(out.guc_vector[1]);
}

TEST_F(IrqRtl, AddressesWithNoRegisterAnswerDecerr)
{
    uint32_t value;
    EXPECT_EQ(access(self, false, IRQ_GEN11_BLOCK_SIZE, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, false, COSIM_IRQ_RTL_GUC_BASE - 4, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, false, IRQ_GEN11_GT_INTR_DW0_OFFSET + 1, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, false, 0x000, 0, &value), COSIM_AXI_RESP_DECERR);
    /* The GuC block has no primary control register at 0x10. */
    EXPECT_EQ(access(self, false, COSIM_IRQ_RTL_GUC_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, true, COSIM_IRQ_RTL_GUC_BASE + IRQ_GUC_BLOCK_SIZE, 1, NULL), COSIM_AXI_RESP_DECERR);
    /* A write to read-only bits is ignored, OKAY (ro_write = "ignore"). */
    EXPECT_EQ(access(self, true, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_GT_DW0_MASK, NULL),
              COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(rd(self, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET), 0u);
}

TEST_F(IrqRtl, MessageReadyIsLowInARegisterAccessCycleOnly)
{
    cosim_irq_rtl_message_pins none = { 0 };
    EXPECT_TRUE(cosim_irq_rtl_cycle(self->rtl, NULL, &none, NULL)); /* idle: ready */
    /* A write offered with AW and W together executes in its first cycle: ready is low there. */
    cosim_axi_lite_request_pins write = { .awvalid = true, .wvalid = true, .bready = true,
                                       .awaddr = IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, .wdata = 0xFFFFFFFFu,
                                       .wstrb = 0xF };
    cosim_axi_lite_response_pins out;
    EXPECT_FALSE(cosim_irq_rtl_cycle(self->rtl, &write, &none, &out));
    EXPECT_TRUE(out.awready && out.wready);
    cosim_axi_lite_request_pins wait_b = { .bready = true };
    EXPECT_TRUE(cosim_irq_rtl_cycle(self->rtl, &wait_b, &none, &out)); /* B cycle: nothing executes */
    EXPECT_TRUE(out.bvalid);
    /* A read executes in its AR handshake cycle. */
    cosim_axi_lite_request_pins read = { .arvalid = true, .rready = true, .araddr = IRQ_GEN11_GT_INTR_DW0_OFFSET };
    EXPECT_FALSE(cosim_irq_rtl_cycle(self->rtl, &read, &none, &out));
    EXPECT_TRUE(out.arready);
    cosim_axi_lite_request_pins wait_r = { .rready = true };
    EXPECT_TRUE(cosim_irq_rtl_cycle(self->rtl, &wait_r, &none, &out));
}

TEST_F(IrqRtl, AMessageOfferedWithARegisterAccessIsTakenInTheNextCycle)
{
    wr(self, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFF0000u);
    wr(self, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    /* The message and the write of the primary enable in the same cycle: the write goes first. */
    cosim_irq_rtl_message_pins msg = { .valid = true, .engine_class = 0, .instance = 0, .data = 0x0001 };
    cosim_axi_lite_request_pins write = { .awvalid = true, .wvalid = true, .bready = true,
                                       .awaddr = IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
                                       .wdata = IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK, .wstrb = 0xF };
    EXPECT_FALSE(cosim_irq_rtl_cycle(self->rtl, &write, &msg, NULL));
    EXPECT_FALSE(cosim_irq_rtl_outputs_now(self->rtl).host_irq);
    cosim_axi_lite_request_pins wait_b = { .bready = true };
    EXPECT_TRUE(cosim_irq_rtl_cycle(self->rtl, &wait_b, &msg, NULL)); /* taken here */
    EXPECT_TRUE(cosim_irq_rtl_outputs_now(self->rtl).host_irq);       /* right after its edge */
    EXPECT_EQ(rd(self, IRQ_GEN11_GT_INTR_DW0_OFFSET), IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
    EXPECT_EQ(rd(self, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET),
              IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK | IRQ_GEN11_GFX_MSTR_IRQ_GT_DW0_MASK);
}

TEST_F(IrqRtl, MessagesFromUnknownEnginesOrVirtualFunctionsAreTakenAndDropped)
{
    wr(self, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFFFFFFu);
    wr(self, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    wr(self, COSIM_IRQ_RTL_GUC_BASE + IRQ_GUC_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFFFFFFu);
    wr(self, COSIM_IRQ_RTL_GUC_BASE + IRQ_GUC_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    EXPECT_TRUE(offer(self, 0, 1, 0xFFFF, 0)); /* render has instance 0 only */
    EXPECT_TRUE(offer(self, 6, 0, 0xFFFF, 0)); /* reserved class */
    EXPECT_TRUE(offer(self, 0, 0, 0xFFFF, 1)); /* VF 1 */
    EXPECT_EQ(rd(self, IRQ_GEN11_GT_INTR_DW0_OFFSET), 0u);
    EXPECT_EQ(rd(self, COSIM_IRQ_RTL_GUC_BASE + IRQ_GUC_GT_INTR_DW0_OFFSET), 0u);
    EXPECT_TRUE(offer(self, 0, 0, 0x0001, 0)); /* rcs0, VF 0: both interfaces keep it */
    EXPECT_EQ(rd(self, IRQ_GEN11_GT_INTR_DW0_OFFSET), IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
    cosim_irq_rtl_outputs out = cosim_irq_rtl_outputs_now(self->rtl);
    EXPECT_TRUE(out.guc_vector[0]);
    EXPECT_FALSE(out.guc_vector[1]);
    EXPECT_FALSE(out.host_irq); /* primary enable off */
}

TEST_F(IrqRtl, AMessageWithdrawnBeforeItIsTakenFailsTheProtocolAssertion)
{
    self->expect_assertions = true;
    cosim_irq_rtl_message_pins msg = { .valid = true, .engine_class = 3, .instance = 0, .data = 0x0001 };
    cosim_axi_lite_request_pins write = { .awvalid = true, .wvalid = true, .bready = true,
                                       .awaddr = IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, .wdata = 1, .wstrb = 0xF };
    EXPECT_FALSE(cosim_irq_rtl_cycle(self->rtl, &write, &msg, NULL)); /* not taken */
    cosim_irq_rtl_message_pins withdrawn = { 0 };
    cosim_axi_lite_request_pins wait_b = { .bready = true };
    cosim_irq_rtl_cycle(self->rtl, &wait_b, &withdrawn, NULL); /* checked at this cycle's edge */
    EXPECT_EQ(cosim_irq_rtl_assertion_failures(self->rtl), 1u);
    cosim_irq_rtl_cycle(self->rtl, NULL, NULL, NULL);
    EXPECT_EQ(cosim_irq_rtl_assertion_failures(self->rtl), 1u); /* once */
    EXPECT_TRUE(strstr(cosim_irq_rtl_last_assertion(self->rtl), "a_msg_valid_stable") != NULL);
}

TEST_F(IrqRtl, MessageFieldsThatDoNotFitTheirPinsAreCountedAsFailures)
{
    self->expect_assertions = true;
    cosim_irq_rtl_message_pins msg = { .valid = true, .engine_class = 9, .instance = 0, .data = 1 };
    cosim_irq_rtl_cycle(self->rtl, NULL, &msg, NULL);
    EXPECT_EQ(cosim_irq_rtl_assertion_failures(self->rtl), 1u);
    EXPECT_TRUE(strstr(cosim_irq_rtl_last_assertion(self->rtl), "msg_class") != NULL);
    /* Not valid: nothing matters, nothing counted. */
    msg.valid = false;
    msg.instance = 200;
    cosim_irq_rtl_cycle(self->rtl, NULL, &msg, NULL);
    EXPECT_EQ(cosim_irq_rtl_assertion_failures(self->rtl), 1u);
}

/* A master that keeps every channel busy (AW, W and AR valid in every cycle, BREADY and RREADY
 * high): writes and reads alternate and the bus front end has a request in every cycle. A
 * message offered all along is still taken within two cycles each time, and the register
 * traffic still goes on. */
TEST_F(IrqRtl, SaturatingRegisterTrafficCannotStarveTheMessagePort)
{
    cosim_axi_lite_request_pins busy = { .awvalid = true, .wvalid = true, .bready = true, .arvalid = true, .rready = true,
                                      .awaddr = IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, .wdata = 0, .wstrb = 0xF,
                                      .araddr = IRQ_GEN11_GT_INTR_DW0_OFFSET };
    cosim_axi_lite_response_pins out;
    unsigned writes = 0, reads = 0, taken = 0, waited = 0, longest_wait = 0;
    /* First the traffic alone: a request in every cycle, so ready is never high. */
    cosim_irq_rtl_message_pins none = { 0 };
    unsigned ready_without_message = 0;
    for (int cycle = 0; cycle < 100; cycle++)
        ready_without_message += cosim_irq_rtl_cycle(self->rtl, &busy, &none, &out);
    EXPECT_LE(ready_without_message, 1u);
    for (int cycle = 0; cycle < 2000; cycle++) {
        /* A different engine instance each time, so every message is a new one. */
        cosim_irq_rtl_message_pins msg = { .valid = true, .engine_class = 0, .instance = 0,
                                        .data = (uint16_t)(1u << (taken % 16)) };
        bool ready = cosim_irq_rtl_cycle(self->rtl, &busy, &msg, &out);
        writes += out.awready && out.wready;
        reads += out.arready;
        if (ready) {
            taken++;
            longest_wait = waited > longest_wait ? waited : longest_wait;
            waited = 0;
        } else {
            waited++;
        }
    }
    EXPECT_LE(longest_wait, 1u); /* taken at the edge after the one that refused it */
    EXPECT_GE(taken, 600u);
    EXPECT_GE(writes, 300u);
    EXPECT_GE(reads, 300u);
}

/* The documented choice for unaligned addresses (docs/reference/rtl.md): DECERR for reads and writes
 * whatever WSTRB says, and nothing written; the aligned address with WSTRB writes bytes. */
TEST_F(IrqRtl, UnalignedAddressesAnswerDecerrAndWriteNothing)
{
    wr(self, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0);
    for (uint32_t low = 1; low < 4; low++) {
        EXPECT_EQ(access(self, true, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET + low, 0xFFFFFFFFu, NULL),
                  COSIM_AXI_RESP_DECERR);
        uint32_t value = 0;
        EXPECT_EQ(access(self, false, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET + low, 0, &value), COSIM_AXI_RESP_DECERR);
        EXPECT_EQ(value, 0u); /* RDATA is 0 with an error */
    }
    EXPECT_EQ(rd(self, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET), 0u);
}
