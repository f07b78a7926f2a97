/* Scenario files (DESIGN §8, docs/guide/scenarios.md): the parsed form of a scenario and the
 * parser that builds it. Nothing here touches a simulated system, so the language can be
 * checked (and fuzzed) on its own and a file with errors is never half-run.
 *
 * A file parses into statements in file order plus the profile it asks for. Every error is
 * recorded with its 1-based line and column (columns count bytes; a tab is one column), at
 * most GTSIM_SCENARIO_MAX_ERRORS per file and one per line: after the first error on a line
 * the rest of that line says nothing useful.
 *
 * On top of the core grammar, the ring and batch verbs (ring, emit, submit, batch, bemit)
 * assemble mnemonics with `gtsim asm`'s assembler for the file's profile; the software tail of
 * each ring and the batch cursor are resolved here, so the runner only writes. */
#ifndef GTSIM_SCENARIO_H
#define GTSIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gtsim_line.h"
#include "gtsim_scenario_verbs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors recorded per file before the parser gives up on it. */
#define GTSIM_SCENARIO_MAX_ERRORS 20
/* `run CYCLES` accepts 1..this (10^12 cycles: about 14 simulated minutes at 1.2 GHz). */
#define GTSIM_SCENARIO_MAX_CYCLES UINT64_C(1000000000000)
/* `run idle` without `max`: the bound in cycles. */
#define GTSIM_SCENARIO_IDLE_DEFAULT_CYCLES UINT64_C(1000000)
/* `ring ... pages N`: RING_CTL.LENGTH is 9 bits of pages - 1. */
#define GTSIM_SCENARIO_MAX_RING_PAGES 512u
/* Graphics addresses are 48 bits; every dword a `mem` statement touches lies below this. */
#define GTSIM_SCENARIO_GFX_ADDRESS_LIMIT (UINT64_C(1) << 48)

/* One kind per row of gtsim_scenario_verbs.h, in its order. */
#define GTSIM_SCENARIO_VERB_KIND(kind, ...) GTSIM_STMT_##kind,
typedef enum gtsim_statement_kind { GTSIM_SCENARIO_VERBS(GTSIM_SCENARIO_VERB_KIND) GTSIM_STMT_KIND_COUNT } gtsim_statement_kind;
#undef GTSIM_SCENARIO_VERB_KIND

typedef struct gtsim_statement {
    gtsim_statement_kind kind;  /* which statement; selects the fields below that mean something */
    size_t line;             /* 1-based line, for FILE:LINE messages */
    size_t column;           /* 1-based column of the first keyword, for usage errors found when running */
    uint64_t address;        /* mmio: offset into the MMIO BAR; mem, batch, bemit: graphics address; ring verbs: ring start */
    uint32_t value;          /* mmio write: the value; mmio read: the expected value; submit: the TAIL written; kernel: index in eu_builtin_kernel_names */
    uint32_t mask;           /* mmio read: bits compared (all ones without `mask`) */
    bool has_expect;         /* mmio read, mem read: an expect clause is present */
    uint32_t *dwords;        /* mem write: data; mem read: expected dwords; emit, bemit: the command; submit: MI_NOOP padding (owned, NULL if none) */
    size_t dword_count;      /* entries in dwords */
    uint64_t cycles;         /* run: cycles to advance; run idle: bound in cycles */
    unsigned engine_class;   /* irq raise: engine class, 0..7 */
    unsigned instance;       /* irq raise: engine instance, 0..63 */
    unsigned data;           /* irq raise: the message's 16 data bits */
    unsigned level;          /* expect irq: expected host interrupt level, 0 or 1 */
    unsigned engine;         /* ring, emit, submit: the engine (a cs_engine value) */
    uint64_t engine_base;    /* ring, emit, submit: the engine's MMIO base in the profile */
    uint32_t ring_bytes;     /* ring, emit, submit: ring size; emit writes wrap at it */
    uint32_t ring_offset;    /* emit, submit: byte offset in the ring of dwords[0] (the software tail) */
    unsigned bell;           /* doorbell verbs: the doorbell, 0..255; route: 1 guc, 0 host */
    char *path;              /* mem load: the file read, resolved from the scenario's directory (owned) */
} gtsim_statement;

/* `doorbell arm ... expect RESULT` names (the GuC shim's DB_INSTALL_STATUS.RESULT values, in
 * value order) and `doorbell ring ... expect` names (doorbell_app_status values, in order). */
extern const char *const gtsim_doorbell_arm_results[];
extern const char *const gtsim_doorbell_ring_results[];

typedef gtsim_line_error gtsim_scenario_error; /* FILE:LINE:COL: message; column at the offending token (or just past the line's last token) */

typedef struct gtsim_scenario {
    char *name;                  /* shown in every message: the path as given, or "default.gtsim" */
    const char *profile;         /* "gen12" (also when the file names none) or "gen6" */
    size_t profile_line;         /* where `profile` was written (0: not written), to point at it */
    size_t profile_column;       /* column of that `profile` keyword */
    gtsim_statement *statements;    /* in file order */
    size_t statement_count;      /* entries in statements */
    size_t statement_capacity;   /* allocated entries */
    gtsim_scenario_error *errors;   /* in file order; the file must not run when there is any */
    size_t error_count;          /* entries in errors, at most GTSIM_SCENARIO_MAX_ERRORS */
    bool errors_truncated;       /* parsing stopped at the error limit; later lines were not read */
} gtsim_scenario;

/* Parses `length` bytes of `text` (any bytes, NULs included; need not be NUL-terminated).
 * Never NULL; check error_count. `name` is copied. */
gtsim_scenario *gtsim_scenario_parse(const char *name, const char *text, size_t length);

/* Reads and parses the file at `path`. NULL with "cannot open 'PATH': <strerror>" in
 * `message` when it cannot be read. */
gtsim_scenario *gtsim_scenario_load(const char *path, char *message, size_t message_size);

void gtsim_scenario_destroy(gtsim_scenario *scenario);

/* Prints each error as "NAME:LINE:COL: message", plus a closing note if parsing stopped at
 * the limit. */
void gtsim_scenario_print_errors(const gtsim_scenario *scenario, FILE *out);

/* Prints the statement in canonical form (lowercase, hex operands, no newline), which parses
 * back to the same statement (`emit` and `bemit` as their assembled `dw` dwords). */
void gtsim_statement_print(const gtsim_statement *statement, FILE *out);

/* The statement's mnemonic on the waveform (its row's LABEL in gtsim_scenario_verbs.h), as an
 * allocated string (free it); NULL only when out of memory. */
char *gtsim_statement_mnemonic(const gtsim_statement *statement);

/* The syntax of a kind's statement as docs/guide/scenarios.md writes it (its row's USAGE). */
const char *gtsim_statement_usage(gtsim_statement_kind kind);

#ifdef __cplusplus
}
#endif

#endif
