/* The simplest AXI4-Lite master, for tests that drive a Verilator shim pin by pin: one write or
 * read offered on every channel at once, each VALID held until its READY (IHI 0022E §A3.2.1:
 * a master keeps VALID and the payload until the handshake), then the response taken. The shim
 * is reached through a cycle function, so one master serves every block's shim. */
#ifndef TB_AXI_LITE_MASTER_H
#define TB_AXI_LITE_MASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "tb_axi_lite_pins.h"

/* Cycles a transfer may take before the master gives up. */
#define TB_AXI_LITE_MASTER_CYCLES 20
/* Returned when no response came within TB_AXI_LITE_MASTER_CYCLES (not a BRESP/RRESP value). */
#define TB_AXI_LITE_MASTER_NO_RESPONSE 0xFFu

/* One clock cycle of the shim: `in` driven, the slave's outputs before the edge into `out`. */
typedef void (*tb_axi_lite_master_cycle_fn)(void *shim, const tb_axi_lite_request_pins *in,
                                            tb_axi_lite_response_pins *out);

/* One write (all four byte lanes) or read at `address`: the response (TB_AXI_RESP_*), or
 * TB_AXI_LITE_MASTER_NO_RESPONSE; *rdata (if not null) the read data. */
static inline uint8_t tb_axi_lite_master_access(tb_axi_lite_master_cycle_fn cycle, void *shim, bool write,
                                                uint32_t address, uint32_t data, uint32_t *rdata)
{
    tb_axi_lite_request_pins in = { 0 };
    if (write) {
        in.awvalid = in.wvalid = in.bready = true;
        in.awaddr = address;
        in.wdata = data;
        in.wstrb = 0xF;
    } else {
        in.arvalid = in.rready = true;
        in.araddr = address;
    }
    for (int n = 0; n < TB_AXI_LITE_MASTER_CYCLES; n++) {
        tb_axi_lite_response_pins out;
        tb_axi_lite_request_pins driven = in;
        cycle(shim, &driven, &out);
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
    return TB_AXI_LITE_MASTER_NO_RESPONSE;
}

#endif
