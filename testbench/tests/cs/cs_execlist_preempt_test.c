/* Execlists as i915 drives them (docs/reference/cs.md "Preemption and arbitration", "Context image"):
 * MI_ARB_ON_OFF and the arbitration points, preemption of a running context by a submit-queue
 * load, time-slicing, preempt-to-busy, lite restore, the engine context of the image (GPRs,
 * masked registers, CTX_TIMESTAMP, restore inhibit) and gen6 MI_SET_CONTEXT's context switch
 * interrupt. Each scenario follows the public i915 code named in its comment. */
#include <stdint.h>

#include "cs_execlist_fixture.h"

#define SPIN_A 0x600000u  /* spinner batch of context A */
#define SPIN_B 0x610000u  /* spinner batch of context B */
#define LAST DATA         /* the id of the spinner that ran last */
#define PAUSED_DWORD 0x32u /* i915 I915_GEM_HWS_PREEMPT: ring_set_paused() writes it in the HWSP */
#define BB_END_HEADER 0x05000000u /* MI_BATCH_BUFFER_END */

/* An i915 igt_spinner batch at `address` (selftests/igt_spinner.c igt_spinner_create_request):
 * it stores `id` to LAST, offers an arbitration point (MI_ARB_CHECK) and starts itself again,
 * until igt_spinner_end() writes MI_BATCH_BUFFER_END over its first dword. */
static void spinner_batch(CsSys *self, uint64_t address, uint32_t id)
{
    sdi(self, LAST, id);
    EMIT0("MI_ARB_CHECK");
    bb_start(self, address, false, false);
    place(self, address);
}

static void spinner_end(CsSys *self, uint64_t address)
{
    mem_wr(self, address, BB_END_HEADER);
}

/* A request running `batch` as i915 emits it (gen8_emit_bb_start: arbitration on around the
 * batch, off after it), then a fence store and the gen12 fini breadcrumb tail with its
 * preempt-to-busy wait on the HWSP's pause dword (gen12_emit_fini_breadcrumb_tail,
 * gen12_emit_preempt_busywait, gen8_emit_wa_tail). Returns the ring's length in bytes. */
static uint32_t request_ring(CsSys *self, uint64_t ring, uint64_t batch, uint64_t fence, uint32_t value)
{
    EMIT("MI_ARB_ON_OFF", 1, { "arbitration_enable", 0, 1 });
    bb_start(self, batch, false, false);
    EMIT("MI_ARB_ON_OFF", 1, { "arbitration_enable", 0, 0 });
    EMIT0("MI_NOOP");
    sdi(self, fence, value);
    EMIT0("MI_USER_INTERRUPT");
    EMIT("MI_ARB_ON_OFF", 1, { "arbitration_enable", 0, 1 });
    EMIT0("MI_ARB_CHECK");
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 0 },
         { "address", 0, HWSP + 4u * PAUSED_DWORD });
    EMIT0("MI_ARB_CHECK");
    EMIT0("MI_NOOP");
    return place_ring(self, ring);
}

static void cycles(CsSys *self, uint64_t count)
{
    tlm_kernel_run_for(gtsim_system_kernel(self->system), count * gtsim_system_clock_period(self->system));
}

static uint64_t csb_detail(uint64_t csb)
{
    return (csb >> 32) & CS_EXECLIST_CSB_DETAIL_MASK;
}

/* The preemption entry i915 decodes: switched to new queue, `to` in, `away` out, detail 5. */
static uint64_t preempted(CsSys *self, uint32_t to, uint32_t away)
{
    return entry(self, true, to, away) | (uint64_t)CS_EXECLIST_CSB_DETAIL_PREEMPTED << 32;
}

/* The image dword holding the value of the register at block offset `offset` (the engine
 * context list the image helper writes: spec 004 order). */
static uint64_t image_slot(CsSys *self, uint64_t lrca, uint32_t offset)
{
    uint32_t want = (uint32_t)base_of(self, self->engine) + offset;
    for (uint32_t d = 0; d + 1u < CS_EXECLIST_STATE_DWORDS; d++)
        if (mem_rd(self, lrca + CS_EXECLIST_STATE_OFFSET + 4u * d) == want && d > CS_EXECLIST_CTX_LRI0)
            return lrca + CS_EXECLIST_STATE_OFFSET + 4u * (d + 1u);
    ADD_FAILURE("register 0x%x is not in the image at 0x%llx", offset, (unsigned long long)lrca);
    return 0;
}

static void setup(CsSys *self)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
}

/* ---- arbitration ---------------------------------------------------------------------------- */

/* i915 selftest_execlists.c live_preempt: a spinning low-priority context is preempted by a new
 * submission at its MI_ARB_CHECK; the CSB shows "switched to new queue" away from the spinner
 * (i915 __gen12_csb_parse promotes it); the spinner's image holds its ring and batch position,
 * and resubmitted after igt_spinner_end() it finishes from there. */
TEST_F(CsSys, SubmissionPreemptsASpinnerAtItsArbCheck)
{
    setup(self);
    spinner_batch(self, SPIN_A, 0xA);
    uint32_t tail = request_ring(self, RING, SPIN_A, DATA + 0x40u, 0xA1);
    make_context(self, LRCA0, RING, 0, tail);
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x80u, 0xB1));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 200);
    EXPECT_EQ(mem_rd(self, LAST), 0xAu);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 400);
    EXPECT_EQ(mem_rd(self, DATA + 0x80u), 0xB1u); /* B ran while A's spinner never ended */
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0u);
    uint64_t csb = csb_entry(self, HWSP, 1);
    EXPECT_EQ(csb, preempted(self, 2, 1));
    EXPECT_TRUE(i915_promotes(csb));
    EXPECT_EQ(csb_detail(csb), CS_EXECLIST_CSB_DETAIL_PREEMPTED);
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 2));
    EXPECT_EQ(stats(self)->preemptions, 1u);
    /* A's image: in its batch (BB_ADDR valid), HEAD past the MI_BATCH_BUFFER_START. */
    uint32_t bb = mem_rd(self, LRCA0 + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_BB_ADDR + 1u));
    EXPECT_NE(bb & CS_BB_ADDR_VALID_MASK, 0u);
    EXPECT_EQ(bb & CS_BB_ADDR_ADDRESS_MASK & ~0xFFFu, SPIN_A);
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_HEAD)) & CS_RING_HEAD_HEAD_MASK, 4u * 4u);
    /* Back in, the spinner ends and the request completes (breadcrumb, busywait passes). */
    spinner_end(self, SPIN_A);
    mem_wr(self, LAST, 0);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0xA1u);
    EXPECT_EQ(mem_rd(self, LAST), 0u); /* resumed in the batch, not from its start */
    EXPECT_EQ(errors(self), 0u);
}

/* A preemption raises the context switch interrupt with its CSB entry (spec 001; i915's
 * execlists_irq_handler runs process_csb on GT_CONTEXT_SWITCH_INTERRUPT): one message for
 * the switch from spinner A to spinner B, none while B spins on. */
TEST_F(CsSys, PreemptionRaisesTheContextSwitchInterrupt)
{
    setup(self);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_CONTEXT_SWITCH); /* only the context switch */
    spinner_batch(self, SPIN_A, 0xA);
    spinner_batch(self, SPIN_B, 0xB);
    make_context(self, LRCA0, RING, 0, request_ring(self, RING, SPIN_A, DATA + 0x40u, 0xA1));
    make_context(self, LRCA1, RING1, 0, request_ring(self, RING1, SPIN_B, DATA + 0x80u, 0xB1));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 200);
    uint64_t before = cs_engine_get_stats(engine_model(self))->messages;
    uint64_t entries = stats(self)->csb_entries;
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 400);
    EXPECT_EQ(mem_rd(self, LAST), 0xBu);
    EXPECT_EQ(stats(self)->csb_entries, entries + 1u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, before + 1u);
    spinner_end(self, SPIN_A);
    spinner_end(self, SPIN_B);
}

/* Context A: 30 stores each followed by MI_ARB_CHECK, after MI_ARB_ON_OFF `arbitration` when
 * `set`; context B: a fence store. A runs 60 clocks, then B is submitted. */
static void arb_check_pair(CsSys *self, bool set, bool arbitration)
{
    setup(self);
    if (set)
        EMIT("MI_ARB_ON_OFF", 1, { "arbitration_enable", 0, arbitration ? 1 : 0 });
    for (int i = 0; i < 30; i++) {
        sdi(self, DATA + 4u * (uint32_t)i, 1);
        EMIT0("MI_ARB_CHECK");
    }
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x100u, 2));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 60);
    submit(self, descriptor(self, LRCA1, 2), 0);
}

/* MI_ARB_ON_OFF off (i915 gen8_emit_bb_start_noarb, I915_REQUEST_NOPREEMPT): MI_ARB_CHECK is
 * no arbitration point; the load waits for the context to complete. */
TEST_F(CsSys, ArbitrationOffKeepsTheContextUntilItCompletes)
{
    arb_check_pair(self, true, false);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 29u), 1u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), entry(self, true, 2, 1)); /* complete, then the new queue */
    EXPECT_EQ(stats(self)->preemptions, 0u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->yields, 0u);
}

/* Arbitration is on out of reset: the same ring without MI_ARB_ON_OFF is preempted. */
TEST_F(CsSys, ArbitrationIsOnOutOfReset)
{
    arb_check_pair(self, false, false);
    cycles(self, 100);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 2u);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 29u), 0u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    /* A resubmitted goes on from its saved HEAD and finishes. */
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 29u), 1u);
}

/* MI_ARB_ON_OFF is privileged (spec 002: converted to a NOOP in a non-privileged batch): a
 * user batch cannot turn arbitration off. */
TEST_F(CsSys, ArbOnOffInAUserBatchIsANoop)
{
    setup(self);
    EMIT("MI_ARB_ON_OFF", 1, { "arbitration_enable", 0, 0 });
    for (int i = 0; i < 20; i++)
        EMIT0("MI_ARB_CHECK");
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x100u, 2));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 40);
    submit(self, descriptor(self, LRCA1, 2), 0);
    run(self);
    EXPECT_EQ(stats(self)->preemptions, 1u);
    EXPECT_NE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK, 0u);
}

/* A failing semaphore wait is an arbitration point (the wait i915 relies on in
 * emit_preempt_busywait): the waiting context is switched away with HEAD at the wait, and
 * resubmitted once the semaphore holds it passes and completes. */
TEST_F(CsSys, FailingSemaphoreWaitIsAnArbitrationPoint)
{
    setup(self);
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 1 },
         { "address", 0, DATA + 0x200u });
    sdi(self, DATA + 0x204u, 0xAu);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x100u, 2));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 300);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 300);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 2u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_HEAD)) & CS_RING_HEAD_HEAD_MASK, 0u);
    mem_wr(self, DATA + 0x200u, 1);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x204u), 0xAu);
}

/* The end of a batch buffer is an arbitration point (docs/reference/cs.md "Preemption and
 * arbitration", a buffer boundary): a batch without MI_ARB_CHECK runs to its end, then the
 * pending load switches A away with HEAD just past its MI_BATCH_BUFFER_START and the ring's
 * own stores not yet run; resubmitted, A runs them. */
TEST_F(CsSys, EndOfABatchIsAnArbitrationPoint)
{
    setup(self);
    for (int i = 0; i < 20; i++)
        sdi(self, DATA + 4u * (uint32_t)i, 1);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    uint32_t after_start = 4u * self->length;
    for (int i = 0; i < 20; i++)
        sdi(self, DATA + 0x100u + 4u * (uint32_t)i, 2);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x200u, 3));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 60);
    ASSERT_EQ(mem_rd(self, DATA + 4u * 19u), 0u); /* still in the batch */
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 600);
    EXPECT_EQ(mem_rd(self, DATA + 0x200u), 3u);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 19u), 1u); /* the batch ran to its end */
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 0u);   /* the ring's stores after it did not */
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_HEAD)) & CS_RING_HEAD_HEAD_MASK, after_start);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u + 4u * 19u), 2u);
    EXPECT_EQ(errors(self), 0u);
}

/* MI_WAIT_FOR_EVENT waiting takes the ring out of arbitration (spec 000 EXCC): a load made
 * while it waits switches at once. */
TEST_F(CsSys, WaitForEventLetsALoadIn)
{
    setup(self);
    EMIT("MI_WAIT_FOR_EVENT", 1, { "plane_1a_vblank", 0, 1 });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x100u, 2));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 100);
    EXPECT_NE(rd(self, CS_RING_CTL_OFFSET) & CS_RING_CTL_RB_WAIT_MASK, 0u);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 200);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 2u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    EXPECT_NE(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_CTL)) & CS_RING_CTL_RB_WAIT_MASK, 0u);
}

/* i915 preempt-to-busy (execlists_dequeue: ring_set_paused(engine, 1) before the ELSP write,
 * process_csb: ring_set_paused(engine, 0) on the promotion): A's request completes and parks on
 * the busywait of its fini breadcrumb; B's submission with the pause set switches A away there
 * instead of deadlocking (A cannot pass the wait until the driver sees the CSB). */
TEST_F(CsSys, PreemptToBusyDoesNotDeadlock)
{
    setup(self);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    uint32_t tail = request_ring(self, RING, BATCH, DATA + 0x40u, 0xA1);
    make_context(self, LRCA0, RING, 0, tail);
    make_context(self, LRCA1, RING1, 0, request_ring(self, RING1, BATCH, DATA + 0x80u, 0xB1));
    mem_wr(self, HWSP + 4u * PAUSED_DWORD, 1); /* ring_set_paused(engine, 1) */
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 300);
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0xA1u); /* A's request is complete; A waits busy */
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 100);
    uint64_t csb = csb_entry(self, HWSP, 1);
    EXPECT_EQ(csb, preempted(self, 2, 1));
    EXPECT_TRUE(i915_promotes(csb));
    mem_wr(self, HWSP + 4u * PAUSED_DWORD, 0); /* process_csb: ring_set_paused(engine, 0) */
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x80u), 0xB1u);
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 2));
}

/* i915 timeslice (timeslice_expired() then execlists_dequeue() resubmits the ELSP with the
 * waiting context first): two spinners take turns at their MI_ARB_CHECK, each resuming in its
 * own batch; ended, both complete. */
TEST_F(CsSys, TimeslicingAlternatesTwoSpinners)
{
    setup(self);
    spinner_batch(self, SPIN_A, 0xA);
    spinner_batch(self, SPIN_B, 0xB);
    make_context(self, LRCA0, RING, 0, request_ring(self, RING, SPIN_A, DATA + 0x40u, 0xA1));
    make_context(self, LRCA1, RING1, 0, request_ring(self, RING1, SPIN_B, DATA + 0x80u, 0xB1));
    uint64_t a = descriptor(self, LRCA0, 1), b = descriptor(self, LRCA1, 2);
    submit(self, a, 0);
    cycles(self, 200);
    EXPECT_EQ(mem_rd(self, LAST), 0xAu);
    submit(self, b, a); /* slice expired: B first */
    cycles(self, 200);
    EXPECT_EQ(mem_rd(self, LAST), 0xBu);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    submit(self, a, b);
    cycles(self, 200);
    EXPECT_EQ(mem_rd(self, LAST), 0xAu);
    EXPECT_EQ(csb_entry(self, HWSP, 2), preempted(self, 1, 2));
    spinner_end(self, SPIN_A);
    spinner_end(self, SPIN_B);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0xA1u);
    EXPECT_EQ(mem_rd(self, DATA + 0x80u), 0xB1u);
    EXPECT_EQ(stats(self)->preemptions, 2u);
    EXPECT_EQ(errors(self), 0u);
}

/* i915 lite restore (execlists_dequeue resubmits the running context with a new RING_TAIL in
 * its image; gen8_emit_wa_tail keeps HEAD != TAIL): at the next arbitration point the engine
 * takes the new tail without a save or load and goes on where it was; the CSB reports a new
 * queue with the same context in and out. */
TEST_F(CsSys, LiteRestoreTakesTheNewTailAtTheNextArbitrationPoint)
{
    setup(self);
    spinner_batch(self, SPIN_A, 0xA);
    uint32_t tail = request_ring(self, RING, SPIN_A, DATA + 0x40u, 0xA1);
    make_context(self, LRCA0, RING, 0, tail);
    uint64_t a = descriptor(self, LRCA0, 1);
    submit(self, a, 0);
    cycles(self, 200);
    uint32_t more = fence_ring(self, RING + tail, DATA + 0x44u, 0xA2);
    ASSERT_TRUE(cs_execlist_write_ring_tail(gtsim_system_memory(self->system), LRCA0, tail + more));
    submit(self, a, 0);
    cycles(self, 200);
    EXPECT_EQ(rd(self, CS_RING_TAIL_OFFSET), tail + more); /* taken while the spinner spins */
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0u);
    uint64_t csb = csb_entry(self, HWSP, 1);
    EXPECT_EQ(csb & 0xFFFFFFFFu, entry(self, true, 1, 1) & 0xFFFFFFFFu);
    EXPECT_EQ((uint32_t)(csb >> 32) & ~CS_EXECLIST_CSB_DETAIL_MASK, 1u << 15);
    EXPECT_TRUE(i915_promotes(csb));
    EXPECT_EQ(stats(self)->lite_restores, 1u);
    EXPECT_EQ(stats(self)->completions, 0u); /* nothing saved */
    spinner_end(self, SPIN_A);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0xA1u);
    EXPECT_EQ(mem_rd(self, DATA + 0x44u), 0xA2u);
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 1));
}

/* Force Restore (i915 CTX_DESC_FORCE_RESTORE) makes a resubmission of the running context a
 * full switch: saved and loaded again from its image, not a lite restore. */
TEST_F(CsSys, ForceRestoreResubmissionIsAFullSwitch)
{
    setup(self);
    spinner_batch(self, SPIN_A, 0xA);
    make_context(self, LRCA0, RING, 0, request_ring(self, RING, SPIN_A, DATA + 0x40u, 0xA1));
    uint64_t a = descriptor(self, LRCA0, 1);
    submit(self, a, 0);
    cycles(self, 200);
    submit(self, a | CS_EXECLIST_DESC_FORCE_RESTORE, 0);
    cycles(self, 200);
    EXPECT_EQ(stats(self)->lite_restores, 0u);
    EXPECT_EQ(stats(self)->preemptions, 1u);
    EXPECT_EQ(mem_rd(self, LAST), 0xAu); /* reloaded into its batch, spinning again */
    spinner_end(self, SPIN_A);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x40u), 0xA1u);
}

/* ---- the engine context ------------------------------------------------------------------- */

/* Two contexts never see each other's GPRs or masked engine registers (spec 004 engine
 * context; IGT gem_ctx_isolation): A sets GPR0 and INSTPM bits, is preempted at a semaphore; B
 * reads them as its own image holds them (reset values) and sets its own; A resumes with its
 * values. */
TEST_F(CsSys, ContextsNeverSeeEachOthersEngineRegisters)
{
    setup(self);
    uint32_t base = (uint32_t)base_of(self, self->engine);
    uint32_t instpm_bit = CS_INSTPM_MEMORY_SYNC_ENABLE_MASK;
    lri(self, base + CS_GPR0_OFFSET, 0xAAAA0001u);
    lri(self, base + CS_INSTPM_OFFSET, instpm_bit << 16 | instpm_bit);
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 1 },
         { "address", 0, DATA + 0x200u });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_GPR0_OFFSET }, { "address", 0, DATA + 0x10u });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_INSTPM_OFFSET }, { "address", 0, DATA + 0x14u });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    mem_wr(self, DATA + 0x20u, 0xFFFFFFFFu);
    mem_wr(self, DATA + 0x24u, 0xFFFFFFFFu);
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_GPR0_OFFSET }, { "address", 0, DATA + 0x20u });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_INSTPM_OFFSET }, { "address", 0, DATA + 0x24u });
    lri(self, base + CS_GPR0_OFFSET, 0xBBBB0002u);
    make_context(self, LRCA1, RING1, 0, place_ring(self, RING1));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 300);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 300);
    EXPECT_EQ(mem_rd(self, DATA + 0x20u), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 0x24u) & instpm_bit, 0u);
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA0, CS_GPR0_OFFSET)), 0xAAAA0001u); /* saved */
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA1, CS_GPR0_OFFSET)), 0xBBBB0002u);
    mem_wr(self, DATA + 0x200u, 1);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x10u), 0xAAAA0001u);
    EXPECT_NE(mem_rd(self, DATA + 0x14u) & instpm_bit, 0u);
    EXPECT_EQ(rd(self, CS_GPR0_OFFSET), 0xAAAA0001u);
}

/* The predicate result the engine context holds (spec 004 MI_PREDICATE_RESULT_1) is restored
 * and saved with the context like every register of the list. */
TEST_F(CsSys, PredicateResultIsPerContext)
{
    setup(self);
    uint64_t slot = 0;
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    slot = image_slot(self, LRCA0, CS_MI_PREDICATE_RESULT_1_OFFSET);
    mem_wr(self, slot, 1);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(rd(self, CS_MI_PREDICATE_RESULT_1_OFFSET) & 1u, 1u);
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 4u, 1));
    submit(self, descriptor(self, LRCA1, 2), 0);
    run(self);
    EXPECT_EQ(rd(self, CS_MI_PREDICATE_RESULT_1_OFFSET) & 1u, 0u);
}

/* A sets its predicate result to `mine` by MI_LOAD_REGISTER_IMM and is preempted at a
 * semaphore; B, whose image holds the other value, stores the predicate it sees and completes;
 * A resubmitted stores its own. Neither sees the other's (spec 004 engine context
 * MI_PREDICATE_RESULT_1; IGT gem_ctx_isolation), whichever value each holds. */
static void predicate_isolation(CsSys *self, uint32_t mine)
{
    setup(self);
    uint32_t base = (uint32_t)base_of(self, self->engine);
    uint32_t theirs = mine ^ 1u;
    lri(self, base + CS_MI_PREDICATE_RESULT_1_OFFSET, mine);
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 1 },
         { "address", 0, DATA + 0x200u });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_MI_PREDICATE_RESULT_1_OFFSET },
         { "address", 0, DATA + 0x10u });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    mem_wr(self, image_slot(self, LRCA0, CS_MI_PREDICATE_RESULT_1_OFFSET), theirs); /* overwritten by A's LRI */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_MI_PREDICATE_RESULT_1_OFFSET },
         { "address", 0, DATA + 0x20u });
    make_context(self, LRCA1, RING1, 0, place_ring(self, RING1));
    mem_wr(self, image_slot(self, LRCA1, CS_MI_PREDICATE_RESULT_1_OFFSET), theirs);
    mem_wr(self, DATA + 0x10u, 0xFFFFFFFFu);
    mem_wr(self, DATA + 0x20u, 0xFFFFFFFFu);
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 300);
    EXPECT_EQ(rd(self, CS_MI_PREDICATE_RESULT_1_OFFSET), mine);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 300);
    EXPECT_EQ(csb_entry(self, HWSP, 1), preempted(self, 2, 1));
    EXPECT_EQ(mem_rd(self, DATA + 0x20u), theirs); /* B sees its own, not A's */
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA0, CS_MI_PREDICATE_RESULT_1_OFFSET)), mine); /* A's saved */
    mem_wr(self, DATA + 0x200u, 1);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x10u), mine); /* A sees its own, not B's */
    EXPECT_EQ(errors(self), 0u);
}

TEST_F(CsSys, PreemptedContextsNeverSeeEachOthersPredicateSet)
{
    predicate_isolation(self, 1);
}

TEST_F(CsSys, PreemptedContextsNeverSeeEachOthersPredicateClear)
{
    predicate_isolation(self, 0);
}

/* Restore inhibit (i915 CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT, set for a context without a
 * default image): the engine context is not loaded from the image, the engine registers are
 * at their reset values, and the save that follows writes the image (without the inhibit). */
TEST_F(CsSys, RestoreInhibitLoadsResetValuesThenSaves)
{
    setup(self);
    uint32_t base = (uint32_t)base_of(self, self->engine);
    wr(self, CS_GPR0_OFFSET, 0x5555u); /* left over from before */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_GPR0_OFFSET }, { "address", 0, DATA });
    lri(self, base + CS_GPR1_OFFSET, 0x77u);
    cs_execlist_ring ring = { .mmio_base = base, .start = RING, .tail = place_ring(self, RING),
                              .ctl = CS_RING_CTL_ENABLE_MASK,
                              .context_control = CS_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK << 16 |
                                                 CS_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK };
    ASSERT_TRUE(cs_execlist_write_context_image(gtsim_system_memory(self->system), LRCA0, &ring));
    mem_wr(self, image_slot(self, LRCA0, CS_GPR0_OFFSET), 0x1234u); /* not restored */
    mem_wr(self, DATA, 0xFFFFFFFFu);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    EXPECT_EQ(stats(self)->restore_inhibits, 1u);
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA0, CS_GPR1_OFFSET)), 0x77u);
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA0, CS_GPR0_OFFSET)), 0u);
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_CONTEXT_CONTROL)) & CS_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK,
              0u);
}

/* Without the inhibit the image's engine context is loaded. */
TEST_F(CsSys, ImageEngineContextIsLoaded)
{
    setup(self);
    uint32_t base = (uint32_t)base_of(self, self->engine);
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, base + CS_GPR0_OFFSET }, { "address", 0, DATA });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    mem_wr(self, image_slot(self, LRCA0, CS_GPR0_OFFSET), 0x1234u);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x1234u);
    EXPECT_EQ(stats(self)->restore_inhibits, 0u);
}

/* The PPGTT directory pointers of the ring context (spec 004 PDP0-3) are the context's: loaded
 * from its image, saved back when the context changes them (i915 writes them by LRI). */
TEST_F(CsSys, PageDirectoryPointersArePerContext)
{
    setup(self);
    uint32_t base = (uint32_t)base_of(self, self->engine);
    lri(self, base + CS_PDP1_UDW_OFFSET, 0x42u);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    mem_wr(self, image_slot(self, LRCA0, CS_PDP0_LDW_OFFSET), 0x7000u);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(rd(self, CS_PDP0_LDW_OFFSET), 0x7000u);
    EXPECT_EQ(mem_rd(self, image_slot(self, LRCA0, CS_PDP1_UDW_OFFSET)), 0x42u);
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA, 1));
    submit(self, descriptor(self, LRCA1, 2), 0);
    run(self);
    EXPECT_EQ(rd(self, CS_PDP0_LDW_OFFSET), 0u);
    EXPECT_EQ(rd(self, CS_PDP1_UDW_OFFSET), 0u);
}

/* CTX_TIMESTAMP counts the context's run time (i915 selftest_lrc.c live_lrc_timestamp): loaded
 * from the image, counting while the context is on the engine, saved at the switch, still while
 * another context runs. */
TEST_F(CsSys, CtxTimestampCountsOnlyWhileTheContextRuns)
{
    setup(self);
    EMIT("MI_SEMAPHORE_WAIT", 4, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 1 },
         { "address", 0, DATA + 0x200u });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    uint64_t ts_slot = image_slot(self, LRCA0, CS_CTX_TIMESTAMP_OFFSET);
    mem_wr(self, ts_slot, 1000u);
    for (int i = 0; i < 30; i++)
        sdi(self, DATA + 4u * (uint32_t)i, 1);
    make_context(self, LRCA1, RING1, 0, place_ring(self, RING1));
    submit(self, descriptor(self, LRCA0, 1), 0);
    cycles(self, 2000);
    EXPECT_GT(rd(self, CS_CTX_TIMESTAMP_OFFSET), 1000u);
    submit(self, descriptor(self, LRCA1, 2), 0);
    cycles(self, 100);
    uint32_t saved = mem_rd(self, ts_slot);
    EXPECT_GT(saved, 1000u);
    run(self);
    EXPECT_EQ(mem_rd(self, ts_slot), saved); /* still while B ran */
    mem_wr(self, DATA + 0x200u, 1);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_GE(mem_rd(self, ts_slot), saved);
}

/* ---- gen6 --------------------------------------------------------------------------------- */

/* spec 000 §1.1.7 bit 8: MI_SET_CONTEXT that switches raises the Context Switch interrupt
 * (GTIIR's render context switch bit); one naming the current context again does not. */
TEST_F(CsSys, Gen6SetContextRaisesTheContextSwitchInterrupt)
{
    build(self, CS_PROFILE_GEN6);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_CONTEXT_SWITCH);
    EMIT("MI_SET_CONTEXT", 2, { "address", 0, 0x700000u }, { "must_be_one", 0, 1 }, { "restore_inhibit", 0, 1 });
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), IRQ_GEN6_GTIIR_RENDER_CONTEXT_SWITCH_MASK);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET, 0xFFFFFFFFu);
    wr(self, CS_RING_CTL_OFFSET, 0);
    EMIT("MI_SET_CONTEXT", 2, { "address", 0, 0x700000u }, { "must_be_one", 0, 1 });
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), 0u);
}

/* The per-process status page of a gen8+ context is page 0 of its image (spec 004 "per-process
 * HWSP"; i915 LRC_PPHWSP_PN): MI_STORE_DATA_INDEX with "Use Per-Process Hardware Status Page"
 * writes there, without it the global status page (HWS_PGA). */
TEST_F(CsSys, StoreDataIndexPerProcessStatusPageIsImagePageZero)
{
    setup(self);
    EMIT("MI_STORE_DATA_INDEX", 3, { "pphwsp", 0, 1 }, { "offset", 0, 0x80 }, { "data", 0, 0xC1 });
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x84 }, { "data", 0, 0xC2 });
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, LRCA0 + 0x80), 0xC1u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x80), 0u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x84), 0xC2u);
    EXPECT_EQ(mem_rd(self, LRCA0 + 0x84), 0u);
}
