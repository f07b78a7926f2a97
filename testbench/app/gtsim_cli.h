/* Command-line plumbing shared by the gtsim commands (run, dis, asm, regress) and the
 * benchmark programs, so they follow one convention: `--name VALUE` or `--name=VALUE`, usage
 * errors are exit status 2. */
#ifndef GTSIM_CLI_H
#define GTSIM_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gtsim_file.h" /* gtsim_file_read: the commands' inputs */

#ifdef __cplusplus
extern "C" {
#endif

/* The value of an option written as `NAME VALUE` or `NAME=VALUE`; NULL if argv[*index] is not
 * this option. Sets *missing when the option is there without its value. */
const char *gtsim_cli_option_value(int argc, char **argv, int *index, const char *name, bool *missing);

/* "gtsim TOOL: message" and a pointer to the tool's --help on stderr; returns 2. `tool` NULL:
 * gtsim itself ("gtsim: message", "Try 'gtsim --help' ..."). */
__attribute__((format(printf, 2, 3))) int gtsim_cli_usage_error(const char *tool, const char *format, ...);

/* ---- table-driven options ---------------------------------------------------------------
 * A command's options are one table: each row says how the option is written, what it takes,
 * what it does and its help line, so parsing and the help text cannot drift apart. */

/* What an option does with its value (NULL for a flag or an optional value not given):
 * returns -1 to go on, or the exit status to stop with (help, version, a bad value). */
typedef int (*gtsim_cli_handler)(void *context, const char *value);

typedef struct gtsim_cli_option {
    const char *names;   /* every spelling, ", " between: "-o, --output" (NULL ends the table) */
    const char *value;   /* the value's name in the help: "FILE" for `--name FILE` or `--name=FILE`;
                            "[=NS]" for an optional value, given only as `--name=NS`; NULL: a flag */
    bool attached;       /* a short name may also carry its value directly when it is a number: -j8 */
    bool usage;          /* --help: prints the command's usage on stdout and stops with status 0 */
    gtsim_cli_handler handle; /* what the option does; NULL: store into the context at `field` */
    size_t field;        /* without a handler: offsetof the bool a flag sets, or the const char *
                            the value goes to */
    const char *help;    /* the help text; further lines after "\n" */
} gtsim_cli_option;

typedef struct gtsim_cli_command {
    const char *tool;              /* for messages: "dis" ("gtsim dis: ..."); NULL: gtsim itself */
    const gtsim_cli_option *options;  /* the table, ended by a row with NULL names */
    gtsim_cli_handler operand;        /* each argument that is not an option, in order */
    void (*print_usage)(FILE *out); /* the whole help, for the row marked `usage` */
    bool double_dash;              /* "--" ends the options (later arguments are operands) */
    bool separate_values;          /* a value only as the next argument: `--name=V` is no option */
    int help_column;               /* where help text starts in gtsim_cli_print_options */
    /* Reports an unknown option (or, with missing_value, one without its value) and returns
     * the exit status; NULL: gtsim_cli_usage_error(tool, "unknown option '-x'" or "option '--wave'
     * needs a value"). */
    int (*bad_option)(void *context, const char *argument, bool missing_value);
} gtsim_cli_command;

/* Reads argv[1..argc-1]: an argument that starts with '-' (not "-" alone) is an option of the
 * table, anything else an operand. Returns -1 when all were read, or the exit status to stop
 * with (a handler's, or 2 for an unknown option or a missing value). */
int gtsim_cli_parse(const gtsim_cli_command *command, int argc, char **argv, void *context);

/* The table's help, one option per line: "  NAMES VALUE" then the text at help_column (names
 * a little longer push it right, much longer ones put it on the next line); further text lines
 * indented to the same column. */
void gtsim_cli_print_options(const gtsim_cli_command *command, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* GTSIM_CLI_H */
