/* C API of the Verilated toy scratch block (rtl/toy/toy_scratch.sv): the same cycle semantics
 * and failure reporting as roundtrip_rtl.h, with no pins besides the bus. Test-only. */
#ifndef TOY_RTL_H
#define TOY_RTL_H

#include <stdint.h>

#include "tb_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the block's AXI4-Lite port. */
#define TB_TOY_RTL_ADDR_BITS 12u

typedef struct tb_toy_rtl tb_toy_rtl;

/* A new instance (NULL if it cannot be built); reset it before use. */
tb_toy_rtl *tb_toy_rtl_create(void);
void tb_toy_rtl_destroy(tb_toy_rtl *rtl);
/* rst_ni low for `cycles` cycles (at least 1) with idle inputs, then high. */
void tb_toy_rtl_reset(tb_toy_rtl *rtl, unsigned cycles);
/* One clock cycle (roundtrip_rtl.h tb_roundtrip_rtl_cycle). */
void tb_toy_rtl_cycle(tb_toy_rtl *rtl, const tb_axi_lite_request_pins *in, tb_axi_lite_response_pins *out);
/* RTL assertions that failed plus pin values that did not fit their port. */
uint64_t tb_toy_rtl_assertion_failures(const tb_toy_rtl *rtl);
/* 1 if this library was built from the planted-bug variant of the RTL. */
int tb_toy_rtl_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
