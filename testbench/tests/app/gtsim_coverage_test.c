#define _POSIX_C_SOURCE 200809L
/* Coverage counts and their file format (docs/guide/regress.md "Coverage"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtsim_coverage.h"
#include "tb_test.h"

typedef struct Cov {
    gtsim_coverage *coverage; /* under test */
    char path[64];         /* a scratch file */
} Cov;

static void Cov_SetUp(Cov *self)
{
    self->coverage = gtsim_coverage_create();
    snprintf(self->path, sizeof self->path, "/tmp/gtsim-cov-test-%ld.cov", (long)getpid());
}

static void Cov_TearDown(Cov *self)
{
    gtsim_coverage_destroy(self->coverage);
    remove(self->path);
}

static void write_file(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    ASSERT_TRUE(file != NULL);
    fputs(text, file);
    fclose(file);
}

TEST_F(Cov, CountsAddUpAndZeroDeclaresAnItem)
{
    gtsim_coverage_add(self->coverage, "mi.rcs", "MI_NOOP", 2);
    gtsim_coverage_add(self->coverage, "mi.rcs", "MI_NOOP", 3);
    gtsim_coverage_add(self->coverage, "mi.rcs", "MI_FLUSH", 0);
    gtsim_coverage_add(self->coverage, "irq", "rcs0 user", 1);
    EXPECT_EQ(gtsim_coverage_count(self->coverage, "mi.rcs", "MI_NOOP"), 5u);
    EXPECT_EQ(gtsim_coverage_count(self->coverage, "irq", "rcs0_user"), 1u);
    EXPECT_EQ(gtsim_coverage_count(self->coverage, "irq", "absent"), 0u);
    EXPECT_EQ(gtsim_coverage_items(self->coverage, "mi.rcs"), 2u);
    EXPECT_EQ(gtsim_coverage_exercised(self->coverage, "mi.rcs"), 1u);
    EXPECT_EQ(gtsim_coverage_items(self->coverage, NULL), 3u);
    gtsim_coverage_add(self->coverage, "irq", "rcs0_user", UINT64_MAX);
    EXPECT_EQ(gtsim_coverage_count(self->coverage, "irq", "rcs0_user"), UINT64_MAX);
}

TEST_F(Cov, WriteThenMergeTwiceDoublesEveryCount)
{
    gtsim_coverage_add(self->coverage, "b", "y", 4);
    gtsim_coverage_add(self->coverage, "a", "x", 0);
    gtsim_coverage_add(self->coverage, "a", "w", 7);
    char message[256];
    ASSERT_TRUE(gtsim_coverage_write(self->coverage, self->path, message, sizeof message));
    gtsim_coverage *merged = gtsim_coverage_create();
    EXPECT_TRUE(gtsim_coverage_merge_file(merged, self->path, message, sizeof message));
    EXPECT_TRUE(gtsim_coverage_merge_file(merged, self->path, message, sizeof message));
    EXPECT_EQ(gtsim_coverage_count(merged, "a", "w"), 14u);
    EXPECT_EQ(gtsim_coverage_count(merged, "b", "y"), 8u);
    EXPECT_EQ(gtsim_coverage_items(merged, "a"), 2u);
    EXPECT_EQ(gtsim_coverage_exercised(merged, "a"), 1u);
    gtsim_coverage_destroy(merged);
    /* Sorted output: kind a before b, w before x. */
    FILE *file = fopen(self->path, "r");
    ASSERT_TRUE(file != NULL);
    char text[256] = "";
    size_t got = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[got] = '\0';
    EXPECT_TRUE(strstr(text, "a w 7\na x 0\nb y 4\n") != NULL);
}

TEST_F(Cov, MalformedLinesAreReportedWithTheirLine)
{
    char message[256];
    write_file(self->path, "# c\nk n 1\nk n\n");
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, self->path, message, sizeof message));
    EXPECT_TRUE(strstr(message, ":3:") != NULL);
    EXPECT_EQ(gtsim_coverage_count(self->coverage, "k", "n"), 1u);
    write_file(self->path, "k n 12x\n");
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, self->path, message, sizeof message));
    write_file(self->path, "k n 99999999999999999999999\n");
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, self->path, message, sizeof message));
    write_file(self->path, "k n 1 extra\n");
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, self->path, message, sizeof message));
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, "/nonexistent/x.cov", message, sizeof message));
    EXPECT_TRUE(strstr(message, "cannot open") != NULL);
}

TEST_F(Cov, SummaryNamesWhatWasNotExercised)
{
    gtsim_coverage_add(self->coverage, "mi", "MI_NOOP", 1);
    gtsim_coverage_add(self->coverage, "mi", "MI_FLUSH", 0);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    gtsim_coverage_print_summary(self->coverage, out);
    fclose(out);
    EXPECT_TRUE(strstr(text, "1 of 2 exercised; not: MI_FLUSH") != NULL);
    free(text);
}

/* Every name the writer writes, the reader reads back as the same item: blanks, control
 * characters, a leading '#' (a comment to the reader), empty names, long names, non-ASCII. */
TEST_F(Cov, OddNamesReadBackAsTheSameItemsAndTheFileUnchanged)
{
    static const char *const odd[][2] = {
        { "kind with blanks", "name\twith\ttabs" }, { "#hash", "#name" }, { "", "" }, { "k", "\x01\x7f\r\n" },
        { "k", "caf\xc3\xa9 \xff\xfe" }, { "k", "x#y" },
    };
    char long_name[300];
    memset(long_name, 'n', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
        gtsim_coverage_add(self->coverage, odd[i][0], odd[i][1], i + 1);
    gtsim_coverage_add(self->coverage, "long", long_name, 7);
    char message[256] = "", second[80];
    ASSERT_TRUE(gtsim_coverage_write(self->coverage, self->path, message, sizeof message));
    gtsim_coverage *read = gtsim_coverage_create();
    EXPECT_TRUE(gtsim_coverage_merge_file(read, self->path, message, sizeof message));
    EXPECT_EQ(gtsim_coverage_items(read, NULL), gtsim_coverage_items(self->coverage, NULL));
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++)
        EXPECT_EQ(gtsim_coverage_count(read, odd[i][0], odd[i][1]), i + 1);
    EXPECT_EQ(gtsim_coverage_count(read, "long", long_name), 7u);
    snprintf(second, sizeof second, "%s.again", self->path);
    ASSERT_TRUE(gtsim_coverage_write(read, second, message, sizeof message));
    FILE *a = fopen(self->path, "rb"), *b = fopen(second, "rb");
    ASSERT_TRUE(a && b);
    int ca, cb;
    do {
        ca = fgetc(a);
        cb = fgetc(b);
    } while (ca == cb && ca != EOF);
    EXPECT_EQ(ca, cb); /* byte-identical */
    fclose(a);
    fclose(b);
    remove(second);
    gtsim_coverage_destroy(read);
}

TEST_F(Cov, AFileWithMoreItemsThanAnyRunHasIsRefused)
{
    FILE *file = fopen(self->path, "w");
    ASSERT_TRUE(file != NULL);
    for (unsigned i = 0; i < 9000; i++)
        fprintf(file, "k item%u 1\n", 9000 - i);
    fclose(file);
    char message[256] = "";
    EXPECT_FALSE(gtsim_coverage_merge_file(self->coverage, self->path, message, sizeof message));
    EXPECT_TRUE(strstr(message, "more than 8192 coverage items") != NULL);
}
