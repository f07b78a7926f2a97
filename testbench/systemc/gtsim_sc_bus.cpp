// gtsim::sc_bus (gtsim_sc_bus.h).
#include "gtsim_sc_bus.h"

namespace gtsim {

sc_bus::sc_bus(sc_core::sc_module_name name) : sc_module(name), targets_in("targets_in"), targets_out("targets_out")
{
    targets_in.register_b_transport(this, &sc_bus::b_transport);
    targets_in.register_transport_dbg(this, &sc_bus::transport_dbg);
    targets_in.register_get_direct_mem_ptr(this, &sc_bus::get_direct_mem_ptr);
    targets_out.register_invalidate_direct_mem_ptr(this, &sc_bus::invalidate_direct_mem_ptr);
}

void sc_bus::map(uint64_t base, uint64_t size)
{
    for (const range &r : m_ranges)
        if (size == 0 || (base < r.base + r.size && r.base < base + size))
            SC_REPORT_ERROR(name(), "overlapping or empty range refused");
    m_ranges.push_back({ base, size });
}

int sc_bus::decode(uint64_t address) const
{
    for (size_t i = 0; i < m_ranges.size(); i++)
        if (address >= m_ranges[i].base && address - m_ranges[i].base < m_ranges[i].size)
            return static_cast<int>(i);
    return -1;
}

void sc_bus::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay)
{
    uint64_t address = gp.get_address();
    int t = decode(address);
    if (t < 0 || static_cast<unsigned>(t) >= targets_out.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    gp.set_address(address - m_ranges[t].base);
    targets_out[t]->b_transport(gp, delay);
    gp.set_address(address);
}

unsigned sc_bus::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    uint64_t address = gp.get_address();
    int t = decode(address);
    if (t < 0 || static_cast<unsigned>(t) >= targets_out.size())
        return 0;
    gp.set_address(address - m_ranges[t].base);
    unsigned n = targets_out[t]->transport_dbg(gp);
    gp.set_address(address);
    return n;
}

bool sc_bus::get_direct_mem_ptr(int, tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi)
{
    uint64_t address = gp.get_address();
    int t = decode(address);
    if (t < 0 || static_cast<unsigned>(t) >= targets_out.size()) {
        dmi.allow_none();
        return false;
    }
    const range &r = m_ranges[t];
    gp.set_address(address - r.base);
    bool granted = targets_out[t]->get_direct_mem_ptr(gp, dmi);
    gp.set_address(address);
    // Back to bus addresses, clipped to the target's range.
    uint64_t start = dmi.get_start_address(), end = dmi.get_end_address();
    if (end > r.size - 1)
        end = r.size - 1;
    dmi.set_start_address(r.base + start);
    dmi.set_end_address(r.base + end);
    return granted;
}

void sc_bus::invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end)
{
    const range &r = m_ranges.at(id);
    uint64_t last = end > r.size - 1 ? r.size - 1 : end;
    for (unsigned i = 0; i < targets_in.size(); i++)
        targets_in[i]->invalidate_direct_mem_ptr(r.base + start, r.base + last);
}

} // namespace gtsim
