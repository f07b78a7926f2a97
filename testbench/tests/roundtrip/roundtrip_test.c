/* The round-trip block through the bring-up system, one test body in three modes: the C
 * model alone, the RTL twin behind the AXI4-Lite transactor, and both in lockstep. Every
 * body asserts exact values, so the model and the RTL must each be right on their own, and
 * TearDown fails a lockstep run on any divergence and an RTL run on any assertion failure.
 * Expected values are worked out by hand from roundtrip_regs.toml, not from either side. */
#include <stdint.h>
#include <string.h>

#include "roundtrip_regs.h"
#include "cosim_lockstep.h"
#include "gtsim_system.h"
#include "tb_test.h"
#include "tb_test_modes.h"

typedef struct RoundTrip {
    gtsim_system *system;   /* the system under test */
    gtsim_block_mode mode;  /* how the round-trip block is simulated */
} RoundTrip;

/* ---- host access helpers: one access, then let time reach its end --------------------- */

static tlm_status access(RoundTrip *self, tlm_cmd command, uint64_t offset, uint8_t *data,
                                  uint32_t length, const uint8_t *byte_enable, uint32_t byte_enable_length)
{
    /* Offsets are the block's: it sits at GTSIM_SYSTEM_ROUNDTRIP_BASE in the system's BAR. */
    tlm_payload payload = tlm_payload_make(command, GTSIM_SYSTEM_ROUNDTRIP_BASE + offset, data, length);
    payload.byte_enable = byte_enable;
    payload.byte_enable_length = byte_enable_length;
    tlm_time delay = 0;
    tlm_b_transport(gtsim_system_mmio(self->system), &payload, &delay);
    tlm_kernel_run_for(gtsim_system_kernel(self->system), delay);
    return payload.response;
}

static tlm_status mmio_write(RoundTrip *self, uint32_t offset, uint32_t value)
{
    uint8_t bytes[4];
    memcpy(bytes, &value, 4);
    return access(self, TLM_CMD_WRITE, offset, bytes, 4, NULL, 0);
}

static uint32_t mmio_read(RoundTrip *self, uint32_t offset)
{
    uint8_t bytes[4] = { 0xEE, 0xEE, 0xEE, 0xEE };
    tlm_status status = access(self, TLM_CMD_READ, offset, bytes, 4, NULL, 0);
    ASSERT_EQ(status, TLM_STATUS_OK);
    uint32_t value;
    memcpy(&value, bytes, 4);
    return value;
}

static tlm_status mmio_read_status(RoundTrip *self, uint32_t offset)
{
    uint8_t bytes[4];
    return access(self, TLM_CMD_READ, offset, bytes, 4, NULL, 0);
}

static uint64_t host_irq(RoundTrip *self)
{
    return tlm_signal_get(gtsim_system_host_irq(self->system));
}

static void set_up(RoundTrip *self, gtsim_block_mode mode)
{
    char error[160] = "";
    gtsim_system_config config = { .roundtrip_mode = mode };
    self->mode = mode;
    self->system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(self->system != NULL);
    /* Refused accesses are logged as errors by design; keep test output to real failures. */
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_LEVEL_COUNT);
}

static void tear_down(RoundTrip *self)
{
    if (!self->system)
        return;
    EXPECT_EQ(gtsim_system_mismatches(self->system), 0u);
    EXPECT_EQ(gtsim_system_rtl_assertion_failures(self->system), 0u);
    gtsim_system_destroy(self->system);
}

/* ---- bodies ------------------------------------------------------------------------------ */

static void body_reset_values(RoundTrip *self)
{
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_ID_OFFSET), 0x47540001u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_SCRATCH_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_START_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_RESULT_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_SET_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_INT_ENABLE_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_COUNT_OFFSET), 0u);
    EXPECT_EQ(host_irq(self), 0u);
}

static void body_scratch_round_trip(RoundTrip *self)
{
    static const uint32_t patterns[] = { 0xFFFFFFFFu, 0x00000000u, 0xA5A55A5Au, 0x12345678u, 0x80000001u };
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        EXPECT_EQ(mmio_write(self, ROUNDTRIP_SCRATCH_OFFSET, patterns[i]), TLM_STATUS_OK);
        EXPECT_EQ(mmio_read(self, ROUNDTRIP_SCRATCH_OFFSET), patterns[i]);
    }
}

static void body_masked_mode(RoundTrip *self)
{
    /* spec 000 §1.1.4: bits 31:16 enable the write of 15:0 and read as 0. */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0x007F007Fu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0x7Fu);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0x00010000u), TLM_STATUS_OK); /* clear INVERT only */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0x7Eu);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0x0000FFFFu), TLM_STATUS_OK); /* no enables: no change */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0x7Eu);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0xFFFF0000u), TLM_STATUS_OK); /* all enables, value 0 */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0xFFFFFFFFu), TLM_STATUS_OK); /* reserved bits stay 0 */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0x7Fu);
}

static void body_operation(RoundTrip *self)
{
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_SCRATCH_OFFSET, 0x12345678u), TLM_STATUS_OK);
    /* SWAP_BYTES, ROTATE = 4, INVERT: 0x12345678 -> 0x78563412 -> 0x85634127 -> 0x7A9CBED8. */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0x007F0000u | (4u << 2) | 0x3u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_START_OFFSET, 1u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_RESULT_OFFSET), 0x7A9CBED8u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_START_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x1u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_COUNT_OFFSET), 1u);
    /* A second operation before DONE is cleared overruns. ROTATE = 31 only: 0xDEADBEEF -> 0xEF56DF77. */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_SCRATCH_OFFSET, 0xDEADBEEFu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_MODE_OFFSET, 0x007F0000u | (31u << 2)), TLM_STATUS_OK);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_START_OFFSET, 1u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_RESULT_OFFSET), 0xEF56DF77u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x3u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_COUNT_OFFSET), 2u);
    /* Writing 0 to GO does nothing. */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_START_OFFSET, 0u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_COUNT_OFFSET), 2u);
}

static void body_w1c_and_w1s(RoundTrip *self)
{
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_SET_OFFSET, 0x2u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x2u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_SET_OFFSET), 0x2u); /* the alias reads STATUS */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_SET_OFFSET, 0x0u), TLM_STATUS_OK); /* 0 sets nothing */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x2u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_SET_OFFSET, 0xFFFFFFFFu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x3u); /* reserved bits stay 0 */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_OFFSET, 0x1u), TLM_STATUS_OK); /* W1C: DONE only */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x2u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_OFFSET, 0x0u), TLM_STATUS_OK); /* 0 clears nothing */
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0x2u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_OFFSET, 0x2u), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_STATUS_OFFSET), 0u);
}

static void body_interrupt(RoundTrip *self)
{
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_SET_OFFSET, 0x1u), TLM_STATUS_OK);
    EXPECT_EQ(host_irq(self), 0u); /* not enabled */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_INT_ENABLE_OFFSET, 0x1u), TLM_STATUS_OK);
    EXPECT_EQ(host_irq(self), 1u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_STATUS_OFFSET, 0x1u), TLM_STATUS_OK);
    EXPECT_EQ(host_irq(self), 0u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_START_OFFSET, 1u), TLM_STATUS_OK); /* DONE from an operation */
    EXPECT_EQ(host_irq(self), 1u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_INT_ENABLE_OFFSET, 0x2u), TLM_STATUS_OK); /* only OVERRUN */
    EXPECT_EQ(host_irq(self), 0u);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_START_OFFSET, 1u), TLM_STATUS_OK); /* overruns */
    EXPECT_EQ(host_irq(self), 1u);
}

static void body_error_responses(RoundTrip *self)
{
    EXPECT_EQ(mmio_read_status(self, ROUNDTRIP_COUNT_OFFSET + 4), TLM_STATUS_ADDRESS_ERROR); /* hole: DECERR */
    EXPECT_EQ(mmio_read_status(self, 0xFFC), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(mmio_write(self, 0x800, 1u), TLM_STATUS_ADDRESS_ERROR);
    /* Beyond the block nothing is mapped, and the block sits beyond the GT's register space:
     * DECERR (docs/reference/gt.md "MMIO map"). */
    EXPECT_EQ(mmio_read_status(self, 0x8000), TLM_STATUS_ADDRESS_ERROR);
    /* Writes to registers without a writable bit answer SLVERR and change nothing. */
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_ID_OFFSET, 0u), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_RESULT_OFFSET, 0x1234u), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_COUNT_OFFSET, 7u), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_ID_OFFSET), 0x47540001u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_RESULT_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_COUNT_OFFSET), 0u);
    /* What a 32-bit register bus cannot carry. */
    uint8_t bytes[8] = { 0 };
    EXPECT_EQ(access(self, TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET + 2, bytes, 4, NULL, 0), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(access(self, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, bytes, 2, NULL, 0), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(access(self, TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, bytes, 8, NULL, 0), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(access(self, TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, bytes, 0, NULL, 0), TLM_STATUS_BURST_ERROR);
    static const uint8_t bad_enable[1] = { 0x0F };
    EXPECT_EQ(access(self, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, bytes, 4, bad_enable, 1),
              TLM_STATUS_BYTE_ENABLE_ERROR);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_SCRATCH_OFFSET), 0u);
}

static void body_byte_enables(RoundTrip *self)
{
    EXPECT_EQ(mmio_write(self, ROUNDTRIP_SCRATCH_OFFSET, 0x11223344u), TLM_STATUS_OK);
    static const uint8_t bytes_0_and_2[4] = { 0xFF, 0x00, 0xFF, 0x00 };
    uint8_t data[4] = { 0xAA, 0xBB, 0xCC, 0xDD };
    EXPECT_EQ(access(self, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, data, 4, bytes_0_and_2, 4), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_SCRATCH_OFFSET), 0x11CC33AAu);
    /* A read fills only the enabled bytes; the others keep the initiator's values. */
    uint8_t read_back[4] = { 0x01, 0x02, 0x03, 0x04 };
    static const uint8_t byte_1[2] = { 0x00, 0xFF }; /* repeats: bytes 1 and 3 */
    EXPECT_EQ(access(self, TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, read_back, 4, byte_1, 2), TLM_STATUS_OK);
    EXPECT_EQ(read_back[0], 0x01u);
    EXPECT_EQ(read_back[1], 0x33u);
    EXPECT_EQ(read_back[2], 0x03u);
    EXPECT_EQ(read_back[3], 0x11u);
    /* A masked register written without its upper bytes strobed changes nothing. */
    static const uint8_t low_half[4] = { 0xFF, 0xFF, 0x00, 0x00 };
    uint8_t mode[4] = { 0x03, 0x00, 0x03, 0x00 };
    EXPECT_EQ(access(self, TLM_CMD_WRITE, ROUNDTRIP_MODE_OFFSET, mode, 4, low_half, 4), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, ROUNDTRIP_MODE_OFFSET), 0u);
}

/* One fixture per mode; each body runs under all three. */
TB_TEST_MODES_FIXTURES(RoundTrip, set_up, tear_down, GTSIM_MODE_MODEL, GTSIM_MODE_RTL, GTSIM_MODE_LOCKSTEP)

TB_TEST_ALL_MODES(RoundTrip, ResetValues, body_reset_values)
TB_TEST_ALL_MODES(RoundTrip, ScratchRoundTrip, body_scratch_round_trip)
TB_TEST_ALL_MODES(RoundTrip, MaskedModeWrites, body_masked_mode)
TB_TEST_ALL_MODES(RoundTrip, OperationResultStatusCount, body_operation)
TB_TEST_ALL_MODES(RoundTrip, WriteOneToClearAndSet, body_w1c_and_w1s)
TB_TEST_ALL_MODES(RoundTrip, InterruptFollowsStatusAndEnable, body_interrupt)
TB_TEST_ALL_MODES(RoundTrip, ErrorResponses, body_error_responses)
TB_TEST_ALL_MODES(RoundTrip, ByteEnables, body_byte_enables)
