// gtsim::sc_eu_array: the EU array (models/eu) alone as a SystemC TLM-2.0 module
// (docs/guide/systemc.md), without a command streamer: walkers come in on a socket.
//
//   mmio_socket    (target)     gen12: the OAG registers at the GT's BAR offsets (EU_OAG_MMIO_BASE,
//                               EU_OAG_CTX_MMIO_BASE); no DMI
//   walker_socket  (target)     one GPGPU_WALKER or COMPUTE_WALKER per write at offset 0: the
//                               command's dwords as the render streamer parsed them (what its
//                               walker port hands the EU array, docs/reference/cs.md "Walkers")
//   mem_socket     (initiator)  graphics memory: the data port's loads and stores and the OA
//                               reports (may stay unbound: the module's own sparse memory)
//   irq_socket     (initiator)  interrupt messages out (the OA buffer interrupt), one 4-byte write
//                               at offset 0 per message in spec 001's format; may stay unbound
//   busy           (sc_out)     high from a walker's arrival until every walker taken is complete
//                               (the completion the render streamer's PIPE_CONTROL CS stall waits for)
#ifndef GTSIM_SC_EU_ARRAY_H
#define GTSIM_SC_EU_ARRAY_H

#include "gtsim_sc_payload.h"  // first: see there

#include <tlm_utils/simple_initiator_socket.h>

#include "cs_commands.h"
#include "eu_array.h"
#include "gtsim_sc_coupling.h"
#include "gtsim_sc_gfx_memory.h"

namespace gtsim {

class sc_eu_array : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;    // OA registers
    sc_c_target_socket walker_socket;  // walkers in
    tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 1, sc_core::SC_ZERO_OR_MORE_BOUND>
        mem_socket;                    // graphics memory (may stay unbound)
    tlm_utils::simple_initiator_socket_optional<sc_eu_array> irq_socket;  // interrupt messages
    sc_core::sc_out<bool> busy;        // walkers outstanding

    explicit sc_eu_array(sc_core::sc_module_name name, cs_profile profile = CS_PROFILE_GEN12,
                         const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_eu_array() override;

    eu_array *model() const { return m_eu; }
    tlm_memory *memory() const { return m_memory.own(); }
    bool external_memory() const { return m_memory.external(); }
    uint64_t walkers_taken() const { return m_taken; }
    uint64_t walkers_done() const { return m_done; }
    uint64_t irq_errors() const { return m_irq_errors; }
    const sc_line_stats &busy_stats() const { return line_stats(m_busy_line); }

private:
    void end_of_elaboration() override;
    static void deliver(void *self, const irq_message *message);
    static void walker_b_transport(void *self, tlm_payload *payload, tlm_time *delay);
    static void walker_done(void *self, uint64_t ticket);

    cs_profile m_profile;               // command tables the walkers are decoded with
    sc_gfx_memory m_memory;             // mem_socket's memory, or the module's own
    eu_array *m_eu = nullptr;           // the EU array (owned)
    cs_walker_port m_port{};            // its walker port
    tlm_router *m_oa = nullptr;         // mmio_socket's map (owned)
    tlm_target m_walker_target{};       // walker_socket's C side
    tlm_signal m_busy_signal;           // busy on the C side
    size_t m_busy_line = 0;             // forwarded line index of busy
    uint64_t m_taken = 0;               // walkers accepted
    uint64_t m_done = 0;                // walkers completed
    uint64_t m_irq_errors = 0;          // messages irq_socket's target refused
};

} // namespace gtsim

#endif
