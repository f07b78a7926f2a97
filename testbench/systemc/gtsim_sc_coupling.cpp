// C kernel / SystemC kernel coupling (gtsim_sc_coupling.h).
#include "gtsim_sc_coupling.h"

#include <algorithm>
#include <limits>

namespace gtsim {

const sc_core::sc_time default_coupling_quantum(100, sc_core::SC_NS);

sc_kernel_coupling::sc_kernel_coupling(sc_core::sc_module_name name, tlm_kernel *kernel,
                                       const sc_core::sc_time &quantum)
    : sc_core::sc_module(name), m_kernel(kernel),
      m_quantum(quantum > sc_core::SC_ZERO_TIME ? quantum : default_coupling_quantum)
{
    SC_THREAD(sync_thread);
    SC_METHOD(update_lines);
    sensitive << m_line_event;
    dont_initialize();
}

// The derived module has destroyed its blocks (and their signals, with the listeners) already.
sc_kernel_coupling::~sc_kernel_coupling()
{
    tlm_kernel_destroy(m_kernel);
}

void sc_kernel_coupling::sync_to(const sc_core::sc_time &t)
{
    tlm_time target = to_ps(t);
    tlm_time now = tlm_kernel_now(m_kernel);
    if (target > now) {
        tlm_run_status status = tlm_kernel_run_for(m_kernel, target - now);
        if (status != TLM_RUN_TIME_REACHED)
            SC_REPORT_WARNING(name(), (std::string("C kernel run ended with ") + tlm_run_status_name(status)).c_str());
    }
    sc_core::sc_time lead = c_time() > sc_core::sc_time_stamp() ? c_time() - sc_core::sc_time_stamp()
                                                                 : sc_core::SC_ZERO_TIME;
    m_max_lead = std::max(m_max_lead, lead);
}

size_t sc_kernel_coupling::forward_line(tlm_signal *signal, sc_core::sc_out<bool> &out)
{
    auto l = std::make_unique<line>();
    l->owner = this;
    l->signal = signal;
    l->out = &out;
    tlm_signal_listen(signal, on_signal, l.get());
    m_lines.push_back(std::move(l));
    return m_lines.size() - 1;
}

void sc_kernel_coupling::end_of_elaboration()
{
    // The ports start at the C lines' reset levels.
    for (auto &l : m_lines)
        l->out->initialize(tlm_signal_get(l->signal) != 0);
}

// Called from inside the C kernel (or a C b_transport): queue the edge at its C time; the
// method puts it on the port at that time, or at once if SystemC is already past it.
void sc_kernel_coupling::on_signal(void *context, tlm_signal *, uint64_t, uint64_t new_value)
{
    line *l = static_cast<line *>(context);
    sc_kernel_coupling *self = l->owner;
    sc_core::sc_time edge = self->c_time();
    l->pending.emplace_back(edge, new_value != 0);
    sc_core::sc_time now = sc_core::sc_time_stamp();
    self->m_line_event.notify(edge > now ? edge - now : sc_core::SC_ZERO_TIME);
}

void sc_kernel_coupling::update_lines()
{
    sc_core::sc_time now = sc_core::sc_time_stamp();
    sc_core::sc_time next = sc_core::SC_ZERO_TIME;
    bool more = false;
    for (auto &l : m_lines) {
        bool changed = false, value = false;
        while (!l->pending.empty() && l->pending.front().first <= now) {
            const auto &edge = l->pending.front();
            sc_core::sc_time latency = now - edge.first;
            l->stats.edges++;
            l->stats.max_latency = std::max(l->stats.max_latency, latency);
            l->stats.last_c_edge = edge.first;
            l->stats.last_sc_change = now;
            value = edge.second;
            changed = true;
            l->pending.pop_front();
        }
        if (changed)
            l->out->write(value);
        if (!l->pending.empty()) {
            sc_core::sc_time wait = l->pending.front().first - now;
            if (!more || wait < next)
                next = wait;
            more = true;
        }
    }
    if (more)
        m_line_event.notify(next);
}

void sc_kernel_coupling::sync_thread()
{
    for (;;) {
        // Sleep while the C kernel has nothing but background events (clocks): a SystemC run
        // without a time limit then ends when the platform is done.
        if (tlm_kernel_pending_foreground(m_kernel) == 0)
            sc_core::wait(m_kick);
        else
            sc_core::wait(m_quantum);
        sync_to(sc_core::sc_time_stamp());
    }
}

void sc_kernel_coupling::transport(const tlm_target *target, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay,
                                   tlm_address_space space)
{
    if (is_streaming_burst(gp)) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    // The transfer happens at the initiator's local time.
    sync_to(sc_core::sc_time_stamp() + delay);
    tlm_payload p = to_gtsim(gp, space);
    tlm_time d = 0;
    tlm_b_transport(target, &p, &d);
    gp.set_response_status(to_systemc(p.response));
    delay += to_sc_time(d);
    kick();
}

void sc_kernel_coupling::invalidate(void *context, uint64_t start, uint64_t end)
{
    (*static_cast<std::function<void(uint64_t, uint64_t)> *>(context))(start, end);
}

void sc_c_target::b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay)
{
    m_owner.transport(m_target, gp, delay, m_space);
}

// No time runs: debug transport has no side effects (tlm_target.h).
unsigned sc_c_target::transport_dbg(tlm::tlm_generic_payload &gp)
{
    tlm_payload p = to_gtsim(gp, m_space);
    unsigned n = tlm_transport_dbg(m_target, &p);
    gp.set_response_status(n ? tlm::TLM_OK_RESPONSE : to_systemc(p.response));
    return n;
}

bool sc_c_target::get_direct_mem_ptr(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi)
{
    tlm_payload p = to_gtsim(gp, m_space);
    tlm_dmi_region grant{};
    if (!m_memory || !m_target->get_direct_mem_ptr)
        return sc_kernel_coupling::deny_dmi(gp, dmi);  // never: say so for the whole range
    if (!tlm_get_direct_mem_ptr(m_target, &p, &grant) || !(grant.read_allowed || grant.write_allowed)) {
        dmi.allow_none();
        dmi.set_start_address(gp.get_address());
        dmi.set_end_address(gp.get_address());
        return false;
    }
    dmi.set_dmi_ptr(grant.pointer);
    dmi.set_start_address(grant.start);
    dmi.set_end_address(grant.end);
    if (grant.read_allowed && grant.write_allowed)
        dmi.allow_read_write();
    else if (grant.write_allowed)
        dmi.allow_write();
    else
        dmi.allow_read();
    dmi.set_read_latency(to_sc_time(grant.read_latency));
    dmi.set_write_latency(to_sc_time(grant.write_latency));
    return true;
}

bool sc_kernel_coupling::deny_dmi(tlm::tlm_generic_payload &, tlm::tlm_dmi &dmi)
{
    dmi.allow_none();
    dmi.set_start_address(0);
    dmi.set_end_address(std::numeric_limits<sc_dt::uint64>::max());
    return false;
}

} // namespace gtsim

namespace gtsim {

bool sc_kernel_coupling::send_word(tlm::tlm_fw_transport_if<> &target, uint32_t word)
{
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(&word));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time c = c_time(), now = sc_core::sc_time_stamp();
    sc_core::sc_time delay = c > now ? c - now : sc_core::SC_ZERO_TIME;
    target.b_transport(gp, delay);
    if (gp.is_response_ok())
        return true;
    SC_REPORT_WARNING(name(), ("interrupt message refused: " + gp.get_response_string()).c_str());
    return false;
}

} // namespace gtsim
