// Toy scratch block: the RTL of the toy twin that proves the path of adding an RTL twin
// (testbench/tests/twin/, docs/contributing.md "Adding an RTL twin"). Not part of the product. Registers in
// testbench/tests/twin/toy_regs.toml (package toy_regs_pkg), register rules as
// tlm/tlm_register.h's, as in rtl/roundtrip/roundtrip.sv:
//   SCRATCH  RW, byte strobes apply;
//   STATUS   RO: WRITES counts accepted writes to SCRATCH (wraps at 256); a write -> SLVERR;
//   no register at the address -> DECERR.
// Planted bug (PlantedBugDropTopByte = 1, off by default; the lockstep test's own check): a
// write to SCRATCH leaves byte 3 unchanged.
module toy_scratch
  import toy_regs_pkg::*;
#(
    parameter bit PlantedBugDropTopByte = 1'b0
) (
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite slave port (MMIO), offsets relative to the block
    input  logic        s_axil_awvalid_i,
    output logic        s_axil_awready_o,
    input  logic [11:0] s_axil_awaddr_i,
    input  logic [ 2:0] s_axil_awprot_i,
    input  logic        s_axil_wvalid_i,
    output logic        s_axil_wready_o,
    input  logic [31:0] s_axil_wdata_i,
    input  logic [ 3:0] s_axil_wstrb_i,
    output logic        s_axil_bvalid_o,
    input  logic        s_axil_bready_i,
    output logic [ 1:0] s_axil_bresp_o,
    input  logic        s_axil_arvalid_i,
    output logic        s_axil_arready_o,
    input  logic [11:0] s_axil_araddr_i,
    input  logic [ 2:0] s_axil_arprot_i,
    output logic        s_axil_rvalid_o,
    input  logic        s_axil_rready_i,
    output logic [31:0] s_axil_rdata_o,
    output logic [ 1:0] s_axil_rresp_o
);

  localparam int unsigned AddrWidth = 12;

  // The package must describe the block this RTL implements.
  if (TOY_REGISTER_COUNT != 2) begin : g_check_register_count
    $error("toy_regs_pkg has %0d registers, toy_scratch.sv implements 2", TOY_REGISTER_COUNT);
  end
  if (TOY_BLOCK_SIZE > (1 << AddrWidth)) begin : g_check_block_size
    $error("toy_regs_pkg: block size 0x%0h does not fit a %0d-bit address", TOY_BLOCK_SIZE,
           AddrWidth);
  end

  // ------------------------------------------------------------------------------------------
  // Bus front end
  // ------------------------------------------------------------------------------------------
  logic req_valid, req_write;
  logic [AddrWidth-1:0] req_addr;
  /* verilator lint_off UNUSEDSIGNAL */
  // AWPROT/ARPROT: the block answers every access alike, as its C model ignores the
  // payload's privileged/secure attributes.
  logic [2:0] req_prot;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] req_wdata;
  logic [3:0] req_wstrb;
  logic [31:0] resp_rdata;
  logic resp_slverr, resp_decerr;

  axi_lite_slave #(
      .AddrWidth(AddrWidth)
  ) u_axi_lite_slave (
      .clk_i,
      .rst_ni,
      .s_axil_awvalid_i,
      .s_axil_awready_o,
      .s_axil_awaddr_i,
      .s_axil_awprot_i,
      .s_axil_wvalid_i,
      .s_axil_wready_o,
      .s_axil_wdata_i,
      .s_axil_wstrb_i,
      .s_axil_bvalid_o,
      .s_axil_bready_i,
      .s_axil_bresp_o,
      .s_axil_arvalid_i,
      .s_axil_arready_o,
      .s_axil_araddr_i,
      .s_axil_arprot_i,
      .s_axil_rvalid_o,
      .s_axil_rready_i,
      .s_axil_rdata_o,
      .s_axil_rresp_o,
      .req_valid_o  (req_valid),
      .req_write_o  (req_write),
      .req_addr_o   (req_addr),
      .req_prot_o   (req_prot),
      .req_wdata_o  (req_wdata),
      .req_wstrb_o  (req_wstrb),
      .resp_rdata_i (resp_rdata),
      .resp_slverr_i(resp_slverr),
      .resp_decerr_i(resp_decerr),
      .req_stall_i  (1'b0)  // registers only: nothing to give cycles to
  );

  // ------------------------------------------------------------------------------------------
  // Decode and answer
  // ------------------------------------------------------------------------------------------
  logic [31:0] offset;  // the request address as a 32-bit byte offset in the block
  logic hit_scratch, hit_status;
  logic [31:0] bit_en;  // WSTRB as bit enables: only strobed bytes are written

  assign offset = 32'(req_addr);
  assign hit_scratch = offset == TOY_SCRATCH_OFFSET;
  assign hit_status = offset == TOY_STATUS_OFFSET;
  assign bit_en = {{8{req_wstrb[3] && !PlantedBugDropTopByte}}, {8{req_wstrb[2]}},
                   {8{req_wstrb[1]}}, {8{req_wstrb[0]}}};

  // tlm_register.h payload rules: no register -> DECERR; a write to a register with no
  // writable bit in a block with ro_write = "error" -> SLVERR.
  assign resp_decerr = !hit_scratch && !hit_status;
  assign resp_slverr = req_write && TOY_RO_WRITE_ERROR && hit_status;

  logic [31:0] scratch_q, scratch_d;
  logic [7:0] writes_q, writes_d;

  // Reads: reserved bits read 0.
  assign resp_rdata = hit_scratch ? (scratch_q & TOY_SCRATCH_RW_MASK) :
      hit_status ? ((32'(writes_q) << TOY_STATUS_WRITES_SHIFT) & TOY_STATUS_WRITES_MASK) : 32'h0;

  always_comb begin
    scratch_d = scratch_q;
    writes_d = writes_q;
    if (req_valid && req_write && hit_scratch) begin
      scratch_d = (scratch_q & ~(TOY_SCRATCH_RW_MASK & bit_en)) |
          (req_wdata & TOY_SCRATCH_RW_MASK & bit_en);
      writes_d = writes_q + 8'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      scratch_q <= TOY_SCRATCH_RESET;
      writes_q <= 8'(TOY_STATUS_WRITES_RESET);
    end else begin
      scratch_q <= scratch_d;
      writes_q <= writes_d;
    end
  end

endmodule
