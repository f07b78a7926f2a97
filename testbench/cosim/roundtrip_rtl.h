/* C API of the Verilated round-trip block (rtl/roundtrip/roundtrip.sv). Only the wrapper behind
 * this header sees Verilator; C code (tests, the AXI4-Lite transactor) drives the block's
 * pins through it. docs/reference/rtl.md describes the cycle semantics and how failures surface.
 *
 * Clock and time: each instance has its own VerilatedContext and clock. Simulated time
 * advances by 1 (the model's time precision, printed in assertion messages) at each rising
 * and each falling edge, so rising edge number n (from 1) happens at time 2n - 1.
 *
 * Failures: an RTL assertion that fails, or a pin value that does not fit its port, is
 * counted and its message kept; the simulation goes on. Verilator's fatal errors (none
 * are expected from this design) still abort the process.
 *
 * No function throws or returns an error: a C++ exception inside the wrapper (out of memory)
 * makes create() return NULL and any other function abort with a message. */
#ifndef ROUNDTRIP_RTL_H
#define ROUNDTRIP_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the block's AXI4-Lite port: awaddr/araddr must be below 1 << this. */
#define COSIM_ROUNDTRIP_RTL_ADDR_BITS 12u

typedef struct cosim_roundtrip_rtl cosim_roundtrip_rtl;

/* A new instance with its clock low, rst_ni low and idle inputs; no edge has happened yet,
 * so call cosim_roundtrip_rtl_reset() before use. NULL if it cannot be built. */
cosim_roundtrip_rtl *cosim_roundtrip_rtl_create(void);
/* Runs the model's final blocks and frees it; NULL is ignored. */
void cosim_roundtrip_rtl_destroy(cosim_roundtrip_rtl *rtl);

/* Holds rst_ni low for `cycles` clock cycles (at least 1) with all inputs idle (every VALID
 * and READY low), then drives rst_ni high with the clock low. The synchronous reset puts
 * every register at its reset value; reset cycles count in cosim_roundtrip_rtl_cycles(). */
void cosim_roundtrip_rtl_reset(cosim_roundtrip_rtl *rtl, unsigned cycles);

/* One clock cycle, as a master sees it:
 *   1. drive `in` on the input pins with the clock low and evaluate (combinational settle);
 *   2. copy the output pins to *out: the values in front of the coming rising edge, with
 *      `in` applied, from which the master decides which handshakes happen at that edge;
 *   3. rising edge (registers update, assertions sample the values of step 1), evaluate;
 *   4. falling edge, evaluate.
 * `in` NULL drives idle inputs (all zero); `out` NULL skips step 2. Address bits above
 * COSIM_ROUNDTRIP_RTL_ADDR_BITS, awprot/arprot above 7 and wstrb above 0xF do not fit the
 * ports: they are dropped, and while the channel's VALID is high also counted as failures
 * (see assertion_failures): the block never sees such an address, so whoever routes MMIO to
 * it (the transactor) must answer DECERR for offsets at or beyond its 4 KiB window itself. */
void cosim_roundtrip_rtl_cycle(cosim_roundtrip_rtl *rtl, const cosim_axi_lite_request_pins *in,
                            cosim_axi_lite_response_pins *out);

/* irq_o now (after the last falling edge): high while (STATUS & INT_ENABLE) != 0. */
bool cosim_roundtrip_rtl_irq(const cosim_roundtrip_rtl *rtl);

/* Rising edges since create (reset cycles included). */
uint64_t cosim_roundtrip_rtl_cycles(const cosim_roundtrip_rtl *rtl);

/* The benchmark baseline: drives idle inputs (rst_ni unchanged), then runs `n` clock cycles
 * (rising and falling edge, one evaluation each) in a tight C++ loop that copies no pins.
 * Returns cosim_roundtrip_rtl_cycles() afterwards. */
uint64_t cosim_roundtrip_rtl_bare_cycles(cosim_roundtrip_rtl *rtl, uint64_t n);

/* Failures since create: RTL assertions that failed (each failing check at each edge counts
 * once) plus pin values that did not fit their port. */
uint64_t cosim_roundtrip_rtl_assertion_failures(const cosim_roundtrip_rtl *rtl);

/* The message of the last failure (e.g. "[7] %Error: roundtrip.sv:... Assertion failed in
 * TOP.roundtrip...: AXI master: AWVALID dropped ..."), or "" if there was none. Valid until
 * the next call on this instance. */
const char *cosim_roundtrip_rtl_last_assertion(const cosim_roundtrip_rtl *rtl);

#ifdef __cplusplus
}
#endif

#endif
