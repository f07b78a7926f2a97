/* The write snoop and the DMI cache (tlm_snoop.h, tlm_dmi_cache.h): line watching on a memory
 * gtsim does not own, writes around the snoop, DMI grants kept off watched lines, and an
 * initiator's DMI use with its fallback to b_transport. The memory behind them is a sparse
 * memory seen only through its target. */
#include "tb_test.h"

#include <string.h>

#include "gtsim_tlm.h"

typedef struct seen {
    unsigned calls;          /* observer calls */
    uint8_t line[64];        /* the line they were last given */
    uint64_t write_address;  /* the part of the write in the line */
    uint32_t write_length;   /* its length */
    tlm_line_watch_port port; /* to unwatch from inside */
    tlm_watch_id id;         /* the watch, unwatched on the first call when unwatch_inside */
    bool unwatch_inside;     /* unwatch from inside the observer */
} seen;

static void observe(void *context, const tlm_memory_write *write)
{
    seen *s = context;
    s->calls++;
    memcpy(s->line, write->line_data, 64);
    s->write_address = write->write_address;
    s->write_length = write->write_length;
    if (s->unwatch_inside)
        s->port.unwatch(s->port.self, s->id);
}

static tlm_status write_to(const tlm_target *target, uint64_t address, uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return payload.response;
}

static uint32_t read_from(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return value;
}

TEST(TlmSnoop, ObserversSeeWritesThroughTheSnoopAndWritesReportedAroundIt)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "dram", 0);
    tlm_snoop *snoop = tlm_snoop_create(kernel, "snoop", tlm_memory_target(memory));
    tlm_line_watch_port port = tlm_snoop_line_watch_port(snoop);
    uint32_t initial = 0x11;
    tlm_memory_write_backdoor(memory, 0x1040, &initial, 4);
    seen s = { 0 };
    tlm_watch_id id = port.watch(port.self, 0x1040, observe, &s);
    ASSERT_TRUE(id != 0);
    uint32_t read = 0;
    EXPECT_TRUE(port.read(port.self, 0x1040, &read, 4));
    EXPECT_EQ(read, 0x11);

    /* a write elsewhere: no call; a write into the line: the line's new contents */
    EXPECT_EQ(write_to(tlm_snoop_target(snoop), 0x1080, 5), TLM_STATUS_OK);
    EXPECT_EQ(s.calls, 0);
    EXPECT_EQ(write_to(tlm_snoop_target(snoop), 0x1044, 0xabcd), TLM_STATUS_OK);
    EXPECT_EQ(s.calls, 1);
    uint32_t dw0, dw1;
    memcpy(&dw0, s.line, 4);
    memcpy(&dw1, s.line + 4, 4);
    EXPECT_EQ(dw0, 0x11); /* bytes the write did not touch: the memory's */
    EXPECT_EQ(dw1, 0xabcd);
    EXPECT_EQ(s.write_address, 0x1044);
    EXPECT_EQ(s.write_length, 4);
    EXPECT_EQ(read_from(tlm_memory_target(memory), 0x1044), 0xabcd); /* forwarded */

    /* a write straight to the memory is seen once reported, not before */
    uint32_t cookie = 0x77;
    tlm_memory_write_backdoor(memory, 0x1044, &cookie, 4);
    EXPECT_EQ(s.calls, 1);
    tlm_snoop_written(snoop, 0x1000, 0x100);
    EXPECT_EQ(s.calls, 2);
    memcpy(&dw1, s.line + 4, 4);
    EXPECT_EQ(dw1, 0x77);
    tlm_snoop_written(snoop, 0x2000, 0x100); /* no watched line there */
    EXPECT_EQ(s.calls, 2);

    /* unwatch from inside the observer: called once more, then never */
    s.port = port;
    s.id = id;
    s.unwatch_inside = true;
    EXPECT_EQ(write_to(tlm_snoop_target(snoop), 0x1040, 0), TLM_STATUS_OK);
    EXPECT_EQ(s.calls, 3);
    EXPECT_EQ(write_to(tlm_snoop_target(snoop), 0x1040, 1), TLM_STATUS_OK);
    EXPECT_EQ(s.calls, 3);
    EXPECT_EQ(tlm_snoop_get_stats(snoop).watched_lines, 0);

    tlm_snoop_destroy(snoop);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

typedef struct invalidations {
    unsigned count;  /* invalidations received */
    uint64_t start;  /* the last one's range */
    uint64_t end;
} invalidations;

static void invalidated(void *context, uint64_t start, uint64_t end)
{
    invalidations *i = context;
    i->count++;
    i->start = start;
    i->end = end;
}

static bool grant(const tlm_target *target, tlm_cmd command, uint64_t address, tlm_dmi_region *dmi)
{
    uint32_t scratch = 0;
    tlm_payload payload = tlm_payload_make(command, address, &scratch, 4);
    memset(dmi, 0, sizeof *dmi);
    return tlm_get_direct_mem_ptr(target, &payload, dmi);
}

TEST(TlmSnoop, NoWriteGrantCoversAWatchedLine)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "dram", 0);
    tlm_snoop *snoop = tlm_snoop_create(kernel, "snoop", tlm_memory_target(memory));
    const tlm_target *front = tlm_snoop_target(snoop);
    invalidations upstream = { 0 };
    tlm_subscribe_dmi_invalidate(front, invalidated, &upstream);
    tlm_dmi_region dmi;
    ASSERT_TRUE(grant(front, TLM_CMD_WRITE, 0x3000, &dmi));
    EXPECT_TRUE(dmi.write_allowed);
    EXPECT_EQ(dmi.start, 0x3000);
    EXPECT_EQ(dmi.end, 0x3fff);

    /* watching a line withdraws the grants over it */
    tlm_line_watch_port port = tlm_snoop_line_watch_port(snoop);
    seen s = { 0 };
    ASSERT_TRUE(port.watch(port.self, 0x3400, observe, &s) != 0);
    EXPECT_GT(upstream.count, 0);
    EXPECT_TRUE(upstream.start <= 0x3400 && 0x343f <= upstream.end);

    /* below, inside and above the line */
    ASSERT_TRUE(grant(front, TLM_CMD_WRITE, 0x3010, &dmi));
    EXPECT_TRUE(dmi.write_allowed);
    EXPECT_EQ(dmi.end, 0x33ff);
    uint8_t *base = dmi.pointer - (dmi.start - 0x3000);
    ASSERT_TRUE(grant(front, TLM_CMD_WRITE, 0x3420, &dmi));
    EXPECT_FALSE(dmi.write_allowed);
    EXPECT_TRUE(dmi.read_allowed);
    ASSERT_TRUE(grant(front, TLM_CMD_WRITE, 0x3800, &dmi));
    EXPECT_TRUE(dmi.write_allowed);
    EXPECT_EQ(dmi.start, 0x3440);
    EXPECT_EQ(dmi.end, 0x3fff);
    EXPECT_TRUE(dmi.pointer == base + 0x440); /* the pointer follows the clipped start */
    EXPECT_EQ(tlm_snoop_get_stats(snoop).dmi_clipped, 3);

    tlm_snoop_destroy(snoop);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

TEST(TlmDmiCache, ServesThroughGrantsAndFallsBackToTransport)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "dram", 0);
    tlm_memory_set_latency(memory, 5, 7);
    tlm_snoop *snoop = tlm_snoop_create(kernel, "snoop", tlm_memory_target(memory));
    tlm_dmi_cache *cache = tlm_dmi_cache_create(kernel, "cache", tlm_snoop_target(snoop));
    const tlm_target *port = tlm_dmi_cache_target(cache);

    EXPECT_EQ(write_to(port, 0x5000, 0x1234), TLM_STATUS_OK); /* asks, is granted, stores by pointer */
    EXPECT_EQ(read_from(port, 0x5000), 0x1234);
    EXPECT_EQ(read_from(tlm_memory_target(memory), 0x5000), 0x1234);
    tlm_dmi_cache_stats stats = tlm_dmi_cache_get_stats(cache);
    EXPECT_EQ(stats.requests, 1);
    EXPECT_EQ(stats.dmi_transfers, 2);
    EXPECT_EQ(stats.forwarded, 0);
    EXPECT_EQ(tlm_memory_get_stats(memory).writes, 0);

    /* time: the grant's latencies, as b_transport would add */
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, 0x5004, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(port, &payload, &delay);
    EXPECT_EQ(delay, 5);

    /* byte enables: b_transport */
    static const uint8_t lanes[4] = { 0xff, 0, 0, 0xff };
    uint32_t pattern = 0xaabbccdd;
    payload = tlm_payload_make(TLM_CMD_WRITE, 0x5000, &pattern, 4);
    payload.byte_enable = lanes;
    payload.byte_enable_length = 4;
    delay = 0;
    tlm_b_transport(port, &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    EXPECT_EQ(delay, 7);
    EXPECT_EQ(read_from(port, 0x5000), 0xaa0012dd);
    EXPECT_EQ(tlm_dmi_cache_get_stats(cache).forwarded, 1);

    /* a doorbell-style watch on the page: the write grant goes, the next write reaches the observer */
    tlm_line_watch_port lines = tlm_snoop_line_watch_port(snoop);
    seen s = { 0 };
    ASSERT_TRUE(lines.watch(lines.self, 0x5040, observe, &s) != 0);
    EXPECT_GT(tlm_dmi_cache_get_stats(cache).dropped, 0);
    EXPECT_EQ(write_to(port, 0x5044, 9), TLM_STATUS_OK);
    EXPECT_EQ(s.calls, 1);
    /* elsewhere in the page writes go by pointer again (a clipped grant) */
    uint64_t before = tlm_dmi_cache_get_stats(cache).dmi_transfers;
    EXPECT_EQ(write_to(port, 0x5100, 3), TLM_STATUS_OK);
    EXPECT_EQ(tlm_dmi_cache_get_stats(cache).dmi_transfers, before + 1);
    EXPECT_EQ(s.calls, 1);

    tlm_dmi_cache_destroy(cache);
    tlm_snoop_destroy(snoop);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

static void plain_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_b_transport(tlm_memory_target(self), payload, delay);
}

TEST(TlmDmiCache, ATargetWithoutDmiIsNeverAsked)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "dram", 0);
    tlm_target plain = { .name = "plain", .self = memory, .b_transport = plain_b_transport };
    tlm_dmi_cache *cache = tlm_dmi_cache_create(kernel, "cache", &plain);
    EXPECT_EQ(write_to(tlm_dmi_cache_target(cache), 0x40, 1), TLM_STATUS_OK);
    EXPECT_EQ(read_from(tlm_dmi_cache_target(cache), 0x40), 1);
    tlm_dmi_cache_stats stats = tlm_dmi_cache_get_stats(cache);
    EXPECT_EQ(stats.requests, 0);
    EXPECT_EQ(stats.forwarded, 2);
    tlm_dmi_cache_destroy(cache);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}
