// The gen12 render engine's ring-buffer command streamer as the C model runs it
// (models/cs: cs_engine.c, cs_ring.c, cs_mi.c, cs_batch.c, cs_irq.c; docs/reference/cs.md), for
// the subset docs/design/cosim.md "The command streamer twin" lists: the ring (START, HEAD, TAIL,
// CTL; spec 000 §1.1.5), batch buffers with chaining and the gen12 second level, MI_NOOP,
// MI_BATCH_BUFFER_START/END, MI_STORE_DATA_IMM, MI_LOAD_REGISTER_IMM to its own registers,
// MI_USER_INTERRUPT, every other command parsed by its length and skipped, and the Instruction
// Parser error on a header the model's table does not accept for the render engine.
//
// Register offsets, field masks and access rules come from cs_regs_pkg (generated from
// models/cs/cs_regs.toml); command lengths and kinds from cs_cmd_table_pkg (generated from the
// model's gen12 command table by testbench/cosim/cs_twin_table_gen.c).
//
// Ports:
//   AXI4-Lite slave: the engine's registers, offsets relative to its MMIO base (RING_TAIL at
//     CS_RING_TAIL_OFFSET, ...). Registers the twin does not hold read 0 and drop writes.
//   AXI4 master (64-bit): command fetch in cacheline bursts (8 beats INCR from the line's
//     address, ID 0, one burst at a time) and MI_STORE_DATA_IMM as a write burst with WSTRB.
//     The port carries address bits 31:0; a higher address pulses addr_high_o (the wrapper
//     logs it: outside the subset).
//   msg: one interrupt message per valid/ready handshake: the event bits (irq_message data:
//     user interrupt 0, master error 3, page fault 7) not masked by IMR (spec 000 §1.1.7.2).
//   halted_o: an error stopped the parser (until the ring is disabled); idle_o: no command to run.
//   lri_foreign_o: one cycle per MI_LOAD_REGISTER_IMM pair aimed outside the engine (dropped).
//
// Planted bug (PlantedBugWrap = 1, off by default; docs/design/cosim.md): HEAD wraps one dword
// late (when it passes the ring's end instead of reaching it), an off-by-one of spec 000 §1.1.5.2.
`include "gtsim_assert.svh"
`include "gtsim_axil.svh"
`include "gtsim_axi4.svh"

module cs_rcs
  import cs_regs_pkg::*;
  import cs_cmd_table_pkg::*;
#(
    // The render engine's MMIO base (the model's profile table, cs_commands_gen12.c): an LRI
    // register offset inside [MmioBase, MmioBase + CS_BLOCK_SIZE) is the engine's own.
    parameter logic [31:0] MmioBase = 32'h0000_2000,
    parameter bit PlantedBugWrap = 1'b0
) (
    input logic clk_i,
    input logic rst_ni,

    `GTSIM_AXIL_SLAVE_PORTS(11),
    `GTSIM_AXI4_MASTER_PORTS,

    output logic        msg_valid_o,
    input  logic        msg_ready_i,
    output logic [15:0] msg_data_o,

    output logic halted_o,
    output logic idle_o,
    output logic addr_high_o,
    output logic lri_foreign_o
);

  localparam int unsigned AddrWidth = 11;
  // spec 000 §1.1.5.4: Buffer Length counts 4 KiB pages.
  localparam int unsigned PageShift = 12;
  // The model's fetch unit (cs_engine.h CS_FETCH_LINE_BYTES): a 64-byte cacheline, 16 dwords.
  localparam int unsigned LineDwords = 16;
  // genxml gen12 MI_LOAD_REGISTER_IMM "Add CS MMIO Start Offset": the offset's low 12 bits are
  // added to the engine's base (the model's CS_MMIO_REMAP_MASK, cs_mi.c).
  localparam logic [31:0] RemapMask = 32'h0000_0FFF;
  // Interrupt event bits (irq_message.h data bits, the render layout; spec 000 §1.1.7).
  localparam logic [15:0] EvUserInterrupt = 16'h0001;
  localparam logic [15:0] EvMasterError = 16'h0008;
  localparam logic [15:0] EvPageFault = 16'h0080;

  if (CS_BLOCK_SIZE != (32'd1 << AddrWidth)) begin : g_bad_map
    $error("cs_rcs: the register package's block size does not match the port");
  end

  // ---- register bus front end ---------------------------------------------------------------
  logic req_valid, req_write, req_stall;
  logic [AddrWidth-1:0] req_addr;
  logic [31:0] req_wdata, resp_rdata;
  logic [3:0] req_wstrb;
  // Protection is not modelled (the model's register file ignores it).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0] req_prot;
  /* verilator lint_on UNUSEDSIGNAL */

  axi_lite_slave #(
      .AddrWidth(AddrWidth)
  ) u_axil (
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
      .resp_decerr_i(1'b0),
      .req_stall_i(req_stall)
  );

  // ---- parser states ---------------------------------------------------------------------------
  typedef enum logic [4:0] {
    StIdle,       // nothing to run, or deciding to start a command
    StRead,       // a dword of the command: from the line buffer, else fetch its line
    StAr,         // line fetch: address offered
    StR,          // line fetch: beats arriving
    StDecode,     // header in hdr_q: starve, error or operands
    StOperand,    // an operand dword arrived
    StCommit,     // capture the command, advance HEAD or the batch address
    StExec,       // execute by kind
    StLriReg,     // LRI: register offset arrived
    StLriWrite,   // LRI: the register write (the bus front end is held this cycle)
    StAw,         // MI_STORE_DATA_IMM: address offered
    StW,          // data beats
    StB,          // response
    StEvent       // interrupt messages of the command, in the model's order
  } state_e;

  state_e state_q, state_d;
  state_e ret_q, ret_d;  // where StRead returns with rd_data_q

  // ---- registers (the model's cs_regs.toml values) ----------------------------------------------
  logic [31:0] tail_q, tail_d, head_q, head_d, start_q, start_d, ctl_q, ctl_d;
  logic [31:0] nopid_q, nopid_d, mi_mode_q, mi_mode_d, imr_q, imr_d, emr_q, emr_d;
  logic [31:0] eir_q, eir_d, esr_q, esr_d, ipeir_q, ipeir_d, ipehr_q, ipehr_d;
  logic [31:0] acthd_q, acthd_d, acthd_udw_q, acthd_udw_d, bb_addr_q, bb_addr_d;
  logic [31:0] bb_addr_udw_q, bb_addr_udw_d;
  // ---- parser state ------------------------------------------------------------------------------
  logic [1:0] level_q, level_d;  // 0 the ring, 1 first-level batch, 2 second-level batch
  logic [47:0] pc_q[3], pc_d[3];  // per batch level: address of its next dword (index 0 unused)
  logic [2:0] secure_q, secure_d;  // per batch level: a secure (GGTT) batch
  logic halted_q, halted_d;  // an error stopped the parser
  logic starved_q, starved_d;  // the command at HEAD runs past TAIL
  logic pf_q, pf_d;  // page fault pending (ISR bit 7, a level)
  // The command being parsed: where it is and its dwords.
  logic in_batch_q, in_batch_d;  // it is in a batch (else the ring)
  logic [47:0] base_q, base_d;  // batch: its address; ring: START
  logic [31:0] ring_off_q, ring_off_d;  // ring: HEAD at its start
  logic [31:0] ring_size_q, ring_size_d;  // ring: the buffer's size then
  logic [31:0] hdr_q, hdr_d;  // its header
  logic [31:0] op_q[5], op_d[5];  // dwords 1..4 (SDI, BBS)
  logic [8:0] rd_idx_q, rd_idx_d;  // dword index StRead reads
  logic [31:0] rd_data_q, rd_data_d;  // what it read
  logic [7:0] pair_q, pair_d;  // LRI: pair being executed
  logic [31:0] lri_reg_q, lri_reg_d;  // LRI: the pair's register offset
  logic [15:0] ev_q, ev_d;  // events to report (StEvent)
  // Line buffer: the last fetched cacheline.
  logic [31:0] line_q[LineDwords], line_d[LineDwords];
  logic [47:6] line_tag_q, line_tag_d;
  logic line_valid_q, line_valid_d;
  logic [2:0] beat_q, beat_d;  // R beat being received
  logic fetch_err_q, fetch_err_d;  // a beat of the fetch answered an error
  // Store: the write job of MI_STORE_DATA_IMM.
  logic [47:0] wr_addr_q, wr_addr_d;  // first byte
  logic wr_two_q, wr_two_d;  // two beats (an unaligned qword inside one 4 KiB page)
  logic wr_beat_q, wr_beat_d;  // W beat being sent
  logic [63:0] wr_data_q[2], wr_data_d[2];
  logic [7:0] wr_strb_q[2], wr_strb_d[2];
  logic wr_rest_q, wr_rest_d;  // a second single-beat burst follows (qword across 4 KiB)
  logic wr_err_q, wr_err_d;  // a response was an error
  logic msg_valid_q, msg_valid_d;
  logic [15:0] msg_data_q, msg_data_d;

  // ---- derived values ---------------------------------------------------------------------------
  logic [31:0] ring_size, ring_head, ring_tail, ring_avail;
  logic ring_enabled, geometry_ok, runnable;
  assign ring_size = ({23'd0, ctl_q[CS_RING_CTL_LENGTH_SHIFT+:CS_RING_CTL_LENGTH_WIDTH]} + 32'd1) << PageShift;
  assign ring_head = head_q & CS_RING_HEAD_HEAD_MASK;
  assign ring_tail = tail_q & CS_RING_TAIL_TAIL_MASK;
  assign ring_enabled = (ctl_q & CS_RING_CTL_ENABLE_MASK) != 0;
  assign geometry_ok = ring_head < ring_size && ring_tail < ring_size;
  // Dwords before TAIL (cs_fetch_command): (TAIL - HEAD) mod size.
  assign ring_avail = (ring_tail >= ring_head ? ring_tail - ring_head : ring_tail + ring_size - ring_head) >> 2;
  // cs_runnable (the subset's part): enabled, not halted or starved, not stopped; in the ring
  // a valid geometry and HEAD != TAIL.
  assign runnable = ring_enabled && !halted_q && !starved_q &&
                    (mi_mode_q & CS_MI_MODE_STOP_RINGS_MASK) == 0 &&
                    (ctl_q & CS_RING_CTL_RB_WAIT_MASK) == 0 &&
                    (level_q != 2'd0 || (geometry_ok && ring_head != ring_tail));

  // Address of dword rd_idx_q of the command (cs_command_address): the ring wraps. Commands are
  // dword aligned: bits 1:0 are 0 (the ring's offsets and batch addresses hold them as 0).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [47:0] rd_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] ring_pos;
  always_comb begin
    ring_pos = ring_off_q + {21'd0, rd_idx_q, 2'b00};
    if (ring_pos >= ring_size_q) ring_pos = ring_pos - ring_size_q;
    rd_addr = in_batch_q ? base_q + {37'd0, rd_idx_q, 2'b00} : base_q + {16'd0, ring_pos};
  end
  logic line_hit;
  assign line_hit = line_valid_q && line_tag_q == rd_addr[47:6];

  // ---- decode (the model's cs_lookup over the generated table) --------------------------------
  // The lookup runs in the cycle the header arrives (StDecode, on rd_data_q) and its result is
  // registered with the header: the table is searched once per command, not at every evaluation.
  logic lk_found, lk_accepted;
  cmd_kind_e lk_kind;
  logic [31:0] lk_len, lk_min;
  always_comb begin
    lk_found = 1'b0;
    lk_accepted = 1'b0;
    lk_kind = KindSkip;
    lk_len = 32'd1;  // an unknown header is one dword
    lk_min = 32'd1;
    if (state_q == StDecode) begin
      for (int unsigned i = 0; i < NumCommands; i++) begin
        if (!lk_found && (rd_data_q & Commands[i].mask) == Commands[i].value) begin
          lk_found = 1'b1;
          lk_accepted = Commands[i].accepted;
          lk_kind = Commands[i].kind;
          lk_min = {24'd0, Commands[i].min_len};
          if (Commands[i].fixed != 8'd0) lk_len = {24'd0, Commands[i].fixed};
          else
            lk_len = ((rd_data_q >> Commands[i].len_lo) & ((32'd1 << Commands[i].len_width) - 32'd1)) +
                     {24'd0, Commands[i].bias};
        end
      end
    end
  end
  logic dec_found_q, dec_accepted_q;  // the registered lookup of hdr_q
  cmd_kind_e dec_kind_q;
  logic [31:0] dec_len_q, dec_min_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      dec_found_q <= 1'b0;
      dec_accepted_q <= 1'b0;
      dec_kind_q <= KindSkip;
      dec_len_q <= 32'd1;
      dec_min_q <= 32'd1;
    end else if (state_q == StDecode) begin
      dec_found_q <= lk_found;
      dec_accepted_q <= lk_accepted;
      dec_kind_q <= lk_kind;
      dec_len_q <= lk_len;
      dec_min_q <= lk_min;
    end
  end
  logic dec_error;
  assign dec_error = !dec_found_q || !dec_accepted_q || dec_len_q < dec_min_q;

  // Operand dwords the executed kinds read before the command commits (cs_fetch_command reads
  // the whole command first): BBS 2, SDI 3 or 4 (the QWord form is one dword longer).
  logic [8:0] dec_operands;
  always_comb begin
    unique case (dec_kind_q)
      KindBbStart: dec_operands = 9'd2;
      KindStoreDataImm: dec_operands = dec_len_q >= 32'd5 ? 9'd4 : 9'd3;
      default: dec_operands = 9'd0;
    endcase
  end

  // ---- register writes (bus and LRI share them: the model's cs_register_access) -------------
  // One write port: the bus front end's, or the parser's LRI (the bus is held that cycle).
  logic wr_en;
  logic [AddrWidth-1:0] wr_off;
  logic [31:0] wr_val, wr_mask;
  logic lri_write, lri_own;
  logic [31:0] lri_abs;
  always_comb begin
    lri_abs = (hdr_q[19]) ? MmioBase + (lri_reg_q & RemapMask) : lri_reg_q;
    lri_own = lri_abs >= MmioBase && lri_abs - MmioBase < CS_BLOCK_SIZE;
  end
  assign lri_write = state_q == StLriWrite;
  assign req_stall = lri_write;
  assign lri_foreign_o = lri_write && !lri_own;
  always_comb begin
    if (lri_write) begin
      wr_en = lri_own;
      wr_off = AddrWidth'(lri_abs - MmioBase);
      wr_val = rd_data_q;
      wr_mask = 32'hFFFF_FFFF;  // spec 000 §1.3.2: any enable but 1111b writes the whole register
    end else begin
      wr_en = req_valid && req_write;
      wr_off = req_addr;
      wr_val = req_wdata;
      wr_mask = {{8{req_wstrb[3]}}, {8{req_wstrb[2]}}, {8{req_wstrb[1]}}, {8{req_wstrb[0]}}};
    end
  end

  // A register's new value under its access rules: RW bits take the written bytes, W1C bits
  // clear where 1 is written; a masked register (upper half the write enables) changes only the
  // enabled bits of its lower half.
  function automatic logic [31:0] reg_write(logic [31:0] old, logic [31:0] value, logic [31:0] mask,
                                            logic [31:0] rw, logic [31:0] w1c, logic masked);
    logic [31:0] m;
    m = masked ? {16'h0000, value[31:16]} & mask : mask;
    return ((old & ~(rw & m)) | (value & rw & m)) & ~(value & w1c & m);
  endfunction

  // ---- the next state ------------------------------------------------------------------------
  logic [31:0] linear;
  logic wrapped;
  logic [31:0] head_adv;
  always_comb begin
    // HEAD after the command (cs_advance_head): wrap at the ring's end with the wrap count.
    linear = ring_off_q + (dec_len_q << 2);
    wrapped = PlantedBugWrap ? linear > ring_size_q : linear >= ring_size_q;
    head_adv = (head_q & CS_RING_HEAD_WAIT_MASK) |
               (((head_q & CS_RING_HEAD_WRAP_COUNT_MASK) + (wrapped ? (32'd1 << CS_RING_HEAD_WRAP_COUNT_SHIFT) : 32'd0))
                & CS_RING_HEAD_WRAP_COUNT_MASK) |
               ((wrapped ? linear - ring_size_q : linear) & CS_RING_HEAD_HEAD_MASK);
  end

  // MI_STORE_DATA_IMM: genxml gen12 address bits 47:2 in DW1..DW2, data DW3 (DW4 the QWord form).
  logic [47:0] sdi_addr;
  logic sdi_qword;
  assign sdi_addr = {op_q[2][15:0], op_q[1][31:2], 2'b00};
  assign sdi_qword = dec_len_q >= 32'd5;
  // MI_BATCH_BUFFER_START: address bits 47:2 in DW1..DW2 (genxml: 63:2; the port has 48).
  logic [47:0] bbs_addr;
  assign bbs_addr = {op_q[2][15:0], op_q[1][31:2], 2'b00};
  // Its level: from the ring, or from a first-level batch with Second Level (bit 22), it nests;
  // otherwise it replaces the running batch.
  logic [1:0] bbs_level;
  assign bbs_level = (level_q == 2'd0 || (level_q == 2'd1 && hdr_q[22])) ? level_q + 2'd1 : level_q;
  // A Page Table error (a refused fetch or store, cs_ring.c bus): the EIR it leaves, and its
  // events: a page fault unless one is pending, master error if the EIR becomes non-zero.
  logic [31:0] pt_eir;
  logic [15:0] pt_events;
  assign pt_eir = eir_q | (CS_ESR_PAGE_TABLE_MASK & ~emr_q);
  assign pt_events = (pf_q ? 16'd0 : EvPageFault) | (eir_q == 32'd0 && pt_eir != 32'd0 ? EvMasterError : 16'd0);
  // StEvent: the event sent next.
  logic [15:0] ev_pick;
  assign ev_pick = (ev_q & EvPageFault) != 0 ? EvPageFault : (ev_q & EvMasterError) != 0 ? EvMasterError : ev_q;
  // LRI pairs: (length - 1) / 2 (the model's group of two dwords from dword 1).
  logic [7:0] lri_pairs;
  assign lri_pairs = 8'((dec_len_q - 32'd1) >> 1);

  always_comb begin
    state_d = state_q;
    ret_d = ret_q;
    tail_d = tail_q;
    head_d = head_q;
    start_d = start_q;
    ctl_d = ctl_q;
    nopid_d = nopid_q;
    mi_mode_d = mi_mode_q;
    imr_d = imr_q;
    emr_d = emr_q;
    eir_d = eir_q;
    esr_d = esr_q;
    ipeir_d = ipeir_q;
    ipehr_d = ipehr_q;
    acthd_d = acthd_q;
    acthd_udw_d = acthd_udw_q;
    bb_addr_d = bb_addr_q;
    bb_addr_udw_d = bb_addr_udw_q;
    level_d = level_q;
    pc_d = pc_q;
    secure_d = secure_q;
    halted_d = halted_q;
    starved_d = starved_q;
    pf_d = pf_q;
    in_batch_d = in_batch_q;
    base_d = base_q;
    ring_off_d = ring_off_q;
    ring_size_d = ring_size_q;
    hdr_d = hdr_q;
    op_d = op_q;
    rd_idx_d = rd_idx_q;
    rd_data_d = rd_data_q;
    pair_d = pair_q;
    lri_reg_d = lri_reg_q;
    ev_d = ev_q;
    line_d = line_q;
    line_tag_d = line_tag_q;
    line_valid_d = line_valid_q;
    beat_d = beat_q;
    fetch_err_d = fetch_err_q;
    wr_addr_d = wr_addr_q;
    wr_two_d = wr_two_q;
    wr_beat_d = wr_beat_q;
    wr_data_d = wr_data_q;
    wr_strb_d = wr_strb_q;
    wr_rest_d = wr_rest_q;
    wr_err_d = wr_err_q;
    msg_valid_d = msg_valid_q;
    msg_data_d = msg_data_q;

    // The message register: offered until taken.
    if (msg_valid_q && msg_ready_i) msg_valid_d = 1'b0;

    unique case (state_q)
      StIdle: begin
        if (runnable) begin
          in_batch_d = level_q != 2'd0;
          base_d = level_q != 2'd0 ? pc_q[level_q] : {16'd0, start_q & CS_RING_START_ADDRESS_MASK};
          ring_off_d = ring_head;
          ring_size_d = ring_size;
          rd_idx_d = 9'd0;
          ret_d = StDecode;
          state_d = StRead;
        end
      end
      StRead: begin
        if (line_hit) begin
          rd_data_d = line_q[rd_addr[5:2]];
          state_d = ret_q;
        end else begin
          state_d = StAr;
        end
      end
      StAr: begin
        if (m_axi_arready_i) begin
          beat_d = 3'd0;
          fetch_err_d = 1'b0;
          line_tag_d = rd_addr[47:6];
          state_d = StR;
        end
      end
      StR: begin
        if (m_axi_rvalid_i) begin
          line_d[{beat_q, 1'b0}] = m_axi_rdata_i[31:0];
          line_d[{beat_q, 1'b1}] = m_axi_rdata_i[63:32];
          fetch_err_d = fetch_err_q || m_axi_rresp_i != 2'b00;
          beat_d = beat_q + 3'd1;
          if (m_axi_rlast_i) begin
            if (fetch_err_d) begin
              // A fetch the memory refused (cs_ring.c bus, cs_fetch_command): page fault event,
              // then the halt with the Page Table error; HEAD stays at the command.
              line_valid_d = 1'b0;
              halted_d = 1'b1;
              ipeir_d = CS_ESR_PAGE_TABLE_MASK;
              esr_d = esr_q | CS_ESR_PAGE_TABLE_MASK;
              eir_d = pt_eir;
              ev_d = pt_events;
              pf_d = 1'b1;
              state_d = StEvent;
            end else begin
              line_valid_d = 1'b1;
              state_d = StRead;
            end
          end
        end
      end
      StDecode: begin
        // hdr_q takes the header at this edge; StOperand's first visit decides on it.
        hdr_d = rd_data_q;
        rd_idx_d = 9'd0;
        state_d = StOperand;
      end
      StOperand: begin
        if (rd_idx_q == 9'd0) begin
          // The header is decoded (hdr_q). A command past TAIL waits (starved); an error
          // header is captured and halts; else the operands are read.
          if (!in_batch_q && dec_len_q > ring_avail) begin
            starved_d = 1'b1;
            state_d = StIdle;
          end else if (dec_error) begin
            acthd_d = base_q[31:0] + (in_batch_q ? 32'd0 : ring_off_q);
            acthd_udw_d = {16'd0, base_q[47:32]} & CS_ACTHD_UDW_ADDRESS_MASK;
            ipehr_d = hdr_q;
            bb_addr_udw_d = in_batch_q ? {16'd0, base_q[47:32]} : 32'd0;
            halted_d = 1'b1;
            ipeir_d = CS_ESR_INSTRUCTION_PARSER_MASK;
            esr_d = esr_q | CS_ESR_INSTRUCTION_PARSER_MASK;
            eir_d = eir_q | (CS_ESR_INSTRUCTION_PARSER_MASK & ~emr_q);
            ev_d = eir_q == 0 && eir_d != 0 ? EvMasterError : 16'd0;
            state_d = StEvent;
          end else if (dec_operands != 9'd0) begin
            rd_idx_d = 9'd1;
            ret_d = StOperand;
            state_d = StRead;
          end else begin
            state_d = StCommit;
          end
        end else begin
          op_d[rd_idx_q[2:0]] = rd_data_q;
          if (rd_idx_q == dec_operands) begin
            state_d = StCommit;
          end else begin
            rd_idx_d = rd_idx_q + 9'd1;
            ret_d = StOperand;
            state_d = StRead;
          end
        end
      end
      StCommit: begin
        // capture_command (cs_engine.c): where the command is and its header.
        acthd_d = base_q[31:0] + (in_batch_q ? 32'd0 : ring_off_q);
        acthd_udw_d = {16'd0, base_q[47:32]} & CS_ACTHD_UDW_ADDRESS_MASK;
        ipehr_d = hdr_q;
        bb_addr_udw_d = in_batch_q ? {16'd0, base_q[47:32]} : 32'd0;
        if (in_batch_q) pc_d[level_q] = pc_q[level_q] + {16'd0, dec_len_q << 2};
        else head_d = head_adv;
        state_d = StExec;
      end
      StExec: begin
        state_d = StIdle;
        unique case (dec_kind_q)
          KindNoop: begin
            // spec 000 §1.3.3: bit 22 writes the identification number into NOPID.
            if (hdr_q[22]) nopid_d = hdr_q & CS_NOPID_NOP_ID_MASK;
          end
          KindUserInterrupt: begin
            ev_d = EvUserInterrupt;
            state_d = StEvent;
          end
          KindBbStart: begin
            // cs_batch_start: predication (bit 15) with MI_PREDICATE_RESULT clear (the twin
            // keeps no predicate: it reads as the model's reset value 0) is not taken; from
            // the ring or from a first-level batch with Second Level set it nests, otherwise
            // the new batch replaces the running one (chaining). Security: GGTT (bit 8 clear),
            // and within a batch only if the parent is secure.
            if (!hdr_q[15]) begin
              level_d = bbs_level;
              pc_d[bbs_level] = bbs_addr;
              secure_d[bbs_level] = !hdr_q[8] && (level_q == 2'd0 || secure_q[level_q]);
              line_valid_d = 1'b0;
            end
          end
          KindBbEnd: begin
            // cs_batch_end: one level back; in the ring it is ignored (the model logs it).
            if (level_q != 2'd0) begin
              level_d = level_q - 2'd1;
              line_valid_d = 1'b0;
            end
          end
          KindStoreDataImm: begin
            // cs_store: 4 or 8 bytes at the address, one burst; an unaligned QWord is two
            // beats (two bursts if it crosses a 4 KiB page, which a burst may not).
            wr_addr_d = sdi_addr;
            wr_err_d = 1'b0;
            wr_beat_d = 1'b0;
            wr_rest_d = 1'b0;
            wr_two_d = 1'b0;
            if (!sdi_addr[2]) begin
              wr_data_d[0] = {sdi_qword ? op_q[4] : 32'd0, op_q[3]};
              wr_strb_d[0] = sdi_qword ? 8'hFF : 8'h0F;
            end else begin
              wr_data_d[0] = {op_q[3], 32'd0};
              wr_strb_d[0] = 8'hF0;
              wr_data_d[1] = {32'd0, op_q[4]};
              wr_strb_d[1] = 8'h0F;
              if (sdi_qword) begin
                if (sdi_addr[11:3] == 9'h1FF) wr_rest_d = 1'b1;
                else wr_two_d = 1'b1;
              end
            end
            state_d = StAw;
          end
          KindLoadRegisterImm: begin
            // spec 000 §1.3.2: Byte Write Disables 1111b writes nothing.
            if (hdr_q[11:8] != 4'hF && lri_pairs != 8'd0) begin
              pair_d = 8'd0;
              rd_idx_d = 9'd1;
              ret_d = StLriReg;
              state_d = StRead;
            end
          end
          default: ;  // parsed by its length and skipped
        endcase
      end
      StLriReg: begin
        // genxml gen12: register offset bits 22:2.
        lri_reg_d = rd_data_q & 32'h007F_FFFC;
        rd_idx_d = rd_idx_q + 9'd1;
        ret_d = StLriWrite;
        state_d = StRead;
      end
      StLriWrite: begin
        pair_d = pair_q + 8'd1;
        if (pair_q + 8'd1 == lri_pairs) begin
          state_d = StIdle;
        end else begin
          rd_idx_d = rd_idx_q + 9'd1;
          ret_d = StLriReg;
          state_d = StRead;
        end
      end
      StAw: if (m_axi_awready_i) state_d = StW;
      StW: begin
        if (m_axi_wready_i) begin
          if (wr_two_q && !wr_beat_q) wr_beat_d = 1'b1;
          else state_d = StB;
        end
      end
      StB: begin
        if (m_axi_bvalid_i) begin
          wr_err_d = wr_err_q || m_axi_bresp_i != 2'b00;
          // A write drops the fetched line it overlaps (cs_ring.c bus).
          if (line_tag_q == wr_addr_q[47:6] || (wr_two_q && line_tag_q == wr_addr_q[47:6] + 42'd1))
            line_valid_d = 1'b0;
          if (wr_rest_q) begin
            // The second half of a QWord across a 4 KiB page: its own burst.
            wr_rest_d = 1'b0;
            wr_addr_d = {wr_addr_q[47:3] + 45'd1, 3'b000};
            wr_data_d[0] = wr_data_q[1];
            wr_strb_d[0] = wr_strb_q[1];
            wr_beat_d = 1'b0;
            state_d = StAw;
          end else if (wr_err_d) begin
            // cs_store: a refused write is a page fault and the Page Table error (no halt).
            esr_d = esr_q | CS_ESR_PAGE_TABLE_MASK;
            eir_d = pt_eir;
            ev_d = pt_events;
            pf_d = 1'b1;
            state_d = StEvent;
          end else begin
            state_d = StIdle;
          end
        end
      end
      StEvent: begin
        // cs_send_event: each event the IMR does not mask leaves as one message, page fault
        // before master error (the model's order: the bus error, then the error register).
        if (!msg_valid_q || msg_ready_i) begin
          ev_d = ev_q & ~ev_pick;
          if ((ev_pick & ~imr_q[15:0]) != 0) begin
            msg_valid_d = 1'b1;
            msg_data_d = ev_pick & ~imr_q[15:0];
          end
          if (ev_d == 16'd0) state_d = StIdle;
        end
      end
      default: state_d = StIdle;
    endcase

    // Batch registers follow the parser after each command (cs_engine.c update_status, run
    // when a step ends).
    if (state_q != StIdle && state_d == StIdle && level_d != 2'd0) begin
      bb_addr_d = (pc_d[level_d][31:0] & CS_BB_ADDR_ADDRESS_MASK) | CS_BB_ADDR_VALID_MASK;
      bb_addr_udw_d = {16'd0, pc_d[level_d][47:32]} & CS_BB_ADDR_UDW_ADDRESS_MASK;
    end else if (state_q != StIdle && state_d == StIdle) begin
      bb_addr_d = bb_addr_d & ~CS_BB_ADDR_VALID_MASK;
    end

    // Register writes (after the parser: a write in the same cycle wins, as the bus is
    // served between the model's steps).
    if (wr_en) begin
      unique case ({21'd0, wr_off})
        CS_RING_TAIL_OFFSET: begin
          tail_d = reg_write(tail_q, wr_val, wr_mask, CS_RING_TAIL_RW_MASK, CS_RING_TAIL_W1C_MASK, CS_RING_TAIL_MASKED);
          starved_d = 1'b0;
          line_valid_d = 1'b0;
        end
        CS_RING_HEAD_OFFSET: begin
          head_d = reg_write(head_q, wr_val, wr_mask, CS_RING_HEAD_RW_MASK, CS_RING_HEAD_W1C_MASK, CS_RING_HEAD_MASKED);
          starved_d = 1'b0;
          line_valid_d = 1'b0;
        end
        CS_RING_START_OFFSET: begin
          start_d = reg_write(start_q, wr_val, wr_mask, CS_RING_START_RW_MASK, CS_RING_START_W1C_MASK,
                              CS_RING_START_MASKED);
          starved_d = 1'b0;
          line_valid_d = 1'b0;
        end
        CS_RING_CTL_OFFSET: begin
          ctl_d = reg_write(ctl_q, wr_val, wr_mask, CS_RING_CTL_RW_MASK, CS_RING_CTL_W1C_MASK, CS_RING_CTL_MASKED);
          // Disabling the ring leaves the batches and clears a halt and a page fault.
          if ((ctl_q & ~ctl_d & CS_RING_CTL_ENABLE_MASK) != 0) begin
            level_d = 2'd0;
            halted_d = 1'b0;
            starved_d = 1'b0;
            pf_d = 1'b0;
            line_valid_d = 1'b0;
          end
        end
        CS_MI_MODE_OFFSET:
          mi_mode_d = reg_write(mi_mode_q, wr_val, wr_mask, CS_MI_MODE_RW_MASK, CS_MI_MODE_W1C_MASK, CS_MI_MODE_MASKED);
        CS_IMR_OFFSET: imr_d = reg_write(imr_q, wr_val, wr_mask, CS_IMR_RW_MASK, CS_IMR_W1C_MASK, CS_IMR_MASKED);
        CS_EMR_OFFSET: emr_d = reg_write(emr_q, wr_val, wr_mask, CS_EMR_RW_MASK, CS_EMR_W1C_MASK, CS_EMR_MASKED);
        CS_EIR_OFFSET: eir_d = reg_write(eir_q, wr_val, wr_mask, CS_EIR_RW_MASK, CS_EIR_W1C_MASK, CS_EIR_MASKED);
        default: ;  // read-only here, or not held by the twin
      endcase
    end
  end

  // ---- register reads ------------------------------------------------------------------------
  logic rings_idle;
  assign rings_idle = state_q == StIdle && !runnable;
  always_comb begin
    unique case ({21'd0, req_addr})
      CS_RING_TAIL_OFFSET: resp_rdata = tail_q;
      CS_RING_HEAD_OFFSET: resp_rdata = head_q;
      CS_RING_START_OFFSET: resp_rdata = start_q;
      CS_RING_CTL_OFFSET: resp_rdata = ctl_q;
      CS_NOPID_OFFSET: resp_rdata = nopid_q;
      CS_MI_MODE_OFFSET: resp_rdata = (mi_mode_q & ~CS_MI_MODE_RINGS_IDLE_MASK) |
                                      (rings_idle ? CS_MI_MODE_RINGS_IDLE_MASK : 32'd0);
      CS_IMR_OFFSET: resp_rdata = imr_q;
      CS_EMR_OFFSET: resp_rdata = emr_q;
      CS_EIR_OFFSET: resp_rdata = eir_q;
      CS_ESR_OFFSET: resp_rdata = esr_q;
      CS_IPEIR_OFFSET: resp_rdata = ipeir_q;
      CS_IPEHR_OFFSET: resp_rdata = ipehr_q;
      CS_ACTHD_OFFSET: resp_rdata = acthd_q;
      CS_ACTHD_UDW_OFFSET: resp_rdata = acthd_udw_q;
      CS_BB_ADDR_OFFSET: resp_rdata = bb_addr_q;
      CS_BB_ADDR_UDW_OFFSET: resp_rdata = bb_addr_udw_q;
      CS_BB_STATE_OFFSET: resp_rdata = level_q != 2'd0 && !secure_q[level_q] ? CS_BB_STATE_SECURITY_MASK : 32'd0;
      default: resp_rdata = 32'd0;
    endcase
  end

  // ---- flops ---------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      ret_q <= StIdle;
      tail_q <= CS_RING_TAIL_RESET;
      head_q <= CS_RING_HEAD_RESET;
      start_q <= CS_RING_START_RESET;
      ctl_q <= CS_RING_CTL_RESET;
      nopid_q <= CS_NOPID_RESET;
      mi_mode_q <= CS_MI_MODE_RESET;
      imr_q <= CS_IMR_RESET;
      emr_q <= CS_EMR_RESET;
      eir_q <= CS_EIR_RESET;
      esr_q <= CS_ESR_RESET;
      ipeir_q <= CS_IPEIR_RESET;
      ipehr_q <= CS_IPEHR_RESET;
      acthd_q <= CS_ACTHD_RESET;
      acthd_udw_q <= CS_ACTHD_UDW_RESET;
      bb_addr_q <= CS_BB_ADDR_RESET;
      bb_addr_udw_q <= CS_BB_ADDR_UDW_RESET;
      level_q <= 2'd0;
      for (int i = 0; i < 3; i++) pc_q[i] <= 48'd0;
      secure_q <= 3'd0;
      halted_q <= 1'b0;
      starved_q <= 1'b0;
      pf_q <= 1'b0;
      in_batch_q <= 1'b0;
      base_q <= 48'd0;
      ring_off_q <= 32'd0;
      ring_size_q <= 32'd0;
      hdr_q <= 32'd0;
      for (int i = 0; i < 5; i++) op_q[i] <= 32'd0;
      rd_idx_q <= 9'd0;
      rd_data_q <= 32'd0;
      pair_q <= 8'd0;
      lri_reg_q <= 32'd0;
      ev_q <= 16'd0;
      line_tag_q <= 42'd0;
      line_valid_q <= 1'b0;
      beat_q <= 3'd0;
      fetch_err_q <= 1'b0;
      wr_addr_q <= 48'd0;
      wr_two_q <= 1'b0;
      wr_beat_q <= 1'b0;
      for (int i = 0; i < 2; i++) begin
        wr_data_q[i] <= 64'd0;
        wr_strb_q[i] <= 8'd0;
      end
      wr_rest_q <= 1'b0;
      wr_err_q <= 1'b0;
      msg_valid_q <= 1'b0;
      msg_data_q <= 16'd0;
    end else begin
      state_q <= state_d;
      ret_q <= ret_d;
      tail_q <= tail_d;
      head_q <= head_d;
      start_q <= start_d;
      ctl_q <= ctl_d;
      nopid_q <= nopid_d;
      mi_mode_q <= mi_mode_d;
      imr_q <= imr_d;
      emr_q <= emr_d;
      eir_q <= eir_d;
      esr_q <= esr_d;
      ipeir_q <= ipeir_d;
      ipehr_q <= ipehr_d;
      acthd_q <= acthd_d;
      acthd_udw_q <= acthd_udw_d;
      bb_addr_q <= bb_addr_d;
      bb_addr_udw_q <= bb_addr_udw_d;
      level_q <= level_d;
      pc_q <= pc_d;
      secure_q <= secure_d;
      halted_q <= halted_d;
      starved_q <= starved_d;
      pf_q <= pf_d;
      in_batch_q <= in_batch_d;
      base_q <= base_d;
      ring_off_q <= ring_off_d;
      ring_size_q <= ring_size_d;
      hdr_q <= hdr_d;
      op_q <= op_d;
      rd_idx_q <= rd_idx_d;
      rd_data_q <= rd_data_d;
      pair_q <= pair_d;
      lri_reg_q <= lri_reg_d;
      ev_q <= ev_d;
      line_tag_q <= line_tag_d;
      line_valid_q <= line_valid_d;
      beat_q <= beat_d;
      fetch_err_q <= fetch_err_d;
      wr_addr_q <= wr_addr_d;
      wr_two_q <= wr_two_d;
      wr_beat_q <= wr_beat_d;
      wr_data_q <= wr_data_d;
      wr_strb_q <= wr_strb_d;
      wr_rest_q <= wr_rest_d;
      wr_err_q <= wr_err_d;
      msg_valid_q <= msg_valid_d;
      msg_data_q <= msg_data_d;
    end
  end

  // The line buffer's data needs no reset: it is read only under line_valid_q.
  always_ff @(posedge clk_i) line_q <= line_d;

  // ---- master port ---------------------------------------------------------------------------
  assign m_axi_arvalid_o = state_q == StAr;
  assign m_axi_arid_o = 4'd0;
  assign m_axi_araddr_o = {rd_addr[31:6], 6'd0};
  assign m_axi_arlen_o = 8'd7;  // a 64-byte cacheline: 8 beats of 8 bytes
  assign m_axi_arsize_o = 3'd3;
  assign m_axi_arburst_o = 2'b01;  // INCR
  assign m_axi_arprot_o = 3'b001;  // privileged, secure, data (the model's payload: privileged)
  assign m_axi_rready_o = state_q == StR;

  assign m_axi_awvalid_o = state_q == StAw;
  assign m_axi_awid_o = 4'd0;
  assign m_axi_awaddr_o = wr_addr_q[31:0];
  assign m_axi_awlen_o = wr_two_q ? 8'd1 : 8'd0;
  assign m_axi_awsize_o = 3'd3;
  assign m_axi_awburst_o = 2'b01;
  assign m_axi_awprot_o = 3'b001;
  assign m_axi_wvalid_o = state_q == StW;
  assign m_axi_wdata_o = wr_data_q[wr_beat_q];
  assign m_axi_wstrb_o = wr_strb_q[wr_beat_q];
  assign m_axi_wlast_o = !wr_two_q || wr_beat_q;
  assign m_axi_bready_o = state_q == StB;

  assign msg_valid_o = msg_valid_q;
  assign msg_data_o = msg_data_q;
  assign halted_o = halted_q;
  assign idle_o = rings_idle;
  assign addr_high_o = (state_q == StAr && rd_addr[47:32] != 16'd0) ||
                       (state_q == StAw && wr_addr_q[47:32] != 16'd0);

  // ---- assertions ----------------------------------------------------------------------------
`ifndef SYNTHESIS
  axi4_checker u_axi4_check (`GTSIM_AXI4_CHECK_MASTER_PORT);

  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)
  logic chk_msg_valid_q, chk_msg_ready_q;
  logic [15:0] chk_msg_data_q;
  always_ff @(posedge clk_i) begin
    chk_msg_valid_q <= msg_valid_o;
    chk_msg_ready_q <= msg_ready_i;
    chk_msg_data_q <= msg_data_o;
    if (rst_ni) begin
      // The message port: a message stays offered, unchanged, until taken.
      `GTSIM_ASSERT(MsgStable_A, !(chk_armed_q && chk_msg_valid_q && !chk_msg_ready_q) ||
                                 (msg_valid_o && msg_data_o == chk_msg_data_q),
                    ("message withdrawn or changed before it was taken"))
      // A message carries an event the IMR lets through.
      `GTSIM_ASSERT(MsgNonZero_A, !msg_valid_o || msg_data_o != 16'd0, ("empty interrupt message"))
      // HEAD stays inside the ring while the parser runs it (spec 000 §1.1.5.2).
      `GTSIM_ASSERT(HeadInRing_A, !(state_q == StCommit && !in_batch_q) ||
                                  (head_adv & CS_RING_HEAD_HEAD_MASK) < ring_size_q,
                    ("HEAD 0x%0h outside a %0d-byte ring", head_adv & CS_RING_HEAD_HEAD_MASK, ring_size_q))
      // A command runs only when it is wholly before TAIL (cs_fetch_command).
      `GTSIM_ASSERT(BeforeTail_A, !(state_q == StCommit && !in_batch_q) || dec_len_q <= ring_avail,
                    ("command of %0d dwords run with %0d before TAIL", dec_len_q, ring_avail))
      // Batch levels: 0..2 (gen12 has a second level, no third).
      `GTSIM_ASSERT(Level_A, level_q != 2'd3, ("batch level 3"))
      // The line fetch is one cacheline: the beats stop at RLAST.
      `GTSIM_ASSERT(LineBeats_A, !(state_q == StR && m_axi_rvalid_i) || (m_axi_rlast_i == (beat_q == 3'd7)),
                    ("RLAST on beat %0d of a cacheline fetch", beat_q))
    end
  end
`endif

endmodule
