/* docs/reference/commands.md documents every command and field of both tables (the field reference), so
 * the page cannot drift from the tables unnoticed; docs/reference/cs.md "Every MI command and its test"
 * maps every MI command of both tables to tests that exist. */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"

#ifndef TB_COMMANDS_DOC
#error "TB_COMMANDS_DOC must name docs/reference/commands.md"
#endif
#ifndef TB_CS_DOC
#error "TB_CS_DOC must name docs/reference/cs.md"
#endif
#ifndef TB_TESTS_DIR
#error "TB_TESTS_DIR must name testbench/tests"
#endif

static char *read_path(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text)
        text[size] = '\0';
    fclose(file);
    return text;
}

static char *read_doc(void)
{
    return read_path(TB_COMMANDS_DOC);
}

static void check_profile(const char *doc, cs_profile which)
{
    const cs_profile_info *profile = cs_profile_get(which);
    char heading[64];
    snprintf(heading, sizeof heading, "\n### %s fields\n", profile->name);
    const char *section = strstr(doc, heading);
    ASSERT_TRUE(section != NULL);
    const char *section_end = strstr(section + 1, "\n### ");
    if (!section_end)
        section_end = doc + strlen(doc);
    for (size_t i = 0; i < profile->command_count; i++) {
        const cs_command *command = &profile->commands[i];
        char title[96];
        snprintf(title, sizeof title, "\n**%s**:", command->name);
        const char *block = strstr(section, title);
        if (!block || block > section_end) {
            ADD_FAILURE("docs/reference/commands.md: %s %s has no entry in the field reference", profile->name, command->name);
            continue;
        }
        const char *block_end = strstr(block + 1, "\n**");
        if (!block_end || block_end > section_end)
            block_end = section_end;
        size_t total = command->field_count + command->group_field_count;
        for (size_t k = 0; k < total; k++) {
            const cs_field *field = k < command->field_count ? &command->fields[k]
                                                             : &command->group_fields[k - command->field_count];
            char name[80];
            snprintf(name, sizeof name, "| `%s` |", field->name);
            const char *at = strstr(block, name);
            if (!at || at > block_end)
                ADD_FAILURE("docs/reference/commands.md: %s %s lacks field %s", profile->name, command->name, field->name);
        }
        /* And the summary table lists it for the profile. */
        char row[96];
        snprintf(row, sizeof row, "\n| %s |", command->name);
        char summary[64];
        snprintf(summary, sizeof summary, "\n### %s\n", profile->name);
        const char *table = strstr(doc, summary);
        ASSERT_TRUE(table != NULL);
        const char *table_end = strstr(table + 1, "\n#");
        const char *listed = strstr(table, row);
        if (!listed || (table_end && listed > table_end))
            ADD_FAILURE("docs/reference/commands.md: %s %s missing from the commands table", profile->name, command->name);
    }
}

TEST(CsDocs, FieldReferenceCoversTheTables)
{
    char *doc = read_doc();
    ASSERT_TRUE(doc != NULL);
    check_profile(doc, CS_PROFILE_GEN6);
    check_profile(doc, CS_PROFILE_GEN12);
    free(doc);
}

/* The row of `name` in the MI table ("| NAME |" at a line start), as a NUL-terminated copy. */
static char *mi_row(const char *section, const char *section_end, const char *name)
{
    char key[96];
    snprintf(key, sizeof key, "\n| %s |", name);
    const char *row = strstr(section, key);
    if (!row || row > section_end)
        return NULL;
    row++;
    const char *end = strchr(row, '\n');
    size_t length = end ? (size_t)(end - row) : strlen(row);
    char *copy = malloc(length + 1);
    if (copy) {
        memcpy(copy, row, length);
        copy[length] = '\0';
    }
    return copy;
}

/* Every test the row's last cell names (`file` then names, possibly several files) is in its file:
 * as TEST_F(Fixture, Name) / TEST(Suite, Name), or BOTH_PROFILES(Name). */
static void check_row_tests(const char *command, const char *row)
{
    const char *cell = strrchr(row, '|');
    while (cell > row && cell[-1] == ' ')
        cell--;
    const char *start = cell;
    while (start > row && start[-1] != '|')
        start--;
    size_t files = 0, tests = 0;
    char *text = NULL;
    for (const char *at = start; at < cell;) {
        while (at < cell && *at == ' ')
            at++;
        if (at >= cell)
            break;
        const char *word = at;
        while (at < cell && *at != ' ')
            at++;
        size_t length = (size_t)(at - word);
        if (length > 2 && word[0] == '`' && word[length - 1] == '`') {
            char path[512];
            snprintf(path, sizeof path, "%s/%.*s", TB_TESTS_DIR, (int)(length - 2), word + 1);
            free(text);
            text = read_path(path);
            if (!text)
                ADD_FAILURE("docs/reference/cs.md: %s names %s, which does not exist", command, path);
            files++;
            continue;
        }
        if (!text)
            continue;
        char both[160], fixture[160];
        snprintf(both, sizeof both, "BOTH_PROFILES(%.*s)", (int)length, word);
        snprintf(fixture, sizeof fixture, ", %.*s)", (int)length, word);
        if (!strstr(text, both) && !strstr(text, fixture))
            ADD_FAILURE("docs/reference/cs.md: %s names test %.*s, not in its file", command, (int)length, word);
        tests++;
    }
    free(text);
    if (files == 0 || tests == 0)
        ADD_FAILURE("docs/reference/cs.md: %s has no test file and name", command);
}

TEST(CsDocs, EveryMiCommandHasItsTests)
{
    char *doc = read_path(TB_CS_DOC);
    ASSERT_TRUE(doc != NULL);
    const char *section = strstr(doc, "\n### Every MI command and its test\n");
    ASSERT_TRUE(section != NULL);
    const char *section_end = strstr(section + 1, "\n#");
    if (!section_end)
        section_end = doc + strlen(doc);
    static const cs_profile profiles[] = { CS_PROFILE_GEN6, CS_PROFILE_GEN12 };
    for (size_t p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        const cs_profile_info *profile = cs_profile_get(profiles[p]);
        size_t mi = 0;
        for (size_t i = 0; i < profile->command_count; i++) {
            const cs_command *command = &profile->commands[i];
            if (command->match_value >> 29 != 0) /* command type 31:29: 0 is MI */
                continue;
            mi++;
            char *row = mi_row(section, section_end, command->name);
            if (!row) {
                ADD_FAILURE("docs/reference/cs.md: %s %s has no row in \"Every MI command and its test\"",
                            profile->name, command->name);
                continue;
            }
            char cell_profile[32];
            snprintf(cell_profile, sizeof cell_profile, "%s", profile->name);
            const char *cells = strchr(row + 1, '|');
            const char *profiles_end = cells ? strchr(cells + 1, '|') : NULL;
            const char *named = cells ? strstr(cells, cell_profile) : NULL;
            if (!named || !profiles_end || named > profiles_end)
                ADD_FAILURE("docs/reference/cs.md: the row of %s does not list %s", command->name, profile->name);
            check_row_tests(command->name, row);
            free(row);
        }
        EXPECT_GT(mi, 20u);
    }
    free(doc);
}
