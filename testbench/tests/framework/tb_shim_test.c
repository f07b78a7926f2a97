/*
 * Passing self-tests of the C test shim: every macro on the values where a
 * naive implementation would go wrong. The failing side (messages, line numbers,
 * longjmp, TearDown after a fatal failure) is covered by tb_shim_failure_demo.c
 * and the checks in this directory's CMakeLists.txt.
 */
#include "tb_test.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

TEST(ShimCompare, SameSignedness)
{
    EXPECT_EQ(3, 3);
    EXPECT_NE(3, 4);
    EXPECT_LT(-5, 4);
    EXPECT_LE(4, 4);
    EXPECT_GT(4u, 3u);
    EXPECT_GE(UINT64_MAX, UINT64_MAX);
    ASSERT_EQ(INT64_MIN, INT64_MIN);
    ASSERT_LT(INT64_MIN, INT64_MAX);
    ASSERT_GT((uint64_t)1 << 63, (uint64_t)INT64_MAX);
}

/* C's usual conversions get all of these wrong; the shim compares values. */
TEST(ShimCompare, MixedSignedness)
{
    int64_t minus_one = -1;
    uint64_t all_ones = UINT64_MAX;
    EXPECT_NE(minus_one, all_ones);
    EXPECT_LT(minus_one, all_ones);
    EXPECT_LT(-1, 0u);
    EXPECT_GT(0u, -1);
    EXPECT_NE(-1, UINT32_MAX);
    EXPECT_LT(INT64_MIN, (uint64_t)0);
    EXPECT_EQ((uint8_t)200, 200);
    EXPECT_EQ((int8_t)-56, -56);
    EXPECT_NE((int8_t)-56, (uint8_t)200);
    EXPECT_EQ((size_t)SIZE_MAX, UINTMAX_MAX);
    EXPECT_EQ(INT64_MAX, (uint64_t)INT64_MAX);
    EXPECT_GT((uint64_t)INT64_MAX + 1, INT64_MAX);
    ASSERT_GE(0u, 0);
    ASSERT_LE(-1, 0u);
}

/* Every standard integer type must select an association of the _Generic. */
TEST(ShimCompare, AllIntegerTypes)
{
    signed char sc = -1;
    unsigned char uc = 255;
    char c = 'A';
    short s = -300;
    unsigned short us = 60000;
    long l = -70000L;
    unsigned long ul = 70000UL;
    long long ll = -(1LL << 40);
    unsigned long long ull = 1ULL << 40;
    size_t sz = 42;
    ptrdiff_t pd = -42;
    int32_t i32 = -7;
    uint16_t u16 = 0xbeef;
    EXPECT_EQ(sc, -1);
    EXPECT_EQ(uc, 255);
    EXPECT_EQ(c, 65);
    EXPECT_EQ(c, 'A');
    EXPECT_EQ(s, -300);
    EXPECT_EQ(us, 60000);
    EXPECT_EQ(l, -70000);
    EXPECT_EQ(ul, 70000);
    EXPECT_EQ(ll, -1099511627776LL);
    EXPECT_EQ(ull, 1099511627776ULL);
    EXPECT_EQ(sz, 42);
    EXPECT_EQ(pd, -42);
    EXPECT_EQ(i32, -7);
    EXPECT_EQ(u16, 0xbeef);
    EXPECT_LT(sc, uc);
    EXPECT_LT(pd, sz);
}

TEST(ShimCompare, BoolAndEnum)
{
    enum colour { RED, GREEN, BLUE };             /* GCC: compatible with unsigned int */
    enum delta { DOWN = -1, STAY, UP };           /* has a negative value: int */
    enum colour colour = BLUE;
    enum delta delta = DOWN;
    bool yes = true;
    EXPECT_EQ(colour, BLUE);
    EXPECT_EQ(colour, 2);
    EXPECT_EQ(delta, DOWN);
    EXPECT_LT(delta, 0u);
    EXPECT_EQ(yes, true);
    EXPECT_EQ(yes, 1);
    EXPECT_NE(yes, false);
    EXPECT_EQ(3 > 2, true);
}

TEST(ShimCompare, BitFields)
{
    struct reg {
        unsigned mode : 3; /* narrow unsigned field: promotes to int */
        int offset : 5;    /* narrow signed field, may be negative */
        bool valid : 1;    /* _Bool field keeps its type */
    } r = {.mode = 5, .offset = -3, .valid = true};
    EXPECT_EQ(r.mode, 5);
    EXPECT_EQ(r.offset, -3);
    EXPECT_LT(r.offset, 0u);
    EXPECT_TRUE(r.valid);
    EXPECT_EQ(r.valid, true);
}

static int shim_calls;

static int shim_count_call(void)
{
    return ++shim_calls;
}

TEST(ShimCompare, EachArgumentEvaluatedOnce)
{
    int i = 0;
    EXPECT_EQ(i++, 0);
    EXPECT_EQ(i, 1);
    shim_calls = 0;
    EXPECT_EQ(shim_count_call(), 1);
    EXPECT_EQ(shim_calls, 1);
    ASSERT_NE(10, shim_count_call());
    EXPECT_EQ(shim_calls, 2);
    uint64_t u = 5;
    ASSERT_EQ(u--, 5u);
    EXPECT_EQ(u, 4u);
    const char *p = "ab";
    EXPECT_STREQ(p++, "ab");
    EXPECT_STREQ(p, "b");
    EXPECT_TRUE(i++ == 1);
    EXPECT_EQ(i, 2);
    double d = 1.0;
    EXPECT_NEAR(d++, 1.0, 0.0);
    EXPECT_EQ(d, 2.0);
}

TEST(ShimCompare, Pointers)
{
    int array[4] = {0};
    int *first = &array[0];
    const int *last = &array[3];
    void *nothing = NULL;
    EXPECT_EQ(first, array);
    EXPECT_NE(first, last);
    EXPECT_LT(first, last);
    EXPECT_GE(last, first);
    EXPECT_EQ(nothing, NULL);
    EXPECT_NE(first, NULL);
    EXPECT_EQ(nothing, 0);
    ASSERT_NE(last, NULL);
}

TEST(ShimCompare, Floating)
{
    float f = 0.5f;
    long double ld = 0.25L;
    EXPECT_EQ(f, 0.5);
    EXPECT_EQ(ld, 0.25);
    EXPECT_LT(f, 1);
    EXPECT_GT(1e300, UINT64_MAX);
    EXPECT_NE(NAN, NAN);
    EXPECT_EQ(2.0, 2u);
    /* long double is exact for 64-bit integers, so these are distinguishable. */
    EXPECT_NE((long double)UINT64_MAX - 1, UINT64_MAX);
    EXPECT_NEAR(0.1 + 0.2, 0.3, 1e-15);
    EXPECT_NEAR(1.0, 1.0 + DBL_EPSILON, DBL_EPSILON);
    EXPECT_NEAR(INFINITY, INFINITY, 0.0);
    ASSERT_NEAR(-2.5, -2.4, 0.11);
}

TEST(ShimBool, TrueAndFalse)
{
    int x = 3;
    const char *name = "x";
    const char *none = NULL;
    EXPECT_TRUE(x == 3);
    EXPECT_TRUE(x);
    EXPECT_TRUE(name);
    EXPECT_FALSE(none);
    EXPECT_FALSE(x > 3);
    ASSERT_TRUE(1);
    ASSERT_FALSE(0);
}

TEST(ShimStrings, EqualAndNotEqual)
{
    char buffer[8] = "write";
    const char *none = NULL;
    EXPECT_STREQ(buffer, "write");
    EXPECT_STRNE(buffer, "writ");
    EXPECT_STRNE(buffer, "write ");
    EXPECT_STREQ("", "");
    EXPECT_STREQ(none, NULL);
    EXPECT_STRNE(none, "");
    EXPECT_STRNE("", none);
    ASSERT_STREQ(buffer, buffer);
    ASSERT_STRNE(buffer, none);
}

TEST(ShimMemory, MemEq)
{
    const uint8_t expected[4] = {0xde, 0xad, 0xbe, 0xef};
    uint8_t actual[4];
    memcpy(actual, expected, sizeof actual);
    EXPECT_MEMEQ(actual, expected, sizeof actual);
    actual[3] = 0;
    EXPECT_MEMEQ(actual, expected, 3);
    EXPECT_MEMEQ(NULL, expected, 0);
    EXPECT_MEMEQ(NULL, NULL, 16);
    ASSERT_MEMEQ(expected, expected, sizeof expected);
}

TEST(ShimExplicit, SkipLeavesTheBody)
{
    SKIP("skipping on purpose, with %d argument", 1);
    FAIL("SKIP returned into the test body");
}

static void shim_check_in_helper(int value)
{
    ASSERT_GT(value, 0);
}

TEST(ShimExplicit, AssertInHelperPasses)
{
    shim_check_in_helper(1);
    EXPECT_EQ(1, 1);
}

/* Fixture tests: zeroed allocation, SetUp before, TearDown after. */
typedef struct {
    int set_up_calls;       /* incremented by SetUp; the body expects exactly 1 */
    int untouched;          /* never written by SetUp; proves the fixture starts zeroed */
    uint8_t *buffer;        /* allocated in SetUp, freed in TearDown (ASan sees a leak otherwise) */
    size_t buffer_size;     /* bytes in buffer */
} ShimFixture;

static void ShimFixture_SetUp(ShimFixture *self)
{
    self->set_up_calls++;
    self->buffer_size = 16;
    self->buffer = calloc(self->buffer_size, 1);
    ASSERT_NE(self->buffer, NULL);
}

static void ShimFixture_TearDown(ShimFixture *self)
{
    free(self->buffer);
    self->buffer = NULL;
}

TEST_F(ShimFixture, SetUpRanOnZeroedFixture)
{
    EXPECT_EQ(self->set_up_calls, 1);
    EXPECT_EQ(self->untouched, 0);
    ASSERT_NE(self->buffer, NULL);
    EXPECT_EQ(self->buffer[self->buffer_size - 1], 0);
}

TEST_F(ShimFixture, EachTestGetsAFreshFixture)
{
    EXPECT_EQ(self->set_up_calls, 1);
    self->untouched = 99;
}

TEST_F(ShimFixture, BodyMayIgnoreSelf)
{
    EXPECT_TRUE(true);
}

TEST_F(ShimFixture, SkipStillRunsTearDown)
{
    /* Under ASan a skipped TearDown would leak self->buffer and fail the test. */
    SKIP("fixture skip");
}

/* gtest's own convention: a DISABLED_ prefix keeps the test from running. */
TEST(ShimExplicit, DISABLED_NeverRuns)
{
    FAIL("a DISABLED_ test ran");
}

/*
 * White-box: gtest lists tests in registration order, which must be source
 * order within a file whichever way the toolchain runs constructors.
 */
TEST(ShimRegistry, SourceOrderWithinFile)
{
    int tests_here = 0;
    int previous_line = 0;
    for (const struct tb_test_case *test = tb_registry_first(); test != NULL;
         test = test->next) {
        if (strcmp(test->file, __FILE__) == 0) {
            EXPECT_GT(test->line, previous_line);
            previous_line = test->line;
            tests_here++;
        }
    }
    EXPECT_GE(tests_here, 2); /* an order needs at least two */
}
