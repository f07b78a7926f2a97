/* A regression run's results file, DIR/results.tsv (docs/guide/regress.md "Shards and merging"):
 * what `gtsim regress` ran and how each job ended, in a form `gtsim regress merge` reads back
 * to report several shards (or runs on several machines) as one run. One record per line,
 * fields separated by tabs, `\t`, `\n`, `\r` and `\\` escaped inside a field. */
#ifndef GTSIM_REGRESS_RESULTS_H
#define GTSIM_REGRESS_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Jobs one results file may hold (the runner makes at most this many per run). */
#define GTSIM_REGRESS_RESULTS_MAX_JOBS 100000u
/* Suites one results file may name. */
#define GTSIM_REGRESS_RESULTS_MAX_SUITES 10000u

/* One job's result. */
typedef struct gtsim_regress_record {
    size_t ordinal;   /* its position among the jobs of the unsharded run (0-based) */
    char *state;      /* PASS, FAIL, TIMEOUT or NOT_RUN */
    int status;       /* exit status, or minus the signal that ended it */
    double seconds;   /* run time */
    unsigned timeout; /* the entry's timeout in seconds */
    bool scenario;    /* a scenario entry (else a test) */
    char *suite;      /* the suite of its entry */
    char *name;       /* the entry's name */
    uint64_t seed;    /* its seed */
    char *id;         /* SUITE/NAME[#k] */
    char *log;        /* its log, relative to the results file's directory */
    char *wave;       /* its waveform path, relative to the same directory */
    char *replay;     /* its replay line */
} gtsim_regress_record;

/* A results file. */
typedef struct gtsim_regress_results {
    char *list;                 /* the list file as given to the run */
    char *suite;                /* --suite, or "" for every entry */
    uint64_t base_seed;         /* the run's base seed */
    unsigned shard, shards;     /* --shard K/N (1/1 unsharded) */
    size_t total;               /* jobs of the unsharded run */
    double wall;                /* seconds the run took */
    char **suites;              /* every suite of the list, in file order */
    size_t suite_count;         /* entries in suites */
    gtsim_regress_record *records; /* the jobs it ran, in ordinal order */
    size_t count;               /* entries in records */
} gtsim_regress_results;

/* Writes `results` to `path`; false with a message on an I/O error. */
bool gtsim_regress_results_write(const gtsim_regress_results *results, const char *path, char *message, size_t message_size);
/* Reads `path`; NULL with a message ("PATH:LINE: ...") when it cannot be read or is not a
 * results file. Bounded: at most GTSIM_REGRESS_RESULTS_MAX_JOBS records. */
gtsim_regress_results *gtsim_regress_results_read(const char *path, char *message, size_t message_size);
void gtsim_regress_results_destroy(gtsim_regress_results *results);
/* A decimal number of at most `limit` (digits only, not empty). */
bool gtsim_regress_parse_u64(const char *text, uint64_t limit, uint64_t *value);

#ifdef __cplusplus
}
#endif

#endif
