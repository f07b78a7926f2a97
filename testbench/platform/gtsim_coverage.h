/* Functional coverage of a run (docs/guide/regress.md "Coverage"): counts per item, grouped by
 * kind, such as which MI commands each engine executed, which interrupt sources fired and
 * which doorbell transitions happened. `gtsim run --coverage FILE` writes one file per run
 * (every item the models know, exercised or not, so the regression can name what it missed);
 * `gtsim regress` merges them.
 *
 * File format, one item per line: `KIND NAME COUNT` (KIND and NAME without blanks, COUNT
 * decimal); `#` starts a comment line. */
#ifndef GTSIM_COVERAGE_H
#define GTSIM_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gtsim_coverage gtsim_coverage;

gtsim_coverage *gtsim_coverage_create(void);
void gtsim_coverage_destroy(gtsim_coverage *coverage);

/* Adds `count` to item (kind, name), creating it (a count of 0 declares an item that was not
 * exercised). Kind and name are kept in the form the file can carry: blanks and control
 * characters as '_', a leading '#' as '_', an empty one as "_", at most 127 bytes; so a written
 * file reads back as the same items. Lookups (gtsim_coverage_count) take the same form. */
void gtsim_coverage_add(gtsim_coverage *coverage, const char *kind, const char *name, uint64_t count);
/* The item's count; 0 if unknown. */
uint64_t gtsim_coverage_count(const gtsim_coverage *coverage, const char *kind, const char *name);
/* Items known and items with a non-zero count, of one kind (NULL: all kinds). */
size_t gtsim_coverage_items(const gtsim_coverage *coverage, const char *kind);
size_t gtsim_coverage_exercised(const gtsim_coverage *coverage, const char *kind);

/* Reads a coverage file and adds its counts. False with "PATH:LINE: ..." in message on a
 * malformed line (the lines before it stay merged). */
bool gtsim_coverage_merge_file(gtsim_coverage *coverage, const char *path, char *message, size_t message_size);
/* Writes every item, sorted by kind then name. */
bool gtsim_coverage_write(const gtsim_coverage *coverage, const char *path, char *message, size_t message_size);
/* Per kind: "KIND: E of N exercised", then the names not exercised. */
void gtsim_coverage_print_summary(const gtsim_coverage *coverage, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
