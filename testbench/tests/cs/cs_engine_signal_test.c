/* gen12 MI_SEMAPHORE_SIGNAL waking another engine's MI_SEMAPHORE_WAIT (docs/reference/cs.md "Semaphores";
 * genxml gen12.xml: a signal-mode wait is re-evaluated when the target engine is signalled).
 * The engines know their peers through cs_engine_connect_peer (gtsim_system connects them all);
 * polling stays as the fallback. */
#include "cs_engine_fixture.h"

#define SEMAPHORE (DATA + 0x100)
#define BCS_RING (RING + 0x10000)
#define WAIT_MODE_SIGNAL 0u
#define WAIT_MODE_POLL 1u
#define TARGET_BCS 2u

static tlm_time clocks(CsSys *self, uint64_t count)
{
    return (tlm_time)count * gtsim_system_clock_period(self->system);
}

static tlm_time now(CsSys *self)
{
    return tlm_kernel_now(gtsim_system_kernel(self->system));
}

static void run_to(CsSys *self, tlm_time when)
{
    EXPECT_EQ(tlm_kernel_run_for(gtsim_system_kernel(self->system), when - now(self)), TLM_RUN_TIME_REACHED);
}

/* The blitter waits for SEMAPHORE == 1 in `mode`, then stores 0xb1 at DATA; its ring starts now. */
static void blitter_waits(CsSys *self, unsigned mode)
{
    self->engine = CS_ENGINE_BCS;
    mem_wr(self, SEMAPHORE, 0);
    EMIT("MI_SEMAPHORE_WAIT", 0, { "compare", 0, 4 }, { "wait_mode", 0, mode }, { "data", 0, 1 },
         { "address", 0, SEMAPHORE });
    sdi(self, DATA, 0xb1);
    uint32_t tail = 4u * self->length;
    place(self, BCS_RING);
    wr(self, CS_RING_START_OFFSET, BCS_RING);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, tail);
}

/* The render engine releases the semaphore and signals `target`. */
static void render_signals(CsSys *self, unsigned target)
{
    self->engine = CS_ENGINE_RCS;
    sdi(self, SEMAPHORE, 1);
    EMIT("MI_SEMAPHORE_SIGNAL", 0, { "target_engine", 0, target });
    start_ring(self);
}

TEST_F(CsSys, SignalWakesASignalModeWaitAtOnceGen12)
{
    build(self, CS_PROFILE_GEN12);
    blitter_waits(self, WAIT_MODE_SIGNAL);
    /* The wait fails at once and sleeps until its next poll, 64 clocks later. */
    run_to(self, clocks(self, 10));
    EXPECT_EQ(cs_engine_get_stats(gtsim_system_engine(self->system, CS_ENGINE_BCS))->semaphore_polls, 1u);
    render_signals(self, TARGET_BCS);
    /* The store and the signal take well under 20 clocks; the poll would come at about 64. */
    run_to(self, clocks(self, 40));
    EXPECT_EQ(mem_rd(self, DATA), 0xb1u);
    const cs_engine_stats *stats = cs_engine_get_stats(gtsim_system_engine(self->system, CS_ENGINE_BCS));
    EXPECT_EQ(stats->semaphore_wakes, 1u);
    EXPECT_EQ(stats->semaphore_polls, 1u); /* passed on the signal, not on a poll */
    EXPECT_EQ(cs_engine_get_stats(gtsim_system_engine(self->system, CS_ENGINE_RCS))->semaphore_signals, 1u);
    run(self);
}

TEST_F(CsSys, SignalDoesNotWakeAPollingWaitGen12)
{
    build(self, CS_PROFILE_GEN12);
    blitter_waits(self, WAIT_MODE_POLL);
    run_to(self, clocks(self, 10));
    render_signals(self, TARGET_BCS);
    run_to(self, clocks(self, 40));
    EXPECT_EQ(mem_rd(self, DATA), 0u); /* still asleep until the poll */
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xb1u);
    EXPECT_EQ(cs_engine_get_stats(gtsim_system_engine(self->system, CS_ENGINE_BCS))->semaphore_wakes, 0u);
}

TEST_F(CsSys, SignalToAnotherEngineDoesNotWakeTheWaitGen12)
{
    build(self, CS_PROFILE_GEN12);
    blitter_waits(self, WAIT_MODE_SIGNAL);
    run_to(self, clocks(self, 10));
    render_signals(self, 3); /* VECS */
    run_to(self, clocks(self, 40));
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    run(self); /* polling still releases it */
    EXPECT_EQ(mem_rd(self, DATA), 0xb1u);
}

TEST_F(CsSys, SignalThatFindsTheWaitFailingLeavesItWaitingGen12)
{
    /* The wake re-evaluates the compare: with the semaphore still 0 the wait goes on. */
    build(self, CS_PROFILE_GEN12);
    blitter_waits(self, WAIT_MODE_SIGNAL);
    run_to(self, clocks(self, 10));
    self->engine = CS_ENGINE_RCS;
    EMIT("MI_SEMAPHORE_SIGNAL", 0, { "target_engine", 0, TARGET_BCS });
    start_ring(self);
    run_to(self, clocks(self, 40));
    const cs_engine_stats *stats = cs_engine_get_stats(gtsim_system_engine(self->system, CS_ENGINE_BCS));
    EXPECT_EQ(stats->semaphore_wakes, 1u);
    EXPECT_EQ(stats->semaphore_polls, 2u);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    mem_wr(self, SEMAPHORE, 1);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xb1u);
}

TEST_F(CsSys, SignalToAnUndefinedOrAbsentEngineIsHarmlessGen12)
{
    build(self, CS_PROFILE_GEN12);
    EMIT("MI_SEMAPHORE_SIGNAL", 0, { "target_engine", 0, 5 });  /* not defined by genxml */
    EMIT("MI_SEMAPHORE_SIGNAL", 0, { "target_engine", 0, 11 }); /* vcs7: not in this system */
    sdi(self, DATA, 0x5);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x5u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->semaphore_signals, 2u);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

TEST_F(CsSys, PeerCapacityIsBoundedGen12)
{
    build(self, CS_PROFILE_GEN12);
    cs_engine_model *model = engine_model(self);
    /* gtsim_system connected the four gen12 engines; the rest of the capacity fills, then refuses. */
    unsigned added = 0;
    while (cs_engine_connect_peer(model, model))
        added++;
    EXPECT_EQ(added, CS_PEER_CAPACITY - 4u);
    EXPECT_FALSE(cs_engine_connect_peer(model, NULL));
}
