// gen11+ interrupt aggregation: the RTL twin of models/irq/irq_gen11.c (spec 001 "Interrupts
// Overview" through "Enable and Mask Registers"; behaviour in docs/reference/irq.md, RTL view in
// docs/reference/rtl.md). Registers from the same sources as the model: irq_gen11_regs.toml (host block)
// and irq_gen11_guc_regs.toml (GuC block), through the generated packages and the tables of
// irq_gen11_rtl_pkg.
//
// Ports:
//   AXI4-Lite slave (rtl/axi_lite/axi_lite_slave.sv), 10-bit addresses: the host block at
//     0x000-0x107, the GuC block at GucBase (0x200) + 0x000-0x107 (one port, two windows: a
//     modelling choice of the twin; the model has two targets, the twin splits the port).
//   Engine interrupt messages: msg_valid_i with msg_vf_i/class/instance/data (spec 001 message
//     fields, models/irq/irq_message.h). A message is taken at a rising edge where msg_valid_i
//     and msg_ready_o are both high. msg_ready_o is high out of reset except in a cycle in
//     which a register access executes (the one-cycle request of the bus front end): messages
//     and accesses are thus handled one per cycle, each as one call into the model, in the
//     order they are taken. A message that was not taken at an edge is taken at the next one:
//     in that cycle the bus front end executes nothing (req_stall_i), so back-to-back register
//     traffic (a write and a read in alternate cycles keep a request in every cycle) cannot
//     starve the message port; it waits one cycle at most (a_msg_wait_bounded). A message from an engine not in the table, or with a VF id other
//     than 0, is taken and dropped (the model drops it with a log line).
//   host_irq_o: GFX_MSTR_IRQ.MASTER_IRQ and (GT_INTR_DW0 or GT_INTR_DW1 non-zero), host side.
//   guc_vector_o[n]: the GuC block's GT_INTR_DWn is non-zero.
// Outputs are combinational from flops only: they follow the edge that took the message or
// executed the write.
`include "gtsim_assert.svh"
`include "gtsim_axil.svh"

module irq_gen11
  import irq_gen11_rtl_pkg::*;
#(
    // The lockstep checker's own test builds a variant with this set (docs/design/cosim.md); every
    // other build leaves it 0. See irq_gen11_tree.
    parameter bit PlantedBugLoseServiceEvent = 1'b0
) (
    input logic clk_i,
    input logic rst_ni,

    // AXI4-Lite slave port (MMIO): host block at 0x000, GuC block at 0x200
    `GTSIM_AXIL_SLAVE_PORTS(10),

    // Engine interrupt messages (spec 001 format fields)
    input  logic        msg_valid_i,
    output logic        msg_ready_o,
    input  logic [ 2:0] msg_vf_i,
    input  logic [ 2:0] msg_class_i,
    input  logic [ 5:0] msg_instance_i,
    input  logic [15:0] msg_data_i,

    output logic       host_irq_o,
    output logic [1:0] guc_vector_o
);

  localparam int unsigned AddrWidth = 10;
  localparam logic [31:0] GucBase = 32'h0000_0200;
  // Registers this RTL implements (host block; the GuC block has one fewer).
  localparam int unsigned ImplementedRegisters = 28;

  // ------------------------------------------------------------------------------------------
  // Elaboration checks: the packages must describe the blocks this RTL implements.
  // ------------------------------------------------------------------------------------------
  if (irq_gen11_regs_pkg::IRQ_GEN11_REGISTER_COUNT != ImplementedRegisters) begin : g_check_count
    $error("irq_gen11_regs_pkg has %0d registers, irq_gen11.sv implements %0d",
           irq_gen11_regs_pkg::IRQ_GEN11_REGISTER_COUNT, ImplementedRegisters);
  end
  if (irq_gen11_guc_regs_pkg::IRQ_GUC_REGISTER_COUNT != ImplementedRegisters - 1) begin : g_check_guc
    $error("irq_gen11_guc_regs_pkg has %0d registers, irq_gen11.sv implements %0d",
           irq_gen11_guc_regs_pkg::IRQ_GUC_REGISTER_COUNT, ImplementedRegisters - 1);
  end
  if (irq_gen11_regs_pkg::IRQ_GEN11_BLOCK_SIZE > GucBase ||
      irq_gen11_guc_regs_pkg::IRQ_GUC_BLOCK_SIZE > (1 << AddrWidth) - GucBase) begin : g_check_size
    $error("irq_gen11: a block does not fit its window of the %0d-bit port", AddrWidth);
  end
  // The trees use the host package's masks for both interfaces (as the C model uses the host
  // macros for both layouts): the GuC block must agree register by register.
  for (genvar r = 0; r < RoleCount; r++) begin : g_check_guc_layout
    localparam reg_desc_t D = reg_desc(r);
    if (r != irq_gen11_regs_pkg::IRQ_GEN11_GFX_MSTR_IRQ_INDEX &&
        (D.guc_offset != D.host_offset || D.guc_reset != D.reset || D.guc_rw != D.rw ||
         D.guc_w1c != D.w1c)) begin : g_mismatch
      $error("irq_gen11: GuC register %0d differs from the host block's", r);
    end
  end

  // ------------------------------------------------------------------------------------------
  // Bus front end
  // ------------------------------------------------------------------------------------------
  logic req_valid, req_write;
  logic msg_waited_q;  // a message waited at the last edge: the bus executes nothing this cycle
  logic [AddrWidth-1:0] req_addr;
  /* verilator lint_off UNUSEDSIGNAL */
  // AWPROT/ARPROT: the model ignores the payload's privileged/secure attributes, so does this.
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
      .req_stall_i  (msg_waited_q)
  );

  // A message was offered and not taken at the last edge: this cycle is the message's.
  always_ff @(posedge clk_i) msg_waited_q <= rst_ni && msg_valid_i && !msg_ready_o;

  // ------------------------------------------------------------------------------------------
  // Decode: one hit bit per role and block. Unaligned addresses and addresses beyond a block
  // hit nothing: DECERR (tlm_register_file_b_transport: no register there).
  // ------------------------------------------------------------------------------------------
  logic [31:0] offset;  // byte address on the port
  logic [RoleCount-1:0] host_hit, guc_hit;
  logic [31:0] bit_en;  // WSTRB as bit enables

  assign offset = 32'(req_addr);
  assign bit_en = gtsim_reg_pkg::strb_to_bit_en(req_wstrb);

  // Decoded only in a cycle with a request (speed: the address comes from the port, so this
  // runs at every Verilator evaluation; the hits, DECERR and the read data are used only in a
  // request cycle, see axi_lite_slave).
  always_comb begin
    host_hit = '0;
    guc_hit = '0;
    if (req_valid) begin
      for (int unsigned r = 0; r < RoleCount; r++) begin
        host_hit[r] = offset == Regs[r].host_offset;
        guc_hit[r] = Regs[r].guc_offset != NoOffset && offset == GucBase + Regs[r].guc_offset;
      end
    end
  end

  // No register reads or writes fail in these blocks (ro_write = "ignore": a write to read-only
  // bits is dropped, OKAY); only a missing register answers an error.
  assign resp_decerr = host_hit == '0 && guc_hit == '0;
  assign resp_slverr = 1'b0;

  // ------------------------------------------------------------------------------------------
  // Messages: one per cycle, never in a cycle that executes a register access.
  // ------------------------------------------------------------------------------------------
  logic msg_take;  // a message is taken at this edge
  logic [EngineCount-1:0] msg_engine;  // its engine, one-hot (0: not in the table, or VF != 0)

  assign msg_ready_o = rst_ni && !req_valid;
  assign msg_take = msg_valid_i && msg_ready_o;
  // Matched only while a message is offered (speed, as the decode above; the trees use the
  // engine only with msg_take).
  always_comb begin
    msg_engine = '0;
    if (msg_valid_i) begin
      for (int unsigned e = 0; e < EngineCount; e++) begin
        msg_engine[e] = msg_vf_i == 3'd0 && msg_class_i == Engines[e].engine_class &&
            msg_instance_i == Engines[e].engine_instance;
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // The two software interfaces (spec 001 "Host SW Interface", "Hardware Scheduler/MinIA SW
  // Interface"): every message goes to both; each keeps what its own enables let through.
  // ------------------------------------------------------------------------------------------
  logic [31:0] host_rdata, guc_rdata;
  logic [1:0] host_pending, guc_pending;
  logic host_master;
  /* verilator lint_off UNUSEDSIGNAL */
  // The GuC block has no primary control register (irq_gen11_guc_regs.toml): its tree's
  // master output is the constant 0 and nothing reads it.
  logic guc_master;
  /* verilator lint_on UNUSEDSIGNAL */

  irq_gen11_tree #(
      .HasMaster(1'b1),
      .PlantedBugLoseServiceEvent(PlantedBugLoseServiceEvent)
  ) u_host (
      .clk_i,
      .rst_ni,
      .msg_valid_i (msg_take),
      .msg_engine_i(msg_engine),
      .msg_data_i,
      .req_valid_i (req_valid && host_hit != '0),
      .req_write_i (req_write),
      .req_hit_i   (host_hit),
      .req_wdata_i (req_wdata),
      .req_bit_en_i(bit_en),
      .resp_rdata_o(host_rdata),
      .dw_pending_o(host_pending),
      .master_o    (host_master)
  );

  irq_gen11_tree #(
      .HasMaster(1'b0),
      .PlantedBugLoseServiceEvent(PlantedBugLoseServiceEvent)
  ) u_guc (
      .clk_i,
      .rst_ni,
      .msg_valid_i (msg_take),
      .msg_engine_i(msg_engine),
      .msg_data_i,
      .req_valid_i (req_valid && guc_hit != '0),
      .req_write_i (req_write),
      .req_hit_i   (guc_hit),
      .req_wdata_i (req_wdata),
      .req_bit_en_i(bit_en),
      .resp_rdata_o(guc_rdata),
      .dw_pending_o(guc_pending),
      .master_o    (guc_master)
  );

  assign resp_rdata = host_rdata | guc_rdata;  // at most one block decodes
  // spec 001 "Host SW Interface": the line is high while the enable and an indication are set.
  assign host_irq_o = host_master && host_pending != 2'b00;
  assign guc_vector_o = guc_pending;

`ifndef SYNTHESIS
  // Message port protocol (valid/ready as AXI-Stream: once offered, a message stays with the
  // same payload until taken) and decode rules. Immediate assertions at the rising edge on the
  // pre-edge values; chk_*_q hold the previous edge's.
  `GTSIM_ASSERT_ARMED(clk_i, rst_ni)  // chk_armed_q: rst_ni high at the previous edge
  logic chk_msg_waiting_q;  // a message was offered and not taken at the previous edge
  logic [27:0] chk_msg_q;  // its payload {vf, class, instance, data}

  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      `GTSIM_ASSERT(a_decode_onehot,
                    $onehot0({host_hit, guc_hit}),
                    ("irq_gen11: two registers decode offset 0x%0h", offset))
      `GTSIM_ASSERT(a_engine_onehot,
                    $onehot0(msg_engine),
                    ("irq_gen11: two engines match class %0d instance %0d", msg_class_i,
                     msg_instance_i))
      if (chk_armed_q && chk_msg_waiting_q) begin
        // Liveness: a message refused at the last edge is taken at this one, whatever the bus does.
        `GTSIM_ASSERT(a_msg_wait_bounded,
                      msg_ready_o,
                      ("irq_gen11: a message waited more than one cycle for msg_ready_o"))
        `GTSIM_ASSERT(a_msg_valid_stable,
                      msg_valid_i &&
                      {msg_vf_i, msg_class_i, msg_instance_i, msg_data_i} == chk_msg_q,
                      ("irq_gen11: message withdrawn or changed before it was taken"))
      end
      // The host line's definition (guards against a registered or gated line).
      `GTSIM_ASSERT(a_host_irq_definition,
                    host_irq_o == (host_master && host_pending != 2'b00),
                    ("irq_gen11: host_irq_o != MASTER_IRQ && (DW0 | DW1)"))
    end
    chk_msg_waiting_q <= msg_valid_i && !msg_ready_o;
    chk_msg_q <= {msg_vf_i, msg_class_i, msg_instance_i, msg_data_i};
  end
`endif

endmodule
