/* Command-line plumbing shared by the gtsim commands and the benchmark programs (gtsim_cli.h). */
#include "gtsim_cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *gtsim_cli_option_value(int argc, char **argv, int *index, const char *name, bool *missing)
{
    const char *arg = argv[*index];
    size_t length = strlen(name);
    if (strncmp(arg, name, length) != 0)
        return NULL;
    if (arg[length] == '=')
        return arg + length + 1;
    if (arg[length] != '\0')
        return NULL;
    if (*index + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*index];
}

int gtsim_cli_usage_error(const char *tool, const char *format, ...)
{
    fprintf(stderr, "gtsim%s%s: ", tool ? " " : "", tool ? tool : "");
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\nTry 'gtsim%s%s --help' for more information.\n", tool ? " " : "", tool ? tool : "");
    return 2;
}

/* ---- table-driven options ---------------------------------------------------------------- */

static int gtsim_cli_bad_option(const gtsim_cli_command *command, void *context, const char *argument, bool missing_value)
{
    if (command->bad_option)
        return command->bad_option(context, argument, missing_value);
    return gtsim_cli_usage_error(command->tool, missing_value ? "option '%s' needs a value" : "unknown option '%s'",
                              argument);
}

/* What the row does with `value`. */
static int gtsim_cli_apply(const gtsim_cli_option *option, void *context, const char *value)
{
    if (option->handle)
        return option->handle(context, value);
    if (option->value)
        *(const char **)((char *)context + option->field) = value;
    else
        *(bool *)((char *)context + option->field) = true;
    return -1;
}

/* argv[*index] against one spelling of a row: -2 when it is not this option, else what
 * gtsim_cli_apply returns (or the status of a missing value). */
static int gtsim_cli_match(const gtsim_cli_command *command, const gtsim_cli_option *option, const char *name, size_t length,
                        int argc, char **argv, int *index, void *context)
{
    const char *arg = argv[*index];
    if (strncmp(arg, name, length) != 0)
        return -2;
    const char *rest = arg + length;
    if (option->usage && *rest == '\0') {
        command->print_usage(stdout);
        return 0;
    }
    if (!option->value)
        return *rest == '\0' ? gtsim_cli_apply(option, context, NULL) : -2;
    if (option->value[0] == '[') { /* optional, only as --name=VALUE */
        if (*rest == '\0')
            return gtsim_cli_apply(option, context, NULL);
        return *rest == '=' ? gtsim_cli_apply(option, context, rest + 1) : -2;
    }
    if (option->attached && length == 2 && *rest >= '0' && *rest <= '9') /* -j8 */
        return gtsim_cli_apply(option, context, rest);
    if (*rest == '=' && !command->separate_values)
        return gtsim_cli_apply(option, context, rest + 1);
    if (*rest != '\0')
        return -2;
    if (*index + 1 >= argc)
        return gtsim_cli_bad_option(command, context, arg, true);
    ++*index;
    return gtsim_cli_apply(option, context, argv[*index]);
}

/* One option argument at argv[*index] (which may take the next as its value). */
static int gtsim_cli_read_option(const gtsim_cli_command *command, int argc, char **argv, int *index, void *context)
{
    for (const gtsim_cli_option *option = command->options; option->names; option++) {
        for (const char *name = option->names; *name;) {
            size_t length = strcspn(name, ",");
            int status = gtsim_cli_match(command, option, name, length, argc, argv, index, context);
            if (status != -2)
                return status;
            name += length;
            name += strspn(name, ", ");
        }
    }
    return gtsim_cli_bad_option(command, context, argv[*index], false);
}

int gtsim_cli_parse(const gtsim_cli_command *command, int argc, char **argv, void *context)
{
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int status = -1;
        if (options_done || arg[0] != '-' || arg[1] == '\0')
            status = command->operand(context, arg);
        else if (command->double_dash && strcmp(arg, "--") == 0)
            options_done = true;
        else
            status = gtsim_cli_read_option(command, argc, argv, &i, context);
        if (status >= 0)
            return status;
    }
    return -1;
}

/* Names this much past the help column still keep their text on their line (two blanks after
 * them); longer ones put it on the next line. */
#define GTSIM_CLI_HELP_OVERRUN 3

void gtsim_cli_print_options(const gtsim_cli_command *command, FILE *out)
{
    int column = command->help_column;
    for (const gtsim_cli_option *option = command->options; option->names; option++) {
        char label[128];
        const char *value = option->value ? option->value : "";
        snprintf(label, sizeof label, "%s%s%s", option->names, option->value && value[0] != '[' ? " " : "", value);
        int width = 2 + (int)strlen(label);
        if (width + 1 <= column)
            fprintf(out, "  %-*s", column - 2, label);
        else if (width + 2 <= column + GTSIM_CLI_HELP_OVERRUN)
            fprintf(out, "  %s  ", label);
        else
            fprintf(out, "  %s\n%*s", label, column, "");
        for (const char *line = option->help;;) {
            size_t length = strcspn(line, "\n");
            fprintf(out, "%.*s\n", (int)length, line);
            if (!line[length])
                break;
            line += length + 1;
            fprintf(out, "%*s", column, "");
        }
    }
}

