/* The round-trip block's RTL twin behind the same interface as its C model
 * (models/roundtrip/roundtrip.h): an MMIO target (the AXI4-Lite transactor in front of the
 * Verilated rtl/roundtrip/roundtrip.sv) and the interrupt output as a tlm signal, sampled
 * after every RTL cycle. */
#ifndef TB_ROUNDTRIP_TWIN_H
#define TB_ROUNDTRIP_TWIN_H

#include "tlm.h"

typedef struct tb_roundtrip_twin tb_roundtrip_twin;

/* The RTL is reset (rst_ni low for a few cycles) before time starts; `clock` must run. */
tb_roundtrip_twin *tb_roundtrip_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name);
void tb_roundtrip_twin_destroy(tb_roundtrip_twin *twin);

const tlm_target *tb_roundtrip_twin_target(tb_roundtrip_twin *twin);
tlm_signal *tb_roundtrip_twin_irq(tb_roundtrip_twin *twin);
/* RTL cycles stepped, and assertion failures the RTL reported. */
uint64_t tb_roundtrip_twin_cycles(const tb_roundtrip_twin *twin);
uint64_t tb_roundtrip_twin_assertion_failures(const tb_roundtrip_twin *twin);

#endif
