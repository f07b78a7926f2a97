// gtsim::sc_bus: a small loosely-timed SystemC interconnect for example platforms: any number of
// initiators, targets at non-overlapping [base, base + size) ranges, addresses rebased to the
// target's range; an unmapped address answers TLM_STATUS_ADDRESS_ERROR. b_transport, debug
// transport and DMI (grants translated back to the bus's addresses, invalidations broadcast).
#ifndef GTSIM_SC_BUS_H
#define GTSIM_SC_BUS_H

#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

namespace gtsim {

class sc_bus : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<sc_bus> targets_in;     // bind initiators here
    tlm_utils::multi_passthrough_initiator_socket<sc_bus> targets_out; // bind targets here, in map() order

    explicit sc_bus(sc_core::sc_module_name name);
    // Maps the next target bound to targets_out at [base, base + size) (call once per target, in
    // binding order). Overlapping ranges are refused (SystemC error).
    void map(uint64_t base, uint64_t size);

private:
    struct range {
        uint64_t base; // first address
        uint64_t size; // bytes
    };
    int decode(uint64_t address) const;
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi);
    void invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end);

    std::vector<range> m_ranges; // target i's range
};

} // namespace gtsim

#endif
