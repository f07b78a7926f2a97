#include "cosim_roundtrip_twin.h"

#include <stdbool.h>
#include <stdlib.h>

#include "roundtrip_regs.h"
#include "roundtrip_rtl.h"
#include "cosim_axi_lite_transactor.h"
#include "tlm_alloc.h"

/* Reset length: enough for any synchroniser in the block; the RTL needs one cycle. */
#define TWIN_RESET_CYCLES 4u
/* AWADDR/ARADDR width of rtl/roundtrip/roundtrip.sv. */
#define TWIN_ADDRESS_BITS 12u

struct cosim_roundtrip_twin {
    cosim_roundtrip_rtl *rtl;                /* the Verilated block, through its wrapper */
    cosim_axi_lite_transactor *transactor;   /* MMIO in front of it */
    tlm_signal irq;                       /* irq_o, as sampled after each cycle */
    tlm_kernel *kernel;                   /* time base of the pin row */
    tlm_trace_id irq_o;                   /* waveform row of the irq_o pin at its edge times (0: not traced) */
};

static void rtl_cycle(void *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_roundtrip_rtl_cycle(rtl, in, out);
}

static void sample_outputs(void *context, tlm_time edge_time)
{
    cosim_roundtrip_twin *twin = context;
    bool irq = cosim_roundtrip_rtl_irq(twin->rtl);
    /* The pin changes at the edge; the signal follows when the kernel hears of it. */
    tlm_trace_set_at(twin->kernel, twin->irq_o, edge_time, irq);
    tlm_signal_set(&twin->irq, irq);
}

cosim_roundtrip_twin *cosim_roundtrip_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name)
{
    cosim_roundtrip_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->rtl = cosim_roundtrip_rtl_create();
    cosim_roundtrip_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    tlm_signal_init(&twin->irq, "irq", 1, cosim_roundtrip_rtl_irq(twin->rtl));
    _Static_assert(ROUNDTRIP_BLOCK_SIZE <= (1u << TWIN_ADDRESS_BITS), "the RTL's address width covers the block");
    cosim_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin->rtl,
        .cycle = rtl_cycle,
        .address_bits = TWIN_ADDRESS_BITS,
    };
    twin->transactor = cosim_axi_lite_transactor_create(&config);
    twin->kernel = kernel;
    /* Beside the transactor's AXI pins (same scope): the interrupt pin, and the signal the rest
     * of the system sees. */
    twin->irq_o = tlm_trace_bits(kernel, name, "irq_o", 1, TLM_TRACE_BIN, tlm_signal_get(&twin->irq));
    tlm_signal_trace(&twin->irq, kernel, name);
    cosim_axi_lite_transactor_on_cycle(twin->transactor, sample_outputs, twin);
    return twin;
}

void cosim_roundtrip_twin_destroy(cosim_roundtrip_twin *twin)
{
    if (!twin)
        return;
    cosim_axi_lite_transactor_destroy(twin->transactor);
    cosim_roundtrip_rtl_destroy(twin->rtl);
    tlm_signal_destroy(&twin->irq);
    free(twin);
}

const tlm_target *cosim_roundtrip_twin_target(cosim_roundtrip_twin *twin)
{
    return cosim_axi_lite_transactor_target(twin->transactor);
}

tlm_signal *cosim_roundtrip_twin_irq(cosim_roundtrip_twin *twin)
{
    return &twin->irq;
}

uint64_t cosim_roundtrip_twin_cycles(const cosim_roundtrip_twin *twin)
{
    return cosim_axi_lite_transactor_cycles(twin->transactor);
}

uint64_t cosim_roundtrip_twin_assertion_failures(const cosim_roundtrip_twin *twin)
{
    return cosim_roundtrip_rtl_assertion_failures(twin->rtl);
}
