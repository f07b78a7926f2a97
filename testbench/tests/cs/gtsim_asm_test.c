/* The assembler's text form and its messages (FILE:LINE:COL: message, docs/reference/commands.md
 * "Assembly"): what it accepts, and where and how it reports what it does not. */
#include "tb_test.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "gtsim_asm.h"

static gtsim_asm_result *assemble(cs_profile profile, const char *text)
{
    return gtsim_asm_parse(profile, text, strlen(text));
}

/* The text must assemble to `want` without errors. */
static void expect_dwords(cs_profile profile, const char *text, const uint32_t *want, size_t count)
{
    gtsim_asm_result *result = assemble(profile, text);
    for (size_t i = 0; i < result->error_count; i++)
        ADD_FAILURE("%zu:%zu: %s", result->errors[i].line, result->errors[i].column, result->errors[i].message);
    EXPECT_EQ(result->count, count);
    if (result->count == count)
        EXPECT_MEMEQ(result->dwords, want, count * sizeof *want);
    gtsim_asm_free(result);
}

/* The text must give exactly one error, at line:column, with this message. */
static void expect_error(cs_profile profile, const char *text, size_t line, size_t column, const char *message)
{
    gtsim_asm_result *result = assemble(profile, text);
    EXPECT_EQ(result->error_count, 1);
    if (result->error_count >= 1) {
        EXPECT_EQ(result->errors[0].line, line);
        EXPECT_EQ(result->errors[0].column, column);
        EXPECT_STREQ(result->errors[0].message, message);
    }
    gtsim_asm_free(result);
}

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))
#define G6 CS_PROFILE_GEN6
#define G12 CS_PROFILE_GEN12

TEST(GtsimAsm, CommentsBlankLinesLabelsAndRawDwords)
{
    const char *text = "# a batch\n"
                       "\n"
                       "   MI_NOOP nop_id=0x12 # breadcrumb\n"
                       "0x00000004: MI_BATCH_BUFFER_END len=1\n"
                       "dw 0xdeadbeef 7\n"
                       "8: UNKNOWN 0x12345678\n"
                       "TRUNCATED 0x10000002 0x1000  # MI_STORE_DATA_IMM len=4, only 2 dwords left\n";
    const uint32_t want[] = { 0x00000012, 0x05000000, 0xdeadbeef, 7, 0x12345678, 0x10000002, 0x1000 };
    expect_dwords(G12, text, want, COUNT(want));
}

TEST(GtsimAsm, CrlfTabsAndNoFinalNewline)
{
    const char *text = "MI_NOOP\r\n\tMI_USER_INTERRUPT\t# x\r\nMI_BATCH_BUFFER_END";
    const uint32_t want[] = { 0, 0x01000000, 0x05000000 };
    expect_dwords(G6, text, want, COUNT(want));
}

TEST(GtsimAsm, NumbersEnumsAndRepeatedGroups)
{
    /* Decimal or hex (either case), enum names or numbers; the k-th reg/data is the k-th pair. */
    const char *text = "MI_LOAD_REGISTER_IMM reg=8320 data=0XFF reg=0x2084 data=010\n"
                       "PIPE_CONTROL post_sync=3 address=0x10\n"
                       "PIPE_CONTROL post_sync=write_timestamp address=0x10\n";
    const uint32_t want[] = { 0x11000003, 0x2080, 0xff, 0x2084, 10,
                              0x7a000004, 0xc000, 0x10, 0, 0, 0,
                              0x7a000004, 0xc000, 0x10, 0, 0, 0 };
    expect_dwords(G12, text, want, COUNT(want));
}

TEST(GtsimAsm, LengthAndReservedBits)
{
    /* len= picks the length (longer than the fields need pads with zeros); rsvdN sets bits no
     * field defines, as the disassembler shows them. */
    const char *text = "MI_STORE_DATA_IMM len=6 address=0x40 data=1 rsvd1=0x3 rsvd5=0xabc\n"
                       "MI_SET_CONTEXT address=0x1000 rsvd1=0x200\n";
    const uint32_t want[] = { 0x10000004, 3, 0x40, 1, 0, 0xabc, 0x0c000000, 0x1200 };
    expect_dwords(G6, text, want, COUNT(want));
}

TEST(GtsimAsm, EmptyInput)
{
    expect_dwords(G12, "", NULL, 0);
    expect_dwords(G12, "# nothing\n\n   \n", NULL, 0);
}

TEST(GtsimAsm, UnknownMnemonics)
{
    expect_error(G12, "FOO", 1, 1, "unknown mnemonic 'FOO' (profile gen12; see docs/reference/commands.md)");
    expect_error(G12, "MI_NOOP\n  mi_noop", 2, 3, "unknown mnemonic 'mi_noop' (mnemonics are uppercase: MI_NOOP)");
    expect_error(G12, "MI_FLUSH", 1, 1, "MI_FLUSH is not a gen12 command (profile gen6 has it)");
    expect_error(G6, "MI_SEMAPHORE_WAIT", 1, 1, "MI_SEMAPHORE_WAIT is not a gen6 command (profile gen12 has it)");
    expect_error(G12, "Dw 1", 1, 1, "unknown mnemonic 'Dw' (profile gen12; see docs/reference/commands.md)");
    expect_error(G12, "MI\x01NOOP", 1, 1, "unknown mnemonic 'MI\\x01NOOP' (profile gen12; see docs/reference/commands.md)");
}

TEST(GtsimAsm, FieldErrors)
{
    expect_error(G12, "MI_NOOP foo=1", 1, 9,
                 "MI_NOOP has no field 'foo' (fields: nop_id, nop_id_write; also len, rsvdN)");
    expect_error(G12, "MI_USER_INTERRUPT x=1", 1, 19,
                 "MI_USER_INTERRUPT has no field 'x' (it has none; only len and rsvdN)");
    expect_error(G12, "MI_NOOP nop_id", 1, 9, "expected FIELD=VALUE, got 'nop_id'");
    expect_error(G12, "MI_NOOP =5", 1, 9, "expected FIELD=VALUE, got '=5'");
    expect_error(G12, "MI_NOOP nop_id=", 1, 16, "expected a value after 'nop_id=', got nothing");
    expect_error(G12, "MI_NOOP nop_id=1 nop_id=2", 1, 18, "field 'nop_id' given twice");
    expect_error(G12, "MI_NOOP nop_id=x1", 1, 16, "expected a number for 'nop_id', got 'x1'");
    expect_error(G12, "MI_NOOP nop_id=-1", 1, 16, "expected a number for 'nop_id', got '-1'");
    expect_error(G12, "MI_NOOP nop_id=0x400000", 1, 16, "value '0x400000' for 'nop_id' is out of range 0..0x3fffff");
    expect_error(G12, "MI_NOOP nop_id_write=2", 1, 22, "value '2' for 'nop_id_write' is out of range 0..1");
    expect_error(G12, "MI_STORE_DATA_IMM data=0x100000000", 1, 24,
                 "value '0x100000000' for 'data' is out of range 0..0xffffffff");
    expect_error(G12, "MI_STORE_DATA_IMM data=99999999999999999999", 1, 24,
                 "value '99999999999999999999' for 'data' is out of range 0..0xffffffff");
    expect_error(G12, "MI_STORE_DATA_IMM address=0x1001", 1, 27,
                 "'address' '0x1001' is not aligned: bits 1:0 must be zero");
    expect_error(G12, "MI_STORE_DATA_IMM address=0x1000000000000", 1, 27,
                 "value '0x1000000000000' for 'address' is out of range 0..0xfffffffffffc");
    expect_error(G12, "PIPE_CONTROL post_sync=sometimes", 1, 24,
                 "unknown value 'sometimes' for 'post_sync' (a number or one of: none, write_imm, write_ps_depth, "
                 "write_timestamp)");
}

TEST(GtsimAsm, LengthErrors)
{
    expect_error(G12, "MI_NOOP len=2", 1, 13, "len '2' is out of range 1..1 for MI_NOOP");
    expect_error(G12, "MI_STORE_DATA_IMM len=1", 1, 23, "len '1' is out of range 2..1025 for MI_STORE_DATA_IMM");
    expect_error(G6, "MI_STORE_DATA_IMM len=258", 1, 23, "len '258' is out of range 2..257 for MI_STORE_DATA_IMM");
    expect_error(G12, "MI_NOOP len=1 len=1", 1, 15, "len given twice");
    expect_error(G12, "MI_NOOP len=one", 1, 13, "expected a number for len, got 'one'");
    expect_error(G12, "MI_STORE_DATA_IMM len=4 data_hi=1", 1, 25, "'data_hi' is in dword 4, beyond len=4");
    expect_error(G12, "MI_NOOP rsvd3=1", 1, 9, "'rsvd3' is in dword 3, beyond MI_NOOP's 1 dword");
    expect_error(G6, "MI_LOAD_REGISTER_IMM reg=0x2080 data=1\n"
                     "MI_LOAD_REGISTER_IMM" /* 129 pairs need 259 dwords; the 129th register alone 258 */
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0 reg=0"
                     " reg=0 data=0\n",
                 2, 22 + 6 * 128,
                 "MI_LOAD_REGISTER_IMM with 'reg' needs 258 dwords, more than its header can express (257 at most)");
}

TEST(GtsimAsm, ReservedErrors)
{
    expect_error(G6, "MI_SET_CONTEXT rsvd1=0x100", 1, 22,
                 "rsvd1=0x100 overlaps bits 0xfffff10f that fields of dword 1 define");
    expect_error(G6, "MI_STORE_DATA_IMM rsvd1=1 rsvd1=2", 1, 27, "field 'rsvd1' given twice");
    expect_error(G6, "MI_STORE_DATA_IMM rsvd1=0x100000000", 1, 25,
                 "value '0x100000000' for 'rsvd1' is out of range 0..0xffffffff");
    expect_error(G6, "MI_STORE_DATA_IMM rsvdx=1", 1, 19,
                 "MI_STORE_DATA_IMM has no field 'rsvdx' (fields: ggtt, address, data, data_hi; also len, rsvdN)");
}

TEST(GtsimAsm, RawDwordErrors)
{
    expect_error(G12, "dw", 1, 3, "expected a dword (a number) after 'dw', got end of line");
    expect_error(G12, "UNKNOWN # nothing", 1, 8, "expected a dword (a number) after 'UNKNOWN', got end of line");
    expect_error(G12, "dw 1 0x100000000", 1, 6, "dword '0x100000000' is out of range 0..0xffffffff");
    expect_error(G12, "dw 1 xyz", 1, 6, "expected a dword (a number), got 'xyz'");
    expect_error(G12, "dw 0x", 1, 4, "expected a dword (a number), got '0x'");
}

TEST(GtsimAsm, LabelErrors)
{
    expect_error(G12, "start: MI_NOOP", 1, 1, "expected an offset label (a number and ':'), got 'start:'");
    expect_error(G12, ": MI_NOOP", 1, 1, "expected an offset label (a number and ':'), got ':'");
    expect_error(G12, "0x10:", 1, 6, "expected a mnemonic or dw after the offset label, got end of line");
}

TEST(GtsimAsm, ErrorsOnEveryLineOneEach)
{
    gtsim_asm_result *result = assemble(G12, "MI_NOOP\nFOO\nMI_NOOP bad=1 worse=2\n\ndw x\nMI_NOOP\n");
    ASSERT_EQ(result->error_count, 3);
    EXPECT_EQ(result->errors[0].line, 2);
    EXPECT_EQ(result->errors[1].line, 3);
    EXPECT_EQ(result->errors[1].column, 9);
    EXPECT_EQ(result->errors[2].line, 5);
    EXPECT_FALSE(result->errors_truncated);
    gtsim_asm_free(result);
}

TEST(GtsimAsm, TooManyErrors)
{
    char text[2048] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "BAD\n");
    gtsim_asm_result *result = assemble(G12, text);
    EXPECT_EQ(result->error_count, GTSIM_ASM_MAX_ERRORS);
    EXPECT_TRUE(result->errors_truncated);
    char *printed = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&printed, &size);
    ASSERT_NE(out, NULL);
    gtsim_asm_print_errors(result, "t.s", out);
    fclose(out);
    EXPECT_NE(strstr(printed, "t.s:1:1: unknown mnemonic 'BAD'"), NULL);
    EXPECT_NE(strstr(printed, "t.s:20:1: "), NULL);
    EXPECT_EQ(strstr(printed, "t.s:21:1: "), NULL);
    EXPECT_NE(strstr(printed, "t.s: too many errors; stopped reading after 20\n"), NULL);
    free(printed);
    gtsim_asm_free(result);
}

TEST(GtsimAsm, LongTokensAreCutInMessages)
{
    expect_error(G12, "MI_NOOP nop_id=0x0123456789abcdef0123456789abcdef0123", 1, 16,
                 "value '0x0123456789abcdef0123456789abcd...' for 'nop_id' is out of range 0..0x3fffff");
}
