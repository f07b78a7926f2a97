// The coupling of one gtsim C kernel (tlm/tlm_kernel.h) to the SystemC kernel, the base of every
// gtsim sc_module (docs/guide/systemc.md "Kernel coupling"):
//
// - b_transport at SystemC time t with local offset d first runs the C kernel up to t + d, then
//   performs the transfer there: the C kernel is ahead of SystemC by at most the initiator's
//   local offset (bounded by its quantum keeper).
// - an SC_THREAD runs the C kernel up to sc_time_stamp() every `quantum` while the C kernel has
//   work pending (it sleeps when only background events such as clocks remain, and a transfer
//   wakes it), so the C kernel never falls more than one quantum behind SystemC either.
// - a C signal forwarded to an sc_out<bool> changes the port at the C time of its edge when that
//   is still in SystemC's future (edges caused by a transfer: exact), else at once (edges found
//   by the thread: late by less than one quantum). The latency is measured per edge.
#ifndef GTSIM_SC_COUPLING_H
#define GTSIM_SC_COUPLING_H

#include "gtsim_sc_payload.h"  // first: see there

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace gtsim {

class sc_kernel_coupling;

// One gtsim C target behind one SystemC target socket of a coupled module: b_transport after a
// synchronisation, debug transport, and for memory DMI as the C target grants it (translated,
// its invalidations passed on to the socket's initiators); register space grants no DMI.
class sc_c_target {
public:
    sc_c_target(sc_kernel_coupling &owner, const tlm_target *target, tlm_address_space space, bool memory)
        : m_owner(owner), m_target(target), m_space(space), m_memory(memory) {}
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi);

private:
    sc_kernel_coupling &m_owner;  // whose C kernel runs the target
    const tlm_target *m_target;   // the C side
    tlm_address_space m_space;    // the address space its payloads carry
    bool m_memory;                // memory (DMI as granted) rather than registers (no DMI)
};

// The target sockets of the modules: each serves one C target (sc_kernel_coupling::serve).
using sc_c_target_socket = tlm_utils::simple_target_socket<sc_c_target>;
using sc_c_target_socket_optional = tlm_utils::simple_target_socket_optional<sc_c_target>;

// The coupling's default quantum (choice: a tenth of the TLM-2.0 examples' 1 us global quantum,
// so an interrupt edge reaches SystemC within 100 ns).
extern const sc_core::sc_time default_coupling_quantum;

// What a forwarded line recorded.
struct sc_line_stats {
    uint64_t edges = 0;                          // edges forwarded to the port
    sc_core::sc_time max_latency;                // worst SystemC time of the port change minus the C edge time
    sc_core::sc_time last_c_edge;                // C time of the latest edge
    sc_core::sc_time last_sc_change;             // SystemC time the port took it
};

class sc_kernel_coupling : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(sc_kernel_coupling);
    // Owns `kernel` (destroyed with the module, after the derived module's blocks).
    sc_kernel_coupling(sc_core::sc_module_name name, tlm_kernel *kernel, const sc_core::sc_time &quantum);
    ~sc_kernel_coupling() override;

    tlm_kernel *kernel() const { return m_kernel; }
    const sc_core::sc_time &quantum() const { return m_quantum; }
    // The C kernel's time.
    sc_core::sc_time c_time() const { return to_sc_time(tlm_kernel_now(m_kernel)); }
    // Runs the C kernel up to `t` (nothing if it is there already).
    void sync_to(const sc_core::sc_time &t);
    // Wakes the synchronisation thread (after a transfer gave the C kernel work).
    void kick() { m_kick.notify(sc_core::SC_ZERO_TIME); }
    // Largest lead of the C kernel over SystemC seen at a synchronisation.
    const sc_core::sc_time &max_lead() const { return m_max_lead; }
    // The statistics of line `index` (in forward_line order).
    const sc_line_stats &line_stats(size_t index) const { return m_lines.at(index)->stats; }

    // Blocking transport into `target` after a synchronisation to the transfer's time, in
    // address space `space` (what every target socket does).
    void transport(const tlm_target *target, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay,
                   tlm_address_space space);
    // No DMI: the whole range is denied (TLM-2.0 lets a target say so once).
    static bool deny_dmi(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi);
    // One 4-byte write of `word` at offset 0 into `target` (an interrupt message out), at the C
    // kernel's time when SystemC is behind it, else at once; false (and a SystemC warning) if
    // the target refused it.
    bool send_word(tlm::tlm_fw_transport_if<> &target, uint32_t word);

protected:
    // Forwards the 1-bit C signal to `out`; returns the line's index.
    size_t forward_line(tlm_signal *signal, sc_core::sc_out<bool> &out);
    // Serves `target` on `socket` (an sc_c_target_socket or its optional form); `memory`: DMI
    // as the target grants it, else none (registers).
    template <typename socket_type>
    void serve(socket_type &socket, const tlm_target *target, tlm_address_space space, bool memory = false)
    {
        m_served.push_back(std::make_unique<sc_c_target>(*this, target, space, memory));
        sc_c_target *c = m_served.back().get();
        socket.register_b_transport(c, &sc_c_target::b_transport);
        socket.register_transport_dbg(c, &sc_c_target::transport_dbg);
        socket.register_get_direct_mem_ptr(c, &sc_c_target::get_direct_mem_ptr);
        m_invalidates.push_back(std::make_unique<std::function<void(uint64_t, uint64_t)>>(
            [&socket](uint64_t start, uint64_t end) { socket->invalidate_direct_mem_ptr(start, end); }));
        tlm_subscribe_dmi_invalidate(target, invalidate, m_invalidates.back().get());
    }
    // Ports start at the C lines' levels; a derived module calls this from its own override.
    void end_of_elaboration() override;

private:
    struct line {
        sc_kernel_coupling *owner = nullptr;                       // for the C listener
        tlm_signal *signal = nullptr;                              // the C side
        sc_core::sc_out<bool> *out = nullptr;                      // the SystemC side
        std::deque<std::pair<sc_core::sc_time, bool>> pending;     // (C edge time, level) not yet on the port
        sc_line_stats stats;                                       // what it forwarded
    };
    static void on_signal(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value);
    void sync_thread();
    void update_lines();
    static void invalidate(void *context, uint64_t start, uint64_t end);

    tlm_kernel *m_kernel;                             // the C kernel (owned)
    sc_core::sc_time m_quantum;                       // synchronisation period of the thread
    sc_core::sc_time m_max_lead;                      // see max_lead()
    sc_core::sc_event m_kick;                         // a transfer gave the C kernel work
    sc_core::sc_event m_line_event;                   // a forwarded line has an edge due
    std::vector<std::unique_ptr<line>> m_lines;       // forwarded lines
    std::vector<std::unique_ptr<sc_c_target>> m_served; // C targets behind the sockets
    std::vector<std::unique_ptr<std::function<void(uint64_t, uint64_t)>>> m_invalidates; // per served target
};

} // namespace gtsim

#endif
