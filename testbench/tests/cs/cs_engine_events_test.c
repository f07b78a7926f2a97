/* The command streamer's later commands (docs/reference/cs.md "Event log" and after): the commands
 * recorded as events, driven through gtsim_system as cs_engine_test.c does (the fixture and
 * helpers are the same). Each rule is tested for both profiles where the command exists in
 * both (the *Gen6 / *Gen12 pairs). */
#include <stdio.h>

#include "cs_engine_fixture.h"

/* ---- event log: MI_DISPLAY_FLIP, MI_PROBE/MI_UNPROBE, MI_UPDATE_GTT ------------------------ */

static uint64_t event_field(CsSys *self, const cs_event *event, const char *name, uint32_t instance)
{
    uint64_t value = UINT64_MAX;
    EXPECT_TRUE(cs_event_field(engine_model(self), event, name, instance, &value));
    return value;
}

BOTH_PROFILES(DisplayFlipIsRecorded)
{
    EMIT0("MI_NOOP");
    EMIT("MI_DISPLAY_FLIP", 0, { "async", 0, 1 }, { "pitch", 0, 0x40 }, { "base", 0, 0x7654000 });
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1); /* parsing goes on after the flip */
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1);
    const cs_event *event = cs_engine_event(engine_model(self), 0);
    EXPECT_STREQ(event->command->name, "MI_DISPLAY_FLIP");
    EXPECT_EQ(event->address, RING + 4);
    EXPECT_EQ(event->level, 0);
    EXPECT_EQ(event->length, self->profile == CS_PROFILE_GEN6 ? 4 : 3);
    /* The NOOP took 2 cycles: the flip ran at 2 periods. */
    EXPECT_EQ(event->time, 2 * gtsim_system_clock_period(self->system));
    EXPECT_EQ(event_field(self, event, "async", 0), 1);
    EXPECT_EQ(event_field(self, event, "pitch", 0), 0x40);
    EXPECT_EQ(event_field(self, event, "base", 0), 0x7654000);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->events, 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->not_modelled, 0);
    uint64_t unused = 0;
    EXPECT_FALSE(cs_event_field(engine_model(self), event, "no_such_field", 0, &unused));
}

BOTH_PROFILES(DisplayFlipInANonSecureBatchIsNotRecorded)
{
    /* Privileged (spec 000 §1.3 MI_DISPLAY_FLIP, spec 002): a NOOP with the error bit, no event. */
    EMIT("MI_DISPLAY_FLIP", 0, { "base", 0, 0x1000 });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(cs_engine_event_count(engine_model(self)), 0);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_COMMAND_PRIVILEGE_MASK);
}

BOTH_PROFILES(DisplayFlipInASecureBatchIsRecordedWithItsLevel)
{
    EMIT("MI_DISPLAY_FLIP", 0, { "base", 0, 0x2000 });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1);
    const cs_event *event = cs_engine_event(engine_model(self), 0);
    EXPECT_EQ(event->address, BATCH);
    EXPECT_EQ(event->level, 1);
    EXPECT_EQ(event_field(self, event, "base", 0), 0x2000);
}

BOTH_PROFILES(UpdateGttEntriesAreRecorded)
{
    /* spec 000 §1.3.12: DW1 the GTT offset of the first entry, DW2..n the new entries. The GTT
     * is not modelled: the entries are recorded, memory is untouched. */
    EMIT("MI_UPDATE_GTT", 5, { "ggtt", 0, 1 }, { "entry_address", 0, DATA }, { "entry", 0, 0x11111001 },
         { "entry", 1, 0x22222001 }, { "entry", 2, 0x33333001 });
    mem_wr(self, DATA, 0xabcd);
    run_ring(self);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1);
    const cs_event *event = cs_engine_event(engine_model(self), 0);
    EXPECT_STREQ(event->command->name, "MI_UPDATE_GTT");
    EXPECT_EQ(event->length, 5);
    EXPECT_EQ(event_field(self, event, "entry_address", 0), DATA);
    EXPECT_EQ(event_field(self, event, "entry", 0), 0x11111001);
    EXPECT_EQ(event_field(self, event, "entry", 1), 0x22222001);
    EXPECT_EQ(event_field(self, event, "entry", 2), 0x33333001);
    uint64_t unused = 0;
    EXPECT_FALSE(cs_event_field(engine_model(self), event, "entry", 3, &unused));
    EXPECT_EQ(mem_rd(self, DATA), 0xabcd);
}

BOTH_PROFILES(UpdateGttOnEveryEngine)
{
    /* MI_UPDATE_GTT is accepted by every engine of both profiles' tables. */
    const cs_profile_info *info = cs_profile_get(self->profile);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (!info->engines[e].present)
            continue;
        self->engine = (cs_engine)e;
        EMIT("MI_UPDATE_GTT", 3, { "ggtt", 0, 1 }, { "entry_address", 0, 0x1000u * (e + 1) },
             { "entry", 0, 0x5000u + e });
        run_ring(self);
        ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1);
        EXPECT_EQ(event_field(self, cs_engine_event(engine_model(self), 0), "entry", 0), 0x5000u + e);
    }
}

BOTH_PROFILES(EventLogKeepsTheLastEvents)
{
    /* More events than the log holds: the oldest are dropped and counted. */
    uint32_t total = CS_EVENT_LOG_CAPACITY + 3u;
    for (uint32_t i = 0; i < total; i++)
        EMIT("MI_UPDATE_GTT", 3, { "ggtt", 0, 1 }, { "entry_address", 0, 0 }, { "entry", 0, i });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    const cs_engine_stats *stats = cs_engine_get_stats(engine_model(self));
    EXPECT_EQ(stats->events, total);
    EXPECT_EQ(stats->events_dropped, 3);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), CS_EVENT_LOG_CAPACITY);
    EXPECT_EQ(event_field(self, cs_engine_event(engine_model(self), 0), "entry", 0), 3);
    EXPECT_EQ(event_field(self, cs_engine_event(engine_model(self), CS_EVENT_LOG_CAPACITY - 1), "entry", 0),
              total - 1);
    EXPECT_TRUE(cs_engine_event(engine_model(self), CS_EVENT_LOG_CAPACITY) == NULL);
    cs_engine_clear_events(engine_model(self));
    EXPECT_EQ(cs_engine_event_count(engine_model(self)), 0);
}

/* MI_PROBE / MI_UNPROBE exist in gen6 only (spec 000 §1.3.4; not in genxml gen12). */
TEST_F(CsSys, ProbeAndUnprobeAreRecordedGen6)
{
    build(self, CS_PROFILE_GEN6);
    EMIT("MI_PROBE", 3, { "slot", 0, 5 }, { "page", 0, 0x12345000 }, { "slot", 1, 6 }, { "page", 1, 0x6000 });
    EMIT("MI_UNPROBE", 0, { "slot", 0, 5 });
    run_ring(self);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 2);
    const cs_event *probe = cs_engine_event(engine_model(self), 0);
    const cs_event *unprobe = cs_engine_event(engine_model(self), 1);
    EXPECT_STREQ(probe->command->name, "MI_PROBE");
    EXPECT_EQ(event_field(self, probe, "slot", 0), 5);
    EXPECT_EQ(event_field(self, probe, "page", 0), 0x12345000);
    EXPECT_EQ(event_field(self, probe, "slot", 1), 6);
    EXPECT_EQ(event_field(self, probe, "page", 1), 0x6000);
    EXPECT_STREQ(unprobe->command->name, "MI_UNPROBE");
    EXPECT_EQ(event_field(self, unprobe, "slot", 0), 5);
    EXPECT_EQ(unprobe->address, RING + 12);
    EXPECT_TRUE(unprobe->time > probe->time);
}

TEST_F(CsSys, ProbeIsNotInGen12)
{
    build(self, CS_PROFILE_GEN12);
    EXPECT_TRUE(cs_find_command(CS_PROFILE_GEN12, "MI_PROBE") == NULL);
    EXPECT_TRUE(cs_find_command(CS_PROFILE_GEN12, "MI_UNPROBE") == NULL);
}

TEST_F(CsSys, EventLogSurvivesEngineResetGen6)
{
    build(self, CS_PROFILE_GEN6);
    EMIT("MI_DISPLAY_FLIP", 0, { "base", 0, 0x3000 });
    run_ring(self);
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(cs_engine_event_count(engine_model(self)), 1);
}

/* ---- walkers and MI_REPORT_PERF_COUNT on the EU-array port --------------------------------- */

#define PORT_CAPACITY 8u
#define PORT_DWORDS 64u

/* A test EU array: keeps each request's dwords and completion; completes when told. */
typedef struct test_port {
    uint32_t count;                                /* requests taken */
    char names[PORT_CAPACITY][32];                 /* their command names */
    uint32_t lengths[PORT_CAPACITY];               /* their lengths */
    uint32_t dwords[PORT_CAPACITY][PORT_DWORDS];   /* their first dwords */
    bool secure[PORT_CAPACITY];                    /* their security */
    cs_walker_completion completions[PORT_CAPACITY]; /* to call */
    bool complete_at_once;                         /* complete inside submit */
} test_port;

static void port_submit(void *context, const cs_walker_request *request, cs_walker_completion completion)
{
    test_port *port = context;
    if (port->count >= PORT_CAPACITY)
        return;
    uint32_t i = port->count++;
    snprintf(port->names[i], sizeof port->names[i], "%s", request->command->name);
    port->lengths[i] = request->length;
    for (uint32_t d = 0; d < request->length && d < PORT_DWORDS; d++)
        port->dwords[i][d] = request->dwords[d];
    port->secure[i] = request->secure;
    port->completions[i] = completion;
    if (port->complete_at_once)
        cs_walker_complete(&completion);
}

static void connect(CsSys *self, test_port *port)
{
    memset(port, 0, sizeof *port);
    cs_walker_port walker = { .submit = port_submit, .context = port };
    cs_engine_set_walker_port(engine_model(self), &walker);
}

static void report_perf_count(CsSys *self, uint32_t report_id)
{
    EMIT("MI_REPORT_PERF_COUNT", 0, { "address", 0, DATA + 0x100 }, { "report_id", 0, report_id });
}

static void cs_stall_write(CsSys *self, uint32_t value)
{
    EMIT("PIPE_CONTROL", 0, { "cs_stall", 0, 1 }, { "post_sync", 0, 1 }, { "address", 0, DATA },
         { "data", 0, value });
}

static void run_for(CsSys *self, tlm_time duration)
{
    EXPECT_EQ(tlm_kernel_run_for(gtsim_system_kernel(self->system), duration), TLM_RUN_TIME_REACHED);
}

BOTH_PROFILES(ReportPerfCountWithoutAPortCompletesAtOnce)
{
    report_perf_count(self, 0x77);
    cs_stall_write(self, 5);
    run_ring(self);
    const cs_engine_stats *stats = cs_engine_get_stats(engine_model(self));
    EXPECT_EQ(stats->walker_requests, 1);
    EXPECT_EQ(stats->walker_stalls, 0);
    EXPECT_EQ(stats->not_modelled, 0);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
    EXPECT_EQ(mem_rd(self, DATA), 5);
}

BOTH_PROFILES(ReportPerfCountGoesToThePort)
{
    test_port port;
    connect(self, &port);
    port.complete_at_once = true;
    report_perf_count(self, 0x1234);
    run_ring(self);
    ASSERT_EQ(port.count, 1);
    EXPECT_STREQ(port.names[0], "MI_REPORT_PERF_COUNT");
    EXPECT_EQ(port.lengths[0], self->profile == CS_PROFILE_GEN6 ? 3 : 4);
    EXPECT_EQ(port.dwords[0][self->profile == CS_PROFILE_GEN6 ? 2 : 3], 0x1234);
    EXPECT_TRUE(port.secure[0]);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
}

BOTH_PROFILES(CsStallWaitsForTheWalker)
{
    test_port port;
    connect(self, &port);
    report_perf_count(self, 1);
    cs_stall_write(self, 0xaa);
    sdi(self, DATA + 4, 0xbb);
    start_ring(self);
    run_for(self, 1000 * gtsim_system_clock_period(self->system));
    ASSERT_EQ(port.count, 1);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 1);
    EXPECT_EQ(mem_rd(self, DATA), 0);      /* the PIPE_CONTROL waits */
    EXPECT_EQ(mem_rd(self, DATA + 4), 0);  /* and so does what follows */
    EXPECT_FALSE(gtsim_system_idle(self->system));
    cs_walker_complete(&port.completions[0]);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xaa);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0xbb);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->walker_stalls, 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->walker_stall_timeouts, 0);
    /* The PIPE_CONTROL ran once: one command counted for it. */
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, 3);
}

/* spec 002 "Command Header" note 1: before a non-pipelined state command (PIPELINE_SELECT,
 * STATE_BASE_ADDRESS) the render pipe is flushed: with walker work outstanding the parser waits
 * for it, as for a CS stall; a pipelined 3D state command does not wait. */
BOTH_PROFILES(NonPipelinedStateWaitsForTheWalker)
{
    test_port port;
    connect(self, &port);
    report_perf_count(self, 1);
    EMIT0("3DSTATE_VF_STATISTICS"); /* pipelined single dword: goes on */
    sdi(self, DATA + 4, 0x11);
    EMIT0("PIPELINE_SELECT");
    sdi(self, DATA, 0x22);
    start_ring(self);
    run_for(self, 1000 * gtsim_system_clock_period(self->system));
    EXPECT_EQ(mem_rd(self, DATA + 4), 0x11);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->walker_stalls, 1);
    cs_walker_complete(&port.completions[0]);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x22);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->pipeline_commands, 2);
}

BOTH_PROFILES(PipeControlWithoutCsStallDoesNotWait)
{
    test_port port;
    connect(self, &port);
    report_perf_count(self, 1);
    EMIT("PIPE_CONTROL", 0, { "post_sync", 0, 1 }, { "address", 0, DATA }, { "data", 0, 0xcc });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xcc);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 1);
}

BOTH_PROFILES(CsStallIsBounded)
{
    /* A port that never completes: the stall ends after CS_WALKER_STALL_CYCLES with an error
     * line, and a late completion is ignored. */
    test_port port;
    connect(self, &port);
    report_perf_count(self, 1);
    cs_stall_write(self, 0xdd);
    start_ring(self);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xdd);
    EXPECT_GE(tlm_kernel_now(gtsim_system_kernel(self->system)),
              (tlm_time)CS_WALKER_STALL_CYCLES * gtsim_system_clock_period(self->system));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->walker_stall_timeouts, 1);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
    cs_walker_complete(&port.completions[0]);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
}

BOTH_PROFILES(ResetForgetsOutstandingWalkers)
{
    test_port port;
    connect(self, &port);
    report_perf_count(self, 1);
    run_ring(self);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 1);
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
    cs_walker_complete(&port.completions[0]); /* from before the reset: ignored */
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 0);
}

/* The walkers exist in the gen12 table only (gen6 has no GPGPU walker in spec 000). */
TEST_F(CsSys, WalkersGoToThePortGen12)
{
    build(self, CS_PROFILE_GEN12);
    test_port port;
    connect(self, &port);
    EMIT("GPGPU_WALKER", 0, { "tg_dim_x", 0, 7 });
    EMIT0("COMPUTE_WALKER");
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    cs_stall_write(self, 0xee);
    start_ring(self);
    run_for(self, 1000 * gtsim_system_clock_period(self->system));
    ASSERT_EQ(port.count, 2);
    EXPECT_STREQ(port.names[0], "GPGPU_WALKER");
    EXPECT_EQ(port.lengths[0], 15);
    EXPECT_STREQ(port.names[1], "COMPUTE_WALKER");
    EXPECT_EQ(port.lengths[1], 39);
    EXPECT_FALSE(port.secure[0]); /* from a non-secure batch */
    const cs_command *gpgpu = cs_find_command(CS_PROFILE_GEN12, "GPGPU_WALKER");
    cs_decoded decoded;
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, port.dwords[0], port.lengths[0], &decoded);
    EXPECT_TRUE(decoded.command == gpgpu);
    uint64_t dim = 0;
    EXPECT_TRUE(cs_decoded_field(&decoded, "tg_dim_x", 0, &dim));
    EXPECT_EQ(dim, 7);
    EXPECT_EQ(cs_engine_walkers_outstanding(engine_model(self)), 2);
    /* The stall needs both. */
    cs_walker_complete(&port.completions[1]);
    run_for(self, 1000 * gtsim_system_clock_period(self->system));
    EXPECT_EQ(mem_rd(self, DATA), 0);
    cs_walker_complete(&port.completions[0]);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xee);
}

/* ---- gen12 MI_ATOMIC and MI_CONDITIONAL_BATCH_BUFFER_END ------------------------------------ */

typedef struct atomic_case {
    unsigned op;        /* MI_ATOMIC opcode */
    uint64_t old;       /* memory before */
    uint64_t op1;       /* inline operand 1 */
    uint64_t op2;       /* inline operand 2 */
    uint64_t expected;  /* memory after */
} atomic_case;

static void atomic_inline(CsSys *self, uint64_t address, unsigned op, uint64_t op1, uint64_t op2)
{
    unsigned size = op == 0x4e ? 2 : (op & 0x20) ? 1 : 0;
    EMIT("MI_ATOMIC", 11, { "op", 0, op }, { "inline_data", 0, 1 }, { "data_size", 0, size }, { "address", 0, address },
         { "op1_dw0", 0, (uint32_t)op1 }, { "op1_dw1", 0, (uint32_t)(op1 >> 32) }, { "op2_dw0", 0, (uint32_t)op2 },
         { "op2_dw1", 0, (uint32_t)(op2 >> 32) });
}

TEST_F(CsSys, AtomicDwordOperationsGen12)
{
    build(self, CS_PROFILE_GEN12);
    static const atomic_case cases[] = {
        { 0x01, 0xf0f0, 0x0ff0, 0, 0x00f0 },          /* and */
        { 0x02, 0xf000, 0x000f, 0, 0xf00f },          /* or */
        { 0x03, 0xff00, 0x0ff0, 0, 0xf0f0 },          /* xor */
        { 0x04, 0x1234, 0x5678, 0, 0x5678 },          /* move */
        { 0x05, 0xffffffff, 0, 0, 0 },                /* inc wraps */
        { 0x06, 0, 0, 0, 0xffffffff },                /* dec wraps */
        { 0x07, 10, 5, 0, 15 },                       /* add */
        { 0x08, 10, 3, 0, 7 },                        /* sub */
        { 0x09, 3, 10, 0, 7 },                        /* rsub: op1 - memory */
        { 0x0a, 0xffffffff, 1, 0, 1 },                /* imax: -1 < 1 */
        { 0x0b, 0xffffffff, 1, 0, 0xffffffff },       /* imin */
        { 0x0c, 0xffffffff, 1, 0, 0xffffffff },       /* umax */
        { 0x0d, 0xffffffff, 1, 0, 1 },                /* umin */
        { 0x0e, 42, 42, 99, 99 },                     /* cmp_wr equal: op2 written */
        { 0x0e, 42, 41, 99, 42 },                     /* cmp_wr different: unchanged */
        { 0x0f, 5, 0, 0, 4 },                         /* predec */
    };
    size_t count = sizeof cases / sizeof cases[0];
    for (size_t i = 0; i < count; i++) {
        mem_wr(self, DATA + 8u * i, (uint32_t)cases[i].old);
        mem_wr(self, DATA + 8u * i + 4u, 0x5a5a5a5a); /* the next dword is not touched */
        atomic_inline(self, DATA + 8u * i, cases[i].op, cases[i].op1, cases[i].op2);
    }
    run_ring(self);
    for (size_t i = 0; i < count; i++) {
        EXPECT_EQ(mem_rd(self, DATA + 8u * i), (uint32_t)cases[i].expected);
        EXPECT_EQ(mem_rd(self, DATA + 8u * i + 4u), 0x5a5a5a5a);
    }
}

TEST_F(CsSys, AtomicQwordOperationsGen12)
{
    build(self, CS_PROFILE_GEN12);
    static const atomic_case cases[] = {
        { 0x25, 0xffffffff, 0, 0, UINT64_C(0x100000000) },                              /* inc8b carries */
        { 0x27, UINT64_C(0x1ffffffff), 1, 0, UINT64_C(0x200000000) },                   /* add8b */
        { 0x2b, UINT64_C(0xffffffff), UINT64_C(0xffffffffffffffff), 0, UINT64_MAX },    /* imin8b: -1 */
        { 0x2c, UINT64_C(0xffffffff), UINT64_C(0x100000000), 0, UINT64_C(0x100000000) }, /* umax8b */
        { 0x2e, UINT64_C(0x1234567800000001), UINT64_C(0x1234567800000001), UINT64_C(0xabcdef0012345678),
          UINT64_C(0xabcdef0012345678) },                                                /* cmp_wr8b */
    };
    size_t count = sizeof cases / sizeof cases[0];
    for (size_t i = 0; i < count; i++) {
        mem_wr(self, DATA + 8u * i, (uint32_t)cases[i].old);
        mem_wr(self, DATA + 8u * i + 4u, (uint32_t)(cases[i].old >> 32));
        atomic_inline(self, DATA + 8u * i, cases[i].op, cases[i].op1, cases[i].op2);
    }
    run_ring(self);
    for (size_t i = 0; i < count; i++) {
        uint64_t value = mem_rd(self, DATA + 8u * i) | (uint64_t)mem_rd(self, DATA + 8u * i + 4u) << 32;
        EXPECT_EQ(value, cases[i].expected);
    }
}

TEST_F(CsSys, AtomicCompareWrite16BytesGen12)
{
    build(self, CS_PROFILE_GEN12);
    for (unsigned i = 0; i < 4; i++) {
        mem_wr(self, DATA + 4u * i, 0x10 + i);
        mem_wr(self, DATA + 0x20 + 4u * i, 0x10 + i);
    }
    mem_wr(self, DATA + 0x2c, 0x77); /* the second block differs in its last dword */
    for (unsigned block = 0; block < 2; block++)
        EMIT("MI_ATOMIC", 11, { "op", 0, 0x4e }, { "inline_data", 0, 1 }, { "data_size", 0, 2 },
             { "address", 0, DATA + 0x20u * block }, { "op1_dw0", 0, 0x10 }, { "op1_dw1", 0, 0x11 },
             { "op1_dw2", 0, 0x12 }, { "op1_dw3", 0, 0x13 }, { "op2_dw0", 0, 0xa0 }, { "op2_dw1", 0, 0xa1 },
             { "op2_dw2", 0, 0xa2 }, { "op2_dw3", 0, 0xa3 });
    run_ring(self);
    for (unsigned i = 0; i < 4; i++)
        EXPECT_EQ(mem_rd(self, DATA + 4u * i), 0xa0 + i);
    EXPECT_EQ(mem_rd(self, DATA + 0x20), 0x10);
    EXPECT_EQ(mem_rd(self, DATA + 0x2c), 0x77);
}

TEST_F(CsSys, AtomicWithoutInlineDataUsesTheGprsAtResetGen12)
{
    /* GPR0/GPR1 are the operands (cs_engine_gpr_test.c); after reset they are 0. */
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 0x1234);
    mem_wr(self, DATA + 4, 0x1234);
    EMIT("MI_ATOMIC", 3, { "op", 0, 0x04 }, { "address", 0, DATA });     /* move 0 */
    EMIT("MI_ATOMIC", 3, { "op", 0, 0x05 }, { "address", 0, DATA + 4 }); /* inc needs no operand */
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0x1235);
}

TEST_F(CsSys, AtomicUndefinedOpcodeDoesNothingGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 0x1234);
    EMIT("MI_ATOMIC", 3, { "op", 0, 0x10 }, { "address", 0, DATA });
    sdi(self, DATA + 4, 1);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x1234);
    EXPECT_EQ(mem_rd(self, DATA + 4), 1);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

/* A batch: conditional end, then a store that runs only if the batch goes on; the ring
 * stores after the batch either way. */
static void conditional_end_case(CsSys *self, uint32_t memory, uint32_t mask, bool mask_mode, bool semaphore,
                                 uint32_t data, bool ends)
{
    mem_wr(self, DATA + 0x100, memory);
    mem_wr(self, DATA + 0x104, mask);
    mem_wr(self, DATA, 0);
    mem_wr(self, DATA + 4, 0);
    EMIT("MI_CONDITIONAL_BATCH_BUFFER_END", 4, { "compare_semaphore", 0, semaphore ? 1 : 0 },
         { "compare_mask_mode", 0, mask_mode ? 1 : 0 }, { "compare_data", 0, data },
         { "compare_address", 0, DATA + 0x100 });
    sdi(self, DATA, 0xb0);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    sdi(self, DATA + 4, 0xa0);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), ends ? 0u : 0xb0u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0xa0);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), rd(self, CS_RING_TAIL_OFFSET));
}

TEST_F(CsSys, ConditionalBatchEndComparesGen12)
{
    build(self, CS_PROFILE_GEN12);
    conditional_end_case(self, 6, 0, false, true, 5, false); /* memory > data: goes on */
    wr(self, CS_RING_CTL_OFFSET, 0);
    conditional_end_case(self, 5, 0, false, true, 5, true);  /* equal: ends */
    wr(self, CS_RING_CTL_OFFSET, 0);
    conditional_end_case(self, 4, 0, false, true, 5, true);  /* less: ends */
    wr(self, CS_RING_CTL_OFFSET, 0);
    conditional_end_case(self, 4, 0, false, false, 5, false); /* no compare_semaphore: goes on */
    wr(self, CS_RING_CTL_OFFSET, 0);
    conditional_end_case(self, 0xff, 0x0f, true, true, 0x0f, true);  /* masked 0x0f <= 0x0f: ends */
    wr(self, CS_RING_CTL_OFFSET, 0);
    conditional_end_case(self, 0xff, 0x1f, true, true, 0x0f, false); /* masked 0x1f > 0x0f: goes on */
}

TEST_F(CsSys, ConditionalBatchEndEndsOnlyTheSecondLevelGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA + 0x100, 0);
    EMIT("MI_CONDITIONAL_BATCH_BUFFER_END", 4, { "compare_semaphore", 0, 1 }, { "compare_data", 0, 0 },
         { "compare_address", 0, DATA + 0x100 });
    sdi(self, DATA, 0xb0);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH2);
    bb_start(self, BATCH2, true, true);
    sdi(self, DATA + 4, 0xc0); /* the first level goes on */
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0xc0);
}

TEST_F(CsSys, ConditionalBatchEndInTheRingIsIgnoredGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA + 0x100, 0);
    EMIT("MI_CONDITIONAL_BATCH_BUFFER_END", 4, { "compare_semaphore", 0, 1 }, { "compare_data", 0, 0 },
         { "compare_address", 0, DATA + 0x100 });
    sdi(self, DATA, 0xd0);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xd0);
}

TEST_F(CsSys, AtomicIsNotInGen6ConditionalEndIs)
{
    /* genxml gen6.xml has MI_CONDITIONAL_BATCH_BUFFER_END (opcode 36h) but no MI_ATOMIC. */
    build(self, CS_PROFILE_GEN6);
    EXPECT_TRUE(cs_find_command(CS_PROFILE_GEN6, "MI_ATOMIC") == NULL);
    sdi(self, DATA, 5);
    bb_start(self, BATCH, true, false);
    sdi(self, DATA + 8, 1);
    place(self, RING + 0x800);
    EMIT("MI_CONDITIONAL_BATCH_BUFFER_END", 3, { "compare_semaphore", 0, 1 }, { "compare_data", 0, 5 },
         { "compare_address", 0, DATA });
    sdi(self, DATA + 4, 9); /* skipped: memory 5 <= compare data 5 ends the batch */
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    mem_wr(self, DATA, 5);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0u);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

/* ---- semaphores: gen6 MI_SEMAPHORE_MBOX, gen12 MI_SEMAPHORE_WAIT / SIGNAL -------------------- */

static tlm_time poll_period(CsSys *self)
{
    return (tlm_time)CS_SEMAPHORE_POLL_CYCLES * gtsim_system_clock_period(self->system);
}

static void semaphore_wait(CsSys *self, uint64_t address, uint32_t data, unsigned compare)
{
    if (self->profile == CS_PROFILE_GEN6)
        EMIT("MI_SEMAPHORE_MBOX", 0, { "compare", 0, 1 }, { "data", 0, data }, { "address", 0, address });
    else
        EMIT("MI_SEMAPHORE_WAIT", 0, { "compare", 0, compare }, { "wait_mode", 0, 1 }, { "data", 0, data },
             { "address", 0, address });
}

BOTH_PROFILES(SemaphoreWaitsUntilMemoryPasses)
{
    /* gen6 (spec 000 §1.3.6): continues when memory > data; gen12 sad_gt_sdd the same. */
    mem_wr(self, DATA + 0x100, 5);
    semaphore_wait(self, DATA + 0x100, 5, 0);
    sdi(self, DATA, 0x51);
    start_ring(self);
    run_for(self, 20 * poll_period(self));
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0); /* the parser stays at the wait */
    EXPECT_FALSE(gtsim_system_idle(self->system));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, 0);
    /* Evaluated at 0 and then once per poll period: 21 failed evaluations in 20 periods. */
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->semaphore_polls, 21);
    tlm_time released = tlm_kernel_now(gtsim_system_kernel(self->system));
    mem_wr(self, DATA + 0x100, 6);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x51);
    /* The wait, the store (and gen6's padding NOOP), each counted once. */
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, self->profile == CS_PROFILE_GEN6 ? 3 : 2);
    /* Seen at the next poll: within one poll period of the release. */
    EXPECT_LE(tlm_kernel_now(gtsim_system_kernel(self->system)), released + poll_period(self) + 100 * TLM_NS);
}

BOTH_PROFILES(SemaphoreWaitThatNeverPassesAdvancesTime)
{
    /* Bounded only by the run bound: polls advance time, no zero-delay spin. */
    mem_wr(self, DATA + 0x100, 0);
    semaphore_wait(self, DATA + 0x100, 0, 0);
    start_ring(self);
    EXPECT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 100 * poll_period(self)), TLM_RUN_BOUND_HIT);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, 0);
    /* Disabling the ring ends the wait. */
    wr(self, CS_RING_CTL_OFFSET, 0);
    run(self);
}

BOTH_PROFILES(SemaphoreReleasedByAnotherEngine)
{
    /* The blitter stores the semaphore value the render engine waits for. */
    mem_wr(self, DATA + 0x100, 0);
    semaphore_wait(self, DATA + 0x100, 0, 0);
    sdi(self, DATA, 0x52);
    start_ring(self);
    self->engine = CS_ENGINE_BCS;
    for (int i = 0; i < 20; i++)
        EMIT0("MI_NOOP");
    sdi(self, DATA + 0x100, 1);
    EXPECT_EQ(self->length % 2, 0);
    uint32_t tail = 4u * self->length;
    place(self, RING + 0x10000);
    wr(self, CS_RING_START_OFFSET, RING + 0x10000);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, tail);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x52);
}

TEST_F(CsSys, MboxUpdateWritesMemoryGen6)
{
    build(self, CS_PROFILE_GEN6);
    mem_wr(self, DATA + 0x100, 9);
    /* Signal: update without compare writes the data (spec 000 §1.3.6 bit 21). */
    EMIT("MI_SEMAPHORE_MBOX", 0, { "update", 0, 1 }, { "data", 0, 0x33 }, { "address", 0, DATA });
    /* Compare and update: passes (9 > 8), then writes. */
    EMIT("MI_SEMAPHORE_MBOX", 0, { "compare", 0, 1 }, { "update", 0, 1 }, { "data", 0, 8 },
         { "address", 0, DATA + 0x100 });
    /* Neither: nothing. */
    EMIT("MI_SEMAPHORE_MBOX", 0, { "data", 0, 0x44 }, { "address", 0, DATA + 4 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x33);
    EXPECT_EQ(mem_rd(self, DATA + 0x100), 8);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0);
}

TEST_F(CsSys, MboxWaitsOnTheMailboxWrittenByAnotherEngineGen6)
{
    /* i915 gen6: the waiter compares its own mailbox (RVSYNC for render, register_select 0);
     * the signaller writes it through MMIO with MI_LOAD_REGISTER_IMM at 2040h. */
    build(self, CS_PROFILE_GEN6);
    EMIT("MI_SEMAPHORE_MBOX", 0, { "compare", 0, 1 }, { "compare_register", 0, 1 }, { "register_select", 0, 0 },
         { "data", 0, 6 });
    sdi(self, DATA, 0x61);
    start_ring(self);
    run_for(self, 10 * poll_period(self));
    EXPECT_EQ(mem_rd(self, DATA), 0);
    self->engine = CS_ENGINE_VCS;
    for (int i = 0; i < 9; i++)
        EMIT0("MI_NOOP");
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "reg", 0, base_of(self, CS_ENGINE_RCS) + CS_SYNC_0_OFFSET }, { "data", 0, 7 });
    uint32_t tail = 4u * self->length;
    place(self, RING + 0x10000);
    wr(self, CS_RING_START_OFFSET, RING + 0x10000);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, tail);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x61);
    EXPECT_EQ(mmio_rd(self, base_of(self, CS_ENGINE_RCS) + CS_SYNC_0_OFFSET), 7);
}

TEST_F(CsSys, MboxRegisterSelectOneIsTheSecondMailboxGen6)
{
    build(self, CS_PROFILE_GEN6);
    wr(self, CS_SYNC_0_OFFSET, 100);
    wr(self, CS_SYNC_1_OFFSET, 1);
    EMIT("MI_SEMAPHORE_MBOX", 0, { "compare", 0, 1 }, { "compare_register", 0, 1 }, { "register_select", 0, 1 },
         { "data", 0, 1 });
    sdi(self, DATA, 0x62);
    start_ring(self);
    run_for(self, 10 * poll_period(self));
    EXPECT_EQ(mem_rd(self, DATA), 0); /* RBSYNC 1 is not > 1, though RVSYNC is */
    wr(self, CS_SYNC_1_OFFSET, 2);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x62);
}

TEST_F(CsSys, MailboxesAreNotInGen12)
{
    build(self, CS_PROFILE_GEN12);
    EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, base_of(self, CS_ENGINE_RCS) + CS_SYNC_0_OFFSET));
}

TEST_F(CsSys, SemaphoreWaitCompareOperationsGen12)
{
    /* A fresh system per case (built and destroyed in the loop). */
    /* { compare, memory, data, passes } per genxml: SAD (memory) against SDD (data). */
    static const uint32_t cases[][4] = {
        { 0, 6, 5, 1 }, { 0, 5, 5, 0 }, { 1, 5, 5, 1 }, { 1, 4, 5, 0 }, { 2, 4, 5, 1 }, { 2, 5, 5, 0 },
        { 3, 5, 5, 1 }, { 3, 6, 5, 0 }, { 4, 5, 5, 1 }, { 4, 6, 5, 0 }, { 5, 6, 5, 1 }, { 5, 5, 5, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        build(self, CS_PROFILE_GEN12);
        mem_wr(self, DATA + 0x100, cases[i][1]);
        semaphore_wait(self, DATA + 0x100, cases[i][2], cases[i][0]);
        sdi(self, DATA, 0x70);
        start_ring(self);
        run_for(self, 4 * poll_period(self));
        EXPECT_EQ(mem_rd(self, DATA), cases[i][3] ? 0x70u : 0u);
        gtsim_system_destroy(self->system);
        self->system = NULL;
    }
}

TEST_F(CsSys, SemaphoreWaitOnARegisterGen12)
{
    build(self, CS_PROFILE_GEN12);
    uint32_t hwstam = (uint32_t)base_of(self, CS_ENGINE_RCS) + CS_HWSTAM_OFFSET;
    wr(self, CS_HWSTAM_OFFSET, 3);
    EMIT("MI_SEMAPHORE_WAIT", 0, { "compare", 0, 4 }, { "wait_mode", 0, 1 }, { "register_poll", 0, 1 },
         { "data", 0, 9 }, { "address", 0, hwstam });
    sdi(self, DATA, 0x71);
    start_ring(self);
    run_for(self, 10 * poll_period(self));
    EXPECT_EQ(mem_rd(self, DATA), 0);
    wr(self, CS_HWSTAM_OFFSET, 9);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x71);
}

TEST_F(CsSys, SemaphoreSignalIsCountedGen12)
{
    build(self, CS_PROFILE_GEN12);
    EMIT("MI_SEMAPHORE_SIGNAL", 0, { "target_engine", 0, 2 });
    run_ring(self);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->semaphore_signals, 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->not_modelled, 0);
}

BOTH_PROFILES(ResetEndsASemaphoreWait)
{
    mem_wr(self, DATA + 0x100, 0);
    semaphore_wait(self, DATA + 0x100, 0, 0);
    start_ring(self);
    run_for(self, 4 * poll_period(self));
    cs_engine_reset(engine_model(self));
    run(self);
}

/* ---- gen6 MI_SET_CONTEXT: CCID, restore inhibit, force restore (spec 000 §1.3.7, §1.1.8.3) -- */

static void set_context(CsSys *self, uint32_t address, bool inhibit, bool force)
{
    EMIT("MI_SET_CONTEXT", 2, { "address", 0, address }, { "must_be_one", 0, 1 }, { "ext_state_save", 0, 1 },
         { "ext_state_restore", 0, 1 }, { "restore_inhibit", 0, inhibit ? 1 : 0 },
         { "force_restore", 0, force ? 1 : 0 });
}

static void expect_context_stats(CsSys *self, uint64_t switches, uint64_t saves, uint64_t restores)
{
    const cs_engine_stats *stats = cs_engine_get_stats(engine_model(self));
    EXPECT_EQ(stats->context_switches, switches);
    EXPECT_EQ(stats->context_saves, saves);
    EXPECT_EQ(stats->context_restores, restores);
}

TEST_F(CsSys, SetContextLoadsCcidGen6)
{
    build(self, CS_PROFILE_GEN6);
    EXPECT_EQ(rd(self, CS_CCID_OFFSET), 0);
    set_context(self, 0x123000, false, false);
    run_ring(self);
    /* The address, the extended-state enables, bit 8 and Valid; bits 1:0 of the command (restore
     * inhibit, force restore) are not saved. */
    EXPECT_EQ(rd(self, CS_CCID_OFFSET), 0x123000u | CS_CCID_MUST_BE_ONE_MASK | CS_CCID_EXT_STATE_SAVE_MASK |
                                            CS_CCID_EXT_STATE_RESTORE_MASK | CS_CCID_VALID_MASK);
    /* CCID was invalid: no save, a restore. */
    expect_context_stats(self, 1, 0, 1);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1);
    EXPECT_STREQ(cs_engine_event(engine_model(self), 0)->command->name, "MI_SET_CONTEXT");
}

TEST_F(CsSys, SetContextToTheCurrentAddressIsANoopGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_context(self, 0x123000, false, false);
    set_context(self, 0x123000, false, false);
    run_ring(self);
    expect_context_stats(self, 1, 0, 1);
}

TEST_F(CsSys, ForceRestoreRestoresTheSameContextGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_context(self, 0x123000, false, false);
    set_context(self, 0x123000, false, true);
    run_ring(self);
    /* Forced: a restore, no save (the address is the same). */
    expect_context_stats(self, 2, 0, 2);
    EXPECT_EQ(rd(self, CS_CCID_OFFSET) & 3u, CS_CCID_VALID_MASK);
}

TEST_F(CsSys, RestoreInhibitSavesButDoesNotRestoreGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_context(self, 0x123000, true, false); /* an uninitialised context: not loaded */
    set_context(self, 0x456000, true, false); /* switching away saves the first */
    run_ring(self);
    expect_context_stats(self, 2, 1, 0);
    EXPECT_EQ(rd(self, CS_CCID_OFFSET) & CS_CCID_LRCA_MASK, 0x456000);
    EXPECT_EQ(rd(self, CS_CCID_OFFSET) & 3u, CS_CCID_VALID_MASK); /* inhibit not saved */
}

TEST_F(CsSys, SwitchingContextsSavesAndRestoresGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_context(self, 0x123000, false, false);
    set_context(self, 0x456000, false, false);
    set_context(self, 0x123000, false, false);
    run_ring(self);
    expect_context_stats(self, 3, 2, 3);
}

TEST_F(CsSys, RestoreInhibitWithForceRestoreDoesNotRestoreGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_context(self, 0x123000, false, false);
    set_context(self, 0x123000, true, true);
    run_ring(self);
    expect_context_stats(self, 1, 0, 1);
}

TEST_F(CsSys, InvalidCcidWrittenByTheHostMeansNoSaveGen6)
{
    build(self, CS_PROFILE_GEN6);
    wr(self, CS_CCID_OFFSET, 0x123000); /* Valid clear */
    EXPECT_EQ(rd(self, CS_CCID_OFFSET), 0x123000);
    set_context(self, 0x123000, false, false);
    run_ring(self);
    /* Invalid: the same address is not "the current context": restored, nothing saved. */
    expect_context_stats(self, 1, 0, 1);
}

TEST_F(CsSys, SetContextIsNotModelledGen12)
{
    build(self, CS_PROFILE_GEN12);
    EMIT("MI_SET_CONTEXT", 2, { "address", 0, 0x123000 }, { "must_be_one", 0, 1 });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_CCID_OFFSET), 0);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->not_modelled, 1);
    expect_context_stats(self, 0, 0, 0);
}

/* ---- watchdog counter (spec 000 §1.1.6) ------------------------------------------------------ */

static tlm_time clocks(CsSys *self, uint64_t count)
{
    return (tlm_time)count * gtsim_system_clock_period(self->system);
}

BOTH_PROFILES(WatchdogResetValues)
{
    EXPECT_EQ(rd(self, CS_PR_CTR_CTL_OFFSET), 1);           /* stopped */
    EXPECT_EQ(rd(self, CS_PR_CTR_THRSH_OFFSET), 0x00145855);
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 0);
}

BOTH_PROFILES(WatchdogCountsAndInterruptsAtTheThreshold)
{
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_TIMEOUT);
    wr(self, CS_PR_CTR_THRSH_OFFSET, 100);
    wr(self, CS_PR_CTR_CTL_OFFSET, 0);
    run_for(self, clocks(self, 50));
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 50);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 0);
    /* Background work: the system counts as idle while the watchdog runs. */
    EXPECT_TRUE(gtsim_system_idle(self->system));
    run_for(self, clocks(self, 50));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 1);
    /* "rolls over and starts counting again" */
    run_for(self, clocks(self, 30));
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 30);
    run_for(self, clocks(self, 170));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 3);
    /* Writing 1 stops the counter and resets it to 0. */
    wr(self, CS_PR_CTR_CTL_OFFSET, 1);
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 0);
    run_for(self, clocks(self, 1000));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 3);
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 0);
}

BOTH_PROFILES(WatchdogTimeoutMaskedByImr)
{
    wr(self, CS_PR_CTR_THRSH_OFFSET, 10);
    wr(self, CS_PR_CTR_CTL_OFFSET, 0);
    run_for(self, clocks(self, 35));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 3);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 0);
}

BOTH_PROFILES(WatchdogThresholdBelowTheCountExpiresAtOnce)
{
    wr(self, CS_PR_CTR_THRSH_OFFSET, 1000);
    wr(self, CS_PR_CTR_CTL_OFFSET, 0);
    run_for(self, clocks(self, 500));
    wr(self, CS_PR_CTR_THRSH_OFFSET, 200);
    run_for(self, 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 1);
    EXPECT_EQ(rd(self, CS_PR_CTR_OFFSET), 0);
    /* Raising it under a running counter moves the expiry out. */
    wr(self, CS_PR_CTR_THRSH_OFFSET, 400);
    run_for(self, clocks(self, 399));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 1);
    run_for(self, clocks(self, 1));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 2);
}

BOTH_PROFILES(WatchdogStartedByAnLriAndResetByEngineReset)
{
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_PR_CTR_THRSH_OFFSET, 64);
    lri(self, base + CS_PR_CTR_CTL_OFFSET, 0);
    run_ring(self);
    run_for(self, clocks(self, 200));
    EXPECT_GE(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, 3);
    cs_engine_reset(engine_model(self));
    uint64_t before = cs_engine_get_stats(engine_model(self))->watchdog_timeouts;
    run_for(self, clocks(self, 200));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->watchdog_timeouts, before);
    EXPECT_EQ(rd(self, CS_PR_CTR_CTL_OFFSET), 1);
}

TEST_F(CsSys, WatchdogTimeoutReachesGtiirGen6)
{
    /* spec 000 §1.1.7 bit 6, render data bits at GTIIR 8:0 (docs/reference/irq.md). */
    build(self, CS_PROFILE_GEN6);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_TIMEOUT);
    wr(self, CS_PR_CTR_THRSH_OFFSET, 10);
    wr(self, CS_PR_CTR_CTL_OFFSET, 0);
    run_for(self, clocks(self, 9));
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), 0);
    run_for(self, clocks(self, 1));
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), IRQ_DATA_TIMEOUT);
}

/* ---- waveform rows (tlm trace hook) ---------------------------------------------------------- */

#define REC_ROWS 1024u
#define REC_CHANGES 4096u
#define REC_ENUMS 16u

/* A recording trace sink: the rows declared and every change. */
typedef struct recorder {
    char scopes[REC_ROWS][32];      /* row scopes */
    char names[REC_ROWS][32];       /* row names */
    uint32_t enumerations[REC_ROWS];/* enum rows: their enumeration */
    uint32_t rows;                  /* rows declared */
    char enum_names[REC_ENUMS][32]; /* enumeration names */
    uint32_t enums;                 /* enumerations declared */
    tlm_trace_id ids[REC_CHANGES];  /* changed row */
    uint64_t values[REC_CHANGES];   /* its value */
    tlm_time times[REC_CHANGES];    /* when */
    uint32_t changes;               /* changes recorded */
} recorder;

static uint32_t rec_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    recorder *rec = sink;
    (void)entries;
    (void)count;
    if (rec->enums >= REC_ENUMS)
        return 0;
    snprintf(rec->enum_names[rec->enums], sizeof rec->enum_names[0], "%s", name);
    return ++rec->enums;
}

static tlm_trace_id rec_declare(void *sink, const tlm_trace_row *row)
{
    recorder *rec = sink;
    if (rec->rows >= REC_ROWS)
        return TLM_TRACE_NONE;
    snprintf(rec->scopes[rec->rows], sizeof rec->scopes[0], "%s", row->scope);
    snprintf(rec->names[rec->rows], sizeof rec->names[0], "%s", row->name);
    rec->enumerations[rec->rows] = row->enumeration;
    return ++rec->rows;
}

static void rec_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    recorder *rec = sink;
    (void)now;
    if (rec->changes >= REC_CHANGES)
        return;
    rec->ids[rec->changes] = id;
    rec->values[rec->changes] = value;
    rec->times[rec->changes] = at;
    rec->changes++;
}

static void rec_view(void *sink, const char *scope, int rank, bool collapsed)
{
    (void)sink;
    (void)scope;
    (void)rank;
    (void)collapsed;
}

static void rec_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    (void)sink;
    (void)id;
    (void)at;
    (void)now;
    (void)text;
}

static void rec_trigger(void *sink, tlm_time now, const char *reason)
{
    (void)sink;
    (void)now;
    (void)reason;
}

static const tlm_trace_ops rec_ops = {
    .declare_enum = rec_declare_enum,
    .declare = rec_declare,
    .view = rec_view,
    .change = rec_change,
    .change_text = rec_change_text,
    .trigger = rec_trigger,
};

static tlm_trace_id rec_row(const recorder *rec, const char *scope, const char *name)
{
    for (uint32_t i = 0; i < rec->rows; i++)
        if (strcmp(rec->scopes[i], scope) == 0 && strcmp(rec->names[i], name) == 0)
            return i + 1u;
    return TLM_TRACE_NONE;
}

/* Whether row `id` ever took `value`. */
static bool rec_took(const recorder *rec, tlm_trace_id id, uint64_t value)
{
    for (uint32_t i = 0; i < rec->changes; i++)
        if (rec->ids[i] == id && rec->values[i] == value)
            return true;
    return false;
}

/* The row's last value (its initial 0 when it never changed). */
static uint64_t rec_last(const recorder *rec, tlm_trace_id id)
{
    uint64_t value = 0;
    for (uint32_t i = 0; i < rec->changes; i++)
        if (rec->ids[i] == id)
            value = rec->values[i];
    return value;
}

static void build_traced(CsSys *self, cs_profile profile, recorder *rec)
{
    memset(rec, 0, sizeof *rec);
    static tlm_tracer tracer;
    tracer = (tlm_tracer){ .ops = &rec_ops, .sink = rec };
    build_with_tracer(self, profile, &tracer);
}

static void waveform_rows_body(CsSys *self, cs_profile profile)
{
    static recorder rec;
    build_traced(self, profile, &rec);
    const cs_profile_info *info = cs_profile_get(profile);
    /* Every engine the profile has: its rows and its registers' rows. */
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (!info->engines[e].present)
            continue;
        const char *scope = info->engines[e].name;
        EXPECT_NE(rec_row(&rec, scope, "head"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "tail"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "state"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "batch_level"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "command"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "RING_HEAD"), TLM_TRACE_NONE);
        EXPECT_NE(rec_row(&rec, scope, "RING_CTL"), TLM_TRACE_NONE);
    }
    const char *rcs = info->engines[CS_ENGINE_RCS].name;
    tlm_trace_id state = rec_row(&rec, rcs, "state");
    tlm_trace_id command = rec_row(&rec, rcs, "command");
    tlm_trace_id level = rec_row(&rec, rcs, "batch_level");
    tlm_trace_id head = rec_row(&rec, rcs, "head");
    tlm_trace_id tail = rec_row(&rec, rcs, "tail");
    ASSERT_NE(command, TLM_TRACE_NONE);
    ASSERT_NE(state, TLM_TRACE_NONE);
    EXPECT_NE(rec.enumerations[command - 1], 0);
    EXPECT_NE(rec.enumerations[state - 1], 0);
    /* A store, a batch with a forwarded 3D state command, a semaphore wait that passes later. */
    sdi(self, DATA, 1);
    EMIT0("3DSTATE_CLIP");
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    sdi(self, DATA, 1);
    bb_start(self, BATCH, true, false);
    mem_wr(self, DATA + 0x100, 0);
    semaphore_wait(self, DATA + 0x100, 0, 0);
    uint32_t ring_tail = start_ring(self);
    run_for(self, 10 * poll_period(self));
    EXPECT_EQ(rec_last(&rec, state), CS_STATE_WAITING);
    mem_wr(self, DATA + 0x100, 1);
    run(self);
    size_t table_count = 0;
    const cs_command *table = cs_profile_commands(profile, &table_count);
    uint64_t sdi_value = (uint64_t)(cs_find_command(profile, "MI_STORE_DATA_IMM") - table) + 1u;
    uint64_t wait_value = (uint64_t)(cs_find_command(profile, profile == CS_PROFILE_GEN6 ? "MI_SEMAPHORE_MBOX"
                                                                                          : "MI_SEMAPHORE_WAIT") -
                                     table) + 1u;
    uint64_t clip_value = (uint64_t)(cs_find_command(profile, "3DSTATE_CLIP") - table) + 1u;
    EXPECT_TRUE(rec_took(&rec, command, sdi_value));
    EXPECT_TRUE(rec_took(&rec, command, wait_value));
    EXPECT_TRUE(rec_took(&rec, command, clip_value)); /* forwarded commands show on the row */
    EXPECT_TRUE(rec_took(&rec, level, 1));
    EXPECT_TRUE(rec_took(&rec, state, CS_STATE_FETCHING));
    EXPECT_TRUE(rec_took(&rec, state, CS_STATE_EXECUTING));
    EXPECT_TRUE(rec_took(&rec, state, CS_STATE_WAITING));
    EXPECT_EQ(rec_last(&rec, state), CS_STATE_IDLE);
    EXPECT_EQ(rec_last(&rec, command), 0);
    EXPECT_EQ(rec_last(&rec, level), 0);
    EXPECT_EQ(rec_last(&rec, tail), ring_tail);
    EXPECT_EQ(rec_last(&rec, head), ring_tail);
}

TEST_F(CsSys, WaveformRowsGen6)
{
    waveform_rows_body(self, CS_PROFILE_GEN6);
}

TEST_F(CsSys, WaveformRowsGen12)
{
    waveform_rows_body(self, CS_PROFILE_GEN12);
}

TEST_F(CsSys, HaltedStateRowGen12)
{
    static recorder rec;
    build_traced(self, CS_PROFILE_GEN12, &rec);
    self->program[self->length++] = 0xffffffffu; /* not a command */
    self->program[self->length++] = 0;
    run_ring(self);
    EXPECT_EQ(rec_last(&rec, rec_row(&rec, "rcs", "state")), CS_STATE_HALTED);
    EXPECT_EQ(cs_engine_get_state(engine_model(self)), CS_STATE_HALTED);
}
