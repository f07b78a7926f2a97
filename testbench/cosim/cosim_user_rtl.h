/* The pins of a user's RTL block as plain C values, and the table of functions its generated
 * Verilator wrapper exports (docs/guide/bring-your-own-rtl.md). scripts/gtsim-user-twin.py
 * writes the wrapper from the top's port list (port-name convention or a description file);
 * cosim_user_twin.h binds the ports to transactors, signals and callbacks.
 *
 * A user block has, besides clk_i and rst_ni:
 *   - one AXI4-Lite register slave port (s_axil_*, cosim_axi_lite_pins.h), address width 1..16;
 *   - up to COSIM_USER_MAX_MASTERS AXI4 master ports (m_axi_<port>_*, cosim_axi4_pins.h:
 *     64-bit data, at most 32-bit addresses and 4-bit IDs);
 *   - up to COSIM_USER_MAX_IRQS interrupt outputs (irq_<name>_o, one bit, a level);
 *   - up to COSIM_USER_MAX_MESSAGES message output ports (msg_<name>_valid_o, msg_<name>_ready_i,
 *     msg_<name>_data_o of 1..64 bits): a message is taken at the rising edge where valid and
 *     ready are both high. */
#ifndef COSIM_USER_RTL_H
#define COSIM_USER_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_pins.h"
#include "cosim_axi_lite_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

#define COSIM_USER_MAX_MASTERS 4u  /* AXI4 master ports of one block at most */
#define COSIM_USER_MAX_IRQS 8u     /* interrupt outputs of one block at most */
#define COSIM_USER_MAX_MESSAGES 4u /* message ports of one block at most */

/* What the C side drives into the block for one cycle. */
typedef struct cosim_user_rtl_inputs {
    cosim_axi_lite_request_pins registers;                      /* the s_axil_* inputs */
    cosim_axi4_response_pins masters[COSIM_USER_MAX_MASTERS];   /* each master port's inputs (the slave's answers) */
    bool message_ready[COSIM_USER_MAX_MESSAGES];                /* msg_<name>_ready_i */
} cosim_user_rtl_inputs;

/* What the block drives in that cycle, sampled before the rising edge. */
typedef struct cosim_user_rtl_outputs {
    cosim_axi_lite_response_pins registers;                     /* the s_axil_* outputs */
    cosim_axi4_request_pins masters[COSIM_USER_MAX_MASTERS];    /* each master port's outputs (the requests) */
    bool irq[COSIM_USER_MAX_IRQS];                              /* irq_<name>_o */
    bool message_valid[COSIM_USER_MAX_MESSAGES];                /* msg_<name>_valid_o */
    uint64_t message_data[COSIM_USER_MAX_MESSAGES];             /* msg_<name>_data_o, zero-extended */
} cosim_user_rtl_outputs;

/* The generated wrapper's description of the block and its functions (one constant table per
 * Verilated top, returned by <name>_user_rtl()). */
typedef struct cosim_user_rtl_ops {
    const char *top;                                  /* the RTL top module */
    unsigned address_bits;                            /* width of s_axil_awaddr_i/araddr_i */
    unsigned master_count;                            /* AXI4 master ports */
    const char *master_names[COSIM_USER_MAX_MASTERS]; /* their <port> names, in port order */
    unsigned irq_count;                               /* interrupt outputs */
    const char *irq_names[COSIM_USER_MAX_IRQS];       /* their <name>s */
    unsigned message_count;                           /* message ports */
    const char *message_names[COSIM_USER_MAX_MESSAGES]; /* their <name>s */
    unsigned message_bits[COSIM_USER_MAX_MESSAGES];   /* width of each msg_<name>_data_o */
    int planted;                                      /* 1 when the wrapper was built from a planted-bug variant */
    /* A new instance with idle inputs (NULL with a message on stderr if it cannot be built). */
    void *(*create)(void);
    void (*destroy)(void *rtl);
    /* rst_ni low for `cycles` cycles (at least one) with idle inputs, then high. */
    void (*reset)(void *rtl, unsigned cycles);
    /* One clock cycle: `in` applied with the clock low, `out` sampled before the rising edge. */
    void (*cycle)(void *rtl, const cosim_user_rtl_inputs *in, cosim_user_rtl_outputs *out);
    /* RTL assertions that failed plus pin values that did not fit their port. */
    uint64_t (*assertion_failures)(const void *rtl);
} cosim_user_rtl_ops;

#ifdef __cplusplus
}
#endif

#endif
