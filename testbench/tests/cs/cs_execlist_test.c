/* Execlist submission on the gen12 command streamer (docs/reference/cs.md "Execlists"):
 * submit queue and ELSP loads, the logical ring context image (spec 004), context save, the
 * context status buffer in the status pages and through the read port (spec 001 "CSB Read
 * Port"), the context switch interrupt through the gen11+ aggregation tree, refused loads. */
#include <stdint.h>

#include "cs_execlist_fixture.h"

/* ---- one context ---------------------------------------------------------------------------- */

TEST_F(CsSys, OneContextRunsAndReportsIdleToActiveThenActiveToIdle)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    uint32_t tail = fence_ring(self, RING, DATA, 0xC0FFEEu);
    make_context(self, LRCA0, RING, 0, tail);
    EXPECT_EQ(write_ptr(self), 11u); /* reset: the next entry goes to slot 0 */
    submit(self, descriptor(self, LRCA0, 5), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xC0FFEEu);
    /* Two entries, slots 0 and 1, in the engine's status page (where i915 reads them). */
    EXPECT_EQ(write_ptr(self), 1u);
    EXPECT_EQ(mem_rd(self, HWSP + 4u * CS_EXECLIST_HWSP_CSB_WRITE_DWORD), 1u);
    uint64_t first = csb_entry(self, HWSP, 0), second = csb_entry(self, HWSP, 1);
    EXPECT_EQ(first, entry(self, true, 5, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(second, entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 5));
    EXPECT_EQ((uint32_t)(second >> 32) & CS_EXECLIST_CSB_DETAIL_MASK, 0u); /* context complete */
    EXPECT_TRUE(i915_promotes(first));
    EXPECT_FALSE(i915_promotes(second));
    /* The same entries in the context's per-process HWSP (page 0 of its image). */
    EXPECT_EQ(csb_entry(self, LRCA0, 0), first);
    EXPECT_EQ(csb_entry(self, LRCA0, 1), second);
    /* Saved: RING_HEAD at the tail; TAIL unchanged in the image. */
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_HEAD)), tail);
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_TAIL)), tail);
    EXPECT_EQ(rd(self, CS_EXECLIST_STATUS_LO_OFFSET), 0u);
    EXPECT_EQ(rd(self, CS_EXECLIST_STATUS_HI_OFFSET), 0u);
    EXPECT_FALSE(cs_execlist_active(cs_engine_execlist(engine_model(self))));
    EXPECT_EQ(stats(self)->completions, 1u);
}

TEST_F(CsSys, StatusShowsTheRunningElementAndItsContext)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    for (int i = 0; i < 40; i++)
        sdi(self, DATA + 4u * (uint32_t)i, (uint32_t)i);
    uint32_t tail = place_ring(self, RING);
    make_context(self, LRCA0, RING, 0, tail);
    uint64_t desc = descriptor(self, LRCA0, 9);
    submit(self, desc, 0);
    tlm_kernel_run_for(gtsim_system_kernel(self->system), 60 * gtsim_system_clock_period(self->system));
    uint32_t lo = rd(self, CS_EXECLIST_STATUS_LO_OFFSET);
    EXPECT_EQ(lo, CS_EXECLIST_STATUS_LO_ELEMENT0_VALID_MASK | CS_EXECLIST_STATUS_LO_ELEMENT0_ACTIVE_MASK |
                      (1u << CS_EXECLIST_STATUS_LO_ACTIVE_STATUS_SHIFT));
    EXPECT_EQ(rd(self, CS_EXECLIST_STATUS_HI_OFFSET), (uint32_t)(desc >> 32));
    /* The ring registers came from the image. */
    EXPECT_EQ(rd(self, CS_RING_START_OFFSET), RING);
    EXPECT_EQ(rd(self, CS_RING_TAIL_OFFSET), tail);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 39u), 39u);
}

/* ---- the read port and its FIFO --------------------------------------------------------------- */

TEST_F(CsSys, ReadPortReturnsLowThenHighAndTheFifoCounts)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    submit(self, descriptor(self, LRCA0, 3), 0);
    run(self);
    uint64_t first = entry(self, true, 3, CS_EXECLIST_IDLE_CTX_ID),
             second = entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 3);
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 2u << CS_CSB_FIFO_STATUS_COUNT_SHIFT);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)first);
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 2u | CS_CSB_FIFO_STATUS_HIGH_NEXT_MASK);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)(first >> 32));
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 1u);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)second);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)(second >> 32));
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), CS_CSB_FIFO_STATUS_EMPTY_MASK);
    /* Empty: 0 and a log line. */
    uint64_t before = warnings(self);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), 0u);
    EXPECT_EQ(warnings(self), before + 1u);
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), CS_CSB_FIFO_STATUS_EMPTY_MASK);
}

/* spec 001 "Context Status Buffer Initialization": the CSB FIFOs are in the device reset
 * domain; entries left unread survive an engine (GFX) reset and are drained afterwards. */
TEST_F(CsSys, CsbFifoSurvivesAnEngineReset)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    submit(self, descriptor(self, LRCA0, 3), 0);
    run(self);
    uint64_t first = entry(self, true, 3, CS_EXECLIST_IDLE_CTX_ID);
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)first); /* half an entry read */
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(rd(self, CS_RING_START_OFFSET), 0u); /* the engine is reset... */
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 2u | CS_CSB_FIFO_STATUS_HIGH_NEXT_MASK); /* ...its FIFO not */
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)(first >> 32));
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 1u);
}

/* Seven loads of an empty context: 14 entries. The CSB wraps after 12 (write pointer
 * (11 + 14) mod 12 = 1); the FIFO keeps the first 12 and flags the overflow. */
TEST_F(CsSys, CsbWrapsAndAFullFifoDropsAndFlags)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, 0); /* HEAD == TAIL: nothing to run, complete at once */
    for (uint32_t i = 0; i < 7; i++) {
        submit(self, descriptor(self, LRCA0, 20 + i), 0);
        run(self);
    }
    EXPECT_EQ(stats(self)->csb_entries, 14u);
    EXPECT_EQ(write_ptr(self), 1u);
    EXPECT_EQ(csb_entry(self, HWSP, 0), entry(self, true, 26, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(csb_entry(self, HWSP, 1), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 26));
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, true, 21, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET),
              CS_EXECLIST_FIFO_DEPTH | CS_CSB_FIFO_STATUS_FULL_MASK | CS_CSB_FIFO_STATUS_OVERFLOW_MASK);
    EXPECT_EQ(stats(self)->fifo_dropped, 2u);
    /* The FIFO holds the oldest: the first load's idle-to-active. */
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), (uint32_t)entry(self, true, 20, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(rd(self, CS_CSB_READ_PORT_OFFSET), CS_EXECLIST_IDLE_CTX_ID << 15);
    wr(self, CS_CSB_FIFO_STATUS_OFFSET, CS_CSB_FIFO_STATUS_OVERFLOW_MASK); /* write 1 to clear */
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), CS_EXECLIST_FIFO_DEPTH - 1u);
}

/* The CSB's MMIO copy (i915 intel_execlists_submission.c wa_csb_read: entry i at base + 0x370 +
 * 8i for i < 6, base + 0x3C0 + 8(i - 6) after, low dword first) and RING_CONTEXT_STATUS_PTR:
 * all twelve entries and the write pointer equal the status page's copy after every entry,
 * through a wrap of the slots; the copy is read only. */
static uint32_t csb_mmio_offset(uint32_t slot)
{
    return slot < 6u ? CS_CONTEXT_STATUS_BUF_LO_0_OFFSET + 8u * slot
                     : CS_CONTEXT_STATUS_BUF_LO_6_OFFSET + 8u * (slot - 6u);
}

TEST_F(CsSys, CsbMmioCopyEqualsTheStatusPage)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, 0); /* HEAD == TAIL: nothing to run, complete at once */
    for (uint32_t n = 0; n < 7; n++) {
        submit(self, descriptor(self, LRCA0, 30 + n), 0);
        run(self);
        EXPECT_EQ(write_ptr(self), mem_rd(self, HWSP + 4u * CS_EXECLIST_HWSP_CSB_WRITE_DWORD));
        for (uint32_t i = 0; i < CS_EXECLIST_CSB_ENTRIES; i++) {
            uint64_t page = csb_entry(self, HWSP, i);
            EXPECT_EQ(rd(self, csb_mmio_offset(i)), (uint32_t)page);
            EXPECT_EQ(rd(self, csb_mmio_offset(i) + 4u), (uint32_t)(page >> 32));
        }
    }
    /* After the wrap slot 0 holds the seventh load's idle-to-active, in both copies. */
    EXPECT_EQ(rd(self, CS_CONTEXT_STATUS_BUF_LO_0_OFFSET), (uint32_t)entry(self, true, 36, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(rd(self, CS_CONTEXT_STATUS_BUF_LO_11_OFFSET), (uint32_t)csb_entry(self, HWSP, 11));
    EXPECT_NE(rd(self, CS_CONTEXT_STATUS_BUF_LO_11_OFFSET), 0u);
    EXPECT_NE(rd(self, CS_CONTEXT_STATUS_BUF_LO_6_OFFSET), 0u);
    uint32_t before = rd(self, CS_CONTEXT_STATUS_BUF_HI_1_OFFSET);
    wr(self, CS_CONTEXT_STATUS_BUF_HI_1_OFFSET, ~before);
    EXPECT_EQ(rd(self, CS_CONTEXT_STATUS_BUF_HI_1_OFFSET), before);
}

/* ---- the context switch interrupt ---------------------------------------------------------- */

static void enable_render_interrupts(CsSys *self)
{
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xFFFFFFFFu);
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0x80000000u);
}

/* Services the pending GT interrupt as i915's gen11 handler does; returns the identity. */
static irq_message service(CsSys *self)
{
    uint32_t dw0 = mmio_rd(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW0_OFFSET);
    EXPECT_NE(dw0, 0u);
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, dw0);
    uint64_t identity_reg = IRQ_GEN11_MMIO_BASE + IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET;
    uint32_t identity = 0;
    for (int poll = 0; poll < 100 && !(identity & 0x80000000u); poll++)
        identity = mmio_rd(self, identity_reg);
    EXPECT_NE(identity & 0x80000000u, 0u);
    mmio_wr(self, identity_reg, identity);
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW0_OFFSET, dw0);
    return irq_message_unpack(identity);
}

TEST_F(CsSys, ContextSwitchInterruptReachesTheAggregatorAndTheHost)
{
    build(self, CS_PROFILE_GEN12);
    enable_render_interrupts(self);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_CONTEXT_SWITCH); /* only the context switch */
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 7));
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1);
    irq_message got = service(self);
    EXPECT_EQ(got.engine_class, engine_class(self));
    EXPECT_EQ(got.instance, 0);
    EXPECT_EQ(got.data, IRQ_DATA_CONTEXT_SWITCH);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0);
    /* The CSB tells the handler what happened. */
    EXPECT_EQ(write_ptr(self), 1u);
}

TEST_F(CsSys, MaskedContextSwitchSendsNothing)
{
    build(self, CS_PROFILE_GEN12);
    enable_render_interrupts(self);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    wr(self, CS_IMR_OFFSET, 0xFFFFFFFFu);
    make_context(self, LRCA0, RING, 0, 0);
    uint64_t messages = cs_engine_get_stats(engine_model(self))->messages;
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(stats(self)->csb_entries, 2u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, messages);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0);
}

/* spec 000 §1.1.7.1: an HWSTAM- and IMR-unmasked ISR change writes the ISR to HWSP dword 0
 * (a pulse reads 0 there); masked by HWSTAM it does not. */
TEST_F(CsSys, ContextSwitchWritesTheStatusPageOnlyWhenHwstamAllows)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_CONTEXT_SWITCH);
    make_context(self, LRCA0, RING, 0, 0);
    mem_wr(self, HWSP, 0xDEADu);
    submit(self, descriptor(self, LRCA0, 1), 0); /* HWSTAM at reset masks everything */
    run(self);
    EXPECT_EQ(mem_rd(self, HWSP), 0xDEADu);
    wr(self, CS_HWSTAM_OFFSET, ~IRQ_DATA_CONTEXT_SWITCH);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, HWSP), 0u);
}

/* ---- two elements, new queues, resubmission ------------------------------------------------ */

TEST_F(CsSys, TwoElementsRunBackToBack)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 0x111u));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 4u, 0x222u));
    submit(self, descriptor(self, LRCA0, 1), descriptor(self, LRCA1, 2));
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x111u);
    EXPECT_EQ(mem_rd(self, DATA + 4u), 0x222u);
    EXPECT_EQ(write_ptr(self), 2u);
    EXPECT_EQ(csb_entry(self, HWSP, 0), entry(self, true, 1, CS_EXECLIST_IDLE_CTX_ID));
    EXPECT_EQ(csb_entry(self, HWSP, 1), entry(self, false, 2, 1)); /* element switch: 1 complete, 2 runs */
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 2));
    EXPECT_FALSE(i915_promotes(csb_entry(self, HWSP, 1)));
    /* Each image has its own saved head. */
    EXPECT_EQ(mem_rd(self, LRCA1 + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_HEAD + 1u)),
              mem_rd(self, LRCA1 + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_TAIL + 1u)));
    EXPECT_EQ(stats(self)->completions, 2u);
}

/* A load while a context runs waits for it to complete (no preemption), then runs as a new
 * queue: one entry "switched to new queue" with the completed context as the one left. */
TEST_F(CsSys, LoadWhileRunningIsTakenAtTheContextBoundary)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    for (int i = 0; i < 40; i++)
        sdi(self, DATA + 4u * (uint32_t)i, 1);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    make_context(self, LRCA1, RING1, 0, fence_ring(self, RING1, DATA + 0x100u, 2));
    submit(self, descriptor(self, LRCA0, 1), 0);
    tlm_kernel_run_for(gtsim_system_kernel(self->system), 60 * gtsim_system_clock_period(self->system));
    submit(self, descriptor(self, LRCA1, 2), 0);
    EXPECT_NE(rd(self, CS_EXECLIST_STATUS_LO_OFFSET) & CS_EXECLIST_STATUS_LO_QUEUE_FULL_MASK, 0u);
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 0u);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA + 4u * 39u), 1u); /* the first ran to its end */
    EXPECT_EQ(mem_rd(self, DATA + 0x100u), 2u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), entry(self, true, 2, 1));
    EXPECT_TRUE(i915_promotes(csb_entry(self, HWSP, 1)));
    EXPECT_EQ(csb_entry(self, HWSP, 2), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 2));
}

/* The saved head is where the next load resumes: the driver adds commands, moves the image's
 * TAIL and submits the context again; only the new commands run. */
TEST_F(CsSys, ResubmissionResumesAtTheSavedHead)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    uint32_t tail = fence_ring(self, RING, DATA, 0xAu);
    make_context(self, LRCA0, RING, 0, tail);
    submit(self, descriptor(self, LRCA0, 4), 0);
    run(self);
    mem_wr(self, DATA, 0);
    uint32_t more = fence_ring(self, RING + tail, DATA + 4u, 0xBu);
    ASSERT_TRUE(cs_execlist_write_ring_tail(gtsim_system_memory(self->system), LRCA0, tail + more));
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_TAIL)), tail + more);
    submit(self, descriptor(self, LRCA0, 4), 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0u); /* the first store did not run again */
    EXPECT_EQ(mem_rd(self, DATA + 4u), 0xBu);
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_RING_HEAD)), tail + more);
}

TEST_F(CsSys, ElspPortLoadsAfterFourWrites)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 0x5Au));
    uint64_t desc = descriptor(self, LRCA0, 6);
    wr(self, CS_EXECLIST_ELSP_OFFSET, 0); /* element 1 high, low: empty */
    wr(self, CS_EXECLIST_ELSP_OFFSET, 0);
    wr(self, CS_EXECLIST_ELSP_OFFSET, (uint32_t)(desc >> 32));
    run(self);
    EXPECT_EQ(stats(self)->loads, 0u); /* three writes: nothing yet */
    wr(self, CS_EXECLIST_ELSP_OFFSET, (uint32_t)desc);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x5Au);
    EXPECT_EQ(csb_entry(self, HWSP, 0), entry(self, true, 6, CS_EXECLIST_IDLE_CTX_ID));
}

/* Context Control is loaded from the image (a masked write) and saved back with its enables. */
TEST_F(CsSys, ContextControlIsLoadedAndSavedAsAMaskedValue)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    cs_execlist_ring ring = { .mmio_base = base_of(self, self->engine),
                              .start = RING,
                              .ctl = CS_RING_CTL_ENABLE_MASK,
                              .context_control = 0x00090009u }; /* enable and set bits 0 and 3 */
    ASSERT_TRUE(cs_execlist_write_context_image(gtsim_system_memory(self->system), LRCA0, &ring));
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(rd(self, CS_CONTEXT_CONTROL_OFFSET), 0x9u);
    /* Saved with every enable; restore inhibit (bit 0) is not saved, so that the next load
     * restores the engine context saved now (docs/reference/cs.md "Context image"). */
    EXPECT_EQ(mem_rd(self, STATE_VALUE(CS_EXECLIST_CTX_CONTEXT_CONTROL)), 0x000F0008u);
}

/* ---- refused loads and bad images --------------------------------------------------------------- */

static void expect_refused(CsSys *self, uint64_t element0, uint64_t element1)
{
    uint64_t before = errors(self), refused = stats(self)->refused;
    submit(self, element0, element1);
    run(self);
    EXPECT_EQ(errors(self), before + 1u);
    EXPECT_EQ(stats(self)->refused, refused + 1u);
    EXPECT_EQ(stats(self)->csb_entries, 0u);
    EXPECT_EQ(write_ptr(self), 11u);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    EXPECT_FALSE(cs_execlist_active(cs_engine_execlist(engine_model(self))));
}

TEST_F(CsSys, BadDescriptorsAreRefusedWithALogLine)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    uint64_t good = descriptor(self, LRCA0, 1);
    expect_refused(self, good & ~CS_EXECLIST_DESC_VALID, 0);                   /* not valid */
    expect_refused(self, good & ~CS_EXECLIST_DESC_VALID, good);                /* element 0 empty, element 1 valid */
    expect_refused(self, descriptor(self, LRCA0, CS_EXECLIST_IDLE_CTX_ID), 0); /* the idle id */
    expect_refused(self, good, descriptor(self, LRCA0, CS_EXECLIST_IDLE_CTX_ID));
    expect_refused(self, descriptor(self, LRCA1, 1), 0); /* no image there: no ring registers */
    /* The engine still runs a good one afterwards. */
    submit(self, good, 0);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
}

TEST_F(CsSys, DescriptorForAnotherEngineRunsWithAWarning)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 3));
    uint64_t before = warnings(self);
    submit(self, cs_execlist_descriptor(LRCA0, 1, IRQ_CLASS_COPY, 2), 0);
    run(self);
    EXPECT_EQ(warnings(self), before + 1u);
    EXPECT_EQ(mem_rd(self, DATA), 3u);
}

/* An image register offset outside the engine's block (another engine's base, an unaligned
 * one) is logged and skipped; without RING_HEAD the context is refused. */
TEST_F(CsSys, ImageOffsetsAreCheckedAgainstTheEngine)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    uint32_t tail = fence_ring(self, RING, DATA, 4);
    uint64_t other = base_of(self, CS_ENGINE_BCS);
    uint64_t head_offset = LRCA0 + CS_EXECLIST_STATE_OFFSET + 4u * CS_EXECLIST_CTX_RING_HEAD;
    uint64_t control_offset = LRCA0 + CS_EXECLIST_STATE_OFFSET + 4u * CS_EXECLIST_CTX_CONTEXT_CONTROL;
    /* Context Control at the blitter's base: skipped, the context still runs. */
    make_context(self, LRCA0, RING, 0, tail);
    mem_wr(self, control_offset, (uint32_t)(other + CS_CONTEXT_CONTROL_OFFSET));
    uint64_t before = errors(self);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(errors(self), before + 1u);
    EXPECT_EQ(stats(self)->bad_offsets, 1u);
    EXPECT_EQ(mem_rd(self, DATA), 4u);
    /* RING_HEAD at the blitter's base: skipped, then refused (no head): two lines. */
    mem_wr(self, DATA, 0);
    make_context(self, LRCA0, RING, 0, tail);
    mem_wr(self, head_offset, (uint32_t)(other + CS_RING_HEAD_OFFSET));
    before = errors(self);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(errors(self), before + 2u);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    /* Unaligned. */
    make_context(self, LRCA0, RING, 0, tail);
    mem_wr(self, head_offset, (uint32_t)(base_of(self, self->engine) + CS_RING_HEAD_OFFSET + 2u));
    before = errors(self);
    submit(self, descriptor(self, LRCA0, 1), 0);
    run(self);
    EXPECT_EQ(errors(self), before + 2u);
    EXPECT_EQ(stats(self)->bad_offsets, 3u);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
}

TEST_F(CsSys, LoadRegisterListPastTheRingContextIsRefused)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    mem_wr(self, LRCA0 + CS_EXECLIST_STATE_OFFSET + 4u * CS_EXECLIST_CTX_LRI1, 0x110010FFu); /* 257 dwords */
    expect_refused(self, descriptor(self, LRCA0, 1), 0);
}

/* An element 1 whose image is bad: element 0 completes, the engine goes idle with a log line. */
TEST_F(CsSys, BadSecondElementEndsInIdle)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    make_context(self, LRCA0, RING, 0, fence_ring(self, RING, DATA, 1));
    uint64_t before = errors(self);
    submit(self, descriptor(self, LRCA0, 1), descriptor(self, LRCA1, 2)); /* nothing at LRCA1 */
    run(self);
    EXPECT_EQ(errors(self), before + 1u);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_EQ(write_ptr(self), 1u);
    EXPECT_EQ(csb_entry(self, HWSP, 1), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 1));
}

/* An engine reset drops the execlist; the CSB FIFO keeps the idle-to-active entry (spec 001:
 * device reset domain). */
TEST_F(CsSys, ResetDropsTheExeclist)
{
    build(self, CS_PROFILE_GEN12);
    wr(self, CS_HWS_PGA_OFFSET, HWSP);
    for (int i = 0; i < 40; i++)
        sdi(self, DATA + 4u * (uint32_t)i, 1);
    make_context(self, LRCA0, RING, 0, place_ring(self, RING));
    submit(self, descriptor(self, LRCA0, 1), 0);
    tlm_kernel_run_for(gtsim_system_kernel(self->system), 60 * gtsim_system_clock_period(self->system));
    EXPECT_TRUE(cs_execlist_active(cs_engine_execlist(engine_model(self))));
    cs_engine_reset(engine_model(self));
    EXPECT_FALSE(cs_execlist_active(cs_engine_execlist(engine_model(self))));
    EXPECT_EQ(rd(self, CS_EXECLIST_STATUS_LO_OFFSET), 0u);
    EXPECT_EQ(rd(self, CS_CSB_FIFO_STATUS_OFFSET), 1u << CS_CSB_FIFO_STATUS_COUNT_SHIFT);
    run(self);
}

/* ---- every gen12 engine; gen6 has none ---------------------------------------------------------- */

TEST_F(CsSys, EveryGen12EngineRunsAContextAtItsBase)
{
    build(self, CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        self->engine = (cs_engine)e;
        wr(self, CS_HWS_PGA_OFFSET, HWSP + 0x1000u * e);
        uint64_t lrca = LRCA0 + 0x10000u * e;
        make_context(self, lrca, RING + 0x1000u * e, 0, fence_ring(self, RING + 0x1000u * e, DATA + 4u * e, 0x70u + e));
        submit(self, descriptor(self, lrca, 10 + e), 0);
        run(self);
        EXPECT_EQ(mem_rd(self, DATA + 4u * e), 0x70u + e);
        EXPECT_EQ(csb_entry(self, HWSP + 0x1000u * e, 1), entry(self, false, CS_EXECLIST_IDLE_CTX_ID, 10 + e));
    }
}

TEST_F(CsSys, Gen6HasNoExeclistRegisters)
{
    build(self, CS_PROFILE_GEN6);
    EXPECT_TRUE(cs_engine_execlist(engine_model(self)) == NULL);
    static const uint32_t offsets[] = { CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET, CS_EXECLIST_CONTROL_OFFSET,
                                        CS_EXECLIST_ELSP_OFFSET, CS_CSB_READ_PORT_OFFSET,
                                        CS_CONTEXT_STATUS_PTR_OFFSET, CS_CONTEXT_STATUS_BUF_LO_0_OFFSET,
                                        CS_CONTEXT_STATUS_BUF_HI_5_OFFSET, CS_CONTEXT_STATUS_BUF_LO_6_OFFSET,
                                        CS_CONTEXT_STATUS_BUF_HI_11_OFFSET };
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        EXPECT_TRUE(unimplemented(self, TLM_CMD_WRITE, base_of(self, self->engine) + offsets[i]));
    }
}
