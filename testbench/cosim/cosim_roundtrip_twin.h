/* The round-trip block's RTL twin behind the same interface as its C model
 * (models/roundtrip/roundtrip.h): an MMIO target (the AXI4-Lite transactor in front of the
 * Verilated rtl/roundtrip/roundtrip.sv) and the interrupt output as a tlm signal, sampled
 * after every RTL cycle. */
#ifndef COSIM_ROUNDTRIP_TWIN_H
#define COSIM_ROUNDTRIP_TWIN_H

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_roundtrip_twin cosim_roundtrip_twin;

/* The RTL is reset (rst_ni low for a few cycles) before time starts; `clock` must run. */
cosim_roundtrip_twin *cosim_roundtrip_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name);
void cosim_roundtrip_twin_destroy(cosim_roundtrip_twin *twin);

const tlm_target *cosim_roundtrip_twin_target(cosim_roundtrip_twin *twin);
tlm_signal *cosim_roundtrip_twin_irq(cosim_roundtrip_twin *twin);
/* RTL cycles stepped, and assertion failures the RTL reported. */
uint64_t cosim_roundtrip_twin_cycles(const cosim_roundtrip_twin *twin);
uint64_t cosim_roundtrip_twin_assertion_failures(const cosim_roundtrip_twin *twin);

#ifdef __cplusplus
}
#endif

#endif
