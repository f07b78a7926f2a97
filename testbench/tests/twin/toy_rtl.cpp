// Verilator wrapper of the toy scratch block: the C API of toy_rtl.h over the Verilated model
// Vtoy_scratch; everything but the C API is the shared core's (tb_vl_shim.h). Built twice by
// gtsim_add_twin(toy ...): toy_rtl and toy_rtl_planted (PlantedBugDropTopByte = 1,
// TB_TOY_RTL_PLANTED defined).
#include "toy_rtl.h"

#include "Vtoy_scratch.h"
#include "tb_vl_shim.h"

struct tb_toy_rtl final : tb_vl_shim<tb_toy_rtl, Vtoy_scratch, tb_vl_no_pins> {
    tb_toy_rtl() noexcept : tb_vl_shim("tb_toy_rtl", TB_TOY_RTL_ADDR_BITS) {}

    // No input pins besides the bus.
    void drive_extra(const tb_vl_no_pins &) {}
};

extern "C" {

tb_toy_rtl *tb_toy_rtl_create(void)
{
    return tb_vl_shim_create<tb_toy_rtl>(__func__);
}

void tb_toy_rtl_destroy(tb_toy_rtl *rtl)
{
    tb_vl_shim_destroy(__func__, rtl);
}

void tb_toy_rtl_reset(tb_toy_rtl *rtl, unsigned cycles)
{
    tb_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void tb_toy_rtl_cycle(tb_toy_rtl *rtl, const tb_axi_lite_request_pins *in, tb_axi_lite_response_pins *out)
{
    tb_vl_guard(__func__, [&] { rtl->cycle(in, nullptr, out); });
}

uint64_t tb_toy_rtl_assertion_failures(const tb_toy_rtl *rtl)
{
    return rtl->assertion_failures();
}

int tb_toy_rtl_planted_bug(void)
{
#ifdef TB_TOY_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
