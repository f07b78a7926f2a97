/* Waveform rows of an AXI4 port's pins for the AXI4 transactors (when the kernel traces,
 * tlm/tlm_trace.h): clk_i and every pin of cosim_axi4_pins.h, named as the RTL's ports
 * (m_axi_awvalid_o on an RTL master's port, s_axi_awvalid_i on an RTL slave's), in the scope
 * named after the transactor, stamped at the edge that starts each cycle as an RTL simulator
 * shows them: RTL pins and TLM transactions on one timeline (docs/guide/waves.md). */
#ifndef COSIM_AXI4_TRACE_H
#define COSIM_AXI4_TRACE_H

#include <stdbool.h>

#include "cosim_axi4_pins.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pins of one AXI4 port: 20 driven by the master, 11 by the slave. */
#define COSIM_AXI4_TRACE_PINS 31u

typedef struct cosim_axi4_trace {
    tlm_trace_id clk;                          /* clk_i; 0 when not tracing */
    tlm_trace_id pin[COSIM_AXI4_TRACE_PINS];   /* the pins, in cosim_axi4_trace.c's table order */
} cosim_axi4_trace;

/* Declares the rows in `scope` when the kernel traces (else leaves every id 0). `rtl_master`:
 * the RTL is the master (ports m_axi_*, requests are outputs), else the slave (s_axi_*). */
void cosim_axi4_trace_declare(cosim_axi4_trace *trace, tlm_kernel *kernel, const char *scope, bool rtl_master,
                              tlm_time period);
/* The pins of the cycle that ends at the rising edge `edge`, stamped one period before it. */
void cosim_axi4_trace_cycle(const cosim_axi4_trace *trace, tlm_kernel *kernel, const cosim_axi4_request_pins *req,
                            const cosim_axi4_response_pins *resp, tlm_time edge, tlm_time period);

#ifdef __cplusplus
}
#endif

#endif
