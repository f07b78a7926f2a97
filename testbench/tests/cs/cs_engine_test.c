/* The command streamer engines (models/cs/cs_engine.h, docs/reference/cs.md) in the simulated system,
 * driven as a driver drives them: commands written to graphics memory, the ring registers
 * written through the MMIO map at the engine's base, `run until idle`, then memory, registers
 * and the interrupt aggregator checked. Each rule is tested for both profiles where it exists
 * in both (the *Gen6 / *Gen12 pairs). */
#include "cs_engine_fixture.h"

static void sdi_ggtt(CsSys *self, uint64_t address, uint32_t data)
{
    EMIT("MI_STORE_DATA_IMM", 4, { "address", 0, address }, { "data", 0, data }, { "ggtt", 0, 1 });
}

/* ---- ring buffer registers (spec 000 §1.1.5) ------------------------------------------------- */

BOTH_PROFILES(EnabledEmptyRingIsIdle)
{
    run_ring(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    EXPECT_FALSE(cs_engine_busy(engine_model(self)));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, 0);
    EXPECT_TRUE(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK);
}

BOTH_PROFILES(RunsFromHeadToTailThenIdles)
{
    for (int i = 0; i < 6; i++)
        EMIT0("MI_NOOP");
    uint32_t tail = start_ring(self);
    EXPECT_TRUE(cs_engine_busy(engine_model(self)));
    EXPECT_FALSE(gtsim_system_idle(self->system));
    EXPECT_FALSE(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), tail);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->commands, 6);
    /* One command per step; each step's cost (here 1 + 1 cycles of 1 ns, the bring-up memory
     * adds no delay) delays the next step (docs/reference/cs.md "Timing"). */
    EXPECT_EQ(tlm_kernel_now(gtsim_system_kernel(self->system)),
              5 * (CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD) * gtsim_system_clock_period(self->system));
}

BOTH_PROFILES(DisabledRingDoesNothing)
{
    sdi(self, DATA, 0x55);
    start_ring(self);
    wr(self, CS_RING_CTL_OFFSET, 0);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    EXPECT_EQ(mem_rd(self, DATA), 0);
}

BOTH_PROFILES(TailIsQWordGranular)
{
    wr(self, CS_RING_TAIL_OFFSET, 0x1Fu);
    EXPECT_EQ(rd(self, CS_RING_TAIL_OFFSET), 0x18);
    wr(self, CS_RING_TAIL_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, CS_RING_TAIL_OFFSET), 0x1FFFF8u);
    /* Three NOOPs and TAIL written as 12: the parser stops at the QWord, after two. */
    for (int i = 0; i < 3; i++)
        EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    start_ring(self);
    wr(self, CS_RING_TAIL_OFFSET, 12);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 8);
}

BOTH_PROFILES(HeadIsDWordGranularWithWrapCount)
{
    wr(self, CS_RING_HEAD_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0xFFFFFFFCu); /* bit 1 MBZ, bit 0 read only */
}

BOTH_PROFILES(StartIs4KiBAligned)
{
    wr(self, CS_RING_START_OFFSET, 0x12345678u);
    EXPECT_EQ(rd(self, CS_RING_START_OFFSET), 0x12345000u);
}

BOTH_PROFILES(HeadWrapsAtTheEndAndCountsWraps)
{
    /* One page: NOOPs in the last QWord, a store at the start; HEAD starts 8 before the end. */
    sdi(self, DATA, 0xAB);
    place(self, RING);
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 4096 - 8);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, (0x7FEu << CS_RING_HEAD_WRAP_COUNT_SHIFT) | (4096 - 8));
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 16);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), (0x7FFu << CS_RING_HEAD_WRAP_COUNT_SHIFT) | 16);
    EXPECT_EQ(mem_rd(self, DATA), 0xAB);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->wraps, 1);
    /* The 11-bit count wraps to 0 on overflow. */
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 4096 - 8);
    wr(self, CS_RING_CTL_OFFSET, 0);
    wr(self, CS_RING_HEAD_OFFSET, (0x7FFu << CS_RING_HEAD_WRAP_COUNT_SHIFT) | (4096 - 8));
    wr(self, CS_RING_TAIL_OFFSET, 0);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
}

BOTH_PROFILES(CommandsWrapAcrossTheEnd)
{
    /* A 4-dword store whose first two dwords are the ring's last QWord. */
    sdi(self, DATA, 0x77);
    uint32_t dwords[4];
    memcpy(dwords, self->program, sizeof dwords);
    self->length = 0;
    mem_wr(self, RING + 4096 - 8, dwords[0]);
    mem_wr(self, RING + 4096 - 4, dwords[1]);
    mem_wr(self, RING, dwords[2]);
    mem_wr(self, RING + 4, dwords[3]);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, 4096 - 8);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 8);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x77);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), (1u << CS_RING_HEAD_WRAP_COUNT_SHIFT) | 8);
}

BOTH_PROFILES(LengthCountsPagesPlusOne)
{
    wr(self, CS_RING_CTL_OFFSET, 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, CS_RING_CTL_OFFSET),
              CS_RING_CTL_LENGTH_MASK | CS_RING_CTL_AUTO_REPORT_MASK | CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_CTL_OFFSET, 0);
    /* Two pages: HEAD passes 4096 without wrapping and wraps at 8192. */
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 4096 - 8);
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 8192 - 8);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, 4096 - 8);
    wr(self, CS_RING_CTL_OFFSET, (1u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 4096 + 8);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 4096 + 8);
    wr(self, CS_RING_CTL_OFFSET, 0);
    wr(self, CS_RING_HEAD_OFFSET, 8192 - 8);
    wr(self, CS_RING_TAIL_OFFSET, 0);
    wr(self, CS_RING_CTL_OFFSET, (1u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 1u << CS_RING_HEAD_WRAP_COUNT_SHIFT);
}

BOTH_PROFILES(TailBeyondTheBufferIsNotParsed)
{
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 4096 + 8);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    EXPECT_GE(tlm_logger_block(tlm_kernel_logger(gtsim_system_kernel(self->system)), "rcs")->counts[TLM_LOG_ERROR], 1);
}

BOTH_PROFILES(CommandPastTailWaitsForTail)
{
    sdi(self, DATA, 0x99);
    place(self, RING);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 8); /* half of the store */
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    wr(self, CS_RING_TAIL_OFFSET, 16);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 16);
    EXPECT_EQ(mem_rd(self, DATA), 0x99);
}

BOTH_PROFILES(StopRingsHoldsTheParser)
{
    mmio_wr(self, base_of(self, CS_ENGINE_RCS) + CS_MI_MODE_OFFSET,
            (CS_MI_MODE_STOP_RINGS_MASK << 16) | CS_MI_MODE_STOP_RINGS_MASK);
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    EXPECT_TRUE(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK);
    /* Without the write enable bit the mode bit does not change (masked register). */
    wr(self, CS_MI_MODE_OFFSET, 0);
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 0);
    wr(self, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
}

/* ---- commands ---------------------------------------------------------------------------------- */

BOTH_PROFILES(NoopWritesNopidOnlyWithTheIdentificationBit)
{
    EMIT("MI_NOOP", 0, { "nop_id", 0, 0x2ABCDE }, { "nop_id_write", 0, 1 });
    EMIT("MI_NOOP", 0, { "nop_id", 0, 0x111 });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_NOPID_OFFSET), 0x2ABCDE);
}

BOTH_PROFILES(StoreDataImmDwordAndQword)
{
    mem_wr(self, DATA + 12, 0xEEEEEEEE);
    sdi(self, DATA, 0x11223344);
    if (self->profile == CS_PROFILE_GEN12)
        EMIT("MI_STORE_DATA_IMM", 5, { "address", 0, DATA + 8 }, { "data", 0, 0xAAAA0001 },
             { "data_hi", 0, 0xBBBB0002 }, { "store_qword", 0, 1 });
    else
        EMIT("MI_STORE_DATA_IMM", 5, { "address", 0, DATA + 8 }, { "data", 0, 0xAAAA0001 },
             { "data_hi", 0, 0xBBBB0002 });
    sdi(self, DATA + 16, 0x5);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x11223344);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0);
    EXPECT_EQ(mem_rd(self, DATA + 8), 0xAAAA0001);
    EXPECT_EQ(mem_rd(self, DATA + 12), 0xBBBB0002);
    EXPECT_EQ(mem_rd(self, DATA + 16), 0x5);
}

BOTH_PROFILES(StoreDataIndexWritesTheStatusPage)
{
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x40 }, { "data", 0, 0xCAFE });
    EMIT("MI_STORE_DATA_INDEX", 4, { "offset", 0, 0x80 }, { "data", 0, 1 }, { "data_hi", 0, 2 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP + 0x40), 0xCAFE);
    EXPECT_EQ(mem_rd(self, HWSP + 0x80), 1);
    EXPECT_EQ(mem_rd(self, HWSP + 0x84), 2);
}

TEST_F(CsSys, Gen6HwsPgaIsAt0x4080)
{
    build(self, CS_PROFILE_GEN6);
    uint64_t rcs = base_of(self, CS_ENGINE_RCS);
    mmio_wr(self, rcs + CS_GEN6_HWS_PGA_OFFSET, 0x00345FFFu); /* spec 000 §1.1.2.1: 4080h */
    EXPECT_EQ(mmio_rd(self, rcs + CS_GEN6_HWS_PGA_OFFSET), 0x00345000u);
    EXPECT_EQ(mmio_rd(self, base_of(self, CS_ENGINE_BCS) + CS_GEN6_HWS_PGA_OFFSET), 0); /* BCS has its own */
    /* The gen8+ position is not decoded on gen6. */
    EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, rcs + CS_HWS_PGA_OFFSET));
    /* SDI to the status page lands at the address written at 0x4080. */
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x10 }, { "data", 0, 0x4080 });
    place(self, RING);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 16);
    run(self);
    EXPECT_EQ(mem_rd(self, 0x00345000u + 0x10), 0x4080);
}

BOTH_PROFILES(LoadRegisterImmSeveralPairsOwnAndOther)
{
    /* Plain 32-bit read/write registers of the engine (PP_DCLV, PP_DIR_BASE): gen6's IMR and
     * HWSTAM have read-only reserved bits (spec 000 §1.1.7.1-2). */
    /* Two pairs to the engine's own registers, one to the aggregator through MMIO. */
    uint32_t other = self->profile == CS_PROFILE_GEN6 ? (uint32_t)(IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET)
                                                      : (uint32_t)(IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET);
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    EMIT("MI_LOAD_REGISTER_IMM", 7, { "reg", 0, base + CS_PP_DCLV_OFFSET }, { "data", 0, 0x12345678 },
         { "reg", 1, base + CS_PP_DIR_BASE_OFFSET }, { "data", 1, 0xFFFF0000 }, { "reg", 2, other }, { "data", 2, 0x00010001 });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0x12345678);
    EXPECT_EQ(rd(self, CS_PP_DIR_BASE_OFFSET), 0xFFFF0000);
    EXPECT_EQ(mmio_rd(self, other), 0x00010001);
}

/* spec 000 §1.3.2 Byte Write Disables: "This field has only 2 options. If [11:8] is '1111', then
 * the register write will not occur. Any other value and the register write will be fully
 * written." */
BOTH_PROFILES(LoadRegisterImmByteDisablesAllOrNothing)
{
    /* Plain 32-bit read/write registers of the engine (PP_DCLV, PP_DIR_BASE): gen6's IMR and
     * HWSTAM have read-only reserved bits (spec 000 §1.1.7.1-2). */
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    wr(self, CS_PP_DCLV_OFFSET, 0);
    wr(self, CS_PP_DIR_BASE_OFFSET, 0x11111111);
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "byte_disable", 0, 0x5 }, { "reg", 0, base + CS_PP_DCLV_OFFSET },
         { "data", 0, 0xAABBCCDD });
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "byte_disable", 0, 0xf }, { "reg", 0, base + CS_PP_DIR_BASE_OFFSET },
         { "data", 0, 0x22222222 });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0xAABBCCDDu);     /* any value but 1111b: fully written */
    EXPECT_EQ(rd(self, CS_PP_DIR_BASE_OFFSET), 0x11111111u); /* 1111b: not written */
}

BOTH_PROFILES(StoreRegisterMem)
{
    /* Plain 32-bit read/write registers of the engine (PP_DCLV, PP_DIR_BASE): gen6's IMR and
     * HWSTAM have read-only reserved bits (spec 000 §1.1.7.1-2). */
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    wr(self, CS_PP_DCLV_OFFSET, 0x0BADF00D);
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_PP_DCLV_OFFSET }, { "address", 0, DATA });
    if (self->profile == CS_PROFILE_GEN6)
        EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, (uint32_t)(IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET) },
             { "address", 0, DATA + 4 });
    else
        EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, (uint32_t)(IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET) },
             { "address", 0, DATA + 4 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x0BADF00D);
    EXPECT_EQ(mem_rd(self, DATA + 4),
              self->profile == CS_PROFILE_GEN6 ? IRQ_GEN6_GTIMR_RESET : IRQ_GEN11_RCS0_RSVD_INTR_MASK_RESET);
}

BOTH_PROFILES(ReportHeadWritesStatusPageDword4)
{
    EMIT0("MI_NOOP");
    EMIT0("MI_REPORT_HEAD");
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP + 4 * CS_HWSP_HEAD_DWORD), 8);
}

BOTH_PROFILES(AutomaticHeadReportAt64KiB)
{
    /* A 68 KiB ring; HEAD crosses 64 KiB after the NOOPs at its end. */
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 0x10000 - 8);
    mem_wr(self, HWSP + 4 * CS_HWSP_HEAD_DWORD, 0xDEAD);
    wr(self, hws_pga(self), HWSP);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, 0x10000 - 8);
    wr(self, CS_RING_CTL_OFFSET, (16u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, 0x10000 - 8 + 16);
    run(self);
    EXPECT_EQ(mem_rd(self, HWSP + 4 * CS_HWSP_HEAD_DWORD), 0xDEAD); /* off: no report */
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    place(self, RING + 0x10000 - 8);
    wr(self, CS_RING_CTL_OFFSET, 0);
    wr(self, CS_RING_HEAD_OFFSET, 0x10000 - 8);
    wr(self, CS_RING_CTL_OFFSET, (16u << CS_RING_CTL_LENGTH_SHIFT) |
                                    (CS_RING_CTL_AUTO_REPORT_REPORT_64KB << CS_RING_CTL_AUTO_REPORT_SHIFT) |
                                    CS_RING_CTL_ENABLE_MASK);
    run(self);
    EXPECT_EQ(mem_rd(self, HWSP + 4 * CS_HWSP_HEAD_DWORD), 0x10000); /* the head after the crossing */
}

BOTH_PROFILES(WaitForEventHoldsUntilRbWaitIsCleared)
{
    /* Without an event select it does not wait; with one (a vblank) it does. */
    EMIT0("MI_WAIT_FOR_EVENT");
    sdi(self, DATA + 4, 4);
    if (self->profile == CS_PROFILE_GEN6)
        EMIT("MI_WAIT_FOR_EVENT", 0, { "pipe_b_vblank", 0, 1 });
    else
        EMIT("MI_WAIT_FOR_EVENT", 0, { "plane_1c_vblank", 0, 1 });
    sdi(self, DATA, 3);
    run_ring(self);
    EXPECT_TRUE(rd(self, CS_RING_CTL_OFFSET) & CS_RING_CTL_RB_WAIT_MASK);
    EXPECT_EQ(mem_rd(self, DATA + 4), 4);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK); /* writing 0 has no effect */
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK | CS_RING_CTL_RB_WAIT_MASK);
    run(self);
    EXPECT_FALSE(rd(self, CS_RING_CTL_OFFSET) & CS_RING_CTL_RB_WAIT_MASK);
    EXPECT_EQ(mem_rd(self, DATA), 3);
}

/* spec 000 §1.3.14: a wait on a condition that does not exist (no display: no flip pending,
 * no scan line window) is a no-operation. */
BOTH_PROFILES(WaitForEventOnAnAbsentConditionIsANoop)
{
    if (self->profile == CS_PROFILE_GEN6) {
        EMIT("MI_WAIT_FOR_EVENT", 0, { "plane_a_flip", 0, 1 });
        EMIT("MI_WAIT_FOR_EVENT", 0, { "pipe_b_scanline", 0, 1 });
    } else {
        EMIT("MI_WAIT_FOR_EVENT", 0, { "plane_1_flip", 0, 1 });
        EMIT("MI_WAIT_FOR_EVENT", 0, { "plane_1a_scanline", 0, 1 });
    }
    EMIT0("MI_NOOP");
    sdi(self, DATA, 3);
    run_ring(self);
    EXPECT_FALSE(rd(self, CS_RING_CTL_OFFSET) & CS_RING_CTL_RB_WAIT_MASK);
    EXPECT_EQ(mem_rd(self, DATA), 3);
}

/* ---- batch buffers ----------------------------------------------------------------------------- */

BOTH_PROFILES(BatchRunsAndReturnsToTheRing)
{
    sdi(self, DATA, 1);
    EMIT0("MI_BATCH_BUFFER_END");
    sdi(self, DATA + 4, 99); /* after the end: never parsed */
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    sdi(self, DATA + 8, 2);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0);
    EXPECT_EQ(mem_rd(self, DATA + 8), 2);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->batches, 1);
    EXPECT_FALSE(rd(self, CS_BB_ADDR_OFFSET) & CS_BB_ADDR_VALID_MASK);
}

BOTH_PROFILES(ChainedBatchReturnsToTheRing)
{
    sdi(self, DATA, 1);
    bb_start(self, BATCH2, true, false); /* chain: no return into this batch */
    sdi(self, DATA + 4, 99);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    sdi(self, DATA + 8, 2);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH2);
    bb_start(self, BATCH, true, false);
    sdi(self, DATA + 12, 3);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0);
    EXPECT_EQ(mem_rd(self, DATA + 8), 2);
    EXPECT_EQ(mem_rd(self, DATA + 12), 3);
}

TEST_F(CsSys, Gen12SecondLevelBatchReturnsToTheFirstLevel)
{
    build(self, CS_PROFILE_GEN12);
    sdi(self, DATA, 1);
    bb_start(self, BATCH2, true, true);
    sdi(self, DATA + 4, 2); /* after the second level returns */
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    sdi(self, DATA + 8, 3);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH2);
    bb_start(self, BATCH, true, false);
    sdi(self, DATA + 12, 4);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_EQ(mem_rd(self, DATA + 4), 2);
    EXPECT_EQ(mem_rd(self, DATA + 8), 3);
    EXPECT_EQ(mem_rd(self, DATA + 12), 4);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->batches, 2);
}

/* A spinner as Linux selftests build it (igt_spinner, selftest_execlists): a batch that
 * chains to itself through MI_BATCH_BUFFER_START behind MI_ARB_CHECK. It runs until the host
 * rewrites it (there is no chain count: spec 002 and i915 rely on it spinning), then the ring
 * goes on. */
BOTH_PROFILES(SpinnerRunsUntilTheHostRewritesIt)
{
    bb_start(self, BATCH, true, false);
    sdi(self, DATA, 1);
    start_ring(self);
    sdi(self, DATA + 4, 7);
    EMIT0("MI_ARB_CHECK");
    uint32_t chain_at = self->length;
    bb_start(self, BATCH, true, false);
    place(self, BATCH);
    tlm_kernel *kernel = gtsim_system_kernel(self->system);
    EXPECT_EQ(tlm_kernel_run_for(kernel, 2 * TLM_MS), TLM_RUN_TIME_REACHED);
    /* A runaway is bounded by the run's limit (`run idle max N`), not by a parser error. */
    EXPECT_EQ(tlm_kernel_run_until_idle(kernel, 1 * TLM_MS), TLM_RUN_BOUND_HIT);
    EXPECT_FALSE(gtsim_system_idle(self->system));
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_GT(cs_engine_get_stats(engine_model(self))->batches, 4096u); /* past any old chain limit */
    EXPECT_EQ(rd(self, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK, 0u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 7u);
    EXPECT_EQ(mem_rd(self, DATA), 0u); /* the ring has not gone on */
    /* The host ends the spin the way igt_spinner_end does: the chaining command becomes
     * MI_BATCH_BUFFER_END. */
    mem_wr(self, BATCH + 4u * chain_at, cs_find_command(self->profile, "MI_BATCH_BUFFER_END")->match_value);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

/* ---- preemption: UHPTR and MI_ARB_CHECK ---------------------------------------------------------- */

BOTH_PROFILES(ArbCheckTakesThePendingHead)
{
    EMIT0("MI_ARB_CHECK");
    EMIT0("MI_NOOP");
    sdi(self, DATA, 1); /* skipped: preempted */
    sdi(self, DATA + 4, 2);
    wr(self, CS_UHPTR_OFFSET, (RING + 24) | CS_UHPTR_VALID_MASK);
    EXPECT_EQ(rd(self, CS_UHPTR_OFFSET), (RING + 24) | CS_UHPTR_VALID_MASK);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(mem_rd(self, DATA + 4), 2);
    EXPECT_EQ(rd(self, CS_UHPTR_OFFSET), RING + 24); /* VALID cleared by the parser */
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->preemptions, 1);
}

BOTH_PROFILES(ArbCheckWithoutValidPointerContinues)
{
    EMIT0("MI_ARB_CHECK");
    EMIT0("MI_NOOP");
    sdi(self, DATA, 1);
    wr(self, CS_UHPTR_OFFSET, RING + 8);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->preemptions, 0);
}

BOTH_PROFILES(PendingHeadOutsideTheRingIsNotTaken)
{
    EMIT0("MI_ARB_CHECK");
    EMIT0("MI_NOOP");
    sdi(self, DATA, 1);
    wr(self, CS_UHPTR_OFFSET, (RING + 0x10000) | CS_UHPTR_VALID_MASK);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_FALSE(rd(self, CS_UHPTR_OFFSET) & CS_UHPTR_VALID_MASK);
}

/* ---- privilege (spec 000 §1.1.7.3, §1.2.5; spec 002) --------------------------------------------- */

BOTH_PROFILES(PrivilegedCommandInNonSecureBatchBecomesNoop)
{
    wr(self, CS_EMR_OFFSET, 0);
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_HWSTAM_OFFSET, 0x1234);
    sdi(self, DATA, 1); /* parsing continues */
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK);
    EXPECT_TRUE(rd(self, CS_EIR_OFFSET) & CS_EIR_COMMAND_PRIVILEGE_MASK);
    EXPECT_TRUE(cs_engine_isr(engine_model(self)) & IRQ_DATA_MASTER_ERROR);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

BOTH_PROFILES(PrivilegedCommandInSecureBatchOrRingRuns)
{
    /* Plain 32-bit read/write registers of the engine (PP_DCLV, PP_DIR_BASE): gen6's IMR and
     * HWSTAM have read-only reserved bits (spec 000 §1.1.7.1-2). */
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_PP_DCLV_OFFSET, 0x1234);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    lri(self, base + CS_PP_DIR_BASE_OFFSET, 0x5678);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0x1234);
    EXPECT_EQ(rd(self, CS_PP_DIR_BASE_OFFSET), 0x5678);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0);
}

BOTH_PROFILES(ChainedBatchInheritsNonSecurity)
{
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_HWSTAM_OFFSET, 0x1234);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH2);
    bb_start(self, BATCH2, true, false); /* asks for secure from a non-secure batch */
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0xFFFFFFFFu);
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK);
}

/* spec 000 §1.2.5 bit 8 (gen6): in a batch the security field is ignored; a chained batch
 * inherits the first one's security, so a secure batch chained with the non-secure value stays
 * secure. gen12 (spec 002) lets a chained batch lower its privilege. */
BOTH_PROFILES(ChainedBatchFromASecureBatch)
{
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_PP_DCLV_OFFSET, 0x1234);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH2);
    bb_start(self, BATCH2, false, false); /* asks for non-secure from a secure batch */
    place(self, BATCH);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    if (self->profile == CS_PROFILE_GEN6) {
        EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0x1234u);
        EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    } else {
        EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0u); /* the LRI was dropped */
        EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK);
    }
}

/* spec 000 §1.2.5 bit 12 (gen6): privileged commands in an encrypted batch become NOOPs, even
 * in a secure batch; other commands run. */
TEST_F(CsSys, Gen6PrivilegedCommandsInAnEncryptedBatchAreNoops)
{
    build(self, CS_PROFILE_GEN6);
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    wr(self, CS_PP_DCLV_OFFSET, 0x0);
    lri(self, base + CS_PP_DCLV_OFFSET, 0x1234);
    sdi(self, DATA, 5);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    EMIT("MI_BATCH_BUFFER_START", 0, { "address", 0, BATCH }, { "security", 0, 0 }, { "encrypted", 0, 1 });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_PP_DCLV_OFFSET), 0u);
    EXPECT_EQ(mem_rd(self, DATA), 5u);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
}

TEST_F(CsSys, Gen6GgttStoreInNonSecureBatchIsAMemoryPrivilegeViolation)
{
    build(self, CS_PROFILE_GEN6);
    sdi_ggtt(self, DATA, 7);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 7); /* executed as if PPGTT */
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_MEMORY_PRIVILEGE_MASK);
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), 0); /* EMR masks everything after reset */
}

TEST_F(CsSys, Gen12GgttStoreInNonSecureBatchBecomesNoop)
{
    build(self, CS_PROFILE_GEN12);
    sdi_ggtt(self, DATA, 7);
    sdi(self, DATA + 4, 8);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(mem_rd(self, DATA + 4), 8);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_COMMAND_PRIVILEGE_MASK);
}

BOTH_PROFILES(GgttStoreFromTheRingIsNoViolation)
{
    sdi_ggtt(self, DATA, 7);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 7);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0);
}

/* ---- errors and interrupts (spec 000 §1.1.7) ------------------------------------------------------ */

BOTH_PROFILES(UnknownCommandHaltsWithInstructionParserError)
{
    wr(self, CS_EMR_OFFSET, 0);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_MASTER_ERROR);
    EMIT0("MI_NOOP");
    EMIT0("MI_NOOP");
    self->program[self->length++] = 0x3F000000u; /* MI opcode 0x3F: no such command */
    EMIT0("MI_NOOP");
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_TRUE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 8); /* stopped at the bad header */
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), CS_EIR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(cs_engine_isr(engine_model(self)), IRQ_DATA_MASTER_ERROR);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 1);
    /* Clearing the EIR bit clears Master Error; software skips the bad dword and re-enables. */
    wr(self, CS_EIR_OFFSET, CS_EIR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), 0);
    EXPECT_EQ(cs_engine_isr(engine_model(self)), 0);
    wr(self, CS_RING_CTL_OFFSET, 0);
    wr(self, CS_RING_HEAD_OFFSET, 12);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
}

BOTH_PROFILES(MaskedErrorIsRecordedButNotReported)
{
    self->program[self->length++] = 0x3F000000u;
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), 0);
    EXPECT_EQ(cs_engine_isr(engine_model(self)), 0);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 0);
}

BOTH_PROFILES(CommandTheEngineDoesNotAcceptIsAParserError)
{
    /* Render-only PIPE_CONTROL on the blitter. */
    self->engine = CS_ENGINE_BCS;
    EMIT0("PIPE_CONTROL");
    run_ring(self);
    EXPECT_TRUE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_INSTRUCTION_PARSER_MASK);
}

BOTH_PROFILES(MasterErrorWritesTheStatusPage)
{
    wr(self, CS_EMR_OFFSET, 0);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_MASTER_ERROR);
    wr(self, CS_HWSTAM_OFFSET, ~IRQ_DATA_MASTER_ERROR);
    mem_wr(self, HWSP, 0xFFFF);
    self->program[self->length++] = 0x3F000000u;
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP + 4 * CS_HWSP_ISR_DWORD), IRQ_DATA_MASTER_ERROR);
    wr(self, CS_EIR_OFFSET, CS_EIR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(mem_rd(self, HWSP + 4 * CS_HWSP_ISR_DWORD), 0); /* the change back is written too */
}

BOTH_PROFILES(HwstamMaskedBitDoesNotWriteTheStatusPage)
{
    wr(self, CS_EMR_OFFSET, 0);
    wr(self, CS_IMR_OFFSET, 0);
    mem_wr(self, HWSP, 0xFFFF);
    self->program[self->length++] = 0x3F000000u;
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP), 0xFFFF);
}

BOTH_PROFILES(UserInterruptWritesPulseAsZero)
{
    wr(self, CS_IMR_OFFSET, 0);
    wr(self, CS_HWSTAM_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
    mem_wr(self, HWSP, 0xFFFF);
    EMIT0("MI_USER_INTERRUPT");
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP), 0);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 1);
}

BOTH_PROFILES(MaskedUserInterruptSendsNoMessage)
{
    EMIT0("MI_USER_INTERRUPT");
    run_ring(self);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 0);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0);
}

/* gen6: the engines' messages land in GTIIR at their bits and raise the host line. */
TEST_F(CsSys, Gen6UserInterruptReachesGtiirAndTheHostLine)
{
    build(self, CS_PROFILE_GEN6);
    static const struct {
        cs_engine engine;  /* which engine */
        uint32_t gt_bit;   /* its user interrupt bit in GTIIR */
    } cases[] = {
        { CS_ENGINE_RCS, IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_MASK },
        { CS_ENGINE_VCS, IRQ_GEN6_GTIIR_VIDEO_USER_INTERRUPT_MASK },
        { CS_ENGINE_BCS, IRQ_GEN6_GTIIR_BLITTER_USER_INTERRUPT_MASK },
    };
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        self->engine = cases[i].engine;
        /* i915 gen6_irq_enable: the ring's IMR unmasks the engine's GT bit (its own layout). */
        wr(self, CS_IMR_OFFSET, ~cases[i].gt_bit);
        EMIT0("MI_USER_INTERRUPT");
        run_ring(self);
        EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), cases[i].gt_bit);
        EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1);
        mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET, 0xFFFFFFFFu);
        EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0);
        wr(self, CS_RING_CTL_OFFSET, 0);
    }
}

TEST_F(CsSys, Gen6VideoAndBlitterInterruptRegistersHaveTheirOwnLayouts)
{
    /* spec 002: the video engine's IMR has its user interrupt at bit 12, the blitter's at 22; the
     * render layout's bit 0 is reserved (MBZ) there and unmasks nothing. */
    build(self, CS_PROFILE_GEN6);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    static const cs_engine engines[] = { CS_ENGINE_VCS, CS_ENGINE_BCS };
    for (size_t i = 0; i < 2; i++) {
        self->engine = engines[i];
        wr(self, CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT); /* the render layout: masks the event */
        EMIT0("MI_USER_INTERRUPT");
        run_ring(self);
        EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), 0u);
        EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 0u);
        wr(self, CS_RING_CTL_OFFSET, 0);
        /* Sync status with HWSTAM and IMR open in the engine's layout: the status page gets the
         * ISR in that layout (bit 14 video, 24 blitter). */
        wr(self, CS_HWSTAM_OFFSET, ~irq_bits(self, IRQ_DATA_SYNC_STATUS));
        wr(self, CS_IMR_OFFSET, ~irq_bits(self, IRQ_DATA_SYNC_STATUS));
        wr(self, CS_INSTPM_OFFSET, CS_INSTPM_SYNC_FLUSH_ENABLE_MASK << 16 | CS_INSTPM_SYNC_FLUSH_ENABLE_MASK);
        EXPECT_EQ(mem_rd(self, HWSP), i == 0 ? 1u << 14 : 1u << 24); /* run_ring set the status page */
        EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET),
                  i == 0 ? IRQ_GEN6_GTIIR_VIDEO_SYNC_STATUS_MASK : IRQ_GEN6_GTIIR_BLITTER_SYNC_STATUS_MASK);
        mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET, 0xFFFFFFFFu);
    }
}

TEST_F(CsSys, Gen6MasterErrorReachesGtiir)
{
    build(self, CS_PROFILE_GEN6);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    wr(self, CS_EMR_OFFSET, 0);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_MASTER_ERROR);
    self->program[self->length++] = 0x3F000000u;
    EMIT0("MI_NOOP");
    run_ring(self);
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), IRQ_GEN6_GTIIR_RENDER_MASTER_ERROR_MASK);
    EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1);
}

/* gen12: every engine's user interrupt reaches the gen11+ tree and the host line. */
TEST_F(CsSys, Gen12UserInterruptReachesTheAggregatorAndTheHostLine)
{
    build(self, CS_PROFILE_GEN12);
    static const uint64_t enables[] = { IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET };
    static const uint64_t masks[] = { IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, IRQ_GEN11_BCS_RSVD_INTR_MASK_OFFSET,
                                      IRQ_GEN11_VCS0_VCS1_INTR_MASK_OFFSET, IRQ_GEN11_VECS0_VECS1_INTR_MASK_OFFSET };
    for (size_t i = 0; i < sizeof enables / sizeof enables[0]; i++)
        mmio_wr(self, IRQ_GEN11_MMIO_BASE + enables[i], 0xFFFFFFFFu);
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++)
        mmio_wr(self, IRQ_GEN11_MMIO_BASE + masks[i], 0);
    mmio_wr(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0x80000000u);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        self->engine = (cs_engine)e;
        wr(self, CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
        EMIT0("MI_USER_INTERRUPT");
        run_ring(self);
        EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 1);
        /* Service it: the GT dword bit, the identity, as irq_system_test's handler does. */
        uint32_t dw0 = mmio_rd(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW0_OFFSET);
        uint32_t dw1 = mmio_rd(self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GT_INTR_DW1_OFFSET);
        EXPECT_NE(dw0 | dw1, 0);
        uint64_t bank = dw0 ? 0 : 1;
        uint32_t bits = dw0 ? dw0 : dw1;
        mmio_wr(self, IRQ_GEN11_MMIO_BASE + (bank ? IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET : IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET),
                bits);
        uint64_t identity_reg = IRQ_GEN11_MMIO_BASE + (bank ? IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET
                                                            : IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET);
        uint32_t identity = 0;
        for (int poll = 0; poll < 100 && !(identity & 0x80000000u); poll++)
            identity = mmio_rd(self, identity_reg);
        irq_message got = irq_message_unpack(identity);
        EXPECT_EQ(got.engine_class, cs_profile_get(CS_PROFILE_GEN12)->engines[e].class_id);
        EXPECT_EQ(got.instance, 0);
        EXPECT_EQ(got.data, IRQ_DATA_USER_INTERRUPT);
        mmio_wr(self, identity_reg, identity);
        mmio_wr(self, IRQ_GEN11_MMIO_BASE + (bank ? IRQ_GEN11_GT_INTR_DW1_OFFSET : IRQ_GEN11_GT_INTR_DW0_OFFSET), bits);
        EXPECT_EQ(tlm_signal_get(gtsim_system_host_irq(self->system)), 0);
        wr(self, CS_RING_CTL_OFFSET, 0);
    }
}

/* ---- every engine at its base ----------------------------------------------------------------------- */

BOTH_PROFILES(EveryEngineRunsItsOwnRing)
{
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (!cs_profile_has_engine(self->profile, (cs_engine)e)) {
            EXPECT_TRUE(gtsim_system_engine(self->system, e) == NULL);
            continue;
        }
        self->engine = (cs_engine)e;
        sdi(self, DATA + 4u * e, 0x100u + e);
        run_ring(self);
        EXPECT_EQ(mem_rd(self, DATA + 4u * e), 0x100u + e);
        EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 16);
        wr(self, CS_RING_CTL_OFFSET, 0);
    }
}

/* ---- flushes, post-sync operations, TIMESTAMP ---------------------------------------------------- */

/* spec 000 §1.1.9.8 (gen6: 80 ns per tick); gen12: 19.2 MHz (docs/reference/cs.md). */
static uint64_t ticks_at(CsSys *self, tlm_time now)
{
    return self->profile == CS_PROFILE_GEN6 ? now / (80 * TLM_NS) : now * 192u / 10000000u;
}

BOTH_PROFILES(TimestampCountsSimulatedTime)
{
    EXPECT_EQ(rd(self, CS_TIMESTAMP_OFFSET), 0);
    ASSERT_EQ(tlm_kernel_run_for(gtsim_system_kernel(self->system), 1000 * TLM_US), TLM_RUN_TIME_REACHED);
    uint64_t expected = ticks_at(self, tlm_kernel_now(gtsim_system_kernel(self->system)));
    EXPECT_EQ(rd(self, CS_TIMESTAMP_OFFSET), (uint32_t)expected);
    EXPECT_EQ(rd(self, CS_TIMESTAMP_UDW_OFFSET), (uint32_t)(expected >> 32));
    EXPECT_EQ(expected, self->profile == CS_PROFILE_GEN6 ? 12500u : 19200u);
}

BOTH_PROFILES(PipeControlPostSyncWritesAndNotify)
{
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_NOTIFY);
    EMIT("PIPE_CONTROL", 0, { "post_sync", 0, 1 }, { "address", 0, DATA }, { "data", 0, 0x1111 },
         { "data_hi", 0, 0x2222 }, { "notify", 0, 1 });
    EMIT("PIPE_CONTROL", 0, { "post_sync", 0, 3 }, { "address", 0, DATA + 8 }, { "cs_stall", 0, 1 });
    EMIT("PIPE_CONTROL", 0, { "post_sync", 0, 2 }, { "address", 0, DATA + 16 });
    EMIT("PIPE_CONTROL", 0, { "post_sync", 0, 1 }, { "store_index", 0, 1 }, { "address", 0, 0x20 },
         { "data", 0, 0x3333 });
    mem_wr(self, DATA + 16, 0xFFFFFFFFu);
    mem_wr(self, DATA + 20, 0xFFFFFFFFu);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x1111);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0x2222);
    /* The timestamp of the second command's step: the first step ran at 0, this one after it. */
    const cs_command *pipe_control = cs_find_command(self->profile, "PIPE_CONTROL");
    uint32_t length = pipe_control->default_length;
    tlm_time when = (CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD * length) * gtsim_system_clock_period(self->system);
    EXPECT_EQ(mem_rd(self, DATA + 8), (uint32_t)ticks_at(self, when));
    EXPECT_EQ(mem_rd(self, DATA + 16), 0); /* PS_DEPTH_COUNT: no pixels */
    EXPECT_EQ(mem_rd(self, DATA + 20), 0);
    EXPECT_EQ(mem_rd(self, HWSP + 0x20), 0x3333);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 1);
}

TEST_F(CsSys, Gen6PipeControlNotifyReachesGtiir)
{
    build(self, CS_PROFILE_GEN6);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, 0);
    mmio_wr(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIER_OFFSET, 0xFFFFFFFFu);
    wr(self, CS_IMR_OFFSET, ~IRQ_DATA_NOTIFY);
    EMIT("PIPE_CONTROL", 0, { "notify", 0, 1 });
    run_ring(self);
    EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIIR_OFFSET), IRQ_GEN6_GTIIR_RENDER_PIPE_CONTROL_NOTIFY_MASK);
}

BOTH_PROFILES(FlushDwPostSyncWritesAndNotifyOnTheBlitter)
{
    self->engine = CS_ENGINE_BCS;
    wr(self, CS_IMR_OFFSET, ~irq_bits(self, IRQ_DATA_NOTIFY));
    /* The shortest form stores a dword, one dword more a qword. */
    uint32_t dword_length = cs_find_command(self->profile, "MI_FLUSH_DW")->min_length;
    EMIT("MI_FLUSH_DW", dword_length, { "post_sync", 0, 1 }, { "address", 0, DATA }, { "data", 0, 0xABCD },
         { "notify", 0, 1 });
    EMIT("MI_FLUSH_DW", dword_length + 1, { "post_sync", 0, 1 }, { "address", 0, DATA + 8 }, { "data", 0, 5 },
         { "data_hi", 0, 6 });
    EMIT("MI_FLUSH_DW", 0, { "post_sync", 0, 1 }, { "store_index", 0, 1 }, { "address", 0, 0x30 }, { "data", 0, 7 });
    mem_wr(self, DATA + 4, 0xEEEEEEEEu);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0xABCD);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0xEEEEEEEEu); /* a dword store */
    EXPECT_EQ(mem_rd(self, DATA + 8), 5);
    EXPECT_EQ(mem_rd(self, DATA + 12), 6);
    EXPECT_EQ(mem_rd(self, HWSP + 0x30), 7);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->messages, 1);
    if (self->profile == CS_PROFILE_GEN6) {
        EXPECT_EQ(mmio_rd(self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTISR_OFFSET), 0); /* a pulse */
    }
}

/* spec 000 §1.1.4.1 MI_MODE "MI_FLUSH Enable": set, MI_FLUSH executes; clear (the reset
 * value), the parser stalls with the Instruction Parser error. */
TEST_F(CsSys, Gen6MiFlushCompletesWithMiFlushEnable)
{
    build(self, CS_PROFILE_GEN6);
    wr(self, CS_MI_MODE_OFFSET, CS_MI_MODE_MI_FLUSH_ENABLE_MASK << 16 | CS_MI_MODE_MI_FLUSH_ENABLE_MASK);
    EMIT("MI_FLUSH", 0, { "state_cache_invalidate", 0, 1 });
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->not_modelled, 0);
}

TEST_F(CsSys, Gen6MiFlushWithoutMiFlushEnableIsAParserError)
{
    build(self, CS_PROFILE_GEN6);
    wr(self, CS_EMR_OFFSET, 0);
    EMIT0("MI_FLUSH");
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0);
    EXPECT_TRUE(cs_engine_halted(engine_model(self)));
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_TRUE(rd(self, CS_EIR_OFFSET) & CS_EIR_INSTRUCTION_PARSER_MASK);
}

/* ---- gen12 register and memory moves --------------------------------------------------------------- */

TEST_F(CsSys, Gen12LoadRegisterMemAndRegAndAddCsMmio)
{
    build(self, CS_PROFILE_GEN12);
    self->engine = CS_ENGINE_BCS;
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_BCS);
    mem_wr(self, DATA, 0x0000ABCDu);
    /* LRM into HWSTAM by absolute offset, LRR HWSTAM -> IMR with the engine-relative form. */
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "reg", 0, base + CS_HWSTAM_OFFSET }, { "address", 0, DATA });
    EMIT("MI_LOAD_REGISTER_REG", 0, { "src_reg", 0, CS_HWSTAM_OFFSET }, { "add_cs_mmio_src", 0, 1 },
         { "dst_reg", 0, CS_IMR_OFFSET }, { "add_cs_mmio_dst", 0, 1 });
    /* LRI and LRM relative to the engine too. */
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "add_cs_mmio", 0, 1 }, { "reg", 0, CS_EMR_OFFSET }, { "data", 0, 0x00F0 });
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "add_cs_mmio", 0, 1 }, { "reg", 0, CS_UHPTR_OFFSET }, { "address", 0, DATA });
    run_ring(self);
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0xABCD);
    EXPECT_EQ(rd(self, CS_IMR_OFFSET), 0xABCD);
    EXPECT_EQ(rd(self, CS_EMR_OFFSET), 0x00F0);
    EXPECT_EQ(rd(self, CS_UHPTR_OFFSET), 0xABC9u); /* bits 2:1 are not UHPTR's */
    /* The render engine's registers were not touched. */
    self->engine = CS_ENGINE_RCS;
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, CS_EMR_OFFSET), 0xFFFF);
}

TEST_F(CsSys, Gen12CopyMemMem)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 0x600DCAFEu);
    EMIT("MI_COPY_MEM_MEM", 0, { "src", 0, DATA }, { "dst", 0, DATA + 0x100 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA + 0x100), 0x600DCAFEu);
    EXPECT_EQ(mem_rd(self, DATA + 0x104), 0);
}

TEST_F(CsSys, Gen12LoadRegisterMemInNonSecureBatchBecomesNoop)
{
    build(self, CS_PROFILE_GEN12);
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    mem_wr(self, DATA, 0x1234);
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "reg", 0, base + CS_HWSTAM_OFFSET }, { "address", 0, DATA });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    bb_start(self, BATCH, false, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_COMMAND_PRIVILEGE_MASK);
}

TEST_F(CsSys, Gen12UnmappedAddressesArePageTableErrors)
{
    build(self, CS_PROFILE_GEN12);
    /* A refused load: the copy does nothing, parsing continues. */
    EMIT("MI_COPY_MEM_MEM", 0, { "src", 0, UINT64_C(1) << 50 }, { "dst", 0, DATA });
    sdi(self, DATA + 4, 1);
    /* A refused fetch: the engine halts at the batch. */
    bb_start(self, UINT64_C(1) << 50, true, false);
    sdi(self, DATA + 8, 2);
    mem_wr(self, DATA, 0x5555);
    wr(self, CS_EMR_OFFSET, 0);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x5555);
    EXPECT_EQ(mem_rd(self, DATA + 4), 1);
    EXPECT_EQ(mem_rd(self, DATA + 8), 0);
    EXPECT_TRUE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), CS_ESR_PAGE_TABLE_MASK);
    /* spec 000 §1.1.7.3: Page Table is fatal, writing 1 does not clear it; Master Error stays. */
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), CS_EIR_PAGE_TABLE_MASK);
    wr(self, CS_EIR_OFFSET, CS_EIR_PAGE_TABLE_MASK);
    EXPECT_EQ(rd(self, CS_EIR_OFFSET), CS_EIR_PAGE_TABLE_MASK);
    /* The refused accesses are also a pending page fault (cs_engine_fault_test.c). */
    EXPECT_EQ(cs_engine_isr(engine_model(self)), IRQ_DATA_MASTER_ERROR | IRQ_DATA_PAGE_FAULT);
}

BOTH_PROFILES(RegisterWriteByACommandKeepsTheStepCost)
{
    /* An LRI that moves TAIL: the next command still waits for the LRI's cost. */
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_RING_TAIL_OFFSET, 24);
    for (int i = 0; i < 5; i++)
        EMIT0("MI_NOOP");
    start_ring(self);
    wr(self, CS_RING_TAIL_OFFSET, 16); /* the LRI and one NOOP; the LRI extends it to 24 */
    run(self);
    EXPECT_EQ(rd(self, CS_RING_HEAD_OFFSET), 24);
    /* Steps at 0 (the LRI: 1 + 3 cycles), 4, 6 and 8 (NOOPs: 1 + 1 each): the last at 8. */
    tlm_time period = gtsim_system_clock_period(self->system);
    EXPECT_EQ(tlm_kernel_now(gtsim_system_kernel(self->system)),
              ((CS_CYCLES_PER_COMMAND + 3 * CS_CYCLES_PER_DWORD) + 2 * (CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD)) *
                  period);
}
