/* The decoder's rules: lengths from the header (field plus bias), truncation and short
 * commands, engine acceptance, privilege per instance, field extraction, formatting, and the
 * encoder's refusals. docs/reference/commands.md "Decoding". */
#include "tb_test.h"

#include <stdint.h>
#include <string.h>

#include "cs_commands.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const cs_command *command_of(cs_profile profile, const char *name)
{
    const cs_command *command = cs_find_command(profile, name);
    ASSERT_NE(command, NULL);
    return command;
}

TEST(CsDecode, LengthIsFieldPlusBias)
{
    /* spec 000 §1.3.8: MI_STORE_DATA_IMM has Length Bias 2: DWord Length 3 means 5 dwords. */
    const uint32_t stream[] = { 0x10000003, 0, 0x1000, 1, 2, 0x05000000 };
    cs_decoded decoded;
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN6, CS_ENGINE_RCS, stream, COUNT(stream), &decoded), 5);
    EXPECT_EQ(decoded.length, 5);
    EXPECT_STREQ(decoded.command->name, "MI_STORE_DATA_IMM");
    /* Single-dword MI commands have no length field (spec 002: 0Xh "Single DWord Commands"):
     * bits 22:0 are theirs, whatever they hold. */
    const uint32_t noop[] = { 0x003fffff };
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN6, CS_ENGINE_RCS, noop, 1, &decoded), 1);
    EXPECT_EQ(decoded.length, 1);
    EXPECT_STREQ(decoded.command->name, "MI_NOOP");
    /* gen12 MI_STORE_DATA_IMM has a 10-bit length field (genxml DWord Length 9:0). */
    const cs_command *sdi = command_of(CS_PROFILE_GEN12, "MI_STORE_DATA_IMM");
    EXPECT_EQ(cs_command_length(sdi, 0x100003ff), 1025);
    EXPECT_EQ(cs_command_max_encodable(sdi), 1025);
    EXPECT_EQ(cs_command_length(command_of(CS_PROFILE_GEN6, "MI_STORE_DATA_IMM"), 0x100003ff), 257);
    /* gen6 MI_PROBE: DWord Length 9:0. */
    EXPECT_EQ(cs_command_length(command_of(CS_PROFILE_GEN6, "MI_PROBE"), 0x128003ff), 1025);
    /* MI_FLUSH_DW: 6-bit length (GVT), so bit 6 is not part of it. */
    EXPECT_EQ(cs_command_length(command_of(CS_PROFILE_GEN12, "MI_FLUSH_DW"), 0x1300007f), 65);
}

TEST(CsDecode, TruncatedCommandIsReported)
{
    /* A header that promises more dwords than the buffer holds: the decoder says so and takes
     * only what is there, so a loop never runs past the end. */
    const uint32_t stream[] = { 0x10000002, 0x1000 };
    cs_decoded decoded;
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, stream, 2, &decoded), 2);
    EXPECT_EQ(decoded.status, CS_DECODE_TRUNCATED);
    EXPECT_EQ(decoded.length, 4);
    EXPECT_EQ(decoded.available, 2);
    /* Only fields wholly present are decoded: the address needs DW1..DW2. */
    uint64_t value = 0;
    EXPECT_FALSE(cs_decoded_field(&decoded, "address", 0, &value));
    EXPECT_FALSE(cs_decoded_field(&decoded, "data", 0, &value));
    /* One dword of a two-dword command. */
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, stream, 1, &decoded), 1);
    EXPECT_EQ(decoded.status, CS_DECODE_TRUNCATED);
}

TEST(CsDecode, ShortCommandIsFlagged)
{
    /* DWord Length 0 on MI_STORE_DATA_IMM: 2 dwords by the header, below the 4 its fields need. */
    const uint32_t stream[] = { 0x10000000, 0x1000, 0xffffffff };
    cs_decoded decoded;
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN6, CS_ENGINE_RCS, stream, 3, &decoded), 2);
    EXPECT_EQ(decoded.status, CS_DECODE_SHORT);
    uint64_t value = 0;
    EXPECT_FALSE(cs_decoded_field(&decoded, "address", 0, &value));
    char text[128];
    cs_format(&decoded, text, sizeof text);
    /* DW1 is MBZ on gen6: what is set there is shown as reserved bits, so nothing is lost. */
    EXPECT_STREQ(text, "MI_STORE_DATA_IMM len=2 rsvd1=0x1000");
}

TEST(CsDecode, EngineAcceptance)
{
    const uint32_t pipe_control[] = { 0x7a000004, 0, 0, 0, 0, 0 };
    const uint32_t flush_dw[] = { 0x13000003, 0, 0, 0, 0 };
    cs_decoded decoded;
    /* PIPE_CONTROL is a render-pipe command; MI_FLUSH_DW is for the other engines (spec 000
     * §1.3.1: "Other engines use MI_FLUSH_DW"). */
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, pipe_control, 6, &decoded);
    EXPECT_EQ(decoded.status, 0);
    for (unsigned e = CS_ENGINE_BCS; e < CS_ENGINE_COUNT; e++) {
        EXPECT_EQ(cs_decode(CS_PROFILE_GEN12, (cs_engine)e, pipe_control, 6, &decoded), 6);
        EXPECT_EQ(decoded.status, CS_DECODE_NOT_ACCEPTED);
        cs_decode(CS_PROFILE_GEN12, (cs_engine)e, flush_dw, 5, &decoded);
        EXPECT_EQ(decoded.status, 0);
    }
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, flush_dw, 5, &decoded);
    EXPECT_EQ(decoded.status, CS_DECODE_NOT_ACCEPTED);
    /* gen6 has no VECS: nothing is accepted there, not even MI_NOOP. */
    const uint32_t noop[] = { 0 };
    cs_decode(CS_PROFILE_GEN6, CS_ENGINE_VECS, noop, 1, &decoded);
    EXPECT_EQ(decoded.status, CS_DECODE_NOT_ACCEPTED);
    EXPECT_STREQ(decoded.command->name, "MI_NOOP");
    /* An engine out of range is refused the same way. */
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_COUNT, noop, 1, &decoded);
    EXPECT_EQ(decoded.status, CS_DECODE_NOT_ACCEPTED);
    /* A bad profile knows no command. */
    EXPECT_EQ(cs_decode(CS_PROFILE_COUNT, CS_ENGINE_RCS, noop, 1, &decoded), 1);
    EXPECT_EQ(decoded.status, CS_DECODE_UNKNOWN);
}

TEST(CsDecode, EmptyBuffer)
{
    cs_decoded decoded;
    const uint32_t one[] = { 0 };
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, one, 0, &decoded), 0);
    EXPECT_EQ(decoded.status, CS_DECODE_EMPTY);
    EXPECT_EQ(cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, NULL, 4, &decoded), 0);
    EXPECT_EQ(decoded.status, CS_DECODE_EMPTY);
    char text[8] = "x";
    EXPECT_EQ(cs_format(&decoded, text, sizeof text), 0);
    EXPECT_STREQ(text, "");
}

static bool privileged(cs_profile profile, const uint32_t *dwords, size_t count)
{
    cs_decoded decoded;
    cs_decode(profile, CS_ENGINE_RCS, dwords, count, &decoded);
    EXPECT_NE(decoded.command, NULL);
    return cs_decoded_privileged(&decoded);
}

TEST(CsDecode, PrivilegeGen6)
{
    /* spec 000 §1.2.5.2 Table 3-2: LRI, UPDATE_GTT, SRM, DISPLAY_FLIP are privileged. */
    const uint32_t lri[] = { 0x11000001, 0x2080, 0 };
    const uint32_t update_gtt[] = { 0x11c00000, 0x1000 };
    const uint32_t srm[] = { 0x12000001, 0x2358, 0x1000 };
    const uint32_t flip[] = { 0x0a000001, 0, 0 };
    const uint32_t sdi_ggtt[] = { 0x10400002, 0, 0x1000, 0 };
    const uint32_t noop[] = { 0 };
    EXPECT_TRUE(privileged(CS_PROFILE_GEN6, lri, 3));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN6, update_gtt, 2));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN6, srm, 3));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN6, flip, 3));
    /* Not in the gen6 table: a GGTT store from a non-secure batch is written with byte enables
     * off (spec 000 §1.3.8), which is an execution rule, not a privileged command. */
    EXPECT_FALSE(privileged(CS_PROFILE_GEN6, sdi_ggtt, 4));
    EXPECT_FALSE(privileged(CS_PROFILE_GEN6, noop, 1));
}

TEST(CsDecode, PrivilegeGen12DependsOnTheGgttSelect)
{
    /* spec 002 "User Mode Privileged Commands": MI_STORE_DATA_IMM is converted to a NOOP if
     * Use Global GTT is enabled. */
    const uint32_t sdi_ppgtt[] = { 0x10000002, 0x1000, 0, 0 };
    const uint32_t sdi_ggtt[] = { 0x10400002, 0x1000, 0, 0 };
    EXPECT_FALSE(privileged(CS_PROFILE_GEN12, sdi_ppgtt, 4));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, sdi_ggtt, 4));
    /* PIPE_CONTROL: the post-sync write is dropped if it targets the GGTT (bit 24 of DW1). */
    const uint32_t pc_ppgtt[] = { 0x7a000004, 0x4000, 0x1000, 0, 0, 0 };
    const uint32_t pc_ggtt[] = { 0x7a000004, 0x01004000, 0x1000, 0, 0, 0 };
    EXPECT_FALSE(privileged(CS_PROFILE_GEN12, pc_ppgtt, 6));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, pc_ggtt, 6));
    /* MI_STORE_DATA_INDEX writes the global HWSP unless the per-process HWSP is selected. */
    const uint32_t sdx_global[] = { 0x10800001, 0x40, 0 };
    const uint32_t sdx_pphwsp[] = { 0x10a00001, 0x40, 0 };
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, sdx_global, 3));
    EXPECT_FALSE(privileged(CS_PROFILE_GEN12, sdx_pphwsp, 3));
    /* MI_COPY_MEM_MEM: either side in the GGTT. */
    const uint32_t copy_src[] = { 0x17400003, 0, 0, 0, 0 };
    const uint32_t copy_dst[] = { 0x17200003, 0, 0, 0, 0 };
    const uint32_t copy_none[] = { 0x17000003, 0, 0, 0, 0 };
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, copy_src, 5));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, copy_dst, 5));
    EXPECT_FALSE(privileged(CS_PROFILE_GEN12, copy_none, 5));
    /* Always privileged: register loads, GTT updates, context switches. */
    const uint32_t lri[] = { 0x11000001, 0x2080, 0 };
    const uint32_t lrr[] = { 0x15000001, 0x2358, 0x2600 };
    const uint32_t set_context[] = { 0x0c000000, 0x100 };
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, lri, 3));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, lrr, 3));
    EXPECT_TRUE(privileged(CS_PROFILE_GEN12, set_context, 2));
    /* MI_BATCH_BUFFER_START itself is not; its security only ever drops (spec 002). */
    const uint32_t bbs[] = { 0x18800101, 0x1000, 0 };
    EXPECT_FALSE(privileged(CS_PROFILE_GEN12, bbs, 3));
    cs_decoded unknown;
    const uint32_t junk[] = { 0xffffffff };
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, junk, 1, &unknown);
    EXPECT_FALSE(cs_decoded_privileged(&unknown));
}

TEST(CsDecode, FieldsOfAGroupInOrder)
{
    const uint32_t lri[] = { 0x11000005, 0x2080, 1, 0x2084, 2, 0x2088, 3 };
    cs_decoded decoded;
    ASSERT_EQ(cs_decode(CS_PROFILE_GEN12, CS_ENGINE_VCS, lri, COUNT(lri), &decoded), 7);
    cs_field_iter iter;
    cs_field_value value;
    cs_field_iter_init(&iter, &decoded);
    /* byte_disable, force_posted, mmio_remap, add_cs_mmio, then (reg, data) x 3. */
    for (unsigned i = 0; i < 4; i++) {
        ASSERT_TRUE(cs_field_iter_next(&iter, &value));
        EXPECT_FALSE(value.grouped);
    }
    for (uint32_t pair = 0; pair < 3; pair++) {
        ASSERT_TRUE(cs_field_iter_next(&iter, &value));
        EXPECT_STREQ(value.field->name, "reg");
        EXPECT_TRUE(value.grouped);
        EXPECT_EQ(value.instance, pair);
        EXPECT_EQ(value.dword, 1 + 2 * pair);
        EXPECT_EQ(value.value, 0x2080 + 4 * pair);
        ASSERT_TRUE(cs_field_iter_next(&iter, &value));
        EXPECT_STREQ(value.field->name, "data");
        EXPECT_EQ(value.value, pair + 1);
    }
    EXPECT_FALSE(cs_field_iter_next(&iter, &value));
    EXPECT_FALSE(cs_field_iter_next(&iter, &value));
    uint64_t data = 0;
    EXPECT_TRUE(cs_decoded_field(&decoded, "data", 2, &data));
    EXPECT_EQ(data, 3);
    EXPECT_FALSE(cs_decoded_field(&decoded, "data", 3, &data));
    EXPECT_FALSE(cs_decoded_field(&decoded, "nope", 0, &data));
    /* A partial last pair: its register is decoded, its data is not there. */
    const uint32_t odd[] = { 0x11000002, 0x2080, 1, 0x2084 };
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_VCS, odd, COUNT(odd), &decoded);
    EXPECT_TRUE(cs_decoded_field(&decoded, "reg", 1, &data));
    EXPECT_EQ(data, 0x2084);
    EXPECT_FALSE(cs_decoded_field(&decoded, "data", 1, &data));
}

TEST(CsDecode, FieldHelpers)
{
    const cs_command *sdi = command_of(CS_PROFILE_GEN12, "MI_STORE_DATA_IMM");
    bool grouped = true;
    const cs_field *address = cs_command_field(sdi, "address", &grouped);
    ASSERT_NE(address, NULL);
    EXPECT_FALSE(grouped);
    EXPECT_EQ(cs_field_span(address), 2);
    EXPECT_EQ(cs_field_raw_max(address), (UINT64_C(1) << 46) - 1);
    EXPECT_EQ(cs_field_display_max(address), (UINT64_C(1) << 48) - 4);
    uint32_t dwords[2] = { 0x3, 0xffff0000 };
    cs_field_insert(address, dwords, 0x123456789abULL);
    /* Bits outside the field survive an insert. */
    EXPECT_EQ(dwords[0] & 3, 3);
    EXPECT_EQ(dwords[1] & 0xffff0000, 0xffff0000);
    EXPECT_EQ(cs_field_extract(address, dwords), 0x123456789abULL);
    EXPECT_EQ(cs_field_display(address, 0x123456789abULL), 0x123456789abULL << 2);
    const cs_field *post_sync = cs_command_field(command_of(CS_PROFILE_GEN12, "PIPE_CONTROL"), "post_sync", NULL);
    EXPECT_STREQ(cs_field_value_name(post_sync, 3), "write_timestamp");
    EXPECT_EQ(cs_field_value_name(address, 3), NULL);
    const cs_command *lri = command_of(CS_PROFILE_GEN6, "MI_LOAD_REGISTER_IMM");
    EXPECT_NE(cs_command_field(lri, "reg", &grouped), NULL);
    EXPECT_TRUE(grouped);
    EXPECT_EQ(cs_command_field(lri, "address", NULL), NULL);
    /* Defined bits: header opcode and length, byte disables; registers 31:2 in pair dwords. */
    EXPECT_EQ(cs_command_defined_bits(lri, 0, 3), 0xff800fffu);
    EXPECT_EQ(cs_command_defined_bits(lri, 1, 3), 0xfffffffcu);
    EXPECT_EQ(cs_command_defined_bits(lri, 2, 3), 0xffffffffu);
}

TEST(CsFormat, Fields)
{
    const uint32_t pc[] = { 0x7a000004, 0x01104100, 0x2000, 0, 1, 0 };
    cs_decoded decoded;
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, pc, 6, &decoded);
    char text[256];
    size_t needed = cs_format(&decoded, text, sizeof text);
    EXPECT_STREQ(text, "PIPE_CONTROL len=6 notify=1 post_sync=write_imm cs_stall=1 ggtt=1 address=0x2000 data=0x1 "
                       "data_hi=0x0");
    EXPECT_EQ(needed, strlen(text));
    /* Like snprintf: cut to the buffer, but the full length is returned. */
    char small[10];
    EXPECT_EQ(cs_format(&decoded, small, sizeof small), needed);
    EXPECT_STREQ(small, "PIPE_CONT");
    EXPECT_EQ(cs_format(&decoded, NULL, 0), needed);
    /* Enum values without a name are shown as numbers; reserved bits as rsvdN. */
    const uint32_t flush[] = { 0x13008003, 0x5, 0, 0, 0 };
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_BCS, flush, 5, &decoded);
    cs_format(&decoded, text, sizeof text);
    EXPECT_STREQ(text, "MI_FLUSH_DW len=5 post_sync=0x2 ggtt=1 address=0x0 data=0x0 data_hi=0x0 rsvd1=0x1");
}

TEST(CsEncode, Refusals)
{
    const cs_command *sdi = command_of(CS_PROFILE_GEN6, "MI_STORE_DATA_IMM");
    uint32_t out[8];
    cs_encode_result result;
    const cs_setting unknown[] = { { "nope", 0, 1 } };
    EXPECT_EQ(cs_encode(sdi, 0, unknown, 1, out, 8, &result), CS_ENCODE_UNKNOWN_FIELD);
    EXPECT_EQ(result.setting, 0);
    const cs_setting twice[] = { { "data", 0, 1 }, { "data", 0, 2 } };
    EXPECT_EQ(cs_encode(sdi, 0, twice, 2, out, 8, &result), CS_ENCODE_DUPLICATE);
    EXPECT_EQ(result.setting, 1);
    const cs_setting instance[] = { { "data", 1, 2 } };
    EXPECT_EQ(cs_encode(sdi, 0, instance, 1, out, 8, &result), CS_ENCODE_DUPLICATE);
    const cs_setting range[] = { { "data", 0, 0x100000000 } };
    EXPECT_EQ(cs_encode(sdi, 0, range, 1, out, 8, &result), CS_ENCODE_RANGE);
    const cs_setting align[] = { { "address", 0, 0x1002 } };
    EXPECT_EQ(cs_encode(sdi, 0, align, 1, out, 8, &result), CS_ENCODE_ALIGN);
    const cs_setting high[] = { { "address", 0, 0x100000000 } };
    EXPECT_EQ(cs_encode(sdi, 0, high, 1, out, 8, &result), CS_ENCODE_RANGE);
    const cs_setting data_hi[] = { { "data_hi", 0, 1 } };
    EXPECT_EQ(cs_encode(sdi, 4, data_hi, 1, out, 8, &result), CS_ENCODE_LENGTH_SHORT);
    EXPECT_EQ(cs_encode(sdi, 1, NULL, 0, out, 8, &result), CS_ENCODE_LENGTH_RANGE);
    EXPECT_EQ(cs_encode(sdi, 258, NULL, 0, out, 8, &result), CS_ENCODE_LENGTH_RANGE);
    EXPECT_EQ(cs_encode(sdi, 0, data_hi, 1, out, 4, &result), CS_ENCODE_CAPACITY);
    EXPECT_EQ(result.length, 5);
    EXPECT_EQ(cs_encode(sdi, 0, NULL, 0, NULL, 0, &result), CS_ENCODE_CAPACITY);
    /* Reserved bits: allowed where no field is, refused on a field. */
    const cs_setting rsvd_ok[] = { { "rsvd1", 0, 0xdead } };
    EXPECT_EQ(cs_encode(sdi, 0, rsvd_ok, 1, out, 8, &result), CS_ENCODE_OK);
    EXPECT_EQ(out[1], 0xdead);
    const cs_setting rsvd_bad[] = { { "rsvd2", 0, 0x4 } };
    EXPECT_EQ(cs_encode(sdi, 0, rsvd_bad, 1, out, 8, &result), CS_ENCODE_RESERVED_OVERLAP);
    const cs_setting rsvd_big[] = { { "rsvd1", 0, 0x100000000 } };
    EXPECT_EQ(cs_encode(sdi, 0, rsvd_big, 1, out, 8, &result), CS_ENCODE_RANGE);
    const cs_setting rsvd_far[] = { { "rsvd9", 0, 1 } };
    EXPECT_EQ(cs_encode(sdi, 5, rsvd_far, 1, out, 8, &result), CS_ENCODE_LENGTH_SHORT);
    /* A fixed-length command cannot grow. */
    const cs_setting noop_far[] = { { "rsvd1", 0, 1 } };
    EXPECT_EQ(cs_encode(command_of(CS_PROFILE_GEN6, "MI_NOOP"), 0, noop_far, 1, out, 8, &result),
              CS_ENCODE_LENGTH_SHORT);
    /* Growing past what the header can express. */
    const cs_setting far_pair[] = { { "reg", 200, 0x2080 } };
    uint32_t big[600];
    EXPECT_EQ(cs_encode(command_of(CS_PROFILE_GEN6, "MI_LOAD_REGISTER_IMM"), 0, far_pair, 1, big, 600, &result),
              CS_ENCODE_LENGTH_RANGE);
    EXPECT_STREQ(cs_encode_status_text(CS_ENCODE_RESERVED_OVERLAP), "reserved bits overlap a field");
    EXPECT_STREQ(cs_encode_status_text(CS_ENCODE_OK), "ok");
}

/* The cached decoder (cs_decoder) gives exactly what cs_decode gives, for every profile and
 * engine, on every table entry's header with random low bits (keys whose commands also match
 * low bits included), on random dwords, with 1 to 8 dwords available, twice (the second time
 * from the cache). */
TEST(CsDecoder, SameAsCsDecodeOnEveryHeaderAndRandomDwords)
{
    uint64_t state = 0x9e3779b97f4a7c15u;
    for (int p = 0; p < CS_PROFILE_COUNT; p++) {
        size_t count = 0;
        const cs_command *table = cs_profile_commands((cs_profile)p, &count);
        for (int e = 0; e < CS_ENGINE_COUNT; e++) {
            cs_decoder decoder;
            cs_decoder_init(&decoder, (cs_profile)p, (cs_engine)e);
            for (int pass = 0; pass < 2; pass++) {
                state = 0x9e3779b97f4a7c15u + (uint64_t)p * 131u + (uint64_t)e;
                for (size_t i = 0; i < 20000u; i++) {
                    uint32_t dwords[8];
                    for (size_t k = 0; k < 8; k++) {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        dwords[k] = (uint32_t)state;
                    }
                    if (i % 2u == 0) {
                        const cs_command *command = &table[i / 2u % count];
                        dwords[0] = command->match_value | (dwords[0] & ~command->match_mask);
                    }
                    size_t available = 1u + (size_t)(state >> 60) % 8u;
                    cs_decoded expected, got;
                    size_t expected_step = cs_decode((cs_profile)p, (cs_engine)e, dwords, available, &expected);
                    size_t got_step = cs_decoder_decode(&decoder, dwords, available, &got);
                    ASSERT_EQ(got_step, expected_step);
                    ASSERT_EQ(got.command, expected.command);
                    ASSERT_EQ(got.header_class, expected.header_class);
                    ASSERT_EQ(got.header, expected.header);
                    ASSERT_EQ(got.length, expected.length);
                    ASSERT_EQ(got.available, expected.available);
                    ASSERT_EQ(got.status, expected.status);
                    ASSERT_EQ(got.dwords, expected.dwords);
                }
            }
            cs_decoded empty;
            EXPECT_EQ(cs_decoder_decode(&decoder, NULL, 0, &empty), 0u);
            EXPECT_EQ(empty.status, CS_DECODE_EMPTY);
            cs_decoder_destroy(&decoder);
        }
    }
}
