/* The gen6 context image (docs/reference/cs.md "gen6 context image"): MI_SET_CONTEXT (spec 000 §1.3.7)
 * saves the engine state a context holds to the old context's image and restores it from the
 * new one's; CXT_SIZE (spec 000 §1.1.8.4) sizes the image. The layout is this model's choice:
 * dword 0 INSTPM bits 15:0, 1 MI_MODE Suspend Flush, 2 BB_STATE. */
#include "cs_engine_fixture.h"

#define CTX_A 0x500000u
#define CTX_B 0x510000u
#define CXT_SIZE_RESET 0x1E0CDDD3u

static void set_ctx(CsSys *self, uint32_t address, bool inhibit, bool force)
{
    EMIT("MI_SET_CONTEXT", 2, { "address", 0, address }, { "must_be_one", 0, 1 },
         { "restore_inhibit", 0, inhibit ? 1 : 0 }, { "force_restore", 0, force ? 1 : 0 });
    EMIT0("MI_NOOP"); /* the spec's MI_NOOP after MI_SET_CONTEXT */
}

/* The INSTPM bits a context holds (memory sync 8, TLB invalidate 9, CLFLUSH toggle 11). */
#define INSTPM_STATE (CS_INSTPM_MEMORY_SYNC_ENABLE_MASK | CS_INSTPM_TLB_INVALIDATE_MASK | CS_INSTPM_CLFLUSH_TOGGLE_MASK)
#define STATE_A CS_INSTPM_MEMORY_SYNC_ENABLE_MASK
#define STATE_B (CS_INSTPM_TLB_INVALIDATE_MASK | CS_INSTPM_CLFLUSH_TOGGLE_MASK)

/* An LRI giving the running context INSTPM state `bits` (a masked write). */
static void instpm(CsSys *self, uint32_t bits)
{
    lri(self, (uint32_t)base_of(self, CS_ENGINE_RCS) + CS_INSTPM_OFFSET, INSTPM_STATE << 16 | bits);
}

static uint32_t instpm_state(CsSys *self)
{
    return rd(self, CS_INSTPM_OFFSET) & INSTPM_STATE;
}

/* Runs the program as a fresh ring (the previous one disabled first). */
static void run_again(CsSys *self)
{
    wr(self, CS_RING_CTL_OFFSET, 0);
    run_ring(self);
}

TEST_F(CsSys, CxtSizeReadsAt21A0AndIsWrittenAt21A8Gen6)
{
    build(self, CS_PROFILE_GEN6);
    EXPECT_EQ(rd(self, CS_CXT_SIZE_OFFSET), CXT_SIZE_RESET);
    EXPECT_EQ(rd(self, CS_CXT_SIZE_WRITE_OFFSET), CXT_SIZE_RESET);
    wr(self, CS_CXT_SIZE_OFFSET, 0x12345); /* the read address does not take writes */
    EXPECT_EQ(rd(self, CS_CXT_SIZE_OFFSET), CXT_SIZE_RESET);
    wr(self, CS_CXT_SIZE_WRITE_OFFSET, 0x00041041);
    EXPECT_EQ(rd(self, CS_CXT_SIZE_OFFSET), 0x00041041u);
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(rd(self, CS_CXT_SIZE_OFFSET), CXT_SIZE_RESET);
}

TEST_F(CsSys, CxtSizeIsOnlyTheGen6RenderEngines)
{
    build(self, CS_PROFILE_GEN6);
    EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, base_of(self, CS_ENGINE_BCS) + CS_CXT_SIZE_OFFSET));
    gtsim_system_destroy(self->system);
    build(self, CS_PROFILE_GEN12);
    EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, base_of(self, CS_ENGINE_RCS) + CS_CXT_SIZE_OFFSET));
    EXPECT_TRUE(unimplemented(self, TLM_CMD_WRITE, base_of(self, CS_ENGINE_RCS) + CS_CXT_SIZE_WRITE_OFFSET));
}

TEST_F(CsSys, SaveThenRestoreRoundTripsTheStateGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_ctx(self, CTX_A, true, false); /* CCID invalid: no save; A is new: not restored */
    instpm(self, STATE_A);             /* A's state */
    EMIT("MI_SUSPEND_FLUSH", 0, { "suspend", 0, 1 });
    set_ctx(self, CTX_B, true, false); /* saves A */
    instpm(self, STATE_B);             /* B's state */
    EMIT("MI_SUSPEND_FLUSH", 0, { "suspend", 0, 0 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, CTX_A + 0), STATE_A);
    EXPECT_EQ(mem_rd(self, CTX_A + 4), CS_MI_MODE_SUSPEND_FLUSH_MASK);
    EXPECT_EQ(mem_rd(self, CTX_A + 8), 0u); /* BB_STATE in the ring: secure, 0 */
    EXPECT_EQ(instpm_state(self), STATE_B);
    set_ctx(self, CTX_A, false, false); /* saves B, restores A */
    run_again(self);
    EXPECT_EQ(instpm_state(self), STATE_A);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, CS_MI_MODE_SUSPEND_FLUSH_MASK);
    EXPECT_EQ(mem_rd(self, CTX_B + 0), STATE_B);
    EXPECT_EQ(mem_rd(self, CTX_B + 4), 0u);
    set_ctx(self, CTX_B, false, false); /* and back: B's state again */
    run_again(self);
    EXPECT_EQ(instpm_state(self), STATE_B);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, 0u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->context_saves, 3u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->context_restores, 2u);
}

TEST_F(CsSys, NopidIsNotContextStateGen6)
{
    /* IGT gem_ctx_isolation: NOPID is not saved with the context. */
    build(self, CS_PROFILE_GEN6);
    set_ctx(self, CTX_A, true, false);
    EMIT("MI_NOOP", 0, { "nop_id_write", 0, 1 }, { "nop_id", 0, 0x111 });
    set_ctx(self, CTX_B, true, false);
    EMIT("MI_NOOP", 0, { "nop_id_write", 0, 1 }, { "nop_id", 0, 0x222 });
    set_ctx(self, CTX_A, false, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_NOPID_OFFSET), 0x222u);
}

TEST_F(CsSys, RestoreInhibitKeepsTheCurrentStateGen6)
{
    build(self, CS_PROFILE_GEN6);
    mem_wr(self, CTX_B, STATE_B); /* an image B would restore */
    set_ctx(self, CTX_A, true, false);
    instpm(self, STATE_A);
    set_ctx(self, CTX_B, true, false); /* inhibited: the state stays A's */
    run_ring(self);
    EXPECT_EQ(instpm_state(self), STATE_A);
    EXPECT_EQ(mem_rd(self, CTX_A), STATE_A); /* A was saved all the same */
    mem_wr(self, CTX_A, STATE_B);            /* A's image edited: restoring it is visible */
    set_ctx(self, CTX_A, false, false);      /* not inhibited: A restored */
    run_again(self);
    EXPECT_EQ(instpm_state(self), STATE_B);
    EXPECT_EQ(mem_rd(self, CTX_B), STATE_A); /* B's save: the state it was running with */
}

TEST_F(CsSys, ForceRestoreReloadsTheSameContextGen6)
{
    build(self, CS_PROFILE_GEN6);
    set_ctx(self, CTX_A, true, false);
    instpm(self, STATE_A);
    run_ring(self);
    mem_wr(self, CTX_A, STATE_B); /* software edits the image of the current context */
    set_ctx(self, CTX_A, false, false); /* same address: a NOOP, nothing reloaded or saved */
    run_again(self);
    EXPECT_EQ(instpm_state(self), STATE_A);
    EXPECT_EQ(mem_rd(self, CTX_A), STATE_B);
    set_ctx(self, CTX_A, false, true); /* forced: reloaded, not saved first */
    run_again(self);
    EXPECT_EQ(instpm_state(self), STATE_B);
    EXPECT_EQ(mem_rd(self, CTX_A), STATE_B);
}

TEST_F(CsSys, CxtSizeBoundsTheImageGen6)
{
    build(self, CS_PROFILE_GEN6);
    mem_wr(self, CTX_A, STATE_B);
    wr(self, CS_CXT_SIZE_WRITE_OFFSET, 0); /* an image of no bytes: nothing saved or restored */
    set_ctx(self, CTX_A, true, false);
    instpm(self, STATE_A);
    set_ctx(self, CTX_B, true, false);
    set_ctx(self, CTX_A, false, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, CTX_A), STATE_B);
    EXPECT_EQ(instpm_state(self), STATE_A);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->context_restores, 1u);
}

TEST_F(CsSys, SyncFlushEnableIsNotPartOfTheImageGen6)
{
    /* Sync Flush Enable is "cleared by HW": a restore never requests a flush. */
    build(self, CS_PROFILE_GEN6);
    mem_wr(self, CTX_B, 0xffff);
    set_ctx(self, CTX_B, false, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET) & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, 0u);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->sync_flushes, 0u);
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET), CS_INSTPM_RW_MASK & ~CS_INSTPM_SYNC_FLUSH_ENABLE_MASK);
}

/* spec 000 §1.3.9 bit 21 "Use Per-Process Hardware Status Page": set, MI_STORE_DATA_INDEX
 * indexes the page at 28 KiB from the context's LRCA; clear, the global status page; in a
 * non-secure batch the bit "will be ignored and treated as set". */
TEST_F(CsSys, StoreDataIndexPerProcessStatusPageGen6)
{
    build(self, CS_PROFILE_GEN6);
    const uint32_t pphwsp = CTX_A + 28u * 1024u;
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x40 }, { "data", 0, 0x51 });
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x44 }, { "data", 0, 0x52 });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    set_ctx(self, CTX_A, true, false);
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x48 }, { "data", 0, 0x61 });                   /* global */
    EMIT("MI_STORE_DATA_INDEX", 3, { "pphwsp", 0, 1 }, { "offset", 0, 0x4C }, { "data", 0, 0x62 }); /* per process */
    bb_start(self, BATCH, false, false); /* non-secure: both of its stores go to the per-process page */
    run_ring(self);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x48), 0x61u);
    EXPECT_EQ(mem_rd(self, pphwsp + 0x4C), 0x62u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x4C), 0u);
    EXPECT_EQ(mem_rd(self, pphwsp + 0x40), 0x51u);
    EXPECT_EQ(mem_rd(self, pphwsp + 0x44), 0x52u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x40), 0u);
    EXPECT_EQ(mem_rd(self, HWSP + 0x44), 0u);
}

/* The same from a secure batch: the bit chooses. */
TEST_F(CsSys, StoreDataIndexInASecureBatchFollowsTheBitGen6)
{
    build(self, CS_PROFILE_GEN6);
    EMIT("MI_STORE_DATA_INDEX", 3, { "offset", 0, 0x40 }, { "data", 0, 0x71 });
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    set_ctx(self, CTX_A, true, false);
    bb_start(self, BATCH, true, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, HWSP + 0x40), 0x71u);
    EXPECT_EQ(mem_rd(self, CTX_A + 28u * 1024u + 0x40), 0u);
}
