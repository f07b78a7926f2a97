// gtsim::sc_gt (gtsim_sc_gt.h).
#include "gtsim_sc_gt.h"

#include <stdexcept>

namespace gtsim {

sc_gt::sc_gt(sc_core::sc_module_name name, const char *profile, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), gfx_socket("gfx_socket"),
      mem_socket("mem_socket"), host_irq("host_irq"), m_memory(kernel(), "gfx_memory")
{
    const gt_profile *p = gt_profile_find(profile);
    if (!p)
        throw std::runtime_error(std::string("sc_gt: unknown profile '") + (profile ? profile : "") +
                                 "' (known: " + gt_profile_names() + ")");
    mem_socket.bind(m_memory.bridge());
    // Whether mem_socket is bound is known only after elaboration: the GT is given the switch,
    // with every initiator behind its DMI cache and the doorbells behind its snoop either way.
    gt_config config{};
    config.profile = p;
    config.memory_target = m_memory.target();
    char error[256] = "";
    m_gt = gt_create(kernel(), &config, error, sizeof error);
    if (!m_gt)
        throw std::runtime_error(std::string("sc_gt: ") + error);
    m_host_line = forward_line(gt_host_irq(m_gt), host_irq);
    serve(mmio_socket, gt_mmio(m_gt), TLM_SPACE_MMIO);
    serve(gfx_socket, gt_memory_front(m_gt), TLM_SPACE_GGTT, true);
}

sc_gt::~sc_gt()
{
    gt_destroy(m_gt);
}

void sc_gt::end_of_elaboration()
{
    sc_kernel_coupling::end_of_elaboration();
    m_memory.select(mem_socket.size() > 0 ? mem_socket.operator->() : nullptr);
}

} // namespace gtsim
