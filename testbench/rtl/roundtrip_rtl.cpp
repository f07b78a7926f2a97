// Verilator shim of the round-trip block: the C API of roundtrip_rtl.h over the Verilated
// model Vroundtrip. The clock, reset, bus pins and failure reporting are the shared core's
// (tb_vl_shim.h); docs/reference/rtl.md describes the cycle semantics and the failure reporting.
#include "roundtrip_rtl.h"

#include "Vroundtrip.h"
#include "tb_vl_shim.h"

struct tb_roundtrip_rtl final : tb_vl_shim<tb_roundtrip_rtl, Vroundtrip, tb_vl_no_pins> {
    tb_roundtrip_rtl() noexcept : tb_vl_shim("tb_roundtrip_rtl", TB_ROUNDTRIP_RTL_ADDR_BITS) {}

    // The block has no input pins besides the bus (tb_vl_shim drives those).
    void drive_extra(const tb_vl_no_pins &) {}
};

extern "C" {

tb_roundtrip_rtl *tb_roundtrip_rtl_create(void)
{
    return tb_vl_shim_create<tb_roundtrip_rtl>(__func__);
}

void tb_roundtrip_rtl_destroy(tb_roundtrip_rtl *rtl)
{
    tb_vl_shim_destroy(__func__, rtl);
}

void tb_roundtrip_rtl_reset(tb_roundtrip_rtl *rtl, unsigned cycles)
{
    tb_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void tb_roundtrip_rtl_cycle(tb_roundtrip_rtl *rtl, const tb_axi_lite_request_pins *in,
                            tb_axi_lite_response_pins *out)
{
    tb_vl_guard(__func__, [&] { rtl->cycle(in, nullptr, out); });
}

bool tb_roundtrip_rtl_irq(const tb_roundtrip_rtl *rtl)
{
    return rtl->top->irq_o != 0;
}

uint64_t tb_roundtrip_rtl_cycles(const tb_roundtrip_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t tb_roundtrip_rtl_bare_cycles(tb_roundtrip_rtl *rtl, uint64_t n)
{
    return tb_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t tb_roundtrip_rtl_assertion_failures(const tb_roundtrip_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *tb_roundtrip_rtl_last_assertion(const tb_roundtrip_rtl *rtl)
{
    return rtl->last_failure;
}

} // extern "C"
