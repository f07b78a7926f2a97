// gtsim memory target → SystemC initiator socket (gtsim_sc_memory_bridge.h).
#include "gtsim_sc_memory_bridge.h"

#include <cstring>

namespace gtsim {

sc_memory_bridge::sc_memory_bridge(tlm_kernel *kernel, const char *name) : m_kernel(kernel)
{
    m_target = tlm_target{};
    m_target.name = name;
    m_target.self = this;
    m_target.b_transport = b_transport;
    m_target.transport_dbg = transport_dbg;
    m_target.get_direct_mem_ptr = get_direct_mem_ptr;
    m_target.subscribe_dmi_invalidate = subscribe;
}

// The C caller's time as a SystemC local offset (see the header).
static sc_core::sc_time offset_of(tlm_kernel *kernel, tlm_time delay)
{
    sc_core::sc_time c = to_sc_time(tlm_kernel_now(kernel) + delay);
    sc_core::sc_time now = sc_core::sc_time_stamp();
    return c > now ? c - now : to_sc_time(delay);
}

bool sc_memory_bridge::serve_by_dmi(tlm_payload *p, tlm_time *delay)
{
    // Byte enables and ignore commands take the socket (DMI is plain loads and stores).
    if (p->byte_enable || p->command == TLM_CMD_IGNORE || p->length == 0 || !p->data)
        return false;
    uint64_t last = p->address + p->length - 1;
    if (last < p->address)
        return false;
    for (const tlm::tlm_dmi &r : m_regions) {
        if (p->address < r.get_start_address() || last > r.get_end_address())
            continue;
        unsigned char *at = r.get_dmi_ptr() + (p->address - r.get_start_address());
        if (p->command == TLM_CMD_READ && r.is_read_allowed()) {
            std::memcpy(p->data, at, p->length);
            *delay += to_ps(r.get_read_latency());
        } else if (p->command == TLM_CMD_WRITE && r.is_write_allowed()) {
            std::memcpy(at, p->data, p->length);
            *delay += to_ps(r.get_write_latency());
        } else {
            continue;
        }
        p->response = TLM_STATUS_OK;
        m_dmi_transfers++;
        return true;
    }
    return false;
}

void sc_memory_bridge::b_transport(void *self, tlm_payload *p, tlm_time *delay)
{
    sc_memory_bridge *b = static_cast<sc_memory_bridge *>(self);
    if (!b->m_forward) {
        p->response = TLM_STATUS_ADDRESS_ERROR;  // nothing bound: nothing at any address
        return;
    }
    if (b->serve_by_dmi(p, delay))
        return;
    tlm::tlm_generic_payload gp;
    to_systemc(*p, gp);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time before = offset_of(b->m_kernel, *delay);
    sc_core::sc_time t = before;
    b->m_forward->b_transport(gp, t);
    p->response = to_gtsim(gp.get_response_status());
    *delay += to_ps(t - before);
    b->m_socket_transfers++;
    // The target offered DMI for this range: take it for the next transfers.
    if (gp.is_dmi_allowed() && gp.is_response_ok()) {
        tlm::tlm_dmi dmi;
        gp.set_command(p->command == TLM_CMD_WRITE ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        if (b->m_forward->get_direct_mem_ptr(gp, dmi)) {
            // A bounded cache: the oldest region goes first (a page-granular target grants many).
            if (b->m_regions.size() == dmi_region_limit)
                b->m_regions.erase(b->m_regions.begin());
            b->m_regions.push_back(dmi);
        }
    }
}

uint32_t sc_memory_bridge::transport_dbg(void *self, tlm_payload *p)
{
    sc_memory_bridge *b = static_cast<sc_memory_bridge *>(self);
    if (!b->m_forward)
        return 0;
    tlm::tlm_generic_payload gp;
    to_systemc(*p, gp);
    return b->m_forward->transport_dbg(gp);
}

bool sc_memory_bridge::get_direct_mem_ptr(void *self, tlm_payload *p, tlm_dmi_region *dmi)
{
    sc_memory_bridge *b = static_cast<sc_memory_bridge *>(self);
    if (!b->m_forward)
        return false;
    tlm::tlm_generic_payload gp;
    to_systemc(*p, gp);
    tlm::tlm_dmi grant;
    if (!b->m_forward->get_direct_mem_ptr(gp, grant) || !grant.get_dmi_ptr())
        return false;
    dmi->pointer = grant.get_dmi_ptr();
    dmi->start = grant.get_start_address();
    dmi->end = grant.get_end_address();
    dmi->read_allowed = grant.is_read_allowed();
    dmi->write_allowed = grant.is_write_allowed();
    dmi->read_latency = to_ps(grant.get_read_latency());
    dmi->write_latency = to_ps(grant.get_write_latency());
    return dmi->read_allowed || dmi->write_allowed;
}

void sc_memory_bridge::subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    static_cast<sc_memory_bridge *>(self)->m_subscribers.emplace_back(fn, context);
}

tlm::tlm_sync_enum sc_memory_bridge::nb_transport_bw(tlm::tlm_generic_payload &, tlm::tlm_phase &, sc_core::sc_time &)
{
    // Loosely timed only: the bridge never starts a non-blocking transfer.
    return tlm::TLM_COMPLETED;
}

void sc_memory_bridge::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end)
{
    std::vector<tlm::tlm_dmi> kept;
    for (const tlm::tlm_dmi &r : m_regions)
        if (r.get_end_address() < start || r.get_start_address() > end)
            kept.push_back(r);
    m_regions.swap(kept);
    for (auto &s : m_subscribers)
        s.first(s.second, start, end);
}

} // namespace gtsim
