/* Bounded whole-file reads: every input gtsim takes (scenarios, command buffers, regression
 * lists, results and coverage files) comes through here, so no input can exhaust memory. */
#ifndef GTSIM_FILE_H
#define GTSIM_FILE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest input file a gtsim command reads (scenarios, command buffers, regression lists,
 * coverage files): far beyond any real one, small enough that reading it cannot exhaust memory. */
#define GTSIM_FILE_MAX_BYTES ((size_t)64 << 20)

/* Reads a whole file of at most GTSIM_FILE_MAX_BYTES. False with "cannot open 'PATH':
 * <strerror>" or "'PATH' is larger than 64 MiB..." in message. *bytes is owned by the caller
 * (never NULL on success, even for an empty file). Reads to the end, never trusting the size
 * the file claims: a pipe or /dev/zero is bounded too. */
bool gtsim_file_read(const char *path, unsigned char **bytes, size_t *length, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif /* GTSIM_FILE_H */
