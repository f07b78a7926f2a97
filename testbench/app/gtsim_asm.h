/* `gtsim asm`: the command assembler (docs/reference/commands.md). One command per line, written as
 * `MNEMONIC field=value ...` with the field names of the profile's command table (models/cs),
 * plus `dw` for raw dwords; the disassembler's output is valid input. */
#ifndef GTSIM_ASM_H
#define GTSIM_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cs_commands.h"
#include "gtsim_line.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors recorded per file before the assembler gives up on it (one per line at most). */
#define GTSIM_ASM_MAX_ERRORS 20

typedef gtsim_line_error gtsim_asm_error; /* FILE:LINE:COL: message */

typedef struct gtsim_asm_result {
    uint32_t *dwords;          /* the assembled dwords, in file order (owned) */
    size_t count;              /* entries in dwords */
    size_t capacity;           /* allocated entries */
    size_t commands;           /* lines that produced dwords */
    gtsim_asm_error *errors;      /* in file order (owned); use dwords only when there is none */
    size_t error_count;        /* entries in errors, at most GTSIM_ASM_MAX_ERRORS */
    bool errors_truncated;     /* assembling stopped at the error limit */
} gtsim_asm_result;

/* Assembles `length` bytes of `text` (any bytes; need not be NUL-terminated) for `profile`.
 * Never NULL; check error_count. */
gtsim_asm_result *gtsim_asm_parse(cs_profile profile, const char *text, size_t length);
void gtsim_asm_free(gtsim_asm_result *result);
/* FILE:LINE:COL: message, one per error, then "FILE: too many errors..." if truncated. */
void gtsim_asm_print_errors(const gtsim_asm_result *result, const char *name, FILE *out);

/* `gtsim asm [--profile P] FILE -o OUT`; argv[0] is "asm". Returns the exit status: 0 written,
 * 2 usage error, unreadable input, assembly errors (nothing written) or unwritable output. */
int gtsim_asm_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* GTSIM_ASM_H */
