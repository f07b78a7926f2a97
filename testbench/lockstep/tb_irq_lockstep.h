/* Lockstep compare of the gen11+ interrupt aggregation (models/irq/irq_gen11.h) against its
 * RTL twin (testbench/transactors/tb_irq_twin.h): both MMIO blocks through a tb_lockstep each
 * (host: response, read data and the host line; GuC: response, read data and the two
 * vectors), and a message port that delivers every message to the model and to the twin and
 * then compares all three output levels. The twin's answers and outputs are what the system
 * sees; the model runs in their shadow. docs/design/cosim.md. */
#ifndef TB_IRQ_LOCKSTEP_H
#define TB_IRQ_LOCKSTEP_H

#include <stdint.h>

#include "irq_gen11.h"
#include "irq_message.h"
#include "tb_irq_twin.h"
#include "tb_lockstep.h"
#include "tlm.h"

typedef struct tb_irq_lockstep tb_irq_lockstep;

tb_irq_lockstep *tb_irq_lockstep_create(tlm_kernel *kernel, const char *name, irq_gen11 *model, tb_irq_twin *twin);
void tb_irq_lockstep_destroy(tb_irq_lockstep *lockstep);

/* What initiators bind to: one block's lockstep target. */
const tlm_target *tb_irq_lockstep_target(tb_irq_lockstep *lockstep, irq_gen11_interface interface);
/* What engines send into. */
irq_message_sink tb_irq_lockstep_sink(tb_irq_lockstep *lockstep);
/* Compares the output levels now; returns the mismatches found. */
uint64_t tb_irq_lockstep_check_signals(tb_irq_lockstep *lockstep);

uint64_t tb_irq_lockstep_mismatches(const tb_irq_lockstep *lockstep);
/* Transactions and messages compared. */
uint64_t tb_irq_lockstep_compared(const tb_irq_lockstep *lockstep);
/* The first divergence (the earlier of the two blocks' first ones), or NULL. */
const tb_lockstep_mismatch *tb_irq_lockstep_first_mismatch(const tb_irq_lockstep *lockstep);

#endif
