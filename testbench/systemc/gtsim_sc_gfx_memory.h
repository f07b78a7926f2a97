// gtsim::sc_gfx_memory: the graphics memory of a module whose memory socket may stay unbound
// (sc_gt, sc_doorbell_guc): one gtsim memory target that forwards to the platform's memory through
// an sc_memory_bridge once elaboration found the module's mem_socket bound, and to a sparse
// memory of the module's own otherwise. The models are built before binding is known, so they
// are given this target from the start.
#ifndef GTSIM_SC_GFX_MEMORY_H
#define GTSIM_SC_GFX_MEMORY_H

#include "gtsim_sc_payload.h"  // first: see there

#include "gtsim_sc_memory_bridge.h"
#include "gtsim_tlm.h"

namespace gtsim {

class sc_gfx_memory {
public:
    // `kernel`: the module's C kernel; `name`: of the bridge and the own memory.
    sc_gfx_memory(tlm_kernel *kernel, const char *name);
    ~sc_gfx_memory();
    sc_gfx_memory(const sc_gfx_memory &) = delete;
    sc_gfx_memory &operator=(const sc_gfx_memory &) = delete;

    // The memory target to give the models.
    const tlm_target *target() const { return &m_switch; }
    // The bridge: bind the module's mem_socket to it.
    sc_memory_bridge &bridge() { return m_bridge; }
    const sc_memory_bridge &bridge() const { return m_bridge; }
    // From the module's end_of_elaboration: the socket's forward interface if it is bound, else NULL.
    void select(tlm::tlm_fw_transport_if<> *forward);
    bool external() const { return m_selected == m_bridge.target(); }
    tlm_memory *own() const { return m_own; }

private:
    static void b_transport(void *self, tlm_payload *payload, tlm_time *delay);
    static uint32_t transport_dbg(void *self, tlm_payload *payload);
    static bool get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi);
    static void subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context);

    sc_memory_bridge m_bridge;               // out through the module's mem_socket
    tlm_memory *m_own = nullptr;             // the module's own memory (owned)
    tlm_target m_switch{};                   // the target the models are given
    const tlm_target *m_selected = nullptr;  // where it forwards
};

} // namespace gtsim

#endif
