/* The scenario parser (testbench/app/gtsim_scenario.h): every statement of the core grammar
 * (DESIGN §8) and every error class with its exact LINE:COL and message; robustness against
 * any bytes (docs/guide/scenarios.md). */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_scenario.h"

static gtsim_scenario *parse(const char *text)
{
    return gtsim_scenario_parse("t.gtsim", text, strlen(text));
}

/* Parses `text`, which must hold exactly one error, and checks where it is and what it says. */
static void check_error(const char *text, size_t line, size_t column, const char *message)
{
    gtsim_scenario *scenario = parse(text);
    EXPECT_EQ(scenario->error_count, 1);
    if (scenario->error_count >= 1) {
        EXPECT_EQ(scenario->errors[0].line, line);
        EXPECT_EQ(scenario->errors[0].column, column);
        EXPECT_STREQ(scenario->errors[0].message, message);
    }
    if (scenario->error_count != 1 || scenario->errors[0].line != line || scenario->errors[0].column != column ||
        strcmp(scenario->errors[0].message, message) != 0)
        ADD_FAILURE("input was: \"%s\"", text);
    gtsim_scenario_destroy(scenario);
}

typedef struct ScenarioParse {
    gtsim_scenario *scenario; /* the last parse, freed by TearDown even after a failed ASSERT */
} ScenarioParse;

static void ScenarioParse_SetUp(ScenarioParse *self)
{
    (void)self;
}

static void ScenarioParse_TearDown(ScenarioParse *self)
{
    gtsim_scenario_destroy(self->scenario);
}

/* Parses text that must be free of errors and hold `count` statements. */
static const gtsim_statement *parse_ok(ScenarioParse *self, const char *text, size_t length, size_t count)
{
    gtsim_scenario_destroy(self->scenario);
    self->scenario = gtsim_scenario_parse("t.gtsim", text, length);
    for (size_t i = 0; i < self->scenario->error_count; i++)
        ADD_FAILURE("unexpected error %zu:%zu: %s", self->scenario->errors[i].line, self->scenario->errors[i].column,
                    self->scenario->errors[i].message);
    ASSERT_EQ(self->scenario->error_count, 0);
    ASSERT_EQ(self->scenario->statement_count, count);
    return self->scenario->statements;
}

#define PARSE_OK(text, count) parse_ok(self, (text), strlen(text), (count))

/* ---- statements -------------------------------------------------------------------------- */

TEST_F(ScenarioParse, EmptyBlankAndCommentOnlyFilesHaveNoStatements)
{
    PARSE_OK("", 0);
    PARSE_OK("\n\n   \n\t\n", 0);
    PARSE_OK("# just a comment\n   # indented comment\n#\n", 0);
    EXPECT_STREQ(self->scenario->profile, "gen12");
    EXPECT_EQ(self->scenario->profile_line, 0);
}

TEST_F(ScenarioParse, ProfileFirstSelectsIt)
{
    PARSE_OK("# header\n\nprofile gen6\nrun 1\n", 1);
    EXPECT_STREQ(self->scenario->profile, "gen6");
    EXPECT_EQ(self->scenario->profile_line, 3);
    EXPECT_EQ(self->scenario->profile_column, 1);
    PARSE_OK("  profile gen12 # the default\n", 0);
    EXPECT_STREQ(self->scenario->profile, "gen12");
    EXPECT_EQ(self->scenario->profile_column, 3);
}

TEST_F(ScenarioParse, MmioWrite)
{
    const gtsim_statement *s = PARSE_OK("mmio write 0x2358 0xdeadBEEF\n", 1);
    EXPECT_EQ(s->kind, GTSIM_STMT_MMIO_WRITE);
    EXPECT_EQ(s->line, 1);
    EXPECT_EQ(s->column, 1);
    EXPECT_EQ(s->address, 0x2358);
    EXPECT_EQ(s->value, 0xdeadbeef);
}

TEST_F(ScenarioParse, MmioReadWithoutExpectWithExpectAndWithMask)
{
    const gtsim_statement *s = PARSE_OK("mmio read 16\n"
                                     "mmio read 0x10 expect 7\n"
                                     "mmio read 0xFFFFFFFF expect 0x12 mask 0xF0\n",
                                     3);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_MMIO_READ);
    EXPECT_EQ(s[0].address, 16);
    EXPECT_FALSE(s[0].has_expect);
    EXPECT_TRUE(s[1].has_expect);
    EXPECT_EQ(s[1].value, 7);
    EXPECT_EQ(s[1].mask, 0xffffffffu);
    EXPECT_EQ(s[2].address, 0xffffffffu);
    EXPECT_EQ(s[2].value, 0x12);
    EXPECT_EQ(s[2].mask, 0xf0);
    EXPECT_EQ(s[2].line, 3);
}

TEST_F(ScenarioParse, MemWriteAndRead)
{
    const gtsim_statement *s = PARSE_OK("mem write 0x1000 1 2 0xffffffff\n"
                                     "mem read 0x1000\n"
                                     "mem read 0x1004 expect 2 0xffffffff\n"
                                     "mem write 0xfffffffffffc 5\n",
                                     4);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_MEM_WRITE);
    EXPECT_EQ(s[0].address, 0x1000);
    ASSERT_EQ(s[0].dword_count, 3);
    EXPECT_EQ(s[0].dwords[0], 1);
    EXPECT_EQ(s[0].dwords[1], 2);
    EXPECT_EQ(s[0].dwords[2], 0xffffffffu);
    EXPECT_EQ(s[1].kind, GTSIM_STMT_MEM_READ);
    EXPECT_FALSE(s[1].has_expect);
    EXPECT_EQ(s[1].dword_count, 0);
    EXPECT_TRUE(s[2].has_expect);
    ASSERT_EQ(s[2].dword_count, 2);
    EXPECT_EQ(s[2].dwords[1], 0xffffffffu);
    EXPECT_EQ(s[3].address, 0xfffffffffffcu); /* the last dword of the 48-bit space */
}

TEST_F(ScenarioParse, IrqRaise)
{
    const gtsim_statement *s = PARSE_OK("irq raise 7 63 0xffff\nirq raise 0 0 0\n", 2);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_IRQ_RAISE);
    EXPECT_EQ(s[0].engine_class, 7);
    EXPECT_EQ(s[0].instance, 63);
    EXPECT_EQ(s[0].data, 0xffff);
    EXPECT_EQ(s[1].engine_class, 0);
}

TEST_F(ScenarioParse, RunAndRunIdle)
{
    const gtsim_statement *s = PARSE_OK("run 1\nrun 1000000000000\nrun idle\nrun idle max 5\n", 4);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_RUN);
    EXPECT_EQ(s[0].cycles, 1);
    EXPECT_EQ(s[1].cycles, 1000000000000u);
    EXPECT_EQ(s[2].kind, GTSIM_STMT_RUN_IDLE);
    EXPECT_EQ(s[2].cycles, GTSIM_SCENARIO_IDLE_DEFAULT_CYCLES);
    EXPECT_EQ(s[2].cycles, 1000000);
    EXPECT_EQ(s[3].kind, GTSIM_STMT_RUN_IDLE);
    EXPECT_EQ(s[3].cycles, 5);
}

TEST_F(ScenarioParse, ExpectIrq)
{
    const gtsim_statement *s = PARSE_OK("expect irq 0\nexpect irq 1\nexpect irq 0x1\n", 3);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_EXPECT_IRQ);
    EXPECT_EQ(s[0].level, 0);
    EXPECT_EQ(s[1].level, 1);
    EXPECT_EQ(s[2].level, 1);
}

TEST_F(ScenarioParse, NumbersAreDecimalOrHexWithLeadingZerosDecimal)
{
    const gtsim_statement *s = PARSE_OK("mmio write 0010 0X1f\nmmio write 0x0 00\nmmio write 4294967295 0xFFFFFFFF\n", 3);
    EXPECT_EQ(s[0].address, 10);
    EXPECT_EQ(s[0].value, 0x1f);
    EXPECT_EQ(s[1].address, 0);
    EXPECT_EQ(s[1].value, 0);
    EXPECT_EQ(s[2].address, 0xffffffffu);
    EXPECT_EQ(s[2].value, 0xffffffffu);
}

TEST_F(ScenarioParse, CommentsTabsAndLineNumbers)
{
    const gtsim_statement *s = PARSE_OK("# header\n"
                                     "\n"
                                     "\trun\t5# no space before the comment\n"
                                     "mmio   write  4 \t 6   # trailing\n"
                                     "   \n"
                                     "expect irq 0",  /* no newline at the end */
                                     3);
    EXPECT_EQ(s[0].line, 3);
    EXPECT_EQ(s[0].column, 2); /* a tab is one column */
    EXPECT_EQ(s[0].cycles, 5);
    EXPECT_EQ(s[1].line, 4);
    EXPECT_EQ(s[1].value, 6);
    EXPECT_EQ(s[2].line, 6);
}

TEST_F(ScenarioParse, CrlfLineEndingsAreAccepted)
{
    const gtsim_statement *s = PARSE_OK("profile gen6\r\nrun 3\r\n\r\n# c\r\nexpect irq 1\r\n", 2);
    EXPECT_STREQ(self->scenario->profile, "gen6");
    EXPECT_EQ(s[0].cycles, 3);
    EXPECT_EQ(s[1].line, 5);
}

TEST_F(ScenarioParse, CanonicalFormParsesBackToTheSameStatements)
{
    static const char text[] = "mmio write 0x4 0x12345678\nmmio read 8\nmmio read 8 expect 2\n"
                               "mmio read 8 expect 0x12 mask 0xf0\nmem write 0x1000 1 2 3\nmem read 0x1000\n"
                               "mem read 0x1000 expect 1 2\nirq raise 1 2 0x30\nrun 7\nrun idle\n"
                               "run idle max 9\nexpect irq 1\n";
    PARSE_OK(text, 12);
    char *printed = NULL;
    size_t printed_size = 0;
    FILE *out = open_memstream(&printed, &printed_size);
    ASSERT_NE(out, NULL);
    for (size_t i = 0; i < self->scenario->statement_count; i++) {
        gtsim_statement_print(&self->scenario->statements[i], out);
        fputc('\n', out);
    }
    fclose(out);
    gtsim_scenario *again = gtsim_scenario_parse("again.gtsim", printed, printed_size);
    EXPECT_EQ(again->error_count, 0);
    ASSERT_EQ(again->statement_count, 12);
    for (size_t i = 0; i < 12; i++) {
        const gtsim_statement *a = &self->scenario->statements[i], *b = &again->statements[i];
        EXPECT_EQ(a->kind, b->kind);
        EXPECT_EQ(a->address, b->address);
        EXPECT_EQ(a->value, b->value);
        EXPECT_EQ(a->mask, b->mask);
        EXPECT_EQ(a->has_expect, b->has_expect);
        EXPECT_EQ(a->dword_count, b->dword_count);
        if (a->dword_count == b->dword_count && a->dword_count)
            EXPECT_MEMEQ(a->dwords, b->dwords, a->dword_count * sizeof a->dwords[0]);
        EXPECT_EQ(a->cycles, b->cycles);
        EXPECT_EQ(a->engine_class, b->engine_class);
        EXPECT_EQ(a->instance, b->instance);
        EXPECT_EQ(a->data, b->data);
        EXPECT_EQ(a->level, b->level);
    }
    EXPECT_TRUE(strstr(printed, "mmio read 0x00000008 expect 0x00000012 mask 0x000000f0\n") != NULL);
    EXPECT_TRUE(strstr(printed, "mem write 0x000000001000 0x00000001 0x00000002 0x00000003\n") != NULL);
    EXPECT_TRUE(strstr(printed, "run idle max 1000000\n") != NULL);
    gtsim_scenario_destroy(again);
    free(printed);
}

/* ---- errors: statements and keywords ------------------------------------------------------ */

TEST(ScenarioParseErrors, UnknownStatement)
{
    check_error("jump 5\n", 1, 1, "expected a statement (profile, mmio, mem, irq, run, expect, ring, emit, submit, batch, bemit, kernel, doorbell), got 'jump'");
    check_error("\n\n   poke 1 2\n", 3, 4, "expected a statement (profile, mmio, mem, irq, run, expect, ring, emit, submit, batch, bemit, kernel, doorbell), got 'poke'");
    check_error("5\n", 1, 1, "expected a statement (profile, mmio, mem, irq, run, expect, ring, emit, submit, batch, bemit, kernel, doorbell), got '5'");
}

TEST(ScenarioParseErrors, KeywordsAreLowercase)
{
    check_error("MMIO write 0 0\n", 1, 1,
                "expected a statement (profile, mmio, mem, irq, run, expect, ring, emit, submit, batch, bemit, kernel, doorbell), got 'MMIO' (keywords are lowercase)");
    check_error("mmio Write 0 0\n", 1, 6, "expected 'write' or 'read' after 'mmio', got 'Write' (keywords are lowercase)");
    check_error("mmio read 0 EXPECT 1\n", 1, 13, "expected 'expect' or end of line, got 'EXPECT' (keywords are lowercase)");
    check_error("run Idle\n", 1, 5, "expected CYCLES (a number) or 'idle' after 'run', got 'Idle' (keywords are lowercase)");
    check_error("profile GEN12\n", 1, 9, "expected profile name 'gen12' or 'gen6', got 'GEN12' (keywords are lowercase)");
}

TEST(ScenarioParseErrors, Profile)
{
    check_error("profile gen7\n", 1, 9, "expected profile name 'gen12' or 'gen6', got 'gen7'");
    check_error("profile\n", 1, 8, "expected profile name 'gen12' or 'gen6', got end of line");
    check_error("profile gen6 gen12\n", 1, 14, "expected end of line, got 'gen12'");
    check_error("run 1\n# comment\nprofile gen6\n", 3, 1, "profile must be the first statement");
    check_error("profile gen6\nprofile gen12\n", 2, 1, "profile must be the first statement");
}

TEST(ScenarioParseErrors, ProfileAfterABadStatementIsStillLate)
{
    gtsim_scenario *scenario = parse("jump\n  profile gen6\n");
    ASSERT_EQ(scenario->error_count, 2);
    EXPECT_EQ(scenario->errors[1].line, 2);
    EXPECT_EQ(scenario->errors[1].column, 3);
    EXPECT_STREQ(scenario->errors[1].message, "profile must be the first statement");
    gtsim_scenario_destroy(scenario);
}

TEST(ScenarioParseErrors, Mmio)
{
    check_error("mmio\n", 1, 5, "expected 'write' or 'read' after 'mmio', got end of line");
    check_error("mmio poke 0 0\n", 1, 6, "expected 'write' or 'read' after 'mmio', got 'poke'");
    check_error("mmio write\n", 1, 11, "expected OFFSET (a number), got end of line");
    check_error("mmio write 0x4\n", 1, 15, "expected VALUE (a number), got end of line");
    check_error("mmio write 0x4 zz\n", 1, 16, "expected VALUE (a number), got 'zz'");
    check_error("mmio write 0x4 1 2\n", 1, 18, "expected end of line, got '2'");
    check_error("mmio read 0 foo\n", 1, 13, "expected 'expect' or end of line, got 'foo'");
    check_error("mmio read 0 expect\n", 1, 19, "expected VALUE (a number), got end of line");
    check_error("mmio read 0 expect 1 msk 3\n", 1, 22, "expected 'mask' or end of line, got 'msk'");
    check_error("mmio read 0 expect 1 mask\n", 1, 26, "expected MASK (a number), got end of line");
    check_error("mmio read 0 expect 1 mask 2 3\n", 1, 29, "expected end of line, got '3'");
}

TEST(ScenarioParseErrors, Mem)
{
    check_error("mem copy 0 1\n", 1, 5, "expected 'write', 'read' or 'load' after 'mem', got 'copy'");
    check_error("mem write 0x1000\n", 1, 17, "expected DW (a number), got end of line");
    check_error("mem write 0x1000 1 x 3\n", 1, 20, "expected DW (a number), got 'x'");
    check_error("mem read 0x1000 expect\n", 1, 23, "expected DW (a number), got end of line");
    check_error("mem read 0x1000 1\n", 1, 17, "expected 'expect' or end of line, got '1'");
    check_error("mem read\n", 1, 9, "expected ADDR (a number), got end of line");
}

TEST(ScenarioParseErrors, MemStaysInsideThe48BitSpace)
{
    check_error("mem write 0x1000000000000 1\n", 1, 11, "ADDR '0x1000000000000' is out of range 0..0xffffffffffff");
    check_error("mem write 0xfffffffffff8 1 2 3\n", 1, 30,
                "dword at 0x1000000000000 runs past the end of the 48-bit graphics address space");
    check_error("mem write 0xfffffffffffe 1\n", 1, 26,
                "dword at 0xfffffffffffe runs past the end of the 48-bit graphics address space");
    check_error("mem read 0xfffffffffffd\n", 1, 10,
                "dword at 0xfffffffffffd runs past the end of the 48-bit graphics address space");
    check_error("mem read 0xfffffffffff8 expect 0 0 0\n", 1, 36,
                "dword at 0x1000000000000 runs past the end of the 48-bit graphics address space");
}

TEST(ScenarioParseErrors, Irq)
{
    check_error("irq lower 1 2 3\n", 1, 5, "expected 'raise' after 'irq', got 'lower'");
    check_error("irq raise 8 0 0\n", 1, 11, "CLASS '8' is out of range 0..7");
    check_error("irq raise 0 64 0\n", 1, 13, "INSTANCE '64' is out of range 0..63");
    check_error("irq raise 0 0 0x10000\n", 1, 15, "DATA16 '0x10000' is out of range 0..0xffff");
    check_error("irq raise 0 0\n", 1, 14, "expected DATA16 (a number), got end of line");
    check_error("irq raise 1 2 3 4\n", 1, 17, "expected end of line, got '4'");
}

TEST(ScenarioParseErrors, Run)
{
    check_error("run\n", 1, 4, "expected CYCLES (a number) or 'idle' after 'run', got end of line");
    check_error("run foo\n", 1, 5, "expected CYCLES (a number) or 'idle' after 'run', got 'foo'");
    check_error("run -5\n", 1, 5, "expected CYCLES (a number) or 'idle' after 'run', got '-5'");
    check_error("run 0\n", 1, 5, "CYCLES '0' is out of range 1..1000000000000");
    check_error("run 1000000000001\n", 1, 5, "CYCLES '1000000000001' is out of range 1..1000000000000");
    check_error("run 5 6\n", 1, 7, "expected end of line, got '6'");
    check_error("run 5x\n", 1, 5, "expected CYCLES (a number), got '5x'");
    check_error("run idle 5\n", 1, 10, "expected 'max' or end of line, got '5'");
    check_error("run idle maximum 5\n", 1, 10, "expected 'max' or end of line, got 'maximum'");
    check_error("run idle max\n", 1, 13, "expected CYCLES (a number), got end of line");
    check_error("run idle max 0\n", 1, 14, "CYCLES '0' is out of range 1..1000000000000");
    check_error("run idle max 5 now\n", 1, 16, "expected end of line, got 'now'");
}

TEST(ScenarioParseErrors, ExpectIrq)
{
    check_error("expect\n", 1, 7, "expected 'irq' after 'expect', got end of line");
    check_error("expect foo 1\n", 1, 8, "expected 'irq' after 'expect', got 'foo'");
    check_error("expect irq\n", 1, 11, "expected LEVEL (0 or 1), got end of line");
    check_error("expect irq high\n", 1, 12, "expected LEVEL (0 or 1), got 'high'");
    check_error("expect irq 2\n", 1, 12, "LEVEL '2' is out of range 0..1");
    check_error("expect irq 1 0\n", 1, 14, "expected end of line, got '0'");
}

/* ---- errors: numbers ---------------------------------------------------------------------- */

TEST(ScenarioParseErrors, NumbersHaveNoSignNoSuffixAndNoOtherBase)
{
    check_error("mmio write 0 -1\n", 1, 14, "expected VALUE (a number), got '-1'");
    check_error("mmio write 0 +1\n", 1, 14, "expected VALUE (a number), got '+1'");
    check_error("mmio write 0 10u\n", 1, 14, "expected VALUE (a number), got '10u'");
    check_error("mmio write 0 0x\n", 1, 14, "expected VALUE (a number), got '0x'");
    check_error("mmio write 0 0x1g\n", 1, 14, "expected VALUE (a number), got '0x1g'");
    check_error("mmio write 0 0b101\n", 1, 14, "expected VALUE (a number), got '0b101'");
    check_error("mmio write 0 1e3\n", 1, 14, "expected VALUE (a number), got '1e3'");
    check_error("mmio write 0 1,2\n", 1, 14, "expected VALUE (a number), got '1,2'");
}

TEST(ScenarioParseErrors, NumbersOutOfRangeAndOverflow)
{
    check_error("mmio write 0x100000000 0\n", 1, 12, "OFFSET '0x100000000' is out of range 0..0xffffffff");
    check_error("mmio write 0 4294967296\n", 1, 14, "VALUE '4294967296' is out of range 0..0xffffffff");
    check_error("mmio read 0 expect 1 mask 0x1ffffffff\n", 1, 27, "MASK '0x1ffffffff' is out of range 0..0xffffffff");
    check_error("mem write 0 0x100000000\n", 1, 13, "DW '0x100000000' is out of range 0..0xffffffff");
    /* Beyond 64 bits: still "out of range", never wrapped. */
    check_error("run 99999999999999999999999\n", 1, 5, "CYCLES '99999999999999999999999' is out of range 1..1000000000000");
    check_error("run 18446744073709551616\n", 1, 5, "CYCLES '18446744073709551616' is out of range 1..1000000000000");
    check_error("mmio write 0 0x10000000000000000\n", 1, 14, "VALUE '0x10000000000000000' is out of range 0..0xffffffff");
    /* A bad digit after an overflowing prefix is "not a number", not "out of range". */
    check_error("mmio write 0 99999999999999999999999z\n", 1, 14, "expected VALUE (a number), got '99999999999999999999999z'");
}

/* ---- errors: reporting -------------------------------------------------------------------- */

TEST(ScenarioParseErrors, EveryBadLineIsReportedOncePerLineInOrder)
{
    gtsim_scenario *scenario = parse("run 1\nfoo\nmmio write x y\nrun 2\nexpect irq 3\n");
    ASSERT_EQ(scenario->error_count, 3);
    EXPECT_EQ(scenario->errors[0].line, 2);
    EXPECT_EQ(scenario->errors[1].line, 3);
    EXPECT_EQ(scenario->errors[1].column, 12); /* the first bad token only */
    EXPECT_EQ(scenario->errors[2].line, 5);
    EXPECT_FALSE(scenario->errors_truncated);
    EXPECT_EQ(scenario->statement_count, 2); /* good lines still parse; the runner refuses the file */
    gtsim_scenario_destroy(scenario);
}

TEST(ScenarioParseErrors, StopsAfterTwentyErrorsPerFile)
{
    char text[4096] = "";
    for (int i = 0; i < 30; i++)
        strcat(text, "bad\n");
    gtsim_scenario *scenario = parse(text);
    EXPECT_EQ(scenario->error_count, GTSIM_SCENARIO_MAX_ERRORS);
    EXPECT_EQ(scenario->errors[19].line, 20);
    EXPECT_TRUE(scenario->errors_truncated);
    char *printed = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&printed, &size);
    gtsim_scenario_print_errors(scenario, out);
    fclose(out);
    EXPECT_TRUE(strstr(printed, "t.gtsim:1:1: expected a statement") == printed);
    EXPECT_TRUE(strstr(printed, "t.gtsim:20:1: expected a statement") != NULL);
    EXPECT_TRUE(strstr(printed, "t.gtsim:21:1:") == NULL);
    EXPECT_TRUE(strstr(printed, "t.gtsim: too many errors; stopped reading after 20\n") != NULL);
    free(printed);
    gtsim_scenario_destroy(scenario);

    scenario = parse("bad\nbad\n"); /* exactly at the limit is not "too many" */
    EXPECT_FALSE(scenario->errors_truncated);
    gtsim_scenario_destroy(scenario);
}

TEST(ScenarioParseErrors, PrintFormatIsFileLineColumnMessage)
{
    gtsim_scenario *scenario = gtsim_scenario_parse("dir/x.gtsim", "run 1\n  run 0\n", 14);
    char *printed = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&printed, &size);
    gtsim_scenario_print_errors(scenario, out);
    fclose(out);
    EXPECT_STREQ(printed, "dir/x.gtsim:2:7: CYCLES '0' is out of range 1..1000000000000\n");
    free(printed);
    gtsim_scenario_destroy(scenario);
}

TEST(ScenarioParseErrors, CrlfColumnsIgnoreTheCarriageReturn)
{
    check_error("mmio write 0\r\n", 1, 13, "expected VALUE (a number), got end of line");
    check_error("run 1\r\nrun 2 3\r\n", 2, 7, "expected end of line, got '3'");
    /* A carriage return anywhere else is not a line end. */
    check_error("run 1\rrun 2\n", 1, 5, "expected CYCLES (a number), got '1\\x0drun'");
}

TEST(ScenarioParseErrors, UnprintableBytesAreEscapedAndLongTokensCut)
{
    static const char nul[] = "run\0 5\n";
    gtsim_scenario *scenario = gtsim_scenario_parse("t.gtsim", nul, sizeof nul - 1);
    ASSERT_EQ(scenario->error_count, 1);
    EXPECT_STREQ(scenario->errors[0].message,
                 "expected a statement (profile, mmio, mem, irq, run, expect, ring, emit, submit, batch, bemit, kernel, doorbell), got 'run\\x00'");
    gtsim_scenario_destroy(scenario);

    check_error("run \xff\xfe'\\\n", 1, 5, "expected CYCLES (a number) or 'idle' after 'run', got '\\xff\\xfe\\x27\\x5c'");
    char text[256] = "run ";
    memset(text + 4, 'a', 100);
    text[104] = '\n';
    text[105] = '\0';
    check_error(text, 1, 5,
                "expected CYCLES (a number) or 'idle' after 'run', got 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
}

/* ---- files -------------------------------------------------------------------------------- */

TEST(ScenarioLoad, UnreadableFileSaysCannotOpenWithTheReason)
{
    char message[256] = "";
    EXPECT_EQ(gtsim_scenario_load("/nonexistent/dir/x.gtsim", message, sizeof message), NULL);
    EXPECT_STREQ(message, "cannot open '/nonexistent/dir/x.gtsim': No such file or directory");
    EXPECT_EQ(gtsim_scenario_load("/", message, sizeof message), NULL);
    EXPECT_STREQ(message, "cannot open '/': Is a directory"); /* opens, but read() fails */
}

TEST(ScenarioLoad, ReadsAFileAndNamesItByItsPath)
{
    char path[] = "/tmp/gtsim_scenario_parse_testXXXXXX";
    int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    FILE *file = fdopen(fd, "w");
    fputs("profile gen6\r\nmem write 0 1 2\r\n", file);
    fclose(file);
    char message[256] = "";
    gtsim_scenario *scenario = gtsim_scenario_load(path, message, sizeof message);
    remove(path);
    ASSERT_NE(scenario, NULL);
    EXPECT_STREQ(scenario->name, path);
    EXPECT_STREQ(scenario->profile, "gen6");
    EXPECT_EQ(scenario->statement_count, 1);
    EXPECT_EQ(scenario->error_count, 0);
    gtsim_scenario_destroy(scenario);
}

TEST(ScenarioLoad, ExampleScenariosParseWithoutErrors)
{
    static const char *const names[] = { "default.gtsim", "bringup.gtsim", "roundtrip_operations.gtsim",
                                         "roundtrip_status.gtsim", "memory.gtsim", "cs_verbs_gen12.gtsim",
                                         "cs_verbs_gen6.gtsim", "execlist_gen12.gtsim", "gen6_engines.gtsim" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[1024], message[1024] = "";
        snprintf(path, sizeof path, "%s/%s", TB_SCENARIOS_DIR, names[i]);
        gtsim_scenario *scenario = gtsim_scenario_load(path, message, sizeof message);
        EXPECT_NE(scenario, NULL);
        if (!scenario) {
            ADD_FAILURE("%s", message);
            continue;
        }
        EXPECT_EQ(scenario->error_count, 0);
        for (size_t e = 0; e < scenario->error_count; e++)
            ADD_FAILURE("%s:%zu:%zu: %s", names[i], scenario->errors[e].line, scenario->errors[e].column,
                        scenario->errors[e].message);
        EXPECT_GT(scenario->statement_count, 0);
        gtsim_scenario_destroy(scenario);
    }
}

/* ---- robustness --------------------------------------------------------------------------- */

static uint64_t next_random(uint64_t *state)
{
    /* xorshift64*: deterministic, so a failure reproduces */
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(2685821657736338717);
}

/* Whatever the input, the result is self-consistent: bounded errors at real positions, and
 * every statement that parsed prints back to text that parses without error. */
static void check_consistent(const char *text, size_t length)
{
    gtsim_scenario *scenario = gtsim_scenario_parse("fuzz.gtsim", text, length);
    size_t lines = 1;
    for (size_t i = 0; i < length; i++)
        lines += text[i] == '\n';
    ASSERT_LE(scenario->error_count, GTSIM_SCENARIO_MAX_ERRORS);
    for (size_t i = 0; i < scenario->error_count; i++) {
        ASSERT_GE(scenario->errors[i].line, 1);
        ASSERT_LE(scenario->errors[i].line, lines);
        ASSERT_GE(scenario->errors[i].column, 1);
        ASSERT_LE(scenario->errors[i].column, length + 1);
        ASSERT_GT(strlen(scenario->errors[i].message), 0);
    }
    char *printed = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&printed, &size);
    for (size_t i = 0; i < scenario->statement_count; i++) {
        const gtsim_statement *s = &scenario->statements[i];
        if (s->kind == GTSIM_STMT_MEM_WRITE || (s->kind == GTSIM_STMT_MEM_READ && s->has_expect))
            ASSERT_GT(s->dword_count, 0);
        gtsim_statement_print(s, out);
        fputc('\n', out);
    }
    fclose(out);
    gtsim_scenario *again = gtsim_scenario_parse("again.gtsim", printed, size);
    EXPECT_EQ(again->error_count, 0);
    EXPECT_EQ(again->statement_count, scenario->statement_count);
    gtsim_scenario_destroy(again);
    free(printed);
    gtsim_scenario_destroy(scenario);
}

static char *read_default_scenario(size_t *length)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/default.gtsim", TB_SCENARIOS_DIR);
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    char *text = malloc(1 << 20);
    *length = fread(text, 1, 1 << 20, file);
    fclose(file);
    return text;
}

TEST(ScenarioParseFuzz, EveryPrefixOfTheDefaultScenario)
{
    size_t length = 0;
    char *text = read_default_scenario(&length);
    ASSERT_NE(text, NULL);
    for (size_t cut = 0; cut <= length; cut++) {
        char *copy = malloc(cut ? cut : 1); /* exact size: ASan sees any read past the end */
        memcpy(copy, text, cut);
        check_consistent(copy, cut);
        free(copy);
    }
    free(text);
}

TEST(ScenarioParseFuzz, MutatedDefaultScenario)
{
    size_t length = 0;
    char *text = read_default_scenario(&length);
    ASSERT_NE(text, NULL);
    uint64_t state = 0x9e3779b97f4a7c15u;
    static const char interesting[] = { '\0', '\r', '\n', '\t', ' ', '#', '-', 'x', '0', '9', 'f', (char)0xff };
    for (int round = 0; round < 2000; round++) {
        char *copy = malloc(length);
        memcpy(copy, text, length);
        int edits = 1 + (int)(next_random(&state) % 8);
        for (int e = 0; e < edits; e++) {
            size_t at = next_random(&state) % length;
            uint64_t choice = next_random(&state);
            copy[at] = (choice & 1) ? (char)(choice >> 8) : interesting[(choice >> 8) % sizeof interesting];
        }
        check_consistent(copy, length);
        free(copy);
    }
    free(text);
}

TEST(ScenarioParseFuzz, RandomBytesAndRandomTokens)
{
    static const char *const words[] = { "profile", "gen12", "gen6", "mmio", "mem", "irq", "run", "expect",
                                         "write", "read", "raise", "idle", "max", "mask", "0", "1", "0x10",
                                         "0xffffffff", "0xfffffffffffc", "4294967296", "99999999999999999999",
                                         "-1", "#", " ", "\t", "\n", "\r\n", "\r", "\0", "\xff", "0x", "7", "63",
                                         "64", "1000000000000", "ring", "emit", "submit", "batch", "bemit",
                                         "rcs", "bcs", "vecs", "pages", "0x100000", "MI_NOOP", "MI_USER_INTERRUPT",
                                         "dw", "nop_id=1", "MI_STORE_DATA_IMM", "data=5" };
    uint64_t state = 12345;
    for (int round = 0; round < 3000; round++) {
        size_t length = next_random(&state) % 400;
        char *text = malloc(length ? length : 1);
        bool tokens = round % 2;
        size_t used = 0;
        while (used < length) {
            if (tokens) {
                const char *word = words[next_random(&state) % (sizeof words / sizeof words[0])];
                size_t n = word[0] ? strlen(word) : 1;
                for (size_t i = 0; i < n && used < length; i++)
                    text[used++] = word[i];
                if (used < length && next_random(&state) % 2)
                    text[used++] = ' ';
            } else {
                text[used++] = (char)next_random(&state);
            }
        }
        check_consistent(text, length);
        free(text);
    }
}

TEST(ScenarioParseFuzz, LinesOfAnyLength)
{
    /* A million dwords on one line, and 8 MiB of one garbage token: linear time, one error. */
    size_t dwords = 1000000;
    size_t length = 16 + dwords * 2;
    char *text = malloc(length + 1);
    size_t used = (size_t)sprintf(text, "mem write 0 ");
    for (size_t i = 0; i < dwords; i++) {
        text[used++] = '7';
        text[used++] = ' ';
    }
    gtsim_scenario *scenario = gtsim_scenario_parse("long.gtsim", text, used);
    EXPECT_EQ(scenario->error_count, 0);
    ASSERT_EQ(scenario->statement_count, 1);
    EXPECT_EQ(scenario->statements[0].dword_count, dwords);
    gtsim_scenario_destroy(scenario);
    free(text);

    length = 8u << 20;
    text = malloc(length);
    memset(text, 'z', length);
    scenario = gtsim_scenario_parse("long.gtsim", text, length);
    EXPECT_EQ(scenario->error_count, 1);
    gtsim_scenario_destroy(scenario);
    free(text);
}

/* ---- higher-level verbs: ring, emit, submit, batch, bemit -------------------------------- */

TEST_F(ScenarioParse, RingSetsUpAnEngineAtItsBaseWithPages)
{
    const gtsim_statement *s = PARSE_OK("ring rcs 0x100000\nring bcs 0x200000 pages 2\nring vecs 0 pages 512\n", 3);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_RING);
    EXPECT_EQ(s[0].engine_base, 0x2000);
    EXPECT_EQ(s[0].address, 0x100000);
    EXPECT_EQ(s[0].ring_bytes, 4096);
    EXPECT_EQ(s[1].engine_base, 0x22000);
    EXPECT_EQ(s[1].ring_bytes, 8192);
    EXPECT_EQ(s[2].engine_base, 0x1C8000);
    EXPECT_EQ(s[2].ring_bytes, 512 * 4096);
    s = PARSE_OK("profile gen6\nring vcs 0x1000\n", 1);
    EXPECT_EQ(s[0].engine_base, 0x12000);
}

TEST_F(ScenarioParse, EmitAssemblesForTheProfileAtTheSoftwareTail)
{
    const gtsim_statement *s = PARSE_OK("ring rcs 0x100000\n"
                                     "emit rcs MI_STORE_DATA_IMM address=0x400000 data=0x11111111 # gen12: 4 dwords\n"
                                     "emit rcs MI_USER_INTERRUPT\n"
                                     "emit rcs dw 5 6\n",
                                     4);
    EXPECT_EQ(s[1].kind, GTSIM_STMT_EMIT);
    EXPECT_EQ(s[1].ring_offset, 0);
    ASSERT_EQ(s[1].dword_count, 4);
    EXPECT_EQ(s[1].dwords[0], 0x10000002);
    EXPECT_EQ(s[1].dwords[3], 0x11111111);
    EXPECT_EQ(s[2].ring_offset, 16);
    ASSERT_EQ(s[2].dword_count, 1);
    EXPECT_EQ(s[2].dwords[0], 0x01000000);
    EXPECT_EQ(s[3].ring_offset, 20);
    EXPECT_EQ(s[3].dwords[1], 6);
    /* gen6 encodes MI_STORE_DATA_IMM with a 32-bit address: one dword less. */
    s = PARSE_OK("profile gen6\nring rcs 0x100000\nemit rcs MI_STORE_DATA_IMM address=0x400000 data=1\n", 2);
    EXPECT_EQ(s[1].dword_count, 4);
}

TEST_F(ScenarioParse, SubmitPadsToAQWordWithOneNoopAndTheTailWraps)
{
    const gtsim_statement *s = PARSE_OK("ring rcs 0x100000\nemit rcs MI_USER_INTERRUPT\nsubmit rcs\nsubmit rcs\n", 4);
    EXPECT_EQ(s[2].kind, GTSIM_STMT_SUBMIT);
    ASSERT_EQ(s[2].dword_count, 1);
    EXPECT_EQ(s[2].dwords[0], 0);
    EXPECT_EQ(s[2].ring_offset, 4);
    EXPECT_EQ(s[2].value, 8);
    EXPECT_EQ(s[3].dword_count, 0); /* already aligned: nothing to pad */
    EXPECT_EQ(s[3].value, 8);

    /* 1020 NOOPs and a submit leave the tail at 4080; a 4-dword store then wraps. */
    size_t size = 4096 * 16;
    char *text = malloc(size);
    size_t used = (size_t)snprintf(text, size, "ring rcs 0x100000\n");
    for (int i = 0; i < 1020; i++)
        used += (size_t)snprintf(text + used, size - used, "emit rcs MI_NOOP\n");
    used += (size_t)snprintf(text + used, size - used, "submit rcs\nemit rcs dw 1 2 3 4 5 6\nsubmit rcs\n");
    s = parse_ok(self, text, used, 1024);
    free(text);
    EXPECT_EQ(s[1021].value, 4080);
    EXPECT_EQ(s[1022].ring_offset, 4080);
    EXPECT_EQ(s[1023].value, 8);
}

TEST_F(ScenarioParse, BatchSetsTheCursorAndBemitAppends)
{
    const gtsim_statement *s = PARSE_OK("batch 0x300000\nbemit MI_NOOP\nbemit dw 1 2\nbatch 0x500004\nbemit "
                                     "MI_BATCH_BUFFER_END\n",
                                     5);
    EXPECT_EQ(s[0].kind, GTSIM_STMT_BATCH);
    EXPECT_EQ(s[1].kind, GTSIM_STMT_BEMIT);
    EXPECT_EQ(s[1].address, 0x300000);
    EXPECT_EQ(s[2].address, 0x300004);
    EXPECT_EQ(s[2].dword_count, 2);
    EXPECT_EQ(s[4].address, 0x500004);
    EXPECT_EQ(s[4].dwords[0], 0x05000000);
}

TEST(ScenarioParseErrors, Ring)
{
    check_error("ring\n", 1, 5, "expected ENGINE (rcs, bcs, vcs or vecs), got end of line");
    check_error("ring xcs 0\n", 1, 6, "expected ENGINE (rcs, bcs, vcs or vecs), got 'xcs'");
    check_error("ring RCS 0\n", 1, 6, "expected ENGINE (rcs, bcs, vcs or vecs), got 'RCS' (keywords are lowercase)");
    check_error("profile gen6\nring vecs 0\n", 2, 6, "profile gen6 has no engine 'vecs'");
    check_error("ring rcs\n", 1, 9, "expected ADDR (a number), got end of line");
    check_error("ring rcs 0x1001\n", 1, 10, "ring ADDR 0x1001 is not 4 KiB aligned (RING_START bits 11:0 are 0)");
    check_error("ring rcs 0x100000000\n", 1, 10, "ADDR '0x100000000' is out of range 0..0xffffffff");
    check_error("ring rcs 0 page 2\n", 1, 12, "expected 'pages' or end of line, got 'page'");
    check_error("ring rcs 0 pages\n", 1, 17, "expected N (a number), got end of line");
    check_error("ring rcs 0 pages 0\n", 1, 18, "N '0' is out of range 1..512");
    check_error("ring rcs 0 pages 513\n", 1, 18, "N '513' is out of range 1..512");
    check_error("ring rcs 0 pages 1 x\n", 1, 20, "expected end of line, got 'x'");
    check_error("ring rcs 0xfffff000 pages 2\n", 1, 27,
                "ring at 0xfffff000 of 2 pages runs past 4 GiB (RING_START is 32 bits)");
}

TEST(ScenarioParseErrors, EmitAndSubmit)
{
    check_error("emit rcs MI_NOOP\n", 1, 6, "emit rcs before 'ring rcs ADDR'");
    check_error("ring rcs 0\nemit bcs MI_NOOP\n", 2, 6, "emit bcs before 'ring bcs ADDR'");
    check_error("emit\n", 1, 5, "expected ENGINE (rcs, bcs, vcs or vecs), got end of line");
    check_error("ring rcs 0\nemit rcs\n", 2, 9, "expected MNEMONIC (a command, or dw), got end of line");
    check_error("ring rcs 0\nemit rcs # nothing\n", 2, 9, "expected MNEMONIC (a command, or dw), got end of line");
    check_error("ring rcs 0\nemit rcs MI_FOO\n", 2, 10, "unknown mnemonic 'MI_FOO' (profile gen12; see docs/reference/commands.md)");
    check_error("ring rcs 0\nemit rcs mi_noop\n", 2, 10, "unknown mnemonic 'mi_noop' (mnemonics are uppercase: MI_NOOP)");
    check_error("ring rcs 0\nemit rcs MI_NOOP bogus=1\n", 2, 18,
                "MI_NOOP has no field 'bogus' (fields: nop_id, nop_id_write; also len, rsvdN)");
    check_error("ring rcs 0\nemit rcs MI_NOOP nop_id=0x400000\n", 2, 25,
                "value '0x400000' for 'nop_id' is out of range 0..0x3fffff");
    check_error("ring rcs 0\nemit rcs MI_NOOP MI_NOOP\n", 2, 18, "expected FIELD=VALUE, got 'MI_NOOP'");
    check_error("ring rcs 0\nemit rcs dw\n", 2, 12, "expected a dword (a number) after 'dw', got end of line");
    check_error("ring bcs 0\nemit bcs PIPE_CONTROL\n", 2, 10, "PIPE_CONTROL is not accepted by bcs on gen12");
    check_error("submit rcs\n", 1, 8, "submit rcs before 'ring rcs ADDR'");
    check_error("ring rcs 0\nsubmit rcs x\n", 2, 12, "expected end of line, got 'x'");

    /* A one-page ring holds 4088 bytes between submits (HEAD == TAIL is empty). */
    size_t size = 4096 * 16;
    char *text = malloc(size);
    size_t used = (size_t)snprintf(text, size, "ring rcs 0\n");
    for (int i = 0; i < 1022; i++)
        used += (size_t)snprintf(text + used, size - used, "emit rcs MI_NOOP\n");
    snprintf(text + used, size - used, "emit rcs MI_NOOP\n");
    check_error(text, 1024, 10, "ring rcs overflows: 4096 bytes since the last submit, the ring holds 4088");
    free(text);
}

TEST(ScenarioParseErrors, BatchAndBemit)
{
    check_error("batch\n", 1, 6, "expected ADDR (a number), got end of line");
    check_error("batch 0x1002\n", 1, 7, "batch ADDR 0x1002 is not dword aligned");
    check_error("batch 0x1000 x\n", 1, 14, "expected end of line, got 'x'");
    check_error("bemit MI_NOOP\n", 1, 1, "bemit before 'batch ADDR'");
    check_error("batch 0\nbemit\n", 2, 6, "expected MNEMONIC (a command, or dw), got end of line");
    check_error("batch 0\nbemit MI_FOO\n", 2, 7, "unknown mnemonic 'MI_FOO' (profile gen12; see docs/reference/commands.md)");
    check_error("batch 0xfffffffffffc\nbemit dw 1 2\n", 2, 7,
                "command at 0xfffffffffffc runs past the end of the 48-bit graphics address space");
}

/* ---- the verb table (gtsim_scenario_verbs.h) ------------------------------------------------- */

/* Every form of every verb, as its row writes it, is in the language reference (blanks
 * between words may be widened there to align columns). */
TEST(ScenarioVerbs, EveryVerbIsInTheLanguageReference)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../../docs/guide/scenarios.md", TB_SCENARIOS_DIR);
    FILE *file = fopen(path, "rb");
    ASSERT_TRUE(file != NULL);
    char *docs = calloc(1, 1 << 20);
    size_t length = fread(docs, 1, (1 << 20) - 1, file);
    fclose(file);
    size_t kept = 0; /* runs of blanks as one */
    for (size_t i = 0; i < length; i++)
        if (docs[i] != ' ' || kept == 0 || docs[kept - 1] != ' ')
            docs[kept++] = docs[i];
    docs[kept] = '\0';
    for (int kind = 0; kind < GTSIM_STMT_KIND_COUNT; kind++) {
        char forms[256];
        snprintf(forms, sizeof forms, "%s", gtsim_statement_usage((gtsim_statement_kind)kind));
        for (char *form = forms, *bar; form; form = bar ? bar + 3 : NULL) {
            bar = strstr(form, " | ");
            if (bar)
                *bar = '\0';
            if (!strstr(docs, form))
                ADD_FAILURE("'%s' is not in docs/guide/scenarios.md", form);
        }
    }
    free(docs);
}

/* The waveform's mnemonic row: the verb's words, up to the first number (docs/guide/waves.md). */
TEST_F(ScenarioParse, MnemonicsAreTheVerbsWords)
{
    static const char text[] = "mmio write 4 5\nmmio read 4 expect 5\nmem write 0x1000 1 2 3\nmem read 0x1000\n"
                               "irq raise 0 0 1\nrun 10\nrun idle max 10\nexpect irq 0\nring rcs 0x10000\n"
                               "emit rcs MI_NOOP\nsubmit rcs\nbatch 0x2000\nbemit MI_BATCH_BUFFER_END\nkernel 0x40 fill\n"
                               "doorbell arm 3 0x3000\ndoorbell route guc\ndoorbell queue 3 rcs 0x4000 64\n"
                               "doorbell item 3 0x1234 0x40\ndoorbell ring 3 expect lost\n";
    static const char *const mnemonics[] = { "mmio write", "mmio read", "mem write", "mem read", "irq raise", "run",
                                             "run idle", "expect irq", "ring rcs", "emit rcs dw", "submit rcs",
                                             "batch", "bemit dw", "kernel", "doorbell arm", "doorbell route guc",
                                             "doorbell queue", "doorbell item", "doorbell ring" };
    size_t count = sizeof mnemonics / sizeof mnemonics[0];
    const gtsim_statement *statements = PARSE_OK(text, count);
    for (size_t i = 0; i < count; i++) {
        EXPECT_EQ(statements[i].kind, (gtsim_statement_kind)i);
        char *mnemonic = gtsim_statement_mnemonic(&statements[i]);
        EXPECT_STREQ(mnemonic, mnemonics[i]);
        free(mnemonic);
    }
}
