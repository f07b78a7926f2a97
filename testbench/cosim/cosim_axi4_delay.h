/* Ready/valid delay patterns for the AXI4 transactors: how many cycles a channel the C side
 * drives waits before it offers the next item (VALID) or before it is ready again after a
 * handshake (READY), so a test stresses the RTL's handshakes. One pattern per channel:
 *   none    - no wait (VALID as soon as there is something to offer, READY always);
 *   fixed N - N cycles before every item / after every handshake;
 *   random  - a seeded uniform draw in 0..N per item, from the channel's own xorshift64*
 *             sequence (tlm_random.h), so a seed (tb_test_seed / GTSIM_SEED) replays exactly.
 * With random delays on R or B, the slave transactor also picks at random which ready burst
 * (of different IDs) answers next: the reordering AXI allows across IDs (docs/design/cosim.md). */
#ifndef COSIM_AXI4_DELAY_H
#define COSIM_AXI4_DELAY_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cosim_axi4_delay_mode {
    COSIM_AXI4_DELAY_NONE,   /* no wait */
    COSIM_AXI4_DELAY_FIXED,  /* `cycles` every time */
    COSIM_AXI4_DELAY_RANDOM, /* 0..`cycles`, seeded */
} cosim_axi4_delay_mode;

typedef struct cosim_axi4_delay {
    cosim_axi4_delay_mode mode; /* kind of pattern */
    uint32_t cycles;            /* FIXED: the wait; RANDOM: the largest wait (capped at 1000) */
    uint64_t seed;              /* RANDOM: seed of the channel's sequence */
} cosim_axi4_delay;

/* The five channels, in the order the configs' `delay` arrays use. */
typedef enum cosim_axi4_channel {
    COSIM_AXI4_AW,
    COSIM_AXI4_W,
    COSIM_AXI4_B,
    COSIM_AXI4_AR,
    COSIM_AXI4_R,
    COSIM_AXI4_CHANNELS
} cosim_axi4_channel;

/* The running state of one channel's pattern. */
typedef struct cosim_axi4_gate {
    cosim_axi4_delay pattern; /* the configured pattern (cycles capped) */
    uint64_t state;           /* xorshift64* state of a RANDOM pattern */
    uint32_t wait;            /* cycles still to wait before the channel may handshake */
    bool armed;               /* a wait has been drawn for the next handshake */
} cosim_axi4_gate;

/* The same pattern on every channel, each with its own seed derived from `seed`. */
void cosim_axi4_delay_all(cosim_axi4_delay delays[COSIM_AXI4_CHANNELS], cosim_axi4_delay_mode mode,
                          uint32_t cycles, uint64_t seed);

void cosim_axi4_gate_init(cosim_axi4_gate *gate, const cosim_axi4_delay *pattern);
/* Whether the channel may handshake in this cycle; `pending` says whether there is something
 * to offer (a VALID side) or always true (a READY side). Draws the wait of the next item when
 * needed and counts it down by one cycle per call that returns false. */
bool cosim_axi4_gate_open(cosim_axi4_gate *gate, bool pending);
/* The handshake happened: the next item waits afresh. */
void cosim_axi4_gate_done(cosim_axi4_gate *gate);
/* A draw in 0..n-1 from the gate's sequence (RANDOM), else 0. */
uint32_t cosim_axi4_gate_pick(cosim_axi4_gate *gate, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
