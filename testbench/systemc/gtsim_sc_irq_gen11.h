// gtsim::sc_irq_gen11: the gen11+ interrupt aggregator (models/irq) alone as a SystemC TLM-2.0
// module (docs/guide/systemc.md).
//
//   mmio_socket  (target)  the host block, offsets relative to IRQ_GEN11_MMIO_BASE; no DMI
//   guc_socket   (target)  the GuC's block (the GuC's MMIO view), may stay unbound; no DMI
//   msg_socket   (target)  engine interrupt messages: each 4-byte write at offset 0 is one
//                          message in spec 001's 32-bit format (irq_message_unpack)
//   host_irq     (sc_out)  the host line; guc_vector[0..1] (sc_out) the GuC's two vectors
#ifndef GTSIM_SC_IRQ_GEN11_H
#define GTSIM_SC_IRQ_GEN11_H

#include "gtsim_sc_payload.h"  // first: see there

#include <tlm_utils/simple_target_socket.h>

#include "gtsim_sc_coupling.h"
#include "irq_gen11.h"

namespace gtsim {

class sc_irq_gen11 : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;                             // host block
    sc_c_target_socket_optional guc_socket;                     // GuC block (may stay unbound)
    tlm_utils::simple_target_socket<sc_irq_gen11> msg_socket;   // interrupt messages
    sc_core::sc_out<bool> host_irq;                             // host line
    sc_core::sc_out<bool> guc_vector[2];                        // GuC vectors 0 and 1

    explicit sc_irq_gen11(sc_core::sc_module_name name, const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_irq_gen11() override;

    irq_gen11 *model() const { return m_irq; }
    const sc_line_stats &host_irq_stats() const { return line_stats(m_host_line); }

private:
    void msg_b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    bool no_dmi(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi);

    irq_gen11 *m_irq = nullptr;  // the aggregator (owned)
    size_t m_host_line = 0;      // forwarded line index of host_irq
};

} // namespace gtsim

#endif
