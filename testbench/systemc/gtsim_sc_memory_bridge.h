// A gtsim memory target (tlm_target, tlm/tlm_target.h) whose transfers go out through a SystemC
// initiator socket: how a C model's fetches and stores reach a SystemC platform's memory
// (docs/guide/systemc.md "Graphics memory"). DMI: when the SystemC target grants a region, the
// bridge keeps it and serves later transfers inside it by memcpy (adding the grant's latency);
// the target's invalidate_direct_mem_ptr drops it.
//
// Timing: a C model calls the bridge at C time tc, from inside the coupled C kernel. The SystemC
// target is handed the local offset tc - sc_time_stamp() plus the C delay (when the C kernel is
// ahead), or the C delay alone (when it lags: the transfer lands at most one coupling quantum
// late). The target must not wait() inside b_transport: the C kernel is in the middle of an event.
#ifndef GTSIM_SC_MEMORY_BRIDGE_H
#define GTSIM_SC_MEMORY_BRIDGE_H

#include "gtsim_sc_payload.h"  // first: see there

#include <vector>

#include <systemc>
#include <tlm>

#include "gtsim_sc_payload.h"
#include "gtsim_tlm.h"

namespace gtsim {

class sc_memory_bridge : public tlm::tlm_bw_transport_if<> {
public:
    // DMI regions kept at most (choice: a ring, a batch, a status page and data fit).
    static constexpr size_t dmi_region_limit = 16;

    // `kernel`: the C kernel whose models call the bridge (its time is tc).
    sc_memory_bridge(tlm_kernel *kernel, const char *name);

    // The C side: hand it to a model as its memory.
    const tlm_target *target() const { return &m_target; }
    // The SystemC side's forward interface (bind the owner's initiator socket, then set this).
    void set_forward(tlm::tlm_fw_transport_if<> *forward) { m_forward = forward; }

    // Transfers served through a DMI pointer / through the socket.
    uint64_t dmi_transfers() const { return m_dmi_transfers; }
    uint64_t socket_transfers() const { return m_socket_transfers; }

    // tlm_bw_transport_if (the initiator socket's backward path).
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase, sc_core::sc_time &t) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) override;

private:
    static void b_transport(void *self, tlm_payload *payload, tlm_time *delay);
    static uint32_t transport_dbg(void *self, tlm_payload *payload);
    static bool get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi);
    static void subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context);
    bool serve_by_dmi(tlm_payload *payload, tlm_time *delay);

    tlm_kernel *m_kernel;                          // time of the C callers
    tlm_target m_target;                           // the C face
    tlm::tlm_fw_transport_if<> *m_forward = nullptr; // the SystemC target, through the socket
    std::vector<tlm::tlm_dmi> m_regions;           // DMI regions granted to the bridge
    std::vector<std::pair<tlm_dmi_invalidate_fn, void *>> m_subscribers; // C models holding grants
    uint64_t m_dmi_transfers = 0;                  // see dmi_transfers()
    uint64_t m_socket_transfers = 0;               // see socket_transfers()
};

} // namespace gtsim

#endif
