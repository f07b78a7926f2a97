/* Lockstep compare of the GTI doorbell controller (models/doorbell/doorbell.h) against its RTL
 * twin (testbench/transactors/tb_doorbell_twin.h), both fed the same stimulus:
 *   MMIO      one tb_lockstep (response and read data of every access);
 *   installs  both installed; the results compared;
 *   memory    a memory target that forwards every access to the memory (both sides watch
 *             their lines there) and then compares;
 * and after every one of these stimuli: the messages and group-read hand-overs each side sent
 * to its GuC port (kind, group, bits, in order), and after installs and memory writes the 256
 * VALID bits (software cannot change them through MMIO). The twin's answers
 * and port calls are what the system sees (they go on to the port set here); the model runs in
 * their shadow. Every divergence is counted and logged as an error naming the stimulus and the
 * sim time; the first is kept. docs/design/cosim.md. */
#ifndef TB_DOORBELL_LOCKSTEP_H
#define TB_DOORBELL_LOCKSTEP_H

#include <stdint.h>

#include "doorbell.h"
#include "tb_doorbell_twin.h"
#include "tb_lockstep.h"
#include "tlm.h"

typedef struct tb_doorbell_lockstep tb_doorbell_lockstep;

/* `memory` is the memory both sides watch (the model's and the twin's). The compare becomes
 * the GuC port of both sides. */
tb_doorbell_lockstep *tb_doorbell_lockstep_create(tlm_kernel *kernel, const char *name, doorbell *model,
                                                  tb_doorbell_twin *twin, tlm_memory *memory);
void tb_doorbell_lockstep_destroy(tb_doorbell_lockstep *lockstep);

/* The block's MMIO (what initiators bind to). */
const tlm_target *tb_doorbell_lockstep_target(tb_doorbell_lockstep *lockstep);
/* The memory, compared after every access. */
const tlm_target *tb_doorbell_lockstep_memory(tb_doorbell_lockstep *lockstep);
/* Where the twin's messages and group reads go on (the GuC interrupt block). */
void tb_doorbell_lockstep_set_guc_port(tb_doorbell_lockstep *lockstep, const doorbell_guc_port *port);
/* Installs on both sides; returns the twin's result. */
doorbell_install_result tb_doorbell_lockstep_install(tb_doorbell_lockstep *lockstep, unsigned bell, uint64_t line);
/* Compares the port calls and all VALID bits now; returns the mismatches found. */
uint64_t tb_doorbell_lockstep_check(tb_doorbell_lockstep *lockstep, const char *stimulus);

uint64_t tb_doorbell_lockstep_mismatches(const tb_doorbell_lockstep *lockstep);
/* Stimuli compared (accesses, installs, memory writes). */
uint64_t tb_doorbell_lockstep_compared(const tb_doorbell_lockstep *lockstep);
/* The first divergence, or NULL. */
const tb_lockstep_mismatch *tb_doorbell_lockstep_first_mismatch(const tb_doorbell_lockstep *lockstep);

#endif
