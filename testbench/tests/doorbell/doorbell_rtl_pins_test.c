/* The GTI doorbell controller's RTL (rtl/doorbell/doorbell.sv) driven pin by pin through its
 * Verilator wrapper (testbench/cosim/doorbell_rtl.h): the arming window and the install status, the
 * fill snoop, a ring's registered outputs (message, then the group read's hand-over), decode
 * errors, a read and a ring of one group in the same cycle (not reachable through the twin),
 * and that the RTL's assertions catch a master that breaks the AXI protocol and a snoop that
 * does not fit its port. Behaviour in depth is checked against the C model by the lockstep
 * tests; expected values here come from the generated descriptors and docs/reference/doorbell.md. */
#include "tb_test.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_regs.h"
#include "doorbell_rtl.h"
#include "cosim_axi_lite_master.h"

typedef struct DoorbellRtl {
    cosim_doorbell_rtl *rtl;   /* the Verilated block */
    bool expect_assertions; /* the test provokes assertion failures on purpose */
} DoorbellRtl;

static void DoorbellRtl_SetUp(DoorbellRtl *self)
{
    self->expect_assertions = false;
    self->rtl = cosim_doorbell_rtl_create();
    ASSERT_TRUE(self->rtl != NULL);
    cosim_doorbell_rtl_reset(self->rtl, 2);
}

static void DoorbellRtl_TearDown(DoorbellRtl *self)
{
    if (!self->rtl)
        return;
    if (!self->expect_assertions)
        EXPECT_EQ(cosim_doorbell_rtl_assertion_failures(self->rtl), 0u);
    cosim_doorbell_rtl_destroy(self->rtl);
}

/* One wrapper cycle with the bus pins only (cosim_axi_lite_master's cycle function). */
static void bus_cycle(void *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_doorbell_rtl_cycle(rtl, in, NULL, out);
}

/* One write or read as a simple master (cosim_axi_lite_master.h); the response, *rdata the read
 * data. */
static uint8_t access(DoorbellRtl *self, bool write, uint32_t address, uint32_t data, uint32_t *rdata)
{
    uint8_t resp = cosim_axi_lite_master_access(bus_cycle, self->rtl, write, address, data, rdata);
    if (resp == COSIM_AXI_LITE_MASTER_NO_RESPONSE)
        ADD_FAILURE("no response to %s 0x%x", write ? "write" : "read", address);
    return resp;
}

static uint32_t rd(DoorbellRtl *self, uint32_t address)
{
    uint32_t value = 0xEEEEEEEEu;
    EXPECT_EQ(access(self, false, address, 0, &value), COSIM_AXI_RESP_OKAY);
    return value;
}

static void wr(DoorbellRtl *self, uint32_t address, uint32_t value)
{
    EXPECT_EQ(access(self, true, address, value, NULL), COSIM_AXI_RESP_OKAY);
}

static void snoop(DoorbellRtl *self, uint64_t line, uint32_t status, uint32_t cookie, bool fill)
{
    cosim_doorbell_rtl_snoop_pins pins = { .valid = true, .fill = fill, .line = line,
                                        .data = (uint64_t)status | (uint64_t)cookie << 32 };
    cosim_doorbell_rtl_cycle(self->rtl, NULL, &pins, NULL);
}

/* The wrapper's install of `bell` on `line` (the line's DW0/DW1 as the fill finds them). */
static uint32_t arm(DoorbellRtl *self, unsigned bell, uint64_t line, uint32_t status, uint32_t cookie)
{
    uint32_t base = COSIM_DOORBELL_RTL_ARM_BASE + bell * DOORBELL_REGISTER_STRIDE;
    wr(self, base + DOORBELL_DRBREGU0_OFFSET, (uint32_t)(line >> 32));
    wr(self, base + DOORBELL_DRBREGL0_OFFSET, (uint32_t)line | DOORBELL_DRBREGL0_VALID_MASK);
    uint32_t install = rd(self, COSIM_DOORBELL_RTL_INSTALL_STATUS);
    if (install & COSIM_DOORBELL_RTL_INSTALL_FILL_WAIT) {
        snoop(self, line, status, cookie, true);
        install = rd(self, COSIM_DOORBELL_RTL_INSTALL_STATUS);
    }
    return install;
}

TEST_F(DoorbellRtl, ArmingWindowInstallsAndTheFillDecides)
{
    uint64_t line = UINT64_C(0x123400000040);
    uint32_t status = arm(self, 9, line, 1, 0);
    EXPECT_EQ(status & COSIM_DOORBELL_RTL_INSTALL_RESULT_MASK, (uint32_t)DOORBELL_INSTALL_OK);
    EXPECT_EQ(status >> 8 & 0xFFu, 9u);
    EXPECT_EQ(status & COSIM_DOORBELL_RTL_INSTALL_FILL_WAIT, 0u);
    EXPECT_TRUE(cosim_doorbell_rtl_valid(self->rtl, 9));
    EXPECT_EQ(rd(self, 9 * DOORBELL_REGISTER_STRIDE), 0x40u | DOORBELL_DRBREGL0_VALID_MASK);
    EXPECT_EQ(rd(self, 9 * DOORBELL_REGISTER_STRIDE + 4), 0x1234u);
    /* Busy, then a second doorbell on the same line. */
    EXPECT_EQ(arm(self, 9, line, 1, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_BUSY);
    EXPECT_EQ(arm(self, 10, line, 1, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_CACHELINE_IN_USE);
    /* A line whose DW0 bit 0 is clear: armed, then cleared by the fill. */
    EXPECT_EQ(arm(self, 11, line + 64, 0, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_INACTIVE);
    EXPECT_FALSE(cosim_doorbell_rtl_valid(self->rtl, 11));
    /* The software map refuses a direct DRBREG write (answered OKAY, ignored). */
    wr(self, 12 * DOORBELL_REGISTER_STRIDE, (uint32_t)line | 1u);
    EXPECT_FALSE(cosim_doorbell_rtl_valid(self->rtl, 12));
}

TEST_F(DoorbellRtl, ARingMessagesAtItsEdgeAndTheReadHandsTheBitsOver)
{
    uint64_t line = UINT64_C(0x200000);
    ASSERT_EQ(arm(self, 35, line, 1, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_OK);
    snoop(self, line, 1, 1, false);
    cosim_doorbell_rtl_outputs out = cosim_doorbell_rtl_outputs_now(self->rtl);
    EXPECT_TRUE(out.msg_valid);
    EXPECT_EQ(out.msg_groups, 0x02u);
    cosim_doorbell_rtl_cycle(self->rtl, NULL, NULL, NULL);
    EXPECT_FALSE(cosim_doorbell_rtl_outputs_now(self->rtl).msg_valid); /* one cycle */
    snoop(self, line, 1, 2, false);                                  /* collapses: no message */
    EXPECT_FALSE(cosim_doorbell_rtl_outputs_now(self->rtl).msg_valid);
    EXPECT_EQ(rd(self, DOORBELL_DB_STATUS1_OFFSET), 1u << 3);
    EXPECT_EQ(rd(self, DOORBELL_DB_STATUS1_OFFSET), 0u);
    uint32_t value = 0;
    EXPECT_EQ(access(self, false, DOORBELL_BLOCK_SIZE, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, false, DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE, 0, &value), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(access(self, false, 35 * DOORBELL_REGISTER_STRIDE + 2, 0, &value), COSIM_AXI_RESP_DECERR); /* unaligned */
    EXPECT_EQ(access(self, false, DOORBELL_DB_STATUS1_OFFSET + 1, 0, &value), COSIM_AXI_RESP_DECERR);
}

/* Not reachable through the twin (snoops and accesses come in separate cycles): the read goes
 * first, returns the old bits, and the ring then finds the group empty and messages. */
TEST_F(DoorbellRtl, AReadAndARingOfOneGroupInTheSameCycleLoseNothing)
{
    uint64_t a = UINT64_C(0x300000), b = UINT64_C(0x300040);
    ASSERT_EQ(arm(self, 0, a, 1, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_OK);
    ASSERT_EQ(arm(self, 1, b, 1, 0) & 0xFu, (uint32_t)DOORBELL_INSTALL_OK);
    snoop(self, a, 1, 1, false);
    cosim_axi_lite_request_pins in = { .arvalid = true, .rready = true, .araddr = DOORBELL_DB_STATUS0_OFFSET };
    cosim_doorbell_rtl_snoop_pins pins = { .valid = true, .line = b, .data = 1u | (uint64_t)1 << 32 };
    cosim_axi_lite_response_pins out;
    cosim_doorbell_rtl_cycle(self->rtl, &in, &pins, &out);
    ASSERT_TRUE(out.arready);
    cosim_doorbell_rtl_outputs now = cosim_doorbell_rtl_outputs_now(self->rtl);
    EXPECT_TRUE(now.read_valid);
    EXPECT_EQ(now.read_bits, 1u << 0);
    EXPECT_TRUE(now.msg_valid);
    EXPECT_EQ(now.msg_groups, 0x01u);
    in.arvalid = false;
    cosim_doorbell_rtl_cycle(self->rtl, &in, NULL, &out);
    EXPECT_TRUE(out.rvalid);
    EXPECT_EQ(out.rdata, 1u << 0);
    EXPECT_EQ(rd(self, DOORBELL_DB_STATUS0_OFFSET), 1u << 1);
}

TEST_F(DoorbellRtl, AssertionsCatchAMasterDroppingArvalidAndABadSnoop)
{
    self->expect_assertions = true;
    /* A write executing in the same cycle holds ARREADY low; dropping ARVALID then breaks the
     * AXI rule "VALID stays until the handshake" (ARM IHI 0022). */
    cosim_axi_lite_request_pins in = { .awvalid = true, .wvalid = true, .bready = true, .awaddr = 0x0, .wstrb = 0xF,
                                    .arvalid = true, .rready = true, .araddr = DOORBELL_DB_STATUS0_OFFSET };
    cosim_axi_lite_response_pins out;
    cosim_doorbell_rtl_cycle(self->rtl, &in, NULL, &out);
    EXPECT_FALSE(out.arready);
    cosim_axi_lite_request_pins dropped = { .bready = true, .rready = true };
    cosim_doorbell_rtl_cycle(self->rtl, &dropped, NULL, &out);
    cosim_doorbell_rtl_cycle(self->rtl, &dropped, NULL, &out);
    EXPECT_EQ(cosim_doorbell_rtl_assertion_failures(self->rtl), 1u);
    EXPECT_TRUE(strstr(cosim_doorbell_rtl_last_assertion(self->rtl), "ARVALID dropped") != NULL);
    snoop(self, UINT64_C(0x1000004), 1, 1, false); /* not a cacheline address */
    EXPECT_EQ(cosim_doorbell_rtl_assertion_failures(self->rtl), 2u);
    EXPECT_TRUE(strstr(cosim_doorbell_rtl_last_assertion(self->rtl), "snoop line") != NULL);
}
