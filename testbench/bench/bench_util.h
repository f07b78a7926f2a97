/* Timing and statistics every benchmark program shares: wall time from the monotonic clock,
 * the comparison that sorts run figures for their median, the parsing of a count given on the
 * command line, and the command line of a program with one count option (gtsim_cli.h). */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gtsim_cli.h"

/* Monotonic wall time in seconds. */
static inline double bench_wall_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* qsort comparison for doubles, ascending. */
static inline int bench_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints `label` left-aligned in `width` columns, the `runs` rates in millions, then their
 * median (the rates are sorted in place); returns the median. */
static inline double bench_report_median(const char *label, int width, double *rates, int runs)
{
    printf("%-*s", width, label);
    for (int r = 0; r < runs; r++)
        printf(" %8.2f", rates[r] / 1e6);
    qsort(rates, (size_t)runs, sizeof rates[0], bench_compare_doubles);
    printf("   %8.2f\n", rates[runs / 2] / 1e6);
    return rates[runs / 2];
}

/* A count argument: decimal digits only, 1 to 10^12 (a bigger run is a typo, not a plan). */
static inline bool bench_parse_count(const char *text, uint64_t *value)
{
    if (!*text)
        return false;
    for (const char *c = text; *c; c++)
        if (*c < '0' || *c > '9')
            return false;
    errno = 0;
    unsigned long long parsed = strtoull(text, NULL, 10);
    if (errno || parsed == 0 || parsed > 1000000000000ull)
        return false;
    *value = parsed;
    return true;
}

/* ---- a command line of one count option, `--NAME N` ------------------------------------- */

typedef struct bench_count_cli bench_count_cli;

struct bench_count_cli {
    const char *program;  /* argv[0], for messages */
    const char *option;   /* the option: "--cycles" */
    uint64_t count;       /* its value (holds the default until the option is given) */
    bool (*parse)(const char *text, uint64_t *value); /* how the value is read */
    bool blame_value;     /* a refused value is named in the message (otherwise the option) */
    void (*usage)(const struct bench_count_cli *cli); /* prints the help on stdout */
    const void *data;     /* what else the help needs (the program's own) */
};

/* "PROGRAM: bad argument 'ARG' (try --help)", exit status 2: whatever is wrong. */
static inline int bench_bad_argument(void *context, const char *argument, bool missing_value)
{
    (void)missing_value;
    fprintf(stderr, "%s: bad argument '%s' (try --help)\n", ((bench_count_cli *)context)->program, argument);
    return 2;
}

static inline int bench_count_value(void *context, const char *value)
{
    bench_count_cli *cli = context;
    if (cli->parse(value, &cli->count))
        return -1;
    return bench_bad_argument(cli, cli->blame_value ? value : cli->option, false);
}

static inline int bench_count_help(void *context, const char *value)
{
    (void)value;
    bench_count_cli *cli = context;
    cli->usage(cli);
    return 0;
}

static inline int bench_count_operand(void *context, const char *arg)
{
    return bench_bad_argument(context, arg, false);
}

/* Reads --help (-h) and `OPTION N` (the value as the next argument only) into *cli. Returns -1
 * to go on, or the exit status: 0 after the help, 2 after a bad argument. */
static inline int bench_count_arguments(bench_count_cli *cli, int argc, char **argv)
{
    const gtsim_cli_option options[] = {
        { "--help, -h", .handle = bench_count_help, .help = "show this help" },
        { cli->option, "N", .handle = bench_count_value, .help = "the count of work per run" },
        { 0 },
    };
    const gtsim_cli_command command = { .options = options, .operand = bench_count_operand, .separate_values = true,
                                     .bad_option = bench_bad_argument };
    return gtsim_cli_parse(&command, argc, argv, cli);
}

#endif
