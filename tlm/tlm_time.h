/* Simulation time: picoseconds in an unsigned 64-bit integer (DESIGN §4).
 * 2^64 ps is about 213 days of simulated time, far beyond any run. */
#ifndef TLM_TIME_H
#define TLM_TIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t tlm_time; /* picoseconds */

#define TLM_PS ((tlm_time)1)
#define TLM_NS ((tlm_time)1000)
#define TLM_US ((tlm_time)1000000)
#define TLM_MS ((tlm_time)1000000000)
#define TLM_TIME_MAX UINT64_MAX

/* Period in ps of a clock of the given frequency in kHz, rounded to the nearest ps. */
static inline tlm_time tlm_time_period_from_khz(uint64_t frequency_khz)
{
    return frequency_khz ? (1000000000ull + frequency_khz / 2) / frequency_khz : 0;
}

/* a + b, clamped to TLM_TIME_MAX instead of wrapping. */
static inline tlm_time tlm_time_add_saturating(tlm_time a, tlm_time b)
{
    return (a > TLM_TIME_MAX - b) ? TLM_TIME_MAX : a + b;
}

#ifdef __cplusplus
}
#endif

#endif
