// gtsim::sc_doorbell_guc (gtsim_sc_doorbell_guc.h).
#include "gtsim_sc_doorbell_guc.h"

#include "doorbell_regs.h"
#include "guc_fuse_regs.h"
#include "guc_regs.h"

namespace gtsim {

sc_doorbell_guc::sc_doorbell_guc(sc_core::sc_module_name name, bool hash_fuse, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"), guc_socket("guc_socket"),
      gfx_socket("gfx_socket"), mem_socket("mem_socket"), irq_socket("irq_socket"), core_irq("core_irq"),
      m_memory(kernel(), "gfx_memory")
{
    mem_socket.bind(m_memory.bridge());
    // As in the GT (docs/reference/gt.md "Graphics memory"): the doorbells watch lines through a
    // write snoop in front of the memory; host writes come in through gfx_socket (the snoop).
    m_snoop = tlm_snoop_create(kernel(), "gfx_front", m_memory.target());
    tlm_line_watch_port lines = tlm_snoop_line_watch_port(m_snoop);
    m_doorbell = doorbell_create_on(kernel(), "doorbell", &lines);
    guc_config config{};
    config.doorbells = doorbell_block_of(m_doorbell);
    config.host.deliver = deliver;
    config.host.self = this;
    config.hash_fuse = hash_fuse;
    m_guc = guc_create(kernel(), "guc", &config);
    guc_core_port core{};
    core.interrupt = core_interrupt;
    core.self = this;
    guc_set_core_port(m_guc, &core);
    // The host's view: the blocks at their BAR offsets.
    m_host = tlm_router_create(kernel(), "mmio");
    tlm_router_map(m_host, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, doorbell_target(m_doorbell));
    tlm_router_map(m_host, GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE, guc_fuse_target(m_guc));
    tlm_router_map(m_host, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(m_guc));
    // The GuC's view: the install shim in place of the doorbell registers.
    m_guc_view = tlm_router_create(kernel(), "guc_mmio");
    tlm_router_map(m_guc_view, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, guc_doorbell_view(m_guc));
    tlm_router_map(m_guc_view, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(m_guc));
    tlm_signal_init(&m_core_signal, "core_irq", 1, 0);
    m_core_line = forward_line(&m_core_signal, core_irq);
    serve(mmio_socket, tlm_router_target(m_host), TLM_SPACE_MMIO);
    serve(guc_socket, tlm_router_target(m_guc_view), TLM_SPACE_MMIO);
    serve(gfx_socket, tlm_snoop_target(m_snoop), TLM_SPACE_GGTT, true);
}

sc_doorbell_guc::~sc_doorbell_guc()
{
    tlm_router_destroy(m_host);
    tlm_router_destroy(m_guc_view);
    guc_destroy(m_guc);
    doorbell_destroy(m_doorbell);
    tlm_snoop_destroy(m_snoop);
    tlm_signal_destroy(&m_core_signal);
}

void sc_doorbell_guc::end_of_elaboration()
{
    sc_kernel_coupling::end_of_elaboration();
    m_memory.select(mem_socket.size() > 0 ? mem_socket.operator->() : nullptr);
}

void sc_doorbell_guc::core_acknowledge()
{
    m_core_causes = 0;
    tlm_signal_set(&m_core_signal, 0);
}

// The GuC block interrupts the micro-core (zero time, inside the access that caused it): the line
// rises and stays up until the firmware side acknowledges.
void sc_doorbell_guc::core_interrupt(void *self, uint32_t causes)
{
    sc_doorbell_guc *d = static_cast<sc_doorbell_guc *>(self);
    d->m_core_causes |= causes;
    tlm_signal_set(&d->m_core_signal, 1);
}

// A vector to the host: out as one interrupt message write, as sc_cs_engine sends its own.
void sc_doorbell_guc::deliver(void *self, const irq_message *message)
{
    sc_doorbell_guc *d = static_cast<sc_doorbell_guc *>(self);
    if (d->irq_socket.size() == 0)
        return;  // unbound: the messages go nowhere (irq_message_sink with no deliver)
    if (!d->send_word(*d->irq_socket.operator->(), irq_message_pack(message)))
        d->m_irq_errors++;
}

} // namespace gtsim
