/* TS_GPGPU_THREADS_DISPATCHED (spec 000 §1.1.12.1; docs/reference/cs.md "Statistics from the EU array"):
 * the render engine's 64-bit count of what the EU array dispatched, read through the statistics
 * port, reset by a write, on both profiles (i915 keeps it at 0x2290 on gen8+ too). */
#include "cs_engine_fixture.h"

/* A stand-in EU array: the count it reports. */
typedef struct test_eu {
    uint64_t dispatched; /* threads dispatched so far */
} test_eu;

static uint64_t test_eu_threads(void *context)
{
    return ((test_eu *)context)->dispatched;
}

static void connect_eu(CsSys *self, test_eu *eu)
{
    cs_statistics_port port = { .threads_dispatched = test_eu_threads, .context = eu };
    cs_engine_set_statistics_port(engine_model(self), &port);
}

static uint64_t threads(CsSys *self)
{
    uint32_t low = rd(self, CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET);
    return low | (uint64_t)rd(self, CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET) << 32;
}

BOTH_PROFILES(ThreadsDispatchedResetsToZeroWithoutAPort)
{
    EXPECT_EQ(threads(self), 0u);
    /* R/W: a written value reads back; nothing counts without an EU array. */
    wr(self, CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET, 0x1234);
    wr(self, CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET, 0x5);
    EXPECT_EQ(threads(self), UINT64_C(0x500001234));
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(threads(self), 0u);
}

BOTH_PROFILES(ThreadsDispatchedCountsThePortsDispatches)
{
    test_eu eu = { .dispatched = 1000 };
    connect_eu(self, &eu);
    EXPECT_EQ(threads(self), 0u); /* counted from the connection */
    eu.dispatched += UINT64_C(0x100000010);
    EXPECT_EQ(threads(self), UINT64_C(0x100000010));
    eu.dispatched += 7;
    EXPECT_EQ(threads(self), UINT64_C(0x100000017));
}

BOTH_PROFILES(ThreadsDispatchedWriteRestartsTheCount)
{
    test_eu eu = { .dispatched = 50 };
    connect_eu(self, &eu);
    eu.dispatched += 30;
    wr(self, CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET, 0); /* "reset when a write occurs" */
    EXPECT_EQ(threads(self), 0u);
    eu.dispatched += 4;
    EXPECT_EQ(threads(self), 4u);
    wr(self, CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET, 2); /* the upper half, the lower keeps counting */
    eu.dispatched += 1;
    EXPECT_EQ(threads(self), UINT64_C(0x200000005));
}

BOTH_PROFILES(ThreadsDispatchedEngineResetClearsIt)
{
    test_eu eu = { .dispatched = 9 };
    connect_eu(self, &eu);
    eu.dispatched = 20;
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(threads(self), 0u);
    eu.dispatched = 23;
    EXPECT_EQ(threads(self), 3u);
    cs_engine_set_statistics_port(engine_model(self), NULL); /* disconnected: the count stays */
    eu.dispatched = 100;
    EXPECT_EQ(threads(self), 3u);
}

BOTH_PROFILES(ThreadsDispatchedStoredByTheCommandStreamer)
{
    /* The register is "normally written with MI_LOAD_REGISTER_MEMORY"; SRM reads it. */
    test_eu eu = { .dispatched = 0 };
    connect_eu(self, &eu);
    eu.dispatched = 77;
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET }, { "address", 0, DATA });
    lri(self, base + CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET, 1000);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 77u);
    eu.dispatched += 5;
    EXPECT_EQ(threads(self), 1005u);
}

BOTH_PROFILES(ThreadsDispatchedIsARenderRegister)
{
    uint64_t base = base_of(self, CS_ENGINE_BCS);
    EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, base + CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET));
    EXPECT_TRUE(unimplemented(self, TLM_CMD_WRITE, base + CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET));
}
