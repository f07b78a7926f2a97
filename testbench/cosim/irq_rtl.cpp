// Verilator wrapper of the gen11+ interrupt aggregation: the C API of irq_rtl.h over the
// Verilated model Virq_gen11. Only the message port and the outputs are its own; the clock,
// reset, bus pins and failure reporting are the shared core's (cosim_vl_core.h, docs/reference/rtl.md).
// Built twice: irq_rtl (the RTL as it is) and irq_rtl_planted (parameter
// PlantedBugLoseServiceEvent = 1, COSIM_IRQ_RTL_PLANTED defined).
#include "irq_rtl.h"

#include "Virq_gen11.h"
#include "cosim_vl_core.h"

struct cosim_irq_rtl final : cosim_vl_core<cosim_irq_rtl, Virq_gen11, cosim_irq_rtl_message_pins> {
    cosim_irq_rtl() noexcept : cosim_vl_core("cosim_irq_rtl", COSIM_IRQ_RTL_ADDR_BITS) {}

    // The interrupt message port (cosim_vl_core drives the bus pins).
    void drive_extra(const cosim_irq_rtl_message_pins &msg)
    {
        top->msg_valid_i = msg.valid;
        top->msg_vf_i = static_cast<uint8_t>(fit(msg.valid, "msg_vf", msg.vf_id, 3));
        top->msg_class_i = static_cast<uint8_t>(fit(msg.valid, "msg_class", msg.engine_class, 3));
        top->msg_instance_i = static_cast<uint8_t>(fit(msg.valid, "msg_instance", msg.instance, 6));
        top->msg_data_i = msg.data;
    }
};

extern "C" {

cosim_irq_rtl *cosim_irq_rtl_create(void)
{
    return cosim_vl_core_create<cosim_irq_rtl>(__func__);
}

void cosim_irq_rtl_destroy(cosim_irq_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void cosim_irq_rtl_reset(cosim_irq_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

bool cosim_irq_rtl_cycle(cosim_irq_rtl *rtl, const cosim_axi_lite_request_pins *in, const cosim_irq_rtl_message_pins *msg,
                      cosim_axi_lite_response_pins *out)
{
    return cosim_vl_guard(__func__, [&] {
        // MSG_READY as the falling edge settled it: the message is taken at the rising edge.
        bool ready = false;
        rtl->cycle(in, msg, out, [&] { ready = rtl->top->msg_ready_o != 0; });
        return ready;
    });
}

cosim_irq_rtl_outputs cosim_irq_rtl_outputs_now(const cosim_irq_rtl *rtl)
{
    cosim_irq_rtl_outputs outputs;
    outputs.host_irq = rtl->top->host_irq_o != 0;
    outputs.guc_vector[0] = (rtl->top->guc_vector_o & 1u) != 0;
    outputs.guc_vector[1] = (rtl->top->guc_vector_o & 2u) != 0;
    return outputs;
}

uint64_t cosim_irq_rtl_cycles(const cosim_irq_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t cosim_irq_rtl_bare_cycles(cosim_irq_rtl *rtl, uint64_t n)
{
    return cosim_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t cosim_irq_rtl_assertion_failures(const cosim_irq_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *cosim_irq_rtl_last_assertion(const cosim_irq_rtl *rtl)
{
    return rtl->last_failure;
}

int cosim_irq_rtl_planted_bug(void)
{
#ifdef COSIM_IRQ_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
