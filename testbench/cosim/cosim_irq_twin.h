/* The gen11+ interrupt aggregation's RTL twin behind the same interfaces as its C model
 * (models/irq/irq_gen11.h): the host and GuC MMIO blocks as tlm targets (one AXI4-Lite
 * transactor in front of the Verilated rtl/irq/irq_gen11.sv, whose port carries both blocks),
 * an irq_message_sink for engine messages, and the host line and the GuC's two vectors as tlm
 * signals, sampled after every RTL cycle. docs/design/cosim.md describes the timing. */
#ifndef COSIM_IRQ_TWIN_H
#define COSIM_IRQ_TWIN_H

#include "irq_gen11.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_irq_twin cosim_irq_twin;

/* The RTL is reset (rst_ni low for a few cycles) before time starts; `clock` must run. */
cosim_irq_twin *cosim_irq_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name);
void cosim_irq_twin_destroy(cosim_irq_twin *twin);
/* irq_gen11_reset's twin: rst_ni low for a few cycles with the inputs idle (a message still
 * offered is withdrawn), then the outputs sampled into the signals. The pulse's cycles are
 * stepped at once, outside the transactor's clock (zero kernel time, not in the waveform):
 * a reset between tests of one instance, not a timed event of a scenario. */
void cosim_irq_twin_reset(cosim_irq_twin *twin);

/* MMIO of one software interface's block; addresses are offsets into the block, as for
 * irq_gen11_target(). Offsets at or beyond the block size answer TLM_STATUS_ADDRESS_ERROR
 * before the bus, as the model answers them. */
const tlm_target *cosim_irq_twin_target(cosim_irq_twin *twin, irq_gen11_interface interface);
/* The message port (irq_gen11_sink's twin). A message is driven on the RTL's message port in
 * the next clock cycle, stepped at once (the RTL runs up to one cycle ahead of the kernel, as
 * during a transfer); the outputs follow before deliver returns. */
irq_message_sink cosim_irq_twin_sink(cosim_irq_twin *twin);
tlm_signal *cosim_irq_twin_host_irq(cosim_irq_twin *twin);
tlm_signal *cosim_irq_twin_guc_vector(cosim_irq_twin *twin, unsigned vector);

/* RTL cycles stepped, assertion failures the RTL reported and the last one's text. */
uint64_t cosim_irq_twin_cycles(const cosim_irq_twin *twin);
uint64_t cosim_irq_twin_assertion_failures(const cosim_irq_twin *twin);
const char *cosim_irq_twin_last_assertion(const cosim_irq_twin *twin);
/* Messages the RTL took. */
uint64_t cosim_irq_twin_messages(const cosim_irq_twin *twin);

#ifdef __cplusplus
}
#endif

#endif
