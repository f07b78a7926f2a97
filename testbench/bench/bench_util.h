/* Timing and statistics every benchmark program shares: wall time from the monotonic clock,
 * the comparison that sorts run figures for their median, and the parsing of a count given
 * on the command line. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

#endif
