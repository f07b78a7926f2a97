/* The EU array behind a real render command streamer (docs/reference/eu.md "Walker decode", "Report
 * format"): ring -> COMPUTE_WALKER / GPGPU_WALKER -> PIPE_CONTROL with CS stall ->
 * MI_STORE_DATA_IMM, MI_REPORT_PERF_COUNT reports on both profiles, TS_GPGPU_THREADS_DISPATCHED,
 * faults and unknown kernels in walkers. */
#include <stdint.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "eu_array.h"
#include "irq_message.h"
#include "gtsim_system.h"
#include "tb_test.h"

#define RING 0x100000u
#define HWSP 0x200000u
#define IDD 0x300000u
#define INDIRECT 0x310000u
#define DATA 0x400000u
#define SCRATCH 0x500000u
#define REPORT 0x600000u
#define FLAG 0x700000u
#define K_FILL 0x800000u
#define K_SLOW 0x800040u
#define K_NOP 0x800080u
#define PROGRAM_CAPACITY 512u

typedef struct EuWalk {
    gtsim_system *system;                  /* ring, engines, memory */
    eu_array *array;                    /* connected to RCS */
    cs_profile profile;                 /* the system's profile */
    uint32_t program[PROGRAM_CAPACITY]; /* ring being assembled */
    uint32_t length;                    /* dwords in program */
} EuWalk;

static void EuWalk_SetUp(EuWalk *self)
{
    memset(self, 0, sizeof *self);
}

static void EuWalk_TearDown(EuWalk *self)
{
    if (self->array) {
        cs_walker_port none = { 0 };
        cs_statistics_port no_statistics = { 0 };
        cs_engine_set_walker_port(gtsim_system_engine(self->system, CS_ENGINE_RCS), &none);
        cs_engine_set_statistics_port(gtsim_system_engine(self->system, CS_ENGINE_RCS), &no_statistics);
        eu_array_destroy(self->array);
    }
    gtsim_system_destroy(self->system);
}

static void build(EuWalk *self, cs_profile profile)
{
    char error[256] = "";
    gtsim_system_config config = { .profile = profile == CS_PROFILE_GEN6 ? "gen6" : "gen12" };
    self->system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(self->system != NULL);
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_LEVEL_COUNT);
    self->profile = profile;
    eu_array_config eu = { .profile = profile, .memory = gtsim_system_memory(self->system),
                           .clock_period = gtsim_system_clock_period(self->system) };
    self->array = eu_array_create(gtsim_system_kernel(self->system), "eu", &eu);
    ASSERT_TRUE(self->array != NULL);
    eu_array_connect(self->array, gtsim_system_engine(self->system, CS_ENGINE_RCS));
}

static tlm_status access(const tlm_target *target, tlm_cmd command, uint64_t address, uint32_t *value)
{
    uint8_t bytes[4];
    for (int i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(*value >> (8 * i));
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    return payload.response;
}

static void mem_wr(EuWalk *self, uint64_t address, uint32_t value)
{
    ASSERT_EQ(access(gtsim_system_memory(self->system), TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

static uint32_t mem_rd(EuWalk *self, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_EQ(access(gtsim_system_memory(self->system), TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

static uint64_t rcs_base(EuWalk *self)
{
    return cs_profile_get(self->profile)->engines[CS_ENGINE_RCS].mmio_base;
}

static void wr(EuWalk *self, uint32_t offset, uint32_t value)
{
    ASSERT_EQ(access(gtsim_system_mmio(self->system), TLM_CMD_WRITE, rcs_base(self) + offset, &value),
              TLM_STATUS_OK);
}

static uint32_t rd(EuWalk *self, uint32_t offset)
{
    uint32_t value = 0;
    EXPECT_EQ(access(gtsim_system_mmio(self->system), TLM_CMD_READ, rcs_base(self) + offset, &value),
              TLM_STATUS_OK);
    return value;
}

static void emit(EuWalk *self, const char *name, const cs_setting *settings, size_t count)
{
    const cs_command *command = cs_find_command(self->profile, name);
    ASSERT_TRUE(command != NULL);
    cs_encode_result result;
    ASSERT_EQ(cs_encode(command, 0, settings, count, &self->program[self->length], PROGRAM_CAPACITY - self->length,
                        &result),
              CS_ENCODE_OK);
    self->length += result.length;
}

#define EMIT(name, ...)                                                                                                \
    do {                                                                                                               \
        const cs_setting emit_settings_[] = { __VA_ARGS__ };                                                           \
        emit(self, name, emit_settings_, sizeof emit_settings_ / sizeof emit_settings_[0]);                            \
    } while (0)

static void sdi(EuWalk *self, uint64_t address, uint32_t data)
{
    EMIT("MI_STORE_DATA_IMM", { "address", 0, address }, { "data", 0, data });
}

static void stall(EuWalk *self)
{
    EMIT("PIPE_CONTROL", { "cs_stall", 0, 1 });
}

/* COMPUTE_WALKER over dims x*y*1 groups of `threads` SIMD16 threads of the kernel at `start`,
 * with the last thread's execution mask `mask` and args in the inline data. */
static void compute_walker(EuWalk *self, uint64_t start, uint32_t x, uint32_t y, uint32_t threads, uint32_t mask,
                           const uint32_t args[8])
{
    EMIT("COMPUTE_WALKER", { "simd", 0, 1 }, { "exec_mask", 0, mask }, { "tg_dim_x", 0, x }, { "tg_dim_y", 0, y },
         { "tg_dim_z", 0, 1 }, { "idd0", 0, (uint32_t)start }, { "idd1", 0, (uint32_t)(start >> 32) },
         { "idd5", 0, threads }, { "inline0", 0, args[0] }, { "inline1", 0, args[1] }, { "inline2", 0, args[2] },
         { "inline3", 0, args[3] }, { "inline4", 0, args[4] }, { "inline5", 0, args[5] },
         { "inline6", 0, args[6] }, { "inline7", 0, args[7] });
}

static void start_ring(EuWalk *self)
{
    if (self->length & 1u)
        EMIT("MI_NOOP", { "rsvd0", 0, 0 });
    for (uint32_t i = 0; i < self->length; i++)
        mem_wr(self, RING + 4u * i, self->program[i]);
    wr(self, self->profile == CS_PROFILE_GEN6 ? CS_GEN6_HWS_PGA_OFFSET : CS_HWS_PGA_OFFSET, HWSP);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, 0);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 4u * self->length);
}

static void run(EuWalk *self)
{
    ASSERT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 10 * TLM_MS), TLM_RUN_IDLE);
}

static void register_builtin(EuWalk *self, const char *name, uint64_t start)
{
    eu_kernel kernel = *eu_builtin_kernel(name);
    kernel.start = start;
    ASSERT_TRUE(eu_array_register_kernel(self->array, &kernel));
}

static cs_engine_model *rcs(EuWalk *self)
{
    return gtsim_system_engine(self->system, CS_ENGINE_RCS);
}

/* ---- COMPUTE_WALKER end to end ------------------------------------------------------------------ */

TEST_F(EuWalk, ComputeWalkerFillsMemoryAndCsStallWaitsForIt)
{
    build(self, CS_PROFILE_GEN12);
    register_builtin(self, "fill", K_FILL);
    const uint32_t count = 3 * 2 * 4 * 16 - 5;
    const uint32_t args[8] = { DATA, 0, 0xC0FFEEu, count, 0, 0, 0, 0 };
    compute_walker(self, K_FILL, 3, 2, 4, 0xFFFFu, args);
    stall(self);
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    for (uint32_t i = 0; i < count; i++)
        ASSERT_EQ(mem_rd(self, DATA + 4u * i), 0xC0FFEEu);
    EXPECT_EQ(mem_rd(self, DATA + 4u * count), 0u);
    EXPECT_EQ(mem_rd(self, FLAG), 1u);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->walkers, 1u);
    EXPECT_EQ(stats->walkers_completed, 1u);
    EXPECT_EQ(stats->groups_dispatched, 6u);
    EXPECT_EQ(stats->threads_retired, 24u);
    EXPECT_EQ(cs_engine_walkers_outstanding(rcs(self)), 0u);
    EXPECT_EQ(cs_engine_get_stats(rcs(self))->walker_stall_timeouts, 0u);
}

typedef struct slow_log {
    uint32_t writes; /* phase-1 writes done */
} slow_log;

/* Phase 0: 500 cycles, barrier; phase 1: writes its marker (1 + global thread index). */
static eu_kernel_step kernel_slow(eu_thread *thread, unsigned phase, void *context)
{
    slow_log *log = context;
    const eu_thread_info *info = eu_thread_get_info(thread);
    if (phase == 0) {
        eu_alu(thread, 500);
        return EU_KERNEL_BARRIER;
    }
    uint32_t index = info->group_linear * info->threads_per_group + info->thread_index;
    eu_write32(thread, eu_thread_arg64(thread, 0) + 4u * index, index + 1u);
    log->writes++;
    return EU_KERNEL_DONE;
}

/* Steps the clock and checks, at every step, that the flag is never visible before every
 * marker is. Returns whether the flag was ever seen before all markers. */
static bool flag_before_markers(EuWalk *self, uint32_t markers)
{
    bool early = false;
    tlm_kernel *kernel = gtsim_system_kernel(self->system);
    for (int step = 0; step < 20000 && tlm_kernel_pending_foreground(kernel); step++) {
        tlm_kernel_run_for(kernel, gtsim_system_clock_period(self->system));
        if (mem_rd(self, FLAG) != 1u)
            continue;
        for (uint32_t i = 0; i < markers; i++)
            if (mem_rd(self, SCRATCH + 4u * i) != i + 1u)
                early = true;
        if (!early)
            break;
    }
    return early;
}

TEST_F(EuWalk, StoreAfterCsStallLandsAfterTheWalkersLastWrite)
{
    build(self, CS_PROFILE_GEN12);
    slow_log log = { 0 };
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow, .context = &log };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    const uint32_t args[8] = { SCRATCH, 0, 0, 0, 0, 0, 0, 0 };
    /* 20 groups of 64 threads: at most 6 fit at once (one per 112-thread subslice), so the
     * walker runs in waves and its groups are produced as room frees. */
    compute_walker(self, K_SLOW, 20, 1, 64, 0xFFFFu, args);
    stall(self);
    sdi(self, FLAG, 1);
    start_ring(self);
    EXPECT_FALSE(flag_before_markers(self, 20 * 64));
    EXPECT_EQ(mem_rd(self, FLAG), 1u);
    EXPECT_EQ(log.writes, 20u * 64u);
    EXPECT_EQ(eu_array_get_stats(self->array)->peak_threads, 6u * 64u);
    run(self);
    EXPECT_EQ(cs_engine_get_stats(rcs(self))->walker_stalls, 1u);
    EXPECT_EQ(cs_engine_get_stats(rcs(self))->walker_stall_timeouts, 0u);
}

/* The check above can fail: without the CS stall the store overtakes the walker. */
TEST_F(EuWalk, WithoutCsStallTheStoreOvertakesTheWalker)
{
    build(self, CS_PROFILE_GEN12);
    slow_log log = { 0 };
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow, .context = &log };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    const uint32_t args[8] = { SCRATCH, 0, 0, 0, 0, 0, 0, 0 };
    compute_walker(self, K_SLOW, 2, 1, 3, 0xFFFFu, args);
    EMIT("PIPE_CONTROL", { "dc_flush", 0, 1 });
    sdi(self, FLAG, 1);
    start_ring(self);
    EXPECT_TRUE(flag_before_markers(self, 6));
    run(self);
    EXPECT_EQ(log.writes, 6u);
}

/* The walker's notify: PIPE_CONTROL with CS stall and notify after a walker raises the
 * pipe-control notify interrupt (spec 000 §1.1.7 bit 4) only once the walker completed. */
TEST_F(EuWalk, NotifyAfterCsStallComesAfterTheWalkerCompletes)
{
    build(self, CS_PROFILE_GEN12);
    slow_log log = { 0 };
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow, .context = &log };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_NOTIFY);
    const uint32_t args[8] = { SCRATCH, 0, 0, 0, 0, 0, 0, 0 };
    compute_walker(self, K_SLOW, 8, 1, 64, 0xFFFFu, args);
    EMIT("PIPE_CONTROL", { "cs_stall", 0, 1 }, { "notify", 0, 1 });
    start_ring(self);
    tlm_kernel *kernel = gtsim_system_kernel(self->system);
    bool notified = false;
    for (int step = 0; step < 20000 && tlm_kernel_pending_foreground(kernel); step++) {
        tlm_kernel_run_for(kernel, gtsim_system_clock_period(self->system));
        if (cs_engine_get_stats(rcs(self))->messages > 0) {
            notified = true;
            EXPECT_EQ(eu_array_get_stats(self->array)->walkers_completed, 1u);
            EXPECT_EQ(log.writes, 8u * 64u);
            break;
        }
    }
    EXPECT_TRUE(notified);
    run(self);
    EXPECT_EQ(cs_engine_get_stats(rcs(self))->messages, 1u);
}

/* spec 000 §1.1.12.1: TS_GPGPU_THREADS_DISPATCHED adds the active channels of each dispatch. */
TEST_F(EuWalk, ThreadsDispatchedRegisterCountsActiveChannels)
{
    build(self, CS_PROFILE_GEN12);
    register_builtin(self, "nop", K_NOP);
    const uint32_t args[8] = { 0 };
    compute_walker(self, K_NOP, 5, 1, 3, 0x0007u, args); /* last thread: 3 lanes */
    stall(self);
    start_ring(self);
    run(self);
    const uint32_t expected = 5u * (2u * 16u + 3u);
    EXPECT_EQ(rd(self, CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET), expected);
    EXPECT_EQ(rd(self, CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET), 0u);
    EXPECT_EQ(eu_array_get_stats(self->array)->gpgpu_threads, 15u);
}

/* ---- MI_REPORT_PERF_COUNT ---------------------------------------------------------------------- */

TEST_F(EuWalk, Gen12ReportCarriesTheCountersInTheOarFormat)
{
    build(self, CS_PROFILE_GEN12);
    uint32_t control = 0x15u; /* OACONTROL (OAG offset 0): format 101b, counters count from now */
    EXPECT_EQ(access(eu_array_oa_target(self->array), TLM_CMD_WRITE, 0, &control), TLM_STATUS_OK);
    register_builtin(self, "fill", K_FILL);
    for (uint32_t i = 0; i < 80; i++)
        mem_wr(self, REPORT + 4u * i, 0xAAAAAAAAu);
    const uint32_t args[8] = { DATA, 0, 7, 4 * 3 * 2 * 16, 0, 0, 0, 0 };
    compute_walker(self, K_FILL, 4, 1, 3, 0xFFFFu, args); /* 4 groups x 3 SIMD16 threads, all in range */
    stall(self);
    EMIT("MI_REPORT_PERF_COUNT", { "address", 0, REPORT }, { "report_id", 0, 0x1234u });
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    ASSERT_EQ(mem_rd(self, FLAG), 1u);
    /* Independently: each thread costs base 2 + 2 ALU x 2 passes + one write (1 issue cycle,
     * 16 latency + the memory's bus time, 0 in the bring-up system). */
    const uint32_t threads = 12;
    const uint32_t active = threads * (2 + 4 + 1), stall_cycles = threads * 16;
    /* spec 001 OAR format 101b: DW0 RPT_ID, DW1 TIME_STAMP, DW2 CTX ID, DW3 GPU_TICKS, DW4.. A0.. */
    EXPECT_EQ(mem_rd(self, REPORT + 0), 0x1234u);
    EXPECT_EQ(mem_rd(self, REPORT + 4u * 2), 0u);
    uint32_t ticks = mem_rd(self, REPORT + 4u * 3);
    tlm_time now = tlm_kernel_now(gtsim_system_kernel(self->system));
    tlm_time period = gtsim_system_clock_period(self->system);
    EXPECT_LE(ticks, now / period);
    EXPECT_GE(ticks, 2 + 4 + 1 + 16u); /* at least the walker's run */
    uint32_t stamp = mem_rd(self, REPORT + 4u * 1);
    EXPECT_LE((uint64_t)stamp, now * 24u / 1250000u);
    EXPECT_GE((uint64_t)stamp * 1250000u / 24u + 1250000u / 24u, (uint64_t)ticks * period);
    uint32_t busy = mem_rd(self, REPORT + 4u * (4 + 0)); /* A0 */
    EXPECT_EQ(busy, 2 + 4 + 1 + 16u);                  /* all threads ran at once */
    EXPECT_EQ(mem_rd(self, REPORT + 4u * (4 + 4)), threads); /* A4 GPGPU threads */
    EXPECT_EQ(mem_rd(self, REPORT + 4u * (4 + 7)), active);  /* A7 EU active */
    EXPECT_EQ(mem_rd(self, REPORT + 4u * (4 + 8)), stall_cycles); /* A8 EU stall */
    for (uint32_t a = 0; a < 36; a++)
        if (a != 0 && a != 4 && a != 7 && a != 8)
            EXPECT_EQ(mem_rd(self, REPORT + 4u * (4 + a)), 0u);
    for (uint32_t dw = 40; dw < 64; dw++) /* high bytes, B and C counters */
        EXPECT_EQ(mem_rd(self, REPORT + 4u * dw), 0u);
    EXPECT_EQ(mem_rd(self, REPORT + 256), 0xAAAAAAAAu); /* 256 bytes, no more */
    EXPECT_EQ(eu_array_get_stats(self->array)->reports, 1u);
}

/* A requester other than a walker feeds gen6's array (gen6 has no walker): the report of spec
 * 000 §1.1.13.1 Counter Select 000 carries A0 core array active and A1 stalled. */
typedef struct one_group {
    eu_group group; /* offered once */
    bool offered;   /* taken */
} one_group;

static bool one_next(void *context, eu_group *group)
{
    one_group *one = context;
    if (one->offered)
        return false;
    one->offered = true;
    *group = one->group;
    return true;
}

TEST_F(EuWalk, Gen6ReportCarriesCoreArrayActiveAndStalled)
{
    build(self, CS_PROFILE_GEN6);
    register_builtin(self, "fill", K_FILL);
    one_group one = { .group = { .ffid = EU_FFID_VS, .kernel_start = K_FILL, .threads = 5, .simd_width = 8,
                                 .exec_mask = 0xFF, .right_mask = 0xFF, .bottom_mask = 0xFF,
                                 .args = { DATA, 0, 9, 40 } } };
    eu_requester requester = { .name = "vs", .next = one_next, .context = &one };
    int index = eu_array_add_requester(self->array, &requester);
    ASSERT_GE(index, 0);
    eu_array_kick(self->array, index);
    run(self);
    for (uint32_t i = 0; i < 40; i++)
        ASSERT_EQ(mem_rd(self, DATA + 4u * i), 9u);
    for (uint32_t i = 0; i < 20; i++)
        mem_wr(self, REPORT + 4u * i, 0xAAAAAAAAu);
    EMIT("MI_REPORT_PERF_COUNT", { "address", 0, REPORT }, { "report_id", 0, 0xBEEFu });
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    ASSERT_EQ(mem_rd(self, FLAG), 1u);
    /* fill, SIMD8: base 2 + 2 ALU + one write (1 + 16 latency). */
    EXPECT_EQ(mem_rd(self, REPORT + 0), 0xBEEFu);
    tlm_time now = tlm_kernel_now(gtsim_system_kernel(self->system));
    EXPECT_LE((uint64_t)mem_rd(self, REPORT + 4), now / (80 * TLM_NS)); /* spec 000: 80 ns per tick */
    EXPECT_EQ(mem_rd(self, REPORT + 8), 0u);
    EXPECT_EQ(mem_rd(self, REPORT + 4u * 3), 5u * (2 + 2 + 1)); /* A0 */
    EXPECT_EQ(mem_rd(self, REPORT + 4u * 4), 5u * 16u);         /* A1 */
    for (uint32_t dw = 5; dw < 16; dw++)
        EXPECT_EQ(mem_rd(self, REPORT + 4u * dw), 0u);
    EXPECT_EQ(mem_rd(self, REPORT + 64), 0xAAAAAAAAu); /* 64 bytes, no more */
    EXPECT_EQ(eu_array_get_stats(self->array)->gpgpu_threads, 0u);
}

TEST_F(EuWalk, Gen6HasNoWalkerCommand)
{
    build(self, CS_PROFILE_GEN6);
    EXPECT_TRUE(cs_find_command(CS_PROFILE_GEN6, "GPGPU_WALKER") == NULL);
    EXPECT_TRUE(cs_find_command(CS_PROFILE_GEN6, "COMPUTE_WALKER") == NULL);
    EXPECT_EQ(eu_report_size(CS_PROFILE_GEN6), 64u);
    EXPECT_EQ(eu_report_size(CS_PROFILE_GEN12), 256u);
}

/* ---- GPGPU_WALKER -------------------------------------------------------------------------------- */

TEST_F(EuWalk, GpgpuWalkerReadsItsDescriptorAndIndirectData)
{
    build(self, CS_PROFILE_GEN12);
    register_builtin(self, "fill", K_FILL);
    eu_array_set_descriptor_base(self->array, IDD);
    /* descriptor 2: genxml gen12 INTERFACE_DESCRIPTOR_DATA DW0 KSP 31:6, DW6 9:0 threads */
    mem_wr(self, IDD + 2 * 32 + 0, K_FILL);
    mem_wr(self, IDD + 2 * 32 + 4, 0);
    mem_wr(self, IDD + 2 * 32 + 24, 4);
    const uint32_t count = 2 * 4 * 8;
    const uint32_t args[4] = { DATA, 0, 0x77u, count };
    for (uint32_t i = 0; i < 4; i++)
        mem_wr(self, INDIRECT + 4u * i, args[i]);
    EMIT("GPGPU_WALKER", { "idd_offset", 0, 2 }, { "indirect_data_length", 0, 16 },
         { "indirect_data_start", 0, INDIRECT }, { "thread_width_max", 0, 3 }, { "simd", 0, 0 },
         { "tg_dim_x", 0, 2 }, { "tg_dim_y", 0, 1 }, { "tg_dim_z", 0, 1 }, { "right_mask", 0, 0x3 },
         { "bottom_mask", 0, 0xFFFFFFFFu });
    stall(self);
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    EXPECT_EQ(mem_rd(self, FLAG), 1u);
    /* Right mask 0x3 on the last thread of each row (lanes 24..31 of a group): only lanes 24, 25. */
    for (uint32_t g = 0; g < 2; g++)
        for (uint32_t lane = 0; lane < 32; lane++) {
            uint32_t expected = lane < 26 ? 0x77u : 0u;
            EXPECT_EQ(mem_rd(self, DATA + 4u * (32 * g + lane)), expected);
        }
    EXPECT_EQ(eu_array_get_stats(self->array)->threads_retired, 8u);
    EXPECT_EQ(eu_array_get_stats(self->array)->gpgpu_channels, 2u * (3u * 8u + 2u));
}

/* ---- bad input ------------------------------------------------------------------------------- */

TEST_F(EuWalk, UnknownKernelAndFaultingWalkersStillComplete)
{
    build(self, CS_PROFILE_GEN12);
    register_builtin(self, "fill", K_FILL);
    const uint32_t nowhere[8] = { 0, 0x10000u /* 2^48: past the memory */, 1, 1000, 0, 0, 0, 0 };
    const uint32_t none[8] = { 0 };
    compute_walker(self, 0x9990000u, 2, 2, 2, 0xFFFFu, none); /* no such kernel */
    compute_walker(self, K_FILL, 2, 1, 2, 0xFFFFu, nowhere);   /* writes fault */
    stall(self);
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    EXPECT_EQ(mem_rd(self, FLAG), 1u);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->walkers_completed, 2u);
    EXPECT_EQ(stats->unknown_kernel_threads, 8u);
    EXPECT_EQ(stats->faults, 4u);
    EXPECT_EQ(cs_engine_get_stats(rcs(self))->walker_stall_timeouts, 0u);
    EXPECT_GT(tlm_logger_count(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR), 0u);
}

TEST_F(EuWalk, EmptyAndOversizedWalkersComplete)
{
    build(self, CS_PROFILE_GEN12);
    register_builtin(self, "nop", K_NOP);
    const uint32_t none[8] = { 0 };
    compute_walker(self, K_NOP, 0, 1, 2, 0xFFFFu, none);   /* no groups */
    compute_walker(self, K_NOP, 2, 1, 500, 0xFFFFu, none); /* 500 threads > 112 per subslice */
    stall(self);
    sdi(self, FLAG, 1);
    start_ring(self);
    run(self);
    EXPECT_EQ(mem_rd(self, FLAG), 1u);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->walkers_completed, 2u);
    EXPECT_EQ(stats->groups_refused, 2u);
    EXPECT_EQ(stats->threads_dispatched, 0u);
}
