/* Regression list files (`gtsim regress LIST`, docs/guide/regress.md): suites of scenario files and
 * test programs, each with a seed count. Parsing is separate from running so a list with an
 * error never half-runs and the grammar can be tested on its own.
 *
 *   # comment to end of line
 *   suite NAME [includes SUITE...]
 *   scenario PATH [seeds N] [timeout SECONDS] [-- GTSIM_OPTION...]
 *   test NAME [seeds N] [timeout SECONDS] -- COMMAND [ARG...]
 *
 * Words: blanks separate, "..." groups (\" and \\ inside), '...' groups literally.
 * Entries belong to the suite above them. A scenario PATH is relative to the list file's
 * directory. Test commands may use the placeholders {seed}, {bin} (the directory holding the
 * gtsim program: the build tree), {list} (the list file's directory), {wave} (a waveform path
 * the runner keeps only if the job fails) and {coverage} (a coverage file path; docs/guide/regress.md). */
#ifndef GTSIM_REGRESS_LIST_H
#define GTSIM_REGRESS_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Seeds per entry: 1..this. */
#define GTSIM_REGRESS_MAX_SEEDS 1000000u
/* Timeout per job in seconds: 1..this; the default when an entry names none. */
#define GTSIM_REGRESS_MAX_TIMEOUT 86400u
#define GTSIM_REGRESS_DEFAULT_TIMEOUT 600u
/* Errors recorded per file before the parser gives up on it. */
#define GTSIM_REGRESS_MAX_ERRORS 20u

typedef enum gtsim_regress_kind {
    GTSIM_REGRESS_SCENARIO, /* a scenario file run by `gtsim run` */
    GTSIM_REGRESS_TEST      /* any program; exit 0 passes */
} gtsim_regress_kind;

typedef struct gtsim_regress_entry {
    gtsim_regress_kind kind; /* scenario or test */
    char *name;           /* test: its name; scenario: the path as written */
    char *path;           /* scenario: the path resolved against the list's directory; test: NULL */
    char **argv;          /* scenario: gtsim options; test: the command and its arguments (NULL-terminated) */
    size_t argc;          /* entries in argv before the NULL */
    unsigned seeds;       /* how many seeds to run (jobs made from this entry) */
    unsigned timeout;     /* seconds a job may run before it is killed and fails */
    size_t suite;         /* index of the suite it belongs to */
    size_t line;          /* 1-based line in the list file */
} gtsim_regress_entry;

typedef struct gtsim_regress_suite {
    char *name;          /* as written after `suite` */
    size_t *includes;    /* indices of the suites it includes (each defined above it) */
    size_t include_count;/* entries in includes */
    size_t line;         /* where it was defined */
} gtsim_regress_suite;

typedef struct gtsim_regress_error {
    size_t line;        /* 1-based */
    char message[256];  /* without the FILE:LINE prefix */
} gtsim_regress_error;

typedef struct gtsim_regress_list {
    char *name;                 /* the list's path as given, for messages */
    char *directory;            /* the list file's directory (for relative paths and {list}) */
    gtsim_regress_suite *suites;   /* in file order */
    size_t suite_count;         /* entries in suites */
    gtsim_regress_entry *entries;  /* in file order */
    size_t entry_count;         /* entries in entries */
    gtsim_regress_error *errors;   /* in file order; nothing runs when there is any */
    size_t error_count;         /* entries in errors */
} gtsim_regress_list;

/* Parses `length` bytes of `text` as the list file `name` (its directory resolves relative
 * paths). Never NULL; check error_count. */
gtsim_regress_list *gtsim_regress_list_parse(const char *name, const char *text, size_t length);
/* Reads and parses the file; NULL with a message if it cannot be read. */
gtsim_regress_list *gtsim_regress_list_load(const char *path, char *message, size_t message_size);
void gtsim_regress_list_destroy(gtsim_regress_list *list);
/* "NAME:LINE: message" per error. */
void gtsim_regress_list_print_errors(const gtsim_regress_list *list, FILE *out);

/* Index of the suite called `name`, or -1. */
long gtsim_regress_list_find_suite(const gtsim_regress_list *list, const char *name);
/* True if entry belongs to suite `suite` directly or through its includes (transitively). */
bool gtsim_regress_list_in_suite(const gtsim_regress_list *list, const gtsim_regress_entry *entry, size_t suite);

/* The entry's key: "SUITE/NAME", then each word after `--` as written (placeholders not
 * replaced), each preceded by a line break. Two entries of a list never have the same key
 * (the parser refuses the second). Freed by the caller. */
char *gtsim_regress_entry_key(const gtsim_regress_list *list, const gtsim_regress_entry *entry);
/* splitmix64's finalizer. */
uint64_t gtsim_regress_mix(uint64_t value);
/* A job's seed (docs/guide/regress.md "Seeds and replay"): from the run's base seed, the FNV-1a hash
 * of the entry's key and the repeat index `index`, never from a position, so an entry keeps its
 * seeds in a hand-split list, in any shard and whatever else the list holds:
 * mix(base ^ mix(fnv1a(key) + index)) & 0x7FFFFFFF. */
uint64_t gtsim_regress_job_seed(uint64_t base, const gtsim_regress_list *list, const gtsim_regress_entry *entry, unsigned index);

#ifdef __cplusplus
}
#endif

#endif
