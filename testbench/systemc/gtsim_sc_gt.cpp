// gtsim::sc_gt (gtsim_sc_gt.h).
#include "gtsim_sc_gt.h"

#include <stdexcept>

namespace gtsim {

sc_gt::sc_gt(sc_core::sc_module_name name, const char *profile, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), gfx_socket("gfx_socket"),
      host_irq("host_irq")
{
    const gt_profile *p = gt_profile_find(profile);
    if (!p)
        throw std::runtime_error(std::string("sc_gt: unknown profile '") + (profile ? profile : "") +
                                 "' (known: " + gt_profile_names() + ")");
    m_memory = tlm_memory_create(kernel(), "gfx_memory", 0);
    gt_config config{};
    config.profile = p;
    config.memory = m_memory;
    char error[256] = "";
    m_gt = gt_create(kernel(), &config, error, sizeof error);
    if (!m_gt) {
        tlm_memory_destroy(m_memory);
        throw std::runtime_error(std::string("sc_gt: ") + error);
    }
    m_host_line = forward_line(gt_host_irq(m_gt), host_irq);
    serve(mmio_socket, gt_mmio(m_gt), TLM_SPACE_MMIO);
    // The memory's own DMI: one page per grant, write withheld on pages the doorbells watch.
    serve(gfx_socket, tlm_memory_target(m_memory), TLM_SPACE_GGTT, true);
}

sc_gt::~sc_gt()
{
    gt_destroy(m_gt);
    tlm_memory_destroy(m_memory);
}

} // namespace gtsim
