// GTI doorbell controller (spec 001 "GPU Doorbells", "Doorbell Group Registers") as the C model
// implements it (models/doorbell/doorbell.c, docs/reference/doorbell.md): 256 doorbell registers (VALID and
// the watched cacheline), the cookie rules, the status vector DB_STATUS0..7 with read-clear, and
// the message to the GuC interrupt block when a group goes from all zeros to non-zero.
// Offsets, masks and the block size come from doorbell_regs_pkg, generated from the model's
// models/doorbell/doorbell_regs.toml (the single source).
//
// Ports:
//   AXI4-Lite slave (rtl/axi_lite): the block at 0x000-0x91F (the model's map) and, at ArmBase,
//     the arming window: the register writes the GuC shim performs (spec 001 "Doorbell Arming
//     Sequence": DRBREGU(n), then DRBREGL(n) with VALID = 1) and the install status. Software
//     writes to the block's DRBREG* are refused (answered OKAY, ignored), as in the model.
//   snoop: one observed memory write per cycle: the cacheline address (bits 47:6) and the first
//     8 bytes of the line after the write (DW0 status, DW1 cookie). snoop_fill_i marks the line
//     read the controller makes at install (spec 001 "Doorbell Flows", initial flow): it goes to
//     the doorbell being installed and records the cookie without a ring.
//   guc_msg: one cycle per message, the groups that went from all zeros to non-zero.
//   group_read: one cycle per software read of a DB_STATUS register, the group and the bits the
//     read returned and cleared (the model's doorbell_guc_port.group_read).
//   valid_o: the 256 VALID bits (the testbench stops watching a line when its VALID clears).
//
// Timing: an access or a snoop is taken in one cycle; its effects are in the registers and on
// the registered outputs after the rising edge that ends it.
//
// Install (arming window write of DRBREGL(n) with VALID = 1, line = {DRBREGU latch, DRBREGL}):
// the result is decided in that cycle in the model's order (BUSY: VALID set; PENDING: the
// status bit set; CACHELINE_IN_USE: another valid doorbell has that line); on OK, VALID is set
// and the block waits for the fill snoop: DW0 bit 0 clear -> VALID cleared, result INACTIVE.
// Bad doorbell numbers, unaligned lines and lines outside the memory (FAULT) are refused by
// the testbench before the bus, as the port cannot carry them.
//
// Planted bug (PlantedBugLateRingLost = 1, off by default; docs/design/cosim.md): a write that changes
// the cookie and clears DW0 bit 0 deactivates without ringing (spec 001's late-cookie rule
// broken). Only the lockstep checker's own test builds it.
`include "gtsim_assert.svh"
`include "gtsim_axil.svh"

module doorbell
  import doorbell_regs_pkg::*;
#(
    parameter bit PlantedBugLateRingLost = 1'b0
) (
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite slave port (13 address bits: the block and the arming window)
    `GTSIM_AXIL_SLAVE_PORTS(13),

    // memory-write snoop
    input logic        snoop_valid_i,
    input logic        snoop_fill_i,
    input logic [47:6] snoop_line_i,
    // The controller looks at DW0 bit 0 and DW1 only (spec 001 "Doorbell Page and Cacheline").
    /* verilator lint_off UNUSEDSIGNAL */
    input logic [63:0] snoop_data_i,
    /* verilator lint_on UNUSEDSIGNAL */

    // message to the GuC interrupt block
    output logic       guc_msg_valid_o,
    output logic [7:0] guc_msg_groups_o,

    // hand-over of a group read to the GuC interrupt block
    output logic        group_read_valid_o,
    output logic [ 2:0] group_read_group_o,
    output logic [31:0] group_read_bits_o,

    output logic [255:0] valid_o
);

  localparam int unsigned AddrWidth = 13;
  localparam int unsigned Bells = 256;
  localparam int unsigned Groups = 8;
  // The arming window (testbench port, not a software register: docs/reference/rtl.md).
  localparam logic [AddrWidth-1:0] ArmBase = 13'h1000;
  // Install status in the arming window: [3:0] result, [4] waiting for the fill, [15:8] doorbell.
  localparam logic [AddrWidth-1:0] InstallStatusAddr = 13'h1800;
  // The doorbell range ends where the status vector may start (model: BELL_RANGE_END).
  localparam logic [AddrWidth-1:0] BellRangeEnd = 13'(Bells * 8);
  // Install results: the values of the model's doorbell_install_result (doorbell.h); the
  // testbench checks them against the enum.
  localparam logic [3:0] InstallOk = 4'd0;
  localparam logic [3:0] InstallBusy = 4'd1;
  localparam logic [3:0] InstallInUse = 4'd2;
  localparam logic [3:0] InstallPending = 4'd3;
  localparam logic [3:0] InstallInactive = 4'd5;

  // The per-doorbell pair fills the 8-byte stride and the range ends before the status vector
  // (the model's static assertions).
  if (DOORBELL_DRBREGU0_OFFSET != DOORBELL_DRBREGL0_OFFSET + 4 ||
      32'(BellRangeEnd) > DOORBELL_DB_STATUS0_OFFSET ||
      DOORBELL_DB_STATUS7_OFFSET != DOORBELL_DB_STATUS0_OFFSET + 28 ||
      DOORBELL_BLOCK_SIZE > 32'(ArmBase)) begin : g_bad_map
    $error("doorbell: the register package does not match the layout this RTL decodes");
  end

  // ---- bus front end -------------------------------------------------------------------
  logic                 req_valid, req_write;
  logic [AddrWidth-1:0] req_addr;
  logic [31:0] req_wdata, resp_rdata;
  logic resp_decerr;
  // The block decodes whole registers (the model ignores byte enables on these registers and
  // protection is not modelled).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0] req_prot;
  logic [3:0] req_wstrb;
  /* verilator lint_on UNUSEDSIGNAL */

  axi_lite_slave #(
      .AddrWidth(AddrWidth)
  ) u_axi (
      .clk_i,
      .rst_ni,
      `GTSIM_AXIL_SLAVE_CONNECT,
      .req_valid_o(req_valid),
      .req_write_o(req_write),
      .req_addr_o(req_addr),
      .req_prot_o(req_prot),
      .req_wdata_o(req_wdata),
      .req_wstrb_o(req_wstrb),
      .resp_rdata_i(resp_rdata),
      .resp_slverr_i(1'b0),
      .resp_decerr_i(resp_decerr),
      .req_stall_i  (1'b0)  // registers only: nothing to give cycles to
  );

  // ---- state -------------------------------------------------------------------------------
  logic [Bells-1:0] valid_q, valid_d;  // DRBREGL.VALID
  logic [Bells-1:0] seen_q, seen_d;  // line_q holds an installed line (else it reads as 0)
  // Per-doorbell storage written one entry per cycle (no reset: read only through seen_q and
  // valid_q; a cookie is written by the fill before a write can match its doorbell).
  logic [47:6] line_q[Bells];  // watched cacheline (kept after VALID clears, as the model)
  logic [31:0] cookie_q[Bells];  // cookie the controller recorded
  logic line_we, cookie_we;  // write one entry at the edge
  logic [7:0] line_idx, cookie_idx;
  logic [47:6] line_wdata;
  logic [31:0] cookie_wdata;
  logic [Groups-1:0][31:0] status_q, status_d;  // DB_STATUS0..7
  // DRBREGU(n) as the shim last wrote it (address bits 47:32), for any n: one latch, since the
  // shim writes DRBREGU(n) and then DRBREGL(n) (spec 001 "Doorbell Arming Sequence"; choice).
  logic [15:0] arm_hi_q, arm_hi_d;
  logic fill_wait_q, fill_wait_d;  // an install waits for its fill snoop
  logic [7:0] arm_bell_q, arm_bell_d;  // the doorbell being installed (or last installed)
  logic [3:0] arm_result_q, arm_result_d;  // the last install's result
  logic msg_valid_q, msg_valid_d;
  logic [7:0] msg_groups_q, msg_groups_d;
  logic rd_valid_q, rd_valid_d;
  logic [2:0] rd_group_q, rd_group_d;
  logic [31:0] rd_bits_q, rd_bits_d;

  // ---- decode ------------------------------------------------------------------------------
  logic in_block, in_bells, in_status, in_arm, in_arm_bells, is_install_status;
  logic [7:0] req_bell;  // doorbell of a DRBREG access
  logic req_upper;  // DRBREGU (else DRBREGL)
  logic [2:0] req_group;  // group of a DB_STATUS access
  // Byte offset from DB_STATUS0: bits 4:2 pick the group; in_status bounds the rest.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [AddrWidth-1:0] status_index;
  /* verilator lint_on UNUSEDSIGNAL */

  // Unaligned offsets decode to nothing (DECERR; the model refuses them before its registers).
  assign in_arm = req_addr >= ArmBase;
  assign in_arm_bells = in_arm && (req_addr - ArmBase) < BellRangeEnd && req_addr[1:0] == 2'b00;
  assign is_install_status = req_addr == InstallStatusAddr;
  assign in_block = !in_arm && 32'(req_addr) < DOORBELL_BLOCK_SIZE;
  assign in_bells = in_block && req_addr < BellRangeEnd && req_addr[1:0] == 2'b00;
  assign status_index = req_addr - AddrWidth'(DOORBELL_DB_STATUS0_OFFSET);
  assign in_status = in_block && 32'(req_addr) >= DOORBELL_DB_STATUS0_OFFSET &&
      32'(req_addr) <= DOORBELL_DB_STATUS7_OFFSET && req_addr[1:0] == 2'b00;
  assign req_bell = req_addr[10:3];
  assign req_upper = req_addr[2];
  assign req_group = status_index[4:2];

  // A doorbell's registers as software reads them (the model's bell_register).
  function automatic logic [31:0] bell_reg(input logic valid, input logic [47:6] line,
                                           input logic upper);
    logic [31:0] lo, hi;
    lo = ({line[31:6], 6'b0} & DOORBELL_DRBREGL0_ADDRESS_LO_MASK) |
        (valid ? DOORBELL_DRBREGL0_VALID_MASK : 32'h0);
    hi = (32'(line[47:32]) << DOORBELL_DRBREGU0_ADDRESS_HI_SHIFT) & DOORBELL_DRBREGU0_ADDRESS_HI_MASK;
    return upper ?
        gtsim_reg_pkg::reg_read(hi, DOORBELL_DRBREGU0_RW_MASK, DOORBELL_DRBREGU0_RO_MASK,
                                DOORBELL_DRBREGU0_W1C_MASK, DOORBELL_DRBREGU0_W1S_MASK,
                                DOORBELL_DRBREGU0_MASKED) :
        gtsim_reg_pkg::reg_read(lo, DOORBELL_DRBREGL0_RW_MASK, DOORBELL_DRBREGL0_RO_MASK,
                                DOORBELL_DRBREGL0_W1C_MASK, DOORBELL_DRBREGL0_W1S_MASK,
                                DOORBELL_DRBREGL0_MASKED);
  endfunction

  always_comb begin
    resp_rdata = 32'h0;
    resp_decerr = 1'b0;
    if (in_bells || in_arm_bells) begin
      resp_rdata = bell_reg(valid_q[req_bell], seen_q[req_bell] ? line_q[req_bell] : '0, req_upper);
    end else if (in_status) begin
      resp_rdata = status_q[req_group];
    end else if (is_install_status) begin
      resp_rdata = {16'h0, arm_bell_q, 3'b0, fill_wait_q, arm_result_q};
    end else begin
      // No register: the model's register file answers an address error.
      resp_decerr = 1'b1;
    end
  end

  // ---- snoop: which doorbell watches the line ------------------------------------------------
  // The 256-entry compares are qualified by the operation that needs them (a snoop, an install
  // write): the same logic in hardware, and Verilator skips the loops on the other cycles.
  logic hit_any;
  logic [7:0] hit_bell;
  always_comb begin
    hit_any = 1'b0;
    hit_bell = 8'h0;
    if (snoop_valid_i && !snoop_fill_i) begin
      // Lines are unique among valid doorbells (install refuses a second one): at most one
      // hit. A doorbell waiting for its fill ignores writes: the fill reads the line after them.
      for (int unsigned i = 0; i < Bells; i++) begin
        if (valid_q[i] && line_q[i] == snoop_line_i && !(fill_wait_q && arm_bell_q == 8'(i))) begin
          hit_any = 1'b1;
          hit_bell = 8'(i);
        end
      end
    end
  end

  // ---- install: the line another valid doorbell already watches --------------------------------
  logic [47:6] install_line;
  logic line_in_use;
  assign install_line = {arm_hi_q, req_wdata[31:6]};
  always_comb begin
    line_in_use = 1'b0;
    if (req_valid && req_write && in_arm_bells) begin
      for (int unsigned i = 0; i < Bells; i++) begin
        if (valid_q[i] && line_q[i] == install_line) line_in_use = 1'b1;
      end
    end
  end

  // ---- next state ----------------------------------------------------------------------------
  logic snoop_active;  // DW0 bit 0 of the line after the write (status: active)
  logic [31:0] snoop_cookie;  // DW1: the cookie
  logic ring;  // a valid ring this cycle (spec 001 "Doorbell Flows")
  logic [Groups-1:0][31:0] after_read;  // the status vector once this cycle's read has cleared
  logic group_read;
  assign snoop_active = snoop_data_i[0];
  assign snoop_cookie = snoop_data_i[63:32];
  assign group_read = req_valid && !req_write && in_status;

  always_comb begin
    valid_d = valid_q;
    seen_d = seen_q;
    line_we = 1'b0;
    line_idx = req_bell;
    line_wdata = install_line;
    cookie_we = 1'b0;
    cookie_idx = hit_bell;
    cookie_wdata = snoop_cookie;
    arm_hi_d = arm_hi_q;
    fill_wait_d = fill_wait_q;
    arm_bell_d = arm_bell_q;
    arm_result_d = arm_result_q;
    msg_valid_d = 1'b0;
    msg_groups_d = 8'h0;
    rd_valid_d = 1'b0;
    rd_group_d = rd_group_q;
    rd_bits_d = rd_bits_q;
    ring = 1'b0;

    // Software read of a group: value returned (resp_rdata), group cleared, bits handed over.
    for (int unsigned g = 0; g < Groups; g++) begin
      after_read[g] = (group_read && req_group == 3'(g)) ? 32'h0 : status_q[g];
    end
    if (group_read) begin
      rd_valid_d = 1'b1;
      rd_group_d = req_group;
      rd_bits_d = status_q[req_group];
    end

    // The shim's install through the arming window.
    if (req_valid && req_write && in_arm_bells) begin
      if (req_upper) begin
        arm_hi_d = req_wdata[15:0];
      end else if (req_wdata[0]) begin
        arm_bell_d = req_bell;
        if (valid_q[req_bell]) arm_result_d = InstallBusy;
        else if (status_q[req_bell[7:5]][req_bell[4:0]]) arm_result_d = InstallPending;
        else if (line_in_use) arm_result_d = InstallInUse;
        else begin
          arm_result_d = InstallOk;
          valid_d[req_bell] = 1'b1;
          seen_d[req_bell] = 1'b1;
          line_we = 1'b1;
          fill_wait_d = 1'b1;
        end
      end
    end

    if (snoop_valid_i && snoop_fill_i && fill_wait_q) begin
      // Initial flow: the cookie found is recorded without a ring; DW0 bit 0 clear deactivates.
      fill_wait_d = 1'b0;
      cookie_we = 1'b1;
      cookie_idx = arm_bell_q;
      if (!snoop_active) begin
        valid_d[arm_bell_q] = 1'b0;
        arm_result_d = InstallInactive;
      end
    end else if (snoop_valid_i && !snoop_fill_i && hit_any) begin
      // The cookie rules, then deactivation (spec 001 "Removing Doorbells" step 2): a cookie
      // changed by the write that deactivates still rings.
      if (snoop_cookie == 32'h0) begin
        cookie_we = 1'b1;
      end else if (snoop_cookie != cookie_q[hit_bell]) begin
        cookie_we = 1'b1;
        ring = !(PlantedBugLateRingLost && !snoop_active);
      end
      if (!snoop_active) valid_d[hit_bell] = 1'b0;
    end

    for (int unsigned g = 0; g < Groups; g++) begin
      status_d[g] = after_read[g];
    end
    if (ring) begin
      status_d[hit_bell[7:5]][hit_bell[4:0]] = 1'b1;
      // One message when the group was all zeros (after this cycle's read, which goes first).
      if (after_read[hit_bell[7:5]] == 32'h0) begin
        msg_valid_d = 1'b1;
        msg_groups_d[hit_bell[7:5]] = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
      seen_q <= '0;
      status_q <= {Groups{DOORBELL_DB_STATUS0_RESET}};
      arm_hi_q <= '0;
      fill_wait_q <= 1'b0;
      arm_bell_q <= '0;
      arm_result_q <= InstallOk;
      msg_valid_q <= 1'b0;
      msg_groups_q <= '0;
      rd_valid_q <= 1'b0;
      rd_group_q <= '0;
      rd_bits_q <= '0;
    end else begin
      valid_q <= valid_d;
      seen_q <= seen_d;
      status_q <= status_d;
      arm_hi_q <= arm_hi_d;
      fill_wait_q <= fill_wait_d;
      arm_bell_q <= arm_bell_d;
      arm_result_q <= arm_result_d;
      msg_valid_q <= msg_valid_d;
      msg_groups_q <= msg_groups_d;
      rd_valid_q <= rd_valid_d;
      rd_group_q <= rd_group_d;
      rd_bits_q <= rd_bits_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_ni && line_we) line_q[line_idx] <= line_wdata;
    if (rst_ni && cookie_we) cookie_q[cookie_idx] <= cookie_wdata;
  end

  assign guc_msg_valid_o = msg_valid_q;
  assign guc_msg_groups_o = msg_groups_q;
  assign group_read_valid_o = rd_valid_q;
  assign group_read_group_o = rd_group_q;
  assign group_read_bits_o = rd_bits_q;
  assign valid_o = valid_q;

`ifndef SYNTHESIS
  // ---------------------------------------------------------------------------------------
  // Block assertions (immediate, in an always_ff, as axi_lite_slave's: docs/reference/rtl.md). The
  // expected ring is recomputed here from the snoop and the recorded cookie, independently of
  // the datapath above, so a datapath that drops a ring fails them.
  // ---------------------------------------------------------------------------------------
  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge
  logic chk_ring_q;  // the spec's rules called for a ring at the previous edge
  logic [7:0] chk_bell_q;  // of that doorbell
  logic [Groups-1:0][31:0] chk_prev_status_q;  // the status vector after the previous cycle's read
  logic chk_msg_expected_q;  // and the group was all zeros, so a message was due

  always_ff @(posedge clk_i) begin
    if (rst_ni && chk_armed_q) begin
      // No status bit lost: a ring sets its doorbell's bit at the edge.
      if (chk_ring_q) begin
        `GTSIM_ASSERT(a_no_status_bit_lost,
                      status_q[chk_bell_q[7:5]][chk_bell_q[4:0]],
                      ("doorbell: ring of doorbell %0d lost (status bit not set)", chk_bell_q))
      end
      // A message exactly on the all-zeros -> non-zero edge of a group.
      `GTSIM_ASSERT(a_message_on_edge_only,
                    msg_valid_q == chk_msg_expected_q &&
                    (!msg_valid_q || msg_groups_q == 8'(1 << chk_bell_q[7:5])),
                    ("doorbell: GuC message %b groups %b, expected %b (0 -> non-zero edge)",
                     msg_valid_q, msg_groups_q, chk_msg_expected_q))
      // Status bits only for doorbells that were valid (nothing appears from nowhere).
      for (int unsigned g = 0; g < Groups; g++) begin
        `GTSIM_ASSERT(a_status_from_ring,
                      (status_q[g] & ~chk_prev_status_q[g]) == 32'h0 ||
                      (chk_ring_q && chk_bell_q[7:5] == 3'(g) &&
                      (status_q[g] & ~chk_prev_status_q[g]) == 32'(1) << chk_bell_q[4:0]),
                      ("doorbell: status group %0d gained bits 0x%08x without a ring", g,
                       status_q[g] & ~chk_prev_status_q[g]))
      end
    end
    chk_ring_q <= snoop_valid_i && !snoop_fill_i && hit_any && snoop_cookie != 32'h0 &&
        snoop_cookie != cookie_q[hit_bell];
    chk_bell_q <= hit_bell;
    chk_msg_expected_q <= snoop_valid_i && !snoop_fill_i && hit_any && snoop_cookie != 32'h0 &&
        snoop_cookie != cookie_q[hit_bell] && after_read[hit_bell[7:5]] == 32'h0;
    chk_prev_status_q <= after_read;
  end
`endif

endmodule
