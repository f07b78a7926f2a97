/* The generator's output for regtest_regs.toml, a source that uses every feature of the format,
 * checked against values worked out by hand from that file (not from the generator), and run
 * through tlm_register so that the flags the generator sets have the effect they promise. */
#include "tb_test.h"

#include <stdint.h>
#include <string.h>

#include "regtest_regs.h"
#include "tlm_log.h"
#include "tlm_register.h"

static const tlm_register_desc *reg_at(uint32_t index)
{
    return &regtest_regs.registers[index];
}

TEST(RegtestRegs, BlockHasTheSourceAttributes)
{
    EXPECT_STREQ(regtest_regs.name, "regtest");
    EXPECT_EQ(regtest_regs.size, 0x400);
    EXPECT_EQ(REGTEST_BLOCK_SIZE, 0x400);
    EXPECT_FALSE(regtest_regs.ro_write_error); /* ro_write is absent: "ignore" */
    EXPECT_EQ(regtest_regs.register_count, 5);
    EXPECT_EQ(REGTEST_REGISTER_COUNT, 5);
}

TEST(RegtestRegs, RegistersAreSortedByOffsetWhateverTheSourceOrder)
{
    /* The source lists IRQ_STATUS, CONTROL, IRQ_SET, DATA, VERSION. */
    static const char *const names[] = {"CONTROL", "VERSION", "IRQ_STATUS", "IRQ_SET", "DATA"};
    static const uint32_t offsets[] = {0x0, 0x8, 0x10, 0x14, 0x3FC};
    for (uint32_t i = 0; i < 5; i++) {
        EXPECT_STREQ(reg_at(i)->name, names[i]);
        EXPECT_EQ(reg_at(i)->offset, offsets[i]);
    }
    EXPECT_EQ(REGTEST_CONTROL_INDEX, 0);
    EXPECT_EQ(REGTEST_VERSION_INDEX, 1);
    EXPECT_EQ(REGTEST_IRQ_STATUS_INDEX, 2);
    EXPECT_EQ(REGTEST_IRQ_SET_INDEX, 3);
    EXPECT_EQ(REGTEST_DATA_INDEX, 4);
    EXPECT_EQ(REGTEST_DATA_OFFSET, 0x3FC);
    EXPECT_EQ(tlm_register_find(&regtest_regs, 0x3FC), 4);
    EXPECT_EQ(tlm_register_find(&regtest_regs, 0x4), -1);
}

TEST(RegtestRegs, FieldsAreSortedLowestBitFirst)
{
    const tlm_register_desc *control = reg_at(REGTEST_CONTROL_INDEX);
    ASSERT_EQ(control->field_count, 4);
    EXPECT_STREQ(control->fields[0].name, "ENABLE");
    EXPECT_STREQ(control->fields[1].name, "STATE");
    EXPECT_STREQ(control->fields[2].name, "BUSY");
    EXPECT_STREQ(control->fields[3].name, "KICK");
    const tlm_register_desc *status = reg_at(REGTEST_IRQ_STATUS_INDEX);
    ASSERT_EQ(status->field_count, 3);
    EXPECT_STREQ(status->fields[0].name, "DONE");
    EXPECT_STREQ(status->fields[1].name, "ERROR");
    EXPECT_STREQ(status->fields[2].name, "LEVEL");
}

TEST(RegtestRegs, MaskedRegisterHasItsFlagMasksAndFields)
{
    const tlm_register_desc *control = reg_at(REGTEST_CONTROL_INDEX);
    EXPECT_TRUE(control->masked);
    EXPECT_EQ(control->rw_mask, 0x000F);   /* ENABLE 0, STATE 3:1 */
    EXPECT_EQ(control->ro_mask, 0x0100);   /* BUSY 8 */
    EXPECT_EQ(control->w1s_mask, 0x8000);  /* KICK 15 */
    EXPECT_EQ(control->w1c_mask, 0);
    EXPECT_EQ(control->reset, 0x5);        /* ENABLE=1, STATE=2 */
    EXPECT_EQ(REGTEST_CONTROL_RESET, 0x5);
    EXPECT_EQ(REGTEST_CONTROL_RW_MASK, 0x000F);
    EXPECT_EQ(REGTEST_CONTROL_STATE_SHIFT, 1);
    EXPECT_EQ(REGTEST_CONTROL_STATE_WIDTH, 3);
    EXPECT_EQ(REGTEST_CONTROL_STATE_MASK, 0xE);
    EXPECT_EQ(REGTEST_CONTROL_STATE_RESET, 2);
    EXPECT_EQ(REGTEST_CONTROL_KICK_MASK, 0x8000);
    EXPECT_EQ(control->fields[3].access, TLM_REGISTER_W1S);
    EXPECT_EQ(control->fields[2].access, TLM_REGISTER_RO);
    EXPECT_FALSE(reg_at(REGTEST_VERSION_INDEX)->masked);
}

TEST(RegtestRegs, MaskedWriteChangesOnlyEnabledBits)
{
    const tlm_register_desc *control = reg_at(REGTEST_CONTROL_INDEX);
    /* Enable only STATE (mask bits 19:17): ENABLE keeps its 1 although data bit 0 is 0. */
    uint32_t data = (REGTEST_CONTROL_STATE_MASK << 16) | (REGTEST_CONTROL_STATE_RUN << REGTEST_CONTROL_STATE_SHIFT);
    uint32_t value = tlm_register_apply_write(control, REGTEST_CONTROL_RESET, data, 0xFFFFFFFFu);
    EXPECT_EQ(value, (REGTEST_CONTROL_STATE_RUN << REGTEST_CONTROL_STATE_SHIFT) | REGTEST_CONTROL_ENABLE_MASK);
    EXPECT_EQ(tlm_register_read_value(control, 0xFFFFFFFFu), 0x810F); /* 31:16 read 0, reserved 0 */
}

TEST(RegtestRegs, EnumeratedValuesKeepSourceOrderAndValues)
{
    const tlm_register_field_desc *state = &reg_at(REGTEST_CONTROL_INDEX)->fields[1];
    ASSERT_EQ(state->value_count, 4);
    ASSERT_NE(state->values, NULL);
    EXPECT_STREQ(state->values[0].name, "OFF");
    EXPECT_EQ(state->values[0].value, 0);
    EXPECT_STREQ(state->values[1].name, "IDLE");
    EXPECT_EQ(state->values[1].value, 2);
    EXPECT_STREQ(state->values[2].name, "RUN");
    EXPECT_EQ(state->values[2].value, 5);
    EXPECT_STREQ(state->values[3].name, "MAX");
    EXPECT_EQ(state->values[3].value, 7);
    EXPECT_EQ(REGTEST_CONTROL_STATE_OFF, 0);
    EXPECT_EQ(REGTEST_CONTROL_STATE_IDLE, 2);
    EXPECT_EQ(REGTEST_CONTROL_STATE_RUN, 5);
    EXPECT_EQ(REGTEST_CONTROL_STATE_MAX, 7);
    EXPECT_EQ(REGTEST_CONTROL_BUSY_YES, 1);
    const tlm_register_field_desc *enable = &reg_at(REGTEST_CONTROL_INDEX)->fields[0];
    EXPECT_EQ(enable->values, NULL);
    EXPECT_EQ(enable->value_count, 0);
}

TEST(RegtestRegs, AliasSharesStorageAndResetOfItsTarget)
{
    const tlm_register_desc *status = reg_at(REGTEST_IRQ_STATUS_INDEX);
    const tlm_register_desc *set = reg_at(REGTEST_IRQ_SET_INDEX);
    EXPECT_EQ(REGTEST_IRQ_SET_STORAGE_INDEX, REGTEST_IRQ_STATUS_INDEX);
    EXPECT_EQ(REGTEST_IRQ_STATUS_STORAGE_INDEX, REGTEST_IRQ_STATUS_INDEX);
    EXPECT_EQ(set->storage_index, REGTEST_IRQ_STATUS_INDEX);
    EXPECT_EQ(status->reset, 0x30000010);  /* LEVEL=3, ERROR=1 */
    EXPECT_EQ(set->reset, 0x30000010);     /* the target's, LEVEL included */
    EXPECT_EQ(REGTEST_IRQ_SET_RESET, 0x30000010);
    EXPECT_EQ(status->w1c_mask, 0x11);
    EXPECT_EQ(status->ro_mask, 0xF0000000);
    EXPECT_EQ(set->w1s_mask, 0x11);
    EXPECT_EQ(set->w1c_mask, 0);
    EXPECT_EQ(set->ro_mask, 0);
}

/* A register file over the regtest block, logging to a silent logger (returned; NULL if none). */
static tlm_logger *open_register_file(tlm_register_file *file)
{
    tlm_logger *logger = tlm_logger_create(NULL, NULL);
    if (!logger)
        return NULL;
    tlm_logger_set_level(logger, TLM_LOG_LEVEL_COUNT);
    tlm_register_file_init(file, &regtest_regs, tlm_logger_block(logger, "regtest"));
    return logger;
}

TEST(RegtestRegs, RegisterFileAppliesTheGeneratedSemantics)
{
    tlm_register_file file;
    tlm_logger *logger = open_register_file(&file);
    ASSERT_NE(logger, NULL);

    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_DATA_INDEX), 0xDEADBEEF);
    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_IRQ_SET_INDEX), 0x10); /* its own fields only */

    /* Write 1 to IRQ_SET.DONE: the shared storage gets DONE; IRQ_STATUS sees it. */
    uint32_t data = REGTEST_IRQ_SET_DONE_MASK;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_IRQ_SET_OFFSET, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_IRQ_STATUS_INDEX), 0x30000011);

    /* Write 1 to clear ERROR through IRQ_STATUS. */
    data = REGTEST_IRQ_STATUS_ERROR_MASK;
    payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_IRQ_STATUS_OFFSET, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_IRQ_STATUS_INDEX), 0x30000001);

    /* ro_write = "ignore": a write to the read-only VERSION is accepted and changes nothing. */
    data = 0xFFFFFFFFu;
    payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_VERSION_OFFSET, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_VERSION_INDEX), 0x0312);

    tlm_register_file_destroy(&file);
    tlm_logger_destroy(logger);
}

TEST(RegtestRegs, DescriptionsSurviveEscaping)
{
    /* DATA's description holds characters that C, SV and Markdown each treat specially; the
     * descriptor must carry the text unchanged. */
    EXPECT_STREQ(reg_at(REGTEST_IRQ_STATUS_INDEX)->fields[1].description,
                 "An error happened (set at reset, so software sees a fresh device)");
    EXPECT_STREQ(reg_at(REGTEST_CONTROL_INDEX)->description, "Masked control: bits 31:16 enable writes to 15:0");
    /* "?" "?)" is split so that this file holds no trigraph either. */
    EXPECT_STREQ(reg_at(REGTEST_DATA_INDEX)->description,
                 "Last word of the block: \"quotes\", back\\slash, ?" "?) trigraph, */ comment end, | pipe, <b>, \u00e9");
}

static unsigned debug_on_read_calls;

static void count_on_read(void *context, uint32_t index)
{
    (void)context;
    (void)index;
    debug_on_read_calls++;
}

/* Debug transport (tlm_register_file_read_dbg): a register's software value without side
 * effects; writes, malformed accesses, holes and offsets past the block transfer nothing. */
TEST(RegtestRegs, DebugReadSeesTheSoftwareValueWithoutSideEffects)
{
    tlm_register_file file;
    tlm_logger *logger = open_register_file(&file);
    ASSERT_NE(logger, NULL);
    file.on_read = count_on_read;
    debug_on_read_calls = 0;

    /* The software view: a masked register's mask bits read 0, whatever is stored there. */
    file.values[REGTEST_CONTROL_INDEX] = 0xFFFF0000u | REGTEST_CONTROL_RESET;
    uint32_t data = 0xA5A5A5A5u;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, REGTEST_CONTROL_OFFSET, &data, 4);
    payload.response = TLM_STATUS_INCOMPLETE;
    EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, payload.address), 4u);
    EXPECT_EQ(data, tlm_register_file_peek(&file, REGTEST_CONTROL_INDEX));
    EXPECT_EQ(data, REGTEST_CONTROL_RESET);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    /* All four bytes, whatever the byte enables say (a debugger wants the whole register). */
    uint8_t enables[4] = { 0xFF, 0, 0, 0 };
    data = 0;
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, &data, 4);
    payload.byte_enable = enables;
    payload.byte_enable_length = 4;
    EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, payload.address), 4u);
    EXPECT_EQ(data, 0xDEADBEEFu);
    EXPECT_EQ(debug_on_read_calls, 0u); /* no read side effect ran */

    /* A debug write transfers nothing and changes nothing. */
    data = 0x12345678u;
    payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_DATA_OFFSET, &data, 4);
    EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, payload.address), 0u);
    EXPECT_EQ(tlm_register_file_peek(&file, REGTEST_DATA_INDEX), 0xDEADBEEFu);
    /* Neither does a hole, an offset past the block (even one that aliases a register in 32
     * bits), an unaligned offset or a length other than 4. */
    uint64_t refused[] = { REGTEST_VERSION_OFFSET + 4, REGTEST_BLOCK_SIZE,
                           (UINT64_C(1) << 32) + REGTEST_DATA_OFFSET, REGTEST_DATA_OFFSET + 1 };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        data = 0x5A5A5A5Au;
        payload = tlm_payload_make(TLM_CMD_READ, refused[i], &data, 4);
        EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, payload.address), 0u);
        EXPECT_EQ(data, 0x5A5A5A5Au);
    }
    uint16_t half = 0;
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, &half, 2);
    EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, payload.address), 0u);
    /* The offset is the caller's: a window that rebases its payloads reads its own register. */
    data = 0;
    payload = tlm_payload_make(TLM_CMD_READ, 0x1000, &data, 4);
    EXPECT_EQ(tlm_register_file_read_dbg(&file, &payload, REGTEST_DATA_OFFSET), 4u);
    EXPECT_EQ(data, 0xDEADBEEFu);
    EXPECT_EQ(debug_on_read_calls, 0u);

    tlm_register_file_destroy(&file);
    tlm_logger_destroy(logger);
}

/* Every word of the block decodes to its register or is a hole, with and without byte enables
 * (the plain access and the general path); offsets past the block, however they alias in 32
 * bits, are holes. The registers are those of regtest_regs.toml, by hand. */
TEST(RegtestRegs, EveryWordDecodesToItsRegisterOrIsAHole)
{
    static const uint32_t registers[] = { 0x0, 0x8, 0x10, 0x14, 0x3FC };
    tlm_register_file file;
    tlm_logger *logger = open_register_file(&file);
    ASSERT_NE(logger, NULL);
    uint8_t enables[4] = { TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_ENABLED,
                           TLM_BYTE_LANE_ENABLED };
    for (uint64_t offset = 0; offset < REGTEST_BLOCK_SIZE + 16; offset += 4) {
        bool mapped = false;
        for (size_t r = 0; r < sizeof registers / sizeof registers[0]; r++)
            mapped |= registers[r] == offset;
        for (int with_enables = 0; with_enables < 2; with_enables++) {
            uint32_t data = 0;
            tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, &data, 4);
            if (with_enables) {
                payload.byte_enable = enables;
                payload.byte_enable_length = 4;
            }
            tlm_register_file_b_transport(&file, &payload);
            EXPECT_EQ(payload.response, mapped ? TLM_STATUS_OK : TLM_STATUS_ADDRESS_ERROR);
        }
    }
    uint32_t data = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, (UINT64_C(1) << 32) + REGTEST_DATA_OFFSET, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(payload.response, TLM_STATUS_ADDRESS_ERROR);
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET + 2, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(payload.response, TLM_STATUS_BURST_ERROR);
    tlm_register_file_destroy(&file);
    tlm_logger_destroy(logger);
}

static uint32_t hook_write_data;

static void record_write_data(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)index;
    (void)old_value;
    (void)new_value;
    hook_write_data = ((const tlm_register_file *)context)->write_data;
}

/* During on_write the file holds the data written with the byte enables applied (a model needs
 * it where old and new value cannot tell, e.g. a 1 written to a W1C bit that was already 0). */
TEST(RegtestRegs, WriteHookSeesTheDataWrittenWithByteEnablesApplied)
{
    tlm_register_file file;
    tlm_logger *logger = open_register_file(&file);
    ASSERT_NE(logger, NULL);
    file.on_write = record_write_data;
    file.context = &file;
    uint32_t data = 0x12345678u;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_DATA_OFFSET, &data, 4);
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(hook_write_data, 0x12345678u);
    uint8_t enables[4] = { TLM_BYTE_LANE_DISABLED, TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_DISABLED,
                           TLM_BYTE_LANE_ENABLED };
    data = 0xA1B2C3D4u;
    payload = tlm_payload_make(TLM_CMD_WRITE, REGTEST_IRQ_STATUS_OFFSET, &data, 4);
    payload.byte_enable = enables;
    payload.byte_enable_length = 4;
    tlm_register_file_b_transport(&file, &payload);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    EXPECT_EQ(hook_write_data, 0xA100C300u);
    tlm_register_file_destroy(&file);
    tlm_logger_destroy(logger);
}

/* A plain access (what a model may answer itself) is exactly an aligned 4-byte payload with a
 * buffer and no byte enables at a register; every other payload is left to the file's rules. */
TEST(RegtestRegs, PlainIndexNamesTheRegisterOfAnAlignedWordAccessOnly)
{
    static const uint32_t registers[] = { 0x0, 0x8, 0x10, 0x14, 0x3FC };
    tlm_register_file file;
    tlm_logger *logger = open_register_file(&file);
    ASSERT_NE(logger, NULL);
    uint32_t data = 0;
    for (uint64_t offset = 0; offset < REGTEST_BLOCK_SIZE + 16; offset += 4) {
        int32_t want = -1;
        for (size_t r = 0; r < sizeof registers / sizeof registers[0]; r++)
            if (registers[r] == offset)
                want = tlm_register_find(&regtest_regs, (uint32_t)offset);
        tlm_payload read = tlm_payload_make(TLM_CMD_READ, offset, &data, 4);
        EXPECT_EQ(tlm_register_file_plain_index(&file, &read), want);
        tlm_payload write = tlm_payload_make(TLM_CMD_WRITE, offset, &data, 4);
        EXPECT_EQ(tlm_register_file_plain_index(&file, &write), want);
    }
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET + 2, &data, 4);
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1); /* misaligned */
    uint64_t wide = 0;
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, &wide, 8);
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1); /* not 4 bytes */
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, &data, 2);
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1);
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, NULL, 4);
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1); /* no buffer */
    uint8_t enables[4] = { TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_ENABLED, TLM_BYTE_LANE_ENABLED,
                           TLM_BYTE_LANE_ENABLED };
    payload = tlm_payload_make(TLM_CMD_READ, REGTEST_DATA_OFFSET, &data, 4);
    payload.byte_enable = enables;
    payload.byte_enable_length = 4;
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1); /* byte enables */
    payload = tlm_payload_make(TLM_CMD_READ, (UINT64_C(1) << 32) + REGTEST_DATA_OFFSET, &data, 4);
    EXPECT_EQ(tlm_register_file_plain_index(&file, &payload), -1); /* past the block */
    tlm_register_file_destroy(&file);
    tlm_logger_destroy(logger);
}

/* Register data is little-endian whatever the host. */
TEST(RegtestRegs, DataWordsAreLittleEndianBytes)
{
    uint8_t bytes[4] = { 0 };
    tlm_register_store_le32(bytes, 0x11223344u);
    EXPECT_EQ(bytes[0], 0x44);
    EXPECT_EQ(bytes[1], 0x33);
    EXPECT_EQ(bytes[2], 0x22);
    EXPECT_EQ(bytes[3], 0x11);
    bytes[3] = 0xA5;
    EXPECT_EQ(tlm_register_load_le32(bytes), 0xA5223344u);
}
