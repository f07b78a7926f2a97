// Test-only AXI4 memory slave (64-bit data): a word array answering INCR, WRAP and FIXED bursts,
// narrow transfers and write strobes, so the C master transactor has a burst-capable RTL slave
// to drive (testbench/tests/axi). One write burst and one read burst at a time, each answered
// with the ID of its address; reads and writes proceed independently.
//
// Timing: AWREADY is high while no write burst is in progress and no B waits; WREADY is high
// while a write burst is in progress (the slave waits for the address before taking data, as
// IHI 0022E §A3.3.1 allows). Each data beat writes the array at its edge; B rises at the edge
// after the last beat. ARREADY is high while no read burst is in progress; RVALID rises the edge
// after the AR handshake and each beat holds until RREADY.
// Addresses at or beyond MemBytes answer DECERR (writes change nothing, reads return 0).
`include "gtsim_assert.svh"

module axi4_mem_slave #(
    parameter int unsigned IdWidth = 4,
    parameter int unsigned MemBytes = 16384  // array size in bytes (a power of two, >= 8)
) (
    input  logic               clk_i,
    input  logic               rst_ni,
    input  logic               awvalid_i,
    output logic               awready_o,
    input  logic [IdWidth-1:0] awid_i,
    input  logic [31:0]        awaddr_i,
    input  logic [7:0]         awlen_i,
    input  logic [2:0]         awsize_i,
    input  logic [1:0]         awburst_i,
    input  logic               wvalid_i,
    output logic               wready_o,
    input  logic [63:0]        wdata_i,
    input  logic [7:0]         wstrb_i,
    input  logic               wlast_i,
    output logic               bvalid_o,
    input  logic               bready_i,
    output logic [IdWidth-1:0] bid_o,
    output logic [1:0]         bresp_o,
    input  logic               arvalid_i,
    output logic               arready_o,
    input  logic [IdWidth-1:0] arid_i,
    input  logic [31:0]        araddr_i,
    input  logic [7:0]         arlen_i,
    input  logic [2:0]         arsize_i,
    input  logic [1:0]         arburst_i,
    output logic               rvalid_o,
    input  logic               rready_i,
    output logic [IdWidth-1:0] rid_o,
    output logic [63:0]        rdata_o,
    output logic [1:0]         rresp_o,
    output logic               rlast_o
);
  localparam int unsigned Words = MemBytes / 8;
  localparam int unsigned WordBits = $clog2(Words);
  // xRESP encodings (IHI 0022E §A3.4.4); this slave answers OKAY or DECERR only.
  localparam logic [1:0] RespOkay = 2'b00;
  localparam logic [1:0] RespDecerr = 2'b11;

  logic [63:0] mem_q [Words];

  // Write burst in progress: its next beat's address and the burst's fields.
  logic w_busy_q;
  logic [IdWidth-1:0] w_id_q;
  logic [31:0] w_addr_q;
  logic [7:0] w_len_q;   // AxLEN of the burst (the wrap boundary depends on it)
  logic [7:0] w_left_q;  // beats left after the current one
  logic [2:0] w_size_q;
  logic [1:0] w_burst_q;
  logic w_err_q;  // a beat of this burst fell outside the array
  logic b_valid_q;
  logic [1:0] b_resp_q;
  // Read burst in progress: the current beat's address and the beats left after it.
  logic r_busy_q;
  logic [IdWidth-1:0] r_id_q;
  logic [31:0] r_addr_q;
  logic [7:0] r_left_q;
  logic [7:0] r_len_q;
  logic [2:0] r_size_q;
  logic [1:0] r_burst_q;

  logic unused_wlast;  // the burst length counts the beats; the checker verifies WLAST
  assign unused_wlast = wlast_i;

  logic w_in_range, r_in_range;
  assign w_in_range = w_addr_q < 32'(MemBytes);
  assign r_in_range = r_addr_q < 32'(MemBytes);

  assign awready_o = !w_busy_q && !b_valid_q;
  assign wready_o = w_busy_q;
  assign bvalid_o = b_valid_q;
  assign bid_o = w_id_q;
  assign bresp_o = b_resp_q;
  assign arready_o = !r_busy_q;
  assign rvalid_o = r_busy_q;
  assign rid_o = r_id_q;
  assign rdata_o = r_in_range ? mem_q[r_addr_q[WordBits+2:3]] : 64'h0;
  assign rresp_o = r_in_range ? RespOkay : RespDecerr;
  assign rlast_o = r_left_q == 8'd0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      w_busy_q <= 1'b0;
      w_err_q <= 1'b0;
      b_valid_q <= 1'b0;
      b_resp_q <= RespOkay;
      r_busy_q <= 1'b0;
      w_id_q <= '0;
      r_id_q <= '0;
      r_addr_q <= '0;
      r_left_q <= '0;
    end else begin
      if (awvalid_i && awready_o) begin
        w_busy_q <= 1'b1;
        w_err_q <= 1'b0;
        w_id_q <= awid_i;
        w_addr_q <= awaddr_i;
        w_len_q <= awlen_i;
        w_left_q <= awlen_i;
        w_size_q <= awsize_i;
        w_burst_q <= awburst_i;
      end
      if (wvalid_i && wready_o) begin
        w_addr_q <= axi4_pkg::next_addr(w_addr_q, w_size_q, w_len_q, w_burst_q);
        if (!w_in_range) w_err_q <= 1'b1;
        // The burst ends on its counted last beat; WLAST is the checker's to verify.
        if (w_left_q == 8'd0) begin
          w_busy_q <= 1'b0;
          b_valid_q <= 1'b1;
          b_resp_q <= (w_err_q || !w_in_range) ? RespDecerr : RespOkay;
        end
        w_left_q <= w_left_q - 8'd1;
      end
      if (bvalid_o && bready_i) b_valid_q <= 1'b0;
      if (arvalid_i && arready_o) begin
        r_busy_q <= 1'b1;
        r_id_q <= arid_i;
        r_addr_q <= araddr_i;
        r_left_q <= arlen_i;
        r_len_q <= arlen_i;
        r_size_q <= arsize_i;
        r_burst_q <= arburst_i;
      end
      if (rvalid_o && rready_i) begin
        r_addr_q <= axi4_pkg::next_addr(r_addr_q, r_size_q, r_len_q, r_burst_q);
        r_left_q <= r_left_q - 8'd1;
        if (rlast_o) r_busy_q <= 1'b0;
      end
    end
  end

  // The array: each strobed byte of a beat inside the array (strobes outside the beat's lanes
  // are the master's error, IHI 0022E §A3.4.3; the checker's business, written as given).
  always_ff @(posedge clk_i) begin
    if (rst_ni && wvalid_i && wready_o && w_in_range) begin
      for (int i = 0; i < 8; i++) begin
        if (wstrb_i[i]) mem_q[w_addr_q[WordBits+2:3]][8*i+:8] <= wdata_i[8*i+:8];
      end
    end
  end
endmodule
