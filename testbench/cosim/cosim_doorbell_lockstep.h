/* Lockstep compare of the GTI doorbell controller (models/doorbell/doorbell.h) against its RTL
 * twin (testbench/cosim/cosim_doorbell_twin.h), both fed the same stimulus:
 *   MMIO      one cosim_lockstep (response and read data of every access);
 *   installs  both installed; the results compared;
 *   memory    a memory target that forwards every access to the memory (both sides watch
 *             their lines there) and then compares;
 * and after every one of these stimuli: the messages and group-read hand-overs each side sent
 * to its GuC port (kind, group, bits, in order), and after installs and memory writes the 256
 * VALID bits (software cannot change them through MMIO). The twin's answers
 * and port calls are what the system sees (they go on to the port set here); the model runs in
 * their shadow. Every divergence is counted and logged as an error naming the stimulus and the
 * sim time; the first is kept. docs/design/cosim.md. */
#ifndef COSIM_DOORBELL_LOCKSTEP_H
#define COSIM_DOORBELL_LOCKSTEP_H

#include <stdint.h>

#include "doorbell.h"
#include "cosim_doorbell_twin.h"
#include "cosim_lockstep.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_doorbell_lockstep cosim_doorbell_lockstep;

/* `memory` is the memory both sides watch (the model's and the twin's). The compare becomes
 * the GuC port of both sides. */
cosim_doorbell_lockstep *cosim_doorbell_lockstep_create(tlm_kernel *kernel, const char *name, doorbell *model,
                                                  cosim_doorbell_twin *twin, tlm_memory *memory);
void cosim_doorbell_lockstep_destroy(cosim_doorbell_lockstep *lockstep);

/* The block's MMIO (what initiators bind to). */
const tlm_target *cosim_doorbell_lockstep_target(cosim_doorbell_lockstep *lockstep);
/* The memory, compared after every access. */
const tlm_target *cosim_doorbell_lockstep_memory(cosim_doorbell_lockstep *lockstep);
/* Where the twin's messages and group reads go on (the GuC interrupt block). */
void cosim_doorbell_lockstep_set_guc_port(cosim_doorbell_lockstep *lockstep, const doorbell_guc_port *port);
/* Installs on both sides; returns the twin's result. */
doorbell_install_result cosim_doorbell_lockstep_install(cosim_doorbell_lockstep *lockstep, unsigned bell, uint64_t line);
/* Compares the port calls and all VALID bits now; returns the mismatches found. */
uint64_t cosim_doorbell_lockstep_check(cosim_doorbell_lockstep *lockstep, const char *stimulus);

uint64_t cosim_doorbell_lockstep_mismatches(const cosim_doorbell_lockstep *lockstep);
/* Stimuli compared (accesses, installs, memory writes). */
uint64_t cosim_doorbell_lockstep_compared(const cosim_doorbell_lockstep *lockstep);
/* The first divergence, or NULL. */
const cosim_lockstep_mismatch *cosim_doorbell_lockstep_first_mismatch(const cosim_doorbell_lockstep *lockstep);

#ifdef __cplusplus
}
#endif

#endif
