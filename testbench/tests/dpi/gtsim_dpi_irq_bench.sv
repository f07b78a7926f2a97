// A plain SystemVerilog bench that uses gtsim's C model as its reference through the DPI-C
// package (rtl/dpi/gtsim_pkg.sv, docs/guide/dpi.md): the gen11+ interrupt aggregation RTL
// (rtl/irq/irq_gen11.sv) driven over its AXI4-Lite port and its message pins with seeded
// random stimulus, every transaction also handed to the model (an irq_gen11 block handle: host
// block at 0, GuC block at GTSIM_IRQ_GEN11_GUC_BASE, as the RTL's port), and scored:
//   - every read: RDATA and RRESP against the model's data and response;
//   - every write: BRESP against the model's response;
//   - every interrupt line change (host_irq_o, guc_vector_o[1:0]): counted at each clock edge
//     while a transaction runs; after it, each line must have changed exactly as often as the
//     model's level did (once to the model's new level, or not at all) and must equal it.
// Transactions run one at a time; the model is called when the RTL has finished the same one,
// so the model's order is the RTL's order. Seed: GTSIM_SEED (default 1); count:
// +transactions=N (default 2000, at most 1000000). The run ends with $finish after a PASS
// line, or with $fatal after a FAIL line when anything mismatched.
module gtsim_dpi_irq_bench
  import gtsim_pkg::*;
  import irq_gen11_regs_pkg::*;
#(
    // Passed to the RTL: the planted-bug build (-GPlantedBugLoseServiceEvent=1) must fail.
    parameter bit PlantedBugLoseServiceEvent = 1'b0
);

  localparam int unsigned MaxTransactions = 1000000;
  localparam int unsigned HandshakeTimeout = 100;  // cycles any handshake may take
  localparam int unsigned MaxMismatchesShown = 20;

  // ---------------------------------------------------------------------------------------
  // The design under test
  // ---------------------------------------------------------------------------------------
  logic clk = 1'b0;
  logic rst_n = 1'b0;
  always #5 clk <= ~clk;

  logic awvalid = 1'b0, awready, wvalid = 1'b0, wready, bvalid, bready = 1'b0;
  logic arvalid = 1'b0, arready, rvalid, rready = 1'b0;
  logic [9:0] awaddr = '0, araddr = '0;
  logic [31:0] wdata = '0, rdata;
  logic [3:0] wstrb = '0;
  logic [1:0] bresp, rresp;
  logic msg_valid = 1'b0, msg_ready;
  logic [2:0] msg_vf = '0, msg_class = '0;
  logic [5:0] msg_instance = '0;
  logic [15:0] msg_data = '0;
  logic host_irq;
  logic [1:0] guc_vector;

  irq_gen11 #(
      .PlantedBugLoseServiceEvent(PlantedBugLoseServiceEvent)
  ) u_dut (
      .clk_i(clk),
      .rst_ni(rst_n),
      .s_axil_awvalid_i(awvalid),
      .s_axil_awready_o(awready),
      .s_axil_awaddr_i(awaddr),
      .s_axil_awprot_i(3'b000),
      .s_axil_wvalid_i(wvalid),
      .s_axil_wready_o(wready),
      .s_axil_wdata_i(wdata),
      .s_axil_wstrb_i(wstrb),
      .s_axil_bvalid_o(bvalid),
      .s_axil_bready_i(bready),
      .s_axil_bresp_o(bresp),
      .s_axil_arvalid_i(arvalid),
      .s_axil_arready_o(arready),
      .s_axil_araddr_i(araddr),
      .s_axil_arprot_i(3'b000),
      .s_axil_rvalid_o(rvalid),
      .s_axil_rready_i(rready),
      .s_axil_rdata_o(rdata),
      .s_axil_rresp_o(rresp),
      .msg_valid_i(msg_valid),
      .msg_ready_o(msg_ready),
      .msg_vf_i(msg_vf),
      .msg_class_i(msg_class),
      .msg_instance_i(msg_instance),
      .msg_data_i(msg_data),
      .host_irq_o(host_irq),
      .guc_vector_o(guc_vector)
  );

  // ---------------------------------------------------------------------------------------
  // Scoreboard state
  // ---------------------------------------------------------------------------------------
  chandle model;
  int unsigned mismatches = 0, reads = 0, writes = 0, messages = 0, line_changes = 0;
  logic [2:0] lines_q;  // host_irq, guc_vector[0], guc_vector[1] at the last edge
  int unsigned total_changes[3] = '{0, 0, 0};  // changes of each line since time 0
  int unsigned changes_before[3];  // total_changes when the transaction began

  // Every edge: count each output line change (the RTL's outputs follow edges only).
  always @(posedge clk) begin
    for (int i = 0; i < 3; i++) begin
      if ({guc_vector[1], guc_vector[0], host_irq}[i] != lines_q[i]) total_changes[i] <= total_changes[i] + 1;
    end
    lines_q <= {guc_vector[1], guc_vector[0], host_irq};
  end

  function automatic void mismatch(input string what);
    mismatches++;
    if (mismatches <= MaxMismatchesShown) $display("[%0t] MISMATCH %s", $time, what);
  endfunction

  function automatic logic [2:0] model_lines();
    return {gtsim_dpi_guc_vector(model, 1) == 1, gtsim_dpi_guc_vector(model, 0) == 1,
            gtsim_dpi_host_irq(model) == 1};
  endfunction

  // ---------------------------------------------------------------------------------------
  // Random numbers: xorshift64* on a seed, so a seed is the same stimulus on any simulator.
  // ---------------------------------------------------------------------------------------
  longint unsigned rng_state;

  function automatic longint unsigned rand64();
    rng_state = rng_state ^ (rng_state >> 12);
    rng_state = rng_state ^ (rng_state << 25);
    rng_state = rng_state ^ (rng_state >> 27);
    return rng_state * 64'h2545_F491_4F6C_DD1D;
  endfunction

  // 0 .. n-1
  function automatic int unsigned pick(input int unsigned n);
    return int'((rand64() >> 33) % 64'(n));
  endfunction

  function automatic bit chance(input int unsigned percent);
    return pick(100) < percent;
  endfunction

  // ---------------------------------------------------------------------------------------
  // Pin-level transactions (inputs change at the falling edge, handshakes happen at rising
  // edges: a valid and a ready both high at a falling edge complete at the next rising edge)
  // ---------------------------------------------------------------------------------------
  task automatic timeout(input string what);
    mismatch($sformatf("%s: no handshake within %0d cycles", what, HandshakeTimeout));
  endtask

  task automatic axi_write(input logic [9:0] addr, input logic [31:0] data, input logic [3:0] strb,
                           output logic [1:0] resp);
    int unsigned cycles = 0;
    awaddr = addr;
    wdata = data;
    wstrb = strb;
    awvalid = 1'b1;
    wvalid = 1'b1;
    resp = 2'b10;
    while ((awvalid || wvalid) && cycles < HandshakeTimeout) begin
      logic aw_fire, w_fire;
      aw_fire = awvalid && awready;
      w_fire = wvalid && wready;
      @(negedge clk);
      if (aw_fire) awvalid = 1'b0;
      if (w_fire) wvalid = 1'b0;
      cycles++;
    end
    bready = 1'b1;
    while (!bvalid && cycles < HandshakeTimeout) begin
      @(negedge clk);
      cycles++;
    end
    if (cycles >= HandshakeTimeout) begin
      timeout($sformatf("write 0x%03h", addr));
      awvalid = 1'b0;
      wvalid = 1'b0;
    end else begin
      resp = bresp;
    end
    @(negedge clk);
    bready = 1'b0;
  endtask

  task automatic axi_read(input logic [9:0] addr, output logic [31:0] data, output logic [1:0] resp);
    int unsigned cycles = 0;
    araddr = addr;
    arvalid = 1'b1;
    data = '0;
    resp = 2'b10;
    while (arvalid && cycles < HandshakeTimeout) begin
      logic ar_fire;
      ar_fire = arready;
      @(negedge clk);
      if (ar_fire) arvalid = 1'b0;
      cycles++;
    end
    rready = 1'b1;
    while (!rvalid && cycles < HandshakeTimeout) begin
      @(negedge clk);
      cycles++;
    end
    if (cycles >= HandshakeTimeout) begin
      timeout($sformatf("read 0x%03h", addr));
      arvalid = 1'b0;
    end else begin
      data = rdata;
      resp = rresp;
    end
    @(negedge clk);
    rready = 1'b0;
  endtask

  task automatic send_message(input logic [2:0] vf, input logic [2:0] engine_class,
                              input logic [5:0] instance_id, input logic [15:0] data);
    int unsigned cycles = 0;
    logic taken = 1'b0;
    msg_vf = vf;
    msg_class = engine_class;
    msg_instance = instance_id;
    msg_data = data;
    msg_valid = 1'b1;
    while (!taken && cycles < HandshakeTimeout) begin
      taken = msg_ready;
      @(negedge clk);
      cycles++;
    end
    msg_valid = 1'b0;
    if (!taken) timeout("message");
  endtask

  // ---------------------------------------------------------------------------------------
  // Scored transactions: the RTL first, then the model, then the comparison
  // ---------------------------------------------------------------------------------------
  logic [2:0] lines_before;

  task automatic begin_transaction();
    lines_before = model_lines();
    changes_before = total_changes;
  endtask

  // After the transaction: one more edge (outputs follow the edge that executed it), then each
  // line must have changed as the model's did, and equal it.
  task automatic end_transaction(input string what);
    logic [2:0] expected;
    @(negedge clk);
    expected = model_lines();
    for (int i = 0; i < 3; i++) begin
      int unsigned want = expected[i] != lines_before[i] ? 1 : 0;
      int unsigned changes = total_changes[i] - changes_before[i];
      line_changes += changes;
      if (changes != want || lines_q[i] != expected[i]) begin
        mismatch($sformatf("%s: line %0d (0 host, 1/2 GuC vectors) changed %0d times to %0b, model %0d times to %0b",
                           what, i, changes, lines_q[i], want, expected[i]));
      end
    end
  endtask

  task automatic scored_write(input logic [9:0] addr, input logic [31:0] data, input logic [3:0] strb);
    logic [1:0] resp;
    int model_resp;
    string what;
    what = $sformatf("write 0x%03h = 0x%08h strobes %04b", addr, data, strb);
    begin_transaction();
    axi_write(addr, data, strb, resp);
    model_resp = gtsim_dpi_mmio_write(model, longint'(addr), int'(data), int'(strb));
    writes++;
    if (resp != gtsim_axi_resp(model_resp))
      mismatch($sformatf("%s: BRESP %0d, model %0d (response %0d)", what, resp, gtsim_axi_resp(model_resp),
                         model_resp));
    end_transaction(what);
  endtask

  task automatic scored_read(input logic [9:0] addr, output logic [31:0] data);
    logic [1:0] resp;
    int model_resp, model_data;
    string what;
    what = $sformatf("read 0x%03h", addr);
    begin_transaction();
    axi_read(addr, data, resp);
    model_resp = gtsim_dpi_mmio_read(model, longint'(addr), model_data);
    reads++;
    if (resp != gtsim_axi_resp(model_resp) || data != 32'(model_data))
      mismatch($sformatf("%s: RDATA 0x%08h RRESP %0d, model 0x%08h response %0d", what, data, resp, model_data,
                         model_resp));
    end_transaction(what);
  endtask

  task automatic scored_message(input int vf, input int engine_class, input int instance_id, input int data);
    int status;
    string what;
    what = $sformatf("message vf %0d class %0d instance %0d data 0x%04h", vf, engine_class, instance_id, data);
    begin_transaction();
    send_message(3'(vf), 3'(engine_class), 6'(instance_id), 16'(data));
    status = gtsim_dpi_irq_message(model, vf, engine_class, instance_id, data);
    messages++;
    if (status != GTSIM_OK) mismatch($sformatf("%s: model refused it (%s)", what, gtsim_dpi_last_error()));
    end_transaction(what);
  endtask

  // ---------------------------------------------------------------------------------------
  // Stimulus
  // ---------------------------------------------------------------------------------------
  // Registers of the host block; the GuC block has the same layout at GTSIM_IRQ_GEN11_GUC_BASE
  // without GFX_MSTR_IRQ (rtl/irq/irq_gen11.sv checks it at elaboration).
  localparam logic [31:0] Enables[7] = '{
      IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET,
      IRQ_GEN11_GUC_SG_INTR_ENABLE_OFFSET, IRQ_GEN11_GPM_WGBOXPERF_INTR_ENABLE_OFFSET,
      IRQ_GEN11_CRYPTO_RSVD_INTR_ENABLE_OFFSET, IRQ_GEN11_GUNIT_CSME_INTR_ENABLE_OFFSET,
      IRQ_GEN11_CCS_RSVD_INTR_ENABLE_OFFSET};
  localparam logic [31:0] Masks[14] = '{
      IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, IRQ_GEN11_BCS_RSVD_INTR_MASK_OFFSET,
      IRQ_GEN11_VCS0_VCS1_INTR_MASK_OFFSET, IRQ_GEN11_VCS2_VCS3_INTR_MASK_OFFSET,
      IRQ_GEN11_VCS4_VCS5_INTR_MASK_OFFSET, IRQ_GEN11_VCS6_VCS7_INTR_MASK_OFFSET,
      IRQ_GEN11_VECS0_VECS1_INTR_MASK_OFFSET, IRQ_GEN11_VECS2_VECS3_INTR_MASK_OFFSET,
      IRQ_GEN11_GUC_SG_INTR_MASK_OFFSET, IRQ_GEN11_GPM_WGBOXPERF_INTR_MASK_OFFSET,
      IRQ_GEN11_CRYPTO_RSVD_INTR_MASK_OFFSET, IRQ_GEN11_GUNIT_CSME_INTR_MASK_OFFSET,
      IRQ_GEN11_CCS0_CCS1_INTR_MASK_OFFSET, IRQ_GEN11_CCS2_CCS3_INTR_MASK_OFFSET};
  localparam logic [31:0] Others[7] = '{
      IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GT_INTR_DW0_OFFSET, IRQ_GEN11_GT_INTR_DW1_OFFSET,
      IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET,
      IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET};
  // Engines of the gen11+ table (class, instance) the messages mostly come from
  // (models/irq/irq_gen11.h irq_gen11_engine_name): rcs0, vcs0, vcs1, vecs0, bcs0, guc, gtpm,
  // ccs0.
  localparam int EngineClass[8] = '{0, 1, 1, 2, 3, 4, 4, 5};
  localparam int EngineInstance[8] = '{0, 0, 1, 0, 0, 0, 1, 0};
  // Their second-level dword and bit (GT_INTR_DW0/1 fields).
  localparam int unsigned EngineDword[8] = '{0, 1, 1, 1, 0, 0, 0, 0};
  localparam int unsigned EngineBit[8] = '{
      IRQ_GEN11_GT_INTR_DW0_RCS0_SHIFT, IRQ_GEN11_GT_INTR_DW1_VCS0_SHIFT,
      IRQ_GEN11_GT_INTR_DW1_VCS1_SHIFT, IRQ_GEN11_GT_INTR_DW1_VECS0_SHIFT,
      IRQ_GEN11_GT_INTR_DW0_BCS0_SHIFT, IRQ_GEN11_GT_INTR_DW0_GUC_SHIFT,
      IRQ_GEN11_GT_INTR_DW0_GTPM_SHIFT, IRQ_GEN11_GT_INTR_DW0_CCS0_SHIFT};

  logic [31:0] last_dw[2][2];  // per interface and dword: the last GT_INTR_DW read

  // The host block (0) or the GuC block (1) at a register offset; GFX_MSTR_IRQ only on the host.
  function automatic logic [9:0] at(input int unsigned interface_id, input logic [31:0] offset);
    return 10'((interface_id == 1 ? GTSIM_IRQ_GEN11_GUC_BASE : 0) + longint'(offset));
  endfunction

  function automatic logic [31:0] biased(input int unsigned ones_percent, input int unsigned zero_percent);
    int unsigned roll = pick(100);
    if (roll < ones_percent) return 32'hFFFF_FFFF;
    if (roll < ones_percent + zero_percent) return 32'h0;
    return 32'(rand64());
  endfunction

  function automatic logic [3:0] strobes();
    return chance(90) ? 4'hF : 4'(1 + pick(15));
  endfunction

  function automatic logic [31:0] dw_offset(input int unsigned dw);
    return dw == 0 ? IRQ_GEN11_GT_INTR_DW0_OFFSET : IRQ_GEN11_GT_INTR_DW1_OFFSET;
  endfunction

  // Selects engine bit `b` of dword `dw`, reads its identity and clears it.
  task automatic service_engine(input int unsigned iface, input int unsigned dw, input int unsigned b);
    logic [31:0] identity;
    scored_write(at(iface, dw == 0 ? IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET : IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET),
                 32'(1) << b, 4'hF);
    scored_read(at(iface, dw == 0 ? IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET : IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET),
                identity);
    scored_write(at(iface, dw == 0 ? IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET : IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET),
                 identity, 4'hF);
  endtask

  // A driver's service of one dword (i915 gen11_gt_irq_handler): read it, service each engine
  // set in it through the selector and the shared IIR, then the complete clear with the value
  // read. Engines send again at random while their dword is under service: such an event must
  // survive into the dword at the complete clear (docs/irq.md "Complete clear").
  task automatic service_loop(input int unsigned iface, input int unsigned dw);
    logic [31:0] value;
    int unsigned serviced = 0;
    scored_read(at(iface, dw_offset(dw)), value);
    for (int unsigned b = 0; b < 32 && serviced < 3; b++) begin
      if (value[b]) begin
        serviced++;
        service_engine(iface, dw, b);
        // The engine sends again; a driver that looks again services that event too before
        // the complete clear, so only the dword's record of it remains.
        for (int e = 0; e < 8; e++) begin
          if (EngineDword[e] == dw && EngineBit[e] == b && chance(80)) begin
            scored_message(0, EngineClass[e], EngineInstance[e], 1 << pick(16));
            if (chance(60)) service_engine(iface, dw, b);
          end
        end
      end
    end
    scored_write(at(iface, dw_offset(dw)), value, 4'hF);
  endtask

  task automatic one_transaction();
    int unsigned kind = pick(100);
    int unsigned iface = chance(70) ? 0 : 1;
    int unsigned dw = pick(2);
    logic [31:0] data;
    if (kind >= 80) begin
      service_loop(iface, dw);
    end else if (kind < 25) begin
      if (chance(90)) begin
        logic [2:0] e = 3'(pick(8));
        scored_message(0, EngineClass[e], EngineInstance[e], chance(60) ? (1 << pick(16)) : int'(pick(65536)));
      end else begin
        scored_message(chance(30) ? int'(pick(8)) : 0, int'(pick(8)), int'(pick(64)), int'(pick(65536)));
      end
    end else if (kind < 37) begin
      scored_write(at(iface, Enables[pick(7)]), biased(80, 5), strobes());
    end else if (kind < 45) begin
      scored_write(at(iface, Masks[pick(14)]), biased(10, 75), strobes());
    end else if (kind < 55) begin
      scored_read(at(iface, dw == 0 ? IRQ_GEN11_GT_INTR_DW0_OFFSET : IRQ_GEN11_GT_INTR_DW1_OFFSET), data);
      last_dw[iface][dw] = data;
    end else if (kind < 63) begin
      // Mostly the driver's complete clear: the value just read, written back.
      scored_write(at(iface, dw == 0 ? IRQ_GEN11_GT_INTR_DW0_OFFSET : IRQ_GEN11_GT_INTR_DW1_OFFSET),
                   chance(75) ? last_dw[iface][dw] : biased(20, 10), strobes());
    end else if (kind < 68) begin
      scored_write(at(0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET), chance(80) ? 32'h8000_0000 : 32'(rand64()), strobes());
    end else if (kind < 73) begin
      // A service through the selector: select one bit, read the identity, clear it.
      logic [31:0] select = chance(80) ? 32'(1) << pick(32) : 32'(rand64());
      scored_write(at(iface, dw == 0 ? IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET : IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET),
                   select, 4'hF);
      scored_read(at(iface, dw == 0 ? IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET : IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET),
                  data);
      scored_write(at(iface, dw == 0 ? IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET : IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET),
                   chance(80) ? data : 32'(rand64()), 4'hF);
    end else if (kind < 78) begin
      // Any register of either block, or an offset no register answers (DECERR).
      int unsigned group = pick(3);
      logic [31:0] offset = group == 0 ? Enables[pick(7)] : group == 1 ? Masks[pick(14)] : Others[pick(7)];
      if (chance(10)) scored_read(10'(pick(256)) << 2, data);
      else scored_read(at(iface, offset), data);
    end else begin
      // Idle time on both sides.
      int unsigned cycles = 1 + pick(4);
      begin_transaction();
      repeat (cycles) @(negedge clk);
      if (gtsim_dpi_run(model, longint'(cycles)) != GTSIM_OK)
        mismatch($sformatf("run %0d cycles: %s", cycles, gtsim_dpi_last_error()));
      end_transaction("idle");
    end
  endtask

  // ---------------------------------------------------------------------------------------
  // The run
  // ---------------------------------------------------------------------------------------
  initial begin
    longint seed;
    int unsigned transactions = 2000;
    int logged;
    seed = gtsim_dpi_env_int("GTSIM_SEED", 1);
    if (!$value$plusargs("transactions=%d", transactions)) transactions = 2000;
    if (transactions < 1 || transactions > MaxTransactions) begin
      $display("gtsim_dpi_irq_bench: +transactions=%0d outside 1..%0d", transactions, MaxTransactions);
      $fatal(1, "bad arguments");
    end
    rng_state = seed == 0 ? 64'h9E37_79B9_7F4A_7C15 : longint'(seed);
    model = gtsim_dpi_create_block("irq_gen11");
    if (model == null) $fatal(1, "gtsim_dpi_create_block: %s", gtsim_dpi_last_error());
    // The model's warnings (misuses the stimulus makes on purpose) come back through the
    // package's log instead of stderr.
    void'(gtsim_dpi_log_print(model, 0));
    for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) last_dw[i][j] = '1;

    repeat (4) @(negedge clk);
    rst_n = 1'b1;
    @(negedge clk);
    begin_transaction();
    end_transaction("reset");
    // The driver's bring-up (i915 gen11_gt_irq_postinstall): every class enabled, every engine
    // unmasked, on both interfaces, then the primary enable. The random stream changes them
    // from there.
    for (int unsigned iface = 0; iface < 2; iface++) begin
      foreach (Enables[i]) scored_write(at(iface, Enables[i]), 32'hFFFF_FFFF, 4'hF);
      foreach (Masks[i]) scored_write(at(iface, Masks[i]), 32'h0, 4'hF);
    end
    scored_write(at(0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET), 32'h8000_0000, 4'hF);

    for (int unsigned t = 0; t < transactions && mismatches < MaxMismatchesShown; t++) one_transaction();

    logged = gtsim_dpi_log_pending(model) + int'(gtsim_dpi_log_dropped(model));
    void'(gtsim_dpi_destroy(model));
    $display("gtsim_dpi_irq_bench: seed %0d, %0d reads, %0d writes, %0d messages, %0d line changes scored, %0d model log lines, %0d mismatches",
             seed, reads, writes, messages, line_changes, logged, mismatches);
    if (mismatches != 0) begin
      $display("gtsim_dpi_irq_bench: FAIL");
      $fatal(1, "the RTL diverged from the C model");
    end
    $display("gtsim_dpi_irq_bench: PASS");
    $finish;
  end

endmodule
