/* The gen6 GT interrupt registers (models/irq/irq_gen6.h) on their own: GTISR/GTIMR/GTIIR/
 * GTIER fed by engine messages, the IIR's queue of one further event per bit, the host line.
 * Bit positions are worked out from spec 000 §1.1.7 and spec 002 (docs/facts.md). */
#include <stdint.h>

#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "irq_test_util.h"
#include "tb_test.h"

typedef struct Gen6 {
    tlm_kernel *kernel;       /* time base and logger */
    irq_gen6 *irq;            /* model under test */
    const tlm_target *target; /* its registers */
    irq_log_capture log;      /* what the model printed */
} Gen6;

static void Gen6_SetUp(Gen6 *self)
{
    self->kernel = tlm_kernel_create();
    irq_capture_open(&self->log, self->kernel);
    self->irq = irq_gen6_create(self->kernel, "irq");
    self->target = irq_gen6_target(self->irq);
}

static void Gen6_TearDown(Gen6 *self)
{
    irq_gen6_destroy(self->irq);
    tlm_kernel_destroy(self->kernel);
    irq_capture_close(&self->log);
}

#define ISR IRQ_GEN6_GTISR_OFFSET
#define IMR IRQ_GEN6_GTIMR_OFFSET
#define IIR IRQ_GEN6_GTIIR_OFFSET
#define IER IRQ_GEN6_GTIER_OFFSET

static void raise(Gen6 *self, unsigned engine_class, unsigned instance, uint16_t data)
{
    irq_message message = { .engine_class = (uint8_t)engine_class, .instance = (uint8_t)instance, .data = data };
    irq_gen6_deliver(self->irq, &message);
}

static uint32_t rd(Gen6 *self, uint32_t offset)
{
    return irq_read(self->target, offset);
}

static void wr(Gen6 *self, uint32_t offset, uint32_t value)
{
    irq_write(self->target, offset, value);
}

static uint64_t line(Gen6 *self)
{
    return tlm_signal_get(irq_gen6_host_irq(self->irq));
}

static uint64_t logged(Gen6 *self, tlm_log_level level)
{
    return tlm_logger_block(tlm_kernel_logger(self->kernel), "irq")->counts[level];
}

TEST_F(Gen6, ResetValues)
{
    EXPECT_EQ(rd(self, ISR), 0u);
    EXPECT_EQ(rd(self, IMR), 0xFFFFFFFFu); /* spec 000 §1.1.7.2: IMR default FFFF FFFFh */
    EXPECT_EQ(rd(self, IIR), 0u);
    EXPECT_EQ(rd(self, IER), 0u);
    EXPECT_EQ(line(self), 0u);
}

/* Data bit -> GT bit, per engine (spec 000 §1.1.7 render; spec 002 VCS 20:12, BLT 29:22). */
typedef struct bit_fact {
    unsigned engine_class; /* ClassID */
    unsigned data_bit;     /* engine data bit */
    int gt_bit;            /* GTIIR bit, -1: none */
} bit_fact;

static const bit_fact bit_facts[] = {
    { 0, 0, 0 },  { 0, 1, -1 }, { 0, 2, 2 },  { 0, 3, 3 },  { 0, 4, 4 },  { 0, 5, -1 }, { 0, 6, 6 },
    { 0, 7, 7 },  { 0, 8, 8 },  { 0, 9, -1 }, { 0, 11, -1 }, { 0, 15, -1 },
    { 1, 0, 12 }, { 1, 1, -1 }, { 1, 2, 14 }, { 1, 3, 15 }, { 1, 4, 16 }, { 1, 5, -1 }, { 1, 6, 18 },
    { 1, 7, 19 }, { 1, 8, 20 }, { 1, 9, -1 }, { 1, 15, -1 },
    { 3, 0, 22 }, { 3, 1, -1 }, { 3, 2, 24 }, { 3, 3, 25 }, { 3, 4, 26 }, { 3, 5, -1 }, { 3, 6, -1 },
    { 3, 7, 29 }, { 3, 8, -1 }, { 3, 9, -1 }, { 3, 15, -1 },
};

TEST_F(Gen6, EngineEventsSetTheirGtBits)
{
    wr(self, IMR, 0);
    for (size_t i = 0; i < sizeof bit_facts / sizeof bit_facts[0]; i++) {
        raise(self, bit_facts[i].engine_class, 0, (uint16_t)(1u << bit_facts[i].data_bit));
        uint32_t expected = bit_facts[i].gt_bit < 0 ? 0 : 1u << bit_facts[i].gt_bit;
        EXPECT_EQ(rd(self, IIR), expected);
        EXPECT_EQ(irq_gen6_gt_bits(bit_facts[i].engine_class, 0, (uint16_t)(1u << bit_facts[i].data_bit)), expected);
        wr(self, IIR, 0xFFFFFFFFu);
    }
}

TEST_F(Gen6, UndefinedDataBitsAreDroppedWithAWarning)
{
    wr(self, IMR, 0);
    raise(self, 0, 0, 0x0021); /* user interrupt and reserved bit 5 */
    EXPECT_EQ(rd(self, IIR), 0x1u);
    EXPECT_EQ(logged(self, TLM_LOG_WARNING), 1u);
    EXPECT_TRUE(irq_contains(irq_capture_text(&self->log), "rcs data bits 0x0020 have no GT interrupt bit"));
}

TEST_F(Gen6, UnknownEnginesAreDroppedWithAnError)
{
    wr(self, IMR, 0);
    raise(self, 2, 0, 1); /* no video enhancement engine on gen6 */
    raise(self, 1, 1, 1); /* one video engine */
    raise(self, 4, 0, 1); /* no 'Other' class */
    EXPECT_EQ(rd(self, IIR), 0u);
    EXPECT_EQ(logged(self, TLM_LOG_ERROR), 3u);
    EXPECT_TRUE(irq_gen6_engine_name(3, 0) != NULL);
    EXPECT_TRUE(irq_gen6_engine_name(5, 0) == NULL);
}

TEST_F(Gen6, MaskedEventsAreNotReportedEvenAfterUnmask)
{
    /* spec 000 §1.1.7.2: masked bits will not be reported in the IIR. */
    wr(self, IMR, ~0x1u);
    raise(self, 0, 0, 0x0011); /* user interrupt unmasked, notify masked */
    EXPECT_EQ(rd(self, IIR), 0x1u);
    wr(self, IMR, 0);
    EXPECT_EQ(rd(self, IIR), 0x1u);
}

TEST_F(Gen6, IirBitsPersistUntilClearedByWritingOne)
{
    wr(self, IMR, 0);
    raise(self, 1, 0, 0x0001);
    raise(self, 3, 0, 0x0001);
    EXPECT_EQ(rd(self, IIR), 0x00401000u);
    wr(self, IIR, 0x00001000u);
    EXPECT_EQ(rd(self, IIR), 0x00400000u);
    wr(self, IIR, 0);
    EXPECT_EQ(rd(self, IIR), 0x00400000u);
}

TEST_F(Gen6, IirQueuesOneFurtherEventPerBit)
{
    /* i915/xe: "IIR can queue up two events": a bit cleared with an event behind it re-asserts. */
    wr(self, IMR, 0);
    wr(self, IER, 0xFFFFFFFFu);
    raise(self, 0, 0, 1);
    raise(self, 0, 0, 1);
    wr(self, IIR, 1);
    EXPECT_EQ(rd(self, IIR), 1u);
    EXPECT_EQ(line(self), 1u);
    wr(self, IIR, 1);
    EXPECT_EQ(rd(self, IIR), 0u);
    EXPECT_EQ(line(self), 0u);
    EXPECT_EQ(irq_gen6_get_stats(self->irq)->reasserted, 1u);
}

TEST_F(Gen6, BackToBackEventsBeyondTheQueueCollapse)
{
    wr(self, IMR, 0);
    for (int i = 0; i < 4; i++)
        raise(self, 3, 0, 1);
    wr(self, IIR, 1u << 22);
    EXPECT_EQ(rd(self, IIR), 1u << 22);
    wr(self, IIR, 1u << 22);
    EXPECT_EQ(rd(self, IIR), 0u);
    EXPECT_EQ(irq_gen6_get_stats(self->irq)->queued, 1u);
    EXPECT_EQ(irq_gen6_get_stats(self->irq)->collapsed, 2u);
}

TEST_F(Gen6, QueueIsPerBit)
{
    wr(self, IMR, 0);
    raise(self, 0, 0, 1);
    raise(self, 0, 0, 1);
    raise(self, 1, 0, 1);
    wr(self, IIR, 0x00001001u);
    EXPECT_EQ(rd(self, IIR), 0x1u);
}

TEST_F(Gen6, EventBetweenIirReadAndClearIsNotLost)
{
    /* The driver reads GTIIR, then writes back what it read. */
    wr(self, IMR, 0);
    wr(self, IER, 0xFFFFFFFFu);
    raise(self, 0, 0, 1);
    uint32_t iir = rd(self, IIR);
    raise(self, 0, 0, 1); /* same bit: queued */
    raise(self, 1, 0, 1); /* another bit: set, not in what was read */
    wr(self, IIR, iir);
    EXPECT_EQ(rd(self, IIR), 0x00001001u);
    EXPECT_EQ(line(self), 1u);
}

TEST_F(Gen6, HostLineIsIirAndIer)
{
    wr(self, IMR, 0);
    raise(self, 3, 0, 0x0008); /* blitter master error, bit 25 */
    EXPECT_EQ(rd(self, IIR), 1u << 25);
    EXPECT_EQ(line(self), 0u);
    wr(self, IER, 1u << 22);
    EXPECT_EQ(line(self), 0u);
    wr(self, IER, 1u << 25);
    EXPECT_EQ(line(self), 1u);
    wr(self, IIR, 1u << 25);
    EXPECT_EQ(line(self), 0u);
}

TEST_F(Gen6, IsrReadsZeroBetweenEventsAndIgnoresWrites)
{
    wr(self, IMR, 0);
    raise(self, 0, 0, 1);
    EXPECT_EQ(rd(self, ISR), 0u);
    wr(self, ISR, 0xFFFFFFFFu);
    EXPECT_EQ(rd(self, ISR), 0u);
}

TEST_F(Gen6, VirtualFunctionMessagesAreDropped)
{
    wr(self, IMR, 0);
    irq_message message = { .vf_id = 1, .data = 1 };
    irq_gen6_deliver(self->irq, &message);
    EXPECT_EQ(rd(self, IIR), 0u);
    EXPECT_EQ(logged(self, TLM_LOG_WARNING), 1u);
}

TEST_F(Gen6, ResetForgetsQueuedEvents)
{
    wr(self, IMR, 0);
    raise(self, 0, 0, 1);
    raise(self, 0, 0, 1);
    irq_gen6_reset(self->irq);
    wr(self, IMR, 0);
    raise(self, 0, 0, 1);
    wr(self, IIR, 1);
    EXPECT_EQ(rd(self, IIR), 0u);
}

TEST_F(Gen6, SinkDeliversIntoTheModel)
{
    wr(self, IMR, 0);
    irq_message_sink sink = irq_gen6_sink(self->irq);
    irq_message message = { .engine_class = IRQ_CLASS_VIDEO_DECODE, .data = IRQ_DATA_MASTER_ERROR };
    irq_message_send(&sink, &message);
    EXPECT_EQ(rd(self, IIR), 1u << 15);
}
