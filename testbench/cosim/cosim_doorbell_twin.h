/* The GTI doorbell controller's RTL twin behind the same interfaces as its C model
 * (models/doorbell/doorbell.h): the block's MMIO as a tlm target (an AXI4-Lite transactor in
 * front of the Verilated rtl/doorbell/doorbell.sv), the GuC shim's install as register writes
 * to the RTL's arming window, the memory's write observers feeding the RTL's snoop port, and
 * the RTL's message and group-read outputs back as calls of a doorbell_guc_port.
 * docs/design/cosim.md describes the timing and the arming.
 *
 * Snoops: the twin watches the lines it armed, as the model does (tlm_memory_watch): every
 * write that touches one is driven on the snoop port (line address, the line's first 8 bytes
 * after the write) in the next clock cycle, stepped at once (the RTL runs up to one cycle
 * ahead of the kernel, as during a transfer); the twin stops watching when the RTL's VALID
 * for that doorbell clears. A message or a group read the RTL reports at an edge is passed to
 * the port before the call that caused it returns, as the model does. */
#ifndef COSIM_DOORBELL_TWIN_H
#define COSIM_DOORBELL_TWIN_H

#include <stdbool.h>
#include <stdint.h>

#include "doorbell.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_doorbell_twin cosim_doorbell_twin;

/* The RTL is reset before time starts; `clock` must run. The twin watches lines of `memory`. */
cosim_doorbell_twin *cosim_doorbell_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name,
                                          tlm_memory *memory);
void cosim_doorbell_twin_destroy(cosim_doorbell_twin *twin);
/* doorbell_reset's twin: rst_ni low for a few cycles with the inputs idle (a snoop still
 * offered is withdrawn), and every line the twin watched is released, as the model releases
 * its watches. The pulse's cycles are stepped at once, outside the transactor's clock (zero
 * kernel time, not in the waveform): a reset between checks of one instance, not a timed
 * event of a scenario. */
void cosim_doorbell_twin_reset(cosim_doorbell_twin *twin);

/* MMIO of the block (doorbell_target's twin): offsets into the block; malformed payloads and
 * offsets at or beyond DOORBELL_BLOCK_SIZE are refused before the bus as the model refuses
 * them. No debug transport (a debug read of DB_STATUS would clear it on the bus). */
const tlm_target *cosim_doorbell_twin_target(cosim_doorbell_twin *twin);
/* doorbell_set_guc_port's twin. */
void cosim_doorbell_twin_set_guc_port(cosim_doorbell_twin *twin, const doorbell_guc_port *port);
/* doorbell_install's twin: bad doorbell numbers, unaligned lines and lines beyond 48 bits are
 * FAULT before the bus; otherwise the wrapper's writes (DRBREGU(n), then DRBREGL(n) with VALID)
 * go to the arming window, the RTL's install status is read, the line's first 8 bytes are
 * driven as the fill snoop, and the final status read gives the result. A line the memory
 * cannot watch (outside a memory smaller than 2^48) is FAULT after the RTL armed it: the
 * model checks that last too, but the RTL's VALID then stays set (docs/design/cosim.md). */
doorbell_install_result cosim_doorbell_twin_install(cosim_doorbell_twin *twin, unsigned bell, uint64_t line);
/* VALID of `bell` as the RTL has it (false for bell >= DOORBELL_COUNT). */
bool cosim_doorbell_twin_valid(const cosim_doorbell_twin *twin, unsigned bell);
/* VALID of doorbells 32w..32w+31 as a word (bit i: doorbell 32w + i; 0 for w >= 8). */
uint32_t cosim_doorbell_twin_valid_word(const cosim_doorbell_twin *twin, unsigned word);

/* Time of the next rising edge the RTL has not seen (it may run ahead of the kernel: an
 * install steps the RTL through its bus accesses in zero kernel time). */
tlm_time cosim_doorbell_twin_rtl_time(const cosim_doorbell_twin *twin);
/* RTL cycles stepped, snoops driven, assertion failures the RTL reported and the last one. */
uint64_t cosim_doorbell_twin_cycles(const cosim_doorbell_twin *twin);
uint64_t cosim_doorbell_twin_snoops(const cosim_doorbell_twin *twin);
uint64_t cosim_doorbell_twin_assertion_failures(const cosim_doorbell_twin *twin);
const char *cosim_doorbell_twin_last_assertion(const cosim_doorbell_twin *twin);

#ifdef __cplusplus
}
#endif

#endif
