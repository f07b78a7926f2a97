/* Timing and statistics every benchmark program shares: wall time from the monotonic clock
 * and the comparison that sorts run figures for their median. */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

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

#endif
