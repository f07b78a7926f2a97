// Verilator wrapper of the round-trip block: the C API of roundtrip_rtl.h over the Verilated
// model Vroundtrip. The clock, reset, bus pins and failure reporting are the shared core's
// (cosim_vl_core.h); docs/reference/rtl.md describes the cycle semantics and the failure reporting.
#include "roundtrip_rtl.h"

#include "Vroundtrip.h"
#include "cosim_vl_core.h"

struct cosim_roundtrip_rtl final : cosim_vl_core<cosim_roundtrip_rtl, Vroundtrip, cosim_vl_no_pins> {
    cosim_roundtrip_rtl() noexcept : cosim_vl_core("cosim_roundtrip_rtl", COSIM_ROUNDTRIP_RTL_ADDR_BITS) {}

    // The block has no input pins besides the bus (cosim_vl_core drives those).
    void drive_extra(const cosim_vl_no_pins &) {}
};

extern "C" {

cosim_roundtrip_rtl *cosim_roundtrip_rtl_create(void)
{
    return cosim_vl_core_create<cosim_roundtrip_rtl>(__func__);
}

void cosim_roundtrip_rtl_destroy(cosim_roundtrip_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void cosim_roundtrip_rtl_reset(cosim_roundtrip_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void cosim_roundtrip_rtl_cycle(cosim_roundtrip_rtl *rtl, const cosim_axi_lite_request_pins *in,
                            cosim_axi_lite_response_pins *out)
{
    cosim_vl_guard(__func__, [&] { rtl->cycle(in, nullptr, out); });
}

bool cosim_roundtrip_rtl_irq(const cosim_roundtrip_rtl *rtl)
{
    return rtl->top->irq_o != 0;
}

uint64_t cosim_roundtrip_rtl_cycles(const cosim_roundtrip_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t cosim_roundtrip_rtl_bare_cycles(cosim_roundtrip_rtl *rtl, uint64_t n)
{
    return cosim_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t cosim_roundtrip_rtl_assertion_failures(const cosim_roundtrip_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *cosim_roundtrip_rtl_last_assertion(const cosim_roundtrip_rtl *rtl)
{
    return rtl->last_failure;
}

} // extern "C"
