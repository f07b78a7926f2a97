// gtsim::sc_doorbell_guc: the GTI doorbell controller (models/doorbell) and the GuC block
// (models/guc) as one SystemC TLM-2.0 module (docs/guide/systemc.md), without the GuC scheduler
// model: the platform's firmware model drives the GuC's side.
//
//   mmio_socket  (target)     the host's view, offsets as in the GT's BAR: the doorbell block at
//                             DOORBELL_MMIO_BASE, the GuC block at GUC_MMIO_BASE, the hashing fuse
//                             at GUC_FUSE_MMIO_BASE; no DMI
//   guc_socket   (target)     the GuC's MMIO view (may stay unbound): the doorbell shim at
//                             DOORBELL_MMIO_BASE (installs), the GuC block at GUC_MMIO_BASE; no DMI
//   mem_socket   (initiator)  graphics memory (may stay unbound: the module's own sparse memory):
//                             the doorbell controller reads the lines it watches there
//   gfx_socket   (target)     the memory front: host writes routed through it reach that memory
//                             and are snooped for doorbell rings; DMI never writable over a
//                             watched line
//   irq_socket   (initiator)  interrupt messages out (the GuC's vectors to the host), one 4-byte
//                             write at offset 0 per message in spec 001's format (bind
//                             sc_irq_gen11::msg_socket); may stay unbound
//   core_irq     (sc_out)     the micro-core's interrupt: high from an interrupt the GuC block
//                             raises for the micro-core until the firmware side calls
//                             core_acknowledge(); core_causes() says why (GUC_CORE_* bits)
#ifndef GTSIM_SC_DOORBELL_GUC_H
#define GTSIM_SC_DOORBELL_GUC_H

#include "gtsim_sc_payload.h"  // first: see there

#include <tlm_utils/simple_initiator_socket.h>

#include "doorbell.h"
#include "guc.h"
#include "gtsim_sc_coupling.h"
#include "gtsim_sc_gfx_memory.h"

namespace gtsim {

class sc_doorbell_guc : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;            // host MMIO
    sc_c_target_socket_optional guc_socket;    // the GuC's MMIO view
    sc_c_target_socket gfx_socket;             // graphics memory as the host writes it (the memory front)
    tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 1, sc_core::SC_ZERO_OR_MORE_BOUND>
        mem_socket;                            // graphics memory as the doorbell controller reads it
    tlm_utils::simple_initiator_socket_optional<sc_doorbell_guc> irq_socket;  // interrupt messages
    sc_core::sc_out<bool> core_irq;            // the micro-core's interrupt

    explicit sc_doorbell_guc(sc_core::sc_module_name name, bool hash_fuse = true,
                             const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_doorbell_guc() override;

    doorbell *doorbell_model() const { return m_doorbell; }
    guc *guc_model() const { return m_guc; }
    // Graphics memory was written around gfx_socket: the doorbells look at their lines there.
    void memory_written(uint64_t address, uint64_t length) { tlm_snoop_written(m_snoop, address, length); }
    // The micro-core's pending causes (GUC_CORE_* bits); acknowledging clears them and the line.
    uint32_t core_causes() const { return m_core_causes; }
    void core_acknowledge();
    uint64_t irq_errors() const { return m_irq_errors; }  // messages irq_socket's target refused
    const sc_line_stats &core_irq_stats() const { return line_stats(m_core_line); }
    bool external_memory() const { return m_memory.external(); }

private:
    void end_of_elaboration() override;
    static void deliver(void *self, const irq_message *message);
    static void core_interrupt(void *self, uint32_t causes);

    sc_gfx_memory m_memory;               // mem_socket's memory, or the module's own
    tlm_snoop *m_snoop = nullptr;         // the memory front the doorbells watch (owned)
    doorbell *m_doorbell = nullptr;       // the controller (owned)
    guc *m_guc = nullptr;                 // the GuC block (owned)
    tlm_router *m_host = nullptr;         // mmio_socket's map (owned)
    tlm_router *m_guc_view = nullptr;     // guc_socket's map (owned)
    tlm_signal m_core_signal;             // the micro-core line on the C side
    size_t m_core_line = 0;               // forwarded line index of core_irq
    uint32_t m_core_causes = 0;           // see core_causes()
    uint64_t m_irq_errors = 0;            // see irq_errors()
};

} // namespace gtsim

#endif
