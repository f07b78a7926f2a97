/* The AXI4 master transactor driving real RTL: the test memory slave (rtl/axi/test/) behind
 * it, the AXI4 checker on the port. Payloads go through b_transport on the kernel's clock and
 * are read back; explicit bursts (narrow, WRAP, FIXED, several IDs outstanding) check the beat
 * data against expectations worked out from IHI 0022E §A3.4.1. */
#include <string.h>

#include "axi4_mem_rtl.h"
#include "cosim_axi4_master.h"
#include "cosim_axi4_slave.h"
#include "tb_test.h"
#include "tlm_random.h"

typedef struct Axi4Master {
    tlm_kernel *kernel;         /* time base */
    tlm_clock clock;            /* the RTL clock, 1 GHz */
    axi4_mem_rtl *rtl;          /* the memory slave */
    cosim_axi4_master *master;  /* the transactor under test */
    bool expect_assertions;     /* the test provokes checker failures on purpose */
} Axi4Master;

static void Axi4Master_SetUp(Axi4Master *self)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    tlm_clock_init(&self->clock, self->kernel, "clk", TLM_NS, TLM_NS);
    self->rtl = axi4_mem_rtl_create();
    ASSERT_TRUE(self->rtl != NULL);
    axi4_mem_rtl_reset(self->rtl, 2);
}

static void Axi4Master_TearDown(Axi4Master *self)
{
    if (!self->expect_assertions)
        EXPECT_EQ(axi4_mem_rtl_assertion_failures(self->rtl), 0u);
    cosim_axi4_master_destroy(self->master);
    axi4_mem_rtl_destroy(self->rtl);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
}

static void start(Axi4Master *self, cosim_axi4_delay_mode mode, uint32_t cycles, uint64_t seed)
{
    cosim_axi4_master_config config = {
        .name = "axi4_master",
        .kernel = self->kernel,
        .clock = &self->clock,
        .rtl = self->rtl,
        .cycle = axi4_mem_rtl_cycle,
        .address_bits = 16,
    };
    cosim_axi4_delay_all(config.delay, mode, cycles, seed);
    self->master = cosim_axi4_master_create(&config);
}

static tlm_status access(Axi4Master *self, tlm_cmd command, uint64_t address, void *data, uint32_t length,
                         const uint8_t *enables, uint32_t enables_length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.byte_enable = enables;
    payload.byte_enable_length = enables_length;
    tlm_time delay = 0;
    tlm_b_transport(cosim_axi4_master_target(self->master), &payload, &delay);
    tlm_kernel_run_for(self->kernel, delay);
    return payload.response;
}

/* 3000 bytes from an unaligned address across a 4 KiB boundary, then a byte-enabled rewrite. */
static void payload_round_trip(Axi4Master *self, cosim_axi4_delay_mode mode, uint32_t cycles)
{
    start(self, mode, cycles, tb_test_seed(0xB0B));
    uint8_t data[3000], back[3000];
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 3);
    ASSERT_EQ(access(self, TLM_CMD_WRITE, 0x0FF3, data, sizeof data, NULL, 0), TLM_STATUS_OK);
    memset(back, 0, sizeof back);
    ASSERT_EQ(access(self, TLM_CMD_READ, 0x0FF3, back, sizeof back, NULL, 0), TLM_STATUS_OK);
    EXPECT_MEMEQ(back, data, sizeof data);
    /* Every other byte rewritten: the disabled ones keep their value. */
    static const uint8_t every_other[2] = { TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_DISABLED };
    uint8_t ones[64];
    memset(ones, 0xEE, sizeof ones);
    ASSERT_EQ(access(self, TLM_CMD_WRITE, 0x1001, ones, sizeof ones, every_other, 2), TLM_STATUS_OK);
    uint8_t mixed[64];
    ASSERT_EQ(access(self, TLM_CMD_READ, 0x1001, mixed, sizeof mixed, NULL, 0), TLM_STATUS_OK);
    for (unsigned i = 0; i < sizeof mixed; i++)
        EXPECT_EQ(mixed[i], i % 2 == 0 ? 0xEEu : data[0x1001 - 0x0FF3 + i]);
    /* Three bursts for the 3000 bytes: the 4 KiB page end at 0x1000, then 256 beats (2 KiB). */
    EXPECT_GE(cosim_axi4_master_get_stats(self->master).bursts, 3u);
    EXPECT_EQ(cosim_axi4_master_get_stats(self->master).protocol_errors, 0u);
}

TEST_F(Axi4Master, RtlPayloadsWithNoDelays)
{
    payload_round_trip(self, COSIM_AXI4_DELAY_NONE, 0);
}

TEST_F(Axi4Master, RtlPayloadsWithFixedDelays)
{
    payload_round_trip(self, COSIM_AXI4_DELAY_FIXED, 2);
}

TEST_F(Axi4Master, RtlPayloadsWithRandomDelays)
{
    payload_round_trip(self, COSIM_AXI4_DELAY_RANDOM, 5);
}

TEST_F(Axi4Master, RtlTransactionTimeIsTheCyclesOnTheBus)
{
    start(self, COSIM_AXI4_DELAY_FIXED, 1, 0);
    uint64_t value = 0x0123456789ABCDEFull;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, 0x100, &value, 8);
    tlm_time delay = 5 * TLM_NS;
    uint64_t before = axi4_mem_rtl_cycles(self->rtl);
    tlm_b_transport(cosim_axi4_master_target(self->master), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    uint64_t busy = axi4_mem_rtl_cycles(self->rtl) - before;
    /* Idle edges up to the requested start (edges at 1..5 ns), then the transfer's edges;
     * the annotated delay reaches the last edge stepped. */
    EXPECT_GT(busy, 5u);
    EXPECT_EQ(delay, busy * TLM_NS);
    /* The kernel's own edges for that time find the RTL there already. */
    tlm_kernel_run_for(self->kernel, delay);
    EXPECT_EQ(axi4_mem_rtl_cycles(self->rtl) - before, busy);
    tlm_kernel_run_for(self->kernel, 3 * TLM_NS);
    EXPECT_EQ(axi4_mem_rtl_cycles(self->rtl) - before, busy + 3u);
}

static void fill_incr(cosim_axi4_burst *b, bool write, uint8_t id, uint32_t address, uint8_t len)
{
    memset(b, 0, sizeof *b);
    b->write = write;
    b->id = id;
    b->shape = (cosim_axi4_burst_shape){ address, len, 3, COSIM_AXI4_BURST_INCR };
    for (unsigned k = 0; k <= len && write; k++) {
        b->data[k] = 0x1000000000000000ull * id + 0x0101010101010101ull * (k + 1) + address;
        b->strb[k] = 0xFF;
    }
}

TEST_F(Axi4Master, RtlNarrowWrapAndFixedBursts)
{
    start(self, COSIM_AXI4_DELAY_RANDOM, 3, tb_test_seed(0xF1));
    /* 0x000..0x0FF: byte i = i. */
    static cosim_axi4_burst b[4];
    memset(&b[0], 0, sizeof b[0]);
    b[0].write = true;
    b[0].shape = (cosim_axi4_burst_shape){ 0, 31, 3, COSIM_AXI4_BURST_INCR };
    for (unsigned k = 0; k < 32; k++) {
        for (unsigned lane = 0; lane < 8; lane++)
            b[0].data[k] |= (uint64_t)(8 * k + lane) << (8 * lane);
        b[0].strb[k] = 0xFF;
    }
    ASSERT_TRUE(cosim_axi4_master_run(self->master, b, 1));
    EXPECT_EQ(b[0].resp, COSIM_AXI_RESP_OKAY);

    /* WRAP, 4 doublewords from 0x30: beats at 0x30, 0x38, 0x20, 0x28. */
    memset(b, 0, sizeof b);
    b[0].shape = (cosim_axi4_burst_shape){ 0x30, 3, 3, COSIM_AXI4_BURST_WRAP };
    /* Halfwords, INCR, from 0x43 (unaligned): beats at 0x43 (lane 3), 0x44 (lanes 4-5), 0x46. */
    b[1].id = 1;
    b[1].shape = (cosim_axi4_burst_shape){ 0x43, 2, 1, COSIM_AXI4_BURST_INCR };
    /* FIXED words at 0x54: every beat the same lanes 4-7. */
    b[2].id = 2;
    b[2].shape = (cosim_axi4_burst_shape){ 0x54, 2, 2, COSIM_AXI4_BURST_FIXED };
    ASSERT_TRUE(cosim_axi4_master_run(self->master, b, 3));
    static const uint32_t wrap_at[4] = { 0x30, 0x38, 0x20, 0x28 };
    for (unsigned k = 0; k < 4; k++) {
        uint64_t expect = 0;
        for (unsigned lane = 0; lane < 8; lane++)
            expect |= (uint64_t)(wrap_at[k] + lane) << (8 * lane);
        EXPECT_EQ(b[0].data[k], expect);
    }
    EXPECT_EQ((uint8_t)(b[1].data[0] >> 24), 0x43u);
    EXPECT_EQ((uint16_t)(b[1].data[1] >> 32), 0x4544u);
    EXPECT_EQ((uint16_t)(b[1].data[2] >> 48), 0x4746u);
    for (unsigned k = 0; k < 3; k++)
        EXPECT_EQ((uint32_t)(b[2].data[k] >> 32), 0x57565554u);

    /* Narrow writes: bytes, INCR, from 0x81, strobes of each beat's own lane; then a WRAP write
     * of halfwords from 0x9C (wrap region 0x98..0x9F: 0x9C, 0x9E, 0x98, 0x9A). */
    memset(b, 0, sizeof b);
    b[0].write = true;
    b[0].shape = (cosim_axi4_burst_shape){ 0x81, 2, 0, COSIM_AXI4_BURST_INCR };
    for (unsigned k = 0; k < 3; k++) {
        unsigned lane = (1 + k) % 8;
        b[0].data[k] = (uint64_t)(0xA0 + k) << (8 * lane);
        b[0].strb[k] = (uint8_t)(1u << lane);
    }
    b[1].write = true;
    b[1].id = 5;
    b[1].shape = (cosim_axi4_burst_shape){ 0x9C, 3, 1, COSIM_AXI4_BURST_WRAP };
    static const unsigned hw_lane[4] = { 4, 6, 0, 2 };
    for (unsigned k = 0; k < 4; k++) {
        b[1].data[k] = (uint64_t)(0xB0B0u + k) << (8 * hw_lane[k]);
        b[1].strb[k] = (uint8_t)(3u << hw_lane[k]);
    }
    ASSERT_TRUE(cosim_axi4_master_run(self->master, b, 2));
    cosim_axi4_burst r[1];
    fill_incr(&r[0], false, 0, 0x80, 3);
    ASSERT_TRUE(cosim_axi4_master_run(self->master, r, 1));
    EXPECT_EQ(r[0].data[0], 0x87868584A2A1A080ull); /* 0x81-0x83 rewritten */
    EXPECT_EQ(r[0].data[3], 0xB0B1B0B0B0B3B0B2ull); /* 0x98-0x9F in wrap order */
}

TEST_F(Axi4Master, RtlSeveralIdsOutstanding)
{
    start(self, COSIM_AXI4_DELAY_RANDOM, 2, tb_test_seed(0x1D5));
    static cosim_axi4_burst w[8], r[8];
    for (unsigned i = 0; i < 8; i++)
        fill_incr(&w[i], true, (uint8_t)(i % 3), 0x800u * i, (uint8_t)(4 * i + 1));
    ASSERT_TRUE(cosim_axi4_master_run(self->master, w, 8));
    for (unsigned i = 0; i < 8; i++) {
        EXPECT_TRUE(w[i].done);
        EXPECT_EQ(w[i].resp, COSIM_AXI_RESP_OKAY);
        fill_incr(&r[i], false, (uint8_t)(7 - i), 0x800u * i, (uint8_t)(4 * i + 1));
    }
    ASSERT_TRUE(cosim_axi4_master_run(self->master, r, 8));
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k <= r[i].shape.len; k++)
            ASSERT_EQ(r[i].data[k], w[i].data[k]);
}

/* Watches the master's pins in front of the memory slave: W offered for a burst whose AW has
 * not been taken and is not offered in the same cycle (AWs go in order: when as many W bursts
 * as AWs have been taken, the AW offered now is the current W burst's). */
typedef struct lead_watch {
    axi4_mem_rtl *rtl;          /* the memory slave */
    uint64_t aw_taken;          /* AW handshakes */
    uint64_t w_bursts_taken;    /* W bursts whose last beat was taken */
    uint64_t w_offered_ahead;   /* cycles with WVALID for a burst whose AW is neither taken nor offered */
} lead_watch;

static void watching_cycle(void *context, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
{
    lead_watch *watch = context;
    if (in->wvalid && (watch->w_bursts_taken > watch->aw_taken || (watch->w_bursts_taken == watch->aw_taken && !in->awvalid)))
        watch->w_offered_ahead++;
    axi4_mem_rtl_cycle(watch->rtl, in, out);
    watch->aw_taken += in->awvalid && out->awready;
    watch->w_bursts_taken += in->wvalid && out->wready && in->wlast;
}

/* Eight writes with data_before_address off, then on: off, WVALID never comes before its AW;
 * on, it does (the memory slave takes data only after the address, IHI 0022E §A3.3.1 lets it
 * wait: the data is held, not lost), the checker sees no violation and the data reads back. */
TEST_F(Axi4Master, RtlWriteDataMayLeadItsAddressWhenAsked)
{
    for (int lead = 0; lead <= 1; lead++) {
        lead_watch watch = { .rtl = self->rtl };
        cosim_axi4_master_config config = {
            .name = "axi4_master",
            .kernel = self->kernel,
            .rtl = &watch,
            .cycle = watching_cycle,
            .address_bits = 16,
            .data_before_address = lead,
        };
        cosim_axi4_delay_all(config.delay, COSIM_AXI4_DELAY_RANDOM, 3, tb_test_seed(0x1EAD));
        /* AW waits longer than W: data has time to lead. */
        config.delay[COSIM_AXI4_AW] = (cosim_axi4_delay){ COSIM_AXI4_DELAY_FIXED, 4, 0 };
        cosim_axi4_master *master = cosim_axi4_master_create(&config);
        static cosim_axi4_burst w[8], r[8];
        for (unsigned i = 0; i < 8; i++)
            fill_incr(&w[i], true, (uint8_t)(i % 3), 0x1000u + 0x100u * i + 0x40u * (unsigned)lead, (uint8_t)(i + 1));
        ASSERT_TRUE(cosim_axi4_master_run(master, w, 8));
        for (unsigned i = 0; i < 8; i++) {
            EXPECT_EQ(w[i].resp, COSIM_AXI_RESP_OKAY);
            fill_incr(&r[i], false, (uint8_t)i, w[i].shape.address, w[i].shape.len);
        }
        ASSERT_TRUE(cosim_axi4_master_run(master, r, 8));
        for (unsigned i = 0; i < 8; i++)
            for (unsigned k = 0; k <= r[i].shape.len; k++)
                ASSERT_EQ(r[i].data[k], w[i].data[k]);
        if (lead)
            EXPECT_GT(watch.w_offered_ahead, 0u);
        else
            EXPECT_EQ(watch.w_offered_ahead, 0u);
        /* This slave never takes data ahead of the address. */
        EXPECT_EQ(cosim_axi4_master_get_stats(master).data_led, 0u);
        cosim_axi4_master_destroy(master);
    }
}

/* The master transactor with data_before_address against the slave transactor (which holds
 * data that arrives ahead of its address), each stepping the other: data is taken before its
 * address, and every write lands in memory as issued. */
typedef struct loop {
    cosim_axi4_slave *slave;          /* answers the master's bursts from memory */
    cosim_axi4_request_pins requests; /* the master's pins of this cycle */
    cosim_axi4_response_pins answers; /* the slave's pins of this cycle */
} loop;

static void loop_master_side(void *context, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
{
    loop *l = context;
    l->requests = *in;
    cosim_axi4_slave_run(l->slave, 1);
    *out = l->answers;
}

static void loop_slave_side(void *context, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
{
    loop *l = context;
    l->answers = *in;
    *out = l->requests;
}

TEST_F(Axi4Master, WriteDataAheadOfItsAddressIsTakenByTheSlaveTransactor)
{
    tlm_memory *memory = tlm_memory_create(self->kernel, "memory", 0);
    loop l = { 0 };
    cosim_axi4_slave_config slave_config = {
        .name = "axi4_slave",
        .kernel = self->kernel,
        .rtl = &l,
        .cycle = loop_slave_side,
        .target = tlm_memory_target(memory),
        .address_space = TLM_SPACE_PHYSICAL,
    };
    l.slave = cosim_axi4_slave_create(&slave_config);
    cosim_axi4_master_config config = {
        .name = "axi4_master",
        .kernel = self->kernel,
        .rtl = &l,
        .cycle = loop_master_side,
        .data_before_address = true,
    };
    /* AWVALID late, the slave ready at once: the data can only lead by being offered first. */
    config.delay[COSIM_AXI4_AW] = (cosim_axi4_delay){ COSIM_AXI4_DELAY_FIXED, 6, 0 };
    cosim_axi4_master *master = cosim_axi4_master_create(&config);
    static cosim_axi4_burst w[6];
    for (unsigned i = 0; i < 6; i++)
        fill_incr(&w[i], true, (uint8_t)(i % 2), 0x2000u + 0x80u * i, (uint8_t)(2 * i));
    ASSERT_TRUE(cosim_axi4_master_run(master, w, 6));
    EXPECT_GT(cosim_axi4_master_get_stats(master).data_led, 0u);
    for (unsigned i = 0; i < 6; i++) {
        EXPECT_EQ(w[i].resp, COSIM_AXI_RESP_OKAY);
        for (unsigned k = 0; k <= w[i].shape.len; k++) {
            uint64_t word = 0;
            tlm_memory_read(memory, w[i].shape.address + 8u * k, &word, 8);
            ASSERT_EQ(word, w[i].data[k]);
        }
    }
    EXPECT_EQ(cosim_axi4_slave_get_stats(l.slave).protocol_errors, 0u);
    cosim_axi4_master_destroy(master);
    cosim_axi4_slave_destroy(l.slave);
    tlm_memory_destroy(memory);
}

TEST_F(Axi4Master, RtlDecerrBeyondTheMemoryAndRefusalBeyondTheAddressBits)
{
    start(self, COSIM_AXI4_DELAY_NONE, 0, 0);
    uint64_t value = 5;
    /* The memory slave decodes 16 KiB: DECERR -> ADDRESS_ERROR. */
    EXPECT_EQ(access(self, TLM_CMD_WRITE, AXI4_MEM_RTL_BYTES, &value, 8, NULL, 0), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(access(self, TLM_CMD_READ, AXI4_MEM_RTL_BYTES + 64, &value, 8, NULL, 0), TLM_STATUS_ADDRESS_ERROR);
    /* Beyond the 16 address bits configured: refused before the bus, no cycle stepped. */
    uint64_t before = axi4_mem_rtl_cycles(self->rtl);
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, 0x10000, &value, 8);
    tlm_time delay = 0;
    tlm_b_transport(cosim_axi4_master_target(self->master), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(axi4_mem_rtl_cycles(self->rtl), before);
}

/* A slave that never answers: every READY and VALID low. */
static void silent_cycle(void *rtl, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
{
    (void)in;
    (*(uint64_t *)rtl)++;
    memset(out, 0, sizeof *out);
}

TEST(Axi4MasterBound, ASilentSlaveIsAbandonedAfterTheTimeout)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "clk", TLM_NS, TLM_NS);
    uint64_t cycles = 0;
    cosim_axi4_master_config config = {
        .name = "silent", .kernel = kernel, .clock = &clock, .rtl = &cycles, .cycle = silent_cycle,
        .timeout_cycles = 50,
    };
    cosim_axi4_master *master = cosim_axi4_master_create(&config);
    uint64_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, 0x40, &value, 8);
    tlm_time delay = 0;
    tlm_b_transport(cosim_axi4_master_target(master), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(cycles, 51u); /* 50 quiet cycles, then one with every VALID dropped */
    EXPECT_EQ(cosim_axi4_master_get_stats(master).abandoned, 1u);
    cosim_axi4_master_destroy(master);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
}

/* A random legal burst inside the 256-byte slot at `base` (shapes as the slave test's). */
static void random_burst(uint64_t *state, cosim_axi4_burst *b, bool write, uint32_t base)
{
    memset(b, 0, sizeof *b);
    b->write = write;
    b->id = (uint8_t)(tlm_splitmix64(state) % 16);
    uint8_t size = (uint8_t)(tlm_splitmix64(state) % 4);
    uint32_t bytes = 1u << size;
    switch (tlm_splitmix64(state) % 3) {
    case 0:
        b->shape = (cosim_axi4_burst_shape){ base + (uint32_t)(tlm_splitmix64(state) % (256u / bytes)) * bytes,
                                             (uint8_t)((2u << (tlm_splitmix64(state) % 4)) - 1u), size,
                                             COSIM_AXI4_BURST_WRAP };
        break;
    case 1:
        b->shape = (cosim_axi4_burst_shape){ base + (uint32_t)(tlm_splitmix64(state) % (256u - bytes)),
                                             (uint8_t)(tlm_splitmix64(state) % 16), size, COSIM_AXI4_BURST_FIXED };
        break;
    default: {
        uint32_t offset = (uint32_t)(tlm_splitmix64(state) % 128u);
        uint32_t room = (256u - (offset & ~(bytes - 1u))) / bytes;
        b->shape = (cosim_axi4_burst_shape){ base + offset, (uint8_t)(tlm_splitmix64(state) % room), size,
                                             COSIM_AXI4_BURST_INCR };
        break;
    }
    }
    for (unsigned beat = 0; beat <= b->shape.len && write; beat++) {
        b->data[beat] = tlm_splitmix64(state);
        b->strb[beat] = (uint8_t)tlm_splitmix64(state) & cosim_axi4_beat_lanes(cosim_axi4_beat_address(&b->shape, beat), size);
    }
}

TEST_F(Axi4Master, RtlRandomBurstsMatchAReferenceMemory)
{
    uint64_t seed = tb_test_seed(0xC0FFEE);
    start(self, COSIM_AXI4_DELAY_RANDOM, 3, seed);
    enum { SLOTS = 32 };
    static uint8_t expect[SLOTS * 256];
    memset(expect, 0, sizeof expect);
    uint64_t state = seed;
    /* The memory starts zeroed by a full-width write. */
    ASSERT_EQ(access(self, TLM_CMD_WRITE, 0, expect, sizeof expect, NULL, 0), TLM_STATUS_OK);
    static cosim_axi4_burst bursts[SLOTS];
    for (unsigned slot = 0; slot < SLOTS; slot++) {
        random_burst(&state, &bursts[slot], true, 256u * slot);
        const cosim_axi4_burst *b = &bursts[slot];
        for (unsigned beat = 0; beat <= b->shape.len; beat++) {
            uint32_t address = cosim_axi4_beat_address(&b->shape, beat);
            for (unsigned lane = 0; lane < 8; lane++)
                if (b->strb[beat] >> lane & 1u)
                    expect[(address & ~7u) + lane] = (uint8_t)(b->data[beat] >> (8 * lane));
        }
    }
    ASSERT_TRUE(cosim_axi4_master_run(self->master, bursts, SLOTS));
    for (unsigned slot = 0; slot < SLOTS; slot++)
        EXPECT_EQ(bursts[slot].resp, COSIM_AXI_RESP_OKAY);
    /* Random reads of every slot: each beat's lanes hold the reference bytes. */
    for (unsigned slot = 0; slot < SLOTS; slot++)
        random_burst(&state, &bursts[slot], false, 256u * slot);
    ASSERT_TRUE(cosim_axi4_master_run(self->master, bursts, SLOTS));
    for (unsigned slot = 0; slot < SLOTS; slot++) {
        const cosim_axi4_burst *b = &bursts[slot];
        EXPECT_EQ(b->resp, COSIM_AXI_RESP_OKAY);
        for (unsigned beat = 0; beat <= b->shape.len; beat++) {
            uint32_t address = cosim_axi4_beat_address(&b->shape, beat);
            uint8_t lanes = cosim_axi4_beat_lanes(address, b->shape.size);
            for (unsigned lane = 0; lane < 8; lane++)
                if (lanes >> lane & 1u && (uint8_t)(b->data[beat] >> (8 * lane)) != expect[(address & ~7u) + lane]) {
                    ADD_FAILURE("slot %u beat %u lane %u differs (seed %llu)", slot, beat, lane,
                                (unsigned long long)seed);
                    return;
                }
        }
    }
    EXPECT_EQ(cosim_axi4_master_get_stats(self->master).protocol_errors, 0u);
}
