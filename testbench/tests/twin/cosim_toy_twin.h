/* The toy scratch block's RTL twin behind the same interface as its model (toy_model.h): an
 * MMIO target, the AXI4-Lite transactor in front of the Verilated rtl/toy/toy_scratch.sv.
 * Test-only. */
#ifndef COSIM_TOY_TWIN_H
#define COSIM_TOY_TWIN_H

#include <stdint.h>

#include "gtsim_tlm.h"

typedef struct cosim_toy_twin cosim_toy_twin;

/* The RTL is reset before time starts; `clock` must run. */
cosim_toy_twin *cosim_toy_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name);
void cosim_toy_twin_destroy(cosim_toy_twin *twin);
const tlm_target *cosim_toy_twin_target(cosim_toy_twin *twin);
uint64_t cosim_toy_twin_assertion_failures(const cosim_toy_twin *twin);
/* 1 when the twin runs the planted-bug RTL. */
int cosim_toy_twin_planted_bug(void);

#endif
