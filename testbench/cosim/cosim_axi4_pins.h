/* The pins of one AXI4 port (64-bit data, 32-bit addresses, 4-bit IDs) as plain C values,
 * shared by the Verilator wrappers of AXI4 RTL and the C transactors that drive them
 * (cosim_axi4_slave.h answers an RTL master, cosim_axi4_master.h drives an RTL slave). Signal
 * meaning and timing follow the AMBA AXI protocol specification (ARM IHI 0022E, part A);
 * docs/design/cosim.md "AXI4 transactors" describes the cycle model.
 *
 * As for AXI4-Lite (cosim_axi_lite_pins.h): a request struct holds what the master drives for
 * one clock cycle, a response struct what the slave drives in that cycle, before the rising
 * edge; a channel's handshake happens at the edge where its VALID and READY are both true.
 * Signals AXI4 has but these ports do not carry (AxLOCK, AxCACHE, AxQOS, AxREGION, user
 * signals) take their defaults (normal access, no QoS). */
#ifndef COSIM_AXI4_PINS_H
#define COSIM_AXI4_PINS_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bus geometry of the AXI4 ports gtsim's transactors drive. */
#define COSIM_AXI4_DATA_BYTES 8u   /* 64-bit data: byte lanes 0..7 */
#define COSIM_AXI4_MAX_SIZE 3u     /* AxSIZE of a full-width beat (log2 of COSIM_AXI4_DATA_BYTES) */
#define COSIM_AXI4_ID_BITS 4u      /* AxID/xID width */
#define COSIM_AXI4_MAX_BEATS 256u  /* AxLEN + 1 at most (INCR, IHI 0022E §A3.4.1) */

/* AxBURST encodings (IHI 0022E Table A3-3). */
#define COSIM_AXI4_BURST_FIXED 0u /* every beat at the same address */
#define COSIM_AXI4_BURST_INCR 1u  /* incrementing */
#define COSIM_AXI4_BURST_WRAP 2u  /* incrementing, wrapping at the wrap boundary */

/* Master -> slave. */
typedef struct cosim_axi4_request_pins {
    bool awvalid;     /* write address channel: the fields below are valid */
    uint8_t awid;     /* write transaction ID */
    uint32_t awaddr;  /* address of the first beat */
    uint8_t awlen;    /* beats - 1 */
    uint8_t awsize;   /* log2 of the bytes per beat */
    uint8_t awburst;  /* COSIM_AXI4_BURST_* */
    uint8_t awprot;   /* protection: bit 0 privileged, bit 1 non-secure, bit 2 instruction */
    bool wvalid;      /* write data channel: the fields below are valid */
    uint64_t wdata;   /* write data, byte lane i in bits 8i+7:8i */
    uint8_t wstrb;    /* write strobes: bit i set writes byte lane i */
    bool wlast;       /* last beat of the burst */
    bool bready;      /* the master takes B in this cycle if BVALID */
    bool arvalid;     /* read address channel: the fields below are valid */
    uint8_t arid;     /* read transaction ID */
    uint32_t araddr;  /* address of the first beat */
    uint8_t arlen;    /* beats - 1 */
    uint8_t arsize;   /* log2 of the bytes per beat */
    uint8_t arburst;  /* COSIM_AXI4_BURST_* */
    uint8_t arprot;   /* protection, as awprot */
    bool rready;      /* the master takes R in this cycle if RVALID */
} cosim_axi4_request_pins;

/* Slave -> master. */
typedef struct cosim_axi4_response_pins {
    bool awready;     /* the slave takes AW in this cycle if AWVALID */
    bool wready;      /* the slave takes W in this cycle if WVALID */
    bool bvalid;      /* a write response is offered */
    uint8_t bid;      /* its ID (the AWID of the write) */
    uint8_t bresp;    /* COSIM_AXI_RESP_* */
    bool arready;     /* the slave takes AR in this cycle if ARVALID */
    bool rvalid;      /* a read data beat is offered */
    uint8_t rid;      /* its ID (the ARID of the read) */
    uint64_t rdata;   /* read data, byte lane i in bits 8i+7:8i */
    uint8_t rresp;    /* COSIM_AXI_RESP_* of this beat */
    bool rlast;       /* last beat of the burst */
} cosim_axi4_response_pins;

#ifdef __cplusplus
}
#endif

#endif
