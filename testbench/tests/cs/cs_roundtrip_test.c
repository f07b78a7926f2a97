/* Round trips for every command of both profiles: encode (every field set) -> decode gives the
 * same fields; the disassembler's text assembles back to the same dwords; and disassembling
 * what the assembler wrote reproduces the text. docs/reference/commands.md. */
#include "tb_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_dis_text.h"
#include "gtsim_asm.h"
#include "gtsim_dis.h"
#include "tlm_random.h"

static uint64_t splitmix(uint64_t *state)
{
    return tlm_splitmix64(state);
}

/* A nonzero value that fits the field (a named one for enums), as the assembler would take it. */
static uint64_t pattern(const cs_field *field, uint64_t *state)
{
    if (field->format == CS_FMT_ENUM) {
        size_t names = 0;
        while (field->values[names].name)
            names++;
        return field->values[splitmix(state) % names].value;
    }
    uint64_t raw = splitmix(state) & cs_field_raw_max(field);
    if (raw == 0)
        raw = 1;
    return cs_field_display(field, raw);
}

static cs_engine accepting_engine(cs_profile profile, const cs_command *command)
{
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (cs_profile_has_engine(profile, (cs_engine)e) && cs_command_accepts(command, (cs_engine)e))
            return (cs_engine)e;
    }
    return CS_ENGINE_COUNT;
}

/* True when `decoded` is a named command the table lists before the generic header-class
 * entry `command` (a wider match): the decoder rightly prefers the named one. */
static bool shadowed(const cs_command *command, const cs_command *decoded)
{
    return decoded && decoded < command && decoded->match_mask != command->match_mask &&
           (decoded->match_mask & command->match_mask) == command->match_mask;
}

/* Assembles `text`; the test fails on any error. Caller frees the result. */
static gtsim_asm_result *assemble(cs_profile profile, const char *text)
{
    gtsim_asm_result *result = gtsim_asm_parse(profile, text, strlen(text));
    for (size_t i = 0; i < result->error_count; i++)
        ADD_FAILURE("%zu:%zu: %s\n  in: %s", result->errors[i].line, result->errors[i].column,
                    result->errors[i].message, text);
    return result;
}

/* Encodes a command with `settings`, checks decode, text round trip and re-disassembly. */
static void round_trip(cs_profile profile, const cs_command *command, const cs_setting *settings, size_t count)
{
    static uint32_t dwords[1100];
    cs_encode_result result;
    ASSERT_EQ(cs_encode(command, 0, settings, count, dwords, 1100, &result), CS_ENCODE_OK);
    cs_engine engine = accepting_engine(profile, command);
    ASSERT_LT(engine, CS_ENGINE_COUNT);

    cs_decoded decoded;
    size_t used = cs_decode(profile, engine, dwords, result.length, &decoded);
    if (shadowed(command, decoded.command))
        return; /* a generic header-class entry whose header names a command of the table */
    ASSERT_EQ(used, result.length);
    EXPECT_EQ(decoded.command, command);
    EXPECT_EQ(decoded.status, 0);
    for (size_t i = 0; i < count; i++) {
        uint64_t value = 0;
        if (!cs_decoded_field(&decoded, settings[i].name, settings[i].instance, &value))
            ADD_FAILURE("%s %s: %s[%u] not decoded", cs_profile_get(profile)->name, command->name, settings[i].name,
                        settings[i].instance);
        else if (value != settings[i].value)
            ADD_FAILURE("%s %s: %s[%u] = 0x%llx, set 0x%llx", cs_profile_get(profile)->name, command->name,
                        settings[i].name, settings[i].instance, (unsigned long long)value,
                        (unsigned long long)settings[i].value);
    }

    char *text = cs_dis_text(profile, engine, dwords, result.length);
    EXPECT_EQ(strncmp(text, "0x00000000: ", 12), 0);
    EXPECT_EQ(strncmp(text + 12, command->name, strlen(command->name)), 0);
    gtsim_asm_result *assembled = assemble(profile, text);
    ASSERT_EQ(assembled->count, result.length);
    EXPECT_MEMEQ(assembled->dwords, dwords, result.length * sizeof *dwords);
    char *again = cs_dis_text(profile, engine, assembled->dwords, assembled->count);
    EXPECT_STREQ(again, text);
    free(again);
    gtsim_asm_free(assembled);
    free(text);
}

static void round_trip_profile(cs_profile profile, uint64_t seed)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    cs_setting settings[256];
    for (size_t c = 0; c < count; c++) {
        const cs_command *command = &commands[c];
        /* Nothing set: the default encoding. */
        round_trip(profile, command, NULL, 0);
        /* Every field set, and two repetitions of a group. */
        for (unsigned pass = 0; pass < 4; pass++) {
            size_t n = 0;
            for (size_t i = 0; i < command->field_count; i++) {
                const cs_field *field = &command->fields[i];
                settings[n++] = (cs_setting){ field->name, 0, pattern(field, &seed) };
            }
            for (uint32_t instance = 0; command->group_size && instance < 2; instance++) {
                for (size_t i = 0; i < command->group_field_count; i++) {
                    const cs_field *field = &command->group_fields[i];
                    settings[n++] = (cs_setting){ field->name, instance, pattern(field, &seed) };
                }
            }
            round_trip(profile, command, settings, n);
        }
    }
}

TEST(CsRoundTrip, EveryGen6Command)
{
    round_trip_profile(CS_PROFILE_GEN6, 6);
}

TEST(CsRoundTrip, EveryGen12Command)
{
    round_trip_profile(CS_PROFILE_GEN12, 12);
}

TEST(CsRoundTrip, TextToDwordsToText)
{
    /* dis(asm(text)) reproduces the fields, whatever order they were written in. */
    const char *source = "MI_LOAD_REGISTER_IMM data=1 reg=0x2080 reg=0x2084 data=2\n"
                         "PIPE_CONTROL data=7 address=0x3000 post_sync=write_imm cs_stall=1\n"
                         "MI_BATCH_BUFFER_START address=0x10000 second_level=1 address_space=ppgtt\n";
    gtsim_asm_result *assembled = assemble(CS_PROFILE_GEN12, source);
    char *text = cs_dis_text(CS_PROFILE_GEN12, CS_ENGINE_RCS, assembled->dwords, assembled->count);
    EXPECT_STREQ(text, "0x00000000: MI_LOAD_REGISTER_IMM len=5 reg=0x2080 data=0x1 reg=0x2084 data=0x2\n"
                       "0x00000014: PIPE_CONTROL len=6 post_sync=write_imm cs_stall=1 address=0x3000 data=0x7 "
                       "data_hi=0x0\n"
                       "0x0000002c: MI_BATCH_BUFFER_START len=3 address_space=ppgtt second_level=1 address=0x10000\n");
    free(text);
    gtsim_asm_free(assembled);
}

TEST(CsRoundTrip, Gen6TextToDwordsToText)
{
    const char *source = "MI_SET_CONTEXT address=0x20000 must_be_one=1 restore_inhibit=1\n"
                         "MI_STORE_DATA_IMM address=0x100 data=1 data_hi=2\n"
                         "MI_SEMAPHORE_MBOX compare=1 register_select=bcs data=3 address=0x40\n";
    gtsim_asm_result *assembled = assemble(CS_PROFILE_GEN6, source);
    char *text = cs_dis_text(CS_PROFILE_GEN6, CS_ENGINE_RCS, assembled->dwords, assembled->count);
    EXPECT_STREQ(text, "0x00000000: MI_SET_CONTEXT len=2 restore_inhibit=1 must_be_one=1 address=0x20000\n"
                       "0x00000008: MI_STORE_DATA_IMM len=5 address=0x100 data=0x1 data_hi=0x2\n"
                       "0x0000001c: MI_SEMAPHORE_MBOX len=3 register_select=bcs compare=1 data=0x3 address=0x40\n");
    free(text);
    gtsim_asm_free(assembled);
}
