// Verilator wrapper of the gen12 render command streamer: the C API of cs_rtl.h over the
// Verilated model Vcs_rcs. The register port, clock, reset and failure reporting are the shared
// core's (cosim_vl_core.h); the AXI4 master port is driven and sampled by the port-name
// convention (cosim_vl_axi4.h); the message port and status outputs are its own.
// Built twice: cs_rtl (the RTL as it is) and cs_rtl_planted (PlantedBugWrap = 1,
// COSIM_CS_RTL_PLANTED defined).
#include "cs_rtl.h"

#include <cstdint>

#include "Vcs_rcs.h"
#include "cosim_vl_axi4.h"
#include "cosim_vl_core.h"

struct cosim_cs_rtl final : cosim_vl_core<cosim_cs_rtl, Vcs_rcs, cosim_cs_rtl_inputs> {
    cosim_cs_rtl() noexcept : cosim_vl_core("cosim_cs_rtl", COSIM_CS_RTL_ADDR_BITS) {}

    // The master port's inputs and the message handshake (cosim_vl_core drives the register port).
    void drive_extra(const cosim_cs_rtl_inputs &in)
    {
        cosim_axi4_vl_drive_master_port(*top, in.axi);
        top->msg_ready_i = in.msg_ready;
    }

    void sample_extra(cosim_cs_rtl_outputs *out) const
    {
        cosim_axi4_vl_sample_master_port(*top, &out->axi);
        out->msg_valid = top->msg_valid_o != 0;
        out->msg_data = top->msg_data_o;
        out->halted = top->halted_o != 0;
        out->idle = top->idle_o != 0;
        out->addr_high = top->addr_high_o != 0;
        out->lri_foreign = top->lri_foreign_o != 0;
    }
};

extern "C" {

cosim_cs_rtl *cosim_cs_rtl_create(void)
{
    return cosim_vl_core_create<cosim_cs_rtl>(__func__);
}

void cosim_cs_rtl_destroy(cosim_cs_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void cosim_cs_rtl_reset(cosim_cs_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void cosim_cs_rtl_cycle(cosim_cs_rtl *rtl, const cosim_axi_lite_request_pins *lite_in, const cosim_cs_rtl_inputs *in,
                        cosim_axi_lite_response_pins *lite_out, cosim_cs_rtl_outputs *out)
{
    cosim_vl_guard(__func__, [&] {
        rtl->cycle(lite_in, in, lite_out, [&] {
            if (out)
                rtl->sample_extra(out);
        });
    });
}

bool cosim_cs_rtl_idle_now(const cosim_cs_rtl *rtl)
{
    return rtl->top->idle_o != 0;
}

bool cosim_cs_rtl_halted_now(const cosim_cs_rtl *rtl)
{
    return rtl->top->halted_o != 0;
}

uint64_t cosim_cs_rtl_cycles(const cosim_cs_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t cosim_cs_rtl_bare_cycles(cosim_cs_rtl *rtl, uint64_t n)
{
    return cosim_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t cosim_cs_rtl_assertion_failures(const cosim_cs_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *cosim_cs_rtl_last_assertion(const cosim_cs_rtl *rtl)
{
    return rtl->last_failure;
}

int cosim_cs_rtl_planted_bug(void)
{
#ifdef COSIM_CS_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
