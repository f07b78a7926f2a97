// gtsim::sc_memory (gtsim_sc_memory.h).
#include "gtsim_sc_memory.h"

#include <cstring>

namespace gtsim {

sc_memory::sc_memory(sc_core::sc_module_name name, uint64_t size, const sc_core::sc_time &latency, bool grant_dmi)
    : sc_module(name), socket("socket"), m_bytes(size), m_latency(latency), m_grant_dmi(grant_dmi)
{
    socket.register_b_transport(this, &sc_memory::b_transport);
    socket.register_transport_dbg(this, &sc_memory::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &sc_memory::get_direct_mem_ptr);
}

bool sc_memory::check(tlm::tlm_generic_payload &gp)
{
    uint64_t a = gp.get_address(), n = gp.get_data_length();
    if (n == 0 || gp.get_streaming_width() < n) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return false;
    }
    if (a >= m_bytes.size() || n > m_bytes.size() - a) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    return true;
}

void sc_memory::b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay)
{
    if (!check(gp))
        return;
    unsigned char *at = &m_bytes[gp.get_address()];
    const unsigned char *be = gp.get_byte_enable_ptr();
    unsigned be_len = gp.get_byte_enable_length();
    for (unsigned i = 0; i < gp.get_data_length(); i++) {
        if (be && be[i % be_len] != TLM_BYTE_ENABLED)
            continue;
        if (gp.is_read())
            gp.get_data_ptr()[i] = at[i];
        else if (gp.is_write())
            at[i] = gp.get_data_ptr()[i];
    }
    delay += m_latency;
    m_transports++;
    gp.set_dmi_allowed(m_grant_dmi);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned sc_memory::transport_dbg(tlm::tlm_generic_payload &gp)
{
    uint64_t a = gp.get_address();
    if (a >= m_bytes.size())
        return 0;
    unsigned n = static_cast<unsigned>(std::min<uint64_t>(gp.get_data_length(), m_bytes.size() - a));
    if (gp.is_read())
        std::memcpy(gp.get_data_ptr(), &m_bytes[a], n);
    else if (gp.is_write())
        std::memcpy(&m_bytes[a], gp.get_data_ptr(), n);
    return n;
}

bool sc_memory::get_direct_mem_ptr(tlm::tlm_generic_payload &, tlm::tlm_dmi &dmi)
{
    m_dmi_requests++;
    dmi.set_start_address(0);
    dmi.set_end_address(m_bytes.size() - 1);
    if (!m_grant_dmi) {
        dmi.allow_none();
        return false;
    }
    dmi.set_dmi_ptr(m_bytes.data());
    dmi.allow_read_write();
    dmi.set_read_latency(m_latency);
    dmi.set_write_latency(m_latency);
    return true;
}

void sc_memory::invalidate_all()
{
    socket->invalidate_direct_mem_ptr(0, m_bytes.size() - 1);
}

} // namespace gtsim
