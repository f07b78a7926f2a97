/* The simplest AXI4-Lite master, for tests that drive a Verilator wrapper pin by pin: one write or
 * read offered on every channel at once, each VALID held until its READY (IHI 0022E §A3.2.1:
 * a master keeps VALID and the payload until the handshake), then the response taken. The wrapper
 * is reached through a cycle function, so one master serves every block's wrapper. */
#ifndef COSIM_AXI_LITE_MASTER_H
#define COSIM_AXI_LITE_MASTER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cycles a transfer may take before the master gives up. */
#define COSIM_AXI_LITE_MASTER_CYCLES 20
/* Returned when no response came within COSIM_AXI_LITE_MASTER_CYCLES (not a BRESP/RRESP value). */
#define COSIM_AXI_LITE_MASTER_NO_RESPONSE 0xFFu

/* One clock cycle of the wrapper: `in` driven, the slave's outputs before the edge into `out`. */
typedef void (*cosim_axi_lite_master_cycle_fn)(void *wrapper, const cosim_axi_lite_request_pins *in,
                                            cosim_axi_lite_response_pins *out);

/* One write (all four byte lanes) or read at `address`: the response (COSIM_AXI_RESP_*), or
 * COSIM_AXI_LITE_MASTER_NO_RESPONSE; *rdata (if not null) the read data. */
static inline uint8_t cosim_axi_lite_master_access(cosim_axi_lite_master_cycle_fn cycle, void *wrapper, bool write,
                                                uint32_t address, uint32_t data, uint32_t *rdata)
{
    cosim_axi_lite_request_pins in;
    memset(&in, 0, sizeof in); /* not `= { 0 }`: the header is also C++17 */
    if (write) {
        in.awvalid = in.wvalid = in.bready = true;
        in.awaddr = address;
        in.wdata = data;
        in.wstrb = 0xF;
    } else {
        in.arvalid = in.rready = true;
        in.araddr = address;
    }
    for (int n = 0; n < COSIM_AXI_LITE_MASTER_CYCLES; n++) {
        cosim_axi_lite_response_pins out;
        cosim_axi_lite_request_pins driven = in;
        cycle(wrapper, &driven, &out);
        if (driven.awvalid && out.awready)
            in.awvalid = false;
        if (driven.wvalid && out.wready)
            in.wvalid = false;
        if (driven.arvalid && out.arready)
            in.arvalid = false;
        if (write && out.bvalid)
            return out.bresp;
        if (!write && out.rvalid) {
            if (rdata)
                *rdata = out.rdata;
            return out.rresp;
        }
    }
    return COSIM_AXI_LITE_MASTER_NO_RESPONSE;
}

#ifdef __cplusplus
}
#endif

#endif
