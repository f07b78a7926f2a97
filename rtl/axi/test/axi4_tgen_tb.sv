// Test top: the AXI4 traffic generator with the protocol checker on its master port
// (m_axi_*), Verilated for the C slave transactor's tests (testbench/tests/axi). The checker
// watches both sides: the RTL master's requests and the C slave transactor's answers.
`include "gtsim_axi4.svh"

module axi4_tgen_tb #(
    parameter bit PlantedBug = 1'b0  // passed to the traffic generator (checker test only)
) (
    input  logic        clk_i,
    input  logic        rst_ni,
    input  logic        cmd_valid_i,
    output logic        cmd_ready_o,
    input  logic        cmd_write_i,
    input  logic [3:0]  cmd_id_i,
    input  logic [31:0] cmd_addr_i,
    input  logic [7:0]  cmd_len_i,
    input  logic [2:0]  cmd_size_i,
    input  logic [1:0]  cmd_burst_i,
    input  logic [31:0] cmd_seed_i,
    input  logic [7:0]  cmd_strb_i,
    input  logic        r_stall_i,
    input  logic        b_stall_i,
    `GTSIM_AXI4_MASTER_PORTS
);
  // Data, unprivileged, secure (AxPROT 3'b000): the generator makes plain data accesses.
  assign m_axi_awprot_o = 3'b000;
  assign m_axi_arprot_o = 3'b000;

  axi4_traffic_master #(
      .IdWidth(4),
      .PlantedBug(PlantedBug)
  ) u_master (
      .clk_i, .rst_ni, .cmd_valid_i, .cmd_ready_o, .cmd_write_i, .cmd_id_i, .cmd_addr_i,
      .cmd_len_i, .cmd_size_i, .cmd_burst_i, .cmd_seed_i, .cmd_strb_i, .r_stall_i, .b_stall_i,
      .awvalid_o(m_axi_awvalid_o), .awready_i(m_axi_awready_i), .awid_o(m_axi_awid_o),
      .awaddr_o(m_axi_awaddr_o), .awlen_o(m_axi_awlen_o), .awsize_o(m_axi_awsize_o),
      .awburst_o(m_axi_awburst_o), .wvalid_o(m_axi_wvalid_o), .wready_i(m_axi_wready_i),
      .wdata_o(m_axi_wdata_o), .wstrb_o(m_axi_wstrb_o), .wlast_o(m_axi_wlast_o),
      .bvalid_i(m_axi_bvalid_i), .bready_o(m_axi_bready_o), .arvalid_o(m_axi_arvalid_o),
      .arready_i(m_axi_arready_i), .arid_o(m_axi_arid_o), .araddr_o(m_axi_araddr_o),
      .arlen_o(m_axi_arlen_o), .arsize_o(m_axi_arsize_o), .arburst_o(m_axi_arburst_o),
      .rvalid_i(m_axi_rvalid_i), .rready_o(m_axi_rready_o)
  );

  axi4_checker #(
      .IdWidth(4),
      .AddrWidth(32),
      .DataWidth(64)
  ) u_checker (
      `GTSIM_AXI4_CHECK_MASTER_PORT
  );
endmodule
