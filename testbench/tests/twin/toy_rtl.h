/* C API of the Verilated toy scratch block (rtl/toy/toy_scratch.sv): the same cycle semantics
 * and failure reporting as roundtrip_rtl.h, with no pins besides the bus. Test-only. */
#ifndef TOY_RTL_H
#define TOY_RTL_H

#include <stdint.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the block's AXI4-Lite port. */
#define COSIM_TOY_RTL_ADDR_BITS 12u

typedef struct cosim_toy_rtl cosim_toy_rtl;

/* A new instance (NULL if it cannot be built); reset it before use. */
cosim_toy_rtl *cosim_toy_rtl_create(void);
void cosim_toy_rtl_destroy(cosim_toy_rtl *rtl);
/* rst_ni low for `cycles` cycles (at least 1) with idle inputs, then high. */
void cosim_toy_rtl_reset(cosim_toy_rtl *rtl, unsigned cycles);
/* One clock cycle (roundtrip_rtl.h cosim_roundtrip_rtl_cycle). */
void cosim_toy_rtl_cycle(cosim_toy_rtl *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out);
/* RTL assertions that failed plus pin values that did not fit their port. */
uint64_t cosim_toy_rtl_assertion_failures(const cosim_toy_rtl *rtl);
/* 1 if this library was built from the planted-bug variant of the RTL. */
int cosim_toy_rtl_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
