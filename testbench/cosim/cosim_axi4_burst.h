/* AXI4 burst arithmetic for the C transactors: the address and byte lanes of each beat, the
 * legality rules, and the response mapping between AXI and tlm, as the AMBA AXI protocol
 * specification (ARM IHI 0022E §A3.4) defines them. The RTL side has the same arithmetic in
 * rtl/axi/axi4_pkg.sv. */
#ifndef COSIM_AXI4_BURST_H
#define COSIM_AXI4_BURST_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_pins.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A burst's address fields (AW or AR). */
typedef struct cosim_axi4_burst_shape {
    uint32_t address; /* AxADDR: address of the first beat */
    uint8_t len;      /* AxLEN: beats - 1 */
    uint8_t size;     /* AxSIZE: log2 of the bytes per beat */
    uint8_t burst;    /* AxBURST: COSIM_AXI4_BURST_* */
} cosim_axi4_burst_shape;

/* Why a burst is illegal (IHI 0022E §A3.4.1), or COSIM_AXI4_BURST_LEGAL. */
typedef enum cosim_axi4_burst_rule {
    COSIM_AXI4_BURST_LEGAL,
    COSIM_AXI4_BURST_SIZE_TOO_WIDE,   /* AxSIZE wider than the data bus */
    COSIM_AXI4_BURST_RESERVED_TYPE,   /* AxBURST 2'b11 */
    COSIM_AXI4_BURST_FIXED_TOO_LONG,  /* FIXED bursts have 1..16 beats */
    COSIM_AXI4_BURST_WRAP_LENGTH,     /* WRAP bursts have 2, 4, 8 or 16 beats */
    COSIM_AXI4_BURST_WRAP_UNALIGNED,  /* a WRAP burst starts at a size-aligned address */
    COSIM_AXI4_BURST_CROSSES_4K,      /* an INCR burst stays inside one 4 KiB page */
} cosim_axi4_burst_rule;

cosim_axi4_burst_rule cosim_axi4_burst_check(const cosim_axi4_burst_shape *shape);
const char *cosim_axi4_burst_rule_name(cosim_axi4_burst_rule rule);

/* Address of beat `beat` (0-based) of a legal burst (IHI 0022E §A3.4.1). */
uint32_t cosim_axi4_beat_address(const cosim_axi4_burst_shape *shape, unsigned beat);
/* Byte lanes (bit i: lane i of the 64-bit bus) a beat at `address` of `size` uses. */
uint8_t cosim_axi4_beat_lanes(uint32_t address, uint8_t size);

/* The bytes a legal INCR or WRAP burst touches, as one contiguous range: INCR from the start
 * address to the end of its last beat, WRAP the whole wrap region (every byte of it once).
 * FIXED bursts touch their first beat's bytes on every beat (one range per beat). */
void cosim_axi4_burst_range(const cosim_axi4_burst_shape *shape, uint64_t *start, uint32_t *length);

/* tlm response -> xRESP: OK -> OKAY, ADDRESS_ERROR -> DECERR (nothing decodes the address), any
 * other error -> SLVERR (the target refused the access). */
uint8_t cosim_axi4_resp_from_status(tlm_status status);
/* xRESP -> tlm response, as the AXI4-Lite transactor maps it: OKAY/EXOKAY -> OK, SLVERR ->
 * GENERIC_ERROR, DECERR -> ADDRESS_ERROR. */
tlm_status cosim_axi4_status_from_resp(uint8_t resp);
/* The worse of two responses (DECERR > SLVERR > EXOKAY/OKAY): what a transfer made of several
 * beats answers. */
uint8_t cosim_axi4_resp_worse(uint8_t a, uint8_t b);

#ifdef __cplusplus
}
#endif

#endif
