/* C API of the Verilated gen11+ interrupt aggregation (rtl/irq/irq_gen11.sv). Only the wrapper
 * behind it sees Verilator; docs/reference/rtl.md describes the block and the cycle semantics (the same
 * as cosim_roundtrip_rtl's: roundtrip_rtl.h).
 *
 * The AXI4-Lite port carries both register blocks: the host block at offset 0 and the GuC
 * block at COSIM_IRQ_RTL_GUC_BASE. The message port takes one engine interrupt message per cycle
 * (valid/ready); the outputs are the host interrupt line and the GuC's two vectors. */
#ifndef IRQ_RTL_H
#define IRQ_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Address bits of the block's AXI4-Lite port: awaddr/araddr must be below 1 << this. */
#define COSIM_IRQ_RTL_ADDR_BITS 10u
/* Where the GuC block starts on the port (the host block starts at 0). */
#define COSIM_IRQ_RTL_GUC_BASE 0x200u

/* The message port's inputs for one cycle (spec 001 message fields, irq_message.h). */
typedef struct cosim_irq_rtl_message_pins {
    bool valid;       /* msg_valid_i: a message is offered */
    uint8_t vf_id;    /* msg_vf_i (3 bits) */
    uint8_t engine_class; /* msg_class_i (3 bits) */
    uint8_t instance; /* msg_instance_i (6 bits) */
    uint16_t data;    /* msg_data_i */
} cosim_irq_rtl_message_pins;

/* The outputs after a rising edge. */
typedef struct cosim_irq_rtl_outputs {
    bool host_irq;      /* host_irq_o */
    bool guc_vector[2]; /* guc_vector_o[1:0] */
} cosim_irq_rtl_outputs;

typedef struct cosim_irq_rtl cosim_irq_rtl;

/* A new instance with its clock low, rst_ni low and idle inputs, no edge yet; NULL on failure. */
cosim_irq_rtl *cosim_irq_rtl_create(void);
/* Runs the model's final blocks and frees it; NULL is ignored. */
void cosim_irq_rtl_destroy(cosim_irq_rtl *rtl);

/* Holds rst_ni low for `cycles` clock cycles (at least 1) with all inputs idle, then high. */
void cosim_irq_rtl_reset(cosim_irq_rtl *rtl, unsigned cycles);

/* One clock cycle as a master sees it (roundtrip_rtl.h): drive `in` (NULL: idle bus) and
 * `msg` (NULL: no message) and take the clock low, evaluate; copy the bus outputs to `*out`
 * (NULL: skipped) and return msg_ready_o as it stands before the edge; rising edge. A message
 * is taken at that edge when msg->valid and the returned ready are both true. */
bool cosim_irq_rtl_cycle(cosim_irq_rtl *rtl, const cosim_axi_lite_request_pins *in, const cosim_irq_rtl_message_pins *msg,
                      cosim_axi_lite_response_pins *out);

/* The outputs now (after the last rising edge). */
cosim_irq_rtl_outputs cosim_irq_rtl_outputs_now(const cosim_irq_rtl *rtl);

/* Rising edges since create (reset cycles included). */
uint64_t cosim_irq_rtl_cycles(const cosim_irq_rtl *rtl);
/* Benchmark baseline: idle inputs, then `n` cycles in a tight loop; returns cycles(). */
uint64_t cosim_irq_rtl_bare_cycles(cosim_irq_rtl *rtl, uint64_t n);

/* Failures since create: RTL assertions that failed (each failing check at each edge counts
 * once) plus pin values that did not fit their port. */
uint64_t cosim_irq_rtl_assertion_failures(const cosim_irq_rtl *rtl);
/* The message of the last failure, or "" if none. */
const char *cosim_irq_rtl_last_assertion(const cosim_irq_rtl *rtl);
/* 1 if this library was built from the planted-bug variant of the RTL (docs/design/cosim.md). */
int cosim_irq_rtl_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
