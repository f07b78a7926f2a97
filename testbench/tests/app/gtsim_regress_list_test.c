/* Regression list grammar (docs/guide/regress.md "List files"): what parses, what each error says,
 * and suite membership through includes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_regress_list.h"
#include "tb_test.h"

static gtsim_regress_list *parse(const char *text)
{
    return gtsim_regress_list_parse("dir/sub/list.txt", text, strlen(text));
}

TEST(RegressList, ParsesSuitesScenariosAndTests)
{
    gtsim_regress_list *list = parse("# nightly\n"
                                  "suite smoke\n"
                                  "scenario a.gtsim\n"
                                  "scenario /abs/b.gtsim seeds 3 timeout 20 -- --rtl roundtrip\n"
                                  "test rand seeds 100 -- {bin}/prog --seed {seed} \"two words\" \"q\\\"x\"\n"
                                  "suite full includes smoke\n"
                                  "test long timeout 3600 -- sleep 1  # trailing comment\r\n");
    ASSERT_EQ(list->error_count, 0u);
    ASSERT_EQ(list->suite_count, 2u);
    ASSERT_EQ(list->entry_count, 4u);
    EXPECT_STREQ(list->directory, "dir/sub");
    const gtsim_regress_entry *a = &list->entries[0];
    EXPECT_EQ(a->kind, GTSIM_REGRESS_SCENARIO);
    EXPECT_STREQ(a->path, "dir/sub/a.gtsim");
    EXPECT_EQ(a->seeds, 1u);
    EXPECT_EQ(a->timeout, GTSIM_REGRESS_DEFAULT_TIMEOUT);
    EXPECT_EQ(a->argc, 0u);
    const gtsim_regress_entry *b = &list->entries[1];
    EXPECT_STREQ(b->path, "/abs/b.gtsim");
    EXPECT_EQ(b->seeds, 3u);
    EXPECT_EQ(b->timeout, 20u);
    ASSERT_EQ(b->argc, 2u);
    EXPECT_STREQ(b->argv[0], "--rtl");
    EXPECT_STREQ(b->argv[1], "roundtrip");
    EXPECT_TRUE(b->argv[2] == NULL);
    const gtsim_regress_entry *r = &list->entries[2];
    EXPECT_EQ(r->kind, GTSIM_REGRESS_TEST);
    EXPECT_STREQ(r->name, "rand");
    EXPECT_EQ(r->seeds, 100u);
    ASSERT_EQ(r->argc, 5u);
    EXPECT_STREQ(r->argv[0], "{bin}/prog");
    EXPECT_STREQ(r->argv[3], "two words");
    EXPECT_STREQ(r->argv[4], "q\"x");
    const gtsim_regress_entry *l = &list->entries[3];
    EXPECT_EQ(l->suite, 1u);
    EXPECT_EQ(l->timeout, 3600u);
    EXPECT_EQ(l->argc, 2u);
    EXPECT_EQ(l->line, 7u);
    gtsim_regress_list_destroy(list);
}

TEST(RegressList, IncludesMakeMembershipTransitive)
{
    gtsim_regress_list *list = parse("suite a\ntest x -- true\nsuite b includes a\ntest y -- true\n"
                                  "suite c includes b\ntest z -- true\nsuite d\ntest w -- true\n");
    ASSERT_EQ(list->error_count, 0u);
    long c = gtsim_regress_list_find_suite(list, "c"), a = gtsim_regress_list_find_suite(list, "a");
    ASSERT_EQ(c, 2);
    ASSERT_EQ(a, 0);
    EXPECT_TRUE(gtsim_regress_list_in_suite(list, &list->entries[0], (size_t)c));
    EXPECT_TRUE(gtsim_regress_list_in_suite(list, &list->entries[1], (size_t)c));
    EXPECT_TRUE(gtsim_regress_list_in_suite(list, &list->entries[2], (size_t)c));
    EXPECT_FALSE(gtsim_regress_list_in_suite(list, &list->entries[3], (size_t)c));
    EXPECT_FALSE(gtsim_regress_list_in_suite(list, &list->entries[1], (size_t)a));
    EXPECT_EQ(gtsim_regress_list_find_suite(list, "nope"), -1);
    gtsim_regress_list_destroy(list);
}

/* Each bad line: its line number and a message naming the problem. */
static void expect_error(const char *text, size_t line, const char *fragment)
{
    gtsim_regress_list *list = parse(text);
    ASSERT_TRUE(list->error_count >= 1u);
    EXPECT_EQ(list->errors[0].line, line);
    if (!strstr(list->errors[0].message, fragment))
        ADD_FAILURE("'%s': message '%s' lacks '%s'", text, list->errors[0].message, fragment);
    gtsim_regress_list_destroy(list);
}

TEST(RegressList, ErrorsNameTheLineAndTheProblem)
{
    expect_error("scenario a.gtsim\n", 1, "before any 'suite");
    expect_error("suite s\nsuite s\n", 2, "defined twice");
    expect_error("suite s includes t\n", 1, "not defined above");
    expect_error("suite s extra\n", 1, "includes");
    expect_error("suite\n", 1, "suite NAME");
    expect_error("suite s/x\n", 1, "suite NAME");
    expect_error("suite s\nscenario\n", 2, "scenario PATH");
    expect_error("suite s\ntest t\n", 2, "no command");
    expect_error("suite s\ntest t seeds 2\n", 2, "no command");
    expect_error("suite s\ntest t seeds 0 -- x\n", 2, "seeds '0'");
    expect_error("suite s\ntest t seeds 1000001 -- x\n", 2, "seeds");
    expect_error("suite s\ntest t seeds -- x\n", 2, "seeds '--'");
    expect_error("suite s\ntest t timeout 0 -- x\n", 2, "timeout '0'");
    expect_error("suite s\ntest t seeds 2 seeds 3 -- x\n", 2, "given twice");
    expect_error("suite s\ntest t bogus -- x\n", 2, "unexpected 'bogus'");
    expect_error("suite s\ntest t seeds\n", 2, "needs a value");
    expect_error("suite s\ntest bad/name -- x\n", 2, "letters");
    expect_error("suite s\ntest t -- \"open\n", 2, "unterminated quote (\")");
    expect_error("suite s\ntest t -- 'open\n", 2, "unterminated quote (')");
    expect_error("suite s\ntest t -- x\ntest u -- y\ntest t -- x\n", 4, "the same entry as line 2");
    expect_error("suite s\nscenario a.gtsim\nscenario a.gtsim seeds 2\n", 3, "the same entry as line 2");
    expect_error("suite s\nrun x\n", 2, "unknown statement 'run'");
    expect_error("# only a comment\n", 1, "no scenario or test");
    expect_error("", 1, "no scenario or test");
}

TEST(RegressList, NulBytesAndErrorFloodsAreBounded)
{
    const char text[] = "suite s\ntest t -- a\0b\n";
    gtsim_regress_list *list = gtsim_regress_list_parse("l", text, sizeof text - 1);
    ASSERT_EQ(list->error_count, 1u);
    EXPECT_EQ(list->errors[0].line, 2u);
    gtsim_regress_list_destroy(list);
    char flood[4000] = "";
    for (int i = 0; i < 100; i++)
        strcat(flood, "junk\n");
    list = parse(flood);
    EXPECT_EQ(list->error_count, GTSIM_REGRESS_MAX_ERRORS);
    gtsim_regress_list_destroy(list);
}

TEST(RegressList, ListWithoutDirectoryResolvesAgainstDot)
{
    gtsim_regress_list *list = gtsim_regress_list_parse("list", "suite s\nscenario x.gtsim\n", 24);
    ASSERT_EQ(list->error_count, 0u);
    EXPECT_STREQ(list->entries[0].path, "./x.gtsim");
    gtsim_regress_list_destroy(list);
    list = gtsim_regress_list_parse("/list", "suite s\nscenario x.gtsim\n", 24);
    EXPECT_STREQ(list->entries[0].path, "//x.gtsim");
    gtsim_regress_list_destroy(list);
}

TEST(RegressList, SingleQuotesGroupWordsLiterallyAsInAShell)
{
    gtsim_regress_list *list = parse("suite s\ntest t -- sh -c 'echo \"a  b\" \\ # x'\n");
    ASSERT_EQ(list->error_count, 0u);
    const gtsim_regress_entry *t = &list->entries[0];
    ASSERT_EQ(t->argc, 3u);
    EXPECT_STREQ(t->argv[1], "-c");
    EXPECT_STREQ(t->argv[2], "echo \"a  b\" \\ # x");
    gtsim_regress_list_destroy(list);
    /* A single quote inside double quotes is a character, and the other way round. */
    list = parse("suite s\ntest t -- \"it's\" 'say \"hi\"'\n");
    ASSERT_EQ(list->error_count, 0u);
    EXPECT_STREQ(list->entries[0].argv[0], "it's");
    EXPECT_STREQ(list->entries[0].argv[1], "say \"hi\"");
    gtsim_regress_list_destroy(list);
}

/* The documented rule (docs/guide/regress.md "Seeds and replay"), written out here on its own. */
static uint64_t rule_mix(uint64_t value)
{
    value += UINT64_C(0x9E3779B97F4A7C15);
    value = (value ^ (value >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    value = (value ^ (value >> 27)) * UINT64_C(0x94D049BB133111EB);
    return value ^ (value >> 31);
}

static uint64_t rule_seed(uint64_t base, const char *key, unsigned index)
{
    uint64_t hash = UINT64_C(1469598103934665603);
    for (const char *c = key; *c; c++)
        hash = (hash ^ (unsigned char)*c) * UINT64_C(1099511628211);
    return rule_mix(base ^ rule_mix(hash + index)) & UINT64_C(0x7FFFFFFF);
}

static const gtsim_regress_entry *find_entry(const gtsim_regress_list *list, const char *name, size_t argc)
{
    for (size_t i = 0; i < list->entry_count; i++)
        if (strcmp(list->entries[i].name, name) == 0 && list->entries[i].argc == argc)
            return &list->entries[i];
    return NULL;
}

TEST(RegressList, SeedsComeFromSuiteNameOptionsAndRepeatIndexNotFromPosition)
{
    gtsim_regress_list *alone = parse("suite smoke\nscenario a.gtsim seeds 3 -- --rtl irq\n");
    gtsim_regress_list *moved = parse("# a comment moves every line down\n\n"
                                   "suite smoke\n"
                                   "test other seeds 5 -- true\n"
                                   "scenario a.gtsim\n"
                                   "scenario a.gtsim seeds 4 timeout 9 -- --rtl irq\n");
    ASSERT_EQ(alone->error_count, 0u);
    ASSERT_EQ(moved->error_count, 0u);
    const gtsim_regress_entry *a = find_entry(alone, "a.gtsim", 2), *b = find_entry(moved, "a.gtsim", 2);
    const gtsim_regress_entry *plain = find_entry(moved, "a.gtsim", 0);
    ASSERT_TRUE(a && b && plain);
    char *key = gtsim_regress_entry_key(alone, a);
    EXPECT_STREQ(key, "smoke/a.gtsim\n--rtl\nirq");
    free(key);
    for (unsigned k = 0; k < 3; k++) {
        uint64_t expected = rule_seed(77, "smoke/a.gtsim\n--rtl\nirq", k);
        EXPECT_EQ(gtsim_regress_job_seed(77, alone, a, k), expected);
        EXPECT_EQ(gtsim_regress_job_seed(77, moved, b, k), expected); /* other line, other neighbours */
        EXPECT_NE(gtsim_regress_job_seed(78, alone, a, k), expected); /* the base seed counts */
    }
    EXPECT_EQ(gtsim_regress_job_seed(77, moved, plain, 0), rule_seed(77, "smoke/a.gtsim", 0));
    EXPECT_NE(gtsim_regress_job_seed(77, moved, plain, 0), gtsim_regress_job_seed(77, moved, b, 0));
    gtsim_regress_list_destroy(alone);
    gtsim_regress_list_destroy(moved);
}
