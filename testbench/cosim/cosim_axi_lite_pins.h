/* The pins of one AXI4-Lite port (32-bit data) as plain C values, shared by the Verilator
 * wrappers (testbench/cosim/) and the C transactors that drive them. Signal meaning and timing
 * follow the AMBA AXI4-Lite specification (ARM IHI 0022E, chapter B1); docs/reference/rtl.md describes
 * how a wrapper samples and drives them around the clock edge.
 *
 * A request struct holds what the master drives for one clock cycle; a response struct holds
 * what the slave drives in that cycle, before the rising edge, with those inputs applied.
 * A handshake on a channel happens at the edge where both its VALID and READY are true. */
#ifndef COSIM_AXI_LITE_PINS_H
#define COSIM_AXI_LITE_PINS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* BRESP/RRESP encodings (IHI 0022E §A3.4.4). */
#define COSIM_AXI_RESP_OKAY 0u   /* access done */
#define COSIM_AXI_RESP_EXOKAY 1u /* exclusive access done (never used by AXI4-Lite slaves) */
#define COSIM_AXI_RESP_SLVERR 2u /* the slave refused the access (e.g. write to a read-only register) */
#define COSIM_AXI_RESP_DECERR 3u /* nothing decodes the address */

/* Master -> slave. */
typedef struct cosim_axi_lite_request_pins {
    bool awvalid;    /* write address channel: the address below is valid */
    uint32_t awaddr; /* write byte address (the slave uses as many low bits as its port has) */
    uint8_t awprot;  /* write protection: bit 0 privileged, bit 1 non-secure, bit 2 instruction */
    bool wvalid;     /* write data channel: data and strobes below are valid */
    uint32_t wdata;  /* write data, byte lane i in bits 8i+7:8i */
    uint8_t wstrb;   /* write strobes: bit i set writes byte lane i (bits 3:0) */
    bool bready;     /* write response channel: the master takes B in this cycle if BVALID */
    bool arvalid;    /* read address channel: the address below is valid */
    uint32_t araddr; /* read byte address */
    uint8_t arprot;  /* read protection, as awprot */
    bool rready;     /* read data channel: the master takes R in this cycle if RVALID */
} cosim_axi_lite_request_pins;

/* Slave -> master. */
typedef struct cosim_axi_lite_response_pins {
    bool awready;  /* the slave takes AW in this cycle if AWVALID */
    bool wready;   /* the slave takes W in this cycle if WVALID */
    bool bvalid;   /* a write response is waiting: bresp is valid */
    uint8_t bresp; /* write response, COSIM_AXI_RESP_* */
    bool arready;  /* the slave takes AR in this cycle if ARVALID */
    bool rvalid;   /* read data is waiting: rdata and rresp are valid */
    uint32_t rdata; /* read data */
    uint8_t rresp;  /* read response, COSIM_AXI_RESP_* */
} cosim_axi_lite_response_pins;

#ifdef __cplusplus
}
#endif

#endif
