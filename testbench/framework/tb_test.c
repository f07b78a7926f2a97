/*
 * C half of the test shim: the registry filled by TEST()/TEST_F() constructors,
 * the runner that owns the setjmp for ASSERT/FAIL/SKIP, and the checks behind
 * every EXPECT_/ASSERT_ macro. Messages are formatted here and handed to the C++
 * bridge, which only forwards them to gtest.
 */
#include "tb_test.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Registry                                                                 */
/* ------------------------------------------------------------------------ */

/*
 * A plain list because constructors run before any allocator-backed C++
 * container could be trusted to exist, and the descriptors are already static.
 */
static struct tb_test_case *tb_registry_head;

void tb_register(struct tb_test_case *test_case)
{
    /*
     * Constructors of one file run as a group, but the toolchain decides whether
     * forwards or backwards; ordering by line within a file makes gtest list the
     * tests in source order either way.
     */
    struct tb_test_case **link = &tb_registry_head;
    while (*link != NULL) {
        const struct tb_test_case *here = *link;
        if (here->line > test_case->line && strcmp(here->file, test_case->file) == 0) {
            break;
        }
        link = &(*link)->next;
    }
    test_case->next = *link;
    *link = test_case;
}

const struct tb_test_case *tb_registry_first(void)
{
    return tb_registry_head;
}

int tb_registry_validate(void)
{
    int problems = 0;
    if (tb_registry_head == NULL) {
        /* Usually the test .c file went into a static library and was dropped. */
        fprintf(stderr,
                "tb_shim: error: no C tests are registered in this program. Test files "
                "must be linked directly into the executable (use tb_add_c_test()), "
                "not through a static library.\n");
        problems++;
    }
    for (const struct tb_test_case *a = tb_registry_head; a != NULL; a = a->next) {
        for (const struct tb_test_case *b = a->next; b != NULL; b = b->next) {
            if (strcmp(a->suite, b->suite) == 0 && strcmp(a->name, b->name) == 0) {
                fprintf(stderr,
                        "tb_shim: error: test %s.%s is defined twice: at %s:%d and at "
                        "%s:%d\n",
                        a->suite, a->name, a->file, a->line, b->file, b->line);
                problems++;
            }
        }
    }
    return problems;
}

/* ------------------------------------------------------------------------ */
/* Running one test                                                         */
/* ------------------------------------------------------------------------ */

/*
 * Where ASSERT/FAIL/SKIP jump to. Thread-local so that a fatal check on a
 * thread the test started cannot longjmp onto another thread's stack: there
 * it is NULL and the process aborts with a message instead.
 */
static _Thread_local jmp_buf *tb_exit_point;

void tb_run_case(const struct tb_test_case *test_case)
{
    void *const fixture =
        test_case->fixture_size != 0 ? calloc(1, test_case->fixture_size) : NULL;
    if (test_case->fixture_size != 0 && fixture == NULL) {
        tb_bridge_report(test_case->file, test_case->line, TB_REPORT_FATAL,
                         "tb_shim: cannot allocate the test fixture");
        return;
    }

    jmp_buf exit_point;
    tb_exit_point = &exit_point;
    /* One jump target for SetUp and body: a fatal SetUp means the body must not run. */
    if (setjmp(exit_point) == 0) {
        if (test_case->set_up != NULL) {
            test_case->set_up(fixture);
        }
        test_case->body(fixture);
    }
    if (test_case->tear_down != NULL) {
        if (setjmp(exit_point) == 0) {
            test_case->tear_down(fixture);
        }
    }
    tb_exit_point = NULL;
    free(fixture);
}

static _Noreturn void tb_leave_test(void)
{
    if (tb_exit_point == NULL) {
        fputs("tb_shim: error: ASSERT_*, FAIL or SKIP used outside a running C test "
              "(or on a thread other than the test's); aborting\n",
              stderr);
        fflush(stdout);
        abort();
    }
    longjmp(*tb_exit_point, 1);
}

/* ------------------------------------------------------------------------ */
/* Message building                                                         */
/* ------------------------------------------------------------------------ */

/* A growable string; on allocation failure it keeps what it has and says so. */
struct tb_text {
    char *data;         /* NUL-terminated once anything was appended; NULL before */
    size_t length;      /* bytes in data, without the NUL */
    size_t capacity;    /* bytes allocated for data */
    bool out_of_memory; /* an append was dropped; the report says so */
};

static void tb_text_vappend(struct tb_text *text, const char *fmt, va_list args)
    TB_PRINTF_LIKE(2, 0);

static void tb_text_vappend(struct tb_text *text, const char *fmt, va_list args)
{
    va_list measure;
    va_copy(measure, args);
    int needed = vsnprintf(NULL, 0, fmt, measure);
    va_end(measure);
    if (needed < 0) {
        text->out_of_memory = true;
        return;
    }
    size_t want = text->length + (size_t)needed + 1;
    if (want > text->capacity) {
        size_t capacity = text->capacity != 0 ? text->capacity : 128;
        while (capacity < want) {
            capacity *= 2;
        }
        char *grown = realloc(text->data, capacity);
        if (grown == NULL) {
            text->out_of_memory = true;
            return;
        }
        text->data = grown;
        text->capacity = capacity;
    }
    vsnprintf(text->data + text->length, text->capacity - text->length, fmt, args);
    text->length += (size_t)needed;
}

static void tb_text_append(struct tb_text *text, const char *fmt, ...) TB_PRINTF_LIKE(2, 3);

static void tb_text_append(struct tb_text *text, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    tb_text_vappend(text, fmt, args);
    va_end(args);
}

/* A C string as a C literal, so that invisible differences (spaces, \r) show. */
static void tb_text_append_quoted(struct tb_text *text, const char *s)
{
    if (s == NULL) {
        tb_text_append(text, "NULL");
        return;
    }
    tb_text_append(text, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c != '\0'; c++) {
        switch (*c) {
        case '"': tb_text_append(text, "\\\""); break;
        case '\\': tb_text_append(text, "\\\\"); break;
        case '\n': tb_text_append(text, "\\n"); break;
        case '\r': tb_text_append(text, "\\r"); break;
        case '\t': tb_text_append(text, "\\t"); break;
        default:
            if (*c < 0x20 || *c >= 0x7f) {
                tb_text_append(text, "\\x%02x", (unsigned)*c);
            } else {
                tb_text_append(text, "%c", *c);
            }
        }
    }
    tb_text_append(text, "\"");
}

/* Sends the text to gtest, frees it, and leaves the test if the report is fatal. */
static void tb_text_report(struct tb_text *text, const char *file, int line,
                           enum tb_report_kind kind)
{
    const char *message = text->data != NULL ? text->data : "";
    if (text->out_of_memory) {
        message = "tb_shim: out of memory while formatting this failure message";
    }
    tb_bridge_report(file, line, kind, message);
    free(text->data);
    *text = (struct tb_text){0};
    if (kind != TB_REPORT_NONFATAL) {
        tb_leave_test();
    }
}

/* ------------------------------------------------------------------------ */
/* Comparisons                                                              */
/* ------------------------------------------------------------------------ */

static const char *tb_op_text(enum tb_compare_op op)
{
    switch (op) {
    case TB_OP_EQ: return "==";
    case TB_OP_NE: return "!=";
    case TB_OP_LT: return "<";
    case TB_OP_LE: return "<=";
    case TB_OP_GT: return ">";
    case TB_OP_GE: return ">=";
    }
    return "?";
}

/*
 * Non-negative integers print as hex with decimal, because register values
 * and addresses read best in hex; negative ones only in decimal, because their
 * two's-complement hex depends on the width the test happened to use.
 */
static void tb_text_append_value(struct tb_text *text, struct tb_value v)
{
    switch (v.kind) {
    case TB_VALUE_SIGNED:
        if (v.i < 0) {
            tb_text_append(text, "%jd", v.i);
        } else {
            tb_text_append(text, "0x%jx (%jd)", (uintmax_t)v.i, v.i);
        }
        return;
    case TB_VALUE_UNSIGNED:
        tb_text_append(text, "0x%jx (%ju)", v.u, v.u);
        return;
    case TB_VALUE_BOOL:
        tb_text_append(text, "%s", v.u != 0 ? "true" : "false");
        return;
    case TB_VALUE_DOUBLE:
        tb_text_append(text, "%.17g", (double)v.f);
        return;
    case TB_VALUE_LONG_DOUBLE:
        tb_text_append(text, "%.21Lg", v.f);
        return;
    case TB_VALUE_POINTER:
        if (v.u == 0) {
            tb_text_append(text, "NULL");
        } else {
            tb_text_append(text, "0x%jx", v.u);
        }
        return;
    }
}

static bool tb_is_floating(struct tb_value v)
{
    return v.kind == TB_VALUE_DOUBLE || v.kind == TB_VALUE_LONG_DOUBLE;
}

static long double tb_as_long_double(struct tb_value v)
{
    switch (v.kind) {
    case TB_VALUE_SIGNED: return (long double)v.i;
    case TB_VALUE_UNSIGNED:
    case TB_VALUE_BOOL:
    case TB_VALUE_POINTER: return (long double)v.u;
    case TB_VALUE_DOUBLE:
    case TB_VALUE_LONG_DOUBLE: return v.f;
    }
    return 0;
}

/* Everything but floating values as a non-negative magnitude; `negative` only for signed. */
static uintmax_t tb_as_magnitude(struct tb_value v, bool *negative)
{
    *negative = v.kind == TB_VALUE_SIGNED && v.i < 0;
    switch (v.kind) {
    case TB_VALUE_SIGNED: return (uintmax_t)v.i;
    default: return v.u;
    }
}

/*
 * Three-way comparison by mathematical value, not by C's usual conversions
 * (which would make -1 == UINT64_MAX). Returns false when the values are
 * unordered (a NaN is involved).
 */
static bool tb_order(struct tb_value a, struct tb_value b, int *order)
{
    if (tb_is_floating(a) || tb_is_floating(b)) {
        /* long double holds every 64-bit integer exactly on x86-64. */
        long double x = tb_as_long_double(a);
        long double y = tb_as_long_double(b);
        if (x < y) {
            *order = -1;
        } else if (x > y) {
            *order = 1;
        } else if (x == y) {
            *order = 0;
        } else {
            return false;
        }
        return true;
    }
    bool a_negative;
    bool b_negative;
    uintmax_t x = tb_as_magnitude(a, &a_negative);
    uintmax_t y = tb_as_magnitude(b, &b_negative);
    if (a_negative != b_negative) {
        *order = a_negative ? -1 : 1;
    } else if (a_negative) {
        /* Both were intmax_t; compare them as such to keep the sign right. */
        *order = a.i < b.i ? -1 : a.i > b.i;
    } else {
        *order = x < y ? -1 : x > y;
    }
    return true;
}

void tb_check_compare(const char *file, int line, bool fatal, enum tb_compare_op op,
                      const char *a_text, const char *b_text, struct tb_value a,
                      struct tb_value b)
{
    int order = 0;
    bool ordered = tb_order(a, b, &order);
    bool holds = false;
    switch (op) {
    case TB_OP_EQ: holds = ordered && order == 0; break;
    case TB_OP_NE: holds = !ordered || order != 0; break;
    case TB_OP_LT: holds = ordered && order < 0; break;
    case TB_OP_LE: holds = ordered && order <= 0; break;
    case TB_OP_GT: holds = ordered && order > 0; break;
    case TB_OP_GE: holds = ordered && order >= 0; break;
    }
    if (holds) {
        return;
    }
    struct tb_text text = {0};
    tb_text_append(&text, "Expected: (%s) %s (%s), actual: ", a_text, tb_op_text(op), b_text);
    tb_text_append_value(&text, a);
    tb_text_append(&text, " vs ");
    tb_text_append_value(&text, b);
    tb_text_report(&text, file, line, fatal ? TB_REPORT_FATAL : TB_REPORT_NONFATAL);
}

void tb_check_bool(const char *file, int line, bool fatal, const char *text_of_c,
                   bool value, bool expected)
{
    if (value == expected) {
        return;
    }
    struct tb_text text = {0};
    tb_text_append(&text, "Expected: (%s) is %s, actual: %s", text_of_c,
                   expected ? "true" : "false", value ? "true" : "false");
    tb_text_report(&text, file, line, fatal ? TB_REPORT_FATAL : TB_REPORT_NONFATAL);
}

void tb_check_str(const char *file, int line, bool fatal, bool want_equal,
                  const char *a_text, const char *b_text, const char *a, const char *b)
{
    bool equal = (a == NULL || b == NULL) ? a == b : strcmp(a, b) == 0;
    if (equal == want_equal) {
        return;
    }
    struct tb_text text = {0};
    tb_text_append(&text, "Expected: (%s) %s (%s) as C strings, actual: ", a_text,
                   want_equal ? "==" : "!=", b_text);
    tb_text_append_quoted(&text, a);
    tb_text_append(&text, " vs ");
    tb_text_append_quoted(&text, b);
    tb_text_report(&text, file, line, fatal ? TB_REPORT_FATAL : TB_REPORT_NONFATAL);
}

void tb_check_mem(const char *file, int line, bool fatal, const char *a_text,
                  const char *b_text, const char *n_text, const void *a, const void *b,
                  size_t n)
{
    if (n == 0 || a == b) {
        return;
    }
    struct tb_text text = {0};
    tb_text_append(&text, "Expected: memcmp((%s), (%s), (%s)) == 0, actual: ", a_text,
                   b_text, n_text);
    if (a == NULL || b == NULL) {
        tb_text_append(&text, "(%s) is NULL, with %zu bytes to compare",
                       a == NULL ? a_text : b_text, n);
    } else {
        const unsigned char *x = a;
        const unsigned char *y = b;
        size_t at = 0;
        while (at < n && x[at] == y[at]) {
            at++;
        }
        if (at == n) {
            free(text.data);
            return;
        }
        tb_text_append(&text, "first difference at byte offset %zu of %zu: 0x%02x vs 0x%02x",
                       at, n, (unsigned)x[at], (unsigned)y[at]);
    }
    tb_text_report(&text, file, line, fatal ? TB_REPORT_FATAL : TB_REPORT_NONFATAL);
}

void tb_check_near(const char *file, int line, bool fatal, const char *a_text,
                   const char *b_text, const char *tol_text, double a, double b,
                   double tol)
{
    /* a == b first so that equal infinities are near; NaN fails every test here. */
    double difference = a > b ? a - b : b - a;
    if (a == b || difference <= tol) {
        return;
    }
    struct tb_text text = {0};
    tb_text_append(&text,
                   "Expected: |(%s) - (%s)| <= (%s), actual: |%.17g - %.17g| = %.17g vs "
                   "tolerance %.17g",
                   a_text, b_text, tol_text, a, b, difference, tol);
    tb_text_report(&text, file, line, fatal ? TB_REPORT_FATAL : TB_REPORT_NONFATAL);
}

/* ------------------------------------------------------------------------ */
/* Explicit failures and skips                                              */
/* ------------------------------------------------------------------------ */

/* The message is formatted and va_end'ed before the report, which may longjmp. */
#define TB_FORMAT_AND_REPORT_(file, line, kind, fmt)  \
    do {                                              \
        struct tb_text text = {0};                    \
        va_list args;                                 \
        va_start(args, fmt);                          \
        tb_text_vappend(&text, fmt, args);            \
        va_end(args);                                 \
        tb_text_report(&text, file, line, kind);      \
    } while (0)

void tb_add_failure_at(const char *file, int line, const char *fmt, ...)
{
    TB_FORMAT_AND_REPORT_(file, line, TB_REPORT_NONFATAL, fmt);
}

_Noreturn void tb_fail_at(const char *file, int line, const char *fmt, ...)
{
    TB_FORMAT_AND_REPORT_(file, line, TB_REPORT_FATAL, fmt);
    tb_leave_test(); /* not reached; tells the compiler this never returns */
}

_Noreturn void tb_skip_at(const char *file, int line, const char *fmt, ...)
{
    TB_FORMAT_AND_REPORT_(file, line, TB_REPORT_SKIP, fmt);
    tb_leave_test(); /* not reached; tells the compiler this never returns */
}

/* ------------------------------------------------------------------------ */
/* Seeds                                                                    */
/* ------------------------------------------------------------------------ */

uint64_t tb_test_seed(uint64_t default_seed)
{
    const char *text = getenv("GTSIM_SEED");
    uint64_t seed = default_seed;
    if (text) {
        uint64_t value = 0;
        bool ok = *text != '\0';
        for (const char *c = text; *c && ok; c++) {
            ok = *c >= '0' && *c <= '9' && value <= (UINT64_MAX - (uint64_t)(*c - '0')) / 10;
            if (ok)
                value = value * 10 + (uint64_t)(*c - '0');
        }
        if (!ok)
            tb_fail_at(__FILE__, __LINE__, "GTSIM_SEED='%s' is not a decimal number", text);
        seed = value;
    }
    printf("seed %llu%s (replay: GTSIM_SEED=%llu)\n", (unsigned long long)seed, text ? " from GTSIM_SEED" : "",
           (unsigned long long)seed);
    return seed;
}
