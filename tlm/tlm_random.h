/* Deterministic pseudo-random numbers for tests and random stimulus: the same sequence from the
 * same seed on every platform, so a failing seed replays. Not for anything that needs quality
 * beyond that. */
#ifndef TLM_RANDOM_H
#define TLM_RANDOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators,
 * scrambled"): the next number of the sequence in *state. A state of 0 stays 0. */
static inline uint64_t tlm_xorshift64star(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(0x2545F4914F6CDD1D);
}

/* splitmix64 (Steele, Lea, Flood): the next number of the sequence in *state; any state works. */
static inline uint64_t tlm_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

#ifdef __cplusplus
}
#endif

#endif
