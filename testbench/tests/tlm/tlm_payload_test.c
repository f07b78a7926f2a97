/* Generic payload: construction defaults, the structural checks every target relies on,
 * byte-enable lookup and the names used in logs. */
#include <stdint.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_payload.h"

/* Interop with TLM-2.0 depends on the numeric values, not only the names. */
TEST(TlmPayload, ResponseValuesMatchTlm2)
{
    EXPECT_EQ(TLM_STATUS_OK, 1);
    EXPECT_EQ(TLM_STATUS_INCOMPLETE, 0);
    EXPECT_EQ(TLM_STATUS_GENERIC_ERROR, -1);
    EXPECT_EQ(TLM_STATUS_ADDRESS_ERROR, -2);
    EXPECT_EQ(TLM_STATUS_COMMAND_ERROR, -3);
    EXPECT_EQ(TLM_STATUS_BURST_ERROR, -4);
    EXPECT_EQ(TLM_STATUS_BYTE_ENABLE_ERROR, -5);
}

TEST(TlmPayload, MakeSetsFieldsAndDefaults)
{
    uint8_t buffer[8];
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1234567890ull, buffer, sizeof buffer);
    EXPECT_EQ(p.command, TLM_CMD_WRITE);
    EXPECT_EQ(p.address, 0x1234567890ull);
    EXPECT_EQ(p.data, buffer);
    EXPECT_EQ(p.length, 8u);
    EXPECT_EQ(p.response, TLM_STATUS_INCOMPLETE);
    EXPECT_EQ(p.address_space, TLM_SPACE_MMIO);
    EXPECT_TRUE(p.byte_enable == NULL);
    EXPECT_EQ(p.byte_enable_length, 0u);
    EXPECT_FALSE(p.privileged);
    EXPECT_FALSE(p.secure);
    EXPECT_FALSE(p.dmi_allowed);
    EXPECT_EQ(p.initiator_id, 0);
    EXPECT_EQ(p.correlation_id, 0u);
    EXPECT_FALSE(tlm_response_is_ok(&p));
    p.response = TLM_STATUS_OK;
    EXPECT_TRUE(tlm_response_is_ok(&p));
}

TEST(TlmPayloadCheck, WellFormedIsOk)
{
    uint8_t buffer[16] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1000, buffer, sizeof buffer);
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_OK);

    static const uint8_t mask[4] = {0xFF, 0x00, 0xFF, 0x00};
    p.byte_enable = mask;
    p.byte_enable_length = sizeof mask;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_OK);

    /* A mask of only disabled bytes is legal: it just transfers nothing. */
    static const uint8_t none[2] = {0x00, 0x00};
    p.byte_enable = none;
    p.byte_enable_length = sizeof none;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_OK);
}

TEST(TlmPayloadCheck, CheckDoesNotModifyPayload)
{
    uint8_t buffer[4] = {1, 2, 3, 4};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x40, buffer, 0);
    (void)tlm_payload_check(&p);
    EXPECT_EQ(p.command, TLM_CMD_WRITE);
    EXPECT_EQ(p.address, 0x40u);
    EXPECT_EQ(p.data, buffer);
    EXPECT_EQ(p.length, 0u);
    EXPECT_EQ(p.response, TLM_STATUS_INCOMPLETE);
    const uint8_t expected[4] = {1, 2, 3, 4};
    EXPECT_MEMEQ(buffer, expected, sizeof expected);
}

TEST(TlmPayloadCheck, ZeroLengthIsBurstError)
{
    uint8_t buffer[4] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1000, buffer, 0);
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_BURST_ERROR);
    p.command = TLM_CMD_READ;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_BURST_ERROR);
}

TEST(TlmPayloadCheck, NullDataIsGenericError)
{
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1000, NULL, 4);
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_GENERIC_ERROR);
    p.command = TLM_CMD_WRITE;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_GENERIC_ERROR);
}

TEST(TlmPayloadCheck, EmptyByteEnableMaskIsByteEnableError)
{
    uint8_t buffer[4] = {0};
    static const uint8_t mask[4] = {0xFF, 0xFF, 0xFF, 0xFF};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1000, buffer, sizeof buffer);
    p.byte_enable = mask;
    p.byte_enable_length = 0;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_BYTE_ENABLE_ERROR);
}

TEST(TlmPayloadCheck, ByteEnableValueOtherThan00OrFFIsByteEnableError)
{
    uint8_t buffer[8] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1000, buffer, sizeof buffer);
    /* Every non-boolean value and every position must be checked, not only the first byte. */
    static const uint8_t bad_values[] = {0x01, 0x0F, 0x7F, 0x80, 0xF0, 0xFE};
    for (size_t v = 0; v < sizeof bad_values; ++v) {
        for (uint32_t position = 0; position < 4; ++position) {
            uint8_t mask[4] = {0xFF, 0x00, 0xFF, 0xFF};
            mask[position] = bad_values[v];
            p.byte_enable = mask;
            p.byte_enable_length = sizeof mask;
            EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_BYTE_ENABLE_ERROR);
        }
    }
}

/* The header checks "a mask whose bytes are all 0x00 or 0xFF": the whole mask, even the
 * part a short transfer would never reach. */
TEST(TlmPayloadCheck, BadByteBeyondTransferLengthIsStillAnError)
{
    uint8_t buffer[2] = {0};
    static const uint8_t mask[4] = {0xFF, 0xFF, 0xFF, 0x55};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1000, buffer, sizeof buffer);
    p.byte_enable = mask;
    p.byte_enable_length = sizeof mask;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_BYTE_ENABLE_ERROR);
}

TEST(TlmPayloadCheck, AddressWrapPast2To64IsAddressError)
{
    uint8_t buffer[8] = {0};
    /* Last byte at 2^64 - 1: the transfer ends exactly at the top, no wrap. */
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, UINT64_MAX - 3, buffer, 4);
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_OK);
    p.address = UINT64_MAX;
    p.length = 1;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_OK);

    /* One byte more and the transfer would wrap to address 0. */
    p.address = UINT64_MAX - 3;
    p.length = 5;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_ADDRESS_ERROR);
    p.address = UINT64_MAX;
    p.length = 2;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_ADDRESS_ERROR);
    p.address = UINT64_MAX - 1;
    p.length = 8;
    p.command = TLM_CMD_WRITE;
    EXPECT_EQ(tlm_payload_check(&p), TLM_STATUS_ADDRESS_ERROR);
}

TEST(TlmPayload, ByteEnabledWithoutMaskIsAlwaysTrue)
{
    uint8_t buffer[4] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0, buffer, sizeof buffer);
    for (uint32_t i = 0; i < 4; ++i)
        EXPECT_TRUE(tlm_payload_byte_enabled(&p, i));
}

TEST(TlmPayload, ByteEnabledMaskRepeats)
{
    uint8_t buffer[12] = {0};
    static const uint8_t mask[3] = {0xFF, 0x00, 0x00};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0, buffer, sizeof buffer);
    p.byte_enable = mask;
    p.byte_enable_length = sizeof mask;
    for (uint32_t i = 0; i < 12; ++i)
        EXPECT_EQ(tlm_payload_byte_enabled(&p, i), i % 3 == 0);
}

TEST(TlmPayloadNames, CommandNames)
{
    EXPECT_STREQ(tlm_command_name(TLM_CMD_READ), "read");
    EXPECT_STREQ(tlm_command_name(TLM_CMD_WRITE), "write");
    EXPECT_STREQ(tlm_command_name(TLM_CMD_IGNORE), "ignore");
}

/* The header gives "OK", "ADDRESS_ERROR", ...: the TLM-2.0 enumerator without its
 * TLM_ prefix and _RESPONSE suffix. */
TEST(TlmPayloadNames, ResponseNames)
{
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_OK), "OK");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_INCOMPLETE), "INCOMPLETE");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_GENERIC_ERROR), "GENERIC_ERROR");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_ADDRESS_ERROR), "ADDRESS_ERROR");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_COMMAND_ERROR), "COMMAND_ERROR");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_BURST_ERROR), "BURST_ERROR");
    EXPECT_STREQ(tlm_response_name(TLM_STATUS_BYTE_ENABLE_ERROR), "BYTE_ENABLE_ERROR");
}

/* Names of address spaces are not spelled out by the header; they must at least tell the
 * four spaces apart in a log line. */
TEST(TlmPayloadNames, AddressSpaceNamesAreDistinct)
{
    const tlm_address_space spaces[] = {TLM_SPACE_MMIO, TLM_SPACE_GGTT, TLM_SPACE_PPGTT, TLM_SPACE_PHYSICAL};
    for (size_t i = 0; i < 4; ++i) {
        const char *name = tlm_address_space_name(spaces[i]);
        ASSERT_TRUE(name != NULL);
        EXPECT_GT(strlen(name), 0u);
        for (size_t j = 0; j < i; ++j)
            EXPECT_STRNE(name, tlm_address_space_name(spaces[j]));
    }
}
