/* DMI on the sparse memory: read grants cover one page and alias the memory, write grants
 * are never given over watched lines, watching invalidates outstanding grants, and the
 * configured latencies are reported. */
#include <stdint.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_memory.h"

#define PAGE TLM_MEMORY_PAGE_SIZE

typedef struct invalidation {
    uint64_t start, end;
    int subscriber;
} invalidation;

typedef struct DmiTest DmiTest;

typedef struct subscriber_tag {
    DmiTest *test;
    int id;
} subscriber_tag;

struct DmiTest {
    tlm_kernel *k;
    tlm_memory *m;
    const tlm_target *t;
    invalidation seen[32];
    unsigned seen_count;
    subscriber_tag tags[2];
    unsigned observer_calls;
};

static void on_invalidate(void *context, uint64_t start, uint64_t end)
{
    subscriber_tag *tag = context;
    DmiTest *t = tag->test;
    if (t->seen_count < 32) {
        t->seen[t->seen_count].start = start;
        t->seen[t->seen_count].end = end;
        t->seen[t->seen_count].subscriber = tag->id;
    }
    t->seen_count++;
}

static void on_write(void *context, const tlm_memory_write *write)
{
    DmiTest *t = context;
    (void)write;
    t->observer_calls++;
}

static void DmiTest_SetUp(DmiTest *self)
{
    self->k = tlm_kernel_create();
    self->m = tlm_memory_create(self->k, "mem", 1ull << 24);
    self->t = self->m ? tlm_memory_target(self->m) : NULL;
    for (int i = 0; i < 2; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
    }
}

static void DmiTest_TearDown(DmiTest *self)
{
    if (self->m)
        tlm_memory_destroy(self->m);
    tlm_kernel_destroy(self->k);
}

static bool request(DmiTest *self, tlm_cmd command, uint64_t address, tlm_dmi_region *dmi)
{
    static uint8_t byte;
    tlm_payload p = tlm_payload_make(command, address, &byte, 1);
    memset(dmi, 0, sizeof *dmi);
    bool granted = tlm_get_direct_mem_ptr(self->t, &p, dmi);
    EXPECT_EQ(p.address, address);
    return granted;
}

static tlm_status bus_write(DmiTest *self, uint64_t address, const void *data, uint32_t length)
{
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, address, (void *)data, length);
    tlm_time delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    return p.response;
}

static tlm_status bus_read(DmiTest *self, uint64_t address, void *data, uint32_t length)
{
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, address, data, length);
    tlm_time delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    return p.response;
}

/* True if some recorded invalidation covers [start, end]. */
static bool invalidated(DmiTest *self, uint64_t start, uint64_t end, int subscriber)
{
    for (unsigned i = 0; i < self->seen_count && i < 32; ++i)
        if (self->seen[i].subscriber == subscriber && self->seen[i].start <= start && self->seen[i].end >= end)
            return true;
    return false;
}

TEST_F(DmiTest, ReadGrantCoversThePageAndSeesMemory)
{
    ASSERT_TRUE(self->m != NULL);
    const uint32_t value = 0xA1B2C3D4;
    ASSERT_EQ(bus_write(self, 0x3010, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_READ, 0x3011, &dmi));
    EXPECT_EQ(dmi.start, 0x3000u);
    EXPECT_EQ(dmi.end, 0x3FFFu);
    EXPECT_TRUE(dmi.read_allowed);
    ASSERT_TRUE(dmi.pointer != NULL);
    uint32_t through_pointer;
    memcpy(&through_pointer, dmi.pointer + 0x10, 4);
    EXPECT_EQ(through_pointer, value);
    EXPECT_EQ(tlm_memory_get_stats(self->m).dmi_grants, 1u);

    /* The pointer aliases the memory: later bus writes show through it. */
    const uint32_t later = 0x0BADCAFE;
    ASSERT_EQ(bus_write(self, 0x3FFC, &later, 4), TLM_STATUS_OK);
    memcpy(&through_pointer, dmi.pointer + 0xFFC, 4);
    EXPECT_EQ(through_pointer, later);
}

TEST_F(DmiTest, GrantOnUntouchedPageReadsZero)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_dmi_region dmi;
    /* Whether a never-written page is granted is the memory's choice; if it is, it must
     * read as zero, like the bus does. */
    if (request(self, TLM_CMD_READ, 0x9000, &dmi)) {
        EXPECT_EQ(dmi.start, 0x9000u);
        EXPECT_EQ(dmi.end, 0x9FFFu);
        ASSERT_TRUE(dmi.pointer != NULL);
        size_t non_zero = 0;
        for (uint32_t i = 0; i < PAGE; ++i)
            non_zero += dmi.pointer[i] != 0;
        EXPECT_EQ(non_zero, 0u);
    }
}

TEST_F(DmiTest, WriteGrantStoresAreVisibleOnTheBus)
{
    ASSERT_TRUE(self->m != NULL);
    const uint32_t value = 1;
    ASSERT_EQ(bus_write(self, 0x4000, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_WRITE, 0x4100, &dmi));
    ASSERT_TRUE(dmi.write_allowed);
    EXPECT_EQ(dmi.start, 0x4000u);
    EXPECT_EQ(dmi.end, 0x4FFFu);
    const uint32_t stored = 0x5EEDF00D;
    memcpy(dmi.pointer + 0x100, &stored, 4);
    uint32_t back = 0;
    ASSERT_EQ(bus_read(self, 0x4100, &back, 4), TLM_STATUS_OK);
    EXPECT_EQ(back, stored);
}

TEST_F(DmiTest, NoWriteGrantOnPageWithWatchedLine)
{
    ASSERT_TRUE(self->m != NULL);
    ASSERT_NE(tlm_memory_watch(self->m, 0x5040, on_write, self), 0u);
    tlm_dmi_region dmi;
    bool granted = request(self, TLM_CMD_WRITE, 0x5800, &dmi);
    EXPECT_FALSE(granted && dmi.write_allowed);
    /* A read request on that page may still be granted, but never for writing. */
    if (request(self, TLM_CMD_READ, 0x5800, &dmi)) {
        EXPECT_TRUE(dmi.read_allowed);
        EXPECT_FALSE(dmi.write_allowed);
        EXPECT_LE(dmi.start, 0x5800u);
        EXPECT_GE(dmi.end, 0x5800u);
    }
    /* Bus writes on that page still reach the observer. */
    const uint32_t value = 7;
    ASSERT_EQ(bus_write(self, 0x5040, &value, 4), TLM_STATUS_OK);
    EXPECT_EQ(self->observer_calls, 1u);
    /* Other pages are unaffected. */
    EXPECT_TRUE(request(self, TLM_CMD_WRITE, 0x6800, &dmi));
    EXPECT_TRUE(dmi.write_allowed);
}

TEST_F(DmiTest, WatchingInvalidatesOutstandingGrantsOnItsPage)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_subscribe_dmi_invalidate(self->t, on_invalidate, &self->tags[0]);
    tlm_subscribe_dmi_invalidate(self->t, on_invalidate, &self->tags[1]);
    const uint32_t value = 3;
    ASSERT_EQ(bus_write(self, 0x7000, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_WRITE, 0x7000, &dmi));
    EXPECT_EQ(self->seen_count, 0u);

    ASSERT_NE(tlm_memory_watch(self->m, 0x7FC0, on_write, self), 0u);
    EXPECT_TRUE(invalidated(self, 0x7000, 0x7FFF, 0));
    EXPECT_TRUE(invalidated(self, 0x7000, 0x7FFF, 1));
    /* With two subscribers, whether that is one invalidation or two calls is open; at least
     * one must be counted. */
    EXPECT_GE(tlm_memory_get_stats(self->m).dmi_invalidations, 1u);

    /* After the invalidation, a new grant is read-only and writes go through observers. */
    bool granted = request(self, TLM_CMD_WRITE, 0x7000, &dmi);
    EXPECT_FALSE(granted && dmi.write_allowed);
    ASSERT_EQ(bus_write(self, 0x7FC0, &value, 4), TLM_STATUS_OK);
    EXPECT_EQ(self->observer_calls, 1u);
}

/* Invalidations name the memory's own addresses, and only the page concerned, so other
 * grants stay usable. */
TEST_F(DmiTest, InvalidationIsLimitedToTheWatchedPage)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_subscribe_dmi_invalidate(self->t, on_invalidate, &self->tags[0]);
    const uint32_t value = 3;
    ASSERT_EQ(bus_write(self, 0x7000, &value, 4), TLM_STATUS_OK);
    ASSERT_EQ(bus_write(self, 0x20000, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_READ, 0x7000, &dmi));
    ASSERT_TRUE(request(self, TLM_CMD_READ, 0x20000, &dmi));
    ASSERT_NE(tlm_memory_watch(self->m, 0x7000, on_write, self), 0u);
    ASSERT_GE(self->seen_count, 1u);
    /* One subscriber, one page: exactly one invalidation call. */
    EXPECT_EQ(self->seen_count, 1u);
    EXPECT_EQ(tlm_memory_get_stats(self->m).dmi_invalidations, 1u);
    EXPECT_TRUE(invalidated(self, 0x7000, 0x7FFF, 0));
    for (unsigned i = 0; i < self->seen_count && i < 32; ++i) {
        bool touches_other_grant = self->seen[i].start <= 0x20FFF && self->seen[i].end >= 0x20000;
        EXPECT_FALSE(touches_other_grant);
    }
}

TEST_F(DmiTest, LatenciesAreReported)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_memory_set_latency(self->m, 3 * TLM_NS, 5 * TLM_NS);
    const uint32_t value = 3;
    ASSERT_EQ(bus_write(self, 0x1000, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_READ, 0x1000, &dmi));
    EXPECT_EQ(dmi.read_latency, 3 * TLM_NS);
    EXPECT_EQ(dmi.write_latency, 5 * TLM_NS);
}

TEST_F(DmiTest, RequestOutsideMemoryIsRefused)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_dmi_region dmi;
    EXPECT_FALSE(request(self, TLM_CMD_READ, 1ull << 24, &dmi));
    EXPECT_FALSE(request(self, TLM_CMD_READ, UINT64_MAX, &dmi));
    EXPECT_EQ(tlm_memory_get_stats(self->m).dmi_grants, 0u);
}

TEST_F(DmiTest, GrantNeverExtendsPastTheMemory)
{
    tlm_memory_destroy(self->m);
    self->m = tlm_memory_create(self->k, "small", 0x1800);
    ASSERT_TRUE(self->m != NULL);
    self->t = tlm_memory_target(self->m);
    const uint32_t value = 9;
    ASSERT_EQ(bus_write(self, 0x1100, &value, 4), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    if (request(self, TLM_CMD_READ, 0x1100, &dmi)) {
        EXPECT_EQ(dmi.start, 0x1000u);
        EXPECT_LE(dmi.end, 0x17FFu);
        EXPECT_GE(dmi.end, 0x1100u);
    }
}

TEST_F(DmiTest, TopPageOfFortyEightBitMemory)
{
    tlm_memory_destroy(self->m);
    self->m = tlm_memory_create(self->k, "big", 1ull << 48);
    ASSERT_TRUE(self->m != NULL);
    self->t = tlm_memory_target(self->m);
    const uint8_t value = 0x7E;
    ASSERT_EQ(bus_write(self, (1ull << 48) - 1, &value, 1), TLM_STATUS_OK);
    tlm_dmi_region dmi;
    ASSERT_TRUE(request(self, TLM_CMD_READ, (1ull << 48) - 1, &dmi));
    EXPECT_EQ(dmi.start, (1ull << 48) - PAGE);
    EXPECT_EQ(dmi.end, (1ull << 48) - 1);
    EXPECT_EQ(dmi.pointer[PAGE - 1], 0x7E);
}
