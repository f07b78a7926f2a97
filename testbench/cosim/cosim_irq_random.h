/* Seeded random stimulus for the gen11+ interrupt aggregation (docs/design/cosim.md): random engine
 * events, enables, masks, second-level reads and clears, selections and acknowledgements in
 * random service orders, the primary enable, stray reads, idle time, and whole driver service
 * loops, on both software interfaces. It drives whatever sits behind the ports (the model, the
 * RTL twin or the lockstep compare), so the same seed is the same stimulus everywhere and a
 * failing seed replays exactly. Misuses (non-one-hot selections, clears before service,
 * unknown engines) are part of the mix on purpose: their results are defined (docs/reference/irq.md). */
#ifndef COSIM_IRQ_RANDOM_H
#define COSIM_IRQ_RANDOM_H

#include <stdint.h>

#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where the stimulus goes. */
typedef struct cosim_irq_random_ports {
    tlm_kernel *kernel;         /* time base: idle time is run on it */
    const tlm_target *host;     /* the host block (offsets into it) */
    const tlm_target *guc;      /* the GuC block (offsets into it) */
    irq_message_sink sink;      /* engine messages */
    tlm_time clock_period;      /* the RTL clock's period (idle time is whole cycles) */
} cosim_irq_random_ports;

/* Generator state (plain data: callers keep it where they like). */
typedef struct cosim_irq_random {
    cosim_irq_random_ports ports;  /* where the stimulus goes */
    uint64_t state;             /* xorshift64* state, from the seed */
    uint32_t last_read[2][2];   /* per interface and dword: what the last GT_INTR_DW read returned */
    uint64_t operations;        /* operations issued */
    uint64_t messages;          /* messages among them */
    uint64_t accesses;          /* MMIO accesses among them */
} cosim_irq_random;

void cosim_irq_random_init(cosim_irq_random *random, uint64_t seed, const cosim_irq_random_ports *ports);
/* Issues one random operation (one message, one access, a short idle time, or a whole service
 * loop of several accesses). */
void cosim_irq_random_step(cosim_irq_random *random);
/* The generator's next 64-bit value (for callers that derive more from the same seed). */
uint64_t cosim_irq_random_next(cosim_irq_random *random);

#ifdef __cplusplus
}
#endif

#endif
