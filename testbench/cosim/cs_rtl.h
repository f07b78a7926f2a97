/* C API of the Verilated gen12 render command streamer (rtl/cs/cs_rcs.sv). Only the wrapper
 * behind it sees Verilator; cycle semantics as every wrapper (docs/reference/rtl.md "The
 * wrapper"): inputs applied with the clock low, outputs sampled before the rising edge, the
 * handshakes of that edge decided from both.
 *
 * Ports: the AXI4-Lite register port (offsets relative to the engine's MMIO base), the AXI4
 * master port (command fetch and MI_STORE_DATA_IMM; 64-bit data, 32-bit addresses), the
 * interrupt message port (valid/ready, the irq_message data bits) and status outputs. */
#ifndef CS_RTL_H
#define CS_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_pins.h"
#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the register port: the engine's block (CS_BLOCK_SIZE bytes). */
#define COSIM_CS_RTL_ADDR_BITS 11u
/* The render engine's MMIO base the RTL is built with (its MmioBase parameter): the twin
 * checks it against the model's profile table. */
#define COSIM_CS_RTL_MMIO_BASE 0x2000u

/* Inputs beside the register port for one cycle. */
typedef struct cosim_cs_rtl_inputs {
    cosim_axi4_response_pins axi; /* the slave's side of the master port */
    bool msg_ready;               /* msg_ready_i: a message offered in this cycle is taken */
} cosim_cs_rtl_inputs;

/* Outputs beside the register port, sampled before the rising edge. */
typedef struct cosim_cs_rtl_outputs {
    cosim_axi4_request_pins axi; /* the master port's requests */
    bool msg_valid;              /* msg_valid_o */
    uint16_t msg_data;           /* msg_data_o: event bits (irq_message data) */
    bool halted;                 /* halted_o: an error stopped the parser */
    bool idle;                   /* idle_o: nothing to run */
    bool addr_high;              /* addr_high_o: a burst's address has bits above 31 (not carried) */
    bool lri_foreign;            /* lri_foreign_o: an LRI pair outside the engine was dropped */
} cosim_cs_rtl_outputs;

typedef struct cosim_cs_rtl cosim_cs_rtl;

/* A new instance with its clock low, rst_ni low and idle inputs; NULL on failure. */
cosim_cs_rtl *cosim_cs_rtl_create(void);
void cosim_cs_rtl_destroy(cosim_cs_rtl *rtl);
/* rst_ni low for `cycles` cycles (at least one) with idle inputs, then high. */
void cosim_cs_rtl_reset(cosim_cs_rtl *rtl, unsigned cycles);
/* One clock cycle: drive `lite_in` (NULL: idle) and `in` (NULL: idle), take the clock low,
 * sample the outputs into `lite_out` and `out` (NULL: skipped), rising edge. */
void cosim_cs_rtl_cycle(cosim_cs_rtl *rtl, const cosim_axi_lite_request_pins *lite_in, const cosim_cs_rtl_inputs *in,
                        cosim_axi_lite_response_pins *lite_out, cosim_cs_rtl_outputs *out);

/* idle_o and halted_o now (after the last rising edge: the state that edge left). */
bool cosim_cs_rtl_idle_now(const cosim_cs_rtl *rtl);
bool cosim_cs_rtl_halted_now(const cosim_cs_rtl *rtl);

uint64_t cosim_cs_rtl_cycles(const cosim_cs_rtl *rtl);
/* Benchmark floor: idle inputs, `n` cycles in a tight loop; returns cycles(). */
uint64_t cosim_cs_rtl_bare_cycles(cosim_cs_rtl *rtl, uint64_t n);
/* RTL assertion failures (each failing check at each edge once) plus pin values that did not
 * fit their port; the last one's message ("" if none). */
uint64_t cosim_cs_rtl_assertion_failures(const cosim_cs_rtl *rtl);
const char *cosim_cs_rtl_last_assertion(const cosim_cs_rtl *rtl);
/* 1 if this library was built from the planted-bug variant of the RTL (docs/design/cosim.md). */
int cosim_cs_rtl_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
