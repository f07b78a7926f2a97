/*
 * Deliberately failing (and skipping) tests: proof that the shim can fail, says
 * where, and leaves a test the way it promises. Not discovered by ctest; each test is run
 * alone by check_failure.sh (see CMakeLists.txt), which reads the expected
 * failure lines from the markers in this file, so moving a check off its
 * marker line makes the check fail instead of passing silently.
 *
 * The markers printed by demo_mark() say which code ran; anything containing
 * MUST-NOT-RUN appearing in the output fails every check.
 */
#include "tb_test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* stderr is unbuffered, so markers survive the abort() test. */
static void demo_mark(const char *marker)
{
    fprintf(stderr, "%s\n", marker);
}

TEST(FailDemo, UnsignedEq)
{
    uint32_t head = 0x38;
    EXPECT_EQ(head, 0x40); /* @line:unsigned_eq */
}

TEST(FailDemo, MinusOneIsNotAllOnes)
{
    int64_t minus_one = -1;
    uint64_t all_ones = UINT64_MAX;
    EXPECT_EQ(minus_one, all_ones); /* @line:minus_one_eq */
    EXPECT_GE(minus_one, 0u); /* @line:minus_one_ge */
}

TEST(FailDemo, StrEq)
{
    const char *command = "read";
    const char *missing = NULL;
    EXPECT_STREQ(command, "write"); /* @line:streq */
    EXPECT_STREQ(missing, "write"); /* @line:streq_null */
    EXPECT_STRNE(command, "read"); /* @line:strne */
}

TEST(FailDemo, MemEq)
{
    const uint8_t got[8] = {0, 1, 2, 3, 4, 0x12, 6, 7};
    const uint8_t want[8] = {0, 1, 2, 3, 4, 0x34, 6, 7};
    EXPECT_MEMEQ(got, want, sizeof got); /* @line:memeq */
}

TEST(FailDemo, FloatingAndNear)
{
    EXPECT_EQ(0.1 + 0.2, 0.3); /* @line:double_eq */
    EXPECT_NEAR(1.0, 1.5, 0.25); /* @line:near */
}

TEST(FailDemo, BoolAndPointer)
{
    int x = 0;
    int *p = &x;
    EXPECT_TRUE(x == 1); /* @line:expect_true */
    EXPECT_EQ(p, NULL); /* @line:pointer_eq */
}

TEST(FailDemo, ExpectContinues)
{
    EXPECT_NE(7, 7); /* @line:expect_ne */
    demo_mark("AFTER-EXPECT-RAN");
    EXPECT_LT(2.5, -1); /* @line:expect_lt */
}

/* An ASSERT in a helper must leave the whole test, not just the helper. */
static void demo_require_positive(int value)
{
    ASSERT_GT(value, 0); /* @line:helper_assert */
    demo_mark("HELPER-CONTINUED-MUST-NOT-RUN");
}

TEST(FailDemo, AssertInHelper)
{
    demo_mark("BEFORE-HELPER-RAN");
    demo_require_positive(-4);
    demo_mark("BODY-CONTINUED-MUST-NOT-RUN");
}

TEST(FailDemo, AddFailureThenFail)
{
    ADD_FAILURE("custom failure %d", 7); /* @line:add_failure */
    demo_mark("AFTER-ADD-FAILURE-RAN");
    FAIL("fatal: %s", "stop here"); /* @line:fail */
    demo_mark("AFTER-FAIL-MUST-NOT-RUN");
}

/* Passing self-tests cannot see this: a skip that fell through would still pass. */
TEST(FailDemo, SkipLeavesBody)
{
    demo_mark("BEFORE-SKIP-RAN");
    SKIP("not on this %s", "machine"); /* @line:skip */
    demo_mark("AFTER-SKIP-MUST-NOT-RUN");
}

TEST(FailDemo, Abort)
{
    demo_mark("ABORTING");
    abort();
}

/* A fatal failure in the body: the body stops, TearDown still runs. */
typedef struct {
    int set_up_ran; /* set by SetUp, so TearDown can show it saw the same fixture */
} DemoFixture;

static void DemoFixture_SetUp(DemoFixture *self)
{
    self->set_up_ran = 1;
}

static void DemoFixture_TearDown(DemoFixture *self)
{
    demo_mark(self->set_up_ran == 1 ? "TEARDOWN-RAN" : "TEARDOWN-WRONG-FIXTURE-MUST-NOT-RUN");
}

TEST_F(DemoFixture, AssertRunsTearDown)
{
    ASSERT_EQ(self->set_up_ran, 2); /* @line:fixture_assert */
    demo_mark("FIXTURE-BODY-CONTINUED-MUST-NOT-RUN");
}

TEST_F(DemoFixture, SkipRunsTearDown)
{
    SKIP("skipped in a fixture"); /* @line:fixture_skip */
    demo_mark("FIXTURE-BODY-AFTER-SKIP-MUST-NOT-RUN");
}

/* A fatal failure in SetUp: the body is skipped, TearDown still runs. */
typedef struct {
    int reached; /* unused by the checks; a fixture needs at least one member */
} DemoBadSetUp;

static void DemoBadSetUp_SetUp(DemoBadSetUp *self)
{
    ASSERT_TRUE(self->reached); /* @line:setup_assert */
    demo_mark("SETUP-CONTINUED-MUST-NOT-RUN");
}

static void DemoBadSetUp_TearDown(DemoBadSetUp *self)
{
    (void)self;
    demo_mark("BAD-SETUP-TEARDOWN-RAN");
}

TEST_F(DemoBadSetUp, BodyDoesNotRun)
{
    demo_mark("BODY-AFTER-FAILED-SETUP-MUST-NOT-RUN");
}
