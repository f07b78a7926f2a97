// gtsim::sc_gt (gtsim_sc_gt.h).
#include "gtsim_sc_gt.h"

#include <stdexcept>

namespace gtsim {

sc_gt::sc_gt(sc_core::sc_module_name name, const char *profile, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), gfx_socket("gfx_socket"),
      mem_socket("mem_socket"), host_irq("host_irq"), m_bridge(kernel(), "mem_socket")
{
    const gt_profile *p = gt_profile_find(profile);
    if (!p)
        throw std::runtime_error(std::string("sc_gt: unknown profile '") + (profile ? profile : "") +
                                 "' (known: " + gt_profile_names() + ")");
    mem_socket.bind(m_bridge);
    m_memory = tlm_memory_create(kernel(), "gfx_memory", 0);
    m_selected = tlm_memory_target(m_memory);
    // Whether mem_socket is bound is known only after elaboration: the GT is given a switch,
    // with every initiator behind its DMI cache and the doorbells behind its snoop either way.
    m_switch.name = "gfx_memory";
    m_switch.self = this;
    m_switch.b_transport = switch_b_transport;
    m_switch.transport_dbg = switch_transport_dbg;
    m_switch.get_direct_mem_ptr = switch_get_direct_mem_ptr;
    m_switch.subscribe_dmi_invalidate = switch_subscribe;
    gt_config config{};
    config.profile = p;
    config.memory_target = &m_switch;
    char error[256] = "";
    m_gt = gt_create(kernel(), &config, error, sizeof error);
    if (!m_gt) {
        tlm_memory_destroy(m_memory);
        throw std::runtime_error(std::string("sc_gt: ") + error);
    }
    m_host_line = forward_line(gt_host_irq(m_gt), host_irq);
    serve(mmio_socket, gt_mmio(m_gt), TLM_SPACE_MMIO);
    serve(gfx_socket, gt_memory_front(m_gt), TLM_SPACE_GGTT, true);
}

sc_gt::~sc_gt()
{
    gt_destroy(m_gt);
    tlm_memory_destroy(m_memory);
}

void sc_gt::end_of_elaboration()
{
    sc_kernel_coupling::end_of_elaboration();
    if (mem_socket.size() > 0) {
        m_bridge.set_forward(mem_socket.operator->());
        m_selected = m_bridge.target();
    }
}

void sc_gt::switch_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_b_transport(static_cast<sc_gt *>(self)->m_selected, payload, delay);
}

uint32_t sc_gt::switch_transport_dbg(void *self, tlm_payload *payload)
{
    return tlm_transport_dbg(static_cast<sc_gt *>(self)->m_selected, payload);
}

bool sc_gt::switch_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    return tlm_get_direct_mem_ptr(static_cast<sc_gt *>(self)->m_selected, payload, dmi);
}

// Both memories' invalidations reach the subscriber (only the selected one grants anything).
void sc_gt::switch_subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    sc_gt *g = static_cast<sc_gt *>(self);
    tlm_subscribe_dmi_invalidate(tlm_memory_target(g->m_memory), fn, context);
    tlm_subscribe_dmi_invalidate(g->m_bridge.target(), fn, context);
}

} // namespace gtsim
