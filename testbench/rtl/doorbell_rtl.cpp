// Verilator shim of the GTI doorbell controller: the C API of doorbell_rtl.h over the
// Verilated model Vdoorbell. Only the snoop port and the outputs are its own; the clock,
// reset, bus pins and failure reporting are the shared core's (tb_vl_shim.h, docs/reference/rtl.md).
// Built twice: doorbell_rtl (the RTL as it is) and doorbell_rtl_planted (parameter
// PlantedBugLateRingLost = 1, TB_DOORBELL_RTL_PLANTED defined).
#include "doorbell_rtl.h"

#include <cstdint>

#include "Vdoorbell.h"
#include "tb_vl_shim.h"

struct tb_doorbell_rtl final : tb_vl_shim<tb_doorbell_rtl, Vdoorbell, tb_doorbell_rtl_snoop_pins> {
    tb_doorbell_rtl() noexcept : tb_vl_shim("tb_doorbell_rtl", TB_DOORBELL_RTL_ADDR_BITS) {}

    // The snoop port (tb_vl_shim drives the bus pins).
    void drive_extra(const tb_doorbell_rtl_snoop_pins &snoop)
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

tb_doorbell_rtl *tb_doorbell_rtl_create(void)
{
    return tb_vl_shim_create<tb_doorbell_rtl>(__func__);
}

void tb_doorbell_rtl_destroy(tb_doorbell_rtl *rtl)
{
    tb_vl_shim_destroy(__func__, rtl);
}

void tb_doorbell_rtl_reset(tb_doorbell_rtl *rtl, unsigned cycles)
{
    tb_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void tb_doorbell_rtl_cycle(tb_doorbell_rtl *rtl, const tb_axi_lite_request_pins *in,
                           const tb_doorbell_rtl_snoop_pins *snoop, tb_axi_lite_response_pins *out)
{
    tb_vl_guard(__func__, [&] { rtl->cycle(in, snoop, out); });
}

tb_doorbell_rtl_outputs tb_doorbell_rtl_outputs_now(const tb_doorbell_rtl *rtl)
{
    tb_doorbell_rtl_outputs outputs;
    outputs.msg_valid = rtl->top->guc_msg_valid_o != 0;
    outputs.msg_groups = rtl->top->guc_msg_groups_o;
    outputs.read_valid = rtl->top->group_read_valid_o != 0;
    outputs.read_group = rtl->top->group_read_group_o;
    outputs.read_bits = rtl->top->group_read_bits_o;
    return outputs;
}

bool tb_doorbell_rtl_valid(const tb_doorbell_rtl *rtl, unsigned bell)
{
    return bell < 256u && (rtl->top->valid_o[bell / 32u] >> (bell % 32u) & 1u) != 0;
}

uint32_t tb_doorbell_rtl_valid_word(const tb_doorbell_rtl *rtl, unsigned word)
{
    return word < 8u ? rtl->top->valid_o[word] : 0u;
}

uint64_t tb_doorbell_rtl_cycles(const tb_doorbell_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t tb_doorbell_rtl_bare_cycles(tb_doorbell_rtl *rtl, uint64_t n)
{
    return tb_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t tb_doorbell_rtl_assertion_failures(const tb_doorbell_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *tb_doorbell_rtl_last_assertion(const tb_doorbell_rtl *rtl)
{
    return rtl->last_failure;
}

int tb_doorbell_rtl_planted_bug(void)
{
#ifdef TB_DOORBELL_RTL_PLANTED
    return 1;
#else
    return 0;
#endif
}

} // extern "C"
