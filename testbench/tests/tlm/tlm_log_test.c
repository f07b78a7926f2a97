/* Logger: line format (sim time in ns, level, block), level filtering that still counts,
 * per-block records and counts, totals and the summary. */
#include <stdint.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_log.h"
#include "tlm_test_util.h"

typedef struct fake_clock {
    tlm_time now;
} fake_clock;

static tlm_time fake_now(const void *context)
{
    return ((const fake_clock *)context)->now;
}

typedef struct LogTest {
    fake_clock clock;
    tlm_logger *logger;
    tt_capture out;
    tt_capture summary;
} LogTest;

static void LogTest_SetUp(LogTest *self)
{
    self->logger = tlm_logger_create(fake_now, &self->clock);
    if (tt_capture_open(&self->out) && self->logger)
        tlm_logger_set_sink(self->logger, self->out.stream);
    tt_capture_open(&self->summary);
}

static void LogTest_TearDown(LogTest *self)
{
    if (self->logger)
        tlm_logger_destroy(self->logger);
    tt_capture_close(&self->out);
    tt_capture_close(&self->summary);
}

/* Position of needle in text, or -1. */
static long find(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    return at ? (long)(at - text) : -1;
}

TEST_F(LogTest, LineHasTimeLevelBlockAndMessage)
{
    ASSERT_TRUE(self->logger != NULL);
    self->clock.now = 12500; /* 12.5 ns */
    tlm_log_block *router = tlm_logger_block(self->logger, "router");
    tlm_log_error(router, "unmapped read at 0x%llx", 0xdeadbeefull);
    const char *text = tt_capture_text(&self->out);
    EXPECT_EQ(tt_count_lines(text), 1u);
    long time_at = find(text, "12.500 ns");
    long level_at = find(text, "error");
    long block_at = find(text, "router");
    long message_at = find(text, "unmapped read at 0xdeadbeef");
    EXPECT_GE(time_at, 0);
    EXPECT_GT(level_at, time_at);
    EXPECT_GT(block_at, level_at);
    EXPECT_GT(message_at, block_at);
    /* The header's documented shape, "[ ... ns] level block: message". */
    EXPECT_EQ(text[0], '[');
    EXPECT_GE(find(text, "ns]"), 0);
    EXPECT_GE(find(text, "router: unmapped"), 0);
    EXPECT_EQ(text[strlen(text) - 1], '\n');
}

TEST_F(LogTest, TimeIsPrintedInNanosecondsWithPicosecondDigits)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *b = tlm_logger_block(self->logger, "blk");
    const struct {
        tlm_time ps;
        const char *text;
    } cases[] = {
        {0, " 0.000 ns]"},
        {1, " 0.001 ns]"},
        {999, " 0.999 ns]"},
        {1000, " 1.000 ns]"},
        {123456789, " 123456.789 ns]"},
        {1000000000000ull, "1000000000.000 ns]"}, /* one second: may fill the field */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        tt_capture_close(&self->out);
        ASSERT_TRUE(tt_capture_open(&self->out));
        tlm_logger_set_sink(self->logger, self->out.stream);
        self->clock.now = cases[i].ps;
        tlm_log_warning(b, "tick");
        const char *text = tt_capture_text(&self->out);
        if (find(text, cases[i].text) < 0)
            ADD_FAILURE("time %llu ps printed as \"%s\", expected it to contain \"%s\"",
                        (unsigned long long)cases[i].ps, text, cases[i].text);
    }
    /* Leave the sink pointing at a live stream for TearDown's destroy. */
    tlm_logger_set_sink(self->logger, stderr);
}

TEST_F(LogTest, NullClockStampsZero)
{
    tlm_logger *logger = tlm_logger_create(NULL, NULL);
    ASSERT_TRUE(logger != NULL);
    tlm_logger_set_sink(logger, self->out.stream);
    tlm_log_error(tlm_logger_block(logger, "x"), "no clock");
    tlm_logger_destroy(logger);
    EXPECT_GE(find(tt_capture_text(&self->out), " 0.000 ns]"), 0);
}

TEST_F(LogTest, LevelNames)
{
    EXPECT_STREQ(tlm_log_level_name(TLM_LOG_DEBUG), "debug");
    EXPECT_STREQ(tlm_log_level_name(TLM_LOG_INFO), "info");
    EXPECT_STREQ(tlm_log_level_name(TLM_LOG_WARNING), "warning");
    EXPECT_STREQ(tlm_log_level_name(TLM_LOG_ERROR), "error");
}

TEST_F(LogTest, EachLevelIsNamedOnItsLine)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_logger_set_level(self->logger, TLM_LOG_DEBUG);
    tlm_log_block *b = tlm_logger_block(self->logger, "blk");
    tlm_log_debug(b, "m0");
    tlm_log_info(b, "m1");
    tlm_log_warning(b, "m2");
    tlm_log_error(b, "m3");
    const char *text = tt_capture_text(&self->out);
    ASSERT_EQ(tt_count_lines(text), 4u);
    const char *levels[] = {"debug", "info", "warning", "error"};
    const char *line = text;
    for (int i = 0; i < 4; ++i) {
        const char *end = strchr(line, '\n');
        ASSERT_TRUE(end != NULL);
        char copy[256];
        size_t length = (size_t)(end - line) < sizeof copy - 1 ? (size_t)(end - line) : sizeof copy - 1;
        memcpy(copy, line, length);
        copy[length] = '\0';
        EXPECT_GE(find(copy, levels[i]), 0);
        char message[4] = {'m', (char)('0' + i), '\0', '\0'};
        EXPECT_GE(find(copy, message), 0);
        line = end + 1;
    }
}

TEST_F(LogTest, DefaultLevelPrintsWarningsAndErrorsOnly)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *b = tlm_logger_block(self->logger, "blk");
    tlm_log_debug(b, "quiet debug");
    tlm_log_info(b, "quiet info");
    EXPECT_EQ(tt_count_lines(tt_capture_text(&self->out)), 0u);
    tlm_log_warning(b, "loud warning");
    tlm_log_error(b, "loud error");
    const char *text = tt_capture_text(&self->out);
    EXPECT_EQ(tt_count_lines(text), 2u);
    EXPECT_LT(find(text, "quiet"), 0);
    /* Every message is counted, printed or not. */
    EXPECT_EQ(b->counts[TLM_LOG_DEBUG], 1u);
    EXPECT_EQ(b->counts[TLM_LOG_INFO], 1u);
    EXPECT_EQ(b->counts[TLM_LOG_WARNING], 1u);
    EXPECT_EQ(b->counts[TLM_LOG_ERROR], 1u);
}

TEST_F(LogTest, BelowPrintLevelIsCountedButNotPrinted)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_logger_set_level(self->logger, TLM_LOG_ERROR);
    tlm_log_block *b = tlm_logger_block(self->logger, "blk");
    tlm_log_warning(b, "hidden warning");
    tlm_log_warning(b, "hidden warning");
    EXPECT_EQ(strlen(tt_capture_text(&self->out)), 0u);
    EXPECT_EQ(b->counts[TLM_LOG_WARNING], 2u);
    EXPECT_EQ(tlm_logger_count(self->logger, TLM_LOG_WARNING), 2u);
    tlm_log_error(b, "shown error");
    EXPECT_EQ(tt_count_lines(tt_capture_text(&self->out)), 1u);
    EXPECT_EQ(b->counts[TLM_LOG_ERROR], 1u);
}

TEST_F(LogTest, SameNameGivesSameBlock)
{
    ASSERT_TRUE(self->logger != NULL);
    char name[16];
    strcpy(name, "rcs");
    tlm_log_block *first = tlm_logger_block(self->logger, name);
    ASSERT_TRUE(first != NULL);
    /* The block keeps its own copy of the name. */
    strcpy(name, "xxx");
    EXPECT_STREQ(first->name, "rcs");
    EXPECT_EQ(first->logger, self->logger);
    EXPECT_EQ(tlm_logger_block(self->logger, "rcs"), first);
    tlm_log_block *other = tlm_logger_block(self->logger, "bcs");
    EXPECT_NE(other, first);
    EXPECT_EQ(tlm_logger_block(self->logger, "bcs"), other);
    tlm_log_error(first, "e");
    EXPECT_EQ(first->counts[TLM_LOG_ERROR], 1u);
    EXPECT_EQ(other->counts[TLM_LOG_ERROR], 0u);
}

TEST_F(LogTest, LongNamesAreTruncatedSafelyAndStillMatch)
{
    ASSERT_TRUE(self->logger != NULL);
    const char *long_name = "a_block_name_that_is_much_longer_than_thirty_one_characters";
    tlm_log_block *b = tlm_logger_block(self->logger, long_name);
    ASSERT_TRUE(b != NULL);
    EXPECT_LT(strlen(b->name), sizeof b->name);
    EXPECT_EQ(strncmp(b->name, long_name, strlen(b->name)), 0);
    EXPECT_EQ(tlm_logger_block(self->logger, long_name), b);
}

TEST_F(LogTest, CountTotalsAcrossBlocks)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *a = tlm_logger_block(self->logger, "a");
    tlm_log_block *b = tlm_logger_block(self->logger, "b");
    tlm_log_block *c = tlm_logger_block(self->logger, "c");
    tlm_log_error(a, "1");
    tlm_log_error(b, "2");
    tlm_log_error(b, "3");
    tlm_log_warning(c, "4");
    tlm_log_info(a, "5");
    EXPECT_EQ(tlm_logger_count(self->logger, TLM_LOG_ERROR), 3u);
    EXPECT_EQ(tlm_logger_count(self->logger, TLM_LOG_WARNING), 1u);
    EXPECT_EQ(tlm_logger_count(self->logger, TLM_LOG_INFO), 1u);
    EXPECT_EQ(tlm_logger_count(self->logger, TLM_LOG_DEBUG), 0u);
    EXPECT_EQ(b->counts[TLM_LOG_ERROR], 2u);
}

TEST_F(LogTest, BlocksAreLinkedInRegistrationOrder)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *a = tlm_logger_block(self->logger, "first");
    tlm_log_block *b = tlm_logger_block(self->logger, "second");
    tlm_log_block *c = tlm_logger_block(self->logger, "third");
    EXPECT_EQ(a->next, b);
    EXPECT_EQ(b->next, c);
    EXPECT_TRUE(c->next == NULL);
}

TEST_F(LogTest, SummaryListsBlocksWithNonZeroCounts)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *alpha = tlm_logger_block(self->logger, "alpha");
    (void)tlm_logger_block(self->logger, "beta"); /* never logs */
    tlm_log_block *gamma = tlm_logger_block(self->logger, "gamma");
    tlm_log_error(alpha, "x");
    tlm_log_error(alpha, "y");
    tlm_log_warning(gamma, "z");
    tlm_log_warning(gamma, "z");
    tlm_log_warning(gamma, "z");
    tlm_logger_print_summary(self->logger, self->summary.stream);
    const char *text = tt_capture_text(&self->summary);
    long alpha_at = find(text, "  alpha: 0 warnings, 2 errors");
    long gamma_at = find(text, "  gamma: 3 warnings, 0 errors");
    EXPECT_GE(alpha_at, 0);
    EXPECT_GT(gamma_at, alpha_at);
    EXPECT_LT(find(text, "beta"), 0);
    EXPECT_EQ(tt_count_lines(text), 2u);
    /* The summary goes where it is asked to, not to the log sink. */
    EXPECT_LT(find(tt_capture_text(&self->out), "2 errors"), 0);
}

TEST_F(LogTest, SummaryOfQuietLoggerIsEmpty)
{
    ASSERT_TRUE(self->logger != NULL);
    (void)tlm_logger_block(self->logger, "idle");
    tlm_logger_print_summary(self->logger, self->summary.stream);
    EXPECT_EQ(tt_count_lines(tt_capture_text(&self->summary)), 0u);
}

TEST_F(LogTest, LongMessagesAreNotCorrupted)
{
    ASSERT_TRUE(self->logger != NULL);
    char message[1500];
    for (size_t i = 0; i < sizeof message - 1; ++i)
        message[i] = (char)('a' + i % 26);
    message[sizeof message - 1] = '\0';
    tlm_log_error(tlm_logger_block(self->logger, "blk"), "%s", message);
    const char *text = tt_capture_text(&self->out);
    EXPECT_EQ(tt_count_lines(text), 1u);
    /* Whether or not the line is cut, what is printed must be the message's own text. */
    long at = find(text, "abcdefghijklmnopqrstuvwxyz");
    EXPECT_GE(at, 0);
}

/* A message that repeats without bound (one per refused request) prints its first
 * TLM_LOG_REPEAT_LINES lines, then only the 100th, 1000th...; every one is counted. */
TEST_F(LogTest, RepeatsOfOneKindAreRateLimitedButCounted)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *eu = tlm_logger_block(self->logger, "eu");
    for (unsigned i = 0; i < 2000; i++)
        tlm_log_error(eu, "thread group %u refused", i);
    tlm_log_warning(eu, "another kind"); /* its own limit: printed */
    const char *text = tt_capture_text(&self->out);
    EXPECT_EQ(tt_count_lines(text), TLM_LOG_REPEAT_LINES + 2 + 1); /* first 10, the 100th, the 1000th, the other */
    EXPECT_GE(find(text, "thread group 9 refused [further messages like this"), 0);
    EXPECT_EQ(find(text, "thread group 10 refused"), -1);
    EXPECT_GE(find(text, "thread group 99 refused [message 100 like this"), 0);
    EXPECT_GE(find(text, "thread group 999 refused [message 1000 like this"), 0);
    EXPECT_GE(find(text, "another kind"), 0);
    EXPECT_EQ(eu->counts[TLM_LOG_ERROR], 2000u);
    EXPECT_EQ(eu->suppressed, 2000u - TLM_LOG_REPEAT_LINES - 2);
    tlm_logger_print_summary(self->logger, self->summary.stream);
    EXPECT_GE(find(tt_capture_text(&self->summary), "  eu: 1 warnings, 2000 errors (1988 repeated lines not printed)"), 0);
}

static unsigned hook_calls;
static void count_hook(void *context, tlm_log_level level, const char *block, const char *message)
{
    (void)context, (void)level, (void)block;
    hook_calls++;
    EXPECT_EQ(strstr(message, "[message"), NULL); /* the hook sees the message, not the note */
}

TEST_F(LogTest, EveryRepeatStillReachesTheHook)
{
    ASSERT_TRUE(self->logger != NULL);
    hook_calls = 0;
    tlm_logger_set_hook(self->logger, count_hook, NULL);
    tlm_log_block *router = tlm_logger_block(self->logger, "router");
    for (unsigned i = 0; i < 150; i++)
        tlm_log_error(router, "unmapped read %u", i);
    EXPECT_EQ(hook_calls, 150u);
}

TEST_F(LogTest, MessagesBelowThePrintLevelDoNotUseUpTheLimit)
{
    ASSERT_TRUE(self->logger != NULL);
    tlm_log_block *rcs = tlm_logger_block(self->logger, "rcs");
    for (unsigned i = 0; i < 50; i++)
        tlm_log_debug(rcs, "step %u", i);
    tlm_logger_set_level(self->logger, TLM_LOG_DEBUG);
    tlm_log_debug(rcs, "step %u", 50u);
    EXPECT_GE(find(tt_capture_text(&self->out), "step 50"), 0);
    EXPECT_EQ(rcs->suppressed, 0u);
}
