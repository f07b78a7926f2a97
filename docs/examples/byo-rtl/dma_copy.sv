// A user's RTL block for the bring-your-own-RTL example (docs/guide/bring-your-own-rtl.md): a
// memory-to-memory copy engine. Nothing of gtsim's RTL is used; the ports follow gtsim's
// port-name convention so gtsim_add_user_twin() binds them without a description file.
//
// Registers (AXI4-Lite, 32-bit, offsets in dma_copy_regs.h):
//   0x00 SRC     RW  source address (8-byte aligned)
//   0x04 DST     RW  destination address (8-byte aligned)
//   0x08 LEN     RW  bytes to copy (a multiple of 8, at most 0xFFF8)
//   0x0C CTRL    WO  bit 0 GO: starts a copy when idle (ignored while busy); reads 0
//   0x10 STATUS  RW  bit 0 BUSY (RO), bit 1 DONE (write 1 clears), bit 2 ERROR (write 1 clears)
//   0x14 COUNT   RO  copies finished (wraps)
//   other offsets: DECERR; a write to COUNT: SLVERR.
// A copy moves LEN bytes in bursts of up to 4 beats of 8 bytes, never crossing a 4 KiB
// boundary on either side, one burst at a time: read burst, then write burst, then its B.
// A GO with an unaligned address or length sets ERROR (and DONE) and copies nothing. When a
// copy ends (DONE set) the block sends one message on msg_done with the destination address and
// raises irq_done_o, which stays high while DONE is set. A read or write error response
// stops the copy with ERROR and DONE.
module dma_copy (
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite register slave
    input  logic        s_axil_awvalid_i,
    output logic        s_axil_awready_o,
    input  logic [ 7:0] s_axil_awaddr_i,
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
    input  logic [ 7:0] s_axil_araddr_i,
    input  logic [ 2:0] s_axil_arprot_i,
    output logic        s_axil_rvalid_o,
    input  logic        s_axil_rready_i,
    output logic [31:0] s_axil_rdata_o,
    output logic [ 1:0] s_axil_rresp_o,

    // AXI4 master "mem"
    output logic        m_axi_mem_awvalid_o,
    input  logic        m_axi_mem_awready_i,
    output logic [ 3:0] m_axi_mem_awid_o,
    output logic [31:0] m_axi_mem_awaddr_o,
    output logic [ 7:0] m_axi_mem_awlen_o,
    output logic [ 2:0] m_axi_mem_awsize_o,
    output logic [ 1:0] m_axi_mem_awburst_o,
    output logic [ 2:0] m_axi_mem_awprot_o,
    output logic        m_axi_mem_wvalid_o,
    input  logic        m_axi_mem_wready_i,
    output logic [63:0] m_axi_mem_wdata_o,
    output logic [ 7:0] m_axi_mem_wstrb_o,
    output logic        m_axi_mem_wlast_o,
    input  logic        m_axi_mem_bvalid_i,
    output logic        m_axi_mem_bready_o,
    input  logic [ 3:0] m_axi_mem_bid_i,
    input  logic [ 1:0] m_axi_mem_bresp_i,
    output logic        m_axi_mem_arvalid_o,
    input  logic        m_axi_mem_arready_i,
    output logic [ 3:0] m_axi_mem_arid_o,
    output logic [31:0] m_axi_mem_araddr_o,
    output logic [ 7:0] m_axi_mem_arlen_o,
    output logic [ 2:0] m_axi_mem_arsize_o,
    output logic [ 1:0] m_axi_mem_arburst_o,
    output logic [ 2:0] m_axi_mem_arprot_o,
    input  logic        m_axi_mem_rvalid_i,
    output logic        m_axi_mem_rready_o,
    input  logic [ 3:0] m_axi_mem_rid_i,
    input  logic [63:0] m_axi_mem_rdata_i,
    input  logic [ 1:0] m_axi_mem_rresp_i,
    input  logic        m_axi_mem_rlast_i,

    // Interrupt and message outputs
    output logic        irq_done_o,
    output logic        msg_done_valid_o,
    input  logic        msg_done_ready_i,
    output logic [31:0] msg_done_data_o
);

  localparam logic [7:0] SrcOffset = 8'h00;
  localparam logic [7:0] DstOffset = 8'h04;
  localparam logic [7:0] LenOffset = 8'h08;
  localparam logic [7:0] CtrlOffset = 8'h0C;
  localparam logic [7:0] StatusOffset = 8'h10;
  localparam logic [7:0] CountOffset = 8'h14;
  localparam int unsigned MaxBeats = 4;

  // ------------------------------------------------------------------------------------------
  // Registers
  // ------------------------------------------------------------------------------------------
  logic [31:0] src_q, dst_q, count_q;
  logic [15:0] len_q;
  logic busy_q, done_q, error_q;

  // Copy state, read by the register logic.
  typedef enum logic [2:0] {
    Idle,
    ReadAddr,
    ReadData,
    WriteAddr,
    WriteData,
    WriteResp,
    Message
  } state_e;
  state_e state_q;
  logic finish, fail;  // the copy ends this cycle (fail: with ERROR)

  // AXI4-Lite: one access at a time; AW and W taken together, then B; AR then R.
  logic write_req, read_req;
  logic bvalid_q, rvalid_q;
  logic [1:0] bresp_q, rresp_q;
  logic [31:0] rdata_q;
  logic go;

  assign write_req = s_axil_awvalid_i && s_axil_wvalid_i && !bvalid_q;
  assign read_req = s_axil_arvalid_i && !rvalid_q && !write_req;
  assign s_axil_awready_o = write_req;
  assign s_axil_wready_o = write_req;
  assign s_axil_arready_o = read_req;
  assign s_axil_bvalid_o = bvalid_q;
  assign s_axil_bresp_o = bresp_q;
  assign s_axil_rvalid_o = rvalid_q;
  assign s_axil_rresp_o = rresp_q;
  assign s_axil_rdata_o = rdata_q;

  // Byte-strobed update of a 32-bit register.
  function automatic logic [31:0] strobed(logic [31:0] old, logic [31:0] data, logic [3:0] strb);
    logic [31:0] value = old;
    for (int i = 0; i < 4; i++) if (strb[i]) value[8*i+:8] = data[8*i+:8];
    return value;
  endfunction

  // The strobed low bits of a write (GO, DONE, ERROR) and the strobed LEN.
  logic [2:0] wvalue;
  logic [31:0] len_next;
  assign wvalue = s_axil_wdata_i[2:0] & {3{s_axil_wstrb_i[0]}};
  assign len_next = strobed({16'h0, len_q}, s_axil_wdata_i, s_axil_wstrb_i);
  assign go = write_req && s_axil_awaddr_i == CtrlOffset && wvalue[0] && !busy_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      src_q <= '0;
      dst_q <= '0;
      len_q <= '0;
      count_q <= '0;
      busy_q <= 1'b0;
      done_q <= 1'b0;
      error_q <= 1'b0;
      bvalid_q <= 1'b0;
      bresp_q <= 2'b00;
      rvalid_q <= 1'b0;
      rresp_q <= 2'b00;
      rdata_q <= '0;
    end else begin
      if (bvalid_q && s_axil_bready_i) bvalid_q <= 1'b0;
      if (rvalid_q && s_axil_rready_i) rvalid_q <= 1'b0;
      if (finish) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
        error_q <= error_q | fail;
        count_q <= count_q + 32'd1;
      end
      if (write_req) begin
        bvalid_q <= 1'b1;
        bresp_q <= 2'b00;
        unique case (s_axil_awaddr_i)
          SrcOffset: src_q <= strobed(src_q, s_axil_wdata_i, s_axil_wstrb_i);
          DstOffset: dst_q <= strobed(dst_q, s_axil_wdata_i, s_axil_wstrb_i);
          LenOffset: len_q <= len_next[15:0];
          CtrlOffset: if (go) busy_q <= 1'b1;
          StatusOffset: begin
            if (wvalue[1]) done_q <= 1'b0;
            if (wvalue[2]) error_q <= 1'b0;
          end
          CountOffset: bresp_q <= 2'b10;
          default: bresp_q <= 2'b11;
        endcase
      end
      if (read_req) begin
        rvalid_q <= 1'b1;
        rresp_q  <= 2'b00;
        unique case (s_axil_araddr_i)
          SrcOffset: rdata_q <= src_q;
          DstOffset: rdata_q <= dst_q;
          LenOffset: rdata_q <= {16'h0, len_q};
          CtrlOffset: rdata_q <= '0;
          StatusOffset: rdata_q <= {29'h0, error_q, done_q, busy_q};
          CountOffset: rdata_q <= count_q;
          default: begin
            rdata_q <= '0;
            rresp_q <= 2'b11;
          end
        endcase
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // Copy engine
  // ------------------------------------------------------------------------------------------
  logic [31:0] rd_addr_q, wr_addr_q;
  logic [15:0] left_q;  // bytes still to copy
  logic [2:0] beats_q;  // beats of the current burst (1..4)
  logic [2:0] beat_q;  // beats moved so far in the current phase
  logic [63:0] buffer_q[MaxBeats];
  logic [31:0] msg_q;

  // Beats of the next burst: at most 4, the bytes left, and up to the next 4 KiB boundary
  // of either address.
  // Addresses are 8-byte aligned here: only bits 11:3 matter.
  function automatic logic [2:0] burst_beats(logic [11:3] rd, logic [11:3] wr, logic [15:0] left);
    logic [9:0] rd_room = 10'h200 - {1'b0, rd};  // beats to the boundary
    logic [9:0] wr_room = 10'h200 - {1'b0, wr};
    logic [15:0] n = left >> 3;
    if ({6'b0, rd_room} < n) n = {6'b0, rd_room};
    if ({6'b0, wr_room} < n) n = {6'b0, wr_room};
    if (n > 16'(MaxBeats)) n = 16'(MaxBeats);
    return n[2:0];
  endfunction

  logic unaligned;
  assign unaligned = src_q[2:0] != 3'b0 || dst_q[2:0] != 3'b0 || len_q[2:0] != 3'b0;

  assign finish = state_q == Message && msg_done_ready_i;
  logic fail_q;
  assign fail = fail_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= Idle;
      rd_addr_q <= '0;
      wr_addr_q <= '0;
      left_q <= '0;
      beats_q <= '0;
      beat_q <= '0;
      fail_q <= 1'b0;
      msg_q <= '0;
      for (int i = 0; i < MaxBeats; i++) buffer_q[i] <= '0;
    end else begin
      unique case (state_q)
        Idle:
        if (go) begin
          rd_addr_q <= src_q;
          wr_addr_q <= dst_q;
          left_q <= len_q;
          msg_q <= dst_q;
          fail_q <= unaligned;
          beats_q <= burst_beats(src_q[11:3], dst_q[11:3], len_q);
          state_q <= (unaligned || len_q == 16'h0) ? Message : ReadAddr;
        end
        ReadAddr:
        if (m_axi_mem_arready_i) begin
          beat_q  <= '0;
          state_q <= ReadData;
        end
        ReadData:
        if (m_axi_mem_rvalid_i) begin
          buffer_q[beat_q[1:0]] <= m_axi_mem_rdata_i;
          if (m_axi_mem_rresp_i != 2'b00) fail_q <= 1'b1;
          beat_q <= beat_q + 3'd1;
          if (m_axi_mem_rlast_i) state_q <= WriteAddr;
        end
        WriteAddr:
        if (fail_q) state_q <= Message;
        else if (m_axi_mem_awready_i) begin
          beat_q  <= '0;
          state_q <= WriteData;
        end
        WriteData:
        if (m_axi_mem_wready_i) begin
          beat_q <= beat_q + 3'd1;
          if (beat_q + 3'd1 == beats_q) state_q <= WriteResp;
        end
        WriteResp:
        if (m_axi_mem_bvalid_i) begin
          rd_addr_q <= rd_addr_q + {26'h0, beats_q, 3'b0};
          wr_addr_q <= wr_addr_q + {26'h0, beats_q, 3'b0};
          left_q <= left_q - {10'h0, beats_q, 3'b0};
          beats_q <= burst_beats(rd_addr_q[11:3] + {6'h0, beats_q}, wr_addr_q[11:3] + {6'h0, beats_q},
                                 left_q - {10'h0, beats_q, 3'b0});
          if (m_axi_mem_bresp_i != 2'b00) begin
            fail_q  <= 1'b1;
            state_q <= Message;
          end else if (left_q == {10'h0, beats_q, 3'b0}) state_q <= Message;
          else state_q <= ReadAddr;
        end
        Message: if (msg_done_ready_i) state_q <= Idle;
        default: state_q <= Idle;
      endcase
    end
  end

  assign m_axi_mem_arvalid_o = state_q == ReadAddr;
  assign m_axi_mem_arid_o = 4'd0;
  assign m_axi_mem_araddr_o = rd_addr_q;
  assign m_axi_mem_arlen_o = {5'b0, beats_q - 3'd1};
  assign m_axi_mem_arsize_o = 3'd3;
  assign m_axi_mem_arburst_o = 2'b01;  // INCR
  assign m_axi_mem_arprot_o = 3'b000;
  assign m_axi_mem_rready_o = state_q == ReadData;

  assign m_axi_mem_awvalid_o = state_q == WriteAddr && !fail_q;
  assign m_axi_mem_awid_o = 4'd0;
  assign m_axi_mem_awaddr_o = wr_addr_q;
  assign m_axi_mem_awlen_o = {5'b0, beats_q - 3'd1};
  assign m_axi_mem_awsize_o = 3'd3;
  assign m_axi_mem_awburst_o = 2'b01;
  assign m_axi_mem_awprot_o = 3'b000;
  assign m_axi_mem_wvalid_o = state_q == WriteData;
  assign m_axi_mem_wdata_o = buffer_q[beat_q[1:0]];
  assign m_axi_mem_wstrb_o = 8'hFF;
  assign m_axi_mem_wlast_o = beat_q + 3'd1 == beats_q;
  assign m_axi_mem_bready_o = state_q == WriteResp;

  assign irq_done_o = done_q;
  assign msg_done_valid_o = state_q == Message;
  assign msg_done_data_o = msg_q;

  // Unused inputs: protection bits, response IDs (one ID in flight).
  logic unused;
  assign unused = ^{s_axil_awprot_i, s_axil_arprot_i, m_axi_mem_bid_i, m_axi_mem_rid_i, len_next[31:16]};

endmodule
