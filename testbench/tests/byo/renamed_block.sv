// A block whose ports do not follow gtsim's naming convention, bound through the description
// file renamed_block.toml (byo.generator_description): a register port under csr_, one AXI4
// master under rd_ (no IDs, no PROT), an interrupt and a message port of its own names.
// Parameter WriteDataBits = 32 narrows the master's write data
// (byo.generator_rejects_width: the generator must refuse it).
module renamed_block #(
    parameter int unsigned WriteDataBits = 64
) (
    input  logic clk,
    input  logic rst_n,
    input  logic        csr_awvalid_i,
    output logic        csr_awready_o,
    input  logic [ 3:0] csr_awaddr_i,
    input  logic        csr_wvalid_i,
    output logic        csr_wready_o,
    input  logic [31:0] csr_wdata_i,
    input  logic [ 3:0] csr_wstrb_i,
    output logic        csr_bvalid_o,
    input  logic        csr_bready_i,
    output logic [ 1:0] csr_bresp_o,
    input  logic        csr_arvalid_i,
    output logic        csr_arready_o,
    input  logic [ 3:0] csr_araddr_i,
    output logic        csr_rvalid_o,
    input  logic        csr_rready_i,
    output logic [31:0] csr_rdata_o,
    output logic [ 1:0] csr_rresp_o,
    output logic        rd_awvalid_o,
    input  logic        rd_awready_i,
    output logic [31:0] rd_awaddr_o,
    output logic [ 7:0] rd_awlen_o,
    output logic [ 2:0] rd_awsize_o,
    output logic [ 1:0] rd_awburst_o,
    output logic        rd_wvalid_o,
    input  logic        rd_wready_i,
    output logic [WriteDataBits-1:0] rd_wdata_o,
    output logic [ 7:0] rd_wstrb_o,
    output logic        rd_wlast_o,
    input  logic        rd_bvalid_i,
    output logic        rd_bready_o,
    input  logic [ 1:0] rd_bresp_i,
    output logic        rd_arvalid_o,
    input  logic        rd_arready_i,
    output logic [31:0] rd_araddr_o,
    output logic [ 7:0] rd_arlen_o,
    output logic [ 2:0] rd_arsize_o,
    output logic [ 1:0] rd_arburst_o,
    input  logic        rd_rvalid_i,
    output logic        rd_rready_o,
    input  logic [63:0] rd_rdata_i,
    input  logic [ 1:0] rd_rresp_i,
    input  logic        rd_rlast_i,
    output logic        done_irq,
    output logic        ev_valid,
    input  logic        ev_ready,
    output logic [11:0] ev_data
);
  // Only the port list matters here; the outputs are tied off.
  assign {csr_awready_o, csr_wready_o, csr_bvalid_o, csr_bresp_o, csr_arready_o, csr_rvalid_o} = '0;
  assign {csr_rdata_o, csr_rresp_o} = '0;
  assign {rd_awvalid_o, rd_awaddr_o, rd_awlen_o, rd_awsize_o, rd_awburst_o, rd_wvalid_o} = '0;
  assign {rd_wdata_o, rd_wstrb_o, rd_wlast_o, rd_bready_o, rd_arvalid_o, rd_araddr_o} = '0;
  assign {rd_arlen_o, rd_arsize_o, rd_arburst_o, rd_rready_o, done_irq, ev_valid, ev_data} = '0;
endmodule
