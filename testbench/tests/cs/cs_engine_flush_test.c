/* Sync flushes and MI_SUSPEND_FLUSH (docs/reference/cs.md "Sync flush and MI_SUSPEND_FLUSH"): INSTPM Sync
 * Flush Enable requests a flush that clears the bit and toggles Sync Status (interrupt bit 2,
 * spec 000 §1.1.4, §1.1.7); MI_MODE Suspend Flush, set and cleared by MI_SUSPEND_FLUSH (spec 000
 * §1.3.11), delays it. Both profiles, every engine. */
#include "cs_engine_fixture.h"

#define SYNC_STATUS_BIT (1u << 2)

/* A masked-register write of `bits` to value `value`. */
static uint32_t masked(uint32_t bits, uint32_t value)
{
    return bits << 16 | (value & bits);
}

static void request_sync_flush(CsSys *self)
{
    wr(self, CS_INSTPM_OFFSET, masked(CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, CS_INSTPM_SYNC_FLUSH_ENABLE_MASK));
}

static void suspend_flush(CsSys *self, bool suspend)
{
    EMIT("MI_SUSPEND_FLUSH", 0, { "suspend", 0, suspend ? 1 : 0 });
}

BOTH_PROFILES(SyncFlushCompletesAndTogglesSyncStatus)
{
    static const cs_engine engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS };
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        self->engine = engines[e];
        cs_engine_model *model = engine_model(self);
        wr(self, hws_pga(self), HWSP + 0x1000u * (uint32_t)e);
        wr(self, CS_HWSTAM_OFFSET, ~irq_bits(self, SYNC_STATUS_BIT));
        wr(self, CS_IMR_OFFSET, ~irq_bits(self, SYNC_STATUS_BIT));
        mem_wr(self, HWSP + 0x1000u * (uint32_t)e, 0xdead);
        request_sync_flush(self);
        /* "The device will automatically clear this bit before completing the operation". */
        EXPECT_EQ(rd(self, CS_INSTPM_OFFSET) & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, 0u);
        EXPECT_EQ(cs_engine_isr(model) & SYNC_STATUS_BIT, SYNC_STATUS_BIT);
        EXPECT_EQ(mem_rd(self, HWSP + 0x1000u * (uint32_t)e), irq_bits(self, SYNC_STATUS_BIT)); /* the status page write */
        EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 1u);
        EXPECT_EQ(cs_engine_get_stats(model)->messages, 1u);
        /* "Toggled every SyncFlush event". */
        request_sync_flush(self);
        EXPECT_EQ(cs_engine_isr(model) & SYNC_STATUS_BIT, 0u);
        EXPECT_EQ(mem_rd(self, HWSP + 0x1000u * (uint32_t)e), 0u);
        EXPECT_EQ(cs_engine_get_stats(model)->messages, 2u);
    }
}

BOTH_PROFILES(SyncFlushMaskedByImrAndHwstam)
{
    cs_engine_model *model = engine_model(self);
    wr(self, hws_pga(self), HWSP);
    mem_wr(self, HWSP, 0xdead);
    request_sync_flush(self); /* IMR and HWSTAM at reset mask everything */
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 1u);
    EXPECT_EQ(cs_engine_get_stats(model)->messages, 0u);
    EXPECT_EQ(mem_rd(self, HWSP), 0xdeadu);
    /* A write that leaves the bit clear requests nothing. */
    wr(self, CS_INSTPM_OFFSET, masked(CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, 0));
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 1u);
}

BOTH_PROFILES(SuspendFlushDelaysTheSyncFlushUntilCleared)
{
    cs_engine_model *model = engine_model(self);
    suspend_flush(self, true);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, CS_MI_MODE_SUSPEND_FLUSH_MASK);
    request_sync_flush(self);
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET) & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, CS_INSTPM_SYNC_FLUSH_ENABLE_MASK);
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 0u);
    EXPECT_EQ(cs_engine_isr(model) & SYNC_STATUS_BIT, 0u);
    /* MI_SUSPEND_FLUSH with the bit clear: "No Delay", the pending flush completes. */
    wr(self, CS_RING_CTL_OFFSET, 0);
    suspend_flush(self, false);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, 0u);
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET) & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, 0u);
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 1u);
    EXPECT_EQ(cs_engine_isr(model) & SYNC_STATUS_BIT, SYNC_STATUS_BIT);
}

BOTH_PROFILES(SuspendFlushClearedByMmioReleasesTheFlush)
{
    cs_engine_model *model = engine_model(self);
    wr(self, CS_MI_MODE_OFFSET, masked(CS_MI_MODE_SUSPEND_FLUSH_MASK, CS_MI_MODE_SUSPEND_FLUSH_MASK));
    request_sync_flush(self);
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 0u);
    wr(self, CS_MI_MODE_OFFSET, masked(CS_MI_MODE_SUSPEND_FLUSH_MASK, 0));
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 1u);
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET) & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK, 0u);
}

BOTH_PROFILES(SuspendFlushWithoutAPendingFlushOnlyMovesTheBit)
{
    self->engine = CS_ENGINE_BCS;
    cs_engine_model *model = engine_model(self);
    suspend_flush(self, true);
    suspend_flush(self, false);
    suspend_flush(self, true);
    run_ring(self);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, CS_MI_MODE_SUSPEND_FLUSH_MASK);
    EXPECT_EQ(cs_engine_get_stats(model)->sync_flushes, 0u);
    EXPECT_EQ(cs_engine_get_stats(model)->not_modelled, 0u);
    cs_engine_reset(model);
    EXPECT_EQ(rd(self, CS_MI_MODE_OFFSET) & CS_MI_MODE_SUSPEND_FLUSH_MASK, 0u);
}
