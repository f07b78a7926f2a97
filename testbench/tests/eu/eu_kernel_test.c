/* Kernels on the EU array (docs/reference/eu.md "Kernels", "Cost model", "Barriers", "Faults",
 * "Unknown kernel", "Built-in kernels"): results in memory through real bus transactions,
 * costs and counters against the documented model computed here independently, barrier
 * release, faults and unknown kernels. */
#include "eu_test_util.h"

#define K_FILL 0x20000u
#define K_COPY 0x20040u
#define K_ADD 0x20080u
#define K_STREAM 0x200C0u
#define K_BSUM 0x20100u
#define K_PHASED 0x20140u
#define K_FOREVER 0x20180u
#define K_EARLY 0x201C0u
#define SRC 0x100000u
#define SRC2 0x180000u
#define DST 0x200000u

/* ---- functional results -------------------------------------------------------------------- */

TEST_F(EuSys, BuiltinKernelsComputeTheirResults)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "fill", K_FILL));
    ASSERT_TRUE(eu_register_builtin(self, "add", K_ADD));
    ASSERT_TRUE(eu_register_builtin(self, "stream", K_STREAM));
    const uint32_t count = 100; /* not a multiple of the SIMD width: the tail lanes do nothing */
    for (uint32_t i = 0; i < 4 * count; i++) {
        mem_put(self, SRC + 4 * i, 3 * i + 1);
        mem_put(self, SRC2 + 4 * i, 1000 + i);
    }
    for (uint32_t i = 0; i < count + 16; i++)
        mem_put(self, DST + 4 * i, 0xDEADBEEFu);
    /* add: 2 groups of 4 SIMD16 threads = 128 lanes >= 100 */
    for (uint32_t g = 0; g < 2; g++) {
        eu_group group = eu_make_group(K_ADD, g, 4, 16);
        uint32_t args[8] = { SRC, 0, SRC2, 0, DST, 0, count, 0 };
        memcpy(group.args, args, sizeof args);
        eu_add(self, 0, group);
    }
    eu_run(self);
    for (uint32_t i = 0; i < count; i++)
        ASSERT_EQ(mem_get(self, DST + 4 * i), (3 * i + 1) + (1000 + i));
    for (uint32_t i = count; i < count + 16; i++)
        EXPECT_EQ(mem_get(self, DST + 4 * i), 0xDEADBEEFu);

    /* stream with 3 passes over the SRC array of 3 * count elements */
    eu_group group = eu_make_group(K_STREAM, 0, 7, 16);
    uint32_t args[8] = { SRC, 0, DST, 0, count, 3, 0, 0 };
    memcpy(group.args, args, sizeof args);
    eu_add(self, 1, group);
    eu_run(self);
    for (uint32_t i = 0; i < count; i++)
        ASSERT_EQ(mem_get(self, DST + 4 * i), (3 * i + 1) + (3 * (i + count) + 1) + (3 * (i + 2 * count) + 1));

    /* fill through an execution mask: the last thread's right mask keeps lanes 0..3 */
    eu_group masked = eu_make_group(K_FILL, 0, 2, 8);
    masked.right_mask = 0x0Fu;
    uint32_t fill_args[8] = { DST, 0, 0x5A5A5A5Au, 1000, 0, 0, 0, 0 };
    memcpy(masked.args, fill_args, sizeof fill_args);
    self->scripts[0].count = self->scripts[0].offered = 0;
    eu_add(self, 0, masked);
    eu_run(self);
    for (uint32_t i = 0; i < 16; i++)
        EXPECT_EQ(mem_get(self, DST + 4 * i), i < 12 ? 0x5A5A5A5Au : (3 * i + 1) + (3 * (i + count) + 1) + (3 * (i + 2 * count) + 1));
}

/* Every data-port message is one b_transport on the memory target. */
TEST_F(EuSys, DataPortTrafficIsRealBusTransactions)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "copy", K_COPY));
    tlm_memory_stats before = tlm_memory_get_stats(self->memory);
    /* 3 groups of 2 SIMD32 threads over 150 elements: threads with lanes < 150 do one read and
     * one write each; 192 lanes, so the last thread (lanes 160..191) does nothing. */
    for (uint32_t g = 0; g < 3; g++) {
        eu_group group = eu_make_group(K_COPY, g, 2, 32);
        uint32_t args[8] = { SRC, 0, DST, 0, 150, 0, 0, 0 };
        memcpy(group.args, args, sizeof args);
        eu_add(self, 0, group);
    }
    for (uint32_t i = 0; i < 150; i++)
        mem_put(self, SRC + 4 * i, i * 7);
    eu_run(self);
    tlm_memory_stats after = tlm_memory_get_stats(self->memory);
    EXPECT_EQ(after.reads - before.reads, 5u);
    EXPECT_EQ(after.writes - before.writes, 5u);
    EXPECT_EQ(eu_array_get_stats(self->array)->messages, 10u);
    for (uint32_t i = 0; i < 150; i++)
        ASSERT_EQ(mem_get(self, DST + 4 * i), i * 7);
}

/* ---- cost model and counters ------------------------------------------------------------------ */

/* The counters equal what the documented cost model gives, computed here: per thread base
 * cycles, ceil(SIMD / 8) cycles per ALU instruction, one issue cycle per message, the read or
 * write latency plus the bus time (here the memory's latency, 3 ns = 3 clocks) as stall. */
TEST_F(EuSys, CountersFollowTheCostModel)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    eu_oa_write(self->array, 0, EU_OA_COUNTING_ON); /* OACONTROL (offset 0 of the OAG block) */
    tlm_memory_set_latency(self->memory, 3 * EU_TEST_PERIOD, 2 * EU_TEST_PERIOD);
    ASSERT_TRUE(eu_register_builtin(self, "copy", K_COPY));
    /* 4 groups of 3 SIMD16 threads, count 1000 (every lane in range); last thread of each group
     * has right mask 0x00FF (8 lanes: one message of 32 bytes). */
    for (uint32_t g = 0; g < 4; g++) {
        eu_group group = eu_make_group(K_COPY, g, 3, 16);
        group.right_mask = 0x00FFu;
        uint32_t args[8] = { SRC, 0, DST, 0, 1000, 0, 0, 0 };
        memcpy(group.args, args, sizeof args);
        eu_add(self, 0, group);
    }
    tlm_time start = tlm_kernel_now(self->kernel);
    eu_run(self);
    const uint32_t threads = 12;
    const uint64_t passes = 2; /* SIMD16 on an 8-lane ALU */
    const uint64_t active_per_thread = 2 /* base */ + 2 * passes /* set-up */ + 2 /* two sends */;
    const uint64_t stall_per_thread = (64 + 3) /* read latency + bus */ + (16 + 2) /* write */;
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->eu_active_cycles, threads * active_per_thread);
    EXPECT_EQ(stats->eu_stall_cycles, threads * stall_per_thread);
    EXPECT_EQ(stats->gpgpu_threads, threads);
    EXPECT_EQ(stats->gpgpu_channels, 4u * (2 * 16 + 8));
    /* All threads start together and take active + stall cycles: the array is busy that long. */
    EXPECT_EQ(eu_array_busy_cycles(self->array), active_per_thread + stall_per_thread);
    EXPECT_EQ(tlm_kernel_now(self->kernel) - start, (active_per_thread + stall_per_thread) * EU_TEST_PERIOD);
    EXPECT_EQ(eu_array_gpu_ticks(self->array), tlm_kernel_now(self->kernel) / EU_TEST_PERIOD);
    /* gen12 A counters: A0 busy, A4 GPGPU threads, A7 EU active, A8 EU stall. */
    EXPECT_EQ(eu_array_a_counter(self->array, 0), active_per_thread + stall_per_thread);
    EXPECT_EQ(eu_array_a_counter(self->array, 4), threads);
    EXPECT_EQ(eu_array_a_counter(self->array, 7), threads * active_per_thread);
    EXPECT_EQ(eu_array_a_counter(self->array, 8), threads * stall_per_thread);
    EXPECT_EQ(eu_array_a_counter(self->array, 1), 0u);
    /* Idle time does not count as busy; ticks go on. */
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 50 * EU_TEST_PERIOD), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_busy_cycles(self->array), active_per_thread + stall_per_thread);
    EXPECT_EQ(eu_array_gpu_ticks(self->array), tlm_kernel_now(self->kernel) / EU_TEST_PERIOD);
}

TEST_F(EuSys, Gen6ACountersAreCoreArrayActiveAndStalled)
{
    eu_build(self, CS_PROFILE_GEN6, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_FILL));
    eu_add(self, 0, eu_make_group(K_FILL, 0, 5, 8));
    eu_run(self);
    /* nop: base 2 + 4 ALU x 1 pass; no memory. spec 000 §1.3.11.1: A0 active, A1 stalled. */
    EXPECT_EQ(eu_array_a_counter(self->array, 0), 5u * 6u);
    EXPECT_EQ(eu_array_a_counter(self->array, 1), 0u);
    EXPECT_EQ(eu_array_a_counter(self->array, 4), 0u);
}

/* ---- barriers ------------------------------------------------------------------------------ */

typedef struct phased_log {
    tlm_time phase1_start[16]; /* per thread index */
    uint32_t phase1_runs;      /* phase-1 calls */
} phased_log;

/* Phase 0 costs 10 * (thread + 1) cycles, then a barrier; phase 1 records when it starts. */
static eu_kernel_step kernel_phased(eu_thread *thread, unsigned phase, void *context)
{
    phased_log *log = context;
    const eu_thread_info *info = eu_thread_get_info(thread);
    if (phase == 0) {
        eu_alu(thread, 10u * (info->thread_index + 1u));
        return EU_KERNEL_BARRIER;
    }
    log->phase1_start[info->thread_index] = eu_thread_phase_start(thread);
    log->phase1_runs++;
    eu_alu(thread, 1);
    return EU_KERNEL_DONE;
}

TEST_F(EuSys, BarrierReleasesWhenTheLastThreadArrives)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    phased_log log = { 0 };
    eu_kernel phased = { .name = "phased", .start = K_PHASED, .fn = kernel_phased, .context = &log };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &phased));
    eu_add(self, 0, eu_make_group(K_PHASED, 0, 6, 8));
    tlm_time start = tlm_kernel_now(self->kernel);
    eu_run(self);
    ASSERT_EQ(log.phase1_runs, 6u);
    /* The slowest thread (index 5) arrives after 60 cycles: everyone's phase 1 starts then. */
    for (uint32_t t = 0; t < 6; t++)
        EXPECT_EQ(log.phase1_start[t], start + 60 * EU_TEST_PERIOD);
    EXPECT_EQ(eu_array_get_stats(self->array)->barriers, 1u);
    EXPECT_EQ(eu_array_get_stats(self->array)->threads_retired, 6u);
}

TEST_F(EuSys, BarrierSumBuiltinAcrossGroups)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "barrier_sum", K_BSUM));
    for (uint32_t g = 0; g < 5; g++) {
        eu_group group = eu_make_group(K_BSUM, g, 8, 8);
        uint32_t args[8] = { SRC, 0, DST, 0, 0, 0, 0, 0 };
        memcpy(group.args, args, sizeof args);
        eu_add(self, g % 2, group);
    }
    eu_run(self);
    for (uint32_t g = 0; g < 5; g++)
        EXPECT_EQ(mem_get(self, DST + 4 * g), (g + 1) * 36u);
    EXPECT_EQ(eu_array_get_stats(self->array)->barriers, 5u);
}

/* A thread that retires without the barrier releases the others (choice, docs/reference/eu.md). */
static eu_kernel_step kernel_early(eu_thread *thread, unsigned phase, void *context)
{
    (void)context;
    eu_alu(thread, 5);
    if (eu_thread_get_info(thread)->thread_index == 0 || phase > 0)
        return EU_KERNEL_DONE;
    return EU_KERNEL_BARRIER;
}

TEST_F(EuSys, ThreadRetiringWithoutTheBarrierReleasesIt)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    eu_kernel early = { .name = "early", .start = K_EARLY, .fn = kernel_early };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &early));
    eu_add(self, 0, eu_make_group(K_EARLY, 0, 4, 8));
    eu_run(self);
    EXPECT_EQ(eu_array_get_stats(self->array)->threads_retired, 4u);
    EXPECT_EQ(eu_array_get_stats(self->array)->barriers, 1u);
    EXPECT_EQ(self->scripts[0].done, 1u);
}

static eu_kernel_step kernel_forever(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    eu_alu(thread, 1);
    return EU_KERNEL_BARRIER;
}

TEST_F(EuSys, EndlessBarriersAreBounded)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    eu_kernel forever = { .name = "forever", .start = K_FOREVER, .fn = kernel_forever };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &forever));
    eu_add(self, 0, eu_make_group(K_FOREVER, 0, 2, 8));
    eu_run(self);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->phase_limit_threads, 2u);
    EXPECT_EQ(stats->barriers, EU_MAX_PHASES - 1u);
    EXPECT_EQ(stats->threads_retired, 2u);
}

/* ---- faults and unknown kernels --------------------------------------------------------- */

TEST_F(EuSys, UnmappedAccessFaultsWithoutCrashing)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "copy", K_COPY));
    for (uint32_t i = 0; i < 16; i++)
        mem_put(self, DST + 4 * i, 0xDEADBEEFu);
    /* Reads from an unmapped source: the destination gets zeros. Writes to an unmapped
     * destination: dropped. */
    eu_group from_nowhere = eu_make_group(K_COPY, 0, 1, 16);
    uint32_t args1[8] = { (uint32_t)EU_TEST_UNMAPPED, 0, DST, 0, 16, 0, 0, 0 };
    memcpy(from_nowhere.args, args1, sizeof args1);
    eu_add(self, 0, from_nowhere);
    eu_group to_nowhere = eu_make_group(K_COPY, 1, 2, 16);
    uint32_t args2[8] = { SRC, 0, 0, 1, 64, 0, 0, 0 }; /* dst 1 << 32; gids 32..63 */
    memcpy(to_nowhere.args, args2, sizeof args2);
    eu_add(self, 0, to_nowhere);
    uint64_t errors = log_errors(self);
    eu_run(self);
    for (uint32_t i = 0; i < 16; i++)
        EXPECT_EQ(mem_get(self, DST + 4 * i), 0u);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->faults, 3u);
    EXPECT_EQ(tlm_router_unmapped_count(self->bus), 3u);
    EXPECT_EQ(stats->threads_retired, 3u);
    EXPECT_EQ(self->scripts[0].done, 2u);
    /* One error line per faulting thread (plus the router's own per access). */
    EXPECT_EQ(log_errors(self) - errors, 3u + 3u);
}

TEST_F(EuSys, UnknownKernelRetiresAndIsCounted)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    eu_add(self, 0, eu_make_group(0x7777000u, 0, 3, 8));
    uint64_t errors = log_errors(self);
    eu_run(self);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->unknown_kernel_threads, 3u);
    EXPECT_EQ(stats->threads_retired, 3u);
    EXPECT_EQ(stats->messages, 0u);
    EXPECT_EQ(self->scripts[0].done, 1u);
    EXPECT_EQ(log_errors(self) - errors, 1u);
    /* each thread did nothing for one cycle */
    EXPECT_EQ(stats->eu_active_cycles, 3u);
}

TEST(EuKernelRegistry, RegisterFindReplaceRefuse)
{
    eu_kernel_registry registry;
    eu_kernel_registry_init(&registry);
    eu_kernel kernel = *eu_builtin_kernel("nop");
    kernel.start = 0x1000;
    EXPECT_TRUE(eu_kernel_register(&registry, &kernel));
    EXPECT_STREQ(eu_kernel_find(&registry, 0x1000)->name, "nop");
    EXPECT_TRUE(eu_kernel_find(&registry, 0x1040) == NULL);
    eu_kernel other = *eu_builtin_kernel("fill");
    other.start = 0x1000;
    EXPECT_TRUE(eu_kernel_register(&registry, &other));
    EXPECT_STREQ(eu_kernel_find(&registry, 0x1000)->name, "fill");
    EXPECT_EQ(registry.count, 1u);
    other.start = 0x1004; /* genxml: Kernel Start Pointer 47:6, 64-byte aligned */
    EXPECT_FALSE(eu_kernel_register(&registry, &other));
    other.start = 0x2000;
    other.fn = NULL;
    EXPECT_FALSE(eu_kernel_register(&registry, &other));
    EXPECT_TRUE(eu_builtin_kernel("no such") == NULL);
    for (const char *const *name = eu_builtin_kernel_names; *name; name++)
        EXPECT_TRUE(eu_builtin_kernel(*name) != NULL);
    for (uint32_t i = 1; i < EU_MAX_KERNELS; i++) {
        kernel.start = 0x100000u + 64u * i;
        EXPECT_TRUE(eu_kernel_register(&registry, &kernel));
    }
    kernel.start = 0x900000u;
    EXPECT_FALSE(eu_kernel_register(&registry, &kernel));
}

