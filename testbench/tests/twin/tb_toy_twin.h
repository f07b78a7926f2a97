/* The toy scratch block's RTL twin behind the same interface as its model (toy_model.h): an
 * MMIO target, the AXI4-Lite transactor in front of the Verilated rtl/toy/toy_scratch.sv.
 * Test-only. */
#ifndef TB_TOY_TWIN_H
#define TB_TOY_TWIN_H

#include <stdint.h>

#include "tlm.h"

typedef struct tb_toy_twin tb_toy_twin;

/* The RTL is reset before time starts; `clock` must run. */
tb_toy_twin *tb_toy_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name);
void tb_toy_twin_destroy(tb_toy_twin *twin);
const tlm_target *tb_toy_twin_target(tb_toy_twin *twin);
uint64_t tb_toy_twin_assertion_failures(const tb_toy_twin *twin);
/* 1 when the twin runs the planted-bug RTL. */
int tb_toy_twin_planted_bug(void);

#endif
