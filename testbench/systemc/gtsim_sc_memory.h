// gtsim::sc_memory: a plain SystemC memory target (flat, zero-filled) for example platforms and
// tests: b_transport with a fixed latency, debug transport, DMI over the whole memory, byte enables.
#ifndef GTSIM_SC_MEMORY_H
#define GTSIM_SC_MEMORY_H

#include <cstdint>

#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace gtsim {

class sc_memory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<sc_memory> socket;  // the memory

    sc_memory(sc_core::sc_module_name name, uint64_t size, const sc_core::sc_time &latency, bool grant_dmi = true);
    unsigned char *data() { return m_bytes.data(); }
    uint64_t transports() const { return m_transports; }  // b_transport calls served
    uint64_t dmi_requests() const { return m_dmi_requests; }  // get_direct_mem_ptr calls answered
    void invalidate_all();  // withdraws every DMI grant

private:
    bool check(tlm::tlm_generic_payload &gp);
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &gp, tlm::tlm_dmi &dmi);

    std::vector<unsigned char> m_bytes;  // contents
    sc_core::sc_time m_latency;          // per transfer, read or write
    bool m_grant_dmi;                    // DMI offered
    uint64_t m_transports = 0;           // see transports()
    uint64_t m_dmi_requests = 0;         // see dmi_requests()
};

} // namespace gtsim

#endif
