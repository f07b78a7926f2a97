/* C model of the round-trip register block (models/roundtrip/roundtrip_regs.toml): the
 * first block with an RTL twin (rtl/roundtrip/). Registers, behaviour and the interrupt
 * output follow that file; MMIO accesses follow tlm_register.h's payload rules, as the RTL
 * behind the AXI4-Lite transactor does. */
#ifndef ROUNDTRIP_H
#define ROUNDTRIP_H

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct roundtrip roundtrip;

roundtrip *roundtrip_create(tlm_kernel *kernel, const char *name);
void roundtrip_destroy(roundtrip *model);

/* MMIO target; addresses are offsets into the block. */
const tlm_target *roundtrip_target(roundtrip *model);
/* The interrupt output: high while STATUS & INT_ENABLE is non-zero. */
tlm_signal *roundtrip_irq(roundtrip *model);
/* Back to reset values (as rst_ni low would); the interrupt output follows. */
void roundtrip_reset(roundtrip *model);

/* What one operation makes of `operand` under MODE value `mode` (documented in the TOML). */
uint32_t roundtrip_operation(uint32_t operand, uint32_t mode);

#ifdef __cplusplus
}
#endif

#endif
