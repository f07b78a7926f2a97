// Verilator wrapper of the GTI doorbell controller: the C API of doorbell_rtl.h over the
// Verilated model Vdoorbell. Only the snoop port and the outputs are its own; the clock,
// reset, bus pins and failure reporting are the shared core's (cosim_vl_core.h, docs/reference/rtl.md).
// Built twice: doorbell_rtl (the RTL as it is) and doorbell_rtl_planted (parameter
// PlantedBugLateRingLost = 1, COSIM_DOORBELL_RTL_PLANTED defined).
#include "doorbell_rtl.h"

#include <cstdint>

#include "Vdoorbell.h"
#include "cosim_vl_core.h"

struct cosim_doorbell_rtl final : cosim_vl_core<cosim_doorbell_rtl, Vdoorbell, cosim_doorbell_rtl_snoop_pins> {
    cosim_doorbell_rtl() noexcept : cosim_vl_core("cosim_doorbell_rtl", COSIM_DOORBELL_RTL_ADDR_BITS) {}

    // The snoop port (cosim_vl_core drives the bus pins).
    void drive_extra(const cosim_doorbell_rtl_snoop_pins &snoop)
    {
        top->snoop_valid_i = snoop.valid;
        top->snoop_fill_i = snoop.fill;
        // The port carries address bits 47:6: an unaligned or too wide address does not fit.
        if (snoop.valid && ((snoop.line & 63u) != 0 || (snoop.line >> 48) != 0))
            pin_failure("snoop line 0x%llx is not a 48-bit cacheline address; bits dropped",
                        static_cast<unsigned long long>(snoop.line));
        top->snoop_line_i = (snoop.line >> 6) & ((UINT64_C(1) << 42) - 1);
        top->snoop_data_i = snoop.data;
    }
};

extern "C" {

cosim_doorbell_rtl *cosim_doorbell_rtl_create(void)
{
    return cosim_vl_core_create<cosim_doorbell_rtl>(__func__);
}

void cosim_doorbell_rtl_destroy(cosim_doorbell_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void cosim_doorbell_rtl_reset(cosim_doorbell_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void cosim_doorbell_rtl_cycle(cosim_doorbell_rtl *rtl, const cosim_axi_lite_request_pins *in,
                           const cosim_doorbell_rtl_snoop_pins *snoop, cosim_axi_lite_response_pins *out)
{
    cosim_vl_guard(__func__, [&] { rtl->cycle(in, snoop, out); });
}

cosim_doorbell_rtl_outputs cosim_doorbell_rtl_outputs_now(const cosim_doorbell_rtl *rtl)
{
    cosim_doorbell_rtl_outputs outputs;
    outputs.msg_valid = rtl->top->guc_msg_valid_o != 0;
    outputs.msg_groups = rtl->top->guc_msg_groups_o;
    outputs.read_valid = rtl->top->group_read_valid_o != 0;
    outputs.read_group = rtl->top->group_read_group_o;
    outputs.read_bits = rtl->top->group_read_bits_o;
    return outputs;
}

bool cosim_doorbell_rtl_valid(const cosim_doorbell_rtl *rtl, unsigned bell)
{
    return bell < 256u && (rtl->top->valid_o[bell / 32u] >> (bell % 32u) & 1u) != 0;
}

uint32_t cosim_doorbell_rtl_valid_word(const cosim_doorbell_rtl *rtl, unsigned word)
{
    return word < 8u ? rtl->top->valid_o[word] : 0u;
}

uint64_t cosim_doorbell_rtl_cycles(const cosim_doorbell_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t cosim_doorbell_rtl_bare_cycles(cosim_doorbell_rtl *rtl, uint64_t n)
{
    return cosim_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t cosim_doorbell_rtl_assertion_failures(const cosim_doorbell_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *cosim_doorbell_rtl_last_assertion(const cosim_doorbell_rtl *rtl)
{
    return rtl->last_failure;
}

int cosim_doorbell_rtl_planted_bug(void)
{
#ifdef COSIM_DOORBELL_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
