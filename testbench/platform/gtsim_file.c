/* Bounded whole-file reads (gtsim_file.h). */
#include "gtsim_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gtsim_file_read(const char *path, unsigned char **bytes, size_t *length, char *message, size_t message_size)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(message, message_size, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    unsigned char *data = NULL;
    size_t used = 0, capacity = 0;
    for (;;) {
        if (used > GTSIM_FILE_MAX_BYTES) {
            free(data);
            fclose(file);
            snprintf(message, message_size, "'%s' is larger than the %zu MiB an input file may have", path,
                     GTSIM_FILE_MAX_BYTES >> 20);
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
