// What every Verilator wrapper of a top with an AXI4 port shares (C++ only; docs/reference/rtl.md):
// the pins of cosim_axi4_pins.h driven and sampled by the port-name convention (m_axi_* on a
// master port, s_axi_* on a slave port, _i inputs and _o outputs, 4-bit IDs, 64-bit data), and
// the model's lifetime, clock and reset over the shared core (cosim_vl_core.h). Cycle semantics
// as every wrapper: inputs applied with the clock low, outputs sampled before the rising edge.
#ifndef COSIM_VL_AXI4_H
#define COSIM_VL_AXI4_H

#include <cstdint>
#include <memory>

#include "cosim_axi4_pins.h"
#include "cosim_vl_core.h"

// A master port's inputs (the slave's answers) from `in`.
template <class Top> void cosim_axi4_vl_drive_master_port(Top &t, const cosim_axi4_response_pins &in)
{
    t.m_axi_awready_i = in.awready;
    t.m_axi_wready_i = in.wready;
    t.m_axi_bvalid_i = in.bvalid;
    t.m_axi_bid_i = in.bid & 0xFu;
    t.m_axi_bresp_i = in.bresp & 3u;
    t.m_axi_arready_i = in.arready;
    t.m_axi_rvalid_i = in.rvalid;
    t.m_axi_rid_i = in.rid & 0xFu;
    t.m_axi_rdata_i = in.rdata;
    t.m_axi_rresp_i = in.rresp & 3u;
    t.m_axi_rlast_i = in.rlast;
}

// A master port's outputs (the requests) into `out`.
template <class Top> void cosim_axi4_vl_sample_master_port(const Top &t, cosim_axi4_request_pins *out)
{
    out->awvalid = t.m_axi_awvalid_o;
    out->awid = t.m_axi_awid_o;
    out->awaddr = t.m_axi_awaddr_o;
    out->awlen = t.m_axi_awlen_o;
    out->awsize = t.m_axi_awsize_o;
    out->awburst = t.m_axi_awburst_o;
    out->awprot = t.m_axi_awprot_o;
    out->wvalid = t.m_axi_wvalid_o;
    out->wdata = t.m_axi_wdata_o;
    out->wstrb = t.m_axi_wstrb_o;
    out->wlast = t.m_axi_wlast_o;
    out->bready = t.m_axi_bready_o;
    out->arvalid = t.m_axi_arvalid_o;
    out->arid = t.m_axi_arid_o;
    out->araddr = t.m_axi_araddr_o;
    out->arlen = t.m_axi_arlen_o;
    out->arsize = t.m_axi_arsize_o;
    out->arburst = t.m_axi_arburst_o;
    out->arprot = t.m_axi_arprot_o;
    out->rready = t.m_axi_rready_o;
}

// A slave port's inputs (the requests) from `in`.
template <class Top> void cosim_axi4_vl_drive_slave_port(Top &t, const cosim_axi4_request_pins &in)
{
    t.s_axi_awvalid_i = in.awvalid;
    t.s_axi_awid_i = in.awid & 0xFu;
    t.s_axi_awaddr_i = in.awaddr;
    t.s_axi_awlen_i = in.awlen;
    t.s_axi_awsize_i = in.awsize & 7u;
    t.s_axi_awburst_i = in.awburst & 3u;
    t.s_axi_awprot_i = in.awprot & 7u;
    t.s_axi_wvalid_i = in.wvalid;
    t.s_axi_wdata_i = in.wdata;
    t.s_axi_wstrb_i = in.wstrb;
    t.s_axi_wlast_i = in.wlast;
    t.s_axi_bready_i = in.bready;
    t.s_axi_arvalid_i = in.arvalid;
    t.s_axi_arid_i = in.arid & 0xFu;
    t.s_axi_araddr_i = in.araddr;
    t.s_axi_arlen_i = in.arlen;
    t.s_axi_arsize_i = in.arsize & 7u;
    t.s_axi_arburst_i = in.arburst & 3u;
    t.s_axi_arprot_i = in.arprot & 7u;
    t.s_axi_rready_i = in.rready;
}

// A slave port's outputs (the answers) into `out`.
template <class Top> void cosim_axi4_vl_sample_slave_port(const Top &t, cosim_axi4_response_pins *out)
{
    out->awready = t.s_axi_awready_o;
    out->wready = t.s_axi_wready_o;
    out->bvalid = t.s_axi_bvalid_o;
    out->bid = t.s_axi_bid_o;
    out->bresp = t.s_axi_bresp_o;
    out->arready = t.s_axi_arready_o;
    out->rvalid = t.s_axi_rvalid_o;
    out->rid = t.s_axi_rid_o;
    out->rdata = t.s_axi_rdata_o;
    out->rresp = t.s_axi_rresp_o;
    out->rlast = t.s_axi_rlast_o;
}

// The Verilated top `Top` (ports clk_i, rst_ni and its own) with its own context. `Wrapper`
// derives from this class and provides `void drive_idle()`, the inputs of a reset cycle.
template <class Wrapper, class Top> class cosim_axi4_vl_top : public cosim_vl_core_base {
public:
    std::unique_ptr<Top> top; // the Verilated model

    explicit cosim_axi4_vl_top(const char *name) noexcept : cosim_vl_core_base(name) {}

    // Model and context, reset asserted, clock low.
    void open()
    {
        open_context();
        top.reset(new Top(context.get(), "TOP"));
        cosim_vl_eval_scope scope(this);
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
    }

    // Final blocks, then the model, then the context.
    void close()
    {
        {
            cosim_vl_eval_scope scope(this);
            top->final();
            top.reset();
        }
        close_context();
    }

    // One clock edge to `level` (time advances by 1, as every wrapper's).
    void edge(uint8_t level)
    {
        context->timeInc(1);
        top->clk_i = level;
        top->eval();
    }

    // Idle inputs, reset for `n` cycles (at least one), reset released.
    void reset(unsigned n)
    {
        cosim_vl_eval_scope scope(this);
        static_cast<Wrapper *>(this)->drive_idle();
        top->rst_ni = 0;
        for (unsigned i = 0; i < (n > 0 ? n : 1u); i++)
            clock();
        top->rst_ni = 1;
        top->eval();
    }

    // `n` cycles with the inputs as they are, nothing sampled (the benchmark's floor).
    uint64_t bare_cycles(uint64_t n)
    {
        cosim_vl_eval_scope scope(this);
        for (uint64_t i = 0; i < n; i++)
            clock();
        return cycles;
    }

    // Falling then rising edge: one cycle.
    void clock()
    {
        edge(0);
        edge(1);
        cycles++;
    }
};

#endif
