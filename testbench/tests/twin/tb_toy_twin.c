#include "tb_toy_twin.h"

#include <stdlib.h>

#include "tb_axi_lite_transactor.h"
#include "tlm_alloc.h"
#include "toy_regs.h"
#include "toy_rtl.h"

/* Reset length, as the round-trip twin's: the RTL needs one cycle. */
#define TWIN_RESET_CYCLES 4u

struct tb_toy_twin {
    tb_toy_rtl *rtl;                    /* the Verilated block, through its wrapper */
    tb_axi_lite_transactor *transactor; /* MMIO in front of it */
};

static void rtl_cycle(void *rtl, const tb_axi_lite_request_pins *in, tb_axi_lite_response_pins *out)
{
    tb_toy_rtl_cycle(rtl, in, out);
}

tb_toy_twin *tb_toy_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name)
{
    tb_toy_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->rtl = tb_toy_rtl_create();
    tb_toy_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    _Static_assert(TOY_BLOCK_SIZE <= (1u << TB_TOY_RTL_ADDR_BITS), "the RTL's address width covers the block");
    tb_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin->rtl,
        .cycle = rtl_cycle,
        .address_bits = TB_TOY_RTL_ADDR_BITS,
    };
    twin->transactor = tb_axi_lite_transactor_create(&config);
    return twin;
}

void tb_toy_twin_destroy(tb_toy_twin *twin)
{
    if (!twin)
        return;
    tb_axi_lite_transactor_destroy(twin->transactor);
    tb_toy_rtl_destroy(twin->rtl);
    free(twin);
}

const tlm_target *tb_toy_twin_target(tb_toy_twin *twin)
{
    return tb_axi_lite_transactor_target(twin->transactor);
}

uint64_t tb_toy_twin_assertion_failures(const tb_toy_twin *twin)
{
    return tb_toy_rtl_assertion_failures(twin->rtl);
}

int tb_toy_twin_planted_bug(void)
{
    return tb_toy_rtl_planted_bug();
}
