// gtsim::sc_irq_gen11 (gtsim_sc_irq_gen11.h).
#include "gtsim_sc_irq_gen11.h"

#include <cstring>

namespace gtsim {

sc_irq_gen11::sc_irq_gen11(sc_core::sc_module_name name, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), guc_socket("guc_socket"),
      msg_socket("msg_socket"), host_irq("host_irq"), guc_vector{ sc_core::sc_out<bool>("guc_vector_0"),
                                                                  sc_core::sc_out<bool>("guc_vector_1") }
{
    m_irq = irq_gen11_create(kernel(), "irq");
    m_host_line = forward_line(irq_gen11_host_irq(m_irq), host_irq);
    for (unsigned v = 0; v < 2; v++)
        forward_line(irq_gen11_guc_vector(m_irq, v), guc_vector[v]);
    serve(mmio_socket, irq_gen11_target(m_irq, IRQ_GEN11_HOST), TLM_SPACE_MMIO);
    serve(guc_socket, irq_gen11_target(m_irq, IRQ_GEN11_GUC), TLM_SPACE_MMIO);
    msg_socket.register_b_transport(this, &sc_irq_gen11::msg_b_transport);
    msg_socket.register_get_direct_mem_ptr(this, &sc_irq_gen11::no_dmi);
}

sc_irq_gen11::~sc_irq_gen11()
{
    irq_gen11_destroy(m_irq);
}

// One message per 4-byte write at offset 0 (the message port is a wire bundle, not registers:
// anything else is refused the way a register block refuses it).
void sc_irq_gen11::msg_b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay)
{
    if (!gp.is_write()) {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    if (gp.get_address() != 0) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (gp.get_data_length() != 4 || is_streaming_burst(gp)) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (gp.get_byte_enable_ptr()) {
        gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    sync_to(sc_core::sc_time_stamp() + delay);
    uint32_t word;
    std::memcpy(&word, gp.get_data_ptr(), 4);
    irq_message message = irq_message_unpack(word);
    irq_gen11_deliver(m_irq, &message);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    kick();
}

bool sc_irq_gen11::no_dmi(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi)
{
    return deny_dmi(gp, dmi);
}

} // namespace gtsim
