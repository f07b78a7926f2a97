/*
 * GoogleTest-style unit tests written in C11.
 *
 *   #include "tb_test.h"
 *
 *   TEST(Fifo, StartsEmpty) { EXPECT_EQ(fifo_count(&f), 0); }
 *
 *   typedef struct { struct fifo *fifo; } FifoFixture;
 *   static void FifoFixture_SetUp(FifoFixture *self)    { self->fifo = fifo_new(4); }
 *   static void FifoFixture_TearDown(FifoFixture *self) { fifo_free(self->fifo); }
 *   TEST_F(FifoFixture, Push) { ASSERT_TRUE(fifo_push(self->fifo, 1)); }
 *
 * (fifo_* stands for the code under test.)
 *
 * Each test registers itself from a constructor; tb_gtest_bridge.cc turns the
 * registry into real gtest tests, so gtest's filters, output, XML and ctest
 * discovery all work. See docs/reference/test-shim.md.
 *
 * EXPECT_* record a failure and continue. ASSERT_*, FAIL and SKIP record and
 * then longjmp out of the test body, also from helper functions called by it;
 * TearDown still runs. Because of the longjmp, memory a test allocated between
 * the failing ASSERT and the end of the body is not freed: keep such resources
 * in the fixture and release them in TearDown.
 */
#ifndef TB_TEST_H
#define TB_TEST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tb_shim_bridge.h"

/*
 * GCC or Clang is required anyway (registration uses the constructor attribute);
 * this lets -Wformat check the arguments of ADD_FAILURE, FAIL and SKIP.
 */
#define TB_PRINTF_LIKE(fmt_index, first_arg) \
    __attribute__((format(printf, fmt_index, first_arg)))

/* ------------------------------------------------------------------------ */
/* Test definition                                                          */
/* ------------------------------------------------------------------------ */

/*
 * The descriptor and the constructor that registers it are static, so two
 * files may use the same helper names; a Suite.Name defined in two files of
 * one program is caught at startup by tb_registry_validate().
 */
#define TB_REGISTER_(suite_id, test_id, size, set_up_fn, body_fn, tear_down_fn)        \
    static struct tb_test_case tb_case_##suite_id##__##test_id = {                     \
        .suite = #suite_id,                                                            \
        .name = #test_id,                                                              \
        .file = __FILE__,                                                              \
        .line = __LINE__,                                                              \
        .fixture_size = (size),                                                        \
        .set_up = (set_up_fn),                                                         \
        .body = (body_fn),                                                             \
        .tear_down = (tear_down_fn),                                                   \
        .next = NULL,                                                                  \
    };                                                                                 \
    __attribute__((constructor)) static void tb_register_##suite_id##__##test_id(void) \
    {                                                                                  \
        tb_register(&tb_case_##suite_id##__##test_id);                                 \
    }

/* The thunk gives every body the same signature, so the runner needs no casts. */
#define TEST(suite_id, test_id)                                                      \
    static void tb_body_##suite_id##__##test_id(void);                               \
    static void tb_thunk_##suite_id##__##test_id(void *tb_fixture)                   \
    {                                                                                \
        (void)tb_fixture;                                                            \
        tb_body_##suite_id##__##test_id();                                           \
    }                                                                                \
    TB_REGISTER_(suite_id, test_id, 0, NULL, tb_thunk_##suite_id##__##test_id, NULL) \
    static void tb_body_##suite_id##__##test_id(void)

/*
 * Needs, declared before it: a complete type `fixture` and
 *   static void fixture_SetUp(fixture *self);
 *   static void fixture_TearDown(fixture *self);
 * The shim passes a zeroed, heap-allocated fixture to all three as `self`.
 */
#define TEST_F(fixture, test_id)                                                    \
    static void tb_body_##fixture##__##test_id(fixture *self);                      \
    static void tb_thunk_##fixture##__##test_id(void *tb_fixture)                   \
    {                                                                               \
        tb_body_##fixture##__##test_id(tb_fixture);                                 \
    }                                                                               \
    static void tb_set_up_##fixture##__##test_id(void *tb_fixture)                  \
    {                                                                               \
        fixture##_SetUp(tb_fixture);                                                \
    }                                                                               \
    static void tb_tear_down_##fixture##__##test_id(void *tb_fixture)               \
    {                                                                               \
        fixture##_TearDown(tb_fixture);                                             \
    }                                                                               \
    TB_REGISTER_(fixture, test_id, sizeof(fixture),                                 \
                 tb_set_up_##fixture##__##test_id, tb_thunk_##fixture##__##test_id, \
                 tb_tear_down_##fixture##__##test_id)                               \
    static void tb_body_##fixture##__##test_id(fixture *self __attribute__((unused)))

/* ------------------------------------------------------------------------ */
/* Values for the comparison macros                                         */
/* ------------------------------------------------------------------------ */

/* What a compared value was in the test, which decides how it compares and prints. */
enum tb_value_kind {
    TB_VALUE_SIGNED,      /* any signed integer type, or plain char where it is signed */
    TB_VALUE_UNSIGNED,    /* any unsigned integer type, or plain char where it is unsigned */
    TB_VALUE_BOOL,        /* _Bool: compares as 0/1, prints as true/false */
    TB_VALUE_DOUBLE,      /* float or double */
    TB_VALUE_LONG_DOUBLE, /* long double: printed with more digits */
    TB_VALUE_POINTER      /* any object pointer, compared by address */
};

/*
 * One argument of EXPECT_EQ & co., captured once, with its original signedness.
 * Not a union: GCC prints an ABI note for every by-value union holding a long double.
 */
struct tb_value {
    enum tb_value_kind kind; /* how to read, compare and print the value */
    intmax_t i;              /* the value when kind is TB_VALUE_SIGNED */
    uintmax_t u;             /* the value for UNSIGNED and BOOL, the address for POINTER */
    long double f;           /* the value for DOUBLE and LONG_DOUBLE */
};

static inline struct tb_value tb_value_signed(intmax_t v)
{
    return (struct tb_value){.kind = TB_VALUE_SIGNED, .i = v};
}

static inline struct tb_value tb_value_unsigned(uintmax_t v)
{
    return (struct tb_value){.kind = TB_VALUE_UNSIGNED, .u = v};
}

static inline struct tb_value tb_value_bool(bool v)
{
    return (struct tb_value){.kind = TB_VALUE_BOOL, .u = v};
}

/* Plain char is its own type; its signedness is the platform's choice. */
static inline struct tb_value tb_value_char(char v)
{
#if CHAR_MIN < 0
    return tb_value_signed(v);
#else
    return tb_value_unsigned((unsigned char)v);
#endif
}

static inline struct tb_value tb_value_double(double v)
{
    return (struct tb_value){.kind = TB_VALUE_DOUBLE, .f = v};
}

static inline struct tb_value tb_value_long_double(long double v)
{
    return (struct tb_value){.kind = TB_VALUE_LONG_DOUBLE, .f = v};
}

static inline struct tb_value tb_value_pointer(const volatile void *v)
{
    return (struct tb_value){.kind = TB_VALUE_POINTER, .u = (uintptr_t)v};
}

/*
 * Converts one argument to a struct tb_value. _Generic does not evaluate its
 * controlling expression, so `x` is evaluated exactly once, by the call.
 * Enums select int or unsigned int (their compatible type).
 * The inner selection exists for bit-fields: GCC gives `unsigned f : 3` a type
 * of its own that matches no association, and `1 ? (x) : 0` promotes it to
 * int or unsigned int while leaving pointers as pointers. Bit-fields wider than
 * int (rare) still match nothing there and fail to compile: cast them.
 */
#define TB_VALUE_(x)                           \
    _Generic((x),                              \
        _Bool: tb_value_bool,                  \
        char: tb_value_char,                   \
        signed char: tb_value_signed,          \
        short: tb_value_signed,                \
        int: tb_value_signed,                  \
        long: tb_value_signed,                 \
        long long: tb_value_signed,            \
        unsigned char: tb_value_unsigned,      \
        unsigned short: tb_value_unsigned,     \
        unsigned int: tb_value_unsigned,       \
        unsigned long: tb_value_unsigned,      \
        unsigned long long: tb_value_unsigned, \
        float: tb_value_double,                \
        double: tb_value_double,               \
        long double: tb_value_long_double,     \
        default: _Generic(1 ? (x) : 0,         \
            int: tb_value_signed,              \
            unsigned int: tb_value_unsigned,   \
            default: tb_value_pointer))(x)

/* ------------------------------------------------------------------------ */
/* Checks (called by the macros below; not meant to be called directly)     */
/* ------------------------------------------------------------------------ */

/* The relation an EXPECT_/ASSERT_ comparison asserts. */
enum tb_compare_op {
    TB_OP_EQ, /* == */
    TB_OP_NE, /* != */
    TB_OP_LT, /* <  */
    TB_OP_LE, /* <= */
    TB_OP_GT, /* >  */
    TB_OP_GE  /* >= */
};

void tb_check_compare(const char *file, int line, bool fatal, enum tb_compare_op op,
                      const char *a_text, const char *b_text,
                      struct tb_value a, struct tb_value b);
void tb_check_bool(const char *file, int line, bool fatal, const char *text,
                   bool value, bool expected);
void tb_check_str(const char *file, int line, bool fatal, bool want_equal,
                  const char *a_text, const char *b_text, const char *a, const char *b);
void tb_check_mem(const char *file, int line, bool fatal, const char *a_text,
                  const char *b_text, const char *n_text, const void *a, const void *b,
                  size_t n);
void tb_check_near(const char *file, int line, bool fatal, const char *a_text,
                   const char *b_text, const char *tol_text, double a, double b,
                   double tol);
void tb_add_failure_at(const char *file, int line, const char *fmt, ...)
    TB_PRINTF_LIKE(3, 4);
_Noreturn void tb_fail_at(const char *file, int line, const char *fmt, ...)
    TB_PRINTF_LIKE(3, 4);
_Noreturn void tb_skip_at(const char *file, int line, const char *fmt, ...)
    TB_PRINTF_LIKE(3, 4);

/* Stringified by the public macros, before NULL or UINT64_MAX get expanded. */
#define TB_COMPARE_(fatal, op, a_text, b_text, a, b) \
    tb_check_compare(__FILE__, __LINE__, (fatal), (op), (a_text), (b_text), \
                     TB_VALUE_(a), TB_VALUE_(b))

/* ------------------------------------------------------------------------ */
/* Assertions                                                               */
/* ------------------------------------------------------------------------ */

/* Integers (any mix of signedness), bools, chars, enums, pointers, floating. */
#define EXPECT_EQ(a, b) TB_COMPARE_(false, TB_OP_EQ, #a, #b, a, b)
#define EXPECT_NE(a, b) TB_COMPARE_(false, TB_OP_NE, #a, #b, a, b)
#define EXPECT_LT(a, b) TB_COMPARE_(false, TB_OP_LT, #a, #b, a, b)
#define EXPECT_LE(a, b) TB_COMPARE_(false, TB_OP_LE, #a, #b, a, b)
#define EXPECT_GT(a, b) TB_COMPARE_(false, TB_OP_GT, #a, #b, a, b)
#define EXPECT_GE(a, b) TB_COMPARE_(false, TB_OP_GE, #a, #b, a, b)
#define ASSERT_EQ(a, b) TB_COMPARE_(true, TB_OP_EQ, #a, #b, a, b)
#define ASSERT_NE(a, b) TB_COMPARE_(true, TB_OP_NE, #a, #b, a, b)
#define ASSERT_LT(a, b) TB_COMPARE_(true, TB_OP_LT, #a, #b, a, b)
#define ASSERT_LE(a, b) TB_COMPARE_(true, TB_OP_LE, #a, #b, a, b)
#define ASSERT_GT(a, b) TB_COMPARE_(true, TB_OP_GT, #a, #b, a, b)
#define ASSERT_GE(a, b) TB_COMPARE_(true, TB_OP_GE, #a, #b, a, b)

/* Anything usable in an `if`. */
#define EXPECT_TRUE(c) tb_check_bool(__FILE__, __LINE__, false, #c, (c), true)
#define EXPECT_FALSE(c) tb_check_bool(__FILE__, __LINE__, false, #c, (c), false)
#define ASSERT_TRUE(c) tb_check_bool(__FILE__, __LINE__, true, #c, (c), true)
#define ASSERT_FALSE(c) tb_check_bool(__FILE__, __LINE__, true, #c, (c), false)

/* NUL-terminated strings; NULL equals only NULL. */
#define EXPECT_STREQ(a, b) tb_check_str(__FILE__, __LINE__, false, true, #a, #b, (a), (b))
#define EXPECT_STRNE(a, b) tb_check_str(__FILE__, __LINE__, false, false, #a, #b, (a), (b))
#define ASSERT_STREQ(a, b) tb_check_str(__FILE__, __LINE__, true, true, #a, #b, (a), (b))
#define ASSERT_STRNE(a, b) tb_check_str(__FILE__, __LINE__, true, false, #a, #b, (a), (b))

/* n bytes at a and b are identical; reports the first differing offset. */
#define EXPECT_MEMEQ(a, b, n) \
    tb_check_mem(__FILE__, __LINE__, false, #a, #b, #n, (a), (b), (n))
#define ASSERT_MEMEQ(a, b, n) \
    tb_check_mem(__FILE__, __LINE__, true, #a, #b, #n, (a), (b), (n))

/* |a - b| <= tol, as doubles; NaN is never near anything. */
#define EXPECT_NEAR(a, b, tol) \
    tb_check_near(__FILE__, __LINE__, false, #a, #b, #tol, (a), (b), (tol))
#define ASSERT_NEAR(a, b, tol) \
    tb_check_near(__FILE__, __LINE__, true, #a, #b, #tol, (a), (b), (tol))

/* printf-style; the format is required. FAIL and SKIP leave the test body. */
#define ADD_FAILURE(...) tb_add_failure_at(__FILE__, __LINE__, __VA_ARGS__)
#define FAIL(...) tb_fail_at(__FILE__, __LINE__, __VA_ARGS__)
#define SKIP(...) tb_skip_at(__FILE__, __LINE__, __VA_ARGS__)

/* ------------------------------------------------------------------------ */
/* Seeds for random tests (docs/guide/regress.md)                                 */
/* ------------------------------------------------------------------------ */

/*
 * The base seed of a random test: the decimal value of the environment
 * variable GTSIM_SEED when it is set (gtsim regress sets it per job), else
 * `default_seed`, so ctest runs stay reproducible and a regression explores
 * new seeds. A set but malformed GTSIM_SEED fails the test (it would otherwise
 * silently replay the default). The seed used is printed on stdout.
 */
uint64_t tb_test_seed(uint64_t default_seed);

#endif /* TB_TEST_H */
