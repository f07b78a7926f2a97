/* `mem load ADDR FILE` (docs/guide/scenarios.md): a file of little-endian dwords, relative to the
 * scenario file's directory, loaded into graphics memory; bad files are parse errors (exit 2). */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtsim_cli.h"
#include "gtsim_scenario.h"

typedef struct MemLoad {
    char dir[64];       /* a fresh directory for the files */
    char scenario[128]; /* the scenario's path inside it (its name) */
} MemLoad;

static void MemLoad_SetUp(MemLoad *self)
{
    snprintf(self->dir, sizeof self->dir, "/tmp/gtsim_mem_load_XXXXXX");
    ASSERT_TRUE(mkdtemp(self->dir) != NULL);
    snprintf(self->scenario, sizeof self->scenario, "%s/s.gtsim", self->dir);
}

static void MemLoad_TearDown(MemLoad *self)
{
    char command[160];
    snprintf(command, sizeof command, "rm -rf '%s'", self->dir);
    EXPECT_EQ(system(command), 0);
}

static void write_file(MemLoad *self, const char *name, const void *bytes, size_t size)
{
    char path[192];
    snprintf(path, sizeof path, "%s/%s", self->dir, name);
    FILE *out = fopen(path, "wb");
    ASSERT_TRUE(out != NULL);
    EXPECT_EQ(fwrite(bytes, 1, size, out), size);
    fclose(out);
}

static gtsim_scenario *parse(MemLoad *self, const char *text)
{
    return gtsim_scenario_parse(self->scenario, text, strlen(text));
}

static void expect_error(MemLoad *self, const char *text, const char *message)
{
    gtsim_scenario *scenario = parse(self, text);
    ASSERT_EQ(scenario->error_count, 1u);
    if (!strstr(scenario->errors[0].message, message))
        ADD_FAILURE("error '%s' lacks '%s'", scenario->errors[0].message, message);
    gtsim_scenario_destroy(scenario);
}

TEST_F(MemLoad, LoadsLittleEndianDwordsRelativeToTheScenario)
{
    const unsigned char bytes[] = { 0x00, 0x00, 0x00, 0x18, 0x01, 0x02, 0x03, 0x04, 0xff, 0xff, 0xff, 0xff };
    write_file(self, "ring.bin", bytes, sizeof bytes);
    gtsim_scenario *scenario = parse(self, "mem load 0x1000 ring.bin\n");
    ASSERT_EQ(scenario->error_count, 0u);
    ASSERT_EQ(scenario->statement_count, 1u);
    const gtsim_statement *statement = &scenario->statements[0];
    EXPECT_EQ(statement->kind, GTSIM_STMT_MEM_WRITE);
    EXPECT_EQ(statement->address, 0x1000u);
    ASSERT_EQ(statement->dword_count, 3u);
    EXPECT_EQ(statement->dwords[0], 0x18000000u);
    EXPECT_EQ(statement->dwords[1], 0x04030201u);
    EXPECT_EQ(statement->dwords[2], 0xffffffffu);
    /* The canonical form names the resolved file and parses back to the same dwords. */
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    gtsim_statement_print(statement, out);
    fclose(out);
    char expected[256];
    snprintf(expected, sizeof expected, "mem load 0x000000001000 %s/ring.bin", self->dir);
    EXPECT_STREQ(text, expected);
    gtsim_scenario *again = gtsim_scenario_parse("elsewhere.gtsim", text, strlen(text));
    ASSERT_EQ(again->error_count, 0u);
    ASSERT_EQ(again->statements[0].dword_count, 3u);
    EXPECT_EQ(again->statements[0].dwords[1], 0x04030201u);
    gtsim_scenario_destroy(again);
    free(text);
    gtsim_scenario_destroy(scenario);
}

TEST_F(MemLoad, BadFilesAreParseErrors)
{
    const unsigned char five[] = { 1, 2, 3, 4, 5 };
    write_file(self, "five.bin", five, sizeof five);
    write_file(self, "empty.bin", five, 0);
    const unsigned char eight[8] = { 0 };
    write_file(self, "eight.bin", eight, sizeof eight);
    expect_error(self, "mem load 0x1000 missing.bin\n", "cannot open");
    expect_error(self, "mem load 0x1000 five.bin\n", "not a whole number of dwords");
    expect_error(self, "mem load 0x1000 empty.bin\n", "not a whole number of dwords");
    expect_error(self, "mem load 0xfffffffffffc eight.bin\n", "run past the end");
    expect_error(self, "mem load 0x1000\n", "expected a file name");
    expect_error(self, "mem load 0x1000 eight.bin extra\n", "");
    /* Larger than the bound: a sparse file one dword past it. */
    char path[192];
    snprintf(path, sizeof path, "%s/big.bin", self->dir);
    FILE *big = fopen(path, "wb");
    ASSERT_TRUE(big != NULL);
    EXPECT_EQ(fseek(big, (long)GTSIM_FILE_MAX_BYTES, SEEK_SET), 0);
    EXPECT_EQ(fwrite(eight, 1, 4, big), 4u);
    fclose(big);
    expect_error(self, "mem load 0x1000 big.bin\n", "is larger than");
}
