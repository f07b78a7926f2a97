/* docs/reference/commands.md documents every command and field of both tables (the field reference), so
 * the page cannot drift from the tables unnoticed. */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"

#ifndef TB_COMMANDS_DOC
#error "TB_COMMANDS_DOC must name docs/reference/commands.md"
#endif

static char *read_doc(void)
{
    FILE *file = fopen(TB_COMMANDS_DOC, "rb");
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
