/* Seeded random dword streams through every engine of both profiles: the decoder accounts for
 * every dword, never runs past the buffer, reports a truncated last command as such, and the
 * disassembly of any stream assembles back to exactly that stream. Runs under ASan/UBSan in
 * the sanitizer build (scripts/test.sh). */
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

enum { STREAMS_PER_ENGINE = 1500, MAX_STREAM = 96 };

static uint64_t next(uint64_t *state)
{
    return tlm_splitmix64(state);
}

/* A stream mixing random dwords with headers of the profile's commands (random bits outside
 * the match, lengths mostly near the command's own), so every decode path is taken. */
static size_t random_stream(cs_profile profile, uint64_t *state, uint32_t *out)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    size_t length = (size_t)(next(state) % (MAX_STREAM + 1));
    for (size_t i = 0; i < length; i++) {
        uint64_t r = next(state);
        if (r % 3 == 0) {
            out[i] = (uint32_t)(r >> 32);
            continue;
        }
        const cs_command *command = &commands[(r >> 8) % count];
        uint32_t header = command->match_value | ((uint32_t)next(state) & ~command->match_mask);
        if (!command->fixed_length && (r >> 40) % 4 != 0) {
            uint32_t field_max = (uint32_t)((UINT64_C(1) << command->length_width) - 1);
            uint32_t wanted = command->default_length + (uint32_t)((r >> 48) % 5);
            uint32_t field = wanted - command->length_bias;
            if (field > field_max)
                field = field_max;
            header &= ~(field_max << command->length_lo);
            header |= field << command->length_lo;
        }
        out[i] = header;
    }
    return length;
}

/* Decodes a whole stream with the invariants every consumer relies on. */
static void walk(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t count)
{
    size_t at = 0;
    size_t steps = 0;
    char text[64];
    while (at < count) {
        cs_decoded decoded;
        size_t used = cs_decode(profile, engine, dwords + at, count - at, &decoded);
        ASSERT_GE(used, 1);
        ASSERT_LE(used, count - at);
        ASSERT_EQ(used, decoded.available);
        ASSERT_GE(decoded.length, 1);
        EXPECT_EQ(decoded.header, dwords[at]);
        EXPECT_EQ(decoded.header_class, cs_header_class_of(dwords[at]));
        if (decoded.command) {
            EXPECT_EQ(decoded.length, cs_command_length(decoded.command, dwords[at]));
            /* Truncated exactly when the header asks for more than is left, and then only at the end. */
            EXPECT_EQ((decoded.status & CS_DECODE_TRUNCATED) != 0, decoded.length > count - at);
            if (decoded.status & CS_DECODE_TRUNCATED)
                EXPECT_EQ(at + used, count);
            else
                EXPECT_EQ(used, decoded.length);
            EXPECT_EQ((decoded.status & CS_DECODE_SHORT) != 0, decoded.length < decoded.command->min_length);
            bool accepted = cs_profile_has_engine(profile, engine) && cs_command_accepts(decoded.command, engine);
            EXPECT_EQ((decoded.status & CS_DECODE_NOT_ACCEPTED) != 0, !accepted);
            cs_field_iter iter;
            cs_field_value value;
            cs_field_iter_init(&iter, &decoded);
            while (cs_field_iter_next(&iter, &value))
                EXPECT_LE(value.dword + cs_field_span(value.field), decoded.available);
            (void)cs_decoded_privileged(&decoded);
        } else {
            EXPECT_EQ(decoded.status, CS_DECODE_UNKNOWN);
            EXPECT_EQ(used, 1);
        }
        size_t needed = cs_format(&decoded, text, sizeof text);
        EXPECT_EQ(strlen(text), needed < sizeof text ? needed : sizeof text - 1);
        at += used;
        steps++;
    }
    EXPECT_EQ(at, count);
    EXPECT_LE(steps, count);
}

/* The disassembly of any stream is valid assembly for the same dwords. */
static void text_round_trip(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t count)
{
    char *text = cs_dis_text(profile, engine, dwords, count);
    gtsim_asm_result *result = gtsim_asm_parse(profile, text, strlen(text));
    if (result->error_count) {
        ADD_FAILURE("%zu:%zu: %s\n%s", result->errors[0].line, result->errors[0].column, result->errors[0].message,
                    text);
    } else {
        EXPECT_EQ(result->count, count);
        if (result->count == count)
            EXPECT_MEMEQ(result->dwords, dwords, count * sizeof *dwords);
    }
    gtsim_asm_free(result);
    free(text);
}

static void random_streams(cs_profile profile, uint64_t seed)
{
    uint32_t stream[MAX_STREAM];
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        uint64_t state = seed * 1000 + e;
        state += !state; /* xorshift never leaves 0 */
        for (unsigned i = 0; i < STREAMS_PER_ENGINE; i++) {
            size_t count = random_stream(profile, &state, stream);
            walk(profile, (cs_engine)e, stream, count);
            /* The round trip through text costs more; every fourth stream is plenty. */
            if (i % 4 == 0)
                text_round_trip(profile, (cs_engine)e, stream, count);
        }
    }
}

TEST(CsRandom, Gen6StreamsEveryEngine)
{
    random_streams(CS_PROFILE_GEN6, tb_test_seed(6)); /* GTSIM_SEED (gtsim regress) varies it */
}

TEST(CsRandom, Gen12StreamsEveryEngine)
{
    random_streams(CS_PROFILE_GEN12, tb_test_seed(12));
}

TEST(CsRandom, FullyRandomDwords)
{
    /* No help from the tables: any 32-bit pattern at all. */
    uint64_t state = tb_test_seed(42);
    state += !state; /* xorshift never leaves 0 */
    uint32_t stream[MAX_STREAM];
    for (unsigned i = 0; i < 2000; i++) {
        size_t count = (size_t)(next(&state) % (MAX_STREAM + 1));
        for (size_t k = 0; k < count; k++)
            stream[k] = (uint32_t)next(&state);
        cs_profile profile = i % 2 ? CS_PROFILE_GEN12 : CS_PROFILE_GEN6;
        cs_engine engine = (cs_engine)(i % CS_ENGINE_COUNT);
        walk(profile, engine, stream, count);
        if (i % 8 == 0)
            text_round_trip(profile, engine, stream, count);
    }
}

TEST(CsRandom, TruncatedLastCommand)
{
    /* Every command, cut after each of its dwords: reported as truncated with exactly the dwords
     * that are there, and the TRUNCATED line assembles back to them. */
    for (unsigned p = 0; p < CS_PROFILE_COUNT; p++) {
        size_t count = 0;
        const cs_command *commands = cs_profile_commands((cs_profile)p, &count);
        for (size_t c = 0; c < count; c++) {
            static uint32_t dwords[1024];
            cs_encode_result result;
            ASSERT_EQ(cs_encode(&commands[c], 0, NULL, 0, dwords, 1024, &result), CS_ENCODE_OK);
            /* Decoded on an engine that takes it; a generic header-class entry whose default
             * header names a command of the table is that command's case. */
            cs_engine engine = CS_ENGINE_RCS;
            while (engine < CS_ENGINE_COUNT && !cs_command_accepts(&commands[c], engine))
                engine++;
            ASSERT_LT(engine, CS_ENGINE_COUNT);
            cs_decoded probe;
            cs_decode((cs_profile)p, engine, dwords, result.length, &probe);
            if (probe.command != &commands[c])
                continue;
            for (uint32_t k = 0; k < result.length; k++)
                dwords[k] |= k ? 0x11111111u * k : 0;
            for (uint32_t cut = 1; cut < result.length; cut++) {
                cs_decoded decoded;
                EXPECT_EQ(cs_decode((cs_profile)p, engine, dwords, cut, &decoded), cut);
                EXPECT_EQ(decoded.command, &commands[c]);
                EXPECT_NE(decoded.status & CS_DECODE_TRUNCATED, 0);
                EXPECT_EQ(decoded.length, result.length);
                char *text = cs_dis_text((cs_profile)p, engine, dwords, cut);
                EXPECT_EQ(strncmp(text, "0x00000000: TRUNCATED ", 22), 0);
                EXPECT_TRUE(strstr(text, commands[c].name) != NULL);
                free(text);
                text_round_trip((cs_profile)p, engine, dwords, cut);
            }
        }
    }
}

TEST(CsRandom, AssemblerTakesAnyText)
{
    /* Disassembly with random bytes changed, and plain random bytes: the assembler either
     * assembles or reports errors whose line and column lie inside the text; it never crashes
     * (the sanitizer build checks memory). */
    uint64_t state = 7;
    uint32_t stream[MAX_STREAM];
    for (unsigned i = 0; i < 600; i++) {
        cs_profile profile = i % 2 ? CS_PROFILE_GEN12 : CS_PROFILE_GEN6;
        size_t count = random_stream(profile, &state, stream);
        char *text = cs_dis_text(profile, CS_ENGINE_RCS, stream, count);
        size_t length = strlen(text);
        if (i % 5 == 4) {
            for (size_t k = 0; k < length; k++)
                text[k] = (char)next(&state);
        } else {
            for (unsigned k = 0; length && k < 1 + i % 6; k++)
                text[next(&state) % length] = " =x#0\n\r:\t9gZ_"[next(&state) % 14];
        }
        gtsim_asm_result *result = gtsim_asm_parse(profile, text, length);
        size_t lines = 1;
        for (size_t k = 0; k < length; k++)
            lines += text[k] == '\n';
        for (size_t k = 0; k < result->error_count; k++) {
            if (result->errors[k].line < 1 || result->errors[k].line > lines || result->errors[k].column < 1 ||
                result->errors[k].column > length + 1)
                ADD_FAILURE("error at %zu:%zu outside the text", result->errors[k].line, result->errors[k].column);
        }
        EXPECT_LE(result->error_count, GTSIM_ASM_MAX_ERRORS);
        gtsim_asm_free(result);
        free(text);
    }
}
