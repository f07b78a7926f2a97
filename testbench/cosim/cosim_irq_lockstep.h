/* Lockstep compare of the gen11+ interrupt aggregation (models/irq/irq_gen11.h) against its
 * RTL twin (testbench/cosim/cosim_irq_twin.h): both MMIO blocks through a cosim_lockstep each
 * (host: response, read data and the host line; GuC: response, read data and the two
 * vectors), and a message port that delivers every message to the model and to the twin and
 * then compares all three output levels. The twin's answers and outputs are what the system
 * sees; the model runs in their shadow. docs/design/cosim.md. */
#ifndef COSIM_IRQ_LOCKSTEP_H
#define COSIM_IRQ_LOCKSTEP_H

#include <stdint.h>

#include "irq_gen11.h"
#include "irq_message.h"
#include "cosim_irq_twin.h"
#include "cosim_lockstep.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_irq_lockstep cosim_irq_lockstep;

cosim_irq_lockstep *cosim_irq_lockstep_create(tlm_kernel *kernel, const char *name, irq_gen11 *model, cosim_irq_twin *twin);
void cosim_irq_lockstep_destroy(cosim_irq_lockstep *lockstep);

/* What initiators bind to: one block's lockstep target. */
const tlm_target *cosim_irq_lockstep_target(cosim_irq_lockstep *lockstep, irq_gen11_interface interface);
/* What engines send into. */
irq_message_sink cosim_irq_lockstep_sink(cosim_irq_lockstep *lockstep);
/* Compares the output levels now; returns the mismatches found. */
uint64_t cosim_irq_lockstep_check_signals(cosim_irq_lockstep *lockstep);

uint64_t cosim_irq_lockstep_mismatches(const cosim_irq_lockstep *lockstep);
/* Transactions and messages compared. */
uint64_t cosim_irq_lockstep_compared(const cosim_irq_lockstep *lockstep);
/* The first divergence (the earlier of the two blocks' first ones), or NULL. */
const cosim_lockstep_mismatch *cosim_irq_lockstep_first_mismatch(const cosim_irq_lockstep *lockstep);

#ifdef __cplusplus
}
#endif

#endif
