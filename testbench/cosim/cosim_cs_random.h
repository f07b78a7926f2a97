/* Seeded random command streams for a gen12 render command streamer (docs/design/cosim.md "The
 * command streamer's lockstep"): rings and batches of the commands an RTL twin's subset runs —
 * MI_NOOP (with and without a NOP id), MI_ARB_CHECK, MI_STORE_DATA_IMM (dword, qword aligned
 * and not), MI_LOAD_REGISTER_IMM to the engine's own
 * registers, MI_USER_INTERRUPT, MI_BATCH_BUFFER_START into batches that chain to further
 * batches and end with MI_BATCH_BUFFER_END, commands of other types skipped by their header's
 * length (3D state of random lengths), and now and then a reserved header at the end of a
 * submission (the parser error; the ring is disabled and set up again afterwards).
 *
 * One step is one submission, as a driver makes it: the commands written into the ring (and
 * batches) in graphics memory through the host's path, padded with MI_NOOP to a qword and
 * around the ring's end, then RING_TAIL written; the kernel runs until the engine is idle
 * (bounded); then the ring registers, NOPID, the registers LRI wrote and after a parser error
 * ESR and EIR are read back. It drives
 * whatever sits behind the ports (a model, an RTL twin, the lockstep of both), so the same seed
 * is the same stimulus everywhere and a failing seed replays exactly. */
#ifndef COSIM_CS_RANDOM_H
#define COSIM_CS_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers LRI may write at most (cosim_cs_random_subset). */
#define COSIM_CS_RANDOM_LRI_MAX 8u
/* GT clocks a submission may take before the step gives up waiting (counted in idle_timeouts). */
#define COSIM_CS_RANDOM_IDLE_CYCLES 200000u

typedef struct cosim_cs_random_ports {
    tlm_kernel *kernel;              /* time base: the step runs it */
    const tlm_target *mmio;          /* the engine's registers (offsets from its MMIO base) */
    const tlm_target *memory;        /* the host's path to graphics memory */
    bool (*busy)(void *context);     /* true while the engine has work */
    void *context;                   /* passed to busy */
    tlm_time clock_period;           /* the GT clock */
    uint32_t mmio_base;              /* the engine's MMIO base: LRI names its registers by base + offset */
} cosim_cs_random_ports;

/* What the engine under test runs (the twin's documented subset). */
typedef struct cosim_cs_random_subset {
    uint32_t lri_offsets[COSIM_CS_RANDOM_LRI_MAX]; /* own registers LRI may write (offsets from the base) */
    uint32_t lri_masks[COSIM_CS_RANDOM_LRI_MAX];   /* the bits of each it writes (others kept at 0) */
    unsigned lri_count;             /* entries used (0: no LRI) */
    bool reserved_header;           /* a reserved header ends a submission now and then */
    bool second_level;              /* second-level batches (else only chaining) */
    uint32_t imr;                   /* IMR programmed at set-up (events whose bit is 0 send messages) */
} cosim_cs_random_subset;

/* The default subset: IMR unmasking the user interrupt and the master error, reserved headers,
 * second-level batches, no LRI (the caller names the registers its engine keeps). */
cosim_cs_random_subset cosim_cs_random_default_subset(void);

typedef struct cosim_cs_random {
    cosim_cs_random_ports ports;    /* where the stimulus goes */
    cosim_cs_random_subset subset;  /* what it may use */
    uint64_t state;                 /* xorshift64* state */
    uint64_t ring_base;             /* the ring's graphics address */
    uint32_t ring_bytes;            /* its size */
    uint32_t tail;                  /* the next free byte in the ring */
    bool set_up;                    /* the ring is programmed and enabled */
    /* Counters (what the stream exercised; non-vacuity checks read them). */
    uint64_t steps;                 /* submissions */
    uint64_t commands;              /* commands written (ring and batches, padding excluded) */
    uint64_t stores;                /* MI_STORE_DATA_IMM */
    uint64_t interrupts;            /* MI_USER_INTERRUPT */
    uint64_t lris;                  /* MI_LOAD_REGISTER_IMM */
    uint64_t batches;               /* batches started from the ring */
    uint64_t chains;                /* chained batches */
    uint64_t second_levels;         /* second-level batches */
    uint64_t skipped;               /* commands of other types */
    uint64_t reserved;              /* reserved headers */
    uint64_t wraps;                 /* submissions that wrapped the ring */
    uint64_t idle_timeouts;         /* steps whose engine did not go idle in time */
} cosim_cs_random;

void cosim_cs_random_init(cosim_cs_random *random, uint64_t seed, const cosim_cs_random_ports *ports,
                          const cosim_cs_random_subset *subset);
/* One submission (the first step also sets the ring up). */
void cosim_cs_random_step(cosim_cs_random *random);
/* The next number of the seed's sequence. */
uint64_t cosim_cs_random_next(cosim_cs_random *random);

#ifdef __cplusplus
}
#endif

#endif
