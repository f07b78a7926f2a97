/* C API of the Verilated AXI4 memory slave test top (rtl/axi/test/axi4_mem_tb.sv: a 16 KiB
 * memory with the protocol checker on its port), for the master transactor's tests. Cycle
 * semantics and failure reporting as every gtsim wrapper (docs/reference/rtl.md "The wrapper"). */
#ifndef AXI4_MEM_RTL_H
#define AXI4_MEM_RTL_H

#include <stdint.h>

#include "cosim_axi4_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of the memory; addresses at or beyond answer DECERR. */
#define AXI4_MEM_RTL_BYTES 16384u

typedef struct axi4_mem_rtl axi4_mem_rtl;

axi4_mem_rtl *axi4_mem_rtl_create(void);
void axi4_mem_rtl_destroy(axi4_mem_rtl *rtl);
/* rst_ni low for `cycles` cycles (at least one) with idle inputs, then high. */
void axi4_mem_rtl_reset(axi4_mem_rtl *rtl, unsigned cycles);
/* One clock cycle (cosim_axi4_slave_cycle_fn): `in` driven on the master-side inputs. */
void axi4_mem_rtl_cycle(void *rtl, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out);
uint64_t axi4_mem_rtl_cycles(const axi4_mem_rtl *rtl);
uint64_t axi4_mem_rtl_assertion_failures(const axi4_mem_rtl *rtl);
const char *axi4_mem_rtl_last_assertion(const axi4_mem_rtl *rtl);

#ifdef __cplusplus
}
#endif

#endif
