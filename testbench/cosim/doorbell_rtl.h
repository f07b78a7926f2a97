/* C API of the Verilated GTI doorbell controller (rtl/doorbell/doorbell.sv). Only the wrapper
 * behind it sees Verilator; docs/reference/rtl.md describes the block and the cycle semantics (the same
 * as the other wrappers: roundtrip_rtl.h, irq_rtl.h).
 *
 * The AXI4-Lite port carries the block at offset 0 (the model's map) and the arming window at
 * COSIM_DOORBELL_RTL_ARM_BASE (the GuC shim's install writes and the install status). The snoop
 * port takes one observed memory write per cycle; the outputs are the message to the GuC
 * interrupt block, the group-read hand-over and the 256 VALID bits. */
#ifndef DOORBELL_RTL_H
#define DOORBELL_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the block's AXI4-Lite port: awaddr/araddr must be below 1 << this. */
#define COSIM_DOORBELL_RTL_ADDR_BITS 13u
/* The arming window: DRBREGL(n)/DRBREGU(n) at ARM_BASE + 8n (+4) as the wrapper writes them. */
#define COSIM_DOORBELL_RTL_ARM_BASE 0x1000u
/* Install status: [3:0] result (doorbell_install_result), [4] waiting for the fill, [15:8]
 * the doorbell. */
#define COSIM_DOORBELL_RTL_INSTALL_STATUS 0x1800u
#define COSIM_DOORBELL_RTL_INSTALL_RESULT_MASK 0xFu
#define COSIM_DOORBELL_RTL_INSTALL_FILL_WAIT (1u << 4)

/* The snoop port's inputs for one cycle. */
typedef struct cosim_doorbell_rtl_snoop_pins {
    bool valid;         /* snoop_valid_i: a write (or the install's fill) is offered */
    bool fill;          /* snoop_fill_i: the line read at install, not a write */
    uint64_t line;      /* the cacheline's byte address (64-byte aligned, below 2^48) */
    uint64_t data;      /* the line's first 8 bytes after the write (DW0 | DW1 << 32) */
} cosim_doorbell_rtl_snoop_pins;

/* The registered outputs after a rising edge. */
typedef struct cosim_doorbell_rtl_outputs {
    bool msg_valid;      /* guc_msg_valid_o */
    uint8_t msg_groups;  /* guc_msg_groups_o */
    bool read_valid;     /* group_read_valid_o */
    uint8_t read_group;  /* group_read_group_o */
    uint32_t read_bits;  /* group_read_bits_o */
} cosim_doorbell_rtl_outputs;

typedef struct cosim_doorbell_rtl cosim_doorbell_rtl;

/* A new instance with its clock low, rst_ni low and idle inputs, no edge yet; NULL on failure. */
cosim_doorbell_rtl *cosim_doorbell_rtl_create(void);
void cosim_doorbell_rtl_destroy(cosim_doorbell_rtl *rtl);

/* Holds rst_ni low for `cycles` clock cycles (at least 1) with all inputs idle, then high. */
void cosim_doorbell_rtl_reset(cosim_doorbell_rtl *rtl, unsigned cycles);

/* One clock cycle: drive `in` (NULL: idle bus) and `snoop` (NULL: none), take the clock low,
 * evaluate, copy the bus outputs to `*out` (NULL: skipped); rising edge. */
void cosim_doorbell_rtl_cycle(cosim_doorbell_rtl *rtl, const cosim_axi_lite_request_pins *in,
                           const cosim_doorbell_rtl_snoop_pins *snoop, cosim_axi_lite_response_pins *out);

cosim_doorbell_rtl_outputs cosim_doorbell_rtl_outputs_now(const cosim_doorbell_rtl *rtl);
/* valid_o bit `bell` now; valid_o[32w+31:32w] (0 for w >= 8). */
bool cosim_doorbell_rtl_valid(const cosim_doorbell_rtl *rtl, unsigned bell);
uint32_t cosim_doorbell_rtl_valid_word(const cosim_doorbell_rtl *rtl, unsigned word);

uint64_t cosim_doorbell_rtl_cycles(const cosim_doorbell_rtl *rtl);
/* Benchmark baseline: idle inputs, then `n` cycles in a tight loop; returns cycles(). */
uint64_t cosim_doorbell_rtl_bare_cycles(cosim_doorbell_rtl *rtl, uint64_t n);

/* RTL assertion failures (each failing check at each edge once) plus pin values that did not
 * fit their port; the last one's message ("" if none). */
uint64_t cosim_doorbell_rtl_assertion_failures(const cosim_doorbell_rtl *rtl);
const char *cosim_doorbell_rtl_last_assertion(const cosim_doorbell_rtl *rtl);
/* 1 if this library was built from the planted-bug variant of the RTL (docs/design/cosim.md). */
int cosim_doorbell_rtl_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
