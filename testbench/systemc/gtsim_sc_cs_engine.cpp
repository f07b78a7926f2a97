// gtsim::sc_cs_engine (gtsim_sc_cs_engine.h).
#include "gtsim_sc_cs_engine.h"

#include <cstring>
#include <string>

#include "gt.h"

namespace gtsim {

sc_cs_engine::sc_cs_engine(sc_core::sc_module_name name, cs_profile profile, cs_engine engine,
                           const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), mem_socket("mem_socket"),
      irq_socket("irq_socket"), m_bridge(kernel(), "mem_socket")
{
    mem_socket.bind(m_bridge);
    const cs_engine_info *info = &cs_profile_get(profile)->engines[engine];
    cs_engine_config config{};
    config.profile = profile;
    config.engine = engine;
    config.instance = 0;
    config.mmio_base = info->mmio_base;
    config.memory = m_bridge.target();
    config.mmio = nullptr;  // alone: LRI/SRM reach the engine's own registers only
    config.irq.deliver = deliver;
    config.irq.self = this;
    // The GT clock of the profile the command tables belong to (docs/facts.md "GT clocks").
    config.clock_period = gt_profile_find(profile == CS_PROFILE_GEN6 ? "gen6" : "gen12")->clock_period;
    m_engine = cs_engine_create(kernel(), info->name, &config);
    serve(mmio_socket, cs_engine_target(m_engine), TLM_SPACE_MMIO);
}

sc_cs_engine::~sc_cs_engine()
{
    cs_engine_destroy(m_engine);
}

void sc_cs_engine::end_of_elaboration()
{
    sc_kernel_coupling::end_of_elaboration();
    m_bridge.set_forward(mem_socket.operator->());
}

// An interrupt message from inside the C kernel: out as one write, at the C time when SystemC
// is behind it (else at once), like the memory bridge.
void sc_cs_engine::deliver(void *self, const irq_message *message)
{
    sc_cs_engine *e = static_cast<sc_cs_engine *>(self);
    if (e->irq_socket.size() == 0)
        return;  // unbound: the messages go nowhere (irq_message_sink with no deliver)
    if (!e->send_word(*e->irq_socket.operator->(), irq_message_pack(message)))
        e->m_irq_errors++;
}

} // namespace gtsim
