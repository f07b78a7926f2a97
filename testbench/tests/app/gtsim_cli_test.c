/* Table-driven command-line options (testbench/app/gtsim_cli.h): every way an option is written,
 * the errors for an unknown option and a missing value, "--", and the help layout. */
#include "tb_test.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_cli.h"

typedef struct cli_state {
    bool flag;           /* --flag, -f */
    const char *file;    /* --file FILE */
    const char *jobs;    /* -j N (attached digits too) */
    const char *history; /* --history[=NS]: "given" without a value */
    int histories;       /* times --history was given */
    const char *operands[8]; /* the operands in order */
    int operand_count;   /* entries in operands */
    const char *bad;     /* what bad_option was told */
    bool bad_missing;    /* ... and whether a value was missing */
} cli_state;

static int history(void *context, const char *value)
{
    cli_state *state = context;
    state->history = value ? value : "given";
    state->histories++;
    return -1;
}

static int stop(void *context, const char *value)
{
    (void)context;
    return value && strcmp(value, "now") == 0 ? 7 : -1;
}

static int operand(void *context, const char *arg)
{
    cli_state *state = context;
    if (state->operand_count < 8)
        state->operands[state->operand_count++] = arg;
    return -1;
}

static int bad_option(void *context, const char *argument, bool missing_value)
{
    cli_state *state = context;
    state->bad = argument;
    state->bad_missing = missing_value;
    return 3;
}

static const gtsim_cli_option options[] = {
    { "-f, --flag", .field = offsetof(cli_state, flag), .help = "a flag" },
    { "--file", "FILE", .field = offsetof(cli_state, file), .help = "a value\nover two lines" },
    { "-j", "N", .attached = true, .field = offsetof(cli_state, jobs), .help = "attached digits" },
    { "--history", "[=NS]", .handle = history, .help = "an optional value" },
    { "--stop", "MOMENT", .handle = stop, .help = "stops the parse with status 7 at 'now'" },
    { "--a-rather-long-option", "VALUE", .handle = stop, .help = "its text on the next line" },
    { 0 },
};

static const gtsim_cli_command command = {
    .options = options, .operand = operand, .double_dash = true, .help_column = 14, .bad_option = bad_option,
};

static int parse(cli_state *state, int argc, const char **argv)
{
    memset(state, 0, sizeof *state);
    return gtsim_cli_parse(&command, argc, (char **)argv, state);
}

TEST(Cli, OptionsInEveryFormAndOperandsInOrder)
{
    cli_state state;
    const char *argv[] = { "p", "a", "-f", "--file", "x", "-j8", "--history", "b", "-", NULL };
    EXPECT_EQ(parse(&state, 9, argv), -1);
    EXPECT_TRUE(state.flag);
    EXPECT_STREQ(state.file, "x");
    EXPECT_STREQ(state.jobs, "8");
    EXPECT_STREQ(state.history, "given");
    ASSERT_EQ(state.operand_count, 3);
    EXPECT_STREQ(state.operands[0], "a");
    EXPECT_STREQ(state.operands[1], "b");
    EXPECT_STREQ(state.operands[2], "-"); /* a lone dash is an operand */
    const char *equals[] = { "p", "--flag", "--file=y", "-j=9", "--history=5", NULL };
    EXPECT_EQ(parse(&state, 5, equals), -1);
    EXPECT_TRUE(state.flag);
    EXPECT_STREQ(state.file, "y");
    EXPECT_STREQ(state.jobs, "9");
    EXPECT_STREQ(state.history, "5");
    const char *split[] = { "p", "-j", "10", NULL };
    EXPECT_EQ(parse(&state, 3, split), -1);
    EXPECT_STREQ(state.jobs, "10");
}

TEST(Cli, UnknownOptionsAndMissingValuesGoToTheReporter)
{
    cli_state state;
    const char *unknown[] = { "p", "--nope", NULL };
    EXPECT_EQ(parse(&state, 2, unknown), 3);
    EXPECT_STREQ(state.bad, "--nope");
    EXPECT_FALSE(state.bad_missing);
    const char *missing[] = { "p", "--file", NULL };
    EXPECT_EQ(parse(&state, 2, missing), 3);
    EXPECT_STREQ(state.bad, "--file");
    EXPECT_TRUE(state.bad_missing);
    /* A prefix of a longer spelling, a flag with a value, an attached non-number, an optional
     * value written apart: none of them is the option. */
    const char *others[] = { "--fil", "--filer", "--flag=1", "-jx", "--historyx" };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        const char *argv[] = { "p", others[i], NULL };
        EXPECT_EQ(parse(&state, 2, argv), 3);
        EXPECT_STREQ(state.bad, others[i]);
        EXPECT_FALSE(state.bad_missing);
    }
}

TEST(Cli, DoubleDashEndsTheOptionsAndAHandlerCanStopTheParse)
{
    cli_state state;
    const char *argv[] = { "p", "--", "--flag", "-j8", NULL };
    EXPECT_EQ(parse(&state, 4, argv), -1);
    EXPECT_FALSE(state.flag);
    ASSERT_EQ(state.operand_count, 2);
    EXPECT_STREQ(state.operands[0], "--flag");
    const char *stops[] = { "p", "--stop", "now", "--nope", NULL };
    EXPECT_EQ(parse(&state, 4, stops), 7);
    EXPECT_EQ(state.bad, NULL); /* the parse ended before it */
}

TEST(Cli, HelpComesFromTheTable)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ASSERT_TRUE(out != NULL);
    gtsim_cli_print_options(&command, out);
    fclose(out);
    EXPECT_STREQ(text, "  -f, --flag  a flag\n"
                       "  --file FILE a value\n"
                       "              over two lines\n"
                       "  -j N        attached digits\n"
                       "  --history[=NS]\n"
                       "              an optional value\n"
                       "  --stop MOMENT  stops the parse with status 7 at 'now'\n"
                       "  --a-rather-long-option VALUE\n"
                       "              its text on the next line\n");
    free(text);
}

TEST(Cli, SeparateValuesRefuseTheEqualsForm)
{
    gtsim_cli_command separate = command;
    separate.separate_values = true;
    cli_state state;
    memset(&state, 0, sizeof state);
    const char *equals[] = { "p", "--file=y", NULL };
    EXPECT_EQ(gtsim_cli_parse(&separate, 2, (char **)equals, &state), 3);
    EXPECT_STREQ(state.bad, "--file=y");
    memset(&state, 0, sizeof state);
    const char *apart[] = { "p", "--file", "y", "--history=5", NULL };
    EXPECT_EQ(gtsim_cli_parse(&separate, 4, (char **)apart, &state), -1);
    EXPECT_STREQ(state.file, "y");
    EXPECT_STREQ(state.history, "5"); /* an optional value has no other form */
}
