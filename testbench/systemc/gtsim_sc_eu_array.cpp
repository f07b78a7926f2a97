// gtsim::sc_eu_array (gtsim_sc_eu_array.h).
#include "gtsim_sc_eu_array.h"

#include <cstring>
#include <vector>

#include "eu_ctx_regs.h"
#include "eu_regs.h"
#include "gt.h"

namespace gtsim {

// Longest walker accepted, in dwords (COMPUTE_WALKER is 39; a bound on a bench's write).
static constexpr uint32_t walker_dwords_max = 64;

sc_eu_array::sc_eu_array(sc_core::sc_module_name name, cs_profile profile, const sc_core::sc_time &quantum)
    : sc_kernel_coupling(name, tlm_kernel_create(), quantum), mmio_socket("mmio_socket"),
      walker_socket("walker_socket"), mem_socket("mem_socket"), irq_socket("irq_socket"), busy("busy"),
      m_profile(profile), m_memory(kernel(), "gfx_memory")
{
    mem_socket.bind(m_memory.bridge());
    eu_array_config config{};
    config.profile = profile;
    config.memory = m_memory.target();
    // The GT clock of the profile (docs/facts.md "GT clocks"): one EU cycle.
    config.clock_period = gt_profile_find(profile == CS_PROFILE_GEN6 ? "gen6" : "gen12")->clock_period;
    config.irq.deliver = deliver;
    config.irq.self = this;
    m_eu = eu_array_create(kernel(), "eu", &config);
    m_port = eu_array_walker_port(m_eu);
    m_oa = tlm_router_create(kernel(), "mmio");
    if (eu_array_oa_target(m_eu)) {
        tlm_router_map(m_oa, EU_OAG_MMIO_BASE, EU_BLOCK_SIZE, eu_array_oa_target(m_eu));
        tlm_router_map(m_oa, EU_OAG_CTX_MMIO_BASE, EU_CTX_BLOCK_SIZE, eu_array_oa_ctx_target(m_eu));
    }
    m_walker_target.name = "walker";
    m_walker_target.self = this;
    m_walker_target.b_transport = walker_b_transport;
    tlm_signal_init(&m_busy_signal, "busy", 1, 0);
    m_busy_line = forward_line(&m_busy_signal, busy);
    serve(mmio_socket, tlm_router_target(m_oa), TLM_SPACE_MMIO);
    serve(walker_socket, &m_walker_target, TLM_SPACE_MMIO);
}

sc_eu_array::~sc_eu_array()
{
    tlm_router_destroy(m_oa);
    eu_array_destroy(m_eu);
    tlm_signal_destroy(&m_busy_signal);
}

void sc_eu_array::end_of_elaboration()
{
    sc_kernel_coupling::end_of_elaboration();
    m_memory.select(mem_socket.size() > 0 ? mem_socket.operator->() : nullptr);
}

// A walker in: decoded with the render streamer's table; anything else is refused as a
// command error (the render streamer hands the EU array walkers only), a length that is not
// the command's as a burst error.
void sc_eu_array::walker_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    sc_eu_array *e = static_cast<sc_eu_array *>(self);
    tlm_status check = tlm_payload_check(payload);
    if (check != TLM_STATUS_OK) {
        payload->response = check;
        return;
    }
    if (payload->command != TLM_CMD_WRITE || payload->address != 0 || payload->byte_enable) {
        payload->response = TLM_STATUS_COMMAND_ERROR;
        return;
    }
    if (payload->length % 4 != 0 || payload->length / 4 > walker_dwords_max) {
        payload->response = TLM_STATUS_BURST_ERROR;
        return;
    }
    uint32_t count = payload->length / 4;
    std::vector<uint32_t> dwords(count);
    std::memcpy(dwords.data(), payload->data, payload->length);
    cs_decoded decoded{};
    cs_decode(e->m_profile, CS_ENGINE_RCS, dwords.data(), count, &decoded);
    bool walker = decoded.command && (std::strcmp(decoded.command->name, "COMPUTE_WALKER") == 0 ||
                                      std::strcmp(decoded.command->name, "GPGPU_WALKER") == 0);
    if (!walker || (decoded.status & ~CS_DECODE_TRUNCATED) != 0) {
        payload->response = TLM_STATUS_COMMAND_ERROR;
        return;
    }
    if (decoded.status != 0 || decoded.length != count) {
        payload->response = TLM_STATUS_BURST_ERROR;
        return;
    }
    cs_walker_request request{};
    request.command = decoded.command;
    request.dwords = dwords.data();
    request.length = count;
    request.engine = CS_ENGINE_RCS;
    request.instance = 0;
    request.secure = true;
    cs_walker_completion completion{};
    completion.done = walker_done;
    completion.engine = e;
    completion.ticket = ++e->m_taken;
    tlm_signal_set(&e->m_busy_signal, 1);
    payload->response = TLM_STATUS_OK;
    e->m_port.submit(e->m_port.context, &request, completion);
    e->kick();
}

void sc_eu_array::walker_done(void *self, uint64_t ticket)
{
    (void)ticket;
    sc_eu_array *e = static_cast<sc_eu_array *>(self);
    if (++e->m_done == e->m_taken)
        tlm_signal_set(&e->m_busy_signal, 0);
}

void sc_eu_array::deliver(void *self, const irq_message *message)
{
    sc_eu_array *e = static_cast<sc_eu_array *>(self);
    if (e->irq_socket.size() == 0)
        return;
    if (!e->send_word(*e->irq_socket.operator->(), irq_message_pack(message)))
        e->m_irq_errors++;
}

} // namespace gtsim
