// Round-trip register block: the RTL twin of models/roundtrip (registers and behaviour in
// models/roundtrip/roundtrip_regs.toml, register rules in tlm/tlm_register.h).
//
// Structure: axi_lite_slave turns the AXI4-Lite port into one register request per cycle;
// this module decodes the request against the generated package roundtrip_regs_pkg (no raw
// offsets, resets or masks here), answers it in the same cycle and updates its registers at
// the edge that ends the request cycle. docs/reference/rtl.md has the details.
//
// Behaviour (toml header): writing 1 to START.GO runs one operation at that same edge:
//   RESULT = SCRATCH, byte-swapped if MODE.SWAP_BYTES, rotated left by MODE.ROTATE, inverted
//   if MODE.INVERT; COUNT.OPERATIONS increments (wraps at 2^16); STATUS.DONE sets, and
//   STATUS.OVERRUN sets too if DONE was already set. GO is never stored, so it reads 0, and
//   RESULT/STATUS/COUNT already hold the new values when BVALID is presented.
// irq_o = |(STATUS & INT_ENABLE), combinational from those two registers only (no path from
//   any input): it changes in the cycle after the write that changed either register.
// Errors: no register at the address -> DECERR; a write to a register with no writable bit
//   (ID, RESULT, COUNT) -> SLVERR, register unchanged (block ro_write = "error").
`include "gtsim_assert.svh"
`include "gtsim_axil.svh"

module roundtrip
  import gtsim_reg_pkg::*;  // register rules of tlm/tlm_register.h
  import roundtrip_regs_pkg::*;
(
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite slave port (MMIO), offsets relative to the block
    `GTSIM_AXIL_SLAVE_PORTS(12),

    // Interrupt: high while (STATUS & INT_ENABLE) != 0
    output logic irq_o
);

  localparam int unsigned AddrWidth = 12;
  // The registers this RTL implements; the generate checks below refuse a package that
  // describes a different block (a register added to the toml needs RTL here too).
  localparam int unsigned ImplementedRegisters = 9;

  // ------------------------------------------------------------------------------------------
  // Elaboration checks: the package must describe the block this RTL implements.
  // ------------------------------------------------------------------------------------------
  if (ROUNDTRIP_REGISTER_COUNT != ImplementedRegisters) begin : g_check_register_count
    $error("roundtrip_regs_pkg has %0d registers, roundtrip.sv implements %0d",
           ROUNDTRIP_REGISTER_COUNT, ImplementedRegisters);
  end
  // STATUS_SET is an alias: it must use STATUS's storage (toml alias = "STATUS").
  if (ROUNDTRIP_STATUS_SET_STORAGE_INDEX != ROUNDTRIP_STATUS_INDEX) begin : g_check_status_alias
    $error("roundtrip_regs_pkg: STATUS_SET is not an alias of STATUS");
  end
  // Every register offset must be reachable through the 12-bit port.
  if (ROUNDTRIP_BLOCK_SIZE > (1 << AddrWidth)) begin : g_check_block_size
    $error("roundtrip_regs_pkg: block size 0x%0h does not fit a %0d-bit address",
           ROUNDTRIP_BLOCK_SIZE, AddrWidth);
  end

  // ------------------------------------------------------------------------------------------
  // Bus front end
  // ------------------------------------------------------------------------------------------
  logic req_valid, req_write;
  logic [AddrWidth-1:0] req_addr;
  /* verilator lint_off UNUSEDSIGNAL */
  // AWPROT/ARPROT: the block answers privileged/secure and data/instruction accesses alike,
  // as its C model ignores the payload's privileged/secure attributes.
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
      `GTSIM_AXIL_SLAVE_CONNECT,
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
  // Decode: one hit bit per register, indexed by the package's register index.
  // ------------------------------------------------------------------------------------------
  logic [31:0] offset;  // the request address as a 32-bit byte offset in the block
  logic in_block;
  logic [ROUNDTRIP_REGISTER_COUNT-1:0] hit;
  logic [ROUNDTRIP_REGISTER_COUNT-1:0] writable;
  logic [31:0] bit_en;  // WSTRB as bit enables: only strobed bytes are written

  assign offset = 32'(req_addr);
  // Addresses at or beyond the block size decode to nothing (tlm_register_file_b_transport).
  assign in_block = offset < ROUNDTRIP_BLOCK_SIZE;
  assign bit_en = strb_to_bit_en(req_wstrb);

  always_comb begin
    hit = '0;
    hit[ROUNDTRIP_ID_INDEX] = offset == ROUNDTRIP_ID_OFFSET;
    hit[ROUNDTRIP_SCRATCH_INDEX] = offset == ROUNDTRIP_SCRATCH_OFFSET;
    hit[ROUNDTRIP_MODE_INDEX] = offset == ROUNDTRIP_MODE_OFFSET;
    hit[ROUNDTRIP_START_INDEX] = offset == ROUNDTRIP_START_OFFSET;
    hit[ROUNDTRIP_RESULT_INDEX] = offset == ROUNDTRIP_RESULT_OFFSET;
    hit[ROUNDTRIP_STATUS_INDEX] = offset == ROUNDTRIP_STATUS_OFFSET;
    hit[ROUNDTRIP_STATUS_SET_INDEX] = offset == ROUNDTRIP_STATUS_SET_OFFSET;
    hit[ROUNDTRIP_INT_ENABLE_INDEX] = offset == ROUNDTRIP_INT_ENABLE_OFFSET;
    hit[ROUNDTRIP_COUNT_INDEX] = offset == ROUNDTRIP_COUNT_OFFSET;
    if (!in_block) hit = '0;
  end

  // Constant per register: can a software write change any of its bits?
  always_comb begin
    writable = '0;
    writable[ROUNDTRIP_ID_INDEX] =
        reg_writable(ROUNDTRIP_ID_RW_MASK, ROUNDTRIP_ID_W1C_MASK, ROUNDTRIP_ID_W1S_MASK);
    writable[ROUNDTRIP_SCRATCH_INDEX] = reg_writable(
        ROUNDTRIP_SCRATCH_RW_MASK, ROUNDTRIP_SCRATCH_W1C_MASK, ROUNDTRIP_SCRATCH_W1S_MASK);
    writable[ROUNDTRIP_MODE_INDEX] =
        reg_writable(ROUNDTRIP_MODE_RW_MASK, ROUNDTRIP_MODE_W1C_MASK, ROUNDTRIP_MODE_W1S_MASK);
    writable[ROUNDTRIP_START_INDEX] =
        reg_writable(ROUNDTRIP_START_RW_MASK, ROUNDTRIP_START_W1C_MASK, ROUNDTRIP_START_W1S_MASK);
    writable[ROUNDTRIP_RESULT_INDEX] = reg_writable(
        ROUNDTRIP_RESULT_RW_MASK, ROUNDTRIP_RESULT_W1C_MASK, ROUNDTRIP_RESULT_W1S_MASK);
    writable[ROUNDTRIP_STATUS_INDEX] = reg_writable(
        ROUNDTRIP_STATUS_RW_MASK, ROUNDTRIP_STATUS_W1C_MASK, ROUNDTRIP_STATUS_W1S_MASK);
    writable[ROUNDTRIP_STATUS_SET_INDEX] = reg_writable(
        ROUNDTRIP_STATUS_SET_RW_MASK, ROUNDTRIP_STATUS_SET_W1C_MASK, ROUNDTRIP_STATUS_SET_W1S_MASK);
    writable[ROUNDTRIP_INT_ENABLE_INDEX] = reg_writable(
        ROUNDTRIP_INT_ENABLE_RW_MASK, ROUNDTRIP_INT_ENABLE_W1C_MASK, ROUNDTRIP_INT_ENABLE_W1S_MASK);
    writable[ROUNDTRIP_COUNT_INDEX] =
        reg_writable(ROUNDTRIP_COUNT_RW_MASK, ROUNDTRIP_COUNT_W1C_MASK, ROUNDTRIP_COUNT_W1S_MASK);
  end

  // tlm_register.h payload rules: no register -> DECERR; write to a register with no writable
  // bit in a block with ro_write_error -> SLVERR. Reads of existing registers never fail.
  assign resp_decerr = hit == '0;
  assign resp_slverr = req_write && ROUNDTRIP_RO_WRITE_ERROR && ((hit & ~writable) != '0);

  logic wr_ok;  // a write that the block accepts (OKAY) executes this cycle
  assign wr_ok = req_valid && req_write && !resp_decerr && !resp_slverr;

  // ------------------------------------------------------------------------------------------
  // Storage. ID has none: it is read-only and nothing in the device changes it, so it is its
  // reset value. STATUS_SET has none of its own: it reads and writes STATUS's (alias).
  // ------------------------------------------------------------------------------------------
  logic [31:0] scratch_q, scratch_d;
  logic [31:0] mode_q, mode_d;
  logic [31:0] start_q, start_d;
  logic [31:0] result_q, result_d;
  logic [31:0] status_q, status_d;
  logic [31:0] int_enable_q, int_enable_d;
  logic [31:0] count_q, count_d;

  // Software view of each register (what a read returns).
  logic [31:0] id_rd, scratch_rd, mode_rd, start_rd, result_rd, status_rd, status_set_rd;
  logic [31:0] int_enable_rd, count_rd;

  assign id_rd = reg_read(ROUNDTRIP_ID_RESET, ROUNDTRIP_ID_RW_MASK, ROUNDTRIP_ID_RO_MASK,
                          ROUNDTRIP_ID_W1C_MASK, ROUNDTRIP_ID_W1S_MASK, ROUNDTRIP_ID_MASKED);
  assign scratch_rd = reg_read(scratch_q, ROUNDTRIP_SCRATCH_RW_MASK, ROUNDTRIP_SCRATCH_RO_MASK,
                               ROUNDTRIP_SCRATCH_W1C_MASK, ROUNDTRIP_SCRATCH_W1S_MASK,
                               ROUNDTRIP_SCRATCH_MASKED);
  assign mode_rd = reg_read(mode_q, ROUNDTRIP_MODE_RW_MASK, ROUNDTRIP_MODE_RO_MASK,
                            ROUNDTRIP_MODE_W1C_MASK, ROUNDTRIP_MODE_W1S_MASK,
                            ROUNDTRIP_MODE_MASKED);
  assign start_rd = reg_read(start_q, ROUNDTRIP_START_RW_MASK, ROUNDTRIP_START_RO_MASK,
                             ROUNDTRIP_START_W1C_MASK, ROUNDTRIP_START_W1S_MASK,
                             ROUNDTRIP_START_MASKED);
  assign result_rd = reg_read(result_q, ROUNDTRIP_RESULT_RW_MASK, ROUNDTRIP_RESULT_RO_MASK,
                              ROUNDTRIP_RESULT_W1C_MASK, ROUNDTRIP_RESULT_W1S_MASK,
                              ROUNDTRIP_RESULT_MASKED);
  assign status_rd = reg_read(status_q, ROUNDTRIP_STATUS_RW_MASK, ROUNDTRIP_STATUS_RO_MASK,
                              ROUNDTRIP_STATUS_W1C_MASK, ROUNDTRIP_STATUS_W1S_MASK,
                              ROUNDTRIP_STATUS_MASKED);
  // The alias reads the shared storage through its own field list.
  assign status_set_rd = reg_read(status_q, ROUNDTRIP_STATUS_SET_RW_MASK,
                                  ROUNDTRIP_STATUS_SET_RO_MASK, ROUNDTRIP_STATUS_SET_W1C_MASK,
                                  ROUNDTRIP_STATUS_SET_W1S_MASK, ROUNDTRIP_STATUS_SET_MASKED);
  assign int_enable_rd = reg_read(int_enable_q, ROUNDTRIP_INT_ENABLE_RW_MASK,
                                  ROUNDTRIP_INT_ENABLE_RO_MASK, ROUNDTRIP_INT_ENABLE_W1C_MASK,
                                  ROUNDTRIP_INT_ENABLE_W1S_MASK, ROUNDTRIP_INT_ENABLE_MASKED);
  assign count_rd = reg_read(count_q, ROUNDTRIP_COUNT_RW_MASK, ROUNDTRIP_COUNT_RO_MASK,
                             ROUNDTRIP_COUNT_W1C_MASK, ROUNDTRIP_COUNT_W1S_MASK,
                             ROUNDTRIP_COUNT_MASKED);

  // Read data: the hit register's software view (the front end sends 0 with an error).
  always_comb begin
    resp_rdata = 32'h0;
    if (hit[ROUNDTRIP_ID_INDEX]) resp_rdata |= id_rd;
    if (hit[ROUNDTRIP_SCRATCH_INDEX]) resp_rdata |= scratch_rd;
    if (hit[ROUNDTRIP_MODE_INDEX]) resp_rdata |= mode_rd;
    if (hit[ROUNDTRIP_START_INDEX]) resp_rdata |= start_rd;
    if (hit[ROUNDTRIP_RESULT_INDEX]) resp_rdata |= result_rd;
    if (hit[ROUNDTRIP_STATUS_INDEX]) resp_rdata |= status_rd;
    if (hit[ROUNDTRIP_STATUS_SET_INDEX]) resp_rdata |= status_set_rd;
    if (hit[ROUNDTRIP_INT_ENABLE_INDEX]) resp_rdata |= int_enable_rd;
    if (hit[ROUNDTRIP_COUNT_INDEX]) resp_rdata |= count_rd;
  end

  // ------------------------------------------------------------------------------------------
  // The operation (toml header): swap, then rotate left, then invert.
  // ------------------------------------------------------------------------------------------
  logic op_go;  // START.GO written as 1 this cycle: the operation happens at this edge
  logic op_swap, op_invert;
  logic [4:0] op_rotate;  // a 32-bit rotate uses the amount modulo 32
  logic [31:0] op_operand, op_swapped, op_rotated, op_result;

  assign op_swap = (mode_q & ROUNDTRIP_MODE_SWAP_BYTES_MASK) != 32'h0;
  assign op_invert = (mode_q & ROUNDTRIP_MODE_INVERT_MASK) != 32'h0;
  assign op_rotate = 5'((mode_q & ROUNDTRIP_MODE_ROTATE_MASK) >> ROUNDTRIP_MODE_ROTATE_SHIFT);
  assign op_operand = (scratch_q & ROUNDTRIP_SCRATCH_VALUE_MASK) >> ROUNDTRIP_SCRATCH_VALUE_SHIFT;
  assign op_swapped = op_swap ?
      {op_operand[7:0], op_operand[15:8], op_operand[23:16], op_operand[31:24]} : op_operand;
  // Rotate left by n. For n = 0 the right shift is by the full 32 bits, which leaves only
  // vacated zero bits (IEEE 1800-2017 §11.4.10), so the result is x itself.
  assign op_rotated = (op_swapped << op_rotate) | (op_swapped >> (6'd32 - 6'(op_rotate)));
  assign op_result = op_invert ? ~op_rotated : op_rotated;

  // ------------------------------------------------------------------------------------------
  // Next state. Only one write executes per cycle, so a software write and the operation
  // never touch the same register in the same cycle (GO is a write to START).
  // ------------------------------------------------------------------------------------------
  logic [31:0] start_written;  // START after the software write, before the device clears GO

  always_comb begin
    scratch_d = scratch_q;
    mode_d = mode_q;
    start_written = start_q;
    result_d = result_q;
    status_d = status_q;
    int_enable_d = int_enable_q;
    count_d = count_q;

    if (wr_ok && hit[ROUNDTRIP_SCRATCH_INDEX]) begin
      scratch_d = reg_write(scratch_q, req_wdata, bit_en, ROUNDTRIP_SCRATCH_RW_MASK,
                            ROUNDTRIP_SCRATCH_W1C_MASK, ROUNDTRIP_SCRATCH_W1S_MASK,
                            ROUNDTRIP_SCRATCH_MASKED);
    end
    if (wr_ok && hit[ROUNDTRIP_MODE_INDEX]) begin
      mode_d = reg_write(mode_q, req_wdata, bit_en, ROUNDTRIP_MODE_RW_MASK,
                         ROUNDTRIP_MODE_W1C_MASK, ROUNDTRIP_MODE_W1S_MASK, ROUNDTRIP_MODE_MASKED);
    end
    if (wr_ok && hit[ROUNDTRIP_START_INDEX]) begin
      start_written = reg_write(start_q, req_wdata, bit_en, ROUNDTRIP_START_RW_MASK,
                                ROUNDTRIP_START_W1C_MASK, ROUNDTRIP_START_W1S_MASK,
                                ROUNDTRIP_START_MASKED);
    end
    if (wr_ok && hit[ROUNDTRIP_STATUS_INDEX]) begin
      status_d = reg_write(status_q, req_wdata, bit_en, ROUNDTRIP_STATUS_RW_MASK,
                           ROUNDTRIP_STATUS_W1C_MASK, ROUNDTRIP_STATUS_W1S_MASK,
                           ROUNDTRIP_STATUS_MASKED);
    end
    // The alias writes STATUS's storage with its own (W1S) access types.
    if (wr_ok && hit[ROUNDTRIP_STATUS_SET_INDEX]) begin
      status_d = reg_write(status_q, req_wdata, bit_en, ROUNDTRIP_STATUS_SET_RW_MASK,
                           ROUNDTRIP_STATUS_SET_W1C_MASK, ROUNDTRIP_STATUS_SET_W1S_MASK,
                           ROUNDTRIP_STATUS_SET_MASKED);
    end
    if (wr_ok && hit[ROUNDTRIP_INT_ENABLE_INDEX]) begin
      int_enable_d = reg_write(int_enable_q, req_wdata, bit_en, ROUNDTRIP_INT_ENABLE_RW_MASK,
                               ROUNDTRIP_INT_ENABLE_W1C_MASK, ROUNDTRIP_INT_ENABLE_W1S_MASK,
                               ROUNDTRIP_INT_ENABLE_MASKED);
    end

    // toml: GO runs the operation and "clears in the same cycle, so it always reads 0".
    op_go = (start_written & ROUNDTRIP_START_GO_MASK) != 32'h0;
    start_d = start_written & ~ROUNDTRIP_START_GO_MASK;
    if (op_go) begin
      result_d = (result_q & ~ROUNDTRIP_RESULT_VALUE_MASK) |
          ((op_result << ROUNDTRIP_RESULT_VALUE_SHIFT) & ROUNDTRIP_RESULT_VALUE_MASK);
      // COUNT.OPERATIONS + 1 within its field: wraps at 2^WIDTH.
      count_d = (count_q & ~ROUNDTRIP_COUNT_OPERATIONS_MASK) |
          ((count_q + (32'h1 << ROUNDTRIP_COUNT_OPERATIONS_SHIFT)) &
           ROUNDTRIP_COUNT_OPERATIONS_MASK);
      // DONE sets; OVERRUN sets too if DONE was already set before this operation.
      status_d = status_q | ROUNDTRIP_STATUS_DONE_MASK;
      if ((status_q & ROUNDTRIP_STATUS_DONE_MASK) != 32'h0) begin
        status_d = status_d | ROUNDTRIP_STATUS_OVERRUN_MASK;
      end
    end
  end

  // Synchronous active-low reset to the package's reset values. Aliases have no storage.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      scratch_q <= ROUNDTRIP_SCRATCH_RESET;
      mode_q <= ROUNDTRIP_MODE_RESET;
      start_q <= ROUNDTRIP_START_RESET;
      result_q <= ROUNDTRIP_RESULT_RESET;
      status_q <= ROUNDTRIP_STATUS_RESET;
      int_enable_q <= ROUNDTRIP_INT_ENABLE_RESET;
      count_q <= ROUNDTRIP_COUNT_RESET;
    end else begin
      scratch_q <= scratch_d;
      mode_q <= mode_d;
      start_q <= start_d;
      result_q <= result_d;
      status_q <= status_d;
      int_enable_q <= int_enable_d;
      count_q <= count_d;
    end
  end

  // Combinational from two registers only: follows them in the cycle after the write that
  // changed them, and never depends on bus inputs.
  assign irq_o = (status_rd & int_enable_rd) != 32'h0;

`ifndef SYNTHESIS
  // ---------------------------------------------------------------------------------------
  // Block rule assertions: immediate assertions at the rising edge on the pre-edge values;
  // two-edge rules compare with chk_*_q (the previous edge) and apply only when rst_ni was
  // high at both edges. Immediate rather than concurrent for speed, as in axi_lite_slave.
  // ---------------------------------------------------------------------------------------
  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge
  logic chk_op_go_q;  // an operation ran at the previous edge
  logic chk_done_q;  // STATUS.DONE before that operation
  logic chk_wr_ok_q;  // an accepted write executed at the previous edge
  logic [31:0] chk_count_q;  // COUNT before the previous edge
  logic [7*32-1:0] chk_regs_q;  // every register before the previous edge
  logic [7*32-1:0] chk_regs;

  assign chk_regs = {scratch_q, mode_q, start_q, result_q, status_q, int_enable_q, count_q};

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // Register offsets are distinct, so at most one register decodes.
      `GTSIM_ASSERT(a_decode_onehot,
                    $onehot0(hit),
                    ("roundtrip: two registers decode the same offset 0x%0h", offset))

      // toml: GO "clears in the same cycle, so it always reads 0": never stored, never read.
      `GTSIM_ASSERT(a_go_never_stored,
                    (start_q & ROUNDTRIP_START_GO_MASK) == 32'h0,
                    ("roundtrip: START.GO is stored as 1"))
      if (req_valid && !req_write && hit[ROUNDTRIP_START_INDEX]) begin
        `GTSIM_ASSERT(a_go_reads_zero,
                      (resp_rdata & ROUNDTRIP_START_GO_MASK) == 32'h0,
                      ("roundtrip: a read of START returned GO = 1"))
      end

      // toml: the interrupt output is high while (STATUS & INT_ENABLE) is non-zero. Guards
      // against irq_o being registered or gated by a later edit.
      `GTSIM_ASSERT(a_irq_definition,
                    irq_o == ((status_q & int_enable_q) != 32'h0),
                    ("roundtrip: irq_o != |(STATUS & INT_ENABLE)"))

      if (chk_armed_q) begin
        // toml: an operation sets DONE, sets OVERRUN if DONE was set, and counts.
        if (chk_op_go_q) begin
          `GTSIM_ASSERT(a_op_done,
                        (status_q & ROUNDTRIP_STATUS_DONE_MASK) != 32'h0,
                        ("roundtrip: STATUS.DONE not set after an operation"))
          `GTSIM_ASSERT(a_op_counts,
                        ((count_q - chk_count_q) & ROUNDTRIP_COUNT_OPERATIONS_MASK) ==
                        ((32'h1 << ROUNDTRIP_COUNT_OPERATIONS_SHIFT) & ROUNDTRIP_COUNT_OPERATIONS_MASK),
                        ("roundtrip: COUNT.OPERATIONS did not advance by one on an operation"))
        end
        if (chk_op_go_q && chk_done_q) begin
          `GTSIM_ASSERT(a_op_overrun,
                        (status_q & ROUNDTRIP_STATUS_OVERRUN_MASK) != 32'h0,
                        ("roundtrip: STATUS.OVERRUN not set by an operation while DONE was set"))
        end
        // Registers change only through an accepted write or an operation (which is one);
        // a refused write (SLVERR/DECERR) and a read change nothing (tlm_register.h).
        if (!chk_wr_ok_q) begin
          `GTSIM_ASSERT(a_refused_changes_nothing,
                        chk_regs == chk_regs_q,
                        ("roundtrip: a register changed without an accepted write"))
        end
      end
    end

    chk_op_go_q <= op_go;
    chk_done_q <= (status_q & ROUNDTRIP_STATUS_DONE_MASK) != 32'h0;
    chk_wr_ok_q <= wr_ok;
    chk_count_q <= count_q;
    chk_regs_q <= chk_regs;
  end
`endif

endmodule
