/* Sparse memory: zero reads without allocation, page allocation on write, round trips,
 * page-crossing accesses, byte enables, range and length errors, latency, the 48-bit top,
 * backdoor and debug access. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_memory.h"
#include "tlm_test_util.h"

#define MIB (1024u * 1024u)

typedef struct MemoryTest {
    tlm_kernel *k;
    tlm_memory *m;
    const tlm_target *t;
    uint8_t *scratch;  /* large buffers live here so a failed ASSERT leaks nothing */
    uint8_t *shadow;
    unsigned observer_calls;
} MemoryTest;

static void MemoryTest_SetUp(MemoryTest *self)
{
    self->k = tlm_kernel_create();
    self->m = tlm_memory_create(self->k, "mem", MIB);
    self->t = self->m ? tlm_memory_target(self->m) : NULL;
}

static void MemoryTest_TearDown(MemoryTest *self)
{
    if (self->m)
        tlm_memory_destroy(self->m);
    tlm_kernel_destroy(self->k);
    free(self->scratch);
    free(self->shadow);
}

/* Replaces the fixture's memory with one of another size. */
static void resize(MemoryTest *self, uint64_t size)
{
    tlm_memory_destroy(self->m);
    self->m = tlm_memory_create(self->k, "mem", size);
    ASSERT_TRUE(self->m != NULL);
    self->t = tlm_memory_target(self->m);
}

static tlm_status transfer(MemoryTest *self, tlm_cmd command, uint64_t address, void *data,
                                    uint32_t length, const uint8_t *byte_enable, uint32_t byte_enable_length)
{
    tlm_payload p = tlm_payload_make(command, address, data, length);
    p.byte_enable = byte_enable;
    p.byte_enable_length = byte_enable_length;
    tlm_time delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(p.address, address);
    return p.response;
}

static tlm_status write_bytes(MemoryTest *self, uint64_t address, const void *data, uint32_t length)
{
    return transfer(self, TLM_CMD_WRITE, address, (void *)data, length, NULL, 0);
}

static tlm_status read_bytes(MemoryTest *self, uint64_t address, void *data, uint32_t length)
{
    return transfer(self, TLM_CMD_READ, address, data, length, NULL, 0);
}

static uint64_t pages(MemoryTest *self)
{
    return tlm_memory_get_stats(self->m).pages_allocated;
}

static void fill_pattern(uint8_t *data, size_t length, unsigned seed)
{
    for (size_t i = 0; i < length; ++i)
        data[i] = (uint8_t)(i * 131u + seed * 7u + 1u);
}

static bool all_bytes(const uint8_t *data, size_t length, uint8_t value)
{
    for (size_t i = 0; i < length; ++i)
        if (data[i] != value)
            return false;
    return true;
}

TEST_F(MemoryTest, UntouchedReadsReturnZeroAndAllocateNothing)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t buffer[200];
    memset(buffer, 0xAA, sizeof buffer);
    EXPECT_EQ(read_bytes(self, 0x1234, buffer, 64), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(buffer, 64, 0));
    EXPECT_TRUE(all_bytes(buffer + 64, sizeof buffer - 64, 0xAA)); /* nothing past length */
    /* Across a page boundary, and the last bytes of the memory. */
    memset(buffer, 0xAA, sizeof buffer);
    EXPECT_EQ(read_bytes(self, 0x1FA0, buffer, 200), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(buffer, 200, 0));
    EXPECT_EQ(read_bytes(self, MIB - 8, buffer, 8), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(buffer, 8, 0));
    EXPECT_EQ(pages(self), 0u);
    EXPECT_EQ(tlm_memory_get_stats(self->m).reads, 3u);
}

TEST_F(MemoryTest, FreshMemoryStatsAreZero)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_memory_stats s = tlm_memory_get_stats(self->m);
    EXPECT_EQ(s.pages_allocated, 0u);
    EXPECT_EQ(s.reads, 0u);
    EXPECT_EQ(s.writes, 0u);
    EXPECT_EQ(s.observer_calls, 0u);
    EXPECT_EQ(s.watch_lookups, 0u);
    EXPECT_EQ(s.dmi_grants, 0u);
    EXPECT_EQ(s.dmi_invalidations, 0u);
}

TEST_F(MemoryTest, FirstWriteAllocatesExactlyOnePage)
{
    ASSERT_TRUE(self->m != NULL);
    uint32_t value = 0x12345678;
    EXPECT_EQ(write_bytes(self, 0x2010, &value, 4), TLM_STATUS_OK);
    EXPECT_EQ(pages(self), 1u);
    EXPECT_EQ(write_bytes(self, 0x2FFC, &value, 4), TLM_STATUS_OK);
    EXPECT_EQ(write_bytes(self, 0x2000, &value, 1), TLM_STATUS_OK);
    EXPECT_EQ(pages(self), 1u);
    EXPECT_EQ(write_bytes(self, 0x3000, &value, 4), TLM_STATUS_OK);
    EXPECT_EQ(pages(self), 2u);
    EXPECT_EQ(tlm_memory_get_stats(self->m).writes, 4u);
    /* The rest of a freshly allocated page still reads as zero. */
    uint8_t buffer[16];
    memset(buffer, 0xAA, sizeof buffer);
    EXPECT_EQ(read_bytes(self, 0x2020, buffer, 16), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(buffer, 16, 0));
}

TEST_F(MemoryTest, RoundTripOfManySizes)
{
    ASSERT_TRUE(self->m != NULL);
    self->scratch = malloc(2 * 16384);
    ASSERT_TRUE(self->scratch != NULL);
    uint8_t *out = self->scratch, *in = self->scratch + 16384;
    const uint32_t sizes[] = {1, 2, 3, 4, 8, 16, 64, 100, 4096, 4097, 5000, 12289};
    uint64_t address = 0x10000;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
        fill_pattern(out, sizes[i], (unsigned)i);
        memset(in, 0xEE, sizes[i] + 1);
        EXPECT_EQ(write_bytes(self, address, out, sizes[i]), TLM_STATUS_OK);
        EXPECT_EQ(read_bytes(self, address, in, sizes[i]), TLM_STATUS_OK);
        EXPECT_MEMEQ(in, out, sizes[i]);
        EXPECT_EQ(in[sizes[i]], 0xEE);
        /* The bytes just outside the write are untouched. */
        uint8_t edge[2] = {0xAA, 0xAA};
        EXPECT_EQ(read_bytes(self, address - 1, &edge[0], 1), TLM_STATUS_OK);
        EXPECT_EQ(read_bytes(self, address + sizes[i], &edge[1], 1), TLM_STATUS_OK);
        EXPECT_EQ(edge[0], 0);
        EXPECT_EQ(edge[1], 0);
        address += sizes[i] + 4096 * 4 + 3; /* odd offsets, fresh pages each time */
    }
}

TEST_F(MemoryTest, MisalignedAccessAcrossPageBoundary)
{
    ASSERT_TRUE(self->m != NULL);
    const uint8_t out[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    EXPECT_EQ(write_bytes(self, 0xFFC, out, 8), TLM_STATUS_OK);
    EXPECT_EQ(pages(self), 2u);
    uint8_t in[8] = {0};
    EXPECT_EQ(read_bytes(self, 0xFFC, in, 8), TLM_STATUS_OK);
    EXPECT_MEMEQ(in, out, 8);
    uint8_t low[4] = {0}, high[4] = {0};
    EXPECT_EQ(read_bytes(self, 0xFFC, low, 4), TLM_STATUS_OK);
    EXPECT_EQ(read_bytes(self, 0x1000, high, 4), TLM_STATUS_OK);
    EXPECT_MEMEQ(low, out, 4);
    EXPECT_MEMEQ(high, out + 4, 4);
}

TEST_F(MemoryTest, ReadSpanningWrittenAndUntouchedPages)
{
    ASSERT_TRUE(self->m != NULL);
    const uint8_t out[4] = {9, 8, 7, 6};
    EXPECT_EQ(write_bytes(self, 0x5FFC, out, 4), TLM_STATUS_OK);
    uint8_t in[12];
    memset(in, 0xAA, sizeof in);
    EXPECT_EQ(read_bytes(self, 0x5FF8, in, 12), TLM_STATUS_OK);
    const uint8_t expected[12] = {0, 0, 0, 0, 9, 8, 7, 6, 0, 0, 0, 0};
    EXPECT_MEMEQ(in, expected, 12);
    EXPECT_EQ(pages(self), 1u);
}

TEST_F(MemoryTest, ByteEnablesOnWriteLeaveDisabledBytesUnchanged)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t initial[8];
    memset(initial, 0x11, sizeof initial);
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x400, initial, 8));
    const uint8_t out[8] = {0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7};
    static const uint8_t mask[8] = {0xFF, 0x00, 0xFF, 0x00, 0xFF, 0xFF, 0x00, 0x00};
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x400, (void *)out, 8, mask, 8), TLM_STATUS_OK);
    uint8_t in[8];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x400, in, 8));
    const uint8_t expected[8] = {0xA0, 0x11, 0xA2, 0x11, 0xA4, 0xA5, 0x11, 0x11};
    EXPECT_MEMEQ(in, expected, 8);
}

TEST_F(MemoryTest, ByteEnablesOnReadLeaveInitiatorBytesUnchanged)
{
    ASSERT_TRUE(self->m != NULL);
    const uint8_t content[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x800, content, 8));
    uint8_t in[8];
    memset(in, 0xEE, sizeof in);
    static const uint8_t mask[8] = {0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00};
    EXPECT_EQ(transfer(self, TLM_CMD_READ, 0x800, in, 8, mask, 8), TLM_STATUS_OK);
    const uint8_t expected[8] = {0xEE, 2, 3, 0xEE, 0xEE, 0xEE, 7, 0xEE};
    EXPECT_MEMEQ(in, expected, 8);
}

TEST_F(MemoryTest, ShortByteEnablePatternRepeats)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t out[10];
    memset(out, 0x77, sizeof out);
    static const uint8_t mask[3] = {0xFF, 0x00, 0x00};
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x3003, out, 10, mask, 3), TLM_STATUS_OK);
    uint8_t in[12];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x3002, in, 12));
    /* Positions 0, 3, 6, 9 of the transfer (addresses 0x3003, 0x3006, 0x3009, 0x300C). */
    const uint8_t expected[12] = {0, 0x77, 0, 0, 0x77, 0, 0, 0x77, 0, 0, 0x77, 0};
    EXPECT_MEMEQ(in, expected, 12);

    /* On reads too, with a two-byte mask over a page boundary. */
    uint8_t content[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x4FFC, content, 8));
    static const uint8_t odd[2] = {0x00, 0xFF};
    uint8_t got[8];
    memset(got, 0xEE, sizeof got);
    EXPECT_EQ(transfer(self, TLM_CMD_READ, 0x4FFC, got, 8, odd, 2), TLM_STATUS_OK);
    const uint8_t expected_read[8] = {0xEE, 2, 0xEE, 4, 0xEE, 6, 0xEE, 8};
    EXPECT_MEMEQ(got, expected_read, 8);
}

TEST_F(MemoryTest, ByteEnableMaskLongerThanTransferUsesItsStart)
{
    ASSERT_TRUE(self->m != NULL);
    const uint8_t out[2] = {0x42, 0x43};
    static const uint8_t mask[8] = {0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x600, (void *)out, 2, mask, 8), TLM_STATUS_OK);
    uint8_t in[3];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x600, in, 3));
    const uint8_t expected[3] = {0, 0x43, 0};
    EXPECT_MEMEQ(in, expected, 3);
}

TEST_F(MemoryTest, BadByteEnableIsErrorAndChangesNothing)
{
    ASSERT_TRUE(self->m != NULL);
    const uint8_t out[4] = {1, 2, 3, 4};
    static const uint8_t bad[4] = {0xFF, 0xFF, 0x01, 0xFF};
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x700, (void *)out, 4, bad, 4), TLM_STATUS_BYTE_ENABLE_ERROR);
    EXPECT_EQ(pages(self), 0u);

    uint8_t initial[4] = {0x55, 0x55, 0x55, 0x55};
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x700, initial, 4));
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x700, (void *)out, 4, bad, 4), TLM_STATUS_BYTE_ENABLE_ERROR);
    static const uint8_t good[4] = {0xFF, 0xFF, 0xFF, 0xFF};
    EXPECT_EQ(transfer(self, TLM_CMD_WRITE, 0x700, (void *)out, 4, good, 0), TLM_STATUS_BYTE_ENABLE_ERROR);
    uint8_t in[4];
    ASSERT_TRUE(tlm_memory_read(self->m, 0x700, in, 4));
    EXPECT_MEMEQ(in, initial, 4);

    /* A refused read leaves the initiator's buffer alone. */
    uint8_t buffer[4] = {0xEE, 0xEE, 0xEE, 0xEE};
    EXPECT_EQ(transfer(self, TLM_CMD_READ, 0x700, buffer, 4, bad, 4), TLM_STATUS_BYTE_ENABLE_ERROR);
    const uint8_t untouched[4] = {0xEE, 0xEE, 0xEE, 0xEE};
    EXPECT_MEMEQ(buffer, untouched, 4);
}

TEST_F(MemoryTest, AddressAtOrBeyondSizeIsAddressError)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    EXPECT_EQ(write_bytes(self, MIB, data, 1), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(read_bytes(self, MIB, data, 1), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(write_bytes(self, MIB + 0x1000, data, 4), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(write_bytes(self, 1ull << 40, data, 4), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(write_bytes(self, UINT64_MAX - 7, data, 8), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(pages(self), 0u);
    /* The last bytes inside are fine. */
    EXPECT_EQ(write_bytes(self, MIB - 8, data, 8), TLM_STATUS_OK);
    EXPECT_EQ(write_bytes(self, MIB - 1, data, 1), TLM_STATUS_OK);
}

TEST_F(MemoryTest, AccessCrossingEndIsAddressErrorAndWritesNothing)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    EXPECT_EQ(write_bytes(self, MIB - 4, data, 8), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(pages(self), 0u);
    uint8_t in[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    ASSERT_TRUE(tlm_memory_read(self->m, MIB - 4, in, 4));
    EXPECT_TRUE(all_bytes(in, 4, 0));
    uint8_t buffer[8];
    memset(buffer, 0xEE, sizeof buffer);
    EXPECT_EQ(read_bytes(self, MIB - 1, buffer, 2), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_TRUE(all_bytes(buffer, 8, 0xEE));
}

TEST_F(MemoryTest, SizeNotMultipleOfPage)
{
    resize(self, 100);
    uint8_t data[4] = {1, 2, 3, 4};
    EXPECT_EQ(write_bytes(self, 96, data, 4), TLM_STATUS_OK);
    EXPECT_EQ(write_bytes(self, 98, data, 4), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(read_bytes(self, 100, data, 1), TLM_STATUS_ADDRESS_ERROR);
    uint8_t in[4] = {0};
    EXPECT_EQ(read_bytes(self, 96, in, 4), TLM_STATUS_OK);
    const uint8_t expected[4] = {1, 2, 3, 4};
    EXPECT_MEMEQ(in, expected, 4);
}

TEST_F(MemoryTest, ZeroLengthIsBurstErrorAndNullDataGenericError)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t data[4] = {1, 2, 3, 4};
    EXPECT_EQ(write_bytes(self, 0x100, data, 0), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(read_bytes(self, 0x100, data, 0), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(write_bytes(self, 0x100, NULL, 4), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(pages(self), 0u);
}

TEST_F(MemoryTest, IgnoreCommandAnswersOkAndChangesNothing)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t data[4] = {1, 2, 3, 4};
    EXPECT_EQ(transfer(self, TLM_CMD_IGNORE, 0x100, data, 4, NULL, 0), TLM_STATUS_OK);
    const uint8_t expected[4] = {1, 2, 3, 4};
    EXPECT_MEMEQ(data, expected, 4);
    EXPECT_EQ(pages(self), 0u);
    uint8_t in[4] = {0xAA, 0xAA, 0xAA, 0xAA};
    ASSERT_TRUE(tlm_memory_read(self->m, 0x100, in, 4));
    EXPECT_TRUE(all_bytes(in, 4, 0));
}

TEST_F(MemoryTest, LatencyIsAddedToDelayPerTransaction)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_memory_set_latency(self->m, 7 * TLM_NS, 11 * TLM_NS);
    uint8_t data[64] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x100, data, 64);
    tlm_time delay = 100;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_OK);
    EXPECT_EQ(delay, 100 + 7 * TLM_NS);

    p = tlm_payload_make(TLM_CMD_WRITE, 0x100, data, 4);
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_OK);
    EXPECT_EQ(delay, 100 + 18 * TLM_NS);

    /* The annotation is a delay, not time passing: the kernel did not move. */
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);

    tlm_memory_set_latency(self->m, 0, 3);
    p = tlm_payload_make(TLM_CMD_WRITE, 0x200, data, 1);
    delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(delay, 3u);
    p = tlm_payload_make(TLM_CMD_READ, 0x200, data, 1);
    delay = 0;
    tlm_b_transport(self->t, &p, &delay);
    EXPECT_EQ(delay, 0u);
}

TEST_F(MemoryTest, FullFortyEightBitSpace)
{
    const uint64_t top = 1ull << 48;
    resize(self, top);
    const uint8_t out[8] = {0xDE, 0xAD, 0xBE, 0xEF, 0x01, 0x02, 0x03, 0x04};
    EXPECT_EQ(write_bytes(self, top - 8, out, 8), TLM_STATUS_OK);
    uint8_t in[8] = {0};
    EXPECT_EQ(read_bytes(self, top - 8, in, 8), TLM_STATUS_OK);
    EXPECT_MEMEQ(in, out, 8);
    EXPECT_EQ(write_bytes(self, (1ull << 47) + 0x123, out, 8), TLM_STATUS_OK);
    EXPECT_EQ(write_bytes(self, 0, out, 8), TLM_STATUS_OK);
    EXPECT_EQ(pages(self), 3u);
    EXPECT_EQ(write_bytes(self, top - 4, out, 8), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(read_bytes(self, top, in, 1), TLM_STATUS_ADDRESS_ERROR);
    /* Addresses that alias the low pages when only 48 bits are kept. */
    EXPECT_EQ(write_bytes(self, top + 0x100, out, 4), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(pages(self), 3u);
    uint8_t low[8] = {0};
    EXPECT_EQ(read_bytes(self, 0x100, low, 4), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(low, 4, 0));
    /* Pages far apart do not alias each other. */
    EXPECT_EQ(read_bytes(self, (1ull << 47) + 0x123, in, 8), TLM_STATUS_OK);
    EXPECT_MEMEQ(in, out, 8);
    EXPECT_EQ(read_bytes(self, (1ull << 46) + 0x123, in, 8), TLM_STATUS_OK);
    EXPECT_TRUE(all_bytes(in, 8, 0));
}

TEST_F(MemoryTest, BackdoorWriteAndRead)
{
    ASSERT_TRUE(self->m != NULL);
    const char text[] = "hello, memory";
    ASSERT_TRUE(tlm_memory_write_backdoor(self->m, 0x3FF8, text, sizeof text));
    EXPECT_EQ(pages(self), 2u);
    char in[sizeof text];
    memset(in, 0, sizeof in);
    EXPECT_EQ(read_bytes(self, 0x3FF8, in, sizeof text), TLM_STATUS_OK);
    EXPECT_STREQ(in, text);

    const uint8_t out[4] = {4, 3, 2, 1};
    EXPECT_EQ(write_bytes(self, 0x8000, out, 4), TLM_STATUS_OK);
    uint8_t back[4] = {0};
    EXPECT_TRUE(tlm_memory_read(self->m, 0x8000, back, 4));
    EXPECT_MEMEQ(back, out, 4);
    /* Backdoor traffic is not bus traffic. */
    tlm_memory_stats s = tlm_memory_get_stats(self->m);
    EXPECT_EQ(s.reads, 1u);
    EXPECT_EQ(s.writes, 1u);
}

TEST_F(MemoryTest, BackdoorReadOfUntouchedAllocatesNothing)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t in[8192];
    memset(in, 0xAA, sizeof in);
    EXPECT_TRUE(tlm_memory_read(self->m, 0x10800, in, sizeof in));
    EXPECT_TRUE(all_bytes(in, sizeof in, 0));
    EXPECT_EQ(pages(self), 0u);
}

TEST_F(MemoryTest, BackdoorOutsideMemoryIsRefused)
{
    ASSERT_TRUE(self->m != NULL);
    uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    EXPECT_FALSE(tlm_memory_write_backdoor(self->m, MIB - 4, data, 8));
    EXPECT_FALSE(tlm_memory_write_backdoor(self->m, MIB, data, 1));
    EXPECT_FALSE(tlm_memory_write_backdoor(self->m, UINT64_MAX - 3, data, 8));
    EXPECT_EQ(pages(self), 0u);
    uint8_t in[8];
    memset(in, 0xEE, sizeof in);
    EXPECT_FALSE(tlm_memory_read(self->m, MIB - 4, in, 8));
    EXPECT_FALSE(tlm_memory_read(self->m, UINT64_MAX, in, 2));
    EXPECT_TRUE(all_bytes(in, 8, 0xEE));
    EXPECT_TRUE(tlm_memory_read(self->m, MIB - 8, in, 8));
}

static void counting_observer(void *context, const tlm_memory_write *write)
{
    MemoryTest *t = context;
    (void)write;
    t->observer_calls++;
}

TEST_F(MemoryTest, DebugTransportHasNoSideEffects)
{
    ASSERT_TRUE(self->m != NULL);
    tlm_memory_set_latency(self->m, 5, 5);
    /* Debug read of untouched memory: zeros, no allocation. */
    uint8_t in[16];
    memset(in, 0xAA, sizeof in);
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x9000, in, sizeof in);
    EXPECT_EQ(tlm_transport_dbg(self->t, &p), 16u);
    EXPECT_TRUE(all_bytes(in, 16, 0));
    EXPECT_EQ(pages(self), 0u);

    /* Debug write into a watched line: stored, but no observer runs. */
    ASSERT_NE(tlm_memory_watch(self->m, 0xA000, counting_observer, self), 0u);
    const uint8_t out[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    p = tlm_payload_make(TLM_CMD_WRITE, 0xA004, (void *)out, 8);
    EXPECT_EQ(tlm_transport_dbg(self->t, &p), 8u);
    EXPECT_EQ(self->observer_calls, 0u);
    EXPECT_EQ(tlm_memory_get_stats(self->m).observer_calls, 0u);
    uint8_t back[8] = {0};
    ASSERT_TRUE(tlm_memory_read(self->m, 0xA004, back, 8));
    EXPECT_MEMEQ(back, out, 8);

    p = tlm_payload_make(TLM_CMD_READ, 0xA004, in, 8);
    EXPECT_EQ(tlm_transport_dbg(self->t, &p), 8u);
    EXPECT_MEMEQ(in, out, 8);
    /* Outside the memory: nothing transferred. */
    p = tlm_payload_make(TLM_CMD_READ, MIB, in, 8);
    EXPECT_EQ(tlm_transport_dbg(self->t, &p), 0u);
}

/* A reference model check: thousands of random writes (some with byte enables) and reads
 * against a flat shadow copy. */
TEST_F(MemoryTest, RandomTrafficMatchesShadow)
{
    ASSERT_TRUE(self->m != NULL);
    enum { REGION = 64 * 1024, BASE = 0x40000 };
    self->shadow = calloc(REGION, 1);
    self->scratch = malloc(2 * 512);
    ASSERT_TRUE(self->shadow != NULL && self->scratch != NULL);
    uint8_t *out = self->scratch, *in = self->scratch + 512;
    tt_rng rng = {12345};
    size_t mismatches = 0;
    for (int op = 0; op < 3000; ++op) {
        uint32_t length = 1 + tt_rng_below(&rng, 300);
        uint32_t offset = tt_rng_below(&rng, REGION - length);
        if (tt_rng_below(&rng, 2) == 0) {
            uint8_t mask[5];
            uint32_t mask_length = 0;
            for (uint32_t i = 0; i < 512; ++i)
                out[i] = (uint8_t)tt_rng_next(&rng);
            if (tt_rng_below(&rng, 3) == 0) {
                mask_length = 1 + tt_rng_below(&rng, 5);
                for (uint32_t i = 0; i < mask_length; ++i)
                    mask[i] = tt_rng_below(&rng, 2) ? 0xFF : 0x00;
            }
            ASSERT_EQ(transfer(self, TLM_CMD_WRITE, BASE + offset, out, length, mask_length ? mask : NULL,
                               mask_length),
                      TLM_STATUS_OK);
            for (uint32_t i = 0; i < length; ++i)
                if (!mask_length || mask[i % mask_length] == 0xFF)
                    self->shadow[offset + i] = out[i];
        } else {
            ASSERT_EQ(read_bytes(self, BASE + offset, in, length), TLM_STATUS_OK);
            mismatches += memcmp(in, self->shadow + offset, length) != 0;
        }
    }
    EXPECT_EQ(mismatches, 0u);
    uint8_t *whole = malloc(REGION);
    ASSERT_TRUE(whole != NULL);
    bool ok = tlm_memory_read(self->m, BASE, whole, REGION);
    int same = ok && memcmp(whole, self->shadow, REGION) == 0;
    free(whole);
    EXPECT_TRUE(ok);
    EXPECT_TRUE(same);
    EXPECT_LE(pages(self), (uint64_t)REGION / TLM_MEMORY_PAGE_SIZE);
}
