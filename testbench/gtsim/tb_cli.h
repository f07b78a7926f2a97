/* Command-line plumbing shared by the gtsim commands (run, dis, asm), so they follow one
 * convention: `--name VALUE` or `--name=VALUE`, usage errors are exit status 2. */
#ifndef TB_CLI_H
#define TB_CLI_H

#include <stdbool.h>
#include <stddef.h>

/* The value of an option written as `NAME VALUE` or `NAME=VALUE`; NULL if argv[*index] is not
 * this option. Sets *missing when the option is there without its value. */
const char *tb_cli_option_value(int argc, char **argv, int *index, const char *name, bool *missing);

/* "gtsim TOOL: message" and a pointer to the tool's --help on stderr; returns 2. */
__attribute__((format(printf, 2, 3))) int tb_cli_usage_error(const char *tool, const char *format, ...);

/* The largest input file a gtsim command reads (scenarios, command buffers, regression lists,
 * coverage files): far beyond any real one, small enough that reading it cannot exhaust memory. */
#define TB_CLI_MAX_FILE_BYTES ((size_t)64 << 20)

/* Reads a whole file of at most TB_CLI_MAX_FILE_BYTES. False with "cannot open 'PATH':
 * <strerror>" or "'PATH' is larger than 64 MiB..." in message. *bytes is owned by the caller
 * (never NULL on success, even for an empty file). Reads to the end, never trusting the size
 * the file claims: a pipe or /dev/zero is bounded too. */
bool tb_cli_read_file(const char *path, unsigned char **bytes, size_t *length, char *message, size_t message_size);

#endif /* TB_CLI_H */
