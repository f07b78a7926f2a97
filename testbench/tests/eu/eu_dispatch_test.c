/* The EU array's topology, dispatcher and thread lifecycle (docs/reference/eu.md "Topology",
 * "Dispatcher"): defaults, capacity, one subslice per group, every thread retiring once,
 * round-robin fairness, back-pressure, completion order, refused groups. */
#include "eu_test_util.h"

#define K_NOP 0x10000u
#define K_SLOW 0x10040u

/* A kernel whose threads cost 10 * (group_linear % 3 + 1) cycles: groups finish out of
 * dispatch order when they overlap. */
static eu_kernel_step kernel_slow(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    eu_alu(thread, 10u * (eu_thread_get_info(thread)->group_linear % 3u + 1u));
    return EU_KERNEL_DONE;
}

TEST(EuTopology, Gen12DefaultIsTigerLakeGt2)
{
    /* Mesa intel_device_info_tgl_gt2: 1 slice, 6 dual subslices, 16 EUs each, 7 threads per EU. */
    eu_topology t = eu_topology_default(CS_PROFILE_GEN12);
    EXPECT_EQ(t.slices, 1u);
    EXPECT_EQ(t.subslices_per_slice, 6u);
    EXPECT_EQ(t.eus_per_subslice, 16u);
    EXPECT_EQ(t.threads_per_eu, 7u);
    EXPECT_EQ(eu_topology_eus(&t), 96u);
    EXPECT_EQ(eu_topology_threads(&t), 672u);
    /* Mesa GFX12_HW_INFO max_cs_threads: 112 threads per DSS. */
    EXPECT_EQ(eu_topology_threads_per_subslice(&t), 112u);
}

TEST(EuTopology, Gen6DefaultIsSandyBridgeGt2)
{
    /* Mesa intel_device_info_snb_gt2: 1 slice, 1 subslice, 12 EUs, 6 threads per EU. */
    eu_topology t = eu_topology_default(CS_PROFILE_GEN6);
    EXPECT_EQ(eu_topology_subslices(&t), 1u);
    EXPECT_EQ(eu_topology_eus(&t), 12u);
    EXPECT_EQ(t.threads_per_eu, 6u);
}

TEST(EuTopology, InvalidTopologiesAreRefused)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    tlm_memory *memory = tlm_memory_create(kernel, "memory", 4096);
    eu_array_config config = { .profile = CS_PROFILE_GEN12, .memory = tlm_memory_target(memory),
                               .clock_period = EU_TEST_PERIOD };
    config.topology = (eu_topology){ 1, 0, 8, 7 };
    EXPECT_TRUE(eu_array_create(kernel, "eu", &config) == NULL);
    config.topology = (eu_topology){ 64, 64, 64, 64 };
    EXPECT_TRUE(eu_array_create(kernel, "eu", &config) == NULL);
    config.topology = (eu_topology){ 0 };
    config.memory = NULL;
    EXPECT_TRUE(eu_array_create(kernel, "eu", &config) == NULL);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(kernel), TLM_LOG_ERROR), 3u);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

TEST_F(EuSys, DefaultTopologyWhenZero)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    EXPECT_EQ(eu_topology_threads(eu_array_topology(self->array)), 672u);
}

/* Occupancy never exceeds the capacity of the array or of a subslice; a group's threads all
 * run on one subslice; every dispatched thread retires exactly once. */
TEST_F(EuSys, OccupancyGroupsOnOneSubsliceAndEveryThreadRetiresOnce)
{
    eu_topology small = { 1, 3, 2, 2 }; /* 3 subslices of 4 threads */
    eu_build(self, CS_PROFILE_GEN12, &small);
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    for (uint32_t g = 0; g < 60; g++)
        eu_add(self, g % 2, eu_make_group(K_SLOW, g, 1 + g % 4, 16));
    eu_run(self);
    ASSERT_LE(self->event_count, EU_TEST_MAX_EVENTS);

    uint32_t busy = 0, per_subslice[3] = { 0 }, peak = 0;
    uint32_t dispatches[60][4] = { { 0 } }, retires[60][4] = { { 0 } };
    int32_t group_subslice[60];
    for (int g = 0; g < 60; g++)
        group_subslice[g] = -1;
    uint64_t dispatched = 0, retired = 0;
    for (uint32_t i = 0; i < self->event_count; i++) {
        const eu_thread_event *e = &self->events[i];
        ASSERT_LT(e->group_linear, 60u);
        ASSERT_LT(e->thread_index, 4u);
        ASSERT_LT(e->subslice, 3u);
        if (!e->retire) {
            busy++;
            per_subslice[e->subslice]++;
            dispatches[e->group_linear][e->thread_index]++;
            dispatched++;
            if (group_subslice[e->group_linear] < 0)
                group_subslice[e->group_linear] = (int32_t)e->subslice;
            EXPECT_EQ(group_subslice[e->group_linear], (int32_t)e->subslice);
        } else {
            busy--;
            per_subslice[e->subslice]--;
            retires[e->group_linear][e->thread_index]++;
            retired++;
        }
        EXPECT_LE(busy, 12u);
        EXPECT_LE(per_subslice[e->subslice], 4u);
        if (busy > peak)
            peak = busy;
    }
    uint64_t expected_threads = 0;
    for (uint32_t g = 0; g < 60; g++) {
        uint32_t threads = 1 + g % 4;
        expected_threads += threads;
        for (uint32_t t = 0; t < 4; t++) {
            EXPECT_EQ(dispatches[g][t], t < threads ? 1u : 0u);
            EXPECT_EQ(retires[g][t], t < threads ? 1u : 0u);
        }
    }
    EXPECT_EQ(dispatched, expected_threads);
    EXPECT_EQ(retired, expected_threads);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->threads_dispatched, expected_threads);
    EXPECT_EQ(stats->threads_retired, expected_threads);
    EXPECT_EQ(stats->groups_dispatched, 60u);
    EXPECT_EQ(stats->peak_threads, peak);
    EXPECT_GT(peak, 4u); /* more than one subslice was used at once */
    EXPECT_EQ(self->scripts[0].done + self->scripts[1].done, 60u);
    EXPECT_EQ(eu_array_busy_threads(self->array), 0u);
    EXPECT_FALSE(eu_array_busy(self->array));
}

/* A group waits for a subslice with room for all its threads, even when threads are free
 * elsewhere: 1 free thread on each of two subslices does not take a group of 2. */
TEST_F(EuSys, GroupWaitsForOneSubsliceWithRoomForAllItsThreads)
{
    eu_topology two = { 1, 2, 2, 2 };
    eu_build(self, CS_PROFILE_GEN12, &two);
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    eu_add(self, 0, eu_make_group(K_SLOW, 0, 3, 8)); /* 10 cycles */
    eu_add(self, 0, eu_make_group(K_SLOW, 1, 3, 8)); /* 20 cycles */
    eu_add(self, 0, eu_make_group(K_SLOW, 3, 2, 8)); /* waits for group 0 */
    eu_run(self);
    tlm_time group0_retired = 0, group3_started = 0;
    uint32_t group3_subslice = 99, group0_subslice = 98;
    for (uint32_t i = 0; i < self->event_count; i++) {
        const eu_thread_event *e = &self->events[i];
        if (e->group_linear == 0 && e->retire) {
            group0_retired = e->time;
            group0_subslice = e->subslice;
        }
        if (e->group_linear == 3 && !e->retire && e->thread_index == 0) {
            group3_started = e->time;
            group3_subslice = e->subslice;
        }
    }
    EXPECT_EQ(group3_started, 10 * EU_TEST_PERIOD);
    EXPECT_EQ(group3_started, group0_retired);
    EXPECT_EQ(group3_subslice, group0_subslice);
    EXPECT_EQ(eu_array_get_stats(self->array)->peak_threads, 6u);
}

/* Round-robin: with one subslice that holds one group at a time, two requesters alternate. */
TEST_F(EuSys, RoundRobinBetweenTwoRequesters)
{
    eu_topology one = { 1, 1, 2, 2 };
    eu_build(self, CS_PROFILE_GEN12, &one);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    for (uint32_t g = 0; g < 10; g++)
        eu_add(self, 0, eu_make_group(K_NOP, g, 4, 8));
    for (uint32_t g = 100; g < 104; g++)
        eu_add(self, 1, eu_make_group(K_NOP, g, 4, 8));
    eu_run(self);
    /* Dispatch order of groups: the first thread of each. */
    uint32_t order[14], n = 0;
    int requesters[14];
    for (uint32_t i = 0; i < self->event_count && n < 14; i++)
        if (!self->events[i].retire && self->events[i].thread_index == 0) {
            requesters[n] = self->events[i].requester;
            order[n++] = self->events[i].group_linear;
        }
    ASSERT_EQ(n, 14u);
    /* A B A B A B A B, then A alone. */
    for (uint32_t k = 0; k < 8; k++)
        EXPECT_EQ(requesters[k], self->scripts[k % 2].index);
    for (uint32_t k = 8; k < 14; k++)
        EXPECT_EQ(requesters[k], self->scripts[0].index);
    EXPECT_EQ(order[0], 0u);
    EXPECT_EQ(order[1], 100u);
    EXPECT_EQ(order[13], 9u);
}

/* Back-pressure: while the only subslice is full, the next group waits (it is pulled once and
 * held) and starts exactly when the running one retires. */
TEST_F(EuSys, BackPressureStartsTheNextGroupWhenRoomFrees)
{
    eu_topology one = { 1, 1, 2, 2 };
    eu_build(self, CS_PROFILE_GEN12, &one);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    for (uint32_t g = 0; g < 3; g++)
        eu_add(self, 0, eu_make_group(K_NOP, g, 4, 16));
    eu_array_kick(self->array, -1);
    /* After the first dispatch pass: one group running, one held, one still at the requester. */
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 0), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(eu_array_busy_threads(self->array), 4u);
    EXPECT_EQ(self->scripts[0].offered, 2u);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
    /* nop: base 2 + 4 ALU x 2 passes (SIMD16) = 10 cycles per thread. */
    tlm_time starts[3], retires[3];
    uint32_t s = 0, r = 0;
    for (uint32_t i = 0; i < self->event_count; i++) {
        const eu_thread_event *e = &self->events[i];
        if (e->thread_index != 3)
            continue;
        if (e->retire)
            retires[r++] = e->time;
        else
            starts[s++] = e->time;
    }
    ASSERT_EQ(s, 3u);
    ASSERT_EQ(r, 3u);
    for (int g = 0; g < 3; g++)
        EXPECT_EQ(retires[g] - starts[g], 10 * EU_TEST_PERIOD);
    EXPECT_EQ(starts[1], retires[0]);
    EXPECT_EQ(starts[2], retires[1]);
}

/* Completion: each group is reported once, when its last thread retires; groups of equal cost
 * from one requester complete in dispatch order, groups of different cost by their end. */
TEST_F(EuSys, CompletionOrder)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    eu_kernel slow = { .name = "slow", .start = K_SLOW, .fn = kernel_slow };
    ASSERT_TRUE(eu_array_register_kernel(self->array, &slow));
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    for (uint32_t g = 0; g < 6; g++)
        eu_add(self, 0, eu_make_group(K_NOP, g, 8, 8));
    for (uint32_t g = 0; g < 6; g++)
        eu_add(self, 1, eu_make_group(K_SLOW, 10 + g, 2, 8));
    eu_run(self);
    ASSERT_EQ(self->scripts[0].done, 6u);
    for (uint32_t g = 0; g < 6; g++)
        EXPECT_EQ(self->scripts[0].done_order[g], g);
    /* slow groups: linear 10..15 cost 20, 30, 10, 20, 30, 10 (+0 base): all dispatched at the
     * same time, so they finish in cost order, ties in dispatch order. */
    ASSERT_EQ(self->scripts[1].done, 6u);
    const uint32_t expected[6] = { 12, 15, 10, 13, 11, 14 };
    for (uint32_t g = 0; g < 6; g++)
        EXPECT_EQ(self->scripts[1].done_order[g], expected[g]);
    /* Each completion at the time of its group's last retirement. */
    for (uint32_t g = 0; g < 6; g++) {
        tlm_time last = 0;
        for (uint32_t i = 0; i < self->event_count; i++)
            if (self->events[i].retire && self->events[i].requester == self->scripts[1].index &&
                self->events[i].group_linear == self->scripts[1].done_order[g] && self->events[i].time > last)
                last = self->events[i].time;
        EXPECT_EQ(self->scripts[1].done_time[g], last);
    }
}

/* A group that can never run (more threads than a subslice, none, a bad SIMD width) is
 * refused with an error line and still reported done; the others run. */
TEST_F(EuSys, ImpossibleGroupsAreRefusedAndReportedDone)
{
    eu_topology one = { 1, 2, 2, 2 };
    eu_build(self, CS_PROFILE_GEN12, &one);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    eu_add(self, 0, eu_make_group(K_NOP, 0, 5, 8));
    eu_add(self, 0, eu_make_group(K_NOP, 1, 0, 8));
    eu_add(self, 0, eu_make_group(K_NOP, 2, 2, 12));
    eu_add(self, 0, eu_make_group(K_NOP, 3, 4, 8));
    uint64_t errors = log_errors(self);
    eu_run(self);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->groups_refused, 3u);
    EXPECT_EQ(stats->groups_dispatched, 1u);
    EXPECT_EQ(stats->threads_retired, 4u);
    EXPECT_EQ(self->scripts[0].done, 4u);
    EXPECT_EQ(log_errors(self) - errors, 3u);
}

/* The fixed-function id: only VFE (GPGPU) dispatches count as GPGPU threads and channels. */
TEST_F(EuSys, OnlyGpgpuDispatchesCountAsGpgpu)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    eu_group vs = eu_make_group(K_NOP, 0, 3, 8);
    vs.ffid = EU_FFID_VS;
    eu_add(self, 0, vs);
    eu_add(self, 1, eu_make_group(K_NOP, 1, 2, 8));
    eu_run(self);
    const eu_array_stats *stats = eu_array_get_stats(self->array);
    EXPECT_EQ(stats->threads_dispatched, 5u);
    EXPECT_EQ(stats->gpgpu_threads, 2u);
    EXPECT_EQ(stats->gpgpu_channels, 16u);
}

TEST_F(EuSys, ResetForgetsEverything)
{
    eu_build(self, CS_PROFILE_GEN12, NULL);
    ASSERT_TRUE(eu_register_builtin(self, "nop", K_NOP));
    for (uint32_t g = 0; g < 4; g++)
        eu_add(self, 0, eu_make_group(K_NOP, g, 8, 8));
    eu_array_kick(self->array, -1);
    ASSERT_EQ(tlm_kernel_run_for(self->kernel, 0), TLM_RUN_TIME_REACHED);
    EXPECT_GT(eu_array_busy_threads(self->array), 0u);
    eu_array_reset(self->array);
    EXPECT_EQ(eu_array_busy_threads(self->array), 0u);
    EXPECT_EQ(eu_array_get_stats(self->array)->threads_dispatched, 0u);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(eu_array_get_stats(self->array)->threads_retired, 0u);
    EXPECT_FALSE(eu_array_busy(self->array));
}
