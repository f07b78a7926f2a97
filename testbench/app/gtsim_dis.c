/* `gtsim dis`: disassembles a file of little-endian dwords (docs/reference/commands.md). */
#include "gtsim_dis.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_cli.h"
#include "tlm_alloc.h"

enum { GTSIM_DIS_EXIT_OK = 0, GTSIM_DIS_EXIT_USAGE = 2 };

/* Appends the `# ...` remark for a command that decoded but deserves a second look. */
static void gtsim_dis_remarks(const cs_decoded *decoded, cs_engine engine, FILE *out)
{
    const char *separator = "  # ";
    if (decoded->status & CS_DECODE_NOT_ACCEPTED) {
        fprintf(out, "%snot accepted by %s", separator, cs_engine_name(engine));
        separator = "; ";
    }
    if (decoded->status & CS_DECODE_SHORT)
        fprintf(out, "%sshorter than its %u-dword minimum", separator, (unsigned)decoded->command->min_length);
}

void gtsim_dis_write(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t count, FILE *out)
{
    size_t size = 256;
    char *text = tlm_alloc_resize(NULL, size, 1);
    size_t at = 0;
    while (at < count) {
        cs_decoded decoded;
        size_t used = cs_decode(profile, engine, dwords + at, count - at, &decoded);
        fprintf(out, "0x%08zx: ", at * 4);
        if (decoded.status & CS_DECODE_TRUNCATED) {
            /* Not enough dwords for its fields: the dwords themselves, and what they start. */
            fputs("TRUNCATED", out);
            for (size_t i = 0; i < used; i++)
                fprintf(out, " 0x%08" PRIx32, dwords[at + i]);
            fprintf(out, "  # %s len=%" PRIu32 ", only %zu dword%s left\n", decoded.command->name, decoded.length,
                    used, used == 1 ? "" : "s");
        } else {
            size_t needed = cs_format(&decoded, text, size);
            if (needed >= size) {
                size = needed + 1;
                text = tlm_alloc_resize(text, size, 1);
                cs_format(&decoded, text, size);
            }
            fputs(text, out);
            if (decoded.command)
                gtsim_dis_remarks(&decoded, engine, out);
            fputc('\n', out);
        }
        at += used;
    }
    free(text);
}

/* What the command line asks for. */
typedef struct gtsim_dis_cli {
    cs_profile profile; /* --profile */
    cs_engine engine;   /* --engine */
    const char *file;   /* FILE */
} gtsim_dis_cli;

static void gtsim_dis_usage(FILE *out);

static int gtsim_dis_profile(void *context, const char *value)
{
    if (!cs_profile_from_name(value, &((gtsim_dis_cli *)context)->profile))
        return gtsim_cli_usage_error("dis", "unknown profile '%s' (gen6, gen12)", value);
    return -1;
}

static int gtsim_dis_engine(void *context, const char *value)
{
    if (!cs_engine_from_name(value, &((gtsim_dis_cli *)context)->engine))
        return gtsim_cli_usage_error("dis", "unknown engine '%s' (rcs, bcs, vcs, vecs)", value);
    return -1;
}

static int gtsim_dis_file(void *context, const char *arg)
{
    gtsim_dis_cli *cli = context;
    if (cli->file)
        return gtsim_cli_usage_error("dis", "one FILE only (got '%s' and '%s')", cli->file, arg);
    cli->file = arg;
    return -1;
}

static const gtsim_cli_option gtsim_dis_options[] = {
    { "--profile", "P", .handle = gtsim_dis_profile, .help = "command table: gen12 (default) or gen6" },
    { "--engine", "E", .handle = gtsim_dis_engine, .help = "engine whose acceptance is checked: rcs (default), bcs, vcs, vecs" },
    { "-h, --help", .usage = true, .help = "show this help" },
    { 0 },
};

static const gtsim_cli_command gtsim_dis_command = {
    .tool = "dis", .options = gtsim_dis_options, .operand = gtsim_dis_file, .print_usage = gtsim_dis_usage,
    .double_dash = true, .help_column = 17,
};

static void gtsim_dis_usage(FILE *out)
{
    fputs("usage: gtsim dis [--profile gen6|gen12] [--engine rcs|bcs|vcs|vecs] FILE\n"
          "\n"
          "Disassembles FILE, little-endian command dwords, one command per line:\n"
          "  OFFSET: NAME len=N field=value ...   (OFFSET in bytes, hex)\n"
          "  OFFSET: UNKNOWN 0xXXXXXXXX          (a dword no command of the profile starts with)\n"
          "  OFFSET: TRUNCATED 0x... ...         (a last command that runs past the end of FILE)\n"
          "The output is valid input to 'gtsim asm'. See docs/reference/commands.md.\n"
          "\n"
          "options:\n",
          out);
    gtsim_cli_print_options(&gtsim_dis_command, out);
}

int gtsim_dis_main(int argc, char **argv)
{
    gtsim_dis_cli cli = { .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS };
    int status = gtsim_cli_parse(&gtsim_dis_command, argc, argv, &cli);
    if (status >= 0)
        return status;
    cs_profile profile = cli.profile;
    cs_engine engine = cli.engine;
    const char *file = cli.file;
    if (!file)
        return gtsim_cli_usage_error("dis", "no FILE given");
    if (!cs_profile_has_engine(profile, engine)) {
        const cs_profile_info *info = cs_profile_get(profile);
        char present[64] = "";
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
            if (info->engines[e].present) {
                size_t used = strlen(present);
                snprintf(present + used, sizeof present - used, "%s%s", used ? ", " : "", info->engines[e].name);
            }
        }
        return gtsim_cli_usage_error("dis", "profile %s has no %s engine (engines: %s)", info->name,
                                 cs_engine_name(engine), present);
    }

    unsigned char *bytes = NULL;
    size_t length = 0;
    char message[512];
    if (!gtsim_file_read(file, &bytes, &length, message, sizeof message)) {
        fprintf(stderr, "gtsim dis: %s\n", message);
        return GTSIM_DIS_EXIT_USAGE;
    }
    if (length % 4) {
        fprintf(stderr, "gtsim dis: '%s' is %zu bytes, not a whole number of dwords\n", file, length);
        free(bytes);
        return GTSIM_DIS_EXIT_USAGE;
    }
    size_t count = length / 4;
    uint32_t *dwords = malloc(count ? count * sizeof *dwords : 1);
    if (!dwords) {
        free(bytes);
        fputs("gtsim: out of memory\n", stderr);
        return GTSIM_DIS_EXIT_USAGE;
    }
    /* Little-endian whatever the host is. */
    for (size_t i = 0; i < count; i++) {
        const unsigned char *b = bytes + 4 * i;
        dwords[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    free(bytes);
    gtsim_dis_write(profile, engine, dwords, count, stdout);
    free(dwords);
    fflush(stdout);
    return GTSIM_DIS_EXIT_OK;
}
