// Test-only AXI4 traffic generator (64-bit data): an RTL bus master that issues the bursts a
// testbench queues on its command port, so the C slave transactor can be driven by real RTL
// (testbench/tests/axi). Every command is one burst with any ID, address, length, size and
// type; write data follows a pattern of the command's seed and beat number, so the test can
// predict memory contents without a data channel of its own:
//   beat k: low word = seed ^ (k * 32'h01010101), high word = ~low word + k.
// Write strobes are the beat's byte lanes (IHI 0022E §A3.4.1) masked by the command's strobes.
//
// Queues: up to 8 writes and 8 reads wait on the command side. AW and W are issued
// independently, each in command order, so write data may go ahead of its address
// (IHI 0022E §A3.3.1 allows it); AR is issued in command order; reads and writes have no
// order between them. Any number of bursts may be outstanding: the slave bounds them.
// R and B are taken whenever r_stall_i / b_stall_i are low (the testbench's back-pressure).
//
// PlantedBug (checker test only): WLAST one beat early on bursts of two or more beats.
`include "gtsim_assert.svh"

module axi4_traffic_master #(
    parameter int unsigned IdWidth = 4,
    parameter bit PlantedBug = 1'b0
) (
    input  logic               clk_i,
    input  logic               rst_ni,
    // command port: one burst per handshake
    input  logic               cmd_valid_i,
    output logic               cmd_ready_o,
    input  logic               cmd_write_i,
    input  logic [IdWidth-1:0] cmd_id_i,
    input  logic [31:0]        cmd_addr_i,
    input  logic [7:0]         cmd_len_i,
    input  logic [2:0]         cmd_size_i,
    input  logic [1:0]         cmd_burst_i,
    input  logic [31:0]        cmd_seed_i,
    input  logic [7:0]         cmd_strb_i,
    input  logic               r_stall_i,   // RREADY low this cycle
    input  logic               b_stall_i,   // BREADY low this cycle
    // AXI4 master port
    output logic               awvalid_o,
    input  logic               awready_i,
    output logic [IdWidth-1:0] awid_o,
    output logic [31:0]        awaddr_o,
    output logic [7:0]         awlen_o,
    output logic [2:0]         awsize_o,
    output logic [1:0]         awburst_o,
    output logic               wvalid_o,
    input  logic               wready_i,
    output logic [63:0]        wdata_o,
    output logic [7:0]         wstrb_o,
    output logic               wlast_o,
    input  logic               bvalid_i,
    output logic               bready_o,
    output logic               arvalid_o,
    input  logic               arready_i,
    output logic [IdWidth-1:0] arid_o,
    output logic [31:0]        araddr_o,
    output logic [7:0]         arlen_o,
    output logic [2:0]         arsize_o,
    output logic [1:0]         arburst_o,
    input  logic               rvalid_i,
    output logic               rready_o
);
  localparam int unsigned Depth = 8;

  // Write commands: [w_head, w_tail) queued; AW issued up to aw_ptr, W up to wd_ptr.
  logic [IdWidth-1:0] wq_id_q [Depth];
  logic [31:0] wq_addr_q [Depth];
  logic [7:0] wq_len_q [Depth];
  logic [2:0] wq_size_q [Depth];
  logic [1:0] wq_burst_q [Depth];
  logic [31:0] wq_seed_q [Depth];
  logic [7:0] wq_strb_q [Depth];
  logic [3:0] w_head_q, w_tail_q, aw_ptr_q, wd_ptr_q;  // one wrap bit above the index
  // Read commands: [r_head, r_tail) waiting for their AR handshake.
  logic [IdWidth-1:0] rq_id_q [Depth];
  logic [31:0] rq_addr_q [Depth];
  logic [7:0] rq_len_q [Depth];
  logic [2:0] rq_size_q [Depth];
  logic [1:0] rq_burst_q [Depth];
  logic [3:0] r_head_q, r_tail_q;
  // Write data of the burst at wd_ptr: beat number and the address of beats after the first.
  logic [7:0] beat_q;
  logic [31:0] beat_addr_q;

  logic w_full, r_full;
  assign w_full = (w_tail_q - w_head_q) == 4'(Depth);
  assign r_full = (r_tail_q - r_head_q) == 4'(Depth);
  assign cmd_ready_o = cmd_write_i ? !w_full : !r_full;

  logic [2:0] aw_i, wd_i, ar_i;
  assign aw_i = aw_ptr_q[2:0];
  assign wd_i = wd_ptr_q[2:0];
  assign ar_i = r_head_q[2:0];

  assign awvalid_o = aw_ptr_q != w_tail_q;
  assign awid_o = wq_id_q[aw_i];
  assign awaddr_o = wq_addr_q[aw_i];
  assign awlen_o = wq_len_q[aw_i];
  assign awsize_o = wq_size_q[aw_i];
  assign awburst_o = wq_burst_q[aw_i];

  logic [31:0] beat_addr, data_lo;
  assign beat_addr = beat_q == 8'd0 ? wq_addr_q[wd_i] : beat_addr_q;
  assign data_lo = wq_seed_q[wd_i] ^ ({24'd0, beat_q} * 32'h01010101);
  assign wvalid_o = wd_ptr_q != w_tail_q;
  assign wdata_o = {~data_lo + {24'd0, beat_q}, data_lo};
  assign wstrb_o = axi4_pkg::beat_lanes(beat_addr, wq_size_q[wd_i], 4'd8) & wq_strb_q[wd_i];
  assign wlast_o = (PlantedBug && wq_len_q[wd_i] != 8'd0) ? beat_q == wq_len_q[wd_i] - 8'd1
                                                           : beat_q == wq_len_q[wd_i];

  assign arvalid_o = r_head_q != r_tail_q;
  assign arid_o = rq_id_q[ar_i];
  assign araddr_o = rq_addr_q[ar_i];
  assign arlen_o = rq_len_q[ar_i];
  assign arsize_o = rq_size_q[ar_i];
  assign arburst_o = rq_burst_q[ar_i];

  assign rready_o = !r_stall_i;
  assign bready_o = !b_stall_i;

  logic unused_resp;  // responses are the testbench's to check, at the pins
  assign unused_resp = bvalid_i ^ rvalid_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      w_head_q <= '0;
      w_tail_q <= '0;
      aw_ptr_q <= '0;
      wd_ptr_q <= '0;
      r_head_q <= '0;
      r_tail_q <= '0;
      beat_q <= '0;
      beat_addr_q <= '0;
    end else begin
      if (cmd_valid_i && cmd_ready_o) begin
        if (cmd_write_i) begin
          wq_id_q[w_tail_q[2:0]] <= cmd_id_i;
          wq_addr_q[w_tail_q[2:0]] <= cmd_addr_i;
          wq_len_q[w_tail_q[2:0]] <= cmd_len_i;
          wq_size_q[w_tail_q[2:0]] <= cmd_size_i;
          wq_burst_q[w_tail_q[2:0]] <= cmd_burst_i;
          wq_seed_q[w_tail_q[2:0]] <= cmd_seed_i;
          wq_strb_q[w_tail_q[2:0]] <= cmd_strb_i;
          w_tail_q <= w_tail_q + 4'd1;
        end else begin
          rq_id_q[r_tail_q[2:0]] <= cmd_id_i;
          rq_addr_q[r_tail_q[2:0]] <= cmd_addr_i;
          rq_len_q[r_tail_q[2:0]] <= cmd_len_i;
          rq_size_q[r_tail_q[2:0]] <= cmd_size_i;
          rq_burst_q[r_tail_q[2:0]] <= cmd_burst_i;
          r_tail_q <= r_tail_q + 4'd1;
        end
      end
      if (awvalid_o && awready_i) aw_ptr_q <= aw_ptr_q + 4'd1;
      if (wvalid_o && wready_i) begin
        beat_addr_q <= axi4_pkg::next_addr(beat_addr, wq_size_q[wd_i], wq_len_q[wd_i], wq_burst_q[wd_i]);
        if (beat_q == wq_len_q[wd_i]) begin
          beat_q <= 8'd0;
          wd_ptr_q <= wd_ptr_q + 4'd1;
        end else begin
          beat_q <= beat_q + 8'd1;
        end
      end
      // A queued write leaves once both its address and its data are out.
      if (w_head_q != aw_ptr_q && w_head_q != wd_ptr_q) w_head_q <= w_head_q + 4'd1;
      if (arvalid_o && arready_i) r_head_q <= r_head_q + 4'd1;
    end
  end
endmodule
