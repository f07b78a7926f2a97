/* Write observers on 64-byte cachelines: what an observer is told, which writes reach it,
 * ordering, unwatch (also from inside an observer), and the O(1) cost when nothing is
 * watched on the written page (measured through stats.watch_lookups). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_memory.h"
#include "tlm_test_util.h"

#define MAX_CALLS 64

typedef struct ObserverTest ObserverTest;

typedef struct observer_tag {
    ObserverTest *test;
    int id;
    tlm_watch_id unwatch_on_call; /* non-zero: unwatch this id when called */
} observer_tag;

typedef struct call_record {
    int observer;
    uint64_t line_address;
    uint8_t line_data[TLM_MEMORY_CACHELINE_SIZE];
    uint8_t memory_seen[TLM_MEMORY_CACHELINE_SIZE]; /* backdoor read of the line from inside */
    uint64_t write_address;
    uint32_t write_length;
    const tlm_payload *payload;
} call_record;

struct ObserverTest {
    tlm_kernel *k;
    tlm_memory *m;
    const tlm_target *t;
    call_record calls[MAX_CALLS];
    size_t n;
    observer_tag tags[8];
    bool unwatch_result;
};

static void observer(void *context, const tlm_memory_write *write)
{
    observer_tag *tag = context;
    ObserverTest *t = tag->test;
    if (t->n < MAX_CALLS) {
        call_record *r = &t->calls[t->n];
        r->observer = tag->id;
        r->line_address = write->line_address;
        memcpy(r->line_data, write->line_data, TLM_MEMORY_CACHELINE_SIZE);
        tlm_memory_read(t->m, write->line_address, r->memory_seen, TLM_MEMORY_CACHELINE_SIZE);
        r->write_address = write->write_address;
        r->write_length = write->write_length;
        r->payload = write->payload;
    }
    t->n++;
    if (tag->unwatch_on_call) {
        t->unwatch_result = tlm_memory_unwatch(t->m, tag->unwatch_on_call);
        tag->unwatch_on_call = 0;
    }
}

static void ObserverTest_SetUp(ObserverTest *self)
{
    self->k = tlm_kernel_create();
    self->m = tlm_memory_create(self->k, "mem", 1ull << 30);
    self->t = self->m ? tlm_memory_target(self->m) : NULL;
    for (int i = 0; i < 8; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
    }
}

static void ObserverTest_TearDown(ObserverTest *self)
{
    if (self->m)
        tlm_memory_destroy(self->m);
    tlm_kernel_destroy(self->k);
}

static tlm_watch_id watch(ObserverTest *self, uint64_t line, int observer_id)
{
    return tlm_memory_watch(self->m, line, observer, &self->tags[observer_id]);
}

/* Writes through b_transport; keeps the payload in *payload_out for identity checks. */
static tlm_status write_payload(ObserverTest *self, tlm_payload *p, uint64_t address, const void *data,
                                         uint32_t length)
{
    *p = tlm_payload_make(TLM_CMD_WRITE, address, (void *)data, length);
    tlm_time delay = 0;
    tlm_b_transport(self->t, p, &delay);
    return p->response;
}

static tlm_status write_bytes(ObserverTest *self, uint64_t address, const void *data, uint32_t length)
{
    tlm_payload p;
    return write_payload(self, &p, address, data, length);
}

static tlm_memory_stats stats(ObserverTest *self)
{
    return tlm_memory_get_stats(self->m);
}

TEST_F(ObserverTest, WriteInsideWatchedLineCallsObserverOnce)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t old[64];
    for (int i = 0; i < 64; ++i)
        old[i] = (uint8_t)(0x80 + i);
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x1040, old, 64));
    ASSERT_NE(watch(self, 0x1040, 0), 0u);

    const uint8_t value[4] = {0xD0, 0xD1, 0xD2, 0xD3};
    tlm_payload p;
    ASSERT_EQ(write_payload(self, &p, 0x1048, value, 4), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    const call_record *c = &self->calls[0];
    EXPECT_EQ(c->observer, 0);
    EXPECT_EQ(c->line_address, 0x1040u);
    EXPECT_EQ(c->write_address, 0x1048u);
    EXPECT_EQ(c->write_length, 4u);
    EXPECT_EQ(c->payload, &p);
    /* line_data is the whole line after the write: old bytes around the new ones. */
    uint8_t expected[64];
    memcpy(expected, old, 64);
    memcpy(expected + 8, value, 4);
    EXPECT_MEMEQ(c->line_data, expected, 64);
    /* The memory itself already holds the new data when the observer runs. */
    EXPECT_MEMEQ(c->memory_seen, expected, 64);
    EXPECT_EQ(stats(self).observer_calls, 1u);
}

TEST_F(ObserverTest, WriteCoveringWholeLine)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x2000, 0), 0u);
    uint8_t value[64];
    for (int i = 0; i < 64; ++i)
        value[i] = (uint8_t)i;
    ASSERT_EQ(write_bytes(self, 0x2000, value, 64), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->calls[0].write_address, 0x2000u);
    EXPECT_EQ(self->calls[0].write_length, 64u);
    EXPECT_MEMEQ(self->calls[0].line_data, value, 64);
}

TEST_F(ObserverTest, WriteSpanningTwoWatchedLinesCallsEach)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1000, 0), 0u);
    ASSERT_NE(watch(self, 0x1040, 1), 0u);
    uint8_t value[16];
    memset(value, 0x5C, sizeof value);
    tlm_payload p;
    ASSERT_EQ(write_payload(self, &p, 0x1038, value, 16), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 2u);
    const call_record *low = self->calls[0].line_address == 0x1000 ? &self->calls[0] : &self->calls[1];
    const call_record *high = self->calls[0].line_address == 0x1000 ? &self->calls[1] : &self->calls[0];
    EXPECT_EQ(low->line_address, 0x1000u);
    EXPECT_EQ(low->observer, 0);
    EXPECT_EQ(low->write_address, 0x1038u);
    EXPECT_EQ(low->write_length, 8u);
    EXPECT_EQ(low->payload, &p);
    EXPECT_EQ(high->line_address, 0x1040u);
    EXPECT_EQ(high->observer, 1);
    EXPECT_EQ(high->write_address, 0x1040u);
    EXPECT_EQ(high->write_length, 8u);
    EXPECT_EQ(high->payload, &p);
    EXPECT_EQ(high->line_data[7], 0x5C);
    EXPECT_EQ(high->line_data[8], 0);
    EXPECT_EQ(low->line_data[55], 0);
    EXPECT_EQ(low->line_data[56], 0x5C);
    EXPECT_EQ(stats(self).observer_calls, 2u);
}

TEST_F(ObserverTest, WriteSpanningWatchedLinesOnTwoPages)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1FC0, 0), 0u);
    ASSERT_NE(watch(self, 0x2000, 1), 0u);
    uint8_t value[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_EQ(write_bytes(self, 0x1FFE, value, 8), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 2u);
    for (size_t i = 0; i < 2; ++i) {
        const call_record *c = &self->calls[i];
        if (c->line_address == 0x1FC0) {
            EXPECT_EQ(c->write_address, 0x1FFEu);
            EXPECT_EQ(c->write_length, 2u);
        } else {
            EXPECT_EQ(c->line_address, 0x2000u);
            EXPECT_EQ(c->write_address, 0x2000u);
            EXPECT_EQ(c->write_length, 6u);
        }
    }
}

TEST_F(ObserverTest, WriteTouchingWatchedAndUnwatchedLinesCallsOnlyWatched)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x3040, 0), 0u);
    uint8_t value[256];
    memset(value, 0x33, sizeof value);
    ASSERT_EQ(write_bytes(self, 0x3000, value, 256), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->calls[0].line_address, 0x3040u);
    EXPECT_EQ(self->calls[0].write_address, 0x3040u);
    EXPECT_EQ(self->calls[0].write_length, 64u);
}

/* The header promises lookups only on pages with watched lines; whether a write to an
 * unwatched line of such a page costs a table lookup or only the bit test is the
 * implementation's choice, so only the absence of calls is checked here. */
TEST_F(ObserverTest, AdjacentUnwatchedLineOnWatchedPageCallsNothing)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1040, 0), 0u);
    uint8_t value[64];
    memset(value, 0x44, sizeof value);
    ASSERT_EQ(write_bytes(self, 0x1080, value, 64), TLM_STATUS_OK); /* line after */
    ASSERT_EQ(write_bytes(self, 0x1000, value, 64), TLM_STATUS_OK); /* line before */
    ASSERT_EQ(write_bytes(self, 0x103F, value, 1), TLM_STATUS_OK);  /* last byte before */
    ASSERT_EQ(write_bytes(self, 0x1080, value, 1), TLM_STATUS_OK);  /* first byte after */
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(stats(self).observer_calls, 0u);
    /* One byte into the watched line is enough. */
    ASSERT_EQ(write_bytes(self, 0x103F, value, 2), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->calls[0].write_address, 0x1040u);
    EXPECT_EQ(self->calls[0].write_length, 1u);
}

/* Without this the "no lookups" checks below could pass with a counter that never counts. */
TEST_F(ObserverTest, WriteToWatchedLineCountsLookups)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1040, 0), 0u);
    EXPECT_EQ(stats(self).watch_lookups, 0u);
    uint8_t value[4] = {1, 2, 3, 4};
    ASSERT_EQ(write_bytes(self, 0x1040, value, 4), TLM_STATUS_OK);
    EXPECT_GE(stats(self).watch_lookups, 1u);
    uint64_t after_one = stats(self).watch_lookups;
    ASSERT_EQ(write_bytes(self, 0x1050, value, 4), TLM_STATUS_OK);
    EXPECT_GT(stats(self).watch_lookups, after_one);
}

TEST_F(ObserverTest, ReadsAndFailedWritesCallNothing)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1040, 0), 0u);
    uint8_t buffer[8] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1040, buffer, 8);
    tlm_time delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_OK);
    static const uint8_t bad[1] = {0x3C};
    p = tlm_payload_make(TLM_CMD_WRITE, 0x1040, buffer, 8);
    p.byte_enable = bad;
    p.byte_enable_length = 1;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_BYTE_ENABLE_ERROR);
    EXPECT_EQ(write_bytes(self, 0x1040, buffer, 0), TLM_STATUS_BURST_ERROR);
    p = tlm_payload_make(TLM_CMD_IGNORE, 0x1040, buffer, 8);
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(self->n, 0u);
}

TEST_F(ObserverTest, WriteWithByteEnablesReportsPostWriteLine)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t old[64];
    memset(old, 0x11, sizeof old);
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x5000, old, 64));
    ASSERT_NE(watch(self, 0x5000, 0), 0u);
    uint8_t value[4] = {0xA0, 0xA1, 0xA2, 0xA3};
    static const uint8_t mask[2] = {0x00, 0xFF};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x5004, value, 4);
    p.byte_enable = mask;
    p.byte_enable_length = 2;
    tlm_time delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    ASSERT_EQ(p.response, TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    uint8_t expected[64];
    memcpy(expected, old, 64);
    expected[5] = 0xA1;
    expected[7] = 0xA3;
    EXPECT_MEMEQ(self->calls[0].line_data, expected, 64);
}

TEST_F(ObserverTest, MisalignedOrOutsideWatchIsRefusedAndLogged)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_logger *logger = tlm_kernel_logger(self->k);
    tt_capture capture;
    ASSERT_TRUE(tt_capture_open(&capture));
    tlm_logger_set_sink(logger, capture.stream);
    const uint64_t errors = tlm_logger_count(logger, TLM_LOG_ERROR);
    EXPECT_EQ(watch(self, 0x1044, 0), 0u);
    EXPECT_EQ(watch(self, 0x1001, 0), 0u);
    EXPECT_EQ(watch(self, 0x103F, 0), 0u);
    EXPECT_EQ(watch(self, 1ull << 30, 0), 0u);       /* first line past the end */
    EXPECT_EQ(watch(self, 1ull << 40, 0), 0u);
    EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), errors + 5);
    EXPECT_EQ(tt_count_lines(tt_capture_text(&capture)), 5u);
    tlm_logger_set_sink(logger, stderr);
    tt_capture_close(&capture);

    /* Nothing is watched as a side effect of the refusals. */
    uint8_t value[64] = {0};
    ASSERT_EQ(write_bytes(self, 0x1000, value, 64), TLM_STATUS_OK);
    ASSERT_EQ(write_bytes(self, 0x1040, value, 64), TLM_STATUS_OK);
    EXPECT_EQ(self->n, 0u);
    /* The last line of the memory is inside and can be watched. */
    EXPECT_NE(watch(self, (1ull << 30) - 64, 0), 0u);
}

TEST_F(ObserverTest, SeveralObserversOfOneLineInWatchOrder)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x7000, 3), 0u);
    ASSERT_NE(watch(self, 0x7000, 1), 0u);
    ASSERT_NE(watch(self, 0x7000, 2), 0u);
    ASSERT_NE(watch(self, 0x7000, 0), 0u);
    uint8_t value[4] = {1, 2, 3, 4};
    ASSERT_EQ(write_bytes(self, 0x7010, value, 4), TLM_STATUS_OK);
    const int expected[] = {3, 1, 2, 0};
    ASSERT_EQ(self->n, 4u);
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(self->calls[i].observer, expected[i]);
        EXPECT_EQ(self->calls[i].line_address, 0x7000u);
        EXPECT_EQ(self->calls[i].write_length, 4u);
    }
    EXPECT_EQ(stats(self).observer_calls, 4u);
}

TEST_F(ObserverTest, WatchIdsAreUniqueAndNonZero)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_watch_id ids[5];
    ids[0] = watch(self, 0x1000, 0);
    ids[1] = watch(self, 0x1000, 1);
    ids[2] = watch(self, 0x1040, 0);
    ids[3] = watch(self, 0x9000, 0);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NE(ids[i], 0u);
        for (int j = 0; j < i; ++j)
            EXPECT_NE(ids[i], ids[j]);
    }
    /* A watch made after an unwatch is still distinct from every live one. */
    EXPECT_TRUE(tlm_memory_unwatch(self->m, ids[1]));
    ids[4] = watch(self, 0x1000, 1);
    EXPECT_NE(ids[4], 0u);
    EXPECT_NE(ids[4], ids[0]);
    EXPECT_NE(ids[4], ids[2]);
    EXPECT_NE(ids[4], ids[3]);
}

TEST_F(ObserverTest, UnwatchStopsCalls)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_watch_id first = watch(self, 0x1000, 0);
    tlm_watch_id second = watch(self, 0x1000, 1);
    ASSERT_NE(first, 0u);
    ASSERT_NE(second, 0u);
    EXPECT_TRUE(tlm_memory_unwatch(self->m, first));
    uint8_t value[4] = {1, 2, 3, 4};
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->calls[0].observer, 1);
    EXPECT_TRUE(tlm_memory_unwatch(self->m, second));
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    EXPECT_EQ(self->n, 1u);
    /* Unknown ids. */
    EXPECT_FALSE(tlm_memory_unwatch(self->m, first));
    EXPECT_FALSE(tlm_memory_unwatch(self->m, 0));
    EXPECT_FALSE(tlm_memory_unwatch(self->m, 0x123456789ull));
}

TEST_F(ObserverTest, UnwatchLastLineOfPageStopsLookups)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_watch_id id = watch(self, 0x6040, 0);
    ASSERT_NE(id, 0u);
    EXPECT_TRUE(tlm_memory_unwatch(self->m, id));
    const uint64_t lookups = stats(self).watch_lookups;
    uint8_t value[64] = {0};
    for (int i = 0; i < 100; ++i)
        ASSERT_EQ(write_bytes(self, 0x6000 + (uint64_t)(i % 64) * 64, value, 64), TLM_STATUS_OK);
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(stats(self).watch_lookups, lookups);
}

TEST_F(ObserverTest, UnwatchSelfFromInsideObserver)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_watch_id id = watch(self, 0x1000, 0);
    ASSERT_NE(id, 0u);
    ASSERT_NE(watch(self, 0x1000, 1), 0u);
    self->tags[0].unwatch_on_call = id;
    uint8_t value[4] = {1, 2, 3, 4};
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    EXPECT_TRUE(self->unwatch_result);
    /* The observer after the one that left is still called for this write. */
    ASSERT_EQ(self->n, 2u);
    EXPECT_EQ(self->calls[0].observer, 0);
    EXPECT_EQ(self->calls[1].observer, 1);
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    ASSERT_EQ(self->n, 3u);
    EXPECT_EQ(self->calls[2].observer, 1);
}

/* The only watch on a page goes away while the write that triggered it is still walking
 * the page's lines (the sanitizer build checks nothing freed is touched). */
TEST_F(ObserverTest, UnwatchOnlyWatchFromInsideMultiLineWrite)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_watch_id id = watch(self, 0x8040, 0);
    ASSERT_NE(id, 0u);
    self->tags[0].unwatch_on_call = id;
    uint8_t value[4096];
    memset(value, 0x21, sizeof value);
    ASSERT_EQ(write_bytes(self, 0x8000, value, 4096), TLM_STATUS_OK);
    EXPECT_TRUE(self->unwatch_result);
    EXPECT_EQ(self->n, 1u);
    ASSERT_EQ(write_bytes(self, 0x8000, value, 4096), TLM_STATUS_OK);
    EXPECT_EQ(self->n, 1u);
    uint8_t back[4096];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x8000, back, sizeof back));
    EXPECT_MEMEQ(back, value, sizeof back);
}

/* An observer removing a later observer of the same line: must be safe; after this
 * write the removed observer is never called again. */
TEST_F(ObserverTest, UnwatchOtherFromInsideObserver)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1000, 0), 0u);
    tlm_watch_id victim = watch(self, 0x1000, 1);
    ASSERT_NE(victim, 0u);
    ASSERT_NE(watch(self, 0x1000, 2), 0u);
    self->tags[0].unwatch_on_call = victim;
    uint8_t value[4] = {1, 2, 3, 4};
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    EXPECT_TRUE(self->unwatch_result);
    size_t first_write_calls = self->n;
    EXPECT_GE(first_write_calls, 2u);
    EXPECT_EQ(self->calls[0].observer, 0);
    EXPECT_EQ(self->calls[first_write_calls - 1].observer, 2);
    ASSERT_EQ(write_bytes(self, 0x1000, value, 4), TLM_STATUS_OK);
    ASSERT_EQ(self->n, first_write_calls + 2);
    EXPECT_EQ(self->calls[first_write_calls].observer, 0);
    EXPECT_EQ(self->calls[first_write_calls + 1].observer, 2);
}

TEST_F(ObserverTest, BackdoorWriteCallsNoObserver)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0x1000, 0), 0u);
    uint8_t value[128];
    memset(value, 0x66, sizeof value);
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x0FF0, value, sizeof value));
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(stats(self).observer_calls, 0u);
    uint8_t back[64];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x1000, back, 64));
    EXPECT_MEMEQ(back, value, 64);
}

/* The header's stats: pages_allocated counts pages that "hold a watched line". */
TEST_F(ObserverTest, WatchedLineCountsItsPage)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(watch(self, 0xC000, 0), 0u);
    ASSERT_NE(watch(self, 0xC040, 1), 0u);
    EXPECT_EQ(stats(self).pages_allocated, 1u);
    /* The watched, never-written line still reads as zero. */
    uint8_t back[64];
    memset(back, 0xAA, sizeof back);
    ASSERT_TRUE(tlm_memory_read(self->m, 0xC000, back, 64));
    uint8_t zero[64] = {0};
    EXPECT_MEMEQ(back, zero, 64);
}

/* DESIGN §4: "the cost per write when nothing matches is O(1)". With ten thousand lines
 * watched elsewhere, writes to pages without watched lines must not consult the watch
 * table at all. */
TEST_F(ObserverTest, UnwatchedPagesCostNoLookupsWhateverIsWatchedElsewhere)
{
    ASSERT_TRUE(self->m != NULL);
    /* 10,000 lines: 10 per page on 1,000 pages from 16 MiB up. */
    for (int i = 0; i < 10000; ++i) {
        uint64_t line = (16ull << 20) + (uint64_t)(i / 10) * TLM_MEMORY_PAGE_SIZE + (uint64_t)(i % 10) * 6 * 64;
        ASSERT_NE(watch(self, line, i % 8), 0u);
    }
    EXPECT_EQ(stats(self).watch_lookups, 0u);
    tt_rng rng = {777};
    uint8_t value[128];
    memset(value, 0x99, sizeof value);
    for (int i = 0; i < 1000; ++i) {
        /* Unwatched pages: below the watched block, right after it, and the page right
         * before its first page. */
        uint64_t page;
        switch (i % 3) {
        case 0: page = (uint64_t)tt_rng_below(&rng, 4095) * TLM_MEMORY_PAGE_SIZE; break;
        case 1: page = (16ull << 20) + (1000 + (uint64_t)tt_rng_below(&rng, 1000)) * TLM_MEMORY_PAGE_SIZE; break;
        default: page = (16ull << 20) - TLM_MEMORY_PAGE_SIZE; break;
        }
        uint32_t length = 1 + tt_rng_below(&rng, 64);
        uint32_t offset = tt_rng_below(&rng, TLM_MEMORY_PAGE_SIZE - length);
        if (i % 4 == 1 && page != (16ull << 20) - TLM_MEMORY_PAGE_SIZE) {
            /* Some writes straddle two unwatched pages... */
            offset = TLM_MEMORY_PAGE_SIZE - length / 2 - 1;
        } else if (i % 4 == 2) {
            /* ...and some carry byte enables, so every write path is measured. */
            static const uint8_t mask[3] = {0xFF, 0x00, 0xFF};
            tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, page + offset, value, length);
            p.byte_enable = mask;
            p.byte_enable_length = 3;
            tlm_time delay = 0;
            tlm_b_transport(self->t, &p, &delay);
            ASSERT_EQ(p.response, TLM_STATUS_OK);
            continue;
        }
        ASSERT_EQ(write_bytes(self, page + offset, value, length), TLM_STATUS_OK);
    }
    tlm_memory_stats s = stats(self);
    EXPECT_EQ(s.watch_lookups, 0u);
    EXPECT_EQ(s.observer_calls, 0u);
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(s.writes, 1000u);

    /* Writes to unwatched lines of watched pages call nobody. Line 1 of each page is never
     * watched (watched lines are 0, 6, 12, ...). */
    for (int i = 0; i < 1000; ++i) {
        uint64_t page = (16ull << 20) + (uint64_t)i * TLM_MEMORY_PAGE_SIZE;
        ASSERT_EQ(write_bytes(self, page + 64 + (uint64_t)(i % 60), value, 4), TLM_STATUS_OK);
    }
    s = stats(self);
    EXPECT_EQ(s.observer_calls, 0u);
    EXPECT_EQ(self->n, 0u);

    /* A write to a watched line of that block still reaches its observer, and is counted
     * as a lookup (so the zero above measured something). */
    const uint64_t lookups_before = s.watch_lookups;
    ASSERT_EQ(write_bytes(self, (16ull << 20) + 999 * TLM_MEMORY_PAGE_SIZE + 9 * 6 * 64, value, 4),
              TLM_STATUS_OK);
    EXPECT_GT(stats(self).watch_lookups, lookups_before);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->calls[0].line_address, (16ull << 20) + 999 * TLM_MEMORY_PAGE_SIZE + 9 * 6 * 64);
    EXPECT_EQ(self->calls[0].observer, 9999 % 8);
}
