// Verilator wrapper of the AXI4 memory slave test top (axi4_mem_rtl.h) over the AXI4 wrapper
// core (cosim_vl_axi4.h).
#include "axi4_mem_rtl.h"

#include "Vaxi4_mem_tb.h"
#include "cosim_vl_axi4.h"

struct axi4_mem_rtl final : cosim_axi4_vl_top<axi4_mem_rtl, Vaxi4_mem_tb> {
    axi4_mem_rtl() noexcept : cosim_axi4_vl_top("axi4_mem_rtl") {}

    void drive_idle()
    {
        static const cosim_axi4_request_pins idle = {};
        cosim_axi4_vl_drive_slave_port(*top, idle);
    }

    void cycle(const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
    {
        cosim_vl_eval_scope scope(this);
        if (in)
            cosim_axi4_vl_drive_slave_port(*top, *in);
        else
            drive_idle();
        edge(0);
        if (out)
            cosim_axi4_vl_sample_slave_port(*top, out);
        edge(1);
        cycles++;
    }
};

extern "C" {

axi4_mem_rtl *axi4_mem_rtl_create(void)
{
    return cosim_vl_core_create<axi4_mem_rtl>(__func__);
}

void axi4_mem_rtl_destroy(axi4_mem_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void axi4_mem_rtl_reset(axi4_mem_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void axi4_mem_rtl_cycle(void *rtl, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
{
    cosim_vl_guard(__func__, [&] { static_cast<axi4_mem_rtl *>(rtl)->cycle(in, out); });
}

uint64_t axi4_mem_rtl_cycles(const axi4_mem_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t axi4_mem_rtl_assertion_failures(const axi4_mem_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *axi4_mem_rtl_last_assertion(const axi4_mem_rtl *rtl)
{
    return rtl->last_failure;
}

} // extern "C"
