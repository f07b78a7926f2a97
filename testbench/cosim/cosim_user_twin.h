/* A user's RTL block as a twin (docs/guide/bring-your-own-rtl.md): the Verilated block of a
 * generated wrapper (cosim_user_rtl.h) with its register port behind the AXI4-Lite transactor
 * (an MMIO tlm target), each AXI4 master port answered by an AXI4 slave transactor from a tlm
 * target the caller names (graphics memory, a router), each interrupt output a tlm_signal, and
 * each message port a callback.
 *
 * Clocking. One RTL, one clock: the AXI4-Lite transactor steps the RTL at every rising edge of
 * `clock` (and runs it ahead during a register access, cosim_axi_lite_transactor.h); each
 * cycle passes through the master ports' slave transactors in port order, so every transactor
 * sees every cycle once and the block is clocked once per cycle.
 *
 * Messages. msg_<name>_ready_i is driven high (the C side takes every message); a message is
 * delivered to the callback with the time of the rising edge that took it, which may lie
 * ahead of the kernel's time while the RTL runs ahead during a register access. Interrupt
 * outputs are sampled after every cycle; each signal follows its pin (its waveform row is
 * stamped at the edge).
 *
 * Waveforms. When the kernel traces: the register port's pins in the scope `name` (the
 * AXI4-Lite transactor's rows), the interrupt pins beside them, and each master port's AXI4
 * pins in the scope `name`.m_axi_<port> (cosim_axi4_trace.h rows, m_axi_* names). */
#ifndef COSIM_USER_TWIN_H
#define COSIM_USER_TWIN_H

#include <stdint.h>

#include "cosim_axi4_slave.h"
#include "cosim_user_rtl.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A message taken from port `port` (its index in ops->message_names). */
typedef void (*cosim_user_message_fn)(void *context, unsigned port, uint64_t data, tlm_time when);

typedef struct cosim_user_twin_config {
    const char *name;                                   /* instance name: logs and waveform scope */
    tlm_kernel *kernel;                                 /* time base and logger */
    tlm_clock *clock;                                   /* the block's clock (running) */
    const tlm_target *masters[COSIM_USER_MAX_MASTERS];  /* where each master port's bursts go (NULL: every burst DECERR) */
    uint64_t master_base[COSIM_USER_MAX_MASTERS];       /* added to each port's AXI addresses */
    cosim_axi4_delay master_delay[COSIM_USER_MAX_MASTERS][COSIM_AXI4_CHANNELS]; /* handshake delay patterns per port (zero: none) */
    uint16_t initiator_id;                              /* initiator_id of the master ports' payloads */
    cosim_user_message_fn on_message;                   /* messages (NULL: counted only) */
    void *message_context;                              /* passed to on_message */
    unsigned reset_cycles;                              /* reset length before time starts (0: 4) */
} cosim_user_twin_config;

typedef struct cosim_user_twin cosim_user_twin;

/* NULL with a log line when the RTL cannot be built or ops declares more ports than supported. */
cosim_user_twin *cosim_user_twin_create(const cosim_user_rtl_ops *ops, const cosim_user_twin_config *config);
void cosim_user_twin_destroy(cosim_user_twin *twin);

const cosim_user_rtl_ops *cosim_user_twin_ops(const cosim_user_twin *twin);
/* The register port: offsets relative to the block. */
const tlm_target *cosim_user_twin_registers(cosim_user_twin *twin);
/* Interrupt output `index` (ops->irq_names order), NULL beyond irq_count. */
tlm_signal *cosim_user_twin_irq(cosim_user_twin *twin, unsigned index);
/* Master port `index`'s transactor, NULL beyond master_count. */
cosim_axi4_slave *cosim_user_twin_master(cosim_user_twin *twin, unsigned index);
/* No burst open on any master port. */
bool cosim_user_twin_masters_idle(const cosim_user_twin *twin);
/* Messages taken so far on all ports. */
uint64_t cosim_user_twin_messages(const cosim_user_twin *twin);
uint64_t cosim_user_twin_cycles(const cosim_user_twin *twin);
uint64_t cosim_user_twin_assertion_failures(const cosim_user_twin *twin);

/* The index of `name` in a name list of ops (irq, message or master names), -1 if absent. */
int cosim_user_rtl_find(const char *const *names, unsigned count, const char *name);

#ifdef __cplusplus
}
#endif

#endif
