// Test top: the AXI4 memory slave with the protocol checker on its slave port (s_axi_*),
// Verilated for the C master transactor's tests (testbench/tests/axi). The checker watches
// both sides: the C master transactor's requests and the RTL slave's answers.
`include "gtsim_axi4.svh"

module axi4_mem_tb (
    input  logic        clk_i,
    input  logic        rst_ni,
    `GTSIM_AXI4_SLAVE_PORTS
);
  axi4_mem_slave #(
      .IdWidth(4),
      .MemBytes(16384)
  ) u_mem (
      .clk_i, .rst_ni,
      .awvalid_i(s_axi_awvalid_i), .awready_o(s_axi_awready_o), .awid_i(s_axi_awid_i),
      .awaddr_i(s_axi_awaddr_i), .awlen_i(s_axi_awlen_i), .awsize_i(s_axi_awsize_i),
      .awburst_i(s_axi_awburst_i), .wvalid_i(s_axi_wvalid_i), .wready_o(s_axi_wready_o),
      .wdata_i(s_axi_wdata_i), .wstrb_i(s_axi_wstrb_i), .wlast_i(s_axi_wlast_i),
      .bvalid_o(s_axi_bvalid_o), .bready_i(s_axi_bready_i), .bid_o(s_axi_bid_o),
      .bresp_o(s_axi_bresp_o), .arvalid_i(s_axi_arvalid_i), .arready_o(s_axi_arready_o),
      .arid_i(s_axi_arid_i), .araddr_i(s_axi_araddr_i), .arlen_i(s_axi_arlen_i),
      .arsize_i(s_axi_arsize_i), .arburst_i(s_axi_arburst_i), .rvalid_o(s_axi_rvalid_o),
      .rready_i(s_axi_rready_i), .rid_o(s_axi_rid_o), .rdata_o(s_axi_rdata_o),
      .rresp_o(s_axi_rresp_o), .rlast_o(s_axi_rlast_o)
  );

  logic unused_prot;  // the memory ignores protection; the checker sees it
  assign unused_prot = ^{s_axi_awprot_i, s_axi_arprot_i};

  axi4_checker #(
      .IdWidth(4),
      .AddrWidth(32),
      .DataWidth(64)
  ) u_checker (
      `GTSIM_AXI4_CHECK_SLAVE_PORT
  );
endmodule
