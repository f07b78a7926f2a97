/*
 * The boundary between the C half of the test shim (tb_test.c) and its C++ half
 * (tb_gtest_bridge.cc). Test files never include this directly; tb_test.h does.
 *
 * It is a separate header because the C++ bridge includes <gtest/gtest.h>, whose
 * TEST/EXPECT_* macros would collide with the C ones in tb_test.h.
 */
#ifndef TB_SHIM_BRIDGE_H
#define TB_SHIM_BRIDGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
/* The bridge catches everything itself: an exception must never unwind C frames. */
#define TB_NOEXCEPT noexcept
#else
#define TB_NOEXCEPT
#endif

/*
 * One C test as written by TEST() or TEST_F(). Instances live in the static
 * storage of the test file, so the registry never allocates and can be filled
 * by constructors that run before any C++ static object exists.
 */
struct tb_test_case {
    const char *suite;                /* first macro argument: gtest suite name */
    const char *name;                 /* second macro argument: gtest test name */
    const char *file;                 /* __FILE__ of the macro, shown by gtest and in errors */
    int line;                         /* __LINE__ of the macro; orders tests within a file */
    size_t fixture_size;              /* bytes of zeroed fixture to allocate, 0 for TEST() */
    void (*set_up)(void *fixture);    /* calls Fixture_SetUp; NULL for TEST() */
    void (*body)(void *fixture);      /* the test body; fixture is NULL for TEST() */
    void (*tear_down)(void *fixture); /* calls Fixture_TearDown; NULL for TEST() */
    struct tb_test_case *next;        /* registry link, written only by tb_register() */
};

/* How gtest must record a report: the three outcomes a C test can produce. */
enum tb_report_kind {
    TB_REPORT_NONFATAL, /* EXPECT_*, ADD_FAILURE: the test fails and goes on */
    TB_REPORT_FATAL,    /* ASSERT_*, FAIL: the test fails and leaves its body */
    TB_REPORT_SKIP      /* SKIP: the test is marked skipped and leaves its body */
};

/* --- implemented in C (tb_test.c) --- */

/* Called from each test's constructor; keeps source order within a file. */
void tb_register(struct tb_test_case *test_case);

/* First registered test, in registration order; follow ->next. */
const struct tb_test_case *tb_registry_first(void);

/*
 * Reports duplicated Suite.Name pairs and an empty registry on stderr.
 * Returns the number of problems; the bridge refuses to run when it is not 0.
 */
int tb_registry_validate(void);

/* Runs SetUp, body and TearDown of one test; ASSERT/FAIL/SKIP longjmp back here. */
void tb_run_case(const struct tb_test_case *test_case);

/* --- implemented in C++ (tb_gtest_bridge.cc) --- */

/* Hands one report to gtest, which prints "file:line: Failure" and the message. */
void tb_bridge_report(const char *file, int line, enum tb_report_kind kind,
                      const char *message) TB_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* TB_SHIM_BRIDGE_H */
