/* The gen12 OA buffer (docs/reference/oa.md "OA buffer"): timer-triggered reports at the tail, the tail
 * advancing and wrapping, the buffer-full rule, the period of i915's oa_exponent_to_ns, and
 * registers at the i915 offsets. */
#include "eu_ctx_regs.h"
#include "eu_regs.h"
#include "eu_test_util.h"

#define OA_BASE 0x400000u

static tlm_status reg_access(const tlm_target *target, tlm_cmd command, uint32_t offset,
                                      uint32_t *value)
{
    uint8_t bytes[4];
    for (int i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(*value >> (8 * i));
    tlm_payload payload = tlm_payload_make(command, offset, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    return payload.response;
}

static void oa_wr(EuSys *self, uint32_t offset, uint32_t value)
{
    ASSERT_EQ(reg_access(eu_array_oa_target(self->array), TLM_CMD_WRITE, offset, &value), TLM_STATUS_OK);
}

static uint32_t oa_rd(EuSys *self, uint32_t offset)
{
    uint32_t value = 0;
    EXPECT_EQ(reg_access(eu_array_oa_target(self->array), TLM_CMD_READ, offset, &value), TLM_STATUS_OK);
    return value;
}

static void ctx_wr(EuSys *self, uint32_t value)
{
    ASSERT_EQ(reg_access(eu_array_oa_ctx_target(self->array), TLM_CMD_WRITE, EU_CTX_OAG_OAGLBCTXCTRL_OFFSET,
                         &value),
              TLM_STATUS_OK);
}

/* The i915 gen12_init_oa_buffer sequence: status 0, head, buffer (base | size | GGTT), tail. */
static void init_buffer(EuSys *self, uint32_t size_code)
{
    oa_wr(self, EU_OAG_OASTATUS_OFFSET, 0);
    oa_wr(self, EU_OAG_OAHEADPTR_OFFSET, OA_BASE);
    oa_wr(self, EU_OAG_OABUFFER_OFFSET, OA_BASE | size_code << EU_OAG_OABUFFER_SIZE_SHIFT | 1u);
    oa_wr(self, EU_OAG_OATAILPTR_OFFSET, OA_BASE);
}

static void enable(EuSys *self, uint32_t exponent, uint32_t format)
{
    ctx_wr(self, EU_CTX_OAG_OAGLBCTXCTRL_TIMER_ENABLE_MASK | exponent << EU_CTX_OAG_OAGLBCTXCTRL_TIMER_PERIOD_SHIFT);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, EU_OAG_OACONTROL_COUNTER_ENABLE_MASK | format << EU_OAG_OACONTROL_COUNTER_FORMAT_SHIFT);
}

/* i915 oa_exponent_to_ns: 2 << E timestamp ticks; the gen12 timestamp runs at 19.2 MHz. */
static tlm_time expected_period(uint32_t exponent)
{
    uint64_t ticks = UINT64_C(2) << exponent;
    return (tlm_time)((ticks * UINT64_C(1000000000000) + 19200000u - 1u) / 19200000u);
}

TEST(EuOaRegisters, OffsetsAreI915s)
{
    /* i915: GEN12_OAG_OACONTROL 0xDAF4, OASTATUS 0xDAFC, OAHEADPTR 0xDB00, OATAILPTR 0xDB04,
     * OABUFFER 0xDB08, OAGLBCTXCTRL 0x2B28. */
    EXPECT_EQ(EU_OAG_MMIO_BASE + EU_OAG_OACONTROL_OFFSET, 0xDAF4u);
    EXPECT_EQ(EU_OAG_MMIO_BASE + EU_OAG_OASTATUS_OFFSET, 0xDAFCu);
    EXPECT_EQ(EU_OAG_MMIO_BASE + EU_OAG_OAHEADPTR_OFFSET, 0xDB00u);
    EXPECT_EQ(EU_OAG_MMIO_BASE + EU_OAG_OATAILPTR_OFFSET, 0xDB04u);
    EXPECT_EQ(EU_OAG_MMIO_BASE + EU_OAG_OABUFFER_OFFSET, 0xDB08u);
    EXPECT_EQ(EU_OAG_CTX_MMIO_BASE + EU_CTX_OAG_OAGLBCTXCTRL_OFFSET, 0x2B28u);
    EXPECT_EQ(EU_OAG_OAHEADPTR_HEAD_MASK, 0xFFFFFFC0u);
    EXPECT_EQ(EU_OAG_OATAILPTR_TAIL_MASK, 0xFFFFFFC0u);
}

TEST_F(EuSys, TimerReportsGoToTheTailAtTheI915Period)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    init_buffer(self, 0);
    enable(self, 5, EU_OAG_OACONTROL_COUNTER_FORMAT_A32U40_A4U32_B8_C8);
    tlm_time period = expected_period(5);
    EXPECT_EQ(eu_array_oa_timer_period(self->array), period);
    tlm_time start = tlm_kernel_now(self->kernel);
    /* The strobe is background work: run-until-idle does not wait for it. */
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 10 * period), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 10u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + 10u * 256u);
    for (uint32_t r = 0; r < 10; r++) {
        uint64_t report = OA_BASE + 256u * r;
        /* spec 001 RPT_ID: reason[0] timer (bit 19) and timer enabled (bit 16). */
        EXPECT_EQ(mem_get(self, report), (1u << 19) | (1u << 16));
        /* GPU_TICKS (DW3): the GT clocks at the report's time. */
        EXPECT_EQ(mem_get(self, report + 12), (uint32_t)((start + (r + 1) * period) / EU_TEST_PERIOD));
    }
    EXPECT_EQ(mem_get(self, OA_BASE + 256u * 10), 0u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OASTATUS_OFFSET), 0u);
}

TEST_F(EuSys, FullBufferDropsReportsUntilTheHeadMoves)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    init_buffer(self, 0); /* 128 KiB: 512 report slots, at most 511 in use */
    enable(self, 0, EU_OAG_OACONTROL_COUNTER_FORMAT_A32U40_A4U32_B8_C8);
    tlm_time period = expected_period(0);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 600 * period), TLM_RUN_TIME_REACHED);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->oa_reports, 511u);
    EXPECT_EQ(stats->oa_reports_dropped, 89u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + 511u * 256u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OASTATUS_OFFSET), EU_OAG_OASTATUS_BUFFER_OVERFLOW_MASK);
    /* Software consumes 100 reports and clears the status: 100 more fit, the tail wraps. */
    oa_wr(self, EU_OAG_OAHEADPTR_OFFSET, OA_BASE + 100u * 256u);
    oa_wr(self, EU_OAG_OASTATUS_OFFSET, 0);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 150 * period), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(stats->oa_reports, 611u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + 99u * 256u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OASTATUS_OFFSET), EU_OAG_OASTATUS_BUFFER_OVERFLOW_MASK);
}

/* Moving the head (software consuming) does not restart the strobe; changing the period does. */
TEST_F(EuSys, HeadWritesKeepTheStrobePhase)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    init_buffer(self, 1);
    enable(self, 3, EU_OAG_OACONTROL_COUNTER_FORMAT_A32U40_A4U32_B8_C8);
    tlm_time period = expected_period(3);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, period + period / 2), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 1u);
    oa_wr(self, EU_OAG_OAHEADPTR_OFFSET, OA_BASE + 256u);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, period / 2), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 2u);
    /* a new period restarts from the write */
    ctx_wr(self, EU_CTX_OAG_OAGLBCTXCTRL_TIMER_ENABLE_MASK | 4u << EU_CTX_OAG_OAGLBCTXCTRL_TIMER_PERIOD_SHIFT);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, expected_period(4) - 1), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 2u);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 1), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 3u);
}

TEST_F(EuSys, NoReportsWithoutBothEnablesOrWithAnotherFormat)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    init_buffer(self, 0);
    ctx_wr(self, EU_CTX_OAG_OAGLBCTXCTRL_TIMER_ENABLE_MASK); /* counters off */
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 20 * expected_period(0)), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 0u);
    EXPECT_EQ(eu_array_oa_timer_period(self->array), 0u);
    ctx_wr(self, 0);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, EU_OAG_OACONTROL_COUNTER_ENABLE_MASK | 5u << 2); /* timer off */
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 20 * expected_period(0)), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 0u);
    uint64_t warnings = tlm_logger_count(tlm_kernel_logger(self->kernel), TLM_LOG_WARNING);
    enable(self, 0, 2); /* format 010b: not modelled */
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 20 * expected_period(0)), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 0u);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(self->kernel), TLM_LOG_WARNING) - warnings, 1u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE);
}

TEST_F(EuSys, TailOutsideTheBufferLosesTheReport)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    init_buffer(self, 0);
    oa_wr(self, EU_OAG_OATAILPTR_OFFSET, OA_BASE + (256u << 10));
    enable(self, 0, EU_OAG_OACONTROL_COUNTER_FORMAT_A32U40_A4U32_B8_C8);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 3 * expected_period(0)), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports, 0u);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_reports_dropped, 3u);
    EXPECT_EQ(oa_rd(self, EU_OAG_OASTATUS_OFFSET), EU_OAG_OASTATUS_REPORT_LOST_MASK);
}

TEST_F(EuSys, Gen6HasNoOagBlock)
{
    eu_build(self, CS_PROFILE_GEN6, NULL);
    EXPECT_TRUE(eu_array_oa_target(self->array) == NULL);
    EXPECT_TRUE(eu_array_oa_ctx_target(self->array) == NULL);
}
