/* Seeded random stimulus for the GTI doorbell controller (docs/design/cosim.md): random installs
 * (arming through the GuC shim's path, on free, busy, pending and shared lines, on lines whose
 * DW0 bit 0 is clear), rings in the application's way (new cookie), writes with the same
 * cookie, cookie 0, partial writes and writes elsewhere in the line, deactivations with and
 * without a late cookie change, group reads (read-clear), doorbell register reads, refused
 * writes, unmapped reads and idle time. It drives whatever sits behind the ports (the model,
 * the RTL twin or the lockstep compare), so one seed is one stimulus everywhere and a failing
 * seed replays exactly. */
#ifndef COSIM_DOORBELL_RANDOM_H
#define COSIM_DOORBELL_RANDOM_H

#include <stdint.h>

#include "doorbell.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The install of the side under test (doorbell_install, cosim_doorbell_twin_install or
 * cosim_doorbell_lockstep_install behind a context). */
typedef doorbell_install_result (*cosim_doorbell_install_fn)(void *context, unsigned bell, uint64_t line);

/* Lines the stimulus uses: few enough that installs collide and rings find armed doorbells. */
#define COSIM_DOORBELL_RANDOM_LINES 24u

/* Where the stimulus goes. */
typedef struct cosim_doorbell_random_ports {
    tlm_kernel *kernel;            /* time base: idle time is run on it */
    const tlm_target *mmio;        /* the block (offsets into it) */
    const tlm_target *memory;      /* the memory the doorbells watch */
    cosim_doorbell_install_fn install; /* the GuC shim's install */
    void *install_context;         /* passed to install */
    tlm_time clock_period;         /* the RTL clock's period (idle time is whole cycles) */
} cosim_doorbell_random_ports;

/* Generator state (plain data). */
typedef struct cosim_doorbell_random {
    cosim_doorbell_random_ports ports;            /* where the stimulus goes */
    uint64_t state;                            /* xorshift64* state, from the seed */
    uint64_t lines[COSIM_DOORBELL_RANDOM_LINES];  /* the line pool (fixed per seed) */
    uint64_t operations;                       /* operations issued */
    uint64_t installs;                         /* installs among them */
    uint64_t installs_ok;                      /* of them, OK */
    uint64_t writes;                           /* memory writes */
    uint64_t group_reads;                      /* status group reads */
    uint64_t rung_reads;                       /* of them, reads that returned bits */
} cosim_doorbell_random;

void cosim_doorbell_random_init(cosim_doorbell_random *random, uint64_t seed, const cosim_doorbell_random_ports *ports);
/* Issues one random operation. */
void cosim_doorbell_random_step(cosim_doorbell_random *random);
uint64_t cosim_doorbell_random_next(cosim_doorbell_random *random);

#ifdef __cplusplus
}
#endif

#endif
