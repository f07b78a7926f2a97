// gtsim::sc_cs_engine: one command streamer (models/cs) alone as a SystemC TLM-2.0 module, its
// memory path out to the platform (docs/guide/systemc.md).
//
//   mmio_socket  (target)     the engine's register block, offsets relative to its MMIO base; no DMI
//   mem_socket   (initiator)  graphics memory: ring and batch fetches, stores, the status page,
//                             through sc_memory_bridge (DMI when the platform's memory grants it)
//   irq_socket   (initiator)  interrupt messages out: one 4-byte write at offset 0 per message
//                             in spec 001's 32-bit format (bind sc_irq_gen11::msg_socket)
#ifndef GTSIM_SC_CS_ENGINE_H
#define GTSIM_SC_CS_ENGINE_H

#include "gtsim_sc_payload.h"  // first: see there

#include <tlm_utils/simple_initiator_socket.h>

#include "cs_engine.h"
#include "gtsim_sc_coupling.h"
#include "gtsim_sc_memory_bridge.h"

namespace gtsim {

class sc_cs_engine : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;                                // engine registers
    tlm::tlm_initiator_socket<> mem_socket;                        // graphics memory
    tlm_utils::simple_initiator_socket_optional<sc_cs_engine> irq_socket;  // interrupt messages (may stay unbound)

    // Engine `engine` of `profile`; clock period 0: the gen12 GT's (gt_profile "gen12").
    sc_cs_engine(sc_core::sc_module_name name, cs_profile profile = CS_PROFILE_GEN12, cs_engine engine = CS_ENGINE_RCS,
                 const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_cs_engine() override;

    cs_engine_model *model() const { return m_engine; }
    const sc_memory_bridge &memory_bridge() const { return m_bridge; }
    // Messages refused by the irq_socket's target (logged as SystemC warnings).
    uint64_t irq_errors() const { return m_irq_errors; }

private:
    void end_of_elaboration() override;
    static void deliver(void *self, const irq_message *message);

    sc_memory_bridge m_bridge;       // the engine's memory target, out through mem_socket
    cs_engine_model *m_engine;       // the engine (owned)
    uint64_t m_irq_errors = 0;       // see irq_errors()
};

} // namespace gtsim

#endif
