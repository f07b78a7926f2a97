/* The round-trip block's RTL (rtl/roundtrip/roundtrip.sv) driven pin by pin through its
 * Verilator wrapper (testbench/cosim/roundtrip_rtl.h): AXI4-Lite handshakes, the register rules of
 * tlm/tlm_register.h, the block's behaviour from models/roundtrip/roundtrip_regs.toml, the
 * interrupt, error responses, and that RTL assertions catch a master breaking the protocol.
 *
 * Expected values come from the generated register descriptor and constants (roundtrip_regs.h,
 * the same descriptor the C model runs on) and from the C register rules themselves
 * (tlm_register_apply_write / tlm_register_read_value), so the RTL is checked bit for bit
 * against what the C model does. Every test also requires that no RTL
 * assertion failed (the fixture's TearDown), except those that provoke one on purpose. */
#include "tlm_random.h"
#include "tb_test.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "roundtrip_regs.h"
#include "roundtrip_rtl.h"
#include "tlm_register.h"

/* ---------------------------------------------------------------------------------------- */
/* The C side: the generated descriptor (what the C model uses) and the register rules        */
/* ---------------------------------------------------------------------------------------- */

/* Descriptor of register `index` (a ROUNDTRIP_<R>_INDEX). */
#define RT_REG(index) (&roundtrip_regs.registers[(index)])

static int32_t rt_find(uint32_t offset)
{
    /* tlm_register_file_b_transport: nothing decodes at or beyond the block size. */
    return offset < roundtrip_regs.size ? tlm_register_find(&roundtrip_regs, offset) : -1;
}

static uint32_t bit_enables(uint8_t strb)
{
    uint32_t enables = 0;
    for (unsigned i = 0; i < 4; i++)
        if (strb >> i & 1)
            enables |= 0xFFu << (8 * i);
    return enables;
}

/* toml header: swap, then rotate left, then invert. */
static uint32_t expected_result(uint32_t scratch, uint32_t mode)
{
    uint32_t x = (scratch & ROUNDTRIP_SCRATCH_VALUE_MASK) >> ROUNDTRIP_SCRATCH_VALUE_SHIFT;
    if (mode & ROUNDTRIP_MODE_SWAP_BYTES_MASK)
        x = (x >> 24) | (x >> 8 & 0xFF00u) | (x << 8 & 0xFF0000u) | (x << 24);
    unsigned rotate = ((mode & ROUNDTRIP_MODE_ROTATE_MASK) >> ROUNDTRIP_MODE_ROTATE_SHIFT) & 31u;
    if (rotate != 0)
        x = (x << rotate) | (x >> (32 - rotate));
    if (mode & ROUNDTRIP_MODE_INVERT_MASK)
        x = ~x;
    return (x << ROUNDTRIP_RESULT_VALUE_SHIFT) & ROUNDTRIP_RESULT_VALUE_MASK;
}

/* A reference of the block built on the C register rules: what the C model answers. */
typedef struct ref_block {
    uint32_t values[ROUNDTRIP_REGISTER_COUNT]; /* by storage index */
} ref_block;

static void ref_reset(ref_block *ref)
{
    memset(ref, 0, sizeof *ref);
    for (uint32_t i = 0; i < ROUNDTRIP_REGISTER_COUNT; i++)
        if (RT_REG(i)->storage_index == i)
            ref->values[i] = RT_REG(i)->reset;
}

static void ref_operation(ref_block *ref)
{
    uint32_t *result = &ref->values[ROUNDTRIP_RESULT_STORAGE_INDEX];
    uint32_t *count = &ref->values[ROUNDTRIP_COUNT_STORAGE_INDEX];
    uint32_t *status = &ref->values[ROUNDTRIP_STATUS_STORAGE_INDEX];
    *result = (*result & ~ROUNDTRIP_RESULT_VALUE_MASK) |
              expected_result(ref->values[ROUNDTRIP_SCRATCH_STORAGE_INDEX], ref->values[ROUNDTRIP_MODE_STORAGE_INDEX]);
    *count = (*count & ~ROUNDTRIP_COUNT_OPERATIONS_MASK) |
             ((*count + (1u << ROUNDTRIP_COUNT_OPERATIONS_SHIFT)) & ROUNDTRIP_COUNT_OPERATIONS_MASK);
    if (*status & ROUNDTRIP_STATUS_DONE_MASK)
        *status |= ROUNDTRIP_STATUS_OVERRUN_MASK;
    *status |= ROUNDTRIP_STATUS_DONE_MASK;
}

/* One access with the tlm_register.h payload rules; returns the AXI response. */
static uint8_t ref_access(ref_block *ref, bool write, uint32_t offset, uint32_t data, uint8_t strb, uint32_t *rdata)
{
    int32_t index = rt_find(offset);
    if (rdata)
        *rdata = 0;
    if (index < 0)
        return COSIM_AXI_RESP_DECERR;
    const tlm_register_desc *reg = RT_REG(index);
    uint32_t *value = &ref->values[reg->storage_index];
    if (!write) {
        *rdata = tlm_register_read_value(reg, *value);
        return COSIM_AXI_RESP_OKAY;
    }
    if (roundtrip_regs.ro_write_error && !tlm_register_writable(reg))
        return COSIM_AXI_RESP_SLVERR; /* ro_write = "error" */
    *value = tlm_register_apply_write(reg, *value, data, bit_enables(strb));
    if ((uint32_t)index == ROUNDTRIP_START_INDEX && (*value & ROUNDTRIP_START_GO_MASK)) {
        ref_operation(ref);
        *value &= ~ROUNDTRIP_START_GO_MASK;
    }
    return COSIM_AXI_RESP_OKAY;
}

static bool ref_irq(const ref_block *ref)
{
    uint32_t status = tlm_register_read_value(RT_REG(ROUNDTRIP_STATUS_INDEX), ref->values[ROUNDTRIP_STATUS_STORAGE_INDEX]);
    uint32_t enable =
        tlm_register_read_value(RT_REG(ROUNDTRIP_INT_ENABLE_INDEX), ref->values[ROUNDTRIP_INT_ENABLE_STORAGE_INDEX]);
    return (status & enable) != 0;
}

/* ---------------------------------------------------------------------------------------- */
/* A tiny pin-level AXI4-Lite master                                                          */
/* ---------------------------------------------------------------------------------------- */

typedef struct Rtl {
    cosim_roundtrip_rtl *rtl;
    cosim_axi_lite_request_pins in;   /* what the master drives in the next cycle */
    cosim_axi_lite_response_pins out; /* what the slave drove in the last cycle, before its edge */
    bool failures_expected;        /* the test provokes RTL assertion failures on purpose */
} Rtl;

static void Rtl_SetUp(Rtl *self)
{
    self->rtl = cosim_roundtrip_rtl_create();
    ASSERT_NE(self->rtl, NULL);
    cosim_roundtrip_rtl_reset(self->rtl, 4);
}

static void Rtl_TearDown(Rtl *self)
{
    if (!self->rtl)
        return;
    uint64_t failures = cosim_roundtrip_rtl_assertion_failures(self->rtl);
    if (!self->failures_expected && failures != 0)
        ADD_FAILURE("%llu RTL assertion failure(s); last: %s", (unsigned long long)failures,
                    cosim_roundtrip_rtl_last_assertion(self->rtl));
    cosim_roundtrip_rtl_destroy(self->rtl);
}

/* One clock cycle with self->in; self->out gets the pre-edge outputs. */
static void step(Rtl *self)
{
    cosim_roundtrip_rtl_cycle(self->rtl, &self->in, &self->out);
}

static void idle(Rtl *self)
{
    self->in.awvalid = self->in.wvalid = self->in.arvalid = false;
    self->in.bready = self->in.rready = false;
}

/* Cycles a handshake may take before a helper gives up (every wait has a bound). */
#define MAX_CYCLES 64u

typedef enum write_order {
    WRITE_TOGETHER, /* AW and W in the same cycle */
    WRITE_AW_FIRST, /* W only `gap` cycles after the AW handshake */
    WRITE_W_FIRST   /* AW only `gap` cycles after the W handshake */
} write_order;

/* A complete write; BREADY stays low for the first `bready_delay` cycles of BVALID, during
 * which BVALID and BRESP must hold. Returns BRESP. */
static uint8_t axi_write_ex(Rtl *self, uint32_t addr, uint32_t data, uint8_t strb, write_order order, unsigned gap,
                            unsigned bready_delay)
{
    bool aw_done = false, w_done = false;
    unsigned aw_done_at = 0, w_done_at = 0, bvalid_cycles = 0;
    uint8_t bresp = 0xFF;
    for (unsigned cycle = 0;; cycle++) {
        ASSERT_LT(cycle, MAX_CYCLES);
        bool aw_now = order != WRITE_W_FIRST || (w_done && cycle >= w_done_at + gap);
        bool w_now = order != WRITE_AW_FIRST || (aw_done && cycle >= aw_done_at + gap);
        /* Payloads only mean something with their VALID: drive junk otherwise, so the slave
         * must have kept what it took. */
        self->in.awvalid = !aw_done && aw_now;
        self->in.awaddr = self->in.awvalid ? addr : ~addr;
        self->in.awprot = self->in.awvalid ? 0 : 7;
        self->in.wvalid = !w_done && w_now;
        self->in.wdata = self->in.wvalid ? data : ~data;
        self->in.wstrb = self->in.wvalid ? strb : (uint8_t)(~strb & 0xF);
        self->in.bready = bvalid_cycles >= bready_delay;
        step(self);
        if (self->out.bvalid) {
            /* B only after both halves were taken, then held until BREADY. */
            EXPECT_TRUE(aw_done && w_done);
            if (bvalid_cycles > 0)
                EXPECT_EQ(self->out.bresp, bresp);
            bresp = self->out.bresp;
            bvalid_cycles++;
            /* One write outstanding: nothing new is taken while B waits. */
            EXPECT_FALSE(self->out.awready);
            EXPECT_FALSE(self->out.wready);
            if (self->in.bready)
                break;
        }
        if (self->in.awvalid && self->out.awready) {
            aw_done = true;
            aw_done_at = cycle + 1;
        }
        if (self->in.wvalid && self->out.wready) {
            w_done = true;
            w_done_at = cycle + 1;
        }
    }
    idle(self);
    EXPECT_GE(bvalid_cycles, bready_delay + 1);
    return bresp;
}

/* A complete read; RREADY stays low for the first `rready_delay` cycles of RVALID, during
 * which RVALID, RDATA and RRESP must hold. Returns RRESP. */
static uint8_t axi_read_ex(Rtl *self, uint32_t addr, unsigned rready_delay, uint32_t *data)
{
    bool ar_done = false;
    unsigned rvalid_cycles = 0;
    uint8_t rresp = 0xFF;
    uint32_t rdata = 0;
    for (unsigned cycle = 0;; cycle++) {
        ASSERT_LT(cycle, MAX_CYCLES);
        self->in.arvalid = !ar_done;
        self->in.araddr = self->in.arvalid ? addr : ~addr;
        self->in.arprot = 0;
        self->in.rready = rvalid_cycles >= rready_delay;
        step(self);
        if (self->out.rvalid) {
            EXPECT_TRUE(ar_done);
            if (rvalid_cycles > 0) {
                EXPECT_EQ(self->out.rresp, rresp);
                EXPECT_EQ(self->out.rdata, rdata);
            }
            rresp = self->out.rresp;
            rdata = self->out.rdata;
            rvalid_cycles++;
            EXPECT_FALSE(self->out.arready); /* one read outstanding */
            if (self->in.rready)
                break;
        }
        if (self->in.arvalid && self->out.arready)
            ar_done = true;
    }
    idle(self);
    EXPECT_GE(rvalid_cycles, rready_delay + 1);
    *data = rdata;
    return rresp;
}

static uint8_t axi_write(Rtl *self, uint32_t addr, uint32_t data)
{
    return axi_write_ex(self, addr, data, 0xF, WRITE_TOGETHER, 0, 0);
}

static void write_ok(Rtl *self, uint32_t addr, uint32_t data)
{
    ASSERT_EQ(axi_write(self, addr, data), COSIM_AXI_RESP_OKAY);
}

static void write_strb_ok(Rtl *self, uint32_t addr, uint32_t data, uint8_t strb)
{
    ASSERT_EQ(axi_write_ex(self, addr, data, strb, WRITE_TOGETHER, 0, 0), COSIM_AXI_RESP_OKAY);
}

static uint32_t read_ok(Rtl *self, uint32_t addr)
{
    uint32_t data = 0;
    ASSERT_EQ(axi_read_ex(self, addr, 0, &data), COSIM_AXI_RESP_OKAY);
    return data;
}

static uint64_t failures(Rtl *self)
{
    return cosim_roundtrip_rtl_assertion_failures(self->rtl);
}

/* Software view of a register's reset value. */
static uint32_t reset_view(uint32_t index)
{
    const tlm_register_desc *reg = RT_REG(index);
    return tlm_register_read_value(reg, RT_REG(reg->storage_index)->reset);
}

/* ---------------------------------------------------------------------------------------- */
/* Reset                                                                                     */
/* ---------------------------------------------------------------------------------------- */

TEST_F(Rtl, ResetValuesOfEveryRegister)
{
    ASSERT_EQ(roundtrip_regs.register_count, ROUNDTRIP_REGISTER_COUNT);
    for (uint32_t i = 0; i < ROUNDTRIP_REGISTER_COUNT; i++) {
        uint32_t data = read_ok(self, RT_REG(i)->offset);
        EXPECT_EQ(data, reset_view(i));
        if (data != reset_view(i))
            ADD_FAILURE("register %s", RT_REG(i)->name);
    }
    /* The toml's ID: DEVICE 'GT' and VERSION, straight from the field constants. */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_ID_OFFSET),
              (ROUNDTRIP_ID_DEVICE_RESET << ROUNDTRIP_ID_DEVICE_SHIFT) |
                  (ROUNDTRIP_ID_VERSION_RESET << ROUNDTRIP_ID_VERSION_SHIFT));
    EXPECT_FALSE(cosim_roundtrip_rtl_irq(self->rtl));
}

TEST_F(Rtl, ResetRestoresResetValues)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xDEADBEEFu);
    write_ok(self, ROUNDTRIP_MODE_OFFSET, 0xFFFFFFFFu);
    write_ok(self, ROUNDTRIP_INT_ENABLE_OFFSET, 0xFFFFFFFFu);
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_TRUE(cosim_roundtrip_rtl_irq(self->rtl));
    cosim_roundtrip_rtl_reset(self->rtl, 1);
    EXPECT_FALSE(cosim_roundtrip_rtl_irq(self->rtl));
    for (uint32_t i = 0; i < ROUNDTRIP_REGISTER_COUNT; i++)
        EXPECT_EQ(read_ok(self, RT_REG(i)->offset), reset_view(i));
}

TEST_F(Rtl, CyclesCountRisingEdges)
{
    uint64_t before = cosim_roundtrip_rtl_cycles(self->rtl);
    EXPECT_EQ(before, 4); /* the fixture's reset */
    step(self);
    EXPECT_EQ(cosim_roundtrip_rtl_cycles(self->rtl), before + 1);
    EXPECT_EQ(cosim_roundtrip_rtl_bare_cycles(self->rtl, 1000), before + 1001);
    EXPECT_EQ(cosim_roundtrip_rtl_cycles(self->rtl), before + 1001);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), reset_view(ROUNDTRIP_SCRATCH_INDEX));
}

/* ---------------------------------------------------------------------------------------- */
/* Handshakes                                                                                */
/* ---------------------------------------------------------------------------------------- */

TEST_F(Rtl, WriteReadRoundTrip)
{
    static const uint32_t patterns[] = {0x00000000u, 0xFFFFFFFFu, 0xA5A5A5A5u, 0x5A5A5A5Au, 0x12345678u, 0x80000001u};
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, patterns[i]);
        EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), patterns[i]);
    }
    /* Reserved bits of INT_ENABLE read 0, whatever was written. */
    write_ok(self, ROUNDTRIP_INT_ENABLE_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_INT_ENABLE_OFFSET), ROUNDTRIP_INT_ENABLE_RW_MASK);
}

TEST_F(Rtl, WriteAddressAndDataTogether)
{
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .wvalid = true,
                                          .wdata = 0x0BADF00Du, .wstrb = 0xF};
    step(self);
    EXPECT_TRUE(self->out.awready);
    EXPECT_TRUE(self->out.wready);
    EXPECT_FALSE(self->out.bvalid);
    idle(self);
    self->in.bready = true;
    step(self); /* the write executed at the last edge: B now */
    EXPECT_TRUE(self->out.bvalid);
    EXPECT_EQ(self->out.bresp, COSIM_AXI_RESP_OKAY);
    idle(self);
    step(self);
    EXPECT_FALSE(self->out.bvalid);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x0BADF00Du);
}

TEST_F(Rtl, WriteAddressBeforeData)
{
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET};
    step(self);
    EXPECT_TRUE(self->out.awready);
    idle(self);
    for (int i = 0; i < 3; i++) {
        step(self);
        EXPECT_FALSE(self->out.awready); /* address latched, waiting for data */
        EXPECT_TRUE(self->out.wready);
        EXPECT_FALSE(self->out.bvalid);
    }
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), reset_view(ROUNDTRIP_SCRATCH_INDEX)); /* not yet written */
    self->in = (cosim_axi_lite_request_pins){.wvalid = true, .wdata = 0xCAFEF00Du, .wstrb = 0xF, .bready = true};
    step(self);
    EXPECT_TRUE(self->out.wready);
    self->in.wvalid = false;
    step(self);
    EXPECT_TRUE(self->out.bvalid);
    EXPECT_EQ(self->out.bresp, COSIM_AXI_RESP_OKAY);
    idle(self);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0xCAFEF00Du);
    /* The same through the helper, with gaps. */
    for (unsigned gap = 0; gap < 4; gap++) {
        EXPECT_EQ(axi_write_ex(self, ROUNDTRIP_SCRATCH_OFFSET, 0x100u + gap, 0xF, WRITE_AW_FIRST, gap, 0),
                  COSIM_AXI_RESP_OKAY);
        EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x100u + gap);
    }
}

TEST_F(Rtl, WriteDataBeforeAddress)
{
    self->in = (cosim_axi_lite_request_pins){.wvalid = true, .wdata = 0x600DCAFEu, .wstrb = 0xF};
    step(self);
    EXPECT_TRUE(self->out.wready);
    idle(self);
    for (int i = 0; i < 3; i++) {
        step(self);
        EXPECT_FALSE(self->out.wready); /* data latched, waiting for the address */
        EXPECT_TRUE(self->out.awready);
        EXPECT_FALSE(self->out.bvalid);
    }
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .bready = true};
    step(self);
    EXPECT_TRUE(self->out.awready);
    self->in.awvalid = false;
    step(self);
    EXPECT_TRUE(self->out.bvalid);
    idle(self);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x600DCAFEu);
    for (unsigned gap = 0; gap < 4; gap++) {
        EXPECT_EQ(axi_write_ex(self, ROUNDTRIP_SCRATCH_OFFSET, 0x200u + gap, 0xF, WRITE_W_FIRST, gap, 0),
                  COSIM_AXI_RESP_OKAY);
        EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x200u + gap);
    }
}

TEST_F(Rtl, BreadyLowHoldsTheWriteResponse)
{
    /* The helper checks BVALID/BRESP stay and AWREADY/WREADY stay low for every cycle. */
    EXPECT_EQ(axi_write_ex(self, ROUNDTRIP_SCRATCH_OFFSET, 0x11111111u, 0xF, WRITE_TOGETHER, 0, 6),
              COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(axi_write_ex(self, ROUNDTRIP_ID_OFFSET, 0, 0xF, WRITE_TOGETHER, 0, 5), COSIM_AXI_RESP_SLVERR);
    EXPECT_EQ(axi_write_ex(self, 0xFFCu, 0, 0xF, WRITE_AW_FIRST, 2, 7), COSIM_AXI_RESP_DECERR);
    /* B is gone the cycle after it was taken, and the next write is accepted at once. */
    step(self);
    EXPECT_FALSE(self->out.bvalid);
    EXPECT_TRUE(self->out.awready);
    EXPECT_TRUE(self->out.wready);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x11111111u);
}

TEST_F(Rtl, RreadyLowHoldsTheReadResponse)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x76543210u);
    uint32_t data = 0;
    EXPECT_EQ(axi_read_ex(self, ROUNDTRIP_SCRATCH_OFFSET, 6, &data), COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(data, 0x76543210u);
    EXPECT_EQ(axi_read_ex(self, 0x800u, 4, &data), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(data, 0);
    /* A write while R waits is taken and executes: the channels are independent. */
    self->in = (cosim_axi_lite_request_pins){.arvalid = true, .araddr = ROUNDTRIP_SCRATCH_OFFSET};
    step(self);
    EXPECT_TRUE(self->out.arready);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .wvalid = true,
                                          .wdata = 0xAAAA5555u, .wstrb = 0xF, .bready = true};
    step(self);
    EXPECT_TRUE(self->out.rvalid);
    EXPECT_TRUE(self->out.awready);
    idle(self);
    self->in.bready = true;
    for (int i = 0; i < 3; i++) {
        step(self);
        EXPECT_TRUE(self->out.rvalid);
        EXPECT_EQ(self->out.rdata, 0x76543210u); /* read before the write: old value, held */
        EXPECT_FALSE(self->out.arready);
    }
    idle(self);
    self->in.rready = true;
    step(self);
    EXPECT_TRUE(self->out.rvalid);
    idle(self);
    step(self);
    EXPECT_FALSE(self->out.rvalid);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0xAAAA5555u);
}

TEST_F(Rtl, WriteGoesFirstWhenReadAndWriteMeet)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x1u);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .wvalid = true,
                                          .wdata = 0x2u, .wstrb = 0xF, .arvalid = true,
                                          .araddr = ROUNDTRIP_SCRATCH_OFFSET};
    step(self);
    EXPECT_TRUE(self->out.awready);
    EXPECT_TRUE(self->out.wready);
    EXPECT_FALSE(self->out.arready); /* documented priority: the write executes first */
    self->in.awvalid = self->in.wvalid = false;
    self->in.bready = true;
    step(self); /* AR still valid: taken now */
    EXPECT_TRUE(self->out.arready);
    EXPECT_TRUE(self->out.bvalid);
    self->in.arvalid = false;
    self->in.bready = false;
    self->in.rready = true;
    step(self);
    EXPECT_TRUE(self->out.rvalid);
    EXPECT_EQ(self->out.rdata, 0x2u); /* the read saw the write */
    idle(self);
    /* The same when W waited in the slave and AW arrives together with AR. */
    self->in = (cosim_axi_lite_request_pins){.wvalid = true, .wdata = 0x3u, .wstrb = 0xF};
    step(self);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .arvalid = true,
                                          .araddr = ROUNDTRIP_SCRATCH_OFFSET, .bready = true, .rready = true};
    step(self);
    EXPECT_TRUE(self->out.awready);
    EXPECT_FALSE(self->out.arready);
    self->in.awvalid = false;
    step(self);
    EXPECT_TRUE(self->out.arready);
    self->in.arvalid = false;
    step(self);
    EXPECT_TRUE(self->out.rvalid);
    EXPECT_EQ(self->out.rdata, 0x3u);
    idle(self);
}

/* ---------------------------------------------------------------------------------------- */
/* Register rules                                                                            */
/* ---------------------------------------------------------------------------------------- */

TEST_F(Rtl, WstrbWritesOnlyStrobedBytes)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x11223344u);
    write_strb_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xAABBCCDDu, 0x5);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x11BB33DDu);
    write_strb_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xFFFFFFFFu, 0x0);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x11BB33DDu);
    for (unsigned byte = 0; byte < 4; byte++) {
        write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0);
        write_strb_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xA1B2C3D4u, (uint8_t)(1u << byte));
        EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0xA1B2C3D4u & (0xFFu << (8 * byte)));
    }
    /* All 16 strobe patterns against the C rule. */
    for (unsigned strb = 0; strb < 16; strb++) {
        write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x0F0F0F0Fu);
        write_strb_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xF0F0F0F0u, (uint8_t)strb);
        EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET),
                  tlm_register_apply_write(RT_REG(ROUNDTRIP_SCRATCH_INDEX), 0x0F0F0F0Fu, 0xF0F0F0F0u,
                                           bit_enables((uint8_t)strb)));
    }
}

TEST_F(Rtl, MaskedModeWritesNeedTheirEnables)
{
    const uint32_t fields = ROUNDTRIP_MODE_RW_MASK; /* INVERT, SWAP_BYTES, ROTATE */
    write_ok(self, ROUNDTRIP_MODE_OFFSET, fields); /* no enables: nothing changes */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), reset_view(ROUNDTRIP_MODE_INDEX));
    write_ok(self, ROUNDTRIP_MODE_OFFSET, fields << 16 | fields);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), fields); /* mask bits read as 0 */
    /* Enable INVERT only, with data 0: clears INVERT, leaves the rest. */
    write_ok(self, ROUNDTRIP_MODE_OFFSET, ROUNDTRIP_MODE_INVERT_MASK << 16);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), fields & ~ROUNDTRIP_MODE_INVERT_MASK);
    /* Enables in a byte that is not strobed do not count (only strobed upper bytes enable). */
    write_strb_ok(self, ROUNDTRIP_MODE_OFFSET, ROUNDTRIP_MODE_RW_MASK << 16, 0x1);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), fields & ~ROUNDTRIP_MODE_INVERT_MASK);
    write_strb_ok(self, ROUNDTRIP_MODE_OFFSET, ROUNDTRIP_MODE_RW_MASK << 16, 0x4);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), fields & ~ROUNDTRIP_MODE_INVERT_MASK);
    write_strb_ok(self, ROUNDTRIP_MODE_OFFSET, ROUNDTRIP_MODE_RW_MASK << 16, 0x5);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), 0);
    /* Every strobe pattern with all enables and data against the C rule. */
    for (unsigned strb = 0; strb < 16; strb++) {
        write_ok(self, ROUNDTRIP_MODE_OFFSET, ROUNDTRIP_MODE_RW_MASK << 16); /* clear */
        uint32_t data = 0xFFFF0000u | ROUNDTRIP_MODE_RW_MASK;
        write_strb_ok(self, ROUNDTRIP_MODE_OFFSET, data, (uint8_t)strb);
        uint32_t stored = tlm_register_apply_write(RT_REG(ROUNDTRIP_MODE_INDEX), 0, data, bit_enables((uint8_t)strb));
        EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET), tlm_register_read_value(RT_REG(ROUNDTRIP_MODE_INDEX), stored));
        EXPECT_EQ(read_ok(self, ROUNDTRIP_MODE_OFFSET) >> 16, 0);
    }
}

TEST_F(Rtl, StatusIsW1cAndStatusSetIsW1s)
{
    const uint32_t done = ROUNDTRIP_STATUS_DONE_MASK, overrun = ROUNDTRIP_STATUS_OVERRUN_MASK;
    write_ok(self, ROUNDTRIP_STATUS_SET_OFFSET, done);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_SET_OFFSET), done); /* the alias reads STATUS */
    write_ok(self, ROUNDTRIP_STATUS_OFFSET, overrun);             /* W1C of a clear bit */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done);
    write_ok(self, ROUNDTRIP_STATUS_OFFSET, 0); /* writing 0 leaves it */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done);
    write_ok(self, ROUNDTRIP_STATUS_OFFSET, done);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), 0);
    write_ok(self, ROUNDTRIP_STATUS_SET_OFFSET, ~(done | overrun)); /* reserved bits only */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), 0);
    write_ok(self, ROUNDTRIP_STATUS_SET_OFFSET, done | overrun);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done | overrun);
    write_ok(self, ROUNDTRIP_STATUS_SET_OFFSET, 0); /* writing 0 to a W1S leaves it */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_SET_OFFSET), done | overrun);
    write_strb_ok(self, ROUNDTRIP_STATUS_OFFSET, done | overrun, 0x2); /* byte 0 not strobed */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done | overrun);
    write_ok(self, ROUNDTRIP_STATUS_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), 0);
}

/* ---------------------------------------------------------------------------------------- */
/* The operation                                                                             */
/* ---------------------------------------------------------------------------------------- */

/* MODE value with the given fields, as a masked write with every enable. */
static uint32_t mode_write(bool invert, bool swap, unsigned rotate)
{
    uint32_t value = (invert ? ROUNDTRIP_MODE_INVERT_MASK : 0) | (swap ? ROUNDTRIP_MODE_SWAP_BYTES_MASK : 0) |
                     ((rotate << ROUNDTRIP_MODE_ROTATE_SHIFT) & ROUNDTRIP_MODE_ROTATE_MASK);
    return ROUNDTRIP_MODE_RW_MASK << 16 | value;
}

TEST_F(Rtl, GoRunsTheOperation)
{
    static const uint32_t operands[] = {0x12345678u, 0x80000001u, 0xFF00FF00u, 0};
    uint32_t count = reset_view(ROUNDTRIP_COUNT_INDEX);
    for (size_t o = 0; o < sizeof operands / sizeof operands[0]; o++) {
        for (unsigned invert = 0; invert < 2; invert++) {
            for (unsigned swap = 0; swap < 2; swap++) {
                for (unsigned rotate = 0; rotate < 32; rotate += (rotate < 8 ? 1 : 7)) {
                    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, operands[o]);
                    write_ok(self, ROUNDTRIP_MODE_OFFSET, mode_write(invert, swap, rotate));
                    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
                    count++;
                    uint32_t mode = read_ok(self, ROUNDTRIP_MODE_OFFSET);
                    uint32_t result = read_ok(self, ROUNDTRIP_RESULT_OFFSET);
                    EXPECT_EQ(result, expected_result(operands[o], mode));
                    if (result != expected_result(operands[o], mode))
                        ADD_FAILURE("operand 0x%08x invert %u swap %u rotate %u", operands[o], invert, swap, rotate);
                    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), count & ROUNDTRIP_COUNT_OPERATIONS_MASK);
                    EXPECT_EQ(read_ok(self, ROUNDTRIP_START_OFFSET) & ROUNDTRIP_START_GO_MASK, 0); /* GO reads 0 */
                }
            }
        }
    }
    /* Worked example: 0x12345678 swapped is 0x78563412, rotated left by 4 is 0x85634127,
     * inverted is 0x7A9CBED8. */
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x12345678u);
    write_ok(self, ROUNDTRIP_MODE_OFFSET, mode_write(true, true, 4));
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_RESULT_OFFSET), 0x7A9CBED8u);
}

TEST_F(Rtl, DoneThenOverrunAndCount)
{
    const uint32_t done = ROUNDTRIP_STATUS_DONE_MASK, overrun = ROUNDTRIP_STATUS_OVERRUN_MASK;
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), 1);
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done | overrun);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), 2);
    write_ok(self, ROUNDTRIP_STATUS_OFFSET, done | overrun);
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done); /* DONE was clear: no overrun */
    /* Not a GO: 0 written, GO's byte not strobed, GO in the wrong byte. */
    write_ok(self, ROUNDTRIP_START_OFFSET, 0);
    write_strb_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK, 0xE);
    write_ok(self, ROUNDTRIP_START_OFFSET, ~ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), 3);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_STATUS_OFFSET), done);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_START_OFFSET), 0);
}

TEST_F(Rtl, CountWrapsAtItsFieldWidth)
{
    const uint64_t wrap = (uint64_t)1 << ROUNDTRIP_COUNT_OPERATIONS_WIDTH;
    for (uint64_t i = 0; i < wrap - 1; i++)
        ASSERT_EQ(axi_write(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK), COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), (uint32_t)(wrap - 1) << ROUNDTRIP_COUNT_OPERATIONS_SHIFT);
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK);
    EXPECT_EQ(read_ok(self, ROUNDTRIP_COUNT_OFFSET), 0);
}

TEST_F(Rtl, ResultIsReadyWhenBvalidIsPresented)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0xC0FFEE00u);
    write_ok(self, ROUNDTRIP_MODE_OFFSET, mode_write(false, true, 8));
    const uint32_t expected = expected_result(0xC0FFEE00u, read_ok(self, ROUNDTRIP_MODE_OFFSET));
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_START_OFFSET, .wvalid = true,
                                          .wdata = ROUNDTRIP_START_GO_MASK, .wstrb = 0xF};
    step(self); /* GO executes at this edge */
    EXPECT_TRUE(self->out.awready && self->out.wready);
    /* The cycle BVALID is first presented, a read of RESULT, COUNT and STATUS already sees
     * the operation (the read executes in that same cycle). */
    static const uint32_t offsets[] = {ROUNDTRIP_RESULT_OFFSET, ROUNDTRIP_COUNT_OFFSET, ROUNDTRIP_STATUS_OFFSET};
    const uint32_t want[] = {expected, 1u << ROUNDTRIP_COUNT_OPERATIONS_SHIFT, ROUNDTRIP_STATUS_DONE_MASK};
    for (size_t i = 0; i < 3; i++) {
        self->in = (cosim_axi_lite_request_pins){.arvalid = true, .araddr = offsets[i], .bready = false};
        step(self);
        EXPECT_TRUE(self->out.bvalid); /* still presented: BREADY low */
        EXPECT_TRUE(self->out.arready);
        self->in = (cosim_axi_lite_request_pins){.rready = true};
        step(self);
        EXPECT_TRUE(self->out.rvalid);
        EXPECT_EQ(self->out.rdata, want[i]);
    }
    self->in = (cosim_axi_lite_request_pins){.bready = true};
    step(self);
    EXPECT_TRUE(self->out.bvalid);
    idle(self);
}

/* ---------------------------------------------------------------------------------------- */
/* Interrupt                                                                                 */
/* ---------------------------------------------------------------------------------------- */

/* Drives one write whose AW and W handshake in this very cycle, then takes B. Checks that
 * irq_o still had `before` in the cycle of the write and has `after` from the next cycle. */
static void write_and_watch_irq(Rtl *self, uint32_t addr, uint32_t data, bool before, bool after)
{
    ASSERT_EQ(cosim_roundtrip_rtl_irq(self->rtl), before);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = addr, .wvalid = true, .wdata = data, .wstrb = 0xF};
    step(self);
    ASSERT_TRUE(self->out.awready && self->out.wready); /* the write executed at this edge */
    EXPECT_EQ(cosim_roundtrip_rtl_irq(self->rtl), after);     /* the cycle after the write */
    self->in = (cosim_axi_lite_request_pins){.bready = true};
    step(self);
    EXPECT_TRUE(self->out.bvalid);
    EXPECT_EQ(self->out.bresp, COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(cosim_roundtrip_rtl_irq(self->rtl), after);
    idle(self);
}

TEST_F(Rtl, IrqFollowsStatusAndIntEnable)
{
    const uint32_t done = ROUNDTRIP_STATUS_DONE_MASK, overrun = ROUNDTRIP_STATUS_OVERRUN_MASK;
    write_and_watch_irq(self, ROUNDTRIP_STATUS_SET_OFFSET, done, false, false); /* not enabled */
    write_and_watch_irq(self, ROUNDTRIP_INT_ENABLE_OFFSET, ROUNDTRIP_INT_ENABLE_OVERRUN_MASK, false, false);
    write_and_watch_irq(self, ROUNDTRIP_INT_ENABLE_OFFSET, ROUNDTRIP_INT_ENABLE_DONE_MASK, false, true);
    write_and_watch_irq(self, ROUNDTRIP_STATUS_OFFSET, done, true, false); /* W1C drops it */
    write_and_watch_irq(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK, false, true); /* DONE */
    write_and_watch_irq(self, ROUNDTRIP_INT_ENABLE_OFFSET, 0, true, false);
    write_and_watch_irq(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK, false, false); /* OVERRUN */
    write_and_watch_irq(self, ROUNDTRIP_INT_ENABLE_OFFSET, ROUNDTRIP_INT_ENABLE_OVERRUN_MASK, false, true);
    write_and_watch_irq(self, ROUNDTRIP_STATUS_OFFSET, done, true, true); /* OVERRUN still set */
    write_and_watch_irq(self, ROUNDTRIP_STATUS_OFFSET, overrun, true, false);
    write_and_watch_irq(self, ROUNDTRIP_STATUS_SET_OFFSET, overrun, false, true);
    /* Reads and refused writes do not move it. */
    (void)read_ok(self, ROUNDTRIP_STATUS_OFFSET);
    EXPECT_EQ(axi_write(self, ROUNDTRIP_COUNT_OFFSET, 0), COSIM_AXI_RESP_SLVERR);
    EXPECT_TRUE(cosim_roundtrip_rtl_irq(self->rtl));
}

/* ---------------------------------------------------------------------------------------- */
/* Error responses                                                                           */
/* ---------------------------------------------------------------------------------------- */

static void expect_all_registers(Rtl *self, ref_block *ref)
{
    for (uint32_t i = 0; i < ROUNDTRIP_REGISTER_COUNT; i++) {
        uint32_t want = 0;
        ref_access(ref, false, RT_REG(i)->offset, 0, 0, &want);
        EXPECT_EQ(read_ok(self, RT_REG(i)->offset), want);
    }
}

TEST_F(Rtl, HolesAnswerDecerr)
{
    ref_block ref;
    ref_reset(&ref);
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x5EED5EEDu);
    ref_access(&ref, true, ROUNDTRIP_SCRATCH_OFFSET, 0x5EED5EEDu, 0xF, NULL);
    unsigned holes = 0;
    /* Every aligned offset the 12-bit port can carry (the block is 4 KiB). */
    for (uint32_t offset = 0; offset < (1u << COSIM_ROUNDTRIP_RTL_ADDR_BITS); offset += 4) {
        if (rt_find(offset) >= 0)
            continue;
        holes++;
        uint32_t data = 0xFFFFFFFFu;
        EXPECT_EQ(axi_read_ex(self, offset, 0, &data), COSIM_AXI_RESP_DECERR);
        EXPECT_EQ(data, 0); /* RDATA is 0 with an error */
        EXPECT_EQ(axi_write(self, offset, 0xFFFFFFFFu), COSIM_AXI_RESP_DECERR);
    }
    EXPECT_EQ(holes, (1u << COSIM_ROUNDTRIP_RTL_ADDR_BITS) / 4 - ROUNDTRIP_REGISTER_COUNT);
    /* Unaligned offsets inside a register: no register starts there. */
    for (uint32_t offset = ROUNDTRIP_SCRATCH_OFFSET + 1; offset < ROUNDTRIP_SCRATCH_OFFSET + 4; offset++) {
        uint32_t data = 0;
        EXPECT_EQ(axi_read_ex(self, offset, 0, &data), COSIM_AXI_RESP_DECERR);
        EXPECT_EQ(axi_write(self, offset, 0), COSIM_AXI_RESP_DECERR);
    }
    expect_all_registers(self, &ref); /* nothing changed */
}

TEST_F(Rtl, WritesToReadOnlyRegistersAnswerSlverr)
{
    ref_block ref;
    ref_reset(&ref);
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x00C0FFEEu);
    write_ok(self, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK); /* RESULT and COUNT non-zero */
    ref_access(&ref, true, ROUNDTRIP_SCRATCH_OFFSET, 0x00C0FFEEu, 0xF, NULL);
    ref_access(&ref, true, ROUNDTRIP_START_OFFSET, ROUNDTRIP_START_GO_MASK, 0xF, NULL);
    static const uint32_t read_only[] = {ROUNDTRIP_ID_OFFSET, ROUNDTRIP_RESULT_OFFSET, ROUNDTRIP_COUNT_OFFSET};
    for (size_t i = 0; i < 3; i++) {
        EXPECT_FALSE(tlm_register_writable(RT_REG(rt_find(read_only[i]))));
        EXPECT_EQ(axi_write(self, read_only[i], 0xFFFFFFFFu), COSIM_AXI_RESP_SLVERR);
        EXPECT_EQ(axi_write(self, read_only[i], 0), COSIM_AXI_RESP_SLVERR);
        EXPECT_EQ(axi_write_ex(self, read_only[i], 0x12345678u, 0x0, WRITE_W_FIRST, 1, 2), COSIM_AXI_RESP_SLVERR);
    }
    expect_all_registers(self, &ref); /* they did not change */
    /* Every register is readable with OKAY (read_ok asserts it). */
    for (uint32_t i = 0; i < ROUNDTRIP_REGISTER_COUNT; i++)
        (void)read_ok(self, RT_REG(i)->offset);
}

TEST_F(Rtl, AddressBeyondThePortIsReportedNotAliased)
{
    self->failures_expected = true;
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 0x0u);
    /* 0x1004 does not fit the 12-bit port: the wrapper reports it (the transactor must answer
     * DECERR itself for offsets beyond the block); what the block then sees is 0x004. */
    (void)axi_write(self, (1u << COSIM_ROUNDTRIP_RTL_ADDR_BITS) + ROUNDTRIP_SCRATCH_OFFSET, 0x1u);
    EXPECT_EQ(failures(self), 1);
    EXPECT_TRUE(strstr(cosim_roundtrip_rtl_last_assertion(self->rtl), "awaddr") != NULL);
    /* Upper bits on an idle channel are no failure. */
    self->in = (cosim_axi_lite_request_pins){.awaddr = 0xFFFFFFFFu, .araddr = 0xFFFFFFFFu, .wstrb = 0xFF};
    step(self);
    idle(self);
    EXPECT_EQ(failures(self), 1);
}

/* ---------------------------------------------------------------------------------------- */
/* Everything at once, against the C rules                                                   */
/* ---------------------------------------------------------------------------------------- */

static uint32_t next_random(uint64_t *state)
{
    return (uint32_t)(tlm_xorshift64star(state) >> 32); /* deterministic: a failure reproduces */
}

TEST_F(Rtl, RandomAccessesMatchTheCRegisterRules)
{
    ref_block ref;
    ref_reset(&ref);
    uint64_t seed = UINT64_C(0x9E3779B97F4A7C15);
    for (unsigned n = 0; n < 4000; n++) {
        uint32_t r = next_random(&seed);
        uint32_t offset;
        switch (r % 8) {
        case 0: offset = next_random(&seed) & 0xFFCu; break;  /* anywhere, mostly holes */
        case 1: offset = ROUNDTRIP_START_OFFSET; break;        /* GO often */
        default: offset = RT_REG(next_random(&seed) % ROUNDTRIP_REGISTER_COUNT)->offset; break;
        }
        uint32_t data = next_random(&seed);
        if (offset == ROUNDTRIP_STATUS_OFFSET && (r & 0x100))
            data &= next_random(&seed); /* clear fewer bits */
        uint8_t strb = (r >> 4 & 3) ? 0xF : (uint8_t)(next_random(&seed) & 0xF);
        write_order order = (write_order)((r >> 6) % 3);
        unsigned gap = r >> 9 & 1, delay = r >> 10 & 3;
        if (r >> 3 & 1) {
            uint8_t want = ref_access(&ref, true, offset, data, strb, NULL);
            uint8_t got = axi_write_ex(self, offset, data, strb, order, gap, delay);
            EXPECT_EQ(got, want);
            if (got != want)
                ADD_FAILURE("access %u: write 0x%08x strb 0x%x to 0x%03x", n, data, strb, offset);
        } else {
            uint32_t want_data = 0, got_data = 0;
            uint8_t want = ref_access(&ref, false, offset, 0, 0, &want_data);
            uint8_t got = axi_read_ex(self, offset, delay, &got_data);
            EXPECT_EQ(got, want);
            EXPECT_EQ(got_data, want_data);
            if (got != want || got_data != want_data)
                ADD_FAILURE("access %u: read 0x%03x", n, offset);
        }
        ASSERT_EQ(cosim_roundtrip_rtl_irq(self->rtl), ref_irq(&ref));
    }
    expect_all_registers(self, &ref);
}

/* ---------------------------------------------------------------------------------------- */
/* Protocol assertions catch a misbehaving master                                            */
/* ---------------------------------------------------------------------------------------- */

/* A write whose B the master does not take yet, so that AWREADY and WREADY stay low. */
static void leave_b_waiting(Rtl *self)
{
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .wvalid = true,
                                          .wdata = 0x1u, .wstrb = 0xF};
    step(self);
    ASSERT_TRUE(self->out.awready && self->out.wready);
    idle(self);
    step(self);
    ASSERT_TRUE(self->out.bvalid);
}

static void take_b(Rtl *self)
{
    idle(self);
    self->in.bready = true;
    step(self);
    EXPECT_TRUE(self->out.bvalid);
    idle(self);
    step(self);
}

static void expect_one_failure_naming(Rtl *self, const char *what)
{
    EXPECT_EQ(failures(self), 1);
    const char *message = cosim_roundtrip_rtl_last_assertion(self->rtl);
    EXPECT_TRUE(strstr(message, what) != NULL);
    EXPECT_TRUE(strstr(message, "Assertion failed") != NULL);
    if (!strstr(message, what))
        ADD_FAILURE("last assertion message: \"%s\"", message);
}

TEST_F(Rtl, AssertionCatchesAwvalidDroppedBeforeAwready)
{
    self->failures_expected = true;
    leave_b_waiting(self);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_MODE_OFFSET};
    step(self);
    EXPECT_FALSE(self->out.awready);
    EXPECT_EQ(failures(self), 0);
    self->in.awvalid = false; /* protocol violation: dropped before AWREADY */
    step(self);
    expect_one_failure_naming(self, "AWVALID dropped");
    take_b(self);
    EXPECT_EQ(failures(self), 1); /* no further failures */
    EXPECT_EQ(read_ok(self, ROUNDTRIP_SCRATCH_OFFSET), 0x1u);
}

TEST_F(Rtl, AssertionCatchesAwaddrChangedBeforeAwready)
{
    self->failures_expected = true;
    leave_b_waiting(self);
    self->in = (cosim_axi_lite_request_pins){.awvalid = true, .awaddr = ROUNDTRIP_MODE_OFFSET};
    step(self);
    self->in.awaddr = ROUNDTRIP_SCRATCH_OFFSET;
    step(self);
    expect_one_failure_naming(self, "AWVALID dropped or AWADDR/AWPROT changed");
}

TEST_F(Rtl, AssertionCatchesWvalidDroppedBeforeWready)
{
    self->failures_expected = true;
    leave_b_waiting(self);
    self->in = (cosim_axi_lite_request_pins){.wvalid = true, .wdata = 5, .wstrb = 0xF};
    step(self);
    EXPECT_FALSE(self->out.wready);
    self->in.wvalid = false;
    step(self);
    expect_one_failure_naming(self, "WVALID dropped");
}

TEST_F(Rtl, AssertionCatchesArvalidDroppedBeforeArready)
{
    self->failures_expected = true;
    self->in = (cosim_axi_lite_request_pins){.arvalid = true, .araddr = ROUNDTRIP_ID_OFFSET};
    step(self);
    ASSERT_TRUE(self->out.arready);
    idle(self);
    step(self); /* R waits: RREADY low, so ARREADY is low */
    ASSERT_TRUE(self->out.rvalid);
    self->in = (cosim_axi_lite_request_pins){.arvalid = true, .araddr = ROUNDTRIP_SCRATCH_OFFSET};
    step(self);
    EXPECT_FALSE(self->out.arready);
    self->in.arvalid = false;
    step(self);
    expect_one_failure_naming(self, "ARVALID dropped");
}

TEST_F(Rtl, AssertionCatchesValidDuringReset)
{
    self->failures_expected = true;
    cosim_roundtrip_rtl *fresh = cosim_roundtrip_rtl_create(); /* rst_ni still low */
    ASSERT_NE(fresh, NULL);
    cosim_axi_lite_request_pins in = {.awvalid = true, .awaddr = ROUNDTRIP_SCRATCH_OFFSET, .wvalid = true,
                                   .wdata = 1, .wstrb = 0xF};
    cosim_axi_lite_response_pins out;
    cosim_roundtrip_rtl_cycle(fresh, &in, &out);
    EXPECT_EQ(cosim_roundtrip_rtl_assertion_failures(fresh), 1);
    EXPECT_TRUE(strstr(cosim_roundtrip_rtl_last_assertion(fresh), "during reset") != NULL);
    cosim_roundtrip_rtl_reset(fresh, 1);
    cosim_roundtrip_rtl_cycle(fresh, NULL, &out);
    EXPECT_FALSE(out.bvalid); /* the write in reset was not taken */
    cosim_roundtrip_rtl_destroy(fresh);
    EXPECT_EQ(failures(self), 0); /* instances keep their own counts */
}

TEST_F(Rtl, NoAssertionMessageWithoutFailure)
{
    write_ok(self, ROUNDTRIP_SCRATCH_OFFSET, 1);
    EXPECT_EQ(failures(self), 0);
    EXPECT_STREQ(cosim_roundtrip_rtl_last_assertion(self->rtl), "");
}
