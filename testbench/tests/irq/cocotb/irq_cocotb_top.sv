// The interrupt RTL (rtl/irq/irq_gen11.sv) under cocotb: its pins renamed to the plain names a
// third-party AXI4-Lite master finds by prefix (cocotbext-axi's AxiLiteBus.from_prefix looks for
// s_axil_awvalid, not s_axil_awvalid_i). Nothing else: every pin passes straight through.
// No ports: with Verilator 5.006 a VPI write to a top-level input lands on a copy that the next
// evaluation overwrites from the port (Verilator bug report #3919), so the pins are plain
// variables of a portless top, which cocotb's writes then drive.
module irq_cocotb_top;
  logic clk;
  logic rst_ni;
  logic        s_axil_awvalid;
  logic        s_axil_awready;
  logic [ 9:0] s_axil_awaddr;
  logic [ 2:0] s_axil_awprot;
  logic        s_axil_wvalid;
  logic        s_axil_wready;
  logic [31:0] s_axil_wdata;
  logic [ 3:0] s_axil_wstrb;
  logic        s_axil_bvalid;
  logic        s_axil_bready;
  logic [ 1:0] s_axil_bresp;
  logic        s_axil_arvalid;
  logic        s_axil_arready;
  logic [ 9:0] s_axil_araddr;
  logic [ 2:0] s_axil_arprot;
  logic        s_axil_rvalid;
  logic        s_axil_rready;
  logic [31:0] s_axil_rdata;
  logic [ 1:0] s_axil_rresp;
  logic        msg_valid_i;
  logic        msg_ready_o;
  logic [ 2:0] msg_vf_i;
  logic [ 2:0] msg_class_i;
  logic [ 5:0] msg_instance_i;
  logic [15:0] msg_data_i;
  logic       host_irq_o;
  logic [1:0] guc_vector_o;

  irq_gen11 u_irq (
      .clk_i(clk),
      .rst_ni,
      .s_axil_awvalid_i(s_axil_awvalid),
      .s_axil_awready_o(s_axil_awready),
      .s_axil_awaddr_i (s_axil_awaddr),
      .s_axil_awprot_i (s_axil_awprot),
      .s_axil_wvalid_i (s_axil_wvalid),
      .s_axil_wready_o (s_axil_wready),
      .s_axil_wdata_i  (s_axil_wdata),
      .s_axil_wstrb_i  (s_axil_wstrb),
      .s_axil_bvalid_o (s_axil_bvalid),
      .s_axil_bready_i (s_axil_bready),
      .s_axil_bresp_o  (s_axil_bresp),
      .s_axil_arvalid_i(s_axil_arvalid),
      .s_axil_arready_o(s_axil_arready),
      .s_axil_araddr_i (s_axil_araddr),
      .s_axil_arprot_i (s_axil_arprot),
      .s_axil_rvalid_o (s_axil_rvalid),
      .s_axil_rready_i (s_axil_rready),
      .s_axil_rdata_o  (s_axil_rdata),
      .s_axil_rresp_o  (s_axil_rresp),
      .msg_valid_i,
      .msg_ready_o,
      .msg_vf_i,
      .msg_class_i,
      .msg_instance_i,
      .msg_data_i,
      .host_irq_o,
      .guc_vector_o
  );
endmodule
