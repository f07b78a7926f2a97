/* The command streamer twin alone through the transactors (its registers through the AXI4-Lite
 * transactor, its master port answered by the AXI4 slave transactor from graphics memory),
 * against the rules of the ring and the commands of its subset (spec 000 §1.1.5, §1.3; genxml
 * gen12.xml; docs/design/cosim.md "The command streamer twin"). */
#include "cs_twin_fixture.h"
#include "irq_message.h"

/* The spec 001 message of the render engine (class render, instance 0) with data `bits`. */
static uint32_t cs_twin_render_message(uint16_t bits)
{
    irq_message message = { .engine_class = IRQ_CLASS_RENDER, .instance = 0, .data = bits };
    return irq_message_pack(&message);
}

/* Every test ends with no RTL assertion failure (the AXI4 checker on the master port included). */
#define CS_T_CLOSE(f) EXPECT_EQ(cs_twin_close(f), 0u)

static void store_dword(cs_twin_fixture *f, uint32_t address, uint32_t value)
{
    const uint32_t sdi[] = { CS_T_MI_SDI_DWORD, address, 0, value };
    cs_twin_emit(f, sdi, 4);
}

static void store_qword(cs_twin_fixture *f, uint32_t address, uint32_t low, uint32_t high)
{
    const uint32_t sdi[] = { CS_T_MI_SDI_QWORD, address, 0, low, high };
    cs_twin_emit(f, sdi, 5);
}

/* spec 000 §1.1.5: the parser runs while HEAD != TAIL; with HEAD == TAIL it fetches nothing. */
TEST(CsTwin, HeadEqualsTailIsIdle)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_poke(&f, CS_T_RING, 0x20000000u); /* a reserved header: would halt if parsed */
    cs_twin_ring_at(&f, 0);
    cs_twin_run(&f, 200);
    EXPECT_EQ(cs_twin_head(&f), 0u);
    EXPECT_EQ(cosim_cs_twin_bus_stats(f.twin).reads, 0u);
    EXPECT_FALSE(cosim_cs_twin_halted(f.twin));
    EXPECT_NE(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u);
    EXPECT_TRUE(cosim_cs_twin_idle(f.twin));
    CS_T_CLOSE(&f);
}

/* MI_NOOP moves HEAD by one dword each; the parser stops at TAIL; ACTHD names the last command;
 * fetches are whole 64-byte cachelines (8 beats of 8 bytes). */
TEST(CsTwin, NoopsRunToTail)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t noops[] = { CS_T_MI_NOOP, CS_T_MI_NOOP, CS_T_MI_NOOP, CS_T_MI_NOOP };
    cs_twin_emit(&f, noops, 4);
    cs_twin_submit(&f);
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_head(&f), 16u);
    EXPECT_EQ(cs_twin_read(&f, CS_ACTHD_OFFSET), CS_T_RING + 12u);
    EXPECT_EQ(cs_twin_read(&f, CS_IPEHR_OFFSET), CS_T_MI_NOOP);
    cosim_axi4_slave_stats bus = cosim_cs_twin_bus_stats(f.twin);
    EXPECT_EQ(bus.reads, 1u);
    EXPECT_EQ(bus.read_beats, 8u);
    EXPECT_TRUE(cosim_cs_twin_idle(f.twin));
    /* MI_NOOP with Identification Number Register Write Enable (bit 22) sets NOPID. */
    const uint32_t nopid[] = { CS_T_MI_NOOP | 1u << 22 | 0x1234u, CS_T_MI_NOOP };
    cs_twin_emit(&f, nopid, 2);
    cs_twin_submit(&f);
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_read(&f, CS_NOPID_OFFSET), 0x1234u);
    CS_T_CLOSE(&f);
}

/* spec 000 §1.1.5.2: HEAD wraps to 0 at the ring's end and the wrap count goes up. */
TEST(CsTwin, RingWraps)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    EXPECT_TRUE(cs_twin_wrap_rule_holds(&f));
    CS_T_CLOSE(&f);
}

/* A command across the ring's end: its dwords continue at the ring's start (the model's
 * cs_command_address). */
TEST(CsTwin, CommandAcrossTheRingEnd)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, CS_T_RING_BYTES - 8u);
    store_dword(&f, CS_T_DATA + 0x40u, 0xA5A5A5A5u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x40u), 0xA5A5A5A5u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    /* The dword exactly at the ring's end is the ring's first: a store whose header is the
     * ring's last dword takes its address from the ring's start, not from the page after it. */
    cs_twin_poke(&f, CS_T_RING + CS_T_RING_BYTES, CS_T_DATA + 0x80u); /* outside the ring */
    cs_twin_write(&f, CS_RING_CTL_OFFSET, 0);
    cs_twin_ring_at(&f, CS_T_RING_BYTES - 4u);
    store_dword(&f, CS_T_DATA + 0x44u, 0x5A5A5A5Au);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x44u), 0x5A5A5A5Au);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x80u), 0u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    CS_T_CLOSE(&f);
}

/* cs_fetch_command: a command that runs past TAIL waits; moving TAIL lets it run. */
TEST(CsTwin, CommandPastTailWaits)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    store_dword(&f, CS_T_DATA, 0x600DF00Du);
    cs_twin_write(&f, CS_RING_TAIL_OFFSET, 8u); /* two of its four dwords */
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_head(&f), 0u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0u);
    cs_twin_write(&f, CS_RING_TAIL_OFFSET, 16u);
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_head(&f), 16u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x600DF00Du);
    CS_T_CLOSE(&f);
}

/* MI_STORE_DATA_IMM (genxml gen12): the dword form writes 4 bytes, the QWord form 8, at the
 * address; the bytes around are untouched (the write's strobes). Aligned, unaligned, and a
 * QWord across a 4 KiB page. */
static void run_stores(const cosim_axi4_delay *delay)
{
    cs_twin_fixture f;
    cs_twin_open(&f, delay);
    for (uint32_t a = CS_T_DATA; a < CS_T_DATA + 0x2000u; a += 4)
        cs_twin_poke(&f, a, 0xEEEEEEEEu);
    cs_twin_ring_at(&f, 0);
    store_dword(&f, CS_T_DATA + 0x04u, 0x11111111u);
    store_dword(&f, CS_T_DATA + 0x10u, 0x22222222u);
    store_qword(&f, CS_T_DATA + 0x20u, 0x33333333u, 0x44444444u);
    store_qword(&f, CS_T_DATA + 0x34u, 0x55555555u, 0x66666666u);
    store_qword(&f, CS_T_DATA + 0xFFCu, 0x77777777u, 0x88888888u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 3000);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x00u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x04u), 0x11111111u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x08u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x10u), 0x22222222u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x14u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x1Cu), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x20u), 0x33333333u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x24u), 0x44444444u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x28u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x30u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x34u), 0x55555555u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x38u), 0x66666666u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x3Cu), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0xFF8u), 0xEEEEEEEEu);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0xFFCu), 0x77777777u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x1000u), 0x88888888u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 0x1004u), 0xEEEEEEEEu);
    EXPECT_EQ(cosim_cs_twin_bus_stats(f.twin).error_responses, 0u);
    CS_T_CLOSE(&f);
}

TEST(CsTwin, StoreDataImmWritesItsBytes)
{
    run_stores(NULL);
}

/* The same under seeded random READY/VALID delays on every channel of the master port. */
TEST(CsTwin, StoreDataImmUnderBackPressure)
{
    cosim_axi4_delay delay[COSIM_AXI4_CHANNELS];
    cosim_axi4_delay_all(delay, COSIM_AXI4_DELAY_RANDOM, 3, 0x5EEDu);
    run_stores(delay);
}

/* genxml gen12 MI_BATCH_BUFFER_START: a batch started in a batch without Second Level replaces
 * it (chaining): the rest of the first batch is not parsed, and MI_BATCH_BUFFER_END of the
 * chained batch returns to the ring after the first start. */
TEST(CsTwin, BatchChaining)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    const uint32_t a[] = { CS_T_MI_NOOP, CS_T_MI_BB_START, CS_T_BATCH_B, 0,
                           CS_T_MI_SDI_DWORD, CS_T_DATA, 0, 0xBAD0BAD0u, CS_T_MI_BB_END };
    for (unsigned i = 0; i < 9; i++)
        cs_twin_poke(&f, CS_T_BATCH_A + 4u * i, a[i]);
    const uint32_t b[] = { CS_T_MI_SDI_DWORD, CS_T_DATA + 4u, 0, 0xB0B0B0B0u, CS_T_MI_BB_END };
    for (unsigned i = 0; i < 5; i++)
        cs_twin_poke(&f, CS_T_BATCH_B + 4u * i, b[i]);
    cs_twin_ring_at(&f, 0);
    const uint32_t ring[] = { CS_T_MI_BB_START, CS_T_BATCH_A, 0 };
    cs_twin_emit(&f, ring, 3);
    store_dword(&f, CS_T_DATA + 8u, 0x51515151u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 3000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0u);            /* the rest of batch A: not parsed */
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 4u), 0xB0B0B0B0u); /* batch B ran */
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 8u), 0x51515151u); /* back in the ring */
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    EXPECT_EQ(cs_twin_read(&f, CS_BB_ADDR_OFFSET) & CS_BB_ADDR_VALID_MASK, 0u);
    CS_T_CLOSE(&f);
}

/* genxml gen12 "Second Level Batch Buffer": from a first-level batch it nests, and its
 * MI_BATCH_BUFFER_END returns into the first-level batch after the start. */
TEST(CsTwin, SecondLevelBatchReturns)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    const uint32_t a[] = { CS_T_MI_BB_START_2ND, CS_T_BATCH_B, 0, CS_T_MI_SDI_DWORD, CS_T_DATA, 0, 0xAAAA0001u,
                           CS_T_MI_BB_END };
    for (unsigned i = 0; i < 8; i++)
        cs_twin_poke(&f, CS_T_BATCH_A + 4u * i, a[i]);
    const uint32_t b[] = { CS_T_MI_SDI_DWORD, CS_T_DATA + 4u, 0, 0xBBBB0002u, CS_T_MI_BB_END };
    for (unsigned i = 0; i < 5; i++)
        cs_twin_poke(&f, CS_T_BATCH_B + 4u * i, b[i]);
    cs_twin_ring_at(&f, 0);
    const uint32_t ring[] = { CS_T_MI_BB_START, CS_T_BATCH_A, 0 };
    cs_twin_emit(&f, ring, 3);
    store_dword(&f, CS_T_DATA + 8u, 0xCCCC0003u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 3000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 4u), 0xBBBB0002u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0xAAAA0001u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA + 8u), 0xCCCC0003u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    CS_T_CLOSE(&f);
}

/* MI_BATCH_BUFFER_END in the ring is ignored (the model logs it) and parsing goes on. */
TEST(CsTwin, BatchEndInTheRingIsIgnored)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t end = CS_T_MI_BB_END;
    cs_twin_emit(&f, &end, 1);
    store_dword(&f, CS_T_DATA, 0x0E0E0E0Eu);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x0E0E0E0Eu);
    CS_T_CLOSE(&f);
}

/* MI_LOAD_REGISTER_IMM to the engine's own registers (absolute MMIO offsets, base 0x2000):
 * the value reads back through MMIO; Byte Write Disables 1111b writes nothing (spec 000
 * §1.3.2); "Add CS MMIO Start Offset" (bit 19) takes the offset relative to the base. */
TEST(CsTwin, LoadRegisterImmToOwnRegisters)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t lri[] = {
        CS_T_MI_LRI(2), CS_T_RCS_BASE + CS_IMR_OFFSET, 0xFFFF00FFu, CS_T_RCS_BASE + CS_EMR_OFFSET, 0x0000FFF0u,
        CS_T_MI_LRI(1) | 0xFu << 8, CS_T_RCS_BASE + CS_IMR_OFFSET, 0x12345678u,
        CS_T_MI_LRI(1) | 1u << 19, CS_HWSTAM_OFFSET, 0u,
    };
    cs_twin_emit(&f, lri, sizeof lri / sizeof lri[0]);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_read(&f, CS_IMR_OFFSET), 0xFFFF00FFu);
    EXPECT_EQ(cs_twin_read(&f, CS_EMR_OFFSET), 0x0000FFF0u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    /* Byte Write Disables other than 1111b write the whole register (spec 000 §1.3.2: two
     * options only); an offset outside the engine's block is not its register (the twin drops
     * it), even where its low bits match one. */
    const uint32_t partial[] = {
        CS_T_MI_LRI(1) | 0x1u << 8, CS_T_RCS_BASE + CS_IMR_OFFSET, 0xA5A5A5A5u,
        CS_T_MI_LRI(1), CS_T_RCS_BASE + 0x10000u + CS_EMR_OFFSET, 0x12345678u,
    };
    cs_twin_emit(&f, partial, sizeof partial / sizeof partial[0]);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_read(&f, CS_IMR_OFFSET), 0xA5A5A5A5u);
    EXPECT_EQ(cs_twin_read(&f, CS_EMR_OFFSET), 0x0000FFF0u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    /* LRI to RING_TAIL (own register, the bit 19 form): TAIL first covers the LRI only (and
     * part of the store after it); the LRI moves TAIL past the store, which then runs. */
    uint32_t lri_at = f.ring_tail;
    const uint32_t more[] = { CS_T_MI_LRI(1) | 1u << 19, CS_RING_TAIL_OFFSET, lri_at + 32u,
                              CS_T_MI_SDI_DWORD, CS_T_DATA, 0, 0x7A117A11u, CS_T_MI_NOOP };
    cs_twin_emit(&f, more, 8);
    uint32_t end = lri_at + 32u;
    cs_twin_write(&f, CS_RING_TAIL_OFFSET, lri_at + 16u);
    cs_twin_run(&f, 1000);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x7A117A11u);
    EXPECT_EQ(cs_twin_read(&f, CS_RING_TAIL_OFFSET), end);
    EXPECT_EQ(cs_twin_head(&f), end);
    CS_T_CLOSE(&f);
}

/* spec 000 §1.1.7.2: MI_USER_INTERRUPT is one interrupt message (data bit 0) when the IMR lets
 * it through, none while masked (the IMR's reset value masks everything). */
TEST(CsTwin, UserInterruptMessage)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t ui = CS_T_MI_USER_INTERRUPT;
    cs_twin_emit(&f, &ui, 1);
    cs_twin_submit(&f);
    cs_twin_run(&f, 500);
    EXPECT_EQ(f.message_count, 0u);
    cs_twin_write(&f, CS_IMR_OFFSET, ~(uint32_t)IRQ_DATA_USER_INTERRUPT);
    cs_twin_emit(&f, &ui, 1);
    cs_twin_submit(&f);
    cs_twin_run(&f, 500);
    ASSERT_EQ(f.message_count, 1u);
    EXPECT_EQ(f.messages[0], cs_twin_render_message(IRQ_DATA_USER_INTERRUPT));
    EXPECT_EQ(cosim_cs_twin_messages(f.twin), 1u);
    CS_T_CLOSE(&f);
}

/* Commands the subset does not execute are parsed by their header's DWord Length (field + 2,
 * genxml) and skipped: a fixed one-dword MI command, an MI command with a length field, two 3D
 * state commands, a media command (16-bit length field) and STATE_BASE_ADDRESS (pipeline 1). Their bodies hold reserved headers that must not be parsed. */
TEST(CsTwin, OtherCommandsSkippedByLength)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t bad = 0x20000000u; /* type 1: reserved */
    const uint32_t commands[] = {
        0x05u << 23,                                 /* MI_ARB_CHECK: one dword */
        CS_T_MI_FORCE_WAKEUP, bad,                   /* 2 dwords */
        CS_T_3DSTATE_CLIP, bad, bad, bad,            /* 4 dwords */
        CS_T_3DSTATE_VS, bad, bad, bad, bad, bad, bad, bad, bad, /* 9 dwords */
        CS_T_MEDIA_STATE_FLUSH, bad,                 /* media: 2 dwords */
        CS_T_STATE_BASE_ADDRESS, bad, bad, bad, bad, bad, bad, bad, bad, bad, bad, /* 22 dwords */
        bad, bad, bad, bad, bad, bad, bad, bad, bad, bad, bad,
    };
    cs_twin_emit(&f, commands, sizeof commands / sizeof commands[0]);
    store_dword(&f, CS_T_DATA, 0x5C1B5C1Bu);
    cs_twin_submit(&f);
    cs_twin_run(&f, 2000);
    EXPECT_FALSE(cosim_cs_twin_halted(f.twin));
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x5C1B5C1Bu);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    CS_T_CLOSE(&f);
}

/* spec 000 §1.1.7.3: a reserved header is an Instruction Parser error: the parser stops with
 * HEAD at the command, IPEHR holds the header, ESR (and IPEIR) the error; the EIR takes it only
 * unmasked in the EMR, and then Master Error is one message (data bit 3). Disabling the ring
 * clears the halt. */
TEST(CsTwin, ReservedHeaderIsParserError)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_write(&f, CS_EMR_OFFSET, ~CS_ESR_INSTRUCTION_PARSER_MASK & 0xFFFFu);
    cs_twin_write(&f, CS_IMR_OFFSET, ~(uint32_t)IRQ_DATA_MASTER_ERROR);
    cs_twin_ring_at(&f, 0);
    const uint32_t commands[] = { CS_T_MI_NOOP, CS_T_MI_NOOP, 0x20000000u, CS_T_MI_NOOP };
    cs_twin_emit(&f, commands, 4);
    store_dword(&f, CS_T_DATA, 0xDEADDEADu);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_TRUE(cosim_cs_twin_halted(f.twin));
    EXPECT_EQ(cs_twin_head(&f), 8u);
    EXPECT_EQ(cs_twin_read(&f, CS_IPEHR_OFFSET), 0x20000000u);
    EXPECT_EQ(cs_twin_read(&f, CS_ACTHD_OFFSET), CS_T_RING + 8u);
    EXPECT_EQ(cs_twin_read(&f, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK, CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(cs_twin_read(&f, CS_IPEIR_OFFSET), CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(cs_twin_read(&f, CS_EIR_OFFSET), CS_EIR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0u);
    ASSERT_EQ(f.message_count, 1u);
    EXPECT_EQ(f.messages[0], cs_twin_render_message(IRQ_DATA_MASTER_ERROR));
    cs_twin_write(&f, CS_RING_CTL_OFFSET, 0);
    cs_twin_run(&f, 10);
    EXPECT_FALSE(cosim_cs_twin_halted(f.twin));
    CS_T_CLOSE(&f);
}

/* A command of another engine (XY_FAST_COPY_BLT, blitter only) on the render engine is not
 * accepted: the same parser error (the model's CS_DECODE_NOT_ACCEPTED). */
TEST(CsTwin, OtherEnginesCommandIsParserError)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t blt[] = { 0x50800000u | 8u, 0, 0, 0, 0, 0, 0, 0, 0, 0 }; /* 10 dwords */
    cs_twin_emit(&f, blt, 10);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_TRUE(cosim_cs_twin_halted(f.twin));
    EXPECT_EQ(cs_twin_head(&f), 0u);
    EXPECT_EQ(cs_twin_read(&f, CS_IPEHR_OFFSET), 0x50800000u | 8u);
    EXPECT_NE(cs_twin_read(&f, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK, 0u);
    EXPECT_EQ(cs_twin_read(&f, CS_EIR_OFFSET), 0u); /* the EMR at reset masks it from the EIR */
    EXPECT_EQ(f.message_count, 0u); /* EMR and IMR at reset: masked */
    CS_T_CLOSE(&f);
}

/* A header shorter than its command's minimum (MI_STORE_DATA_IMM has DW0..DW3, genxml gen12;
 * DWord Length 0 says 2 dwords) is the same parser error, HEAD and ACTHD at the command. */
TEST(CsTwin, ShortHeaderIsParserError)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_ring_at(&f, 0);
    const uint32_t commands[] = { CS_T_MI_NOOP, CS_T_MI_NOOP, 0x20u << 23, CS_T_DATA, CS_T_MI_NOOP, CS_T_MI_NOOP };
    cs_twin_emit(&f, commands, 6);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_TRUE(cosim_cs_twin_halted(f.twin));
    EXPECT_EQ(cs_twin_head(&f), 8u);
    EXPECT_EQ(cs_twin_read(&f, CS_IPEHR_OFFSET), 0x20u << 23);
    EXPECT_EQ(cs_twin_read(&f, CS_ACTHD_OFFSET), CS_T_RING + 8u);
    EXPECT_NE(cs_twin_read(&f, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK, 0u);
    CS_T_CLOSE(&f);
}

/* A fetch the memory refuses (beyond its end: a DECERR) is a page fault and the Page Table
 * error; the parser halts with HEAD at the command. */
TEST(CsTwin, RefusedFetchHalts)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_write(&f, CS_IMR_OFFSET, ~(uint32_t)IRQ_DATA_PAGE_FAULT);
    cs_twin_ring_at(&f, 0);
    const uint32_t start[] = { CS_T_MI_BB_START, CS_T_MEMORY + 0x1000u, 0 };
    cs_twin_emit(&f, start, 3);
    cs_twin_submit(&f);
    cs_twin_run(&f, 1000);
    EXPECT_TRUE(cosim_cs_twin_halted(f.twin));
    EXPECT_EQ(cs_twin_read(&f, CS_IPEIR_OFFSET), CS_ESR_PAGE_TABLE_MASK);
    EXPECT_NE(cs_twin_read(&f, CS_ESR_OFFSET) & CS_ESR_PAGE_TABLE_MASK, 0u);
    ASSERT_EQ(f.message_count, 1u);
    EXPECT_EQ(f.messages[0], cs_twin_render_message(IRQ_DATA_PAGE_FAULT));
    CS_T_CLOSE(&f);
}

/* A store the memory refuses is a page fault and the Page Table error, without a halt: the
 * parser goes on with the next command (the model's cs_store). */
TEST(CsTwin, RefusedStoreIsPageFault)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_write(&f, CS_IMR_OFFSET, ~(uint32_t)IRQ_DATA_PAGE_FAULT);
    cs_twin_ring_at(&f, 0);
    store_dword(&f, CS_T_MEMORY + 0x100u, 0x0BAD0BADu);
    store_dword(&f, CS_T_DATA, 0x60606060u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 2000);
    EXPECT_FALSE(cosim_cs_twin_halted(f.twin));
    EXPECT_NE(cs_twin_read(&f, CS_ESR_OFFSET) & CS_ESR_PAGE_TABLE_MASK, 0u);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x60606060u);
    EXPECT_EQ(cs_twin_head(&f), f.ring_tail);
    ASSERT_EQ(f.message_count, 1u);
    EXPECT_EQ(f.messages[0], cs_twin_render_message(IRQ_DATA_PAGE_FAULT));
    CS_T_CLOSE(&f);
}

/* Registers the model answers keep their reset values in the twin (the IMR and EMR mask all,
 * MI_MODE Rings Idle), and offsets beyond the block are refused before the bus. */
TEST(CsTwin, RegisterResetValues)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    EXPECT_EQ(cs_twin_read(&f, CS_IMR_OFFSET), CS_IMR_RESET);
    EXPECT_EQ(cs_twin_read(&f, CS_EMR_OFFSET), CS_EMR_RESET);
    EXPECT_EQ(cs_twin_read(&f, CS_MI_MODE_OFFSET), CS_MI_MODE_RESET);
    EXPECT_EQ(cs_twin_read(&f, CS_RING_CTL_OFFSET), CS_RING_CTL_RESET);
    uint8_t data[4] = { 0 };
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, CS_BLOCK_SIZE, data, 4);
    tlm_time delay = 0;
    tlm_b_transport(cosim_cs_twin_registers(f.twin), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_ADDRESS_ERROR);
    /* MI_MODE is a masked register: Stop Rings changes only with its enable bit. */
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK);
    EXPECT_EQ(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_STOP_RINGS_MASK, 0u);
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16 | CS_MI_MODE_STOP_RINGS_MASK);
    EXPECT_NE(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_STOP_RINGS_MASK, 0u);
    CS_T_CLOSE(&f);
}

/* MI_MODE Stop Rings stops the parser between commands; clearing it lets it go on. */
TEST(CsTwin, StopRingsHoldsTheParser)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16 | CS_MI_MODE_STOP_RINGS_MASK);
    cs_twin_ring_at(&f, 0);
    store_dword(&f, CS_T_DATA, 0x57075707u);
    cs_twin_submit(&f);
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_head(&f), 0u);
    EXPECT_NE(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u);
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16);
    cs_twin_run(&f, 500);
    EXPECT_EQ(cs_twin_peek(&f, CS_T_DATA), 0x57075707u);
    CS_T_CLOSE(&f);
}

/* MI_MODE Rings Idle follows the parser (the model's update_status: clear while a step is due):
 * a batch that chains to itself keeps the parser busy, so the bit reads 0 however long it runs;
 * Stop Rings halts it between commands and the bit then reads 1, which is what i915
 * intel_engine_stop_cs waits for (MODE_IDLE after STOP_RING). */
TEST(CsTwin, RingsIdleReadsZeroWhileTheParserRuns)
{
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    const uint32_t spin[] = { CS_T_MI_BB_START, CS_T_BATCH_A, 0 };
    for (unsigned i = 0; i < 3; i++)
        cs_twin_poke(&f, CS_T_BATCH_A + 4u * i, spin[i]);
    cs_twin_ring_at(&f, 0);
    cs_twin_emit(&f, spin, 3);
    cs_twin_submit(&f);
    for (unsigned round = 0; round < 4; round++) {
        cs_twin_run(&f, 97);
        EXPECT_EQ(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u);
        EXPECT_FALSE(cosim_cs_twin_idle(f.twin));
    }
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16 | CS_MI_MODE_STOP_RINGS_MASK);
    cs_twin_run(&f, 500);
    EXPECT_NE(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u);
    /* Clearing Stop Rings lets the batch go on spinning. */
    cs_twin_write(&f, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16);
    cs_twin_run(&f, 200);
    EXPECT_EQ(cs_twin_read(&f, CS_MI_MODE_OFFSET) & CS_MI_MODE_RINGS_IDLE_MASK, 0u);
    CS_T_CLOSE(&f);
}
