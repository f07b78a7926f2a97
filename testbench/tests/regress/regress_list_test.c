/* The project's regression list (testbench/regress/gtsim.list, docs/guide/regress.md "The project's
 * list"): it parses without errors, has the suites smoke and full (full including smoke), runs
 * every example scenario in smoke in model mode, and every scenario file and {bin} program it
 * names exists. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtsim_regress_list.h"
#include "tb_test.h"

#ifndef GTSIM_REGRESS_LIST
#error "GTSIM_REGRESS_LIST must name testbench/regress/gtsim.list"
#endif
#ifndef TB_SCENARIOS_DIR
#error "TB_SCENARIOS_DIR must name testbench/scenarios"
#endif
#ifndef TB_BUILD_DIR
#error "TB_BUILD_DIR must name the build tree"
#endif

typedef struct RegressList {
    gtsim_regress_list *list; /* the parsed list */
    long smoke;            /* index of suite smoke */
    long full;             /* index of suite full */
} RegressList;

static void RegressList_SetUp(RegressList *self)
{
    char message[512] = "";
    self->list = gtsim_regress_list_load(GTSIM_REGRESS_LIST, message, sizeof message);
    if (!self->list)
        ADD_FAILURE("%s", message);
    ASSERT_TRUE(self->list != NULL);
    if (self->list->error_count)
        gtsim_regress_list_print_errors(self->list, stdout);
    ASSERT_EQ(self->list->error_count, 0);
    self->smoke = gtsim_regress_list_find_suite(self->list, "smoke");
    self->full = gtsim_regress_list_find_suite(self->list, "full");
}

static void RegressList_TearDown(RegressList *self)
{
    gtsim_regress_list_destroy(self->list);
}

TEST_F(RegressList, HasSmokeAndFullWhichIncludesIt)
{
    ASSERT_GE(self->smoke, 0);
    ASSERT_GE(self->full, 0);
    size_t in_smoke = 0, in_full = 0;
    for (size_t i = 0; i < self->list->entry_count; i++) {
        const gtsim_regress_entry *entry = &self->list->entries[i];
        bool smoke = gtsim_regress_list_in_suite(self->list, entry, (size_t)self->smoke);
        bool full = gtsim_regress_list_in_suite(self->list, entry, (size_t)self->full);
        in_smoke += smoke;
        in_full += full;
        if (smoke && !full)
            ADD_FAILURE("line %zu (%s): in smoke but not in full", entry->line, entry->name);
    }
    EXPECT_GT(in_smoke, 0);
    EXPECT_GT(in_full, in_smoke);
}

TEST_F(RegressList, EveryScenarioFileExists)
{
    size_t scenarios = 0;
    for (size_t i = 0; i < self->list->entry_count; i++) {
        const gtsim_regress_entry *entry = &self->list->entries[i];
        if (entry->kind != GTSIM_REGRESS_SCENARIO)
            continue;
        scenarios++;
        if (access(entry->path, R_OK) != 0)
            ADD_FAILURE("line %zu: scenario '%s' (%s) does not exist", entry->line, entry->name, entry->path);
    }
    EXPECT_GT(scenarios, 0);
}

TEST_F(RegressList, EveryProgramUnderBinExists)
{
    size_t programs = 0;
    for (size_t i = 0; i < self->list->entry_count; i++) {
        const gtsim_regress_entry *entry = &self->list->entries[i];
        if (entry->kind != GTSIM_REGRESS_TEST)
            continue;
        for (size_t k = 0; k < entry->argc; k++) {
            const char *word = entry->argv[k];
            if (strncmp(word, "{bin}/", 6) != 0)
                continue;
            programs++;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", TB_BUILD_DIR, word + 6);
            if (access(path, X_OK) != 0)
                ADD_FAILURE("line %zu (%s): program '%s' does not exist in the build tree", entry->line, entry->name,
                            path);
        }
    }
    EXPECT_GT(programs, 0);
}

/* Whether smoke runs `file` (a name in testbench/scenarios/) without gtsim options. */
static bool smoke_runs_in_model_mode(const RegressList *self, const char *file)
{
    for (size_t i = 0; i < self->list->entry_count; i++) {
        const gtsim_regress_entry *entry = &self->list->entries[i];
        if (entry->kind != GTSIM_REGRESS_SCENARIO || entry->argc != 0 ||
            !gtsim_regress_list_in_suite(self->list, entry, (size_t)self->smoke))
            continue;
        const char *base = strrchr(entry->path, '/');
        if (strcmp(base ? base + 1 : entry->path, file) == 0)
            return true;
    }
    return false;
}

TEST_F(RegressList, SmokeRunsEveryExampleScenarioInModelMode)
{
    ASSERT_GE(self->smoke, 0);
    DIR *dir = opendir(TB_SCENARIOS_DIR);
    ASSERT_TRUE(dir != NULL);
    size_t examples = 0;
    for (struct dirent *item = readdir(dir); item; item = readdir(dir)) {
        size_t length = strlen(item->d_name);
        if (length < 6 || strcmp(item->d_name + length - 6, ".gtsim") != 0)
            continue;
        examples++;
        if (!smoke_runs_in_model_mode(self, item->d_name))
            ADD_FAILURE("testbench/scenarios/%s is not in suite smoke in model mode", item->d_name);
    }
    closedir(dir);
    EXPECT_GT(examples, 0);
}
