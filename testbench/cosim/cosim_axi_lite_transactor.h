/* AXI4-Lite master transactor: puts a Verilated AXI4-Lite slave behind the same tlm target
 * interface as its C model (DESIGN §5). Each b_transport becomes AXI4-Lite cycles on the
 * RTL's clock, and the response and read data come back into the payload.
 *
 * Time. The kernel owns time and the RTL clock is a tlm_clock. While the bus is idle, each
 * rising edge of that clock steps the RTL one cycle. A transaction requested at local time
 * S = now + *delay first steps idle cycles up to S, then steps the RTL through its AXI
 * cycles at the clock's next edges (running ahead of kernel time, as any loosely-timed target
 * may), and adds the time up to its last edge to *delay. The kernel's own edges for those
 * times then find the RTL already there and do nothing. So the RTL sees one continuous clock,
 * every edge exactly once, at the clock's times, whether a cycle was idle or carried a
 * transaction, and transactions can be issued from inside events as well as from the host.
 *
 * Pin timing. Inputs for a cycle are driven after the previous rising edge; the handshakes
 * of the cycle are decided from the slave's outputs just before the edge (VALID and READY
 * both high), as the AXI specification defines them. Write address and data are offered
 * together; each is dropped once accepted; BREADY and RREADY are held high while waiting.
 *
 * Responses. OKAY/EXOKAY -> TLM_STATUS_OK, SLVERR -> TLM_STATUS_GENERIC_ERROR, DECERR ->
 * TLM_STATUS_ADDRESS_ERROR. Payloads a 32-bit AXI4-Lite bus cannot carry are refused
 * without touching the RTL exactly as the model refuses them (tlm_register_payload_check),
 * and addresses beyond the slave's address width answer TLM_STATUS_ADDRESS_ERROR. Byte
 * enables become WSTRB; a read fills only the enabled bytes. A slave that does not answer
 * within the timeout gets its transaction abandoned with TLM_STATUS_GENERIC_ERROR and a
 * log line (the RTL is then in an unknown state; the error count says so).
 *
 * Waveforms. When the kernel traces (tlm/tlm_trace.h), every pin of every cycle is a row in
 * the scope named after the transactor, named as the slave's ports (clk_i, s_axil_awvalid_i,
 * ...), stamped at the exact edge times of the RTL's clock: RTL pins and TLM transactions on
 * one timeline (docs/guide/waves.md). */
#ifndef COSIM_AXI_LITE_TRANSACTOR_H
#define COSIM_AXI_LITE_TRANSACTOR_H

#include <stdint.h>

#include "cosim_axi_lite_pins.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One clock cycle of the slave: drive `in`, report the outputs before the rising edge in
 * `out`, then clock it (the wrapper's cycle function). */
typedef void (*cosim_axi_lite_cycle_fn)(void *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out);
/* Called after every RTL cycle with the time of its rising edge, to sample other outputs. */
typedef void (*cosim_axi_lite_cycle_observer_fn)(void *context, tlm_time edge_time);

typedef struct cosim_axi_lite_transactor_config {
    const char *name;                /* instance name for logs */
    tlm_kernel *kernel;              /* time base */
    tlm_clock *clock;                /* the RTL's clock (running) */
    void *rtl;                       /* wrapper handle passed to cycle */
    cosim_axi_lite_cycle_fn cycle;      /* steps the slave one cycle */
    unsigned address_bits;           /* width of AWADDR/ARADDR, 1..32 */
    uint32_t timeout_cycles;         /* cycles to wait for a handshake (0: 1000) */
    uint16_t initiator_id;           /* unused by AXI4-Lite; kept for logs */
} cosim_axi_lite_transactor_config;

typedef struct cosim_axi_lite_transactor cosim_axi_lite_transactor;

cosim_axi_lite_transactor *cosim_axi_lite_transactor_create(const cosim_axi_lite_transactor_config *config);
void cosim_axi_lite_transactor_destroy(cosim_axi_lite_transactor *transactor);

const tlm_target *cosim_axi_lite_transactor_target(cosim_axi_lite_transactor *transactor);
void cosim_axi_lite_transactor_on_cycle(cosim_axi_lite_transactor *transactor, cosim_axi_lite_cycle_observer_fn fn,
                                     void *context);

/* One idle bus cycle on behalf of a side-band port of the slave (an input the cycle function
 * drives beside the bus, such as a message port): first idle cycles for every edge up to
 * `start` (as a transaction requested at `start` would step), then one idle cycle at the next
 * edge. Returns that edge's time; the RTL runs ahead of the kernel as during a transfer. */
tlm_time cosim_axi_lite_transactor_step_idle(cosim_axi_lite_transactor *transactor, tlm_time start);

/* RTL cycles stepped so far (idle and busy). */
uint64_t cosim_axi_lite_transactor_cycles(const cosim_axi_lite_transactor *transactor);
/* Time of the next rising edge the RTL has not seen yet. */
tlm_time cosim_axi_lite_transactor_rtl_time(const cosim_axi_lite_transactor *transactor);

/* Maps an AXI response code to a tlm response status. */
tlm_status cosim_axi_lite_response_status(uint8_t resp);

#ifdef __cplusplus
}
#endif

#endif
