// The AXI4-Lite slave port every register block has (rtl/axi_lite/axi_lite_slave.sv answers
// it): one place for its 19 pins, declared by a block's port list and passed on to the front
// end by name. The pin names are what the Verilator wrappers drive (testbench/cosim/cosim_vl_core.h),
// so every block keeps exactly these. 32-bit data (AXI4-Lite), `aw` address bits.
`ifndef GTSIM_AXIL_SVH
`define GTSIM_AXIL_SVH

// `GTSIM_AXIL_SLAVE_PORTS(aw): the port declarations (s_axil_*), comma separated, no comma at
// the end.
`define GTSIM_AXIL_SLAVE_PORTS(__aw) \
    input  logic            s_axil_awvalid_i, \
    output logic            s_axil_awready_o, \
    input  logic [__aw-1:0] s_axil_awaddr_i, \
    input  logic [     2:0] s_axil_awprot_i, \
    input  logic            s_axil_wvalid_i, \
    output logic            s_axil_wready_o, \
    input  logic [    31:0] s_axil_wdata_i, \
    input  logic [     3:0] s_axil_wstrb_i, \
    output logic            s_axil_bvalid_o, \
    input  logic            s_axil_bready_i, \
    output logic [     1:0] s_axil_bresp_o, \
    input  logic            s_axil_arvalid_i, \
    output logic            s_axil_arready_o, \
    input  logic [__aw-1:0] s_axil_araddr_i, \
    input  logic [     2:0] s_axil_arprot_i, \
    output logic            s_axil_rvalid_o, \
    input  logic            s_axil_rready_i, \
    output logic [    31:0] s_axil_rdata_o, \
    output logic [     1:0] s_axil_rresp_o

// `GTSIM_AXIL_SLAVE_CONNECT: the same pins connected by name in an instance of
// axi_lite_slave, comma separated, no comma at the end.
`define GTSIM_AXIL_SLAVE_CONNECT \
    .s_axil_awvalid_i, \
    .s_axil_awready_o, \
    .s_axil_awaddr_i, \
    .s_axil_awprot_i, \
    .s_axil_wvalid_i, \
    .s_axil_wready_o, \
    .s_axil_wdata_i, \
    .s_axil_wstrb_i, \
    .s_axil_bvalid_o, \
    .s_axil_bready_i, \
    .s_axil_bresp_o, \
    .s_axil_arvalid_i, \
    .s_axil_arready_o, \
    .s_axil_araddr_i, \
    .s_axil_arprot_i, \
    .s_axil_rvalid_o, \
    .s_axil_rready_i, \
    .s_axil_rdata_o, \
    .s_axil_rresp_o

`endif
