/* Engine interrupt messages (models/irq/irq_message.h): spec 001 "Format of interrupt message"
 * and the engine class table. */
#include <stdint.h>

#include "irq_message.h"
#include "tb_test.h"

TEST(IrqMessage, PackPutsEveryFieldAtItsSpecBits)
{
    /* 29:27 VF ID, 25:20 instance, 18:16 class, 15:0 data */
    irq_message message = { .vf_id = 5, .engine_class = 3, .instance = 0x2A, .data = 0xBEEF };
    EXPECT_EQ(irq_message_pack(&message), 5u << 27 | 0x2Au << 20 | 3u << 16 | 0xBEEFu);
    irq_message one_each[] = {
        { .vf_id = 1 }, { .instance = 1 }, { .engine_class = 1 }, { .data = 1 },
    };
    EXPECT_EQ(irq_message_pack(&one_each[0]), 0x08000000u);
    EXPECT_EQ(irq_message_pack(&one_each[1]), 0x00100000u);
    EXPECT_EQ(irq_message_pack(&one_each[2]), 0x00010000u);
    EXPECT_EQ(irq_message_pack(&one_each[3]), 0x00000001u);
}

TEST(IrqMessage, PackTruncatesFieldsToTheirWidths)
{
    irq_message message = { .vf_id = 0xFF, .engine_class = 0xFF, .instance = 0xFF, .data = 0xFFFF };
    /* reserved bits 31:30, 26 and 19 stay 0 */
    EXPECT_EQ(irq_message_pack(&message), 0x3BF7FFFFu);
}

TEST(IrqMessage, UnpackIgnoresReservedBits)
{
    irq_message message = irq_message_unpack(0xFFFFFFFFu);
    EXPECT_EQ(message.vf_id, 7u);
    EXPECT_EQ(message.instance, 63u);
    EXPECT_EQ(message.engine_class, 7u);
    EXPECT_EQ(message.data, 0xFFFFu);
    message = irq_message_unpack(0xC4080000u); /* only reserved bits 31:30, 26, 19 */
    EXPECT_EQ(message.vf_id, 0u);
    EXPECT_EQ(message.instance, 0u);
    EXPECT_EQ(message.engine_class, 0u);
    EXPECT_EQ(message.data, 0u);
}

TEST(IrqMessage, PackAndUnpackRoundTripEveryClassAndInstance)
{
    for (unsigned engine_class = 0; engine_class < IRQ_CLASS_COUNT; engine_class++)
        for (unsigned instance = 0; instance < IRQ_INSTANCE_COUNT; instance++) {
            irq_message message = { .vf_id = (uint8_t)(instance & 7), .engine_class = (uint8_t)engine_class,
                                    .instance = (uint8_t)instance, .data = (uint16_t)(instance * 977) };
            irq_message back = irq_message_unpack(irq_message_pack(&message));
            EXPECT_EQ(back.vf_id, message.vf_id);
            EXPECT_EQ(back.engine_class, message.engine_class);
            EXPECT_EQ(back.instance, message.instance);
            EXPECT_EQ(back.data, message.data);
        }
}

TEST(IrqMessage, ClassAndOtherInstanceNumbersFollowTheSpecTable)
{
    EXPECT_EQ(IRQ_CLASS_RENDER, 0);
    EXPECT_EQ(IRQ_CLASS_VIDEO_DECODE, 1);
    EXPECT_EQ(IRQ_CLASS_VIDEO_ENHANCE, 2);
    EXPECT_EQ(IRQ_CLASS_COPY, 3);
    EXPECT_EQ(IRQ_CLASS_OTHER, 4);
    EXPECT_EQ(IRQ_CLASS_COMPUTE, 5);
    EXPECT_EQ(IRQ_OTHER_GUC, 0);
    EXPECT_EQ(IRQ_OTHER_GTPM, 1);
    EXPECT_EQ(IRQ_OTHER_WDOAPERF, 2);
    EXPECT_EQ(IRQ_OTHER_SCTRG, 3);
    EXPECT_EQ(IRQ_OTHER_KCR, 4);
    EXPECT_EQ(IRQ_OTHER_GUNIT, 5);
    EXPECT_EQ(IRQ_OTHER_CSME, 6);
    EXPECT_STREQ(irq_class_name(IRQ_CLASS_COMPUTE), "compute");
    EXPECT_STREQ(irq_class_name(6), "reserved");
}

TEST(IrqMessage, EngineDataBitsFollowTheInterruptControlRegisterDefinition)
{
    /* spec 000 §1.1.7: 0 user interrupt, 2 sync status, 3 master error, 4 PIPE_CONTROL notify,
     * 6 timeout counter expired, 7 page fault, 8 context switch. */
    EXPECT_EQ(IRQ_DATA_USER_INTERRUPT, 0x001u);
    EXPECT_EQ(IRQ_DATA_SYNC_STATUS, 0x004u);
    EXPECT_EQ(IRQ_DATA_MASTER_ERROR, 0x008u);
    EXPECT_EQ(IRQ_DATA_NOTIFY, 0x010u);
    EXPECT_EQ(IRQ_DATA_TIMEOUT, 0x040u);
    EXPECT_EQ(IRQ_DATA_PAGE_FAULT, 0x080u);
    EXPECT_EQ(IRQ_DATA_CONTEXT_SWITCH, 0x100u);
}

typedef struct recorder {
    int calls;           /* deliveries seen */
    irq_message last;    /* the last one */
} recorder;

static void record(void *self, const irq_message *message)
{
    recorder *r = self;
    r->calls++;
    r->last = *message;
}

TEST(IrqMessage, SendCallsTheSinksDeliverWithItsSelf)
{
    recorder r = { 0 };
    irq_message_sink sink = { .deliver = record, .self = &r };
    irq_message message = { .engine_class = IRQ_CLASS_COPY, .data = IRQ_DATA_USER_INTERRUPT };
    irq_message_send(&sink, &message);
    EXPECT_EQ(r.calls, 1);
    EXPECT_EQ(r.last.engine_class, 3u);
    EXPECT_EQ(r.last.data, 1u);
}
