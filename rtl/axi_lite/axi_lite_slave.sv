// AXI4-Lite slave front end for register blocks (32-bit data, AddrWidth-bit addresses).
//
// Turns AXI4-Lite bus cycles into one register request at a time, so that every register
// block (roundtrip today; interrupt and doorbell later) decodes the same simple interface and
// answers the bus the same way. docs/reference/rtl.md describes it with timing examples.
//
// Register request interface (to the block):
//   req_valid_o is high for exactly one cycle per access. The block answers in that same
//   cycle, combinationally from req_*: resp_rdata_i (reads), resp_slverr_i and resp_decerr_i.
//   A write takes effect in the block at the rising edge that ends that cycle (the block
//   updates its registers when req_valid_o && req_write_o); the read data and the response
//   are captured here at the same edge. Register blocks answer at once; the only
//   back-pressure is req_stall_i: in a cycle where it is high nothing executes (AW and W may
//   still be latched into the holding registers, ARREADY is low), so a block can give a cycle
//   to another port (the interrupt block's message port: no starvation by back-to-back
//   register traffic). Blocks with nothing else to serve tie it to 0.
//   req_wdata_o/req_wstrb_o are meaningful only when req_write_o.
//
// Handshakes (ARM IHI 0022, AMBA AXI and ACE Protocol Specification, AXI4-Lite):
//   AW and W are accepted independently and in any order, or in the same cycle; each is held
//   here until its partner arrives. AWREADY/WREADY are high while that channel has nothing
//   latched and no B response is waiting, so one write is outstanding at a time.
//   The write executes in the cycle in which both address and data are present; BVALID rises
//   at the next edge and stays, with BRESP, until BREADY.
//   A read executes in the cycle its AR handshake happens; ARREADY is high while no R response
//   is waiting and no write executes in the same cycle. RVALID rises at the next edge and
//   stays, with RDATA/RRESP, until RREADY. One read is outstanding at a time.
// Priority: if a write can execute (address and data present) in the cycle that ARVALID is
//   high, the write goes first and ARREADY stays low for that cycle; the read executes in a
//   later cycle and therefore sees the write. The C model is untimed and answers one payload
//   at a time, so any fixed order is acceptable; write-first is the one documented. Except
//   for a read that already waited at the last edge after a write executed: it goes first,
//   so a master that keeps a write ready in every cycle cannot starve reads (writes and
//   reads then alternate).
// Responses: resp_decerr_i -> DECERR (no register at the address), else resp_slverr_i ->
//   SLVERR (the register refused the access), else OKAY. RDATA is 0 with an error response.
// Reset: synchronous, active low; BVALID and RVALID are low from the first edge in reset.
`include "gtsim_assert.svh"
`include "gtsim_axil.svh"

module axi_lite_slave #(
    parameter int unsigned AddrWidth = 12  // address bits the block decodes
) (
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite slave port
    `GTSIM_AXIL_SLAVE_PORTS(AddrWidth),

    // Register request interface (one access per req_valid_o cycle, answered in that cycle)
    output logic                 req_valid_o,
    output logic                 req_write_o,
    output logic [AddrWidth-1:0] req_addr_o,
    output logic [          2:0] req_prot_o,
    output logic [         31:0] req_wdata_o,
    output logic [          3:0] req_wstrb_o,
    input  logic [         31:0] resp_rdata_i,
    input  logic                 resp_slverr_i,
    input  logic                 resp_decerr_i,
    input  logic                 req_stall_i     // no access executes this cycle
);

  // AXI response encodings (AXI protocol, ARM IHI 0022, "Read and write response structure").
  localparam logic [1:0] RespOkay = 2'b00;
  localparam logic [1:0] RespSlverr = 2'b10;
  localparam logic [1:0] RespDecerr = 2'b11;

  // Write address and write data holding registers: a channel that arrives before its partner
  // waits here (AW before W, W before AW).
  logic aw_full_q, aw_full_d;
  logic [AddrWidth-1:0] aw_addr_q;
  logic [2:0] aw_prot_q;
  logic w_full_q, w_full_d;
  logic [31:0] w_data_q;
  logic [3:0] w_strb_q;

  // Response channels: held until the master takes them (AXI protocol, ARM IHI 0022, "Handshake process").
  logic b_valid_q, b_valid_d;
  logic [1:0] b_resp_q, b_resp_d;
  logic r_valid_q, r_valid_d;
  logic [31:0] r_data_q, r_data_d;
  logic [1:0] r_resp_q, r_resp_d;

  logic ar_waited_q;  // ARVALID without ARREADY at the last edge
  logic last_write_q;  // the last access executed was a write
  logic read_turn;  // a read that waited after a write goes before the next write
  logic aw_hs, w_hs, ar_hs, b_hs, r_hs;  // handshakes completing at the next edge
  logic aw_have, w_have;  // the write's address / data is available this cycle
  logic wr_go, rd_go;  // a write / a read executes this cycle
  logic [1:0] resp_code;

  // One write outstanding: no new AW or W while the other half is latched or B waits.
  assign s_axil_awready_o = !aw_full_q && !b_valid_q;
  assign s_axil_wready_o = !w_full_q && !b_valid_q;
  // One read outstanding, and writes first: no AR while R waits or a write executes.
  assign s_axil_arready_o = !r_valid_q && !wr_go && !req_stall_i;

  assign aw_hs = s_axil_awvalid_i && s_axil_awready_o;
  assign w_hs = s_axil_wvalid_i && s_axil_wready_o;
  assign ar_hs = s_axil_arvalid_i && s_axil_arready_o;
  assign b_hs = s_axil_bvalid_o && s_axil_bready_i;
  assign r_hs = s_axil_rvalid_o && s_axil_rready_i;

  assign aw_have = aw_full_q || aw_hs;
  assign w_have = w_full_q || w_hs;
  assign read_turn = ar_waited_q && last_write_q && s_axil_arvalid_i && !r_valid_q;
  assign wr_go = aw_have && w_have && !req_stall_i && !read_turn;
  assign rd_go = ar_hs;

  // The request: the write's halves come from the holding registers if they arrived earlier,
  // straight from the bus if they arrive now.
  assign req_valid_o = wr_go || rd_go;
  assign req_write_o = wr_go;
  assign req_addr_o = wr_go ? (aw_full_q ? aw_addr_q : s_axil_awaddr_i) : s_axil_araddr_i;
  assign req_prot_o = wr_go ? (aw_full_q ? aw_prot_q : s_axil_awprot_i) : s_axil_arprot_i;
  assign req_wdata_o = w_full_q ? w_data_q : s_axil_wdata_i;
  assign req_wstrb_o = w_full_q ? w_strb_q : s_axil_wstrb_i;

  // DECERR outranks SLVERR: an address with no register has nothing that could refuse.
  assign resp_code = resp_decerr_i ? RespDecerr : (resp_slverr_i ? RespSlverr : RespOkay);

  always_comb begin
    aw_full_d = aw_full_q;
    w_full_d = w_full_q;
    if (wr_go) begin
      aw_full_d = 1'b0;
      w_full_d = 1'b0;
    end else begin
      if (aw_hs) aw_full_d = 1'b1;
      if (w_hs) w_full_d = 1'b1;
    end

    b_valid_d = b_valid_q;
    b_resp_d = b_resp_q;
    if (wr_go) begin
      b_valid_d = 1'b1;
      b_resp_d = resp_code;
    end else if (b_hs) begin
      b_valid_d = 1'b0;
    end

    r_valid_d = r_valid_q;
    r_data_d = r_data_q;
    r_resp_d = r_resp_q;
    if (rd_go) begin
      r_valid_d = 1'b1;
      r_data_d = (resp_code == RespOkay) ? resp_rdata_i : 32'h0;
      r_resp_d = resp_code;
    end else if (r_hs) begin
      r_valid_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      // AXI protocol (ARM IHI 0022) "Reset": a slave drives RVALID and BVALID low during reset.
      aw_full_q <= 1'b0;
      w_full_q <= 1'b0;
      b_valid_q <= 1'b0;
      b_resp_q <= RespOkay;
      r_valid_q <= 1'b0;
      r_data_q <= 32'h0;
      r_resp_q <= RespOkay;
      ar_waited_q <= 1'b0;
      last_write_q <= 1'b0;
    end else begin
      ar_waited_q <= s_axil_arvalid_i && !s_axil_arready_o;
      if (wr_go || rd_go) last_write_q <= wr_go;
      aw_full_q <= aw_full_d;
      w_full_q <= w_full_d;
      b_valid_q <= b_valid_d;
      b_resp_q <= b_resp_d;
      r_valid_q <= r_valid_d;
      r_data_q <= r_data_d;
      r_resp_q <= r_resp_d;
    end
  end

  // Holding registers need no reset: they are read only while their _full_q flag is set.
  always_ff @(posedge clk_i) begin
    if (aw_hs) begin
      aw_addr_q <= s_axil_awaddr_i;
      aw_prot_q <= s_axil_awprot_i;
    end
    if (w_hs) begin
      w_data_q <= s_axil_wdata_i;
      w_strb_q <= s_axil_wstrb_i;
    end
  end

  assign s_axil_bvalid_o = b_valid_q;
  assign s_axil_bresp_o = b_resp_q;
  assign s_axil_rvalid_o = r_valid_q;
  assign s_axil_rdata_o = r_data_q;
  assign s_axil_rresp_o = r_resp_q;

`ifndef SYNTHESIS
  // ---------------------------------------------------------------------------------------
  // Protocol assertions. Immediate assertions in an always_ff: at each rising edge they read
  // the pre-edge values, like the sampled values of a concurrent assertion. A rule that spans
  // two edges ("stays until accepted", $past/$stable in SVA) compares with the previous
  // edge's values, kept in the chk_*_q registers, and applies only when rst_ni was high at
  // both edges (what `disable iff (!rst_ni)` gives). A failure prints "%Error: ... Assertion
  // failed in ...: <message>"; the testbench wrapper counts it (docs/reference/rtl.md).
  // Why not concurrent assertions: Verilator 5.006 --assert supports `assert property
  // (... |=> $stable(...))` correctly, but copies every sampled signal at every evaluation;
  // measured on the round-trip block: 11 M cycles/s with them, 14.5 M with these, 17-18 M
  // with no assertions (docs/reference/rtl.md, Performance).
  // ---------------------------------------------------------------------------------------
  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge
  logic chk_aw_wait_q, chk_w_wait_q, chk_ar_wait_q;  // VALID without READY at the previous edge
  logic chk_b_wait_q, chk_r_wait_q;
  logic chk_wr_go_q, chk_rd_go_q;  // an access executed at the previous edge
  logic [AddrWidth-1:0] chk_awaddr_q, chk_araddr_q;  // payloads at the previous edge
  logic [2:0] chk_awprot_q, chk_arprot_q;
  logic [31:0] chk_wdata_q, chk_rdata_q;
  logic [3:0] chk_wstrb_q;
  logic [1:0] chk_bresp_q, chk_rresp_q;

  always_ff @(posedge clk_i) begin
    if (!chk_armed_q) begin
      // AXI protocol (ARM IHI 0022): BVALID and RVALID low during reset (synchronous: from the edge).
      `GTSIM_ASSERT(a_slave_no_valid_after_reset_edge,
                    !s_axil_bvalid_o && !s_axil_rvalid_o,
                    ("AXI slave: BVALID or RVALID high after a reset edge"))
    end
    if (!rst_ni) begin
      // AXI protocol (ARM IHI 0022): a master drives ARVALID, AWVALID and WVALID low during reset.
      `GTSIM_ASSERT(a_master_no_valid_in_reset,
                    !s_axil_awvalid_i && !s_axil_wvalid_i && !s_axil_arvalid_i,
                    ("AXI master: AWVALID, WVALID or ARVALID high during reset"))
    end else if (chk_armed_q) begin
      // Master side (checks whoever drives the bus, e.g. the C transactor).
      // AXI protocol (ARM IHI 0022): once VALID is asserted it stays asserted, with its payload
      // unchanged, until the handshake.
      if (chk_aw_wait_q) begin
        `GTSIM_ASSERT(a_master_aw_stable,
                      s_axil_awvalid_i && s_axil_awaddr_i == chk_awaddr_q &&
                      s_axil_awprot_i == chk_awprot_q,
                      ("AXI master: AWVALID dropped or AWADDR/AWPROT changed before AWREADY"))
      end
      if (chk_w_wait_q) begin
        `GTSIM_ASSERT(a_master_w_stable,
                      s_axil_wvalid_i && s_axil_wdata_i == chk_wdata_q &&
                      s_axil_wstrb_i == chk_wstrb_q,
                      ("AXI master: WVALID dropped or WDATA/WSTRB changed before WREADY"))
      end
      if (chk_ar_wait_q) begin
        `GTSIM_ASSERT(a_master_ar_stable,
                      s_axil_arvalid_i && s_axil_araddr_i == chk_araddr_q &&
                      s_axil_arprot_i == chk_arprot_q,
                      ("AXI master: ARVALID dropped or ARADDR/ARPROT changed before ARREADY"))
      end
      // Slave side (this module). AXI protocol (ARM IHI 0022): BVALID/RVALID and their payload stay
      // until BREADY/RREADY.
      if (chk_b_wait_q) begin
        `GTSIM_ASSERT(a_slave_b_stable,
                      s_axil_bvalid_o && s_axil_bresp_o == chk_bresp_q,
                      ("AXI slave: BVALID dropped or BRESP changed before BREADY"))
      end
      if (chk_r_wait_q) begin
        `GTSIM_ASSERT(a_slave_r_stable,
                      s_axil_rvalid_o && s_axil_rdata_o == chk_rdata_q &&
                      s_axil_rresp_o == chk_rresp_q,
                      ("AXI slave: RVALID dropped or RDATA/RRESP changed before RREADY"))
      end
      // Every executed access is answered at the next edge: B for a write, R for a read.
      if (chk_wr_go_q) begin
        `GTSIM_ASSERT(a_write_answers,
                      s_axil_bvalid_o,
                      ("axi_lite_slave: an executed write did not raise BVALID"))
      end
      if (chk_rd_go_q) begin
        `GTSIM_ASSERT(a_read_answers,
                      s_axil_rvalid_o,
                      ("axi_lite_slave: an executed read did not raise RVALID"))
      end
    end
    if (rst_ni) begin
      // One access per cycle, and a write only executes when its B slot is free.
      `GTSIM_ASSERT(a_one_request,
                    !(wr_go && rd_go) && !(wr_go && b_valid_q),
                    ("axi_lite_slave: two requests in one cycle, or a write while B is waiting"))
    end

    chk_aw_wait_q <= s_axil_awvalid_i && !s_axil_awready_o;
    chk_w_wait_q <= s_axil_wvalid_i && !s_axil_wready_o;
    chk_ar_wait_q <= s_axil_arvalid_i && !s_axil_arready_o;
    chk_b_wait_q <= s_axil_bvalid_o && !s_axil_bready_i;
    chk_r_wait_q <= s_axil_rvalid_o && !s_axil_rready_i;
    chk_wr_go_q <= wr_go;
    chk_rd_go_q <= rd_go;
    chk_awaddr_q <= s_axil_awaddr_i;
    chk_awprot_q <= s_axil_awprot_i;
    chk_wdata_q <= s_axil_wdata_i;
    chk_wstrb_q <= s_axil_wstrb_i;
    chk_araddr_q <= s_axil_araddr_i;
    chk_arprot_q <= s_axil_arprot_i;
    chk_bresp_q <= s_axil_bresp_o;
    chk_rdata_q <= s_axil_rdata_o;
    chk_rresp_q <= s_axil_rresp_o;
  end
`endif

endmodule
