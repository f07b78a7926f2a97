#include "cosim_axi4_trace.h"

#include <stdio.h>

/* One pin: its name without prefix and direction suffix, width, and which side drives it. */
typedef struct pin_row {
    const char *name; /* e.g. "awvalid" */
    unsigned width;   /* bits */
    bool request;     /* driven by the master */
} pin_row;

static const pin_row pins[COSIM_AXI4_TRACE_PINS] = {
    { "awvalid", 1, true },  { "awready", 1, false }, { "awid", 4, true },    { "awaddr", 32, true },
    { "awlen", 8, true },    { "awsize", 3, true },   { "awburst", 2, true }, { "awprot", 3, true },
    { "wvalid", 1, true },   { "wready", 1, false },  { "wdata", 64, true },  { "wstrb", 8, true },
    { "wlast", 1, true },    { "bvalid", 1, false },  { "bready", 1, true },  { "bid", 4, false },
    { "bresp", 2, false },   { "arvalid", 1, true },  { "arready", 1, false }, { "arid", 4, true },
    { "araddr", 32, true },  { "arlen", 8, true },    { "arsize", 3, true },  { "arburst", 2, true },
    { "arprot", 3, true },   { "rvalid", 1, false },  { "rready", 1, true },  { "rid", 4, false },
    { "rdata", 64, false },  { "rresp", 2, false },   { "rlast", 1, false },
};

/* The value of pin `i` in the table's order. */
static uint64_t pin_value(unsigned i, const cosim_axi4_request_pins *q, const cosim_axi4_response_pins *s)
{
    switch (i) {
    case 0: return q->awvalid;
    case 1: return s->awready;
    case 2: return q->awid;
    case 3: return q->awaddr;
    case 4: return q->awlen;
    case 5: return q->awsize;
    case 6: return q->awburst;
    case 7: return q->awprot;
    case 8: return q->wvalid;
    case 9: return s->wready;
    case 10: return q->wdata;
    case 11: return q->wstrb;
    case 12: return q->wlast;
    case 13: return s->bvalid;
    case 14: return q->bready;
    case 15: return s->bid;
    case 16: return s->bresp;
    case 17: return q->arvalid;
    case 18: return s->arready;
    case 19: return q->arid;
    case 20: return q->araddr;
    case 21: return q->arlen;
    case 22: return q->arsize;
    case 23: return q->arburst;
    case 24: return q->arprot;
    case 25: return s->rvalid;
    case 26: return q->rready;
    case 27: return s->rid;
    case 28: return s->rdata;
    case 29: return s->rresp;
    default: return s->rlast;
    }
}

void cosim_axi4_trace_declare(cosim_axi4_trace *trace, tlm_kernel *kernel, const char *scope, bool rtl_master,
                              tlm_time period)
{
    *trace = (cosim_axi4_trace){ 0 };
    if (!tlm_trace_on(kernel))
        return;
    trace->clk = tlm_trace_bits(kernel, scope, "clk_i", 1, TLM_TRACE_BIN, 0);
    for (unsigned i = 0; i < COSIM_AXI4_TRACE_PINS; i++) {
        /* The RTL's port names: its outputs end in _o, its inputs in _i. */
        bool rtl_output = pins[i].request == rtl_master;
        char name[32];
        snprintf(name, sizeof name, "%s_%s_%s", rtl_master ? "m_axi" : "s_axi", pins[i].name, rtl_output ? "o" : "i");
        trace->pin[i] = tlm_trace_bits(kernel, scope, name, pins[i].width,
                                       pins[i].width == 1 ? TLM_TRACE_BIN : TLM_TRACE_HEX, 0);
    }
    tlm_trace_lookback(kernel, period);
}

void cosim_axi4_trace_cycle(const cosim_axi4_trace *trace, tlm_kernel *kernel, const cosim_axi4_request_pins *req,
                            const cosim_axi4_response_pins *resp, tlm_time edge, tlm_time period)
{
    if (!trace->clk)
        return;
    tlm_time cycle = edge >= period ? edge - period : 0;
    tlm_trace_set_at(kernel, trace->clk, cycle, 1);
    tlm_trace_set_at(kernel, trace->clk, cycle + period / 2, 0);
    for (unsigned i = 0; i < COSIM_AXI4_TRACE_PINS; i++)
        tlm_trace_set_at(kernel, trace->pin[i], cycle, pin_value(i, req, resp));
}
