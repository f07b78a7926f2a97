// gtsim::sc_gfx_memory (gtsim_sc_gfx_memory.h).
#include "gtsim_sc_gfx_memory.h"

namespace gtsim {

sc_gfx_memory::sc_gfx_memory(tlm_kernel *kernel, const char *name) : m_bridge(kernel, name)
{
    m_own = tlm_memory_create(kernel, name, 0);
    m_selected = tlm_memory_target(m_own);
    m_switch.name = name;
    m_switch.self = this;
    m_switch.b_transport = b_transport;
    m_switch.transport_dbg = transport_dbg;
    m_switch.get_direct_mem_ptr = get_direct_mem_ptr;
    m_switch.subscribe_dmi_invalidate = subscribe;
}

sc_gfx_memory::~sc_gfx_memory()
{
    tlm_memory_destroy(m_own);
}

void sc_gfx_memory::select(tlm::tlm_fw_transport_if<> *forward)
{
    if (!forward)
        return;
    m_bridge.set_forward(forward);
    m_selected = m_bridge.target();
}

void sc_gfx_memory::b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_b_transport(static_cast<sc_gfx_memory *>(self)->m_selected, payload, delay);
}

uint32_t sc_gfx_memory::transport_dbg(void *self, tlm_payload *payload)
{
    return tlm_transport_dbg(static_cast<sc_gfx_memory *>(self)->m_selected, payload);
}

bool sc_gfx_memory::get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    return tlm_get_direct_mem_ptr(static_cast<sc_gfx_memory *>(self)->m_selected, payload, dmi);
}

// Both memories' invalidations reach the subscriber (only the selected one grants anything).
void sc_gfx_memory::subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    sc_gfx_memory *m = static_cast<sc_gfx_memory *>(self);
    tlm_subscribe_dmi_invalidate(tlm_memory_target(m->m_own), fn, context);
    tlm_subscribe_dmi_invalidate(m->m_bridge.target(), fn, context);
}

} // namespace gtsim
