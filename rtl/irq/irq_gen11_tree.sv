// One software interface's tree of the gen11+ interrupt aggregation (spec 001 "Interrupt
// Aggregating Logic"), as models/irq/irq_gen11.c implements it for each interface; the top
// (irq_gen11.sv) instantiates it twice, host and GuC. docs/reference/irq.md is the behaviour, docs/reference/rtl.md
// the RTL view.
//
//   message -> AND per-class enable unit -> per-instance collapsing register (16 bits)
//   -> AND NOT per-instance mask unit -> level (one per engine); a rising level is a
//   second-level event -> GT_INTR_DW0/1 (double-buffered: while a dword is under service,
//   from a read that saw it non-zero to the write that leaves it 0, events go to its
//   secondary storage, moved into it at that complete clear) -> DW-level indications.
//   Selector write (one-hot, engine present, shared IIR not valid): the engine's unmasked
//   collapsing bits move into INTR_IDENTITY_REG with data valid; writing 1 to data valid
//   clears the identity and the selector. Clearing a second-level bit whose engine's level is
//   still high re-asserts it (via secondary storage under service).
//
// One operation per cycle: a message (msg_valid_i) or a register access (req_valid_i), never
// both (the top refuses a message in a request cycle), so each cycle is exactly one model call
// and the next state is that call's effect. Register rules are tlm/tlm_register.h's.
`include "gtsim_assert.svh"

module irq_gen11_tree
  import irq_gen11_rtl_pkg::*;
#(
    parameter bit HasMaster = 1'b1,  // the interface has GFX_MSTR_IRQ (host) or not (GuC)
    // Planted bug for the lockstep checker's own test (off in every normal build): a
    // second-level event for an engine whose bit is already set in a dword under service is
    // not logged in the secondary storage, so it is lost at the complete clear.
    parameter bit PlantedBugLoseServiceEvent = 1'b0
) (
    input logic clk_i,
    input logic rst_ni,

    // One engine interrupt message, accepted this cycle (known engine, VF 0)
    input logic                   msg_valid_i,
    input logic [EngineCount-1:0] msg_engine_i,  // the message's engine, one-hot (Engines[])
    input logic [           15:0] msg_data_i,

    // One register access this cycle, decoded by the top
    input  logic                 req_valid_i,
    input  logic                 req_write_i,
    input  logic [RoleCount-1:0] req_hit_i,  // one-hot role (host register index), or 0
    input  logic [         31:0] req_wdata_i,
    input  logic [         31:0] req_bit_en_i,  // WSTRB as bit enables
    output logic [         31:0] resp_rdata_o,  // software view of the hit register

    output logic [1:0] dw_pending_o,  // GT_INTR_DW1/0 != 0: DW-level indications / GuC vectors
    output logic       master_o  // GFX_MSTR_IRQ.MASTER_IRQ (0 without the register)
);

  localparam int unsigned Mstr = irq_gen11_regs_pkg::IRQ_GEN11_GFX_MSTR_IRQ_INDEX;
  localparam int unsigned MasterBit = irq_gen11_regs_pkg::IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_SHIFT;
  localparam int unsigned IndicationShift = irq_gen11_regs_pkg::IRQ_GEN11_GFX_MSTR_IRQ_GT_DW0_SHIFT;
  localparam int unsigned Dw[2] = '{
      irq_gen11_regs_pkg::IRQ_GEN11_GT_INTR_DW0_INDEX,
      irq_gen11_regs_pkg::IRQ_GEN11_GT_INTR_DW1_INDEX
  };
  localparam int unsigned Sel[2] = '{
      irq_gen11_regs_pkg::IRQ_GEN11_IIR_REG_SELECTOR0_INDEX,
      irq_gen11_regs_pkg::IRQ_GEN11_IIR_REG_SELECTOR1_INDEX
  };
  localparam int unsigned Ident[2] = '{
      irq_gen11_regs_pkg::IRQ_GEN11_INTR_IDENTITY_REG0_INDEX,
      irq_gen11_regs_pkg::IRQ_GEN11_INTR_IDENTITY_REG1_INDEX
  };

  // Which engine (if any) sits at bit b of dword w: one-hot over engines, a constant table.
  logic [EngineCount-1:0] engine_at[2][32];
  for (genvar w = 0; w < 2; w++) begin : g_engine_at_dw
    for (genvar b = 0; b < 32; b++) begin : g_engine_at_bit
      for (genvar e = 0; e < EngineCount; e++) begin : g_engine_at_engine
        assign engine_at[w][b][e] = (int'(Engines[e].dw) == w) && (int'(Engines[e].dw_bit) == b);
      end
    end
  end

  // ---- state ---------------------------------------------------------------------------
  logic [31:0] regs_q[RoleCount];  // register storage by role (GFX_MSTR_IRQ: the enable only)
  logic [15:0] pending_q[EngineCount];  // collapsing registers (not software readable)
  logic [31:0] secondary_q[2];  // per dword: events logged while under service
  logic [1:0] service_q;  // per dword: under service

  // ---- per engine: enable unit, mask unit, level now (from the flops only) ----------------
  // An engine's enable and mask units are the upper or lower half of a register.
  function automatic logic [15:0] enable_unit(input logic [31:0] regs[RoleCount],
                                              input logic [4:0] e);
    return 16'(regs[Engines[e].enable_role] >> Engines[e].enable_shift);
  endfunction
  function automatic logic [15:0] mask_unit(input logic [31:0] regs[RoleCount],
                                            input logic [4:0] e);
    return 16'(regs[Engines[e].mask_role] >> Engines[e].mask_shift);
  endfunction

  logic [EngineCount-1:0] level_now;
  for (genvar e = 0; e < EngineCount; e++) begin : g_engine
    localparam engine_desc_t D = engine_desc(e);
    // spec 001 "First Level Interrupt Bits": an engine's second-level input is its unmasked
    // collapsing bits OR-ed together.
    assign level_now[e] = (pending_q[e] & ~16'(regs_q[D.mask_role] >> D.mask_shift)) != 16'h0;
  end

`ifndef SYNTHESIS
  // Written by the next-state process below (it computes them), read by the block rules.
  logic [31:0] chk_events_q[2];  // second-level events at the previous edge
  logic [EngineCount-1:0] chk_level_q;  // engine levels after the previous edge (as computed)
`endif

  logic [31:0] req_wdata_en;  // write data with the byte enables applied
  assign req_wdata_en = req_wdata_i & req_bit_en_i;

  // ---- next state: the one operation of this cycle ----------------------------------------
  // Speed (docs/reference/rtl.md, docs/design/performance.md): the next state is computed inside the clocked
  // process, on block-local variables, so Verilator evaluates it once per rising edge and only
  // in a cycle with a message or an access. As continuous logic it depended on the ports
  // (message, bus inputs), so Verilator re-ran all of it in its input-combinational region at
  // every evaluation, twice per cycle, idle or not. The flops and their values are unchanged.
  always_ff @(posedge clk_i) begin : p_next_state
    logic [31:0] regs_a[RoleCount];  // after the first stage (all but the dwords)
    logic [31:0] regs_d[RoleCount];  // after the second stage: the next state
    logic [15:0] pending_d[EngineCount];  // collapsing registers' next state (first stage)
    logic [31:0] secondary_d[2];  // secondary storage's next state (second stage)
    logic [1:0] service_d;  // per dword: under service next
    logic [EngineCount-1:0] level_next;  // engine levels after this cycle
    logic [31:0] dw_level[2];  // per dword: engines whose level is high
    logic [31:0] dw_rise[2];  // per dword: engines whose level rises this cycle: events
    logic [31:0] written;  // the hit register after the register rules, before side effects
    logic [31:0] iir;  // a dword being cleared, as it evolves
    logic [31:0] still_pending;  // cleared bits whose engine still has unmasked events
    logic [15:0] presented;  // bits the selector moves into the shared IIR
    logic [EngineCount-1:0] selected;  // engine a selector write selects (one-hot or 0)
    logic [31:0] events_kept;  // planted bug: the events the secondary storage takes

    // The flops take whole arrays (one update each, not one per element: speed).
    if (!rst_ni) begin
      for (int unsigned r = 0; r < RoleCount; r++) regs_d[r] = Regs[r].reset;
      for (int unsigned e = 0; e < EngineCount; e++) pending_d[e] = '0;
      for (int unsigned w = 0; w < 2; w++) secondary_d[w] = '0;
      regs_q <= regs_d;
      pending_q <= pending_d;
      secondary_q <= secondary_d;
      service_q <= '0;
`ifndef SYNTHESIS
      // Not checked at the next edge (chk_armed_q is 0 after a reset edge).
      chk_level_q <= '0;
      for (int unsigned w = 0; w < 2; w++) chk_events_q[w] <= '0;
`endif
    end else if (!(msg_valid_i || req_valid_i)) begin
      // No operation: no state changes, no level changes, no events.
`ifndef SYNTHESIS
      chk_level_q <= level_now;
      for (int unsigned w = 0; w < 2; w++) chk_events_q[w] <= '0;
`endif
    end else begin
      // First stage: the message, the register rules, the selector and the shared IIR (what
      // changes collapsing registers and masks, so the engines' next levels follow from it).
      regs_a = regs_q;
      pending_d = pending_q;
      written = '0;
      presented = '0;
      selected = '0;

      // spec 001: the event is AND-ed with the engine's enable unit; the enabled bits are
      // OR-ed into the engine's collapsing register.
      if (msg_valid_i) begin
        for (int unsigned e = 0; e < EngineCount; e++) begin
          if (msg_engine_i[e]) begin
            pending_d[e] = pending_q[e] | (msg_data_i & enable_unit(regs_q, 5'(e)));
          end
        end
      end

      if (req_valid_i && req_write_i) begin
        for (int unsigned r = 0; r < RoleCount; r++) begin
          if (req_hit_i[r]) begin
            // tlm_register_apply_write (no masked registers in this block).
            written = gtsim_reg_pkg::reg_write(regs_q[r], req_wdata_i, req_bit_en_i, Regs[r].rw,
                                               Regs[r].w1c, Regs[r].w1s, 1'b0);
          end
        end
        // Plain registers (enables, masks, the primary enable): the rules are the behaviour.
        for (int unsigned r = 0; r < RoleCount; r++) begin
          if (req_hit_i[r] && r != Dw[0] && r != Dw[1] && r != Sel[0] && r != Sel[1] &&
              r != Ident[0] && r != Ident[1] && (HasMaster || r != Mstr)) begin
            regs_a[r] = written;
          end
        end
        for (int unsigned w = 0; w < 2; w++) begin
          // spec 001 "Shared IIR, Selector": a one-hot write selecting an engine while the
          // shared IIR is not valid presents the engine's unmasked bits with data valid; they
          // leave the collapsing register. Anything else leaves the selector as it was.
          if (req_hit_i[Sel[w]] && (regs_q[Ident[w]] & IdentityValid) == 32'h0 &&
              $onehot(written)) begin
            for (int unsigned b = 0; b < 32; b++) begin
              if (written[b]) selected = engine_at[w][b];
            end
            for (int unsigned e = 0; e < EngineCount; e++) begin
              if (selected[e]) begin
                presented = pending_q[e] & ~mask_unit(regs_q, 5'(e));
                pending_d[e] = pending_q[e] & ~presented;
                regs_a[Ident[w]] = IdentityValid |
                    (32'(Engines[e].engine_class) << IdentityClassShift) |
                    (32'(Engines[e].engine_instance) << IdentityInstanceShift) |
                    (32'(presented) << IdentityDataShift);
                regs_a[Sel[w]] = written;
              end
            end
          end
          // spec 001: writing 1 to data valid ends service of the selected engine: the shared
          // IIR and the selector read 0 again.
          if (req_hit_i[Ident[w]] && (req_wdata_en & IdentityValid) != 32'h0 &&
              (regs_q[Ident[w]] & IdentityValid) != 32'h0) begin
            regs_a[Ident[w]] = 32'h0;
            regs_a[Sel[w]] = 32'h0;
          end
        end
      end

      // Engine levels after the first stage, as dword bits (engines at their second-level
      // bit): a rising level is an event.
      for (int unsigned w = 0; w < 2; w++) begin
        dw_level[w] = '0;
        dw_rise[w] = '0;
      end
      for (int unsigned e = 0; e < EngineCount; e++) begin
        level_next[e] = (pending_d[e] & ~mask_unit(regs_a, 5'(e))) != 16'h0;
        if (level_now[e]) dw_level[Engines[e].dw][Engines[e].dw_bit] = 1'b1;
        if (level_next[e] && !level_now[e]) dw_rise[Engines[e].dw][Engines[e].dw_bit] = 1'b1;
      end

      // Second stage: the double-buffered second-level IIR.
      regs_d = regs_a;
      secondary_d = secondary_q;
      service_d = service_q;
      iir = '0;
      still_pending = '0;
      events_kept = '0;

      for (int unsigned w = 0; w < 2; w++) begin
        // spec 001: reading a dword that has a bit set takes the snapshot: service starts.
        if (req_valid_i && !req_write_i && req_hit_i[Dw[w]] && regs_q[Dw[w]] != 32'h0) begin
          service_d[w] = 1'b1;
        end
        // spec 001 second-level IIR: write 1 to clear. A cleared bit whose engine still has
        // unmasked events re-asserts (through secondary storage under service); a write that
        // leaves the dword 0 ends service and moves the secondary storage in (the second
        // DW-level event).
        if (req_valid_i && req_write_i && req_hit_i[Dw[w]]) begin
          still_pending = (regs_q[Dw[w]] & ~written) & dw_level[w];
          iir = written;
          if (service_q[w]) secondary_d[w] = secondary_q[w] | still_pending;
          else iir = iir | still_pending;
          if (iir == 32'h0) begin
            service_d[w] = 1'b0;
            iir = secondary_d[w];
            secondary_d[w] = 32'h0;
          end
          regs_d[Dw[w]] = iir;
        end
        // spec 001 "Second Level Interrupt Bits": a rising level is a second-level event,
        // logged in secondary storage while the dword is under service, else set in the dword.
        // Events come from messages and mask writes only, never in a cycle that reads or
        // clears a dword.
        if (dw_rise[w] != 32'h0) begin
          if (service_q[w]) begin
            events_kept = PlantedBugLoseServiceEvent ? dw_rise[w] & ~regs_q[Dw[w]] : dw_rise[w];
            secondary_d[w] = secondary_d[w] | events_kept;
          end else begin
            regs_d[Dw[w]] = regs_d[Dw[w]] | dw_rise[w];
          end
        end
      end

      regs_q <= regs_d;
      pending_q <= pending_d;
      secondary_q <= secondary_d;
      service_q <= service_d;
`ifndef SYNTHESIS
      chk_level_q <= level_next;
      for (int unsigned w = 0; w < 2; w++) chk_events_q[w] <= dw_rise[w];
`endif
    end
  end

  // ---- outputs ------------------------------------------------------------------------------
  assign dw_pending_o = {regs_q[Dw[1]] != 32'h0, regs_q[Dw[0]] != 32'h0};
  assign master_o = HasMaster && regs_q[Mstr][MasterBit];

  // Read data: the hit register's software view; GFX_MSTR_IRQ's indications are the dwords'
  // levels (spec 001 "Host SW Interface").
  logic [31:0] mstr_value;
  assign mstr_value = (regs_q[Mstr] & (32'h1 << MasterBit)) |
      (32'(dw_pending_o) << IndicationShift);
  // Only in a request cycle for this block (speed: req_hit_i follows the port's address, so
  // this runs at every Verilator evaluation).
  always_comb begin
    resp_rdata_o = 32'h0;
    if (req_valid_i) begin
      for (int unsigned r = 0; r < RoleCount; r++) begin
        if (req_hit_i[r]) begin
          resp_rdata_o = gtsim_reg_pkg::reg_read(r == Mstr ? mstr_value : regs_q[r], Regs[r].rw,
                                                 Regs[r].ro, Regs[r].w1c, Regs[r].w1s, 1'b0);
        end
      end
    end
  end

`ifndef SYNTHESIS
  // ---------------------------------------------------------------------------------------
  // Block rules (docs/reference/rtl.md): immediate assertions at the rising edge on pre-edge values;
  // two-edge rules use chk_*_q and apply only if rst_ni was high at both edges.
  // ---------------------------------------------------------------------------------------
  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge
  logic [1:0] chk_valid_cleared_q;  // a data-valid write ended service at the previous edge
  logic [1:0] chk_service_q;  // which dwords were under service at the previous edge

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      for (int unsigned w = 0; w < 2; w++) begin
        // spec 001: software writes a one-hot value; the block keeps only selections that
        // took effect, so the selector is 0 or one-hot, and non-zero exactly while the shared
        // IIR holds valid data.
        `GTSIM_ASSERT(a_selector_onehot,
                      $onehot0(regs_q[Sel[w]]),
                      ("irq_gen11_tree: IIR_REG_SELECTOR%0d = 0x%08h is not one-hot", w,
                       regs_q[Sel[w]]))
        `GTSIM_ASSERT(a_selector_iff_valid,
                      (regs_q[Sel[w]] != 32'h0) == ((regs_q[Ident[w]] & IdentityValid) != 32'h0),
                      ("irq_gen11_tree: IIR_REG_SELECTOR%0d 0x%08h and INTR_IDENTITY_REG%0d 0x%08h disagree",
                       w, regs_q[Sel[w]], w, regs_q[Ident[w]]))
        // Secondary storage is used only under service (it is emptied at the complete clear).
        `GTSIM_ASSERT(a_secondary_only_in_service,
                      service_q[w] || secondary_q[w] == 32'h0,
                      ("irq_gen11_tree: dword %0d holds secondary events 0x%08h outside service", w,
                       secondary_q[w]))
        // A dword under service is never 0 (the write that empties it ends service).
        `GTSIM_ASSERT(a_service_not_empty,
                      !service_q[w] || regs_q[Dw[w]] != 32'h0,
                      ("irq_gen11_tree: dword %0d under service reads 0", w))
        if (chk_armed_q) begin
          // spec 001: writing 1 to data valid clears the shared IIR and the selector.
          if (chk_valid_cleared_q[w]) begin
            `GTSIM_ASSERT(a_data_valid_clear,
                          regs_q[Ident[w]] == 32'h0 && regs_q[Sel[w]] == 32'h0,
                          ("irq_gen11_tree: INTR_IDENTITY_REG%0d not cleared by its data-valid write",
                           w))
          end
          // No status bit lost: every second-level event of the previous edge is recorded now,
          // in the secondary storage if the dword was under service (the visible dword is the
          // snapshot being serviced: a bit already set there does not record a new event),
          // else in the dword. (Events never share a cycle with a read or clear of a dword.)
          `GTSIM_ASSERT(a_no_event_lost,
                        (chk_events_q[w] &
                         ~(chk_service_q[w] ? secondary_q[w] : regs_q[Dw[w]])) == 32'h0,
                        ("irq_gen11_tree: dword %0d lost second-level events 0x%08h (under service: %0d)", w,
                         chk_events_q[w] & ~(chk_service_q[w] ? secondary_q[w] : regs_q[Dw[w]]),
                         chk_service_q[w]))
        end
      end
      // A message and a register access never share a cycle (the top's message ready rule).
      `GTSIM_ASSERT(a_one_operation,
                    !(msg_valid_i && req_valid_i),
                    ("irq_gen11_tree: a message and a register access in the same cycle"))
      // The registered state matches the levels computed for it at the previous edge.
      if (chk_armed_q) begin
        `GTSIM_ASSERT(a_level_consistent,
                      level_now == chk_level_q,
                      ("irq_gen11_tree: engine levels 0x%07h, expected 0x%07h", level_now,
                       chk_level_q))
      end
    end

    for (int unsigned w = 0; w < 2; w++) begin
      chk_valid_cleared_q[w] <= req_valid_i && req_write_i && req_hit_i[Ident[w]] &&
          (req_wdata_en & IdentityValid) != 32'h0 && (regs_q[Ident[w]] & IdentityValid) != 32'h0;
    end
    chk_service_q <= service_q;
  end
`endif

endmodule
