/* AXI4 burst arithmetic of the transactors against the rules and examples of the AMBA AXI
 * protocol specification (ARM IHI 0022E §A3.4.1): beat addresses of INCR, WRAP and FIXED
 * bursts, byte lanes of narrow and unaligned transfers, the legality rules, the response
 * mapping; and the delay patterns (fixed waits, seeded random waits that replay). */
#include "cosim_axi4_burst.h"
#include "cosim_axi4_delay.h"
#include "tb_test.h"

TEST(Axi4Burst, WrapBeatsWrapAtTheBoundaryOfBeatsTimesSize)
{
    /* 4 beats of 4 bytes from 0x38: the wrap region is 0x30..0x3F (16-byte aligned). */
    cosim_axi4_burst_shape wrap = { 0x38, 3, 2, COSIM_AXI4_BURST_WRAP };
    EXPECT_EQ(cosim_axi4_beat_address(&wrap, 0), 0x38u);
    EXPECT_EQ(cosim_axi4_beat_address(&wrap, 1), 0x3Cu);
    EXPECT_EQ(cosim_axi4_beat_address(&wrap, 2), 0x30u);
    EXPECT_EQ(cosim_axi4_beat_address(&wrap, 3), 0x34u);
    uint64_t start = 0;
    uint32_t length = 0;
    cosim_axi4_burst_range(&wrap, &start, &length);
    EXPECT_EQ(start, 0x30u);
    EXPECT_EQ(length, 16u);
}

TEST(Axi4Burst, IncrAlignsAfterAnUnalignedFirstBeat)
{
    /* 4-byte beats from 0x1003: the first beat carries 0x1003 only, then 0x1004, 0x1008. */
    cosim_axi4_burst_shape incr = { 0x1003, 2, 2, COSIM_AXI4_BURST_INCR };
    EXPECT_EQ(cosim_axi4_beat_address(&incr, 0), 0x1003u);
    EXPECT_EQ(cosim_axi4_beat_address(&incr, 1), 0x1004u);
    EXPECT_EQ(cosim_axi4_beat_address(&incr, 2), 0x1008u);
    EXPECT_EQ(cosim_axi4_beat_lanes(0x1003, 2), 0x08u); /* lane 3 only */
    EXPECT_EQ(cosim_axi4_beat_lanes(0x1004, 2), 0xF0u); /* upper half of the 64-bit bus */
    uint64_t start = 0;
    uint32_t length = 0;
    cosim_axi4_burst_range(&incr, &start, &length);
    EXPECT_EQ(start, 0x1003u);
    EXPECT_EQ(length, 0x100Cu - 0x1003u);
}

TEST(Axi4Burst, FixedRepeatsItsAddressAndNarrowLanesFollowTheAddress)
{
    cosim_axi4_burst_shape fixed = { 0x42, 3, 1, COSIM_AXI4_BURST_FIXED };
    for (unsigned beat = 0; beat < 4; beat++)
        EXPECT_EQ(cosim_axi4_beat_address(&fixed, beat), 0x42u);
    EXPECT_EQ(cosim_axi4_beat_lanes(0x42, 1), 0x0Cu); /* lanes 2 and 3 */
    EXPECT_EQ(cosim_axi4_beat_lanes(0x47, 0), 0x80u); /* one byte, lane 7 */
    EXPECT_EQ(cosim_axi4_beat_lanes(0x40, 3), 0xFFu);
}

TEST(Axi4Burst, LegalityRules)
{
    cosim_axi4_burst_shape s = { 0xF00, 31, 3, COSIM_AXI4_BURST_INCR }; /* ends exactly at 0x1000 */
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_LEGAL);
    s.len = 32; /* one beat into the next page */
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_CROSSES_4K);
    s = (cosim_axi4_burst_shape){ 0, 255, 3, COSIM_AXI4_BURST_INCR }; /* 256 beats, 2 KiB */
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_LEGAL);
    s = (cosim_axi4_burst_shape){ 0, 0, 4, COSIM_AXI4_BURST_INCR };
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_SIZE_TOO_WIDE);
    s = (cosim_axi4_burst_shape){ 0, 0, 3, 3 };
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_RESERVED_TYPE);
    s = (cosim_axi4_burst_shape){ 0, 15, 3, COSIM_AXI4_BURST_FIXED };
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_LEGAL);
    s.len = 16;
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_FIXED_TOO_LONG);
    for (unsigned len = 0; len < 20; len++) {
        s = (cosim_axi4_burst_shape){ 0x100, (uint8_t)len, 2, COSIM_AXI4_BURST_WRAP };
        bool legal = len == 1 || len == 3 || len == 7 || len == 15;
        EXPECT_EQ(cosim_axi4_burst_check(&s), legal ? COSIM_AXI4_BURST_LEGAL : COSIM_AXI4_BURST_WRAP_LENGTH);
    }
    s = (cosim_axi4_burst_shape){ 0x102, 3, 2, COSIM_AXI4_BURST_WRAP };
    EXPECT_EQ(cosim_axi4_burst_check(&s), COSIM_AXI4_BURST_WRAP_UNALIGNED);
}

TEST(Axi4Burst, ResponsesMapAsTheAxiLiteTransactorDoes)
{
    EXPECT_EQ(cosim_axi4_resp_from_status(TLM_STATUS_OK), COSIM_AXI_RESP_OKAY);
    EXPECT_EQ(cosim_axi4_resp_from_status(TLM_STATUS_ADDRESS_ERROR), COSIM_AXI_RESP_DECERR);
    EXPECT_EQ(cosim_axi4_resp_from_status(TLM_STATUS_COMMAND_ERROR), COSIM_AXI_RESP_SLVERR);
    EXPECT_EQ(cosim_axi4_resp_from_status(TLM_STATUS_GENERIC_ERROR), COSIM_AXI_RESP_SLVERR);
    EXPECT_EQ(cosim_axi4_status_from_resp(COSIM_AXI_RESP_OKAY), TLM_STATUS_OK);
    EXPECT_EQ(cosim_axi4_status_from_resp(COSIM_AXI_RESP_EXOKAY), TLM_STATUS_OK);
    EXPECT_EQ(cosim_axi4_status_from_resp(COSIM_AXI_RESP_SLVERR), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(cosim_axi4_status_from_resp(COSIM_AXI_RESP_DECERR), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(cosim_axi4_resp_worse(COSIM_AXI_RESP_OKAY, COSIM_AXI_RESP_SLVERR), COSIM_AXI_RESP_SLVERR);
    EXPECT_EQ(cosim_axi4_resp_worse(COSIM_AXI_RESP_DECERR, COSIM_AXI_RESP_SLVERR), COSIM_AXI_RESP_DECERR);
}

/* Cycles until the gate opens for a pending item. */
static unsigned wait_of(cosim_axi4_gate *gate)
{
    unsigned waited = 0;
    while (!cosim_axi4_gate_open(gate, true))
        waited++;
    cosim_axi4_gate_done(gate);
    return waited;
}

TEST(Axi4Delay, FixedWaitsNCyclesAndRandomReplaysItsSeed)
{
    cosim_axi4_delay delays[COSIM_AXI4_CHANNELS];
    cosim_axi4_gate gate;
    cosim_axi4_delay_all(delays, COSIM_AXI4_DELAY_NONE, 0, 1);
    cosim_axi4_gate_init(&gate, &delays[COSIM_AXI4_R]);
    EXPECT_EQ(wait_of(&gate), 0u);
    cosim_axi4_delay_all(delays, COSIM_AXI4_DELAY_FIXED, 3, 1);
    cosim_axi4_gate_init(&gate, &delays[COSIM_AXI4_R]);
    EXPECT_EQ(wait_of(&gate), 3u);
    EXPECT_EQ(wait_of(&gate), 3u);
    /* Nothing pending: no wait is drawn or spent. */
    EXPECT_FALSE(cosim_axi4_gate_open(&gate, false));
    EXPECT_EQ(wait_of(&gate), 3u);

    uint64_t seed = tb_test_seed(7);
    cosim_axi4_delay_all(delays, COSIM_AXI4_DELAY_RANDOM, 5, seed);
    cosim_axi4_gate a, b;
    cosim_axi4_gate_init(&a, &delays[COSIM_AXI4_W]);
    cosim_axi4_gate_init(&b, &delays[COSIM_AXI4_W]);
    unsigned seen[6] = { 0 };
    for (unsigned i = 0; i < 200; i++) {
        unsigned wa = wait_of(&a);
        EXPECT_EQ(wa, wait_of(&b)); /* same seed, same waits */
        ASSERT_LE(wa, 5u);
        seen[wa]++;
    }
    for (unsigned w = 0; w <= 5; w++)
        EXPECT_GT(seen[w], 0u); /* every wait in 0..5 occurs */
    /* Each channel has its own sequence. */
    EXPECT_NE(delays[COSIM_AXI4_W].seed, delays[COSIM_AXI4_R].seed);
}
