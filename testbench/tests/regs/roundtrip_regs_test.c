/* Names and values of the round-trip block worked out by hand from roundtrip_regs.toml: the
 * names other code is written against exist and mean what the source says, in the C header,
 * the C descriptor and the SV package (through the verilated table). */
#include "tb_test.h"

#include <stdint.h>

#include "roundtrip_regs.h"
#include "roundtrip_regs_table_wrapper.h"

typedef struct {
    roundtrip_regs_table *table;
} RoundtripRegsNamed;

static void RoundtripRegsNamed_SetUp(RoundtripRegsNamed *self)
{
    self->table = roundtrip_regs_table_new();
    ASSERT_NE(self->table, NULL);
}

static void RoundtripRegsNamed_TearDown(RoundtripRegsNamed *self)
{
    roundtrip_regs_table_delete(self->table);
}

TEST(RoundtripRegsNamed, BlockAndOffsets)
{
    EXPECT_EQ(ROUNDTRIP_BLOCK_SIZE, 0x1000);
    EXPECT_EQ(ROUNDTRIP_REGISTER_COUNT, 9);
    EXPECT_TRUE(roundtrip_regs.ro_write_error);
    EXPECT_EQ(ROUNDTRIP_ID_OFFSET, 0x000);
    EXPECT_EQ(ROUNDTRIP_SCRATCH_OFFSET, 0x004);
    EXPECT_EQ(ROUNDTRIP_MODE_OFFSET, 0x008);
    EXPECT_EQ(ROUNDTRIP_START_OFFSET, 0x00C);
    EXPECT_EQ(ROUNDTRIP_RESULT_OFFSET, 0x010);
    EXPECT_EQ(ROUNDTRIP_STATUS_OFFSET, 0x014);
    EXPECT_EQ(ROUNDTRIP_STATUS_SET_OFFSET, 0x018);
    EXPECT_EQ(ROUNDTRIP_INT_ENABLE_OFFSET, 0x01C);
    EXPECT_EQ(ROUNDTRIP_COUNT_OFFSET, 0x020);
    EXPECT_EQ(ROUNDTRIP_COUNT_INDEX, 8);
}

TEST(RoundtripRegsNamed, FieldsAndResets)
{
    EXPECT_EQ(ROUNDTRIP_ID_RESET, 0x47540001);
    EXPECT_EQ(ROUNDTRIP_ID_DEVICE_SHIFT, 16);
    EXPECT_EQ(ROUNDTRIP_ID_DEVICE_RESET, 0x4754);
    EXPECT_EQ(ROUNDTRIP_ID_RO_MASK, 0xFFFFFFFF);
    EXPECT_EQ(ROUNDTRIP_MODE_ROTATE_SHIFT, 2);
    EXPECT_EQ(ROUNDTRIP_MODE_ROTATE_WIDTH, 5);
    EXPECT_EQ(ROUNDTRIP_MODE_ROTATE_MASK, 0x7C);
    EXPECT_EQ(ROUNDTRIP_MODE_RW_MASK, 0x7F);
    EXPECT_EQ(ROUNDTRIP_START_W1S_MASK, 0x1);
    EXPECT_EQ(ROUNDTRIP_STATUS_W1C_MASK, 0x3);
    EXPECT_EQ(ROUNDTRIP_STATUS_SET_W1S_MASK, 0x3);
    EXPECT_EQ(ROUNDTRIP_STATUS_OVERRUN_MASK, 0x2);
    EXPECT_EQ(ROUNDTRIP_COUNT_OPERATIONS_WIDTH, 16);
    EXPECT_EQ(ROUNDTRIP_RESULT_RO_MASK, 0xFFFFFFFF);
}

TEST(RoundtripRegsNamed, StatusSetIsAnAliasOfStatus)
{
    EXPECT_EQ(ROUNDTRIP_STATUS_SET_STORAGE_INDEX, ROUNDTRIP_STATUS_INDEX);
    EXPECT_EQ(ROUNDTRIP_STATUS_STORAGE_INDEX, ROUNDTRIP_STATUS_INDEX);
    EXPECT_EQ(roundtrip_regs.registers[ROUNDTRIP_STATUS_SET_INDEX].storage_index, ROUNDTRIP_STATUS_INDEX);
    EXPECT_EQ(ROUNDTRIP_SCRATCH_STORAGE_INDEX, ROUNDTRIP_SCRATCH_INDEX);
}

TEST(RoundtripRegsNamed, OnlyModeIsMasked)
{
    for (uint32_t i = 0; i < roundtrip_regs.register_count; i++)
        EXPECT_EQ(roundtrip_regs.registers[i].masked, i == ROUNDTRIP_MODE_INDEX);
}

TEST_F(RoundtripRegsNamed, SvPackageHasTheSameNamedValues)
{
    regs_table_row sv;
    roundtrip_regs_table_lookup(self->table, ROUNDTRIP_MODE_INDEX, 2, 0, &sv); /* ROTATE: third field */
    EXPECT_EQ(sv.offset, 0x008);
    EXPECT_TRUE(sv.masked);
    EXPECT_EQ(sv.field_shift, 2);
    EXPECT_EQ(sv.field_width, 5);
    EXPECT_EQ(sv.field_mask, 0x7C);

    roundtrip_regs_table_lookup(self->table, ROUNDTRIP_STATUS_SET_INDEX, 1, 0, &sv); /* OVERRUN */
    EXPECT_EQ(sv.offset, 0x018);
    EXPECT_EQ(sv.storage_index, ROUNDTRIP_STATUS_INDEX);
    EXPECT_EQ(sv.w1s_mask, 0x3);
    EXPECT_EQ(sv.w1c_mask, 0);
    EXPECT_EQ(sv.field_mask, 0x2);

    roundtrip_regs_table_lookup(self->table, ROUNDTRIP_ID_INDEX, 1, 0, &sv); /* DEVICE */
    EXPECT_EQ(sv.reset, 0x47540001);
    EXPECT_EQ(sv.field_reset, 0x4754);
    EXPECT_FALSE(sv.masked);
}
