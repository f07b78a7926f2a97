// AXI4 protocol checker: watches one AXI4 interface (every pin an input) and asserts the rules
// of the AMBA AXI protocol specification (ARM IHI 0022E) that either side can break. Bind or
// instantiate it next to an AXI4 master or slave; it checks whoever drives each pin, so the
// same checker guards an RTL master talking to the C slave transactor and the C master
// transactor talking to an RTL slave (docs/reference/rtl.md "AXI4 protocol checker").
//
// Rules (each assertion's name in brackets):
//   Reset (§A3.1.2): a master drives ARVALID, AWVALID and WVALID low during reset
//     [a_master_no_valid_in_reset]; a slave drives RVALID and BVALID low from the first edge in
//     reset [a_slave_no_valid_after_reset].
//   Handshake (§A3.2.1): once VALID is high it stays high, with its payload unchanged, until
//     the handshake [a_aw_stable, a_w_stable, a_ar_stable, a_r_stable, a_b_stable].
//   Bursts (§A3.4.1): AxSIZE not wider than the bus, AxBURST not the reserved 2'b11, a FIXED
//     burst at most 16 beats, a WRAP burst of 2, 4, 8 or 16 beats at a size-aligned address,
//     an INCR burst inside one 4 KiB page [a_aw_legal, a_ar_legal].
//   Write data (§A3.4.1, §A3.3.1): WLAST on the last beat of the burst and only there
//     [a_w_last]; a write response only after the last data beat of a write whose address
//     was accepted, with the ID of an outstanding write [a_b_after_last_w, a_b_id].
//   Read data (§A3.3.1, chapter A5 "Transaction Identifiers"): R only with the ID of an outstanding read; RLAST on the last
//     beat of the oldest outstanding read of that ID and only there (reads of one ID complete
//     in order; different IDs may complete in any order and interleave) [a_r_id, a_r_last].
//
// Limits (choice): the checker tracks up to MaxOutstanding reads per ID (a master with more
// reports a_r_track); WLAST is checked for bursts whose address was accepted before or with
// their data (data ahead of its address is legal and counted, but its WLAST unchecked).
// Immediate assertions in an always_ff, as every gtsim block (rtl/common/gtsim_assert.svh).
`include "gtsim_assert.svh"

module axi4_checker #(
    parameter int unsigned IdWidth = 4,          // AxID/xID bits
    parameter int unsigned AddrWidth = 32,       // AxADDR bits (at most 32)
    parameter int unsigned DataWidth = 64,       // xDATA bits (8..64)
    parameter int unsigned MaxOutstanding = 16   // tracked bursts per ID (reads) and in total (writes)
) (
    input logic                   clk_i,
    input logic                   rst_ni,
    // write address channel
    input logic                   awvalid_i,
    input logic                   awready_i,
    input logic [IdWidth-1:0]     awid_i,
    input logic [AddrWidth-1:0]   awaddr_i,
    input logic [7:0]             awlen_i,
    input logic [2:0]             awsize_i,
    input logic [1:0]             awburst_i,
    input logic [2:0]             awprot_i,
    // write data channel
    input logic                   wvalid_i,
    input logic                   wready_i,
    input logic [DataWidth-1:0]   wdata_i,
    input logic [DataWidth/8-1:0] wstrb_i,
    input logic                   wlast_i,
    // write response channel
    input logic                   bvalid_i,
    input logic                   bready_i,
    input logic [IdWidth-1:0]     bid_i,
    input logic [1:0]             bresp_i,
    // read address channel
    input logic                   arvalid_i,
    input logic                   arready_i,
    input logic [IdWidth-1:0]     arid_i,
    input logic [AddrWidth-1:0]   araddr_i,
    input logic [7:0]             arlen_i,
    input logic [2:0]             arsize_i,
    input logic [1:0]             arburst_i,
    input logic [2:0]             arprot_i,
    // read data channel
    input logic                   rvalid_i,
    input logic                   rready_i,
    input logic [IdWidth-1:0]     rid_i,
    input logic [DataWidth-1:0]   rdata_i,
    input logic [1:0]             rresp_i,
    input logic                   rlast_i
);

`ifndef SYNTHESIS
  localparam int unsigned NumIds = 1 << IdWidth;
  localparam int unsigned PtrWidth = $clog2(MaxOutstanding);
  localparam logic [2:0] MaxSize = 3'($clog2(DataWidth / 8));

  // A burst's address fields are legal (IHI 0022E §A3.4.1).
  function automatic logic burst_legal(logic [31:0] addr, logic [7:0] len, logic [2:0] size,
                                       logic [1:0] burst);
    logic [31:0] bytes, aligned, last_end;
    bytes = 32'd1 << size;
    aligned = addr & ~(bytes - 32'd1);
    // One past the last byte of an INCR burst, within its 4 KiB page.
    last_end = {20'd0, aligned[11:0]} + bytes * ({24'd0, len} + 32'd1);
    burst_legal = 1'b1;
    if (size > MaxSize) burst_legal = 1'b0;
    if (burst == 2'b11) burst_legal = 1'b0;
    if (burst == axi4_pkg::BurstFixed && len > 8'd15) burst_legal = 1'b0;
    if (burst == axi4_pkg::BurstWrap &&
        !(len == 8'd1 || len == 8'd3 || len == 8'd7 || len == 8'd15)) burst_legal = 1'b0;
    if (burst == axi4_pkg::BurstWrap && addr != aligned) burst_legal = 1'b0;
    if (burst == axi4_pkg::BurstIncr && last_end > 32'd4096) burst_legal = 1'b0;
  endfunction

  logic [31:0] awaddr32, araddr32;
  assign awaddr32 = 32'(awaddr_i);
  assign araddr32 = 32'(araddr_i);

  logic aw_hs, w_hs, b_hs, ar_hs, r_hs;
  assign aw_hs = awvalid_i && awready_i;
  assign w_hs = wvalid_i && wready_i;
  assign b_hs = bvalid_i && bready_i;
  assign ar_hs = arvalid_i && arready_i;
  assign r_hs = rvalid_i && rready_i;

  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge

  // Previous edge: VALID without READY, and the payload then.
  logic chk_aw_wait_q, chk_w_wait_q, chk_ar_wait_q, chk_r_wait_q, chk_b_wait_q;
  logic [IdWidth+AddrWidth+8+3+2+3-1:0] chk_aw_q, chk_ar_q;
  logic [DataWidth+DataWidth/8:0] chk_w_q;
  logic [IdWidth+DataWidth+2:0] chk_r_q;
  logic [IdWidth+1:0] chk_b_q;
  logic [IdWidth+AddrWidth+8+3+2+3-1:0] aw_now, ar_now;
  logic [DataWidth+DataWidth/8:0] w_now;
  logic [IdWidth+DataWidth+2:0] r_now;
  logic [IdWidth+1:0] b_now;
  assign aw_now = {awid_i, awaddr_i, awlen_i, awsize_i, awburst_i, awprot_i};
  assign ar_now = {arid_i, araddr_i, arlen_i, arsize_i, arburst_i, arprot_i};
  assign w_now = {wdata_i, wstrb_i, wlast_i};
  assign r_now = {rid_i, rdata_i, rresp_i, rlast_i};
  assign b_now = {bid_i, bresp_i};

  // Write tracking: the lengths of accepted write bursts whose data is still coming (FIFO),
  // the beats of the current burst so far, bursts whose data came ahead of their address,
  // and per ID the writes accepted (address and last data beat) and not yet answered.
  logic [7:0] aw_len_q [MaxOutstanding];
  logic [PtrWidth-1:0] aw_head_q, aw_tail_q;
  logic [PtrWidth:0] aw_count_q;
  logic [7:0] w_beat_q;
  logic [15:0] w_ahead_q;       // complete data bursts whose address has not come yet
  logic [15:0] b_ready_q;       // writes with address and last data beat, not yet answered
  logic [15:0] w_open_q [NumIds]; // accepted addresses per ID not yet answered
  // Read tracking per ID: the lengths of outstanding reads (FIFO) and beats of the oldest.
  logic [7:0] ar_len_q [NumIds][MaxOutstanding];
  logic [PtrWidth-1:0] ar_head_q [NumIds];
  logic [PtrWidth-1:0] ar_tail_q [NumIds];
  logic [PtrWidth:0] ar_count_q [NumIds];
  logic [7:0] r_beat_q [NumIds];

  // The expected length of the W burst in progress: the oldest accepted address, or the one
  // accepted at this edge when none waits and no complete data burst waits for its address
  // (that address belongs to the data that came ahead, not to the burst in progress).
  logic w_len_known;
  logic [7:0] w_len;
  assign w_len_known = aw_count_q != 0 || (aw_hs && w_ahead_q == 0);
  assign w_len = aw_count_q != 0 ? aw_len_q[aw_head_q] : awlen_i;

  always_ff @(posedge clk_i) begin
    if (!chk_armed_q) begin
      `GTSIM_ASSERT(a_slave_no_valid_after_reset, !rvalid_i && !bvalid_i,
                    ("AXI4 slave: RVALID or BVALID high after a reset edge"))
    end
    if (!rst_ni) begin
      `GTSIM_ASSERT(a_master_no_valid_in_reset, !awvalid_i && !wvalid_i && !arvalid_i,
                    ("AXI4 master: AWVALID, WVALID or ARVALID high during reset"))
      aw_head_q <= '0;
      aw_tail_q <= '0;
      aw_count_q <= '0;
      w_beat_q <= '0;
      w_ahead_q <= '0;
      b_ready_q <= '0;
      for (int i = 0; i < NumIds; i++) begin
        w_open_q[i] <= '0;
        ar_head_q[i] <= '0;
        ar_tail_q[i] <= '0;
        ar_count_q[i] <= '0;
        r_beat_q[i] <= '0;
      end
    end else begin
      if (chk_armed_q) begin
        if (chk_aw_wait_q) begin
          `GTSIM_ASSERT(a_aw_stable, awvalid_i && aw_now == chk_aw_q,
                        ("AXI4 master: AWVALID dropped or AW payload changed before AWREADY"))
        end
        if (chk_w_wait_q) begin
          `GTSIM_ASSERT(a_w_stable, wvalid_i && w_now == chk_w_q,
                        ("AXI4 master: WVALID dropped or WDATA/WSTRB/WLAST changed before WREADY"))
        end
        if (chk_ar_wait_q) begin
          `GTSIM_ASSERT(a_ar_stable, arvalid_i && ar_now == chk_ar_q,
                        ("AXI4 master: ARVALID dropped or AR payload changed before ARREADY"))
        end
        if (chk_r_wait_q) begin
          `GTSIM_ASSERT(a_r_stable, rvalid_i && r_now == chk_r_q,
                        ("AXI4 slave: RVALID dropped or R payload changed before RREADY"))
        end
        if (chk_b_wait_q) begin
          `GTSIM_ASSERT(a_b_stable, bvalid_i && b_now == chk_b_q,
                        ("AXI4 slave: BVALID dropped or BID/BRESP changed before BREADY"))
        end
      end
      if (awvalid_i) begin
        `GTSIM_ASSERT(a_aw_legal, burst_legal(awaddr32, awlen_i, awsize_i, awburst_i),
                      ("AXI4 master: illegal write burst addr 0x%0h len %0d size %0d burst %0d",
                       awaddr_i, awlen_i, awsize_i, awburst_i))
      end
      if (arvalid_i) begin
        `GTSIM_ASSERT(a_ar_legal, burst_legal(araddr32, arlen_i, arsize_i, arburst_i),
                      ("AXI4 master: illegal read burst addr 0x%0h len %0d size %0d burst %0d",
                       araddr_i, arlen_i, arsize_i, arburst_i))
      end

      // Write data beats against the burst lengths.
      if (w_hs && w_len_known) begin
        `GTSIM_ASSERT(a_w_last, wlast_i == (w_beat_q == w_len),
                      ("AXI4 master: WLAST %0d on beat %0d of a %0d-beat write burst", wlast_i,
                       w_beat_q, w_len + 8'd1))
      end
      if (w_hs) w_beat_q <= wlast_i ? 8'd0 : w_beat_q + 8'd1;
      begin : write_bursts
        logic aw_pop, aw_push;
        logic [15:0] ready_d, ahead_d;
        aw_push = aw_hs;
        aw_pop = w_hs && wlast_i && w_len_known;
        ready_d = b_ready_q;
        ahead_d = w_ahead_q;
        if (w_hs && wlast_i && !w_len_known) ahead_d = ahead_d + 16'd1;
        if (aw_pop) ready_d = ready_d + 16'd1;
        // An address arriving for data that came ahead completes that write now.
        if (aw_hs && ahead_d != 0 && !aw_pop) begin
          ahead_d = ahead_d - 16'd1;
          ready_d = ready_d + 16'd1;
          aw_push = 1'b0;
        end
        if (b_hs) begin
          `GTSIM_ASSERT(a_b_after_last_w, b_ready_q != 0,
                        ("AXI4 slave: write response BID %0d before the last data beat of any accepted write", bid_i))
          `GTSIM_ASSERT(a_b_id, w_open_q[bid_i] != 0,
                        ("AXI4 slave: write response with BID %0d and no outstanding write of that ID", bid_i))
          if (ready_d != 0) ready_d = ready_d - 16'd1;
        end
        if (aw_push && !(aw_pop && aw_count_q == 0)) begin
          aw_len_q[aw_tail_q] <= awlen_i;
          aw_tail_q <= aw_tail_q + 1'b1;
        end
        if (aw_pop && aw_count_q != 0) aw_head_q <= aw_head_q + 1'b1;
        aw_count_q <= aw_count_q + ((aw_push && !(aw_pop && aw_count_q == 0)) ? 1 : 0)
                      - ((aw_pop && aw_count_q != 0) ? 1 : 0);
        b_ready_q <= ready_d;
        w_ahead_q <= ahead_d;
      end
      for (int i = 0; i < NumIds; i++) begin : write_ids
        logic up, down;
        up = aw_hs && awid_i == IdWidth'(i);
        down = b_hs && bid_i == IdWidth'(i) && w_open_q[i] != 0;
        w_open_q[i] <= w_open_q[i] + (up ? 16'd1 : 16'd0) - (down ? 16'd1 : 16'd0);
      end

      // Read data beats against the outstanding reads of their ID.
      if (ar_hs) begin
        `GTSIM_ASSERT(a_r_track, ar_count_q[arid_i] != (PtrWidth+1)'(MaxOutstanding),
                      ("AXI4 checker: more than %0d reads outstanding for ARID %0d (not tracked)",
                       MaxOutstanding, arid_i))
      end
      if (r_hs) begin
        `GTSIM_ASSERT(a_r_id, ar_count_q[rid_i] != 0,
                      ("AXI4 slave: read data with RID %0d and no outstanding read of that ID", rid_i))
        if (ar_count_q[rid_i] != 0) begin
          `GTSIM_ASSERT(a_r_last, rlast_i == (r_beat_q[rid_i] == ar_len_q[rid_i][ar_head_q[rid_i]]),
                        ("AXI4 slave: RLAST %0d on beat %0d of a %0d-beat read burst (RID %0d)", rlast_i,
                         r_beat_q[rid_i], ar_len_q[rid_i][ar_head_q[rid_i]] + 8'd1, rid_i))
        end
      end
      for (int i = 0; i < NumIds; i++) begin : read_ids
        logic push, pop;
        push = ar_hs && arid_i == IdWidth'(i) && ar_count_q[i] != (PtrWidth+1)'(MaxOutstanding);
        pop = r_hs && rid_i == IdWidth'(i) && ar_count_q[i] != 0 && rlast_i;
        if (push) begin
          ar_len_q[i][ar_tail_q[i]] <= arlen_i;
          ar_tail_q[i] <= ar_tail_q[i] + 1'b1;
        end
        if (pop) ar_head_q[i] <= ar_head_q[i] + 1'b1;
        ar_count_q[i] <= ar_count_q[i] + (push ? 1 : 0) - (pop ? 1 : 0);
        if (r_hs && rid_i == IdWidth'(i) && ar_count_q[i] != 0) r_beat_q[i] <= rlast_i ? 8'd0 : r_beat_q[i] + 8'd1;
      end
    end

    chk_aw_wait_q <= awvalid_i && !awready_i;
    chk_w_wait_q <= wvalid_i && !wready_i;
    chk_ar_wait_q <= arvalid_i && !arready_i;
    chk_r_wait_q <= rvalid_i && !rready_i;
    chk_b_wait_q <= bvalid_i && !bready_i;
    chk_aw_q <= aw_now;
    chk_ar_q <= ar_now;
    chk_w_q <= w_now;
    chk_r_q <= r_now;
    chk_b_q <= b_now;
  end
`else
  // Nothing to check in synthesis; every input is left unread on purpose.
`endif

endmodule
