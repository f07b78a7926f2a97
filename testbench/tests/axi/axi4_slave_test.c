/* The AXI4 slave transactor answering real RTL: the traffic generator (rtl/axi/test/) masters
 * the bus, the transactor turns its bursts into b_transport calls on a gtsim sparse memory,
 * and the AXI4 checker watches both sides. Memory contents are checked through the memory's
 * backdoor against the generator's data pattern; read data, RLAST and response codes are
 * checked at the pins as the master receives them, per ID in AR order. */
#include <stdlib.h>
#include <string.h>

#include "axi4_tgen_rtl.h"
#include "cosim_axi4_burst.h"
#include "cosim_axi4_slave.h"
#include "tb_test.h"
#include "tlm_random.h"

#define MEMORY_BYTES (1u << 20)
#define CYCLE_BOUND 200000u
#define MAX_TRACKED 64u

/* A read seen at the AR handshake, waiting for its beats. */
typedef struct tracked_read {
    cosim_axi4_burst_shape shape; /* its address fields */
    unsigned beat;                /* next beat expected */
    uint32_t order;               /* AR handshake number */
} tracked_read;

/* Watches the pins between the generator and the transactor. */
typedef struct recorder {
    axi4_tgen_rtl *rtl;                          /* the generator */
    tlm_memory *memory;                          /* where read data must come from */
    tracked_read reads[16][MAX_TRACKED];         /* per ID, reads in AR order */
    unsigned head[16], count[16];                /* FIFO state per ID */
    uint32_t ar_seen;                            /* AR handshakes so far */
    uint32_t outstanding, max_outstanding;       /* reads accepted and not complete */
    uint32_t completion[MAX_TRACKED];            /* AR numbers in the order their bursts completed */
    uint32_t completed;                          /* entries of completion */
    uint64_t r_beats, r_mismatches, rlast_errors, unknown_rid; /* R beat checks */
    uint64_t rresp_beats[4];                     /* R beats by RRESP */
    uint64_t bresp[4];                           /* B responses by BRESP */
    uint64_t ar_cycle, r_cycle;                  /* cycle of the last AR and of the last R handshake */
    unsigned last_rid;                           /* RID of the last R beat taken */
    bool r_partial;                              /* that beat's burst had beats left */
    uint64_t interleavings;                      /* R beats of another ID right after a beat of an unfinished burst */
} recorder;

static void recording_cycle(void *context, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
{
    recorder *rec = context;
    axi4_tgen_rtl_cycle(rec->rtl, in, out);
    uint64_t cycle = axi4_tgen_rtl_cycles(rec->rtl);
    if (out->arvalid && in->arready) {
        unsigned id = out->arid & 15u;
        if (rec->count[id] < MAX_TRACKED) {
            rec->reads[id][(rec->head[id] + rec->count[id]++) % MAX_TRACKED] = (tracked_read){
                { out->araddr, out->arlen, out->arsize, out->arburst }, 0, rec->ar_seen };
        }
        rec->ar_seen++;
        rec->ar_cycle = cycle;
        if (++rec->outstanding > rec->max_outstanding)
            rec->max_outstanding = rec->outstanding;
    }
    if (in->rvalid && out->rready) {
        unsigned id = in->rid & 15u;
        rec->interleavings += rec->r_partial && id != rec->last_rid;
        rec->last_rid = id;
        rec->r_partial = false;
        rec->r_beats++;
        rec->r_cycle = cycle;
        rec->rresp_beats[in->rresp & 3u]++;
        if (rec->count[id] == 0) {
            rec->unknown_rid++;
        } else {
            tracked_read *read = &rec->reads[id][rec->head[id]];
            uint32_t address = cosim_axi4_beat_address(&read->shape, read->beat);
            uint8_t lanes = cosim_axi4_beat_lanes(address, read->shape.size);
            uint8_t bytes[8];
            tlm_memory_read(rec->memory, address & ~7u, bytes, 8);
            for (unsigned lane = 0; lane < 8; lane++) {
                uint8_t expected = in->rresp == COSIM_AXI_RESP_OKAY && (lanes >> lane & 1u) ? bytes[lane] : 0;
                if ((lanes >> lane & 1u) && (uint8_t)(in->rdata >> (8 * lane)) != expected) {
                    rec->r_mismatches++;
                    break;
                }
            }
            bool last = read->beat == read->shape.len;
            rec->r_partial = !last;
            if (in->rlast != last)
                rec->rlast_errors++;
            read->beat++;
            if (last) {
                if (rec->completed < MAX_TRACKED)
                    rec->completion[rec->completed++] = read->order;
                rec->head[id] = (rec->head[id] + 1) % MAX_TRACKED;
                rec->count[id]--;
                rec->outstanding--;
            }
        }
    }
    if (in->bvalid && out->bready)
        rec->bresp[in->bresp & 3u]++;
}

/* Answers ADDRESS_ERROR in [0x10000, 0x11000) and COMMAND_ERROR in [0x20000, 0x21000); the
 * memory elsewhere. */
typedef struct refusing_target {
    tlm_target as_target;     /* what the transactor calls */
    const tlm_target *memory; /* everything else */
} refusing_target;

static void refusing_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    refusing_target *t = self;
    if (payload->address >> 12 == 0x10)
        payload->response = TLM_STATUS_ADDRESS_ERROR;
    else if (payload->address >> 12 == 0x20)
        payload->response = TLM_STATUS_COMMAND_ERROR;
    else
        tlm_b_transport(t->memory, payload, delay);
}

typedef struct Axi4Slave {
    tlm_kernel *kernel;          /* time base */
    tlm_clock clock;             /* the RTL clock when a test runs the kernel */
    bool clocked;                /* clock in use */
    tlm_memory *memory;          /* the target */
    refusing_target refusing;    /* the refusing wrapper around it */
    axi4_tgen_rtl *rtl;          /* the generator */
    recorder rec;                /* pin watcher */
    cosim_axi4_slave *slave;     /* the transactor under test */
    bool expect_assertions;      /* the test provokes checker failures on purpose */
} Axi4Slave;

static void Axi4Slave_SetUp(Axi4Slave *self)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    self->memory = tlm_memory_create(self->kernel, "mem", MEMORY_BYTES);
    self->refusing = (refusing_target){
        .as_target = { .name = "refusing", .self = &self->refusing, .b_transport = refusing_b_transport },
        .memory = tlm_memory_target(self->memory),
    };
    self->rtl = axi4_tgen_rtl_create();
    ASSERT_TRUE(self->rtl != NULL);
    axi4_tgen_rtl_reset(self->rtl, 2);
    self->rec.rtl = self->rtl;
    self->rec.memory = self->memory;
}

static void Axi4Slave_TearDown(Axi4Slave *self)
{
    if (!self->expect_assertions)
        EXPECT_EQ(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
    cosim_axi4_slave_destroy(self->slave);
    axi4_tgen_rtl_destroy(self->rtl);
    if (self->clocked)
        tlm_clock_destroy(&self->clock);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

/* The transactor with the same `mode` pattern on every channel. */
static void start_interleaving(Axi4Slave *self, cosim_axi4_delay_mode mode, uint32_t cycles, uint64_t seed,
                               const tlm_target *target, uint32_t max_reads, bool interleave)
{
    cosim_axi4_slave_config config = {
        .name = "axi4_slave",
        .kernel = self->kernel,
        .clock = self->clocked ? &self->clock : NULL,
        .rtl = &self->rec,
        .cycle = recording_cycle,
        .target = target ? target : tlm_memory_target(self->memory),
        .address_space = TLM_SPACE_PHYSICAL,
        .max_reads = max_reads,
        .interleave_reads = interleave,
    };
    cosim_axi4_delay_all(config.delay, mode, cycles, seed);
    self->slave = cosim_axi4_slave_create(&config);
}

static void start(Axi4Slave *self, cosim_axi4_delay_mode mode, uint32_t cycles, uint64_t seed,
                  const tlm_target *target, uint32_t max_reads)
{
    start_interleaving(self, mode, cycles, seed, target, max_reads, false);
}

/* Steps until every queued command has been taken and answered; false at the bound. */
static bool drain(Axi4Slave *self)
{
    for (uint32_t n = 0; n < CYCLE_BOUND; n += 16) {
        cosim_axi4_slave_run(self->slave, 16);
        if (axi4_tgen_rtl_queued(self->rtl) == 0 && cosim_axi4_slave_idle(self->slave) &&
            self->rec.outstanding == 0) {
            cosim_axi4_slave_run(self->slave, 4); /* the last B/R handshakes settle */
            return true;
        }
    }
    return false;
}

static void push(Axi4Slave *self, bool write, uint8_t id, uint32_t addr, uint8_t len, uint8_t size, uint8_t burst,
                 uint32_t seed, uint8_t strb)
{
    axi4_tgen_command c = { write, id, addr, len, size, burst, seed, strb };
    axi4_tgen_rtl_push(self->rtl, &c);
}

/* Full-width INCR bursts of many lengths written, checked in memory, read back at the pins. */
static void incr_round_trip(Axi4Slave *self, cosim_axi4_delay_mode mode, uint32_t cycles, unsigned stall)
{
    uint64_t seed = tb_test_seed(0xA4114);
    start(self, mode, cycles, seed, NULL, 0);
    axi4_tgen_rtl_set_stall(self->rtl, stall, seed);
    static const uint8_t lens[] = { 0, 1, 2, 7, 15, 16, 63, 255, 3, 31, 127, 5 };
    const unsigned n = sizeof lens / sizeof lens[0];
    for (unsigned i = 0; i < n; i++)
        push(self, true, (uint8_t)(i % 4), 0x1000u * i + 8u * i, lens[i], 3, COSIM_AXI4_BURST_INCR,
             0x1234567u * (i + 1), 0xFF);
    ASSERT_TRUE(drain(self));
    for (unsigned i = 0; i < n; i++)
        for (unsigned beat = 0; beat <= lens[i]; beat++) {
            uint64_t word = 0;
            tlm_memory_read(self->memory, 0x1000u * i + 8u * i + 8u * beat, &word, 8);
            ASSERT_EQ(word, axi4_tgen_beat_data(0x1234567u * (i + 1), beat));
        }
    for (unsigned i = 0; i < n; i++)
        push(self, false, (uint8_t)((i * 3) % 16), 0x1000u * i + 8u * i, lens[i], 3, COSIM_AXI4_BURST_INCR, 0, 0);
    ASSERT_TRUE(drain(self));
    cosim_axi4_slave_stats stats = cosim_axi4_slave_get_stats(self->slave);
    EXPECT_EQ(stats.writes, n);
    EXPECT_EQ(stats.reads, n);
    EXPECT_EQ(stats.error_responses, 0u);
    EXPECT_EQ(stats.protocol_errors, 0u);
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_OKAY], n);
    EXPECT_EQ(self->rec.completed, n);
    EXPECT_EQ(self->rec.r_mismatches, 0u);
    EXPECT_EQ(self->rec.rlast_errors, 0u);
    EXPECT_EQ(self->rec.unknown_rid, 0u);
    uint64_t beats = 0;
    for (unsigned i = 0; i < n; i++)
        beats += lens[i] + 1u;
    EXPECT_EQ(stats.write_beats, beats);
    EXPECT_EQ(stats.read_beats, beats);
}

TEST_F(Axi4Slave, RtlIncrBurstsWithNoDelays)
{
    incr_round_trip(self, COSIM_AXI4_DELAY_NONE, 0, 0);
}

TEST_F(Axi4Slave, RtlIncrBurstsWithFixedDelays)
{
    incr_round_trip(self, COSIM_AXI4_DELAY_FIXED, 3, 0);
}

TEST_F(Axi4Slave, RtlIncrBurstsWithRandomDelaysAndMasterBackPressure)
{
    incr_round_trip(self, COSIM_AXI4_DELAY_RANDOM, 4, 40);
}

/* Expected memory after the narrow, WRAP, FIXED and strobed writes, worked out by hand from
 * IHI 0022E §A3.4.1 (beat addresses, byte lanes), not from the transactor's own arithmetic. */
TEST_F(Axi4Slave, RtlNarrowWrapFixedAndStrobedWrites)
{
    start(self, COSIM_AXI4_DELAY_RANDOM, 2, tb_test_seed(0x5EED), NULL, 0);
    uint8_t fill[0x600];
    memset(fill, 0xAA, sizeof fill);
    tlm_memory_write_backdoor(self->memory, 0x2000, fill, sizeof fill);
    /* Bytes, INCR, from 0x2003, 6 beats: beat k writes byte 0x2003+k from its lane (addr % 8). */
    push(self, true, 1, 0x2003, 5, 0, COSIM_AXI4_BURST_INCR, 0x11111111u, 0xFF);
    /* Halfwords, INCR, from 0x2101 (unaligned), 4 beats: beat 0 writes 0x2101 only (lane 1),
     * then 0x2102-3 (lanes 2-3), 0x2104-5 (lanes 4-5), 0x2106-7 (lanes 6-7). */
    push(self, true, 2, 0x2101, 3, 1, COSIM_AXI4_BURST_INCR, 0x22222222u, 0xFF);
    /* Doublewords, WRAP, 4 beats from 0x2210: 0x2210, 0x2218, 0x2200, 0x2208. */
    push(self, true, 3, 0x2210, 3, 3, COSIM_AXI4_BURST_WRAP, 0x33333333u, 0xFF);
    /* Words, FIXED, 4 beats at 0x2304 (lanes 4-7): the last beat's bytes remain. */
    push(self, true, 4, 0x2304, 3, 2, COSIM_AXI4_BURST_FIXED, 0x44444444u, 0xFF);
    /* Doublewords with strobes 0x0F: only the low 4 bytes of each beat. */
    push(self, true, 5, 0x2400, 1, 3, COSIM_AXI4_BURST_INCR, 0x55555555u, 0x0F);
    /* All strobes low: nothing written, OKAY. */
    push(self, true, 6, 0x2500, 0, 3, COSIM_AXI4_BURST_INCR, 0x66666666u, 0x00);
    ASSERT_TRUE(drain(self));

    uint8_t expect[0x600];
    memset(expect, 0xAA, sizeof expect);
#define LANE(seed, beat, lane) ((uint8_t)(axi4_tgen_beat_data((seed), (beat)) >> (8 * (lane))))
    for (unsigned k = 0; k < 6; k++)
        expect[0x003 + k] = LANE(0x11111111u, k, (3 + k) % 8);
    expect[0x101] = LANE(0x22222222u, 0, 1);
    for (unsigned k = 1; k < 4; k++) {
        expect[0x100 + 2 * k] = LANE(0x22222222u, k, 2 * k);
        expect[0x101 + 2 * k] = LANE(0x22222222u, k, 2 * k + 1);
    }
    static const unsigned wrap_at[4] = { 0x210, 0x218, 0x200, 0x208 };
    for (unsigned k = 0; k < 4; k++)
        for (unsigned lane = 0; lane < 8; lane++)
            expect[wrap_at[k] + lane] = LANE(0x33333333u, k, lane);
    for (unsigned lane = 4; lane < 8; lane++)
        expect[0x300 + lane] = LANE(0x44444444u, 3, lane);
    for (unsigned k = 0; k < 2; k++)
        for (unsigned lane = 0; lane < 4; lane++)
            expect[0x400 + 8 * k + lane] = LANE(0x55555555u, k, lane);
#undef LANE
    uint8_t actual[0x600];
    tlm_memory_read(self->memory, 0x2000, actual, sizeof actual);
    for (unsigned i = 0; i < sizeof actual; i++)
        if (actual[i] != expect[i]) {
            ADD_FAILURE("byte 0x%x: 0x%02x, expected 0x%02x", 0x2000 + i, actual[i], expect[i]);
            break;
        }
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_OKAY], 6u);

    /* The same shapes read back: the pins carry memory bytes on the beats' lanes. */
    push(self, false, 1, 0x2003, 5, 0, COSIM_AXI4_BURST_INCR, 0, 0);
    push(self, false, 2, 0x2101, 3, 1, COSIM_AXI4_BURST_INCR, 0, 0);
    push(self, false, 3, 0x2210, 3, 3, COSIM_AXI4_BURST_WRAP, 0, 0);
    push(self, false, 4, 0x2304, 3, 2, COSIM_AXI4_BURST_FIXED, 0, 0);
    push(self, false, 5, 0x23F8, 15, 3, COSIM_AXI4_BURST_WRAP, 0, 0);
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.completed, 5u);
    EXPECT_EQ(self->rec.r_beats, 6u + 4u + 4u + 4u + 16u);
    EXPECT_EQ(self->rec.r_mismatches, 0u);
    EXPECT_EQ(self->rec.rlast_errors, 0u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).stray_strobes, 0u);
}

/* `n` reads of IDs 0..3 over random memory contents at 0x8000, of `first_len` + i % 8 + 1
 * beats, drained; every beat's data matched the oldest read of its ID (per-ID order held),
 * RLAST on each burst's last beat. */
static void reads_of_four_ids(Axi4Slave *self, unsigned n, uint8_t first_len)
{
    uint64_t state = 42;
    uint8_t bytes[0x4000];
    for (unsigned i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)tlm_splitmix64(&state);
    tlm_memory_write_backdoor(self->memory, 0x8000, bytes, sizeof bytes);
    for (unsigned i = 0; i < n; i++)
        push(self, false, (uint8_t)(i % 4), 0x8000u + 0x100u * i, (uint8_t)(first_len + i % 8), 3,
             COSIM_AXI4_BURST_INCR, 0, 0);
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.completed, n);
    EXPECT_EQ(self->rec.r_mismatches, 0u);
    EXPECT_EQ(self->rec.rlast_errors, 0u);
    EXPECT_EQ(self->rec.unknown_rid, 0u);
}

TEST_F(Axi4Slave, RtlReadsOfDifferentIdsCompleteOutOfOrderAndInOrderPerId)
{
    start(self, COSIM_AXI4_DELAY_RANDOM, 3, tb_test_seed(0x0DD), NULL, 16);
    reads_of_four_ids(self, 32, 0);
    /* And some read completed ahead of an older one (of another ID). */
    unsigned overtakes = 0;
    for (unsigned i = 1; i < self->rec.completed; i++)
        overtakes += self->rec.completion[i] < self->rec.completion[i - 1];
    EXPECT_GT(overtakes, 0u);
    EXPECT_GT(cosim_axi4_slave_get_stats(self->slave).reordered, 0u);
    EXPECT_GT(self->rec.max_outstanding, 1u);
    /* Without interleave_reads a burst's beats stay together on R. */
    EXPECT_EQ(self->rec.interleavings, 0u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).interleaved, 0u);
}

/* interleave_reads under a random R pattern: beats of bursts of different IDs interleave on R
 * (IHI 0022E chapter A5, Transaction Identifiers), each beat still the right data of the oldest read of its ID, RLAST on
 * each burst's own last beat, and the checker (a_r_id, a_r_last per ID) sees nothing wrong. */
TEST_F(Axi4Slave, RtlReadBeatsOfDifferentIdsInterleaveWhenAsked)
{
    start_interleaving(self, COSIM_AXI4_DELAY_RANDOM, 3, tb_test_seed(0x1EAF), NULL, 16, true);
    reads_of_four_ids(self, 32, 3);
    EXPECT_GT(self->rec.interleavings, 0u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).interleaved, self->rec.interleavings);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).reads, 32u);
}

TEST_F(Axi4Slave, RtlOutstandingReadsStayWithinTheConfiguredDepth)
{
    start(self, COSIM_AXI4_DELAY_FIXED, 2, 1, NULL, 2);
    for (unsigned i = 0; i < 8; i++)
        push(self, false, (uint8_t)i, 0x100u * i, 3, 3, COSIM_AXI4_BURST_INCR, 0, 0);
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.completed, 8u);
    EXPECT_EQ(self->rec.max_outstanding, 2u);
}

TEST_F(Axi4Slave, RtlTargetErrorsBecomeDecerrAndSlverr)
{
    start(self, COSIM_AXI4_DELAY_NONE, 0, 0, &self->refusing.as_target, 0);
    push(self, true, 1, 0x10000, 3, 3, COSIM_AXI4_BURST_INCR, 1, 0xFF); /* ADDRESS_ERROR -> DECERR */
    push(self, true, 2, 0x20000, 3, 3, COSIM_AXI4_BURST_INCR, 2, 0xFF); /* COMMAND_ERROR -> SLVERR */
    push(self, true, 3, 0x30000, 3, 3, COSIM_AXI4_BURST_INCR, 3, 0xFF); /* memory -> OKAY */
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_DECERR], 1u);
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_SLVERR], 1u);
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_OKAY], 1u);
    push(self, false, 1, 0x10000, 3, 3, COSIM_AXI4_BURST_INCR, 0, 0);
    push(self, false, 2, 0x20000, 1, 3, COSIM_AXI4_BURST_INCR, 0, 0);
    push(self, false, 3, 0x30000, 0, 3, COSIM_AXI4_BURST_INCR, 0, 0);
    ASSERT_TRUE(drain(self));
    /* Every beat carries its payload's response; refused reads return zero data. */
    EXPECT_EQ(self->rec.rresp_beats[COSIM_AXI_RESP_DECERR], 4u);
    EXPECT_EQ(self->rec.rresp_beats[COSIM_AXI_RESP_SLVERR], 2u);
    EXPECT_EQ(self->rec.rresp_beats[COSIM_AXI_RESP_OKAY], 1u);
    EXPECT_EQ(self->rec.r_mismatches, 0u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).error_responses, 4u);
}

TEST_F(Axi4Slave, RtlIllegalBurstIsAnsweredSlverrAndTheCheckerReportsIt)
{
    self->expect_assertions = true;
    start(self, COSIM_AXI4_DELAY_NONE, 0, 0, NULL, 0);
    /* Two 8-byte beats from 0xFF8 cross into the next 4 KiB page (IHI 0022E §A3.4.1). */
    push(self, true, 1, 0x0FF8, 1, 3, COSIM_AXI4_BURST_INCR, 7, 0xFF);
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_SLVERR], 1u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).protocol_errors, 1u);
    uint64_t word = 1;
    tlm_memory_read(self->memory, 0x0FF8, &word, 8);
    EXPECT_EQ(word, 0u); /* nothing written */
    EXPECT_GT(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
    EXPECT_TRUE(strstr(axi4_tgen_rtl_last_assertion(self->rtl), "a_aw_legal") != NULL);
}

/* On the kernel's clock: one RTL cycle per edge, and the target's latency holds R back. */
static uint64_t read_latency_cycles(Axi4Slave *self, tlm_time latency)
{
    self->clocked = true;
    tlm_clock_init(&self->clock, self->kernel, "clk", TLM_NS, TLM_NS);
    tlm_memory_set_latency(self->memory, latency, 0);
    start(self, COSIM_AXI4_DELAY_NONE, 0, 0, NULL, 0);
    push(self, false, 0, 0x40, 0, 3, COSIM_AXI4_BURST_INCR, 0, 0);
    uint64_t before = axi4_tgen_rtl_cycles(self->rtl);
    tlm_kernel_run_for(self->kernel, 200 * TLM_NS);
    EXPECT_EQ(axi4_tgen_rtl_cycles(self->rtl) - before, 200u);
    EXPECT_EQ(cosim_axi4_slave_cycles(self->slave), 200u);
    EXPECT_EQ(self->rec.completed, 1u);
    return self->rec.r_cycle - self->rec.ar_cycle;
}

TEST_F(Axi4Slave, RtlStepsOnTheKernelClockWithoutTargetLatency)
{
    EXPECT_EQ(read_latency_cycles(self, 0), 1u); /* R the edge after AR */
}

TEST_F(Axi4Slave, RtlTargetLatencyHoldsTheResponseBack)
{
    EXPECT_EQ(read_latency_cycles(self, 20 * TLM_NS), 21u);
}

/* A random legal burst inside the 512-byte slot at `slot_base`: any ID, size, type and strobe
 * mask, INCR and FIXED of any fitting length, WRAP of 2/4/8/16 beats. */
static axi4_tgen_command random_burst(uint64_t *state, bool write, uint32_t slot_base)
{
    axi4_tgen_command c = { .write = write, .id = (uint8_t)(tlm_splitmix64(state) % 16) };
    c.size = (uint8_t)(tlm_splitmix64(state) % 4);
    uint32_t bytes = 1u << c.size;
    switch (tlm_splitmix64(state) % 3) {
    case 0:
        c.burst = COSIM_AXI4_BURST_WRAP;
        c.len = (uint8_t)((2u << (tlm_splitmix64(state) % 4)) - 1u);
        c.addr = slot_base + (uint32_t)(tlm_splitmix64(state) % (512u / bytes)) * bytes;
        break;
    case 1:
        c.burst = COSIM_AXI4_BURST_FIXED;
        c.len = (uint8_t)(tlm_splitmix64(state) % 16);
        c.addr = slot_base + (uint32_t)(tlm_splitmix64(state) % (512u - bytes));
        break;
    default: {
        c.burst = COSIM_AXI4_BURST_INCR;
        uint32_t offset = (uint32_t)(tlm_splitmix64(state) % 256u);
        uint32_t room = (512u - (offset & ~(bytes - 1u))) / bytes; /* beats that fit in the slot */
        c.len = (uint8_t)(tlm_splitmix64(state) % (room < 64 ? room : 64));
        c.addr = slot_base + offset;
        break;
    }
    }
    c.seed = (uint32_t)tlm_splitmix64(state);
    c.strb = (uint8_t)(tlm_splitmix64(state) | 0x81u);
    return c;
}

TEST_F(Axi4Slave, RtlRandomBurstsMatchAReferenceMemory)
{
    uint64_t seed = tb_test_seed(0xAB5EED);
    start(self, COSIM_AXI4_DELAY_RANDOM, 3, seed, NULL, 8);
    axi4_tgen_rtl_set_stall(self->rtl, 30, seed);
    enum { SLOTS = 48, BASE = 0x40000 };
    static uint8_t expect[SLOTS * 512];
    uint64_t state = seed;
    for (unsigned i = 0; i < sizeof expect; i++)
        expect[i] = (uint8_t)tlm_splitmix64(&state);
    tlm_memory_write_backdoor(self->memory, BASE, expect, sizeof expect);
    /* One write per slot (writes of different IDs may complete in any order: no overlap), the
     * reference updated beat by beat from the generator's data pattern. */
    for (unsigned slot = 0; slot < SLOTS; slot++) {
        axi4_tgen_command c = random_burst(&state, true, BASE + 512u * slot);
        axi4_tgen_rtl_push(self->rtl, &c);
        cosim_axi4_burst_shape shape = { c.addr, c.len, c.size, c.burst };
        for (unsigned beat = 0; beat <= c.len; beat++) {
            uint32_t address = cosim_axi4_beat_address(&shape, beat);
            uint8_t lanes = cosim_axi4_beat_lanes(address, c.size) & c.strb;
            uint64_t data = axi4_tgen_beat_data(c.seed, beat);
            for (unsigned lane = 0; lane < 8; lane++)
                if (lanes >> lane & 1u)
                    expect[(address & ~7u) + lane - BASE] = (uint8_t)(data >> (8 * lane));
        }
    }
    ASSERT_TRUE(drain(self));
    static uint8_t actual[SLOTS * 512];
    tlm_memory_read(self->memory, BASE, actual, sizeof actual);
    for (unsigned i = 0; i < sizeof actual; i++)
        if (actual[i] != expect[i]) {
            ADD_FAILURE("byte 0x%x: 0x%02x, expected 0x%02x (seed %llu)", BASE + i, actual[i], expect[i],
                        (unsigned long long)seed);
            break;
        }
    EXPECT_EQ(self->rec.bresp[COSIM_AXI_RESP_OKAY], (uint64_t)SLOTS);
    /* Random reads everywhere, checked at the pins against the memory. */
    for (unsigned i = 0; i < 2 * SLOTS; i++) {
        axi4_tgen_command c = random_burst(&state, false, BASE + 512u * (i % SLOTS));
        axi4_tgen_rtl_push(self->rtl, &c);
    }
    ASSERT_TRUE(drain(self));
    EXPECT_EQ(self->rec.completed, MAX_TRACKED < 2u * SLOTS ? MAX_TRACKED : 2u * SLOTS);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).reads, 2u * SLOTS);
    EXPECT_EQ(self->rec.r_mismatches, 0u);
    EXPECT_EQ(self->rec.rlast_errors, 0u);
    EXPECT_EQ(self->rec.unknown_rid, 0u);
    EXPECT_EQ(cosim_axi4_slave_get_stats(self->slave).protocol_errors, 0u);
}
