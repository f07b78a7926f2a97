// Verilator wrapper of the toy scratch block: the C API of toy_rtl.h over the Verilated model
// Vtoy_scratch; everything but the C API is the shared core's (cosim_vl_core.h). Built twice by
// gtsim_add_twin(toy ...): toy_rtl and toy_rtl_planted (PlantedBugDropTopByte = 1,
// COSIM_TOY_RTL_PLANTED defined).
#include "toy_rtl.h"

#include "Vtoy_scratch.h"
#include "cosim_vl_core.h"

struct cosim_toy_rtl final : cosim_vl_core<cosim_toy_rtl, Vtoy_scratch, cosim_vl_no_pins> {
    cosim_toy_rtl() noexcept : cosim_vl_core("cosim_toy_rtl", COSIM_TOY_RTL_ADDR_BITS) {}

    // No input pins besides the bus.
    void drive_extra(const cosim_vl_no_pins &) {}
};

extern "C" {

cosim_toy_rtl *cosim_toy_rtl_create(void)
{
    return cosim_vl_core_create<cosim_toy_rtl>(__func__);
}

void cosim_toy_rtl_destroy(cosim_toy_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void cosim_toy_rtl_reset(cosim_toy_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void cosim_toy_rtl_cycle(cosim_toy_rtl *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_vl_guard(__func__, [&] { rtl->cycle(in, nullptr, out); });
}

uint64_t cosim_toy_rtl_assertion_failures(const cosim_toy_rtl *rtl)
{
    return rtl->assertion_failures();
}

int cosim_toy_rtl_planted_bug(void)
{
#ifdef COSIM_TOY_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
