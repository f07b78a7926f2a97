/* The compare of two transaction streams (cosim_stream_compare.h). Every test derives from the
 * header's definitions: what an item is (a write's enabled bytes per line, its framing not
 * compared), which items conflict under each policy, the latency tolerance of IN_ORDER, the
 * window, the end of the streams, and the first divergence's report (neighbours, time,
 * waveform window, the trigger, the streams' rows). */
#include <stdint.h>
#include <string.h>

#include "cosim_stream_compare.h"
#include "tb_test.h"

#define REF COSIM_STREAM_REF
#define DUT COSIM_STREAM_DUT

static void write32(cosim_stream_compare *c, cosim_stream_side side, uint64_t t_ns, uint64_t address, uint32_t value)
{
    uint8_t data[4];
    memcpy(data, &value, 4);
    cosim_stream_record_write(c, side, t_ns * TLM_NS, address, data, 4, NULL, 0);
}

static void message(cosim_stream_compare *c, cosim_stream_side side, uint64_t t_ns, uint32_t value)
{
    cosim_stream_record_message(c, side, t_ns * TLM_NS, value);
}

static void read32(cosim_stream_compare *c, cosim_stream_side side, uint64_t t_ns, uint64_t offset, uint32_t value)
{
    uint8_t data[4];
    memcpy(data, &value, 4);
    cosim_stream_record_read(c, side, t_ns * TLM_NS, offset, data, 4, 0);
}

typedef struct Stream {
    tlm_kernel *kernel; /* time base and log */
} Stream;

static void Stream_SetUp(Stream *self)
{
    self->kernel = tlm_kernel_create();
    /* Divergences are logged as errors on purpose here. */
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
}

static void Stream_TearDown(Stream *self)
{
    tlm_kernel_destroy(self->kernel);
}

static cosim_stream_compare *make(Stream *self, cosim_stream_policy policy, uint64_t tolerance_ns)
{
    cosim_stream_config config = { .policy = policy, .tolerance = tolerance_ns * TLM_NS };
    return cosim_stream_compare_create(self->kernel, "compare", &config);
}

/* The same mixed stream on both sides, at different times: every policy accepts it (IN_ORDER
 * with a tolerance the lag fits in). */
TEST_F(Stream, IdenticalStreamsMatchUnderEveryPolicy)
{
    cosim_stream_policy policies[] = { COSIM_STREAM_EXACT, COSIM_STREAM_IN_ORDER, COSIM_STREAM_PER_ADDRESS };
    for (unsigned p = 0; p < 3; p++) {
        cosim_stream_compare *c = make(self, policies[p], 10);
        write32(c, REF, 1, 0x1000, 0x11);
        message(c, REF, 2, 0x7);
        read32(c, REF, 3, 0x34, 0x40);
        write32(c, DUT, 5, 0x1000, 0x11);
        message(c, DUT, 6, 0x7);
        read32(c, DUT, 7, 0x34, 0x40);
        EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
        EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
        EXPECT_EQ(cosim_stream_compare_matched(c), 3u);
        EXPECT_EQ(cosim_stream_compare_items(c, REF), 3u);
        EXPECT_EQ(cosim_stream_compare_items(c, DUT), 3u);
        EXPECT_TRUE(cosim_stream_compare_first(c) == NULL);
        cosim_stream_compare_destroy(c);
    }
}

/* Two writes to different lines swapped: EXACT and IN_ORDER require the same order, so they
 * reject it; under PER_ADDRESS the writes do not conflict, so it is accepted. */
TEST_F(Stream, AReorderingOfUnrelatedWritesIsRejectedByExactAndAcceptedPerAddress)
{
    cosim_stream_policy policies[] = { COSIM_STREAM_EXACT, COSIM_STREAM_IN_ORDER, COSIM_STREAM_PER_ADDRESS };
    for (unsigned p = 0; p < 3; p++) {
        cosim_stream_compare *c = make(self, policies[p], 1000);
        write32(c, REF, 1, 0x1000, 1);
        write32(c, REF, 2, 0x2000, 2);
        write32(c, DUT, 3, 0x2000, 2);
        write32(c, DUT, 4, 0x1000, 1);
        cosim_stream_compare_finish(c);
        if (policies[p] == COSIM_STREAM_PER_ADDRESS) {
            EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
            EXPECT_EQ(cosim_stream_compare_matched(c), 2u);
        } else {
            EXPECT_GT(cosim_stream_compare_mismatches(c), 0u);
            /* Found when the dut's first item came, not at the end. */
            ASSERT_TRUE(cosim_stream_compare_first(c) != NULL);
            EXPECT_EQ(cosim_stream_compare_first(c)->time, 3 * TLM_NS);
            /* The reference's 0x1000 has no counterpart where the order needs it. */
            EXPECT_TRUE(cosim_stream_compare_first(c)->has_ref);
            EXPECT_EQ(cosim_stream_compare_first(c)->ref.address, 0x1000u);
        }
        cosim_stream_compare_destroy(c);
    }
}

/* PER_ADDRESS: writes that share an enabled byte keep their order (rejected at once, when the
 * dut's first write meets the older conflicting reference write); writes to disjoint bytes of
 * one line do not conflict. */
TEST_F(Stream, PerAddressKeepsTheOrderOfWritesToTheSameBytesOnly)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    write32(c, REF, 1, 0x1000, 1);
    write32(c, REF, 2, 0x1000, 2);
    write32(c, DUT, 3, 0x1000, 2);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    cosim_stream_compare_destroy(c);

    c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    write32(c, REF, 1, 0x1000, 1);
    write32(c, REF, 2, 0x1004, 2);
    write32(c, DUT, 3, 0x1004, 2);
    write32(c, DUT, 4, 0x1000, 1);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    EXPECT_EQ(cosim_stream_compare_matched(c), 2u);
    cosim_stream_compare_destroy(c);

    /* An overlap of one byte is a conflict. */
    c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    uint8_t two[2] = { 0xAA, 0xBB };
    write32(c, REF, 1, 0x1000, 1);
    cosim_stream_record_write(c, REF, 2 * TLM_NS, 0x1003, two, 2, NULL, 0);
    cosim_stream_record_write(c, DUT, 3 * TLM_NS, 0x1003, two, 2, NULL, 0);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    cosim_stream_compare_destroy(c);
}

/* PER_ADDRESS: messages keep their order among themselves; a message may overtake a write
 * (different kinds never conflict), which EXACT rejects. */
TEST_F(Stream, PerAddressKeepsMessagesInOrderButLetsThemOvertakeWrites)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    message(c, REF, 1, 1);
    message(c, REF, 2, 2);
    message(c, DUT, 3, 2);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    cosim_stream_compare_destroy(c);

    cosim_stream_policy policies[] = { COSIM_STREAM_EXACT, COSIM_STREAM_PER_ADDRESS };
    for (unsigned p = 0; p < 2; p++) {
        c = make(self, policies[p], 0);
        write32(c, REF, 1, 0x1000, 5);
        message(c, REF, 2, 1);
        message(c, DUT, 3, 1);
        write32(c, DUT, 4, 0x1000, 5);
        cosim_stream_compare_finish(c);
        EXPECT_EQ(cosim_stream_compare_mismatches(c) == 0, policies[p] == COSIM_STREAM_PER_ADDRESS);
        cosim_stream_compare_destroy(c);
    }
}

/* PER_ADDRESS: register reads keep their order among themselves. */
TEST_F(Stream, PerAddressKeepsReadsInOrder)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    read32(c, REF, 1, 0x30, 1);
    read32(c, REF, 2, 0x34, 2);
    read32(c, DUT, 1, 0x34, 2);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    cosim_stream_compare_destroy(c);
}

/* IN_ORDER:T: a pair whose times differ by at most T matches; a lag or a lead beyond T is a
 * divergence (seen at the pair when the later side's item was recorded first: an RTL run ahead
 * of the kernel); EXACT does not look at time. */
TEST_F(Stream, InOrderBoundsTheLagAndTheLead)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_IN_ORDER, 100);
    write32(c, REF, 10, 0x1000, 1);
    write32(c, DUT, 110, 0x1000, 1); /* lag 100: at the bound */
    write32(c, DUT, 200, 0x1000, 2);
    write32(c, REF, 300, 0x1000, 2); /* lead 100: at the bound */
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    message(c, DUT, 401, 3);
    message(c, REF, 300, 3); /* lag 101 */
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "lag by 101.000 ns, beyond the tolerance of 100.000 ns") != NULL);
    read32(c, REF, 602, 0x30, 9);
    read32(c, DUT, 500, 0x30, 9); /* lead 102 */
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 2u);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    cosim_stream_compare_destroy(c);

    c = make(self, COSIM_STREAM_EXACT, 0);
    message(c, REF, 200, 3);
    message(c, DUT, 100000, 3);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    cosim_stream_compare_destroy(c);
}

/* IN_ORDER: an item whose counterpart has not come T after it is a divergence as soon as the
 * other stream (or a check) has passed that time; the late counterpart is then matched
 * quietly (one divergence, not two). */
TEST_F(Stream, InOrderReportsAMissingCounterpartOnceItsDeadlinePassed)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_IN_ORDER, 50);
    write32(c, REF, 10, 0x1000, 1);
    EXPECT_EQ(cosim_stream_compare_check(c, 60 * TLM_NS), 0u); /* exactly T later: still in time */
    EXPECT_EQ(cosim_stream_compare_check(c, 61 * TLM_NS), 1u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "no counterpart from rtl within 50.000 ns") != NULL);
    write32(c, DUT, 70, 0x1000, 1);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_EQ(cosim_stream_compare_pending(c, REF), 0u);
    cosim_stream_compare_destroy(c);

    /* The other stream's later item tells the same. */
    c = make(self, COSIM_STREAM_IN_ORDER, 50);
    message(c, DUT, 10, 1);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    write32(c, REF, 100, 0x2000, 4); /* the reference reached 100: the message's deadline (60) passed */
    EXPECT_GE(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_TRUE(cosim_stream_compare_first(c)->has_dut && !cosim_stream_compare_first(c)->has_ref);
    cosim_stream_compare_destroy(c);
}

/* At the end every item still waiting is a divergence: missing on the dut side, or extra. */
TEST_F(Stream, AnItemMissingOrExtraAtTheEndIsADivergence)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_PER_ADDRESS, 0);
    write32(c, REF, 1, 0x1000, 1);
    message(c, REF, 2, 1);
    write32(c, DUT, 3, 0x1000, 1);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    EXPECT_EQ(cosim_stream_compare_finish(c), 1u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "missing in rtl at the end") != NULL);
    EXPECT_EQ(cosim_stream_compare_first(c)->ref.kind, COSIM_STREAM_MESSAGE);
    cosim_stream_compare_destroy(c);

    c = make(self, COSIM_STREAM_EXACT, 0);
    read32(c, DUT, 3, 0x30, 1);
    EXPECT_EQ(cosim_stream_compare_finish(c), 1u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "extra in rtl at the end") != NULL);
    cosim_stream_compare_destroy(c);
}

/* A write's item is its enabled bytes: other data in the same bytes, another byte enable or a
 * value read differently is a divergence under every policy. */
TEST_F(Stream, AWrongByteEnableOrValueIsADivergence)
{
    cosim_stream_policy policies[] = { COSIM_STREAM_EXACT, COSIM_STREAM_IN_ORDER, COSIM_STREAM_PER_ADDRESS };
    for (unsigned p = 0; p < 3; p++) {
        cosim_stream_compare *c = make(self, policies[p], 1000);
        uint8_t data[4] = { 1, 2, 3, 4 };
        uint8_t all[4] = { 0xFF, 0xFF, 0xFF, 0xFF };
        uint8_t three[4] = { 0xFF, 0xFF, 0xFF, 0x00 };
        cosim_stream_record_write(c, REF, TLM_NS, 0x1000, data, 4, all, 4);
        cosim_stream_record_write(c, DUT, 2 * TLM_NS, 0x1000, data, 4, three, 4);
        cosim_stream_compare_finish(c);
        EXPECT_GT(cosim_stream_compare_mismatches(c), 0u);
        cosim_stream_compare_destroy(c);

        c = make(self, policies[p], 1000);
        write32(c, REF, 1, 0x1000, 1);
        write32(c, DUT, 2, 0x1000, 3);
        cosim_stream_compare_finish(c);
        EXPECT_GT(cosim_stream_compare_mismatches(c), 0u);
        cosim_stream_compare_destroy(c);

        c = make(self, policies[p], 1000);
        message(c, REF, 1, 1);
        message(c, DUT, 2, 2);
        cosim_stream_compare_finish(c);
        EXPECT_GT(cosim_stream_compare_mismatches(c), 0u);
        cosim_stream_compare_destroy(c);

        c = make(self, policies[p], 1000);
        read32(c, REF, 1, 0x30, 0x10);
        read32(c, DUT, 2, 0x30, 0x11);
        cosim_stream_compare_finish(c);
        EXPECT_GT(cosim_stream_compare_mismatches(c), 0u);
        cosim_stream_compare_destroy(c);
    }
}

/* The framing is not compared: a 4-byte store and an 8-byte beat with four strobes on the
 * same bytes are one item; a 128-byte write and two 64-byte writes are the same two items. */
TEST_F(Stream, TheFramingOfAWriteIsNotCompared)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_EXACT, 0);
    uint8_t word[4] = { 0xDE, 0xAD, 0xBE, 0xEF };
    uint8_t beat[8] = { 0x55, 0x55, 0x55, 0x55, 0xDE, 0xAD, 0xBE, 0xEF };
    uint8_t upper[8] = { 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF };
    cosim_stream_record_write(c, REF, TLM_NS, 0x1004, word, 4, NULL, 0);
    cosim_stream_record_write(c, DUT, 2 * TLM_NS, 0x1000, beat, 8, upper, 8);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    EXPECT_EQ(cosim_stream_compare_matched(c), 1u);

    uint8_t block[128];
    for (unsigned i = 0; i < sizeof block; i++)
        block[i] = (uint8_t)(i * 7u + 1u);
    cosim_stream_record_write(c, REF, 3 * TLM_NS, 0x2000, block, 128, NULL, 0);
    EXPECT_EQ(cosim_stream_compare_items(c, REF), 3u); /* one item per line */
    cosim_stream_record_write(c, DUT, 4 * TLM_NS, 0x2000, block, 64, NULL, 0);
    cosim_stream_record_write(c, DUT, 5 * TLM_NS, 0x2040, block + 64, 64, NULL, 0);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    EXPECT_EQ(cosim_stream_compare_matched(c), 3u);
    cosim_stream_compare_destroy(c);

    /* A write with no enabled byte is no item. */
    c = make(self, COSIM_STREAM_EXACT, 0);
    uint8_t none[1] = { 0 };
    cosim_stream_record_write(c, REF, TLM_NS, 0x1000, word, 4, none, 1);
    EXPECT_EQ(cosim_stream_compare_items(c, REF), 0u);
    cosim_stream_compare_destroy(c);
}

/* The window bounds what one side may run ahead: one item beyond it is a divergence and the
 * oldest waiting item is dropped (memory stays bounded). */
TEST_F(Stream, RunningAheadBeyondTheWindowIsADivergence)
{
    cosim_stream_config config = { .policy = COSIM_STREAM_PER_ADDRESS, .window = 4 };
    cosim_stream_compare *c = cosim_stream_compare_create(self->kernel, "compare", &config);
    for (unsigned i = 0; i < 4; i++)
        message(c, DUT, i, i);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    message(c, DUT, 4, 4);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_EQ(cosim_stream_compare_pending(c, DUT), 4u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "rtl ran 4 items ahead of model") != NULL);
    EXPECT_EQ(cosim_stream_compare_first(c)->dut.value, 0u);
    cosim_stream_compare_destroy(c);
}

/* A test sink that records the trigger and the streams' rows. */
typedef struct recorder {
    unsigned rows;          /* ids handed out */
    char names[16][32];     /* row names by id - 1 */
    unsigned triggers;      /* triggers seen */
    char reason[400];       /* the first trigger's reason */
    char texts[2][8][64];   /* the ref and dut rows' texts, in order */
    unsigned text_count[2]; /* entries used */
    tlm_trace_id text_ids[2]; /* the ids of the "ref" and "dut" rows */
} recorder;

static uint32_t rec_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    (void)sink, (void)name, (void)entries, (void)count;
    return 1;
}

static tlm_trace_id rec_declare(void *sink, const tlm_trace_row *row)
{
    recorder *r = sink;
    if (r->rows == 16)
        return TLM_TRACE_NONE;
    snprintf(r->names[r->rows], sizeof r->names[0], "%s.%s", row->scope, row->name);
    r->rows++;
    if (strcmp(row->name, "ref") == 0 && strcmp(row->scope, "compare") == 0)
        r->text_ids[0] = r->rows;
    if (strcmp(row->name, "dut") == 0 && strcmp(row->scope, "compare") == 0)
        r->text_ids[1] = r->rows;
    return r->rows;
}

static void rec_view(void *sink, const char *scope, int rank, bool collapsed)
{
    (void)sink, (void)scope, (void)rank, (void)collapsed;
}

static void rec_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    (void)sink, (void)id, (void)at, (void)now, (void)value;
}

static void rec_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    recorder *r = sink;
    (void)at, (void)now;
    for (unsigned side = 0; side < 2; side++)
        if (id == r->text_ids[side] && r->text_count[side] < 8)
            snprintf(r->texts[side][r->text_count[side]++], sizeof r->texts[0][0], "%s", text);
}

static void rec_trigger(void *sink, tlm_time now, const char *reason)
{
    recorder *r = sink;
    (void)now;
    if (r->triggers++ == 0)
        snprintf(r->reason, sizeof r->reason, "%s", reason);
}

static const tlm_trace_ops rec_ops = {
    .declare_enum = rec_declare_enum,
    .declare = rec_declare,
    .view = rec_view,
    .change = rec_change,
    .change_text = rec_change_text,
    .trigger = rec_trigger,
};

/* The first divergence: its neighbours on both sides (K before, K after as they come), its
 * time and waveform window, the trigger it fires, and both streams as rows. */
TEST_F(Stream, TheFirstDivergenceIsReportedWithNeighboursTimeAndWindow)
{
    recorder rec = { 0 };
    tlm_tracer tracer = { &rec_ops, &rec };
    tlm_kernel_set_tracer(self->kernel, &tracer);
    cosim_stream_config config = { .policy = COSIM_STREAM_EXACT, .neighbours = 2, .wave_delta = 50 * TLM_NS };
    cosim_stream_compare *c = cosim_stream_compare_create(self->kernel, "compare", &config);
    for (unsigned i = 0; i < 4; i++) {
        message(c, REF, 100 + i, i);
        message(c, DUT, 100 + i, i);
    }
    message(c, REF, 200, 0xA);
    message(c, DUT, 210, 0xB); /* the divergence, found at 210 ns */
    EXPECT_GE(rec.triggers, 1u); /* the compare's own, then its logged error's */
    for (unsigned i = 0; i < 3; i++) {
        message(c, REF, 300 + i, 0x10 + i);
        message(c, DUT, 300 + i, 0x10 + i);
    }
    const cosim_stream_divergence *first = cosim_stream_compare_first(c);
    ASSERT_TRUE(first != NULL);
    EXPECT_EQ(first->time, 210 * TLM_NS);
    EXPECT_EQ(first->window_start, 160 * TLM_NS);
    EXPECT_EQ(first->window_end, 260 * TLM_NS);
    EXPECT_EQ(first->ref.value, 0xAu);
    EXPECT_EQ(first->ref.index, 4u);
    EXPECT_EQ(first->dut.value, 0xBu);
    for (unsigned side = 0; side < 2; side++) {
        ASSERT_EQ(first->before_count[side], 2u);
        EXPECT_EQ(first->before[side][0].value, 2u);
        EXPECT_EQ(first->before[side][1].value, 3u);
        ASSERT_EQ(first->after_count[side], 2u); /* the third one after is beyond K */
        EXPECT_EQ(first->after[side][0].value, 0x10u);
        EXPECT_EQ(first->after[side][1].value, 0x11u);
    }
    EXPECT_STREQ(rec.reason, first->description);
    EXPECT_TRUE(strstr(first->description, "model #4 message 0x0000000a at 200.000 ns") != NULL);
    EXPECT_TRUE(strstr(first->description, "rtl #4 message 0x0000000b at 210.000 ns") != NULL);

    char report[4096];
    cosim_stream_compare_report(c, report, sizeof report);
    EXPECT_TRUE(strstr(report, "first divergence at 210.000 ns (order exact") != NULL);
    EXPECT_TRUE(strstr(report, "waveform window: 160.000 .. 260.000 ns") != NULL);
    EXPECT_TRUE(strstr(report, "reference stream (model):") != NULL);
    EXPECT_TRUE(strstr(report, "dut stream (rtl):") != NULL);
    EXPECT_TRUE(strstr(report, "> #4 ") != NULL);
    EXPECT_TRUE(strstr(report, "message 0x00000011") != NULL);
    EXPECT_TRUE(strstr(report, "message 0x00000012") == NULL);

    /* Both streams on the waveform, one text per item. */
    EXPECT_NE(rec.text_ids[0], 0u);
    EXPECT_NE(rec.text_ids[1], 0u);
    EXPECT_STREQ(rec.texts[0][4], "message 0x0000000a");
    EXPECT_STREQ(rec.texts[1][4], "message 0x0000000b");
    cosim_stream_compare_destroy(c);
    tlm_kernel_set_tracer(self->kernel, NULL);
}

/* The tap: everything reaches the downstream target; writes are recorded on its side at their
 * start time, reads are not. */
TEST_F(Stream, TheTapRecordsWritesAndForwardsEverything)
{
    tlm_memory *memory = tlm_memory_create(self->kernel, "memory", 1u << 20);
    cosim_stream_compare *c = make(self, COSIM_STREAM_EXACT, 0);
    const tlm_target *tap = cosim_stream_tap(c, DUT, tlm_memory_target(memory));
    uint32_t value = 0x12345678;
    tlm_payload write = { .command = TLM_CMD_WRITE, .address = 0x100, .data = (uint8_t *)&value, .length = 4 };
    tlm_time delay = 5 * TLM_NS;
    tlm_b_transport(tap, &write, &delay);
    EXPECT_EQ(write.response, TLM_STATUS_OK);
    uint32_t back = 0;
    ASSERT_TRUE(tlm_memory_read(memory, 0x100, &back, 4));
    EXPECT_EQ(back, 0x12345678u);
    tlm_payload read = { .command = TLM_CMD_READ, .address = 0x100, .data = (uint8_t *)&back, .length = 4 };
    delay = 0;
    tlm_b_transport(tap, &read, &delay);
    EXPECT_EQ(cosim_stream_compare_items(c, DUT), 1u);
    EXPECT_EQ(cosim_stream_compare_pending(c, DUT), 1u);
    write32(c, REF, 5, 0x100, 0x12345678);
    EXPECT_EQ(cosim_stream_compare_matched(c), 1u);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    cosim_stream_compare_destroy(c);
    tlm_memory_destroy(memory);
}

TEST(StreamPolicy, ParsesTheThreeOrdersAndRefusesOthers)
{
    cosim_stream_config config = { 0 };
    char error[128];
    ASSERT_TRUE(cosim_stream_policy_parse("exact", &config, error, sizeof error));
    EXPECT_EQ(config.policy, COSIM_STREAM_EXACT);
    ASSERT_TRUE(cosim_stream_policy_parse("per-address", &config, error, sizeof error));
    EXPECT_EQ(config.policy, COSIM_STREAM_PER_ADDRESS);
    ASSERT_TRUE(cosim_stream_policy_parse("in-order", &config, error, sizeof error));
    EXPECT_EQ(config.policy, COSIM_STREAM_IN_ORDER);
    EXPECT_EQ(config.tolerance, COSIM_STREAM_DEFAULT_TOLERANCE);
    ASSERT_TRUE(cosim_stream_policy_parse("in-order:250", &config, error, sizeof error));
    EXPECT_EQ(config.tolerance, 250 * TLM_NS);
    ASSERT_TRUE(cosim_stream_policy_parse("in-order:0ns", &config, error, sizeof error));
    EXPECT_EQ(config.tolerance, 0u);
    char text[32];
    config.tolerance = 250 * TLM_NS;
    EXPECT_STREQ(cosim_stream_policy_describe(&config, text, sizeof text), "in-order:250ns");
    const char *bad[] = { "", "in-order:", "in-order:x", "in-order:5us", "in-order:-1", "per_address", "Exact" };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        EXPECT_FALSE(cosim_stream_policy_parse(bad[i], &config, error, sizeof error));
        EXPECT_TRUE(strstr(error, "unknown order") != NULL);
    }
}

/* A read's response is part of it; a refused read's data is not. */
TEST_F(Stream, AReadsResponseIsComparedAndARefusedReadsDataIsNot)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_EXACT, 0);
    uint8_t a[4] = { 1, 2, 3, 4 }, b[4] = { 5, 6, 7, 8 };
    cosim_stream_record_read(c, REF, TLM_NS, 0x30, a, 4, 3);
    cosim_stream_record_read(c, DUT, TLM_NS, 0x30, b, 4, 3);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    cosim_stream_record_read(c, REF, TLM_NS, 0x30, a, 4, 0);
    cosim_stream_record_read(c, DUT, TLM_NS, 0x30, a, 4, 2);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    cosim_stream_compare_destroy(c);
}

/* A lost item is one divergence: the streams realign on the next item (the header's
 * resynchronisation), and the items after it match. */
TEST_F(Stream, ALostItemIsOneDivergenceAndTheStreamsRealign)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_EXACT, 0);
    message(c, REF, 1, 1);
    message(c, REF, 2, 2);
    message(c, REF, 3, 3);
    message(c, DUT, 4, 2);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_TRUE(strstr(cosim_stream_compare_first(c)->description, "no counterpart from rtl") != NULL);
    EXPECT_EQ(cosim_stream_compare_first(c)->ref.value, 1u);
    EXPECT_FALSE(cosim_stream_compare_first(c)->has_dut);
    message(c, DUT, 5, 3);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 1u);
    EXPECT_EQ(cosim_stream_compare_matched(c), 2u);
    /* The dut side names no item: its neighbours are what it had put out, then what came next. */
    const cosim_stream_divergence *first = cosim_stream_compare_first(c);
    ASSERT_EQ(first->before_count[DUT], 1u);
    EXPECT_EQ(first->before[DUT][0].value, 2u);
    ASSERT_EQ(first->after_count[DUT], 1u);
    EXPECT_EQ(first->after[DUT][0].value, 3u);
    ASSERT_EQ(first->after_count[REF], 2u);
    EXPECT_EQ(first->after[REF][0].value, 2u);
    cosim_stream_compare_destroy(c);
}

/* An item reported overdue is counted once: when the streams realign past it, it is dropped
 * quietly, and the late items that do come are matched quietly. */
TEST_F(Stream, AnOverdueItemIsCountedOnce)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_IN_ORDER, 10);
    message(c, REF, 0, 1);
    message(c, REF, 1, 2);
    message(c, REF, 2, 3);
    EXPECT_EQ(cosim_stream_compare_check(c, 100 * TLM_NS), 3u);
    message(c, DUT, 101, 2);
    message(c, DUT, 102, 3);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 3u);
    EXPECT_EQ(cosim_stream_compare_pending(c, REF), 0u);
    cosim_stream_compare_destroy(c);
}

/* A port message is its port and its (up to 64-bit) value: the same value from another port,
 * or differing above bit 31, is another item; port 0 is what a plain message is. */
TEST_F(Stream, APortMessageIsItsPortAndItsWholeValue)
{
    cosim_stream_compare *c = make(self, COSIM_STREAM_EXACT, 0);
    cosim_stream_record_port_message(c, REF, 1 * TLM_NS, 2, UINT64_C(0x123456789));
    cosim_stream_record_port_message(c, DUT, 2 * TLM_NS, 2, UINT64_C(0x123456789));
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 0u);
    EXPECT_EQ(cosim_stream_compare_matched(c), 1u);
    cosim_stream_record_port_message(c, REF, 3 * TLM_NS, 1, 7);
    cosim_stream_record_port_message(c, DUT, 4 * TLM_NS, 2, 7);
    ASSERT_EQ(cosim_stream_compare_mismatches(c), 1u);
    char text[96];
    EXPECT_STREQ(cosim_stream_item_describe(&cosim_stream_compare_first(c)->dut, text, sizeof text),
                 "message 0x00000007 port 2");
    cosim_stream_record_port_message(c, REF, 5 * TLM_NS, 1, UINT64_C(0x100000007));
    cosim_stream_record_port_message(c, DUT, 6 * TLM_NS, 1, 7);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 2u);
    message(c, REF, 7, 9);
    cosim_stream_record_port_message(c, DUT, 8 * TLM_NS, 0, 9);
    EXPECT_EQ(cosim_stream_compare_mismatches(c), 2u);
    EXPECT_EQ(cosim_stream_compare_finish(c), 0u);
    cosim_stream_compare_destroy(c);
}
