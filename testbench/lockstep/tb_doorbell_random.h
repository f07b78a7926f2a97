/* Seeded random stimulus for the GTI doorbell controller (docs/design/cosim.md): random installs
 * (arming through the GuC shim's path, on free, busy, pending and shared lines, on lines whose
 * DW0 bit 0 is clear), rings in the application's way (new cookie), writes with the same
 * cookie, cookie 0, partial writes and writes elsewhere in the line, deactivations with and
 * without a late cookie change, group reads (read-clear), doorbell register reads, refused
 * writes, unmapped reads and idle time. It drives whatever sits behind the ports (the model,
 * the RTL twin or the lockstep compare), so one seed is one stimulus everywhere and a failing
 * seed replays exactly. */
#ifndef TB_DOORBELL_RANDOM_H
#define TB_DOORBELL_RANDOM_H

#include <stdint.h>

#include "doorbell.h"
#include "tlm.h"

/* The install of the side under test (doorbell_install, tb_doorbell_twin_install or
 * tb_doorbell_lockstep_install behind a context). */
typedef doorbell_install_result (*tb_doorbell_install_fn)(void *context, unsigned bell, uint64_t line);

/* Lines the stimulus uses: few enough that installs collide and rings find armed doorbells. */
#define TB_DOORBELL_RANDOM_LINES 24u

/* Where the stimulus goes. */
typedef struct tb_doorbell_random_ports {
    tlm_kernel *kernel;            /* time base: idle time is run on it */
    const tlm_target *mmio;        /* the block (offsets into it) */
    const tlm_target *memory;      /* the memory the doorbells watch */
    tb_doorbell_install_fn install; /* the GuC shim's install */
    void *install_context;         /* passed to install */
    tlm_time clock_period;         /* the RTL clock's period (idle time is whole cycles) */
} tb_doorbell_random_ports;

/* Generator state (plain data). */
typedef struct tb_doorbell_random {
    tb_doorbell_random_ports ports;            /* where the stimulus goes */
    uint64_t state;                            /* xorshift64* state, from the seed */
    uint64_t lines[TB_DOORBELL_RANDOM_LINES];  /* the line pool (fixed per seed) */
    uint64_t operations;                       /* operations issued */
    uint64_t installs;                         /* installs among them */
    uint64_t installs_ok;                      /* of them, OK */
    uint64_t writes;                           /* memory writes */
    uint64_t group_reads;                      /* status group reads */
    uint64_t rung_reads;                       /* of them, reads that returned bits */
} tb_doorbell_random;

void tb_doorbell_random_init(tb_doorbell_random *random, uint64_t seed, const tb_doorbell_random_ports *ports);
/* Issues one random operation. */
void tb_doorbell_random_step(tb_doorbell_random *random);
uint64_t tb_doorbell_random_next(tb_doorbell_random *random);

#endif
