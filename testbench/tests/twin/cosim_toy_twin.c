#include "cosim_toy_twin.h"

#include <stdlib.h>

#include "cosim_axi_lite_transactor.h"
#include "tlm_alloc.h"
#include "toy_regs.h"
#include "toy_rtl.h"

/* Reset length, as the round-trip twin's: the RTL needs one cycle. */
#define TWIN_RESET_CYCLES 4u

struct cosim_toy_twin {
    cosim_toy_rtl *rtl;                    /* the Verilated block, through its wrapper */
    cosim_axi_lite_transactor *transactor; /* MMIO in front of it */
};

static void rtl_cycle(void *rtl, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_toy_rtl_cycle(rtl, in, out);
}

cosim_toy_twin *cosim_toy_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name)
{
    cosim_toy_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->rtl = cosim_toy_rtl_create();
    cosim_toy_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    _Static_assert(TOY_BLOCK_SIZE <= (1u << COSIM_TOY_RTL_ADDR_BITS), "the RTL's address width covers the block");
    cosim_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin->rtl,
        .cycle = rtl_cycle,
        .address_bits = COSIM_TOY_RTL_ADDR_BITS,
    };
    twin->transactor = cosim_axi_lite_transactor_create(&config);
    return twin;
}

void cosim_toy_twin_destroy(cosim_toy_twin *twin)
{
    if (!twin)
        return;
    cosim_axi_lite_transactor_destroy(twin->transactor);
    cosim_toy_rtl_destroy(twin->rtl);
    free(twin);
}

const tlm_target *cosim_toy_twin_target(cosim_toy_twin *twin)
{
    return cosim_axi_lite_transactor_target(twin->transactor);
}

uint64_t cosim_toy_twin_assertion_failures(const cosim_toy_twin *twin)
{
    return cosim_toy_rtl_assertion_failures(twin->rtl);
}

int cosim_toy_twin_planted_bug(void)
{
    return cosim_toy_rtl_planted_bug();
}
