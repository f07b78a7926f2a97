// The AXI4 ports gtsim's AXI4 transactors drive (testbench/cosim/cosim_axi4_pins.h: 64-bit
// data, 32-bit addresses, 4-bit IDs), one place for their pins: a top's port list declares a
// master port (m_axi_*) or a slave port (s_axi_*) with these macros, and the protocol checker
// (rtl/axi/axi4_checker.sv) is connected to either with the matching _CHECK macro. The pin
// names are what the Verilator wrappers drive (testbench/cosim/cosim_vl_axi4.h).
`ifndef GTSIM_AXI4_SVH
`define GTSIM_AXI4_SVH

// `GTSIM_AXI4_MASTER_PORTS: the port declarations of a master port, comma separated, no comma
// at the end.
`define GTSIM_AXI4_MASTER_PORTS \
    output logic        m_axi_awvalid_o, \
    input  logic        m_axi_awready_i, \
    output logic [3:0]  m_axi_awid_o, \
    output logic [31:0] m_axi_awaddr_o, \
    output logic [7:0]  m_axi_awlen_o, \
    output logic [2:0]  m_axi_awsize_o, \
    output logic [1:0]  m_axi_awburst_o, \
    output logic [2:0]  m_axi_awprot_o, \
    output logic        m_axi_wvalid_o, \
    input  logic        m_axi_wready_i, \
    output logic [63:0] m_axi_wdata_o, \
    output logic [7:0]  m_axi_wstrb_o, \
    output logic        m_axi_wlast_o, \
    input  logic        m_axi_bvalid_i, \
    output logic        m_axi_bready_o, \
    input  logic [3:0]  m_axi_bid_i, \
    input  logic [1:0]  m_axi_bresp_i, \
    output logic        m_axi_arvalid_o, \
    input  logic        m_axi_arready_i, \
    output logic [3:0]  m_axi_arid_o, \
    output logic [31:0] m_axi_araddr_o, \
    output logic [7:0]  m_axi_arlen_o, \
    output logic [2:0]  m_axi_arsize_o, \
    output logic [1:0]  m_axi_arburst_o, \
    output logic [2:0]  m_axi_arprot_o, \
    input  logic        m_axi_rvalid_i, \
    output logic        m_axi_rready_o, \
    input  logic [3:0]  m_axi_rid_i, \
    input  logic [63:0] m_axi_rdata_i, \
    input  logic [1:0]  m_axi_rresp_i, \
    input  logic        m_axi_rlast_i

// `GTSIM_AXI4_SLAVE_PORTS: the port declarations of a slave port, comma separated, no comma at
// the end.
`define GTSIM_AXI4_SLAVE_PORTS \
    input  logic        s_axi_awvalid_i, \
    output logic        s_axi_awready_o, \
    input  logic [3:0]  s_axi_awid_i, \
    input  logic [31:0] s_axi_awaddr_i, \
    input  logic [7:0]  s_axi_awlen_i, \
    input  logic [2:0]  s_axi_awsize_i, \
    input  logic [1:0]  s_axi_awburst_i, \
    input  logic [2:0]  s_axi_awprot_i, \
    input  logic        s_axi_wvalid_i, \
    output logic        s_axi_wready_o, \
    input  logic [63:0] s_axi_wdata_i, \
    input  logic [7:0]  s_axi_wstrb_i, \
    input  logic        s_axi_wlast_i, \
    output logic        s_axi_bvalid_o, \
    input  logic        s_axi_bready_i, \
    output logic [3:0]  s_axi_bid_o, \
    output logic [1:0]  s_axi_bresp_o, \
    input  logic        s_axi_arvalid_i, \
    output logic        s_axi_arready_o, \
    input  logic [3:0]  s_axi_arid_i, \
    input  logic [31:0] s_axi_araddr_i, \
    input  logic [7:0]  s_axi_arlen_i, \
    input  logic [2:0]  s_axi_arsize_i, \
    input  logic [1:0]  s_axi_arburst_i, \
    input  logic [2:0]  s_axi_arprot_i, \
    output logic        s_axi_rvalid_o, \
    input  logic        s_axi_rready_i, \
    output logic [3:0]  s_axi_rid_o, \
    output logic [63:0] s_axi_rdata_o, \
    output logic [1:0]  s_axi_rresp_o, \
    output logic        s_axi_rlast_o

// `GTSIM_AXI4_CHECK_MASTER_PORT / _SLAVE_PORT: an axi4_checker instance's connections to the
// m_axi_* / s_axi_* pins (and clk_i, rst_ni), comma separated, no comma at the end.
`define GTSIM_AXI4_CHECK_MASTER_PORT \
    .clk_i, .rst_ni, \
    .awvalid_i(m_axi_awvalid_o), .awready_i(m_axi_awready_i), .awid_i(m_axi_awid_o), \
    .awaddr_i(m_axi_awaddr_o), .awlen_i(m_axi_awlen_o), .awsize_i(m_axi_awsize_o), \
    .awburst_i(m_axi_awburst_o), .awprot_i(m_axi_awprot_o), \
    .wvalid_i(m_axi_wvalid_o), .wready_i(m_axi_wready_i), .wdata_i(m_axi_wdata_o), \
    .wstrb_i(m_axi_wstrb_o), .wlast_i(m_axi_wlast_o), \
    .bvalid_i(m_axi_bvalid_i), .bready_i(m_axi_bready_o), .bid_i(m_axi_bid_i), .bresp_i(m_axi_bresp_i), \
    .arvalid_i(m_axi_arvalid_o), .arready_i(m_axi_arready_i), .arid_i(m_axi_arid_o), \
    .araddr_i(m_axi_araddr_o), .arlen_i(m_axi_arlen_o), .arsize_i(m_axi_arsize_o), \
    .arburst_i(m_axi_arburst_o), .arprot_i(m_axi_arprot_o), \
    .rvalid_i(m_axi_rvalid_i), .rready_i(m_axi_rready_o), .rid_i(m_axi_rid_i), \
    .rdata_i(m_axi_rdata_i), .rresp_i(m_axi_rresp_i), .rlast_i(m_axi_rlast_i)

`define GTSIM_AXI4_CHECK_SLAVE_PORT \
    .clk_i, .rst_ni, \
    .awvalid_i(s_axi_awvalid_i), .awready_i(s_axi_awready_o), .awid_i(s_axi_awid_i), \
    .awaddr_i(s_axi_awaddr_i), .awlen_i(s_axi_awlen_i), .awsize_i(s_axi_awsize_i), \
    .awburst_i(s_axi_awburst_i), .awprot_i(s_axi_awprot_i), \
    .wvalid_i(s_axi_wvalid_i), .wready_i(s_axi_wready_o), .wdata_i(s_axi_wdata_i), \
    .wstrb_i(s_axi_wstrb_i), .wlast_i(s_axi_wlast_i), \
    .bvalid_i(s_axi_bvalid_o), .bready_i(s_axi_bready_i), .bid_i(s_axi_bid_o), .bresp_i(s_axi_bresp_o), \
    .arvalid_i(s_axi_arvalid_i), .arready_i(s_axi_arready_o), .arid_i(s_axi_arid_i), \
    .araddr_i(s_axi_araddr_i), .arlen_i(s_axi_arlen_i), .arsize_i(s_axi_arsize_i), \
    .arburst_i(s_axi_arburst_i), .arprot_i(s_axi_arprot_i), \
    .rvalid_i(s_axi_rvalid_o), .rready_i(s_axi_rready_i), .rid_i(s_axi_rid_o), \
    .rdata_i(s_axi_rdata_o), .rresp_i(s_axi_rresp_o), .rlast_i(s_axi_rlast_o)

`endif
