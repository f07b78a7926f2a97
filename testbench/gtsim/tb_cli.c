/* Command-line plumbing shared by `gtsim dis` and `gtsim asm`. */
#include "tb_cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tb_cli_option_value(int argc, char **argv, int *index, const char *name, bool *missing)
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

int tb_cli_usage_error(const char *tool, const char *format, ...)
{
    fprintf(stderr, "gtsim %s: ", tool);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\nTry 'gtsim %s --help' for more information.\n", tool);
    return 2;
}

bool tb_cli_read_file(const char *path, unsigned char **bytes, size_t *length, char *message, size_t message_size)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(message, message_size, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    unsigned char *data = NULL;
    size_t used = 0, capacity = 0;
    for (;;) {
        if (used > TB_CLI_MAX_FILE_BYTES) {
            free(data);
            fclose(file);
            snprintf(message, message_size, "'%s' is larger than the %zu MiB an input file may have", path,
                     TB_CLI_MAX_FILE_BYTES >> 20);
            return false;
        }
        if (used == capacity) {
            capacity = capacity ? capacity * 2 : 65536;
            unsigned char *grown = realloc(data, capacity);
            if (!grown) {
                free(data);
                fclose(file);
                snprintf(message, message_size, "cannot read '%s': out of memory", path);
                return false;
            }
            data = grown;
        }
        size_t got = fread(data + used, 1, capacity - used, file);
        used += got;
        if (got == 0)
            break;
    }
    int error = ferror(file) ? errno : 0;
    fclose(file);
    if (error) {
        snprintf(message, message_size, "cannot open '%s': %s", path, strerror(error));
        free(data);
        return false;
    }
    *bytes = data;
    *length = used;
    return true;
}
