/* OA counters with execlist contexts (docs/reference/oa.md "Counters", "OA buffer"): the counters count
 * only while OACONTROL enables them; the render (OAR) counters a context's MI_REPORT_PERF_COUNT
 * reads hold only that context's work and carry its id; a render context load writes a
 * context-switch report into the OA buffer, turning counting off a final one; A35 counts the
 * EU array's barrier messages; the buffer's half-full interrupt (spec 001, spec 003). */
#include <stdint.h>

#include "../cs/cs_execlist_fixture.h"
#include "eu_array.h"
#include "eu_regs.h"

#define K_FILL 0x800000u
#define K_BARRIER 0x810000u
#define OA_BASE 0x900000u /* 128 KiB OA buffer */
#define REPORTS 0x600000u
#define REPORT_BYTES 256u

typedef struct OaCtx {
    CsSys cs;          /* the gen12 system (first: the cs helpers take it) */
    eu_array *array;   /* the EU array on its render engine */
    uint32_t messages; /* OA interrupt messages received */
    irq_message last;  /* the last one */
} OaCtx;

static void OaCtx_SetUp(OaCtx *self)
{
    CsSys_SetUp(&self->cs);
    self->array = NULL;
    self->messages = 0;
}

static void OaCtx_TearDown(OaCtx *self)
{
    eu_array_destroy(self->array);
    CsSys_TearDown(&self->cs);
}

static void on_message(void *context, const irq_message *message)
{
    OaCtx *self = context;
    self->messages++;
    self->last = *message;
}

static void oa_build(OaCtx *fixture)
{
    CsSys *self = &fixture->cs;
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    eu_array_config config = { .profile = CS_PROFILE_GEN12,
                               .memory = gtsim_system_memory(self->system),
                               .clock_period = gtsim_system_clock_period(self->system),
                               .irq = { .deliver = on_message, .self = fixture } };
    fixture->array = eu_array_create(gtsim_system_kernel(self->system), "eu", &config);
    ASSERT_TRUE(fixture->array != NULL);
    eu_array_connect(fixture->array, engine_model(self));
    eu_kernel fill = *eu_builtin_kernel("fill");
    fill.start = K_FILL;
    ASSERT_TRUE(eu_array_register_kernel(fixture->array, &fill));
    eu_kernel barrier = *eu_builtin_kernel("barrier_sum");
    barrier.start = K_BARRIER;
    ASSERT_TRUE(eu_array_register_kernel(fixture->array, &barrier));
}

static void oa_wr(OaCtx *fixture, uint32_t offset, uint32_t value)
{
    EXPECT_EQ(access(eu_array_oa_target(fixture->array), TLM_CMD_WRITE, offset, &value), TLM_STATUS_OK);
}

static uint32_t oa_rd(OaCtx *fixture, uint32_t offset)
{
    uint32_t value = 0;
    EXPECT_EQ(access(eu_array_oa_target(fixture->array), TLM_CMD_READ, offset, &value), TLM_STATUS_OK);
    return value;
}

#define COUNTING (EU_OAG_OACONTROL_COUNTER_ENABLE_MASK | 5u << EU_OAG_OACONTROL_COUNTER_FORMAT_SHIFT)

/* i915 gen12_init_oa_buffer order: status, head, buffer (128 KiB, GGTT), tail. */
static void oa_buffer(OaCtx *fixture)
{
    oa_wr(fixture, EU_OAG_OASTATUS_OFFSET, 0);
    oa_wr(fixture, EU_OAG_OAHEADPTR_OFFSET, OA_BASE);
    oa_wr(fixture, EU_OAG_OABUFFER_OFFSET, OA_BASE | 1u);
    oa_wr(fixture, EU_OAG_OATAILPTR_OFFSET, OA_BASE);
}

/* COMPUTE_WALKER of `groups` groups of `threads` SIMD16 threads of `kernel` (args inline),
 * then a CS-stalling PIPE_CONTROL. */
static void walker(CsSys *self, uint64_t kernel, uint32_t groups, uint32_t threads, const uint32_t args[4])
{
    EMIT("COMPUTE_WALKER", 0, { "simd", 0, 1 }, { "exec_mask", 0, 0xFFFFu }, { "tg_dim_x", 0, groups },
         { "tg_dim_y", 0, 1 }, { "tg_dim_z", 0, 1 }, { "idd0", 0, (uint32_t)kernel }, { "idd5", 0, threads },
         { "inline0", 0, args[0] }, { "inline1", 0, args[1] }, { "inline2", 0, args[2] },
         { "inline3", 0, args[3] });
    EMIT("PIPE_CONTROL", 0, { "cs_stall", 0, 1 });
}

static void fill_walker(CsSys *self, uint32_t groups, uint32_t threads)
{
    const uint32_t args[4] = { DATA + 0x1000u, 0, 5, groups * threads * 16u };
    walker(self, K_FILL, groups, threads, args);
}

static void rpc(CsSys *self, uint64_t address, uint32_t id)
{
    EMIT("MI_REPORT_PERF_COUNT", 0, { "address", 0, address }, { "report_id", 0, id });
}

/* A polling wait for the dword at `address` to become 1 (an arbitration point). */
static void semaphore(CsSys *self, uint64_t address)
{
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 1 }, { "address", 0, address });
}

/* A-counter `a` of the report at `address` (spec 001 OAR format 101b: A0 at dword 4). */
static uint32_t report_a(CsSys *self, uint64_t address, unsigned a)
{
    return mem_rd(self, address + 4u * (4u + a));
}

static void cycles(CsSys *self, uint64_t count)
{
    tlm_kernel_run_for(gtsim_system_kernel(self->system), count * gtsim_system_clock_period(self->system));
}

/* ---- enables ------------------------------------------------------------------------------ */

/* With OACONTROL's counter enable clear the work runs but no counter moves; enabled they count;
 * cleared again a final report (reason "GO transition from 1 to 0") holds the counts and they
 * stay still from then on. */
TEST_F(OaCtx, CountersCountOnlyWhileEnabled)
{
    oa_build(self);
    CsSys *cs = &self->cs;
    fill_walker(cs, 1, 4);
    rpc(cs, REPORTS, 1);
    start_ring(cs);
    run(cs);
    EXPECT_EQ(eu_array_get_stats(self->array)->gpgpu_threads, 4u); /* the work ran */
    EXPECT_EQ(eu_array_a_counter(self->array, 0), 0u);
    EXPECT_EQ(eu_array_a_counter(self->array, 4), 0u);
    EXPECT_EQ(eu_array_a_counter(self->array, 7), 0u);
    EXPECT_EQ(report_a(cs, REPORTS, 4), 0u);
    oa_buffer(self);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, COUNTING);
    wr(cs, CS_RING_CTL_OFFSET, 0);
    fill_walker(cs, 2, 3);
    start_ring(cs);
    run(cs);
    EXPECT_EQ(eu_array_a_counter(self->array, 4), 6u);
    uint64_t active = eu_array_a_counter(self->array, 7);
    EXPECT_GT(active, 0u);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, 0);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + REPORT_BYTES);
    EXPECT_EQ(mem_rd(cs, OA_BASE) & EU_RPT_ID_COUNTING_STOPPED, EU_RPT_ID_COUNTING_STOPPED);
    EXPECT_EQ(report_a(cs, OA_BASE, 4), 6u);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_final_reports, 1u);
    wr(cs, CS_RING_CTL_OFFSET, 0);
    fill_walker(cs, 1, 4);
    start_ring(cs);
    run(cs);
    EXPECT_EQ(eu_array_a_counter(self->array, 4), 6u);
    EXPECT_EQ(eu_array_a_counter(self->array, 7), active);
    EXPECT_EQ(eu_array_get_stats(self->array)->gpgpu_threads, 14u);
}

/* ---- per context ---------------------------------------------------------------------------- */

/* Context A reads its counters, runs 3 threads and is preempted at a semaphore; context B runs 8
 * threads; A resumes and reads again: A's delta holds its 3 threads only, B's report its 8, each
 * report carrying its context id (i915 i915_perf.c gen12_get_render_context_id: bits 15:5). */
TEST_F(OaCtx, ContextReportDeltaHoldsOnlyItsOwnWork)
{
    oa_build(self);
    CsSys *cs = &self->cs;
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, COUNTING);
    rpc(cs, REPORTS, 0xA0);
    fill_walker(cs, 1, 3);
    semaphore(cs, DATA + 0x200u);
    rpc(cs, REPORTS + 0x100u, 0xA1);
    make_context(cs, LRCA0, RING, 0, place_ring(cs, RING));
    fill_walker(cs, 2, 4);
    rpc(cs, REPORTS + 0x200u, 0xB0);
    make_context(cs, LRCA1, RING1, 0, place_ring(cs, RING1));
    submit(cs, descriptor(cs, LRCA0, 1), 0);
    cycles(cs, 1000);
    submit(cs, descriptor(cs, LRCA1, 2), 0);
    cycles(cs, 2000);
    EXPECT_EQ(csb_entry(cs, HWSP, 1) >> 32 & CS_EXECLIST_CSB_DETAIL_MASK, CS_EXECLIST_CSB_DETAIL_PREEMPTED);
    mem_wr(cs, DATA + 0x200u, 1);
    submit(cs, descriptor(cs, LRCA0, 1), 0);
    run(cs);
    EXPECT_EQ(mem_rd(cs, REPORTS + 0x100u), 0xA1u);
    EXPECT_EQ(report_a(cs, REPORTS + 0x100u, 4) - report_a(cs, REPORTS, 4), 3u);
    EXPECT_EQ(report_a(cs, REPORTS + 0x200u, 4), 8u);
    EXPECT_EQ(mem_rd(cs, REPORTS + 8u), 1u << 5);
    EXPECT_EQ(mem_rd(cs, REPORTS + 0x108u), 1u << 5);
    EXPECT_EQ(mem_rd(cs, REPORTS + 0x208u), 2u << 5);
    uint32_t a_active = report_a(cs, REPORTS + 0x100u, 7) - report_a(cs, REPORTS, 7);
    uint32_t b_active = report_a(cs, REPORTS + 0x200u, 7);
    EXPECT_EQ(a_active * 8u, b_active * 3u); /* the same kernel: active cycles scale with threads */
    EXPECT_EQ(eu_array_a_counter(self->array, 4), 11u); /* the OA buffer's counts are global */
    EXPECT_EQ(eu_array_context_a_counter(self->array, 1, 4), 3u);
    EXPECT_EQ(eu_array_context_a_counter(self->array, 2, 4), 8u);
}

/* spec 001 "Context Switch Triggered Reports": each render context load writes the global counts
 * with report reason[3] and the loaded context's id into the OA buffer, only while counting. */
TEST_F(OaCtx, RenderContextLoadsWriteContextSwitchReports)
{
    oa_build(self);
    CsSys *cs = &self->cs;
    oa_buffer(self);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, COUNTING);
    make_context(cs, LRCA0, RING, 0, fence_ring(cs, RING, DATA, 1));
    make_context(cs, LRCA1, RING1, 0, fence_ring(cs, RING1, DATA + 4u, 2));
    submit(cs, descriptor(cs, LRCA0, 1), descriptor(cs, LRCA1, 2));
    run(cs);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + 2u * REPORT_BYTES);
    EXPECT_EQ(mem_rd(cs, OA_BASE), EU_RPT_ID_CONTEXT_SWITCH);
    EXPECT_EQ(mem_rd(cs, OA_BASE + 8u), 1u << 5);
    EXPECT_EQ(mem_rd(cs, OA_BASE + REPORT_BYTES), EU_RPT_ID_CONTEXT_SWITCH);
    EXPECT_EQ(mem_rd(cs, OA_BASE + REPORT_BYTES + 8u), 2u << 5);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_context_reports, 2u);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, 5u << EU_OAG_OACONTROL_COUNTER_FORMAT_SHIFT); /* off: final report */
    submit(cs, descriptor(cs, LRCA0, 1), 0);
    run(cs);
    EXPECT_EQ(oa_rd(self, EU_OAG_OATAILPTR_OFFSET), OA_BASE + 3u * REPORT_BYTES);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_context_reports, 2u);
}

/* ---- barrier messages ------------------------------------------------------------------------- */

/* spec 003 A35 "Barrier Messages": one per thread in a barrier. */
TEST_F(OaCtx, BarrierCounterCountsTheArraysBarriers)
{
    oa_build(self);
    CsSys *cs = &self->cs;
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, COUNTING);
    const uint32_t args[4] = { DATA + 0x1000u, 0, DATA, 0 };
    walker(cs, K_BARRIER, 3, 4, args);
    rpc(cs, REPORTS, 0x35);
    start_ring(cs);
    run(cs);
    EXPECT_EQ(mem_rd(cs, DATA + 4u), 2u * 4u * 5u / 2u); /* the kernel ran: (g + 1) * T(T+1)/2 */
    EXPECT_EQ(eu_array_get_stats(self->array)->barriers, 3u);
    EXPECT_EQ(eu_array_a_counter(self->array, 35), 12u);
    EXPECT_EQ(report_a(cs, REPORTS, 35), 12u);
}

/* ---- half-full interrupt ----------------------------------------------------------------------- */

/* spec 001 "OA Interrupt Control Registers" bit 28: a report that makes the buffer cross half
 * full interrupts once (class other, instance WDOAPERF); consumed below half, it can again. */
TEST_F(OaCtx, HalfFullInterruptWhenTheBufferCrossesHalf)
{
    oa_build(self);
    CsSys *cs = &self->cs;
    oa_buffer(self);
    uint32_t timer = 2u; /* OAGLBCTXCTRL: timer enable, exponent 0 */
    EXPECT_EQ(access(eu_array_oa_ctx_target(self->array), TLM_CMD_WRITE, 0, &timer), TLM_STATUS_OK);
    oa_wr(self, EU_OAG_OACONTROL_OFFSET, COUNTING);
    tlm_time period = eu_array_oa_timer_period(self->array);
    ASSERT_GT(period, 0u);
    const uint64_t half = (128u * 1024u / REPORT_BYTES) / 2u;
    tlm_kernel_run_for(gtsim_system_kernel(cs->system), (half - 1u) * period + period / 2u);
    EXPECT_EQ(self->messages, 0u);
    tlm_kernel_run_for(gtsim_system_kernel(cs->system), period);
    EXPECT_EQ(self->messages, 1u);
    EXPECT_EQ(self->last.engine_class, IRQ_CLASS_OTHER);
    EXPECT_EQ(self->last.instance, IRQ_OTHER_WDOAPERF);
    EXPECT_EQ(self->last.data, EU_OA_IRQ_HALF_FULL);
    tlm_kernel_run_for(gtsim_system_kernel(cs->system), 10u * period);
    EXPECT_EQ(self->messages, 1u); /* still above half: no new crossing */
    oa_wr(self, EU_OAG_OAHEADPTR_OFFSET, oa_rd(self, EU_OAG_OATAILPTR_OFFSET)); /* consumed */
    tlm_kernel_run_for(gtsim_system_kernel(cs->system), (half + 2u) * period);
    EXPECT_EQ(self->messages, 2u);
    EXPECT_EQ(eu_array_get_stats(self->array)->oa_half_full, 2u);
}
